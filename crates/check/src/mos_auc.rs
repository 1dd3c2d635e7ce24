//! The reported AUC in the mean-of-scores protocols: the mean of per-fold AUCs, decided exactly by spatial branch and bound over McCormick relaxations.
//!
//! Each fold f (p positives, n negatives, weight w in the mean) is scored and cut at one
//! threshold, its operating point (tp, tn). Counting ties ½, its AUC can be exactly
//! k/(2pn) for every integer k with 2·tp·tn ≤ k ≤ 2·(p·n − fn·fp) (see [`crate::auc`]).
//! The reported AUC is Σ w·k/(2pn) over the folds, so the figures are consistent iff some
//! integers (tp, tn, k) per fold satisfy the integer program of the other scores, the
//! AUC row L ≤ Σ w·k/(2pn) ≤ U, and the two bilinear inequalities per fold.
//!
//! The bilinear inequalities are replaced, on a box [a, b] × [c, d] of (tp, tn), by
//! McCormick's under-estimators of tp·tn and of fn·fp (linear, exact integer rows); every
//! true solution in the box satisfies them, so an "infeasible" of the relaxation (with the
//! backend's certainty) refutes the box. A solution of the relaxation is checked exactly:
//! if its k violate the true bounds, the k are chosen again for its operating points
//! (greedily, which is exact when the window is at least one grid step wide; otherwise by
//! one more integer program with the operating points fixed), and if that fails the box of
//! the fold with the largest violation is split at the candidate, which lies strictly
//! inside it (on a box's edge both envelopes are exact). Boxes shrink at every split, so the
//! search ends; the request's deadline and node budget (also the number of boxes) bound it,
//! and "undecided" says so. A "consistent" carries the operating points and the k, re-checked
//! with exact rationals.

use std::time::Instant;

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive, Zero};
use scorecheck_algebra::Score;
use scorecheck_feasibility::{Certainty, Problem, VarId, Verdict};
use serde_json::{json, Value};

use crate::auc::ReportedAuc;
use crate::dispatch::{Request, RunOptions};
use crate::error::{Error, ErrorKind, Result};
use crate::input::{self, Object};
use crate::mos::{usable, Bound, Experiment, MosOutcome};

/// A reported AUC in a mean-of-scores request, with the other reported figures (for
/// messages).
pub(crate) struct MeanAuc {
    pub(crate) auc: ReportedAuc,
    pub(crate) others: Vec<(Score, BigRational)>,
}

/// Reads `scores`, `eps` and the tolerance: the windows of the usable scores, the names of
/// the others, and the reported AUC if any.
pub(crate) fn read_windows(
    fields: &Object<'_>,
) -> Result<(Vec<Bound>, Vec<String>, Option<MeanAuc>)> {
    let (crate::binary_som::Windows { reported, windows }, auc) =
        crate::binary_som::read_windows_with_auc(fields)?;
    let mut usable_windows = Vec::new();
    let mut ignored = Vec::new();
    let mut others = Vec::new();
    for (w, r) in windows.into_iter().zip(&reported.scores) {
        if usable(w.score) {
            others.push((w.score, r.value.clone()));
            usable_windows.push(Bound {
                score: w.score,
                lower: w.lower,
                upper: w.upper,
            });
        } else {
            ignored.push(r.key.clone());
        }
    }
    Ok((
        usable_windows,
        ignored,
        auc.map(|auc| MeanAuc { auc, others }),
    ))
}

/// One fold of the mean: its counts and the coefficient w/(2pn) of its k in the mean.
pub(crate) struct Fold {
    p: i64,
    n: i64,
    /// 2·p·n, the denominator of the fold's AUC values.
    two_pn: i64,
    step: BigRational,
}

/// The model shared by every box: the program of the other scores and the folds.
pub(crate) struct Model {
    pub(crate) base: Problem,
    pub(crate) folds: Vec<Fold>,
    /// The least common denominator of the steps: the mean AUC lies on (1/scale)·ℤ.
    pub(crate) scale: BigInt,
}

/// A window on the mean AUC; a missing side is open.
#[derive(Clone)]
pub(crate) struct Window {
    pub(crate) lower: Option<BigRational>,
    pub(crate) upper: Option<BigRational>,
}

