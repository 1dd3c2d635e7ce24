//! Vessel segmentation bundles with per-image (p, n): DRIVE, STARE, CHASE_DB1 and HRF.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;

use crate::error::{LookupError, LookupErrorKind};
use crate::store::{self, load, Row};
use crate::types::{Assumption, ImageStats, Subset};

#[derive(Deserialize)]
struct Split {
    train: Vec<Row>,
    test: Vec<Row>,
}

#[derive(Deserialize)]
struct ByAssumption<T> {
    fov: T,
    all: T,
}

impl<T> ByAssumption<T> {
    fn get(&self, assumption: Assumption) -> &T {
        match assumption {
            Assumption::Fov => &self.fov,
            Assumption::All => &self.all,
        }
    }
}

type DriveFile = BTreeMap<String, ByAssumption<Split>>;

static DRIVE: OnceLock<Result<DriveFile, String>> = OnceLock::new();
static STARE: OnceLock<Result<BTreeMap<String, Vec<Row>>, String>> = OnceLock::new();
static CHASE_DB1: OnceLock<Result<BTreeMap<String, Vec<Row>>, String>> = OnceLock::new();
static HRF: OnceLock<Result<ByAssumption<Vec<Row>>, String>> = OnceLock::new();

/// The DRIVE images of one annotator and assumption, as (train, test) pools; the training
/// pool is empty for annotator 2, whose training annotations the reference does not publish.
fn drive_pools(
    annotator: u8,
    assumption: Assumption,
) -> Result<(&'static [Row], &'static [Row]), LookupError> {
    let file = load(&DRIVE, include_str!("../data/drive.json"), "drive.json")?;
    let split = file
        .get(&annotator.to_string())
        .ok_or_else(|| {
            LookupError::invalid("DRIVE annotator", &annotator.to_string(), &["1", "2"])
        })?
        .get(assumption);
    Ok((&split.train, &split.test))
}

fn drive_unavailable(annotator: u8) -> LookupError {
    LookupError::new(
        LookupErrorKind::Unavailable,
        format!(
            "DRIVE annotator {annotator} has no published annotations of the training images (21-40); \
             use annotator 1 for them, or the test images (01-20)"
        ),
    )
}

/// One DRIVE image (training `"21"`–`"40"` or test `"01"`–`"20"`) under one annotator (1 or 2)
/// and assumption.
///
/// ```
/// use scorecheck_data::{drive_image, Assumption};
/// let image = drive_image("01", 1, Assumption::Fov)?;
/// assert_eq!((image.p, image.n), (29412, 194965));
/// # Ok::<(), scorecheck_data::LookupError>(())
/// ```
///
/// # Errors
///
/// A [`LookupError`] naming the unknown image, batch, subset, annotator, class or assumption
/// (with the closest known names), or saying that the published data do not have it.
pub fn drive_image(
    image: &str,
    annotator: u8,
    assumption: Assumption,
) -> Result<ImageStats, LookupError> {
    let (train, test) = drive_pools(annotator, assumption)?;
    if train.is_empty()
        && !test.iter().any(|row| row.0 == image)
        && (21..=40).any(|i| i.to_string() == image)
    {
        return Err(drive_unavailable(annotator));
    }
    store::find("DRIVE", &[train, test], image)
}

/// All DRIVE images of a subset under one annotator and assumption, in the reference's order.
///
/// Annotator 2 on the training subset is [`LookupErrorKind::Unavailable`].
///
/// # Errors
///
/// A [`LookupError`] naming the unknown image, batch, subset, annotator, class or assumption
/// (with the closest known names), or saying that the published data do not have it.
pub fn drive_images(
    subset: Subset,
    annotator: u8,
    assumption: Assumption,
) -> Result<Vec<ImageStats>, LookupError> {
    let (train, test) = drive_pools(annotator, assumption)?;
    let pool = match subset {
        Subset::Train => train,
        Subset::Test => test,
    };
    if pool.is_empty() {
        return Err(drive_unavailable(annotator));
    }
    Ok(store::all(&[pool]))
}

/// The listed DRIVE images (from either subset), in the reference's order: training images
/// first, then test images, each in published order and each once.
///
/// # Errors
///
/// A [`LookupError`] naming the unknown image, batch, subset, annotator, class or assumption
/// (with the closest known names), or saying that the published data do not have it.
pub fn drive_select(
    images: &[&str],
    annotator: u8,
    assumption: Assumption,
) -> Result<Vec<ImageStats>, LookupError> {
    let (train, test) = drive_pools(annotator, assumption)?;
    if train.is_empty() {
        if let Some(image) = images
            .iter()
            .find(|image| (21..=40).any(|i| i.to_string() == **image))
        {
            return Err(drive_unavailable(annotator).with_suggestions(vec![(*image).to_string()]));
        }
    }
    store::select("DRIVE", &[train, test], images)
}

