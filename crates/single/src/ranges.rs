//! Exact ranges of scores over the matrices consistent with a report.
//!
//! "Given what was reported, how high or low can the score I need be?" For a score (or the
//! ROC AUC), the exact minimum and maximum over every (tp, tn) that fits the reported windows,
//! with a matrix attaining each. The consistent matrices are read column by column
//! ([`consistent_columns`], up to [`MAX_COLUMNS`] columns), a few candidate points per column;
//! beyond that, or past the deadline, a range is [`RangeOutcome::Undecided`] with the reason,
//! never a guess. Every extreme is decided by exact comparison (`Exact::cmp_exact`, square
//! roots included); f64 images only shortlist.

use num_rational::BigRational;
use scorecheck_algebra::{ConfusionMatrix, Exact, Params, Score};

use crate::{achievable_auc, compare_at, AucWindow, Column, Options, Problem, RegionStop};

/// The most tp columns of consistent matrices a range computation reads.
pub const MAX_COLUMNS: u64 = 2_000_000;

/// What a range is asked of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum RangeTarget {
    /// A score of the algebra.
    Score(Score),
    /// The ROC AUC of a ranking cut at the matrix (ties counted ½): k/(2pn) for
    /// 2·tp·tn ≤ k ≤ 2·(pn − fn·fp).
    Auc,
}

/// A range's outcome.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
// One per score asked for: boxing the common variant would buy nothing.
#[allow(clippy::large_enum_variant)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum RangeOutcome {
    /// The exact extremes and a matrix (tp, tn) attaining each.
    Range {
        /// The least value.
        min: Exact,
        /// A matrix attaining it.
        argmin: (u64, u64),
        /// The greatest value.
        max: Exact,
        /// A matrix attaining it.
        argmax: (u64, u64),
    },
    /// The score is undefined on every consistent matrix.
    Undefined,
    /// Not computed: why.
    Undecided(RangeStop),
}

/// Why a range was not computed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum RangeStop {
    /// The deadline had passed before the computation began.
    TimeLimitBefore,
    /// The deadline passed during the computation.
    TimeLimitDuring,
    /// The consistent matrices could not be listed.
    Region(RegionStop),
}

impl std::fmt::Display for RangeStop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RangeStop::TimeLimitBefore => {
                f.write_str("the time limit ran out before this range was computed")
            }
            RangeStop::TimeLimitDuring => {
                f.write_str("the time limit ran out while this range was computed")
            }
            RangeStop::Region(stop) => stop.fmt(f),
        }
    }
}

