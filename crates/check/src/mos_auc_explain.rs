//! Explaining an inconsistent mean-of-scores AUC: the exact range of the mean AUC over the operating points that fit the other scores.
//!
//! The mean of the least achievable AUC values, Σ w·2·tp·tn/(2pn), lies on the grid
//! (1/scale)·ℤ of the model, so its least value over the operating points that fit the
//! other scores is found by bisection on that grid, each probe one search of
//! `scorecheck_experiment::search_auc` with the window open below (the largest likewise, open above). A
//! probe that is not decided exactly (or the explanation's budget) ends the bisection with
//! the bound proven so far, and the sentence says so.

use num_rational::BigRational;
use num_traits::ToPrimitive;
use serde_json::{json, Map, Value};

use crate::dispatch::{Request, RunOptions};
use crate::figures::MeanAuc;
use crate::input;
use crate::mos::Experiment;
use crate::Result;
use scorecheck_experiment::{auc_extreme, AucEffort, AucModel};

/// The explanation of an inconsistent AUC: the range of the mean AUC over the operating
/// points that fit the other scores, in a sentence.
pub(crate) fn explain(
    model: &AucModel,
    experiment: &Experiment,
    auc: &MeanAuc,
    start: &[i64],
    request: &Request<'_>,
    options: &RunOptions,
) -> Result<Value> {
    let mut effort = AucEffort::default();
    let solver = crate::backend::solver(options)?;
    let limits = crate::backend::limits(options);
    let (least, least_exact) =
        auc_extreme(model, start, false, solver.as_ref(), &limits, &mut effort);
    let (most, most_exact) = auc_extreme(model, start, true, solver.as_ref(), &limits, &mut effort);
    let check = request
        .fields
        .get("check")
        .and_then(crate::json::Json::as_str)
        .map(|c| c.strip_prefix("check_").unwrap_or(c))
        .unwrap_or_default();
    let four = |x: &BigRational, up: bool| {
        let t = BigRational::from_integer(10_000.into());
        let r = if up {
            (x * &t).ceil()
        } else {
            (x * &t).floor()
        } / t;
        format!("{:.4}", r.to_f64().unwrap_or(f64::NAN))
    };
    let bounds = bound_fields(experiment, check);
    let mut parts = Vec::new();
    if !auc.others.is_empty() {
        let named: Vec<String> = auc
            .others
            .iter()
            .map(|(s, v)| format!("{s} {}", input::show(v)))
            .collect();
        parts.push(format!("the reported {}", crate::render::and_list(&named)));
    }
    if !bounds.is_empty() {
        parts.push(format!("the bounds {}", crate::render::and_list(&bounds)));
    }
    let given = if parts.is_empty() {
        "whatever the operating points".to_string()
    } else {
        format!(
            "at fold operating points that fit {}",
            crate::render::and_list(&parts)
        )
    };
    let range = match (least_exact, most_exact) {
        (true, true) => format!("[{}, {}]", four(&least, false), four(&most, true)),
        _ => format!(
            "[{}, {}] (bounds proven before a search ran out of budget)",
            four(&least, false),
            four(&most, true)
        ),
    };
    let within = auc.auc.upper >= least && auc.auc.lower <= most;
    let mut message = format!(
        "the mean AUC {} can only lie in {range} {given}; reported {}",
        averaged(experiment, check),
        input::show(&auc.auc.value)
    );
    if within {
        message.push_str(&format!(
            ", and no choice of achievable AUC values at such operating points averages into [{}, {}]",
            input::show(&auc.auc.lower),
            input::show(&auc.auc.upper)
        ));
    }
    let mut scores = vec![auc.auc.key.clone()];
    scores.extend(auc.others.iter().map(|(s, _)| s.abbreviation().to_string()));
    let mut range_json = Map::new();
    range_json.insert(
        if least_exact { "min" } else { "min_at_least" }.into(),
        crate::render::rational(&least),
    );
    range_json.insert(
        if most_exact { "max" } else { "max_at_most" }.into(),
        crate::render::rational(&most),
    );
    Ok(json!({
        "scores": scores,
        "bounds": bounds,
        "minimal": false,
        "message": message,
        "auc_range": Value::Object(range_json),
        "auc_range_search": {"boxes": effort.boxes, "solves": effort.solves},
    }))
}

/// The request fields of every bound of the experiment.
fn bound_fields(experiment: &Experiment, check: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut push = |field: String| {
        if !out.contains(&field) {
            out.push(field);
        }
    };
    for (d, dataset) in experiment.datasets.iter().enumerate() {
        let field = if check == "n_testsets_mos_no_kfold" {
            "testset_score_bounds"
        } else {
            "dataset_score_bounds"
        };
        for b in &dataset.bounds {
            push(input::join(field, b.score.abbreviation()));
        }
        for b in dataset.folds.iter().flat_map(|f| &f.bounds) {
            push(if check == "n_datasets_mos_known_folds_mos" {
                format!(
                    "evaluations[{d}].fold_score_bounds.{}",
                    b.score.abbreviation()
                )
            } else {
                input::join("fold_score_bounds", b.score.abbreviation())
            });
        }
    }
    out
}

/// How the protocol averages, for sentences.
fn averaged(experiment: &Experiment, check: &str) -> String {
    let m = experiment.datasets.len();
    let k = experiment.datasets.first().map_or(0, |d| d.folds.len());
    match check {
        "1_dataset_known_folds_mos" => format!("over the {k} folds"),
        "n_testsets_mos_no_kfold" => format!("over the {m} testsets"),
        _ => format!("over the {m} datasets of the means over their folds"),
    }
}
