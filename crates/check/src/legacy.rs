//! The bridge for families that do not answer typed yet (mean of scores, unknown folds,
//! multiclass, regression): a request with no fields for their handlers, and the conclusion
//! read back from their JSON result. It goes once every family answers typed.

use scorecheck_feasibility::Conclusion;
use serde_json::Value;

use crate::options::RunOptions;
use crate::Result;

/// The conclusion and JSON result of a family that does not answer typed yet.
pub(crate) fn rendered(result: Value) -> (Conclusion, Value) {
    let field = |name| result.get(name).and_then(Value::as_str);
    (
        Conclusion::from_fields(field("verdict"), field("certainty")),
        result,
    )
}

/// A request with no fields and `options`, for the families that do not answer typed yet.
pub(crate) fn request(options: &RunOptions) -> Result<crate::dispatch::Request<'static>> {
    static EMPTY: std::sync::OnceLock<scorecheck_request::json::Json> = std::sync::OnceLock::new();
    let empty = EMPTY.get_or_init(|| {
        scorecheck_request::json::Json::Object(scorecheck_request::json::JsonMap::new())
    });
    Ok(crate::dispatch::Request {
        fields: scorecheck_request::input::Object::new(empty, "")?,
        options: options.clone(),
    })
}

/// The JSON result of the engine's `outcome` on `problem` (multiclass micro averages answer
/// through it until they are typed).
pub(crate) fn render(
    problem: &crate::single::Problem,
    reported: &scorecheck_request::input::Reported,
    outcome: &crate::single::Outcome,
) -> Value {
    let outcome =
        crate::single_matrix::SingleMatrixOutcome::new(problem.clone(), reported, outcome.clone());
    Value::Object(crate::render::single::single_matrix(&outcome))
}
