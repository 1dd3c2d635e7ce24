//! k-fold configurations of one binary dataset: exact count, lazy iteration, rank and unrank.

use std::sync::{Arc, OnceLock};

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{ToPrimitive, Zero};

use crate::counting::BoxCounter;
use crate::error::{Error, ErrorKind};
use crate::index::IntoIndex;
use crate::partitions::{
    advance_partition, box_partition_counts, first_partition, is_member, to_u128, BoxTable,
    MAX_PARTS, MAX_TABLE_CELLS,
};
use crate::rules::{Fold, FoldConfiguration, FoldRules, FoldSizes};
use crate::Stop;

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

/// How one group of equal-size folds is ranked and unranked.
#[derive(Debug, Clone)]
enum GroupIndex {
    /// Every count in a table: fastest, for groups whose table is small.
    Table(BoxTable),
    /// Counts computed on demand (and cached): any size, memory linear in the sum.
    OnDemand,
}

/// What random access needs beyond the blocks, prepared on first use of `nth`/`rank`.
#[derive(Debug, Clone)]
struct RandomAccess {
    larger: GroupIndex,
    smaller: GroupIndex,
    /// Unfiltered indices of the configurations the two-folds rule removes, ascending.
    excluded: Vec<BigUint>,
}

/// All fold configurations of plain k-fold over `p` positives and `n` negatives that the
/// [`FoldRules`] keep, as a set with a fixed order.
///
/// The order is the reference's: by the positives in the larger folds, then the larger folds'
/// counts lexicographically, then the smaller folds' counts lexicographically.
///
/// Random access ([`nth`](Self::nth), [`rank`](Self::rank), [`range`](Self::range)) works at
/// any size: small groups of folds use a table of counts, larger ones Gaussian binomial
/// coefficients computed on demand, so a big enumeration can be split across workers or
/// resumed. The set is `Clone + Send + Sync`; a clone is independent (it starts with an empty
/// cache), so a worker thread may own one.
///
/// ```
/// use scorecheck_folds::{FoldRules, KFoldConfigurations};
///
/// // Two workers, each with half of the 918 configurations.
/// let space = KFoldConfigurations::new(38, 262, 5, &FoldRules::default())?;
/// let halves = std::thread::scope(|scope| {
///     let first = scope.spawn(|| space.range(0u64, 459u64).map(|r| r.count()));
///     let own = space.clone();
///     let second = scope.spawn(move || own.range(459u64, 918u64).map(|r| r.count()));
///     (first.join().unwrap(), second.join().unwrap())
/// });
/// assert_eq!(halves, (Ok(459), Ok(459)));
/// # Ok::<(), scorecheck_folds::Error>(())
/// ```
#[derive(Debug, Clone)]
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
    access: OnceLock<Result<RandomAccess, Error>>,
    /// Counts for groups ranked on demand, with their cache.
    counter: BoxCounter,
    /// Largest rank table to build (lowered by tests to exercise the on-demand path).
    table_cells: u128,
}

impl KFoldConfigurations {
    /// Whether the stop condition of [`KFoldConfigurations::new_until`] holds now.
    pub(crate) fn stopped(&self) -> bool {
        self.counter.stopped()
    }

    /// The configurations of `k` folds over `p` positives and `n` negatives under `rules`.
    ///
    /// Counting is exact and immediate (Gaussian binomials per block of larger-fold sums);
    /// nothing is enumerated.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::ZeroFolds`] for `k = 0`, [`ErrorKind::MoreFoldsThanSamples`] for
    /// `k > p + n`, and [`ErrorKind::TooLarge`] when `p + n` overflows a `u64`, `k` exceeds
    /// 2^24, or a group of folds has a sum of positives of 2^24 or more to count.
    ///
    /// ```
    /// use scorecheck_folds::{ErrorKind, FoldRules, KFoldConfigurations};
    ///
    /// let rules = FoldRules::default();
    /// assert_eq!(KFoldConfigurations::new(38, 262, 5, &rules)?.count_u64(), Some(918));
    /// let error = KFoldConfigurations::new(3, 4, 8, &rules).unwrap_err();
    /// assert!(matches!(error.kind(), ErrorKind::MoreFoldsThanSamples { .. }));
    /// # Ok::<(), scorecheck_folds::Error>(())
    /// ```
    pub fn new(p: u64, n: u64, k: u64, rules: &FoldRules) -> Result<Self, Error> {
        KFoldConfigurations::new_until(p, n, k, rules, Arc::new(|| false))
    }

