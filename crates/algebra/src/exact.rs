//! Exact values of scores: rationals, and elements a + b·√c of a quadratic field.

use std::cmp::Ordering;
use std::fmt;

use num_bigint::{BigInt, Sign};
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};

use crate::arith::{rational_to_f64, Arith};
use scorecheck_rational::{add, cmp_rationals, div, mul, sub};

/// An exact score value.
///
/// Rational scores are rationals. The square-root scores (fm, gm, mcc, pt and their
/// relatives) have values a + b·√c with rational a, b and an integer c that is not a perfect
/// square; every score formula takes a single square root, so one radicand suffices and the
/// values form a field. Comparisons with rationals are decided exactly by squaring with sign
/// tracking ([`Exact::cmp_rational`]); nothing is rounded.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Exact(Repr);

#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
enum Repr {
    Rational(#[cfg_attr(feature = "serde", serde(with = "scorecheck_rational::text"))] BigRational),
    /// a + b·√c with b ≠ 0 and c > 1 not a perfect square, so the value is irrational.
    Surd {
        #[cfg_attr(feature = "serde", serde(with = "scorecheck_rational::text"))]
        a: BigRational,
        #[cfg_attr(feature = "serde", serde(with = "scorecheck_rational::text"))]
        b: BigRational,
        #[cfg_attr(feature = "serde", serde(with = "scorecheck_rational::text"))]
        c: BigInt,
    },
    /// Arithmetic mixed two different radicands; no score formula does this, and tests
    /// check that none does, but the type stays total rather than panicking.
    Unrepresentable,
}

impl Exact {
    /// The rational `value`.
    pub fn from_rational(value: BigRational) -> Exact {
        Exact(Repr::Rational(value))
    }

    /// The rational value, if the value is rational.
    pub fn as_rational(&self) -> Option<&BigRational> {
        match &self.0 {
            Repr::Rational(r) => Some(r),
            _ => None,
        }
    }

    /// Whether the value could be represented (always true for the score formulas).
    pub fn is_representable(&self) -> bool {
        !matches!(self.0, Repr::Unrepresentable)
    }

    /// Exact comparison with a rational, or `None` for an unrepresentable value.
    pub fn cmp_rational(&self, r: &BigRational) -> Option<Ordering> {
        match &self.0 {
            Repr::Rational(x) => Some(cmp_rationals(x, r)),
            Repr::Surd { a, b, c } => {
                // sign(a − r + b·√c)
                let x = sub(a, r);
                Some(sign_of_sum(&x, b, c))
            }
            Repr::Unrepresentable => None,
        }
    }

    /// Exact comparison of two values (radicands may differ), or `None` for an
    /// unrepresentable one.
    ///
    /// ```
    /// use scorecheck_algebra::{parse_decimal, ConfusionMatrix, Params, Score};
    /// use std::cmp::Ordering;
    /// let a = ConfusionMatrix::new(7, 8, 10, 10).unwrap();
    /// let b = ConfusionMatrix::new(8, 7, 10, 10).unwrap();
    /// let (ma, mb) = (a.exact(Score::Mcc, &Params::default()).unwrap(), b.exact(Score::Mcc, &Params::default()).unwrap());
    /// assert_eq!(ma.cmp_exact(&mb), Some(Ordering::Equal));
    /// let c = ConfusionMatrix::new(9, 7, 10, 10).unwrap();
    /// assert_eq!(ma.cmp_exact(&c.exact(Score::Mcc, &Params::default()).unwrap()), Some(Ordering::Less));
    /// ```
    pub fn cmp_exact(&self, other: &Exact) -> Option<Ordering> {
        // self − other = x + y·√c1 − z·√c2, as parts.
        let parts = |e: &Exact| -> Option<(BigRational, BigRational, BigInt)> {
            match &e.0 {
                Repr::Rational(r) => Some((r.clone(), BigRational::zero(), BigInt::one())),
                Repr::Surd { a, b, c } => Some((a.clone(), b.clone(), c.clone())),
                Repr::Unrepresentable => None,
            }
        };
        let (a1, b1, c1) = parts(self)?;
        let (a2, b2, c2) = parts(other)?;
        if c1 == c2 {
            return Some(sign_of_sum(&sub(&a1, &a2), &sub(&b1, &b2), &c1));
        }
        // L = (a1 − a2) + b1·√c1 against R = b2·√c2.
        let x = sub(&a1, &a2);
        let left = sign_of_sum(&x, &b1, &c1);
        let right = sign_of_sum(&BigRational::zero(), &b2, &c2);
        if left != right || left == Ordering::Equal {
            return Some(match (left, right) {
                (Ordering::Equal, r) => r.reverse(),
                (l, _) => l,
            });
        }
        // Same sign, both non-zero: compare the squares, L² = x² + b1²c1 + 2·x·b1·√c1 and
        // R² = b2²·c2.
        let c1r = BigRational::from_integer(c1.clone());
        let c2r = BigRational::from_integer(c2);
        let rational = sub(
            &add(&mul(&x, &x), &mul(&mul(&b1, &b1), &c1r)),
            &mul(&mul(&b2, &b2), &c2r),
        );
        let squares = sign_of_sum(
            &rational,
            &mul(&BigRational::from_integer(2.into()), &mul(&x, &b1)),
            &c1,
        );
        Some(if left == Ordering::Greater {
            squares
        } else {
            squares.reverse()
        })
    }

