//! The mean-of-scores protocols: scores averaged over folds, testsets or datasets become an
//! integer program over every fold's (tp, tn), answered by a feasibility backend.
//!
//! Only scores that are linear in (tp, tn) for fixed (p, n) survive averaging as linear
//! constraints: acc, sens, spec, bacc and their affine relatives err, fnr, fpr and bm. Other
//! reported scores are listed by name in `ignored_scores`, never dropped silently. Score
//! bounds constrain the named score whether or not it was reported.
//!
//! The head of the family: [`answer`] hands a typed request to [`program`] (no AUC) or [`auc`]
//! (a reported AUC), which explain with [`explain`] and [`auc_explain`] and find ranges with
//! [`ranges`]; every part builds the [`MeanOfScoresOutcome`] of [`outcome`], and
//! `crate::render::mos` writes it as JSON. The parts never import this file.

mod auc;
mod auc_explain;
mod explain;
pub(crate) mod outcome;
mod program;
mod ranges;
#[cfg(test)]
mod tests;

use scorecheck_feasibility::Verdict;

use crate::options::RunOptions;
use crate::program::settled;
use crate::{Error, Result};
pub(crate) use outcome::MeanOfScoresOutcome;
pub(crate) use program::{outcome_of, verdict};
use scorecheck_request::mean_of_scores::{MeanOfScoresRequest, MeanProtocol};

/// Answers a mean-of-scores request that has been read: with a reported AUC by the spatial
/// branch and bound of [`auc`], without one by the integer program; an inconsistency is
/// explained (when `options` ask) and the ranges of a consistent one found.
///
/// # Errors
///
/// When the experiment cannot be modelled (an undefined score, counts beyond the program's
/// sizes) or the named backend is not built in.
pub(crate) fn answer(
    read: &MeanOfScoresRequest,
    options: &RunOptions,
) -> Result<MeanOfScoresOutcome> {
    // A score no check here uses, reported where none of its values lies: no program.
    if let Some(proven) = settled(true, &[], read.out_of_range.as_ref()) {
        return Ok(outcome_of(
            &read.experiment,
            &proven,
            &read.ignored,
            options,
        ));
    }
    let answered = match &read.auc {
        Some(auc) => auc::answer_with_auc(read, auc, options),
        None => answer_without_auc(read, options),
    };
    match read.protocol {
        MeanProtocol::Testsets => answered.map_err(in_testset_words),
        _ => answered,
    }
}

/// An engine's error of `n_testsets_mos_no_kfold` in the request's words: each test set is
/// the engine's dataset of one fold (`fold 0 of dataset 1` is `test set 1 (testsets[1])`).
fn in_testset_words(error: Error) -> Error {
    let message = error.message();
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(at) = rest.find("fold 0") {
        out.push_str(&rest[..at]);
        let after = &rest[at + "fold 0".len()..];
        match after.strip_prefix(" of dataset ") {
            Some(tail) => {
                let digits =
                    tail.len() - tail.trim_start_matches(|c: char| c.is_ascii_digit()).len();
                let index = &tail[..digits];
                out.push_str(&format!("test set {index} (testsets[{index}])"));
                rest = &tail[digits..];
            }
            None => {
                out.push_str("test set 0 (testsets[0])");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    let message = out
        .replace("or that fold", "or that test set")
        .replace("its fold bound", "its test set bound");
    Error::new(error.kind(), error.field(), message)
}

/// Decides the integer program (no AUC reported).
fn answer_without_auc(
    read: &MeanOfScoresRequest,
    options: &RunOptions,
) -> Result<MeanOfScoresOutcome> {
    let MeanOfScoresRequest {
        experiment,
        ignored,
        ranges: targets,
        ..
    } = read;
    let started = scorecheck_clock::Instant::now();
    let decided = match settled(experiment.is_constrained(), ignored, None) {
        Some(decided) => decided,
        None => verdict(experiment, options)?,
    };
    let decision = started.elapsed();
    let mut outcome = outcome_of(experiment, &decided, ignored, options);
    if let (Some(targets), Verdict::Feasible { witness }) = (targets, &decided) {
        let problem = program::build(experiment)?;
        outcome.ranges = Some(ranges::compute(
            experiment, &problem, witness, targets, options,
        )?);
    }
    if matches!(decided, Verdict::Infeasible { .. }) {
        // A minimal infeasible subset of the scores and bounds, on its own budget.
        explain::attach(&mut outcome, read, options, decision);
    }
    Ok(outcome)
}
