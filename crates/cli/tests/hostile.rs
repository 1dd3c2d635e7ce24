//! Replays `testdata/hostile.jsonl` against the binary: no panic, no abort, bounded time and memory.
//!
//! Each line is a request that once hung, aborted, panicked or outlived its `time_limit`
//! (or one written in the same spirit), given as `request`, `request_text`, or a text built
//! from a `repeat` (one string many times), `repeats` (several, as `@1`, `@2`) or `items` (numbered items joined by commas), with
//! optional command-line `args`, the allowed exit statuses, and for errors the field named;
//! or a `command` of another subcommand (`eval`, `cbpe`), whose errors name the flag on stderr.
//!
//! The binary runs under an address-space limit (`ulimit -v`), so an allocation beyond it
//! aborts and fails the test. Its wall-clock time is compared with the request's `time_limit`
//! (or `bound_seconds`) plus a slack: a generous one under plain `cargo test`, so that a
//! loaded machine cannot fail it (this is a guard against hangs, not a benchmark), and the
//! strict one second of the issue under `cargo xtask hostile`, which sets
//! `SCORECHECK_HOSTILE_SLACK=1` and runs a release build.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

/// Address space allowed to one request's process, in KiB (3 GiB: the rayon pool and
/// glibc's per-thread arenas reserve address space they never touch).
const ADDRESS_SPACE_KIB: u64 = 3 * 1024 * 1024;

/// Time bound of a request without a `time_limit` or `bound_seconds`.
const DEFAULT_BOUND_SECONDS: f64 = 10.0;

fn hostile_file() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/hostile.jsonl")
}

/// The request text of a case.
fn request_text(case: &Value) -> String {
    if let Some(request) = case.get("request") {
        return request.to_string();
    }
    if let Some(text) = case.get("request_text").and_then(Value::as_str) {
        return text.to_string();
    }
    if let Some(repeat) = case.get("repeat") {
        let fill = repeat["fill"]
            .as_str()
            .unwrap()
            .repeat(repeat["times"].as_u64().unwrap() as usize);
        return repeat["template"].as_str().unwrap().replace("@@", &fill);
    }
    if let Some(repeats) = case.get("repeats") {
        // Several fills: `@1` is the first repeated, `@2` the second, ...
        let mut text = repeats["template"].as_str().unwrap().to_string();
        for (i, fill) in repeats["fills"].as_array().unwrap().iter().enumerate() {
            let repeated = fill[0]
                .as_str()
                .unwrap()
                .repeat(fill[1].as_u64().unwrap() as usize);
            text = text.replace(&format!("@{}", i + 1), &repeated);
        }
        return text;
    }
    if let Some(items) = case.get("items") {
        let item = items["item"].as_str().unwrap();
        let joined = (0..items["count"].as_u64().unwrap())
            .map(|i| item.replace("{i}", &i.to_string()))
            .collect::<Vec<_>>()
            .join(",");
        return items["template"].as_str().unwrap().replace("@@", &joined);
    }
    panic!("case without a request: {case}");
}

/// The seconds the answer may take before the slack.
fn bound(case: &Value, text: &str) -> f64 {
    if let Some(b) = case.get("bound_seconds").and_then(Value::as_f64) {
        return b;
    }
    if let Some(command) = case.get("command").and_then(Value::as_array) {
        let limit = command
            .iter()
            .position(|a| a == "--time-limit")
            .and_then(|at| command.get(at + 1)?.as_str()?.parse().ok());
        return limit.unwrap_or(DEFAULT_BOUND_SECONDS);
    }
    serde_json::from_str::<Value>(text)
        .ok()
        .and_then(|v| v.get("time_limit").and_then(Value::as_f64))
        .filter(|t| t.is_finite() && *t > 0.0 && *t < 1e6)
        .unwrap_or(DEFAULT_BOUND_SECONDS)
}

