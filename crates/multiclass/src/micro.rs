//! Micro-averaged multiclass scores: an exact search over the trace of the confusion matrix.
//!
//! The pooled binary matrix of a K-class problem with T items is p = T, n = (K−1)·T,
//! tp = t, tn = (K−2)·T + t for the trace t ∈ [0, T] (see the module above for why every
//! trace is reachable). Every score of the catalogue is monotone in tp and in tn in the same
//! sense (`Score::trends`, property-tested in the algebra crate), and both grow with t, so
//! each score is monotone in t wherever it is defined. The search therefore scans every
//! trace when T is small and otherwise finds, for each reported window, the interval of
//! traces it admits by bisection; the verdict is exact either way and every witness is
//! re-evaluated exactly.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::ToPrimitive;
use scorecheck_algebra::{ConfusionMatrix, Exact, Params, Score, Trend};
use scorecheck_experiment::{build, Bound, BuildError, DatasetSpec, Experiment, FoldSpec};
use scorecheck_feasibility::{Problem, VarId};
use scorecheck_single as single;

use crate::Model;

/// Up to this many items every trace is evaluated; beyond it, bisection (exact evaluation
/// costs tens of microseconds, so a full scan of a large test set would be slow).
const SCAN_LIMIT: u64 = 2_000;
/// How far the bisection looks for a defined neighbour of a point where a score is undefined.
const PROBE: u64 = 8;

/// The pooled binary counts (p, n) = (T, (K − 1)·T) of a K-class problem with T items;
/// `None` when (K − 1)·T exceeds 2^64 or K < 2.
pub fn pooled_binary(total: u64, k: u64) -> Option<(u64, u64)> {
    Some((total, total.checked_mul(k.checked_sub(1)?)?))
}

/// A rational for messages (its nearest f64).
fn show(value: &BigRational) -> String {
    format!("{}", value.to_f64().unwrap_or(f64::NAN))
}

/// The exact micro score at trace t of a K-class problem with T items (`None` where it is
/// undefined).
pub fn at(score: Score, t: u64, total: u64, k: u64, params: &Params) -> Option<Exact> {
    let tn = total.checked_mul(k - 2)?.checked_add(t)?;
    ConfusionMatrix::new(t, tn, total, total.checked_mul(k - 1)?)
        .ok()?
        .exact(score, params)
}

fn fits(w: &single::Window, t: u64, total: u64, k: u64, params: &Params) -> bool {
    at(w.score, t, total, k, params).is_some_and(|v| v.within(&w.lower, &w.upper))
}

/// The outcome of the trace search.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Trace {
    /// A trace giving every reported score.
    Found(u64),
    /// No trace does; a sentence says why, naming the scores.
    None {
        /// Why.
        message: String,
        /// The scores that contradict each other.
        scores: Vec<Score>,
    },
    /// The bisection met undefined points it could not step over.
    Undecided(String),
}

/// Finds a trace in [0, total] whose pooled matrix gives every window of the micro-averaged
/// scores of a `k`-class problem with `total` items, exactly.
///
/// ```
/// use scorecheck_algebra::{parse_decimal, Params, Score};
/// use scorecheck_multiclass::{search_trace, Trace};
/// use scorecheck_single::Window;
///
/// // 3 classes, 100 items: micro accuracy ((K − 2)·T + 2t)/(K·T) = 0.8 at t = 70.
/// let v = parse_decimal("0.8").unwrap();
/// let eps = parse_decimal("0.005").unwrap();
/// let windows = [Window::new(Score::Acc, &v - &eps, &v + &eps).unwrap().with_reported(v)];
/// assert!(matches!(search_trace(100, 3, &windows, &Params::default()), Trace::Found(_)));
/// ```
pub fn search_trace(total: u64, k: u64, windows: &[single::Window], params: &Params) -> Trace {
    if total <= SCAN_LIMIT {
        scan(total, k, windows, params)
    } else {
        bisect(total, k, windows, params)
    }
}

