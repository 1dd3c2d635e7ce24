//! Hostile documents: unbalanced markup, deep nesting, huge spans and sizes return rows, a
//! note or an error naming the document, never a panic.

use scorecheck_extract::{extract, extract_with, ErrorKind, Format, Limits};

const FORMATS: [Format; 4] = [Format::Latex, Format::Markdown, Format::Html, Format::Jats];

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
    // A file that includes itself stops at the depth cap.
    let looping = |_: &str| Some(r"\input{self}".to_string());
    assert!(extract_with(
        main,
        Format::Latex,
        "main.tex",
        &Limits::default(),
        &looping
    )
    .is_ok());
}
