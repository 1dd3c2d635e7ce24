//! Exact Farkas certificates: a float solver proposes row multipliers, exact rationals decide whether they prove that no point of the box satisfies the integer rows.
//!
//! For multipliers `y` (one per row; a positive one weighs the row's lower bound, a negative
//! one its upper bound) every point satisfying the rows satisfies the combined row
//! `Σ_j c_j x_j ≥ b` with `c = Σ_i y_i a_i` and `b = Σ_{y_i > 0} y_i L_i + Σ_{y_i < 0} y_i U_i`.
//! If the largest value of `c·x` over the variable box is below `b`, no real point, and so
//! no integer point, satisfies the rows: that comparison is made with exact rationals, so the
//! multipliers may be as noisy as a float solver leaves them (noise only weakens the proof).
//! The rows are the integer rows of `scorecheck_feasibility::float_kit`, whose bounds were already rounded inwards,
//! so a certificate may prove integer infeasibility that the plain relaxation does not show.
//!
//! The multipliers come from the certificate LP, solved by the same float solver:
//! maximise `Σ p_i L_i − Σ q_i U_i − Σ_j t_j` over `p, q ∈ [0, 1]` and free `t`, with
//! `t_j ≥ l_j c_j` and `t_j ≥ u_j c_j` where `c = Σ (p_i − q_i) a_i` (so `t_j` is the box
//! maximum of `c_j x_j`). Its optimum is positive exactly when the relaxation is empty.

use good_lp::{constraint, variable, Expression, ProblemVariables, Solution, Solver, SolverModel};
use num_rational::BigRational;
use num_traits::{Signed, Zero};
use scorecheck_feasibility::{IntegerRow, Problem};

use scorecheck_feasibility::float_kit::FloatRow;

/// Whether the multipliers `y` (one per row of `float_rows`, which stand for `integer_rows`
/// divided by their divisors) prove exactly that no point of the box satisfies the rows.
pub(crate) fn certifies(
    problem: &Problem,
    integer_rows: &[IntegerRow],
    float_rows: &[FloatRow],
    y: &[f64],
) -> bool {
    if y.len() != integer_rows.len() || float_rows.len() != integer_rows.len() {
        return false;
    }
    let variables = problem.variables();
    let mut combined: Vec<BigRational> = vec![BigRational::zero(); variables.len()];
    let mut bound = BigRational::zero();
    for ((row, float), &weight) in integer_rows.iter().zip(float_rows).zip(y) {
        if !weight.is_finite() || weight == 0.0 {
            continue;
        }
        let Some(weight) = BigRational::from_float(weight) else {
            continue;
        };
        let weight = weight / BigRational::from_integer(float.divisor.clone());
        // A positive weight uses the lower bound, a negative one the upper bound; a missing
        // bound means the row cannot be weighed that way.
        let side = if weight.is_positive() {
            row.lower()
        } else {
            row.upper()
        };
        let Some(side) = side else {
            continue;
        };
        bound += &weight * BigRational::from_integer(side.clone());
        for (var, coef) in row.terms() {
            let Some(slot) = combined.get_mut(var.0) else {
                return false;
            };
            *slot += &weight * BigRational::from_integer(coef.clone());
        }
    }
    let mut box_maximum = BigRational::zero();
    for (c, v) in combined.iter().zip(variables) {
        let end = if c.is_positive() { v.upper } else { v.lower };
        box_maximum += c * BigRational::from_integer(end.into());
    }
    box_maximum < bound
}

