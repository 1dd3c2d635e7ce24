//! The single-matrix protocol handlers (read, answer, render), until the read-once pipeline
//! replaces them.

use serde_json::Value;

use crate::dispatch::Request;
use crate::Result;
use scorecheck_request::single_matrix::{self, SingleMatrixRequest};

/// `1_testset_no_kfold`: `testset`, `scores`, `eps`.
pub(crate) fn testset_no_kfold(request: &Request<'_>) -> Result<Value> {
    let fields = &request.fields;
    // A known size with an unknown class split: every split is tried (`setups`).
    if fields
        .get("testset")
        .is_some_and(single_matrix::asks_for_splits)
    {
        let read = single_matrix::read_splits(fields)?;
        let outcome = crate::single_matrix::splits::answer(&read, &request.options);
        return Ok(Value::Object(crate::render::single::splits(&outcome)));
    }
    decide(request, single_matrix::read_testset(fields)?)
}

/// `1_dataset_kfold_som`: `dataset`, `folding`, pooled over folds and repeats.
pub(crate) fn dataset_kfold_som(request: &Request<'_>) -> Result<Value> {
    decide(request, single_matrix::read_dataset_kfold(&request.fields)?)
}

/// `n_testsets_som_no_kfold`: `testsets`, pooled.
pub(crate) fn testsets_som_no_kfold(request: &Request<'_>) -> Result<Value> {
    decide(
        request,
        single_matrix::read_testsets_pooled(&request.fields)?,
    )
}

/// `n_datasets_som_kfold_som`: `evaluations` of `{dataset, folding}`, pooled.
pub(crate) fn datasets_som_kfold_som(request: &Request<'_>) -> Result<Value> {
    decide(
        request,
        single_matrix::read_datasets_pooled(&request.fields)?,
    )
}

/// Answers a single-matrix request that has been read and renders it.
pub(crate) fn decide(request: &Request<'_>, read: SingleMatrixRequest) -> Result<Value> {
    let outcome = crate::single_matrix::answer(&read, &request.options);
    Ok(Value::Object(crate::render::single::single_matrix(
        &outcome,
    )))
}

/// The JSON result of the engine's `outcome` on `problem` (multiclass micro averages answer
/// through it until they are typed).
pub(crate) fn render(
    problem: &crate::single::Problem,
    reported: &scorecheck_request::input::Reported,
    outcome: &crate::single::Outcome,
) -> Value {
    let outcome =
        crate::single_matrix::SingleMatrixOutcome::new(problem.clone(), reported, outcome.clone());
    Value::Object(crate::render::single::single_matrix(&outcome))
}
