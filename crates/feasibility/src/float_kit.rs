//! What a float backend needs to hand a [`Problem`] to a float solver and have its answer re-checked: the exact preliminaries, rows scaled exactly before they become `f64`, and a float point turned into an exactly verified integer witness.
//!
//! A backend built on a floating-point solver (HiGHS, CBC, microlp, one of your own) runs
//! [`prepare`] first. It settles, in exact arithmetic and without the solver, what needs no
//! solver: a malformed problem (undecided), an empty variable range or a row whose integer
//! window is empty (an exact "infeasible"), a problem whose rows hold everywhere (its lower
//! corner), a variable bound beyond 2^53 (undecided: no `f64` holds it exactly). Otherwise
//! it hands on the rows twice: as [`IntegerRow`]s (exact, for certificates) and as
//! [`FloatRow`]s, the same rows in `f64` for the solver.
//!
//! Why rows are scaled before conversion: a mean of scores over folds has coefficients such
//! as 1/(5·p_i), tiny and inexact in `f64`, which float solvers misjudge. Each row is
//! multiplied by the least common multiple of its denominators and divided by the greatest
//! common divisor of the numerators ([`IntegerRow`]); at an integer point its activity is
//! then an integer, so its bounds round inwards without losing an integer point (exact, and
//! sometimes a proof of infeasibility on its own: `2x = 1`). Rows whose integer
//! coefficients are huge are divided by their largest coefficient instead
//! ([`FloatRow::divisor`]).
//!
//! Nothing a float solver says counts as it is: a point it calls feasible goes through
//! [`verified_witness`] (rounded into the bounds, checked exactly, else repaired nearby by
//! [`repair`]), and the backend's answer still passes [`crate::checked`].
//!
//! ```
//! use num_rational::BigRational;
//! use scorecheck_feasibility::float_kit::{prepare, verified_witness};
//! use scorecheck_feasibility::{Problem, Verdict};
//!
//! let r = |n: i64, d: i64| BigRational::new(n.into(), d.into());
//! let mut problem = Problem::new();
//! let tp0 = problem.add_variable("tp_0", 0, 3);
//! let tp1 = problem.add_variable("tp_1", 0, 5);
//! problem.add_constraint(
//!     "mean sensitivity",
//!     vec![(tp0, r(1, 6)), (tp1, r(1, 10))],
//!     Some(r(525, 1000)),
//!     Some(r(535, 1000)),
//! );
//! let prepared = prepare(&problem).expect("a solver is needed");
//! // (1/6) tp_0 + (1/10) tp_1 in [0.525, 0.535], times 30: 5 tp_0 + 3 tp_1 in [15.75, 16.05].
//! let row = &prepared.float_rows()[0];
//! assert_eq!(row.terms, vec![(0, 5.0), (1, 3.0)]);
//! assert_eq!((row.lower, row.upper), (Some(16.0), Some(16.0)));
//! // A solver's slightly-off point becomes an exactly checked witness.
//! assert_eq!(verified_witness(&problem, &[2.0000001, 1.9999999]), Some(vec![2, 2]));
//!
//! // 2x = 1 has no integer point: settled before any solver runs.
//! let mut half = Problem::new();
//! let x = half.add_variable("x", 0, 10);
//! half.add_constraint("half", vec![(x, r(2, 1))], Some(r(1, 1)), Some(r(1, 1)));
//! assert!(matches!(prepare(&half), Err(Verdict::Infeasible { .. })));
//! ```

use std::time::Duration;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive};
use scorecheck_clock::Instant;

use crate::{repair, Budget, Certainty, IntegerRow, Problem, Verdict};

/// Largest integer coefficient passed to a solver as is; larger rows are normalised to a
/// largest coefficient of 1 instead.
///
/// Integer rows keep the activity at an integer point an integer, which a solver's absolute
/// feasibility tolerance (about 1e-6) tells apart from the next integer; past this size the
/// coefficient range inside one row becomes the bigger numerical risk.
const INTEGER_ROW_LIMIT: f64 = 1e9;

/// Largest magnitude an `f64` holds with every integer below it exact (2^53).
const EXACT_F64_INTEGER: f64 = 9_007_199_254_740_992.0;

/// Largest magnitude of a variable bound handed to a float solver (2^53).
const EXACT_F64_BOUND: i64 = 1 << 53;

