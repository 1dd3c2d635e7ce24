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
    read_dataset_with_folds as dataset_with_folds, read_model, read_testset as testset, Model,
    Setup,
};

/// `1_testset_no_kfold_micro`: `testset`, `scores`, `eps`, `model`.
pub(crate) fn testset_no_kfold_micro(request: &Request<'_>) -> Result<Value> {
    let setup = testset(&request.fields)?;
    micro::score_of_means(request, &setup, read_model(&request.fields)?)
}

/// `1_dataset_known_folds_som_micro`: `dataset`, `folding`, `scores`, `eps`, `model`.
pub(crate) fn dataset_known_folds_som_micro(request: &Request<'_>) -> Result<Value> {
    let setup = dataset_with_folds(&request.fields)?;
    micro::score_of_means(request, &setup, read_model(&request.fields)?)
}

/// `1_dataset_known_folds_mos_micro`: `dataset`, `folding`, `scores`, `eps`,
/// `fold_score_bounds`, `model`.
pub(crate) fn dataset_known_folds_mos_micro(request: &Request<'_>) -> Result<Value> {
    let setup = dataset_with_folds(&request.fields)?;
    micro::mean_of_scores(request, &setup, read_model(&request.fields)?)
}

/// `1_testset_no_kfold_macro`: `testset`, `scores`, `eps`, `class_score_bounds`, `model`.
pub(crate) fn testset_no_kfold_macro(request: &Request<'_>) -> Result<Value> {
    let setup = testset(&request.fields)?;
    macro_avg::score_of_means(request, &setup, read_model(&request.fields)?)
}

/// `1_dataset_known_folds_som_macro`: `dataset`, `folding`, `scores`, `eps`,
/// `class_score_bounds`, `model`.
pub(crate) fn dataset_known_folds_som_macro(request: &Request<'_>) -> Result<Value> {
    let setup = dataset_with_folds(&request.fields)?;
    macro_avg::score_of_means(request, &setup, read_model(&request.fields)?)
}

/// `1_dataset_known_folds_mos_macro`: `dataset`, `folding`, `scores`, `eps`,
/// `class_score_bounds`, `fold_score_bounds`, `model`.
pub(crate) fn dataset_known_folds_mos_macro(request: &Request<'_>) -> Result<Value> {
    let setup = dataset_with_folds(&request.fields)?;
    macro_avg::mean_of_scores(request, &setup, read_model(&request.fields)?)
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
