//! The JSON of an integer program's answer ([`ProgramAnswer`], [`ExperimentAnswer`]): the
//! verdict, `lp_status`, and the witness, the explanation or what was left undecided.

use scorecheck_experiment::WitnessScores;
use serde_json::{json, Map, Value};

use super::{named_scores, verdict};
use crate::program::{ExperimentAnswer, ProgramAnswer};
use scorecheck_feasibility::Conclusion;

/// Writes `inconsistency`, `verdict`, `certainty`, `lp_status`, and the `witness` (rendered
/// by `witness`), the `explanation` or what was left `undecided`.
pub(crate) fn answer<W>(
    out: &mut Map<String, Value>,
    conclusion: Conclusion,
    answer: &ProgramAnswer<W>,
    witness: impl FnOnce(&W) -> Value,
) {
    verdict(out, conclusion);
    let (status, key, value) = match answer {
        ProgramAnswer::Feasible { witness: w } => ("feasible", "witness", witness(w)),
        ProgramAnswer::Infeasible { explanation } => (
            "infeasible",
            "explanation",
            json!({ "message": explanation }),
        ),
        ProgramAnswer::Undecided { reason, covered } => (
            "undecided",
            "undecided",
            json!({"reason": reason, "covered": covered}),
        ),
    };
    out.insert("lp_status".into(), status.into());
    out.insert(key.into(), value);
}

/// A mean-of-scores witness: every dataset's folds (p, n, tp, tn and scores) and means, and
/// the experiment's means.
pub(crate) fn experiment_witness(found: &WitnessScores) -> Value {
    let named = |values: &[Option<num_rational::BigRational>]| named_scores(&found.scores, values);
    let datasets: Vec<Value> = found
        .datasets
        .iter()
        .map(|d| {
            let folds: Vec<Value> = d
                .folds
                .iter()
                .map(|f| json!({"p": f.p, "n": f.n, "tp": f.tp, "tn": f.tn, "scores": named(&f.scores)}))
                .collect();
            json!({"folds": folds, "scores": named(&d.means)})
        })
        .collect();
    json!({"datasets": datasets, "scores": named(&found.means)})
}

/// The result of a mean-of-scores verdict: [`answer`] with the [`experiment_witness`], the
/// `backend`, the `ignored_scores` and the `note`.
pub(crate) fn experiment(
    answer_: &ExperimentAnswer,
    backend: &str,
    ignored: &[String],
) -> Map<String, Value> {
    let mut out = Map::new();
    answer(
        &mut out,
        answer_.conclusion,
        &answer_.answer,
        experiment_witness,
    );
    out.insert("backend".into(), backend.into());
    out.insert("ignored_scores".into(), json!(ignored));
    if let Some(note) = &answer_.note {
        out.insert("note".into(), note.as_str().into());
    }
    out
}
