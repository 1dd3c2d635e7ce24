//! Exact ranges of scores over the matrices consistent with a report (`"ranges"`).
//!
//! "Given what was reported, how high or low can the score I need be?" For each named
//! score, the exact minimum and maximum over every (tp, tn) that fits the reported windows,
//! with a matrix attaining each. The consistent matrices are read column by column from the
//! exact engine, a few candidate points per column (see [`candidates`]), up to
//! [`MAX_COLUMNS`] columns; beyond that, or past the deadline, the ranges are "undecided"
//! with the reason, never a guess. Every extreme is decided by exact comparison
//! (`Exact::cmp_exact`, square roots included); no float is involved.

use num_rational::BigRational;
use rayon::prelude::*;
use scorecheck_algebra::{ConfusionMatrix, Exact, Params, Score};
use serde_json::{json, Map, Value};

use crate::auc::ReportedAuc;
use crate::error::{Error, ErrorKind, Result};
use crate::json::Json;
use crate::single;

/// The most tp columns of consistent matrices a range computation reads.
pub const MAX_COLUMNS: u64 = 2_000_000;

/// One score whose range is asked for.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Target {
    /// A score of the algebra, under the name the request used.
    Score(Score, String),
    /// The ROC AUC.
    Auc,
}

impl Target {
    fn key(&self) -> String {
        match self {
            Target::Score(_, key) => key.clone(),
            Target::Auc => "auc".into(),
        }
    }
}

/// Reads `ranges`: `"all"` or a list of score names (`auc` included).
pub(crate) fn read(value: Option<&Json>) -> Result<Option<Vec<Target>>> {
    let Some(value) = value else {
        return Ok(None);
    };
    let mut targets = Vec::new();
    match value {
        Json::String(s) if s == "all" => {
            targets.extend(
                Score::BASE
                    .iter()
                    .map(|s| Target::Score(*s, s.abbreviation().to_string())),
            );
            targets.push(Target::Auc);
        }
        Json::Array(items) if !items.is_empty() => {
            for (i, item) in items.iter().enumerate() {
                let field = crate::input::index("ranges", i);
                let Some(name) = item.as_str() else {
                    return Err(Error::new(
                        ErrorKind::InvalidValue,
                        Some(&field),
                        "expected a score name such as \"mcc\"",
                    ));
                };
                let target = if crate::auc::is_auc(name) {
                    Target::Auc
                } else {
                    let score = Score::from_name(name).map_err(|e| {
                        Error::new(ErrorKind::UnknownScore, Some(&field), e.to_string())
                    })?;
                    Target::Score(score, name.to_string())
                };
                if !targets.contains(&target) {
                    targets.push(target);
                }
            }
        }
        _ => {
            return Err(Error::new(
                ErrorKind::InvalidValue,
                Some("ranges"),
                "expected \"all\" or a list of score names, like [\"mcc\", \"f1p\", \"auc\"]",
            ))
        }
    }
    Ok(Some(targets))
}

/// The consistent matrices column by column (`scorecheck_single::columns`, each run's
/// ends re-checked exactly), or why they cannot be read.
fn consistent_columns(
    problem: &single::Problem,
    options: &single::Options,
) -> std::result::Result<Vec<single::Column>, String> {
    single::columns(problem, MAX_COLUMNS, options.deadline).map_err(|stop| stop.to_string())
}

/// The points of `columns` where a score's extremes over them can lie.
///
/// Every score (and each end of the AUC's achievable interval) is monotone in tn at a
/// fixed tp wherever it is defined (`Score::trends`, verified exactly by a property test
/// of the algebra), so over one run of feasible tn its extremes lie at the run's ends.
/// Inside the grid (0 < tp < p, 0 < tn < n) every score but pt is defined; on its border
/// an end may be undefined (lrp at tn = n, say), so there the next point in is a candidate
/// too. pt is undefined inside, on the line tp/p + tn/n = 1: with `near_pt_line`, the
/// points next to that line are candidates as well. So a column gives two to six points
/// however tall it is.
fn candidates(columns: &[single::Column], p: u64, n: u64, near_pt_line: bool) -> Vec<(u64, u64)> {
    let mut out = Vec::new();
    for column in columns {
        let tp = column.tp;
        let border_column = tp == 0 || tp == p;
        // Where pt is undefined in this column, when that is an integer tn.
        let pt_line =
            (near_pt_line && p > 0 && (u128::from(tp) * u128::from(n)) % u128::from(p) == 0)
                .then(|| n - (u128::from(tp) * u128::from(n) / u128::from(p)) as u64);
        for &(lo, hi) in &column.runs {
            let mut near = vec![lo, hi];
            if border_column || lo == 0 {
                near.push(lo.saturating_add(1));
            }
            if border_column || hi == n {
                near.push(hi.saturating_sub(1));
            }
            if let Some(t) = pt_line {
                near.extend([t.saturating_sub(1), t.saturating_add(1)]);
            }
            near.sort_unstable();
            near.dedup();
            out.extend(
                near.into_iter()
                    .filter(|&tn| lo <= tn && tn <= hi)
                    .map(|tn| (tp, tn)),
            );
        }
    }
    out
}

