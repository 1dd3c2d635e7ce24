//! Thresholds at operating points (a target TPR, FPR, ...) and the equal error rate,
//! following score_analysis's interpolation between order statistics.

use crate::error::{Error, ErrorKind};
use crate::outputs::{BinaryClass, Outputs};

/// How a threshold is chosen between the two order statistics around a target rate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Interpolation {
    /// Linear interpolation between the lower and the higher score (score_analysis's default).
    #[default]
    Linear,
    /// The closest score at which the rate is lower than the target.
    Lower,
    /// The closest score at which the rate is higher than the target.
    Higher,
}

/// A rate that a threshold can be set at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Rate {
    /// True positive rate (sensitivity).
    Tpr,
    /// False positive rate.
    Fpr,
    /// True negative rate (specificity).
    Tnr,
    /// False negative rate.
    Fnr,
    /// Test outcome positive rate: the share of all samples predicted positive.
    Topr,
    /// Test outcome negative rate: the share of all samples predicted negative.
    Tonr,
}

impl Rate {
    /// Every rate.
    pub const ALL: [Rate; 6] = [
        Rate::Tpr,
        Rate::Fpr,
        Rate::Tnr,
        Rate::Fnr,
        Rate::Topr,
        Rate::Tonr,
    ];

    /// The lower-case name (`"tpr"`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Rate::Tpr => "tpr",
            Rate::Fpr => "fpr",
            Rate::Tnr => "tnr",
            Rate::Fnr => "fnr",
            Rate::Topr => "topr",
            Rate::Tonr => "tonr",
        }
    }
}

/// The equal error rate and the threshold at which it is reached.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct Eer {
    /// The threshold: score_analysis's threshold at FPR = EER.
    pub threshold: f64,
    /// The rate at which FPR = FNR.
    pub eer: f64,
}

/// Share of `hard` among `hard + easy`, 1 when there are no easy samples (as score_analysis).
fn hard_ratio(hard: usize, easy: u64) -> f64 {
    if easy > 0 {
        hard as f64 / (hard as f64 + easy as f64)
    } else {
        1.0
    }
}

/// Inverts the increasing step function "share of `sorted` below the threshold":
/// score_analysis's `_invert_increasing_function`, step for step in f64.
fn invert_increasing(
    sorted: &[f64],
    target_ratio: f64,
    left_continuous: bool,
    method: Interpolation,
) -> f64 {
    let len = sorted.len() as f64;
    let target_ratio = if left_continuous {
        target_ratio
    } else {
        target_ratio - 1.0 / len
    };
    if target_ratio <= 0.0 {
        return sorted[0].next_down();
    }
    if target_ratio >= 1.0 {
        return sorted[sorted.len() - 1].next_up();
    }
    let target = target_ratio * len;
    let (left, right) = (target.floor(), target.ceil());
    let la = right - target;
    let last = sorted.len() - 1;
    let left_idx = (left.max(0.0) as usize).min(last);
    let right_idx = (right.max(0.0) as usize).min(last);
    match method {
        // Between tied scores the threshold is that score exactly: score_analysis's
        // la·s + (1 − la)·s can miss s by an ulp, which makes FPR − FNR flicker around
        // zero on a tied stretch and moves its bisected EER anywhere along that stretch.
        Interpolation::Linear if sorted[left_idx] == sorted[right_idx] => sorted[left_idx],
        Interpolation::Linear => la * sorted[left_idx] + (1.0 - la) * sorted[right_idx],
        Interpolation::Lower => sorted[left_idx],
        Interpolation::Higher => sorted[right_idx],
    }
}

fn reverse(method: Interpolation) -> Interpolation {
    match method {
        Interpolation::Lower => Interpolation::Higher,
        Interpolation::Higher => Interpolation::Lower,
        Interpolation::Linear => Interpolation::Linear,
    }
}

