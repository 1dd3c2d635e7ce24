//! A backend of one's own answering mean-of-scores protocols through the public API.
//!
//! The backend here counts the integer programs it is asked and delegates them to the exact
//! pure backend; any `Feasibility` implementation plugs in the same way (its "feasible"
//! witnesses are re-checked exactly by the facade, like every backend's).
//!
//! Run with `cargo run -p scorecheck --example custom_backend` (CI runs it).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use scorecheck::feasibility::{Budget, Feasibility, Problem, Verdict};
use scorecheck::feasibility_pure::PureBackend;
use scorecheck::{run_text, RunOptions};

/// Counts calls and delegates to the pure backend.
#[derive(Default)]
struct Counting {
    calls: AtomicU64,
}

impl Feasibility for Counting {
    fn name(&self) -> std::borrow::Cow<'static, str> {
        "counting-pure".into()
    }

    fn solve(&self, problem: &Problem, budget: &Budget) -> Verdict {
        self.calls.fetch_add(1, Ordering::Relaxed);
        PureBackend.solve(problem, budget)
    }
}

fn main() -> Result<(), scorecheck::Error> {
    let backend = Arc::new(Counting::default());
    // The exact enumerations run before every backend unless switched off: off here, so that
    // every integer program reaches the counting backend.
    let options = RunOptions::default()
        .with_solver(backend.clone())
        .with_enumeration(false);
    let requests = [
        (
            "known folds",
            r#"{"check": "1_dataset_known_folds_mos", "dataset": {"p": 126, "n": 131},
                "folding": {"folds": [{"p": 52, "n": 94}, {"p": 74, "n": 37}]},
                "scores": {"acc": 0.573, "sens": 0.768, "bacc": 0.662}, "eps": 0.001}"#,
            false,
        ),
        (
            "unknown folds",
            r#"{"check": "1_dataset_unknown_folds_mos", "dataset": {"p": 38, "n": 262},
                "folding": {"n_folds": 5, "n_repeats": 1},
                "scores": {"acc": 0.9533, "sens": 0.7105, "spec": 0.9847}, "eps": 0.0001}"#,
            false,
        ),
        (
            "unknown folds, acc mistyped",
            r#"{"check": "1_dataset_unknown_folds_mos", "dataset": {"p": 38, "n": 262},
                "folding": {"n_folds": 5, "n_repeats": 1},
                "scores": {"acc": 0.5533, "sens": 0.7105, "spec": 0.9847}, "eps": 0.0001}"#,
            true,
        ),
    ];
    for (label, request, expected) in requests {
        let before = backend.calls.load(Ordering::Relaxed);
        let result = run_text(request, &options)?;
        let asked = backend.calls.load(Ordering::Relaxed) - before;
        println!(
            "{label}: inconsistency = {}, backend = {}, integer programs asked of it: {asked}",
            result["inconsistency"], result["backend"]
        );
        assert_eq!(result["inconsistency"], expected, "{label}: {result}");
        assert_eq!(result["backend"], "counting-pure", "{label}: {result}");
    }
    assert!(backend.calls.load(Ordering::Relaxed) > 0);
    Ok(())
}
