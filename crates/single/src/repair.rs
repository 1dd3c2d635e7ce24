//! What would make an inconsistent report consistent: the smallest sets of reported figures whose removal leaves the others consistent, and the exact range each removed figure would need.
//!
//! The figures are the problem's windows one by one, and a reported AUC as one figure (its
//! two windows on sens·spec and fnr·fpr, see [`crate::is_auc_window`], removed together).
//! Sets are tried by increasing size, each size in lexicographic order, every one by the
//! exact engine [`check`] under the caller's deadline; the first size with a consistent
//! rest gives every repair of that size (up to the number asked for). For each repair,
//! [`range`] gives the exact range a removed figure would need over the matrices where the
//! kept figures hold: read as a typo hypothesis, "spec 0.985 would need to be in
//! [0.9602, 0.9612]". A sub-check that comes back undecided is neither a repair nor a
//! refutation, and the outcome counts it.

use itertools::Itertools;

use crate::{
    check, consistent_columns, is_auc_window, range, Options, Problem, RangeOutcome, RangeTarget,
    Verdict,
};

/// How a reported AUC enters a repair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum AucFigure {
    /// No AUC was reported.
    Absent,
    /// An AUC was reported and its windows (on sens·spec and fnr·fpr) are in the problem.
    InProblem,
    /// An AUC was reported but no value of its grid lies in its window (or p or n is zero):
    /// its windows are not in the problem, and every repair must change it.
    Unattainable,
}

/// One reported figure a repair may change.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Figure {
    /// The score, or the AUC.
    pub target: RangeTarget,
    /// The problem's windows it stands for (indices into `Problem::windows`; none for an
    /// unattainable AUC).
    pub windows: Vec<usize>,
}

/// One smallest set of figures whose removal leaves the rest consistent.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Repair {
    /// The figures to change (indices into [`Repairs::figures`], increasing).
    pub change: Vec<usize>,
    /// For each figure to change, in the same order, the exact range it would need over
    /// the matrices where the kept figures hold.
    pub needed: Vec<RangeOutcome>,
}

impl Repair {
    /// The figures kept (indices into [`Repairs::figures`], increasing), of `n_figures`.
    pub fn keep(&self, n_figures: usize) -> Vec<usize> {
        (0..n_figures)
            .filter(|i| !self.change.contains(i))
            .collect()
    }
}

/// What the search for repairs found.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Repairs {
    /// The reported figures: the problem's windows in order (AUC windows left out), then
    /// the AUC when reported.
    pub figures: Vec<Figure>,
    /// The repairs of the least size found, in lexicographic order; empty when no subset
    /// of the figures (the empty one included: every figure changed) was found consistent.
    pub repairs: Vec<Repair>,
    /// Sub-checks that came back undecided (a deadline that passed counts one and ends the
    /// search).
    pub undecided: usize,
    /// Whether another set of the least size exists beyond the `max_repairs` listed (the
    /// search goes on until it finds one more).
    pub more: bool,
}

/// The smallest sets of figures of an inconsistent `problem` whose removal leaves the rest
/// consistent (every set of the least size, up to `max_repairs`), each with the exact range
/// every removed figure would need. `auc` says whether the AUC is among the figures. Every
/// sub-check runs under `options` with one witness, no count and no explanation; the
/// search stops at `options.deadline`.
///
/// ```
/// use scorecheck_algebra::{parse_decimal, Params, Score};
/// use scorecheck_single::{repairs, AucFigure, Options, Problem, RangeTarget, Window};
///
/// let q = |t: &str| parse_decimal(t).unwrap();
/// let window = |score, v: &str| Window::around(score, q(v), &q("0.0001"), &q("0"));
/// let problem = Problem::new(100, 200, vec![window(Score::Acc, "0.9567"), window(Score::Sens, "0.8545"), window(Score::Spec, "0.9734")]);
/// let found = repairs(&problem, AucFigure::Absent, 10, &Options::default());
/// // No single figure is the culprit: sens and spec together are.
/// assert_eq!(found.repairs.len(), 1);
/// let changed: Vec<RangeTarget> = found.repairs[0].change.iter().map(|&i| found.figures[i].target).collect();
/// assert_eq!(changed, vec![RangeTarget::Score(Score::Sens), RangeTarget::Score(Score::Spec)]);
/// ```
pub fn repairs(
    problem: &Problem,
    auc: AucFigure,
    max_repairs: usize,
    options: &Options,
) -> Repairs {
    let mut figures: Vec<Figure> = problem
        .windows
        .iter()
        .enumerate()
        .filter(|(_, w)| !is_auc_window(w.score))
        .map(|(i, w)| Figure {
            target: RangeTarget::Score(w.score),
            windows: vec![i],
        })
        .collect();
    if auc != AucFigure::Absent {
        figures.push(Figure {
            target: RangeTarget::Auc,
            windows: problem
                .windows
                .iter()
                .enumerate()
                .filter(|(_, w)| is_auc_window(w.score))
                .map(|(i, _)| i)
                .collect(),
        });
    }
    let sub_options = options
        .clone()
        .with_max_witnesses(1)
        .with_explain(false)
        .with_count_budget(0);
    let mut found: Vec<Vec<usize>> = Vec::new();
    let mut undecided = 0usize;
    let mut more = false;
    // Up to every figure: when each figure alone is unreachable (one reported score that no
    // matrix gives), the repair changes them all, and the empty set left is consistent.
    'sizes: for size in 1..=figures.len() {
        // Lexicographic order, smaller sets first: the order repairs are reported in.
        for removed in (0..figures.len()).combinations(size) {
            if options.passed() {
                undecided += 1;
                break 'sizes;
            }
            let keeps_unattainable_auc = auc == AucFigure::Unattainable
                && !removed
                    .iter()
                    .any(|&i| matches!(figures[i].target, RangeTarget::Auc));
            if keeps_unattainable_auc {
                continue;
            }
            let rest = restrict(problem, &figures, &removed);
            match check(&rest, &sub_options).verdict {
                Verdict::Consistent if found.len() >= max_repairs => {
                    more = true;
                    break 'sizes;
                }
                Verdict::Consistent => found.push(removed),
                Verdict::Inconsistent => {}
                _ => undecided += 1,
            }
        }
        if !found.is_empty() {
            break;
        }
    }
    let repairs = found
        .into_iter()
        .map(|change| {
            let rest = restrict(problem, &figures, &change);
            let columns = consistent_columns(&rest, options);
            let needed = change
                .iter()
                .map(|&i| range(&rest, None, figures[i].target, &columns, options))
                .collect();
            Repair { change, needed }
        })
        .collect();
    Repairs {
        figures,
        repairs,
        undecided,
        more,
    }
}

