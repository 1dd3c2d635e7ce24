//! A row scaled exactly to coprime integer coefficients, its range rounded inwards to integers: the form every backend works on.

use std::collections::btree_map::Entry;
use std::collections::BTreeMap;

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};

use crate::{Constraint, VarId};

/// A row `lower ≤ Σ a·x ≤ upper` with coprime integer coefficients and integer bounds,
/// equivalent over the integers to the rational row it was built from.
///
/// [`IntegerRow::new`] merges duplicate terms, drops zero coefficients, multiplies the row
/// by the least common multiple of its denominators and divides it by the greatest common
/// divisor of the resulting numerators (a positive [`scale`](IntegerRow::scale), so the
/// direction of the bounds is kept). The activity of an integer point is then an integer,
/// so the bounds round inwards (`ceil` the lower, `floor` the upper) without losing a single
/// integer point: an integer point satisfies the rational row exactly when it satisfies
/// this one. The rounding alone sometimes proves a row empty (`2x = 1`); see
/// [`IntegerRow::is_empty`].
///
/// A row whose terms all cancel keeps scale 1 and rounds its bounds to integers; its
/// activity is 0 at every point.
///
/// ```
/// use num_rational::BigRational;
/// use scorecheck_feasibility::{IntegerRow, VarId};
///
/// let r = |n: i64, d: i64| BigRational::new(n.into(), d.into());
/// // x/6 + y/4 in [0.3, 0.9] becomes 2x + 3y in [4, 10] (times 12: [3.6, 10.8]).
/// let row = IntegerRow::new(
///     &[(VarId(0), r(1, 6)), (VarId(1), r(1, 4))],
///     Some(&r(3, 10)),
///     Some(&r(9, 10)),
/// );
/// assert_eq!(row.terms(), &[(VarId(0), 2.into()), (VarId(1), 3.into())]);
/// assert_eq!((row.lower(), row.upper()), (Some(&4.into()), Some(&10.into())));
/// assert_eq!(row.scale(), &r(12, 1));
/// assert!(row.contains(&[2, 1]) && !row.contains(&[0, 1]));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct IntegerRow {
    terms: Vec<(VarId, BigInt)>,
    lower: Option<BigInt>,
    upper: Option<BigInt>,
    scale: BigRational,
}

/// The greatest common divisor (non-negative) by Euclid's remainders, in machine words as
/// soon as the smaller number fits one. num-bigint's own `gcd` is binary (a shift per bit),
/// which dominated building the wide rows of a mean over hundreds of folds, whose lcm of
/// denominators runs to hundreds of digits while each denominator fits a word.
fn gcd(a: &BigInt, b: &BigInt) -> BigInt {
    let (mut a, mut b) = (a.abs(), b.abs());
    loop {
        if b.is_zero() {
            return a;
        }
        if let Some(y) = b.to_u64() {
            let r = (&a % &b).to_u64().unwrap_or(0);
            return BigInt::from(y.gcd(&r));
        }
        let r = &a % &b;
        a = b;
        b = r;
    }
}

impl IntegerRow {
    /// The integer form of `lower ≤ Σ c·x ≤ upper` (a missing side is unbounded).
    pub fn new(
        terms: &[(VarId, BigRational)],
        lower: Option<&BigRational>,
        upper: Option<&BigRational>,
    ) -> Self {
        // Duplicate terms add up; zero coefficients vanish.
        let mut merged: BTreeMap<VarId, BigRational> = BTreeMap::new();
        for (var, coef) in terms {
            match merged.entry(*var) {
                Entry::Vacant(entry) => {
                    entry.insert(coef.clone());
                }
                Entry::Occupied(mut entry) => *entry.get_mut() += coef,
            }
        }
        merged.retain(|_, c| !c.is_zero());
        // A mean over many folds repeats a few denominators many times: the lcm and each
        // denominator's multiplier are taken once per distinct denominator.
        let mut multipliers: BTreeMap<&BigInt, BigInt> = merged
            .values()
            .map(|c| (c.denom(), BigInt::zero()))
            .collect();
        let lcm = multipliers.keys().fold(BigInt::one(), |acc, &d| {
            let g = gcd(&acc, d);
            if g == *d {
                acc
            } else {
                acc / g * d
            }
        });
        for (d, multiplier) in multipliers.iter_mut() {
            *multiplier = &lcm / *d;
        }
        let numerators: Vec<(VarId, BigInt)> = merged
            .iter()
            .map(|(var, c)| (*var, c.numer() * &multipliers[c.denom()]))
            .collect();
        // The scaled numerators' gcd is the gcd of the fractions' own numerators (each in
        // lowest terms: a prime of the lcm divides some denominator fully, and that
        // fraction's numerator not at all), which are short where the scaled ones may have
        // thousands of digits.
        let mut gcd = BigInt::zero();
        for c in merged.values() {
            if gcd.is_one() {
                break;
            }
            gcd = self::gcd(&gcd, c.numer());
        }
        let gcd = if gcd.is_zero() { BigInt::one() } else { gcd };
        // Multiplying the row by lcm/gcd (positive) makes its coefficients coprime integers.
        let scale = BigRational::new(lcm, gcd.clone());
        let terms = numerators
            .into_iter()
            .map(|(var, n)| (var, n / &gcd))
            .collect();
        IntegerRow {
            terms,
            lower: lower.map(|l| (l * &scale).ceil().to_integer()),
            upper: upper.map(|u| (u * &scale).floor().to_integer()),
            scale,
        }
    }

