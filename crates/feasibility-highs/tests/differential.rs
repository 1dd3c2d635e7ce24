//! Differential test: the HiGHS backend against the brute-force oracle on small random integer programs.

use num_rational::BigRational;
use proptest::prelude::*;
use scorecheck_feasibility::testing::BruteForce;
use scorecheck_feasibility::{checked, Budget, Problem, VarId, Verdict};
use scorecheck_feasibility_highs::HighsBackend;

/// A rational `n/d` with a small numerator and a positive denominator.
fn rational() -> impl Strategy<Value = BigRational> {
    (-12i64..=12, 1i64..=8).prop_map(|(n, d)| BigRational::new(n.into(), d.into()))
}

/// A bound that is sometimes missing.
fn bound() -> impl Strategy<Value = Option<BigRational>> {
    prop_oneof![1 => Just(None), 4 => rational().prop_map(Some)]
}

/// Up to 4 variables with ranges inside [-4, 6] and up to 3 rows of up to 4 terms.
fn small_problem() -> impl Strategy<Value = Problem> {
    let variables = prop::collection::vec((-4i64..=2, 0i64..=4), 1..=4);
    variables.prop_flat_map(|vars| {
        let n = vars.len();
        let term = (0..n, rational());
        let row = (prop::collection::vec(term, 0..=4), bound(), bound());
        prop::collection::vec(row, 0..=3).prop_map(move |rows| {
            let mut problem = Problem::new();
            for (i, (lower, width)) in vars.iter().enumerate() {
                problem.add_variable(format!("x{i}"), *lower, lower + width);
            }
            for (r, (terms, lower, upper)) in rows.into_iter().enumerate() {
                let terms = terms.into_iter().map(|(v, c)| (VarId(v), c)).collect();
                problem.add_constraint(format!("row{r}"), terms, lower, upper);
            }
            problem
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn highs_agrees_with_brute_force(problem in small_problem()) {
        let budget = Budget::default();
        let oracle = checked(&BruteForce::default(), &problem, &budget);
        let highs = checked(&HighsBackend::new(), &problem, &budget);
        if let Verdict::Feasible { witness } = &highs {
            prop_assert!(problem.check(witness).is_ok(), "unverified witness {:?}", witness);
        }
        prop_assert_eq!(
            oracle.is_feasible(),
            highs.is_feasible(),
            "oracle {:?}, highs {:?}",
            oracle,
            highs
        );
        prop_assert!(!highs.is_undecided(), "highs undecided: {:?}", highs);
    }
}
