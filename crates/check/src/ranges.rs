//! `"ranges"` of the single-matrix protocols: the names read, each range computed by
//! `scorecheck_single::range` (exact extremes over the consistent matrices, with a matrix
//! attaining each; see that module) in parallel over the targets, and rendered.

use num_rational::BigRational;
use rayon::prelude::*;
use serde_json::{json, Map, Value};

use crate::figures::ReportedAuc;
use crate::single;
use scorecheck_request::single_matrix::Target;

/// The `ranges` object of a consistent single-matrix result.
pub(crate) fn compute(
    problem: &single::Problem,
    auc: Option<&ReportedAuc>,
    targets: &[Target],
    options: &single::Options,
) -> Value {
    let columns = single::consistent_columns(problem, options);
    // The targets are independent: one thread each, as the pool allows.
    let entries: Vec<(String, Value)> = targets
        .par_iter()
        .map(|target| (target.key(), range(problem, auc, target, &columns, options)))
        .collect();
    Value::Object(entries.into_iter().collect::<Map<String, Value>>())
}

/// The `ranges` entry of one target, rendered.
fn range(
    problem: &single::Problem,
    auc: Option<&ReportedAuc>,
    target: &Target,
    columns: &std::result::Result<Vec<single::Column>, single::RegionStop>,
    options: &single::Options,
) -> Value {
    let window = auc.map(ReportedAuc::window);
    let target = match target {
        Target::Score(score, _) => single::RangeTarget::Score(*score),
        Target::Auc => single::RangeTarget::Auc,
    };
    render(single::range(
        problem,
        window.as_ref(),
        target,
        columns,
        options,
    ))
}

/// One range outcome as JSON: `min`, `max`, `argmin`, `argmax`, or `{"undecided": reason}`,
/// or null when the score is undefined on every consistent matrix.
pub(crate) fn render(outcome: single::RangeOutcome) -> Value {
    match outcome {
        single::RangeOutcome::Range {
            min,
            argmin,
            max,
            argmax,
        } => json!({
            "min": crate::render::exact(&min),
            "max": crate::render::exact(&max),
            "argmin": {"tp": argmin.0, "tn": argmin.1},
            "argmax": {"tp": argmax.0, "tn": argmax.1},
        }),
        single::RangeOutcome::Undecided(reason) => json!({ "undecided": reason.to_string() }),
        // Undefined on every consistent matrix, or an outcome added later.
        _ => Value::Null,
    }
}

/// The exact AUC range over the matrices where the other scores hold, for an explanation.
pub(crate) fn auc_range(
    problem: &single::Problem,
    options: &single::Options,
) -> Option<(BigRational, BigRational)> {
    single::auc_range(problem, options)
}
