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
//! [`Feasibility`]: scorecheck_feasibility::Feasibility

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
    AucError, AucFound, AucModel, AucSolution, AucWindow, AucWitness, Extreme, FoldAuc,
};
pub use model::{
    build, build_until, linear_form, usable, Bound, BuildError, DatasetSpec, Experiment, FoldSpec,
    Level,
};
pub use ranges::{auc_range, linear_range, linear_range_with_auc, mean_objective};
pub use sides::{decide as decide_sides, Sides, MAX_STEPS as ENUMERATION_STEPS};
pub use solve::{
    verdict, Limits, Progress, DEFAULT_MAX_NODES, DEFAULT_SWEEP_TIME_LIMIT, DEFAULT_TIME_LIMIT,
};
pub use unknown_folds::{
    experiment_of, reference_rules, search, search_range, space, Evaluation, SearchError,
    SearchOutcome, SpaceError, Statistics, UnknownFolds,
};
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
