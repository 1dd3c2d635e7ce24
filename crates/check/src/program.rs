//! The mean-of-scores integer program as the families that reach it answer with it (unknown
//! folds, multiclass): its verdict under the request's backend and limits, and that verdict
//! typed ([`ProgramAnswer`], [`ExperimentAnswer`]: the witness evaluated exactly at fold,
//! dataset and experiment level). A leaf: it imports no family.

use scorecheck_algebra::Score;
use scorecheck_experiment::{witness_scores, Bound, Experiment, WitnessScores};
use scorecheck_feasibility::{Certainty, Conclusion, Verdict};

use crate::options::RunOptions;
use crate::{Error, ErrorKind, Result};

/// What an integer program answered, with its witness as the family evaluates it.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum ProgramAnswer<W> {
    /// Feasible (`"lp_status": "feasible"`): the witness, re-checked exactly and evaluated.
    Feasible {
        /// The witness.
        witness: W,
    },
    /// Infeasible (`"lp_status": "infeasible"`): the explanation's sentence.
    Infeasible {
        /// Why no integer point exists.
        explanation: String,
    },
    /// Undecided (`"lp_status": "undecided"`): the program was not finished, or nothing
    /// constrained the counts and none was solved.
    Undecided {
        /// Why.
        reason: String,
        /// What was covered: the program was not finished, or none was solved.
        covered: String,
    },
}

/// What an undecided integer program covered: it was not finished, or, when nothing
/// constrains the counts (`constrained` false: no usable reported score and no bound), none
/// was solved at all.
pub(crate) fn covered(constrained: bool) -> &'static str {
    if constrained {
        "the integer program was not finished"
    } else {
        "nothing: no reported score or bound constrains the counts, so no integer program was solved"
    }
}

impl<W> ProgramAnswer<W> {
    /// The conclusion and the answer of `verdict`, its witness evaluated by `witness` and its
    /// reason worded by `explain`; a verdict of a kind added later concludes nothing. An
    /// undecided one covered what [`covered`] says of a program `constrained` or not.
    pub(crate) fn of(
        verdict: &Verdict,
        constrained: bool,
        witness: impl FnOnce(&[i64]) -> W,
        explain: impl FnOnce(&str) -> String,
    ) -> (Conclusion, ProgramAnswer<W>) {
        match verdict {
            Verdict::Feasible { witness: w } => (
                Conclusion::Consistent,
                ProgramAnswer::Feasible {
                    witness: witness(w),
                },
            ),
            Verdict::Infeasible { certainty, reason } => (
                Conclusion::Inconsistent {
                    certainty: *certainty,
                },
                ProgramAnswer::Infeasible {
                    explanation: explain(reason),
                },
            ),
            Verdict::Undecided { reason } => (
                Conclusion::Undecided,
                ProgramAnswer::Undecided {
                    reason: reason.clone(),
                    covered: covered(constrained).to_string(),
                },
            ),
            other => (
                Conclusion::Undecided,
                ProgramAnswer::Undecided {
                    reason: format!(
                        "the backend gave an answer this version does not know: {other:?}"
                    ),
                    covered: covered(constrained).to_string(),
                },
            ),
        }
    }
}

/// The verdict on a mean-of-scores experiment, typed: what it concludes, the program's
/// answer with the witness's exact scores, and the note when only bounds were checked.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct ExperimentAnswer {
    /// What the verdict concludes.
    pub conclusion: Conclusion,
    /// The program's answer; a feasible one with the witness's (tp, tn) and scores per fold,
    /// per dataset and over the experiment ([`witness_scores`] of the scores shown).
    pub answer: ProgramAnswer<WitnessScores>,
    /// "no reported score is usable ...", when the experiment has no window.
    pub note: Option<String>,
}

impl ExperimentAnswer {
    /// `verdict` on `experiment`, its witness evaluated on the scores reported or bounded.
    pub(crate) fn of(experiment: &Experiment, verdict: &Verdict) -> ExperimentAnswer {
        let scores = shown_scores(experiment.windows.iter().chain(
            experiment.datasets.iter().flat_map(|d| {
                d.bounds
                    .iter()
                    .chain(d.folds.iter().flat_map(|f| &f.bounds))
            }),
        ));
        ExperimentAnswer::showing(experiment, verdict, &scores, &scores)
    }

    /// [`ExperimentAnswer::of`], the witness showing `scores` under their names, each
    /// evaluated as the score at its place in `evaluated` (a linear score the program checks
    /// in its stead, equal to it at every fold of the witness).
    pub(crate) fn showing(
        experiment: &Experiment,
        verdict: &Verdict,
        scores: &[Score],
        evaluated: &[Score],
    ) -> ExperimentAnswer {
        let (conclusion, answer) = ProgramAnswer::of(
            verdict,
            experiment.is_constrained(),
            |witness| {
                let mut found = witness_scores(experiment, witness, evaluated);
                found.scores = scores.to_vec();
                found
            },
            str::to_string,
        );
        ExperimentAnswer {
            conclusion,
            answer,
            note: experiment
                .windows
                .is_empty()
                .then(|| unusable_note(experiment.is_constrained())),
        }
    }
}

/// The note of a check whose reported scores are all unusable, so that only bounds count.
pub(crate) const ONLY_BOUNDS: &str =
    "no reported score is usable by this protocol, so only the bounds were checked";

