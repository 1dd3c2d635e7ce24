//! Evaluation of a binary classifier's raw outputs, exactly where counts are integers.
//!
//! Given the scores a classifier gave its positives and negatives (score_analysis's
//! `Scores`), this layer computes:
//!
//! - confusion matrices at any number of thresholds under the four decision rules
//!   (≥, >, ≤, < from `score_class` and `equal_class`, see [`Rule`]), with "easy" samples
//!   counted as always right; every score of `scorecheck-algebra` at each, exactly;
//! - thresholds at operating points ([`Outputs::threshold_at`] for TPR, FPR, TNR, FNR,
//!   TOPR, TONR with linear, lower or higher interpolation) and the equal error rate
//!   ([`Outputs::eer`]), with score_analysis's semantics, and every threshold at which any
//!   score reaches a target ([`Outputs::thresholds_at_score`]);
//! - the ROC curve, the exact ROC-AUC as the Mann–Whitney count k/(2pn) ([`Auc`]), the exact
//!   partial AUC between two false positive rates ([`Outputs::partial_auc`]), the
//!   precision–recall curve and scikit-learn's average precision;
//! - Wilson and Clopper–Pearson intervals of the rates ([`binomial_interval`]; score_analysis
//!   uses Wald intervals, we do not) and seeded bootstrap intervals (quantile, BC, BCa) of any
//!   statistic ([`Outputs::bootstrap_ci`]);
//! - checks of reported figures against released outputs ([`Outputs::check_reported`]):
//!   every threshold and rule at which all reported scores hold exactly, and whether a
//!   reported AUC contains the exact AUC.
//!
//! What it deliberately does not do: no clock (a bootstrap asks the caller's [`Stop`] after
//! each sample and ends with [`ErrorKind::Stopped`] when it says so); no I/O and no JSON (the CLI reads files and renders
//! results); no search over unknown confusion matrices (that is the facade `scorecheck`);
//! scores are `f64` as the classifier wrote them, and comparisons between them are exact,
//! but thresholds interpolated between scores, the EER and the intervals are `f64`
//! estimates, never verdicts. Verdicts ([`Outputs::check_reported`]) use exact rationals.
//!
//! ```
//! use scorecheck_algebra::{Params, Score};
//! use scorecheck_eval::{Interpolation, Outputs, Rate};
//!
//! let outputs = Outputs::from_labels(&[1, 1, 1, 0, 0], &[1.0, 2.0, 3.0, 0.5, 1.5], &1)?;
//! let m = outputs.matrix_at(1.5);
//! assert_eq!(m.exact(Score::Acc, &Params::default()).unwrap().to_string(), "3/5");
//! assert_eq!(outputs.auc().exact().to_string(), "5/6");
//! let t = outputs.threshold_at(Rate::Tpr, 2.0 / 3.0, Interpolation::Linear)?;
//! assert_eq!((t, outputs.matrix_at(t).tp()), (2.0, 2));
//! # Ok::<(), scorecheck_eval::Error>(())
//! ```
//!
//! Cargo features: none.

#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(unreachable_pub)]

mod bootstrap;
mod check;
mod curves;
mod error;
mod intervals;
mod operating;
mod outputs;
mod rng;
mod solutions;
mod special;

pub use bootstrap::{
    BootstrapMethod, BootstrapOptions, Sampling, MAX_BOOTSTRAP_SAMPLES, MAX_BOOTSTRAP_VALUES,
};
pub use check::{AucVerdict, CheckOutcome, Fit, Reported};
pub use curves::{Auc, PrPoint, RocPoint};
pub use error::{Error, ErrorKind};
pub use intervals::{binomial_interval, rate_counts, IntervalMethod, RateCount};
pub use operating::{Eer, Interpolation, Rate};
pub use outputs::{BinaryClass, Outputs, Rule};
pub use scorecheck_clock::Stop;
pub use solutions::ScoreSolutions;
