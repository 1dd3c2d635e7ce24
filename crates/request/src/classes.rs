//! Multiclass datasets and folds: `{class: count}` objects, explicit folds, and
//! scikit-learn's multiclass `StratifiedKFold` composition.

use crate::json::Json;

use crate::error::{Error, Result};
use crate::figures::{read_windows, Figures};
use crate::folding::{generated_shape, FoldStrategy, MAX_TOTAL_FOLDS, N_FOLDS_OR_FOLDS};
use crate::input::{self, Object};
use crate::sets::read_bounds;
use scorecheck_experiment::Bound;
pub use scorecheck_multiclass::Model;

/// The most classes a multiclass check accepts (ImageNet has 1,000): a K×K matrix per fold
/// is modelled and rendered, so K is bounded before anything proportional to K² is built.
pub const MAX_CLASSES: usize = 1_000;

/// The most (fold, class) count cells of a multiclass experiment: folds of all repeats
/// times classes, bounded before the folds are made.
pub const MAX_FOLD_CLASS_CELLS: u64 = 10_000_000;

/// The class labels of a dataset, in the order given, and the count of each.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ClassCounts {
    /// The labels, in the order of the request (serde_json keeps it).
    pub labels: Vec<String>,
    /// The number of items of each class, aligned with `labels`.
    pub counts: Vec<u64>,
}

impl ClassCounts {
    /// The number of items.
    pub fn total(&self) -> Option<u64> {
        self.counts
            .iter()
            .try_fold(0u64, |acc, &c| acc.checked_add(c))
    }
}

/// Reads a `{class: count}` object with at least two classes and at least one item.
///
/// # Errors
///
/// `InvalidValue` naming `path.<class>` for a count that is not a non-negative integer, `path`
/// for fewer than two classes, more than [`MAX_CLASSES`], or no item.
pub fn class_counts(value: &Json, path: &str) -> Result<ClassCounts> {
    let object = Object::new(value, path)?;
    object.use_all();
    let mut labels = Vec::new();
    let mut counts = Vec::new();
    let n_keys = object.keys().count();
    if n_keys > MAX_CLASSES + 1 {
        return Err(Error::invalid(
            path,
            format!("{n_keys} classes are more than multiclass checks support ({MAX_CLASSES}); merge classes or check fewer"),
        ));
    }
    for key in object.keys() {
        // The reference passes fold identifiers (strings) along in the same dictionaries; a
        // class may still be called "identifier": its count is a number.
        if is_fold_identifier(key, object.get(key)) {
            continue;
        }
        let field = object.field_path(key);
        counts.push(input::count(
            object.get(key).unwrap_or(&Json::Null),
            &field,
        )?);
        labels.push(key.clone());
    }
    if labels.len() > MAX_CLASSES {
        return Err(Error::invalid(
            path,
            format!("{} classes are more than multiclass checks support ({MAX_CLASSES}); merge classes or check fewer", labels.len()),
        ));
    }
    if labels.len() < 2 {
        return Err(Error::invalid(
            path,
            format!("a multiclass {} needs at least two classes, like {{\"0\": 10, \"1\": 100, \"2\": 80}}; found {}", input::last_segment(path), labels.len()),
        ));
    }
    let total = ClassCounts { labels, counts };
    match total.total() {
        Some(0) => Err(Error::invalid(
            path,
            "every class count is 0; give at least one item",
        )),
        Some(_) => Ok(total),
        None => Err(Error::invalid(
            path,
            "the class counts total more than 2^64",
        )),
    }
}

/// Whether `key: value` is the reference's fold identifier rather than a class count.
fn is_fold_identifier(key: &str, value: Option<&Json>) -> bool {
    key == "identifier" && matches!(value, Some(Json::String(_)))
}

