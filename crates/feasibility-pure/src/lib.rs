//! The exact, pure-Rust feasibility backend: branch and bound over LP relaxations solved by a rational simplex.
//!
//! [`PureBackend`] implements [`scorecheck_feasibility::Feasibility`]. It is always
//! compiled and needs nothing but the Rust toolchain, so it is the default backend.
//!
//! How it decides:
//!
//! - **equality elimination**: an equality row with a coefficient ±1 (in integer form)
//!   defines that variable by the others, so both leave the problem and the variable's bounds
//!   become a row (multiclass programs: row sums of K×K matrices, tn − tp fixed per fold);
//!   the witness is expanded back and checked against the original problem;
//! - **presolve**: every row is scaled to coprime integer coefficients, so the activity of
//!   an integer point is an integer and the row range rounds inwards (this alone proves
//!   many mean-of-scores windows empty: all folds of equal size make the mean a multiple
//!   of 1/(k·p)); rows with one term become variable bounds;
//! - **LP relaxations** are solved by a bounded-variable primal simplex (phase one with
//!   artificials) in exact `BigRational` arithmetic. Only the m×m basis inverse is kept,
//!   since mean-of-scores programs have few rows and many bounded columns. Floating point
//!   only proposes entering columns; every pivot is checked and carried out exactly, and
//!   "relaxation empty" is concluded only after exact pricing. Degenerate stalls switch to
//!   Bland's rule, so every solve ends;
//! - **a local search** first: from the middle of the box, sweeps of single-variable steps
//!   and then pairs of ±1 moves shrink the row violations, and a seeded random kick of a few
//!   variables leaves each local minimum (floating point steers, the end point is checked
//!   exactly). It answers most feasible mean-of-scores problems outright,
//!   and where it stalls its end point is a nearly feasible start for the root relaxation;
//! - **bound propagation** at every node (exact integer rounding over each row's range)
//!   closes boxes before any LP is solved and tightens the rest;
//! - **branch and bound**, depth first, branching on a fractional value with the nearer
//!   side first (a dive), rounding the few fractional values of each relaxation point in
//!   every floor/ceiling combination with exact row checks, and rerunning the local search
//!   from the rounded point at early nodes and every 16th node after.
//!
//! Performance (release build, 2 shared cores): a 1000-variable mean-of-scores problem
//! (500 folds, four windows of width 2e-4) takes 0.1–0.3 s whether feasible or infeasible;
//! the weak spot is few folds with windows far narrower than one count's step, where
//! branch and bound may need many nodes (a few hundred milliseconds on 10 folds).
//!
//! Every witness passes [`scorecheck_feasibility::Problem::check`]; "infeasible" is
//! [`Certainty::Exact`] since every leaf was proven empty exactly. A [`Budget`] (nodes,
//! time) that runs out gives [`Verdict::Undecided`] saying how far the search got.
//!
//! What it deliberately does not do: no cutting planes, no optimisation (feasibility
//! only), no floating-point conclusion of any kind.
//!
//! ```
//! use num_rational::BigRational;
//! use scorecheck_feasibility::{checked, Budget, Certainty, Problem, Verdict};
//! use scorecheck_feasibility_pure::PureBackend;
//!
//! // Mean sensitivity of folds with 19, 31 and 23 positives in [0.9446, 0.9448]?
//! let mut problem = Problem::new();
//! let sizes = [19i64, 31, 23];
//! let terms = sizes
//!     .iter()
//!     .enumerate()
//!     .map(|(i, &p)| {
//!         let tp = problem.add_variable(format!("tp_{i}"), 0, p);
//!         (tp, BigRational::new(1.into(), (3 * p).into()))
//!     })
//!     .collect();
//! let bound = |n: i64| BigRational::new(n.into(), 10_000.into());
//! problem.add_constraint("mean sensitivity", terms, Some(bound(9446)), Some(bound(9448)));
//! match checked(&PureBackend::default(), &problem, &Budget::default()) {
//!     Verdict::Feasible { witness } => assert!(problem.check(&witness).is_ok()),
//!     Verdict::Infeasible { certainty, .. } => assert_eq!(certainty, Certainty::Exact),
//!     Verdict::Undecided { reason } => panic!("{reason}"),
//!     other => panic!("an answer this example does not know: {other:?}"),
//! }
//! ```
//!
//! Cargo features: none.

#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(unreachable_pub)]

mod branch;
mod eliminate;
mod presolve;
mod simplex;
mod stop;
mod walk;

use scorecheck_feasibility::{Budget, Certainty, Feasibility, Problem, Verdict};

/// The exact pure-Rust backend (see the crate documentation).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PureBackend;

/// The backend of this crate under the name every backend crate exports.
pub type Backend = PureBackend;

impl Feasibility for PureBackend {
    fn name(&self) -> std::borrow::Cow<'static, str> {
        "pure".into()
    }

    fn solve(&self, problem: &Problem, budget: &Budget) -> Verdict {
        if let Some((row, var)) = problem.unknown_variable() {
            return Verdict::Undecided {
                reason: format!(
                    "malformed problem: constraint {} refers to variable #{} which does not exist",
                    problem.constraints()[row].name,
                    var.0
                ),
            };
        }
        if let Some(reason) = problem.trivially_infeasible() {
            return Verdict::Infeasible {
                certainty: Certainty::Exact,
                reason,
            };
        }
        // Equalities with a ±1 coefficient leave the problem first (exactly equivalent; see
        // `eliminate`); a witness of the reduced problem is expanded and checked again.
        let started = scorecheck_clock::Instant::now();
        let deadline = budget.time_limit.map(|t| started + t);
        if let Some(reduced) = eliminate::eliminate(problem, &stop::Stop::new(budget, started)) {
            // What is left of the time limit goes to the search.
            let mut rest = budget.clone();
            rest.time_limit =
                deadline.map(|d| d.saturating_duration_since(scorecheck_clock::Instant::now()));
            match decide(&reduced.problem, &rest) {
                Verdict::Feasible { witness } => {
                    if let Some(full) = reduced
                        .expand(&witness)
                        .filter(|full| problem.check(full).is_ok())
                    {
                        return Verdict::Feasible { witness: full };
                    }
                }
                other => return other,
            }
            let mut rest = budget.clone();
            rest.time_limit =
                deadline.map(|d| d.saturating_duration_since(scorecheck_clock::Instant::now()));
            return decide(problem, &rest);
        }
        decide(problem, budget)
    }
}

/// Presolve, then branch and bound.
fn decide(problem: &Problem, budget: &Budget) -> Verdict {
    match presolve::presolve(problem) {
        Err(reason) => Verdict::Infeasible {
            certainty: Certainty::Exact,
            reason,
        },
        Ok(model) => branch::search(problem, &model, budget),
    }
}
