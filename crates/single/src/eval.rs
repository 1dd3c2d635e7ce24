//! Exact evaluation of the reported windows at one matrix, under a step budget, and the
//! float-guided, exactly decided searches along one axis.

use scorecheck_clock::Instant;
use std::cmp::Ordering;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::ToPrimitive;
use scorecheck_algebra::{
    cmp_f64_rational, evaluate, ConfusionMatrix, Counts, Exact, Params, Score, Trend,
};
use scorecheck_interval::{enclose_f64, Enclosure};

use super::fast::FastWindow;
use super::Window;

/// Why a search stopped before it could conclude.
#[derive(Clone, Debug)]
pub(crate) enum Halt {
    /// The budget of exact evaluations ran out.
    Budget,
    /// The wall-clock deadline passed.
    TimeLimit,
    /// Something the engine relies on did not hold (a bug, never a verdict).
    Anomaly(String),
}

/// Results of computations that may stop early.
pub(crate) type Run<T> = Result<T, Halt>;

/// Which entry of the matrix varies along a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Axis {
    /// tp varies, tn is fixed.
    Tp,
    /// tn varies, tp is fixed.
    Tn,
}

impl Axis {
    /// The matrix entries (tp, tn) at position `x` along the axis with the other entry `fixed`.
    pub(crate) fn point(self, fixed: u64, x: u64) -> (u64, u64) {
        match self {
            Axis::Tp => (x, fixed),
            Axis::Tn => (fixed, x),
        }
    }

    /// How `score` moves along this axis.
    pub(crate) fn trend(self, score: Score) -> Trend {
        let (tp, tn) = score.trends();
        match self {
            Axis::Tp => tp,
            Axis::Tn => tn,
        }
    }
}

/// One side of a window: the value must be at least `lower` or at most `upper`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Side {
    /// value ≥ lower.
    AtLeastLower,
    /// value ≤ upper.
    AtMostUpper,
}

/// The windows of one problem, with exact evaluation counted against a budget.
pub(crate) struct Evaluator<'a> {
    pub(crate) p: u64,
    pub(crate) n: u64,
    pub(crate) windows: &'a [Window],
    pub(crate) params: &'a Params,
    /// f64 images of the window bounds, for guesses only.
    bounds_f64: Vec<(f64, f64)>,
    /// Each window's bounds bracketed by f64 values, for the rigorous interval filter.
    brackets: Vec<Brackets>,
    /// Each window's fixed-width integer form, where it has one (every score but pt).
    pub(crate) fast: Vec<Option<FastWindow>>,
    /// Whether the interval filter may be used: every count, sum and difference of counts
    /// is an exact f64, so a denominator that is exactly zero stays exactly zero and the
    /// filter's definedness agrees with the exact one.
    filter: bool,
    /// Exact evaluations performed so far.
    pub(crate) steps: u64,
    /// Exact evaluations allowed before [`Halt::Budget`].
    pub(crate) max_steps: u64,
    /// When to stop with [`Halt::TimeLimit`], looked at before every exact evaluation (a
    /// look costs tens of nanoseconds, an exact evaluation microseconds).
    pub(crate) deadline: Option<Instant>,
    /// The caller's request to stop, asked with the deadline.
    pub(crate) stop: scorecheck_clock::Stop,
}

fn to_f64(r: &BigRational) -> f64 {
    r.to_f64().unwrap_or(f64::NAN)
}

/// Whether `score` is the prevalence threshold or its complement, the only scores with
/// undefined points inside the grid (on the line sens = 1 − spec).
pub(crate) fn is_pt_like(score: Score) -> bool {
    matches!(score, Score::Pt | Score::OneMinusPt)
}

impl<'a> Evaluator<'a> {
    /// An evaluator for the windows of a problem.
    pub(crate) fn new(
        p: u64,
        n: u64,
        windows: &'a [Window],
        params: &'a Params,
        max_steps: u64,
    ) -> Self {
        let bounds_f64 = windows
            .iter()
            .map(|w| (to_f64(&w.lower), to_f64(&w.upper)))
            .collect();
        let brackets = windows
            .iter()
            .map(|w| Brackets {
                lower: bracket(&w.lower),
                upper: bracket(&w.upper),
            })
            .collect();
        let fast = windows
            .iter()
            .map(|w| FastWindow::new(w.score, &w.lower, &w.upper, params))
            .collect();
        Evaluator {
            p,
            n,
            windows,
            params,
            bounds_f64,
            brackets,
            fast,
            filter: p.checked_add(n).is_some_and(|total| total < (1u64 << 50)),
            steps: 0,
            max_steps,
            deadline: None,
            stop: scorecheck_clock::Stop::never(),
        }
    }

