//! The exact gate every backend answer passes through: witnesses are re-checked and, if need be, repaired.

use num_rational::BigRational;
use num_traits::{Signed, Zero};

use crate::{Budget, Certainty, Feasibility, Problem, Verdict};

/// A backend whose every "infeasible" short of an exact proof is "undecided".
///
/// For searches that claim exact results (an extreme, a minimal subset): a float solver's word
/// that nothing better exists must not close them.
///
/// ```
/// use scorecheck_feasibility::{Budget, Certainty, ExactOnly, Feasibility, Problem, Verdict};
/// // A float solver that gives up on everything.
/// struct Doubtful;
/// impl Feasibility for Doubtful {
///     fn name(&self) -> std::borrow::Cow<'static, str> { "doubtful".into() }
///     fn solve(&self, _: &Problem, _: &Budget) -> Verdict {
///         Verdict::Infeasible { certainty: Certainty::Solver, reason: "no point found".into() }
///     }
/// }
/// let verdict = ExactOnly(&Doubtful).solve(&Problem::new(), &Budget::default());
/// assert!(matches!(verdict, Verdict::Undecided { .. }));
/// ```
pub struct ExactOnly<'a>(pub &'a dyn Feasibility);

impl Feasibility for ExactOnly<'_> {
    fn name(&self) -> std::borrow::Cow<'static, str> {
        self.0.name()
    }

    fn solve(&self, problem: &Problem, budget: &Budget) -> Verdict {
        match self.0.solve(problem, budget) {
            Verdict::Infeasible { certainty, reason } if certainty != Certainty::Exact => {
                Verdict::Undecided {
                    reason: format!("{reason} (certainty {certainty}, not an exact proof)"),
                }
            }
            other => other,
        }
    }
}

/// A backend that first asks an exact backend under a small budget and calls the other
/// one only when that settles nothing.
///
/// `first`'s answer stands when it is a (re-checked) witness or an exact "infeasible";
/// otherwise `then` answers under the caller's budget. For searches that solve many small
/// variations of one program (an explanation's deletion filter), where an exact backend
/// often decides each in a fraction of a float solver's set-up time, and its proofs are
/// stronger.
#[non_exhaustive]
pub struct ExactFirst<'a> {
    /// The exact backend asked first.
    pub first: &'a dyn Feasibility,
    /// Its budget (never more than the caller's).
    pub first_budget: Budget,
    /// The backend asked when `first` settles nothing.
    pub then: &'a dyn Feasibility,
}

impl<'a> ExactFirst<'a> {
    /// Asks `first` under `first_budget` (never more than the caller's), then `then`.
    pub fn new(
        first: &'a dyn Feasibility,
        first_budget: Budget,
        then: &'a dyn Feasibility,
    ) -> ExactFirst<'a> {
        ExactFirst {
            first,
            first_budget,
            then,
        }
    }
}

impl Feasibility for ExactFirst<'_> {
    fn name(&self) -> std::borrow::Cow<'static, str> {
        self.then.name()
    }

    fn solve(&self, problem: &Problem, budget: &Budget) -> Verdict {
        let time_limit = match (self.first_budget.time_limit, budget.time_limit) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let quick = Budget::new(
            self.first_budget.max_nodes.min(budget.max_nodes),
            time_limit,
        );
        match checked(self.first, problem, &quick) {
            found @ Verdict::Feasible { .. } => found,
            proven @ Verdict::Infeasible {
                certainty: Certainty::Exact,
                ..
            } => proven,
            _ => self.then.solve(problem, budget),
        }
    }
}

/// Upper bound on the ±1 moves the repair search makes before giving up.
const MAX_REPAIR_MOVES: usize = 2_000;

/// Runs `backend` on `problem` and makes its answer trustworthy.
///
/// - a malformed problem (a term naming an unknown variable) is [`Verdict::Undecided`];
/// - a problem infeasible on its face (an empty range) is [`Verdict::Infeasible`] with
///   [`Certainty::Exact`], without calling the backend;
/// - a [`Verdict::Feasible`] whose witness fails [`Problem::check`] is repaired (clamped into
///   the bounds, then a greedy search by ±1 moves nearby) or becomes [`Verdict::Undecided`].
///
/// So a `Feasible` from this function always carries an exactly verified witness.
pub fn checked(backend: &dyn Feasibility, problem: &Problem, budget: &Budget) -> Verdict {
    checked_by(backend, problem, budget)
}

