//! `feasibility_diff`: `PureBackend` against the `BruteForce` oracle on small random integer programs.

use num_bigint::BigInt;
use num_rational::BigRational;
use scorecheck_feasibility::testing::BruteForce;
use scorecheck_feasibility::{checked, Budget, Certainty, Feasibility, Problem, VarId, Verdict};
use scorecheck_feasibility_pure::PureBackend;

use super::bytes::Bytes;

fn rational(input: &mut Bytes<'_>, numerators: (i64, i64), max_denominator: i64) -> BigRational {
    let numerator = input.between(numerators.0, numerators.1);
    BigRational::new(
        BigInt::from(numerator),
        BigInt::from(input.between(1, max_denominator)),
    )
}

/// Decodes a problem: 2–5 variables with bounds in [−5, 5] (now and then an empty range),
/// 1–3 rows with small rational coefficients over a subset of the variables, each side of a
/// row present or not.
pub fn decode(data: &[u8]) -> Problem {
    let mut input = Bytes::new(data);
    let mut problem = Problem::new();
    let variables = 2 + input.at_most(3) as usize;
    let ids: Vec<VarId> = (0..variables)
        .map(|i| {
            let (a, b) = (input.between(-5, 5), input.between(-5, 5));
            // One variable in sixteen keeps its bounds reversed: an empty range.
            let (lower, upper) = if a <= b || input.u8() % 16 != 0 {
                (a.min(b), a.max(b))
            } else {
                (a, b)
            };
            problem.add_variable(format!("x{i}"), lower, upper)
        })
        .collect();
    let rows = 1 + input.at_most(2);
    for row in 0..rows {
        let mask = input.u8();
        let terms: Vec<(VarId, BigRational)> = ids
            .iter()
            .enumerate()
            .filter(|(i, _)| mask & (1 << i) != 0)
            .map(|(_, &id)| (id, rational(&mut input, (-6, 6), 6)))
            .collect();
        let sides = input.u8() % 4;
        let mut side = |present: bool| present.then(|| rational(&mut input, (-40, 40), 12));
        let (lower, upper) = (side(sides != 1), side(sides != 2));
        problem.add_constraint(format!("row{row}"), terms, lower, upper);
    }
    problem
}

/// Checks one problem; panics on a disagreement.
pub fn check(problem: &Problem) {
    let oracle = BruteForce::default().solve(problem, &Budget::unlimited());
    let raw = PureBackend.solve(problem, &Budget::default());
    let gated = checked(&PureBackend, problem, &Budget::default());
    if let Some(witness) = raw.witness() {
        if let Err(violation) = problem.check(witness) {
            panic!("PureBackend's witness {witness:?} fails the exact check ({violation}) on {problem:?}");
        }
    }
    for (name, verdict) in [("PureBackend", &raw), ("checked(PureBackend)", &gated)] {
        match (verdict, &oracle) {
            (Verdict::Feasible { .. }, Verdict::Feasible { .. }) => {}
            (Verdict::Infeasible { certainty, .. }, Verdict::Infeasible { .. }) => {
                assert_eq!(*certainty, Certainty::Exact, "{name}'s infeasible is not exact on {problem:?}")
            }
            (Verdict::Undecided { reason }, _) => panic!("{name} undecided ({reason}) on a tiny problem: {problem:?}; brute force: {oracle:?}"),
            (mine, theirs) => panic!("{name} says {mine:?}, brute force says {theirs:?} on {problem:?}"),
        }
    }
    if let Some(witness) = gated.witness() {
        assert!(
            problem.check(witness).is_ok(),
            "checked(PureBackend) let through a bad witness {witness:?} on {problem:?}"
        );
    }
}

/// Decodes and checks.
pub fn run(data: &[u8]) {
    check(&decode(data));
}
