//! scikit-learn's classification report as text (`classification_report(y, pred)` pasted
//! into a code block): its rows as table cells, read like a table of the same shape.
//!
//! Written by hand: the text is whitespace-aligned columns with labels that may hold spaces
//! (`macro avg`) or be numbers (`0`, `1`), which no table reader takes.

use crate::model::{RawCell, RawTable};
use crate::{Document, Limits};

/// The header words of a report, in order.
const HEADER: [&str; 4] = ["precision", "recall", "f1-score", "support"];

/// The reports in `text`, each as rows of cells: a header row, then one row per class and
/// per average, and `accuracy` with its value under f1-score. Lines that are not a report's
/// end it; a text with no report gives none.
pub(crate) fn tables(text: &str) -> Vec<Vec<Vec<RawCell>>> {
    tables_at(text).into_iter().map(|(_, rows)| rows).collect()
}

/// [`tables`], each with the index of its header line in `text`.
pub(crate) fn tables_at(text: &str) -> Vec<(usize, Vec<Vec<RawCell>>)> {
    let mut out = Vec::new();
    let mut current: Option<(usize, Vec<Vec<RawCell>>)> = None;
    let whole = |t: &(usize, Vec<Vec<RawCell>>)| t.1.len() > 1;
    // imbalanced-learn's `classification_report_imbalanced` (`pre rec spe f1 geo iba sup`):
    // its precision, recall, F1 and support are the report's columns (`spe` repeats the
    // other class's recall; `geo` and `iba` are not read).
    let mut imbalanced = false;
    for (index, line) in text.lines().enumerate() {
        let mut words: Vec<&str> = line.split_whitespace().collect();
        if imbalanced && words.len() >= 8 {
            let values = words.split_off(words.len() - 7);
            words.extend([values[0], values[1], values[3], values[6]]);
        }
        let imbalanced_header = words == ["pre", "rec", "spe", "f1", "geo", "iba", "sup"];
        if is_header(&words) || imbalanced_header {
            imbalanced = imbalanced_header;
            out.extend(current.take().filter(whole));
            let mut head = vec![RawCell::new("")];
            head.extend(HEADER.iter().map(|h| RawCell::new(*h)));
            for cell in &mut head {
                cell.header = true;
            }
            current = Some((index, vec![head]));
            continue;
        }
        let Some((_, table)) = current.as_mut() else {
            continue;
        };
        if words.is_empty() {
            continue;
        }
        match row(&words).filter(|_| !imbalanced || words.len() >= 5) {
            Some(cells) => table.push(cells.into_iter().map(RawCell::new).collect()),
            None => {
                out.extend(current.take().filter(whole));
                imbalanced = false;
            }
        }
    }
    out.extend(current.filter(whole));
    out
}

/// The reports of a Markdown text pasted without a code fence (Markdown then reads the
/// indented header as code and the rows as a paragraph, so no block holds the report): found
/// in the lines outside fenced blocks, each with the last heading and the last paragraph
/// line before it. Reports already read from a code block are left to it.
pub(crate) fn push_unfenced(document: &mut Document, markdown: &str, limits: &Limits) {
    let lines = unfenced_lines(markdown);
    let text = lines.join("\n");
    // The tables read before (a report in a code block): each stands for one report found
    // here, once; a second report printing the same figures (another model's) is its own.
    let mut read_before: Vec<Vec<Vec<String>>> = document.tables.iter().map(texts).collect();
    for (at, rows) in tables_at(&text) {
        let whole = texts(&RawTable {
            rows: rows.clone(),
            ..RawTable::default()
        });
        if let Some(i) = read_before.iter().position(|t| *t == whole) {
            read_before.swap_remove(i);
            continue;
        }
        // A report whose indented lines Markdown read as a code block, the rest as a
        // paragraph: the block's part of it (the header, some classes) was read as a report
        // of its own; the whole replaces it.
        document.tables.retain(|t| {
            let part = texts(t);
            !(part.len() < whole.len()
                && part.first() == whole.first()
                && part.iter().all(|row| whole.contains(row)))
        });
        let (heading, caption) = heading_and_caption(&lines[..at]);
        let mut table = RawTable {
            caption,
            heading,
            header_rows: Some(1),
            printed: true,
            weighted: weighted(&rows),
            ..RawTable::default()
        };
        for row in rows {
            table.push_row(row, limits);
        }
        document.push_table(table, limits);
    }
}

