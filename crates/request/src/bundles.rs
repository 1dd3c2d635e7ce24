//! The bundle requests (published experiments: retina, skin lesion) read into their test
//! sets, looked up in `scorecheck-data`: an unknown image, annotator, subset or class is an
//! error naming the field, never silently skipped.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{ToPrimitive, Zero};
use scorecheck_data::{
    self as data, Assumption, ImageStats, Isic2017Class, LookupError, LookupErrorKind, Subset,
};

use crate::input::{self, Object};
use crate::json::Json;
use crate::{Error, Result};

/// One binary test set of a bundle: an image, a batch or the whole test set.
#[derive(Clone, Debug)]
pub struct Testset {
    /// The identifier (image or batch), if the test set has one.
    pub identifier: Option<String>,
    /// Positives.
    pub p: u64,
    /// Negatives.
    pub n: u64,
}

impl From<ImageStats> for Testset {
    fn from(image: ImageStats) -> Testset {
        Testset {
            identifier: Some(image.identifier.to_string()),
            p: image.p,
            n: image.n,
        }
    }
}

/// Turns a lookup failure into a request error about `field`.
pub fn lookup(field: &str) -> impl Fn(LookupError) -> Error + '_ {
    move |error| Error::invalid(field, error.to_string())
}

/// The string field `key`.
///
/// # Errors
///
/// `MissingField` naming `key`, or `InvalidValue` when it is not a string.
pub fn text<'a>(fields: &Object<'a>, key: &str, what: &str) -> Result<&'a str> {
    match fields.required(key, what)? {
        Json::String(s) => Ok(s.as_str()),
        other => Err(Error::invalid(
            &fields.field_path(key),
            format!(
                "expected a string ({what}), found {}",
                input::describe(other)
            ),
        )),
    }
}

/// A field holding one name or a non-empty list of names (`"he"` or `["he", "se"]`).
///
/// # Errors
///
/// `MissingField` naming `key`; `InvalidValue` when it is neither a string nor a non-empty
/// list of strings.
pub fn names<'a>(fields: &Object<'a>, key: &str, what: &str) -> Result<Vec<&'a str>> {
    let path = fields.field_path(key);
    match fields.required(key, what)? {
        Json::String(s) => Ok(vec![s.as_str()]),
        Json::Array(items) if !items.is_empty() => {
            let mut read: Vec<&str> = Vec::with_capacity(items.len());
            for (i, item) in items.iter().enumerate() {
                let Json::String(s) = item else {
                    return Err(Error::invalid(
                        &input::index(&path, i),
                        format!("expected a string, found {}", input::describe(item)),
                    ));
                };
                // Listed twice, an item would count once (a set), or twice in a mean: said.
                if read.contains(&s.as_str()) {
                    return Err(Error::invalid(
                        &input::index(&path, i),
                        format!("{s:?} is listed twice; list each once"),
                    ));
                }
                read.push(s.as_str());
            }
            Ok(read)
        }
        Json::Array(_) => Err(Error::invalid(
            &path,
            format!("the list is empty; give {what}"),
        )),
        other => Err(Error::invalid(
            &path,
            format!(
                "expected a string or a list of strings ({what}), found {}",
                input::describe(other)
            ),
        )),
    }
}

/// The `assumption` field: `"fov"` or `"all"`.
///
/// # Errors
///
/// `MissingField` or `InvalidValue` naming `assumption` (not `"fov"` or `"all"`).
pub fn assumption(fields: &Object<'_>) -> Result<Assumption> {
    text(
        fields,
        "assumption",
        "the region of evaluation, \"fov\" or \"all\"",
    )?
    .parse()
    .map_err(lookup("assumption"))
}

/// The `subset` field as `"train"` or `"test"`.
///
/// # Errors
///
/// `MissingField` or `InvalidValue` naming `subset` (not `"train"` or `"test"`).
pub fn subset(fields: &Object<'_>) -> Result<Subset> {
    text(fields, "subset", "\"train\" or \"test\"")?
        .parse()
        .map_err(lookup("subset"))
}

