//! The EHG bundle: TPEHG term/preterm recordings under k-fold cross-validation with unknown folds.

use scorecheck_data as data;
use serde_json::Value;

use crate::dispatch::Request;
use crate::unknown_folds;
use crate::Result;

/// The protocol TPEHG reduces to.
const PROTOCOL: &str = "1_dataset_unknown_folds_mos";

/// `tpehg`: `scores`, `eps`, `n_folds`, `n_repeats`, `score_bounds` (on every fold) — the mean
/// of scores over folds whose class composition is unknown, on p = 38, n = 262.
pub(crate) fn tpehg(request: &Request<'_>) -> Result<Value> {
    let read = scorecheck_request::unknown_folds::read_tpehg(&request.fields)?;
    let set = data::tpehg();
    let mut result = unknown_folds::read_and_answer(&read, request)?;
    result.insert("protocol".into(), PROTOCOL.into());
    result.insert(
        "dataset".into(),
        serde_json::json!({"p": set.p, "n": set.n}),
    );
    Ok(Value::Object(result))
}
