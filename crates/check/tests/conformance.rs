//! Conformance: every data file under `testdata/` run through the facade, on every backend.
//!
//! Each line is `{"name", "request", "expected": {"inconsistency", ...}, "reference", ...}`;
//! `expected` is the true answer (exact brute force where the file says so), `reference`
//! what mlscorecheck 1.0.3 answered. Lines marked `deliberate_difference` are cases where
//! the reference errs and we do not.

use serde_json::Value;

const FAMILIES: &[&str] = &[
    "binary_single",
    "binary_mos",
    "unknown_folds",
    "multiclass",
    "regression",
    "bundles",
];

fn backends() -> Vec<&'static str> {
    let mut backends = vec!["pure"];
    if cfg!(feature = "highs") {
        backends.push("highs");
    }
    if cfg!(feature = "cbc") {
        backends.push("cbc");
    }
    if cfg!(feature = "microlp") {
        backends.push("microlp");
    }
    backends
}

fn lines(family: &str) -> Vec<Value> {
    let path = format!(
        "{}/../../testdata/{family}.jsonl",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{path}: {e}: {l}")))
        .collect()
}

fn run_family(family: &str) {
    let cases = lines(family);
    assert!(!cases.is_empty(), "{family} has no cases");
    let mut failures = Vec::new();
    for backend in backends() {
        for case in &cases {
            let name = case["name"].as_str().unwrap_or("?");
            let mut request = case["request"].clone();
            request["backend"] = Value::String(backend.to_string());
            let expected = &case["expected"];
            let result = scorecheck::run(&request, &scorecheck::RunOptions::default());
            match (result, expected.get("error")) {
                (Err(_), Some(_)) => {}
                (Err(e), None) => failures.push(format!("[{backend}] {name}: error {e}")),
                (Ok(v), Some(_)) => {
                    failures.push(format!("[{backend}] {name}: expected an error, got {v}"))
                }
                (Ok(v), None) => {
                    if v["inconsistency"] != expected["inconsistency"] {
                        failures.push(format!(
                            "[{backend}] {name}: inconsistency {} (expected {})",
                            v["inconsistency"], expected["inconsistency"]
                        ));
                    }
                    if let Some(count) = expected.get("n_valid_tptn_pairs") {
                        if &v["n_valid_tptn_pairs"] != count {
                            failures.push(format!(
                                "[{backend}] {name}: n_valid_tptn_pairs {} (expected {count})",
                                v["n_valid_tptn_pairs"]
                            ));
                        }
                    }
                    if v["inconsistency"] == true && v.get("explanation").is_none_or(Value::is_null)
                    {
                        failures.push(format!(
                            "[{backend}] {name}: inconsistent without an explanation"
                        ));
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{family}:\n{}", failures.join("\n"));
}

#[test]
fn binary_single() {
    run_family(FAMILIES[0]);
}

#[test]
fn auc() {
    run_family("auc");
}

#[test]
fn binary_mos() {
    run_family(FAMILIES[1]);
}

#[test]
fn multiclass() {
    run_family(FAMILIES[3]);
}

#[test]
fn regression() {
    run_family(FAMILIES[4]);
}

#[test]
fn unknown_folds() {
    run_family(FAMILIES[2]);
}

#[test]
fn bundles() {
    run_family(FAMILIES[5]);
}
