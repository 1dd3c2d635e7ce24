//! k-fold configurations of one binary dataset: exact count, lazy iteration, rank and unrank.

use std::sync::OnceLock;

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{ToPrimitive, Zero};

use crate::error::{Error, ErrorKind};
use crate::partitions::{
    advance_partition, box_partition_counts, first_partition, is_member, to_u128, BoxTable,
    MAX_PARTS,
};
use crate::rules::{Fold, FoldConfiguration, FoldRules, FoldSizes};

/// One group of equal-size folds and the bounds on each fold's positives.
#[derive(Debug, Clone, Copy)]
struct Group {
    folds: usize,
    lower: u64,
    upper: u64,
}

impl Group {
    fn new(folds: u64, size: u64, rules: &FoldRules) -> Option<Self> {
        let lower = u64::from(rules.require_positive_in_each_fold);
        let upper = size.checked_sub(u64::from(rules.require_negative_in_each_fold))?;
        (lower <= upper).then_some(Group {
            folds: folds as usize,
            lower,
            upper,
        })
    }

    fn min_sum(&self) -> u128 {
        self.folds as u128 * self.lower as u128
    }

    fn max_sum(&self) -> u128 {
        self.folds as u128 * self.upper as u128
    }
}

/// The configurations sharing one total of positives in the larger folds.
#[derive(Debug, Clone)]
struct Block {
    larger_sum: u64,
    smaller_count: BigUint,
    /// Unfiltered index of the block's first configuration.
    start: BigUint,
}

/// Random-access tables, built on first use of `nth`/`rank`.
#[derive(Debug)]
struct Tables {
    larger: BoxTable,
    smaller: BoxTable,
    /// Unfiltered indices of the configurations the two-folds rule removes, ascending.
    excluded: Vec<BigUint>,
}

/// All fold configurations of plain k-fold over `p` positives and `n` negatives that the
/// [`FoldRules`] keep, as a set with a fixed order.
///
/// The order is the reference's: by the positives in the larger folds, then the larger folds'
/// counts lexicographically, then the smaller folds' counts lexicographically.
#[derive(Debug)]
pub struct KFoldConfigurations {
    p: u64,
    n: u64,
    rules: FoldRules,
    sizes: FoldSizes,
    /// `sizes.sizes()`, kept because the hot loop reads it.
    size_list: Vec<u64>,
    groups: Option<[Group; 2]>,
    blocks: Vec<Block>,
    unfiltered: BigUint,
    /// Positive counts of the configurations removed by the two-folds rule, in order.
    excluded: Vec<Vec<u64>>,
    tables: OnceLock<Result<Tables, Error>>,
}

