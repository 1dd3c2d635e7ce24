//! `regression_1_testset_no_kfold`: the request is read into `scorecheck-regression`'s typed
//! problem (var, n_samples, a window per reported mae, mse, rmse or r2 from its eps and
//! `numerical_tolerance`) and its outcome is rendered: `failed` names each relation that fails
//! (`"rmse <= sqrt(n)*mae"`, `"mae <= rmse"`, ...), `feasible_mse` the range of mse otherwise.
//! The conditions and their proof are in that crate's documentation.

use scorecheck_regression::check;
use serde_json::{json, Map, Value};

use crate::dispatch::Request;
use crate::render;
use crate::{Error, ErrorKind, Result};
use scorecheck_feasibility::Conclusion;
use scorecheck_request::regression::{self, RegressionRequest};

/// `regression_1_testset_no_kfold`: `var`, `n_samples`, `scores`, `eps`, `numerical_tolerance`.
pub(crate) fn testset_no_kfold(request: &Request<'_>) -> Result<Value> {
    answer(&regression::read_testset(&request.fields)?)
}

/// Decides a regression request that has been read and renders the outcome.
pub(crate) fn answer(read: &RegressionRequest) -> Result<Value> {
    let RegressionRequest {
        var,
        n_samples: n,
        windows,
        ..
    } = read;
    let n = *n;
    let windows_json: Map<String, Value> = windows
        .iter()
        .map(|w| {
            (
                w.score.abbreviation().into(),
                json!([w.lower.to_string(), w.upper.to_string()]),
            )
        })
        .collect();
    let outcome = check(n, var, windows)
        .map_err(|e| Error::new(ErrorKind::Contradiction, Some("var"), e.to_string()))?;
    let mut out = Map::new();
    crate::render::verdict(
        &mut out,
        if outcome.is_consistent() {
            Conclusion::Consistent
        } else {
            render::INCONSISTENT
        },
    );
    out.insert("failed".into(), json!(outcome.failed));
    out.insert("windows".into(), Value::Object(windows_json));
    if let Some((low, high)) = &outcome.feasible_mse {
        out.insert(
            "feasible_mse".into(),
            json!([
                crate::render::rational(low),
                high.as_ref().map(crate::render::rational)
            ]),
        );
        out.insert("explanation".into(), json!({"message": format!("some {n} residuals give every reported score: the relations mae ≤ rmse ≤ √n·mae, rmse² = mse and mse = var·(1 − r2) hold together (mse may lie in the range given in feasible_mse)")}));
    } else {
        out.insert(
            "explanation".into(),
            json!({"message": outcome.messages.join("; "), "failed": outcome.failed}),
        );
    }
    Ok(Value::Object(out))
}
