//! Exact rational arithmetic that stays on machine words while the values are small: the
//! ground floor under scorecheck's score algebra and its pure feasibility backend.
//!
//! `num-rational` is exact but generic: its comparison of two fractions with different
//! denominators runs a continued-fraction recursion of big-integer divisions, and every
//! operation reduces with the big-integer binary gcd, which shifts a heap number once per
//! bit. The values scores take (counts up to 10^12 and decimals of a few digits) fit in
//! 64 bits, where a comparison is two 128-bit products and a gcd is `u128`'s. These
//! functions take that path when every part fits and `num-rational`'s otherwise, so their
//! results are the same values in lowest terms either way (checked against `num-rational`
//! by the property tests below). Beyond 64 bits, sums, differences and products are
//! reduced by Henrici's method with a gcd that takes Euclid's remainder steps while one
//! number is much longer than the other (the binary gcd alone shifts the longer once per
//! bit: seconds on the 50,000-bit weights of a mean over a thousand classes); division and
//! comparison stay `num-rational`'s. It is written by hand because no kept crate offers a
//! big rational with a small-value fast path.
//!
//! ```
//! use scorecheck_rational::{add, cmp_rationals};
//! use num_rational::BigRational;
//! use std::cmp::Ordering;
//! let third = BigRational::new(1.into(), 3.into());
//! let sum = add(&third, &third);
//! assert_eq!(sum, BigRational::new(2.into(), 3.into()));
//! assert_eq!(cmp_rationals(&sum, &third), Ordering::Greater);
//! ```
//!
//! Cargo features: `serde` adds the `text` module, which serializes a `BigRational` field
//! as the text `"8999/10000"` through `#[serde(with = "scorecheck_rational::text")]`.

#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(unreachable_pub)]

#[cfg(feature = "serde")]
pub mod text;

use std::cmp::Ordering;

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{Signed, ToPrimitive, Zero};

/// The four parts of two fractions as `i128`, where all fit in `i64` (so that every
/// product of two parts fits, and sums of products are checked).
fn small(a: &BigRational, b: &BigRational) -> Option<[i128; 4]> {
    let part = |x: &BigInt| x.to_i64().map(i128::from);
    Some([
        part(a.numer())?,
        part(a.denom())?,
        part(b.numer())?,
        part(b.denom())?,
    ])
}

/// `numer / denom` in lowest terms with a positive denominator, or `None` where `denom` is
/// zero or a part is `i128::MIN` (whose magnitude has no `i128`).
fn from_i128(numer: i128, denom: i128) -> Option<BigRational> {
    if denom == 0 || numer == i128::MIN || denom == i128::MIN {
        return None;
    }
    let (numer, denom) = match (i64::try_from(numer), i64::try_from(denom)) {
        // The common case, in 64-bit arithmetic: u128's gcd and division are several
        // times slower. g ≥ 1 divides both magnitudes, so the quotients fit in i64.
        (Ok(n), Ok(d)) if n != i64::MIN && d != i64::MIN => {
            let g = n.unsigned_abs().gcd(&d.unsigned_abs()) as i64;
            (i128::from(n / g), i128::from(d / g))
        }
        _ => {
            // g ≥ 1 divides both magnitudes, which are below 2^127, so it fits.
            let g = i128::try_from(numer.unsigned_abs().gcd(&denom.unsigned_abs())).ok()?;
            (numer / g, denom / g)
        }
    };
    let (numer, denom) = if denom < 0 {
        (-numer, -denom)
    } else {
        (numer, denom)
    };
    Some(BigRational::new_raw(
        BigInt::from(numer),
        BigInt::from(denom),
    ))
}

/// x·y + sign·z·w, where it fits in `i128`.
fn cross(x: i128, y: i128, z: i128, w: i128, sign: i128) -> Option<i128> {
    x.checked_mul(y)?
        .checked_add(sign.checked_mul(z.checked_mul(w)?)?)
}