fn scan(total: u64, k: u64, windows: &[single::Window], params: &Params) -> Trace {
    let mut hulls: Vec<Option<(u64, u64)>> = vec![None; windows.len()];
    let mut found = None;
    for t in 0..=total {
        let mut all = true;
        for (w, hull) in windows.iter().zip(hulls.iter_mut()) {
            if fits(w, t, total, k, params) {
                *hull = Some(hull.map_or((t, t), |(a, _)| (a, t)));
            } else {
                all = false;
            }
        }
        if all {
            found = Some(t);
            break;
        }
    }
    match found {
        Some(t) => Trace::Found(t),
        None => explain(windows, &hulls, total),
    }
}

/// Explains an empty intersection from each window's admissible traces.
fn explain(windows: &[single::Window], hulls: &[Option<(u64, u64)>], total: u64) -> Trace {
    if let Some((w, _)) = windows.iter().zip(hulls).find(|(_, h)| h.is_none()) {
        return Trace::None {
            message: format!(
                "no {total}-item confusion matrix has a micro-averaged {} in [{}, {}]: it is a function of the trace alone, and no trace in [0, {total}] gives it",
                w.score,
                show(&w.lower),
                show(&w.upper)
            ),
            scores: vec![w.score],
        };
    }
    let lows = hulls
        .iter()
        .enumerate()
        .filter_map(|(i, h)| h.map(|h| (i, h.0)))
        .max_by_key(|x| x.1);
    let highs = hulls
        .iter()
        .enumerate()
        .filter_map(|(i, h)| h.map(|h| (i, h.1)))
        .min_by_key(|x| x.1);
    if let (Some((i, lo)), Some((j, hi))) = (lows, highs) {
        if lo > hi {
            return Trace::None {
                message: format!(
                    "micro-averaged {} needs a trace (correctly classified items) of at least {lo}, but {} allows at most {hi}",
                    windows[i].score, windows[j].score
                ),
                scores: vec![windows[i].score, windows[j].score],
            };
        }
    }
    Trace::None {
        message:
            "no trace of the confusion matrix gives every reported micro-averaged score at once"
                .into(),
        scores: windows.iter().map(|w| w.score).collect(),
    }
}

/// The direction of a score along the trace.
fn direction(score: Score) -> Trend {
    match score.trends() {
        (Trend::Rising, _) | (_, Trend::Rising) => Trend::Rising,
        (Trend::Falling, _) | (_, Trend::Falling) => Trend::Falling,
        _ => Trend::Flat,
    }
}

/// The value at t, or at the nearest defined point within [lo, hi] (right first).
fn probe(
    score: Score,
    t: u64,
    lo: u64,
    hi: u64,
    total: u64,
    k: u64,
    params: &Params,
) -> Option<Exact> {
    (0..=PROBE)
        .flat_map(|d| {
            [
                t.checked_add(d).filter(|&x| x <= hi),
                t.checked_sub(d).filter(|&x| x >= lo),
            ]
        })
        .flatten()
        .find_map(|x| at(score, x, total, k, params))
}

/// The first t in [lo, hi] where the monotone predicate holds (hi + 1 if none).
fn first_true(lo: u64, hi: u64, pred: impl Fn(u64) -> Option<bool>) -> Option<u64> {
    let (mut a, mut b) = (lo, hi + 1);
    while a < b {
        let mid = a + (b - a) / 2;
        if pred(mid)? {
            b = mid;
        } else {
            a = mid + 1;
        }
    }
    Some(a)
}

