//! Macro-averaged multiclass scores: an integer program over the K² cells of each fold.
//!
//! For class c of a fold with row sums r and T items, the one-vs-rest counts are
//! tp_c = M[c][c] and tn_c = (T − r_c) − Σ_{r≠c} M[r][c], so a linear class score
//! a·tp_c + b·tn_c + const is linear in the cells. The fold's macro score is the mean over
//! classes, the reported figure the mean over folds (one pooled fold for score of means).
//! Row sums are equalities; columns are free. The one-vs-rest model instead lets every
//! class's (tp_c, tn_c) vary independently, as the reference does, through the
//! mean-of-scores integer program of the binary protocols.

use std::collections::BTreeMap;
use std::time::Instant;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};
use scorecheck_algebra::{ConfusionMatrix, Score};
use scorecheck_feasibility::{Problem, VarId, Verdict};
use serde_json::{json, Map, Value};

use super::{counts_json, Model, Setup};
use crate::dispatch::Request;
use crate::error::{Error, ErrorKind, Result};
use crate::input;
use crate::mos::{self, Bound, DatasetSpec, Experiment, FoldSpec};

/// A macro experiment: folds (class counts) and the bounds at each level.
struct MacroExperiment<'a> {
    labels: &'a [String],
    folds: Vec<Vec<u64>>,
    class_bounds: Vec<Bound>,
    fold_bounds: Vec<Bound>,
    windows: Vec<Bound>,
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

/// The cell variable index of fold f, row i, column j (folds of K² cells each).
fn cell(k: usize, f: usize, i: usize, j: usize) -> usize {
    (f * k + i) * k + j
}

/// Class c's score in fold f as a linear expression of the cells.
/// The most K×K counts (over all folds) the exact macro model shows in its witness (and
/// builds, in the K² form kept as a fallback).
const MAX_EXACT_CELLS: u64 = 1_000_000;

