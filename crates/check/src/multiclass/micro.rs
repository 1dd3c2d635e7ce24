//! Micro-averaged multiclass requests: the engine's exact search over the trace of the
//! confusion matrix (score of means), or its mean-of-scores program over known folds.

use scorecheck_algebra::Params;
use scorecheck_feasibility::Verdict;
use scorecheck_multiclass::{
    at, matrix_with_trace, mean_of_scores_program, pooled_binary, search_trace,
    witness_matrices_fit, MicroError, Trace,
};
use serde_json::{json, Map, Value};

use super::{counts_json, Model, MulticlassRequest, Setup};
use crate::dispatch::Request;
use crate::figures::{Figures, MeanFigures};
use crate::mos;
use crate::render;
use crate::single;
use crate::{Error, ErrorKind, Result};
use scorecheck_feasibility::Conclusion;

/// The engine's error, at `path`.
fn micro_error(e: MicroError, path: &str) -> Error {
    match e {
        MicroError::Build(e) => crate::mos::build_error(e),
        other => Error::new(ErrorKind::InvalidValue, Some(path), other.to_string()),
    }
}

/// Score of means, micro (`1_testset_no_kfold_micro`, `1_dataset_known_folds_som_micro`).
pub(crate) fn score_of_means(request: &Request<'_>, read: &MulticlassRequest) -> Result<Value> {
    let (setup, model) = (&read.setup, read.model);
    let Figures { reported, windows } = read.figures.clone();
    let pooled = setup.pooled()?;
    let total: u64 = pooled.iter().sum();
    let k = setup.classes.labels.len() as u64;
    let (p, n) =
        pooled_binary(total, k).ok_or_else(|| micro_error(MicroError::TooLarge, "testset"))?;
    if model == Model::OneVsRest {
        let problem = single::Problem::new(p, n, windows).with_params(reported.params.clone());
        let outcome = single::check(&problem, &crate::backend::single_options(&request.options));
        let mut out = crate::binary_som::render(&problem, &reported, &outcome);
        if let Value::Object(map) = &mut out {
            map.insert("model".into(), model.as_str().into());
            map.insert("backend".into(), "single_matrix".into());
            map.insert("ignored_scores".into(), json!([]));
        }
        return Ok(out);
    }
    let mut out = Map::new();
    match search_trace(total, k, &windows, &reported.params) {
        Trace::Found(trace) => {
            render::verdict(&mut out, Conclusion::Consistent);
            out.insert(
                "witness".into(),
                witness(setup, trace, total, k, &windows, &reported.params),
            );
        }
        Trace::None { message, scores } => {
            render::verdict(&mut out, render::INCONSISTENT);
            out.insert("explanation".into(), json!({"message": message, "scores": scores.iter().map(|s| s.abbreviation()).collect::<Vec<_>>()}));
        }
        other => {
            let reason = match other {
                Trace::Undecided(reason) => reason,
                other => {
                    format!("the trace search ended in a way this version does not know: {other:?}")
                }
            };
            render::verdict(&mut out, Conclusion::Undecided);
            out.insert("undecided".into(), json!({"reason": reason}));
        }
    }
    out.insert("model".into(), model.as_str().into());
    out.insert("backend".into(), "trace_search".into());
    out.insert("ignored_scores".into(), json!([]));
    out.insert("p".into(), p.into());
    out.insert("n".into(), n.into());
    Ok(Value::Object(out))
}

/// The witness of a trace: the pooled binary matrix, its scores, and one K×K matrix per fold.
fn witness(
    setup: &Setup,
    trace: u64,
    total: u64,
    k: u64,
    windows: &[single::Window],
    params: &Params,
) -> Value {
    let mut scores = Map::new();
    for w in windows {
        if let Some(v) = at(w.score, trace, total, k, params) {
            scores.insert(w.score.abbreviation().into(), crate::render::exact(&v));
        }
    }
    let mut left = trace;
    let with_matrices = witness_matrices_fit(&setup.folds);
    let folds: Vec<Value> = setup
        .folds
        .iter()
        .map(|counts| {
            let size: u64 = counts.iter().sum();
            let t = size.min(left);
            left -= t;
            if with_matrices {
                json!({"counts": counts_json(&setup.classes.labels, counts), "matrix": matrix_with_trace(counts, t)})
            } else {
                json!({"counts": counts_json(&setup.classes.labels, counts), "trace": t, "matrix": Value::Null})
            }
        })
        .collect();
    let tn = total.saturating_mul(k - 2).saturating_add(trace);
    json!({"trace": trace, "tp": trace, "tn": tn, "fp": total - trace, "fn": total - trace, "scores": scores, "folds": folds})
}

/// Mean of scores, micro (`1_dataset_known_folds_mos_micro`): one (tp, tn) per fold, tied by
/// tn − tp = (K−2)·T_f in the exact model, as an integer program.
pub(crate) fn mean_of_scores(request: &Request<'_>, read: &MulticlassRequest) -> Result<Value> {
    let (setup, model) = (&read.setup, read.model);
    let MeanFigures {
        windows, ignored, ..
    } = MeanFigures::of(read.figures.clone(), None);
    let (experiment, problem) =
        mean_of_scores_program(&setup.folds, &read.fold_bounds, windows, model)
            .map_err(|e| micro_error(e, "folding"))?;
    crate::dispatch::all_fields_read(request)?;
    let verdict = match mos::nothing_checkable(experiment.is_constrained(), &ignored) {
        Some(reason) => Verdict::Undecided { reason },
        // Every micro score is a function of the fold's trace, and each reported mean a
        // multiple of Σ_f t_f/T_f: decided exactly without branch and bound where it applies.
        None => crate::backend::solve_parallel_rows_first(&problem, &request.options)?,
    };
    let matrices = match (&verdict, model) {
        (Verdict::Feasible { witness }, Model::Exact) if witness_matrices_fit(&setup.folds) => Some(
            setup
                .folds
                .iter()
                .enumerate()
                .map(|(f, counts)| {
                    let trace = witness.get(2 * f).copied().unwrap_or(0).max(0) as u64;
                    json!({"counts": counts_json(&setup.classes.labels, counts), "matrix": matrix_with_trace(counts, trace)})
                })
                .collect::<Vec<_>>(),
        ),
        _ => None,
    };
    let mut out = mos::render(&experiment, &verdict, &ignored, request);
    if let Value::Object(map) = &mut out {
        map.insert("model".into(), model.as_str().into());
        if let Some(m) = matrices {
            map.insert("matrices".into(), Value::Array(m));
        }
    }
    Ok(out)
}
