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
