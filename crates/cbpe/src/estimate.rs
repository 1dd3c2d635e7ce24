//! Fitting CBPE on labelled reference data and estimating metrics on analysis chunks.

use scorecheck_algebra::Params;

use crate::calibration::{decide, CalibrationDecision, CalibrationRule, CheckOptions};
use crate::chunk::{plan, Chunk, Chunking};
use crate::confusion::{
    BusinessValueMatrix, BusinessValueNormalization, ConfusionMatrixNormalization,
};
use crate::error::{Error, ErrorKind};
use crate::isotonic::IsotonicCalibrator;
use crate::metric::{Metric, MetricSettings};
use crate::sampling_error::{components, Components};
use crate::time::Timestamp;
use crate::Stop;

/// Rows of model output: positive-class probabilities, predicted labels, and labels where
/// known.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    probabilities: Vec<f64>,
    predictions: Vec<bool>,
    labels: Option<Vec<bool>>,
    timestamps: Option<Vec<Timestamp>>,
}

impl Sample {
    /// A sample of probabilities and predicted labels.
    ///
    /// # Errors
    ///
    /// No rows, columns of different lengths, or a probability outside [0, 1] (the error
    /// names the row).
    pub fn new(probabilities: Vec<f64>, predictions: Vec<bool>) -> Result<Sample, Error> {
        if probabilities.is_empty() {
            return Err(Error::new(ErrorKind::Empty {
                sample: "given".into(),
            }));
        }
        if predictions.len() != probabilities.len() {
            return Err(Error::new(ErrorKind::LengthMismatch {
                column: "predictions".into(),
                found: predictions.len(),
                expected: probabilities.len(),
            }));
        }
        if let Some(row) = probabilities.iter().position(|p| !(0.0..=1.0).contains(p)) {
            return Err(Error::new(ErrorKind::ProbabilityOutOfRange {
                row,
                value: probabilities[row],
            }));
        }
        Ok(Sample {
            probabilities,
            predictions,
            labels: None,
            timestamps: None,
        })
    }

