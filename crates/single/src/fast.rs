//! Exact comparisons of a score at one integer matrix with a window end in fixed-width
//! integers: no allocation, no gcd, and `None` (the caller's big-rational path) whenever a
//! product could overflow or the score has no integer form here.
//!
//! Every score but pt and 1 − pt is, at an integer matrix, either a ratio N/D of integers
//! with D > 0, or sign(S)·√(X/Y) with integers X ≥ 0, Y > 0 (mcc, gm, fm). A window end
//! a/b (b > 0) is then compared by cross-multiplication: sign(b·N − a·D), or the signs of S
//! and a and then b²·X against a²·Y. The products are formed as 256-bit integers from
//! u128 factors; anything wider is left to the exact big-rational evaluation.
//!
//! These forms, and the polynomial forms of `walk`, are the algebra's formulas
//! (`scorecheck_algebra::evaluate`) written again for speed; the tests of
//! `agree_with_the_algebra` below hold both to the algebra, value for value and undefined
//! where it is undefined, on every score.

use std::cmp::Ordering;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::ToPrimitive;
use scorecheck_algebra::{Params, Score};

/// A window end as the fraction num/den in lowest terms, den > 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Bound {
    pub(crate) num: i128,
    pub(crate) den: i128,
}

impl Bound {
    /// The fraction `r` in fixed width, when both parts fit (den < 2^127).
    pub(crate) fn of(r: &BigRational) -> Option<Bound> {
        // BigRational keeps lowest terms with a positive denominator.
        let num = r.numer().to_i128()?;
        let den = r.denom().to_i128()?;
        (den > 0 && num != i128::MIN).then_some(Bound { num, den })
    }
}

/// The integer form of a score at one matrix.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Value {
    /// num / den with den > 0.
    Ratio { num: i128, den: i128 },
    /// sign · √(x0·x1 / (y0·y1·y2·y3)), every factor ≥ 0, the y's > 0; `sign` is Equal
    /// exactly when the value is 0.
    Root {
        sign: Ordering,
        x: [u128; 2],
        y: [u128; 4],
    },
}

/// The rational β² of fbp or fbn as (r, s), s > 0, when it fits.
fn beta_squared(beta: &BigRational) -> Option<(i128, i128)> {
    let b2 = beta * beta;
    let bound = Bound::of(&b2)?;
    (bound.num >= 0).then_some((bound.num, bound.den))
}

/// How a window's score is compared in fixed width.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FastWindow {
    /// The score whose integer form is used (mcc for nmcc, whose ends are moved).
    score: Score,
    /// β² of fbp or fbn as (r, s).
    beta2: (i128, i128),
    pub(crate) lower: Bound,
    pub(crate) upper: Bound,
}

impl FastWindow {
    /// The fixed-width form of a window, when its score has one and its ends fit.
    pub(crate) fn new(
        score: Score,
        lower: &BigRational,
        upper: &BigRational,
        params: &Params,
    ) -> Option<FastWindow> {
        let beta2 = match score {
            Score::Fbp => beta_squared(&params.beta_positive)?,
            Score::Fbn => beta_squared(&params.beta_negative)?,
            _ => (0, 1),
        };
        match score {
            Score::Pt | Score::OneMinusPt => None,
            // nmcc = (mcc + 1)/2 lies in [lower, upper] iff mcc lies in [2·lower − 1, 2·upper − 1].
            Score::Nmcc => {
                let moved = |r: &BigRational| {
                    let two = BigRational::from_integer(BigInt::from(2));
                    &two * r - BigRational::from_integer(BigInt::from(1))
                };
                Some(FastWindow {
                    score: Score::Mcc,
                    beta2,
                    lower: Bound::of(&moved(lower))?,
                    upper: Bound::of(&moved(upper))?,
                })
            }
            _ => Some(FastWindow {
                score,
                beta2,
                lower: Bound::of(lower)?,
                upper: Bound::of(upper)?,
            }),
        }
    }

    /// The score whose integer form is used.
    pub(crate) fn score(&self) -> Score {
        self.score
    }

    /// β² of fbp or fbn as (r, s), (0, 1) for other scores.
    pub(crate) fn beta2(&self) -> (i128, i128) {
        self.beta2
    }

