//! Turning HiGHS's floating-point point into an exactly verified integer witness.
//!
//! HiGHS accepts points a few 1e-9 outside a row window, so nothing it returns is trusted:
//! the point is rounded and clamped into the variable bounds, checked with exact rationals,
//! and if that fails, repaired by a small local search around it.

use num_rational::BigRational;
use num_traits::{Signed, Zero};
use scorecheck_feasibility::{float_kit, Problem};

/// Number of moves the local search here makes before giving up.
const MAX_LOCAL_MOVES: usize = 200;

/// Largest problem the pair search runs on (it scans all pairs of variables per move).
const MAX_PAIR_VARIABLES: usize = 120;

/// An exactly verified witness near `values`, if one is found.
///
/// Tries, in order: the rounded point and the shared greedy repair
/// ([`scorecheck_feasibility::float_kit::verified_witness`]); a local search here that may
/// also move variables out of the violated row when they relieve it elsewhere (pairs of
/// moves, which the greedy repair does not try).
pub(crate) fn verified_witness(problem: &Problem, values: &[f64]) -> Option<Vec<i64>> {
    float_kit::verified_witness(problem, values)
        .or_else(|| pair_search(problem, float_kit::round_point(problem, values)))
}

/// Distance of `activity` from the window `[lower, upper]` (0 inside).
fn excess(
    activity: &BigRational,
    lower: &Option<BigRational>,
    upper: &Option<BigRational>,
) -> BigRational {
    match (lower, upper) {
        (Some(l), _) if activity < l => l - activity,
        (_, Some(u)) if activity > u => activity - u,
        _ => BigRational::zero(),
    }
}

/// Keeps the strictly improving move set with the most negative change in total excess.
fn keep_best(
    best: &mut Option<(BigRational, Vec<(usize, i64)>)>,
    moves: Vec<(usize, i64)>,
    delta: BigRational,
) {
    if delta.is_negative() && best.as_ref().is_none_or(|(b, _)| &delta < b) {
        *best = Some((delta, moves));
    }
}

