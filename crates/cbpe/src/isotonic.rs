//! Isotonic regression by pool-adjacent-violators, and the calibrator built on it.
//!
//! The calibrator follows scikit-learn's `IsotonicRegression(increasing=True,
//! out_of_bounds="clip")`, which NannyML uses: inputs closer than 1e-15 to the first input of
//! their group are merged (their targets averaged, weights summed), the weighted
//! non-decreasing least-squares fit is found by pool-adjacent-violators, and predictions
//! interpolate linearly between the fitted points and clip outside them.

/// Weighted non-decreasing least-squares fit of `values` (in the given order).
///
/// Returns, for each input position, the fitted value: the non-decreasing sequence
/// minimising Σ wᵢ (fᵢ − yᵢ)². Weights must be positive; `values` and `weights` have the
/// same length (the shorter one decides otherwise).
///
/// ```
/// use scorecheck_cbpe::pool_adjacent_violators;
/// let fit = pool_adjacent_violators(&[1.0, 3.0, 2.0, 4.0], &[1.0, 1.0, 1.0, 1.0]);
/// assert_eq!(fit, vec![1.0, 2.5, 2.5, 4.0]);
/// ```
pub fn pool_adjacent_violators(values: &[f64], weights: &[f64]) -> Vec<f64> {
    // Blocks of pooled positions: (weighted mean, total weight, number of positions).
    let mut blocks: Vec<(f64, f64, usize)> = Vec::with_capacity(values.len());
    for (&value, &weight) in values.iter().zip(weights) {
        let mut block = (value, weight, 1usize);
        // Pool while the previous block's mean is not below this one's: that is the only
        // way a non-decreasing fit can treat a violating pair.
        while let Some(&(mean, total, count)) = blocks.last() {
            if mean < block.0 {
                break;
            }
            blocks.pop();
            let pooled_weight = total + block.1;
            block = (
                (mean * total + block.0 * block.1) / pooled_weight,
                pooled_weight,
                count + block.2,
            );
        }
        blocks.push(block);
    }
    blocks
        .iter()
        .flat_map(|&(mean, _, count)| std::iter::repeat_n(mean, count))
        .collect()
}

/// An isotonic (non-decreasing) map from scores to probabilities, fitted on labelled data.
#[derive(Clone, Debug, PartialEq)]
pub struct IsotonicCalibrator {
    /// Distinct inputs, increasing.
    knots: Vec<f64>,
    /// Fitted value at each knot, non-decreasing.
    fitted: Vec<f64>,
}

/// Inputs closer than this to the first input of their group count as one (scikit-learn's
/// `np.finfo(float64).resolution`).
const MERGE_RESOLUTION: f64 = 1e-15;

impl IsotonicCalibrator {
    /// Fits the calibrator to scores and their 0/1 labels.
    ///
    /// Returns `None` when `scores` is empty or a score is not finite; extra entries of the
    /// longer slice are ignored.
    ///
    /// ```
    /// use scorecheck_cbpe::IsotonicCalibrator;
    /// let calibrator = IsotonicCalibrator::fit(&[0.1, 0.4, 0.6, 0.9], &[false, true, false, true]).unwrap();
    /// assert_eq!(calibrator.predict(0.0), 0.0);
    /// assert_eq!(calibrator.predict(0.5), 0.5);
    /// assert_eq!(calibrator.predict(1.0), 1.0);
    /// ```
    pub fn fit(scores: &[f64], labels: &[bool]) -> Option<IsotonicCalibrator> {
        let n = scores.len().min(labels.len());
        if n == 0 || scores[..n].iter().any(|s| !s.is_finite()) {
            return None;
        }
        let mut order: Vec<usize> = (0..n).collect();
        // scikit-learn orders by score, then label (np.lexsort((y, X))).
        order.sort_by(|&a, &b| {
            scores[a]
                .total_cmp(&scores[b])
                .then(labels[a].cmp(&labels[b]))
        });
        let mut knots = Vec::new();
        let mut means = Vec::new();
        let mut weights = Vec::new();
        let mut group_first = f64::NAN;
        let mut group_sum = 0.0;
        let mut group_count = 0.0;
        for &i in &order {
            let x = scores[i];
            let y = if labels[i] { 1.0 } else { 0.0 };
            if group_count > 0.0 && x - group_first >= MERGE_RESOLUTION {
                knots.push(group_first);
                means.push(group_sum / group_count);
                weights.push(group_count);
                group_count = 0.0;
                group_sum = 0.0;
            }
            if group_count == 0.0 {
                group_first = x;
            }
            group_sum += y;
            group_count += 1.0;
        }
        knots.push(group_first);
        means.push(group_sum / group_count);
        weights.push(group_count);
        let fitted = pool_adjacent_violators(&means, &weights);
        Some(IsotonicCalibrator { knots, fitted })
    }

    /// The calibrated probability of `score`: linear between the fitted points, clipped
    /// to the first and last fitted value outside them.
    pub fn predict(&self, score: f64) -> f64 {
        let (first, last) = (self.knots[0], self.knots[self.knots.len() - 1]);
        if score <= first {
            return self.fitted[0];
        }
        if score >= last {
            return self.fitted[self.fitted.len() - 1];
        }
        // The first knot above the score; there is one, and one at or below it.
        let upper = self.knots.partition_point(|&k| k <= score);
        let lower = upper - 1;
        let (x0, x1) = (self.knots[lower], self.knots[upper]);
        let (y0, y1) = (self.fitted[lower], self.fitted[upper]);
        if score == x0 {
            return y0;
        }
        // np.interp's formula, so that results agree to the last bit where possible.
        let slope = (y1 - y0) / (x1 - x0);
        slope * (score - x0) + y0
    }

