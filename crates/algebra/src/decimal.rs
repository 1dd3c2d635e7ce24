//! Reported figures as exact rationals, and what a reported value with uncertainty means.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{Pow, Zero};

use crate::error::{Error, ErrorKind};

/// Largest decimal exponent accepted, so that `1e999999999` cannot exhaust memory.
const MAX_EXPONENT: i64 = 400;

/// Parses a decimal number from its text, exactly: `"0.954"` is 954/1000.
///
/// Accepts an optional sign, digits with an optional fraction, and an optional exponent
/// (`9.54e-1`). Rejects `NaN`, infinities, empty text, and exponents beyond ±400.
///
/// ```
/// use scorecheck_algebra::parse_decimal;
/// assert_eq!(parse_decimal("0.954").unwrap().to_string(), "477/500");
/// assert_eq!(parse_decimal("-1.5E-2").unwrap().to_string(), "-3/200");
/// assert!(parse_decimal("nan").is_err());
/// ```
pub fn parse_decimal(text: &str) -> Result<BigRational, Error> {
    let invalid = || {
        Error::new(ErrorKind::InvalidNumber {
            text: text.to_string(),
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
    let digits = format!("{int_part}{frac_part}");
    let mut numerator: BigInt = if digits.is_empty() {
        BigInt::zero()
    } else {
        digits.parse().map_err(|_| invalid())?
    };
    let scale = exponent - frac_part.len() as i64;
    if exponent.abs() > MAX_EXPONENT || scale.abs() > MAX_EXPONENT + 1000 {
        return Err(invalid());
    }
    if negative {
        numerator = -numerator;
    }
    let ten = BigInt::from(10u32);
    let value = if scale >= 0 {
        BigRational::from_integer(numerator * Pow::pow(&ten, scale as u64))
    } else {
        BigRational::new(numerator, Pow::pow(&ten, (-scale) as u64))
    };
    Ok(value)
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
    fn garbage_is_rejected() {
        for text in [
            "", ".", "nan", "NaN", "inf", "-inf", "1e", "0x10", "1.2.3", "1e99999", "--1", "1 2",
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
