//! The reported AUC in the mean-of-scores protocols: the mean of per-fold AUCs, decided exactly by spatial branch and bound over McCormick relaxations.
//!
//! Each fold f (p positives, n negatives, weight w in the mean) is scored and cut at one
//! threshold, its operating point (tp, tn). Counting ties ½, its AUC can be exactly
//! k/(2pn) for every integer k with 2·tp·tn ≤ k ≤ 2·(p·n − fn·fp) (see [`crate::auc`]).
//! The reported AUC is Σ w·k/(2pn) over the folds, so the figures are consistent iff some
//! integers (tp, tn, k) per fold satisfy the integer program of the other scores, the
//! AUC row L ≤ Σ w·k/(2pn) ≤ U, and the two bilinear inequalities per fold.
//!
//! The bilinear inequalities are replaced, on a box [a, b] × [c, d] of (tp, tn), by
//! McCormick's under-estimators of tp·tn and of fn·fp (linear, exact integer rows); every
//! true solution in the box satisfies them, so an "infeasible" of the relaxation (with the
//! backend's certainty) refutes the box. A solution of the relaxation is checked exactly:
//! if its k violate the true bounds, the k are chosen again for its operating points
//! (greedily, which is exact when the window is at least one grid step wide; otherwise by
//! one more integer program with the operating points fixed), and if that fails the box of
//! the fold with the largest violation is split at the candidate, which lies strictly
//! inside it (on a box's edge both envelopes are exact). Boxes shrink at every split, so the
//! search ends; the request's deadline and node budget (also the number of boxes) bound it,
//! and "undecided" says so. A "consistent" carries the operating points and the k, re-checked
//! with exact rationals.

use scorecheck_clock::Instant;

use scorecheck_experiment::{
    boxes, search_auc, AucEffort, AucError, AucFound, AucModel, AucSolution, AucWindow,
};
use scorecheck_feasibility::Verdict;
use serde_json::{json, Value};

use crate::dispatch::{Request, RunOptions};
use crate::figures::ReportedAuc;
use crate::input::{self};
use crate::mos::Experiment;
use crate::{Error, ErrorKind, Result};
use scorecheck_request::mean_of_scores::MeanOfScoresRequest;

/// The engine's error, at the AUC's field.
fn auc_error(key: &str, e: AucError) -> Error {
    match e.kind() {
        scorecheck_experiment::AucErrorKind::Build(e) => crate::mos::build_error(e.clone()),
        _ => Error::new(
            ErrorKind::Contradiction,
            Some(&input::join("scores", key)),
            e.to_string(),
        ),
    }
}

/// Options whose deadline is `deadline` (the request's, or the default time limit from
/// now).
pub(crate) fn with_deadline(options: &RunOptions, deadline: Instant) -> RunOptions {
    RunOptions {
        deadline: Some(deadline),
        progress: None,
        ..options.clone()
    }
}