    /// The integer form of the score at (tp, tn); `None` where it is undefined or a part
    /// overflows (the caller then evaluates exactly with big rationals).
    pub(crate) fn value(&self, tp: u64, tn: u64, p: u64, n: u64) -> Option<Value> {
        integer_form(self.score, self.beta2, tp, tn, p, n)
    }
}

/// The integer form of `score` at (tp, tn); see [`FastWindow::value`].
pub(crate) fn integer_form(
    score: Score,
    (r, s): (i128, i128),
    tp: u64,
    tn: u64,
    p: u64,
    n: u64,
) -> Option<Value> {
    let (tp, tn, p, n) = (i128::from(tp), i128::from(tn), i128::from(p), i128::from(n));
    let fp = n - tn;
    let fn_ = p - tp;
    let pp = tp + fp;
    let pn = tn + fn_;
    let total = p + n;
    let mul = |a: i128, b: i128| a.checked_mul(b);
    let ratio = |num: Option<i128>, den: Option<i128>| -> Option<Value> {
        let (num, den) = (num?, den?);
        (den > 0).then_some(Value::Ratio { num, den })
    };
    let both_predicted = pp > 0 && pn > 0;
    match score {
        Score::Acc => ratio(Some(tp + tn), Some(total)),
        Score::Err => ratio(Some(fp + fn_), Some(total)),
        Score::Sens => ratio(Some(tp), Some(p)),
        Score::Fnr => ratio(Some(fn_), Some(p)),
        Score::Spec => ratio(Some(tn), Some(n)),
        Score::Fpr => ratio(Some(fp), Some(n)),
        Score::Ppv => ratio(Some(tp), Some(pp)),
        Score::Fdr => ratio(Some(fp), Some(pp)),
        Score::Npv => ratio(Some(tn), Some(pn)),
        Score::For => ratio(Some(fn_), Some(pn)),
        Score::Bacc => ratio(mul(tp, n)?.checked_add(mul(tn, p)?), mul(2 * p, n)),
        Score::Bm => ratio(
            mul(tp, n)?
                .checked_add(mul(tn, p)?)?
                .checked_sub(mul(p, n)?),
            mul(p, n),
        ),
        Score::F1p => ratio(Some(2 * tp), Some(tp + p + fp)),
        Score::F1n => ratio(Some(2 * tn), Some(tn + n + fn_)),
        // (1 + r/s)·tp / (tp + (r/s)·p + fp), times s above and below.
        Score::Fbp => ratio(
            mul(s.checked_add(r)?, tp),
            mul(s, tp)?
                .checked_add(mul(r, p)?)?
                .checked_add(mul(s, fp)?),
        ),
        Score::Fbn => ratio(
            mul(s.checked_add(r)?, tn),
            mul(s, tn)?
                .checked_add(mul(r, n)?)?
                .checked_add(mul(s, fn_)?),
        ),
        Score::Upm => ratio(
            mul(4 * tp, tn),
            mul(tn, total - tn + tp)?.checked_add(mul(tp, total + tn - tp)?),
        ),
        Score::SensTimesSpec => ratio(mul(tp, tn), mul(p, n)),
        Score::FnrTimesFpr => ratio(mul(fn_, fp), mul(p, n)),
        Score::Mk | Score::Nmk if !both_predicted => None,
        Score::Mk => ratio(
            mul(tp, pn)?
                .checked_add(mul(tn, pp)?)?
                .checked_sub(mul(pp, pn)?),
            mul(pp, pn),
        ),
        Score::Nmk => ratio(mul(tp, pn)?.checked_add(mul(tn, pp)?), mul(2 * pp, pn)),
        Score::Lrp => ratio(mul(n, tp), mul(p, fp)),
        Score::Lrn => ratio(mul(n, fn_), mul(p, tn)),
        Score::Dor => ratio(mul(tp, tn), mul(fp, fn_)),
        Score::Ji => ratio(Some(tp), Some(tp + fp + fn_)),
        Score::Kappa => ratio(
            mul(tp, tn)?.checked_sub(mul(fn_, fp)?)?.checked_mul(2),
            mul(n, pp)?.checked_add(mul(p, pn)?),
        ),
        Score::Mcc | Score::Nmcc => {
            if p == 0 || n == 0 || !both_predicted {
                return None;
            }
            let num = mul(tp, tn)?.checked_sub(mul(fp, fn_)?)?;
            let m = num.unsigned_abs();
            Some(Value::Root {
                sign: num.cmp(&0),
                x: [m, m],
                y: [p as u128, n as u128, pp as u128, pn as u128],
            })
        }
        Score::Gm => {
            if p == 0 || n == 0 {
                return None;
            }
            Some(Value::Root {
                sign: (tp.min(tn)).cmp(&0),
                x: [tp as u128, tn as u128],
                y: [p as u128, n as u128, 1, 1],
            })
        }
        Score::Fm => {
            if p == 0 || pp == 0 {
                return None;
            }
            Some(Value::Root {
                sign: tp.cmp(&0),
                x: [tp as u128, tp as u128],
                y: [p as u128, pp as u128, 1, 1],
            })
        }
        Score::Pt | Score::OneMinusPt => None,
        // A score added to the catalogue later: the exact path decides.
        _ => None,
    }
}

