//! The mean-of-scores requests (`1_dataset_known_folds_mos`, `n_testsets_mos_no_kfold`,
//! `n_datasets_mos_kfold_som`, `n_datasets_mos_known_folds_mos`) read into the engine's
//! typed [`Experiment`], with the reported AUC and the ranges asked for.

use scorecheck_algebra::Score;
use scorecheck_experiment::{linear_form, usable, DatasetSpec, Experiment, FoldSpec};

use num_rational::BigRational;

use crate::figures::{is_auc, mean_windows, mean_windows_with_auc, MeanFigures, ReportedAuc};
use crate::folding;
use crate::folding::folds_of;
use crate::input::{self, Object};
use crate::json::Json;
use crate::sets::{evaluations, pooled_evaluation, read_bounds, testsets, Evaluation};
use crate::{Error, Result};

/// Which mean-of-scores protocol a request is (it words the explanations).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum MeanProtocol {
    /// `1_dataset_known_folds_mos`: one dataset, its folds known.
    #[cfg_attr(feature = "serde", serde(rename = "1_dataset_known_folds_mos"))]
    DatasetKnownFolds,
    /// `n_testsets_mos_no_kfold`: several test sets.
    #[cfg_attr(feature = "serde", serde(rename = "n_testsets_mos_no_kfold"))]
    Testsets,
    /// `n_datasets_mos_kfold_som`: several datasets, each pooled over its folds.
    #[cfg_attr(feature = "serde", serde(rename = "n_datasets_mos_kfold_som"))]
    DatasetsPooled,
    /// `n_datasets_mos_known_folds_mos`: several datasets, their folds known.
    #[cfg_attr(feature = "serde", serde(rename = "n_datasets_mos_known_folds_mos"))]
    DatasetsKnownFolds,
}

impl MeanProtocol {
    /// The protocol's name in requests.
    pub fn name(self) -> &'static str {
        match self {
            MeanProtocol::DatasetKnownFolds => "1_dataset_known_folds_mos",
            MeanProtocol::Testsets => "n_testsets_mos_no_kfold",
            MeanProtocol::DatasetsPooled => "n_datasets_mos_kfold_som",
            MeanProtocol::DatasetsKnownFolds => "n_datasets_mos_known_folds_mos",
        }
    }
}

/// A mean-of-scores request, read.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct MeanOfScoresRequest {
    /// Which protocol it is.
    pub protocol: MeanProtocol,
    /// The engine's experiment: datasets, folds, bounds and the windows of the usable scores.
    pub experiment: Experiment,
    /// The usable scores and their reported values as the request gave them (percentages
    /// when it says `"percent": true`), for messages.
    #[cfg_attr(feature = "serde", serde(with = "scorecheck_algebra::serde_text"))]
    pub reported: Vec<(Score, BigRational)>,
    /// The keys of reported scores that are not linear under averaging.
    pub ignored: Vec<String>,
    /// Why the figures cannot be, when an ignored score is reported outside every value
    /// it takes (see [`MeanFigures::out_of_range`]).
    pub out_of_range: Option<String>,
    /// The reported mean of per-fold AUCs, if any.
    pub auc: Option<ReportedAuc>,
    /// The averaged scores whose exact ranges are asked for (`"ranges"`).
    pub ranges: Option<Vec<Target>>,
}

impl MeanOfScoresRequest {
    /// A request of `protocol` on `experiment` (its windows are the reported scores, whose
    /// values are shown in messages), without an AUC or ranges.
    pub fn new(protocol: MeanProtocol, experiment: Experiment) -> MeanOfScoresRequest {
        MeanOfScoresRequest {
            protocol,
            reported: Vec::new(),
            experiment,
            ignored: Vec::new(),
            out_of_range: None,
            auc: None,
            ranges: None,
        }
    }
}

fn finish(
    protocol: MeanProtocol,
    datasets: Vec<DatasetSpec>,
    figures: MeanFigures,
    fields: &Object<'_>,
) -> Result<MeanOfScoresRequest> {
    counts_fit(protocol, &datasets, fields)?;
    let MeanFigures {
        windows,
        reported,
        ignored,
        out_of_range,
        auc,
    } = figures;
    let ranges = read_ranges(fields.get("ranges"))?;
    // Each dataset's folds pooled: no per-fold AUC to average.
    if protocol == MeanProtocol::DatasetsPooled {
        if let Some(at) = ranges
            .iter()
            .flatten()
            .position(|t| matches!(t, Target::Auc(_)))
        {
            return Err(crate::single_matrix::pooled_auc_range(at));
        }
    }
    let all = matches!(fields.get("ranges"), Some(Json::String(s)) if s == "all");
    let ranges = match &auc {
        Some(_) => ranges.map(|targets| with_auc(targets, all)),
        None => ranges,
    };
    Ok(MeanOfScoresRequest {
        protocol,
        experiment: Experiment::new(datasets, windows),
        reported,
        ignored,
        out_of_range,
        auc,
        ranges,
    })
}

