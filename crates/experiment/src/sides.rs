//! An exact decision of one dataset's mean-of-scores program (no fold bounds; acc, sens, spec,
//! bacc and their complements) by enumerating its two sides.
//!
//! Folds with the same (p, n) are interchangeable: only the sums X of their tp's and Y of their
//! tn's matter, and any sums within [0, m·p] and [0, m·n] can be split back over the m folds.
//! With integer scales (the lcm of the p's, of the n's, of the fold sizes) the reported means
//! become integer windows on s = Σ X·(Dp/p), t = Σ Y·(Dn/n), the accuracy u + v with
//! u = Σ X·(DN/N), v = Σ Y·(DN/N), and the balanced accuracy s·Dn + t·Dp. The sensitivity
//! involves only the X's and the specificity only the Y's, so each side is enumerated on its
//! own (the last sum of a side follows from its window by one division), and the two lists
//! meet on the accuracy and balanced-accuracy windows through a sorted list. A branch and
//! bound needs up to hundreds of thousands of nodes on these programs (their windows are thin
//! slabs at irrational-looking angles); this decides them exactly in milliseconds.
//!
//! Every count of work is bounded; where a bound is reached the caller falls back on the
//! solver.

use scorecheck_clock::Instant;

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::ToPrimitive;

use num_traits::{One, Zero};
use scorecheck_algebra::Score;

use crate::model::{Bound, Experiment};

/// What the enumeration concluded.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Sides {
    /// Feasible, with the per-fold (tp, tn) in [`crate::build`] variable order.
    Feasible(Vec<i64>),
    /// No integer counts give the scores (exactly: every candidate was enumerated); why.
    Infeasible(String),
    /// The program is not of this shape, a scale overflowed, or a work bound was reached.
    NotApplicable,
}

/// Enumeration steps (both sides and the meeting) before giving up, by default.
pub const MAX_STEPS: u64 = 20_000_000;
/// Entries kept on one side before giving up.
const MAX_ENTRIES: usize = 2_000_000;
/// Sums kept over all entries of one side (8 bytes each: 64 MiB).
const MAX_SUMS: usize = 1 << 23;
/// Largest scale (lcm of denominators) used; beyond it products could overflow `i128`.
const MAX_SCALE: i128 = 1 << 40;

/// Folds with the same counts and the same weight 1/weight in the means.
struct Kind {
    p: u64,
    n: u64,
    weight: u64,
    folds: Vec<usize>,
}

/// One enumerated side: for each entry its window coordinate, its accuracy part, and its sums.
struct Side {
    row: Vec<i128>,
    link: Vec<i128>,
    sums: Vec<u64>,
    width: usize,
}

impl Side {
    fn sums(&self, entry: usize) -> &[u64] {
        &self.sums[entry * self.width..(entry + 1) * self.width]
    }
}

/// The running count of work, and the deadline.
struct Work {
    steps: u64,
    max_steps: u64,
    deadline: Option<Instant>,
}

impl Work {
    /// Counts a step; false once a bound is reached.
    fn step(&mut self) -> bool {
        self.steps += 1;
        if self.steps > self.max_steps {
            return false;
        }
        !(self.steps % 65_536 == 0 && self.deadline.is_some_and(|d| Instant::now() >= d))
    }
}

fn lcm_of(values: impl Iterator<Item = u64>) -> Option<i128> {
    let mut l: i128 = 1;
    for v in values.filter(|&v| v > 0) {
        l = l.lcm(&i128::from(v));
        if l > MAX_SCALE {
            return None;
        }
    }
    Some(l)
}

/// [⌈scale·lo⌉, ⌊scale·hi⌋] for a window of rationals.
fn integer_window((lo, hi): &(BigRational, BigRational), scale: i128) -> Option<(i128, i128)> {
    let s = BigRational::from_integer(BigInt::from(scale));
    let lo = (lo * &s).ceil().to_integer().to_i128()?;
    let hi = (hi * &s).floor().to_integer().to_i128()?;
    Some((lo, hi))
}

