//! The JSON results of the single-matrix family: one matrix, its AUC, ranges and repairs,
//! and the search over splits.

use serde_json::{json, Map, Value};

use super::shapes::{count, exact, object, rational, verdict, windows};
use crate::single;
use crate::single_matrix::{RepairOutcome, ScoreRange, SingleMatrixOutcome, SplitsOutcome};

/// The result of a single-matrix check.
pub(crate) fn single_matrix(outcome: &SingleMatrixOutcome) -> Map<String, Value> {
    let SingleMatrixOutcome {
        conclusion,
        problem,
        engine,
        scores_at_witness,
        auc,
        ranges,
        repair,
        ..
    } = outcome;
    let witnesses: Vec<Value> = engine
        .witnesses
        .iter()
        .map(|(tp, tn)| json!({"tp": tp, "tn": tn}))
        .collect();
    let mut scores_at_witness = scores_at_witness.as_ref().map(|scores| {
        scores
            .iter()
            .map(|(score, value)| (score.abbreviation().to_string(), exact(value)))
            .collect::<Map<String, Value>>()
    });
    let mut shown_windows = windows(&problem.windows);
    let mut explanation = engine.explanation.as_ref().map(|e| {
        let scores: Vec<Value> = e.scores.iter().map(|s| s.abbreviation().into()).collect();
        (scores, e.sentence.clone())
    });
    if let Some(auc) = auc {
        // The AUC under its own name: its window, the values attainable at the witness,
        // and "auc" for the two internal windows in an explanation.
        shown_windows.retain(|key, _| key != "sens_times_spec" && key != "fnr_times_fpr");
        shown_windows.insert(
            "auc".into(),
            json!([auc.lower.to_string(), auc.upper.to_string()]),
        );
        if let (Some((lo, hi)), Some(scores)) = (&auc.at_witness, scores_at_witness.as_mut()) {
            scores.insert(
                "auc".into(),
                json!({"min": rational(lo), "max": rational(hi)}),
            );
        }
        if let Some((scores, _)) = explanation.as_mut() {
            let mut named: Vec<Value> = Vec::new();
            for s in scores.iter() {
                let name = match s.as_str() {
                    Some("sens_times_spec" | "fnr_times_fpr") => Value::from("auc"),
                    _ => s.clone(),
                };
                if !named.contains(&name) {
                    named.push(name);
                }
            }
            if named.is_empty() {
                named.push(Value::from("auc"));
            }
            *scores = named;
        }
    }
    let mut out = object(json!({
        "p": problem.p,
        "n": problem.n,
        "n_valid_tptn_pairs": engine.n_valid_tptn_pairs.map(count),
        "witness": witnesses.first(),
        "witnesses": witnesses,
        "scores_at_witness": scores_at_witness,
        "windows": shown_windows,
        "explanation": explanation.map(|(scores, message)| json!({"scores": scores, "message": message})),
    }));
    verdict(&mut out, *conclusion);
    if engine.n_valid_tptn_pairs.is_none() {
        out.insert(
            "n_valid_tptn_pairs_lower_bound".into(),
            count(engine.count_lower_bound),
        );
    }
    if let single::Verdict::Undecided { reason, covered } = &engine.verdict {
        out.insert(
            "undecided".into(),
            json!({"reason": reason.to_string(), "covered": covered.to_string()}),
        );
    }
    if let Some(ranges) = ranges {
        out.insert("ranges".into(), score_ranges(ranges));
    }
    if let Some(repair) = repair {
        out.insert("repair".into(), repairs(repair));
    }
    out
}

/// `{key: range}` of the ranges asked for.
fn score_ranges(ranges: &[ScoreRange]) -> Value {
    Value::Object(
        ranges
            .iter()
            .map(|r| (r.key.clone(), range(&r.outcome)))
            .collect(),
    )
}

