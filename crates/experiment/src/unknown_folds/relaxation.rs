//! The exact linear relaxation of one dataset's mean-of-scores program, decided in closed form.
//!
//! With folds (pᵢ, nᵢ) and no per-fold bounds, every linear mean score is a function of four
//! sums: S = Σ tpᵢ/pᵢ, T = Σ tnᵢ/nᵢ, S + T, and A = Σ (tpᵢ + tnᵢ)/(pᵢ + nᵢ) = U + V with
//! U = Σ tpᵢ/Nᵢ, V = Σ tnᵢ/Nᵢ. Relaxed to reals, (S, U) ranges over a zonotope with
//! generators (1, pᵢ/Nᵢ), whose lower and upper boundaries are piecewise linear with breaks at
//! the integers (fill the folds in slope order); (T, V) likewise. The set of (σ, τ, a) that are
//! feasible is convex, so A is reachable exactly when the window on A meets
//! [min lo, max hi] over the polygon of admissible (σ, τ); both extremes sit on vertices of that
//! polygon cut at integer σ and τ. Everything is exact in `i128` rationals; on overflow the
//! check concludes nothing.

use num_integer::Integer;
use num_rational::BigRational;
use num_traits::ToPrimitive;
use scorecheck_algebra::Score;

use super::rows::{fraction_row_unreachable, RowCache};
use crate::model::Experiment;

/// The positive gcd of two integers, not both zero (binary: shifts and subtractions, where
/// Euclid's 128-bit divisions took most of a sweep's time); `None` if it does not fit.
fn gcd(a: i128, b: i128) -> Option<i128> {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    if a == 0 || b == 0 {
        return i128::try_from(a | b).ok().filter(|&g| g != 0);
    }
    let shift = (a | b).trailing_zeros();
    a >>= a.trailing_zeros();
    loop {
        b >>= b.trailing_zeros();
        if a > b {
            std::mem::swap(&mut a, &mut b);
        }
        b -= a;
        if b == 0 {
            break;
        }
    }
    i128::try_from(a << shift).ok()
}

/// An exact rational in `i128`, denominator positive and reduced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Q {
    num: i128,
    den: i128,
}

impl Q {
    fn int(v: i128) -> Q {
        Q { num: v, den: 1 }
    }

    fn new(num: i128, den: i128) -> Option<Q> {
        if den == 0 {
            return None;
        }
        if den == 1 {
            return Some(Q { num, den });
        }
        let g = gcd(num, den)?;
        let s = if den < 0 { -1 } else { 1 };
        Some(Q {
            num: s * (num / g),
            den: s * (den / g),
        })
    }

    fn from_big(v: &BigRational) -> Option<Q> {
        Q::new(v.numer().to_i128()?, v.denom().to_i128()?)
    }

    fn add(self, o: Q) -> Option<Q> {
        let g = gcd(self.den, o.den)?;
        let den = (self.den / g).checked_mul(o.den)?;
        let num = self
            .num
            .checked_mul(o.den / g)?
            .checked_add(o.num.checked_mul(self.den / g)?)?;
        Q::new(num, den)
    }

    fn sub(self, o: Q) -> Option<Q> {
        self.add(Q {
            num: o.num.checked_neg()?,
            den: o.den,
        })
    }

    fn mul(self, o: Q) -> Option<Q> {
        let g1 = gcd(self.num, o.den)?;
        let g2 = gcd(o.num, self.den)?;
        Q::new(
            (self.num / g1).checked_mul(o.num / g2)?,
            (self.den / g2).checked_mul(o.den / g1)?,
        )
    }

    fn floor(self) -> i128 {
        Integer::div_floor(&self.num, &self.den)
    }

    fn le(self, o: Q) -> Option<bool> {
        Some(self.num.checked_mul(o.den)? <= o.num.checked_mul(self.den)?)
    }

    fn min(self, o: Q) -> Option<Q> {
        Some(if self.le(o)? { self } else { o })
    }

    fn max(self, o: Q) -> Option<Q> {
        Some(if self.le(o)? { o } else { self })
    }
}

/// A closed interval.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Window {
    lower: Q,
    upper: Q,
}