impl KFoldConfigurations {
    /// The configurations of `k` folds over `p` positives and `n` negatives under `rules`.
    ///
    /// Fails for `k = 0`, `k > p + n`, or a dataset too large to count exactly.
    pub fn new(p: u64, n: u64, k: u64, rules: &FoldRules) -> Result<Self, Error> {
        let total = p
            .checked_add(n)
            .ok_or(Error::new(ErrorKind::TooLarge { what: "p + n" }))?;
        let sizes = FoldSizes::plain_kfold(total, k)?;
        if k > MAX_PARTS {
            return Err(ErrorKind::TooLarge {
                what: "the number of folds",
            }
            .into());
        }
        let mut space = KFoldConfigurations {
            p,
            n,
            rules: *rules,
            sizes,
            size_list: sizes.sizes(),
            groups: None,
            blocks: Vec::new(),
            unfiltered: BigUint::zero(),
            excluded: Vec::new(),
            tables: OnceLock::new(),
        };
        let larger = Group::new(sizes.larger_folds, sizes.larger_size, rules);
        let smaller = Group::new(sizes.smaller_folds, sizes.smaller_size, rules);
        // A group without folds imposes nothing even if its bounds are empty.
        let empty = Group {
            folds: 0,
            lower: 0,
            upper: 0,
        };
        let larger = if sizes.larger_folds == 0 {
            Some(empty)
        } else {
            larger
        };
        let (Some(a), Some(b)) = (larger, smaller) else {
            return Ok(space);
        };
        let p128 = p as u128;
        let lo = a.min_sum().max(p128.saturating_sub(b.max_sum()));
        let hi = a.max_sum().min(p128.saturating_sub(b.min_sum()));
        if lo > hi || p128 < b.min_sum() {
            return Ok(space);
        }
        let (lo, hi) = (lo as u64, hi as u64);
        let counts_a = box_partition_counts(
            a.folds,
            a.upper - a.lower,
            (hi as u128 - a.min_sum()) as u64,
        )?;
        let counts_b = box_partition_counts(
            b.folds,
            b.upper - b.lower,
            (p128 - lo as u128 - b.min_sum()) as u64,
        )?;
        let at = |v: &Vec<BigUint>, t: u128| {
            usize::try_from(t)
                .ok()
                .and_then(|t| v.get(t).cloned())
                .unwrap_or_default()
        };
        for s in lo..=hi {
            let ca = at(&counts_a, s as u128 - a.min_sum());
            let cb = at(&counts_b, p128 - s as u128 - b.min_sum());
            if ca.is_zero() || cb.is_zero() {
                continue;
            }
            let size = &ca * &cb;
            space.blocks.push(Block {
                larger_sum: s,
                smaller_count: cb,
                start: space.unfiltered.clone(),
            });
            space.unfiltered += size;
        }
        space.groups = Some([a, b]);
        space.excluded = space.excluded_configurations();
        Ok(space)
    }

    /// The number of positives.
    pub fn positives(&self) -> u64 {
        self.p
    }

    /// The number of negatives.
    pub fn negatives(&self) -> u64 {
        self.n
    }

    /// The rules in force.
    pub fn rules(&self) -> &FoldRules {
        &self.rules
    }

    /// The fold sizes.
    pub fn fold_sizes(&self) -> &FoldSizes {
        &self.sizes
    }

    /// The exact number of configurations (computed without enumerating them).
    pub fn count(&self) -> BigUint {
        &self.unfiltered - BigUint::from(self.excluded.len())
    }

    /// The number of configurations when it fits in a `u64`.
    pub fn count_u64(&self) -> Option<u64> {
        self.count().to_u64()
    }

