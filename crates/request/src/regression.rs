//! The regression request (`regression_1_testset_no_kfold`) read into
//! `scorecheck-regression`'s typed problem: the variance of the targets, the number of
//! samples and a window per reported mae, mse, rmse or r2.

use num_rational::BigRational;
use num_traits::{One, Signed, Zero};
use scorecheck_algebra::reported_interval;
use scorecheck_regression::{normalized, RegressionScore, Reported, SPELLINGS};

use crate::input::{self, Object};
use crate::json::Json;
use crate::{Error, Result};

/// A regression request, read.
#[derive(Clone, Debug)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RegressionRequest {
    /// The (population) variance of the test targets.
    #[cfg_attr(feature = "serde", serde(with = "scorecheck_algebra::serde_text"))]
    pub var: BigRational,
    /// The number of test samples.
    pub n_samples: u64,
    /// The window of each reported score, in the order reported.
    pub windows: Vec<Reported>,
}

impl RegressionRequest {
    /// A request on `n_samples` targets of variance `var` with the reported `windows`.
    pub fn new(var: BigRational, n_samples: u64, windows: Vec<Reported>) -> RegressionRequest {
        RegressionRequest {
            var,
            n_samples,
            windows,
        }
    }
}

/// Reads a `regression_1_testset_no_kfold` request: `var`, `n_samples`, `scores`, `eps`,
/// `numerical_tolerance`.
///
/// # Errors
///
/// An [`Error`] naming the field that is missing, invalid or contradictory (a negative
/// variance, an unknown score with the closest spellings, a negative eps, r2 with zero
/// variance or on one sample).
pub fn read_testset(fields: &Object<'_>) -> Result<RegressionRequest> {
    let var = input::rational(
        fields.required(
            "var",
            "the variance of the test targets (population variance, as numpy's var)",
        )?,
        "var",
    )?;
    if var.is_negative() {
        return Err(Error::invalid("var", "a variance cannot be negative"));
    }
    let n = input::positive(
        fields.required("n_samples", "the number of samples in the test set")?,
        "n_samples",
        u64::MAX,
    )?;
    let scores_value = fields.required(
        "scores",
        "the reported scores, e.g. {\"mae\": 0.0254, \"r2\": 0.9897}",
    )?;
    let scores = Object::new(scores_value, "scores")?;
    scores.use_all();
    let mut reported: Vec<(RegressionScore, BigRational, String)> = Vec::new();
    for key in scores.keys() {
        let path = scores.field_path(key);
        let score = score_named(key, &path)?;
        let value = input::rational(scores.get(key).unwrap_or(&Json::Null), &path)?;
        if let Some((_, previous, previous_key)) = reported.iter().find(|(s, _, _)| *s == score) {
            if *previous != value {
                return Err(Error::contradiction(
                    &path,
                    format!("{key:?} and {previous_key:?} both name {} but give different values; keep one", score.abbreviation()),
                ));
            }
            continue;
        }
        reported.push((score, value, key.clone()));
    }
    if reported.is_empty() {
        return Err(Error::invalid(
            "scores",
            "no scores are reported; give at least one of mae, mse, rmse, r2",
        ));
    }
    let eps = read_eps(
        fields.required(
            "eps",
            "the uncertainty of the reported figures, e.g. 0.0001 for 4 decimals",
        )?,
        &reported,
    )?;
    let tol = input::tolerance(fields.get("numerical_tolerance"), "numerical_tolerance")?;
    // One target has population variance 0, so r2 is undefined on one sample whatever var
    // says (var is read for r2 alone).
    if n == 1 && reported.iter().any(|(s, _, _)| *s == RegressionScore::R2) {
        return Err(Error::contradiction(
            "n_samples",
            "r2 is undefined on one sample: one target has variance 0, whatever var says; give the test set's n_samples, or drop r2",
        ));
    }
    if var.is_zero() && reported.iter().any(|(s, _, _)| *s == RegressionScore::R2) {
        return Err(Error::contradiction(
            "var",
            "r2 is undefined when the targets have zero variance; give the variance or drop r2",
        ));
    }
    let windows = reported
        .iter()
        .zip(&eps)
        .map(|((score, value, _), e)| {
            let (lower, upper) = reported_interval(value, e, &tol);
            Reported::new(*score, value.clone(), lower, upper)
        })
        .collect();
    Ok(RegressionRequest {
        var,
        n_samples: n,
        windows,
    })
}