/// Decides a mean-of-scores request with a reported AUC and renders it.
pub(crate) fn finish_with_auc(
    read: &MeanOfScoresRequest,
    auc: &ReportedAuc,
    request: &Request<'_>,
) -> Result<Value> {
    crate::dispatch::all_fields_read(request)?;
    let MeanOfScoresRequest {
        experiment,
        ignored,
        ranges: targets,
        ..
    } = read;
    let model = AucModel::new(experiment).map_err(|e| auc_error(&auc.key, e))?;
    let started = Instant::now();
    let deadline = request.options.deadline.unwrap_or_else(|| {
        started
            + request
                .options
                .time_limit
                .unwrap_or(crate::backend::DEFAULT_TIME_LIMIT)
    });
    let options = with_deadline(&request.options, deadline);
    // The other scores first: when they alone are inconsistent, the AUC plays no part
    // and the explanation is the usual one.
    let base = crate::backend::solve(model.base(), &options)?;
    let base_point = match base {
        Verdict::Feasible { witness } => witness,
        verdict => {
            let mut result = crate::mos::render(experiment, &verdict, ignored, request);
            if verdict.is_infeasible() {
                crate::mos::explain(&mut result, read, request, started.elapsed());
            }
            annotate(
                &mut result,
                experiment,
                &model,
                auc,
                None,
                AucEffort::default(),
            );
            return Ok(result);
        }
    };
    let window = AucWindow::new(Some(auc.lower.clone()), Some(auc.upper.clone()));
    let mut effort = AucEffort::default();
    effort.solves = 1;
    let solver = crate::backend::solver(&options)?;
    let found = search_auc(
        &model,
        &window,
        solver.as_ref(),
        &crate::backend::limits(&options),
        &mut effort,
    );
    let verdict = match &found {
        AucFound::Solution(s) => Verdict::Feasible {
            witness: s.point.clone(),
        },
        AucFound::Infeasible(certainty) => Verdict::Infeasible {
            certainty: *certainty,
            reason: format!(
                "no operating points of the folds that fit the other scores have achievable AUC values whose mean lies in [{}, {}] (spatial branch and bound: {}, each relaxation solved by the backend)",
                input::show(&auc.lower),
                input::show(&auc.upper),
                boxes(effort.boxes)
            ),
        },
        AucFound::Undecided(reason) => Verdict::Undecided {
            reason: reason.clone(),
        },
        other => Verdict::Undecided {
            reason: format!("the AUC search ended in a way this version does not know: {other:?}"),
        },
    };
    let decision = started.elapsed();
    let mut result = crate::mos::render(experiment, &verdict, ignored, request);
    if let Value::Object(map) = &mut result {
        // The AUC is checked, so the note about bounds alone does not apply.
        if experiment.windows.is_empty() {
            map.remove("note");
        }
    }
    let solution = match &found {
        AucFound::Solution(s) => Some(s),
        _ => None,
    };
    annotate(&mut result, experiment, &model, auc, solution, effort);
    if let (Some(targets), Some(solution)) = (targets, solution) {
        result["ranges"] = crate::mos_ranges::compute_with_auc(
            experiment,
            &model,
            &window,
            solution,
            targets,
            // The ranges' own time (the decision's default limit does not carry over).
            &request.options,
        )?;
    }
    if matches!(found, AucFound::Infeasible(_)) {
        let own = Instant::now() + (decision * 10).max(crate::single::EXPLAIN_MIN_BUDGET);
        let explain_options = with_deadline(&request.options, deadline.min(own));
        let explanation =
            crate::mos_auc_explain::explain(&model, read, auc, &base_point, &explain_options)?;
        if let Some(Value::Object(e)) = result.get_mut("explanation") {
            if let Some(reason) = e.remove("message") {
                e.insert("reason".into(), reason);
            }
            if let Value::Object(found) = explanation {
                e.extend(found);
            }
        }
    }
    Ok(result)
}

/// Adds the AUC to a rendered result: its window, how much the search did, and at the
/// witness each fold's k, AUC and achievable range, each dataset's mean and the mean.
fn annotate(
    result: &mut Value,
    experiment: &Experiment,
    model: &AucModel,
    auc: &ReportedAuc,
    solution: Option<&AucSolution>,
    effort: AucEffort,
) {
    let Value::Object(map) = result else {
        return;
    };
    map.insert(
        "auc_window".into(),
        json!([auc.lower.to_string(), auc.upper.to_string()]),
    );
    map.insert(
        "auc_search".into(),
        json!({"boxes": effort.boxes, "solves": effort.solves}),
    );
    let Some(solution) = solution else {
        return;
    };
    let Some(Value::Object(witness)) = map.get_mut("witness") else {
        return;
    };
    let aucs = model.witness(experiment, solution);
    let mut index = 0usize;
    if let Some(Value::Array(datasets)) = witness.get_mut("datasets") {
        for (mean, rendered) in aucs.dataset_means.iter().zip(datasets.iter_mut()) {
            if let Some(Value::Array(folds)) = rendered.get_mut("folds") {
                for (fold, auc) in folds.iter_mut().zip(&aucs.folds[index..]) {
                    index += 1;
                    if let Some(Value::Object(scores)) = fold.get_mut("scores") {
                        scores.insert("auc".into(), crate::render::rational(&auc.value));
                    }
                    if let Value::Object(fold) = fold {
                        fold.insert(
                            "auc".into(),
                            json!({"k": auc.k, "two_pn": auc.two_pn,
                                "min": crate::render::rational(&auc.min),
                                "max": crate::render::rational(&auc.max)}),
                        );
                    }
                }
            }
            if let Some(Value::Object(scores)) = rendered.get_mut("scores") {
                scores.insert("auc".into(), crate::render::rational(mean));
            }
        }
    }
    if let Some(Value::Object(scores)) = witness.get_mut("scores") {
        scores.insert("auc".into(), crate::render::rational(&aucs.mean));
    }
}
