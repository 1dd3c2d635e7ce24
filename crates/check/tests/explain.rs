//! `"explain": false` (and `RunOptions::with_explain(false)`): the verdict alone, the same as
//! with the explanation, with `"explanation": null`, on every kind of check that explains.

use scorecheck::{run_text, RunOptions};
use serde_json::{json, Value};

fn run(request: &Value, options: &RunOptions) -> Value {
    run_text(&request.to_string(), options).unwrap()
}

/// Inconsistent requests of the checks that explain an inconsistency (the first three are
/// the single-matrix engine, the rest mean-of-scores integer programs); every line of the
/// conformance files is added below.
fn inconsistent() -> Vec<Value> {
    vec![
        json!({"check": "1_testset_no_kfold", "testset": {"p": 100, "n": 100},
               "scores": {"acc": 0.5, "sens": 0.9, "spec": 0.9}, "eps": 0.01}),
        json!({"check": "1_dataset_kfold_som", "dataset": {"p": 30, "n": 50},
               "folding": {"n_folds": 3, "n_repeats": 1},
               "scores": {"acc": 0.9, "sens": 0.2, "spec": 0.3}, "eps": 0.01}),
        json!({"check": "1_testset_no_kfold", "testset": {"p": 1000000, "n": 1000000},
               "scores": {"acc": 0.77, "sens": 0.81, "spec": 0.73, "ppv": 0.75, "f1p": 0.7819}, "eps": 1e-4}),
        json!({"check": "1_dataset_known_folds_mos", "dataset": {"p": 10, "n": 20},
               "folding": {"folds": [{"p": 5, "n": 10}, {"p": 5, "n": 10}]},
               "scores": {"sens": 0.5, "spec": 0.5, "bacc": 0.7}, "eps": 1e-3}),
        json!({"check": "1_dataset_known_folds_mos", "dataset": {"p": 10, "n": 20},
               "folding": {"folds": [{"p": 5, "n": 10}, {"p": 5, "n": 10}]},
               "scores": {"acc": 0.6, "auc": 0.2}, "eps": 1e-3}),
    ]
}

fn conformance_requests() -> Vec<Value> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata");
    let mut requests = Vec::new();
    for file in [
        "binary_single.jsonl",
        "binary_mos.jsonl",
        "auc.jsonl",
        "unknown_folds.jsonl",
    ] {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let case: Value = serde_json::from_str(line).unwrap();
            if case["request"].is_object() {
                requests.push(case["request"].clone());
            }
        }
    }
    requests
}

#[test]
fn the_verdict_is_the_same_without_the_explanation() {
    let mut explained = 0;
    for request in inconsistent().into_iter().chain(conformance_requests()) {
        // Conformance lines that are errors stay errors; they are not explained.
        let Ok(full) = run_text(&request.to_string(), &RunOptions::default()) else {
            continue;
        };
        let mut quiet_request = request.clone();
        quiet_request["explain"] = json!(false);
        let by_field = run(&quiet_request, &RunOptions::default());
        let by_option = run(&request, &RunOptions::default().with_explain(false));
        let mut expected = full.clone();
        if full.get("explanation").is_some_and(|e| !e.is_null()) {
            explained += 1;
            expected["explanation"] = Value::Null;
        }
        for quiet in [&by_field, &by_option] {
            let mut quiet = quiet.clone();
            // Timings differ from run to run.
            for result in [&mut quiet, &mut expected] {
                if let Some(map) = result.as_object_mut() {
                    map.remove("statistics");
                }
            }
            assert_eq!(quiet, expected, "{request}");
        }
        // The field wins over the option.
        quiet_request["explain"] = json!(true);
        let asked = run(&quiet_request, &RunOptions::default().with_explain(false));
        assert_eq!(
            asked.get("explanation").is_some_and(|e| !e.is_null()),
            full.get("explanation").is_some_and(|e| !e.is_null()),
            "{request}"
        );
    }
    assert!(explained >= 5, "only {explained} requests were explained");
}

#[test]
fn explain_must_be_a_boolean() {
    let mut request = inconsistent()[0].clone();
    request["explain"] = json!("no");
    let error = run_text(&request.to_string(), &RunOptions::default()).unwrap_err();
    assert_eq!(error.field(), Some("explain"), "{error}");
    assert!(
        error.message().contains("true") && error.message().contains("false"),
        "{error}"
    );
}

/// Figures of a classifier that predicts one class, as scikit-learn prints them (precision
/// and MCC 0 where they are undefined): still inconsistent (an undefined score matches no
/// figure), and the explanation says which matrix they fit once read so.
#[test]
fn scores_a_library_prints_as_zero_where_undefined_are_named() {
    let answer = run(
        &json!({"check": "1_testset_no_kfold", "testset": {"p": 4, "n": 6},
                "scores": {"acc": 0.6, "sens": 0, "spec": 1, "ppv": 0, "mcc": 0}, "eps": 0.01}),
        &RunOptions::default(),
    );
    assert_eq!(answer["verdict"], "inconsistent");
    let message = answer["explanation"]["message"].as_str().unwrap();
    assert!(
        message.contains("at tp=0, tn=6 (nothing predicted positive) mcc and ppv are undefined"),
        "{message}"
    );
    // A figure the library does not print there (mcc 0.1): no such sentence.
    let answer = run(
        &json!({"check": "1_testset_no_kfold", "testset": {"p": 4, "n": 6},
                "scores": {"acc": 0.6, "sens": 0, "mcc": 0.1}, "eps": 0.01}),
        &RunOptions::default(),
    );
    assert_eq!(answer["verdict"], "inconsistent");
    let message = answer["explanation"]["message"].as_str().unwrap();
    assert!(!message.contains("libraries"), "{message}");
}

/// Figures well above 1 under scores at most 1, read as written: the explanation says
/// they may be percentages; a figure just past 1, or one read as a percentage, is not.
#[test]
fn percentages_read_as_fractions_are_named() {
    let options = RunOptions::default();
    let request = |acc: f64, percent: bool| {
        json!({"check": "1_testset_no_kfold", "testset": {"p": 10, "n": 20},
               "scores": {"acc": acc}, "eps": 0.5, "percent": percent})
    };
    let said = |result: Value| {
        result["explanation"]["message"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let message = said(run(&request(70.0, false), &options));
    assert!(message.contains("\"percent\": true"), "{message}");
    let message = said(run(
        &json!({"check": "1_testset_no_kfold", "testset": {"p": 4, "n": 12},
                "scores": {"pt": 1.002}, "eps": 0.001}),
        &options,
    ));
    assert!(!message.contains("percent"), "{message}");
    let message = said(run(&request(170.0, true), &options));
    assert!(!message.contains("percent"), "{message}");
}
