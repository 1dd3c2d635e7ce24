//! Runs the shared conformance cases of `scorecheck-conformance` against CBC and microlp, counting agreed, undecided and wrong answers.
#![cfg(any(feature = "cbc", feature = "microlp"))]

use std::time::Duration;

use scorecheck_conformance::{cases, Expected};
use scorecheck_feasibility::{checked, Budget, Certainty, Feasibility, Verdict};

/// How a backend did on the conformance cases.
#[derive(Debug, Default)]
struct Tally {
    cases: usize,
    agreed: usize,
    /// Agreed "infeasible" answers with [`Certainty::Solver`] (the rest are exact).
    solver_certainty: Vec<String>,
    undecided: Vec<String>,
    wrong: Vec<String>,
}

fn tally(backend: &dyn Feasibility) -> Tally {
    let mut tally = Tally::default();
    for case in cases().unwrap() {
        let verdict = checked(backend, &case.problem, &Budget::default());
        tally.cases += 1;
        match (&verdict, case.expected) {
            (Verdict::Feasible { witness }, Expected::Feasible) => {
                assert!(case.problem.check(witness).is_ok(), "{}", case.name);
                tally.agreed += 1;
            }
            (Verdict::Infeasible { certainty, .. }, Expected::Infeasible) => {
                tally.agreed += 1;
                if *certainty == Certainty::Solver {
                    tally.solver_certainty.push(case.name.clone());
                }
            }
            (Verdict::Undecided { reason }, _) => tally
                .undecided
                .push(format!("{} ({:?}): {reason}", case.name, case.expected)),
            _ => tally.wrong.push(format!("{}: {verdict:?}", case.name)),
        }
    }
    println!(
        "{}: {} cases, {} agreed ({} infeasible with solver certainty: {:?}), {} undecided, {} wrong",
        backend.name(),
        tally.cases,
        tally.agreed,
        tally.solver_certainty.len(),
        tally.solver_certainty,
        tally.undecided.len(),
        tally.wrong.len()
    );
    for line in tally.undecided.iter().chain(&tally.wrong) {
        println!("  {line}");
    }
    tally
}

#[cfg(feature = "cbc")]
#[test]
fn cbc_answers_every_case_rightly() {
    let tally = tally(&scorecheck_feasibility_goodlp::Cbc::new());
    assert!(tally.cases > 0);
    assert!(tally.wrong.is_empty(), "{:#?}", tally.wrong);
    assert!(tally.undecided.is_empty(), "{:#?}", tally.undecided);
}

#[cfg(feature = "microlp")]
#[test]
fn microlp_is_never_wrong() {
    let tally = tally(&scorecheck_feasibility_goodlp::MicroLp::new());
    assert!(tally.wrong.is_empty(), "{:#?}", tally.wrong);
}

#[cfg(feature = "microlp")]
#[test]
fn microlp_confirmed_by_the_exact_backend_answers_every_case_rightly() {
    let backend = scorecheck_feasibility_goodlp::MicroLp::confirmed_by(
        scorecheck_feasibility_pure::PureBackend,
    );
    let tally = tally(&backend);
    assert!(tally.wrong.is_empty(), "{:#?}", tally.wrong);
    assert!(tally.undecided.is_empty(), "{:#?}", tally.undecided);
}

/// Every backend of this crate, as the facade would configure it.
fn backends() -> Vec<Box<dyn Feasibility>> {
    let cbc: Option<Box<dyn Feasibility>> = {
        #[cfg(feature = "cbc")]
        let cbc = Some(Box::new(scorecheck_feasibility_goodlp::Cbc::new()) as Box<dyn Feasibility>);
        #[cfg(not(feature = "cbc"))]
        let cbc = None;
        cbc
    };
    let microlp: Option<Box<dyn Feasibility>> = {
        #[cfg(feature = "microlp")]
        let microlp =
            Some(Box::new(scorecheck_feasibility_goodlp::MicroLp::new()) as Box<dyn Feasibility>);
        #[cfg(not(feature = "microlp"))]
        let microlp = None;
        microlp
    };
    cbc.into_iter().chain(microlp).collect()
}

#[test]
fn solve_without_the_gate_still_verifies_every_witness() {
    // `checked` re-checks witnesses anyway; the backends must not rely on it.
    for backend in backends() {
        for case in cases().unwrap() {
            let verdict = backend.solve(&case.problem, &Budget::default());
            if let Verdict::Feasible { witness } = &verdict {
                assert!(case.problem.check(witness).is_ok(), "{}", case.name);
            }
            if case.expected == Expected::Feasible {
                assert!(!verdict.is_infeasible(), "{}: {verdict:?}", case.name);
            }
        }
    }
}

#[test]
fn a_spent_budget_gives_undecided() {
    let case = cases()
        .unwrap()
        .into_iter()
        .find(|c| c.name == "mos_10_folds_feasible")
        .expect("the mos_10_folds_feasible case exists");
    let spent = Budget::new(200_000, Some(Duration::ZERO));
    for backend in backends() {
        let verdict = checked(backend.as_ref(), &case.problem, &spent);
        assert!(verdict.is_undecided(), "{}: {verdict:?}", backend.name());
    }
}

#[test]
fn exact_preliminaries_give_exact_certainty() {
    // `integrality_half` (2x = 1) is settled by scaling alone, without a solver.
    let case = cases()
        .unwrap()
        .into_iter()
        .find(|c| c.name == "integrality_half")
        .expect("the integrality_half case exists");
    for backend in backends() {
        let verdict = checked(backend.as_ref(), &case.problem, &Budget::default());
        assert!(
            matches!(
                verdict,
                Verdict::Infeasible {
                    certainty: Certainty::Exact,
                    ..
                }
            ),
            "{}: {verdict:?}",
            backend.name()
        );
    }
}

#[test]
fn an_empty_relaxation_is_certified_exactly() {
    // x + y ≥ 3 and x + y ≤ 2: each row alone has points, together not even fractional ones;
    // no row is settled by scaling, so the exact certainty comes from the Farkas certificate.
    use scorecheck_feasibility::{BigRational, Problem};
    let mut problem = Problem::new();
    let x = problem.add_variable("x", 0, 5);
    let y = problem.add_variable("y", 0, 5);
    let one = || BigRational::from_integer(1.into());
    let n = |v: i64| Some(BigRational::from_integer(v.into()));
    problem.add_constraint("at least 3", vec![(x, one()), (y, one())], n(3), None);
    problem.add_constraint("at most 2", vec![(x, one()), (y, one())], None, n(2));
    for backend in backends() {
        let verdict = checked(backend.as_ref(), &problem, &Budget::default());
        assert!(
            matches!(
                verdict,
                Verdict::Infeasible {
                    certainty: Certainty::Exact,
                    ..
                }
            ),
            "{}: {verdict:?}",
            backend.name()
        );
    }
}
