//! What each bundle checks, read: the bundle protocols (published experiments whose test
//! sets come from `scorecheck-data`) as a [`BundleRequest`], a plan of single-matrix,
//! score-of-means and mean-of-scores checks on the registry's test sets, with the reported
//! figures they share.
//!
//! The plan mirrors the reference's `mlscorecheck.check.bundles`: one image or one test set
//! is a single-matrix check; several, score of means (pooled) and mean of scores (one test
//! set per image); checks under several assumptions are parts under their keys.

use scorecheck_data::{self as data, Assumption, Isic2017Class};
use scorecheck_experiment::Bound;

use crate::bundles::{
    assumption, diaretdb0_testsets, diaretdb1_pixel_level, diaretdb1_subset,
    drishti_subset_testsets, drishti_testsets, isic2017_classes, text, vessel_image,
    vessel_imageset, Testset, VesselBundle,
};
use crate::figures::{read_windows, Figures};
use crate::input::Object;
use crate::json::Json;
use crate::sets::read_bounds;
use crate::unknown_folds::{read_tpehg, UnknownFoldsRequest};
use crate::{Error, ErrorKind, Result};

/// A bundle request, read: its plan and the reported figures its checks share.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct BundleRequest {
    /// The checks to run.
    pub plan: Plan,
    /// The reported scores and their exact windows (every check but TPEHG's reads them).
    pub figures: Option<Figures>,
    /// `score_bounds`: bounds on every test set's own scores (mean-of-scores checks).
    pub bounds: Vec<Bound>,
}

/// The checks of a bundle.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum Plan {
    /// The exact single-matrix check of one test set, with labels the result lists.
    Single(Testset, Vec<Label>),
    /// Score of means over the test sets: the single-matrix check of the pooled counts.
    ScoreOfMeans(Vec<Testset>),
    /// Mean of scores over the test sets, one dataset per test set.
    MeanOfScores(Vec<Testset>),
    /// Score of means, and mean of scores where every reported or bounded score is defined
    /// on every test set (else the reason it was not checked).
    SomAndMos(Vec<Testset>),
    /// Checks under their keys (`details_<key>`, `inconsistency_<key>`).
    Parts(Vec<(String, Plan)>),
    /// TPEHG: the unknown-folds check of its recordings.
    UnknownFolds(UnknownFoldsRequest),
}

/// A list a result shows beside a check: `positive_images`, `target`, `against`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Label {
    /// The result's key.
    pub key: &'static str,
    /// The items.
    pub items: Vec<String>,
}

impl Plan {
    /// Whether some check of the plan is a mean of scores (and reads `score_bounds`), and
    /// whether it comes before every single-matrix check (the bounds are then read first).
    fn mean_of_scores(&self) -> (bool, bool) {
        match self {
            Plan::Single(..) | Plan::ScoreOfMeans(_) | Plan::UnknownFolds(_) => (false, false),
            Plan::MeanOfScores(_) => (true, true),
            Plan::SomAndMos(_) => (true, false),
            Plan::Parts(parts) => parts.first().map_or((false, false), |(_, first)| {
                let any = parts.iter().any(|(_, p)| p.mean_of_scores().0);
                (any, first.mean_of_scores().1)
            }),
        }
    }
}

/// Reads the bundle `check` (a canonical bundle name), or `None` when it is not one.
pub fn read_bundle(check: &str, fields: &Object<'_>) -> Option<Result<BundleRequest>> {
    let (_, read_plan) = PLANS.iter().find(|(name, _)| *name == check)?;
    Some(read_plan(fields).and_then(|plan| {
        if let Plan::UnknownFolds(_) = plan {
            // The `tpehg` bundle reads its own scores.
            return Ok(BundleRequest {
                plan,
                figures: None,
                bounds: Vec::new(),
            });
        }
        let (mean, bounds_first) = plan.mean_of_scores();
        let read_bounds = || read_bounds(fields.get("score_bounds"), "score_bounds", fields);
        let bounds = if mean && bounds_first {
            read_bounds()?
        } else {
            Vec::new()
        };
        let figures = read_windows(fields)?;
        let bounds = if mean && !bounds_first {
            read_bounds()?
        } else {
            bounds
        };
        Ok(BundleRequest {
            plan,
            figures: Some(figures),
            bounds,
        })
    }))
}