fn bisect(total: u64, k: u64, windows: &[single::Window], params: &Params) -> Trace {
    // The interior [1, total − 1]; the end points are evaluated directly since scores are
    // most often undefined there.
    let (lo, hi) = (1u64, total - 1);
    for t in [0, total] {
        if windows.iter().all(|w| fits(w, t, total, k, params)) {
            return Trace::Found(t);
        }
    }
    let mut hulls = Vec::with_capacity(windows.len());
    for w in windows {
        let value = |t: u64| probe(w.score, t, lo, hi, total, k, params);
        let ge = |t: u64| {
            value(t)
                .and_then(|v| v.cmp_rational(&w.lower))
                .map(|o| o.is_ge())
        };
        let le = |t: u64| {
            value(t)
                .and_then(|v| v.cmp_rational(&w.upper))
                .map(|o| o.is_le())
        };
        let bounds = match direction(w.score) {
            Trend::Rising => first_true(lo, hi, ge).zip(first_true(lo, hi, |t| le(t).map(|b| !b))),
            Trend::Falling => first_true(lo, hi, le).zip(first_true(lo, hi, |t| ge(t).map(|b| !b))),
            Trend::Flat => Some(if ge(lo) == Some(true) && le(lo) == Some(true) {
                (lo, hi + 1)
            } else {
                (hi + 1, lo)
            }),
        };
        let Some((first, end)) = bounds else {
            return Trace::Undecided(format!(
                "{} is undefined on a long run of traces; the bisection could not step over it",
                w.score
            ));
        };
        hulls.push((first < end).then(|| (first, end - 1)));
    }
    let start = hulls.iter().flatten().map(|h| h.0).max();
    let stop = hulls.iter().flatten().map(|h| h.1).min();
    if let (true, Some(start), Some(stop)) = (hulls.iter().all(Option::is_some), start, stop) {
        if start <= stop {
            // Monotonicity says every trace in [start, stop] fits wherever all scores are
            // defined; re-check exactly, stepping over undefined points.
            for t in (start..=stop)
                .take(4 * PROBE as usize)
                .chain((start..=stop).rev().take(4 * PROBE as usize))
            {
                if windows.iter().all(|w| fits(w, t, total, k, params)) {
                    return Trace::Found(t);
                }
            }
            return Trace::Undecided(format!("traces in [{start}, {stop}] should fit, but the exact re-check found none among those tried"));
        }
    }
    explain(windows, &hulls, total)
}

/// The mean-of-scores program of micro averages over known folds (`folds`: each fold's class
/// counts): one binary fold (T_f, (K − 1)·T_f) per fold with `fold_bounds`, the reported
/// `windows` on the mean, and in the exact model the rows tn − tp = (K − 2)·T_f tying each
/// fold's pooled counts to a trace.
///
/// # Errors
///
/// [`MicroErrorKind::TooLarge`] when (K − 1)·T_f exceeds 2^64; [`MicroErrorKind::Build`] when the
/// program cannot be built.
pub fn mean_of_scores_program(
    folds: &[Vec<u64>],
    fold_bounds: &[Bound],
    windows: Vec<Bound>,
    model: Model,
) -> Result<(Experiment, Problem), MicroError> {
    let mut specs = Vec::with_capacity(folds.len());
    for counts in folds {
        let total: u64 = counts.iter().sum();
        let (p, n) = pooled_binary(total, counts.len() as u64)
            .ok_or(MicroError::from(MicroErrorKind::TooLarge))?;
        specs.push(FoldSpec::new(p, n).with_bounds(fold_bounds.to_vec()));
    }
    let experiment = Experiment::new(vec![DatasetSpec::from_folds(specs)], windows);
    let mut problem = build(&experiment).map_err(MicroError::from)?;
    if model == Model::Exact {
        for (f, fold) in experiment.datasets[0].folds.iter().enumerate() {
            let gap = BigRational::from_integer(BigInt::from(fold.n - fold.p));
            problem.add_constraint(
                format!("fold {f}: fp = fn (tn − tp = (K−2)·T)"),
                vec![
                    (VarId(2 * f), BigRational::from_integer(BigInt::from(-1))),
                    (VarId(2 * f + 1), BigRational::from_integer(BigInt::from(1))),
                ],
                Some(gap.clone()),
                Some(gap),
            );
        }
    }
    Ok((experiment, problem))
}

