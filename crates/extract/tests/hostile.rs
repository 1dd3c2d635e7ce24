//! Hostile documents: unbalanced markup, deep nesting, huge spans and sizes return rows, a
//! note or an error naming the document, never a panic.

use scorecheck_extract::{extract, extract_with, ErrorKind, Format, Limits, Protocol};

const FORMATS: [Format; 4] = [Format::Latex, Format::Markdown, Format::Html, Format::Jats];

/// Each row's method and its scores as read, for comparing with what a reader sees.
fn methods_and_scores(rows: &[scorecheck_extract::Row]) -> Vec<(&str, Vec<(&str, &str)>)> {
    rows.iter()
        .map(|r| {
            (
                r.method.as_str(),
                r.scores.iter().map(|(s, v)| (*s, v.as_str())).collect(),
            )
        })
        .collect()
}

#[test]
fn broken_markup_never_panics() {
    let cases = [
        r"\begin{tabular}{ll} a & \multicolumn{99999999}{c}{x} \\ 1 & 2",
        r"\begin{table}\caption{\begin{tabular}}\end{table}",
        r"\begin{tabular}{l}\multirow{-3}{*}{x} & 0.5 \\ \end{tabular}",
        r"\begin{tabular}{ll} Method & Acc \\ \multicolumn{2}{c}{\multirow{2}{*}{\textbf{",
        "\\begin{tabular}{ll}\n A & Acc\\\\ B & 0.5 % \\\\ \n",
        "\\newcommand{\\x}{1.0}\\newcommand\\y",
        "| a | b |\n|---|---|\n| 1 |",
        "<table><tr><td colspan=999999>x</td><td rowspan=0>0.5</td></tr></table>",
        "<table-wrap><table><tr><td>acc</td></tr><tr><td>0.5</td></tr></table></table-wrap>",
        "<table-wrap><table><tr><td>",
        "\u{0}\u{ffff}\\\\&&&$$^^__{{}}",
        "",
    ];
    for case in cases {
        for format in FORMATS {
            let _ = extract(case, format, "hostile");
        }
    }
}

#[test]
fn deep_nesting_is_bounded() {
    let braces = format!(
        "\\begin{{tabular}}{{ll}} A & Acc \\\\ B & {}0.5{} \\end{{tabular}}",
        "{".repeat(3_000),
        "}".repeat(3_000)
    );
    let _ = extract(&braces, Format::Latex, "deep.tex");
    let divs = format!(
        "{}<table><tr><th>M</th><th>Acc</th></tr><tr><td>A</td><td>0.5</td></tr></table>{}",
        "<div>".repeat(3_000),
        "</div>".repeat(3_000)
    );
    let _ = extract(&divs, Format::Html, "deep.html");
    let xml = format!("{}{}", "<sec>".repeat(1_000), "</sec>".repeat(1_000));
    let error = extract(&xml, Format::Jats, "deep.xml").unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::TooLarge);
    assert!(
        error.to_string().contains("nested deeper than 64"),
        "{error}"
    );
}

#[test]
fn size_cap_names_the_document() {
    let mut limits = Limits::default();
    limits.max_bytes = 10;
    let error = extract_with(
        "0123456789abc",
        Format::Markdown,
        "big.md",
        &limits,
        &|_| None,
    )
    .unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::TooLarge);
    assert!(error.to_string().starts_with("big.md: 13 bytes"), "{error}");
}

