//! Multiclass CBPE, one-vs-rest, as NannyML's `classification_multiclass` estimator.
//!
//! Each class gets its own calibration decision and isotonic calibrator (its probability
//! column against "label is this class"); the calibrated columns are then divided by their
//! row sum (uniform where the sum is 0), which NannyML does even when no class is
//! calibrated. Ranking metrics and scores are the mean over classes of the binary one-vs-rest
//! estimates; accuracy is the mean calibrated probability of the predicted class. Sampling
//! errors follow NannyML's `multiclass_classification` module (per-class variances combined,
//! ×1.2 for ROC AUC); realised values are scikit-learn's macro averages. The confusion
//! matrix (a metric per pair of classes) is estimated, realised and given sampling errors as
//! a whole matrix per chunk, as NannyML's `MulticlassClassificationConfusionMatrix`.

use scorecheck_algebra::Score;

use crate::calibration::{decide, CalibrationDecision, CheckOptions};
use crate::chunk::plan;
use crate::class_pair::{
    class_counts, estimated_matrix, realized_matrix, CellComponents, ClassMatrix,
    MAX_CONFUSION_MATRIX_CLASSES,
};
use crate::error::{Error, ErrorKind};
use crate::estimate::{
    standard_deviation_thresholds, CbpeOptions, ChunkEstimate, MetricEstimate, Thresholds,
    ESTIMATING, FITTING,
};
use crate::expected::{realized_average_precision, realized_roc_auc};
use crate::isotonic::IsotonicCalibrator;
use crate::metric::{multiclass_refusal, Metric};
use crate::sampling_error::{average_precision_bootstrap, bernoulli_std, roc_auc_rank_spread};
use crate::time::Timestamp;

/// Rows of a K-class model's output: a probability per class, the predicted class, and the
/// true class where known (classes are indices 0..K).
#[derive(Clone, Debug, PartialEq)]
pub struct MulticlassSample {
    classes: usize,
    /// Row-major, `classes` values per row.
    probabilities: Vec<f64>,
    predictions: Vec<usize>,
    labels: Option<Vec<usize>>,
    timestamps: Option<Vec<Timestamp>>,
}

impl MulticlassSample {
    /// A sample of `classes` probability columns (given row by row) and predicted classes.
    ///
    /// # Errors
    ///
    /// Fewer than 2 classes, no rows, a probability list that is not `classes` per row, a
    /// probability outside [0, 1] or a predicted class out of range (the error names the row).
    pub fn new(
        classes: usize,
        probabilities: Vec<f64>,
        predictions: Vec<usize>,
    ) -> Result<MulticlassSample, Error> {
        if classes < 2 {
            return Err(Error::new(ErrorKind::InvalidOption {
                reason: format!("{classes} classes; a multiclass model has at least 2"),
            }));
        }
        if predictions.is_empty() {
            return Err(Error::new(ErrorKind::Empty {
                sample: "given".into(),
            }));
        }
        if probabilities.len() != predictions.len() * classes {
            return Err(Error::new(ErrorKind::LengthMismatch {
                column: "probabilities".into(),
                found: probabilities.len(),
                expected: predictions.len() * classes,
            }));
        }
        if let Some(i) = probabilities.iter().position(|p| !(0.0..=1.0).contains(p)) {
            return Err(Error::new(ErrorKind::ProbabilityOutOfRange {
                row: i / classes,
                value: probabilities[i],
            }));
        }
        check_classes(&predictions, classes, "predictions")?;
        Ok(MulticlassSample {
            classes,
            probabilities,
            predictions,
            labels: None,
            timestamps: None,
        })
    }

    /// The sample with a timestamp per row, as [`Sample::with_timestamps`](crate::Sample::with_timestamps).
    ///
    /// # Errors
    ///
    /// A timestamp column of another length.
    pub fn with_timestamps(
        mut self,
        timestamps: Vec<Timestamp>,
    ) -> Result<MulticlassSample, Error> {
        if timestamps.len() != self.predictions.len() {
            return Err(Error::new(ErrorKind::LengthMismatch {
                column: "timestamps".into(),
                found: timestamps.len(),
                expected: self.predictions.len(),
            }));
        }
        self.timestamps = Some(timestamps);
        Ok(self)
    }

    /// The timestamps, if given.
    pub fn timestamps(&self) -> Option<&[Timestamp]> {
        self.timestamps.as_deref()
    }

