//! Every backend name a request may give: answered by a build that has the backend, a clear `unsupported` error naming `backend` by one that lacks it.

use serde_json::json;

/// The backends behind cargo features, with whether this build has each.
fn optional_backends() -> [(&'static str, bool); 3] {
    [
        ("highs", cfg!(feature = "highs")),
        ("cbc", cfg!(feature = "cbc")),
        ("microlp", cfg!(feature = "microlp")),
    ]
}

#[test]
fn each_backend_answers_or_says_which_feature_is_missing() {
    for (name, compiled_in) in optional_backends() {
        let request = json!({
            "check": "1_dataset_known_folds_mos",
            "dataset": {"p": 126, "n": 131},
            "folding": {"folds": [{"p": 52, "n": 94}, {"p": 74, "n": 37}]},
            "scores": {"acc": 0.573, "sens": 0.768, "bacc": 0.662},
            "eps": 0.001,
            "backend": name,
        });
        let result = scorecheck::run(&request, &scorecheck::RunOptions::default());
        if compiled_in {
            let result = result.unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(result["inconsistency"], false, "{name}: {result}");
            assert_eq!(result["backend"], name, "{name}: {result}");
        } else {
            let error = result.expect_err(name);
            assert_eq!(error.kind().as_str(), "unsupported", "{name}: {error}");
            assert_eq!(error.field(), Some("backend"), "{name}: {error}");
            assert!(
                error.message().contains(&format!("--features {name}")),
                "{name}: {error}"
            );
        }
    }
}

/// Also where no integer program is solved: a request naming a backend the build lacks is
/// refused, never answered as if that backend had been there.
#[test]
fn a_single_matrix_check_naming_a_missing_backend_is_refused() {
    for (name, compiled_in) in optional_backends() {
        let request = json!({
            "check": "1_testset_no_kfold",
            "testset": {"p": 10, "n": 20},
            "scores": {"acc": 0.6, "sens": 0.5},
            "eps": 0.01,
            "backend": name,
        });
        let result = scorecheck::run(&request, &scorecheck::RunOptions::default());
        if compiled_in {
            let result = result.unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(result["inconsistency"], false, "{name}: {result}");
        } else {
            let error = result.expect_err(name);
            assert_eq!(error.kind().as_str(), "unsupported", "{name}: {error}");
            assert_eq!(error.field(), Some("backend"), "{name}: {error}");
        }
    }
}

#[test]
fn an_unknown_backend_lists_the_known_ones() {
    let request = json!({
        "check": "1_testset_no_kfold",
        "testset": {"p": 10, "n": 20},
        "scores": {"acc": 0.5},
        "eps": 0.01,
        "backend": "cplex",
    });
    let error = scorecheck::run(&request, &scorecheck::RunOptions::default()).unwrap_err();
    assert_eq!(error.field(), Some("backend"));
    for name in ["pure", "highs", "cbc", "microlp"] {
        assert!(error.message().contains(name), "{error}");
    }
}

/// A backend of the caller's own, answering a fixed verdict.
struct Fixed(scorecheck::feasibility::Verdict);

impl scorecheck::feasibility::Feasibility for Fixed {
    fn name(&self) -> std::borrow::Cow<'static, str> {
        "fixed".into()
    }

    fn solve(
        &self,
        _: &scorecheck::feasibility::Problem,
        _: &scorecheck::feasibility::Budget,
    ) -> scorecheck::feasibility::Verdict {
        self.0.clone()
    }
}

fn known_folds(bacc: f64) -> serde_json::Value {
    json!({
        "check": "1_dataset_known_folds_mos",
        "dataset": {"p": 126, "n": 131},
        "folding": {"folds": [{"p": 52, "n": 94}, {"p": 74, "n": 37}]},
        "scores": {"acc": 0.573, "sens": 0.768, "bacc": bacc},
        "eps": 0.001,
    })
}

#[test]
fn a_callers_backend_answers_and_is_named() {
    use std::sync::Arc;
    // The exact enumeration runs before every backend unless switched off (it would settle
    // this program without asking the caller's backend).
    let undecided = scorecheck::RunOptions::default()
        .with_solver(Arc::new(Fixed(
            scorecheck::feasibility::Verdict::Undecided {
                reason: "never tries".into(),
            },
        )))
        .with_enumeration(false);
    let result = scorecheck::run(&known_folds(0.662), &undecided).unwrap();
    assert_eq!(result["verdict"], "undecided", "{result}");
    assert_eq!(result["backend"], "fixed", "{result}");
    // The request's own "backend" replaces the caller's solver.
    let mut request = known_folds(0.662);
    request["backend"] = json!("pure");
    let result = scorecheck::run(&request, &undecided).unwrap();
    assert_eq!(result["inconsistency"], false, "{result}");
    assert_eq!(result["backend"], "pure", "{result}");
}

#[test]
fn a_callers_backend_that_lies_cannot_make_a_verdict_wrong() {
    use std::sync::Arc;
    // "Feasible" at a point far outside every bound: re-checked exactly, it is not taken.
    let liar = scorecheck::RunOptions::default().with_solver(Arc::new(Fixed(
        scorecheck::feasibility::Verdict::Feasible {
            witness: vec![i64::MAX / 4; 64],
        },
    )));
    for bacc in [0.662, 0.7, 0.9] {
        let truth = scorecheck::run(&known_folds(bacc), &scorecheck::RunOptions::default())
            .unwrap()["verdict"]
            .clone();
        let result = scorecheck::run(&known_folds(bacc), &liar).unwrap();
        let verdict = &result["verdict"];
        assert!(
            *verdict == truth || *verdict == "undecided",
            "bacc {bacc}: {result} (truth {truth})"
        );
    }
}
