//! A downstream crate with one dependency, the facade, reaches every engine: each call below
//! names only `scorecheck::` paths (the engines, the fold enumeration, the data registry and
//! the pure backend are re-exported), as `use scorecheck::prelude::*` users would.

use scorecheck::algebra::{parse_decimal, Params, Score};
use scorecheck::experiment::{Bound, DatasetSpec, Experiment, Limits};
use scorecheck::feasibility::Verdict;
use scorecheck::folds::{FoldRules, KFoldConfigurations};
use scorecheck::prelude::*;
use scorecheck::single::{Problem, Window};

fn q(text: &str) -> scorecheck::algebra::BigRational {
    parse_decimal(text).unwrap()
}

#[test]
fn every_engine_runs_through_the_facade_alone() {
    // The single-matrix engine: the paper's example is consistent.
    let (eps, tol) = (q("0.0001"), q("0.000001"));
    let windows = [
        (Score::Acc, "0.6821"),
        (Score::Npv, "0.9401"),
        (Score::F1p, "0.4004"),
    ]
    .iter()
    .map(|&(score, v)| Window::around(score, q(v), &eps, &tol))
    .collect();
    let outcome = scorecheck::single::check(
        &Problem::new(1000, 6000, windows).with_params(Params::default()),
        &scorecheck::single::Options::default(),
    );
    assert_eq!(outcome.n_valid_tptn_pairs, Some(2));

    // The experiment engine with the re-exported pure backend: 5 stratified folds.
    let experiment = Experiment::new(
        vec![DatasetSpec::kfold(126, 131, 5).unwrap()],
        vec![Bound::around(Score::Acc, &q("0.5736"), &eps)],
    );
    let verdict =
        scorecheck::experiment::verdict(&experiment, &scorecheck::PureBackend, &Limits::new())
            .unwrap();
    assert!(matches!(verdict, Verdict::Feasible { .. }), "{verdict:?}");

    // Fold enumeration: 918 configurations of 5-fold over 38 positives and 262 negatives
    // under the reference's rules for acc, sens and spec.
    let rules = FoldRules::for_reported_scores(true, true, false);
    let configurations = KFoldConfigurations::new(38, 262, 5, &rules).unwrap();
    assert_eq!(configurations.count_u64(), Some(918));

    // Regression: mae above rmse cannot be.
    let reported = [
        scorecheck::regression_engine::Reported::exactly(
            scorecheck::regression_engine::RegressionScore::Mae,
            q("2"),
        ),
        scorecheck::regression_engine::Reported::exactly(
            scorecheck::regression_engine::RegressionScore::Rmse,
            q("1"),
        ),
    ];
    let found = scorecheck::regression_engine::check(10, &q("4"), &reported).unwrap();
    assert!(!found.is_consistent());

    // Multiclass: the micro trace search finds a trace for 40/30/30 items at acc 0.8667.
    let micro = [Window::around(Score::Acc, q("0.8667"), &eps, &tol)];
    let trace = scorecheck::multiclass_engine::search_trace(100, 3, &micro, &Params::default());
    assert!(
        matches!(trace, scorecheck::multiclass_engine::Trace::Found(_)),
        "{trace:?}"
    );

    // The data registry.
    assert_eq!(
        (scorecheck::data::tpehg().p, scorecheck::data::tpehg().n),
        (38, 262)
    );

    // And the facade's own entry point, from the prelude.
    let answer = answer_text(
        r#"{"check": "1_testset_no_kfold", "testset": {"p": 1000, "n": 6000},
            "scores": {"acc": 0.6821, "npv": 0.9401, "f1p": 0.4004}, "eps": 0.0001}"#,
        &RunOptions::default(),
    )
    .unwrap();
    assert_eq!(answer.conclusion, Conclusion::Consistent);
}
