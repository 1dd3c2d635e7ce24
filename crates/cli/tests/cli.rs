//! The CLI contract: commands, output formats and exit statuses, run on the real binary.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

fn scorecheck(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_scorecheck"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the scorecheck binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn stdout_json(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout).expect("stdout is one JSON value")
}

const PAPER: &str = r#"{"check": "1_testset_no_kfold", "testset": {"p": 1000, "n": 6000}, "scores": {"acc": 0.6821, "npv": 0.9401, "f1p": 0.4004}, "eps": 0.0001}"#;

#[test]
fn scores_prints_exact_values() {
    let out = scorecheck(
        &[
            "scores", "--tp", "743", "--tn", "4031", "--p", "1000", "--n", "6000", "--format",
            "json",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0));
    let v = stdout_json(&out);
    assert_eq!(v["acc"]["exact"], "341/500"); // = 2387/3500 = 4774/7000 in lowest terms
    assert_eq!(v["sens"]["exact"], "743/1000");
    assert!(v["mcc"]["exact"].as_str().unwrap().contains("sqrt"));
    assert_eq!(v.as_object().unwrap().len(), 30);
    let restricted = stdout_json(&scorecheck(
        &[
            "scores",
            "--tp",
            "0",
            "--tn",
            "6000",
            "--p",
            "1000",
            "--n",
            "6000",
            "--format",
            "json",
            "--scores",
            "ppv,recall",
        ],
        "",
    ));
    assert_eq!(
        restricted["ppv"],
        serde_json::json!({"exact": null, "value": null})
    );
    assert_eq!(restricted["sens"]["exact"], "0");
}

#[test]
fn scores_rejects_bad_counts_with_status_2() {
    for args in [
        vec![
            "scores", "--tp", "1001", "--tn", "1", "--p", "1000", "--n", "6000",
        ],
        vec![
            "scores", "--tp", "-1", "--tn", "1", "--p", "1000", "--n", "6000",
        ],
        vec![
            "scores", "--tp", "1.5", "--tn", "1", "--p", "1000", "--n", "6000",
        ],
        vec![
            "scores", "--tp", "1", "--tn", "1", "--p", "10", "--n", "10", "--scores", "acuracy",
        ],
    ] {
        let out = scorecheck(&args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!out.stderr.is_empty());
    }
}

