//! Macro-averaged multiclass scores: an integer program over the K² cells of each fold.
//!
//! For class c of a fold with row sums r and T items, the one-vs-rest counts are
//! tp_c = M[c][c] and tn_c = (T − r_c) − Σ_{r≠c} M[r][c], so a linear class score
//! a·tp_c + b·tn_c + const is linear in the cells. The fold's macro score is the mean over
//! classes, the reported figure the mean over folds (one pooled fold for score of means).
//! Row sums are equalities; columns are free. The one-vs-rest model instead lets every
//! class's (tp_c, tn_c) vary independently, as the reference does, through the
//! mean-of-scores integer program of the binary protocols.

use scorecheck_clock::Instant;
use std::collections::BTreeMap;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};
use scorecheck_algebra::Score;
use scorecheck_experiment::{
    build_until, linear_form, Bound, BuildError, DatasetSpec, Experiment, FoldSpec, Limits,
    DEFAULT_MAX_NODES, DEFAULT_TIME_LIMIT,
};
use scorecheck_feasibility::{checked, Feasibility, Problem, VarId, Verdict};

/// Why a macro program cannot be formed: an opaque error with a [`MacroErrorKind`], the
/// request field it points at, and a `Display` that says what to change.
///
/// ```
/// use scorecheck_multiclass::{MacroError, MacroErrorKind};
///
/// let error = MacroError::from(MacroErrorKind::TooManyCells {
///     k: 40,
///     folds: 10,
///     cells: 16_000,
///     witness: false,
/// });
/// assert!(matches!(error.kind(), MacroErrorKind::TooManyCells { .. }));
/// assert_eq!(error.field(), "model");
/// assert!(error.to_string().contains("use \"model\": \"one_vs_rest\""));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MacroError {
    // Boxed: the error stays one pointer wide in every `Result`.
    kind: Box<MacroErrorKind>,
}

/// What kind of [`MacroError`] it is.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MacroErrorKind {
    /// A bounded score is undefined on a class of a fold (no item of it, or of the others).
    Undefined {
        /// The score.
        score: Score,
        /// The class's label.
        class: String,
        /// The fold's index.
        fold: usize,
        /// Items of the class in the fold.
        p: u64,
        /// Items of the other classes in the fold.
        n: u64,
    },
    /// More K×K cells than the exact model supports.
    TooManyCells {
        /// Classes.
        k: u64,
        /// Folds.
        folds: usize,
        /// Cells in all.
        cells: u64,
        /// Whether the limit is the witness's (the 2K form) or the K² model's.
        witness: bool,
    },
    /// A class count above 2^63.
    CountTooLarge {
        /// The fold's index.
        fold: usize,
        /// The class's label.
        class: String,
    },
    /// The one-vs-rest program cannot be built.
    Build(BuildError),
}

impl From<MacroErrorKind> for MacroError {
    fn from(kind: MacroErrorKind) -> MacroError {
        MacroError {
            kind: Box::new(kind),
        }
    }
}

impl From<BuildError> for MacroError {
    fn from(error: BuildError) -> MacroError {
        MacroErrorKind::Build(error).into()
    }
}

impl MacroError {
    /// What went wrong.
    pub fn kind(&self) -> &MacroErrorKind {
        &self.kind
    }

    /// The request field the error points at (`scores.f1p`, `model`, `folds[2].cat`, ...).
    pub fn field(&self) -> String {
        match &*self.kind {
            MacroErrorKind::Undefined { score, .. } => format!("scores.{}", score.abbreviation()),
            MacroErrorKind::TooManyCells { .. } => "model".into(),
            MacroErrorKind::CountTooLarge { fold, class } => format!("folds[{fold}].{class}"),
            MacroErrorKind::Build(e) => e.field(),
        }
    }
}

