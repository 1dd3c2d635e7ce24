//! The mean-of-scores protocols: scores averaged over folds, testsets or datasets become an
//! integer program over every fold's (tp, tn), answered by a feasibility backend.
//!
//! Only scores that are linear in (tp, tn) for fixed (p, n) survive averaging as linear
//! constraints: acc, sens, spec, bacc and their affine relatives err, fnr, fpr and bm. Other
//! reported scores are listed by name in `ignored_scores`, never dropped silently. Score
//! bounds constrain the named score whether or not it was reported.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Zero;
use scorecheck_algebra::Score;
pub(crate) use scorecheck_experiment::{
    linear_form, usable, Bound, DatasetSpec, Experiment, FoldSpec,
};
use scorecheck_feasibility::{Problem, Verdict};
use serde_json::{json, Map, Value};

use crate::binary_som::{evaluations, pooled_evaluation, testsets, Evaluation};
use crate::dispatch::Request;
use crate::dispatch::RunOptions;
use crate::folding::{self, Folding};
use crate::input::{self, Object};
use crate::json::Json;
use crate::{Error, ErrorKind, Result};

/// The outcome of a mean-of-scores check, before rendering.
pub(crate) struct MosOutcome {
    pub(crate) verdict: Verdict,
}

/// Builds the integer program of `experiment` and solves it.
pub(crate) fn solve(experiment: &Experiment, request: &Request<'_>) -> Result<MosOutcome> {
    Ok(MosOutcome {
        verdict: verdict(experiment, &request.options)?,
    })
}

/// The verdict on the integer program of `experiment` (the engine's
/// [`scorecheck_experiment::verdict`] with the backend and limits of `options`).
pub(crate) fn verdict(experiment: &Experiment, options: &RunOptions) -> Result<Verdict> {
    let solver = crate::backend::solver(options)?;
    let limits = crate::backend::limits(options);
    scorecheck_experiment::verdict(experiment, solver.as_ref(), &limits).map_err(build_error)
}

/// The integer program of `experiment` (variables tp, tn per fold in dataset order).
pub(crate) fn build(experiment: &Experiment) -> Result<Problem> {
    scorecheck_experiment::build(experiment).map_err(build_error)
}

/// An engine's build error as a request error naming the field: an undefined score is a
/// contradiction, anything else an invalid value.
pub(crate) fn build_error(e: scorecheck_experiment::BuildError) -> Error {
    let kind = match e {
        scorecheck_experiment::BuildError::Undefined { .. } => ErrorKind::Contradiction,
        _ => ErrorKind::InvalidValue,
    };
    Error::new(kind, Some(&e.field()), e.to_string())
}

/// Reads scores, eps and tolerance into experiment-level windows (usable scores only) and
/// the names of the reported scores that cannot be used.
pub(crate) fn read_windows(fields: &Object<'_>) -> Result<(Vec<Bound>, Vec<String>)> {
    let crate::binary_som::Windows { reported, windows } = crate::binary_som::read_windows(fields)?;
    let mut usable_windows = Vec::new();
    let mut ignored = Vec::new();
    for (w, r) in windows.into_iter().zip(&reported.scores) {
        if usable(w.score) {
            usable_windows.push(Bound {
                score: w.score,
                lower: w.lower,
                upper: w.upper,
            });
        } else {
            ignored.push(r.key.clone());
        }
    }
    Ok((usable_windows, ignored))
}

/// Reads a bounds object; bounds on scores these checks cannot use are an error.
pub(crate) fn read_bounds(value: Option<&Json>, path: &str) -> Result<Vec<Bound>> {
    let Some(value) = value else {
        return Ok(Vec::new());
    };
    input::score_bounds(value, path)?
        .into_iter()
        .map(|(score, lower, upper)| {
            if !usable(score) {
                return Err(Error::new(
                    ErrorKind::Unsupported,
                    Some(&input::join(path, score.abbreviation())),
                    format!("bounds on {score} cannot be used by mean-of-scores checks; only acc, sens, spec, bacc and their complements (err, fnr, fpr) and bm are linear under averaging"),
                ));
            }
            Ok(Bound { score, lower, upper })
        })
        .collect()
}

