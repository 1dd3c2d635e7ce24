//! DIARETDB0 (image-level lesion labels in batches) and DIARETDB1 (lesion histograms per image).

use std::sync::OnceLock;

use serde::Deserialize;

use crate::error::{quoted, LookupError, LookupErrorKind};
use crate::store::load;
use crate::types::{Assumption, Histogram, ImageStats, Subset, TestSet};

#[derive(Deserialize)]
struct Diaretdb0File {
    classes: Vec<(String, Vec<String>)>,
    train: Vec<(String, Vec<String>)>,
    test: Vec<(String, Vec<String>)>,
}

static DIARETDB0: OnceLock<Result<Diaretdb0File, String>> = OnceLock::new();

fn diaretdb0() -> Result<&'static Diaretdb0File, LookupError> {
    load(
        &DIARETDB0,
        include_str!("../data/diaretdb0.json"),
        "diaretdb0.json",
    )
}

/// The lesion classes of DIARETDB0 as the reference documents them.
///
/// The published labels also spell one image's class `"Neovascularisation"` (image `"050"`);
/// it is kept as published, so that image is not positive for `"neovascularisation"`,
/// exactly as in the reference. See PROVENANCE.md.
pub const DIARETDB0_CLASSES: [&str; 5] = [
    "neovascularisation",
    "hardexudates",
    "softexudates",
    "hemorrhages",
    "redsmalldots",
];

fn diaretdb0_batches_of(subset: Subset) -> Result<&'static [(String, Vec<String>)], LookupError> {
    let file = diaretdb0()?;
    Ok(match subset {
        Subset::Train => &file.train,
        Subset::Test => &file.test,
    })
}

/// The batch identifiers (`"1"`–`"9"`) of a DIARETDB0 subset, in the reference's order
/// (the order its batch `"all"` walks them).
///
/// # Errors
///
/// A [`LookupError`] naming the unknown image, batch, subset, annotator, class or assumption
/// (with the closest known names), or saying that the published data do not have it.
pub fn diaretdb0_batches(subset: Subset) -> Result<Vec<&'static str>, LookupError> {
    Ok(diaretdb0_batches_of(subset)?
        .iter()
        .map(|(batch, _)| batch.as_str())
        .collect())
}

/// The image identifiers of one DIARETDB0 batch (`"1"`–`"9"`) of a subset.
///
/// # Errors
///
/// A [`LookupError`] naming the unknown image, batch, subset, annotator, class or assumption
/// (with the closest known names), or saying that the published data do not have it.
pub fn diaretdb0_batch(subset: Subset, batch: &str) -> Result<Vec<&'static str>, LookupError> {
    let batches = diaretdb0_batches_of(subset)?;
    batches
        .iter()
        .find(|(known, _)| known == batch)
        .map(|(_, images)| images.iter().map(String::as_str).collect())
        .ok_or_else(|| {
            let known: Vec<&str> = batches.iter().map(|(b, _)| b.as_str()).collect();
            LookupError::invalid("DIARETDB0 batch", batch, &known)
        })
}

/// The lesion labels of one DIARETDB0 image, as published.
///
/// # Errors
///
/// A [`LookupError`] naming the unknown image, batch, subset, annotator, class or assumption
/// (with the closest known names), or saying that the published data do not have it.
pub fn diaretdb0_image_classes(image: &str) -> Result<Vec<&'static str>, LookupError> {
    let file = diaretdb0()?;
    match file.classes.iter().find(|(known, _)| known == image) {
        Some((_, classes)) => Ok(classes.iter().map(String::as_str).collect()),
        None => {
            let known: Vec<&str> = file.classes.iter().map(|(i, _)| i.as_str()).collect();
            Err(LookupError::unknown_image("DIARETDB0", image, &known))
        }
    }
}

