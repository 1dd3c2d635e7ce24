//! Depending on the facade does not change how the dependent's own JSON parses: cargo
//! unifies serde_json's features across a build, so a facade that switched on
//! `arbitrary_precision` would make this untagged enum fail on `0.5`, and one that switched
//! on `preserve_order` would reorder the dependent's maps. This test is built with the
//! facade linked in, as a downstream crate is.

use serde::Deserialize;

/// A figure as a downstream crate might read it: a number or a name.
#[derive(Debug, Deserialize, PartialEq)]
#[serde(untagged)]
enum Figure {
    Number(f64),
    Named(String),
}

#[test]
fn a_dependents_untagged_number_still_parses() {
    // The facade is really linked: it answers a request in the same build.
    let answer = scorecheck::run_text(
        r#"{"check": "1_testset_no_kfold", "testset": {"p": 10, "n": 10},
            "scores": {"acc": 0.950}, "eps": 0.01}"#,
        &scorecheck::RunOptions::default(),
    )
    .unwrap();
    assert_eq!(answer["inconsistency"], false);
    assert_eq!(
        serde_json::from_str::<Figure>("0.5").unwrap(),
        Figure::Number(0.5)
    );
    assert_eq!(
        serde_json::from_str::<Figure>("\"auto\"").unwrap(),
        Figure::Named("auto".into())
    );
    let figures: Vec<Figure> = serde_json::from_str("[0.954, \"n/a\", 1e-4]").unwrap();
    assert_eq!(figures[2], Figure::Number(1e-4));
}

#[test]
fn a_dependents_maps_keep_serde_jsons_default_order() {
    let map: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(r#"{"spec": 1, "acc": 2, "mcc": 3}"#).unwrap();
    let keys: Vec<&str> = map.keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        ["acc", "mcc", "spec"],
        "preserve_order is on in this build"
    );
}

#[test]
fn the_facade_still_reads_numbers_as_written_and_scores_in_order() {
    // 0.950 has three decimals, so with eps "auto" its window is 0.950 ± 0.0005; written as a
    // Rust f64 it would be 0.95 (± 0.005).
    let answer = scorecheck::run_text(
        r#"{"check": "1_testset_no_kfold", "testset": {"p": 10, "n": 10},
            "scores": {"acc": 0.950}, "eps": "auto"}"#,
        &scorecheck::RunOptions::default(),
    )
    .unwrap();
    assert_eq!(answer["windows"]["acc"][0], "949499/1000000", "{answer}");
    let answer = scorecheck::run_text(
        r#"{"check": "1_testset_no_kfold", "testset": {"p": 10, "n": 10},
            "scores": {"spec": 0.5, "acc": 0.999, "sens": 0.5}, "eps": 0.0001}"#,
        &scorecheck::RunOptions::default(),
    )
    .unwrap();
    assert_eq!(answer["inconsistency"], true, "{answer}");
}
