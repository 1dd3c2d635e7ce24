//! How reported figures were rounded: `"eps": "auto"`, `"rounding"` and `"percent"`.
//!
//! - `"eps": "auto"` takes each score's uncertainty from its own decimal text: u = 10^−d for
//!   d reported decimals (`0.954` → u = 0.001, `0.95` next to it → u = 0.01; `9.54e-1` has
//!   three decimals too).
//! - `"rounding"` says how a figure was made from the true value: `nearest` (the default),
//!   `floor` (truncated), `ceil` (rounded up) or `any` (either way); one mode for all, or an
//!   object naming every reported score.
//! - `"percent": true` reads the scores in percent (95.4 means 0.954); the unit of auto eps
//!   follows the percent text and an explicit eps is in percent too; `numerical_tolerance`
//!   stays in fraction units.
//!
//! The window of a value v with uncertainty x (u for auto, eps otherwise), before the
//! tolerance widens it on both sides: nearest [v − u/2, v + u/2] with auto eps and
//! [v − eps, v + eps] with an explicit one (as always), floor [v, v + x], ceil [v − x, v],
//! any [v − x, v + x].

use crate::json::Json;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Pow, Zero};

use crate::error::{Error, ErrorKind, Result};
use crate::input::{self, Object};

/// How one figure was rounded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// To the nearest value of its last digit.
    Nearest,
    /// Truncated: the true value is at or above the figure.
    Floor,
    /// Rounded up: the true value is at or below the figure.
    Ceil,
    /// Either way.
    Any,
}

impl Mode {
    fn parse(value: &Json, path: &str) -> Result<Mode> {
        match value.as_str() {
            Some("nearest") => Ok(Mode::Nearest),
            Some("floor") => Ok(Mode::Floor),
            Some("ceil") => Ok(Mode::Ceil),
            Some("any") => Ok(Mode::Any),
            _ => Err(Error::new(
                ErrorKind::InvalidValue,
                Some(path),
                format!(
                    "expected \"nearest\", \"floor\", \"ceil\" or \"any\", found {}",
                    input::describe(value)
                ),
            )),
        }
    }
}

/// The rounding options of a request.
pub(crate) struct Rounding {
    /// Scores are in percent.
    pub(crate) percent: bool,
    /// Each score's eps comes from its decimal text.
    pub(crate) auto: bool,
    default: Mode,
    /// Per-score modes by the key used in `rounding` (checked against the scores later).
    by_key: Vec<(String, Mode)>,
}