/// Reads one explicit fold against the dataset's labels: unknown labels are an error,
/// labels the fold does not mention have count 0.
fn fold_counts(value: &Json, path: &str, dataset: &ClassCounts) -> Result<Vec<u64>> {
    let object = Object::new(value, path)?;
    object.use_all();
    let mut counts = vec![0u64; dataset.labels.len()];
    for key in object.keys() {
        if is_fold_identifier(key, object.get(key)) {
            continue;
        }
        let field = object.field_path(key);
        let Some(c) = dataset.labels.iter().position(|l| l == key) else {
            return Err(Error::contradiction(
                &field,
                format!(
                    "class {key:?} is not a class of the dataset ({}); use the dataset's labels",
                    dataset.labels.join(", ")
                ),
            ));
        };
        counts[c] = input::count(object.get(key).unwrap_or(&Json::Null), &field)?;
        if counts[c] > dataset.counts[c] {
            return Err(Error::contradiction(
                &field,
                format!(
                    "the fold has {} items of class {key:?} but the dataset only {}",
                    counts[c], dataset.counts[c]
                ),
            ));
        }
    }
    if counts.iter().all(|&c| c == 0) {
        return Err(Error::invalid(
            path,
            "the fold is empty; every fold needs at least one item",
        ));
    }
    Ok(counts)
}

/// Reads `folding` for a multiclass `dataset`: every fold of every repeat, as class counts.
///
/// `{folds: [...]}` lists them (they must cover the dataset a whole number of times);
/// `{n_folds, n_repeats, strategy: "stratified_sklearn"}` makes them as scikit-learn's
/// `StratifiedKFold` (no shuffling) does on the label vector the reference builds, the
/// labels repeated class by class in the dataset's order. `n_folds = 1` is the whole dataset.
///
/// # Errors
///
/// `MissingField`/`InvalidValue` naming the field under `path`, and `Contradiction` when
/// explicit folds do not cover the dataset a whole number of times or stratified folds cannot
/// be made (a fold would be empty).
pub fn folds(value: &Json, path: &str, dataset: &ClassCounts) -> Result<Vec<Vec<u64>>> {
    folds_made(value, path, dataset).map(|(folds, _)| folds)
}

/// Every fold's class counts, and `(n_folds, n_repeats)` where scikit-learn's stratification
/// made them.
type MadeFolds = (Vec<Vec<u64>>, Option<(u64, u64)>);

/// [`folds`], and `(n_folds, n_repeats)` where scikit-learn's stratification made them.
fn folds_made(value: &Json, path: &str, dataset: &ClassCounts) -> Result<MadeFolds> {
    let object = Object::new(value, path)?;
    let mut generated = None;
    let out = if let Some(items) = object.get("folds") {
        let field = object.field_path("folds");
        let items = crate::folding::explicit_folds(&object, items, "{\"0\": 5, \"1\": 50}")?;
        // The folds are given; a typo in a strategy is rejected all the same.
        crate::folding::read_strategy(&object)?;
        let cells = (items.len() as u64).saturating_mul(dataset.labels.len() as u64);
        if items.len() as u64 > MAX_TOTAL_FOLDS || cells > MAX_FOLD_CLASS_CELLS {
            return Err(Error::invalid(
                &field,
                format!("{} folds of {} classes are more than multiclass checks support (at most {MAX_TOTAL_FOLDS} folds and {MAX_FOLD_CLASS_CELLS} fold × class counts)", items.len(), dataset.labels.len()),
            ));
        }
        let folds = items
            .iter()
            .enumerate()
            .map(|(i, item)| fold_counts(item, &input::index(&field, i), dataset))
            .collect::<Result<Vec<_>>>()?;
        check_cover(&folds, dataset, &field)?;
        folds
    } else {
        let (n_folds, n_repeats) = generated_shape(&object, N_FOLDS_OR_FOLDS)?;
        // Checked before scikit-learn's fold table (n_folds × classes) is made.
        let total = n_folds.saturating_mul(n_repeats);
        let cells = total.saturating_mul(dataset.labels.len() as u64);
        if total > MAX_TOTAL_FOLDS || cells > MAX_FOLD_CLASS_CELLS {
            return Err(Error::invalid(
                &object.field_path("n_folds"),
                format!("n_folds × n_repeats = {total} folds of {} classes are more than multiclass checks support (at most {MAX_TOTAL_FOLDS} folds and {MAX_FOLD_CLASS_CELLS} fold × class counts); lower n_folds or n_repeats", dataset.labels.len()),
            ));
        }
        let strategy = crate::folding::read_strategy(&object)?;
        let base = if n_folds == 1 {
            vec![dataset.counts.clone()]
        } else {
            match strategy {
                Some(FoldStrategy::StratifiedSklearn) => {}
                None => return Err(Error::missing(
                    &object.field_path("strategy"),
                    "with n_folds > 1 say how the folds were made: \"strategy\": \"stratified_sklearn\" (the reference silently uses the whole dataset as one fold here)",
                )),
            }
            generated = Some((n_folds, n_repeats));
            stratified_sklearn(&dataset.counts, n_folds)
                .map_err(|m| Error::contradiction(&object.field_path("n_folds"), m))?
        };
        if (base.len() as u64).saturating_mul(n_repeats) > MAX_TOTAL_FOLDS {
            return Err(Error::invalid(
                path,
                format!("more than {MAX_TOTAL_FOLDS} folds in all are not supported"),
            ));
        }
        (0..n_repeats).flat_map(|_| base.iter().cloned()).collect()
    };
    object.finish(&[])?;
    Ok((out, generated))
}

