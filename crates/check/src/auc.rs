//! The ROC AUC as a reported score of one test set, exactly, on the grid of (tp, tn).
//!
//! One test set of p positives and n negatives is scored and cut at one threshold, which
//! gives the operating point (tp, tn) behind the other reported scores. Counting ties ½ (as
//! scikit-learn's `roc_auc_score` and the Mann–Whitney statistic do), the pairs (positive
//! above the threshold, negative below) are always ordered right, the pairs (positive
//! below, negative above) always wrong, and every other pair is free, so the AUC can be
//! exactly the values k / (2pn) with 2·tp·tn ≤ k ≤ 2·(p·n − fn·fp), and every such k is
//! reached by some ranking.
//!
//! A window [L, U] on the AUC therefore holds at (tp, tn) iff the integers Kmin = ⌈2pn·L⌉
//! and Kmax = ⌊2pn·U⌋ satisfy Kmin ≤ Kmax, 2·tp·tn ≤ Kmax and 2·(p·n − fn·fp) ≥ Kmin. The
//! last two are windows on the monotone scores sens·spec = tp·tn/(pn) (rising in tp and tn)
//! and fnr·fpr = fn·fp/(pn) (falling), so the exact single-matrix engine decides them like
//! any reported score: no new search, the same witnesses, counts and explanations.

use crate::json::{Json, JsonMap};
use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::Zero;
use scorecheck_algebra::Score;

use crate::error::{Error, ErrorKind, Result};
use crate::single::Window;

/// The names under which the AUC may be reported.
pub(crate) const NAMES: [&str; 4] = ["auc", "roc_auc", "auroc", "area_under_roc"];

/// Whether `key` names the AUC.
pub(crate) fn is_auc(key: &str) -> bool {
    NAMES.contains(&key.to_ascii_lowercase().as_str())
}

/// A reported AUC: its key, value and exact window [value − eps − tol, value + eps + tol].
#[derive(Clone, Debug)]
pub(crate) struct ReportedAuc {
    /// The key as written (`auc`, `roc_auc`, ...).
    pub(crate) key: String,
    /// The reported value.
    pub(crate) value: BigRational,
    /// The least value the report allows.
    pub(crate) lower: BigRational,
    /// The largest value the report allows.
    pub(crate) upper: BigRational,
}

impl ReportedAuc {
    /// Its window, as the single-matrix engine takes it.
    pub(crate) fn window(&self) -> scorecheck_single::AucWindow {
        scorecheck_single::AucWindow {
            lower: self.lower.clone(),
            upper: self.upper.clone(),
        }
    }
}

/// Splits the AUC entries off a `scores` (or `eps`) object: the object without them, and
/// the AUC entries as (key, value). Several names of the AUC with different values are an
/// error naming the second.
pub(crate) fn split(value: &Json, path: &str) -> Result<(Json, Option<(String, Json)>)> {
    let Json::Object(map) = value else {
        return Ok((value.clone(), None));
    };
    let mut rest = JsonMap::new();
    let mut found: Option<(String, Json)> = None;
    for (key, v) in map {
        if !is_auc(key) {
            rest.insert(key.clone(), v.clone());
            continue;
        }
        match &found {
            Some((first, seen)) if seen != v => {
                return Err(Error::new(
                    ErrorKind::Contradiction,
                    Some(&crate::input::join(path, key)),
                    format!(
                    "{key:?} and {first:?} both name the AUC but give different values; keep one"
                ),
                ))
            }
            Some(_) => {}
            None => found = Some((key.clone(), v.clone())),
        }
    }
    Ok((Json::Object(rest), found))
}

/// The two windows on counts that an AUC window amounts to at (p, n), or `None` when no
/// value k/(2pn) lies in the window at all (then nothing fits). p and n must be positive.
pub(crate) fn windows(auc: &ReportedAuc, p: u64, n: u64) -> Option<[Window; 2]> {
    let pn = BigInt::from(p) * BigInt::from(n);
    let two_pn = &pn * 2u32;
    let k_min = ceil(&(&auc.lower * BigRational::from_integer(two_pn.clone()))).max(BigInt::zero());
    let k_max = floor(&(&auc.upper * BigRational::from_integer(two_pn.clone()))).min(two_pn);
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
            reported: auc.value.clone(),
        },
        Window {
            score: Score::FnrTimesFpr,
            lower: BigRational::zero(),
            upper: over_pn(most_fn_fp),
            reported: auc.value.clone(),
        },
    ])
}

/// The AUC values a ranking cut at (tp, tn) can have, narrowed to the reported window's grid
/// values (`scorecheck_single::achievable_auc`).
pub(crate) fn achievable(
    tp: u64,
    tn: u64,
    p: u64,
    n: u64,
    window: Option<&ReportedAuc>,
) -> Option<(BigRational, BigRational)> {
    scorecheck_single::achievable_auc(tp, tn, p, n, window.map(ReportedAuc::window).as_ref())
}

/// Whether `score` is one of the internal scores that carry an AUC window.
pub(crate) fn is_internal(score: Score) -> bool {
    scorecheck_single::is_auc_window(score)
}

fn floor(x: &BigRational) -> BigInt {
    x.floor().to_integer()
}

fn ceil(x: &BigRational) -> BigInt {
    x.ceil().to_integer()
}

/// Rejects a reported AUC in a protocol where it has no meaning yet.
pub(crate) fn unsupported(key: &str) -> Error {
    Error::new(
        ErrorKind::Unsupported,
        Some(&crate::input::join("scores", key)),
        "the AUC is checked in 1_testset_no_kfold (one test set cut at one threshold) and as a mean of per-fold AUCs in 1_dataset_known_folds_mos, n_testsets_mos_no_kfold and n_datasets_mos_known_folds_mos; pooled AUCs and AUCs over unknown folds are not supported by this protocol, so remove it here",
    )
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
                    let (lo, hi) = achievable(tp, tn, p64, n64, None).unwrap();
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
        let auc = |v: &str, e: &str| {
            let value = parse_decimal(v).unwrap();
            let eps = parse_decimal(e).unwrap();
            ReportedAuc {
                key: "auc".into(),
                lower: &value - &eps,
                upper: &value + &eps,
                value,
            }
        };
        // 2pn = 12: the grid is k/12; 0.30 ± 0.001 holds no k/12 (0.25, 0.333...).
        assert!(windows(&auc("0.30", "0.001"), 2, 3).is_none());
        assert!(windows(&auc("0.25", "0.001"), 2, 3).is_some());
    }
}
