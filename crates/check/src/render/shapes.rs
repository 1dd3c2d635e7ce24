//! The JSON shapes every result shares (the leaf of rendering): an exact value with its float, a float that may not
//! be finite, a count of any size.

use num_rational::BigRational;
use num_traits::ToPrimitive;
use scorecheck_algebra::Exact;
use serde_json::{json, Value};

use scorecheck_feasibility::Conclusion;

/// The map of a `json!` object literal (empty for any other value).
pub(crate) fn object(value: Value) -> serde_json::Map<String, Value> {
    match value {
        Value::Object(map) => map,
        _ => serde_json::Map::new(),
    }
}

/// A float for a result: `null` when it is not finite (JSON has no NaN or infinity).
pub(crate) fn finite(x: f64) -> Value {
    serde_json::Number::from_f64(x)
        .map(Value::Number)
        .unwrap_or(Value::Null)
}

/// `{"exact": "a/b", "value": float}` of a rational.
pub(crate) fn rational(value: &BigRational) -> Value {
    json!({"exact": scorecheck_rational::show(value), "value": finite(value.to_f64().unwrap_or(f64::NAN))})
}

/// `{"exact": "...", "value": float}` of an exact score value (square-root forms included).
pub(crate) fn exact(value: &Exact) -> Value {
    json!({"exact": value.to_string(), "value": finite(value.to_f64())})
}

/// `{score: {"exact", "value"}}` of values aligned with `scores` (`null` where undefined).
pub(crate) fn named_scores(
    scores: &[scorecheck_algebra::Score],
    values: &[Option<BigRational>],
) -> serde_json::Map<String, Value> {
    scores
        .iter()
        .zip(values)
        .map(|(score, value)| {
            let shown = value.as_ref().map_or(Value::Null, rational);
            (score.abbreviation().to_string(), shown)
        })
        .collect()
}

/// `{score: [lower, upper]}` of exact windows, each side as its exact text.
pub(crate) fn windows(windows: &[scorecheck_single::Window]) -> serde_json::Map<String, Value> {
    windows
        .iter()
        .map(|w| {
            let sides = json!([
                scorecheck_rational::show(&w.lower),
                scorecheck_rational::show(&w.upper)
            ]);
            (w.score.abbreviation().to_string(), sides)
        })
        .collect()
}

/// A count as a JSON number; one beyond 2^64 − 1 (the largest serde_json writes exactly)
/// as its decimal string rather than rounded.
pub(crate) fn count<N: Copy + ToString>(count: N) -> Value
where
    u64: TryFrom<N>,
{
    match u64::try_from(count) {
        Ok(small) => Value::from(small),
        Err(_) => Value::String(count.to_string()),
    }
}

/// Writes the three fields every result has: `inconsistency` (true, false or null),
/// `verdict` and `certainty` (of an inconsistency; null otherwise).
pub(crate) fn verdict(out: &mut serde_json::Map<String, Value>, conclusion: Conclusion) {
    let (inconsistency, verdict, certainty) = match conclusion {
        Conclusion::Consistent => (Value::Bool(false), "consistent", Value::Null),
        Conclusion::Inconsistent { certainty } => (
            Value::Bool(true),
            "inconsistent",
            Value::from(certainty.as_str()),
        ),
        // Undecided, and any conclusion this facade does not know, claim nothing.
        _ => (Value::Null, "undecided", Value::Null),
    };
    out.insert("inconsistency".into(), inconsistency);
    out.insert("verdict".into(), verdict.into());
    out.insert("certainty".into(), certainty);
}
