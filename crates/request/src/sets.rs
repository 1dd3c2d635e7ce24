//! The sets a request names: test sets, evaluations (a dataset and its folding), the
//! folds of a binary dataset under a folding, pooled counts, and score bounds of the
//! mean-of-scores protocols.

use num_rational::BigRational;
use scorecheck_experiment::{usable, Bound};

use crate::folding::{self, Folding};
use crate::input::{self, Object};
use crate::json::Json;
use crate::{Error, Result};

/// The most test sets or evaluations a request lists (50,000): each is a dataset of the
/// program with its own witness, which takes about twice a fold's memory (100,000 test sets
/// took 1.1 GB), so half the cap on folds in all ([`folding::MAX_TOTAL_FOLDS`]).
pub const MAX_ENTRIES: usize = 50_000;

/// Reads the `testsets` list shared by the multi-testset protocols: each one's (p, n).
/// Empty testsets are an error unless `allow_empty` (where counts are pooled).
///
/// # Errors
///
/// `MissingField` for `testsets`, `InvalidValue` naming `testsets` when it is not a
/// non-empty list, and the errors of [`input::binary_counts`] naming `testsets[i]`.
pub fn testsets(fields: &Object<'_>, allow_empty: bool) -> Result<Vec<(u64, u64)>> {
    let items = list(
        fields.required(
            "testsets",
            "the list of test sets, e.g. [{\"p\": 10, \"n\": 20}, ...]",
        )?,
        "testsets",
    )?;
    items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let path = input::index("testsets", i);
            if allow_empty {
                input::binary_counts_maybe_empty(item, &path)
            } else {
                input::binary_counts(item, &path)
            }
        })
        .collect()
}

/// Reads an evaluation's `folding` (required, as by the reference's `Evaluation`: a default
/// of one fold would pool another number of repeats than the experiment's), finishes it,
/// and returns its counts pooled over folds and repeats.
///
/// # Errors
///
/// `MissingField` naming the evaluation's `folding`; the errors of
/// [`crate::folding::parse`] naming it,
/// `UnknownField` for a field of the evaluation nobody read, and `InvalidValue` when the
/// pooled counts exceed 2^64.
pub fn pooled_evaluation(evaluation: &Evaluation<'_>) -> Result<(u64, u64)> {
    let fields = &evaluation.fields;
    let folding_path = fields.field_path("folding");
    let what = "how the folds were made, e.g. {\"n_folds\": 5, \"n_repeats\": 1, \"strategy\": \"stratified_sklearn\"}";
    let folding = folding::parse(
        fields.required("folding", what)?,
        &folding_path,
        evaluation.dataset,
    )?;
    fields.finish(&[])?;
    pooled(&folding, evaluation.dataset, &folding_path)
}

/// One entry of `evaluations`: its path, its fields (the caller reads the rest and calls
/// `finish`), and its dataset's counts.
pub struct Evaluation<'a> {
    /// Its path (`evaluations[2]`).
    pub path: String,
    /// Its fields, `dataset` already read.
    pub fields: Object<'a>,
    /// Its dataset's (p, n).
    pub dataset: (u64, u64),
}

/// Reads the `evaluations` list shared by the multi-dataset protocols.
///
/// # Errors
///
/// `MissingField` for `evaluations` or an evaluation's `dataset`, `InvalidValue` naming
/// `evaluations` when it is not a non-empty list, and the errors of
/// [`input::binary_counts`] naming `evaluations[i].dataset`.
pub fn evaluations<'a>(fields: &Object<'a>) -> Result<Vec<Evaluation<'a>>> {
    let items = list(
        fields.required(
            "evaluations",
            "the list of evaluations, each {\"dataset\": ..., \"folding\": ...}",
        )?,
        "evaluations",
    )?;
    items
        .iter()
        .enumerate()
        .map(|(i, item)| evaluation(i, item))
        .collect()
}

/// Reads entry `i` of an `evaluations` list: its object and its dataset's counts (the
/// caller reads the rest and calls `finish`).
///
/// # Errors
///
/// As [`evaluations`], for this entry.
pub fn evaluation(i: usize, item: &Json) -> Result<Evaluation<'_>> {
    let path = input::index("evaluations", i);
    let fields = Object::new(item, &path)?;
    let dataset = input::binary_counts(
        fields.required("dataset", "the dataset of this evaluation")?,
        &fields.field_path("dataset"),
    )?;
    Ok(Evaluation {
        path,
        fields,
        dataset,
    })
}