/// The depth-first walk over one side's sums.
struct Enumerator<'a> {
    upper: &'a [u64],
    row_coef: &'a [i128],
    link_coef: &'a [i128],
    window: (i128, i128),
    /// Entries the side may hold.
    max_entries: usize,
    /// The most the sums from position j on can add to the row.
    rest: Vec<i128>,
    current: Vec<u64>,
    side: Side,
}

impl Enumerator<'_> {
    /// Walks sums j.. given the row and link so far; false once a bound is reached.
    fn walk(&mut self, j: usize, row: i128, link: i128, work: &mut Work) -> bool {
        let (lo, hi) = self.window;
        if !work.step() {
            return false;
        }
        if row + self.rest[j] < lo || row > hi {
            return true;
        }
        let c = self.row_coef[j];
        if j + 1 == self.upper.len() {
            // The last sum solves its window.
            let upper = i128::from(self.upper[j]);
            let (first, end) = if c == 0 {
                (0, upper)
            } else {
                (
                    Integer::div_ceil(&(lo - row), &c).max(0),
                    Integer::div_floor(&(hi - row), &c).min(upper),
                )
            };
            for x in first..=end {
                if self.side.row.len() >= self.max_entries || !work.step() {
                    return false;
                }
                self.current[j] = x as u64;
                self.side.row.push(row + c * x);
                self.side.link.push(link + self.link_coef[j] * x);
                self.side.sums.extend_from_slice(&self.current);
            }
            return true;
        }
        for x in 0..=self.upper[j] {
            let xi = i128::from(x);
            if row + c * xi > hi {
                break;
            }
            self.current[j] = x;
            if !self.walk(j + 1, row + c * xi, link + self.link_coef[j] * xi, work) {
                return false;
            }
        }
        self.current[j] = 0;
        true
    }
}

/// Every vector of sums (sum j in [0, upper j]) whose row Σ sum·row_coef lies in `window`,
/// with its link Σ sum·link_coef; `None` when a work bound is reached.
fn enumerate(
    upper: &[u64],
    row_coef: &[i128],
    link_coef: &[i128],
    window: (i128, i128),
    work: &mut Work,
) -> Option<Side> {
    let width = upper.len();
    // The walked sums (all but the last) bound the walk: beyond the step budget, give up
    // before starting (a branch and bound may settle it at its root).
    let walked = upper[..width.saturating_sub(1)]
        .iter()
        .try_fold(1u64, |product, &u| product.checked_mul(u + 1));
    if walked.is_none_or(|w| w > work.max_steps) {
        return None;
    }
    let mut rest = vec![0i128; width + 1];
    for j in (0..width).rev() {
        rest[j] = rest[j + 1] + row_coef[j] * i128::from(upper[j]);
    }
    // A wide window keeps about its share of all the vectors: where that is more than the
    // list may hold, give up before walking (the explanation's subsets drop windows).
    let all = upper
        .iter()
        .try_fold(1u128, |product, &u| product.checked_mul(u128::from(u) + 1));
    let span = (window.1.min(rest[0]) - window.0.max(0) + 1).max(0) as u128;
    let share = |all: u128| all.saturating_mul(span) / (rest[0] as u128 + 1);
    // The sums of every entry are kept: the list holds at most MAX_SUMS of them in all.
    let max_entries = MAX_ENTRIES.min(MAX_SUMS / width.max(1));
    // (The share is an estimate, kept well under the list's room; a window holding every
    // row, a side whose score was not reported, keeps exactly all of them.)
    let whole = window.0 <= 0 && window.1 >= rest[0];
    let room = if whole { max_entries } else { max_entries / 4 };
    if all.is_none_or(|a| a > 100_000 && share(a) > room as u128) {
        return None;
    }
    let mut enumerator = Enumerator {
        upper,
        row_coef,
        link_coef,
        window,
        max_entries,
        rest,
        current: vec![0; width],
        side: Side {
            row: Vec::new(),
            link: Vec::new(),
            sums: Vec::new(),
            width,
        },
    };
    if width == 0 {
        if window.0 <= 0 && 0 <= window.1 {
            enumerator.side.row.push(0);
            enumerator.side.link.push(0);
        }
        return Some(enumerator.side);
    }
    enumerator.walk(0, 0, 0, work).then_some(enumerator.side)
}

