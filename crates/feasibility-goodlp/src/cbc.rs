//! The CBC backend: COIN-OR branch and cut through good_lp's `coin_cbc`, answers re-checked exactly.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

use good_lp::solvers::coin_cbc::CoinCbcProblem;
use good_lp::{ResolutionError, Solution, SolutionStatus, SolverModel, WithTimeLimit};
use scorecheck_feasibility::float_kit::{deadline, prepare, time_left, Prepared};
use scorecheck_feasibility::{Budget, Certainty, Feasibility, Problem, Verdict};

use crate::farkas;
use crate::model::{feasible_or_undecided, integer_model};

/// CBC through good_lp; its [`Feasibility::name`] is `"cbc"`.
///
/// A point CBC calls feasible is rounded and checked exactly. CBC's "infeasible" is
/// reported with [`Certainty::Solver`], like HiGHS's, unless an exact Farkas certificate
/// of the relaxation (proposed by CBC's LP solver, checked in rationals) makes it
/// [`Certainty::Exact`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Cbc {
    // Room for options without a breaking change.
    _private: (),
}

impl Cbc {
    /// The backend with its only configuration.
    pub fn new() -> Self {
        Self::default()
    }
}

/// What one CBC run reported, before any exact checking.
enum Run {
    Point(Vec<f64>),
    /// CBC stopped at the time limit; the values may or may not be a point.
    Stopped(Vec<f64>),
    Infeasible,
    NoAnswer(String),
}

/// Silences CBC and its LP solver, and applies the budget (CBC takes whole seconds).
fn configure(mut model: CoinCbcProblem, max_nodes: u64, left: Option<Duration>) -> CoinCbcProblem {
    model.as_inner_mut().set_log_level(0);
    model.set_parameter("slogLevel", "0");
    let nodes = i32::try_from(max_nodes).unwrap_or(i32::MAX);
    model.set_parameter("maxNodes", &nodes.to_string());
    match left {
        Some(left) => model.with_time_limit(left.as_secs_f64()),
        None => model,
    }
}

fn run(problem: &Problem, prepared: &Prepared, budget: &Budget, left: Option<Duration>) -> Run {
    let (model, columns) = integer_model(problem, prepared.float_rows(), good_lp::coin_cbc);
    let model = configure(model, budget.max_nodes, left);
    match model.solve() {
        Ok(solution) => {
            let values = columns.iter().map(|&c| solution.value(c)).collect();
            match solution.status() {
                SolutionStatus::Optimal => Run::Point(values),
                _ => Run::Stopped(values),
            }
        }
        Err(ResolutionError::Infeasible) => Run::Infeasible,
        Err(ResolutionError::Other("Stopped")) => {
            Run::NoAnswer("CBC stopped without a point (the node limit)".to_string())
        }
        Err(error) => Run::NoAnswer(format!("CBC failed: {error}")),
    }
}

impl Feasibility for Cbc {
    fn name(&self) -> std::borrow::Cow<'static, str> {
        "cbc".into()
    }

    fn solve(&self, problem: &Problem, budget: &Budget) -> Verdict {
        let start = Instant::now();
        let prepared = match prepare(problem) {
            Ok(prepared) => prepared,
            Err(verdict) => return verdict,
        };
        let deadline = deadline(start, budget);
        let left = match time_left(deadline) {
            Ok(left) => left,
            Err(verdict) => return verdict,
        };
        match catch_unwind(AssertUnwindSafe(|| run(problem, &prepared, budget, left))) {
            Ok(Run::Point(values)) => feasible_or_undecided(problem, &values, "CBC"),
            Ok(Run::Stopped(values)) => match feasible_or_undecided(problem, &values, "CBC") {
                Verdict::Feasible { witness } => Verdict::Feasible { witness },
                _ => Verdict::Undecided {
                    reason: "CBC reached the time limit without a point".to_string(),
                },
            },
            Ok(Run::NoAnswer(reason)) => Verdict::Undecided { reason },
            Ok(Run::Infeasible) => infeasible(problem, &prepared, budget, deadline),
            Err(_) => Verdict::Undecided {
                reason: "the CBC bindings failed unexpectedly".to_string(),
            },
        }
    }
}

/// CBC's "infeasible", exact when a Farkas certificate is found in the time left.
fn infeasible(
    problem: &Problem,
    prepared: &Prepared,
    budget: &Budget,
    deadline: Option<Instant>,
) -> Verdict {
    if let Ok(left) = time_left(deadline) {
        let proposal = catch_unwind(AssertUnwindSafe(|| {
            farkas::propose(problem, prepared.float_rows(), good_lp::coin_cbc, |model| {
                configure(model, budget.max_nodes, left)
            })
        }));
        if let Ok(Some(y)) = proposal {
            if farkas::certifies(problem, prepared.integer_rows(), prepared.float_rows(), &y) {
                return Verdict::Infeasible {
                    certainty: Certainty::Exact,
                    reason: "CBC found no integer point, and an exact Farkas certificate shows \
                             that not even a fractional point satisfies the rows (bounds \
                             rounded inwards to integers)"
                        .to_string(),
                };
            }
        }
    }
    Verdict::Infeasible {
        certainty: Certainty::Solver,
        reason: "CBC found no integer point (a floating-point solver's answer, not an exact \
                 proof)"
            .to_string(),
    }
}
