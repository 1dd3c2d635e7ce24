//! The unknown-folds requests (`1_dataset_unknown_folds_mos`,
//! `n_datasets_mos_unknown_folds_mos`) read into the engine's typed [`UnknownFolds`]
//! experiment: datasets with their number of folds and repeats, bounds, windows and the
//! pruning rules of the fold configurations (`fold_rules`: `"reference"`, the default, or
//! `"none"`).

use num_bigint::BigUint;
use scorecheck_algebra::Score;
use scorecheck_experiment::{reference_rules, Bound, Evaluation, UnknownFolds};
use scorecheck_folds::FoldRules;

use crate::folding::{FoldStrategy, MAX_FOLDS};
use crate::input::{self, Object};
use crate::json::Json;
use crate::sets::{list, read_bounds};
use crate::{Error, Result};

/// An unknown-folds request, read: the experiment to search and the keys of the reported
/// scores it cannot use (listed in the result as ignored).
#[derive(Clone, Debug)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct UnknownFoldsRequest {
    /// The engine's experiment.
    pub experiment: UnknownFolds,
    /// The keys of reported scores that are not linear under averaging.
    pub ignored: Vec<String>,
    /// Why the figures cannot be, when an ignored score is reported outside every value
    /// it takes (see [`crate::figures::MeanFigures::out_of_range`]).
    pub out_of_range: Option<String>,
    /// The range of configuration indices `[start, end)` to search
    /// (`"configurations": {"start": S, "end": E}`), or `None` for all of them: one part of a
    /// search split across workers.
    #[cfg_attr(feature = "serde", serde(with = "scorecheck_algebra::serde_text"))]
    pub range: Option<(BigUint, BigUint)>,
}

impl UnknownFoldsRequest {
    /// A request on `experiment`, every reported score usable.
    pub fn new(experiment: UnknownFolds) -> UnknownFoldsRequest {
        UnknownFoldsRequest {
            experiment,
            ignored: Vec::new(),
            out_of_range: None,
            range: None,
        }
    }
}

/// Reads `fold_rules`: `"reference"` (default) or `"none"`.
fn read_rules(
    fields: &Object<'_>,
    windows: &[Bound],
    ignored_scores: &[Score],
) -> Result<FoldRules> {
    let mut scores: Vec<Score> = windows.iter().map(|w| w.score).collect();
    scores.extend_from_slice(ignored_scores);
    match fields.get("fold_rules") {
        None => Ok(reference_rules(&scores)),
        Some(Json::String(s)) if s == "reference" => Ok(reference_rules(&scores)),
        Some(Json::String(s)) if s == "none" => Ok(FoldRules::none()),
        Some(other) => Err(Error::invalid(
            "fold_rules",
            format!("expected \"reference\" (the reference's pruning of fold configurations) or \"none\" (try every composition), found {other}"),
        )),
    }
}

/// Reads a `{n_folds, n_repeats}` folding.
fn read_folding(value: &Json, path: &str, dataset: (u64, u64)) -> Result<(u64, u64)> {
    let object = Object::new(value, path)?;
    if object.has("folds") {
        return Err(Error::contradiction(
            &object.field_path("folds"),
            "explicit folds are known folds; use the known-folds check, or give only n_folds and n_repeats",
        ));
    }
    let (n_folds, n_repeats) =
        crate::folding::generated_shape(&object, "missing n_folds, the number of folds, e.g. 5")?;
    // A typo in a strategy is an error, not unknown folds.
    if let Some(FoldStrategy::StratifiedSklearn) = crate::folding::read_strategy(&object)? {
        return Err(Error::contradiction(
            &object.field_path("strategy"),
            "with a stratified strategy the folds are known; use the known-folds check or drop the strategy",
        ));
    }
    object.finish(&[])?;
    check_shape(
        (n_folds, n_repeats),
        dataset,
        (
            &input::join(path, "n_folds"),
            &input::join(path, "n_repeats"),
        ),
    )?;
    Ok((n_folds, n_repeats))
}

/// The most folds an unknown-folds request may have in all (over every repeat and every
/// evaluation). Every configuration is a whole integer program over all folds of all
/// repeats of all evaluations; beyond this many folds a single configuration can outlast any
/// sensible time limit, and its model outgrow the memory bound.
pub const MAX_TOTAL_FOLDS: u64 = 10_000;

/// Checks that `n_folds` × `n_repeats` folds can be searched on a dataset of `dataset`
/// items; `paths` name the two fields.
///
/// # Errors
///
/// `InvalidValue` naming `paths.1` beyond 10,000 folds in all, `Contradiction` naming
/// `paths.0` when there are more folds than items.
pub fn check_shape(
    (n_folds, n_repeats): (u64, u64),
    dataset: (u64, u64),
    paths: (&str, &str),
) -> Result<()> {
    if n_folds.saturating_mul(n_repeats) > MAX_TOTAL_FOLDS {
        return Err(Error::invalid(
            paths.1,
            format!(
                "n_folds × n_repeats = {} folds in all is more than unknown-folds checks support ({MAX_TOTAL_FOLDS}); lower n_repeats or n_folds",
                n_folds.saturating_mul(n_repeats)
            ),
        ));
    }
    if n_folds > dataset.0.saturating_add(dataset.1) {
        return Err(Error::contradiction(
            paths.0,
            format!(
                "n_folds = {n_folds} exceeds the {} items of the dataset",
                dataset.0.saturating_add(dataset.1)
            ),
        ));
    }
    Ok(())
}

