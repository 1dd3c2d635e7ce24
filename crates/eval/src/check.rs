//! Checks of reported figures against released outputs: every threshold and rule at which
//! all reported scores hold exactly, and whether a reported AUC contains the exact AUC.

use num_rational::BigRational;
use num_traits::{ToPrimitive, Zero};
use scorecheck_algebra::{reported_interval, ConfusionMatrix, Params, Score};

use crate::curves::Auc;
use crate::error::Error;
use crate::outputs::{BinaryClass, Outputs, Rule};

/// Reported figures to check against outputs: scores of the algebra and optionally the AUC,
/// each a value with an uncertainty `eps`, plus a numerical tolerance. A reported value v
/// stands for the closed interval [v − eps − tol, v + eps + tol] (the algebra's
/// `reported_interval`). Build with [`Reported::new`] and the setters.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Reported {
    scores: Vec<(Score, BigRational, BigRational)>,
    auc: Option<(BigRational, BigRational)>,
    tolerance: BigRational,
    params: Params,
}

impl Default for Reported {
    fn default() -> Reported {
        Reported::new()
    }
}

impl Reported {
    /// Nothing reported yet, tolerance 0, default betas.
    pub fn new() -> Reported {
        Reported {
            scores: Vec::new(),
            auc: None,
            tolerance: BigRational::zero(),
            params: Params::default(),
        }
    }

    /// Adds a reported score with its value and uncertainty.
    pub fn score(mut self, score: Score, value: BigRational, eps: BigRational) -> Reported {
        self.scores.push((score, value, eps));
        self
    }

    /// Sets the reported ROC-AUC with its uncertainty.
    pub fn auc(mut self, value: BigRational, eps: BigRational) -> Reported {
        self.auc = Some((value, eps));
        self
    }

    /// Sets the numerical tolerance added to every eps.
    pub fn tolerance(mut self, tolerance: BigRational) -> Reported {
        self.tolerance = tolerance;
        self
    }

    /// Sets the betas of fbp and fbn.
    pub fn params(mut self, params: Params) -> Reported {
        self.params = params;
        self
    }
}

/// A threshold and rule at which every reported score holds.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct Fit {
    /// The decision rule.
    pub rule: Rule,
    /// A threshold giving `matrix` under `rule` (every threshold between the same two
    /// neighbouring scores gives it too).
    pub threshold: f64,
    /// The confusion matrix there.
    pub matrix: ConfusionMatrix,
}

/// The verdict on a reported AUC.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct AucVerdict {
    /// The outputs' exact AUC (under the outputs' score_class).
    pub auc: Auc,
    /// The reported interval's lower end.
    pub lower: BigRational,
    /// The reported interval's upper end.
    pub upper: BigRational,
    /// Whether the interval contains the exact AUC.
    pub contained: bool,
}

/// The answer of [`Outputs::check_reported`].
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct CheckOutcome {
    /// Every (rule, threshold) at which all reported scores hold, over every distinct
    /// threshold and all four rules; empty when no score was reported.
    pub fits: Vec<Fit>,
    /// The verdict on the AUC, if one was reported.
    pub auc: Option<AucVerdict>,
    /// True when the reported scores hold at no threshold, or the AUC is off.
    pub inconsistency: bool,
}

struct Window {
    score: Score,
    lower: BigRational,
    upper: BigRational,
    lower_f64: f64,
    upper_f64: f64,
}

fn holds(m: &ConfusionMatrix, window: &Window, params: &Params) -> bool {
    // f64 only prunes, with a margin far above its rounding error; the exact
    // comparison decides.
    if let Some(v) = m.float(window.score, params) {
        let margin = 1e-9 * (1.0 + v.abs());
        if v.is_finite() && (v < window.lower_f64 - margin || v > window.upper_f64 + margin) {
            return false;
        }
    }
    m.exact(window.score, params)
        .is_some_and(|e| e.within(&window.lower, &window.upper))
}