/// Explicit folds must total the same whole multiple of every class count, and group into
/// that many repeats that each cover the dataset once.
fn check_cover(folds: &[Vec<u64>], dataset: &ClassCounts, path: &str) -> Result<()> {
    let totals: Vec<u128> = (0..dataset.counts.len())
        .map(|c| folds.iter().map(|f| f[c] as u128).sum())
        .collect();
    let reference = dataset.counts.iter().zip(&totals).find(|(&d, _)| d > 0);
    let multiple = reference.map(|(&d, &t)| t / d as u128).unwrap_or(0);
    let ok = multiple >= 1
        && dataset
            .counts
            .iter()
            .zip(&totals)
            .all(|(&d, &t)| d as u128 * multiple == t);
    if ok {
        let multiple = u64::try_from(multiple).unwrap_or(u64::MAX);
        if crate::folding::repeats_of(folds, &dataset.counts, multiple) == Some(false) {
            return Err(Error::contradiction(
                path,
                format!("the folds cannot be grouped into {multiple} repeats that each cover the dataset {:?} once; every repeat's folds must add up to the dataset", dataset.counts),
            ));
        }
        Ok(())
    } else {
        Err(Error::contradiction(
            path,
            format!("the folds total {:?} items per class, which is not a whole number of copies of the dataset {:?}; every repeat must cover each item once", totals, dataset.counts),
        ))
    }
}

/// The class counts of each test fold scikit-learn's `StratifiedKFold(n_splits=k)` makes,
/// from the folds layer.
///
/// scikit-learn encodes classes by first appearance, and the reference's label vector
/// repeats each class in the dataset's order, so the classes are passed in that order.
///
/// # Errors
///
/// The folds layer's message when `k` is zero, above the number of items, or too large for this
/// machine.
pub fn stratified_sklearn(counts: &[u64], k: u64) -> std::result::Result<Vec<Vec<u64>>, String> {
    let k = usize::try_from(k).map_err(|_| format!("n_folds = {k} is too large"))?;
    scorecheck_folds::stratified_sklearn_folds(counts, k).map_err(|e| e.to_string())
}

/// Reads `model` (`"exact"` by default, or `"one_vs_rest"`).
///
/// # Errors
///
/// `InvalidValue` naming `model` for any other value.
pub fn read_model(fields: &Object<'_>) -> Result<Model> {
    match fields.get("model") {
        None => Ok(Model::Exact),
        Some(Json::String(s)) if s == "exact" => Ok(Model::Exact),
        Some(Json::String(s)) if s == "one_vs_rest" || s == "one-vs-rest" => Ok(Model::OneVsRest),
        Some(other) => Err(Error::invalid(
            "model",
            format!("unknown model {other}; use \"exact\" (K×K confusion matrices, the default) or \"one_vs_rest\" (the reference's relaxation)"),
        )),
    }
}

