//! Exact phase-one simplex for bounded variables: rational arithmetic decides, floating point only picks candidates.
//!
//! The LP relaxation of a node is `a_i·x - r_i + s_i·t_i = 0` for every row `i`, with the
//! structural `x` in their (integer) bounds, the logical `r_i` in the row range and an
//! artificial `t_i ≥ 0` for each row the starting point violates. Phase one minimises
//! `Σ t_i`: zero means the node's relaxation is feasible, a positive optimum (proven by
//! exact pricing) means it is not. Only the m×m basis inverse is kept, so a pivot costs
//! O(m²) exact operations however many columns there are; nonbasic variables may sit at
//! any value within their bounds (the crash point), which keeps warm starts cheap.

use num_rational::BigRational;
use num_traits::{One, Signed, Zero};
use scorecheck_rational::{add, cmp_rationals, div, mul, sub};
use std::cmp::Ordering;

use crate::presolve::{approx, Model};
use crate::stop::Stop;

/// Rows beyond which the exact simplex does not start (a dense inverse of 2,048² rationals is
/// a few hundred megabytes).
const MAX_ROWS: usize = 2_048;

/// Consecutive degenerate pivots after which the pricing switches to Bland's rule for good.
const DEGENERATE_STREAK_FOR_BLAND: u32 = 40;

/// The answer of one LP relaxation.
pub(crate) enum LpOutcome {
    /// A point of the relaxation: structural values and exact row activities.
    Feasible {
        x: Vec<BigRational>,
        activity: Vec<BigRational>,
    },
    /// The relaxation is empty (exactly proven).
    Infeasible,
    /// The deadline passed, or the problem broke an internal expectation.
    Interrupted(String),
}

/// Counters shared by all LP solves of a search.
#[derive(Debug, Default, Clone)]
pub(crate) struct Stats {
    pub iterations: u64,
    pub pivots: u64,
}

struct Lp<'a> {
    model: &'a Model,
    n: usize,
    m: usize,
    lb: Vec<Option<BigRational>>,
    ub: Vec<Option<BigRational>>,
    x: Vec<BigRational>,
    /// For each variable, the basis position it occupies.
    position: Vec<Option<usize>>,
    basis: Vec<usize>,
    binv: Vec<Vec<BigRational>>,
    /// Sign of each row's artificial column (0: the row has none).
    sign: Vec<i32>,
    y: Vec<BigRational>,
    y_approx: Vec<f64>,
}

