//! scikit-learn's StratifiedKFold fold composition, through the folds layer.

/// The (p, n) of each of the k folds scikit-learn's `StratifiedKFold` makes of a binary
/// dataset (as the reference builds its label vector), or a message saying why there are
/// none.
pub(crate) fn binary(dataset: (u64, u64), k: u64) -> Result<Vec<(u64, u64)>, String> {
    let k = usize::try_from(k).map_err(|_| format!("{k} folds are too many"))?;
    scorecheck_folds::stratified_sklearn_binary(dataset.0, dataset.1, k)
        .map(|folds| folds.into_iter().map(|f| (f.p, f.n)).collect())
        .map_err(|e| e.to_string())
}
