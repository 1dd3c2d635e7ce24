//! scorecheck-json: a JSON tree whose numbers keep the text they were written with and
//! whose objects keep their key order, read in one pass that refuses a key given twice and
//! nesting deeper than [`MAX_DEPTH`].
//!
//! # What it does
//!
//! [`Json::parse`] reads a text into [`Json`] (numbers as [`Number`]: `0.950` stays
//! `0.950`; objects as [`JsonMap`], in the order written), linear in the text's length;
//! [`first_duplicate_key`] names the first key given twice, for callers that hold text;
//! [`join`] and [`index`] build the dotted field paths (`scores.acc`, `testsets[2]`) that
//! errors name. [`Json`] prints back as compact JSON text, numbers as written.
//!
//! Requests are read from this tree, not from `serde_json::Value`, for two reasons. A reported
//! figure is an exact decimal whose written digits matter (`0.950` has three decimals for
//! `"eps": "auto"`, `0.1` is one tenth, not the nearest binary double), and the order in
//! which scores are given decides the order of explanations. serde_json keeps both only with
//! its `arbitrary_precision` and `preserve_order` features, and cargo would switch those on
//! for every crate that depends on this one (a downstream `#[serde(untagged)]` enum of
//! `f64` or `String` then fails to parse `0.5`). So the text is checked by serde_json (its
//! error messages), then read once more by the small parser below into [`Json`].
//!
//! Results are still built as `serde_json::Value`; [`Json::to_value`] converts the few
//! request parts a result repeats.
//!
//! # Why a crate of its own
//!
//! It is a foundation that knows nothing of requests: the request reader
//! (`scorecheck-request`, which re-exports it as `scorecheck_request::json`) reads every
//! request from it, the table of papers (`scorecheck-table`) builds each row's request as
//! a tree with the cells' numbers as written, and the CLI's `eval` refuses a key given twice
//! in its JSON reports with [`first_duplicate_key`]. None of them needs the request layer
//! to read JSON exactly, and the reader's limits (depth, duplicate keys) are tested once,
//! here.
//!
//! # What it does not do
//!
//! No serde `Deserialize` into user types, no streaming, no pretty printing, no arithmetic
//! on numbers (their text is handed to whoever reads them as exact decimals).
//!
//! ```
//! use scorecheck_json::{Json, ParseError};
//!
//! let json = Json::parse(r#"{"scores": {"acc": 0.950, "sens": 1e-1}}"#)?;
//! assert_eq!(json["scores"]["acc"].to_string(), "0.950");
//! assert_eq!(json.to_string(), r#"{"scores":{"acc":0.950,"sens":1e-1}}"#);
//! assert_eq!(
//!     Json::parse(r#"{"acc": 0.9, "acc": 0.8}"#),
//!     Err(ParseError::DuplicateKey("acc".into()))
//! );
//! # Ok::<(), ParseError>(())
//! ```
//!
//! Cargo features: none.

#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(unreachable_pub)]

mod duplicate_keys;

pub use duplicate_keys::first_duplicate_key;

use std::collections::HashMap;
use std::fmt;

/// A JSON number as written in the request (`0.950`, `1e-4`, `1000`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Number(String);

impl Number {
    /// The number of `text`, if `text` is one JSON number.
    pub fn parse(text: &str) -> Option<Number> {
        let mut parser = Parser {
            bytes: text.as_bytes(),
            at: 0,
            depth: 0,
            first_wins: false,
        };
        let number = parser.number().ok()?;
        (parser.at == text.len()).then_some(number)
    }

    /// The number of a figure as a person writes it in a table cell or on a command line:
    /// one JSON number, or one with a leading `+` (`+0.954` is the number `0.954`, as a
    /// JSON string of it would give; JSON numbers themselves have no plus sign).
    pub fn parse_written(text: &str) -> Option<Number> {
        let unsigned = text
            .strip_prefix('+')
            .filter(|rest| rest.starts_with(|c: char| c.is_ascii_digit()));
        Number::parse(unsigned.unwrap_or(text))
    }

    /// The number as written.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The number as a `u64`, if it is written as a whole number that fits.
    pub fn as_u64(&self) -> Option<u64> {
        self.0.parse().ok()
    }

    /// The number as an `i64`, if it is written as a whole number that fits.
    pub fn as_i64(&self) -> Option<i64> {
        self.0.parse().ok()
    }