    /// The configurations in order, lazily (memory `O(k)`).
    pub fn iter(&self) -> Configurations<'_> {
        Configurations {
            space: self,
            cursor: self.first_cursor(),
            remaining: None,
        }
    }

    /// The configurations with indices in `start..end` (clamped to the count), lazily: one
    /// unrank of `start`, then successor steps. Use it to split work or resume.
    pub fn range(&self, start: &BigUint, end: &BigUint) -> Result<Configurations<'_>, Error> {
        let end = end.min(&self.count()).clone();
        if start >= &end {
            return Ok(Configurations {
                space: self,
                cursor: None,
                remaining: Some(0),
            });
        }
        let cursor = self.cursor_at(start)?;
        let len = (&end - start).to_u128().unwrap_or(u128::MAX);
        Ok(Configurations {
            space: self,
            cursor: Some(cursor),
            remaining: Some(len),
        })
    }

    /// The `index`-th configuration.
    pub fn nth(&self, index: &BigUint) -> Result<FoldConfiguration, Error> {
        Ok(self.to_configuration(&self.cursor_at(index)?.positives))
    }

    /// The `index`-th configuration, for indices that fit in a `u64`.
    pub fn nth_u64(&self, index: u64) -> Result<FoldConfiguration, Error> {
        self.nth(&BigUint::from(index))
    }

    /// The index of `configuration`; the inverse of [`nth`](Self::nth).
    pub fn rank(&self, configuration: &FoldConfiguration) -> Result<BigUint, Error> {
        let positives = self
            .positives_of(configuration)
            .ok_or(Error::new(ErrorKind::NotAMember))?;
        let unfiltered = self.unfiltered_rank(&positives)?;
        let tables = self.tables()?;
        let skipped = tables.excluded.iter().filter(|&e| e < &unfiltered).count();
        Ok(unfiltered - BigUint::from(skipped))
    }

    /// The configuration with these per-fold positives (fold order as in [`FoldSizes::sizes`]).
    pub(crate) fn to_configuration(&self, positives: &[u64]) -> FoldConfiguration {
        let folds = positives
            .iter()
            .zip(&self.size_list)
            .map(|(&p, &size)| Fold { p, n: size - p })
            .collect();
        FoldConfiguration { folds }
    }

    /// The per-fold positives of a member configuration, or `None`.
    fn positives_of(&self, configuration: &FoldConfiguration) -> Option<Vec<u64>> {
        let [a, b] = self.groups?;
        let sizes = &self.size_list;
        if configuration.folds.len() != sizes.len()
            || configuration
                .folds
                .iter()
                .zip(sizes)
                .any(|(f, &s)| f.p.checked_add(f.n) != Some(s))
        {
            return None;
        }
        let positives: Vec<u64> = configuration.folds.iter().map(|f| f.p).collect();
        let (pa, pb) = positives.split_at(a.folds);
        let sa: u128 = pa.iter().map(|&x| x as u128).sum();
        let sb = (self.p as u128).checked_sub(sa)?;
        let member = is_member(pa, a.folds, a.lower, a.upper, sa as u64)
            && is_member(pb, b.folds, b.lower, b.upper, sb as u64)
            && !self.is_excluded(&positives);
        member.then_some(positives)
    }

    fn tables(&self) -> Result<&Tables, Error> {
        self.tables
            .get_or_init(|| self.build_tables())
            .as_ref()
            .map_err(Clone::clone)
    }

    fn build_tables(&self) -> Result<Tables, Error> {
        let [a, b] = self.groups.ok_or(Error::new(ErrorKind::IndexOutOfRange))?;
        let (Some(first), Some(last)) = (self.blocks.first(), self.blocks.last()) else {
            return Err(ErrorKind::IndexOutOfRange.into());
        };
        let max_a = (last.larger_sum as u128 - a.min_sum()) as u64;
        let max_b = (self.p as u128 - first.larger_sum as u128 - b.min_sum()) as u64;
        let mut tables = Tables {
            larger: BoxTable::build(a.folds, a.upper - a.lower, max_a)?,
            smaller: BoxTable::build(b.folds, b.upper - b.lower, max_b)?,
            excluded: Vec::new(),
        };
        for positives in &self.excluded {
            let rank = Self::unfiltered_rank_with(self, &tables, positives)?;
            tables.excluded.push(rank);
        }
        tables.excluded.sort();
        Ok(tables)
    }

    fn unfiltered_rank(&self, positives: &[u64]) -> Result<BigUint, Error> {
        self.unfiltered_rank_with(self.tables()?, positives)
    }

    fn unfiltered_rank_with(&self, tables: &Tables, positives: &[u64]) -> Result<BigUint, Error> {
        let [a, b] = self.groups.ok_or(Error::new(ErrorKind::NotAMember))?;
        let (pa, pb) = positives.split_at(a.folds);
        let sa: u64 = pa.iter().sum();
        let block_index = self
            .blocks
            .binary_search_by_key(&sa, |blk| blk.larger_sum)
            .map_err(|_| Error::new(ErrorKind::NotAMember))?;
        let block = &self.blocks[block_index];
        let shift = |x: &[u64], lower: u64| x.iter().map(|v| v - lower).collect::<Vec<_>>();
        let ra = tables
            .larger
            .rank(&shift(pa, a.lower), (sa as u128 - a.min_sum()) as u64);
        let rb = tables.smaller.rank(
            &shift(pb, b.lower),
            (self.p as u128 - sa as u128 - b.min_sum()) as u64,
        );
        Ok(&block.start + BigUint::from(ra) * &block.smaller_count + BigUint::from(rb))
    }

    /// The cursor at a filtered index.
    pub(crate) fn cursor_at(&self, index: &BigUint) -> Result<Cursor, Error> {
        if index >= &self.count() {
            return Err(ErrorKind::IndexOutOfRange.into());
        }
        let tables = self.tables()?;
        let mut unfiltered = index.clone();
        for e in &tables.excluded {
            if e <= &unfiltered {
                unfiltered += 1u8;
            }
        }
        let [a, b] = self.groups.ok_or(Error::new(ErrorKind::IndexOutOfRange))?;
        let block_index = match self
            .blocks
            .binary_search_by(|blk| blk.start.cmp(&unfiltered))
        {
            Ok(i) => i,
            Err(i) => i
                .checked_sub(1)
                .ok_or(Error::new(ErrorKind::IndexOutOfRange))?,
        };
        let block = &self.blocks[block_index];
        let (ia, ib) = (&unfiltered - &block.start).div_rem(&block.smaller_count);
        let sa = block.larger_sum;
        let mut positives = tables.larger.unrank(
            to_u128(&ia, "a group's count")?,
            a.folds,
            (sa as u128 - a.min_sum()) as u64,
        )?;
        positives.iter_mut().for_each(|x| *x += a.lower);
        let mut pb = tables.smaller.unrank(
            to_u128(&ib, "a group's count")?,
            b.folds,
            (self.p as u128 - sa as u128 - b.min_sum()) as u64,
        )?;
        pb.iter_mut().for_each(|x| *x += b.lower);
        positives.extend(pb);
        Ok(Cursor {
            larger_sum: sa,
            positives,
        })
    }

    /// The first configuration that the rules keep.
    pub(crate) fn first_cursor(&self) -> Option<Cursor> {
        let [a, b] = self.groups?;
        let block = self.blocks.first()?;
        let mut positives = first_partition(a.folds, a.lower, a.upper, block.larger_sum)?;
        positives.extend(first_partition(
            b.folds,
            b.lower,
            b.upper,
            self.p - block.larger_sum,
        )?);
        let mut cursor = Cursor {
            larger_sum: block.larger_sum,
            positives,
        };
        if self.excluded.contains(&cursor.positives) && !self.advance(&mut cursor) {
            return None;
        }
        Some(cursor)
    }

    /// Steps to the next configuration the rules keep; `false` at the end.
    pub(crate) fn advance(&self, cursor: &mut Cursor) -> bool {
        loop {
            if !self.advance_unfiltered(cursor) {
                return false;
            }
            // `excluded` lists exactly the configurations the two-folds rule removes (usually
            // none), so comparing against it is cheaper than re-counting folds every step.
            if !self.excluded.contains(&cursor.positives) {
                return true;
            }
        }
    }

    fn advance_unfiltered(&self, cursor: &mut Cursor) -> bool {
        let Some([a, b]) = self.groups else {
            return false;
        };
        let (pa, pb) = cursor.positives.split_at_mut(a.folds);
        if advance_partition(pb, b.upper) {
            return true;
        }
        if advance_partition(pa, a.upper) {
            if let Some(first) =
                first_partition(b.folds, b.lower, b.upper, self.p - cursor.larger_sum)
            {
                pb.copy_from_slice(&first);
                return true;
            }
        }
        // Blocks are exactly the feasible larger-fold sums, so the next block always has members.
        let next = self
            .blocks
            .partition_point(|blk| blk.larger_sum <= cursor.larger_sum);
        let Some(block) = self.blocks.get(next) else {
            return false;
        };
        let (Some(fa), Some(fb)) = (
            first_partition(a.folds, a.lower, a.upper, block.larger_sum),
            first_partition(b.folds, b.lower, b.upper, self.p - block.larger_sum),
        ) else {
            return false;
        };
        pa.copy_from_slice(&fa);
        pb.copy_from_slice(&fb);
        cursor.larger_sum = block.larger_sum;
        true
    }

    /// Whether the two-folds rule removes this configuration.
    fn is_excluded(&self, positives: &[u64]) -> bool {
        if !self.rules.require_two_folds_with_each_class || positives.len() < 2 {
            return false;
        }
        let with_positives = positives.iter().filter(|&&p| p > 0).count();
        let with_negatives = positives
            .iter()
            .zip(&self.size_list)
            .filter(|(&p, &s)| p < s)
            .count();
        with_positives < 2 || with_negatives < 2
    }

    /// The configurations the two-folds rule removes (at most a handful: all positives or all
    /// negatives in a single fold), sorted in the set's order.
    fn excluded_configurations(&self) -> Vec<Vec<u64>> {
        let Some([a, b]) = self.groups else {
            return Vec::new();
        };
        if !self.rules.require_two_folds_with_each_class || a.folds + b.folds < 2 {
            return Vec::new();
        }
        let sizes = self.size_list.clone();
        let k = sizes.len();
        let mut candidates: Vec<Vec<u64>> = vec![vec![0; k], sizes.clone()];
        // All positives in one fold: the last fold of either group (positives non-decreasing).
        for last in [a.folds, k].into_iter().filter(|&i| i > 0) {
            let mut x = vec![0; k];
            x[last - 1] = self.p;
            candidates.push(x);
        }
        // All negatives in one fold: the first fold of either group, the others full.
        for first in [0, a.folds].into_iter().filter(|&i| i < k) {
            if let Some(v) = sizes[first].checked_sub(self.n) {
                let mut x = sizes.clone();
                x[first] = v;
                candidates.push(x);
            }
        }
        let mut kept: Vec<(u64, Vec<u64>)> = candidates
            .into_iter()
            .filter(|x| {
                let (pa, pb) = x.split_at(a.folds);
                let sa: u128 = pa.iter().map(|&v| v as u128).sum();
                let sb: u128 = pb.iter().map(|&v| v as u128).sum();
                sa + sb == self.p as u128
                    && is_member(pa, a.folds, a.lower, a.upper, sa as u64)
                    && is_member(pb, b.folds, b.lower, b.upper, sb as u64)
                    && self.is_excluded(x)
            })
            .map(|x| (x[..a.folds].iter().sum(), x))
            .collect();
        kept.sort();
        kept.dedup();
        kept.into_iter().map(|(_, x)| x).collect()
    }
}