    /// The integer form of `constraint` (see [`IntegerRow::new`]).
    pub fn from_constraint(constraint: &Constraint) -> Self {
        Self::new(
            &constraint.terms,
            constraint.lower.as_ref(),
            constraint.upper.as_ref(),
        )
    }

    /// The terms `(variable, coefficient)`: sorted by variable, variables distinct,
    /// coefficients nonzero and coprime.
    pub fn terms(&self) -> &[(VarId, BigInt)] {
        &self.terms
    }

    /// Inclusive integer lower bound of the activity, if any.
    pub fn lower(&self) -> Option<&BigInt> {
        self.lower.as_ref()
    }

    /// Inclusive integer upper bound of the activity, if any.
    pub fn upper(&self) -> Option<&BigInt> {
        self.upper.as_ref()
    }

    /// The positive factor the rational row was multiplied by (before rounding the bounds).
    pub fn scale(&self) -> &BigRational {
        &self.scale
    }

    /// `true` when every term cancelled out: the activity is 0 at every point.
    pub fn is_constant(&self) -> bool {
        self.terms.is_empty()
    }

    /// `true` when no integer point can satisfy the row on its own: the rounded range holds
    /// no integer, or the row is constant and its range excludes 0.
    pub fn is_empty(&self) -> bool {
        if let (Some(l), Some(u)) = (&self.lower, &self.upper) {
            if l > u {
                return true;
            }
        }
        self.is_constant() && !self.admits(&BigInt::zero())
    }

    /// Whether `activity` lies in the integer range.
    pub fn admits(&self, activity: &BigInt) -> bool {
        self.lower.as_ref().is_none_or(|l| activity >= l)
            && self.upper.as_ref().is_none_or(|u| activity <= u)
    }

    /// The exact integer activity `Σ a·x` at `point` (`None` if a term's variable lies
    /// outside the point).
    pub fn activity(&self, point: &[i64]) -> Option<BigInt> {
        let mut total = BigInt::zero();
        for (var, a) in &self.terms {
            total += a * *point.get(var.0)?;
        }
        Some(total)
    }

    /// Whether `point` satisfies the row (`false` if a term's variable lies outside it).
    pub fn contains(&self, point: &[i64]) -> bool {
        self.activity(point).is_some_and(|a| self.admits(&a))
    }