    /// [`KFoldConfigurations::new`], giving up when `stop` holds: counting at large sizes
    /// (hundreds of thousands of positives over tens of folds) takes seconds, and a caller
    /// with a deadline asks it now and then. The set keeps `stop`: ranking and random access,
    /// which count on demand, end with [`ErrorKind::Stopped`] too once it holds.
    ///
    /// # Errors
    ///
    /// As [`KFoldConfigurations::new`], and [`ErrorKind::Stopped`] when `stop` held before
    /// the counting was done.
    ///
    /// ```
    /// use scorecheck_folds::{ErrorKind, FoldRules, KFoldConfigurations};
    ///
    /// let rules = FoldRules::default();
    /// let stop = std::sync::Arc::new(|| true);
    /// let error = KFoldConfigurations::new_until(100_000, 100_000, 20, &rules, stop)
    ///     .unwrap_err();
    /// assert_eq!(error.kind(), &ErrorKind::Stopped);
    /// # Ok::<(), scorecheck_folds::Error>(())
    /// ```
    pub fn new_until(p: u64, n: u64, k: u64, rules: &FoldRules, stop: Stop) -> Result<Self, Error> {
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
            access: OnceLock::new(),
            counter: BoxCounter::stopping(Arc::clone(&stop)),
            table_cells: MAX_TABLE_CELLS,
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
            &*stop,
        )?;
        let counts_b = box_partition_counts(
            b.folds,
            b.upper - b.lower,
            (p128 - lo as u128 - b.min_sum()) as u64,
            &*stop,
        )?;
        let at = |v: &Vec<BigUint>, t: u128| {
            usize::try_from(t)
                .ok()
                .and_then(|t| v.get(t).cloned())
                .unwrap_or_default()
        };
        for s in lo..=hi {
            if (s - lo) % 4096 == 4095 && stop() {
                return Err(ErrorKind::Stopped.into());
            }
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
    ///
    /// ```
    /// use scorecheck_folds::{BigUint, FoldRules, KFoldConfigurations};
    ///
    /// let space = KFoldConfigurations::new(5000, 5000, 10, &FoldRules::default())?;
    /// assert!(space.count() > BigUint::from(u64::MAX));
    /// # Ok::<(), scorecheck_folds::Error>(())
    /// ```
    pub fn count(&self) -> BigUint {
        &self.unfiltered - BigUint::from(self.excluded.len())
    }

    /// The number of configurations when it fits in a `u64`.
    ///
    /// ```
    /// use scorecheck_folds::{FoldRules, KFoldConfigurations};
    ///
    /// let space = KFoldConfigurations::new(38, 262, 5, &FoldRules::default())?;
    /// assert_eq!(space.count_u64(), Some(918));
    /// # Ok::<(), scorecheck_folds::Error>(())
    /// ```
    pub fn count_u64(&self) -> Option<u64> {
        self.count().to_u64()
    }

    /// The configurations in order, lazily (memory `O(k)`).
    ///
    /// ```
    /// use scorecheck_folds::{FoldRules, KFoldConfigurations};
    ///
    /// let space = KFoldConfigurations::new(10, 10, 3, &FoldRules::default())?;
    /// assert_eq!(space.iter().count(), 13);
    /// let first = space.iter().next().unwrap();
    /// assert_eq!(first.folds.iter().map(|f| f.p + f.n).collect::<Vec<_>>(), [7, 7, 6]);
    /// # Ok::<(), scorecheck_folds::Error>(())
    /// ```
    pub fn iter(&self) -> Configurations<'_> {
        Configurations {
            space: self,
            cursor: self.first_cursor(),
            remaining: None,
        }
    }

