//! The typed mean-of-scores outcome through the facade's public entry point
//! (`answer_mean_of_scores`): witnesses, explanations, what was covered, ranges, the AUC.

use num_rational::BigRational;
use scorecheck::algebra::Score;
use scorecheck::experiment::{Bound, DatasetSpec, Experiment, FoldSpec};
use scorecheck::outcomes::{LpStatus, MeanOfScoresOutcome, Range, Side};
use scorecheck::request::figures::ReportedAuc;
use scorecheck::request::mean_of_scores::{MeanOfScoresRequest, MeanProtocol, Target};
use scorecheck::{answer_mean_of_scores, Conclusion, Outcome, RunOptions};

fn q(a: i64, b: i64) -> BigRational {
    BigRational::new(a.into(), b.into())
}

/// Two folds of (p, n) with the windows (reported exactly) and fold bounds given.
fn request(p: u64, n: u64, windows: Vec<Bound>, fold_bounds: Vec<Bound>) -> MeanOfScoresRequest {
    let fold = |p, n| {
        let mut fold = FoldSpec::new(p, n);
        fold.bounds = fold_bounds.clone();
        fold
    };
    let experiment = Experiment::new(
        vec![DatasetSpec::from_folds(vec![fold(p, n), fold(p, n)])],
        windows.clone(),
    );
    let mut read = MeanOfScoresRequest::new(MeanProtocol::DatasetKnownFolds, experiment);
    read.reported = windows.iter().map(|w| (w.score, w.lower.clone())).collect();
    read
}

fn exactly(score: Score, value: BigRational) -> Bound {
    Bound::new(score, value.clone(), value)
}

fn answered(read: &MeanOfScoresRequest, options: &RunOptions) -> MeanOfScoresOutcome {
    let answer = answer_mean_of_scores(read, options).expect("the request is answerable");
    match answer.outcome {
        Outcome::MeanOfScores(outcome) => outcome,
        other => panic!("a mean-of-scores outcome, not {other:?}"),
    }
}

#[test]
fn a_consistent_check_carries_its_witness_as_typed_values() {
    // A mean accuracy of 0.55 over two folds of 5 + 5: 11 right answers in 20.
    let read = request(5, 5, vec![exactly(Score::Acc, q(55, 100))], Vec::new());
    let outcome = answered(&read, &RunOptions::default());
    assert_eq!(outcome.conclusion, Conclusion::Consistent);
    assert_eq!(outcome.lp_status, LpStatus::Feasible);
    assert_eq!(outcome.backend, "pure");
    assert!(outcome.explanation.is_none() && outcome.undecided.is_none());
    assert!(outcome.note.is_none());
    let witness = outcome.witness.expect("a consistent check has a witness");
    assert!(witness.auc.is_none());
    let folds = &witness.scores.datasets[0].folds;
    let right: i64 = folds.iter().map(|f| f.tp + f.tn).sum();
    assert_eq!(right, 11);
    assert_eq!(witness.scores.scores, vec![Score::Acc]);
    assert_eq!(witness.scores.means, vec![Some(q(55, 100))]);
}

#[test]
fn an_inconsistent_check_names_its_contradicting_subset() {
    // A mean accuracy of 0.55 cannot hold when every fold's accuracy is at least 0.9.
    let read = request(
        5,
        5,
        vec![exactly(Score::Acc, q(55, 100))],
        vec![Bound::new(Score::Acc, q(9, 10), q(1, 1))],
    );
    let outcome = answered(&read, &RunOptions::default());
    assert_eq!(outcome.lp_status, LpStatus::Infeasible);
    assert!(matches!(
        outcome.conclusion,
        Conclusion::Inconsistent { .. }
    ));
    assert!(outcome.witness.is_none());
    let explanation = outcome.explanation.expect("explained by default");
    let subset = explanation.subset.expect("a subset is found");
    assert_eq!(subset.scores, vec!["acc"]);
    assert_eq!(subset.bounds, vec!["fold_score_bounds.acc"]);
    assert!(subset.minimal);
    assert!(
        subset.message.contains("cannot both hold"),
        "{}",
        subset.message
    );
    assert!(subset.auc_range.is_none());
    // Not asked for: no explanation (the result's `"explanation": null`).
    let options = RunOptions::default().with_explain(false);
    let quiet = answered(&read, &options);
    assert!(quiet.explanation.is_none());
    let rendered = answer_mean_of_scores(&read, &options).unwrap().to_json();
    assert_eq!(rendered["explanation"], serde_json::Value::Null);
    assert_eq!(rendered["lp_status"], "infeasible");
}

