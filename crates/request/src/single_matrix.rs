//! The single-matrix requests (`1_testset_no_kfold`, `1_dataset_kfold_som`,
//! `n_testsets_som_no_kfold`, `n_datasets_som_kfold_som`) read: the pooled (p, n), the
//! reported figures and their windows, the AUC (one test set only), the ranges and repairs
//! asked for.

use scorecheck_algebra::Score;

pub use crate::figures::{read_ranges, Target};
use crate::figures::{read_windows_with_auc, unsupported, Figures, ReportedAuc};
use crate::folding;
use crate::input::{self, Object};
use crate::json::Json;
use crate::sets::{add, evaluations, pooled, pooled_evaluation, testsets};
use crate::{Error, Result};

/// A single-matrix request, read: one confusion matrix of `p` positives and `n` negatives.
#[derive(Clone, Debug)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SingleMatrixRequest {
    /// Positives (pooled over folds, test sets or datasets).
    pub p: u64,
    /// Negatives (pooled likewise).
    pub n: u64,
    /// The reported scores and their exact windows.
    pub figures: Figures,
    /// The reported AUC (`1_testset_no_kfold` only).
    pub auc: Option<ReportedAuc>,
    /// The scores whose exact ranges are asked for (`"ranges"`).
    pub ranges: Option<Vec<Target>>,
    /// How many smallest repairs to list when inconsistent (`"repair": true`).
    pub repair: Option<usize>,
}

impl SingleMatrixRequest {
    /// A request on `p` positives and `n` negatives with `figures`, without an AUC, ranges or
    /// repairs.
    pub fn new(p: u64, n: u64, figures: Figures) -> SingleMatrixRequest {
        SingleMatrixRequest {
            p,
            n,
            figures,
            auc: None,
            ranges: None,
            repair: None,
        }
    }
}

/// Reads the figures, ranges and repair of a single-matrix request on (p, n).
fn finish(fields: &Object<'_>, p: u64, n: u64, allow_auc: bool) -> Result<SingleMatrixRequest> {
    let (figures, auc) = read_windows_with_auc(fields)?;
    if let Some(a) = &auc {
        if !allow_auc {
            return Err(unsupported(&a.key));
        }
    }
    let mut ranges = read_ranges(fields.get("ranges"))?;
    // Pooled counts have no threshold of their own, so no AUC: `"all"` is every score they
    // define, and the AUC asked by name is refused as a reported one is.
    if !allow_auc {
        if let Some(targets) = &mut ranges {
            if let Some(at) = targets.iter().position(|t| matches!(t, Target::Auc)) {
                if matches!(fields.get("ranges"), Some(Json::String(_))) {
                    targets.remove(at);
                } else {
                    return Err(pooled_auc_range(at));
                }
            }
        }
    }
    // The range of an F-beta asked by name needs its beta (`"all"` leaves both out): the
    // default 1 would give the F1's range under fbp's name.
    let scores = fields.get("scores").and_then(Json::as_object);
    for (score, beta) in [(Score::Fbp, "beta_positive"), (Score::Fbn, "beta_negative")] {
        let asked = ranges
            .iter()
            .flatten()
            .any(|t| matches!(t, Target::Score(s, _) if *s == score));
        if asked && !scores.is_some_and(|s| s.contains_key(beta)) {
            return Err(Error::missing(
                &input::join("scores", beta),
                format!("the range of {score} needs its beta: add \"{beta}\" to the scores"),
            ));
        }
    }
    let repair = read_repair(fields)?;
    Ok(SingleMatrixRequest {
        p,
        n,
        figures,
        auc,
        ranges,
        repair,
    })
}

/// The AUC's range asked (at `ranges[at]`) of a protocol that pools counts: it has no
/// meaning there.
pub(crate) fn pooled_auc_range(at: usize) -> Error {
    Error::unsupported(
        &input::index("ranges", at),
        "the AUC's range is one test set's (1_testset_no_kfold) or a mean of per-fold AUCs' (1_dataset_known_folds_mos, n_testsets_mos_no_kfold, n_datasets_mos_known_folds_mos); counts pooled over folds or test sets have no single threshold, so no AUC: remove \"auc\" from ranges here",
    )
}

