//! The single-matrix protocols: one testset, and the score-of-means protocols that pool
//! folds, testsets or datasets into one matrix.
//!
//! Score of means is scale invariant: the scores of the pooled matrix are what is reported,
//! so each protocol reduces to one (p, n) and the exact engine in [`crate::single`].

use scorecheck_algebra::ConfusionMatrix;
use serde_json::{json, Value};

use crate::dispatch::Request;
use crate::figures::Figures;
use crate::input::{self, Reported};
use crate::single;
use crate::Result;
use scorecheck_request::single_matrix::{self, SingleMatrixRequest};

/// `1_testset_no_kfold`: `testset`, `scores`, `eps`.
pub(crate) fn testset_no_kfold(request: &Request<'_>) -> Result<Value> {
    let fields = &request.fields;
    // A known size with an unknown class split: every split is tried (`setups`).
    if fields
        .get("testset")
        .is_some_and(single_matrix::asks_for_splits)
    {
        return crate::setups::testset_total(request);
    }
    decide(request, single_matrix::read_testset(fields)?)
}

/// `1_dataset_kfold_som`: `dataset`, `folding`, pooled over folds and repeats.
pub(crate) fn dataset_kfold_som(request: &Request<'_>) -> Result<Value> {
    decide(request, single_matrix::read_dataset_kfold(&request.fields)?)
}

/// `n_testsets_som_no_kfold`: `testsets`, pooled.
pub(crate) fn testsets_som_no_kfold(request: &Request<'_>) -> Result<Value> {
    decide(
        request,
        single_matrix::read_testsets_pooled(&request.fields)?,
    )
}

/// `n_datasets_som_kfold_som`: `evaluations` of `{dataset, folding}`, pooled.
pub(crate) fn datasets_som_kfold_som(request: &Request<'_>) -> Result<Value> {
    decide(
        request,
        single_matrix::read_datasets_pooled(&request.fields)?,
    )
}

/// Runs the exact engine on the pooled (p, n) and renders the result; `allow_auc` for
/// the one protocol where a reported AUC has its meaning (one test set, one threshold).
pub(crate) fn decide(request: &Request<'_>, read: SingleMatrixRequest) -> Result<Value> {
    let SingleMatrixRequest {
        p,
        n,
        figures: Figures {
            reported,
            mut windows,
        },
        auc,
        ranges: targets,
        repair: max_repairs,
        ..
    } = read;
    let mut no_auc_value = None;
    if let Some(a) = &auc {
        if p == 0 || n == 0 {
            no_auc_value = Some(format!(
                "the AUC is undefined with p={p}, n={n}: it needs both positives and negatives; reported {}",
                input::show(&a.value)
            ));
        } else {
            match single::auc_windows(&a.window(), &a.value, p, n) {
                Some(extra) => windows.extend(extra),
                None => {
                    no_auc_value = Some(format!(
                        "no AUC value k/(2pn) with p={p}, n={n} lies in [{}, {}] around the reported {}",
                        input::show(&a.lower),
                        input::show(&a.upper),
                        input::show(&a.value)
                    ))
                }
            }
        }
    }
    let problem = single::Problem::new(p, n, windows).with_params(reported.params.clone());
    let engine_options = crate::backend::single_options(&request.options);
    let mut outcome = match &no_auc_value {
        Some(sentence) => single::Outcome::inconsistent_because(sentence.clone()),
        None => single::check(&problem, &engine_options),
    };
    if let (Some(a), Some(explanation)) = (&auc, outcome.explanation.as_mut()) {
        explain_auc(explanation, a, &problem, &engine_options);
    }
    let mut out = render(&problem, &reported, &outcome);
    if let Some(a) = &auc {
        render_auc(&mut out, a, &problem, &outcome);
    }
    if let (Some(targets), single::Verdict::Consistent) = (&targets, &outcome.verdict) {
        out["ranges"] = crate::ranges::compute(&problem, auc.as_ref(), targets, &engine_options);
    }
    if let (Some(max_repairs), single::Verdict::Inconsistent) = (max_repairs, &outcome.verdict) {
        out["repair"] = crate::repair::repair(
            &problem,
            auc.as_ref(),
            no_auc_value.is_some(),
            max_repairs,
            &engine_options,
        );
    }
    Ok(out)
}