/// Reads `percent`, `rounding` and whether `eps` is `"auto"`.
pub(crate) fn read(fields: &Object<'_>) -> Result<Rounding> {
    let percent = match fields.get("percent") {
        None => false,
        Some(Json::Bool(b)) => *b,
        Some(other) => {
            return Err(Error::new(
                ErrorKind::InvalidValue,
                Some("percent"),
                format!("expected true or false, found {}", input::describe(other)),
            ))
        }
    };
    let auto = matches!(fields.get("eps"), Some(Json::String(s)) if s == "auto");
    let (default, by_key) = match fields.get("rounding") {
        None => (Mode::Nearest, Vec::new()),
        Some(Json::Object(map)) => {
            let mut by_key = Vec::new();
            for (key, v) in map {
                by_key.push((key.clone(), Mode::parse(v, &input::join("rounding", key))?));
            }
            (Mode::Nearest, by_key)
        }
        Some(other) => (Mode::parse(other, "rounding")?, Vec::new()),
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
    pub(crate) fn scale(&self) -> BigRational {
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
    /// A per-score `rounding` object that does not name the score.
    pub(crate) fn mode(&self, key: &str, names: &[&str]) -> Result<Mode> {
        if self.by_key.is_empty() {
            return Ok(self.default);
        }
        self.by_key
            .iter()
            .find(|(k, _)| k == key || names.contains(&k.as_str()))
            .map(|(_, m)| *m)
            .ok_or_else(|| {
                Error::new(
                    ErrorKind::MissingField,
                    Some(&input::join("rounding", key)),
                    format!("rounding gives no mode for the reported score {key:?}; add it or give one mode for all"),
                )
            })
    }

    /// Checks that every key of a per-score `rounding` object names a reported score.
    pub(crate) fn check_keys(&self, known: &dyn Fn(&str) -> bool) -> Result<()> {
        for (key, _) in &self.by_key {
            if !known(key) {
                return Err(Error::new(
                    ErrorKind::Contradiction,
                    Some(&input::join("rounding", key)),
                    format!("rounding names {key:?}, which is not a reported score; remove it"),
                ));
            }
        }
        Ok(())
    }
}

/// The unit of the last reported digit of a decimal text: 10^−d for d decimals, with the
/// exponent of scientific notation taken into account (`9.54e-1` → 0.001).
///
/// # Errors
///
/// Text that is not a decimal number (already refused by the exact reader).
pub(crate) fn unit(text: &str, path: &str) -> Result<BigRational> {
    let invalid = || {
        Error::new(
            ErrorKind::InvalidValue,
            Some(path),
            format!(
                "{text:?} is not a decimal number whose decimals can be counted for eps \"auto\""
            ),
        )
    };
    let t = text.trim().trim_start_matches(['+', '-']);
    let (mantissa, exponent) = match t.find(['e', 'E']) {
        Some(i) => (&t[..i], t[i + 1..].parse::<i64>().map_err(|_| invalid())?),
        None => (t, 0),
    };
    let decimals = mantissa.find('.').map_or(0, |i| mantissa.len() - i - 1) as i64;
    let d = decimals
        .checked_sub(exponent)
        .filter(|d| d.abs() <= 1400)
        .ok_or_else(invalid)?;
    let ten = BigInt::from(10);
    Ok(if d >= 0 {
        BigRational::new(BigInt::one(), Pow::pow(&ten, d.unsigned_abs()))
    } else {
        BigRational::from_integer(Pow::pow(&ten, d.unsigned_abs()))
    })
}

/// The text of a reported number (its JSON text is kept) for counting decimals.
pub(crate) fn text_of(value: &Json) -> Option<String> {
    match value {
        Json::Number(n) => Some(n.to_string()),
        Json::String(s) => Some(s.clone()),
        _ => None,
    }
}

/// The window of value `v` with uncertainty `x` (the unit of its last digit when `auto`,
/// its eps otherwise), both in fractions, widened by `tol`.
pub(crate) fn window(
    v: &BigRational,
    x: &BigRational,
    mode: Mode,
    auto: bool,
    tol: &BigRational,
) -> (BigRational, BigRational) {
    let zero = BigRational::zero();
    let (below, above) = match mode {
        Mode::Nearest if auto => {
            let half = x / BigRational::from_integer(BigInt::from(2));
            (half.clone(), half)
        }
        Mode::Nearest | Mode::Any => (x.clone(), x.clone()),
        Mode::Floor => (zero, x.clone()),
        Mode::Ceil => (x.clone(), zero),
    };
    (v - below - tol, v + above + tol)
}

#[cfg(test)]
mod tests {
    use super::*;
    use scorecheck_algebra::parse_decimal;

    fn q(t: &str) -> BigRational {
        parse_decimal(t).unwrap()
    }

    #[test]
    fn units_follow_the_decimal_text() {
        for (text, u) in [
            ("0.954", "0.001"),
            ("0.95", "0.01"),
            ("0.950", "0.001"),
            ("9.54e-1", "0.001"),
            ("95.4", "0.1"),
            ("1", "1"),
            ("1e2", "100"),
            ("-0.5", "0.1"),
        ] {
            assert_eq!(unit(text, "x").unwrap(), q(u), "{text}");
        }
    }

    #[test]
    fn windows_follow_the_mode() {
        let (v, u, tol) = (q("0.95"), q("0.01"), q("0"));
        let w = |mode, auto| window(&v, &u, mode, auto, &tol);
        assert_eq!(w(Mode::Nearest, true), (q("0.945"), q("0.955")));
        assert_eq!(w(Mode::Nearest, false), (q("0.94"), q("0.96")));
        assert_eq!(w(Mode::Floor, true), (q("0.95"), q("0.96")));
        assert_eq!(w(Mode::Ceil, true), (q("0.94"), q("0.95")));
        assert_eq!(w(Mode::Any, true), (q("0.94"), q("0.96")));
        assert_eq!(
            window(&v, &u, Mode::Floor, true, &q("0.000001")),
            (q("0.949999"), q("0.960001"))
        );
    }
}
