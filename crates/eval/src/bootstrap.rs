//! Seeded bootstrap confidence intervals (quantile, BC, BCa) of any statistic of the outputs.

use crate::error::Error;
use crate::intervals::check_alpha;
use crate::outputs::Outputs;
use crate::rng::Rng;
use crate::special::{normal_cdf, normal_quantile};
use crate::Stop;

/// The most bootstrap samples one interval may ask for.
pub const MAX_BOOTSTRAP_SAMPLES: usize = 1_000_000;

/// The most bootstrap values kept at once (samples × components of the statistic), 8 bytes
/// each: 128 MB.
pub const MAX_BOOTSTRAP_VALUES: usize = 16_000_000;

/// How the interval is read off the bootstrap distribution (Efron and Hastie, ch. 11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum BootstrapMethod {
    /// The α/2 and 1 − α/2 quantiles of the bootstrap values.
    Quantile,
    /// Bias-corrected quantiles.
    Bc,
    /// Bias-corrected and accelerated quantiles (score_analysis's default).
    #[default]
    Bca,
}

/// How a bootstrap sample is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Sampling {
    /// Sampling with replacement from all samples: the numbers of positives and negatives
    /// (and of easy ones) vary from sample to sample, as in score_analysis, which keeps at
    /// least one positive and one negative with a score.
    #[default]
    Replacement,
    /// Sampling with replacement within each label: the numbers of positives, negatives,
    /// and easy ones stay those of the outputs.
    StratifiedByLabel,
}

/// Options of a bootstrap interval; build with `Default` and the setters.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct BootstrapOptions {
    /// Number of bootstrap samples (default 1000).
    pub samples: usize,
    /// Two-sided level: the interval has coverage about 1 − alpha (default 0.05).
    pub alpha: f64,
    /// How the interval is read off the bootstrap values (default BCa).
    pub method: BootstrapMethod,
    /// How samples are drawn (default replacement).
    pub sampling: Sampling,
    /// The seed: the same seed and options give the same interval (default 1).
    pub seed: u64,
    /// Asked after each sample (default: never stops).
    pub stop: Stop,
}

impl Default for BootstrapOptions {
    fn default() -> BootstrapOptions {
        BootstrapOptions {
            samples: 1000,
            alpha: 0.05,
            method: BootstrapMethod::default(),
            sampling: Sampling::default(),
            seed: 1,
            stop: Stop::never(),
        }
    }
}

impl BootstrapOptions {
    /// Sets the number of samples.
    pub fn samples(mut self, samples: usize) -> Self {
        self.samples = samples;
        self
    }
    /// Sets alpha.
    pub fn alpha(mut self, alpha: f64) -> Self {
        self.alpha = alpha;
        self
    }
    /// Sets the method.
    pub fn method(mut self, method: BootstrapMethod) -> Self {
        self.method = method;
        self
    }
    /// Sets the sampling.
    pub fn sampling(mut self, sampling: Sampling) -> Self {
        self.sampling = sampling;
        self
    }
    /// Sets the seed.
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }
    /// Sets the hook asked after each sample.
    pub fn stop(mut self, stop: Stop) -> Self {
        self.stop = stop;
        self
    }
}

/// numpy's default ("linear") quantile of sorted, NaN-free values.
fn quantile(sorted: &[f64], q: f64) -> f64 {
    let h = (sorted.len() - 1) as f64 * q.clamp(0.0, 1.0);
    let below = h.floor() as usize;
    let above = (below + 1).min(sorted.len() - 1);
    let t = h - below as f64;
    let (a, b) = (sorted[below], sorted[above]);
    // numpy's _lerp: exact at both ends.
    if t >= 0.5 {
        b - (b - a) * (1.0 - t)
    } else {
        a + (b - a) * t
    }
}

