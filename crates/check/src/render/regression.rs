//! The JSON result of a regression check ([`RegressionOutcome`]).

use serde_json::{json, Map, Value};

use super::{rational, verdict};
use crate::regression::RegressionOutcome;

/// The JSON result of `regression_1_testset_no_kfold`: the verdict, `failed`, `windows`
/// (`{score: [lower, upper]}` as exact text), `feasible_mse` (`[least, greatest or null]`)
/// when the relations hold, and the explanation (with `failed` when they do not).
pub(crate) fn regression(outcome: &RegressionOutcome) -> Map<String, Value> {
    let mut out = Map::new();
    verdict(&mut out, outcome.conclusion);
    out.insert("failed".into(), json!(outcome.failed));
    let windows: Map<String, Value> = outcome
        .windows
        .iter()
        .map(|w| {
            let sides = json!([w.lower.to_string(), w.upper.to_string()]);
            (w.score.abbreviation().into(), sides)
        })
        .collect();
    out.insert("windows".into(), Value::Object(windows));
    let message = &outcome.explanation;
    match &outcome.feasible_mse {
        Some((low, high)) => {
            out.insert(
                "feasible_mse".into(),
                json!([rational(low), high.as_ref().map(rational)]),
            );
            out.insert("explanation".into(), json!({ "message": message }));
        }
        None => {
            out.insert(
                "explanation".into(),
                json!({"message": message, "failed": outcome.failed}),
            );
        }
    }
    out
}
