//! Reported figures as exact rationals, and what a reported value with uncertainty means.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Pow, Zero};
use scorecheck_rational::{add, div, sub};

use crate::error::{Error, ErrorKind};

/// Largest decimal exponent accepted, so that `1e999999999` cannot exhaust memory.
const MAX_EXPONENT: i64 = 400;

/// Most digits accepted in the mantissa (integer and fraction part together, leading zeros
/// of the integer part not counted), so that reading a number is bounded in time and memory
/// whatever its text: the exact value of a 1,000,000-digit figure is never built.
pub(crate) const MAX_DIGITS: usize = 1000;

/// Parses a decimal number from its text, exactly: `"0.954"` is 954/1000.
///
/// Accepts an optional sign, digits with an optional fraction, and an optional exponent
/// (`9.54e-1`). Rejects `NaN`, infinities, empty text, exponents beyond ±400, values of
/// magnitude 10^400 or more and mantissas of more than 1,000 digits. The work is
/// linear in the length of the text, whatever exponent it writes.
///
/// # Errors
///
/// [`ErrorKind::InvalidNumber`] when the text is not such a number or is out of range.
///
/// ```
/// use scorecheck_algebra::parse_decimal;
/// assert_eq!(parse_decimal("0.954").unwrap().to_string(), "477/500");
/// assert_eq!(parse_decimal("-1.5E-2").unwrap().to_string(), "-3/200");
/// assert!(parse_decimal("nan").is_err());
/// assert!(parse_decimal("1e-9223372036854775808").is_err());
/// ```
pub fn parse_decimal(text: &str) -> Result<BigRational, Error> {
    let invalid = || {
        Error::new(ErrorKind::InvalidNumber {
            text: shorten(text),
        })
    };
    let s = text.trim();
    let (negative, s) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let (mantissa, exponent) = match s.find(['e', 'E']) {
        Some(i) => {
            let exponent: i64 = s[i + 1..].parse().map_err(|_| invalid())?;
            (&s[..i], exponent)
        }
        None => (s, 0),
    };
    // Checked before any arithmetic on it: i64::MIN has no absolute value.
    if !(-MAX_EXPONENT..=MAX_EXPONENT).contains(&exponent) {
        return Err(invalid());
    }
    let (int_part, frac_part) = match mantissa.find('.') {
        Some(i) => (&mantissa[..i], &mantissa[i + 1..]),
        None => (mantissa, ""),
    };
    if int_part.is_empty() && frac_part.is_empty() {
        return Err(invalid());
    }
    if !int_part
        .bytes()
        .chain(frac_part.bytes())
        .all(|b| b.is_ascii_digit())
    {
        return Err(invalid());
    }
    let int_part = int_part.trim_start_matches('0');
    if int_part.len() + frac_part.len() > MAX_DIGITS {
        return Err(invalid());
    }
    // The magnitude is below 10^(integer digits + exponent); 1e400 is still accepted.
    if int_part.len() as i64 + exponent > MAX_EXPONENT + 1 {
        return Err(invalid());
    }
    // |scale| ≤ MAX_DIGITS + MAX_EXPONENT: both were bounded above.
    let scale = exponent - frac_part.len() as i64;
    if let Some(value) = small_decimal(int_part, frac_part, scale, negative) {
        return Ok(value);
    }
    let digits = format!("{int_part}{frac_part}");
    let mut numerator: BigInt = if digits.is_empty() {
        BigInt::zero()
    } else {
        digits.parse().map_err(|_| invalid())?
    };
    if negative {
        numerator = -numerator;
    }
    let ten = BigInt::from(10u32);
    let value = if scale >= 0 {
        BigRational::from_integer(numerator * Pow::pow(&ten, scale.unsigned_abs()))
    } else {
        BigRational::new(numerator, Pow::pow(&ten, scale.unsigned_abs()))
    };
    Ok(value)
}

