//! Outward-rounded `f64` intervals, for fast pruning only.

use std::fmt;

use num_rational::BigRational;
use num_traits::ToPrimitive;
use scorecheck_algebra::Arith;

/// The next `f64` above `x` (`+∞` stays, NaN stays); `f64::next_up` needs Rust 1.86.
pub(crate) fn next_up(x: f64) -> f64 {
    if x.is_nan() || x == f64::INFINITY {
        return x;
    }
    if x == 0.0 {
        return f64::from_bits(1);
    }
    let bits = x.to_bits();
    f64::from_bits(if x > 0.0 { bits + 1 } else { bits - 1 })
}

/// The next `f64` below `x`.
pub(crate) fn next_down(x: f64) -> f64 {
    -next_up(-x)
}

/// A closed interval `[lo, hi]` of `f64` values, every operation rounded outward.
///
/// Each arithmetic result is computed in round-to-nearest and then widened by one unit in
/// the last place on each side (`next_down` / `next_up`), which is sound because IEEE 754
/// `+ − × ÷ √` are correctly rounded. A NaN produced anywhere (such as `∞ − ∞`) widens the
/// result to the whole line `[−∞, +∞]`, so an enclosure never silently shrinks.
///
/// These intervals prune a search; they never decide a verdict. Compare their ends with
/// exact values through `BigRational::from_float`, which converts an `f64` exactly.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct F64Interval {
    lo: f64,
    hi: f64,
}

impl F64Interval {
    /// The whole line.
    pub const ENTIRE: F64Interval = F64Interval {
        lo: f64::NEG_INFINITY,
        hi: f64::INFINITY,
    };

    /// The interval `[lo, hi]`, or `None` when `lo > hi` or either end is NaN.
    pub fn new(lo: f64, hi: f64) -> Option<F64Interval> {
        (lo <= hi).then_some(F64Interval { lo, hi })
    }

    /// The lower end.
    pub fn lo(&self) -> f64 {
        self.lo
    }

    /// The upper end.
    pub fn hi(&self) -> f64 {
        self.hi
    }

    /// Whether `x` lies in the interval.
    pub fn contains(&self, x: f64) -> bool {
        self.lo <= x && x <= self.hi
    }

    /// The smallest interval containing both.
    pub fn hull(&self, other: &F64Interval) -> F64Interval {
        F64Interval {
            lo: self.lo.min(other.lo),
            hi: self.hi.max(other.hi),
        }
    }

    /// Whether the interval contains zero.
    pub fn contains_zero(&self) -> bool {
        self.lo <= 0.0 && 0.0 <= self.hi
    }

    /// `[next_down(lo), next_up(hi)]`, or the whole line if an end is NaN.
    fn outward(lo: f64, hi: f64) -> F64Interval {
        if lo.is_nan() || hi.is_nan() {
            return F64Interval::ENTIRE;
        }
        F64Interval {
            lo: next_down(lo),
            hi: next_up(hi),
        }
    }

    fn from_four(values: [f64; 4]) -> F64Interval {
        if values.iter().any(|v| v.is_nan()) {
            return F64Interval::ENTIRE;
        }
        let lo = values.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        F64Interval::outward(lo, hi)
    }
}

impl fmt::Display for F64Interval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{:e}, {:e}]", self.lo, self.hi)
    }
}

impl Arith for F64Interval {
    /// Exact when the count fits in 53 bits, otherwise widened by one ulp on each side.
    fn count(value: u64) -> Self {
        let x = value as f64;
        if value < (1u64 << 53) {
            F64Interval { lo: x, hi: x }
        } else {
            F64Interval::outward(x, x)
        }
    }

    /// Encloses the rational exactly: the nearest `f64` is checked against the exact value.
    fn rational(value: &BigRational) -> Self {
        let Some(x) = value.to_f64().filter(|x| x.is_finite()) else {
            return F64Interval::ENTIRE;
        };
        match BigRational::from_float(x) {
            Some(exact) if &exact == value => F64Interval { lo: x, hi: x },
            Some(exact) if &exact < value => F64Interval {
                lo: x,
                hi: next_up(x),
            },
            Some(_) => F64Interval {
                lo: next_down(x),
                hi: x,
            },
            None => F64Interval::ENTIRE,
        }
    }