    /// Whether `lower ≤ self ≤ upper`, decided exactly.
    pub fn within(&self, lower: &BigRational, upper: &BigRational) -> bool {
        matches!(
            self.cmp_rational(lower),
            Some(Ordering::Greater | Ordering::Equal)
        ) && matches!(
            self.cmp_rational(upper),
            Some(Ordering::Less | Ordering::Equal)
        )
    }

    /// A floating-point approximation, for display and pruning only.
    pub fn to_f64(&self) -> f64 {
        match &self.0 {
            Repr::Rational(r) => rational_to_f64(r),
            Repr::Surd { a, b, c } => {
                let root = c.to_f64().unwrap_or(f64::NAN).sqrt();
                let (af, bs) = (rational_to_f64(a), rational_to_f64(b) * root);
                if a.is_negative() == b.is_negative() || a.is_zero() {
                    af + bs
                } else {
                    // Opposite signs cancel in f64; a + b√c = (a² − b²c)/(a − b√c) does not,
                    // with the numerator exact and the denominator's terms of one sign.
                    let norm = a * a - b * b * BigRational::from_integer(c.clone());
                    rational_to_f64(&norm) / (af - bs)
                }
            }
            Repr::Unrepresentable => f64::NAN,
        }
    }
}

/// sign(x + b·√c) for b ≠ 0 and c > 0, exactly.
fn sign_of_sum(x: &BigRational, b: &BigRational, c: &BigInt) -> Ordering {
    let bs = cmp_rationals(b, &BigRational::zero());
    let xs = cmp_rationals(x, &BigRational::zero());
    match (xs, bs) {
        (Ordering::Equal, s) => s,
        (s, Ordering::Equal) => s,
        (Ordering::Greater, Ordering::Greater) => Ordering::Greater,
        (Ordering::Less, Ordering::Less) => Ordering::Less,
        (Ordering::Greater, Ordering::Less) => {
            // x > 0 > b√c: compare x² with b²c.
            cmp_rationals(
                &mul(x, x),
                &mul(&mul(b, b), &BigRational::from_integer(c.clone())),
            )
        }
        (Ordering::Less, Ordering::Greater) => cmp_rationals(
            &mul(&mul(b, b), &BigRational::from_integer(c.clone())),
            &mul(x, x),
        ),
    }
}

fn surd(a: BigRational, b: BigRational, c: BigInt) -> Exact {
    if b.is_zero() {
        Exact(Repr::Rational(a))
    } else {
        Exact(Repr::Surd { a, b, c })
    }
}

/// Splits a value into (a, b, c) with b = 0 and c = 0 for rationals.
fn parts(x: &Exact) -> Option<(BigRational, BigRational, Option<BigInt>)> {
    match &x.0 {
        Repr::Rational(r) => Some((r.clone(), BigRational::zero(), None)),
        Repr::Surd { a, b, c } => Some((a.clone(), b.clone(), Some(c.clone()))),
        Repr::Unrepresentable => None,
    }
}

/// The common radicand of two values, if they share one (or at most one has any).
fn common_radicand(x: &Option<BigInt>, y: &Option<BigInt>) -> Option<Option<BigInt>> {
    match (x, y) {
        (None, None) => Some(None),
        (Some(c), None) | (None, Some(c)) => Some(Some(c.clone())),
        (Some(c), Some(d)) if c == d => Some(Some(c.clone())),
        _ => None,
    }
}

fn combine(
    x: &Exact,
    y: &Exact,
    f: impl Fn(
        &BigRational,
        &BigRational,
        &BigRational,
        &BigRational,
        &BigRational,
    ) -> (BigRational, BigRational),
) -> Exact {
    let (Some((a1, b1, c1)), Some((a2, b2, c2))) = (parts(x), parts(y)) else {
        return Exact(Repr::Unrepresentable);
    };
    match common_radicand(&c1, &c2) {
        Some(None) => {
            let (a, _) = f(&a1, &b1, &a2, &b2, &BigRational::zero());
            Exact(Repr::Rational(a))
        }
        Some(Some(c)) => {
            let cr = BigRational::from_integer(c.clone());
            let (a, b) = f(&a1, &b1, &a2, &b2, &cr);
            surd(a, b, c)
        }
        None => Exact(Repr::Unrepresentable),
    }
}

impl Arith for Exact {
    fn count(value: u64) -> Self {
        Exact(Repr::Rational(BigRational::from_integer(BigInt::from(
            value,
        ))))
    }

