//! Every protocol a request may name, and reading a whole request once: the protocol's
//! typed request, the options, `power` and `id`, with every field read and unknown fields
//! refused before anything is answered.
//!
//! This table is the one place a protocol is registered: its name and the reader of its
//! typed request. The facade answers a [`Request`] by its [`Family`].

use crate::bundle_plans::{read_bundle, BundleRequest};
use crate::classes::{read_multiclass, MulticlassProtocol, MulticlassRequest};
use crate::input::Object;
use crate::json::Json;
use crate::mean_of_scores::{self, MeanOfScoresRequest};
use crate::options::RequestOptions;
use crate::regression::{self, RegressionRequest};
use crate::single_matrix::{self, SingleMatrixRequest, SplitsRequest};
use crate::unknown_folds::{self, UnknownFoldsRequest};
use crate::Result;

/// A request, read: what to check, how, and under which options.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Request {
    /// The canonical protocol name (`check` without the reference's `check_` prefix).
    pub check: &'static str,
    /// The protocol family's typed request.
    pub family: Family,
    /// The options the request gives (`None` where the caller's own apply).
    pub options: RequestOptions,
    /// Whether the request asks for the power of a consistent verdict (`"power": true`).
    pub power: bool,
}

/// The typed request of one protocol family.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum Family {
    /// One confusion matrix (one test set, or pooled folds, test sets or datasets).
    SingleMatrix(SingleMatrixRequest),
    /// A test set of known size and unknown class split: which splits fit.
    Splits(SplitsRequest),
    /// Scores averaged over folds, test sets or datasets.
    MeanOfScores(MeanOfScoresRequest),
    /// k-fold with folds of unknown composition.
    UnknownFolds(UnknownFoldsRequest),
    /// Micro or macro averages of a multiclass classifier.
    Multiclass(MulticlassRequest),
    /// Regression errors on one test set.
    Regression(RegressionRequest),
    /// A published experiment of `scorecheck-data`.
    Bundle(BundleRequest),
}