/// [`checked`] for any backend type, sized or not (the default
/// [`Feasibility::optimize`] calls it on `Self`).
pub(crate) fn checked_by<B: Feasibility + ?Sized>(
    backend: &B,
    problem: &Problem,
    budget: &Budget,
) -> Verdict {
    if let Some((constraint, var)) = problem.unknown_variable() {
        return Verdict::Undecided {
            reason: format!(
                "malformed problem: constraint {} refers to variable #{} which does not exist",
                problem.constraints()[constraint].name,
                var.0
            ),
        };
    }
    if let Some(reason) = problem.trivially_infeasible() {
        return Verdict::Infeasible {
            certainty: Certainty::Exact,
            reason,
        };
    }
    match backend.solve(problem, budget) {
        Verdict::Feasible { witness } => match problem.check(&witness) {
            Ok(()) => Verdict::Feasible { witness },
            Err(violation) => match repair(problem, &witness) {
                Some(witness) => Verdict::Feasible { witness },
                None => Verdict::Undecided {
                    reason: format!(
                        "backend {} returned a point that fails the exact check ({violation}) \
                         and no integer point nearby satisfies the problem",
                        backend.name()
                    ),
                },
            },
        },
        other => other,
    }
}

/// Distance of `activity` from the range `[lower, upper]` (0 inside).
fn excess(
    activity: &BigRational,
    lower: &Option<BigRational>,
    upper: &Option<BigRational>,
) -> BigRational {
    if let Some(l) = lower {
        if activity < l {
            return l - activity;
        }
    }
    if let Some(u) = upper {
        if activity > u {
            return activity - u;
        }
    }
    BigRational::zero()
}