/// The folds (p, n) of a dataset under a folding, every fold of every repeat.
pub(crate) fn folds_of(
    dataset: (u64, u64),
    folding: &Folding,
    path: &str,
) -> Result<Vec<(u64, u64)>> {
    match folding {
        Folding::Explicit { folds, .. } => {
            if folds.len() as u64 > folding::MAX_TOTAL_FOLDS {
                return Err(Error::new(
                    ErrorKind::InvalidValue,
                    Some(&input::join(path, "folds")),
                    format!(
                        "{} folds in all is more than this check supports ({})",
                        folds.len(),
                        folding::MAX_TOTAL_FOLDS
                    ),
                ));
            }
            Ok(folds.clone())
        }
        Folding::Generated {
            n_folds, n_repeats, ..
        } => {
            // Checked before the folds are made: n_folds alone may be a million.
            if n_folds.saturating_mul(*n_repeats) > folding::MAX_TOTAL_FOLDS {
                return Err(Error::new(
                    ErrorKind::InvalidValue,
                    Some(path),
                    format!(
                        "n_folds × n_repeats = {} folds in all is more than this check supports ({}); lower n_folds or n_repeats",
                        n_folds.saturating_mul(*n_repeats),
                        folding::MAX_TOTAL_FOLDS
                    ),
                ));
            }
            let base: Vec<(u64, u64)> = if *n_folds == 1 {
                vec![dataset]
            } else {
                stratified(dataset, *n_folds, path)?
            };
            let total = (base.len() as u64).saturating_mul(*n_repeats);
            if total > folding::MAX_TOTAL_FOLDS {
                return Err(Error::new(
                    ErrorKind::InvalidValue,
                    Some(path),
                    format!(
                        "{total} folds in all is more than this check supports ({})",
                        folding::MAX_TOTAL_FOLDS
                    ),
                ));
            }
            Ok((0..*n_repeats).flat_map(|_| base.iter().copied()).collect())
        }
    }
}

/// scikit-learn's StratifiedKFold composition of a binary dataset.
fn stratified(dataset: (u64, u64), k: u64, path: &str) -> Result<Vec<(u64, u64)>> {
    crate::stratified::binary(dataset, k)
        .map_err(|message| Error::new(ErrorKind::Contradiction, Some(path), message))
}

/// Renders a verdict with its witness at fold, dataset and experiment level.
pub(crate) fn render(
    experiment: &Experiment,
    outcome: &MosOutcome,
    ignored: &[String],
    request: &Request<'_>,
) -> Value {
    let backend = request.options.backend_name();
    let mut out = Map::new();
    let scores: Vec<Score> = {
        let mut s: Vec<Score> = experiment.windows.iter().map(|w| w.score).collect();
        for d in &experiment.datasets {
            s.extend(d.bounds.iter().map(|b| b.score));
            for f in &d.folds {
                s.extend(f.bounds.iter().map(|b| b.score));
            }
        }
        let mut unique = Vec::new();
        for x in s {
            if !unique.contains(&x) {
                unique.push(x);
            }
        }
        if unique.is_empty() {
            unique = vec![Score::Acc, Score::Sens, Score::Spec, Score::Bacc];
        }
        unique
    };
    crate::backend::insert_verdict(
        &mut out,
        &outcome.verdict,
        |witness| witness_json(experiment, witness, &scores),
        |reason| reason.to_string(),
    );
    out.insert("backend".into(), backend.into());
    out.insert("ignored_scores".into(), json!(ignored));
    if experiment.windows.is_empty() {
        out.insert(
            "note".into(),
            "no reported score is usable by this protocol, so only the bounds were checked".into(),
        );
    }
    Value::Object(out)
}