/// One range outcome: `min`, `max`, `argmin`, `argmax`, or `{"undecided": reason}`, or null
/// when the score is undefined on every consistent matrix.
pub(crate) fn range(outcome: &single::RangeOutcome) -> Value {
    match outcome {
        single::RangeOutcome::Range {
            min,
            argmin,
            max,
            argmax,
        } => json!({
            "min": exact(min),
            "max": exact(max),
            "argmin": {"tp": argmin.0, "tn": argmin.1},
            "argmax": {"tp": argmax.0, "tn": argmax.1},
        }),
        single::RangeOutcome::Undecided(reason) => json!({ "undecided": reason.to_string() }),
        // Undefined on every consistent matrix, or an outcome added later.
        _ => Value::Null,
    }
}

/// The `repair` object: the first repair, how many there are and the alternatives.
fn repairs(found: &RepairOutcome) -> Value {
    let one = |repair: &crate::single_matrix::FigureRepair| -> Map<String, Value> {
        let needed: Map<String, Value> = repair
            .needed
            .iter()
            .map(|(key, needed)| {
                let entry = match range(needed) {
                    Value::Object(mut map) => {
                        map.remove("argmin");
                        map.remove("argmax");
                        Value::Object(map)
                    }
                    other => other,
                };
                (key.clone(), entry)
            })
            .collect();
        object(json!({
            "change": repair.change,
            "keep": repair.keep,
            "needed": needed,
            "message": repair.message,
        }))
    };
    let Some(first) = found.repairs.first() else {
        return json!({
            "change": Value::Null,
            "message": found.none_found.clone().unwrap_or_default(),
        });
    };
    let mut out = one(first);
    out.insert("n_repairs".into(), json!(found.repairs.len()));
    out.insert("more_repairs".into(), json!(found.more));
    out.insert(
        "alternatives".into(),
        Value::Array(
            found
                .repairs
                .iter()
                .skip(1)
                .map(|r| Value::Object(one(r)))
                .collect(),
        ),
    );
    if found.undecided_subchecks > 0 {
        out.insert(
            "undecided_subchecks".into(),
            json!(found.undecided_subchecks),
        );
    }
    Value::Object(out)
}

/// The result of a search over splits.
pub(crate) fn splits(outcome: &SplitsOutcome) -> Map<String, Value> {
    let SplitsOutcome {
        conclusion,
        total,
        windows: shown,
        found,
        explanation,
        undecided,
        ..
    } = outcome;
    let total = *total;
    let complete = found.is_complete();
    let setups: Vec<Value> = found
        .setups
        .iter()
        .map(|s| {
            let mut setup = json!({
                "p": s.p,
                "n": total - s.p,
                "n_valid_tptn_pairs": s.outcome.n_valid_tptn_pairs.map(count),
                "witness": s.outcome.witnesses.first().map(|(tp, tn)| json!({"tp": tp, "tn": tn})),
            });
            if s.outcome.n_valid_tptn_pairs.is_none() {
                setup["n_valid_tptn_pairs_lower_bound"] = count(s.outcome.count_lower_bound);
            }
            setup
        })
        .collect();
    let mut out = object(json!({
        "total": total,
        "n_setups": complete.then(|| count(found.n_fitting)),
        "setups": setups,
        "windows": windows(shown),
        "search": {
            "splits": count(u128::from(total) + 1),
            "splits_pruned": count(found.n_pruned),
            "ranges_pruned": found.ranges_pruned,
            "exact_checks": found.exact_checks,
            "enclosures": found.enclosures,
        },
    }));
    if !complete {
        out.insert("n_setups_lower_bound".into(), count(found.n_fitting));
    }
    verdict(&mut out, *conclusion);
    if let Some((scores, message)) = explanation {
        out.insert(
            "explanation".into(),
            json!({
                "scores": scores.iter().map(|s| s.abbreviation()).collect::<Vec<_>>(),
                "message": message,
            }),
        );
    }
    if let Some(u) = undecided {
        out.insert(
            "undecided".into(),
            json!({"reason": u.reason, "covered": u.covered}),
        );
    }
    if let Some(first) = found.setups.first() {
        // The first fitting split, for readers of the plain single-matrix fields.
        if let Some((tp, tn)) = first.outcome.witnesses.first() {
            out.insert(
                "witness".into(),
                json!({"p": first.p, "n": total - first.p, "tp": tp, "tn": tn}),
            );
        }
    }
    out
}
