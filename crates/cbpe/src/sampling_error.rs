//! Sampling errors of the estimated metrics, from reference data, as NannyML computes them.
//!
//! Each metric keeps a few numbers from the reference (its "components"); the standard error
//! on a chunk of n rows then follows from n alone. For precision, recall, specificity and F1
//! the components are the population standard deviation of per-observation values on the
//! relevant reference rows and the fraction of rows that are relevant, and
//! SE = std / √(n·fraction); for accuracy SE = std / √n over every row; for ROC AUC the
//! components come from the ranks of the positives; for average precision from a
//! bootstrap of 50 resamples of half the reference (at most 50 000 rows), seeded here,
//! where NannyML draws them from numpy's unseeded global generator. A confusion-matrix cell
//! keeps the standard deviation of its 0/1 indicator (over every row, or over the rows of
//! its true or predicted class once normalised so) and SE = std·√n for counts, std / √n for
//! shares of all rows, std / √(n·fraction) otherwise; the business value keeps the standard
//! deviation of the rows' values and SE = std·√n for the total, std / √n per prediction.

use crate::numpy_sum::numpy_sum;
use scorecheck_algebra::Score;

use crate::calibration::SplitMix64;
use crate::confusion::{
    relevant_rows, row_values, BusinessValueNormalization, ConfusionMatrixNormalization,
};
use crate::expected::realized_average_precision;
use crate::metric::{Metric, MetricSettings};

/// Resamples of the average-precision bootstrap (NannyML's `N_EXPERIMENTS`).
const BOOTSTRAP_RESAMPLES: usize = 50;
/// Largest bootstrap resample (NannyML's `MAX_RESAMPLE_SIZE`).
const MAX_RESAMPLE_SIZE: usize = 50_000;

/// What a metric keeps from the reference to give standard errors on chunks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Components {
    /// SE = std / √(n·fraction).
    Fraction { std: f64, fraction: f64 },
    /// SE = std / √n.
    All { std: f64 },
    /// SE = std·√(sample size / n).
    Bootstrap { std: f64, sample_size: f64 },
    /// SE = (std / √n)·n (a confusion-matrix cell as a count, NannyML's order of operations).
    Count { std: f64 },
    /// SE = (std·n) / √n (the total business value, NannyML's order of operations).
    Total { std: f64 },
    /// No sampling error for this metric.
    Unavailable,
}

impl Components {
    /// The standard error on a chunk of `rows` rows; `None` where it is not available or
    /// not a finite number.
    pub(crate) fn standard_error(&self, rows: usize) -> Option<f64> {
        let n = rows as f64;
        let se = match *self {
            Components::Fraction { std, fraction } => std / (n * fraction).sqrt(),
            Components::All { std } => std / n.sqrt(),
            Components::Bootstrap { std, sample_size } => std * (sample_size / n).sqrt(),
            Components::Count { std } => std / n.sqrt() * n,
            Components::Total { std } => std * n / n.sqrt(),
            Components::Unavailable => return None,
        };
        se.is_finite().then_some(se)
    }
}

/// Population standard deviation as numpy's `np.std` computes it (ddof = 0): the mean by
/// numpy's pairwise sum, then the pairwise sum of the squared deviations.
pub(crate) fn population_std(values: &[f64]) -> f64 {
    let n = values.len() as f64;
    let mean = numpy_sum(values.len(), &|i| values[i]) / n;
    let squares = numpy_sum(values.len(), &|i| (values[i] - mean) * (values[i] - mean));
    (squares / n).sqrt()
}

/// Standard deviation of `ones` values 1 and `zeros` values 0.
pub(crate) fn bernoulli_std(ones: usize, zeros: usize) -> f64 {
    let mut values = vec![1.0; ones];
    values.resize(ones + zeros, 0.0);
    population_std(&values)
}

