//! Regression scores (mae, mse, rmse, r2) on one test set, decided exactly by interval reasoning.
//!
//! # What is decided
//!
//! `regression_1_testset_no_kfold` takes the variance `var` of the targets, the number of
//! samples `n_samples`, reported scores among mae, mse, rmse and r2, `eps` and
//! `numerical_tolerance`. It answers whether some vector of `n` real residuals
//! e = y_true − y_pred gives scores inside every reported window
//! `[v − eps − tol, v + eps + tol]`.
//!
//! The predictions are free, so the residuals are any vector in ℝⁿ, and with
//! a = mean |eᵢ| (mae) and m = mean eᵢ² (mse):
//! rmse = √m and r2 = 1 − m/var (the reference's `r_squared` divides the residual sum of
//! squares by n·var, the population variance times n).
//!
//! # The complete set of conditions
//!
//! **Claim.** For n ≥ 1, a pair (a, r) with a, r ≥ 0 is the (mae, rmse) of some residual
//! vector iff a ≤ r ≤ √n·a (in particular a = 0 forces r = 0).
//!
//! *Necessity.* With sᵢ = |eᵢ| ≥ 0 and S = Σ sᵢ = n·a: Cauchy–Schwarz gives
//! S² ≤ n·Σ sᵢ², i.e. a² ≤ m = r²; and Σ sᵢ² ≤ (Σ sᵢ)² because the cross terms are
//! non-negative, i.e. n·r² ≤ n²·a², r ≤ √n·a.
//!
//! *Sufficiency.* Fix a and move along the segment from the equal vector (a, …, a) to the
//! concentrated vector (n·a, 0, …, 0); every point has non-negative entries summing to n·a,
//! so mae = a, and the mean square varies continuously from a² to n·a². By the intermediate
//! value theorem every m ∈ [a², n·a²] is attained, i.e. every r ∈ [a, √n·a].
//!
//! So the reference's single rule mae ≤ rmse is incomplete: it misses rmse ≤ √n·mae. r2 adds
//! nothing beyond m ≥ 0 (r2 ≤ 1), since var is given and m is free.
//!
//! # How it is decided
//!
//! Every reported mse, rmse and r2 maps to a window on m (rmse: square the window clipped at
//! 0; r2: m = var·(1 − r2)); the windows are intersected with each other and with [0, ∞).
//! The mae window [a_lo, a_hi] (clipped at 0) reaches exactly the m in [a_lo², n·a_hi²]:
//! the union of the intervals [a², n·a²] over a in the window is connected. So the scores
//! are consistent iff the m window meets [a_lo², n·a_hi²], which is two comparisons of
//! rationals — no square root is ever taken.
//!
//! # Deliberate differences from the reference
//!
//! The reference only tests mae ≤ rmse, and derives mse or rmse from another score only when
//! it is not reported, so reported mse, rmse and r2 are never compared with each other. Here
//! every relation above is checked, and `failed` names each one that fails
//! (`"rmse <= sqrt(n)*mae"`, `"mae <= rmse"`, `"mse = rmse^2"`, `"r2 <= 1"`, ...).

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{Signed, Zero};
use scorecheck_algebra::reported_interval;
use serde_json::{json, Map, Value};

use crate::dispatch::Request;
use crate::error::{Error, ErrorKind, Result};
use crate::input::{self, Object};
use crate::json::Json;

/// A regression score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RegressionScore {
    Mae,
    Mse,
    Rmse,
    R2,
}

/// Every accepted spelling, with its score.
const SPELLINGS: [(&str, RegressionScore); 11] = [
    ("mae", RegressionScore::Mae),
    ("mean_absolute_error", RegressionScore::Mae),
    ("mean_average_error", RegressionScore::Mae),
    ("mse", RegressionScore::Mse),
    ("mean_squared_error", RegressionScore::Mse),
    ("rmse", RegressionScore::Rmse),
    ("root_mean_squared_error", RegressionScore::Rmse),
    ("r2", RegressionScore::R2),
    ("r_squared", RegressionScore::R2),
    ("r2_score", RegressionScore::R2),
    ("coefficient_of_determination", RegressionScore::R2),
];

impl RegressionScore {
    fn abbreviation(self) -> &'static str {
        match self {
            RegressionScore::Mae => "mae",
            RegressionScore::Mse => "mse",
            RegressionScore::Rmse => "rmse",
            RegressionScore::R2 => "r2",
        }
    }

    /// Resolves a name (any case, spaces and hyphens read as underscores).
    fn from_name(name: &str, path: &str) -> Result<RegressionScore> {
        let wanted: String = name
            .trim()
            .chars()
            .map(|c| {
                if c == ' ' || c == '-' {
                    '_'
                } else {
                    c.to_ascii_lowercase()
                }
            })
            .collect();
        if let Some((_, score)) = SPELLINGS.iter().find(|(s, _)| *s == wanted) {
            return Ok(*score);
        }
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
}

/// A closed window on a quantity; `upper = None` means unbounded above.
#[derive(Clone, Debug)]
struct Window {
    label: &'static str,
    lower: BigRational,
    upper: Option<BigRational>,
}

fn square(x: &BigRational) -> BigRational {
    x * x
}

