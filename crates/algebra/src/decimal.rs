//! Reported figures as exact rationals, and what a reported value with uncertainty means.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{Pow, Zero};

use crate::error::{Error, ErrorKind};

/// Largest decimal exponent accepted, so that `1e999999999` cannot exhaust memory.
const MAX_EXPONENT: i64 = 400;

/// Most digits accepted in the mantissa (integer and fraction part together, leading zeros
/// of the integer part not counted), so that reading a number is bounded in time and memory
/// whatever its text: the exact value of a 1,000,000-digit figure is never built.
pub const MAX_DIGITS: usize = 1000;

/// Parses a decimal number from its text, exactly: `"0.954"` is 954/1000.
///
/// Accepts an optional sign, digits with an optional fraction, and an optional exponent
/// (`9.54e-1`). Rejects `NaN`, infinities, empty text, exponents beyond ±400, values of
/// magnitude 10^400 or more and mantissas of more than [`MAX_DIGITS`] digits. The work is
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
    let digits = format!("{int_part}{frac_part}");
    let mut numerator: BigInt = if digits.is_empty() {
        BigInt::zero()
    } else {
        digits.parse().map_err(|_| invalid())?
    };
    // |scale| ≤ MAX_DIGITS + MAX_EXPONENT: both were bounded above.
    let scale = exponent - frac_part.len() as i64;
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
    let radius = eps + tol;
    (value - &radius, value + &radius)
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