/// Integer ranges of (tp, tn) of every fold.
#[derive(Clone)]
struct Region {
    tp: Vec<(i64, i64)>,
    tn: Vec<(i64, i64)>,
}

/// A verified solution: the operating points (tp, tn per fold, interleaved as in
/// [`crate::mos::build`]) and each fold's k.
#[derive(Clone)]
pub(crate) struct Solution {
    pub(crate) point: Vec<i64>,
    pub(crate) k: Vec<i64>,
}

/// What one search found.
pub(crate) enum Found {
    Solution(Solution),
    Infeasible(Certainty),
    Undecided(String),
}

/// How much a search did.
#[derive(Default, Clone, Copy)]
pub(crate) struct Effort {
    pub(crate) boxes: u64,
    pub(crate) solves: u64,
}

pub(crate) fn rational(x: i64) -> BigRational {
    BigRational::from_integer(BigInt::from(x))
}

fn auc_error(key: &str, message: String) -> Error {
    Error::new(
        ErrorKind::Contradiction,
        Some(&input::join("scores", key)),
        message,
    )
}

impl Model {
    fn new(experiment: &Experiment, key: &str) -> Result<Model> {
        let base = crate::mos::build(experiment)?;
        let n_datasets = experiment.datasets.len();
        let many = n_datasets > 1;
        let mut folds = Vec::new();
        let mut scale = BigInt::one();
        for (d, dataset) in experiment.datasets.iter().enumerate() {
            let weight = BigRational::new(
                BigInt::one(),
                BigInt::from(dataset.folds.len()) * BigInt::from(n_datasets),
            );
            for (f, fold) in dataset.folds.iter().enumerate() {
                let which = if many {
                    format!("fold {f} of dataset {d}")
                } else {
                    format!("fold {f}")
                };
                if fold.p == 0 || fold.n == 0 {
                    return Err(auc_error(key, format!(
                        "the AUC is undefined on {which} (p={}, n={}: it needs both positives and negatives), so its mean cannot be formed; remove the AUC or that fold",
                        fold.p, fold.n
                    )));
                }
                let too_big = || {
                    auc_error(key, format!(
                        "{which} (p={}, n={}) is too large for the AUC check (2·p·n must stay below 2^63); use smaller counts",
                        fold.p, fold.n
                    ))
                };
                let p = i64::try_from(fold.p).map_err(|_| too_big())?;
                let n = i64::try_from(fold.n).map_err(|_| too_big())?;
                let two_pn = p
                    .checked_mul(n)
                    .and_then(|x| x.checked_mul(2))
                    .ok_or_else(too_big)?;
                let step = &weight / rational(two_pn);
                scale = scale.lcm(step.denom());
                folds.push(Fold { p, n, two_pn, step });
            }
        }
        Ok(Model { base, folds, scale })
    }

    fn root(&self) -> Region {
        Region {
            tp: self.folds.iter().map(|f| (0, f.p)).collect(),
            tn: self.folds.iter().map(|f| (0, f.n)).collect(),
        }
    }

    /// The least and largest k of fold `f` at (tp, tn): 2·tp·tn and 2·(pn − fn·fp).
    pub(crate) fn k_range(&self, f: usize, tp: i64, tn: i64) -> (i64, i64) {
        let fold = &self.folds[f];
        // Every product is at most 2pn, which fits.
        (2 * tp * tn, fold.two_pn - 2 * (fold.p - tp) * (fold.n - tn))
    }

    /// The mean AUC of per-fold k, exactly.
    pub(crate) fn mean(&self, k: &[i64]) -> BigRational {
        self.folds
            .iter()
            .zip(k)
            .map(|(f, &k)| &f.step * rational(k))
            .sum()
    }