    /// The rows in this order (the original row at each position).
    fn permuted(&self, order: &[usize]) -> MulticlassSample {
        let k = self.classes;
        let pick = |values: &[usize]| order.iter().map(|&row| values[row]).collect();
        MulticlassSample {
            classes: k,
            probabilities: order
                .iter()
                .flat_map(|&row| self.probabilities[row * k..(row + 1) * k].iter().copied())
                .collect(),
            predictions: pick(&self.predictions),
            labels: self.labels.as_deref().map(pick),
            timestamps: self
                .timestamps
                .as_ref()
                .map(|times| order.iter().map(|&row| times[row]).collect()),
        }
    }

    /// The sample with true classes.
    ///
    /// # Errors
    ///
    /// A label list of another length or a class out of range.
    pub fn with_labels(mut self, labels: Vec<usize>) -> Result<MulticlassSample, Error> {
        if labels.len() != self.predictions.len() {
            return Err(Error::new(ErrorKind::LengthMismatch {
                column: "labels".into(),
                found: labels.len(),
                expected: self.predictions.len(),
            }));
        }
        check_classes(&labels, self.classes, "labels")?;
        self.labels = Some(labels);
        Ok(self)
    }

    /// Number of rows.
    pub fn len(&self) -> usize {
        self.predictions.len()
    }

    /// Always false: a sample has at least one row.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Number of classes.
    pub fn classes(&self) -> usize {
        self.classes
    }

    fn column(&self, class: usize) -> Vec<f64> {
        self.probabilities
            .iter()
            .skip(class)
            .step_by(self.classes)
            .copied()
            .collect()
    }
}

fn check_classes(values: &[usize], classes: usize, column: &str) -> Result<(), Error> {
    match values.iter().position(|&c| c >= classes) {
        Some(row) => Err(Error::new(ErrorKind::InvalidOption {
            reason: format!(
                "row {row}: {column} has class {} but there are only {classes} classes",
                values[row]
            ),
        })),
        None => Ok(()),
    }
}

/// What a metric keeps from the reference, per class.
#[derive(Clone, Debug, PartialEq)]
enum Components {
    /// SE = factor·√(Σₖ varₖ / (n·fractionₖ)) / K.
    Variances {
        parts: Vec<(f64, f64)>,
        factor: f64,
    },
    /// SE = std / √n.
    All {
        std: f64,
    },
    /// SE = √(meanₖ varₖ·sizeₖ / n).
    Bootstrap {
        parts: Vec<(f64, f64)>,
    },
    /// A cell of the confusion matrix.
    Cell(CellComponents),
    Unavailable,
}

impl Components {
    fn standard_error(&self, rows: usize) -> Option<f64> {
        let n = rows as f64;
        let se = match self {
            Components::Variances { parts, factor } => {
                let sum: f64 = parts.iter().map(|&(var, f)| var / (n * f)).sum();
                factor * sum.sqrt() / parts.len() as f64
            }
            Components::All { std } => std / n.sqrt(),
            Components::Bootstrap { parts } => {
                let mean = parts.iter().map(|&(var, size)| var * size / n).sum::<f64>()
                    / parts.len() as f64;
                mean.sqrt()
            }
            Components::Cell(cell) => return cell.standard_error(rows),
            Components::Unavailable => return None,
        };
        se.is_finite().then_some(se)
    }
}

/// One-vs-rest counts of class k: (tp, fp, fn, tn).
fn one_vs_rest_counts(
    labels: &[usize],
    predictions: &[usize],
    k: usize,
) -> (usize, usize, usize, usize) {
    let mut counts = (0, 0, 0, 0);
    for (&y, &p) in labels.iter().zip(predictions) {
        match (y == k, p == k) {
            (true, true) => counts.0 += 1,
            (false, true) => counts.1 += 1,
            (true, false) => counts.2 += 1,
            (false, false) => counts.3 += 1,
        }
    }
    counts
}

