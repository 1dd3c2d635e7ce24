//! The bundle checks: published experiments (retina, EHG, skin lesion) whose test sets come from `scorecheck-data`.
//!
//! Each bundle check looks up the test sets of a named experiment and hands them to one of
//! the general protocols, exactly as the reference's `mlscorecheck.check.bundles` does:
//!
//! - one image or one test set → the exact single-matrix engine ([`crate::single`]);
//! - several images, score of means → the single-matrix engine on the pooled counts;
//! - several images, mean of scores → [`crate::mos`] with one test set per image;
//! - TPEHG → the unknown-folds protocol, through the dispatcher.
//!
//! Results mirror the reference's: `inconsistency` is the flag of a single check, or for the
//! combined checks an object of flags (`inconsistency_fov`, `inconsistency_all_mos`, ...), and
//! each underlying check's full result (witness or explanation) is kept under `details_*`.
//!
//! What this layer deliberately does not do: it decides nothing itself, and an unknown image,
//! annotator, subset or class is an error naming the field, never silently skipped (the
//! reference drops unknown identifiers from image lists without a word).

mod diaretdb;
mod drishti;
mod ehg;
mod skinlesion;
mod vessel;

pub(crate) use diaretdb::*;
pub(crate) use drishti::*;
pub(crate) use ehg::*;
pub(crate) use skinlesion::*;
pub(crate) use vessel::*;

use serde_json::{json, Map, Value};

use crate::dispatch::Request;
use crate::mos::{self, DatasetSpec, Experiment};
use crate::single;
use crate::{Error, ErrorKind, Result};
use scorecheck_request::bundles::Testset;

/// The exact single-matrix check of one test set (`check_1_testset_no_kfold`).
pub(crate) fn single_check(request: &Request<'_>, testset: &Testset) -> Result<Value> {
    let crate::figures::Figures { reported, windows } =
        crate::figures::read_windows(&request.fields)?;
    let problem =
        single::Problem::new(testset.p, testset.n, windows).with_params(reported.params.clone());
    let outcome = single::check(&problem, &crate::backend::single_options(&request.options));
    let mut result = crate::binary_som::render(&problem, &reported, &outcome);
    if let (Some(identifier), Value::Object(map)) = (&testset.identifier, &mut result) {
        map.insert("identifier".into(), Value::String(identifier.clone()));
    }
    Ok(result)
}

fn identifiers(testsets: &[Testset]) -> Value {
    json!(testsets.iter().map(|t| &t.identifier).collect::<Vec<_>>())
}

fn no_testsets() -> Error {
    Error::new(
        ErrorKind::InvalidValue,
        None,
        "the selection holds no test set; choose at least one image",
    )
}

/// The score-of-means check of several test sets: the exact single-matrix engine on the
/// pooled counts (`check_n_testsets_som_no_kfold`).
pub(crate) fn som_check(request: &Request<'_>, testsets: &[Testset]) -> Result<Value> {
    if testsets.is_empty() {
        return Err(no_testsets());
    }
    let (mut p, mut n) = (0u64, 0u64);
    for testset in testsets {
        p = p.checked_add(testset.p).ok_or_else(overflow)?;
        n = n.checked_add(testset.n).ok_or_else(overflow)?;
    }
    let mut result = single_check(
        request,
        &Testset {
            identifier: None,
            p,
            n,
        },
    )?;
    if let Value::Object(map) = &mut result {
        map.insert(
            "aggregation".into(),
            "score of means: the scores of the pooled matrix".into(),
        );
        map.insert("testsets".into(), identifiers(testsets));
    }
    Ok(result)
}

fn overflow() -> Error {
    Error::new(
        ErrorKind::InvalidValue,
        None,
        "the pooled counts exceed 2^64",
    )
}

/// Why the mean of a reported or bounded score cannot be formed over these test sets, if so.
pub(crate) fn mos_undefined(request: &Request<'_>, testsets: &[Testset]) -> Result<Option<String>> {
    let windows = crate::figures::mean_windows(&request.fields)?.windows;
    let bounds = crate::sets::read_bounds(request.fields.get("score_bounds"), "score_bounds")?;
    for score in windows
        .iter()
        .map(|w| w.score)
        .chain(bounds.iter().map(|b| b.score))
    {
        if let Some(t) = testsets
            .iter()
            .find(|t| mos::linear_form(score, t.p, t.n).is_none())
        {
            return Ok(Some(format!(
                "{score} is undefined on test set {} (p={}, n={}), so the mean of scores is undefined and was not checked",
                t.identifier.as_deref().unwrap_or("?"),
                t.p,
                t.n
            )));
        }
    }
    Ok(None)
}

/// The mean-of-scores check of several test sets, one dataset per test set, `score_bounds`
/// bounding every test set's own scores (`check_n_testsets_mos_no_kfold`).
pub(crate) fn mos_check(request: &Request<'_>, testsets: &[Testset]) -> Result<Value> {
    if testsets.is_empty() {
        return Err(no_testsets());
    }
    let bounds = crate::sets::read_bounds(request.fields.get("score_bounds"), "score_bounds")?;
    let crate::figures::MeanFigures {
        windows, ignored, ..
    } = crate::figures::mean_windows(&request.fields)?;
    let datasets = testsets
        .iter()
        .map(|t| DatasetSpec::single_fold(t.p, t.n, bounds.clone()))
        .collect();
    let experiment = Experiment::new(datasets, windows);
    let outcome = mos::verdict(&experiment, &request.options)?;
    let mut result = mos::render(&experiment, &outcome, &ignored, request);
    if let Value::Object(map) = &mut result {
        map.insert(
            "aggregation".into(),
            "mean of scores: the mean of the per-image scores".into(),
        );
        map.insert("testsets".into(), identifiers(testsets));
    }
    Ok(result)
}

/// The verdict flag of a sub-result.
pub(crate) fn flag(result: &Value) -> Value {
    result.get("inconsistency").cloned().unwrap_or(Value::Null)
}

/// A combined result: `details_<key>` for every part and `inconsistency_<key>` flags.
pub(crate) fn combine(parts: Vec<(String, Value)>) -> Value {
    let mut flags = Map::new();
    let mut out = Map::new();
    for (key, part) in parts {
        flags.insert(format!("inconsistency_{key}"), flag(&part));
        out.insert(format!("details_{key}"), part);
    }
    let mut result = Map::new();
    result.insert("inconsistency".into(), Value::Object(flags));
    result.extend(out);
    Value::Object(result)
}
