//! Integer partitions into a fixed number of bounded parts: counting, lazy iteration, rank and unrank.
//!
//! A partition is stored as a non-decreasing vector of exactly `parts` values, each in
//! `[lower, upper]`; "at most k parts" is the special case `lower = 0` (zeros pad the front).
//! The order is lexicographic on these vectors, which is also the order the reference
//! (`mlscorecheck`) produces, so indices agree with it.

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use crate::counting::{BoxCounter, Coefficients};
use crate::error::{Error, ErrorKind};
use crate::index::IntoIndex;

/// Largest number of coefficients we allow in one counting polynomial; beyond this the memory
/// use (not the arithmetic) becomes the problem.
pub(crate) const MAX_CELLS: u128 = 1 << 24;

/// Most additions one counting polynomial may take (2^26: about a second with big
/// coefficients); beyond it a count or rank is refused as too large.
pub(crate) const MAX_WORK: u128 = 1 << 26;

/// Largest rank table built for random access (16 bytes a cell, so 16 MiB); larger groups
/// are ranked with counts computed on demand instead.
pub(crate) const MAX_TABLE_CELLS: u128 = 1 << 20;

/// Largest number of parts (folds, repeats) accepted: every item holds one value per part.
pub(crate) const MAX_PARTS: u64 = 1 << 24;

/// Partitions of `total` into exactly `parts` values in `[lower, upper]`, non-decreasing.
///
/// Counting, iteration and random access ([`nth`](Self::nth), [`rank_big`](Self::rank_big))
/// work at any size.
///
/// ```
/// use scorecheck_folds::{BigUint, BoundedPartitions};
///
/// let space = BoundedPartitions::new(10, 3, 1, 5)?;
/// assert_eq!(space.count()?, BigUint::from(4u32));
/// assert_eq!(space.nth(3u64)?, [3, 3, 4]);
/// # Ok::<(), scorecheck_folds::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoundedPartitions {
    total: u64,
    parts: usize,
    lower: u64,
    upper: u64,
}

impl BoundedPartitions {
    /// The partitions of `total` into `parts` values, each within `[lower, upper]`.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::InvertedBounds`] when `lower > upper`, and [`ErrorKind::TooLarge`] when
    /// `parts` exceeds 2^24.
    ///
    /// ```
    /// use scorecheck_folds::BoundedPartitions;
    ///
    /// let space = BoundedPartitions::new(6, 3, 1, 3)?;
    /// assert_eq!(space.iter().collect::<Vec<_>>(), [vec![1, 2, 3], vec![2, 2, 2]]);
    /// assert!(BoundedPartitions::new(6, 3, 4, 3).is_err());
    /// # Ok::<(), scorecheck_folds::Error>(())
    /// ```
    pub fn new(total: u64, parts: usize, lower: u64, upper: u64) -> Result<Self, Error> {
        if lower > upper {
            return Err(ErrorKind::InvertedBounds { lower, upper }.into());
        }
        if parts as u128 > MAX_PARTS as u128 {
            return Err(ErrorKind::TooLarge {
                what: "the number of parts",
            }
            .into());
        }
        Ok(BoundedPartitions {
            total,
            parts,
            lower,
            upper,
        })
    }

    /// Partitions of `total` into at most `parts` non-zero parts, each at most `upper`
    /// (padded with zeros to length `parts`).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::TooLarge`] when `parts` exceeds 2^24.
    ///
    /// ```
    /// use scorecheck_folds::BoundedPartitions;
    ///
    /// let all: Vec<Vec<u64>> = BoundedPartitions::at_most(3, 3, 3)?.iter().collect();
    /// assert_eq!(all, [vec![0, 0, 3], vec![0, 1, 2], vec![1, 1, 1]]);
    /// # Ok::<(), scorecheck_folds::Error>(())
    /// ```
    pub fn at_most(total: u64, parts: usize, upper: u64) -> Result<Self, Error> {
        Self::new(total, parts, 0, upper)
    }

    /// The number of partitions, exactly.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::TooLarge`] when the total less `parts * lower`, and `parts * (upper - lower)`,
    /// both reach 2^24 (the counting polynomial would not fit in memory).
    ///
    /// ```
    /// use scorecheck_folds::{BigUint, BoundedPartitions};
    ///
    /// // 6 as three parts in [1, 3]: 1+2+3, 2+2+2 (and 1+1+4 is out of bounds).
    /// let space = BoundedPartitions::new(6, 3, 1, 3)?;
    /// assert_eq!(space.count()?, BigUint::from(2u32));
    /// # Ok::<(), scorecheck_folds::Error>(())
    /// ```
    pub fn count(&self) -> Result<BigUint, Error> {
        match self.shifted_total() {
            None => Ok(BigUint::zero()),
            Some(t) => {
                let poly = box_partition_counts(self.parts, self.upper - self.lower, t, &|| false)?;
                Ok(usize::try_from(t)
                    .ok()
                    .and_then(|t| poly.into_iter().nth(t))
                    .unwrap_or_default())
            }
        }
    }

