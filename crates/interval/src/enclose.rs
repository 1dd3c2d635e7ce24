//! Enclosures of a score over a box of confusion matrices (ranges of tp and tn).

use scorecheck_algebra::{evaluate, Arith, Counts, Params, Score, Trend};

use crate::float::F64Interval;
use crate::rational::Interval;

/// What is known about the values a score takes over a box of confusion matrices.
#[derive(Clone, Debug, PartialEq)]
pub enum Enclosure<I = Interval> {
    /// Every value the score takes at an integer point of the box where it is defined lies
    /// in this interval. (The interval may be wider than the true range.)
    Within(I),
    /// No enclosure could be formed (a denominator may vanish on the box, or a corner is
    /// undefined and the natural extension failed): assume any value.
    Unknown,
    /// The box holds no valid confusion matrix (an empty range, or `tp > p` throughout).
    Empty,
}

impl<I> Enclosure<I> {
    /// The enclosing interval, if one is known.
    pub fn interval(&self) -> Option<&I> {
        match self {
            Enclosure::Within(interval) => Some(interval),
            Enclosure::Unknown | Enclosure::Empty => None,
        }
    }
}

/// A box of matrices with p and n fixed, clipped to 0 ≤ tp ≤ p and 0 ≤ tn ≤ n.
#[derive(Clone, Copy, Debug)]
struct MatrixBox {
    tp: (u64, u64),
    tn: (u64, u64),
    p: u64,
    n: u64,
}

impl MatrixBox {
    /// The box, clipped, or `None` when nothing valid is left.
    fn new(tp: (u64, u64), tn: (u64, u64), p: u64, n: u64) -> Option<MatrixBox> {
        let tp = (tp.0, tp.1.min(p));
        let tn = (tn.0, tn.1.min(n));
        (tp.0 <= tp.1 && tn.0 <= tn.1).then_some(MatrixBox { tp, tn, p, n })
    }

    fn counts<T: Arith>(&self, range: impl Fn(u64, u64) -> T) -> Counts<T> {
        Counts {
            tp: range(self.tp.0, self.tp.1),
            tn: range(self.tn.0, self.tn.1),
            p: T::count(self.p),
            n: T::count(self.n),
        }
    }
}

fn rational_range(lo: u64, hi: u64) -> Interval {
    // MatrixBox guarantees lo ≤ hi; the fallback is never taken but keeps this total.
    Interval::from_integers(lo, hi).unwrap_or_else(|| Interval::count(lo))
}

fn float_range(lo: u64, hi: u64) -> F64Interval {
    let (lo, hi) = (F64Interval::count(lo), F64Interval::count(hi));
    F64Interval::new(lo.lo(), hi.hi()).unwrap_or(F64Interval::ENTIRE)
}

/// Encloses the values of `score` over the box `tp ∈ [tp.0, tp.1]`, `tn ∈ [tn.0, tn.1]`
/// with `p` and `n` fixed, by the natural interval extension with exact rational ends.
///
/// The score's formula is evaluated once on intervals ([`evaluate`] with [`Interval`]), so
/// every intermediate interval contains the intermediate value at each point of the box;
/// the result contains the score's value at every point where it is defined. It can be
/// much wider than the true range (the formula mentions tp and tn several times), and it is
/// [`Enclosure::Unknown`] whenever some denominator interval contains zero, even if the
/// denominator vanishes only at points where the score is undefined. Ranges are clipped to
/// `tp ≤ p`, `tn ≤ n`.
///
/// ```
/// use scorecheck_interval::{enclose, Enclosure};
/// use scorecheck_algebra::{Params, Score};
/// let e = enclose(Score::Acc, (10, 20), (30, 40), 50, 50, &Params::default());
/// assert_eq!(e.interval().unwrap().to_string(), "[2/5, 3/5]");
/// assert_eq!(enclose(Score::Ppv, (0, 5), (40, 50), 50, 50, &Params::default()), Enclosure::Unknown);
/// ```
pub fn enclose(
    score: Score,
    tp: (u64, u64),
    tn: (u64, u64),
    p: u64,
    n: u64,
    params: &Params,
) -> Enclosure {
    natural_extension(score, (tp, tn, p, n), params, rational_range)
}

/// [`enclose`] with outward-rounded `f64` intervals: faster, slightly wider, for pruning.
pub fn enclose_f64(
    score: Score,
    tp: (u64, u64),
    tn: (u64, u64),
    p: u64,
    n: u64,
    params: &Params,
) -> Enclosure<F64Interval> {
    natural_extension(score, (tp, tn, p, n), params, float_range)
}