/// Compares two rationals exactly.
///
/// ```
/// use scorecheck_rational::cmp_rationals;
/// use num_rational::BigRational;
/// use std::cmp::Ordering;
/// let (a, b) = (BigRational::new(954.into(), 1000.into()), BigRational::new(9541.into(), 10000.into()));
/// assert_eq!(cmp_rationals(&a, &b), Ordering::Less);
/// ```
pub fn cmp_rationals(a: &BigRational, b: &BigRational) -> Ordering {
    // a/b against c/d is a·d against c·b when b·d > 0 and reversed when b·d < 0 (a fraction
    // made by `new_raw` may keep a negative denominator).
    let flipped = a.denom().is_negative() != b.denom().is_negative();
    let order = match small(a, b) {
        Some([an, ad, bn, bd]) => (an * bd).cmp(&(bn * ad)),
        None => (a.numer() * b.denom()).cmp(&(b.numer() * a.denom())),
    };
    if flipped {
        order.reverse()
    } else {
        order
    }
}

/// Compares a finite `f64` with a rational exactly, or `None` for an infinite or NaN `f`.
///
/// ```
/// use scorecheck_rational::cmp_f64_rational;
/// use num_rational::BigRational;
/// use std::cmp::Ordering;
/// // 0.1 as an f64 is 0.1000000000000000055511151231257827…
/// let (tenth, half) = (BigRational::new(1.into(), 10.into()), BigRational::new(1.into(), 2.into()));
/// assert_eq!(cmp_f64_rational(0.1, &tenth), Some(Ordering::Greater));
/// assert_eq!(cmp_f64_rational(0.5, &half), Some(Ordering::Equal));
/// ```
pub fn cmp_f64_rational(f: f64, r: &BigRational) -> Option<Ordering> {
    if !f.is_finite() {
        return None;
    }
    // f = ±m·2^e exactly (m < 2^53); against a/b that is ±m·b·2^e against a, flipped when
    // b < 0, with the power of two moved to whichever side keeps it a left shift.
    let bits = f.to_bits();
    let biased = i64::try_from((bits >> 52) & 0x7ff).ok()?;
    let fraction = bits & ((1u64 << 52) - 1);
    let (m, e) = if biased == 0 {
        (fraction, -1074)
    } else {
        (fraction | (1u64 << 52), biased - 1075)
    };
    let mut left = BigInt::from(m) * r.denom();
    if bits >> 63 == 1 {
        left = -left;
    }
    let mut right = r.numer().clone();
    let shift = usize::try_from(e.unsigned_abs()).ok()?;
    if e >= 0 {
        left <<= shift;
    } else {
        right <<= shift;
    }
    let order = left.cmp(&right);
    Some(if r.denom().is_negative() {
        order.reverse()
    } else {
        order
    })
}

/// a + b.
pub fn add(a: &BigRational, b: &BigRational) -> BigRational {
    small(a, b)
        .and_then(|[an, ad, bn, bd]| from_i128(cross(an, bd, bn, ad, 1)?, ad.checked_mul(bd)?))
        .or_else(|| sum_big(a, b, false))
        .unwrap_or_else(|| a + b)
}

/// a − b.
pub fn sub(a: &BigRational, b: &BigRational) -> BigRational {
    small(a, b)
        .and_then(|[an, ad, bn, bd]| from_i128(cross(an, bd, bn, ad, -1)?, ad.checked_mul(bd)?))
        .or_else(|| sum_big(a, b, true))
        .unwrap_or_else(|| a - b)
}

/// gcd(|a|, |b|), with Euclid's remainder steps while one is much longer than the other:
/// `num-integer`'s binary gcd shifts the longer once per bit of the difference (seconds for
/// a number of 50,000 bits against one of 50, as the weights of a mean over a thousand
/// classes are), then it finishes.
fn gcd(a: &BigInt, b: &BigInt) -> BigInt {
    let (mut a, mut b) = (a.abs(), b.abs());
    if a < b {
        std::mem::swap(&mut a, &mut b);
    }
    loop {
        if b.is_zero() {
            return a;
        }
        if a.bits() <= b.bits() + 64 {
            return a.gcd(&b);
        }
        let r = &a % &b;
        a = b;
        b = r;
    }
}

