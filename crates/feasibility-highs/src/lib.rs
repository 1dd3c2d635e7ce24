//! A HiGHS backend for the [`Feasibility`] trait: bounded integer programs handed to the HiGHS MIP solver, its answers re-checked exactly.
//!
//! [`HighsBackend`] decides whether a [`Problem`] of `scorecheck-feasibility` has an integer
//! point by building a mixed-integer model with a zero objective and running the HiGHS
//! branch and bound (the C++ solver, compiled from source by the `highs` crate). It is the
//! fast route for large mean-of-scores problems (hundreds of folds) where exact search is slow.
//!
//! How floating point is kept from deciding a verdict:
//!
//! - every row is scaled exactly before any number becomes an `f64`: denominators are
//!   cleared and the common factor divided out, so the row has coprime integer coefficients,
//!   and its bounds are rounded inwards to integers (exact, since the activity of an integer
//!   point is then an integer). A row whose integer window is empty proves infeasibility
//!   without the solver. Rows whose integer coefficients are huge are divided by their
//!   largest coefficient instead (HiGHS misjudges rows with coefficients near 1e-7);
//! - a point HiGHS calls feasible is rounded, re-checked with exact rationals
//!   ([`Problem::check`]), and if it fails (HiGHS accepts points a few 1e-9 outside a window)
//!   repaired by a small local search, or found again with every window shrunk by a margin;
//!   if all of that fails the answer is [`Verdict::Undecided`];
//! - an "infeasible" from HiGHS is confirmed by a second run with presolve off; only when
//!   both runs agree is it reported, as [`Verdict::Infeasible`] with [`Certainty::Solver`];
//! - a solver error, the time limit ([`Budget::time_limit`], HiGHS `time_limit`) or the node
//!   limit ([`Budget::max_nodes`], HiGHS `mip_max_nodes`) gives [`Verdict::Undecided`].
//!
//! What it deliberately does not do: it is never the default backend (that is the exact
//! `scorecheck-feasibility-pure`), and its "infeasible" is not a proof: it carries
//! [`Certainty::Solver`] unless exact arithmetic alone settled the question (an empty
//! variable range, an empty integer window of one row), which is [`Certainty::Exact`].
//! It does not optimise anything, and it prints nothing (HiGHS `output_flag` is off).
//! Call it through [`scorecheck_feasibility::checked`] like every backend.
//!
//! ```
//! use num_rational::BigRational;
//! use scorecheck_feasibility::{checked, Budget, Problem, Verdict};
//! use scorecheck_feasibility_highs::HighsBackend;
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
//! let verdict = checked(&HighsBackend::new(), &problem, &Budget::default());
//! let witness = verdict.witness().expect("tp = (2, 2) fits");
//! assert!(problem.check(witness).is_ok());
//! ```
//!
//! Cargo features: none.
//!
//! Build requirements: the `highs` crate compiles HiGHS (C++) from source with `cmake` and
//! generates its bindings with bindgen, which loads libclang. On Debian 12 a machine with the
//! Rust toolchain needs `apt-get install -y cmake g++ libclang1-14`. The clean build compiles
//! about 180 C++ files: roughly 3 minutes on two idle cores, far longer on a loaded machine.
//! That is why this crate is not among the workspace's default members.

#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(unreachable_pub)]

mod run;
mod witness;

use std::time::Instant;

use scorecheck_feasibility::float_kit::{deadline, prepare, FloatRow};
use scorecheck_feasibility::{Budget, Certainty, Feasibility, Problem, Verdict};

use crate::run::{Model, RunOutcome, RunSettings};
use crate::witness::verified_witness;

/// Margin by which normalised row windows are shrunk for the second try at a witness,
/// when the first point HiGHS returned failed the exact check and could not be repaired.
/// Rows are normalised to a largest coefficient of 1, so this is well above HiGHS's
/// feasibility tolerance (1e-7) and far below the windows of reported scores.
const SHRINK_MARGIN: f64 = 1e-6;

