//! Experiments over datasets and folds, and the integer program of their mean scores.
//!
//! Only scores that are linear in (tp, tn) for fixed (p, n) survive averaging as linear
//! constraints: acc, sens, spec, bacc and their affine relatives err, fnr, fpr and bm.

use scorecheck_clock::Instant;
use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::fmt;

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive, Zero};
use scorecheck_algebra::Score;
use scorecheck_feasibility::{Problem, VarId};

/// A bound on a score: lower ≤ score ≤ upper.
///
/// Built by [`Bound::new`] or [`Bound::around`], so that fields may be added. A reversed bound
/// (lower > upper) is a caller's mistake: [`build`] rejects it with
/// [`BuildErrorKind::Reversed`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Bound {
    /// The bounded score (one of the [`usable`] ones).
    pub score: Score,
    /// Least value allowed.
    #[cfg_attr(feature = "serde", serde(with = "scorecheck_algebra::serde_text"))]
    pub lower: BigRational,
    /// Greatest value allowed.
    #[cfg_attr(feature = "serde", serde(with = "scorecheck_algebra::serde_text"))]
    pub upper: BigRational,
}

impl Bound {
    /// `lower ≤ score ≤ upper`.
    pub fn new(score: Score, lower: BigRational, upper: BigRational) -> Bound {
        Bound {
            score,
            lower,
            upper,
        }
    }

    /// The bound of `score` reported as `value` with uncertainty `eps` (non-negative):
    /// `value − eps ≤ score ≤ value + eps`, like `scorecheck_single::Window::around`.
    ///
    /// ```
    /// use scorecheck_experiment::{parse_decimal, Bound, Score};
    ///
    /// let q = |t: &str| parse_decimal(t).unwrap();
    /// let bound = Bound::around(Score::Acc, &q("0.95"), &q("0.005"));
    /// assert_eq!((bound.lower, bound.upper), (q("0.945"), q("0.955")));
    /// ```
    pub fn around(score: Score, value: &BigRational, eps: &BigRational) -> Bound {
        Bound::new(score, value - eps, value + eps)
    }
}

/// One fold: its counts and bounds on its own scores.
///
/// Built by [`FoldSpec::new`] and [`FoldSpec::with_bound`], so that fields may be added.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FoldSpec {
    /// Positives in the fold.
    pub p: u64,
    /// Negatives in the fold.
    pub n: u64,
    /// Bounds on the fold's own scores.
    pub bounds: Vec<Bound>,
}

impl FoldSpec {
    /// A fold of `p` positives and `n` negatives without bounds.
    pub fn new(p: u64, n: u64) -> FoldSpec {
        FoldSpec {
            p,
            n,
            bounds: Vec::new(),
        }
    }

    /// The same fold with `bounds` on its own scores (replacing any it had).
    #[must_use]
    pub fn with_bounds(mut self, bounds: Vec<Bound>) -> FoldSpec {
        self.bounds = bounds;
        self
    }

    /// The same fold with one more bound on its own scores.
    #[must_use]
    pub fn with_bound(mut self, bound: Bound) -> FoldSpec {
        self.bounds.push(bound);
        self
    }
}

/// One dataset: its folds (every fold of every repeat) and bounds on its mean scores.
///
/// Built by [`DatasetSpec::from_folds`], [`DatasetSpec::kfold`] (scikit-learn's stratified
/// k-fold) or [`DatasetSpec::single_fold`], and [`DatasetSpec::with_bound`], so that fields
/// may be added.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DatasetSpec {
    /// Every fold of every repeat.
    pub folds: Vec<FoldSpec>,
    /// Bounds on the mean of the folds' scores.
    pub bounds: Vec<Bound>,
}

impl DatasetSpec {
    /// A dataset evaluated as one fold (a testset, or a dataset pooled over its folds),
    /// with `bounds` on its scores.
    pub fn single_fold(p: u64, n: u64, bounds: Vec<Bound>) -> DatasetSpec {
        DatasetSpec::from_folds(vec![FoldSpec::new(p, n)]).with_bounds(bounds)
    }

    /// A dataset evaluated on `folds` (every fold of every repeat), without bounds.
    pub fn from_folds(folds: Vec<FoldSpec>) -> DatasetSpec {
        DatasetSpec {
            folds,
            bounds: Vec::new(),
        }
    }

