//! The ROC AUC of one test set, exactly, on the grid of (tp, tn).
//!
//! One test set of p positives and n negatives is scored and cut at one threshold, which
//! gives the operating point (tp, tn) behind the other reported scores. Counting ties ½ (as
//! scikit-learn's `roc_auc_score` and the Mann–Whitney statistic do), the pairs (positive
//! above the threshold, negative below) are always ordered right, the pairs (positive
//! below, negative above) always wrong, and every other pair is free, so the AUC can be
//! exactly the values k / (2pn) with 2·tp·tn ≤ k ≤ 2·(p·n − fn·fp), and every such k is
//! reached by some ranking ([`achievable_auc`]).
//!
//! A window [L, U] on the AUC therefore holds at (tp, tn) iff the integers Kmin = ⌈2pn·L⌉
//! and Kmax = ⌊2pn·U⌋ satisfy Kmin ≤ Kmax, 2·tp·tn ≤ Kmax and 2·(p·n − fn·fp) ≥ Kmin. The
//! last two are windows on the monotone scores sens·spec = tp·tn/(pn) (rising in tp and tn)
//! and fnr·fpr = fn·fp/(pn) (falling), so the exact engine decides them like any reported
//! score ([`auc_windows`]): no new search, the same witnesses, counts and explanations.

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::Zero;
use scorecheck_algebra::Score;

use crate::Window;

/// A reported AUC's closed window.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct AucWindow {
    /// Least AUC allowed.
    #[cfg_attr(feature = "serde", serde(with = "scorecheck_algebra::serde_text"))]
    pub lower: BigRational,
    /// Greatest AUC allowed.
    #[cfg_attr(feature = "serde", serde(with = "scorecheck_algebra::serde_text"))]
    pub upper: BigRational,
}

impl AucWindow {
    /// `lower ≤ AUC ≤ upper`.
    pub fn new(lower: BigRational, upper: BigRational) -> AucWindow {
        AucWindow { lower, upper }
    }
}

/// The AUC values a ranking cut at (tp, tn) can have, as an interval [tp·tn, pn − fn·fp]/(pn),
/// narrowed to the grid values k/(2pn) inside `window` when given; `None` when p or n is zero
/// or no grid value of the interval lies in the window.
///
/// ```
/// use num_rational::BigRational;
/// use scorecheck_single::achievable_auc;
///
/// let (lo, hi) = achievable_auc(40, 105, 50, 150, None).unwrap();
/// assert_eq!((lo, hi), (BigRational::new(14.into(), 25.into()), BigRational::new(47.into(), 50.into())));
/// ```
pub fn achievable_auc(
    tp: u64,
    tn: u64,
    p: u64,
    n: u64,
    window: Option<&AucWindow>,
) -> Option<(BigRational, BigRational)> {
    if p == 0 || n == 0 || tp > p || tn > n {
        return None;
    }
    let pn = BigInt::from(p) * BigInt::from(n);
    let mut lo = BigRational::new(BigInt::from(tp) * BigInt::from(tn), pn.clone());
    let mut hi = BigRational::new(
        &pn - BigInt::from(p - tp) * BigInt::from(n - tn),
        pn.clone(),
    );
    if let Some(w) = window {
        // Only the grid values k/(2pn) inside the window count.
        let two_pn = BigRational::from_integer(&pn * 2u32);
        let k_min = (&w.lower * &two_pn).ceil().to_integer();
        let k_max = (&w.upper * &two_pn).floor().to_integer();
        let grid = |k: BigInt| BigRational::new(k, &pn * 2u32);
        lo = lo.max(grid(k_min));
        hi = hi.min(grid(k_max));
        if lo > hi {
            return None;
        }
    }
    Some((lo, hi))
}

