//! One HiGHS run: builds the scaled model, sets the options, and reads back what HiGHS said.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

use highs::{ColProblem, HighsModelStatus, RowProblem, Sense};
use scorecheck_feasibility::float_kit::{time_left, FloatRow};
use scorecheck_feasibility::Problem;

/// HiGHS counts columns, rows and nonzeros in a 32-bit integer.
const HIGHS_INT_MAX: usize = i32::MAX as usize;

/// What one HiGHS run reported, before any exact checking.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum RunOutcome {
    /// HiGHS reports a feasible point (its values, one per variable, unrounded).
    Point(Vec<f64>),
    /// HiGHS reports that no integer point exists.
    Infeasible,
    /// HiGHS stopped without an answer (a limit, an error, or a status we do not trust).
    NoAnswer(String),
}

/// How a run is configured.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct RunSettings {
    /// Whether HiGHS presolve runs.
    pub presolve: bool,
    /// Node limit of the branch and bound (`mip_max_nodes`).
    pub max_nodes: u64,
    /// The instant after which the run must stop, if any.
    pub deadline: Option<Instant>,
}

/// The model built once and solved possibly several times (with different settings).
#[derive(Debug, Clone)]
pub(crate) struct Model {
    problem: ColProblem,
}

impl Model {
    /// Builds the HiGHS model of `problem` with the given scaled rows, each row's window
    /// shrunk by `margin` on both sides where that leaves it nonempty (0 for the plain model).
    pub(crate) fn build(
        problem: &Problem,
        rows: &[FloatRow],
        margin: f64,
    ) -> Result<Model, String> {
        let nonzeros: usize = rows.iter().map(|r| r.terms.len()).sum();
        if problem.variables().len() > HIGHS_INT_MAX
            || rows.len() > HIGHS_INT_MAX
            || nonzeros > HIGHS_INT_MAX
        {
            return Err("the problem is too large for HiGHS's 32-bit indices".to_string());
        }
        let mut model = RowProblem::default();
        // A zero objective: any feasible point is optimal, so HiGHS stops at the first one.
        let columns: Vec<_> = problem
            .variables()
            .iter()
            .map(|v| model.add_integer_column(0.0, (v.lower as f64)..=(v.upper as f64)))
            .collect();
        for row in rows {
            let mut terms = Vec::with_capacity(row.terms.len());
            for &(var, coef) in &row.terms {
                let Some(&column) = columns.get(var) else {
                    return Err(format!(
                        "a term names variable #{var}, which does not exist"
                    ));
                };
                terms.push((column, coef));
            }
            let mut lower = row.lower.unwrap_or(f64::NEG_INFINITY);
            let mut upper = row.upper.unwrap_or(f64::INFINITY);
            if margin > 0.0 && !row.is_integral() {
                let (l, u) = (lower + margin, upper - margin);
                if l <= u {
                    (lower, upper) = (l, u);
                }
            }
            model.add_row(lower..=upper, terms);
        }
        Ok(Model {
            problem: model.into(),
        })
    }

    /// Runs HiGHS once. Any panic of the bindings becomes [`RunOutcome::NoAnswer`].
    pub(crate) fn run(&self, settings: RunSettings) -> RunOutcome {
        let time_limit = match time_left(settings.deadline) {
            Ok(left) => left,
            Err(_) => return RunOutcome::NoAnswer("the time limit was reached".to_string()),
        };
        let problem = self.problem.clone();
        let outcome = catch_unwind(AssertUnwindSafe(move || {
            run_unguarded(problem, settings, time_limit)
        }));
        outcome.unwrap_or_else(|_| {
            RunOutcome::NoAnswer("the HiGHS bindings failed unexpectedly".to_string())
        })
    }
}

fn run_unguarded(
    problem: ColProblem,
    settings: RunSettings,
    time_limit: Option<Duration>,
) -> RunOutcome {
    let mut model = match problem.try_optimise(Sense::Minimise) {
        Ok(model) => model,
        Err(status) => {
            return RunOutcome::NoAnswer(format!("HiGHS rejected the model ({status:?})"))
        }
    };
    model.make_quiet();
    let nodes = i32::try_from(settings.max_nodes).unwrap_or(i32::MAX);
    let mut options = vec![
        model.try_set_option("output_flag", false),
        model.try_set_option("log_to_console", false),
        model.try_set_option("presolve", if settings.presolve { "on" } else { "off" }),
        // With a zero objective the gap is irrelevant, but a 0 gap keeps HiGHS from ever
        // calling a node "good enough" should an objective be added later.
        model.try_set_option("mip_rel_gap", 0.0),
        model.try_set_option("mip_max_nodes", nodes),
    ];
    if let Some(limit) = time_limit {
        options.push(model.try_set_option("time_limit", limit.as_secs_f64()));
    }
    if options.iter().any(Result::is_err) {
        return RunOutcome::NoAnswer("HiGHS refused one of the solver options".to_string());
    }
    let solved = match model.try_solve() {
        Ok(solved) => solved,
        Err(status) => return RunOutcome::NoAnswer(format!("HiGHS failed ({status:?})")),
    };
    match solved.status() {
        HighsModelStatus::Optimal => RunOutcome::Point(solved.get_solution().columns().to_vec()),
        // Every column is bounded and the objective is zero, so "unbounded or infeasible"
        // can only mean infeasible.
        HighsModelStatus::Infeasible | HighsModelStatus::UnboundedOrInfeasible => {
            RunOutcome::Infeasible
        }
        HighsModelStatus::ReachedTimeLimit => {
            RunOutcome::NoAnswer("HiGHS reached the time limit".to_string())
        }
        HighsModelStatus::ReachedSolutionLimit => {
            RunOutcome::NoAnswer("HiGHS reached the node limit".to_string())
        }
        HighsModelStatus::ReachedIterationLimit => {
            RunOutcome::NoAnswer("HiGHS reached its iteration limit".to_string())
        }
        other => RunOutcome::NoAnswer(format!("HiGHS ended with status {other:?}")),
    }
}