#[test]
fn input_is_resolved_by_the_caller_and_recursion_stops() {
    let main = r"\input{tab}";
    let tab = "\\begin{table}\\caption{Results on yeast4.}\\begin{tabular}{ll}Method & AUC \\\\ SVM & 0.91 \\\\ \\end{tabular}\\end{table}";
    let resolve = |name: &str| (name == "tab").then(|| tab.to_string());
    let rows = extract_with(
        main,
        Format::Latex,
        "main.tex",
        &Limits::default(),
        &resolve,
    )
    .unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].scores, vec![("auc", "0.91".to_string())]);
    // TeX's `\input tab`, without braces, is the same inclusion.
    let bare = extract_with(
        "\\input tab\n",
        Format::Latex,
        "main.tex",
        &Limits::default(),
        &resolve,
    )
    .unwrap();
    assert_eq!(bare, rows);
    // A file that includes itself is an error naming the loop (TeX stops there too).
    let looping = |_: &str| Some(r"\input{self}".to_string());
    let error = extract_with(
        main,
        Format::Latex,
        "main.tex",
        &Limits::default(),
        &looping,
    )
    .unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::Unreadable);
    assert!(error.to_string().contains("tab -> self -> self"), "{error}");
    // One file included twice, side by side, is no loop.
    let twice = |name: &str| match name {
        "tab" => Some(tab.to_string()),
        _ => None,
    };
    let rows = extract_with(
        r"\input{tab}\input{tab}",
        Format::Latex,
        "m.tex",
        &Limits::default(),
        &twice,
    )
    .unwrap();
    assert_eq!(rows.len(), 2);
    // A chain of distinct files deeper than the nesting cap is an error too.
    let chain = |name: &str| {
        let k: usize = name.trim_start_matches('f').parse().unwrap_or(0);
        Some(format!("\\input{{f{}}}", k + 1))
    };
    let error = extract_with(
        r"\input{f0}",
        Format::Latex,
        "c.tex",
        &Limits::default(),
        &chain,
    )
    .unwrap_err();
    assert!(
        error.to_string().contains("nests files deeper than 64"),
        "{error}"
    );
}

/// The same small table, twice, in every format.
fn two_tables(format: Format) -> String {
    let rows = ["A", "B", "C", "D", "E"];
    match format {
        Format::Latex => {
            let body: String = rows
                .iter()
                .map(|m| format!("{m} & 0.9 & 0.8 & 0.7 \\\\\n"))
                .collect();
            format!("\\begin{{tabular}}{{llll}}\nMethod & Acc & Sens & Spec \\\\\n{body}\\end{{tabular}}\n").repeat(2)
        }
        Format::Markdown => {
            let body: String = rows
                .iter()
                .map(|m| format!("| {m} | 0.9 | 0.8 | 0.7 |\n"))
                .collect();
            format!("| Method | Acc | Sens | Spec |\n|---|---|---|---|\n{body}\n").repeat(2)
        }
        _ => {
            let body: String = rows
                .iter()
                .map(|m| format!("<tr><td>{m}</td><td>0.9</td><td>0.8</td><td>0.7</td></tr>"))
                .collect();
            let table = format!("<table><tr><th>Method</th><th>Acc</th><th>Sens</th><th>Spec</th></tr>{body}</table>");
            if format == Format::Jats {
                format!(
                    "<article><body>{0}{0}</body></article>",
                    format!("<table-wrap>{table}</table-wrap>")
                )
            } else {
                format!("<html><body>{table}{table}</body></html>")
            }
        }
    }
}

#[test]
fn rows_and_columns_past_the_caps_are_cut_with_a_note_and_tables_refused() {
    for format in FORMATS {
        let text = two_tables(format);
        let whole = extract(&text, format, "t").unwrap();
        assert_eq!(whole.len(), 10, "{format:?}: {whole:?}");
        assert!(
            whole.iter().all(|r| !r.note.contains("not read")),
            "{format:?}"
        );

        let mut limits = Limits::default();
        limits.max_rows = 3;
        let cut = extract_with(&text, format, "t", &limits, &|_| None).unwrap();
        // The head row and two body rows per table.
        assert_eq!(cut.len(), 4, "{format:?}: {cut:?}");
        assert!(
            cut.iter().all(|r| r
                .note
                .contains("more than 3 rows: the rows after them were not read")),
            "{format:?}: {cut:?}"
        );

        let mut limits = Limits::default();
        limits.max_columns = 3;
        let cut = extract_with(&text, format, "t", &limits, &|_| None).unwrap();
        assert_eq!(cut.len(), 10, "{format:?}");
        assert!(
            cut.iter().all(|r| r.scores.len() == 2
                && r.note
                    .contains("more than 3 columns: the columns after them were not read")),
            "{format:?}: {cut:?}"
        );

        let mut limits = Limits::default();
        limits.max_tables = 1;
        let error = extract_with(&text, format, "t.doc", &limits, &|_| None).unwrap_err();
        assert_eq!(error.kind(), &ErrorKind::TooLarge, "{format:?}");
        assert!(
            error
                .to_string()
                .contains("t.doc: more than the 1 tables a document may have"),
            "{format:?}: {error}"
        );
    }
}

