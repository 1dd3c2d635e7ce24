//! Choosing the feasibility backend, and the budget every integer program gets.

use std::time::{Duration, Instant};

use scorecheck_feasibility::{checked, Budget, Feasibility, Problem, Verdict};

use crate::dispatch::{BackendChoice, RunOptions};
use crate::error::Result;
use crate::single;

/// Default node budget of one branch and bound.
pub const DEFAULT_MAX_NODES: u64 = 200_000;
/// Default wall-clock budget of one integer program.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(60);

/// The backend named by `choice`, or an error if this build lacks it.
pub fn backend(choice: BackendChoice) -> Result<Box<dyn Feasibility>> {
    match choice {
        BackendChoice::Pure => Ok(Box::new(scorecheck_feasibility_pure::PureBackend)),
        #[cfg(feature = "highs")]
        BackendChoice::Highs => Ok(Box::new(scorecheck_feasibility_highs::HighsBackend::default())),
        #[cfg(not(feature = "highs"))]
        BackendChoice::Highs => Err(crate::error::Error::new(
            crate::error::ErrorKind::Unsupported,
            Some("backend"),
            "this build has no HiGHS backend; rebuild with `--features highs` (needs cmake and libclang) or use \"pure\"",
        )),
    }
}

/// The budget of one integer program under `options`.
pub fn budget(options: &RunOptions) -> Budget {
    Budget {
        max_nodes: options.max_nodes.unwrap_or(DEFAULT_MAX_NODES),
        time_limit: Some(options.time_limit.unwrap_or(DEFAULT_TIME_LIMIT)),
    }
}

/// The single-matrix engine's options under `options`: witnesses, count budget, and a
/// deadline `time_limit` (default [`DEFAULT_TIME_LIMIT`]) from now.
pub fn single_options(options: &RunOptions) -> single::Options {
    let mut engine = single::Options::default();
    if let Some(k) = options.max_witnesses {
        engine.max_witnesses = k;
    }
    if let Some(c) = options.count_budget {
        engine.count_budget = c;
    }
    engine.deadline = Instant::now().checked_add(options.time_limit.unwrap_or(DEFAULT_TIME_LIMIT));
    engine
}

/// Solves `problem` with the chosen backend; every feasible witness is re-checked exactly.
pub fn solve(problem: &Problem, options: &RunOptions) -> Result<Verdict> {
    let engine = backend(options.backend)?;
    Ok(checked(engine.as_ref(), problem, &budget(options)))
}
