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
    ]
}
