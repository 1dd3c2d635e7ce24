//! Repeated k-fold: r repeats as multisets of single-repeat configurations.
//!
//! Scores averaged over all folds of all repeats do not depend on the order of the repeats,
//! so `r` repeats over `N` configurations give `C(N + r - 1, r)` distinct cases (the reference
//! takes the Cartesian product, `N^r`, and so repeats work). A multiset is stored as the
//! non-decreasing list of its members' indices, ordered lexicographically.

use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};

use crate::error::{Error, ErrorKind};
use crate::index::IntoIndex;
use crate::kfold::{Cursor, KFoldConfigurations};
use crate::rules::FoldConfiguration;

/// Largest repeat count accepted (each item holds one configuration per repeat and counting
/// costs `O(r)` big multiplications).
const MAX_REPEATS: u64 = 1 << 16;

/// `C(a, r)`, exactly.
pub(crate) fn binomial(a: &BigUint, r: u64) -> BigUint {
    let r_big = BigUint::from(r);
    if a < &r_big {
        return BigUint::zero();
    }
    let base = a - &r_big;
    let mut out = BigUint::one();
    for i in 1..=r {
        // After this step `out = C(base + i, i)`, so the division is exact.
        out = out * (&base + BigUint::from(i)) / BigUint::from(i);
    }
    out
}

/// Multisets of size `r` drawn from `n` items: `C(n + r - 1, r)`.
pub(crate) fn multichoose(n: &BigUint, r: u64) -> BigUint {
    if r == 0 {
        return BigUint::one();
    }
    if n.is_zero() {
        return BigUint::zero();
    }
    binomial(&(n + BigUint::from(r - 1)), r)
}

/// The `index`-th non-decreasing sequence of `r` values from `0..n`, lexicographically;
/// [`ErrorKind::Stopped`] once `stop` holds (asked before each binomial: a thousand repeats
/// over a space of 10^40 take minutes of them).
pub(crate) fn unrank_multiset(
    mut index: BigUint,
    n: &BigUint,
    r: u64,
    stop: &dyn Fn() -> bool,
) -> Result<Vec<BigUint>, Error> {
    let mut out = Vec::with_capacity(r as usize);
    let mut base = BigUint::zero();
    let mut left = n.clone();
    for j in 0..r {
        let rest = r - j;
        if stop() {
            return Err(Error::new(ErrorKind::Stopped));
        }
        let total = multichoose(&left, rest);
        // Sequences whose next value is below `v` (relative to `base`): total - M(left - v).
        let before = |v: &BigUint| &total - multichoose(&(&left - v), rest);
        let (mut lo, mut hi) = (BigUint::zero(), &left - BigUint::one());
        while lo < hi {
            if stop() {
                return Err(Error::new(ErrorKind::Stopped));
            }
            let mid = (&lo + &hi + BigUint::one()) >> 1u32;
            if before(&mid) <= index {
                lo = mid;
            } else {
                hi = mid - BigUint::one();
            }
        }
        index -= before(&lo);
        base += &lo;
        left -= &lo;
        out.push(base.clone());
    }
    Ok(out)
}

/// The index of a non-decreasing sequence of values from `0..n`; inverse of [`unrank_multiset`].
pub(crate) fn rank_multiset(values: &[BigUint], n: &BigUint) -> BigUint {
    let r = values.len() as u64;
    let mut index = BigUint::zero();
    let mut base = BigUint::zero();
    let mut left = n.clone();
    for (j, value) in values.iter().enumerate() {
        let rest = r - j as u64;
        let v = value - &base;
        index += multichoose(&left, rest) - multichoose(&(&left - &v), rest);
        base = value.clone();
        left -= v;
    }
    index
}

/// The multisets of `repeats` configurations of one dataset.
///
/// Ordered lexicographically by their members' indices (non-decreasing); random access at any
/// size. `Clone + Send + Sync`.
///
/// ```
/// use scorecheck_folds::{BigUint, FoldRules, KFoldConfigurations, RepeatedConfigurations};
///
/// let base = KFoldConfigurations::new(38, 262, 5, &FoldRules::default())?;
/// let repeated = RepeatedConfigurations::new(base, 2)?;
/// assert_eq!(repeated.count(), BigUint::from(918u32 * 919 / 2));
/// let item = repeated.nth(1000u64)?;
/// assert_eq!(repeated.rank(&item)?, BigUint::from(1000u32));
/// # Ok::<(), scorecheck_folds::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct RepeatedConfigurations {
    base: KFoldConfigurations,
    repeats: u64,
    base_count: BigUint,
}

