//! The decision: the smallest tp with a feasible matrix, by exact branch and bound over
//! ranges of tp in the interior and direct lookups on the rows and edges.

use super::eval::{Evaluator, Run};
use super::grid::{Column, Grid, Span};

/// Progress of an interior search, for saying what was covered when a budget runs out.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Coverage {
    /// Interior tp values decided (looked at or pruned).
    pub(crate) resolved: u128,
    /// Interior tp values in the searched range.
    pub(crate) total: u128,
}

/// The smallest interior tp in `range` whose band holds a matrix, with its column.
///
/// Left-first branch and bound: a range whose end columns prove the band empty throughout
/// is dropped; once a feasible tp is known, only smaller tp are still searched.
pub(crate) fn first_interior(
    grid: &Grid,
    ev: &mut Evaluator<'_>,
    range: Span,
    coverage: &mut Coverage,
) -> Run<Option<(i128, Column)>> {
    let range = Span::new(
        range.lo.max(grid.interior_tp.lo),
        range.hi.min(grid.interior_tp.hi),
    );
    coverage.total = range.len();
    coverage.resolved = 0;
    if range.is_empty() {
        return Ok(None);
    }
    let (a, b) = (range.lo, range.hi);
    let at_a = grid.column(ev, a)?;
    coverage.resolved += 1;
    if at_a.feasible() {
        return Ok(Some((a, at_a)));
    }
    if a == b {
        return Ok(None);
    }
    let at_b = grid.column(ev, b)?;
    coverage.resolved += 1;
    let mut best = at_b.feasible().then_some((b, at_b));
    let mut stack = vec![(a, b, at_a, at_b)];
    while let Some((a, b, at_a, at_b)) = stack.pop() {
        if best.is_some_and(|(t, _)| a >= t) {
            continue;
        }
        if b - a <= 1 {
            continue;
        }
        if grid.prunable(&at_a, &at_b) {
            coverage.resolved += (b - a - 1) as u128;
            continue;
        }
        let mid = a + (b - a) / 2;
        let at_mid = grid.column(ev, mid)?;
        coverage.resolved += 1;
        if at_mid.feasible() {
            if best.is_none_or(|(t, _)| mid < t) {
                best = Some((mid, at_mid));
            }
            stack.push((a, mid, at_a, at_mid));
        } else {
            // Pushed right first so that the left half is searched first.
            stack.push((mid, b, at_mid, at_b));
            stack.push((a, mid, at_a, at_mid));
        }
    }
    Ok(best)
}

/// The smallest tp ≥ `from` with any feasible matrix (rows, edges or interior).
pub(crate) fn first_feasible_tp(
    grid: &Grid,
    ev: &mut Evaluator<'_>,
    from: i128,
    coverage: &mut Coverage,
) -> Run<Option<i128>> {
    let mut best: Option<i128> = None;
    let mut offer = |t: i128| {
        if t >= from && best.is_none_or(|b| t < b) {
            best = Some(t);
        }
    };
    if grid.row_zero.count() > 0 {
        offer(0);
    }
    for edge in [grid.edge_low, grid.edge_high] {
        if !edge.is_empty() && edge.hi >= from {
            offer(edge.lo.max(from));
        }
    }
    if let Some(row) = &grid.row_p {
        if row.count() > 0 {
            offer(i128::from(row.tp));
        }
    }
    // The interior only matters below the best border candidate.
    let limit = best.map_or(i128::from(grid.p), |b| b - 1);
    if let Some((t, _)) = first_interior(grid, ev, Span::new(from, limit), coverage)? {
        best = Some(t);
    }
    Ok(best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{parse_decimal, Params, Score, Window};
    use num_rational::BigRational;

    #[test]
    fn a_search_that_finds_nothing_has_decided_every_interior_tp_once() {
        // Inconsistent pairs at several sizes: when the interior search ends without a
        // feasible column, every interior tp was looked at or pruned exactly once, so the
        // count of decided values equals the range's length (what an undecided result
        // reports as covered is this count, cut short).
        let eps = BigRational::new(1.into(), 10_000.into());
        let params = Params::default();
        let mut searched = 0;
        for (p, n, acc, other, value) in [
            (100_000, 100_000, "0.9", Score::Mcc, "0.1"),
            (5_000, 7_000, "0.6", Score::F1p, "0.95"),
            (1_101, 4_663, "0.3848", Score::Sens, "0.9"),
            (30_000, 2_000, "0.5", Score::Ppv, "0.99"),
        ] {
            let window = |score, text: &str| {
                let v = parse_decimal(text).unwrap();
                Window::reported(score, v.clone(), &v - &eps, &v + &eps).unwrap()
            };
            let windows = vec![window(Score::Acc, acc), window(other, value)];
            let mut ev = Evaluator::new(p, n, &windows, &params, u64::MAX);
            let grid = Grid::build(&mut ev).unwrap();
            let mut coverage = Coverage::default();
            let first = first_feasible_tp(&grid, &mut ev, 0, &mut coverage).unwrap();
            if first.is_none() && coverage.total > 0 {
                searched += 1;
                assert_eq!(coverage.resolved, coverage.total, "p {p}, n {n}, {other}");
            }
        }
        assert!(searched > 0, "no case searched the interior");
    }
}
