//! ROC curve, exact ROC-AUC (the Mann–Whitney count), precision–recall curve and
//! scikit-learn's average precision.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};

use crate::error::Error;
use crate::outputs::{BinaryClass, Outputs};

/// The area under the ROC curve as an exact fraction: `twice_wins / (2 · pairs)`, where
/// `twice_wins` counts each (positive, negative) pair ranked right twice and each tie once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Auc {
    /// 2 · (pairs with the positive ranked above the negative) + (tied pairs).
    pub twice_wins: u128,
    /// Number of (positive, negative) pairs, p · n.
    pub pairs: u128,
}

impl Auc {
    /// The exact value k / (2pn), reduced.
    pub fn exact(&self) -> BigRational {
        BigRational::new(BigInt::from(self.twice_wins), BigInt::from(2 * self.pairs))
    }

    /// The value as the nearest f64.
    pub fn value(&self) -> f64 {
        self.twice_wins as f64 / (2.0 * self.pairs as f64)
    }
}

/// One point of the ROC curve.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct RocPoint {
    /// A threshold giving this point under the outputs' rule.
    pub threshold: f64,
    /// False positive rate there.
    pub fpr: f64,
    /// True positive rate there.
    pub tpr: f64,
}

/// One point of the precision–recall curve.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct PrPoint {
    /// The score at and beyond which samples are predicted positive.
    pub threshold: f64,
    /// Precision there.
    pub precision: f64,
    /// Recall there.
    pub recall: f64,
}

/// Distinct scores in decreasing order of "positiveness", with the number of positives
/// and negatives at each: easy positives come first and easy negatives last.
fn groups(outputs: &Outputs) -> Vec<(f64, u64, u64)> {
    let oriented = |s: f64| match outputs.rule().score_class {
        BinaryClass::Pos => s,
        _ => -s,
    };
    let mut all: Vec<(f64, bool)> = outputs
        .labelled()
        .into_iter()
        .map(|(s, label)| (oriented(s), label))
        .collect();
    all.sort_by(|a, b| b.0.total_cmp(&a.0));
    let (easy_pos, easy_neg) = outputs.easy();
    let mut out: Vec<(f64, u64, u64)> = Vec::new();
    if easy_pos > 0 {
        out.push((f64::INFINITY, easy_pos, 0));
    }
    for (s, label) in all {
        match out.last_mut() {
            Some(last) if last.0 == s => {
                if label {
                    last.1 += 1;
                } else {
                    last.2 += 1;
                }
            }
            _ => out.push((s, u64::from(label), u64::from(!label))),
        }
    }
    if easy_neg > 0 {
        out.push((f64::NEG_INFINITY, 0, easy_neg));
    }
    out
}

impl Outputs {
    /// The exact ROC-AUC: the share of (positive, negative) pairs in which the positive is
    /// ranked as more positive, ties counting ½ (the Mann–Whitney U statistic over p · n).
    /// Easy positives rank above every score, easy negatives below. With score_class `neg`
    /// it is the AUC of the negated scores, as in score_analysis. O(n log n).
    ///
    /// ```
    /// use scorecheck_eval::Outputs;
    /// let outputs = Outputs::new(vec![1.0, 2.0, 3.0], vec![0.5, 2.0]).unwrap();
    /// // Pairs won: 3 (vs 0.5) + 1 (3 vs 2) + ½ (2 vs 2) = 4.5 of 6.
    /// assert_eq!(outputs.auc().exact().to_string(), "3/4");
    /// ```
    pub fn auc(&self) -> Auc {
        let (mut twice_wins, mut positives_above) = (0u128, 0u128);
        for (_, pos, neg) in groups(self) {
            twice_wins += u128::from(neg) * (2 * positives_above + u128::from(pos));
            positives_above += u128::from(pos);
        }
        Auc {
            twice_wins,
            pairs: u128::from(self.p()) * u128::from(self.n()),
        }
    }