impl Window {
    fn meet(self, lower: Q, upper: Q) -> Option<Window> {
        Some(Window {
            lower: self.lower.max(lower)?,
            upper: self.upper.min(upper)?,
        })
    }

    fn contains(self, v: Q) -> Option<bool> {
        Some(self.lower.le(v)? && v.le(self.upper)?)
    }

    fn is_empty(self) -> Option<bool> {
        Some(!self.lower.le(self.upper)?)
    }
}

/// The lower (ascending slopes) or upper (descending) boundary of a zonotope with unit-width
/// generators: `prefix[m]` is the sum of the first m slopes.
struct Boundary {
    slopes: Vec<Q>,
    prefix: Vec<Q>,
}

impl Boundary {
    fn new(mut slopes: Vec<Q>, ascending: bool) -> Option<Boundary> {
        let mut failed = false;
        slopes.sort_by(|a, b| {
            let ordering = match (a.num.checked_mul(b.den), b.num.checked_mul(a.den)) {
                (Some(x), Some(y)) => x.cmp(&y),
                _ => {
                    failed = true;
                    std::cmp::Ordering::Equal
                }
            };
            if ascending {
                ordering
            } else {
                ordering.reverse()
            }
        });
        if failed {
            return None;
        }
        let mut prefix = vec![Q::int(0)];
        for s in &slopes {
            prefix.push(prefix.last()?.add(*s)?);
        }
        Some(Boundary { slopes, prefix })
    }

    /// The boundary at `x ∈ [0, k]`.
    fn at(&self, x: Q) -> Option<Q> {
        let m = usize::try_from(x.floor()).ok()?;
        let base = *self.prefix.get(m)?;
        let frac = x.sub(Q::int(m as i128))?;
        match self.slopes.get(m) {
            Some(slope) => base.add(frac.mul(*slope)?),
            None => Some(base),
        }
    }
}

/// `Some(true)` when the relaxation of this single-dataset experiment without fold bounds is
/// infeasible (so the integer program is too); `Some(false)` when it is feasible; `None` when
/// the check does not apply or overflowed.
#[cfg(test)]
pub(crate) fn relaxation_infeasible(experiment: &Experiment) -> Option<bool> {
    relaxation(experiment, true, None)
}

/// [`relaxation_infeasible`] with the windows prepared once per `memo` (which must serve one
/// set of reported windows only, as the workers of one search do).
pub(crate) fn relaxation_infeasible_with(experiment: &Experiment, memo: &mut Memo) -> Option<bool> {
    relaxation(experiment, true, Some(memo))
}

/// [`relaxation_infeasible`], in scaled integers where they do not overflow (`scaled`), else
/// in reduced `i128` rationals.
/// The windows of the mean scores of a single-dataset experiment on (S, T, S + T, A), each
/// times k, and which sides they use; `None` when a bound is on another score or overflows.
fn prepare(
    experiment: &Experiment,
    dataset: &crate::model::DatasetSpec,
    k: i128,
) -> Option<Prepared> {
    let full = |scale: i128| Window {
        lower: Q::int(0),
        upper: Q::int(scale * k),
    };
    let (mut ws, mut wt, mut wb, mut wa) = (full(1), full(1), full(2), full(1));
    let mut uses_sens = false;
    let mut uses_spec = false;
    for bound in experiment.windows.iter().chain(&dataset.bounds) {
        let (lo, hi) = (Q::from_big(&bound.lower)?, Q::from_big(&bound.upper)?);
        let kq = Q::int(k);
        let one = Q::int(1);
        let scaled = |a: Q, b: Q, factor: Q| Some((a.mul(factor)?, b.mul(factor)?));
        let complement = |a: Q, b: Q| Some((one.sub(b)?, one.sub(a)?));
        match bound.score {
            Score::Acc => {
                let (a, b) = scaled(lo, hi, kq)?;
                wa = wa.meet(a, b)?;
            }
            Score::Err => {
                let (a, b) = complement(lo, hi)?;
                let (a, b) = scaled(a, b, kq)?;
                wa = wa.meet(a, b)?;
            }
            Score::Sens => {
                uses_sens = true;
                let (a, b) = scaled(lo, hi, kq)?;
                ws = ws.meet(a, b)?;
            }
            Score::Fnr => {
                uses_sens = true;
                let (a, b) = complement(lo, hi)?;
                let (a, b) = scaled(a, b, kq)?;
                ws = ws.meet(a, b)?;
            }
            Score::Spec => {
                uses_spec = true;
                let (a, b) = scaled(lo, hi, kq)?;
                wt = wt.meet(a, b)?;
            }
            Score::Fpr => {
                uses_spec = true;
                let (a, b) = complement(lo, hi)?;
                let (a, b) = scaled(a, b, kq)?;
                wt = wt.meet(a, b)?;
            }
            Score::Bacc => {
                uses_sens = true;
                uses_spec = true;
                let (a, b) = scaled(lo, hi, Q::int(2 * k))?;
                wb = wb.meet(a, b)?;
            }
            Score::Bm => {
                uses_sens = true;
                uses_spec = true;
                let (a, b) = scaled(lo.add(one)?, hi.add(one)?, kq)?;
                wb = wb.meet(a, b)?;
            }
            _ => return None,
        }
    }
    Some(Prepared {
        windows: [ws, wt, wb, wa],
        uses_sens,
        uses_spec,
    })
}

