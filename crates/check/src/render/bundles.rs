//! The JSON results of the bundles: one check with what it shows beside it, or parts under
//! `details_<key>` with their `inconsistency_<key>` flags and the overall verdict.

use serde_json::{json, Map, Value};

use super::shapes::verdict;
use crate::bundles::{BundleCheck, BundleOutcome, BundlePart, CheckOutcome};
use scorecheck_feasibility::Conclusion;

/// The result of a bundle: the overall `verdict` and `certainty` of parts beside their flags.
pub(crate) fn bundle(outcome: &BundleOutcome) -> Map<String, Value> {
    let mut map = outcome_map(outcome);
    if let BundleOutcome::Parts(_) = outcome {
        let mut overall = Map::new();
        verdict(&mut overall, outcome.conclusion());
        // `inconsistency` stays the object of flags.
        overall.remove("inconsistency");
        map.extend(overall);
        // Scores no consistent part used: the overall "consistent" says nothing of them.
        let unchecked = outcome.unchecked_scores();
        if !unchecked.is_empty() {
            map.insert("ignored_scores".into(), json!(unchecked));
        }
    }
    map
}

fn flag(conclusion: Conclusion) -> Value {
    match conclusion {
        Conclusion::Consistent => Value::Bool(false),
        Conclusion::Inconsistent { .. } => Value::Bool(true),
        _ => Value::Null,
    }
}

fn outcome_map(outcome: &BundleOutcome) -> Map<String, Value> {
    let parts = match outcome {
        BundleOutcome::Check(check) => return check_map(check),
        BundleOutcome::Parts(parts) => parts,
    };
    let mut flags = Map::new();
    let mut out = Map::new();
    for (key, part) in parts {
        match part {
            BundlePart::Checked(BundleOutcome::Check(check)) => {
                flags.insert(
                    format!("inconsistency_{key}"),
                    flag(check.outcome.conclusion()),
                );
                out.insert(format!("details_{key}"), Value::Object(check_map(check)));
            }
            BundlePart::Checked(group) => {
                let sub = outcome_map(group);
                if let Some(Value::Object(sub_flags)) = sub.get("inconsistency") {
                    for (name, value) in sub_flags {
                        let name = name.strip_prefix("inconsistency_").unwrap_or(name);
                        flags.insert(format!("inconsistency_{key}_{name}"), value.clone());
                    }
                }
                out.insert(format!("details_{key}"), Value::Object(sub));
            }
            BundlePart::NotChecked(reason) => {
                out.insert(format!("{key}_not_checked"), Value::String(reason.clone()));
            }
        }
    }
    out.insert("inconsistency".into(), Value::Object(flags));
    out
}

fn check_map(check: &BundleCheck) -> Map<String, Value> {
    let mut map = match &check.outcome {
        CheckOutcome::SingleMatrix(o) => super::single::single_matrix(o),
        CheckOutcome::MeanOfScores(o) => super::mos::mos(o),
        CheckOutcome::UnknownFolds(o) => super::unknown_folds::unknown_folds(o),
    };
    if let Some(identifier) = &check.identifier {
        map.insert("identifier".into(), identifier.clone().into());
    }
    if let Some(aggregation) = check.aggregation {
        map.insert("aggregation".into(), aggregation.into());
    }
    if let Some(testsets) = &check.testsets {
        map.insert("testsets".into(), json!(testsets));
    }
    for label in &check.labels {
        map.insert(label.key.into(), json!(label.items));
    }
    if let Some((protocol, p, n)) = check.reduces_to {
        map.insert("protocol".into(), protocol.into());
        map.insert("dataset".into(), json!({"p": p, "n": n}));
    }
    map
}
