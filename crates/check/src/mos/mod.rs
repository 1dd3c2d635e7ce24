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
use crate::Result;
pub(crate) use outcome::MeanOfScoresOutcome;
pub(crate) use program::{outcome_of, verdict};
use scorecheck_request::mean_of_scores::MeanOfScoresRequest;

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
    match &read.auc {
        Some(auc) => auc::answer_with_auc(read, auc, options),
        None => answer_without_auc(read, options),
    }
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