    /// The exact area under the ROC curve between false positive rates `lower` and `upper`
    /// (0 ≤ lower < upper ≤ 1): the polyline through the ROC points, ties joined by their
    /// diagonal, integrated exactly, so that [0, 1] gives [`Outputs::auc`]. Not normalised
    /// (the most it can be is upper − lower). score_analysis's `auc(lower, upper)` pads the
    /// curve with the nearest point's TPR instead of interpolating at a bound inside a
    /// segment; the two agree when the bounds are ROC vertices (multiples of 1/n).
    ///
    /// ```
    /// use num_rational::BigRational;
    /// use scorecheck_eval::Outputs;
    /// let outputs = Outputs::new(vec![1.0, 2.0, 3.0], vec![0.5, 2.0]).unwrap();
    /// let r = |a: i64, b: i64| BigRational::new(a.into(), b.into());
    /// assert_eq!(outputs.partial_auc(&r(0, 1), &r(1, 1)).unwrap(), outputs.auc().exact());
    /// // Up to FPR 1/2 the curve climbs from TPR 1/3 to 2/3 (the tie at 2.0) and then to 1 at FPR 1.
    /// assert_eq!(outputs.partial_auc(&r(0, 1), &r(1, 2)).unwrap().to_string(), "1/4");
    /// ```
    ///
    /// # Errors
    ///
    /// Bounds not in order inside [0, 1].
    pub fn partial_auc(
        &self,
        lower: &BigRational,
        upper: &BigRational,
    ) -> Result<BigRational, Error> {
        let zero = BigRational::zero();
        let one = BigRational::one();
        if !(&zero <= lower && lower < upper && upper <= &one) {
            return Err(Error::option(format!(
                "partial AUC bounds {lower} and {upper} must satisfy 0 <= lower < upper <= 1"
            )));
        }
        let (p, n) = (BigInt::from(self.p()), BigInt::from(self.n()));
        // Segments in units of counts: fp from f0 to f1, tp from t0 to t1.
        let mut area = zero.clone();
        let (mut tp, mut fp) = (0u64, 0u64);
        // Twice the area, in count units, of segments wholly inside the bounds.
        let mut inside = BigInt::zero();
        let lower_count = lower * BigRational::from_integer(n.clone());
        let upper_count = upper * BigRational::from_integer(n.clone());
        for (_, pos, neg) in groups(self) {
            let (t0, f0) = (tp, fp);
            tp += pos;
            fp += neg;
            if neg == 0 {
                continue;
            }
            let (f0r, f1r) = (
                BigRational::from_integer(f0.into()),
                BigRational::from_integer(fp.into()),
            );
            if f1r <= lower_count || f0r >= upper_count {
                continue;
            }
            if f0r >= lower_count && f1r <= upper_count {
                inside += BigInt::from(neg) * BigInt::from(t0 + tp);
                continue;
            }
            // A segment cut by a bound: TPR is linear in FPR along it.
            let at = |f: &BigRational| {
                BigRational::from_integer(t0.into())
                    + (f - &f0r) * BigRational::new(BigInt::from(pos), BigInt::from(neg))
            };
            let a = if f0r > lower_count {
                f0r.clone()
            } else {
                lower_count.clone()
            };
            let b = if f1r < upper_count {
                f1r.clone()
            } else {
                upper_count.clone()
            };
            area += (&b - &a) * (at(&a) + at(&b)) / BigRational::from_integer(2.into());
        }
        area += BigRational::new(inside, BigInt::from(2));
        Ok(area / BigRational::from_integer(p * n))
    }

    /// The ROC curve: one point per distinct score, from (0, ·) to (1, 1), with a threshold
    /// at which the outputs' rule gives that point.
    pub fn roc_curve(&self) -> Vec<RocPoint> {
        let (p, n) = (self.p() as f64, self.n() as f64);
        let (easy_pos, _) = self.easy();
        let (mut tp, mut fp) = (0u64, 0u64);
        let mut points = Vec::new();
        let sorted_distinct = groups(self);
        let first_finite = sorted_distinct
            .iter()
            .find(|g| g.0.is_finite())
            .map_or(0.0, |g| g.0);
        // Nothing predicted positive but the easy positives.
        let beyond = match self.rule().score_class {
            BinaryClass::Pos => first_finite.next_up(),
            _ => -(first_finite.next_up()),
        };
        points.push(RocPoint {
            threshold: beyond,
            fpr: 0.0,
            tpr: easy_pos as f64 / p,
        });
        for (s, pos, neg) in sorted_distinct {
            tp += pos;
            fp += neg;
            if !s.is_finite() {
                continue;
            }
            let score = match self.rule().score_class {
                BinaryClass::Pos => s,
                _ => -s,
            };
            // Under the rules with equality going to the negative class, the threshold
            // just below the score (toward the negative side) gives the same point.
            let threshold = match (self.rule().score_class, self.rule().equal_class) {
                (BinaryClass::Pos, BinaryClass::Pos) | (BinaryClass::Neg, BinaryClass::Pos) => {
                    score
                }
                (BinaryClass::Pos, _) => score.next_down(),
                _ => score.next_up(),
            };
            points.push(RocPoint {
                threshold,
                fpr: fp as f64 / n,
                tpr: tp as f64 / p,
            });
        }
        points
    }

