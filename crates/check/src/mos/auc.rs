//! The reported AUC in the mean-of-scores protocols: the mean of per-fold AUCs, decided exactly by spatial branch and bound over McCormick relaxations.
//!
//! Each fold f (p positives, n negatives, weight w in the mean) is scored and cut at one
//! threshold, its operating point (tp, tn). Counting ties ½, its AUC can be exactly
//! k/(2pn) for every integer k with 2·tp·tn ≤ k ≤ 2·(p·n − fn·fp) (see `scorecheck_single::achievable_auc`).
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
    boxes, search_auc, AucEffort, AucError, AucErrorKind, AucFound, AucModel, AucWindow,
};
use scorecheck_feasibility::Verdict;

use super::outcome::{AucDetails, MeanOfScoresOutcome};
use super::program::{build_error, outcome_of};
use crate::figures::ReportedAuc;
use crate::input::{self};
use crate::options::RunOptions;
use crate::{Error, Result};
use scorecheck_request::mean_of_scores::MeanOfScoresRequest;

/// The engine's error, at the AUC's field.
fn auc_error(key: &str, e: AucError) -> Error {
    match e.kind() {
        AucErrorKind::Build(b) => build_error(b.clone()),
        _ => Error::contradiction(&input::join("scores", key), e.to_string()),
    }
}

/// Decides a mean-of-scores request with a reported AUC.
pub(crate) fn answer_with_auc(
    read: &MeanOfScoresRequest,
    auc: &ReportedAuc,
    run: &RunOptions,
) -> Result<MeanOfScoresOutcome> {
    let MeanOfScoresRequest {
        experiment,
        ignored,
        ranges: targets,
        ..
    } = read;
    let model = AucModel::new(experiment).map_err(|e| auc_error(&auc.key, e))?;
    let started = Instant::now();
    let deadline = run
        .deadline
        .unwrap_or_else(|| started + run.time_limit.unwrap_or(crate::backend::DEFAULT_TIME_LIMIT));
    let options = run.inner(deadline);
    let details = |search| AucDetails {
        lower: auc.lower.clone(),
        upper: auc.upper.clone(),
        search,
    };
    // The other scores first: when they alone are inconsistent, the AUC plays no part
    // and the explanation is the usual one.
    let base = crate::backend::solve(model.base(), &options)?;
    let base_point = match base {
        Verdict::Feasible { witness } => witness,
        verdict => {
            let mut outcome = outcome_of(experiment, &verdict, ignored, run);
            if verdict.is_infeasible() {
                super::explain::attach(&mut outcome, read, run, started.elapsed());
            }
            outcome.auc = Some(details(AucEffort::default()));
            return Ok(outcome);
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
                auc.shown(&auc.lower),
                auc.shown(&auc.upper),
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
    let mut outcome = outcome_of(experiment, &verdict, ignored, run);
    // The AUC is checked, so the note about bounds alone does not apply.
    outcome.note = None;
    outcome.auc = Some(details(effort));
    let solution = match &found {
        AucFound::Solution(s) => Some(s),
        _ => None,
    };
    if let (Some(solution), Some(witness)) = (solution, &mut outcome.witness) {
        witness.auc = Some(model.witness(experiment, solution));
    }
    if let (Some(targets), Some(solution)) = (targets, solution) {
        outcome.ranges = Some(super::ranges::compute_with_auc(
            experiment, &model, &window, solution, targets,
            // The ranges' own time (the decision's default limit does not carry over).
            run,
        )?);
    }
    if matches!(found, AucFound::Infeasible(_)) {
        if run.explains() {
            let own = Instant::now() + (decision * 10).max(crate::single::EXPLAIN_MIN_BUDGET);
            let explain_options = run.inner(deadline.min(own));
            let subset =
                super::auc_explain::explain(&model, read, auc, &base_point, &explain_options)?;
            if let Some(explanation) = &mut outcome.explanation {
                explanation.subset = Some(subset);
            }
        } else {
            outcome.explanation = None;
        }
    }
    Ok(outcome)
}
