//! Score values in `i128` fractions where every step fits: the fast path of
//! [`ConfusionMatrix::exact`](crate::ConfusionMatrix::exact).
//!
//! Most exact evaluations (a witness's scores, a gate's re-check) are of counts far below
//! 2^32, where the big-rational arithmetic of [`Exact`] spends most of its time allocating
//! and reducing. [`evaluate`] runs the same formula ([`crate::formula::evaluate`]) on
//! [`Small`] fractions instead; the first step that would overflow, take an irrational
//! square root, or read a constant too large for `i128` marks the evaluation as spilled, and
//! the caller then evaluates with [`Exact`] from the start. A spill is recorded when it
//! happens (not when it is looked at), so an evaluation that did not spill never met a
//! spilled value: every step was exact, its branches took the same ways as [`Exact`]'s, and
//! its value is the same rational.

use std::cell::Cell;

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::ToPrimitive;

use crate::arith::Arith;
use crate::formula::{Counts, Params};
use crate::{Exact, Score};

thread_local! {
    /// Whether a step of the evaluation under way spilled out of `i128`.
    static SPILLED: Cell<bool> = const { Cell::new(false) };
}

/// A fraction n/d in lowest terms with d > 0, or spilled (d = 0).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Small {
    n: i128,
    d: i128,
}

const SPILL: Small = Small { n: 0, d: 0 };

fn spill() -> Small {
    SPILLED.with(|s| s.set(true));
    SPILL
}

impl Small {
    fn spilled(&self) -> bool {
        self.d == 0
    }

    /// n/d reduced, or a spill where a part did not fit (`None`) or d is 0.
    fn new(n: Option<i128>, d: Option<i128>) -> Small {
        let (Some(n), Some(d)) = (n, d) else {
            return spill();
        };
        if d == 0 || n == i128::MIN || d == i128::MIN {
            return spill();
        }
        let g = n.unsigned_abs().gcd(&d.unsigned_abs());
        // g ≥ 1 divides both magnitudes, which are below 2^127.
        let g = g as i128;
        let (n, d) = (n / g, d / g);
        if d < 0 {
            Small { n: -n, d: -d }
        } else {
            Small { n, d }
        }
    }

    fn both(&self, other: &Small) -> bool {
        if self.spilled() || other.spilled() {
            spill();
            return false;
        }
        true
    }
}

impl Arith for Small {
    fn count(value: u64) -> Self {
        Small {
            n: i128::from(value),
            d: 1,
        }
    }

    fn rational(value: &BigRational) -> Self {
        Small::new(value.numer().to_i128(), value.denom().to_i128())
    }

    fn add(&self, o: &Self) -> Self {
        if !self.both(o) {
            return SPILL;
        }
        let n = self
            .n
            .checked_mul(o.d)
            .and_then(|a| a.checked_add(o.n.checked_mul(self.d)?));
        Small::new(n, self.d.checked_mul(o.d))
    }

    fn sub(&self, o: &Self) -> Self {
        if !self.both(o) {
            return SPILL;
        }
        let n = self
            .n
            .checked_mul(o.d)
            .and_then(|a| a.checked_sub(o.n.checked_mul(self.d)?));
        Small::new(n, self.d.checked_mul(o.d))
    }

    fn mul(&self, o: &Self) -> Self {
        if !self.both(o) {
            return SPILL;
        }
        Small::new(self.n.checked_mul(o.n), self.d.checked_mul(o.d))
    }

    fn div(&self, o: &Self) -> Option<Self> {
        if !self.both(o) {
            return Some(SPILL);
        }
        // As Exact: no value where the divisor is zero.
        if o.n == 0 {
            return None;
        }
        Some(Small::new(self.n.checked_mul(o.d), self.d.checked_mul(o.n)))
    }

    fn sqrt(&self) -> Option<Self> {
        if self.spilled() {
            return Some(spill());
        }
        // As Exact: no value for a negative radicand.
        if self.n < 0 {
            return None;
        }
        // √(u/v) = √(u·v) / v, rational when u·v is a perfect square; otherwise a surd,
        // which only Exact holds.
        let Some(radicand) = self.n.checked_mul(self.d) else {
            return Some(spill());
        };
        let root = radicand.isqrt();
        if root * root == radicand {
            Some(Small::new(Some(root), Some(self.d)))
        } else {
            Some(spill())
        }
    }

    fn is_zero(&self) -> bool {
        if self.spilled() {
            spill();
            return false;
        }
        self.n == 0
    }
}

/// The exact value of `score` at (tp, tn) of (p, n) computed in `i128` fractions: `None`
/// when a step spilled (evaluate with [`Exact`] instead), else what
/// `formula::evaluate::<Exact>` gives (`Some(None)` where the score is undefined).
pub(crate) fn evaluate(
    score: Score,
    (tp, tn, p, n): (u64, u64, u64, u64),
    params: &Params,
) -> Option<Option<Exact>> {
    SPILLED.with(|s| s.set(false));
    let counts = Counts {
        tp: Small::count(tp),
        tn: Small::count(tn),
        p: Small::count(p),
        n: Small::count(n),
    };
    let value = crate::formula::evaluate(score, &counts, params);
    if SPILLED.with(|s| s.replace(false)) {
        return None;
    }
    Some(
        value.map(|v| {
            Exact::from_rational(BigRational::new_raw(BigInt::from(v.n), BigInt::from(v.d)))
        }),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formula::counts_exact;
    use proptest::prelude::*;

    /// The reference: the formula on Exact values.
    fn exact(score: Score, (tp, tn, p, n): (u64, u64, u64, u64), params: &Params) -> Option<Exact> {
        crate::formula::evaluate(score, &counts_exact(tp, tn, p, n), params)
    }

    fn check(tp: u64, tn: u64, p: u64, n: u64, params: &Params) -> Result<(), TestCaseError> {
        for &score in Score::ALL {
            let counts = (tp, tn, p, n);
            if let Some(fast) = evaluate(score, counts, params) {
                prop_assert_eq!(
                    fast,
                    exact(score, counts, params),
                    "{} at {:?}",
                    score,
                    counts
                );
            }
        }
        Ok(())
    }

    #[test]
    fn every_small_matrix_gives_the_exact_value_or_spills() {
        let params = Params::default();
        for p in 0..=6 {
            for n in 0..=6 {
                for tp in 0..=p {
                    for tn in 0..=n {
                        check(tp, tn, p, n, &params).unwrap();
                    }
                }
            }
        }
    }

    #[test]
    fn counts_near_the_limit_spill_and_never_answer_wrong() {
        let big = u64::MAX;
        check(big / 3, big / 2, big - 1, big, &Params::default()).unwrap();
        // A product past i128 must spill, not wrap.
        assert!(evaluate(
            Score::Mcc,
            (big / 3, big / 2, big - 1, big),
            &Params::default()
        )
        .is_none());
    }

    proptest! {
        #[test]
        fn fractions_agree_with_exact_values(
            p in 0u64..1 << 40,
            n in 0u64..1 << 40,
            a in 0.0f64..=1.0,
            b in 0.0f64..=1.0,
            shift in 0u32..24,
            beta_n in 1i64..50,
            beta_d in 1i64..50,
        ) {
            let (p, n) = (p >> shift, n >> shift);
            let tp = (p as f64 * a) as u64;
            let tn = (n as f64 * b) as u64;
            let beta = BigRational::new(BigInt::from(beta_n), BigInt::from(beta_d));
            let params = Params::with_betas(beta.clone(), beta);
            check(tp.min(p), tn.min(n), p, n, &params)?;
        }
    }
}
