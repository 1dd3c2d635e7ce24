//! Reading `folding` specifications of binary datasets and pooling their folds.

use crate::json::Json;

use crate::error::{Error, Result};
use crate::input::{self, Object};

/// The largest number of folds or repeats accepted (a guard against absurd requests).
pub const MAX_FOLDS: u64 = 1_000_000;

/// The most folds (every fold of every repeat) a check that models each fold accepts
/// (mean-of-scores and multiclass checks): each fold is a block of the integer program.
pub const MAX_TOTAL_FOLDS: u64 = 100_000;

/// How generated folds were composed: the `strategy` of a request's `folding`.
///
/// ```
/// use scorecheck_request::folding::FoldStrategy;
///
/// assert_eq!(FoldStrategy::from_name("stratified_sklearn"), Some(FoldStrategy::StratifiedSklearn));
/// assert_eq!(FoldStrategy::from_name("stratifed_sklearn"), None);
/// assert_eq!(FoldStrategy::StratifiedSklearn.name(), "stratified_sklearn");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum FoldStrategy {
    /// scikit-learn's `StratifiedKFold` without shuffling (`"stratified_sklearn"`).
    #[cfg_attr(feature = "serde", serde(rename = "stratified_sklearn"))]
    StratifiedSklearn,
}

impl FoldStrategy {
    /// Every strategy, in the order errors list them.
    pub const ALL: &'static [FoldStrategy] = &[FoldStrategy::StratifiedSklearn];

    /// The name requests use (`stratified_sklearn`).
    pub fn name(self) -> &'static str {
        match self {
            FoldStrategy::StratifiedSklearn => "stratified_sklearn",
        }
    }

    /// The strategy a request names, or `None` for a name that is no strategy.
    pub fn from_name(name: &str) -> Option<FoldStrategy> {
        FoldStrategy::ALL.iter().copied().find(|s| s.name() == name)
    }
}

impl std::fmt::Display for FoldStrategy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Reads the optional `strategy` of the folding `object`, once: `None` when absent.
///
/// # Errors
///
/// `InvalidValue` naming `strategy` under the folding's path, with the accepted names, for
/// anything but a strategy's name.
pub fn read_strategy(object: &Object<'_>) -> Result<Option<FoldStrategy>> {
    let Some(value) = object.get("strategy") else {
        return Ok(None);
    };
    match value {
        Json::String(name) => FoldStrategy::from_name(name),
        _ => None,
    }
    .map(Some)
    .ok_or_else(|| {
        let names: Vec<String> = FoldStrategy::ALL
            .iter()
            .map(|s| format!("\"{s}\""))
            .collect();
        let accepted = match names.as_slice() {
            [one] => format!("the supported strategy is {one}"),
            many => format!("the supported strategies are {}", many.join(", ")),
        };
        Error::invalid(
            &object.field_path("strategy"),
            format!("unknown folding strategy {value}; {accepted}"),
        )
    })
}

/// How a binary dataset was split into folds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Folding {
    /// `n_folds` folds repeated `n_repeats` times, composed by `strategy`.
    Generated {
        /// Folds per repeat (1 means the whole dataset).
        n_folds: u64,
        /// Repeats.
        n_repeats: u64,
        /// How the folds were composed, or `None` where the request did not say (with more
        /// than one fold, the folds of a binary dataset are scikit-learn's stratified ones
        /// either way).
        strategy: Option<FoldStrategy>,
    },
    /// Every fold of every repeat, as (p, n), and how many times they cover the dataset.
    Explicit {
        /// The folds.
        folds: Vec<(u64, u64)>,
        /// How many times the folds cover the dataset (their totals are this multiple of it).
        multiple: u64,
    },
}

impl Folding {
    /// `n_folds` folds repeated `n_repeats` times as scikit-learn's `StratifiedKFold` makes
    /// them.
    pub fn stratified(n_folds: u64, n_repeats: u64) -> Folding {
        Folding::Generated {
            n_folds,
            n_repeats,
            strategy: Some(FoldStrategy::StratifiedSklearn),
        }
    }

