//! The bundle checks: the documented examples of `testdata/bundles.jsonl` and bad parameters.

use scorecheck::{run, ErrorKind, RunOptions};
use serde_json::{json, Value};

fn cases() -> Vec<Value> {
    let path = format!("{}/../../testdata/bundles.jsonl", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{path}: {e}: {l}")))
        .collect()
}

/// Every key of `expected` must be present in the result with the same value.
#[test]
fn documented_examples() {
    let cases = cases();
    assert_eq!(cases.len(), 18);
    let mut failures = Vec::new();
    for case in &cases {
        let name = case["name"].as_str().unwrap_or("?");
        let result = match run(&case["request"], &RunOptions::default()) {
            Ok(v) => v,
            Err(e) => {
                failures.push(format!("{name}: error {e}"));
                continue;
            }
        };
        let Some(expected) = case["expected"].as_object() else {
            failures.push(format!("{name}: no expected object"));
            continue;
        };
        for (key, want) in expected {
            if &result[key] != want {
                failures.push(format!("{name}: {key} = {} (expected {want})", result[key]));
            }
        }
        eprintln!("{name}: {}", result["inconsistency"]);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