    /// The precision–recall curve with scikit-learn's thresholds: one point per distinct
    /// score, from the most positive down.
    pub fn pr_curve(&self) -> Vec<PrPoint> {
        let p = self.p() as f64;
        let (mut tp, mut fp) = (0u64, 0u64);
        let mut points = Vec::new();
        for (s, pos, neg) in groups(self) {
            tp += pos;
            fp += neg;
            if !s.is_finite() && pos == 0 {
                continue;
            }
            points.push(PrPoint {
                threshold: match self.rule().score_class {
                    BinaryClass::Pos => s,
                    _ => -s,
                },
                precision: tp as f64 / (tp + fp) as f64,
                recall: tp as f64 / p,
            });
        }
        points
    }

    /// scikit-learn's average precision: Σ (Rₖ − Rₖ₋₁) · Pₖ over the distinct scores from the
    /// most positive down (a step-wise area, no interpolation). Easy positives rank first.
    ///
    /// ```
    /// use scorecheck_eval::Outputs;
    /// let outputs = Outputs::new(vec![0.35, 0.8], vec![0.1, 0.4]).unwrap();
    /// // scikit-learn's documented example: 0.8333...
    /// assert!((outputs.average_precision() - 5.0 / 6.0).abs() < 1e-15);
    /// ```
    pub fn average_precision(&self) -> f64 {
        let p = self.p() as f64;
        let (mut tp, mut fp, mut previous_recall, mut sum) = (0u64, 0u64, 0.0, 0.0);
        for (_, pos, neg) in groups(self) {
            tp += pos;
            fp += neg;
            if pos > 0 {
                let recall = tp as f64 / p;
                sum += (recall - previous_recall) * (tp as f64 / (tp + fp) as f64);
                previous_recall = recall;
            }
        }
        sum
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outputs::Rule;
    use proptest::prelude::*;

    fn scores() -> impl Strategy<Value = Vec<f64>> {
        prop::collection::vec((-5i32..5).prop_map(f64::from), 1..30)
    }

    proptest! {
        #[test]
        fn auc_equals_the_brute_force_pair_count(pos in scores(), neg in scores(), easy_pos in 0u64..3, easy_neg in 0u64..3, rule in 0usize..4) {
            let rule = Rule::ALL[rule];
            let outputs = Outputs::new(pos.clone(), neg.clone()).unwrap().with_rule(rule).with_easy(easy_pos, easy_neg);
            let sign = if rule.score_class == BinaryClass::Pos { 1.0 } else { -1.0 };
            let mut pos_all: Vec<f64> = pos.iter().map(|s| sign * s).collect();
            pos_all.extend(std::iter::repeat_n(f64::INFINITY, easy_pos as usize));
            let mut neg_all: Vec<f64> = neg.iter().map(|s| sign * s).collect();
            neg_all.extend(std::iter::repeat_n(f64::NEG_INFINITY, easy_neg as usize));
            let mut twice = 0u128;
            for a in &pos_all {
                for b in &neg_all {
                    twice += if a > b { 2 } else if a == b { 1 } else { 0 };
                }
            }
            let auc = outputs.auc();
            prop_assert_eq!(auc.twice_wins, twice);
            prop_assert_eq!(auc.pairs, (pos_all.len() * neg_all.len()) as u128);
        }

        #[test]
        fn partial_aucs_add_up_to_the_auc(pos in scores(), neg in scores(), easy_pos in 0u64..2, easy_neg in 0u64..2, cut in 1i64..20) {
            let outputs = Outputs::new(pos, neg).unwrap().with_easy(easy_pos, easy_neg);
            let r = |a: i64, b: i64| BigRational::new(a.into(), b.into());
            let whole = outputs.partial_auc(&r(0, 1), &r(1, 1)).unwrap();
            prop_assert_eq!(&whole, &outputs.auc().exact());
            let left = outputs.partial_auc(&r(0, 1), &r(cut, 20)).unwrap();
            let right = outputs.partial_auc(&r(cut, 20), &r(1, 1)).unwrap();
            prop_assert_eq!(left + right, whole);
        }

        #[test]
        fn roc_points_are_the_matrices_at_their_thresholds(pos in scores(), neg in scores(), rule in 0usize..4) {
            let outputs = Outputs::new(pos, neg).unwrap().with_rule(Rule::ALL[rule]);
            let points = outputs.roc_curve();
            prop_assert_eq!(points.last().map(|p| (p.fpr, p.tpr)), Some((1.0, 1.0)));
            for point in points {
                let m = outputs.matrix_at(point.threshold);
                prop_assert_eq!(point.tpr, m.tp() as f64 / m.p() as f64);
                prop_assert_eq!(point.fpr, m.fp() as f64 / m.n() as f64);
            }
        }
    }
}