/// Checks that every fold's counts fit the integer programs (at most 2^63 − 1 each), naming
/// the request field that gave a count too large: `testsets[1].n`, `folding.folds[2].p`,
/// `evaluations[0].dataset.p`.
///
/// # Errors
///
/// `InvalidValue` naming that field.
fn counts_fit(protocol: MeanProtocol, datasets: &[DatasetSpec], fields: &Object<'_>) -> Result<()> {
    const MAX: u64 = i64::MAX as u64;
    for (d, dataset) in datasets.iter().enumerate() {
        for (f, fold) in dataset.folds.iter().enumerate() {
            let class = match (fold.p > MAX, fold.n > MAX) {
                (false, false) => continue,
                (true, _) => "p",
                (false, true) => "n",
            };
            // Where the folds came from: explicit folds name the fold, generated folds (and
            // pooled evaluations) the dataset's count.
            let explicit = |evaluation: Option<&Json>| {
                let folding = match evaluation {
                    Some(e) => e.get("folding"),
                    None => fields.get("folding"),
                };
                folding.is_some_and(|f| f.get("folds").is_some())
            };
            let evaluation = fields
                .get("evaluations")
                .and_then(|e| e.as_array())
                .and_then(|e| e.get(d));
            let path = match protocol {
                MeanProtocol::Testsets => format!("testsets[{d}].{class}"),
                MeanProtocol::DatasetsPooled => format!("evaluations[{d}]"),
                MeanProtocol::DatasetKnownFolds if explicit(None) => {
                    format!("folding.folds[{f}].{class}")
                }
                MeanProtocol::DatasetKnownFolds => format!("dataset.{class}"),
                MeanProtocol::DatasetsKnownFolds if explicit(evaluation) => {
                    format!("evaluations[{d}].folding.folds[{f}].{class}")
                }
                MeanProtocol::DatasetsKnownFolds => format!("evaluations[{d}].dataset.{class}"),
            };
            return Err(Error::invalid(
                &path,
                format!(
                    "a count of {} is above 2^63 - 1, which mean-of-scores checks do not support; use smaller counts",
                    if class == "p" { fold.p } else { fold.n }
                ),
            ));
        }
    }
    Ok(())
}

/// `1_dataset_known_folds_mos`: `dataset`, `folding`, `scores`, `eps`, `fold_score_bounds`.
///
/// # Errors
///
/// An [`Error`] naming the field that is missing, invalid or contradictory.
pub fn read_dataset_known_folds(fields: &Object<'_>) -> Result<MeanOfScoresRequest> {
    let dataset = input::binary_counts(
        fields.required("dataset", "the dataset, e.g. {\"p\": 100, \"n\": 200}")?,
        "dataset",
    )?;
    let folding = folding::parse(fields.required("folding", "the folds: {\"folds\": [...]} or {\"n_folds\": 5, \"n_repeats\": 1, \"strategy\": \"stratified_sklearn\"}")?, "folding", dataset)?;
    let fold_bounds = read_bounds(fields.get("fold_score_bounds"), "fold_score_bounds", fields)?;
    let figures = mean_windows_with_auc(fields)?;
    let folds = folds_of(dataset, &folding, "folding")?
        .into_iter()
        .map(|(p, n)| FoldSpec::new(p, n).with_bounds(fold_bounds.clone()))
        .collect();
    let datasets = vec![DatasetSpec::from_folds(folds)];
    finish(MeanProtocol::DatasetKnownFolds, datasets, figures, fields)
}

/// `n_testsets_mos_no_kfold`: `testsets`, `scores`, `eps`, `testset_score_bounds`.
///
/// # Errors
///
/// An [`Error`] naming the field that is missing, invalid or contradictory.
pub fn read_testsets(fields: &Object<'_>) -> Result<MeanOfScoresRequest> {
    let testsets = testsets(fields, false)?;
    let bounds = read_bounds(
        fields.get("testset_score_bounds"),
        "testset_score_bounds",
        fields,
    )?;
    for (i, &(p, n)) in testsets.iter().enumerate() {
        if let Some(bound) = bounds.iter().find(|b| linear_form(b.score, p, n).is_none()) {
            return Err(Error::contradiction(
                &input::join("testset_score_bounds", bound.score.abbreviation()),
                format!(
                    "{} is undefined on testsets[{i}] (p={p}, n={n}: a zero count), so it cannot be bounded there; remove that bound or that testset",
                    bound.score
                ),
            ));
        }
    }
    let datasets = testsets
        .into_iter()
        .map(|(p, n)| DatasetSpec::single_fold(p, n, bounds.clone()))
        .collect();
    let figures = mean_windows_with_auc(fields)?;
    finish(MeanProtocol::Testsets, datasets, figures, fields)
}