#[test]
fn a_readme_html_block_too_deep_is_an_error_not_a_table_left_out() {
    let md = format!(
        "# Results\n\n{}<table><tr><th>M</th><th>Acc</th></tr><tr><td>A</td><td>0.5</td></tr></table>{}\n",
        "<div>".repeat(600),
        "</div>".repeat(600)
    );
    let error = extract(&md, Format::Markdown, "deep.md").unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::TooLarge);
}

#[test]
fn a_subfile_is_read_like_an_input() {
    let resolve = |name: &str| {
        (name == "sections/results").then(|| {
            r"\begin{table}\caption{On pima}\begin{tabular}{lc}Method & Accuracy \\ SVM & 0.77 \\ \end{tabular}\end{table}".to_string()
        })
    };
    let rows = extract_with(
        r"\documentclass{article}\begin{document}\subfile{sections/results}\end{document}",
        Format::Latex,
        "main.tex",
        &Limits::default(),
        &resolve,
    )
    .unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0].method, "SVM");
}

#[test]
fn a_self_closed_div_nests_and_is_counted_but_svg_paths_do_not() {
    // HTML ignores the slash of `<div/>`: 20,000 of them nest 20,000 deep (parsing took
    // seconds, quadratic in the depth). Inside `<svg>`, `<path/>` closes itself.
    let deep = "<div/>".repeat(20_000);
    let error = extract(&deep, Format::Html, "deep.html").unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::TooLarge);
    let paths = format!(
        "<svg>{}</svg><table><tr><th>Method</th><th>Acc</th></tr><tr><td>SVM</td><td>0.9</td></tr></table>",
        "<path d=\"M0 0\"/>".repeat(5_000)
    );
    assert_eq!(extract(&paths, Format::Html, "svg.html").unwrap().len(), 1);
}

#[test]
fn a_document_of_more_table_cells_than_the_cap_is_refused_before_it_is_read() {
    let tex = format!(
        "\\begin{{tabular}}{{l}}\n{}\\end{{tabular}}",
        "&".repeat(1_000_001)
    );
    let error = extract(&tex, Format::Latex, "cells.tex").unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::TooLarge);
    assert!(error.to_string().contains("table cells"), "{error}");
    let md = "|".repeat(1_000_001);
    assert!(extract(&md, Format::Markdown, "cells.md").is_err());
}

#[test]
fn spans_are_counted_before_the_tables_are_read_as_grids() {
    // 99,000 rows of one cell spanning 1,000 columns: few cells of markup, 25 million grid
    // positions (gigabytes) once spread.
    let mut html = String::from("<table>");
    for _ in 0..99_000 {
        html.push_str("<tr><td colspan=\"1000\">x</td></tr>");
    }
    html.push_str("</table>");
    let error =
        scorecheck_extract::extract(&html, scorecheck_extract::Format::Html, "s.html").unwrap_err();
    assert_eq!(error.kind(), &scorecheck_extract::ErrorKind::TooLarge);
    assert!(error.to_string().contains("spans"), "{error}");
}

#[test]
fn a_byte_order_mark_before_a_markdown_table_is_read_past() {
    let md = "\u{feff}| Method | Accuracy |\n|---|---|\n| SVM | 0.95 |\n";
    let rows =
        scorecheck_extract::extract(md, scorecheck_extract::Format::Markdown, "b.md").unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
}

