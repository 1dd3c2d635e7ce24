//! `request` and `request_structured`: any text through `scorecheck::run_text` gives a verdict or an error, and a verdict is well formed.

use std::str::FromStr;
use std::time::Duration;

use num_rational::BigRational;
use scorecheck::{run_text, RunOptions};
use scorecheck_algebra::{parse_decimal, ConfusionMatrix, Params, Score};
use serde_json::Value;

/// The protocols whose result is one pooled confusion matrix with a witness.
const SINGLE_MATRIX: [&str; 4] = [
    "1_testset_no_kfold",
    "1_dataset_kfold_som",
    "n_testsets_som_no_kfold",
    "n_datasets_som_kfold_som",
];

/// Budgets that keep one fuzz input short; a request's own fields may still raise them.
pub fn options() -> RunOptions {
    RunOptions::default()
        .with_max_configurations(50)
        .with_time_limit(Duration::from_millis(500))
}

/// Arbitrary bytes (read as UTF-8, lossily) as a request: must not panic.
pub fn run_bytes(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    run_text_checked(&text);
}

/// Runs one request and checks the shape of its answer.
pub fn run_text_checked(text: &str) {
    if let Ok(result) = run_text(text, &options()) {
        check_result(text, &result);
    }
}

/// Whether `value` is a verdict: a bool, null (undecided), or (bundles) an object of verdicts.
fn is_verdict(value: &Value) -> bool {
    match value {
        Value::Bool(_) | Value::Null => true,
        Value::Object(map) => map.values().all(is_verdict),
        _ => false,
    }
}

/// The betas a request gives in its `scores` object (defaults 1).
fn request_params(request: &Value) -> Option<Params> {
    let mut params = Params::default();
    let scores = request.get("scores")?.as_object()?;
    for (key, slot) in [
        ("beta_positive", &mut params.beta_positive),
        ("beta_negative", &mut params.beta_negative),
    ] {
        if let Some(beta) = scores.get(key) {
            let text = match beta {
                Value::Number(n) => n.to_string(),
                Value::String(s) => s.clone(),
                _ => return None,
            };
            *slot = parse_decimal(&text).ok()?;
        }
    }
    Some(params)
}

/// Checks an answer: `inconsistency` is a verdict, and a consistent single-matrix result's
/// witness lies inside every window it reports, re-evaluated exactly.
pub fn check_result(text: &str, result: &Value) {
    let inconsistency = result.get("inconsistency");
    assert!(
        inconsistency.is_some_and(is_verdict),
        "result without a bool/null `inconsistency`: {result}\nrequest: {text}"
    );
    let check = result
        .get("check")
        .and_then(Value::as_str)
        .unwrap_or_default();
    if !SINGLE_MATRIX.contains(&check) || inconsistency != Some(&Value::Bool(false)) {
        return;
    }
    let count = |key: &str| result.get(key).and_then(Value::as_u64);
    let witness = result.get("witness");
    let at = |key: &str| witness.and_then(|w| w.get(key)).and_then(Value::as_u64);
    let (Some(p), Some(n), Some(tp), Some(tn)) = (count("p"), count("n"), at("tp"), at("tn"))
    else {
        panic!(
            "consistent single-matrix result without p, n and a witness: {result}\nrequest: {text}"
        );
    };
    let m = match ConfusionMatrix::new(tp, tn, p, n) {
        Ok(m) => m,
        Err(e) => panic!("the witness is not a confusion matrix ({e}): {result}\nrequest: {text}"),
    };
    // A request whose betas cannot be read back here is left to the engine's own re-check.
    let Ok(request) = serde_json::from_str::<Value>(text) else {
        return;
    };
    let Some(params) = request_params(&request) else {
        return;
    };
    let Some(windows) = result.get("windows").and_then(Value::as_object) else {
        panic!("consistent single-matrix result without windows: {result}\nrequest: {text}");
    };
    for (name, bounds) in windows {
        if name == "auc" {
            check_auc_window(name, bounds, tp, tn, p, n, result, text);
            continue;
        }
        let score = match Score::from_name(name) {
            Ok(score) => score,
            Err(e) => panic!("window for an unknown score {name:?} ({e}): {result}"),
        };
        let bound = |i: usize| {
            bounds
                .get(i)
                .and_then(Value::as_str)
                .and_then(|s| BigRational::from_str(s).ok())
        };
        let (Some(lower), Some(upper)) = (bound(0), bound(1)) else {
            panic!("window {name} is not a pair of rationals: {result}");
        };
        let value = m.exact(score, &params);
        assert!(
            value.as_ref().is_some_and(|v| v.within(&lower, &upper)),
            "witness {m:?} gives {score} = {value:?}, outside [{lower}, {upper}]: {result}\nrequest: {text}"
        );
    }
}

/// A reported AUC holds at the witness iff some grid value k/(2pn) with
/// 2·tp·tn ≤ k ≤ 2·(pn − fn·fp) lies in its window.
#[allow(clippy::too_many_arguments)]
fn check_auc_window(
    name: &str,
    bounds: &Value,
    tp: u64,
    tn: u64,
    p: u64,
    n: u64,
    result: &Value,
    text: &str,
) {
    let bound = |i: usize| {
        bounds
            .get(i)
            .and_then(Value::as_str)
            .and_then(|s| BigRational::from_str(s).ok())
    };
    let (Some(lower), Some(upper)) = (bound(0), bound(1)) else {
        panic!("window {name} is not a pair of rationals: {result}");
    };
    let pn = num_bigint::BigInt::from(p) * num_bigint::BigInt::from(n);
    let two_pn = BigRational::from_integer(&pn * 2u32);
    let k_lo = (lower * &two_pn)
        .ceil()
        .to_integer()
        .max(num_bigint::BigInt::from(2u32) * tp * tn);
    let fn_fp = num_bigint::BigInt::from(p - tp) * num_bigint::BigInt::from(n - tn);
    let k_hi = (upper * &two_pn)
        .floor()
        .to_integer()
        .min((&pn - fn_fp) * 2u32);
    assert!(
        p > 0 && n > 0 && k_lo <= k_hi,
        "witness ({tp}, {tn}) of p={p}, n={n} has no AUC value in the reported window: {result}\nrequest: {text}"
    );
}