fn components(
    metric: Metric,
    reference: &MulticlassSample,
    labels: &[usize],
    options: &CbpeOptions,
    counts: &[usize],
) -> Components {
    let seed = options.seed;
    let k = reference.classes;
    let n = labels.len() as f64;
    let binarized = |class: usize| labels.iter().map(|&y| y == class).collect::<Vec<bool>>();
    let per_class = |f: &dyn Fn(usize, usize, usize, usize) -> (f64, f64)| Components::Variances {
        parts: (0..k)
            .map(|class| {
                let (tp, fp, fn_, tn) = one_vs_rest_counts(labels, &reference.predictions, class);
                f(tp, fp, fn_, tn)
            })
            .collect(),
        factor: 1.0,
    };
    let var = |ones: usize, zeros: usize| bernoulli_std(ones, zeros).powi(2);
    match metric {
        Metric::RocAuc => {
            let parts: Option<Vec<(f64, f64)>> = (0..k)
                .map(|class| {
                    roc_auc_rank_spread(&reference.column(class), &binarized(class))
                        .map(|(std, fraction)| (std * std, fraction))
                })
                .collect();
            parts.map_or(Components::Unavailable, |parts| Components::Variances {
                parts,
                factor: 1.2,
            })
        }
        Metric::AveragePrecision => {
            let parts: Option<Vec<(f64, f64)>> = (0..k)
                .map(|class| {
                    average_precision_bootstrap(&reference.column(class), &binarized(class), seed)
                        .map(|(std, size)| (std * std, size))
                })
                .collect();
            parts.map_or(Components::Unavailable, |parts| Components::Bootstrap {
                parts,
            })
        }
        Metric::Score(score) => match score {
            Score::Acc | Score::Err => {
                let correct = labels
                    .iter()
                    .zip(&reference.predictions)
                    .filter(|(y, p)| y == p)
                    .count();
                Components::All {
                    std: bernoulli_std(correct, labels.len() - correct),
                }
            }
            Score::F1p => {
                per_class(&|tp, fp, fn_, _| (var(tp, fp + fn_), (tp + fp + fn_) as f64 / n))
            }
            Score::Ppv | Score::Fdr => {
                per_class(&|tp, fp, _, _| (var(tp, fp), (tp + fp) as f64 / n))
            }
            Score::Sens | Score::Fnr => {
                per_class(&|tp, _, fn_, _| (var(tp, fn_), (tp + fn_) as f64 / n))
            }
            Score::Spec | Score::Fpr => {
                per_class(&|_, fp, _, tn| (var(tn, fp), (tn + fp) as f64 / n))
            }
            _ => Components::Unavailable,
        },
        Metric::MulticlassConfusionMatrix(pair) => Components::Cell(CellComponents::new(
            counts,
            k,
            pair,
            options.normalize_confusion_matrix,
            labels.len(),
        )),
        // Refused by `MulticlassCbpe::fit`.
        Metric::ConfusionMatrix(_) | Metric::BusinessValue => Components::Unavailable,
    }
}

fn mean(values: impl Iterator<Item = Option<f64>>) -> Option<f64> {
    let values: Option<Vec<f64>> = values.collect();
    let values = values?;
    (!values.is_empty()).then(|| values.iter().sum::<f64>() / values.len() as f64)
}

/// Columns of a chunk: per class, the probabilities of the rows.
fn chunk_columns(columns: &[Vec<f64>], rows: std::ops::Range<usize>) -> Vec<&[f64]> {
    columns.iter().map(|c| &c[rows.clone()]).collect()
}

fn estimate_metric(
    metric: Metric,
    calibrated: &[&[f64]],
    raw: &[&[f64]],
    predictions: &[usize],
    options: &CbpeOptions,
) -> Option<f64> {
    if metric == Metric::Score(Score::Acc) {
        let total: f64 = predictions
            .iter()
            .enumerate()
            .map(|(row, &p)| calibrated[p][row])
            .sum();
        return Some(total / predictions.len() as f64);
    }
    mean((0..calibrated.len()).map(|class| {
        let predicted: Vec<bool> = predictions.iter().map(|&p| p == class).collect();
        metric.estimate(
            calibrated[class],
            raw[class],
            &predicted,
            &options.settings(),
        )
    }))
}