    /// The folds (p, n) of `dataset` under this folding, every fold of every repeat.
    ///
    /// # Errors
    ///
    /// `InvalidValue` (naming `folding`) when there would be more folds in all than
    /// [`MAX_TOTAL_FOLDS`], and `Contradiction` when stratified folds cannot be made.
    ///
    /// ```
    /// use scorecheck_request::folding::Folding;
    ///
    /// let folds = Folding::stratified(3, 2).folds((10, 20))?;
    /// assert_eq!(folds, [(3, 7), (3, 7), (4, 6), (3, 7), (3, 7), (4, 6)]);
    /// # Ok::<(), scorecheck_request::Error>(())
    /// ```
    pub fn folds(&self, dataset: (u64, u64)) -> Result<Vec<(u64, u64)>> {
        folds_of(dataset, self, "folding")
    }

    /// The pooled (p, n) over every fold and repeat (score of means pools them).
    pub fn pooled(&self, dataset: (u64, u64)) -> Option<(u64, u64)> {
        match self {
            Folding::Generated { n_repeats, .. } => Some((
                dataset.0.checked_mul(*n_repeats)?,
                dataset.1.checked_mul(*n_repeats)?,
            )),
            Folding::Explicit { folds, .. } => {
                let p = folds.iter().try_fold(0u64, |acc, f| acc.checked_add(f.0))?;
                let n = folds.iter().try_fold(0u64, |acc, f| acc.checked_add(f.1))?;
                Some((p, n))
            }
        }
    }
}

/// The list of explicit folds given as `folds` in `object`: not beside `n_folds` or
/// `n_repeats`, and a non-empty list (`example` shows one fold in the error).
///
/// # Errors
///
/// `Contradiction` naming `n_folds` (else `n_repeats`) when it is given too, `InvalidValue`
/// naming `folds` when it is not a list or is empty.
pub fn explicit_folds<'a>(
    object: &Object<'_>,
    folds: &'a Json,
    example: &str,
) -> Result<&'a Vec<Json>> {
    let field = object.field_path("folds");
    if let Some(given) = ["n_folds", "n_repeats"].into_iter().find(|k| object.has(k)) {
        return Err(Error::contradiction(
            &object.field_path(given),
            "give either explicit folds or n_folds/n_repeats, not both (explicit folds list every fold of every repeat)",
        ));
    }
    match folds {
        Json::Array(items) if !items.is_empty() => Ok(items),
        Json::Array(_) => Err(Error::invalid(
            &field,
            "the list of folds is empty; give at least one fold",
        )),
        _ => Err(Error::invalid(
            &field,
            format!("expected a list of folds like [{example}, ...]"),
        )),
    }
}

/// Reads a `folding` for a dataset with counts `dataset`.
///
/// Either `{n_folds, n_repeats, strategy}` or `{folds: [{p, n}, ...]}`. Explicit folds must
/// cover the dataset a whole number of times: their positives and negatives must both total
/// the same multiple of the dataset's.
///
/// # Errors
///
/// `MissingField`/`InvalidValue` naming the field under `path` (`n_folds`, `strategy`,
/// `folds[i].p`, ...), and `Contradiction` when explicit folds do not cover the dataset a whole
/// number of times or a generated folding has more folds than items.
pub fn parse(value: &Json, path: &str, dataset: (u64, u64)) -> Result<Folding> {
    let object = Object::new(value, path)?;
    let folding = if let Some(folds) = object.get("folds") {
        let field = object.field_path("folds");
        let items = explicit_folds(&object, folds, "{\"p\": 10, \"n\": 20}")?;
        let mut out = Vec::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            let fold_path = input::index(&field, i);
            let (p, n) = input::binary_counts(item, &fold_path)?;
            if p > dataset.0 || n > dataset.1 {
                return Err(Error::contradiction(
                    &fold_path,
                    format!(
                        "fold ({p}, {n}) has more items than the dataset (p={}, n={})",
                        dataset.0, dataset.1
                    ),
                ));
            }
            out.push((p, n));
        }
        // The folds are given; a strategy is read (and a typo in it rejected) all the same.
        read_strategy(&object)?;
        let total_p: u128 = out.iter().map(|f| f.0 as u128).sum();
        let total_n: u128 = out.iter().map(|f| f.1 as u128).sum();
        let multiple = explicit_multiple(total_p, total_n, dataset).ok_or_else(|| {
            Error::contradiction(
                &field,
                format!(
                    "the folds total p={total_p}, n={total_n}, which is not a whole number of copies of the dataset (p={}, n={}); every repeat must cover each item once",
                    dataset.0, dataset.1
                ),
            )
        })?;
        let pairs: Vec<[u64; 2]> = out.iter().map(|&(p, n)| [p, n]).collect();
        if repeats_of(&pairs, &[dataset.0, dataset.1], multiple) == Some(false) {
            return Err(Error::contradiction(
                &field,
                format!(
                    "the folds cannot be grouped into {multiple} repeats that each cover the dataset (p={}, n={}) once; every repeat's folds must add up to the dataset",
                    dataset.0, dataset.1
                ),
            ));
        }
        Folding::Explicit {
            folds: out,
            multiple,
        }
    } else {
        let (n_folds, n_repeats) = generated_shape(&object, N_FOLDS_OR_FOLDS)?;
        let total = dataset.0.saturating_add(dataset.1);
        if n_folds > total {
            return Err(Error::contradiction(
                &object.field_path("n_folds"),
                format!("n_folds = {n_folds} exceeds the {total} items of the dataset; every fold needs at least one item"),
            ));
        }
        let strategy = read_strategy(&object)?;
        Folding::Generated {
            n_folds,
            n_repeats,
            strategy,
        }
    };
    object.finish(&[])?;
    Ok(folding)
}

