//! Serde of rationals as their text (`"8999/10000"`), for `#[serde(with = ...)]` on fields.
//!
//! A `BigRational` field marked `#[serde(with = "scorecheck_rational::text")]` serializes
//! as the string `"8999/10000"` (an integer as `"3"`) instead of num-bigint's internals
//! (`[[1,[8999]],[1,[10000]]]`), and deserializes from that text, from a decimal string
//! (`"0.8999"`, exactly 8999/10000) or from an integer string. The same module serves
//! `Option<BigRational>`, `Vec<BigRational>`, `Vec<Option<BigRational>>`, pairs of them,
//! linear terms `(variable, BigRational)` (the variable's type implements [`TextForm`] by
//! its own serde) and `BigInt` as its decimal digits, through the [`TextForm`] trait.
//!
//! ```
//! use num_rational::BigRational;
//! use serde::{Deserialize, Serialize};
//!
//! #[derive(Serialize, Deserialize, PartialEq, Debug)]
//! struct Window {
//!     #[serde(with = "scorecheck_rational::text")]
//!     lower: BigRational,
//!     #[serde(with = "scorecheck_rational::text")]
//!     upper: Option<BigRational>,
//!     #[serde(with = "scorecheck_rational::text")]
//!     terms: Vec<(usize, BigRational)>,
//! }
//!
//! let window = Window {
//!     lower: BigRational::new(8999.into(), 10000.into()),
//!     upper: None,
//!     terms: vec![(0, BigRational::new((-1).into(), 2.into()))],
//! };
//! let text = serde_json::to_string(&window).unwrap();
//! assert_eq!(text, r#"{"lower":"8999/10000","upper":null,"terms":[[0,"-1/2"]]}"#);
//! assert_eq!(serde_json::from_str::<Window>(&text).unwrap(), window);
//! let decimal = r#"{"lower":"0.8999","upper":"1","terms":[]}"#;
//! assert_eq!(serde_json::from_str::<Window>(decimal).unwrap().lower, window.lower);
//! ```

use std::fmt;

use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use num_traits::{One, Zero};
use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A value whose rationals are written as text: `BigRational` and the containers of it that
/// fields use.
pub trait TextForm: Sized {
    /// Serializes `self` with its rationals as text.
    ///
    /// # Errors
    ///
    /// The serializer's.
    fn serialize_text<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error>;

    /// Deserializes a value whose rationals are text (`"a/b"`, a decimal or an integer).
    ///
    /// # Errors
    ///
    /// The deserializer's, and a message naming the text that is not a rational.
    fn deserialize_text<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error>;
}

/// Serializes `value` with its rationals as text (`"8999/10000"`).
///
/// # Errors
///
/// The serializer's.
pub fn serialize<T: TextForm, S: Serializer>(value: &T, serializer: S) -> Result<S::Ok, S::Error> {
    value.serialize_text(serializer)
}

/// Deserializes a value whose rationals are text: `"8999/10000"`, `"0.8999"` or `"3"`.
///
/// # Errors
///
/// The deserializer's, and a message naming the text that is not a rational.
pub fn deserialize<'de, T: TextForm, D: Deserializer<'de>>(deserializer: D) -> Result<T, D::Error> {
    T::deserialize_text(deserializer)
}

/// Reads `"a/b"`, a decimal (`"-0.8999"`, exactly) or an integer; `None` for anything else
/// (a zero denominator among it).
///
/// ```
/// use scorecheck_rational::text::parse;
/// use num_rational::BigRational;
///
/// assert_eq!(parse("8999/10000"), Some(BigRational::new(8999.into(), 10000.into())));
/// assert_eq!(parse("0.8999"), parse("8999/10000"));
/// assert_eq!(parse("-3"), Some(BigRational::from_integer((-3).into())));
/// assert_eq!(parse("1/0"), None);
/// assert_eq!(parse("0.9x"), None);
/// ```
pub fn parse(text: &str) -> Option<BigRational> {
    let integer = |t: &str| -> Option<BigInt> {
        let digits = t.strip_prefix(['-', '+']).unwrap_or(t);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        t.parse().ok()
    };
    if let Some((numer, denom)) = text.split_once('/') {
        let denom = integer(denom)?;
        if denom.is_zero() {
            return None;
        }
        return Some(BigRational::new(integer(numer)?, denom));
    }
    if let Some((whole, fraction)) = text.split_once('.') {
        if fraction.is_empty() || !fraction.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let negative = whole.starts_with('-');
        let whole = if whole.is_empty() || whole == "-" || whole == "+" {
            BigInt::zero()
        } else {
            integer(whole)?
        };
        let scale = num_traits::pow(BigInt::from(10), fraction.len());
        let part = BigRational::new(fraction.parse::<BigInt>().ok()?, scale);
        let magnitude = BigRational::from_integer(whole.magnitude().clone().into()) + part;
        return Some(if negative { -magnitude } else { magnitude });
    }
    integer(text).map(BigRational::from_integer)
}

struct RationalText;