    fn rational(value: &BigRational) -> Self {
        Exact(Repr::Rational(value.clone()))
    }

    fn add(&self, other: &Self) -> Self {
        combine(self, other, |a1, b1, a2, b2, _| (add(a1, a2), add(b1, b2)))
    }

    fn sub(&self, other: &Self) -> Self {
        combine(self, other, |a1, b1, a2, b2, _| (sub(a1, a2), sub(b1, b2)))
    }

    fn mul(&self, other: &Self) -> Self {
        combine(self, other, |a1, b1, a2, b2, c| {
            (
                add(&mul(a1, a2), &mul(&mul(b1, b2), c)),
                add(&mul(a1, b2), &mul(a2, b1)),
            )
        })
    }

    fn div(&self, other: &Self) -> Option<Self> {
        if other.is_zero() {
            return None;
        }
        // x / (a + b√c) = x · (a − b√c) / (a² − b²c); the norm is non-zero because √c is
        // irrational and the divisor is non-zero.
        let (a, b, c) = parts(other)?;
        let c_rational = c
            .clone()
            .map(BigRational::from_integer)
            .unwrap_or_else(BigRational::zero);
        let norm = sub(&mul(&a, &a), &mul(&mul(&b, &b), &c_rational));
        let inverse = match c {
            None => Exact(Repr::Rational(div(&BigRational::one(), &a))),
            Some(c) => surd(div(&a, &norm), -div(&b, &norm), c),
        };
        Some(self.mul(&inverse))
    }

    fn sqrt(&self) -> Option<Self> {
        match &self.0 {
            Repr::Rational(r) if r.is_negative() => None,
            Repr::Rational(r) => {
                // √(u/v) = √(u·v) / v, rational when u·v is a perfect square.
                let radicand = r.numer() * r.denom();
                let root = radicand.sqrt();
                if &root * &root == radicand {
                    Some(Exact(Repr::Rational(BigRational::new(
                        root,
                        r.denom().clone(),
                    ))))
                } else {
                    Some(surd(
                        BigRational::zero(),
                        BigRational::new(BigInt::one(), r.denom().clone()),
                        radicand,
                    ))
                }
            }
            Repr::Surd { .. } | Repr::Unrepresentable => Some(Exact(Repr::Unrepresentable)),
        }
    }

    fn is_zero(&self) -> bool {
        matches!(&self.0, Repr::Rational(r) if r.is_zero())
    }
}

impl fmt::Display for Exact {
    /// Lowest-terms rationals (`2387/3500`), radicals as `a + b*sqrt(c)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::Rational(r) => f.write_str(&scorecheck_rational::show(r)),
            Repr::Surd { a, b, c } => {
                let (c_out, b_out) = simplify_radical(b, c);
                let radical = if b_out.is_one() {
                    format!("sqrt({c_out})")
                } else if (-&b_out).is_one() {
                    format!("-sqrt({c_out})")
                } else {
                    format!("{b_out}*sqrt({c_out})")
                };
                if a.is_zero() {
                    write!(f, "{radical}")
                } else if let Some(positive) = radical.strip_prefix('-') {
                    write!(f, "{a} - {positive}")
                } else {
                    write!(f, "{a} + {radical}")
                }
            }
            Repr::Unrepresentable => write!(f, "unrepresentable"),
        }
    }
}