    /// The McCormick relaxation of the problem on `region`, with the AUC row on `window`.
    fn relaxation(&self, region: &Region, window: &Window) -> Problem {
        let mut problem = Problem::new();
        for (i, v) in self.base.variables().iter().enumerate() {
            let (lower, upper) = if i % 2 == 0 {
                region.tp[i / 2]
            } else {
                region.tn[i / 2]
            };
            debug_assert!(lower >= v.lower && upper <= v.upper);
            problem.add_variable(v.name.clone(), lower, upper);
        }
        for row in self.base.constraints() {
            problem.add_constraint(
                row.name.clone(),
                row.terms.clone(),
                row.lower.clone(),
                row.upper.clone(),
            );
        }
        let mut auc_terms = Vec::with_capacity(self.folds.len());
        for (f, fold) in self.folds.iter().enumerate() {
            let (a, b) = region.tp[f];
            let (c, d) = region.tn[f];
            // fn = p − tp ∈ [fa, fb], fp = n − tn ∈ [fc, fd].
            let (fa, fb) = (fold.p - b, fold.p - a);
            let (fc, fd) = (fold.n - d, fold.n - c);
            let (k_lo, _) = self.k_range(f, a, c);
            let (_, k_hi) = self.k_range(f, b, d);
            let k = problem.add_variable(format!("k[{f}]"), k_lo, k_hi);
            let (tp, tn) = (VarId(2 * f), VarId(2 * f + 1));
            let int = |x: i128| BigRational::from_integer(BigInt::from(x));
            let (a, b, c, d) = (a as i128, b as i128, c as i128, d as i128);
            let (fa, fb, fc, fd) = (fa as i128, fb as i128, fc as i128, fd as i128);
            let (p, n) = (fold.p as i128, fold.n as i128);
            // k ≥ 2·tp·tn ≥ 2·(c·tp + a·tn − a·c) and 2·(d·tp + b·tn − b·d).
            for (x, y, z) in [(c, a, a * c), (d, b, b * d)] {
                problem.add_constraint(
                    format!("k[{f}] above 2·tp·tn"),
                    vec![(k, int(1)), (tp, int(-2 * x)), (tn, int(-2 * y))],
                    Some(int(-2 * z)),
                    None,
                );
            }
            // k ≤ 2·(pn − fn·fp) ≤ 2·(pn − (x·fn + y·fp − z)) with fn = p − tp, fp = n − tn:
            // k − 2x·tp − 2y·tn ≤ 2pn − 2x·p − 2y·n + 2z.
            for (x, y, z) in [(fc, fa, fa * fc), (fd, fb, fb * fd)] {
                problem.add_constraint(
                    format!("k[{f}] below 2·(pn − fn·fp)"),
                    vec![(k, int(1)), (tp, int(-2 * x)), (tn, int(-2 * y))],
                    None,
                    Some(int(2 * p * n - 2 * x * p - 2 * y * n + 2 * z)),
                );
            }
            auc_terms.push((k, fold.step.clone()));
        }
        problem.add_constraint(
            "reported AUC",
            auc_terms,
            window.lower.clone(),
            window.upper.clone(),
        );
        problem
    }

    /// Whether `solution` is exactly a solution: the other scores, every k within its true
    /// range, and the mean AUC within `window`.
    fn verify(&self, solution: &Solution, window: &Window) -> bool {
        if self.base.check(&solution.point).is_err() || solution.k.len() != self.folds.len() {
            return false;
        }
        let ranges_hold = (0..self.folds.len()).all(|f| {
            let (lo, hi) = self.k_range(f, solution.point[2 * f], solution.point[2 * f + 1]);
            (lo..=hi).contains(&solution.k[f])
        });
        let mean = self.mean(&solution.k);
        ranges_hold
            && window.lower.as_ref().is_none_or(|l| &mean >= l)
            && window.upper.as_ref().is_none_or(|u| &mean <= u)
    }

    /// Chooses k for fixed operating points: from every fold's least k, each fold in turn
    /// is raised as far as the window's upper end allows. When every fold's grid step is
    /// at most the window's width this is exact: a fold left below its largest k could not
    /// be raised by one step, so the sum is within one step of the upper end, inside the
    /// window. `Err(true)` when no choice exists (the sum of the largest k is too small or
    /// that of the least too large), `Err(false)` when greedy is not conclusive.
    fn choose_k(&self, point: &[i64], window: &Window) -> std::result::Result<Vec<i64>, bool> {
        let unit = |x: &BigRational| x * BigRational::from_integer(self.scale.clone());
        let units: Vec<BigInt> = self
            .folds
            .iter()
            .map(|f| unit(&f.step).to_integer())
            .collect();
        let lower = window.lower.as_ref().map(|l| unit(l).ceil().to_integer());
        let upper = window.upper.as_ref().map(|u| unit(u).floor().to_integer());
        let ranges: Vec<(i64, i64)> = (0..self.folds.len())
            .map(|f| self.k_range(f, point[2 * f], point[2 * f + 1]))
            .collect();
        let mut k: Vec<i64> = ranges.iter().map(|r| r.0).collect();
        let mut sum: BigInt = units.iter().zip(&k).map(|(c, &k)| c * k).sum();
        if upper.as_ref().is_some_and(|u| &sum > u) {
            return Err(true);
        }
        for (f, &(_, hi)) in ranges.iter().enumerate() {
            let room = BigInt::from(hi - k[f]);
            let raise = match &upper {
                None => room,
                Some(u) => ((u - &sum) / &units[f]).min(room),
            };
            let raise_i64 = raise.to_i64().unwrap_or(0).max(0);
            k[f] += raise_i64;
            sum += &units[f] * BigInt::from(raise_i64);
        }
        if lower.as_ref().is_none_or(|l| &sum >= l) {
            return Ok(k);
        }
        let at_top = k.iter().zip(&ranges).all(|(k, r)| *k == r.1);
        Err(at_top)
    }
}