/// What [`prepare`] computes, the same for every configuration of a search.
#[derive(Clone, Copy, Debug)]
struct Prepared {
    windows: [Window; 4],
    uses_sens: bool,
    uses_spec: bool,
}

/// The windows of the single rows, one per reported score or bound, in order.
type RowWindows = Vec<(Q, Q)>;

/// A per-worker memo of one search (one set of reported windows): the prepared windows by k,
/// the single rows' windows by k (each bound times k less its constant), and the scales of
/// the scaled test (the windows' common denominator; the fold sizes' lcm by sizes).
#[derive(Default)]
pub(crate) struct Memo {
    prepared: Option<(i128, Option<Prepared>)>,
    rows: Option<(i128, Option<RowWindows>)>,
    scale_l: Option<([Window; 4], Option<i128>)>,
    scale_g: Option<(Vec<u64>, Option<i128>)>,
    /// The sorted slopes of the last configuration, the buffers kept for the next.
    slopes: (Vec<i128>, Vec<i128>),
}

fn relaxation(experiment: &Experiment, scaled: bool, memo: Option<&mut Memo>) -> Option<bool> {
    let [dataset] = experiment.datasets.as_slice() else {
        return None;
    };
    if dataset.folds.is_empty() || dataset.folds.iter().any(|f| !f.bounds.is_empty()) {
        return None;
    }
    let k = dataset.folds.len() as i128;
    let mut memo = memo;
    let prepared = match memo.as_deref_mut() {
        Some(memo) => match memo.prepared {
            Some((key, prepared)) if key == k => prepared,
            _ => {
                let prepared = prepare(experiment, dataset, k);
                memo.prepared = Some((k, prepared));
                prepared
            }
        },
        None => prepare(experiment, dataset, k),
    };
    let memo_scales = memo;
    let Prepared {
        windows: [ws, wt, wb, wa],
        uses_sens,
        uses_spec,
    } = prepared?;
    // A score undefined on some fold is left to the integer program's builder.
    if (uses_sens && dataset.folds.iter().any(|f| f.p == 0))
        || (uses_spec && dataset.folds.iter().any(|f| f.n == 0))
    {
        return None;
    }
    if ws.is_empty()? || wt.is_empty()? || wb.is_empty()? || wa.is_empty()? {
        return Some(true);
    }
    if scaled {
        if let Some(answer) = relaxation_scaled(dataset, [ws, wt, wb, wa], memo_scales) {
            return Some(answer);
        }
    }
    // Folds without positives (negatives) move neither S nor U (T nor V), so they are left out
    // and that side's range of S (T) shrinks to the number of folds that do.
    let side =
        |counts: &mut dyn Iterator<Item = (u64, u64)>| -> Option<(Boundary, Boundary, i128)> {
            let mut slopes = Vec::new();
            for (part, total) in counts {
                if part > 0 {
                    slopes.push(Q::new(i128::from(part), i128::from(total))?);
                }
            }
            let width = slopes.len() as i128;
            Some((
                Boundary::new(slopes.clone(), true)?,
                Boundary::new(slopes, false)?,
                width,
            ))
        };
    let (lo_u, hi_u, width_s) = side(&mut dataset.folds.iter().map(|f| (f.p, f.p + f.n)))?;
    let (lo_v, hi_v, width_t) = side(&mut dataset.folds.iter().map(|f| (f.n, f.p + f.n)))?;
    let ws = ws.meet(Q::int(0), Q::int(width_s))?;
    let wt = wt.meet(Q::int(0), Q::int(width_t))?;
    if ws.is_empty()? || wt.is_empty()? {
        return Some(true);
    }
    // Candidate coordinates: window ends and the integers inside.
    let coordinates = |w: Window| -> Option<Vec<Q>> {
        let mut out = vec![w.lower, w.upper];
        let first = w.lower.floor() + 1;
        let last = w.upper.floor();
        if last - first > 64 {
            return None;
        }
        for v in first..=last {
            let q = Q::int(v);
            if w.contains(q)? && q != w.upper {
                out.push(q);
            }
        }
        Some(out)
    };
    let sigmas = coordinates(ws)?;
    let taus = coordinates(wt)?;
    let mut points = Vec::new();
    for &s in &sigmas {
        for &t in &taus {
            points.push((s, t));
        }
        for b in [wb.lower, wb.upper] {
            points.push((s, b.sub(s)?));
        }
    }
    for &t in &taus {
        for b in [wb.lower, wb.upper] {
            points.push((b.sub(t)?, t));
        }
    }
    let mut least: Option<Q> = None;
    let mut greatest: Option<Q> = None;
    for (s, t) in points {
        if !(ws.contains(s)? && wt.contains(t)? && wb.contains(s.add(t)?)?) {
            continue;
        }
        let low = lo_u.at(s)?.add(lo_v.at(t)?)?;
        let high = hi_u.at(s)?.add(hi_v.at(t)?)?;
        least = Some(match least {
            Some(l) => l.min(low)?,
            None => low,
        });
        greatest = Some(match greatest {
            Some(g) => g.max(high)?,
            None => high,
        });
    }
    let (Some(least), Some(greatest)) = (least, greatest) else {
        // The polygon of admissible (σ, τ) is empty.
        return Some(true);
    };
    Some(!(least.le(wa.upper)? && wa.lower.le(greatest)?))
}