/// Solves the relaxation of `model` within `lower`/`upper`, starting from `start`
/// (clamped into the bounds).
pub(crate) fn solve_lp(
    model: &Model,
    lower: &[i64],
    upper: &[i64],
    start: &[i64],
    stop: &Stop,
    stats: &mut Stats,
) -> LpOutcome {
    let n = lower.len();
    let m = model.rows.len();
    // The dense m×m basis inverse: beyond this many rows it would take gigabytes.
    if m > MAX_ROWS {
        return LpOutcome::Interrupted(format!(
            "the LP relaxation has {m} rows, more than the exact simplex takes ({MAX_ROWS}: its dense basis inverse would not fit in memory)"
        ));
    }
    if stop.passed() {
        return LpOutcome::Interrupted("time limit reached".to_string());
    }
    let int = |v: i64| BigRational::from_integer(v.into());
    let mut lb: Vec<Option<BigRational>> = lower.iter().map(|&l| Some(int(l))).collect();
    let mut ub: Vec<Option<BigRational>> = upper.iter().map(|&u| Some(int(u))).collect();
    let mut x: Vec<BigRational> = (0..n)
        .map(|j| {
            int(start
                .get(j)
                .copied()
                .unwrap_or(lower[j])
                .clamp(lower[j], upper[j]))
        })
        .collect();
    for row in &model.rows {
        lb.push(row.lower().cloned().map(BigRational::from_integer));
        ub.push(row.upper().cloned().map(BigRational::from_integer));
    }
    let zero = BigRational::zero();
    let mut basis = Vec::with_capacity(m);
    let mut sign = vec![0; m];
    let mut binv = vec![vec![zero.clone(); m]; m];
    let mut logical = Vec::with_capacity(m);
    let mut artificial = vec![zero.clone(); m];
    for (i, row) in model.rows.iter().enumerate() {
        let mut activity = num_bigint::BigInt::zero();
        for (j, a) in row.terms() {
            activity += a * x[j.0].to_integer();
        }
        let activity = BigRational::from_integer(activity);
        let below = lb[n + i].as_ref().filter(|l| &activity < *l).cloned();
        let above = ub[n + i].as_ref().filter(|u| &activity > *u).cloned();
        match below.or(above) {
            None => {
                basis.push(n + i);
                binv[i][i] = -BigRational::one();
                logical.push(activity);
            }
            Some(bound) => {
                // r_i rests on the violated bound; t_i = |bound - activity| closes the gap.
                let s = if bound > activity { 1 } else { -1 };
                sign[i] = s;
                basis.push(n + m + i);
                binv[i][i] = BigRational::from_integer(s.into());
                artificial[i] = (&bound - &activity).abs();
                logical.push(bound);
            }
        }
    }
    x.extend(logical);
    x.extend(artificial);
    for &s in &sign {
        lb.push(Some(zero.clone()));
        // Rows without an artificial get a fixed one, so that it never enters.
        ub.push(if s == 0 { Some(zero.clone()) } else { None });
    }
    let mut position = vec![None; n + 2 * m];
    for (k, &b) in basis.iter().enumerate() {
        position[b] = Some(k);
    }
    let mut lp = Lp {
        model,
        n,
        m,
        lb,
        ub,
        x,
        position,
        basis,
        binv,
        sign,
        y: vec![zero; m],
        y_approx: vec![0.0; m],
    };
    match lp.phase_one(stop, stats) {
        Ok(true) => {
            let activity = lp.x[n..n + m].to_vec();
            lp.x.truncate(n);
            LpOutcome::Feasible { x: lp.x, activity }
        }
        Ok(false) => LpOutcome::Infeasible,
        Err(reason) => LpOutcome::Interrupted(reason),
    }
}

