//! Turning one JSON request into one JSON result: protocol lookup and shared options.

use std::borrow::Cow;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use scorecheck_clock::Instant;
use scorecheck_feasibility::Feasibility;
use std::time::Duration;

use serde_json::Value;

use crate::input::Object;
use crate::json::{Json, ParseError};
use crate::{Error, ErrorKind, Result};
pub use scorecheck_request::options::{
    max_witnesses, time_limit, MAX_TIME_LIMIT_SECONDS, MAX_WITNESSES,
};

/// A progress callback: (items done, items in total).
pub type Progress = Arc<dyn Fn(u64, u64) + Send + Sync>;

/// Which feasibility backend answers integer programs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum BackendChoice {
    /// The exact pure-Rust backend (always available, the default).
    #[default]
    Pure,
    /// HiGHS (needs the `highs` cargo feature).
    Highs,
    /// CBC through good_lp (needs the `cbc` cargo feature).
    Cbc,
    /// microlp through good_lp, its "infeasible" certified (needs the `microlp` cargo feature).
    MicroLp,
}

impl BackendChoice {
    /// Every named backend, in the order error messages list them.
    pub const ALL: [BackendChoice; 4] = [
        BackendChoice::Pure,
        BackendChoice::Highs,
        BackendChoice::Cbc,
        BackendChoice::MicroLp,
    ];

    /// Parses `pure`, `highs`, `cbc` or `microlp`.
    pub fn parse(text: &str) -> Option<BackendChoice> {
        BackendChoice::ALL.into_iter().find(|b| b.as_str() == text)
    }

    /// The name used in requests and results.
    pub fn as_str(self) -> &'static str {
        match self {
            BackendChoice::Pure => "pure",
            BackendChoice::Highs => "highs",
            BackendChoice::Cbc => "cbc",
            BackendChoice::MicroLp => "microlp",
        }
    }
}

/// Options that apply to every request; a request's own fields override them.
///
/// Built from [`RunOptions::default`] and the `with_*` methods (new options may be added).
///
/// # When the backend is asked
///
/// One rule for every backend, named or the caller's own, the same as the experiment
/// engine's (`scorecheck_experiment::Limits`): the exact enumerations run first (the
/// mean-of-scores enumeration of `decide_sides`, and the exact decision of programs whose
/// rows all bound one linear form), and the backend answers only the programs they leave
/// open. They are exact, so they change no verdict, only who reaches it: with them on, a
/// backend may never be called on a small check. [`RunOptions::with_enumeration`]`(false)`
/// sends every integer program to the backend.
///
/// A backend of the caller's own, with the enumeration switched off, answers every integer
/// program of every protocol:
///
/// ```
/// use std::sync::Arc;
/// use scorecheck::feasibility::{Budget, Feasibility, Problem, Verdict};
/// use scorecheck::{run_text, RunOptions};
///
/// struct Mine;
/// impl Feasibility for Mine {
///     fn name(&self) -> std::borrow::Cow<'static, str> {
///         "mine".into()
///     }
///     fn solve(&self, problem: &Problem, budget: &Budget) -> Verdict {
///         scorecheck::feasibility_pure::PureBackend.solve(problem, budget)
///     }
/// }
/// let options = RunOptions::default().with_solver(Arc::new(Mine)).with_enumeration(false);
/// let result = run_text(r#"{"check": "1_dataset_known_folds_mos",
///     "dataset": {"p": 126, "n": 131},
///     "folding": {"folds": [{"p": 52, "n": 94}, {"p": 74, "n": 37}]},
///     "scores": {"acc": 0.573, "sens": 0.768, "bacc": 0.662}, "eps": 0.001}"#, &options)?;
/// assert_eq!(result["inconsistency"], false);
/// assert_eq!(result["backend"], "mine");
/// # Ok::<(), scorecheck::Error>(())
/// ```
#[derive(Clone, Default)]
#[non_exhaustive]
pub struct RunOptions {
    /// The named feasibility backend (ignored while [`RunOptions::solver`] is set).
    pub backend: BackendChoice,
    /// A backend of the caller's own: when set it answers every integer program (its
    /// "feasible" witnesses are re-checked exactly like any backend's), and results name it
    /// by [`Feasibility::name`]. A request's own `"backend"` field replaces it by the named
    /// backend.
    pub solver: Option<Arc<dyn Feasibility>>,
    /// Budget on fold configurations examined (unknown-folds checks).
    pub max_configurations: Option<u64>,
    /// Wall-clock budget per request.
    pub time_limit: Option<Duration>,
    /// The instant by which the whole request must be answered: [`run`] sets it from
    /// `time_limit` when the request starts (unless the caller set one), and every search
    /// of the request gets what is left.
    pub deadline: Option<Instant>,
    /// How many witnesses single-matrix checks list.
    pub max_witnesses: Option<usize>,
    /// Node budget of one branch and bound (integer programs of the mean-of-scores,
    /// unknown-folds, multiclass and regression checks).
    pub max_nodes: Option<u64>,
    /// Interior tp columns a single-matrix check may visit to count the feasible (tp, tn)
    /// pairs exactly; beyond it the count is a lower bound.
    pub count_budget: Option<u64>,
    /// Whether an inconsistency is explained (a minimal contradicting subset of the reported
    /// scores and bounds; `None`: yes). The verdict never waits for an explanation that was
    /// not asked for: sweeps over many requests switch it off.
    pub explain: Option<bool>,
    /// Called now and then by long searches.
    pub progress: Option<Progress>,
    /// Set by the caller from another thread (e.g. on Ctrl-C) to stop the work: searches
    /// that watch it end as if their deadline had passed (see [`RunOptions::with_cancel`]).
    pub cancel: Option<Arc<AtomicBool>>,
    /// Whether the exact enumerations run before the backend (`None`: yes; see
    /// [when the backend is asked](RunOptions#when-the-backend-is-asked)).
    pub enumeration: Option<bool>,
}

