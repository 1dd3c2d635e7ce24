//! Micro-averaged multiclass requests: the engine's exact search over the trace of the
//! confusion matrix (score of means), or its mean-of-scores program over known folds.

use scorecheck_algebra::{Params, Score};
use scorecheck_feasibility::{Certainty, Conclusion, Verdict};
use scorecheck_multiclass::{
    at, matrix_with_trace, mean_of_scores_program, pooled_binary, search_trace,
    witness_matrices_fit, MicroError, MicroErrorKind, Model, Trace,
};

use super::outcome::{
    FoldMatrix, MulticlassDecision, MulticlassOutcome, TraceAnswer, TraceWitness,
};
use crate::classes::{MulticlassRequest, Setup};
use crate::figures::{Figures, MeanFigures};
use crate::options::RunOptions;
use crate::program::{self, ExperimentAnswer};
use crate::single;
use crate::{Error, Result};

/// The engine's error, at `path`.
fn micro_error(e: MicroError, path: &str) -> Error {
    match e.kind() {
        MicroErrorKind::Build(e) => program::build_error(e.clone()),
        _ => Error::invalid(path, e.to_string()),
    }
}

/// Score of means, micro (`1_testset_no_kfold_micro`, `1_dataset_known_folds_som_micro`).
pub(super) fn score_of_means(
    read: &MulticlassRequest,
    options: &RunOptions,
) -> Result<MulticlassOutcome> {
    let (setup, model) = (&read.setup, read.model);
    let Figures {
        reported, windows, ..
    } = read.figures.clone();
    let pooled = setup.pooled()?;
    let total: u64 = pooled.iter().sum();
    let k = setup.classes.labels.len() as u64;
    let (p, n) = pooled_binary(total, k)
        .ok_or_else(|| micro_error(MicroErrorKind::TooLarge.into(), "testset"))?;
    let outcome = |conclusion, backend: &str, decision| MulticlassOutcome {
        conclusion,
        model,
        labels: setup.classes.labels.clone(),
        backend: backend.to_string(),
        ignored_scores: Vec::new(),
        decision,
        unstated_order: None,
    };
    if model == Model::OneVsRest {
        let problem = single::Problem::new(p, n, windows).with_params(reported.params.clone());
        let found = single::check(&problem, &crate::backend::single_options(options));
        let conclusion = match found.verdict {
            single::Verdict::Consistent => Conclusion::Consistent,
            single::Verdict::Inconsistent => Conclusion::Inconsistent {
                certainty: Certainty::Exact,
            },
            // Undecided, and any verdict this facade does not know, conclude nothing.
            _ => Conclusion::Undecided,
        };
        let decision = MulticlassDecision::SingleMatrix {
            problem,
            reported,
            outcome: Box::new(found),
        };
        return Ok(outcome(conclusion, "single_matrix", decision));
    }
    let (conclusion, answer) = match search_trace(total, k, &windows, &reported.params) {
        Trace::Found(trace) => (
            Conclusion::Consistent,
            TraceAnswer::Found(witness(setup, trace, total, k, &windows, &reported.params)),
        ),
        Trace::None { message, scores } => (
            Conclusion::Inconsistent {
                certainty: Certainty::Exact,
            },
            TraceAnswer::None { message, scores },
        ),
        other => {
            let reason = match other {
                Trace::Undecided(reason) => reason,
                other => {
                    format!("the trace search ended in a way this version does not know: {other:?}")
                }
            };
            (Conclusion::Undecided, TraceAnswer::Undecided { reason })
        }
    };
    let decision = MulticlassDecision::Trace { p, n, answer };
    Ok(outcome(conclusion, "trace_search", decision))
}

/// The witness of a trace: the pooled binary matrix, its scores, and one K×K matrix per fold.
fn witness(
    setup: &Setup,
    trace: u64,
    total: u64,
    k: u64,
    windows: &[single::Window],
    params: &Params,
) -> TraceWitness {
    let scores = windows
        .iter()
        .filter_map(|w| Some((w.score, at(w.score, trace, total, k, params)?)))
        .collect();
    let mut left = trace;
    let with_matrices = witness_matrices_fit(&setup.folds);
    // Each fold's counts and share of the trace are listed up to MAX_WITNESS_CELLS
    // fold-class counts (10,000 folds of 1,000 classes rendered took gigabytes): beyond, the
    // pooled trace stands alone.
    let k_classes = setup.folds.first().map_or(0, Vec::len) as u64;
    let listed = k_classes.saturating_mul(setup.folds.len() as u64)
        <= scorecheck_multiclass::MAX_WITNESS_CELLS;
    let folds = setup
        .folds
        .iter()
        .take(if listed { usize::MAX } else { 0 })
        .map(|counts| {
            let size: u64 = counts.iter().sum();
            let t = size.min(left);
            left -= t;
            FoldMatrix {
                counts: counts.clone(),
                matrix: with_matrices.then(|| matrix_with_trace(counts, t)),
                trace: (!with_matrices).then_some(t),
            }
        })
        .collect();
    TraceWitness {
        trace,
        tn: total.saturating_mul(k - 2).saturating_add(trace),
        errors: total - trace,
        scores,
        folds,
    }
}