#[test]
fn a_row_of_unreadable_cells_is_never_glued_onto_the_next_rows_label() {
    let protocol = "We use 10-fold cross-validation on the ecoli1 dataset.";
    let latex = |cells: &str| {
        format!(
            "{protocol}\n\\begin{{tabular}}{{lcc}}\nMethod & Accuracy & Sensitivity \\\\\n\\hline\nA & 0.9012 & 0.8000 \\\\\n{cells} \\\\\nC & 0.8512 & 0.7000 \\\\\n\\end{{tabular}}\n"
        )
    };
    let nested = |value: &str| format!("{}{value}{}", "<i>".repeat(70), "</i>".repeat(70));
    let html = format!(
        "<p>{protocol}</p><table><tr><th>Method</th><th>Accuracy</th><th>Sensitivity</th></tr><tr><td>A</td><td>0.9012</td><td>0.8000</td></tr><tr><td>B</td><td>{}</td><td>{}</td></tr><tr><td>C</td><td>0.8512</td><td>0.7000</td></tr></table>",
        nested("0.91"),
        nested("0.8")
    );
    let cases = [
        // Undefined macros: LaTeX stops on them; never read as empty cells.
        (latex(r"B & \accB & \senB"), Format::Latex),
        // A number macro defined twice with other values: which one is printed is not known.
        (
            format!(
                "\\newcommand{{\\accB}}{{0.91}}\\newcommand{{\\accB}}{{0.92}}\\newcommand{{\\senB}}{{0.8}}\\newcommand{{\\senB}}{{0.7}}{}",
                latex(r"B & \accB & \senB")
            ),
            Format::Latex,
        ),
        (html, Format::Html),
    ];
    for (text, format) in cases {
        let rows = extract(&text, format, "doc").unwrap();
        let methods: Vec<&str> = rows.iter().map(|r| r.method.as_str()).collect();
        assert_eq!(methods, ["A", "C"], "{text}");
        assert!(rows[1].note.contains("B\" not read"), "{}", rows[1].note);
    }
    // Rules, font switches and spacing are no text: a cell of them is empty as before.
    let rows = extract(
        &latex(r"\midrule \bfseries B & 0.91 & \hfill 0.8"),
        Format::Latex,
        "doc",
    )
    .unwrap();
    assert_eq!(rows.len(), 3);
}

#[test]
fn a_count_cell_that_is_no_count_is_named_in_the_rows_note() {
    let text = "We evaluate on a held-out test set.\n\n| Method | TP | FN | FP | TN | Accuracy |\n|---|---|---|---|---|---|\n| A | 1 204,5 | 30 | 20 | 500 | 0.9312 |\n| B | 12345678901234567890123456 | 30 | 20 | 500 | 0.9312 |\n| C | 100 | 30 | 20 | 500 | 0.8462 |\n";
    let rows = extract(text, Format::Markdown, "doc").unwrap();
    assert_eq!(rows.len(), 3);
    for (row, cell) in rows.iter().zip(["1 204,5", "12345678901234567890123456"]) {
        assert!(row.matrix.is_none());
        assert!(
            row.note.contains(&format!("TP: {cell:?} is not a count")),
            "{}",
            row.note
        );
    }
    assert_eq!(rows[2].matrix, Some([100, 20, 30, 500]));
    assert!(!rows[2].note.contains("is not a count"), "{}", rows[2].note);
}