    /// The sample with a timestamp per row (NannyML's `timestamp_column_name`): chunks are
    /// then formed in time order and carry their dates, and [`Chunking::Period`] can be used.
    ///
    /// # Errors
    ///
    /// A timestamp column of another length.
    pub fn with_timestamps(mut self, timestamps: Vec<Timestamp>) -> Result<Sample, Error> {
        if timestamps.len() != self.probabilities.len() {
            return Err(Error::new(ErrorKind::LengthMismatch {
                column: "timestamps".into(),
                found: timestamps.len(),
                expected: self.probabilities.len(),
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
    pub(crate) fn permuted(&self, order: &[usize]) -> Sample {
        let pick = |column: &[f64]| order.iter().map(|&row| column[row]).collect();
        Sample {
            probabilities: pick(&self.probabilities),
            predictions: order.iter().map(|&row| self.predictions[row]).collect(),
            labels: self
                .labels
                .as_ref()
                .map(|labels| order.iter().map(|&row| labels[row]).collect()),
            timestamps: self
                .timestamps
                .as_ref()
                .map(|times| order.iter().map(|&row| times[row]).collect()),
        }
    }

    /// The sample with labels (realised metrics; required for reference data).
    ///
    /// # Errors
    ///
    /// A label column of another length.
    pub fn with_labels(mut self, labels: Vec<bool>) -> Result<Sample, Error> {
        if labels.len() != self.probabilities.len() {
            return Err(Error::new(ErrorKind::LengthMismatch {
                column: "labels".into(),
                found: labels.len(),
                expected: self.probabilities.len(),
            }));
        }
        self.labels = Some(labels);
        Ok(self)
    }

    /// Number of rows.
    pub fn len(&self) -> usize {
        self.probabilities.len()
    }

    /// Always false: a sample has at least one row.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The positive-class probabilities.
    pub fn probabilities(&self) -> &[f64] {
        &self.probabilities
    }

    /// The predicted labels.
    pub fn predictions(&self) -> &[bool] {
        &self.predictions
    }

    /// The labels, if given.
    pub fn labels(&self) -> Option<&[bool]> {
        self.labels.as_deref()
    }
}

/// Options of CBPE; start from `Default` and change what you need with the setters.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct CbpeOptions {
    /// The metrics to estimate (default: NannyML's seven, [`Metric::NANNYML`]).
    pub metrics: Vec<Metric>,
    /// How to chunk reference and analysis data (default: ten chunks by count).
    pub chunking: Chunking,
    /// How to decide on calibration (default: NannyML's code, ten pooled splits).
    pub calibration: CalibrationRule,
    /// Seed of the calibration splits and the average-precision bootstrap.
    pub seed: u64,
    /// Share of the reference in each test part of the calibration check (default 0.1).
    pub test_fraction: f64,
    /// Equal-count bins of the ECE (default 10).
    pub bins: usize,
    /// Betas of the F-beta scores.
    pub params: Params,
    /// How the confusion-matrix cells are normalised (NannyML's `normalize_confusion_matrix`;
    /// default: counts).
    pub normalize_confusion_matrix: ConfusionMatrixNormalization,
    /// The value of each cell, required by [`Metric::BusinessValue`] (NannyML's
    /// `business_value_matrix`; default: none).
    pub business_value_matrix: Option<BusinessValueMatrix>,
    /// How the business value is normalised (NannyML's `normalize_business_value`; default:
    /// the total).
    pub normalize_business_value: BusinessValueNormalization,
    /// Asked between the stages of fitting and between chunks (default: never stops).
    pub stop: Stop,
}

impl Default for CbpeOptions {
    fn default() -> CbpeOptions {
        CbpeOptions {
            metrics: Metric::NANNYML.to_vec(),
            chunking: Chunking::default(),
            calibration: CalibrationRule::default(),
            seed: 42,
            test_fraction: 0.1,
            bins: 10,
            params: Params::default(),
            normalize_confusion_matrix: ConfusionMatrixNormalization::default(),
            business_value_matrix: None,
            normalize_business_value: BusinessValueNormalization::default(),
            stop: Stop::never(),
        }
    }
}

impl CbpeOptions {
    /// With these metrics.
    pub fn with_metrics(mut self, metrics: Vec<Metric>) -> CbpeOptions {
        self.metrics = metrics;
        self
    }

    /// With this chunking.
    pub fn with_chunking(mut self, chunking: Chunking) -> CbpeOptions {
        self.chunking = chunking;
        self
    }

    /// With this calibration rule.
    pub fn with_calibration(mut self, rule: CalibrationRule) -> CbpeOptions {
        self.calibration = rule;
        self
    }

    /// With this seed.
    pub fn with_seed(mut self, seed: u64) -> CbpeOptions {
        self.seed = seed;
        self
    }

    /// With this normalisation of the confusion-matrix cells.
    pub fn with_normalize_confusion_matrix(
        mut self,
        normalization: ConfusionMatrixNormalization,
    ) -> CbpeOptions {
        self.normalize_confusion_matrix = normalization;
        self
    }

    /// With these values of the cells for [`Metric::BusinessValue`].
    pub fn with_business_value_matrix(mut self, values: BusinessValueMatrix) -> CbpeOptions {
        self.business_value_matrix = Some(values);
        self
    }

    /// With this normalisation of the business value.
    pub fn with_normalize_business_value(
        mut self,
        normalization: BusinessValueNormalization,
    ) -> CbpeOptions {
        self.normalize_business_value = normalization;
        self
    }

    /// What the metrics need of the options.
    pub(crate) fn settings(&self) -> MetricSettings<'_> {
        MetricSettings {
            params: &self.params,
            normalize_confusion_matrix: self.normalize_confusion_matrix,
            business_value_matrix: self.business_value_matrix.as_ref(),
            normalize_business_value: self.normalize_business_value,
        }
    }

    /// The checks of the metrics every fit makes: at least one, and the business value with
    /// its matrix.
    pub(crate) fn check_metrics(&self) -> Result<(), Error> {
        if self.metrics.is_empty() {
            return Err(Error::new(ErrorKind::InvalidOption {
                reason: "no metrics to estimate; name at least one".into(),
            }));
        }
        if self.metrics.contains(&Metric::BusinessValue) && self.business_value_matrix.is_none() {
            return Err(Error::new(ErrorKind::InvalidOption {
                reason: "the business_value metric needs a business value matrix (the value of each cell, NannyML's [[TN, FP], [FN, TP]]); set one".into(),
            }));
        }
        Ok(())
    }

    /// Asking `stop` between the stages of fitting and between chunks.
    pub fn with_stop(mut self, stop: Stop) -> CbpeOptions {
        self.stop = stop;
        self
    }

    /// `Err(Stopped)` when the caller's [`Stop`] asks to stop.
    pub(crate) fn check_stop(&self, stage: &str, done: usize, total: usize) -> Result<(), Error> {
        if self.stop.requested() {
            return Err(Error::stopped(stage, done, total));
        }
        Ok(())
    }
}

/// The stage named in [`ErrorKind::Stopped`] while fitting.
pub(crate) const FITTING: &str = "fitting the reference (sampling errors, thresholds, calibration)";
/// The stage named in [`ErrorKind::Stopped`] while estimating.
pub(crate) const ESTIMATING: &str = "estimating the analysis chunks";

/// Alert thresholds of one metric: realised values on the reference chunks, mean ± 3
/// standard deviations, clipped to the metric's range (NannyML's `StandardDeviationThreshold`).
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct Thresholds {
    /// Lower threshold; `None` when no reference chunk had a realised value.
    pub lower: Option<f64>,
    /// Upper threshold.
    pub upper: Option<f64>,
}

/// One metric on one chunk.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct MetricEstimate {
    /// The metric.
    pub metric: Metric,
    /// The estimate; `None` where undefined.
    pub estimated: Option<f64>,
    /// The realised value, where labels exist and it is defined.
    pub realized: Option<f64>,
    /// The standard error of the estimate (from the reference), where available.
    pub sampling_error: Option<f64>,
    /// max(range floor, estimate − 3·SE).
    pub lower_confidence: Option<f64>,
    /// min(range ceiling, estimate + 3·SE).
    pub upper_confidence: Option<f64>,
    /// Whether the estimate is outside the thresholds.
    pub alert: bool,
}

impl MetricEstimate {
    /// The entry of an estimate: confidence bounds clipped to the metric's range, and the
    /// alert when the estimate leaves the thresholds.
    pub(crate) fn new(
        metric: Metric,
        estimated: Option<f64>,
        realized: Option<f64>,
        sampling_error: Option<f64>,
        thresholds: &Thresholds,
        (floor, ceiling): (Option<f64>, Option<f64>),
    ) -> MetricEstimate {
        let band = estimated.zip(sampling_error);
        let lower_confidence =
            band.map(|(e, se)| floor.map_or(e - 3.0 * se, |f| f.max(e - 3.0 * se)));
        let upper_confidence =
            band.map(|(e, se)| ceiling.map_or(e + 3.0 * se, |c| c.min(e + 3.0 * se)));
        let alert = estimated.is_some_and(|e| {
            thresholds.lower.is_some_and(|l| e < l) || thresholds.upper.is_some_and(|u| e > u)
        });
        MetricEstimate {
            metric,
            estimated,
            realized,
            sampling_error,
            lower_confidence,
            upper_confidence,
            alert,
        }
    }
}

/// The estimates of one analysis chunk.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct ChunkEstimate {
    /// The chunk's rows.
    pub chunk: Chunk,
    /// One entry per metric, in the order of the options.
    pub metrics: Vec<MetricEstimate>,
    /// Whether any metric alerts.
    pub alert: bool,
}

/// The result of an estimation run.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Estimate {
    /// The calibration decision taken on the reference.
    pub calibration: CalibrationDecision,
    /// Thresholds per metric, in the order of the options.
    pub thresholds: Vec<(Metric, Thresholds)>,
    /// The analysis chunks, in order.
    pub chunks: Vec<ChunkEstimate>,
    /// When the analysis had timestamps: the original row at each position in time order
    /// (the chunks' `start` and `end` are positions in it).
    pub row_order: Option<Vec<usize>>,
}

