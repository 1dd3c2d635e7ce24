//! Index ranges for splitting an enumeration across workers.

use num_bigint::BigUint;
use num_traits::Zero;

/// Consecutive index ranges `[start, end)` of at most `chunk_len` indices covering `0..count`.
///
/// Hand each range to a worker that calls `range(&start, &end)` on the configuration set; the
/// iterator is `Send`, so `rayon`'s `par_bridge` can consume it directly. A `chunk_len` of 0 is
/// treated as 1.
///
/// ```
/// use scorecheck_folds::{index_ranges, FoldRules, KFoldConfigurations};
///
/// let space = KFoldConfigurations::new(38, 262, 5, &FoldRules::default())?;
/// let chunks: Vec<_> = index_ranges(&space.count(), 400).collect();
/// assert_eq!(chunks.len(), 3);
/// let mut total = 0;
/// for (start, end) in &chunks {
///     total += space.range(start, end)?.count();
/// }
/// assert_eq!(total, 918);
/// # Ok::<(), scorecheck_folds::Error>(())
/// ```
pub fn index_ranges(count: &BigUint, chunk_len: u64) -> IndexRanges {
    IndexRanges {
        next: BigUint::zero(),
        end: count.clone(),
        chunk: BigUint::from(chunk_len.max(1)),
    }
}

/// The iterator of [`index_ranges`]; `Clone` and `Send`.
///
/// ```
/// use scorecheck_folds::{index_ranges, BigUint};
///
/// let mut chunks = index_ranges(&BigUint::from(5u32), 2);
/// assert_eq!(chunks.next(), Some((BigUint::from(0u32), BigUint::from(2u32))));
/// assert_eq!(chunks.last(), Some((BigUint::from(4u32), BigUint::from(5u32))));
/// ```
#[derive(Debug, Clone)]
pub struct IndexRanges {
    next: BigUint,
    end: BigUint,
    chunk: BigUint,
}

impl Iterator for IndexRanges {
    type Item = (BigUint, BigUint);

    fn next(&mut self) -> Option<(BigUint, BigUint)> {
        if self.next >= self.end {
            return None;
        }
        let start = self.next.clone();
        let stop = (&start + &self.chunk).min(self.end.clone());
        self.next = stop.clone();
        Some((start, stop))
    }
}
