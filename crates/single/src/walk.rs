//! Walking the ends of the interior band from one tp column to the next, exactly.
//!
//! At fixed tp a window's end is the first (or last) tn where one side of the window holds,
//! and it never increases as tp grows (see the `grid` module). So the end at tp + 1 is found
//! from the end at tp by stepping down while the side still holds (or does not yet hold):
//! over a run of columns the steps add up to at most the height of the band, and each
//! column costs one test per end plus its steps.
//!
//! A test is exact. Where the score is a ratio N/D of integer polynomials of degree ≤ 2 in
//! (tp, tn) (every rational score), a side a/b holds iff G = b·N − a·D has a sign, and for
//! mcc, gm and fm (sign(S)·√(X/Y)) iff the signs of S and of H = b²·X − a²·Y say so. When
//! every coefficient fits and |G| < 2^125 over the whole grid, the walk keeps G and its two
//! first differences and moves by additions alone (a finite-difference walk, as in
//! Bresenham's conic drawing); anything else walks with the evaluator's exact tests.
//! The polynomial forms ([`form`]) are held to the algebra's formulas by the tests in `fast`.

use std::cmp::Ordering;

use scorecheck_algebra::{Score, Trend};

use super::eval::{Axis, Evaluator, Halt, Run, Side};
use super::fast::{Bound, FastWindow};
use super::grid::Span;

/// A polynomial of degree ≤ 2 in (tp, tn): coefficients of 1, tp, tn, tp², tp·tn, tn².
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Poly([i128; 6]);

impl Poly {
    fn constant(k: i128) -> Poly {
        Poly([k, 0, 0, 0, 0, 0])
    }
    fn tp() -> Poly {
        Poly([0, 1, 0, 0, 0, 0])
    }
    fn tn() -> Poly {
        Poly([0, 0, 1, 0, 0, 0])
    }
    fn degree(&self) -> u8 {
        let c = &self.0;
        if c[3] != 0 || c[4] != 0 || c[5] != 0 {
            2
        } else if c[1] != 0 || c[2] != 0 {
            1
        } else {
            0
        }
    }
    fn add(self, other: Poly) -> Option<Poly> {
        let mut out = [0i128; 6];
        for (i, o) in out.iter_mut().enumerate() {
            *o = self.0[i].checked_add(other.0[i])?;
        }
        Some(Poly(out))
    }
    fn sub(self, other: Poly) -> Option<Poly> {
        self.add(other.scale(-1)?)
    }
    fn scale(self, k: i128) -> Option<Poly> {
        let mut out = [0i128; 6];
        for (i, o) in out.iter_mut().enumerate() {
            *o = self.0[i].checked_mul(k)?;
        }
        Some(Poly(out))
    }
    fn mul(self, other: Poly) -> Option<Poly> {
        match (self.degree(), other.degree()) {
            (0, _) => other.scale(self.0[0]),
            (_, 0) => self.scale(other.0[0]),
            (1, 1) => {
                let ([a0, a1, a2, ..], [b0, b1, b2, ..]) = (self.0, other.0);
                let m = |x: i128, y: i128| x.checked_mul(y);
                Some(Poly([
                    m(a0, b0)?,
                    m(a0, b1)?.checked_add(m(a1, b0)?)?,
                    m(a0, b2)?.checked_add(m(a2, b0)?)?,
                    m(a1, b1)?,
                    m(a1, b2)?.checked_add(m(a2, b1)?)?,
                    m(a2, b2)?,
                ]))
            }
            _ => None,
        }
    }
    /// The value at (tp, tn), `None` on overflow.
    pub(crate) fn eval(&self, tp: i128, tn: i128) -> Option<i128> {
        let c = &self.0;
        let terms = [
            Some(c[0]),
            c[1].checked_mul(tp),
            c[2].checked_mul(tn),
            c[3].checked_mul(tp)?.checked_mul(tp),
            c[4].checked_mul(tp)?.checked_mul(tn),
            c[5].checked_mul(tn)?.checked_mul(tn),
        ];
        terms
            .into_iter()
            .try_fold(0i128, |acc, t| acc.checked_add(t?))
    }
    /// A bound on |value| over 0 ≤ tp ≤ p, 0 ≤ tn ≤ n, `None` past 2^125.
    fn magnitude_within(&self, p: i128, n: i128) -> Option<i128> {
        let c = self.0.map(|x| x.checked_abs());
        let terms = [
            c[0],
            c[1]?.checked_mul(p),
            c[2]?.checked_mul(n),
            c[3]?.checked_mul(p)?.checked_mul(p),
            c[4]?.checked_mul(p)?.checked_mul(n),
            c[5]?.checked_mul(n)?.checked_mul(n),
        ];
        let total = terms
            .into_iter()
            .try_fold(0i128, |acc, t| acc.checked_add(t?))?;
        (total < (1i128 << 125)).then_some(total)
    }
}

