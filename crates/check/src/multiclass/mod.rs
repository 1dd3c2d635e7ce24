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