/// Both in the form `num-rational` keeps (a positive denominator), so that the results
/// below are its lowest terms too.
fn normal(a: &BigRational, b: &BigRational) -> bool {
    a.denom().is_positive() && b.denom().is_positive()
}

/// a + b, or a − b with `minus`, in lowest terms by Henrici's method (the denominators'
/// gcd g, then the sum's gcd with g alone); `None` for a fraction not in normal form.
fn sum_big(a: &BigRational, b: &BigRational, minus: bool) -> Option<BigRational> {
    if !normal(a, b) {
        return None;
    }
    let (an, ad, bd) = (a.numer(), a.denom(), b.denom());
    let bn = if minus { -b.numer() } else { b.numer().clone() };
    let g = gcd(ad, bd);
    let (ad_g, bd_g) = (ad / &g, bd / &g);
    let t = an * &bd_g + bn * &ad_g;
    if t.is_zero() {
        return Some(BigRational::from_integer(BigInt::zero()));
    }
    let g2 = gcd(&t, &g);
    Some(BigRational::new_raw(&t / &g2, ad_g * (bd / &g2)))
}

/// a · b in lowest terms by cancelling across first; `None` for a fraction not in normal
/// form.
fn product_big(a: &BigRational, b: &BigRational) -> Option<BigRational> {
    if !normal(a, b) {
        return None;
    }
    if a.numer().is_zero() || b.numer().is_zero() {
        return Some(BigRational::from_integer(BigInt::zero()));
    }
    let g1 = gcd(a.numer(), b.denom());
    let g2 = gcd(b.numer(), a.denom());
    let numer = (a.numer() / &g1) * (b.numer() / &g2);
    let denom = (a.denom() / &g2) * (b.denom() / &g1);
    Some(BigRational::new_raw(numer, denom))
}

/// a · b.
pub fn mul(a: &BigRational, b: &BigRational) -> BigRational {
    small(a, b)
        .and_then(|[an, ad, bn, bd]| from_i128(an.checked_mul(bn)?, ad.checked_mul(bd)?))
        .or_else(|| product_big(a, b))
        .unwrap_or_else(|| a * b)
}

/// a / b; b is not zero.
pub fn div(a: &BigRational, b: &BigRational) -> BigRational {
    small(a, b)
        .and_then(|[an, ad, bn, bd]| from_i128(an.checked_mul(bd)?, ad.checked_mul(bn)?))
        .unwrap_or_else(|| a / b)
}

