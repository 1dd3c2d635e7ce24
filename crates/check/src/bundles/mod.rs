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

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{ToPrimitive, Zero};
use scorecheck_data::{Assumption, ImageStats, LookupError, Subset};
use serde_json::{json, Map, Value};

use crate::dispatch::Request;
use crate::input::{self, Object};
use crate::json::Json;
use crate::mos::{self, DatasetSpec, Experiment, FoldSpec};
use crate::single;
use crate::{Error, ErrorKind, Result};

/// One binary test set of a bundle: an image, a batch or the whole test set.
#[derive(Clone, Debug)]
pub(crate) struct Testset {
    /// The identifier (image or batch), if the test set has one.
    pub(crate) identifier: Option<String>,
    /// Positives.
    pub(crate) p: u64,
    /// Negatives.
    pub(crate) n: u64,
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
pub(crate) fn lookup(field: &str) -> impl Fn(LookupError) -> Error + '_ {
    move |error| Error::new(ErrorKind::InvalidValue, Some(field), error.to_string())
}

/// The string field `key`.
pub(crate) fn text<'a>(fields: &Object<'a>, key: &str, what: &str) -> Result<&'a str> {
    match fields.required(key, what)? {
        Json::String(s) => Ok(s.as_str()),
        other => Err(Error::new(
            ErrorKind::InvalidValue,
            Some(&fields.field_path(key)),
            format!(
                "expected a string ({what}), found {}",
                input::describe(other)
            ),
        )),
    }
}

/// A field holding one name or a non-empty list of names (`"he"` or `["he", "se"]`).
pub(crate) fn names<'a>(fields: &Object<'a>, key: &str, what: &str) -> Result<Vec<&'a str>> {
    let path = fields.field_path(key);
    match fields.required(key, what)? {
        Json::String(s) => Ok(vec![s.as_str()]),
        Json::Array(items) if !items.is_empty() => items
            .iter()
            .enumerate()
            .map(|(i, item)| match item {
                Json::String(s) => Ok(s.as_str()),
                other => Err(Error::new(
                    ErrorKind::InvalidValue,
                    Some(&input::index(&path, i)),
                    format!("expected a string, found {}", input::describe(other)),
                )),
            })
            .collect(),
        Json::Array(_) => Err(Error::new(
            ErrorKind::InvalidValue,
            Some(&path),
            format!("the list is empty; give {what}"),
        )),
        other => Err(Error::new(
            ErrorKind::InvalidValue,
            Some(&path),
            format!(
                "expected a string or a list of strings ({what}), found {}",
                input::describe(other)
            ),
        )),
    }
}

/// The `assumption` field: `"fov"` or `"all"`.
pub(crate) fn assumption(fields: &Object<'_>) -> Result<Assumption> {
    text(
        fields,
        "assumption",
        "the region of evaluation, \"fov\" or \"all\"",
    )?
    .parse()
    .map_err(lookup("assumption"))
}

/// The `subset` field as `"train"` or `"test"`.
pub(crate) fn subset(fields: &Object<'_>) -> Result<Subset> {
    text(fields, "subset", "\"train\" or \"test\"")?
        .parse()
        .map_err(lookup("subset"))
}

/// The `confidence` field as an exact fraction `numerator / denominator` in [0, 1].
pub(crate) fn confidence(fields: &Object<'_>) -> Result<(u64, u64)> {
    let path = fields.field_path("confidence");
    let value = input::rational(
        fields.required(
            "confidence",
            "the confidence at which the soft ground truth is thresholded, e.g. 0.75",
        )?,
        &path,
    )?;
    let out_of_range = || {
        Error::new(
            ErrorKind::InvalidValue,
            Some(&path),
            format!(
                "the confidence must lie in [0, 1], found {}",
                input::show(&value)
            ),
        )
    };
    if value < BigRational::zero() || value > BigRational::from_integer(BigInt::from(1)) {
        return Err(out_of_range());
    }
    match (value.numer().to_u64(), value.denom().to_u64()) {
        (Some(numerator), Some(denominator)) => Ok((numerator, denominator)),
        _ => Err(Error::new(
            ErrorKind::InvalidValue,
            Some(&path),
            "the confidence has too many digits; give at most 18 decimals",
        )),
    }
}

/// Which single-matrix engine options the request asks for.
fn engine_options(request: &Request<'_>) -> single::Options {
    crate::backend::single_options(&request.options)
}

/// The exact single-matrix check of one test set (`check_1_testset_no_kfold`).
pub(crate) fn single_check(request: &Request<'_>, testset: &Testset) -> Result<Value> {
    let crate::figures::Figures { reported, windows } =
        crate::figures::read_windows(&request.fields)?;
    let problem = single::Problem {
        p: testset.p,
        n: testset.n,
        windows,
        params: reported.params.clone(),
    };
    let outcome = single::check(&problem, &engine_options(request));
    let mut result = crate::binary_som::render(&problem, &reported, &outcome);
    if let (Some(identifier), Value::Object(map)) = (&testset.identifier, &mut result) {
        map.insert("identifier".into(), Value::String(identifier.clone()));
    }
    Ok(result)
}

fn identifiers(testsets: &[Testset]) -> Value {
    json!(testsets
        .iter()
        .map(|t| t
            .identifier
            .clone()
            .map(Value::String)
            .unwrap_or(Value::Null))
        .collect::<Vec<_>>())
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
        .map(|t| DatasetSpec {
            folds: vec![FoldSpec {
                p: t.p,
                n: t.n,
                bounds: Vec::new(),
            }],
            bounds: bounds.clone(),
        })
        .collect();
    let experiment = Experiment { datasets, windows };
    let outcome = mos::solve(&experiment, request)?;
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
