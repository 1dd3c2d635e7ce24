//! Solving an experiment's integer program with the caller's backend, under budgets.

use scorecheck_clock::Instant;
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use scorecheck_feasibility::{checked, Budget, Certainty, Feasibility, Verdict};

use crate::model::{build, BuildError, Experiment};
use crate::sides::{self, Sides};

/// Default node budget of one branch and bound.
pub const DEFAULT_MAX_NODES: u64 = 200_000;
/// Default wall-clock budget of one integer program.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(60);
/// Default wall-clock budget of a whole unknown-folds search.
pub const DEFAULT_SWEEP_TIME_LIMIT: Duration = Duration::from_secs(600);

/// A progress callback: (configurations examined, configurations in all, saturated at
/// `u64::MAX`).
pub type Progress = Arc<dyn Fn(u64, u64) + Send + Sync>;

/// How much work a solve or a search may do.
///
/// # When the caller's backend is asked
///
/// One rule, the same here and in the facade (`scorecheck::RunOptions`): the exact
/// enumeration ([`crate::decide_sides`]) runs first for every backend, the caller's own
/// included, and the backend is asked only about the programs the enumeration leaves open
/// (the common shapes, one dataset without fold bounds, are settled by the enumeration, so a
/// backend may never be called for them); after it, each row of the program is tested on its
/// own for an integer point (a mean whose window falls between the values integer counts
/// give is refuted at once). Both are exact, so they change no verdict,
/// only who reaches it. Switch it off with [`Limits::without_enumeration`] to send every
/// program to the backend (to test or time a backend, or count its calls).
///
/// ```
/// use std::time::Duration;
/// use scorecheck_experiment::Limits;
///
/// let limits = Limits::new()
///     .with_max_nodes(10_000)
///     .with_time_limit(Duration::from_secs(5))
///     .with_enumeration_steps(None);
/// assert_eq!(limits.budget().max_nodes, 10_000);
/// ```
#[derive(Clone)]
#[non_exhaustive]
pub struct Limits {
    /// Nodes of one branch and bound ([`DEFAULT_MAX_NODES`] when `None`).
    pub max_nodes: Option<u64>,
    /// Wall-clock time of one program, or of a whole search, when no `deadline` is set
    /// ([`DEFAULT_TIME_LIMIT`], [`DEFAULT_SWEEP_TIME_LIMIT`] when `None`).
    pub time_limit: Option<Duration>,
    /// When everything must stop.
    pub deadline: Option<Instant>,
    /// Fold configurations a search examines at most.
    pub max_configurations: Option<u64>,
    /// Steps of the exact enumeration ([`crate::decide_sides`]) tried before the solver,
    /// whichever solver it is (see [the rule](Limits#when-the-callers-backend-is-asked));
    /// `None` sends every program to the solver.
    pub enumeration_steps: Option<u64>,
    /// Called as a search goes on.
    pub progress: Option<Progress>,
    /// Set by the caller (from another thread, e.g. on Ctrl-C) to stop the work: a sweep over
    /// fold configurations ends as if its deadline had passed (its answer is "undecided"),
    /// and integer programs budgeted after it is set get no time.
    pub cancel: Option<Arc<AtomicBool>>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_nodes: None,
            time_limit: None,
            deadline: None,
            max_configurations: None,
            enumeration_steps: Some(sides::MAX_STEPS),
            progress: None,
            cancel: None,
        }
    }
}

impl fmt::Debug for Limits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Limits")
            .field("max_nodes", &self.max_nodes)
            .field("time_limit", &self.time_limit)
            .field("deadline", &self.deadline)
            .field("max_configurations", &self.max_configurations)
            .field("enumeration_steps", &self.enumeration_steps)
            .field("progress", &self.progress.is_some())
            .field("cancelled", &self.cancelled())
            .finish()
    }
}

impl Limits {
    /// The defaults.
    pub fn new() -> Limits {
        Limits::default()
    }

    /// Sets the node budget of one branch and bound.
    pub fn with_max_nodes(mut self, max_nodes: u64) -> Limits {
        self.max_nodes = Some(max_nodes);
        self
    }

    /// Sets the time limit (of one program, or of a search).
    pub fn with_time_limit(mut self, time_limit: Duration) -> Limits {
        self.time_limit = Some(time_limit);
        self
    }

    /// Sets the deadline.
    pub fn with_deadline(mut self, deadline: Instant) -> Limits {
        self.deadline = Some(deadline);
        self
    }

    /// Sets the most configurations a search examines.
    pub fn with_max_configurations(mut self, max_configurations: u64) -> Limits {
        self.max_configurations = Some(max_configurations);
        self
    }

    /// Sets the enumeration's steps (`None`: every program goes to the solver).
    pub fn with_enumeration_steps(mut self, steps: Option<u64>) -> Limits {
        self.enumeration_steps = steps;
        self
    }

    /// Switches the exact enumeration off: every program goes to the solver (see
    /// [the rule](Limits#when-the-callers-backend-is-asked)).
    ///
    /// ```
    /// use scorecheck_experiment::Limits;
    ///
    /// assert!(Limits::new().enumerates());
    /// assert!(!Limits::new().without_enumeration().enumerates());
    /// ```
    #[must_use]
    pub fn without_enumeration(self) -> Limits {
        self.with_enumeration_steps(None)
    }

    /// Whether the exact enumeration runs before the solver.
    pub fn enumerates(&self) -> bool {
        self.enumeration_steps.is_some()
    }

    /// Sets the progress callback.
    pub fn with_progress(mut self, progress: Progress) -> Limits {
        self.progress = Some(progress);
        self
    }

