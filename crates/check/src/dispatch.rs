//! Turning one JSON request into one JSON result: protocol lookup and shared options.

use scorecheck_clock::Instant;

use serde_json::Value;

use crate::input::Object;
use crate::json::{Json, ParseError};
use crate::options::{BackendChoice, RunOptions};
use crate::{Error, ErrorKind, Result};
pub use scorecheck_request::options::{
    max_witnesses, time_limit, MAX_TIME_LIMIT_SECONDS, MAX_WITNESSES,
};

/// A request being answered: its fields and the effective options.
pub struct Request<'a> {
    /// The request's fields.
    pub fields: Object<'a>,
    /// Options after applying the request's own `backend`, budgets and so on.
    pub options: RunOptions,
}

/// Fields accepted for compatibility with the reference but without effect.
pub(crate) const IGNORED_FIELDS: &[&str] = &["verbosity", "prefilter_by_pairs", "solver_name"];

/// Fails on a field the handler has not read: called by handlers of long searches once they
/// have read every field, so that a misspelt field is reported before the search rather than
/// after it (the same error [`run`] gives at the end).
pub(crate) fn all_fields_read(request: &Request<'_>) -> Result<()> {
    request.fields.finish(IGNORED_FIELDS)
}

/// The names of every supported check.
pub fn check_names() -> Vec<&'static str> {
    crate::protocols::PROTOCOLS
        .iter()
        .map(|(name, _)| *name)
        .collect()
}

/// Answers one request given as JSON text.
///
/// Numbers are read as written: `0.950` is exactly 950/1000 with three decimals (what
/// `"eps": "auto"` reads), and the order of the scores is the order of the text.
///
/// # Errors
///
/// An [`Error`] naming the field (or `check`) and what to change when the text is not JSON,
/// the check is unknown, or a field is missing, misspelt or invalid; searches that run out of
/// budget are not errors (their verdict is "undecided").
pub fn run_text(text: &str, options: &RunOptions) -> Result<Value> {
    run_text_with_id(text, options).1
}

/// Answers one request given as JSON text, as [`run_text`] does, and gives its `id` field
/// too when the text could be read (batch records carry it even when the request is bad):
/// the text is read once.
pub fn run_text_with_id(text: &str, options: &RunOptions) -> (Option<Value>, Result<Value>) {
    // The time limit covers reading the text too.
    let started = Instant::now();
    match read_text(text) {
        Ok(request) => {
            let id = request.get("id").map(Json::to_value);
            (id, answer_started(&request, options, started))
        }
        Err(error) => (None, Err(error)),
    }
}

/// Reads a request's text in one pass into the request tree, which keeps each number's
/// text and each object's order (crate::json), refusing deep nesting before it is read and
/// repeated keys.
pub(crate) fn read_text(text: &str) -> Result<Json> {
    Json::parse(text).map_err(|error| match error {
        ParseError::DuplicateKey(path) => Error::new(
            ErrorKind::InvalidJson,
            Some(&path),
            format!("the key {path:?} is given twice in one object; keep one (JSON readers differ on which one wins)"),
        ),
        ParseError::TooDeep(path) => Error::new(
            ErrorKind::InvalidJson,
            (!path.is_empty()).then_some(path.as_str()),
            format!(
                "the request is not valid JSON: arrays and objects nest deeper than {} levels here; no request nests deeper than a few levels",
                scorecheck_request::json::MAX_DEPTH,
            ),
        ),
        // serde_json words syntax errors by line and column; it runs only on text already
        // refused, whose nesting is within the limit up to the error.
        _ => {
            let worded = serde_json::from_str::<serde::de::IgnoredAny>(text)
                .err()
                .map_or_else(|| error.to_string(), |e| e.to_string());
            Error::new(
                ErrorKind::InvalidJson,
                None,
                format!("the request is not valid JSON ({worded}); send one object like {{\"check\": \"1_testset_no_kfold\", ...}}"),
            )
        }
    })
}

/// Answers one request built in code.
///
/// A number in `request` is read by its serde_json text: a double's shortest decimal (so
/// `0.1` is one tenth, but `0.950` written in Rust is `0.95`, with two decimals for
/// `"eps": "auto"`). Give figures whose written digits matter as strings (`"0.950"`) or
/// use [`run_text`].
///
/// # Errors
///
/// As [`run_text`].
pub fn run(request: &Value, options: &RunOptions) -> Result<Value> {
    answer(&Json::from(request), options)
}