/// The most digits of a configuration index (a count of configurations is far smaller).
const MAX_INDEX_DIGITS: usize = 1_000;

/// Reads `configurations: {"start": S, "end": E}`, indices as whole numbers or decimal text
/// (`"78500000000000000000"`: JSON readers lose digits of large numbers), `end` exclusive.
///
/// # Errors
///
/// `InvalidValue` naming `configurations.start` or `.end` for an index that is not a
/// non-negative whole number, `Contradiction` naming `configurations` for an empty range.
pub fn read_range(fields: &Object<'_>) -> Result<Option<(BigUint, BigUint)>> {
    let Some(value) = fields.get("configurations") else {
        return Ok(None);
    };
    let object = Object::new(value, "configurations")?;
    let index = |key: &str| -> Result<BigUint> {
        let path = object.field_path(key);
        let value = object.required(
            key,
            "a configuration index, a whole number or its decimal text, e.g. \"0\"",
        )?;
        let text = match value {
            Json::Number(number) => number.as_str(),
            Json::String(text) => text.as_str(),
            _ => "",
        };
        if text.is_empty()
            || text.len() > MAX_INDEX_DIGITS
            || !text.bytes().all(|b| b.is_ascii_digit())
        {
            return Err(Error::invalid(
                &path,
                format!("expected a configuration index: a whole number 0 or more (at most {MAX_INDEX_DIGITS} digits), as a number or decimal text like \"654152\""),
            ));
        }
        text.parse::<BigUint>()
            .map_err(|_| Error::invalid(&path, "expected a configuration index"))
    };
    let (start, end) = (index("start")?, index("end")?);
    object.finish(&[])?;
    if start >= end {
        return Err(Error::contradiction(
            "configurations",
            format!("the range [{start}, {end}) is empty: end is exclusive and must be above start (`scorecheck folds split` prints ranges that cover a space)"),
        ));
    }
    Ok(Some((start, end)))
}

/// The figures of an unknown-folds request: the windows of the usable scores, the names
/// of the others and their scores, and why the figures cannot be (see
/// [`crate::figures::MeanFigures::out_of_range`]).
pub type Windows = (Vec<Bound>, Vec<String>, Vec<Score>, Option<String>);

/// Reads `scores`, `eps` and tolerance into windows, the ignored names, the ignored scores
/// and why the figures cannot be.
///
/// # Errors
///
/// As [`crate::figures::mean_windows`].
pub fn windows(fields: &Object<'_>) -> Result<Windows> {
    let crate::figures::MeanFigures {
        windows,
        ignored,
        out_of_range,
        ..
    } = crate::figures::mean_windows(fields)?;
    let ignored_scores = ignored
        .iter()
        .filter_map(|name| Score::from_name(name).ok())
        .collect();
    Ok((windows, ignored, ignored_scores, out_of_range))
}

/// Reads a `1_dataset_unknown_folds_mos` request: `dataset`, `folding: {n_folds, n_repeats}`,
/// `scores`, `eps`, `numerical_tolerance`, `fold_score_bounds` (or its alias `score_bounds`),
/// `fold_rules`.
///
/// # Errors
///
/// An [`Error`] naming the field that is missing, invalid or contradictory (explicit folds or
/// a stratified strategy belong to the known-folds check).
pub fn read_one(fields: &Object<'_>) -> Result<UnknownFoldsRequest> {
    let dataset = input::binary_counts(
        fields.required("dataset", "the dataset, e.g. {\"p\": 38, \"n\": 262}")?,
        "dataset",
    )?;
    let (n_folds, n_repeats) = read_folding(
        fields.required(
            "folding",
            "the folding, e.g. {\"n_folds\": 5, \"n_repeats\": 1}",
        )?,
        "folding",
        dataset,
    )?;
    let fold_bounds = match (fields.get("fold_score_bounds"), fields.get("score_bounds")) {
        (Some(_), Some(_)) => {
            return Err(Error::contradiction(
                "score_bounds",
                "give fold_score_bounds or its alias score_bounds, not both",
            ))
        }
        (Some(v), None) => read_bounds(Some(v), "fold_score_bounds", fields)?,
        (None, v) => read_bounds(v, "score_bounds", fields)?,
    };
    let evaluation =
        Evaluation::new(dataset.0, dataset.1, n_folds, n_repeats).with_fold_bounds(fold_bounds);
    finish(fields, vec![evaluation], Vec::new())
}

