//! The JSON result of a multiclass check ([`MulticlassOutcome`]).

use serde_json::{json, Map, Value};

use super::{exact, named_scores, verdict};
use crate::multiclass::{
    FoldMatrix, MacroMatrices, MulticlassDecision, MulticlassOutcome, TraceAnswer, TraceWitness,
};

/// The JSON result of the micro and macro protocols: the decision's own fields (a
/// single-matrix result, the trace search's, or an integer program's with its witness), and
/// `model`, `backend`, `ignored_scores`.
pub(crate) fn multiclass(outcome: &MulticlassOutcome) -> Map<String, Value> {
    let labels = &outcome.labels;
    let mut out = match &outcome.decision {
        MulticlassDecision::SingleMatrix {
            problem,
            reported,
            outcome: found,
        } => super::single::single_matrix(&crate::single_matrix::SingleMatrixOutcome::new(
            problem.clone(),
            reported,
            (**found).clone(),
        )),
        MulticlassDecision::Trace { p, n, answer } => {
            let mut out = Map::new();
            verdict(&mut out, outcome.conclusion);
            match answer {
                TraceAnswer::Found(witness) => {
                    out.insert("witness".into(), trace_witness(labels, witness));
                }
                TraceAnswer::None { message, scores } => {
                    let names: Vec<&str> = scores.iter().map(|s| s.abbreviation()).collect();
                    out.insert(
                        "explanation".into(),
                        json!({"message": message, "scores": names}),
                    );
                }
                TraceAnswer::Undecided { reason } => {
                    out.insert("undecided".into(), json!({ "reason": reason }));
                }
            }
            out.insert("p".into(), (*p).into());
            out.insert("n".into(), (*n).into());
            out
        }
        MulticlassDecision::Program { answer, matrices } => {
            let mut out =
                super::program::experiment(answer, &outcome.backend, &outcome.ignored_scores);
            if let Some(matrices) = matrices {
                let shown = matrices.iter().map(|m| fold_matrix(labels, m)).collect();
                out.insert("matrices".into(), Value::Array(shown));
            }
            out
        }
        MulticlassDecision::Macro { answer, note } => {
            let mut out = Map::new();
            super::program::answer(&mut out, outcome.conclusion, answer, |w| {
                macro_witness(labels, w)
            });
            if let Some(note) = note {
                out.insert("note".into(), note.as_str().into());
            }
            out
        }
    };
    // Refuted on the request's class order only: undecided, with that order's explanation.
    if let Some(reason) = &outcome.unstated_order {
        verdict(&mut out, outcome.conclusion);
        let refuted = out
            .remove("explanation")
            .and_then(|e| e.get("message").and_then(Value::as_str).map(str::to_string));
        let reason = match refuted {
            Some(message) => format!("{reason} (in the request's order: {message})"),
            None => reason.clone(),
        };
        out.insert(
            "undecided".into(),
            json!({"reason": reason, "covered": "the class orders tried"}),
        );
    }
    out.insert("model".into(), outcome.model.as_str().into());
    out.insert("backend".into(), outcome.backend.as_str().into());
    out.insert("ignored_scores".into(), json!(outcome.ignored_scores));
    out
}

/// A fold's classes, counts and matrix, in one order: the classes sorted by name, as a JSON
/// object's keys come out (`counts` is an object), so that row `i` of `matrix` is the `i`-th
/// key of `counts` and the `i`-th name of `classes` (the list says the order for readers that
/// reorder keys, as JavaScript does with names like `"10"`). The request's order is not kept:
/// the counts object could not keep it.
fn labelled(
    labels: &[String],
    counts: &[u64],
    matrix: Option<&Vec<Vec<u64>>>,
) -> Map<String, Value> {
    let mut order: Vec<usize> = (0..labels.len()).collect();
    order.sort_by(|&a, &b| labels[a].cmp(&labels[b]));
    let mut out = Map::new();
    let classes: Vec<&str> = order.iter().map(|&i| labels[i].as_str()).collect();
    out.insert("classes".into(), json!(classes));
    let shown_counts = order
        .iter()
        .map(|&i| (labels[i].clone(), Value::from(counts[i])))
        .collect();
    out.insert("counts".into(), Value::Object(shown_counts));
    let shown_matrix = matrix.map(|m| {
        order
            .iter()
            .map(|&r| order.iter().map(|&c| m[r][c]).collect::<Vec<u64>>())
            .collect::<Vec<_>>()
    });
    out.insert("matrix".into(), json!(shown_matrix));
    out
}

/// `{"classes", "counts", "matrix"}` of a fold, with its `trace` (and a null matrix) when the
/// matrix is not listed.
fn fold_matrix(labels: &[String], fold: &FoldMatrix) -> Value {
    let mut out = labelled(labels, &fold.counts, fold.matrix.as_ref());
    if let Some(trace) = fold.trace {
        out.insert("trace".into(), trace.into());
    }
    Value::Object(out)
}

/// The pooled binary matrix of a trace, its scores, and every fold's matrix.
fn trace_witness(labels: &[String], witness: &TraceWitness) -> Value {
    let scores: Map<String, Value> = witness
        .scores
        .iter()
        .map(|(score, value)| (score.abbreviation().to_string(), exact(value)))
        .collect();
    let folds: Vec<Value> = witness
        .folds
        .iter()
        .map(|f| fold_matrix(labels, f))
        .collect();
    json!({"trace": witness.trace, "tp": witness.trace, "tn": witness.tn, "fp": witness.errors, "fn": witness.errors, "scores": scores, "folds": folds})
}

/// Every fold's matrix with its macro scores, their means, and the per-fold split of a
/// pooled matrix.
fn macro_witness(labels: &[String], matrices: &MacroMatrices) -> Value {
    let found = &matrices.witness;
    let named = |values: &[Option<num_rational::BigRational>]| named_scores(&found.scores, values);
    let folds: Vec<Value> = found
        .folds
        .iter()
        .zip(&matrices.counts)
        .map(|(fold, c)| {
            let mut shown = labelled(labels, c, Some(&fold.matrix));
            shown.insert("scores".into(), Value::Object(named(&fold.means)));
            Value::Object(shown)
        })
        .collect();
    let mut out = json!({"folds": folds, "scores": named(&found.means)});
    if let Some(split) = &matrices.fold_matrices {
        out["fold_matrices"] = split.iter().map(|m| fold_matrix(labels, m)).collect();
    }
    out
}
