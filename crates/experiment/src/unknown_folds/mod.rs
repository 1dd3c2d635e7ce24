//! Experiments whose folds are unknown: every fold configuration of k-fold is tried, in
//! parallel, and the scores are inconsistent only when every configuration is refuted.
//!
//! Configurations are enumerated by `scorecheck-folds` under the reference's pruning rules (a
//! positive in every fold when sens or bacc is reported, a negative when spec or bacc is, two
//! folds with each class always), or under no rules. Repeats are multisets, since the mean over
//! every fold of every repeat does not see their order.
//!
//! First, one exact necessary condition on the mean over every configuration at once
//! (`family`: whatever the folds' shares of positives, mean sens and spec bound the mean acc)
//! may refute them all without enumerating any. Otherwise the stratified configuration is
//! tried first (it fits whenever the folds were stratified), then every configuration. Each
//! configuration is the integer program of [`crate::build`]. Before any program is solved, two
//! exact necessary conditions run, which refute most configurations in microseconds: the
//! linear relaxation decided in closed form (`relaxation`), and every row on its own over the
//! integers (`rows`); then the exact enumeration of [`crate::decide_sides`] decides most of
//! the rest. A program still open gets a small node budget on the first pass and the full one
//! on the second, so that one hard program does not hold up a feasible configuration. Budgets
//! end a search undecided with the share covered, never with a verdict.

mod family;
mod relaxation;
pub(crate) mod rows;
mod search;

use std::fmt;

use scorecheck_algebra::Score;
use scorecheck_folds::{
    ConfigurationProduct, FoldRules, KFoldConfigurations, RepeatedConfigurations,
};

use crate::model::Bound;
use crate::solve::Limits;

pub use search::{
    experiment_of, search, search_range, SearchError, SearchErrorKind, SearchOutcome, Statistics,
};

/// One evaluation whose folds are unknown: its counts, folding, and bounds.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Evaluation {
    /// Positives in the dataset.
    pub p: u64,
    /// Negatives in the dataset.
    pub n: u64,
    /// Folds per repeat.
    pub n_folds: u64,
    /// Repeats.
    pub n_repeats: u64,
    /// Bounds on every fold's scores.
    pub fold_bounds: Vec<Bound>,
}

impl Evaluation {
    /// `n_repeats` × `n_folds`-fold cross-validation of a dataset of `p` positives and `n`
    /// negatives, without fold bounds.
    pub fn new(p: u64, n: u64, n_folds: u64, n_repeats: u64) -> Evaluation {
        Evaluation {
            p,
            n,
            n_folds,
            n_repeats,
            fold_bounds: Vec::new(),
        }
    }

    /// The same evaluation with `bounds` on every fold's scores.
    #[must_use]
    pub fn with_fold_bounds(mut self, bounds: Vec<Bound>) -> Evaluation {
        self.fold_bounds = bounds;
        self
    }
}

/// The whole unknown-folds experiment.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct UnknownFolds {
    /// The evaluations, one per dataset.
    pub evaluations: Vec<Evaluation>,
    /// Bounds on every dataset's mean scores.
    pub dataset_bounds: Vec<Bound>,
    /// The reported scores' windows (the mean over datasets).
    pub windows: Vec<Bound>,
    /// Which configurations are tried.
    pub rules: FoldRules,
}

impl UnknownFolds {
    /// Whether anything constrains the counts: a window or a bound on a dataset or on the
    /// folds (see [`Experiment::is_constrained`](crate::Experiment::is_constrained)).
    pub fn is_constrained(&self) -> bool {
        !self.windows.is_empty()
            || !self.dataset_bounds.is_empty()
            || self.evaluations.iter().any(|e| !e.fold_bounds.is_empty())
    }

    /// `evaluations` with `windows` on their mean, no dataset bounds, and the reference's
    /// pruning rules for the windows' scores ([`reference_rules`]).
    pub fn new(evaluations: Vec<Evaluation>, windows: Vec<Bound>) -> UnknownFolds {
        let scores: Vec<Score> = windows.iter().map(|w| w.score).collect();
        UnknownFolds {
            evaluations,
            dataset_bounds: Vec::new(),
            rules: reference_rules(&scores),
            windows,
        }
    }

    /// The same experiment with `bounds` on every dataset's mean scores.
    #[must_use]
    pub fn with_dataset_bounds(mut self, bounds: Vec<Bound>) -> UnknownFolds {
        self.dataset_bounds = bounds;
        self
    }

    /// The same experiment with other rules on the configurations tried.
    #[must_use]
    pub fn with_rules(mut self, rules: FoldRules) -> UnknownFolds {
        self.rules = rules;
        self
    }
}

/// The rules of the reference for the reported scores (complements count as their scores).
pub fn reference_rules(scores: &[Score]) -> FoldRules {
    let has = |s: &[Score]| scores.iter().any(|x| s.contains(x));
    FoldRules::for_reported_scores(
        has(&[Score::Sens, Score::Fnr]),
        has(&[Score::Spec, Score::Fpr]),
        has(&[Score::Bacc, Score::Bm]),
    )
}

/// Why the configurations of one evaluation cannot be formed.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct SpaceError {
    /// The evaluation's index.
    pub evaluation: usize,
    /// What the enumeration said.
    pub error: scorecheck_folds::Error,
}

impl fmt::Display for SpaceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the fold configurations cannot be formed: {}",
            self.error
        )
    }
}

impl std::error::Error for SpaceError {}

/// The configuration space of the experiment: one repeated set per evaluation.
///
/// # Errors
///
/// When an evaluation's configurations cannot be formed (more folds than items of a class the
/// rules need in every fold, zero folds, ...).
pub fn space(experiment: &UnknownFolds) -> Result<ConfigurationProduct, SpaceError> {
    space_within(experiment, &Limits::default())
}

/// [`space`], counting only while the deadline of `limits` has not passed and the work is not
/// cancelled: counting the configurations of large datasets takes seconds. The space keeps
/// the condition: ranks and random access past the deadline end with `Stopped` too.
///
/// # Errors
///
/// As [`space`]; an error of kind [`scorecheck_folds::ErrorKind::Stopped`] when the time
/// ran out (or the work was cancelled) first.
pub fn space_within(
    experiment: &UnknownFolds,
    limits: &Limits,
) -> Result<ConfigurationProduct, SpaceError> {
    let stop = limits.stop();
    let mut parts = Vec::new();
    for (i, e) in experiment.evaluations.iter().enumerate() {
        let error = |error| SpaceError {
            evaluation: i,
            error,
        };
        let base =
            KFoldConfigurations::new_until(e.p, e.n, e.n_folds, &experiment.rules, stop.clone())
                .map_err(error)?;
        parts.push(RepeatedConfigurations::new(base, e.n_repeats).map_err(error)?);
    }
    Ok(ConfigurationProduct::new(parts))
}