/// `n_datasets_mos_kfold_som`: `evaluations` (each pooled over its folds), `dataset_score_bounds`.
///
/// # Errors
///
/// An [`Error`] naming the field that is missing, invalid or contradictory.
pub fn read_datasets_pooled(fields: &Object<'_>) -> Result<MeanOfScoresRequest> {
    let evaluations = evaluations(fields)?;
    let bounds = read_bounds(
        fields.get("dataset_score_bounds"),
        "dataset_score_bounds",
        fields,
    )?;
    let mut datasets = Vec::with_capacity(evaluations.len());
    for evaluation in &evaluations {
        let (p, n) = pooled_evaluation(evaluation)?;
        datasets.push(DatasetSpec::single_fold(p, n, bounds.clone()));
    }
    let figures = mean_windows(fields)?;
    finish(MeanProtocol::DatasetsPooled, datasets, figures, fields)
}

/// `n_datasets_mos_known_folds_mos`: `evaluations` (each with its folds and optional
/// `fold_score_bounds`), `dataset_score_bounds`.
///
/// # Errors
///
/// An [`Error`] naming the field that is missing, invalid or contradictory.
pub fn read_datasets_known_folds(fields: &Object<'_>) -> Result<MeanOfScoresRequest> {
    let evaluations = evaluations(fields)?;
    let bounds = read_bounds(
        fields.get("dataset_score_bounds"),
        "dataset_score_bounds",
        fields,
    )?;
    let mut datasets = Vec::with_capacity(evaluations.len());
    let mut in_all = 0u64;
    for Evaluation {
        fields: evaluation,
        dataset,
        ..
    } in &evaluations
    {
        let folding_path = evaluation.field_path("folding");
        let folding = folding::parse(
            evaluation.required("folding", "the folds of this evaluation")?,
            &folding_path,
            *dataset,
        )?;
        let fold_bounds = read_bounds(
            evaluation.get("fold_score_bounds"),
            &evaluation.field_path("fold_score_bounds"),
            fields,
        )?;
        evaluation.finish(&[])?;
        let folds: Vec<FoldSpec> = folds_of(*dataset, &folding, &folding_path)?
            .into_iter()
            .map(|(p, n)| FoldSpec::new(p, n).with_bounds(fold_bounds.clone()))
            .collect();
        // The cap on folds holds over every evaluation together.
        in_all = in_all.saturating_add(folds.len() as u64);
        if in_all > folding::MAX_TOTAL_FOLDS {
            return Err(Error::invalid(
                &folding_path,
                format!(
                    "the evaluations up to this one have {in_all} folds in all, more than this check supports ({}); lower n_folds or n_repeats, or split the request",
                    folding::MAX_TOTAL_FOLDS
                ),
            ));
        }
        datasets.push(DatasetSpec::from_folds(folds).with_bounds(bounds.clone()));
    }
    let figures = mean_windows_with_auc(fields)?;
    finish(MeanProtocol::DatasetsKnownFolds, datasets, figures, fields)
}

/// One averaged score whose range is asked for.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Target {
    /// A linear score, under the name the request used.
    Score(Score, String),
    /// The mean of the folds' AUCs, under the name the request used.
    Auc(String),
}

/// Reads `ranges` for a mean-of-scores protocol: `"all"` (acc, sens, spec, bacc, and the
/// AUC when one is reported) or a list of linear score names and `auc`.
///
/// # Errors
///
/// `UnknownScore` or `Unsupported` naming `ranges[i]` for a name that is no score or one
/// not linear under averaging, `InvalidValue` naming `ranges` for anything but `"all"` or a
/// non-empty list.
pub fn read_ranges(value: Option<&Json>) -> Result<Option<Vec<Target>>> {
    let all = || {
        let scores = [Score::Acc, Score::Sens, Score::Spec, Score::Bacc].into_iter();
        scores
            .map(|s| Target::Score(s, s.abbreviation().to_string()))
            .collect()
    };
    let target = |name: &str, field: &str| {
        if is_auc(name) {
            return Ok(Target::Auc(name.to_string()));
        }
        let score =
            Score::from_name(name).map_err(|e| Error::unknown_score(field, e.to_string()))?;
        if !usable(score) {
            return Err(Error::unsupported(
                field,
                format!("the range of the mean {score} is not computed: only acc, sens, spec, bacc and their complements (err, fnr, fpr) and bm are linear under averaging, and auc"),
            ));
        }
        Ok(Target::Score(score, name.to_string()))
    };
    let same = |a: &Target, b: &Target| match (a, b) {
        (Target::Score(a, _), Target::Score(b, _)) => a == b,
        (Target::Auc(_), Target::Auc(_)) => true,
        _ => false,
    };
    crate::figures::read_targets(value, all, target, same, "[\"acc\", \"bacc\", \"auc\"]")
}

/// `targets` of a request that reports an AUC: `"all"` covers it too.
fn with_auc(mut targets: Vec<Target>, all: bool) -> Vec<Target> {
    if all && !targets.iter().any(|t| matches!(t, Target::Auc(_))) {
        targets.push(Target::Auc("auc".into()));
    }
    targets
}