/// The polygon test of [`relaxation_infeasible`] with every quantity an integer over a common
/// scale: coordinates over L (the lcm of the windows' denominators), slopes over G (the lcm of
/// the fold sizes), boundary values over L·G. The same candidate points, the same boundaries,
/// without a gcd per operation (the reduced rationals spent most of a sweep's time on them).
/// `None` when a product could overflow.
fn relaxation_scaled(
    dataset: &crate::model::DatasetSpec,
    windows: [Window; 4],
    memo: Option<&mut Memo>,
) -> Option<bool> {
    const LIMIT: i128 = 1 << 100;
    let [ws, wt, wb, wa] = windows;
    let k = dataset.folds.len() as i128;
    let common_denominator = || {
        let mut l: i128 = 1;
        for w in &windows {
            for q in [w.lower, w.upper] {
                l = lcm(l, q.den)?;
            }
        }
        Some(l)
    };
    let sizes_lcm = || {
        let mut g: i128 = 1;
        for f in &dataset.folds {
            g = lcm(g, i128::from(f.p.checked_add(f.n)?))?;
        }
        Some(g)
    };
    // The same windows and (nearly always) the same fold sizes for every configuration of a
    // search: the lcms are kept.
    let mut own_slopes = (Vec::new(), Vec::new());
    let (l, g, slope_buffers) = match memo {
        Some(memo) => {
            let l = match &memo.scale_l {
                Some((key, l)) if *key == windows => *l,
                _ => {
                    let l = common_denominator();
                    memo.scale_l = Some((windows, l));
                    l
                }
            };
            let same_sizes = memo.scale_g.as_ref().is_some_and(|(sizes, _)| {
                sizes.len() == dataset.folds.len()
                    && sizes
                        .iter()
                        .zip(&dataset.folds)
                        .all(|(&s, f)| f.p.checked_add(f.n) == Some(s))
            });
            let g = if same_sizes {
                memo.scale_g.as_ref().and_then(|(_, g)| *g)
            } else {
                let g = sizes_lcm();
                let sizes = dataset
                    .folds
                    .iter()
                    .map(|f| f.p.saturating_add(f.n))
                    .collect();
                memo.scale_g = Some((sizes, g));
                g
            };
            (l?, g?, &mut memo.slopes)
        }
        None => (common_denominator()?, sizes_lcm()?, &mut own_slopes),
    };
    let lg = l.checked_mul(g)?;
    if lg.checked_mul(4 * k + 4)? > LIMIT {
        return None;
    }
    // A window's ends as integers over L.
    let over_l = |q: Q| q.num * (l / q.den);
    let (s_lo, s_hi) = (over_l(ws.lower), over_l(ws.upper));
    let (t_lo, t_hi) = (over_l(wt.lower), over_l(wt.upper));
    let (b_lo, b_hi) = (over_l(wb.lower), over_l(wb.upper));
    let (a_lo, a_hi) = (over_l(wa.lower), over_l(wa.upper));
    // Slopes over G, sorted; the folds without positives (negatives) are left out as above.
    let slopes = |out: &mut Vec<i128>, part: &dyn Fn(&crate::model::FoldSpec) -> u64| {
        out.clear();
        out.extend(
            dataset
                .folds
                .iter()
                .filter(|f| part(f) > 0)
                .map(|f| i128::from(part(f)) * (g / i128::from(f.p + f.n))),
        );
        out.sort_unstable();
    };
    let (u_buffer, v_buffer) = slope_buffers;
    slopes(u_buffer, &|f| f.p);
    slopes(v_buffer, &|f| f.n);
    let (u_slopes, v_slopes): (&[i128], &[i128]) = (u_buffer, v_buffer);
    let (s_lo, s_hi) = (s_lo.max(0), s_hi.min(u_slopes.len() as i128 * l));
    let (t_lo, t_hi) = (t_lo.max(0), t_hi.min(v_slopes.len() as i128 * l));
    if s_lo > s_hi || t_lo > t_hi {
        return Some(true);
    }
    // Lower and upper boundaries at x (over L), as values over L·G.
    let boundary = |slopes: &[i128], x: i128, ascending: bool| -> i128 {
        let m = x.div_euclid(l);
        let frac = x - m * l;
        let m = m as usize;
        let pick = |i: usize| {
            if ascending {
                slopes[i]
            } else {
                slopes[slopes.len() - 1 - i]
            }
        };
        let base: i128 = (0..m).map(pick).sum();
        base * l + if m < slopes.len() { frac * pick(m) } else { 0 }
    };
    let coordinates = |lo: i128, hi: i128| -> Option<Vec<i128>> {
        let mut out = vec![lo, hi];
        let first = lo.div_euclid(l) + 1;
        let last = hi.div_euclid(l);
        if last - first > 64 {
            return None;
        }
        for v in first..=last {
            let x = v * l;
            if lo <= x && x < hi {
                out.push(x);
            }
        }
        Some(out)
    };
    let sigmas = coordinates(s_lo, s_hi)?;
    let taus = coordinates(t_lo, t_hi)?;
    let mut points = Vec::with_capacity(sigmas.len() * (taus.len() + 2) + 2 * taus.len());
    for &s in &sigmas {
        for &t in &taus {
            points.push((s, t));
        }
        for b in [b_lo, b_hi] {
            points.push((s, b - s));
        }
    }
    for &t in &taus {
        for b in [b_lo, b_hi] {
            points.push((b - t, t));
        }
    }
    let mut range: Option<(i128, i128)> = None;
    for (s, t) in points {
        if !((s_lo..=s_hi).contains(&s)
            && (t_lo..=t_hi).contains(&t)
            && (b_lo..=b_hi).contains(&(s + t)))
        {
            continue;
        }
        let low = boundary(u_slopes, s, true) + boundary(v_slopes, t, true);
        let high = boundary(u_slopes, s, false) + boundary(v_slopes, t, false);
        range = Some(match range {
            Some((a, b)) => (a.min(low), b.max(high)),
            None => (low, high),
        });
    }
    let Some((least, greatest)) = range else {
        return Some(true);
    };
    Some(!(least <= a_hi * g && a_lo * g <= greatest))
}