impl RepeatedConfigurations {
    /// `repeats` repeats of `base`.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::ZeroRepeats`] for zero repeats, [`ErrorKind::TooLarge`] for more than 2^16.
    ///
    /// ```
    /// use scorecheck_folds::{FoldRules, KFoldConfigurations, RepeatedConfigurations};
    ///
    /// let base = KFoldConfigurations::new(10, 10, 3, &FoldRules::default())?;
    /// assert!(RepeatedConfigurations::new(base.clone(), 0).is_err());
    /// let repeated = RepeatedConfigurations::new(base, 3)?;
    /// assert_eq!(repeated.repeats(), 3);
    /// # Ok::<(), scorecheck_folds::Error>(())
    /// ```
    pub fn new(base: KFoldConfigurations, repeats: u64) -> Result<Self, Error> {
        if repeats == 0 {
            return Err(ErrorKind::ZeroRepeats.into());
        }
        if repeats > MAX_REPEATS {
            return Err(ErrorKind::TooLarge {
                what: "the number of repeats",
            }
            .into());
        }
        let base_count = base.count();
        Ok(RepeatedConfigurations {
            base,
            repeats,
            base_count,
        })
    }

    /// The single-repeat configurations.
    pub fn base(&self) -> &KFoldConfigurations {
        &self.base
    }

    /// The number of repeats.
    pub fn repeats(&self) -> u64 {
        self.repeats
    }

    /// Forgets the unrank cache of the repeated space (see
    /// [`KFoldConfigurations::clear_cache`]).
    pub fn clear_cache(&self) {
        self.base.clear_cache();
    }

    /// Caps the random-access tables at `cells` (see `KFoldConfigurations::limit_tables`).
    pub(crate) fn limit_tables(&mut self, cells: u128) {
        self.base.limit_tables(cells);
    }

    /// `C(N + r - 1, r)` for `N` single-repeat configurations and `r` repeats.
    pub fn count(&self) -> BigUint {
        multichoose(&self.base_count, self.repeats)
    }

    /// The `index`-th multiset, as its members in non-decreasing order of their index
    /// (`u64`, `u128`, `usize`, `u32` or `&BigUint`).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::IndexOutOfRange`] when `index` is at or beyond [`count`](Self::count), and
    /// [`ErrorKind::TooLarge`] as for [`KFoldConfigurations::range`].
    ///
    /// ```
    /// use scorecheck_folds::{FoldRules, KFoldConfigurations, RepeatedConfigurations};
    ///
    /// let base = KFoldConfigurations::new(10, 10, 3, &FoldRules::default())?;
    /// let repeated = RepeatedConfigurations::new(base, 2)?;
    /// assert_eq!(repeated.nth(5u64)?, repeated.iter().nth(5).unwrap());
    /// # Ok::<(), scorecheck_folds::Error>(())
    /// ```
    pub fn nth(&self, index: impl IntoIndex) -> Result<Vec<FoldConfiguration>, Error> {
        let cursors = self.cursors_at(&index.into_index())?;
        Ok(cursors
            .iter()
            .map(|c| self.base.to_configuration(&c.positives))
            .collect())
    }

    /// The index of a multiset given by its members (in any order); the inverse of
    /// [`nth`](Self::nth).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::NotAMember`] when the number of members is not the number of repeats or a
    /// member is not in [`base`](Self::base), and [`ErrorKind::TooLarge`] as for
    /// [`KFoldConfigurations::range`].
    ///
    /// ```
    /// use scorecheck_folds::{BigUint, FoldRules, KFoldConfigurations, RepeatedConfigurations};
    ///
    /// let base = KFoldConfigurations::new(10, 10, 3, &FoldRules::default())?;
    /// let repeated = RepeatedConfigurations::new(base, 2)?;
    /// let mut members = repeated.nth(7u64)?;
    /// members.reverse();
    /// assert_eq!(repeated.rank(&members)?, BigUint::from(7u32));
    /// # Ok::<(), scorecheck_folds::Error>(())
    /// ```
    pub fn rank(&self, members: &[FoldConfiguration]) -> Result<BigUint, Error> {
        if members.len() as u64 != self.repeats {
            return Err(ErrorKind::NotAMember.into());
        }
        let mut indices = members
            .iter()
            .map(|m| self.base.rank(m))
            .collect::<Result<Vec<_>, _>>()?;
        indices.sort();
        Ok(rank_multiset(&indices, &self.base_count))
    }

