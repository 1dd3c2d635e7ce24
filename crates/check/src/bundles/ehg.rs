//! The EHG bundle: TPEHG term/preterm recordings under k-fold cross-validation with unknown folds.

use scorecheck_data as data;
use serde_json::Value;

use crate::dispatch::Request;
use crate::error::{Error, Result};
use crate::json::{Json, JsonMap};

/// The protocol TPEHG reduces to.
const PROTOCOL: &str = "1_dataset_unknown_folds_mos";

/// Renames a field path of the inner request to the field of the bundle request it came from.
fn outer_field(inner: &str) -> String {
    if let Some(rest) = inner.strip_prefix("folding.") {
        rest.to_string()
    } else if let Some(rest) = inner.strip_prefix("fold_score_bounds") {
        format!("score_bounds{rest}")
    } else {
        inner.to_string()
    }
}

/// `tpehg`: `scores`, `eps`, `n_folds`, `n_repeats`, `score_bounds` (on every fold) — the mean
/// of scores over folds whose class composition is unknown, on p = 38, n = 262.
pub(crate) fn tpehg(request: &Request<'_>) -> Result<Value> {
    let fields = &request.fields;
    let set = data::tpehg();
    let mut inner = JsonMap::new();
    inner.insert("check", PROTOCOL.into());
    inner.insert(
        "dataset",
        Json::from(serde_json::json!({"p": set.p, "n": set.n})),
    );
    let mut folding = JsonMap::new();
    for key in ["n_folds", "n_repeats"] {
        let what = if key == "n_folds" {
            "the number of folds, e.g. 5"
        } else {
            "the number of repetitions of the k-fold cross-validation, e.g. 1"
        };
        folding.insert(key, fields.required(key, what)?.clone());
    }
    inner.insert("folding", Json::Object(folding));
    for (outer, inner_key) in [
        ("scores", "scores"),
        ("eps", "eps"),
        ("score_bounds", "fold_score_bounds"),
        ("numerical_tolerance", "numerical_tolerance"),
    ] {
        if let Some(value) = fields.get(outer) {
            inner.insert(inner_key, value.clone());
        }
    }
    let result =
        crate::dispatch::answer(&Json::Object(inner), &request.options).map_err(|error| {
            let field = error.field().map(outer_field);
            Error::new(error.kind(), field.as_deref(), error.message().to_string())
        })?;
    let mut result = match result {
        Value::Object(map) => map,
        other => return Ok(other),
    };
    // The dispatcher puts the outer check name first; keep the inner one as the protocol.
    result.remove("check");
    result.insert("protocol".into(), PROTOCOL.into());
    result.insert(
        "dataset".into(),
        serde_json::json!({"p": set.p, "n": set.n}),
    );
    Ok(Value::Object(result))
}
