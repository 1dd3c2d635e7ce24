//! With feature `serde`, typed requests serialize rationals as `"a/b"` text and protocols by
//! their request names, and read back to the same request.
#![cfg(feature = "serde")]

use scorecheck_request::classes::MulticlassRequest;
use scorecheck_request::json::Json;
use scorecheck_request::mean_of_scores::MeanOfScoresRequest;
use scorecheck_request::{read, Family};

fn family(request: &str) -> Family {
    let json = Json::parse(request).expect("the test's JSON parses");
    read(&json, &["pure"])
        .expect("the test's request reads")
        .family
}

#[test]
fn a_mean_of_scores_request_round_trips_with_rationals_as_text() {
    let Family::MeanOfScores(request) = family(
        r#"{"check": "1_dataset_known_folds_mos", "dataset": {"p": 20, "n": 20}, "folding": {"folds": [{"p": 10, "n": 10}, {"p": 10, "n": 10}]}, "scores": {"acc": 0.8999, "sens": 0.9}, "eps": "0.0001"}"#,
    ) else {
        panic!("a mean-of-scores request");
    };
    let text = serde_json::to_string(&request).unwrap();
    assert!(
        text.contains(r#""protocol":"1_dataset_known_folds_mos""#),
        "{text}"
    );
    assert!(text.contains(r#"["acc","8999/10000"]"#), "{text}");
    // The window on acc: 0.8999 ± (0.0001 + the default tolerance 1e-6).
    assert!(
        text.contains(r#"{"score":"acc","lower":"899799/1000000","upper":"900001/1000000"}"#),
        "{text}"
    );
    assert!(!text.contains("[[1,["), "num-bigint internals in {text}");
    let back: MeanOfScoresRequest = serde_json::from_str(&text).unwrap();
    assert_eq!(serde_json::to_string(&back).unwrap(), text);
}

#[test]
fn a_multiclass_request_names_its_protocol_and_model_as_requests_do() {
    let Family::Multiclass(request) = family(
        r#"{"check": "1_testset_no_kfold_macro", "testset": {"a": 10, "b": 20, "c": 30}, "scores": {"acc": 0.9}, "eps": 0.01, "model": "one_vs_rest"}"#,
    ) else {
        panic!("a multiclass request");
    };
    let text = serde_json::to_string(&request).unwrap();
    assert!(text.contains(r#""1_testset_no_kfold_macro""#), "{text}");
    assert!(text.contains(r#""one_vs_rest""#), "{text}");
    let back: MulticlassRequest = serde_json::from_str(&text).unwrap();
    assert_eq!(serde_json::to_string(&back).unwrap(), text);
}
