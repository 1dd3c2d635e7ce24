//! Weka's evaluation output as text (the Explorer's classifier output, or
//! `Evaluation.toSummaryString`, `toClassDetailsString` and `toMatrixString` printed into a
//! code block): a binary run's figures as one row of a table read like any other.
//!
//! Written by hand: the output is whitespace-aligned text in three sections whose headers
//! hold spaces (`TP Rate`, `ROC Area`), which no table reader takes.
//!
//! Weka computes every figure of a cross-validation from the predictions of all folds
//! pooled, so a run's figures are those of one confusion matrix, the one its `Confusion
//! Matrix` section prints: its counts are the row's TP, FP, FN and TN. The first class is
//! read as positive (the other reading swaps sens and spec, ppv and npv, f1p and f1n, p and
//! n: the same verdict). `ROC Area` and `PRC Area` are left out (a ranking's figures, not the
//! matrix's), and so is a run of more than two classes.

use crate::model::{RawCell, RawTable};

/// Most sections of each kind (details, matrices, summaries, methods) read from one text.
const MAX_SECTIONS: usize = 1_000;

/// One `Detailed Accuracy By Class` block: its column names and its class rows (values,
/// then the class's name).
struct Details {
    line: usize,
    columns: Vec<String>,
    classes: Vec<(Vec<String>, String)>,
}

/// The summary's figures: correctly classified (count, percent as printed), kappa, total.
#[derive(Default)]
struct Summary {
    line: usize,
    correct: Option<(u64, String)>,
    kappa: Option<String>,
    total: Option<u64>,
}

/// Adds the binary Weka runs printed in `text` (a whole Markdown text, or the joined `<pre>`
/// blocks of an HTML page: a run's sections are often printed in blocks of their own) to
/// `document`, each under the heading `heading` gives for the line of its details.
pub(crate) fn push(
    document: &mut crate::Document,
    text: &str,
    heading: impl Fn(usize) -> String,
    limits: &crate::Limits,
) {
    for (line, mut table) in tables(text) {
        table.heading = heading(line);
        document.push_table(table, limits);
    }
}

