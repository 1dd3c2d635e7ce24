//! Optimisation of a linear objective over the integer points of a problem: the objective, the answer, the exact bisection every backend inherits and the gate its answers pass.

use scorecheck_clock::Instant;

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::One;

use crate::checked::checked_by;
use crate::{Budget, Certainty, Feasibility, IntegerRow, Problem, VarId, Verdict};

/// A linear objective `Σ c·x + constant` with exact rational coefficients.
///
/// ```
/// use num_rational::BigRational;
/// use scorecheck_feasibility::{Objective, VarId};
///
/// let r = |n: i64, d: i64| BigRational::new(n.into(), d.into());
/// let mean = Objective::new(vec![(VarId(0), r(1, 6)), (VarId(1), r(1, 10))], r(0, 1));
/// assert_eq!(mean.value(&[3, 5]), Some(r(1, 1)));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Objective {
    terms: Vec<(VarId, BigRational)>,
    constant: BigRational,
}

impl Objective {
    /// The objective `Σ c·x + constant`; a variable may appear more than once (the
    /// coefficients add up).
    pub fn new(terms: Vec<(VarId, BigRational)>, constant: BigRational) -> Self {
        Objective { terms, constant }
    }

    /// The terms `c·x`.
    pub fn terms(&self) -> &[(VarId, BigRational)] {
        &self.terms
    }

    /// The constant.
    pub fn constant(&self) -> &BigRational {
        &self.constant
    }

    /// The exact value at `point` (`None` if a term's variable lies outside the point).
    pub fn value(&self, point: &[i64]) -> Option<BigRational> {
        let mut total = self.constant.clone();
        for (var, c) in &self.terms {
            total += c * BigRational::from_integer((*point.get(var.0)?).into());
        }
        Some(total)
    }

    /// The first term naming a variable `problem` does not have, if any.
    fn unknown_variable(&self, problem: &Problem) -> Option<VarId> {
        let n = problem.variables().len();
        self.terms.iter().map(|(v, _)| *v).find(|v| v.0 >= n)
    }
}

/// Whether the objective is to be made as small or as large as possible.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Sense {
    /// The least value.
    Minimize,
    /// The greatest value.
    Maximize,
}

impl Sense {
    /// `true` when `a` is strictly better than `b` in this sense.
    fn better(self, a: &BigRational, b: &BigRational) -> bool {
        match self {
            Sense::Minimize => a < b,
            _ => a > b,
        }
    }
}

/// The answer of an optimisation ([`Feasibility::optimize`], [`checked_optimize`]).
///
/// Matches on it need a wildcard arm: a new kind of answer may be added. Treat an unknown
/// one like [`Optimum::Undecided`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Optimum {
    /// The optimal value, attained at `argopt`.
    Optimal {
        /// The optimal value of the objective, exact.
        value: BigRational,
        /// An integer point attaining it (after [`checked_optimize`]: it passes
        /// [`Problem::check`] and the objective there is exactly `value`).
        argopt: Vec<i64>,
        /// How it is known that no integer point does better: [`Certainty::Exact`] when
        /// every "nothing better" was proven exactly, else the weakest certainty used.
        certainty: Certainty,
    },
    /// The problem has no integer point.
    Infeasible {
        /// How the conclusion was reached.
        certainty: Certainty,
        /// A sentence for the user.
        reason: String,
    },
    /// The budget ran out or a solve could not conclude: the optimum lies between the
    /// incumbent's value and the bound.
    Undecided {
        /// What was covered and why it stopped.
        reason: String,
        /// The best integer point found and its value, if any (after
        /// [`checked_optimize`]: exactly checked).
        incumbent: Option<(BigRational, Vec<i64>)>,
        /// A value no integer point does better than, if one is known, and how that is
        /// known.
        bound: Option<(BigRational, Certainty)>,
    },
}

impl Optimum {
    /// The optimal value of an [`Optimum::Optimal`].
    pub fn value(&self) -> Option<&BigRational> {
        match self {
            Optimum::Optimal { value, .. } => Some(value),
            _ => None,
        }
    }

    /// The point attaining the optimum of an [`Optimum::Optimal`].
    pub fn argopt(&self) -> Option<&[i64]> {
        match self {
            Optimum::Optimal { argopt, .. } => Some(argopt),
            _ => None,
        }
    }
}