/// Answers one request read into (or built as) the request tree, which keeps each
/// number's text: what [`run_text`] does after reading the text.
///
/// # Errors
///
/// As [`run_text`].
pub fn run_json(request: &Json, options: &RunOptions) -> Result<Value> {
    answer(request, options)
}

/// Answers one request read into the request tree.
pub(crate) fn answer(value: &Json, options: &RunOptions) -> Result<Value> {
    answer_started(value, options, Instant::now())
}

/// Answers one request whose reading began at `started` (its time limit counts from then).
fn answer_started(value: &Json, options: &RunOptions, started: Instant) -> Result<Value> {
    let fields = Object::new(value, "")?;
    let table = crate::protocols::PROTOCOLS;
    // The index is one of `check_names()`, which lists the table in its order.
    let (canonical, handler) = &table[scorecheck_request::read_check(&fields, &check_names())?];
    fields.get("id");
    let mut options = request_options(&fields, options)?;
    options.start_at(started);
    if options.deadline.is_none() && crate::protocols::is_bundle(canonical) {
        options.deadline = started.checked_add(crate::protocols::DEFAULT_BUNDLE_TIME_LIMIT);
    }
    let request = Request { fields, options };
    let power = scorecheck_request::power::read_power(&request.fields, canonical)?;
    let mut result = handler(&request)?;
    request.fields.finish(IGNORED_FIELDS)?;
    if power {
        result["power"] = crate::power::power(value, &result, &request.options);
    }
    tidy(&mut result, &request.options);
    if let Value::Object(map) = &mut result {
        let mut ordered = serde_json::Map::new();
        ordered.insert("check".into(), Value::String((*canonical).to_string()));
        for (k, v) in std::mem::take(map) {
            ordered.insert(k, v);
        }
        *map = ordered;
    }
    Ok(result)
}

/// What every result gets before it is returned: no explanation when none is asked for
/// (those the engines make on the way, the AUC grid's or a bundle's, go too), and the overall
/// verdict of a check answered under several assumptions.
pub(crate) fn tidy(result: &mut Value, options: &RunOptions) {
    if let Value::Object(map) = result {
        if !options.explains() {
            if let Some(explanation) = map.get_mut("explanation") {
                *explanation = Value::Null;
            }
        }
        if let Some(verdict) = overall_verdict(map) {
            // Inconsistent under every assumption: as certain as the least certain part.
            let certainty = (verdict == "inconsistent").then(|| {
                let mut parts = map.iter().filter(|(k, _)| k.starts_with("details"));
                let exact = parts.all(|(_, v)| v["certainty"].as_str() == Some("exact"));
                if exact {
                    "exact"
                } else {
                    "solver"
                }
            });
            map.insert("verdict".into(), verdict.into());
            map.insert(
                "certainty".into(),
                certainty.map_or(Value::Null, Value::from),
            );
        }
    }
}

/// The overall verdict of a check answered under several assumptions (the bundles' object
/// of `inconsistency_<assumption>` flags): the figures are inconsistent only if they are
/// inconsistent under every assumption, consistent if they are consistent under some, and
/// undecided otherwise (no assumption consistent, some undecided). `None` for a plain check.
fn overall_verdict(result: &serde_json::Map<String, Value>) -> Option<&'static str> {
    let Some(Value::Object(flags)) = result.get("inconsistency") else {
        return None;
    };
    if result.contains_key("verdict") || flags.is_empty() {
        return None;
    }
    let values: Vec<&Value> = flags.values().collect();
    Some(if values.iter().any(|v| **v == Value::Bool(false)) {
        "consistent"
    } else if values.iter().all(|v| **v == Value::Bool(true)) {
        "inconsistent"
    } else {
        "undecided"
    })
}

fn request_options(fields: &Object<'_>, base: &RunOptions) -> Result<RunOptions> {
    let names = BackendChoice::ALL.map(BackendChoice::as_str);
    let read = scorecheck_request::options::read(fields, &names)?;
    let mut options = base.clone();
    if let Some(backend) = read.backend.as_deref().and_then(BackendChoice::parse) {
        options.solver = None;
        options.backend = backend;
    }
    options.max_configurations = read.max_configurations.or(options.max_configurations);
    options.time_limit = read.time_limit.or(options.time_limit);
    options.max_witnesses = read.max_witnesses.or(options.max_witnesses);
    options.max_nodes = read.max_nodes.or(options.max_nodes);
    options.count_budget = read.count_budget.or(options.count_budget);
    options.explain = read.explain.or(options.explain);
    Ok(options)
}
