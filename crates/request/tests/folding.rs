//! The folding strategy is read once into a `FoldStrategy`: a typo is an error naming
//! `folding.strategy` and the accepted names wherever a folding is read.

use scorecheck_request::folding::{FoldStrategy, Folding};
use scorecheck_request::json::Json;
use scorecheck_request::{read, ErrorKind, Family};

fn read_text(request: &str) -> scorecheck_request::Result<Family> {
    let json = Json::parse(request).expect("the test's JSON parses");
    read(&json, &["pure"]).map(|r| r.family)
}

fn assert_typo_rejected(request: &str) {
    let error = read_text(request).expect_err("a typo in the strategy is an error");
    assert_eq!(error.kind(), ErrorKind::InvalidValue, "{}", error.message());
    assert_eq!(error.field(), Some("folding.strategy"));
    assert_eq!(
        error.message(),
        "unknown folding strategy \"stratifed_sklearn\"; the supported strategy is \"stratified_sklearn\""
    );
}

#[test]
fn a_typo_in_the_strategy_is_an_error_wherever_a_folding_is_read() {
    // Generated folds (rejected before, with the same message).
    assert_typo_rejected(
        r#"{"check": "1_dataset_kfold_som", "dataset": {"p": 20, "n": 30}, "folding": {"n_folds": 5, "strategy": "stratifed_sklearn"}, "scores": {"acc": 0.5}, "eps": 0.01}"#,
    );
    // Explicit folds: the strategy was read and ignored, whatever it said.
    assert_typo_rejected(
        r#"{"check": "1_dataset_known_folds_mos", "dataset": {"p": 20, "n": 20}, "folding": {"folds": [{"p": 10, "n": 10}, {"p": 10, "n": 10}], "strategy": "stratifed_sklearn"}, "scores": {"acc": 0.5}, "eps": 0.01}"#,
    );
    // Unknown folds: a misspelt stratified strategy was taken for unknown folds.
    assert_typo_rejected(
        r#"{"check": "1_dataset_unknown_folds_mos", "dataset": {"p": 10, "n": 10}, "folding": {"n_folds": 2, "strategy": "stratifed_sklearn"}, "scores": {"acc": 0.9}, "eps": 0.01}"#,
    );
}

#[test]
fn stratified_folds_are_typed_and_need_no_field_path() {
    let folding = Folding::stratified(5, 1);
    assert!(matches!(
        folding,
        Folding::Generated {
            strategy: Some(FoldStrategy::StratifiedSklearn),
            ..
        }
    ));
    let folds = folding.folds((20, 30)).unwrap();
    assert_eq!(folds, vec![(4, 6); 5]);
    let too_many = Folding::stratified(60, 1).folds((20, 30)).unwrap_err();
    assert_eq!(too_many.field(), Some("folding"));
}

#[test]
fn stratified_matches_scikit_learn() {
    // Values from scikit-learn 1.x StratifiedKFold on the reference's label vector.
    assert_eq!(
        scorecheck_request::classes::stratified_sklearn(&[129, 81, 135], 2).unwrap(),
        vec![vec![65, 40, 68], vec![64, 41, 67]]
    );
    assert_eq!(
        scorecheck_request::classes::stratified_sklearn(&[149, 118, 83, 154], 4).unwrap(),
        vec![
            vec![38, 29, 21, 38],
            vec![37, 30, 21, 38],
            vec![37, 30, 20, 39],
            vec![37, 29, 21, 39]
        ]
    );
    // Classes are dealt in the dataset's order (first appearance), not by label value:
    // the reference's {2: 7, 0: 3, 1: 5} gives folds {0: 1, 1: 1, 2: 3}, ...
    assert_eq!(
        scorecheck_request::classes::stratified_sklearn(&[7, 3, 5], 3).unwrap(),
        vec![vec![3, 1, 1], vec![2, 1, 2], vec![2, 1, 2]]
    );
    assert!(scorecheck_request::classes::stratified_sklearn(&[1, 2], 3).is_err());
}
