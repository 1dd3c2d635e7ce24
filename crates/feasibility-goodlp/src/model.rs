//! The parts every good_lp backend shares: the exact preliminaries, the zero-objective integer model, and turning a float point into an exactly verified witness.

use std::time::{Duration, Instant};

use good_lp::{constraint, variable, Expression, ProblemVariables, Solver, SolverModel, Variable};
use scorecheck_feasibility::{repair, Budget, Certainty, IntegerRow, Problem, Verdict};

use crate::rows::{float_row, integer_rows, FloatRow};

/// Largest magnitude of a variable bound handed to a float solver: every integer up to
/// 2^53 is exact in `f64`.
const EXACT_F64_BOUND: i64 = 1 << 53;

/// A problem after the exact preliminaries, ready for a float solver.
pub struct Prepared {
    /// The integer rows (bounds rounded inwards).
    pub integer_rows: Vec<IntegerRow>,
    /// The same rows in `f64`.
    pub float_rows: Vec<FloatRow>,
}

/// The exact preliminaries every backend runs first: a malformed problem is undecided, an
/// empty range or an empty integer window of one row is an exact "infeasible", a problem
/// without rows is answered by its lower corner. `Ok` hands the rows on to the solver.
pub fn prepare(problem: &Problem) -> Result<Prepared, Verdict> {
    if let Some((constraint, var)) = problem.unknown_variable() {
        let name = problem
            .constraints()
            .get(constraint)
            .map(|c| c.name.as_str())
            .unwrap_or_default();
        return Err(Verdict::Undecided {
            reason: format!(
                "malformed problem: constraint {name} refers to variable #{} which does not exist",
                var.0
            ),
        });
    }
    if let Some(reason) = problem.trivially_infeasible() {
        return Err(Verdict::Infeasible {
            certainty: Certainty::Exact,
            reason,
        });
    }
    let integer_rows = integer_rows(problem).map_err(|reason| Verdict::Infeasible {
        certainty: Certainty::Exact,
        reason,
    })?;
    if integer_rows.is_empty() {
        // Every row holds everywhere, so any point of the box does.
        let point: Vec<i64> = problem.variables().iter().map(|v| v.lower).collect();
        return Err(match problem.check(&point) {
            Ok(()) => Verdict::Feasible { witness: point },
            Err(violation) => Verdict::Undecided {
                reason: format!("internal error: the lower corner fails ({violation})"),
            },
        });
    }
    if problem
        .variables()
        .iter()
        .any(|v| v.lower.abs() > EXACT_F64_BOUND || v.upper.abs() > EXACT_F64_BOUND)
    {
        return Err(Verdict::Undecided {
            reason: "a variable bound exceeds 2^53, beyond what a float solver holds exactly"
                .to_string(),
        });
    }
    let float_rows = integer_rows.iter().map(float_row).collect();
    Ok(Prepared {
        integer_rows,
        float_rows,
    })
}

/// The zero-objective integer model of `problem` with the rows `rows`, handed to `solver`;
/// also returns the model's variables in [`scorecheck_feasibility::VarId`] order.
pub fn integer_model<S: Solver>(
    problem: &Problem,
    rows: &[FloatRow],
    solver: S,
) -> (S::Model, Vec<Variable>) {
    let mut vars = ProblemVariables::new();
    let columns: Vec<Variable> = problem
        .variables()
        .iter()
        .map(|v| vars.add(variable().integer().min(v.lower as f64).max(v.upper as f64)))
        .collect();
    let mut constraints = Vec::with_capacity(2 * rows.len());
    for row in rows {
        let mut expression = Expression::with_capacity(row.terms.len());
        for &(var, coef) in &row.terms {
            if let Some(&column) = columns.get(var) {
                expression.add_mul(coef, column);
            }
        }
        match (row.lower, row.upper) {
            (Some(l), Some(u)) if l == u => constraints.push(constraint::eq(expression, l)),
            (lower, upper) => {
                if let Some(l) = lower {
                    constraints.push(constraint::geq(expression.clone(), l));
                }
                if let Some(u) = upper {
                    constraints.push(constraint::leq(expression, u));
                }
            }
        }
    }
    // A zero objective: any feasible point is optimal, so the solver stops at the first one.
    let model = vars
        .minimise(Expression::default())
        .using(solver)
        .with_all(constraints);
    (model, columns)
}

/// An exactly verified integer point near the solver's `values`: rounded into the bounds
/// and checked with exact rationals, else repaired by the shared local search.
pub fn verified_witness(problem: &Problem, values: &[f64]) -> Option<Vec<i64>> {
    let rounded: Vec<i64> = problem
        .variables()
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let value = values.get(i).copied().unwrap_or(f64::NAN);
            // `as` saturates for out-of-range floats; NaN goes to the lower bound.
            let x = if value.is_finite() {
                value.round() as i64
            } else {
                v.lower
            };
            x.clamp(v.lower, v.upper)
        })
        .collect();
    if problem.check(&rounded).is_ok() {
        return Some(rounded);
    }
    repair(problem, &rounded).filter(|point| problem.check(point).is_ok())
}

/// The verdict for a point a solver called feasible.
pub fn feasible_or_undecided(problem: &Problem, values: &[f64], solver: &str) -> Verdict {
    match verified_witness(problem, values) {
        Some(witness) => Verdict::Feasible { witness },
        None => Verdict::Undecided {
            reason: format!(
                "{solver} returned a point that fails the exact check, and no integer point \
                 nearby satisfies the problem"
            ),
        },
    }
}

/// The wall-clock deadline of a call that started at `start` under `budget`.
pub fn deadline(start: Instant, budget: &Budget) -> Option<Instant> {
    budget.time_limit.and_then(|limit| start.checked_add(limit))
}

/// What is left before `deadline` (`None` without one); `Err` once it has passed.
pub fn time_left(deadline: Option<Instant>) -> Result<Option<Duration>, Verdict> {
    match deadline {
        None => Ok(None),
        Some(deadline) => {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                Err(Verdict::Undecided {
                    reason: "the time limit was reached".to_string(),
                })
            } else {
                Ok(Some(left))
            }
        }
    }
}