/// The least common multiple of two positive integers, `None` on overflow.
fn lcm(a: i128, b: i128) -> Option<i128> {
    (a / gcd(a, b)?).checked_mul(b)
}

/// `Some(true)` when some reported mean (or dataset bound) of this single-dataset experiment
/// without fold bounds cannot be hit by any integer counts on its own (see `rows`); computed
/// in `i128` without building the integer program. `None` when the check does not apply.
pub(crate) fn single_row_unreachable(
    experiment: &Experiment,
    cache: &mut RowCache,
) -> Option<bool> {
    let [dataset] = experiment.datasets.as_slice() else {
        return None;
    };
    if dataset.folds.is_empty() || dataset.folds.iter().any(|f| !f.bounds.is_empty()) {
        return None;
    }
    let k = dataset.folds.len() as i128;
    // Each bound's window times k less its constant: the same for every configuration.
    let windows = match &cache.relaxation.rows {
        Some((key, windows)) if *key == k => windows.clone(),
        _ => {
            let windows = row_windows(experiment, dataset, k);
            cache.relaxation.rows = Some((k, windows.clone()));
            windows
        }
    }?;
    let mut terms = Vec::with_capacity(2 * dataset.folds.len());
    for (bound, &(lo, hi)) in experiment
        .windows
        .iter()
        .chain(&dataset.bounds)
        .zip(&windows)
    {
        terms.clear();
        // Per fold: coefficients of tp and tn as (sign, denominator), and the constant.
        let mut constant = 0i128;
        for fold in &dataset.folds {
            let (p, n) = (i128::from(fold.p), i128::from(fold.n));
            let total = p + n;
            let (a, b, c): ((i128, i128), (i128, i128), i128) = match bound.score {
                Score::Acc if total > 0 => ((1, total), (1, total), 0),
                Score::Err if total > 0 => ((-1, total), (-1, total), 1),
                Score::Sens if p > 0 => ((1, p), (0, 1), 0),
                Score::Fnr if p > 0 => ((-1, p), (0, 1), 1),
                Score::Spec if n > 0 => ((0, 1), (1, n), 0),
                Score::Fpr if n > 0 => ((0, 1), (-1, n), 1),
                Score::Bacc if p > 0 && n > 0 => ((1, 2 * p), (1, 2 * n), 0),
                Score::Bm if p > 0 && n > 0 => ((1, p), (1, n), -1),
                _ => return None,
            };
            constant += c;
            terms.push((a, 0, p));
            terms.push((b, 0, n));
        }
        // Σ (a·tp + b·tn) ∈ [k·lower − Σc, k·upper − Σc]: `row_windows` took the constant
        // as k times the bound's own (1 for err, fnr, fpr; −1 for bm), as summed here.
        debug_assert_eq!(constant, k * constant_of(bound.score));
        if fraction_row_unreachable(&terms, (lo.num, lo.den), (hi.num, hi.den), cache) {
            return Some(true);
        }
    }
    Some(false)
}

