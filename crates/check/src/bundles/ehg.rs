//! The EHG bundle: TPEHG term/preterm recordings under k-fold cross-validation with unknown folds.

use scorecheck_data as data;
use scorecheck_experiment::{reference_rules, Evaluation, UnknownFolds};
use serde_json::Value;

use crate::dispatch::Request;
use crate::folding::MAX_FOLDS;
use crate::Result;
use crate::{input, unknown_folds};

/// The protocol TPEHG reduces to.
const PROTOCOL: &str = "1_dataset_unknown_folds_mos";

/// `tpehg`: `scores`, `eps`, `n_folds`, `n_repeats`, `score_bounds` (on every fold) — the mean
/// of scores over folds whose class composition is unknown, on p = 38, n = 262.
pub(crate) fn tpehg(request: &Request<'_>) -> Result<Value> {
    let fields = &request.fields;
    let set = data::tpehg();
    let shape = (
        input::positive(
            fields.required("n_folds", "the number of folds, e.g. 5")?,
            "n_folds",
            MAX_FOLDS,
        )?,
        input::positive(
            fields.required(
                "n_repeats",
                "the number of repetitions of the k-fold cross-validation, e.g. 1",
            )?,
            "n_repeats",
            MAX_FOLDS,
        )?,
    );
    scorecheck_request::unknown_folds::check_shape(
        shape,
        (set.p, set.n),
        ("n_folds", "n_repeats"),
    )?;
    let fold_bounds = crate::sets::read_bounds(fields.get("score_bounds"), "score_bounds")?;
    let (windows, ignored, ignored_scores) = scorecheck_request::unknown_folds::windows(fields)?;
    let mut ruled: Vec<_> = windows.iter().map(|w| w.score).collect();
    ruled.extend_from_slice(&ignored_scores);
    let experiment = UnknownFolds {
        evaluations: vec![Evaluation {
            p: set.p,
            n: set.n,
            n_folds: shape.0,
            n_repeats: shape.1,
            fold_bounds,
        }],
        dataset_bounds: Vec::new(),
        windows,
        rules: reference_rules(&ruled),
    };
    let mut result = match unknown_folds::answer(&experiment, &ignored, request)? {
        Value::Object(map) => map,
        other => return Ok(other),
    };
    result.insert("protocol".into(), PROTOCOL.into());
    result.insert(
        "dataset".into(),
        serde_json::json!({"p": set.p, "n": set.n}),
    );
    Ok(Value::Object(result))
}