impl std::fmt::Display for MacroError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &*self.kind {
            MacroErrorKind::Undefined { score, class, fold, p, n } => write!(f, "{score} of class {class:?} is undefined in fold {fold} ({p} items of the class, {n} of the others), so its macro average cannot be formed; remove that score or check the class counts"),
            MacroErrorKind::TooManyCells { k, folds, cells, witness: false } => write!(f, "the exact model needs {k}×{k} counts in each of {folds} folds ({cells} unknowns), more than it supports ({MAX_EXACT_CELLS}); use \"model\": \"one_vs_rest\" or fewer classes or folds"),
            MacroErrorKind::TooManyCells { k, folds, cells, witness: true } => write!(f, "the exact model's witness has {k}×{k} counts in each of {folds} folds ({cells} in all), more than it shows ({MAX_EXACT_CELLS}); use \"model\": \"one_vs_rest\" or fewer classes or folds"),
            MacroErrorKind::CountTooLarge { fold, class } => write!(f, "class {class:?} has more than 2^63 items in fold {fold}, which macro checks do not support; use smaller counts"),
            MacroErrorKind::Build(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for MacroError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &*self.kind {
            MacroErrorKind::Build(e) => Some(e),
            _ => None,
        }
    }
}

type Result<T> = std::result::Result<T, MacroError>;

/// A macro experiment: folds (class counts) and the bounds at each level.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct MacroExperiment {
    /// The class labels (for messages and witnesses).
    pub labels: Vec<String>,
    /// Every fold's class counts (one pooled fold for score of means).
    pub folds: Vec<Vec<u64>>,
    /// Bounds on every class's score in every fold.
    pub class_bounds: Vec<Bound>,
    /// Bounds on every fold's macro score.
    pub fold_bounds: Vec<Bound>,
    /// The reported macro scores' windows (the mean over folds).
    pub windows: Vec<Bound>,
}

impl MacroExperiment {
    /// The same experiment with `bounds` on every class's score in every fold.
    #[must_use]
    pub fn with_class_bounds(mut self, bounds: Vec<Bound>) -> MacroExperiment {
        self.class_bounds = bounds;
        self
    }

    /// The same experiment with `bounds` on every fold's macro score.
    #[must_use]
    pub fn with_fold_bounds(mut self, bounds: Vec<Bound>) -> MacroExperiment {
        self.fold_bounds = bounds;
        self
    }

    /// Classes `labels` over `folds` (each fold's count of every class, in label order), with
    /// `windows` on the macro averages and no class or fold bounds.
    pub fn new(labels: Vec<String>, folds: Vec<Vec<u64>>, windows: Vec<Bound>) -> MacroExperiment {
        MacroExperiment {
            labels,
            folds,
            class_bounds: Vec::new(),
            fold_bounds: Vec::new(),
            windows,
        }
    }

    /// Whether anything constrains the matrices: a window or a class or fold bound.
    pub fn is_constrained(&self) -> bool {
        !self.windows.is_empty() || !self.class_bounds.is_empty() || !self.fold_bounds.is_empty()
    }
}

/// A linear expression Σ coefficient·cell + constant.
#[derive(Default)]
struct Linear {
    terms: BTreeMap<usize, BigRational>,
    constant: BigRational,
}

impl Linear {
    fn add_scaled(&mut self, other: &Linear, weight: &BigRational) {
        for (v, c) in &other.terms {
            *self.terms.entry(*v).or_insert_with(BigRational::zero) += c * weight;
        }
        self.constant += &other.constant * weight;
    }

    fn constrain(&self, problem: &mut Problem, name: String, bound: &Bound) {
        let terms = self
            .terms
            .iter()
            .filter(|(_, c)| !c.is_zero())
            .map(|(v, c)| (VarId(*v), c.clone()))
            .collect();
        problem.add_constraint(
            name,
            terms,
            Some(&bound.lower - &self.constant),
            Some(&bound.upper - &self.constant),
        );
    }
}

fn int(v: u64) -> BigRational {
    BigRational::from_integer(BigInt::from(v))
}

fn ratio(num: u64, den: u64) -> BigRational {
    BigRational::new(BigInt::from(num), BigInt::from(den))
}