fn witness_json(experiment: &Experiment, witness: &[i64], scores: &[Score]) -> Value {
    let mut index = 0usize;
    let mut datasets = Vec::new();
    let mut experiment_sums: Vec<Option<BigRational>> =
        vec![Some(BigRational::zero()); scores.len()];
    let n_datasets = BigRational::from_integer(BigInt::from(experiment.datasets.len()));
    for dataset in &experiment.datasets {
        let mut folds = Vec::new();
        let mut sums: Vec<Option<BigRational>> = vec![Some(BigRational::zero()); scores.len()];
        for fold in &dataset.folds {
            let tp = witness.get(index).copied().unwrap_or(0);
            let tn = witness.get(index + 1).copied().unwrap_or(0);
            index += 2;
            let mut fold_scores = Map::new();
            for (i, &score) in scores.iter().enumerate() {
                let value = linear_form(score, fold.p, fold.n).map(|(a, b, c)| {
                    a * BigRational::from_integer(BigInt::from(tp))
                        + b * BigRational::from_integer(BigInt::from(tn))
                        + c
                });
                match &value {
                    Some(v) => {
                        fold_scores.insert(score.abbreviation().into(), crate::render::rational(v));
                    }
                    None => {
                        fold_scores.insert(score.abbreviation().into(), Value::Null);
                    }
                }
                sums[i] = match (sums[i].take(), value) {
                    (Some(s), Some(v)) => Some(s + v),
                    _ => None,
                };
            }
            folds
                .push(json!({"p": fold.p, "n": fold.n, "tp": tp, "tn": tn, "scores": fold_scores}));
        }
        let k = BigRational::from_integer(BigInt::from(dataset.folds.len()));
        let mut dataset_scores = Map::new();
        for (i, &score) in scores.iter().enumerate() {
            let mean = sums[i].take().map(|s| s / &k);
            dataset_scores.insert(
                score.abbreviation().into(),
                mean.as_ref()
                    .map(crate::render::rational)
                    .unwrap_or(Value::Null),
            );
            experiment_sums[i] = match (experiment_sums[i].take(), mean) {
                (Some(s), Some(m)) => Some(s + m),
                _ => None,
            };
        }
        datasets.push(json!({"folds": folds, "scores": dataset_scores}));
    }
    let mut experiment_scores = Map::new();
    for (i, &score) in scores.iter().enumerate() {
        let mean = experiment_sums[i].take().map(|s| s / &n_datasets);
        experiment_scores.insert(
            score.abbreviation().into(),
            mean.as_ref()
                .map(crate::render::rational)
                .unwrap_or(Value::Null),
        );
    }
    json!({"datasets": datasets, "scores": experiment_scores})
}

/// Runs the experiment and renders it.
pub(crate) fn finish(
    experiment: Experiment,
    ignored: Vec<String>,
    request: &Request<'_>,
) -> Result<Value> {
    let targets = crate::mos_ranges::read(request.fields.get("ranges"))?;
    crate::dispatch::all_fields_read(request)?;
    let started = std::time::Instant::now();
    let outcome = match nothing_checkable(&experiment, &ignored) {
        Some(reason) => MosOutcome {
            verdict: Verdict::Undecided { reason },
        },
        None => solve(&experiment, request)?,
    };
    let decision = started.elapsed();
    let mut result = render(&experiment, &outcome, &ignored, request);
    if let (Some(targets), Verdict::Feasible { witness }) = (&targets, &outcome.verdict) {
        let problem = build(&experiment)?;
        result["ranges"] =
            crate::mos_ranges::compute(&experiment, &problem, witness, targets, request)?;
    }
    if matches!(outcome.verdict, Verdict::Infeasible { .. }) {
        // A minimal infeasible subset of the scores and bounds, on its own budget.
        explain(&mut result, &experiment, request, decision);
    }
    Ok(result)
}

/// The explanation of an infeasible mean-of-scores program, when the request asks for one
/// (else `"explanation": null`).
pub(crate) fn explain(
    result: &mut Value,
    experiment: &Experiment,
    request: &Request<'_>,
    decision: std::time::Duration,
) {
    if request.options.explains() {
        crate::mos_explain::attach(result, experiment, request, decision);
    } else {
        result["explanation"] = Value::Null;
    }
}

/// Why nothing can be checked when every reported score is one these checks cannot use
/// and no bound constrains anything: a "consistent" would be a claim without evidence.
pub(crate) fn nothing_checkable(experiment: &Experiment, ignored: &[String]) -> Option<String> {
    let constrained = !experiment.windows.is_empty()
        || experiment
            .datasets
            .iter()
            .any(|d| !d.bounds.is_empty() || d.folds.iter().any(|f| !f.bounds.is_empty()));
    (!constrained && !ignored.is_empty()).then(|| {
        format!(
            "none of the reported scores ({}) is linear under averaging, so the mean of scores cannot be checked; report acc, sens, spec, bacc or their complements, or use a score-of-means check",
            ignored.join(", ")
        )
    })
}