impl Outputs {
    /// The threshold at which `rate` equals `target`, interpolating between scores with
    /// `method`, with score_analysis's semantics (`threshold_at_tpr` and siblings):
    /// targets are first mapped onto the hard samples (easy samples are always right),
    /// the share of scores below the threshold is inverted between order statistics, and
    /// a rate of 0 or 1 that no score attains gives the next float beyond the extreme score.
    ///
    /// ```
    /// use scorecheck_eval::{Interpolation, Outputs, Rate};
    /// let outputs = Outputs::new(vec![1.0, 2.0, 3.0, 4.0], vec![0.0, 1.0]).unwrap();
    /// let t = outputs.threshold_at(Rate::Tpr, 0.5, Interpolation::Linear).unwrap();
    /// assert_eq!(t, 3.0);
    /// ```
    ///
    /// # Errors
    ///
    /// A target that is not a finite number in [0, 1].
    pub fn threshold_at(
        &self,
        rate: Rate,
        target: f64,
        method: Interpolation,
    ) -> Result<f64, Error> {
        if !(0.0..=1.0).contains(&target) {
            return Err(Error::new(ErrorKind::InvalidTarget { target }));
        }
        Ok(self.threshold_at_unchecked(rate, target, method))
    }

    pub(crate) fn threshold_at_unchecked(
        &self,
        rate: Rate,
        target: f64,
        method: Interpolation,
    ) -> f64 {
        let (easy_pos, easy_neg) = self.easy();
        let hard_pos = hard_ratio(self.positives().len(), easy_pos);
        let hard_neg = hard_ratio(self.negatives().len(), easy_neg);
        match rate {
            Rate::Tpr => {
                let t = ((target - (1.0 - hard_pos)).max(0.0) / hard_pos).min(1.0);
                self.at_ratio(self.positives(), t, false, BinaryClass::Pos, method)
            }
            Rate::Fnr => {
                let t = (target / hard_pos).min(1.0);
                self.at_ratio(self.positives(), t, true, BinaryClass::Pos, method)
            }
            Rate::Tnr => {
                let t = ((target - (1.0 - hard_neg)).max(0.0) / hard_neg).min(1.0);
                self.at_ratio(self.negatives(), t, true, BinaryClass::Neg, method)
            }
            Rate::Fpr => {
                let t = (target / hard_neg).min(1.0);
                self.at_ratio(self.negatives(), t, false, BinaryClass::Neg, method)
            }
            Rate::Topr | Rate::Tonr => {
                let mut all: Vec<f64> = self
                    .positives()
                    .iter()
                    .chain(self.negatives())
                    .copied()
                    .collect();
                all.sort_by(f64::total_cmp);
                let total = (self.p() + self.n()) as f64;
                let easy_total = (easy_pos + easy_neg) as f64;
                let hard_share = if easy_total > 0.0 {
                    1.0 - easy_total / total
                } else {
                    1.0
                };
                if rate == Rate::Topr {
                    let t = ((target - easy_pos as f64 / total).max(0.0) / hard_share).min(1.0);
                    self.at_ratio(&all, t, false, BinaryClass::Pos, method)
                } else {
                    let t = ((target - easy_neg as f64 / total).max(0.0) / hard_share).min(1.0);
                    self.at_ratio(&all, t, true, BinaryClass::Neg, method)
                }
            }
        }
    }

    /// score_analysis's `_threshold_at_ratio`: reduce every rate to an increasing one of
    /// positive-pointing scores, then invert.
    fn at_ratio(
        &self,
        sorted: &[f64],
        target: f64,
        increasing: bool,
        ratio_class: BinaryClass,
        method: Interpolation,
    ) -> f64 {
        let rule = self.rule();
        let mut left_continuous = ratio_class == BinaryClass::Pos;
        if rule.equal_class != BinaryClass::Pos {
            left_continuous = !left_continuous;
        }
        let (mut target, mut method) = (target, method);
        if !increasing {
            target = 1.0 - target;
            method = reverse(method);
        }
        if rule.score_class != BinaryClass::Pos {
            target = 1.0 - target;
            left_continuous = !left_continuous;
            method = reverse(method);
        }
        invert_increasing(sorted, target, left_continuous, method)
    }

