//! The error type of the algebra layer.

use std::fmt;

/// What went wrong, for callers that react differently to different failures.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A score name that matches no score, abbreviation or synonym.
    UnknownScore {
        /// The name as given.
        name: String,
        /// Known names closest to it, best first.
        suggestions: Vec<String>,
    },
    /// A reported figure that is not a finite decimal number.
    InvalidNumber {
        /// The text as given.
        text: String,
    },
    /// A confusion matrix whose counts do not fit together (for example tp > p).
    InvalidMatrix {
        /// Which count is wrong and why.
        reason: String,
    },
}

/// An error of the algebra layer; its message says what to change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
}

impl Error {
    pub(crate) fn new(kind: ErrorKind) -> Error {
        Error { kind }
    }

    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ErrorKind::UnknownScore { name, suggestions } => {
                // A long name is echoed by its start.
                match name.char_indices().nth(200) {
                    None => write!(f, "unknown score name {name:?}")?,
                    Some((at, _)) => write!(
                        f,
                        "unknown score name {:?} ({} more characters)",
                        &name[..at],
                        name[at..].chars().count()
                    )?,
                }
                if suggestions.is_empty() {
                    write!(
                        f,
                        "; use an abbreviation such as acc, sens, spec, ppv, f1p or mcc"
                    )
                } else {
                    write!(f, "; did you mean {}?", suggestions.join(", "))
                }
            }
            ErrorKind::InvalidNumber { text } => write!(
                f,
                "{text:?} is not a finite decimal number in range; write it like 0.954 or 9.54e-1 (at most 1000 digits, exponent within ±400)"
            ),
            ErrorKind::InvalidMatrix { reason } => write!(f, "invalid confusion matrix: {reason}"),
        }
    }
}

impl std::error::Error for Error {}
