//! Exact necessary conditions: each row of an integer program checked on its own.
//!
//! A row `lower ≤ Σ c·x ≤ upper` over bounded integers is scaled to integer coefficients
//! ([`IntegerRow`] for the rows of a [`Problem`], `i128` for the fraction rows of the
//! relaxation's hot loop), variables with equal coefficients are merged (a sum of boxed integers takes every integer
//! between its extremes), and a small exact depth-first search decides whether the row alone
//! has an integer point. When it has none, no configuration detail can rescue the program, so
//! the configuration is refuted without a simplex; when the search is too large, nothing is
//! concluded. Results are cached, since many configurations share the same merged rows.

use scorecheck_clock::Instant;
use std::collections::HashMap;

use num_integer::Integer;
use num_traits::ToPrimitive;
use scorecheck_feasibility::{IntegerRow, Problem, Variable};

/// Search nodes one row may use before the check gives up (and concludes nothing).
const ROW_NODE_BUDGET: u64 = 4_000;
/// Cached rows per worker before the cache is emptied.
const CACHE_LIMIT: usize = 200_000;

/// One row in integer form with equal coefficients merged: `lower ≤ Σ coef·z ≤ upper`,
/// `z ∈ [lo, hi]`, coefficients positive, distinct and sorted descending.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct MergedRow {
    terms: Vec<(i128, i128, i128)>,
    lower: i128,
    upper: i128,
}

/// A per-worker cache of row decisions.
#[derive(Default)]
pub(crate) struct RowCache {
    decided: HashMap<MergedRow, bool>,
    /// The closed-form relaxation's prepared windows (one search's windows only).
    pub(crate) relaxation: super::relaxation::Memo,
    /// The last configuration's experiment, refilled for the next (its allocations kept).
    pub(crate) scratch: Option<crate::Experiment>,
}

/// The name of the first row of `problem` that has no integer point on its own, if any.
pub(crate) fn first_unreachable_row(
    problem: &Problem,
    cache: &mut RowCache,
    deadline: Option<Instant>,
) -> RowScan {
    let variables = problem.variables();
    for (i, constraint) in problem.constraints().iter().enumerate() {
        if i % 256 == 255 && deadline.is_some_and(|d| Instant::now() >= d) {
            return RowScan::Interrupted;
        }
        let Some(row) = merged_row(variables, &IntegerRow::from_constraint(constraint)) else {
            continue;
        };
        if cache.decided.len() > CACHE_LIMIT {
            cache.decided.clear();
        }
        let unreachable = *cache
            .decided
            .entry(row.clone())
            .or_insert_with(|| row_has_no_point(&row));
        if unreachable {
            return RowScan::Unreachable(i);
        }
    }
    RowScan::AllReachable
}

/// What [`first_unreachable_row`] found.
pub(crate) enum RowScan {
    /// A row (its index among the problem's constraints) has no integer point: the problem
    /// is infeasible.
    Unreachable(usize),
    /// Every row has an integer point of its own.
    AllReachable,
    /// The deadline passed before every row was looked at.
    Interrupted,
}

/// Whether `lower ≤ Σ (num/den)·z ≤ upper` over integers `z ∈ [lo, hi]` provably has no
/// point. Terms are `((num, den), lo, hi)` with `den > 0`; bounds are fractions `(num, den)`.
/// `false` when it has one, or on overflow, or when the search is too large.
pub(crate) fn fraction_row_unreachable(
    terms: &[((i128, i128), i128, i128)],
    lower: (i128, i128),
    upper: (i128, i128),
    cache: &mut RowCache,
) -> bool {
    fraction_row(terms, lower, upper).is_some_and(|row| {
        if let Some(&known) = cache.decided.get(&row) {
            return known;
        }
        if cache.decided.len() > CACHE_LIMIT {
            cache.decided.clear();
        }
        let unreachable = row_has_no_point(&row);
        cache.decided.insert(row, unreachable);
        unreachable
    })
}

fn fraction_row(
    terms: &[((i128, i128), i128, i128)],
    lower: (i128, i128),
    upper: (i128, i128),
) -> Option<MergedRow> {
    let mut scale: i128 = 1;
    for &((num, den), _, _) in terms {
        if num != 0 {
            scale = scale.checked_mul(den / scale.gcd(&den))?;
        }
    }
    let mut scaled = Vec::with_capacity(terms.len());
    for &((num, den), lo, hi) in terms {
        if num != 0 {
            scaled.push((num.checked_mul(scale / den)?, lo, hi));
        }
    }
    let lower = ceil_div(lower.0.checked_mul(scale)?, lower.1);
    let upper = floor_div(upper.0.checked_mul(scale)?, upper.1);
    merge(&scaled, Some(lower), Some(upper))
}

/// The integer row of a constraint over `variables` with equal coefficients merged, or
/// `None` when a term names an unknown variable, a variable's range is empty or a number
/// does not fit in `i128` (then no conclusion is drawn from it).
fn merged_row(variables: &[Variable], row: &IntegerRow) -> Option<MergedRow> {
    let mut terms = Vec::with_capacity(row.terms().len());
    for (var, c) in row.terms() {
        let var = variables.get(var.0)?;
        if var.lower > var.upper {
            return None;
        }
        terms.push((c.to_i128()?, i128::from(var.lower), i128::from(var.upper)));
    }
    let lower = match row.lower() {
        Some(l) => Some(l.to_i128()?),
        None => None,
    };
    let upper = match row.upper() {
        Some(u) => Some(u.to_i128()?),
        None => None,
    };
    merge(&terms, lower, upper)
}

