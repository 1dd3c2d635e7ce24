//! Explaining an infeasible experiment: a minimal subset of its reported windows and bounds that is already infeasible.
//!
//! Deletion filtering, as the single-matrix engine explains: each element (a reported
//! score's window, or the bounds on one score at one place) is dropped in turn and kept
//! dropped when the rest is still infeasible; every re-solve is [`verdict`] with the
//! caller's backend and limits. A re-solve that comes back undecided keeps its element, so
//! the subset is still infeasible (it contains the last subset proven infeasible) but may
//! not be minimal, and the outcome says so. Bounds are tried first, so that an explanation
//! prefers the reported figures; a single element that is infeasible alone is found first,
//! with one solve per element.

use scorecheck_clock::Instant;

use scorecheck_algebra::Score;
use scorecheck_feasibility::{Feasibility, Verdict};

use crate::model::Experiment;
use crate::solve::{verdict, Limits};

/// Steps of the exact enumeration per subset: subsets drop windows, which widens the
/// enumeration, so it gets a step budget before the backend takes over.
pub const EXPLAIN_STEPS: u64 = 2_000_000;

/// One element of an experiment the filter may drop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Element {
    /// The reported window at this index of `Experiment::windows`.
    Window(usize),
    /// The bounds on this score on every dataset (testset) of the experiment.
    DatasetBound(Score),
    /// The bounds on this score on every fold of the dataset at index `.0`.
    FoldBound(usize, Score),
}

/// An infeasible subset of an experiment's elements.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct InfeasibleSubset {
    /// The elements, in the experiment's order: windows first, then bounds.
    pub elements: Vec<Element>,
    /// Whether no element can be dropped (false when a re-solve was undecided or the
    /// deadline passed: a smaller subset may then already be infeasible).
    pub minimal: bool,
}

/// Every element of `experiment`: its windows in order, then each score's bounds once per
/// place (datasets, then each dataset's folds).
///
/// ```
/// use num_rational::BigRational;
/// use scorecheck_algebra::Score;
/// use scorecheck_experiment::{elements, Bound, DatasetSpec, Element, Experiment, FoldSpec};
///
/// let q = |a: i64, b: i64| BigRational::new(a.into(), b.into());
/// let experiment = Experiment::new(vec![DatasetSpec::from_folds(vec![FoldSpec::new(3, 3)]).with_bounds(vec![Bound::new(Score::Acc, q(0, 1), q(1, 2))])], vec![Bound::new(Score::Sens, q(1, 3), q(1, 3))]);
/// assert_eq!(elements(&experiment), vec![Element::Window(0), Element::DatasetBound(Score::Acc)]);
/// ```
pub fn elements(experiment: &Experiment) -> Vec<Element> {
    let mut out: Vec<Element> = (0..experiment.windows.len()).map(Element::Window).collect();
    for (d, dataset) in experiment.datasets.iter().enumerate() {
        for bound in &dataset.bounds {
            let e = Element::DatasetBound(bound.score);
            if !out.contains(&e) {
                out.push(e);
            }
        }
        for fold in &dataset.folds {
            for bound in &fold.bounds {
                let e = Element::FoldBound(d, bound.score);
                if !out.contains(&e) {
                    out.push(e);
                }
            }
        }
    }
    out
}

/// The experiment with only the `kept` elements.
pub fn restrict(experiment: &Experiment, kept: &[Element]) -> Experiment {
    let mut sub = experiment.clone();
    sub.windows = experiment
        .windows
        .iter()
        .enumerate()
        .filter(|(i, _)| kept.contains(&Element::Window(*i)))
        .map(|(_, w)| w.clone())
        .collect();
    for (d, dataset) in sub.datasets.iter_mut().enumerate() {
        dataset
            .bounds
            .retain(|b| kept.contains(&Element::DatasetBound(b.score)));
        for fold in &mut dataset.folds {
            fold.bounds
                .retain(|b| kept.contains(&Element::FoldBound(d, b.score)));
        }
    }
    sub
}

