//! The multiclass protocols: micro and macro averages on one testset or over known folds,
//! decided on the K×K confusion matrices themselves.
//!
//! # Models
//!
//! The reference (mlscorecheck 1.0.3) reduces a K-class problem to K independent
//! one-vs-rest binary problems. That relaxation forgets that the K binary matrices come from
//! one K×K matrix M per fold: with row sums r_c (the class counts) and T = Σ r_c,
//! tp_c = M[c][c], fn_c = r_c − M[c][c], fp_c = Σ_{r≠c} M[r][c] and tn_c = T − r_c − fp_c.
//! Here the default `"model": "exact"` decides on the K×K matrices; `"model": "one_vs_rest"`
//! keeps the reference's relaxation so that users can compare. The result says which model
//! decided (`"model"`).
//!
//! - **Micro** (pooled over classes): Σ_c fp_c = Σ_c fn_c = T − trace(M), so the pooled
//!   binary matrix is p = T, n = (K−1)·T, tp = trace, tn = (K−2)·T + trace. Every trace in
//!   [0, T] is reachable (put d_c ≤ r_c items of each class on the diagonal, Σ d_c = trace,
//!   and every other item of class c in any other column: columns are unconstrained because
//!   predictions are free). So every micro score is a function of one integer; see
//!   [`micro`]. The one-vs-rest model lets tp and tn of the pooled matrix vary independently.
//! - **Macro** (mean over classes of the class scores): linear class scores (acc, sens,
//!   spec, bacc and their complements, bm) are linear in the cells, so the question is an
//!   integer program over the K² cells of each fold with the row sums as equalities; see
//!   [`macro_avg`]. Other reported scores are not used and are listed in `ignored_scores`.
//!
//! Score of means over folds pools the folds: for micro the pooled trace is any integer in
//! [0, Σ T_f]; for macro the sum of the fold matrices is any matrix with the pooled row sums
//! (split each pooled row among the folds greedily), so both reduce to the testset case.
//!
//! # Deliberate differences from the reference
//!
//! - The exact model is the default; it finds inconsistencies the relaxation cannot (e.g.
//!   two classes of 5: macro spec equals macro sens, since one class's false positives are
//!   the other's false negatives). `"model": "one_vs_rest"` reproduces the reference.
//! - `class_score_bounds` constrain every class of every fold (the reference raises).
//! - `n_folds > 1` without `"strategy": "stratified_sklearn"` is an error, where the
//!   reference silently treats the whole dataset as one fold.
//! - Every fold keeps all K classes of the dataset; the reference's `np.bincount` drops
//!   classes absent from the end of a fold, which changes K (and so the micro n and the
//!   macro mean) in that fold.
//! - Explicit folds must cover the dataset a whole number of times.

mod class_pairs;
mod folds;
mod macro_avg;
mod micro;

use serde_json::Value;

use crate::dispatch::Request;
use crate::error::{Error, ErrorKind, Result};
use crate::input::Object;
use crate::json::Json;

pub(crate) use folds::ClassCounts;

/// Which model of the multiclass experiment decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Model {
    /// The K×K confusion matrices (the default).
    Exact,
    /// The reference's independent one-vs-rest binary matrices.
    OneVsRest,
}

impl Model {
    /// The name used in requests and results.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Model::Exact => "exact",
            Model::OneVsRest => "one_vs_rest",
        }
    }
}

/// Reads `model` (`"exact"` by default, or `"one_vs_rest"`).
fn read_model(fields: &Object<'_>) -> Result<Model> {
    match fields.get("model") {
        None => Ok(Model::Exact),
        Some(Json::String(s)) if s == "exact" => Ok(Model::Exact),
        Some(Json::String(s)) if s == "one_vs_rest" || s == "one-vs-rest" => Ok(Model::OneVsRest),
        Some(other) => Err(Error::new(
            ErrorKind::InvalidValue,
            Some("model"),
            format!("unknown model {other}; use \"exact\" (K×K confusion matrices, the default) or \"one_vs_rest\" (the reference's relaxation)"),
        )),
    }
}

/// A multiclass experiment: the classes, and the class counts of every fold (one fold for a
/// testset).
pub(crate) struct Setup {
    /// Class labels and dataset counts.
    pub(crate) classes: ClassCounts,
    /// Per fold, per class counts.
    pub(crate) folds: Vec<Vec<u64>>,
}

impl Setup {
    /// The per-class counts pooled over all folds.
    pub(crate) fn pooled(&self) -> Result<Vec<u64>> {
        let too_large = || {
            Error::new(
                ErrorKind::InvalidValue,
                Some("folding"),
                "the pooled counts exceed 2^64; counts this large are not supported",
            )
        };
        let mut out = vec![0u64; self.classes.labels.len()];
        for fold in &self.folds {
            for (o, &c) in out.iter_mut().zip(fold) {
                *o = o.checked_add(c).ok_or_else(too_large)?;
            }
        }
        // Callers sum the pooled counts freely, so their total must fit too.
        out.iter()
            .try_fold(0u64, |a, &c| a.checked_add(c))
            .ok_or_else(too_large)?;
        Ok(out)
    }
}

