//! The multiclass protocols: micro and macro averages on one testset or over known folds,
//! decided on the K×K confusion matrices themselves.
//!
//! Requests are read into `scorecheck-multiclass`'s typed experiments (the models, their
//! proofs and the deliberate differences from the reference are documented there), and the
//! outcomes rendered: `"model": "exact"` (the default) or `"one_vs_rest"`, and the result
//! says which model decided (`"model"`).

mod macro_avg;
mod micro;

use serde_json::Value;

use crate::dispatch::Request;
use crate::Result;

pub(crate) use crate::classes::{
    read_multiclass, Model, MulticlassProtocol, MulticlassRequest, Setup,
};

/// Answers a multiclass request that has been read.
pub(crate) fn answer(request: &Request<'_>, read: &MulticlassRequest) -> Result<Value> {
    match (read.protocol.is_macro(), read.protocol.is_mean_of_scores()) {
        (true, _) => macro_avg::answer(request, read),
        (false, false) => micro::score_of_means(request, read),
        (false, true) => micro::mean_of_scores(request, read),
    }
}

fn read_and_answer(request: &Request<'_>, protocol: MulticlassProtocol) -> Result<Value> {
    answer(request, &read_multiclass(&request.fields, protocol)?)
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

/// The labelled counts of a fold as a JSON object.
pub(crate) fn counts_json(labels: &[String], counts: &[u64]) -> Value {
    Value::Object(
        labels
            .iter()
            .cloned()
            .zip(counts.iter().map(|&c| Value::from(c)))
            .collect(),
    )
}