fn realize_metric(
    metric: Metric,
    raw: &[&[f64]],
    predictions: &[usize],
    labels: &[usize],
    options: &CbpeOptions,
) -> Option<f64> {
    let k = raw.len();
    let present = |values: &[usize]| {
        let mut seen = vec![false; k];
        values.iter().for_each(|&c| seen[c] = true);
        seen.iter().filter(|&&s| s).count()
    };
    let binarized = |class: usize| labels.iter().map(|&y| y == class).collect::<Vec<bool>>();
    match metric {
        Metric::RocAuc => {
            if present(labels) < k {
                return None;
            }
            mean((0..k).map(|class| realized_roc_auc(raw[class], &binarized(class))))
        }
        Metric::AveragePrecision => {
            mean((0..k).map(|class| realized_average_precision(raw[class], &binarized(class))))
        }
        Metric::Score(Score::Acc) => {
            // NannyML: no realised accuracy on a chunk of one true or one predicted class.
            if present(labels) <= 1 || present(predictions) <= 1 {
                return None;
            }
            let correct = labels
                .iter()
                .zip(predictions)
                .filter(|(y, p)| y == p)
                .count();
            Some(correct as f64 / labels.len() as f64)
        }
        Metric::Score(score @ (Score::F1p | Score::Ppv | Score::Sens)) => {
            if present(labels) <= 1 || present(predictions) <= 1 {
                return None;
            }
            // scikit-learn's macro average with zero_division: an undefined class counts 0.
            mean((0..k).map(|class| {
                let predicted: Vec<bool> = predictions.iter().map(|&p| p == class).collect();
                let scores = vec![0.0; labels.len()];
                Some(
                    Metric::Score(score)
                        .realize_defined(
                            &scores,
                            &predicted,
                            &binarized(class),
                            &options.settings(),
                        )
                        .unwrap_or(0.0),
                )
            }))
        }
        Metric::Score(_) => mean((0..k).map(|class| {
            let predicted: Vec<bool> = predictions.iter().map(|&p| p == class).collect();
            let scores = vec![0.0; labels.len()];
            metric.realize_defined(&scores, &predicted, &binarized(class), &options.settings())
        })),
        // From the chunk's whole matrix (`ChunkMatrices`); refused by `MulticlassCbpe::fit`.
        Metric::MulticlassConfusionMatrix(_)
        | Metric::ConfusionMatrix(_)
        | Metric::BusinessValue => None,
    }
}

/// A chunk's estimated and realised confusion matrices, computed once for all K² cells
/// (only when a cell is asked for).
struct ChunkMatrices {
    estimated: Option<ClassMatrix>,
    realized: Option<ClassMatrix>,
}

/// The estimate of `metric` on a chunk: a confusion-matrix cell from the chunk's matrix,
/// any other metric by [`estimate_metric`].
fn chunk_estimate(
    metric: Metric,
    matrices: Option<&ChunkMatrices>,
    calibrated: &[&[f64]],
    raw: &[&[f64]],
    predictions: &[usize],
    options: &CbpeOptions,
) -> Option<f64> {
    match metric {
        Metric::MulticlassConfusionMatrix(pair) => matrices?.estimated.as_ref()?.get(pair),
        _ => estimate_metric(metric, calibrated, raw, predictions, options),
    }
}

/// The realised value of `metric` on a labelled chunk, as [`chunk_estimate`].
fn chunk_realized(
    metric: Metric,
    realized: Option<&ClassMatrix>,
    raw: &[&[f64]],
    predictions: &[usize],
    labels: &[usize],
    options: &CbpeOptions,
) -> Option<f64> {
    match metric {
        Metric::MulticlassConfusionMatrix(pair) => realized?.get(pair),
        _ => realize_metric(metric, raw, predictions, labels, options),
    }
}

/// The result of a multiclass estimation run.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct MulticlassEstimate {
    /// The calibration decision of each class.
    pub calibration: Vec<CalibrationDecision>,
    /// Thresholds per metric, in the order of the options.
    pub thresholds: Vec<(Metric, Thresholds)>,
    /// The analysis chunks, in order.
    pub chunks: Vec<ChunkEstimate>,
    /// When the analysis had timestamps: the original row at each position in time order.
    pub row_order: Option<Vec<usize>>,
}

/// Multiclass CBPE fitted on reference data.
#[derive(Clone, Debug)]
pub struct MulticlassCbpe {
    options: CbpeOptions,
    classes: usize,
    calibration: Vec<CalibrationDecision>,
    calibrators: Vec<Option<IsotonicCalibrator>>,
    components: Vec<Components>,
    thresholds: Vec<Thresholds>,
}

