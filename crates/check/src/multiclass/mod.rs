//! The multiclass protocols: micro and macro averages on one testset or over known folds,
//! decided on the K×K confusion matrices themselves.
//!
//! Requests are read into `scorecheck-multiclass`'s typed experiments (the models, their
//! proofs and the deliberate differences from the reference are documented there), and
//! answered with a [`MulticlassOutcome`]: `"model": "exact"` (the default) or
//! `"one_vs_rest"`, and the result says which model decided (`"model"`).

mod macro_avg;
mod micro;
mod outcome;

use serde_json::Value;

use crate::classes::{read_multiclass, MulticlassProtocol, MulticlassRequest};
use crate::dispatch::Request;
use crate::options::RunOptions;
use crate::Result;

pub use outcome::{
    FoldMatrix, MacroMatrices, MulticlassDecision, MulticlassOutcome, TraceAnswer, TraceWitness,
};

/// Answers a multiclass request that has been read.
///
/// # Errors
///
/// When the pooled counts or the model exceed the supported sizes, or the named backend is
/// not built in.
pub(crate) fn answer(read: &MulticlassRequest, options: &RunOptions) -> Result<MulticlassOutcome> {
    match (read.protocol.is_macro(), read.protocol.is_mean_of_scores()) {
        (true, _) => macro_avg::answer(read, options),
        (false, false) => micro::score_of_means(read, options),
        (false, true) => micro::mean_of_scores(read, options),
    }
}

fn read_and_answer(request: &Request<'_>, protocol: MulticlassProtocol) -> Result<Value> {
    let read = read_multiclass(&request.fields, protocol)?;
    crate::dispatch::all_fields_read(request)?;
    let outcome = answer(&read, &request.options)?;
    Ok(Value::Object(crate::render::multiclass::multiclass(
        &outcome,
    )))
}

/// `1_testset_no_kfold_micro`: `testset`, `scores`, `eps`, `model`.
pub(crate) fn testset_no_kfold_micro(request: &Request<'_>) -> Result<Value> {
    read_and_answer(request, MulticlassProtocol::TestsetMicro)
}

/// `1_dataset_known_folds_som_micro`: `dataset`, `folding`, `scores`, `eps`, `model`.
pub(crate) fn dataset_known_folds_som_micro(request: &Request<'_>) -> Result<Value> {
    read_and_answer(request, MulticlassProtocol::DatasetSomMicro)
}

/// `1_dataset_known_folds_mos_micro`: `dataset`, `folding`, `scores`, `eps`,
/// `fold_score_bounds`, `model`.
pub(crate) fn dataset_known_folds_mos_micro(request: &Request<'_>) -> Result<Value> {
    read_and_answer(request, MulticlassProtocol::DatasetMosMicro)
}

/// `1_testset_no_kfold_macro`: `testset`, `scores`, `eps`, `class_score_bounds`, `model`.
pub(crate) fn testset_no_kfold_macro(request: &Request<'_>) -> Result<Value> {
    read_and_answer(request, MulticlassProtocol::TestsetMacro)
}

/// `1_dataset_known_folds_som_macro`: `dataset`, `folding`, `scores`, `eps`,
/// `class_score_bounds`, `model`.
pub(crate) fn dataset_known_folds_som_macro(request: &Request<'_>) -> Result<Value> {
    read_and_answer(request, MulticlassProtocol::DatasetSomMacro)
}

/// `1_dataset_known_folds_mos_macro`: `dataset`, `folding`, `scores`, `eps`,
/// `class_score_bounds`, `fold_score_bounds`, `model`.
pub(crate) fn dataset_known_folds_mos_macro(request: &Request<'_>) -> Result<Value> {
    read_and_answer(request, MulticlassProtocol::DatasetMosMacro)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::Object;
    use scorecheck_feasibility::Conclusion;
    use scorecheck_multiclass::Model;

    /// The typed request of a JSON request of `protocol`.
    fn read(text: &str, protocol: MulticlassProtocol) -> MulticlassRequest {
        let json = crate::json::Json::parse(text).unwrap();
        read_multiclass(&Object::new(&json, "").unwrap(), protocol).unwrap()
    }

    #[test]
    fn a_macro_witness_is_every_fold_matrix_with_its_class_counts() {
        let request = read(
            r#"{"testset": {"a": 10, "b": 20, "c": 30}, "scores": {"acc": 0.8, "sens": 0.7}, "eps": 0.01}"#,
            MulticlassProtocol::TestsetMacro,
        );
        let outcome = answer(&request, &RunOptions::default()).unwrap();
        assert_eq!(outcome.conclusion, Conclusion::Consistent);
        assert_eq!(outcome.model, Model::Exact);
        assert_eq!(outcome.labels, ["a", "b", "c"]);
        let MulticlassDecision::Macro { answer, note } = outcome.decision else {
            panic!("the exact macro program decides");
        };
        assert_eq!(note, None);
        let crate::program::ProgramAnswer::Feasible { witness } = answer else {
            panic!("feasible expected");
        };
        assert_eq!(witness.counts, vec![vec![10, 20, 30]]);
        let matrix = &witness.witness.folds[0].matrix;
        let rows: Vec<u64> = matrix.iter().map(|row| row.iter().sum()).collect();
        assert_eq!(rows, vec![10, 20, 30]);
        assert!(witness.fold_matrices.is_none());
    }

    #[test]
    fn a_micro_trace_witness_gives_the_pooled_binary_matrix() {
        let request = read(
            r#"{"testset": {"a": 10, "b": 20, "c": 30}, "scores": {"acc": 0.8}, "eps": 0.01}"#,
            MulticlassProtocol::TestsetMicro,
        );
        let outcome = answer(&request, &RunOptions::default()).unwrap();
        assert_eq!(outcome.conclusion, Conclusion::Consistent);
        assert_eq!(outcome.backend, "trace_search");
        let MulticlassDecision::Trace { p, n, answer } = outcome.decision else {
            panic!("the trace search decides");
        };
        assert_eq!((p, n), (60, 120));
        let TraceAnswer::Found(witness) = answer else {
            panic!("a trace expected");
        };
        // tp + tn + fp + fn covers the pooled binary matrix, and the fold's matrix has the trace.
        assert_eq!(witness.trace + witness.tn + 2 * witness.errors, p + n);
        let fold = &witness.folds[0];
        let matrix = fold.matrix.as_ref().expect("small enough to list");
        let trace: u64 = (0..3).map(|i| matrix[i][i]).sum();
        assert_eq!(trace, witness.trace);
        assert_eq!(witness.scores.len(), 1);
    }
}
