//! Which class splits fit: `1_testset_no_kfold` with `testset: {"total": N}` (or a dataset with `"split": "unknown"`) read, tried by `scorecheck_single::splits`, and rendered.
//!
//! The request becomes a `scorecheck_single::SplitProblem`; the engine tries every split
//! (interval pruning of whole ranges of p, the exact engine at every p that survives; see
//! that module), and its typed `Splits` become the result.

use serde_json::{json, Value};

use crate::dispatch::Request;
use crate::figures::{read_windows, Figures};
use crate::input::{self, Object};
use crate::json::Json;
use crate::render::count as count_json;
use crate::single;
use crate::{Error, ErrorKind, Result};

/// How many fitting splits are listed unless `max_setups` says otherwise.
pub const DEFAULT_MAX_SETUPS: u64 = 1_000;
/// The most fitting splits a request may ask to list.
pub const MAX_SETUPS: u64 = 1_000_000;

/// Whether a `testset` asks for every split: it gives `total`, or `split: "unknown"`.
pub(crate) fn wants_setups(testset: &Json) -> bool {
    matches!(testset, Json::Object(m) if m.contains_key("total") || m.contains_key("split"))
}

/// `1_testset_no_kfold` with a testset of known size and unknown class split.
pub(crate) fn testset_total(request: &Request<'_>) -> Result<Value> {
    let fields = &request.fields;
    let total = read_total(fields.required(
        "testset",
        "the test set, e.g. {\"total\": 300} or {\"p\": 100, \"n\": 200}",
    )?)?;
    let max_setups = match fields.get("max_setups") {
        Some(v) => input::positive(v, "max_setups", MAX_SETUPS)?,
        None => DEFAULT_MAX_SETUPS,
    };
    let Figures { reported, windows } = read_windows(fields)?;
    let engine = crate::backend::single_options(&request.options);
    let problem = single::SplitProblem {
        total,
        windows,
        params: reported.params,
    };
    let found = single::splits(&problem, max_setups as usize, &engine);
    Ok(render(total, &problem.windows, &found))
}

/// The number of test items: `{"total": N}`, or a dataset (name or counts) with
/// `"split": "unknown"`.
fn read_total(value: &Json) -> Result<u64> {
    let path = "testset";
    let object = Object::new(value, path)?;
    let split = match object.get("split") {
        None => None,
        Some(Json::String(s)) if s == "unknown" => Some(()),
        Some(_) => {
            return Err(Error::new(
                ErrorKind::InvalidValue,
                Some("testset.split"),
                "split must be \"unknown\" (every split p + n of the total is then tried); give p and n instead for a known split",
            ))
        }
    };
    if let Some(total) = object.get("total") {
        for other in ["p", "n", "dataset_name", "name", "split"] {
            if object.has(other) {
                return Err(Error::new(
                    ErrorKind::Contradiction,
                    Some("testset.total"),
                    format!("give either the total or {other:?}, not both; with \"total\" every split p + n = total is tried"),
                ));
            }
        }
        let total = input::count(total, "testset.total")?;
        if total == 0 {
            return Err(Error::new(
                ErrorKind::InvalidValue,
                Some("testset.total"),
                "the test set is empty (total = 0); give at least one item",
            ));
        }
        object.finish(&[])?;
        return Ok(total);
    }
    if split.is_none() {
        return Err(Error::new(
            ErrorKind::MissingField,
            Some("testset.total"),
            "missing the number of test items \"total\"",
        ));
    }
    // A dataset (by name or counts) whose split into this test set is unknown: its size is
    // the total. The counts are read by the usual reader, without the `split` key.
    let mut counts = value.clone();
    if let Json::Object(map) = &mut counts {
        map.remove("split");
    }
    let (p, n) = input::binary_counts(&counts, path)?;
    p.checked_add(n).ok_or_else(|| {
        Error::new(
            ErrorKind::InvalidValue,
            Some(path),
            "p + n exceeds 2^64; counts this large are not supported",
        )
    })
}

/// The JSON result of a search over splits.
fn render(total: u64, windows: &[single::Window], found: &single::Splits) -> Value {
    let all = u128::from(total) + 1;
    let complete = found.is_complete();
    let (verdict, inconsistency) = match found.consistent() {
        Some(true) => ("consistent", Value::Bool(false)),
        Some(false) => ("inconsistent", Value::Bool(true)),
        None => ("undecided", Value::Null),
    };
    let setups: Vec<Value> = found
        .setups
        .iter()
        .map(|s| {
            let mut setup = json!({
                "p": s.p,
                "n": total - s.p,
                "n_valid_tptn_pairs": s.outcome.n_valid_tptn_pairs.map(count_json),
                "witness": s.outcome.witnesses.first().map(|(tp, tn)| json!({"tp": tp, "tn": tn})),
            });
            if s.outcome.n_valid_tptn_pairs.is_none() {
                setup["n_valid_tptn_pairs_lower_bound"] = count_json(s.outcome.count_lower_bound);
            }
            setup
        })
        .collect();
    let window_map: serde_json::Map<String, Value> = windows
        .iter()
        .map(|w| {
            (
                w.score.abbreviation().to_string(),
                json!([w.lower.to_string(), w.upper.to_string()]),
            )
        })
        .collect();
    let mut out = json!({
        "inconsistency": inconsistency,
        "verdict": verdict,
        "total": total,
        "n_setups": if complete { count_json(found.n_fitting) } else { Value::Null },
        "setups": setups,
        "windows": window_map,
        "search": {
            "splits": count_json(all),
            "splits_pruned": count_json(found.n_pruned),
            "ranges_pruned": found.ranges_pruned,
            "exact_checks": found.exact_checks,
            "enclosures": found.enclosures,
        },
    });
    if !complete {
        out["n_setups_lower_bound"] = count_json(found.n_fitting);
    }
    if verdict == "inconsistent" {
        let names: Vec<String> = windows
            .iter()
            .map(|w| format!("{} {}", w.score, input::show(&w.reported)))
            .collect();
        out["explanation"] = json!({
            "scores": windows.iter().map(|w| w.score.abbreviation()).collect::<Vec<_>>(),
            "message": format!(
                "no split of the {total} test items into p positives and n = {total} − p negatives fits {}: every p from 0 to {total} was refuted ({} by interval enclosures of whole ranges, {} by exact checks)",
                crate::render::and_list(&names),
                found.n_pruned,
                found.exact_checks
            ),
        });
    }
    if !complete {
        let share = found.n_decided as f64 / all as f64 * 100.0;
        let reason = found.stopped.map(|s| s.to_string()).unwrap_or_else(|| {
            format!(
                "the exact checks of {} splits ran out of budget",
                found.n_undecided
            )
        });
        out["undecided"] = json!({
            "reason": reason,
            "covered": format!(
                "{} of {all} splits ({share:.2}%) were decided, {} of them fitting",
                found.n_decided, found.n_fitting
            ),
        });
    }
    if let Some(first) = found.setups.first() {
        // The first fitting split, for readers of the plain single-matrix fields.
        if let Some((tp, tn)) = first.outcome.witnesses.first() {
            out["witness"] = json!({"p": first.p, "n": total - first.p, "tp": tp, "tn": tn});
        }
    }
    out
}
