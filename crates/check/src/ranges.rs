//! Exact ranges of scores over the matrices consistent with a report (`"ranges"`).
//!
//! "Given what was reported, how high or low can the score I need be?" For each named
//! score, the exact minimum and maximum over every (tp, tn) that fits the reported windows,
//! with a matrix attaining each. The consistent matrices are listed by the exact engine
//! (every one re-checked exactly) up to [`MAX_POINTS`]; beyond that the ranges are
//! "undecided" with the count, never a guess. Every extreme is decided by exact comparison
//! (`Exact::cmp_exact`, square roots included); no float is involved.

use num_rational::BigRational;
use scorecheck_algebra::{ConfusionMatrix, Exact, Params, Score};
use serde_json::{json, Map, Value};

use crate::auc::ReportedAuc;
use crate::error::{Error, ErrorKind, Result};
use crate::json::Json;
use crate::single;

/// The most consistent matrices a range computation lists.
pub const MAX_POINTS: usize = 20_000;

/// The scores `"ranges": "all"` covers (the 20 base scores), besides the AUC.
const ALL: [Score; 20] = [
    Score::Acc,
    Score::Sens,
    Score::Spec,
    Score::Bacc,
    Score::Ppv,
    Score::Npv,
    Score::F1p,
    Score::F1n,
    Score::Fm,
    Score::Upm,
    Score::Gm,
    Score::Mk,
    Score::Bm,
    Score::Mcc,
    Score::Lrp,
    Score::Lrn,
    Score::Pt,
    Score::Dor,
    Score::Ji,
    Score::Kappa,
];

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
                ALL.iter()
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

/// Every consistent matrix of `problem`, or why they cannot all be listed.
pub(crate) fn consistent_points(
    problem: &single::Problem,
    options: &single::Options,
) -> std::result::Result<Vec<(u64, u64)>, String> {
    let listing = options
        .clone()
        .with_max_witnesses(MAX_POINTS + 1)
        .with_count_budget(options.count_budget.max(MAX_POINTS as u64))
        .with_explain(false);
    let outcome = single::check(problem, &listing);
    match (&outcome.verdict, outcome.n_valid_tptn_pairs) {
        (single::Verdict::Inconsistent, _) => Ok(Vec::new()),
        (single::Verdict::Undecided { reason, .. }, _) => Err(reason.to_string()),
        (single::Verdict::Consistent, Some(count)) if count as usize == outcome.witnesses.len() => {
            Ok(outcome.witnesses)
        }
        (single::Verdict::Consistent, Some(count)) => Err(format!(
            "{count} matrices are consistent, more than the {MAX_POINTS} a range computation lists"
        )),
        (single::Verdict::Consistent, None) => Err(format!(
            "at least {} matrices are consistent (the count ran out of budget), more than a range computation lists",
            outcome.count_lower_bound
        )),
        _ => Err("the single-matrix engine gave a verdict this version does not know".into()),
    }
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
/// The f64 images (`float`) only shortlist: when every count is below 2^50 (so counts, sums
/// and the zero denominators are exact in f64 and a score's f64 value is within a relative
/// 1e-12 of the true one), only the points within a relative 1e-9 of the f64 extreme can
/// attain the exact extreme, and only they are evaluated exactly; otherwise every point is.
fn extreme(
    points: &[(u64, u64)],
    float: impl Fn(u64, u64) -> Option<f64>,
    value: impl Fn(u64, u64) -> Option<Exact>,
    want: std::cmp::Ordering,
    floats_trusted: bool,
) -> Option<(Exact, (u64, u64))> {
    let shortlist: Vec<(u64, u64)> = if floats_trusted {
        let images: Vec<((u64, u64), f64)> = points
            .iter()
            .filter_map(|&(tp, tn)| {
                float(tp, tn)
                    .filter(|f| f.is_finite())
                    .map(|f| ((tp, tn), f))
            })
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
                // Points whose f64 image is not finite (an infinite lrp, say) are kept too.
                let mut list: Vec<(u64, u64)> = images
                    .iter()
                    .filter(|(_, f)| (f - b).abs() <= margin)
                    .map(|x| x.0)
                    .collect();
                list.extend(
                    points
                        .iter()
                        .filter(|&&(tp, tn)| float(tp, tn).is_some_and(|f| !f.is_finite())),
                );
                list
            }
        }
    } else {
        points.to_vec()
    };
    let mut best: Option<(Exact, (u64, u64))> = None;
    for (tp, tn) in shortlist {
        let Some(v) = value(tp, tn) else {
            continue;
        };
        let better = match &best {
            None => true,
            Some((b, _)) => v.cmp_exact(b) == Some(want),
        };
        if better {
            best = Some((v, (tp, tn)));
        }
    }
    best
}

/// The `ranges` object of a consistent single-matrix result.
pub(crate) fn compute(
    problem: &single::Problem,
    auc: Option<&ReportedAuc>,
    targets: &[Target],
    options: &single::Options,
) -> Value {
    let points = consistent_points(problem, options);
    let mut out = Map::new();
    let floats_trusted = problem.p < (1 << 50) && problem.n < (1 << 50);
    for target in targets {
        if options
            .deadline
            .is_some_and(|d| std::time::Instant::now() >= d)
        {
            out.insert(
                target.key(),
                json!({"undecided": "the time limit ran out before this range was computed"}),
            );
            continue;
        }
        let entry = match &points {
            Err(reason) => json!({"undecided": reason}),
            Ok(points) => {
                let (p, n, params) = (problem.p, problem.n, &problem.params);
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
                let low = extreme(
                    points,
                    |tp, tn| float(tp, tn, false),
                    |tp, tn| values(target, tp, tn, p, n, params, auc).map(|v| v.0),
                    std::cmp::Ordering::Less,
                    floats_trusted && !auc_clipped,
                );
                let high = extreme(
                    points,
                    |tp, tn| float(tp, tn, true),
                    |tp, tn| values(target, tp, tn, p, n, params, auc).map(|v| v.1),
                    std::cmp::Ordering::Greater,
                    floats_trusted && !auc_clipped,
                );
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
        };
        out.insert(target.key(), entry);
    }
    Value::Object(out)
}

/// The exact AUC range over the matrices where `others` hold, for an explanation.
pub(crate) fn auc_range(
    problem: &single::Problem,
    options: &single::Options,
) -> Option<(BigRational, BigRational)> {
    let points = consistent_points(problem, options).ok()?;
    let (p, n) = (problem.p, problem.n);
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