impl Visitor<'_> for RationalText {
    type Value = BigRational;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a rational as text: \"8999/10000\", \"0.8999\" or \"3\"")
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<BigRational, E> {
        parse(text).ok_or_else(|| {
            E::custom(format!(
                "{text:?} is not a rational; write it as \"a/b\" (b not 0), a decimal such as \"0.8999\" or an integer"
            ))
        })
    }
}

impl TextForm for BigRational {
    fn serialize_text<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.denom().is_one() {
            serializer.collect_str(self.numer())
        } else {
            serializer.collect_str(self)
        }
    }

    fn deserialize_text<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(RationalText)
    }
}

struct IntegerText;

impl Visitor<'_> for IntegerText {
    type Value = BigInt;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an integer as text, such as \"-12\"")
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<BigInt, E> {
        parse(text)
            .filter(|q| q.is_integer())
            .map(|q| q.to_integer())
            .ok_or_else(|| {
                E::custom(format!(
                    "{text:?} is not an integer; write it in decimal digits"
                ))
            })
    }
}

/// An integer (a radicand, a count beyond 64 bits) as its decimal text.
impl TextForm for BigInt {
    fn serialize_text<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }

    fn deserialize_text<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(IntegerText)
    }
}

/// A non-negative integer (a configuration index) as its decimal text.
impl TextForm for BigUint {
    fn serialize_text<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }

    fn deserialize_text<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let integer = BigInt::deserialize_text(deserializer)?;
        integer.to_biguint().ok_or_else(|| {
            de::Error::custom(format!("{integer} is negative; give a count of at least 0"))
        })
    }
}

/// `value` serialized with its rationals as text.
struct AsText<'a, T>(&'a T);

impl<T: TextForm> Serialize for AsText<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize_text(serializer)
    }
}

/// A value deserialized with its rationals as text.
struct FromText<T>(T);

impl<'de, T: TextForm> Deserialize<'de> for FromText<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        T::deserialize_text(deserializer).map(FromText)
    }
}

impl<T: TextForm> TextForm for Option<T> {
    fn serialize_text<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Some(value) => serializer.serialize_some(&AsText(value)),
            None => serializer.serialize_none(),
        }
    }

    fn deserialize_text<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(Option::<FromText<T>>::deserialize(deserializer)?.map(|FromText(v)| v))
    }
}

impl<T: TextForm> TextForm for Vec<T> {
    fn serialize_text<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter().map(AsText))
    }

    fn deserialize_text<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let items = Vec::<FromText<T>>::deserialize(deserializer)?;
        Ok(items.into_iter().map(|FromText(v)| v).collect())
    }
}

/// A pair of values with rationals (a window `(lower, upper)`, or a linear term: a variable
/// whose type implements `TextForm` by its own serde, and its coefficient).
impl<A: TextForm, B: TextForm> TextForm for (A, B) {
    fn serialize_text<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        (AsText(&self.0), AsText(&self.1)).serialize(serializer)
    }

    fn deserialize_text<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let (FromText(a), FromText(b)) = <(FromText<A>, FromText<B>)>::deserialize(deserializer)?;
        Ok((a, b))
    }
}

/// An index as a plain number (the variable of a linear term in tests and examples).
impl TextForm for usize {
    fn serialize_text<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.serialize(serializer)
    }

    fn deserialize_text<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        usize::deserialize(deserializer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct Fields {
        #[serde(with = "crate::text")]
        value: BigRational,
        #[serde(with = "crate::text")]
        means: Vec<Option<BigRational>>,
    }

    #[test]
    fn rationals_round_trip_as_text() {
        let q = |a: i64, b: i64| BigRational::new(a.into(), b.into());
        let fields = Fields {
            value: q(8999, 10000),
            means: vec![Some(q(3, 1)), None, Some(q(-2, 6))],
        };
        let text = serde_json::to_string(&fields).unwrap();
        assert_eq!(text, r#"{"value":"8999/10000","means":["3",null,"-1/3"]}"#);
        assert_eq!(serde_json::from_str::<Fields>(&text).unwrap(), fields);
    }

    #[test]
    fn text_that_is_not_a_rational_is_an_error_naming_it() {
        for bad in ["1/0", "0.", ".", "x", "1/2/3", "", "--1", "0.1e3"] {
            let json = format!(r#"{{"value":"{bad}","means":[]}}"#);
            let error = serde_json::from_str::<Fields>(&json)
                .unwrap_err()
                .to_string();
            assert!(error.contains("is not a rational"), "{bad}: {error}");
        }
        let number = serde_json::from_str::<Fields>(r#"{"value":0.5,"means":[]}"#);
        assert!(number.is_err());
    }

    #[test]
    fn decimals_are_exact() {
        let q = |a: i64, b: i64| BigRational::new(a.into(), b.into());
        assert_eq!(parse("0.8999"), Some(q(8999, 10000)));
        assert_eq!(parse("-1.25"), Some(q(-5, 4)));
        assert_eq!(parse("-0.5"), Some(q(-1, 2)));
        assert_eq!(parse(".5"), Some(q(1, 2)));
        assert_eq!(parse("12"), Some(q(12, 1)));
        assert_eq!(parse("4/-6"), Some(q(-2, 3)));
    }
}