impl Value {
    /// sign(value − bound), exactly; `None` when a product does not fit in 256 bits.
    pub(crate) fn cmp(&self, bound: &Bound) -> Option<Ordering> {
        let a_sign = bound.num.cmp(&0);
        let a = bound.num.unsigned_abs();
        let b = bound.den as u128;
        match *self {
            Value::Ratio { num, den } => {
                // sign(num/den − a/b) = sign(num·b − a·den), den > 0 and b > 0.
                let n_sign = num.cmp(&0);
                if n_sign != a_sign || n_sign == Ordering::Equal {
                    return Some(n_sign.cmp(&a_sign));
                }
                let magnitudes =
                    cmp_wide(mul_wide(num.unsigned_abs(), b), mul_wide(a, den as u128));
                Some(if n_sign == Ordering::Less {
                    magnitudes.reverse()
                } else {
                    magnitudes
                })
            }
            Value::Root { sign, x, y } => {
                if sign != a_sign || sign == Ordering::Equal {
                    return Some(sign.cmp(&a_sign));
                }
                // |value| against |a|/b: b²·x0·x1 against a²·y0·y1·y2·y3.
                let left = product(&[b, b, x[0], x[1]])?;
                let right = product(&[a, a, y[0], y[1], y[2], y[3]])?;
                let magnitudes = cmp_wide(left, right);
                Some(if sign == Ordering::Less {
                    magnitudes.reverse()
                } else {
                    magnitudes
                })
            }
        }
    }
}

impl Value {
    /// sign(self − other), exactly, for two values of the same score; `None` when a
    /// product does not fit in 256 bits (or the forms differ).
    pub(crate) fn cmp_value(&self, other: &Value) -> Option<Ordering> {
        let signed = |sign: Ordering, magnitudes: Ordering| match sign {
            Ordering::Less => magnitudes.reverse(),
            _ => magnitudes,
        };
        match (*self, *other) {
            (Value::Ratio { num: n1, den: d1 }, Value::Ratio { num: n2, den: d2 }) => {
                let (s1, s2) = (n1.cmp(&0), n2.cmp(&0));
                if s1 != s2 || s1 == Ordering::Equal {
                    return Some(s1.cmp(&s2));
                }
                // |n1|/d1 against |n2|/d2, both denominators positive.
                let magnitudes = cmp_wide(
                    mul_wide(n1.unsigned_abs(), d2 as u128),
                    mul_wide(n2.unsigned_abs(), d1 as u128),
                );
                Some(signed(s1, magnitudes))
            }
            (
                Value::Root {
                    sign: s1,
                    x: x1,
                    y: y1,
                },
                Value::Root {
                    sign: s2,
                    x: x2,
                    y: y2,
                },
            ) => {
                if s1 != s2 || s1 == Ordering::Equal {
                    return Some(s1.cmp(&s2));
                }
                // x1/y1 against x2/y2: x1·y2 against x2·y1.
                let left = product(&[x1[0], x1[1], y2[0], y2[1], y2[2], y2[3]])?;
                let right = product(&[x2[0], x2[1], y1[0], y1[1], y1[2], y1[3]])?;
                Some(signed(s1, cmp_wide(left, right)))
            }
            _ => None,
        }
    }
}