impl Lp<'_> {
    fn is_artificial(&self, j: usize) -> bool {
        j >= self.n + self.m
    }

    fn cost(&self, j: usize) -> BigRational {
        if self.is_artificial(j) {
            BigRational::one()
        } else {
            BigRational::zero()
        }
    }

    /// Whether some basic artificial is still positive.
    fn infeasibility_left(&self) -> bool {
        self.basis
            .iter()
            .any(|&b| self.is_artificial(b) && !self.x[b].is_zero())
    }

    /// y = c_B·B⁻¹ (only artificial basics cost anything).
    fn update_duals(&mut self) {
        let mut y = vec![BigRational::zero(); self.m];
        for (k, &b) in self.basis.iter().enumerate() {
            if self.is_artificial(b) {
                for (yi, bk) in y.iter_mut().zip(&self.binv[k]) {
                    if !bk.is_zero() {
                        *yi = add(yi, bk);
                    }
                }
            }
        }
        self.y_approx = y.iter().map(approx).collect();
        self.y = y;
    }

    /// Exact reduced cost of a nonbasic variable.
    fn reduced_cost(&self, j: usize) -> BigRational {
        let (n, m) = (self.n, self.m);
        if j < n {
            let mut d = BigRational::zero();
            for (i, a, _) in &self.model.columns[j] {
                if !self.y[*i].is_zero() {
                    d = sub(&d, &mul(&self.y[*i], a));
                }
            }
            d
        } else if j < n + m {
            self.y[j - n].clone()
        } else {
            let i = j - n - m;
            sub(
                &self.cost(j),
                &mul(&self.y[i], &BigRational::from_integer(self.sign[i].into())),
            )
        }
    }

    /// Approximate reduced cost and its scale (column norm), for candidate selection.
    fn reduced_cost_approx(&self, j: usize) -> (f64, f64) {
        let (n, m) = (self.n, self.m);
        if j < n {
            let d: f64 = -self.model.columns[j]
                .iter()
                .map(|(i, _, a)| self.y_approx[*i] * a)
                .sum::<f64>();
            (d, self.model.norms[j])
        } else if j < n + m {
            (self.y_approx[j - n], 1.0)
        } else {
            let i = j - n - m;
            (1.0 - f64::from(self.sign[i]) * self.y_approx[i], 1.0)
        }
    }

    /// The direction (+1 up, −1 down) in which a nonbasic variable improves, if any.
    fn direction(&self, j: usize, d: &BigRational) -> Option<i32> {
        if self.position[j].is_some() {
            return None;
        }
        if d.is_negative() && self.ub[j].as_ref().is_none_or(|u| &self.x[j] < u) {
            Some(1)
        } else if d.is_positive() && self.lb[j].as_ref().is_none_or(|l| &self.x[j] > l) {
            Some(-1)
        } else {
            None
        }
    }

    /// Entering variable: the best float candidate confirmed exactly, else (or in Bland
    /// mode) the smallest-index variable that exact pricing finds improving.
    ///
    /// Each exact reduced cost may take long on rows of huge coefficients (a macro average
    /// over a thousand classes): the deadline is read before each, and its passing is the
    /// error.
    fn choose_entering(&self, bland: bool, stop: &Stop) -> Result<Option<(usize, i32)>, String> {
        let passed = || {
            stop.passed()
                .then(|| "the time limit was reached inside an LP solve".to_string())
        };
        let total = self.n + 2 * self.m;
        if !bland {
            let mut candidates: Vec<(f64, usize)> = Vec::new();
            for j in 0..total {
                if self.position[j].is_some() || self.lb[j] == self.ub[j] && self.lb[j].is_some() {
                    continue;
                }
                let (d, scale) = self.reduced_cost_approx(j);
                if !d.is_finite() {
                    return self.choose_entering(true, stop);
                }
                let can_up = self.ub[j].as_ref().is_none_or(|u| &self.x[j] < u);
                let can_down = self.lb[j].as_ref().is_none_or(|l| &self.x[j] > l);
                if (d < 0.0 && can_up) || (d > 0.0 && can_down) {
                    candidates.push((d.abs() / scale, j));
                }
            }
            candidates.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
            for &(_, j) in candidates.iter().take(8) {
                if let Some(why) = passed() {
                    return Err(why);
                }
                let d = self.reduced_cost(j);
                if let Some(dir) = self.direction(j, &d) {
                    return Ok(Some((j, dir)));
                }
            }
        }
        for j in 0..total {
            if self.position[j].is_some() {
                continue;
            }
            if let Some(why) = passed() {
                return Err(why);
            }
            let d = self.reduced_cost(j);
            if let Some(dir) = self.direction(j, &d) {
                return Ok(Some((j, dir)));
            }
        }
        Ok(None)
    }

    /// B⁻¹ times the column of variable `j`.
    fn column(&self, j: usize) -> Vec<BigRational> {
        let (n, m) = (self.n, self.m);
        (0..m)
            .map(|k| {
                let row = &self.binv[k];
                if j < n {
                    let mut s = BigRational::zero();
                    for (i, a, _) in &self.model.columns[j] {
                        if !row[*i].is_zero() {
                            s = add(&s, &mul(&row[*i], a));
                        }
                    }
                    s
                } else if j < n + m {
                    -row[j - n].clone()
                } else {
                    let i = j - n - m;
                    mul(&row[i], &BigRational::from_integer(self.sign[i].into()))
                }
            })
            .collect()
    }

    /// Runs phase one; `Ok(true)` when all artificials reached zero.
    fn phase_one(&mut self, stop: &Stop, stats: &mut Stats) -> Result<bool, String> {
        let mut bland = false;
        let mut degenerate_streak = 0u32;
        let mut duals_stale = true;
        loop {
            if !self.infeasibility_left() {
                return Ok(true);
            }
            stats.iterations += 1;
            if stop.passed() {
                return Err("the time limit was reached inside an LP solve".to_string());
            }
            if duals_stale {
                self.update_duals();
                duals_stale = false;
            }
            let Some((q, dir)) = self.choose_entering(bland, stop)? else {
                // Exact pricing found no improving column: the positive optimum proves
                // the relaxation empty.
                return Ok(false);
            };
            let alpha = self.column(q);
            let dir_q = BigRational::from_integer(dir.into());
            // Ratio test: the entering variable's own range, then every basic variable.
            let mut step: Option<BigRational> = if dir > 0 {
                self.ub[q].as_ref().map(|u| sub(u, &self.x[q]))
            } else {
                self.lb[q].as_ref().map(|l| sub(&self.x[q], l))
            };
            let mut leaving: Option<(usize, bool)> = None; // (basis position, to upper)
            for (k, a) in alpha.iter().enumerate() {
                if a.is_zero() {
                    continue;
                }
                let b = self.basis[k];
                let rate = -mul(a, &dir_q);
                let (limit, to_upper) = if rate.is_negative() {
                    match &self.lb[b] {
                        Some(l) => (div(&sub(&self.x[b], l), &-&rate), false),
                        None => continue,
                    }
                } else {
                    match &self.ub[b] {
                        Some(u) => (div(&sub(u, &self.x[b]), &rate), true),
                        None => continue,
                    }
                };
                let better = match &step {
                    None => true,
                    Some(s) => {
                        let order = cmp_rationals(&limit, s);
                        order == Ordering::Less
                            || (order == Ordering::Equal
                                && leaving.is_some_and(|(kk, _)| b < self.basis[kk]))
                    }
                };
                if better {
                    step = Some(limit);
                    leaving = Some((k, to_upper));
                }
            }
            let Some(theta) = step else {
                return Err("phase one found an unbounded ray (internal error)".to_string());
            };
            if theta.is_zero() {
                degenerate_streak += 1;
                if degenerate_streak > DEGENERATE_STREAK_FOR_BLAND {
                    bland = true;
                }
            } else {
                degenerate_streak = 0;
                let delta = mul(&theta, &dir_q);
                self.x[q] = add(&self.x[q], &delta);
                for (k, a) in alpha.iter().enumerate() {
                    if !a.is_zero() {
                        let b = self.basis[k];
                        self.x[b] = sub(&self.x[b], &mul(a, &delta));
                    }
                }
            }
            let Some((r, to_upper)) = leaving else {
                // Bound flip: the basis is unchanged.
                continue;
            };
            stats.pivots += 1;
            let out = self.basis[r];
            // Snap the leaving variable exactly onto the bound it reached.
            let bound = if to_upper {
                &self.ub[out]
            } else {
                &self.lb[out]
            };
            if let Some(bound) = bound {
                self.x[out] = bound.clone();
            }
            if self.is_artificial(out) {
                // An artificial that has left is never needed again.
                self.ub[out] = Some(BigRational::zero());
            }
            self.pivot(r, q, &alpha);
            self.position[out] = None;
            self.position[q] = Some(r);
            self.basis[r] = q;
            duals_stale = true;
        }
    }

    /// Updates B⁻¹ for variable `q` (column `alpha` = B⁻¹a_q) entering at position `r`.
    fn pivot(&mut self, r: usize, _q: usize, alpha: &[BigRational]) {
        let pivot = alpha[r].clone();
        for v in self.binv[r].iter_mut() {
            if !v.is_zero() {
                *v = div(v, &pivot);
            }
        }
        let pivot_row = self.binv[r].clone();
        for (k, a) in alpha.iter().enumerate() {
            if k == r || a.is_zero() {
                continue;
            }
            for (v, p) in self.binv[k].iter_mut().zip(&pivot_row) {
                if !p.is_zero() {
                    *v = sub(v, &mul(a, p));
                }
            }
        }
    }
}