/// A multiclass experiment: the classes, and the class counts of every fold (one fold for a
/// testset).
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Setup {
    /// Class labels and dataset counts.
    pub classes: ClassCounts,
    /// Per fold, per class counts.
    pub folds: Vec<Vec<u64>>,
    /// `(n_folds, n_repeats)` where the folds are scikit-learn's stratified ones, made from
    /// the classes in the dataset's order (`None` for given folds and a test set).
    #[cfg_attr(feature = "serde", serde(default))]
    pub stratified: Option<(u64, u64)>,
}

/// The most class orders [`Setup::other_stratified_folds`] tries (all orders of 8 classes).
const MAX_ORDERS_TRIED: u64 = 40_320;

/// The most fold-class cells [`Setup::other_stratified_folds`] computes over every order
/// (orders × folds × classes): each order's folds are made in O(folds × classes).
const MAX_REORDERED_CELLS: u64 = 20_000_000;

/// The most other fold lists [`Setup::other_stratified_folds`] gives (each is checked again,
/// within the request's time limit, or ten seconds without one).
const MAX_OTHER_FOLD_LISTS: usize = 4_096;

/// The most fold-class cells the other fold lists hold together (lists × folds × classes;
/// 128 MiB).
const MAX_OTHER_FOLD_CELLS: u64 = 16_000_000;

/// The other fold lists of a stratified multiclass setup ([`Setup::other_stratified_folds`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct OtherFolds {
    /// Each other fold list once (as a multiset of folds), none equal to the setup's.
    pub lists: Vec<Vec<Vec<u64>>>,
    /// Whether every order of the classes was tried and its folds are the setup's or among
    /// `lists` (false beyond 40,320 orders of the classes whose counts the folds do not
    /// divide, 20 million fold-class cells computed, 4,096 other lists or 16 million cells
    /// held; the first orders are tried).
    pub complete: bool,
    /// How many orders were tried, of how many that can differ (those of the classes whose
    /// counts the folds do not divide; `None` when their number overflows).
    pub orders: (u64, Option<u64>),
}

impl Setup {
    /// The other fold lists scikit-learn's `StratifiedKFold` makes for these classes when they
    /// first appear in `y` in another order than the dataset's (it numbers the classes by
    /// first appearance, and the counts per fold depend on that order for three classes or
    /// more; a request gives the counts, not the order): each once, as a multiset of folds,
    /// none equal to [`Setup::folds`], and whether they are all there are. No lists, and
    /// complete, for given folds and for two classes (the other order gives the same folds).
    pub fn other_stratified_folds(&self) -> OtherFolds {
        let none = |complete, orders| OtherFolds {
            lists: Vec::new(),
            complete,
            orders,
        };
        let Some((n_folds, n_repeats)) = self.stratified else {
            return none(true, (1, Some(1)));
        };
        let counts = &self.classes.counts;
        let k = counts.len();
        // A class whose count the folds divide is split alike from any start and moves the
        // next class's start by whole rounds: only the order of the others matters.
        let (fixed, moved): (Vec<usize>, Vec<usize>) =
            (0..k).partition(|&c| n_folds == 0 || counts[c] % n_folds == 0);
        let r = moved.len();
        let all_orders = (1..=r as u64).try_fold(1u64, |a, b| a.checked_mul(b));
        if r < 3 {
            return none(true, (1, all_orders));
        }
        // Orders tried: all of them within the caps, else the first ones (lexicographically).
        let per_order = n_folds.saturating_mul(k as u64).max(1);
        let most = (MAX_REORDERED_CELLS / per_order).min(MAX_ORDERS_TRIED);
        if most < 2 {
            return none(false, (1, all_orders));
        }
        let canonical = |folds: &[Vec<u64>]| {
            let mut sorted = folds.to_vec();
            sorted.sort();
            sorted
        };
        let per_list = per_order.saturating_mul(n_repeats).max(1);
        let max_lists = MAX_OTHER_FOLD_LISTS.min((MAX_OTHER_FOLD_CELLS / per_list) as usize);
        let mut seen = std::collections::HashSet::from([canonical(&self.folds)]);
        let mut out = Vec::new();
        let mut permutation: Vec<usize> = (0..r).collect();
        let mut tried = 0u64;
        loop {
            tried += 1;
            let order: Vec<usize> = fixed
                .iter()
                .copied()
                .chain(permutation.iter().map(|&at| moved[at]))
                .collect();
            let permuted: Vec<u64> = order.iter().map(|&c| counts[c]).collect();
            if let Ok(base) = stratified_sklearn(&permuted, n_folds) {
                // Back to the dataset's class order.
                let base: Vec<Vec<u64>> = base
                    .iter()
                    .map(|fold| {
                        let mut aligned = vec![0; k];
                        for (at, &class) in order.iter().enumerate() {
                            aligned[class] = fold[at];
                        }
                        aligned
                    })
                    .collect();
                let folds: Vec<Vec<u64>> =
                    (0..n_repeats).flat_map(|_| base.iter().cloned()).collect();
                let key = canonical(&folds);
                if !seen.contains(&key) {
                    if out.len() == max_lists {
                        return OtherFolds {
                            lists: out,
                            complete: false,
                            orders: (tried, all_orders),
                        };
                    }
                    seen.insert(key);
                    out.push(folds);
                }
            }
            if tried == most {
                break;
            }
            if !next_permutation(&mut permutation) {
                break;
            }
        }
        OtherFolds {
            lists: out,
            complete: all_orders == Some(tried),
            orders: (tried, all_orders),
        }
    }