fn testset(fields: &Object<'_>) -> Result<Setup> {
    let classes = folds::class_counts(
        fields.required(
            "testset",
            "the test set's class counts, e.g. {\"0\": 10, \"1\": 100, \"2\": 80}",
        )?,
        "testset",
    )?;
    let folds = vec![classes.counts.clone()];
    Ok(Setup { classes, folds })
}

fn dataset_with_folds(fields: &Object<'_>) -> Result<Setup> {
    let classes = folds::class_counts(
        fields.required(
            "dataset",
            "the dataset's class counts, e.g. {\"0\": 129, \"1\": 81, \"2\": 135}",
        )?,
        "dataset",
    )?;
    let folds = folds::folds(
        fields.required("folding", "the folds: {\"folds\": [{\"0\": 65, ...}, ...]} or {\"n_folds\": 5, \"n_repeats\": 1, \"strategy\": \"stratified_sklearn\"}")?,
        "folding",
        &classes,
    )?;
    Ok(Setup { classes, folds })
}

/// `1_testset_no_kfold_micro`: `testset`, `scores`, `eps`, `model`.
pub(crate) fn testset_no_kfold_micro(request: &Request<'_>) -> Result<Value> {
    let setup = testset(&request.fields)?;
    micro::score_of_means(request, &setup, read_model(&request.fields)?)
}

/// `1_dataset_known_folds_som_micro`: `dataset`, `folding`, `scores`, `eps`, `model`.
pub(crate) fn dataset_known_folds_som_micro(request: &Request<'_>) -> Result<Value> {
    let setup = dataset_with_folds(&request.fields)?;
    micro::score_of_means(request, &setup, read_model(&request.fields)?)
}

/// `1_dataset_known_folds_mos_micro`: `dataset`, `folding`, `scores`, `eps`,
/// `fold_score_bounds`, `model`.
pub(crate) fn dataset_known_folds_mos_micro(request: &Request<'_>) -> Result<Value> {
    let setup = dataset_with_folds(&request.fields)?;
    micro::mean_of_scores(request, &setup, read_model(&request.fields)?)
}

/// `1_testset_no_kfold_macro`: `testset`, `scores`, `eps`, `class_score_bounds`, `model`.
pub(crate) fn testset_no_kfold_macro(request: &Request<'_>) -> Result<Value> {
    let setup = testset(&request.fields)?;
    macro_avg::score_of_means(request, &setup, read_model(&request.fields)?)
}

/// `1_dataset_known_folds_som_macro`: `dataset`, `folding`, `scores`, `eps`,
/// `class_score_bounds`, `model`.
pub(crate) fn dataset_known_folds_som_macro(request: &Request<'_>) -> Result<Value> {
    let setup = dataset_with_folds(&request.fields)?;
    macro_avg::score_of_means(request, &setup, read_model(&request.fields)?)
}

/// `1_dataset_known_folds_mos_macro`: `dataset`, `folding`, `scores`, `eps`,
/// `class_score_bounds`, `fold_score_bounds`, `model`.
pub(crate) fn dataset_known_folds_mos_macro(request: &Request<'_>) -> Result<Value> {
    let setup = dataset_with_folds(&request.fields)?;
    macro_avg::mean_of_scores(request, &setup, read_model(&request.fields)?)
}

/// The most K×K cells (over all folds) a witness lists; beyond it the matrices are left
/// out (the verdict and the per-fold traces stand) so that rendering stays small.
pub(crate) const MAX_WITNESS_CELLS: u64 = 1_000_000;

/// Whether the K×K witness matrices of `folds` are small enough to list.
pub(crate) fn witness_matrices_fit(folds: &[Vec<u64>]) -> bool {
    let k = folds.first().map_or(0, Vec::len) as u64;
    k.saturating_mul(k).saturating_mul(folds.len() as u64) <= MAX_WITNESS_CELLS
}

/// A K×K matrix with row sums `counts` and the given trace (≤ Σ counts): the diagonal is
/// filled greedily, every other item of class c is predicted as class c + 1 (mod K).
pub(crate) fn matrix_with_trace(counts: &[u64], trace: u64) -> Vec<Vec<u64>> {
    let k = counts.len();
    let mut left = trace;
    let mut m = vec![vec![0u64; k]; k];
    for (c, &count) in counts.iter().enumerate() {
        let d = count.min(left);
        left -= d;
        m[c][c] = d;
        if k > 1 {
            m[c][(c + 1) % k] += count - d;
        }
    }
    m
}

/// The labelled counts of a fold as a JSON object.
pub(crate) fn counts_json(labels: &[String], counts: &[u64]) -> Value {
    Value::Object(
        labels
            .iter()
            .cloned()
            .zip(counts.iter().map(|&c| Value::from(c)))
            .collect(),
    )
}
