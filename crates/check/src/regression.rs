//! `regression_1_testset_no_kfold`: the request is read into `scorecheck-regression`'s typed
//! problem (var, n_samples, a window per reported mae, mse, rmse or r2 from its eps and
//! `numerical_tolerance`) and its outcome is rendered: `failed` names each relation that fails
//! (`"rmse <= sqrt(n)*mae"`, `"mae <= rmse"`, ...), `feasible_mse` the range of mse otherwise.
//! The conditions and their proof are in that crate's documentation.

use num_rational::BigRational;
use num_traits::{Signed, Zero};
use scorecheck_algebra::reported_interval;
use scorecheck_regression::{check, normalized, RegressionScore, Reported, SPELLINGS};
use serde_json::{json, Map, Value};

use crate::dispatch::Request;
use crate::input::{self, Object};
use crate::json::Json;
use crate::render::Decision;
use crate::{Error, ErrorKind, Result};

/// Resolves a score name, or an error naming the field with the closest spellings.
fn score_named(name: &str, path: &str) -> Result<RegressionScore> {
    if let Some(score) = RegressionScore::from_name(name) {
        return Ok(score);
    }
    let wanted = normalized(name);
    let mut close: Vec<(f64, &str)> = SPELLINGS
        .iter()
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
    Err(Error::new(
        ErrorKind::UnknownScore,
        Some(path),
        format!("unknown regression score {name:?}; {hint}"),
    ))
}

/// Reads `eps`: one number for all scores or one per reported score (non-negative: the
/// targets may be on any scale, so no upper limit applies here).
fn read_eps(
    value: &Json,
    reported: &[(RegressionScore, BigRational, String)],
) -> Result<Vec<BigRational>> {
    let check = |e: BigRational, path: &str| -> Result<BigRational> {
        if e.is_negative() {
            return Err(Error::new(ErrorKind::InvalidValue, Some(path), "eps cannot be negative; it is the rounding uncertainty of the reported figures, e.g. 0.0001 for 4 decimals"));
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
                let e = check(
                    input::rational(object.get(key).unwrap_or(&Json::Null), &path)?,
                    &path,
                )?;
                given.push((score, e));
            }
            reported
                .iter()
                .map(|(score, _, key)| {
                    given.iter().find(|(s, _)| s == score).map(|(_, e)| e.clone()).ok_or_else(|| {
                        Error::new(ErrorKind::MissingField, Some(&input::join("eps", key)), format!("eps gives no uncertainty for the reported score {key:?}; add it or give one number for all"))
                    })
                })
                .collect()
        }
        other => {
            let e = check(input::rational(other, "eps")?, "eps")?;
            Ok(reported.iter().map(|_| e.clone()).collect())
        }
    }
}

/// `regression_1_testset_no_kfold`: `var`, `n_samples`, `scores`, `eps`, `numerical_tolerance`.
pub(crate) fn testset_no_kfold(request: &Request<'_>) -> Result<Value> {
    let fields = &request.fields;
    let var = input::rational(
        fields.required(
            "var",
            "the variance of the test targets (population variance, as numpy's var)",
        )?,
        "var",
    )?;
    if var.is_negative() {
        return Err(Error::new(
            ErrorKind::InvalidValue,
            Some("var"),
            "a variance cannot be negative",
        ));
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
                return Err(Error::new(ErrorKind::Contradiction, Some(&path), format!("{key:?} and {previous_key:?} both name {} but give different values; keep one", score.abbreviation())));
            }
            continue;
        }
        reported.push((score, value, key.clone()));
    }
    if reported.is_empty() {
        return Err(Error::new(
            ErrorKind::InvalidValue,
            Some("scores"),
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
    if var.is_zero() && reported.iter().any(|(s, _, _)| *s == RegressionScore::R2) {
        return Err(Error::new(
            ErrorKind::Contradiction,
            Some("var"),
            "r2 is undefined when the targets have zero variance; give the variance or drop r2",
        ));
    }

    let mut windows_json = Map::new();
    let mut windows = Vec::with_capacity(reported.len());
    for ((score, value, _), e) in reported.iter().zip(&eps) {
        let (lower, upper) = reported_interval(value, e, &tol);
        windows_json.insert(
            score.abbreviation().into(),
            json!([lower.to_string(), upper.to_string()]),
        );
        windows.push(Reported {
            score: *score,
            value: value.clone(),
            lower,
            upper,
        });
    }
    let outcome = check(n, &var, &windows)
        .map_err(|e| Error::new(ErrorKind::Contradiction, Some("var"), e.to_string()))?;
    let mut out = Map::new();
    crate::render::verdict(
        &mut out,
        if outcome.is_consistent() {
            Decision::Consistent
        } else {
            Decision::Inconsistent("exact")
        },
    );
    out.insert("failed".into(), json!(outcome.failed));
    out.insert("windows".into(), Value::Object(windows_json));
    if let Some((low, high)) = &outcome.feasible_mse {
        out.insert(
            "feasible_mse".into(),
            json!([
                crate::render::rational(low),
                high.as_ref().map(crate::render::rational)
            ]),
        );
        out.insert("explanation".into(), json!({"message": format!("some {n} residuals give every reported score: the relations mae ≤ rmse ≤ √n·mae, rmse² = mse and mse = var·(1 − r2) hold together (mse may lie in the range given in feasible_mse)")}));
    } else {
        out.insert(
            "explanation".into(),
            json!({"message": outcome.messages.join("; "), "failed": outcome.failed}),
        );
    }
    Ok(Value::Object(out))
}