/// A score at fixed p, n as polynomials in (tp, tn).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Form {
    /// num / den, den > 0 strictly inside the grid.
    Ratio { num: Poly, den: Poly },
    /// sign(s) · √(x / y), y > 0 and s ≠ 0 where x ≠ 0 strictly inside the grid.
    Root { sign: Poly, x: Poly, y: Poly },
}

/// The polynomial form of `score` (β² of fbp, fbn as (r, s)), valid strictly inside the grid.
pub(crate) fn form(score: Score, (r, s): (i128, i128), p: u64, n: u64) -> Option<Form> {
    let (pc, nc) = (i128::from(p), i128::from(n));
    let (tp, tn) = (Poly::tp(), Poly::tn());
    let (p, n) = (Poly::constant(pc), Poly::constant(nc));
    let fp = n.sub(tn)?;
    let fn_ = p.sub(tp)?;
    let pp = tp.add(fp)?;
    let pn = tn.add(fn_)?;
    let total = p.add(n)?;
    let ratio = |num: Option<Poly>, den: Option<Poly>| {
        Some(Form::Ratio {
            num: num?,
            den: den?,
        })
    };
    let k = Poly::constant;
    match score {
        Score::Acc => ratio(tp.add(tn), Some(total)),
        Score::Err => ratio(fp.add(fn_), Some(total)),
        Score::Ppv => ratio(Some(tp), Some(pp)),
        Score::Fdr => ratio(Some(fp), Some(pp)),
        Score::Npv => ratio(Some(tn), Some(pn)),
        Score::For => ratio(Some(fn_), Some(pn)),
        Score::Sens => ratio(Some(tp), Some(p)),
        Score::Fnr => ratio(Some(fn_), Some(p)),
        Score::Spec => ratio(Some(tn), Some(n)),
        Score::Fpr => ratio(Some(fp), Some(n)),
        Score::Bacc => ratio(
            tp.scale(nc)?.add(tn.scale(pc)?),
            Some(k(2i128.checked_mul(pc)?.checked_mul(nc)?)),
        ),
        Score::Bm => ratio(
            tp.scale(nc)?
                .add(tn.scale(pc)?)?
                .sub(k(pc.checked_mul(nc)?)),
            Some(k(pc.checked_mul(nc)?)),
        ),
        Score::F1p => ratio(tp.scale(2), tp.add(p)?.add(fp)),
        Score::F1n => ratio(tn.scale(2), tn.add(n)?.add(fn_)),
        Score::Fbp => ratio(
            tp.scale(s.checked_add(r)?),
            tp.scale(s)?.add(p.scale(r)?)?.add(fp.scale(s)?),
        ),
        Score::Fbn => ratio(
            tn.scale(s.checked_add(r)?),
            tn.scale(s)?.add(n.scale(r)?)?.add(fn_.scale(s)?),
        ),
        Score::Upm => ratio(
            tp.mul(tn)?.scale(4),
            tn.mul(total.sub(tn)?.add(tp)?)?
                .add(tp.mul(total.add(tn)?.sub(tp)?)?),
        ),
        Score::SensTimesSpec => ratio(tp.mul(tn), Some(k(pc.checked_mul(nc)?))),
        Score::FnrTimesFpr => ratio(fn_.mul(fp), Some(k(pc.checked_mul(nc)?))),
        Score::Mk => ratio(tp.mul(pn)?.add(tn.mul(pp)?)?.sub(pp.mul(pn)?), pp.mul(pn)),
        Score::Nmk => ratio(tp.mul(pn)?.add(tn.mul(pp)?), pp.mul(pn)?.scale(2)),
        Score::Lrp => ratio(tp.scale(nc), fp.scale(pc)),
        Score::Lrn => ratio(fn_.scale(nc), tn.scale(pc)),
        Score::Dor => ratio(tp.mul(tn), fp.mul(fn_)),
        Score::Ji => ratio(Some(tp), tp.add(fp)?.add(fn_)),
        Score::Kappa => ratio(
            tp.mul(tn)?.sub(fn_.mul(fp)?)?.scale(2),
            pp.scale(nc)?.add(pn.scale(pc)?),
        ),
        Score::Mcc | Score::Nmcc => {
            // tp·tn − fp·fn = n·tp + p·tn − p·n: linear, so its square is quadratic.
            let sign = tp.mul(tn)?.sub(fp.mul(fn_)?)?;
            Some(Form::Root {
                sign,
                x: sign.mul(sign)?,
                y: pp.mul(pn)?.scale(pc.checked_mul(nc)?)?,
            })
        }
        Score::Gm => Some(Form::Root {
            sign: k(1),
            x: tp.mul(tn)?,
            y: k(pc.checked_mul(nc)?),
        }),
        Score::Fm => Some(Form::Root {
            sign: k(1),
            x: tp.mul(tp)?,
            y: pp.scale(pc)?,
        }),
        _ => None,
    }
}