/// The most placements [`repeats_of`] tries before it gives up and takes the folds as given
/// (lists of more than 1,000 folds are taken as given too).
const REPEATS_SEARCH_BUDGET: u64 = 100_000;

/// Whether `folds` (counts per class), totalling `multiple` copies of `dataset`, can be
/// grouped into `multiple` repeats that each add up to `dataset`: `Some(false)` when they
/// cannot, `None` when the search ran out of its budget first (the folds are then taken as
/// given).
///
/// A depth-first placement of the largest folds first, into repeats with room for them,
/// trying only one of any repeats with the same room left.
pub(crate) fn repeats_of<F: AsRef<[u64]>>(
    folds: &[F],
    dataset: &[u64],
    multiple: u64,
) -> Option<bool> {
    if multiple <= 1 {
        return Some(true);
    }
    if multiple > folds.len() as u64 {
        return Some(false);
    }
    // The search recurses once per fold: beyond this many it is not tried.
    if folds.len() > 1000 {
        return None;
    }
    let mut order: Vec<&[u64]> = folds.iter().map(AsRef::as_ref).collect();
    let size = |fold: &[u64]| fold.iter().map(|&c| u128::from(c)).sum::<u128>();
    order.sort_unstable_by(|a, b| (size(b), *b).cmp(&(size(a), *a)));
    let mut room = vec![dataset.to_vec(); multiple as usize];
    let mut budget = REPEATS_SEARCH_BUDGET;
    place(&order, &mut room, &mut budget)
}

fn place(folds: &[&[u64]], room: &mut [Vec<u64>], budget: &mut u64) -> Option<bool> {
    let Some((fold, rest)) = folds.split_first() else {
        return Some(true);
    };
    let mut exhausted = false;
    for j in 0..room.len() {
        let fits = room[j].iter().zip(*fold).all(|(r, c)| r >= c);
        if !fits || room[..j].contains(&room[j]) {
            continue;
        }
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        room[j].iter_mut().zip(*fold).for_each(|(r, c)| *r -= c);
        let placed = place(rest, room, budget);
        room[j].iter_mut().zip(*fold).for_each(|(r, c)| *r += c);
        match placed {
            Some(true) => return Some(true),
            Some(false) => {}
            None => exhausted = true,
        }
    }
    if exhausted {
        None
    } else {
        Some(false)
    }
}

fn explicit_multiple(total_p: u128, total_n: u128, dataset: (u64, u64)) -> Option<u64> {
    let (p, n) = (dataset.0 as u128, dataset.1 as u128);
    let m = match (p, n) {
        (0, 0) => return None,
        (0, n) => total_n / n,
        (p, _) => total_p / p,
    };
    (m >= 1 && m * p == total_p && m * n == total_n)
        .then(|| u64::try_from(m).ok())
        .flatten()
}

/// The hint of a missing `n_folds` where explicit folds are an alternative.
pub const N_FOLDS_OR_FOLDS: &str = "missing n_folds (or give the folds explicitly with \"folds\")";