    /// The equal error rate: the rate at which the threshold at FPR = x equals the
    /// threshold at FNR = x, with score_analysis's definition and threshold
    /// (the threshold at FPR = EER).
    ///
    /// score_analysis finds the first and the last root of that difference by bisection to
    /// 1e-10 and takes their midpoint. Here the roots are bracketed between the rates at
    /// which an order statistic changes (where the difference is linear) and refined to
    /// the last bit, and the threshold between tied scores is the tied score exactly, so a
    /// stretch of rates on which the difference is zero (tied scores) gives its exact
    /// midpoint. score_analysis's interpolation can miss a tied score by an ulp, so on such
    /// stretches its bisection may stop anywhere inside the stretch (a difference of up to
    /// half the stretch's width, seen in `cargo xtask diff-eval`).
    ///
    /// ```
    /// use scorecheck_eval::Outputs;
    /// let outputs = Outputs::new(vec![1.0, 2.0, 3.0], vec![0.0, 1.5, 2.5]).unwrap();
    /// let eer = outputs.eer();
    /// assert_eq!((eer.threshold, eer.eer), (1.75, 0.25));
    /// ```
    pub fn eer(&self) -> Eer {
        let (pos, neg) = (self.positives(), self.negatives());
        let score_class = self.rule().score_class;
        let (pos_first, pos_last) = (pos[0], pos[pos.len() - 1]);
        let (neg_first, neg_last) = (neg[0], neg[neg.len() - 1]);
        if score_class == BinaryClass::Pos && pos_first >= neg_last {
            return Eer {
                threshold: (pos_first + neg_last) / 2.0,
                eer: 0.0,
            };
        }
        if score_class == BinaryClass::Neg && pos_last <= neg_first {
            return Eer {
                threshold: (pos_last + neg_first) / 2.0,
                eer: 0.0,
            };
        }
        let at = |rate: Rate, x: f64| self.threshold_at_unchecked(rate, x, Interpolation::Linear);
        let sign = -(at(Rate::Fpr, 0.0) - at(Rate::Fnr, 0.0));
        let f = |x: f64| sign * (at(Rate::Fpr, x) - at(Rate::Fnr, x));
        let (easy_pos, easy_neg) = self.easy();
        let hard_pos = hard_ratio(pos.len(), easy_pos);
        let hard_neg = hard_ratio(neg.len(), easy_neg);
        let max_eer = hard_pos.min(hard_neg);
        if f(max_eer) < 0.0 {
            if (hard_pos - hard_neg).abs() <= 1e-8 + 1e-5 * hard_neg.abs() {
                let threshold = (at(Rate::Fpr, max_eer) + at(Rate::Fnr, max_eer)) / 2.0;
                return Eer {
                    threshold,
                    eer: max_eer,
                };
            } else if hard_pos < hard_neg {
                return Eer {
                    threshold: at(Rate::Fpr, hard_pos),
                    eer: hard_pos,
                };
            } else {
                return Eer {
                    threshold: at(Rate::Fnr, hard_neg),
                    eer: hard_neg,
                };
            }
        }
        // The two thresholds are linear in x between the rates at which their order
        // statistics change: k · hard_ratio / len, shifted by one sample for the rules
        // that are right-continuous. Both shifts are multiples of the same grid.
        let mut grid: Vec<f64> = Vec::with_capacity(pos.len() + neg.len() + 4);
        for (len, ratio) in [(pos.len(), hard_pos), (neg.len(), hard_neg)] {
            for k in 0..=len {
                let x = k as f64 * ratio / len as f64;
                if x > 0.0 && x < max_eer {
                    grid.push(x);
                }
            }
        }
        grid.push(0.0);
        grid.push(max_eer);
        grid.sort_by(f64::total_cmp);
        grid.dedup();
        let values: Vec<f64> = grid.iter().map(|&x| f(x)).collect();
        // First root: in (grid[i-1], grid[i]] with grid[i] the first point where f ≥ 0.
        let first = values
            .iter()
            .position(|&v| v >= 0.0)
            .unwrap_or(grid.len() - 1);
        let left = if first == 0 {
            grid[0]
        } else {
            find_root(&f, grid[first - 1], grid[first], true)
        };
        // Last root: in [grid[j], grid[j+1]) with grid[j] the last point where f ≤ 0.
        let last = values.iter().rposition(|&v| v <= 0.0).unwrap_or(0);
        let right = if last + 1 >= grid.len() {
            grid[grid.len() - 1]
        } else {
            find_root(&f, grid[last], grid[last + 1], false)
        };
        let eer = (left + right) / 2.0;
        Eer {
            threshold: at(Rate::Fpr, eer),
            eer,
        }
    }
}