    /// The nearest `f64` (display and pruning only).
    pub fn as_f64(&self) -> Option<f64> {
        self.0.parse().ok().filter(|x: &f64| x.is_finite())
    }
}

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// An object: its members in the order written (keys are unique: the parser refuses a key
/// given twice, and [`JsonMap::insert`] replaces in place).
///
/// Objects are small in every valid request, but a hostile one may hold 100,000 keys, so
/// beyond 16 members a hash index keeps `get` and `insert` constant-time
/// (reading stays linear in the text).
#[derive(Clone, Debug, Default)]
pub struct JsonMap {
    members: Vec<(String, Json)>,
    /// Position of each key in `members`, kept only for objects of more than
    /// `INDEXED` members.
    index: Option<HashMap<String, usize>>,
}

impl PartialEq for JsonMap {
    fn eq(&self, other: &JsonMap) -> bool {
        self.members == other.members
    }
}

impl JsonMap {
    /// Members up to which a linear scan finds a key (no index is kept).
    const INDEXED: usize = 16;

    /// An empty object.
    pub fn new() -> JsonMap {
        JsonMap::default()
    }

    fn position(&self, key: &str) -> Option<usize> {
        match &self.index {
            Some(index) => index.get(key).copied(),
            None => self.members.iter().position(|(k, _)| k == key),
        }
    }

    /// The member `key`.
    pub fn get(&self, key: &str) -> Option<&Json> {
        self.position(key).map(|at| &self.members[at].1)
    }

    /// Whether `key` is a member.
    pub fn contains_key(&self, key: &str) -> bool {
        self.position(key).is_some()
    }

    /// Sets `key` (in place if present, else at the end).
    pub fn insert(&mut self, key: impl Into<String>, value: Json) {
        let key = key.into();
        match self.position(&key) {
            Some(at) => self.members[at].1 = value,
            None => self.push_new(key, value),
        }
    }

    /// Appends `key`, which the caller knows is not a member.
    fn push_new(&mut self, key: String, value: Json) {
        if let Some(index) = &mut self.index {
            index.insert(key.clone(), self.members.len());
        } else if self.members.len() == JsonMap::INDEXED {
            let mut index: HashMap<String, usize> = self
                .members
                .iter()
                .enumerate()
                .map(|(at, (k, _))| (k.clone(), at))
                .collect();
            index.insert(key.clone(), self.members.len());
            self.index = Some(index);
        }
        self.members.push((key, value));
    }

    /// Removes `key`, returning its value.
    pub fn remove(&mut self, key: &str) -> Option<Json> {
        let at = self.position(key)?;
        let (_, value) = self.members.remove(at);
        if let Some(index) = &mut self.index {
            index.remove(key);
            for position in index.values_mut() {
                if *position > at {
                    *position -= 1;
                }
            }
        }
        Some(value)
    }

    /// The keys in order.
    pub fn keys(&self) -> impl Iterator<Item = &String> {
        self.members.iter().map(|(k, _)| k)
    }

    /// The values in order.
    pub fn values(&self) -> impl Iterator<Item = &Json> {
        self.members.iter().map(|(_, v)| v)
    }

    /// The members in order.
    pub fn iter(&self) -> impl Iterator<Item = (&String, &Json)> {
        self.members.iter().map(|(k, v)| (k, v))
    }

    /// How many members.
    pub fn len(&self) -> usize {
        self.members.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.members.is_empty()
    }
}

impl<'a> IntoIterator for &'a JsonMap {
    type Item = (&'a String, &'a Json);
    type IntoIter = std::iter::Map<
        std::slice::Iter<'a, (String, Json)>,
        fn(&'a (String, Json)) -> (&'a String, &'a Json),
    >;

    fn into_iter(self) -> Self::IntoIter {
        self.members.iter().map(|(k, v)| (k, v))
    }
}

impl IntoIterator for JsonMap {
    type Item = (String, Json);
    type IntoIter = std::vec::IntoIter<(String, Json)>;

    fn into_iter(self) -> Self::IntoIter {
        self.members.into_iter()
    }
}

impl FromIterator<(String, Json)> for JsonMap {
    fn from_iter<I: IntoIterator<Item = (String, Json)>>(iter: I) -> JsonMap {
        let mut map = JsonMap::new();
        for (k, v) in iter {
            map.insert(k, v);
        }
        map
    }
}

/// One JSON value of a request.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Json {
    /// `null`.
    #[default]
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number, as written.
    Number(Number),
    /// A string.
    String(String),
    /// An array.
    Array(Vec<Json>),
    /// An object.
    Object(JsonMap),
}