/// A Markdown text's lines, those inside fenced code blocks (and the fences) blank.
fn unfenced_lines(markdown: &str) -> Vec<&str> {
    let mut fenced: Option<&str> = None;
    markdown
        .lines()
        .map(|line| {
            let trimmed = line.trim_start();
            match fenced {
                Some(fence) => {
                    if trimmed.starts_with(fence) {
                        fenced = None;
                    }
                    ""
                }
                None if trimmed.starts_with("```") || trimmed.starts_with("~~~") => {
                    fenced = Some(&trimmed[..3]);
                    ""
                }
                None => line,
            }
        })
        .collect()
}

/// The last Markdown heading above a table, and the last line of text right above it.
fn heading_and_caption(before: &[&str]) -> (String, String) {
    let heading = before
        .iter()
        .rev()
        .find(|l| l.trim_start().starts_with('#'))
        .map(|l| l.trim_start().trim_start_matches('#').trim().to_string())
        .unwrap_or_default();
    let caption = before
        .iter()
        .rev()
        .map(|l| l.trim())
        .find(|l| !l.is_empty())
        .filter(|l| !l.starts_with('#'))
        .unwrap_or_default()
        .to_string();
    (heading, caption)
}

/// Tables whose cells are separated by tabs, as a table copied from a word processor or a
/// spreadsheet into a README lands (`Metric<TAB>Score` over `Accuracy<TAB>0.9736`): runs of
/// two lines or more outside code fences, each with the same number of tab-separated cells
/// (two or more), the first line the header. (Markdown itself reads them as paragraphs.)
pub(crate) fn push_tab_separated(document: &mut Document, markdown: &str, limits: &Limits) {
    let lines = unfenced_lines(markdown);
    let cells = |line: &str| -> Vec<String> {
        let line = line.trim_end_matches(['\r', ' ']);
        if !line.contains('\t') {
            return Vec::new();
        }
        // (Indentation is no cell: lines indented by different numbers of tabs are one table.)
        line.trim_start_matches(['\t', ' '])
            .trim_end_matches('\t')
            .split('\t')
            .map(|c| c.split_whitespace().collect::<Vec<_>>().join(" "))
            .collect()
    };
    let mut at = 0;
    while at < lines.len() {
        let head = cells(lines[at]);
        // A header one cell short of the rows below it leaves their label column unnamed
        // (`Loss<TAB>Accuracy` over `CNN<TAB>0.51<TAB>0.70`, as a data frame prints).
        let below = lines.get(at + 1).map_or(0, |line| cells(line).len());
        let short = !head.is_empty() && below == head.len() + 1;
        let width = if short { below } else { head.len() };
        let end = (at + 1..lines.len())
            .find(|&i| cells(lines[i]).len() != width || width < 2)
            .unwrap_or(lines.len());
        // A printed classification report is read as one (see `push_unfenced`).
        let report = is_header(&lines[at].split_whitespace().collect::<Vec<_>>());
        // A first line with figures past its label is no header: the run is no table read.
        let figures = head.iter().skip(usize::from(!short)).any(|c| {
            crate::value::is_decimal(c.trim_end_matches('%'))
                && (c.contains('.') || c.ends_with('%'))
        });
        if width >= 2 && end - at >= 2 && !report && !figures {
            let (heading, caption) = heading_and_caption(&lines[..at]);
            let mut table = RawTable {
                caption,
                heading,
                header_rows: Some(1),
                ..RawTable::default()
            };
            for (k, line) in lines[at..end].iter().enumerate() {
                let mut row = cells(line);
                if k == 0 && short {
                    row.insert(0, String::new());
                }
                let row = row
                    .into_iter()
                    .map(|text| {
                        let mut cell = RawCell::new(text);
                        cell.header = k == 0;
                        cell
                    })
                    .collect();
                table.push_row(row, limits);
            }
            let read = texts(&table);
            if !document.tables.iter().any(|t| texts(t) == read) {
                document.push_table(table, limits);
            }
        }
        at = end.max(at + 1);
    }
}