/// The two windows on counts that the AUC window `window` amounts to on a test set of `p`
/// positives and `n` negatives (sens·spec ≤ ⌊Kmax/2⌋/(pn) and fnr·fpr ≤ (pn − ⌈Kmin/2⌉)/(pn),
/// each carrying `reported` for messages), or `None` when p or n is zero or no value k/(2pn)
/// lies in the window at all (then nothing fits).
///
/// ```
/// use scorecheck_algebra::{parse_decimal, Score};
/// use scorecheck_single::{auc_windows, AucWindow};
///
/// let q = |t: &str| parse_decimal(t).unwrap();
/// // 2pn = 12: the grid is k/12; 0.25 ± 0.001 holds 3/12, so tp·tn ≤ 1 and fn·fp ≤ 4.
/// let window = AucWindow::new(q("0.249"), q("0.251"));
/// let [a, b] = auc_windows(&window, &q("0.25"), 2, 3).unwrap();
/// assert_eq!((a.score, b.score), (Score::SensTimesSpec, Score::FnrTimesFpr));
/// assert_eq!((a.upper, b.upper), (q("1") / q("6"), q("4") / q("6")));
/// ```
pub fn auc_windows(
    window: &AucWindow,
    reported: &BigRational,
    p: u64,
    n: u64,
) -> Option<[Window; 2]> {
    if p == 0 || n == 0 {
        return None;
    }
    let pn = BigInt::from(p) * BigInt::from(n);
    let two_pn = &pn * 2u32;
    let k_min = (&window.lower * BigRational::from_integer(two_pn.clone()))
        .ceil()
        .to_integer()
        .max(BigInt::zero());
    let k_max = (&window.upper * BigRational::from_integer(two_pn.clone()))
        .floor()
        .to_integer()
        .min(two_pn);
    if k_min > k_max {
        return None;
    }
    // 2·tp·tn ≤ Kmax ⟺ tp·tn ≤ ⌊Kmax/2⌋; 2·(pn − fn·fp) ≥ Kmin ⟺ fn·fp ≤ pn − ⌈Kmin/2⌉.
    let most_tp_tn = k_max.div_floor(&BigInt::from(2));
    let most_fn_fp = &pn - k_min.div_ceil(&BigInt::from(2));
    let over_pn = |x: BigInt| BigRational::new(x, pn.clone());
    Some([
        Window {
            score: Score::SensTimesSpec,
            lower: BigRational::zero(),
            upper: over_pn(most_tp_tn),
            reported: reported.clone(),
        },
        Window {
            score: Score::FnrTimesFpr,
            lower: BigRational::zero(),
            upper: over_pn(most_fn_fp),
            reported: reported.clone(),
        },
    ])
}

#[cfg(test)]
mod tests {
    use super::*;
    use scorecheck_algebra::parse_decimal;

    /// Every AUC value of every ranking of p positives and n negatives with ties, by brute
    /// force over score assignments in 0..levels, cut at every threshold.
    fn brute(p: usize, n: usize) -> Vec<(u64, u64, u64)> {
        // (tp, tn, k) for every ranking and cut: scores in 0..p+n (every order, ties
        // allowed), threshold t: predicted positive iff score ≥ t.
        let levels = (p + n) as u32;
        let mut out = Vec::new();
        let total = (levels as usize).pow((p + n) as u32);
        for code in 0..total {
            let mut c = code;
            let mut s = Vec::with_capacity(p + n);
            for _ in 0..p + n {
                s.push((c % levels as usize) as u32);
                c /= levels as usize;
            }
            let (pos, neg) = s.split_at(p);
            let mut k = 0u64;
            for a in pos {
                for b in neg {
                    k += match a.cmp(b) {
                        std::cmp::Ordering::Greater => 2,
                        std::cmp::Ordering::Equal => 1,
                        std::cmp::Ordering::Less => 0,
                    };
                }
            }
            for t in 0..=levels {
                let tp = pos.iter().filter(|&&x| x >= t).count() as u64;
                let tn = neg.iter().filter(|&&x| x < t).count() as u64;
                out.push((tp, tn, k));
            }
        }
        out.sort();
        out.dedup();
        out
    }

    #[test]
    fn the_achievable_values_are_exactly_those_of_some_ranking() {
        for (p, n) in [(1, 1), (1, 2), (2, 2), (2, 3), (3, 2)] {
            let seen = brute(p, n);
            let (p64, n64) = (p as u64, n as u64);
            for tp in 0..=p64 {
                for tn in 0..=n64 {
                    let (lo, hi) = achievable_auc(tp, tn, p64, n64, None).unwrap();
                    let two_pn = BigRational::from_integer(BigInt::from(2 * p64 * n64));
                    let (k_lo, k_hi) = ((lo * &two_pn).to_integer(), (hi * &two_pn).to_integer());
                    let reached: Vec<u64> = seen
                        .iter()
                        .filter(|(a, b, _)| (*a, *b) == (tp, tn))
                        .map(|t| t.2)
                        .collect();
                    let expected: Vec<u64> = (0..=2 * p64 * n64)
                        .filter(|k| BigInt::from(*k) >= k_lo && BigInt::from(*k) <= k_hi)
                        .collect();
                    let mut reached = reached;
                    reached.sort();
                    reached.dedup();
                    assert_eq!(reached, expected, "p={p} n={n} tp={tp} tn={tn}");
                }
            }
        }
    }

    #[test]
    fn windows_with_no_grid_value_fit_nothing() {
        let windows = |v: &str, e: &str, p, n| {
            let value = parse_decimal(v).unwrap();
            let eps = parse_decimal(e).unwrap();
            let window = AucWindow {
                lower: &value - &eps,
                upper: &value + &eps,
            };
            auc_windows(&window, &value, p, n)
        };
        // 2pn = 12: the grid is k/12; 0.30 ± 0.001 holds no k/12 (0.25, 0.333...).
        assert!(windows("0.30", "0.001", 2, 3).is_none());
        assert!(windows("0.25", "0.001", 2, 3).is_some());
        assert!(windows("0.25", "0.001", 0, 3).is_none());
    }
}