/// The exact value of `target` at one point, as (low, high): a score has one value, the
/// AUC the interval of values a ranking cut there can have.
fn values(
    target: &Target,
    tp: u64,
    tn: u64,
    p: u64,
    n: u64,
    params: &Params,
    auc: Option<&ReportedAuc>,
) -> Option<(Exact, Exact)> {
    match target {
        Target::Score(score, _) => {
            let v = ConfusionMatrix::new(tp, tn, p, n)
                .ok()?
                .exact(*score, params)?;
            Some((v.clone(), v))
        }
        Target::Auc => {
            let (lo, hi) = crate::auc::achievable(tp, tn, p, n, auc)?;
            Some((Exact::from_rational(lo), Exact::from_rational(hi)))
        }
    }
}

/// The extreme over the points, decided exactly: `want` is `Ordering::Less` for the
/// minimum and `Greater` for the maximum.
///
/// The f64 images (`float`) only shortlist and order: when every count is below 2^50 (so
/// counts, sums and the zero denominators are exact in f64 and a score's f64 value is
/// within a relative 1e-12 of the true one), only the points within a relative 1e-9 of the
/// f64 extreme can attain the exact extreme; otherwise every point is a candidate. The
/// candidates are then compared exactly, most extreme image first: by `compare` (exact, in
/// fixed width) where it answers, by the big-rational `value` where it does not, so ties
/// by the thousand (acc 0.51 along a whole diagonal) cost no big-rational evaluation.
fn extreme(
    points: &[(u64, u64)],
    floats: &[Option<f64>],
    value: impl Fn(u64, u64) -> Option<Exact>,
    compare: impl Fn((u64, u64), (u64, u64)) -> Option<std::cmp::Ordering>,
    want: std::cmp::Ordering,
    floats_trusted: bool,
    deadline: Option<std::time::Instant>,
) -> std::result::Result<Option<Extreme>, Interrupted> {
    let shortlist: Vec<(u64, u64)> = if floats_trusted {
        let images: Vec<((u64, u64), f64)> = points
            .iter()
            .zip(floats)
            .filter_map(|(&at, f)| f.filter(|f| f.is_finite()).map(|f| (at, f)))
            .collect();
        let best = images
            .iter()
            .map(|x| x.1)
            .fold(None, |acc: Option<f64>, f| match acc {
                None => Some(f),
                Some(b) if (want == std::cmp::Ordering::Less) == (f < b) && f != b => Some(f),
                Some(b) => Some(b),
            });
        match best {
            None if images.len() < points.len() => points.to_vec(),
            None => Vec::new(),
            Some(b) => {
                let margin = 1e-9 * b.abs().max(1.0);
                let mut close: Vec<((u64, u64), f64)> = images
                    .into_iter()
                    .filter(|(_, f)| (f - b).abs() <= margin)
                    .collect();
                // Most extreme image first, so the exact best is found early and the
                // rest compare as ties or worse.
                close.sort_by(|x, y| match want {
                    std::cmp::Ordering::Less => x.1.total_cmp(&y.1),
                    _ => y.1.total_cmp(&x.1),
                });
                let mut list: Vec<(u64, u64)> = close.into_iter().map(|x| x.0).collect();
                // Points whose f64 image is not finite (an infinite lrp, say) are kept too.
                list.extend(
                    points
                        .iter()
                        .zip(floats)
                        .filter(|(_, f)| f.is_some_and(|f| !f.is_finite()))
                        .map(|(&at, _)| at),
                );
                list
            }
        }
    } else {
        points.to_vec()
    };
    let mut best: Option<(Exact, (u64, u64))> = None;
    for (i, at) in shortlist.into_iter().enumerate() {
        if i % 1024 == 1023 && deadline.is_some_and(|d| std::time::Instant::now() >= d) {
            return Err(Interrupted);
        }
        if let Some((_, best_at)) = &best {
            if compare(at, *best_at).is_some_and(|o| o != want) {
                continue;
            }
        }
        let Some(v) = value(at.0, at.1) else {
            continue;
        };
        let better = match &best {
            None => true,
            Some((b, _)) => v.cmp_exact(b) == Some(want),
        };
        if better {
            best = Some((v, at));
        }
    }
    Ok(best)
}

/// The deadline passed while a range was being computed.
struct Interrupted;

/// An extreme value and a point attaining it.
type Extreme = (Exact, (u64, u64));

/// The `ranges` object of a consistent single-matrix result.
pub(crate) fn compute(
    problem: &single::Problem,
    auc: Option<&ReportedAuc>,
    targets: &[Target],
    options: &single::Options,
) -> Value {
    let columns = consistent_columns(problem, options);
    let floats_trusted = problem.p < (1 << 50) && problem.n < (1 << 50);
    // The targets are independent: one thread each, as the pool allows.
    let entries: Vec<(String, Value)> = targets
        .par_iter()
        .map(|target| {
            (
                target.key(),
                range(problem, auc, target, &columns, options, floats_trusted),
            )
        })
        .collect();
    Value::Object(entries.into_iter().collect::<Map<String, Value>>())
}