/// The value of an absent member.
static NULL: Json = Json::Null;

impl Json {
    /// Reads `text` in one pass, linear in its length: nesting is refused beyond
    /// [`MAX_DEPTH`] levels before anything deeper is read, and a key given twice in one
    /// object is refused with its field path.
    ///
    /// # Errors
    ///
    /// A [`ParseError`]: the text is not JSON, nests too deep, or repeats a key.
    pub fn parse(text: &str) -> Result<Json, ParseError> {
        Json::parse_with(text, false)
    }

    /// [`Json::parse`], but a key given twice keeps its first value: what a text refused
    /// for its repeated keys still says elsewhere (a batch line's `id`, for its error
    /// record).
    ///
    /// # Errors
    ///
    /// A [`ParseError`]: the text is not JSON or nests too deep.
    pub fn parse_first_wins(text: &str) -> Result<Json, ParseError> {
        Json::parse_with(text, true)
    }

    fn parse_with(text: &str, first_wins: bool) -> Result<Json, ParseError> {
        let mut parser = Parser {
            bytes: text.as_bytes(),
            at: 0,
            depth: 0,
            first_wins,
        };
        let value = parser.value().map_err(Failure::finish)?;
        parser.whitespace();
        if parser.at != text.len() {
            return Err(ParseError::Syntax(format!(
                "trailing characters at byte {}",
                parser.at
            )));
        }
        Ok(value)
    }

    /// The member `key` of an object.
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Object(map) => map.get(key),
            _ => None,
        }
    }

    /// The string, if this is one.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::String(s) => Some(s),
            _ => None,
        }
    }

    /// The boolean, if this is one.
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Json::Bool(b) => Some(*b),
            _ => None,
        }
    }

    /// A whole number that fits in `u64`.
    pub fn as_u64(&self) -> Option<u64> {
        match self {
            Json::Number(n) => n.as_u64(),
            _ => None,
        }
    }

    /// A whole number that fits in `i64`.
    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Json::Number(n) => n.as_i64(),
            _ => None,
        }
    }

    /// The nearest finite `f64` of a number (display and pruning only).
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Json::Number(n) => n.as_f64(),
            _ => None,
        }
    }

    /// The items, if this is an array.
    pub fn as_array(&self) -> Option<&Vec<Json>> {
        match self {
            Json::Array(items) => Some(items),
            _ => None,
        }
    }

    /// The members, if this is an object.
    pub fn as_object(&self) -> Option<&JsonMap> {
        match self {
            Json::Object(map) => Some(map),
            _ => None,
        }
    }

    /// The members, mutable, if this is an object.
    pub fn as_object_mut(&mut self) -> Option<&mut JsonMap> {
        match self {
            Json::Object(map) => Some(map),
            _ => None,
        }
    }

    /// Whether this is `null`.
    pub fn is_null(&self) -> bool {
        matches!(self, Json::Null)
    }

    /// Whether this is a number.
    pub fn is_number(&self) -> bool {
        matches!(self, Json::Number(_))
    }

    /// Whether this is a string.
    pub fn is_string(&self) -> bool {
        matches!(self, Json::String(_))
    }

    /// Whether this is an object.
    pub fn is_object(&self) -> bool {
        matches!(self, Json::Object(_))
    }

    /// Whether this is an array.
    pub fn is_array(&self) -> bool {
        matches!(self, Json::Array(_))
    }

    /// The value for a result: numbers become serde_json numbers (whole numbers exactly,
    /// others as the nearest double), everything else as it is.
    pub fn to_value(&self) -> serde_json::Value {
        use serde_json::Value;
        match self {
            Json::Null => Value::Null,
            Json::Bool(b) => Value::Bool(*b),
            Json::Number(n) => {
                if let Some(u) = n.as_u64() {
                    Value::from(u)
                } else if let Some(i) = n.as_i64() {
                    Value::from(i)
                } else {
                    n.as_f64().map_or(Value::Null, Value::from)
                }
            }
            Json::String(s) => Value::String(s.clone()),
            Json::Array(items) => Value::Array(items.iter().map(Json::to_value).collect()),
            Json::Object(map) => {
                Value::Object(map.iter().map(|(k, v)| (k.clone(), v.to_value())).collect())
            }
        }
    }
}