impl MulticlassCbpe {
    /// Fits on labelled reference data (every class must occur among the labels).
    ///
    /// # Errors
    ///
    /// Reference without labels or missing a class, a chunking that does not fit, too few
    /// rows for a calibration check, invalid options, or [`ErrorKind::Stopped`] when the
    /// options' [`Stop`](crate::Stop) asks to stop.
    pub fn fit(
        reference: &MulticlassSample,
        options: CbpeOptions,
    ) -> Result<MulticlassCbpe, Error> {
        let labels = reference
            .labels
            .as_deref()
            .ok_or_else(|| Error::new(ErrorKind::MissingLabels))?;
        let k = reference.classes;
        if let Some(missing) = (0..k).find(|c| !labels.contains(c)) {
            return Err(Error::new(ErrorKind::MissingClass { class: missing }));
        }
        options.check_metrics()?;
        if let Some(&metric) = options.metrics.iter().find(|m| m.binary_only()) {
            return Err(Error::new(ErrorKind::InvalidOption {
                reason: multiclass_refusal(metric),
            }));
        }
        let has_cells = options.metrics.iter().any(Metric::multiclass_only);
        if has_cells && k > MAX_CONFUSION_MATRIX_CLASSES {
            return Err(Error::new(ErrorKind::InvalidOption {
                reason: format!(
                    "the confusion matrix of {k} classes has {} cells per chunk; it is estimated for at most {MAX_CONFUSION_MATRIX_CLASSES} classes",
                    k * k
                ),
            }));
        }
        if let Some(metric) = options.metrics.iter().find(|m| {
            matches!(m, Metric::MulticlassConfusionMatrix(pair) if pair.truth >= k || pair.predicted >= k)
        }) {
            return Err(Error::new(ErrorKind::InvalidOption {
                reason: format!(
                    "the metric {metric} names a class index beyond the {k} classes (0..{k})"
                ),
            }));
        }
        let check = CheckOptions {
            rule: options.calibration,
            seed: options.seed,
            test_fraction: options.test_fraction,
            bins: options.bins,
        };
        let (order, reference_chunks) =
            plan(&options.chunking, reference.len(), reference.timestamps())?;
        // Steps: the calibration of each class, then the components and thresholds of each
        // metric.
        let steps = k + 2 * options.metrics.len();
        let mut calibration = Vec::with_capacity(k);
        let mut calibrators = Vec::with_capacity(k);
        for class in 0..k {
            options.check_stop(FITTING, class, steps)?;
            let scores = reference.column(class);
            let binarized: Vec<bool> = labels.iter().map(|&y| y == class).collect();
            let decision = decide(&scores, &binarized, &check, &|| {
                options.check_stop(FITTING, class, steps)
            })?;
            calibrators.push(if decision.calibrated {
                IsotonicCalibrator::fit(&scores, &binarized)
            } else {
                None
            });
            calibration.push(decision);
        }
        let counts = if has_cells {
            class_counts(&reference.predictions, labels, k)
        } else {
            Vec::new()
        };
        let components = options
            .metrics
            .iter()
            .enumerate()
            .map(|(i, &m)| {
                options.check_stop(FITTING, k + i, steps)?;
                Ok(components(m, reference, labels, &options, &counts))
            })
            .collect::<Result<_, Error>>()?;
        // The thresholds come from the reference chunked as the analysis (in time order when
        // it has timestamps); the calibration and the components from the rows as given.
        let sorted = order.map(|order| reference.permuted(&order));
        let chunked = sorted.as_ref().unwrap_or(reference);
        let chunked_labels = chunked.labels.as_deref().unwrap_or(labels);
        let raw: Vec<Vec<f64>> = (0..k).map(|c| chunked.column(c)).collect();
        // The realised confusion matrix of each reference chunk, once for all cells.
        let realized_matrices: Vec<Option<ClassMatrix>> = if has_cells {
            reference_chunks
                .iter()
                .map(|chunk| {
                    let rows = chunk.rows();
                    realized_matrix(
                        &chunked.predictions[rows.clone()],
                        &chunked_labels[rows],
                        k,
                        options.normalize_confusion_matrix,
                    )
                })
                .collect()
        } else {
            vec![None; reference_chunks.len()]
        };
        let thresholds = options
            .metrics
            .iter()
            .enumerate()
            .map(|(i, &metric)| {
                options.check_stop(FITTING, k + options.metrics.len() + i, steps)?;
                let realized: Vec<f64> = reference_chunks
                    .iter()
                    .zip(&realized_matrices)
                    .filter_map(|(chunk, matrix)| {
                        let rows = chunk.rows();
                        chunk_realized(
                            metric,
                            matrix.as_ref(),
                            &chunk_columns(&raw, rows.clone()),
                            &chunked.predictions[rows.clone()],
                            &chunked_labels[rows],
                            &options,
                        )
                    })
                    .collect();
                Ok(standard_deviation_thresholds(
                    &realized,
                    metric.limits(&options.settings()),
                ))
            })
            .collect::<Result<_, Error>>()?;
        Ok(MulticlassCbpe {
            options,
            classes: k,
            calibration,
            calibrators,
            components,
            thresholds,
        })
    }

