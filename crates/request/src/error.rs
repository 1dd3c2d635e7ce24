//! The facade's error type: what went wrong, where in the request, and what to change.

use std::fmt;

/// What kind of problem a request had.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The input is not valid JSON (or not a JSON object where one is needed).
    InvalidJson,
    /// The `check` names no known protocol.
    UnknownCheck,
    /// A score name that matches no known score.
    UnknownScore,
    /// A required field is absent.
    MissingField,
    /// A field the protocol does not take (often a typo).
    UnknownField,
    /// A field has the wrong type or an impossible value.
    InvalidValue,
    /// The fields are individually fine but contradict each other.
    Contradiction,
    /// The request asks for something this build cannot do (e.g. a backend not compiled in).
    Unsupported,
}

impl ErrorKind {
    /// The stable snake_case name used in JSON error records.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorKind::InvalidJson => "invalid_json",
            ErrorKind::UnknownCheck => "unknown_check",
            ErrorKind::UnknownScore => "unknown_score",
            ErrorKind::MissingField => "missing_field",
            ErrorKind::UnknownField => "unknown_field",
            ErrorKind::InvalidValue => "invalid_value",
            ErrorKind::Contradiction => "contradiction",
            ErrorKind::Unsupported => "unsupported",
        }
    }
}

/// The most characters an error's field or message keeps: one echoing a 16 MB name of the
/// request keeps its start and says how much it left out.
const MAX_ERROR_CHARS: usize = 2_000;

/// `text`, or its first [`MAX_ERROR_CHARS`] characters and how many were left out.
fn clipped(text: String) -> String {
    match text.char_indices().nth(MAX_ERROR_CHARS) {
        None => text,
        Some((at, _)) => {
            let left = text[at..].chars().count();
            format!("{}... ({left} more characters)", &text[..at])
        }
    }
}

#[cfg(test)]
mod clip_tests {
    use super::*;

    #[test]
    fn long_fields_and_messages_keep_their_start() {
        let name = "x".repeat(5_000);
        let error = Error::invalid(&format!("scores.{name}"), format!("unknown score {name:?}"));
        let field = error.field().unwrap();
        assert!(
            field.ends_with("... (3007 more characters)"),
            "{}",
            &field[1990..]
        );
        let more = format!("unknown score {name:?}").len() - 2_000;
        assert!(error
            .message()
            .ends_with(&format!("... ({more} more characters)")));
        assert_eq!(Error::invalid("eps", "short").message(), "short");
    }
}

/// A request that cannot be answered, with the path of the offending field
/// (e.g. `testset.p`, `scores.acuracy`, `eps`) and a message saying what to change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    field: Option<String>,
    message: String,
}

impl Error {
    /// An error of `kind` about `field` (a dotted path; `None` for the request as a whole).
    pub fn new(kind: ErrorKind, field: Option<&str>, message: impl Into<String>) -> Error {
        Error {
            kind,
            field: field.map(|f| clipped(f.to_string())),
            message: clipped(message.into()),
        }
    }

    /// An [`ErrorKind::InvalidValue`] error about `field`.
    pub fn invalid(field: &str, message: impl Into<String>) -> Error {
        Error::new(ErrorKind::InvalidValue, Some(field), message)
    }

    /// An [`ErrorKind::Contradiction`] error about `field`.
    pub fn contradiction(field: &str, message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Contradiction, Some(field), message)
    }

    /// An [`ErrorKind::MissingField`] error about `field`.
    pub fn missing(field: &str, message: impl Into<String>) -> Error {
        Error::new(ErrorKind::MissingField, Some(field), message)
    }

    /// An [`ErrorKind::Unsupported`] error about `field`.
    pub fn unsupported(field: &str, message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Unsupported, Some(field), message)
    }

    /// An [`ErrorKind::UnknownScore`] error about `field`.
    pub fn unknown_score(field: &str, message: impl Into<String>) -> Error {
        Error::new(ErrorKind::UnknownScore, Some(field), message)
    }

    /// What kind of problem it is.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The path of the offending input field, if one is to blame.
    pub fn field(&self) -> Option<&str> {
        self.field.as_deref()
    }

    /// The message, without the field prefix.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The JSON error record `{"kind", "message", "field"}`.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "kind": self.kind.as_str(),
            "message": self.message,
            "field": self.field,
        })
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.field {
            Some(field) => write!(f, "{field}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for Error {}

/// Shorthand for results of this crate.
pub type Result<T> = std::result::Result<T, Error>;