impl From<&serde_json::Value> for Json {
    /// A request built in code: numbers by their serde_json text (a double's shortest
    /// decimal, so `0.1` is one tenth).
    fn from(value: &serde_json::Value) -> Json {
        use serde_json::Value;
        match value {
            Value::Null => Json::Null,
            Value::Bool(b) => Json::Bool(*b),
            Value::Number(n) => Json::Number(Number(n.to_string())),
            Value::String(s) => Json::String(s.clone()),
            Value::Array(items) => Json::Array(items.iter().map(Json::from).collect()),
            Value::Object(map) => Json::Object(
                map.iter()
                    .map(|(k, v)| (k.clone(), Json::from(v)))
                    .collect(),
            ),
        }
    }
}

impl From<serde_json::Value> for Json {
    fn from(value: serde_json::Value) -> Json {
        Json::from(&value)
    }
}

impl From<&str> for Json {
    fn from(s: &str) -> Json {
        Json::String(s.to_string())
    }
}

impl From<String> for Json {
    fn from(s: String) -> Json {
        Json::String(s)
    }
}

impl From<bool> for Json {
    fn from(b: bool) -> Json {
        Json::Bool(b)
    }
}

impl From<u64> for Json {
    fn from(u: u64) -> Json {
        Json::Number(Number(u.to_string()))
    }
}

impl From<Vec<Json>> for Json {
    fn from(items: Vec<Json>) -> Json {
        Json::Array(items)
    }
}

impl From<JsonMap> for Json {
    fn from(map: JsonMap) -> Json {
        Json::Object(map)
    }
}

impl From<Number> for Json {
    fn from(n: Number) -> Json {
        Json::Number(n)
    }
}

impl std::ops::Index<&str> for Json {
    type Output = Json;

    /// The member `key`, or `null` when absent or when this is not an object.
    fn index(&self, key: &str) -> &Json {
        self.get(key).unwrap_or(&NULL)
    }
}

impl std::ops::Index<usize> for Json {
    type Output = Json;

    /// The item `i`, or `null` when absent or when this is not an array.
    fn index(&self, i: usize) -> &Json {
        self.as_array()
            .and_then(|items| items.get(i))
            .unwrap_or(&NULL)
    }
}

impl fmt::Display for Json {
    /// Compact JSON text, numbers as written.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Json::Null => f.write_str("null"),
            Json::Bool(b) => write!(f, "{b}"),
            Json::Number(n) => f.write_str(n.as_str()),
            Json::String(s) => write!(f, "{}", serde_json::Value::String(s.clone())),
            Json::Array(items) => {
                f.write_str("[")?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{item}")?;
                }
                f.write_str("]")
            }
            Json::Object(map) => {
                f.write_str("{")?;
                for (i, (k, v)) in map.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{}:{v}", serde_json::Value::String(k.clone()))?;
                }
                f.write_str("}")
            }
        }
    }
}

/// The deepest nesting of arrays and objects a request may have (serde_json's own limit, and
/// far beyond any valid request, whose deepest field is about six levels down).
pub const MAX_DEPTH: usize = 128;

/// Why [`Json::parse`] refused a text.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseError {
    /// Not JSON: what was expected, and at which byte.
    Syntax(String),
    /// Arrays and objects nest deeper than [`MAX_DEPTH`]; the field path where the limit was
    /// passed.
    TooDeep(String),
    /// A key given twice in one object: its field path (`scores.acc`).
    DuplicateKey(String),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Syntax(message) => f.write_str(message),
            ParseError::TooDeep(path) => write!(
                f,
                "arrays and objects nest deeper than {MAX_DEPTH} levels at {}",
                if path.is_empty() { "the top" } else { path }
            ),
            ParseError::DuplicateKey(path) => write!(f, "the key {path:?} is given twice"),
        }
    }
}

impl std::error::Error for ParseError {}

/// A failure on its way out of the recursion: the path is collected innermost first, only
/// when there is an error (so reading a deep valid text builds no path strings).
struct Failure {
    kind: fn(String) -> ParseError,
    message: Option<String>,
    /// Path segments, innermost first: a key, or an index.
    segments: Vec<Segment>,
}

enum Segment {
    Key(String),
    Index(usize),
}

impl Failure {
    fn syntax(message: String) -> Failure {
        Failure {
            kind: ParseError::Syntax,
            message: Some(message),
            segments: Vec::new(),
        }
    }