type Reader = fn(&Object<'_>) -> Result<Family>;

fn single(fields: &Object<'_>) -> Result<Family> {
    // A known size with an unknown class split: every split is tried.
    if fields
        .get("testset")
        .is_some_and(single_matrix::asks_for_splits)
    {
        return single_matrix::read_splits(fields).map(Family::Splits);
    }
    single_matrix::read_testset(fields).map(Family::SingleMatrix)
}

macro_rules! family {
    ($variant:ident, $reader:path) => {
        |fields| $reader(fields).map(Family::$variant)
    };
}

macro_rules! multiclass {
    ($protocol:ident) => {
        |fields| read_multiclass(fields, MulticlassProtocol::$protocol).map(Family::Multiclass)
    };
}

/// Every protocol but the bundles, with the reader of its typed request; then the bundles
/// ([`BUNDLES`]), read by [`read_bundle`].
const PROTOCOLS: &[(&str, Reader)] = &[
    ("1_testset_no_kfold", single),
    (
        "1_dataset_kfold_som",
        family!(SingleMatrix, single_matrix::read_dataset_kfold),
    ),
    (
        "n_testsets_som_no_kfold",
        family!(SingleMatrix, single_matrix::read_testsets_pooled),
    ),
    (
        "n_datasets_som_kfold_som",
        family!(SingleMatrix, single_matrix::read_datasets_pooled),
    ),
    (
        "1_dataset_known_folds_mos",
        family!(MeanOfScores, mean_of_scores::read_dataset_known_folds),
    ),
    (
        "n_testsets_mos_no_kfold",
        family!(MeanOfScores, mean_of_scores::read_testsets),
    ),
    (
        "n_datasets_mos_kfold_som",
        family!(MeanOfScores, mean_of_scores::read_datasets_pooled),
    ),
    (
        "n_datasets_mos_known_folds_mos",
        family!(MeanOfScores, mean_of_scores::read_datasets_known_folds),
    ),
    (
        "1_dataset_unknown_folds_mos",
        family!(UnknownFolds, unknown_folds::read_one),
    ),
    (
        "n_datasets_mos_unknown_folds_mos",
        family!(UnknownFolds, unknown_folds::read_many),
    ),
    (
        "regression_1_testset_no_kfold",
        family!(Regression, regression::read_testset),
    ),
    ("1_testset_no_kfold_micro", multiclass!(TestsetMicro)),
    ("1_testset_no_kfold_macro", multiclass!(TestsetMacro)),
    (
        "1_dataset_known_folds_som_micro",
        multiclass!(DatasetSomMicro),
    ),
    (
        "1_dataset_known_folds_som_macro",
        multiclass!(DatasetSomMacro),
    ),
    (
        "1_dataset_known_folds_mos_micro",
        multiclass!(DatasetMosMicro),
    ),
    (
        "1_dataset_known_folds_mos_macro",
        multiclass!(DatasetMosMacro),
    ),
];

/// The bundles: published experiments whose test sets come from `scorecheck-data`.
pub const BUNDLES: &[&str] = &[
    "drive_vessel_aggregated",
    "drive_vessel_aggregated_mos_assumption",
    "drive_vessel_aggregated_som_assumption",
    "drive_vessel_image",
    "drive_vessel_image_assumption",
    "stare_vessel_aggregated",
    "stare_vessel_aggregated_mos",
    "stare_vessel_aggregated_som",
    "stare_vessel_image",
    "chasedb1_vessel_aggregated",
    "chasedb1_vessel_aggregated_mos",
    "chasedb1_vessel_aggregated_som",
    "chasedb1_vessel_image",
    "hrf_vessel_aggregated",
    "hrf_vessel_aggregated_mos_assumption",
    "hrf_vessel_aggregated_som_assumption",
    "hrf_vessel_image",
    "hrf_vessel_image_assumption",
    "diaretdb0_class",
    "diaretdb0_class_som",
    "diaretdb0_class_mos",
    "diaretdb1_class",
    "diaretdb1_segmentation_image",
    "diaretdb1_segmentation_image_assumption",
    "diaretdb1_segmentation_aggregated",
    "diaretdb1_segmentation_aggregated_assumption",
    "drishti_gs_segmentation_image",
    "drishti_gs_segmentation_aggregated",
    "drishti_gs_segmentation_aggregated_mos",
    "drishti_gs_segmentation_aggregated_som",
    "tpehg",
    "isic2016",
    "isic2017",
];

/// Fields accepted for compatibility with the reference but without effect.
pub const IGNORED_FIELDS: &[&str] = &["verbosity", "prefilter_by_pairs", "solver_name"];

/// The name of every protocol, in the order error messages and listings give them.
pub fn check_names() -> Vec<&'static str> {
    PROTOCOLS
        .iter()
        .map(|(name, _)| *name)
        .chain(BUNDLES.iter().copied())
        .collect()
}

/// Reads a whole request: `check`, `id`, the options (`backends` are the names `backend` may
/// take), `power`, the protocol's own fields, and refuses fields it does not know.
///
/// # Errors
///
/// An [`crate::Error`] naming the first field (or `check`) that is missing, misspelt or
/// invalid, in the order: the request itself, `check`, the options, `power`, the protocol's
/// fields, unknown fields.
pub fn read(request: &Json, backends: &[&str]) -> Result<Request> {
    let fields = Object::new(request, "")?;
    let names = check_names();
    let check = names[crate::read_check(&fields, &names)?];
    fields.get("id");
    let options = crate::options::read(&fields, backends)?;
    let power = crate::power::read_power(&fields, check)?;
    let family = match PROTOCOLS.iter().find(|(name, _)| *name == check) {
        Some((_, reader)) => reader(&fields)?,
        None => match read_bundle(check, &fields) {
            Some(bundle) => Family::Bundle(bundle?),
            // Every name of check_names() has a reader; this one would be a slip here.
            None => {
                return Err(crate::Error::new(
                    crate::ErrorKind::UnknownCheck,
                    Some("check"),
                    format!("the check {check:?} is listed but has no reader in this build"),
                ))
            }
        },
    };
    fields.finish(IGNORED_FIELDS)?;
    Ok(Request {
        check,
        family,
        options,
        power,
    })
}
