//! A reported mean of per-fold AUCs: decided exactly by spatial branch and bound over
//! McCormick relaxations, each relaxation an integer program for the caller's backend.
//!
//! Each fold f (p positives, n negatives, weight w in the mean) is scored and cut at one
//! threshold, its operating point (tp, tn). Counting ties ½, its AUC can be exactly
//! k/(2pn) for every integer k with 2·tp·tn ≤ k ≤ 2·(p·n − fn·fp) (ties counted ½, as the Mann–Whitney statistic counts them).
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
//! search ends; the deadline and node budget of [`Limits`] (also the number of boxes) bound
//! it, and "undecided" says so. A "consistent" carries the operating points and the k, re-checked
//! with exact rationals.

//!
//! [`auc_extreme`] gives the exact least or largest mean AUC over the operating points that
//! fit the other scores, by bisection on the grid of the mean's values, each probe one search.

use scorecheck_clock::Instant;

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};
use scorecheck_feasibility::{checked, Certainty, Feasibility, Objective, Problem, VarId, Verdict};

use crate::model::{build, BuildError, Experiment};
use crate::solve::{Limits, DEFAULT_MAX_NODES};

/// Why the AUC model of an experiment cannot be formed: what went wrong
/// ([`AucError::kind`]), the request field it points at ([`AucError::field`]) and, as its
/// `Display`, what to change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AucError {
    kind: Box<AucErrorKind>,
}

/// What kind of [`AucError`] it is.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum AucErrorKind {
    /// A fold without positives or without negatives: its AUC is undefined.
    Undefined {
        /// "fold 3" or "fold 3 of dataset 1".
        which: String,
        /// The fold's positives.
        p: u64,
        /// The fold's negatives.
        n: u64,
    },
    /// 2·p·n of a fold does not fit an `i64`.
    TooLarge {
        /// "fold 3" or "fold 3 of dataset 1".
        which: String,
        /// The fold's positives.
        p: u64,
        /// The fold's negatives.
        n: u64,
    },
    /// The program of the other scores cannot be built.
    Build(BuildError),
}

impl From<AucErrorKind> for AucError {
    fn from(kind: AucErrorKind) -> AucError {
        AucError {
            kind: Box::new(kind),
        }
    }
}

impl From<BuildError> for AucError {
    fn from(error: BuildError) -> AucError {
        AucErrorKind::Build(error).into()
    }
}

impl AucError {
    /// What went wrong.
    pub fn kind(&self) -> &AucErrorKind {
        &self.kind
    }

    /// The request field the error points at (`scores.auc` for the AUC's own errors).
    pub fn field(&self) -> String {
        match &*self.kind {
            AucErrorKind::Build(e) => e.field(),
            _ => "scores.auc".into(),
        }
    }
}

impl std::fmt::Display for AucError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &*self.kind {
            AucErrorKind::Undefined { which, p, n } => write!(f, "the AUC is undefined on {which} (p={p}, n={n}: it needs both positives and negatives), so its mean cannot be formed; remove the AUC or that fold"),
            AucErrorKind::TooLarge { which, p, n } => write!(f, "{which} (p={p}, n={n}) is too large for the AUC check (2·p·n must stay below 2^63); use smaller counts"),
            AucErrorKind::Build(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for AucError {}

/// One fold of the mean: its counts and the coefficient w/(2pn) of its k in the mean.
#[derive(Clone, Debug)]
struct Fold {
    p: i64,
    n: i64,
    /// 2·p·n, the denominator of the fold's AUC values.
    two_pn: i64,
    step: BigRational,
}

/// The model shared by every box: the program of the other scores ([`build`]) and the
/// folds.
#[derive(Clone, Debug)]
pub struct AucModel {
    base: Problem,
    folds: Vec<Fold>,
    /// The least common denominator of the steps: the mean AUC lies on (1/scale)·ℤ.
    scale: BigInt,
}

/// A window on the mean AUC; a missing side is open.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct AucWindow {
    /// Least mean AUC allowed.
    #[cfg_attr(feature = "serde", serde(with = "scorecheck_algebra::serde_text"))]
    pub lower: Option<BigRational>,
    /// Greatest mean AUC allowed.
    #[cfg_attr(feature = "serde", serde(with = "scorecheck_algebra::serde_text"))]
    pub upper: Option<BigRational>,
}

impl AucWindow {
    /// `lower ≤ mean AUC ≤ upper`; a side given as `None` is open.
    pub fn new(lower: Option<BigRational>, upper: Option<BigRational>) -> AucWindow {
        AucWindow { lower, upper }
    }
}

/// Integer ranges of (tp, tn) of every fold.
#[derive(Clone)]
struct Region {
    tp: Vec<(i64, i64)>,
    tn: Vec<(i64, i64)>,
}

/// A verified solution: the operating points (tp, tn per fold, interleaved as in
/// [`build`]) and each fold's k (its AUC is k/(2pn)).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct AucSolution {
    /// The operating points.
    pub point: Vec<i64>,
    /// Each fold's k.
    pub k: Vec<i64>,
}

