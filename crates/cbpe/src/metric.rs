//! The metrics CBPE estimates: ROC AUC, average precision, every score of the algebra, the
//! cells of the confusion matrix (binary and multiclass) and the business value.

use std::borrow::Cow;
use std::fmt;

use scorecheck_algebra::{evaluate, Counts, Params, Score};

use crate::class_pair::ClassPair;
use crate::confusion::{
    estimate_business_value, estimate_cell, realize_business_value, realize_cell,
    BusinessValueMatrix, BusinessValueNormalization, Cell, ConfusionMatrixNormalization,
};
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
    /// A cell of the confusion matrix, normalised as
    /// [`CbpeOptions::normalize_confusion_matrix`](crate::CbpeOptions) says (binary models
    /// only).
    ConfusionMatrix(Cell),
    /// The business value: Σ value·cell over the confusion matrix, with the values of
    /// [`CbpeOptions::business_value_matrix`](crate::CbpeOptions) (binary models only).
    BusinessValue,
    /// A cell of a multiclass model's confusion matrix, by class indices, normalised as
    /// [`CbpeOptions::normalize_confusion_matrix`](crate::CbpeOptions) says (multiclass
    /// models only; [`Metric::multiclass_confusion_matrix`] gives all K² of them).
    MulticlassConfusionMatrix(ClassPair),
}

