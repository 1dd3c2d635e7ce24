//! Closed intervals with exact rational endpoints, and their arithmetic.

use std::fmt;

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{Signed, Zero};
use scorecheck_algebra::Arith;

/// Significant bits kept by the rational square-root enclosure.
const SQRT_BITS: u64 = 128;

/// A non-empty closed interval `[lo, hi]` with exact rational endpoints.
///
/// Empty intervals are not values of this type: [`Interval::new`] returns `None` when
/// `lo > hi`, and [`Interval::intersection`] returns `None` for disjoint intervals.
/// A finite union of intervals, possibly empty, is an [`crate::IntervalUnion`].
///
/// The type implements [`Arith`], so every score formula of the algebra layer evaluates on
/// it (the natural interval extension); square roots are enclosed with rational bounds that
/// keep about 128 significant bits, rounded outward.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Interval {
    lo: BigRational,
    hi: BigRational,
}

impl Interval {
    /// The interval `[lo, hi]`, or `None` when `lo > hi` (empty).
    pub fn new(lo: BigRational, hi: BigRational) -> Option<Interval> {
        (lo <= hi).then_some(Interval { lo, hi })
    }

    /// The one-point interval `[value, value]`.
    pub fn point(value: BigRational) -> Interval {
        Interval {
            lo: value.clone(),
            hi: value,
        }
    }

    /// The integers `[lo, hi]` as a rational interval, or `None` when `lo > hi`.
    pub fn from_integers(lo: u64, hi: u64) -> Option<Interval> {
        Interval::new(integer(lo), integer(hi))
    }

    /// The lower end.
    pub fn lo(&self) -> &BigRational {
        &self.lo
    }

    /// The upper end.
    pub fn hi(&self) -> &BigRational {
        &self.hi
    }

    /// The length `hi − lo` (zero for a point).
    pub fn width(&self) -> BigRational {
        &self.hi - &self.lo
    }

    /// Whether `value` lies in the interval (ends included).
    pub fn contains(&self, value: &BigRational) -> bool {
        &self.lo <= value && value <= &self.hi
    }

    /// Whether `other` lies entirely inside this interval.
    pub fn contains_interval(&self, other: &Interval) -> bool {
        self.lo <= other.lo && other.hi <= self.hi
    }

    /// The common part, or `None` when the intervals are disjoint.
    pub fn intersection(&self, other: &Interval) -> Option<Interval> {
        Interval::new(
            (&self.lo).max(&other.lo).clone(),
            (&self.hi).min(&other.hi).clone(),
        )
    }

    /// The smallest interval containing both (it also covers any gap between them).
    pub fn hull(&self, other: &Interval) -> Interval {
        Interval {
            lo: (&self.lo).min(&other.lo).clone(),
            hi: (&self.hi).max(&other.hi).clone(),
        }
    }

    /// The smallest and the largest integer in the interval, or `None` if it holds none.
    ///
    /// ```
    /// use scorecheck_interval::Interval;
    /// use num_rational::BigRational;
    /// use num_bigint::BigInt;
    /// let q = |n: i64, d: i64| BigRational::new(BigInt::from(n), BigInt::from(d));
    /// let x = Interval::new(q(-3, 2), q(7, 3)).unwrap();
    /// assert_eq!(x.integer_hull(), Some((BigInt::from(-1), BigInt::from(2))));
    /// assert_eq!(Interval::new(q(1, 3), q(2, 3)).unwrap().integer_hull(), None);
    /// ```
    pub fn integer_hull(&self) -> Option<(BigInt, BigInt)> {
        let smallest = self.lo.ceil().to_integer();
        let largest = self.hi.floor().to_integer();
        (smallest <= largest).then_some((smallest, largest))
    }

    /// Whether the interval contains zero.
    pub fn contains_zero(&self) -> bool {
        !self.lo.is_positive() && !self.hi.is_negative()
    }
}

impl fmt::Display for Interval {
    /// `[lo, hi]` with lowest-terms rational ends, such as `[1/3, 1/2]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}, {}]", self.lo, self.hi)
    }
}

pub(crate) fn integer(value: u64) -> BigRational {
    BigRational::from_integer(BigInt::from(value))
}

/// Smallest and largest of four values.
fn min_max(values: [BigRational; 4]) -> (BigRational, BigRational) {
    let [a, b, c, d] = values;
    let (lo1, hi1) = if a <= b { (a, b) } else { (b, a) };
    let (lo2, hi2) = if c <= d { (c, d) } else { (d, c) };
    (lo1.min(lo2), hi1.max(hi2))
}