impl AucSolution {
    /// The operating points `point` (tp, tn per fold, interleaved as in [`build`]) with each
    /// fold's `k` (a starting point a caller already has; [`search_auc`] checks it).
    pub fn new(point: Vec<i64>, k: Vec<i64>) -> AucSolution {
        AucSolution { point, k }
    }
}

/// What one search found.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum AucFound {
    /// A solution, checked exactly.
    Solution(AucSolution),
    /// None exists, with the weakest certainty of the refutations.
    Infeasible(Certainty),
    /// A budget ran out, or a relaxation was left undecided.
    Undecided(String),
}

/// How much a search did.
#[derive(Default, Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct AucEffort {
    /// Boxes of the branch and bound.
    pub boxes: u64,
    /// Integer programs solved.
    pub solves: u64,
}

fn rational(x: i64) -> BigRational {
    BigRational::from_integer(BigInt::from(x))
}

/// One fold's AUC at a solution: k/(2pn) and the range its operating point allows.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FoldAuc {
    /// The fold's k (ties counted ½, so its AUC is k/(2pn)).
    pub k: i64,
    /// 2·p·n of the fold.
    pub two_pn: i64,
    /// Its AUC, k/(2pn).
    #[cfg_attr(feature = "serde", serde(with = "scorecheck_algebra::serde_text"))]
    pub value: BigRational,
    /// The least AUC its operating point allows, 2·tp·tn/(2pn).
    #[cfg_attr(feature = "serde", serde(with = "scorecheck_algebra::serde_text"))]
    pub min: BigRational,
    /// The greatest, (2pn − 2·fn·fp)/(2pn).
    #[cfg_attr(feature = "serde", serde(with = "scorecheck_algebra::serde_text"))]
    pub max: BigRational,
}

/// The AUCs of a solution: per fold (in dataset order), each dataset's mean over its folds
/// and the mean over the datasets.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct AucWitness {
    /// Every fold of every dataset, in order.
    pub folds: Vec<FoldAuc>,
    /// Each dataset's mean AUC over its folds.
    #[cfg_attr(feature = "serde", serde(with = "scorecheck_algebra::serde_text"))]
    pub dataset_means: Vec<BigRational>,
    /// The mean over the datasets (the figure compared with the reported AUC).
    #[cfg_attr(feature = "serde", serde(with = "scorecheck_algebra::serde_text"))]
    pub mean: BigRational,
}

impl AucModel {
    /// The model of `experiment`'s folds, each with an AUC, and its other scores.
    ///
    /// # Errors
    ///
    /// When a fold has no positives or no negatives, 2·p·n overflows, or the program of the
    /// other scores cannot be built.
    pub fn new(experiment: &Experiment) -> Result<AucModel, AucError> {
        let base = build(experiment)?;
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
                    return Err(AucErrorKind::Undefined {
                        which,
                        p: fold.p,
                        n: fold.n,
                    }
                    .into());
                }
                let too_big = || {
                    AucError::from(AucErrorKind::TooLarge {
                        which: which.clone(),
                        p: fold.p,
                        n: fold.n,
                    })
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
        Ok(AucModel { base, folds, scale })
    }