/// The cell variable index of fold f, row i, column j (folds of K² cells each): a witness
/// of [`decide_exact`] lists the cells in this order.
pub fn cell(k: usize, f: usize, i: usize, j: usize) -> usize {
    (f * k + i) * k + j
}

/// The most K×K counts (over all folds) the exact macro model shows in its witness (and
/// builds, in the K² form kept as a fallback).
pub const MAX_EXACT_CELLS: u64 = 1_000_000;

/// Class c's score in fold f as a linear expression of the cells.
fn class_score(ex: &MacroExperiment, score: Score, f: usize, c: usize) -> Result<Linear> {
    let counts = &ex.folds[f];
    let k = counts.len();
    let total: u64 = counts.iter().sum();
    let (p, n) = (counts[c], total - counts[c]);
    let (a, b, constant) = linear_form(score, p, n).ok_or_else(|| {
        MacroError::from(MacroErrorKind::Undefined {
            score,
            class: ex.labels[c].clone(),
            fold: f,
            p,
            n,
        })
    })?;
    let mut lin = Linear {
        terms: BTreeMap::new(),
        constant: constant + &b * int(n),
    };
    lin.terms.insert(cell(k, f, c, c), a);
    for r in (0..k).filter(|&r| r != c) {
        lin.terms.insert(cell(k, f, r, c), -b.clone());
    }
    Ok(lin)
}

/// The macro score of fold f.
fn fold_score(ex: &MacroExperiment, score: Score, f: usize) -> Result<Linear> {
    let k = ex.folds[f].len();
    let mut lin = Linear::default();
    for c in 0..k {
        lin.add_scaled(&class_score(ex, score, f, c)?, &ratio(1, k as u64));
    }
    Ok(lin)
}

/// An error when the experiment has more K×K cells than [`MAX_EXACT_CELLS`] (for the K²
/// model, or for the witness of the 2K form).
fn within_cells(ex: &MacroExperiment, witness: bool) -> Result<()> {
    let k = ex.labels.len() as u64;
    let cells = k.saturating_mul(k).saturating_mul(ex.folds.len() as u64);
    if cells > MAX_EXACT_CELLS {
        return Err(MacroError::from(MacroErrorKind::TooManyCells {
            k,
            folds: ex.folds.len(),
            cells,
            witness,
        }));
    }
    Ok(())
}

/// The integer program of the exact model.
///
/// `None` when the deadline passed while building: the caller answers "undecided".
fn build(ex: &MacroExperiment, deadline: Option<Instant>) -> Result<Option<Problem>> {
    within_cells(ex, false)?;
    let passed = || deadline.is_some_and(|d| Instant::now() >= d);
    let mut problem = Problem::new();
    for (f, counts) in ex.folds.iter().enumerate() {
        if passed() {
            return Ok(None);
        }
        for (i, &r) in counts.iter().enumerate() {
            let upper = i64::try_from(r).map_err(|_| {
                MacroError::from(MacroErrorKind::CountTooLarge {
                    fold: f,
                    class: ex.labels[i].clone(),
                })
            })?;
            for j in 0..counts.len() {
                problem.add_variable(
                    format!("M[{f}][{}][{}]", ex.labels[i], ex.labels[j]),
                    0,
                    upper,
                );
            }
        }
    }
    for (f, counts) in ex.folds.iter().enumerate() {
        if passed() {
            return Ok(None);
        }
        let k = counts.len();
        for (i, &r) in counts.iter().enumerate() {
            let terms = (0..k)
                .map(|j| (VarId(cell(k, f, i, j)), BigRational::one()))
                .collect();
            problem.add_constraint(
                format!("row {} of fold {f}", ex.labels[i]),
                terms,
                Some(int(r)),
                Some(int(r)),
            );
        }
        for bound in &ex.class_bounds {
            for c in 0..k {
                class_score(ex, bound.score, f, c)?.constrain(
                    &mut problem,
                    format!("{} of class {} in fold {f}", bound.score, ex.labels[c]),
                    bound,
                );
            }
        }
        for bound in &ex.fold_bounds {
            fold_score(ex, bound.score, f)?.constrain(
                &mut problem,
                format!("macro {} of fold {f}", bound.score),
                bound,
            );
        }
    }
    let weight = ratio(1, ex.folds.len() as u64);
    for window in &ex.windows {
        let mut lin = Linear::default();
        for f in 0..ex.folds.len() {
            lin.add_scaled(&fold_score(ex, window.score, f)?, &weight);
        }
        lin.constrain(
            &mut problem,
            format!("reported macro {}", window.score),
            window,
        );
    }
    Ok(Some(problem))
}