/// A row as handed to a float solver: `f64` coefficients and bounds.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct FloatRow {
    /// Terms `(variable index, coefficient)`.
    pub terms: Vec<(usize, f64)>,
    /// Lower bound, if any (`None` also when it is beyond `f64`'s range).
    pub lower: Option<f64>,
    /// Upper bound, if any (`None` also when it is beyond `f64`'s range).
    pub upper: Option<f64>,
    /// The positive integer the integer row was divided by: the float row stands for the
    /// exact row `integer row / divisor`. 1 unless the row was normalised.
    pub divisor: BigInt,
}

impl FloatRow {
    /// Whether the row holds the integer coefficients and bounds themselves, each exact in
    /// `f64` (`divisor` is 1); `false` when it was normalised to a largest coefficient of 1.
    pub fn is_integral(&self) -> bool {
        self.divisor.is_one()
    }
}

/// The integer rows of `problem` ([`IntegerRow`]; rows that hold at every point dropped), or
/// the reason exact arithmetic alone shows that no integer point exists.
///
/// Terms naming unknown variables must have been ruled out by the caller
/// ([`Problem::unknown_variable`]; [`prepare`] does).
///
/// # Errors
///
/// The reason, naming the constraint, when one row admits no integer point.
pub fn integer_rows(problem: &Problem) -> Result<Vec<IntegerRow>, String> {
    let mut rows = Vec::with_capacity(problem.constraints().len());
    for constraint in problem.constraints() {
        let row = IntegerRow::from_constraint(constraint);
        if row.is_empty() {
            let show = |bound: &Option<BigRational>| {
                bound
                    .as_ref()
                    .map_or_else(|| "unbounded".to_string(), ToString::to_string)
            };
            return Err(if row.is_constant() {
                format!(
                    "constraint {} has no nonzero terms and its range excludes 0",
                    constraint.name
                )
            } else {
                format!(
                    "constraint {}: scaled to integer coefficients its activity is an integer \
                     at every integer point, but no integer lies in its range [{}, {}]",
                    constraint.name,
                    show(&constraint.lower),
                    show(&constraint.upper)
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

/// A problem after the exact preliminaries ([`prepare`]), ready for a float solver.
#[derive(Debug, Clone, PartialEq)]
pub struct Prepared {
    integer_rows: Vec<IntegerRow>,
    float_rows: Vec<FloatRow>,
}

impl Prepared {
    /// The integer rows (bounds rounded inwards; rows that hold everywhere dropped): what an
    /// exact certificate is checked on.
    pub fn integer_rows(&self) -> &[IntegerRow] {
        &self.integer_rows
    }

    /// The same rows in `f64`, one per integer row: what the solver gets.
    pub fn float_rows(&self) -> &[FloatRow] {
        &self.float_rows
    }
}

/// The exact preliminaries every float backend runs first.
///
/// # Errors
///
/// The verdict when no solver is needed or none can be trusted: undecided for a malformed
/// problem (a term naming no variable) or a variable bound beyond 2^53; an exact
/// "infeasible" for an empty variable range or a row whose integer window is empty; the
/// lower corner of the box as witness when every row holds everywhere.
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

/// Rounds a solver's `values` (one per variable) to the nearest integers inside the
/// variable bounds; a missing or non-finite value becomes the variable's lower bound.
pub fn round_point(problem: &Problem, values: &[f64]) -> Vec<i64> {
    problem
        .variables()
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let value = values.get(i).copied().unwrap_or(f64::NAN);
            // `as` saturates for out-of-range floats; NaN is handled first.
            let rounded = if value.is_finite() {
                value.round() as i64
            } else {
                v.lower
            };
            rounded.clamp(v.lower.min(v.upper), v.upper.max(v.lower))
        })
        .collect()
}

/// An exactly verified integer point near a solver's `values`: [`round_point`], checked
/// with exact rationals ([`Problem::check`]), else repaired nearby by [`repair`].
pub fn verified_witness(problem: &Problem, values: &[f64]) -> Option<Vec<i64>> {
    let rounded = round_point(problem, values);
    if problem.check(&rounded).is_ok() {
        return Some(rounded);
    }
    repair(problem, &rounded).filter(|point| problem.check(point).is_ok())
}

/// The instant a call that started at `start` must stop by under `budget`, if any.
pub fn deadline(start: Instant, budget: &Budget) -> Option<Instant> {
    budget.time_limit.and_then(|limit| start.checked_add(limit))
}

/// What is left before `deadline` (`None` without one).
///
/// # Errors
///
/// [`Verdict::Undecided`] ("the time limit was reached") once the deadline has passed.
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::VarId;

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
        let prepared = prepare(&p).unwrap();
        // (1/3) x + (1/10) y, times 30: 10 x + 3 y in [30/7, 27] -> [5, 27].
        let integer = &prepared.integer_rows()[0];
        assert_eq!(integer.lower(), Some(&5.into()));
        assert_eq!(integer.upper(), Some(&27.into()));
        let float = &prepared.float_rows()[0];
        assert_eq!(float.terms, vec![(0, 10.0), (1, 3.0)]);
        assert_eq!((float.lower, float.upper), (Some(5.0), Some(27.0)));
        assert!(float.is_integral());
    }

    #[test]
    fn proves_an_empty_integer_window_naming_the_row_and_its_range() {
        let mut p = Problem::new();
        let x = p.add_variable("x", 0, 10);
        p.add_constraint("half", vec![(x, r(2, 1))], Some(r(1, 1)), Some(r(1, 1)));
        let reason = integer_rows(&p).unwrap_err();
        assert!(
            reason.contains("constraint half") && reason.contains("[1, 1]"),
            "{reason}"
        );
        assert!(matches!(
            prepare(&p),
            Err(Verdict::Infeasible {
                certainty: Certainty::Exact,
                ..
            })
        ));
    }

    #[test]
    fn terms_cancelling_out_leave_a_constant_row() {
        let mut p = Problem::new();
        let x = p.add_variable("x", 3, 10);
        p.add_constraint(
            "gone",
            vec![(x, r(1, 3)), (x, r(-1, 3))],
            Some(r(0, 1)),
            None,
        );
        assert_eq!(integer_rows(&p), Ok(Vec::new()));
        // Every row holds everywhere: the lower corner, without a solver.
        assert_eq!(prepare(&p), Err(Verdict::Feasible { witness: vec![3] }));
        p.add_constraint("bad", vec![(VarId(0), r(0, 1))], Some(r(1, 2)), None);
        assert!(integer_rows(&p).unwrap_err().contains("no nonzero terms"));
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
        assert!(!float.is_integral());
        let largest = float.terms.iter().map(|t| t.1.abs()).fold(0.0, f64::max);
        assert_eq!(largest, 1.0);
        assert!(float.upper.is_none());
    }

    #[test]
    fn malformed_problems_and_huge_bounds_are_undecided() {
        let mut p = Problem::new();
        let x = p.add_variable("x", 0, 1 << 60);
        p.add_constraint("row", vec![(x, r(1, 1))], Some(r(1, 1)), None);
        assert!(matches!(prepare(&p), Err(Verdict::Undecided { .. })));
        let mut q = Problem::new();
        q.add_variable("x", 0, 1);
        q.add_constraint("ghost", vec![(VarId(7), r(1, 1))], Some(r(1, 1)), None);
        let Err(Verdict::Undecided { reason }) = prepare(&q) else {
            panic!("a term naming no variable is malformed");
        };
        assert!(
            reason.contains("ghost") && reason.contains("#7"),
            "{reason}"
        );
    }

    #[test]
    fn rounding_clamps_and_survives_nan() {
        let mut p = Problem::new();
        p.add_variable("a", 0, 5);
        p.add_variable("b", -3, 3);
        p.add_variable("c", 1, 2);
        assert_eq!(round_point(&p, &[4.6, -9.0, f64::NAN]), vec![5, -3, 1]);
        assert_eq!(round_point(&p, &[1e300]), vec![5, -3, 1]);
    }

    #[test]
    fn a_point_off_a_row_is_repaired_or_refused() {
        let mut p = Problem::new();
        let x = p.add_variable("x", 0, 10);
        let y = p.add_variable("y", 0, 10);
        let five = Some(r(5, 1));
        p.add_constraint("sum", vec![(x, r(1, 1)), (y, r(1, 1))], five.clone(), five);
        let witness = verified_witness(&p, &[2.6, 2.6]).expect("(3, 2) or (2, 3) is near");
        assert!(p.check(&witness).is_ok());
        let mut odd = Problem::new();
        let x = odd.add_variable("x", 0, 10);
        odd.add_constraint("odd", vec![(x, r(2, 1))], Some(r(7, 1)), Some(r(7, 1)));
        assert_eq!(verified_witness(&odd, &[3.5]), None);
    }

    #[test]
    fn a_passed_deadline_is_undecided() {
        let start = Instant::now();
        let budget = Budget::new(10, Some(Duration::ZERO));
        let passed = deadline(start, &budget);
        assert_eq!(passed, Some(start));
        assert!(matches!(time_left(passed), Err(Verdict::Undecided { .. })));
        assert_eq!(time_left(deadline(start, &Budget::new(10, None))), Ok(None));
    }
}