fn by_annotator(
    bundle: &str,
    file: &'static BTreeMap<String, Vec<Row>>,
    annotator: &str,
    allowed: &[&str],
) -> Result<&'static [Row], LookupError> {
    file.get(annotator)
        .map(Vec::as_slice)
        .ok_or_else(|| LookupError::invalid(&format!("{bundle} annotator"), annotator, allowed))
}

fn stare_pool(annotator: &str) -> Result<&'static [Row], LookupError> {
    let file = load(&STARE, include_str!("../data/stare.json"), "stare.json")?;
    by_annotator("STARE", file, annotator, &["ah", "vk"])
}

/// One STARE image (e.g. `"im0235"`) under annotator `"ah"` or `"vk"`.
///
/// # Errors
///
/// A [`LookupError`] naming the unknown image, batch, subset, annotator, class or assumption
/// (with the closest known names), or saying that the published data do not have it.
pub fn stare_image(image: &str, annotator: &str) -> Result<ImageStats, LookupError> {
    store::find("STARE", &[stare_pool(annotator)?], image)
}

/// All 20 STARE images under annotator `"ah"` or `"vk"` (the reference's imageset `"all"`).
///
/// # Errors
///
/// A [`LookupError`] naming the unknown image, batch, subset, annotator, class or assumption
/// (with the closest known names), or saying that the published data do not have it.
pub fn stare_images(annotator: &str) -> Result<Vec<ImageStats>, LookupError> {
    Ok(store::all(&[stare_pool(annotator)?]))
}

/// The listed STARE images, in published order, each once.
///
/// # Errors
///
/// A [`LookupError`] naming the unknown image, batch, subset, annotator, class or assumption
/// (with the closest known names), or saying that the published data do not have it.
pub fn stare_select(images: &[&str], annotator: &str) -> Result<Vec<ImageStats>, LookupError> {
    store::select("STARE", &[stare_pool(annotator)?], images)
}

fn chasedb1_pool(annotator: &str) -> Result<&'static [Row], LookupError> {
    let file = load(
        &CHASE_DB1,
        include_str!("../data/chase_db1.json"),
        "chase_db1.json",
    )?;
    by_annotator("CHASE_DB1", file, annotator, &["manual1", "manual2"])
}

/// One CHASE_DB1 image (e.g. `"11R"`) under annotator `"manual1"` or `"manual2"`.
///
/// # Errors
///
/// A [`LookupError`] naming the unknown image, batch, subset, annotator, class or assumption
/// (with the closest known names), or saying that the published data do not have it.
pub fn chasedb1_image(image: &str, annotator: &str) -> Result<ImageStats, LookupError> {
    store::find("CHASE_DB1", &[chasedb1_pool(annotator)?], image)
}

/// All 28 CHASE_DB1 images under annotator `"manual1"` or `"manual2"` (imageset `"all"`).
///
/// # Errors
///
/// A [`LookupError`] naming the unknown image, batch, subset, annotator, class or assumption
/// (with the closest known names), or saying that the published data do not have it.
pub fn chasedb1_images(annotator: &str) -> Result<Vec<ImageStats>, LookupError> {
    Ok(store::all(&[chasedb1_pool(annotator)?]))
}

/// The listed CHASE_DB1 images, in published order, each once.
///
/// # Errors
///
/// A [`LookupError`] naming the unknown image, batch, subset, annotator, class or assumption
/// (with the closest known names), or saying that the published data do not have it.
pub fn chasedb1_select(images: &[&str], annotator: &str) -> Result<Vec<ImageStats>, LookupError> {
    store::select("CHASE_DB1", &[chasedb1_pool(annotator)?], images)
}

fn hrf_pool(assumption: Assumption) -> Result<&'static [Row], LookupError> {
    Ok(load(&HRF, include_str!("../data/hrf.json"), "hrf.json")?.get(assumption))
}

/// One HRF image (e.g. `"01_g"`, `"13_h"`) under one assumption.
///
/// # Errors
///
/// A [`LookupError`] naming the unknown image, batch, subset, annotator, class or assumption
/// (with the closest known names), or saying that the published data do not have it.
pub fn hrf_image(image: &str, assumption: Assumption) -> Result<ImageStats, LookupError> {
    store::find("HRF", &[hrf_pool(assumption)?], image)
}

/// All 45 HRF images under one assumption (imageset `"all"`).
///
/// # Errors
///
/// A [`LookupError`] naming the unknown image, batch, subset, annotator, class or assumption
/// (with the closest known names), or saying that the published data do not have it.
pub fn hrf_images(assumption: Assumption) -> Result<Vec<ImageStats>, LookupError> {
    Ok(store::all(&[hrf_pool(assumption)?]))
}

/// The listed HRF images, in published order, each once.
///
/// # Errors
///
/// A [`LookupError`] naming the unknown image, batch, subset, annotator, class or assumption
/// (with the closest known names), or saying that the published data do not have it.
pub fn hrf_select(images: &[&str], assumption: Assumption) -> Result<Vec<ImageStats>, LookupError> {
    store::select("HRF", &[hrf_pool(assumption)?], images)
}
