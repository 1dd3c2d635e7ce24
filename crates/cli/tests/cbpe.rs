//! `scorecheck cbpe` on the small data files of tests/data/cbpe: output shape, inputs, errors.

use std::process::{Command, Output};

use serde_json::Value;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/cbpe");

fn cbpe(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_scorecheck"))
        .arg("cbpe")
        .args(args)
        .output()
        .expect("the scorecheck binary runs")
}

fn data(name: &str) -> String {
    format!("{DATA}/{name}")
}

fn json_of(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout).expect("stdout is one JSON value")
}

#[test]
fn json_output_lists_chunks_in_order_with_every_metric() {
    let reference = data("reference.csv");
    let analysis = data("analysis.csv");
    let out = cbpe(&[
        "--reference",
        &reference,
        "--analysis",
        &analysis,
        "--chunk-size",
        "120",
        "--metrics",
        "roc_auc,f1,accuracy,mcc,average_precision",
        "--format",
        "json",
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = json_of(&out);
    assert!(v["calibrated"].is_boolean());
    assert!(v["ece_before"].is_number() && v["ece_after"].is_number());
    let chunks = v["chunks"].as_array().unwrap();
    // 300 rows in chunks of 120: 0..=119, 120..=239, 240..=299 (end inclusive).
    let bounds: Vec<(u64, u64)> = chunks
        .iter()
        .map(|c| (c["start"].as_u64().unwrap(), c["end"].as_u64().unwrap()))
        .collect();
    assert_eq!(bounds, [(0, 119), (120, 239), (240, 299)]);
    for chunk in chunks {
        for metric in ["roc_auc", "f1", "accuracy", "mcc", "average_precision"] {
            let estimate = chunk["estimated"][metric].as_f64().unwrap();
            assert!((-1.0..=1.0).contains(&estimate), "{metric} = {estimate}");
            assert!(
                chunk["realized"][metric].is_number(),
                "labels give realised {metric}"
            );
        }
        // NannyML has no sampling error for mcc; the others have one.
        assert!(chunk["sampling_error"]["mcc"].is_null());
        assert!(chunk["sampling_error"]["f1"].as_f64().unwrap() > 0.0);
        let any_alert = chunk["alerts"]
            .as_object()
            .unwrap()
            .values()
            .any(|a| a.as_bool().unwrap());
        assert_eq!(chunk["alert"].as_bool(), Some(any_alert));
    }
    // The last, shorter chunk has the larger sampling error.
    let se = |i: usize| chunks[i]["sampling_error"]["accuracy"].as_f64().unwrap();
    assert!(se(2) > se(0));
}

#[test]
fn json_lines_with_renamed_columns_and_no_labels() {
    let reference = data("reference_renamed.jsonl");
    let analysis = data("analysis_unlabelled.jsonl");
    let out = cbpe(&[
        "--reference",
        &reference,
        "--analysis",
        &analysis,
        "--proba-column",
        "score",
        "--pred-column",
        "prediction",
        "--label-column",
        "label",
        "--chunks",
        "4",
        "--format",
        "json",
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = json_of(&out);
    let chunks = v["chunks"].as_array().unwrap();
    assert_eq!(chunks.len(), 4);
    assert!(chunks[0]["realized"]["roc_auc"].is_null());
    assert!(chunks[0]["estimated"]["roc_auc"].is_number());
    // The default metrics are NannyML's seven.
    assert_eq!(chunks[0]["estimated"].as_object().unwrap().len(), 7);
}

#[test]
fn the_same_data_in_csv_and_json_lines_gives_the_same_estimates() {
    let csv = cbpe(&[
        "--reference",
        &data("reference.csv"),
        "--analysis",
        &data("analysis.csv"),
        "--format",
        "json",
    ]);
    let jsonl = cbpe(&[
        "--reference",
        &data("reference_renamed.jsonl"),
        "--analysis",
        &data("analysis_unlabelled.jsonl"),
        "--proba-column",
        "score",
        "--pred-column",
        "prediction",
        "--label-column",
        "label",
        "--format",
        "json",
    ]);
    let (a, b) = (json_of(&csv), json_of(&jsonl));
    for (x, y) in a["chunks"]
        .as_array()
        .unwrap()
        .iter()
        .zip(b["chunks"].as_array().unwrap())
    {
        assert_eq!(x["estimated"], y["estimated"]);
        assert_eq!(x["sampling_error"], y["sampling_error"]);
    }
    assert_eq!(a["calibrated"], b["calibrated"]);
}

#[test]
fn calibration_can_be_forced_and_the_documented_rule_chosen() {
    let run = |rule: &str| {
        json_of(&cbpe(&[
            "--reference",
            &data("reference.csv"),
            "--analysis",
            &data("analysis.csv"),
            "--calibration",
            rule,
            "--format",
            "json",
        ]))
    };
    assert_eq!(run("always")["calibrated"], Value::Bool(true));
    assert_eq!(run("never")["calibrated"], Value::Bool(false));
    assert!(run("always")["ece_before"].is_null());
    assert!(run("documented")["ece_before"].is_number());
}

#[test]
fn text_report_is_readable() {
    let out = cbpe(&[
        "--reference",
        &data("reference.csv"),
        "--analysis",
        &data("analysis.csv"),
        "--chunk-size",
        "150",
        "--metrics",
        "roc_auc",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("calibration: "), "{text}");
    assert!(text.contains("150..=299"), "{text}");
    assert!(text.contains("2 chunks"), "{text}");
}

fn error_of(reference: &str, extra: &[&str]) -> String {
    let reference = data(reference);
    let analysis = data("analysis.csv");
    let mut args = vec!["--reference", &reference, "--analysis", &analysis];
    args.extend_from_slice(extra);
    let out = cbpe(&args);
    assert_eq!(out.status.code(), Some(2), "{reference}");
    assert!(out.stdout.is_empty() || extra.contains(&"json"));
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn bad_files_are_errors_naming_the_row_and_column() {
    let missing = error_of("bad_missing_column.csv", &[]);
    assert!(
        missing.contains("no column \"y_pred\"") && missing.contains("--pred-column"),
        "{missing}"
    );
    let not_a_number = error_of("bad_not_a_number.csv", &[]);
    assert!(
        not_a_number.contains("line 3 (row 2)")
            && not_a_number.contains("\"high\" is not a number"),
        "{not_a_number}"
    );
    let out_of_range = error_of("bad_out_of_range.csv", &[]);
    assert!(
        out_of_range.contains("line 4 (row 3)") && out_of_range.contains("outside [0, 1]"),
        "{out_of_range}"
    );
    let one_class = error_of("bad_one_class.csv", &[]);
    assert!(
        one_class.contains("every reference label is 1"),
        "{one_class}"
    );
    let unknown_metric = error_of("reference.csv", &["--metrics", "roc_acu"]);
    assert!(unknown_metric.contains("roc_auc"), "{unknown_metric}");
    let missing_file = error_of("no_such_file.csv", &[]);
    assert!(missing_file.contains("cannot read"), "{missing_file}");
    let too_many_chunks = error_of("reference.csv", &["--chunks", "1000"]);
    assert!(too_many_chunks.contains("at most"), "{too_many_chunks}");
}

#[test]
fn json_errors_are_json_on_stdout() {
    let out = cbpe(&[
        "--reference",
        &data("bad_out_of_range.csv"),
        "--analysis",
        &data("analysis.csv"),
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let record = json_of(&out);
    assert_eq!(record["error"]["kind"], "invalid_input");
    assert!(record["error"]["message"]
        .as_str()
        .unwrap()
        .contains("outside [0, 1]"));
}

#[test]
fn multiclass_runs_one_vs_rest_with_a_decision_per_class() {
    let out = cbpe(&[
        "--reference",
        &data("multiclass_reference.csv"),
        "--analysis",
        &data("multiclass_analysis.csv"),
        "--class-columns",
        "fish=p_fish,cat=p_cat,dog=p_dog",
        "--chunk-size",
        "200",
        "--metrics",
        "roc_auc,f1,accuracy",
        "--format",
        "json",
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = json_of(&out);
    // Classes in NannyML's sorted order, one calibration decision each.
    assert_eq!(v["classes"], serde_json::json!(["cat", "dog", "fish"]));
    assert_eq!(v["calibrated"].as_object().unwrap().len(), 3);
    let chunks = v["chunks"].as_array().unwrap();
    assert_eq!(chunks.len(), 2);
    for chunk in chunks {
        for metric in ["roc_auc", "f1", "accuracy"] {
            let (e, r) = (
                chunk["estimated"][metric].as_f64().unwrap(),
                chunk["realized"][metric].as_f64().unwrap(),
            );
            let se = chunk["sampling_error"][metric].as_f64().unwrap();
            // The labels were drawn from the probabilities: estimates are close.
            assert!((e - r).abs() < 4.0 * se, "{metric}: {e} vs {r}");
        }
    }
}

#[test]
fn multiclass_errors_name_the_unknown_class() {
    // Without the fish column, the rows' probabilities no longer sum to 1.
    let out = cbpe(&[
        "--reference",
        &data("multiclass_reference.csv"),
        "--analysis",
        &data("multiclass_analysis.csv"),
        "--class-columns",
        "cat=p_cat,dog=p_dog",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let error = String::from_utf8(out.stderr).unwrap();
    assert!(
        error.contains("multiclass_reference.csv line 2 (row 1): the class probabilities (p_cat, p_dog) sum to")
            && error.contains("missing from --class-columns"),
        "{error}"
    );
    let bird = scratch(
        "bird.csv",
        "p_cat,p_dog,p_fish,y_pred,y_true\n0.2,0.3,0.5,fish,cat\n0.2,0.3,0.5,bird,cat\n",
    );
    let out = cbpe(&[
        "--reference",
        &data("multiclass_reference.csv"),
        "--analysis",
        &bird,
        "--class-columns",
        "cat=p_cat,dog=p_dog,fish=p_fish",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let error = String::from_utf8(out.stderr).unwrap();
    assert!(
        error.contains("bird.csv line 3 (row 2), column \"y_pred\": \"bird\" is not one of the classes cat, dog, fish"),
        "{error}"
    );
    let error = error_with(&[
        "--reference",
        &data("multiclass_reference.csv"),
        "--analysis",
        &data("multiclass_analysis.csv"),
        "--class-columns",
        "cat=p_cat,cat=p_dog,fish=p_fish",
    ]);
    assert!(error.contains("class \"cat\" is given twice"), "{error}");
}

/// Writes `content` to a file of that name in the tests' scratch directory.
fn scratch(name: &str, content: &str) -> String {
    let path = format!("{}/cbpe-{name}", env!("CARGO_TARGET_TMPDIR"));
    std::fs::write(&path, content).expect("the scratch file is written");
    path
}

fn error_with(args: &[&str]) -> String {
    let out = cbpe(args);
    assert_eq!(
        out.status.code(),
        Some(2),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stderr).unwrap()
}

/// A binary file of `rows` rows (probability, prediction, label), labels of both classes.
fn binary_rows(name: &str, rows: usize) -> String {
    let mut text = String::from("y_pred_proba,y_pred,y_true\n");
    for i in 0..rows {
        let p = (i * 37 % 100) as f64 / 100.0;
        text.push_str(&format!("{p},{},{}\n", u8::from(p >= 0.5), i % 3 % 2));
    }
    scratch(name, &text)
}

#[test]
fn size_flags_are_capped_and_a_huge_chunk_size_is_one_chunk() {
    let (reference, analysis) = (data("reference.csv"), data("analysis.csv"));
    let base = ["--reference", &reference, "--analysis", &analysis];
    let error = error_with(&[&base[..], &["--chunks", "10001"]].concat());
    assert!(
        error.contains("--chunks 10001: give at most 10000"),
        "{error}"
    );
    let error = error_with(&[&base[..], &["--chunk-size", "0"]].concat());
    assert!(error.contains("--chunk-size 0"), "{error}");
    // Once an overflow panic in a debug build.
    let out = cbpe(
        &[
            &base[..],
            &["--chunk-size", "18446744073709551615", "--format", "json"],
        ]
        .concat(),
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(json_of(&out)["chunks"].as_array().unwrap().len(), 1);
    let many = binary_rows("many.csv", 20_001);
    let error = error_with(&[
        "--reference",
        &many,
        "--analysis",
        &analysis,
        "--chunk-size",
        "1",
    ]);
    assert!(
        error.contains("--chunk-size: the 20001 rows of") && error.contains("at least 3 rows"),
        "{error}"
    );
    let classes: Vec<String> = (0..1001).map(|i| format!("c{i}=p{i}")).collect();
    let error = error_with(&[&base[..], &["--class-columns", &classes.join(",")]].concat());
    assert!(
        error.contains("--class-columns names 1001 classes; give at most 1000"),
        "{error}"
    );
    for bad in ["-1", "0", "1e10"] {
        let error = error_with(&[&base[..], &["--time-limit", bad]].concat());
        assert!(error.contains("--time-limit"), "{bad}: {error}");
    }
}

#[test]
fn long_work_stops_at_the_time_limit_saying_what_was_done() {
    let reference = binary_rows("long_reference.csv", 100_000);
    let out = cbpe(&[
        "--reference",
        &reference,
        "--analysis",
        &reference,
        "--time-limit",
        "0.001",
        "--format",
        "json",
    ]);
    assert_eq!(
        out.status.code(),
        Some(3),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = json_of(&out);
    assert_eq!(v["stopped"], true);
    assert_eq!(v["error"]["kind"], "stopped");
    let error = v["error"]["message"].as_str().unwrap();
    assert!(
        error.contains("stopped by --time-limit (0.001 s) while") && error.contains("no result"),
        "{error}"
    );
}

#[test]
fn silent_defaults_are_errors_naming_file_line_and_column() {
    let analysis = data("analysis.csv");
    let empty_label = scratch(
        "empty_label.csv",
        "y_pred_proba,y_pred,y_true\n0.2,0,0\n0.8,1,\n0.7,1,1\n",
    );
    let error = error_with(&["--reference", &empty_label, "--analysis", &analysis]);
    assert!(
        error.contains("empty_label.csv line 3 (row 2), column \"y_true\": the label is empty"),
        "{error}"
    );
    // An analysis file labelled on some rows only.
    let reference = data("reference.csv");
    let error = error_with(&["--reference", &reference, "--analysis", &empty_label]);
    assert!(
        error.contains("empty_label.csv line 3 (row 2), column \"y_true\": no label, but"),
        "{error}"
    );
    let twice = scratch(
        "twice.csv",
        "y_pred_proba,y_pred,y_true,y_pred\n0.2,0,0,1\n0.8,1,1,0\n",
    );
    let error = error_with(&["--reference", &reference, "--analysis", &twice]);
    assert!(
        error.contains("column \"y_pred\" twice (fields 2 and 4)"),
        "{error}"
    );
    let twice = scratch(
        "twice.jsonl",
        "{\"y_pred_proba\": 0.2, \"y_pred\": 0, \"y_pred_proba\": 0.9}\n",
    );
    let error = error_with(&["--reference", &reference, "--analysis", &twice]);
    assert!(
        error.contains("twice.jsonl line 1 (row 1)")
            && error.contains("\"y_pred_proba\" given twice"),
        "{error}"
    );
    let error = error_with(&[
        "--reference",
        &reference,
        "--analysis",
        &analysis,
        "--metrics",
        "f1,roc_auc,f1",
    ]);
    assert!(error.contains("--metrics names f1 twice"), "{error}");
}

#[test]
fn multiclass_rows_must_sum_to_one_and_columns_serve_one_class() {
    let (reference, analysis) = (
        data("multiclass_reference.csv"),
        data("multiclass_analysis.csv"),
    );
    let error = error_with(&[
        "--reference",
        &reference,
        "--analysis",
        &analysis,
        "--class-columns",
        "cat=p_cat,dog=p_dog,fish=p_dog",
    ]);
    assert!(
        error.contains("maps column \"p_dog\" to both \"dog\" and \"fish\""),
        "{error}"
    );
    for (name, row) in [("sum_high.csv", "0.9,0.9,0.9"), ("sum_zero.csv", "0,0,0")] {
        let bad = scratch(
            name,
            &format!("p_cat,p_dog,p_fish,y_pred,y_true\n0.2,0.3,0.5,fish,cat\n{row},dog,dog\n"),
        );
        let error = error_with(&[
            "--reference",
            &reference,
            "--analysis",
            &bad,
            "--class-columns",
            "cat=p_cat,dog=p_dog,fish=p_fish",
        ]);
        assert!(
            error.contains(&format!(
                "{name} line 3 (row 2): the class probabilities (p_cat, p_dog, p_fish) sum to"
            )),
            "{error}"
        );
    }
}

const CELLS: [&str; 4] = [
    "true_positive",
    "true_negative",
    "false_positive",
    "false_negative",
];

/// `cbpe` on the example files in chunks of 150 with `extra` flags, as JSON.
fn confusion_run(extra: &[&str]) -> Value {
    let (reference, analysis) = (data("reference.csv"), data("analysis.csv"));
    let mut args = vec![
        "--reference",
        &reference,
        "--analysis",
        &analysis,
        "--chunk-size",
        "150",
        "--format",
        "json",
    ];
    args.extend_from_slice(extra);
    let out = cbpe(&args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{extra:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    json_of(&out)
}

#[test]
fn confusion_matrix_gives_four_cells_normalised_as_asked() {
    for normalization in ["none", "all", "pred", "true"] {
        let v = confusion_run(&[
            "--metrics",
            "confusion_matrix",
            "--normalize-confusion-matrix",
            normalization,
        ]);
        for chunk in v["chunks"].as_array().unwrap() {
            let rows =
                (chunk["end"].as_u64().unwrap() - chunk["start"].as_u64().unwrap() + 1) as f64;
            for field in ["estimated", "realized"] {
                let cell = |name: &str| chunk[field][name].as_f64().unwrap();
                let [tp, tn, fp, fn_] = CELLS.map(cell);
                let sums = match normalization {
                    "none" => vec![(tp + tn + fp + fn_, rows)],
                    "all" => vec![(tp + tn + fp + fn_, 1.0)],
                    "pred" => vec![(tp + fp, 1.0), (tn + fn_, 1.0)],
                    _ => vec![(tp + fn_, 1.0), (tn + fp, 1.0)],
                };
                for (sum, expected) in sums {
                    assert!(
                        (sum - expected).abs() < 1e-9,
                        "{normalization} {field}: {sum} vs {expected}"
                    );
                }
            }
            for name in CELLS {
                assert!(chunk["sampling_error"][name].as_f64().unwrap() > 0.0);
                // Bounds are clipped at 0, and at 1 once normalised.
                let lower = chunk["lower_confidence_boundary"][name].as_f64().unwrap();
                let upper = chunk["upper_confidence_boundary"][name].as_f64().unwrap();
                assert!(lower >= 0.0);
                assert!(normalization == "none" || upper <= 1.0, "{name} {upper}");
                assert!(chunk["alerts"][name].is_boolean());
            }
        }
        for name in CELLS {
            let t = &v["thresholds"][name];
            assert!(t["lower"].as_f64().unwrap() >= 0.0);
            let upper = t["upper"].as_f64().unwrap();
            assert!(normalization == "none" || upper <= 1.0);
        }
    }
}

/// A metric's name, its (value, sampling error, realised value) on each of two chunks, and
/// its (lower, upper) thresholds.
type NannymlFigures = (&'static str, [[f64; 3]; 2], [f64; 2]);

#[test]
fn confusion_matrix_and_business_value_agree_with_nannyml_on_the_example() {
    // NannyML 0.13.1 on reference.csv and analysis.csv with calibration forced off
    // (`needs_calibration` replaced by `lambda *a, **k: False`), chunk_size=150,
    // metrics=["confusion_matrix", "business_value"], normalize_confusion_matrix="pred",
    // business_value_matrix=[[1, -5], [-20, 50]]: (value, sampling_error, realized) of the
    // two chunks, and the (lower, upper) thresholds, printed with repr(float(...)).
    let expected: [NannymlFigures; 3] = [
        (
            "true_positive",
            [
                [0.7215851485148514, 0.05344442620840715, 0.6534653465346535],
                [0.732277551020408, 0.05344442620840715, 0.7142857142857143],
            ],
            [0.4954821668582752, 0.7693301689045291],
        ),
        (
            "false_negative",
            [
                [
                    0.37294693877551016,
                    0.057999853067225014,
                    0.32653061224489793,
                ],
                [
                    0.35667499999999996,
                    0.057999853067225014,
                    0.46153846153846156,
                ],
            ],
            [0.21025682212615046, 0.4962829428172485],
        ),
        (
            "business_value",
            [
                [3168.6431000000002, 336.20328114103825, 2838.0],
                [3119.4869, 336.20328114103825, 2908.0],
            ],
            [716.4249424740397, 2791.5750575259603],
        ),
    ];
    let v = confusion_run(&[
        "--metrics",
        "confusion_matrix,business_value",
        "--normalize-confusion-matrix",
        "pred",
        "--business-value-matrix=[[1, -5], [-20, 50]]",
        "--calibration",
        "never",
    ]);
    let close = |ours: &Value, theirs: f64, at: &str| {
        let ours = ours.as_f64().unwrap_or_else(|| panic!("{at}: {ours}"));
        assert!(
            (ours - theirs).abs() <= 1e-12 * theirs.abs().max(1.0),
            "{at}: ours {ours}, NannyML {theirs}"
        );
    };
    for (name, chunks, [lower, upper]) in expected {
        for (chunk, [value, se, realized]) in v["chunks"].as_array().unwrap().iter().zip(chunks) {
            close(&chunk["estimated"][name], value, name);
            close(&chunk["sampling_error"][name], se, name);
            close(&chunk["realized"][name], realized, name);
        }
        close(&v["thresholds"][name]["lower"], lower, name);
        close(&v["thresholds"][name]["upper"], upper, name);
    }
}

#[test]
fn business_value_is_the_value_of_the_cells() {
    let v = confusion_run(&[
        "--metrics",
        "confusion_matrix,business_value",
        "--business-value-matrix",
        "2,-5,-20,50",
    ]);
    for chunk in v["chunks"].as_array().unwrap() {
        for field in ["estimated", "realized"] {
            let cell = |name: &str| chunk[field][name].as_f64().unwrap();
            let total = 50.0 * cell("true_positive") + 2.0 * cell("true_negative")
                - 5.0 * cell("false_positive")
                - 20.0 * cell("false_negative");
            let value = chunk[field]["business_value"].as_f64().unwrap();
            assert!((value - total).abs() < 1e-9, "{field}: {value} vs {total}");
        }
    }
    // Per prediction: the mean value of a predicted negative plus that of a predicted positive.
    let per = confusion_run(&[
        "--metrics",
        "confusion_matrix,business_value",
        "--normalize-confusion-matrix",
        "pred",
        "--business-value-matrix=2,-5,-20,50",
        "--normalize-business-value",
        "per_prediction",
    ]);
    for chunk in per["chunks"].as_array().unwrap() {
        let cell = |name: &str| chunk["realized"][name].as_f64().unwrap();
        let expected = 50.0 * cell("true_positive") + 2.0 * cell("true_negative")
            - 5.0 * cell("false_positive")
            - 20.0 * cell("false_negative");
        let value = chunk["realized"]["business_value"].as_f64().unwrap();
        assert!((value - expected).abs() < 1e-9, "{value} vs {expected}");
    }
}

#[test]
fn text_report_has_a_line_per_cell() {
    let out = cbpe(&[
        "--reference",
        &data("reference.csv"),
        "--analysis",
        &data("analysis.csv"),
        "--chunk-size",
        "300",
        "--metrics",
        "confusion_matrix,business_value",
        "--business-value-matrix=0,-1,-1,1",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    for name in CELLS.iter().chain(&["business_value"]) {
        let lines = text
            .lines()
            .filter(|l| l.starts_with("0..=299") && l.contains(name))
            .count();
        assert_eq!(lines, 1, "{name}: {text}");
        assert!(text.contains(&format!(" {name} [")), "{text}");
    }
}

#[test]
fn confusion_and_business_value_flags_are_checked() {
    let (reference, analysis) = (data("reference.csv"), data("analysis.csv"));
    let error = |extra: &[&str]| {
        let mut args = vec!["--reference", &reference, "--analysis", &analysis];
        args.extend_from_slice(extra);
        error_with(&args)
    };
    let no_matrix = error(&["--metrics", "business_value"]);
    assert!(
        no_matrix.contains("--metrics business_value needs --business-value-matrix TN,FP,FN,TP"),
        "{no_matrix}"
    );
    let three = error(&[
        "--metrics",
        "business_value",
        "--business-value-matrix",
        "1,2,3",
    ]);
    assert!(three.contains("has 3 values; give four"), "{three}");
    let five = error(&[
        "--metrics",
        "business_value",
        "--business-value-matrix=[[1,2],[3,4,5]]",
    ]);
    assert!(five.contains("is not a 2 x 2 matrix"), "{five}");
    // Only NannyML's 2 x 2 shape is read as a matrix: no other bracketing of four numbers.
    for shape in [
        "[[1],[2],[3],[4]]",
        "[1,2],[3,4]",
        "[[1,2][3,4]]",
        "[[[1,2]],[[3,4]]]",
    ] {
        let odd = error(&[
            "--metrics",
            "business_value",
            &format!("--business-value-matrix={shape}"),
        ]);
        assert!(odd.contains("is not a 2 x 2 matrix"), "{shape}: {odd}");
    }
    let infinite = error(&[
        "--metrics",
        "business_value",
        "--business-value-matrix",
        "1,2,inf,4",
    ]);
    assert!(
        infinite.contains("the FN value \"inf\" is not a finite number"),
        "{infinite}"
    );
    let nan = error(&[
        "--metrics",
        "business_value",
        "--business-value-matrix",
        "NaN,2,3,4",
    ]);
    assert!(
        nan.contains("the TN value \"NaN\" is not a finite number"),
        "{nan}"
    );
    let word = error(&[
        "--metrics",
        "business_value",
        "--business-value-matrix",
        "1,high,3,4",
    ]);
    assert!(
        word.contains("the FP value \"high\" is not a number"),
        "{word}"
    );
    let unused_matrix = error(&["--metrics", "f1", "--business-value-matrix", "1,2,3,4"]);
    assert!(
        unused_matrix.contains(
            "--business-value-matrix is given but --metrics does not name business_value"
        ),
        "{unused_matrix}"
    );
    let unused_normalization = error(&["--normalize-confusion-matrix", "all"]);
    assert!(
        unused_normalization.contains(
            "--normalize-confusion-matrix is given but --metrics names no confusion_matrix cell"
        ),
        "{unused_normalization}"
    );
    let unused_value_normalization = error(&[
        "--metrics",
        "confusion_matrix",
        "--normalize-business-value",
        "per_prediction",
    ]);
    assert!(
        unused_value_normalization.contains("--normalize-business-value is given"),
        "{unused_value_normalization}"
    );
    let unknown = error(&[
        "--metrics",
        "confusion_matrix",
        "--normalize-confusion-matrix",
        "rows",
    ]);
    assert!(
        unknown.contains("--normalize-confusion-matrix")
            && unknown.contains("none, all, pred, true"),
        "{unknown}"
    );
    let unknown_value = error(&[
        "--metrics",
        "business_value",
        "--business-value-matrix=1,2,3,4",
        "--normalize-business-value",
        "per_row",
    ]);
    assert!(
        unknown_value.contains("--normalize-business-value")
            && unknown_value.contains("per_prediction"),
        "{unknown_value}"
    );
    let twice = error(&["--metrics", "confusion_matrix,false_negative"]);
    assert!(
        twice.contains("names false_negative twice (\"confusion_matrix\" and \"false_negative\")"),
        "{twice}"
    );
}

#[test]
fn multiclass_business_value_and_binary_cells_are_clear_errors() {
    let (reference, analysis) = (
        data("multiclass_reference.csv"),
        data("multiclass_analysis.csv"),
    );
    for (metric, expected) in [
        (
            "business_value",
            "--metrics business_value is supported for binary models only, not with --class-columns",
        ),
        (
            "true_positive",
            "--metrics true_positive is a cell of the binary confusion matrix, not one of a model with --class-columns, whose cells are true_CLASS_pred_CLASS",
        ),
        ("true_cat_pred_bird", "--metrics: unknown metric"),
    ] {
        let metrics = format!("f1,{metric}");
        let mut args = vec![
            "--reference",
            &reference,
            "--analysis",
            &analysis,
            "--class-columns",
            "fish=p_fish,cat=p_cat,dog=p_dog",
            "--metrics",
            &metrics,
        ];
        if metric == "business_value" {
            args.push("--business-value-matrix=0,1,1,0");
        }
        let error = error_with(&args);
        assert!(error.contains(expected), "{metric}: {error}");
    }
    // 51 classes would make 2,601 cells per chunk: refused before any file is read.
    let pairs: Vec<String> = (0..51).map(|i| format!("c{i}=p{i}")).collect();
    let pairs = pairs.join(",");
    let error = error_with(&[
        "--reference",
        "no-such-file.csv",
        "--analysis",
        "no-such-file.csv",
        "--class-columns",
        &pairs,
        "--metrics",
        "roc_auc,confusion_matrix",
    ]);
    assert!(
        error.contains("--class-columns names 51 classes, but --metrics confusion_matrix is estimated for at most 50 classes"),
        "{error}"
    );
}

/// NannyML's figures of one cell on multiclass_*.csv: chunk, name; value, sampling error,
/// realised value, lower and upper threshold; alert. Printed by NannyML 0.13.1 (numpy 2.4.6,
/// scikit-learn 1.9.1, pandas 3.1.1) with
/// `cbpe_module.needs_calibration = lambda *a, **k: True` (calibration forced on, as
/// `--calibration always`):
///
/// ```python
/// ref = pd.read_csv("multiclass_reference.csv", float_precision="round_trip")
/// ana = pd.read_csv("multiclass_analysis.csv", float_precision="round_trip")
/// e = nml.CBPE(y_pred_proba={c: f"p_{c}" for c in ["cat", "dog", "fish"]}, y_pred="y_pred",
///     y_true="y_true", problem_type="classification_multiclass", metrics=["confusion_matrix"],
///     chunk_size=200, normalize_confusion_matrix="pred")
/// e.fit(ref); df = e.estimate(ana).filter(period="analysis").to_df()
/// ```
///
/// each field printed with `repr(float(...))`.
#[rustfmt::skip]
const MULTICLASS_CELLS: [(usize, &str, [f64; 5], bool); 18] = [
    (0, "true_cat_pred_cat", [0.5973564314332168, 0.06086563069582046, 0.5396825396825397, 0.23974093317167977, 0.8586514152206686], false),
    (0, "true_cat_pred_dog", [0.22855348552545424, 0.05406483173396395, 0.2465753424657534, 0.11039740623238944, 0.3743814164774678], false),
    (0, "true_cat_pred_fish", [0.2380741224926321, 0.04844193897500927, 0.296875, 0.1500687628453392, 0.2642149190439765], false),
    (0, "true_dog_pred_cat", [0.2213980898013739, 0.05192903811934129, 0.2222222222222222, 0.010731327142792985, 0.46655805014658425], false),
    (0, "true_dog_pred_dog", [0.6084157570346338, 0.061638346297430424, 0.5342465753424658, 0.4380156562934478, 0.7677073563261165], false),
    (0, "true_dog_pred_fish", [0.18830817886076406, 0.049233173690949525, 0.1875, 0.2035103584620261, 0.23266900729480444], true),
    (0, "true_fish_pred_cat", [0.18124547876540928, 0.049884867444947675, 0.23809523809523808, 0.0, 0.44140874564378574], false),
    (0, "true_fish_pred_dog", [0.163030757439912, 0.045407428878080365, 0.2191780821917808, 0.07291964193871736, 0.23657852273186114], false),
    (0, "true_fish_pred_fish", [0.5736176986466038, 0.0589726826684244, 0.515625, 0.5123670022705137, 0.6371699500833402], false),
    (1, "true_cat_pred_cat", [0.5838863643368015, 0.06086563069582046, 0.6285714285714286, 0.23974093317167977, 0.8586514152206686], false),
    (1, "true_cat_pred_dog", [0.21344609344527624, 0.05406483173396395, 0.2328767123287671, 0.11039740623238944, 0.3743814164774678], false),
    (1, "true_cat_pred_fish", [0.21621531796897706, 0.04844193897500927, 0.24561403508771928, 0.1500687628453392, 0.2642149190439765], false),
    (1, "true_dog_pred_cat", [0.21368180907975615, 0.05192903811934129, 0.21428571428571427, 0.010731327142792985, 0.46655805014658425], false),
    (1, "true_dog_pred_dog", [0.6197710505185164, 0.061638346297430424, 0.4657534246575342, 0.4380156562934478, 0.7677073563261165], false),
    (1, "true_dog_pred_fish", [0.1935266201084885, 0.049233173690949525, 0.17543859649122806, 0.2035103584620261, 0.23266900729480444], true),
    (1, "true_fish_pred_cat", [0.20243182658344247, 0.049884867444947675, 0.15714285714285714, 0.0, 0.44140874564378574], false),
    (1, "true_fish_pred_dog", [0.1667828560362072, 0.045407428878080365, 0.3013698630136986, 0.07291964193871736, 0.23657852273186114], false),
    (1, "true_fish_pred_fish", [0.5902580619225343, 0.0589726826684244, 0.5789473684210527, 0.5123670022705137, 0.6371699500833402], false),
];

#[test]
fn multiclass_confusion_matrix_matches_nannyml() {
    let (reference, analysis) = (
        data("multiclass_reference.csv"),
        data("multiclass_analysis.csv"),
    );
    let run = |metrics: &str, format: &str| {
        let out = cbpe(&[
            "--reference",
            &reference,
            "--analysis",
            &analysis,
            "--class-columns",
            "fish=p_fish,cat=p_cat,dog=p_dog",
            "--chunk-size",
            "200",
            "--metrics",
            metrics,
            "--normalize-confusion-matrix",
            "pred",
            "--calibration",
            "always",
            "--format",
            format,
        ]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        out
    };
    let v = json_of(&run("confusion_matrix", "json"));
    let chunks = v["chunks"].as_array().unwrap();
    assert_eq!(chunks.len(), 2);
    assert_eq!(chunks[0]["estimated"].as_object().unwrap().len(), 9);
    let close = |ours: &Value, theirs: f64, what: &str| {
        let ours = ours
            .as_f64()
            .unwrap_or_else(|| panic!("{what}: none, NannyML {theirs}"));
        assert!(
            (ours - theirs).abs() < 1e-9,
            "{what}: ours {ours}, NannyML {theirs}"
        );
    };
    for (chunk, name, [value, se, realized, lower, upper], alert) in MULTICLASS_CELLS {
        let c = &chunks[chunk];
        close(
            &c["estimated"][name],
            value,
            &format!("{chunk} {name} estimate"),
        );
        close(
            &c["sampling_error"][name],
            se,
            &format!("{chunk} {name} SE"),
        );
        close(
            &c["realized"][name],
            realized,
            &format!("{chunk} {name} realised"),
        );
        close(
            &v["thresholds"][name]["lower"],
            lower,
            &format!("{name} lower"),
        );
        close(
            &v["thresholds"][name]["upper"],
            upper,
            &format!("{name} upper"),
        );
        // Shares: the bounds are clipped to [0, 1].
        close(
            &c["upper_confidence_boundary"][name],
            (value + 3.0 * se).min(1.0),
            &format!("{chunk} {name} upper bound"),
        );
        assert_eq!(
            c["alerts"][name],
            Value::Bool(alert),
            "{chunk} {name} alert"
        );
    }
    // One cell named alone, by its class names, gives the same figures.
    let one = json_of(&run("true_dog_pred_fish", "json"));
    assert_eq!(one["chunks"][0]["estimated"].as_object().unwrap().len(), 1);
    close(
        &one["chunks"][0]["estimated"]["true_dog_pred_fish"],
        MULTICLASS_CELLS[5].2[0],
        "true_dog_pred_fish alone",
    );
    let text = String::from_utf8(run("confusion_matrix", "text").stdout).unwrap();
    assert!(
        text.contains("true_fish_pred_cat [0.0000, 0.4414]"),
        "{text}"
    );
    assert!(
        text.lines().any(|l| l.starts_with("0..=199")
            && l.contains("true_dog_pred_fish")
            && l.ends_with("ALERT")),
        "{text}"
    );
}

/// Weekly chunks of timed_*.csv (timestamps in random row order, the analysis with no rows
/// from 2024-01-11 to 2024-01-18). The expected figures were printed by NannyML 0.13.1
/// (pandas 3.1.1): `nml.CBPE(y_pred_proba="y_pred_proba", y_pred="y_pred", y_true="y_true",
/// problem_type="classification_binary", metrics=["roc_auc", "f1"],
/// timestamp_column_name="timestamp", chunk_period="W")` fitted on `pd.read_csv` of the
/// reference and estimated on the analysis (it chose to calibrate, hence `always` here).
#[test]
fn weekly_chunks_match_nannyml() {
    let output = cbpe(&[
        "--reference",
        &data("timed_reference.csv"),
        "--analysis",
        &data("timed_analysis.csv"),
        "--metrics",
        "roc_auc,f1",
        "--timestamp-column",
        "timestamp",
        "--chunk-period",
        "W",
        "--calibration",
        "always",
        "--format",
        "json",
    ]);
    let json = json_of(&output);
    let expected = [
        (
            "2024-01-01/2024-01-07",
            0,
            138,
            "2024-01-01T00:00:00",
            "2024-01-07T23:59:59.999999",
            0.7723668824558942,
            0.6820822175907605,
            0.7651006711409396,
        ),
        (
            "2024-01-08/2024-01-14",
            139,
            199,
            "2024-01-08T00:00:00",
            "2024-01-14T23:59:59.999999",
            0.7473262377148093,
            0.6143381028355239,
            0.64,
        ),
        (
            "2024-01-15/2024-01-21",
            200,
            270,
            "2024-01-15T00:00:00",
            "2024-01-21T23:59:59.999999",
            0.7570712078348845,
            0.6298489472470294,
            0.5666666666666667,
        ),
        (
            "2024-01-22/2024-01-28",
            271,
            399,
            "2024-01-22T00:00:00",
            "2024-01-28T23:59:59.999999",
            0.753639077593795,
            0.6449308311514054,
            0.5818181818181818,
        ),
    ];
    let chunks = json["chunks"].as_array().unwrap();
    assert_eq!(chunks.len(), expected.len());
    for (chunk, (key, start, end, from, to, auc, f1, f1_realized)) in chunks.iter().zip(expected) {
        assert_eq!(chunk["key"], key);
        assert_eq!(
            (chunk["start"].as_u64(), chunk["end"].as_u64()),
            (Some(start), Some(end))
        );
        assert_eq!(
            (chunk["start_date"].as_str(), chunk["end_date"].as_str()),
            (Some(from), Some(to))
        );
        let close = |field: &str, metric: &str, value: f64| {
            let ours = chunk[field][metric].as_f64().unwrap();
            assert!(
                (ours - value).abs() < 1e-9,
                "{key} {field} {metric}: {ours} against {value}"
            );
        };
        close("estimated", "roc_auc", auc);
        close("estimated", "f1", f1);
        close("realized", "f1", f1_realized);
    }
    let upper = json["thresholds"]["f1"]["upper"].as_f64().unwrap();
    assert!((upper - 0.6985214395617104).abs() < 1e-9, "{upper}");
}

#[test]
fn daily_chunks_skip_empty_days_and_text_shows_keys() {
    let args = |format| {
        cbpe(&[
            "--reference",
            &data("timed_reference.csv"),
            "--analysis",
            &data("timed_analysis.csv"),
            "--timestamp-column",
            "timestamp",
            "--chunk-period",
            "D",
            "--format",
            format,
        ])
    };
    let json = json_of(&args("json"));
    let keys: Vec<&str> = json["chunks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["key"].as_str().unwrap())
        .collect();
    // 28 days less the 8 without rows.
    assert_eq!(keys.len(), 20, "{keys:?}");
    assert!(
        keys.contains(&"2024-01-10") && keys.contains(&"2024-01-19"),
        "{keys:?}"
    );
    assert!(
        !keys
            .iter()
            .any(|k| ("2024-01-11".."2024-01-19").contains(k)),
        "{keys:?}"
    );
    let text = String::from_utf8(args("text").stdout).unwrap();
    assert!(text.contains("2024-01-19: rows "), "{text}");
    assert!(text.contains("to 2024-01-19T23:59:59.999999"), "{text}");
}

#[test]
fn time_chunking_errors_name_the_flag_or_the_place() {
    let run = |extra: &[&str], analysis: &str| {
        let mut args = vec!["--reference", DATA_TIMED_REFERENCE, "--analysis", analysis];
        args.extend_from_slice(extra);
        let output = cbpe(&args);
        assert!(!output.status.success(), "{extra:?}");
        String::from_utf8(output.stderr).unwrap()
    };
    let timed = data("timed_analysis.csv");
    let error = run(&["--chunk-period", "W"], &timed);
    assert!(error.contains("--timestamp-column"), "{error}");
    let error = run(
        &[
            "--timestamp-column",
            "timestamp",
            "--chunk-period",
            "W",
            "--chunk-size",
            "10",
        ],
        &timed,
    );
    assert!(error.contains("--chunk-size"), "{error}");
    let error = run(
        &[
            "--timestamp-column",
            "timestamp",
            "--chunk-period",
            "W",
            "--chunks",
            "3",
        ],
        &timed,
    );
    assert!(error.contains("--chunks"), "{error}");
    let error = run(
        &["--timestamp-column", "timestamp", "--chunk-period", "ME"],
        &timed,
    );
    assert!(
        error.contains("--chunk-period")
            && error.contains("\"ME\"")
            && error.contains("W-MON..W-SUN"),
        "{error}"
    );
    let error = run(&["--timestamp-column", "when"], &timed);
    assert!(
        error.contains("when") && error.contains("--timestamp-column"),
        "{error}"
    );
    let error = run(
        &["--timestamp-column", "timestamp", "--chunk-period", "s"],
        &data("bad_timestamp.csv"),
    );
    assert!(
        error.contains("bad_timestamp.csv line 3")
            && error.contains("\"timestamp\"")
            && error.contains("2024-02-30"),
        "{error}"
    );
}

const DATA_TIMED_REFERENCE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/cbpe/timed_reference.csv"
);

#[test]
fn metrics_times_chunks_past_the_cap_are_refused_before_fitting() {
    // 40 classes: 1,600 confusion-matrix cells; chunks of one row over 1,300 rows would make
    // 2,080,000 estimates (past the cap of 2,000,000); two chunks of 650 rows are within it.
    let classes = 40;
    let mut text: String = (0..classes).map(|c| format!("p{c},")).collect();
    text.push_str("y_pred,y_true\n");
    for row in 0..1300 {
        let mut cells: Vec<String> = (0..classes).map(|_| "0.025".to_string()).collect();
        cells.push(format!("c{}", row % classes));
        cells.push(format!("c{}", row * 7 % classes));
        text.push_str(&cells.join(","));
        text.push('\n');
    }
    let file = scratch("forty.csv", &text);
    let pairs: Vec<String> = (0..classes).map(|c| format!("c{c}=p{c}")).collect();
    let pairs = pairs.join(",");
    let args = |size: &'static str| {
        vec![
            "--reference".to_string(),
            file.clone(),
            "--analysis".to_string(),
            file.clone(),
            "--class-columns".to_string(),
            pairs.clone(),
            "--metrics".to_string(),
            "confusion_matrix".to_string(),
            "--calibration".to_string(),
            "never".to_string(),
            "--chunk-size".to_string(),
            size.to_string(),
        ]
    };
    let one: Vec<String> = args("1");
    let error = error_with(&one.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(
        error.contains("1600 metrics over the 1300 chunks") && error.contains("2000000"),
        "{error}"
    );
    let two: Vec<String> = args("650");
    let out = cbpe(&two.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn multiclass_accuracy_is_not_realised_on_a_chunk_of_one_predicted_class() {
    // As NannyML: a chunk whose predictions (or labels) hold one class has no realised
    // accuracy; the chunk after it, with every class, has one.
    let classes = ["a", "b", "c"];
    let mut reference = String::from("pa,pb,pc,y_pred,y_true\n");
    for i in 0..60 {
        let (p, y) = (classes[i % 3], classes[(i / 2) % 3]);
        let probs: Vec<&str> = classes
            .iter()
            .map(|c| if *c == p { "0.6" } else { "0.2" })
            .collect();
        reference.push_str(&format!("{},{p},{y}\n", probs.join(",")));
    }
    let mut analysis = String::from("pa,pb,pc,y_pred,y_true\n");
    for i in 0..20 {
        let p = if i < 10 { "a" } else { classes[i % 3] };
        let y = classes[i % 3];
        let probs: Vec<&str> = classes
            .iter()
            .map(|c| if *c == p { "0.6" } else { "0.2" })
            .collect();
        analysis.push_str(&format!("{},{p},{y}\n", probs.join(",")));
    }
    let (reference, analysis) = (
        scratch("mc-ref.csv", &reference),
        scratch("mc-ana.csv", &analysis),
    );
    let out = cbpe(&[
        "--reference",
        &reference,
        "--analysis",
        &analysis,
        "--class-columns",
        "a=pa,b=pb,c=pc",
        "--metrics",
        "accuracy",
        "--chunk-size",
        "10",
        "--calibration",
        "never",
        "--format",
        "json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report = json_of(&out);
    let chunks = report["chunks"].as_array().unwrap();
    assert!(chunks[0]["realized"]["accuracy"].is_null(), "{report}");
    assert!(chunks[1]["realized"]["accuracy"].is_number(), "{report}");
}

/// One column named for two roles is refused naming both flags (the second role's column
/// was read as empty, and the message blamed its emptiness).
#[test]
fn one_column_for_two_roles_is_refused_naming_both_flags() {
    let reference = data("reference.csv");
    let analysis = data("analysis.csv");
    for (flags, named) in [
        (
            &["--pred-column", "y_true", "--label-column", "y_true"][..],
            "--pred-column and --label-column both name the column \"y_true\"",
        ),
        (
            &["--proba-column", "y_pred"],
            "--proba-column and --pred-column both name the column \"y_pred\"",
        ),
    ] {
        let mut args = vec![
            "--reference",
            reference.as_str(),
            "--analysis",
            analysis.as_str(),
        ];
        args.extend(flags);
        let out = cbpe(&args);
        assert_eq!(out.status.code(), Some(2));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(named), "{stderr}");
    }
}

#[test]
fn a_seed_that_changes_nothing_and_too_many_chunks_are_said_by_flag() {
    let reference = data("reference.csv");
    let analysis = data("analysis.csv");
    // No calibration splits and no average-precision bootstrap: the seed would do nothing.
    let out = cbpe(&[
        "--reference",
        &reference,
        "--analysis",
        &analysis,
        "--metrics",
        "accuracy,f1",
        "--calibration",
        "never",
        "--seed",
        "7",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("--seed 7 changes nothing"), "{stderr}");
    // With the bootstrap it seeds something.
    let out = cbpe(&[
        "--reference",
        &reference,
        "--analysis",
        &analysis,
        "--metrics",
        "average_precision",
        "--calibration",
        "never",
        "--seed",
        "7",
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // More chunks than rows: the flag (or the default) is named.
    let out = cbpe(&[
        "--reference",
        &reference,
        "--analysis",
        &analysis,
        "--chunks",
        "9999",
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("--chunks 9999") && stderr.contains("rows"),
        "{stderr}"
    );
}

#[test]
fn a_misspelt_label_column_is_an_error_not_an_unlabelled_analysis() {
    let dir = std::env::temp_dir().join(format!("scorecheck-cbpe-misspelt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let analysis = std::fs::read_to_string(data("analysis.csv")).unwrap();
    let csv = dir.join("analysis.csv");
    std::fs::write(&csv, analysis.replacen("y_true", "y_ture", 1)).unwrap();
    let jsonl = dir.join("analysis.jsonl");
    std::fs::write(
        &jsonl,
        "{\"y_pred_proba\": 0.7, \"y_pred\": 1, \"Y_True\": 1}\n",
    )
    .unwrap();
    for (file, present) in [(&csv, "y_ture"), (&jsonl, "Y_True")] {
        let out = cbpe(&[
            "--reference",
            &data("reference.csv"),
            "--analysis",
            file.to_str().unwrap(),
            "--chunks",
            "2",
        ]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(
            stderr.contains(&format!(
                "no column \"y_true\" (--label-column), but \"{present}\" is close to it"
            )),
            "{stderr}"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// Standard input is read once: `--reference -` beside `--analysis -` is refused naming
/// `--analysis` (the second reader found an empty "file").
#[test]
fn reference_and_analysis_cannot_both_be_stdin() {
    let out = cbpe(&["--reference", "-", "--analysis", "-", "--format", "json"]);
    assert_eq!(out.status.code(), Some(2));
    let record = json_of(&out);
    assert_eq!(record["error"]["field"], "--analysis");
    assert!(record["error"]["message"]
        .as_str()
        .unwrap()
        .contains("can be read once"));
}

/// `--proba-column` is the binary model's column: beside `--class-columns` it is refused.
#[test]
fn proba_column_is_refused_beside_class_columns() {
    let out = cbpe(&[
        "--reference",
        &data("multiclass_reference.csv"),
        "--analysis",
        &data("multiclass_analysis.csv"),
        "--class-columns",
        "a=x",
        "--proba-column",
        "p",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot be used with"));
}

/// A class the reference never has as a label is named as `--class-columns` names it.
#[test]
fn a_class_missing_from_the_reference_is_named() {
    let dir = std::env::temp_dir().join(format!("scorecheck-cbpe-missing-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("ref.csv");
    std::fs::write(
        &path,
        "y_true,y_pred,pa,pb,pc\nA,A,0.7,0.2,0.1\nB,B,0.2,0.7,0.1\nA,B,0.4,0.5,0.1\nB,A,0.5,0.4,0.1\n",
    )
    .unwrap();
    let path = path.to_str().unwrap();
    let out = cbpe(&[
        "--reference",
        path,
        "--analysis",
        path,
        "--class-columns",
        "A=pa,B=pb,C=pc",
        "--chunks",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("class \"C\" (--class-columns) never occurs"),
        "{stderr}"
    );
}