/// The `confidence` field as the grey-level threshold it sets, `k / 255` (a pixel of grey
/// value `v` is positive when `v ≥ k`), in [0, 1].
///
/// The reference thresholds `v >= 255 * confidence` in floats; a confidence passed as the
/// float of `k / 255` (`128/255` is printed `0.5019607843137255`, a hair above it) then
/// counts grey level `k` in or out by one rounding of that product. The threshold here is
/// the reference's exactly: `k` is the least whole number at or above the `f64` product
/// `255 · c`, `c` the confidence's nearest `f64`. For any confidence printed with fewer
/// digits (`0.75`) it is the exact threshold as well.
///
/// # Errors
///
/// `MissingField` naming `confidence`; `InvalidValue` for a value outside [0, 1].
pub fn confidence(fields: &Object<'_>) -> Result<(u64, u64)> {
    let path = fields.field_path("confidence");
    let value = input::rational(
        fields.required(
            "confidence",
            "the confidence at which the soft ground truth is thresholded, e.g. 0.75",
        )?,
        &path,
    )?;
    if value < BigRational::zero() || value > BigRational::from_integer(BigInt::from(1)) {
        return Err(Error::invalid(
            &path,
            format!(
                "the confidence must lie in [0, 1], found {}",
                input::show(&value)
            ),
        ));
    }
    let product = 255.0 * value.to_f64().unwrap_or(0.0);
    // (In [0, 255]: the product of a confidence in [0, 1] rounds into it.)
    Ok((product.ceil().clamp(0.0, 255.0) as u64, 255))
}

// Retinal vessel segmentation: DRIVE, STARE, CHASE_DB1, HRF.

/// The four vessel bundles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VesselBundle {
    /// DRIVE (annotators 1 and 2; train and test).
    Drive,
    /// STARE (annotators "ah" and "vk").
    Stare,
    /// CHASE_DB1 (annotators "manual1" and "manual2").
    Chasedb1,
    /// HRF (one annotation).
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

fn annotator<'a>(bundle: VesselBundle, fields: &Object<'a>) -> Result<Annotator<'a>> {
    let path = fields.field_path("annotator");
    match bundle {
        VesselBundle::Hrf => Ok(Annotator::None),
        VesselBundle::Drive => {
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
                _ => Err(Error::invalid(
                    &path,
                    format!("the DRIVE annotator is 1 or 2, found {value}"),
                )),
            }
        }
        VesselBundle::Stare => Ok(Annotator::Name(text(
            fields,
            "annotator",
            "the STARE annotation, \"ah\" or \"vk\"",
        )?)),
        VesselBundle::Chasedb1 => Ok(Annotator::Name(text(
            fields,
            "annotator",
            "the CHASE_DB1 annotation, \"manual1\" or \"manual2\"",
        )?)),
    }
}

/// Maps a lookup failure to the field to change: the image field for an unknown image,
/// the annotator for an unknown or unpublished annotation.
fn vessel_blame(image_field: &str) -> impl Fn(LookupError) -> Error + '_ {
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

/// An error naming `field` when its one value is a set's name in another case (`"TEST"`):
/// the set is meant, not an image of that name.
fn set_in_lower_case(field: &str, ids: &[&str], sets: &[&str]) -> Result<()> {
    let [one] = ids else { return Ok(()) };
    match sets.iter().find(|set| one.eq_ignore_ascii_case(set) && one != *set) {
        Some(set) => Err(Error::invalid(
            field,
            format!("{one:?} is no image identifier; the set of images is written {set:?}, in lower case"),
        )),
        None => Ok(()),
    }
}

