//! `"ranges"` of the single-matrix protocols: the names read, each range computed by
//! `scorecheck_single::range` (exact extremes over the consistent matrices, with a matrix
//! attaining each; see that module) in parallel over the targets, and rendered.

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
    let window = auc.map(ReportedAuc::window);
    // The targets are independent: one thread each, as the pool allows.
    let entries: Vec<(String, Value)> = targets
        .par_iter()
        .map(|target| {
            let outcome =
                single::range(problem, window.as_ref(), target.engine(), &columns, options);
            (target.key(), render(outcome))
        })
        .collect();
    Value::Object(entries.into_iter().collect::<Map<String, Value>>())
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