/// The spatial branch and bound: a solution of `model` with the mean AUC in `window`, or
/// why there is none.
pub(crate) fn search(
    model: &Model,
    window: &Window,
    options: &RunOptions,
    effort: &mut Effort,
) -> Result<Found> {
    let deadline = options.deadline;
    let max_boxes = options
        .max_nodes
        .unwrap_or(crate::backend::DEFAULT_MAX_NODES);
    let mut stack = vec![model.root()];
    let mut certainty = Certainty::Exact;
    let mut undecided: Option<String> = None;
    while let Some(region) = stack.pop() {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return Ok(Found::Undecided(format!(
                "the time limit ran out after {} of the AUC search",
                boxes(effort.boxes)
            )));
        }
        if effort.boxes >= max_boxes {
            return Ok(Found::Undecided(format!(
                "the AUC search reached its budget of {max_boxes} boxes (max_nodes)"
            )));
        }
        effort.boxes += 1;
        effort.solves += 1;
        let verdict = crate::backend::solve(&model.relaxation(&region, window), options)?;
        let witness = match verdict {
            Verdict::Infeasible { certainty: c, .. } => {
                if c != Certainty::Exact {
                    certainty = c;
                }
                continue;
            }
            Verdict::Undecided { reason } => {
                // Other boxes may still hold a solution; without one the answer is open.
                undecided = Some(reason);
                continue;
            }
            Verdict::Feasible { witness } => witness,
            // A verdict this version does not know concludes nothing.
            _ => {
                undecided = Some("the backend gave an unknown verdict".into());
                continue;
            }
        };
        let n_base = model.base.variables().len();
        let candidate = Solution {
            point: witness[..n_base].to_vec(),
            k: witness[n_base..].to_vec(),
        };
        if model.verify(&candidate, window) {
            return Ok(Found::Solution(candidate));
        }
        // The operating points fit the other scores; their k may still be chosen well.
        match model.choose_k(&candidate.point, window) {
            Ok(k) => {
                let solution = Solution {
                    point: candidate.point.clone(),
                    k,
                };
                if model.verify(&solution, window) {
                    return Ok(Found::Solution(solution));
                }
            }
            Err(true) => {}
            Err(false) => {
                // A window narrower than a grid step: the program with these operating
                // points fixed (both envelopes exact) decides it.
                let point_region = Region {
                    tp: (0..model.folds.len())
                        .map(|f| (candidate.point[2 * f], candidate.point[2 * f]))
                        .collect(),
                    tn: (0..model.folds.len())
                        .map(|f| (candidate.point[2 * f + 1], candidate.point[2 * f + 1]))
                        .collect(),
                };
                effort.solves += 1;
                let fixed = model.relaxation(&point_region, window);
                if let Verdict::Feasible { witness } = crate::backend::solve(&fixed, options)? {
                    let solution = Solution {
                        point: witness[..n_base].to_vec(),
                        k: witness[n_base..].to_vec(),
                    };
                    if model.verify(&solution, window) {
                        return Ok(Found::Solution(solution));
                    }
                }
            }
        }
        // Split the box of the fold whose k strays furthest (in AUC units) at the
        // candidate, which lies strictly inside that box.
        let mut worst: Option<(BigRational, usize)> = None;
        for f in 0..model.folds.len() {
            let (tp, tn) = (candidate.point[2 * f], candidate.point[2 * f + 1]);
            let (lo, hi) = model.k_range(f, tp, tn);
            let k = candidate.k[f];
            let stray = (lo - k).max(k - hi).max(0);
            let inside = region.tp[f].0 < tp
                && tp < region.tp[f].1
                && region.tn[f].0 < tn
                && tn < region.tn[f].1;
            if stray > 0 && inside {
                let size = &model.folds[f].step * rational(stray);
                if worst.as_ref().is_none_or(|(s, _)| &size > s) {
                    worst = Some((size, f));
                }
            }
        }
        let Some((_, f)) = worst else {
            // Unreachable by the envelopes' exactness on a box's edge; stay honest anyway.
            return Ok(Found::Undecided(
                "the AUC search met a relaxed solution it could not separate".into(),
            ));
        };
        let (tp, tn) = (candidate.point[2 * f], candidate.point[2 * f + 1]);
        let by_tp = region.tp[f].1 - region.tp[f].0 >= region.tn[f].1 - region.tn[f].0;
        let (mut low, mut high) = (region.clone(), region);
        if by_tp {
            low.tp[f].1 = tp;
            high.tp[f].0 = tp + 1;
        } else {
            low.tn[f].1 = tn;
            high.tn[f].0 = tn + 1;
        }
        stack.push(high);
        stack.push(low);
    }
    Ok(match undecided {
        Some(reason) => Found::Undecided(format!(
            "a relaxation of the AUC search was left undecided: {reason}"
        )),
        None => Found::Infeasible(certainty),
    })
}