/// The reference's relaxation: every class of every fold an independent binary matrix (a
/// dataset per fold, a binary fold per class).
pub fn one_vs_rest(ex: &MacroExperiment) -> Experiment {
    let datasets = ex
        .folds
        .iter()
        .map(|counts| {
            let total: u64 = counts.iter().sum();
            DatasetSpec::from_folds(
                counts
                    .iter()
                    .map(|&p| FoldSpec::new(p, total - p).with_bounds(ex.class_bounds.clone()))
                    .collect(),
            )
            .with_bounds(ex.fold_bounds.clone())
        })
        .collect();
    Experiment::new(datasets, ex.windows.clone())
}

/// The exact K×K model decided through its 2K-unknowns-per-fold form
/// (module `class_pairs`): the one-vs-rest program plus the rows that make every fold's
/// per-class counts those of a K×K matrix. A feasible point becomes K×K matrices again
/// (the witness that is shown, cells in [`cell`] order); should that ever fail, the K² model
/// decides instead. Every program goes to `solver` under `limits`.
///
/// # Errors
///
/// When a score is undefined on a class, the model is too large, or a count too large.
pub fn decide_exact(
    ex: &MacroExperiment,
    solver: &dyn Feasibility,
    limits: &Limits,
) -> Result<Verdict> {
    within_cells(ex, true)?;
    defined(ex)?;
    if ex.class_bounds.is_empty() && ex.fold_bounds.is_empty() {
        // Where merging leaves more than half the folds, the merged program is hardly
        // smaller, and taking turns would only halve the per-fold program's time.
        let groups = same_shapes(&ex.folds);
        if 2 * groups.len() <= ex.folds.len() {
            return decide_in_turn(ex, &groups, solver, limits);
        }
    }
    decide_per_fold(ex, solver, limits)
}

/// The K² model's errors for a score reported or bounded where it is undefined on a class
/// (a zero count), in the macro experiment's terms (the class and fold, the field of the
/// score or bound): checked in O(K) per score and fold, without building the K-term
/// expressions. The one-vs-rest model asks it before its binary program, whose own errors
/// would name binary folds.
///
/// # Errors
///
/// The first score undefined on a class of a fold.
pub fn defined(ex: &MacroExperiment) -> Result<()> {
    for (f, counts) in ex.folds.iter().enumerate() {
        let total: u64 = counts.iter().sum();
        for bound in ex
            .windows
            .iter()
            .chain(&ex.class_bounds)
            .chain(&ex.fold_bounds)
        {
            for (c, &p) in counts.iter().enumerate() {
                if linear_form(bound.score, p, total - p).is_none() {
                    class_score(ex, bound.score, f, c)?;
                }
            }
        }
    }
    Ok(())
}

/// Node budget of the first turn of [`decide_in_turn`].
const FIRST_TURN_NODES: u64 = 256;