/// A fold's constant term of a linear score (score = a·tp + b·tn + c).
fn constant_of(score: Score) -> i128 {
    match score {
        Score::Err | Score::Fnr | Score::Fpr => 1,
        Score::Bm => -1,
        _ => 0,
    }
}

/// The windows of [`single_row_unreachable`]'s rows: each bound's window times k less k times
/// its constant; `None` when a number does not fit.
fn row_windows(
    experiment: &Experiment,
    dataset: &crate::model::DatasetSpec,
    k: i128,
) -> Option<Vec<(Q, Q)>> {
    experiment
        .windows
        .iter()
        .chain(&dataset.bounds)
        .map(|bound| {
            let (lo, hi) = (Q::from_big(&bound.lower)?, Q::from_big(&bound.upper)?);
            let shift = Q::int(k.checked_mul(constant_of(bound.score))?);
            Some((
                lo.mul(Q::int(k))?.sub(shift)?,
                hi.mul(Q::int(k))?.sub(shift)?,
            ))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::test_support::{linear_scores, Lcg};
    use num_bigint::BigInt;
    use num_rational::BigRational;
    use scorecheck_algebra::Score;

    use super::{relaxation_infeasible, single_row_unreachable, RowCache};
    use crate::model::{build, Bound, DatasetSpec, Experiment, FoldSpec};

    /// Whenever either necessary condition refutes, the exact integer program is infeasible;
    /// and both conditions do refute a fair share of the cases.
    /// k folds (p in [p.0, p.0 + p.1), n in [1, 1 + n]) and a window of width up to 4/den
    /// around a random value on each of a random subset of the linear scores (den drawn from
    /// `dens`).
    fn random_case(rng: &mut Lcg, k: u64, p: (u64, u64), n: u64, dens: &[i64]) -> Experiment {
        let folds: Vec<FoldSpec> = (0..k)
            .map(|_| FoldSpec {
                p: p.0 + rng.below(p.1),
                n: 1 + rng.below(n),
                bounds: Vec::new(),
            })
            .collect();
        let mut windows = Vec::new();
        // Without fnr and fpr, whose windows the ones of sens and spec already cover.
        for score in linear_scores().filter(|s| !matches!(s, Score::Fnr | Score::Fpr)) {
            if rng.below(2) == 0 {
                continue;
            }
            let den = if dens.len() > 1 {
                dens[rng.below(dens.len() as u64) as usize]
            } else {
                dens[0]
            };
            let centre = rng.below(den as u64 + 1) as i64;
            let half = rng.below(3) as i64;
            let q = |v: i64| BigRational::new(BigInt::from(v), BigInt::from(den));
            windows.push(Bound {
                score,
                lower: q(centre - half),
                upper: q(centre + half),
            });
        }
        Experiment {
            datasets: vec![DatasetSpec {
                folds,
                bounds: Vec::new(),
            }],
            windows,
        }
    }

    /// The scaled-integer polygon test answers as the reduced-rational one.
    #[test]
    fn scaled_integers_agree_with_rationals() {
        let mut rng = Lcg(23);
        let mut decided = 0;
        for _ in 0..3000 {
            let k = 1 + rng.below(6);
            let experiment = random_case(&mut rng, k, (0, 40), 40, &[100, 1000, 10_000, 7, 33]);
            let scaled = super::relaxation(&experiment, true, None);
            let rational = super::relaxation(&experiment, false, None);
            assert_eq!(scaled, rational, "{experiment:?}");
            decided += usize::from(scaled.is_some());
        }
        assert!(decided > 1000, "{decided}");
    }

    #[test]
    fn binary_gcd_agrees_with_euclid() {
        use num_integer::Integer;
        let mut rng = Lcg(5);
        for _ in 0..10_000 {
            let a = (rng.below(1 << 30) as i128 - (1 << 29)) << rng.below(60);
            let b = (rng.below(1 << 30) as i128 - (1 << 29)) << rng.below(60);
            if a == 0 && b == 0 {
                continue;
            }
            assert_eq!(super::gcd(a, b), Some(a.gcd(&b)), "{a} {b}");
        }
        assert_eq!(super::gcd(0, 0), None);
        assert_eq!(super::gcd(i128::MIN, 0), None);
        assert_eq!(super::gcd(i128::MIN, 6), Some(2));
    }

    #[test]
    fn refutations_are_sound() {
        let mut rng = Lcg(11);
        let (mut by_relaxation, mut by_rows, mut feasible) = (0, 0, 0);
        for _ in 0..300 {
            let k = 2 + rng.below(3);
            let experiment = random_case(&mut rng, k, (1, 6), 6, &[100]);
            let problem = build(&experiment).unwrap();
            let verdict = crate::test_support::exact_solve(&problem);
            let relaxed = relaxation_infeasible(&experiment) == Some(true);
            let rows = single_row_unreachable(&experiment, &mut RowCache::default()) == Some(true);
            if verdict.is_feasible() {
                feasible += 1;
                assert!(
                    !relaxed && !rows,
                    "refuted a feasible program: {experiment:?}"
                );
            }
            by_relaxation += usize::from(relaxed);
            by_rows += usize::from(rows);
        }
        assert!(
            by_relaxation > 20 && by_rows > 20 && feasible > 20,
            "{by_relaxation} {by_rows} {feasible}"
        );
    }
}