/// Options whose deadline is `deadline` (the request's, or the default time limit from
/// now).
pub(crate) fn with_deadline(options: &RunOptions, deadline: Instant) -> RunOptions {
    RunOptions {
        deadline: Some(deadline),
        progress: None,
        ..options.clone()
    }
}

/// Decides a mean-of-scores request and renders it: with a reported AUC here, without
/// one as [`crate::mos::finish`] does.
pub(crate) fn finish(
    experiment: Experiment,
    ignored: Vec<String>,
    auc: Option<MeanAuc>,
    request: &Request<'_>,
) -> Result<Value> {
    match auc {
        Some(auc) => finish_with_auc(experiment, ignored, auc, request),
        None => crate::mos::finish(experiment, ignored, request),
    }
}

fn finish_with_auc(
    experiment: Experiment,
    ignored: Vec<String>,
    auc: MeanAuc,
    request: &Request<'_>,
) -> Result<Value> {
    if request.fields.get("ranges").is_some() {
        return Err(Error::new(
            ErrorKind::Unsupported,
            Some("ranges"),
            "ranges of averaged scores are not computed when an AUC is reported; remove \"ranges\" or the AUC",
        ));
    }
    let model = Model::new(&experiment, &auc.auc.key)?;
    let started = Instant::now();
    let deadline = request.options.deadline.unwrap_or_else(|| {
        started
            + request
                .options
                .time_limit
                .unwrap_or(crate::backend::DEFAULT_TIME_LIMIT)
    });
    let options = with_deadline(&request.options, deadline);
    // The other scores first: when they alone are inconsistent, the AUC plays no part
    // and the explanation is the usual one.
    let base = crate::backend::solve(&model.base, &options)?;
    let base_point = match base {
        Verdict::Feasible { witness } => witness,
        verdict => {
            let outcome = MosOutcome { verdict };
            let mut result = crate::mos::render(&experiment, &outcome, &ignored, request);
            if outcome.verdict.is_infeasible() {
                crate::mos_explain::attach(&mut result, &experiment, request, started.elapsed());
            }
            annotate(
                &mut result,
                &experiment,
                &model,
                &auc,
                None,
                Effort::default(),
            );
            return Ok(result);
        }
    };
    let window = Window {
        lower: Some(auc.auc.lower.clone()),
        upper: Some(auc.auc.upper.clone()),
    };
    let mut effort = Effort {
        solves: 1,
        ..Effort::default()
    };
    let found = search(&model, &window, &options, &mut effort)?;
    let verdict = match &found {
        Found::Solution(s) => Verdict::Feasible {
            witness: s.point.clone(),
        },
        Found::Infeasible(certainty) => Verdict::Infeasible {
            certainty: *certainty,
            reason: format!(
                "no operating points of the folds that fit the other scores have achievable AUC values whose mean lies in [{}, {}] (spatial branch and bound: {}, each relaxation solved by the backend)",
                input::show(&auc.auc.lower),
                input::show(&auc.auc.upper),
                boxes(effort.boxes)
            ),
        },
        Found::Undecided(reason) => Verdict::Undecided {
            reason: reason.clone(),
        },
    };
    let decision = started.elapsed();
    let outcome = MosOutcome { verdict };
    let mut result = crate::mos::render(&experiment, &outcome, &ignored, request);
    if let Value::Object(map) = &mut result {
        // The AUC is checked, so the note about bounds alone does not apply.
        if experiment.windows.is_empty() {
            map.remove("note");
        }
    }
    let solution = match &found {
        Found::Solution(s) => Some(s),
        _ => None,
    };
    annotate(&mut result, &experiment, &model, &auc, solution, effort);
    if matches!(found, Found::Infeasible(_)) {
        let own = Instant::now() + (decision * 10).max(crate::single::EXPLAIN_MIN_BUDGET);
        let explain_options = with_deadline(&request.options, deadline.min(own));
        let explanation = crate::mos_auc_explain::explain(
            &model,
            &experiment,
            &auc,
            &base_point,
            request,
            &explain_options,
        )?;
        if let Some(Value::Object(e)) = result.get_mut("explanation") {
            if let Some(reason) = e.remove("message") {
                e.insert("reason".into(), reason);
            }
            if let Value::Object(found) = explanation {
                e.extend(found);
            }
        }
    }
    Ok(result)
}