/// Both exact programs, the merged one and the per-fold one, in turn under node budgets
/// growing fourfold (from [`FIRST_TURN_NODES`] to the caller's), within one deadline.
///
/// The branch and bound is fast on one and slow on the other, and which is not known
/// beforehand: on one 9-fold case of two shapes the merged program is decided in 4 ms and
/// the per-fold one is open after 30 s; on another the per-fold one takes 0.9 s and the
/// merged one 8.7 s. Both are exact, so the first decided verdict is the answer, and the
/// work lost to restarts is a constant factor of the better program's.
fn decide_in_turn(
    ex: &MacroExperiment,
    groups: &[(&[u64], Vec<usize>)],
    solver: &dyn Feasibility,
    limits: &Limits,
) -> Result<Verdict> {
    let most = limits.max_nodes.unwrap_or(DEFAULT_MAX_NODES);
    let mut turn = limits.clone();
    turn.deadline = limits
        .deadline
        .or_else(|| Instant::now().checked_add(limits.time_limit.unwrap_or(DEFAULT_TIME_LIMIT)));
    let mut nodes = FIRST_TURN_NODES.min(most);
    loop {
        turn.max_nodes = Some(nodes);
        let merged = decide_grouped(ex, groups, solver, &turn);
        if !matches!(merged, Verdict::Undecided { .. }) {
            return Ok(merged);
        }
        let per_fold = decide_per_fold(ex, solver, &turn)?;
        let time_left = turn.deadline.is_none_or(|d| Instant::now() < d);
        if !matches!(per_fold, Verdict::Undecided { .. }) || nodes >= most || !time_left {
            return Ok(per_fold);
        }
        nodes = nodes.saturating_mul(4).min(most);
    }
}

/// [`decide_exact`] with 2K unknowns for every fold.
fn decide_per_fold(
    ex: &MacroExperiment,
    solver: &dyn Feasibility,
    limits: &Limits,
) -> Result<Verdict> {
    let experiment = one_vs_rest(ex);
    let Some(mut problem) = build_until(&experiment, limits.deadline).map_err(MacroError::from)?
    else {
        return Ok(Verdict::Undecided {
            reason: "the time limit ran out while the model was being built".into(),
        });
    };
    crate::class_pairs::add_matrix_rows(&mut problem, &ex.folds);
    let verdict = checked(solver, &problem, &limits.budget());
    let Verdict::Feasible { witness } = &verdict else {
        return Ok(verdict);
    };
    let mut cells_out: Vec<i64> = Vec::new();
    let mut first = 0usize;
    for counts in &ex.folds {
        let kk = counts.len();
        let total: u64 = counts.iter().sum();
        let value = |i: usize| witness.get(i).copied().unwrap_or(-1);
        let tp: Vec<u64> = (0..kk)
            .map(|c| value(2 * (first + c)).max(0) as u64)
            .collect();
        let fp: Vec<u64> = (0..kk)
            .map(|c| {
                let tn = value(2 * (first + c) + 1).max(0) as u64;
                (total - counts[c]).saturating_sub(tn)
            })
            .collect();
        let Some(m) = crate::class_pairs::matrix(counts, &tp, &fp) else {
            // Not expected (the rows are exactly the condition); the K² model answers.
            return match build(ex, limits.deadline)? {
                Some(problem) => Ok(checked(solver, &problem, &limits.budget())),
                None => Ok(Verdict::Undecided {
                    reason: "the time limit ran out while the K×K model was being built".into(),
                }),
            };
        };
        cells_out.extend(m.iter().flatten().map(|&x| x as i64));
        first += kk;
    }
    Ok(Verdict::Feasible { witness: cells_out })
}

/// The folds grouped by their class counts: each distinct count vector with the indices of
/// its folds, in the order of first appearance.
fn same_shapes(folds: &[Vec<u64>]) -> Vec<(&[u64], Vec<usize>)> {
    let mut groups: Vec<(&[u64], Vec<usize>)> = Vec::new();
    for (f, counts) in folds.iter().enumerate() {
        match groups
            .iter_mut()
            .find(|(shape, _)| *shape == counts.as_slice())
        {
            Some((_, members)) => members.push(f),
            None => groups.push((counts, vec![f])),
        }
    }
    groups
}