/// The tables of the binary Weka runs printed in `text`, each with the line of its details
/// and a note on how it was read; a text without Weka output gives none.
fn tables(text: &str) -> Vec<(usize, RawTable)> {
    if !text.contains("TP Rate") && !text.contains("<-- classified as") {
        return Vec::new();
    }
    // Lines without a Markdown blockquote's `>` marks (output quoted in a README).
    let lines: Vec<&str> = text
        .lines()
        .map(|l| {
            let t = l.trim_start();
            if t.starts_with('>') {
                t.trim_start_matches(['>', ' '])
            } else {
                l
            }
        })
        .collect();
    let mut details = Vec::new();
    let mut summaries: Vec<Summary> = Vec::new();
    let mut matrices: Vec<(usize, Vec<Vec<u64>>)> = Vec::new();
    let mut schemes: Vec<(usize, String)> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i].trim();
        if let Some(columns) = details_header(line) {
            let (classes, next) = class_rows(&lines, i + 1, columns.len());
            details.push(Details {
                line: i,
                columns,
                classes,
            });
            i = next;
            continue;
        }
        if line.ends_with("<-- classified as") {
            let (rows, next) = matrix_rows(&lines, i + 1);
            matrices.push((i, rows));
            i = next;
            continue;
        }
        if let Some(rest) = line.strip_prefix("Scheme:") {
            let class = rest.split_whitespace().next().unwrap_or("");
            let short = class.rsplit('.').next().unwrap_or(class);
            schemes.push((i, short.to_string()));
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let summary_line = matches!(
            words.as_slice(),
            ["Correctly", "Classified", "Instances", ..]
                | ["Kappa", "statistic", _]
                | ["Total", "Number", "of", "Instances", ..]
        );
        if summary_line && summaries.last().is_none_or(|s| i > s.line + 12) {
            summaries.push(Summary {
                line: i,
                ..Summary::default()
            });
        }
        if let Some(summary) = summaries.last_mut().filter(|_| summary_line) {
            match words.as_slice() {
                ["Correctly", "Classified", "Instances", count, percent, ..] => {
                    if let Ok(count) = count.parse::<u64>() {
                        let percent = percent.trim_end_matches('%').to_string();
                        summary.correct = Some((count, percent));
                    }
                }
                ["Kappa", "statistic", kappa] => summary.kappa = Some((*kappa).to_string()),
                ["Total", "Number", "of", "Instances", total, ..] => {
                    summary.total = total.parse::<u64>().ok();
                }
                _ => {}
            }
        }
        i += 1;
    }
    // Sections pair only within one evaluation: a line that starts one (`=== Stratified
    // cross-validation ===`, `=== Error on training data ===`, `=== Run information ===`)
    // or a Markdown heading ends the one before; a run's method (`Scheme:`) only reaches
    // to the next `Run information` or heading.
    let mut segment = vec![0usize; lines.len() + 1];
    let mut context = vec![0usize; lines.len() + 1];
    for (i, line) in lines.iter().enumerate() {
        let (starts, resets) = boundary(line);
        segment[i + 1] = segment[i] + usize::from(starts);
        context[i + 1] = context[i] + usize::from(resets);
        // The boundary line itself opens the new evaluation.
        if starts {
            segment[i] = segment[i + 1];
        }
        if resets {
            context[i] = context[i + 1];
        }
    }
    // A run is anchored at its details, or at a confusion matrix printed without them
    // (`toSummaryString` and `toMatrixString` only). Each details block takes the first
    // matrix after it (before the next block) in its evaluation, else the nearest one before
    // it; a summary goes to the nearest anchor of its evaluation.
    // A document's runs are few; each pairing below looks at every section, so their
    // numbers are capped (a hostile text of a hundred thousand matrices stays linear).
    details.truncate(MAX_SECTIONS);
    matrices.truncate(MAX_SECTIONS);
    summaries.truncate(MAX_SECTIONS);
    schemes.truncate(MAX_SECTIONS);
    let mut used = vec![false; matrices.len()];
    let mut anchors: Vec<Anchor<'_>> = Vec::new();
    for (k, d) in details.iter().enumerate() {
        let next = details.get(k + 1).map_or(lines.len(), |n| n.line);
        let previous = k.checked_sub(1).map_or(0, |p| details[p].line);
        // Only a matrix that gives the details' own per-class figures is their run's (Weka
        // computes them from it): another evaluation's matrix printed nearby is not.
        let same = |m: usize| {
            segment[matrices[m].0] == segment[d.line] && gives_the_details(d, &matrices[m].1)
        };
        let pick = (0..matrices.len())
            .find(|&m| !used[m] && matrices[m].0 > d.line && matrices[m].0 < next && same(m))
            .or_else(|| {
                (0..matrices.len()).rev().find(|&m| {
                    !used[m] && matrices[m].0 < d.line && matrices[m].0 > previous && same(m)
                })
            });
        if let Some(m) = pick {
            used[m] = true;
        }
        anchors.push((d.line, Some(d), pick.map(|m| &matrices[m].1)));
    }
    for (m, (at, rows)) in matrices.iter().enumerate() {
        if !used[m] {
            anchors.push((*at, None, Some(rows)));
        }
    }
    anchors.sort_by_key(|(line, _, _)| *line);
    // Each summary's anchor, in its evaluation: where the evaluation's first section is a
    // summary (the Explorer's order) the first anchor after it, else (details, matrix, then
    // summary: `Evaluation`'s methods printed in that order) the last anchor before it.
    let first_section = |seg: usize| {
        let summary = summaries
            .iter()
            .map(|s| s.line)
            .find(|&l| segment[l] == seg);
        let other = anchors.iter().map(|a| a.0).find(|&l| segment[l] == seg);
        match (summary, other) {
            (Some(s), Some(o)) => s < o,
            _ => true,
        }
    };
    let summary_of: Vec<Option<usize>> = summaries
        .iter()
        .map(|s| {
            let seg = segment[s.line];
            let in_segment = |o: &usize| segment[anchors[*o].0] == seg;
            if first_section(seg) {
                (0..anchors.len())
                    .filter(in_segment)
                    .find(|&o| anchors[o].0 > s.line)
            } else {
                (0..anchors.len())
                    .filter(in_segment)
                    .rev()
                    .find(|&o| anchors[o].0 < s.line)
            }
            .or_else(|| {
                (0..anchors.len())
                    .filter(in_segment)
                    .min_by_key(|&o| s.line.abs_diff(anchors[o].0))
            })
        })
        .collect();
    let mut out = Vec::new();
    for (k, &(line, d, matrix)) in anchors.iter().enumerate() {
        let summary = summaries
            .iter()
            .zip(&summary_of)
            .find(|(_, owner)| **owner == Some(k))
            .map(|(s, _)| s);
        let scheme = schemes
            .iter()
            .rev()
            .find(|(at, _)| *at < line && context[*at] == context[line])
            .map(|(_, s)| s.as_str());
        let from = k.checked_sub(1).map_or(0, |p| anchors[p].0);
        let training = on_training_data(&lines[from..line]);
        let other_matrix = d.is_some_and(|d| {
            matrix.is_none()
                && matrices.iter().any(|(at, rows)| {
                    segment[*at] == segment[d.line]
                        && at.abs_diff(d.line) < 40
                        && !gives_the_details(d, rows)
                })
        });
        let run = Run {
            details: d,
            matrix,
            summary,
            scheme,
            training,
            other_matrix,
        };
        match d {
            Some(d) if d.classes.len() > 2 => out.push((line, several_classes(d, matrix))),
            Some(d) if d.classes.len() < 2 => {}
            // A matrix alone: a binary one only.
            None if matrix.is_none_or(|m| m.len() != 2) => {}
            _ => out.extend(table(&run).map(|t| (line, t))),
        }
    }
    out
}

