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
use scorecheck_algebra::{ConfusionMatrix, Exact, Params, Score, Trend};
use scorecheck_feasibility::{VarId, Verdict};
use serde_json::{json, Map, Value};

use super::{counts_json, matrix_with_trace, witness_matrices_fit, Model, Setup};
use crate::binary_som::{self, Windows};
use crate::dispatch::Request;
use crate::error::{Error, ErrorKind, Result};
use crate::mos::{self, DatasetSpec, Experiment, FoldSpec, MosOutcome};
use crate::render::{self, Decision};
use crate::single;

/// Up to this many items every trace is evaluated; beyond it, bisection (exact evaluation
/// costs tens of microseconds, so a full scan of a large test set would be slow).
const SCAN_LIMIT: u64 = 2_000;
/// How far the bisection looks for a defined neighbour of a point where a score is undefined.
const PROBE: u64 = 8;

/// The pooled binary counts (p, n) of a K-class problem with T items.
fn pooled_binary(total: u64, k: u64, path: &str) -> Result<(u64, u64)> {
    let n = total.checked_mul(k - 1).ok_or_else(|| {
        Error::new(
            ErrorKind::InvalidValue,
            Some(path),
            "(K − 1) times the number of items exceeds 2^64; counts this large are not supported",
        )
    })?;
    Ok((total, n))
}

/// The exact micro score at trace t.
fn at(score: Score, t: u64, total: u64, k: u64, params: &Params) -> Option<Exact> {
    let tn = total.checked_mul(k - 2)?.checked_add(t)?;
    ConfusionMatrix::new(t, tn, total, total.checked_mul(k - 1)?)
        .ok()?
        .exact(score, params)
}

fn fits(w: &single::Window, t: u64, total: u64, k: u64, params: &Params) -> bool {
    at(w.score, t, total, k, params).is_some_and(|v| v.within(&w.lower, &w.upper))
}

/// The outcome of the trace search.
pub(crate) enum Trace {
    /// A trace giving every reported score.
    Found(u64),
    /// No trace does; a sentence says why, naming the scores.
    None { message: String, scores: Vec<Score> },
    /// The bisection met undefined points it could not step over.
    Undecided(String),
}