/// Multipliers proposed by `solver` for the certificate LP of `float_rows`, or `None` if
/// the solver gave no answer. `configure` applies the caller's limits to the model.
pub(crate) fn propose<S: Solver>(
    problem: &Problem,
    float_rows: &[FloatRow],
    solver: S,
    configure: impl FnOnce(S::Model) -> S::Model,
) -> Option<Vec<f64>> {
    let mut vars = ProblemVariables::new();
    let mut objective = Expression::with_capacity(2 * float_rows.len() + problem.variables().len());
    // (p_i, q_i): the multipliers of the lower and upper side of row i, where it has one.
    let mut sides = Vec::with_capacity(float_rows.len());
    for row in float_rows {
        let p = row.lower.map(|l| {
            let p = vars.add(variable().min(0.0).max(1.0));
            objective.add_mul(l, p);
            p
        });
        let q = row.upper.map(|u| {
            let q = vars.add(variable().min(0.0).max(1.0));
            objective.add_mul(-u, q);
            q
        });
        sides.push((p, q));
    }
    // c_j as an expression in the multipliers.
    let mut combined: Vec<Expression> = vec![Expression::default(); problem.variables().len()];
    for (row, (p, q)) in float_rows.iter().zip(&sides) {
        for &(var, coef) in &row.terms {
            let slot = combined.get_mut(var)?;
            if let Some(p) = p {
                slot.add_mul(coef, *p);
            }
            if let Some(q) = q {
                slot.add_mul(-coef, *q);
            }
        }
    }
    let mut limits = Vec::new();
    for (c, v) in combined.into_iter().zip(problem.variables()) {
        let t = vars.add(variable());
        objective.add_mul(-1.0, t);
        for end in [v.lower as f64, v.upper as f64] {
            let mut at_end = Expression::default();
            at_end.add_mul(end, c.clone());
            limits.push(constraint::geq(Expression::from(t), at_end));
        }
    }
    let model = configure(vars.maximise(objective).using(solver)).with_all(limits);
    let solution = model.solve().ok()?;
    Some(
        sides
            .iter()
            .map(|(p, q)| {
                p.map_or(0.0, |p| solution.value(p)) - q.map_or(0.0, |q| solution.value(q))
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use scorecheck_feasibility::float_kit::{float_row, integer_rows};

    fn r(n: i64, d: i64) -> BigRational {
        BigRational::new(n.into(), d.into())
    }

    /// x + y ≥ 3 and x + y ≤ 2 on [0, 5]²: the sum of the rows is 0 ≥ 1.
    fn contradiction() -> (Problem, Vec<IntegerRow>, Vec<FloatRow>) {
        let mut p = Problem::new();
        let x = p.add_variable("x", 0, 5);
        let y = p.add_variable("y", 0, 5);
        let one = r(1, 1);
        p.add_constraint(
            "at least 3",
            vec![(x, one.clone()), (y, one.clone())],
            Some(r(3, 1)),
            None,
        );
        p.add_constraint(
            "at most 2",
            vec![(x, one.clone()), (y, one)],
            None,
            Some(r(2, 1)),
        );
        let rows = integer_rows(&p).unwrap();
        let floats = rows.iter().map(float_row).collect();
        (p, rows, floats)
    }

    #[test]
    fn a_true_certificate_is_accepted_and_noise_is_tolerated() {
        let (p, rows, floats) = contradiction();
        assert!(certifies(&p, &rows, &floats, &[1.0, -1.0]));
        assert!(certifies(&p, &rows, &floats, &[0.5, -0.5000001]));
    }

    #[test]
    fn wrong_multipliers_are_rejected() {
        let (p, rows, floats) = contradiction();
        assert!(!certifies(&p, &rows, &floats, &[1.0, 0.0]));
        assert!(!certifies(&p, &rows, &floats, &[-1.0, 1.0]));
        assert!(!certifies(&p, &rows, &floats, &[0.0, 0.0]));
        assert!(!certifies(&p, &rows, &floats, &[1.0]));
    }

    #[test]
    fn a_feasible_problem_has_no_certificate() {
        let mut p = Problem::new();
        let x = p.add_variable("x", 0, 5);
        p.add_constraint("x ≥ 2", vec![(x, r(1, 1))], Some(r(2, 1)), None);
        let rows = integer_rows(&p).unwrap();
        let floats: Vec<FloatRow> = rows.iter().map(float_row).collect();
        for w in [-1.0, 0.0, 0.5, 1.0, 1e300] {
            assert!(!certifies(&p, &rows, &floats, &[w]));
        }
    }
}
