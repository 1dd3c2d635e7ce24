//! Finding a key given twice in one JSON object, which serde_json would let the last win.
//!
//! A request such as `{"scores": {"acc": 0.9, "acc": 0.8}}` is ambiguous, and silently
//! keeping the last value can flip a verdict. The request parser ([`Json::parse`]) refuses
//! it while it reads, in the same single pass that bounds the nesting; this is that check on
//! its own, for callers that hold text.

use crate::{Json, ParseError};

/// The field path of the first key that occurs twice in one object of `text`; `None` when
/// every key is unique (or the text is not JSON, or nests deeper than the parser reads).
pub fn first_duplicate_key(text: &str) -> Option<String> {
    match Json::parse(text) {
        Err(ParseError::DuplicateKey(path)) => Some(path),
        _ => None,
    }
}
