//! The per-fold class counts of scikit-learn's `StratifiedKFold` (no shuffling).
//!
//! scikit-learn numbers the classes in order of first appearance in `y`, sorts the encoded
//! labels, and deals the sorted list round-robin into the folds: sample `j` of the sorted list
//! goes to fold `j mod k`. The counts therefore depend only on the class counts in that order.

use crate::error::{Error, ErrorKind};
use crate::rules::Fold;

/// Per-fold class counts (`out[fold][class]`) of `StratifiedKFold(n_splits=k)` on a dataset
/// whose classes, **in order of first appearance in `y`**, have these counts.
///
/// A class with count 0 does not occur in `y`; its column is all zeros.
///
/// # Errors
///
/// Where scikit-learn raises: [`ErrorKind::NoClasses`] when every count is 0,
/// [`ErrorKind::TooFewSplits`] for `k < 2`, [`ErrorKind::MoreFoldsThanSamples`] for `k` above
/// the number of samples, [`ErrorKind::SplitsExceedEveryClass`] for `k` above every class's
/// count; and [`ErrorKind::TooLarge`] when the counts overflow a `u64` or `k` exceeds 2^24.
///
/// ```
/// use scorecheck_folds::stratified_sklearn_folds;
///
/// // Classes of 5 and 3 samples dealt round-robin into 3 folds.
/// assert_eq!(stratified_sklearn_folds(&[5, 3], 3)?, [vec![2, 1], vec![2, 1], vec![1, 1]]);
/// assert!(stratified_sklearn_folds(&[5, 3], 1).is_err());
/// # Ok::<(), scorecheck_folds::Error>(())
/// ```
pub fn stratified_sklearn_folds(class_counts: &[u64], k: usize) -> Result<Vec<Vec<u64>>, Error> {
    let folds = k as u64;
    if class_counts.iter().all(|&c| c == 0) {
        return Err(ErrorKind::NoClasses.into());
    }
    if folds < 2 {
        return Err(ErrorKind::TooFewSplits { folds }.into());
    }
    let samples = class_counts
        .iter()
        .try_fold(0u64, |acc, &c| acc.checked_add(c));
    let samples = samples.ok_or(Error::new(ErrorKind::TooLarge {
        what: "the number of samples",
    }))?;
    if folds > 1 << 24 {
        return Err(ErrorKind::TooLarge {
            what: "the number of folds",
        }
        .into());
    }
    if folds > samples {
        return Err(ErrorKind::MoreFoldsThanSamples { folds, samples }.into());
    }
    let largest_class = class_counts.iter().copied().max().unwrap_or(0);
    if folds > largest_class {
        return Err(ErrorKind::SplitsExceedEveryClass {
            folds,
            largest_class,
        }
        .into());
    }
    let mut out = vec![vec![0u64; class_counts.len()]; k];
    let mut start = 0u64;
    for (class, &count) in class_counts.iter().enumerate() {
        // Positions start..start+count of the sorted labels; fold i receives those ≡ i (mod k).
        let (base, extra) = (count / folds, count % folds);
        let first = (start % folds) as usize;
        for (i, fold) in out.iter_mut().enumerate() {
            let offset = ((i + k - first) % k) as u64;
            fold[class] = base + u64::from(offset < extra);
        }
        start += count;
    }
    Ok(out)
}

/// The reference's binary stratification: `y` holds the negatives (label 0) before the
/// positives (label 1), so the classes in order of appearance are `[n, p]`.
///
/// # Errors
///
/// As [`stratified_sklearn_folds`] on the counts `[n, p]`.
///
/// ```
/// use scorecheck_folds::{stratified_sklearn_binary, Fold};
///
/// let folds = stratified_sklearn_binary(3, 5, 3)?;
/// assert_eq!(folds, [Fold { p: 1, n: 2 }, Fold { p: 1, n: 2 }, Fold { p: 1, n: 1 }]);
/// # Ok::<(), scorecheck_folds::Error>(())
/// ```
pub fn stratified_sklearn_binary(p: u64, n: u64, k: usize) -> Result<Vec<Fold>, Error> {
    let folds = stratified_sklearn_folds(&[n, p], k)?;
    Ok(folds
        .into_iter()
        .map(|f| Fold { p: f[1], n: f[0] })
        .collect())
}