/// `score` at two matrices of one test set compared exactly in fixed-width integers (see
/// [`crate::compare_at`]).
pub(crate) fn compare_at(
    score: Score,
    params: &Params,
    p: u64,
    n: u64,
    a: (u64, u64),
    b: (u64, u64),
) -> Option<Ordering> {
    let (score, beta2) = match score {
        Score::Pt | Score::OneMinusPt => return None,
        // nmcc = (mcc + 1)/2 orders as mcc does.
        Score::Nmcc => (Score::Mcc, (0, 1)),
        Score::Fbp => (score, beta_squared(&params.beta_positive)?),
        Score::Fbn => (score, beta_squared(&params.beta_negative)?),
        _ => (score, (0, 1)),
    };
    let va = integer_form(score, beta2, a.0, a.1, p, n)?;
    let vb = integer_form(score, beta2, b.0, b.1, p, n)?;
    va.cmp_value(&vb)
}

/// A 256-bit unsigned integer as (high, low) halves.
type Wide = (u128, u128);

fn cmp_wide(a: Wide, b: Wide) -> Ordering {
    a.cmp(&b)
}

/// The full 256-bit product of two u128.
pub(crate) fn mul_wide(a: u128, b: u128) -> Wide {
    const LOW: u128 = u64::MAX as u128;
    let (a1, a0) = (a >> 64, a & LOW);
    let (b1, b0) = (b >> 64, b & LOW);
    let low = a0 * b0;
    let cross1 = a1 * b0;
    let cross2 = a0 * b1;
    let high = a1 * b1;
    // low + (cross1 + cross2)·2^64 + high·2^128, carries tracked.
    let (mid, carry_mid) = cross1.overflowing_add(cross2);
    let (result_low, carry_low) = low.overflowing_add(mid << 64);
    let result_high = high + (mid >> 64) + (u128::from(carry_mid) << 64) + u128::from(carry_low);
    (result_high, result_low)
}

/// The product of `factors` as a 256-bit integer, `None` when it may not fit: the factors
/// are gathered into two u128 accumulators, whose product is then exact.
fn product(factors: &[u128]) -> Option<Wide> {
    let (mut first, mut second) = (1u128, 1u128);
    for &f in factors {
        if f == 0 {
            return Some((0, 0));
        }
        if let Some(v) = first.checked_mul(f) {
            first = v;
        } else {
            second = second.checked_mul(f)?;
        }
    }
    Some(mul_wide(first, second))
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigUint;
    use proptest::prelude::*;
    use scorecheck_algebra::ConfusionMatrix;

    fn big(w: Wide) -> BigUint {
        (BigUint::from(w.0) << 128) + BigUint::from(w.1)
    }

    proptest! {
        #[test]
        fn wide_products_are_exact(a in any::<u128>(), b in any::<u128>()) {
            prop_assert_eq!(big(mul_wide(a, b)), BigUint::from(a) * BigUint::from(b));
        }

        /// The fixed-width comparison agrees with the exact one wherever it answers, for
        /// every score, at every kind of point (border included) and every kind of end.
        #[test]
        fn comparisons_agree_with_exact_evaluation(
            p in 0u64..60,
            n in 0u64..60,
            (a, b) in (any::<u16>(), any::<u16>()),
            index in 0usize..32,
            (num, den) in (-3000i64..3000, 1i64..1500),
            huge in any::<bool>(),
            (bp, bn) in (1i64..4, 1i64..4),
        ) {
            let scale = if huge { 1_000_000_000_007u64 } else { 1 };
            let (p, n) = (p * scale, n * scale);
            let tp = if p == 0 { 0 } else { u64::from(a) * scale % (p + 1) };
            let tn = if n == 0 { 0 } else { u64::from(b) * scale % (n + 1) };
            let scores: Vec<Score> = Score::ALL
                .iter()
                .copied()
                .chain([Score::SensTimesSpec, Score::FnrTimesFpr])
                .collect();
            let score = scores[index % scores.len()];
            let params = Params::with_betas(
                BigRational::new(BigInt::from(bp), BigInt::from(2)),
                BigRational::new(BigInt::from(1), BigInt::from(bn)),
            );
            let end = BigRational::new(BigInt::from(num), BigInt::from(den));
            let m = ConfusionMatrix::new(tp, tn, p, n).unwrap();
            let exact = m.exact(score, &params);
            // Compare with the end as lower and as upper end of a window.
            if let Some(fast) = FastWindow::new(score, &end, &end, &params) {
                if let Some(value) = fast.value(tp, tn, p, n) {
                    let exact = exact.expect("defined where the integer form is");
                    let expected = if score == Score::Nmcc {
                        // nmcc's ends were moved to mcc's scale.
                        let two = BigRational::from_integer(BigInt::from(2));
                        let one = BigRational::from_integer(BigInt::from(1));
                        let mcc = m.exact(Score::Mcc, &params).unwrap();
                        mcc.cmp_rational(&(&two * &end - one))
                    } else {
                        exact.cmp_rational(&end)
                    };
                    if let Some(got) = value.cmp(&fast.lower) {
                        prop_assert_eq!(Some(got), expected, "{} at {:?}", score, (tp, tn, p, n));
                    }
                }
            }
        }

        /// Comparing a score at two matrices in fixed width agrees with the exact
        /// comparison wherever it answers, for every score, border points included.
        #[test]
        fn comparisons_of_two_points_agree_with_exact_evaluation(
            p in 0u64..40,
            n in 0u64..40,
            points in ((any::<u16>(), any::<u16>()), (any::<u16>(), any::<u16>())),
            index in 0usize..32,
            huge in any::<bool>(),
            (bp, bn) in (1i64..4, 1i64..4),
        ) {
            let scale = if huge { 1_000_000_007u64 } else { 1 };
            let (p, n) = (p * scale, n * scale);
            let at = |(a, b): (u16, u16)| {
                let tp = if p == 0 { 0 } else { u64::from(a) * scale % (p + 1) };
                let tn = if n == 0 { 0 } else { u64::from(b) * scale % (n + 1) };
                (tp, tn)
            };
            let (a, b) = (at(points.0), at(points.1));
            let scores: Vec<Score> = Score::ALL.to_vec();
            let score = scores[index % scores.len()];
            let params = Params::with_betas(
                BigRational::new(BigInt::from(bp), BigInt::from(2)),
                BigRational::new(BigInt::from(1), BigInt::from(bn)),
            );
            let value = |(tp, tn): (u64, u64)| ConfusionMatrix::new(tp, tn, p, n).unwrap().exact(score, &params);
            if let Some(got) = compare_at(score, &params, p, n, a, b) {
                let (va, vb) = (value(a).expect("defined"), value(b).expect("defined"));
                prop_assert_eq!(va.cmp_exact(&vb), Some(got), "{} at {:?} and {:?}", score, a, b);
            }
        }
    }
}