/// Where a run is anchored (its details' line, or its matrix's), its details and matrix.
type Anchor<'a> = (usize, Option<&'a Details>, Option<&'a Vec<Vec<u64>>>);

/// One run's sections.
struct Run<'a> {
    details: Option<&'a Details>,
    matrix: Option<&'a Vec<Vec<u64>>>,
    summary: Option<&'a Summary>,
    scheme: Option<&'a str>,
    /// Whether the run evaluates on the training data (`Test mode: evaluate on training
    /// data`, `=== Error on training data ===`).
    training: bool,
    /// Whether a matrix printed near the details, in their evaluation, does not give them.
    other_matrix: bool,
}

/// Whether `matrix` gives the details' per-class figures: each class's TP rate (its row's
/// share on the diagonal) and precision (its column's) within the printed rounding (Weka
/// prints three decimals; a `?` or a figure not read leaves that figure out). Exact
/// integer arithmetic.
fn gives_the_details(d: &Details, matrix: &[Vec<u64>]) -> bool {
    let k = d.classes.len();
    if matrix.len() != k || matrix.iter().any(|row| row.len() != k) {
        return false;
    }
    let column = |name: &str| d.columns.iter().position(|c| c == name);
    // A figure not read (`?`) or a 0/0 leaves that figure out.
    let fits = |printed: &str, num: u64, den: u64| {
        let printed = printed.replace(',', ".");
        crate::value::within_rounding(&printed, i128::from(num), i128::from(den), false)
            != Some(false)
    };
    (0..k).all(|i| {
        let diagonal = matrix[i][i];
        let row = matrix[i].iter().fold(0u64, |a, b| a.saturating_add(*b));
        let col = matrix.iter().fold(0u64, |a, r| a.saturating_add(r[i]));
        let printed = |name: &str| column(name).map(|c| d.classes[i].0[c].as_str());
        printed("TP_Rate").is_none_or(|p| fits(p, diagonal, row))
            && printed("Precision").is_none_or(|p| fits(p, diagonal, col))
    })
}

/// Whether a printed kappa is, within its rounding, the kappa of the matrix (tp, fp, fn, tn):
/// 2(tp·tn − fn·fp) / ((tp + fp)(fp + tn) + (tp + fn)(fn + tn)). Undefined there (0/0), or a
/// figure not read: true (nothing to tell). Exact integer arithmetic.
fn kappa_fits(printed: &str, [tp, fp, fn_, tn]: [u64; 4]) -> bool {
    if [tp, fp, fn_, tn].iter().any(|&c| c > 1 << 28) {
        return true;
    }
    let [tp, fp, fn_, tn] = [tp, fp, fn_, tn].map(i128::from);
    let num = 2 * (tp * tn - fn_ * fp);
    let den = (tp + fp) * (fp + tn) + (tp + fn_) * (fn_ + tn);
    crate::value::within_rounding(&printed.replace(',', "."), num, den, false) != Some(false)
}

