//! The error type of the CBPE layer.

use std::fmt;

/// What went wrong, for callers that react differently to different failures.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A sample with no rows.
    Empty {
        /// Which sample ("reference" or "analysis").
        sample: String,
    },
    /// Columns of different lengths.
    LengthMismatch {
        /// Which column is off.
        column: String,
        /// Its length.
        found: usize,
        /// The length of the probability column.
        expected: usize,
    },
    /// A probability that is not a finite number in [0, 1].
    ProbabilityOutOfRange {
        /// Zero-based row within the sample.
        row: usize,
        /// The value as given.
        value: f64,
    },
    /// Reference data without labels.
    MissingLabels,
    /// A multiclass reference in which a class never occurs as a label.
    MissingClass {
        /// The class's index (its place among the probability columns).
        class: usize,
    },
    /// Reference labels of one class only.
    OneClass {
        /// The only class present.
        class: bool,
    },
    /// A chunking that cannot split the data (size or count 0, or more chunks than rows).
    InvalidChunking {
        /// Why.
        reason: String,
    },
    /// Too few rows for the calibration check's splits and bins.
    TooFewForCalibration {
        /// Rows in the reference.
        rows: usize,
    },
    /// A metric name that is neither a score of the algebra nor one of CBPE's own
    /// (`roc_auc`, `average_precision`, the confusion-matrix cells, `business_value`).
    UnknownMetric {
        /// The name as given.
        name: String,
        /// Close names, best first.
        suggestions: Vec<String>,
    },
    /// An option out of range (for example a test fraction outside (0, 1)).
    InvalidOption {
        /// Which option and why.
        reason: String,
    },
    /// The caller's [`Stop`](crate::Stop) asked to stop before the work was done.
    Stopped {
        /// What was under way ("fitting the reference", "estimating the analysis chunks").
        stage: String,
        /// Steps of that stage finished.
        done: usize,
        /// Steps of that stage in all.
        total: usize,
    },
}

/// An error of the CBPE layer; its message says what to change.
#[derive(Clone, Debug, PartialEq)]
pub struct Error {
    kind: ErrorKind,
}

impl Error {
    pub(crate) fn new(kind: ErrorKind) -> Error {
        Error { kind }
    }

    /// The error of work stopped by the caller's [`Stop`](crate::Stop).
    pub(crate) fn stopped(stage: &str, done: usize, total: usize) -> Error {
        Error::new(ErrorKind::Stopped {
            stage: stage.into(),
            done,
            total,
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
            ErrorKind::Empty { sample } => {
                write!(f, "the {sample} data has no rows; give at least one row")
            }
            ErrorKind::LengthMismatch {
                column,
                found,
                expected,
            } => write!(
                f,
                "column {column} has {found} values but the probabilities have {expected}; give one value per row"
            ),
            ErrorKind::ProbabilityOutOfRange { row, value } => write!(
                f,
                "row {row}: probability {value} is not a number in [0, 1]; give calibrated scores of the positive class"
            ),
            ErrorKind::MissingLabels => write!(
                f,
                "the reference data has no labels; CBPE fits its calibration and thresholds on labelled reference data"
            ),
            ErrorKind::OneClass { class } => write!(
                f,
                "every reference label is {}; the reference needs both classes (0 and 1) to calibrate and to set thresholds",
                u8::from(*class)
            ),
            ErrorKind::InvalidChunking { reason } => write!(f, "cannot chunk the data: {reason}"),
            ErrorKind::TooFewForCalibration { rows } => write!(
                f,
                "{rows} reference rows are too few to decide on calibration (the pooled test parts need at least 4 rows for 2 equal-count bins); give more reference rows or set the calibration rule to always or never"
            ),
            ErrorKind::UnknownMetric { name, suggestions } => {
                write!(f, "unknown metric {name:?}")?;
                if suggestions.is_empty() {
                    write!(f, "; use roc_auc, average_precision, confusion_matrix, business_value or a score such as f1, precision, recall, specificity, accuracy")
                } else {
                    write!(f, "; did you mean {}?", suggestions.join(", "))
                }
            }
            ErrorKind::InvalidOption { reason } => write!(f, "invalid option: {reason}"),
            ErrorKind::MissingClass { class } => write!(
                f,
                "invalid option: class {class} never occurs among the reference labels; the reference needs every class"
            ),
            ErrorKind::Stopped { stage, done, total } => write!(
                f,
                "stopped on request while {stage}, after {done} of {total} steps; no estimate is given"
            ),
        }
    }
}

impl std::error::Error for Error {}
