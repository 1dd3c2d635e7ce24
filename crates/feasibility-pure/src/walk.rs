//! A local search from a rounded relaxation point: ±1 moves of one or two variables that shrink the row violations.
//!
//! Floating point only steers the walk; a point it ends at counts only once it passes
//! `Problem::check` exactly. Mean-of-scores windows are often narrower than one unit step
//! of a single count, while a step up in one fold and down in another shifts a mean by a
//! much smaller amount: hence the pair moves.

use scorecheck_feasibility::Problem;

use crate::presolve::{approx, Model};

/// Candidates (variable, direction) kept for pair moves.
const PAIR_POOL: usize = 48;

/// Row data normalised for the walk.
pub(crate) struct Walker {
    /// Per variable: (row, coefficient divided by the row scale).
    columns: Vec<Vec<(usize, f64)>>,
    lower: Vec<f64>,
    upper: Vec<f64>,
}

impl Walker {
    pub(crate) fn new(model: &Model) -> Self {
        let m = model.rows.len();
        let mut scale = vec![1.0f64; m];
        let mut lower = vec![f64::NEG_INFINITY; m];
        let mut upper = vec![f64::INFINITY; m];
        for (i, row) in model.rows.iter().enumerate() {
            let to_f = |b: &num_bigint::BigInt| approx(&num_rational::BigRational::from_integer(b.clone()));
            let mut s = row
                .terms
                .iter()
                .map(|(_, a)| to_f(a).abs())
                .fold(0.0f64, f64::max);
            if !s.is_finite() || s == 0.0 {
                s = 1.0;
            }
            scale[i] = s;
            let lo = row.lower.as_ref().map(|l| to_f(l) / s);
            let hi = row.upper.as_ref().map(|u| to_f(u) / s);
            // Aim a little inside the window so that rounding cannot put the end point
            // just outside it.
            let margin = match (lo, hi) {
                (Some(l), Some(u)) => (u - l) * 1e-6,
                _ => 0.0,
            };
            lower[i] = lo.map_or(f64::NEG_INFINITY, |l| l + margin);
            upper[i] = hi.map_or(f64::INFINITY, |u| u - margin);
        }
        let columns = model
            .columns
            .iter()
            .map(|col| col.iter().map(|(i, _, a)| (*i, a / scale[*i])).collect())
            .collect();
        Walker {
            columns,
            lower,
            upper,
        }
    }

    fn violation(&self, i: usize, a: f64) -> f64 {
        if a < self.lower[i] {
            self.lower[i] - a
        } else if a > self.upper[i] {
            a - self.upper[i]
        } else {
            0.0
        }
    }

    /// Change of the total violation when variable `j` moves by `s`, given `act`.
    fn gain(&self, act: &[f64], j: usize, s: f64) -> f64 {
        self.columns[j]
            .iter()
            .map(|&(i, a)| self.violation(i, act[i] + a * s) - self.violation(i, act[i]))
            .sum()
    }

    /// Walks from `start` for at most `max_steps` moves; returns an exactly checked point.
    pub(crate) fn walk(
        &self,
        problem: &Problem,
        model: &Model,
        start: &[i64],
        max_steps: usize,
    ) -> Option<Vec<i64>> {
        let n = start.len();
        let mut x = start.to_vec();
        let mut act = vec![0.0f64; self.lower.len()];
        for (j, col) in self.columns.iter().enumerate() {
            for &(i, a) in col {
                act[i] += a * x[j] as f64;
            }
        }
        let movable = |x: &[i64], j: usize, s: i64| {
            let v = x[j] + s;
            v >= model.lower[j] && v <= model.upper[j]
        };
        for _ in 0..max_steps {
            let total: f64 = (0..act.len()).map(|i| self.violation(i, act[i])).sum();
            if total <= 0.0 {
                break;
            }
            // Single moves, best first.
            let mut singles: Vec<(f64, usize, i64)> = Vec::new();
            for j in 0..n {
                if self.columns[j].is_empty() {
                    continue;
                }
                for s in [1i64, -1] {
                    if movable(&x, j, s) {
                        singles.push((self.gain(&act, j, s as f64), j, s));
                    }
                }
            }
            singles.sort_by(|a, b| a.0.total_cmp(&b.0));
            let mut best: Option<(f64, Vec<(usize, i64)>)> = singles
                .first()
                .filter(|(g, _, _)| *g < -total * 1e-12)
                .map(|&(g, j, s)| (g, vec![(j, s)]));
            if best.is_none() {
                // Pairs among the most promising single moves (including worsening ones).
                let pool: Vec<(usize, i64)> =
                    singles.iter().take(PAIR_POOL).map(|&(_, j, s)| (j, s)).collect();
                let mut moved = act.clone();
                for (p, &(j, s)) in pool.iter().enumerate() {
                    for &(k, t) in &pool[p + 1..] {
                        if j == k {
                            continue;
                        }
                        for &(i, a) in self.columns[j].iter() {
                            moved[i] += a * s as f64;
                        }
                        for &(i, a) in self.columns[k].iter() {
                            moved[i] += a * t as f64;
                        }
                        let after: f64 = (0..act.len()).map(|i| self.violation(i, moved[i])).sum();
                        moved.copy_from_slice(&act);
                        let g = after - total;
                        if g < -total * 1e-12 && best.as_ref().is_none_or(|(b, _)| g < *b) {
                            best = Some((g, vec![(j, s), (k, t)]));
                        }
                    }
                }
            }
            let (_, moves) = best?;
            for (j, s) in moves {
                x[j] += s;
                for &(i, a) in &self.columns[j] {
                    act[i] += a * s as f64;
                }
            }
        }
        problem.check(&x).ok().map(|()| x)
    }
}
