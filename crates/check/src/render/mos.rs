//! The JSON result of a mean-of-scores check, written from its typed outcome.

use num_rational::BigRational;
use serde_json::{json, Map, Value};

use super::{named_scores, rational};
use crate::mos::outcome::{
    AucRange, Explanation, LpStatus, MeanOfScoresOutcome, MeanWitness, NamedRange, Range, Side,
};

/// The result of a mean-of-scores check: the verdict's three fields, `lp_status`, the
/// `witness`, `explanation` or `undecided`, `backend`, `ignored_scores`, `note`, the AUC's
/// `auc_window` and `auc_search`, and `ranges`.
pub(crate) fn mos(outcome: &MeanOfScoresOutcome) -> Map<String, Value> {
    let mut out = Map::new();
    super::verdict(&mut out, outcome.conclusion);
    out.insert("lp_status".into(), outcome.lp_status.as_str().into());
    if let Some(witness) = &outcome.witness {
        out.insert("witness".into(), witness_json(witness));
    }
    if outcome.lp_status == LpStatus::Infeasible {
        let explanation = outcome
            .explanation
            .as_ref()
            .map_or(Value::Null, explanation_json);
        out.insert("explanation".into(), explanation);
    }
    if let Some(undecided) = &outcome.undecided {
        out.insert(
            "undecided".into(),
            json!({"reason": undecided.reason, "covered": undecided.covered}),
        );
    }
    out.insert("backend".into(), outcome.backend.clone().into());
    out.insert("ignored_scores".into(), json!(outcome.ignored_scores));
    if let Some(note) = &outcome.note {
        out.insert("note".into(), note.clone().into());
    }
    if let Some(auc) = &outcome.auc {
        out.insert(
            "auc_window".into(),
            json!([auc.lower.to_string(), auc.upper.to_string()]),
        );
        out.insert(
            "auc_search".into(),
            json!({"boxes": auc.search.boxes, "solves": auc.search.solves}),
        );
    }
    if let Some(ranges) = &outcome.ranges {
        out.insert("ranges".into(), ranges_json(ranges));
    }
    out
}

/// The witness: every dataset's folds with (p, n, tp, tn) and their scores, each dataset's
/// means and the experiment's; with an AUC, every fold's k, AUC and achievable range and the
/// mean AUCs among the scores.
fn witness_json(witness: &MeanWitness) -> Value {
    let found = &witness.scores;
    let named = |values: &[Option<BigRational>]| named_scores(&found.scores, values);
    let with_auc = |mut scores: Map<String, Value>, auc: Option<&BigRational>| {
        if let Some(auc) = auc {
            scores.insert("auc".into(), rational(auc));
        }
        Value::Object(scores)
    };
    let aucs = witness.auc.as_ref();
    let mut fold_aucs = aucs.map(|a| a.folds.iter());
    let datasets: Vec<Value> = found
        .datasets
        .iter()
        .enumerate()
        .map(|(d, dataset)| {
            // The AUCs align with the folds in order (as far as both go).
            let mean = aucs.and_then(|a| a.dataset_means.get(d));
            let folds: Vec<Value> = dataset
                .folds
                .iter()
                .map(|f| {
                    let auc = mean.and(fold_aucs.as_mut()).and_then(|folds| folds.next());
                    let mut fold = json!({"p": f.p, "n": f.n, "tp": f.tp, "tn": f.tn,
                        "scores": with_auc(named(&f.scores), auc.map(|a| &a.value))});
                    if let (Some(auc), Value::Object(fold)) = (auc, &mut fold) {
                        fold.insert(
                            "auc".into(),
                            json!({"k": auc.k, "two_pn": auc.two_pn,
                                "min": rational(&auc.min), "max": rational(&auc.max)}),
                        );
                    }
                    fold
                })
                .collect();
            json!({"folds": folds, "scores": with_auc(named(&dataset.means), mean)})
        })
        .collect();
    json!({"datasets": datasets, "scores": with_auc(named(&found.means), aucs.map(|a| &a.mean))})
}

/// The explanation: the backend's words alone as `message`, or as `reason` beside the
/// subset (`scores`, `bounds`, `minimal`, `message`, and the AUC's range).
fn explanation_json(explanation: &Explanation) -> Value {
    let Some(subset) = &explanation.subset else {
        return json!({"message": explanation.reason});
    };
    let mut out = Map::new();
    out.insert("reason".into(), explanation.reason.clone().into());
    out.insert("scores".into(), json!(subset.scores));
    out.insert("bounds".into(), json!(subset.bounds));
    out.insert("minimal".into(), subset.minimal.into());
    out.insert("message".into(), subset.message.clone().into());
    if let Some(range) = &subset.auc_range {
        auc_range_json(&mut out, range);
    }
    Value::Object(out)
}

/// `auc_range` (`min` or `min_at_least`, `max` or `max_at_most`) and `auc_range_search`.
fn auc_range_json(out: &mut Map<String, Value>, range: &AucRange) {
    let mut sides = Map::new();
    sides.insert(
        if range.least_exact {
            "min"
        } else {
            "min_at_least"
        }
        .into(),
        rational(&range.least),
    );
    sides.insert(
        if range.most_exact {
            "max"
        } else {
            "max_at_most"
        }
        .into(),
        rational(&range.most),
    );
    out.insert("auc_range".into(), Value::Object(sides));
    out.insert(
        "auc_range_search".into(),
        json!({"boxes": range.search.boxes, "solves": range.search.solves}),
    );
}

/// The `ranges` object: each asked name's range (a later duplicate name wins).
fn ranges_json(ranges: &[NamedRange]) -> Value {
    let mut out = Map::new();
    for named in ranges {
        out.insert(named.key.clone(), range_json(&named.range));
    }
    Value::Object(out)
}

/// One range: `null` where undefined, `{"undecided"}` where it could not be searched, else
/// each side as `min`/`max` (exact) or `min_between`/`max_between`, and why.
fn range_json(range: &Range) -> Value {
    match range {
        Range::Undefined => Value::Null,
        Range::Unavailable(reason) => json!({"undecided": reason}),
        Range::Found(extremes) => {
            let mut entry = Map::new();
            for (name, side) in [("min", &extremes.min), ("max", &extremes.max)] {
                match side {
                    Side::Exact(value) => {
                        entry.insert(name.into(), rational(value));
                    }
                    Side::Between(low, high) => {
                        entry.insert(
                            format!("{name}_between"),
                            json!([rational(low), rational(high)]),
                        );
                    }
                }
            }
            if let Some(undecided) = &extremes.undecided {
                entry.insert("undecided".into(), undecided.clone().into());
            }
            Value::Object(entry)
        }
    }
}