    /// The partitions in lexicographic order, lazily (memory `O(parts)`).
    ///
    /// ```
    /// use scorecheck_folds::BoundedPartitions;
    ///
    /// let all: Vec<Vec<u64>> = BoundedPartitions::at_most(4, 2, 3)?.iter().collect();
    /// assert_eq!(all, [vec![1, 3], vec![2, 2]]);
    /// # Ok::<(), scorecheck_folds::Error>(())
    /// ```
    pub fn iter(&self) -> PartitionIter {
        PartitionIter {
            next: first_partition(self.parts, self.lower, self.upper, self.total),
            upper: self.upper,
        }
    }

    /// The `index`-th partition in lexicographic order, at any size: `O(parts log upper)`
    /// Gaussian binomial coefficients, computed on demand (no table).
    ///
    /// The index is a `u64`, `u128`, `usize`, `u32` or `&BigUint`.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::IndexOutOfRange`] when `index` is at or beyond [`count`](Self::count), and
    /// [`ErrorKind::TooLarge`] as for `count`.
    ///
    /// ```
    /// use scorecheck_folds::BoundedPartitions;
    ///
    /// let space = BoundedPartitions::new(6, 3, 1, 3)?;
    /// assert_eq!(space.nth(1u64)?, [2, 2, 2]);
    /// assert!(space.nth(2u64).is_err());
    /// # Ok::<(), scorecheck_folds::Error>(())
    /// ```
    pub fn nth(&self, index: impl IntoIndex) -> Result<Vec<u64>, Error> {
        let index = index.into_index();
        let count = self.count()?;
        if index >= count {
            return Err(Error::out_of_range(&index, &count));
        }
        let t = self
            .shifted_total()
            .ok_or_else(|| Error::out_of_range(&index, &count))?;
        let counter = BoxCounter::default();
        let mut shifted = counter.unrank(index, self.parts, self.upper - self.lower, t)?;
        shifted.iter_mut().for_each(|x| *x += self.lower);
        Ok(shifted)
    }

    /// The index of `partition` in lexicographic order; the inverse of [`nth`](Self::nth).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::NotAMember`] when `partition` is not one of these partitions (wrong length,
    /// not non-decreasing, out of bounds or wrong sum), and [`ErrorKind::TooLarge`] when the
    /// index does not fit in a `u128` (use [`rank_big`](Self::rank_big)) or as for `count`.
    ///
    /// ```
    /// use scorecheck_folds::BoundedPartitions;
    ///
    /// let space = BoundedPartitions::new(6, 3, 1, 3)?;
    /// assert_eq!(space.rank(&[2, 2, 2])?, 1);
    /// # Ok::<(), scorecheck_folds::Error>(())
    /// ```
    pub fn rank(&self, partition: &[u64]) -> Result<u128, Error> {
        to_u128(&self.rank_big(partition)?, "the index")
    }

    /// The index of `partition` in lexicographic order, at any size.
    ///
    /// # Errors
    ///
    /// As [`rank`](Self::rank), except that every index fits.
    ///
    /// ```
    /// use scorecheck_folds::{BigUint, BoundedPartitions};
    ///
    /// // Partitions of 5000 into 10 parts of at most 998: far beyond 2^64 of them.
    /// let space = BoundedPartitions::at_most(5000, 10, 998)?;
    /// let middle = space.count()? / 2u32;
    /// let partition = space.nth(&middle)?;
    /// assert_eq!(space.rank_big(&partition)?, middle);
    /// # Ok::<(), scorecheck_folds::Error>(())
    /// ```
    pub fn rank_big(&self, partition: &[u64]) -> Result<BigUint, Error> {
        if !is_member(partition, self.parts, self.lower, self.upper, self.total) {
            return Err(ErrorKind::NotAMember.into());
        }
        let t = self
            .shifted_total()
            .ok_or(Error::new(ErrorKind::NotAMember))?;
        let shifted: Vec<u64> = partition.iter().map(|x| x - self.lower).collect();
        BoxCounter::default().rank(&shifted, self.upper - self.lower, t)
    }

    /// `total - parts * lower` when the total is reachable at all.
    fn shifted_total(&self) -> Option<u64> {
        let parts = self.parts as u128;
        let (lo, hi) = (parts * self.lower as u128, parts * self.upper as u128);
        let total = self.total as u128;
        (lo <= total && total <= hi).then(|| (total - lo) as u64)
    }
}