    /// The distinct fitted inputs and their fitted values.
    pub fn points(&self) -> (&[f64], &[f64]) {
        (&self.knots, &self.fitted)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn squared_error(fit: &[f64], values: &[f64], weights: &[f64]) -> f64 {
        fit.iter()
            .zip(values)
            .zip(weights)
            .map(|((f, y), w)| w * (f - y) * (f - y))
            .sum()
    }

    /// Every non-decreasing sequence over `grid` of the given length.
    fn monotone_sequences(grid: &[f64], length: usize) -> Vec<Vec<f64>> {
        if length == 0 {
            return vec![vec![]];
        }
        let mut out = Vec::new();
        for shorter in monotone_sequences(grid, length - 1) {
            for &g in grid {
                if shorter.last().is_none_or(|&l| l <= g) {
                    let mut s = shorter.clone();
                    s.push(g);
                    out.push(s);
                }
            }
        }
        out
    }

    proptest! {
        #[test]
        fn fit_is_monotone_and_keeps_the_weighted_mean(
            values in proptest::collection::vec(0u8..=10, 1..30),
            weights in proptest::collection::vec(1u8..=5, 30),
        ) {
            let values: Vec<f64> = values.iter().map(|&v| f64::from(v)).collect();
            let weights: Vec<f64> = weights[..values.len()].iter().map(|&w| f64::from(w)).collect();
            let fit = pool_adjacent_violators(&values, &weights);
            prop_assert_eq!(fit.len(), values.len());
            prop_assert!(fit.windows(2).all(|w| w[0] <= w[1] + 1e-12));
            let total: f64 = values.iter().zip(&weights).map(|(v, w)| v * w).sum();
            let fitted_total: f64 = fit.iter().zip(&weights).map(|(v, w)| v * w).sum();
            prop_assert!((total - fitted_total).abs() < 1e-9);
        }

        /// Small inputs: the optimum takes only values that are means of contiguous runs of
        /// the targets, so a brute force over every non-decreasing sequence of those
        /// candidates (and the integers in range) finds the optimum; PAV must match it.
        #[test]
        fn fit_equals_the_brute_force_optimum(
            values in proptest::collection::vec(0u8..=3, 1..6),
        ) {
            let values: Vec<f64> = values.iter().map(|&v| f64::from(v)).collect();
            let weights = vec![1.0; values.len()];
            let fit = pool_adjacent_violators(&values, &weights);
            let mut grid: Vec<f64> = (0..=3).map(f64::from).collect();
            for start in 0..values.len() {
                for end in start + 1..=values.len() {
                    grid.push(values[start..end].iter().sum::<f64>() / (end - start) as f64);
                }
            }
            grid.sort_by(f64::total_cmp);
            grid.dedup();
            let brute = monotone_sequences(&grid, values.len())
                .iter()
                .map(|s| squared_error(s, &values, &weights))
                .fold(f64::INFINITY, f64::min);
            prop_assert!((squared_error(&fit, &values, &weights) - brute).abs() < 1e-9);
        }

        /// KKT conditions of the isotonic least-squares problem, which characterise the
        /// optimum: in every block of equal fitted values the weighted residuals sum to
        /// zero and every prefix sum of them is non-positive.
        #[test]
        fn fit_satisfies_the_optimality_conditions(
            values in proptest::collection::vec(-20i32..=20, 1..40),
            weights in proptest::collection::vec(1u8..=4, 40),
        ) {
            let values: Vec<f64> = values.iter().map(|&v| f64::from(v)).collect();
            let weights: Vec<f64> = weights[..values.len()].iter().map(|&w| f64::from(w)).collect();
            let fit = pool_adjacent_violators(&values, &weights);
            let mut start = 0;
            while start < fit.len() {
                let mut end = start;
                while end + 1 < fit.len() && (fit[end + 1] - fit[start]).abs() < 1e-9 {
                    end += 1;
                }
                let mut prefix = 0.0;
                for i in start..=end {
                    prefix += weights[i] * (values[i] - fit[i]);
                    prop_assert!(prefix >= -1e-9, "prefix of residuals below zero");
                }
                prop_assert!(prefix.abs() < 1e-9, "block residuals do not sum to zero");
                start = end + 1;
            }
        }

        #[test]
        fn calibrator_is_monotone_and_within_the_label_range(
            rows in proptest::collection::vec((0u16..=100, any::<bool>()), 1..60),
            queries in proptest::collection::vec(-10i32..=110, 1..20),
        ) {
            let scores: Vec<f64> = rows.iter().map(|r| f64::from(r.0) / 100.0).collect();
            let labels: Vec<bool> = rows.iter().map(|r| r.1).collect();
            let calibrator = IsotonicCalibrator::fit(&scores, &labels).unwrap();
            let mut queries: Vec<f64> = queries.iter().map(|&q| f64::from(q) / 100.0).collect();
            queries.sort_by(f64::total_cmp);
            let predicted: Vec<f64> = queries.iter().map(|&q| calibrator.predict(q)).collect();
            prop_assert!(predicted.windows(2).all(|w| w[0] <= w[1] + 1e-12));
            prop_assert!(predicted.iter().all(|p| (0.0..=1.0).contains(p)));
        }
    }

    #[test]
    fn ties_are_pooled_before_fitting() {
        let calibrator =
            IsotonicCalibrator::fit(&[0.2, 0.2, 0.2, 0.8], &[true, false, false, true]).unwrap();
        let (knots, fitted) = calibrator.points();
        assert_eq!(knots, &[0.2, 0.8]);
        assert!((fitted[0] - 1.0 / 3.0).abs() < 1e-15);
        assert_eq!(calibrator.predict(0.5), (1.0 / 3.0 + 1.0) / 2.0);
    }
}
