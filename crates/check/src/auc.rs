//! The ROC AUC as a reported score of one test set: its names, its entries read, its window handed to `scorecheck_single::auc_windows`.
//!
//! The engine turns the AUC's window into two windows on counts that the single-matrix
//! search decides like any score (`scorecheck_single::auc_windows` explains why that is
//! exact; `scorecheck_single::achievable_auc` gives the AUC values at one matrix).

use scorecheck_algebra::Score;

use crate::figures::ReportedAuc;
use crate::single::Window;

/// The two windows on counts that an AUC window amounts to at (p, n), or `None` when no
/// value k/(2pn) lies in the window at all (then nothing fits); see
/// `scorecheck_single::auc_windows`.
pub(crate) fn windows(auc: &ReportedAuc, p: u64, n: u64) -> Option<[Window; 2]> {
    scorecheck_single::auc_windows(&auc.window(), &auc.value, p, n)
}

/// Whether `score` is one of the internal scores that carry an AUC window.
pub(crate) fn is_internal(score: Score) -> bool {
    scorecheck_single::is_auc_window(score)
}