fn class_score(ex: &MacroExperiment<'_>, score: Score, f: usize, c: usize) -> Result<Linear> {
    let counts = &ex.folds[f];
    let k = counts.len();
    let total: u64 = counts.iter().sum();
    let (p, n) = (counts[c], total - counts[c]);
    let (a, b, constant) = mos::linear_form(score, p, n).ok_or_else(|| {
        Error::new(
            ErrorKind::Contradiction,
            Some(&input::join("scores", score.abbreviation())),
            format!(
                "{score} of class {:?} is undefined in fold {f} ({p} items of the class, {n} of the others), so its macro average cannot be formed; remove that score or check the class counts",
                ex.labels[c]
            ),
        )
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
fn fold_score(ex: &MacroExperiment<'_>, score: Score, f: usize) -> Result<Linear> {
    let k = ex.folds[f].len();
    let mut lin = Linear::default();
    for c in 0..k {
        lin.add_scaled(&class_score(ex, score, f, c)?, &ratio(1, k as u64));
    }
    Ok(lin)
}

/// The integer program of the exact model.
///
/// `None` when the deadline passed while building: the caller answers "undecided".
fn build(ex: &MacroExperiment<'_>, deadline: Option<Instant>) -> Result<Option<Problem>> {
    let k = ex.labels.len() as u64;
    let cells = k.saturating_mul(k).saturating_mul(ex.folds.len() as u64);
    if cells > MAX_EXACT_CELLS {
        return Err(Error::new(
            ErrorKind::InvalidValue,
            Some("model"),
            format!("the exact model needs {k}×{k} counts in each of {} folds ({cells} unknowns), more than it supports ({MAX_EXACT_CELLS}); use \"model\": \"one_vs_rest\" or fewer classes or folds", ex.folds.len()),
        ));
    }
    let passed = || deadline.is_some_and(|d| Instant::now() >= d);
    let mut problem = Problem::new();
    for (f, counts) in ex.folds.iter().enumerate() {
        if passed() {
            return Ok(None);
        }
        for (i, &r) in counts.iter().enumerate() {
            let upper = i64::try_from(r).map_err(|_| {
                Error::new(
                    ErrorKind::InvalidValue,
                    Some(&format!("folds[{f}].{}", ex.labels[i])),
                    format!("class {:?} has more than 2^63 items in fold {f}, which macro checks do not support; use smaller counts", ex.labels[i]),
                )
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

/// The reference's relaxation: every class of every fold an independent binary matrix.
fn one_vs_rest(ex: &MacroExperiment<'_>) -> Experiment {
    let datasets = ex
        .folds
        .iter()
        .map(|counts| {
            let total: u64 = counts.iter().sum();
            DatasetSpec {
                folds: counts
                    .iter()
                    .map(|&p| FoldSpec {
                        p,
                        n: total - p,
                        bounds: ex.class_bounds.clone(),
                    })
                    .collect(),
                bounds: ex.fold_bounds.clone(),
            }
        })
        .collect();
    Experiment {
        datasets,
        windows: ex.windows.clone(),
    }
}

fn decide(
    request: &Request<'_>,
    ex: &MacroExperiment<'_>,
    ignored: &[String],
    model: Model,
    fold_split: Option<&[Vec<u64>]>,
) -> Result<Value> {
    if model == Model::OneVsRest {
        let experiment = one_vs_rest(ex);
        let outcome = match mos::nothing_checkable(&experiment, ignored) {
            Some(reason) => mos::MosOutcome {
                verdict: Verdict::Undecided { reason },
            },
            None => mos::solve(&experiment, request)?,
        };
        let mut out = mos::render(&experiment, &outcome, ignored, request);
        if let Value::Object(map) = &mut out {
            map.insert("model".into(), model.as_str().into());
        }
        return Ok(out);
    }
    let nothing_checkable = ex.windows.is_empty()
        && ex.class_bounds.is_empty()
        && ex.fold_bounds.is_empty()
        && !ignored.is_empty();
    let verdict = if nothing_checkable {
        // A "consistent" here would be a claim without evidence.
        Verdict::Undecided {
            reason: format!(
                "none of the reported scores ({}) is usable by this protocol and no bound is given, so nothing can be checked; report acc, sens, spec, bacc or their complements",
                ignored.join(", ")
            ),
        }
    } else {
        exact_by_class_pairs(ex, request)?
    };
    let mut out = Map::new();
    crate::backend::insert_verdict(
        &mut out,
        &verdict,
        |witness| witness_json(ex, witness, fold_split),
        |reason| {
            format!("no K×K confusion matrices with these class counts give the reported macro averages: {reason}")
        },
    );
    out.insert("model".into(), model.as_str().into());
    out.insert("backend".into(), request.options.backend_name().into());
    out.insert("ignored_scores".into(), json!(ignored));
    if ex.windows.is_empty() {
        out.insert(
            "note".into(),
            "no reported score is usable by this protocol, so only the bounds were checked".into(),
        );
    }
    Ok(Value::Object(out))
}

/// The exact K×K model decided through its 2K-unknowns-per-fold form
/// ([`super::class_pairs`]): the one-vs-rest program plus the rows that make every fold's
/// per-class counts those of a K×K matrix. A feasible point becomes K×K matrices again
/// (the witness that is shown); should that ever fail, the K² model decides instead.
fn exact_by_class_pairs(ex: &MacroExperiment<'_>, request: &Request<'_>) -> Result<Verdict> {
    let k = ex.labels.len() as u64;
    let cells = k.saturating_mul(k).saturating_mul(ex.folds.len() as u64);
    if cells > MAX_EXACT_CELLS {
        return Err(Error::new(
            ErrorKind::InvalidValue,
            Some("model"),
            format!("the exact model's witness has {k}×{k} counts in each of {} folds ({cells} in all), more than it shows ({MAX_EXACT_CELLS}); use \"model\": \"one_vs_rest\" or fewer classes or folds", ex.folds.len()),
        ));
    }
    // The same errors as the K² model for scores undefined on a class (checked in O(K) per
    // score and fold, without building the K-term expressions).
    for (f, counts) in ex.folds.iter().enumerate() {
        let total: u64 = counts.iter().sum();
        for bound in ex
            .windows
            .iter()
            .chain(&ex.class_bounds)
            .chain(&ex.fold_bounds)
        {
            for (c, &p) in counts.iter().enumerate() {
                if mos::linear_form(bound.score, p, total - p).is_none() {
                    class_score(ex, bound.score, f, c)?;
                }
            }
        }
    }
    let experiment = one_vs_rest(ex);
    let Some(mut problem) = mos::build_until(&experiment, request.options.deadline)? else {
        return Ok(Verdict::Undecided {
            reason: "the time limit ran out while the model was being built".into(),
        });
    };
    super::class_pairs::add_matrix_rows(&mut problem, &ex.folds);
    let verdict = crate::backend::solve(&problem, &request.options)?;
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
        let Some(m) = super::class_pairs::matrix(counts, &tp, &fp) else {
            // Not expected (the rows are exactly the condition); the K² model answers.
            return match build(ex, request.options.deadline)? {
                Some(problem) => crate::backend::solve(&problem, &request.options),
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

/// The matrices of the witness with their class and macro scores, evaluated exactly and
/// independently of the integer program (through the binary score formulas).
fn witness_json(
    ex: &MacroExperiment<'_>,
    witness: &[i64],
    fold_split: Option<&[Vec<u64>]>,
) -> Value {
    let mut scores: Vec<Score> = Vec::new();
    for b in ex
        .windows
        .iter()
        .chain(&ex.class_bounds)
        .chain(&ex.fold_bounds)
    {
        if !scores.contains(&b.score) {
            scores.push(b.score);
        }
    }
    if scores.is_empty() {
        scores = vec![Score::Acc, Score::Sens, Score::Spec, Score::Bacc];
    }
    let mut sums: Vec<Option<BigRational>> = vec![Some(BigRational::zero()); scores.len()];
    let mut folds = Vec::new();
    for (f, counts) in ex.folds.iter().enumerate() {
        let k = counts.len();
        let total: u64 = counts.iter().sum();
        let m: Vec<Vec<u64>> = (0..k)
            .map(|i| {
                (0..k)
                    .map(|j| witness.get(cell(k, f, i, j)).copied().unwrap_or(0).max(0) as u64)
                    .collect()
            })
            .collect();
        let mut fold_scores = Map::new();
        for (s, &score) in scores.iter().enumerate() {
            let mut sum = Some(BigRational::zero());
            for c in 0..k {
                let column: u64 = (0..k).map(|r| m[r][c]).sum();
                let fp = column - m[c][c];
                let n = total - counts[c];
                let value = ConfusionMatrix::new(m[c][c], n.saturating_sub(fp), counts[c], n)
                    .ok()
                    .and_then(|cm| cm.exact(score, &Default::default()))
                    .and_then(|e| e.as_rational().cloned());
                sum = sum.zip(value).map(|(a, b)| a + b);
            }
            let mean = sum.map(|s| s / int(k as u64));
            fold_scores.insert(
                score.abbreviation().into(),
                mean.as_ref()
                    .map(crate::render::rational)
                    .unwrap_or(Value::Null),
            );
            sums[s] = sums[s].take().zip(mean).map(|(a, b)| a + b);
        }
        folds.push(
            json!({"counts": counts_json(ex.labels, counts), "matrix": m, "scores": fold_scores}),
        );
    }
    let mut overall = Map::new();
    for (s, score) in scores.iter().enumerate() {
        let mean = sums[s].take().map(|x| x / int(ex.folds.len() as u64));
        overall.insert(
            score.abbreviation().into(),
            mean.as_ref()
                .map(crate::render::rational)
                .unwrap_or(Value::Null),
        );
    }
    let mut out = json!({"folds": folds, "scores": overall});
    if let (Some(split), [pooled]) = (fold_split, folds.as_slice()) {
        // Score of means: split the pooled matrix into one matrix per fold, row by row.
        if let Some(matrix) = pooled
            .get("matrix")
            .and_then(|m| serde_json::from_value::<Vec<Vec<u64>>>(m.clone()).ok())
        {
            out["fold_matrices"] = json!(split_rows(&matrix, split)
                .into_iter()
                .zip(split)
                .map(|(m, c)| json!({"counts": counts_json(ex.labels, c), "matrix": m}))
                .collect::<Vec<_>>());
        }
    }
    out
}

/// Splits a pooled matrix into per-fold matrices with the folds' row sums: each row is dealt
/// to the folds greedily (always possible, since the row sums add up).
fn split_rows(pooled: &[Vec<u64>], folds: &[Vec<u64>]) -> Vec<Vec<Vec<u64>>> {
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

fn read_class_bounds(request: &Request<'_>) -> Result<Vec<Bound>> {
    mos::read_bounds(
        request.fields.get("class_score_bounds"),
        "class_score_bounds",
    )
}

/// Score of means, macro (`1_testset_no_kfold_macro`, `1_dataset_known_folds_som_macro`):
/// one K×K matrix with the pooled class counts.
pub(crate) fn score_of_means(request: &Request<'_>, setup: &Setup, model: Model) -> Result<Value> {
    let class_bounds = read_class_bounds(request)?;
    let (windows, ignored) = mos::read_windows(&request.fields)?;
    let ex = MacroExperiment {
        labels: &setup.classes.labels,
        folds: vec![setup.pooled()?],
        class_bounds,
        fold_bounds: Vec::new(),
        windows,
    };
    let split = (setup.folds.len() > 1).then_some(setup.folds.as_slice());
    decide(request, &ex, &ignored, model, split)
}

/// Mean of scores, macro (`1_dataset_known_folds_mos_macro`): one K×K matrix per fold.
pub(crate) fn mean_of_scores(request: &Request<'_>, setup: &Setup, model: Model) -> Result<Value> {
    let class_bounds = read_class_bounds(request)?;
    let fold_bounds =
        mos::read_bounds(request.fields.get("fold_score_bounds"), "fold_score_bounds")?;
    let (windows, ignored) = mos::read_windows(&request.fields)?;
    let ex = MacroExperiment {
        labels: &setup.classes.labels,
        folds: setup.folds.clone(),
        class_bounds,
        fold_bounds,
        windows,
    };
    decide(request, &ex, &ignored, model, None)
}