impl Outputs {
    /// Checks reported figures against these outputs: lists every threshold and rule at
    /// which every reported score holds exactly (scanning each distinct threshold of both
    /// score directions once, O(n log n) plus one evaluation per distinct score), and
    /// whether the reported AUC's interval contains the exact AUC of the outputs' rule.
    ///
    /// ```
    /// use scorecheck_algebra::{parse_decimal, Score};
    /// use scorecheck_eval::{Outputs, Reported};
    /// let outputs = Outputs::new(vec![0.9, 0.8, 0.4], vec![0.1, 0.5, 0.3]).unwrap();
    /// let reported = Reported::new()
    ///     .score(Score::Acc, parse_decimal("0.833")?, parse_decimal("0.001")?)
    ///     .auc(parse_decimal("0.89")?, parse_decimal("0.005")?);
    /// let outcome = outputs.check_reported(&reported)?;
    /// assert!(!outcome.inconsistency);
    /// assert!(outcome.fits.iter().all(|f| f.matrix.tp() + f.matrix.tn() == 5));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A negative eps or tolerance.
    pub fn check_reported(&self, reported: &Reported) -> Result<CheckOutcome, Error> {
        if reported.tolerance < BigRational::zero() {
            return Err(Error::option("the numerical tolerance cannot be negative"));
        }
        let mut windows = Vec::new();
        for (score, value, eps) in &reported.scores {
            if *eps < BigRational::zero() {
                return Err(Error::option(format!(
                    "eps of {} is negative; give the rounding uncertainty, e.g. 0.0005 for 3 decimals",
                    score.abbreviation()
                )));
            }
            let (lower, upper) = reported_interval(value, eps, &reported.tolerance);
            windows.push(Window {
                score: *score,
                lower_f64: lower.to_f64().unwrap_or(f64::NEG_INFINITY),
                upper_f64: upper.to_f64().unwrap_or(f64::INFINITY),
                lower,
                upper,
            });
        }
        let fits = if windows.is_empty() {
            Vec::new()
        } else {
            self.fitting_thresholds(&windows, &reported.params)
        };
        let auc = match &reported.auc {
            None => None,
            Some((value, eps)) => {
                if *eps < BigRational::zero() {
                    return Err(Error::option("eps of auc is negative"));
                }
                let (lower, upper) = reported_interval(value, eps, &reported.tolerance);
                let auc = self.auc();
                let exact = auc.exact();
                let contained = lower <= exact && exact <= upper;
                Some(AucVerdict {
                    auc,
                    lower,
                    upper,
                    contained,
                })
            }
        };
        let inconsistency =
            (!windows.is_empty() && fits.is_empty()) || auc.as_ref().is_some_and(|a| !a.contained);
        Ok(CheckOutcome {
            fits,
            auc,
            inconsistency,
        })
    }

