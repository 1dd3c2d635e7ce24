//! Tests of the mean-of-scores renderer on hand-made outcomes and of the explanation's
//! backend (both reach inside the crate; the typed outcome's public behaviour is tested in
//! `tests/mos_outcome.rs`).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use num_rational::BigRational;
use scorecheck_algebra::Score;
use scorecheck_experiment::{Bound, DatasetSpec, Experiment, FoldSpec};
use scorecheck_feasibility::{Budget, Feasibility, Problem, Verdict};
use scorecheck_request::mean_of_scores::{MeanOfScoresRequest, MeanProtocol};

use super::outcome::{Range, Side};
use super::{answer, MeanOfScoresOutcome};
use crate::options::RunOptions;

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
    answer(read, options).expect("the request is answerable")
}

#[test]
fn the_renderer_writes_bracketed_and_undefined_ranges() {
    let mut outcome = answered(
        &request(5, 5, vec![exactly(Score::Acc, q(55, 100))], Vec::new()),
        &RunOptions::default(),
    );
    outcome.ranges = Some(vec![
        super::outcome::NamedRange {
            key: "sens".to_string(),
            range: Range::Found(Box::new(super::outcome::Extremes {
                min: Side::Between(q(1, 5), q(2, 5)),
                max: Side::Exact(q(1, 1)),
                undecided: Some("min: a probe was not decided exactly within the budget".into()),
            })),
        },
        super::outcome::NamedRange {
            key: "auc".to_string(),
            range: Range::Undefined,
        },
    ]);
    let rendered = crate::render::mos::mos(&outcome);
    let sens = &rendered["ranges"]["sens"];
    assert_eq!(sens["min_between"][0]["exact"], "1/5");
    assert_eq!(sens["min_between"][1]["exact"], "2/5");
    assert_eq!(sens["max"]["exact"], "1");
    assert!(sens.get("min").is_none());
    assert_eq!(
        sens["undecided"],
        "min: a probe was not decided exactly within the budget"
    );
    assert_eq!(rendered["ranges"]["auc"], serde_json::Value::Null);
    assert_eq!(rendered["witness"]["scores"]["acc"]["exact"], "11/20");
}

/// A backend of the caller's own that counts the programs it is asked.
struct Counting(AtomicU64);

impl Feasibility for Counting {
    fn name(&self) -> std::borrow::Cow<'static, str> {
        "counting".into()
    }
    fn solve(&self, problem: &Problem, budget: &Budget) -> Verdict {
        self.0.fetch_add(1, Ordering::Relaxed);
        crate::PureBackend.solve(problem, budget)
    }
}

#[test]
fn an_explanation_asks_the_exact_backend_before_the_callers_own() {
    let read = request(
        5,
        5,
        vec![exactly(Score::Acc, q(55, 100))],
        vec![Bound::new(Score::Acc, q(9, 10), q(1, 1))],
    );
    let problem = scorecheck_experiment::build(&read.experiment).expect("a program");
    let counting = Arc::new(Counting(AtomicU64::new(0)));
    let options = RunOptions::default().with_solver(counting.clone());
    let verdict = crate::backend::with_explaining_solver(&options, |filter| {
        assert_eq!(filter.name(), "counting");
        filter.solve(&problem, &Budget::new(1_000, None))
    })
    .expect("the caller's backend is there");
    assert!(verdict.is_infeasible());
    // The exact backend settled the small program: the caller's was not asked.
    assert_eq!(counting.0.load(Ordering::Relaxed), 0);
    // With the exact backend itself there is nothing to put first.
    let name = crate::backend::with_explaining_solver(&RunOptions::default(), |filter| {
        filter.name().to_string()
    });
    assert_eq!(name.expect("pure is always built"), "pure");
    // Through the whole check: the explanation is there, answered by the same rule.
    let outcome = answered(&read, &options);
    assert_eq!(outcome.backend, "counting");
    assert!(outcome.explanation.and_then(|e| e.subset).is_some());
}
