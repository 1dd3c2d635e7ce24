//! Exact row scaling: every row becomes an [`IntegerRow`] before anything is converted to `f64`.
//!
//! HiGHS misjudges rows whose coefficients are tiny (a mean of scores over folds with millions
//! of samples has coefficients near 1/3.6e6), so no rational reaches the solver unscaled.
//! Each row is multiplied by the least common multiple of its denominators and divided by the
//! greatest common divisor of the resulting numerators. At an integer point the activity of
//! such a row is an integer, so its bounds can be rounded inwards (`ceil` the lower bound,
//! `floor` the upper bound) without losing a single integer point. That rounding is exact and
//! sometimes proves infeasibility on its own (`2x = 1`).

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive};
use scorecheck_feasibility::{Constraint, IntegerRow, Problem};

/// Largest integer coefficient passed to HiGHS as is; larger rows are normalised instead.
///
/// Integer rows keep the activity at an integer point an integer, which HiGHS's absolute
/// feasibility tolerance (about 1e-6) can tell apart from the next integer. Past this size
/// the coefficient range inside one row becomes the bigger numerical risk.
const INTEGER_ROW_LIMIT: f64 = 1e9;

/// Largest magnitude an `f64` holds with every integer below it exact (2^53).
const EXACT_F64_INTEGER: f64 = 9_007_199_254_740_992.0;

/// A row as handed to HiGHS: `f64` coefficients and bounds, after scaling.
#[derive(Debug, Clone, PartialEq)]
pub struct FloatRow {
    /// Index of the row in the original problem.
    pub index: usize,
    /// Terms `(variable index, coefficient)`.
    pub terms: Vec<(usize, f64)>,
    /// Lower bound (`-inf` for none).
    pub lower: f64,
    /// Upper bound (`+inf` for none).
    pub upper: f64,
    /// `true` when the row holds the integer coefficients themselves (exact in `f64`),
    /// `false` when it was normalised to a largest coefficient of 1.
    pub integral: bool,
}

/// The outcome of scaling every row of a problem.
#[derive(Debug, Clone, PartialEq)]
pub enum Scaled {
    /// The rows to hand to HiGHS (rows without terms that hold at every point are dropped).
    Rows(Vec<FloatRow>),
    /// Exact arithmetic alone shows that no integer point exists.
    Infeasible(String),
}

/// Scales every row of `problem` exactly ([`IntegerRow`]), then converts it to `f64`.
///
/// Terms naming unknown variables must have been ruled out by the caller.
pub fn scale_problem(problem: &Problem) -> Scaled {
    let mut rows = Vec::with_capacity(problem.constraints().len());
    for (index, constraint) in problem.constraints().iter().enumerate() {
        let row = IntegerRow::from_constraint(constraint);
        if let Some(reason) = empty_row_reason(constraint, &row) {
            return Scaled::Infeasible(reason);
        }
        if !row.is_constant() {
            rows.push(float_row(index, &row));
        }
    }
    Scaled::Rows(rows)
}

/// Why `row`, the integer form of `constraint`, admits no integer point, if it does not.
fn empty_row_reason(constraint: &Constraint, row: &IntegerRow) -> Option<String> {
    if !row.is_empty() {
        None
    } else if row.is_constant() {
        Some(format!(
            "constraint {} has no nonzero terms and its range excludes 0",
            constraint.name
        ))
    } else {
        Some(format!(
            "constraint {}: scaled to integer coefficients its activity is an integer at \
             every integer point, but no integer lies in its range [{}, {}]",
            constraint.name,
            show(&constraint.lower),
            show(&constraint.upper)
        ))
    }
}

fn show(bound: &Option<BigRational>) -> String {
    match bound {
        Some(b) => b.to_string(),
        None => "unbounded".to_string(),
    }
}

