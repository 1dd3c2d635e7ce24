//! Regression scores (mae, mse, rmse, r2) on one test set, decided exactly by interval reasoning:
//! a typed engine (no JSON, no solver) that the facade's `regression_1_testset_no_kfold` reads
//! requests into.
//!
//! # What is decided
//!
//! [`check`] takes the variance `var` of the targets, the number of samples `n`, and a closed
//! window for each reported score among mae, mse, rmse and r2 (`[v − eps − tol, v + eps + tol]`
//! for a figure v rounded to eps). It answers whether some vector of `n` real residuals
//! e = y_true − y_pred gives scores inside every window.
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
//!
//! Cargo features: `serde` (`Serialize`/`Deserialize` derives on the typed values; no format
//! is imposed). None is on by default.

#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(unreachable_pub)]

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{Signed, ToPrimitive, Zero};

/// A regression score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum RegressionScore {
    /// Mean absolute error.
    Mae,
    /// Mean squared error.
    Mse,
    /// Root mean squared error.
    Rmse,
    /// Coefficient of determination (1 − mse/var).
    R2,
}

/// Every accepted spelling, with its score (lower case, underscores).
pub const SPELLINGS: [(&str, RegressionScore); 11] = [
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
    /// The short name (`mae`, `mse`, `rmse`, `r2`).
    pub fn abbreviation(self) -> &'static str {
        match self {
            RegressionScore::Mae => "mae",
            RegressionScore::Mse => "mse",
            RegressionScore::Rmse => "rmse",
            RegressionScore::R2 => "r2",
        }
    }

    /// The score a name spells (any case, spaces and hyphens read as underscores), if any.
    ///
    /// ```
    /// use scorecheck_regression::RegressionScore;
    ///
    /// assert_eq!(RegressionScore::from_name("R-Squared"), Some(RegressionScore::R2));
    /// assert_eq!(RegressionScore::from_name("mape"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<RegressionScore> {
        let wanted = normalized(name);
        SPELLINGS
            .iter()
            .find(|(s, _)| *s == wanted)
            .map(|(_, score)| *score)
    }
}

/// A name as [`SPELLINGS`] writes it: trimmed, lower case, spaces and hyphens as underscores.
pub fn normalized(name: &str) -> String {
    name.trim()
        .chars()
        .map(|c| {
            if c == ' ' || c == '-' {
                '_'
            } else {
                c.to_ascii_lowercase()
            }
        })
        .collect()
}

/// One reported score: the figure as reported and the closed window it stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Reported {
    /// The score.
    pub score: RegressionScore,
    /// The figure as reported (for messages).
    #[cfg_attr(feature = "serde", serde(with = "scorecheck_rational::text"))]
    pub value: BigRational,
    /// Least value the score may have.
    #[cfg_attr(feature = "serde", serde(with = "scorecheck_rational::text"))]
    pub lower: BigRational,
    /// Greatest value the score may have.
    #[cfg_attr(feature = "serde", serde(with = "scorecheck_rational::text"))]
    pub upper: BigRational,
}

impl Reported {
    /// `score` reported as `value`, standing for any value in [`lower`, `upper`].
    pub fn new(
        score: RegressionScore,
        value: BigRational,
        lower: BigRational,
        upper: BigRational,
    ) -> Reported {
        Reported {
            score,
            value,
            lower,
            upper,
        }
    }

    /// `score` reported exactly as `value`.
    pub fn exactly(score: RegressionScore, value: BigRational) -> Reported {
        Reported::new(score, value.clone(), value.clone(), value)
    }
}

/// What [`check`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    /// The relations that fail (`"rmse <= sqrt(n)*mae"`, `"mae <= rmse"`, `"mse = rmse^2"`,
    /// `"r2 <= 1"`, ...); empty when the scores are consistent.
    pub failed: Vec<String>,
    /// Why each relation fails, in the same order.
    pub messages: Vec<String>,
    /// When consistent, the range of mse some residual vector gives with every reported
    /// score (`None` above: unbounded).
    #[cfg_attr(feature = "serde", serde(with = "scorecheck_rational::text"))]
    pub feasible_mse: Option<(BigRational, Option<BigRational>)>,
}

impl Outcome {
    /// Whether some residual vector gives every reported score.
    pub fn is_consistent(&self) -> bool {
        self.failed.is_empty()
    }
}

/// Why a problem cannot be checked: an opaque error with an [`ErrorKind`], the input it
/// points at ([`Error::field`]) and a `Display` that says what to change.
///
/// ```
/// use num_rational::BigRational;
/// use scorecheck_regression::{check, ErrorKind, RegressionScore, Reported};
///
/// let q = |a: i64, b: i64| BigRational::new(a.into(), b.into());
/// let error = check(4, &q(-1, 1), &[Reported::exactly(RegressionScore::Mae, q(1, 1))]).unwrap_err();
/// assert_eq!(error.kind(), &ErrorKind::NegativeVariance);
/// assert_eq!(error.field(), "var");
/// assert_eq!(error.to_string(), "a variance cannot be negative");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
}

