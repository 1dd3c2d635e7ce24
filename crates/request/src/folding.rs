//! Reading `folding` specifications of binary datasets and pooling their folds.

use crate::json::Json;

use crate::error::{Error, ErrorKind, Result};
use crate::input::{self, Object};

/// The largest number of folds or repeats accepted (a guard against absurd requests).
pub const MAX_FOLDS: u64 = 1_000_000;

/// The most folds (every fold of every repeat) a check that models each fold accepts
/// (mean-of-scores and multiclass checks): each fold is a block of the integer program.
pub const MAX_TOTAL_FOLDS: u64 = 100_000;

/// How a binary dataset was split into folds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Folding {
    /// `n_folds` folds repeated `n_repeats` times, composed by `strategy`.
    Generated {
        /// Folds per repeat (1 means the whole dataset).
        n_folds: u64,
        /// Repeats.
        n_repeats: u64,
        /// The strategy name (`stratified_sklearn`), or `None` where it does not matter.
        strategy: Option<String>,
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
/// `Contradiction` naming `n_folds` when it (or `n_repeats`) is given too, `InvalidValue`
/// naming `folds` when it is not a list or is empty.
pub fn explicit_folds<'a>(
    object: &Object<'_>,
    folds: &'a Json,
    example: &str,
) -> Result<&'a Vec<Json>> {
    let field = object.field_path("folds");
    if object.has("n_folds") || object.has("n_repeats") {
        return Err(Error::new(
            ErrorKind::Contradiction,
            Some(&object.field_path("n_folds")),
            "give either explicit folds or n_folds/n_repeats, not both (explicit folds list every fold of every repeat)",
        ));
    }
    match folds {
        Json::Array(items) if !items.is_empty() => Ok(items),
        Json::Array(_) => Err(Error::new(
            ErrorKind::InvalidValue,
            Some(&field),
            "the list of folds is empty; give at least one fold",
        )),
        _ => Err(Error::new(
            ErrorKind::InvalidValue,
            Some(&field),
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
                return Err(Error::new(
                    ErrorKind::Contradiction,
                    Some(&fold_path),
                    format!(
                        "fold ({p}, {n}) has more items than the dataset (p={}, n={})",
                        dataset.0, dataset.1
                    ),
                ));
            }
            out.push((p, n));
        }
        object.get("strategy");
        let total_p: u128 = out.iter().map(|f| f.0 as u128).sum();
        let total_n: u128 = out.iter().map(|f| f.1 as u128).sum();
        let multiple = explicit_multiple(total_p, total_n, dataset).ok_or_else(|| {
            Error::new(
                ErrorKind::Contradiction,
                Some(&field),
                format!(
                    "the folds total p={total_p}, n={total_n}, which is not a whole number of copies of the dataset (p={}, n={}); every repeat must cover each item once",
                    dataset.0, dataset.1
                ),
            )
        })?;
        Folding::Explicit {
            folds: out,
            multiple,
        }
    } else {
        let (n_folds, n_repeats) = generated_shape(&object, N_FOLDS_OR_FOLDS)?;
        let total = dataset.0.saturating_add(dataset.1);
        if n_folds > total {
            return Err(Error::new(
                ErrorKind::Contradiction,
                Some(&object.field_path("n_folds")),
                format!("n_folds = {n_folds} exceeds the {total} items of the dataset; every fold needs at least one item"),
            ));
        }
        let strategy = match object.get("strategy") {
            None => None,
            Some(Json::String(s)) if s == "stratified_sklearn" => Some(s.clone()),
            Some(other) => {
                return Err(Error::new(
                    ErrorKind::InvalidValue,
                    Some(&object.field_path("strategy")),
                    format!("unknown folding strategy {other}; the supported strategy is \"stratified_sklearn\""),
                ))
            }
        };
        Folding::Generated {
            n_folds,
            n_repeats,
            strategy,
        }
    };
    object.finish(&[])?;
    Ok(folding)
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
        None => {
            return Err(Error::new(
                ErrorKind::MissingField,
                Some(&object.field_path("n_folds")),
                missing,
            ))
        }
    };
    let n_repeats = match object.get("n_repeats") {
        Some(v) => input::positive(v, &object.field_path("n_repeats"), MAX_FOLDS)?,
        None => 1,
    };
    Ok((n_folds, n_repeats))
}
