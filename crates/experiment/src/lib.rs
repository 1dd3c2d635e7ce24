//! Experiments over datasets and folds, aggregated as a mean of scores, decided exactly.
//!
//! An [`Experiment`] is datasets of folds with known counts, windows on the reported mean
//! scores, and bounds on datasets' and folds' scores; [`build`] turns it into an integer
//! program over every fold's (tp, tn), [`decide_sides`] decides the common shapes exactly by
//! enumeration, and [`verdict`] answers any of them with a backend the caller chooses. An
//! [`UnknownFolds`] experiment gives only each dataset's counts and k; [`search`] tries every
//! fold configuration (in parallel, budgeted, stopping at the first feasible one). A reported
//! mean of per-fold AUCs is decided by [`search_auc`] over an [`AucModel`].
//! An infeasible experiment is explained by [`infeasible_subset`]: a minimal subset of its
//! windows and bounds that is already infeasible.
//!
//! No function here chooses a solver: the caller passes a [`Feasibility`] backend, and every
//! feasible witness it returns is checked exactly before it counts.
//!
//! The foundation types its signatures name are re-exported (`Score`, `parse_decimal`,
//! `BigRational`, `Feasibility`, `Verdict`, `Certainty`, `Instant`, and the `folds` and
//! `feasibility` crates whole), so that a crate depending on this one alone can run a check.
//! The exact enumeration ([`decide_sides`]) runs before any backend (see [`Limits`]), and
//! settles the common shape (one dataset, no fold bounds) by itself; [`EnumerationOnly`] is
//! the backend for a caller who wants no solver crate: a program the enumeration leaves open
//! is then "undecided", never guessed. A 5-fold check with this crate alone:
//!
//! ```
//! use scorecheck_experiment::{
//!     parse_decimal, verdict, Bound, DatasetSpec, EnumerationOnly, Experiment, Limits, Score, Verdict,
//! };
//!
//! let q = |t: &str| parse_decimal(t).unwrap();
//! let eps = q("0.0001");
//! // 5-fold stratified cross-validation of 100 positives and 200 negatives.
//! let dataset = DatasetSpec::kfold(100, 200, 5)?;
//! let reported = |score, value: &str| Bound::around(score, &q(value), &eps);
//! let consistent = Experiment::new(
//!     vec![dataset.clone()],
//!     vec![reported(Score::Acc, "0.8"), reported(Score::Sens, "0.7"), reported(Score::Spec, "0.85")],
//! );
//! let answer = verdict(&consistent, &EnumerationOnly, &Limits::new())?;
//! assert!(matches!(answer, Verdict::Feasible { .. }));
//! assert_eq!(answer.to_string(), "consistent");
//! // acc is the mean of sens and spec weighted 1:2, so 0.8 cannot go with these two.
//! let inconsistent = Experiment::new(
//!     vec![dataset],
//!     vec![reported(Score::Acc, "0.8"), reported(Score::Sens, "0.6"), reported(Score::Spec, "0.7")],
//! );
//! let answer = verdict(&inconsistent, &EnumerationOnly, &Limits::new())?;
//! assert_eq!(answer.to_string(), "inconsistent (exact)");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Cargo features: `rayon` (default: the unknown-folds sweep on rayon's thread pool; without
//! it the sweep runs on the caller's thread, as on wasm32), `serde` (derives on the typed
//! values).
//!
//! [`Feasibility`]: scorecheck_feasibility::Feasibility

#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(unreachable_pub)]

mod explain;
mod mean_auc;
mod model;
mod ranges;
mod sides;
mod solve;
mod unknown_folds;
mod witness;

pub use explain::{
    elements, infeasible_subset, restrict, Element, InfeasibleSubset, EXPLAIN_STEPS,
};
pub use mean_auc::{
    auc_extreme, auc_extreme_within, boxes, linear_extreme_with_auc, search_auc, AucEffort,
    AucError, AucErrorKind, AucFound, AucModel, AucSolution, AucWindow, AucWitness, Extreme,
    FoldAuc,
};
pub use model::{
    build, build_until, linear_form, usable, Bound, BuildError, BuildErrorKind, DatasetSpec,
    Experiment, FoldSpec, Level, MAX_MEAN_ROW_BITS,
};
pub use ranges::{auc_range, linear_range, linear_range_with_auc, mean_objective};
pub use sides::{decide as decide_sides, Sides, MAX_STEPS as ENUMERATION_STEPS};
pub use solve::{
    verdict, Limits, Progress, DEFAULT_MAX_NODES, DEFAULT_SWEEP_TIME_LIMIT, DEFAULT_TIME_LIMIT,
};
pub use unknown_folds::{
    experiment_of, reference_rules, search, search_range, space, space_within, Evaluation,
    SearchError, SearchErrorKind, SearchOutcome, SpaceError, Statistics, UnknownFolds,
};
// The foundation types this crate's signatures name.
pub use num_rational::BigRational;
pub use scorecheck_algebra::{parse_decimal, Params, Score};
pub use scorecheck_clock::Instant;
/// The integer programs and the backend trait (`scorecheck-feasibility`), re-exported.
pub use scorecheck_feasibility as feasibility;
pub use scorecheck_feasibility::{Budget, Certainty, Feasibility, Verdict};
/// Fold configurations and scikit-learn's stratified split (`scorecheck-folds`), re-exported.
pub use scorecheck_folds as folds;
pub use solve::EnumerationOnly;

pub use witness::{witness_scores, DatasetScores, FoldScores, WitnessScores};

/// What the unit tests' random cases share: a seeded generator, the linear scores and an
/// exact solve.
#[cfg(test)]
mod test_support {
    use scorecheck_algebra::Score;
    use scorecheck_feasibility::{checked, Budget, Problem, Verdict};

    /// The scores that are linear in (tp, tn) on one fold: acc, sens, spec, bacc and their
    /// complements.
    pub(crate) fn linear_scores() -> impl Iterator<Item = Score> {
        Score::ALL.iter().copied().filter(|s| s.is_linear())
    }

    /// A linear congruential generator (Knuth's MMIX constants), high bits out.
    pub(crate) struct Lcg(pub(crate) u64);

    impl Lcg {
        /// A number in [0, n) (0 for n = 0).
        pub(crate) fn below(&mut self, n: u64) -> u64 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (self.0 >> 33) % n.max(1)
        }
    }

    /// The exact backend's verdict under the default budget.
    pub(crate) fn exact_solve(problem: &Problem) -> Verdict {
        checked(
            &scorecheck_feasibility_pure::PureBackend,
            problem,
            &Budget::default(),
        )
    }
}