    fn root(&self) -> Region {
        Region {
            tp: self.folds.iter().map(|f| (0, f.p)).collect(),
            tn: self.folds.iter().map(|f| (0, f.n)).collect(),
        }
    }

    /// This model with one more row on the operating points:
    /// `lower ≤ Σ terms ≤ upper` (a missing side is open).
    pub fn with_row(
        &self,
        name: &str,
        terms: Vec<(VarId, BigRational)>,
        lower: Option<BigRational>,
        upper: Option<BigRational>,
    ) -> AucModel {
        let mut model = self.clone();
        model.base.add_constraint(name, terms, lower, upper);
        model
    }

    /// The program of the other scores.
    pub fn base(&self) -> &Problem {
        &self.base
    }

    /// Folds in all.
    pub fn folds(&self) -> usize {
        self.folds.len()
    }

    /// 2·p·n of fold `f`: its AUC values are k/(2pn).
    pub fn two_pn(&self, f: usize) -> i64 {
        self.folds[f].two_pn
    }

    /// The least common denominator of the mean's steps: the mean AUC lies on (1/scale)·ℤ.
    pub fn scale(&self) -> &BigInt {
        &self.scale
    }

    /// The least and largest k of fold `f` at (tp, tn): 2·tp·tn and 2·(pn − fn·fp).
    pub fn k_range(&self, f: usize, tp: i64, tn: i64) -> (i64, i64) {
        let fold = &self.folds[f];
        // Every product is at most 2pn, which fits.
        (2 * tp * tn, fold.two_pn - 2 * (fold.p - tp) * (fold.n - tn))
    }

    /// The AUCs of `solution` over `experiment`'s folds (the experiment this model was made
    /// of), exactly.
    pub fn witness(&self, experiment: &Experiment, solution: &AucSolution) -> AucWitness {
        let mut folds = Vec::with_capacity(self.folds.len());
        let mut dataset_means = Vec::with_capacity(experiment.datasets.len());
        for dataset in &experiment.datasets {
            let mut sum = BigRational::zero();
            for _ in &dataset.folds {
                let f = folds.len();
                let (tp, tn) = (solution.point[2 * f], solution.point[2 * f + 1]);
                let (lo, hi) = self.k_range(f, tp, tn);
                let two_pn = self.two_pn(f);
                let denominator = rational(two_pn);
                let value = rational(solution.k[f]) / &denominator;
                sum += &value;
                folds.push(FoldAuc {
                    k: solution.k[f],
                    two_pn,
                    value,
                    min: rational(lo) / &denominator,
                    max: rational(hi) / &denominator,
                });
            }
            dataset_means.push(sum / rational(dataset.folds.len() as i64));
        }
        let mean =
            dataset_means.iter().sum::<BigRational>() / rational(experiment.datasets.len() as i64);
        debug_assert_eq!(mean, self.mean(&solution.k));
        AucWitness {
            folds,
            dataset_means,
            mean,
        }
    }

    /// The mean AUC of per-fold k, exactly.
    pub fn mean(&self, k: &[i64]) -> BigRational {
        self.folds
            .iter()
            .zip(k)
            .map(|(f, &k)| &f.step * rational(k))
            .sum()
    }