/// Every pair of matrices of a small test set, every score, betas on both sides of one:
/// the fixed-width order of two points is the exact one wherever it answers (a sample of
/// random pairs rarely meets the few where, say, fbp and ppv order two points differently).
#[cfg(test)]
mod two_points_exhaustively {
    use super::*;
    use scorecheck_algebra::ConfusionMatrix;

    #[test]
    fn every_pair_of_small_matrices_is_ordered_as_exactly() {
        let (p, n) = (4u64, 5u64);
        let points: Vec<(u64, u64)> = (0..=p)
            .flat_map(|tp| (0..=n).map(move |tn| (tp, tn)))
            .collect();
        for (bp, bn) in [(1i64, 1i64), (1, 2), (3, 1)] {
            let params = Params::with_betas(
                BigRational::new(BigInt::from(bp), BigInt::from(2)),
                BigRational::new(BigInt::from(bn), BigInt::from(1)),
            );
            for &score in Score::ALL {
                let value = |(tp, tn): (u64, u64)| {
                    ConfusionMatrix::new(tp, tn, p, n)
                        .unwrap()
                        .exact(score, &params)
                };
                let mut answered = 0;
                for &a in &points {
                    for &b in &points {
                        if let Some(got) = compare_at(score, &params, p, n, a, b) {
                            answered += 1;
                            let (va, vb) = (value(a).expect("defined"), value(b).expect("defined"));
                            assert_eq!(
                                va.cmp_exact(&vb),
                                Some(got),
                                "{score} at {a:?} and {b:?}, betas {bp}/2, {bn}"
                            );
                        }
                    }
                }
                // The fixed-width path answers for every score that has an integer form.
                let has_form = !matches!(score, Score::Pt | Score::OneMinusPt);
                assert_eq!(answered > 0, has_form, "{score}");
            }
        }
    }
}

