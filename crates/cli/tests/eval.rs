//! `scorecheck eval` on the real binary: outputs, exit statuses and errors for bad files.

use std::process::{Command, Output};

use serde_json::Value;

fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn eval(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_scorecheck"))
        .arg("eval")
        .args(args)
        .output()
        .expect("the scorecheck binary runs")
}

fn json(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout).expect("stdout is one JSON value")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn thresholds_rates_intervals_eer_and_auc() {
    let input = data("eval_outputs.csv");
    let out = eval(&[
        "--input",
        &input,
        "--threshold",
        "0.5",
        "--threshold=-1.2",
        "--at-fpr",
        "0.2",
        "--eer",
        "--auc",
        "--ci",
        "wilson",
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v = json(&out);
    assert_eq!((v["p"].as_u64(), v["n"].as_u64()), (Some(5), Some(5)));
    let first = &v["thresholds"][0];
    assert_eq!(
        [&first["tp"], &first["fn"], &first["fp"], &first["tn"]].map(|x| x.as_u64()),
        [Some(4), Some(1), Some(1), Some(4)]
    );
    assert_eq!(first["scores"]["mcc"]["exact"], "3/5");
    // The F-betas need a beta eval takes no flag for: F1 is listed, they are not.
    assert_eq!(first["scores"]["f1p"]["exact"], "4/5");
    assert!(first["scores"].get("fbp").is_none() && first["scores"].get("fbn").is_none());
    let ci = first["ci"]["tpr"].as_array().unwrap();
    assert!(ci[0].as_f64().unwrap() < 0.8 && 0.8 < ci[1].as_f64().unwrap());
    // Below every score, everything is predicted positive.
    assert_eq!(v["thresholds"][1]["tp"], 5);
    assert_eq!(v["thresholds"][1]["fp"], 5);
    assert_eq!(v["at"][0]["metric"], "fpr");
    assert_eq!(v["auc"]["exact"], "23/25");
    assert!((v["average_precision"].as_f64().unwrap() - 0.9266666666666667).abs() < 1e-12);
    assert!(v["eer"]["eer"].as_f64().is_some());
}

#[test]
fn negative_score_class_negates_auc_and_flips_the_rule() {
    let input = data("eval_outputs.csv");
    let out = eval(&[
        "--input",
        &input,
        "--score-class",
        "neg",
        "--threshold",
        "0.5",
        "--auc",
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let v = json(&out);
    assert_eq!(v["auc"]["exact"], "2/25");
    // score <= 0.5 is positive: one positive (0.4) and four negatives.
    assert_eq!(v["thresholds"][0]["tp"], 1);
    assert_eq!(v["thresholds"][0]["fp"], 4);
}

#[test]
fn bootstrap_is_reproducible_by_seed() {
    let input = data("eval_outputs.csv");
    let args = [
        "--input",
        &input,
        "--threshold",
        "0.5",
        "--auc",
        "--eer",
        "--ci",
        "bootstrap",
        "--bootstrap-samples",
        "200",
        "--seed",
        "4",
        "--format",
        "json",
    ];
    let (a, b) = (eval(&args), eval(&args));
    assert_eq!(a.status.code(), Some(0), "{}", stderr(&a));
    assert_eq!(a.stdout, b.stdout);
    let v = json(&a);
    let auc_ci = v["auc"]["ci"].as_array().unwrap();
    assert!(auc_ci[0].as_f64().unwrap() <= auc_ci[1].as_f64().unwrap());
    assert!(v["thresholds"][0]["ci"]["acc"].is_array());
    assert!(v["eer"]["ci"]["eer"].is_array());
}

#[test]
fn reported_figures_are_checked_with_exit_status() {
    let input = data("eval_outputs.csv");
    let consistent = data("eval_reported.json");
    let out = eval(&[
        "--input",
        &input,
        "--check",
        &consistent,
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let check = &json(&out)["check"];
    assert_eq!(check["inconsistency"], false);
    assert_eq!(check["fits_total"], 2);
    assert_eq!(check["fits"][0]["rule"], ">=");
    assert_eq!(check["fits"][0]["threshold"], 0.6);
    assert_eq!(check["auc"]["contained"], true);

    let inconsistent = data("eval_reported_inconsistent.json");
    let out = eval(&["--input", &input, "--check", &inconsistent]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("INCONSISTENT"));
}

#[test]
fn every_threshold_at_a_score_target() {
    let input = data("eval_outputs.csv");
    let out = eval(&[
        "--input",
        &input,
        "--at-score",
        "acc=0.7",
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let at = &json(&out)["at"][0];
    assert_eq!(at["metric"], "acc");
    // Accuracy passes 0.7 three times (score_analysis 0.3.7 gives [0.25, 0.65, 0.9]).
    let found: Vec<f64> = at["thresholds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    assert_eq!(found.len(), 3);
    for (f, expected) in found.iter().zip([0.25, 0.65, 0.9]) {
        assert!((f - expected).abs() < 1e-12, "{found:?}");
    }
    let out = eval(&["--input", &input, "--at-score", "accuracy"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("SCORE=TARGET"));
}

#[test]
fn partial_auc_is_exact_and_adds_up() {
    let input = data("eval_outputs.csv");
    let out = eval(&[
        "--input",
        &input,
        "--partial-auc",
        "0:0.2",
        "--partial-auc",
        "0.2:1",
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v = json(&out);
    // Three positives outrank every negative: up to FPR 0.2 the curve is at TPR 3/5.
    assert_eq!(v["partial_auc"][0]["exact"], "3/25");
    assert_eq!(v["partial_auc"][1]["exact"], "4/5");
    let out = eval(&["--input", &input, "--partial-auc", "0.5:0.2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("lower < upper"));
    // A negative bound reaches the flag's own check, not the parser's "unexpected -0".
    let out = eval(&["--input", &input, "--partial-auc", "-0.1:0.2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--partial-auc"), "{}", stderr(&out));
    assert!(stderr(&out).contains("0 <= lower"), "{}", stderr(&out));
}

#[test]
fn json_lines_with_string_labels() {
    let input = data("eval_outputs.jsonl");
    let out = eval(&[
        "--input",
        &input,
        "--label-column",
        "y",
        "--score-column",
        "s",
        "--pos-label",
        "cat",
        "--auc",
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // (0.9 beats both) + (0.5 beats 0.2, ties 0.5): 3.5 of 4.
    assert_eq!(json(&out)["auc"]["exact"], "7/8");
}

#[test]
fn bad_files_are_errors_naming_row_and_column() {
    let cases = [
        (
            "eval_bad_score.csv",
            vec![],
            "eval_bad_score.csv line 3 (row 2), column \"score\"",
        ),
        ("eval_nan.csv", vec![], "not finite"),
        ("eval_one_class.csv", vec![], "--pos-label"),
        (
            "eval_outputs.csv",
            vec!["--score-column", "prob"],
            "no column \"prob\" in the header",
        ),
        ("missing.csv", vec![], "cannot read"),
        ("eval_outputs.csv", vec!["--at-fpr", "1.5"], "--at-fpr"),
    ];
    for (file, extra, message) in cases {
        let input = data(file);
        let mut args = vec!["--input", input.as_str(), "--eer"];
        args.extend(extra);
        let out = eval(&args);
        assert_eq!(out.status.code(), Some(2), "{file}");
        assert!(stderr(&out).contains(message), "{file}: {}", stderr(&out));
    }
}

/// Writes `content` to a file of that name in the tests' scratch directory.
fn scratch(name: &str, content: &str) -> String {
    let path = format!("{}/eval-{name}", env!("CARGO_TARGET_TMPDIR"));
    std::fs::write(&path, content).expect("the scratch file is written");
    path
}

fn error_of(args: &[&str]) -> String {
    let out = eval(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
    stderr(&out)
}

#[test]
fn size_flags_are_capped_before_anything_is_allocated() {
    let input = data("eval_outputs.csv");
    // Once a capacity-overflow panic (exit 101) and an 8 TB allocation.
    for samples in ["18446744073709551615", "1000000000000", "1000001", "1"] {
        let error = error_of(&[
            "--input",
            &input,
            "--auc",
            "--ci",
            "bootstrap",
            "--bootstrap-samples",
            samples,
        ]);
        assert!(
            error.contains("--bootstrap-samples") && error.contains("1000000"),
            "{error}"
        );
    }
    // Seven rates per threshold are kept for every bootstrap sample.
    let mut args = vec!["--input", input.as_str(), "--ci", "bootstrap"];
    args.extend(["--bootstrap-samples", "1000000", "--threshold", "0.5"]);
    args.extend(["--threshold", "0.6", "--threshold", "0.7"]);
    let error = error_of(&args);
    assert!(
        error.contains("at most 761904 samples") && error.contains("--threshold"),
        "{error}"
    );
    let many: Vec<String> = (0..1001).map(|i| format!("--at-fpr={}", i % 2)).collect();
    let mut args = vec!["--input", input.as_str()];
    args.extend(many.iter().map(String::as_str));
    let error = error_of(&args);
    assert!(error.contains("--at-fpr is given 1001 times"), "{error}");
    for bad in ["-1", "0", "1e10", "nan"] {
        let error = error_of(&["--input", &input, "--auc", "--time-limit", bad]);
        assert!(error.contains("--time-limit"), "{bad}: {error}");
    }
}

#[test]
fn long_work_stops_at_the_time_limit_saying_what_was_done() {
    // A million bootstrap samples take seconds; the limit is a millisecond.
    let out = eval(&[
        "--input",
        &data("eval_outputs.csv"),
        "--auc",
        "--ci",
        "bootstrap",
        "--bootstrap-samples",
        "1000000",
        "--time-limit",
        "0.001",
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    // No partial result is printed: only the stop's record, as `cbpe` and `check` give.
    let record = json(&out);
    assert_eq!(record["stopped"], true);
    assert_eq!(record["error"]["kind"], "stopped");
    assert!(record.get("auc").is_none(), "{record}");
    let error = stderr(&out);
    assert!(
        error.contains("stopped by --time-limit (0.001 s)") && error.contains("no result"),
        "{error}"
    );
}

#[test]
fn empty_labels_and_duplicate_columns_are_errors_naming_the_place() {
    let empty = scratch("empty_label.csv", "label,score\n1,0.9\n,0.4\n0,0.2\n");
    let error = error_of(&["--input", &empty, "--auc"]);
    assert!(
        error.contains("empty_label.csv line 3 (row 2), column \"label\": the label is empty"),
        "{error}"
    );
    let twice = scratch("twice.csv", "label,score,score\n1,0.9,0.1\n0,0.2,0.8\n");
    let error = error_of(&["--input", &twice, "--auc"]);
    assert!(
        error.contains("column \"score\" twice (fields 2 and 3)"),
        "{error}"
    );
    let twice = scratch(
        "twice.jsonl",
        "{\"label\": 1, \"score\": 0.9}\n{\"label\": 0, \"score\": 0.2, \"score\": 0.95}\n",
    );
    let error = error_of(&["--input", &twice, "--auc"]);
    assert!(
        error.contains("twice.jsonl line 2 (row 2)") && error.contains("\"score\" given twice"),
        "{error}"
    );
    // A comma in an unquoted number shifts every later column: an error, not a misread.
    let shifted = scratch("shifted.csv", "label,score\n1,0.9\n0,0,2\n");
    let error = error_of(&["--input", &shifted, "--auc"]);
    assert!(
        error.contains("line 3 (row 2): 3 fields but the header has 2"),
        "{error}"
    );
    let open = scratch("open_quote.csv", "label,score\n1,\"0.9\n0,0.2\n");
    let error = error_of(&["--input", &open, "--auc"]);
    assert!(
        error.contains("line 2 (row 1)") && error.contains("quoted field is not closed"),
        "{error}"
    );
}

#[test]
fn check_requests_with_unknown_or_doubled_fields_are_errors() {
    let input = data("eval_outputs.csv");
    let misspelt = scratch(
        "misspelt.json",
        r#"{"scores": {"acc": 0.8}, "eps": 0.005, "numerical_tolerence": 0.1}"#,
    );
    let error = error_of(&["--input", &input, "--check", &misspelt]);
    assert!(
        error.contains(
            "unknown field \"numerical_tolerence\"; did you mean \"numerical_tolerance\"?"
        ),
        "{error}"
    );
    let doubled = scratch(
        "doubled.json",
        r#"{"scores": {"acc": 0.8, "acc": 0.1}, "eps": 0.005}"#,
    );
    let error = error_of(&["--input", &input, "--check", &doubled]);
    assert!(error.contains("\"scores.acc\" is given twice"), "{error}");
    let synonyms = scratch(
        "synonyms.json",
        r#"{"scores": {"acc": 0.8, "accuracy": 0.1}, "eps": 0.005}"#,
    );
    let error = error_of(&["--input", &input, "--check", &synonyms]);
    assert!(error.contains("are the same score"), "{error}");
    let stray_eps = scratch(
        "stray_eps.json",
        r#"{"scores": {"acc": 0.8}, "eps": {"acc": 0.005, "sesn": 0.01}}"#,
    );
    let error = error_of(&["--input", &input, "--check", &stray_eps]);
    assert!(error.contains("eps.sesn: no score \"sesn\""), "{error}");
    // An eps of 1 or more would admit everything: "consistent" having checked nothing.
    let wide = scratch("wide.json", r#"{"scores": {"acc": 0.8}, "eps": 5}"#);
    let error = error_of(&["--input", &input, "--check", &wide]);
    assert!(error.contains("eps must be below 1"), "{error}");
}

#[test]
fn f_beta_is_checked_with_its_beta_and_refused_without() {
    // At score >= 0.7 the outputs give tp 3, fn 2, fp 0: F2 = 15/23 = 0.652..., F1 = 0.75.
    let input = data("eval_outputs.csv");
    let without = scratch("fbp.json", r#"{"scores": {"fbp": 0.652}, "eps": 0.001}"#);
    let error = error_of(&["--input", &input, "--check", &without]);
    assert!(
        error.contains("scores.beta_positive: fbp needs its beta"),
        "{error}"
    );
    let with = scratch(
        "fbp2.json",
        r#"{"scores": {"fbp": 0.652, "beta_positive": 2}, "eps": 0.001}"#,
    );
    let out = eval(&["--input", &input, "--check", &with, "--format", "json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(json(&out)["check"]["inconsistency"], false);
}

#[test]
fn score_targets_out_of_range_are_errors_and_unreached_ones_say_so() {
    let input = data("eval_outputs.csv");
    let error = error_of(&["--input", &input, "--at-score", "acc=2"]);
    assert!(
        error.contains("acc never reaches 2: its values lie in [0, 1]"),
        "{error}"
    );
    // The best accuracy of these outputs is 0.8: 0.95 is approached, not reached.
    let out = eval(&[
        "--input",
        &input,
        "--at-score",
        "acc=0.95",
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let at = &json(&out)["at"][0];
    assert_eq!(at["reached"], false);
    assert_eq!(at["thresholds_total"], 1);
    let out = eval(&["--input", &input, "--at-score", "acc=0.95"]);
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        text.contains("acc = 0.95: not reached; closest at"),
        "{text}"
    );
    let out = eval(&[
        "--input",
        &input,
        "--at-score",
        "acc=0.7",
        "--format",
        "json",
    ]);
    assert_eq!(json(&out)["at"][0]["reached"], true);
}

#[test]
fn outputs_from_a_pipe_or_standard_input_are_read_once() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_scorecheck"))
        .args(["eval", "--input", "-", "--auc", "--format", "json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"label,score\n1,0.9\n0,0.1\n1,0.4\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(json(&out)["p"], 2);
    let error = error_of(&[
        "--input",
        &data("eval_outputs.csv"),
        "--label-column",
        "score",
        "--score-column",
        "score",
    ]);
    assert!(error.contains("both name \"score\""), "{error}");
}

/// Scores that differ as written but not as 64-bit floats would be read as ties: a perfect
/// ranking (AUC 1) was checked as AUC 1/2, a false "inconsistent".
#[test]
fn scores_a_float_cannot_hold_are_refused_by_row_and_column() {
    for (name, scores, shown) in [
        ("under.csv", ["1e-400", "3e-400", "0", "-1e-400"], "1e-400"),
        (
            "long.csv",
            [
                "0.1000000000000000000002",
                "0.1000000000000000000001",
                "0.1",
                "0.05",
            ],
            "0.1000000000000000000002",
        ),
    ] {
        let input = scratch(
            name,
            &format!(
                "label,score\n1,{}\n1,{}\n0,{}\n0,{}\n",
                scores[0], scores[1], scores[2], scores[3]
            ),
        );
        let error = error_of(&["--input", &input, "--auc"]);
        assert!(
            error.contains("row 1") && error.contains("\"score\"") && error.contains(shown),
            "{error}"
        );
    }
    // Seventeen digits as a float prints them are its own.
    let input = scratch(
        "seventeen.csv",
        "label,score\n1,0.30000000000000004\n0,0.1\n",
    );
    let out = eval(&["--input", &input, "--auc"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

/// A flag that would change nothing is refused by name, not silently unused.
#[test]
fn flags_that_would_change_nothing_are_refused_by_name() {
    let input = data("eval_outputs.csv");
    for (flags, named) in [
        (&["--ci", "wilson"][..], "--ci"),
        (&["--alpha", "0.1", "--auc"], "--alpha"),
        (
            &["--bootstrap-samples", "10", "--auc"],
            "--bootstrap-samples",
        ),
        (
            &["--ci", "wilson", "--threshold", "0.5", "--seed", "3"],
            "--seed",
        ),
        (&["--bootstrap-method", "bc", "--auc"], "--bootstrap-method"),
        (&["--interpolation", "lower", "--auc"], "--interpolation"),
    ] {
        let mut args = vec!["--input", input.as_str()];
        args.extend(flags);
        let error = error_of(&args);
        assert!(error.contains(named), "{flags:?}: {error}");
    }
    for flags in [
        &["--ci", "bootstrap", "--auc", "--seed", "3"][..],
        &["--ci", "wilson", "--threshold", "0.5", "--alpha", "0.1"],
        &["--at-fpr", "0.1", "--interpolation", "lower"],
    ] {
        let mut args = vec!["--input", input.as_str()];
        args.extend(flags);
        let out = eval(&args);
        assert_eq!(out.status.code(), Some(0), "{flags:?}: {}", stderr(&out));
    }
}

#[test]
fn spaces_around_a_json_label_are_trimmed_as_in_csv() {
    let input = data("eval_spaced_labels.jsonl");
    let out = eval(&["--input", &input, "--auc", "--format", "json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // `" 1"` and `"1 "` are the positive label: 2 positives, 2 negatives, 3 of 4 pairs won.
    assert_eq!(json(&out)["auc"]["exact"], "3/4");
}

#[test]
fn a_label_that_differs_from_the_positive_one_only_in_case_is_an_error() {
    let dir = std::env::temp_dir().join(format!("scorecheck-eval-case-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let input = dir.join("labels.jsonl");
    std::fs::write(
        &input,
        "{\"label\": true, \"score\": 0.9}\n{\"label\": false, \"score\": 0.2}\n",
    )
    .unwrap();
    let out = eval(&[
        "--input",
        input.to_str().unwrap(),
        "--pos-label",
        "True",
        "--auc",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("differs from the positive label \"True\" only in case"),
        "{}",
        stderr(&out)
    );
    let out = eval(&[
        "--input",
        input.to_str().unwrap(),
        "--pos-label",
        "true",
        "--auc",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_semicolon_separated_file_is_told_to_be_saved_with_commas() {
    let dir = std::env::temp_dir().join(format!("scorecheck-eval-semi-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let input = dir.join("outputs.csv");
    std::fs::write(&input, "label;score\n1;0.9\n0;0.2\n").unwrap();
    let out = eval(&["--input", input.to_str().unwrap(), "--auc"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("the header is one column holding ';'"),
        "{}",
        stderr(&out)
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// With `--format json` an error is a JSON record on stdout as `check`'s are:
/// `{"error": {"kind", "field", "message"}}`, the field the flag named.
#[test]
fn json_errors_are_records_naming_the_flag() {
    let out = eval(&[
        "--input",
        &data("eval_outputs.csv"),
        "--threshold",
        "0.5",
        "--ci",
        "wilson",
        "--alpha",
        "1.5",
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let record = json(&out);
    assert_eq!(record["error"]["kind"], "invalid_input");
    assert_eq!(record["error"]["field"], "--alpha");
    assert!(record["error"]["message"]
        .as_str()
        .unwrap()
        .contains("strictly between 0 and 1"));
    // A file that is not there names no flag, and is a record too.
    let missing = eval(&["--input", "/nonexistent/x.csv", "--format", "json"]);
    assert_eq!(json(&missing)["error"]["field"], Value::Null);
    // A message that ends by saying which flag to change names that flag.
    let column = eval(&[
        "--input",
        &data("eval_outputs.csv"),
        "--threshold",
        "0.5",
        "--label-column",
        "lab",
        "--format",
        "json",
    ]);
    assert_eq!(json(&column)["error"]["field"], "--label-column");
}

/// `--check -` reads the request from standard input; beside `--input -` it is refused
/// before anything is read, naming `--check`.
#[test]
fn check_reads_stdin_once() {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_scorecheck"))
        .args(["eval", "--input", &data("eval_outputs.csv"), "--check", "-"])
        .args(["--format", "json"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let request = r#"{"scores": {"acc": 0.5}, "eps": 0.01}"#;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(request.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(json(&out)["check"].is_object(), "{}", stderr(&out));

    let both = eval(&["--input", "-", "--check", "-", "--format", "json"]);
    assert_eq!(both.status.code(), Some(2));
    assert_eq!(json(&both)["error"]["field"], "--check");
}

/// `--equal-class` with nothing at a threshold (the AUC alone) would change nothing: refused
/// naming it, as the bootstrap's flags without `--ci bootstrap` are.
#[test]
fn equal_class_without_a_threshold_is_refused() {
    let out = eval(&[
        "--input",
        &data("eval_outputs.csv"),
        "--auc",
        "--equal-class",
        "neg",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("--equal-class decides"),
        "{}",
        stderr(&out)
    );
    let used = eval(&[
        "--input",
        &data("eval_outputs.csv"),
        "--threshold",
        "0.5",
        "--equal-class",
        "neg",
    ]);
    assert_eq!(used.status.code(), Some(0), "{}", stderr(&used));
}

/// A JSON Lines score is read as written, as a CSV cell is: one a 64-bit float cannot hold
/// (`0.30000000000000000001` beside `0.3`, a tie once read) is refused naming line and key.
#[test]
fn json_scores_a_float_cannot_hold_are_refused_as_in_csv() {
    let path = scratch(
        "eval_json_tie.jsonl",
        "{\"label\": 1, \"score\": 0.30000000000000000001}\n{\"label\": 0, \"score\": 0.3}\n",
    );
    let out = eval(&["--input", &path, "--auc"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("not held by a 64-bit float"),
        "{}",
        stderr(&out)
    );
    assert!(stderr(&out).contains("line 1"), "{}", stderr(&out));
}

/// A boolean label is 1 or 0, as numpy compares it: `true` is the positive label 1.
#[test]
fn boolean_labels_count_as_one_and_zero() {
    let path = scratch(
        "eval_bool_labels.jsonl",
        "{\"label\": true, \"score\": 0.9}\n{\"label\": false, \"score\": 0.8}\n{\"label\": 1, \"score\": 0.3}\n{\"label\": 0, \"score\": 0.1}\n",
    );
    let out = eval(&["--input", &path, "--auc", "--format", "json"]);
    let report = json(&out);
    assert_eq!(
        (report["p"].clone(), report["n"].clone()),
        (Value::from(2), Value::from(2)),
        "{report}"
    );
}