/// The interval of one statistic from its bootstrap values (NaNs ignored) and its value
/// on the original outputs; `None` when either is undefined.
pub(crate) fn interval_from_values(
    values: &[f64],
    estimate: f64,
    alpha: f64,
    method: BootstrapMethod,
) -> Option<(f64, f64)> {
    let mut sorted: Vec<f64> = values.iter().copied().filter(|v| !v.is_nan()).collect();
    if sorted.is_empty() || estimate.is_nan() {
        return None;
    }
    sorted.sort_by(f64::total_cmp);
    let (lower, upper) = (alpha / 2.0, 1.0 - alpha / 2.0);
    let (q_lower, q_upper) = match method {
        BootstrapMethod::Quantile => (lower, upper),
        BootstrapMethod::Bc | BootstrapMethod::Bca => {
            let at_most = sorted.iter().filter(|&&v| v <= estimate).count();
            let z0 = normal_quantile(at_most as f64 / sorted.len() as f64);
            let (z_lower, z_upper) = (normal_quantile(lower), normal_quantile(upper));
            let (a, b) = if method == BootstrapMethod::Bc {
                (2.0 * z0 + z_lower, 2.0 * z0 + z_upper)
            } else if !z0.is_finite() {
                (z0, z0)
            } else {
                // Acceleration from the bootstrap values, as score_analysis estimates it.
                let cubes: f64 = sorted.iter().map(|v| (v - estimate).powi(3)).sum();
                let squares: f64 = sorted.iter().map(|v| (v - estimate).powi(2)).sum();
                let denominator = 6.0 * squares.powf(1.5);
                let acceleration = if denominator != 0.0 {
                    cubes / denominator
                } else {
                    0.0
                };
                let shift = |z: f64| {
                    let s = z0 + z;
                    z0 + s / (1.0 - acceleration * s)
                };
                (shift(z_lower), shift(z_upper))
            };
            (normal_cdf(a), normal_cdf(b))
        }
    };
    Some((quantile(&sorted, q_lower), quantile(&sorted, q_upper)))
}

impl Outputs {
    /// One bootstrap sample drawn with `rng`.
    fn bootstrap_sample(&self, rng: &mut Rng, sampling: Sampling) -> Outputs {
        let (pos, neg) = (self.positives(), self.negatives());
        let (easy_pos, easy_neg) = self.easy();
        let (hard_pos, hard_neg, easy_pos, easy_neg) = match sampling {
            Sampling::StratifiedByLabel => (pos.len() as u64, neg.len() as u64, easy_pos, easy_neg),
            Sampling::Replacement => {
                // score_analysis's draw: the class sizes, then easy within each class, each
                // binomial, keeping one positive and one negative with a score.
                let total = self.p() + self.n();
                let mut all_pos = rng.binomial(total, self.p() as f64 / total as f64);
                let mut all_neg = total - all_pos;
                if all_pos == 0 {
                    (all_pos, all_neg) = (1, total - 1);
                }
                if all_neg == 0 {
                    (all_pos, all_neg) = (total - 1, 1);
                }
                let easy_share = |easy: u64, hard: usize| easy as f64 / (easy + hard as u64) as f64;
                let mut drawn_easy_pos = rng.binomial(all_pos, easy_share(easy_pos, pos.len()));
                let mut drawn_easy_neg = rng.binomial(all_neg, easy_share(easy_neg, neg.len()));
                if all_pos - drawn_easy_pos == 0 {
                    drawn_easy_pos = all_pos - 1;
                }
                if all_neg - drawn_easy_neg == 0 {
                    drawn_easy_neg = all_neg - 1;
                }
                (
                    all_pos - drawn_easy_pos,
                    all_neg - drawn_easy_neg,
                    drawn_easy_pos,
                    drawn_easy_neg,
                )
            }
        };
        let draw = |rng: &mut Rng, from: &[f64], count: u64| -> Vec<f64> {
            let mut drawn: Vec<f64> = (0..count).map(|_| from[rng.below(from.len())]).collect();
            drawn.sort_by(f64::total_cmp);
            drawn
        };
        let drawn_pos = draw(rng, pos, hard_pos);
        let drawn_neg = draw(rng, neg, hard_neg);
        Outputs::from_sorted(drawn_pos, drawn_neg, self.rule()).with_easy(easy_pos, easy_neg)
    }