/// Pulls small square factors out of the radicand for a readable radical form.
fn simplify_radical(b: &BigRational, c: &BigInt) -> (BigInt, BigRational) {
    let mut c = c.clone();
    let mut b = b.clone();
    for k in [2u32, 3, 5, 7, 11, 13] {
        let kk = BigInt::from(k * k);
        while (&c % &kk).is_zero() && c.sign() == Sign::Plus {
            c /= &kk;
            b *= BigRational::from_integer(BigInt::from(k));
        }
    }
    (c, b)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(n: i64, d: i64) -> BigRational {
        BigRational::new(BigInt::from(n), BigInt::from(d))
    }

    #[test]
    fn square_roots_of_squares_stay_rational() {
        let x = Exact::rational(&q(9, 4)).sqrt().unwrap();
        assert_eq!(x.as_rational(), Some(&q(3, 2)));
    }

    #[test]
    fn comparisons_are_exact_near_the_value() {
        // √2 lies strictly between these two neighbouring decimals.
        let root2 = Exact::rational(&q(2, 1)).sqrt().unwrap();
        assert_eq!(
            root2.cmp_rational(&q(14142135, 10000000)),
            Some(Ordering::Greater)
        );
        assert_eq!(
            root2.cmp_rational(&q(14142136, 10000000)),
            Some(Ordering::Less)
        );
        let minus = Exact::count(1).sub(&root2);
        assert_eq!(
            minus.cmp_rational(&q(-4142135, 10000000)),
            Some(Ordering::Less)
        );
        assert_eq!(
            minus.cmp_rational(&q(-4142136, 10000000)),
            Some(Ordering::Greater)
        );
    }

    #[test]
    fn division_by_a_surd_rationalises() {
        let root2 = Exact::rational(&q(2, 1)).sqrt().unwrap();
        let one = Exact::count(1);
        let inv = one.div(&root2).unwrap(); // √2/2
        let back = inv.mul(&root2);
        assert_eq!(back.as_rational(), Some(&q(1, 1)));
        let x = one.add(&root2).div(&one.sub(&root2)).unwrap(); // (1+√2)/(1−√2) = −3 − 2√2
        assert_eq!(x.to_string(), "-3 - 2*sqrt(2)");
    }

    #[test]
    fn mixing_radicands_is_flagged_not_panicking() {
        let r2 = Exact::count(2).sqrt().unwrap();
        let r3 = Exact::count(3).sqrt().unwrap();
        assert!(!r2.add(&r3).is_representable());
        assert!(r2.add(&r3).cmp_rational(&q(0, 1)).is_none());
    }

    /// a + b·√c from its parts, through the public arithmetic.
    fn value(a: (i64, i64), b: (i64, i64), c: u64) -> Exact {
        let root = Exact::count(c).sqrt().unwrap();
        Exact::rational(&q(a.0, a.1)).add(&Exact::rational(&q(b.0, b.1)).mul(&root))
    }

    /// ⌊(a + b·√c)·10^60⌋ within 2, from integer square roots: an oracle that shares no
    /// code with the comparisons under test.
    fn scaled(a: (i64, i64), b: (i64, i64), c: u64) -> BigInt {
        use num_integer::Integer;
        let unit = BigInt::from(10).pow(60u32);
        let rational = (BigInt::from(a.0) * &unit).div_floor(&BigInt::from(a.1));
        // |b|·√c·10^60 = √(b²·c·10^120) / |b's denominator|, floored twice.
        let root = (BigInt::from(b.0) * BigInt::from(b.0) * BigInt::from(c) * &unit * &unit).sqrt();
        let surd = root.div_floor(&BigInt::from(b.1));
        if b.0 < 0 {
            rational - surd
        } else {
            rational + surd
        }
    }

    #[test]
    fn negative_rationals_have_no_square_root_and_radicals_print_their_sign() {
        assert_eq!(Exact::rational(&q(-1, 4)).sqrt(), None);
        let root2 = Exact::count(2).sqrt().unwrap();
        assert_eq!(Exact::count(1).sub(&root2).to_string(), "1 - sqrt(2)");
        assert_eq!(Exact::count(0).sub(&root2).to_string(), "-sqrt(2)");
        assert_eq!(Exact::count(8).sqrt().unwrap().to_string(), "2*sqrt(2)");
    }

    #[test]
    fn within_holds_exactly_on_the_closed_window() {
        // √2 = 1.41421356…, and the rational 1/2.
        let root2 = Exact::count(2).sqrt().unwrap();
        let half = Exact::rational(&q(1, 2));
        let d = |n: i64| q(n, 100_000_000);
        assert!(root2.within(&d(141421356), &d(141421357)));
        assert!(
            !root2.within(&d(141421357), &d(141421358)),
            "below the window"
        );
        assert!(
            !root2.within(&d(141421355), &d(141421356)),
            "above the window"
        );
        assert!(
            half.within(&q(1, 2), &q(1, 2)),
            "both ends are in the window"
        );
        assert!(!half.within(&q(1, 3), &q(2, 5)) && !half.within(&q(3, 5), &q(1, 1)));
        let mixed = root2.add(&Exact::count(3).sqrt().unwrap());
        assert!(
            !mixed.within(&q(-100, 1), &q(100, 1)),
            "an unrepresentable value is in no window"
        );
    }

    #[test]
    fn floats_keep_their_precision_where_the_parts_cancel() {
        // 577/408 is within 2.2·10^-6 of √2: summed in f64, 577/408 − √2 would keep only
        // ten significant digits.
        for (b, expected) in [(-1, 2.123_901_414_755_12e-6), (1, 2.828_429_248_647_605)] {
            let x = value((577, 408), (b, 1), 2);
            let oracle = scaled((577, 408), (b, 1), 2).to_f64().unwrap() / 1e60;
            assert!((oracle - expected).abs() <= 1e-15 * expected);
            assert!(
                (x.to_f64() - oracle).abs() <= 1e-14 * oracle,
                "{} against {oracle}",
                x.to_f64()
            );
        }
    }

    use proptest::prelude::*;

    fn part() -> impl Strategy<Value = (i64, i64)> {
        (-6i64..=6, 1i64..=4)
    }

    proptest! {
        /// Values with the same or different radicands (√8 and 2·√2 are equal) compare as
        /// their decimal expansions to 60 places do; at these sizes two different values
        /// differ far above 10^-50.
        #[test]
        fn comparisons_agree_with_integer_square_roots(
            a1 in part(), b1 in part(), c1 in prop_oneof![2u64..=12, Just(8), Just(18)],
            a2 in part(), b2 in part(), c2 in prop_oneof![2u64..=12, Just(2), Just(8)],
        ) {
            let (x, y) = (value(a1, b1, c1), value(a2, b2, c2));
            let difference = scaled(a1, b1, c1) - scaled(a2, b2, c2);
            let expected = if difference.abs() <= BigInt::from(4) {
                Ordering::Equal
            } else if difference.is_positive() {
                Ordering::Greater
            } else {
                Ordering::Less
            };
            prop_assert_eq!(x.cmp_exact(&y), Some(expected));
            prop_assert_eq!(y.cmp_exact(&x), Some(expected.reverse()));
            // Against a rational: the second value with b = 0.
            let r = q(a2.0, a2.1);
            let against_rational = {
                let d = scaled(a1, b1, c1) - scaled(a2, (0, 1), 1);
                if d.abs() <= BigInt::from(4) { Ordering::Equal } else if d.is_positive() { Ordering::Greater } else { Ordering::Less }
            };
            prop_assert_eq!(x.cmp_rational(&r), Some(against_rational));
            // The float is near the value, also where a and b·√c cancel.
            let approx = scaled(a1, b1, c1).to_f64().unwrap() / 1e60;
            prop_assert!((x.to_f64() - approx).abs() <= 1e-12 * approx.abs().max(1.0), "{} against {}", x.to_f64(), approx);
        }
    }
}