/// A non-empty JSON list at `path`.
///
/// # Errors
///
/// `InvalidValue` naming `path` when the value is not a list, is empty, or has more entries
/// than [`MAX_ENTRIES`].
pub fn list<'a>(value: &'a Json, path: &str) -> Result<&'a Vec<Json>> {
    match value {
        Json::Array(items) if items.len() > MAX_ENTRIES => Err(Error::invalid(
            path,
            format!(
                "{} entries is more than a check takes ({MAX_ENTRIES}); split the request",
                items.len()
            ),
        )),
        Json::Array(items) if !items.is_empty() => Ok(items),
        Json::Array(_) => Err(Error::invalid(
            path,
            "the list is empty; give at least one entry",
        )),
        other => Err(Error::invalid(
            path,
            format!("expected a list, found {}", input::describe(other)),
        )),
    }
}

/// `a + b` for counts pooled at `path`.
///
/// # Errors
///
/// `InvalidValue` naming `path` when the sum exceeds 2^64.
pub fn add(a: u64, b: u64, path: &str) -> Result<u64> {
    a.checked_add(b).ok_or_else(|| {
        Error::invalid(
            path,
            "the pooled counts exceed 2^64; counts this large are not supported",
        )
    })
}

/// The counts of `dataset` pooled over every fold of every repeat of `folding`.
///
/// # Errors
///
/// `InvalidValue` naming `path` when they exceed 2^64.
pub(crate) fn pooled(folding: &Folding, dataset: (u64, u64), path: &str) -> Result<(u64, u64)> {
    folding.pooled(dataset).ok_or_else(|| {
        Error::invalid(
            path,
            "the pooled counts exceed 2^64; counts this large are not supported",
        )
    })
}

/// Reads a bounds object; bounds on scores these checks cannot use are an error.
///
/// # Errors
///
/// The errors of [`input::score_bounds`], and `Unsupported` naming `path.<score>` for a
/// bound on a score that is not linear under averaging.
pub fn read_bounds(value: Option<&Json>, path: &str, top: &Object<'_>) -> Result<Vec<Bound>> {
    let Some(value) = value else {
        return Ok(Vec::new());
    };
    let percent = top.get("percent") == Some(&Json::Bool(true));
    input::score_bounds(value, path)?
        .into_iter()
        .map(|(score, lower, upper)| {
            let here = input::join(path, score.abbreviation());
            if !usable(score) {
                return Err(Error::unsupported(
                    &here,
                    format!("bounds on {score} cannot be used by mean-of-scores checks; only acc, sens, spec, bacc and their complements (err, fnr, fpr) and bm are linear under averaging"),
                ));
            }
            // Under `"percent": true` the bounds stay fractions; an end past the score's
            // range by more than the range's width reads as a percentage, and taken as a
            // fraction it would decide the verdict on a unit slip (an end just past it,
            // `1.0000001`, is a fraction's rounding and bounds nothing).
            let (least, most) = score.natural_range();
            let as_rational = |v: i64| BigRational::from_integer(v.into());
            let width = match (least, most) {
                (Some(l), Some(m)) => as_rational(m - l),
                _ => as_rational(1),
            };
            let past = |end: &BigRational| {
                least.is_some_and(|l| *end < as_rational(l) - &width)
                    || most.is_some_and(|m| *end > as_rational(m) + &width)
            };
            if percent && (past(&lower) || past(&upper)) {
                let hundred = as_rational(100);
                let fix: Vec<String> = [&lower, &upper]
                    .into_iter()
                    .filter(|end| past(end))
                    .map(|end| format!("{} → {}", input::show(end), input::show(&(end / &hundred))))
                    .collect();
                return Err(Error::invalid(
                    &here,
                    format!(
                        "[{}, {}] lies outside {score}'s range [{}, {}]: score bounds are fractions even with \"percent\": true; write each end as a fraction ({})",
                        input::show(&lower),
                        input::show(&upper),
                        least.map_or("-inf".to_string(), |l| l.to_string()),
                        most.map_or("inf".to_string(), |m| m.to_string()),
                        fix.join(", "),
                    ),
                ));
            }
            Ok(Bound::new(score, lower, upper))
        })
        .collect()
}
