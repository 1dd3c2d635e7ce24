//! Runs the shared conformance cases of `scorecheck-conformance` against the HiGHS backend.

use scorecheck_conformance::{cases, run_conformance};
use scorecheck_feasibility::{checked, Budget, Certainty, Verdict};
use scorecheck_feasibility_highs::HighsBackend;

#[test]
fn every_conformance_case_gets_its_expected_verdict() {
    match run_conformance(&HighsBackend::new()) {
        Ok(count) => assert!(count > 0, "no conformance case was run"),
        Err(failures) => panic!("conformance failures:\n{failures}"),
    }
}

#[test]
fn solve_without_the_gate_still_verifies_every_witness() {
    // `checked` re-checks witnesses anyway; the backend must not rely on it.
    let backend = HighsBackend::new();
    for case in cases().unwrap() {
        let verdict =
            scorecheck_feasibility::Feasibility::solve(&backend, &case.problem, &Budget::default());
        if let Verdict::Feasible { witness } = &verdict {
            assert!(
                case.problem.check(witness).is_ok(),
                "{}: unverified witness {witness:?}",
                case.name
            );
        }
        assert!(!verdict.is_undecided(), "{}: {verdict:?}", case.name);
    }
}

#[test]
fn exact_preliminaries_give_exact_certainty() {
    // `integrality_half` (2x = 1) is settled by scaling alone, without HiGHS.
    let case = cases()
        .unwrap()
        .into_iter()
        .find(|c| c.name == "integrality_half")
        .expect("the integrality_half case exists");
    let verdict = checked(&HighsBackend::new(), &case.problem, &Budget::default());
    assert!(
        matches!(
            verdict,
            Verdict::Infeasible {
                certainty: Certainty::Exact,
                ..
            }
        ),
        "{verdict:?}"
    );
}
