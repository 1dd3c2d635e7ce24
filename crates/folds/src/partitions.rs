//! Integer partitions into a fixed number of bounded parts: counting, lazy iteration, rank and unrank.
//!
//! A partition is stored as a non-decreasing vector of exactly `parts` values, each in
//! `[lower, upper]`; "at most k parts" is the special case `lower = 0` (zeros pad the front).
//! The order is lexicographic on these vectors, which is also the order the reference
//! (`mlscorecheck`) produces, so indices agree with it.

use num_bigint::{BigInt, BigUint};
use num_traits::{ToPrimitive, Zero};

use crate::error::{Error, ErrorKind};

/// Largest number of coefficients we allow in one counting polynomial or rank table; beyond
/// this the memory use (not the arithmetic) becomes the problem.
const MAX_CELLS: u128 = 1 << 24;

/// Largest number of parts (folds, repeats) accepted: every item holds one value per part.
pub(crate) const MAX_PARTS: u64 = 1 << 24;

/// Partitions of `total` into exactly `parts` values in `[lower, upper]`, non-decreasing.
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
    /// Fails when `lower > upper` or `parts` exceeds 2^24.
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
    pub fn at_most(total: u64, parts: usize, upper: u64) -> Result<Self, Error> {
        Self::new(total, parts, 0, upper)
    }

    /// The number of partitions, exactly.
    pub fn count(&self) -> Result<BigUint, Error> {
        match self.shifted_total() {
            None => Ok(BigUint::zero()),
            Some(t) => {
                let poly = box_partition_counts(self.parts, self.upper - self.lower, t)?;
                Ok(usize::try_from(t)
                    .ok()
                    .and_then(|t| poly.into_iter().nth(t))
                    .unwrap_or_default())
            }
        }
    }

    /// The partitions in lexicographic order, lazily (memory `O(parts)`).
    pub fn iter(&self) -> PartitionIter {
        PartitionIter {
            next: first_partition(self.parts, self.lower, self.upper, self.total),
            upper: self.upper,
        }
    }

    /// The `index`-th partition in lexicographic order.
    pub fn nth(&self, index: u128) -> Result<Vec<u64>, Error> {
        let t = self
            .shifted_total()
            .ok_or(Error::new(ErrorKind::IndexOutOfRange))?;
        let table = BoxTable::build(self.parts, self.upper - self.lower, t)?;
        let mut shifted = table.unrank(index, self.parts, t)?;
        shifted.iter_mut().for_each(|x| *x += self.lower);
        Ok(shifted)
    }

    /// The index of `partition` in lexicographic order.
    pub fn rank(&self, partition: &[u64]) -> Result<u128, Error> {
        if !is_member(partition, self.parts, self.lower, self.upper, self.total) {
            return Err(ErrorKind::NotAMember.into());
        }
        let t = self
            .shifted_total()
            .ok_or(Error::new(ErrorKind::NotAMember))?;
        let table = BoxTable::build(self.parts, self.upper - self.lower, t)?;
        let shifted: Vec<u64> = partition.iter().map(|x| x - self.lower).collect();
        Ok(table.rank(&shifted, t))
    }

    /// `total - parts * lower` when the total is reachable at all.
    fn shifted_total(&self) -> Option<u64> {
        let parts = self.parts as u128;
        let (lo, hi) = (parts * self.lower as u128, parts * self.upper as u128);
        let total = self.total as u128;
        (lo <= total && total <= hi).then(|| (total - lo) as u64)
    }
}

/// Lazy iterator over [`BoundedPartitions`].
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
/// `O(min(parts, width) * max_sum)` big-integer additions.
pub(crate) fn box_partition_counts(
    parts: usize,
    width: u64,
    max_sum: u64,
) -> Result<Vec<BigUint>, Error> {
    let reach = (parts as u128) * (width as u128);
    let len = (max_sum as u128).min(reach) + 1;
    if len > MAX_CELLS {
        return Err(ErrorKind::TooLarge {
            what: "the sum to partition",
        }
        .into());
    }
    let len = len as usize;
    let (small, large) = if (parts as u64) < width {
        (parts as u64, width)
    } else {
        (width, parts as u64)
    };
    let mut poly = vec![BigInt::zero(); len];
    poly[0] = BigInt::from(1u8);
    // Factors with i beyond the largest stored power change nothing in the truncation.
    for i in 1..=small.min(len as u64 - 1) {
        // Multiply by (1 - q^(large + i)), then divide by (1 - q^i); after both steps the
        // polynomial is again a Gaussian binomial, so it is non-negative.
        if let Some(a) = large.checked_add(i).and_then(|a| usize::try_from(a).ok()) {
            for t in (a..len).rev() {
                let sub = poly[t - a].clone();
                poly[t] -= sub;
            }
        }
        let i = i as usize;
        for t in i..len {
            let add = poly[t - i].clone();
            poly[t] += add;
        }
    }
    // Entries beyond `parts * width` are zero and not stored; callers read with `.get(t)`.
    Ok(poly
        .into_iter()
        .map(|c| c.to_biguint().unwrap_or_default())
        .collect())
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
    pub(crate) fn build(parts: usize, width: u64, max_sum: u64) -> Result<Self, Error> {
        let too_large = || {
            Error::new(ErrorKind::TooLarge {
                what: "the random-access table",
            })
        };
        let rows = (parts as u128 + 1) * (width as u128 + 1);
        if rows > MAX_CELLS {
            return Err(too_large());
        }
        let mut offsets = Vec::with_capacity(rows as usize + 1);
        let mut cells: u128 = 0;
        offsets.push(0usize);
        for l in 0..=parts as u128 {
            for h in 0..=width as u128 {
                cells += (l * h).min(max_sum as u128) + 1;
                if cells > MAX_CELLS {
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
            let y = chosen.ok_or(Error::new(ErrorKind::IndexOutOfRange))?;
            out.push(y);
            remaining -= y;
            previous = y;
        }
        if remaining != 0 || index != 0 {
            return Err(ErrorKind::IndexOutOfRange.into());
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
