//! The number-type interface the score formulas are written against.

use num_rational::BigRational;
use num_traits::{Signed, ToPrimitive};

/// Arithmetic that a score formula needs from a number type.
///
/// Each score is written once (see [`crate::evaluate`]) against this trait and evaluated with
/// exact values ([`crate::Exact`]), with `f64`, and by later layers with intervals or on
/// fractional confusion matrices.
///
/// Division and square roots return `None` where the score is undefined (a zero divisor, a
/// negative radicand). For types that stand for sets of values (intervals), `None` means
/// "no enclosure could be formed", and callers must then assume any value.
pub trait Arith: Clone {
    /// A count such as tp or p.
    fn count(value: u64) -> Self;
    /// An exact rational constant such as a beta.
    fn rational(value: &BigRational) -> Self;
    /// Sum.
    fn add(&self, other: &Self) -> Self;
    /// Difference.
    fn sub(&self, other: &Self) -> Self;
    /// Product.
    fn mul(&self, other: &Self) -> Self;
    /// Quotient, or `None` where the divisor is zero (for sets: may be zero).
    fn div(&self, other: &Self) -> Option<Self>;
    /// Square root of a non-negative value, or `None`.
    fn sqrt(&self) -> Option<Self>;
    /// Whether the value is certainly zero.
    fn is_zero(&self) -> bool;
}

impl Arith for f64 {
    fn count(value: u64) -> Self {
        value as f64
    }

    fn rational(value: &BigRational) -> Self {
        rational_to_f64(value)
    }

    fn add(&self, other: &Self) -> Self {
        self + other
    }

    fn sub(&self, other: &Self) -> Self {
        self - other
    }

    fn mul(&self, other: &Self) -> Self {
        self * other
    }

    fn div(&self, other: &Self) -> Option<Self> {
        (*other != 0.0).then(|| self / other)
    }

    fn sqrt(&self) -> Option<Self> {
        (*self >= 0.0).then(|| f64::sqrt(*self))
    }

    fn is_zero(&self) -> bool {
        *self == 0.0
    }
}

/// Converts a big rational to the nearest-ish f64 (display and pruning only).
pub(crate) fn rational_to_f64(r: &BigRational) -> f64 {
    r.to_f64().unwrap_or_else(|| {
        if r.is_negative() {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        }
    })
}