    /// A dataset of `p` positives and `n` negatives split into `k` folds as scikit-learn's
    /// `StratifiedKFold` splits them (`scorecheck_folds::stratified_sklearn_binary`), without
    /// bounds.
    ///
    /// # Errors
    ///
    /// When `k` is below 2 or above the dataset's size (scikit-learn refuses these too).
    ///
    /// ```
    /// use scorecheck_experiment::DatasetSpec;
    ///
    /// let dataset = DatasetSpec::kfold(10, 21, 5)?;
    /// let sizes: Vec<(u64, u64)> = dataset.folds.iter().map(|f| (f.p, f.n)).collect();
    /// assert_eq!(sizes, [(2, 5), (2, 4), (2, 4), (2, 4), (2, 4)]);
    /// assert!(DatasetSpec::kfold(10, 21, 1).is_err());
    /// # Ok::<(), scorecheck_experiment::folds::Error>(())
    /// ```
    pub fn kfold(p: u64, n: u64, k: usize) -> Result<DatasetSpec, scorecheck_folds::Error> {
        let folds = scorecheck_folds::stratified_sklearn_binary(p, n, k)?;
        Ok(DatasetSpec::from_folds(
            folds.iter().map(|f| FoldSpec::new(f.p, f.n)).collect(),
        ))
    }

    /// The same dataset with `bounds` on its mean scores (replacing any it had).
    #[must_use]
    pub fn with_bounds(mut self, bounds: Vec<Bound>) -> DatasetSpec {
        self.bounds = bounds;
        self
    }

    /// The same dataset with one more bound on its mean scores.
    #[must_use]
    pub fn with_bound(mut self, bound: Bound) -> DatasetSpec {
        self.bounds.push(bound);
        self
    }
}

/// The whole experiment: datasets, and windows on the mean over datasets of the mean over
/// each dataset's folds.
///
/// Built by [`Experiment::new`], so that fields may be added.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Experiment {
    /// The datasets, each with its folds.
    pub datasets: Vec<DatasetSpec>,
    /// The reported scores' windows.
    pub windows: Vec<Bound>,
}

impl Experiment {
    /// `datasets` under `windows` on their mean scores.
    pub fn new(datasets: Vec<DatasetSpec>, windows: Vec<Bound>) -> Experiment {
        Experiment { datasets, windows }
    }

    /// Whether anything constrains the counts: a window or a bound on a dataset or a fold.
    /// Without one every fold's counts fit, so a "consistent" would say nothing.
    pub fn is_constrained(&self) -> bool {
        !self.windows.is_empty()
            || self
                .datasets
                .iter()
                .any(|d| !d.bounds.is_empty() || d.folds.iter().any(|f| !f.bounds.is_empty()))
    }
}

/// Where a bound that cannot be formed came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Level {
    /// A bound on one fold's score.
    Fold,
    /// A bound on a dataset's mean score.
    Dataset,
    /// A reported score's window (the mean over datasets).
    Experiment,
}

impl Level {
    /// The request field such bounds are read from: `fold_score_bounds`,
    /// `dataset_score_bounds` or `scores`.
    pub fn field(self) -> &'static str {
        match self {
            Level::Fold => "fold_score_bounds",
            Level::Dataset => "dataset_score_bounds",
            Level::Experiment => "scores",
        }
    }
}

/// Why the integer program of an experiment cannot be built: what went wrong
/// ([`BuildError::kind`]), the request field it points at ([`BuildError::field`]) and, as its
/// `Display`, what to change.
///
/// ```
/// use scorecheck_experiment::{build, parse_decimal, Bound, BuildErrorKind, DatasetSpec, Experiment, Score};
///
/// let q = |t: &str| parse_decimal(t).unwrap();
/// let reversed = Bound::new(Score::Acc, q("0.9"), q("0.8"));
/// let experiment = Experiment::new(vec![DatasetSpec::kfold(10, 10, 2)?], vec![reversed]);
/// let error = build(&experiment).unwrap_err();
/// assert!(matches!(error.kind(), BuildErrorKind::Reversed { .. }));
/// assert_eq!(error.field(), "scores.acc");
/// assert_eq!(error.to_string(), "the bound on acc is reversed (lower 9/10 > upper 4/5); give the smaller end first");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuildError {
    // Boxed: the error stays one pointer wide in every `Result`.
    kind: Box<BuildErrorKind>,
}