/// A closed interval of rationals.
pub(crate) type Span = (BigRational, BigRational);

/// The windows of one mean, on (sens, spec, sens + spec, acc).
pub(crate) struct Windows {
    pub(crate) sens: Span,
    pub(crate) spec: Span,
    pub(crate) sum: Span,
    pub(crate) acc: Span,
    /// Some bound was on a score these four do not cover (left out).
    pub(crate) left_out: bool,
    /// Which windows a bound narrowed, so that a reason names only those.
    pub(crate) bounded: Bounded,
}

/// Which of the four windows some bound narrowed (the others are the whole range).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Bounded {
    pub(crate) sens: bool,
    pub(crate) spec: bool,
    pub(crate) sum: bool,
    pub(crate) acc: bool,
}

impl Windows {
    pub(crate) fn new() -> Windows {
        let unit = || (BigRational::zero(), BigRational::one());
        Windows {
            sens: unit(),
            spec: unit(),
            sum: (
                BigRational::zero(),
                BigRational::from_integer(BigInt::from(2)),
            ),
            acc: unit(),
            left_out: false,
            bounded: Bounded::default(),
        }
    }

    /// Narrows the windows by `bounds`; returns whether sens (`.0`) or spec (`.1`) is used.
    pub(crate) fn narrow(&mut self, bounds: &[Bound]) -> (bool, bool) {
        let one = BigRational::one();
        let mut uses = (false, false);
        for b in bounds {
            let (lo, hi) = (b.lower.clone(), b.upper.clone());
            let flipped = || (&one - &hi, &one - &lo);
            let (window, span) = match b.score {
                Score::Acc => (&mut self.acc, (lo, hi)),
                Score::Err => (&mut self.acc, flipped()),
                Score::Sens => (&mut self.sens, (lo, hi)),
                Score::Fnr => (&mut self.sens, flipped()),
                Score::Spec => (&mut self.spec, (lo, hi)),
                Score::Fpr => (&mut self.spec, flipped()),
                Score::Bacc => (
                    &mut self.sum,
                    (
                        &lo * BigRational::from_integer(BigInt::from(2)),
                        &hi * BigRational::from_integer(BigInt::from(2)),
                    ),
                ),
                Score::Bm => (&mut self.sum, (&lo + &one, &hi + &one)),
                // Left out: the condition stays necessary.
                _ => {
                    self.left_out = true;
                    continue;
                }
            };
            let bounded = &mut self.bounded;
            match b.score {
                Score::Acc | Score::Err => bounded.acc = true,
                Score::Sens | Score::Fnr => bounded.sens = true,
                Score::Spec | Score::Fpr => bounded.spec = true,
                _ => bounded.sum = true,
            }
            match b.score {
                Score::Sens | Score::Fnr => uses.0 = true,
                Score::Spec | Score::Fpr => uses.1 = true,
                Score::Bacc | Score::Bm => uses = (true, true),
                _ => {}
            }
            if span.0 > window.0 {
                window.0 = span.0;
            }
            if span.1 < window.1 {
                window.1 = span.1;
            }
        }
        uses
    }
}