/// The image-level test set of one DIARETDB0 batch: an image is positive when it carries any
/// of `classes` (exact spelling, as in the reference), negative otherwise.
///
/// # Errors
///
/// A [`LookupError`] naming the unknown image, batch, subset, annotator, class or assumption
/// (with the closest known names), or saying that the published data do not have it.
pub fn diaretdb0_batch_counts(
    subset: Subset,
    batch: &str,
    classes: &[&str],
) -> Result<TestSet, LookupError> {
    let file = diaretdb0()?;
    check_classes_diaretdb0(file, classes)?;
    let mut set = TestSet::default();
    for image in diaretdb0_batch(subset, batch)? {
        let labels = file
            .classes
            .iter()
            .find(|(known, _)| known == image)
            .map(|(_, c)| c.as_slice())
            .unwrap_or(&[]);
        if classes
            .iter()
            .any(|class| labels.iter().any(|label| label == class))
        {
            set.p += 1;
        } else {
            set.n += 1;
        }
    }
    Ok(set)
}

fn check_classes_diaretdb0(file: &Diaretdb0File, classes: &[&str]) -> Result<(), LookupError> {
    if classes.is_empty() {
        return Err(LookupError::new(
            LookupErrorKind::InvalidParameter,
            format!(
                "give at least one DIARETDB0 class, from: {}",
                quoted(DIARETDB0_CLASSES.iter().copied())
            ),
        ));
    }
    let known = |class: &str| {
        file.classes
            .iter()
            .any(|(_, labels)| labels.iter().any(|label| label == class))
    };
    match classes.iter().find(|class| !known(class)) {
        Some(class) => Err(LookupError::invalid(
            "DIARETDB0 class",
            class,
            &DIARETDB0_CLASSES,
        )),
        None => Ok(()),
    }
}

/// One class combination of one DIARETDB1 image: (key, values, fov counts, all counts).
type Diaretdb1Row = (String, Vec<u64>, Vec<u64>, Vec<u64>);

#[derive(Deserialize)]
struct Diaretdb1File {
    train: Vec<String>,
    test: Vec<String>,
    images: Vec<(String, Vec<Diaretdb1Row>)>,
}

static DIARETDB1: OnceLock<Result<Diaretdb1File, String>> = OnceLock::new();

fn diaretdb1() -> Result<&'static Diaretdb1File, LookupError> {
    load(
        &DIARETDB1,
        include_str!("../data/diaretdb1.json"),
        "diaretdb1.json",
    )
}

/// The lesion classes of DIARETDB1, with the abbreviations the published histograms are keyed by.
pub const DIARETDB1_CLASSES: [(&str, &str); 4] = [
    ("hardexudates", "he"),
    ("softexudates", "se"),
    ("hemorrhages", "hr"),
    ("redsmalldots", "rsd"),
];

/// The pixel count of every DIARETDB1 image (1500 × 1152), the total of each `"all"` histogram.
pub const DIARETDB1_PIXELS: u64 = 1500 * 1152;

/// The image identifiers of the DIARETDB1 training (28) or test (61) subset, in the reference's order.
///
/// # Errors
///
/// A [`LookupError`] naming the unknown image, batch, subset, annotator, class or assumption
/// (with the closest known names), or saying that the published data do not have it.
pub fn diaretdb1_images(subset: Subset) -> Result<Vec<&'static str>, LookupError> {
    let file = diaretdb1()?;
    let list = match subset {
        Subset::Train => &file.train,
        Subset::Test => &file.test,
    };
    Ok(list.iter().map(String::as_str).collect())
}

/// The key of a class combination: sorted abbreviations joined by `-` (duplicates ignored).
fn diaretdb1_key(classes: &[&str]) -> Result<String, LookupError> {
    let names: Vec<&str> = DIARETDB1_CLASSES.iter().map(|(name, _)| *name).collect();
    if classes.is_empty() {
        return Err(LookupError::new(
            LookupErrorKind::InvalidParameter,
            format!(
                "give at least one DIARETDB1 class, from: {}",
                quoted(names.iter().copied())
            ),
        ));
    }
    let mut abbreviations = Vec::with_capacity(classes.len());
    for class in classes {
        match DIARETDB1_CLASSES.iter().find(|(name, _)| name == class) {
            Some((_, abbreviation)) => abbreviations.push(*abbreviation),
            None => return Err(LookupError::invalid("DIARETDB1 class", class, &names)),
        }
    }
    abbreviations.sort_unstable();
    abbreviations.dedup();
    Ok(abbreviations.join("-"))
}