/// The coprime integer form `g = Σ a·x` of the objective's terms, negated for a minimum so
/// that `g` is always maximised, and that sign: the objective is `constant + sign·g/scale`.
fn maximised_form(objective: &Objective, sense: Sense) -> (IntegerRow, BigRational) {
    let sign = if sense == Sense::Minimize {
        -BigRational::one()
    } else {
        BigRational::one()
    };
    let signed: Vec<(VarId, BigRational)> = objective
        .terms
        .iter()
        .map(|(v, c)| (*v, c * &sign))
        .collect();
    (IntegerRow::new(&signed, None, None), sign)
}

/// The terms of an integer row as rationals, for a row added to a [`Problem`].
fn rational_terms(form: &IntegerRow) -> Vec<(VarId, BigRational)> {
    form.terms()
        .iter()
        .map(|(v, a)| (*v, BigRational::from_integer(a.clone())))
        .collect()
}

/// Name of the row [`optimize_by_bisection`] adds to the problem for each probe.
const OBJECTIVE_ROW: &str = "objective bound";

/// Optimises `objective` over the integer points of `problem` with feasibility solves of
/// `backend` alone: the default of [`Feasibility::optimize`], correct for any backend.
///
/// Scaled to coprime integers (as an [`IntegerRow`]), the objective takes values on a
/// grid, `constant + g/scale` with `g` an integer, bounded by the variable box. A first
/// solve finds a point; then each probe asks for a point with `g` at least halfway to the
/// best value the box allows (for a maximum; a minimum likewise), as a row added to the
/// problem: a point found (re-checked exactly, by [`checked`](crate::checked)) raises the
/// known value to its own, an "infeasible" lowers the bound below the probe and passes its
/// certainty on to the answer. When the two meet, the optimum is known and attained.
///
/// The budget's node limit applies to each solve, its time limit to the whole search; a
/// solve that comes back undecided, or the time limit, ends the search with
/// [`Optimum::Undecided`] and the bracket found so far.
pub fn optimize_by_bisection<B: Feasibility + ?Sized>(
    backend: &B,
    problem: &Problem,
    objective: &Objective,
    sense: Sense,
    budget: &Budget,
) -> Optimum {
    let started = Instant::now();
    let deadline = budget.time_limit.and_then(|t| started.checked_add(t));
    let remaining = || {
        Budget::new(
            budget.max_nodes,
            deadline.map(|d| d.saturating_duration_since(Instant::now())),
        )
    };
    // Maximise g = Σ a·x over the integers, a the coprime integer form of the objective
    // (negated for a minimum): the objective is constant + g/scale (or constant - g/scale).
    let (form, sign) = maximised_form(objective, sense);
    let value_of = |g: &BigInt| {
        &objective.constant + BigRational::from_integer(g.clone()) / form.scale() * &sign
    };
    let g_at = |point: &[i64]| form.activity(point);
    let lower: Vec<i64> = problem.variables().iter().map(|v| v.lower).collect();
    let upper: Vec<i64> = problem.variables().iter().map(|v| v.upper).collect();
    let Some((_, box_best)) = form.activity_range(&lower, &upper) else {
        return Optimum::Undecided {
            reason: "malformed objective: a term refers to a variable that does not exist"
                .to_string(),
            incumbent: None,
            bound: None,
        };
    };
    let (mut known, mut argopt) = match checked_by(backend, problem, &remaining()) {
        Verdict::Feasible { witness } => match g_at(&witness) {
            Some(g) => (g, witness),
            None => {
                return Optimum::Undecided {
                    reason: "the backend's point has the wrong length".to_string(),
                    incumbent: None,
                    bound: None,
                }
            }
        },
        Verdict::Infeasible { certainty, reason } => {
            return Optimum::Infeasible { certainty, reason }
        }
        Verdict::Undecided { reason } => {
            return Optimum::Undecided {
                reason: format!("no integer point was found: {reason}"),
                incumbent: None,
                bound: Some((value_of(&box_best), Certainty::Exact)),
            }
        }
    };
    // Invariant: the best g lies in [known, limit], and known is attained at argopt.
    let mut limit = box_best;
    let mut certainty = Certainty::Exact;
    let terms = rational_terms(&form);
    let two = BigInt::from(2);
    while known < limit {
        let stop =
            |reason: String, known: &BigInt, argopt: Vec<i64>, limit: &BigInt| Optimum::Undecided {
                reason,
                incumbent: Some((value_of(known), argopt)),
                bound: Some((value_of(limit), certainty)),
            };
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return stop(
                "the time limit ran out during the search".to_string(),
                &known,
                argopt,
                &limit,
            );
        }
        // The smallest midpoint strictly above `known`, so that every probe makes progress.
        let mid = (&known + &limit + BigInt::one()).div_floor(&two);
        let mut probe = problem.clone();
        probe.add_constraint(
            OBJECTIVE_ROW,
            terms.clone(),
            Some(BigRational::from_integer(mid.clone())),
            None,
        );
        match checked_by(backend, &probe, &remaining()) {
            Verdict::Feasible { witness } => match g_at(&witness) {
                Some(g) if g >= mid => {
                    known = g;
                    argopt = witness;
                }
                _ => {
                    return stop(
                        "a probe's point does not reach the probed value".to_string(),
                        &known,
                        argopt,
                        &limit,
                    )
                }
            },
            Verdict::Infeasible {
                certainty: proven, ..
            } => {
                limit = mid - BigInt::one();
                certainty = certainty.weaker(proven);
            }
            Verdict::Undecided { reason } => {
                return stop(
                    format!("a probe was not decided within the budget: {reason}"),
                    &known,
                    argopt,
                    &limit,
                )
            }
        }
    }
    Optimum::Optimal {
        value: value_of(&known),
        argopt,
        certainty,
    }
}