/// The text of `r` as `Display` writes it (`"8999/10000"`, an integer as `"3"`), through
/// machine integers where both parts fit in `i64`: num-bigint's general conversion took
/// most of the time of writing a result's windows.
pub fn show(r: &BigRational) -> String {
    match (r.numer().to_i64(), r.denom().to_i64()) {
        (Some(n), Some(1)) => n.to_string(),
        (Some(n), Some(d)) => format!("{n}/{d}"),
        _ => r.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn q(n: i128, d: i128) -> BigRational {
        BigRational::new(BigInt::from(n), BigInt::from(d))
    }

    /// Parts from every size class: small, near the i64 edges, and beyond (general path).
    fn part() -> impl Strategy<Value = i128> {
        prop_oneof![
            -1000i128..1000,
            Just(i128::from(i64::MAX)),
            Just(i128::from(i64::MIN)),
            Just(i128::from(i64::MIN) + 1),
            (i128::from(i64::MIN)..=i128::from(i64::MAX)),
            any::<i128>().prop_map(|x| x / 2),
        ]
    }

    fn nonzero() -> impl Strategy<Value = i128> {
        part().prop_filter("non-zero", |d| *d != 0)
    }

    proptest! {
        #[test]
        fn agrees_with_num_rational(an in part(), ad in nonzero(), bn in part(), bd in nonzero()) {
            let (a, b) = (q(an, ad), q(bn, bd));
            prop_assert_eq!(cmp_rationals(&a, &b), a.cmp(&b));
            let parts = |x: BigRational| (x.numer().clone(), x.denom().clone());
            // `==` on Ratio compares values; the parts must also be the same lowest terms.
            prop_assert_eq!(parts(add(&a, &b)), parts(&a + &b));
            prop_assert_eq!(parts(sub(&a, &b)), parts(&a - &b));
            prop_assert_eq!(parts(mul(&a, &b)), parts(&a * &b));
            if bn != 0 {
                prop_assert_eq!(parts(div(&a, &b)), parts(&a / &b));
            }
        }

        #[test]
        fn long_fractions_agree_with_num_rational(
            parts in prop::collection::vec(prop::collection::vec(any::<u64>(), 1..12), 4),
            common in prop::collection::vec(any::<u64>(), 0..3),
            signs in (any::<bool>(), any::<bool>()),
        ) {
            // Parts of very different lengths (one word against eleven) and a shared factor,
            // so that the cancellations and the remainder steps of the gcd are exercised.
            let number = |words: &[u64]| -> BigInt {
                words.iter().fold(BigInt::zero(), |x, &w| (x << 64) + BigInt::from(w))
            };
            let factor = number(&common) + 1;
            let part = |k: usize| -> BigInt { number(&parts[k]) * &factor };
            let (an, bn) = (part(0), part(2));
            let (ad, bd) = (part(1) + 1, part(3) + 1);
            let a = BigRational::new(if signs.0 { -an } else { an }, ad);
            let b = BigRational::new(if signs.1 { -bn } else { bn }, bd);
            let parts = |x: BigRational| (x.numer().clone(), x.denom().clone());
            prop_assert_eq!(parts(add(&a, &b)), parts(&a + &b));
            prop_assert_eq!(parts(sub(&a, &b)), parts(&a - &b));
            prop_assert_eq!(parts(sub(&a, &a)), parts(&a - &a));
            prop_assert_eq!(parts(mul(&a, &b)), parts(&a * &b));
            prop_assert_eq!(gcd(a.numer(), b.denom()), a.numer().gcd(b.denom()));
        }

        #[test]
        fn floats_compare_like_their_exact_values(f in prop_oneof![any::<f64>(), -2.0f64..2.0, Just(f64::MIN_POSITIVE / 8.0)], n in part(), d in nonzero()) {
            let r = q(n, d);
            prop_assert_eq!(cmp_f64_rational(f, &r), BigRational::from_float(f).map(|x| x.cmp(&r)));
            prop_assert_eq!(cmp_f64_rational(f, &BigRational::from_float(f).unwrap_or_default()).filter(|_| f.is_finite()), f.is_finite().then_some(Ordering::Equal));
        }

        #[test]
        fn raw_fractions_with_negative_denominators_compare_by_value(n in -1000i64..1000, d in 1i64..1000, m in -1000i64..1000) {
            let raw = BigRational::new_raw(BigInt::from(-n), BigInt::from(-d));
            let other = q(i128::from(m), 7);
            prop_assert_eq!(cmp_rationals(&raw, &other), q(i128::from(n), i128::from(d)).cmp(&other));
        }
    }

    #[test]
    fn show_writes_what_display_writes() {
        let big: BigInt = BigInt::from(i64::MAX) * BigInt::from(3);
        for (n, d) in [
            (BigInt::from(0), BigInt::from(1)),
            (BigInt::from(-7), BigInt::from(1)),
            (BigInt::from(8999), BigInt::from(10000)),
            (BigInt::from(-1), BigInt::from(3)),
            (BigInt::from(i64::MIN), BigInt::from(i64::MAX)),
            (big.clone(), BigInt::from(7)),
            (BigInt::from(5), big),
        ] {
            let r = BigRational::new(n, d);
            assert_eq!(show(&r), r.to_string());
        }
    }
}