    /// The per-class counts pooled over all folds.
    ///
    /// # Errors
    ///
    /// `InvalidValue` naming `folding` when a pooled count or their total exceeds 2^64.
    pub fn pooled(&self) -> Result<Vec<u64>> {
        let too_large = || {
            Error::invalid(
                "folding",
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

/// The next permutation in lexicographic order, in place; `false` after the last.
fn next_permutation(order: &mut [usize]) -> bool {
    let Some(i) = (1..order.len()).rev().find(|&i| order[i - 1] < order[i]) else {
        return false;
    };
    let j = (i..order.len())
        .rev()
        .find(|&j| order[j] > order[i - 1])
        .unwrap_or(i);
    order.swap(i - 1, j);
    order[i..].reverse();
    true
}

/// Reads a multiclass `testset` of class counts: one fold.
///
/// # Errors
///
/// As [`class_counts`], at `testset`.
pub fn read_testset(fields: &Object<'_>) -> Result<Setup> {
    let classes = class_counts(
        fields.required(
            "testset",
            "the test set's class counts, e.g. {\"0\": 10, \"1\": 100, \"2\": 80}",
        )?,
        "testset",
    )?;
    let folds = vec![classes.counts.clone()];
    Ok(Setup {
        classes,
        folds,
        stratified: None,
    })
}

/// Reads a multiclass `dataset` and its `folding`.
///
/// # Errors
///
/// As [`class_counts`] at `dataset` and [`folds`] at `folding`.
pub fn read_dataset_with_folds(fields: &Object<'_>) -> Result<Setup> {
    let classes = class_counts(
        fields.required(
            "dataset",
            "the dataset's class counts, e.g. {\"0\": 129, \"1\": 81, \"2\": 135}",
        )?,
        "dataset",
    )?;
    let (folds, stratified) = folds_made(
        fields.required("folding", "the folds: {\"folds\": [{\"0\": 65, ...}, ...]} or {\"n_folds\": 5, \"n_repeats\": 1, \"strategy\": \"stratified_sklearn\"}")?,
        "folding",
        &classes,
    )?;
    Ok(Setup {
        classes,
        folds,
        stratified,
    })
}

/// Which multiclass protocol a request is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum MulticlassProtocol {
    /// `1_testset_no_kfold_micro`.
    #[cfg_attr(feature = "serde", serde(rename = "1_testset_no_kfold_micro"))]
    TestsetMicro,
    /// `1_dataset_known_folds_som_micro`.
    #[cfg_attr(feature = "serde", serde(rename = "1_dataset_known_folds_som_micro"))]
    DatasetSomMicro,
    /// `1_dataset_known_folds_mos_micro`.
    #[cfg_attr(feature = "serde", serde(rename = "1_dataset_known_folds_mos_micro"))]
    DatasetMosMicro,
    /// `1_testset_no_kfold_macro`.
    #[cfg_attr(feature = "serde", serde(rename = "1_testset_no_kfold_macro"))]
    TestsetMacro,
    /// `1_dataset_known_folds_som_macro`.
    #[cfg_attr(feature = "serde", serde(rename = "1_dataset_known_folds_som_macro"))]
    DatasetSomMacro,
    /// `1_dataset_known_folds_mos_macro`.
    #[cfg_attr(feature = "serde", serde(rename = "1_dataset_known_folds_mos_macro"))]
    DatasetMosMacro,
}

impl MulticlassProtocol {
    /// Whether the scores are macro averages (else micro).
    pub fn is_macro(self) -> bool {
        matches!(
            self,
            MulticlassProtocol::TestsetMacro
                | MulticlassProtocol::DatasetSomMacro
                | MulticlassProtocol::DatasetMosMacro
        )
    }

    /// Whether the scores are means over folds (else of the pooled counts).
    pub fn is_mean_of_scores(self) -> bool {
        matches!(
            self,
            MulticlassProtocol::DatasetMosMicro | MulticlassProtocol::DatasetMosMacro
        )
    }

    /// Whether the request gives one test set (else a dataset and its folding).
    pub fn on_testset(self) -> bool {
        matches!(
            self,
            MulticlassProtocol::TestsetMicro | MulticlassProtocol::TestsetMacro
        )
    }
}

/// A multiclass request, read.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct MulticlassRequest {
    /// Which protocol it is.
    pub protocol: MulticlassProtocol,
    /// The classes and every fold's class counts.
    pub setup: Setup,
    /// The model that decides (`model`).
    pub model: Model,
    /// Bounds on every class's score (`class_score_bounds`, macro protocols).
    pub class_bounds: Vec<Bound>,
    /// Bounds on every fold's score (`fold_score_bounds`, mean-of-scores protocols).
    pub fold_bounds: Vec<Bound>,
    /// The reported scores and their windows.
    pub figures: Figures,
}

impl MulticlassRequest {
    /// A request of `protocol` on `setup` with `figures`, decided by `model`, without class
    /// or fold bounds.
    pub fn new(
        protocol: MulticlassProtocol,
        setup: Setup,
        model: Model,
        figures: Figures,
    ) -> MulticlassRequest {
        MulticlassRequest {
            protocol,
            setup,
            model,
            class_bounds: Vec::new(),
            fold_bounds: Vec::new(),
            figures,
        }
    }
}

/// Reads a request of the multiclass `protocol`: `testset` (or `dataset` and `folding`),
/// `model`, `class_score_bounds` (macro), `fold_score_bounds` (mean of scores), `scores`,
/// `eps`.
///
/// # Errors
///
/// An [`Error`] naming the field that is missing, invalid or contradictory.
pub fn read_multiclass(
    fields: &Object<'_>,
    protocol: MulticlassProtocol,
) -> Result<MulticlassRequest> {
    let setup = if protocol.on_testset() {
        read_testset(fields)?
    } else {
        read_dataset_with_folds(fields)?
    };
    let model = read_model(fields)?;
    let class_bounds = if protocol.is_macro() {
        read_bounds(
            fields.get("class_score_bounds"),
            "class_score_bounds",
            fields,
        )?
    } else {
        Vec::new()
    };
    let fold_bounds = if protocol.is_mean_of_scores() {
        read_bounds(fields.get("fold_score_bounds"), "fold_score_bounds", fields)?
    } else {
        Vec::new()
    };
    let figures = read_windows(fields)?;
    Ok(MulticlassRequest {
        protocol,
        setup,
        model,
        class_bounds,
        fold_bounds,
        figures,
    })
}
