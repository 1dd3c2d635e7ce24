//! The retinal vessel segmentation bundles: DRIVE, STARE, CHASE_DB1 and HRF, per image and aggregated.

use scorecheck_data::{self as data, Assumption, LookupError, LookupErrorKind, Subset};
use serde_json::Value;

use super::{combine, lookup, mos_check, single_check, som_check, Testset};
use crate::dispatch::Request;
use crate::input::Object;
use crate::json::Json;
use crate::{Error, ErrorKind, Result};

/// The four vessel bundles.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Bundle {
    Drive,
    Stare,
    Chasedb1,
    Hrf,
}

/// The annotator of a bundle's ground truth, read from the request.
enum Annotator<'a> {
    /// DRIVE's 1 or 2.
    Number(u8),
    /// STARE's `"ah"`/`"vk"`, CHASE_DB1's `"manual1"`/`"manual2"`.
    Name(&'a str),
    /// HRF has one annotation.
    None,
}

fn annotator<'a>(bundle: Bundle, fields: &Object<'a>) -> Result<Annotator<'a>> {
    let path = fields.field_path("annotator");
    match bundle {
        Bundle::Hrf => Ok(Annotator::None),
        Bundle::Drive => {
            let value = fields.required(
                "annotator",
                "the DRIVE annotation, 1 or 2 (papers usually use 1)",
            )?;
            let number = match value {
                Json::Number(n) => n.as_u64(),
                Json::String(s) => s.parse::<u64>().ok(),
                _ => None,
            };
            match number.and_then(|n| u8::try_from(n).ok()) {
                Some(n @ (1 | 2)) => Ok(Annotator::Number(n)),
                _ => Err(Error::new(
                    ErrorKind::InvalidValue,
                    Some(&path),
                    format!("the DRIVE annotator is 1 or 2, found {value}"),
                )),
            }
        }
        Bundle::Stare => Ok(Annotator::Name(super::text(
            fields,
            "annotator",
            "the STARE annotation, \"ah\" or \"vk\"",
        )?)),
        Bundle::Chasedb1 => Ok(Annotator::Name(super::text(
            fields,
            "annotator",
            "the CHASE_DB1 annotation, \"manual1\" or \"manual2\"",
        )?)),
    }
}

/// Maps a lookup failure to the field to change: the image field for an unknown image,
/// the annotator for an unknown or unpublished annotation.
fn blame(image_field: &str) -> impl Fn(LookupError) -> Error + '_ {
    move |error| {
        let field = match error.kind() {
            LookupErrorKind::UnknownImage => image_field,
            LookupErrorKind::InvalidParameter | LookupErrorKind::Unavailable => "annotator",
            _ => image_field,
        };
        lookup(field)(error)
    }
}

fn to_testsets(images: Vec<data::ImageStats>) -> Vec<Testset> {
    images.into_iter().map(Testset::from).collect()
}

/// The images named by `imageset`: a subset keyword (`"train"`/`"test"` for DRIVE, `"all"`
/// otherwise), one identifier, or a list of identifiers.
fn imageset(bundle: Bundle, fields: &Object<'_>, assumption: Assumption) -> Result<Vec<Testset>> {
    let keywords = if bundle == Bundle::Drive {
        "\"train\" or \"test\""
    } else {
        "\"all\""
    };
    let what = format!("{keywords}, or a list of image identifiers");
    let ids = super::names(fields, "imageset", &what)?;
    let annotator = annotator(bundle, fields)?;
    let field = fields.field_path("imageset");
    let keyword = match ids.as_slice() {
        [one] => Some(*one),
        _ => None,
    };
    let images = match (bundle, &annotator, keyword) {
        (Bundle::Drive, Annotator::Number(a), Some(k @ ("train" | "test"))) => {
            let subset: Subset = k.parse().map_err(lookup(&field))?;
            data::drive_images(subset, *a, assumption)
        }
        (Bundle::Drive, Annotator::Number(a), _) => data::drive_select(&ids, *a, assumption),
        (Bundle::Stare, Annotator::Name(a), Some("all")) => data::stare_images(a),
        (Bundle::Stare, Annotator::Name(a), _) => data::stare_select(&ids, a),
        (Bundle::Chasedb1, Annotator::Name(a), Some("all")) => data::chasedb1_images(a),
        (Bundle::Chasedb1, Annotator::Name(a), _) => data::chasedb1_select(&ids, a),
        (Bundle::Hrf, _, Some("all")) => data::hrf_images(assumption),
        (Bundle::Hrf, _, _) => data::hrf_select(&ids, assumption),
        _ => {
            return Err(Error::new(
                ErrorKind::InvalidValue,
                Some("annotator"),
                "this bundle takes no such annotator",
            ))
        }
    };
    Ok(to_testsets(images.map_err(blame(&field))?))
}

