//! Multiclass micro and macro averages on one testset or over known folds, decided on the K×K
//! confusion matrices themselves: a typed engine (no JSON; the integer programs go to the
//! caller's `Feasibility` backend).
//!
//! # Models
//!
//! The reference (mlscorecheck 1.0.3) reduces a K-class problem to K independent
//! one-vs-rest binary problems. That relaxation forgets that the K binary matrices come from
//! one K×K matrix M per fold: with row sums r_c (the class counts) and T = Σ r_c,
//! `tp_c = M[c][c]`, `fn_c = r_c − M[c][c]`, `fp_c = Σ_{r≠c} M[r][c]` and `tn_c = T − r_c − fp_c`.
//! Here [`Model::Exact`] decides on the K×K matrices; [`Model::OneVsRest`] keeps the
//! reference's relaxation so that users can compare.
//!
//! - **Micro** (pooled over classes): Σ_c fp_c = Σ_c fn_c = T − trace(M), so the pooled
//!   binary matrix is p = T, n = (K−1)·T, tp = trace, tn = (K−2)·T + trace. Every trace in
//!   [0, T] is reachable (put d_c ≤ r_c items of each class on the diagonal, Σ d_c = trace,
//!   and every other item of class c in any other column: columns are unconstrained because
//!   predictions are free). So every micro score is a function of one integer; see
//!   [`search_trace`]. The one-vs-rest model lets tp and tn of the pooled matrix vary independently.
//! - **Macro** (mean over classes of the class scores): linear class scores (acc, sens,
//!   spec, bacc and their complements, bm) are linear in the cells, so the question is an
//!   integer program over the K² cells of each fold with the row sums as equalities; see
//!   [`decide_exact`]. Other reported scores are not used and are listed in `ignored_scores`.
//!
//! Score of means over folds pools the folds: for micro the pooled trace is any integer in
//! [0, Σ T_f]; for macro the sum of the fold matrices is any matrix with the pooled row sums
//! (split each pooled row among the folds greedily), so both reduce to the testset case.
//!
//! # Deliberate differences from the reference
//!
//! - The exact model finds inconsistencies the relaxation cannot (e.g.
//!   two classes of 5: macro spec equals macro sens, since one class's false positives are
//!   the other's false negatives). [`Model::OneVsRest`] reproduces the reference.
//! - `class_score_bounds` constrain every class of every fold (the reference raises).
//! - `n_folds > 1` without `"strategy": "stratified_sklearn"` is an error, where the
//!   reference silently treats the whole dataset as one fold.
//! - Every fold keeps all K classes of the dataset; the reference's `np.bincount` drops
//!   classes absent from the end of a fold, which changes K (and so the micro n and the
//!   macro mean) in that fold.
//! - Explicit folds must cover the dataset a whole number of times.
//!
//! Cargo features: `serde` (`Serialize`/`Deserialize` derives on the typed values; no format
//! is imposed). None is on by default.

#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(unreachable_pub)]

mod class_pairs;
mod macro_avg;
mod micro;
mod witness;

pub use macro_avg::{
    cell, decide_exact, defined, one_vs_rest, split_rows, MacroError, MacroErrorKind,
    MacroExperiment, MAX_EXACT_CELLS,
};
pub use micro::{
    at, mean_of_scores_program, pooled_binary, search_trace, MicroError, MicroErrorKind, Trace,
};
pub use witness::{macro_witness, MacroFold, MacroWitness};

/// Which model of the multiclass experiment decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Model {
    /// The K×K confusion matrices (the default).
    Exact,
    /// The reference's independent one-vs-rest binary matrices.
    OneVsRest,
}

impl Model {
    /// The name used in requests and results (`exact`, `one_vs_rest`).
    pub fn as_str(self) -> &'static str {
        match self {
            Model::Exact => "exact",
            Model::OneVsRest => "one_vs_rest",
        }
    }
}

/// The most K×K cells (over all folds) a witness lists; beyond it the matrices are left
/// out (the verdict and the per-fold traces stand) so that rendering stays small.
pub const MAX_WITNESS_CELLS: u64 = 1_000_000;

/// Whether the K×K witness matrices of `folds` are small enough to list.
pub fn witness_matrices_fit(folds: &[Vec<u64>]) -> bool {
    let k = folds.first().map_or(0, Vec::len) as u64;
    k.saturating_mul(k).saturating_mul(folds.len() as u64) <= MAX_WITNESS_CELLS
}

/// A K×K matrix with row sums `counts` and the given trace (≤ Σ counts): the diagonal is
/// filled greedily, every other item of class c is predicted as class c + 1 (mod K).
///
/// ```
/// use scorecheck_multiclass::matrix_with_trace;
///
/// assert_eq!(matrix_with_trace(&[3, 2], 4), vec![vec![3, 0], vec![1, 1]]);
/// ```
pub fn matrix_with_trace(counts: &[u64], trace: u64) -> Vec<Vec<u64>> {
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