/// A position in the enumeration: the positives in the larger folds and every fold's positives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Cursor {
    larger_sum: u64,
    pub(crate) positives: Vec<u64>,
}

/// Lazy iterator over (a range of) [`KFoldConfigurations`].
#[derive(Debug, Clone)]
pub struct Configurations<'a> {
    space: &'a KFoldConfigurations,
    cursor: Option<Cursor>,
    remaining: Option<u128>,
}

impl Configurations<'_> {
    /// Calls `visit` with each remaining configuration's per-fold positives (fold sizes from
    /// [`KFoldConfigurations::fold_sizes`]) without allocating per item: the fast path.
    pub fn for_each_positives(mut self, mut visit: impl FnMut(&[u64])) {
        while let Some(cursor) = self.cursor.as_mut() {
            if self.remaining == Some(0) {
                return;
            }
            visit(&cursor.positives);
            self.remaining = self.remaining.map(|r| r - 1);
            if !self.space.advance(cursor) {
                return;
            }
        }
    }
}

impl Iterator for Configurations<'_> {
    type Item = FoldConfiguration;

    fn next(&mut self) -> Option<FoldConfiguration> {
        if self.remaining == Some(0) {
            return None;
        }
        let cursor = self.cursor.as_mut()?;
        let item = self.space.to_configuration(&cursor.positives);
        self.remaining = self.remaining.map(|r| r - 1);
        if !self.space.advance(cursor) {
            self.cursor = None;
        }
        Some(item)
    }
}