#[test]
fn check_gives_the_request_id_back_as_batch_does() {
    for request in [
        r#"{"id": "keep-me", "check": "1_testset_no_kfold", "testset": {"p": 10, "n": 10}, "scores": {"acc": 0.5}, "eps": 0.01}"#,
        r#"{"id": "keep-me", "check": "1_testset_no_kfold", "testset": {"p": 10, "n": 10}, "scores": {"acc": 2}, "eps": 0.01}"#,
    ] {
        let out = scorecheck(&["check", "--format", "json", "-"], request);
        assert_eq!(stdout_json(&out)["id"], "keep-me", "{request}");
    }
    // A number as the request wrote it.
    let out = scorecheck(
        &["check", "--format", "json", "-"],
        r#"{"id": 1.50, "check": "1_testset_no_kfold", "testset": {"p": 10, "n": 10}, "scores": {"acc": 0.5}, "eps": 0.01}"#,
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains(r#""id":1.50"#));
}

#[test]
fn scores_and_folds_split_write_their_own_errors_as_json_records() {
    for (args, field) in [
        (
            &["scores", "--tp", "3", "--tn", "1", "--p", "1", "--n", "1"][..],
            "--tp",
        ),
        (
            &[
                "scores", "--tp", "1", "--tn", "1", "--p", "1", "--n", "1", "--beta", "0",
            ],
            "--beta",
        ),
        (
            &[
                "folds", "split", "--p", "10", "--n", "10", "--k", "0", "--parts", "2",
            ],
            "--k",
        ),
        (
            &[
                "folds",
                "split",
                "--p",
                "10",
                "--n",
                "10",
                "--k",
                "2",
                "--repeats",
                "0",
                "--parts",
                "2",
            ],
            "--repeats",
        ),
    ] {
        let out = scorecheck(&[args, &["--format", "json"]].concat(), "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let record = stdout_json(&out);
        assert_eq!(record["error"]["field"], field, "{args:?}: {record}");
        assert!(record["error"]["message"]
            .as_str()
            .is_some_and(|m| m.starts_with(&format!("{field}: "))));
    }
}

#[test]
fn check_exit_statuses_follow_the_contract() {
    let consistent = scorecheck(&["check", "--format", "json"], PAPER);
    assert_eq!(consistent.status.code(), Some(0));
    let v = stdout_json(&consistent);
    assert_eq!(v["inconsistency"], false);
    assert_eq!(v["n_valid_tptn_pairs"], 2);
    assert_eq!(v["witness"], serde_json::json!({"tp": 743, "tn": 4031}));

    let inconsistent = scorecheck(
        &["check", "--format", "json", "-"],
        &PAPER.replace("0.6821", "0.6811"),
    );
    assert_eq!(inconsistent.status.code(), Some(1));
    let v = stdout_json(&inconsistent);
    assert_eq!(v["inconsistency"], true);
    assert!(v["explanation"]["message"].as_str().unwrap().len() > 10);

    let error = scorecheck(
        &["check", "--format", "json"],
        &PAPER.replace("\"acc\"", "\"acuracy\""),
    );
    assert_eq!(error.status.code(), Some(2));
    let v = stdout_json(&error);
    assert_eq!(v["error"]["kind"], "unknown_score");
    assert_eq!(v["error"]["field"], "scores.acuracy");
    assert!(String::from_utf8_lossy(&error.stderr).contains("acuracy"));

    let text = scorecheck(&["check"], PAPER);
    assert_eq!(text.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&text.stdout).contains("consistent"));
}

#[test]
fn batch_answers_every_line_in_order_and_resumes() {
    let lines = [
        format!(r#"{{"id": 1, {}"#, &PAPER[1..]),
        "{not json".to_string(),
        String::new(),
        format!(
            r#"{{"id": "x", {}"#,
            &PAPER.replace("0.6821", "0.6811")[1..]
        ),
        r#"{"id": [3], "check": "nope"}"#.to_string(),
    ];
    let input = lines.join("\n") + "\n";
    let out = scorecheck(&["batch"], &input);
    assert_eq!(out.status.code(), Some(0));
    let records: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 5);
    assert_eq!(records[0]["id"], 1);
    assert_eq!(records[0]["inconsistency"], false);
    assert_eq!(records[1]["error"]["kind"], "invalid_json");
    // The place of the error is in the line (the record's own place says which line).
    let message = records[1]["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("at column ") && !message.contains("line 1"),
        "{message}"
    );
    assert_eq!(records[2]["error"]["kind"], "invalid_json");
    assert_eq!(records[3]["id"], "x");
    assert_eq!(records[3]["inconsistency"], true);
    assert_eq!(records[4]["id"], serde_json::json!([3]));
    assert_eq!(records[4]["error"]["kind"], "unknown_check");

    let resumed = scorecheck(&["batch", "--skip", "3"], &input);
    let records: Vec<Value> = String::from_utf8(resumed.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 2);
    assert_eq!(records[0]["id"], "x");
}

const KNOWN_FOLDS_MOS: &str = r#"{"check": "1_dataset_known_folds_mos", "dataset": {"p": 126, "n": 131}, "folding": {"folds": [{"p": 52, "n": 94}, {"p": 74, "n": 37}]}, "scores": {"acc": 0.573, "sens": 0.768, "bacc": 0.662}, "eps": 0.001}"#;

/// Inconsistent, and only the branch and bound proves it (no row alone does; the fold bound,
/// which changes nothing, keeps the exact enumeration of one dataset without fold bounds out).
const KNOWN_FOLDS_MOS_BRANCHED: &str = r#"{"check": "1_dataset_known_folds_mos", "dataset": {"p": 126, "n": 131}, "folding": {"folds": [{"p": 52, "n": 94}, {"p": 74, "n": 37}]}, "fold_score_bounds": {"acc": [0.0, 1.0]}, "scores": {"acc": 0.573, "sens": 0.768, "bacc": 0.66}, "eps": 0.001}"#;

#[test]
fn budget_flags_give_undecided_or_bounds_never_a_wrong_verdict() {
    // The branch and bound's node budget: one node cannot settle this program.
    let decided = scorecheck(&["check", "--format", "json"], KNOWN_FOLDS_MOS_BRANCHED);
    assert_eq!(decided.status.code(), Some(1));
    let starved = scorecheck(
        &["check", "--format", "json", "--max-nodes", "1"],
        KNOWN_FOLDS_MOS_BRANCHED,
    );
    assert_eq!(starved.status.code(), Some(3));
    let v = stdout_json(&starved);
    assert_eq!(v["verdict"], "undecided");
    assert!(v["undecided"]["reason"]
        .as_str()
        .unwrap()
        .contains("node budget of 1"));
    let zero = scorecheck(&["check", "--max-nodes", "0"], KNOWN_FOLDS_MOS);
    assert_eq!(zero.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&zero.stderr).contains("--max-nodes"));
    // The same budget as a request field.
    let field = scorecheck(
        &["check", "--format", "json"],
        &KNOWN_FOLDS_MOS_BRANCHED.replace("\"eps\"", "\"max_nodes\": 1, \"eps\""),
    );
    assert_eq!(field.status.code(), Some(3));

    // The single-matrix count budget: without one the count is exact, with none left only
    // a lower bound is given (the verdict and its witness stay).
    let dense = r#"{"check": "1_testset_no_kfold", "testset": {"p": 300, "n": 300}, "scores": {"acc": 0.5}, "eps": 0.01}"#;
    let exact = stdout_json(&scorecheck(&["check", "--format", "json"], dense));
    assert!(exact["n_valid_tptn_pairs"].as_u64().unwrap() > 1000);
    let bounded = scorecheck(&["check", "--format", "json", "--count-budget", "0"], dense);
    assert_eq!(bounded.status.code(), Some(0));
    let bounded = stdout_json(&bounded);
    assert_eq!(bounded["inconsistency"], false);
    assert_eq!(bounded["n_valid_tptn_pairs"], Value::Null);
    let lower = bounded["n_valid_tptn_pairs_lower_bound"].as_u64().unwrap();
    assert!(lower >= 1 && lower <= exact["n_valid_tptn_pairs"].as_u64().unwrap());
    let text = scorecheck(&["check", "--count-budget", "0"], dense);
    assert!(String::from_utf8_lossy(&text.stdout).contains(&format!("at least {lower}")));
}

#[test]
fn batch_stops_quietly_when_its_reader_goes() {
    let line = format!("{PAPER}\n");
    let input = line.repeat(2000);
    let mut child = Command::new("sh")
        .arg("-c")
        .arg("\"$0\" batch | head -n 1")
        .arg(env!("CARGO_BIN_EXE_scorecheck"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // The batch may stop reading once head has gone: a failed write here is expected.
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("Broken pipe"), "{stderr}");
    assert_eq!(String::from_utf8_lossy(&output.stdout).lines().count(), 1);
}

#[test]
fn check_writes_a_json_error_record_for_input_that_is_not_utf8() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_scorecheck"))
        .args(["check", "--format", "json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"{\"check\": \"\xff\"}")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let record = stdout_json(&out);
    assert_eq!(record["error"]["kind"], "invalid_json");
    assert!(record["error"]["message"]
        .as_str()
        .unwrap()
        .contains("UTF-8"));
    // Bad flags get their record too, naming the flag.
    let out = scorecheck(
        &["check", "--format", "json", "--time-limit", "1e300"],
        PAPER,
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout_json(&out)["error"]["field"], "--time-limit");
}

#[test]
fn bundles_exit_with_their_overall_verdict_and_report_each_assumption() {
    let request = r#"{"check": "drive_vessel_image", "image_identifier": "01", "annotator": 1, "scores": {"acc": 0.9633, "sens": 0.7406, "spec": 0.9849}, "eps": 0.0001}"#;
    let out = scorecheck(&["check"], request);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("under fov:"), "{text}");
    assert!(text.contains("under all:"), "{text}");
    let json_out = scorecheck(&["check", "--format", "json"], request);
    let verdict = stdout_json(&json_out)["verdict"]
        .as_str()
        .unwrap()
        .to_string();
    let expected = match verdict.as_str() {
        "consistent" => 0,
        "inconsistent" => 1,
        other => panic!("every assumption is decided here, got {other}"),
    };
    assert_eq!(out.status.code(), Some(expected));
}

#[test]
fn an_undecided_unknown_folds_search_says_what_it_covered() {
    let request = r#"{"check": "1_dataset_unknown_folds_mos", "dataset": {"p": 500, "n": 500}, "folding": {"n_folds": 10, "n_repeats": 1}, "scores": {"acc": 0.9447, "sens": 0.9139, "spec": 0.9733}, "eps": 0.0001, "max_configurations": 3}"#;
    let out = scorecheck(&["check"], request);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(3), "{text}");
    assert!(!text.contains("covered: unknown"), "{text}");
    assert!(text.contains("fold configurations"), "{text}");
}

#[test]
fn a_mean_of_scores_witness_lists_each_folds_matrix_in_text() {
    let output = scorecheck(
        &[
            "check",
            "--p",
            "50",
            "--n",
            "150",
            "--folds",
            "2",
            "--aggregation",
            "mos",
            "--sens",
            "0.80",
            "--spec",
            "0.70",
            "--auc",
            "0.9",
            "--eps",
            "0.001",
        ],
        "",
    );
    let text = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(text.contains("witness (2 folds):"), "{text}");
    assert!(text.contains("fold 0: p=25, n=75, tp="), "{text}");
    assert!(!text.contains("tp=null"), "{text}");
}

/// `--no-explain` on `check` and `batch`: the same verdict with `"explanation": null`; a
/// request's own `"explain"` wins.
#[test]
fn no_explain_gives_the_verdict_alone() {
    let request = r#"{"check": "1_testset_no_kfold", "testset": {"p": 100, "n": 100}, "scores": {"acc": 0.5, "sens": 0.9, "spec": 0.9}, "eps": 0.01}"#;
    let explained = stdout_json(&scorecheck(&["check", "-", "--format", "json"], request));
    assert!(explained["explanation"].is_object(), "{explained}");
    let out = scorecheck(&["check", "-", "--format", "json", "--no-explain"], request);
    assert_eq!(out.status.code(), Some(1));
    let quiet = stdout_json(&out);
    assert_eq!(quiet["verdict"], "inconsistent");
    assert!(quiet["explanation"].is_null(), "{quiet}");
    let asked = request.replace("\"eps\": 0.01}", "\"eps\": 0.01, \"explain\": true}");
    let lines = format!("{request}\n{asked}\n");
    let out = scorecheck(&["batch", "--no-explain"], &lines);
    let answers: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(answers.len(), 2);
    assert!(answers[0]["explanation"].is_null(), "{}", answers[0]);
    assert!(answers[1]["explanation"].is_object(), "{}", answers[1]);
}

/// A flag that the request's own field overrides is said on stderr, not silently unused.
#[test]
fn a_flag_the_request_overrides_is_said() {
    let request = r#"{"check": "1_testset_no_kfold", "testset": {"p": 1000, "n": 6000}, "scores": {"acc": 0.6821}, "eps": 1e-4, "max_witnesses": 3}"#;
    let out = scorecheck(
        &["check", "-", "--max-witnesses", "1", "--format", "json"],
        request,
    );
    assert_eq!(out.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("--max-witnesses is not used: the request's own \"max_witnesses\" (3)"),
        "{stderr}"
    );
    assert_eq!(
        stdout_json(&out)["witnesses"].as_array().map(Vec::len),
        Some(3)
    );
    // `--ranges` too: the request's own list wins, said.
    let ranged = request.replace("\"max_witnesses\": 3", "\"ranges\": [\"mcc\"]");
    let out = scorecheck(
        &["check", "-", "--ranges", "f1p", "--format", "json"],
        &ranged,
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("--ranges is not used: the request's own \"ranges\""),
        "{stderr}"
    );
    let ranges = stdout_json(&out)["ranges"].clone();
    assert!(
        ranges.get("mcc").is_some() && ranges.get("f1p").is_none(),
        "{ranges}"
    );
    // A flag the request leaves to it: nothing said.
    let out = scorecheck(&["check", "-", "--time-limit", "5"], request);
    assert!(!String::from_utf8_lossy(&out.stderr).contains("not used"));
}

/// `--backend` naming a backend this build lacks is refused before any request is read,
/// whatever the protocol; a build that has it answers.
#[test]
fn a_backend_flag_the_build_lacks_is_refused_by_its_flag() {
    for (name, compiled_in) in [
        ("highs", cfg!(feature = "highs")),
        ("cbc", cfg!(feature = "cbc")),
        ("microlp", cfg!(feature = "microlp")),
    ] {
        let out = scorecheck(&["check", "-", "--backend", name], PAPER);
        let stderr = String::from_utf8_lossy(&out.stderr);
        if compiled_in {
            assert_eq!(out.status.code(), Some(0), "{name}: {stderr}");
        } else {
            assert_eq!(out.status.code(), Some(2), "{name}: {stderr}");
            assert!(stderr.contains("--backend"), "{name}: {stderr}");
            assert!(
                stderr.contains(&format!("--features {name}")),
                "{name}: {stderr}"
            );
        }
    }
}

/// `--skip` past the input's end answers nothing and says so, for JSONL lines and CSV rows.
#[test]
fn a_skip_past_the_end_is_said() {
    let out = scorecheck(&["batch", "--skip", "5", "-"], "{}\n{}\n");
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("has 2 lines and --skip 5"), "{stderr}");
    let out = scorecheck(
        &["batch", "--input-format", "csv", "--skip", "3", "-"],
        "p,n,acc,eps\n10,20,0.5,0.01\n",
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("has 1 rows and --skip 3"), "{stderr}");
    // Within the input: nothing said.
    let out = scorecheck(&["batch", "--skip", "1", "-"], "{}\n{}\n");
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_beta_of_an_f_score_not_printed_is_refused_naming_its_flag() {
    let out = scorecheck(
        &[
            "scores",
            "--tp",
            "1",
            "--tn",
            "1",
            "--p",
            "2",
            "--n",
            "2",
            "--beta-positive",
            "2",
            "--scores",
            "fbn",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--beta-positive is the beta of fbp"));
    let out = scorecheck(
        &[
            "scores",
            "--tp",
            "1",
            "--tn",
            "1",
            "--p",
            "2",
            "--n",
            "2",
            "--beta-positive",
            "2",
            "--scores",
            "fbp",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn a_score_named_twice_and_a_split_of_a_check_without_folds_are_refused_by_name() {
    let out = scorecheck(
        &[
            "scores",
            "--p",
            "10",
            "--n",
            "20",
            "--tp",
            "5",
            "--tn",
            "15",
            "--scores",
            "acc,accuracy",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("acc is named twice"));
    let request = r#"{"check": "1_testset_no_kfold", "testset": {"p": 10, "n": 20}, "scores": {"acc": 0.5}, "eps": 0.01}"#;
    let out = scorecheck(
        &["folds", "split", "--request", "-", "--parts", "3"],
        request,
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("has no fold configurations to split") && !stderr.contains("unknown check"),
        "{stderr}"
    );
}

/// A line the JSON reader refuses after its id (a key given twice) keeps its id on the error
/// record, so that a caller can tell which request failed; a doubled id gives none.
#[test]
fn a_refused_line_keeps_its_id_unless_the_id_is_what_is_wrong() {
    let lines = concat!(
        r#"{"id": 9, "check": "1_testset_no_kfold", "testset": {"p": 10, "n": 20}, "scores": {"acc": 0.5}, "eps": 0.01, "eps": 0.1}"#,
        "\n",
        r#"{"id": 1, "check": "1_testset_no_kfold", "testset": {"p": 10, "n": 20}, "scores": {"acc": 0.5}, "eps": 0.01, "id": 2}"#,
        "\n"
    );
    let out = scorecheck(&["batch", "-"], lines);
    let records: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records[0]["error"]["field"], "eps", "{}", records[0]);
    assert_eq!(records[0]["id"], 9, "{}", records[0]);
    assert_eq!(records[1]["error"]["field"], "id", "{}", records[1]);
    assert!(records[1].get("id").is_none(), "{}", records[1]);
}

#[test]
fn a_plus_sign_before_a_figure_reads_as_a_json_string_of_it_does() {
    let flags = [
        "check", "--p", "10", "--n", "10", "--acc", "+0.5", "--eps", "0.01",
    ];
    let out = scorecheck(&flags, "");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let table = "id,p,n,acc,eps\na,10,10,+0.5,0.01\nb,10,10,+-0.5,0.01\n";
    let out = scorecheck(&["batch", "-", "--input-format", "csv"], table);
    let text = String::from_utf8_lossy(&out.stdout);
    let rows: Vec<&str> = text.lines().collect();
    assert!(rows[1].contains(",consistent,"), "{text}");
    assert!(
        rows[2].contains(",error,") && rows[2].contains("acc"),
        "{text}"
    );
}