/// Lazy iterator over [`BoundedPartitions`]; `Clone` and `Send`.
///
/// ```
/// use scorecheck_folds::BoundedPartitions;
///
/// let mut walk = BoundedPartitions::at_most(10, 3, 10)?.iter();
/// assert_eq!(walk.next(), Some(vec![0, 0, 10]));
/// assert_eq!(walk.clone().count(), 13);
/// # Ok::<(), scorecheck_folds::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct PartitionIter {
    next: Option<Vec<u64>>,
    upper: u64,
}

impl Iterator for PartitionIter {
    type Item = Vec<u64>;

    fn next(&mut self) -> Option<Vec<u64>> {
        let current = self.next.take()?;
        let mut following = current.clone();
        if advance_partition(&mut following, self.upper) {
            self.next = Some(following);
        }
        Some(current)
    }
}

/// Whether `x` is non-decreasing, of length `parts`, within bounds and sums to `total`.
pub(crate) fn is_member(x: &[u64], parts: usize, lower: u64, upper: u64, total: u64) -> bool {
    x.len() == parts
        && x.windows(2).all(|w| w[0] <= w[1])
        && x.iter().all(|&v| lower <= v && v <= upper)
        && x.iter().map(|&v| v as u128).sum::<u128>() == total as u128
}

/// The lexicographically first partition: everything at `lower`, the excess pushed to the end.
pub(crate) fn first_partition(
    parts: usize,
    lower: u64,
    upper: u64,
    total: u64,
) -> Option<Vec<u64>> {
    let p = parts as u128;
    if (total as u128) < p * lower as u128 || (total as u128) > p * upper as u128 {
        return None;
    }
    let mut x = vec![lower; parts];
    fill_from_back(&mut x, upper, total as u128 - p * lower as u128);
    Some(x)
}

/// Raises entries from the back towards `upper` until `excess` is spent; this keeps the
/// vector non-decreasing and makes it the smallest one with that sum.
fn fill_from_back(x: &mut [u64], upper: u64, mut excess: u128) {
    for v in x.iter_mut().rev() {
        if excess == 0 {
            break;
        }
        let room = (upper - *v) as u128;
        let add = room.min(excess);
        *v += add as u64;
        excess -= add;
    }
}

/// Steps `x` to the next partition (same length, sum and bounds) in lexicographic order.
///
/// The next one raises the rightmost entry that can grow by one while the suffix after it can
/// still be filled, and then fills that suffix as small as possible.
pub(crate) fn advance_partition(x: &mut [u64], upper: u64) -> bool {
    let k = x.len();
    let mut suffix: u128 = 0;
    for i in (0..k.saturating_sub(1)).rev() {
        suffix += x[i + 1] as u128;
        let v = x[i] + 1;
        let rest = (k - 1 - i) as u128;
        if v <= upper && suffix > rest * v as u128 {
            x[i] = v;
            for y in x[i + 1..].iter_mut() {
                *y = v;
            }
            fill_from_back(&mut x[i + 1..], upper, suffix - 1 - rest * v as u128);
            return true;
        }
    }
    false
}

/// Coefficients `0..=max_sum` of the Gaussian binomial `[parts + width choose parts]_q`: entry `t`
/// is the number of multisets of `parts` values from `[0, width]` with sum `t`.
///
/// Uses the product formula with `min(parts, width)` factors, so the cost is
/// `O(min(parts, width) * max_sum)` additions (of `i128` while the counts fit).
pub(crate) fn box_partition_counts(
    parts: usize,
    width: u64,
    max_sum: u64,
    stop: &dyn Fn() -> bool,
) -> Result<Vec<BigUint>, Error> {
    let reach = (parts as u128) * (width as u128);
    let len = (max_sum as u128).min(reach) + 1;
    if len > MAX_CELLS {
        return Err(ErrorKind::TooLarge {
            what: "the sum to partition",
        }
        .into());
    }
    let (small, large) = if (parts as u64) < width {
        (parts as u64, width)
    } else {
        (width, parts as u64)
    };
    // Entries beyond `parts * width` are zero and not stored; callers read with `.get(t)`.
    Ok(Coefficients::gaussian(small, large, len as usize, stop)?.into_biguints())
}

/// `T[l][h][t]`: multisets of `l` values from `[0, h]` summing to `t`, for every `l <= parts`,
/// `h <= width`, `t <= max_sum`; ragged (row `(l, h)` stops at `l * h`). Used for rank/unrank.
#[derive(Debug, Clone)]
pub(crate) struct BoxTable {
    width: u64,
    offsets: Vec<usize>,
    data: Vec<u128>,
}