/// Decides `experiment` exactly when it has the shape above (one dataset, or several without
/// dataset bounds; no fold bounds; acc, sens, spec, bacc and their complements), within
/// `max_steps` steps of enumeration; [`Sides::NotApplicable`] otherwise, or once `deadline`
/// has passed. A feasible witness should still be checked against [`crate::build`]'s program
/// (the solving entry points do).
pub fn decide(experiment: &Experiment, deadline: Option<Instant>, max_steps: u64) -> Sides {
    if deadline.is_some_and(|d| Instant::now() >= d) {
        return Sides::NotApplicable;
    }
    let datasets = &experiment.datasets;
    // Counts this small keep every sum and product below 2^110 (and u64 sums exact).
    const MAX_COUNT: u64 = 1 << 32;
    const MAX_FOLDS: usize = 1 << 14;
    let folds = datasets.iter().map(|d| d.folds.len()).sum::<usize>();
    if datasets.is_empty()
        || folds > MAX_FOLDS
        || datasets.iter().any(|d| {
            d.folds.is_empty()
                // Several datasets' own bounds are rows of their own.
                || (datasets.len() > 1 && !d.bounds.is_empty())
                || d.folds.iter().any(|f| {
                    !f.bounds.is_empty() || f.p > MAX_COUNT || f.n > MAX_COUNT || f.p + f.n == 0
                })
        })
    {
        return Sides::NotApplicable;
    }
    let mut windows = Windows::new();
    let uses = windows.narrow(&experiment.windows);
    let uses_bounds = windows.narrow(&datasets[0].bounds);
    let all_folds = || datasets.iter().flat_map(|d| d.folds.iter());
    // A score undefined on some fold is the builder's to report.
    if windows.left_out
        || ((uses.0 || uses_bounds.0) && all_folds().any(|f| f.p == 0))
        || ((uses.1 || uses_bounds.1) && all_folds().any(|f| f.n == 0))
    {
        return Sides::NotApplicable;
    }
    // Each fold weighs 1/c in the means, c = (datasets) × (folds of its dataset); folds
    // are interchangeable when they have the same counts and the same weight. Witness
    // positions follow `mos::build`: datasets in order, their folds in order.
    let mut kinds: Vec<Kind> = Vec::new();
    let mut position = 0;
    for dataset in datasets {
        let c = (datasets.len() * dataset.folds.len()) as u64;
        for f in &dataset.folds {
            match kinds
                .iter_mut()
                .find(|k| k.p == f.p && k.n == f.n && k.weight == c)
            {
                Some(kind) => kind.folds.push(position),
                None => kinds.push(Kind {
                    p: f.p,
                    n: f.n,
                    weight: c,
                    folds: vec![position],
                }),
            }
            position += 1;
        }
    }
    // Scales: the lcm of c·p, of c·n, of c·(p + n).
    let scaled = |part: &dyn Fn(&Kind) -> u64| {
        lcm_of(kinds.iter().map(|k| k.weight.saturating_mul(part(k))))
    };
    let (Some(dp), Some(dn), Some(dt)) =
        (scaled(&|k| k.p), scaled(&|k| k.n), scaled(&|k| k.p + k.n))
    else {
        return Sides::NotApplicable;
    };
    let (Some(ws), Some(wt), Some(wa), Some(wb)) = (
        integer_window(&windows.sens, dp),
        integer_window(&windows.spec, dn),
        integer_window(&windows.acc, dt),
        dp.checked_mul(dn)
            .and_then(|d| integer_window(&windows.sum, d)),
    ) else {
        return Sides::NotApplicable;
    };
    let mut work = Work {
        steps: 0,
        max_steps,
        deadline,
    };
    let side = |part: &dyn Fn(&Kind) -> u64, scale: i128, span, work: &mut Work| {
        let mut order: Vec<usize> = (0..kinds.len()).collect();
        order.sort_by_key(|&j| {
            (
                part(&kinds[j]) > 0,
                kinds[j].folds.len() as u64 * part(&kinds[j]),
            )
        });
        let upper: Vec<u64> = order
            .iter()
            .map(|&j| kinds[j].folds.len() as u64 * part(&kinds[j]))
            .collect();
        let row: Vec<i128> = order
            .iter()
            .map(|&j| match part(&kinds[j]) {
                0 => 0,
                v => scale / (i128::from(v) * i128::from(kinds[j].weight)),
            })
            .collect();
        let link: Vec<i128> = order
            .iter()
            .map(|&j| dt / (i128::from(kinds[j].p + kinds[j].n) * i128::from(kinds[j].weight)))
            .collect();
        enumerate(&upper, &row, &link, span, work).map(|s| (order, s))
    };
    let Some((x_order, xs)) = side(&|k: &Kind| k.p, dp, ws, &mut work) else {
        return Sides::NotApplicable;
    };
    let Some((y_order, ys)) = side(&|k: &Kind| k.n, dn, wt, &mut work) else {
        return Sides::NotApplicable;
    };
    // Meet: y sorted by its accuracy part; for each x the range of v that fits the accuracy
    // window, checked against the balanced accuracy window.
    let mut by_v: Vec<usize> = (0..ys.row.len()).collect();
    by_v.sort_by_key(|&e| ys.link[e]);
    let mut found = None;
    'outer: for x in 0..xs.row.len() {
        let (s, u) = (xs.row[x], xs.link[x]);
        let start = by_v.partition_point(|&e| ys.link[e] + u < wa.0);
        for &y in &by_v[start..] {
            if !work.step() {
                return Sides::NotApplicable;
            }
            if ys.link[y] + u > wa.1 {
                break;
            }
            let b = s * dn + ys.row[y] * dp;
            if wb.0 <= b && b <= wb.1 {
                found = Some((x, y));
                break 'outer;
            }
        }
    }
    let Some((x, y)) = found else {
        return Sides::Infeasible(enumeration_reason(
            windows.bounded,
            xs.row.len(),
            ys.row.len(),
        ));
    };
    // Split each kind's sums back over its folds.
    let mut witness = vec![0i64; 2 * folds];
    for (order, side, entry, offset) in [(&x_order, &xs, x, 0), (&y_order, &ys, y, 1)] {
        for (&j, &sum) in order.iter().zip(side.sums(entry)) {
            let per_fold = if offset == 0 { kinds[j].p } else { kinds[j].n };
            let mut left = sum;
            for &fold in &kinds[j].folds {
                let here = left.min(per_fold);
                left -= here;
                witness[2 * fold + offset] = here as i64;
            }
        }
    }
    Sides::Feasible(witness)
}

