//! The parts every good_lp backend shares on top of `scorecheck_feasibility::float_kit`: the zero-objective integer model, and the verdict for a point a solver called feasible.

use good_lp::{constraint, variable, Expression, ProblemVariables, Solver, SolverModel, Variable};
use scorecheck_feasibility::float_kit::{verified_witness, FloatRow};
use scorecheck_feasibility::{Problem, Verdict};

/// The zero-objective integer model of `problem` with the rows `rows`, handed to `solver`;
/// also returns the model's variables in [`scorecheck_feasibility::VarId`] order.
pub(crate) fn integer_model<S: Solver>(
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

/// The verdict for a point a solver called feasible.
pub(crate) fn feasible_or_undecided(problem: &Problem, values: &[f64], solver: &str) -> Verdict {
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