/// The request of `evaluations` under the figures, rules and range `fields` give.
fn finish(
    fields: &Object<'_>,
    evaluations: Vec<Evaluation>,
    dataset_bounds: Vec<Bound>,
) -> Result<UnknownFoldsRequest> {
    let (windows, ignored, ignored_scores, out_of_range) = windows(fields)?;
    let rules = read_rules(fields, &windows, &ignored_scores)?;
    let experiment = UnknownFolds::new(evaluations, windows)
        .with_dataset_bounds(dataset_bounds)
        .with_rules(rules);
    Ok(UnknownFoldsRequest {
        experiment,
        ignored,
        out_of_range,
        range: read_range(fields)?,
    })
}

/// Reads a `n_datasets_mos_unknown_folds_mos` request: `evaluations` (each `{dataset,
/// folding}`, optionally `fold_score_bounds` and `aggregation: "mos"`),
/// `dataset_score_bounds`, `scores`, `eps`, `numerical_tolerance`, `fold_rules`.
///
/// # Errors
///
/// An [`Error`] naming the field that is missing, invalid or contradictory.
pub fn read_many(fields: &Object<'_>) -> Result<UnknownFoldsRequest> {
    let items = list(
        fields.required(
            "evaluations",
            "the list of evaluations, each {\"dataset\": ..., \"folding\": {\"n_folds\": 5}}",
        )?,
        "evaluations",
    )?;
    let dataset_bounds = read_bounds(
        fields.get("dataset_score_bounds"),
        "dataset_score_bounds",
        fields,
    )?;
    let mut evaluations = Vec::new();
    let mut total_folds: u64 = 0;
    for (i, item) in items.iter().enumerate() {
        let crate::sets::Evaluation {
            fields: evaluation,
            dataset,
            ..
        } = crate::sets::evaluation(i, item)?;
        let (n_folds, n_repeats) = read_folding(
            evaluation.required("folding", "the folding, e.g. {\"n_folds\": 5}")?,
            &evaluation.field_path("folding"),
            dataset,
        )?;
        let fold_bounds = read_bounds(
            evaluation.get("fold_score_bounds"),
            &evaluation.field_path("fold_score_bounds"),
            fields,
        )?;
        if let Some(a) = evaluation.get("aggregation") {
            if a.as_str() != Some("mos") {
                return Err(Error::invalid(
                    &evaluation.field_path("aggregation"),
                    "this check averages scores over folds; the aggregation must be \"mos\" or absent",
                ));
            }
        }
        evaluation.finish(&[])?;
        total_folds = total_folds.saturating_add(n_folds.saturating_mul(n_repeats));
        if total_folds > MAX_TOTAL_FOLDS {
            return Err(Error::invalid(
                "evaluations",
                format!(
                    "the evaluations up to evaluations[{i}] have {total_folds} folds in all (n_folds × n_repeats summed), more than unknown-folds checks support ({MAX_TOTAL_FOLDS}); give fewer evaluations, folds or repeats"
                ),
            ));
        }
        evaluations.push(
            Evaluation::new(dataset.0, dataset.1, n_folds, n_repeats).with_fold_bounds(fold_bounds),
        );
    }
    finish(fields, evaluations, dataset_bounds)
}

/// Reads a `tpehg` request (the TPEHG recordings, p = 38, n = 262, from `scorecheck-data`):
/// `n_folds`, `n_repeats`, `score_bounds` (on every fold), `scores`, `eps`,
/// `numerical_tolerance`; the reference's pruning rules apply.
///
/// # Errors
///
/// An [`Error`] naming the field that is missing, invalid or contradictory.
pub fn read_tpehg(fields: &Object<'_>) -> Result<UnknownFoldsRequest> {
    let set = scorecheck_data::tpehg();
    let shape = (
        input::positive(
            fields.required("n_folds", "the number of folds, e.g. 5")?,
            "n_folds",
            MAX_FOLDS,
        )?,
        input::positive(
            fields.required(
                "n_repeats",
                "the number of repetitions of the k-fold cross-validation, e.g. 1",
            )?,
            "n_repeats",
            MAX_FOLDS,
        )?,
    );
    check_shape(shape, (set.p, set.n), ("n_folds", "n_repeats"))?;
    let fold_bounds = read_bounds(fields.get("score_bounds"), "score_bounds", fields)?;
    let (windows, ignored, ignored_scores, out_of_range) = windows(fields)?;
    let mut ruled: Vec<_> = windows.iter().map(|w| w.score).collect();
    ruled.extend_from_slice(&ignored_scores);
    let experiment = UnknownFolds::new(
        vec![Evaluation::new(set.p, set.n, shape.0, shape.1).with_fold_bounds(fold_bounds)],
        windows,
    )
    .with_rules(reference_rules(&ruled));
    Ok(UnknownFoldsRequest {
        experiment,
        ignored,
        out_of_range,
        range: read_range(fields)?,
    })
}
