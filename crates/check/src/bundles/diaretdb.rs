//! The diabetic retinopathy bundles: DIARETDB0 (image-level, by batch) and DIARETDB1 (image- and pixel-level).

use scorecheck_data::Assumption;
use serde_json::{json, Map, Value};

use super::{flag, mos_check, mos_undefined, single_check, som_check};
use crate::dispatch::Request;
use crate::json::Json;
use crate::{Error, ErrorKind, Result};
use scorecheck_request::bundles::{
    assumption, diaretdb0_testsets, diaretdb1_pixel_level, diaretdb1_subset, text, Testset,
};

/// Score of means always, mean of scores where it is defined: `details_som`, `details_mos`
/// (or `mos_not_checked` with the reason), and their flags under `inconsistency`.
fn som_and_mos(request: &Request<'_>, testsets: &[Testset]) -> Result<Map<String, Value>> {
    let som = som_check(request, testsets)?;
    let mut flags = Map::new();
    let mut out = Map::new();
    flags.insert("inconsistency_som".into(), flag(&som));
    out.insert("details_som".into(), som);
    match mos_undefined(request, testsets)? {
        None => {
            let mos = mos_check(request, testsets)?;
            flags.insert("inconsistency_mos".into(), flag(&mos));
            out.insert("details_mos".into(), mos);
        }
        Some(reason) => {
            out.insert("mos_not_checked".into(), Value::String(reason));
        }
    }
    let mut result = Map::new();
    result.insert("inconsistency".into(), Value::Object(flags));
    result.extend(out);
    Ok(result)
}

/// `diaretdb0_class`: `details_som` and `details_mos` over the batches.
pub(crate) fn diaretdb0_class(request: &Request<'_>) -> Result<Value> {
    let testsets = diaretdb0_testsets(&request.fields)?;
    Ok(Value::Object(som_and_mos(request, &testsets)?))
}

/// `diaretdb0_class_som`: score of means over the batches.
pub(crate) fn diaretdb0_class_som(request: &Request<'_>) -> Result<Value> {
    som_check(request, &diaretdb0_testsets(&request.fields)?)
}

/// `diaretdb0_class_mos`: mean of scores over the batches.
pub(crate) fn diaretdb0_class_mos(request: &Request<'_>) -> Result<Value> {
    mos_check(request, &diaretdb0_testsets(&request.fields)?)
}

/// `diaretdb1_class`: image-level classification; an image is positive when any pixel of its
/// annotation reaches the confidence threshold.
pub(crate) fn diaretdb1_class(request: &Request<'_>) -> Result<Value> {
    let fields = &request.fields;
    let images = diaretdb1_subset(fields)?;
    let pixels = diaretdb1_pixel_level(fields, &images, Assumption::All, "subset")?;
    let p = pixels.iter().filter(|t| t.p > 0).count() as u64;
    let testset = Testset {
        identifier: None,
        p,
        n: pixels.len() as u64 - p,
    };
    let mut result = single_check(request, &testset)?;
    if let Value::Object(map) = &mut result {
        let positive: Vec<&str> = pixels
            .iter()
            .filter(|t| t.p > 0)
            .filter_map(|t| t.identifier.as_deref())
            .collect();
        map.insert("positive_images".into(), json!(positive));
    }
    Ok(result)
}

fn segmentation_image_one(request: &Request<'_>, assumption: Assumption) -> Result<Value> {
    let fields = &request.fields;
    let image = text(
        fields,
        "image_identifier",
        "the identifier of the image, e.g. \"005\"",
    )?;
    let sets = diaretdb1_pixel_level(fields, &[image], assumption, "image_identifier")?;
    match sets.first() {
        Some(testset) => single_check(request, testset),
        None => Err(Error::new(
            ErrorKind::InvalidValue,
            Some("image_identifier"),
            "no such image",
        )),
    }
}

/// `diaretdb1_segmentation_image_assumption`: one image, one assumption.
pub(crate) fn diaretdb1_segmentation_image_assumption(request: &Request<'_>) -> Result<Value> {
    let assumption = assumption(&request.fields)?;
    segmentation_image_one(request, assumption)
}

/// `diaretdb1_segmentation_image`: one image under both assumptions.
pub(crate) fn diaretdb1_segmentation_image(request: &Request<'_>) -> Result<Value> {
    let mut parts = Vec::new();
    for assumption in Assumption::ALL {
        parts.push((
            assumption.to_string(),
            segmentation_image_one(request, assumption)?,
        ));
    }
    Ok(super::combine(parts))
}

fn segmentation_aggregated_one(
    request: &Request<'_>,
    assumption: Assumption,
) -> Result<Map<String, Value>> {
    let fields = &request.fields;
    let images = diaretdb1_subset(fields)?;
    let only_valid = match fields.required(
        "only_valid",
        "whether images without any positive or negative pixel are left out (true/false)",
    )? {
        Json::Bool(b) => *b,
        other => {
            return Err(Error::new(
                ErrorKind::InvalidValue,
                Some("only_valid"),
                format!("expected true or false, found {other}"),
            ))
        }
    };
    let mut testsets = diaretdb1_pixel_level(fields, &images, assumption, "subset")?;
    if only_valid {
        testsets.retain(|t| t.p > 0 && t.n > 0);
    }
    som_and_mos(request, &testsets)
}

/// `diaretdb1_segmentation_aggregated_assumption`: `details_som`, and `details_mos` where the
/// mean of the reported scores is defined on every image.
pub(crate) fn diaretdb1_segmentation_aggregated_assumption(request: &Request<'_>) -> Result<Value> {
    let assumption = assumption(&request.fields)?;
    Ok(Value::Object(segmentation_aggregated_one(
        request, assumption,
    )?))
}

/// `diaretdb1_segmentation_aggregated`: both assumptions; flags `inconsistency_{fov,all}_som`
/// and, where defined, `inconsistency_{fov,all}_mos`.
pub(crate) fn diaretdb1_segmentation_aggregated(request: &Request<'_>) -> Result<Value> {
    let mut flags = Map::new();
    let mut details = Map::new();
    let mut parts = Vec::new();
    for assumption in Assumption::ALL {
        let part = segmentation_aggregated_one(request, assumption)?;
        flags.insert(
            format!("inconsistency_{assumption}_som"),
            part.get("details_som").map(flag).unwrap_or(Value::Null),
        );
        parts.push((assumption, part));
    }
    for (assumption, part) in parts {
        if let Some(mos) = part.get("details_mos") {
            flags.insert(format!("inconsistency_{assumption}_mos"), flag(mos));
        }
        details.insert(format!("details_{assumption}"), Value::Object(part));
    }
    let mut result = Map::new();
    result.insert("inconsistency".into(), Value::Object(flags));
    result.extend(details);
    Ok(Value::Object(result))
}
