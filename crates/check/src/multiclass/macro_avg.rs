//! Macro-averaged multiclass requests: the engine's integer program over the K×K cells of
//! each fold (exact model) or the reference's one-vs-rest relaxation, and the witness matrices
//! with their class and macro scores, evaluated exactly and independently of the program.

use scorecheck_feasibility::Verdict;
use scorecheck_multiclass::{
    decide_exact, macro_witness, one_vs_rest, split_rows, MacroError, MacroErrorKind,
    MacroExperiment, Model,
};

use super::outcome::{FoldMatrix, MacroMatrices, MulticlassDecision, MulticlassOutcome};
use crate::classes::MulticlassRequest;
use crate::figures::MeanFigures;
use crate::options::RunOptions;
use crate::program::{self, ExperimentAnswer, ProgramAnswer};
use crate::{Error, ErrorKind, Result};

/// The engine's error, naming the request field that asked for the score: a score undefined
/// on a class is reported (`scores`), else bounded per fold (`fold_score_bounds`), else per
/// class (`class_score_bounds`).
fn macro_error(e: MacroError, ex: &MacroExperiment) -> Error {
    let kind = match e.kind() {
        MacroErrorKind::Undefined { score, .. } => {
            let has =
                |bounds: &[scorecheck_experiment::Bound]| bounds.iter().any(|b| b.score == *score);
            let (field, what) = if has(&ex.windows) {
                ("scores", "score")
            } else if has(&ex.fold_bounds) {
                ("fold_score_bounds", "bound")
            } else {
                ("class_score_bounds", "bound")
            };
            return Error::contradiction(
                &format!("{field}.{}", score.abbreviation()),
                if what == "score" {
                    e.to_string()
                } else {
                    e.to_string().replace(
                        "so its macro average cannot be formed; remove that score",
                        "so it cannot be bounded there; remove that bound",
                    )
                },
            );
        }
        MacroErrorKind::Build(e) => return program::build_error(e.clone()),
        _ => ErrorKind::InvalidValue,
    };
    Error::new(kind, Some(&e.field()), e.to_string())
}

/// The most (fold, class) pairs of the one-vs-rest model, each a binary test set of the
/// program (200,000 took 1.1 GB with the witness rendered; 100,000 about half).
const MAX_ONE_VS_REST_PAIRS: u64 = 100_000;

fn decide(
    ex: &MacroExperiment,
    (ignored, out_of_range): (Vec<String>, Option<String>),
    model: Model,
    fold_split: Option<&[Vec<u64>]>,
    options: &RunOptions,
) -> Result<MulticlassOutcome> {
    let outcome = |conclusion, decision| MulticlassOutcome {
        conclusion,
        model,
        labels: ex.labels.clone(),
        backend: options.backend_name().to_string(),
        ignored_scores: ignored.clone(),
        decision,
        unstated_order: None,
    };
    // A score no check here uses, reported where none of its values lies: no program.
    let proven = program::settled(true, &[], out_of_range.as_ref());
    if model == Model::OneVsRest {
        // Every (fold, class) pair a binary test set of its own: bounded before it is built
        // (about 1.7 KB each in the program).
        let pairs = (ex.folds.len() as u64).saturating_mul(ex.labels.len() as u64);
        if pairs > MAX_ONE_VS_REST_PAIRS {
            return Err(Error::invalid(
                "folding",
                format!(
                    "the one-vs-rest model of {} folds and {} classes is {pairs} binary test sets, more than it supports ({MAX_ONE_VS_REST_PAIRS}); lower n_folds or n_repeats, or use the exact model",
                    ex.folds.len(),
                    ex.labels.len()
                ),
            ));
        }
        // A score undefined on a class is said in the macro request's terms (its class,
        // fold and field), not in the binary program's.
        scorecheck_multiclass::defined(ex).map_err(|e| macro_error(e, ex))?;
        let experiment = one_vs_rest(ex);
        let settled =
            program::settled(experiment.is_constrained(), &ignored, out_of_range.as_ref());
        let verdict = match settled {
            Some(verdict) => verdict,
            None => program::verdict(&experiment, options)?,
        };
        let answer = ExperimentAnswer::of(&experiment, &verdict);
        let conclusion = answer.conclusion;
        let decision = MulticlassDecision::Program {
            answer,
            matrices: None,
        };
        return Ok(outcome(conclusion, decision));
    }
    let nothing_checkable = !ex.is_constrained() && !ignored.is_empty();
    let verdict = if let Some(proven) = proven {
        proven
    } else if nothing_checkable {
        // A "consistent" here would be a claim without evidence.
        Verdict::Undecided {
            reason: format!(
                "none of the reported scores ({}) is usable by this protocol and no bound is given, so nothing can be checked; report acc, sens, spec, bacc or their complements",
                ignored.join(", ")
            ),
        }
    } else {
        let solver = crate::backend::solver(options)?;
        decide_exact(ex, solver.as_ref(), &crate::backend::limits(options))
            .map_err(|e| macro_error(e, ex))?
    };
    let (conclusion, answer) = ProgramAnswer::of(
        &verdict,
        ex.is_constrained(),
        |witness| matrices(ex, witness, fold_split),
        |reason| {
            format!("no K×K confusion matrices with these class counts give the reported macro averages: {reason}")
        },
    );
    let note = ex
        .windows
        .is_empty()
        .then(|| program::unusable_note(ex.is_constrained()));
    Ok(outcome(
        conclusion,
        MulticlassDecision::Macro { answer, note },
    ))
}

