//! Exact counting of the feasible (tp, tn) pairs, and listing the first ones in order.

use super::eval::{Evaluator, Halt, Run};
use super::grid::{Column, Grid, Span};
use super::search::{first_feasible_tp, Coverage};

/// The result of counting: exact, or a lower bound when the budget ran out.
pub(crate) struct Count {
    pub(crate) exact: Option<u128>,
    pub(crate) lower_bound: u128,
}

/// Counts every feasible pair, visiting at most `budget` interior columns.
///
/// Ranges of tp whose end columns prove the band empty count zero; ranges whose end
/// columns have the same band (so, by monotonicity, every column in between has it) count
/// in closed form, holes of pt included. Only the rest is split.
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
    let mut visited: u64 = 0;
    let mut visit = |ev: &mut Evaluator<'_>, tp: i128| -> Run<Option<Column>> {
        if visited >= budget || ev.out_of_time() {
            return Ok(None);
        }
        visited += 1;
        grid.column(ev, tp).map(Some)
    };
    let out_of_budget = |total| {
        Ok(Count {
            exact: None,
            lower_bound: total,
        })
    };
    let (a, b) = (range.lo, range.hi);
    let Some(at_a) = visit(ev, a)? else {
        return out_of_budget(total);
    };
    total += at_a.count();
    if a == b {
        return Ok(Count {
            exact: Some(total),
            lower_bound: total,
        });
    }
    let Some(at_b) = visit(ev, b)? else {
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
        let mid = a + (b - a) / 2;
        let Some(at_mid) = visit(ev, mid)? else {
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