impl RunOptions {
    /// Answers integer programs with the named backend.
    #[must_use]
    pub fn with_backend(mut self, backend: BackendChoice) -> RunOptions {
        self.backend = backend;
        self.solver = None;
        self
    }

    /// Answers integer programs with `solver`, a backend of the caller's own.
    #[must_use]
    pub fn with_solver(mut self, solver: Arc<dyn Feasibility>) -> RunOptions {
        self.solver = Some(solver);
        self
    }

    /// Examines at most `n` fold configurations (unknown-folds checks).
    #[must_use]
    pub fn with_max_configurations(mut self, n: u64) -> RunOptions {
        self.max_configurations = Some(n);
        self
    }

    /// Answers each request within `limit` (see [`time_limit`] for the accepted range).
    #[must_use]
    pub fn with_time_limit(mut self, limit: Duration) -> RunOptions {
        self.time_limit = Some(limit);
        self
    }

    /// Answers each request by `deadline`.
    #[must_use]
    pub fn with_deadline(mut self, deadline: Instant) -> RunOptions {
        self.deadline = Some(deadline);
        self
    }

    /// Lists up to `k` witnesses in single-matrix checks.
    #[must_use]
    pub fn with_max_witnesses(mut self, k: usize) -> RunOptions {
        self.max_witnesses = Some(k);
        self
    }

    /// Allows `nodes` nodes per branch and bound.
    #[must_use]
    pub fn with_max_nodes(mut self, nodes: u64) -> RunOptions {
        self.max_nodes = Some(nodes);
        self
    }

    /// Lets single-matrix counts visit up to `columns` interior tp columns.
    #[must_use]
    pub fn with_count_budget(mut self, columns: u64) -> RunOptions {
        self.count_budget = Some(columns);
        self
    }

    /// Explains inconsistencies (the default) or leaves `"explanation"` null.
    #[must_use]
    pub fn with_explain(mut self, explain: bool) -> RunOptions {
        self.explain = Some(explain);
        self
    }

    /// Runs the exact enumerations before the backend (`true`, the default) or sends every
    /// integer program to the backend (`false`); verdicts are the same either way (see
    /// [when the backend is asked](RunOptions#when-the-backend-is-asked)).
    #[must_use]
    pub fn with_enumeration(mut self, enumeration: bool) -> RunOptions {
        self.enumeration = Some(enumeration);
        self
    }

    /// Whether the exact enumerations run before the backend.
    pub fn enumerates(&self) -> bool {
        self.enumeration.unwrap_or(true)
    }

    /// Whether inconsistencies are explained.
    pub fn explains(&self) -> bool {
        self.explain.unwrap_or(true)
    }

    /// Calls `progress` now and then during long searches.
    #[must_use]
    pub fn with_progress(mut self, progress: Progress) -> RunOptions {
        self.progress = Some(progress);
        self
    }

    /// Stops the work once `cancel` is set: a sweep over fold configurations ends at its next
    /// configuration, and searches and integer programs started after it get no time (their
    /// answer is "undecided", which a cancelling caller discards). Checks that run no such
    /// search still finish within their own budgets.
    #[must_use]
    pub fn with_cancel(mut self, cancel: Arc<AtomicBool>) -> RunOptions {
        self.cancel = Some(cancel);
        self
    }

    /// Sets the deadline from the time limit when the request starts (unless the caller
    /// set one).
    pub(crate) fn start(&mut self) {
        self.start_at(Instant::now());
    }

    /// Sets the deadline from the time limit counted from `started` (when the request's
    /// text began to be read), unless the caller set one.
    pub(crate) fn start_at(&mut self, started: Instant) {
        if self.deadline.is_none() {
            self.deadline = self.time_limit.and_then(|limit| started.checked_add(limit));
        }
    }

    /// The name results give the backend: the caller's own solver's (which may be composed,
    /// as `"counting(highs)"`), or the named one's.
    pub fn backend_name(&self) -> Cow<'static, str> {
        match &self.solver {
            Some(solver) => solver.name(),
            None => self.backend.as_str().into(),
        }
    }
}

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
