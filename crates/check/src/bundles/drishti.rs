//! The DRISHTI_GS optic disc and optic cup segmentation bundle, per image and aggregated.

use scorecheck_data::{self as data, LookupErrorKind, Subset};
use serde_json::Value;

use super::{combine, lookup, mos_check, names, single_check, som_check, Testset};
use crate::dispatch::Request;
use crate::input::Object;
use crate::Result;

/// The test sets of `images` for the request's `target` (`"OD"`/`"OC"`) at its `confidence`.
fn testsets(fields: &Object<'_>, images: &[&str], image_field: &str) -> Result<Vec<Testset>> {
    let target = super::text(
        fields,
        "target",
        "the anatomical target, \"OD\" (optic disc) or \"OC\" (optic cup)",
    )?;
    let (numerator, denominator) = super::confidence(fields)?;
    let mut out = Vec::with_capacity(images.len());
    for image in images {
        let histogram =
            data::drishti_gs_histogram(image, target).map_err(|error| match error.kind() {
                LookupErrorKind::UnknownImage => lookup(image_field)(error),
                _ => lookup("target")(error),
            })?;
        let set = histogram
            .split_at_confidence(numerator, denominator)
            .map_err(lookup("confidence"))?;
        out.push(Testset {
            identifier: Some((*image).to_string()),
            p: set.p,
            n: set.n,
        });
    }
    Ok(out)
}

/// The images of `subset`: `"train"`, `"test"`, one image identifier or a list of them.
fn subset_testsets(fields: &Object<'_>) -> Result<Vec<Testset>> {
    let ids = names(
        fields,
        "subset",
        "\"train\", \"test\", or image identifiers",
    )?;
    let images = match ids.as_slice() {
        [one @ ("train" | "test")] => {
            let subset: Subset = one.parse().map_err(lookup("subset"))?;
            data::drishti_gs_images(subset).map_err(lookup("subset"))?
        }
        _ => ids,
    };
    testsets(fields, &images, "subset")
}

/// `drishti_gs_segmentation_image`: `image_identifier`, `confidence`, `target`.
pub(crate) fn drishti_gs_segmentation_image(request: &Request<'_>) -> Result<Value> {
    let fields = &request.fields;
    let image = super::text(
        fields,
        "image_identifier",
        "the identifier of the image, e.g. \"053\"",
    )?;
    let sets = testsets(fields, &[image], "image_identifier")?;
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
    mos_check(request, &subset_testsets(&request.fields)?)
}

/// `drishti_gs_segmentation_aggregated_som`.
pub(crate) fn drishti_gs_segmentation_aggregated_som(request: &Request<'_>) -> Result<Value> {
    som_check(request, &subset_testsets(&request.fields)?)
}

/// `drishti_gs_segmentation_aggregated`: `details_mos` and `details_som`.
pub(crate) fn drishti_gs_segmentation_aggregated(request: &Request<'_>) -> Result<Value> {
    let sets = subset_testsets(&request.fields)?;
    Ok(combine(vec![
        ("mos".into(), mos_check(request, &sets)?),
        ("som".into(), som_check(request, &sets)?),
    ]))
}
