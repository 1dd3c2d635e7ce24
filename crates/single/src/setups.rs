//! Which class splits fit: every split p + n = N of a test set of known size tried exactly, whole ranges of p pruned with interval enclosures.
//!
//! A range of p is refuted when no (p, tp, tn) with p in the range can put every score in
//! its window. That is shown by a bounded two-dimensional bisection over boxes of (tp, tn)
//! with the whole range of p (and n = N − p) as intervals: a box is dropped as soon as one
//! score's outward-rounded enclosure over it misses that score's window. The enclosure
//! contains the score's value at every point of the box where it is defined (points with
//! tp > p or tn > n are not matrices, and including them only widens it), so a dropped box
//! holds no fitting matrix, and a range whose boxes are all dropped holds no fitting split.
//! Ranges that survive are halved (their surviving boxes passed down), and every single p
//! that survives goes through the exact engine [`check`]: floats prune, only the exact
//! engine says that a split fits.

use std::collections::VecDeque;

use scorecheck_algebra::{evaluate, Arith, Counts, Params, Score};
use scorecheck_interval::F64Interval;

use crate::{check, Options, Outcome, Problem, Verdict, Window};

/// Box enclosures one range of p may spend on top of one per inherited box.
const RANGE_BUDGET: usize = 96;
/// Surviving boxes passed down to the halves of a range; beyond it they are replaced by
/// their hull (a superset, so still sound).
const FRONTIER_CAP: usize = 512;

/// A test set of known size whose split into positives and negatives is unknown, and the
/// reported windows: which splits p + n = `total` let every window hold at one matrix?
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct SplitProblem {
    /// The number of test items (p + n).
    pub total: u64,
    /// The reported windows; all must hold at one matrix.
    pub windows: Vec<Window>,
    /// Parameters of fbp and fbn.
    pub params: Params,
}

impl SplitProblem {
    /// A test set of `total` items under `windows`, with the default parameters (beta 1).
    pub fn new(total: u64, windows: Vec<Window>) -> SplitProblem {
        SplitProblem {
            total,
            windows,
            params: Params::default(),
        }
    }

    /// The same problem with the parameters of fbp and fbn set.
    #[must_use]
    pub fn with_params(mut self, params: Params) -> SplitProblem {
        self.params = params;
        self
    }
}

/// One split that fits, with the exact engine's outcome at it.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Setup {
    /// Positives (the negatives are the total minus p).
    pub p: u64,
    /// The exact check at (p, total − p): its first witness and its count.
    pub outcome: Outcome,
}

/// Why a search over splits stopped before every split was tried.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum SplitStop {
    /// The deadline of the options passed.
    TimeLimit,
}

impl std::fmt::Display for SplitStop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SplitStop::TimeLimit => f.write_str(
                "the time limit ran out before every split was tried (raise time_limit)",
            ),
        }
    }
}

/// What the search over splits found.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Splits {
    /// The first fitting splits in increasing p (at most the number asked for).
    pub setups: Vec<Setup>,
    /// Splits shown to fit (exactly).
    pub n_fitting: u128,
    /// Splits whose exact check came back undecided.
    pub n_undecided: u128,
    /// Splits decided (refuted by enclosures, or checked exactly).
    pub n_decided: u128,
    /// Splits refuted by enclosures of whole ranges, without an exact check.
    pub n_pruned: u128,
    /// Exact single-matrix checks run.
    pub exact_checks: u64,
    /// Ranges of p refuted whole.
    pub ranges_pruned: u64,
    /// Box enclosures evaluated.
    pub enclosures: u64,
    /// Why the search stopped early, if it did.
    pub stopped: Option<SplitStop>,
}

impl Splits {
    /// Whether every split was decided: the search ran to its end and no exact check came
    /// back undecided (then `n_fitting` is the exact number of fitting splits).
    pub fn is_complete(&self) -> bool {
        self.stopped.is_none() && self.n_undecided == 0
    }

    /// Consistent when a split fits, inconsistent when the search was complete and none
    /// fits, undecided otherwise (`None`).
    pub fn consistent(&self) -> Option<bool> {
        if self.n_fitting > 0 {
            Some(true)
        } else if self.is_complete() {
            Some(false)
        } else {
            None
        }
    }
}

/// A box of tp and tn ranges (inclusive).
#[derive(Clone, Copy, Debug)]
struct TpTnBox {
    tp: (u64, u64),
    tn: (u64, u64),
}

/// A range of p with the boxes of (tp, tn) that may still hold a fitting matrix.
struct Range {
    p: (u64, u64),
    boxes: Vec<TpTnBox>,
}

/// Windows as outward-rounded f64 bounds, for pruning only.
struct FloatWindows<'a> {
    windows: Vec<(Score, f64, f64)>,
    params: &'a Params,
    total: u64,
}

