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

use num_bigint::BigInt;
use num_rational::BigRational;
use scorecheck_algebra::{parse_decimal, DecimalFigure, Score};
use serde_json::{json, Map, Value};

use crate::dispatch::RunOptions;
use crate::input::{self, Object};
use crate::json::{Json, Number};
use crate::{Error, ErrorKind, Result};

/// The protocols whose results `power` measures (the single-matrix ones).
pub(crate) const PROTOCOLS: &[&str] = &[
    "1_testset_no_kfold",
    "1_dataset_kfold_som",
    "n_testsets_som_no_kfold",
    "n_datasets_som_kfold_som",
];

/// Reads `"power"`: `true` asks for the perturbation count; only the single-matrix
/// protocols measure it.
pub(crate) fn wanted(fields: &Object<'_>, check: &str) -> Result<bool> {
    let Some(value) = fields.get("power") else {
        return Ok(false);
    };
    let Json::Bool(wanted) = value else {
        return Err(Error::new(
            ErrorKind::InvalidValue,
            Some("power"),
            format!("expected true or false, found {}", input::describe(value)),
        ));
    };
    if *wanted && !PROTOCOLS.contains(&check) {
        return Err(Error::new(
            ErrorKind::Unsupported,
            Some("power"),
            format!(
                "power is measured for the single-matrix checks only ({}), not for {check}",
                PROTOCOLS.join(", ")
            ),
        ));
    }
    Ok(*wanted)
}

/// Whether `value` lies in the score's natural range (scaled by `scale`).
fn in_range(score: Score, value: &BigRational, scale: i64) -> bool {
    let (lower, upper) = score.natural_range();
    let bound = |b: i64| BigRational::from_integer(BigInt::from(b) * BigInt::from(scale));
    lower.is_none_or(|l| *value >= bound(l)) && upper.is_none_or(|u| *value <= bound(u))
}

/// The `power` object of a single-matrix result, or `None` when `result` is not a
/// consistent verdict (power measures how telling a "consistent" is).
pub(crate) fn power(request: &Json, result: &Value, options: &RunOptions) -> Value {
    if result.get("verdict").and_then(Value::as_str) != Some("consistent") {
        return json!({
            "note": "power measures how telling a consistent verdict is; this verdict is not consistent, so no perturbation was run",
        });
    }
    let mut base = request.clone();
    if let Json::Object(map) = &mut base {
        // Only the verdicts of the perturbed requests count: no ranges, repairs or
        // witness lists are computed for them.
        for key in ["power", "ranges", "repair", "max_repairs", "max_witnesses"] {
            map.remove(key);
        }
    }
    let scale = if request.get("percent") == Some(&Json::Bool(true)) {
        100
    } else {
        1
    };
    let Some(Json::Object(scores)) = base.get("scores").cloned() else {
        return json!({"note": "no scores to perturb"});
    };
    // Keys naming the same score (acc and accuracy) move together.
    let mut groups: Vec<(Score, Vec<String>)> = Vec::new();
    for key in scores.keys() {
        let Ok(score) = Score::from_name(key) else {
            continue;
        };
        match groups.iter_mut().find(|(s, _)| *s == score) {
            Some((_, keys)) => keys.push(key.clone()),
            None => groups.push((score, vec![key.clone()])),
        }
    }
    let mut perturbations = 0u64;
    let mut flagged = 0u64;
    let mut by_score = Map::new();
    let mut skipped = Vec::new();
    let mut undecided = Vec::new();
    for (score, keys) in &groups {
        let Some(raw) = scores.get(&keys[0]) else {
            continue;
        };
        let text = match raw {
            Json::Number(number) => number.to_string(),
            Json::String(s) => s.clone(),
            _ => continue,
        };
        let Some(fig) = DecimalFigure::parse(&text) else {
            continue;
        };
        let mut hits = 0u64;
        for step in [-1i64, 1] {
            let moved = fig.moved(step);
            let shown = moved.to_string();
            let label = format!("{} {text} → {shown}", score.abbreviation());
            if !in_range(*score, &moved.value(), scale) || parse_decimal(&shown).is_err() {
                skipped.push(Value::String(format!(
                    "{label} (outside the natural range)"
                )));
                continue;
            }
            let value = match raw {
                Json::String(_) => Json::String(shown.clone()),
                _ => match Number::parse(&shown) {
                    Some(n) => Json::Number(n),
                    None => {
                        skipped.push(Value::String(format!("{label} (not a JSON number)")));
                        continue;
                    }
                },
            };
            let mut perturbed = base.clone();
            if let Json::Object(fields) = &mut perturbed {
                let mut moved = scores.clone();
                for key in keys {
                    moved.insert(key.clone(), value.clone());
                }
                fields.insert("scores", Json::Object(moved));
            }
            perturbations += 1;
            match crate::dispatch::answer(&perturbed, options) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn natural_ranges_follow_the_percent_scale() {
        assert!(in_range(Score::Acc, &parse_decimal("1").unwrap(), 1));
        assert!(!in_range(Score::Acc, &parse_decimal("1.001").unwrap(), 1));
        assert!(!in_range(Score::Acc, &parse_decimal("-0.001").unwrap(), 1));
        assert!(in_range(Score::Acc, &parse_decimal("95.5").unwrap(), 100));
    }
}
