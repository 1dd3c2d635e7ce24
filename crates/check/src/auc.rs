//! The ROC AUC as a reported score of one test set: its names, its entries read, its window handed to `scorecheck_single::auc_windows`.
//!
//! The engine turns the AUC's window into two windows on counts that the single-matrix
//! search decides like any score (`scorecheck_single::auc_windows` explains why that is
//! exact; `scorecheck_single::achievable_auc` gives the AUC values at one matrix).

use crate::json::{Json, JsonMap};
use num_rational::BigRational;
use scorecheck_algebra::Score;

use crate::single::Window;
use crate::{Error, ErrorKind, Result};

/// The names under which the AUC may be reported.
pub(crate) const NAMES: [&str; 4] = ["auc", "roc_auc", "auroc", "area_under_roc"];

/// Whether `key` names the AUC.
pub(crate) fn is_auc(key: &str) -> bool {
    NAMES.contains(&key.to_ascii_lowercase().as_str())
}

/// A reported AUC: its key, value and exact window [value − eps − tol, value + eps + tol].
#[derive(Clone, Debug)]
pub(crate) struct ReportedAuc {
    /// The key as written (`auc`, `roc_auc`, ...).
    pub(crate) key: String,
    /// The reported value.
    pub(crate) value: BigRational,
    /// The least value the report allows.
    pub(crate) lower: BigRational,
    /// The largest value the report allows.
    pub(crate) upper: BigRational,
}

impl ReportedAuc {
    /// Its window, as the single-matrix engine takes it.
    pub(crate) fn window(&self) -> scorecheck_single::AucWindow {
        scorecheck_single::AucWindow {
            lower: self.lower.clone(),
            upper: self.upper.clone(),
        }
    }
}

/// Splits the AUC entries off a `scores` (or `eps`) object: the object without them, and
/// the AUC entries as (key, value). Several names of the AUC with different values are an
/// error naming the second.
pub(crate) fn split(value: &Json, path: &str) -> Result<(Json, Option<(String, Json)>)> {
    let Json::Object(map) = value else {
        return Ok((value.clone(), None));
    };
    let mut rest = JsonMap::new();
    let mut found: Option<(String, Json)> = None;
    for (key, v) in map {
        if !is_auc(key) {
            rest.insert(key.clone(), v.clone());
            continue;
        }
        match &found {
            Some((first, seen)) if seen != v => {
                return Err(Error::new(
                    ErrorKind::Contradiction,
                    Some(&crate::input::join(path, key)),
                    format!(
                    "{key:?} and {first:?} both name the AUC but give different values; keep one"
                ),
                ))
            }
            Some(_) => {}
            None => found = Some((key.clone(), v.clone())),
        }
    }
    Ok((Json::Object(rest), found))
}

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

/// Rejects a reported AUC in a protocol where it has no meaning yet.
pub(crate) fn unsupported(key: &str) -> Error {
    Error::new(
        ErrorKind::Unsupported,
        Some(&crate::input::join("scores", key)),
        "the AUC is checked in 1_testset_no_kfold (one test set cut at one threshold) and as a mean of per-fold AUCs in 1_dataset_known_folds_mos, n_testsets_mos_no_kfold and n_datasets_mos_known_folds_mos; pooled AUCs and AUCs over unknown folds are not supported by this protocol, so remove it here",
    )
}