    fn add(&self, other: &Self) -> Self {
        F64Interval::outward(self.lo + other.lo, self.hi + other.hi)
    }

    fn sub(&self, other: &Self) -> Self {
        F64Interval::outward(self.lo - other.hi, self.hi - other.lo)
    }

    fn mul(&self, other: &Self) -> Self {
        F64Interval::from_four([
            self.lo * other.lo,
            self.lo * other.hi,
            self.hi * other.lo,
            self.hi * other.hi,
        ])
    }

    /// `None` when the divisor contains zero (no enclosure).
    fn div(&self, other: &Self) -> Option<Self> {
        if other.contains_zero() {
            return None;
        }
        Some(F64Interval::from_four([
            self.lo / other.lo,
            self.lo / other.hi,
            self.hi / other.lo,
            self.hi / other.hi,
        ]))
    }

    /// Encloses `√x` over the non-negative part: a negative lower end is clamped at zero
    /// when the upper end is non-negative (radicands in score formulas are products of
    /// counts, so a negative part only comes from interval dependency); `None` when the
    /// whole interval is negative.
    fn sqrt(&self) -> Option<Self> {
        if self.hi < 0.0 || self.hi.is_nan() {
            return None;
        }
        let lo = if self.lo > 0.0 {
            next_down(self.lo.sqrt()).max(0.0)
        } else {
            0.0
        };
        Some(F64Interval {
            lo,
            hi: next_up(self.hi.sqrt()),
        })
    }

    /// Only the point interval `[0, 0]` is certainly zero.
    fn is_zero(&self) -> bool {
        self.lo == 0.0 && self.hi == 0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigInt;

    #[test]
    fn neighbours_step_one_ulp() {
        assert!(next_up(1.0) > 1.0 && next_down(1.0) < 1.0);
        assert_eq!(next_up(0.0), f64::from_bits(1));
        assert!(next_down(0.0) < 0.0);
        assert_eq!(next_up(-f64::from_bits(1)), -0.0);
        assert_eq!(next_up(f64::INFINITY), f64::INFINITY);
        assert_eq!(next_down(f64::NEG_INFINITY), f64::NEG_INFINITY);
        assert_eq!(next_up(f64::MAX), f64::INFINITY);
    }

    #[test]
    fn rationals_are_enclosed_exactly() {
        let third = BigRational::new(BigInt::from(1), BigInt::from(3));
        let x = F64Interval::rational(&third);
        let lo = BigRational::from_float(x.lo()).unwrap();
        let hi = BigRational::from_float(x.hi()).unwrap();
        assert!(lo < third && third < hi);
        let big = F64Interval::count(u64::MAX);
        assert!(big.lo() < 18446744073709551615.0 && big.hi() > 18446744073709551615.0 - 1.0);
    }

    #[test]
    fn operations_round_outward() {
        let tenth = F64Interval::rational(&BigRational::new(BigInt::from(1), BigInt::from(10)));
        let s = tenth.add(&tenth).add(&tenth);
        assert!(s.contains(0.30000000000000004) && s.lo() < 0.3 && s.hi() > 0.3);
        assert!(F64Interval::count(1)
            .div(&F64Interval::new(-1.0, 1.0).unwrap())
            .is_none());
        let r = F64Interval::new(-1.0, 4.0).unwrap().sqrt().unwrap();
        assert!(r.lo() == 0.0 && r.hi() >= 2.0);
        assert!(F64Interval::new(-2.0, -1.0).unwrap().sqrt().is_none());
        let nan = F64Interval::ENTIRE.sub(&F64Interval::ENTIRE);
        assert_eq!(nan, F64Interval::ENTIRE);
    }
}
