//! Every row of the README's bad-input table: a clear error naming the field, never a panic.

use serde_json::Value;

/// Each case with its request as text (numbers as written, keys in order).
fn cases() -> Vec<(Value, String)> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/bad_input.jsonl"
    );
    std::fs::read_to_string(path)
        .expect("testdata/bad_input.jsonl")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let request =
                scorecheck::json::Json::parse(l).expect("valid case line")["request"].to_string();
            (serde_json::from_str(l).expect("valid case line"), request)
        })
        .collect()
}

#[test]
fn every_bad_input_gets_a_clear_error_naming_its_field() {
    let cases = cases();
    assert!(cases.len() >= 30, "the table lost rows");
    let mut failures = Vec::new();
    for (case, request) in &cases {
        let name = case["case"].as_str().unwrap();
        let text = match case.get("request_text") {
            Some(Value::String(t)) => t.clone(),
            _ => request.clone(),
        };
        match scorecheck::run_text(&text, &scorecheck::RunOptions::default()) {
            Ok(result) => failures.push(format!("{name}: answered instead of an error: {result}")),
            Err(error) => {
                let expected_kind = case["kind"].as_str().unwrap();
                if error.kind().as_str() != expected_kind {
                    failures.push(format!(
                        "{name}: kind {} (expected {expected_kind}): {error}",
                        error.kind().as_str()
                    ));
                }
                let expected_field = case["field"].as_str();
                if error.field() != expected_field {
                    failures.push(format!(
                        "{name}: field {:?} (expected {expected_field:?}): {error}",
                        error.field()
                    ));
                }
                if let Some(fragment) = case.get("message_contains").and_then(Value::as_str) {
                    if !error.message().contains(fragment) {
                        failures.push(format!("{name}: message lacks {fragment:?}: {error}"));
                    }
                }
                if error.message().len() < 20 {
                    failures.push(format!("{name}: message too terse to act on: {error}"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