/// Why the enumeration found no pair, naming only the windows that a reported score or a
/// bound narrowed (an unreported score's window is the whole range and explains nothing).
fn enumeration_reason(bounded: Bounded, tp_sums: usize, tn_sums: usize) -> String {
    let fit = |yes: bool, what: &str| {
        if yes {
            format!(" that fit the {what} window")
        } else {
            String::new()
        }
    };
    let meet = match (bounded.acc, bounded.sum) {
        (true, true) => "no pair fits both the accuracy and the balanced-accuracy windows",
        (true, false) => "no pair fits the accuracy window",
        (false, true) => "no pair fits the balanced-accuracy window",
        (false, false) => "no pair is left",
    };
    format!(
        "exact enumeration: the {tp_sums} sums of tp over the fold kinds{} and the {tn_sums} sums of tn{} were paired in every way{}, and {meet}",
        fit(bounded.sens, "sensitivity"),
        fit(bounded.spec, "specificity"),
        if bounded.acc { " the accuracy window allows" } else { "" },
    )
}

#[cfg(test)]
mod tests {
    use crate::test_support::{linear_scores, Lcg};
    use num_bigint::BigInt;
    use num_rational::BigRational;
    use scorecheck_algebra::Score;

    use scorecheck_feasibility::Verdict;

    use super::{decide, Sides, MAX_STEPS};
    use crate::model::{Bound, DatasetSpec, Experiment, FoldSpec};

    fn value(score: Score, counts: &[(u64, u64, u64, u64)]) -> BigRational {
        let r = |a: u64, b: u64| BigRational::new(BigInt::from(a), BigInt::from(b));
        let sum: BigRational = counts
            .iter()
            .map(|&(p, n, tp, tn)| match score {
                Score::Acc => r(tp + tn, p + n),
                Score::Sens => r(tp, p),
                Score::Spec => r(tn, n),
                Score::Bacc => (r(tp, p) + r(tn, n)) / BigRational::from_integer(2.into()),
                Score::Err => r(p + n - tp - tn, p + n),
                Score::Fnr => r(p - tp, p),
                Score::Fpr => r(n - tn, n),
                Score::Bm => r(tp, p) + r(tn, n) - BigRational::from_integer(1.into()),
                _ => unreachable!(),
            })
            .sum();
        sum / BigRational::from_integer(BigInt::from(counts.len()))
    }