/// The consistent matrices of `problem` column by column (each run's ends re-checked
/// exactly), up to [`MAX_COLUMNS`] columns and `options`' deadline, or why they cannot be
/// read.
///
/// # Errors
///
/// Why the columns cannot be listed: more than [`MAX_COLUMNS`] of them, or the deadline
/// passed.
pub fn consistent_columns(problem: &Problem, options: &Options) -> Result<Vec<Column>, RegionStop> {
    crate::region::columns_until(problem, MAX_COLUMNS, options.deadline, &options.stop)
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
fn candidates(columns: &[Column], p: u64, n: u64, near_pt_line: bool) -> Vec<(u64, u64)> {
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
    target: RangeTarget,
    tp: u64,
    tn: u64,
    p: u64,
    n: u64,
    params: &Params,
    auc: Option<&AucWindow>,
) -> Option<(Exact, Exact)> {
    match target {
        RangeTarget::Score(score) => {
            let v = ConfusionMatrix::new(tp, tn, p, n)
                .ok()?
                .exact(score, params)?;
            Some((v.clone(), v))
        }
        RangeTarget::Auc => {
            let (lo, hi) = achievable_auc(tp, tn, p, n, auc)?;
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
    passed: &dyn Fn() -> bool,
) -> std::result::Result<Option<Extreme>, Interrupted> {
    let shortlist: Vec<(u64, u64)> = if floats_trusted {
        // Two passes over the images (no copy of them: a range may have millions of
        // points): the most extreme finite image, then the points close to it.
        let finite = |f: &Option<f64>| f.filter(|f| f.is_finite());
        let best = floats
            .iter()
            .filter_map(finite)
            .fold(None, |acc: Option<f64>, f| match acc {
                None => Some(f),
                Some(b) if (want == std::cmp::Ordering::Less) == (f < b) && f != b => Some(f),
                Some(b) => Some(b),
            });
        match best {
            None if floats.iter().filter_map(finite).count() < points.len() => points.to_vec(),
            None => Vec::new(),
            Some(b) => {
                let margin = 1e-9 * b.abs().max(1.0);
                let mut close: Vec<((u64, u64), f64)> = points
                    .iter()
                    .zip(floats)
                    .filter_map(|(&at, f)| finite(f).map(|f| (at, f)))
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
        if i % 1024 == 1023 && passed() {
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

/// The exact range of `target` over the consistent matrices of `problem` (read once by
/// [`consistent_columns`]), the AUC's values clipped to the reported `auc` window if any.
///
/// ```
/// use scorecheck_algebra::{parse_decimal, Score};
/// use scorecheck_single::{consistent_columns, range, Options, Problem, RangeOutcome, RangeTarget, Window};
///
/// let v = |s: &str| parse_decimal(s).unwrap();
/// let window = |score, r: &str| Window::new(score, v(r) - v("0.001"), v(r) + v("0.001")).unwrap().with_reported(v(r));
/// let problem = Problem::new(50, 150, vec![window(Score::Sens, "0.8"), window(Score::Spec, "0.7")]).with_params(Default::default());
/// let options = Options::default();
/// let columns = consistent_columns(&problem, &options);
/// let RangeOutcome::Range { min, max, .. } = range(&problem, None, RangeTarget::Auc, &columns, &options) else { panic!() };
/// assert_eq!((min.to_string(), max.to_string()), ("14/25".to_string(), "47/50".to_string()));
/// ```
pub fn range(
    problem: &Problem,
    auc: Option<&AucWindow>,
    target: RangeTarget,
    columns: &Result<Vec<Column>, RegionStop>,
    options: &Options,
) -> RangeOutcome {
    let floats_trusted = problem.p < (1 << 50) && problem.n < (1 << 50);
    if options.passed() {
        return RangeOutcome::Undecided(RangeStop::TimeLimitBefore);
    }
    match columns {
        Err(stop) => RangeOutcome::Undecided(RangeStop::Region(stop.clone())),
        Ok(columns) => {
            let (p, n, params) = (problem.p, problem.n, &problem.params);
            let near_pt_line = matches!(target, RangeTarget::Score(Score::Pt | Score::OneMinusPt));
            let points = &candidates(columns, p, n, near_pt_line);
            let float = |tp: u64, tn: u64, upper: bool| -> Option<f64> {
                match target {
                    RangeTarget::Score(score) => ConfusionMatrix::new(tp, tn, p, n)
                        .ok()?
                        .float(score, params),
                    RangeTarget::Auc => {
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
            let auc_clipped = matches!(target, RangeTarget::Auc) && auc.is_some();
            // Exact comparisons in fixed width: a score's own; the AUC's lower end
            // tp·tn/(pn) orders as tp·tn, its upper end 1 − fn·fp/(pn) against fn·fp
            // (when no reported window clips them).
            let compare = |upper: bool, a: (u64, u64), b: (u64, u64)| match target {
                RangeTarget::Score(score) => compare_at(score, params, p, n, a, b),
                RangeTarget::Auc if auc_clipped => None,
                RangeTarget::Auc if upper => {
                    let lost = |(tp, tn): (u64, u64)| u128::from(p - tp) * u128::from(n - tn);
                    Some(lost(b).cmp(&lost(a)))
                }
                RangeTarget::Auc => {
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
            if options.passed() {
                return RangeOutcome::Undecided(RangeStop::TimeLimitDuring);
            }
            // A score's image is the same for both ends; the AUC's ends differ.
            let upper_images = match target {
                RangeTarget::Auc => images(true),
                RangeTarget::Score(..) => Vec::new(),
            };
            let upper_images = match target {
                RangeTarget::Auc => &upper_images,
                RangeTarget::Score(..) => &lower_images,
            };
            let low = extreme(
                points,
                &lower_images,
                |tp, tn| values(target, tp, tn, p, n, params, auc).map(|v| v.0),
                |a, b| compare(false, a, b),
                std::cmp::Ordering::Less,
                floats_trusted && !auc_clipped,
                &|| options.passed(),
            );
            let high = extreme(
                points,
                upper_images,
                |tp, tn| values(target, tp, tn, p, n, params, auc).map(|v| v.1),
                |a, b| compare(true, a, b),
                std::cmp::Ordering::Greater,
                floats_trusted && !auc_clipped,
                &|| options.passed(),
            );
            let (Ok(low), Ok(high)) = (low, high) else {
                return RangeOutcome::Undecided(RangeStop::TimeLimitDuring);
            };
            match (low, high) {
                (Some((min, argmin)), Some((max, argmax))) => RangeOutcome::Range {
                    min,
                    argmin,
                    max,
                    argmax,
                },
                _ => RangeOutcome::Undefined,
            }
        }
    }
}

/// The exact range of the achievable AUC values over the consistent matrices of `problem`
/// (for an explanation: how far the other scores let the AUC go); `None` when the matrices
/// cannot be read or the AUC is undefined.
pub fn auc_range(problem: &Problem, options: &Options) -> Option<(BigRational, BigRational)> {
    let (p, n) = (problem.p, problem.n);
    let points = candidates(&consistent_columns(problem, options).ok()?, p, n, false);
    let mut range: Option<(BigRational, BigRational)> = None;
    for (tp, tn) in points {
        let (lo, hi) = achievable_auc(tp, tn, p, n, None)?;
        range = Some(match range {
            None => (lo, hi),
            Some((a, b)) => (a.min(lo), b.max(hi)),
        });
    }
    range
}