/// The name of every bundle, in the order listings give them.
pub fn bundle_names() -> impl Iterator<Item = &'static str> {
    PLANS.iter().map(|(name, _)| *name)
}

/// Reads a bundle's plan from the request's fields.
type PlanReader = fn(&Object<'_>) -> Result<Plan>;

/// Every bundle, in the order listings give them, with the reader of its plan (a table,
/// kept one entry per line).
#[rustfmt::skip]
const PLANS: &[(&str, PlanReader)] = {
    use VesselBundle::{Chasedb1, Drive, Hrf, Stare};
    &[
        ("drive_vessel_aggregated", |f| aggregated_both(Drive, f)),
        ("drive_vessel_aggregated_mos_assumption", |f| aggregated_one(Drive, f, true)),
        ("drive_vessel_aggregated_som_assumption", |f| aggregated_one(Drive, f, false)),
        ("drive_vessel_image", |f| image_both(Drive, f)),
        ("drive_vessel_image_assumption", |f| image_one(Drive, f)),
        ("stare_vessel_aggregated", |f| fov_aggregated(Stare, f, None)),
        ("stare_vessel_aggregated_mos", |f| fov_aggregated(Stare, f, Some(true))),
        ("stare_vessel_aggregated_som", |f| fov_aggregated(Stare, f, Some(false))),
        ("stare_vessel_image", |f| vessel_image(Stare, f, Assumption::Fov).map(single)),
        ("chasedb1_vessel_aggregated", |f| fov_aggregated(Chasedb1, f, None)),
        ("chasedb1_vessel_aggregated_mos", |f| fov_aggregated(Chasedb1, f, Some(true))),
        ("chasedb1_vessel_aggregated_som", |f| fov_aggregated(Chasedb1, f, Some(false))),
        ("chasedb1_vessel_image", |f| vessel_image(Chasedb1, f, Assumption::Fov).map(single)),
        ("hrf_vessel_aggregated", |f| aggregated_both(Hrf, f)),
        ("hrf_vessel_aggregated_mos_assumption", |f| aggregated_one(Hrf, f, true)),
        ("hrf_vessel_aggregated_som_assumption", |f| aggregated_one(Hrf, f, false)),
        ("hrf_vessel_image", |f| image_both(Hrf, f)),
        ("hrf_vessel_image_assumption", |f| image_one(Hrf, f)),
        ("diaretdb0_class", |f| diaretdb0_testsets(f).and_then(som_and_mos)),
        ("diaretdb0_class_som", |f| diaretdb0_testsets(f).and_then(som)),
        ("diaretdb0_class_mos", |f| diaretdb0_testsets(f).and_then(mos)),
        ("diaretdb1_class", diaretdb1_class),
        ("diaretdb1_segmentation_image", |f| each_assumption(f, diaretdb1_image)),
        ("diaretdb1_segmentation_image_assumption", |f| diaretdb1_image(f, assumption(f)?)),
        ("diaretdb1_segmentation_aggregated", |f| each_assumption(f, diaretdb1_aggregated)),
        ("diaretdb1_segmentation_aggregated_assumption", |f| diaretdb1_aggregated(f, assumption(f)?)),
        ("drishti_gs_segmentation_image", drishti_image),
        ("drishti_gs_segmentation_aggregated", |f| drishti_subset_testsets(f).and_then(mos_and_som)),
        ("drishti_gs_segmentation_aggregated_mos", |f| drishti_subset_testsets(f).and_then(mos)),
        ("drishti_gs_segmentation_aggregated_som", |f| drishti_subset_testsets(f).and_then(som)),
        ("tpehg", |f| read_tpehg(f).map(Plan::UnknownFolds)),
        ("isic2016", |_| Ok(single(Testset { identifier: None, p: data::isic2016().p, n: data::isic2016().n }))),
        ("isic2017", isic2017),
    ]
};

/// The mean of scores and the score of means, as two parts.
fn mos_and_som(sets: Vec<Testset>) -> Result<Plan> {
    Ok(Plan::Parts(vec![
        ("mos".into(), mos(sets.clone())?),
        ("som".into(), som(sets)?),
    ]))
}

/// One part per assumption, each read by `read`.
fn each_assumption(
    fields: &Object<'_>,
    read: fn(&Object<'_>, Assumption) -> Result<Plan>,
) -> Result<Plan> {
    Assumption::ALL
        .into_iter()
        .map(|a| Ok((a.to_string(), read(fields, a)?)))
        .collect::<Result<_>>()
        .map(Plan::Parts)
}

fn single(testset: Testset) -> Plan {
    Plan::Single(testset, Vec::new())
}

fn no_testsets() -> Error {
    Error::new(
        ErrorKind::InvalidValue,
        None,
        "the selection holds no test set; choose at least one image",
    )
}

/// Score of means over `testsets`: refused when there are none or their pooled counts
/// exceed 2^64.
fn som(testsets: Vec<Testset>) -> Result<Plan> {
    if testsets.is_empty() {
        return Err(no_testsets());
    }
    let (mut p, mut n) = (0u64, 0u64);
    for testset in &testsets {
        let overflow = || {
            Error::new(
                ErrorKind::InvalidValue,
                None,
                "the pooled counts exceed 2^64",
            )
        };
        p = p.checked_add(testset.p).ok_or_else(overflow)?;
        n = n.checked_add(testset.n).ok_or_else(overflow)?;
    }
    Ok(Plan::ScoreOfMeans(testsets))
}

/// Mean of scores over `testsets`: refused when there are none.
fn mos(testsets: Vec<Testset>) -> Result<Plan> {
    if testsets.is_empty() {
        return Err(no_testsets());
    }
    Ok(Plan::MeanOfScores(testsets))
}

/// Score of means and, where defined, mean of scores.
fn som_and_mos(testsets: Vec<Testset>) -> Result<Plan> {
    som(testsets.clone())?;
    Ok(Plan::SomAndMos(testsets))
}

/// Both assumptions, mean of scores and score of means: `{fov,all}_{mos,som}`.
fn aggregated_both(bundle: VesselBundle, fields: &Object<'_>) -> Result<Plan> {
    let mut parts = Vec::new();
    for assumption in Assumption::ALL {
        let testsets = vessel_imageset(bundle, fields, assumption)?;
        parts.push((format!("{assumption}_mos"), mos(testsets.clone())?));
        parts.push((format!("{assumption}_som"), som(testsets)?));
    }
    Ok(Plan::Parts(parts))
}

/// One assumption, mean of scores or score of means.
fn aggregated_one(bundle: VesselBundle, fields: &Object<'_>, mean: bool) -> Result<Plan> {
    let testsets = vessel_imageset(bundle, fields, assumption(fields)?)?;
    if mean {
        mos(testsets)
    } else {
        som(testsets)
    }
}

/// The field of view only (STARE, CHASE_DB1): both aggregations, or one.
fn fov_aggregated(bundle: VesselBundle, fields: &Object<'_>, mean: Option<bool>) -> Result<Plan> {
    let testsets = vessel_imageset(bundle, fields, Assumption::Fov)?;
    match mean {
        None => Ok(Plan::Parts(vec![
            ("mos".into(), mos(testsets.clone())?),
            ("som".into(), som(testsets)?),
        ])),
        Some(true) => mos(testsets),
        Some(false) => som(testsets),
    }
}

/// Both assumptions for one image: `fov`, `all`.
fn image_both(bundle: VesselBundle, fields: &Object<'_>) -> Result<Plan> {
    let mut parts = Vec::new();
    for assumption in Assumption::ALL {
        let testset = vessel_image(bundle, fields, assumption)?;
        parts.push((assumption.to_string(), single(testset)));
    }
    Ok(Plan::Parts(parts))
}

fn image_one(bundle: VesselBundle, fields: &Object<'_>) -> Result<Plan> {
    let assumption = assumption(fields)?;
    vessel_image(bundle, fields, assumption).map(single)
}

/// DIARETDB1's image-level classification: an image is positive when any of its pixels is.
fn diaretdb1_class(fields: &Object<'_>) -> Result<Plan> {
    let images = diaretdb1_subset(fields)?;
    let pixels = diaretdb1_pixel_level(fields, &images, Assumption::All, "subset")?;
    let p = pixels.iter().filter(|t| t.p > 0).count() as u64;
    let positive: Vec<String> = pixels
        .iter()
        .filter(|t| t.p > 0)
        .filter_map(|t| t.identifier.clone())
        .collect();
    Ok(Plan::Single(
        Testset {
            identifier: None,
            p,
            n: pixels.len() as u64 - p,
        },
        vec![Label {
            key: "positive_images",
            items: positive,
        }],
    ))
}

fn no_such_image() -> Error {
    Error::invalid("image_identifier", "no such image")
}

fn diaretdb1_image(fields: &Object<'_>, assumption: Assumption) -> Result<Plan> {
    let image = text(
        fields,
        "image_identifier",
        "the identifier of the image, e.g. \"005\"",
    )?;
    let sets = diaretdb1_pixel_level(fields, &[image], assumption, "image_identifier")?;
    sets.into_iter()
        .next()
        .map(single)
        .ok_or_else(no_such_image)
}

fn diaretdb1_aggregated(fields: &Object<'_>, assumption: Assumption) -> Result<Plan> {
    let images = diaretdb1_subset(fields)?;
    let only_valid = match fields.required(
        "only_valid",
        "whether images without any positive or negative pixel are left out (true/false)",
    )? {
        Json::Bool(b) => *b,
        other => {
            return Err(Error::invalid(
                "only_valid",
                format!("expected true or false, found {other}"),
            ))
        }
    };
    let mut testsets = diaretdb1_pixel_level(fields, &images, assumption, "subset")?;
    if only_valid {
        let before = testsets.len();
        testsets.retain(|t| t.p > 0 && t.n > 0);
        if before > 0 && testsets.is_empty() {
            return Err(Error::invalid(
                "only_valid",
                format!("with only_valid true no image is left: each of the {before} selected lacks positive or negative pixels (at this confidence); set only_valid to false, or choose another confidence or subset"),
            ));
        }
    }
    som_and_mos(testsets)
}

fn drishti_image(fields: &Object<'_>) -> Result<Plan> {
    let image = text(
        fields,
        "image_identifier",
        "the identifier of the image, e.g. \"053\"",
    )?;
    let sets = drishti_testsets(fields, &[image], "image_identifier")?;
    sets.into_iter()
        .next()
        .map(single)
        .ok_or_else(no_such_image)
}

/// ISIC 2017: the `target` classes against the `against` classes, both required (as in the
/// reference: melanoma against nevus and melanoma against the rest are both published).
fn isic2017(fields: &Object<'_>) -> Result<Plan> {
    let target = isic2017_classes(fields, "target")?;
    if !fields.has("against") {
        return Err(Error::missing(
            "against",
            "say which classes are the negatives: every other class (\"against\": [\"SK\", \"N\"] beside target M) or some of them (\"N\" for melanoma against nevus), as the reference requires",
        ));
    }
    let against = Some(isic2017_classes(fields, "against")?);
    if let Some(against) = &against {
        if let Some(both) = against.iter().find(|c| target.contains(c)) {
            return Err(Error::contradiction(
                "against",
                format!("the class {:?} is both in target and in against; a class is either positive or negative", both.code()),
            ));
        }
    }
    let set = data::isic2017(&target, against.as_deref());
    if set.n == 0 {
        return Err(Error::contradiction(
            "target",
            "every class is a target, so the test set has no negatives; leave at least one class out of target",
        ));
    }
    let against: Vec<Isic2017Class> = match against {
        Some(against) => against,
        None => Isic2017Class::ALL
            .into_iter()
            .filter(|c| !target.contains(c))
            .collect(),
    };
    let codes = |list: &[Isic2017Class]| list.iter().map(|c| c.code().to_string()).collect();
    Ok(Plan::Single(
        Testset {
            identifier: None,
            p: set.p,
            n: set.n,
        },
        vec![
            Label {
                key: "target",
                items: codes(&target),
            },
            Label {
                key: "against",
                items: codes(&against),
            },
        ],
    ))
}
