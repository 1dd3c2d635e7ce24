//! One rule for when a caller's backend is asked, the same in the experiment engine and the facade.

use std::borrow::Cow;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use scorecheck::feasibility::{Budget, Feasibility, Problem, Verdict};
use scorecheck::{run_text, RunOptions};
use scorecheck_experiment::{
    parse_decimal, verdict, Bound, DatasetSpec, Experiment, Limits, Score,
};

/// The exact backend, counting its calls.
#[derive(Default)]
struct Counting(AtomicU64);

impl Feasibility for Counting {
    fn name(&self) -> Cow<'static, str> {
        format!(
            "counting({})",
            scorecheck::feasibility_pure::PureBackend.name()
        )
        .into()
    }
    fn solve(&self, problem: &Problem, budget: &Budget) -> Verdict {
        self.0.fetch_add(1, Ordering::Relaxed);
        scorecheck::feasibility_pure::PureBackend.solve(problem, budget)
    }
}

const REQUEST: &str = r#"{"check": "1_dataset_known_folds_mos",
    "dataset": {"p": 126, "n": 131},
    "folding": {"folds": [{"p": 52, "n": 94}, {"p": 74, "n": 37}]},
    "scores": {"acc": 0.573, "sens": 0.768, "bacc": 0.662}, "eps": 0.001}"#;

/// The same experiment as `REQUEST`, built for the engine.
fn experiment() -> Experiment {
    let q = |t: &str| parse_decimal(t).unwrap();
    let eps = q("0.001") + q("0.000001");
    let window = |score, v: &str| Bound::around(score, &q(v), &eps);
    let dataset = DatasetSpec::from_folds(vec![
        scorecheck_experiment::FoldSpec::new(52, 94),
        scorecheck_experiment::FoldSpec::new(74, 37),
    ]);
    Experiment::new(
        vec![dataset],
        vec![
            window(Score::Acc, "0.573"),
            window(Score::Sens, "0.768"),
            window(Score::Bacc, "0.662"),
        ],
    )
}

/// (calls through the engine, calls through the facade, the facade's result) with the
/// enumeration on or off.
fn calls(enumeration: bool) -> (u64, u64, serde_json::Value) {
    let engine = Counting::default();
    let limits = if enumeration {
        Limits::new()
    } else {
        Limits::new().without_enumeration()
    };
    let answer = verdict(&experiment(), &engine, &limits).unwrap();
    assert_eq!(answer.to_string(), "consistent");
    let facade = Arc::new(Counting::default());
    let options = RunOptions::default()
        .with_solver(facade.clone())
        .with_enumeration(enumeration);
    let result = run_text(REQUEST, &options).unwrap();
    (
        engine.0.load(Ordering::Relaxed),
        facade.0.load(Ordering::Relaxed),
        result,
    )
}

#[test]
fn both_layers_ask_the_backend_only_after_the_enumeration() {
    let (engine, facade, result) = calls(true);
    // The enumeration settles this one-dataset program in both layers: no call.
    assert_eq!((engine, facade), (0, 0));
    assert_eq!(result["inconsistency"], false);
    assert_eq!(result["backend"], "counting(pure)");
}

#[test]
fn both_layers_ask_the_backend_every_program_without_the_enumeration() {
    let (engine, facade, result) = calls(false);
    assert!(engine > 0 && facade > 0, "{engine} {facade}");
    // The verdict is the same either way (the enumeration is exact).
    assert_eq!(result["inconsistency"], false);
}
