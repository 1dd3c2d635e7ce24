//! Exact ranges of the averaged scores in the mean-of-scores protocols (`"ranges"`): reads
//! the targets, runs `scorecheck_experiment::linear_range` (a linear score's mean) or the
//! AUC bisections (`auc_extreme_within`, `linear_extreme_with_auc`) with the request's
//! backend and renders each side exact (`min`, `max`) or bracketed (`min_between`,
//! `max_between`, with why).

use scorecheck_feasibility::Problem;
use serde_json::{json, Map, Value};

use crate::dispatch::{Request, RunOptions};
use crate::mos::Experiment;
use crate::Result;
use scorecheck_experiment::{
    auc_range, linear_range, linear_range_with_auc, AucModel, AucSolution, AucWindow, Extreme,
};
use scorecheck_request::mean_of_scores::Target;

/// The `ranges` object of a consistent mean-of-scores result.
pub(crate) fn compute(
    experiment: &Experiment,
    problem: &Problem,
    witness: &[i64],
    targets: &[Target],
    request: &Request<'_>,
) -> Result<Value> {
    let solver = crate::backend::solver(&request.options)?;
    let budget = crate::backend::budget(&request.options);
    let mut out = Map::new();
    for target in targets {
        let value = match target {
            Target::Auc(key) => (key, open_auc_range(experiment, witness, &request.options)?),
            Target::Score(score, key) => {
                let sides = linear_range(
                    experiment,
                    problem,
                    witness,
                    *score,
                    solver.as_ref(),
                    &budget,
                );
                (
                    key,
                    sides.map_or(Value::Null, |sides| entry_of(sides, &request.options)),
                )
            }
        };
        out.insert(value.0.clone(), value.1);
    }
    Ok(Value::Object(out))
}

/// Writes one side of a range found by bisection: `min`/`max` when exact, else
/// `min_between`/`max_between` (the proven bound and the value attained) and why.
fn insert_extreme(
    entry: &mut Map<String, Value>,
    up: bool,
    extreme: &Extreme,
    reasons: &mut Vec<String>,
    options: &RunOptions,
) {
    let name = if up { "max" } else { "min" };
    if extreme.is_exact() {
        entry.insert(name.into(), crate::render::rational(&extreme.attained));
        return;
    }
    let (low, high) = if up {
        (&extreme.attained, &extreme.proven)
    } else {
        (&extreme.proven, &extreme.attained)
    };
    entry.insert(
        format!("{name}_between"),
        json!([crate::render::rational(low), crate::render::rational(high)]),
    );
    let reason = if options
        .deadline
        .is_some_and(|d| scorecheck_clock::Instant::now() >= d)
    {
        "the time limit ran out during the search"
    } else {
        "a probe was not decided exactly within the budget"
    };
    reasons.push(format!("{name}: {reason}"));
}

/// The entry of a range from its two sides.
fn entry_of(sides: [Extreme; 2], options: &RunOptions) -> Value {
    let mut entry = Map::new();
    let mut reasons = Vec::new();
    for (up, extreme) in [false, true].into_iter().zip(&sides) {
        insert_extreme(&mut entry, up, extreme, &mut reasons, options);
    }
    if !reasons.is_empty() {
        entry.insert("undecided".into(), Value::from(reasons.join("; ")));
    }
    Value::Object(entry)
}

/// Time for the ranges that involve the AUC when the request sets no `time_limit`: each
/// extreme is a bisection whose probes are spatial branch and bounds.
pub(crate) const AUC_RANGES_TIME_LIMIT: std::time::Duration = std::time::Duration::from_secs(10);

/// When the ranges that involve the AUC must end: the request's deadline, or
/// [`AUC_RANGES_TIME_LIMIT`] from now.
fn ranges_deadline(options: &RunOptions) -> scorecheck_clock::Instant {
    options
        .deadline
        .unwrap_or_else(|| scorecheck_clock::Instant::now() + AUC_RANGES_TIME_LIMIT)
}

/// `options` with a deadline that leaves an equal share of the time to `left - 1` more
/// ranges.
fn share(options: &RunOptions, deadline: scorecheck_clock::Instant, left: usize) -> RunOptions {
    let now = scorecheck_clock::Instant::now();
    let rest = deadline.saturating_duration_since(now);
    let mut options = options.clone();
    options.deadline = Some(now + rest / u32::try_from(left.max(1)).unwrap_or(u32::MAX));
    options.progress = None;
    options
}

/// The range of the mean AUC when no AUC is reported: over the operating points that fit
/// the other scores (`null` where a fold has no positives or no negatives).
fn open_auc_range(experiment: &Experiment, witness: &[i64], options: &RunOptions) -> Result<Value> {
    let options = &share(options, ranges_deadline(options), 1);
    let model = match AucModel::new(experiment) {
        Ok(model) => model,
        Err(e)
            if matches!(
                e.kind(),
                scorecheck_experiment::AucErrorKind::Undefined { .. }
            ) =>
        {
            return Ok(Value::Null)
        }
        Err(e) => return Ok(json!({"undecided": e.to_string()})),
    };
    let start = AucSolution::new(witness.to_vec(), Vec::new());
    let open = AucWindow::new(None, None);
    auc_entry(&model, &open, &start, options)
}

/// The range of the mean AUC over the solutions with the mean AUC in `window`.
fn auc_entry(
    model: &AucModel,
    window: &AucWindow,
    start: &AucSolution,
    options: &RunOptions,
) -> Result<Value> {
    let solver = crate::backend::solver(options)?;
    let sides = auc_range(
        model,
        window,
        start,
        solver.as_ref(),
        &crate::backend::limits(options),
    );
    Ok(entry_of(sides, options))
}

/// The `ranges` object of a consistent mean-of-scores result with a reported AUC: every
/// extreme over the solutions whose mean AUC lies in the reported window, by bisection with
/// the AUC search.
pub(crate) fn compute_with_auc(
    experiment: &Experiment,
    model: &AucModel,
    window: &AucWindow,
    solution: &AucSolution,
    targets: &[Target],
    options: &RunOptions,
) -> Result<Value> {
    let solver = crate::backend::solver(options)?;
    let deadline = ranges_deadline(options);
    let mut out = Map::new();
    for (i, target) in targets.iter().enumerate() {
        // Each range gets an equal share of what is left.
        let options = share(options, deadline, targets.len() - i);
        let limits = crate::backend::limits(&options);
        match target {
            Target::Auc(key) => {
                out.insert(key.clone(), auc_entry(model, window, solution, &options)?);
            }
            Target::Score(score, key) => {
                let sides = linear_range_with_auc(
                    experiment,
                    model,
                    window,
                    solution,
                    *score,
                    solver.as_ref(),
                    &limits,
                );
                let value = match sides {
                    None => Value::Null,
                    Some([Some(low), Some(high)]) => entry_of([low, high], &options),
                    Some(_) => json!({"undecided": "the objective does not fit the program"}),
                };
                out.insert(key.clone(), value);
            }
        }
    }
    Ok(Value::Object(out))
}