/// Components of `metric` from the uncalibrated reference.
pub(crate) fn components(
    metric: Metric,
    scores: &[f64],
    predictions: &[bool],
    labels: &[bool],
    seed: u64,
    settings: &MetricSettings<'_>,
) -> Components {
    let n = labels.len();
    let count = |truth: bool, predicted: bool| {
        labels
            .iter()
            .zip(predictions)
            .filter(|&(&y, &p)| y == truth && p == predicted)
            .count()
    };
    let (tp, fp, fn_, tn) = (
        count(true, true),
        count(false, true),
        count(true, false),
        count(false, false),
    );
    let fraction = |part: usize| part as f64 / n as f64;
    match metric {
        Metric::RocAuc => roc_auc_components(scores, labels),
        Metric::AveragePrecision => average_precision_components(scores, labels, seed),
        Metric::ConfusionMatrix(cell) => {
            let normalization = settings.normalize_confusion_matrix;
            let (own, relevant) = relevant_rows(cell, predictions, labels, normalization);
            let std = bernoulli_std(own, relevant - own);
            match normalization {
                ConfusionMatrixNormalization::Counts => Components::Count { std },
                ConfusionMatrixNormalization::All => Components::All { std },
                ConfusionMatrixNormalization::Pred | ConfusionMatrixNormalization::True => {
                    Components::Fraction {
                        std,
                        fraction: fraction(relevant),
                    }
                }
            }
        }
        // Refused by `Cbpe::fit`; the multiclass estimator has its own components.
        Metric::MulticlassConfusionMatrix(_) => Components::Unavailable,
        Metric::BusinessValue => match settings.business_value_matrix {
            Some(values) => {
                let std = population_std(&row_values(predictions, labels, values));
                match settings.normalize_business_value {
                    BusinessValueNormalization::Total => Components::Total { std },
                    BusinessValueNormalization::PerPrediction => Components::All { std },
                }
            }
            None => Components::Unavailable,
        },
        Metric::Score(score) => match score {
            Score::Acc | Score::Err => Components::All {
                std: bernoulli_std(tp + tn, fp + fn_),
            },
            Score::Ppv | Score::Fdr => Components::Fraction {
                std: bernoulli_std(tp, fp),
                fraction: fraction(tp + fp),
            },
            Score::Sens | Score::Fnr => Components::Fraction {
                std: bernoulli_std(tp, fn_),
                fraction: fraction(tp + fn_),
            },
            Score::Spec | Score::Fpr => Components::Fraction {
                std: bernoulli_std(tn, fp),
                fraction: fraction(tn + fp),
            },
            Score::F1p => {
                let relevant = tp + fp + fn_;
                if relevant == 0 {
                    return Components::Unavailable;
                }
                // NannyML scales the 0/1 values so that their mean is the F1 score.
                let correcting = relevant as f64 / ((fn_ + fp) as f64 * 0.5 + tp as f64);
                let mut values = vec![correcting; tp];
                values.resize(relevant, 0.0);
                Components::Fraction {
                    std: population_std(&values),
                    fraction: fraction(relevant),
                }
            }
            _ => Components::Unavailable,
        },
    }
}

/// NannyML's ROC AUC components: with the minority class as positive (scores flipped when
/// positives are the majority), the ranks of the positives among scores sorted increasing,
/// less their own order, over the negatives; their standard deviation, and the positives'
/// fraction. As in NannyML, the smallest rank (0) drops out of the list.
fn roc_auc_components(scores: &[f64], labels: &[bool]) -> Components {
    match roc_auc_rank_spread(scores, labels) {
        Some((std, fraction)) => Components::Fraction { std, fraction },
        None => Components::Unavailable,
    }
}

/// The standard deviation and positive fraction behind [`roc_auc_components`].
pub(crate) fn roc_auc_rank_spread(scores: &[f64], labels: &[bool]) -> Option<(f64, f64)> {
    let n = labels.len();
    let positives = labels.iter().filter(|&&y| y).count();
    let flip = positives as f64 / n as f64 > 0.5;
    let (labels, scores): (Vec<bool>, Vec<f64>) = if flip {
        (
            labels.iter().map(|&y| !y).collect(),
            scores.iter().map(|&s| 1.0 - s).collect(),
        )
    } else {
        (labels.to_vec(), scores.to_vec())
    };
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| scores[a].total_cmp(&scores[b]));
    let ranks: Vec<usize> = order
        .iter()
        .enumerate()
        .filter(|&(rank, &i)| labels[i] && rank > 0)
        .map(|(rank, _)| rank)
        .collect();
    let n_pos = labels.iter().filter(|&&y| y).count();
    let n_neg = n - n_pos;
    if ranks.is_empty() || n_neg == 0 {
        return None;
    }
    let values: Vec<f64> = ranks
        .iter()
        .enumerate()
        .map(|(i, &rank)| (rank - i) as f64 / n_neg as f64)
        .collect();
    Some((population_std(&values), n_pos as f64 / n as f64))
}