/// The value of a decimal of at most 18 digits scaled by at most 10^±18 (every reported
/// score): the same lowest-terms rational as the big-integer path below, built from u64
/// parts, which takes a batch line's reading from thousands of instructions per figure to a
/// few hundred. `None` when the number is longer or scaled further.
fn small_decimal(
    int_part: &str,
    frac_part: &str,
    scale: i64,
    negative: bool,
) -> Option<BigRational> {
    use num_integer::Integer;
    if int_part.len() + frac_part.len() > 18 || scale.unsigned_abs() > 18 {
        return None;
    }
    // Both parts are ASCII digits (checked by the caller); 18 digits stay below 10^18.
    let magnitude = int_part
        .bytes()
        .chain(frac_part.bytes())
        .fold(0u64, |m, b| m * 10 + u64::from(b - b'0'));
    let power = 10u64.pow(scale.unsigned_abs() as u32);
    let sign = |m: u128| {
        let m = BigInt::from(m);
        if negative {
            -m
        } else {
            m
        }
    };
    if scale >= 0 {
        // Below 10^36 < 2^127.
        return Some(BigRational::from_integer(sign(
            u128::from(magnitude) * u128::from(power),
        )));
    }
    let g = magnitude.gcd(&power);
    Some(BigRational::new_raw(
        sign(u128::from(magnitude / g)),
        BigInt::from(power / g),
    ))
}

/// The text of a number for an error message: long texts keep their start and end.
fn shorten(text: &str) -> String {
    const KEEP: usize = 24;
    if text.chars().count() <= 3 * KEEP {
        return text.to_string();
    }
    let head: String = text.chars().take(KEEP).collect();
    let tail: String = text
        .chars()
        .rev()
        .take(KEEP)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    format!("{head}…{tail} ({} characters)", text.chars().count())
}

/// The closed interval a reported `value` with uncertainty `eps` and numerical tolerance
/// `tol` stands for: `[value − eps − tol, value + eps + tol]`.
///
/// This is the documented meaning of a reported figure everywhere in scorecheck (as in the
/// reference, where `eps` is the rounding uncertainty, e.g. 1e-4 for four decimals, and
/// `tol` absorbs representation error, 1e-6 by default).
pub fn reported_interval(
    value: &BigRational,
    eps: &BigRational,
    tol: &BigRational,
) -> (BigRational, BigRational) {
    let radius = add(eps, tol);
    (sub(value, &radius), add(value, &radius))
}

/// How a reported figure was made from its true value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum RoundingMode {
    /// Rounded to the nearest value of its last digit.
    #[default]
    Nearest,
    /// Rounded down (toward −∞): the true value is at or above the figure. Truncated figures
    /// of scores that are never negative.
    Floor,
    /// Rounded up (toward +∞): the true value is at or below the figure.
    Ceil,
    /// Rounded either way.
    Any,
    /// Truncated (toward zero): rounded down when the figure is positive, up when it is
    /// negative (mcc, bm, mk, kappa), either way when it is zero.
    Truncate,
}

/// The uncertainty of a reported figure.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Uncertainty {
    /// An explicit eps: rounded to nearest, the true value is within eps on either side.
    Eps(BigRational),
    /// The unit of the figure's last digit ([`last_digit_unit`]): rounded to nearest, the
    /// true value is within half of it on either side.
    LastDigit(BigRational),
}

