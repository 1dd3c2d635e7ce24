//! Turning one JSON request into one JSON result: protocol lookup and shared options.

use scorecheck_clock::Instant;

use serde_json::Value;

use crate::json::{Json, ParseError};
use crate::options::{BackendChoice, RunOptions};
use crate::outcome::{Answer, Outcome};
use crate::{Error, ErrorKind, Result};
use scorecheck_request::bundle_plans::Plan;
pub use scorecheck_request::options::{
    max_witnesses, time_limit, MAX_TIME_LIMIT_SECONDS, MAX_WITNESSES,
};
use scorecheck_request::{Family, Request as ReadRequest};

/// The names of every supported check.
pub fn check_names() -> Vec<&'static str> {
    scorecheck_request::check_names()
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
    answer_text(text, options).map(|a| a.to_json())
}

/// Answers one request given as JSON text, as [`run_text`] does, and gives its `id` field
/// too when the text could be read (batch records carry it even when the request is bad):
/// the text is read once.
pub fn run_text_with_id(text: &str, options: &RunOptions) -> (Option<Value>, Result<Value>) {
    let (id, answer) = answer_text_with_id(text, options);
    (id, answer.map(|a| a.to_json()))
}

/// A result (or error) record of the request `text` as JSON text, its `id` as the request
/// wrote it: a numeric id whose text a double does not keep (`1.50`, `1e2`, `-0`, numbers
/// inside an object id) is read again from the text (whole-number ids, the usual ones, are
/// not) and set in place of the number's shortest form. What `batch` writes per line, and
/// `check --format json`, `serve` and the page per request.
pub fn record_text(text: &str, mut record: Value) -> String {
    let written = record
        .get("id")
        .filter(|id| rewritten(id))
        .and_then(|_| id_as_written(text));
    let plain = |record: &Value| serde_json::to_string(record).unwrap_or_else(|e| e.to_string());
    let Some(written) = written else {
        return plain(&record);
    };
    // A mark no answer holds (its nonce is drawn once per process) stands for the id.
    static MARK: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let mark = MARK.get_or_init(|| {
        use std::hash::{BuildHasher, Hasher};
        let nonce = std::collections::hash_map::RandomState::new()
            .build_hasher()
            .finish();
        format!("scorecheck-id-{nonce:016x}")
    });
    record["id"] = Value::String(mark.clone());
    plain(&record).replacen(&format!("\"{mark}\""), &written, 1)
}

/// Whether an id's number may not be written back as the text wrote it: a double's, or
/// zero (`-0`), anywhere in it.
fn rewritten(id: &Value) -> bool {
    match id {
        Value::Number(n) => n.is_f64() || n.as_i64() == Some(0),
        Value::Array(items) => items.iter().any(rewritten),
        Value::Object(map) => map.values().any(rewritten),
        _ => false,
    }
}

/// The request's `id` as written (numbers with their text), read again (a key given twice
/// keeps its first value).
fn id_as_written(text: &str) -> Option<String> {
    let text = text.trim_end_matches('\r');
    let tree = Json::parse_first_wins(text.strip_prefix('\u{feff}').unwrap_or(text)).ok()?;
    tree.get("id").map(ToString::to_string)
}

/// Answers one request given as JSON text with a typed [`Answer`] (what [`run_text`]
/// renders), and its `id` when the text could be read.
pub fn answer_text_with_id(text: &str, options: &RunOptions) -> (Option<Value>, Result<Answer>) {
    // The time limit covers reading the text too.
    let started = Instant::now();
    match read_text(text) {
        Ok(request) => {
            let answer = answer_started(&request, options, started);
            // An id refused for its digits comes back as its text, the digits kept.
            // An id whose numbers a result cannot give back (the check refused it, or another
            // field's error came first) comes back as its text, the digits kept.
            let id = match request.get("id") {
                Some(id) if !scorecheck_request::protocols::id_kept(id) => {
                    Some(Value::String(id.to_string()))
                }
                id => id.map(Json::to_value),
            };
            (id, answer)
        }
        // Text the reader refuses past its id (a duplicate `eps`, a lone surrogate in a
        // score's name): the id still names the line's error, unless the id is what is wrong.
        Err(error) => {
            let id = (error.field() != Some("id"))
                .then(|| serde_json::from_str::<Value>(text).ok())
                .flatten()
                .and_then(|v| v.get("id").cloned());
            (id, Err(error))
        }
    }
}

/// Answers one request given as JSON text with a typed [`Answer`].
///
/// # Errors
///
/// As [`run_text`].
pub fn answer_text(text: &str, options: &RunOptions) -> Result<Answer> {
    answer_text_with_id(text, options).1
}

/// The longest request text any entry point reads (16 MiB): a request at every cap (100,000
/// explicit folds, 1,000 classes) fits in a few megabytes. The CLI reads no further than
/// this from a file, a batch line or stdin.
pub const MAX_REQUEST_BYTES: usize = 16 << 20;

/// Refuses a request text of `len` bytes past [`MAX_REQUEST_BYTES`] (every text entry point
/// asks before reading; a caller reading a file or a stream asks with the bytes read, at
/// most one past the cap).
///
/// # Errors
///
/// `InvalidJson`, with no field, saying what the cap is.
pub fn check_request_size(len: usize) -> Result<()> {
    if len > MAX_REQUEST_BYTES {
        return Err(Error::new(
            ErrorKind::InvalidJson,
            None,
            "the request is larger than the 16 MiB a request may take (a request at every cap fits in a few megabytes); split it into several requests",
        ));
    }
    Ok(())
}