/// Why a micro program cannot be formed: an opaque error with a [`MicroErrorKind`] and a
/// `Display` that says what to change.
///
/// ```
/// use scorecheck_experiment::{parse_decimal, Bound, Score};
/// use scorecheck_multiclass::{mean_of_scores_program, MicroErrorKind, Model};
///
/// // Three classes, 2^63 items: (K − 1)·T does not fit in 64 bits.
/// let huge = 1u64 << 62;
/// let acc = Bound::new(Score::Acc, parse_decimal("0.5").unwrap(), parse_decimal("0.6").unwrap());
/// let error = mean_of_scores_program(&[vec![huge, huge, 0]], &[], vec![acc], Model::Exact).unwrap_err();
/// assert!(matches!(error.kind(), MicroErrorKind::TooLarge));
/// assert!(error.to_string().contains("exceeds 2^64"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MicroError {
    // Boxed: the error stays one pointer wide in every `Result`.
    kind: Box<MicroErrorKind>,
}

/// What kind of [`MicroError`] it is.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MicroErrorKind {
    /// (K − 1) times a fold's items exceeds 2^64.
    TooLarge,
    /// The mean-of-scores program cannot be built.
    Build(BuildError),
}

impl From<MicroErrorKind> for MicroError {
    fn from(kind: MicroErrorKind) -> MicroError {
        MicroError {
            kind: Box::new(kind),
        }
    }
}

impl From<BuildError> for MicroError {
    fn from(error: BuildError) -> MicroError {
        MicroErrorKind::Build(error).into()
    }
}

impl MicroError {
    /// What went wrong.
    pub fn kind(&self) -> &MicroErrorKind {
        &self.kind
    }
}