#[test]
fn hostile_requests_are_answered_in_bounded_time_and_memory() {
    let slack: f64 = std::env::var("SCORECHECK_HOSTILE_SLACK")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(30.0);
    let binary = env!("CARGO_BIN_EXE_scorecheck");
    let text = std::fs::read_to_string(hostile_file()).unwrap();
    let mut failures = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let case: Value = serde_json::from_str(line).unwrap();
        let name = format!(
            "line {} ({})",
            number + 1,
            case["case"].as_str().unwrap_or("?")
        );
        // A `command` case runs other subcommands (`eval`, `cbpe`) with their own
        // arguments, paths relative to the repository's root; the rest are check requests.
        let command: Option<Vec<String>> = case
            .get("command")
            .and_then(Value::as_array)
            .map(|c| c.iter().map(|a| a.as_str().unwrap().to_string()).collect());
        let request = if command.is_some() {
            String::new()
        } else {
            request_text(&case)
        };
        let path = std::env::temp_dir().join(format!(
            "scorecheck-hostile-{}-{number}.json",
            std::process::id()
        ));
        let args: Vec<String> = match &command {
            Some(command) => command.clone(),
            None => {
                std::fs::write(&path, &request).unwrap();
                let mut args: Vec<String> = vec!["check".into(), "--format".into(), "json".into()];
                if let Some(extra) = case.get("args").and_then(Value::as_array) {
                    args.extend(extra.iter().map(|a| a.as_str().unwrap().to_string()));
                }
                args.push(path.display().to_string());
                args
            }
        };
        let started = Instant::now();
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(format!(
                "ulimit -v {ADDRESS_SPACE_KIB} && exec \"$0\" \"$@\""
            ))
            .arg(binary)
            .args(&args)
            .current_dir(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../.."))
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Drain both pipes while waiting: an answer larger than a pipe buffer (20,000
        // witnesses) would otherwise block the child on its write, not on its work.
        let drain = |pipe: Option<Box<dyn std::io::Read + Send>>| {
            std::thread::spawn(move || {
                let mut bytes = Vec::new();
                if let Some(mut pipe) = pipe {
                    let _ = pipe.read_to_end(&mut bytes);
                }
                bytes
            })
        };
        let stdout = drain(
            child
                .stdout
                .take()
                .map(|p| Box::new(p) as Box<dyn std::io::Read + Send>),
        );
        let stderr = drain(
            child
                .stderr
                .take()
                .map(|p| Box::new(p) as Box<dyn std::io::Read + Send>),
        );
        let limit = Duration::from_secs_f64(bound(&case, &request) + slack);
        // Kill a hang rather than wait for it forever.
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break Some(status);
            }
            if started.elapsed() > limit + Duration::from_secs(30) {
                let _ = child.kill();
                break None;
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let elapsed = started.elapsed();
        let _ = child.wait();
        let output = std::process::Output {
            status: status.unwrap_or_else(|| child.wait().unwrap()),
            stdout: stdout.join().unwrap_or_default(),
            stderr: stderr.join().unwrap_or_default(),
        };
        let _ = std::fs::remove_file(&path);
        let Some(status) = status else {
            failures.push(format!("{name}: still running after {elapsed:?}; killed"));
            continue;
        };
        let allowed: Vec<i64> = case["exit"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_i64().unwrap())
            .collect();
        match status.code() {
            Some(code) if allowed.contains(&i64::from(code)) => {}
            other => {
                failures.push(format!(
                    "{name}: exit {other:?} (a signal if None: abort or out of memory), expected one of {allowed:?}; stderr: {}",
                    String::from_utf8_lossy(&output.stderr).chars().take(300).collect::<String>()
                ));
                continue;
            }
        }
        if elapsed > limit {
            failures.push(format!("{name}: took {elapsed:?}, more than {limit:?}"));
        }
        if command.is_some() {
            // Their errors go to stderr, naming the flag.
            if let Some(field) = case.get("field").and_then(Value::as_str) {
                if !String::from_utf8_lossy(&output.stderr).contains(field) {
                    failures.push(format!(
                        "{name}: expected an error naming {field:?}, got {}",
                        String::from_utf8_lossy(&output.stderr)
                    ));
                }
            }
            let _ = std::io::stderr().write_all(
                format!("{name}: exit {:?} in {elapsed:.2?}\n", status.code()).as_bytes(),
            );
            continue;
        }
        let answer: Value = match serde_json::from_slice(&output.stdout) {
            Ok(answer) => answer,
            Err(e) => {
                failures.push(format!("{name}: stdout is not one JSON value ({e})"));
                continue;
            }
        };
        if let Some(field) = case.get("field").and_then(Value::as_str) {
            if answer.pointer("/error/field").and_then(Value::as_str) != Some(field) {
                failures.push(format!(
                    "{name}: expected an error naming {field:?}, got {answer}"
                ));
            }
        }
        let _ = std::io::stderr()
            .write_all(format!("{name}: exit {:?} in {elapsed:.2?}\n", status.code()).as_bytes());
    }
    assert!(
        failures.is_empty(),
        "hostile requests:\n{}",
        failures.join("\n")
    );
}

#[test]
fn control_characters_of_the_input_reach_stderr_escaped() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_scorecheck"))
        .arg("check")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(br#"{"check":"1_testset_no_kfold","testset":{"p":10,"n":20},"scores":{"acc\u001b[2J":0.5},"eps":0.01}"#)
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        !out.stderr.contains(&0x1b),
        "{:?}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("scores.acc\\u{1b}[2J"));
}

#[test]
fn an_argument_that_is_not_utf8_is_an_error_not_a_panic() {
    use std::os::unix::ffi::OsStrExt;
    let bad = std::ffi::OsStr::from_bytes(b"\xff");
    for args in [
        vec![
            std::ffi::OsStr::new("datasets"),
            std::ffi::OsStr::new("--search"),
            bad,
        ],
        vec![
            std::ffi::OsStr::new("check"),
            std::ffi::OsStr::new("--format"),
            std::ffi::OsStr::new("json"),
            std::ffi::OsStr::new("--p"),
            bad,
        ],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_scorecheck"))
            .args(&args)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(stderr.contains("UTF-8"), "{args:?}: {stderr}");
    }
}

#[test]
fn a_failed_write_to_stdout_is_an_error_and_a_closed_pipe_is_not() {
    // `> /dev/full` (a full disk): said on stderr, exit 2, whatever the command.
    let Ok(full) = std::fs::File::create("/dev/full") else {
        return;
    };
    for args in [
        &["scores", "--tp", "1", "--tn", "1", "--p", "2", "--n", "2"][..],
        &["datasets"][..],
        &["folds", "count", "--p", "20", "--n", "20", "--k", "5"][..],
        &[
            "folds", "split", "--p", "10", "--n", "10", "--k", "2", "--parts", "2",
        ][..],
        &[
            "check", "--p", "1029", "--n", "3118", "--acc", "0.954", "--eps", "0.0005",
        ][..],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_scorecheck"))
            .args(args)
            .stdout(full.try_clone().unwrap())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains("cannot write the output"),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn a_thousand_repeats_of_unknown_folds_keep_their_time_limit() {
    // Random access into the multisets of 1,000 repeats asked minutes of binomials without
    // reading the deadline.
    let request = r#"{"check":"1_dataset_unknown_folds_mos","dataset":{"p":50000,"n":50000},"folding":{"n_folds":10,"n_repeats":1000},"scores":{"acc":0.9},"eps":0.01,"time_limit":0.1}"#;
    let mut child = Command::new(env!("CARGO_BIN_EXE_scorecheck"))
        .args(["check", "-", "--format", "json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(request.as_bytes())
        .unwrap();
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(60) {
            child.kill().unwrap();
            panic!("still running after 60 s with a time limit of 0.1 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    let answer: Value = serde_json::from_str(&out).unwrap();
    assert!(
        matches!(answer["verdict"].as_str(), Some("consistent" | "undecided")),
        "{out}"
    );
}

#[test]
fn a_score_asked_twice_under_one_name_or_two_is_refused() {
    let request = r#"{"check":"1_testset_no_kfold","testset":{"p":10,"n":10},"scores":{"acc":0.5},"eps":0.01,"ranges":["mcc","matthews_correlation_coefficient"]}"#;
    let mut child = Command::new(env!("CARGO_BIN_EXE_scorecheck"))
        .args(["check", "-", "--format", "json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(request.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let answer: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(answer["error"]["field"], "ranges[1]", "{answer}");
    // Asked twice by the flag, the flag is named, quick flags or not.
    let out = Command::new(env!("CARGO_BIN_EXE_scorecheck"))
        .args([
            "check", "--p", "10", "--n", "10", "--acc", "0.5", "--eps", "0.01",
        ])
        .args(["--ranges", "mcc,mcc", "--format", "json"])
        .output()
        .unwrap();
    let answer: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(answer["error"]["field"], "--ranges", "{answer}");
    assert!(
        answer["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("name 1 of --ranges")),
        "{answer}"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_scorecheck"))
        .args(["folds", "count", "--p", "10", "--n", "10", "--k", "2"])
        .args(["--scores", "acc,accuracy"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("give each score once"));
}

#[test]
fn batch_gives_each_numeric_id_back_as_the_line_wrote_it() {
    let lines = [
        r#"{"id":1.50,"check":"1_testset_no_kfold","testset":{"p":10,"n":10},"scores":{"acc":0.5},"eps":0.01}"#,
        r#"{"id":-0,"check":"1_testset_no_kfold","testset":{"p":10,"n":10},"scores":{"acc":0.5},"eps":0.01}"#,
        r#"{"id":1E+2,"check":"1_testset_no_kfold","testset":{"p":10,"n":10},"scores":{"acc":0.5},"eps":"x"}"#,
        r#"{"id":{"a":[1,2.50],"b":"é"},"check":"1_testset_no_kfold","testset":{"p":10,"n":10},"scores":{"acc":0.5},"eps":0.01}"#,
        r#"{"id":7,"check":"1_testset_no_kfold","testset":{"p":10,"n":10},"scores":{"acc":0.5},"eps":0.01}"#,
    ];
    let mut child = Command::new(env!("CARGO_BIN_EXE_scorecheck"))
        .args(["batch", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(lines.join("\n").as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let records: Vec<&str> = text.lines().collect();
    assert_eq!(records.len(), 5, "{text}");
    for (record, id) in records.iter().zip([
        r#""id":1.50,"#,
        r#""id":-0,"#,
        r#""id":1E+2"#,
        r#""id":{"a":[1,2.50],"b":"é"},"#,
        r#""id":7,"#,
    ]) {
        assert!(record.contains(id), "{id} in {record}");
        serde_json::from_str::<Value>(record).unwrap();
    }
}