fn integer(v: u64) -> BigRational {
    BigRational::from_integer(BigInt::from(v))
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
                let score = RegressionScore::from_name(key, &path)?;
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
        let score = RegressionScore::from_name(key, &path)?;
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

    let mut failed: Vec<String> = Vec::new();
    let mut messages: Vec<String> = Vec::new();
    // Windows on mse from every reported mse, rmse and r2, and the window on mae.
    let mut mse_windows: Vec<Window> = Vec::new();
    let mut mae: Option<(BigRational, BigRational)> = None;
    let mut windows_json = Map::new();
    for ((score, value, _), e) in reported.iter().zip(&eps) {
        let (lower, upper) = reported_interval(value, e, &tol);
        windows_json.insert(
            score.abbreviation().into(),
            json!([lower.to_string(), upper.to_string()]),
        );
        match score {
            RegressionScore::Mae => {
                if upper.is_negative() {
                    failed.push("mae >= 0".into());
                    messages.push(format!(
                        "mae is reported as {} but a mean absolute error is never negative",
                        input::show(value)
                    ));
                }
                mae = Some((lower.max(BigRational::zero()), upper));
            }
            RegressionScore::Mse => mse_windows.push(Window {
                label: "mse",
                lower,
                upper: Some(upper),
            }),
            RegressionScore::Rmse => {
                if upper.is_negative() {
                    failed.push("rmse >= 0".into());
                    messages.push(format!(
                        "rmse is reported as {} but a root mean squared error is never negative",
                        input::show(value)
                    ));
                } else {
                    let lower = lower.max(BigRational::zero());
                    mse_windows.push(Window {
                        label: "rmse^2",
                        lower: square(&lower),
                        upper: Some(square(&upper)),
                    });
                }
            }
            RegressionScore::R2 => {
                let one = BigRational::from_integer(BigInt::from(1));
                mse_windows.push(Window {
                    label: "var*(1 - r2)",
                    lower: &var * (&one - &upper),
                    upper: Some(&var * (&one - &lower)),
                });
            }
        }
    }
    // Intersect the mse windows with each other and with [0, ∞).
    let mut mse = Window {
        label: "0",
        lower: BigRational::zero(),
        upper: None,
    };
    let mut mse_lower_source = "0";
    let mut mse_upper_source = "";
    for w in &mse_windows {
        if w.lower > mse.lower {
            mse.lower = w.lower.clone();
            mse_lower_source = w.label;
        }
        if let Some(u) = &w.upper {
            if mse.upper.as_ref().is_none_or(|x| u < x) {
                mse.upper = Some(u.clone());
                mse_upper_source = w.label;
            }
        }
    }
    let mse_ok = mse.upper.as_ref().is_none_or(|u| *u >= mse.lower);
    if !mse_ok {
        let relation = if mse_lower_source == "0" {
            match mse_upper_source {
                "var*(1 - r2)" => "r2 <= 1".to_string(),
                other => format!("{other} >= 0"),
            }
        } else {
            format!("{mse_lower_source} = {mse_upper_source}")
        };
        messages.push(format!("the reported scores give disjoint windows on mse: {mse_lower_source} needs mse ≥ {} but {mse_upper_source} needs mse ≤ {}", input::show(&mse.lower), mse.upper.as_ref().map(input::show).unwrap_or_default()));
        failed.push(relation);
    }
    let mut feasible_mse: Option<(BigRational, Option<BigRational>)> = None;
    if failed.is_empty() {
        let mut low = mse.lower.clone();
        let mut high = mse.upper.clone();
        if let Some((a_lo, a_hi)) = &mae {
            if !mse_windows.is_empty() {
                // mae ≤ rmse: the smallest reachable mse is a_lo².
                let least = square(a_lo);
                if high.as_ref().is_some_and(|h| least > *h) {
                    failed.push("mae <= rmse".into());
                    messages.push(format!("mae ≥ {} forces rmse ≥ mae, i.e. mse ≥ {}, but the other scores give mse ≤ {}", input::show(a_lo), input::show(&least), high.as_ref().map(input::show).unwrap_or_default()));
                }
                // rmse ≤ √n·mae: the largest reachable mse is n·a_hi².
                let most = integer(n) * square(a_hi);
                if mse.lower > most {
                    failed.push("rmse <= sqrt(n)*mae".into());
                    messages.push(format!("with n = {n} samples, rmse ≤ √n·mae, so mae ≤ {} allows mse ≤ {}, but the other scores give mse ≥ {}", input::show(a_hi), input::show(&most), input::show(&mse.lower)));
                }
                if least > low {
                    low = least;
                }
                if high.as_ref().is_none_or(|h| most < *h) {
                    high = Some(most);
                }
            }
        }
        if failed.is_empty() {
            feasible_mse = Some((low, high));
        }
    }
    let inconsistency = !failed.is_empty();
    let mut out = Map::new();
    out.insert("inconsistency".into(), Value::Bool(inconsistency));
    out.insert(
        "verdict".into(),
        (if inconsistency {
            "inconsistent"
        } else {
            "consistent"
        })
        .into(),
    );
    out.insert("failed".into(), json!(failed));
    out.insert("windows".into(), Value::Object(windows_json));
    if let Some((low, high)) = feasible_mse {
        out.insert(
            "feasible_mse".into(),
            json!([
                crate::render::rational(&low),
                high.as_ref().map(crate::render::rational)
            ]),
        );
        out.insert("explanation".into(), json!({"message": format!("some {n} residuals give every reported score: the relations mae ≤ rmse ≤ √n·mae, rmse² = mse and mse = var·(1 − r2) hold together (mse may lie in the range given in feasible_mse)")}));
    } else {
        out.insert(
            "explanation".into(),
            json!({"message": messages.join("; "), "failed": failed}),
        );
    }
    Ok(Value::Object(out))
}