    /// k folds with 1..=most positives and negatives each, and random counts (p, n, tp, tn)
    /// on them.
    #[allow(clippy::type_complexity)]
    fn random_truth(
        rng: &mut Lcg,
        k: usize,
        most: u64,
    ) -> (Vec<(u64, u64)>, Vec<(u64, u64, u64, u64)>) {
        let folds: Vec<(u64, u64)> = (0..k)
            .map(|_| (1 + rng.below(most), 1 + rng.below(most)))
            .collect();
        let truth = folds
            .iter()
            .map(|&(p, n)| (p, n, rng.below(p + 1), rng.below(n + 1)))
            .collect();
        (folds, truth)
    }

    /// The reason names only the windows a bound narrowed: accuracy and sensitivity reported,
    /// no word of specificity or balanced accuracy.
    #[test]
    fn the_reason_names_only_bounded_windows() {
        let q = |a: i64, b: i64| BigRational::new(BigInt::from(a), BigInt::from(b));
        let experiment = Experiment::new(
            vec![DatasetSpec::from_folds(vec![FoldSpec::new(10, 10)])],
            vec![
                Bound::new(Score::Sens, q(1, 2), q(1, 2)),
                Bound::new(Score::Acc, q(9, 10), q(9, 10)),
            ],
        );
        let Sides::Infeasible(reason) = decide(&experiment, None, MAX_STEPS) else {
            panic!("tp = 5 and tp + tn = 18 with tn ≤ 10 cannot hold");
        };
        assert_eq!(
            reason,
            "exact enumeration: the 1 sums of tp over the fold kinds that fit the sensitivity window and the 11 sums of tn were paired in every way the accuracy window allows, and no pair fits the accuracy window"
        );
        let with_bacc = Experiment::new(
            experiment.datasets.clone(),
            vec![
                Bound::new(Score::Sens, q(1, 2), q(1, 2)),
                Bound::new(Score::Acc, q(1, 2), q(1, 2)),
                Bound::new(Score::Bacc, q(9, 10), q(9, 10)),
            ],
        );
        let Sides::Infeasible(reason) = decide(&with_bacc, None, MAX_STEPS) else {
            panic!("tp = 5, tn = 5 and tn = 13 cannot hold");
        };
        assert!(
            reason.ends_with("no pair fits both the accuracy and the balanced-accuracy windows")
        );
        assert!(!reason.contains("specificity"));
    }