/// The formula evaluated once over interval counts built by `range` (the natural interval
/// extension), for any interval type.
fn natural_extension<I: Arith>(
    score: Score,
    (tp, tn, p, n): ((u64, u64), (u64, u64), u64, u64),
    params: &Params,
    range: fn(u64, u64) -> I,
) -> Enclosure<I> {
    let Some(matrices) = MatrixBox::new(tp, tn, p, n) else {
        return Enclosure::Empty;
    };
    match evaluate(score, &matrices.counts(range), params) {
        Some(interval) => Enclosure::Within(interval),
        None => Enclosure::Unknown,
    }
}

/// A sharper enclosure from monotonicity: the score evaluated at the two extreme corners.
///
/// Every score is monotone in tp and in tn ([`Score::trends`]), so over a box on which it is
/// defined everywhere its least value is at the corner that minimises each trend and its
/// greatest at the corner that maximises it (for a flat trend either end does). Each of
/// these corners is evaluated on point intervals, which is exact for rational scores and
/// encloses a square root to about 128 bits, rounded outward.
///
/// Why corners suffice: a score's zero-denominator set is either the whole box (p or
/// n is 0), a point among (0, n), (p, 0), (0, 0) or an edge line tp = p, tn = 0 or
/// tn = n — each of which meets the box only in a corner of the box — or, for pt and
/// 1 − pt, the line tp/p + tn/n = 1, across which pt = √fpr / (√tpr + √fpr) is continuous
/// and monotone (undefined only at tp = 0, tn = n, again a corner). So when all four
/// corners are defined, the corner values bound every defined value of the box.
///
/// When a corner is undefined, this falls back to [`enclose`] (which may be Unknown).
/// Besides the two extreme corners the other two corners are evaluated, to check
/// definedness, so the cost is four point evaluations.
///
/// ```
/// use scorecheck_interval::{enclose, enclose_monotone};
/// use scorecheck_algebra::{Params, Score};
/// let params = Params::default();
/// let sharp = enclose_monotone(Score::F1p, (10, 20), (30, 40), 50, 50, &params);
/// assert_eq!(sharp.interval().unwrap().to_string(), "[1/4, 1/2]");
/// let natural = enclose(Score::F1p, (10, 20), (30, 40), 50, 50, &params);
/// assert!(natural.interval().unwrap().width() > sharp.interval().unwrap().width());
/// ```
pub fn enclose_monotone(
    score: Score,
    tp: (u64, u64),
    tn: (u64, u64),
    p: u64,
    n: u64,
    params: &Params,
) -> Enclosure {
    let Some(matrices) = MatrixBox::new(tp, tn, p, n) else {
        return Enclosure::Empty;
    };
    let at = |tp: u64, tn: u64| {
        let point = MatrixBox {
            tp: (tp, tp),
            tn: (tn, tn),
            ..matrices
        };
        evaluate(score, &point.counts(rational_range), params)
    };
    let (tp_trend, tn_trend) = score.trends();
    let pick = |trend: Trend, range: (u64, u64), highest: bool| match (trend, highest) {
        (Trend::Rising, true) | (Trend::Falling, false) => range.1,
        _ => range.0,
    };
    let low_corner = (
        pick(tp_trend, matrices.tp, false),
        pick(tn_trend, matrices.tn, false),
    );
    let high_corner = (
        pick(tp_trend, matrices.tp, true),
        pick(tn_trend, matrices.tn, true),
    );
    let others_defined = [
        (matrices.tp.0, matrices.tn.0),
        (matrices.tp.0, matrices.tn.1),
        (matrices.tp.1, matrices.tn.0),
        (matrices.tp.1, matrices.tn.1),
    ]
    .into_iter()
    .filter(|corner| *corner != low_corner && *corner != high_corner)
    .all(|(tp, tn)| at(tp, tn).is_some());
    let low = at(low_corner.0, low_corner.1);
    let high = at(high_corner.0, high_corner.1);
    match (others_defined, low, high) {
        (true, Some(low), Some(high)) => match Interval::new(low.lo().clone(), high.hi().clone()) {
            Some(interval) => Enclosure::Within(interval),
            // Only if the monotonicity claim were false; stay sound rather than guess.
            None => enclose(score, tp, tn, p, n, params),
        },
        _ => enclose(score, tp, tn, p, n, params),
    }
}
