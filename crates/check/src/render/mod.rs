//! Rendering once: a typed [`Answer`] becomes the JSON result (`scorecheck check`'s output,
//! the Python package's and the web page's), one module per family over the shared shapes.
//!
//! Result objects are serde_json maps without `preserve_order`, so their keys come out
//! sorted, whatever order a renderer inserts them in.

pub(crate) mod bundles;
pub(crate) mod mos;
pub(crate) mod multiclass;
pub(crate) mod program;
pub(crate) mod regression;
pub(crate) mod shapes;
pub(crate) mod single;
pub(crate) mod unknown_folds;

// The family renderers use the shared shapes from here.
pub(crate) use shapes::*;

use serde_json::{json, Map, Value};

use crate::outcome::{Answer, Outcome};
use crate::power::Power;

impl Answer {
    /// The JSON result, as `scorecheck check` writes it.
    pub fn to_json(&self) -> Value {
        answer(self)
    }
}

/// The JSON result of an answer.
fn answer(answer: &Answer) -> Value {
    let mut map = match &answer.outcome {
        Outcome::SingleMatrix(o) => single::single_matrix(o),
        Outcome::Splits(o) => single::splits(o),
        Outcome::MeanOfScores(o) => mos::mos(o),
        Outcome::Bundle(o) => bundles::bundle(o),
        Outcome::UnknownFolds(o) => unknown_folds::unknown_folds(o),
        Outcome::Multiclass(o) => multiclass::multiclass(o),
        Outcome::Regression(o) => regression::regression(o),
    };
    if !answer.explained {
        if let Some(explanation) = map.get_mut("explanation") {
            *explanation = Value::Null;
        }
    }
    if let Some(power) = &answer.power {
        map.insert("power".into(), power_json(power));
    }
    if let Some(check) = answer.check {
        map.insert("check".into(), check.into());
    }
    if !answer.warnings.is_empty() {
        map.insert("warnings".into(), json!(answer.warnings));
    }
    Value::Object(map)
}

/// The `power` object.
fn power_json(power: &Power) -> Value {
    if let Some(note) = power.note {
        return json!({ "note": note });
    }
    let by_score: Map<String, Value> = power
        .flagged_by_score
        .iter()
        .map(|(score, hits)| ((*score).to_string(), json!(hits)))
        .collect();
    let mut out = json!({
        "perturbations": power.perturbations,
        "flagged": power.flagged,
        "flagged_by_score": by_score,
        "skipped": power.skipped,
    });
    if !power.undecided.is_empty() {
        out["undecided"] = json!(power.undecided);
    }
    out
}