    /// The calibration decision of each class.
    pub fn calibration(&self) -> &[CalibrationDecision] {
        &self.calibration
    }

    /// Calibrated and row-normalised probability columns of `sample`, one per class.
    fn calibrated_columns(&self, sample: &MulticlassSample) -> Vec<Vec<f64>> {
        let mut columns: Vec<Vec<f64>> = (0..self.classes)
            .map(|class| {
                let column = sample.column(class);
                match &self.calibrators[class] {
                    Some(c) => column.iter().map(|&p| c.predict(p)).collect(),
                    None => column,
                }
            })
            .collect();
        for row in 0..sample.len() {
            let sum: f64 = columns.iter().map(|c| c[row]).sum();
            for column in &mut columns {
                column[row] = if sum != 0.0 {
                    column[row] / sum
                } else {
                    1.0 / self.classes as f64
                };
            }
        }
        columns
    }

    /// Estimates every metric on every chunk of `analysis`.
    ///
    /// # Errors
    ///
    /// Another number of classes than the reference, a chunking that does not fit, or
    /// [`ErrorKind::Stopped`] when the options' [`Stop`](crate::Stop) asks to stop.
    pub fn estimate(&self, analysis: &MulticlassSample) -> Result<MulticlassEstimate, Error> {
        if analysis.classes != self.classes {
            return Err(Error::new(ErrorKind::InvalidOption {
                reason: format!(
                    "the analysis data has {} classes, the reference {}",
                    analysis.classes, self.classes
                ),
            }));
        }
        let (row_order, chunks) = plan(
            &self.options.chunking,
            analysis.len(),
            analysis.timestamps(),
        )?;
        let sorted = row_order.as_ref().map(|order| analysis.permuted(order));
        let analysis = sorted.as_ref().unwrap_or(analysis);
        let total = chunks.len();
        self.options.check_stop(ESTIMATING, 0, total)?;
        let calibrated = self.calibrated_columns(analysis);
        let raw: Vec<Vec<f64>> = (0..self.classes).map(|c| analysis.column(c)).collect();
        let has_cells = self.options.metrics.iter().any(Metric::multiclass_only);
        let normalization = self.options.normalize_confusion_matrix;
        let chunks = chunks
            .into_iter()
            .enumerate()
            .map(|(done, chunk)| {
                self.options.check_stop(ESTIMATING, done, total)?;
                let rows = chunk.rows();
                let calibrated = chunk_columns(&calibrated, rows.clone());
                let raw = chunk_columns(&raw, rows.clone());
                let predictions = &analysis.predictions[rows.clone()];
                let labels = analysis.labels.as_deref().map(|l| &l[rows.clone()]);
                let matrices = has_cells.then(|| ChunkMatrices {
                    estimated: estimated_matrix(&calibrated, predictions, normalization),
                    realized: labels.and_then(|labels| {
                        realized_matrix(predictions, labels, self.classes, normalization)
                    }),
                });
                let metrics: Vec<MetricEstimate> = self
                    .options
                    .metrics
                    .iter()
                    .zip(&self.components)
                    .zip(&self.thresholds)
                    .map(|((&metric, components), thresholds)| {
                        let estimated = chunk_estimate(
                            metric,
                            matrices.as_ref(),
                            &calibrated,
                            &raw,
                            predictions,
                            &self.options,
                        );
                        let realized = labels.and_then(|labels| {
                            chunk_realized(
                                metric,
                                matrices.as_ref().and_then(|m| m.realized.as_ref()),
                                &raw,
                                predictions,
                                labels,
                                &self.options,
                            )
                        });
                        MetricEstimate::new(
                            metric,
                            estimated,
                            realized,
                            components.standard_error(chunk.len()),
                            thresholds,
                            metric.limits(&self.options.settings()),
                        )
                    })
                    .collect();
                let alert = metrics.iter().any(|m| m.alert);
                Ok(ChunkEstimate {
                    chunk,
                    metrics,
                    alert,
                })
            })
            .collect::<Result<_, Error>>()?;
        Ok(MulticlassEstimate {
            calibration: self.calibration.clone(),
            thresholds: self
                .options
                .metrics
                .iter()
                .copied()
                .zip(self.thresholds.iter().copied())
                .collect(),
            chunks,
            row_order,
        })
    }
}