#[test]
fn hidden_text_and_subscripts_after_a_number_are_no_digits_of_it() {
    let html = r#"<p>Held-out test set.</p>
<table><tr><th>Method</th><th>Accuracy</th><th>F<sub>1</sub></th></tr>
<tr><td>A</td><td>0.8<sub>5</sub></td><td>0.80</td></tr>
<tr><td>B</td><td>0.93<span style="display: none">7</span></td><td>0.81</td></tr>
<tr><td>C</td><td>0.91</td><td>0.82<span hidden>9</span></td></tr>
</table>"#;
    let rows = extract(html, Format::Html, "doc").unwrap();
    let figures: Vec<(&str, Vec<(String, String)>)> = rows
        .iter()
        .map(|r| {
            (
                r.method.as_str(),
                r.scores
                    .iter()
                    .map(|(s, v)| ((*s).to_string(), v.clone()))
                    .collect(),
            )
        })
        .collect();
    let pair = |s: &str, v: &str| (s.to_string(), v.to_string());
    assert_eq!(
        figures,
        [
            ("A", vec![pair("f1p", "0.80")]),
            ("B", vec![pair("acc", "0.93"), pair("f1p", "0.81")]),
            ("C", vec![pair("acc", "0.91"), pair("f1p", "0.82")]),
        ]
    );
    assert!(
        rows[0].note.contains("\"0.8 5\" is not a value"),
        "{}",
        rows[0].note
    );
}

#[test]
fn a_column_named_accuracy_or_precision_in_another_language_is_said_unread() {
    let text = "We use 10-fold cross-validation on the ecoli1 dataset.\n\n| Method | Genauigkeit | Sensibilidad | Spec | 准确率 |\n|---|---|---|---|---|\n| RF | 0.78 | 0.60 | 0.80 | 0.79 |\n";
    let rows = extract(text, Format::Markdown, "doc").unwrap();
    let scores: Vec<&str> = rows[0].scores.iter().map(|(s, _)| *s).collect();
    assert_eq!(scores, ["sens", "spec", "acc"]);
    assert_eq!(rows[0].scores[2].1, "0.79");
    assert!(
        rows[0]
            .note
            .contains("column \"Genauigkeit\" names accuracy or precision"),
        "{}",
        rows[0].note
    );
}

#[test]
fn per_class_columns_of_two_classes_are_read_and_of_more_are_not() {
    let two = "Held-out test set.\n\n| Model | Precision (0) | Precision (1) | Recall (0) | Recall (1) | F1_0 | F1_1 | Accuracy |\n|---|---|---|---|---|---|---|---|\n| XGBoost | 0.90 | 0.85 | 0.91 | 0.84 | 0.905 | 0.845 | 0.88 |\n";
    let rows = extract(two, Format::Markdown, "doc").unwrap();
    let mut scores: Vec<(&str, &str)> = rows[0]
        .scores
        .iter()
        .map(|(s, v)| (*s, v.as_str()))
        .collect();
    scores.sort_unstable();
    assert_eq!(
        scores,
        [
            ("acc", "0.88"),
            ("f1n", "0.905"),
            ("f1p", "0.845"),
            ("npv", "0.90"),
            ("ppv", "0.85"),
            ("sens", "0.84"),
            ("spec", "0.91"),
        ]
    );
    // A third class: the per-class columns are a multiclass table's, not read.
    let three = "Held-out test set.\n\n| Model | Precision (0) | Precision (1) | Precision (2) | Accuracy |\n|---|---|---|---|---|\n| XGBoost | 0.90 | 0.85 | 0.80 | 0.88 |\n";
    let rows = extract(three, Format::Markdown, "doc").unwrap();
    let scores: Vec<&str> = rows[0].scores.iter().map(|(s, _)| *s).collect();
    assert_eq!(scores, ["acc"]);
    // A sign in brackets is a unit, not a class.
    let unit = "Held-out test set.\n\n| Model | Precision (-) | Accuracy |\n|---|---|---|\n| XGBoost | 0.90 | 0.88 |\n";
    let rows = extract(unit, Format::Markdown, "doc").unwrap();
    assert!(rows[0].scores.iter().all(|(s, _)| *s != "npv"));
}

