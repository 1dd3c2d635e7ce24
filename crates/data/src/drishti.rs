//! DRISHTI_GS: soft optic disc and optic cup ground truths as grey-level histograms per image.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;

use crate::error::LookupError;
use crate::store::load;
use crate::types::{Histogram, Subset};

type Image = (String, BTreeMap<String, (Vec<u64>, Vec<u64>)>);

#[derive(Deserialize)]
struct DrishtiFile {
    train: Vec<Image>,
    test: Vec<Image>,
}

static DRISHTI_GS: OnceLock<Result<DrishtiFile, String>> = OnceLock::new();

fn drishti() -> Result<&'static DrishtiFile, LookupError> {
    load(
        &DRISHTI_GS,
        include_str!("../data/drishti_gs.json"),
        "drishti_gs.json",
    )
}

/// The anatomical targets of DRISHTI_GS: optic disc and optic cup.
pub const DRISHTI_GS_TARGETS: [&str; 2] = ["OD", "OC"];

/// The image identifiers of the DRISHTI_GS training (50) or test (51) subset, in published order.
///
/// # Errors
///
/// A [`LookupError`] naming the unknown image, batch, subset, annotator, class or assumption
/// (with the closest known names), or saying that the published data do not have it.
pub fn drishti_gs_images(subset: Subset) -> Result<Vec<&'static str>, LookupError> {
    let file = drishti()?;
    let list = match subset {
        Subset::Train => &file.train,
        Subset::Test => &file.test,
    };
    Ok(list.iter().map(|(image, _)| image.as_str()).collect())
}

/// The histogram of one DRISHTI_GS image (e.g. `"053"`, from either subset) for target
/// `"OD"` or `"OC"`; threshold it with [`Histogram::split_at_confidence`].
///
/// # Errors
///
/// A [`LookupError`] naming the unknown image, batch, subset, annotator, class or assumption
/// (with the closest known names), or saying that the published data do not have it.
pub fn drishti_gs_histogram(image: &str, target: &str) -> Result<Histogram, LookupError> {
    let file = drishti()?;
    if !DRISHTI_GS_TARGETS.contains(&target) {
        return Err(LookupError::invalid(
            "DRISHTI_GS target",
            target,
            &DRISHTI_GS_TARGETS,
        ));
    }
    let all = file.train.iter().chain(&file.test);
    let Some((_, targets)) = all.clone().find(|(known, _)| known == image) else {
        let known: Vec<&str> = all.map(|(i, _)| i.as_str()).collect();
        return Err(LookupError::unknown_image("DRISHTI_GS", image, &known));
    };
    match targets.get(target) {
        Some((values, counts)) => Ok(Histogram::new(values, counts)),
        None => Err(LookupError::new(
            crate::LookupErrorKind::CorruptData,
            format!("DRISHTI_GS image {image:?} has no {target} histogram; rebuild data/drishti_gs.json"),
        )),
    }
}
