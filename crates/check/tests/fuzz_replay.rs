//! Replays every saved fuzz input under `tests/fuzz/<target>/` through the checks its fuzz target runs.
//!
//! The checks are the fuzz crate's own files (`fuzz/src/oracles/`), included here by path,
//! so a replay runs exactly what the fuzzer ran, without libFuzzer. A panic in any of them
//! (a crash in the library, or a property the target asserts) fails this test and names
//! the file. Inputs found by `request_structured` are kept as the JSON request it generated,
//! under `tests/fuzz/request/`.

use std::fs;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

#[allow(dead_code)]
#[path = "../../../fuzz/src/oracles/mod.rs"]
mod oracles;

/// The replay function of each target whose inputs are kept.
/// A fuzz target's name and its replay function.
type Replay = (&'static str, fn(&[u8]));

const TARGETS: [Replay; 5] = [
    ("request", oracles::request::run_bytes),
    ("score_eval", oracles::score_eval::run),
    ("single_vs_bruteforce", oracles::single_vs_bruteforce::run),
    ("fold_count", oracles::fold_count::run),
    ("feasibility_diff", oracles::feasibility_diff::run),
];

fn corpus_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fuzz")
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && p.file_name().is_some_and(|n| n != "README.md"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_saved_fuzz_input_replays_cleanly() {
    let root = corpus_root();
    let mut failures = Vec::new();
    let mut replayed = 0;
    for (target, replay) in TARGETS {
        for file in files(&root.join(target)) {
            let data =
                fs::read(&file).unwrap_or_else(|e| panic!("cannot read {}: {e}", file.display()));
            replayed += 1;
            if let Err(panic) = catch_unwind(AssertUnwindSafe(|| replay(&data))) {
                let message = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                failures.push(format!(
                    "{target}/{}: {message}",
                    file.file_name().unwrap_or_default().to_string_lossy()
                ));
            }
        }
    }
    // Every directory under tests/fuzz must belong to a target this test knows.
    if let Ok(entries) = fs::read_dir(&root) {
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if entry.path().is_dir() {
                assert!(
                    name == "request_timeouts" || TARGETS.iter().any(|(t, _)| *t == name),
                    "tests/fuzz/{name} is not a replayed fuzz target; add it to TARGETS in fuzz_replay.rs"
                );
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {replayed} saved fuzz inputs fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The replays themselves run: a request that is not JSON is an error, not a panic, and
/// small decoded cases of every target pass.
#[test]
fn replay_functions_accept_trivial_inputs() {
    for (_, replay) in TARGETS {
        replay(b"");
        replay(b"\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10");
    }
    oracles::request::run_bytes(br#"{"check": "1_testset_no_kfold", "testset": {"p": 100, "n": 200}, "scores": {"acc": 0.95}, "eps": 0.01}"#);
}

/// Requests on which the fuzzer timed out although they set a tight `time_limit`: each must
/// now come back (a verdict, "undecided" or an error) instead of running on. No wall-clock
/// assertion (timed assertions do not belong in tests): a regression shows as a hang here.
#[test]
fn saved_slow_requests_come_back() {
    for file in files(&corpus_root().join("request_timeouts")) {
        let text = fs::read_to_string(&file)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", file.display()));
        oracles::request::run_text_checked(&text);
    }
}