/// What the metrics need of the options besides the rows.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MetricSettings<'a> {
    pub(crate) params: &'a Params,
    pub(crate) normalize_confusion_matrix: ConfusionMatrixNormalization,
    pub(crate) business_value_matrix: Option<&'a BusinessValueMatrix>,
    pub(crate) normalize_business_value: BusinessValueNormalization,
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

    /// NannyML's `confusion_matrix` metric: its four cells, in its order of columns.
    pub const CONFUSION_MATRIX: [Metric; 4] = [
        Metric::ConfusionMatrix(Cell::TruePositive),
        Metric::ConfusionMatrix(Cell::TrueNegative),
        Metric::ConfusionMatrix(Cell::FalsePositive),
        Metric::ConfusionMatrix(Cell::FalseNegative),
    ];

    /// The metrics a name stands for: the four cells of [`Metric::CONFUSION_MATRIX`] for
    /// `confusion_matrix`, else the one metric of [`Metric::from_name`].
    ///
    /// # Errors
    ///
    /// An unknown name, with the closest known names.
    ///
    /// ```
    /// use scorecheck_cbpe::Metric;
    /// let names: Vec<&str> = Metric::from_names("confusion_matrix")?.iter().map(|m| m.name()).collect();
    /// assert_eq!(names, ["true_positive", "true_negative", "false_positive", "false_negative"]);
    /// assert_eq!(Metric::from_names("business_value")?, [Metric::BusinessValue]);
    /// # Ok::<(), scorecheck_cbpe::Error>(())
    /// ```
    pub fn from_names(name: &str) -> Result<Vec<Metric>, Error> {
        if normalise(name) == "confusion_matrix" {
            return Ok(Metric::CONFUSION_MATRIX.to_vec());
        }
        Metric::from_name(name).map(|m| vec![m])
    }

    /// NannyML's `confusion_matrix` metric of a `classes`-class model: a cell per (true
    /// class, predicted class) pair, by true class then predicted class as NannyML orders
    /// its columns.
    ///
    /// ```
    /// use scorecheck_cbpe::{ClassPair, Metric};
    /// let metrics = Metric::multiclass_confusion_matrix(3);
    /// assert_eq!(metrics.len(), 9);
    /// assert_eq!(metrics[1], Metric::MulticlassConfusionMatrix(ClassPair::new(0, 1)));
    /// ```
    pub fn multiclass_confusion_matrix(classes: usize) -> Vec<Metric> {
        ClassPair::all(classes)
            .into_iter()
            .map(Metric::MulticlassConfusionMatrix)
            .collect()
    }

    /// The metrics a name stands for in a multiclass model with these class names (in the
    /// model's order of classes): `confusion_matrix` is [`Metric::multiclass_confusion_matrix`],
    /// `true_{a}_pred_{b}` one of its cells; other names as [`Metric::from_name`].
    ///
    /// # Errors
    ///
    /// An unknown name, or a metric of binary models only (a binary cell such as
    /// `true_positive`, or `business_value`).
    ///
    /// ```
    /// use scorecheck_cbpe::{ClassPair, Metric};
    /// let classes = ["cat", "dog"];
    /// assert_eq!(Metric::from_names_for_classes("confusion_matrix", &classes)?.len(), 4);
    /// assert_eq!(
    ///     Metric::from_names_for_classes("true_dog_pred_cat", &classes)?,
    ///     [Metric::MulticlassConfusionMatrix(ClassPair::new(1, 0))]
    /// );
    /// assert!(Metric::from_names_for_classes("true_positive", &classes).is_err());
    /// # Ok::<(), scorecheck_cbpe::Error>(())
    /// ```
    pub fn from_names_for_classes<S: AsRef<str>>(
        name: &str,
        classes: &[S],
    ) -> Result<Vec<Metric>, Error> {
        if normalise(name) == "confusion_matrix" {
            return Ok(Metric::multiclass_confusion_matrix(classes.len()));
        }
        if let Some(pair) = ClassPair::from_name(name.trim(), classes) {
            return Ok(vec![Metric::MulticlassConfusionMatrix(pair)]);
        }
        let metric = Metric::from_name(name)?;
        if metric.binary_only() {
            return Err(Error::new(ErrorKind::InvalidOption {
                reason: multiclass_refusal(metric),
            }));
        }
        Ok(vec![metric])
    }

    /// The metric of a name: `roc_auc`, `average_precision` (or `ap`, `pr_auc`), a cell of
    /// the confusion matrix (`true_positive`, `true_negative`, `false_positive`,
    /// `false_negative`), `business_value`, or any name, abbreviation or synonym of an
    /// algebra score (`f1`, `precision`, `mcc`, ...). `confusion_matrix` stands for four
    /// metrics: see [`Metric::from_names`].
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
        let wanted = normalise(name);
        match wanted.as_str() {
            "roc_auc" | "auroc" | "auc" | "roc" => return Ok(Metric::RocAuc),
            "average_precision" | "ap" | "pr_auc" => return Ok(Metric::AveragePrecision),
            "business_value" => return Ok(Metric::BusinessValue),
            "confusion_matrix" => {
                return Err(Error::new(ErrorKind::InvalidOption {
                    reason: "confusion_matrix stands for four metrics (true_positive, true_negative, false_positive, false_negative); ask Metric::from_names for them".into(),
                }))
            }
            _ => {}
        }
        if let Some(cell) = Cell::ALL.into_iter().find(|c| c.name() == wanted) {
            return Ok(Metric::ConfusionMatrix(cell));
        }
        if let Ok(score @ (Score::Fbp | Score::Fbn)) = Score::from_name(name) {
            return Err(Error::new(ErrorKind::InvalidOption {
                reason: format!(
                    "{name:?} is an F-beta score ({score}) whose beta CBPE takes no option for: ask {} (the F1 score, beta 1)",
                    if score == Score::Fbp { "f1" } else { "f1n" }
                ),
            }));
        }
        Score::from_name(name).map(Metric::Score).map_err(|_| {
            let own_names = [
                "roc_auc",
                "average_precision",
                "confusion_matrix",
                "business_value",
                "true_positive",
                "true_negative",
                "false_positive",
                "false_negative",
            ];
            let mut suggestions: Vec<String> = own_names
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
            Metric::ConfusionMatrix(cell) => cell.name(),
            Metric::BusinessValue => "business_value",
            // The cell's own name needs the class names: `name_with_classes`.
            Metric::MulticlassConfusionMatrix(_) => "confusion_matrix",
        }
    }

    /// The name used in outputs, with the class names of a multiclass model (in the model's
    /// order of classes): NannyML's `true_{a}_pred_{b}` for a cell of the multiclass
    /// confusion matrix, else [`Metric::name`].
    ///
    /// ```
    /// use scorecheck_cbpe::{ClassPair, Metric};
    /// let cell = Metric::MulticlassConfusionMatrix(ClassPair::new(0, 2));
    /// assert_eq!(cell.name_with_classes(&["bird", "cat", "dog"]), "true_bird_pred_dog");
    /// assert_eq!(Metric::RocAuc.name_with_classes(&["bird", "cat", "dog"]), "roc_auc");
    /// ```
    pub fn name_with_classes<S: AsRef<str>>(&self, classes: &[S]) -> Cow<'static, str> {
        match self {
            Metric::MulticlassConfusionMatrix(pair) => Cow::Owned(pair.name(classes)),
            _ => Cow::Borrowed(self.name()),
        }
    }

    /// Whether NannyML has the metric for binary models only (here: the binary
    /// confusion-matrix cells, whose multiclass form is
    /// [`Metric::MulticlassConfusionMatrix`], and the business value).
    pub fn binary_only(&self) -> bool {
        matches!(self, Metric::ConfusionMatrix(_) | Metric::BusinessValue)
    }

    /// Whether the metric is for multiclass models only (the cells of the multiclass
    /// confusion matrix).
    pub fn multiclass_only(&self) -> bool {
        matches!(self, Metric::MulticlassConfusionMatrix(_))
    }

    /// The range alert thresholds and confidence bounds are clipped to.
    pub(crate) fn limits(&self, settings: &MetricSettings<'_>) -> (Option<f64>, Option<f64>) {
        match self {
            Metric::RocAuc | Metric::AveragePrecision => (Some(0.0), Some(1.0)),
            Metric::Score(score) => {
                let (lower, upper) = score.natural_range();
                (lower.map(|v| v as f64), upper.map(|v| v as f64))
            }
            // NannyML: a lower limit of 0, an upper one of 1 once normalised.
            Metric::ConfusionMatrix(_) | Metric::MulticlassConfusionMatrix(_) => (
                Some(0.0),
                settings
                    .normalize_confusion_matrix
                    .is_share()
                    .then_some(1.0),
            ),
            Metric::BusinessValue => (None, None),
        }
    }

    /// The estimate on rows with calibrated and raw probabilities and predictions.
    pub(crate) fn estimate(
        &self,
        calibrated: &[f64],
        uncalibrated: &[f64],
        predictions: &[bool],
        settings: &MetricSettings<'_>,
    ) -> Option<f64> {
        match self {
            Metric::RocAuc => estimated_roc_auc(calibrated, uncalibrated),
            Metric::AveragePrecision => estimated_average_precision(calibrated, uncalibrated),
            Metric::Score(score) => {
                ExpectedConfusionMatrix::from_predictions(calibrated, predictions)
                    .score(*score, settings.params)
            }
            Metric::ConfusionMatrix(cell) => estimate_cell(
                *cell,
                calibrated,
                predictions,
                settings.normalize_confusion_matrix,
            ),
            Metric::BusinessValue => estimate_business_value(
                calibrated,
                predictions,
                settings.business_value_matrix?,
                settings.normalize_business_value,
            ),
            // Estimated from the whole matrix, by the multiclass estimator.
            Metric::MulticlassConfusionMatrix(_) => None,
        }
    }

    /// The realised value on labelled rows, undefined where NannyML's is (one class of
    /// labels or predictions for f1, precision and recall) or the score is.
    pub(crate) fn realize(
        &self,
        scores: &[f64],
        predictions: &[bool],
        labels: &[bool],
        settings: &MetricSettings<'_>,
    ) -> Option<f64> {
        match self {
            Metric::Score(score) => {
                let one_class = |values: &[bool]| values.iter().all(|&v| v == values[0]);
                if matches!(score, Score::F1p | Score::Ppv | Score::Sens)
                    && (labels.is_empty() || one_class(labels) || one_class(predictions))
                {
                    return None;
                }
                self.realize_defined(scores, predictions, labels, settings)
            }
            _ => self.realize_defined(scores, predictions, labels, settings),
        }
    }

    /// The realised value, undefined only where the metric itself is.
    pub(crate) fn realize_defined(
        &self,
        scores: &[f64],
        predictions: &[bool],
        labels: &[bool],
        settings: &MetricSettings<'_>,
    ) -> Option<f64> {
        match self {
            Metric::RocAuc => realized_roc_auc(scores, labels),
            Metric::AveragePrecision => realized_average_precision(scores, labels),
            Metric::ConfusionMatrix(cell) => realize_cell(
                *cell,
                predictions,
                labels,
                settings.normalize_confusion_matrix,
            ),
            Metric::BusinessValue => realize_business_value(
                predictions,
                labels,
                settings.business_value_matrix?,
                settings.normalize_business_value,
            ),
            // Realised from the whole matrix, by the multiclass estimator.
            Metric::MulticlassConfusionMatrix(_) => None,
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
                evaluate(*score, &counts, settings.params).filter(|v| v.is_finite())
            }
        }
    }
}