/// Runs `backend`'s [`Feasibility::optimize`] and makes its answer trustworthy, as
/// [`checked`](crate::checked) does for [`Feasibility::solve`].
///
/// - a malformed problem or objective (a term naming an unknown variable) is
///   [`Optimum::Undecided`];
/// - a problem infeasible on its face is [`Optimum::Infeasible`] with [`Certainty::Exact`],
///   without calling the backend;
/// - an [`Optimum::Optimal`] whose point fails [`Problem::check`] or does not attain the
///   value exactly becomes [`Optimum::Undecided`] (the value is kept as a bound with
///   certainty [`Certainty::Solver`] if the backend called it optimal);
/// - an incumbent of [`Optimum::Undecided`] that fails the check is dropped.
///
/// So an `Optimal` from this function always carries an exactly verified point attaining
/// exactly its value.
pub fn checked_optimize(
    backend: &dyn Feasibility,
    problem: &Problem,
    objective: &Objective,
    sense: Sense,
    budget: &Budget,
) -> Optimum {
    let malformed = problem
        .unknown_variable()
        .map(|(_, v)| v)
        .or_else(|| objective.unknown_variable(problem));
    if let Some(var) = malformed {
        return Optimum::Undecided {
            reason: format!(
                "malformed problem: a term refers to variable #{} which does not exist",
                var.0
            ),
            incumbent: None,
            bound: None,
        };
    }
    if let Some(reason) = problem.trivially_infeasible() {
        return Optimum::Infeasible {
            certainty: Certainty::Exact,
            reason,
        };
    }
    let attains = |value: &BigRational, point: &[i64]| {
        problem.check(point).is_ok() && objective.value(point).as_ref() == Some(value)
    };
    match backend.optimize(problem, objective, sense, budget) {
        Optimum::Optimal {
            value,
            argopt,
            certainty,
        } => {
            if attains(&value, &argopt) {
                Optimum::Optimal {
                    value,
                    argopt,
                    certainty,
                }
            } else {
                Optimum::Undecided {
                    reason: format!(
                        "backend {} returned an optimum whose point fails the exact check or \
                         does not attain its value",
                        backend.name()
                    ),
                    incumbent: None,
                    bound: Some((value, Certainty::Solver)),
                }
            }
        }
        Optimum::Undecided {
            reason,
            incumbent,
            bound,
        } => Optimum::Undecided {
            reason,
            incumbent: incumbent.filter(|(value, point)| attains(value, point)),
            bound,
        },
        Optimum::Infeasible { certainty, reason } => Optimum::Infeasible { certainty, reason },
    }
}

/// Whether `value` is strictly better than `than` under `sense` (a helper for backends
/// that prove a candidate optimum by one more solve).
pub fn is_better(sense: Sense, value: &BigRational, than: &BigRational) -> bool {
    sense.better(value, than)
}

