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

/// Whether `folds` can be split into `m` groups that each add up to `dataset`, by trying
/// every assignment of folds to groups.
fn groups_exist(folds: &[(u64, u64)], dataset: (u64, u64), m: usize) -> bool {
    let assignments = m.pow(folds.len() as u32);
    (0..assignments).any(|mut code| {
        let mut sums = vec![(0, 0); m];
        for fold in folds {
            let group = &mut sums[code % m];
            code /= m;
            *group = (group.0 + fold.0, group.1 + fold.1);
        }
        sums.iter().all(|s| *s == dataset)
    })
}

#[test]
fn explicit_folds_must_group_into_repeats_that_each_cover_the_dataset() {
    // A small deterministic generator: every fold list of up to 6 folds of sizes below 4
    // whose totals are two or three copies of the dataset, against every assignment.
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = |bound: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % bound
    };
    let (mut refused, mut accepted) = (0, 0);
    for _ in 0..3000 {
        let len = 2 + next(5) as usize;
        let folds: Vec<(u64, u64)> = (0..len).map(|_| (next(4), next(4))).collect();
        let (tp, tn) = folds.iter().fold((0, 0), |a, f| (a.0 + f.0, a.1 + f.1));
        let m = 2 + next(2);
        if tp % m != 0 || tn % m != 0 || tp + tn == 0 {
            continue;
        }
        let dataset = (tp / m, tn / m);
        if folds
            .iter()
            .any(|f| f.0 > dataset.0 || f.1 > dataset.1 || f.0 + f.1 == 0)
        {
            continue;
        }
        let list: Vec<String> = folds
            .iter()
            .map(|(p, n)| format!("{{\"p\": {p}, \"n\": {n}}}"))
            .collect();
        let request = format!(
            r#"{{"check": "1_dataset_known_folds_mos", "dataset": {{"p": {}, "n": {}}}, "folding": {{"folds": [{}]}}, "scores": {{"acc": 0.5}}, "eps": 0.5}}"#,
            dataset.0,
            dataset.1,
            list.join(", ")
        );
        let read = read_text(&request);
        if groups_exist(&folds, dataset, m as usize) {
            accepted += 1;
            if let Err(error) = read {
                assert_ne!(
                    error.kind(),
                    ErrorKind::Contradiction,
                    "{request}: {}",
                    error.message()
                );
            }
        } else {
            refused += 1;
            let error = read.expect_err("folds that no grouping fits are refused");
            assert_eq!(error.kind(), ErrorKind::Contradiction, "{request}");
            assert_eq!(error.field(), Some("folding.folds"));
            assert!(
                error.message().contains("cannot be grouped"),
                "{}",
                error.message()
            );
        }
    }
    assert!(
        refused > 50 && accepted > 50,
        "refused {refused}, accepted {accepted}"
    );
}