    fn at(kind: fn(String) -> ParseError, segment: Option<Segment>) -> Failure {
        Failure {
            kind,
            message: None,
            segments: segment.into_iter().collect(),
        }
    }

    fn inside(mut self, segment: Segment) -> Failure {
        if self.message.is_none() {
            self.segments.push(segment);
        }
        self
    }

    fn finish(self) -> ParseError {
        if let Some(message) = self.message {
            return (self.kind)(message);
        }
        let mut path = String::new();
        for segment in self.segments.iter().rev() {
            path = match segment {
                Segment::Key(key) => join(&path, key),
                Segment::Index(i) => index(&path, *i),
            };
        }
        (self.kind)(path)
    }
}

impl From<String> for Failure {
    fn from(message: String) -> Failure {
        Failure::syntax(message)
    }
}

/// A recursive-descent reader of JSON text (RFC 8259).
struct Parser<'a> {
    bytes: &'a [u8],
    at: usize,
    depth: usize,
    /// Whether a key given twice keeps its first value instead of refusing the text.
    first_wins: bool,
}

impl Parser<'_> {
    fn whitespace(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.bytes.get(self.at) {
            self.at += 1;
        }
    }

    fn expected(&self, what: &str) -> String {
        format!("expected {what} at byte {}", self.at)
    }

    fn literal(&mut self, word: &str, value: Json) -> Result<Json, String> {
        if self.bytes[self.at..].starts_with(word.as_bytes()) {
            self.at += word.len();
            Ok(value)
        } else {
            Err(self.expected(word))
        }
    }

    fn value(&mut self) -> Result<Json, Failure> {
        self.whitespace();
        match self.bytes.get(self.at) {
            Some(b'{') => self.nested(Parser::object),
            Some(b'[') => self.nested(Parser::array),
            Some(b'"') => Ok(Json::String(self.string()?)),
            Some(b't') => Ok(self.literal("true", Json::Bool(true))?),
            Some(b'f') => Ok(self.literal("false", Json::Bool(false))?),
            Some(b'n') => Ok(self.literal("null", Json::Null)?),
            Some(b'-' | b'0'..=b'9') => Ok(Json::Number(self.number()?)),
            _ => Err(self.expected("a JSON value").into()),
        }
    }

    /// Reads an array or object, refusing it before reading it when it would pass the
    /// depth limit (the path is filled in on the way out).
    fn nested(&mut self, read: fn(&mut Self) -> Result<Json, Failure>) -> Result<Json, Failure> {
        if self.depth == MAX_DEPTH {
            return Err(Failure::at(ParseError::TooDeep, None));
        }
        self.depth += 1;
        let value = read(self);
        self.depth -= 1;
        value
    }

    fn object(&mut self) -> Result<Json, Failure> {
        self.at += 1;
        let mut map = JsonMap::new();
        self.whitespace();
        if self.bytes.get(self.at) == Some(&b'}') {
            self.at += 1;
            return Ok(Json::Object(map));
        }
        loop {
            self.whitespace();
            if self.bytes.get(self.at) != Some(&b'"') {
                return Err(self.expected("a key").into());
            }
            let key = self.string()?;
            self.whitespace();
            if self.bytes.get(self.at) != Some(&b':') {
                return Err(self.expected("':'").into());
            }
            self.at += 1;
            // Refused where the second key stands, before its value is read.
            let repeated = map.contains_key(&key);
            if repeated && !self.first_wins {
                return Err(Failure::at(
                    ParseError::DuplicateKey,
                    Some(Segment::Key(key)),
                ));
            }
            let value = match self.value() {
                Ok(value) => value,
                Err(failure) => return Err(failure.inside(Segment::Key(key))),
            };
            if !repeated {
                map.push_new(key, value);
            }
            self.whitespace();
            match self.bytes.get(self.at) {
                Some(b',') => self.at += 1,
                Some(b'}') => {
                    self.at += 1;
                    return Ok(Json::Object(map));
                }
                _ => return Err(self.expected("',' or '}'").into()),
            }
        }
    }

    fn array(&mut self) -> Result<Json, Failure> {
        self.at += 1;
        let mut items = Vec::new();
        self.whitespace();
        if self.bytes.get(self.at) == Some(&b']') {
            self.at += 1;
            return Ok(Json::Array(items));
        }
        loop {
            match self.value() {
                Ok(value) => items.push(value),
                Err(failure) => return Err(failure.inside(Segment::Index(items.len()))),
            }
            self.whitespace();
            match self.bytes.get(self.at) {
                Some(b',') => self.at += 1,
                Some(b']') => {
                    self.at += 1;
                    return Ok(Json::Array(items));
                }
                _ => return Err(self.expected("',' or ']'").into()),
            }
        }
    }

    fn digits(&mut self) -> usize {
        let start = self.at;
        while let Some(b'0'..=b'9') = self.bytes.get(self.at) {
            self.at += 1;
        }
        self.at - start
    }

    fn number(&mut self) -> Result<Number, String> {
        let start = self.at;
        if self.bytes.get(self.at) == Some(&b'-') {
            self.at += 1;
        }
        match self.bytes.get(self.at) {
            Some(b'0') => self.at += 1,
            Some(b'1'..=b'9') => {
                self.digits();
            }
            _ => return Err(self.expected("a digit")),
        }
        if self.bytes.get(self.at) == Some(&b'.') {
            self.at += 1;
            if self.digits() == 0 {
                return Err(self.expected("a digit after '.'"));
            }
        }
        if let Some(b'e' | b'E') = self.bytes.get(self.at) {
            self.at += 1;
            if let Some(b'+' | b'-') = self.bytes.get(self.at) {
                self.at += 1;
            }
            if self.digits() == 0 {
                return Err(self.expected("a digit in the exponent"));
            }
        }
        let text = std::str::from_utf8(&self.bytes[start..self.at])
            .map_err(|_| self.expected("a number"))?;
        Ok(Number(text.to_string()))
    }

    fn hex4(&mut self) -> Result<u32, String> {
        let digits = self
            .bytes
            .get(self.at..self.at + 4)
            .and_then(|d| std::str::from_utf8(d).ok())
            .and_then(|d| u32::from_str_radix(d, 16).ok())
            .ok_or_else(|| self.expected("four hex digits"))?;
        self.at += 4;
        Ok(digits)
    }

    fn string(&mut self) -> Result<String, String> {
        self.at += 1;
        let mut out = String::new();
        loop {
            let start = self.at;
            while let Some(&b) = self.bytes.get(self.at) {
                if b == b'"' || b == b'\\' || b < 0x20 {
                    break;
                }
                self.at += 1;
            }
            out.push_str(
                std::str::from_utf8(&self.bytes[start..self.at])
                    .map_err(|_| self.expected("UTF-8 text"))?,
            );
            match self.bytes.get(self.at) {
                Some(b'"') => {
                    self.at += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    self.at += 1;
                    let escaped = *self
                        .bytes
                        .get(self.at)
                        .ok_or_else(|| self.expected("an escape"))?;
                    self.at += 1;
                    match escaped {
                        b'"' => out.push('"'),
                        b'\\' => out.push('\\'),
                        b'/' => out.push('/'),
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'n' => out.push('\n'),
                        b'r' => out.push('\r'),
                        b't' => out.push('\t'),
                        b'u' => {
                            let first = self.hex4()?;
                            let code = if (0xD800..0xDC00).contains(&first)
                                && self.bytes[self.at..].starts_with(b"\\u")
                            {
                                self.at += 2;
                                let second = self.hex4()?;
                                if !(0xDC00..0xE000).contains(&second) {
                                    return Err(self.expected("a low surrogate"));
                                }
                                0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                            } else {
                                first
                            };
                            // A lone surrogate is no character (serde_json refuses it too):
                            // refused, never replaced by U+FFFD unsaid.
                            match char::from_u32(code) {
                                Some(c) => out.push(c),
                                None => {
                                    return Err(self.expected(
                                        "a character, not a lone surrogate escape (\\uD800 to \\uDFFF without its pair)",
                                    ))
                                }
                            }
                        }
                        _ => return Err(self.expected("a valid escape")),
                    }
                }
                _ => return Err(self.expected("'\"'")),
            }
        }
    }
}

/// Joins a parent path and a key into a dotted field path.
pub fn join(parent: &str, key: &str) -> String {
    if parent.is_empty() {
        key.to_string()
    } else {
        format!("{parent}.{key}")
    }
}

/// Joins a parent path and an index (`testsets[2]`).
pub fn index(parent: &str, i: usize) -> String {
    format!("{parent}[{i}]")
}