    /// The least and greatest activity over the box `lower[j] ≤ x_j ≤ upper[j]`
    /// (`None` if a term's variable lies outside the slices).
    pub fn activity_range(&self, lower: &[i64], upper: &[i64]) -> Option<(BigInt, BigInt)> {
        let mut least = BigInt::zero();
        let mut greatest = BigInt::zero();
        for (var, a) in &self.terms {
            let (lo, hi) = (a * *lower.get(var.0)?, a * *upper.get(var.0)?);
            if a.is_positive() {
                least += lo;
                greatest += hi;
            } else {
                least += hi;
                greatest += lo;
            }
        }
        Some((least, greatest))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn r(n: i64, d: i64) -> BigRational {
        BigRational::new(n.into(), d.into())
    }

    #[test]
    fn merges_duplicates_and_rounds_inwards() {
        let row = IntegerRow::new(
            &[
                (VarId(0), r(1, 6)),
                (VarId(1), r(1, 10)),
                (VarId(0), r(1, 6)),
            ],
            Some(&r(1, 7)),
            Some(&r(9, 10)),
        );
        // (1/3) x + (1/10) y, times 30: 10 x + 3 y in [30/7, 27] -> [5, 27].
        assert_eq!(row.terms(), &[(VarId(0), 10.into()), (VarId(1), 3.into())]);
        assert_eq!(row.lower(), Some(&5.into()));
        assert_eq!(row.upper(), Some(&27.into()));
        assert!(!row.is_empty());
    }

    #[test]
    fn empty_windows_and_constant_rows() {
        let half = IntegerRow::new(&[(VarId(0), r(2, 1))], Some(&r(1, 1)), Some(&r(1, 1)));
        assert_eq!(half.terms(), &[(VarId(0), 1.into())]);
        assert!(half.is_empty());
        let gone = IntegerRow::new(
            &[(VarId(0), r(1, 3)), (VarId(0), r(-1, 3))],
            Some(&r(0, 1)),
            None,
        );
        assert!(gone.is_constant() && !gone.is_empty());
        let bad = IntegerRow::new(&[(VarId(0), r(0, 1))], Some(&r(1, 2)), None);
        assert!(bad.is_constant() && bad.is_empty());
        let negative = IntegerRow::new(&[], Some(&r(-1, 2)), Some(&r(-1, 3)));
        assert!(negative.is_empty());
        let unbounded = IntegerRow::new(&[(VarId(2), r(-3, 4))], None, None);
        assert_eq!(unbounded.terms(), &[(VarId(2), (-1).into())]);
        assert!(unbounded.contains(&[0, 0, 7]) && !unbounded.contains(&[0, 0]));
    }

    fn rational() -> impl Strategy<Value = BigRational> {
        (-12i64..=12, 1i64..=12).prop_map(|(n, d)| r(n, d))
    }

    fn bound() -> impl Strategy<Value = Option<BigRational>> {
        prop_oneof![1 => Just(None), 4 => (-60i64..=60, 1i64..=15).prop_map(|(n, d)| Some(r(n, d)))]
    }

    proptest! {
        /// The word-switching Euclid agrees with num-bigint's gcd, on numbers of one to four
        /// words and of either sign.
        #[test]
        fn gcd_agrees_with_num_bigint(
            a in prop::collection::vec(any::<u64>(), 0..4),
            b in prop::collection::vec(any::<u64>(), 0..4),
            common in prop::collection::vec(any::<u64>(), 0..2),
            signs in (any::<bool>(), any::<bool>()),
        ) {
            let number = |words: &[u64], negative: bool| {
                let mut x = BigInt::zero();
                for &w in words {
                    x = (x << 64) + BigInt::from(w);
                }
                if negative { -x } else { x }
            };
            // A common factor, so that the gcd is not 1 almost always.
            let factor = number(&common, false) + 1;
            let x = number(&a, signs.0) * &factor;
            let y = number(&b, signs.1) * &factor;
            prop_assert_eq!(gcd(&x, &y), x.gcd(&y));
        }
    }

    proptest! {
        /// Exactness: an integer point satisfies the rational row iff it satisfies the
        /// integer row, whose coefficients are coprime integers and whose scale is positive.
        #[test]
        fn integer_points_satisfy_both_rows_or_neither(
            terms in prop::collection::vec((0usize..3, rational()), 0..5),
            lower in bound(),
            upper in bound(),
            points in prop::collection::vec(prop::collection::vec(-6i64..=6, 3), 1..40),
        ) {
            let terms: Vec<(VarId, BigRational)> =
                terms.into_iter().map(|(v, c)| (VarId(v), c)).collect();
            let row = IntegerRow::new(&terms, lower.as_ref(), upper.as_ref());
            prop_assert!(row.scale().is_positive());
            let gcd = row.terms().iter().fold(BigInt::zero(), |g, (_, a)| g.gcd(a));
            prop_assert!(row.terms().is_empty() || gcd.is_one());
            prop_assert!(row.terms().windows(2).all(|w| w[0].0 < w[1].0));
            let mut any = false;
            for point in &points {
                let activity = terms.iter().fold(BigRational::zero(), |acc, (v, c)| {
                    acc + c * BigRational::from_integer(point[v.0].into())
                });
                let rational_holds = lower.as_ref().is_none_or(|l| &activity >= l)
                    && upper.as_ref().is_none_or(|u| &activity <= u);
                prop_assert_eq!(rational_holds, row.contains(point), "{:?}", point);
                prop_assert_eq!(
                    row.activity(point).map(BigRational::from_integer),
                    Some(activity * row.scale())
                );
                any |= rational_holds;
            }
            // An empty row has no integer point at all.
            prop_assert!(!(any && row.is_empty()));
        }
    }

    proptest! {
        /// The activity range over a box is the least and greatest activity of its points,
        /// found by enumerating them.
        #[test]
        fn activity_range_is_the_extremes_over_the_box(
            terms in prop::collection::vec((0usize..3, rational()), 0..5),
            box_ in prop::collection::vec((-4i64..=3, 0i64..=3), 3),
        ) {
            let terms: Vec<(VarId, BigRational)> =
                terms.into_iter().map(|(v, c)| (VarId(v), c)).collect();
            let row = IntegerRow::new(&terms, None, None);
            let lower: Vec<i64> = box_.iter().map(|(lo, _)| *lo).collect();
            let upper: Vec<i64> = box_.iter().map(|(lo, width)| lo + width).collect();
            let mut activities = Vec::new();
            for x in lower[0]..=upper[0] {
                for y in lower[1]..=upper[1] {
                    for z in lower[2]..=upper[2] {
                        activities.extend(row.activity(&[x, y, z]));
                    }
                }
            }
            let least = activities.iter().min().cloned();
            let greatest = activities.iter().max().cloned();
            prop_assert_eq!(row.activity_range(&lower, &upper), least.zip(greatest));
            prop_assert_eq!(row.activity_range(&lower[..0], &upper[..0]).is_none(), !row.terms().is_empty());
        }
    }
}