/// A table's cells as text, to tell one report read twice.
fn texts(table: &RawTable) -> Vec<Vec<String>> {
    table
        .rows
        .iter()
        .map(|row| row.iter().map(|c| c.text.clone()).collect())
        .collect()
}

/// A line's cells as a printed data frame aligns them: separated by two spaces or more.
fn frame_cells(line: &str) -> Vec<&str> {
    line.split("  ")
        .map(str::trim)
        .filter(|cell| !cell.is_empty())
        .collect()
}

/// The data frames printed in `text` (pandas' `print(df)`, pycaret's `compare_models()`):
/// a header line naming at least one score, then rows of a name (more than numbers: a
/// training log's epochs are no methods) and the numbers under the last headers, an index
/// before the name left out. Each as rows of cells, the header row first.
pub(crate) fn frames(text: &str) -> Vec<Vec<Vec<RawCell>>> {
    let mut out = Vec::new();
    // A wide frame pandas wrapped into blocks (a header ending in `\`): its columns do not
    // line up with one header, so it is not read.
    if text.lines().any(|line| line.trim_end().ends_with('\\')) {
        return out;
    }
    let mut current: Option<(usize, Vec<Vec<RawCell>>)> = None;
    for line in text.lines() {
        let cells = frame_cells(line);
        if let Some((width, table)) = current.as_mut() {
            // pandas prints a missing value as NaN.
            let numbers = cells
                .iter()
                .rev()
                .take_while(|c| is_number(c) || c.eq_ignore_ascii_case("nan"))
                .count();
            let labels = cells.len() - numbers;
            let fits = labels >= 1 && numbers >= 1 && numbers < *width && cells.len() <= *width + 1;
            if fits {
                // Right-aligned under the header: the last `width` cells, blanks before.
                let from = cells.len().saturating_sub(*width);
                let mut row = vec![String::new(); width.saturating_sub(cells.len())];
                row.extend(cells[from..].iter().map(|c| (*c).to_string()));
                // pycaret prints an AUC it could not compute (no probabilities) as 0.
                for (cell, name) in row.iter_mut().zip(&table[0]) {
                    let zero = cell.parse::<f64>().is_ok_and(|v| v == 0.0);
                    if zero && crate::names::score_of_header(&name.text) == Some("auc") {
                        cell.clear();
                    }
                }
                table.push(row.into_iter().map(RawCell::new).collect());
                continue;
            }
            if let Some((_, table)) = current.take().filter(|(_, t)| t.len() > 1) {
                out.push(table);
            }
        }
        if let Some(labelled) = is_results_header(&cells) {
            // Methods as the frame's index: a blank header over them.
            let blank = (!labelled).then_some("");
            let head: Vec<RawCell> = blank
                .into_iter()
                .chain(cells.iter().copied())
                .map(|c| {
                    let mut cell = RawCell::new(c);
                    cell.header = true;
                    cell
                })
                .collect();
            current = Some((head.len(), vec![head]));
        }
    }
    out.extend(current.map(|(_, t)| t).filter(|t| t.len() > 1));
    out
}

