//! Depth-first branch and bound over exact LP relaxations, with rounding of each relaxation's few fractional values.

use scorecheck_clock::Instant;
use std::cmp::Ordering;

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{Signed, ToPrimitive};
use scorecheck_feasibility::{Budget, Certainty, Problem, Verdict};
use scorecheck_rational::{cmp_rationals, sub};

use crate::presolve::{propagate, Model};
use crate::simplex::{solve_lp, LpOutcome, Stats};
use crate::stop::Stop;
use crate::walk::{Effort, Walker};

/// The walk from the middle of the box gets this many times the moves of a walk at a node,
/// and more random kicks out of local minima (it is run once; node walks run often). A kick
/// is followed by a pair search over every variable, so the kicks shrink as the problem
/// grows: `KICK_WORK / variables`, within the bounds below.
const ROOT_WALK_FACTOR: usize = 16;
const KICK_WORK: usize = 1 << 17;
const ROOT_KICKS: (usize, usize) = (16, 1024);
const NODE_KICKS: (usize, usize) = (2, 64);

/// Kicks for a walk over `variables` variables: the work share, clamped to `(least, most)`.
fn kicks(variables: usize, (least, most): (usize, usize), share: usize) -> usize {
    (KICK_WORK / share / variables.max(1)).clamp(least, most)
}

/// At most this many fractional values are rounded in all 2^f ways at a node.
const MAX_ROUNDED: usize = 6;

struct Node {
    lower: Vec<i64>,
    upper: Vec<i64>,
    start: Vec<i64>,
}

/// Nearest integer (ties down), as i64 clamped into `[lo, hi]`.
fn nearest(q: &BigRational, lo: i64, hi: i64) -> i64 {
    // For q = a/b with b > 0: ⌈(2a + b)/(2b)⌉ − 1 = ⌊(2a + b − 1)/(2b)⌋, in i128 when a and b
    // fit in i64 (no rational is formed, so nothing is reduced by a gcd).
    let (a, b) = if q.denom().is_negative() {
        (-q.numer(), -q.denom())
    } else {
        (q.numer().clone(), q.denom().clone())
    };
    let rounded = match (a.to_i64(), b.to_i64()) {
        (Some(a), Some(b)) => {
            let (a, b) = (i128::from(a), i128::from(b));
            i64::try_from((2 * a + b - 1).div_euclid(2 * b)).ok()
        }
        _ => (BigInt::from(2) * &a + &b - BigInt::from(1))
            .div_floor(&(BigInt::from(2) * &b))
            .to_i64(),
    };
    rounded.unwrap_or(lo).clamp(lo, hi)
}

