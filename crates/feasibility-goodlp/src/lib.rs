//! CBC and microlp backends for the [`Feasibility`] trait, through the `good_lp` modelling crate; every answer passes exact checks before it counts.
//!
//! A [`Problem`] of `scorecheck-feasibility` becomes a `good_lp` model with bounded integer
//! variables, the problem's rows and a zero objective, solved by
//!
//! - `Cbc` (feature `cbc`): COIN-OR CBC, the solver the reference mlscorecheck uses, so
//!   timings compare like with like; a C++ system library (Debian: `coinor-libcbc-dev`);
//! - `MicroLp` (feature `microlp`): microlp, a pure-Rust branch and bound in `f64`.
//!
//! How floating point is kept from deciding a verdict:
//!
//! - every row is scaled exactly to coprime integer coefficients before any number becomes
//!   an `f64`, and its bounds are rounded inwards to integers (exact: the activity of an
//!   integer point is then an integer); a row whose integer window is empty proves
//!   infeasibility without a solver, with [`Certainty::Exact`];
//! - a point a solver calls feasible is rounded into the bounds and checked with exact
//!   rationals ([`Problem::check`]), else repaired nearby by [`scorecheck_feasibility::repair`];
//!   if that fails the answer is [`Verdict::Undecided`], never "feasible" on a float;
//! - an "infeasible" is certified when possible by an exact Farkas certificate: the same
//!   solver proposes multipliers of the rows (an auxiliary LP), and exact rationals check
//!   that the combined row has no point in the variable box. A certified answer has
//!   [`Certainty::Exact`];
//! - CBC's uncertified "infeasible" is reported with [`Certainty::Solver`], as HiGHS's is;
//!   microlp's is not reported at all: microlp has known wrong-infeasible bugs (its issues
//!   #10, #15 and #42), so without a certificate, or a confirming exact solve by a backend
//!   given to `MicroLp::confirmed_by`, the answer is [`Verdict::Undecided`];
//! - the [`Budget`]: its time limit goes to the solver (CBC rounds it up to whole seconds)
//!   and to the certificate and the confirming solve, which get what is left; its node
//!   limit is CBC's `maxNodes` and microlp's node limit.
//!
//! What it deliberately does not do: it is never the default backend (that is the exact
//! `scorecheck-feasibility-pure`), it names no other backend (a confirming backend is
//! handed in by the caller), it optimises nothing, and it prints nothing (CBC's logs are
//! off). A Farkas certificate proves that the relaxation is empty; problems that are
//! infeasible only for integers (`2x + 2y = 3` after scaling is caught, parity across
//! several rows is not) stay uncertified.
//!
//! Measured on the shared conformance cases of `scorecheck-feasibility` (see
//! `tests/conformance.rs` and the README): no wrong answer from either backend. CBC
//! answers every case; microlp without a confirming backend leaves the infeasible cases
//! that are infeasible only for integers undecided.
//!
//! ```
//! # #[cfg(feature = "microlp")] {
//! use num_rational::BigRational;
//! use scorecheck_feasibility::{checked, Budget, Problem, Verdict};
//! use scorecheck_feasibility_goodlp::MicroLp;
//!
//! // Mean sensitivity of two folds with 3 and 5 positives, reported as 0.53 ± 0.005.
//! let mut problem = Problem::new();
//! let tp0 = problem.add_variable("tp_0", 0, 3);
//! let tp1 = problem.add_variable("tp_1", 0, 5);
//! let r = |n: i64, d: i64| BigRational::new(n.into(), d.into());
//! problem.add_constraint(
//!     "mean sensitivity",
//!     vec![(tp0, r(1, 6)), (tp1, r(1, 10))],
//!     Some(r(525, 1000)),
//!     Some(r(535, 1000)),
//! );
//! let verdict = checked(&MicroLp::new(), &problem, &Budget::default());
//! let witness = verdict.witness().expect("tp = (2, 2) fits");
//! assert!(problem.check(witness).is_ok());
//! # }
//! ```
//!
//! Cargo features: `cbc` (CBC; needs the system library, `apt-get install -y
//! coinor-libcbc-dev` on Debian 12) and `microlp` (pure Rust). Without either, the crate
//! exports no backend. Neither is on by default, and the crate is not among the
//! workspace's default members.

#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(unreachable_pub)]

#[cfg(feature = "cbc")]
mod cbc;
#[cfg(any(feature = "cbc", feature = "microlp"))]
mod farkas;
#[cfg(feature = "microlp")]
mod micro;
#[cfg(any(feature = "cbc", feature = "microlp"))]
mod model;

#[cfg(feature = "cbc")]
pub use cbc::Cbc;
#[cfg(feature = "microlp")]
pub use micro::MicroLp;

// The names the docs above link to.
#[cfg(doc)]
use scorecheck_feasibility::{Budget, Certainty, Feasibility, Problem, Verdict};