/// How the signs of G and S decide a side (see the module docs).
#[derive(Clone, Copy, Debug)]
enum Test {
    /// A ratio's side that holds where G ≥ 0.
    AtLeastZero,
    /// A ratio's side that holds where G ≤ 0.
    AtMostZero,
    /// value ≥ a/b for a root form, with the sign of a.
    RootAtLeast(Ordering),
    /// value ≤ a/b for a root form, with the sign of a.
    RootAtMost(Ordering),
}

impl Test {
    /// The answers for every pair of signs, indexed by [`sign_index`].
    fn table(self) -> [bool; 9] {
        let signs = [Ordering::Less, Ordering::Equal, Ordering::Greater];
        let mut out = [false; 9];
        for (i, &g) in signs.iter().enumerate() {
            for (j, &s) in signs.iter().enumerate() {
                out[3 * i + j] = self.holds(g, s);
            }
        }
        out
    }

    fn holds(self, g: Ordering, s: Ordering) -> bool {
        use Ordering::{Equal, Greater, Less};
        match self {
            Test::AtLeastZero => g != Less,
            Test::AtMostZero => g != Greater,
            Test::RootAtLeast(Greater) => s == Greater && g != Less,
            Test::RootAtLeast(Equal) => s != Less,
            Test::RootAtLeast(Less) => s != Less || g != Greater,
            Test::RootAtMost(Greater) => s != Greater || g != Greater,
            Test::RootAtMost(Equal) => s != Greater,
            Test::RootAtMost(Less) => s == Less && g != Less,
        }
    }
}

/// One side of one window as a sign test on integer polynomials.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SideTest {
    g: Poly,
    s: Poly,
    test: Test,
}

