//! Fold configurations of k-fold cross-validation, enumerated, counted and indexed exactly.
//!
//! When a paper reports scores averaged over the folds of k-fold cross-validation without
//! saying how the positives fell into the folds, every possible split has to be considered.
//! This layer enumerates those splits for plain k-fold (fold sizes fixed, class counts per
//! fold free), following the rules of the reference implementation `mlscorecheck` 1.0.3:
//!
//! - [`BoundedPartitions`]: integer partitions into a fixed number of bounded parts;
//! - [`KFoldConfigurations`]: the fold configurations of one binary dataset, under explicit
//!   [`FoldRules`] (default: the reference's), with exact [`count`](KFoldConfigurations::count)
//!   (no enumeration), lazy iteration, [`nth`](KFoldConfigurations::nth) /
//!   [`rank`](KFoldConfigurations::rank), and [`range`](KFoldConfigurations::range) for
//!   splitting work;
//! - [`RepeatedConfigurations`]: r repeats as multisets of configurations (averaging does not
//!   see their order); [`ConfigurationProduct`]: several datasets;
//! - [`index_ranges`]: index chunks to hand to parallel workers;
//! - [`IntoIndex`]: the index types random access accepts (`u64`, `u128`, `&BigUint`, ...);
//! - [`stratified_sklearn_folds`]: the per-fold class counts of scikit-learn's
//!   `StratifiedKFold` without shuffling.
//!
//! Conventions and differences from the reference:
//!
//! - Folds are listed larger folds first; within a group of equal-size folds the positive
//!   counts are non-decreasing (folds of equal size are interchangeable, so only multisets
//!   count). Configurations are ordered like the reference enumerates them (by the positives in
//!   the larger folds, then lexicographically), so index `i` here is the reference's `i`-th.
//! - [`FoldRules::require_two_folds_with_each_class`] is the reference's silent
//!   `not_enough_diverse_folds` filter (for `k >= 2`, at least two folds with positives and two
//!   with negatives); it is on by default and can be switched off.
//! - Repeats are multisets (`C(N + r - 1, r)`), where the reference takes the Cartesian product
//!   (`N^r`) of identical generators; averaged scores cannot tell the two apart.
//! - Counting uses Gaussian binomial coefficients per group of equal-size folds and never
//!   enumerates.
//! - Random access works at any size, so a big enumeration can be split across workers
//!   ([`index_ranges`], [`range`](KFoldConfigurations::range)) or resumed. On first use each
//!   group of equal-size folds gets a table of counts when it has at most 2^20 cells (16 MiB)
//!   and its counts fit in a `u128`; otherwise the group is ranked with Gaussian binomial
//!   coefficients computed on demand (`O(k log(fold size))` of them per unrank, each
//!   `O(k * p)` additions in `i128` while the counts fit), with a cache of at most 2^20
//!   coefficients. Nothing is materialised beyond that: memory stays linear in the sums.
//!   Indices are `u64`, `u128`, `usize`, `u32` or `&BigUint` ([`IntoIndex`]).
//! - Every set and iterator is `Clone + Send + Sync`; a clone of a set is independent (it
//!   starts with an empty cache), so a worker thread may own one.
//!
//! Measured cost (release build, one core of a shared 2-core machine, `examples/split_enumeration.rs`):
//! for p = n = 5000, k = 10 (1.2 · 10^20 configurations, no table), counting takes 0.25 ms,
//! the first `nth` 2 ms, later `nth` calls about 1 ms each (1.3 ms from a fresh clone), `rank`
//! 0.3 ms, and four workers walk 250,000 configurations from the middle in 19 ms.
//! Where a table fits the first `nth` pays for it and later ones are faster (p = n = 1000,
//! k = 10: 8 ms to build, then 2 µs per `nth`, against 30 µs on demand).
//!
//! What it deliberately does not do: decide anything about scores (no score arithmetic, no
//! feasibility), shuffle-dependent or grouped splitters, or floating point of any kind.
//! It depends on no other scorecheck crate.
//!
//! ```
//! use num_bigint::BigUint;
//! use scorecheck_folds::{FoldRules, KFoldConfigurations};
//!
//! // 38 positives, 262 negatives, 5 folds, sensitivity and specificity reported.
//! let space = KFoldConfigurations::new(38, 262, 5, &FoldRules::default())?;
//! assert_eq!(space.count(), BigUint::from(918u32));
//! let tenth = space.nth(&BigUint::from(10u32))?;
//! assert_eq!(space.rank(&tenth)?, BigUint::from(10u32));
//! assert_eq!(space.iter().nth(10), Some(tenth));
//!
//! // p = n = 5000, k = 10: far too many to walk, but any index is one unrank away, and a
//! // range resumes the walk from there.
//! let big = KFoldConfigurations::new(5000, 5000, 10, &FoldRules::default())?;
//! let middle = big.count() / 2u32;
//! let next_three: Vec<_> = big.range(&middle, &(&middle + 3u32))?.collect();
//! assert_eq!(next_three[2], big.nth(&(&middle + 2u32))?);
//! # Ok::<(), scorecheck_folds::Error>(())
//! ```
//!
//! Cargo features: `serde` (`Serialize`/`Deserialize` derives on the typed values; no format
//! is imposed). None is on by default.

#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(unreachable_pub)]

mod counting;
mod error;
mod index;
mod kfold;
mod partitions;
mod product;
mod ranges;
mod repeats;
mod rules;
mod stratified;

/// Counts and indices are `num_bigint::BigUint`, re-exported so callers need not pin the same version.
pub use num_bigint::BigUint;

pub use error::{Error, ErrorKind};

/// A stop condition a caller with a deadline hands to the counting (see
/// [`KFoldConfigurations::new_until`]): asked now and then, `true` ends the work with
/// [`ErrorKind::Stopped`].
pub type Stop = std::sync::Arc<dyn Fn() -> bool + Send + Sync>;
pub use index::IntoIndex;
pub use kfold::{Configurations, KFoldConfigurations};
pub use partitions::{BoundedPartitions, PartitionIter};
pub use product::{ConfigurationProduct, ProductItem, ProductIter};
pub use ranges::{index_ranges, split_ranges, IndexRanges};
pub use repeats::{RepeatedConfigurations, RepeatedIter};
pub use rules::{Fold, FoldConfiguration, FoldRules, FoldSizes};
pub use stratified::{stratified_sklearn_binary, stratified_sklearn_folds};