/// When an explanation's subset holds the AUC, says what the other scores of the subset
/// allow for it: "sens 0.8 and spec 0.7 with p=50, n=150 bound the AUC to [0.5600, 0.9400];
/// reported 0.97" (the range exact, shown rounded outward).
fn explain_auc(
    explanation: &mut single::Explanation,
    auc: &crate::figures::ReportedAuc,
    problem: &single::Problem,
    options: &single::Options,
) {
    if !explanation.scores.iter().any(|s| single::is_auc_window(*s)) {
        return;
    }
    let others: Vec<single::Window> = problem
        .windows
        .iter()
        .filter(|w| explanation.scores.contains(&w.score) && !single::is_auc_window(w.score))
        .cloned()
        .collect();
    if others.is_empty() {
        return;
    }
    let names: Vec<String> = others
        .iter()
        .map(|w| format!("{} {}", w.score, input::show(&w.reported)))
        .collect();
    let mut rest = problem.clone();
    rest.windows = others;
    let Some((lo, hi)) = single::auc_range(&rest, options) else {
        return;
    };
    let verb = if names.len() == 1 { "bounds" } else { "bound" };
    let list = crate::render::and_list(&names);
    explanation.sentence = format!(
        "{list} with p={}, n={} {verb} the AUC to [{}, {}]; reported {}",
        problem.p,
        problem.n,
        crate::render::four_decimals(&lo, false),
        crate::render::four_decimals(&hi, true),
        input::show(&auc.value)
    );
}

/// Shows a reported AUC under its own name: its window, the AUC values achievable at the
/// witness, and "auc" for the two internal windows in an explanation.
fn render_auc(
    out: &mut Value,
    auc: &crate::figures::ReportedAuc,
    problem: &single::Problem,
    outcome: &single::Outcome,
) {
    if let Some(Value::Object(windows)) = out.get_mut("windows") {
        windows.retain(|key, _| key != "sens_times_spec" && key != "fnr_times_fpr");
        windows.insert(
            "auc".into(),
            json!([auc.lower.to_string(), auc.upper.to_string()]),
        );
    }
    if let Some(&(tp, tn)) = outcome.witnesses.first() {
        if let Some((lo, hi)) =
            single::achievable_auc(tp, tn, problem.p, problem.n, Some(&auc.window()))
        {
            if let Some(Value::Object(scores)) = out.get_mut("scores_at_witness") {
                scores.insert("auc".into(), json!({"min": crate::render::rational(&lo), "max": crate::render::rational(&hi)}));
            }
        }
    }
    if let Some(Value::Object(explanation)) = out.get_mut("explanation") {
        if let Some(Value::Array(scores)) = explanation.get_mut("scores") {
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
}

/// The JSON result of a single-matrix check.
pub(crate) fn render(
    problem: &single::Problem,
    reported: &Reported,
    outcome: &single::Outcome,
) -> Value {
    let witnesses: Vec<Value> = outcome
        .witnesses
        .iter()
        .map(|(tp, tn)| json!({"tp": tp, "tn": tn}))
        .collect();
    let scores_at_witness = outcome.witnesses.first().and_then(|&(tp, tn)| {
        let m = ConfusionMatrix::new(tp, tn, problem.p, problem.n).ok()?;
        let mut map = serde_json::Map::new();
        for r in &reported.scores {
            let exact = m.exact(r.score, &problem.params)?;
            map.insert(
                r.score.abbreviation().to_string(),
                crate::render::exact(&exact),
            );
        }
        Some(Value::Object(map))
    });
    let mut out = json!({
        "p": problem.p,
        "n": problem.n,
        "n_valid_tptn_pairs": outcome.n_valid_tptn_pairs.map(crate::render::count),
        "witness": witnesses.first().cloned(),
        "witnesses": witnesses,
        "scores_at_witness": scores_at_witness,
        "windows": crate::render::windows(&problem.windows),
        "explanation": outcome.explanation.as_ref().map(|e| json!({
            "scores": e.scores.iter().map(|s| s.abbreviation()).collect::<Vec<_>>(),
            "message": e.sentence,
        })),
    });
    if let Value::Object(map) = &mut out {
        crate::render::verdict(map, crate::render::single_decision(&outcome.verdict));
    }
    if outcome.n_valid_tptn_pairs.is_none() {
        out["n_valid_tptn_pairs_lower_bound"] = crate::render::count(outcome.count_lower_bound);
    }
    if let single::Verdict::Undecided { reason, covered } = &outcome.verdict {
        out["undecided"] = json!({"reason": reason.to_string(), "covered": covered.to_string()});
    }
    out
}