/// Merges integer terms `(coef, lo, hi)` by coefficient (substituting `z' = -z` for negative
/// ones, so all coefficients are positive) and clips the bounds to the activity range (a
/// missing side becomes its extreme); `None` on overflow.
fn merge(
    terms: &[(i128, i128, i128)],
    lower: Option<i128>,
    upper: Option<i128>,
) -> Option<MergedRow> {
    let mut min = 0i128;
    let mut max = 0i128;
    let mut by_coef: Vec<(i128, i128, i128)> = Vec::new();
    for &(c, lo, hi) in terms {
        let (c, lo, hi) = if c < 0 { (-c, -hi, -lo) } else { (c, lo, hi) };
        min = min.checked_add(c.checked_mul(lo)?)?;
        max = max.checked_add(c.checked_mul(hi)?)?;
        match by_coef.iter_mut().find(|t| t.0 == c) {
            Some(t) => {
                t.1 = t.1.checked_add(lo)?;
                t.2 = t.2.checked_add(hi)?;
            }
            None => by_coef.push((c, lo, hi)),
        }
    }
    by_coef.sort_by_key(|t| std::cmp::Reverse(t.0));
    Some(MergedRow {
        terms: by_coef,
        lower: lower.map_or(min, |l| l.max(min)),
        upper: upper.map_or(max, |u| u.min(max)),
    })
}

/// `true` only when the row provably has no integer point; `false` when it has one or the
/// search ran out of nodes.
fn row_has_no_point(row: &MergedRow) -> bool {
    if row.lower > row.upper {
        return true;
    }
    if row.terms.is_empty() {
        return !(row.lower <= 0 && 0 <= row.upper);
    }
    let g = row.terms.iter().fold(0i128, |g, t| g.gcd(&t.0));
    let (lower, upper) = (ceil_div(row.lower, g), floor_div(row.upper, g));
    if lower > upper {
        return true;
    }
    let terms: Vec<(i128, i128, i128)> = row
        .terms
        .iter()
        .map(|&(c, lo, hi)| (c / g, lo, hi))
        .collect();
    // Suffix extremes: the least and greatest activity of the terms from j on.
    let mut rest = vec![(0i128, 0i128); terms.len() + 1];
    for j in (0..terms.len()).rev() {
        let (c, lo, hi) = terms[j];
        rest[j] = (rest[j + 1].0 + c * lo, rest[j + 1].1 + c * hi);
    }
    let mut nodes = 0u64;
    match search(&terms, &rest, 0, 0, lower, upper, &mut nodes) {
        Some(found) => !found,
        None => false,
    }
}

/// Whether some point exists; `None` when the node budget ran out.
fn search(
    terms: &[(i128, i128, i128)],
    rest: &[(i128, i128)],
    j: usize,
    partial: i128,
    lower: i128,
    upper: i128,
    nodes: &mut u64,
) -> Option<bool> {
    *nodes += 1;
    if *nodes > ROW_NODE_BUDGET {
        return None;
    }
    let (c, lo, hi) = terms[j];
    let (rmin, rmax) = rest[j + 1];
    let from = ceil_div(lower - partial - rmax, c).max(lo);
    let to = floor_div(upper - partial - rmin, c).min(hi);
    if from > to {
        return Some(false);
    }
    if j + 1 == terms.len() {
        return Some(true);
    }
    let mut undecided = false;
    for z in from..=to {
        match search(terms, rest, j + 1, partial + c * z, lower, upper, nodes) {
            Some(true) => return Some(true),
            Some(false) => {}
            None => {
                undecided = true;
                break;
            }
        }
    }
    if undecided {
        None
    } else {
        Some(false)
    }
}

/// Floor division for positive divisors.
fn floor_div(a: i128, d: i128) -> i128 {
    Integer::div_floor(&a, &d)
}

/// Ceiling division for positive divisors.
fn ceil_div(a: i128, d: i128) -> i128 {
    -floor_div(-a, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(terms: &[(i128, i128, i128)], lower: i128, upper: i128) -> MergedRow {
        MergedRow {
            terms: terms.to_vec(),
            lower,
            upper,
        }
    }

    #[test]
    fn decides_small_rows_exactly() {
        // 3a + 5b in [7, 7] with a, b in [0, 3]: none (3a+5b takes 0,3,5,6,8,...).
        assert!(row_has_no_point(&row(&[(5, 0, 3), (3, 0, 3)], 7, 7)));
        assert!(!row_has_no_point(&row(&[(5, 0, 3), (3, 0, 3)], 8, 8)));
        // A common factor: 4a + 6b is even.
        assert!(row_has_no_point(&row(&[(6, 0, 9), (4, 0, 9)], 13, 13)));
        assert!(!row_has_no_point(&row(&[(6, 0, 9), (4, 0, 9)], 13, 14)));
        // Negative lower bounds of substituted variables.
        assert!(!row_has_no_point(&row(&[(2, -3, -1)], -4, -4)));
        assert!(row_has_no_point(&row(&[(2, -3, -1)], -7, -7)));
    }
}