/// What kind of [`BuildError`] it is.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BuildErrorKind {
    /// A bounded score is undefined on a fold (a zero count): the mean cannot be formed, so
    /// these folds cannot have produced the scores.
    Undefined {
        /// The score.
        score: Score,
        /// Where its bound came from.
        level: Level,
        /// The dataset's index.
        dataset: usize,
        /// The fold's index in its dataset.
        fold: usize,
        /// The fold's positives.
        p: u64,
        /// The fold's negatives.
        n: u64,
        /// Whether the experiment has more than one dataset (messages then name it).
        many_datasets: bool,
    },
    /// A fold's count does not fit an `i64` variable.
    CountTooLarge {
        /// The dataset's index.
        dataset: usize,
        /// The fold's index in its dataset.
        fold: usize,
        /// Whether the experiment has more than one dataset.
        many_datasets: bool,
    },
    /// A mean over so many folds of so many different sizes that its exact constraint, on a
    /// common denominator, would be larger than a program holds ([`MAX_MEAN_ROW_BITS`]).
    TooLarge {
        /// The averaged score.
        score: Score,
        /// Where its bound or window came from.
        level: Level,
        /// The folds averaged.
        folds: usize,
        /// The bits of the common denominator when the cap was passed.
        bits: u64,
    },
    /// A bound or window whose lower end is above its upper end (a caller's mistake, not a
    /// finding about the scores).
    Reversed {
        /// The bounded score.
        score: Score,
        /// Where the bound came from.
        level: Level,
        /// Its lower end.
        lower: BigRational,
        /// Its upper end.
        upper: BigRational,
    },
}

impl From<BuildErrorKind> for BuildError {
    fn from(kind: BuildErrorKind) -> BuildError {
        BuildError {
            kind: Box::new(kind),
        }
    }
}

impl BuildError {
    /// What went wrong.
    pub fn kind(&self) -> &BuildErrorKind {
        &self.kind
    }

    /// The request field the error points at (`fold_score_bounds.sens`, `folds[3]`, ...).
    pub fn field(&self) -> String {
        match &*self.kind {
            BuildErrorKind::Undefined { score, level, .. }
            | BuildErrorKind::TooLarge { score, level, .. }
            | BuildErrorKind::Reversed { score, level, .. } => {
                format!("{}.{}", level.field(), score.abbreviation())
            }
            BuildErrorKind::CountTooLarge {
                dataset,
                fold,
                many_datasets,
            } => {
                if *many_datasets {
                    format!("datasets[{dataset}].folds[{fold}]")
                } else {
                    format!("folds[{fold}]")
                }
            }
        }
    }
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &*self.kind {
            BuildErrorKind::Undefined {
                score,
                level,
                dataset,
                fold,
                p,
                n,
                many_datasets,
            } => {
                let which = if *many_datasets {
                    format!("fold {fold} of dataset {dataset}")
                } else {
                    format!("fold {fold}")
                };
                match level {
                    // A bound on each fold's score: the figure is the bound, not a score.
                    Level::Fold => write!(
                        f,
                        "{score} is undefined on {which} (p={p}, n={n}: a zero count), so no value there meets its fold bound; remove that bound or that fold"
                    ),
                    // A bound on a dataset's mean: the figure is the bound.
                    Level::Dataset => write!(
                        f,
                        "{score} is undefined on {which} (p={p}, n={n}: a zero count), so its mean cannot be formed and no value meets its dataset bound; remove that bound or that fold"
                    ),
                    _ => write!(
                        f,
                        "{score} is undefined on {which} (p={p}, n={n}: a zero count), so its mean cannot be formed; remove that score or that fold"
                    ),
                }
            }
            BuildErrorKind::CountTooLarge { dataset, fold, .. } => write!(
                f,
                "fold {fold} of dataset {dataset} has a count above 2^63, which mean-of-scores checks do not support; use smaller counts"
            ),
            BuildErrorKind::TooLarge {
                score, folds, bits, ..
            } => write!(
                f,
                "the mean {score} over {folds} folds (or test sets) of these sizes needs a common denominator of more than {bits} bits: its exact constraint would be larger than a program holds ({MAX_MEAN_ROW_BITS} bits in all); check fewer folds, test sets or datasets, or ones of fewer different sizes"
            ),
            BuildErrorKind::Reversed {
                score,
                lower,
                upper,
                ..
            } => write!(
                f,
                "the bound on {} is reversed (lower {lower} > upper {upper}); give the smaller end first",
                score.abbreviation()
            ),
        }
    }
}

