//! Choosing the feasibility backend, the budget every search gets, and how an integer
//! program's verdict is written into a result.

use scorecheck_clock::Instant;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use scorecheck_experiment::Limits;
use scorecheck_feasibility::{
    checked, Budget, ExactFirst, Feasibility, ParallelRowsFirst, Problem, Verdict,
};

use crate::options::{BackendChoice, RunOptions};
use crate::single;
use crate::Result;

pub(crate) use scorecheck_experiment::DEFAULT_TIME_LIMIT;

/// The backend named by `choice`, or an error if this build lacks it.
pub(crate) fn backend(choice: BackendChoice) -> Result<Box<dyn Feasibility>> {
    match choice {
        BackendChoice::Pure => Ok(Box::new(scorecheck_feasibility_pure::PureBackend)),
        #[cfg(feature = "highs")]
        BackendChoice::Highs => Ok(Box::new(scorecheck_feasibility_highs::HighsBackend::default())),
        #[cfg(not(feature = "highs"))]
        BackendChoice::Highs => Err(crate::Error::unsupported(
            "backend",
            "this build has no HiGHS backend; rebuild with `--features highs` (needs cmake and libclang) or use \"pure\"",
        )),
        #[cfg(feature = "cbc")]
        BackendChoice::Cbc => Ok(Box::new(scorecheck_feasibility_goodlp::Cbc::new())),
        #[cfg(not(feature = "cbc"))]
        BackendChoice::Cbc => Err(crate::Error::unsupported(
            "backend",
            "this build has no CBC backend; rebuild with `--features cbc` (needs Debian's coinor-libcbc-dev) or use \"pure\"",
        )),
        // microlp's "infeasible" is only reported once certified; the exact pure backend
        // confirms it where no Farkas certificate does.
        #[cfg(feature = "microlp")]
        BackendChoice::MicroLp => Ok(Box::new(
            scorecheck_feasibility_goodlp::MicroLp::confirmed_by(
                scorecheck_feasibility_pure::PureBackend,
            ),
        )),
        #[cfg(not(feature = "microlp"))]
        BackendChoice::MicroLp => Err(crate::Error::unsupported(
            "backend",
            "this build has no microlp backend; rebuild with `--features microlp` or use \"pure\"",
        )),
    }
}

/// The engines' limits under `options` (the enumeration of mean-of-scores programs runs
/// before every backend unless `options` switch it off: [`RunOptions::enumerates`]).
pub(crate) fn limits(options: &RunOptions) -> Limits {
    let mut limits = Limits::new();
    limits.max_nodes = options.max_nodes;
    limits.time_limit = options.time_limit;
    limits.deadline = options.deadline;
    limits.max_configurations = options.max_configurations;
    limits.progress = options.progress.clone();
    limits.cancel = options.cancel.clone();
    if !options.enumerates() {
        limits.enumeration_steps = None;
    }
    limits
}

/// The budget of one integer program under `options`.
pub(crate) fn budget(options: &RunOptions) -> Budget {
    limits(options).budget()
}

/// The backend that answers `options`' integer programs: the caller's own, or the named one
/// (an error if this build lacks it).
pub(crate) fn solver(options: &RunOptions) -> Result<Arc<dyn Feasibility>> {
    match &options.solver {
        Some(solver) => Ok(Arc::clone(solver)),
        None => backend(options.backend).map(Arc::from),
    }
}

/// The exact backend's budget for each program of an explanation's filter when the request
/// names another backend: enough for the programs it decides at once, small beside a float
/// solve.
const EXACT_FIRST_NODES: u64 = 64;
const EXACT_FIRST_TIME: Duration = Duration::from_millis(20);

/// Runs `run` with the backend that answers the many small programs of an explanation's
/// deletion filter (mean of scores): the exact backend when it is `options`' backend, else
/// each program goes to the exact backend first under a small budget (a float solver's
/// set-up alone often costs more, and an exact proof is stronger) and to `options`' backend
/// (named, or the caller's own) only when that settles nothing.
pub(crate) fn with_explaining_solver<T>(
    options: &RunOptions,
    run: impl FnOnce(&dyn Feasibility) -> T,
) -> Result<T> {
    let solver = solver(options)?;
    let pure = scorecheck_feasibility_pure::PureBackend;
    let exact_first = ExactFirst::new(
        &pure,
        Budget::new(EXACT_FIRST_NODES, Some(EXACT_FIRST_TIME)),
        solver.as_ref(),
    );
    let filter: &dyn Feasibility = if solver.name() == pure.name() {
        solver.as_ref()
    } else {
        &exact_first
    };
    Ok(run(filter))
}

/// The single-matrix engine's options under `options`: witnesses, count budget, and the
/// request's deadline (without one, [`DEFAULT_TIME_LIMIT`] from now).
pub(crate) fn single_options(options: &RunOptions) -> single::Options {
    let mut engine = single::Options::default();
    if let Some(k) = options.max_witnesses {
        engine.max_witnesses = k;
    }
    if let Some(c) = options.count_budget {
        engine.count_budget = c;
    }
    engine.explain = options.explains();
    engine.deadline = options
        .deadline
        .or_else(|| Instant::now().checked_add(options.time_limit.unwrap_or(DEFAULT_TIME_LIMIT)));
    // A cancelled request stops the engine wherever it looks at its deadline (a search
    // already running too: power, ranges, repair at huge counts).
    if let Some(flag) = &options.cancel {
        let flag = flag.clone();
        engine.stop = single::Stop::new(move || flag.load(Ordering::Relaxed));
    }
    engine
}

/// Solves `problem` with the caller's own solver if it gave one, else the named backend;
/// every feasible witness is re-checked exactly.
pub(crate) fn solve(problem: &Problem, options: &RunOptions) -> Result<Verdict> {
    Ok(checked(
        solver(options)?.as_ref(),
        problem,
        &budget(options),
    ))
}

/// [`solve`], with the exact decision of programs whose rows all bound one linear form
/// ([`ParallelRowsFirst`]) tried before the backend, whichever it is, unless `options` switch
/// the enumerations off (the rule of the mean-of-scores enumeration: [`RunOptions::enumerates`]);
/// its witnesses pass the same exact check.
pub(crate) fn solve_parallel_rows_first(
    problem: &Problem,
    options: &RunOptions,
) -> Result<Verdict> {
    if !options.enumerates() {
        return solve(problem, options);
    }
    let solver = solver(options)?;
    Ok(checked(
        &ParallelRowsFirst::new(solver.as_ref()),
        problem,
        &budget(options),
    ))
}

impl BackendChoice {
    /// Whether this build has the backend: an `Unsupported` error naming `backend` and the
    /// cargo feature that adds it when it does not. A request or flag naming a backend this
    /// build lacks is refused whatever its protocol (also where no integer program is
    /// solved), so that a check is never reported as answered by a backend that is absent.
    ///
    /// # Errors
    ///
    /// `Unsupported` when the build lacks the backend.
    pub fn built(self) -> crate::Result<()> {
        backend(self).map(drop)
    }
}
