//! Finding a key given twice in one JSON object, which serde_json would let the last win.
//!
//! A request such as `{"scores": {"acc": 0.9, "acc": 0.8}}` is ambiguous, and silently
//! keeping the last value can flip a verdict. serde_json has no option to refuse duplicate
//! keys while keeping the number text we need, so this scan walks the (already valid) JSON
//! text once more, in linear time, and reports the first duplicate with its field path.

use std::collections::HashSet;

use crate::input::{index, join};

/// One open container of the scan.
enum Frame {
    Object {
        path: String,
        keys: HashSet<String>,
        /// The key whose value comes next (`None` while a key is expected).
        key: Option<String>,
    },
    Array {
        path: String,
        next: usize,
    },
}

impl Frame {
    /// The field path of the value that starts now inside this container.
    fn child_path(&self) -> String {
        match self {
            Frame::Object { path, key, .. } => join(path, key.as_deref().unwrap_or("")),
            Frame::Array { path, next } => index(path, *next),
        }
    }
}

/// The field path of the first key that occurs twice in one object of `text`, which must
/// be valid JSON (the caller has parsed it); `None` when every key is unique.
pub fn first_duplicate_key(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut stack: Vec<Frame> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                let start = i;
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    if bytes[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
                let token = &text[start..(i + 1).min(text.len())];
                if let Some(Frame::Object { path, keys, key }) = stack.last_mut() {
                    if key.is_none() {
                        // Escapes decoded, so "a" and "\u0061" are the same key.
                        let name: String = serde_json::from_str(token).unwrap_or_default();
                        if !keys.insert(name.clone()) {
                            return Some(join(path, &name));
                        }
                        *key = Some(name);
                    }
                }
            }
            b'{' | b'[' => {
                let path = stack.last().map_or_else(String::new, Frame::child_path);
                stack.push(if bytes[i] == b'{' {
                    Frame::Object {
                        path,
                        keys: HashSet::new(),
                        key: None,
                    }
                } else {
                    Frame::Array { path, next: 0 }
                });
            }
            b'}' | b']' => {
                stack.pop();
            }
            b',' => match stack.last_mut() {
                Some(Frame::Object { key, .. }) => *key = None,
                Some(Frame::Array { next, .. }) => *next += 1,
                None => {}
            },
            _ => {}
        }
        i += 1;
    }
    None
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
