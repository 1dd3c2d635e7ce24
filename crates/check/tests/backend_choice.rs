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
