//! The integer program of a mean-of-scores experiment and its verdict as an outcome: shared
//! by every part of the family (and by the unknown-folds, multiclass and bundle checks that
//! answer through the same program).

use scorecheck_experiment::{witness_scores, Experiment};
use scorecheck_feasibility::{Conclusion, Problem, Verdict};

use super::outcome::{Explanation, LpStatus, MeanOfScoresOutcome, MeanWitness, Undecided};
use crate::options::RunOptions;
pub(crate) use crate::program::build_error;
pub(crate) use crate::program::verdict;
use crate::Result;

/// The integer program of `experiment` (variables tp, tn per fold in dataset order).
pub(crate) fn build(experiment: &Experiment) -> Result<Problem> {
    scorecheck_experiment::build(experiment).map_err(build_error)
}

/// The outcome of `verdict` on `experiment`'s program: the conclusion, the witness at fold,
/// dataset and experiment level (the scores reported or bounded, else acc, sens, spec and
/// bacc), the backend's reason of an infeasible program (not explained further), what was
/// left undecided, the ignored scores and, when no reported score is usable, the note that
/// only the bounds were checked.
pub(crate) fn outcome_of(
    experiment: &Experiment,
    verdict: &Verdict,
    ignored: &[String],
    options: &RunOptions,
) -> MeanOfScoresOutcome {
    let unknown;
    let verdict = match verdict {
        Verdict::Feasible { .. } | Verdict::Infeasible { .. } | Verdict::Undecided { .. } => {
            verdict
        }
        // An answer of a kind added later: undecided, never a verdict.
        other => {
            unknown = Verdict::Undecided {
                reason: format!("the backend gave an answer this version does not know: {other:?}"),
            };
            &unknown
        }
    };
    let mut outcome = MeanOfScoresOutcome {
        conclusion: Conclusion::from(verdict),
        lp_status: LpStatus::Undecided,
        witness: None,
        explanation: None,
        undecided: None,
        backend: options.backend_name().to_string(),
        ignored_scores: ignored.to_vec(),
        note: experiment
            .windows
            .is_empty()
            .then(|| crate::program::unusable_note(experiment.is_constrained())),
        auc: None,
        ranges: None,
    };
    match verdict {
        Verdict::Feasible { witness } => {
            let scores = crate::program::shown_scores(experiment.windows.iter().chain(
                experiment.datasets.iter().flat_map(|d| {
                    d.bounds
                        .iter()
                        .chain(d.folds.iter().flat_map(|f| &f.bounds))
                }),
            ));
            outcome.lp_status = LpStatus::Feasible;
            outcome.witness = Some(MeanWitness {
                scores: witness_scores(experiment, witness, &scores),
                auc: None,
            });
        }
        Verdict::Infeasible { reason, .. } => {
            outcome.lp_status = LpStatus::Infeasible;
            outcome.explanation = Some(Explanation {
                reason: reason.clone(),
                subset: None,
            });
        }
        Verdict::Undecided { reason } => {
            outcome.undecided = Some(Undecided {
                reason: reason.clone(),
                covered: crate::program::covered(experiment.is_constrained()).to_string(),
            });
        }
        // Made undecided above.
        _ => {}
    }
    outcome
}