/// The problem with the row "objective strictly better than `value`" added, for backends
/// that find a candidate optimum natively: if this problem is infeasible, `value` is
/// optimal (with the certainty of that "infeasible").
pub fn strictly_better_than(
    problem: &Problem,
    objective: &Objective,
    sense: Sense,
    value: &BigRational,
) -> Problem {
    // Over the integers, strictly better means at least one grid step better: scaled to
    // coprime integers g = Σ a·x, "g > v" is "g ≥ floor(v) + 1".
    let (form, sign) = maximised_form(objective, sense);
    let g = ((value - &objective.constant) * &sign * form.scale()).floor() + BigRational::one();
    let terms = rational_terms(&form);
    let mut p = problem.clone();
    p.add_constraint(OBJECTIVE_ROW, terms, Some(g), None);
    p
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::BruteForce;
    use num_traits::Zero;
    use proptest::prelude::*;

    fn r(n: i64, d: i64) -> BigRational {
        BigRational::new(n.into(), d.into())
    }

    /// The optimum by enumerating every point of the box.
    fn enumerate(problem: &Problem, objective: &Objective, sense: Sense) -> Option<BigRational> {
        let vars = problem.variables();
        let mut point: Vec<i64> = vars.iter().map(|v| v.lower).collect();
        let mut best: Option<BigRational> = None;
        if vars.iter().any(|v| v.lower > v.upper) {
            return None;
        }
        loop {
            if problem.check(&point).is_ok() {
                let v = objective.value(&point).unwrap();
                if best.as_ref().is_none_or(|b| sense.better(&v, b)) {
                    best = Some(v);
                }
            }
            let Some(i) = (0..vars.len()).find(|&i| point[i] < vars[i].upper) else {
                return best;
            };
            point[i] += 1;
            for (p, v) in point.iter_mut().zip(vars).take(i) {
                *p = v.lower;
            }
        }
    }

    fn rational() -> impl Strategy<Value = BigRational> {
        (-9i64..=9, 1i64..=9).prop_map(|(n, d)| r(n, d))
    }

    fn problem() -> impl Strategy<Value = Problem> {
        let vars = prop::collection::vec((-4i64..=3, 0i64..=5), 1..4);
        let rows = prop::collection::vec(
            (
                prop::collection::vec((0usize..3, rational()), 1..4),
                prop::option::of((-20i64..=20, 1i64..=4)),
                prop::option::of((-20i64..=20, 1i64..=4)),
            ),
            0..3,
        );
        (vars, rows).prop_map(|(vars, rows)| {
            let mut p = Problem::new();
            for (i, (lo, width)) in vars.iter().enumerate() {
                p.add_variable(format!("x{i}"), *lo, lo + width);
            }
            let n = vars.len();
            for (i, (terms, lo, hi)) in rows.into_iter().enumerate() {
                let terms = terms.into_iter().map(|(v, c)| (VarId(v % n), c)).collect();
                let lo = lo.map(|(a, b)| r(a, b));
                let hi = hi.map(|(a, b)| r(a, b) + lo.clone().unwrap_or_else(BigRational::zero));
                p.add_constraint(format!("row{i}"), terms, lo, hi);
            }
            p
        })
    }

    #[test]
    fn mean_sensitivity_extremes() {
        let mut p = Problem::new();
        let tp0 = p.add_variable("tp_0", 0, 3);
        let tp1 = p.add_variable("tp_1", 0, 5);
        let terms = vec![(tp0, r(1, 6)), (tp1, r(1, 10))];
        p.add_constraint("window", terms.clone(), Some(r(2, 5)), Some(r(7, 10)));
        let objective = Objective::new(terms, r(0, 1));
        let max = checked_optimize(
            &BruteForce::default(),
            &p,
            &objective,
            Sense::Maximize,
            &Budget::default(),
        );
        // tp = (3, 2): 1/2 + 1/5 = 0.7 exactly.
        assert_eq!(max.value(), Some(&r(7, 10)));
        assert!(matches!(
            max,
            Optimum::Optimal {
                certainty: Certainty::Exact,
                ..
            }
        ));
        let min = checked_optimize(
            &BruteForce::default(),
            &p,
            &objective,
            Sense::Minimize,
            &Budget::default(),
        );
        // tp = (0, 4): 0.4 exactly.
        assert_eq!(min.value(), Some(&r(2, 5)));
    }

    #[test]
    fn strictly_better_rows_exclude_the_candidate_and_nothing_else() {
        let mut p = Problem::new();
        let x = p.add_variable("x", 0, 6);
        let objective = Objective::new(vec![(x, r(2, 3))], r(1, 1));
        // Values 1, 5/3, 7/3, 3, ...: better than 7/3 means x ≥ 3 (max) or x ≤ 1 (min).
        let up = strictly_better_than(&p, &objective, Sense::Maximize, &r(7, 3));
        assert!(up.check(&[3]).is_ok() && up.check(&[2]).is_err());
        let down = strictly_better_than(&p, &objective, Sense::Minimize, &r(7, 3));
        assert!(down.check(&[1]).is_ok() && down.check(&[2]).is_err());
        assert!(is_better(Sense::Minimize, &r(1, 1), &r(2, 1)));
    }

    #[test]
    fn infeasible_and_malformed_problems() {
        let mut p = Problem::new();
        let x = p.add_variable("x", 0, 6);
        p.add_constraint("half", vec![(x, r(2, 1))], Some(r(1, 1)), Some(r(1, 1)));
        let objective = Objective::new(vec![(x, r(1, 1))], r(0, 1));
        let answer = checked_optimize(
            &BruteForce::default(),
            &p,
            &objective,
            Sense::Maximize,
            &Budget::default(),
        );
        assert!(matches!(
            answer,
            Optimum::Infeasible {
                certainty: Certainty::Exact,
                ..
            }
        ));
        let bad = Objective::new(vec![(VarId(3), r(1, 1))], r(0, 1));
        let answer = checked_optimize(
            &BruteForce::default(),
            &p,
            &bad,
            Sense::Maximize,
            &Budget::default(),
        );
        assert!(matches!(answer, Optimum::Undecided { .. }));
    }

    /// A backend whose every "infeasible" is a float solver's and whose optimum lies.
    struct Unsure;

    impl Feasibility for Unsure {
        fn name(&self) -> std::borrow::Cow<'static, str> {
            "unsure".into()
        }
        fn solve(&self, problem: &Problem, budget: &Budget) -> Verdict {
            match BruteForce::default().solve(problem, budget) {
                Verdict::Infeasible { reason, .. } => Verdict::Infeasible {
                    certainty: Certainty::Solver,
                    reason,
                },
                other => other,
            }
        }
    }

    struct Liar;

    impl Feasibility for Liar {
        fn name(&self) -> std::borrow::Cow<'static, str> {
            "liar".into()
        }
        fn solve(&self, problem: &Problem, budget: &Budget) -> Verdict {
            BruteForce::default().solve(problem, budget)
        }
        fn optimize(&self, _: &Problem, _: &Objective, _: Sense, _: &Budget) -> Optimum {
            Optimum::Optimal {
                value: r(100, 1),
                argopt: vec![0],
                certainty: Certainty::Exact,
            }
        }
    }

    #[test]
    fn certainty_is_passed_on_and_lies_are_caught() {
        let mut p = Problem::new();
        let x = p.add_variable("x", 0, 6);
        let objective = Objective::new(vec![(x, r(1, 1))], r(0, 1));
        p.add_constraint("cap", vec![(x, r(1, 1))], None, Some(r(9, 2)));
        let answer = checked_optimize(&Unsure, &p, &objective, Sense::Maximize, &Budget::default());
        assert_eq!(
            answer,
            Optimum::Optimal {
                value: r(4, 1),
                argopt: vec![4],
                certainty: Certainty::Solver
            }
        );
        let answer = checked_optimize(&Liar, &p, &objective, Sense::Maximize, &Budget::default());
        assert!(matches!(
            answer,
            Optimum::Undecided {
                incumbent: None,
                ..
            }
        ));
    }

    proptest! {
        /// The bisection finds the brute-force optimum, and its point attains it.
        #[test]
        fn bisection_matches_enumeration(
            problem in problem(),
            objective in prop::collection::vec((0usize..3, rational()), 0..4),
            constant in rational(),
            maximize in any::<bool>(),
        ) {
            let n = problem.variables().len();
            let terms = objective.into_iter().map(|(v, c)| (VarId(v % n), c)).collect();
            let objective = Objective::new(terms, constant);
            let sense = if maximize { Sense::Maximize } else { Sense::Minimize };
            let answer = checked_optimize(&BruteForce::default(), &problem, &objective, sense, &Budget::default());
            match (enumerate(&problem, &objective, sense), answer) {
                (Some(best), Optimum::Optimal { value, argopt, certainty }) => {
                    prop_assert_eq!(&value, &best);
                    prop_assert!(problem.check(&argopt).is_ok());
                    prop_assert_eq!(objective.value(&argopt), Some(best));
                    prop_assert_eq!(certainty, Certainty::Exact);
                }
                (None, Optimum::Infeasible { certainty, .. }) => {
                    prop_assert_eq!(certainty, Certainty::Exact);
                }
                (expected, answer) => prop_assert!(false, "expected {:?}, got {:?}", expected, answer),
            }
        }
    }
}
