//! The error type of the evaluation layer.

use std::fmt;

/// What went wrong, for callers that react differently to different failures.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A score that is NaN or infinite.
    NonFiniteScore {
        /// Which list the score is in: `"positives"`, `"negatives"` or `"scores"`.
        list: &'static str,
        /// Its 0-based position in that list.
        index: usize,
    },
    /// Labels and scores of different lengths.
    LengthMismatch {
        /// Number of labels.
        labels: usize,
        /// Number of scores.
        scores: usize,
    },
    /// Outputs with no positive or no negative sample.
    OneClassOnly {
        /// Number of positives (with scores).
        positives: usize,
        /// Number of negatives (with scores).
        negatives: usize,
    },
    /// A target rate outside [0, 1] or not finite.
    InvalidTarget {
        /// The target as given.
        target: f64,
    },
    /// An option out of its range (alpha, number of bootstrap samples, ...).
    InvalidOption {
        /// Which option and what it must be.
        reason: String,
    },
    /// The caller's [`Stop`](crate::Stop) asked to stop before the bootstrap was done.
    Stopped {
        /// Bootstrap samples drawn and evaluated.
        done: usize,
        /// Bootstrap samples asked for.
        total: usize,
    },
}

/// An error of the evaluation layer; its message says what to change.
#[derive(Clone, Debug, PartialEq)]
pub struct Error {
    kind: ErrorKind,
}

impl Error {
    pub(crate) fn new(kind: ErrorKind) -> Error {
        Error { kind }
    }

    pub(crate) fn option(reason: impl Into<String>) -> Error {
        Error::new(ErrorKind::InvalidOption {
            reason: reason.into(),
        })
    }

    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ErrorKind::NonFiniteScore { list, index } => write!(
                f,
                "score {index} (0-based) of the {list} is NaN or infinite; remove that sample or give it a finite score"
            ),
            ErrorKind::LengthMismatch { labels, scores } => write!(
                f,
                "{labels} labels but {scores} scores; give one label per score"
            ),
            ErrorKind::OneClassOnly {
                positives,
                negatives,
            } => write!(
                f,
                "the outputs have {positives} positives and {negatives} negatives; rates, thresholds and AUC need at least one of each (check the positive label)"
            ),
            ErrorKind::InvalidTarget { target } => write!(
                f,
                "target rate {target} is not in [0, 1]; give a rate such as 0.01"
            ),
            ErrorKind::InvalidOption { reason } => write!(f, "{reason}"),
            ErrorKind::Stopped { done, total } => write!(
                f,
                "stopped on request after {done} of {total} bootstrap samples; no interval is given"
            ),
        }
    }
}

impl std::error::Error for Error {}