/// Why a metric of binary models only is refused for a multiclass one.
pub(crate) fn multiclass_refusal(metric: Metric) -> String {
    match metric {
        Metric::ConfusionMatrix(cell) => format!(
            "the metric {cell} is a cell of the binary confusion matrix; a multiclass model's confusion matrix has a cell per pair of classes, true_{{class}}_pred_{{class}} (ask for confusion_matrix, or Metric::multiclass_confusion_matrix)"
        ),
        _ => format!(
            "the metric {metric} is supported for binary models only (NannyML's multiclass business value, with a K×K value matrix, is not implemented here); drop it from the metrics, or estimate a binary model"
        ),
    }
}

/// A name as compared: trimmed, lower case, spaces and hyphens as underscores.
fn normalise(name: &str) -> String {
    name.trim().to_ascii_lowercase().replace([' ', '-'], "_")
}

/// A cheap closeness test for the two metric names that are not algebra scores.
fn strsim_like(wanted: &str, known: &str) -> bool {
    let shared = wanted.chars().filter(|c| known.contains(*c)).count();
    wanted.len() >= 3 && shared * 4 >= known.len() * 3
}

impl fmt::Display for Metric {
    /// [`Metric::name`]; a multiclass cell with class indices, `true_0_pred_1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Metric::MulticlassConfusionMatrix(pair) => pair.fmt(f),
            _ => f.write_str(self.name()),
        }
    }
}
