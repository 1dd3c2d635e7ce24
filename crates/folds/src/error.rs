//! The error type of this crate: an opaque struct holding a kind.

use std::fmt;

use num_bigint::BigUint;
use num_traits::Zero;

/// What went wrong; every variant's message says what to change.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The number of folds was zero.
    ZeroFolds,
    /// More folds than samples were asked for.
    MoreFoldsThanSamples {
        /// The requested number of folds.
        folds: u64,
        /// The number of samples (positives plus negatives, or the sum of class counts).
        samples: u64,
    },
    /// scikit-learn's `StratifiedKFold` needs at least two splits.
    TooFewSplits {
        /// The requested number of splits.
        folds: u64,
    },
    /// scikit-learn refuses a split count above every class's size.
    SplitsExceedEveryClass {
        /// The requested number of splits.
        folds: u64,
        /// The largest class.
        largest_class: u64,
    },
    /// No class counts were given.
    NoClasses,
    /// The partition bounds are inverted (`lower > upper`).
    InvertedBounds {
        /// The lower bound per part.
        lower: u64,
        /// The upper bound per part.
        upper: u64,
    },
    /// The problem is too large for the requested exact computation.
    TooLarge {
        /// What was too large, in words.
        what: &'static str,
    },
    /// An index was at or beyond the number of items it indexes.
    IndexOutOfRange {
        /// The index asked for.
        index: BigUint,
        /// The number of items (valid indices are `0..count`).
        count: BigUint,
    },
    /// A configuration passed to `rank` is not a member of the set.
    NotAMember,
    /// The repeat count was zero.
    ZeroRepeats,
    /// The caller's stop condition held (a deadline passed) before the configurations were
    /// counted.
    Stopped,
}

/// The error of every fallible function in this crate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
}

impl Error {
    pub(crate) fn new(kind: ErrorKind) -> Self {
        Error { kind }
    }

    /// `index` is at or beyond `count`.
    pub(crate) fn out_of_range(index: &BigUint, count: &BigUint) -> Self {
        Error::new(ErrorKind::IndexOutOfRange {
            index: index.clone(),
            count: count.clone(),
        })
    }

    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }
}

impl From<ErrorKind> for Error {
    fn from(kind: ErrorKind) -> Self {
        Error::new(kind)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ErrorKind::ZeroFolds => write!(f, "the number of folds is 0; use k >= 1"),
            ErrorKind::MoreFoldsThanSamples { folds, samples: 0 } => write!(
                f,
                "{folds} folds requested but the dataset has no samples; give p + n >= {folds}"
            ),
            ErrorKind::MoreFoldsThanSamples { folds, samples } => write!(
                f,
                "{folds} folds requested but the dataset has only {samples} samples; use k <= {samples}"
            ),
            ErrorKind::TooFewSplits { folds } => write!(
                f,
                "scikit-learn's StratifiedKFold needs n_splits >= 2, got {folds}; use at least 2 folds"
            ),
            ErrorKind::SplitsExceedEveryClass { folds, largest_class } => write!(
                f,
                "n_splits={folds} is greater than the size of every class (largest {largest_class}); \
                 scikit-learn rejects this, use at most {largest_class} folds"
            ),
            ErrorKind::NoClasses => write!(f, "no class counts given; give at least one class with a positive count"),
            ErrorKind::InvertedBounds { lower, upper } => write!(
                f,
                "the lower bound per part ({lower}) exceeds the upper bound ({upper}); swap or widen them"
            ),
            ErrorKind::TooLarge { what } if what.contains("random-access") => write!(
                f,
                "{what} is too large for exact computation here; use a smaller dataset or fewer folds, \
                 or iterate instead of using random access"
            ),
            ErrorKind::TooLarge { what } => write!(
                f,
                "{what} is too large for exact computation here; use a smaller dataset or fewer folds"
            ),
            ErrorKind::Stopped => write!(
                f,
                "stopped (the time ran out) before the fold configurations were counted; allow more time"
            ),
            ErrorKind::IndexOutOfRange { index, count } if count.is_zero() => write!(
                f,
                "index {index} is out of range: there are no items to index (count() is 0)"
            ),
            ErrorKind::IndexOutOfRange { index, count } => write!(
                f,
                "index {index} is out of range: there are {count} items; use an index below {count}"
            ),
            ErrorKind::NotAMember => write!(
                f,
                "the configuration is not in this set (wrong fold sizes, order, sums or rules); \
                 rank only configurations produced by the same set"
            ),
            ErrorKind::ZeroRepeats => write!(f, "the number of repeats is 0; use at least 1 repeat"),
        }
    }
}

impl std::error::Error for Error {}