    fn fitting_thresholds(&self, windows: &[Window], params: &Params) -> Vec<Fit> {
        let (pos, neg) = (self.positives(), self.negatives());
        let mut distinct: Vec<f64> = pos.iter().chain(neg).copied().collect();
        distinct.sort_by(f64::total_cmp);
        distinct.dedup();
        let m = distinct.len();
        let (easy_pos, easy_neg) = self.easy();
        let below = |sorted: &[f64], j: usize| -> u64 {
            if j == m {
                sorted.len() as u64
            } else {
                sorted.partition_point(|&s| s < distinct[j]) as u64
            }
        };
        let lowest = distinct[0].next_down();
        let highest = distinct[m - 1].next_up();
        let mut fits = Vec::new();
        // Cut j splits the distinct scores into those below distinct[j] and the rest.
        for j in 0..=m {
            let (pos_below, neg_below) = (below(pos, j), below(neg, j));
            let (pos_above, neg_above) =
                (pos.len() as u64 - pos_below, neg.len() as u64 - neg_below);
            let at_or_above = if j == m { highest } else { distinct[j] };
            let below_cut = if j == 0 { lowest } else { distinct[j - 1] };
            for score_class in [BinaryClass::Pos, BinaryClass::Neg] {
                let (tp, tn) = match score_class {
                    BinaryClass::Pos => (pos_above, neg_below),
                    BinaryClass::Neg => (pos_below, neg_above),
                };
                let matrix = ConfusionMatrix::new(tp + easy_pos, tn + easy_neg, self.p(), self.n())
                    .expect("counts of a cut fit their class sizes");
                if !windows.iter().all(|w| holds(&matrix, w, params)) {
                    continue;
                }
                let (with_equal, without_equal) = match score_class {
                    BinaryClass::Pos => (at_or_above, below_cut),
                    BinaryClass::Neg => (below_cut, at_or_above),
                };
                for (equal_class, threshold) in [
                    (BinaryClass::Pos, with_equal),
                    (BinaryClass::Neg, without_equal),
                ] {
                    fits.push(Fit {
                        rule: Rule::new(score_class, equal_class),
                        threshold,
                        matrix,
                    });
                }
            }
        }
        fits
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigInt;
    use proptest::prelude::*;
    use std::collections::BTreeSet;

    fn ratio(n: i64, d: i64) -> BigRational {
        BigRational::new(BigInt::from(n), BigInt::from(d))
    }

    fn key(rule: Rule, m: &ConfusionMatrix) -> (u8, u64, u64) {
        let r = Rule::ALL.iter().position(|&x| x == rule).unwrap() as u8;
        (r, m.tp(), m.tn())
    }

    proptest! {
        #[test]
        fn fits_equal_a_brute_force_scan_over_every_threshold(
            pos in prop::collection::vec((0i32..8).prop_map(f64::from), 1..12),
            neg in prop::collection::vec((0i32..8).prop_map(f64::from), 1..12),
            easy_pos in 0u64..2,
            scores in prop::collection::vec((0usize..30, 0i64..=20), 1..3),
            eps in 0i64..4,
        ) {
            let outputs = Outputs::new(pos.clone(), neg.clone()).unwrap().with_easy(easy_pos, 0);
            let mut reported = Reported::new();
            for &(s, v) in &scores {
                reported = reported.score(Score::ALL[s], ratio(v, 20), ratio(eps, 40));
            }
            let outcome = outputs.check_reported(&reported).unwrap();
            let mut candidates: Vec<f64> = pos.iter().chain(&neg).flat_map(|&s| [s, s.next_up(), s.next_down()]).collect();
            candidates.sort_by(f64::total_cmp);
            let params = Params::default();
            let mut expected = BTreeSet::new();
            for rule in Rule::ALL {
                let o = outputs.clone().with_rule(rule);
                for &t in &candidates {
                    let m = o.matrix_at(t);
                    let fits = scores.iter().all(|&(s, v)| {
                        let (lo, hi) = reported_interval(&ratio(v, 20), &ratio(eps, 40), &BigRational::zero());
                        m.exact(Score::ALL[s], &params).is_some_and(|e| e.within(&lo, &hi))
                    });
                    if fits {
                        expected.insert(key(rule, &m));
                    }
                }
            }
            let found: BTreeSet<_> = outcome.fits.iter().map(|f| key(f.rule, &f.matrix)).collect();
            prop_assert_eq!(&found, &expected);
            prop_assert_eq!(outcome.inconsistency, expected.is_empty());
            for fit in &outcome.fits {
                prop_assert_eq!(outputs.clone().with_rule(fit.rule).matrix_at(fit.threshold), fit.matrix);
            }
        }
    }

    #[test]
    fn reported_auc_is_checked_exactly() {
        let outputs = Outputs::new(vec![1.0, 2.0, 3.0], vec![0.5, 2.0]).unwrap();
        // The AUC is exactly 3/4.
        let hit = outputs
            .check_reported(&Reported::new().auc(ratio(75, 100), BigRational::zero()))
            .unwrap();
        assert!(!hit.inconsistency && hit.fits.is_empty());
        let miss = outputs
            .check_reported(&Reported::new().auc(ratio(749, 1000), ratio(9, 10000)))
            .unwrap();
        assert!(miss.inconsistency);
        assert!(outputs
            .check_reported(&Reported::new().auc(ratio(3, 4), ratio(-1, 10)))
            .is_err());
    }
}