    /// Sets the flag that stops the work once set (see [`Limits::cancel`]).
    pub fn with_cancel(mut self, cancel: Arc<AtomicBool>) -> Limits {
        self.cancel = Some(cancel);
        self
    }

    /// The condition "the deadline has passed or the caller cancelled the work", for the
    /// fold enumeration's counting.
    pub fn stop(&self) -> scorecheck_folds::Stop {
        let (deadline, cancel) = (self.deadline, self.cancel.clone());
        Arc::new(move || {
            cancel
                .as_ref()
                .is_some_and(|flag| flag.load(Ordering::Relaxed))
                || deadline.is_some_and(|d| Instant::now() >= d)
        })
    }

    /// Whether the caller has asked the work to stop.
    pub fn cancelled(&self) -> bool {
        self.cancel
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
    }

    /// The budget of one integer program: the node budget, and what is left before the
    /// deadline (without one, the time limit); no time once the work is cancelled, and the
    /// cancel flag, which the pure backend reads while it searches.
    pub fn budget(&self) -> Budget {
        let budget = Budget::new(
            self.max_nodes.unwrap_or(DEFAULT_MAX_NODES),
            Some(match self.deadline {
                _ if self.cancelled() => Duration::ZERO,
                Some(deadline) => deadline.saturating_duration_since(Instant::now()),
                None => self.time_limit.unwrap_or(DEFAULT_TIME_LIMIT),
            }),
        );
        match &self.cancel {
            Some(flag) => budget.with_cancel(Arc::clone(flag)),
            None => budget,
        }
    }
}

/// The backend of a caller who names no solver crate: it answers every program it is asked
/// "undecided", so [`verdict`] and [`crate::search`] decide exactly what the exact
/// enumeration decides (see [the rule](Limits#when-the-callers-backend-is-asked)) and leave
/// the rest undecided, never guessed. Pass a real backend (`scorecheck-feasibility-pure`'s
/// `PureBackend`, the default of the `scorecheck` facade) to decide every program; the
/// engine names none itself.
#[derive(Clone, Copy, Debug, Default)]
pub struct EnumerationOnly;

impl Feasibility for EnumerationOnly {
    fn name(&self) -> std::borrow::Cow<'static, str> {
        "enumeration-only".into()
    }

    fn solve(&self, _: &scorecheck_feasibility::Problem, _: &Budget) -> Verdict {
        Verdict::Undecided {
            reason: "the exact enumeration did not settle this program and no backend was given; pass a feasibility backend (e.g. scorecheck-feasibility-pure's PureBackend)".into(),
        }
    }
}

/// The exact enumeration of the experiment's program where the limits allow it.
pub(crate) fn enumerated(experiment: &Experiment, limits: &Limits) -> Sides {
    match limits.enumeration_steps {
        Some(steps) => sides::decide(experiment, limits.deadline, steps),
        None => Sides::NotApplicable,
    }
}

/// The verdict on the integer program of `experiment`: decided exactly by enumeration where
/// that is cheap (one dataset without fold bounds: a branch and bound can need hundreds of
/// thousands of nodes on it), anything else by `solver`. Every feasible witness, the
/// enumeration's too, is checked exactly against the program.
///
/// # Errors
///
/// When the program cannot be built ([`build`]).
///
/// ```
/// use num_rational::BigRational;
/// use scorecheck_algebra::Score;
/// use scorecheck_experiment::{verdict, Bound, DatasetSpec, Experiment, FoldSpec, Limits};
/// use scorecheck_feasibility::{testing::BruteForce, Verdict};
///
/// let q = |a: i64, b: i64| BigRational::new(a.into(), b.into());
/// // Two folds of 3 + 3; a mean accuracy of exactly 0.25 needs 3 correct of 12.
/// let experiment = Experiment::new(vec![DatasetSpec::from_folds(vec![FoldSpec::new(3, 3), FoldSpec::new(3, 3)])], vec![Bound::new(Score::Acc, q(1, 4), q(1, 4))]);
/// let limits = Limits::new().with_enumeration_steps(None);
/// let answer = verdict(&experiment, &BruteForce::default(), &limits).unwrap();
/// assert!(matches!(answer, Verdict::Feasible { .. }));
/// ```
pub fn verdict(
    experiment: &Experiment,
    solver: &dyn Feasibility,
    limits: &Limits,
) -> Result<Verdict, BuildError> {
    let problem = build(experiment)?;
    Ok(match enumerated(experiment, limits) {
        Sides::Feasible(witness) if problem.check(&witness).is_ok() => {
            Verdict::Feasible { witness }
        }
        Sides::Infeasible(reason) => Verdict::Infeasible {
            certainty: Certainty::Exact,
            reason,
        },
        _ => match unreachable_row(&problem, limits) {
            Some(reason) => Verdict::Infeasible {
                certainty: Certainty::Exact,
                reason,
            },
            None => checked(solver, &problem, &limits.budget()),
        },
    })
}

/// Why `problem` is infeasible when one of its rows alone has no integer point (a mean
/// whose window falls between the values integer counts give: thin slabs a branch and
/// bound can spend its whole node budget on); exact, and under the same switch as the
/// enumeration (see [the rule](Limits#when-the-callers-backend-is-asked)).
pub(crate) fn unreachable_row(
    problem: &scorecheck_feasibility::Problem,
    limits: &Limits,
) -> Option<String> {
    if !limits.enumerates() {
        return None;
    }
    let mut cache = crate::unknown_folds::rows::RowCache::default();
    match crate::unknown_folds::rows::first_unreachable_row(problem, &mut cache, limits.deadline) {
        crate::unknown_folds::rows::RowScan::Unreachable(i) => Some(format!(
            "no integer counts give the {} on their own: no value the counts can take lies in its window",
            problem.constraints()[i].name
        )),
        _ => None,
    }
}
