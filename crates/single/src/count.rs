//! Exact counting of the feasible (tp, tn) pairs, and listing the first ones in order.

use super::eval::{Evaluator, Halt, Run};
use super::grid::{Column, Direction, Grid, Span};
use super::search::{first_feasible_tp, Coverage};
use super::walk::{Differences, End, Walker};

/// The result of counting: exact, or a lower bound when the budget ran out.
pub(crate) struct Count {
    pub(crate) exact: Option<u128>,
    pub(crate) lower_bound: u128,
}

/// Gaps of at most this many tp columns between two visited columns are walked column by
/// column (see [`walk`](super::walk)) instead of being cut further.
const WALK_SPAN: i128 = 1 << 14;

/// How often (in walked columns) the deadline is looked at.
const CLOCK_EVERY: u64 = 1 << 12;

/// Counts every feasible pair, visiting at most `budget` interior columns.
///
/// Ranges of tp whose end columns prove the band empty count zero; ranges whose end
/// columns have the same band (so, by monotonicity, every column in between has it) count
/// in closed form, holes of pt included. The rest is cut in halves until a gap is at most
/// [`WALK_SPAN`] columns wide, whose columns are then walked one after the other, each
/// band end found from its position in the previous column.
pub(crate) fn count(grid: &Grid, ev: &mut Evaluator<'_>, budget: u64) -> Run<Count> {
    let mut total: u128 = grid.row_zero.count() + grid.edge_low.len() + grid.edge_high.len();
    if let Some(row) = &grid.row_p {
        total += row.count();
    }
    let range = grid.interior_tp;
    if range.is_empty() {
        return Ok(Count {
            exact: Some(total),
            lower_bound: total,
        });
    }
    let out_of_budget = |total| {
        Ok(Count {
            exact: None,
            lower_bound: total,
        })
    };
    let mut visited: u64 = 0;
    let (a, b) = (range.lo, range.hi);
    let Some(at_a) = visit(grid, ev, a, &mut visited, budget)? else {
        return out_of_budget(total);
    };
    total += at_a.count();
    if a == b {
        return Ok(Count {
            exact: Some(total),
            lower_bound: total,
        });
    }
    let Some(at_b) = visit(grid, ev, b, &mut visited, budget)? else {
        return out_of_budget(total);
    };
    total += at_b.count();
    let mut stack = vec![(a, b, at_a, at_b)];
    while let Some((a, b, at_a, at_b)) = stack.pop() {
        if b - a <= 1 || grid.prunable(&at_a, &at_b) {
            continue;
        }
        if grid.constant_between(&at_a, &at_b) {
            let inner = Span::new(a + 1, b - 1);
            let per_column = at_a.band.len();
            total += inner.len() * per_column - grid.holes_between(inner, at_a.band);
            continue;
        }
        if grid.direction == Direction::NonIncreasing && b - a - 1 <= WALK_SPAN {
            let walked = walk_columns(grid, ev, Span::new(a + 1, b - 1), &mut visited, budget);
            let (counted, complete) = match walked {
                Err(Halt::TimeLimit) => (0, false),
                other => other?,
            };
            total += counted;
            if !complete {
                return out_of_budget(total);
            }
            continue;
        }
        let mid = a + (b - a) / 2;
        let Some(at_mid) = visit(grid, ev, mid, &mut visited, budget)? else {
            return out_of_budget(total);
        };
        total += at_mid.count();
        stack.push((mid, b, at_mid, at_b));
        stack.push((a, mid, at_a, at_mid));
    }
    Ok(Count {
        exact: Some(total),
        lower_bound: total,
    })
}

/// The column at `tp`, or `None` when the budget or the deadline ran out.
fn visit(
    grid: &Grid,
    ev: &mut Evaluator<'_>,
    tp: i128,
    visited: &mut u64,
    budget: u64,
) -> Run<Option<Column>> {
    if *visited >= budget || ev.out_of_time() {
        return Ok(None);
    }
    *visited += 1;
    match grid.column(ev, tp) {
        Ok(column) => Ok(Some(column)),
        Err(Halt::TimeLimit) => Ok(None),
        Err(other) => Err(other),
    }
}

/// The feasible pairs of the columns in `range`, walked one after the other: (count,
/// whether every column was walked before the budget or the deadline ran out).
fn walk_columns(
    grid: &Grid,
    ev: &mut Evaluator<'_>,
    range: Span,
    visited: &mut u64,
    budget: u64,
) -> Run<(u128, bool)> {
    let tn_range = grid.interior_tn;
    let mut counted: u128 = 0;
    if range.is_empty() {
        return Ok((0, true));
    }
    if *visited >= budget || ev.out_of_time() {
        return Ok((0, false));
    }
    let mut walkers = Vec::with_capacity(2 * grid.banded.len());
    for &w in &grid.banded {
        walkers.extend(Walker::pair(ev, w, range.lo, tn_range)?);
    }
    if !grid.has_pt {
        let pure: Option<Vec<Differences>> = walkers
            .iter()
            .map(|w| match w {
                Walker::Differences(d) => Some(*d),
                Walker::Evaluator { .. } => None,
            })
            .collect();
        if let Some(mut pure) = pure {
            return Ok(walk_differences(
                &mut pure, ev, range, tn_range, visited, budget,
            ));
        }
    }
    for tp in range.lo..=range.hi {
        if *visited >= budget {
            return Ok((counted, false));
        }
        *visited += 1;
        if *visited % CLOCK_EVERY == 0 && ev.out_of_time() {
            return Ok((counted, false));
        }
        let (mut lo, mut hi) = (tn_range.lo, tn_range.hi);
        for walker in &mut walkers {
            if tp > range.lo {
                walker.advance(ev, tp, tn_range)?;
            }
            match walker.end() {
                (End::First, t) => lo = lo.max(t),
                (End::Last, t) => hi = hi.min(t),
            }
        }
        let column = Column {
            band: Span::new(lo, hi),
            hole: if grid.has_pt { grid.hole(tp) } else { None },
        };
        counted += column.count();
    }
    Ok((counted, true))
}