    /// The multisets in order, lazily (memory `O(r k)`).
    ///
    /// ```
    /// use scorecheck_folds::{FoldRules, KFoldConfigurations, RepeatedConfigurations};
    ///
    /// let base = KFoldConfigurations::new(10, 10, 3, &FoldRules::default())?;
    /// let repeated = RepeatedConfigurations::new(base, 2)?;
    /// assert_eq!(repeated.iter().count(), 13 * 14 / 2);
    /// # Ok::<(), scorecheck_folds::Error>(())
    /// ```
    pub fn iter(&self) -> RepeatedIter<'_> {
        RepeatedIter {
            space: self,
            cursors: self.first_cursors(),
            remaining: None,
        }
    }

    /// The multisets with indices in `start..end` (`end` clamped to the count), lazily: one
    /// unrank of `start`, then successor steps.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::TooLarge`] as for [`KFoldConfigurations::range`]; an empty range is not an
    /// error.
    ///
    /// ```
    /// use scorecheck_folds::{FoldRules, KFoldConfigurations, RepeatedConfigurations};
    ///
    /// let base = KFoldConfigurations::new(10, 10, 3, &FoldRules::default())?;
    /// let repeated = RepeatedConfigurations::new(base, 2)?;
    /// let tail: Vec<_> = repeated.range(80u64, 1000u64)?.collect();
    /// assert_eq!(tail, repeated.iter().skip(80).collect::<Vec<_>>());
    /// # Ok::<(), scorecheck_folds::Error>(())
    /// ```
    pub fn range(
        &self,
        start: impl IntoIndex,
        end: impl IntoIndex,
    ) -> Result<RepeatedIter<'_>, Error> {
        let (start, end) = (start.into_index(), end.into_index());
        let end = end.min(self.count());
        if start >= end {
            return Ok(RepeatedIter {
                space: self,
                cursors: None,
                remaining: Some(0),
            });
        }
        let cursors = self.cursors_at(&start)?;
        let len = (&end - &start).to_u128().unwrap_or(u128::MAX);
        Ok(RepeatedIter {
            space: self,
            cursors: Some(cursors),
            remaining: Some(len),
        })
    }

    pub(crate) fn cursors_at(&self, index: &BigUint) -> Result<Vec<Cursor>, Error> {
        let count = self.count();
        if index >= &count {
            return Err(Error::out_of_range(index, &count));
        }
        let indices = unrank_multiset(index.clone(), &self.base_count, self.repeats, &|| {
            self.base.stopped()
        })?;
        let mut cursors: Vec<Cursor> = Vec::with_capacity(indices.len());
        for (j, i) in indices.iter().enumerate() {
            // Equal neighbours share a cursor; unranking once per distinct member.
            match (j.checked_sub(1).map(|p| &indices[p]), cursors.last()) {
                (Some(prev), Some(last)) if prev == i => cursors.push(last.clone()),
                _ => cursors.push(self.base.cursor_at(i)?),
            }
        }
        Ok(cursors)
    }

    pub(crate) fn first_cursors(&self) -> Option<Vec<Cursor>> {
        self.base
            .first_cursor()
            .map(|c| vec![c; self.repeats as usize])
    }

    /// Next multiset: raise the rightmost member that can still advance, and copy it to the
    /// members after it (the smallest non-decreasing continuation).
    pub(crate) fn advance(&self, cursors: &mut [Cursor]) -> bool {
        for j in (0..cursors.len()).rev() {
            let mut next = cursors[j].clone();
            if self.base.advance(&mut next) {
                for c in cursors[j..].iter_mut() {
                    c.clone_from(&next);
                }
                return true;
            }
        }
        false
    }

    pub(crate) fn to_items(&self, cursors: &[Cursor]) -> Vec<FoldConfiguration> {
        cursors
            .iter()
            .map(|c| self.base.to_configuration(&c.positives))
            .collect()
    }
}

/// Lazy iterator over (a range of) [`RepeatedConfigurations`]; `Clone` and `Send`.
///
/// ```
/// use scorecheck_folds::{FoldRules, KFoldConfigurations, RepeatedConfigurations};
///
/// let base = KFoldConfigurations::new(10, 10, 3, &FoldRules::default())?;
/// let repeated = RepeatedConfigurations::new(base, 2)?;
/// let walk = repeated.range(10u64, 20u64)?;
/// assert_eq!(walk.clone().count(), 10);
/// assert_eq!(walk.last(), repeated.nth(19u64).ok());
/// # Ok::<(), scorecheck_folds::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct RepeatedIter<'a> {
    space: &'a RepeatedConfigurations,
    cursors: Option<Vec<Cursor>>,
    remaining: Option<u128>,
}

impl Iterator for RepeatedIter<'_> {
    type Item = Vec<FoldConfiguration>;

    fn next(&mut self) -> Option<Vec<FoldConfiguration>> {
        if self.remaining == Some(0) {
            return None;
        }
        let cursors = self.cursors.as_mut()?;
        let item = self.space.to_items(cursors);
        self.remaining = self.remaining.map(|r| r - 1);
        if !self.space.advance(cursors) {
            self.cursors = None;
        }
        Some(item)
    }
}