/// Reads a `1_testset_no_kfold` request whose `testset` gives both class counts: `testset`,
/// `scores` (the AUC among them), `eps`, `ranges`, `repair`.
///
/// # Errors
///
/// An [`Error`] naming the field that is missing, invalid or contradictory.
pub fn read_testset(fields: &Object<'_>) -> Result<SingleMatrixRequest> {
    let (p, n) = input::binary_counts(
        fields.required("testset", "the test set, e.g. {\"p\": 100, \"n\": 200}")?,
        "testset",
    )?;
    finish(fields, p, n, true)
}

/// `1_dataset_kfold_som`: `dataset`, `folding`, pooled over folds and repeats.
///
/// # Errors
///
/// An [`Error`] naming the field that is missing, invalid or contradictory (a reported AUC
/// among them: it is not defined on pooled counts).
pub fn read_dataset_kfold(fields: &Object<'_>) -> Result<SingleMatrixRequest> {
    let dataset = input::binary_counts(
        fields.required("dataset", "the dataset, e.g. {\"p\": 100, \"n\": 200}")?,
        "dataset",
    )?;
    let folding = folding::parse(fields.required("folding", "how the folds were made, e.g. {\"n_folds\": 5, \"n_repeats\": 1, \"strategy\": \"stratified_sklearn\"}")?, "folding", dataset)?;
    let (p, n) = pooled(&folding, dataset, "folding")?;
    finish(fields, p, n, false)
}

/// `n_testsets_som_no_kfold`: `testsets`, pooled.
///
/// # Errors
///
/// An [`Error`] naming the field that is missing, invalid or contradictory (a reported AUC
/// among them: it is not defined on pooled counts).
pub fn read_testsets_pooled(fields: &Object<'_>) -> Result<SingleMatrixRequest> {
    let (mut p, mut n) = (0u64, 0u64);
    // An empty testset adds nothing to the pooled counts, so it is allowed here.
    for (i, (tp, tn)) in testsets(fields, true)?.into_iter().enumerate() {
        let path = input::index("testsets", i);
        p = add(p, tp, &path)?;
        n = add(n, tn, &path)?;
    }
    if (p, n) == (0, 0) {
        return Err(Error::invalid(
            "testsets",
            "every testset is empty (p = n = 0 in all); give at least one item",
        ));
    }
    finish(fields, p, n, false)
}

/// `n_datasets_som_kfold_som`: `evaluations` of `{dataset, folding}`, pooled.
///
/// # Errors
///
/// An [`Error`] naming the field that is missing, invalid or contradictory (a reported AUC
/// among them: it is not defined on pooled counts).
pub fn read_datasets_pooled(fields: &Object<'_>) -> Result<SingleMatrixRequest> {
    let (mut p, mut n) = (0u64, 0u64);
    for evaluation in evaluations(fields)? {
        let (fp, fnn) = pooled_evaluation(&evaluation)?;
        p = add(p, fp, &evaluation.path)?;
        n = add(n, fnn, &evaluation.path)?;
    }
    finish(fields, p, n, false)
}

/// How many smallest repairs are listed by default.
const DEFAULT_MAX_REPAIRS: u64 = 10;

/// The most repairs a request may ask to list.
const MAX_REPAIRS: u64 = 1_000;

/// Reads `repair` (a boolean) and `max_repairs`: how many smallest repairs to list, if any.
///
/// # Errors
///
/// `InvalidValue` naming `repair` when it is not a boolean or `max_repairs` when it is not
/// in 1..=1,000, `Contradiction` naming `max_repairs` without `"repair": true`.
pub fn read_repair(fields: &input::Object<'_>) -> Result<Option<usize>> {
    let on = match fields.get("repair") {
        None | Some(Json::Bool(false)) => false,
        Some(Json::Bool(true)) => true,
        Some(other) => {
            return Err(Error::invalid(
                "repair",
                format!("expected true or false, found {}", input::describe(other)),
            ))
        }
    };
    let max = match fields.get("max_repairs") {
        None => DEFAULT_MAX_REPAIRS,
        Some(v) if on => input::positive(v, "max_repairs", MAX_REPAIRS)?,
        Some(_) => {
            return Err(Error::contradiction(
                "max_repairs",
                "max_repairs only applies with \"repair\": true",
            ))
        }
    };
    Ok(on.then_some(max as usize))
}

/// How many fitting splits are listed unless `max_setups` says otherwise.
pub const DEFAULT_MAX_SETUPS: u64 = 1_000;