/// The fixed-width forms here and the polynomial forms of [`crate::walk`] are the algebra's
/// formulas written again for speed (no allocation, no gcd, additions along a column); these
/// tests hold them to the algebra (`scorecheck_algebra::evaluate` through
/// `ConfusionMatrix::exact`) value for value, on every score.
#[cfg(test)]
mod agree_with_the_algebra {
    use super::*;
    use crate::walk::tests::scores;
    use crate::walk::{form, Form};
    use proptest::prelude::*;
    use scorecheck_algebra::{Arith, ConfusionMatrix, Exact};

    fn q(num: i128, den: i128) -> BigRational {
        BigRational::new(BigInt::from(num), BigInt::from(den))
    }

    fn params(bp: i64, bn: i64) -> Params {
        Params::with_betas(
            BigRational::new(BigInt::from(bp), BigInt::from(2)),
            BigRational::new(BigInt::from(1), BigInt::from(bn)),
        )
    }

    /// The algebra's value of `score` at the matrix, on the scale the fast forms use: nmcc
    /// is compared as mcc = 2·nmcc − 1 (its forms are mcc's; its window ends are moved).
    fn algebra(score: Score, params: &Params, tp: u64, tn: u64, p: u64, n: u64) -> Option<Exact> {
        let value = ConfusionMatrix::new(tp, tn, p, n)
            .unwrap()
            .exact(score, params)?;
        Some(if score == Score::Nmcc {
            value.mul(&Exact::count(2)).sub(&Exact::count(1))
        } else {
            value
        })
    }

    /// β² of fbp or fbn as the forms take it, and the algebra's value at the matrix.
    fn beta2_and_algebra(
        score: Score,
        params: &Params,
        (tp, tn, p, n): (u64, u64, u64, u64),
    ) -> ((i128, i128), Option<Exact>) {
        let beta2 = match score {
            Score::Fbp => beta_squared(&params.beta_positive).unwrap(),
            Score::Fbn => beta_squared(&params.beta_negative).unwrap(),
            _ => (0, 1),
        };
        (beta2, algebra(score, params, tp, tn, p, n))
    }

    /// What a fixed-width or polynomial form says the value is.
    enum Found {
        /// The value.
        Ratio(BigRational),
        /// The value's sign and its square.
        Root(Ordering, BigRational),
        /// The form breaks its own invariant (a denominator or radicand ≤ 0).
        Broken,
    }

    fn integer_found(score: Score, beta2: (i128, i128), m: (u64, u64, u64, u64)) -> Option<Found> {
        let (tp, tn, p, n) = m;
        let big = |f: &[u128]| {
            f.iter()
                .fold(BigInt::from(1), |acc, &v| acc * BigInt::from(v))
        };
        Some(match integer_form(score, beta2, tp, tn, p, n)? {
            Value::Ratio { den, .. } if den <= 0 => Found::Broken,
            Value::Ratio { num, den } => Found::Ratio(q(num, den)),
            Value::Root { sign, x, y } => Found::Root(sign, BigRational::new(big(&x), big(&y))),
        })
    }

    /// Walk's polynomial form evaluated at `m`; `None` when there is none or it overflows.
    fn polynomial_found(
        score: Score,
        beta2: (i128, i128),
        m: (u64, u64, u64, u64),
    ) -> Option<Found> {
        let (tp, tn, p, n) = m;
        let (t, u) = (i128::from(tp), i128::from(tn));
        Some(match form(score, beta2, p, n)? {
            Form::Ratio { num, den } => match (num.eval(t, u)?, den.eval(t, u)?) {
                (_, den) if den <= 0 => Found::Broken,
                (num, den) => Found::Ratio(q(num, den)),
            },
            Form::Root { sign, x, y } => match (sign.eval(t, u)?, x.eval(t, u)?, y.eval(t, u)?) {
                (_, _, y) if y <= 0 => Found::Broken,
                // The sign polynomial may be anything where x = 0.
                (_, 0, _) => Found::Root(Ordering::Equal, q(0, 1)),
                (s, x, y) => Found::Root(s.cmp(&0), q(x, y)),
            },
        })
    }

