//! Index ranges for splitting an enumeration across workers.

use num_bigint::BigUint;
use num_integer::Integer;
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

/// `parts` consecutive index ranges `[start, end)` that cover `0..count` exactly, at any
/// size: their lengths differ by at most one (the longer ones first). Fewer ranges when
/// `count` is smaller than `parts` (none is empty), none when `count` is 0; a `parts` of 0
/// is taken as 1.
///
/// This is how one huge enumeration is handed to `parts` workers (p = n = 6000, k = 10:
/// 7.85e19 configurations, past any `u64` chunk length).
///
/// ```
/// use scorecheck_folds::{split_ranges, BigUint};
///
/// let ranges = split_ranges(&BigUint::from(10u32), 4);
/// let lengths: Vec<BigUint> = ranges.iter().map(|(s, e)| e - s).collect();
/// assert_eq!(lengths, [3u32, 3, 2, 2].map(BigUint::from));
/// assert_eq!(ranges[0].0, BigUint::from(0u32));
/// assert_eq!(ranges[3].1, BigUint::from(10u32));
/// ```
pub fn split_ranges(count: &BigUint, parts: u64) -> Vec<(BigUint, BigUint)> {
    let parts = BigUint::from(parts.max(1)).min(count.clone());
    if parts.is_zero() {
        return Vec::new();
    }
    let (base, longer) = count.div_rem(&parts);
    let mut ranges = Vec::new();
    let mut start = BigUint::zero();
    let mut index = BigUint::zero();
    while index < parts {
        let length = if index < longer {
            &base + 1u32
        } else {
            base.clone()
        };
        let end = &start + length;
        ranges.push((start, end.clone()));
        start = end;
        index += 1u32;
    }
    ranges
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

#[cfg(test)]
mod split_tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn split_ranges_cover_the_count_exactly(count in 0u128..10_000, parts in 0u64..50, shift in 0u32..80) {
            // Sizes far past u64 as well: count · 2^shift.
            let count = BigUint::from(count) << shift;
            let ranges = split_ranges(&count, parts);
            let mut next = BigUint::zero();
            for (start, end) in &ranges {
                prop_assert_eq!(start, &next);
                prop_assert!(end > start);
                next = end.clone();
            }
            prop_assert_eq!(&next, &count);
            prop_assert!(ranges.len() as u64 <= parts.max(1));
            if let (Some(first), Some(last)) = (ranges.first(), ranges.last()) {
                let (long, short) = (&first.1 - &first.0, &last.1 - &last.0);
                prop_assert!(long == short || long == short + 1u32);
            }
        }
    }

    #[test]
    fn the_issues_space_splits_into_eight() {
        // p = n = 6000, k = 10 has about 7.85e19 configurations: more than u64 indexes.
        let count: BigUint = "78500000000000000000".parse().unwrap();
        let ranges = split_ranges(&count, 8);
        assert_eq!(ranges.len(), 8);
        assert_eq!(ranges[7].1, count);
    }
}
