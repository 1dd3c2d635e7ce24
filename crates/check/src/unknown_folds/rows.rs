//! Exact necessary conditions: each row of an integer program checked on its own.
//!
//! A row `lower ≤ Σ c·x ≤ upper` over bounded integers is scaled to integer coefficients,
//! variables with equal coefficients are merged (a sum of boxed integers takes every integer
//! between its extremes), and a small exact depth-first search decides whether the row alone
//! has an integer point. When it has none, no configuration detail can rescue the program, so
//! the configuration is refuted without a simplex; when the search is too large, nothing is
//! concluded. Results are cached, since many configurations share the same merged rows.

use std::collections::HashMap;
use std::time::Instant;

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive, Zero};
use scorecheck_feasibility::Problem;

/// Search nodes one row may use before the check gives up (and concludes nothing).
const ROW_NODE_BUDGET: u64 = 4_000;
/// Cached rows per worker before the cache is emptied.
const CACHE_LIMIT: usize = 200_000;

/// One row in integer form: `lower ≤ Σ coef·z ≤ upper`, `z ∈ [lo, hi]`, coefficients positive,
/// distinct and sorted descending.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct IntegerRow {
    terms: Vec<(i128, i128, i128)>,
    lower: i128,
    upper: i128,
}

/// A per-worker cache of row decisions.
#[derive(Default)]
pub(crate) struct RowCache {
    decided: HashMap<IntegerRow, bool>,
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
        let mut merged: HashMap<usize, BigRational> = HashMap::new();
        for (var, coef) in &constraint.terms {
            *merged.entry(var.0).or_insert_with(BigRational::zero) += coef;
        }
        let terms: Vec<(BigRational, i64, i64)> = merged
            .into_iter()
            .filter(|(_, c)| !c.is_zero())
            .filter_map(|(v, c)| variables.get(v).map(|var| (c, var.lower, var.upper)))
            .collect();
        let Some(row) = integer_row(&terms, constraint.lower.as_ref(), constraint.upper.as_ref())
        else {
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
            return RowScan::Unreachable;
        }
    }
    RowScan::AllReachable
}

/// What [`first_unreachable_row`] found.
pub(crate) enum RowScan {
    /// A row has no integer point: the problem is infeasible.
    Unreachable,
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
        if cache.decided.len() > CACHE_LIMIT {
            cache.decided.clear();
        }
        *cache
            .decided
            .entry(row.clone())
            .or_insert_with(|| row_has_no_point(&row))
    })
}

fn fraction_row(
    terms: &[((i128, i128), i128, i128)],
    lower: (i128, i128),
    upper: (i128, i128),
) -> Option<IntegerRow> {
    let mut scale: i128 = 1;
    for &((num, den), _, _) in terms {
        if num != 0 {
            scale = scale.checked_mul(den / scale.gcd(&den))?;
        }
    }
    let mut min = 0i128;
    let mut max = 0i128;
    let mut by_coef: Vec<(i128, i128, i128)> = Vec::new();
    for &((num, den), lo, hi) in terms {
        if num == 0 {
            continue;
        }
        let c = num.checked_mul(scale / den)?;
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
    let lower = ceil_div(lower.0.checked_mul(scale)?, lower.1).max(min);
    let upper = floor_div(upper.0.checked_mul(scale)?, upper.1).min(max);
    by_coef.sort_by_key(|t| std::cmp::Reverse(t.0));
    Some(IntegerRow {
        terms: by_coef,
        lower,
        upper,
    })
}

/// The row scaled to integers and merged, or `None` when it does not fit in `i128` (then no
/// conclusion is drawn from it).
fn integer_row(
    terms: &[(BigRational, i64, i64)],
    lower: Option<&BigRational>,
    upper: Option<&BigRational>,
) -> Option<IntegerRow> {
    let mut scale = BigInt::one();
    for (c, _, _) in terms {
        scale = scale.lcm(c.denom());
    }
    let bound = |b: &BigRational, up: bool| {
        let scaled = b * BigRational::from_integer(scale.clone());
        let integer = if up { scaled.floor() } else { scaled.ceil() };
        integer.to_integer().to_i128()
    };
    // Activity range of the row, used for missing sides.
    let mut min = 0i128;
    let mut max = 0i128;
    let mut by_coef: Vec<(i128, i128, i128)> = Vec::new();
    for (c, lo, hi) in terms {
        let c = (c * BigRational::from_integer(scale.clone()))
            .to_integer()
            .to_i128()?;
        let (lo, hi) = (i128::from(*lo), i128::from(*hi));
        if lo > hi {
            return None;
        }
        // Substitute z' = -z for negative coefficients so all coefficients are positive.
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
    let lower = match lower {
        Some(b) => bound(b, false)?.max(min),
        None => min,
    };
    let upper = match upper {
        Some(b) => bound(b, true)?.min(max),
        None => max,
    };
    by_coef.sort_by_key(|t| std::cmp::Reverse(t.0));
    Some(IntegerRow {
        terms: by_coef,
        lower,
        upper,
    })
}

/// `true` only when the row provably has no integer point; `false` when it has one or the
/// search ran out of nodes.
fn row_has_no_point(row: &IntegerRow) -> bool {
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

    fn row(terms: &[(i128, i128, i128)], lower: i128, upper: i128) -> IntegerRow {
        IntegerRow {
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