impl SideTest {
    /// The test of `side` of a window, when its polynomials fit (|G|, |S| < 2^125 on the grid).
    pub(crate) fn new(fast: &FastWindow, side: Side, p: u64, n: u64) -> Option<SideTest> {
        let Bound { num: a, den: b } = match side {
            Side::AtLeastLower => fast.lower,
            Side::AtMostUpper => fast.upper,
        };
        let (g, s, test) = match form(fast.score(), fast.beta2(), p, n)? {
            Form::Ratio { num, den } => {
                let g = num.scale(b)?.sub(den.scale(a)?)?;
                let test = match side {
                    Side::AtLeastLower => Test::AtLeastZero,
                    Side::AtMostUpper => Test::AtMostZero,
                };
                (g, Poly::constant(1), test)
            }
            Form::Root { sign, x, y } => {
                let h = x
                    .scale(b.checked_mul(b)?)?
                    .sub(y.scale(a.checked_mul(a)?)?)?;
                let test = match side {
                    Side::AtLeastLower => Test::RootAtLeast(a.cmp(&0)),
                    Side::AtMostUpper => Test::RootAtMost(a.cmp(&0)),
                };
                (h, sign, test)
            }
        };
        let (p, n) = (i128::from(p), i128::from(n));
        g.magnitude_within(p, n)?;
        s.magnitude_within(p, n)?;
        (s.degree() <= 1).then_some(SideTest { g, s, test })
    }

    /// Whether the side holds at (tp, tn), evaluated directly (for tests and set-up).
    #[cfg(test)]
    pub(crate) fn holds_at(&self, tp: i128, tn: i128) -> bool {
        self.try_holds_at(tp, tn).expect("within the guarded range")
    }

    /// Whether the side holds at (tp, tn), evaluated directly; `None` on overflow.
    fn try_holds_at(&self, tp: i128, tn: i128) -> Option<bool> {
        let g = self.g.eval(tp, tn)?;
        let s = self.s.eval(tp, tn)?;
        Some(self.test.holds(g.cmp(&0), s.cmp(&0)))
    }
}

/// Which end of a window's tn-set a walker follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum End {
    /// The first tn where a side holding on a suffix holds (hi + 1 if none).
    First,
    /// The last tn where a side holding on a prefix holds (lo − 1 if none).
    Last,
}

/// The index of a pair of signs in [`Test::table`]: 3·(sign g + 1) + (sign s + 1).
#[inline]
fn sign_index(g: i128, s: i128) -> usize {
    let sign = |x: i128| usize::from(x >= 0) + usize::from(x > 0);
    3 * sign(g) + sign(s)
}

/// Steps a [`Differences`] walker takes one by one in a column before it jumps (see
/// [`lowest_run`]): most columns move the end by a step or two, and additions are cheaper
/// than evaluating the polynomials; a steep end (a band falling by millions of tn per
/// column, as at p = 4·10^4, n = 4·10^11) would otherwise cost a step per tn.
const STEPS_BEFORE_JUMP: u32 = 16;

/// The smallest `u` in `[floor, top + 1]` such that `pred` holds on all of `[u, top]`,
/// for a `pred` that holds on a suffix (true from some point up): a gallop down from
/// `top` by doubling steps, then bisection, so a drop of d costs about 2·log2(d) tests.
pub(crate) fn lowest_run<E>(
    top: i128,
    floor: i128,
    mut pred: impl FnMut(i128) -> Result<bool, E>,
) -> Result<i128, E> {
    // `pred` holds on [u, top].
    let mut u = top + 1;
    let mut step: i128 = 1;
    while u > floor {
        let probe = (u - step).max(floor);
        if !pred(probe)? {
            // The answer is in (probe, u].
            let (mut bad, mut good) = (probe, u);
            while good - bad > 1 {
                let mid = bad + (good - bad) / 2;
                if pred(mid)? {
                    good = mid;
                } else {
                    bad = mid;
                }
            }
            return Ok(good);
        }
        u = probe;
        step = step.saturating_mul(2);
    }
    Ok(u)
}

/// A finite-difference walker: G and S at (tp, t) with their first differences.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Differences {
    /// Whether the side holds, by the signs of G and S (see [`sign_index`]).
    table: [bool; 9],
    /// Which end is followed, and where it is at the current column.
    pub(crate) end: End,
    pub(crate) t: i128,
    /// G(tp, t), G(tp, t − 1) − G(tp, t), G(tp + 1, t) − G(tp, t).
    g: i128,
    g_down: i128,
    g_right: i128,
    /// 2·c(tn²), 2·c(tp²), c(tp·tn): the constant second differences.
    g_down_step: i128,
    g_right_step: i128,
    g_cross: i128,
    /// S(tp, t) and its (constant) steps along tn and tp.
    s: i128,
    s_tn: i128,
    s_tp: i128,
    /// The current column and the side's polynomials, for jumps.
    tp: i128,
    side: SideTest,
}

