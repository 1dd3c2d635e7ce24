//! The grid of matrices cut into pieces where every score is defined and monotone: two
//! rows (tp = 0, tp = p), two edges (tn = 0, tn = n), four corners and the interior.
//!
//! Why the cut: every undefined point of every score lies on the border of the grid
//! (tp ∈ {0, p} or tn ∈ {0, n}), except for pt and 1 − pt on the line sens = 1 − spec. On
//! each open border segment a score is defined everywhere or nowhere, and in the interior
//! [1, p − 1] × [1, n − 1] it is defined everywhere (pt extended by its limit 1/2). So each
//! piece is a monotone search: a border segment is one interval, found by binary search,
//! and the interior is a band [LO(tp), HI(tp)] whose ends move monotonically in tp.
//!
//! Directions (from `Score::trends`, verified by brute force in the tests): for a score
//! rising in tp and in tn (acc, ppv, npv, f1p, mcc, kappa, ...), the tn-set of its window at
//! fixed tp is [lo_s(tp), hi_s(tp)] with both ends non-increasing in tp, because a larger tp
//! raises the score and the same window is met at smaller tn. For a score falling in both
//! (err, fdr, for, lrn, pt) the same holds: a larger tp lowers the score, and again the window
//! is met at smaller tn. A score rising in one and falling in the other would give
//! non-decreasing ends; no score does, but the code handles it and refuses to prune a mix.
//! Scores flat in tn (sens, fnr) cut the interior's tp range once; scores flat in tp (spec,
//! fpr) cut its tn range once.

use scorecheck_algebra::Trend;

use super::eval::{is_pt_like, Axis, Evaluator, Halt, Run, Side};

/// A closed range of positions; empty when lo > hi.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Span {
    pub(crate) lo: i128,
    pub(crate) hi: i128,
}

impl Span {
    pub(crate) fn new(lo: i128, hi: i128) -> Span {
        Span { lo, hi }
    }
    pub(crate) fn empty() -> Span {
        Span { lo: 1, hi: 0 }
    }
    pub(crate) fn is_empty(&self) -> bool {
        self.lo > self.hi
    }
    pub(crate) fn len(&self) -> u128 {
        if self.is_empty() {
            0
        } else {
            (self.hi - self.lo + 1) as u128
        }
    }
    pub(crate) fn contains(&self, x: i128) -> bool {
        self.lo <= x && x <= self.hi
    }
}

/// How LO(tp) and HI(tp) of the interior band move as tp grows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Direction {
    /// Both never increase (every score rises in both entries or falls in both).
    NonIncreasing,
    /// Both never decrease (every score rises in one entry and falls in the other).
    NonDecreasing,
    /// Scores disagree: no pruning, every tp is looked at.
    Mixed,
}

/// One row of the grid (tp = 0 or tp = p): its corners and its open segment.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Row {
    pub(crate) tp: u64,
    /// (tp, 0) satisfies every window.
    pub(crate) corner_low: bool,
    /// The feasible tn in [1, n − 1].
    pub(crate) segment: Span,
    /// (tp, n) satisfies every window (false when n = 0: that corner is `corner_low`).
    pub(crate) corner_high: bool,
}

impl Row {
    pub(crate) fn count(&self) -> u128 {
        u128::from(self.corner_low) + self.segment.len() + u128::from(self.corner_high)
    }
}

/// The interior band at one tp.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Column {
    pub(crate) band: Span,
    /// The tn in the band where pt is undefined, if any (excluded from the count).
    pub(crate) hole: Option<i128>,
}

impl Column {
    pub(crate) fn count(&self) -> u128 {
        let hole = self.hole.is_some_and(|h| self.band.contains(h));
        self.band.len() - u128::from(hole)
    }
    pub(crate) fn feasible(&self) -> bool {
        self.count() > 0
    }
}

