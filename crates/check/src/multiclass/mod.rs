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
use crate::input::Object;
use crate::json::Json;
use crate::{Error, ErrorKind, Result};

use crate::classes as folds;
pub(crate) use crate::classes::ClassCounts;
pub(crate) use scorecheck_multiclass::Model;

/// Reads `model` (`"exact"` by default, or `"one_vs_rest"`).
fn read_model(fields: &Object<'_>) -> Result<Model> {
    match fields.get("model") {
        None => Ok(Model::Exact),
        Some(Json::String(s)) if s == "exact" => Ok(Model::Exact),
        Some(Json::String(s)) if s == "one_vs_rest" || s == "one-vs-rest" => Ok(Model::OneVsRest),
        Some(other) => Err(Error::new(
            ErrorKind::InvalidValue,
            Some("model"),
            format!("unknown model {other}; use \"exact\" (K×K confusion matrices, the default) or \"one_vs_rest\" (the reference's relaxation)"),
        )),
    }
}

/// A multiclass experiment: the classes, and the class counts of every fold (one fold for a
/// testset).
pub(crate) struct Setup {
    /// Class labels and dataset counts.
    pub(crate) classes: ClassCounts,
    /// Per fold, per class counts.
    pub(crate) folds: Vec<Vec<u64>>,
}

impl Setup {
    /// The per-class counts pooled over all folds.
    pub(crate) fn pooled(&self) -> Result<Vec<u64>> {
        let too_large = || {
            Error::new(
                ErrorKind::InvalidValue,
                Some("folding"),
                "the pooled counts exceed 2^64; counts this large are not supported",
            )
        };
        let mut out = vec![0u64; self.classes.labels.len()];
        for fold in &self.folds {
            for (o, &c) in out.iter_mut().zip(fold) {
                *o = o.checked_add(c).ok_or_else(too_large)?;
            }
        }
        // Callers sum the pooled counts freely, so their total must fit too.
        out.iter()
            .try_fold(0u64, |a, &c| a.checked_add(c))
            .ok_or_else(too_large)?;
        Ok(out)
    }
}

fn testset(fields: &Object<'_>) -> Result<Setup> {
    let classes = folds::class_counts(
        fields.required(
            "testset",
            "the test set's class counts, e.g. {\"0\": 10, \"1\": 100, \"2\": 80}",
        )?,
        "testset",
    )?;
    let folds = vec![classes.counts.clone()];
    Ok(Setup { classes, folds })
}

fn dataset_with_folds(fields: &Object<'_>) -> Result<Setup> {
    let classes = folds::class_counts(
        fields.required(
            "dataset",
            "the dataset's class counts, e.g. {\"0\": 129, \"1\": 81, \"2\": 135}",
        )?,
        "dataset",
    )?;
    let folds = folds::folds(
        fields.required("folding", "the folds: {\"folds\": [{\"0\": 65, ...}, ...]} or {\"n_folds\": 5, \"n_repeats\": 1, \"strategy\": \"stratified_sklearn\"}")?,
        "folding",
        &classes,
    )?;
    Ok(Setup { classes, folds })
}

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
