//! Differential tests of the pure backend against the brute-force oracle, and its budget handling.

use num_rational::BigRational;
use proptest::prelude::*;
use scorecheck_feasibility::testing::BruteForce;
use scorecheck_feasibility::{
    checked, checked_optimize, Budget, Certainty, Feasibility, Objective, Optimum, Problem, Sense,
    VarId, Verdict,
};
use scorecheck_feasibility_pure::PureBackend;

/// A random small problem: 2–6 variables with small bounds and 1–4 rational rows.
fn small_problem() -> impl Strategy<Value = Problem> {
    let bounds = prop::collection::vec((-3i64..=3, 0i64..=4), 2..=6);
    (bounds, prop::collection::vec(any::<u64>(), 1..=4))
        .prop_flat_map(|(bounds, seeds)| {
            let n = bounds.len();
            let rows = seeds.len();
            let term = (0..n, -6i64..=6, 1i64..=7);
            let row = (
                prop::collection::vec(term, 1..=n.min(4)),
                prop::option::of((-20i64..=20, 1i64..=6)),
                prop::option::of((0i64..=6, 1i64..=6)),
            );
            (Just(bounds), prop::collection::vec(row, rows))
        })
        .prop_map(|(bounds, rows)| {
            let mut p = Problem::new();
            for (i, (lo, width)) in bounds.iter().enumerate() {
                p.add_variable(format!("x{i}"), *lo, lo + width);
            }
            for (r, (terms, lower, width)) in rows.into_iter().enumerate() {
                let terms = terms
                    .into_iter()
                    .map(|(v, n, d)| (VarId(v), BigRational::new(n.into(), d.into())))
                    .collect();
                let lower = lower.map(|(n, d)| BigRational::new(n.into(), d.into()));
                // The upper bound is the lower one plus a small width (or stands alone).
                let upper = match (&lower, width) {
                    (Some(l), Some((n, d))) => Some(l + BigRational::new(n.into(), d.into())),
                    (None, Some((n, d))) => Some(BigRational::new(n.into(), d.into())),
                    (_, None) => None,
                };
                p.add_constraint(format!("r{r}"), terms, lower, upper);
            }
            p
        })
}

