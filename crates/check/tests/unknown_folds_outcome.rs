//! The typed unknown-folds outcome through the facade's public entry point
//! (`answer_unknown_folds`): the configuration found and its witness, refutations, budgets
//! and ranges of configurations.

use num_rational::BigRational;
use scorecheck::algebra::Score;
use scorecheck::experiment::{reference_rules, Bound, Evaluation, UnknownFolds};
use scorecheck::folds::{BigUint, FoldRules};
use scorecheck::outcomes::UnknownFoldsOutcome;
use scorecheck::request::unknown_folds::UnknownFoldsRequest;
use scorecheck::{
    answer_unknown_folds, count_fold_configurations, Conclusion, Outcome, RunOptions,
};

/// The typed outcome through the facade's public entry point.
fn answer(
    read: &UnknownFoldsRequest,
    options: &RunOptions,
) -> scorecheck::Result<UnknownFoldsOutcome> {
    answer_unknown_folds(read, options).map(|answer| match answer.outcome {
        Outcome::UnknownFolds(outcome) => outcome,
        other => panic!("an unknown-folds outcome, not {other:?}"),
    })
}

fn q(a: i64, b: i64) -> BigRational {
    BigRational::new(a.into(), b.into())
}

/// 3-fold over 10 positives and 20 negatives with these windows.
fn request(windows: Vec<Bound>) -> UnknownFoldsRequest {
    let evaluation = Evaluation::new(10, 20, 3, 1);
    UnknownFoldsRequest::new(UnknownFolds::new(vec![evaluation], windows))
}

#[test]
fn a_consistent_outcome_holds_the_configuration_and_its_witness() {
    let windows = vec![
        Bound::new(Score::Acc, q(7, 10), q(9, 10)),
        Bound::new(Score::Sens, q(6, 10), q(8, 10)),
    ];
    let outcome = answer(&request(windows.clone()), &RunOptions::default()).unwrap();
    assert_eq!(outcome.conclusion, Conclusion::Consistent);
    let count = count_fold_configurations(10, 20, 3, 1, &[Score::Acc, Score::Sens]).unwrap();
    assert_eq!(outcome.configurations_total, Some(count));
    assert_eq!(outcome.fold_rules, Some(outcome_rules(&windows)));
    assert!(outcome.statistics.is_some());
    let found = outcome.found.expect("a configuration");
    let [dataset] = found.witness.datasets.as_slice() else {
        panic!("one dataset expected");
    };
    assert_eq!(dataset.folds.len(), 3);
    let p: u64 = dataset.folds.iter().map(|f| f.p).sum();
    let n: u64 = dataset.folds.iter().map(|f| f.n).sum();
    assert_eq!((p, n), (10, 20));
    // The configuration's folds are the witness's, and its mean accuracy is in the window.
    let sizes: Vec<(u64, u64)> = found.experiment.datasets[0]
        .folds
        .iter()
        .map(|f| (f.p, f.n))
        .collect();
    let shown: Vec<(u64, u64)> = dataset.folds.iter().map(|f| (f.p, f.n)).collect();
    assert_eq!(sizes, shown);
    let acc = found.witness.means[0].clone().expect("acc is defined");
    assert!(q(7, 10) <= acc && acc <= q(9, 10));
}

fn outcome_rules(windows: &[Bound]) -> FoldRules {
    let scores: Vec<Score> = windows.iter().map(|w| w.score).collect();
    reference_rules(&scores)
}

#[test]
fn an_inconsistent_outcome_says_every_configuration_is_refuted() {
    // Accuracy 0.99 with sensitivity 0.1 over 10 positives: at least 9 errors in 30.
    let windows = vec![
        Bound::new(Score::Acc, q(99, 100), q(99, 100)),
        Bound::new(Score::Sens, q(1, 10), q(1, 10)),
    ];
    let outcome = answer(&request(windows), &RunOptions::default()).unwrap();
    assert!(matches!(
        outcome.conclusion,
        Conclusion::Inconsistent { .. }
    ));
    assert!(outcome.found.is_none());
    let message = outcome.explanation.expect("an explanation");
    assert!(message.starts_with(&format!(
        "every one of the {} fold configurations",
        outcome.configurations_total.expect("counted")
    )));
}

#[test]
fn nothing_checkable_is_undecided_without_a_search() {
    let mut read = request(Vec::new());
    read.ignored = vec!["f1p".into()];
    let outcome = answer(&read, &RunOptions::default()).unwrap();
    assert_eq!(outcome.conclusion, Conclusion::Undecided);
    let undecided = outcome.undecided.expect("undecided");
    assert_eq!(
        undecided.configurations_left_undecided,
        outcome.configurations_total.clone()
    );
    assert!(undecided.reason.contains("f1p"));
    assert!(outcome.statistics.is_none() && outcome.fold_rules.is_none());
    assert_eq!(outcome.configurations_examined, BigUint::default());
}

#[test]
fn a_range_is_clamped_and_one_past_the_end_is_refused() {
    let windows = vec![Bound::new(Score::Acc, q(7, 10), q(9, 10))];
    let mut read = request(windows);
    let total = answer(&read, &RunOptions::default())
        .unwrap()
        .configurations_total
        .expect("counted");
    read.range = Some((BigUint::from(1u8), &total + 100u32));
    let outcome = answer(&read, &RunOptions::default()).unwrap();
    let range = outcome.range.expect("the range searched");
    assert_eq!(
        (range.start.clone(), range.end.clone()),
        (1u8.into(), total.clone())
    );
    assert_eq!(range.count(), &total - 1u8);
    read.range = Some((total.clone(), &total + 1u8));
    let error = answer(&read, &RunOptions::default()).unwrap_err();
    assert_eq!(error.field(), Some("configurations.start"));
}

#[test]
fn counting_stops_when_the_work_is_cancelled() {
    // Counting 20-fold configurations over 10^5 positives takes a while; a cancelled request
    // stops while counting: undecided, nothing counted, nothing examined.
    let evaluation = Evaluation::new(100_000, 100_000, 20, 1);
    let windows = vec![Bound::new(Score::Acc, q(7, 10), q(9, 10))];
    let read = UnknownFoldsRequest::new(UnknownFolds::new(vec![evaluation], windows));
    let cancel = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let outcome = answer(&read, &RunOptions::default().with_cancel(cancel)).unwrap();
    assert_eq!(outcome.conclusion, Conclusion::Undecided);
    assert_eq!(outcome.configurations_total, None);
    assert_eq!(outcome.configurations_examined, BigUint::default());
    let undecided = outcome.undecided.expect("undecided");
    assert!(
        undecided
            .reason
            .starts_with("the work was cancelled while the fold configurations were being counted"),
        "{}",
        undecided.reason
    );
    assert_eq!(undecided.configurations_left_undecided, None);
}