/// Converts row `index` in exact integer form to `f64`: as is when every number is small
/// enough to be exact and well conditioned, else divided (exactly) by its largest
/// coefficient first.
pub fn float_row(index: usize, row: &IntegerRow) -> FloatRow {
    let largest = row
        .terms()
        .iter()
        .map(|(_, c)| c.abs())
        .max()
        .unwrap_or_else(BigInt::one);
    let small = |n: &BigInt| n.to_f64().is_some_and(|f| f.abs() <= EXACT_F64_INTEGER);
    let integral = largest.to_f64().is_some_and(|f| f <= INTEGER_ROW_LIMIT)
        && row.lower().is_none_or(small)
        && row.upper().is_none_or(small);
    let divisor = if integral { BigInt::one() } else { largest };
    let convert = |n: &BigInt| BigRational::new(n.clone(), divisor.clone()).to_f64();
    let terms = row
        .terms()
        .iter()
        .map(|(var, c)| (var.0, convert(c).unwrap_or(0.0)))
        .collect();
    let lower = row.lower().and_then(convert).unwrap_or(f64::NEG_INFINITY);
    let upper = row.upper().and_then(convert).unwrap_or(f64::INFINITY);
    FloatRow {
        index,
        terms,
        lower,
        upper,
        integral,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use scorecheck_feasibility::VarId;

    fn r(n: i64, d: i64) -> BigRational {
        BigRational::new(n.into(), d.into())
    }

    #[test]
    fn clears_denominators_and_rounds_bounds_inwards() {
        let mut p = Problem::new();
        let x = p.add_variable("x", 0, 10);
        let y = p.add_variable("y", 0, 10);
        p.add_constraint(
            "row",
            vec![(x, r(1, 6)), (y, r(1, 10)), (x, r(1, 6))],
            Some(r(1, 7)),
            Some(r(9, 10)),
        );
        let Scaled::Rows(rows) = scale_problem(&p) else {
            panic!("the row has integer points");
        };
        let float = &rows[0];
        // (1/3) x + (1/10) y, times 30: 10 x + 3 y in [30/7, 27] -> [5, 27].
        assert_eq!((float.lower, float.upper), (5.0, 27.0));
        assert!(float.integral);
        assert_eq!(float.terms, vec![(0, 10.0), (1, 3.0)]);
    }

    #[test]
    fn proves_an_empty_integer_window() {
        let mut p = Problem::new();
        let x = p.add_variable("x", 0, 10);
        p.add_constraint("half", vec![(x, r(2, 1))], Some(r(1, 1)), Some(r(1, 1)));
        assert!(matches!(scale_problem(&p), Scaled::Infeasible(_)));
    }

    #[test]
    fn terms_cancelling_out_leave_a_constant_row() {
        let mut p = Problem::new();
        let x = p.add_variable("x", 0, 10);
        p.add_constraint(
            "gone",
            vec![(x, r(1, 3)), (x, r(-1, 3))],
            Some(r(0, 1)),
            None,
        );
        assert_eq!(scale_problem(&p), Scaled::Rows(Vec::new()));
        p.add_constraint("bad", vec![(VarId(0), r(0, 1))], Some(r(1, 2)), None);
        assert!(matches!(scale_problem(&p), Scaled::Infeasible(_)));
    }

    #[test]
    fn huge_coefficients_are_normalised() {
        let mut p = Problem::new();
        let x = p.add_variable("x", 0, 10);
        let y = p.add_variable("y", 0, 10);
        let z = p.add_variable("z", 0, 10);
        // Three coprime denominators near 3.6e6 make integer coefficients near 1.3e13.
        p.add_constraint(
            "mean",
            vec![
                (x, r(1, 3_600_001)),
                (y, r(1, 3_600_002)),
                (z, r(1, 3_600_007)),
            ],
            Some(r(1, 1_000_000)),
            Some(r(2, 1_000_000)),
        );
        let float = float_row(0, &IntegerRow::from_constraint(&p.constraints()[0]));
        assert!(!float.integral);
        let largest = float.terms.iter().map(|t| t.1.abs()).fold(0.0, f64::max);
        assert_eq!(largest, 1.0);
        assert!(float.lower <= float.upper);
    }
}