impl BoxTable {
    /// The table, or `TooLarge` when it would exceed `max_cells` cells or a count would not
    /// fit in a `u128`.
    pub(crate) fn build(
        parts: usize,
        width: u64,
        max_sum: u64,
        max_cells: u128,
    ) -> Result<Self, Error> {
        let too_large = || {
            Error::new(ErrorKind::TooLarge {
                what: "the random-access table",
            })
        };
        let rows = (parts as u128 + 1) * (width as u128 + 1);
        if rows > max_cells {
            return Err(too_large());
        }
        let mut offsets = Vec::with_capacity(rows as usize + 1);
        let mut cells: u128 = 0;
        offsets.push(0usize);
        for l in 0..=parts as u128 {
            for h in 0..=width as u128 {
                cells += (l * h).min(max_sum as u128) + 1;
                if cells > max_cells {
                    return Err(too_large());
                }
                offsets.push(cells as usize);
            }
        }
        let mut table = BoxTable {
            width,
            offsets,
            data: vec![0; cells as usize],
        };
        for l in 0..=parts {
            for h in 0..=width {
                let start = table.offsets[table.row(l, h)];
                let len = table.offsets[table.row(l, h) + 1] - start;
                for t in 0..len as u64 {
                    let value = if l == 0 || h == 0 {
                        u128::from(t == 0)
                    } else {
                        let fewer = table.get(l, h - 1, t);
                        let with_top = if t >= h {
                            table.get(l - 1, h, t - h)
                        } else {
                            0
                        };
                        fewer.checked_add(with_top).ok_or_else(too_large)?
                    };
                    table.data[start + t as usize] = value;
                }
            }
        }
        Ok(table)
    }

    fn row(&self, l: usize, h: u64) -> usize {
        l * (self.width as usize + 1) + h as usize
    }

    /// `T[l][h][t]`, zero outside the stored range.
    pub(crate) fn get(&self, l: usize, h: u64, t: u64) -> u128 {
        let r = self.row(l, h);
        let (start, end) = (self.offsets[r], self.offsets[r + 1]);
        if (t as u128) < (end - start) as u128 {
            self.data[start + t as usize]
        } else {
            0
        }
    }

    /// Completions after choosing value `y` at a position with `rest` positions after it and
    /// `remaining` sum left (including `y`): the rest take values in `[y, width]`.
    fn completions(&self, rest: usize, y: u64, remaining: u64) -> u128 {
        let need = (rest as u128 + 1) * y as u128;
        if need > remaining as u128 {
            return 0;
        }
        self.get(rest, self.width - y, (remaining as u128 - need) as u64)
    }

    /// The `index`-th non-decreasing vector of `parts` values in `[0, width]` with sum `total`.
    pub(crate) fn unrank(
        &self,
        mut index: u128,
        parts: usize,
        total: u64,
    ) -> Result<Vec<u64>, Error> {
        let asked = index;
        let out_of_range = || {
            let count = self.get(parts, self.width, total);
            Error::out_of_range(&BigUint::from(asked), &BigUint::from(count))
        };
        let mut out = Vec::with_capacity(parts);
        let mut remaining = total;
        let mut previous = 0u64;
        for j in 0..parts {
            let rest = parts - j - 1;
            let mut chosen = None;
            for y in previous..=self.width {
                if (rest as u128 + 1) * y as u128 > remaining as u128 {
                    break;
                }
                let c = self.completions(rest, y, remaining);
                if index < c {
                    chosen = Some(y);
                    break;
                }
                index -= c;
            }
            let y = chosen.ok_or_else(out_of_range)?;
            out.push(y);
            remaining -= y;
            previous = y;
        }
        if remaining != 0 || index != 0 {
            return Err(out_of_range());
        }
        Ok(out)
    }

    /// The index of a member vector (values already shifted to `[0, width]`).
    pub(crate) fn rank(&self, x: &[u64], total: u64) -> u128 {
        let mut index = 0u128;
        let mut remaining = total;
        let mut previous = 0u64;
        for (j, &v) in x.iter().enumerate() {
            let rest = x.len() - j - 1;
            for y in previous..v {
                index += self.completions(rest, y, remaining);
            }
            remaining -= v;
            previous = v;
        }
        index
    }
}

/// `value` as `u128`, or a `TooLarge` error naming `what`.
pub(crate) fn to_u128(value: &BigUint, what: &'static str) -> Result<u128, Error> {
    value
        .to_u128()
        .ok_or(Error::new(ErrorKind::TooLarge { what }))
}