/// The `ranges` entry of one target.
fn range(
    problem: &single::Problem,
    auc: Option<&ReportedAuc>,
    target: &Target,
    columns: &std::result::Result<Vec<single::Column>, String>,
    options: &single::Options,
    floats_trusted: bool,
) -> Value {
    if options
        .deadline
        .is_some_and(|d| std::time::Instant::now() >= d)
    {
        return json!({"undecided": "the time limit ran out before this range was computed"});
    }
    match columns {
        Err(reason) => json!({"undecided": reason}),
        Ok(columns) => {
            let (p, n, params) = (problem.p, problem.n, &problem.params);
            let near_pt_line = matches!(target, Target::Score(Score::Pt | Score::OneMinusPt, _));
            let points = &candidates(columns, p, n, near_pt_line);
            let float = |tp: u64, tn: u64, upper: bool| -> Option<f64> {
                match target {
                    Target::Score(score, _) => ConfusionMatrix::new(tp, tn, p, n)
                        .ok()?
                        .float(*score, params),
                    Target::Auc => {
                        let pn = p as f64 * n as f64;
                        if upper {
                            Some(1.0 - (p - tp) as f64 * (n - tn) as f64 / pn)
                        } else {
                            Some(tp as f64 * tn as f64 / pn)
                        }
                    }
                }
            };
            // The AUC's window (when reported) clips the values at each point: the
            // exact pass decides; the shortlist must not use the unclipped images.
            let auc_clipped = matches!(target, Target::Auc) && auc.is_some();
            // Exact comparisons in fixed width: a score's own; the AUC's lower end
            // tp·tn/(pn) orders as tp·tn, its upper end 1 − fn·fp/(pn) against fn·fp
            // (when no reported window clips them).
            let compare = |upper: bool, a: (u64, u64), b: (u64, u64)| match target {
                Target::Score(score, _) => single::compare_at(*score, params, p, n, a, b),
                Target::Auc if auc_clipped => None,
                Target::Auc if upper => {
                    let lost = |(tp, tn): (u64, u64)| u128::from(p - tp) * u128::from(n - tn);
                    Some(lost(b).cmp(&lost(a)))
                }
                Target::Auc => {
                    let kept = |(tp, tn): (u64, u64)| u128::from(tp) * u128::from(tn);
                    Some(kept(a).cmp(&kept(b)))
                }
            };
            let images = |upper: bool| -> Vec<Option<f64>> {
                points
                    .iter()
                    .map(|&(tp, tn)| float(tp, tn, upper))
                    .collect()
            };
            let lower_images = images(false);
            if options
                .deadline
                .is_some_and(|d| std::time::Instant::now() >= d)
            {
                return json!({"undecided": "the time limit ran out while this range was computed"});
            }
            // A score's image is the same for both ends; the AUC's ends differ.
            let upper_images = match target {
                Target::Auc => images(true),
                Target::Score(..) => Vec::new(),
            };
            let upper_images = match target {
                Target::Auc => &upper_images,
                Target::Score(..) => &lower_images,
            };
            let low = extreme(
                points,
                &lower_images,
                |tp, tn| values(target, tp, tn, p, n, params, auc).map(|v| v.0),
                |a, b| compare(false, a, b),
                std::cmp::Ordering::Less,
                floats_trusted && !auc_clipped,
                options.deadline,
            );
            let high = extreme(
                points,
                upper_images,
                |tp, tn| values(target, tp, tn, p, n, params, auc).map(|v| v.1),
                |a, b| compare(true, a, b),
                std::cmp::Ordering::Greater,
                floats_trusted && !auc_clipped,
                options.deadline,
            );
            let (Ok(low), Ok(high)) = (low, high) else {
                return json!({"undecided": "the time limit ran out while this range was computed"});
            };
            match (low, high) {
                (Some((lo, at_lo)), Some((hi, at_hi))) => json!({
                    "min": crate::render::exact(&lo),
                    "max": crate::render::exact(&hi),
                    "argmin": {"tp": at_lo.0, "tn": at_lo.1},
                    "argmax": {"tp": at_hi.0, "tn": at_hi.1},
                }),
                _ => Value::Null,
            }
        }
    }
}

/// The exact AUC range over the matrices where `others` hold, for an explanation.
pub(crate) fn auc_range(
    problem: &single::Problem,
    options: &single::Options,
) -> Option<(BigRational, BigRational)> {
    let (p, n) = (problem.p, problem.n);
    let points = candidates(&consistent_columns(problem, options).ok()?, p, n, false);
    let mut range: Option<(BigRational, BigRational)> = None;
    for (tp, tn) in points {
        let (lo, hi) = crate::auc::achievable(tp, tn, p, n, None)?;
        range = Some(match range {
            None => (lo, hi),
            Some((a, b)) => (a.min(lo), b.max(hi)),
        });
    }
    range
}
