//! Protocols beyond the single-matrix ones, registered with the dispatcher.

use crate::dispatch::Request;
use crate::error::Result;
use serde_json::Value;

/// A protocol handler.
pub(crate) type Handler = fn(&Request<'_>) -> Result<Value>;

/// The handlers of the mean-of-scores, unknown-folds, multiclass, regression and bundle
/// protocols.
pub(crate) fn handlers() -> Vec<(&'static str, Handler)> {
    vec![
        ("1_dataset_known_folds_mos", crate::mos::dataset_known_folds_mos),
        ("n_testsets_mos_no_kfold", crate::mos::testsets_mos_no_kfold),
        ("n_datasets_mos_kfold_som", crate::mos::datasets_mos_kfold_som),
        ("n_datasets_mos_known_folds_mos", crate::mos::datasets_mos_known_folds_mos),
        ("regression_1_testset_no_kfold", crate::regression::testset_no_kfold),
        ("1_testset_no_kfold_micro", crate::multiclass::testset_no_kfold_micro),
        ("1_testset_no_kfold_macro", crate::multiclass::testset_no_kfold_macro),
        ("1_dataset_known_folds_som_micro", crate::multiclass::dataset_known_folds_som_micro),
        ("1_dataset_known_folds_som_macro", crate::multiclass::dataset_known_folds_som_macro),
        ("1_dataset_known_folds_mos_micro", crate::multiclass::dataset_known_folds_mos_micro),
        ("1_dataset_known_folds_mos_macro", crate::multiclass::dataset_known_folds_mos_macro),
    ]
}