/// CBPE fitted on reference data.
#[derive(Clone, Debug)]
pub struct Cbpe {
    options: CbpeOptions,
    calibration: CalibrationDecision,
    calibrator: Option<IsotonicCalibrator>,
    components: Vec<Components>,
    thresholds: Vec<Thresholds>,
}

pub(crate) fn standard_deviation_thresholds(
    values: &[f64],
    limits: (Option<f64>, Option<f64>),
) -> Thresholds {
    if values.is_empty() {
        return Thresholds {
            lower: None,
            upper: None,
        };
    }
    // numpy's `np.mean` and `np.std` (pairwise sums), as NannyML computes them: a threshold
    // one ulp off flips the alert of an estimate on it.
    let n = values.len() as f64;
    let mean = crate::numpy_sum::numpy_sum(values.len(), &|i| values[i]) / n;
    let std = crate::sampling_error::population_std(values);
    let (mut lower, mut upper) = (mean - 3.0 * std, mean + 3.0 * std);
    if let Some(floor) = limits.0 {
        if lower <= floor {
            lower = floor;
        }
    }
    if let Some(ceiling) = limits.1 {
        if upper >= ceiling {
            upper = ceiling;
        }
    }
    Thresholds {
        lower: Some(lower),
        upper: Some(upper),
    }
}