impl std::error::Error for BuildError {}

/// The coefficients (a, b, c) with score = a·tp + b·tn + c on a fold with counts (p, n), or
/// `None` where the score is not linear or undefined for these counts.
///
/// ```
/// use num_rational::BigRational;
/// use scorecheck_algebra::Score;
/// use scorecheck_experiment::linear_form;
///
/// let (a, b, c) = linear_form(Score::Bacc, 10, 20).unwrap();
/// assert_eq!(a, BigRational::new(1.into(), 20.into()));
/// assert_eq!(b, BigRational::new(1.into(), 40.into()));
/// assert_eq!(c, BigRational::from_integer(0.into()));
/// assert!(linear_form(Score::Sens, 0, 20).is_none());
/// ```
pub fn linear_form(
    score: Score,
    p: u64,
    n: u64,
) -> Option<(BigRational, BigRational, BigRational)> {
    let q = |num: i64, den: u64| BigRational::new(BigInt::from(num), BigInt::from(den));
    let zero = BigRational::zero;
    let one = BigRational::one;
    let total = p.checked_add(n)?;
    Some(match score {
        Score::Acc if total > 0 => (q(1, total), q(1, total), zero()),
        Score::Err if total > 0 => (q(-1, total), q(-1, total), one()),
        Score::Sens if p > 0 => (q(1, p), zero(), zero()),
        Score::Fnr if p > 0 => (q(-1, p), zero(), one()),
        Score::Spec if n > 0 => (zero(), q(1, n), zero()),
        Score::Fpr if n > 0 => (zero(), q(-1, n), one()),
        Score::Bacc if p > 0 && n > 0 => (q(1, 2 * p), q(1, 2 * n), zero()),
        Score::Bm if p > 0 && n > 0 => (q(1, p), q(1, n), -one()),
        _ => return None,
    })
}

/// Whether mean-of-scores checks can use the score (it is linear in (tp, tn)).
pub fn usable(score: Score) -> bool {
    score.is_linear()
}

/// The variables of one fold.
struct FoldVars {
    tp: VarId,
    tn: VarId,
}

/// The most bits a mean's exact constraint may hold: its terms times the bits of their
/// common denominator (2^28 bits, 32 MiB). Means over thousands of folds of different sizes
/// pass it (the common denominator grows with every new size); the search would not finish
/// on such a program anyway, and building it took gigabytes.
pub const MAX_MEAN_ROW_BITS: u64 = 1 << 28;

/// `common` made a multiple of `denominator` (the least one): a small denominator (the
/// usual case) costs one remainder and one product, not a gcd of two big numbers.
fn widen(common: &mut BigInt, denominator: &BigInt) {
    match denominator.magnitude().to_u64() {
        Some(d) if d > 0 => {
            let r = (common.magnitude() % d).to_u64().unwrap_or(0);
            *common *= d / d.gcd(&r);
        }
        _ if denominator.is_zero() => *common = common.lcm(denominator),
        _ => {
            // gcd(common, d) = gcd(d, common mod d): one remainder of the long number, then
            // a gcd of two short ones (the binary gcd on the long one shifts it once per bit).
            let d = denominator.magnitude();
            let r = common.magnitude() % d;
            *common *= BigInt::from(d / d.gcd(&r));
        }
    }
}

/// A fold inside a mean: (dataset index, fold index, the fold, its variables, its weight).
type WeightedFold<'a> = (usize, usize, &'a FoldSpec, &'a FoldVars, BigRational);