/// The `n_folds` (required; `missing` is the error's message without it) and `n_repeats`
/// (default 1) of a generated folding.
///
/// # Errors
///
/// `MissingField` naming `n_folds` (with `missing` as its message), `InvalidValue` naming
/// `n_folds` or `n_repeats` when it is not a positive integer within the caps.
pub fn generated_shape(object: &Object<'_>, missing: &str) -> Result<(u64, u64)> {
    let n_folds = match object.get("n_folds") {
        Some(v) => input::positive(v, &object.field_path("n_folds"), MAX_FOLDS)?,
        None => return Err(Error::missing(&object.field_path("n_folds"), missing)),
    };
    let n_repeats = match object.get("n_repeats") {
        Some(v) => input::positive(v, &object.field_path("n_repeats"), MAX_FOLDS)?,
        None => 1,
    };
    Ok((n_folds, n_repeats))
}

/// The folds (p, n) of a dataset under a folding, every fold of every repeat.
///
/// # Errors
///
/// `InvalidValue` naming `path` when there would be more folds in all than
/// [`MAX_TOTAL_FOLDS`], and `Contradiction` when stratified folds cannot be made.
pub(crate) fn folds_of(
    dataset: (u64, u64),
    folding: &Folding,
    path: &str,
) -> Result<Vec<(u64, u64)>> {
    match folding {
        Folding::Explicit { folds, .. } => {
            if folds.len() as u64 > MAX_TOTAL_FOLDS {
                return Err(Error::invalid(
                    &input::join(path, "folds"),
                    format!(
                        "{} folds in all is more than this check supports ({})",
                        folds.len(),
                        MAX_TOTAL_FOLDS
                    ),
                ));
            }
            Ok(folds.clone())
        }
        Folding::Generated {
            n_folds,
            n_repeats,
            strategy,
        } => {
            // How the folds were made decides a mean over them: scikit-learn's stratified
            // folds are one way among many (the reference refuses this too).
            if *n_folds > 1 && strategy.is_none() {
                return Err(Error::missing(
                    &input::join(path, "strategy"),
                    "with n_folds > 1 say how the folds were made: \"strategy\": \"stratified_sklearn\" (scikit-learn's StratifiedKFold), or the folds themselves (\"folds\": [{\"p\": ..., \"n\": ...}, ...]); for folds of unknown composition use 1_dataset_unknown_folds_mos or n_datasets_mos_unknown_folds_mos",
                ));
            }
            // Checked before the folds are made: n_folds alone may be a million.
            if n_folds.saturating_mul(*n_repeats) > MAX_TOTAL_FOLDS {
                return Err(Error::invalid(
                    path,
                    format!(
                        "n_folds × n_repeats = {} folds in all is more than this check supports ({}); lower n_folds or n_repeats",
                        n_folds.saturating_mul(*n_repeats),
                        MAX_TOTAL_FOLDS
                    ),
                ));
            }
            let base: Vec<(u64, u64)> = if *n_folds == 1 {
                vec![dataset]
            } else {
                stratified(dataset, *n_folds, path)?
            };
            let total = (base.len() as u64).saturating_mul(*n_repeats);
            if total > MAX_TOTAL_FOLDS {
                return Err(Error::invalid(
                    path,
                    format!(
                        "{total} folds in all is more than this check supports ({})",
                        MAX_TOTAL_FOLDS
                    ),
                ));
            }
            Ok((0..*n_repeats).flat_map(|_| base.iter().copied()).collect())
        }
    }
}

/// scikit-learn's StratifiedKFold composition of a binary dataset.
fn stratified(dataset: (u64, u64), k: u64, path: &str) -> Result<Vec<(u64, u64)>> {
    stratified_binary(dataset, k).map_err(|message| Error::contradiction(path, message))
}

/// The (p, n) of each of the k folds scikit-learn's `StratifiedKFold` makes of a binary
/// dataset (as the reference builds its label vector), or a message saying why there are
/// none.
fn stratified_binary(dataset: (u64, u64), k: u64) -> std::result::Result<Vec<(u64, u64)>, String> {
    let k = usize::try_from(k).map_err(|_| format!("{k} folds are too many"))?;
    scorecheck_folds::stratified_sklearn_binary(dataset.0, dataset.1, k)
        .map(|folds| folds.into_iter().map(|f| (f.p, f.n)).collect())
        .map_err(|e| e.to_string())
}