impl Differences {
    fn at(side: &SideTest, end: End, tp: i128, t: i128) -> Option<Differences> {
        let g = side.g.eval(tp, t)?;
        let [_, s_tp, s_tn, ..] = side.s.0;
        Some(Differences {
            table: side.test.table(),
            end,
            t,
            g,
            g_down: side.g.eval(tp, t - 1)? - g,
            g_right: side.g.eval(tp + 1, t)? - g,
            g_down_step: 2 * side.g.0[5],
            g_right_step: 2 * side.g.0[3],
            g_cross: side.g.0[4],
            s: side.s.eval(tp, t)?,
            s_tn,
            s_tp,
            tp,
            side: *side,
        })
    }
    #[inline]
    fn holds_here(&self) -> bool {
        self.table[sign_index(self.g, self.s)]
    }
    #[inline]
    fn holds_below(&self) -> bool {
        self.table[sign_index(self.g + self.g_down, self.s - self.s_tn)]
    }
    #[inline]
    fn down(&mut self) {
        self.g += self.g_down;
        self.g_down += self.g_down_step;
        self.g_right -= self.g_cross;
        self.s -= self.s_tn;
        self.t -= 1;
    }
    #[inline]
    fn right(&mut self) {
        self.g += self.g_right;
        self.g_right += self.g_right_step;
        self.g_down -= self.g_cross;
        self.s += self.s_tp;
        self.tp += 1;
    }

    /// Moves the end, in the current column, to `lowest_run` of `pred` below `top`, and
    /// re-derives the differences there; `false` (nothing moved) if a value overflows.
    #[cold]
    #[inline(never)]
    fn jump(&mut self, top: i128, lowest: i128, holds_is_pred: bool) -> bool {
        let (side, tp) = (self.side, self.tp);
        let run = lowest_run(top, lowest, |x| {
            side.try_holds_at(tp, x)
                .map(|h| h == holds_is_pred)
                .ok_or(())
        });
        let t = match (run, self.end) {
            (Ok(u), End::First) => u,
            (Ok(u), End::Last) => u - 1,
            (Err(()), _) => return false,
        };
        match Differences::at(&side, self.end, tp, t) {
            Some(d) => {
                *self = d;
                true
            }
            None => false,
        }
    }

    /// Moves to the next column and follows the end down, not below `lowest`.
    #[inline]
    pub(crate) fn advance(&mut self, lowest: i128) {
        match self.end {
            End::First => self.advance_first(lowest),
            End::Last => self.advance_last(lowest),
        }
    }

    /// [`Differences::advance`] for an [`End::First`] walker.
    #[inline]
    fn advance_first(&mut self, lowest: i128) {
        self.right();
        let mut steps = 0;
        while self.t > lowest && self.holds_below() {
            if steps == STEPS_BEFORE_JUMP && self.jump(self.t - 1, lowest, true) {
                return;
            }
            self.down();
            steps += 1;
        }
    }

    /// [`Differences::advance`] for an [`End::Last`] walker.
    #[inline]
    fn advance_last(&mut self, lowest: i128) {
        self.right();
        let mut steps = 0;
        while self.t >= lowest && !self.holds_here() {
            if steps == STEPS_BEFORE_JUMP && self.jump(self.t, lowest, false) {
                return;
            }
            self.down();
            steps += 1;
        }
    }

    /// Walks `ends.len()` columns, the first of them the current one when `from_here`
    /// (else the next one), and narrows each column's band in `ends` by this end: raises
    /// the low ends for an [`End::First`] walker, lowers the high ends for an [`End::Last`].
    pub(crate) fn walk_into(&mut self, from_here: bool, lowest: i128, ends: &mut [i128]) {
        // A local copy keeps the walker's state in registers through the loop.
        let mut d = *self;
        let start = usize::from(from_here && !ends.is_empty());
        if start == 1 {
            ends[0] = match d.end {
                End::First => ends[0].max(d.t),
                End::Last => ends[0].min(d.t),
            };
        }
        let rest = &mut ends[start..];
        match d.end {
            End::First => {
                for e in rest {
                    d.advance_first(lowest);
                    *e = (*e).max(d.t);
                }
            }
            End::Last => {
                for e in rest {
                    d.advance_last(lowest);
                    *e = (*e).min(d.t);
                }
            }
        }
        *self = d;
    }
}