/// The image named by `image_identifier`.
fn image(bundle: Bundle, fields: &Object<'_>, assumption: Assumption) -> Result<Testset> {
    let id = super::text(
        fields,
        "image_identifier",
        "the identifier of the image, e.g. \"01\"",
    )?;
    let annotator = annotator(bundle, fields)?;
    let field = fields.field_path("image_identifier");
    let image = match (bundle, &annotator) {
        (Bundle::Drive, Annotator::Number(a)) => data::drive_image(id, *a, assumption),
        (Bundle::Stare, Annotator::Name(a)) => data::stare_image(id, a),
        (Bundle::Chasedb1, Annotator::Name(a)) => data::chasedb1_image(id, a),
        (Bundle::Hrf, _) => data::hrf_image(id, assumption),
        _ => {
            return Err(Error::new(
                ErrorKind::InvalidValue,
                Some("annotator"),
                "this bundle takes no such annotator",
            ))
        }
    };
    Ok(image.map_err(blame(&field))?.into())
}

/// Both assumptions, mean of scores and score of means: `details_{fov,all}_{mos,som}`.
fn aggregated_both(bundle: Bundle, request: &Request<'_>) -> Result<Value> {
    let mut parts = Vec::new();
    for assumption in Assumption::ALL {
        let testsets = imageset(bundle, &request.fields, assumption)?;
        parts.push((format!("{assumption}_mos"), mos_check(request, &testsets)?));
        parts.push((format!("{assumption}_som"), som_check(request, &testsets)?));
    }
    Ok(combine(parts))
}

/// Both assumptions for one image: `details_fov`, `details_all`.
fn image_both(bundle: Bundle, request: &Request<'_>) -> Result<Value> {
    let mut parts = Vec::new();
    for assumption in Assumption::ALL {
        let testset = image(bundle, &request.fields, assumption)?;
        parts.push((assumption.to_string(), single_check(request, &testset)?));
    }
    Ok(combine(parts))
}

fn aggregated_mos_assumption(bundle: Bundle, request: &Request<'_>) -> Result<Value> {
    let assumption = super::assumption(&request.fields)?;
    mos_check(request, &imageset(bundle, &request.fields, assumption)?)
}

fn aggregated_som_assumption(bundle: Bundle, request: &Request<'_>) -> Result<Value> {
    let assumption = super::assumption(&request.fields)?;
    som_check(request, &imageset(bundle, &request.fields, assumption)?)
}

fn image_assumption(bundle: Bundle, request: &Request<'_>) -> Result<Value> {
    let assumption = super::assumption(&request.fields)?;
    single_check(request, &image(bundle, &request.fields, assumption)?)
}

/// `drive_vessel_aggregated`: `imageset`, `annotator`, `scores`, `eps`, `score_bounds`.
pub(crate) fn drive_vessel_aggregated(request: &Request<'_>) -> Result<Value> {
    aggregated_both(Bundle::Drive, request)
}

/// `drive_vessel_aggregated_mos_assumption`: one assumption, mean of scores.
pub(crate) fn drive_vessel_aggregated_mos_assumption(request: &Request<'_>) -> Result<Value> {
    aggregated_mos_assumption(Bundle::Drive, request)
}

/// `drive_vessel_aggregated_som_assumption`: one assumption, score of means.
pub(crate) fn drive_vessel_aggregated_som_assumption(request: &Request<'_>) -> Result<Value> {
    aggregated_som_assumption(Bundle::Drive, request)
}

/// `drive_vessel_image`: `image_identifier`, `annotator`, under both assumptions.
pub(crate) fn drive_vessel_image(request: &Request<'_>) -> Result<Value> {
    image_both(Bundle::Drive, request)
}