impl FloatWindows<'_> {
    /// Whether some score's enclosure over the box, with p ∈ `p` and n = total − p, lies
    /// wholly outside its window (then no matrix of the box fits).
    fn refutes(&self, p: (u64, u64), b: &TpTnBox) -> bool {
        let span = |lo: u64, hi: u64| {
            F64Interval::new(F64Interval::count(lo).lo(), F64Interval::count(hi).hi())
                .unwrap_or(F64Interval::ENTIRE)
        };
        let counts = Counts {
            tp: span(b.tp.0, b.tp.1),
            tn: span(b.tn.0, b.tn.1),
            p: span(p.0, p.1),
            n: span(self.total - p.1, self.total - p.0),
        };
        self.windows.iter().any(|(score, lo, hi)| {
            evaluate(*score, &counts, self.params).is_some_and(|e| e.hi() < *lo || e.lo() > *hi)
        })
    }
}

/// Clips a box to tp ≤ p_hi and tn ≤ total − p_lo; `None` when nothing is left.
fn clip(b: TpTnBox, p: (u64, u64), total: u64) -> Option<TpTnBox> {
    let tp = (b.tp.0, b.tp.1.min(p.1));
    let tn = (b.tn.0, b.tn.1.min(total - p.0));
    (tp.0 <= tp.1 && tn.0 <= tn.1).then_some(TpTnBox { tp, tn })
}

/// The two halves of a box, cut across its wider side (tp on a tie); `None` for a single
/// point.
fn halves(b: TpTnBox) -> Option<[TpTnBox; 2]> {
    let (tp_width, tn_width) = (b.tp.1 - b.tp.0, b.tn.1 - b.tn.0);
    if tp_width == 0 && tn_width == 0 {
        return None;
    }
    let cut = |(lo, hi): (u64, u64), width: u64| {
        let mid = lo + width / 2;
        ((lo, mid), (mid + 1, hi))
    };
    Some(if tp_width >= tn_width {
        let (low, high) = cut(b.tp, tp_width);
        [TpTnBox { tp: low, ..b }, TpTnBox { tp: high, ..b }]
    } else {
        let (low, high) = cut(b.tn, tn_width);
        [TpTnBox { tn: low, ..b }, TpTnBox { tn: high, ..b }]
    })
}

/// Tries to refute every box of `range` within a budget of enclosures; returns the boxes
/// that were not refuted (empty: the whole range is refuted).
fn refute(range: &Range, float: &FloatWindows<'_>, enclosures: &mut u64) -> Vec<TpTnBox> {
    let mut queue: VecDeque<TpTnBox> = range
        .boxes
        .iter()
        .filter_map(|b| clip(*b, range.p, float.total))
        .collect();
    let mut budget = queue.len() + RANGE_BUDGET;
    let mut survivors = Vec::new();
    // Breadth first, so that an exhausted budget leaves boxes of even size.
    while let Some(b) = queue.pop_front() {
        if budget == 0 {
            survivors.push(b);
            survivors.extend(queue.drain(..));
            break;
        }
        budget -= 1;
        *enclosures += 1;
        if float.refutes(range.p, &b) {
            continue;
        }
        match halves(b) {
            Some([low, high]) => {
                queue.push_back(low);
                queue.push_back(high);
            }
            None => survivors.push(b),
        }
    }
    if survivors.len() > FRONTIER_CAP {
        let hull = survivors.iter().fold(survivors[0], |h, b| TpTnBox {
            tp: (h.tp.0.min(b.tp.0), h.tp.1.max(b.tp.1)),
            tn: (h.tn.0.min(b.tn.0), h.tn.1.max(b.tn.1)),
        });
        survivors = vec![hull];
    }
    survivors
}

