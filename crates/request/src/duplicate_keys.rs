//! Finding a key given twice in one JSON object, which serde_json would let the last win.
//!
//! A request such as `{"scores": {"acc": 0.9, "acc": 0.8}}` is ambiguous, and silently
//! keeping the last value can flip a verdict. The request parser ([`Json::parse`]) refuses
//! it while it reads, in the same single pass that bounds the nesting; this is that check on
//! its own, for callers that hold text.

use crate::json::{Json, ParseError};

/// The field path of the first key that occurs twice in one object of `text`; `None` when
/// every key is unique (or the text is not JSON, or nests deeper than the parser reads).
pub fn first_duplicate_key(text: &str) -> Option<String> {
    match Json::parse(text) {
        Err(ParseError::DuplicateKey(path)) => Some(path),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::first_duplicate_key;

    #[test]
    fn duplicates_are_found_with_their_path() {
        for (text, expected) in [
            (r#"{"a": 1, "b": 2}"#, None),
            (r#"{"a": 1, "a": 2}"#, Some("a")),
            (r#"{"s": {"acc": 0.9, "acc": 0.8}}"#, Some("s.acc")),
            (r#"{"s": {"acc": 0.9}, "t": {"acc": 0.8}}"#, None),
            (r#"{"f": [{"p": 1}, {"p": 2, "p": 3}]}"#, Some("f[1].p")),
            (r#"{"a\u0062": 1, "ab": 2}"#, Some("ab")),
            (
                r#"{"k": "a,\"b\"", "a": {"k": 1}, "k2": [1, {"x": [], "x": 1}]}"#,
                Some("k2[1].x"),
            ),
            (r#"[{"a": 1}, {"a": 1}]"#, None),
            (
                r#"{"a": {}, "b": {"a": 1}, "c": "{\"a\": 1, \"a\": 2}"}"#,
                None,
            ),
        ] {
            assert_eq!(first_duplicate_key(text).as_deref(), expected, "{text}");
        }
    }
}