/// `drive_vessel_image_assumption`: one image under one assumption.
pub(crate) fn drive_vessel_image_assumption(request: &Request<'_>) -> Result<Value> {
    image_assumption(Bundle::Drive, request)
}

/// `stare_vessel_aggregated`: `imageset`, `annotator`; `details_mos`, `details_som`.
pub(crate) fn stare_vessel_aggregated(request: &Request<'_>) -> Result<Value> {
    let testsets = imageset(Bundle::Stare, &request.fields, Assumption::Fov)?;
    Ok(combine(vec![
        ("mos".into(), mos_check(request, &testsets)?),
        ("som".into(), som_check(request, &testsets)?),
    ]))
}

/// `stare_vessel_aggregated_mos`.
pub(crate) fn stare_vessel_aggregated_mos(request: &Request<'_>) -> Result<Value> {
    mos_check(
        request,
        &imageset(Bundle::Stare, &request.fields, Assumption::Fov)?,
    )
}

/// `stare_vessel_aggregated_som`.
pub(crate) fn stare_vessel_aggregated_som(request: &Request<'_>) -> Result<Value> {
    som_check(
        request,
        &imageset(Bundle::Stare, &request.fields, Assumption::Fov)?,
    )
}

/// `stare_vessel_image`: one image, one single-matrix check.
pub(crate) fn stare_vessel_image(request: &Request<'_>) -> Result<Value> {
    single_check(
        request,
        &image(Bundle::Stare, &request.fields, Assumption::Fov)?,
    )
}

/// `chasedb1_vessel_aggregated`: `imageset`, `annotator`; `details_mos`, `details_som`.
pub(crate) fn chasedb1_vessel_aggregated(request: &Request<'_>) -> Result<Value> {
    let testsets = imageset(Bundle::Chasedb1, &request.fields, Assumption::Fov)?;
    Ok(combine(vec![
        ("mos".into(), mos_check(request, &testsets)?),
        ("som".into(), som_check(request, &testsets)?),
    ]))
}

/// `chasedb1_vessel_aggregated_mos`.
pub(crate) fn chasedb1_vessel_aggregated_mos(request: &Request<'_>) -> Result<Value> {
    mos_check(
        request,
        &imageset(Bundle::Chasedb1, &request.fields, Assumption::Fov)?,
    )
}

/// `chasedb1_vessel_aggregated_som`.
pub(crate) fn chasedb1_vessel_aggregated_som(request: &Request<'_>) -> Result<Value> {
    som_check(
        request,
        &imageset(Bundle::Chasedb1, &request.fields, Assumption::Fov)?,
    )
}

/// `chasedb1_vessel_image`: one image, one single-matrix check.
pub(crate) fn chasedb1_vessel_image(request: &Request<'_>) -> Result<Value> {
    single_check(
        request,
        &image(Bundle::Chasedb1, &request.fields, Assumption::Fov)?,
    )
}

/// `hrf_vessel_aggregated`: `imageset`, under both assumptions.
pub(crate) fn hrf_vessel_aggregated(request: &Request<'_>) -> Result<Value> {
    aggregated_both(Bundle::Hrf, request)
}

/// `hrf_vessel_aggregated_mos_assumption`.
pub(crate) fn hrf_vessel_aggregated_mos_assumption(request: &Request<'_>) -> Result<Value> {
    aggregated_mos_assumption(Bundle::Hrf, request)
}

/// `hrf_vessel_aggregated_som_assumption`.
pub(crate) fn hrf_vessel_aggregated_som_assumption(request: &Request<'_>) -> Result<Value> {
    aggregated_som_assumption(Bundle::Hrf, request)
}

/// `hrf_vessel_image`: `image_identifier`, under both assumptions.
pub(crate) fn hrf_vessel_image(request: &Request<'_>) -> Result<Value> {
    image_both(Bundle::Hrf, request)
}

/// `hrf_vessel_image_assumption`.
pub(crate) fn hrf_vessel_image_assumption(request: &Request<'_>) -> Result<Value> {
    image_assumption(Bundle::Hrf, request)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drive_annotator_must_be_one_or_two() {
        let value = Json::from(serde_json::json!({"annotator": 3}));
        let fields = Object::new(&value, "").expect("object");
        let error = annotator(Bundle::Drive, &fields).err().expect("an error");
        assert_eq!(error.field(), Some("annotator"));
    }
}
