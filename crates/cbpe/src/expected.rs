//! Expected confusion matrices from probabilities, and the ranking metrics CBPE estimates.

use scorecheck_algebra::{evaluate, Counts, Params, Score};

/// The expected confusion matrix of predictions whose positive-class probabilities are
/// calibrated: each row adds p to TP (predicted 1) or FN (predicted 0), and 1 − p to FP
/// or TN.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ExpectedConfusionMatrix {
    /// Σ[ŷ = 1]·p.
    pub tp: f64,
    /// Σ[ŷ = 1]·(1 − p).
    pub fp: f64,
    /// Σ[ŷ = 0]·p.
    pub fn_: f64,
    /// Σ[ŷ = 0]·(1 − p).
    pub tn: f64,
}

impl ExpectedConfusionMatrix {
    /// The expected matrix of `probabilities` (of the positive class) and predicted labels.
    ///
    /// Extra entries of the longer slice are ignored.
    ///
    /// ```
    /// use scorecheck_cbpe::ExpectedConfusionMatrix;
    /// let m = ExpectedConfusionMatrix::from_predictions(&[0.9, 0.2, 0.6], &[true, false, true]);
    /// assert!((m.tp - 1.5).abs() < 1e-12 && (m.fp - 0.5).abs() < 1e-12);
    /// assert!((m.fn_ - 0.2).abs() < 1e-12 && (m.tn - 0.8).abs() < 1e-12);
    /// ```
    pub fn from_predictions(
        probabilities: &[f64],
        predictions: &[bool],
    ) -> ExpectedConfusionMatrix {
        let mut m = ExpectedConfusionMatrix::default();
        for (&p, &predicted) in probabilities.iter().zip(predictions) {
            if predicted {
                m.tp += p;
                m.fp += 1.0 - p;
            } else {
                m.fn_ += p;
                m.tn += 1.0 - p;
            }
        }
        m
    }

    /// The matrix as the algebra's counts (p = tp + fn, n = tn + fp).
    pub fn counts(&self) -> Counts<f64> {
        Counts {
            tp: self.tp,
            tn: self.tn,
            p: self.tp + self.fn_,
            n: self.tn + self.fp,
        }
    }

    /// The estimated value of `score` at the expected matrix, or `None` where undefined.
    pub fn score(&self, score: Score, params: &Params) -> Option<f64> {
        evaluate(score, &self.counts(), params).filter(|v| v.is_finite())
    }
}

/// numpy's `np.round(x, 5)`: scale, round half to even, scale back.
fn round5(x: f64) -> f64 {
    (x * 1e5).round_ties_even() / 1e5
}

/// Calibrated probabilities ordered by decreasing uncalibrated score (NannyML ranks by the
/// model's own scores and counts with the calibrated ones).
fn ranked(calibrated: &[f64], uncalibrated: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..calibrated.len().min(uncalibrated.len())).collect();
    order.sort_by(|&a, &b| uncalibrated[b].total_cmp(&uncalibrated[a]));
    order.iter().map(|&i| calibrated[i]).collect()
}

/// Expected true and false positive counts above each cut of the ranking, starting at 0,
/// rounded to 5 decimals as NannyML does.
fn expected_curve(ranked: &[f64]) -> (Vec<f64>, Vec<f64>) {
    let mut tps = Vec::with_capacity(ranked.len() + 1);
    let mut fps = Vec::with_capacity(ranked.len() + 1);
    tps.push(0.0);
    fps.push(0.0);
    let mut cumulative = 0.0;
    for (i, &p) in ranked.iter().enumerate() {
        cumulative += p;
        tps.push(round5(cumulative));
        fps.push(round5((i + 1) as f64 - cumulative));
    }
    (tps, fps)
}