/// Adds `lower ≤ Σ weight·score(fold) ≤ upper` over the given folds.
fn add_mean_constraint(
    problem: &mut Problem,
    name: String,
    folds: &[WeightedFold<'_>],
    bound: &Bound,
    level: Level,
) -> Result<(), BuildError> {
    if bound.lower > bound.upper {
        return Err(BuildErrorKind::Reversed {
            score: bound.score,
            level,
            lower: bound.lower.clone(),
            upper: bound.upper.clone(),
        }
        .into());
    }
    let mut terms = Vec::with_capacity(2 * folds.len());
    let mut constant = BigRational::zero();
    let many_datasets = folds.iter().any(|(d, ..)| *d > 0);
    // Repeated and stratified folds share their sizes and weights: each distinct one's
    // weighted coefficients are computed once (a 1000-variable program has a few dozen).
    type Weighted = (BigRational, BigRational, BigRational);
    let mut seen: HashMap<(u64, u64, &BigRational), Weighted> = HashMap::new();
    // The common denominator of the coefficients, watched against the cap before the row
    // (and its sums) grow with it.
    let mut common = BigInt::one();
    let terms_bound = 2 * folds.len() as u64;
    for (d, f, fold, vars, weight) in folds {
        let (a, b, c) = match seen.entry((fold.p, fold.n, weight)) {
            Entry::Occupied(entry) => entry.into_mut(),
            Entry::Vacant(entry) => {
                let (a, b, c) =
                    linear_form(bound.score, fold.p, fold.n).ok_or(BuildErrorKind::Undefined {
                        score: bound.score,
                        level,
                        dataset: *d,
                        fold: *f,
                        p: fold.p,
                        n: fold.n,
                        many_datasets,
                    })?;
                let (a, b, c) = (a * weight, b * weight, c * weight);
                for denominator in [a.denom(), b.denom(), c.denom()] {
                    widen(&mut common, denominator);
                }
                let bits = common.bits();
                if bits.saturating_mul(terms_bound) > MAX_MEAN_ROW_BITS {
                    return Err(BuildErrorKind::TooLarge {
                        score: bound.score,
                        level,
                        folds: folds.len(),
                        bits,
                    }
                    .into());
                }
                entry.insert((a, b, c))
            }
        };
        if !a.is_zero() {
            terms.push((VarId(vars.tp.0), a.clone()));
        }
        if !b.is_zero() {
            terms.push((VarId(vars.tn.0), b.clone()));
        }
        if !c.is_zero() {
            constant += &*c;
        }
    }
    problem.add_constraint(
        name,
        terms,
        Some(&bound.lower - &constant),
        Some(&bound.upper - &constant),
    );
    Ok(())
}

/// The integer program of `experiment`: variables tp, tn per fold in dataset order (so a
/// witness is `[tp₀₀, tn₀₀, tp₀₁, tn₀₁, …]`), and a constraint per bound and window.
///
/// # Errors
///
/// When a bounded score is undefined on a fold, or a count does not fit an `i64`.
///
/// ```
/// use num_rational::BigRational;
/// use scorecheck_algebra::Score;
/// use scorecheck_experiment::{build, Bound, DatasetSpec, Experiment, FoldSpec};
///
/// let q = |a: i64, b: i64| BigRational::new(a.into(), b.into());
/// let experiment = Experiment::new(vec![DatasetSpec::from_folds(vec![FoldSpec::new(5, 5), FoldSpec::new(5, 5)])], vec![Bound::new(Score::Acc, q(7, 10), q(7, 10))]);
/// let problem = build(&experiment).unwrap();
/// assert_eq!(problem.variables().len(), 4);
/// assert!(problem.check(&[5, 2, 5, 2]).is_ok());
/// ```
pub fn build(experiment: &Experiment) -> Result<Problem, BuildError> {
    match build_until(experiment, None)? {
        Some(problem) => Ok(problem),
        None => unreachable!("without a deadline the build does not stop"),
    }
}

/// [`build`], watching `deadline` between datasets (a dataset may have 10,000 folds and an
/// experiment many datasets): `None` when it passed.
///
/// # Errors
///
/// As [`build`].
pub fn build_until(
    experiment: &Experiment,
    deadline: Option<Instant>,
) -> Result<Option<Problem>, BuildError> {
    let passed = || deadline.is_some_and(|d| Instant::now() >= d);
    let many_datasets = experiment.datasets.len() > 1;
    let mut problem = Problem::new();
    let mut vars: Vec<Vec<FoldVars>> = Vec::new();
    for (d, dataset) in experiment.datasets.iter().enumerate() {
        let mut dv = Vec::new();
        for (f, fold) in dataset.folds.iter().enumerate() {
            let to_i64 = |v: u64| {
                i64::try_from(v).map_err(|_| {
                    BuildError::from(BuildErrorKind::CountTooLarge {
                        dataset: d,
                        fold: f,
                        many_datasets,
                    })
                })
            };
            let tp = problem.add_variable(format!("tp[{d}][{f}]"), 0, to_i64(fold.p)?);
            let tn = problem.add_variable(format!("tn[{d}][{f}]"), 0, to_i64(fold.n)?);
            dv.push(FoldVars { tp, tn });
        }
        vars.push(dv);
    }
    let n_datasets = experiment.datasets.len() as u64;
    // Fold-level bounds.
    for (d, dataset) in experiment.datasets.iter().enumerate() {
        if passed() {
            return Ok(None);
        }
        for (f, fold) in dataset.folds.iter().enumerate() {
            for bound in &fold.bounds {
                add_mean_constraint(
                    &mut problem,
                    format!("{} of fold {f} of dataset {d}", bound.score),
                    &[(d, f, fold, &vars[d][f], BigRational::one())],
                    bound,
                    Level::Fold,
                )?;
            }
        }
        // Dataset-level bounds: the mean over its folds.
        let k = dataset.folds.len() as u64;
        let folds: Vec<_> = dataset
            .folds
            .iter()
            .zip(&vars[d])
            .enumerate()
            .map(|(f, (fold, v))| {
                (
                    d,
                    f,
                    fold,
                    v,
                    BigRational::new(BigInt::one(), BigInt::from(k)),
                )
            })
            .collect();
        for bound in &dataset.bounds {
            add_mean_constraint(
                &mut problem,
                format!("mean {} of dataset {d}", bound.score),
                &folds,
                bound,
                Level::Dataset,
            )?;
        }
    }
    // Experiment-level windows: the mean over datasets of the mean over folds.
    let mut all = Vec::new();
    for (d, dataset) in experiment.datasets.iter().enumerate() {
        if passed() {
            return Ok(None);
        }
        let k = dataset.folds.len() as u64;
        for (f, (fold, v)) in dataset.folds.iter().zip(&vars[d]).enumerate() {
            all.push((
                d,
                f,
                fold,
                v,
                BigRational::new(BigInt::one(), BigInt::from(k * n_datasets)),
            ));
        }
    }
    for window in &experiment.windows {
        if passed() {
            return Ok(None);
        }
        add_mean_constraint(
            &mut problem,
            format!("reported {}", window.score),
            &all,
            window,
            Level::Experiment,
        )?;
    }
    Ok(Some(problem))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A mean over 10,000 test sets of different sizes needs a common denominator whose
    /// exact row would pass the cap: refused at once, naming the score, instead of gigabytes.
    #[test]
    fn a_mean_too_large_for_a_program_is_refused_before_it_is_built() {
        let datasets = (0..10_000u64)
            .map(|i| DatasetSpec::single_fold(1000 + i, 3000 + 7 * i, Vec::new()))
            .collect();
        let half = BigRational::new(BigInt::one(), BigInt::from(2));
        let eps = BigRational::new(BigInt::one(), BigInt::from(1000));
        let experiment = Experiment::new(datasets, vec![Bound::around(Score::Acc, &half, &eps)]);
        let error = build(&experiment).unwrap_err();
        assert!(
            matches!(error.kind(), BuildErrorKind::TooLarge { folds: 10_000, .. }),
            "{error}"
        );
        assert_eq!(error.field(), "scores.acc");
        // A hundred test sets are far below it.
        let datasets = (0..100u64)
            .map(|i| DatasetSpec::single_fold(1000 + i, 3000 + 7 * i, Vec::new()))
            .collect();
        let experiment = Experiment::new(datasets, vec![Bound::around(Score::Acc, &half, &eps)]);
        assert!(build(&experiment).is_ok());
    }
}