/// Whether a line of a code block heads a printed table of results: every cell a score's
/// name, after at most one label naming the methods (`Model`, `Classifier`) or their
/// settings (`Param`: the methods are then the index), and pycaret's training time
/// (`TT (Sec)`). A training log (`loss`, `val_accuracy`, `epoch`), a grid search's
/// `cv_results_` (`rank_test_accuracy`) or a frame of data (`species`) is none.
///
/// `Some(whether the first cell is that label)`.
fn is_results_header(cells: &[&str]) -> Option<bool> {
    const METHOD_WORDS: &[&str] = &[
        "model",
        "models",
        "method",
        "methods",
        "classifier",
        "classifiers",
        "algorithm",
        "algorithms",
        "estimator",
        "learner",
    ];
    // A column of each method's settings (`Param` over `alpha = 0.1`) beside its index.
    const SETTING_WORDS: &[&str] = &[
        "param",
        "params",
        "parameter",
        "parameters",
        "hyperparameters",
        "setting",
        "settings",
        "config",
    ];
    let first = cells.first().map(|c| c.to_lowercase()).unwrap_or_default();
    let label = METHOD_WORDS.contains(&first.as_str());
    let settings = SETTING_WORDS.contains(&first.as_str());
    let rest = &cells[usize::from(label || settings)..];
    let is_time = |c: &str| {
        let c = c.to_lowercase();
        c.starts_with("tt ") || c == "tt" || c.starts_with("time")
    };
    let scores = rest
        .iter()
        .filter(|c| crate::names::score_of_header(c).is_some())
        .count();
    let all = rest
        .iter()
        .all(|c| crate::names::score_of_header(c).is_some() || is_time(c));
    (scores >= 1 && (label || settings || scores >= 2) && all).then_some(label)
}

/// Adds the reports printed in `text` (a code block, a `<pre>`) to `document` as tables of
/// their own, under `caption` and `heading`; a text without a report gives its printed data
/// frames instead.
pub(crate) fn push_tables(
    document: &mut Document,
    text: &str,
    caption: &str,
    heading: &str,
    limits: &Limits,
) {
    let mut found = tables(text);
    // A printed data frame writes every number of a column as a float (`40.0`): its
    // supports' decimals say nothing of weights.
    let text_reports = !found.is_empty();
    if found.is_empty() {
        found = frames(text);
    }
    for rows in found {
        let mut table = RawTable {
            caption: caption.to_string(),
            heading: heading.to_string(),
            header_rows: Some(1),
            printed: true,
            weighted: text_reports && weighted(&rows),
            ..RawTable::default()
        };
        for row in rows {
            table.push_row(row, limits);
        }
        document.push_table(table, limits);
    }
}

/// Whether a text report's supports have decimals: scikit-learn prints a whole count as
/// `120` and a sum of sample weights as `120.0`. A data frame printed from the report's
/// dictionary writes its supports as floats too (`450.000000`), and its accuracy row has
/// a value in every column (the report's text has two): such a frame is not weighted.
fn weighted(rows: &[Vec<RawCell>]) -> bool {
    let frame = rows.iter().any(|row| {
        row.first()
            .is_some_and(|label| label.text.trim().eq_ignore_ascii_case("accuracy"))
            && row.get(1).is_some_and(|cell| !cell.text.trim().is_empty())
    });
    !frame
        && rows
            .iter()
            .skip(1)
            .any(|row| row.last().is_some_and(|cell| cell.text.contains('.')))
}

fn is_header(words: &[&str]) -> bool {
    let lower: Vec<String> = words.iter().map(|w| w.to_lowercase()).collect();
    lower == HEADER || lower == ["precision", "recall", "f1", "support"]
}

fn is_number(word: &str) -> bool {
    // A support with thousands separators (`85,295`) too.
    !word.is_empty()
        && (word.parse::<f64>().is_ok_and(f64::is_finite)
            || crate::value::whole_number(word).is_some())
}