/// Bounds `lower ≤ √x ≤ upper` for a rational `x ≥ 0`, exact when `x` is a rational square.
pub(crate) fn sqrt_bounds(x: &BigRational) -> (BigRational, BigRational) {
    if !x.is_positive() {
        return (BigRational::zero(), BigRational::zero());
    }
    let (a, b) = (x.numer(), x.denom());
    let (ra, rb) = (a.sqrt(), b.sqrt());
    if &(&ra * &ra) == a && &(&rb * &rb) == b {
        let root = BigRational::new(ra, rb);
        return (root.clone(), root);
    }
    // √(a/b) = √(a·4^k / b) / 2^k; choose k so that the integer radicand has about
    // 2·SQRT_BITS bits, then round its root down for the lower bound and up for the upper.
    let deficit = (2 * SQRT_BITS + b.bits()).saturating_sub(a.bits());
    let k = deficit.div_ceil(2);
    let scaled = a << (2 * k);
    let (quotient, remainder) = scaled.div_rem(b);
    let floor_root = quotient.sqrt();
    let exact = remainder.is_zero() && &floor_root * &floor_root == quotient;
    let ceil_root = if exact {
        floor_root.clone()
    } else {
        &floor_root + 1
    };
    let scale = BigInt::from(1) << k;
    (
        BigRational::new(floor_root, scale.clone()),
        BigRational::new(ceil_root, scale),
    )
}

impl Arith for Interval {
    fn count(value: u64) -> Self {
        Interval::point(integer(value))
    }

    fn rational(value: &BigRational) -> Self {
        Interval::point(value.clone())
    }

    fn add(&self, other: &Self) -> Self {
        Interval {
            lo: &self.lo + &other.lo,
            hi: &self.hi + &other.hi,
        }
    }

    fn sub(&self, other: &Self) -> Self {
        Interval {
            lo: &self.lo - &other.hi,
            hi: &self.hi - &other.lo,
        }
    }

    fn mul(&self, other: &Self) -> Self {
        let (lo, hi) = min_max([
            &self.lo * &other.lo,
            &self.lo * &other.hi,
            &self.hi * &other.lo,
            &self.hi * &other.hi,
        ]);
        Interval { lo, hi }
    }

    /// `None` when the divisor contains zero: no finite enclosure exists then.
    fn div(&self, other: &Self) -> Option<Self> {
        if other.contains_zero() {
            return None;
        }
        let (lo, hi) = min_max([
            &self.lo / &other.lo,
            &self.lo / &other.hi,
            &self.hi / &other.lo,
            &self.hi / &other.hi,
        ]);
        Some(Interval { lo, hi })
    }

    /// Encloses `√x` for the non-negative part of the interval.
    ///
    /// A negative lower end is clamped at zero when the upper end is non-negative: radicands
    /// in the score formulas are products of counts, so their negative part is an artefact
    /// of interval dependency, not a value any matrix takes. `None` when the whole interval
    /// is negative.
    fn sqrt(&self) -> Option<Self> {
        if self.hi.is_negative() {
            return None;
        }
        let (lo, _) = sqrt_bounds(&self.lo);
        let (_, hi) = sqrt_bounds(&self.hi);
        Some(Interval { lo, hi })
    }

    /// Only the point interval `[0, 0]` is certainly zero.
    fn is_zero(&self) -> bool {
        self.lo.is_zero() && self.hi.is_zero()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(n: i64, d: i64) -> BigRational {
        BigRational::new(BigInt::from(n), BigInt::from(d))
    }

    #[test]
    fn square_roots_are_enclosed_tightly() {
        let (lo, hi) = sqrt_bounds(&q(2, 1));
        assert!(&lo * &lo < q(2, 1) && &hi * &hi > q(2, 1));
        assert!(&hi - &lo < q(1, 1_000_000_000_000_000_000));
        assert_eq!(sqrt_bounds(&q(9, 4)), (q(3, 2), q(3, 2)));
        assert_eq!(sqrt_bounds(&q(0, 1)), (q(0, 1), q(0, 1)));
        let tiny = q(1, 3_000_000_000_000_000_000);
        let (lo, hi) = sqrt_bounds(&tiny);
        assert!(&lo * &lo <= tiny && tiny <= &hi * &hi && lo.is_positive());
    }

    #[test]
    fn arithmetic_follows_the_endpoint_rules() {
        let x = Interval::new(q(-1, 1), q(2, 1)).unwrap();
        let y = Interval::new(q(3, 1), q(4, 1)).unwrap();
        assert_eq!(x.mul(&y), Interval::new(q(-4, 1), q(8, 1)).unwrap());
        assert_eq!(x.sub(&y), Interval::new(q(-5, 1), q(-1, 1)).unwrap());
        assert_eq!(x.div(&y), Interval::new(q(-1, 3), q(2, 3)));
        assert_eq!(y.div(&x), None);
        assert_eq!(x.sqrt().unwrap().lo(), &q(0, 1));
        assert!(Interval::point(q(-1, 1)).sqrt().is_none());
        assert!(Interval::point(q(0, 1)).is_zero() && !x.is_zero());
        assert_eq!(x.to_string(), "[-1, 2]");
        assert!(Interval::new(q(1, 1), q(0, 1)).is_none());
    }
}