/// The closed interval a reported `value` stands for when it was made by `mode` with
/// `uncertainty` x, widened by the numerical tolerance `tol` on both sides: nearest
/// [v − x/2, v + x/2] for the unit of the last digit and [v − eps, v + eps] for an
/// explicit eps (as [`reported_interval`]), floor [v, v + x], ceil [v − x, v], any
/// [v − x, v + x].
///
/// ```
/// use scorecheck_algebra::{parse_decimal, rounded_interval, RoundingMode, Uncertainty};
///
/// let q = |t: &str| parse_decimal(t).unwrap();
/// let unit = Uncertainty::LastDigit(q("0.01"));
/// assert_eq!(rounded_interval(&q("0.95"), &unit, RoundingMode::Nearest, &q("0")), (q("0.945"), q("0.955")));
/// assert_eq!(rounded_interval(&q("0.95"), &unit, RoundingMode::Floor, &q("0")), (q("0.95"), q("0.96")));
/// // A truncated negative figure (an mcc of -0.625 printed -0.62) was rounded toward zero.
/// let neg = q("-0.62");
/// assert_eq!(rounded_interval(&neg, &unit, RoundingMode::Truncate, &q("0")), (q("-0.63"), q("-0.62")));
/// ```
pub fn rounded_interval(
    value: &BigRational,
    uncertainty: &Uncertainty,
    mode: RoundingMode,
    tol: &BigRational,
) -> (BigRational, BigRational) {
    let zero = BigRational::zero();
    let (Uncertainty::Eps(x) | Uncertainty::LastDigit(x)) = uncertainty;
    let (below, above) = match (mode, uncertainty) {
        (RoundingMode::Nearest, Uncertainty::LastDigit(_)) => {
            let half = div(x, &BigRational::from_integer(BigInt::from(2)));
            (half.clone(), half)
        }
        (RoundingMode::Nearest | RoundingMode::Any, _) => (x.clone(), x.clone()),
        (RoundingMode::Floor, _) => (zero, x.clone()),
        (RoundingMode::Ceil, _) => (x.clone(), zero),
        (RoundingMode::Truncate, _) => match value.numer().sign() {
            num_bigint::Sign::Plus => (zero, x.clone()),
            num_bigint::Sign::Minus => (x.clone(), zero),
            num_bigint::Sign::NoSign => (x.clone(), x.clone()),
        },
    };
    (sub(&sub(value, &below), tol), add(&add(value, &above), tol))
}

/// The unit of the last digit of a decimal text: 10^−d for d decimals, with the exponent
/// of scientific notation taken into account (`0.954` and `9.54e-1` → 0.001, `95.4` → 0.1,
/// `1e2` → 100). A leading sign and surrounding spaces are ignored; the digits themselves
/// are not checked (read the value with [`parse_decimal`] for that).
///
/// # Errors
///
/// [`ErrorKind::InvalidNumber`] when the exponent is not an integer or the unit would lie
/// beyond 10^±1400.
///
/// ```
/// use scorecheck_algebra::{last_digit_unit, parse_decimal};
///
/// assert_eq!(last_digit_unit("9.54e-1").unwrap(), parse_decimal("0.001").unwrap());
/// assert!(last_digit_unit("1e-x").is_err());
/// ```
pub fn last_digit_unit(text: &str) -> Result<BigRational, Error> {
    let invalid = || {
        Error::new(ErrorKind::InvalidNumber {
            text: shorten(text),
        })
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

/// A reported figure as written: its digits and the position of its last digit, so that it
/// can be moved by units of that digit keeping its number of decimals (`0.850` → `0.849`).
/// Its value is digits · 10^exponent.
///
/// ```
/// use scorecheck_algebra::{parse_decimal, DecimalFigure};
///
/// let figure = DecimalFigure::parse("0.850").unwrap();
/// assert_eq!(figure.moved(-1).to_string(), "0.849");
/// assert_eq!(figure.moved(1).value(), parse_decimal("0.851").unwrap());
/// assert_eq!(DecimalFigure::parse("9.54e-1").unwrap().moved(1).to_string(), "0.955");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecimalFigure {
    digits: BigInt,
    exponent: i64,
}

impl DecimalFigure {
    /// Reads a decimal text such as `0.850`, `-0.25`, `9.54e-1` or `85`; `None` for anything
    /// else, for more than 1000 digits and for an exponent beyond ±400 (as
    /// [`parse_decimal`] refuses them).
    pub fn parse(text: &str) -> Option<DecimalFigure> {
        let text = text.trim();
        let (mantissa, exp) = match text.find(['e', 'E']) {
            Some(i) => (&text[..i], text[i + 1..].parse::<i64>().ok()?),
            None => (text, 0),
        };
        if !(-MAX_EXPONENT..=MAX_EXPONENT).contains(&exp) {
            return None;
        }
        let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        let (negative, int) = match int.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, int.strip_prefix('+').unwrap_or(int)),
        };
        if int.is_empty() && frac.is_empty() {
            return None;
        }
        let all: String = format!("{int}{frac}");
        if !all.chars().all(|c| c.is_ascii_digit()) || all.len() > MAX_DIGITS {
            return None;
        }
        let mut digits: BigInt = all.parse().unwrap_or_default();
        if negative {
            digits = -digits;
        }
        Some(DecimalFigure {
            digits,
            exponent: exp.checked_sub(frac.len() as i64)?,
        })
    }

    /// The figure moved by `units` units of its last digit.
    #[must_use]
    pub fn moved(&self, units: i64) -> DecimalFigure {
        DecimalFigure {
            digits: &self.digits + BigInt::from(units),
            exponent: self.exponent,
        }
    }

    /// The exact value.
    pub fn value(&self) -> BigRational {
        let ten = BigInt::from(10);
        if self.exponent >= 0 {
            BigRational::from_integer(&self.digits * Pow::pow(&ten, self.exponent.unsigned_abs()))
        } else {
            BigRational::new(
                self.digits.clone(),
                Pow::pow(&ten, self.exponent.unsigned_abs()),
            )
        }
    }
}