/// The linear score a micro-averaged score equals fold by fold under the exact K×K model.
///
/// A fold of T items pooled over its K classes is the binary matrix tp = t (the trace),
/// fp = fn = T − t, tn = (K−2)·T + t. So ppv, f1p, every f-beta and fm equal sens (t/T);
/// npv, f1n and fbn equal spec (((K−2)·T + t)/((K−1)·T)); fdr equals fnr, for equals fpr;
/// and mk, mcc and kappa equal bm ((K·t − T)/((K−1)·T)). Their means over the folds are
/// then linear in the traces and checked exactly as those scores' means.
fn linear_equal(score: Score) -> Option<Score> {
    Some(match score {
        Score::Ppv | Score::F1p | Score::Fbp | Score::Fm => Score::Sens,
        Score::Npv | Score::F1n | Score::Fbn => Score::Spec,
        Score::Fdr => Score::Fnr,
        Score::For => Score::Fpr,
        Score::Mk | Score::Mcc | Score::Kappa => Score::Bm,
        _ => return None,
    })
}

/// Mean of scores, micro (`1_dataset_known_folds_mos_micro`): one (tp, tn) per fold, tied by
/// tn − tp = (K−2)·T_f in the exact model, as an integer program.
pub(super) fn mean_of_scores(
    read: &MulticlassRequest,
    options: &RunOptions,
) -> Result<MulticlassOutcome> {
    let (setup, model) = (&read.setup, read.model);
    let mut figures = read.figures.clone();
    // The scores the witness shows: the reported ones, under their own names.
    let shown = program::shown(
        figures
            .windows
            .iter()
            .map(|w| w.score)
            .chain(read.fold_bounds.iter().map(|b| b.score)),
    );
    if model == Model::Exact {
        for window in &mut figures.windows {
            window.score = linear_equal(window.score).unwrap_or(window.score);
        }
    }
    let MeanFigures {
        windows,
        ignored,
        out_of_range,
        ..
    } = MeanFigures::of(figures, None);
    let (experiment, problem) =
        mean_of_scores_program(&setup.folds, &read.fold_bounds, windows, model)
            .map_err(|e| micro_error(e, "folding"))?;
    let settled = program::settled(experiment.is_constrained(), &ignored, out_of_range.as_ref());
    let verdict = match settled {
        Some(verdict) => verdict,
        // Every micro score is a function of the fold's trace, and each reported mean a
        // multiple of Σ_f t_f/T_f: decided exactly without branch and bound where it applies.
        None => crate::backend::solve_parallel_rows_first(&problem, options)?,
    };
    let matrices = match (&verdict, model) {
        (Verdict::Feasible { witness }, Model::Exact) if witness_matrices_fit(&setup.folds) => {
            Some(
                setup
                    .folds
                    .iter()
                    .enumerate()
                    .map(|(f, counts)| {
                        let trace = witness.get(2 * f).copied().unwrap_or(0).max(0) as u64;
                        FoldMatrix {
                            counts: counts.clone(),
                            matrix: Some(matrix_with_trace(counts, trace)),
                            trace: None,
                        }
                    })
                    .collect(),
            )
        }
        _ => None,
    };
    let evaluated: Vec<Score> = shown
        .iter()
        .map(|&score| match model {
            Model::Exact => linear_equal(score).unwrap_or(score),
            _ => score,
        })
        .collect();
    let mut answer = ExperimentAnswer::showing(&experiment, &verdict, &shown, &evaluated);
    // The program's reason is in its own terms (rows, variables): said in the request's.
    if let crate::program::ProgramAnswer::Infeasible { explanation } = &mut answer.answer {
        let within = if read.fold_bounds.is_empty() {
            ""
        } else {
            " within the fold bounds"
        };
        *explanation = if model == Model::Exact {
            format!(
                "no K×K confusion matrices per fold with these class counts give the reported micro averages{within}: every micro average of a fold is a function of its trace (the items classified correctly), and the exact integer program on the traces has no solution ({explanation})"
            )
        } else {
            format!(
                "no one-vs-rest counts per fold and class give the reported micro averages{within}: the exact integer program has no solution ({explanation})"
            )
        };
    }
    Ok(MulticlassOutcome {
        conclusion: answer.conclusion,
        model,
        labels: setup.classes.labels.clone(),
        backend: options.backend_name().to_string(),
        ignored_scores: ignored,
        decision: MulticlassDecision::Program { answer, matrices },
        unstated_order: None,
    })
}