/// The exact model with the folds of equal class counts merged, when no bound applies to a
/// single fold or class (only the reported means).
///
/// Folds of equal counts enter the reported means with equal coefficients, so only the
/// sums of their per-class counts matter; and the sums are those of m K×K matrices with row
/// sums r exactly when they are those of one matrix with row sums m·r (a matrix with row
/// sums m·r splits into m matrices with row sums r row by row, [`split_rows`]). So the
/// merged program, m times each shape's counts with each shape's macro score weighted by
/// m/F, has a solution iff the per-fold program has; a solution's merged matrices are split
/// back into the folds' matrices for the witness. A 3 × 3-fold case of four classes thus
/// has 2 merged folds instead of 9, which the branch and bound closes where it ran out of
/// time on 9.
fn decide_grouped(
    ex: &MacroExperiment,
    groups: &[(&[u64], Vec<usize>)],
    solver: &dyn Feasibility,
    limits: &Limits,
) -> Verdict {
    let merged: Vec<Vec<u64>> = groups
        .iter()
        .map(|(shape, members)| shape.iter().map(|&c| c * members.len() as u64).collect())
        .collect();
    let mut problem = Problem::new();
    for (g, counts) in merged.iter().enumerate() {
        let total: u64 = counts.iter().sum();
        for (c, &p) in counts.iter().enumerate() {
            let upper = |x: u64| i64::try_from(x).unwrap_or(i64::MAX);
            problem.add_variable(
                format!("tp of class {} in merged fold {g}", ex.labels[c]),
                0,
                upper(p),
            );
            problem.add_variable(
                format!("tn of class {} in merged fold {g}", ex.labels[c]),
                0,
                upper(total - p),
            );
        }
    }
    let folds = ex.folds.len() as u64;
    for window in &ex.windows {
        let mut terms = Vec::new();
        let mut constant = BigRational::zero();
        let mut first = 0usize;
        for ((_, members), counts) in groups.iter().zip(&merged) {
            let k = counts.len() as u64;
            let total: u64 = counts.iter().sum();
            let weight = ratio(members.len() as u64, folds * k);
            for (c, &p) in counts.iter().enumerate() {
                // Defined: the same scores were checked on every fold's classes above.
                let Some((a, b, offset)) = linear_form(window.score, p, total - p) else {
                    return Verdict::Undecided {
                        reason: format!("{} is undefined on a merged fold", window.score),
                    };
                };
                terms.push((VarId(2 * (first + c)), a * &weight));
                terms.push((VarId(2 * (first + c) + 1), b * &weight));
                constant += offset * &weight;
            }
            first += counts.len();
        }
        terms.retain(|(_, coefficient): &(VarId, BigRational)| !coefficient.is_zero());
        problem.add_constraint(
            format!("reported macro {}", window.score),
            terms,
            Some(&window.lower - &constant),
            Some(&window.upper - &constant),
        );
    }
    crate::class_pairs::add_matrix_rows(&mut problem, &merged);
    let verdict = checked(solver, &problem, &limits.budget());
    let Verdict::Feasible { witness } = &verdict else {
        return verdict;
    };
    let mut per_fold: Vec<Vec<u64>> = vec![Vec::new(); ex.folds.len()];
    let mut first = 0usize;
    for ((shape, members), counts) in groups.iter().zip(&merged) {
        let k = counts.len();
        let total: u64 = counts.iter().sum();
        let value = |i: usize| witness.get(i).copied().unwrap_or(-1).max(0) as u64;
        let tp: Vec<u64> = (0..k).map(|c| value(2 * (first + c))).collect();
        let fp: Vec<u64> = (0..k)
            .map(|c| (total - counts[c]).saturating_sub(value(2 * (first + c) + 1)))
            .collect();
        let Some(m) = crate::class_pairs::matrix(counts, &tp, &fp) else {
            return Verdict::Undecided {
                reason: "a merged fold's counts did not give a K×K matrix".into(),
            };
        };
        let shapes = vec![shape.to_vec(); members.len()];
        for (&f, matrix) in members.iter().zip(split_rows(&m, &shapes)) {
            per_fold[f] = matrix.into_iter().flatten().collect();
        }
        first += k;
    }
    Verdict::Feasible {
        witness: per_fold.into_iter().flatten().map(|x| x as i64).collect(),
    }
}