/// Plain decimal text with the figure's number of decimals (`0.849`), or exponent notation
/// when the last digit sits left of the point (`86e1`).
impl std::fmt::Display for DecimalFigure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.exponent > 0 {
            return write!(f, "{}e{}", self.digits, self.exponent);
        }
        let decimals = self.exponent.unsigned_abs() as usize;
        let negative = self.digits < BigInt::zero();
        let body = self.digits.magnitude().to_string();
        if negative {
            f.write_str("-")?;
        }
        if decimals == 0 {
            return f.write_str(&body);
        }
        let padded = format!("{body:0>width$}", width = decimals + 1);
        let (int, frac) = padded.split_at(padded.len() - decimals);
        write!(f, "{int}.{frac}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The decimal's value built the long way: all digits as one big integer over a power
    /// of ten, reduced by `BigRational::new`.
    fn long_way(negative: bool, int: &str, frac: &str, exponent: i64) -> BigRational {
        let digits: BigInt = format!("0{int}{frac}").parse().unwrap();
        let digits = if negative { -digits } else { digits };
        let scale = exponent - frac.len() as i64;
        let ten = BigInt::from(10);
        if scale >= 0 {
            BigRational::from_integer(digits * Pow::pow(&ten, scale.unsigned_abs()))
        } else {
            BigRational::new(digits, Pow::pow(&ten, scale.unsigned_abs()))
        }
    }

    proptest! {
        // Short decimals take the u64 path, long ones the big-integer path: both must give
        // the value in lowest terms (the derived equality compares the parts as stored).
        #[test]
        fn every_decimal_is_its_value_in_lowest_terms(
            negative in any::<bool>(),
            int in "[0-9]{0,22}",
            frac in "[0-9]{0,22}",
            exponent in -25i64..25,
        ) {
            prop_assume!(!(int.is_empty() && frac.is_empty()));
            let sign = if negative { "-" } else { "" };
            let text = format!("{sign}{int}.{frac}e{exponent}");
            let parsed = parse_decimal(&text).unwrap();
            let expected = long_way(negative, &int, &frac, exponent);
            prop_assert_eq!(parsed.numer(), expected.numer(), "{}", text);
            prop_assert_eq!(parsed.denom(), expected.denom(), "{}", text);
        }
    }

    #[test]
    fn decimals_parse_exactly() {
        for (text, expected) in [
            ("0.954", "477/500"),
            ("1", "1"),
            (".5", "1/2"),
            ("5.", "5"),
            ("1e-4", "1/10000"),
            ("+2.50E+1", "25"),
            ("-0", "0"),
        ] {
            assert_eq!(parse_decimal(text).unwrap().to_string(), expected, "{text}");
        }
    }

    #[test]
    fn huge_texts_are_refused_without_building_them() {
        let long_int = "7".repeat(1_000_000);
        assert!(parse_decimal(&long_int).is_err());
        let long_fraction = format!("0.{}", "1".repeat(MAX_DIGITS + 1));
        assert!(parse_decimal(&long_fraction).is_err());
        // Leading zeros are not digits of the value.
        let padded = format!("{}1", "0".repeat(5000));
        assert_eq!(parse_decimal(&padded).unwrap().to_string(), "1");
        let message = parse_decimal(&long_int).unwrap_err().to_string();
        assert!(message.len() < 300, "{message}");
        assert!(message.contains("1000000 characters"), "{message}");
        // At the edges of the range.
        assert!(parse_decimal("1e400").is_ok());
        assert!(parse_decimal("1e-400").is_ok());
        assert!(parse_decimal("0.5e-400").is_ok());
        assert!(parse_decimal("10e400").is_err());
        // Exactly MAX_DIGITS digits are still read; the magnitude bound adds the integer
        // digits to the exponent (123e200 is about 10^202, well inside the range).
        let longest = format!("0.{}", "1".repeat(MAX_DIGITS));
        assert!(parse_decimal(&longest).is_ok());
        let expected =
            BigRational::from_integer(BigInt::from(123) * Pow::pow(&BigInt::from(10), 200u32));
        assert_eq!(parse_decimal("123e200").unwrap(), expected);
        assert!(parse_decimal("123e398").is_ok());
        assert!(parse_decimal("123e399").is_err());
    }

    #[test]
    fn the_u64_path_stops_at_18_digits_whatever_part_holds_them() {
        // Past 18 digits a u64 would overflow: such numbers take the big-integer path,
        // also when every digit is in the fraction (the integer part is empty after its
        // zeros are dropped) or in the integer part.
        for text in [
            "0.12345678901234567890123",
            "12345678901234567890123",
            "0.99999999999999999999",
            "99999999999999999999e-5",
        ] {
            let (mantissa, exponent) = text.split_once('e').unwrap_or((text, "0"));
            let exponent: i32 = exponent.parse().unwrap();
            let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
            let scale = mantissa.split_once('.').map_or(0, |(_, f)| f.len() as u32);
            let numerator: BigInt = digits.parse().unwrap();
            let ten = BigInt::from(10);
            let shift = exponent - scale as i32;
            let expected = if shift >= 0 {
                BigRational::from_integer(numerator * Pow::pow(&ten, shift as u32))
            } else {
                BigRational::new(numerator, Pow::pow(&ten, (-shift) as u32))
            };
            assert_eq!(parse_decimal(text).unwrap(), expected, "{text}");
        }
    }

    #[test]
    fn error_messages_show_numbers_up_to_72_characters_whole() {
        let text = format!("1{}x", "2".repeat(70));
        let message = parse_decimal(&text).unwrap_err().to_string();
        assert!(message.contains(&text), "{message}");
        let longer = format!("1{}x", "2".repeat(71));
        let message = parse_decimal(&longer).unwrap_err().to_string();
        assert!(!message.contains(&longer), "{message}");
        assert!(message.contains("(73 characters)"), "{message}");
    }

    #[test]
    fn decimal_figures_keep_their_digits_up_to_the_cap_and_their_value() {
        let longest = format!("0.{}", "1".repeat(MAX_DIGITS - 1));
        assert!(DecimalFigure::parse(&longest).is_some());
        let longer = format!("0.{}", "1".repeat(MAX_DIGITS));
        assert!(DecimalFigure::parse(&longer).is_none());
        // A last digit left of the point: 86e1 is 860.
        let figure = DecimalFigure::parse("86e1").unwrap();
        assert_eq!(figure.value(), BigRational::from_integer(BigInt::from(860)));
        assert_eq!(
            DecimalFigure::parse("0.849").unwrap().value(),
            parse_decimal("0.849").unwrap()
        );
    }

    #[test]
    fn garbage_is_rejected() {
        for text in [
            "",
            ".",
            "nan",
            "NaN",
            "inf",
            "-inf",
            "1e",
            "0x10",
            "1.2.3",
            "1e99999",
            "--1",
            "1 2",
            "1e-9223372036854775808",
            "5.e-9223372036854775808",
            "1e9223372036854775807",
            "1e-9223372036854775807",
            "1e401",
            "1e-401",
            "10e400",
            "1000e398",
        ] {
            assert!(parse_decimal(text).is_err(), "{text}");
        }
    }

    #[test]
    fn reported_interval_is_closed_and_symmetric() {
        let (lo, hi) = reported_interval(
            &parse_decimal("0.954").unwrap(),
            &parse_decimal("0.0005").unwrap(),
            &parse_decimal("0.000001").unwrap(),
        );
        assert_eq!(lo, parse_decimal("0.953499").unwrap());
        assert_eq!(hi, parse_decimal("0.954501").unwrap());
    }

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
            assert_eq!(last_digit_unit(text).unwrap(), q(u), "{text}");
        }
        assert!(last_digit_unit("1e-1401").is_err());
        assert!(last_digit_unit("0.5e").is_err());
    }

    #[test]
    fn intervals_follow_the_mode() {
        let (v, u, tol) = (q("0.95"), q("0.01"), q("0"));
        let w = |mode, auto: bool| {
            let x = if auto {
                Uncertainty::LastDigit(u.clone())
            } else {
                Uncertainty::Eps(u.clone())
            };
            rounded_interval(&v, &x, mode, &tol)
        };
        assert_eq!(w(RoundingMode::Nearest, true), (q("0.945"), q("0.955")));
        assert_eq!(w(RoundingMode::Nearest, false), (q("0.94"), q("0.96")));
        assert_eq!(w(RoundingMode::Floor, true), (q("0.95"), q("0.96")));
        assert_eq!(w(RoundingMode::Ceil, true), (q("0.94"), q("0.95")));
        assert_eq!(w(RoundingMode::Any, true), (q("0.94"), q("0.96")));
        assert_eq!(
            rounded_interval(
                &v,
                &Uncertainty::LastDigit(u.clone()),
                RoundingMode::Floor,
                &q("0.000001")
            ),
            (q("0.949999"), q("0.960001"))
        );
        // An explicit eps to nearest is the reported interval.
        assert_eq!(
            rounded_interval(
                &v,
                &Uncertainty::Eps(u.clone()),
                RoundingMode::Nearest,
                &q("0.001")
            ),
            reported_interval(&v, &u, &q("0.001"))
        );
    }

    #[test]
    fn moves_keep_the_decimals() {
        let moved =
            |text: &str, units: i64| DecimalFigure::parse(text).unwrap().moved(units).to_string();
        assert_eq!(moved("0.850", -1), "0.849");
        assert_eq!(moved("0.850", 1), "0.851");
        assert_eq!(moved("0.5", -1), "0.4");
        assert_eq!(moved("9.54e-1", 1), "0.955");
        assert_eq!(moved("12", -1), "11");
        assert_eq!(moved("-0.01", 1), "0.00");
        assert_eq!(moved("0.00", -1), "-0.01");
        assert_eq!(moved("1e2", 1), "2e2");
        assert_eq!(moved("85e1", 1), "86e1");
        assert_eq!(
            DecimalFigure::parse("0.850").unwrap().moved(1).value(),
            q("0.851")
        );
        for bad in ["", ".", "1e", "abc", "1e401", "0x1"] {
            assert!(DecimalFigure::parse(bad).is_none(), "{bad}");
        }
    }
}