    /// The McCormick relaxation of the problem on `region`, with the AUC row on `window`.
    fn relaxation(&self, region: &Region, window: &AucWindow) -> Problem {
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
    fn verify(&self, solution: &AucSolution, window: &AucWindow) -> bool {
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
    fn choose_k(&self, point: &[i64], window: &AucWindow) -> std::result::Result<Vec<i64>, bool> {
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
/// why there is none; every relaxation goes to `solver`, `limits` bound the boxes (its node
/// budget) and the time (its deadline), and `effort` counts the work.
pub fn search_auc(
    model: &AucModel,
    window: &AucWindow,
    solver: &dyn Feasibility,
    limits: &Limits,
    effort: &mut AucEffort,
) -> AucFound {
    let deadline = limits.deadline;
    let max_boxes = limits.max_nodes.unwrap_or(DEFAULT_MAX_NODES);
    let mut stack = vec![model.root()];
    let mut certainty = Certainty::Exact;
    let mut undecided: Option<String> = None;
    while let Some(region) = stack.pop() {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return AucFound::Undecided(format!(
                "the time limit ran out after {} of the AUC search",
                boxes(effort.boxes)
            ));
        }
        if effort.boxes >= max_boxes {
            return AucFound::Undecided(format!(
                "the AUC search reached its budget of {max_boxes} boxes (max_nodes)"
            ));
        }
        effort.boxes += 1;
        effort.solves += 1;
        let verdict = checked(solver, &model.relaxation(&region, window), &limits.budget());
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
        let candidate = AucSolution {
            point: witness[..n_base].to_vec(),
            k: witness[n_base..].to_vec(),
        };
        if model.verify(&candidate, window) {
            return AucFound::Solution(candidate);
        }
        // The operating points fit the other scores; their k may still be chosen well.
        match model.choose_k(&candidate.point, window) {
            Ok(k) => {
                let solution = AucSolution {
                    point: candidate.point.clone(),
                    k,
                };
                if model.verify(&solution, window) {
                    return AucFound::Solution(solution);
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
                if let Verdict::Feasible { witness } = checked(solver, &fixed, &limits.budget()) {
                    let solution = AucSolution {
                        point: witness[..n_base].to_vec(),
                        k: witness[n_base..].to_vec(),
                    };
                    if model.verify(&solution, window) {
                        return AucFound::Solution(solution);
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
            return AucFound::Undecided(
                "the AUC search met a relaxed solution it could not separate".into(),
            );
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
    match undecided {
        Some(reason) => AucFound::Undecided(format!(
            "a relaxation of the AUC search was left undecided: {reason}"
        )),
        None => AucFound::Infeasible(certainty),
    }
}

/// The mean of the least (or the largest) AUC values at `point`, in grid units.
fn extreme_units(model: &AucModel, point: &[i64], largest: bool) -> BigInt {
    let k: Vec<i64> = (0..model.folds())
        .map(|f| {
            let (lo, hi) = model.k_range(f, point[2 * f], point[2 * f + 1]);
            if largest {
                hi
            } else {
                lo
            }
        })
        .collect();
    (model.mean(&k) * BigRational::from_integer(model.scale().clone())).to_integer()
}

/// An extreme found by bisection: a value some solution attains and a bound no solution
/// passes; they are equal when the search ended exactly.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Extreme {
    /// Attained by `solution` (or, without one, by the starting point).
    #[cfg_attr(feature = "serde", serde(with = "scorecheck_algebra::serde_text"))]
    pub attained: BigRational,
    /// No solution goes past it (below it for a least, above for a largest).
    #[cfg_attr(feature = "serde", serde(with = "scorecheck_algebra::serde_text"))]
    pub proven: BigRational,
    /// A solution attaining `attained`, when one was found by a probe.
    pub solution: Option<AucSolution>,
}

impl Extreme {
    /// Whether the extreme is known exactly.
    pub fn is_exact(&self) -> bool {
        self.attained == self.proven
    }
}

/// The grid bisection shared by the extremes: values are `offset + m/scale` for integers m;
/// `attained` is reached by some solution, `refuted` by none; `probe(m)` looks for a solution
/// at m or beyond it towards `refuted` and returns its grid value.
fn bisect(
    mut attained: BigInt,
    mut refuted: BigInt,
    mut first: Option<BigInt>,
    mut probe: impl FnMut(&BigInt) -> Option<Option<(BigInt, AucSolution)>>,
) -> (BigInt, BigInt, Option<AucSolution>) {
    let mut best = None;
    while (&attained - &refuted).abs() > BigInt::one() {
        // A first probe where the caller expects the extreme, then halves.
        let strictly_between =
            |m: &BigInt| (m > &attained && m < &refuted) || (m < &attained && m > &refuted);
        let mid: BigInt = match first.take().filter(strictly_between) {
            Some(m) => m,
            None => (&attained + &refuted).div_floor(&BigInt::from(2)),
        };
        match probe(&mid) {
            Some(Some((units, solution))) => {
                attained = units;
                best = Some(solution);
            }
            Some(None) => refuted = mid,
            None => break,
        }
    }
    let proven = if attained < refuted {
        &refuted - 1
    } else {
        &refuted + 1
    };
    (attained, proven, best)
}

/// A probe's answer: a solution and its grid value, none (exactly), or not decided.
fn probe_answer(
    found: AucFound,
    units: impl Fn(&AucSolution) -> BigInt,
) -> Option<Option<(BigInt, AucSolution)>> {
    match found {
        AucFound::Solution(s) => Some(Some((units(&s), s))),
        AucFound::Infeasible(Certainty::Exact) => Some(None),
        _ => None,
    }
}

/// The least (or largest) mean AUC over the solutions whose mean AUC lies in `window`, from
/// `start` (operating points that fit the other scores, and each fold's k: the mean of the
/// least k, or the largest, at those points when `k` is empty), by bisection on the grid
/// (1/scale)·ℤ, each probe one [`search_auc`]. Only an exact "infeasible" moves the proven
/// bound: a float backend's word does not prove an extreme.
#[allow(clippy::too_many_arguments)]
pub fn auc_extreme_within(
    model: &AucModel,
    window: &AucWindow,
    start: &AucSolution,
    largest: bool,
    solver: &dyn Feasibility,
    limits: &Limits,
    effort: &mut AucEffort,
) -> Extreme {
    let scale = BigRational::from_integer(model.scale().clone());
    let units = |s: &AucSolution| (model.mean(&s.k) * &scale).to_integer();
    let unconstrained = window.lower.is_none() && window.upper.is_none();
    let attained = if start.k.is_empty() {
        extreme_units(model, &start.point, largest)
    } else {
        units(start)
    };
    let refuted = if largest {
        window
            .upper
            .as_ref()
            .map_or(model.scale().clone() + 1, |u| {
                (u * &scale).floor().to_integer() + 1
            })
    } else {
        window
            .lower
            .as_ref()
            .map_or(BigInt::from(-1), |l| (l * &scale).ceil().to_integer() - 1)
    };
    let (attained, proven, solution) = bisect(attained, refuted, None, |mid| {
        let at = Some(BigRational::from_integer(mid.clone()) / &scale);
        let probe = if largest {
            AucWindow {
                lower: at,
                upper: window.upper.clone(),
            }
        } else {
            AucWindow {
                lower: window.lower.clone(),
                upper: at,
            }
        };
        probe_answer(search_auc(model, &probe, solver, limits, effort), |s| {
            if unconstrained {
                // Any k at the solution's points is allowed: take the most favourable.
                extreme_units(model, &s.point, largest)
            } else {
                units(s)
            }
        })
    });
    Extreme {
        attained: BigRational::from_integer(attained) / &scale,
        proven: BigRational::from_integer(proven) / &scale,
        solution,
    }
}

/// The least (or largest) mean AUC over the operating points that fit the other scores,
/// from `start` (such points): `(bound, exact)`, the bound being the exact extreme when
/// `exact`, else the best proven one (below the least, above the largest). See
/// [`auc_extreme_within`].
pub fn auc_extreme(
    model: &AucModel,
    start: &[i64],
    largest: bool,
    solver: &dyn Feasibility,
    limits: &Limits,
    effort: &mut AucEffort,
) -> (BigRational, bool) {
    let start = AucSolution {
        point: start.to_vec(),
        k: Vec::new(),
    };
    let open = AucWindow {
        lower: None,
        upper: None,
    };
    let extreme = auc_extreme_within(model, &open, &start, largest, solver, limits, effort);
    let exact = extreme.is_exact();
    (extreme.proven, exact)
}

/// The least (or largest) value of the linear `objective` of the operating points (a mean
/// score: terms on the variables of [`build`] and a constant) over the solutions whose mean
/// AUC lies in `window`, from the solution `start`, by bisection on the objective's grid
/// (the lcm of its coefficients' denominators), each probe one [`search_auc`] with the row
/// "objective ≤ probe" (or ≥) added to the other scores. `known`, the extreme without the
/// AUC (a bound no solution passes) and a point attaining it, is tried first: where AUC
/// values at that point fit the window the extreme is found at once, else it is probed first.
#[allow(clippy::too_many_arguments)]
pub fn linear_extreme_with_auc(
    model: &AucModel,
    window: &AucWindow,
    objective: &Objective,
    start: &AucSolution,
    largest: bool,
    known: Option<(&BigRational, &[i64])>,
    solver: &dyn Feasibility,
    limits: &Limits,
    effort: &mut AucEffort,
) -> Option<Extreme> {
    // Where the point attaining the extreme without the AUC admits AUC values in the window,
    // the extreme is that one, exactly.
    if let Some((v, point)) = known {
        if let Ok(k) = model.choose_k(point, window) {
            let solution = AucSolution {
                point: point.to_vec(),
                k,
            };
            if model.verify(&solution, window) && objective.value(point).as_ref() == Some(v) {
                return Some(Extreme {
                    attained: v.clone(),
                    proven: v.clone(),
                    solution: Some(solution),
                });
            }
        }
    }
    let known = known.map(|(v, _)| v);
    let grid = objective
        .terms()
        .iter()
        .fold(BigInt::one(), |l, (_, c)| l.lcm(c.denom()));
    let grid_q = BigRational::from_integer(grid.clone());
    let constant = objective.constant();
    let units = |v: &BigRational| ((v - constant) * &grid_q).to_integer();
    let value = |point: &[i64]| objective.value(point);
    // The objective's own extremes over the variables' boxes bound the bisection.
    let variables = model.base().variables();
    let mut far = BigRational::zero();
    for (var, c) in objective.terms() {
        let v = variables.get(var.0)?;
        let (lo, hi) = (
            c * BigRational::from_integer(BigInt::from(v.lower)),
            c * BigRational::from_integer(BigInt::from(v.upper)),
        );
        far += if largest == (lo > hi) { lo } else { hi }.clone();
    }
    let far_units = match known {
        Some(v) => units(v),
        None => (&far * &grid_q).to_integer(),
    };
    let refuted = if largest {
        &far_units + 1
    } else {
        &far_units - 1
    };
    let attained = units(&value(&start.point)?);
    let first = known.map(|_| far_units.clone());
    let (attained, proven, solution) = bisect(attained, refuted, first, |mid| {
        let at = constant + BigRational::from_integer(mid.clone()) / &grid_q;
        let (lower, upper) = if largest {
            (Some(at - constant), None)
        } else {
            (None, Some(at - constant))
        };
        let probe = model.with_row("objective probe", objective.terms().to_vec(), lower, upper);
        probe_answer(search_auc(&probe, window, solver, limits, effort), |s| {
            value(&s.point).map_or_else(|| mid.clone(), |v| units(&v))
        })
    });
    Some(Extreme {
        attained: constant + BigRational::from_integer(attained) / &grid_q,
        proven: constant + BigRational::from_integer(proven) / &grid_q,
        solution,
    })
}

/// "1 box", "2 boxes".
pub fn boxes(count: u64) -> String {
    if count == 1 {
        "1 box".into()
    } else {
        format!("{count} boxes")
    }
}