    /// Whether the deadline has passed.
    pub(crate) fn out_of_time(&self) -> bool {
        self.stop.requested() || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Counts one step against the budgets.
    fn step(&mut self) -> Run<()> {
        self.steps += 1;
        if self.steps > self.max_steps {
            return Err(Halt::Budget);
        }
        if self.out_of_time() {
            return Err(Halt::TimeLimit);
        }
        Ok(())
    }

    /// Whether (tp, tn) lies on the line tp·n = p·(n − tn) where pt is 0/0.
    pub(crate) fn on_pt_line(&self, tp: u64, tn: u64) -> bool {
        u128::from(tp) * u128::from(self.n)
            == u128::from(self.p) * u128::from(self.n - tn.min(self.n))
    }

    /// The exact value of window `w`'s score at (tp, tn), `None` where undefined.
    ///
    /// With `extend_pt`, pt and 1 − pt take the value 1/2 on their undefined line: that is
    /// their limit there, so the extension keeps them monotone and lets the interior
    /// searches run through the hole, which is then counted out explicitly.
    pub(crate) fn value(
        &mut self,
        w: usize,
        tp: u64,
        tn: u64,
        extend_pt: bool,
    ) -> Run<Option<Exact>> {
        self.step()?;
        let m = ConfusionMatrix::new(tp, tn, self.p, self.n)
            .map_err(|e| Halt::Anomaly(format!("evaluation outside the grid: {e}")))?;
        let score = self.windows[w].score;
        match m.exact(score, self.params) {
            Some(v) if v.is_representable() => Ok(Some(v)),
            Some(_) => Err(Halt::Anomaly(format!(
                "{score} is not representable at tp={tp}, tn={tn}"
            ))),
            None if extend_pt && is_pt_like(score) && self.on_pt_line(tp, tn) => Ok(Some(
                Exact::from_rational(BigRational::new(BigInt::from(1), BigInt::from(2))),
            )),
            None => Ok(None),
        }
    }

    /// Counts one fixed-width exact evaluation against the step budget (the clock is looked
    /// at by the callers' loops: an evaluation costs tens of nanoseconds, a look as much).
    fn fast_step(&mut self) -> Run<()> {
        self.steps += 1;
        if self.steps > self.max_steps {
            return Err(Halt::Budget);
        }
        Ok(())
    }

    /// The fixed-width exact answer to "is window `w` inside / is its `side` met at
    /// (tp, tn)", when the integer form decides it.
    fn fast_sides(&self, w: usize, tp: u64, tn: u64) -> Option<(Ordering, Ordering)> {
        let fast = self.fast[w].as_ref()?;
        let value = fast.value(tp, tn, self.p, self.n)?;
        Some((value.cmp(&fast.lower)?, value.cmp(&fast.upper)?))
    }

    /// Whether window `w`'s score is defined at (tp, tn) (pt extended on its line with
    /// `extend_pt`): by its integer form where it has one, else by exact evaluation.
    pub(crate) fn defined(&mut self, w: usize, tp: u64, tn: u64, extend_pt: bool) -> Run<bool> {
        if let Some(fast) = self.fast[w].as_ref() {
            if fast.value(tp, tn, self.p, self.n).is_some() {
                self.fast_step()?;
                return Ok(true);
            }
        }
        Ok(self.value(w, tp, tn, extend_pt)?.is_some())
    }

    /// Rigorous f64 bounds on window `w`'s score at (tp, tn) for display (pt extended on its
    /// line): the interval filter's enclosure where it applies, else the exact value's f64
    /// image (twice); `None` where the score is undefined.
    pub(crate) fn display_bounds(&mut self, w: usize, tp: u64, tn: u64) -> Run<Option<(f64, f64)>> {
        let on_line = is_pt_like(self.windows[w].score) && self.on_pt_line(tp, tn);
        if !on_line {
            if let Some(bounds) = self.enclosure(w, tp, tn) {
                return Ok(Some(bounds));
            }
        }
        Ok(self.value(w, tp, tn, true)?.map(|v| {
            let x = v.to_f64();
            (x, x)
        }))
    }

    /// Whether window `w`'s score is defined at (tp, tn) and inside its window, exactly.
    pub(crate) fn inside(&mut self, w: usize, tp: u64, tn: u64) -> Run<bool> {
        if let Some((lower, upper)) = self.fast_sides(w, tp, tn) {
            self.fast_step()?;
            return Ok(lower != Ordering::Less && upper != Ordering::Greater);
        }
        if let Some(enclosure) = self.enclosure(w, tp, tn) {
            let b = &self.brackets[w];
            if enclosure.0 >= b.lower.1 && enclosure.1 <= b.upper.0 {
                return Ok(true);
            }
            if enclosure.1 < b.lower.0 || enclosure.0 > b.upper.1 {
                return Ok(false);
            }
        }
        let window = &self.windows[w];
        let (lower, upper) = (window.lower.clone(), window.upper.clone());
        Ok(match self.value(w, tp, tn, false)? {
            Some(v) => v.within(&lower, &upper),
            None => false,
        })
    }

    /// Whether every window holds at (tp, tn), exactly, with no extension.
    pub(crate) fn point_ok(&mut self, tp: u64, tn: u64, among: &[usize]) -> Run<bool> {
        for &w in among {
            if !self.inside(w, tp, tn)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Whether one side of window `w` holds at (tp, tn); an undefined value is an anomaly
    /// because the callers only ask where the score is known to be defined.
    pub(crate) fn side_holds(
        &mut self,
        w: usize,
        side: Side,
        tp: u64,
        tn: u64,
        extend_pt: bool,
    ) -> Run<bool> {
        if let Some(fast) = self.fast[w].as_ref() {
            let bound = match side {
                Side::AtLeastLower => &fast.lower,
                Side::AtMostUpper => &fast.upper,
            };
            if let Some(ordering) = fast
                .value(tp, tn, self.p, self.n)
                .and_then(|value| value.cmp(bound))
            {
                self.fast_step()?;
                return Ok(match side {
                    Side::AtLeastLower => ordering != Ordering::Less,
                    Side::AtMostUpper => ordering != Ordering::Greater,
                });
            }
        }
        if !(extend_pt && is_pt_like(self.windows[w].score) && self.on_pt_line(tp, tn)) {
            if let Some((lo, hi)) = self.enclosure(w, tp, tn) {
                let b = &self.brackets[w];
                match side {
                    Side::AtLeastLower if lo >= b.lower.1 => return Ok(true),
                    Side::AtLeastLower if hi < b.lower.0 => return Ok(false),
                    Side::AtMostUpper if hi <= b.upper.0 => return Ok(true),
                    Side::AtMostUpper if lo > b.upper.1 => return Ok(false),
                    _ => {}
                }
            }
        }
        let Some(v) = self.value(w, tp, tn, extend_pt)? else {
            let score = self.windows[w].score;
            return Err(Halt::Anomaly(format!(
                "{score} is undefined at tp={tp}, tn={tn} inside a searched segment"
            )));
        };
        let window = &self.windows[w];
        let ordering = match side {
            Side::AtLeastLower => v.cmp_rational(&window.lower),
            Side::AtMostUpper => v.cmp_rational(&window.upper),
        };
        match (side, ordering) {
            (Side::AtLeastLower, Some(o)) => Ok(o != Ordering::Less),
            (Side::AtMostUpper, Some(o)) => Ok(o != Ordering::Greater),
            (_, None) => Err(Halt::Anomaly(
                "an exact comparison could not be decided".into(),
            )),
        }
    }

    /// A rigorous enclosure (outward-rounded f64 interval arithmetic) of window `w`'s score at
    /// (tp, tn), where the score is defined; `None` where the filter cannot be used.
    ///
    /// Interval arithmetic with outward rounding is a proof, not an estimate: a value whose
    /// enclosure lies clear of a bound is decided without the (much slower) exact
    /// evaluation; anything closer goes to the exact path.
    fn enclosure(&mut self, w: usize, tp: u64, tn: u64) -> Option<(f64, f64)> {
        // Only strictly inside the grid: there every count (tp, fn, tn, fp) is at least 1, so
        // the only zero denominator left is pt's (on its line), and an interval that contains
        // zero makes the enclosure unknown. On the border, conventions such as kappa's
        // (undefined where tp + fp = 0) rest on exact zero tests that outward rounding blurs.
        if !self.filter || tp == 0 || tn == 0 || tp >= self.p || tn >= self.n {
            return None;
        }
        self.steps += 1;
        match enclose_f64(
            self.windows[w].score,
            (tp, tp),
            (tn, tn),
            self.p,
            self.n,
            self.params,
        ) {
            Enclosure::Within(interval)
                if interval.lo().is_finite() && interval.hi().is_finite() =>
            {
                Some((interval.lo(), interval.hi()))
            }
            _ => None,
        }
    }

    /// The f64 guess of whether one side holds (guides searches, never concludes).
    fn side_holds_f64(&self, w: usize, side: Side, tp: u64, tn: u64) -> Option<bool> {
        // What ConfusionMatrix::float computes, without building the checked matrix (and its
        // error) for each of the search's many guesses.
        if tp > self.p || tn > self.n {
            return None;
        }
        let counts = Counts {
            tp: tp as f64,
            tn: tn as f64,
            p: self.p as f64,
            n: self.n as f64,
        };
        let v = evaluate(self.windows[w].score, &counts, self.params)?;
        let (lower, upper) = self.bounds_f64[w];
        Some(match side {
            Side::AtLeastLower => v >= lower,
            Side::AtMostUpper => v <= upper,
        })
    }

    /// The first position in [lo, hi] along `axis` (the other entry `fixed`) where whether
    /// `side` of window `w` holds equals `holds`, for a side whose truth changes once along
    /// the segment (hi + 1 if nowhere; lo when the segment is empty and `holds` is false):
    /// an f64 guess, then the exact search around it. With `holds` true this is the start
    /// of the suffix where a side holds; with `holds` false, one past the end of the prefix
    /// where it holds.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn first_where(
        &mut self,
        w: usize,
        side: Side,
        (axis, fixed): (Axis, u64),
        lo: i128,
        hi: i128,
        extend_pt: bool,
        holds: bool,
    ) -> Run<i128> {
        if lo > hi {
            return Ok(if holds { hi + 1 } else { lo });
        }
        let guess = float_first_true(lo, hi, |x| {
            let (tp, tn) = axis.point(fixed, x as u64);
            self.side_holds_f64(w, side, tp, tn) == Some(holds)
        });
        first_true(lo, hi, Some(guess), |x| {
            let (tp, tn) = axis.point(fixed, x as u64);
            Ok(self.side_holds(w, side, tp, tn, extend_pt)? == holds)
        })
    }
}

/// A rational bound bracketed by the nearest f64 values: (largest ≤ r, smallest ≥ r).
#[derive(Clone, Copy, Debug)]
struct Brackets {
    lower: (f64, f64),
    upper: (f64, f64),
}

fn bracket(r: &BigRational) -> (f64, f64) {
    let f = to_f64(r);
    if !f.is_finite() {
        return (f64::NEG_INFINITY, f64::INFINITY);
    }
    match cmp_f64_rational(f, r) {
        Some(Ordering::Equal) => (f, f),
        Some(Ordering::Less) => (f, f.next_up()),
        Some(Ordering::Greater) => (f.next_down(), f),
        None => (f64::NEG_INFINITY, f64::INFINITY),
    }
}

/// Binary search on a cheap predicate, for a starting guess.
fn float_first_true(lo: i128, hi: i128, mut pred: impl FnMut(i128) -> bool) -> i128 {
    let (mut l, mut r) = (lo, hi + 1);
    while l < r {
        let m = l + (r - l) / 2;
        if pred(m) {
            r = m;
        } else {
            l = m + 1;
        }
    }
    l
}

/// The first x in [lo, hi] where `pred` holds, for `pred` false then true (hi + 1 if none).
///
/// Gallops outwards from `guess`, so a good guess costs about two evaluations; every
/// conclusion rests on evaluations of `pred` alone.
pub(crate) fn first_true(
    lo: i128,
    hi: i128,
    guess: Option<i128>,
    mut pred: impl FnMut(i128) -> Run<bool>,
) -> Run<i128> {
    if lo > hi {
        return Ok(hi + 1);
    }
    // Invariant: pred fails below l (or l = lo) and holds at r (or r = hi + 1).
    let (mut l, mut r) = (lo, hi + 1);
    if let Some(g) = guess {
        let g = g.clamp(lo, hi);
        if pred(g)? {
            r = g;
            let mut step = 1;
            loop {
                let x = r - step;
                if x < l {
                    break;
                }
                if pred(x)? {
                    r = x;
                    step *= 2;
                } else {
                    l = x + 1;
                    break;
                }
            }
        } else {
            l = g + 1;
            let mut step = 1;
            loop {
                let x = l - 1 + step;
                if x >= r {
                    break;
                }
                if pred(x)? {
                    r = x;
                    break;
                }
                l = x + 1;
                step *= 2;
            }
        }
    }
    while l < r {
        let m = l + (r - l) / 2;
        if pred(m)? {
            r = m;
        } else {
            l = m + 1;
        }
    }
    Ok(l)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_true_finds_the_boundary_from_any_guess() {
        for lo in 0..6i128 {
            for hi in lo - 1..12 {
                for boundary in lo..=hi + 1 {
                    for guess in [
                        None,
                        Some(lo - 3),
                        Some(lo),
                        Some(boundary),
                        Some(hi),
                        Some(hi + 5),
                    ] {
                        let found = first_true(lo, hi, guess, |x| Ok(x >= boundary)).ok();
                        assert_eq!(
                            found,
                            Some(boundary),
                            "lo={lo} hi={hi} b={boundary} g={guess:?}"
                        );
                    }
                }
            }
        }
    }
}