/// Searches for an integer point of `model` (the presolved `problem`) within `budget`.
pub(crate) fn search(problem: &Problem, model: &Model, budget: &Budget) -> Verdict {
    let started = Instant::now();
    let stop = Stop::new(budget, started);
    let mut stats = Stats::default();
    let walker = Walker::new(model);
    let walk_steps = 200 + 4 * model.lower.len();
    let middle: Vec<i64> = model
        .lower
        .iter()
        .zip(&model.upper)
        .map(|(&l, &u)| ((i128::from(l) + i128::from(u)) / 2) as i64)
        .collect();
    // The walk alone answers most feasible mean-of-scores problems; where it stalls, its
    // end point is a nearly feasible start for the root relaxation.
    let root = Effort {
        max_moves: ROOT_WALK_FACTOR * walk_steps,
        max_kicks: kicks(model.lower.len(), ROOT_KICKS, 1),
        seed: 0,
    };
    // A short walk without kicks first, then the root relaxation from its end point: an
    // empty relaxation ends the search before the long walk (whose kicks cost a pair search
    // over every variable each).
    let quick = Effort {
        max_moves: walk_steps,
        max_kicks: 0,
        seed: 0,
    };
    let start = match walker.walk(problem, model, &middle, quick, &stop) {
        Ok(witness) => return Verdict::Feasible { witness },
        Err(closest) => closest,
    };
    if stop.passed() {
        return Verdict::Undecided {
            reason: "time limit reached before the root relaxation".to_string(),
        };
    }
    let mut root_lower = model.lower.clone();
    let mut root_upper = model.upper.clone();
    if !propagate(model, &mut root_lower, &mut root_upper)
        || matches!(
            solve_lp(model, &root_lower, &root_upper, &start, &stop, &mut stats),
            LpOutcome::Infeasible
        )
    {
        return Verdict::Infeasible {
            certainty: Certainty::Exact,
            reason: "exact branch and bound closed all 1 nodes: the LP relaxation of the root \
                     is empty (proven with rational arithmetic)"
                .to_string(),
        };
    }
    let start = match walker.walk(problem, model, &start, root, &stop) {
        Ok(witness) => return Verdict::Feasible { witness },
        Err(closest) => closest,
    };
    let mut stack = vec![Node {
        lower: model.lower.clone(),
        upper: model.upper.clone(),
        start,
    }];
    let mut nodes: u64 = 0;
    let mut closed: u64 = 0;
    let mut deepest = 0usize;
    let undecided =
        |why: String, nodes: u64, closed: u64, open: usize, stats: &Stats| Verdict::Undecided {
            reason: format!(
                "{why}: explored {nodes} branch-and-bound nodes ({closed} relaxations proven \
                 empty, {open} nodes still open, {} simplex iterations) without finding an \
                 integer point or closing the search",
                stats.iterations
            ),
        };
    while let Some(node) = stack.pop() {
        deepest = deepest.max(stack.len());
        if nodes >= budget.max_nodes {
            return undecided(
                format!("node budget of {} reached", budget.max_nodes),
                nodes,
                closed,
                stack.len() + 1,
                &stats,
            );
        }
        if stop.passed() {
            return undecided(
                "time limit reached".to_string(),
                nodes,
                closed,
                stack.len() + 1,
                &stats,
            );
        }
        nodes += 1;
        let mut node = node;
        if !propagate(model, &mut node.lower, &mut node.upper) {
            closed += 1;
            continue;
        }
        let (x, activity) = match solve_lp(
            model,
            &node.lower,
            &node.upper,
            &node.start,
            &stop,
            &mut stats,
        ) {
            LpOutcome::Feasible { x, activity } => (x, activity),
            LpOutcome::Infeasible => {
                closed += 1;
                continue;
            }
            LpOutcome::Interrupted(why) => {
                return undecided(why, nodes, closed, stack.len() + 1, &stats)
            }
        };
        let fractional: Vec<usize> = (0..x.len()).filter(|&j| !x[j].is_integer()).collect();
        let rounded: Vec<i64> = (0..x.len())
            .map(|j| nearest(&x[j], node.lower[j], node.upper[j]))
            .collect();
        if let Some(witness) = round(problem, model, &x, &activity, &fractional, &node) {
            return Verdict::Feasible { witness };
        }
        // The local search is dearer than rounding: run it often early, then now and then.
        if nodes <= 32 || nodes % 16 == 0 {
            if let Ok(witness) = walker.walk(
                problem,
                model,
                &rounded,
                Effort {
                    max_moves: walk_steps,
                    max_kicks: kicks(model.lower.len(), NODE_KICKS, 16),
                    seed: nodes,
                },
                &stop,
            ) {
                return Verdict::Feasible { witness };
            }
        }
        // Branch on the most fractional value; the side nearer to it is explored first.
        let half = BigRational::new(1.into(), 2.into());
        let distance = |j: usize| sub(&sub(&x[j], &x[j].floor()), &half).abs();
        let distances: Vec<BigRational> = fractional.iter().map(|&j| distance(j)).collect();
        // The first of the least distances, as `min_by_key` would pick.
        let Some(&j) = fractional
            .iter()
            .zip(&distances)
            .min_by(|a, b| cmp_rationals(a.1, b.1))
            .map(|(j, _)| j)
        else {
            // An integral relaxation point that failed the exact check cannot happen; do
            // not claim anything.
            return undecided(
                "an integral relaxation point failed the exact check".to_string(),
                nodes,
                closed,
                stack.len(),
                &stats,
            );
        };
        let floor = x[j].floor().to_integer().to_i64();
        let Some(floor) = floor else {
            return undecided(
                "a relaxation value left the i64 range".to_string(),
                nodes,
                closed,
                stack.len(),
                &stats,
            );
        };
        let mut down = Node {
            lower: node.lower.clone(),
            upper: node.upper.clone(),
            start: rounded.clone(),
        };
        down.upper[j] = floor;
        down.start[j] = floor;
        let mut up = Node {
            lower: node.lower,
            upper: node.upper,
            start: rounded,
        };
        up.lower[j] = floor + 1;
        up.start[j] = floor + 1;
        let up_first = cmp_rationals(&sub(&x[j], &x[j].floor()), &half) == Ordering::Greater;
        if up_first {
            stack.push(down);
            stack.push(up);
        } else {
            stack.push(up);
            stack.push(down);
        }
    }
    Verdict::Infeasible {
        certainty: Certainty::Exact,
        reason: format!(
            "exact branch and bound closed all {nodes} nodes: every LP relaxation of the {} \
             leaves is empty (proven with rational arithmetic; depth up to {deepest})",
            closed
        ),
    }
}