    /// The configurations with indices in `start..end` (`end` clamped to the count), lazily:
    /// one unrank of `start`, then successor steps. Use it to split work or resume.
    ///
    /// The indices are `u64`, `u128`, `usize`, `u32` or `&BigUint` (see
    /// [`IntoIndex`](crate::IntoIndex)), at any size.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::TooLarge`] when the counts needed to unrank `start` would not fit in
    /// memory (a group's sum of 2^24 or more, far beyond any dataset that can be counted); an
    /// empty range (`start >= end`, or `start` at or beyond the count) is not an error.
    ///
    /// ```
    /// use scorecheck_folds::{FoldRules, KFoldConfigurations};
    ///
    /// let space = KFoldConfigurations::new(38, 262, 5, &FoldRules::default())?;
    /// let middle: Vec<_> = space.range(400u64, 403u64)?.collect();
    /// assert_eq!(middle, space.iter().skip(400).take(3).collect::<Vec<_>>());
    /// assert_eq!(space.range(900u64, 2000u64)?.count(), 18);
    /// # Ok::<(), scorecheck_folds::Error>(())
    /// ```
    pub fn range(
        &self,
        start: impl IntoIndex,
        end: impl IntoIndex,
    ) -> Result<Configurations<'_>, Error> {
        let (start, end) = (start.into_index(), end.into_index());
        let end = end.min(self.count());
        if start >= end {
            return Ok(Configurations {
                space: self,
                cursor: None,
                remaining: Some(0),
            });
        }
        let cursor = self.cursor_at(&start)?;
        let len = (&end - &start).to_u128().unwrap_or(u128::MAX);
        Ok(Configurations {
            space: self,
            cursor: Some(cursor),
            remaining: Some(len),
        })
    }

    /// Forgets the Gaussian binomial coefficients that earlier [`nth`](Self::nth) and
    /// [`rank`](Self::rank) calls remembered (the unrank cache).
    ///
    /// Random access into a large space counts bounded partitions on demand and keeps the
    /// coefficient lists it computed (at most 2^20 coefficients, tens of megabytes; past
    /// that the cache starts over), so repeated calls near one index are far cheaper than
    /// the first. A benchmark that calls `nth` at one fixed index therefore measures the
    /// warm cache only; clear it before each call to measure a cold start (a fresh set, or
    /// a worker given a new range), or spread the indices as a search does. The rank tables
    /// of small spaces are not a cache and stay. Results never depend on the cache.
    ///
    /// ```
    /// use scorecheck_folds::{FoldRules, KFoldConfigurations};
    ///
    /// let space = KFoldConfigurations::new(50_000, 50_000, 10, &FoldRules::default())?;
    /// let middle = space.count() / 2u32;
    /// let warm = space.nth(&middle)?;
    /// assert!(space.cached_coefficients() > 0);
    /// space.clear_cache();
    /// assert_eq!(space.cached_coefficients(), 0);
    /// assert_eq!(space.nth(&middle)?, warm);
    /// # Ok::<(), scorecheck_folds::Error>(())
    /// ```
    pub fn clear_cache(&self) {
        self.counter.clear();
    }

    /// Caps the random-access tables at `cells` (a product of many datasets shares one
    /// budget among them; groups above it are ranked with counts computed on demand).
    pub(crate) fn limit_tables(&mut self, cells: u128) {
        self.table_cells = self.table_cells.min(cells);
    }

    /// How many Gaussian binomial coefficients the unrank cache holds now (see
    /// [`clear_cache`](Self::clear_cache)).
    pub fn cached_coefficients(&self) -> usize {
        self.counter.cached()
    }

    /// The `index`-th configuration (`u64`, `u128`, `usize`, `u32` or `&BigUint`).
    ///
    /// Costs one unranking per group of equal-size folds: table lookups for small groups,
    /// otherwise `O(k log(fold size))` Gaussian binomial coefficients of `O(k * p)` additions
    /// each (about 1 ms for `p = n = 5000, k = 10` in a release build; see the crate docs).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::IndexOutOfRange`] when `index` is at or beyond [`count`](Self::count), and
    /// [`ErrorKind::TooLarge`] as for [`range`](Self::range).
    ///
    /// ```
    /// use scorecheck_folds::{FoldRules, KFoldConfigurations};
    ///
    /// let space = KFoldConfigurations::new(38, 262, 5, &FoldRules::default())?;
    /// assert_eq!(space.nth(10u64)?, space.iter().nth(10).unwrap());
    /// assert!(space.nth(918u64).is_err());
    /// # Ok::<(), scorecheck_folds::Error>(())
    /// ```
    pub fn nth(&self, index: impl IntoIndex) -> Result<FoldConfiguration, Error> {
        Ok(self.to_configuration(&self.cursor_at(&index.into_index())?.positives))
    }

    /// The `index`-th configuration, for indices that fit in a `u64`; the same as
    /// [`nth`](Self::nth).
    ///
    /// # Errors
    ///
    /// As [`nth`](Self::nth).
    ///
    /// ```
    /// use scorecheck_folds::{FoldRules, KFoldConfigurations};
    ///
    /// let space = KFoldConfigurations::new(38, 262, 5, &FoldRules::default())?;
    /// assert_eq!(space.nth_u64(917)?, space.iter().last().unwrap());
    /// # Ok::<(), scorecheck_folds::Error>(())
    /// ```
    pub fn nth_u64(&self, index: u64) -> Result<FoldConfiguration, Error> {
        self.nth(index)
    }

    /// The index of `configuration`; the inverse of [`nth`](Self::nth).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::NotAMember`] when `configuration` is not in this set (wrong number of
    /// folds or fold sizes, equal-size folds not in non-decreasing order of positives, or a
    /// configuration the rules remove), and [`ErrorKind::TooLarge`] as for
    /// [`range`](Self::range).
    ///
    /// ```
    /// use scorecheck_folds::{BigUint, FoldRules, KFoldConfigurations};
    ///
    /// let space = KFoldConfigurations::new(5000, 5000, 10, &FoldRules::default())?;
    /// let middle = space.count() / 2u32;
    /// let configuration = space.nth(&middle)?;
    /// assert_eq!(space.rank(&configuration)?, middle);
    /// # Ok::<(), scorecheck_folds::Error>(())
    /// ```
    pub fn rank(&self, configuration: &FoldConfiguration) -> Result<BigUint, Error> {
        let positives = self
            .positives_of(configuration)
            .ok_or(Error::new(ErrorKind::NotAMember))?;
        let access = self.access()?;
        let unfiltered = self.unfiltered_rank_with(access, &positives)?;
        let skipped = access.excluded.iter().filter(|&e| e < &unfiltered).count();
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

    fn access(&self) -> Result<&RandomAccess, Error> {
        self.access
            .get_or_init(|| self.build_access())
            .as_ref()
            .map_err(Clone::clone)
    }

    fn build_access(&self) -> Result<RandomAccess, Error> {
        // No groups or blocks: an empty set, where nothing is a member (`cursor_at` checks
        // the index against the count before it asks for access).
        let [a, b] = self.groups.ok_or(Error::new(ErrorKind::NotAMember))?;
        let (Some(first), Some(last)) = (self.blocks.first(), self.blocks.last()) else {
            return Err(ErrorKind::NotAMember.into());
        };
        let max_a = (last.larger_sum as u128 - a.min_sum()) as u64;
        let max_b = (self.p as u128 - first.larger_sum as u128 - b.min_sum()) as u64;
        // A table too large (or with counts beyond u128) is not an error: that group is
        // ranked with counts computed on demand instead.
        let index = |g: Group, max_sum: u64| {
            BoxTable::build(g.folds, g.upper - g.lower, max_sum, self.table_cells)
                .map_or(GroupIndex::OnDemand, GroupIndex::Table)
        };
        let mut access = RandomAccess {
            larger: index(a, max_a),
            smaller: index(b, max_b),
            excluded: Vec::new(),
        };
        for positives in &self.excluded {
            let rank = self.unfiltered_rank_with(&access, positives)?;
            access.excluded.push(rank);
        }
        access.excluded.sort();
        Ok(access)
    }

    /// The `index`-th member of a group (values in `[g.lower, g.upper]`, sum `g.lower * folds + total`).
    fn group_unrank(
        &self,
        how: &GroupIndex,
        g: Group,
        index: BigUint,
        total: u64,
    ) -> Result<Vec<u64>, Error> {
        let mut values = match how {
            GroupIndex::Table(table) => {
                table.unrank(to_u128(&index, "a group's count")?, g.folds, total)?
            }
            GroupIndex::OnDemand => {
                self.counter
                    .unrank(index, g.folds, g.upper - g.lower, total)?
            }
        };
        values.iter_mut().for_each(|x| *x += g.lower);
        Ok(values)
    }

    /// The index of a group's member; the inverse of `group_unrank`.
    fn group_rank(
        &self,
        how: &GroupIndex,
        g: Group,
        values: &[u64],
        total: u64,
    ) -> Result<BigUint, Error> {
        let shifted: Vec<u64> = values.iter().map(|v| v - g.lower).collect();
        match how {
            GroupIndex::Table(table) => Ok(BigUint::from(table.rank(&shifted, total))),
            GroupIndex::OnDemand => self.counter.rank(&shifted, g.upper - g.lower, total),
        }
    }

    fn unfiltered_rank_with(
        &self,
        access: &RandomAccess,
        positives: &[u64],
    ) -> Result<BigUint, Error> {
        let [a, b] = self.groups.ok_or(Error::new(ErrorKind::NotAMember))?;
        let (pa, pb) = positives.split_at(a.folds);
        let sa: u64 = pa.iter().sum();
        let block_index = self
            .blocks
            .binary_search_by_key(&sa, |blk| blk.larger_sum)
            .map_err(|_| Error::new(ErrorKind::NotAMember))?;
        let block = &self.blocks[block_index];
        let ra = self.group_rank(&access.larger, a, pa, (sa as u128 - a.min_sum()) as u64)?;
        let rb = self.group_rank(
            &access.smaller,
            b,
            pb,
            (self.p as u128 - sa as u128 - b.min_sum()) as u64,
        )?;
        Ok(&block.start + ra * &block.smaller_count + rb)
    }

    /// The cursor at a filtered index.
    pub(crate) fn cursor_at(&self, index: &BigUint) -> Result<Cursor, Error> {
        let count = self.count();
        if index >= &count {
            return Err(Error::out_of_range(index, &count));
        }
        let out_of_range = || Error::out_of_range(index, &count);
        // The first configuration needs no counting (a sweep from the start of a space of
        // 65 folds of 30,000 items spent minutes ranking it).
        if index.is_zero() {
            return self.first_cursor().ok_or_else(out_of_range);
        }
        let access = self.access()?;
        let mut unfiltered = index.clone();
        for e in &access.excluded {
            if e <= &unfiltered {
                unfiltered += 1u8;
            }
        }
        let [a, b] = self.groups.ok_or_else(out_of_range)?;
        let block_index = match self
            .blocks
            .binary_search_by(|blk| blk.start.cmp(&unfiltered))
        {
            Ok(i) => i,
            Err(i) => i.checked_sub(1).ok_or_else(out_of_range)?,
        };
        let block = &self.blocks[block_index];
        let (ia, ib) = (&unfiltered - &block.start).div_rem(&block.smaller_count);
        let sa = block.larger_sum;
        let mut positives =
            self.group_unrank(&access.larger, a, ia, (sa as u128 - a.min_sum()) as u64)?;
        positives.extend(self.group_unrank(
            &access.smaller,
            b,
            ib,
            (self.p as u128 - sa as u128 - b.min_sum()) as u64,
        )?);
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

/// Lazy iterator over (a range of) [`KFoldConfigurations`]; `Clone`, and `Send` (it borrows
/// the set, which is `Sync`).
///
/// ```
/// use scorecheck_folds::{FoldRules, KFoldConfigurations};
///
/// let space = KFoldConfigurations::new(10, 10, 3, &FoldRules::default())?;
/// let mut walk = space.iter();
/// walk.next();
/// let resumed = walk.clone();
/// assert_eq!(walk.count(), 12);
/// assert_eq!(std::thread::scope(|s| s.spawn(move || resumed.count()).join().unwrap()), 12);
/// # Ok::<(), scorecheck_folds::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct Configurations<'a> {
    space: &'a KFoldConfigurations,
    cursor: Option<Cursor>,
    remaining: Option<u128>,
}

impl Configurations<'_> {
    /// Calls `visit` with each remaining configuration's per-fold positives (fold sizes from
    /// [`KFoldConfigurations::fold_sizes`]) without allocating per item: the fast path.
    ///
    /// ```
    /// use scorecheck_folds::{FoldRules, KFoldConfigurations};
    ///
    /// let space = KFoldConfigurations::new(38, 262, 5, &FoldRules::default())?;
    /// let mut largest_first_fold = 0;
    /// space.iter().for_each_positives(|p| largest_first_fold = largest_first_fold.max(p[0]));
    /// assert_eq!(largest_first_fold, 7);
    /// # Ok::<(), scorecheck_folds::Error>(())
    /// ```
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

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A count whose polynomial would take minutes (300 folds of 6,667 items) is refused at
    /// once; 65 folds of 30,769 take about a second and are counted.
    #[test]
    fn counting_is_bounded() {
        let Err(error) = KFoldConfigurations::new(1_000_000, 1_000_000, 300, &FoldRules::none())
        else {
            panic!("counted 300 folds of 6,667 items");
        };
        assert!(
            matches!(error.kind(), ErrorKind::TooLarge { .. }),
            "{error}"
        );
        assert!(!error.to_string().contains("random access"), "{error}");
    }

    /// A product of many datasets shares one budget of random-access tables: a thousand
    /// datasets hold no more table memory than one, and rank as before (groups above their
    /// share are ranked on demand).
    #[test]
    fn a_product_shares_one_table_budget() {
        use crate::{ConfigurationProduct, RepeatedConfigurations};
        let parts: Vec<RepeatedConfigurations> = (0..1000u64)
            .map(|i| {
                let base = KFoldConfigurations::new(10 + i, 20 + i, 2, &FoldRules::none()).unwrap();
                RepeatedConfigurations::new(base, 1).unwrap()
            })
            .collect();
        let product = ConfigurationProduct::new(parts);
        for part in product.parts() {
            assert!(part.base().table_cells <= MAX_TABLE_CELLS / 1000);
        }
        let middle = product.count() / 2u32;
        let item = product.nth(&middle).unwrap();
        assert_eq!(product.rank(&item).unwrap(), middle);
    }

    fn rules() -> impl Strategy<Value = FoldRules> {
        (any::<bool>(), any::<bool>(), any::<bool>()).prop_map(|(a, b, c)| {
            FoldRules::none()
                .require_positive_in_each_fold(a)
                .require_negative_in_each_fold(b)
                .require_two_folds_with_each_class(c)
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Without tables (every group ranked on demand), random access still follows the
        /// iteration order exactly.
        #[test]
        fn on_demand_access_follows_the_iteration(
            (p, n, k) in (0u64..16, 0u64..16, 1u64..7).prop_filter("k <= p + n", |(p, n, k)| *k <= p + n),
            rules in rules(),
            a in 0u64..60,
            len in 0u64..8,
        ) {
            let mut space = KFoldConfigurations::new(p, n, k, &rules).unwrap();
            space.table_cells = 0;
            let listed: Vec<FoldConfiguration> = space.iter().collect();
            for (i, c) in listed.iter().enumerate() {
                prop_assert_eq!(&space.nth(i)?, c);
                prop_assert_eq!(space.rank(c)?, BigUint::from(i));
            }
            if let Some(Ok(access)) = space.access.get() {
                prop_assert!(matches!(access.larger, GroupIndex::OnDemand));
                prop_assert!(matches!(access.smaller, GroupIndex::OnDemand));
            }
            prop_assert!(space.nth(listed.len()).is_err());
            let got: Vec<_> = space.range(a, a + len)?.collect();
            let want: Vec<_> = listed.iter().skip(a as usize).take(len as usize).cloned().collect();
            prop_assert_eq!(got, want);
        }
    }
}