    /// Agrees with brute force over every (tp, tn) of every fold (one dataset or two), and
    /// its witnesses fit.
    #[test]
    fn agrees_with_brute_force() {
        let mut rng = Lcg(3);
        let (mut feasible, mut infeasible) = (0, 0);
        for _ in 0..400 {
            let k = 1 + rng.below(3) as usize;
            let (folds, truth) = random_truth(&mut rng, k, 4);
            // The first `split` folds are one dataset, the rest (if any) another.
            let split = if k > 1 && rng.below(2) == 0 {
                1 + rng.below(k as u64 - 1) as usize
            } else {
                k
            };
            let value = |score: Score, counts: &[(u64, u64, u64, u64)]| {
                if split == counts.len() {
                    value(score, counts)
                } else {
                    (value(score, &counts[..split]) + value(score, &counts[split..]))
                        / BigRational::from_integer(2.into())
                }
            };
            // Windows around a random point's means, some moved.
            let mut windows = Vec::new();
            for score in linear_scores() {
                if rng.below(3) != 0 {
                    continue;
                }
                let shift =
                    BigRational::new(BigInt::from(rng.below(9) as i64 - 4), BigInt::from(50));
                let half = BigRational::new(BigInt::from(rng.below(3)), BigInt::from(100));
                let v = value(score, &truth)
                    + if rng.below(2) == 0 {
                        shift
                    } else {
                        BigRational::from_integer(0.into())
                    };
                windows.push(Bound {
                    score,
                    lower: &v - &half,
                    upper: &v + &half,
                });
            }
            let fits = |counts: &[(u64, u64, u64, u64)]| {
                windows.iter().all(|w| {
                    let v = value(w.score, counts);
                    w.lower <= v && v <= w.upper
                })
            };
            // Brute force over every point.
            let mut any = false;
            let mut point = vec![(0u64, 0u64); k];
            'search: loop {
                let counts: Vec<_> = folds
                    .iter()
                    .zip(&point)
                    .map(|(&(p, n), &(tp, tn))| (p, n, tp, tn))
                    .collect();
                if fits(&counts) {
                    any = true;
                    break;
                }
                for (i, &(p, n)) in folds.iter().enumerate() {
                    if point[i].0 < p {
                        point[i].0 += 1;
                        continue 'search;
                    }
                    point[i].0 = 0;
                    if point[i].1 < n {
                        point[i].1 += 1;
                        continue 'search;
                    }
                    point[i].1 = 0;
                }
                break;
            }
            let dataset = |part: &[(u64, u64)]| DatasetSpec {
                folds: part
                    .iter()
                    .map(|&(p, n)| FoldSpec {
                        p,
                        n,
                        bounds: Vec::new(),
                    })
                    .collect(),
                bounds: Vec::new(),
            };
            let datasets = if split == k {
                vec![dataset(&folds)]
            } else {
                vec![dataset(&folds[..split]), dataset(&folds[split..])]
            };
            let experiment = Experiment {
                datasets,
                windows: windows.clone(),
            };
            match decide(&experiment, None, MAX_STEPS) {
                Sides::Feasible(w) => {
                    assert!(any, "{experiment:?}");
                    let counts: Vec<_> = folds
                        .iter()
                        .enumerate()
                        .map(|(i, &(p, n))| (p, n, w[2 * i] as u64, w[2 * i + 1] as u64))
                        .collect();
                    assert!(
                        counts.iter().all(|&(p, n, tp, tn)| tp <= p && tn <= n) && fits(&counts),
                        "{experiment:?} {w:?}"
                    );
                    feasible += 1;
                }
                Sides::Infeasible(_) => {
                    assert!(!any, "{experiment:?}");
                    infeasible += 1;
                }
                Sides::NotApplicable => panic!("small cases are decided: {experiment:?}"),
            }
        }
        assert!(feasible > 50 && infeasible > 50, "{feasible} {infeasible}");
    }

    /// Agrees with the pure backend's exact branch and bound on medium cases it decides
    /// (up to 5 folds of up to 30 positives and negatives, windows of 4 decimals).
    #[test]
    fn agrees_with_the_branch_and_bound() {
        let mut rng = Lcg(17);
        let (mut compared, mut feasible) = (0, 0);
        for _ in 0..40 {
            let k = 2 + rng.below(4) as usize;
            let (folds, truth) = random_truth(&mut rng, k, 30);
            let mut windows = Vec::new();
            for score in [Score::Acc, Score::Sens, Score::Spec, Score::Bacc] {
                if rng.below(4) == 0 {
                    continue;
                }
                let shift =
                    BigRational::new(BigInt::from(rng.below(5) as i64 - 2), BigInt::from(1000));
                let half = BigRational::new(BigInt::from(1), BigInt::from(10_000));
                let v = value(score, &truth) + shift;
                windows.push(Bound {
                    score,
                    lower: &v - &half,
                    upper: &v + &half,
                });
            }
            let experiment = Experiment {
                datasets: vec![DatasetSpec {
                    folds: folds
                        .iter()
                        .map(|&(p, n)| FoldSpec {
                            p,
                            n,
                            bounds: Vec::new(),
                        })
                        .collect(),
                    bounds: Vec::new(),
                }],
                windows,
            };
            let problem = crate::model::build(&experiment).unwrap();
            let solved = scorecheck_feasibility::checked(
                &scorecheck_feasibility_pure::PureBackend,
                &problem,
                &scorecheck_feasibility::Budget::new(
                    5_000,
                    Some(std::time::Duration::from_secs(60)),
                ),
            );
            let sides = decide(&experiment, None, MAX_STEPS);
            match (&solved, &sides) {
                (Verdict::Feasible { .. }, Sides::Feasible(w)) => {
                    assert!(problem.check(w).is_ok(), "{experiment:?}");
                    feasible += 1;
                }
                (Verdict::Infeasible { .. }, Sides::Infeasible(_)) => {}
                (Verdict::Undecided { .. }, _) | (_, Sides::NotApplicable) => continue,
                _ => panic!("disagree on {experiment:?}"),
            }
            compared += 1;
        }
        assert!(compared > 15 && feasible > 4, "{compared} {feasible}");
    }
}