/// The first (or last) root of a nondecreasing function on [a, e], f(a) ≤ 0 ≤ f(e),
/// by bisection until the bracket cannot shrink further.
fn find_root(f: &dyn Fn(f64) -> f64, mut a: f64, mut e: f64, find_first: bool) -> f64 {
    loop {
        let m = (a + e) / 2.0;
        if m <= a || m >= e {
            break;
        }
        let v = f(m);
        if v < 0.0 || (v == 0.0 && !find_first) {
            a = m;
        } else {
            e = m;
        }
    }
    if find_first {
        if f(a) >= 0.0 {
            a
        } else {
            e
        }
    } else if f(e) <= 0.0 {
        e
    } else {
        a
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outputs::Rule;
    use proptest::strategy::Strategy;

    #[test]
    fn score_analysis_docs_examples() {
        let outputs = Outputs::new(vec![1.0, 2.0, 3.0], vec![0.5, 1.5]).unwrap();
        // score_analysis 0.3.7 gives 0.49999999999999994 here (interpolating towards the
        // float just below the lowest negative).
        let t = outputs
            .threshold_at(Rate::Fpr, 0.5, Interpolation::Linear)
            .unwrap();
        assert_eq!(t, 0.49999999999999994);
        assert!(outputs
            .threshold_at(Rate::Fpr, 1.5, Interpolation::Linear)
            .is_err());
        // Rates of 0 and 1 sit just beyond the extreme scores.
        assert_eq!(
            outputs
                .threshold_at(Rate::Tpr, 1.0, Interpolation::Linear)
                .unwrap(),
            1.0f64.next_down()
        );
        assert_eq!(
            outputs
                .threshold_at(Rate::Tpr, 0.0, Interpolation::Linear)
                .unwrap(),
            3.0f64.next_up()
        );
    }

    proptest::proptest! {
        #[test]
        fn eer_is_where_the_thresholds_at_fpr_and_fnr_meet(
            pos in proptest::collection::vec((0i32..12).prop_map(|v| f64::from(v) / 4.0), 1..20),
            neg in proptest::collection::vec((0i32..12).prop_map(|v| f64::from(v) / 4.0), 1..20),
            rule in 0usize..4,
        ) {
            let outputs = Outputs::new(pos, neg).unwrap().with_rule(Rule::ALL[rule]);
            let eer = outputs.eer();
            proptest::prop_assert!((0.0..=1.0).contains(&eer.eer));
            if eer.eer > 0.0 && eer.eer < 1.0 {
                let at = |rate| outputs.threshold_at(rate, eer.eer, Interpolation::Linear).unwrap();
                proptest::prop_assert!((at(Rate::Fpr) - at(Rate::Fnr)).abs() < 1e-9, "{eer:?}");
                proptest::prop_assert_eq!(at(Rate::Fpr), eer.threshold);
            }
        }
    }

    #[test]
    fn eer_of_a_tied_stretch_is_its_midpoint() {
        // FPR − FNR is zero on a whole stretch of rates when scores tie.
        for rule in Rule::ALL {
            let outputs = Outputs::new(vec![1.0, 1.0, 2.0, 2.0], vec![1.0, 1.0, 0.0, 0.0])
                .unwrap()
                .with_rule(rule);
            let eer = outputs.eer();
            assert!(
                eer.eer.is_finite() && (0.0..=1.0).contains(&eer.eer),
                "{rule}: {eer:?}"
            );
        }
        let perfect = Outputs::new(vec![2.0, 3.0], vec![0.0, 1.0]).unwrap().eer();
        assert_eq!((perfect.threshold, perfect.eer), (1.5, 0.0));
    }
}
