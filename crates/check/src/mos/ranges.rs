//! Exact ranges of the averaged scores in the mean-of-scores protocols (`"ranges"`): runs
//! `scorecheck_experiment::linear_range` (a linear score's mean) or the AUC bisections
//! (`auc_range`, `linear_range_with_auc`) with the request's backend, each side exact or
//! bracketed (with why).

use scorecheck_experiment::Experiment;
use scorecheck_feasibility::Problem;

use super::outcome::{Extremes, NamedRange, Range, Side};
use crate::options::RunOptions;
use crate::Result;
use scorecheck_experiment::{
    auc_range, linear_range, linear_range_with_auc, AucErrorKind, AucModel, AucSolution, AucWindow,
    Extreme,
};
use scorecheck_request::mean_of_scores::Target;

/// The ranges of a consistent mean-of-scores check, in the order of `targets`.
pub(crate) fn compute(
    experiment: &Experiment,
    problem: &Problem,
    witness: &[i64],
    targets: &[Target],
    options: &RunOptions,
) -> Result<Vec<NamedRange>> {
    let solver = crate::backend::solver(options)?;
    // The request's deadline holds over every range: each solve's budget is what is left.
    let mut out = Vec::new();
    for (i, target) in targets.iter().enumerate() {
        // Under a deadline each range has an equal share of what is left.
        let options = &match options.deadline {
            Some(deadline) => share(options, deadline, targets.len() - i),
            None => options.clone(),
        };
        let limits = crate::backend::limits(options);
        let (key, range) = match target {
            Target::Auc(key) => (key, open_auc_range(experiment, witness, options)?),
            Target::Score(score, key) => {
                let sides = linear_range(
                    experiment,
                    problem,
                    witness,
                    *score,
                    solver.as_ref(),
                    &limits,
                );
                (
                    key,
                    sides.map_or(Range::Undefined, |sides| entry_of(sides, options)),
                )
            }
        };
        out.push(NamedRange {
            key: key.clone(),
            range,
        });
    }
    Ok(out)
}

/// One side of a range found by bisection: exact, or bracketed by the proven bound and the
/// value attained (and why, into `reasons`).
fn side(up: bool, extreme: &Extreme, reasons: &mut Vec<String>, options: &RunOptions) -> Side {
    let name = if up { "max" } else { "min" };
    if extreme.is_exact() {
        return Side::Exact(extreme.attained.clone());
    }
    let (low, high) = if up {
        (&extreme.attained, &extreme.proven)
    } else {
        (&extreme.proven, &extreme.attained)
    };
    let reason = if options
        .deadline
        .is_some_and(|d| scorecheck_clock::Instant::now() >= d)
    {
        "the time limit ran out during the search"
    } else {
        "a probe was not decided exactly within the budget"
    };
    reasons.push(format!("{name}: {reason}"));
    Side::Between(low.clone(), high.clone())
}

/// The range from its two sides.
fn entry_of(sides: [Extreme; 2], options: &RunOptions) -> Range {
    let mut reasons = Vec::new();
    let [least, most] = &sides;
    let min = side(false, least, &mut reasons, options);
    let max = side(true, most, &mut reasons, options);
    Range::Found(Box::new(Extremes {
        min,
        max,
        undecided: (!reasons.is_empty()).then(|| reasons.join("; ")),
    }))
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
fn open_auc_range(experiment: &Experiment, witness: &[i64], options: &RunOptions) -> Result<Range> {
    let options = &share(options, ranges_deadline(options), 1);
    let model = match AucModel::new(experiment) {
        Ok(model) => model,
        Err(e) if matches!(e.kind(), AucErrorKind::Undefined { .. }) => {
            return Ok(Range::Undefined)
        }
        Err(e) => return Ok(Range::Unavailable(e.to_string())),
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
) -> Result<Range> {
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

/// The ranges of a consistent mean-of-scores check with a reported AUC: every
/// extreme over the solutions whose mean AUC lies in the reported window, by bisection with
/// the AUC search.
pub(crate) fn compute_with_auc(
    experiment: &Experiment,
    model: &AucModel,
    window: &AucWindow,
    solution: &AucSolution,
    targets: &[Target],
    options: &RunOptions,
) -> Result<Vec<NamedRange>> {
    let solver = crate::backend::solver(options)?;
    let deadline = ranges_deadline(options);
    let mut out = Vec::new();
    for (i, target) in targets.iter().enumerate() {
        // Each range gets an equal share of what is left.
        let options = share(options, deadline, targets.len() - i);
        let limits = crate::backend::limits(&options);
        match target {
            Target::Auc(key) => {
                out.push(NamedRange {
                    key: key.clone(),
                    range: auc_entry(model, window, solution, &options)?,
                });
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
                let range = match sides {
                    None => Range::Undefined,
                    Some([Some(low), Some(high)]) => entry_of([low, high], &options),
                    Some(_) => {
                        Range::Unavailable("the objective does not fit the program".to_string())
                    }
                };
                out.push(NamedRange {
                    key: key.clone(),
                    range,
                });
            }
        }
    }
    Ok(out)
}