/// Whether a line starts an evaluation (its sections pair only among themselves), and
/// whether it starts a run (its method no longer applies): `=== Run information ===` and a
/// Markdown heading do both.
fn boundary(line: &str) -> (bool, bool) {
    let lower = line.trim().to_lowercase();
    if lower.starts_with('#') || lower.starts_with("=== run information") {
        return (true, true);
    }
    let evaluation = lower.starts_with("===")
        && [
            "cross-validation",
            "evaluation on",
            "error on",
            "re-evaluation",
            "test split",
            "training set",
            "test set",
        ]
        .iter()
        .any(|w| lower.contains(w));
    (evaluation, false)
}

/// Whether the last evaluation header among `lines` (a `=== ... ===` line naming an
/// evaluation, error, cross-validation or test, or `Test mode:`) is the training data's.
fn on_training_data(lines: &[&str]) -> bool {
    lines
        .iter()
        .rev()
        .map(|l| l.trim().to_lowercase())
        .find(|l| {
            l.starts_with("test mode:")
                || (l.starts_with("===")
                    && ["evaluation", "error on", "cross-validation", "test"]
                        .iter()
                        .any(|w| l.contains(w)))
        })
        .is_some_and(|l| l.contains("training data") || l.contains("training set"))
}

/// A run of more than two classes as the classification report it is (per-class precision,
/// recall, F-measure and the matrix's supports), which the table reader says it does not
/// read.
fn several_classes(d: &Details, matrix: Option<&Vec<Vec<u64>>>) -> RawTable {
    let column = |name: &str| d.columns.iter().position(|c| c == name);
    let mut head: Vec<RawCell> = ["", "precision", "recall", "f1-score", "support"]
        .iter()
        .map(|h| RawCell::new(*h))
        .collect();
    for cell in &mut head {
        cell.header = true;
    }
    let mut rows = vec![head];
    for (i, (values, class)) in d.classes.iter().enumerate() {
        let figure = |name: &str| column(name).map_or(String::new(), |c| values[c].clone());
        let support = matrix
            .filter(|m| m.len() == d.classes.len())
            .and_then(|m| m.get(i))
            .map_or(String::new(), |row| {
                row.iter()
                    .fold(0u64, |a, b| a.saturating_add(*b))
                    .to_string()
            });
        rows.push(
            [
                class.clone(),
                figure("Precision"),
                figure("TP_Rate"),
                figure("F-Measure"),
                support,
            ]
            .into_iter()
            .map(RawCell::new)
            .collect(),
        );
    }
    RawTable {
        rows,
        header_rows: Some(1),
        note: Some("Weka output".to_string()),
        ..RawTable::default()
    }
}

/// The column names of a `Detailed Accuracy By Class` header line (`TP Rate  FP Rate
/// Precision  Recall  F-Measure  MCC  ROC Area  PRC Area  Class`), `Class` last.
fn details_header(line: &str) -> Option<Vec<String>> {
    if !line.starts_with("TP Rate") || !line.ends_with("Class") {
        return None;
    }
    let joined = line
        .replace("TP Rate", "TP_Rate")
        .replace("FP Rate", "FP_Rate")
        .replace("ROC Area", "ROC_Area")
        .replace("PRC Area", "PRC_Area");
    let columns: Vec<String> = joined.split_whitespace().map(str::to_string).collect();
    Some(columns[..columns.len() - 1].to_vec())
}

/// A figure as Weka prints it: a decimal (a decimal comma under some locales) or `?`.
fn is_figure(word: &str) -> bool {
    word == "?"
        || (!word.is_empty()
            && word
                .bytes()
                .all(|b| b.is_ascii_digit() || b == b'.' || b == b',')
            && word.bytes().any(|b| b.is_ascii_digit()))
}

/// The class rows after a details header: `width` figures then the class's name, blank
/// lines before them skipped, ended by the `Weighted Avg.` row or a line that is no row.
fn class_rows(lines: &[&str], from: usize, width: usize) -> (Vec<(Vec<String>, String)>, usize) {
    let mut rows = Vec::new();
    let mut i = from;
    while i < lines.len() {
        let words: Vec<&str> = lines[i].split_whitespace().collect();
        if words.is_empty() && rows.is_empty() {
            i += 1;
            continue;
        }
        if words.len() <= width || !words[..width].iter().all(|w| is_figure(w)) {
            break;
        }
        let values = words[..width].iter().map(|w| (*w).to_string()).collect();
        rows.push((values, words[width..].join(" ")));
        i += 1;
    }
    (rows, i)
}

