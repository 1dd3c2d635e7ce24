//! A local search from a rounded relaxation point: ±1 moves of one or two variables that shrink the row violations.
//!
//! Floating point only steers the walk; a point it ends at counts only once it passes
//! `Problem::check` exactly. Mean-of-scores windows are often narrower than one unit step
//! of a single count, while a step up in one fold and down in another shifts a mean by a
//! much smaller amount: hence the pair moves.

use scorecheck_feasibility::Problem;

use crate::presolve::{approx, Model};
use crate::stop::Stop;

/// Most promising unit moves tried as the first half of a pair move.
const PAIR_POOL: usize = 24;

/// How long one walk may go: moves (steps, pairs and kicks), random kicks out of local
/// minima, and the seed of those kicks.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Effort {
    pub(crate) max_moves: usize,
    pub(crate) max_kicks: usize,
    pub(crate) seed: u64,
}

/// Variables moved per random kick out of a local minimum.
const KICK_SIZE: usize = 3;

/// SplitMix64: a seeded generator for the kicks, so every run walks the same way.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

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
            let to_f = |b: &num_bigint::BigInt| {
                approx(&num_rational::BigRational::from_integer(b.clone()))
            };
            let mut s = row
                .terms()
                .iter()
                .map(|(_, a)| to_f(a).abs())
                .fold(0.0f64, f64::max);
            if !s.is_finite() || s == 0.0 {
                s = 1.0;
            }
            scale[i] = s;
            let lo = row.lower().map(|l| to_f(l) / s);
            let hi = row.upper().map(|u| to_f(u) / s);
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

    /// The best integer step of variable `j` (not 0) and its gain: ±1 or a step that takes
    /// one of its rows onto a bound of the window.
    fn best_step(&self, model: &Model, x: &[i64], act: &[f64], j: usize) -> Option<(f64, i64)> {
        let room_down = model.lower[j].saturating_sub(x[j]);
        let room_up = model.upper[j].saturating_sub(x[j]);
        let mut best: Option<(f64, i64)> = None;
        let mut consider = |s: i64| {
            let s = s.clamp(room_down, room_up);
            if s != 0 && best.is_none_or(|(_, b)| b != s) {
                let g = self.gain(act, j, s as f64);
                if best.is_none_or(|(b, _)| g < b) {
                    best = Some((g, s));
                }
            }
        };
        consider(1);
        consider(-1);
        for &(i, a) in &self.columns[j] {
            for target in [self.lower[i], self.upper[i]] {
                let s = (target - act[i]) / a;
                if s.is_finite() && s.abs() < 1e15 {
                    consider(s.floor() as i64);
                    consider(s.ceil() as i64);
                }
            }
        }
        best
    }

    fn total(&self, act: &[f64]) -> f64 {
        (0..act.len()).map(|i| self.violation(i, act[i])).sum()
    }

    /// [`Self::apply`], returning the total violation updated from the changed rows only.
    fn apply_tracked(&self, x: &mut [i64], act: &mut [f64], j: usize, s: i64, total: f64) -> f64 {
        let mut t = total;
        for &(i, a) in &self.columns[j] {
            let before = self.violation(i, act[i]);
            act[i] += a * s as f64;
            t += self.violation(i, act[i]) - before;
        }
        x[j] += s;
        t.max(0.0)
    }

    fn apply(&self, x: &mut [i64], act: &mut [f64], j: usize, s: i64) {
        x[j] += s;
        for &(i, a) in &self.columns[j] {
            act[i] += a * s as f64;
        }
    }

    /// Walks from `start` for at most `effort.max_moves` moves: `Ok` with an exactly checked
    /// point, or `Err` with the least violating point reached (a good simplex start).
    ///
    /// Sweeps over the variables take each one's best step when it helps (first
    /// improvement, so a far start closes in after a few sweeps); when no single step
    /// helps, the best ±1 pair among the most promising unit moves is taken.
    // One index addresses the point, the columns and the bounds together.
    #[allow(clippy::needless_range_loop)]
    pub(crate) fn walk(
        &self,
        problem: &Problem,
        model: &Model,
        start: &[i64],
        effort: Effort,
        stop: &Stop,
    ) -> Result<Vec<i64>, Vec<i64>> {
        let n = start.len();
        let mut x = start.to_vec();
        let mut act = vec![0.0f64; self.lower.len()];
        for (j, col) in self.columns.iter().enumerate() {
            for &(i, a) in col {
                act[i] += a * x[j] as f64;
            }
        }
        let mut moves = 0usize;
        let mut total = self.total(&act);
        let mut best_total = f64::INFINITY;
        let mut best_point = x.clone();
        let mut kicks = effort.max_kicks;
        let mut rng = SplitMix(0x005e_ed0f_5c0e_c4ec ^ effort.seed);
        let max_moves = effort.max_moves;
        let movable: Vec<usize> = (0..n)
            .filter(|&j| !self.columns[j].is_empty() && model.lower[j] < model.upper[j])
            .collect();
        let out_of_time = || stop.passed();
        'sweeps: while total > 0.0 && moves < max_moves {
            if out_of_time() {
                break;
            }
            // Re-sum once per sweep so that the running total below cannot drift.
            total = self.total(&act);
            let mut improved = false;
            for j in 0..n {
                // A sweep over many columns can take long: watch the clock inside it too.
                if j % 256 == 255 && out_of_time() {
                    break 'sweeps;
                }
                if self.columns[j].is_empty() {
                    continue;
                }
                if let Some((g, s)) = self.best_step(model, &x, &act, j) {
                    if g < -total * 1e-12 {
                        // Only this column's rows change, so update the total from them
                        // rather than re-summing every row (quadratic on big models).
                        total = self.apply_tracked(&mut x, &mut act, j, s, total);
                        moves += 1;
                        improved = true;
                        if total <= 0.0 {
                            break;
                        }
                    }
                }
            }
            if improved || total <= 0.0 {
                continue;
            }
            // Pairs of unit moves among the most promising ones (worsening ones included).
            let mut singles: Vec<(f64, usize, i64)> = Vec::with_capacity(2 * n);
            for j in 0..n {
                if self.columns[j].is_empty() {
                    continue;
                }
                for s in [1i64, -1] {
                    if x[j]
                        .checked_add(s)
                        .is_some_and(|v| v >= model.lower[j] && v <= model.upper[j])
                    {
                        singles.push((self.gain(&act, j, s as f64), j, s));
                    }
                }
            }
            if singles.len() > PAIR_POOL {
                singles.select_nth_unstable_by(PAIR_POOL, |a, b| a.0.total_cmp(&b.0));
                singles.truncate(PAIR_POOL);
            }
            // For each promising first move, the best partner among all unit moves: only
            // the partner's rows change, so each partner costs O(its column).
            let mut best: Option<(f64, [(usize, i64); 2])> = None;
            let mut moved = act.clone();
            for &(_, j, s) in &singles {
                for &(i, a) in &self.columns[j] {
                    moved[i] += a * s as f64;
                }
                let after_first = self.total(&moved);
                for k in 0..n {
                    if k == j || self.columns[k].is_empty() {
                        continue;
                    }
                    for t in [1i64, -1] {
                        match x[k].checked_add(t) {
                            Some(v) if v >= model.lower[k] && v <= model.upper[k] => {}
                            _ => continue,
                        }
                        let g = after_first + self.gain(&moved, k, t as f64) - total;
                        if g < -total * 1e-12 && best.is_none_or(|(b, _)| g < b) {
                            best = Some((g, [(j, s), (k, t)]));
                        }
                    }
                }
                moved.copy_from_slice(&act);
            }
            let Some((_, pair)) = best else {
                // A local minimum: remember it, kick a few variables at random and go on
                // (iterated local search), or stop once the kicks are spent.
                if total < best_total {
                    best_total = total;
                    best_point.copy_from_slice(&x);
                }
                if kicks == 0 || movable.is_empty() {
                    break;
                }
                kicks -= 1;
                for _ in 0..KICK_SIZE {
                    let j = movable[(rng.next() % movable.len() as u64) as usize];
                    let s = if rng.next() % 2 == 0 { 1 } else { -1 };
                    if x[j]
                        .checked_add(s)
                        .is_some_and(|v| v >= model.lower[j] && v <= model.upper[j])
                    {
                        self.apply(&mut x, &mut act, j, s);
                    }
                }
                total = self.total(&act);
                moves += 1;
                continue;
            };
            for (j, s) in pair {
                self.apply(&mut x, &mut act, j, s);
            }
            total = self.total(&act);
            moves += 1;
        }
        match problem.check(&x) {
            Ok(()) => Ok(x),
            Err(_) if best_total < self.total(&act) => Err(best_point),
            Err(_) => Err(x),
        }
    }
}