/// The grey-level histogram of one DIARETDB1 image for the union of `classes` (pixels marked
/// for any of them), over the field of view or over all pixels.
///
/// The `"all"` histograms are the repaired ones (see PROVENANCE.md): the reference 1.0.3 ships
/// them with each count replaced by its grey value.
///
/// ```
/// use scorecheck_data::{diaretdb1_histogram, Assumption, TestSet, DIARETDB1_PIXELS};
/// let all = diaretdb1_histogram("005", &["hardexudates", "softexudates"], Assumption::All)?;
/// assert_eq!(all.total(), DIARETDB1_PIXELS);
/// assert_eq!(all.split_at_confidence(3, 4)?, TestSet { p: 132038, n: 1595962 });
/// # Ok::<(), scorecheck_data::LookupError>(())
/// ```
///
/// # Errors
///
/// A [`LookupError`] naming the unknown image, batch, subset, annotator, class or assumption
/// (with the closest known names), or saying that the published data do not have it.
pub fn diaretdb1_histogram(
    image: &str,
    classes: &[&str],
    assumption: Assumption,
) -> Result<Histogram, LookupError> {
    let file = diaretdb1()?;
    let key = diaretdb1_key(classes)?;
    let Some((_, rows)) = file.images.iter().find(|(known, _)| known == image) else {
        let known: Vec<&str> = file.images.iter().map(|(i, _)| i.as_str()).collect();
        return Err(LookupError::unknown_image("DIARETDB1", image, &known));
    };
    let Some((_, values, fov, all)) = rows.iter().find(|(known, ..)| *known == key) else {
        return Err(LookupError::new(
            LookupErrorKind::CorruptData,
            format!("DIARETDB1 image {image:?} has no histogram for the classes {key:?}; rebuild data/diaretdb1.json"),
        ));
    };
    Ok(match assumption {
        Assumption::Fov => Histogram::new(values, fov),
        Assumption::All => Histogram::new(values, all),
    })
}

/// The pixel-level test sets of the listed DIARETDB1 images at confidence
/// `numerator / denominator` (threshold `255 · confidence`), in the order given.
///
/// # Errors
///
/// A [`LookupError`] naming the unknown image, batch, subset, annotator, class or assumption
/// (with the closest known names), or saying that the published data do not have it.
pub fn diaretdb1_pixel_level(
    images: &[&str],
    classes: &[&str],
    assumption: Assumption,
    numerator: u64,
    denominator: u64,
) -> Result<Vec<ImageStats>, LookupError> {
    let file = diaretdb1()?;
    images
        .iter()
        .map(|image| {
            let set = diaretdb1_histogram(image, classes, assumption)?
                .split_at_confidence(numerator, denominator)?;
            // The identifier is handed out from the embedded data, so it lives for 'static.
            let identifier = file
                .images
                .iter()
                .find(|(known, _)| known == image)
                .map(|(i, _)| i.as_str())
                .unwrap_or("");
            Ok(ImageStats {
                identifier,
                p: set.p,
                n: set.n,
            })
        })
        .collect()
}

/// The image-level test set of a DIARETDB1 subset as the reference builds it: an image is
/// positive when its `"all"` histogram has any pixel at or above the threshold.
///
/// # Errors
///
/// A [`LookupError`] naming the unknown image, batch, subset, annotator, class or assumption
/// (with the closest known names), or saying that the published data do not have it.
pub fn diaretdb1_image_level(
    subset: Subset,
    classes: &[&str],
    numerator: u64,
    denominator: u64,
) -> Result<TestSet, LookupError> {
    let images = diaretdb1_images(subset)?;
    let mut set = TestSet::default();
    for image in diaretdb1_pixel_level(&images, classes, Assumption::All, numerator, denominator)? {
        if image.p > 0 {
            set.p += 1;
        } else {
            set.n += 1;
        }
    }
    Ok(set)
}
