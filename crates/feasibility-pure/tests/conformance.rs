//! The shared conformance cases of `scorecheck-conformance`, run against the pure backend.

use scorecheck_conformance::{cases, run_conformance, Expected};
use scorecheck_feasibility::{checked, Budget, Certainty, Verdict};
use scorecheck_feasibility_pure::PureBackend;

#[test]
fn pure_backend_passes_every_conformance_case() {
    let run = run_conformance(&PureBackend).unwrap_or_else(|e| panic!("{e}"));
    assert!(run >= 20, "only {run} cases");
}

#[test]
fn pure_backend_infeasible_is_always_exact() {
    for case in cases().unwrap() {
        if case.expected == Expected::Infeasible {
            match checked(&PureBackend, &case.problem, &Budget::default()) {
                Verdict::Infeasible { certainty, .. } => {
                    assert_eq!(certainty, Certainty::Exact, "{}", case.name)
                }
                other => panic!("{}: {other:?}", case.name),
            }
        }
    }
}