/// Resolves a score name, or an error naming the field with the closest spellings.
fn score_named(name: &str, path: &str) -> Result<RegressionScore> {
    if let Some(score) = RegressionScore::from_name(name) {
        return Ok(score);
    }
    let wanted = normalized(name);
    let mut close: Vec<(f64, &str)> = SPELLINGS
        .iter()
        .filter(|_| wanted.len() <= crate::input::MAX_SUGGESTED_LEN)
        .map(|(s, _)| (strsim::jaro_winkler(&wanted, s), *s))
        .filter(|(d, _)| *d > 0.7)
        .collect();
    close.sort_by(|a, b| b.0.total_cmp(&a.0));
    let hint = if close.is_empty() {
        "regression checks take mae, mse, rmse and r2".to_string()
    } else {
        let names: Vec<&str> = close.iter().take(3).map(|(_, s)| *s).collect();
        format!(
            "did you mean {}? (regression checks take mae, mse, rmse and r2)",
            names.join(", ")
        )
    };
    Err(Error::unknown_score(
        path,
        format!("unknown regression score {name:?}; {hint}"),
    ))
}

/// A number for messages, also one beyond an f64's range.
fn shown(value: &BigRational) -> String {
    match input::show(value).as_str() {
        "inf" => "beyond 1e308".to_string(),
        "-inf" => "below -1e308".to_string(),
        text => text.to_string(),
    }
}

/// Reads `eps`: one number for all scores or one per reported score (non-negative: the
/// targets may be on any scale, so no fixed upper limit applies here; but an eps at least the
/// size of the figure itself, and at least 1, leaves no digit of it checked: refused).
fn read_eps(
    value: &Json,
    reported: &[(RegressionScore, BigRational, String)],
) -> Result<Vec<BigRational>> {
    let check_for = |e: BigRational,
                     path: &str,
                     figures: &mut dyn Iterator<Item = &(RegressionScore, BigRational, String)>|
     -> Result<BigRational> {
        if e.is_negative() {
            return Err(Error::invalid(
                path,
                "eps cannot be negative; it is the rounding uncertainty of the reported figures, e.g. 0.0001 for 4 decimals",
            ));
        }
        for (_, figure, key) in figures {
            let size = figure.abs().max(BigRational::one());
            if e >= size {
                return Err(Error::invalid(
                    path,
                    format!(
                        "eps {} is at least the size of the reported {key} ({}, or 1): no digit of it would be checked; give the rounding of its last printed digit, e.g. 0.005 for 2 decimals",
                        shown(&e),
                        shown(figure)
                    ),
                ));
            }
        }
        Ok(e)
    };
    match value {
        Json::Object(_) => {
            let object = Object::new(value, "eps")?;
            object.use_all();
            let mut given: Vec<(RegressionScore, BigRational)> = Vec::new();
            for key in object.keys() {
                let path = object.field_path(key);
                let score = score_named(key, &path)?;
                let e = check_for(
                    input::rational(object.get(key).unwrap_or(&Json::Null), &path)?,
                    &path,
                    &mut reported.iter().filter(|(s, _, _)| *s == score),
                )?;
                if !reported.iter().any(|(s, _, _)| *s == score) {
                    return Err(Error::invalid(
                        &path,
                        format!("eps gives an uncertainty for {key:?}, which is not among the reported scores; remove it, or report the score"),
                    ));
                }
                given.push((score, e));
            }
            reported
                .iter()
                .map(|(score, _, key)| {
                    given.iter().find(|(s, _)| s == score).map(|(_, e)| e.clone()).ok_or_else(|| {
                        Error::missing(
                            &input::join("eps", key),
                            format!("eps gives no uncertainty for the reported score {key:?}; add it or give one number for all"),
                        )
                    })
                })
                .collect()
        }
        Json::String(text) if text.eq_ignore_ascii_case("auto") => Err(Error::invalid(
            "eps",
            "\"auto\" is not offered for regression scores; give eps as a number (0.0001 for 4 decimals) or one per score",
        )),
        other => {
            let e = check_for(input::rational(other, "eps")?, "eps", &mut reported.iter())?;
            Ok(reported.iter().map(|_| e.clone()).collect())
        }
    }
}