/// Estimated ROC AUC as NannyML computes it: one point of the ROC curve after every row
/// (rows ranked by decreasing uncalibrated score), expected counts from the calibrated
/// probabilities, trapezoids between the points.
///
/// `None` when there are no rows or the expected positives or negatives are zero.
///
/// ```
/// use scorecheck_cbpe::estimated_roc_auc;
/// let p = [0.9, 0.8, 0.3, 0.1];
/// let auc = estimated_roc_auc(&p, &p).unwrap();
/// assert!(auc > 0.5 && auc < 1.0);
/// ```
pub fn estimated_roc_auc(calibrated: &[f64], uncalibrated: &[f64]) -> Option<f64> {
    let (tps, fps) = expected_curve(&ranked(calibrated, uncalibrated));
    let (total_tp, total_fp) = (tps[tps.len() - 1], fps[fps.len() - 1]);
    if tps.len() < 2 || total_tp == 0.0 || total_fp == 0.0 {
        return None;
    }
    let mut area = 0.0;
    for i in 1..tps.len() {
        let (x0, x1) = (fps[i - 1] / total_fp, fps[i] / total_fp);
        let (y0, y1) = (tps[i - 1] / total_tp, tps[i] / total_tp);
        area += (x1 - x0) * (y1 + y0) / 2.0;
    }
    Some(area)
}

/// Estimated average precision as NannyML computes it: Σₖ (Rₖ − Rₖ₋₁)·Pₖ over every cut of
/// the ranking, with expected true positives from the calibrated probabilities.
///
/// `None` when there are no rows or the expected positives are zero.
pub fn estimated_average_precision(calibrated: &[f64], uncalibrated: &[f64]) -> Option<f64> {
    let (tps, _) = expected_curve(&ranked(calibrated, uncalibrated));
    let total_tp = tps[tps.len() - 1];
    if tps.len() < 2 || total_tp == 0.0 {
        return None;
    }
    let mut sum = 0.0;
    for k in 1..tps.len() {
        let precision = tps[k] / k as f64;
        sum += (tps[k] / total_tp - tps[k - 1] / total_tp) * precision;
    }
    Some(sum)
}

/// Cumulative (false positives, true positives) at each distinct score, decreasing.
fn distinct_threshold_counts(scores: &[f64], labels: &[bool]) -> Vec<(f64, f64)> {
    let mut order: Vec<usize> = (0..scores.len().min(labels.len())).collect();
    order.sort_by(|&a, &b| scores[b].total_cmp(&scores[a]));
    let mut points = Vec::new();
    let (mut tp, mut fp) = (0.0, 0.0);
    for (position, &i) in order.iter().enumerate() {
        if labels[i] {
            tp += 1.0;
        } else {
            fp += 1.0;
        }
        let last_of_value = order
            .get(position + 1)
            .is_none_or(|&next| scores[next] != scores[i]);
        if last_of_value {
            points.push((fp, tp));
        }
    }
    points
}

/// Realised ROC AUC (ties count one half), as scikit-learn's `roc_auc_score`; `None` unless
/// both classes are present.
///
/// ```
/// use scorecheck_cbpe::realized_roc_auc;
/// assert_eq!(realized_roc_auc(&[0.1, 0.4, 0.35, 0.8], &[false, false, true, true]), Some(0.75));
/// ```
pub fn realized_roc_auc(scores: &[f64], labels: &[bool]) -> Option<f64> {
    let points = distinct_threshold_counts(scores, labels);
    let &(negatives, positives) = points.last()?;
    if negatives == 0.0 || positives == 0.0 {
        return None;
    }
    let mut area = 0.0;
    let (mut x0, mut y0) = (0.0, 0.0);
    for &(fp, tp) in &points {
        let (x1, y1) = (fp / negatives, tp / positives);
        area += (x1 - x0) * (y1 + y0) / 2.0;
        (x0, y0) = (x1, y1);
    }
    Some(area)
}