#[test]
fn nothing_checkable_is_undecided_with_what_was_covered() {
    let mut read = request(5, 5, Vec::new(), Vec::new());
    read.ignored = vec!["f1".to_string()];
    let outcome = answered(&read, &RunOptions::default());
    assert_eq!(outcome.conclusion, Conclusion::Undecided);
    let undecided = outcome.undecided.expect("undecided says why");
    assert!(undecided.reason.contains("(f1)"), "{}", undecided.reason);
    assert!(
        undecided.covered.contains("no integer program was solved"),
        "{}",
        undecided.covered
    );
    assert_eq!(outcome.ignored_scores, vec!["f1"]);
    assert!(outcome.note.is_some());
}

#[test]
fn ranges_are_typed_sides_in_the_order_asked() {
    // sens 0.8 on two folds of 5 positives: tp1 + tp2 = 8; acc = (tp + tn)/20 over tn in
    // 0..=10 per fold, so the mean accuracy ranges over [8/20, 18/20].
    let mut read = request(5, 5, vec![exactly(Score::Sens, q(8, 10))], Vec::new());
    read.ranges = Some(vec![Target::Score(Score::Acc, "acc".to_string())]);
    let outcome = answered(&read, &RunOptions::default());
    let ranges = outcome.ranges.expect("ranges of a consistent check");
    assert_eq!(ranges.len(), 1);
    assert_eq!(ranges[0].key, "acc");
    let Range::Found(extremes) = &ranges[0].range else {
        panic!("a linear score's range is found: {:?}", ranges[0].range);
    };
    assert_eq!(extremes.min, Side::Exact(q(8, 20)));
    assert_eq!(extremes.max, Side::Exact(q(18, 20)));
    assert!(extremes.undecided.is_none());
}

fn with_auc(read: &mut MeanOfScoresRequest, value: BigRational) {
    read.auc = Some(ReportedAuc {
        key: "auc".to_string(),
        lower: value.clone() - q(1, 10_000),
        upper: value.clone() + q(1, 10_000),
        value,
        percent: false,
    });
}

#[test]
fn a_reported_auc_gives_the_folds_aucs_or_the_range_of_the_mean() {
    // Two folds of 10 + 10 with mean sens and spec 0.9: the mean AUC lies in [0.8, 1].
    let base = request(
        10,
        10,
        vec![
            exactly(Score::Sens, q(9, 10)),
            exactly(Score::Spec, q(9, 10)),
        ],
        Vec::new(),
    );
    let mut low = base.clone();
    with_auc(&mut low, q(7, 10));
    let outcome = answered(&low, &RunOptions::default());
    assert!(matches!(
        outcome.conclusion,
        Conclusion::Inconsistent { .. }
    ));
    assert!(outcome.auc.is_some());
    let subset = outcome
        .explanation
        .and_then(|e| e.subset)
        .expect("the AUC is explained");
    assert_eq!(subset.scores, vec!["auc", "sens", "spec"]);
    let range = subset.auc_range.expect("the range of the mean AUC");
    assert_eq!((range.least, range.most), (q(4, 5), q(1, 1)));
    assert!(range.least_exact && range.most_exact);

    let mut edge = base;
    with_auc(&mut edge, q(8, 10));
    let outcome = answered(&edge, &RunOptions::default());
    assert_eq!(outcome.conclusion, Conclusion::Consistent);
    let details = outcome.auc.expect("the AUC's window");
    assert_eq!(details.lower, q(7999, 10_000));
    let aucs = outcome
        .witness
        .and_then(|w| w.auc)
        .expect("the folds' AUCs at the witness");
    assert_eq!(aucs.mean, q(4, 5));
    assert_eq!(aucs.folds.len(), 2);
}