#[test]
fn a_medal_before_a_rank_and_a_count_of_errors_are_no_part_of_the_figures() {
    let text = "Held-out test set.\n\n| Rank | Model | Accuracy |\n|---|---|---|\n| 🥇 1 | XGBoost | 0.91 |\n| 2 | RF | 0.90 |\n\n| Model | Error | Accuracy |\n|---|---|---|\n| SVM | 12 | 0.88 |\n";
    let rows = extract(text, Format::Markdown, "doc").unwrap();
    let read = methods_and_scores(&rows);
    assert_eq!(
        read,
        [
            ("XGBoost", vec![("acc", "0.91")]),
            ("RF", vec![("acc", "0.90")]),
            ("SVM", vec![("acc", "0.88")]),
        ]
    );
}

#[test]
fn a_section_row_under_the_header_is_no_header_and_a_training_section_is_no_test_data() {
    let html = r#"<table><caption>Performance in the training and the testing cohort.</caption>
<thead><tr><th>Model</th><th>Sensitivity</th><th>Specificity</th><th>Accuracy</th></tr></thead>
<tbody><tr><td colspan="4">Training cohort</td></tr>
<tr><td>MAPN</td><td>0.849</td><td>0.604</td><td>0.705</td></tr>
<tr><td colspan="4">Testing cohort</td></tr>
<tr><td>MAPN</td><td>0.827</td><td>0.632</td><td>0.713</td></tr></tbody></table>"#;
    let rows = extract(html, Format::Html, "doc").unwrap();
    assert_eq!(rows.len(), 2);
    assert!(
        rows[0]
            .note
            .contains("part of the data other than the test data"),
        "{}",
        rows[0].note
    );
    assert!(
        !rows[1]
            .note
            .contains("part of the data other than the test data"),
        "{}",
        rows[1].note
    );
    assert_eq!(rows[1].scores.len(), 3);
}

#[test]
fn a_list_of_figures_under_a_models_heading_is_that_models_row() {
    let text = "# Report\n\n## Random Forest\n\n- **MLflow Run ID**: `568070c353554eedb74d9ff17d10a8cd`\n- **Best Params**: `{'n_estimators': 100, 'max_depth': 10}`\n- **Test Accuracy**: 0.8852\n- **Precision**: 0.8387\n- **Recall**: 0.9286\n\n## Results\n\n- Accuracy: 0.90\n- Recall: 0.80\n";
    let rows = extract(text, Format::Markdown, "doc").unwrap();
    let read = methods_and_scores(&rows);
    assert_eq!(
        read,
        [
            (
                "Random Forest",
                vec![("acc", "0.8852"), ("ppv", "0.8387"), ("sens", "0.9286")]
            ),
            ("", vec![("acc", "0.90"), ("sens", "0.80")]),
        ]
    );
}

#[test]
fn one_row_of_two_digit_figures_all_equal_is_no_sign_of_micro_averages() {
    let table = |extra: &str| {
        format!("Held-out test set.\n\n| Model | Accuracy (%) | Sensitivity (%) | Specificity (%) | PPV (%) |\n|---|---|---|---|---|\n| CNN | 89 | 86 | 92 | 91 |\n| xMask | 76 | 76 | 76 | 76 |\n{extra}")
    };
    let rows = extract(&table(""), Format::Markdown, "doc").unwrap();
    assert_eq!(rows[0].scores.len(), 4, "{:?}", rows[0]);
    // Two such rows are: precision and recall are read as micro averages, not read.
    let rows = extract(
        &table("| RF | 81 | 81 | 70 | 81 |\n"),
        Format::Markdown,
        "doc",
    )
    .unwrap();
    assert!(rows[0]
        .scores
        .iter()
        .all(|(s, _)| *s != "sens" && *s != "ppv"));
    assert!(rows[0].note.contains("micro averages"), "{}", rows[0].note);
}