/// A seeded generator for tests of this module.
#[cfg(test)]
fn test_rows(seed: u64, rows: usize, k: usize) -> (Vec<f64>, Vec<usize>, Vec<usize>) {
    let mut rng = crate::calibration::SplitMix64::new(seed);
    let mut probabilities = Vec::new();
    let mut predictions = Vec::new();
    let mut labels = Vec::new();
    for _ in 0..rows {
        let weights: Vec<f64> = (0..k).map(|_| (rng.below(1000) + 1) as f64).collect();
        let total: f64 = weights.iter().sum();
        let row: Vec<f64> = weights.iter().map(|w| w / total).collect();
        let predicted = (0..k)
            .max_by(|&a, &b| row[a].total_cmp(&row[b]))
            .unwrap_or(0);
        // The true class is drawn from the row's own probabilities.
        let mut u = rng.below(1_000_000) as f64 / 1e6;
        let mut label = k - 1;
        for (class, &p) in row.iter().enumerate() {
            if u < p {
                label = class;
                break;
            }
            u -= p;
        }
        probabilities.extend(row);
        predictions.push(predicted);
        labels.push(label);
    }
    (probabilities, predictions, labels)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::calibration::CalibrationRule;
    use crate::chunk::Chunking;

    #[test]
    fn calibrated_probabilities_estimate_close_to_the_truth() {
        let (p, pred, y) = test_rows(3, 6000, 3);
        let reference = MulticlassSample::new(3, p, pred)
            .unwrap()
            .with_labels(y)
            .unwrap();
        let (p, pred, y) = test_rows(4, 3000, 3);
        let analysis = MulticlassSample::new(3, p, pred)
            .unwrap()
            .with_labels(y)
            .unwrap();
        let options = CbpeOptions::default()
            .with_chunking(Chunking::Size(1000))
            .with_calibration(CalibrationRule::Never);
        let cbpe = MulticlassCbpe::fit(&reference, options).unwrap();
        let estimate = cbpe.estimate(&analysis).unwrap();
        assert_eq!(estimate.chunks.len(), 3);
        for chunk in &estimate.chunks {
            for m in &chunk.metrics {
                let (e, r, se) = (
                    m.estimated.unwrap(),
                    m.realized.unwrap(),
                    m.sampling_error.unwrap(),
                );
                assert!(
                    (e - r).abs() < 5.0 * se,
                    "{}: {e} vs {r} (se {se})",
                    m.metric
                );
            }
        }
    }

    #[test]
    fn rows_are_normalised_after_calibration() {
        let (p, pred, y) = test_rows(5, 2000, 4);
        let reference = MulticlassSample::new(4, p, pred)
            .unwrap()
            .with_labels(y)
            .unwrap();
        let options = CbpeOptions::default().with_calibration(CalibrationRule::Always);
        let cbpe = MulticlassCbpe::fit(&reference, options).unwrap();
        let columns = cbpe.calibrated_columns(&reference);
        for row in 0..reference.len() {
            let sum: f64 = columns.iter().map(|c| c[row]).sum();
            assert!((sum - 1.0).abs() < 1e-12);
        }
    }

    #[test]
    fn a_missing_class_is_an_error() {
        let sample = MulticlassSample::new(3, vec![0.5, 0.3, 0.2, 0.1, 0.8, 0.1], vec![0, 1])
            .unwrap()
            .with_labels(vec![0, 1])
            .unwrap();
        let error = MulticlassCbpe::fit(&sample, CbpeOptions::default()).unwrap_err();
        assert!(
            error.to_string().contains("class 2 never occurs"),
            "{error}"
        );
        assert!(MulticlassSample::new(3, vec![0.5; 6], vec![0, 3]).is_err());
    }
}