/// The problem cut into its pieces, with everything that is cheap already decided.
pub(crate) struct Grid {
    pub(crate) p: u64,
    pub(crate) n: u64,
    /// Every window index.
    pub(crate) all: Vec<usize>,
    /// Windows that vary with tn inside the interior (not flat in tn or tp).
    pub(crate) banded: Vec<usize>,
    pub(crate) has_pt: bool,
    pub(crate) direction: Direction,
    pub(crate) row_zero: Row,
    /// The row tp = p, when p > 0.
    pub(crate) row_p: Option<Row>,
    /// Feasible tp in [1, p − 1] on the edge tn = 0.
    pub(crate) edge_low: Span,
    /// Feasible tp in [1, p − 1] on the edge tn = n, when n > 0.
    pub(crate) edge_high: Span,
    /// Interior tp range left by the scores flat in tn (empty when there is no interior).
    pub(crate) interior_tp: Span,
    /// Interior tn range left by the scores flat in tp.
    pub(crate) interior_tn: Span,
}

/// The feasible positions of a segment along `axis` for the windows `among`.
///
/// Lower and upper ends narrow independently, so the returned ends are exactly
/// max(lo, max_s lo_s) and min(hi, min_s hi_s) even when the result is empty; the interior
/// pruning needs those true ends. With `check_defined`, a score undefined at the segment's
/// first point is undefined on all of it (see the module docs) and empties the segment.
pub(crate) fn segment(
    ev: &mut Evaluator<'_>,
    axis: Axis,
    fixed: u64,
    range: Span,
    among: &[usize],
    extend_pt: bool,
    check_defined: bool,
) -> Run<Span> {
    if range.is_empty() {
        return Ok(range);
    }
    let (mut lo, mut hi) = (range.lo, range.hi);
    for &w in among {
        let score = ev.windows[w].score;
        let (tp0, tn0) = axis.point(fixed, range.lo as u64);
        if check_defined && !ev.defined(w, tp0, tn0, extend_pt)? {
            return Ok(Span::empty());
        }
        let (suffix_side, prefix_side) = match axis.trend(score) {
            Trend::Flat => {
                if ev.inside(w, tp0, tn0)? {
                    continue;
                }
                return Ok(Span::new(range.hi + 1, range.lo - 1));
            }
            Trend::Rising => (Side::AtLeastLower, Side::AtMostUpper),
            Trend::Falling => (Side::AtMostUpper, Side::AtLeastLower),
        };
        lo = ev.first_where(w, suffix_side, (axis, fixed), lo, range.hi, extend_pt, true)?;
        hi = ev.first_where(
            w,
            prefix_side,
            (axis, fixed),
            range.lo,
            hi,
            extend_pt,
            false,
        )? - 1;
    }
    Ok(Span::new(lo, hi))
}

impl Grid {
    /// Cuts the problem and decides the rows, edges and the interior's flat restrictions.
    pub(crate) fn build(ev: &mut Evaluator<'_>) -> Run<Grid> {
        let (p, n) = (ev.p, ev.n);
        let all: Vec<usize> = (0..ev.windows.len()).collect();
        let mut banded = Vec::new();
        let mut flat_in_tn = Vec::new();
        let mut flat_in_tp = Vec::new();
        let mut senses = Vec::new();
        for &w in &all {
            match ev.windows[w].score.trends() {
                (_, Trend::Flat) => flat_in_tn.push(w),
                (Trend::Flat, _) => flat_in_tp.push(w),
                (a, b) => {
                    senses.push(a == b);
                    banded.push(w);
                }
            }
        }
        let direction = if senses.iter().all(|&same| same) {
            Direction::NonIncreasing
        } else if senses.iter().all(|&same| !same) {
            Direction::NonDecreasing
        } else {
            Direction::Mixed
        };
        let has_pt = banded.iter().any(|&w| is_pt_like(ev.windows[w].score));
        let row_zero = row(ev, 0, &all)?;
        let row_p = if p > 0 { Some(row(ev, p, &all)?) } else { None };
        let open_tp = Span::new(1, i128::from(p) - 1);
        let edge_low = segment(ev, Axis::Tp, 0, open_tp, &all, false, true)?;
        let edge_high = if n > 0 {
            segment(ev, Axis::Tp, n, open_tp, &all, false, true)?
        } else {
            Span::empty()
        };
        let open_tn = Span::new(1, i128::from(n) - 1);
        let (interior_tp, interior_tn) = if open_tp.is_empty() || open_tn.is_empty() {
            (Span::empty(), Span::empty())
        } else {
            // Inside, every score is defined, so the flat scores cut a range each.
            let tp_range = segment(ev, Axis::Tp, 1, open_tp, &flat_in_tn, true, false)?;
            let tn_range = segment(ev, Axis::Tn, 1, open_tn, &flat_in_tp, true, false)?;
            if tp_range.is_empty() || tn_range.is_empty() {
                (Span::empty(), Span::empty())
            } else {
                (tp_range, tn_range)
            }
        };
        Ok(Grid {
            p,
            n,
            all,
            banded,
            has_pt,
            direction,
            row_zero,
            row_p,
            edge_low,
            edge_high,
            interior_tp,
            interior_tn,
        })
    }