/// One end of one window's tn-set, followed column by column: by finite differences, or by
/// the evaluator's exact test of window `w`'s `side` (pt extended on its line).
#[derive(Clone, Copy, Debug)]
#[expect(
    clippy::large_enum_variant,
    reason = "two walkers per window, held by value so the walk copies them into locals"
)]
pub(crate) enum Walker {
    Differences(Differences),
    Evaluator {
        end: End,
        /// The end at the current column.
        t: i128,
        w: usize,
        side: Side,
    },
}

impl Walker {
    /// The walkers of window `w` at column `tp`: its first and last tn within `tn_range`,
    /// found by the evaluator's searches.
    pub(crate) fn pair(
        ev: &mut Evaluator<'_>,
        w: usize,
        tp: i128,
        tn_range: Span,
    ) -> Run<[Walker; 2]> {
        let score = ev.windows[w].score;
        let (suffix_side, prefix_side) = match Axis::Tn.trend(score) {
            Trend::Rising => (Side::AtLeastLower, Side::AtMostUpper),
            Trend::Falling => (Side::AtMostUpper, Side::AtLeastLower),
            Trend::Flat => {
                return Err(Halt::Anomaly(format!(
                    "{score} is flat in tn but was walked as a band"
                )))
            }
        };
        let at = (Axis::Tn, tp as u64);
        let first = ev.first_where(w, suffix_side, at, tn_range.lo, tn_range.hi, true, true)?;
        let last = ev.first_where(w, prefix_side, at, tn_range.lo, tn_range.hi, true, false)? - 1;
        let make = |ev: &Evaluator<'_>, end: End, side: Side, t: i128| {
            ev.fast[w]
                .as_ref()
                .and_then(|fast| SideTest::new(fast, side, ev.p, ev.n))
                .and_then(|test| Differences::at(&test, end, tp, t))
                .map_or(Walker::Evaluator { end, t, w, side }, Walker::Differences)
        };
        Ok([
            make(ev, End::First, suffix_side, first),
            make(ev, End::Last, prefix_side, last),
        ])
    }

    /// Which end the walker follows, and where it is at the current column.
    pub(crate) fn end(&self) -> (End, i128) {
        match self {
            Walker::Differences(d) => (d.end, d.t),
            Walker::Evaluator { end, t, .. } => (*end, *t),
        }
    }

    /// Moves to column `tp` (the next one) and follows the end down, within `tn_range`.
    pub(crate) fn advance(&mut self, ev: &mut Evaluator<'_>, tp: i128, tn_range: Span) -> Run<()> {
        match self {
            Walker::Differences(d) => d.advance(tn_range.lo),
            &mut Walker::Evaluator {
                end,
                ref mut t,
                w,
                side,
            } => {
                let tp = tp as u64;
                // Galloping, not stepping: an end may fall by millions of tn per column.
                *t = match end {
                    End::First => lowest_run(*t - 1, tn_range.lo, |x| {
                        ev.side_holds(w, side, tp, x as u64, true)
                    })?,
                    End::Last => {
                        lowest_run(*t, tn_range.lo, |x| {
                            ev.side_holds(w, side, tp, x as u64, true).map(|h| !h)
                        })? - 1
                    }
                };
            }
        }
        Ok(())
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::count::walk_all;
    use crate::grid::Grid;
    use crate::Window;
    use num_bigint::BigInt;
    use num_rational::BigRational;
    use proptest::prelude::*;
    use scorecheck_algebra::{ConfusionMatrix, Params};

    /// Every score the engine takes, the internal AUC windows included.
    pub(crate) fn scores() -> Vec<Score> {
        Score::ALL
            .iter()
            .copied()
            .chain([Score::SensTimesSpec, Score::FnrTimesFpr])
            .collect()
    }

    fn q(num: i64, den: i64) -> BigRational {
        BigRational::new(BigInt::from(num), BigInt::from(den))
    }

    /// A window of `score` from a pick: around its value at a random matrix (ends on exact
    /// values included), or arbitrary ends (negative, beyond 1, empty).
    fn window(
        score: Score,
        p: u64,
        n: u64,
        pick: (u16, u16, u8, i64, i64),
        params: &Params,
    ) -> Window {
        let (a, b, kind, x, y) = pick;
        let tp = if p == 0 { 0 } else { u64::from(a) % (p + 1) };
        let tn = if n == 0 { 0 } else { u64::from(b) % (n + 1) };
        let m = ConfusionMatrix::new(tp, tn, p, n).unwrap();
        let value = m.exact(score, params);
        let (lower, upper) = match (kind % 4, value.as_ref().and_then(|v| v.as_rational())) {
            // Both ends on the exact value.
            (0, Some(r)) => (r.clone(), r.clone()),
            // One end on the exact value.
            (1, Some(r)) => (r.clone(), r + q(x.abs(), 1000)),
            // Around the value, rounded to 3 decimals.
            (0..=2, _) => {
                let v = value.map_or(0.5, |v| v.to_f64());
                let centre = q((v * 1000.0).round() as i64, 1000);
                (
                    &centre - q(x.abs() % 7, 1000),
                    centre + q(y.abs() % 7, 1000),
                )
            }
            // Arbitrary ends, possibly negative, beyond 1 or empty.
            _ => (q(x, 97), q(y, 89)),
        };
        Window {
            score,
            lower,
            upper: upper.clone(),
            reported: upper,
        }
    }

    /// Whether every window holds at (tp, tn), by direct exact evaluation.
    fn holds(windows: &[Window], params: &Params, tp: u64, tn: u64, p: u64, n: u64) -> bool {
        let m = ConfusionMatrix::new(tp, tn, p, n).unwrap();
        windows.iter().all(|w| {
            m.exact(w.score, params)
                .is_some_and(|v| v.within(&w.lower, &w.upper))
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig {
            cases: std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(256),
            ..ProptestConfig::default()
        })]

        /// A side's polynomial test agrees with exact evaluation at every interior point.
        #[test]
        fn polynomial_sides_agree_with_exact_evaluation(
            (p, n) in (2u64..=300, 2u64..=300),
            index in 0usize..32,
            pick in (any::<u16>(), any::<u16>(), any::<u8>(), -200i64..200, -200i64..200),
            (bp, bn) in (1i64..4, 1i64..4),
            points in prop::collection::vec((any::<u16>(), any::<u16>()), 40),
        ) {
            let score = scores()[index % 32];
            let params = Params::with_betas(q(bp, 2), q(1, bn));
            let w = window(score, p, n, pick, &params);
            let Some(fast) = FastWindow::new(score, &w.lower, &w.upper, &params) else {
                prop_assert!(matches!(score, Score::Pt | Score::OneMinusPt));
                return Ok(());
            };
            for side in [Side::AtLeastLower, Side::AtMostUpper] {
                let test = SideTest::new(&fast, side, p, n).expect("small counts fit");
                for &(a, b) in &points {
                    let tp = 1 + u64::from(a) % (p - 1);
                    let tn = 1 + u64::from(b) % (n - 1);
                    let m = ConfusionMatrix::new(tp, tn, p, n).unwrap();
                    let v = m.exact(score, &params).expect("defined inside the grid");
                    let end = match side {
                        Side::AtLeastLower => &w.lower,
                        Side::AtMostUpper => &w.upper,
                    };
                    let o = v.cmp_rational(end).unwrap();
                    let expected = match side {
                        Side::AtLeastLower => o != Ordering::Less,
                        Side::AtMostUpper => o != Ordering::Greater,
                    };
                    prop_assert_eq!(test.holds_at(tp as i128, tn as i128), expected, "{} {:?} at {:?}", score, side, (tp, tn, p, n));
                }
            }
        }

    }

    proptest! {
        // Brute force over every interior matrix with big-rational evaluation is slow in
        // debug builds: 32 cases under plain `cargo test`; PROPTEST_CASES=1000 (release)
        // was run and passes.
        #![proptest_config(ProptestConfig {
            cases: std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(32),
            ..ProptestConfig::default()
        })]

        /// Walking the interior columns counts exactly the feasible interior pairs, for one
        /// or two windows of any score (pt's hole included), from any first column; the
        /// narrow, tall grids make the ends fall by many tn per column (the jumps).
        #[test]
        fn walked_columns_count_the_feasible_interior(
            (p, n) in prop_oneof![(2u64..=200, 2u64..=200), (2u64..=8, 100u64..=1200)],
            picks in prop::collection::vec(
                (0usize..32, (any::<u16>(), any::<u16>(), any::<u8>(), -200i64..200, -200i64..200)),
                1..=2,
            ),
            (bp, bn) in (1i64..4, 1i64..4),
            start in any::<u16>(),
        ) {
            let params = Params::with_betas(q(bp, 2), q(1, bn));
            let windows: Vec<Window> = picks
                .into_iter()
                .map(|(index, pick)| window(scores()[index % 32], p, n, pick, &params))
                .collect();
            let mut ev = Evaluator::new(p, n, &windows, &params, u64::MAX);
            let grid = Grid::build(&mut ev).unwrap();
            let range = grid.interior_tp;
            let from = if range.is_empty() { range.lo } else { range.lo + i128::from(start) % range.len() as i128 };
            let walked = walk_all(&grid, &mut ev, Span::new(from, range.hi)).unwrap();
            let lo = from.max(1) as u64;
            let mut expected = 0u128;
            for tp in lo..p {
                for tn in 1..n {
                    if holds(&windows, &params, tp, tn, p, n) {
                        expected += 1;
                    }
                }
            }
            if range.is_empty() {
                prop_assert_eq!(expected, 0);
            } else {
                prop_assert_eq!(walked, expected, "{:?}", windows);
            }
        }
    }

    proptest! {
        /// The gallop finds what stepping down one by one finds, for every threshold.
        #[test]
        fn lowest_run_agrees_with_stepping(
            top in -50i128..200,
            floor in -60i128..200,
            threshold in -80i128..260,
        ) {
            let pred = |x: i128| Ok::<bool, ()>(x >= threshold);
            let mut stepped = top + 1;
            while stepped > floor && pred(stepped - 1).unwrap() {
                stepped -= 1;
            }
            prop_assert_eq!(lowest_run(top, floor, pred).unwrap(), stepped.min(top + 1));
        }
    }

    #[test]
    fn columns_at_the_edges_and_empty_bands_walk_exactly() {
        // tp = 1 and tp = p − 1 are the walk's first and last columns; windows touching
        // exact values, and a window no interior matrix meets.
        let params = Params::default();
        let (p, n) = (7u64, 9u64);
        for score in scores() {
            for (lower, upper) in [
                (q(0, 1), q(0, 1)),
                (q(1, 2), q(1, 2)),
                (q(-5, 1), q(5, 1)),
                (q(2, 1), q(3, 1)),
            ] {
                let windows = vec![Window {
                    score,
                    lower,
                    upper: upper.clone(),
                    reported: upper,
                }];
                let mut ev = Evaluator::new(p, n, &windows, &params, u64::MAX);
                let grid = Grid::build(&mut ev).unwrap();
                let mut expected = 0u128;
                for tp in 1..p {
                    for tn in 1..n {
                        if holds(&windows, &params, tp, tn, p, n) {
                            expected += 1;
                        }
                    }
                }
                let range = grid.interior_tp;
                let walked = if range.is_empty() {
                    0
                } else {
                    walk_all(&grid, &mut ev, range).unwrap()
                };
                assert_eq!(walked, expected, "{score}");
            }
        }
    }
}
