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
///     fn name(&self) -> &'static str { "doubtful" }
///     fn solve(&self, _: &Problem, _: &Budget) -> Verdict {
///         Verdict::Infeasible { certainty: Certainty::Solver, reason: "no point found".into() }
///     }
/// }
/// let verdict = ExactOnly(&Doubtful).solve(&Problem::new(), &Budget::default());
/// assert!(matches!(verdict, Verdict::Undecided { .. }));
/// ```
pub struct ExactOnly<'a>(pub &'a dyn Feasibility);

impl Feasibility for ExactOnly<'_> {
    fn name(&self) -> &'static str {
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
/// while that lowers the total row violation. Returns a point passing [`Problem::check`].
pub fn repair(problem: &Problem, point: &[i64]) -> Option<Vec<i64>> {
    let vars = problem.variables();
    let rows = problem.constraints();
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
    if vars.iter().any(|v| v.lower > v.upper) || problem.unknown_variable().is_some() {
        return None;
    }
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
