//! The mean-of-scores protocols: scores averaged over folds, testsets or datasets become an
//! integer program over every fold's (tp, tn), answered by a feasibility backend.
//!
//! Only scores that are linear in (tp, tn) for fixed (p, n) survive averaging as linear
//! constraints: acc, sens, spec, bacc and their affine relatives err, fnr, fpr and bm. Other
//! reported scores are listed by name in `ignored_scores`, never dropped silently. Score
//! bounds constrain the named score whether or not it was reported.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};
use scorecheck_algebra::Score;
use scorecheck_feasibility::{Certainty, Problem, VarId, Verdict};
use serde_json::{json, Map, Value};

use crate::binary_som::{evaluations, pooled_evaluation, testsets, Evaluation};
use crate::dispatch::Request;
use crate::error::{Error, ErrorKind, Result};
use crate::folding::{self, Folding};
use crate::input::{self, Object};
use crate::json::Json;
use crate::mos_sides::Sides;

/// A bound on a score: lower ≤ score ≤ upper.
#[derive(Clone, Debug)]
pub(crate) struct Bound {
    pub(crate) score: Score,
    pub(crate) lower: BigRational,
    pub(crate) upper: BigRational,
}

/// One fold: its counts and bounds on its own scores.
#[derive(Clone, Debug)]
pub(crate) struct FoldSpec {
    pub(crate) p: u64,
    pub(crate) n: u64,
    pub(crate) bounds: Vec<Bound>,
}

/// One dataset: its folds (every fold of every repeat) and bounds on its mean scores.
#[derive(Clone, Debug)]
pub(crate) struct DatasetSpec {
    pub(crate) folds: Vec<FoldSpec>,
    pub(crate) bounds: Vec<Bound>,
}

impl DatasetSpec {
    /// A dataset evaluated as one fold (a testset, or a dataset pooled over its folds),
    /// with `bounds` on its scores.
    pub(crate) fn single_fold(p: u64, n: u64, bounds: Vec<Bound>) -> DatasetSpec {
        DatasetSpec {
            folds: vec![FoldSpec {
                p,
                n,
                bounds: Vec::new(),
            }],
            bounds,
        }
    }
}

/// The whole experiment: datasets, and windows on the mean over datasets.
#[derive(Clone, Debug)]
pub(crate) struct Experiment {
    pub(crate) datasets: Vec<DatasetSpec>,
    pub(crate) windows: Vec<Bound>,
}

/// The coefficients (a, b, c) with score = a·tp + b·tn + c on a fold with counts (p, n), or
/// `None` where the score is not linear or undefined for these counts.
pub(crate) fn linear_form(
    score: Score,
    p: u64,
    n: u64,
) -> Option<(BigRational, BigRational, BigRational)> {
    let q = |num: i64, den: u64| BigRational::new(BigInt::from(num), BigInt::from(den));
    let zero = BigRational::zero;
    let one = BigRational::one;
    let total = p.checked_add(n)?;
    Some(match score {
        Score::Acc if total > 0 => (q(1, total), q(1, total), zero()),
        Score::Err if total > 0 => (q(-1, total), q(-1, total), one()),
        Score::Sens if p > 0 => (q(1, p), zero(), zero()),
        Score::Fnr if p > 0 => (q(-1, p), zero(), one()),
        Score::Spec if n > 0 => (zero(), q(1, n), zero()),
        Score::Fpr if n > 0 => (zero(), q(-1, n), one()),
        Score::Bacc if p > 0 && n > 0 => (q(1, 2 * p), q(1, 2 * n), zero()),
        Score::Bm if p > 0 && n > 0 => (q(1, p), q(1, n), -one()),
        _ => return None,
    })
}

/// Whether mean-of-scores checks can use the score.
pub(crate) fn usable(score: Score) -> bool {
    score.is_linear()
}

/// The variables of one fold.
struct FoldVars {
    tp: VarId,
    tn: VarId,
}

