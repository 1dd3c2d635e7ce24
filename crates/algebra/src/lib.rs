//! Exact algebra of binary classification scores: the ground floor of scorecheck.
//!
//! This layer knows the scores (accuracy, sensitivity, MCC, ... 30 in all: the 27 of the
//! reference mlscorecheck 1.0.3 and the normalised forms nmcc, nmk and 1 − pt), their names
//! and synonyms, and how to evaluate them at a confusion matrix **exactly**:
//!
//! - every formula is written once, generic over the number type ([`Arith`], [`evaluate`]);
//! - [`Exact`] holds rationals and, for the square-root scores, values a + b·√c whose
//!   comparisons with rationals are decided without rounding ([`Exact::cmp_rational`]);
//! - reported figures are parsed from their decimal text into exact rationals
//!   ([`parse_decimal`]: `0.954` is 954/1000), and a reported value with uncertainty `eps`
//!   and tolerance `tol` means the closed interval [v − eps − tol, v + eps + tol]
//!   ([`reported_interval`]); a figure rounded by a known [`RoundingMode`], with eps or the
//!   unit of its last digit ([`last_digit_unit`]) as [`Uncertainty`], means the interval
//!   [`rounded_interval`] gives;
//! - `f64` evaluation exists for display and pruning only.
//!
//! What it deliberately does not do: no `f64` is in any verdict path; there is no interval
//! arithmetic (that is `scorecheck-interval`), no search over confusion matrices, no I/O.
//!
//! ```
//! use scorecheck_algebra::{parse_decimal, ConfusionMatrix, Params, Score};
//! use std::cmp::Ordering;
//!
//! let m = ConfusionMatrix::new(743, 4031, 1000, 6000)?;
//! let mcc = m.exact(Score::from_name("phi_coefficient")?, &Params::default()).unwrap();
//! // Exact: mcc is irrational here, yet compares exactly with any decimal.
//! assert_eq!(mcc.cmp_rational(&parse_decimal("0.5")?), Some(Ordering::Less));
//! # Ok::<(), scorecheck_algebra::Error>(())
//! ```
//!
//! Cargo features: `serde` (`Serialize`/`Deserialize` derives on the typed values; no format
//! is imposed). None is on by default.

#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(unreachable_pub)]

mod arith;
mod decimal;
mod error;
mod exact;
mod formula;
mod matrix;
mod names;
mod score;
mod small;

pub use arith::Arith;
pub use decimal::{
    last_digit_unit, parse_decimal, reported_interval, rounded_interval, DecimalFigure,
    RoundingMode, Uncertainty,
};
pub use error::{Error, ErrorKind};
pub use exact::Exact;
pub use formula::{counts_exact, evaluate, Counts, Params};
pub use matrix::{ConfusionMatrix, Trend};
pub use names::closest_names;
pub use num_rational::BigRational;
pub use score::Score;
/// Rationals serialized as `"8999/10000"` text: `#[serde(with = "scorecheck_algebra::serde_text")]`
/// on a `BigRational`, `Option`, `Vec` or term field (feature `serde`; scorecheck-rational's
/// `text` module, re-exported so that the engines reach it through the algebra).
#[cfg(feature = "serde")]
pub use scorecheck_rational::text as serde_text;
pub use scorecheck_rational::{cmp_f64_rational, cmp_rationals};