/// Greedy descent on the total row excess using single ±1 moves and, when none helps,
/// opposite ±1 moves of two variables (a swap that keeps a sum row unchanged, which the
/// single-move repair cannot make). Meant for the few-ulp misses HiGHS produces, so it is
/// small and bounded: at most [`MAX_LOCAL_MOVES`] moves, on problems of at most
/// [`MAX_PAIR_VARIABLES`] variables.
fn pair_search(problem: &Problem, mut point: Vec<i64>) -> Option<Vec<i64>> {
    let vars = problem.variables();
    let rows = problem.constraints();
    let n = vars.len();
    if n > MAX_PAIR_VARIABLES {
        return None;
    }
    // Each variable's rows with its total coefficient there (duplicate terms add up).
    let mut columns: Vec<Vec<(usize, BigRational)>> = vec![Vec::new(); n];
    for (r, row) in rows.iter().enumerate() {
        for (var, coef) in &row.terms {
            let column = columns.get_mut(var.0)?;
            match column.iter_mut().find(|(rr, _)| *rr == r) {
                Some((_, c)) => *c += coef,
                None => column.push((r, coef.clone())),
            }
        }
    }
    let mut activity: Vec<BigRational> = (0..rows.len())
        .map(|r| problem.activity(r, &point))
        .collect::<Option<_>>()?;
    // The change in total excess when the moves `(variable, step)` are made together.
    let change = |activity: &[BigRational], moves: &[(usize, i64)]| -> BigRational {
        let mut touched: Vec<(usize, BigRational)> = Vec::new();
        for &(j, step) in moves {
            for (r, c) in &columns[j] {
                let delta = c * BigRational::from_integer(step.into());
                match touched.iter_mut().find(|(rr, _)| rr == r) {
                    Some((_, d)) => *d += delta,
                    None => touched.push((*r, delta)),
                }
            }
        }
        touched.iter().fold(BigRational::zero(), |acc, (r, delta)| {
            let row = &rows[*r];
            let moved = &activity[*r] + delta;
            acc + excess(&moved, &row.lower, &row.upper)
                - excess(&activity[*r], &row.lower, &row.upper)
        })
    };
    let movable = |point: &[i64], j: usize, step: i64| {
        point[j]
            .checked_add(step)
            .is_some_and(|x| x >= vars[j].lower && x <= vars[j].upper)
    };
    for _ in 0..MAX_LOCAL_MOVES {
        let violated = (0..rows.len())
            .any(|r| !excess(&activity[r], &rows[r].lower, &rows[r].upper).is_zero());
        if !violated {
            return problem.check(&point).ok().map(|()| point);
        }
        let mut best: Option<(BigRational, Vec<(usize, i64)>)> = None;
        for j in 0..n {
            for step in [-1i64, 1] {
                if movable(&point, j, step) {
                    let moves = vec![(j, step)];
                    let delta = change(&activity, &moves);
                    keep_best(&mut best, moves, delta);
                }
            }
        }
        if best.is_none() {
            for j in 0..n {
                for k in 0..n {
                    if j != k && movable(&point, j, 1) && movable(&point, k, -1) {
                        let moves = vec![(j, 1), (k, -1)];
                        let delta = change(&activity, &moves);
                        keep_best(&mut best, moves, delta);
                    }
                }
            }
        }
        let (_, moves) = best?;
        for (j, step) in moves {
            point[j] += step;
            for (r, c) in &columns[j] {
                activity[*r] += c * BigRational::from_integer(step.into());
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use scorecheck_feasibility::repair;

    fn r(n: i64, d: i64) -> BigRational {
        BigRational::new(n.into(), d.into())
    }

    #[test]
    fn repairs_a_point_off_two_rows() {
        // x + y = 5 and x - y = 3: HiGHS-like noise around (3, 3) rounds to a point off both
        // rows; the only integer solution is (4, 1).
        let mut p = Problem::new();
        let x = p.add_variable("x", 0, 10);
        let y = p.add_variable("y", 0, 10);
        p.add_constraint(
            "sum",
            vec![(x, r(1, 1)), (y, r(1, 1))],
            Some(r(5, 1)),
            Some(r(5, 1)),
        );
        p.add_constraint(
            "diff",
            vec![(x, r(1, 1)), (y, r(-1, 1))],
            Some(r(3, 1)),
            Some(r(3, 1)),
        );
        let witness = verified_witness(&p, &[3.2, 2.9]).unwrap();
        assert_eq!(witness, vec![4, 1]);
        assert!(p.check(&witness).is_ok());
    }

    #[test]
    fn a_swap_repairs_what_single_moves_cannot() {
        // x + y = 10 and x/p + y/q = its value at (4, 6): every single move from (2, 8)
        // breaks the sum row by more than it gains, so only swaps reach (4, 6).
        let (p, q) = (36_000_001, 36_000_002);
        let mut pr = Problem::new();
        let x = pr.add_variable("x", 0, 10);
        let y = pr.add_variable("y", 0, 10);
        let ten = Some(r(10, 1));
        pr.add_constraint("sum", vec![(x, r(1, 1)), (y, r(1, 1))], ten.clone(), ten);
        let target = r(4, p) + r(6, q);
        pr.add_constraint(
            "mean",
            vec![(x, r(1, p)), (y, r(1, q))],
            Some(target.clone()),
            Some(target),
        );
        assert_eq!(repair(&pr, &[2, 8]), None);
        assert_eq!(verified_witness(&pr, &[2.0, 8.0]), Some(vec![4, 6]));
    }

    #[test]
    fn gives_up_when_nothing_is_near() {
        let mut p = Problem::new();
        let x = p.add_variable("x", 0, 10);
        p.add_constraint("odd", vec![(x, r(2, 1))], Some(r(7, 1)), Some(r(7, 1)));
        assert_eq!(verified_witness(&p, &[3.5]), None);
    }
}
