//! Exact row scaling: every row becomes a row of coprime integers with integer bounds before any number is converted to `f64`.
//!
//! A mean of scores over folds has coefficients such as 1/(5·p_i); handed to a float solver
//! as they are, they are tiny and their sums inexact. Each row is multiplied by the least
//! common multiple of its denominators and divided by the greatest common divisor of the
//! resulting numerators. At an integer point the activity of such a row is an integer, so
//! its bounds round inwards (`ceil` the lower, `floor` the upper) without losing an integer
//! point: exact, and sometimes a proof of infeasibility on its own (`2x = 1`).
//! The integer rows are also what the exact Farkas check of [`crate::farkas`] works on.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive};
use scorecheck_feasibility::{IntegerRow, Problem};

/// Largest integer coefficient passed to a solver as is; larger rows are normalised to a
/// largest coefficient of 1 instead (the coefficient range inside one row is then the
/// bigger numerical risk).
const INTEGER_ROW_LIMIT: f64 = 1e9;

/// Largest magnitude an `f64` holds with every integer below it exact (2^53).
const EXACT_F64_INTEGER: f64 = 9_007_199_254_740_992.0;

/// A row as handed to a float solver: `f64` coefficients and bounds.
#[derive(Debug, Clone, PartialEq)]
pub struct FloatRow {
    /// Terms `(variable index, coefficient)`.
    pub terms: Vec<(usize, f64)>,
    /// Lower bound, if any.
    pub lower: Option<f64>,
    /// Upper bound, if any.
    pub upper: Option<f64>,
    /// The positive integer the integer row was divided by (1 unless it was normalised):
    /// the float row stands for the exact row `integer row / divisor`.
    pub divisor: BigInt,
}

/// The integer rows of `problem` ([`IntegerRow`]; rows that hold at every point dropped), or
/// the reason exact arithmetic alone shows that no integer point exists.
///
/// Terms naming unknown variables must have been ruled out by the caller.
pub fn integer_rows(problem: &Problem) -> Result<Vec<IntegerRow>, String> {
    let mut rows = Vec::with_capacity(problem.constraints().len());
    for constraint in problem.constraints() {
        let row = IntegerRow::from_constraint(constraint);
        if row.is_empty() {
            return Err(if row.is_constant() {
                format!(
                    "constraint {} has no nonzero terms and its range excludes 0",
                    constraint.name
                )
            } else {
                format!(
                    "constraint {}: scaled to integer coefficients its activity is an integer \
                     at every integer point, but no integer lies in its range",
                    constraint.name
                )
            });
        }
        if !row.is_constant() {
            rows.push(row);
        }
    }
    Ok(rows)
}

/// Converts an integer row to `f64`: as is when every number is exact and well conditioned
/// in `f64`, else divided (exactly, before rounding) by its largest coefficient.
pub fn float_row(row: &IntegerRow) -> FloatRow {
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
    let convert = |n: &BigInt| {
        BigRational::new(n.clone(), divisor.clone())
            .to_f64()
            .filter(|f| f.is_finite())
    };
    FloatRow {
        terms: row
            .terms()
            .iter()
            .map(|(var, c)| (var.0, convert(c).unwrap_or(0.0)))
            .collect(),
        lower: row.lower().and_then(convert),
        upper: row.upper().and_then(convert),
        divisor,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let rows = integer_rows(&p).unwrap();
        // (1/3) x + (1/10) y, times 30: 10 x + 3 y in [30/7, 27] -> [5, 27].
        assert_eq!(rows[0].lower(), Some(&5.into()));
        assert_eq!(rows[0].upper(), Some(&27.into()));
        assert_eq!(float_row(&rows[0]).terms, vec![(0, 10.0), (1, 3.0)]);
    }

    #[test]
    fn proves_an_empty_integer_window() {
        let mut p = Problem::new();
        let x = p.add_variable("x", 0, 10);
        p.add_constraint("half", vec![(x, r(2, 1))], Some(r(1, 1)), Some(r(1, 1)));
        assert!(integer_rows(&p).is_err());
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
            None,
        );
        let float = float_row(&integer_rows(&p).unwrap()[0]);
        let largest = float.terms.iter().map(|t| t.1.abs()).fold(0.0, f64::max);
        assert_eq!(largest, 1.0);
        assert!(float.upper.is_none());
    }
}