/// Splits a pooled matrix into per-fold matrices with the folds' row sums: each row is dealt
/// to the folds greedily (always possible, since the row sums add up).
pub fn split_rows(pooled: &[Vec<u64>], folds: &[Vec<u64>]) -> Vec<Vec<Vec<u64>>> {
    let k = pooled.len();
    let mut out = vec![vec![vec![0u64; k]; k]; folds.len()];
    for (i, row) in pooled.iter().enumerate() {
        let mut left = row.clone();
        for (f, counts) in folds.iter().enumerate() {
            let mut need = counts.get(i).copied().unwrap_or(0);
            for (j, l) in left.iter_mut().enumerate() {
                let take = need.min(*l);
                out[f][i][j] += take;
                *l -= take;
                need -= take;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use scorecheck_feasibility_pure::PureBackend;

    fn window(score: Score, lower: (i64, i64), width: i64) -> Bound {
        let lower = BigRational::new(lower.0.into(), lower.1.into());
        let upper = &lower + BigRational::new(width.into(), 1000.into());
        Bound::new(score, lower, upper)
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

        /// Merging folds of equal counts gives the verdict of the per-fold program, and a
        /// merged witness splits into K×K matrices with every fold's row sums.
        #[test]
        fn merged_folds_agree_with_per_fold_program(
            k in 2usize..=3,
            shape in prop::collection::vec(1u64..=3, 3),
            other in prop::collection::vec(1u64..=3, 3),
            layout in prop::collection::vec(any::<bool>(), 2..=4),
            picks in prop::collection::vec((0usize..4, 0i64..=20, 1i64..=40), 1..=3),
        ) {
            let scores = [Score::Acc, Score::Sens, Score::Spec, Score::Bacc];
            let folds: Vec<Vec<u64>> = layout
                .iter()
                .map(|&first| if first { shape[..k].to_vec() } else { other[..k].to_vec() })
                .collect();
            let windows = picks
                .iter()
                .map(|&(s, low, width)| window(scores[s], (low, 20), width * 10))
                .collect();
            let ex = MacroExperiment {
                labels: (0..k).map(|c| format!("c{c}")).collect(),
                folds: folds.clone(),
                class_bounds: Vec::new(),
                fold_bounds: Vec::new(),
                windows,
            };
            let limits = Limits::default();
            let groups = same_shapes(&ex.folds);
            prop_assume!(groups.len() < ex.folds.len());
            let merged = decide_grouped(&ex, &groups, &PureBackend, &limits);
            let per_fold = decide_per_fold(&ex, &PureBackend, &limits).unwrap();
            prop_assert_eq!(
                matches!(merged, Verdict::Feasible { .. }),
                matches!(per_fold, Verdict::Feasible { .. }),
                "{:?} vs {:?}", merged, per_fold
            );
            let undecided = matches!(merged, Verdict::Undecided { .. });
            prop_assert!(!undecided);
            if let Verdict::Feasible { witness } = merged {
                let mut at = 0;
                for counts in &folds {
                    for &r in counts {
                        let row: i64 = witness[at..at + k].iter().sum();
                        prop_assert_eq!(row, r as i64);
                        at += k;
                    }
                }
                prop_assert_eq!(at, witness.len());
                for w in &ex.windows {
                    let mut mean = BigRational::zero();
                    for (f, counts) in folds.iter().enumerate() {
                        let total: u64 = counts.iter().sum();
                        for (c, &p) in counts.iter().enumerate() {
                            let m = |i: usize, j: usize| witness[cell(k, f, i, j)] as u64;
                            let tp = m(c, c);
                            let fp: u64 = (0..k).filter(|&r| r != c).map(|r| m(r, c)).sum();
                            let n = total - p;
                            let (a, b, offset) = linear_form(w.score, p, n).unwrap();
                            mean += (a * int(tp) + b * int(n - fp) + offset)
                                * ratio(1, (k * folds.len()) as u64);
                        }
                    }
                    prop_assert!(w.lower <= mean && mean <= w.upper, "{} {}", w.score, mean);
                }
            }
        }
    }
}
