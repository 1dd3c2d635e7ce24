//! The metrics CBPE estimates: ROC AUC, average precision, and every score of the algebra.

use std::fmt;

use scorecheck_algebra::{evaluate, Counts, Params, Score};

use crate::error::{Error, ErrorKind};
use crate::expected::{
    estimated_average_precision, estimated_roc_auc, realized_average_precision, realized_roc_auc,
    ExpectedConfusionMatrix,
};

/// A metric CBPE can estimate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Metric {
    /// Area under the ROC curve.
    RocAuc,
    /// Average precision (area under the precision–recall curve, as a step sum).
    AveragePrecision,
    /// A confusion-matrix score, estimated from the expected confusion matrix.
    Score(Score),
}

impl Metric {
    /// NannyML's default metrics for binary classification, in its order.
    pub const NANNYML: [Metric; 7] = [
        Metric::RocAuc,
        Metric::Score(Score::F1p),
        Metric::Score(Score::Ppv),
        Metric::Score(Score::Sens),
        Metric::Score(Score::Spec),
        Metric::Score(Score::Acc),
        Metric::AveragePrecision,
    ];

    /// The metric of a name: `roc_auc`, `average_precision` (or `ap`, `pr_auc`), or any name,
    /// abbreviation or synonym of an algebra score (`f1`, `precision`, `mcc`, ...).
    ///
    /// # Errors
    ///
    /// An unknown name, with the closest known names.
    ///
    /// ```
    /// use scorecheck_cbpe::Metric;
    /// assert_eq!(Metric::from_name("recall")?.name(), "recall");
    /// assert_eq!(Metric::from_name("mcc")?.name(), "mcc");
    /// assert!(Metric::from_name("roc_acu").is_err());
    /// # Ok::<(), scorecheck_cbpe::Error>(())
    /// ```
    pub fn from_name(name: &str) -> Result<Metric, Error> {
        let wanted = name.trim().to_ascii_lowercase().replace([' ', '-'], "_");
        match wanted.as_str() {
            "roc_auc" | "auroc" | "auc" | "roc" => return Ok(Metric::RocAuc),
            "average_precision" | "ap" | "pr_auc" => return Ok(Metric::AveragePrecision),
            _ => {}
        }
        Score::from_name(name).map(Metric::Score).map_err(|_| {
            let mut suggestions: Vec<String> = ["roc_auc", "average_precision"]
                .iter()
                .filter(|known| strsim_like(&wanted, known))
                .map(|s| s.to_string())
                .collect();
            suggestions.extend(scorecheck_algebra::closest_names(&wanted, 3));
            Error::new(ErrorKind::UnknownMetric {
                name: name.to_string(),
                suggestions,
            })
        })
    }

    /// The name used in outputs: NannyML's for its metrics (`roc_auc`, `f1`, `precision`,
    /// `recall`, `specificity`, `accuracy`, `average_precision`), the algebra's
    /// abbreviation for the other scores.
    pub fn name(&self) -> &'static str {
        match self {
            Metric::RocAuc => "roc_auc",
            Metric::AveragePrecision => "average_precision",
            Metric::Score(Score::F1p) => "f1",
            Metric::Score(Score::Ppv) => "precision",
            Metric::Score(Score::Sens) => "recall",
            Metric::Score(Score::Spec) => "specificity",
            Metric::Score(Score::Acc) => "accuracy",
            Metric::Score(score) => score.abbreviation(),
        }
    }

    /// The range alert thresholds and confidence bounds are clipped to.
    pub(crate) fn limits(&self) -> (Option<f64>, Option<f64>) {
        match self {
            Metric::RocAuc | Metric::AveragePrecision => (Some(0.0), Some(1.0)),
            Metric::Score(score) => {
                let (lower, upper) = score.natural_range();
                (lower.map(|v| v as f64), upper.map(|v| v as f64))
            }
        }
    }

    /// The estimate on rows with calibrated and raw probabilities and predictions.
    pub(crate) fn estimate(
        &self,
        calibrated: &[f64],
        uncalibrated: &[f64],
        predictions: &[bool],
        params: &Params,
    ) -> Option<f64> {
        match self {
            Metric::RocAuc => estimated_roc_auc(calibrated, uncalibrated),
            Metric::AveragePrecision => estimated_average_precision(calibrated, uncalibrated),
            Metric::Score(score) => {
                ExpectedConfusionMatrix::from_predictions(calibrated, predictions)
                    .score(*score, params)
            }
        }
    }

    /// The realised value on labelled rows, undefined where NannyML's is (one class of
    /// labels or predictions for f1, precision and recall) or the score is.
    pub(crate) fn realize(
        &self,
        scores: &[f64],
        predictions: &[bool],
        labels: &[bool],
        params: &Params,
    ) -> Option<f64> {
        match self {
            Metric::RocAuc => realized_roc_auc(scores, labels),
            Metric::AveragePrecision => realized_average_precision(scores, labels),
            Metric::Score(score) => {
                let one_class = |values: &[bool]| values.iter().all(|&v| v == values[0]);
                if matches!(score, Score::F1p | Score::Ppv | Score::Sens)
                    && (labels.is_empty() || one_class(labels) || one_class(predictions))
                {
                    return None;
                }
                self.realize_defined(scores, predictions, labels, params)
            }
        }
    }

    /// The realised value, undefined only where the metric itself is.
    pub(crate) fn realize_defined(
        &self,
        scores: &[f64],
        predictions: &[bool],
        labels: &[bool],
        params: &Params,
    ) -> Option<f64> {
        match self {
            Metric::RocAuc => realized_roc_auc(scores, labels),
            Metric::AveragePrecision => realized_average_precision(scores, labels),
            Metric::Score(score) => {
                let mut counts = Counts {
                    tp: 0.0,
                    tn: 0.0,
                    p: 0.0,
                    n: 0.0,
                };
                for (&y, &predicted) in labels.iter().zip(predictions) {
                    if y {
                        counts.p += 1.0;
                        counts.tp += f64::from(u8::from(predicted));
                    } else {
                        counts.n += 1.0;
                        counts.tn += f64::from(u8::from(!predicted));
                    }
                }
                evaluate(*score, &counts, params).filter(|v| v.is_finite())
            }
        }
    }
}

/// A cheap closeness test for the two metric names that are not algebra scores.
fn strsim_like(wanted: &str, known: &str) -> bool {
    let shared = wanted.chars().filter(|c| known.contains(*c)).count();
    wanted.len() >= 3 && shared * 4 >= known.len() * 3
}

impl fmt::Display for Metric {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
