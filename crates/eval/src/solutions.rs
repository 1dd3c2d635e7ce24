//! Thresholds at which any score of the algebra reaches a target: every solution, for
//! scores that are not monotone in the threshold (score_analysis's `threshold_at_metric`).

use scorecheck_algebra::{Params, Score};

use crate::error::{Error, ErrorKind};
use crate::outputs::Outputs;

impl Outputs {
    /// Every threshold at which `score` equals `target`, in increasing order, with
    /// score_analysis's semantics (`threshold_at_metric` with the default points): the score
    /// is evaluated at each sample's score as the threshold, joined piecewise linearly, and
    /// every crossing of `target` is interpolated; if there is none, the one point whose
    /// value is closest to the target is returned. Points where the score is undefined
    /// (a zero denominator) join no segment and are never the closest point (numpy's
    /// argmin would pick the first NaN there).
    ///
    /// ```
    /// use scorecheck_algebra::{Params, Score};
    /// use scorecheck_eval::Outputs;
    /// // Accuracy at thresholds 1, 2, 3, 4 is 1/2, 3/4, 1/2, 1/4: it rises and falls.
    /// let outputs = Outputs::new(vec![2.0, 3.0], vec![1.0, 4.0]).unwrap();
    /// let at = |target| outputs.thresholds_at_score(Score::Acc, target, &Params::default()).unwrap();
    /// assert_eq!(at(0.6), vec![1.4, 2.6]);
    /// assert_eq!(at(0.5), vec![1.0, 3.0]);
    /// ```
    ///
    /// # Errors
    ///
    /// A target that is not finite, or fewer than two samples.
    pub fn thresholds_at_score(
        &self,
        score: Score,
        target: f64,
        params: &Params,
    ) -> Result<Vec<f64>, Error> {
        if !target.is_finite() {
            return Err(Error::new(ErrorKind::InvalidTarget { target }));
        }
        let mut x: Vec<f64> = self
            .positives()
            .iter()
            .chain(self.negatives())
            .copied()
            .collect();
        x.sort_by(f64::total_cmp);
        if x.len() < 2 {
            return Err(Error::option(
                "at least two samples are needed to set thresholds",
            ));
        }
        let y: Vec<f64> = x
            .iter()
            .map(|&t| self.matrix_at(t).float(score, params).unwrap_or(f64::NAN))
            .collect();
        let mut solutions = Vec::new();
        for j in 0..x.len() - 1 {
            let (a, b) = (y[j], y[j + 1]);
            let up = a <= target && b > target;
            let down = a >= target && b < target;
            if up || down {
                let la = (target - a) / (b - a);
                solutions.push((1.0 - la) * x[j] + la * x[j + 1]);
            }
        }
        if solutions.is_empty() {
            let closest = (0..x.len()).filter(|&i| !y[i].is_nan()).min_by(|&i, &k| {
                (y[i] - target)
                    .abs()
                    .total_cmp(&(y[k] - target).abs())
                    .then(i.cmp(&k))
            });
            if let Some(i) = closest {
                solutions.push(x[i]);
            }
        }
        Ok(solutions)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outputs::Rule;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn every_solution_lies_between_points_whose_values_bracket_the_target(
            pos in prop::collection::vec((0i32..10).prop_map(f64::from), 1..15),
            neg in prop::collection::vec((0i32..10).prop_map(f64::from), 1..15),
            rule in 0usize..4, score in 0usize..30, target in 0i32..=10,
        ) {
            let outputs = Outputs::new(pos, neg).unwrap().with_rule(Rule::ALL[rule]);
            let target = f64::from(target) / 10.0;
            let solutions = outputs.thresholds_at_score(Score::ALL[score], target, &Params::default()).unwrap();
            prop_assert!(solutions.windows(2).all(|w| w[0] <= w[1]));
            let mut points: Vec<f64> = outputs.positives().iter().chain(outputs.negatives()).copied().collect();
            points.sort_by(f64::total_cmp);
            for s in solutions {
                prop_assert!(points[0] <= s && s <= points[points.len() - 1]);
            }
        }
    }
}
