//! The requests `"power": true` derives from a single-matrix request: each reported score
//! moved one unit of its last reported digit down and up (`0.850` → `0.849`, `0.851`,
//! `scorecheck_algebra::DecimalFigure::moved`), keys naming the same score moved together,
//! moves that leave the score's natural range (`Score::natural_range`, scaled by 100 under
//! `"percent": true`) skipped with the reason.

use num_bigint::BigInt;
use num_rational::BigRational;
use scorecheck_algebra::{parse_decimal, DecimalFigure, Score};

use crate::input::{self, Object};
use crate::json::{Json, Number};
use crate::{Error, Result};

/// The protocols whose results `power` measures (the single-matrix ones).
pub const PROTOCOLS: &[&str] = &[
    "1_testset_no_kfold",
    "1_dataset_kfold_som",
    "n_testsets_som_no_kfold",
    "n_datasets_som_kfold_som",
];

/// Reads `"power"`: `true` asks for the perturbation count; only the single-matrix
/// protocols measure it.
///
/// # Errors
///
/// `InvalidValue` naming `power` when it is not a boolean, `Unsupported` when it is `true`
/// for a check that is not a single-matrix one.
pub fn read_power(fields: &Object<'_>, check: &str) -> Result<bool> {
    let Some(value) = fields.get("power") else {
        return Ok(false);
    };
    let Json::Bool(wanted) = value else {
        return Err(Error::invalid(
            "power",
            format!("expected true or false, found {}", input::describe(value)),
        ));
    };
    if *wanted && !PROTOCOLS.contains(&check) {
        return Err(Error::unsupported(
            "power",
            format!(
                "power is measured for the single-matrix checks only ({}), not for {check}",
                PROTOCOLS.join(", ")
            ),
        ));
    }
    Ok(*wanted)
}

/// Whether `value` lies in the score's natural range (scaled by `scale`; the AUC's is
/// [0, 1]).
fn in_range(score: Option<Score>, value: &BigRational, scale: i64) -> bool {
    let (lower, upper) = score.map_or((Some(0), Some(1)), Score::natural_range);
    let bound = |b: i64| BigRational::from_integer(BigInt::from(b) * BigInt::from(scale));
    lower.is_none_or(|l| *value >= bound(l)) && upper.is_none_or(|u| *value <= bound(u))
}

/// One perturbed request: its label (`"acc 0.850 → 0.849"`) and the request itself.
#[derive(Clone, Debug)]
pub struct Move {
    /// What was moved, e.g. `acc 0.850 → 0.849`.
    pub label: String,
    /// The request with that figure moved (no ranges, repairs, witness lists or power).
    pub request: Json,
}

/// The moves of one reported score.
#[derive(Clone, Debug)]
pub struct ScoreMoves {
    /// The score's abbreviation (`acc`, ..., `auc`).
    pub name: &'static str,
    /// The score (`None` for the AUC, which is no function of one matrix).
    pub score: Option<Score>,
    /// Its moves within the natural range (none, one or two).
    pub moves: Vec<Move>,
}

/// Every perturbed request of a request, and the moves skipped with why.
#[derive(Clone, Debug)]
pub struct Perturbations {
    /// Per reported score (in the order of the request), its moves.
    pub scores: Vec<ScoreMoves>,
    /// The moves skipped: `"acc 1 → 1.001 (outside the natural range)"`.
    pub skipped: Vec<String>,
}

/// The perturbed requests of `request`, or `None` when it reports no scores to perturb.
pub fn perturbations(request: &Json) -> Option<Perturbations> {
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
        return None;
    };
    // Keys naming the same score (acc and accuracy) move together.
    let mut groups: Vec<(Option<Score>, Vec<String>)> = Vec::new();
    for key in scores.keys() {
        let score = if crate::figures::is_auc(key) {
            None
        } else {
            match Score::from_name(key) {
                Ok(score) => Some(score),
                Err(_) => continue,
            }
        };
        match groups.iter_mut().find(|(s, _)| *s == score) {
            Some((_, keys)) => keys.push(key.clone()),
            None => groups.push((score, vec![key.clone()])),
        }
    }
    let mut out = Perturbations {
        scores: Vec::new(),
        skipped: Vec::new(),
    };
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
        let mut moves = Vec::new();
        for step in [-1i64, 1] {
            let moved = fig.moved(step);
            let shown = moved.to_string();
            let name = score.map_or("auc", Score::abbreviation);
            let label = format!("{name} {text} → {shown}");
            if !in_range(*score, &moved.value(), scale) || parse_decimal(&shown).is_err() {
                out.skipped
                    .push(format!("{label} (outside the natural range)"));
                continue;
            }
            let value = match raw {
                Json::String(_) => Json::String(shown.clone()),
                _ => match Number::parse(&shown) {
                    Some(n) => Json::Number(n),
                    None => {
                        out.skipped.push(format!("{label} (not a JSON number)"));
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
            moves.push(Move {
                label,
                request: perturbed,
            });
        }
        out.scores.push(ScoreMoves {
            name: score.map_or("auc", Score::abbreviation),
            score: *score,
            moves,
        });
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn natural_ranges_follow_the_percent_scale() {
        let acc = Some(Score::Acc);
        assert!(in_range(acc, &parse_decimal("1").unwrap(), 1));
        assert!(!in_range(acc, &parse_decimal("1.001").unwrap(), 1));
        assert!(!in_range(acc, &parse_decimal("-0.001").unwrap(), 1));
        assert!(in_range(acc, &parse_decimal("95.5").unwrap(), 100));
        assert!(!in_range(None, &parse_decimal("1.001").unwrap(), 1));
    }
}