/// The images named by `imageset`: a subset keyword (`"train"`/`"test"` for DRIVE, `"all"`
/// otherwise), one identifier, or a list of identifiers.
///
/// # Errors
///
/// `MissingField`/`InvalidValue` naming `imageset` (an unknown keyword or image) or
/// `annotator` (unknown or unpublished).
pub fn vessel_imageset(
    bundle: VesselBundle,
    fields: &Object<'_>,
    assumption: Assumption,
) -> Result<Vec<Testset>> {
    let keywords = if bundle == VesselBundle::Drive {
        "\"train\" or \"test\""
    } else {
        "\"all\""
    };
    let what = format!("{keywords}, or a list of image identifiers");
    let ids = names(fields, "imageset", &what)?;
    let annotator = annotator(bundle, fields)?;
    let field = fields.field_path("imageset");
    let sets: &[&str] = if bundle == VesselBundle::Drive {
        &["train", "test"]
    } else {
        &["all"]
    };
    set_in_lower_case(&field, &ids, sets)?;
    let keyword = match ids.as_slice() {
        [one] => Some(*one),
        _ => None,
    };
    let images = match (bundle, &annotator, keyword) {
        (VesselBundle::Drive, Annotator::Number(a), Some(k @ ("train" | "test"))) => {
            let subset: Subset = k.parse().map_err(lookup(&field))?;
            data::drive_images(subset, *a, assumption)
        }
        (VesselBundle::Drive, Annotator::Number(a), _) => data::drive_select(&ids, *a, assumption),
        (VesselBundle::Stare, Annotator::Name(a), Some("all")) => data::stare_images(a),
        (VesselBundle::Stare, Annotator::Name(a), _) => data::stare_select(&ids, a),
        (VesselBundle::Chasedb1, Annotator::Name(a), Some("all")) => data::chasedb1_images(a),
        (VesselBundle::Chasedb1, Annotator::Name(a), _) => data::chasedb1_select(&ids, a),
        (VesselBundle::Hrf, _, Some("all")) => data::hrf_images(assumption),
        (VesselBundle::Hrf, _, _) => data::hrf_select(&ids, assumption),
        _ => {
            return Err(Error::invalid(
                "annotator",
                "this bundle takes no such annotator",
            ))
        }
    };
    Ok(to_testsets(images.map_err(vessel_blame(&field))?))
}

/// The image named by `image_identifier`.
///
/// # Errors
///
/// `MissingField`/`InvalidValue` naming `image_identifier` (an unknown image) or
/// `annotator`.
pub fn vessel_image(
    bundle: VesselBundle,
    fields: &Object<'_>,
    assumption: Assumption,
) -> Result<Testset> {
    let id = text(
        fields,
        "image_identifier",
        "the identifier of the image, e.g. \"01\"",
    )?;
    let annotator = annotator(bundle, fields)?;
    let field = fields.field_path("image_identifier");
    let image = match (bundle, &annotator) {
        (VesselBundle::Drive, Annotator::Number(a)) => data::drive_image(id, *a, assumption),
        (VesselBundle::Stare, Annotator::Name(a)) => data::stare_image(id, a),
        (VesselBundle::Chasedb1, Annotator::Name(a)) => data::chasedb1_image(id, a),
        (VesselBundle::Hrf, _) => data::hrf_image(id, assumption),
        _ => {
            return Err(Error::invalid(
                "annotator",
                "this bundle takes no such annotator",
            ))
        }
    };
    Ok(image.map_err(vessel_blame(&field))?.into())
}

// Diabetic retinopathy: DIARETDB0, DIARETDB1.

/// The DIARETDB0 batches as test sets: `subset`, `batch` (`"all"`, one batch or a list),
/// `class_name` (one class or a list; an image is positive when it carries any of them).
///
/// # Errors
///
/// `MissingField`/`InvalidValue` naming `subset`, `batch` or `class_name`.
pub fn diaretdb0_testsets(fields: &Object<'_>) -> Result<Vec<Testset>> {
    let subset = subset(fields)?;
    let batches = names(
        fields,
        "batch",
        "\"all\", or batch identifiers \"1\" to \"9\"",
    )?;
    let classes = names(
        fields,
        "class_name",
        "a lesion class, e.g. \"hardexudates\"",
    )?;
    let batches: Vec<&str> = if batches == ["all"] {
        data::diaretdb0_batches(subset).map_err(lookup("subset"))?
    } else {
        batches
    };
    let mut testsets = Vec::with_capacity(batches.len());
    for batch in batches {
        data::diaretdb0_batch(subset, batch).map_err(lookup("batch"))?;
        let set =
            data::diaretdb0_batch_counts(subset, batch, &classes).map_err(lookup("class_name"))?;
        testsets.push(Testset {
            identifier: Some(batch.to_string()),
            p: set.p,
            n: set.n,
        });
    }
    Ok(testsets)
}

/// Maps a DIARETDB1 lookup failure to its field: unknown images to `image_field`, the rest
/// (unknown classes) to `class_name`.
fn diaretdb1_blame(image_field: &str) -> impl Fn(LookupError) -> Error + '_ {
    move |error| match error.kind() {
        LookupErrorKind::UnknownImage => lookup(image_field)(error),
        _ => lookup("class_name")(error),
    }
}

