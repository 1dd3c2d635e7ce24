//! The protocol table: every check name a request may give, with the function answering it
//! (the one place a protocol is registered).

use serde_json::Value;

use crate::dispatch::Request;
use crate::Result;

/// A protocol: reads its fields and answers.
pub(crate) type Handler = fn(&Request<'_>) -> Result<Value>;

/// Every check name, with its handler: the score-of-means, mean-of-scores, unknown-folds,
/// regression, multiclass and bundle protocols.
pub(crate) const PROTOCOLS: &[(&str, Handler)] = &[
    ("1_testset_no_kfold", crate::binary_som::testset_no_kfold),
    ("1_dataset_kfold_som", crate::binary_som::dataset_kfold_som),
    (
        "n_testsets_som_no_kfold",
        crate::binary_som::testsets_som_no_kfold,
    ),
    (
        "n_datasets_som_kfold_som",
        crate::binary_som::datasets_som_kfold_som,
    ),
    (
        "1_dataset_known_folds_mos",
        crate::mos::dataset_known_folds_mos,
    ),
    ("n_testsets_mos_no_kfold", crate::mos::testsets_mos_no_kfold),
    (
        "n_datasets_mos_kfold_som",
        crate::mos::datasets_mos_kfold_som,
    ),
    (
        "n_datasets_mos_known_folds_mos",
        crate::mos::datasets_mos_known_folds_mos,
    ),
    (
        "1_dataset_unknown_folds_mos",
        crate::unknown_folds::dataset_unknown_folds_mos,
    ),
    (
        "n_datasets_mos_unknown_folds_mos",
        crate::unknown_folds::datasets_mos_unknown_folds_mos,
    ),
    (
        "regression_1_testset_no_kfold",
        crate::regression::testset_no_kfold,
    ),
    (
        "1_testset_no_kfold_micro",
        crate::multiclass::testset_no_kfold_micro,
    ),
    (
        "1_testset_no_kfold_macro",
        crate::multiclass::testset_no_kfold_macro,
    ),
    (
        "1_dataset_known_folds_som_micro",
        crate::multiclass::dataset_known_folds_som_micro,
    ),
    (
        "1_dataset_known_folds_som_macro",
        crate::multiclass::dataset_known_folds_som_macro,
    ),
    (
        "1_dataset_known_folds_mos_micro",
        crate::multiclass::dataset_known_folds_mos_micro,
    ),
    (
        "1_dataset_known_folds_mos_macro",
        crate::multiclass::dataset_known_folds_mos_macro,
    ),
    (
        "drive_vessel_aggregated",
        crate::bundles::drive_vessel_aggregated,
    ),
    (
        "drive_vessel_aggregated_mos_assumption",
        crate::bundles::drive_vessel_aggregated_mos_assumption,
    ),
    (
        "drive_vessel_aggregated_som_assumption",
        crate::bundles::drive_vessel_aggregated_som_assumption,
    ),
    ("drive_vessel_image", crate::bundles::drive_vessel_image),
    (
        "drive_vessel_image_assumption",
        crate::bundles::drive_vessel_image_assumption,
    ),
    (
        "stare_vessel_aggregated",
        crate::bundles::stare_vessel_aggregated,
    ),
    (
        "stare_vessel_aggregated_mos",
        crate::bundles::stare_vessel_aggregated_mos,
    ),
    (
        "stare_vessel_aggregated_som",
        crate::bundles::stare_vessel_aggregated_som,
    ),
    ("stare_vessel_image", crate::bundles::stare_vessel_image),
    (
        "chasedb1_vessel_aggregated",
        crate::bundles::chasedb1_vessel_aggregated,
    ),
    (
        "chasedb1_vessel_aggregated_mos",
        crate::bundles::chasedb1_vessel_aggregated_mos,
    ),
    (
        "chasedb1_vessel_aggregated_som",
        crate::bundles::chasedb1_vessel_aggregated_som,
    ),
    (
        "chasedb1_vessel_image",
        crate::bundles::chasedb1_vessel_image,
    ),
    (
        "hrf_vessel_aggregated",
        crate::bundles::hrf_vessel_aggregated,
    ),
    (
        "hrf_vessel_aggregated_mos_assumption",
        crate::bundles::hrf_vessel_aggregated_mos_assumption,
    ),
    (
        "hrf_vessel_aggregated_som_assumption",
        crate::bundles::hrf_vessel_aggregated_som_assumption,
    ),
    ("hrf_vessel_image", crate::bundles::hrf_vessel_image),
    (
        "hrf_vessel_image_assumption",
        crate::bundles::hrf_vessel_image_assumption,
    ),
    ("diaretdb0_class", crate::bundles::diaretdb0_class),
    ("diaretdb0_class_som", crate::bundles::diaretdb0_class_som),
    ("diaretdb0_class_mos", crate::bundles::diaretdb0_class_mos),
    ("diaretdb1_class", crate::bundles::diaretdb1_class),
    (
        "diaretdb1_segmentation_image",
        crate::bundles::diaretdb1_segmentation_image,
    ),
    (
        "diaretdb1_segmentation_image_assumption",
        crate::bundles::diaretdb1_segmentation_image_assumption,
    ),
    (
        "diaretdb1_segmentation_aggregated",
        crate::bundles::diaretdb1_segmentation_aggregated,
    ),
    (
        "diaretdb1_segmentation_aggregated_assumption",
        crate::bundles::diaretdb1_segmentation_aggregated_assumption,
    ),
    (
        "drishti_gs_segmentation_image",
        crate::bundles::drishti_gs_segmentation_image,
    ),
    (
        "drishti_gs_segmentation_aggregated",
        crate::bundles::drishti_gs_segmentation_aggregated,
    ),
    (
        "drishti_gs_segmentation_aggregated_mos",
        crate::bundles::drishti_gs_segmentation_aggregated_mos,
    ),
    (
        "drishti_gs_segmentation_aggregated_som",
        crate::bundles::drishti_gs_segmentation_aggregated_som,
    ),
    ("tpehg", crate::bundles::tpehg),
    ("isic2016", crate::bundles::isic2016),
    ("isic2017", crate::bundles::isic2017),
];

/// The first bundle of [`PROTOCOLS`]: every name from it on is a published experiment of
/// `scorecheck-data` (image sets and class-level studies).
const FIRST_BUNDLE: &str = "drive_vessel_aggregated";

/// The wall-clock budget of a whole bundle answer when the request sets none: a bundle
/// answers many integer programs (per image, per assumption, their explanations), each
/// with its own 60 s default, so without a total budget one answer could run for hours.
/// Past it the parts not yet decided are undecided, with what was covered.
pub(crate) const DEFAULT_BUNDLE_TIME_LIMIT: std::time::Duration =
    std::time::Duration::from_secs(60);

/// Whether `name` (a canonical check name) is a bundle with many integer programs;
/// `tpehg`, an unknown-folds sweep, has the sweep's own default budget instead.
pub(crate) fn is_bundle(name: &str) -> bool {
    let first = PROTOCOLS
        .iter()
        .position(|(n, _)| *n == FIRST_BUNDLE)
        .unwrap_or(PROTOCOLS.len());
    name != "tpehg" && PROTOCOLS[first..].iter().any(|(n, _)| *n == name)
}

#[cfg(test)]
mod tests {
    #[test]
    fn bundles_are_the_published_experiments() {
        use super::is_bundle;
        assert!(is_bundle("diaretdb1_segmentation_aggregated"));
        assert!(is_bundle("drive_vessel_image"));
        assert!(is_bundle("isic2017"));
        assert!(!is_bundle("tpehg"));
        assert!(!is_bundle("1_dataset_known_folds_mos_macro"));
        assert!(!is_bundle("n_datasets_mos_unknown_folds_mos"));
        // Every bundle reads its test sets from the registry of published experiments.
        let first = super::PROTOCOLS
            .iter()
            .position(|(n, _)| *n == super::FIRST_BUNDLE)
            .unwrap();
        assert!(super::PROTOCOLS[..first]
            .iter()
            .all(|(n, _)| n.contains("kfold")
                || n.contains("folds")
                || n.starts_with("regression")));
    }
}