#[test]
fn labels_after_scores_that_no_class_has_are_settings_and_lists_of_test_or_class_figures_are_read()
{
    // `Accuracy (0) | Accuracy (1)`: without and with a setting, not classes.
    let settings = "5-fold cross-validation on appendicitis.\n\n| Model | Accuracy (0) | Accuracy (1) | Recall (0) | Recall (1) |\n|---|---|---|---|---|\n| SVM | 0.85 | 0.87 | 0.71 | 0.67 |\n";
    let rows = extract(settings, Format::Markdown, "doc").unwrap();
    assert!(
        rows.iter()
            .all(|r| r.scores.iter().all(|(s, _)| *s != "spec" && *s != "sens")),
        "{rows:?}"
    );
    let lists = "# X\n\n## Random Forest\n\n- Test Accuracy: 0.88\n- Test F1: 0.80\n\n## SVM\n\n- Precision (class 0): 0.801\n- Precision (class 1): 0.702\n- Recall (class 0): 0.870\n- Recall (class 1): 0.590\n";
    let rows = extract(lists, Format::Markdown, "doc").unwrap();
    let read: Vec<(&str, Vec<&str>)> = rows
        .iter()
        .map(|r| {
            (
                r.method.as_str(),
                r.scores.iter().map(|(s, _)| *s).collect(),
            )
        })
        .collect();
    assert_eq!(
        read,
        [
            ("Random Forest", vec!["acc", "f1p"]),
            ("SVM", vec!["npv", "ppv", "spec", "sens"]),
        ]
    );
}

#[test]
fn test_figures_beside_cross_validation_figures_carry_a_doubt() {
    let text = "We use 10-fold cross-validation on the ecoli1 dataset.\n\n## Random Forest\n\n- CV Accuracy: 0.91\n- Test Accuracy: 0.88\n- Recall: 0.70\n";
    let rows = extract(text, Format::Markdown, "doc").unwrap();
    assert_eq!(rows.len(), 1);
    assert!(
        rows[0].note.contains("held-out split of unknown size"),
        "{}",
        rows[0].note
    );
}

#[test]
fn two_names_of_one_score_are_that_score_and_two_scores_are_neither() {
    let text = "| Parameters | CNN |\n|---|---|\n| Accuracy | 0.989 |\n| Sensitivity/recall | 1.000 |\n| PPV / precision | 0.978 |\n| Precision/Recall | 0.5 |\n";
    let rows = extract(text, Format::Markdown, "doc").unwrap();
    assert_eq!(
        methods_and_scores(&rows),
        [(
            "CNN",
            vec![("acc", "0.989"), ("sens", "1.000"), ("ppv", "0.978")]
        )]
    );
}

#[test]
fn a_list_item_of_several_named_counts_gives_each() {
    let text = "## Model 04\n\n* TP: 13, FP: 11, FN : 4, TN : 58\n* Sensitivity: TP/(TP+FN) = `75.00%`\n* Specificity:  TN/(FP+ TN) = `82.86%`\n";
    let rows = extract(text, Format::Markdown, "doc").unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].matrix, Some([13, 11, 4, 58]));
}

#[test]
fn one_fixed_seed_is_one_run_and_several_seeds_are_repetitions() {
    let table = "\n\n| Model | Accuracy | Sensitivity | Specificity |\n|---|---|---|---|\n| SVM | 97.36% | 96.23% | 98.03% |\n";
    for (sentence, repeated) in [
        ("5-fold CV results with seed 42:", false),
        ("5-fold CV (seed=0):", false),
        ("5-fold CV over 10 seeds:", true),
        ("5-fold CV averaged over seeds:", true),
    ] {
        let text = format!("## WDBC\n\n{sentence}{table}");
        let rows = extract(&text, Format::Markdown, "doc").unwrap();
        let row = &rows[0];
        assert_eq!(row.folds, Some(5), "{sentence}");
        let once = matches!(row.protocol, Some(Protocol::KFold { folds: Some(5) }));
        assert_eq!(once, !repeated, "{sentence}: {:?}", row.protocol);
    }
}

