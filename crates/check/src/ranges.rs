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
pub(crate) fn read(value: Option<&Value>) -> Result<Option<Vec<Target>>> {
    let Some(value) = value else {
        return Ok(None);
    };
    let mut targets = Vec::new();
    match value {
        Value::String(s) if s == "all" => {
            targets.extend(
                ALL.iter()
                    .map(|s| Target::Score(*s, s.abbreviation().to_string())),
            );
            targets.push(Target::Auc);
        }
        Value::Array(items) if !items.is_empty() => {
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
    let listing = single::Options {
        max_witnesses: MAX_POINTS + 1,
        count_budget: options.count_budget.max(MAX_POINTS as u64),
        explain: false,
        ..options.clone()
    };
    let outcome = single::check(problem, &listing);
    match (&outcome.verdict, outcome.n_valid_tptn_pairs) {
        (single::Verdict::Inconsistent, _) => Ok(Vec::new()),
        (single::Verdict::Undecided { reason, .. }, _) => Err(reason.clone()),
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

/// The extreme of `pick` over the points, decided exactly: `want` is `Ordering::Less` for
/// the minimum and `Greater` for the maximum.
fn extreme(
    points: &[(u64, u64)],
    value: impl Fn(u64, u64) -> Option<Exact>,
    want: std::cmp::Ordering,
) -> Option<(Exact, (u64, u64))> {
    let mut best: Option<(Exact, (u64, u64))> = None;
    for &(tp, tn) in points {
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

fn exact_json(x: &Exact) -> Value {
    json!({"exact": x.to_string(), "value": crate::binary_som::finite(x.to_f64())})
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
    for target in targets {
        let entry = match &points {
            Err(reason) => json!({"undecided": reason}),
            Ok(points) => {
                let (p, n, params) = (problem.p, problem.n, &problem.params);
                let low = extreme(
                    points,
                    |tp, tn| values(target, tp, tn, p, n, params, auc).map(|v| v.0),
                    std::cmp::Ordering::Less,
                );
                let high = extreme(
                    points,
                    |tp, tn| values(target, tp, tn, p, n, params, auc).map(|v| v.1),
                    std::cmp::Ordering::Greater,
                );
                match (low, high) {
                    (Some((lo, at_lo)), Some((hi, at_hi))) => json!({
                        "min": exact_json(&lo),
                        "max": exact_json(&hi),
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
