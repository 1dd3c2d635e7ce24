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
//!   enumerates. Random access builds a table per group on first use; it needs each group's
//!   count to fit in a `u128` and the table to stay below 2^24 cells, and otherwise returns
//!   [`ErrorKind::TooLarge`] (iteration still works).
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
//! # Ok::<(), scorecheck_folds::Error>(())
//! ```
//!
//! Cargo features: none.

mod error;
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
pub use kfold::{Configurations, KFoldConfigurations};
pub use partitions::{BoundedPartitions, PartitionIter};
pub use product::{ConfigurationProduct, ProductItem, ProductIter};
pub use ranges::{index_ranges, IndexRanges};
pub use repeats::{RepeatedConfigurations, RepeatedIter};
pub use rules::{Fold, FoldConfiguration, FoldRules, FoldSizes};
pub use stratified::{stratified_sklearn_binary, stratified_sklearn_folds};