impl Cbpe {
    /// Fits on labelled reference data: sampling-error components and alert thresholds from
    /// the raw probabilities, then the calibration decision and, if chosen, the calibrator.
    ///
    /// # Errors
    ///
    /// Reference without labels or with one class only, a chunking that does not fit the
    /// reference, too few rows for the calibration check, invalid options, or
    /// [`ErrorKind::Stopped`] when the options' [`Stop`] asks to stop.
    pub fn fit(reference: &Sample, options: CbpeOptions) -> Result<Cbpe, Error> {
        let labels = reference
            .labels()
            .ok_or_else(|| Error::new(ErrorKind::MissingLabels))?;
        if labels.iter().all(|&y| y == labels[0]) {
            return Err(Error::new(ErrorKind::OneClass { class: labels[0] }));
        }
        if !(options.test_fraction > 0.0 && options.test_fraction < 1.0) {
            return Err(Error::new(ErrorKind::InvalidOption {
                reason: format!(
                    "the test fraction {} is not in (0, 1)",
                    options.test_fraction
                ),
            }));
        }
        options.check_metrics()?;
        if let Some(metric) = options.metrics.iter().find(|m| m.multiclass_only()) {
            return Err(Error::new(ErrorKind::InvalidOption {
                reason: format!(
                    "the metric {metric} is a cell of a multiclass confusion matrix; a binary model's confusion matrix is Metric::CONFUSION_MATRIX"
                ),
            }));
        }
        let settings = options.settings();
        let scores = reference.probabilities();
        let predictions = reference.predictions();
        // The thresholds come from the reference chunked as the analysis (in time order when
        // it has timestamps); the components and the calibration from the rows as given.
        let (order, reference_chunks) =
            plan(&options.chunking, reference.len(), reference.timestamps())?;
        let sorted = order.map(|order| reference.permuted(&order));
        let chunked = sorted.as_ref().unwrap_or(reference);
        let chunked_labels = chunked.labels().unwrap_or(labels);
        // Steps: the components and the thresholds of each metric, then the calibration.
        let steps = 2 * options.metrics.len() + 1;
        let components = options
            .metrics
            .iter()
            .enumerate()
            .map(|(i, &m)| {
                options.check_stop(FITTING, i, steps)?;
                Ok(components(
                    m,
                    scores,
                    predictions,
                    labels,
                    options.seed,
                    &settings,
                ))
            })
            .collect::<Result<_, Error>>()?;
        let thresholds = options
            .metrics
            .iter()
            .enumerate()
            .map(|(i, metric)| {
                options.check_stop(FITTING, options.metrics.len() + i, steps)?;
                let realized: Vec<f64> = reference_chunks
                    .iter()
                    .filter_map(|c| {
                        let rows = c.rows();
                        metric.realize(
                            &chunked.probabilities()[rows.clone()],
                            &chunked.predictions()[rows.clone()],
                            &chunked_labels[rows],
                            &settings,
                        )
                    })
                    .collect();
                Ok(standard_deviation_thresholds(
                    &realized,
                    metric.limits(&settings),
                ))
            })
            .collect::<Result<_, Error>>()?;
        options.check_stop(FITTING, steps - 1, steps)?;
        let calibration = decide(
            scores,
            labels,
            &CheckOptions {
                rule: options.calibration,
                seed: options.seed,
                test_fraction: options.test_fraction,
                bins: options.bins,
            },
            &|| options.check_stop(FITTING, steps - 1, steps),
        )?;
        options.check_stop(FITTING, steps - 1, steps)?;
        let calibrator = if calibration.calibrated {
            IsotonicCalibrator::fit(scores, labels)
        } else {
            None
        };
        Ok(Cbpe {
            options,
            calibration,
            calibrator,
            components,
            thresholds,
        })
    }

    /// The calibration decision.
    pub fn calibration(&self) -> &CalibrationDecision {
        &self.calibration
    }

    /// The probabilities the estimates use: calibrated if calibration was chosen.
    pub fn calibrate(&self, probabilities: &[f64]) -> Vec<f64> {
        match &self.calibrator {
            Some(calibrator) => probabilities
                .iter()
                .map(|&p| calibrator.predict(p))
                .collect(),
            None => probabilities.to_vec(),
        }
    }