#[test]
fn a_section_row_whose_span_falls_short_of_the_table_is_still_a_section() {
    let table = |span: usize| {
        format!("<table><thead><tr><th></th><th>Accuracy</th><th>95% CI</th><th>Sensitivity</th><th>Specificity</th><th>PPV</th><th>NPV</th></tr></thead><tbody><tr><td colspan=\"{span}\">Training cohort</td></tr><tr><td>Clinical model</td><td>0.696</td><td>0.582–0.794</td><td>0.730</td><td>0.629</td><td>0.791</td><td>0.548</td></tr><tr><td colspan=\"{span}\">Validation cohort</td></tr><tr><td>Clinical model</td><td>0.636</td><td>0.451–0.795</td><td>0.590</td><td>0.727</td><td>0.812</td><td>0.470</td></tr></tbody></table>")
    };
    let full = extract(&table(7), Format::Html, "doc").unwrap();
    let short = extract(&table(6), Format::Html, "doc").unwrap();
    assert_eq!(methods_and_scores(&short), methods_and_scores(&full));
    assert_eq!(short.len(), 2);
    assert_eq!(short[0].scores.len(), 5, "{short:?}");
}

#[test]
fn a_table_naming_scores_beside_figures_that_gives_no_row_is_said_unread() {
    let html = "<table><caption>Table 3 Accuracy for cardiovascular diseases</caption><thead><tr><th></th><th>1972</th><th>1982</th></tr></thead><tbody><tr><td colspan=\"3\">Sensitivity</td></tr><tr><td>Value (%)</td><td>69</td><td>82</td></tr><tr><td colspan=\"3\">Specificity</td></tr><tr><td>Value (%)</td><td>85</td><td>82</td></tr></tbody></table>";
    let read = scorecheck_extract::extract_document(
        html,
        Format::Html,
        "doc",
        &Limits::default(),
        &|_| None,
    )
    .unwrap();
    assert!(read.rows.is_empty());
    assert_eq!(read.unread.len(), 1);
    assert!(
        read.unread[0].why.contains("sens, spec"),
        "{:?}",
        read.unread
    );
    // A table of settings names no score beside a figure: nothing to say.
    let settings = "| Setting | Value |\n|---|---|\n| learning rate | 0.01 |\n| epochs | 20 |\n";
    let read = scorecheck_extract::extract_document(
        settings,
        Format::Markdown,
        "doc",
        &Limits::default(),
        &|_| None,
    )
    .unwrap();
    assert!(read.unread.is_empty(), "{:?}", read.unread);
}

#[test]
fn each_latex_list_item_states_its_own_protocol() {
    let text = "\\section{Evaluation}\n\\begin{table}\\caption{Performance of the SVM on WDBC}\n\\begin{tabular}{lc}\nModel & Accuracy \\\\\nSVM & 0.9561 \\\\\n\\end{tabular}\\end{table}\n\\subsection{10-Fold Cross-Validation}\nText.\n\\subsection{Data}\n\\begin{itemize}\n\\item \\textbf{Train/Test Split}: 80/20 stratified\n\\item \\textbf{Cross-Validation}: Stratified 10-fold with shuffle\n\\end{itemize}\n";
    let rows = extract(text, Format::Latex, "doc").unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].protocol, None, "{}", rows[0].note);
    assert!(
        rows[0].note.contains("several protocols"),
        "{}",
        rows[0].note
    );
}

#[test]
fn one_block_row_under_the_scores_names_the_rows_below_it() {
    let text = "\\begin{tabular}{lr}\nMethod & Accuracy (\\%) \\\\\n\\multicolumn{2}{l}{\\textit{Block A}} \\\\\nSVM & 85.1 \\\\\nkNN & 80.3 \\\\\n\\end{tabular}\n";
    let rows = extract(text, Format::Latex, "doc").unwrap();
    assert_eq!(
        methods_and_scores(&rows),
        [
            ("Block A SVM", vec![("acc", "85.1")]),
            ("Block A kNN", vec![("acc", "80.3")])
        ]
    );
}
