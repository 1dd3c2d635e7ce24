//! How reported figures were rounded: `"eps": "auto"`, `"rounding"` and `"percent"` read into `scorecheck_algebra::rounded_interval`'s terms.
//!
//! - `"eps": "auto"` takes each score's uncertainty from its own decimal text: u = 10^−d for
//!   d reported decimals (`0.954` → u = 0.001, `0.95` next to it → u = 0.01; `9.54e-1` has
//!   three decimals too; `scorecheck_algebra::last_digit_unit`).
//! - `"rounding"` says how a figure was made from the true value: `nearest` (the default),
//!   `floor` (rounded down), `ceil` (rounded up), `truncate` (toward zero: down for positive
//!   figures, up for negative ones) or `any` (either way); one mode for all, or an object
//!   naming every reported score once.
//! - `"percent": true` reads the scores in percent (95.4 means 0.954); the unit of auto eps
//!   follows the percent text and an explicit eps is in percent too; `numerical_tolerance`
//!   stays in fraction units.
//!
//! The windows themselves are `scorecheck_algebra::rounded_interval` of each figure's
//! `RoundingMode` and `Uncertainty` (see there).

use crate::json::Json;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::One;
use scorecheck_algebra::{last_digit_unit, RoundingMode};

use crate::error::{Error, Result};
use crate::input::{self, Object};

/// Reads one rounding mode: `"nearest"`, `"floor"`, `"ceil"`, `"truncate"` or `"any"`.
fn parse_mode(value: &Json, path: &str) -> Result<RoundingMode> {
    match value.as_str().map(str::to_ascii_lowercase).as_deref() {
        Some("nearest") => Ok(RoundingMode::Nearest),
        Some("floor") => Ok(RoundingMode::Floor),
        Some("ceil") => Ok(RoundingMode::Ceil),
        Some("truncate") => Ok(RoundingMode::Truncate),
        Some("any") => Ok(RoundingMode::Any),
        _ => Err(Error::invalid(
            path,
            format!(
                "expected \"nearest\", \"floor\", \"ceil\", \"truncate\" or \"any\", found {}",
                value.as_str().map_or_else(
                    || input::describe(value).to_string(),
                    |text| format!("{:?}", text.chars().take(40).collect::<String>())
                )
            ),
        )),
    }
}

/// The rounding options of a request.
pub struct Rounding {
    /// Scores are in percent.
    pub percent: bool,
    /// Each score's eps comes from its decimal text.
    pub auto: bool,
    default: RoundingMode,
    /// Per-score modes by the key used in `rounding` (checked against the scores later).
    by_key: Vec<(String, RoundingMode)>,
}

/// Reads `percent`, `rounding` and whether `eps` is `"auto"`.
///
/// # Errors
///
/// `InvalidValue` naming `percent` or `rounding` (or one of its keys) when it is not a boolean,
/// a known mode (`nearest`, `floor`, `ceil`, `truncate`, `any`) or an object of modes.
pub fn read(fields: &Object<'_>) -> Result<Rounding> {
    let percent = match fields.get("percent") {
        None => false,
        Some(Json::Bool(b)) => *b,
        Some(other) => {
            return Err(Error::invalid(
                "percent",
                format!("expected true or false, found {}", input::describe(other)),
            ))
        }
    };
    // In any case, as the rounding modes and a CSV cell are read (`AUTO`).
    let auto = matches!(fields.get("eps"), Some(Json::String(s)) if s.eq_ignore_ascii_case("auto"));
    let (default, by_key) = match fields.get("rounding") {
        None => (RoundingMode::Nearest, Vec::new()),
        // Empty, it would round every score to nearest unsaid.
        Some(Json::Object(map)) if map.is_empty() => {
            return Err(Error::invalid(
                "rounding",
                "the object names no score: give every reported score's mode, like {\"acc\": \"floor\", \"sens\": \"ceil\"}, one mode for all, like \"floor\", or leave rounding out for nearest",
            ))
        }
        Some(Json::Object(map)) => {
            let mut by_key = Vec::new();
            for (key, v) in map {
                by_key.push((key.clone(), parse_mode(v, &input::join("rounding", key))?));
            }
            (RoundingMode::Nearest, by_key)
        }
        Some(other) => (parse_mode(other, "rounding")?, Vec::new()),
    };
    Ok(Rounding {
        percent,
        auto,
        default,
        by_key,
    })
}

impl Rounding {
    /// The factor from the reported unit to fractions (1/100 in percent).
    pub fn scale(&self) -> BigRational {
        if self.percent {
            BigRational::new(BigInt::one(), BigInt::from(100))
        } else {
            BigRational::one()
        }
    }

    /// The mode of the score reported under `key` (naming `score`, one of its names).
    ///
    /// # Errors
    ///
    /// A per-score `rounding` object that does not name the score, or names it twice (`acc`
    /// and `accuracy`: which one holds would depend on the keys' order).
    pub fn mode(&self, key: &str, names: &[&str]) -> Result<RoundingMode> {
        if self.by_key.is_empty() {
            return Ok(self.default);
        }
        let mut naming = self
            .by_key
            .iter()
            .filter(|(k, _)| k == key || names.iter().any(|name| name.eq_ignore_ascii_case(k)));
        let first = naming.next();
        if let (Some((a, _)), Some((b, _))) = (first, naming.next()) {
            return Err(Error::contradiction(
                &input::join("rounding", b),
                format!("rounding names the score {key:?} twice, as {a:?} and {b:?}; give it once"),
            ));
        }
        first.map(|(_, m)| *m).ok_or_else(|| {
            Error::missing(
                &input::join("rounding", key),
                format!("rounding gives no mode for the reported score {key:?}; add it or give one mode for all"),
            )
        })
    }

    /// Checks that every key of a per-score `rounding` object names a reported score.
    ///
    /// # Errors
    ///
    /// `UnknownField` naming `rounding.<key>` when a key names no reported score.
    pub fn check_keys(&self, known: &dyn Fn(&str) -> bool) -> Result<()> {
        for (key, _) in &self.by_key {
            if !known(key) {
                return Err(Error::contradiction(
                    &input::join("rounding", key),
                    format!("rounding names {key:?}, which is not a reported score; remove it"),
                ));
            }
        }
        Ok(())
    }
}

/// The unit of the last reported digit of a decimal text
/// (`scorecheck_algebra::last_digit_unit`), its errors naming `path`.
///
/// # Errors
///
/// Text whose exponent is not an integer or whose unit is out of range.
pub fn unit(text: &str, path: &str) -> Result<BigRational> {
    last_digit_unit(text).map_err(|_| {
        Error::invalid(
            path,
            format!(
                "{text:?} is not a decimal number whose decimals can be counted for eps \"auto\""
            ),
        )
    })
}

/// The text of a reported number (its JSON text is kept) for counting decimals.
pub fn text_of(value: &Json) -> Option<String> {
    match value {
        Json::Number(n) => Some(n.to_string()),
        Json::String(s) => Some(s.clone()),
        _ => None,
    }
}