/// Realised average precision, as scikit-learn's `average_precision_score`:
/// Σ (Rₖ − Rₖ₋₁)·Pₖ over the distinct scores; `None` without positives.
pub fn realized_average_precision(scores: &[f64], labels: &[bool]) -> Option<f64> {
    let points = distinct_threshold_counts(scores, labels);
    let &(_, positives) = points.last()?;
    if positives == 0.0 {
        return None;
    }
    let mut sum = 0.0;
    let mut previous_recall = 0.0;
    for &(fp, tp) in &points {
        let recall = tp / positives;
        sum += (recall - previous_recall) * (tp / (tp + fp));
        previous_recall = recall;
    }
    Some(sum)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn rows_of_the_expected_matrix_sum_to_the_predictions(
            rows in proptest::collection::vec((0u32..=1000, any::<bool>()), 0..200),
        ) {
            let probabilities: Vec<f64> = rows.iter().map(|r| f64::from(r.0) / 1000.0).collect();
            let predictions: Vec<bool> = rows.iter().map(|r| r.1).collect();
            let m = ExpectedConfusionMatrix::from_predictions(&probabilities, &predictions);
            let predicted_positive = predictions.iter().filter(|&&p| p).count() as f64;
            let predicted_negative = predictions.len() as f64 - predicted_positive;
            prop_assert!((m.tp + m.fp - predicted_positive).abs() < 1e-9);
            prop_assert!((m.fn_ + m.tn - predicted_negative).abs() < 1e-9);
            prop_assert!([m.tp, m.fp, m.fn_, m.tn].iter().all(|&v| v >= -1e-12));
        }

        /// With 0/1 "probabilities" the expected matrix is the realised one, so estimated and
        /// realised scores agree.
        #[test]
        fn certain_probabilities_give_the_realised_scores(
            rows in proptest::collection::vec((any::<bool>(), any::<bool>()), 1..100),
        ) {
            let probabilities: Vec<f64> = rows.iter().map(|r| if r.0 { 1.0 } else { 0.0 }).collect();
            let predictions: Vec<bool> = rows.iter().map(|r| r.1).collect();
            let m = ExpectedConfusionMatrix::from_predictions(&probabilities, &predictions);
            let tp = rows.iter().filter(|r| r.0 && r.1).count() as f64;
            let tn = rows.iter().filter(|r| !r.0 && !r.1).count() as f64;
            prop_assert_eq!(m.tp, tp);
            prop_assert_eq!(m.tn, tn);
        }

        #[test]
        fn realized_roc_auc_is_the_pairwise_probability(
            rows in proptest::collection::vec((0u8..=10, any::<bool>()), 2..60),
        ) {
            let scores: Vec<f64> = rows.iter().map(|r| f64::from(r.0) / 10.0).collect();
            let labels: Vec<bool> = rows.iter().map(|r| r.1).collect();
            let positives: Vec<f64> = scores.iter().zip(&labels).filter(|p| *p.1).map(|p| *p.0).collect();
            let negatives: Vec<f64> = scores.iter().zip(&labels).filter(|p| !*p.1).map(|p| *p.0).collect();
            let auc = realized_roc_auc(&scores, &labels);
            if positives.is_empty() || negatives.is_empty() {
                prop_assert_eq!(auc, None);
            } else {
                let mut wins = 0.0;
                for p in &positives {
                    for n in &negatives {
                        wins += if p > n { 1.0 } else if p == n { 0.5 } else { 0.0 };
                    }
                }
                let expected = wins / (positives.len() * negatives.len()) as f64;
                prop_assert!((auc.unwrap() - expected).abs() < 1e-12);
            }
        }
    }

    #[test]
    fn average_precision_of_a_small_ranking() {
        // Ranked: 1 (pos), 2 (neg), 3 (pos): AP = 1/2·1 + 1/2·2/3.
        let ap = realized_average_precision(&[0.9, 0.8, 0.7], &[true, false, true]).unwrap();
        assert!((ap - (0.5 + 1.0 / 3.0)).abs() < 1e-15);
    }

    #[test]
    fn estimated_ranking_metrics_of_certain_probabilities_are_realised_ones() {
        let p = [1.0, 1.0, 0.0, 1.0, 0.0];
        let scores = [0.9, 0.8, 0.7, 0.6, 0.1];
        let labels = [true, true, false, true, false];
        let roc = estimated_roc_auc(&p, &scores).unwrap();
        assert!((roc - realized_roc_auc(&scores, &labels).unwrap()).abs() < 1e-12);
        let ap = estimated_average_precision(&p, &scores).unwrap();
        assert!((ap - realized_average_precision(&scores, &labels).unwrap()).abs() < 1e-12);
    }
}