/// The matrices of the witness with their class and macro scores (the engine's
/// [`macro_witness`]), and for score of means the pooled matrix split into one per fold.
fn matrices(
    ex: &MacroExperiment,
    witness: &[i64],
    fold_split: Option<&[Vec<u64>]>,
) -> MacroMatrices {
    let scores = program::shown_scores(
        ex.windows
            .iter()
            .chain(&ex.class_bounds)
            .chain(&ex.fold_bounds),
    );
    let found = macro_witness(ex, witness, &scores);
    let fold_matrices = match (fold_split, found.folds.as_slice()) {
        // Score of means: split the pooled matrix into one matrix per fold, row by row
        // (left out beyond MAX_WITNESS_CELLS, as the micro witness's are: the pooled
        // matrix stands).
        (Some(split), [pooled]) if scorecheck_multiclass::witness_matrices_fit(split) => Some(
            split_rows(&pooled.matrix, split)
                .into_iter()
                .zip(split)
                .map(|(m, c)| FoldMatrix {
                    counts: c.clone(),
                    matrix: Some(m),
                    trace: None,
                })
                .collect(),
        ),
        _ => None,
    };
    MacroMatrices {
        witness: found,
        counts: ex.folds.clone(),
        fold_matrices,
    }
}

/// Macro averages: score of means on one K×K matrix with the pooled class counts
/// (`1_testset_no_kfold_macro`, `1_dataset_known_folds_som_macro`), mean of scores on one per
/// fold (`1_dataset_known_folds_mos_macro`).
pub(super) fn answer(read: &MulticlassRequest, options: &RunOptions) -> Result<MulticlassOutcome> {
    let MeanFigures {
        windows,
        ignored,
        out_of_range,
        ..
    } = MeanFigures::of(read.figures.clone(), None);
    let setup = &read.setup;
    let mean = read.protocol.is_mean_of_scores();
    let ex = MacroExperiment::new(
        setup.classes.labels.clone(),
        if mean {
            setup.folds.clone()
        } else {
            vec![setup.pooled()?]
        },
        windows,
    )
    .with_class_bounds(read.class_bounds.clone())
    .with_fold_bounds(read.fold_bounds.clone());
    let split = (!mean && setup.folds.len() > 1).then_some(setup.folds.as_slice());
    decide(&ex, (ignored, out_of_range), read.model, split, options)
}