/// The note of a check without a usable reported score: only its bounds were checked, or,
/// with none (`constrained` false), nothing was.
pub(crate) fn unusable_note(constrained: bool) -> String {
    if constrained {
        ONLY_BOUNDS.to_string()
    } else {
        "no reported score is usable by this protocol and no bound is given, so nothing was checked"
            .to_string()
    }
}

/// The scores a witness shows: those reported or bounded, each once in order of first
/// appearance, or acc, sens, spec and bacc when there are none.
pub(crate) fn shown_scores<'a>(windows: impl Iterator<Item = &'a Bound>) -> Vec<Score> {
    shown(windows.map(|b| b.score))
}

/// [`shown_scores`] of the scores themselves.
pub(crate) fn shown(scores: impl Iterator<Item = Score>) -> Vec<Score> {
    let mut unique = Vec::new();
    for score in scores {
        if !unique.contains(&score) {
            unique.push(score);
        }
    }
    if unique.is_empty() {
        unique = vec![Score::Acc, Score::Sens, Score::Spec, Score::Bacc];
    }
    unique
}

/// The verdict on the integer program of `experiment` (the engine's
/// [`scorecheck_experiment::verdict`] with the backend and limits of `options`).
pub(crate) fn verdict(experiment: &Experiment, options: &RunOptions) -> Result<Verdict> {
    let solver = crate::backend::solver(options)?;
    let limits = crate::backend::limits(options);
    scorecheck_experiment::verdict(experiment, solver.as_ref(), &limits).map_err(build_error)
}

/// An engine's build error as a request error naming the field: an undefined score is a
/// contradiction, anything else an invalid value.
pub(crate) fn build_error(e: scorecheck_experiment::BuildError) -> Error {
    use scorecheck_experiment::{BuildErrorKind, Level};
    let kind = match e.kind() {
        BuildErrorKind::Undefined { .. } => ErrorKind::Contradiction,
        _ => ErrorKind::InvalidValue,
    };
    // Fold bounds of several datasets are each evaluation's own field.
    let field = match e.kind() {
        BuildErrorKind::Undefined {
            level: Level::Fold,
            many_datasets: true,
            dataset,
            ..
        } => format!("evaluations[{dataset}].{}", e.field()),
        _ => e.field(),
    };
    Error::new(kind, Some(&field), e.to_string())
}

/// The verdict a mean-of-scores family settles before building any program: a score no
/// check uses, reported where none of its values lies, is an exact inconsistency
/// (`out_of_range`, from [`scorecheck_request::figures::MeanFigures`]); otherwise, when
/// nothing else constrains the experiment, nothing can be checked ([`nothing_checkable`]).
pub(crate) fn settled(
    constrained: bool,
    ignored: &[String],
    out_of_range: Option<&String>,
) -> Option<Verdict> {
    match out_of_range {
        Some(reason) => Some(Verdict::Infeasible {
            certainty: Certainty::Exact,
            reason: reason.clone(),
        }),
        None => nothing_checkable(constrained, ignored).map(|reason| Verdict::Undecided { reason }),
    }
}

/// Why nothing can be checked when every reported score is one these checks cannot use
/// and no bound constrains anything: a "consistent" would be a claim without evidence.
pub(crate) fn nothing_checkable(constrained: bool, ignored: &[String]) -> Option<String> {
    (!constrained && !ignored.is_empty()).then(|| {
        format!(
            "none of the reported scores ({}) is linear under averaging, so the mean of scores cannot be checked; report acc, sens, spec, bacc or their complements, or use a score-of-means check",
            ignored.join(", ")
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_rational::BigRational;
    use scorecheck_experiment::{DatasetSpec, FoldSpec};
    use scorecheck_feasibility::Certainty;

    fn experiment(windows: Vec<Bound>) -> Experiment {
        let fold = FoldSpec::new(5, 5);
        Experiment::new(
            vec![DatasetSpec::from_folds(vec![fold.clone(), fold])],
            windows,
        )
    }

    #[test]
    fn a_feasible_verdict_carries_the_witness_scores_and_no_note() {
        let acc = BigRational::new(55.into(), 100.into());
        let ex = experiment(vec![Bound::new(Score::Acc, acc.clone(), acc.clone())]);
        let verdict = Verdict::Feasible {
            witness: vec![3, 3, 3, 2],
        };
        let answer = ExperimentAnswer::of(&ex, &verdict);
        assert_eq!(answer.conclusion, Conclusion::Consistent);
        assert_eq!(answer.note, None);
        let ProgramAnswer::Feasible { witness } = answer.answer else {
            panic!("feasible expected");
        };
        assert_eq!(witness.scores, vec![Score::Acc]);
        assert_eq!(witness.datasets[0].folds[1].tn, 2);
        assert_eq!(witness.means, vec![Some(acc)]);
    }

    #[test]
    fn an_infeasible_verdict_keeps_its_certainty_and_reason() {
        let verdict = Verdict::Infeasible {
            certainty: Certainty::Exact,
            reason: "no counts".into(),
        };
        let answer = ExperimentAnswer::of(&experiment(Vec::new()), &verdict);
        assert_eq!(
            answer.conclusion,
            Conclusion::Inconsistent {
                certainty: Certainty::Exact
            }
        );
        assert_eq!(
            answer.answer,
            ProgramAnswer::Infeasible {
                explanation: "no counts".into()
            }
        );
        // Neither a reported score nor a bound: the note says nothing was checked.
        assert_eq!(answer.note, Some(unusable_note(false)));
        assert_ne!(answer.note.as_deref(), Some(ONLY_BOUNDS));
    }
}