/// `1_dataset_known_folds_mos`: `dataset`, `folding`, `scores`, `eps`, `fold_score_bounds`.
pub(crate) fn dataset_known_folds_mos(request: &Request<'_>) -> Result<Value> {
    let fields = &request.fields;
    let dataset = input::binary_counts(
        fields.required("dataset", "the dataset, e.g. {\"p\": 100, \"n\": 200}")?,
        "dataset",
    )?;
    let folding = folding::parse(fields.required("folding", "the folds: {\"folds\": [...]} or {\"n_folds\": 5, \"n_repeats\": 1, \"strategy\": \"stratified_sklearn\"}")?, "folding", dataset)?;
    let fold_bounds = read_bounds(fields.get("fold_score_bounds"), "fold_score_bounds")?;
    let (windows, ignored, auc) = crate::mos_auc::read_windows(fields)?;
    let folds = folds_of(dataset, &folding, "folding")?
        .into_iter()
        .map(|(p, n)| FoldSpec {
            p,
            n,
            bounds: fold_bounds.clone(),
        })
        .collect();
    let experiment = Experiment {
        datasets: vec![DatasetSpec {
            folds,
            bounds: Vec::new(),
        }],
        windows,
    };
    crate::mos_auc::finish(experiment, ignored, auc, request)
}

/// `n_testsets_mos_no_kfold`: `testsets`, `scores`, `eps`, `testset_score_bounds`.
pub(crate) fn testsets_mos_no_kfold(request: &Request<'_>) -> Result<Value> {
    let fields = &request.fields;
    let testsets = testsets(fields, false)?;
    let bounds = read_bounds(fields.get("testset_score_bounds"), "testset_score_bounds")?;
    for (i, &(p, n)) in testsets.iter().enumerate() {
        if let Some(bound) = bounds.iter().find(|b| linear_form(b.score, p, n).is_none()) {
            return Err(Error::new(
                ErrorKind::Contradiction,
                Some(&input::join("testset_score_bounds", bound.score.abbreviation())),
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
    let (windows, ignored, auc) = crate::mos_auc::read_windows(fields)?;
    crate::mos_auc::finish(Experiment { datasets, windows }, ignored, auc, request)
}

/// `n_datasets_mos_kfold_som`: `evaluations` (each pooled over its folds), `dataset_score_bounds`.
pub(crate) fn datasets_mos_kfold_som(request: &Request<'_>) -> Result<Value> {
    let fields = &request.fields;
    let evaluations = evaluations(fields)?;
    let bounds = read_bounds(fields.get("dataset_score_bounds"), "dataset_score_bounds")?;
    let mut datasets = Vec::with_capacity(evaluations.len());
    for evaluation in &evaluations {
        let (p, n) = pooled_evaluation(evaluation)?;
        datasets.push(DatasetSpec::single_fold(p, n, bounds.clone()));
    }
    let (windows, ignored) = read_windows(fields)?;
    finish(Experiment { datasets, windows }, ignored, request)
}

/// `n_datasets_mos_known_folds_mos`: `evaluations` (each with its folds and optional
/// `fold_score_bounds`), `dataset_score_bounds`.
pub(crate) fn datasets_mos_known_folds_mos(request: &Request<'_>) -> Result<Value> {
    let fields = &request.fields;
    let evaluations = evaluations(fields)?;
    let bounds = read_bounds(fields.get("dataset_score_bounds"), "dataset_score_bounds")?;
    let mut datasets = Vec::with_capacity(evaluations.len());
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
        )?;
        evaluation.finish(&[])?;
        let folds = folds_of(*dataset, &folding, &folding_path)?
            .into_iter()
            .map(|(p, n)| FoldSpec {
                p,
                n,
                bounds: fold_bounds.clone(),
            })
            .collect();
        datasets.push(DatasetSpec {
            folds,
            bounds: bounds.clone(),
        });
    }
    let (windows, ignored, auc) = crate::mos_auc::read_windows(fields)?;
    crate::mos_auc::finish(Experiment { datasets, windows }, ignored, auc, request)
}