impl std::fmt::Display for MicroError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &*self.kind {
            MicroErrorKind::TooLarge => f.write_str(
                "(K − 1) times the number of items exceeds 2^64; counts this large are not supported",
            ),
            MicroErrorKind::Build(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for MicroError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &*self.kind {
            MicroErrorKind::Build(e) => Some(e),
            MicroErrorKind::TooLarge => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use scorecheck_algebra::parse_decimal;

    const SCORES: [Score; 10] = [
        Score::Acc,
        Score::Sens,
        Score::Spec,
        Score::F1p,
        Score::Mcc,
        Score::Kappa,
        Score::Lrp,
        Score::Pt,
        Score::Dor,
        Score::Upm,
    ];

    fn windows(
        total: u64,
        k: u64,
        trace: u64,
        picks: &[(usize, i64)],
        decimals: usize,
    ) -> Vec<single::Window> {
        let eps = parse_decimal(&format!("1e-{decimals}")).unwrap();
        let mut out: Vec<single::Window> = Vec::new();
        for &(s, shift) in picks {
            let score = SCORES[s % SCORES.len()];
            let Some(x) = at(score, trace, total, k, &Params::default()) else {
                continue;
            };
            let text = format!(
                "{:.*}",
                decimals,
                x.to_f64() + shift as f64 * 10f64.powi(-(decimals as i32))
            );
            let v = parse_decimal(&text).unwrap();
            out.push(
                single::Window::new(score, &v - &eps, &v + &eps)
                    .unwrap()
                    .with_reported(v),
            );
        }
        out
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

        /// The bisection (used above SCAN_LIMIT) agrees with the full scan, or says undecided
        /// where a score is undefined on some interior trace.
        #[test]
        fn bisection_agrees_with_scan(k in 2u64..6, total in 2u64..300, frac in 0.0f64..=1.0, picks in prop::collection::vec((0usize..10, prop_oneof![2 => Just(0i64), 1 => -3i64..=3]), 1..4), decimals in 2usize..=4) {
            let trace = ((total as f64) * frac) as u64;
            let ws = windows(total, k, trace, &picks, decimals);
            prop_assume!(!ws.is_empty());
            let scanned = scan(total, k, &ws, &Params::default());
            let bisected = bisect(total, k, &ws, &Params::default());
            match (&scanned, &bisected) {
                (Trace::Found(_), Trace::Found(t)) => prop_assert!(ws.iter().all(|w| fits(w, *t, total, k, &Params::default()))),
                (Trace::None { .. }, Trace::None { .. }) => {}
                // Honest only where some score is undefined inside, which the bisection
                // cannot always step over.
                (_, Trace::Undecided(_)) => prop_assert!(
                    (1..total).any(|t| ws.iter().any(|w| at(w.score, t, total, k, &Params::default()).is_none())),
                    "the bisection gave up with every score defined"
                ),
                _ => prop_assert!(false, "scan and bisection disagree"),
            }
        }
    }
    /// The mean over folds of a micro score at the fold traces `traces`.
    fn mean_at(score: Score, folds: &[Vec<u64>], traces: &[u64]) -> Option<BigRational> {
        let mut sum = BigRational::from_integer(BigInt::from(0));
        for (counts, &t) in folds.iter().zip(traces) {
            let total: u64 = counts.iter().sum();
            sum += at(score, t, total, counts.len() as u64, &Params::default())?
                .as_rational()?
                .clone();
        }
        Some(sum / BigRational::from_integer(BigInt::from(folds.len())))
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

        /// The exact micro mean-of-scores program is decided without branch and bound, and
        /// agrees with brute force over every combination of fold traces.
        #[test]
        fn mean_of_scores_by_traces_matches_brute_force(
            k in 2usize..=3,
            raw in prop::collection::vec(prop::collection::vec(1u64..=3, 3), 2..=4),
            fractions in prop::collection::vec(0.0f64..=1.0, 4),
            picks in prop::collection::vec((0usize..4, prop_oneof![2 => Just(0i64), 1 => -2i64..=2]), 1..=3),
            decimals in 2usize..=3,
        ) {
            let folds: Vec<Vec<u64>> = raw.iter().map(|f| f[..k].to_vec()).collect();
            let sizes: Vec<u64> = folds.iter().map(|f| f.iter().sum()).collect();
            let chosen: Vec<u64> = sizes.iter().zip(&fractions).map(|(&t, x)| (t as f64 * x) as u64).collect();
            let linear = [Score::Acc, Score::Sens, Score::Spec, Score::Bacc];
            let eps = parse_decimal(&format!("1e-{decimals}")).unwrap();
            let mut bounds = Vec::new();
            for &(s, shift) in &picks {
                let score = linear[s];
                let Some(x) = mean_at(score, &folds, &chosen) else { continue };
                let text = format!("{:.*}", decimals, x.to_f64().unwrap() + shift as f64 * 10f64.powi(-(decimals as i32)));
                let v = parse_decimal(&text).unwrap();
                bounds.push(Bound::new(score, &v - &eps, &v + &eps));
            }
            prop_assume!(!bounds.is_empty());
            let (_, problem) = mean_of_scores_program(&folds, &[], bounds, Model::Exact).unwrap();
            let decided = scorecheck_feasibility::decide_parallel_rows(&problem, 1_000_000, None);
            // Every trace vector, each fold's tn set by its tie.
            let mut traces = vec![0u64; folds.len()];
            let brute = loop {
                let point: Vec<i64> = traces.iter().zip(&sizes).flat_map(|(&t, &size)| [t as i64, (t + (k as u64 - 2) * size) as i64]).collect();
                if problem.check(&point).is_ok() {
                    break true;
                }
                let Some(f) = (0..folds.len()).find(|&f| traces[f] < sizes[f]) else { break false };
                traces[f] += 1;
                traces[..f].iter_mut().for_each(|t| *t = 0);
            };
            match decided {
                Some(scorecheck_feasibility::Verdict::Feasible { witness }) => {
                    prop_assert!(brute);
                    prop_assert!(problem.check(&witness).is_ok());
                }
                Some(scorecheck_feasibility::Verdict::Infeasible { .. }) => prop_assert!(!brute),
                other => prop_assert!(false, "not decided: {:?}", other),
            }
        }
    }
}
