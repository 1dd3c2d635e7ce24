//! The JSON result of an unknown-folds check ([`UnknownFoldsOutcome`]).

use serde_json::{json, Map, Value};

use super::{count, finite, verdict};
use crate::program::ProgramAnswer;
use crate::unknown_folds::UnknownFoldsOutcome;
use scorecheck_folds::FoldRules;

/// The JSON result of `1_dataset_unknown_folds_mos`, `n_datasets_mos_unknown_folds_mos` (and
/// the `tpehg` bundle's, before its own fields): the verdict; the witness and the
/// `configuration` found (its folds flat for one evaluation, one list per evaluation
/// otherwise), the `explanation`, or what is `undecided` and the share `covered`; the
/// counts of configurations, the `fold_rules` and the `statistics` of the search.
pub(crate) fn unknown_folds(outcome: &UnknownFoldsOutcome) -> Map<String, Value> {
    let mut out = Map::new();
    verdict(&mut out, outcome.conclusion);
    if let Some(found) = &outcome.found {
        super::program::answer(
            &mut out,
            outcome.conclusion,
            &ProgramAnswer::Feasible {
                witness: &found.witness,
            },
            |w| super::program::experiment_witness(w),
        );
        if let Some(note) = &outcome.note {
            out.insert("note".into(), note.as_str().into());
        }
        let mut folds: Vec<Value> = found
            .experiment
            .datasets
            .iter()
            .map(|d| {
                let folds = d.folds.iter().map(|f| json!({"p": f.p, "n": f.n}));
                Value::Array(folds.collect())
            })
            .collect();
        let folds = if folds.len() == 1 {
            folds.remove(0)
        } else {
            Value::Array(folds)
        };
        out.insert(
            "configuration".into(),
            json!({"index": count(&found.index), "folds": folds}),
        );
    }
    if let Some(message) = &outcome.explanation {
        out.insert("explanation".into(), json!({ "message": message }));
    }
    if let Some(undecided) = &outcome.undecided {
        out.insert("covered".into(), finite(undecided.covered));
        let mut fields = Map::new();
        fields.insert("reason".into(), undecided.reason.as_str().into());
        if let Some(left) = &undecided.configurations_left_undecided {
            fields.insert("configurations_left_undecided".into(), count(left));
        }
        out.insert("undecided".into(), Value::Object(fields));
    }
    out.insert("backend".into(), outcome.backend.as_str().into());
    out.insert("ignored_scores".into(), json!(outcome.ignored_scores));
    out.insert(
        "configurations_total".into(),
        outcome
            .configurations_total
            .as_ref()
            .map_or(Value::Null, count),
    );
    if let Some(range) = &outcome.range {
        out.insert(
            "configurations_range".into(),
            json!({"start": range.start.to_string(), "end": range.end.to_string(), "count": count(&range.count())}),
        );
    }
    out.insert(
        "configurations_examined".into(),
        count(&outcome.configurations_examined),
    );
    if let Some(rules) = outcome.fold_rules {
        let name = if rules == FoldRules::none() {
            "none"
        } else {
            "reference"
        };
        out.insert("fold_rules".into(), name.into());
    }
    if let Some(s) = &outcome.statistics {
        out.insert(
            "statistics".into(),
            json!({"refuted_without_program": s.refuted_without_program, "refuted_at_once": s.refuted_at_once, "programs_solved": s.programs_solved, "seconds": finite(s.elapsed.as_secs_f64())}),
        );
    }
    out
}