/// A minimal infeasible subset of the elements of an infeasible `experiment`, by deletion
/// filtering with `solver` under `limits` (its enumeration steps capped at
/// [`EXPLAIN_STEPS`] per re-solve, its deadline bounding the whole filter); `None` when the
/// experiment has no elements.
///
/// ```
/// use num_rational::BigRational;
/// use scorecheck_algebra::Score;
/// use scorecheck_experiment::{infeasible_subset, Bound, DatasetSpec, Element, Experiment, FoldSpec, Limits};
/// use scorecheck_feasibility::testing::BruteForce;
///
/// let q = |a: i64, b: i64| BigRational::new(a.into(), b.into());
/// // Two folds of 3 + 3: a mean sensitivity (a/3 + b/3)/2 is a multiple of 1/6, never 1/12.
/// let experiment = Experiment::new(vec![DatasetSpec::from_folds(vec![FoldSpec::new(3, 3), FoldSpec::new(3, 3)])], vec![ Bound::new(Score::Acc, q(0, 1), q(1, 1)), Bound::new(Score::Sens, q(1, 12), q(1, 12)), ]);
/// let found = infeasible_subset(&experiment, &BruteForce::default(), &Limits::new()).unwrap();
/// assert_eq!(found.elements, vec![Element::Window(1)]);
/// assert!(found.minimal);
/// ```
pub fn infeasible_subset(
    experiment: &Experiment,
    solver: &dyn Feasibility,
    limits: &Limits,
) -> Option<InfeasibleSubset> {
    let mut limits = limits.clone();
    if limits.enumeration_steps.is_some() {
        limits.enumeration_steps = Some(EXPLAIN_STEPS);
    }
    let passed = || limits.deadline.is_some_and(|d| Instant::now() >= d);
    // `Some(true)` feasible, `Some(false)` infeasible, `None` undecided (or not solvable).
    let solve = |kept: &[Element]| -> Option<bool> {
        match verdict(&restrict(experiment, kept), solver, &limits).ok()? {
            Verdict::Feasible { .. } => Some(true),
            Verdict::Infeasible { .. } => Some(false),
            // Undecided, or an answer of a kind added later: nothing is concluded.
            _ => None,
        }
    };
    let mut candidates = elements(experiment);
    if candidates.is_empty() {
        return None;
    }
    candidates.sort_by_key(|e| match e {
        Element::FoldBound(..) => 0,
        Element::DatasetBound(_) => 1,
        Element::Window(_) => 2,
    });
    // One element alone may already be infeasible (a mean no fold counts can reach): the
    // shortest explanation there is.
    for e in &candidates {
        if passed() {
            break;
        }
        if solve(&[*e]) == Some(false) {
            return Some(InfeasibleSubset {
                elements: vec![*e],
                minimal: true,
            });
        }
    }
    let mut kept = candidates;
    let mut uncertain = false;
    let mut i = 0;
    while i < kept.len() {
        if passed() {
            uncertain = true;
            break;
        }
        let mut trial = kept.clone();
        trial.remove(i);
        match solve(&trial) {
            Some(false) => kept = trial,
            Some(true) => i += 1,
            None => {
                uncertain = true;
                i += 1;
            }
        }
    }
    // Back in the experiment's order: windows first, then bounds.
    let order = elements(experiment);
    kept.sort_by_key(|e| order.iter().position(|o| o == e));
    Some(InfeasibleSubset {
        elements: kept,
        minimal: !uncertain,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Bound, DatasetSpec, FoldSpec};
    use num_rational::BigRational;
    use scorecheck_feasibility::testing::BruteForce;

    fn q(a: i64, b: i64) -> BigRational {
        BigRational::new(a.into(), b.into())
    }

    /// Two folds of 2 + 2 with a fold bound and windows: acc ≥ 3/4 on every fold and a mean
    /// accuracy of at most 1/2 cannot both hold; sens alone is harmless.
    fn experiment() -> Experiment {
        let mut fold = FoldSpec::new(2, 2);
        fold.bounds = vec![Bound::new(Score::Acc, q(3, 4), q(1, 1))];
        Experiment::new(
            vec![DatasetSpec::from_folds(vec![fold.clone(), fold])],
            vec![
                Bound::new(Score::Sens, q(0, 1), q(1, 1)),
                Bound::new(Score::Acc, q(0, 1), q(1, 2)),
            ],
        )
    }

    #[test]
    fn the_subset_is_infeasible_and_no_element_can_go() {
        let experiment = experiment();
        let solver = BruteForce::default();
        let limits = Limits::new();
        let found = infeasible_subset(&experiment, &solver, &limits).unwrap();
        assert_eq!(
            found.elements,
            vec![Element::Window(1), Element::FoldBound(0, Score::Acc)]
        );
        assert!(found.minimal);
        let infeasible = |kept: &[Element]| {
            matches!(
                verdict(&restrict(&experiment, kept), &solver, &limits).unwrap(),
                Verdict::Infeasible { .. }
            )
        };
        assert!(infeasible(&found.elements));
        for i in 0..found.elements.len() {
            let mut fewer = found.elements.clone();
            fewer.remove(i);
            assert!(!infeasible(&fewer));
        }
    }

    #[test]
    fn a_passed_deadline_keeps_everything_and_says_it_may_not_be_minimal() {
        let experiment = experiment();
        let limits = Limits::new().with_deadline(Instant::now());
        let found = infeasible_subset(&experiment, &BruteForce::default(), &limits).unwrap();
        assert_eq!(found.elements, elements(&experiment));
        assert!(!found.minimal);
    }
}
