//! The retinal vessel segmentation bundles: DRIVE, STARE, CHASE_DB1 and HRF, per image and aggregated.

use scorecheck_data::Assumption;
use serde_json::Value;

use super::{combine, mos_check, single_check, som_check};
use crate::dispatch::Request;
use crate::Result;
use scorecheck_request::bundles::{assumption, vessel_image, vessel_imageset, VesselBundle};

/// Both assumptions, mean of scores and score of means: `details_{fov,all}_{mos,som}`.
fn aggregated_both(bundle: VesselBundle, request: &Request<'_>) -> Result<Value> {
    let mut parts = Vec::new();
    for assumption in Assumption::ALL {
        let testsets = vessel_imageset(bundle, &request.fields, assumption)?;
        parts.push((format!("{assumption}_mos"), mos_check(request, &testsets)?));
        parts.push((format!("{assumption}_som"), som_check(request, &testsets)?));
    }
    Ok(combine(parts))
}

/// Both assumptions for one image: `details_fov`, `details_all`.
fn image_both(bundle: VesselBundle, request: &Request<'_>) -> Result<Value> {
    let mut parts = Vec::new();
    for assumption in Assumption::ALL {
        let testset = vessel_image(bundle, &request.fields, assumption)?;
        parts.push((assumption.to_string(), single_check(request, &testset)?));
    }
    Ok(combine(parts))
}

fn aggregated_mos_assumption(bundle: VesselBundle, request: &Request<'_>) -> Result<Value> {
    let assumption = assumption(&request.fields)?;
    mos_check(
        request,
        &vessel_imageset(bundle, &request.fields, assumption)?,
    )
}

fn aggregated_som_assumption(bundle: VesselBundle, request: &Request<'_>) -> Result<Value> {
    let assumption = assumption(&request.fields)?;
    som_check(
        request,
        &vessel_imageset(bundle, &request.fields, assumption)?,
    )
}

fn image_assumption(bundle: VesselBundle, request: &Request<'_>) -> Result<Value> {
    let assumption = assumption(&request.fields)?;
    single_check(request, &vessel_image(bundle, &request.fields, assumption)?)
}

/// `drive_vessel_aggregated`: `imageset`, `annotator`, `scores`, `eps`, `score_bounds`.
pub(crate) fn drive_vessel_aggregated(request: &Request<'_>) -> Result<Value> {
    aggregated_both(VesselBundle::Drive, request)
}

/// `drive_vessel_aggregated_mos_assumption`: one assumption, mean of scores.
pub(crate) fn drive_vessel_aggregated_mos_assumption(request: &Request<'_>) -> Result<Value> {
    aggregated_mos_assumption(VesselBundle::Drive, request)
}

/// `drive_vessel_aggregated_som_assumption`: one assumption, score of means.
pub(crate) fn drive_vessel_aggregated_som_assumption(request: &Request<'_>) -> Result<Value> {
    aggregated_som_assumption(VesselBundle::Drive, request)
}

/// `drive_vessel_image`: `image_identifier`, `annotator`, under both assumptions.
pub(crate) fn drive_vessel_image(request: &Request<'_>) -> Result<Value> {
    image_both(VesselBundle::Drive, request)
}

/// `drive_vessel_image_assumption`: one image under one assumption.
pub(crate) fn drive_vessel_image_assumption(request: &Request<'_>) -> Result<Value> {
    image_assumption(VesselBundle::Drive, request)
}

/// `stare_vessel_aggregated`: `imageset`, `annotator`; `details_mos`, `details_som`.
pub(crate) fn stare_vessel_aggregated(request: &Request<'_>) -> Result<Value> {
    let testsets = vessel_imageset(VesselBundle::Stare, &request.fields, Assumption::Fov)?;
    Ok(combine(vec![
        ("mos".into(), mos_check(request, &testsets)?),
        ("som".into(), som_check(request, &testsets)?),
    ]))
}

/// `stare_vessel_aggregated_mos`.
pub(crate) fn stare_vessel_aggregated_mos(request: &Request<'_>) -> Result<Value> {
    mos_check(
        request,
        &vessel_imageset(VesselBundle::Stare, &request.fields, Assumption::Fov)?,
    )
}

/// `stare_vessel_aggregated_som`.
pub(crate) fn stare_vessel_aggregated_som(request: &Request<'_>) -> Result<Value> {
    som_check(
        request,
        &vessel_imageset(VesselBundle::Stare, &request.fields, Assumption::Fov)?,
    )
}

/// `stare_vessel_image`: one image, one single-matrix check.
pub(crate) fn stare_vessel_image(request: &Request<'_>) -> Result<Value> {
    single_check(
        request,
        &vessel_image(VesselBundle::Stare, &request.fields, Assumption::Fov)?,
    )
}

/// `chasedb1_vessel_aggregated`: `imageset`, `annotator`; `details_mos`, `details_som`.
pub(crate) fn chasedb1_vessel_aggregated(request: &Request<'_>) -> Result<Value> {
    let testsets = vessel_imageset(VesselBundle::Chasedb1, &request.fields, Assumption::Fov)?;
    Ok(combine(vec![
        ("mos".into(), mos_check(request, &testsets)?),
        ("som".into(), som_check(request, &testsets)?),
    ]))
}

/// `chasedb1_vessel_aggregated_mos`.
pub(crate) fn chasedb1_vessel_aggregated_mos(request: &Request<'_>) -> Result<Value> {
    mos_check(
        request,
        &vessel_imageset(VesselBundle::Chasedb1, &request.fields, Assumption::Fov)?,
    )
}

/// `chasedb1_vessel_aggregated_som`.
pub(crate) fn chasedb1_vessel_aggregated_som(request: &Request<'_>) -> Result<Value> {
    som_check(
        request,
        &vessel_imageset(VesselBundle::Chasedb1, &request.fields, Assumption::Fov)?,
    )
}

/// `chasedb1_vessel_image`: one image, one single-matrix check.
pub(crate) fn chasedb1_vessel_image(request: &Request<'_>) -> Result<Value> {
    single_check(
        request,
        &vessel_image(VesselBundle::Chasedb1, &request.fields, Assumption::Fov)?,
    )
}

/// `hrf_vessel_aggregated`: `imageset`, under both assumptions.
pub(crate) fn hrf_vessel_aggregated(request: &Request<'_>) -> Result<Value> {
    aggregated_both(VesselBundle::Hrf, request)
}

/// `hrf_vessel_aggregated_mos_assumption`.
pub(crate) fn hrf_vessel_aggregated_mos_assumption(request: &Request<'_>) -> Result<Value> {
    aggregated_mos_assumption(VesselBundle::Hrf, request)
}

/// `hrf_vessel_aggregated_som_assumption`.
pub(crate) fn hrf_vessel_aggregated_som_assumption(request: &Request<'_>) -> Result<Value> {
    aggregated_som_assumption(VesselBundle::Hrf, request)
}

/// `hrf_vessel_image`: `image_identifier`, under both assumptions.
pub(crate) fn hrf_vessel_image(request: &Request<'_>) -> Result<Value> {
    image_both(VesselBundle::Hrf, request)
}

/// `hrf_vessel_image_assumption`.
pub(crate) fn hrf_vessel_image_assumption(request: &Request<'_>) -> Result<Value> {
    image_assumption(VesselBundle::Hrf, request)
}