/// What kind of [`Error`] it is.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The variance is negative.
    NegativeVariance,
    /// No sample.
    NoSamples,
    /// r2 is reported but the targets have zero variance.
    R2WithZeroVariance,
}

impl From<ErrorKind> for Error {
    fn from(kind: ErrorKind) -> Error {
        Error { kind }
    }
}

impl Error {
    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }

    /// The input the error points at, named as in requests: `var` (the variance) or
    /// (the number of samples).
    pub fn field(&self) -> &'static str {
        match self.kind {
            ErrorKind::NegativeVariance | ErrorKind::R2WithZeroVariance => "var",
            ErrorKind::NoSamples => "n_samples",
        }
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self.kind {
            ErrorKind::NegativeVariance => "a variance cannot be negative",
            ErrorKind::NoSamples => "a test set has at least one sample",
            ErrorKind::R2WithZeroVariance => {
                "r2 is undefined when the targets have zero variance; give the variance or drop r2"
            }
        })
    }
}

impl std::error::Error for Error {}

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

/// A rational for messages: its nearest f64, in scientific notation beyond 1e15 or below
/// 1e-6, and said as such beyond an f64's range (`1e320` is no f64).
fn show(value: &BigRational) -> String {
    let f = value.to_f64().unwrap_or(f64::NAN);
    if f.is_infinite() {
        return if f > 0.0 {
            "more than 1e308"
        } else {
            "less than -1e308"
        }
        .to_string();
    }
    if f != 0.0 && (f.abs() >= 1e15 || f.abs() < 1e-6) {
        format!("{f:e}")
    } else {
        format!("{f}")
    }
}