/// The problem without the windows of the removed figures.
fn restrict(problem: &Problem, figures: &[Figure], removed: &[usize]) -> Problem {
    let dropped: Vec<usize> = removed
        .iter()
        .flat_map(|&i| figures[i].windows.iter().copied())
        .collect();
    Problem {
        windows: problem
            .windows
            .iter()
            .enumerate()
            .filter(|(i, _)| !dropped.contains(i))
            .map(|(_, w)| w.clone())
            .collect(),
        ..problem.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Window;
    use scorecheck_algebra::{parse_decimal, Params, Score};

    fn problem(scores: &[(Score, &str)]) -> Problem {
        let q = |t: &str| parse_decimal(t).unwrap();
        Problem {
            p: 50,
            n: 150,
            windows: scores
                .iter()
                .map(|(s, v)| Window::around(*s, q(v), &q("0.001"), &q("0")))
                .collect(),
            params: Params::default(),
        }
    }

    /// sens 0.8, spec 0.7 and acc 0.95 on 50 + 150: acc is out of reach of the other two.
    fn inconsistent() -> Problem {
        problem(&[
            (Score::Sens, "0.8"),
            (Score::Spec, "0.7"),
            (Score::Acc, "0.95"),
        ])
    }

    #[test]
    fn every_repair_leaves_a_consistent_rest_and_its_ranges_hold_a_changed_value() {
        let problem = inconsistent();
        let found = repairs(&problem, AucFigure::Absent, 10, &Options::default());
        assert_eq!(found.undecided, 0);
        assert!(!found.repairs.is_empty());
        for repair in &found.repairs {
            assert_eq!(repair.change.len(), found.repairs[0].change.len());
            let rest = restrict(&problem, &found.figures, &repair.change);
            assert_eq!(
                check(&rest, &Options::default()).verdict,
                Verdict::Consistent
            );
            for needed in &repair.needed {
                assert!(matches!(needed, RangeOutcome::Range { .. }), "{needed:?}");
            }
            assert_eq!(
                repair.keep(found.figures.len()).len() + repair.change.len(),
                3
            );
        }
    }

    #[test]
    fn repairs_come_in_lexicographic_order_and_the_limit_keeps_the_first() {
        // Dropping spec (figure 1) or acc (figure 2) leaves a consistent rest; dropping sens
        // does not (acc 0.95 with spec 0.7 needs tp = 85 > p).
        let three = inconsistent();
        let changes = |max| {
            repairs(&three, AucFigure::Absent, max, &Options::default())
                .repairs
                .into_iter()
                .map(|r| r.change)
                .collect::<Vec<_>>()
        };
        assert_eq!(changes(10), vec![vec![1], vec![2]]);
        assert_eq!(changes(1), vec![vec![1]]);
        // Four figures where only pairs repair: sets of two in lexicographic order.
        let pairs = problem(&[
            (Score::Sens, "0.8"),
            (Score::Spec, "0.7"),
            (Score::Acc, "0.95"),
            (Score::Bacc, "0.95"),
        ]);
        let found = repairs(&pairs, AucFigure::Absent, 10, &Options::default());
        let found: Vec<Vec<usize>> = found.repairs.into_iter().map(|r| r.change).collect();
        let mut sorted = found.clone();
        sorted.sort();
        assert_eq!(found, sorted);
        assert!(found.len() >= 2, "{found:?}");
        assert!(found.iter().all(|c| c.len() == 2), "{found:?}");
    }

    #[test]
    fn an_unattainable_auc_is_in_every_repair() {
        let problem = problem(&[(Score::Sens, "0.8"), (Score::Spec, "0.7")]);
        let found = repairs(&problem, AucFigure::Unattainable, 10, &Options::default());
        assert_eq!(found.figures.len(), 3);
        assert_eq!(found.repairs.len(), 1);
        assert_eq!(found.repairs[0].change, vec![2]);
    }

    #[test]
    fn a_passed_deadline_counts_one_undecided_sub_check() {
        let problem = inconsistent();
        let options = Options::default().with_deadline(Some(crate::Instant::now()));
        let found = repairs(&problem, AucFigure::Absent, 10, &options);
        assert!(found.repairs.is_empty());
        assert_eq!(found.undecided, 1);
    }
}
