//! The compiled-in cases against the files under `testdata/`, the brute-force oracle against every small case, and the runner's failure report.

use std::path::Path;

use scorecheck_conformance::{cases, run_conformance, CaseErrorKind, Expected};
use scorecheck_feasibility::testing::BruteForce;
use scorecheck_feasibility::{checked, Budget, Certainty, Feasibility, Problem, Verdict};

/// A file added under `testdata/` but not to the crate's list would never run.
#[test]
fn every_file_under_testdata_is_compiled_in() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata");
    let mut on_disk: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    on_disk.sort();
    let compiled: Vec<String> = cases().unwrap().into_iter().map(|c| c.name).collect();
    assert_eq!(compiled, on_disk);
    assert_eq!(compiled.len(), 26);
}

#[test]
fn brute_force_agrees_with_every_small_conformance_case() {
    let mut run = 0;
    for case in &cases().unwrap() {
        if case.problem.box_size() > 1_000_000 {
            continue;
        }
        let verdict = checked(&BruteForce::default(), &case.problem, &Budget::default());
        match (case.expected, &verdict) {
            (Expected::Feasible, Verdict::Feasible { .. }) => {}
            (Expected::Infeasible, Verdict::Infeasible { certainty, .. }) => {
                assert_eq!(*certainty, Certainty::Exact, "{}", case.name)
            }
            _ => panic!(
                "{}: expected {:?}, got {verdict:?}",
                case.name, case.expected
            ),
        }
        run += 1;
    }
    assert!(run >= 15, "only {run} small cases");
}

/// A backend that never decides anything.
struct Shrug;

impl Feasibility for Shrug {
    fn name(&self) -> std::borrow::Cow<'static, str> {
        "shrug".into()
    }
    fn solve(&self, _: &Problem, _: &Budget) -> Verdict {
        Verdict::Undecided {
            reason: "no idea".to_string(),
        }
    }
}

#[test]
fn conformance_failures_name_their_cases_and_verdicts() {
    let error = run_conformance(&Shrug).unwrap_err();
    // Cases infeasible on their face are answered by `checked` without the backend.
    assert!(error.failures().len() >= 15, "{error}");
    let first = &error.failures()[0];
    assert!(error.to_string().starts_with(first.case()), "{error}");
    assert!(matches!(
        first.kind(),
        CaseErrorKind::WrongVerdict {
            verdict: Verdict::Undecided { .. },
            ..
        }
    ));
    assert!(std::error::Error::source(&error).is_some());
}