    /// Estimates every metric on every chunk of `analysis`.
    ///
    /// # Errors
    ///
    /// A chunking that does not fit the analysis data, or [`ErrorKind::Stopped`] when the
    /// options' [`Stop`] asks to stop.
    pub fn estimate(&self, analysis: &Sample) -> Result<Estimate, Error> {
        let (row_order, chunks) = plan(
            &self.options.chunking,
            analysis.len(),
            analysis.timestamps(),
        )?;
        let sorted = row_order.as_ref().map(|order| analysis.permuted(order));
        let analysis = sorted.as_ref().unwrap_or(analysis);
        let total = chunks.len();
        self.options.check_stop(ESTIMATING, 0, total)?;
        let raw = analysis.probabilities();
        let calibrated = self.calibrate(raw);
        let predictions = analysis.predictions();
        let settings = self.options.settings();
        let chunks = chunks
            .into_iter()
            .enumerate()
            .map(|(done, chunk)| {
                self.options.check_stop(ESTIMATING, done, total)?;
                let rows = chunk.rows();
                let metrics: Vec<MetricEstimate> = self
                    .options
                    .metrics
                    .iter()
                    .zip(&self.components)
                    .zip(&self.thresholds)
                    .map(|((&metric, components), thresholds)| {
                        let estimated = metric.estimate(
                            &calibrated[rows.clone()],
                            &raw[rows.clone()],
                            &predictions[rows.clone()],
                            &settings,
                        );
                        let realized = analysis.labels().and_then(|labels| {
                            metric.realize(
                                &raw[rows.clone()],
                                &predictions[rows.clone()],
                                &labels[rows.clone()],
                                &settings,
                            )
                        });
                        MetricEstimate::new(
                            metric,
                            estimated,
                            realized,
                            components.standard_error(chunk.len()),
                            thresholds,
                            metric.limits(&settings),
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
        Ok(Estimate {
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;

    #[test]
    fn thresholds_are_numpys_to_the_last_bit() {
        // Chunk values whose mean is 1/2 and standard deviation exactly 1/6: numpy (and so
        // NannyML) gives a lower threshold of 0, and an estimate of 0 raises no alert. A row
        // order sum once gave 1.1e-16 and an alert on every chunk estimated at 0.
        let (h, s, t) = (0.5, 1.0 / 6.0, 2.0 / 3.0);
        let values = [h, h, s, t, t, 1.0 / 3.0, h, 1.0 / 3.0, t, t];
        let thresholds = standard_deviation_thresholds(&values, (Some(0.0), Some(1.0)));
        assert_eq!(thresholds.lower, Some(0.0));
        let thresholds = standard_deviation_thresholds(&values, (None, None));
        assert_eq!(thresholds.lower.map(f64::to_bits), Some(0.0f64.to_bits()));
    }

    fn reference() -> Sample {
        let probabilities: Vec<f64> = (0..400).map(|i| f64::from(i % 100) / 100.0).collect();
        let predictions: Vec<bool> = probabilities.iter().map(|&p| p >= 0.5).collect();
        let labels: Vec<bool> = (0..400).map(|i| (i * 37 % 100) < i % 100).collect();
        Sample::new(probabilities, predictions)
            .unwrap()
            .with_labels(labels)
            .unwrap()
    }

    #[test]
    fn a_stop_ends_the_work_saying_how_far_it_got() {
        // The hook answers "stop" from its fourth question on.
        let asked = Arc::new(AtomicUsize::new(0));
        let counter = Arc::clone(&asked);
        let stop = Stop::new(move || counter.fetch_add(1, Ordering::SeqCst) >= 3);
        let options = CbpeOptions::default()
            .with_chunking(Chunking::Size(50))
            .with_stop(stop);
        let error = Cbpe::fit(&reference(), options.clone()).unwrap_err();
        assert_eq!(
            error.kind(),
            &ErrorKind::Stopped {
                stage: FITTING.into(),
                done: 3,
                total: 15
            }
        );
        // Fitted without a stop, the estimate stops after its third chunk of eight.
        let cbpe = Cbpe::fit(&reference(), options.clone().with_stop(Stop::never())).unwrap();
        let cbpe = Cbpe { options, ..cbpe };
        asked.store(0, Ordering::SeqCst);
        let error = cbpe.estimate(&reference()).unwrap_err();
        assert_eq!(
            error.kind(),
            &ErrorKind::Stopped {
                stage: ESTIMATING.into(),
                done: 2,
                total: 8
            }
        );
        assert!(error.to_string().contains("after 2 of 8 steps"), "{error}");
    }
}