/// Adds the AUC to a rendered result: its window, how much the search did, and at the
/// witness each fold's k, AUC and achievable range, each dataset's mean and the mean.
fn annotate(
    result: &mut Value,
    experiment: &Experiment,
    model: &Model,
    auc: &MeanAuc,
    solution: Option<&Solution>,
    effort: Effort,
) {
    let Value::Object(map) = result else {
        return;
    };
    map.insert(
        "auc_window".into(),
        json!([auc.auc.lower.to_string(), auc.auc.upper.to_string()]),
    );
    map.insert(
        "auc_search".into(),
        json!({"boxes": effort.boxes, "solves": effort.solves}),
    );
    let Some(solution) = solution else {
        return;
    };
    let Some(Value::Object(witness)) = map.get_mut("witness") else {
        return;
    };
    let n_datasets = rational(experiment.datasets.len() as i64);
    let mut total = BigRational::zero();
    let mut index = 0usize;
    if let Some(Value::Array(datasets)) = witness.get_mut("datasets") {
        for (dataset, rendered) in experiment.datasets.iter().zip(datasets.iter_mut()) {
            let mut sum = BigRational::zero();
            if let Some(Value::Array(folds)) = rendered.get_mut("folds") {
                for fold in folds.iter_mut() {
                    let f = index;
                    index += 1;
                    let (tp, tn) = (solution.point[2 * f], solution.point[2 * f + 1]);
                    let (lo, hi) = model.k_range(f, tp, tn);
                    let denominator = rational(model.folds[f].two_pn);
                    let value = rational(solution.k[f]) / &denominator;
                    sum += &value;
                    if let Some(Value::Object(scores)) = fold.get_mut("scores") {
                        scores.insert("auc".into(), crate::render::rational(&value));
                    }
                    if let Value::Object(fold) = fold {
                        fold.insert(
                            "auc".into(),
                            json!({"k": solution.k[f], "two_pn": model.folds[f].two_pn,
                                "min": crate::render::rational(&(rational(lo) / &denominator)),
                                "max": crate::render::rational(&(rational(hi) / &denominator))}),
                        );
                    }
                }
            }
            let mean = sum / rational(dataset.folds.len() as i64);
            if let Some(Value::Object(scores)) = rendered.get_mut("scores") {
                scores.insert("auc".into(), crate::render::rational(&mean));
            }
            total += mean;
        }
    }
    let mean = total / n_datasets;
    debug_assert_eq!(mean, model.mean(&solution.k));
    if let Some(Value::Object(scores)) = witness.get_mut("scores") {
        scores.insert("auc".into(), crate::render::rational(&mean));
    }
}

/// "1 box", "2 boxes".
fn boxes(count: u64) -> String {
    if count == 1 {
        "1 box".into()
    } else {
        format!("{count} boxes")
    }
}