/// The pure backend's verdict on `problem` is the enumerating oracle's, with a checked
/// witness or an exact refutation.
fn agrees_with_oracle(problem: &Problem) -> Result<(), TestCaseError> {
    let oracle = checked(&BruteForce::default(), problem, &Budget::default());
    let pure = checked(&PureBackend, problem, &Budget::unlimited());
    match (&oracle, &pure) {
        (Verdict::Feasible { .. }, Verdict::Feasible { witness }) => {
            prop_assert!(problem.check(witness).is_ok());
        }
        (Verdict::Infeasible { .. }, Verdict::Infeasible { certainty, .. }) => {
            prop_assert_eq!(*certainty, Certainty::Exact);
        }
        _ => prop_assert!(false, "oracle {:?} but pure {:?}", oracle, pure),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn pure_backend_agrees_with_brute_force(problem in small_problem()) {
        agrees_with_oracle(&problem)?;
    }
}

/// A small problem with 1–3 equality rows that each have a coefficient ±1, so that the pure
/// backend substitutes variables away (and must expand its witness back).
fn problem_with_equalities() -> impl Strategy<Value = Problem> {
    let tie = (
        prop::collection::vec(
            (
                0usize..6,
                prop_oneof![Just(-1i64), Just(1), Just(2), Just(-3)],
            ),
            1..=3,
        ),
        0usize..6,
        prop_oneof![Just(-1i64), Just(1)],
        -6i64..=6,
    );
    (small_problem(), prop::collection::vec(tie, 1..=3)).prop_map(|(mut p, ties)| {
        let n = p.variables().len();
        let r = |x: i64| BigRational::from_integer(x.into());
        for (t, (others, unit, sign, rhs)) in ties.into_iter().enumerate() {
            let mut terms: Vec<(VarId, BigRational)> = others
                .into_iter()
                .map(|(v, a)| (VarId(v % n), r(a)))
                .collect();
            terms.push((VarId(unit % n), r(sign)));
            p.add_constraint(format!("tie{t}"), terms, Some(r(rhs)), Some(r(rhs)));
        }
        p
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn substituted_equalities_agree_with_brute_force(problem in problem_with_equalities()) {
        agrees_with_oracle(&problem)?;
    }
}

/// `2·Σ x_i = vars − 1` over binary variables: odd, so no integer point (an LP point exists).
fn parity_problem(vars: usize) -> Problem {
    let mut p = Problem::new();
    let r = |n: i64| BigRational::from_integer(n.into());
    let terms = (0..vars)
        .map(|i| (p.add_variable(format!("x{i}"), 0, 1), r(2)))
        .collect();
    p.add_constraint(
        "even",
        terms,
        Some(r(vars as i64 - 1)),
        Some(r(vars as i64 - 1)),
    );
    p
}

#[test]
fn parity_is_proven_by_presolve() {
    let p = parity_problem(14);
    assert!(matches!(
        checked(&PureBackend, &p, &Budget::nodes(1)),
        Verdict::Infeasible {
            certainty: Certainty::Exact,
            ..
        }
    ));
}

/// A Jeroslow-like program: 2x₁ + … + 2x₁₆ + 3y = 15, where a second row forces y = 0 without
/// being a variable bound, so no single row has a gcd argument, no coefficient ±1 lets an
/// equality be substituted away, and branch and bound needs exponentially many nodes.
fn hard_problem() -> Problem {
    let mut p = Problem::new();
    let r = |n: i64, d: i64| BigRational::new(n.into(), d.into());
    let mut terms = Vec::new();
    for i in 0..16 {
        terms.push((p.add_variable(format!("x{i}"), 0, 1), r(2, 1)));
    }
    let y = p.add_variable("y", 0, 1);
    terms.push((y, r(3, 1)));
    p.add_constraint("sum", terms, Some(r(15, 1)), Some(r(15, 1)));
    p.add_constraint(
        "y is zero",
        vec![(y, r(1, 1)), (VarId(0), r(1, 1000))],
        None,
        Some(r(1, 2000)),
    );
    p
}

#[test]
fn an_exhausted_budget_gives_undecided() {
    let p = hard_problem();
    let small = checked(&PureBackend, &p, &Budget::nodes(5));
    assert!(small.is_undecided(), "{small:?}");
    if let Verdict::Undecided { reason } = small {
        assert!(reason.contains("node budget of 5"), "{reason}");
    }
    let timed = Budget::new(u64::MAX, Some(std::time::Duration::ZERO));
    assert!(PureBackend.solve(&p, &timed).is_undecided());
}

#[test]
fn a_set_cancel_flag_stops_the_search_as_a_passed_deadline_does() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    let p = hard_problem();
    let flag = Arc::new(AtomicBool::new(false));
    let budget = Budget::unlimited().with_cancel(Arc::clone(&flag));
    // Not set: the search runs to its end (the program has no integer point).
    assert!(PureBackend.solve(&p, &budget).is_infeasible());
    // Set (the caller left): the same search, with no time limit, stops at once.
    flag.store(true, Ordering::Relaxed);
    let stopped = PureBackend.solve(&p, &budget);
    assert!(stopped.is_undecided(), "{stopped:?}");
}

#[test]
fn extreme_bounds_neither_overflow_nor_mislead() {
    let r = |n: i64| BigRational::from_integer(n.into());
    let mut p = Problem::new();
    let x = p.add_variable("x", i64::MIN, i64::MAX);
    let y = p.add_variable("y", i64::MIN, i64::MAX);
    p.add_constraint("sum", vec![(x, r(1)), (y, r(1))], Some(r(1)), Some(r(1)));
    p.add_constraint("diff", vec![(x, r(1)), (y, r(-1))], Some(r(0)), Some(r(0)));
    assert!(matches!(
        checked(&PureBackend, &p, &Budget::default()),
        Verdict::Infeasible {
            certainty: Certainty::Exact,
            ..
        }
    ));
    let mut p = Problem::new();
    let x = p.add_variable("x", i64::MIN, i64::MAX);
    let y = p.add_variable("y", i64::MAX - 3, i64::MAX);
    p.add_constraint("sum", vec![(x, r(1)), (y, r(2))], Some(r(3)), Some(r(3)));
    let v = checked(&PureBackend, &p, &Budget::default());
    // x = 3 − 2y lies far below i64::MIN for every y here: infeasible.
    assert!(v.is_infeasible(), "{v:?}");
    let mut p = Problem::new();
    let x = p.add_variable("x", i64::MIN, i64::MAX);
    let y = p.add_variable("y", -5, 5);
    p.add_constraint("sum", vec![(x, r(1)), (y, r(2))], Some(r(3)), Some(r(3)));
    let v = checked(&PureBackend, &p, &Budget::default());
    assert!(p.check(v.witness().unwrap()).is_ok());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// The optimum of a random objective (the trait's default, bisection by exact solves)
    /// is the brute-force one, and its point is feasible and attains it.
    #[test]
    fn pure_optimum_agrees_with_brute_force(
        problem in small_problem(),
        objective in prop::collection::vec((0usize..6, -6i64..=6, 1i64..=7), 0..=4),
        maximize in any::<bool>(),
    ) {
        let n = problem.variables().len();
        let terms = objective
            .into_iter()
            .map(|(v, num, den)| (VarId(v % n), BigRational::new(num.into(), den.into())))
            .collect();
        let objective = Objective::new(terms, BigRational::new(1.into(), 3.into()));
        let sense = if maximize { Sense::Maximize } else { Sense::Minimize };
        let oracle = checked_optimize(&BruteForce::default(), &problem, &objective, sense, &Budget::default());
        let pure = checked_optimize(&PureBackend, &problem, &objective, sense, &Budget::unlimited());
        match (&oracle, &pure) {
            (Optimum::Optimal { value: best, .. }, Optimum::Optimal { value, argopt, certainty }) => {
                prop_assert_eq!(value, best);
                prop_assert!(problem.check(argopt).is_ok());
                prop_assert_eq!(objective.value(argopt), Some(best.clone()));
                prop_assert_eq!(*certainty, Certainty::Exact);
            }
            (Optimum::Infeasible { .. }, Optimum::Infeasible { certainty, .. }) => {
                prop_assert_eq!(*certainty, Certainty::Exact);
            }
            _ => prop_assert!(false, "brute force {:?}, pure {:?}", oracle, pure),
        }
    }
}