    /// Whether `found` is the algebra's `exact` value; `complete` also asks for a form
    /// wherever the algebra's value exists (pt and 1 − pt have none).
    fn agrees(
        found: Option<Found>,
        exact: Option<&Exact>,
        complete: bool,
        at: (Score, u64, u64, u64, u64),
    ) -> Result<(), TestCaseError> {
        let zero = q(0, 1);
        match (found, exact) {
            (Some(Found::Broken), _) => {
                prop_assert!(false, "{:?}: a form breaks its invariant", at)
            }
            (Some(_), None) => {
                prop_assert!(false, "{:?}: a form where the algebra is undefined", at)
            }
            (Some(Found::Ratio(value)), Some(exact)) => {
                prop_assert_eq!(exact.as_rational(), Some(&value), "{:?}", at);
            }
            (Some(Found::Root(sign, square)), Some(exact)) => {
                prop_assert_eq!(exact.cmp_rational(&zero), Some(sign), "{:?}", at);
                let squared = exact.mul(exact);
                prop_assert_eq!(squared.as_rational(), Some(&square), "{:?}", at);
            }
            (None, Some(_)) => prop_assert!(
                !complete || matches!(at.0, Score::Pt | Score::OneMinusPt),
                "{:?}: the algebra is defined, the form is not",
                at
            ),
            (None, None) => {}
        }
        Ok(())
    }

    /// Checks `integer_form` at one matrix against the algebra, and walk's polynomial form
    /// too when the matrix is inside the grid (0 < tp < p, 0 < tn < n, where it is valid);
    /// `complete` also asks that each form exists wherever the algebra's value does (no
    /// product can overflow there).
    fn check_forms(
        score: Score,
        params: &Params,
        m: (u64, u64, u64, u64),
        complete: bool,
    ) -> Result<(), TestCaseError> {
        let (beta2, exact) = beta2_and_algebra(score, params, m);
        let (tp, tn, p, n) = m;
        let at = (score, tp, tn, p, n);
        agrees(integer_found(score, beta2, m), exact.as_ref(), complete, at)?;
        if 0 < tp && tp < p && 0 < tn && tn < n {
            agrees(
                polynomial_found(score, beta2, m),
                exact.as_ref(),
                complete,
                at,
            )?;
        }
        Ok(())
    }

    /// Every score at every matrix of every test set with p, n ≤ 6: the undefined cases
    /// (zero denominators, empty classes, nothing predicted positive or negative) included.
    #[test]
    fn every_small_matrix_agrees() {
        for (bp, bn) in [(2, 1), (1, 3), (3, 2)] {
            let params = params(bp, bn);
            for score in scores() {
                for (p, n) in (0..=6u64).flat_map(|p| (0..=6u64).map(move |n| (p, n))) {
                    for (tp, tn) in (0..=p).flat_map(|tp| (0..=n).map(move |tn| (tp, tn))) {
                        check_forms(score, &params, (tp, tn, p, n), true).unwrap();
                    }
                }
            }
        }
    }

    /// A count from a pick: the ends of its range often, anywhere in it otherwise.
    fn count_in(range: u64, (kind, at): (u8, u64)) -> u64 {
        match kind % 4 {
            0 => 0,
            1 => range,
            _ => at % (range + 1),
        }
    }

    proptest! {
        /// Every score at matrices of test sets from a few to 2^40 samples a class (where
        /// products overflow fixed width and a form may be absent, never wrong).
        #[test]
        fn every_large_matrix_agrees(
            index in 0usize..32,
            p in prop_oneof![0u64..20, 20u64..100_000, 1u64 << 30..1u64 << 40],
            n in prop_oneof![0u64..20, 20u64..100_000, 1u64 << 30..1u64 << 40],
            tp in (any::<u8>(), any::<u64>()),
            tn in (any::<u8>(), any::<u64>()),
            (bp, bn) in (1i64..4, 1i64..4),
        ) {
            let score = scores()[index];
            let params = params(bp, bn);
            let (tp, tn) = (count_in(p, tp), count_in(n, tn));
            let small = p.max(n) < 100_000;
            check_forms(score, &params, (tp, tn, p, n), small)?;
            if p >= 2 && n >= 2 {
                // A point inside the grid too, where walk's polynomial form is checked.
                let inside = |c: u64, range: u64| c.clamp(1, range - 1);
                check_forms(score, &params, (inside(tp, p), inside(tn, n), p, n), small)?;
            }
        }
    }
}