fn average_precision_components(scores: &[f64], labels: &[bool], seed: u64) -> Components {
    match average_precision_bootstrap(scores, labels, seed) {
        Some((std, sample_size)) => Components::Bootstrap { std, sample_size },
        None => Components::Unavailable,
    }
}

/// The bootstrap behind [`average_precision_components`]: (standard deviation of the
/// resampled average precisions, resample size).
pub(crate) fn average_precision_bootstrap(
    scores: &[f64],
    labels: &[bool],
    seed: u64,
) -> Option<(f64, f64)> {
    let n = labels.len();
    let sample_size = (n / 2).min(MAX_RESAMPLE_SIZE);
    if sample_size == 0 || !labels.contains(&true) {
        return None;
    }
    let mut rng = SplitMix64::new(seed ^ 0xA5A5_5A5A_C3C3_3C3C);
    let mut results = Vec::with_capacity(BOOTSTRAP_RESAMPLES);
    let (mut sample_scores, mut sample_labels) = (vec![0.0; sample_size], vec![false; sample_size]);
    for _ in 0..BOOTSTRAP_RESAMPLES {
        for k in 0..sample_size {
            let i = rng.below(n);
            sample_scores[k] = scores[i];
            sample_labels[k] = labels[i];
        }
        // A resample without positives has no average precision; NannyML's would be NaN
        // and spoil the standard deviation, so it is simply left out here.
        if let Some(ap) = realized_average_precision(&sample_scores, &sample_labels) {
            results.push(ap);
        }
    }
    if results.is_empty() {
        return None;
    }
    Some((population_std(&results), sample_size as f64))
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::confusion::Cell;
    use scorecheck_algebra::Params;

    fn settings(params: &Params) -> MetricSettings<'_> {
        MetricSettings {
            params,
            normalize_confusion_matrix: ConfusionMatrixNormalization::Counts,
            business_value_matrix: None,
            normalize_business_value: BusinessValueNormalization::Total,
        }
    }

    #[test]
    fn accuracy_standard_error_is_the_binomial_one() {
        // 3 correct of 4: std = √(¾·¼); on 16 rows SE = std / 4.
        let params = Params::default();
        let c = components(
            Metric::Score(Score::Acc),
            &[0.9, 0.8, 0.2, 0.3],
            &[true, true, false, false],
            &[true, false, false, false],
            0,
            &settings(&params),
        );
        let se = c.standard_error(16).unwrap();
        assert!((se - (0.75f64 * 0.25).sqrt() / 4.0).abs() < 1e-15);
    }

    #[test]
    fn cell_standard_errors_follow_the_normalisation() {
        // Predictions 1 1 0 0, labels 1 0 0 0: one TP of 4 rows, of 1 real positive, of 2
        // predicted positives.
        let params = Params::default();
        let (predictions, labels) = ([true, true, false, false], [true, false, false, false]);
        let se = |normalization| {
            let settings = MetricSettings {
                normalize_confusion_matrix: normalization,
                ..settings(&params)
            };
            let metric = Metric::ConfusionMatrix(Cell::TruePositive);
            components(metric, &[0.5; 4], &predictions, &labels, 0, &settings).standard_error(16)
        };
        let std = (0.25f64 * 0.75).sqrt();
        assert!((se(ConfusionMatrixNormalization::Counts).unwrap() - std * 4.0).abs() < 1e-14);
        assert!((se(ConfusionMatrixNormalization::All).unwrap() - std / 4.0).abs() < 1e-15);
        // Of the real positives every one is a TP: std 0.
        assert_eq!(se(ConfusionMatrixNormalization::True), Some(0.0));
        // Of the predicted positives half: std ½, SE = ½ / √(16·½).
        let pred = se(ConfusionMatrixNormalization::Pred).unwrap();
        assert!((pred - 0.5 / 8f64.sqrt()).abs() < 1e-15);
    }

    #[test]
    fn roc_auc_components_follow_the_ranks() {
        // Sorted scores: labels 0 1 0 1 → positive ranks 1 and 3, less their order: 1, 2;
        // over 2 negatives: 0.5, 1.0, std 0.25; fraction ½.
        let c = roc_auc_components(&[0.1, 0.2, 0.3, 0.4], &[false, true, false, true]);
        assert_eq!(
            c,
            Components::Fraction {
                std: 0.25,
                fraction: 0.5
            }
        );
    }
}