/// Decides whether some `n` real residuals give every `reported` score when the targets have
/// population variance `var`, exactly (two comparisons of rationals per relation).
///
/// # Errors
///
/// When `var` is negative, `n` is zero, or r2 is reported with a zero variance.
///
/// ```
/// use num_rational::BigRational;
/// use scorecheck_regression::{check, RegressionScore, Reported};
///
/// let q = |a: i64, b: i64| BigRational::new(a.into(), b.into());
/// let exactly = Reported::exactly;
/// // mae 1 and rmse 3 on 4 samples: rmse ≤ √4·mae = 2 fails.
/// let outcome = check(4, &q(10, 1), &[exactly(RegressionScore::Mae, q(1, 1)), exactly(RegressionScore::Rmse, q(3, 1))]).unwrap();
/// assert_eq!(outcome.failed, vec!["rmse <= sqrt(n)*mae".to_string()]);
/// ```
pub fn check(n: u64, var: &BigRational, reported: &[Reported]) -> Result<Outcome, Error> {
    if var.is_negative() {
        return Err(ErrorKind::NegativeVariance.into());
    }
    if n == 0 {
        return Err(ErrorKind::NoSamples.into());
    }
    if var.is_zero() && reported.iter().any(|r| r.score == RegressionScore::R2) {
        return Err(ErrorKind::R2WithZeroVariance.into());
    }
    let mut failed: Vec<String> = Vec::new();
    let mut messages: Vec<String> = Vec::new();
    // Windows on mse from every reported mse, rmse and r2, and the window on mae.
    let mut mse_windows: Vec<Window> = Vec::new();
    let mut mae: Option<(BigRational, BigRational)> = None;
    for Reported {
        score,
        value,
        lower,
        upper,
    } in reported
    {
        let (lower, upper) = (lower.clone(), upper.clone());
        match score {
            RegressionScore::Mae => {
                if upper.is_negative() {
                    failed.push("mae >= 0".into());
                    messages.push(format!(
                        "mae is reported as {} but a mean absolute error is never negative",
                        show(value)
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
                        show(value)
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
                    lower: var * (&one - &upper),
                    upper: Some(var * (&one - &lower)),
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
    let mut mse_lower_source = mse.label;
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
        messages.push(format!("the reported scores give disjoint windows on mse: {mse_lower_source} needs mse ≥ {} but {mse_upper_source} needs mse ≤ {}", show(&mse.lower), mse.upper.as_ref().map(show).unwrap_or_default()));
        failed.push(relation);
    }
    let mut feasible_mse: Option<(BigRational, Option<BigRational>)> = None;
    if failed.is_empty() {
        let mut low = mse.lower.clone();
        let mut high = mse.upper.clone();
        // mae alone bounds mse too: mae² ≤ mse ≤ n·mae² over real residuals.
        if let Some((a_lo, a_hi)) = &mae {
            // mae ≤ rmse: the smallest reachable mse is a_lo².
            let least = square(a_lo);
            if high.as_ref().is_some_and(|h| least > *h) {
                failed.push("mae <= rmse".into());
                messages.push(format!(
                    "mae ≥ {} forces rmse ≥ mae, i.e. mse ≥ {}, but the other scores give mse ≤ {}",
                    show(a_lo),
                    show(&least),
                    high.as_ref().map(show).unwrap_or_default()
                ));
            }
            // rmse ≤ √n·mae: the largest reachable mse is n·a_hi².
            let most = BigRational::from_integer(BigInt::from(n)) * square(a_hi);
            if mse.lower > most {
                failed.push("rmse <= sqrt(n)*mae".into());
                messages.push(format!("with n = {n} samples, rmse ≤ √n·mae, so mae ≤ {} allows mse ≤ {}, but the other scores give mse ≥ {}", show(a_hi), show(&most), show(&mse.lower)));
            }
            if least > low {
                low = least;
            }
            if high.as_ref().is_none_or(|h| most < *h) {
                high = Some(most);
            }
        }
        if failed.is_empty() {
            feasible_mse = Some((low, high));
        }
    }
    Ok(Outcome {
        failed,
        messages,
        feasible_mse,
    })
}

/// A regression score is written by its abbreviation (`"mae"`) and read by any spelling.
#[cfg(feature = "serde")]
impl serde::Serialize for RegressionScore {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.abbreviation())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for RegressionScore {
    fn deserialize<D: serde::Deserializer<'de>>(
        deserializer: D,
    ) -> Result<RegressionScore, D::Error> {
        let name = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        RegressionScore::from_name(&name)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown regression score {name:?}")))
    }
}

#[cfg(test)]
mod tests {
    use num_bigint::BigInt;
    use num_rational::BigRational;
    use num_traits::Zero;
    use proptest::prelude::*;

    use super::{check, RegressionScore, Reported};

    fn q(v: i64) -> BigRational {
        BigRational::from_integer(BigInt::from(v))
    }

    proptest! {
        /// The exact scores of any integer residual vector are consistent (windows of
        /// width zero around mae, mse and r2; rmse, irrational in general, within 1/1000 of it
        /// on both sides), and the vector's mse lies in `feasible_mse`.
        #[test]
        fn scores_of_real_residuals_are_consistent(
            residuals in prop::collection::vec(-20i64..=20, 1..8),
            var in 1i64..50,
            which in 1u8..16,
        ) {
            let n = residuals.len() as i64;
            let mae = BigRational::new(BigInt::from(residuals.iter().map(|e| e.abs()).sum::<i64>()), BigInt::from(n));
            let mse = BigRational::new(BigInt::from(residuals.iter().map(|e| e * e).sum::<i64>()), BigInt::from(n));
            let r2 = q(1) - &mse / q(var);
            // ⌊√(mse)·1000⌋/1000 ≤ rmse ≤ that + 1/1000.
            let scaled = (mse.clone() * q(1_000_000)).to_integer().sqrt();
            let rmse_lo = BigRational::new(scaled.clone(), BigInt::from(1000));
            let rmse_hi = BigRational::new(scaled + 1, BigInt::from(1000));
            let exactly = |score, v: &BigRational| Reported { score, value: v.clone(), lower: v.clone(), upper: v.clone() };
            let mut reported = Vec::new();
            if which & 1 != 0 { reported.push(exactly(RegressionScore::Mae, &mae)); }
            if which & 2 != 0 { reported.push(exactly(RegressionScore::Mse, &mse)); }
            if which & 4 != 0 { reported.push(Reported { score: RegressionScore::Rmse, value: rmse_lo.clone(), lower: rmse_lo, upper: rmse_hi }); }
            if which & 8 != 0 { reported.push(exactly(RegressionScore::R2, &r2)); }
            let outcome = check(n as u64, &q(var), &reported).unwrap();
            prop_assert!(outcome.is_consistent(), "{:?} {:?}", reported, outcome);
            let (low, high) = outcome.feasible_mse.unwrap();
            prop_assert!(low <= mse && high.is_none_or(|h| mse <= h));
        }

        /// With mae and mse both reported exactly, the verdict is the closed form
        /// mae² ≤ mse ≤ n·mae².
        #[test]
        fn mae_and_mse_follow_the_closed_form(a in 0i64..30, m in 0i64..300, n in 1u64..10) {
            let exactly = |score, v: BigRational| Reported { score, value: v.clone(), lower: v.clone(), upper: v };
            let outcome = check(n, &BigRational::zero(), &[exactly(RegressionScore::Mae, q(a)), exactly(RegressionScore::Mse, q(m))]).unwrap();
            let expected = a * a <= m && m <= n as i64 * a * a;
            prop_assert_eq!(outcome.is_consistent(), expected);
        }

        /// mae alone bounds mse by the closed form: `feasible_mse` is [mae², n·mae²] for an
        /// exactly reported mae (reached by equal residuals and by one residual n·mae).
        #[test]
        fn mae_alone_bounds_mse(a in 0i64..30, n in 1u64..10) {
            let exactly = Reported { score: RegressionScore::Mae, value: q(a), lower: q(a), upper: q(a) };
            let outcome = check(n, &q(1), &[exactly]).unwrap();
            prop_assert_eq!(outcome.feasible_mse, Some((q(a * a), Some(q(n as i64 * a * a)))));
        }
    }
}
