//! Integer feasibility problems with exact rational coefficients, and the backend trait.
//!
//! When scores are averaged over folds (mean of scores), deciding whether reported figures
//! are consistent becomes an integer feasibility problem over each fold's (tp, tn):
//! bounded integer variables and a few ranged rows `lower ≤ Σ c·x ≤ upper` whose
//! coefficients are exact rationals such as 1/(5·p_i). This layer holds:
//!
//! - the model: [`Problem`], [`Variable`], [`Constraint`], [`VarId`];
//! - [`IntegerRow`], a row scaled exactly to coprime integer coefficients with its range
//!   rounded inwards (equivalent over the integers), the form every backend works on;
//! - the exact point checker [`Problem::check`] (a [`Violation`] names the first failure);
//! - answers: [`Verdict`] with its [`Certainty`], search limits [`Budget`];
//! - the [`Feasibility`] trait every backend implements, and [`checked`], the gate every
//!   backend answer passes through: a "feasible" only counts once its witness has passed
//!   the exact check (or been repaired nearby by [`repair`], which backends may also use);
//! - optimisation of a linear [`Objective`] ([`Sense`], answered by an [`Optimum`]):
//!   [`Feasibility::optimize`], whose default [`optimize_by_bisection`] is exact bisection
//!   on the objective's grid of values by feasibility solves, and [`checked_optimize`], the
//!   gate that verifies every optimum's point;
//! - [`decide_parallel_rows`], an exact decision without branch and bound of programs whose
//!   rows, once tied variables are merged, all bound one linear form (the micro-averaged
//!   multiclass mean of scores), and [`ParallelRowsFirst`], a backend trying it first;
//! - [`float_kit`]: what a float backend needs to hand a [`Problem`] to a float solver and
//!   have its answer re-checked (the exact preliminaries, rows scaled exactly before they
//!   become `f64`, a float point turned into a verified witness), shared by the HiGHS,
//!   CBC and microlp backends;
//! - [`testing::BruteForce`], an enumerating oracle for small problems.
//!
//! The cases every backend must decide correctly, and the runner a backend's tests call,
//! are in the test-support crate `scorecheck-conformance` (a dev-dependency).
//!
//! What it deliberately does not do: it names no solver and solves nothing beyond brute
//! force (and the enumeration of [`decide_parallel_rows`]); backends live in their own crates (`scorecheck-feasibility-pure`, the exact
//! default, and `scorecheck-feasibility-highs`). No `f64` decides anything here: it appears
//! only in [`float_kit`], on the way to a float solver whose answers are checked exactly.
//!
//! ```
//! use num_rational::BigRational;
//! use scorecheck_feasibility::{checked, testing::BruteForce, Budget, Problem, Verdict};
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
//! // tp = (2, 2): (2/3 + 2/5) / 2 = 0.5333...
//! let verdict = checked(&BruteForce::default(), &problem, &Budget::default());
//! assert!(matches!(verdict, Verdict::Feasible { .. }));
//! assert!(problem.check(verdict.witness().unwrap()).is_ok());
//! ```
//!
//! Cargo features: `serde` (`Serialize`/`Deserialize` derives on the typed values; no format
//! is imposed). None is on by default.

#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(unreachable_pub)]

mod checked;
pub mod float_kit;
mod integer_row;
mod optimize;
mod parallel_rows;
mod problem;
pub mod testing;
mod verdict;

pub use checked::{checked, repair, ExactFirst, ExactOnly};
pub use integer_row::IntegerRow;
pub use num_rational::BigRational;
pub use optimize::{
    checked_optimize, is_better, optimize_by_bisection, strictly_better_than, Objective, Optimum,
    Sense,
};
pub use parallel_rows::{decide_parallel_rows, ParallelRowsFirst, MAX_PARALLEL_STEPS};
pub use problem::{Constraint, Problem, VarId, Variable, Violation, ViolationKind};
pub use verdict::{Budget, CancelFlag, Certainty, Conclusion, Feasibility, Verdict};