/// One report line as cells (label, precision, recall, f1-score, support), or `None` when
/// it is no report line.
fn row(words: &[&str]) -> Option<Vec<String>> {
    let numbers = words.iter().rev().take_while(|w| is_number(w)).count();
    let label_words = words.len() - numbers;
    let (label, values) = match (label_words, numbers) {
        // `0  0.91  0.88  0.89  120`: a numeric class label; `Class 0  0.91 ...`, `Type 10
        // ...`: a label ending in a number. The last four numbers are the values.
        (_, 5..) => (
            words[..words.len() - 4].join(" "),
            &words[words.len() - 4..],
        ),
        (1.., 4) => (words[..label_words].join(" "), &words[label_words..]),
        // `accuracy  0.88  240`: the value under f1-score.
        (1.., 2) => {
            let label = words[..label_words].join(" ");
            return Some(vec![
                label,
                String::new(),
                String::new(),
                words[label_words].to_string(),
                words[label_words + 1].to_string(),
            ]);
        }
        _ => return None,
    };
    let mut cells = vec![label];
    cells.extend(values.iter().map(|v| (*v).to_string()));
    Some(cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(table: &[Vec<RawCell>]) -> Vec<Vec<&str>> {
        table
            .iter()
            .map(|row| row.iter().map(|c| c.text.as_str()).collect())
            .collect()
    }

    #[test]
    fn a_printed_data_frame_becomes_rows_of_cells() {
        let text = "
                                    Model  Accuracy     AUC  Recall   Prec.
lr                    Logistic Regression    0.7689  0.8047  0.5602  0.7208
ridge                    Ridge Classifier    0.7670     NaN  0.5497  0.7235
";
        let found = frames(text);
        assert_eq!(found.len(), 1);
        assert_eq!(
            texts(&found[0]),
            vec![
                vec!["Model", "Accuracy", "AUC", "Recall", "Prec."],
                vec![
                    "Logistic Regression",
                    "0.7689",
                    "0.8047",
                    "0.5602",
                    "0.7208"
                ],
                vec!["Ridge Classifier", "0.7670", "NaN", "0.5497", "0.7235"],
            ]
        );
        // A training log's rows are numbers only: no methods, no table.
        assert!(frames("epoch  loss  accuracy\n1  0.52  0.81\n2  0.41  0.85\n").is_empty());
        // A header with numbers in it is no header.
        assert!(frames("model  0.5  accuracy\nSVM  0.9  0.8\n").is_empty());
    }

    #[test]
    fn a_printed_report_becomes_rows_of_cells() {
        let text = "              precision    recall  f1-score   support

           0     0.3774    0.5000    0.4301        80
   malignant     0.7183    0.6071    0.6581       168

    accuracy                         0.5726       248
   macro avg     0.5478    0.5536    0.5441       248
weighted avg     0.6083    0.5726    0.5845       248
";
        let tables = tables(text);
        assert_eq!(tables.len(), 1);
        let texts: Vec<Vec<&str>> = tables[0]
            .iter()
            .map(|r| r.iter().map(|c| c.text.as_str()).collect())
            .collect();
        assert_eq!(texts[1], ["0", "0.3774", "0.5000", "0.4301", "80"]);
        assert_eq!(texts[2][0], "malignant");
        assert_eq!(texts[3], ["accuracy", "", "", "0.5726", "248"]);
        assert_eq!(texts[5][0], "weighted avg");
        assert!(super::tables("no report here\n1 2 3 4 5\n").is_empty());
    }

    #[test]
    fn an_imbalanced_learn_report_gives_the_report_columns() {
        let text =
            "                   pre       rec       spe        f1       geo       iba       sup

          0       0.97      0.96      0.80      0.96      0.88      0.78       105
          1       0.71      0.80      0.96      0.75      0.88      0.76        15

avg / total       0.94      0.94      0.82      0.94      0.88      0.78       120
";
        let found = tables(text);
        assert_eq!(found.len(), 1);
        assert_eq!(
            texts(&found[0]),
            vec![
                vec!["", "precision", "recall", "f1-score", "support"],
                vec!["0", "0.97", "0.96", "0.96", "105"],
                vec!["1", "0.71", "0.80", "0.75", "15"],
                vec!["avg / total", "0.94", "0.94", "0.94", "120"],
            ]
        );
    }
}
