//! Which class splits fit: `1_testset_no_kfold` with `testset: {"total": N}` (or a dataset with `"split": "unknown"`) read, tried by `scorecheck_single::splits`, and rendered.
//!
//! The request becomes a `scorecheck_single::SplitProblem`; the engine tries every split
//! (interval pruning of whole ranges of p, the exact engine at every p that survives; see
//! that module), and its typed `Splits` become the result.

use serde_json::{json, Value};

use crate::dispatch::Request;
use crate::figures::Figures;
use crate::input;
use crate::render::{self, count as count_json};
use crate::single;
use crate::Result;
use scorecheck_feasibility::Conclusion;
use scorecheck_request::single_matrix::{self, SplitsRequest};

/// `1_testset_no_kfold` with a testset of known size and unknown class split.
pub(crate) fn testset_total(request: &Request<'_>) -> Result<Value> {
    let SplitsRequest {
        total,
        max_setups,
        figures: Figures { reported, windows },
        ..
    } = single_matrix::read_splits(&request.fields)?;
    let engine = crate::backend::single_options(&request.options);
    let problem = single::SplitProblem::new(total, windows).with_params(reported.params);
    let found = single::splits(&problem, max_setups as usize, &engine);
    Ok(render(total, &problem.windows, &found))
}

/// The JSON result of a search over splits.
fn render(total: u64, windows: &[single::Window], found: &single::Splits) -> Value {
    let all = u128::from(total) + 1;
    let complete = found.is_complete();
    let decision = match found.consistent() {
        Some(true) => Conclusion::Consistent,
        // Every split refuted exactly.
        Some(false) => render::INCONSISTENT,
        None => Conclusion::Undecided,
    };
    let inconsistent = matches!(decision, Conclusion::Inconsistent { .. });
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
    let mut out = json!({
        "total": total,
        "n_setups": if complete { count_json(found.n_fitting) } else { Value::Null },
        "setups": setups,
        "windows": crate::render::windows(windows),
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
    if let Value::Object(map) = &mut out {
        crate::render::verdict(map, decision);
    }
    if inconsistent {
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
