//! Index ranges for splitting an enumeration across workers.

use num_bigint::BigUint;
use num_traits::Zero;

/// Consecutive index ranges `[start, end)` of at most `chunk_len` indices covering `0..count`.
///
/// Hand each range to a worker that calls `range(&start, &end)` on the configuration set; the
/// iterator is `Send`, so `rayon`'s `par_bridge` can consume it directly. A `chunk_len` of 0 is
/// treated as 1.
pub fn index_ranges(count: &BigUint, chunk_len: u64) -> IndexRanges {
    IndexRanges {
        next: BigUint::zero(),
        end: count.clone(),
        chunk: BigUint::from(chunk_len.max(1)),
    }
}

/// The iterator of [`index_ranges`].
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
