//! The mean-of-scores protocols: scores averaged over folds, testsets or datasets become an
//! integer program over every fold's (tp, tn), answered by a feasibility backend.
//!
//! Only scores that are linear in (tp, tn) for fixed (p, n) survive averaging as linear
//! constraints: acc, sens, spec, bacc and their affine relatives err, fnr, fpr and bm. Other
//! reported scores are listed by name in `ignored_scores`, never dropped silently. Score
//! bounds constrain the named score whether or not it was reported.

use num_rational::BigRational;
use scorecheck_algebra::Score;
use scorecheck_experiment::witness_scores;
pub(crate) use scorecheck_experiment::{linear_form, Bound, DatasetSpec, Experiment};
use scorecheck_feasibility::{Problem, Verdict};
use serde_json::{json, Map, Value};

use crate::dispatch::{Request, RunOptions};
use crate::{Error, ErrorKind, Result};
use scorecheck_request::mean_of_scores::{self, MeanOfScoresRequest};

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
    let kind = match e.kind() {
        scorecheck_experiment::BuildErrorKind::Undefined { .. } => ErrorKind::Contradiction,
        _ => ErrorKind::InvalidValue,
    };
    Error::new(kind, Some(&e.field()), e.to_string())
}

/// Renders a verdict with its witness at fold, dataset and experiment level.
pub(crate) fn render(
    experiment: &Experiment,
    verdict: &Verdict,
    ignored: &[String],
    request: &Request<'_>,
) -> Value {
    let backend = request.options.backend_name();
    let mut out = Map::new();
    let scores = crate::render::shown_scores(experiment.windows.iter().chain(
        experiment.datasets.iter().flat_map(|d| {
            d.bounds
                .iter()
                .chain(d.folds.iter().flat_map(|f| &f.bounds))
        }),
    ));
    crate::backend::insert_verdict(
        &mut out,
        verdict,
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
    let found = witness_scores(experiment, witness, scores);
    let named = |values: &[Option<BigRational>]| crate::render::named_scores(scores, values);
    let datasets: Vec<Value> = found
        .datasets
        .iter()
        .map(|d| {
            let folds: Vec<Value> = d
                .folds
                .iter()
                .map(|f| json!({"p": f.p, "n": f.n, "tp": f.tp, "tn": f.tn, "scores": named(&f.scores)}))
                .collect();
            json!({"folds": folds, "scores": named(&d.means)})
        })
        .collect();
    json!({"datasets": datasets, "scores": named(&found.means)})
}

/// Runs the experiment and renders it (no AUC reported).
pub(crate) fn finish(read: &MeanOfScoresRequest, request: &Request<'_>) -> Result<Value> {
    crate::dispatch::all_fields_read(request)?;
    let MeanOfScoresRequest {
        experiment,
        ignored,
        ranges: targets,
        ..
    } = read;
    let started = scorecheck_clock::Instant::now();
    let outcome = match nothing_checkable(experiment.is_constrained(), ignored) {
        Some(reason) => Verdict::Undecided { reason },
        None => verdict(experiment, &request.options)?,
    };
    let decision = started.elapsed();
    let mut result = render(experiment, &outcome, ignored, request);
    if let (Some(targets), Verdict::Feasible { witness }) = (targets, &outcome) {
        let problem = build(experiment)?;
        result["ranges"] =
            crate::mos_ranges::compute(experiment, &problem, witness, targets, request)?;
    }
    if matches!(outcome, Verdict::Infeasible { .. }) {
        // A minimal infeasible subset of the scores and bounds, on its own budget.
        explain(&mut result, read, request, decision);
    }
    Ok(result)
}

/// The explanation of an infeasible mean-of-scores program, when the request asks for one
/// (else `"explanation": null`).
pub(crate) fn explain(
    result: &mut Value,
    read: &MeanOfScoresRequest,
    request: &Request<'_>,
    decision: std::time::Duration,
) {
    if request.options.explains() {
        crate::mos_explain::attach(result, read, request, decision);
    } else {
        result["explanation"] = Value::Null;
    }
}

/// Why nothing can be checked when every reported score is one these checks cannot use
/// and no bound constrains anything: a "consistent" would be a claim without evidence.
pub(crate) fn nothing_checkable(constrained: bool, ignored: &[String]) -> Option<String> {
    (!constrained && !ignored.is_empty()).then(|| {
        format!(
            "none of the reported scores ({}) is linear under averaging, so the mean of scores cannot be checked; report acc, sens, spec, bacc or their complements, or use a score-of-means check",
            ignored.join(", ")
        )
    })
}

/// Answers a mean-of-scores request that has been read: with a reported AUC by
/// [`crate::mos_auc::finish_with_auc`], without one by [`finish`].
pub(crate) fn answer(read: &MeanOfScoresRequest, request: &Request<'_>) -> Result<Value> {
    match &read.auc {
        Some(auc) => crate::mos_auc::finish_with_auc(read, auc, request),
        None => finish(read, request),
    }
}

/// `1_dataset_known_folds_mos`.
pub(crate) fn dataset_known_folds_mos(request: &Request<'_>) -> Result<Value> {
    answer(
        &mean_of_scores::read_dataset_known_folds(&request.fields)?,
        request,
    )
}

/// `n_testsets_mos_no_kfold`.
pub(crate) fn testsets_mos_no_kfold(request: &Request<'_>) -> Result<Value> {
    answer(&mean_of_scores::read_testsets(&request.fields)?, request)
}

/// `n_datasets_mos_kfold_som`.
pub(crate) fn datasets_mos_kfold_som(request: &Request<'_>) -> Result<Value> {
    answer(
        &mean_of_scores::read_datasets_pooled(&request.fields)?,
        request,
    )
}

/// `n_datasets_mos_known_folds_mos`.
pub(crate) fn datasets_mos_known_folds_mos(request: &Request<'_>) -> Result<Value> {
    answer(
        &mean_of_scores::read_datasets_known_folds(&request.fields)?,
        request,
    )
}