/// The rows of a confusion matrix after its `<-- classified as` line (`374  55 |   a =
/// car`): each row's counts.
fn matrix_rows(lines: &[&str], from: usize) -> (Vec<Vec<u64>>, usize) {
    let mut rows = Vec::new();
    let mut i = from;
    while i < lines.len() {
        let Some((counts, _)) = lines[i].split_once('|') else {
            break;
        };
        let counts: Option<Vec<u64>> = counts
            .split_whitespace()
            .map(|w| w.parse::<u64>().ok())
            .collect();
        match counts {
            Some(counts) if !counts.is_empty() => rows.push(counts),
            _ => break,
        }
        i += 1;
    }
    (rows, i)
}

/// A percentage as printed (`90.0709`, `96`, `90,0709`) as the fraction with the same
/// digits (`0.900709`, `0.96`): the same rounding.
fn fraction_of_percent(printed: &str) -> Option<String> {
    let printed = printed.replace(',', ".");
    let (whole, fraction) = printed.split_once('.').unwrap_or((&printed, ""));
    if whole.is_empty()
        || !whole.bytes().all(|b| b.is_ascii_digit())
        || !fraction.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let digits = format!("{whole:0>3}{fraction}");
    let (int, rest) = digits.split_at(digits.len() - 2 - fraction.len());
    let int = int.trim_start_matches('0');
    Some(format!("{}.{rest}", if int.is_empty() { "0" } else { int }))
}