/// A fold inside a mean: (dataset index, fold index, the fold, its variables, its weight).
type WeightedFold<'a> = (usize, usize, &'a FoldSpec, &'a FoldVars, BigRational);

/// Adds `lower ≤ Σ weight·score(fold) ≤ upper` over the given folds; `field` is where the
/// bound came from in the request (`scores.sens`, `fold_score_bounds.acc`, ...).
fn add_mean_constraint(
    problem: &mut Problem,
    name: String,
    folds: &[WeightedFold<'_>],
    bound: &Bound,
    field: &str,
) -> Result<()> {
    let mut terms = Vec::with_capacity(2 * folds.len());
    let mut constant = BigRational::zero();
    let many_datasets = folds.iter().any(|(d, ..)| *d > 0);
    for (d, f, fold, vars, weight) in folds {
        let (a, b, c) = linear_form(bound.score, fold.p, fold.n).ok_or_else(|| {
            let which = if many_datasets {
                format!("fold {f} of dataset {d}")
            } else {
                format!("fold {f}")
            };
            Error::new(
                ErrorKind::Contradiction,
                Some(&input::join(field, bound.score.abbreviation())),
                format!(
                    "{} is undefined on {which} (p={}, n={}: a zero count), so its mean cannot be formed; remove that score or that fold",
                    bound.score, fold.p, fold.n
                ),
            )
        })?;
        if !a.is_zero() {
            terms.push((VarId(vars.tp.0), &a * weight));
        }
        if !b.is_zero() {
            terms.push((VarId(vars.tn.0), &b * weight));
        }
        constant += &c * weight;
    }
    problem.add_constraint(
        name,
        terms,
        Some(&bound.lower - &constant),
        Some(&bound.upper - &constant),
    );
    Ok(())
}

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

/// The verdict on the integer program of `experiment`: with a named backend, one dataset
/// without fold bounds is decided exactly by enumeration where that is cheap (a branch and
/// bound can need hundreds of thousands of nodes on it), anything else by the backend; the
/// enumeration's witness is checked against the program like any backend's. A caller's own
/// backend ([`crate::RunOptions::solver`]) is asked every program.
pub(crate) fn verdict(
    experiment: &Experiment,
    options: &crate::dispatch::RunOptions,
) -> Result<Verdict> {
    verdict_within(experiment, options, crate::mos_sides::MAX_STEPS)
}

/// [`verdict`] with at most `max_steps` steps of enumeration before the backend takes over.
pub(crate) fn verdict_within(
    experiment: &Experiment,
    options: &crate::dispatch::RunOptions,
    max_steps: u64,
) -> Result<Verdict> {
    let (problem, _) = build(experiment)?;
    Ok(match enumerated(experiment, options, max_steps)? {
        Sides::Feasible(witness) if problem.check(&witness).is_ok() => {
            Verdict::Feasible { witness }
        }
        Sides::Infeasible(reason) => Verdict::Infeasible {
            certainty: Certainty::Exact,
            reason,
        },
        _ => crate::backend::solve(&problem, options)?,
    })
}

/// The exact enumeration of `mos_sides` where `options` name a backend (which must be one
/// this build has, whether or not it is then asked).
pub(crate) fn enumerated(
    experiment: &Experiment,
    options: &crate::dispatch::RunOptions,
    max_steps: u64,
) -> Result<Sides> {
    if options.solver.is_some() {
        return Ok(Sides::NotApplicable);
    }
    crate::backend::backend(options.backend)?;
    Ok(crate::mos_sides::decide(
        experiment,
        options.deadline,
        max_steps,
    ))
}

/// The integer program: variables tp, tn per fold in dataset order, and its constraints.
pub(crate) fn build(experiment: &Experiment) -> Result<(Problem, usize)> {
    build_until(experiment, None)?.ok_or_else(|| {
        Error::new(
            ErrorKind::InvalidValue,
            None,
            "no deadline was set, yet the build stopped",
        )
    })
}

/// [`build`], watching `deadline` between datasets (a dataset may have 10,000 folds and a
/// request many datasets): `None` when it passed.
pub(crate) fn build_until(
    experiment: &Experiment,
    deadline: Option<std::time::Instant>,
) -> Result<Option<(Problem, usize)>> {
    let passed = || deadline.is_some_and(|d| std::time::Instant::now() >= d);
    let mut problem = Problem::new();
    let mut vars: Vec<Vec<FoldVars>> = Vec::new();
    for (d, dataset) in experiment.datasets.iter().enumerate() {
        let mut dv = Vec::new();
        for (f, fold) in dataset.folds.iter().enumerate() {
            let to_i64 = |v: u64| {
                i64::try_from(v).map_err(|_| {
                    Error::new(
                        ErrorKind::InvalidValue,
                        Some(&fold_field(experiment, d, f)),
                        format!("fold {f} of dataset {d} has a count above 2^63, which mean-of-scores checks do not support; use smaller counts"),
                    )
                })
            };
            let tp = problem.add_variable(format!("tp[{d}][{f}]"), 0, to_i64(fold.p)?);
            let tn = problem.add_variable(format!("tn[{d}][{f}]"), 0, to_i64(fold.n)?);
            dv.push(FoldVars { tp, tn });
        }
        vars.push(dv);
    }
    let n_datasets = experiment.datasets.len() as u64;
    // Fold-level bounds.
    for (d, dataset) in experiment.datasets.iter().enumerate() {
        if passed() {
            return Ok(None);
        }
        for (f, fold) in dataset.folds.iter().enumerate() {
            for bound in &fold.bounds {
                add_mean_constraint(
                    &mut problem,
                    format!("{} of fold {f} of dataset {d}", bound.score),
                    &[(d, f, fold, &vars[d][f], BigRational::one())],
                    bound,
                    "fold_score_bounds",
                )?;
            }
        }
        // Dataset-level bounds: the mean over its folds.
        let k = dataset.folds.len() as u64;
        let folds: Vec<_> = dataset
            .folds
            .iter()
            .zip(&vars[d])
            .enumerate()
            .map(|(f, (fold, v))| {
                (
                    d,
                    f,
                    fold,
                    v,
                    BigRational::new(BigInt::one(), BigInt::from(k)),
                )
            })
            .collect();
        for bound in &dataset.bounds {
            add_mean_constraint(
                &mut problem,
                format!("mean {} of dataset {d}", bound.score),
                &folds,
                bound,
                "dataset_score_bounds",
            )?;
        }
    }
    // Experiment-level windows: the mean over datasets of the mean over folds.
    let mut all = Vec::new();
    for (d, dataset) in experiment.datasets.iter().enumerate() {
        if passed() {
            return Ok(None);
        }
        let k = dataset.folds.len() as u64;
        for (f, (fold, v)) in dataset.folds.iter().zip(&vars[d]).enumerate() {
            all.push((
                d,
                f,
                fold,
                v,
                BigRational::new(BigInt::one(), BigInt::from(k * n_datasets)),
            ));
        }
    }
    for window in &experiment.windows {
        if passed() {
            return Ok(None);
        }
        add_mean_constraint(
            &mut problem,
            format!("reported {}", window.score),
            &all,
            window,
            "scores",
        )?;
    }
    let n_vars = problem.variables().len();
    Ok(Some((problem, n_vars)))
}

/// A field path for fold `f` of dataset `d` in messages: `folding` names where the folds
/// come from (explicit or generated) in every protocol.
fn fold_field(experiment: &Experiment, d: usize, f: usize) -> String {
    if experiment.datasets.len() > 1 {
        format!("datasets[{d}].folds[{f}]")
    } else {
        format!("folds[{f}]")
    }
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
        let (problem, _) = build(&experiment)?;
        result["ranges"] =
            crate::mos_ranges::compute(&experiment, &problem, witness, targets, request)?;
    }
    if matches!(outcome.verdict, Verdict::Infeasible { .. }) {
        // A minimal infeasible subset of the scores and bounds, on its own budget.
        crate::mos_explain::attach(&mut result, &experiment, request, decision);
    }
    Ok(result)
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