/// The images of `subset`: `"train"`, `"test"`, or a list of image identifiers.
///
/// # Errors
///
/// `MissingField`/`InvalidValue` naming `subset`.
pub fn diaretdb1_subset<'a>(fields: &Object<'a>) -> Result<Vec<&'a str>> {
    let ids = names(
        fields,
        "subset",
        "\"train\", \"test\", or a list of image identifiers",
    )?;
    set_in_lower_case(&fields.field_path("subset"), &ids, &["train", "test"])?;
    match ids.as_slice() {
        [one @ ("train" | "test")] => {
            let subset: Subset = one.parse().map_err(lookup("subset"))?;
            data::diaretdb1_images(subset).map_err(lookup("subset"))
        }
        _ => Ok(ids),
    }
}

/// The pixel-level test sets of `images` at the request's `confidence`, `class_name`.
///
/// # Errors
///
/// `MissingField`/`InvalidValue` naming `class_name`, `confidence` or `image_field` (an
/// unknown image).
pub fn diaretdb1_pixel_level(
    fields: &Object<'_>,
    images: &[&str],
    assumption: Assumption,
    image_field: &str,
) -> Result<Vec<Testset>> {
    let classes = names(
        fields,
        "class_name",
        "a lesion class or a list, e.g. [\"hardexudates\", \"softexudates\"]",
    )?;
    let (numerator, denominator) = confidence(fields)?;
    let sets = data::diaretdb1_pixel_level(images, &classes, assumption, numerator, denominator)
        .map_err(diaretdb1_blame(image_field))?;
    Ok(sets.into_iter().map(Testset::from).collect())
}

// DRISHTI_GS optic disc and cup.

/// The test sets of `images` for the request's `target` (`"OD"`/`"OC"`) at its `confidence`.
///
/// # Errors
///
/// `MissingField`/`InvalidValue` naming `target`, `confidence` or `image_field` (an unknown
/// image).
pub fn drishti_testsets(
    fields: &Object<'_>,
    images: &[&str],
    image_field: &str,
) -> Result<Vec<Testset>> {
    let target = text(
        fields,
        "target",
        "the anatomical target, \"OD\" (optic disc) or \"OC\" (optic cup)",
    )?;
    let (numerator, denominator) = confidence(fields)?;
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
///
/// # Errors
///
/// `MissingField`/`InvalidValue` naming `subset`, `target` or `confidence`.
pub fn drishti_subset_testsets(fields: &Object<'_>) -> Result<Vec<Testset>> {
    let ids = names(
        fields,
        "subset",
        "\"train\", \"test\", or image identifiers",
    )?;
    set_in_lower_case(&fields.field_path("subset"), &ids, &["train", "test"])?;
    let images = match ids.as_slice() {
        [one @ ("train" | "test")] => {
            let subset: Subset = one.parse().map_err(lookup("subset"))?;
            data::drishti_gs_images(subset).map_err(lookup("subset"))?
        }
        _ => ids,
    };
    drishti_testsets(fields, &images, "subset")
}

// Skin lesions: ISIC 2017.

/// Reads a list of ISIC 2017 class codes, each once.
///
/// # Errors
///
/// `MissingField`/`InvalidValue` naming `key` for an unknown class code or one listed
/// twice.
pub fn isic2017_classes(fields: &Object<'_>, key: &str) -> Result<Vec<Isic2017Class>> {
    let codes = names(fields, key, "class codes from \"M\", \"SK\", \"N\"")?;
    let mut out: Vec<Isic2017Class> = Vec::with_capacity(codes.len());
    for code in codes {
        let class: Isic2017Class = code.parse().map_err(lookup(key))?;
        if out.contains(&class) {
            return Err(Error::invalid(
                key,
                format!("the class {code:?} is listed twice; list each class once"),
            ));
        }
        out.push(class);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drive_annotator_must_be_one_or_two() {
        let value = Json::from(serde_json::json!({"annotator": 3}));
        let fields = Object::new(&value, "").expect("object");
        let error = annotator(VesselBundle::Drive, &fields)
            .err()
            .expect("an error");
        assert_eq!(error.field(), Some("annotator"));
    }
}
