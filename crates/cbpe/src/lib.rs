//! Confidence-based performance estimation (NannyML's CBPE): the performance of a binary
//! classifier on unlabelled data, from its own calibrated probabilities.
//!
//! This layer
//!
//! - builds the expected confusion matrix of predictions with calibrated probabilities
//!   (TP = Σ[ŷ=1]·p, FP = Σ[ŷ=1]·(1−p), FN = Σ[ŷ=0]·p, TN = Σ[ŷ=0]·(1−p),
//!   [`ExpectedConfusionMatrix`]) and estimates every score of `scorecheck-algebra` on it, as
//!   well as ROC AUC and average precision over all thresholds as NannyML 0.13.1 does;
//! - estimates NannyML's `confusion_matrix` (its four cells, [`Metric::CONFUSION_MATRIX`], as
//!   counts or normalised by all rows, the predicted or the true class,
//!   [`ConfusionMatrixNormalization`]) and `business_value` (a [`BusinessValueMatrix`] of the
//!   cells' values, total or per prediction, [`BusinessValueNormalization`]) for binary
//!   models, with NannyML's sampling errors, thresholds and clipping;
//! - calibrates with isotonic regression (pool-adjacent-violators, [`IsotonicCalibrator`],
//!   interpolating and clipping as scikit-learn's `out_of_bounds="clip"`), and decides whether
//!   to calibrate from the Expected Calibration Error on seeded stratified shuffle splits
//!   ([`CalibrationRule`]: NannyML's code, pooled splits, by default; its documented
//!   every-fold rule as an option);
//! - chunks data as NannyML's size-, count- and period-based chunkers ([`Chunking`]; with
//!   timestamps, [`Sample::with_timestamps`], rows are first sorted by time and each chunk
//!   has its dates; periods are pandas' `to_period` frequencies, [`ChunkPeriod`], read from
//!   ISO 8601 [`Timestamp`]s by a small hand-written reader), and per chunk
//!   gives the estimate, the standard error (from the reference, as NannyML's
//!   `sampling_error` module), the realised value where labels exist, and an alert when the
//!   estimate leaves mean ± 3 std of the realised values on the reference chunks;
//! - does the same for multiclass models one-vs-rest ([`MulticlassCbpe`]): a calibration
//!   decision and calibrator per class, rows renormalised, macro-averaged estimates; and
//!   NannyML's multiclass `confusion_matrix`, a metric per (true class, predicted class) pair
//!   ([`Metric::MulticlassConfusionMatrix`] of a [`ClassPair`] of class indices, named
//!   `true_{a}_pred_{b}` from the class names by [`Metric::name_with_classes`]), for at most
//!   [`MAX_CONFUSION_MATRIX_CLASSES`] classes.
//!
//! What it deliberately does not do: no clock (long work asks the caller's [`Stop`] between
//! chunks and stages, and ends with [`ErrorKind::Stopped`] when it says so); no I/O and no JSON (the CLI reads CSV and JSON Lines);
//! no verdicts: the estimates are floating point and approximate by nature, so nothing here
//! feeds an exact check; no time zones (a timestamp with an offset is refused); no business
//! value for multiclass models (NannyML's `MulticlassClassificationBusinessValue`, with a
//! K×K value matrix, is not implemented): asking for it is an error.
//! Where NannyML draws random numbers (the calibration splits, the average-precision
//! bootstrap) this crate uses its own seeded generator, so those parts are reproducible but
//! not bit-identical to NannyML.
//!
//! ```
//! use scorecheck_cbpe::{
//!     BusinessValueMatrix, Cbpe, CbpeOptions, Chunking, ConfusionMatrixNormalization, Metric,
//!     Sample,
//! };
//!
//! let probabilities: Vec<f64> = (0..200).map(|i| f64::from(i % 100) / 100.0).collect();
//! let predictions: Vec<bool> = probabilities.iter().map(|&p| p >= 0.5).collect();
//! let labels: Vec<bool> = (0..200).map(|i| (i * 37 % 100) < i % 100).collect();
//! let reference = Sample::new(probabilities.clone(), predictions.clone())?.with_labels(labels)?;
//! let options = CbpeOptions::default()
//!     .with_metrics(vec![Metric::from_name("f1")?, Metric::RocAuc])
//!     .with_chunking(Chunking::Size(50));
//! let cbpe = Cbpe::fit(&reference, options)?;
//! let estimate = cbpe.estimate(&Sample::new(probabilities, predictions)?)?;
//! assert_eq!(estimate.chunks.len(), 4);
//! assert!(estimate.chunks[0].metrics[0].estimated.is_some());
//!
//! // NannyML's confusion matrix (shares of the true class) and business value.
//! let mut metrics = Metric::from_names("confusion_matrix")?;
//! metrics.push(Metric::BusinessValue);
//! let options = CbpeOptions::default()
//!     .with_metrics(metrics)
//!     .with_chunking(Chunking::Size(50))
//!     .with_normalize_confusion_matrix(ConfusionMatrixNormalization::True)
//!     .with_business_value_matrix(BusinessValueMatrix::new([[0.0, -5.0], [-20.0, 50.0]])?);
//! let cbpe = Cbpe::fit(&reference, options)?;
//! let estimate = cbpe.estimate(&reference)?;
//! let first = &estimate.chunks[0].metrics;
//! assert_eq!(first[0].metric.name(), "true_positive");
//! let (tp, fn_) = (first[0].estimated.unwrap(), first[3].estimated.unwrap());
//! assert!((tp + fn_ - 1.0).abs() < 1e-12);
//! assert!(first[4].realized.is_some());
//! # Ok::<(), scorecheck_cbpe::Error>(())
//! ```
//!
//! Cargo features: none.

#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(unreachable_pub)]

mod calibration;
mod chunk;
mod class_pair;
mod confusion;
mod error;
mod estimate;
mod expected;
mod isotonic;
mod metric;
mod multiclass;
mod numpy_sum;
mod period;
mod sampling_error;
mod time;

pub use calibration::{
    equal_count_bins, expected_calibration_error, CalibrationDecision, CalibrationRule,
};
pub use chunk::{Chunk, Chunking, MAX_CHUNKS};
pub use class_pair::{ClassPair, MAX_CONFUSION_MATRIX_CLASSES};
pub use confusion::{
    BusinessValueMatrix, BusinessValueNormalization, Cell, ConfusionMatrixNormalization,
};
pub use error::{Error, ErrorKind};
pub use estimate::{
    Cbpe, CbpeOptions, ChunkEstimate, Estimate, MetricEstimate, Sample, Thresholds,
};
pub use expected::{
    estimated_average_precision, estimated_roc_auc, realized_average_precision, realized_roc_auc,
    ExpectedConfusionMatrix,
};
pub use isotonic::{pool_adjacent_violators, IsotonicCalibrator};
pub use metric::Metric;
pub use multiclass::{MulticlassCbpe, MulticlassEstimate, MulticlassSample};
pub use period::{ChunkPeriod, Period, PeriodUnit, PERIOD_FREQUENCIES};
pub use scorecheck_algebra::{Params, Score};
pub use scorecheck_clock::Stop;
pub use time::{Timestamp, TimestampError};
