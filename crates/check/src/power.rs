//! How telling a "consistent" is (`"power": true`): each reported score moved one unit of its last reported digit down and up, and how many of those perturbed requests the same check flags.
//!
//! A move keeps the figure's number of decimals (`0.850` → `0.849`, `0.851`), so its eps
//! (explicit, per score or taken from the decimals) and the tolerance stay what they were.
//! A move is skipped when it leaves the score's natural range as the algebra knows it
//! (`Score::natural_range`: [0, 1] for rates, [−1, 1] for mcc, no upper end for the
//! likelihood ratios and the odds ratio; scaled by 100 when the request says
//! `"percent": true`). Every perturbed request runs through [`crate::dispatch::run`] with
//! the request's own options and deadline, so the verdicts are exact as ever; a perturbed
//! request answered "undecided" counts as not flagged and is listed. The moves themselves
//! are `scorecheck_algebra::DecimalFigure::moved`.

use scorecheck_request::power::{perturbations, Move, Perturbations, ScoreMoves};
use serde_json::{json, Map, Value};

use crate::json::Json;
use crate::options::RunOptions;

/// The `power` object of a single-matrix result, or `None` when `result` is not a
/// consistent verdict (power measures how telling a "consistent" is).
pub(crate) fn power(request: &Json, result: &Value, options: &RunOptions) -> Value {
    if result.get("verdict").and_then(Value::as_str) != Some("consistent") {
        return json!({
            "note": "power measures how telling a consistent verdict is; this verdict is not consistent, so no perturbation was run",
        });
    }
    let Some(Perturbations {
        scores, skipped, ..
    }) = perturbations(request)
    else {
        return json!({"note": "no scores to perturb"});
    };
    let mut perturbations = 0u64;
    let mut flagged = 0u64;
    let mut by_score = Map::new();
    let mut undecided = Vec::new();
    for ScoreMoves { score, moves, .. } in scores {
        let mut hits = 0u64;
        for Move { label, request, .. } in moves {
            perturbations += 1;
            match crate::dispatch::answer(&request, options) {
                Ok(answer) => match answer.get("verdict").and_then(Value::as_str) {
                    Some("inconsistent") => hits += 1,
                    Some("consistent") => {}
                    _ => undecided.push(Value::String(label)),
                },
                Err(error) => undecided.push(Value::String(format!("{label} ({error})"))),
            }
        }
        flagged += hits;
        by_score.insert(score.abbreviation().to_string(), json!(hits));
    }
    let mut out = json!({
        "perturbations": perturbations,
        "flagged": flagged,
        "flagged_by_score": by_score,
        "skipped": skipped,
    });
    if !undecided.is_empty() {
        out["undecided"] = Value::Array(undecided);
    }
    out
}