/// Finds a trace in [0, total] whose pooled matrix gives every window, exactly.
pub(crate) fn search(total: u64, k: u64, windows: &[single::Window], params: &Params) -> Trace {
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
                crate::input::show(&w.lower),
                crate::input::show(&w.upper)
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

/// Score of means, micro (`1_testset_no_kfold_micro`, `1_dataset_known_folds_som_micro`).
pub(crate) fn score_of_means(request: &Request<'_>, setup: &Setup, model: Model) -> Result<Value> {
    let Windows { reported, windows } = binary_som::read_windows(&request.fields)?;
    let pooled = setup.pooled()?;
    let total: u64 = pooled.iter().sum();
    let k = setup.classes.labels.len() as u64;
    let (p, n) = pooled_binary(total, k, "testset")?;
    if model == Model::OneVsRest {
        let problem = single::Problem {
            p,
            n,
            windows,
            params: reported.params.clone(),
        };
        let outcome = single::check(&problem, &crate::backend::single_options(&request.options));
        let mut out = binary_som::render(&problem, &reported, &outcome);
        if let Value::Object(map) = &mut out {
            map.insert("model".into(), model.as_str().into());
            map.insert(
                "certainty".into(),
                if matches!(outcome.verdict, single::Verdict::Inconsistent) {
                    "exact".into()
                } else {
                    Value::Null
                },
            );
            map.insert("backend".into(), "single_matrix".into());
            map.insert("ignored_scores".into(), json!([]));
        }
        return Ok(out);
    }
    let mut out = Map::new();
    match search(total, k, &windows, &reported.params) {
        Trace::Found(trace) => {
            render::verdict(&mut out, Decision::Consistent);
            out.insert(
                "witness".into(),
                witness(setup, trace, total, k, &windows, &reported.params),
            );
        }
        Trace::None { message, scores } => {
            render::verdict(&mut out, Decision::Inconsistent("exact"));
            out.insert("explanation".into(), json!({"message": message, "scores": scores.iter().map(|s| s.abbreviation()).collect::<Vec<_>>()}));
        }
        Trace::Undecided(reason) => {
            render::verdict(&mut out, Decision::Undecided);
            out.insert("undecided".into(), json!({"reason": reason}));
        }
    }
    out.insert("model".into(), model.as_str().into());
    out.insert("backend".into(), "trace_search".into());
    out.insert("ignored_scores".into(), json!([]));
    out.insert("p".into(), p.into());
    out.insert("n".into(), n.into());
    Ok(Value::Object(out))
}

/// The witness of a trace: the pooled binary matrix, its scores, and one K×K matrix per fold.
fn witness(
    setup: &Setup,
    trace: u64,
    total: u64,
    k: u64,
    windows: &[single::Window],
    params: &Params,
) -> Value {
    let mut scores = Map::new();
    for w in windows {
        if let Some(v) = at(w.score, trace, total, k, params) {
            scores.insert(w.score.abbreviation().into(), crate::render::exact(&v));
        }
    }
    let mut left = trace;
    let with_matrices = witness_matrices_fit(&setup.folds);
    let folds: Vec<Value> = setup
        .folds
        .iter()
        .map(|counts| {
            let size: u64 = counts.iter().sum();
            let t = size.min(left);
            left -= t;
            if with_matrices {
                json!({"counts": counts_json(&setup.classes.labels, counts), "matrix": matrix_with_trace(counts, t)})
            } else {
                json!({"counts": counts_json(&setup.classes.labels, counts), "trace": t, "matrix": Value::Null})
            }
        })
        .collect();
    let tn = total.saturating_mul(k - 2).saturating_add(trace);
    json!({"trace": trace, "tp": trace, "tn": tn, "fp": total - trace, "fn": total - trace, "scores": scores, "folds": folds})
}

/// Mean of scores, micro (`1_dataset_known_folds_mos_micro`): one (tp, tn) per fold, tied by
/// tn − tp = (K−2)·T_f in the exact model, as an integer program.
pub(crate) fn mean_of_scores(request: &Request<'_>, setup: &Setup, model: Model) -> Result<Value> {
    let fields = &request.fields;
    let fold_bounds = mos::read_bounds(fields.get("fold_score_bounds"), "fold_score_bounds")?;
    let (windows, ignored) = mos::read_windows(fields)?;
    let k = setup.classes.labels.len() as u64;
    let mut folds = Vec::with_capacity(setup.folds.len());
    for counts in &setup.folds {
        let total: u64 = counts.iter().sum();
        let (p, n) = pooled_binary(total, k, "folding")?;
        folds.push(FoldSpec {
            p,
            n,
            bounds: fold_bounds.clone(),
        });
    }
    let experiment = Experiment {
        datasets: vec![DatasetSpec {
            folds,
            bounds: Vec::new(),
        }],
        windows,
    };
    let mut problem = mos::build(&experiment)?;
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
    let verdict = match mos::nothing_checkable(&experiment, &ignored) {
        Some(reason) => Verdict::Undecided { reason },
        None => crate::backend::solve(&problem, &request.options)?,
    };
    let matrices = match (&verdict, model) {
        (Verdict::Feasible { witness }, Model::Exact) if witness_matrices_fit(&setup.folds) => Some(
            setup
                .folds
                .iter()
                .enumerate()
                .map(|(f, counts)| {
                    let trace = witness.get(2 * f).copied().unwrap_or(0).max(0) as u64;
                    json!({"counts": counts_json(&setup.classes.labels, counts), "matrix": matrix_with_trace(counts, trace)})
                })
                .collect::<Vec<_>>(),
        ),
        _ => None,
    };
    let mut out = mos::render(&experiment, &MosOutcome { verdict }, &ignored, request);
    if let Value::Object(map) = &mut out {
        map.insert("model".into(), model.as_str().into());
        if let Some(m) = matrices {
            map.insert("matrices".into(), Value::Array(m));
        }
    }
    Ok(out)
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
            out.push(single::Window {
                score,
                lower: &v - &eps,
                upper: &v + &eps,
                reported: v,
            });
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
}