    /// The interior band at `tp` (which must lie in `interior_tp`).
    pub(crate) fn column(&self, ev: &mut Evaluator<'_>, tp: i128) -> Run<Column> {
        // A column may be decided by the float filter alone, with no exact evaluation (and
        // so no look at the clock): look here too.
        if ev.out_of_time() {
            return Err(Halt::TimeLimit);
        }
        let band = segment(
            ev,
            Axis::Tn,
            tp as u64,
            self.interior_tn,
            &self.banded,
            true,
            false,
        )?;
        Ok(Column {
            band,
            hole: if self.has_pt { self.hole(tp) } else { None },
        })
    }

    /// The tn where pt is undefined at `tp`, when it is an integer: tn = n − tp·n/p.
    pub(crate) fn hole(&self, tp: i128) -> Option<i128> {
        let (p, n) = (i128::from(self.p), i128::from(self.n));
        if p == 0 || (tp * n) % p != 0 {
            return None;
        }
        Some(n - tp * n / p)
    }

    /// The number of tp in `range` whose hole lies in `band`: tp must be a multiple of
    /// q = p / gcd(p, n), and then the hole is n − (tp/q)·(n/gcd).
    pub(crate) fn holes_between(&self, range: Span, band: Span) -> u128 {
        if !self.has_pt || range.is_empty() || band.is_empty() || self.p == 0 || self.n == 0 {
            return 0;
        }
        let (p, n) = (i128::from(self.p), i128::from(self.n));
        let g = gcd(p, n);
        let (q, step) = (p / g, n / g);
        // LO ≤ n − j·step ≤ HI  ⇔  ceil((n − HI)/step) ≤ j ≤ floor((n − LO)/step).
        let j_lo = div_ceil(n - band.hi, step).max(div_ceil(range.lo, q));
        let j_hi = div_floor(n - band.lo, step).min(div_floor(range.hi, q));
        if j_lo > j_hi {
            0
        } else {
            (j_hi - j_lo + 1) as u128
        }
    }

    /// Whether the interior band can be empty on all of the open range (a, b), from the
    /// columns at its ends alone.
    pub(crate) fn prunable(&self, at_a: &Column, at_b: &Column) -> bool {
        match self.direction {
            Direction::NonIncreasing => at_b.band.lo > at_a.band.hi,
            Direction::NonDecreasing => at_a.band.lo > at_b.band.hi,
            Direction::Mixed => false,
        }
    }

    /// Whether the band is the same at every tp of [a, b], given the columns at its ends.
    pub(crate) fn constant_between(&self, at_a: &Column, at_b: &Column) -> bool {
        self.direction != Direction::Mixed && at_a.band == at_b.band
    }
}

/// Decides one row (tp = 0 or tp = p) of the grid.
fn row(ev: &mut Evaluator<'_>, tp: u64, all: &[usize]) -> Run<Row> {
    let n = ev.n;
    let corner_low = ev.point_ok(tp, 0, all)?;
    let corner_high = n > 0 && ev.point_ok(tp, n, all)?;
    let segment = segment(
        ev,
        Axis::Tn,
        tp,
        Span::new(1, i128::from(n) - 1),
        all,
        false,
        true,
    )?;
    Ok(Row {
        tp,
        corner_low,
        segment,
        corner_high,
    })
}

fn gcd(mut a: i128, mut b: i128) -> i128 {
    while b != 0 {
        let r = a % b;
        a = b;
        b = r;
    }
    a.abs().max(1)
}

fn div_floor(a: i128, b: i128) -> i128 {
    a.div_euclid(b)
}

fn div_ceil(a: i128, b: i128) -> i128 {
    -((-a).div_euclid(b))
}
