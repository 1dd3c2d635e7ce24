//! Thresholds at which any score of the algebra reaches a target: every solution, for
//! scores that are not monotone in the threshold (score_analysis's `threshold_at_metric`).

use scorecheck_algebra::{Params, Score};

use crate::error::{Error, ErrorKind};
use crate::outputs::Outputs;

/// The thresholds at which a score reaches a target, and whether it does at all.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct ScoreSolutions {
    /// Every crossing of the target, in increasing order; when there is none, the one
    /// threshold whose value is closest to the target (empty if the score is undefined
    /// everywhere).
    pub thresholds: Vec<f64>,
    /// Whether the score reaches the target (false: `thresholds` holds the closest point).
    pub reached: bool,
}

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
        Ok(self.solutions_at_score(score, target, params)?.thresholds)
    }

    /// As [`Outputs::thresholds_at_score`], saying whether the target is reached or only
    /// approached.
    ///
    /// ```
    /// use scorecheck_algebra::{Params, Score};
    /// use scorecheck_eval::Outputs;
    /// let outputs = Outputs::new(vec![2.0, 3.0], vec![1.0, 4.0]).unwrap();
    /// let at = |target| outputs.solutions_at_score(Score::Acc, target, &Params::default()).unwrap();
    /// assert!(at(0.6).reached);
    /// // Accuracy never exceeds 3/4 here: the closest point is threshold 2.
    /// assert!(!at(0.9).reached);
    /// assert_eq!(at(0.9).thresholds, vec![2.0]);
    /// ```
    ///
    /// # Errors
    ///
    /// A target that is not finite, or fewer than two samples.
    pub fn solutions_at_score(
        &self,
        score: Score,
        target: f64,
        params: &Params,
    ) -> Result<ScoreSolutions, Error> {
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
        // A point exactly at the target with no crossing (an extreme) is reached too.
        let mut reached = !solutions.is_empty();
        if !reached {
            let closest = (0..x.len()).filter(|&i| !y[i].is_nan()).min_by(|&i, &k| {
                (y[i] - target)
                    .abs()
                    .total_cmp(&(y[k] - target).abs())
                    .then(i.cmp(&k))
            });
            if let Some(i) = closest {
                solutions.push(x[i]);
                reached = y[i] == target;
            }
        }
        Ok(ScoreSolutions {
            thresholds: solutions,
            reached,
        })
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