/// Tries the floor/ceiling roundings of the fractional values of a relaxation point,
/// checking the rows exactly and incrementally; returns a point passing `Problem::check`.
fn round(
    problem: &Problem,
    model: &Model,
    x: &[BigRational],
    activity: &[BigRational],
    fractional: &[usize],
    node: &Node,
) -> Option<Vec<i64>> {
    let base: Vec<i64> = (0..x.len())
        .map(|j| nearest(&x[j], node.lower[j], node.upper[j]))
        .collect();
    let tried = fractional.len().min(MAX_ROUNDED);
    for mask in 0u32..(1u32 << tried) {
        let mut point = base.clone();
        let mut act: Vec<BigRational> = activity.to_vec();
        for (bit, &j) in fractional.iter().enumerate() {
            let floor = x[j].floor().to_integer().to_i64()?;
            // Bit set: take the other side from the nearest rounding.
            let v = if bit < tried && mask & (1 << bit) != 0 {
                if base[j] == floor {
                    floor + 1
                } else {
                    floor
                }
            } else {
                base[j]
            };
            point[j] = v.clamp(node.lower[j], node.upper[j]);
            let shift = BigRational::from_integer(point[j].into()) - &x[j];
            for (i, a, _) in &model.columns[j] {
                act[*i] += a * &shift;
            }
        }
        let fits = model.rows.iter().zip(&act).all(|(row, a)| {
            row.lower()
                .is_none_or(|l| a >= &BigRational::from_integer(l.clone()))
                && row
                    .upper()
                    .is_none_or(|u| a <= &BigRational::from_integer(u.clone()))
        });
        if fits && problem.check(&point).is_ok() {
            return Some(point);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The rounding written with rationals: ⌈(2q + 1)/2⌉ − 1, ties down.
    fn nearest_by_rationals(q: &BigRational, lo: i64, hi: i64) -> i64 {
        let two = BigRational::from_integer(2.into());
        let r = (q * &two + BigRational::from_integer(1.into())) / two;
        let r = (r.ceil() - BigRational::from_integer(1.into())).to_integer();
        r.to_i64().unwrap_or(lo).clamp(lo, hi)
    }

    proptest! {
        #[test]
        fn nearest_agrees_with_rational_rounding(
            a in prop_oneof![-10_000i128..10_000, any::<i64>().prop_map(i128::from), any::<i128>()],
            b in prop_oneof![1i128..100, any::<i64>().prop_map(i128::from), any::<i128>()],
            negate in any::<bool>(),
            lo in -1000i64..0,
            width in 0i64..2000,
        ) {
            prop_assume!(b != 0);
            let q = BigRational::new(BigInt::from(a), BigInt::from(b));
            let raw = if negate {
                BigRational::new_raw(-q.numer(), -q.denom())
            } else {
                q.clone()
            };
            let hi = lo + width;
            prop_assert_eq!(nearest(&raw, lo, hi), nearest_by_rationals(&q, lo, hi));
            prop_assert_eq!(nearest(&raw, i64::MIN, i64::MAX), nearest_by_rationals(&q, i64::MIN, i64::MAX));
        }
    }
}
