//! The DRISHTI_GS optic disc and optic cup segmentation bundle, per image and aggregated.

use serde_json::Value;

use super::{combine, mos_check, single_check, som_check};
use crate::dispatch::Request;
use crate::Result;
use scorecheck_request::bundles::{drishti_subset_testsets, drishti_testsets, text};

/// `drishti_gs_segmentation_image`: `image_identifier`, `confidence`, `target`.
pub(crate) fn drishti_gs_segmentation_image(request: &Request<'_>) -> Result<Value> {
    let fields = &request.fields;
    let image = text(
        fields,
        "image_identifier",
        "the identifier of the image, e.g. \"053\"",
    )?;
    let sets = drishti_testsets(fields, &[image], "image_identifier")?;
    match sets.first() {
        Some(testset) => single_check(request, testset),
        None => Err(crate::Error::new(
            crate::ErrorKind::InvalidValue,
            Some("image_identifier"),
            "no such image",
        )),
    }
}

/// `drishti_gs_segmentation_aggregated_mos`.
pub(crate) fn drishti_gs_segmentation_aggregated_mos(request: &Request<'_>) -> Result<Value> {
    mos_check(request, &drishti_subset_testsets(&request.fields)?)
}

/// `drishti_gs_segmentation_aggregated_som`.
pub(crate) fn drishti_gs_segmentation_aggregated_som(request: &Request<'_>) -> Result<Value> {
    som_check(request, &drishti_subset_testsets(&request.fields)?)
}

/// `drishti_gs_segmentation_aggregated`: `details_mos` and `details_som`.
pub(crate) fn drishti_gs_segmentation_aggregated(request: &Request<'_>) -> Result<Value> {
    let sets = drishti_subset_testsets(&request.fields)?;
    Ok(combine(vec![
        ("mos".into(), mos_check(request, &sets)?),
        ("som".into(), som_check(request, &sets)?),
    ]))
}