/// The most fitting splits a request may ask to list.
pub const MAX_SETUPS: u64 = 1_000_000;

/// Whether a `testset` asks for every split: it gives `total`, or `split: "unknown"`.
pub fn asks_for_splits(testset: &Json) -> bool {
    matches!(testset, Json::Object(m) if m.contains_key("total") || m.contains_key("split"))
}

/// The number of test items: `{"total": N}`, or a dataset (name or counts) with
/// `"split": "unknown"`.
fn read_total(value: &Json) -> Result<u64> {
    let path = "testset";
    let object = Object::new(value, path)?;
    let split = match object.get("split") {
        None => None,
        Some(Json::String(s)) if s == "unknown" => Some(()),
        Some(_) => {
            return Err(Error::invalid(
                "testset.split",
                "split must be \"unknown\" (every split p + n of the total is then tried); give p and n instead for a known split",
            ))
        }
    };
    if let Some(total) = object.get("total") {
        for other in ["p", "n", "dataset_name", "name", "split"] {
            if object.has(other) {
                return Err(Error::contradiction(
                    "testset.total",
                    format!("give either the total or {other:?}, not both; with \"total\" every split p + n = total is tried"),
                ));
            }
        }
        let total = input::count(total, "testset.total")?;
        if total == 0 {
            return Err(Error::invalid(
                "testset.total",
                "the test set is empty (total = 0); give at least one item",
            ));
        }
        object.finish(&[])?;
        return Ok(total);
    }
    if split.is_none() {
        return Err(Error::missing(
            "testset.total",
            "missing the number of test items \"total\"",
        ));
    }
    // Counts given say the split: trying every other one would drop them unsaid.
    if object.has("p") || object.has("n") {
        return Err(Error::contradiction(
            "testset.split",
            "p and n say the split; drop \"split\" to check them, or give {\"total\": p + n} to try every split",
        ));
    }
    // A dataset (by name or counts) whose split into this test set is unknown: its size is
    // the total. The counts are read by the usual reader, without the `split` key.
    let mut counts = value.clone();
    if let Json::Object(map) = &mut counts {
        map.remove("split");
    }
    let (p, n) = input::binary_counts(&counts, path)?;
    p.checked_add(n).ok_or_else(|| {
        Error::invalid(
            path,
            "p + n exceeds 2^64; counts this large are not supported",
        )
    })
}

/// A `1_testset_no_kfold` request with a test set of known size and unknown class split,
/// read: every split p + n = `total` is tried.
#[derive(Clone, Debug)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SplitsRequest {
    /// The number of test items.
    pub total: u64,
    /// How many fitting splits to list.
    pub max_setups: u64,
    /// The reported scores and their windows.
    pub figures: Figures,
}

impl SplitsRequest {
    /// A request on a test set of `total` items with `figures`, listing up to 1,000 splits.
    pub fn new(total: u64, figures: Figures) -> SplitsRequest {
        SplitsRequest {
            total,
            max_setups: DEFAULT_MAX_SETUPS,
            figures,
        }
    }
}

/// Reads a `1_testset_no_kfold` request whose `testset` gives `total` (or a dataset with
/// `"split": "unknown"`; see [`asks_for_splits`]): `testset`, `max_setups`, `scores`, `eps`.
///
/// # Errors
///
/// An [`Error`] naming the field that is missing, invalid or contradictory (a total beside
/// p or n, a split other than `"unknown"`, an empty test set).
pub fn read_splits(fields: &Object<'_>) -> Result<SplitsRequest> {
    let total = read_total(fields.required(
        "testset",
        "the test set, e.g. {\"total\": 300} or {\"p\": 100, \"n\": 200}",
    )?)?;
    let max_setups = match fields.get("max_setups") {
        Some(v) => input::positive(v, "max_setups", MAX_SETUPS)?,
        None => DEFAULT_MAX_SETUPS,
    };
    let (figures, auc) = read_windows_with_auc(fields)?;
    if let Some(auc) = auc {
        return Err(Error::unsupported(
            &input::join("scores", &auc.key),
            "the AUC is not checked over the class splits of a total (testset.total): give the test set's p and n to check it, or remove it here",
        ));
    }
    Ok(SplitsRequest {
        total,
        max_setups,
        figures,
    })
}