/// Reads a request's text in one pass into the request tree, which keeps each number's
/// text and each object's order (crate::json), refusing deep nesting before it is read and
/// repeated keys. A leading byte order mark is read past, as JSON allows.
pub(crate) fn read_text(text: &str) -> Result<Json> {
    check_request_size(text.len())?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
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
    answer_started(&Json::from(request), options, Instant::now()).map(|a| a.to_json())
}

/// Answers one request read into (or built as) the request tree, which keeps each
/// number's text: what [`run_text`] does after reading the text.
///
/// # Errors
///
/// As [`run_text`].
pub fn run_json(request: &Json, options: &RunOptions) -> Result<Value> {
    answer_json(request, options).map(|a| a.to_json())
}

/// Answers one request tree with a typed [`Answer`] (what [`run_json`] renders).
///
/// # Errors
///
/// As [`run_text`].
pub fn answer_json(request: &Json, options: &RunOptions) -> Result<Answer> {
    answer_started(request, options, Instant::now())
}

/// The names `backend` may take.
fn backend_names() -> [&'static str; 4] {
    BackendChoice::ALL.map(BackendChoice::as_str)
}

/// Reads a request tree once and answers it, its time limit counted from `started` (when
/// its text began to be read); `power` perturbs the tree and answers each perturbation.
fn answer_started(tree: &Json, options: &RunOptions, started: Instant) -> Result<Answer> {
    let request = scorecheck_request::read(tree, &backend_names())?;
    let options = effective_options(&request, options, started)?;
    let mut answer = answer_read(&request, &options).map_err(|e| with_warnings(e, &request))?;
    answer.warnings.clone_from(&request.warnings);
    if request.power {
        let power = crate::power::power(tree, answer.conclusion, |perturbed| {
            let read = scorecheck_request::read(perturbed, &backend_names())?;
            Ok(answer_read(&read, &options)?.conclusion)
        });
        answer.power = Some(power);
    }
    Ok(answer)
}

/// Answers a request read in code or by [`scorecheck_request::read`], with a typed
/// [`Answer`]; its time limit counts from now. (`power` needs the request's JSON: use
/// [`answer_json`] for it.)
///
/// # Errors
///
/// When the named backend is not built in, or the experiment cannot be modelled (an
/// undefined score, counts beyond the program's sizes).
pub fn answer_request(request: &ReadRequest, options: &RunOptions) -> Result<Answer> {
    let options = effective_options(request, options, Instant::now())?;
    let mut answer = answer_read(request, &options).map_err(|e| with_warnings(e, request))?;
    answer.warnings.clone_from(&request.warnings);
    Ok(answer)
}

/// An error of answering a request whose reading gave warnings (a registry dataset with the
/// reference's counts, whose p = 1 leaves folds without a positive): the warnings said in it
/// too, where they may be why.
fn with_warnings(error: Error, request: &ReadRequest) -> Error {
    if request.warnings.is_empty() {
        return error;
    }
    let message = format!(
        "{} (warning: {})",
        error.message(),
        request.warnings.join("; warning: ")
    );
    Error::new(error.kind(), error.field(), message)
}

/// The caller's options with the request's own applied, started at `started`; a bundle
/// (many integer programs) gets a total budget when neither sets one. An error when the
/// named backend is not built in (whether or not the protocol solves integer programs).
fn effective_options(
    request: &ReadRequest,
    base: &RunOptions,
    started: Instant,
) -> Result<RunOptions> {
    let read = &request.options;
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
    options.start_at(started);
    // `power` answers the request again per move of a figure (up to two per score).
    let many_programs = request.power
        || matches!(&request.family, Family::Bundle(b) if !matches!(b.plan, Plan::UnknownFolds(_)));
    if options.deadline.is_none() && many_programs {
        options.deadline = started.checked_add(DEFAULT_BUNDLE_TIME_LIMIT);
    }
    if options.solver.is_none() {
        options.backend.built()?;
    }
    Ok(options)
}

/// The wall-clock budget of a whole bundle answer, or of an answer with `power`, when the
/// request sets none: a bundle answers many integer programs (per image, per assumption,
/// their explanations) and `power` answers the request once per move of a figure, each
/// search with its own 60 s default, so without a total budget one answer could run for
/// hours. Past it the parts (or moves) not yet decided are undecided, with what was covered.
pub(crate) const DEFAULT_BUNDLE_TIME_LIMIT: std::time::Duration =
    std::time::Duration::from_secs(60);

/// Answers a request that has been read, under its effective options.
fn answer_read(request: &ReadRequest, options: &RunOptions) -> Result<Answer> {
    let outcome = match &request.family {
        Family::SingleMatrix(read) => {
            Outcome::SingleMatrix(crate::single_matrix::answer(read, options))
        }
        Family::Splits(read) => {
            Outcome::Splits(crate::single_matrix::splits::answer(read, options))
        }
        Family::MeanOfScores(read) => Outcome::MeanOfScores(crate::mos::answer(read, options)?),
        Family::UnknownFolds(read) => {
            Outcome::UnknownFolds(crate::unknown_folds::answer(read, options)?)
        }
        Family::Multiclass(read) => Outcome::Multiclass(crate::multiclass::answer(read, options)?),
        Family::Regression(read) => Outcome::Regression(crate::regression::answer(read, options)?),
        Family::Bundle(read) => Outcome::Bundle(crate::bundles::answer(read, options)?),
        // A family added to the reader but not to this facade: nothing is claimed.
        _ => {
            return Err(Error::unsupported(
                "check",
                format!("{} is not answered by this version", request.check),
            ))
        }
    };
    Ok(Answer::new(
        Some(request.check),
        outcome,
        options.explains(),
    ))
}