    /// Bootstrap confidence intervals of a vector-valued statistic (use NaN where it is
    /// undefined), one interval per component, all from the same samples; `None` for a
    /// component undefined on the outputs or on every sample.
    ///
    /// ```
    /// use scorecheck_eval::{BootstrapOptions, Outputs};
    /// let outputs = Outputs::new(vec![0.9, 0.8, 0.7, 0.3], vec![0.1, 0.4, 0.5, 0.2]).unwrap();
    /// let options = BootstrapOptions::default().samples(200).seed(7);
    /// let ci = outputs.bootstrap_ci(|o| vec![o.auc().value()], &options).unwrap();
    /// let (lo, hi) = ci[0].unwrap();
    /// assert!(lo <= outputs.auc().value() && outputs.auc().value() <= hi);
    /// ```
    ///
    /// # Errors
    ///
    /// `alpha` not strictly between 0 and 1, fewer than 2 or more than
    /// [`MAX_BOOTSTRAP_SAMPLES`] samples, more than [`MAX_BOOTSTRAP_VALUES`] values to keep
    /// (samples × components of the statistic), or [`ErrorKind::Stopped`](crate::ErrorKind::Stopped)
    /// when the options' [`Stop`] asks to stop.
    pub fn bootstrap_ci<F: Fn(&Outputs) -> Vec<f64>>(
        &self,
        statistic: F,
        options: &BootstrapOptions,
    ) -> Result<Vec<Option<(f64, f64)>>, Error> {
        check_alpha(options.alpha)?;
        if options.samples < 2 {
            return Err(Error::option(format!(
                "{} bootstrap samples are too few; use at least 2 (1000 is usual)",
                options.samples
            )));
        }
        if options.samples > MAX_BOOTSTRAP_SAMPLES {
            return Err(Error::option(format!(
                "{} bootstrap samples are more than the {MAX_BOOTSTRAP_SAMPLES} allowed",
                options.samples
            )));
        }
        let estimate = statistic(self);
        if estimate.len().saturating_mul(options.samples) > MAX_BOOTSTRAP_VALUES {
            return Err(Error::option(format!(
                "{} bootstrap samples of {} values each are more than the {MAX_BOOTSTRAP_VALUES} values kept at most; ask for fewer samples or fewer values (at most {} samples here)",
                options.samples,
                estimate.len(),
                MAX_BOOTSTRAP_VALUES / estimate.len().max(1)
            )));
        }
        let mut values: Vec<Vec<f64>> = vec![Vec::with_capacity(options.samples); estimate.len()];
        let mut rng = Rng::new(options.seed);
        for done in 0..options.samples {
            if options.stop.requested() {
                return Err(Error::new(crate::error::ErrorKind::Stopped {
                    done,
                    total: options.samples,
                }));
            }
            let sample = self.bootstrap_sample(&mut rng, options.sampling);
            for (column, value) in values.iter_mut().zip(statistic(&sample)) {
                column.push(value);
            }
        }
        Ok(estimate
            .iter()
            .zip(&values)
            .map(|(&e, column)| interval_from_values(column, e, options.alpha, options.method))
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_statistic_the_same_in_every_resample_has_a_point_interval() {
        // score_analysis's answer: z0 is infinite, the quantile of a constant is the constant.
        for method in [
            BootstrapMethod::Bca,
            BootstrapMethod::Bc,
            BootstrapMethod::Quantile,
        ] {
            assert_eq!(
                interval_from_values(&[1.0; 50], 1.0, 0.05, method),
                Some((1.0, 1.0)),
                "{method:?}"
            );
        }
    }

    #[test]
    fn quantile_matches_numpy_linear() {
        let v = [1.0, 2.0, 4.0, 8.0];
        assert_eq!(quantile(&v, 0.0), 1.0);
        assert_eq!(quantile(&v, 1.0), 8.0);
        assert_eq!(quantile(&v, 0.5), 3.0);
        assert!((quantile(&v, 0.9) - 6.8).abs() < 1e-12);
    }

    #[test]
    fn same_seed_same_interval_and_stratified_keeps_class_sizes() {
        let outputs = Outputs::new(vec![0.9, 0.8, 0.7, 0.3, 0.6], vec![0.1, 0.4, 0.5, 0.2])
            .unwrap()
            .with_easy(2, 1);
        for sampling in [Sampling::Replacement, Sampling::StratifiedByLabel] {
            for method in [
                BootstrapMethod::Quantile,
                BootstrapMethod::Bc,
                BootstrapMethod::Bca,
            ] {
                let options = BootstrapOptions::default()
                    .samples(300)
                    .sampling(sampling)
                    .method(method)
                    .seed(3);
                let a = outputs
                    .bootstrap_ci(|o| vec![o.auc().value(), o.eer().eer], &options)
                    .unwrap();
                let b = outputs
                    .bootstrap_ci(|o| vec![o.auc().value(), o.eer().eer], &options)
                    .unwrap();
                assert_eq!(a, b);
                let (lo, hi) = a[0].unwrap();
                assert!(lo <= hi && (0.0..=1.0).contains(&lo) && (0.0..=1.0).contains(&hi));
            }
        }
        let mut rng = Rng::new(5);
        for _ in 0..20 {
            let s = outputs.bootstrap_sample(&mut rng, Sampling::StratifiedByLabel);
            assert_eq!(
                (s.p(), s.n(), s.easy()),
                (outputs.p(), outputs.n(), outputs.easy())
            );
            let s = outputs.bootstrap_sample(&mut rng, Sampling::Replacement);
            assert_eq!(s.p() + s.n(), outputs.p() + outputs.n());
            assert!(!s.positives().is_empty() && !s.negatives().is_empty());
        }
        assert!(outputs
            .bootstrap_ci(
                |o| vec![o.auc().value()],
                &BootstrapOptions::default().samples(1)
            )
            .is_err());
    }

    #[test]
    fn huge_sample_counts_are_errors_and_a_stop_says_how_far_it_got() {
        let outputs = Outputs::new(vec![0.9, 0.8, 0.3], vec![0.1, 0.4, 0.5]).unwrap();
        let auc = |o: &Outputs| vec![o.auc().value()];
        for samples in [usize::MAX, MAX_BOOTSTRAP_SAMPLES + 1] {
            let options = BootstrapOptions::default().samples(samples);
            let error = outputs.bootstrap_ci(auc, &options).unwrap_err();
            assert!(error.to_string().contains("more than"), "{error}");
        }
        let wide = |_: &Outputs| vec![0.5; 100];
        let options = BootstrapOptions::default().samples(MAX_BOOTSTRAP_SAMPLES);
        let error = outputs.bootstrap_ci(wide, &options).unwrap_err();
        assert!(
            error.to_string().contains("at most 160000 samples"),
            "{error}"
        );
        let asked = std::sync::atomic::AtomicUsize::new(0);
        let asked = std::sync::Arc::new(asked);
        let counter = std::sync::Arc::clone(&asked);
        let stop =
            Stop::new(move || counter.fetch_add(1, std::sync::atomic::Ordering::SeqCst) >= 7);
        let options = BootstrapOptions::default().samples(100).stop(stop);
        let error = outputs.bootstrap_ci(auc, &options).unwrap_err();
        assert_eq!(
            error.kind(),
            &crate::error::ErrorKind::Stopped {
                done: 7,
                total: 100
            }
        );
    }
}