/// Every split p + n = `problem.total` tried: ranges of p refuted by enclosures, the rest
/// checked exactly, in increasing p. The first `max_listed` fitting splits are listed with
/// their first witness and their count (under `options.count_budget`), later ones are only
/// decided. The search stops at `options.deadline` ([`SplitStop::TimeLimit`]); each exact
/// check is bounded by `options.max_steps`.
///
/// ```
/// use scorecheck_algebra::{parse_decimal, Params, Score};
/// use scorecheck_single::{splits, Options, SplitProblem, Window};
///
/// let q = |t: &str| parse_decimal(t).unwrap();
/// let window = |score, v: &str| Window::around(score, q(v), &q("0.05"), &q("0"));
/// let problem = SplitProblem::new(20, vec![window(Score::Acc, "0.8"), window(Score::Sens, "0.75"), window(Score::Spec, "0.85")]);
/// let found = splits(&problem, 100, &Options::default());
/// assert_eq!(found.consistent(), Some(true));
/// let fitting: Vec<u64> = found.setups.iter().map(|s| s.p).collect();
/// assert_eq!(fitting, vec![4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
/// ```
pub fn splits(problem: &SplitProblem, max_listed: usize, options: &Options) -> Splits {
    let SplitProblem {
        total,
        windows,
        params,
    } = problem;
    let total = *total;
    let float = FloatWindows {
        windows: windows
            .iter()
            .map(|w| {
                (
                    w.score,
                    F64Interval::rational(&w.lower).lo(),
                    F64Interval::rational(&w.upper).hi(),
                )
            })
            .collect(),
        params,
        total,
    };
    let listed = options.clone().with_max_witnesses(1).with_explain(false);
    let decided_only = listed.clone().with_count_budget(0);
    let mut found = Splits {
        setups: Vec::new(),
        n_fitting: 0,
        n_undecided: 0,
        n_decided: 0,
        n_pruned: 0,
        exact_checks: 0,
        ranges_pruned: 0,
        enclosures: 0,
        stopped: None,
    };
    let mut stack = vec![Range {
        p: (0, total),
        boxes: vec![TpTnBox {
            tp: (0, total),
            tn: (0, total),
        }],
    }];
    let passed = || options.passed();
    while let Some(range) = stack.pop() {
        if passed() {
            found.stopped = Some(SplitStop::TimeLimit);
            break;
        }
        let width = u128::from(range.p.1 - range.p.0) + 1;
        let survivors = refute(&range, &float, &mut found.enclosures);
        if survivors.is_empty() {
            found.ranges_pruned += 1;
            found.n_pruned += width;
            found.n_decided += width;
            continue;
        }
        if range.p.0 == range.p.1 {
            let p = range.p.0;
            let options = if found.setups.len() < max_listed {
                &listed
            } else {
                &decided_only
            };
            let problem = Problem {
                p,
                n: total - p,
                windows: windows.clone(),
                params: params.clone(),
            };
            let outcome = check(&problem, options);
            found.exact_checks += 1;
            match outcome.verdict {
                Verdict::Consistent => {
                    found.n_fitting += 1;
                    found.n_decided += 1;
                    if found.setups.len() < max_listed {
                        found.setups.push(Setup { p, outcome });
                    }
                }
                Verdict::Inconsistent => found.n_decided += 1,
                _ => found.n_undecided += 1,
            }
            continue;
        }
        // Lower half on top, so that splits are met in increasing p.
        let mid = range.p.0 + (range.p.1 - range.p.0) / 2;
        stack.push(Range {
            p: (mid + 1, range.p.1),
            boxes: survivors.clone(),
        });
        stack.push(Range {
            p: (range.p.0, mid),
            boxes: survivors,
        });
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use scorecheck_algebra::parse_decimal;

    fn problem(total: u64, eps: &str) -> SplitProblem {
        let q = |t: &str| parse_decimal(t).unwrap();
        let window = |score, v: &str| Window::around(score, q(v), &q(eps), &q("0"));
        SplitProblem {
            total,
            windows: vec![
                window(Score::Acc, "0.8"),
                window(Score::Sens, "0.75"),
                window(Score::Spec, "0.85"),
            ],
            params: Params::default(),
        }
    }

    /// The splits that fit, by the exact engine at every p.
    fn brute(problem: &SplitProblem) -> Vec<u64> {
        (0..=problem.total)
            .filter(|&p| {
                let single = Problem {
                    p,
                    n: problem.total - p,
                    windows: problem.windows.clone(),
                    params: problem.params.clone(),
                };
                check(&single, &Options::default()).verdict == Verdict::Consistent
            })
            .collect()
    }

    #[test]
    fn the_fitting_splits_are_those_of_the_exact_engine() {
        for (total, eps) in [(20, "0.05"), (20, "0.01"), (57, "0.02"), (200, "0.005")] {
            let problem = problem(total, eps);
            let found = splits(&problem, usize::MAX, &Options::default());
            let fitting: Vec<u64> = found.setups.iter().map(|s| s.p).collect();
            assert_eq!(fitting, brute(&problem), "total {total} eps {eps}");
            assert!(found.is_complete());
            assert_eq!(found.n_decided, u128::from(total) + 1);
            assert_eq!(found.n_fitting, fitting.len() as u128);
            assert_eq!(found.consistent(), Some(!fitting.is_empty()));
        }
    }

    #[test]
    fn only_the_first_splits_are_listed_and_all_are_counted() {
        let found = splits(&problem(20, "0.05"), 3, &Options::default());
        assert_eq!(found.setups.len(), 3);
        assert_eq!(found.n_fitting, 11);
    }

    #[test]
    fn a_passed_deadline_stops_before_any_split() {
        let options = Options::default().with_deadline(Some(crate::Instant::now()));
        let found = splits(&problem(20, "0.05"), 3, &options);
        assert_eq!(found.stopped, Some(SplitStop::TimeLimit));
        assert_eq!(found.consistent(), None);
        assert_eq!(found.n_decided, 0);
    }
}
