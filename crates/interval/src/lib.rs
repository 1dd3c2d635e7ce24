//! Interval enclosures of scores: exact rational intervals, outward-rounded `f64` intervals, and enclosures over boxes of confusion matrices.
//!
//! This layer sits on `scorecheck-algebra` and answers "which values can this score take
//! on this set of matrices?" with intervals that provably contain every such value:
//!
//! - [`Interval`]: a closed interval with exact `BigRational` ends (never empty), with
//!   intersection, hull, width, containment and its integer hull; it implements
//!   [`scorecheck_algebra::Arith`], enclosing square roots with outward-rounded rational
//!   bounds, so every score formula of the algebra layer evaluates on it unchanged;
//! - [`IntervalUnion`]: finite unions of closed intervals in normal form;
//! - [`F64Interval`]: `f64` intervals rounded outward after every operation, also an
//!   [`scorecheck_algebra::Arith`] — fast, for pruning;
//! - [`enclose`], [`enclose_f64`] (the natural interval extension of a score over a box of
//!   tp and tn ranges) and [`enclose_monotone`] (sharper, from the monotonicity of every
//!   score in tp and tn, [`scorecheck_algebra::Score::trends`]).
//!
//! What it deliberately does not do: it gives no verdicts. An enclosure says where values
//! *can* lie, never that a value is attained; `f64` intervals prune a search and never
//! conclude one; no formula is written here (they live once in the algebra layer).
//!
//! ```
//! use scorecheck_algebra::{parse_decimal, Params, Score};
//! use scorecheck_interval::{enclose_monotone, Enclosure};
//!
//! // Can a reported MCC of 0.9 come from tp ∈ [0, 40], tn ∈ [0, 60] with p = n = 100?
//! let e = enclose_monotone(Score::Mcc, (0, 40), (0, 60), 100, 100, &Params::default());
//! let Enclosure::Within(range) = e else { panic!("mcc is defined at every corner") };
//! assert!(!range.contains(&parse_decimal("0.9")?)); // no: prune this box
//! assert!(range.contains(&parse_decimal("0")?));
//! # Ok::<(), scorecheck_algebra::Error>(())
//! ```
//!
//! Cargo features: none.

#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(unreachable_pub)]

mod enclose;
mod float;
mod rational;
mod union;

pub use enclose::{enclose, enclose_f64, enclose_monotone, Enclosure};
pub use float::F64Interval;
pub use rational::Interval;
pub use union::IntervalUnion;