/// One run's table: a header naming the scores and the matrix's cells, one row (`None`
/// when the run reports no figure).
fn table(run: &Run<'_>) -> Option<RawTable> {
    let Run {
        details,
        matrix,
        summary,
        scheme,
        training,
        ..
    } = *run;
    let column = |name: &str| details.and_then(|d| d.columns.iter().position(|c| c == name));
    let (pos, neg) = match details {
        Some(d) => (Some(&d.classes[0]), Some(&d.classes[1])),
        None => (None, None),
    };
    // Weka prints every figure with three decimals: `1,000` under a decimal comma is 1.000.
    let figure = |row: Option<&(Vec<String>, String)>, name: &str| {
        row.zip(column(name)).map_or(String::new(), |(row, c)| {
            row.0[c].replace('?', "").replace(',', ".")
        })
    };
    let mut notes = vec![match (pos, neg) {
        (Some(pos), Some(neg)) => format!(
            "Weka output: class {:?} read as positive, {:?} as negative (the other reading swaps p and n, sens and spec, ppv and npv, f1p and f1n: the same verdict); ROC and PRC areas not read",
            pos.1, neg.1
        ),
        _ => "Weka output: a summary and a confusion matrix, no figures per class; the matrix's first class read as positive".to_string(),
    }];
    if training {
        notes.push("Weka's evaluation on the training data".to_string());
    }
    // MCC is one figure for the two classes of a binary run.
    let mcc = Some(figure(pos, "MCC")).filter(|m| *m == figure(neg, "MCC"));
    let counts = matrix.and_then(|rows| match rows.as_slice() {
        [a, b] if a.len() == 2 && b.len() == 2 => Some([a[0], b[0], a[1], b[1]]),
        _ => None,
    });
    // Weka computes the summary's kappa from the matrix: a summary whose kappa is not the
    // matrix's is another evaluation's, printed nearby.
    // Its instances and correctly classified count are the matrix's sum and diagonal too.
    let summary = summary.filter(|s| {
        let Some(m @ [tp, fp, fn_, tn]) = counts else {
            return true;
        };
        let sum = [tp, fp, fn_, tn].iter().try_fold(0u64, |a, c| a.checked_add(*c));
        let agrees = s.kappa.as_ref().is_none_or(|k| kappa_fits(k, m))
            && s.total.is_none_or(|t| sum == Some(t))
            && s.correct.as_ref().is_none_or(|(c, _)| tp.checked_add(tn) == Some(*c));
        if !agrees {
            notes.push(
                "the summary printed near it (its instances, correct count or kappa) is not this confusion matrix's: not read"
                    .to_string(),
            );
        }
        agrees
    });
    if run.other_matrix {
        notes.push("a confusion matrix printed near it does not give these per-class figures: not taken as this run's".to_string());
    }
    let total = summary.and_then(|s| s.total);
    let counts = counts.filter(|[tp, fp, fn_, tn]| {
        let sum = [tp, fp, fn_, tn].iter().try_fold(0u64, |s, c| s.checked_add(**c));
        let fits_total = total.is_none_or(|t| sum == Some(t));
        let correct = summary.and_then(|s| s.correct.as_ref()).map(|(c, _)| *c);
        let fits_correct = correct.is_none_or(|c| tp.checked_add(*tn) == Some(c));
        if !(fits_total && fits_correct) {
            notes.push("the confusion matrix does not add up to the summary's instances: its counts not read".to_string());
        }
        fits_total && fits_correct
    });
    match matrix {
        None => notes.push("no confusion matrix printed: p and n not known".to_string()),
        Some(rows) if counts.is_none() && !rows.is_empty() && rows.len() != 2 => {}
        Some(_) if counts.is_none() => notes.push(
            "the confusion matrix is not one of two classes in whole numbers (weighted instances?): p and n not known"
                .to_string(),
        ),
        Some(_) => {}
    }
    let accuracy = summary
        .and_then(|s| s.correct.as_ref())
        .and_then(|(_, percent)| fraction_of_percent(percent))
        .unwrap_or_default();
    // Weka prints kappa 1 where chance agreement is 1 (one class, every item predicted so),
    // where kappa is 0/0.
    let chance_is_one =
        counts.is_some_and(|[tp, fp, fn_, tn]| fp == 0 && fn_ == 0 && (tp == 0 || tn == 0));
    let kappa = summary
        .and_then(|s| s.kappa.clone())
        .filter(|_| !chance_is_one)
        .unwrap_or_default();
    if chance_is_one && summary.is_some_and(|s| s.kappa.is_some()) {
        notes.push("kappa not read: every item is of one class and predicted so, where kappa is 0/0 (Weka prints 1)".to_string());
    }
    let [tp, fp, fn_, tn] =
        counts.map_or_else(<[String; 4]>::default, |c| c.map(|v| v.to_string()));
    let cells: [(&str, String); 14] = [
        ("Model", scheme.unwrap_or("").to_string()),
        ("Accuracy", accuracy),
        ("Sensitivity", figure(pos, "TP_Rate")),
        ("Specificity", figure(neg, "TP_Rate")),
        ("Precision", figure(pos, "Precision")),
        ("NPV", figure(neg, "Precision")),
        ("F1", figure(pos, "F-Measure")),
        ("f1_negative", figure(neg, "F-Measure")),
        ("MCC", mcc.unwrap_or_default()),
        ("Kappa", kappa),
        ("TP", tp),
        ("FP", fp),
        ("FN", fn_),
        ("TN", tn),
    ];
    let mut head: Vec<RawCell> = cells.iter().map(|(h, _)| RawCell::new(*h)).collect();
    for cell in &mut head {
        cell.header = true;
    }
    // A matrix whose summary was another run's reports no figure: nothing to read.
    if cells[1..10].iter().all(|(_, v)| v.is_empty()) {
        return None;
    }
    let body = cells.into_iter().map(|(_, v)| RawCell::new(v)).collect();
    Some(RawTable {
        rows: vec![head, body],
        header_rows: Some(1),
        note: Some(notes.join("; ")),
        one_matrix: true,
        printed: true,
        ..RawTable::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentages_become_fractions_with_the_same_digits() {
        assert_eq!(fraction_of_percent("90.0709").as_deref(), Some("0.900709"));
        assert_eq!(fraction_of_percent("96").as_deref(), Some("0.96"));
        assert_eq!(fraction_of_percent("100").as_deref(), Some("1.00"));
        assert_eq!(fraction_of_percent("4.5").as_deref(), Some("0.045"));
        assert_eq!(fraction_of_percent("49,472").as_deref(), Some("0.49472"));
        assert_eq!(fraction_of_percent("x"), None);
    }
}