/// Clamps `point` into the variable bounds, then greedily moves single coordinates by ±1
/// while that lowers the total row violation: in the first violated row, the move that
/// lowers it most, the first of the row's terms among equally good ones (so the point found
/// does not depend on anything but the problem). Returns a point passing [`Problem::check`].
pub fn repair(problem: &Problem, point: &[i64]) -> Option<Vec<i64>> {
    let vars = problem.variables();
    let rows = problem.constraints();
    // Before clamping: `clamp` panics on an empty range, and an unknown variable has no
    // column below.
    if vars.iter().any(|v| v.lower > v.upper) || problem.unknown_variable().is_some() {
        return None;
    }
    let mut x: Vec<i64> = vars
        .iter()
        .enumerate()
        .map(|(i, v)| {
            point
                .get(i)
                .copied()
                .unwrap_or(v.lower)
                .clamp(v.lower, v.upper)
        })
        .collect();
    // Which rows each variable appears in, with its total coefficient there.
    let mut columns: Vec<Vec<(usize, BigRational)>> = vec![Vec::new(); vars.len()];
    for (r, row) in rows.iter().enumerate() {
        for (var, coef) in &row.terms {
            match columns[var.0].iter_mut().find(|(rr, _)| *rr == r) {
                Some((_, c)) => *c += coef,
                None => columns[var.0].push((r, coef.clone())),
            }
        }
    }
    let mut activity: Vec<BigRational> = (0..rows.len())
        .map(|r| problem.activity(r, &x).unwrap_or_default())
        .collect();
    for _ in 0..MAX_REPAIR_MOVES {
        let violated = (0..rows.len())
            .find(|&r| !excess(&activity[r], &rows[r].lower, &rows[r].upper).is_zero());
        let Some(r) = violated else {
            return problem.check(&x).ok().map(|()| x);
        };
        let need_up = rows[r].lower.as_ref().is_some_and(|l| &activity[r] < l);
        // The best single ±1 move among the variables of the violated row.
        let mut best: Option<(BigRational, usize, i64)> = None;
        for (var, _) in &rows[r].terms {
            let j = var.0;
            let Some((_, c)) = columns[j].iter().find(|(rr, _)| *rr == r) else {
                continue;
            };
            if c.is_zero() {
                continue;
            }
            let step: i64 = if c.is_positive() == need_up { 1 } else { -1 };
            let next = x[j].checked_add(step)?;
            if next < vars[j].lower || next > vars[j].upper {
                continue;
            }
            let mut change = BigRational::zero();
            for (rr, cc) in &columns[j] {
                let moved = &activity[*rr] + cc * BigRational::from_integer(step.into());
                change += excess(&moved, &rows[*rr].lower, &rows[*rr].upper)
                    - excess(&activity[*rr], &rows[*rr].lower, &rows[*rr].upper);
            }
            if best.as_ref().is_none_or(|(b, _, _)| &change < b) {
                best = Some((change, j, step));
            }
        }
        match best {
            Some((change, j, step)) if change.is_negative() => {
                x[j] += step;
                for (rr, cc) in &columns[j] {
                    activity[*rr] += cc * BigRational::from_integer(step.into());
                }
            }
            _ => return None,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicU64, Ordering};

    use super::*;
    use crate::testing::BruteForce;
    use crate::VarId;

    /// Answers every problem the same way and counts its calls.
    struct Fixed(Verdict, AtomicU64);

    impl Feasibility for Fixed {
        fn name(&self) -> std::borrow::Cow<'static, str> {
            "fixed".into()
        }

        fn solve(&self, _: &Problem, _: &Budget) -> Verdict {
            self.1.fetch_add(1, Ordering::Relaxed);
            self.0.clone()
        }
    }

    fn one_variable(lower: i64, upper: i64) -> Problem {
        let mut problem = Problem::new();
        let x = problem.add_variable("x", 0, 3);
        problem.add_constraint(
            "window",
            vec![(x, BigRational::from_integer(1.into()))],
            Some(BigRational::from_integer(lower.into())),
            Some(BigRational::from_integer(upper.into())),
        );
        problem
    }

    #[test]
    fn exact_answers_stand_and_the_rest_goes_on() {
        let exact = BruteForce::default();
        let then = Fixed(
            Verdict::Undecided {
                reason: "asked".into(),
            },
            AtomicU64::new(0),
        );
        let both = ExactFirst {
            first: &exact,
            first_budget: Budget::new(100, None),
            then: &then,
        };
        // Decided by the exact backend: a witness, and an exact proof of emptiness.
        let feasible = both.solve(&one_variable(2, 2), &Budget::default());
        assert_eq!(feasible, Verdict::Feasible { witness: vec![2] });
        let empty = both.solve(&one_variable(5, 6), &Budget::default());
        assert!(matches!(
            empty,
            Verdict::Infeasible {
                certainty: Certainty::Exact,
                ..
            }
        ));
        assert_eq!(then.1.load(Ordering::Relaxed), 0);
        // Over the first budget (4 points, 1 allowed): the other backend answers.
        let small = ExactFirst {
            first_budget: Budget::new(1, None),
            ..both
        };
        assert!(matches!(
            small.solve(&one_variable(2, 2), &Budget::default()),
            Verdict::Undecided { .. }
        ));
        assert_eq!(then.1.load(Ordering::Relaxed), 1);
    }

    #[test]
    fn inexact_infeasibles_become_undecided() {
        let float = Fixed(
            Verdict::Infeasible {
                certainty: Certainty::Solver,
                reason: "float".into(),
            },
            AtomicU64::new(0),
        );
        assert!(matches!(
            ExactOnly(&float).solve(&one_variable(0, 3), &Budget::default()),
            Verdict::Undecided { .. }
        ));
    }

    #[test]
    fn exact_only_keeps_exact_proofs_and_the_backend_name() {
        let proof = Fixed(
            Verdict::Infeasible {
                certainty: Certainty::Exact,
                reason: "proof".into(),
            },
            AtomicU64::new(0),
        );
        assert!(matches!(
            ExactOnly(&proof).solve(&one_variable(0, 3), &Budget::default()),
            Verdict::Infeasible {
                certainty: Certainty::Exact,
                ..
            }
        ));
        // Messages say which backend answered: the wrapped one, and `then` for ExactFirst.
        assert_eq!(ExactOnly(&proof).name(), "fixed");
        let exact = BruteForce::default();
        let both = ExactFirst {
            first: &exact,
            first_budget: Budget::default(),
            then: &proof,
        };
        assert_eq!(both.name(), "fixed");
    }

    #[test]
    fn repair_refuses_malformed_problems_without_panicking() {
        let mut empty_range = one_variable(0, 3);
        empty_range.add_variable("y", 2, 1);
        assert_eq!(repair(&empty_range, &[0, 0]), None);
        let mut unknown = one_variable(0, 3);
        unknown.add_constraint(
            "dangling",
            vec![(VarId(7), BigRational::from_integer(1.into()))],
            None,
            None,
        );
        assert_eq!(repair(&unknown, &[0]), None);
    }

    #[test]
    fn repair_stops_where_no_single_move_lowers_the_violation() {
        // x − y = 0 and x + y = 4 hold at (2, 2), but from (0, 0) every single move leaves
        // the total violation at 4: the greedy search stops (it is no solver), where moves
        // that do not lower the violation would wander to (2, 2).
        let mut problem = Problem::new();
        let x = problem.add_variable("x", 0, 3);
        let y = problem.add_variable("y", 0, 3);
        let q = |n: i64| BigRational::from_integer(n.into());
        problem.add_constraint(
            "difference",
            vec![(x, q(1)), (y, q(-1))],
            Some(q(0)),
            Some(q(0)),
        );
        problem.add_constraint("sum", vec![(x, q(1)), (y, q(1))], Some(q(4)), Some(q(4)));
        assert_eq!(repair(&problem, &[0, 0]), None);
        assert_eq!(repair(&problem, &[1, 2]), Some(vec![2, 2]));
    }

    #[test]
    fn repair_takes_the_best_move_not_the_first() {
        // y + 2x = 1 from (x, y) = (1, 1): x − 1 removes the violation (change −2), y − 1
        // only lowers it (−1); taking y first ends at (1, 0), where no move improves.
        let mut problem = Problem::new();
        let x = problem.add_variable("x", 0, 3);
        let y = problem.add_variable("y", 0, 3);
        let q = |n: i64| BigRational::from_integer(n.into());
        problem.add_constraint("row", vec![(y, q(1)), (x, q(2))], Some(q(1)), Some(q(1)));
        assert_eq!(repair(&problem, &[1, 1]), Some(vec![0, 1]));
    }

    #[test]
    fn repair_breaks_ties_by_the_order_of_the_row_terms() {
        // From (1, 2, 2), lowering x or y both lower the violation by 3; x first ends at
        // (0, 2, 1), y first at (1, 1, 2), where no move improves.
        let mut problem = Problem::new();
        let x = problem.add_variable("x", 0, 3);
        let y = problem.add_variable("y", 0, 3);
        let z = problem.add_variable("z", 0, 2);
        let q = |n: i64| BigRational::from_integer(n.into());
        problem.add_constraint(
            "row",
            vec![(x, q(-3)), (y, q(-2))],
            Some(q(-4)),
            Some(q(-4)),
        );
        problem.add_constraint("cap", vec![(y, q(1)), (z, q(1))], None, Some(q(3)));
        assert_eq!(repair(&problem, &[1, 2, 2]), Some(vec![0, 2, 1]));
    }

    #[test]
    fn repair_never_steps_outside_the_bounds() {
        // −3x − 3y = −3 from (0, 2): x − 1 and y − 1 both remove the violation, but x − 1
        // leaves x's range [0, 2]; the move taken is y's.
        let mut problem = Problem::new();
        let x = problem.add_variable("x", 0, 2);
        let y = problem.add_variable("y", 0, 2);
        let q = |n: i64| BigRational::from_integer(n.into());
        problem.add_constraint(
            "row",
            vec![(x, q(-3)), (y, q(-3))],
            Some(q(-3)),
            Some(q(-3)),
        );
        assert_eq!(repair(&problem, &[0, 2]), Some(vec![0, 1]));
    }

    use proptest::prelude::*;

    /// A problem of one row over up to three small variables (a variable may appear in
    /// several terms), built around the feasible point `y`, with a point one ±1 move (or a
    /// clamp) away from `y`.
    fn one_row_near_a_feasible_point() -> impl Strategy<Value = (Problem, Vec<i64>, Vec<i64>)> {
        (1usize..=3)
            .prop_flat_map(|vars| {
                (
                    proptest::collection::vec((-3i64..=2, 0i64..=3), vars),
                    proptest::collection::vec((0..vars, -3i64..=3, 1i64..=3), 1..=4),
                    proptest::collection::vec(0u8..=3, vars),
                    (0i64..=2, 0i64..=2, any::<bool>(), any::<bool>()),
                    (
                        0..vars,
                        prop_oneof![Just(-1i64), Just(1), Just(-5), Just(5)],
                    ),
                )
            })
            .prop_map(
                |(bounds, terms, position, (below, above, lower_open, upper_open), (j, step))| {
                    let mut problem = Problem::new();
                    let ids: Vec<VarId> = bounds
                        .iter()
                        .enumerate()
                        .map(|(i, (lo, width))| {
                            problem.add_variable(format!("x{i}"), *lo, lo + width)
                        })
                        .collect();
                    // The feasible point: each coordinate somewhere in its range.
                    let y: Vec<i64> = bounds
                        .iter()
                        .zip(&position)
                        .map(|((lo, width), at)| lo + (i64::from(*at)).min(*width))
                        .collect();
                    let terms: Vec<(VarId, BigRational)> = terms
                        .iter()
                        .map(|(v, n, d)| (ids[*v], BigRational::new((*n).into(), (*d).into())))
                        .collect();
                    let mut row = Problem::new();
                    for (i, (lo, width)) in bounds.iter().enumerate() {
                        row.add_variable(format!("x{i}"), *lo, lo + width);
                    }
                    row.add_constraint("row", terms.clone(), None, None);
                    let at_y = row.activity(0, &y).unwrap();
                    let slack = |k: i64| BigRational::new(k.into(), 2.into());
                    problem.add_constraint(
                        "row",
                        terms,
                        (!lower_open).then(|| &at_y - slack(below)),
                        (!upper_open).then(|| &at_y + slack(above)),
                    );
                    let mut x = y.clone();
                    x[j] += step;
                    (problem, y, x)
                },
            )
    }

    proptest! {
        /// One row: the move back towards the feasible point removes the whole violation,
        /// so the best move does too, whichever side of the row the point lies on.
        #[test]
        fn repair_finds_a_point_one_move_from_a_feasible_one((problem, y, x) in one_row_near_a_feasible_point()) {
            prop_assert!(problem.check(&y).is_ok());
            let repaired = repair(&problem, &x);
            let clamped: Vec<i64> = x
                .iter()
                .zip(problem.variables())
                .map(|(v, var)| (*v).clamp(var.lower, var.upper))
                .collect();
            if problem.check(&clamped).is_ok() {
                // Already feasible once in bounds: returned as it is.
                prop_assert_eq!(repaired, Some(clamped));
            } else if (clamped[..] != y[..]) && clamped.iter().zip(&y).filter(|(a, b)| a != b).count() == 1
                && clamped.iter().zip(&y).all(|(a, b)| (a - b).abs() <= 1)
            {
                let found = repaired.expect("a point one move from a feasible one is repaired");
                prop_assert!(problem.check(&found).is_ok(), "{:?} fails the check", found);
            }
            // Whatever it returns passes the exact check, and agrees with brute force that
            // the problem is feasible.
            if let Some(found) = repair(&problem, &x) {
                prop_assert!(problem.check(&found).is_ok());
                let truth = BruteForce::default().solve(&problem, &Budget::default());
                prop_assert!(matches!(truth, Verdict::Feasible { .. }), "brute force: {:?}", truth);
            }
        }
    }
}