/// The HiGHS backend; its [`Feasibility::name`] is `"highs"`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct HighsBackend {
    // Room for options without a breaking change.
    _private: (),
}

impl HighsBackend {
    /// The backend with its only configuration.
    pub fn new() -> Self {
        Self::default()
    }
}

impl Feasibility for HighsBackend {
    fn name(&self) -> std::borrow::Cow<'static, str> {
        "highs".into()
    }

    fn solve(&self, problem: &Problem, budget: &Budget) -> Verdict {
        let start = Instant::now();
        let prepared = match prepare(problem) {
            Ok(prepared) => prepared,
            Err(verdict) => return verdict,
        };
        let settings = RunSettings {
            presolve: true,
            max_nodes: budget.max_nodes,
            deadline: deadline(start, budget),
        };
        Solver {
            problem,
            rows: prepared.float_rows(),
            settings,
        }
        .solve()
    }
}

/// One call of [`HighsBackend::solve`] after the exact preliminaries.
struct Solver<'a> {
    problem: &'a Problem,
    rows: &'a [FloatRow],
    settings: RunSettings,
}

impl Solver<'_> {
    fn solve(&self) -> Verdict {
        let model = match Model::build(self.problem, self.rows, 0.0) {
            Ok(model) => model,
            Err(reason) => return Verdict::Undecided { reason },
        };
        match model.run(self.settings) {
            RunOutcome::Point(values) => self.witness_from(&values, "HiGHS"),
            RunOutcome::Infeasible => self.confirm_infeasible(&model),
            RunOutcome::NoAnswer(reason) => Verdict::Undecided { reason },
        }
    }

    /// An exactly verified witness from HiGHS's point, else from a run with shrunk windows.
    fn witness_from(&self, values: &[f64], source: &str) -> Verdict {
        if let Some(witness) = verified_witness(self.problem, values) {
            return Verdict::Feasible { witness };
        }
        let failure = format!(
            "{source} returned a point that fails the exact check, and no integer point \
             nearby satisfies the problem"
        );
        if self.rows.iter().all(FloatRow::is_integral) {
            // Integer rows are exact in f64; shrinking them would only drop integer points.
            return Verdict::Undecided { reason: failure };
        }
        let shrunk = match Model::build(self.problem, self.rows, SHRINK_MARGIN) {
            Ok(model) => model,
            Err(reason) => return Verdict::Undecided { reason },
        };
        match shrunk.run(self.settings) {
            RunOutcome::Point(values) => match verified_witness(self.problem, &values) {
                Some(witness) => Verdict::Feasible { witness },
                None => Verdict::Undecided {
                    reason: format!("{failure}; a run with shrunk windows did not help"),
                },
            },
            RunOutcome::Infeasible | RunOutcome::NoAnswer(_) => Verdict::Undecided {
                reason: format!("{failure}; a run with shrunk windows found no point"),
            },
        }
    }

    /// A second run with presolve off must agree before "infeasible" is reported.
    fn confirm_infeasible(&self, model: &Model) -> Verdict {
        let settings = RunSettings {
            presolve: false,
            ..self.settings
        };
        match model.run(settings) {
            RunOutcome::Infeasible => Verdict::Infeasible {
                certainty: Certainty::Solver,
                reason: "HiGHS found no integer point, with and without presolve \
                         (a floating-point solver's answer, not an exact proof)"
                    .to_string(),
            },
            RunOutcome::Point(values) => match verified_witness(self.problem, &values) {
                Some(witness) => Verdict::Feasible { witness },
                None => Verdict::Undecided {
                    reason: "HiGHS disagrees with itself: infeasible with presolve, a point \
                                 without it, and that point fails the exact check"
                        .to_string(),
                },
            },
            RunOutcome::NoAnswer(reason) => Verdict::Undecided {
                reason: format!(
                    "HiGHS reported infeasible, but the confirming run without presolve gave no \
                     answer: {reason}"
                ),
            },
        }
    }
}
