//! The options every request may carry (the leaf of the facade: every family reads them,
//! none is read by them): which backend answers integer programs, budgets, explanations,
//! progress and cancellation.

use std::borrow::Cow;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use scorecheck_clock::Instant;
use scorecheck_feasibility::Feasibility;

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
/// mean-of-scores enumeration of `decide_sides`, the test of each row on its own for an
/// integer point, and the exact decision of programs whose rows all bound one linear form),
/// and the backend answers only the programs they leave
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
    /// The instant by which the whole request must be answered: [`crate::run`] sets it from
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

    /// Answers each request within `limit` (see [`crate::time_limit`] for the accepted range).
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

    /// These options for a search inside an answer: ending at `deadline`, without progress
    /// reports.
    pub(crate) fn inner(&self, deadline: Instant) -> RunOptions {
        RunOptions {
            deadline: Some(deadline),
            progress: None,
            ..self.clone()
        }
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
    /// configuration, the pure backend's integer programs at their next node or simplex step,
    /// a single-matrix search (decision, count, ranges, repair, splits, power) where it looks
    /// at its deadline, and searches and integer programs started after it get no time (their answer is
    /// "undecided", which a cancelling caller discards). The float backends (HiGHS, CBC,
    /// microlp) cannot be stopped midway and keep to their time limits; checks that run no
    /// such search still finish within their own budgets.
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
