//! Replays scikit-learn's StratifiedKFold fold compositions pinned by tools/pin_stratified.py.

use scorecheck_folds::{stratified_sklearn_binary, stratified_sklearn_folds, ErrorKind};
use serde_json::Value;

fn numbers(v: &Value) -> Vec<u64> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect()
}

#[test]
fn stratified_folds_match_sklearn() {
    let data: Value =
        serde_json::from_str(include_str!("../testdata/stratified_sklearn.json")).unwrap();
    let cases = data.as_array().unwrap();
    assert!(cases.len() >= 2000);
    let (mut ok, mut rejected) = (0, 0);
    for case in cases {
        let counts = numbers(&case["counts"]);
        let k = case["k"].as_u64().unwrap() as usize;
        let got = stratified_sklearn_folds(&counts, k);
        match &case["folds"] {
            Value::Null => {
                assert!(got.is_err(), "sklearn rejects {case} but we gave {got:?}");
                rejected += 1;
            }
            folds => {
                let want: Vec<Vec<u64>> = folds.as_array().unwrap().iter().map(numbers).collect();
                assert_eq!(got.as_ref().ok(), Some(&want), "case {case}");
                ok += 1;
            }
        }
        if let Some(reference) = case.get("reference_binary") {
            let want: Vec<Vec<u64>> = reference.as_array().unwrap().iter().map(numbers).collect();
            let got = stratified_sklearn_binary(counts[1], counts[0], k).unwrap();
            let got: Vec<Vec<u64>> = got.iter().map(|f| vec![f.p, f.n]).collect();
            assert_eq!(got, want, "reference binary for {case}");
        }
    }
    assert!(ok > 1000 && rejected > 100);
}

#[test]
fn stratified_errors_say_what_is_wrong() {
    assert_eq!(
        stratified_sklearn_folds(&[5, 5], 1).unwrap_err().kind(),
        &ErrorKind::TooFewSplits { folds: 1 }
    );
    assert_eq!(
        stratified_sklearn_folds(&[], 2).unwrap_err().kind(),
        &ErrorKind::NoClasses
    );
    assert_eq!(
        stratified_sklearn_folds(&[1, 2], 4).unwrap_err().kind(),
        &ErrorKind::MoreFoldsThanSamples {
            folds: 4,
            samples: 3
        }
    );
    assert_eq!(
        stratified_sklearn_folds(&[2, 2], 3).unwrap_err().kind(),
        &ErrorKind::SplitsExceedEveryClass {
            folds: 3,
            largest_class: 2
        }
    );
    let message = stratified_sklearn_folds(&[2, 2], 3)
        .unwrap_err()
        .to_string();
    assert!(message.contains("at most 2 folds"), "{message}");
}