/// [`walk_columns`] when every end walks by finite differences (and there is no pt hole):
/// additions and sign tests only, one walker at a time over chunks of columns.
fn walk_differences(
    walkers: &mut [Differences],
    ev: &Evaluator<'_>,
    range: Span,
    tn_range: Span,
    visited: &mut u64,
    budget: u64,
) -> (u128, bool) {
    let mut counted: u128 = 0;
    // Buffers no longer than the columns walked: a narrow region costs no large zeroing.
    let columns = u64::try_from(range.hi - range.lo + 1).unwrap_or(0);
    let size = usize::try_from(CLOCK_EVERY.min(columns).min(budget)).unwrap_or(0);
    let (mut lows, mut highs) = (vec![0i128; size], vec![0i128; size]);
    let mut tp = range.lo;
    loop {
        // Columns up to the next look at the clock, within the budget.
        let room = budget.saturating_sub(*visited);
        let left = (range.hi - tp + 1) as u64;
        let chunk = left.min(room).min(CLOCK_EVERY) as usize;
        if chunk == 0 {
            return (counted, left == 0);
        }
        let (lows, highs) = (&mut lows[..chunk], &mut highs[..chunk]);
        lows.fill(tn_range.lo);
        highs.fill(tn_range.hi);
        for d in walkers.iter_mut() {
            let ends = match d.end {
                End::First => &mut *lows,
                End::Last => &mut *highs,
            };
            d.walk_into(tp == range.lo, tn_range.lo, ends);
        }
        for (&lo, &hi) in lows.iter().zip(highs.iter()) {
            if hi >= lo {
                counted += (hi - lo + 1) as u128;
            }
        }
        tp += chunk as i128;
        *visited += chunk as u64;
        if tp > range.hi {
            return (counted, true);
        }
        if ev.out_of_time() {
            return (counted, false);
        }
    }
}

/// The feasible pairs of every column in `range`, walked with no budget (for tests).
#[cfg(test)]
pub(crate) fn walk_all(grid: &Grid, ev: &mut Evaluator<'_>, range: Span) -> Run<u128> {
    let mut visited = 0;
    Ok(walk_columns(grid, ev, range, &mut visited, u64::MAX)?.0)
}

/// The feasible tn at one tp as increasing runs, with the pt hole to skip (if any).
pub(crate) fn column_runs(
    grid: &Grid,
    ev: &mut Evaluator<'_>,
    tp: i128,
) -> Run<(Vec<Span>, Option<i128>)> {
    let n = i128::from(grid.n);
    let border_row = [Some(&grid.row_zero), grid.row_p.as_ref()]
        .into_iter()
        .flatten()
        .find(|r| i128::from(r.tp) == tp);
    let (low, middle, hole, high) = match border_row {
        Some(row) => (row.corner_low, row.segment, None, row.corner_high),
        None => {
            let middle = if grid.interior_tp.contains(tp) {
                grid.column(ev, tp)?
            } else {
                Column {
                    band: Span::empty(),
                    hole: None,
                }
            };
            (
                grid.edge_low.contains(tp),
                middle.band,
                middle.hole,
                n > 0 && grid.edge_high.contains(tp),
            )
        }
    };
    let mut runs = Vec::new();
    if low {
        runs.push(Span::new(0, 0));
    }
    if !middle.is_empty() {
        runs.push(middle);
    }
    if high && n > 0 {
        runs.push(Span::new(n, n));
    }
    Ok((runs, hole))
}

/// The feasible tn at one tp, in increasing order, at most `limit` of them.
fn column_points(grid: &Grid, ev: &mut Evaluator<'_>, tp: i128, limit: usize) -> Run<Vec<i128>> {
    let (runs, hole) = column_runs(grid, ev, tp)?;
    let mut out = Vec::new();
    for run in runs {
        let mut tn = run.lo;
        while tn <= run.hi && out.len() < limit {
            if Some(tn) != hole {
                out.push(tn);
            }
            tn += 1;
        }
    }
    Ok(out)
}

/// The first `k` feasible pairs in increasing (tp, tn) order, each re-checked exactly.
///
/// `first` is the smallest feasible tp, already found by the decision.
pub(crate) fn witnesses(
    grid: &Grid,
    ev: &mut Evaluator<'_>,
    k: usize,
    first: i128,
) -> Run<Vec<(u64, u64)>> {
    let mut out = Vec::new();
    let mut next = Some(first);
    while let Some(tp) = next {
        let points = column_points(grid, ev, tp, k - out.len())?;
        if points.is_empty() {
            return Err(Halt::Anomaly(format!(
                "the search reported tp={tp} feasible, but its column is empty"
            )));
        }
        for tn in points {
            let (tp, tn) = (tp as u64, tn as u64);
            // A reported witness is always re-checked without extensions or shortcuts.
            if !ev.point_ok(tp, tn, &grid.all)? {
                return Err(Halt::Anomaly(format!(
                    "the search proposed tp={tp}, tn={tn}, which fails the exact re-check"
                )));
            }
            out.push((tp, tn));
        }
        if out.len() >= k {
            break;
        }
        let mut coverage = Coverage::default();
        next = first_feasible_tp(grid, ev, tp + 1, &mut coverage)?;
    }
    Ok(out)
}
