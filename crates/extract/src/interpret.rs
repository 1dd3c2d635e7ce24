//! From a grid to rows: which rows are headers, which columns are labels, where the scores
//! are (columns or rows), who each row is about (dataset, method), and the values.

use crate::model::{grid, GridCell, RawTable};
use crate::names::{
    bounded_by_one, count_of_header, datasets_in_text, is_dataset_word, is_method_word,
    is_value_word, known_without_counts, marks_percent, names_training_split,
    numbers_folds_or_runs, registry_match, row_kind, score_of_header, score_of_qualified_header,
    scores_in_text, RowKind,
};
use crate::value::{self, CellValue};
use crate::Limits;
use std::collections::HashMap;

/// One (dataset, method) of a table with its scores, before the document's protocol is added.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct TableRow {
    pub dataset: String,
    pub method: String,
    pub scores: Vec<(&'static str, String)>,
    pub percent: bool,
    /// The scores whose column header or cell marks them as percentages.
    pub marked_percent: Vec<&'static str>,
    /// The scores whose own cell has a `%` (`0.79\%`: a percentage below 1, not a fraction).
    pub signed_percent: Vec<&'static str>,
    /// The confusion matrix the row's TP, FP, FN and TN cells give, as (tp, fp, fn, tn).
    pub matrix: Option<[u64; 4]>,
    /// Whether the matrix's classes were told apart by where they stand, not by name (a
    /// `Confusion Matrix` cell `[[302, 109], [152, 147]]`, scikit-learn's layout).
    pub matrix_roles_inferred: bool,
    /// What the row's label says its figures are, beside one experiment's (`Fold 3`, `Mean`).
    pub kind: Option<RowKind>,
    /// The class counts (p, n) a classification report's `support` column gives.
    pub support: Option<(u64, u64)>,
    /// The class counts (p, n) the row's `#Pos` and `#Neg` cells give: the counts of the
    /// data its figures are of, as a table of datasets gives them.
    pub class_counts: Option<(u64, u64)>,
    /// The number of folds the row's own `Folds` (`k`) cell gives, where rows differ in it.
    pub folds: Option<u64>,
    /// Read from a binary classification report (its per-class rows are the binary scores).
    pub report: bool,
    /// Whether the accuracy's header calls it an average (`Avg. Acc.`): over one test set
    /// it may be the mean of the class accuracies.
    pub averaged_accuracy: bool,
    pub notes: Vec<String>,
    /// A doubt the reading leaves on the row's own counts (a report's `micro avg` read as
    /// its accuracy): checked, but no finding is made of them.
    pub doubt: Option<String>,
    /// A doubt the reading leaves on what the row's figures are (a class's own figures in
    /// a per-class table): checked, but no finding is made of them.
    pub figures_doubt: Option<String>,
}

/// The value block of a table seen one way round: column headers over the value columns,
/// labels before each body row.
struct Frame {
    /// Header rows over the value columns (top first): `column_headers[k][j]`.
    column_headers: Vec<Vec<GridCell>>,
    /// What each label column holds, by its header (`Dataset`, `Method`, ...).
    label_headers: Vec<String>,
    /// Body rows: their labels and their value cells.
    body: Vec<(Vec<GridCell>, Vec<GridCell>)>,
    /// Whether the frame is the table transposed (scores named in rows).
    transposed: bool,
    /// Whether the column groups come from a label column headed as methods (`Model`), so
    /// that a group is a method, not a dataset.
    groups_name_methods: bool,
    /// Label columns that describe a row (`Demographics`, `Brain regions`) rather than name
    /// it, beside a column whose header says it names the dataset or the method.
    descriptive: Vec<bool>,
    /// Label columns that tell apart rows of one dataset (`Dataset | Slides` over
    /// `CAMELYON | All` and `CAMELYON | Stage I`): parts or settings of the data.
    parts: Vec<bool>,
}

/// Which label columns tell apart rows of one dataset: beside the first column headed as
/// datasets, a column headed as no method whose cells differ between rows of the same
/// dataset (`CAMELYON | All`, `CAMELYON | Stage I`). Its rows may be subgroups of the data
/// (a stage, a grade, a site), whose counts are not the dataset's.
fn parts_columns(label_headers: &[String], body: &[Vec<GridCell>]) -> Vec<bool> {
    let mut parts = vec![false; label_headers.len()];
    let Some(d) = label_headers.iter().position(|h| is_dataset_word(h)) else {
        return parts;
    };
    for (c, header) in label_headers.iter().enumerate() {
        if c == d || is_method_word(header) || is_dataset_word(header) && c < d {
            continue;
        }
        let mut seen: Vec<(&str, &str)> = Vec::new();
        parts[c] = body.iter().take(10_000).any(|row| {
            let (data, part) = (row[d].text.trim(), row[c].text.trim());
            if data.is_empty() || part.is_empty() {
                return false;
            }
            let split = seen.iter().any(|(sd, sp)| *sd == data && *sp != part);
            seen.push((data, part));
            split
        });
    }
    parts
}

/// Whether a label says a row is the whole data (`All`, `Overall`, `All patients`), not a
/// part of it.
fn names_the_whole(text: &str) -> bool {
    let lower = text.trim().to_lowercase();
    let first = lower.split_whitespace().next().unwrap_or("");
    matches!(
        first,
        "all" | "overall" | "total" | "whole" | "full" | "entire" | "combined" | "pooled"
    )
}

/// Which label columns describe rather than name: a header that is neither a dataset's nor
/// a method's word, over cells that are mostly phrases with numbers in them (`41
/// participants, 33 males, 12.6±3.18 years`), while another label column's header says it
/// names the dataset or the method.
///
/// A rank or row-number column (`Rank`, `#`, `No.` over whole numbers) describes too, when
/// another label column is there to name the row: `1 | DenseNet121` is DenseNet121.
fn descriptive_columns(label_headers: &[String], body: &[Vec<GridCell>]) -> Vec<bool> {
    let named = label_headers
        .iter()
        .any(|h| is_dataset_word(h) || is_method_word(h));
    label_headers
        .iter()
        .enumerate()
        .map(|(c, header)| {
            if label_headers.len() > 1 && is_ordinal_column(header, body, c) {
                return true;
            }
            if !named
                || header.trim().is_empty()
                || is_dataset_word(header)
                || is_method_word(header)
            {
                return false;
            }
            let filled: Vec<&str> = body
                .iter()
                .map(|row| row[c].text.trim())
                .filter(|t| !t.is_empty())
                .collect();
            let phrases = filled
                .iter()
                .filter(|t| {
                    t.split_whitespace().count() >= 3 && t.chars().any(|ch| ch.is_ascii_digit())
                })
                .count();
            !filled.is_empty() && 2 * phrases >= filled.len()
        })
        .collect()
}

/// Whether a cell is a number: a value, or a count grouped by threes (`1'204`, `5 389`).
fn is_number(text: &str) -> bool {
    matches!(value::read(text), CellValue::Number { .. }) || value::whole_number(text).is_some()
}

/// The frame of a grid read with scores along the columns.
fn frame(g: &[Vec<GridCell>], declared_header_rows: Option<usize>) -> Option<Frame> {
    let width = g.first()?.len();
    // Header rows: the leading rows without a number past the first column.
    let auto = g
        .iter()
        .take_while(|row| {
            !row.iter().skip(1).any(|c| {
                is_number(&c.text)
                    || value::figure_named(&c.text)
                    || value::is_figure_range(&c.text)
            })
        })
        .count()
        .min(4);
    // Rows past the first without a number are header rows only if they read as one (a
    // score, a value or dataset word, a unit, a span, a blank corner): `| SVM | n/a | x |`
    // is a body row whose cells could not be read.
    let headerish = |row: &[GridCell]| {
        row.first().is_some_and(|c| c.text.trim().is_empty())
            || row.iter().any(|c| {
                let t = c.text.trim();
                c.merged
                    || score_of_header(t).is_some()
                    || score_of_qualified_header(t).is_some()
                    // (`Mean ± SD` is a header; `± 156.355` a spread of a body row's figure.)
                    || (is_value_word(t) && !t.contains(|c: char| c.is_ascii_digit()))
                    || is_dataset_word(t)
                    || is_method_word(t)
                    || t.contains(['%', '↑', '↓'])
            })
    };
    // One cell across the whole row (`Training cohort` over its rows, `Testing cohort` lower
    // down): a section of the body, not a header row, when another such row follows.
    // (A span one or two columns short, the rest of the row empty, is such a row too.)
    let spans_the_row = |row: &[GridCell]| {
        let across = row
            .iter()
            .filter(|c| c.merged && c.text == row[0].text)
            .count();
        row.len() > 1
            && row[0].merged
            && across >= 2
            && across + 2 >= row.len()
            && row.iter().all(|c| {
                (c.merged && c.text == row[0].text) || (!c.merged && c.text.trim().is_empty())
            })
            && !row[0].text.trim().is_empty()
    };
    let auto = (1..auto)
        .rev()
        .find(|&r| {
            // (Or when a row above names the scores already: a group's name sits above
            // the scores it covers, a block's below them.)
            let names_scores = |row: &Vec<GridCell>| {
                row.iter().any(|c| {
                    score_of_header(&c.text).is_some()
                        || score_of_qualified_header(&c.text).is_some()
                })
            };
            headerish(&g[r])
                && !(spans_the_row(&g[r])
                    && (g[r + 1..].iter().any(|row| spans_the_row(row))
                        || g[..r].iter().any(names_scores)))
        })
        .map_or(auto.min(1), |r| r + 1);
    let h = match declared_header_rows {
        Some(k) if k > 0 && k <= g.len() => declared_headers(g, k).max(auto.min(4)),
        _ => auto,
    };
    if h == 0 || h >= g.len() {
        return None;
    }
    let body = &g[h..];
    // Label columns: the leading columns where no body cell is a number, or whose header
    // names no score and which hold text besides numbers (a sweep's `0.10`, `5 frames`).
    let header_names_score = |c: usize| {
        g[..h].iter().any(|row| {
            score_of_header(&row[c].text).is_some()
                || score_of_qualified_header(&row[c].text).is_some()
        })
    };
    // A column of value lists (`0.024; 0.0952`, one value per group) holds values that
    // cannot be attributed: neither names nor settings.
    let value_lists = |c: usize| {
        let filled = body
            .iter()
            .filter(|row| !row[c].text.trim().is_empty())
            .count();
        let lists = body
            .iter()
            .filter(|row| value::is_value_list(&row[c].text))
            .count();
        filled > 0 && 2 * lists >= filled
    };
    // A column of fold or run numbers (`| Fold | Acc |` over `| 1 | 0.91 |`) names its rows.
    let numbers_rows = |c: usize| {
        !header_names_score(c) && g[..h].iter().any(|row| numbers_folds_or_runs(&row[c].text))
    };
    // A setting written once per block of rows (`50\%` over an SVM row and an ED row, the
    // next left blank), as a `\multirow` would: it groups its rows, as a label does.
    let groups_rows = |c: usize| {
        !header_names_score(c)
            && c + 1 < width
            && body.iter().any(|row| row[c].text.trim().is_empty())
            && body.iter().any(|row| !row[c].text.trim().is_empty())
            && body
                .iter()
                .all(|row| !row[c].text.trim().is_empty() || !row[c + 1].text.trim().is_empty())
    };
    let labels = (0..width)
        .take_while(|&c| {
            if value_lists(c) {
                return false;
            }
            numbers_rows(c)
                || (c == 0 && groups_rows(c))
                // A column headed by a score after the first holds scores, readable or not
                // (`0.95–0.96` in a one-row table is an unread figure, not part of a name).
                || !(c > 0 && header_names_score(c)
                    || body.iter().any(|row| is_number(&row[c].text)))
                || (!header_names_score(c) && {
                    // Text in at least half the filled cells (a fold column's `μ`, `σ`
                    // under numbered folds is not enough).
                    let filled = body.iter().filter(|row| !row[c].text.trim().is_empty());
                    let (mut text, mut all) = (0, 0);
                    for row in filled {
                        all += 1;
                        text += usize::from(
                            matches!(value::read(&row[c].text), CellValue::Text(_))
                                && value::whole_number(&row[c].text).is_none(),
                        );
                    }
                    all > 0 && 2 * text >= all
                })
        })
        .count();
    // Settings before the first score column (a sweep's thresholds, a perturbation's level)
    // are part of who a row is about when the text labels alone do not tell the rows apart
    // (or there are none).
    let told_apart = |n: usize| {
        let keys: Vec<Vec<&str>> = body
            .iter()
            .map(|row| row[..n].iter().map(|c| c.text.trim()).collect())
            .collect();
        let mut seen = std::collections::HashSet::with_capacity(keys.len());
        n > 0 && keys.iter().all(|key| seen.insert(key))
    };
    let mut labels = labels;
    if !told_apart(labels) {
        // A fold, run or seed number is a repetition of one method, never a setting of it;
        // one number in every row (`Folds: 5`) is a setting all rows share.
        let repetition = |c: usize| {
            let headed = g[..h].iter().any(|row| {
                let t = row[c].text.trim().to_lowercase();
                let t = t.trim_end_matches(['.', 's']);
                matches!(
                    t,
                    "fold" | "run" | "seed" | "iteration" | "repetition" | "trial" | "#" | "k"
                )
            });
            let mut filled = body.iter().map(|row| row[c].text.trim());
            let first = filled.next().unwrap_or("");
            headed && (body.len() < 2 || !filled.all(|t| t == first))
        };
        let settings = (labels..width)
            .take_while(|&c| {
                !header_names_score(c)
                    && !repetition(c)
                    && !value_lists(c)
                    && !g[..h]
                        .iter()
                        .any(|row| count_of_header(&row[c].text).is_some())
            })
            .count();
        if settings > 0 && labels + settings < width && told_apart(labels + settings) {
            labels += settings;
        }
    }
    // No label column at all is a table of one model's scores (`| Accuracy | Precision |`)
    // when every column's header names a score.
    if labels >= width || (labels == 0 && !(0..width).all(header_names_score)) {
        return None;
    }
    let label_headers: Vec<String> = (0..labels)
        .map(|c| {
            let mut parts: Vec<&str> = Vec::new();
            for row in &g[..h] {
                let t = row[c].text.trim();
                if !t.is_empty() && !parts.contains(&t) {
                    parts.push(t);
                }
            }
            parts.join(" ")
        })
        .collect();
    let descriptive = descriptive_columns(&label_headers, body);
    let parts = parts_columns(&label_headers, body);
    let mut column_headers: Vec<Vec<GridCell>> =
        g[..h].iter().map(|row| row[labels..].to_vec()).collect();
    // A group row written without spans (Markdown: `| | SVM | | RF | |` over `| Dataset |
    // Acc | F1 | Acc | F1 |`): a blank cell above the lowest header row belongs to the group
    // on its left, as a span would.
    let lowest = column_headers.len().saturating_sub(1);
    for row in &mut column_headers[..lowest] {
        if row.iter().any(|c| c.merged) {
            continue;
        }
        for j in 1..row.len() {
            if row[j].text.trim().is_empty() && !row[j - 1].text.trim().is_empty() {
                row[j] = GridCell {
                    merged: true,
                    origin: false,
                    ..row[j - 1].clone()
                };
            }
        }
    }
    Some(Frame {
        column_headers,
        label_headers,
        descriptive,
        parts,
        body: body
            .iter()
            .map(|row| (row[..labels].to_vec(), row[labels..].to_vec()))
            .collect(),
        transposed: false,
        groups_name_methods: false,
    })
}

/// How many of the `declared` header rows (`<thead>`) are headers: a declared row that
/// reads as a row of values (a label, then only numbers) under a header row naming a score
/// is the first body row (LaTeXML guesses a baseline's row into the head).
fn declared_headers(g: &[Vec<GridCell>], declared: usize) -> usize {
    (1..declared)
        .find(|&r| {
            let row = &g[r];
            let label = row.first().is_some_and(|c| {
                matches!(value::read(&c.text), CellValue::Text(_)) && !c.text.trim().is_empty()
            });
            let filled: Vec<&GridCell> = row
                .iter()
                .skip(1)
                .filter(|c| !c.text.trim().is_empty())
                .collect();
            let above_names_score = g[..r].iter().any(|above| {
                above
                    .iter()
                    .skip(1)
                    .any(|c| score_of_header(&c.text).is_some())
            });
            label
                && !filled.is_empty()
                && filled.iter().all(|c| is_number(&c.text))
                && above_names_score
        })
        .unwrap_or(declared)
}

/// Whether a header names a row index or rank (`#`, `No.`, `Rank`, `ID`).
fn is_index_header(text: &str) -> bool {
    let form: String = text
        .to_lowercase()
        .chars()
        .filter(|ch| ch.is_alphanumeric() || *ch == '#')
        .collect();
    matches!(
        form.as_str(),
        "#" | "no"
            | "nr"
            | "index"
            | "idx"
            | "id"
            | "rank"
            | "ranks"
            | "ranking"
            | "sno"
            | "srno"
            | "slno"
    )
}

/// Whether column 0 is a row index (a DataFrame's index, a `#` or `No.` column): an empty or
/// index-like header, whole numbers in every filled body cell, and a column of text after it
/// (the row's name). Such a column says nothing about who a row is and is left out.
fn is_index_column(g: &[Vec<GridCell>], header_rows: usize) -> bool {
    if g.len() <= header_rows || g.first().map_or(0, Vec::len) < 3 {
        return false;
    }
    let header_ok = g[..header_rows]
        .iter()
        .all(|row| row[0].text.trim().is_empty() || is_index_header(&row[0].text));
    let body = &g[header_rows..];
    let whole = |t: &str| !t.is_empty() && t.len() <= 6 && t.chars().all(|c| c.is_ascii_digit());
    let index_cells = body
        .iter()
        .filter(|row| !row[0].text.trim().is_empty())
        .all(|row| whole(row[0].text.trim()));
    let filled = body.iter().any(|row| !row[0].text.trim().is_empty());
    let next_is_text = body.iter().all(|row| {
        let t = row[1].text.trim();
        !t.is_empty() && matches!(value::read(t), CellValue::Text(_))
    });
    header_ok && filled && index_cells && next_is_text
}

/// The same frame with rows and columns exchanged: the row labels become column headers.
fn transpose(f: &Frame) -> Frame {
    let labels = f.label_headers.len();
    let columns = f.column_headers.first().map_or(0, Vec::len);
    // A grouping label left empty under its block's first rows (a `\multirow` shorter than its
    // block) carries down to the rows that name a score, as in Markdown.
    let mut label_rows: Vec<Vec<GridCell>> = f.body.iter().map(|(l, _)| l.clone()).collect();
    for i in 1..label_rows.len() {
        for k in 0..labels.saturating_sub(1) {
            let named = label_rows[i]
                .last()
                .is_some_and(|c| !c.text.trim().is_empty());
            if named && label_rows[i][k].text.trim().is_empty() {
                label_rows[i][k] = label_rows[i - 1][k].clone();
            }
        }
    }
    let column_headers = (0..labels)
        .map(|k| label_rows.iter().map(|l| l[k].clone()).collect())
        .collect();
    let body = (0..columns)
        .map(|j| {
            let labels: Vec<GridCell> = f.column_headers.iter().map(|row| row[j].clone()).collect();
            let values: Vec<GridCell> = f.body.iter().map(|(_, v)| v[j].clone()).collect();
            (labels, values)
        })
        .collect();
    Frame {
        column_headers,
        label_headers: vec![String::new(); f.column_headers.len()],
        body,
        transposed: true,
        groups_name_methods: f.label_headers.iter().any(|h| is_method_word(h))
            && !f.label_headers.iter().any(|h| is_dataset_word(h)),
        descriptive: vec![false; f.column_headers.len()],
        parts: vec![false; f.column_headers.len()],
    }
}

/// The score of each value column (from its lowest header cell naming one), and the group
/// above it (the header cells over that one).
fn score_columns(f: &Frame) -> Vec<Option<(&'static str, String, bool)>> {
    let columns = f.column_headers.first().map_or(0, Vec::len);
    // `F1 | F2 | F3 | F4 | F5`: numbered folds or subsets, not an F1 score beside others.
    let numbered_f = |k: usize| {
        let texts: Vec<String> = f.column_headers[k]
            .iter()
            .map(|c| c.text.trim().to_lowercase())
            .collect();
        texts.iter().any(|t| t == "f1")
            && texts.iter().any(|t| t == "f2")
            && texts.iter().any(|t| t == "f3")
    };
    // `Precision (0) | Precision (1) | Recall (0) | Recall (1)`: one score per class of a
    // two-class table, read when every class-labelled header's label is one of the two
    // classes (`(2)` anywhere makes them a multiclass table's, not read).
    // (`Accuracy (0) | Accuracy (1)`: the accuracy is no class's, so the labels are settings
    // or runs, not classes.)
    let two_classes = f.column_headers.iter().flatten().all(|cell| {
        crate::names::score_label(&cell.text).is_none_or(|label| {
            crate::names::binary_class_label(&label).is_some_and(|positive| {
                crate::names::class_labelled(&cell.text)
                    .is_some_and(|(name, _)| crate::names::class_score(name, positive).is_some())
            })
        })
    });
    let named: Vec<Option<(&'static str, String, bool)>> = (0..columns)
        .map(|j| {
            let named = |k: usize| {
                let text = &f.column_headers[k][j].text;
                if numbered_f(k) && text.trim().eq_ignore_ascii_case("f1") {
                    return None;
                }
                // `1 - Acc (%)`, `1 − Sens`: the complement (an error rate), not the score.
                if is_complement(text) {
                    return None;
                }
                // `Acc (%) | SE | Sens (%) | SE`: an `SE` beside a sensitivity named
                // otherwise, one of several, or an unmarked one right after a figure in
                // percent is a figure's standard error.
                if is_bare_se(text) {
                    let row = &f.column_headers[k];
                    let several = row.iter().filter(|c| is_bare_se(&c.text)).count() > 1;
                    let sens_otherwise = row
                        .iter()
                        .any(|c| !is_bare_se(&c.text) && score_of_header(&c.text) == Some("sens"));
                    // (`Acc (%) | SE`: right after a figure in percent, itself unmarked.)
                    let after_percent = j > 0
                        && score_of_header(&row[j - 1].text).is_some()
                        && row[j - 1].text.contains('%')
                        && !text.contains('%');
                    if several || sens_otherwise || after_percent {
                        return None;
                    }
                }
                score_of_header(text)
                    .map(|s| (s, String::new()))
                    .or_else(|| score_of_qualified_header(text))
                    .or_else(|| {
                        let (name, label) = crate::names::class_labelled(text)?;
                        let positive = crate::names::binary_class_label(&label)?;
                        two_classes
                            .then(|| crate::names::class_score(name, positive))
                            .flatten()
                            .map(|s| (s, String::new()))
                    })
            };
            let k = (0..f.column_headers.len())
                .rev()
                .find(|&k| named(k).is_some())?;
            let (score, qualifier) = named(k)?;
            let mut group: Vec<&str> = Vec::new();
            for row in &f.column_headers[..k] {
                let t = row[j].text.trim();
                if !t.is_empty()
                    && !group.contains(&t)
                    && score_of_header(t).is_none()
                    && !is_value_word(t)
                {
                    group.push(t);
                }
            }
            // `Cross-Validation Accuracy` beside `Accuracy`: a protocol, no dataset or group
            // (the same score twice in a row keeps the first and says so).
            if !qualifier.is_empty()
                && !group.contains(&qualifier.as_str())
                && !names_a_validation(&qualifier)
            {
                group.push(&qualifier);
            }
            // Header cells under the score's (`Accuracy` spanning `SVM | RF | LR`) say whose
            // score each column is, as a group over it would; a statistic, a fold, a run, a
            // training or validation split or a protocol there makes the column another
            // quantity than the row's score, and it is not read.
            for row in &f.column_headers[k + 1..] {
                let t = row[j].text.trim();
                // `Sensitivity` over `Est. | Lower | Upper`: the estimate is the score, the
                // interval's bounds are none.
                if names_an_interval_bound(t) {
                    return None;
                }
                if group.contains(&t) || names_no_one(t) || names_an_estimate(t) {
                    continue;
                }
                // `(mean)` under a score is the score; `(SD)`, `(std.)`, `[±]` another quantity.
                let bare = t.trim_matches(['(', ')', '[', ']']).trim();
                if bare != t {
                    if is_value_word(bare) || row_kind(bare, "") == Some(RowKind::Mean) {
                        continue;
                    }
                    if row_kind(bare, "").is_some() {
                        return None;
                    }
                }
                if row_kind(t, "").is_some_and(|kind| kind != RowKind::Mean)
                    || names_training_split(t)
                    || names_a_protocol(t)
                {
                    return None;
                }
                group.push(t);
            }
            let percent = f
                .column_headers
                .iter()
                .any(|row| marks_percent(&row[j].text));
            Some((score, group.join(" "), percent))
        })
        .collect();
    // `Error` over whole numbers (`12`, `105`) counts the misclassified items: no rate.
    let named: Vec<Option<(&'static str, String, bool)>> = named
        .into_iter()
        .enumerate()
        .map(|(j, column)| column.filter(|(score, ..)| *score != "err" || !counts_errors(f, j)))
        .collect();
    // A score measured on the training data (`Train Accuracy`, a `Training` group) is a fit
    // diagnostic: beside scores on held-out data it is not read; alone, the rows are read as
    // measured on a part of the data other than the test data (`only_training`).
    if only_training(f, &named) {
        // A training figure beside a validation figure of the same score (`Train F1 |
        // Validation F1`): the validation one is the model's on data it was not fit on.
        let fitted = |j: usize| {
            f.column_headers
                .iter()
                .any(|row| names_training_split(&row[j].text))
        };
        let validated: Vec<&'static str> = named
            .iter()
            .enumerate()
            .filter_map(|(j, c)| c.as_ref().filter(|_| !fitted(j)).map(|(s, ..)| *s))
            .collect();
        return named
            .into_iter()
            .enumerate()
            .map(|(j, c)| c.filter(|(s, ..)| !(fitted(j) && validated.contains(s))))
            .collect();
    }
    named
        .into_iter()
        .enumerate()
        .map(|(j, column)| column.filter(|_| !training_column(f, j)))
        .collect()
}

/// Whether an error column counts items: headed `Error(s)` (no rate, no percent) over whole
/// numbers, one of them above 1.
fn counts_errors(f: &Frame, j: usize) -> bool {
    let bare = f.column_headers.iter().all(|row| {
        let text = row[j].text.trim().to_lowercase();
        text.is_empty() || matches!(text.trim_start_matches(['#', ' ']), "error" | "errors")
    });
    let cells: Vec<&str> = f
        .body
        .iter()
        .filter_map(|(_, values)| values.get(j))
        .map(|c| c.text.trim())
        // (A spread beside the count, `± 3` in a Std column, says nothing of its unit.)
        .filter(|t| !t.is_empty() && !t.starts_with('±') && !t.starts_with("+/-"))
        .collect();
    bare && !cells.is_empty()
        && cells.iter().all(|t| t.bytes().all(|b| b.is_ascii_digit()))
        && cells.iter().any(|t| t.parse::<u64>().is_ok_and(|v| v > 1))
}

/// A header's first word, lower case, without the marks around it (`CV` of `CV Acc.`).
fn first_word(text: &str) -> String {
    text.split(|c: char| c.is_whitespace() || c == '_' || c == '-')
        .find(|w| !w.is_empty())
        .map(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric())
                .to_lowercase()
        })
        .unwrap_or_default()
}

/// Whether a column's headers say it was measured on the training data, on data that chose
/// the model (`Validation Acc`, `Val Acc`, `Dev Acc`), or by a cross-validation beside
/// columns of a held-out test set (`CV Acc` beside `TP`, `FN` or `Test Acc`).
fn training_column(f: &Frame, j: usize) -> bool {
    let held_out = || {
        f.column_headers.iter().any(|row| {
            row.iter().any(|cell| {
                let text = cell.text.trim();
                matches!(text.to_uppercase().as_str(), "TP" | "FP" | "FN" | "TN")
                    || matches!(
                        first_word(text).as_str(),
                        "test" | "testing" | "holdout" | "held"
                    )
            })
        })
    };
    f.column_headers.iter().any(|row| {
        let text = &row[j].text;
        names_training_split(text)
            // (`Development test set`, `Validation test cohort`: a test set.)
            || (matches!(
                first_word(text).as_str(),
                "validation" | "val" | "valid" | "dev" | "development"
            ) && !text.to_lowercase().contains("test"))
            || ((first_word(text) == "cv" || names_resampling(text)) && held_out())
    })
}

/// Whether a header names figures of a resampling of the data (`OOF accuracy`,
/// `5-fold accuracy`, `Cross-val. acc.`, `LOOCV accuracy`, `Nested-CV accuracy`, `Bootstrap
/// accuracy`): beside a held-out test set's counts, not that test set's figures.
fn names_resampling(text: &str) -> bool {
    let lower = text.to_lowercase();
    [
        "cross-val",
        "cross val",
        "crossval",
        "fold",
        "out-of-fold",
        "nested",
    ]
    .iter()
    .any(|w| lower.contains(w))
        || lower.split(|c: char| !c.is_alphanumeric()).any(|w| {
            matches!(
                w,
                "cv" | "oof" | "loo" | "loocv" | "bootstrap" | "bootstrapped"
            )
        })
}

/// Whether a frame has a column of cross-validation figures (`CV Acc`) beside one of test
/// figures (`Test Acc`, `Held-out F1`).
fn cv_beside_test(f: &Frame) -> bool {
    let any = |words: &[&str]| {
        f.column_headers
            .iter()
            .flatten()
            .any(|cell| words.contains(&first_word(&cell.text).as_str()))
    };
    // (`Training set (random fivefold cross-validation)` over its columns is a CV too.)
    let cross_validated = f.column_headers.iter().flatten().any(|cell| {
        let lower = cell.text.to_lowercase();
        lower.contains("cross-validation") || lower.contains("cross validation")
    });
    (any(&["cv"]) || cross_validated) && any(&["test", "testing", "holdout", "held"])
}

/// Whether every score column of a frame was measured on the training data.
fn only_training(f: &Frame, columns: &[Option<(&'static str, String, bool)>]) -> bool {
    let mut named = columns.iter().enumerate().filter(|(_, c)| c.is_some());
    named.clone().next().is_some() && named.all(|(j, _)| training_column(f, j))
}

/// Whether a header cell under a score's is a bound of its interval (`Lower`, `Upper`, `LL`,
/// `UCL`, `Lower 95% CI`, `CI low`): no result.
fn names_an_interval_bound(text: &str) -> bool {
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let bound = |w: &&str| {
        matches!(
            *w,
            "lower" | "upper" | "ll" | "ul" | "lcl" | "ucl" | "lcb" | "ucb" | "lo" | "hi"
        )
    };
    let interval = |w: &&str| matches!(*w, "ci" | "bound" | "limit" | "interval" | "cl");
    match words.as_slice() {
        [one] => bound(one),
        [] => false,
        _ => {
            words.iter().any(bound)
                && words
                    .iter()
                    .all(|w| bound(w) || interval(w) || w.chars().all(|c| c.is_ascii_digit()))
                || (words.iter().any(interval)
                    && words.iter().any(|w| matches!(*w, "low" | "high")))
        }
    }
}

/// Whether a header cell under a score's names its point estimate (`Est.`, `Estimate`,
/// `Point estimate`): the score itself.
fn names_an_estimate(text: &str) -> bool {
    matches!(
        text.trim().trim_end_matches('.').to_lowercase().as_str(),
        "est" | "estimate" | "point estimate" | "point" | "pe"
    )
}

/// Whether a header cell under a score's names no one: empty, a mark (`%`, `↑`), a value
/// word (`Mean`, `Value`) or the test data (`Test`, `Held-out`).
fn names_no_one(text: &str) -> bool {
    !text.chars().any(char::is_alphanumeric)
        || is_value_word(text)
        || row_kind(text, "") == Some(RowKind::Mean)
        || names_the_test_data(text)
}

/// Whether a header cell names the test data (`Test`, `Held-out`).
fn names_the_test_data(text: &str) -> bool {
    matches!(
        header_form_of(text).as_str(),
        "test" | "testing" | "test_set" | "testing_set" | "test_data" | "held_out" | "holdout"
    )
}

/// Whether a header cell names a way of splitting the data (`5-fold`, `10-fold CV`, `LOO`,
/// `Hold-out`, `70/30 split`).
/// Whether a score's qualifier names a validation protocol (`Cross-Validation`, `CV`,
/// `5-fold`, `LOOCV`, `Hold-out`), not data (`Cross-Domain`, `Cross-Dataset` are data).
fn names_a_validation(text: &str) -> bool {
    let lower = text.to_lowercase();
    [
        "cross-val",
        "cross val",
        "crossval",
        "fold",
        "hold-out",
        "holdout",
    ]
    .iter()
    .any(|w| lower.contains(w))
        || lower
            .split(|c: char| !c.is_alphanumeric())
            .any(|w| matches!(w, "cv" | "loo" | "loocv" | "bootstrap"))
}

fn names_a_protocol(text: &str) -> bool {
    let form = header_form_of(text);
    form.contains("fold")
        || form.contains("hold")
        || form.contains("split")
        || form.contains("cross")
        || form
            .split(|c: char| !c.is_alphanumeric())
            .any(|w| matches!(w, "cv" | "loo" | "loocv" | "bootstrap"))
}

/// Scores that a caption's "weighted averages" (or macro, micro) turns into averages over the
/// classes: not the binary scores of the row.
pub(crate) const CLASS_AVERAGED: &[&str] = &["ppv", "sens", "spec", "npv", "f1p"];

/// Whether a caption says the per-class scores are averaged over the classes.
fn caption_averages_classes(caption: &str) -> bool {
    let text = caption.to_lowercase().replace('-', " ");
    let words: Vec<&str> = text
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
        .collect();
    words.windows(2).any(|pair| {
        pair[0] == "weighted" && matches!(pair[1], "average" | "averages" | "averaged" | "avg")
    }) || words.iter().any(|w| matches!(*w, "macro" | "micro"))
        // `(weighted F1)`, `(support-weighted F1)`, `F1 averaged over both classes`.
        || text_averages_classes(caption).is_some()
}

/// The first phrase of a document's text that names a score averaged over the classes
/// (`Macro F1`, `weighted-averaged precision`, `F1 (macro)`): the precision, recall and F1
/// of its tables may be such averages, whatever their headers say (`None` when the text has
/// a multi-class model too: its averages may be that model's only).
pub(crate) fn text_averages_classes(text: &str) -> Option<String> {
    // A printed dictionary's keys (`{'0': {...}, 'macro avg': {...}}`, scikit-learn's
    // `output_dict=True`) name its own rows, beside its per-class ones: no word on how the
    // text's other figures were averaged.
    let mut text = text.to_lowercase();
    for key in ["macro avg", "micro avg", "weighted avg", "samples avg"] {
        for quote in ['\'', '"'] {
            text = text.replace(&format!("{quote}{key}{quote}"), " ");
        }
    }
    let lower = text.replace(['-', '_'], " ");
    // A text that also has a multi-class model may average that model's scores only.
    if lower.contains("multiclass") || lower.contains("multi class") {
        return None;
    }
    // Said without the words macro, micro or weighted.
    if let Some(phrase) = [
        "unweighted mean",
        "unweighted average",
        "per class values",
        "per class scores",
        "averaged over the classes",
        "averaged over classes",
        "averaged across the classes",
        "averaged across classes",
        "average over the classes",
        "mean over the classes",
        "class averaged",
        "for each of the two classes",
        "with equal weight",
        "averaged over both classes",
        "average of the two classes",
        "mean of the two classes",
        "averaged over the two classes",
        "macro averaging",
        "macro averages",
        "macro avg",
        "micro averaging",
        "weighted averaging",
        "for each class and then averaged",
        "per class and then averaged",
        "mean of the per class",
        "average of the per class",
        "average the by class",
        "average the per class",
        "support weighted",
        "both classes count equally",
        "classes count equally",
        "average over the two classes",
        "average over both classes",
        "weighted average over",
        "per class and combined",
        "each class and combined",
        "per class and then combined",
        "weights equal to each class",
        "weighted by the number of",
        "weighted by class",
        "weighted by support",
        "weighted by prevalence",
        "weighted by the prevalence",
        "weighted by the class",
        "weighted by each class",
        "prevalence weighted",
        "frequency weighted",
        "averaged without weights",
        "average without weights",
        "mean without weights",
        "macro weighted",
        "weighted avg",
        "macro avg",
        "compute sample weight",
    ]
    .iter()
    .find(|phrase| lower.contains(*phrase))
    {
        return Some((*phrase).to_string());
    }
    // `the means of the fraud and legitimate classes' values`, not `the means of the per-fold
    // values`.
    if lower.match_indices("means of the").any(|(at, _)| {
        lower[at..]
            .char_indices()
            .nth(60)
            .map_or(&lower[at..], |(end, _)| &lower[at..at + end])
            .contains("class")
    }) {
        return Some("means of the".to_string());
    }
    // scikit-learn's `average='weighted'` said in the prose (`\texttt{average='weighted'}`).
    let squeezed: String = lower
        .chars()
        .filter(|c| !matches!(c, ' ' | '\'' | '"' | '`' | '{' | '}'))
        .collect();
    if let Some(kind) = ["weighted", "macro", "micro", "samples", "none"]
        .iter()
        .find(|kind| {
            squeezed.contains(&format!("average={kind}"))
                || squeezed.contains(&format!("avg={kind}"))
        })
    {
        return Some(format!("average={kind}"));
    }
    if says_class_balanced_scores(&lower) {
        return Some("class balanced".to_string());
    }
    let words: Vec<&str> = lower
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
        .filter(|w| !w.is_empty())
        .take(200_000)
        .collect();
    let averaging = |w: &str| {
        matches!(
            w,
            "macro" | "micro" | "weighted" | "macroaveraged" | "microaveraged"
        )
    };
    let score = |w: &str| {
        matches!(
            w,
            "f1" | "f" | "fscore" | "f1score" | "precision" | "recall" | "sensitivity" | "ppv"
        )
    };
    // Windows of three words, and the last two (`... weighted F1` at the end).
    let found = (0..words.len().saturating_sub(1)).find_map(|i| {
        let w = &words[i..(i + 3).min(words.len())];
        let third = w.get(2).copied().unwrap_or_default();
        let near = (averaging(w[0])
            && (score(w[1]) || (w[1].starts_with("averag") && score(third))))
            || (score(w[0]) && averaging(w[1]));
        near.then(|| w.join(" "))
    });
    // `Precision, recall and F1 are macro-averaged.`: the averaging said of the scores just
    // before it, across a verb.
    found.or_else(|| {
        (1..words.len().saturating_sub(1)).find_map(|i| {
            if !(averaging(words[i]) && words[i + 1].starts_with("averag")) {
                return None;
            }
            let before = words[..i].iter().rev().find(|w| {
                !matches!(**w, "are" | "is" | "were" | "was" | "all" | "both" | "also")
            })?;
            score(before).then(|| format!("{before} {} {}", words[i], words[i + 1]))
        })
    })
}

/// Whether "class balanced" (hyphens already spaces) is said of the scores: not where it
/// says how a model was trained (`Logistic Regression with class-balanced weights`,
/// `a class-balanced loss`), unless the sentence speaks of the evaluation too (`class-balanced
/// sample_weight to classification_report`).
fn says_class_balanced_scores(lower: &str) -> bool {
    const TRAINING: &[&str] = &[
        "weights",
        "weight",
        "weighting",
        "loss",
        "losses",
        "cross",
        "focal",
        "sampling",
        "sampler",
        "batch",
        "batches",
        "minibatches",
        "training",
        "subsampling",
        "undersampling",
        "oversampling",
        "resampling",
        "bagging",
        "random",
    ];
    const EVALUATION: &[&str] = &[
        "report",
        "metric",
        "score",
        "evaluat",
        "sample weight",
        "averag",
        "mean",
        "accuracy",
        "precision",
        "recall",
        "f1",
    ];
    lower.match_indices("class balanced").any(|(at, phrase)| {
        let after = &lower[at + phrase.len()..];
        let next = after
            .split_whitespace()
            .next()
            .unwrap_or_default()
            .trim_matches(|c: char| !c.is_alphanumeric());
        if !TRAINING.contains(&next) {
            return true;
        }
        let start = lower[..at].rfind(['.', '\n', ';']).map_or(0, |i| i + 1);
        let end = after
            .find(['.', '\n', ';'])
            .map_or(lower.len(), |i| at + phrase.len() + i);
        let sentence = &lower[start..end];
        EVALUATION.iter().any(|word| sentence.contains(word))
    })
}

/// The first short cell of a table that names a score averaged over classes (`f1_macro`,
/// `Macro-F1`, `weighted avg`): its other precision, recall and F1 figures are then likely
/// averages over classes too.
pub(crate) fn cell_averaging_classes(table: &RawTable) -> Option<&str> {
    table
        .rows
        .iter()
        .flatten()
        .map(|c| c.text.trim())
        .find(|text| {
            let lower = text.to_lowercase();
            // `F1 (avg)`: an average of a per-class score, over the classes or not said.
            let averaged_per_class = ["(avg)", "(avg.)", "(average)"]
                .iter()
                .any(|a| lower.contains(a))
                && ["f1", "precision", "recall", "f-score", "f score"]
                    .iter()
                    .any(|s| lower.contains(s));
            text.split_whitespace().count() <= 4
                && text.chars().count() <= 40
                && (caption_averages_classes(&text.replace('_', " ")) || averaged_per_class)
        })
}

/// Rows with counts beyond which a row is looked for as the difference of two others only
/// among rows at most [`DIFFERENCE_REACH`] apart (the search over every pair is quadratic).
const MAX_DIFFERENCE_ROWS: usize = 2_000;

/// How far apart (in rows with counts) two rows may be in a larger table for a third to be
/// read as their difference.
const DIFFERENCE_REACH: usize = 64;

/// The greatest common divisor (`gcd(0, 0)` is 0).
fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// A table's rows: one per (dataset, method) with at least one score.
pub(crate) fn rows(table: &RawTable, limits: &Limits) -> (Vec<TableRow>, Option<String>) {
    let (mut rows, unread) = rows_as_printed(table, limits);
    // Three rows or more whose matrices have one total N, whose positives (TP + FN) and
    // predicted positives (TP + FP) each add up to N: one model's classes, one-vs-rest,
    // not binary runs (their accuracy column is often the model's): no counts.
    let matrices: Vec<[u64; 4]> = rows.iter().filter_map(|r| r.matrix).collect();
    let total = |[tp, fp, fn_, tn]: [u64; 4]| tp.checked_add(fp)?.checked_add(fn_)?.checked_add(tn);
    let one_vs_rest = matrices.len() >= 3
        && matrices.len() == rows.len()
        && matrices
            .iter()
            .all(|m| total(*m).is_some() && total(*m) == total(matrices[0]))
        // Binary models on one test set share their positives (TP + FN); a model's classes
        // do not.
        && matrices.iter().any(|m| m[0].saturating_add(m[2]) != matrices[0][0].saturating_add(matrices[0][2]))
        && total(matrices[0]).is_some_and(|n| {
            let sum =
                |f: fn(&[u64; 4]) -> u64| matrices.iter().map(f).try_fold(0u64, u64::checked_add);
            sum(|m| m[0].saturating_add(m[2])) == Some(n)
                && sum(|m| m[0].saturating_add(m[1])) == Some(n)
        });
    // One accuracy printed in several rows beside matrices of different accuracies is a
    // model's (per-class rows of one model, a class left out, several models), not each
    // row's: not read in those rows.
    let exact_accuracy = |[tp, fp, fn_, tn]: [u64; 4]| {
        let n = u128::from(tp) + u128::from(fp) + u128::from(fn_) + u128::from(tn);
        (u128::from(tp) + u128::from(tn), n)
    };
    let accuracy_of = |r: &TableRow| {
        r.scores
            .iter()
            .find(|(s, _)| *s == "acc")
            .map(|(_, v)| v.clone())
    };
    // (By printed accuracy: a row shares it when another row printing it has a matrix of
    // another exact accuracy, that is when the matrices printing it give two accuracies or
    // more. Linear in the rows: a table may have tens of thousands.)
    let reduced = |m: [u64; 4]| {
        let (a, n) = exact_accuracy(m);
        let g = gcd(a, n).max(1);
        (a / g, n / g)
    };
    let mut accuracies: HashMap<String, Vec<(u128, u128)>> = HashMap::new();
    for r in &rows {
        if let (Some(acc), Some(m)) = (accuracy_of(r), r.matrix) {
            let ratios = accuracies.entry(acc).or_default();
            let ratio = reduced(m);
            if ratios.len() < 2 && !ratios.contains(&ratio) {
                ratios.push(ratio);
            }
        }
    }
    let shared: Vec<bool> = rows
        .iter()
        .map(|r| {
            r.matrix.is_some()
                && accuracy_of(r)
                    .is_some_and(|acc| accuracies.get(&acc).is_some_and(|ratios| ratios.len() > 1))
        })
        .collect();
    for (row, shared) in rows.iter_mut().zip(shared) {
        if shared {
            row.scores.retain(|(s, _)| *s != "acc");
            row.notes.push("the same accuracy printed in rows whose matrices give different accuracies: a model's, not this row's; not read".to_string());
        }
    }
    // A row whose counts are the difference of two other rows' (`Added by AI`, `AI vs.
    // unassisted`, under rows of each condition): a comparison, its figures differences.
    // (Its figures must be the differences too: a subgroup's counts are the whole's less the
    // other subgroup's, its figures not. Floats decide only what is read, never a verdict.)
    let figure = |r: &TableRow, score: &str| {
        r.scores
            .iter()
            .find(|(s, _)| *s == score)
            .and_then(|(_, v)| v.parse::<f64>().ok())
    };
    // (Each pair of rows' componentwise difference is looked up among the rows' matrices:
    // quadratic in the rows with counts, so a table of more than MAX_DIFFERENCE_ROWS of them
    // pairs only rows at most DIFFERENCE_REACH apart, as comparisons are printed.)
    let is_difference = |r: &TableRow, a: &TableRow, b: &TableRow| {
        r.scores.iter().all(|(score, printed)| {
            let unit = printed
                .split_once('.')
                .map_or(1.0, |(_, f)| 10f64.powi(-(f.len() as i32)));
            match (figure(a, score), figure(b, score), printed.parse::<f64>()) {
                (Some(x), Some(y), Ok(v)) => ((x - y).abs() - v.abs()).abs() <= 1.5 * unit,
                _ => false,
            }
        })
    };
    let mut by_matrix: HashMap<[u64; 4], Vec<usize>> = HashMap::new();
    for (i, r) in rows.iter().enumerate() {
        if let Some(m) = r.matrix {
            by_matrix.entry(m).or_default().push(i);
        }
    }
    let counted: Vec<usize> = (0..rows.len())
        .filter(|&i| rows[i].matrix.is_some())
        .collect();
    let reach = if counted.len() > MAX_DIFFERENCE_ROWS {
        DIFFERENCE_REACH
    } else {
        counted.len()
    };
    let mut differences = vec![false; rows.len()];
    for (x, &i) in counted.iter().enumerate() {
        for &j in counted.iter().skip(x + 1).take(reach) {
            let (Some(am), Some(bm)) = (rows[i].matrix, rows[j].matrix) else {
                continue;
            };
            if am == bm {
                continue;
            }
            let d = [0, 1, 2, 3].map(|k| am[k].abs_diff(bm[k]));
            if d == am || d == bm {
                continue;
            }
            for &r in by_matrix.get(&d).into_iter().flatten() {
                if !differences[r] && is_difference(&rows[r], &rows[i], &rows[j]) {
                    differences[r] = true;
                }
            }
        }
    }
    let mut difference = differences.into_iter();
    rows.retain(|_| !difference.next().unwrap_or(false));
    if one_vs_rest {
        for row in &mut rows {
            row.matrix = None;
            row.notes.push("the rows' TP + FN and TP + FP each add up to their common total: one model's classes one-vs-rest, not binary runs; counts not read".to_string());
        }
    }
    let report = rows.iter().any(|r| r.report);
    // Recall printed equal to accuracy in every row (two at least) is the signature of
    // recall weighted over the classes (weighted recall is the accuracy): binary recalls
    // match the accuracy only by chance.
    let printed = |row: &TableRow, score: &str| {
        row.scores
            .iter()
            .find(|(s, _)| *s == score)
            .map(|(_, v)| v.clone())
    };
    // A perfect row (accuracy 1 or 100 %) has every rate 1, binary or averaged: it tells
    // no averaging.
    let perfect = |row: &TableRow| {
        printed(row, "acc").is_some_and(|acc| {
            let m = value::magnitude(&acc);
            m == 1.0 || (row.percent && m == 100.0)
        })
    };
    let with_both: Vec<&TableRow> = rows
        .iter()
        .filter(|r| printed(r, "acc").is_some() && printed(r, "sens").is_some() && !perfect(r))
        .collect();
    // One row is enough when its figures have three significant digits or more: a binary
    // recall matches the accuracy to that precision only when the specificity does too.
    let weighted = match with_both.as_slice() {
        [] => false,
        [one] => printed(one, "acc").is_some_and(|acc| {
            printed(one, "sens") == Some(acc.clone()) && significant_digits(&acc) >= 3
        }),
        // Printed with other digits (`0.8550` beside `0.85`: Python rounds 0.855 down), they
        // agree within a unit of the coarser one's last digit, the recall (a report's) the
        // coarser: a recall printed finer than its accuracy (`0.95` beside `0.9`) is no
        // rounding of it.
        all => all
            .iter()
            .all(|r| match (printed(r, "acc"), printed(r, "sens")) {
                (Some(acc), Some(sens)) => {
                    let decimals = |t: &str| t.split_once('.').map_or(0, |(_, f)| f.len());
                    decimals(&sens) <= decimals(&acc) && agree_within_a_unit(&acc, &sens)
                }
                _ => false,
            }),
    };
    // Precision, recall and accuracy printed equal are micro averages over the classes
    // (each equals the accuracy): a binary model's match only by chance, which two digits
    // leave open in one row (`76 | 76 | 76`, a balanced classifier) but not in two rows, nor
    // to three significant digits.
    let equal: Vec<String> = rows
        .iter()
        .filter(|r| !perfect(r))
        .filter_map(|r| {
            let acc = printed(r, "acc")?;
            (printed(r, "sens").as_ref() == Some(&acc) && printed(r, "ppv").as_ref() == Some(&acc))
                .then_some(acc)
        })
        .collect();
    let micro = equal.len() >= 2 || equal.iter().any(|acc| significant_digits(acc) >= 3);
    let why = if report {
        None
    } else if micro {
        Some("precision, recall and accuracy are equal in a row, as micro averages over the classes are: precision, recall and F1 read as micro averages, not read".to_string())
    } else if weighted {
        Some("recall equals accuracy in every row, as recall weighted over the classes does: precision, recall and F1 read as weighted averages, not read".to_string())
    } else if caption_averages_classes(&table.caption) {
        Some(
            "the caption says precision, recall or F1 are averaged over the classes: not read"
                .to_string(),
        )
    } else {
        cell_averaging_classes(table).map(|cell| {
            format!("the table names {cell:?}, averaged over the classes, so its precision, recall or F1 may be too: not read")
        })
    };
    // A column of class averages (`Macro F1`, `Weighted Recall`) is no score of a row: said
    // in each row where it dropped nothing else.
    let averaged_cell = cell_averaging_classes(table);
    if let Some(why) = why {
        for row in &mut rows {
            let before = row.scores.len();
            // A row's own TP, FP, FN and TN settle it: a figure that is exactly the binary
            // score of that matrix (recall equals accuracy when there are no negatives) is
            // the binary score; kept, it can only agree with the counts.
            let (matrix, percent) = (row.matrix, row.percent);
            row.scores.retain(|(s, v)| {
                !CLASS_AVERAGED.contains(s) || matrix.is_some_and(|m| fits_matrix(s, v, percent, m))
            });
            if row.scores.len() < before {
                row.notes.push(why.clone());
            } else if let Some(cell) = averaged_cell {
                row.notes
                    .push(format!("{cell:?} is averaged over the classes: not read"));
            }
        }
        let had = rows.len();
        rows.retain(|row| !row.scores.is_empty());
        // Every row emptied: the table is unread, and why is said (stderr, the page).
        if had > 0 && rows.is_empty() && unread.is_none() {
            return (rows, Some(why.trim_end_matches(": not read").to_string()));
        }
    }
    (rows, unread)
}

/// Whether a printed figure is, within its rounding, the binary `score` of the matrix
/// (tp, fp, fn, tn), in percent when `percent`: exact integer arithmetic.
fn fits_matrix(score: &str, printed: &str, percent: bool, matrix: [u64; 4]) -> bool {
    let [tp, fp, fn_, tn] = matrix.map(i128::from);
    let (num, den) = match score {
        "sens" => (tp, tp + fn_),
        "spec" => (tn, tn + fp),
        "ppv" => (tp, tp + fp),
        "npv" => (tn, tn + fn_),
        "f1p" => (2 * tp, 2 * tp + fp + fn_),
        _ => return false,
    };
    !printed.starts_with('-') && value::within_rounding(printed, num, den, percent) == Some(true)
}

/// Whether two printed decimals are one figure printed to different digits: equal, or the
/// finer within half a unit of the coarser's last digit (`0.8550` and `0.85`: 0.855 printed
/// to two decimals); a guide to how figures were averaged, never a verdict.
fn agree_within_a_unit(a: &str, b: &str) -> bool {
    let decimals = |t: &str| t.split_once('.').map_or(0, |(_, f)| f.len());
    if a == b || decimals(a) == decimals(b) {
        return a == b;
    }
    let coarse = 10f64.powi(-(decimals(a).min(decimals(b)) as i32));
    let (x, y) = (value::magnitude(a), value::magnitude(b));
    (x - y).abs() <= coarse / 2.0 * (1.0 + 1e-9)
}

/// The significant digits of a printed figure (`0.5143`: 4, `85.3`: 3, `0.90`: 2).
fn significant_digits(printed: &str) -> usize {
    let digits: String = printed.chars().filter(char::is_ascii_digit).collect();
    digits.trim_start_matches('0').len()
}

/// A table's rows as its cells say, before what its caption says of them.
fn rows_as_printed(table: &RawTable, limits: &Limits) -> (Vec<TableRow>, Option<String>) {
    let mut g = grid(&table.rows, limits.max_columns);
    g.retain(|row| row.iter().any(|c| !c.text.trim().is_empty()));
    // R caret's `Detection Rate` (beside its `Detection Prevalence`) is TP / N, not the
    // sensitivity other fields call a detection rate: not read.
    let is = |c: &GridCell, name: &str| c.text.trim().eq_ignore_ascii_case(name);
    if g.iter().flatten().any(|c| is(c, "detection prevalence")) {
        for cell in g.iter_mut().flatten() {
            if is(cell, "detection rate") {
                cell.text = "TP/N (caret's Detection Rate)".to_string();
            }
        }
    }
    // A caption or heading saying the cells are counts and their rates, `n (%)`: a body cell
    // `11 (91.7)` is its rate, 91.7% (read as printed, it would be the count, 11).
    let context = format!("{} {}", table.caption, table.heading).to_lowercase();
    if [
        "n (%)",
        "no. (%)",
        "n/n (%)",
        "number (%)",
        "count (%)",
        "n (\\%)",
    ]
    .iter()
    .any(|w| context.contains(w))
    {
        let h = table.header_rows.filter(|&k| k > 0).unwrap_or(1);
        for cell in g.iter_mut().skip(h).flatten() {
            if let Some(rate) = value::rate_of_count(&cell.text, false) {
                cell.text = format!("{rate}%");
            }
        }
    }
    // A caption saying in which order a cell's figures stand (`specificity first`) may put
    // them against the header's: not split.
    let order_said = ["first", "second", "order", "respectively", "reverse"]
        .iter()
        .any(|w| {
            table.caption.to_lowercase().contains(w) || table.heading.to_lowercase().contains(w)
        });
    if !order_said {
        split_paired_columns(&mut g, table.header_rows);
    }
    if let Some(read) = reports_by_label(&g, table) {
        return read;
    }
    // A report printed transposed (`| Metric | Benign (0) | Malignant (1) |`, rows
    // `Precision`, `Recall`, `F1-score`, `Support`): its columns are the classes.
    let transposed = match transposed_report(&g) {
        Transposed::No => None,
        Transposed::Classes(t) => Some(t),
        Transposed::Unclear => {
            return (
                Vec::new(),
                Some("scores named in rows above a Support row, in columns not named as classes (`0`, `1`, `Benign (0)`): per-class figures or another layout, not read".to_string()),
            )
        }
    };
    match classification_report(&g, table).or_else(|| {
        let t = transposed.as_ref()?;
        classification_report(t, table).map(|read| {
            read.map(|mut row| {
                row.notes
                    .push("a classification report printed with classes in columns".to_string());
                row
            })
        })
    }) {
        Some(Ok(row)) => return (vec![row], None),
        Some(Err(why)) => return (Vec::new(), Some(why)),
        None => {}
    }
    match pivot_long(&g, table.header_rows) {
        Some(wide) => {
            let mut rows = rows_of_grid(wide, table);
            for row in &mut rows {
                row.notes.push(
                    "gathered from a table of one value per row (a column of score names)"
                        .to_string(),
                );
            }
            (rows, None)
        }
        None => match unheaded_trailing_column(&g, table.header_rows) {
            Some(column) => (
                Vec::new(),
                Some(format!("rows have more cells than the header names (column {column} has no header): which column lacks its header is not known, so the scores would be read under the wrong names; not read")),
            ),
            None => {
                let unread = scores_named_unread(&g, table.header_rows);
                let rows = rows_of_grid(g, table);
                let unread = unread.filter(|_| rows.is_empty());
                (rows, unread)
            }
        },
    }
}

/// A column of several scores (`Sensitivity / Specificity` over `0.940 / 0.958`) as one
/// column each, where each part of the header names a different score and every body cell
/// holds as many values (decimals, or percentages) or none.
fn split_paired_columns(g: &mut [Vec<GridCell>], header_rows: Option<usize>) {
    let h = header_rows.filter(|&k| k > 0).unwrap_or(1).min(g.len());
    let width = g.iter().map(Vec::len).min().unwrap_or(0);
    let parts = |text: &str| -> Option<Vec<String>> {
        let parts: Vec<String> = text.split('/').map(|p| p.trim().to_string()).collect();
        ((2..=4).contains(&parts.len()) && parts.iter().all(|p| !p.is_empty())).then_some(parts)
    };
    let values = |text: &str, count: usize| -> Option<Option<Vec<String>>> {
        if value::read(text) == CellValue::NotReported {
            return Some(None);
        }
        let parts = parts(text).filter(|p| p.len() == count)?;
        let number = |t: &str| matches!(value::read(t), CellValue::Number { ref printed, .. } if printed.contains('.') || t.contains('%'));
        parts.iter().all(|p| number(p)).then_some(Some(parts))
    };
    for j in (0..width).rev() {
        let Some(k) = (0..h)
            .rev()
            .find(|&k| !g[k][j].merged && parts(&g[k][j].text).is_some())
        else {
            continue;
        };
        let Some(mut names) = parts(&g[k][j].text) else {
            continue;
        };
        // `Sens./Spec. (%)`: the unit said once, after the last name, is every one's.
        if let Some(unit) = ["(%)", "[%]", "%"]
            .into_iter()
            .find(|u| names[names.len() - 1].ends_with(u))
        {
            for name in &mut names {
                if !name.ends_with(unit) {
                    *name = format!("{name} {unit}");
                }
            }
        }
        let scores: Option<Vec<&str>> = names.iter().map(|n| score_of_header(n)).collect();
        let Some(scores) = scores else {
            continue;
        };
        if (1..scores.len()).any(|i| scores[..i].contains(&scores[i])) {
            continue;
        }
        let body: Option<Vec<Option<Vec<String>>>> = g[h..]
            .iter()
            .map(|row| values(&row[j].text, names.len()))
            .collect();
        let Some(body) = body.filter(|b| b.iter().any(Option::is_some)) else {
            continue;
        };
        for (r, row) in g.iter_mut().enumerate() {
            let cell = row[j].clone();
            let texts = if r == k {
                names.clone()
            } else if r >= h {
                body[r - h]
                    .clone()
                    .unwrap_or_else(|| vec![cell.text.clone(); names.len()])
            } else {
                vec![cell.text.clone(); names.len()]
            };
            row.splice(
                j..=j,
                texts.into_iter().map(|text| GridCell {
                    text,
                    ..cell.clone()
                }),
            );
        }
    }
}

/// Why a table whose header names a score over body rows with numbers gave no row: a
/// results table is never left out unsaid. (`None` when no header row names a score.)
fn scores_named_unread(g: &[Vec<GridCell>], header_rows: Option<usize>) -> Option<String> {
    let h = header_rows.filter(|&k| k > 0).unwrap_or(1).min(g.len());
    let (head, body) = g.split_at(h);
    let named: Vec<&str> = head
        .iter()
        .flatten()
        .map(|c| c.text.trim())
        .filter(|t| score_of_header(t).is_some())
        .collect();
    let placeholder = body
        .iter()
        .flatten()
        .find(|c| crate::value::is_placeholder(&c.text));
    if let (false, Some(cell)) = (named.is_empty(), placeholder) {
        return Some(format!(
            "its figures are marked as a template's ({:?}): no results",
            cell.text.trim()
        ));
    }
    let numbers = body
        .iter()
        .any(|row| row.iter().skip(1).any(|c| is_number(&c.text)));
    // `Precision (non-diabetic, %)`, `Sensitivity at 95% specificity`: a score's name with
    // words after it that are not read (one class's figure, another operating point's).
    let qualified: Vec<&str> = head
        .iter()
        .flatten()
        .map(|c| c.text.trim())
        .filter(|t| score_of_header(t).is_none() && crate::names::leading_score(t).is_some())
        .collect();
    if named.is_empty() && numbers && !qualified.is_empty() {
        return Some(format!(
            "the header names {} only with words after the score's name that are not read (a class, an operating point, a weighting, runs, ...): which figures they are is not known; not read",
            qualified.iter().map(|t| format!("{t:?}")).collect::<Vec<_>>().join(", ")
        ));
    }
    (!named.is_empty() && numbers).then(|| {
        format!(
            "the header names {} but no row was read: which columns label the rows and which hold scores could not be told",
            named.iter().map(|t| format!("{t:?}")).collect::<Vec<_>>().join(", ")
        )
    })
}

/// The first column (1-based) after the header's last named one that holds a number in a
/// body row: rows wider than their header (`Method | Accuracy | Specificity` over `A |
/// 0.952 | 0.909 | 0.965`), whose figures cannot be told which score they are.
fn unheaded_trailing_column(g: &[Vec<GridCell>], header_rows: Option<usize>) -> Option<usize> {
    let f = frame(g, header_rows)?;
    let width = f.column_headers.first()?.len();
    let named = |j: usize| {
        f.column_headers
            .iter()
            .any(|row| !row[j].text.trim().is_empty())
    };
    let last_named = (0..width).rev().find(|&j| named(j))?;
    // Only when some header names a score: other tables are not read as results anyway.
    if !(0..width).any(|j| {
        f.column_headers
            .iter()
            .any(|row| score_of_header(row[j].text.trim()).is_some())
    }) {
        return None;
    }
    (last_named + 1..width)
        .find(|&j| f.body.iter().any(|(_, values)| is_number(&values[j].text)))
        .map(|j| f.label_headers.len() + j + 1)
}

/// What a grid with scores named in its first column and a `Support` row is.
enum Transposed {
    /// No such grid (a `| Metric | SVM | RF |` table names no support: its columns are
    /// methods).
    No,
    /// A report with classes in columns, turned so that each class is a row.
    Classes(Vec<Vec<GridCell>>),
    /// Columns not named as classes (`LR | RF`, `Train | Test`, `Fold 1 | Fold 2`, species):
    /// whether they are classes, and which two of how many, is not known.
    Unclear,
}

/// Labels of the classes of a binary report, in any case, alone or closing a name in
/// parentheses (`Malignant (1)`) or after `Class`.
const CLASS_LABELS: &[&str] = &[
    "0", "1", "0.0", "1.0", "-1", "true", "false", "yes", "no", "positive", "negative", "pos",
    "neg",
];

/// Whether a report's caption (or the paragraph before it) says its figures are averaged.
fn caption_says_averaged(caption: &str) -> bool {
    let lower = caption.to_lowercase();
    [
        "averag",
        "mean",
        "gemittelt",
        "durchschnitt",
        "promedi",
        "média",
        "moyenn",
        "平均",
        "per-fold",
        "per fold",
        "across folds",
        "across the folds",
        "over folds",
        "over the folds",
        "across runs",
        "over runs",
    ]
    .iter()
    .any(|w| lower.contains(w))
}

/// Whether a label names a class of a binary problem: `0`, `1`, `yes`, `positive`, ...,
/// alone, after `Class` (`Class 0`), in parentheses at its end (`Benign (0)`) or before
/// its name in them (`0 (Non-Fraud)`).
fn class_like(text: &str) -> bool {
    let lower = text.trim().to_lowercase();
    let marked = lower
        .strip_suffix(')')
        .and_then(|t| t.rsplit_once('('))
        .map(|(_, inner)| inner.trim().to_string());
    let bare = lower
        .strip_prefix("class")
        .map(|t| t.trim_start_matches([' ', '_', '-', ':']).to_string());
    // `0 (Non-Fraud)`: the label first, its name in parentheses.
    let leading = lower
        .ends_with(')')
        .then(|| lower.split_once('('))
        .flatten()
        .map(|(label, _)| label.trim().to_string());
    [Some(lower.clone()), marked, bare, leading]
        .iter()
        .flatten()
        .any(|t| CLASS_LABELS.contains(&t.as_str()))
}

/// Whether two class labels name the two classes of a binary problem: both binary labels
/// (`0`/`1`, `yes`/`no`, `Class 0`, `Benign (0)`), or one the other negated (`Fraud`/`Not
/// Fraud`, `non-smoker`).
fn binary_pair(a: &str, b: &str) -> bool {
    let negates = |x: &str, y: &str| {
        let (x, y) = (x.trim().to_lowercase(), y.trim().to_lowercase());
        ["not ", "non-", "non ", "no ", "non"]
            .iter()
            .any(|prefix| x.strip_prefix(prefix).is_some_and(|rest| rest.trim() == y))
    };
    (class_like(a) && class_like(b)) || negates(a, b) || negates(b, a)
}

/// A grid whose first column names precision, recall, an F1 and support, turned so that
/// those are its header (each class a row), as scikit-learn prints a report, when its
/// columns are named as a binary report's classes (`0`/`1`, `Benign (0)`/`Malignant (1)`,
/// `Class 0`, `Positive`/`Negative`), with average columns (`macro avg`) beside them.
fn transposed_report(g: &[Vec<GridCell>]) -> Transposed {
    let labels: Vec<String> = g
        .iter()
        .map(|row| {
            row.first()
                .map_or(String::new(), |c| header_form_of(&c.text))
        })
        .collect();
    let has = |names: &[&str]| labels.iter().any(|l| names.contains(&l.as_str()));
    if !(has(&["support"])
        && has(&["precision"])
        && has(&["recall"])
        && has(&["f1_score", "f1", "f1score", "f_score", "f1_measure"]))
    {
        return Transposed::No;
    }
    let Some(width) = g.iter().map(Vec::len).max() else {
        return Transposed::No;
    };
    if g.iter().any(|row| row.len() != width) {
        return Transposed::Unclear;
    }
    let columns: Vec<&str> = g[0][1..]
        .iter()
        .map(|c| c.text.trim())
        .filter(|t| {
            let form = header_form_of(t);
            !REPORT_AVERAGES.contains(&form.as_str()) && form != "accuracy"
        })
        .collect();
    if columns.len() != 2 || !columns.iter().all(|t| class_like(t)) {
        return Transposed::Unclear;
    }
    Transposed::Classes(
        (0..width)
            .map(|c| g.iter().map(|row| row[c].clone()).collect())
            .collect(),
    )
}

/// The rows of a table's expanded grid (blank rows left out).
fn rows_of_grid(mut g: Vec<Vec<GridCell>>, table: &RawTable) -> Vec<TableRow> {
    // Without declared header rows (LaTeX), a first header cell that names an index (`\#`,
    // `No.`, `Rank`) says the first row is the header.
    let index_header = || {
        g.first()
            .and_then(|row| row.first())
            .is_some_and(|c| !c.text.trim().is_empty() && is_index_header(&c.text))
            .then_some(1)
    };
    if let Some(k) = table.header_rows.filter(|&k| k > 0).or_else(index_header) {
        if is_index_column(&g, k) {
            for row in &mut g {
                row.remove(0);
            }
        }
    }
    let Some(f) = frame(&g, table.header_rows) else {
        return Vec::new();
    };
    let read = |f: &Frame| {
        let columns = score_columns(f);
        columns.iter().any(Option::is_some).then(|| {
            let mut rows = read_frame(f, &columns, table);
            if only_training(f, &columns) {
                for row in &mut rows {
                    row.kind = Some(RowKind::Subset);
                }
            }
            // Cross-validation figures beside test figures (`CV Accuracy | Test Accuracy`):
            // the test figures are a held-out split's, whose size the text's protocol does
            // not give.
            if cv_beside_test(f) {
                for row in &mut rows {
                    row.figures_doubt.get_or_insert_with(|| {
                        "the table gives cross-validation figures beside test figures: these are of a held-out split of unknown size, not of the text's cross-validation".to_string()
                    });
                }
            }
            rows
        })
    };
    // Scores named in rows only where the header names none: under `Macro F1 | Micro F1`
    // (unread, averaged over classes) a `Language` cell `BA` names no balanced accuracy.
    let header_names_scores = f.column_headers.iter().flatten().any(|c| {
        let t = c.text.trim();
        // (`Mean ± SE`: a value header, SE the standard error.)
        t.split_whitespace().count() <= 3
            && !is_value_word(t)
            && !crate::names::scores_in_text(t).is_empty()
    });
    let transposed = || {
        (!header_names_scores)
            .then(|| read(&transpose(&f)))
            .flatten()
    };
    if let Some(mut rows) = read(&f).or_else(transposed) {
        // Rows named by a `Class` column that is no classification report (`| Class |
        // Precision | Accuracy | Support |`): each row's figures are its class's, whose
        // `accuracy` or `recall` the text may define in its own way (a class's recall), and
        // the negative class's precision is the npv: checked as printed, no finding.
        if let Some(header) = f.label_headers.iter().find(|h| {
            matches!(
                header_form_of(h).as_str(),
                "class" | "classes" | "class_label" | "class_name"
            )
        }) {
            if f.body.len() >= 2 {
                for row in &mut rows {
                    row.figures_doubt.get_or_insert_with(|| {
                        format!(
                            "the rows are classes (column {:?}): each row's figures are of its class",
                            header.trim()
                        )
                    });
                }
            }
        }
        return rows;
    }
    // No header names a score, but the caption names exactly one (`AUC (%) on ...`): every
    // value column holds that score, its header naming the group (a dataset, a test set).
    let confusion = table.caption.to_lowercase().contains("confusion");
    let named = if confusion {
        Vec::new()
    } else {
        scores_in_text(&table.caption)
    };
    if let [score] = named.as_slice() {
        let percent = marks_percent(&table.caption);
        let columns: Vec<_> = (0..f.column_headers.first().map_or(0, Vec::len))
            .map(|j| {
                // A training split's column is no result; `Test` under a group names no one.
                if training_column(&f, j) {
                    return None;
                }
                // A column of counts (`TP`, `FN`, `Support`, a class's `#Pos`) holds no
                // scores, whatever the caption names.
                if f.column_headers.iter().any(|row| {
                    let t = row[j].text.trim();
                    count_of_header(t).is_some()
                        || names_a_size(t)
                        || names_positives(t)
                        || names_negatives(t)
                        || matches!(
                            t.to_lowercase().trim_start_matches('#'),
                            "n" | "p"
                                | "total"
                                | "count"
                                | "counts"
                                | "support"
                                | "samples"
                                | "size"
                        )
                }) {
                    return None;
                }
                // Whole numbers under a caption that marks no percent (`Lines flagged`: 43,
                // 139) are counts, not the caption's score.
                let whole =
                    |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit() || b == b',');
                let values: Vec<&str> = f
                    .body
                    .iter()
                    .filter_map(|(_, values)| values.get(j).map(|c| c.text.trim()))
                    .filter(|t| !t.is_empty())
                    .collect();
                if !percent
                    && !values.is_empty()
                    && values.iter().all(|t| whole(t) && *t != "0" && *t != "1")
                {
                    return None;
                }
                let mut group: Vec<&str> = Vec::new();
                let mut any = false;
                for row in &f.column_headers {
                    let t = row[j].text.trim();
                    any |= !t.is_empty();
                    if !t.is_empty() && !group.contains(&t) && !names_the_test_data(t) {
                        group.push(t);
                    }
                }
                any.then(|| (*score, group.join(" "), percent))
            })
            .collect();
        if columns.iter().any(Option::is_some) {
            let mut rows = read_frame(&f, &columns, table);
            for row in &mut rows {
                row.notes
                    .push(format!("{score} named by the caption, not the header"));
            }
            return rows;
        }
    }
    // No column or row names a score: no results table.
    Vec::new()
}

/// The sizes a table states for its rows' datasets (a `Samples`, `#Instances` or `Size`
/// column of whole numbers), as (the row's first label, the number of items): a table of
/// datasets, or a results table with such a column.
pub(crate) fn stated_sizes(table: &RawTable, limits: &Limits) -> Vec<(String, u64)> {
    counts_in_columns(table, limits, &[names_a_size])
        .into_iter()
        .filter_map(|(labels, counts)| Some((labels.into_iter().next()?, counts[0])))
        .collect()
}

/// The class counts a table states for its rows' datasets (`#Pos` and `#Neg`, `Positives`
/// and `Negatives`, `#Min` and `#Maj` columns of whole numbers), as (the row's first label,
/// p, n): a table of datasets, or a results table with such columns. The minority class is
/// p, as the registry's is, and whether they are trusted as the dataset's counts (else they
/// only put other counts in doubt); each of the row's labels names the dataset (`Predict Students
/// Dropout` and its abbreviation `PSDAS`). A table that also states sizes gives no counts of
/// a row whose p + n is not its size (counts before and after a cleaning, say).
pub(crate) fn stated_class_counts(
    table: &RawTable,
    limits: &Limits,
) -> Vec<(String, u64, u64, bool)> {
    // A caption or heading of folds, splits, units other than items (thousands, shares) or
    // predictions: the counts are not the dataset's.
    let context = format!("{} {}", table.caption, table.heading).to_lowercase();
    let said = |w: &str| {
        context
            .split(|c: char| !c.is_alphanumeric())
            .any(|word| word == w)
    };
    if [
        "fold",
        "folds",
        "split",
        "splits",
        "train",
        "training",
        "test",
        "testing",
        "validation",
        // A development or derivation cohort's counts: the figures may be an external
        // cohort's (`Performance on the external test cohort of 200 patients`).
        "development",
        "derivation",
        "thousand",
        "thousands",
        "percent",
        "share",
        "shares",
        "proportion",
        "proportions",
        "fraction",
        "predicted",
        "ratio",
    ]
    .iter()
    .any(|w| said(w))
        || ["%", "per cent", "per 1"]
            .iter()
            .any(|w| context.contains(w))
    {
        return Vec::new();
    }
    let sizes = stated_sizes(table, limits);
    let classes = counts_in_columns(table, limits, &[names_class_number]);
    // `#Min`/`#Maj` are also the smallest and largest class of more than two: only with a
    // size they add up to.
    let explicit = counts_in_columns(table, limits, &[names_positives_only, names_negatives_only]);
    // Counts read with doubt (`#Min`/`#Maj` without a size, another number of classes) are
    // returned untrusted: not the row's counts, but reason enough to doubt the registry's.
    let trusted = |labels: &Vec<String>, counts: &Vec<u64>| {
        let size_of_row = sizes.iter().find(|(l, _)| labels.first() == Some(l));
        let adds_up =
            size_of_row.is_some_and(|(_, size)| counts[0].checked_add(counts[1]) == Some(*size));
        let two_classes = classes
            .iter()
            .filter(|(l, _)| l == labels)
            .all(|(_, c)| c[0] == 2);
        let named_positive = explicit.iter().any(|(l, c)| l == labels && c == counts);
        (size_of_row.is_none() || adds_up) && two_classes && (named_positive || adds_up)
    };
    counts_in_columns(table, limits, &[names_positives, names_negatives])
        .into_iter()
        .flat_map(|(labels, counts)| {
            let trusted = trusted(&labels, &counts);
            labels
                .into_iter()
                .map(move |label| (label, counts[0], counts[1], trusted))
        })
        .collect()
}

/// For each row with a label, its labels (those that name: a `No.` column's `3` does not)
/// and the whole numbers in the columns the `headers` name (the first column each names, by
/// its lowest non-empty header cell), when every one is read (`768 (268/500)`: the count
/// first; `0.5` or `12.3k` is no count).
fn counts_in_columns(
    table: &RawTable,
    limits: &Limits,
    headers: &[fn(&str) -> bool],
) -> Vec<(Vec<String>, Vec<u64>)> {
    let mut g = grid(&table.rows, limits.max_columns);
    g.retain(|row| row.iter().any(|c| !c.text.trim().is_empty()));
    let Some(f) = frame(&g, table.header_rows) else {
        return Vec::new();
    };
    let width = f.column_headers.first().map_or(0, Vec::len);
    let header = |j: usize| {
        f.column_headers
            .iter()
            .rev()
            .map(|row| row[j].text.trim())
            .find(|t| !t.is_empty())
    };
    // Under no column group (`As delivered` over `#Pos | #Neg`, then `After cleaning`):
    // which group is the data checked is not said.
    let grouped = |j: usize| {
        f.column_headers
            .iter()
            .map(|row| row[j].text.trim())
            .filter(|t| !t.is_empty())
            .count()
            > 1
    };
    let Some(columns) = headers
        .iter()
        .map(|names| {
            (0..width).find(|&j| {
                header(j).is_some_and(names) && !names_a_split_part(&f, j) && !grouped(j)
            })
        })
        .collect::<Option<Vec<usize>>>()
    else {
        return Vec::new();
    };
    f.body
        .iter()
        .filter_map(|(labels, values)| {
            let names: Vec<String> = labels
                .iter()
                .map(|c| c.text.trim())
                .filter(|t| !t.is_empty() && !t.chars().all(|c| c.is_ascii_digit() || c == '.'))
                .map(str::to_string)
                .collect();
            if names.is_empty() {
                return None;
            }
            let counts = columns
                .iter()
                .map(|&j| whole_count(&values[j].text))
                .collect::<Option<Vec<u64>>>()?;
            Some((names, counts))
        })
        .collect()
}

/// Whether a header cell of column `j` names a part of the data (`Train`, `Test`,
/// `Validation`): its counts are that part's, not the dataset's.
fn names_a_split_part(f: &Frame, j: usize) -> bool {
    f.column_headers.iter().any(|row| {
        row[j].text.split(|c: char| !c.is_alphanumeric()).any(|w| {
            matches!(
                w.to_lowercase().as_str(),
                "train"
                    | "training"
                    | "test"
                    | "testing"
                    | "validation"
                    | "val"
                    | "dev"
                    | "development"
                    | "holdout"
                    | "held"
            )
        })
    })
}

/// A cell's whole number of items: `1,029`, `768 (268/500)`; not `0.5`, `12.3k` or `93%`.
fn whole_count(cell: &str) -> Option<u64> {
    let text = cell.trim();
    let (count, rest) = text.split_once('(').unwrap_or((text, ""));
    (rest.is_empty() || text.ends_with(')'))
        .then(|| crate::value::whole_number(count))
        .flatten()
}

/// Whether a header names a count of the positive (or minority) class's items: `#Pos`,
/// `Positives`, `No. of positive samples`, `#Minority`, `Minority`; not `Positive` alone (a
/// class's score as often as its count) nor `Min` alone (a minimum).
fn names_positives(header: &str) -> bool {
    names_class_count(
        header,
        &["pos", "positive", "min", "minority"],
        &["positives", "minority"],
    )
}

/// Whether a header names the positive class's count as such (`#Pos`, `Positives`), not the
/// minority's.
fn names_positives_only(header: &str) -> bool {
    names_class_count(header, &["pos", "positive"], &["positives"])
}

/// Whether a header names the negative class's count as such (`#Neg`, `Negatives`).
fn names_negatives_only(header: &str) -> bool {
    names_class_count(header, &["neg", "negative"], &["negatives"])
}

/// Whether a header names a dataset's number of classes (`#Classes`, `No. of classes`).
fn names_class_number(header: &str) -> bool {
    let form = header_form_of(header).replace(['#', '.'], "");
    let form = form.trim_matches('_');
    matches!(
        form,
        "classes"
            | "n_classes"
            | "no_of_classes"
            | "number_of_classes"
            | "num_classes"
            | "nb_classes"
            | "c"
    )
}

/// Whether a header names a count of the negative (or majority) class's items, as
/// [`names_positives`].
fn names_negatives(header: &str) -> bool {
    names_class_count(
        header,
        &["neg", "negative", "maj", "majority"],
        &["negatives", "majority"],
    )
}

/// Whether a header is a count of a class: a word of `class` after a count mark (`#`,
/// `No. of`, `Number of`, `n_`, `num_`), with an optional item word or `class` after it;
/// a word of `class` before an item word (`Positive samples`); or a word of `plural` alone.
fn names_class_count(header: &str, class: &[&str], plural: &[&str]) -> bool {
    if header.contains('%') {
        return false;
    }
    let form = header_form_of(header).replace('.', "");
    let form = form.trim_matches('_');
    // `Minority`, `Majority class`: whole numbers under them are counts.
    if plural.contains(&form.strip_suffix("_class").unwrap_or(form)) {
        return true;
    }
    // `Positive samples`, `Minority instances`: a class and an item word.
    if ITEM_WORDS
        .iter()
        .find_map(|w| form.strip_suffix(w))
        .is_some_and(|c| class.contains(&c))
    {
        return true;
    }
    let Some(rest) = [
        "#",
        "number_of_",
        "no_of_",
        "num_of_",
        "num_",
        "n_",
        "nb_",
        "count_of_",
    ]
    .iter()
    .find_map(|p| form.strip_prefix(p)) else {
        return false;
    };
    let rest = rest.trim_start_matches('_');
    let rest = ITEM_WORDS
        .iter()
        .find_map(|w| rest.strip_suffix(w))
        .or_else(|| rest.strip_suffix("_class"))
        .unwrap_or(rest);
    class.contains(&rest) || plural.contains(&rest)
}

/// Words after a class's name that make it a count of items (`positive_samples`).
const ITEM_WORDS: &[&str] = &["_samples", "_instances", "_examples", "_cases", "_records"];

/// Whether a header names the number of items of a dataset.
fn names_a_size(header: &str) -> bool {
    let form = header_form_of(header).replace(['#', '.'], "");
    let form = form.trim_matches('_');
    let form = [
        "number_of_",
        "no_of_",
        "num_of_",
        "num_",
        "n_",
        "nb_",
        "total_",
    ]
    .iter()
    .find_map(|p| form.strip_prefix(p))
    .unwrap_or(form);
    matches!(
        form,
        "samples"
            | "sample_size"
            | "instances"
            | "inst"
            | "examples"
            | "ex"
            | "size"
            | "dataset_size"
            | "data_size"
            | "records"
            | "observations"
            | "obs"
            | "objects"
            | "cases"
            | "modules"
            | "files"
            | "items"
            | "data_points"
            | "datapoints"
            | "patients"
            | "subjects"
            | "images"
    )
}

/// Whether a column group (or a text) names a task of more than two classes
/// (`multi-class`, `3-class`, `Multiclass (macro)`).
pub(crate) fn names_several_classes(group: &str) -> bool {
    let text = group.to_lowercase().replace(['-', '_'], " ");
    let words: Vec<&str> = text.split_whitespace().collect();
    text.contains("multi class")
        || text.contains("multiclass")
        || words.windows(2).any(|w| {
            matches!(w[1], "class" | "classes")
                && (w[0].parse::<u32>().is_ok_and(|k| k > 2)
                    || matches!(
                        w[0],
                        "three" | "four" | "five" | "six" | "seven" | "eight" | "nine" | "ten"
                    ))
        })
}

/// A header cell lower-cased, spaces and hyphens as underscores, outer marks off.
fn header_form_of(text: &str) -> String {
    text.trim()
        .trim_end_matches([':', '.'])
        .to_lowercase()
        .replace(['-', ' '], "_")
}

/// Labels of a classification report's rows that average over the classes.
const REPORT_AVERAGES: &[&str] = &[
    "macro_avg",
    "weighted_avg",
    "micro_avg",
    "samples_avg",
    "avg_/_total",
    "avg/total",
    "macro_average",
    "weighted_average",
    "micro_average",
];

/// Labels of a classification report's class read as the positive one.
const POSITIVE_LABELS: &[&str] = &["1", "1.0", "true", "yes", "positive", "pos"];

/// A binary classification report as scikit-learn prints it (`| | precision | recall |
/// f1-score | support |`, a row per class, then `accuracy`, `macro avg`, `weighted avg`),
/// read as one row: the positive class's precision, recall and F1 are ppv, sens and f1p,
/// the negative class's are npv, spec and f1n, and the support column gives p and n.
///
/// The positive class is the one labelled `1` (`true`, `yes`, `positive`), else the second;
/// the other choice swaps p and n, sens and spec, ppv and npv, f1p and f1n, which is the
/// same system of scores, so the verdict is the same. `None` when the table is no report;
/// an error saying why when it is a report of more than two classes (its rows are no binary
/// figures, and its `accuracy` row no F1).
fn classification_report(
    g: &[Vec<GridCell>],
    table: &RawTable,
) -> Option<Result<TableRow, String>> {
    let (head, body) = g.split_first()?;
    let column = |names: &[&str]| {
        head.iter().position(|c| {
            let form = c.text.trim().to_lowercase().replace(['-', ' '], "_");
            names.contains(&form.as_str())
        })
    };
    let precision = column(&["precision"])?;
    let recall = column(&["recall"])?;
    let f1 = column(&[
        "f1_score",
        "f1",
        "f1score",
        "f_score",
        "f1_measure",
        "f_1_score",
        "f_1",
    ])?;
    let support = column(&["support"]);
    if [precision, recall, f1].contains(&0) || head[0].text.trim().len() > 20 {
        return None;
    }
    let label = |row: &[GridCell]| row[0].text.trim().to_lowercase().replace(' ', "_");
    let mut classes: Vec<&Vec<GridCell>> = Vec::new();
    let mut accuracy: Option<&Vec<GridCell>> = None;
    let mut averages = Vec::new();
    let mut average_rows: Vec<&Vec<GridCell>> = Vec::new();
    for row in body {
        let l = label(row);
        if l == "accuracy" {
            accuracy = Some(row);
        } else if REPORT_AVERAGES.contains(&l.as_str()) {
            averages.push(row[0].text.trim().to_string());
            average_rows.push(row);
        } else if l.is_empty() {
            return None;
        } else {
            classes.push(row);
        }
    }
    let class_header = matches!(
        header_form_of(&head[0].text).as_str(),
        "class" | "classes" | "class_label" | "label" | "category" | "target"
    );
    if averages.is_empty() && accuracy.is_none() && support.is_none() && !class_header {
        return None;
    }
    if classes.len() != 2 {
        return Some(Err(format!(
            "a classification report of {} classes: no binary figures",
            classes.len()
        )));
    }
    // scikit-learn before 0.21 printed a binary report's accuracy as `micro avg` (its
    // precision, recall and F1 one number, its support the two classes' together): read as
    // the accuracy row.
    let support_of =
        |row: &[GridCell]| support.and_then(|c| value::whole_number(row[c].text.trim()));
    // (A multi-label report prints `samples avg` too: not then.)
    let samples = averages
        .iter()
        .any(|a| a.to_lowercase().replace(' ', "_").starts_with("samples"));
    let micro_accuracy = (accuracy.is_none() && support.is_some() && !samples)
        .then(|| {
            average_rows.iter().copied().find(|row| {
                let form = label(row);
                let (p, r, f) = (
                    row[precision].text.trim(),
                    row[recall].text.trim(),
                    row[f1].text.trim(),
                );
                form.starts_with("micro")
                    && p == r
                    && r == f
                    && is_number(p)
                    && support_of(row).is_some()
                    && support_of(row)
                        == support_of(classes[0])
                            .zip(support_of(classes[1]))
                            .and_then(|(a, b)| a.checked_add(b))
            })
        })
        .flatten();
    if let Some(row) = micro_accuracy {
        accuracy = Some(row);
        averages.retain(|a| !a.to_lowercase().starts_with("micro"));
        average_rows.retain(|r| !std::ptr::eq(*r, row));
    }
    // scikit-learn prints micro (and samples) averages in place of the accuracy only for
    // labels of a multi-label output, or for some of the classes (`labels=`): two such rows
    // are no binary problem's classes.
    if averages.iter().any(|a| {
        let form = a.to_lowercase().replace(' ', "_");
        form.starts_with("micro") || form.starts_with("samples")
    }) {
        return Some(Err("a classification report with micro or samples averages: labels of a multi-label output or some of the classes, no binary figures".to_string()));
    }
    let positive = classes
        .iter()
        .position(|row| POSITIVE_LABELS.contains(&label(row).as_str()))
        .unwrap_or(1);
    let (pos, neg) = (classes[positive], classes[1 - positive]);
    let mut row = TableRow {
        report: true,
        doubt: micro_accuracy.map(|_| {
            "the report's accuracy is its micro avg row, as scikit-learn before 0.21 printed it for two classes; with labels= of more classes (as later versions print it) the figures are no two-class matrix's".to_string()
        }),
        ..TableRow::default()
    };
    let mut read = |score: &'static str, cell: &GridCell| match value::read(&cell.text) {
        CellValue::Number {
            printed,
            percent_sign,
        } => {
            if percent_sign {
                row.percent = true;
                row.marked_percent.push(score);
                row.signed_percent.push(score);
            }
            row.scores.push((score, printed));
        }
        CellValue::NotReported => {}
        CellValue::Text(text) => row.notes.push(format!("{score}: {text:?} is not a value")),
    };
    if let Some(acc) = accuracy {
        // scikit-learn prints the accuracy under f1-score; some copies move it left.
        if let Some(cell) = [f1, recall, precision]
            .iter()
            .map(|&c| &acc[c])
            .find(|c| is_number(&c.text))
        {
            read("acc", cell);
        }
    }
    read("sens", &pos[recall]);
    read("spec", &neg[recall]);
    read("ppv", &pos[precision]);
    read("npv", &neg[precision]);
    read("f1p", &pos[f1]);
    read("f1n", &neg[f1]);
    // `40.0`, `127.000000`: a pandas float column of counts.
    let whole = |cell: &GridCell| {
        let text = cell.text.trim();
        let integer = match text.split_once('.') {
            Some((integer, zeros)) if !zeros.is_empty() && zeros.bytes().all(|b| b == b'0') => {
                integer
            }
            _ => text,
        };
        crate::value::whole_number(integer)
    };
    let mut notes = vec![format!(
        "a classification report: class {:?} read as positive, {:?} as negative (the other reading swaps p and n, sens and spec, ppv and npv, f1p and f1n: the same verdict)",
        pos[0].text.trim(),
        neg[0].text.trim()
    )];
    if table.weighted {
        notes.push("the report's supports have decimals: sums of sample weights, its figures weighted, of no counts; p and n not read".to_string());
    } else if let Some(c) = support {
        match (whole(&pos[c]), whole(&neg[c])) {
            // Two classes' rows alone may be two of more (a three-class model's disease
            // classes): the report's accuracy or average row says they are all.
            // A report said to be a mean (of the folds' reports, over runs): its supports
            // are means of the folds' counts, not one test set's.
            (Some(_), Some(_)) if caption_says_averaged(&table.caption) => notes.push(
                "the text before the report says its figures are averaged (over folds or runs): p and n not read".to_string(),
            ),
            (Some(_), Some(_))
                if accuracy.is_none()
                    && average_rows.is_empty()
                    && !binary_pair(pos[0].text.trim(), neg[0].text.trim()) =>
            {
                notes.push("no accuracy or average row says the two classes are all the classes, nor are they named as a binary pair (0 and 1, X and not X): p and n not read".to_string())
            }
            (Some(p), Some(n)) => {
                let total = accuracy
                    .and_then(|a| whole(&a[c]))
                    .or_else(|| average_rows.iter().find_map(|a| whole(&a[c])));
                match total {
                    Some(t) if Some(t) != p.checked_add(n) => notes.push(format!(
                        "the supports {p} and {n} do not add up to the total {t} of the accuracy or average row: p and n not read"
                    )),
                    _ => {
                        row.support = Some((p, n));
                        notes.push("p and n from the report's support column".to_string());
                    }
                }
            }
            _ => notes
                .push("the support column holds no whole numbers: p and n not read".to_string()),
        }
    }
    if !averages.is_empty() {
        notes.push(format!(
            "rows {} average the classes: not read",
            averages
                .iter()
                .map(|a| format!("{a:?}"))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    let (dataset, caption_note) = dataset_of_text(table);
    row.dataset = dataset.unwrap_or_default();
    if let Some(n) = caption_note {
        notes.push(n);
    } else if row.dataset.is_empty() {
        notes.push("no dataset named in the caption".to_string());
    }
    if row.method.is_empty() {
        notes.extend(heading_note(&table.heading));
    }
    row.notes.extend(notes);
    settle_scale(&mut row);
    (!row.scores.is_empty()).then_some(Ok(row))
}

/// A note placing a report without a method under its section heading (`## Random
/// Forest`), so that reports of one document can be told apart; the heading is not taken as
/// the method (a README's headings name tasks and datasets as often as models).
fn heading_note(heading: &str) -> Option<String> {
    let heading = heading.trim();
    (!heading.is_empty() && heading.chars().count() <= 80)
        .then(|| format!("under the section heading {heading:?}"))
}

/// A per-class table whose class column follows other labels (`| Model | Dataset | Class |
/// Precision | Recall | F1 |`): each run of rows with the same labels before the class column
/// is a classification report of its own, read as [`classification_report`] reads one, the
/// labels naming its dataset (under a dataset header) and method. Rows on training or
/// validation data are left out; `Test` names no dataset. `None` when the table is not of
/// that shape.
fn reports_by_label(
    g: &[Vec<GridCell>],
    table: &RawTable,
) -> Option<(Vec<TableRow>, Option<String>)> {
    let (head, body) = g.split_first()?;
    let c = head.iter().position(|cell| {
        matches!(
            header_form_of(&cell.text).as_str(),
            "class" | "classes" | "class_label" | "label" | "category" | "target"
        )
    })?;
    if c == 0 || table.header_rows.is_some_and(|h| h > 1) {
        return None;
    }
    let mut groups: Vec<(Vec<String>, Vec<Vec<GridCell>>)> = Vec::new();
    for row in body {
        let labels: Vec<String> = row[..c].iter().map(|x| x.text.trim().to_string()).collect();
        let cells: Vec<GridCell> = row[c..].to_vec();
        match groups.iter_mut().find(|(l, _)| *l == labels) {
            Some((_, rows)) => rows.push(cells),
            None => groups.push((labels, vec![cells])),
        }
    }
    let mut rows = Vec::new();
    let mut unread = None;
    for (labels, cells) in groups {
        if labels
            .iter()
            .any(|l| matches!(row_kind(l, ""), Some(RowKind::Subset)) || names_training_split(l))
        {
            continue;
        }
        let mut report = vec![head[c..].to_vec()];
        report.extend(cells);
        match classification_report(&report, table)? {
            Ok(mut row) => {
                let mut method = Vec::new();
                for (label, header) in labels.iter().zip(head) {
                    if label.is_empty() || names_no_one(label) {
                        continue;
                    }
                    if is_dataset_word(&header.text) && row.dataset.is_empty() {
                        row.dataset = label.clone();
                    } else {
                        method.push(label.as_str());
                    }
                }
                row.method = method.join(" ");
                if !row.dataset.is_empty() {
                    row.notes.retain(|n| n != "no dataset named in the caption");
                }
                rows.push(row);
            }
            Err(why) => {
                unread.get_or_insert(format!("{} {why}", labels.join(" ")));
            }
        }
    }
    Some((rows, unread))
}

/// A table in long form, one value per row (`| metric | fold | value |`: a column of score
/// names that repeat, key columns saying whose score it is, one column of values), written
/// wide: one row per key (`| fold | f1 | sens | ... |`), each score in its column. `None`
/// when the table is not of that shape, or a (key, score) pair is given twice.
fn pivot_long(g: &[Vec<GridCell>], header_rows: Option<usize>) -> Option<Vec<Vec<GridCell>>> {
    let h = header_rows.unwrap_or(1);
    if h != 1 || g.len() < 3 {
        return None;
    }
    let (head, body) = g.split_at(1);
    let width = head[0].len();
    if width < 3 || body.iter().any(|row| row.iter().any(|c| c.merged)) {
        return None;
    }
    let named = |c: usize| {
        body.iter()
            .all(|row| score_of_header(&row[c].text).is_some())
    };
    let score_column = (0..width).find(|&c| named(c))?;
    let mut distinct: Vec<&'static str> = body
        .iter()
        .filter_map(|row| score_of_header(&row[score_column].text))
        .collect();
    distinct.sort_unstable();
    distinct.dedup();
    let numeric = |c: usize| body.iter().all(|row| is_number(&row[c].text));
    let header = |c: usize| head[0][c].text.trim();
    let is_key = |c: usize| {
        c != score_column
            && (!numeric(c) || numbers_folds_or_runs(header(c)) || is_index_header(header(c)))
    };
    let keys: Vec<usize> = (0..width).filter(|&c| is_key(c)).collect();
    // Every score once with one key throughout is scores named in rows, read as such; a key
    // that varies (`| Metric | Best model | Value |`) says each score is another's.
    let varies = keys.iter().any(|&c| {
        body.iter()
            .any(|row| row[c].text.trim() != body[0][c].text.trim())
    });
    if distinct.len() == body.len() && !varies {
        return None;
    }
    let values: Vec<usize> = (0..width)
        .filter(|&c| c != score_column && !keys.contains(&c))
        .collect();
    // One column of values: the only one, or the one headed as a value (`value`, `mean`).
    let value = match values.as_slice() {
        [only] => *only,
        many => {
            let headed: Vec<usize> = many
                .iter()
                .copied()
                .filter(|&c| {
                    is_value_word(header(c)) && row_kind(header(c), "") != Some(RowKind::Statistic)
                })
                .collect();
            match headed.as_slice() {
                [one] => *one,
                _ => return None,
            }
        }
    };
    // A column of test statistics (`p-value` beside `Significance`) holds no scores.
    if keys.is_empty() || row_kind(header(value), "") == Some(RowKind::Statistic) {
        return None;
    }
    // Score names in order of first appearance, each a column (two names of one score,
    // `ppv` and `precision`, stay two columns: the wide table says it is given twice).
    let mut scores: Vec<String> = Vec::new();
    let mut rows: Vec<(Vec<String>, Vec<Option<String>>)> = Vec::new();
    let mut slots: std::collections::HashMap<Vec<String>, usize> = std::collections::HashMap::new();
    for row in body {
        let name = row[score_column].text.trim();
        let at = match scores.iter().position(|s| s == name) {
            Some(at) => at,
            None => {
                scores.push(name.to_string());
                scores.len() - 1
            }
        };
        // `1` under `fold` is written `fold 1`: a label, not a value.
        let key: Vec<String> = keys
            .iter()
            .map(|&c| numbered_label(&row[c].text, header(c)))
            .collect();
        // A map from key to row: a long table of 100,000 rows is read in one pass.
        let slot = match slots.get(&key) {
            Some(&i) => i,
            None => {
                slots.insert(key.clone(), rows.len());
                rows.push((key, Vec::new()));
                rows.len() - 1
            }
        };
        let cells = &mut rows[slot].1;
        if cells.len() <= at {
            cells.resize(at + 1, None);
        }
        if cells[at].is_some() {
            return None;
        }
        cells[at] = Some(row[value].text.clone());
    }
    let cell = |text: String| GridCell {
        text,
        ..GridCell::default()
    };
    let mut wide = vec![keys
        .iter()
        .map(|&c| cell(header(c).to_string()))
        .chain(scores.iter().map(|name| cell(name.clone())))
        .collect::<Vec<_>>()];
    for (key, mut cells) in rows {
        cells.resize(scores.len(), None);
        wide.push(
            key.into_iter()
                .map(cell)
                .chain(cells.into_iter().map(|c| cell(c.unwrap_or_default())))
                .collect(),
        );
    }
    Some(wide)
}

/// Whether label column `c` only numbers the rows: a rank or row-number header over whole
/// numbers.
fn is_ordinal_column(header: &str, body: &[Vec<GridCell>], c: usize) -> bool {
    let form: String = header
        .to_lowercase()
        .chars()
        .filter(|ch| ch.is_alphanumeric() || *ch == '#')
        .collect();
    let ordinal = matches!(
        form.as_str(),
        "rank"
            | "ranks"
            | "ranking"
            | "#"
            | "no"
            | "nr"
            | "sno"
            | "srno"
            | "slno"
            | "index"
            | "idx"
    );
    let mut filled = body
        .iter()
        .map(|row| row[c].text.trim())
        .filter(|t| !t.is_empty())
        .peekable();
    ordinal
        && filled.peek().is_some()
        && filled.all(|t| {
            // `3.`, `#3`, `3rd`, a medal before the rank (`🥇 1`): a rank all the same.
            let t = ["st", "nd", "rd", "th"]
                .iter()
                .find_map(|suffix| t.strip_suffix(suffix))
                .unwrap_or(t);
            t.chars().any(|ch| ch.is_ascii_digit())
                && t.chars()
                    .all(|ch| ch.is_ascii_digit() || !ch.is_alphanumeric())
        })
}

/// Who a body row is about, from its label cells.
struct Labels {
    dataset: Option<String>,
    method: Option<String>,
    notes: Vec<String>,
    /// What the row's label says its figures are, and the label that says it.
    kind: Option<(RowKind, String)>,
    /// Labels said after the method (`Fold 3`, `Std`).
    after: Vec<String>,
}

/// Which label columns name datasets by the registry: more than half of their filled cells
/// are registry (or image-set) names. One match among methods (`ada`, AdaBoost, is the
/// registry's ADA) names no dataset.
fn registry_columns(f: &Frame) -> Vec<bool> {
    let width = f.body.first().map_or(0, |(labels, _)| labels.len());
    (0..width)
        .map(|k| {
            let (mut filled, mut named) = (0usize, 0usize);
            for (labels, _) in &f.body {
                let text = labels[k].text.trim();
                if text.is_empty() || is_value_word(text) {
                    continue;
                }
                filled += 1;
                if registry_match(text).is_some() || known_without_counts(text) {
                    named += 1;
                }
            }
            2 * named > filled
        })
        .collect()
}

/// A header of the data a model was tested on (`Test data`, `Test set`, `Tested on`,
/// `Target domain`), beside one of the data it was trained on.
fn names_test_data_column(header: &str) -> bool {
    let h = header.to_lowercase();
    (h.starts_with("test") || h.starts_with("evaluated on") || h.starts_with("target"))
        && ["data", "dataset", "set", "cohort", "on", "domain"]
            .iter()
            .any(|w| {
                h.split(|c: char| !c.is_alphanumeric())
                    .any(|part| part == *w)
            })
}

/// Whether a column header names the year of a study (`Year`, `Pub. year`, `Published`).
fn names_a_year_column(header: &str) -> bool {
    matches!(
        header_form_of(header).as_str(),
        "year" | "pub._year" | "pub_year" | "publication_year" | "published" | "year_published"
    )
}

/// Whether a cell is a year of publication (`2009`, `(2019)`).
fn is_year(text: &str) -> bool {
    let t = text.trim().trim_matches(['(', ')']);
    t.len() == 4
        && (t.starts_with("19") || t.starts_with("20"))
        && t.bytes().all(|b| b.is_ascii_digit())
}

/// Whether a row's labels say it is the present work's (`This work`, `Ours`, `Proposed`).
fn own_work(who: &Labels) -> bool {
    [&who.method, &who.dataset]
        .into_iter()
        .flatten()
        .any(|label| {
            let lower = label.to_lowercase();
            [
                "this work",
                "this study",
                "this paper",
                "present work",
                "present study",
                "ours",
                "our ",
                "proposed",
            ]
            .iter()
            .any(|w| lower.contains(w))
                || lower == "our"
        })
}

fn row_labels(
    f: &Frame,
    labels: &[GridCell],
    previous: &[String],
    registry_columns: &[bool],
) -> (Labels, Vec<String>) {
    let mut texts: Vec<String> = labels.iter().map(|c| c.text.trim().to_string()).collect();
    let mut notes = Vec::new();
    // A grouping label column left empty under its first row (Markdown has no \multirow).
    if texts.len() >= 2 && texts[0].is_empty() {
        if let Some(above) = previous.first().filter(|p| !p.is_empty()) {
            texts[0] = above.clone();
            notes.push(format!("{above:?} carried down from the row above"));
        }
    }
    if labels.iter().any(|c| c.merged) {
        notes.push("label from a merged cell".to_string());
    }
    if labels.is_empty() && f.body.len() > 1 {
        notes.push("no label column: rows told apart only by their order".to_string());
    }
    let mut dataset = None;
    let mut method = None;
    let mut rest = Vec::new();
    let mut kind = None;
    let mut after = Vec::new();
    for (k, text) in texts.iter().enumerate() {
        let header = f.label_headers.get(k).map(String::as_str).unwrap_or("");
        // `BEST` beside a method's name (a `Status` column) marks that row; alone it labels
        // the best of the rows.
        let others = texts
            .iter()
            .enumerate()
            .any(|(i, t)| i != k && !t.trim().is_empty());
        if others && is_rank_mark(text, header) {
            notes.push(format!("{:?} read as a mark of the row", text.trim()));
            continue;
        }
        let found = row_kind(text, header).filter(|_| kind.is_none());
        if let Some(found @ (RowKind::Subgroup | RowKind::Cited)) = found {
            // `Age < 50`, `Lee et al. [7]`: the row's label as it stands.
            kind = Some((found, text.trim().to_string()));
        } else if let Some(found) = found {
            // `Fold 3`, `3` under `Fold`, `Std`: said after the method (`SVM Fold 3`); a
            // mean row is the method's own figure.
            let label = numbered_label(text, header);
            if found != RowKind::Mean {
                after.push(label.clone());
            }
            kind = Some((found, label));
            continue;
        }
        // `Test` (under `Dataset` or `Split`) says the figures are the test data's: no one.
        if text.is_empty() || is_value_word(text) || names_the_test_data(text) {
            continue;
        }
        if f.descriptive.get(k).copied().unwrap_or(false) {
            continue;
        }
        // A part of the dataset (`Stage I` beside `All`): the row's label as it stands, with
        // no counts of the dataset's.
        if f.parts.get(k).copied().unwrap_or(false) && kind.is_none() && !names_the_whole(text) {
            kind = Some((RowKind::Subgroup, text.trim().to_string()));
        }
        // A column of the training data beside one of the test data (`Training data`, `Test
        // data`) names no data the figures are of: it qualifies the method; the test
        // column gives the dataset. (Alone, a `Training dataset` column names the data split
        // into training and test.)
        let cross_data = f.label_headers.iter().any(|h| names_test_data_column(h));
        if cross_data && names_training_split(header) {
            rest.push(text.clone());
            continue;
        }
        if (names_test_data_column(header) || is_dataset_word(header)) && dataset.is_none() {
            dataset = Some(text.clone());
        } else if is_method_word(header) && method.is_none() {
            method = Some(text.clone());
        } else if (registry_match(text).is_some() || known_without_counts(text))
            && registry_columns.get(k).copied().unwrap_or(false)
            && dataset.is_none()
        {
            dataset = Some(text.clone());
        } else {
            rest.push(text.clone());
        }
    }
    if !rest.is_empty() {
        // Text in a label column that neither its header nor the registry calls a dataset
        // qualifies the method (a `\multirow` block's name over its classifiers), put first
        // as printed; it is never taken for a dataset.
        let joined = rest.join(" ");
        method = Some(match method {
            None => joined,
            Some(m) => format!("{joined} {m}"),
        });
    }
    (
        Labels {
            dataset,
            method,
            notes,
            kind,
            after,
        },
        texts,
    )
}

/// `Best`, `Worst`, `Highest`, `Lowest` in a column headed `header`: a row's only label
/// says it is an extreme of the rows; beside the label of a row that is an experiment's own,
/// in a column that lists no folds, runs or statistics (`Status`, `Note`), a mark.
fn is_rank_mark(text: &str, header: &str) -> bool {
    let form = header_form_of(text);
    let form = form.trim_matches(|c: char| c == '*' || c == '_' || c == '(' || c == ')');
    let header_form = header_form_of(header);
    let summarising = numbers_folds_or_runs(header)
        || matches!(
            header_form.as_str(),
            "statistic" | "statistics" | "stat" | "stats" | "summary" | "aggregate" | "aggregation"
        );
    !summarising && matches!(form, "best" | "worst" | "highest" | "lowest" | "winner")
}

/// A fold's or run's label as a reader says it: `3` under `Fold` is `Fold 3`.
fn numbered_label(text: &str, header: &str) -> String {
    if numbers_folds_or_runs(header) && !text.is_empty() && text.chars().all(|c| c.is_ascii_digit())
    {
        format!("{} {text}", header.trim())
    } else {
        text.trim().to_string()
    }
}

/// The one dataset a caption or heading names, if exactly one.
fn dataset_of_text(table: &RawTable) -> (Option<String>, Option<String>) {
    // `Dataset: gse6891_1` (a README's bold label over its figures): the name it gives.
    for text in [&table.caption, &table.heading] {
        let labelled = text.split_once(':').and_then(|(label, name)| {
            let name = name.trim().trim_matches('*').trim();
            (matches!(
                label
                    .trim()
                    .trim_matches('*')
                    .trim()
                    .to_lowercase()
                    .as_str(),
                "dataset" | "data set" | "data"
            ) && !name.is_empty()
                && name.chars().count() <= 40
                && name.split_whitespace().count() <= 4
                && name.chars().any(char::is_alphabetic)
                && !name.contains('\n'))
            .then(|| name.to_string())
        });
        if labelled.is_some() {
            return (labelled, None);
        }
    }
    for text in [&table.caption, &table.heading] {
        let found = datasets_in_text(text);
        match found.len() {
            0 => continue,
            1 => return (Some(found[0].0.clone()), None),
            _ => {
                return (
                    None,
                    Some(format!(
                        "the caption names several datasets ({}); the row's is not known",
                        found
                            .iter()
                            .map(|(p, _)| p.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    )),
                )
            }
        }
    }
    (None, None)
}

fn read_frame(
    f: &Frame,
    columns: &[Option<(&'static str, String, bool)>],
    table: &RawTable,
) -> Vec<TableRow> {
    let mut out: Vec<TableRow> = Vec::new();
    let mut lost: Vec<String> = Vec::new();
    let (caption_dataset, caption_note) = dataset_of_text(table);
    // Groups that are all one title over every score column say nothing about who.
    let groups: Vec<&str> = columns
        .iter()
        .flatten()
        .map(|(_, g, _)| g.as_str())
        .collect();
    let one_title = groups.windows(2).all(|w| w[0] == w[1])
        && groups
            .first()
            .is_some_and(|g| registry_match(g).is_none() && !known_without_counts(g));
    let dataset_groups = groups
        .iter()
        .any(|g| registry_match(g).is_some() || known_without_counts(g));
    // Row labels of which one is a dataset the registry knows (`RedWine | Cardio | Pima`
    // under `MLP | SVC | SVR`): the rows name datasets, the groups methods.
    let rows_name_datasets = !dataset_groups
        && f.body.iter().any(|(labels, _)| {
            labels
                .iter()
                .any(|c| registry_match(c.text.trim()).is_some())
        });
    let mut previous: Vec<String> = Vec::new();
    let mut section: Option<String> = None;
    // Whether the row above was a section's.
    let mut section_above = false;
    let named_datasets = registry_columns(f);
    for (labels, values) in &f.body {
        // A separating row: one text across the row (a dataset's or a block's name).
        let texts: Vec<&str> = labels
            .iter()
            .chain(values)
            .map(|c| c.text.trim())
            .filter(|t| !t.is_empty())
            .collect();
        if !texts.is_empty()
            && texts.iter().all(|t| *t == texts[0])
            && values.iter().all(|c| !is_number(&c.text))
        {
            // A sentence of figures across the row (`Overall accuracy: 96.2%, Call rate:
            // 100.0%`) names no block: it is left out, and ends the block above.
            let figures = texts[0].contains(':') && texts[0].chars().any(|c| c.is_ascii_digit());
            // Sections one under another (`Stage 1` over `Validation`) name their rows
            // together: `Stage 1 Validation`.
            section = match (&section, figures) {
                (_, true) => None,
                // (A dataset's section stands alone, as the registry names it.)
                (Some(above), false)
                    if section_above
                        && registry_match(above).is_none()
                        && registry_match(texts[0]).is_none() =>
                {
                    Some(format!("{above} {}", texts[0]))
                }
                (_, false) => Some(texts[0].to_string()),
            };
            section_above = !figures;
            continue;
        }
        section_above = false;
        let (mut who, texts) = row_labels(f, labels, &previous, &named_datasets);
        previous = texts;
        // Rows under a section of the training data (`Training cohort`, `Train set`):
        // measured on a part of the data other than the test data.
        if who.kind.is_none() && section.as_deref().is_some_and(names_training_split) {
            who.kind = Some((RowKind::Subset, section.clone().unwrap_or_default()));
        }
        // Rows under a section naming other data (`External test set (Hospital B)`, `Age <
        // 50`, `After SMOTE`): that data's figures.
        if let (None, Some(found)) = (
            &who.kind,
            section.as_deref().and_then(crate::names::group_kind),
        ) {
            who.kind = Some((found, section.clone().unwrap_or_default()));
        }
        // A fold or run number (or `Mean`, `Std`) in a column that is neither a label nor a
        // score (`| SVM | 3 | 0.91 |` under `| Model | Fold | Acc |`).
        if who.kind.is_none() {
            for (j, cell) in values.iter().enumerate() {
                if columns[j].is_some() {
                    continue;
                }
                let header = f
                    .column_headers
                    .iter()
                    .rev()
                    .map(|row| row[j].text.trim())
                    .find(|t| !t.is_empty())
                    .unwrap_or("");
                let labelled = who.method.is_some() || who.dataset.is_some();
                // A study's year (`| Akay | 2009 | WDBC |` under `Year`): a comparison with
                // published work, whose rows are those papers' figures, but for this one's.
                // (Beside a dataset alone, the year is the dataset's.)
                let study = who.method.as_ref().is_some_and(|m| !m.trim().is_empty());
                if study && names_a_year_column(header) && is_year(&cell.text) && !own_work(&who) {
                    who.kind = Some((RowKind::Cited, who.method.clone().unwrap_or_default()));
                    break;
                }
                if labelled && is_rank_mark(&cell.text, header) {
                    who.notes
                        .push(format!("{:?} read as a mark of the row", cell.text.trim()));
                    continue;
                }
                // A subgroup is named by the row's labels, not by a value (`<0.0001`), but
                // under a subgroup's header (`Age group | 21-30`).
                if let Some(found) = row_kind(&cell.text, header).filter(|k| match k {
                    RowKind::Subgroup => crate::names::subgroup_header(header),
                    RowKind::Cited => false,
                    _ => true,
                }) {
                    let label = numbered_label(&cell.text, header);
                    if found != RowKind::Mean {
                        who.after.push(label.clone());
                    }
                    who.kind = Some((found, label));
                    break;
                }
            }
        }
        if !who.after.is_empty() {
            let after = who.after.join(" ");
            who.method = Some(match who.method.take() {
                None => after,
                Some(m) => format!("{m} {after}"),
            });
        }
        let kind = who.kind.take().map(|(kind, label)| {
            if kind == RowKind::Mean && who.method.is_none() {
                // `Mean` names no method, but it names the row.
                who.method = Some(label);
            }
            kind
        });
        let row_is_dataset = who.dataset.is_some();
        // A matrix normalised per class (or over all items) holds no counts.
        let normalised = ["normalis", "normaliz", "row-normal", "column-normal"]
            .iter()
            .any(|w| table.caption.to_lowercase().contains(w));
        let matrices = if normalised {
            Vec::new()
        } else {
            matrix_of(f, values)
        };
        if let Some(note) = unreadable_count(f, values).filter(|_| !normalised) {
            who.notes.push(note);
        }
        who.notes.extend(ambiguous_score_columns(f, values.len()));
        who.notes.extend(class_score_columns(f, columns));
        who.notes.extend(operating_point_columns(f, columns));
        let class_counts = class_counts_of(f, values);
        let own_folds = folds_of_row(f, values);
        let mut by_key: Vec<TableRow> = Vec::new();
        for (j, column) in columns.iter().enumerate() {
            let Some((score, group, header_percent)) = column else {
                continue;
            };
            let cell = &values[j];
            let mut notes = who.notes.clone();
            let (mut dataset, mut method) = (who.dataset.clone(), who.method.clone());
            let known_group = registry_match(group).is_some() || known_without_counts(group);
            // A group the registry does not know, over a row that names no dataset, in a
            // table whose caption names one (`SVM Accuracy` on Pima, or a class's `Diabetic
            // Recall`): it says whose or which figures they are, not which dataset.
            // Not where another group is a dataset the registry knows (`Pima Accuracy | Bank
            // Accuracy`): there the groups name datasets, Bank one without counts.
            let qualifies = f.groups_name_methods
                || (caption_dataset.is_some() && !row_is_dataset && !dataset_groups)
                || names_an_operating_point(group);
            if !group.is_empty() && !one_title && qualifies && !known_group {
                method = Some(
                    format!("{group} {}", method.unwrap_or_default())
                        .trim()
                        .to_string(),
                );
            } else if !group.is_empty() && !one_title {
                if known_group || !row_is_dataset {
                    if dataset.is_some() {
                        // Both the row and the group look like datasets: not attributable.
                        notes.push(format!(
                            "column group {group:?} and row both name a dataset"
                        ));
                        method = Some(
                            format!("{} {group}", method.unwrap_or_default())
                                .trim()
                                .to_string(),
                        );
                    } else if rows_name_datasets && !known_group {
                        dataset = method.take();
                        method = Some(group.clone());
                    } else {
                        dataset = Some(group.clone());
                        if registry_match(group).is_none() {
                            notes.push(format!("dataset {group:?} from a column group"));
                        }
                    }
                } else {
                    // The row's own qualifier (`Stage I` in a second label column) stays
                    // before the group's method.
                    method = Some(match method {
                        Some(m) => format!("{m} {group}"),
                        None => group.clone(),
                    });
                }
            }
            // A separating row names a dataset when the registry knows it; any other text
            // there names a block of methods and qualifies them, as a `\multirow` block does.
            let section_dataset = section
                .as_ref()
                .filter(|s| registry_match(s).is_some() || known_without_counts(s));
            if let Some(s) = section.as_ref().filter(|_| section_dataset.is_none()) {
                method = Some(
                    format!("{s} {}", method.unwrap_or_default())
                        .trim()
                        .to_string(),
                );
            }
            if dataset.is_none() {
                if let Some(s) = section_dataset {
                    dataset = Some(s.clone());
                } else if let Some(d) = &caption_dataset {
                    dataset = Some(d.clone());
                } else if let Some(n) = &caption_note {
                    notes.push(n.clone());
                } else {
                    notes.push(
                        "no dataset named in the row, the columns or the caption".to_string(),
                    );
                }
            }
            if f.transposed {
                notes.push("scores named in rows".to_string());
            }
            let dataset = dataset.unwrap_or_default();
            let method = method.unwrap_or_default();
            let slot = match by_key
                .iter()
                .position(|r| r.dataset == dataset && r.method == method)
            {
                Some(i) => i,
                None => {
                    by_key.push(TableRow {
                        dataset: dataset.clone(),
                        method: method.clone(),
                        // The counts belong to the scores of their own column group.
                        matrix: matrices
                            .iter()
                            .find(|(counted, ..)| counted == group)
                            .map(|(_, m, _)| *m),
                        matrix_roles_inferred: matrices
                            .iter()
                            .any(|(counted, _, inferred)| counted == group && *inferred),
                        class_counts: class_counts.filter(|_| group.is_empty()),
                        folds: own_folds,
                        // A column group naming other data (`External test`, `Age < 50`,
                        // `Undersampled`): its columns are that data's figures.
                        kind: kind.or_else(|| crate::names::group_kind(group)),
                        ..TableRow::default()
                    });
                    by_key.len() - 1
                }
            };
            let row = &mut by_key[slot];
            for n in notes {
                if !row.notes.contains(&n) {
                    row.notes.push(n);
                }
            }
            if cell.merged {
                row.notes
                    .push(format!("{score}: merged cell {:?} not read", cell.text));
                continue;
            }
            if names_several_classes(group) {
                let note = format!(
                    "column group {group:?} is a task of more than two classes: its figures are no binary ones, not read"
                );
                if !row.notes.contains(&note) {
                    row.notes.push(note);
                }
                continue;
            }
            match value::read(&cell.text) {
                CellValue::Number {
                    printed,
                    percent_sign,
                } => {
                    if row.scores.iter().any(|(s, _)| s == score) {
                        // One note per score however often it repeats.
                        let prefix = format!("{score} given ");
                        match row.notes.iter().position(|n| n.starts_with(&prefix)) {
                            None => row.notes.push(format!(
                                "{score} given twice; second value {printed} not read"
                            )),
                            Some(at) => {
                                let times = row.notes[at][prefix.len()..]
                                    .split(' ')
                                    .next()
                                    .and_then(|w| w.parse::<usize>().ok())
                                    .unwrap_or(2)
                                    + 1;
                                row.notes[at] = format!(
                                    "{score} given {times} times; only the first value read"
                                );
                            }
                        }
                        continue;
                    }
                    if percent_sign || *header_percent {
                        row.percent = true;
                        row.marked_percent.push(score);
                    }
                    if percent_sign {
                        row.signed_percent.push(score);
                    }
                    if *score == "acc" && averaged_header(&headers_over(f, j)) {
                        row.averaged_accuracy = true;
                    }
                    row.scores.push((score, printed));
                }
                CellValue::NotReported => {}
                CellValue::Text(text) => {
                    row.notes.push(format!("{score}: {text:?} is not a value"));
                }
            }
        }
        for mut row in by_key {
            settle_scale(&mut row);
            if !row.scores.is_empty() {
                out.push(row);
            } else if row.notes.iter().any(|n| n.ends_with("is not a value")) {
                // A row none of whose score cells could be read: said on the rows kept.
                let label = [row.dataset.as_str(), row.method.as_str()]
                    .iter()
                    .filter(|t| !t.is_empty())
                    .copied()
                    .collect::<Vec<_>>()
                    .join(" ");
                let unread: Vec<&str> = row
                    .notes
                    .iter()
                    .filter(|n| n.ends_with("is not a value"))
                    .map(String::as_str)
                    .collect();
                lost.push(format!("row {label:?} not read ({})", unread.join("; ")));
            }
        }
    }
    for row in &mut out {
        row.notes.extend(lost.iter().cloned());
    }
    summaries_left_out(out)
}

/// The rows without those that are no one experiment's figures, named in a note on every
/// row kept: statistics of the rows (`Std`, `Max`, `Median`), and a mean of rows that are
/// not folds or runs of one experiment (`Average` under rows of methods or datasets).
/// A mean of folds or runs is kept: it is the experiment's figure, averaged.
fn summaries_left_out(rows: Vec<TableRow>) -> Vec<TableRow> {
    // A mean beside no other row (`| Metric | Mean | Std |` read across) is the mean of runs
    // or folds the table does not list.
    let of_folds_or_runs = rows
        .iter()
        .filter(|r| !matches!(r.kind, Some(RowKind::Mean | RowKind::Statistic)))
        .all(|r| matches!(r.kind, Some(RowKind::Fold | RowKind::Run)));
    let (kept, left): (Vec<TableRow>, Vec<TableRow>) =
        rows.into_iter().partition(|r| match r.kind {
            Some(RowKind::Statistic) => false,
            Some(RowKind::Mean) => of_folds_or_runs,
            _ => true,
        });
    if left.is_empty() {
        return kept;
    }
    let mut labels: Vec<String> = Vec::new();
    for row in &left {
        let label = format!("{:?}", row.method);
        if !labels.contains(&label) {
            labels.push(label);
        }
    }
    let note = format!(
        "{} {} summarised over the rows (a spread, an extreme, or a mean of rows that are not one experiment's folds or runs), not one experiment's figures: not read",
        if labels.len() == 1 { "row" } else { "rows" },
        labels.join(", ")
    );
    kept.into_iter()
        .map(|mut row| {
            row.notes.push(note.clone());
            row
        })
        .collect()
}

/// The number of folds a body row's own cell under `Folds` (`#Folds`, `CV folds`; not `k`,
/// as often a nearest-neighbour count) gives: a whole number from 2 to 100.
fn folds_of_row(f: &Frame, values: &[GridCell]) -> Option<u64> {
    values.iter().enumerate().find_map(|(j, cell)| {
        let headers = headers_over(f, j);
        let last = header_form_of(headers.last()?).replace(['#', '.'], "");
        matches!(
            last.trim_matches('_'),
            "folds"
                | "n_folds"
                | "no_of_folds"
                | "number_of_folds"
                | "cv_folds"
                | "k_folds"
                | "k_fold"
        )
        .then(|| crate::value::whole_number(&cell.text))
        .flatten()
        .filter(|k| (2..=100).contains(k))
    })
}

/// The non-empty header cells over column `j`, top first.
/// Whether a score's headers call it an average (`Avg. Acc.`, `Average accuracy`, `Mean
/// Acc`): over folds or runs the score's mean, over one test set possibly the mean of the
/// class accuracies.
fn averaged_header(headers: &[&str]) -> bool {
    // The header that names the accuracy itself (not a method's column named `mean` under
    // a caption's accuracy).
    headers.iter().any(|h| {
        if crate::names::score_of_header(h) != Some("acc") {
            return false;
        }
        let first = h
            .split(|c: char| c.is_whitespace() || c == '_' || c == '-')
            .find(|w| !w.is_empty())
            .unwrap_or("")
            .trim_end_matches('.')
            .to_lowercase();
        matches!(
            first.as_str(),
            "avg" | "average" | "mean" | "averaged" | "ave"
        )
    })
}

fn headers_over(f: &Frame, j: usize) -> Vec<&str> {
    f.column_headers
        .iter()
        .map(|row| row[j].text.trim())
        .filter(|t| !t.is_empty())
        .collect()
}

/// The class counts a body row states in columns headed `#Pos` and `#Neg` (not `#Min` and
/// `#Maj`, which in a results row may be anything's; outside any column group and any part
/// of the data, each once, whole numbers), as (p, n).
fn class_counts_of(f: &Frame, values: &[GridCell]) -> Option<(u64, u64)> {
    let mut found: [Option<u64>; 2] = [None; 2];
    for (j, cell) in values.iter().enumerate() {
        let headers = headers_over(f, j);
        let Some((last, above)) = headers.split_last() else {
            continue;
        };
        let class = if names_positives_only(last) {
            0
        } else if names_negatives_only(last) {
            1
        } else {
            continue;
        };
        if !above.is_empty() || found[class].is_some() || names_a_split_part(f, j) {
            return None;
        }
        found[class] = Some(whole_count(&cell.text)?);
    }
    Some((found[0]?, found[1]?))
}

/// A note for each column whose header names accuracy or precision, which of the two is
/// not known (`Genauigkeit`, `Precisión`, `Точность`, `精度`): not read, and said so.
fn ambiguous_score_columns(f: &Frame, columns: usize) -> Vec<String> {
    (0..columns)
        .filter_map(|j| {
            let headers = headers_over(f, j);
            let last = headers.last()?;
            crate::names::names_accuracy_or_precision(last).then(|| {
                format!("column {last:?} names accuracy or precision (which one is not known): not read")
            })
        })
        .collect()
}

/// A note naming the columns of one class's score that are not read (`Precision (Churn)`,
/// `Recall (2)`): which class is the positive one is not said (or the table has more than two
/// classes), so those figures are no binary scores here; said, never dropped silently.
fn class_score_columns(
    f: &Frame,
    columns: &[Option<(&'static str, String, bool)>],
) -> Option<String> {
    let unread: Vec<String> = columns
        .iter()
        .enumerate()
        .filter(|(_, column)| column.is_none())
        .filter_map(|(j, _)| {
            let headers = headers_over(f, j);
            let last = headers.last()?;
            let label = crate::names::score_label(last)?;
            let (name, _) = crate::names::label_after_name(last)?;
            // A class's precision, recall or F1 (`Accuracy (balanced)`, `f1_macro`, `Recall
            // (test)` are no class's).
            let per_class = crate::names::class_score(name, true).is_some();
            let averaged = [
                "macro",
                "micro",
                "weighted",
                "samples",
                "avg",
                "average",
                "mean",
                "balanced",
                "overall",
                "std",
                "sd",
                "test",
                "train",
                "training",
                "val",
                "valid",
                "validation",
                "dev",
                "cv",
                "best",
                "max",
                "min",
                "median",
            ];
            (per_class && !averaged.contains(&label.as_str())).then(|| format!("{last:?}"))
        })
        .collect();
    (!unread.is_empty()).then(|| {
        format!(
            "{} {} of one class: which class is the positive one is not said (only 0/1, pos/neg, positive/negative are read as the two classes), so not read",
            unread.join(", "),
            if unread.len() == 1 { "names a score" } else { "name scores" }
        )
    })
}

/// A note naming the columns of a score at a fixed level of another (`Sensitivity at 95%
/// specificity`, `Recall @ 1% FPR`): another operating point's figure, not the row's
/// sensitivity; not read, and said so.
fn operating_point_columns(
    f: &Frame,
    columns: &[Option<(&'static str, String, bool)>],
) -> Option<String> {
    let unread: Vec<String> = columns
        .iter()
        .enumerate()
        .filter(|(_, column)| column.is_none())
        .filter_map(|(j, _)| {
            let headers = headers_over(f, j);
            let last = headers.last()?;
            let lower = last.to_lowercase();
            let (before, after) = lower.split_once(" at ").or_else(|| lower.split_once('@'))?;
            let level = after.contains('%') || after.trim_start().starts_with(['0', '.']);
            (crate::names::leading_score(before).is_some() && level).then(|| format!("{last:?}"))
        })
        .collect();
    (!unread.is_empty()).then(|| {
        format!(
            "{} {} at a fixed level of another: another operating point's figures, not read",
            unread.join(", "),
            if unread.len() == 1 {
                "names a score"
            } else {
                "name scores"
            }
        )
    })
}

/// A TP, FP, FN or TN cell that holds something but no count the matrix could use (`1
/// 204,5`, 26 digits): said, so that a matrix left unread is not silent.
fn unreadable_count(f: &Frame, values: &[GridCell]) -> Option<String> {
    values.iter().enumerate().find_map(|(j, cell)| {
        let headers = headers_over(f, j);
        let last = headers.last()?;
        count_of_header(last)?;
        let text = cell.text.trim();
        let share = headers.iter().any(|h| {
            let lower = h.to_lowercase();
            crate::names::marks_percent(h) || lower.contains("rate") || lower.contains("norm")
        });
        let unreadable = share
            || text.is_empty()
            || matches!(text, "-" | "–" | "—" | "n/a" | "N/A" | "NA")
            || whole_count(text).is_some_and(|c| c < 10u64.pow(18));
        (!unreadable).then(|| {
            format!(
                "{last}: {:?} is not a count (a whole number below 10^18), so the row's confusion matrix is not read",
                text.chars().take(40).collect::<String>()
            )
        })
    })
}

/// The confusion matrices a body row states in columns headed TP, FP, FN and TN, as (tp,
/// fp, fn, tn), each with the column group its four are under ("" outside any; each count
/// once in its group, whole numbers).
fn matrix_of(f: &Frame, values: &[GridCell]) -> Vec<(String, [u64; 4], bool)> {
    // The counts by the column group over them ("" outside any), each group's four once.
    let mut groups: Vec<(String, [Option<u64>; 4])> = Vec::new();
    let mut by_place: Vec<String> = Vec::new();
    for (j, cell) in values.iter().enumerate() {
        let headers = headers_over(f, j);
        let Some((last, above)) = headers.split_last() else {
            continue;
        };
        // A whole matrix in one cell under `Confusion Matrix`, as scikit-learn prints it
        // (`[[tn, fp], [fn, tp]]`, the negative class first): its roles by place.
        // (Under a `Mean`, `Sum` or `Avg` header it is a summary over folds or runs.)
        let summarised = headers
            .iter()
            .copied()
            .chain(f.label_headers.iter().map(String::as_str))
            .any(|h| {
                let lower = h.to_lowercase();
                ["mean", "sum", "avg", "average", "total", "norm"]
                    .iter()
                    .any(|w| lower.contains(w))
            });
        let printed = (names_a_confusion_matrix(last) && !summarised)
            .then(|| nested_matrix(&cell.text))
            .flatten();
        let printed_texts: Vec<String> = printed
            .map(|m| m.iter().map(u64::to_string).collect())
            .unwrap_or_default();
        // One count a column (`TP`), or several in one (`TP / FP / FN / TN` over `940 / 197 /
        // 193 / 193,172`).
        let pairs: Vec<(usize, &str)> = match count_of_header(last) {
            Some(kind) => vec![(kind, cell.text.as_str())],
            None if printed.is_some() => {
                by_place.push(count_group(above));
                // [[tn, fp], [fn, tp]] as (tp, fp, fn, tn).
                [(3, 0), (1, 1), (2, 2), (0, 3)]
                    .iter()
                    .map(|&(kind, at)| (kind, printed_texts[at].as_str()))
                    .collect()
            }
            None => {
                let kinds: Option<Vec<usize>> = last.split('/').map(count_of_header).collect();
                let cells: Vec<&str> = cell.text.split('/').collect();
                match kinds {
                    Some(kinds) if kinds.len() > 1 && kinds.len() == cells.len() => {
                        kinds.into_iter().zip(cells).collect()
                    }
                    _ => continue,
                }
            }
        };
        // `TP (%)`, `TP rate`: shares, not counts.
        let share = headers.iter().any(|h| {
            let lower = h.to_lowercase();
            crate::names::marks_percent(h) || lower.contains("rate") || lower.contains("norm")
        });
        if share {
            return Vec::new();
        }
        let group = count_group(above);
        let at = match groups.iter().position(|(g, _)| *g == group) {
            Some(at) => at,
            None => {
                groups.push((group, [None; 4]));
                groups.len() - 1
            }
        };
        for (kind, text) in pairs {
            // At most 18 digits: the four add up within 64 bits. A share beside the count
            // (`76 (89.4%)`) is left.
            let count = whole_count(text).filter(|c| *c < 10u64.pow(18));
            let found = &mut groups[at].1;
            match count {
                Some(count) if found[kind].is_none() => found[kind] = Some(count),
                // A count twice in one group, or a cell that is no count: no matrix there.
                _ => found[kind] = Some(u64::MAX),
            }
        }
    }
    // A column of items the four leave out (`Invalid`, `Indeterminate`, `No call`): the
    // matrix is not every test item, and an overall figure counts them too.
    let outside = (0..values.len()).any(|j| {
        headers_over(f, j).iter().any(|h| {
            let lower = h.to_lowercase();
            [
                "invalid",
                "indeterminate",
                "inconclusive",
                "unclassified",
                "unclassifiable",
                "uninterpretable",
                "no call",
                "no-call",
                "abstain",
                "rejected",
                "equivocal",
            ]
            .iter()
            .any(|w| lower.contains(w))
        })
    });
    if outside {
        return Vec::new();
    }
    groups
        .into_iter()
        .filter_map(|(group, found)| {
            let [Some(tp), Some(fp), Some(fn_), Some(tn)] = found else {
                return None;
            };
            if [tp, fp, fn_, tn].contains(&u64::MAX) {
                return None;
            }
            tp.checked_add(fn_)?;
            tn.checked_add(fp)?;
            let inferred = by_place.contains(&group);
            Some((group, [tp, fp, fn_, tn], inferred))
        })
        .collect()
}

/// Whether a header names a whole confusion matrix (`Confusion Matrix`, `CM`).
fn names_a_confusion_matrix(header: &str) -> bool {
    let lower = header.trim().to_lowercase().replace('_', " ");
    // (Not `confusion_matrix_sum`, `Normalized confusion matrix`, `Mean CM`: summed over
    // folds or shares.)
    matches!(
        lower.as_str(),
        "cm" | "confusion"
            | "confusion matrix"
            | "confusion matrix (test)"
            | "test confusion matrix"
    )
}

/// A two-by-two matrix printed as nested lists, by rows: `[[302, 109], [152, 147]]`, or as
/// numpy prints it, `[[749 112] [104 786]]`.
fn nested_matrix(text: &str) -> Option<[u64; 4]> {
    let compact: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let inner = compact.strip_prefix('[')?.strip_suffix(']')?.trim();
    let rows: Vec<&str> = inner
        .split(']')
        .map(|r| r.trim().trim_start_matches(',').trim())
        .filter(|r| !r.is_empty())
        .collect();
    if rows.len() != 2 {
        return None;
    }
    let mut cells = Vec::with_capacity(4);
    for row in rows {
        let row = row.strip_prefix('[')?;
        let numbers: Vec<&str> = row
            .split([',', ' '])
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .collect();
        if numbers.len() != 2 {
            return None;
        }
        for n in numbers {
            if !n.bytes().all(|b| b.is_ascii_digit()) || n.len() > 15 {
                return None;
            }
            cells.push(n.parse::<u64>().ok()?);
        }
    }
    Some([cells[0], cells[1], cells[2], cells[3]])
}

/// Whether a column group names a threshold the figures under it were taken at (`At
/// threshold 0.265`, `Cut-off 0.5`, `Operating point`, `at thr*`): it qualifies the method,
/// it names no data.
fn names_an_operating_point(group: &str) -> bool {
    let lower = group.to_lowercase();
    // (`at thr*`: a score's qualifier, `precision @ thr*`.)
    lower.starts_with("at thr")
        || [
            "threshold",
            "cutoff",
            "cut-off",
            "cut off",
            "operating point",
        ]
        .iter()
        .any(|w| lower.contains(w))
}

/// The column group a count column is under, as [`score_columns`] names a score column's
/// (the header cells above it that name no score and no value, each once, joined by spaces):
/// the counts of a group (`At threshold 0.265` over `TP | TN | FP | FN | Sensitivity`)
/// belong to that group's scores.
/// A header over count columns without the words naming the counts themselves
/// (`Test confusion matrix` is `Test`; `Counts` is nothing).
fn strip_count_words(text: &str) -> String {
    const WORDS: &[&str] = &[
        "confusion matrix",
        "confusion",
        "matrix",
        "cm",
        "counts",
        "count",
        "cell counts",
        "cells",
        "outcomes",
        "2×2 table",
        "2x2 table",
        "classifications",
    ];
    let mut rest = text.trim().to_string();
    loop {
        let lower = rest.to_lowercase();
        // (Cut by the lower case's byte offsets only where they are the text's.)
        if lower.len() != rest.len() {
            return rest;
        }
        let Some(word) = WORDS.iter().find(|w| {
            lower == **w || lower.ends_with(&format!(" {w}")) || lower.starts_with(&format!("{w} "))
        }) else {
            return rest;
        };
        rest = if lower == *word {
            String::new()
        } else if lower.ends_with(&format!(" {word}")) {
            rest[..rest.len() - word.len() - 1].trim().to_string()
        } else {
            rest[word.len() + 1..].trim().to_string()
        };
    }
}

fn count_group(above: &[&str]) -> String {
    let mut group: Vec<String> = Vec::new();
    for t in above {
        // `Confusion matrix` or `Counts` over `TP | FP | FN | TN` names the four, no group,
        // and `Test counts` the group `Test`; a count's own header spanning two rows (`TP`
        // over itself) is none either.
        let t = strip_count_words(t);
        if t.is_empty() || count_of_header(&t).is_some() {
            continue;
        }
        if !group.contains(&t) && score_of_header(&t).is_none() && !is_value_word(&t) {
            group.push(t);
        }
    }
    group.join(" ")
}

/// Percent when a value of a score bounded by 1 is above 1; values on the other scale in
/// such a row go to the note, except that a fraction in a column marked nowhere as percent,
/// beside columns that are (`Acc (%)` beside `AUC`), is the fraction it looks like: it is
/// written as a percentage by moving its decimal point, which keeps its rounding exactly
/// when it has at least two decimals.
fn settle_scale(row: &mut TableRow) {
    // A figure over 100 is no rate's, as a fraction or a percentage (`768` under `# rec`, a
    // count whose header was taken for a score's): not read, whatever the row's scale.
    let notes = &mut row.notes;
    row.scores.retain(|(s, v)| {
        let rate = bounded_by_one(s) && value::magnitude(v).abs() > 100.0;
        if rate {
            notes.push(format!(
                "{s} {v} is above 100 %, no value of a rate: not read"
            ));
        }
        !rate
    });
    // A cell's own `%` says the row is in percent even below 1 (`0.80\%`): its other figures
    // at most 1 are fractions then.
    let above = row
        .scores
        .iter()
        .any(|(s, v)| bounded_by_one(s) && value::magnitude(v) > 1.0)
        || !row.signed_percent.is_empty();
    if above {
        row.percent = true;
    }
    // A header's `%` over an accuracy or AUC of at most 1 (`Accuracy (%)` over 0.7773): no
    // classifier's accuracy is under 1 %, so the figures are fractions, mislabelled.
    let at_most_one = row
        .scores
        .iter()
        .all(|(s, v)| !bounded_by_one(s) || value::magnitude(v).abs() <= 1.0);
    // Two of the rates a classifier keeps well above 1 % (sensitivity and specificity both
    // under 1 % would be a classifier worse than chance on both classes) say so too.
    let rates = row
        .scores
        .iter()
        .filter(|(s, v)| {
            matches!(
                *s,
                "sens" | "spec" | "ppv" | "npv" | "f1p" | "f1n" | "gm" | "fm" | "ji"
            ) && value::magnitude(v) > 0.0
        })
        .count();
    let headline = rates >= 2
        || row
            .scores
            .iter()
            .any(|(s, v)| matches!(*s, "acc" | "bacc" | "auc") && value::magnitude(v) > 0.0);
    if row.percent && !above && at_most_one && headline {
        row.percent = false;
        row.marked_percent.clear();
        row.notes.push(
            "marked % but every figure is at most 1 (an accuracy or AUC under 1 %, or two rates such as sensitivity and specificity under 1 %, are no classifier's): read as fractions"
                .to_string(),
        );
        return;
    }
    if !row.percent {
        return;
    }
    let marked = std::mem::take(&mut row.marked_percent);
    let mut kept = Vec::new();
    for (s, v) in row.scores.drain(..) {
        let magnitude = value::magnitude(&v);
        let signed = row.signed_percent.contains(&s);
        if !bounded_by_one(s) || magnitude.abs() > 1.0 || magnitude == 0.0 || !above || signed {
            kept.push((s, v));
            continue;
        }
        let shifted = (!marked.is_empty() && !marked.contains(&s))
            .then(|| value::as_percent(&v))
            .flatten();
        match shifted {
            Some(percent) => {
                row.notes.push(format!(
                    "{s} {v} read as a fraction beside columns marked %, written as {percent}"
                ));
                kept.push((s, percent));
            }
            None => row.notes.push(format!(
                "{s} {v} looks like a fraction in a row of percentages; not read"
            )),
        }
    }
    row.scores = kept;
    row.marked_percent = marked;
}

/// Whether a header is the bare abbreviation `SE` (or `S.E.`), read as the sensitivity
/// unless the table says otherwise: the standard error's abbreviation too.
fn is_bare_se(header: &str) -> bool {
    matches!(
        header.trim().to_lowercase().as_str(),
        "se" | "s.e." | "s.e" | "(se)" | "± se" | "±se"
    )
}

/// Whether a header names one minus a score (`1 - Acc (%)`, `1−Sens`, `(1 - spec)`).
fn is_complement(header: &str) -> bool {
    let t = header.trim().trim_start_matches('(').trim_start();
    t.strip_prefix('1')
        .is_some_and(|rest| rest.trim_start().starts_with(['-', '−', '–']))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captions_that_average_over_the_classes() {
        assert!(caption_averages_classes(
            "Precision, recall and F1 score represent weighted averages."
        ));
        assert!(caption_averages_classes(
            "Macro-averaged F1 on the test set"
        ));
        assert!(caption_averages_classes("Scores (micro) per model"));
        assert!(!caption_averages_classes(
            "Macroscopic results; weighted loss"
        ));
        assert!(!caption_averages_classes(
            "Results on the KEEL datasets (%)."
        ));
    }

    #[test]
    fn class_balanced_training_is_no_averaging_of_the_scores() {
        let said = |text: &str| text_averages_classes(text).is_some();
        assert!(!said(
            "We fit L2-regularized Logistic Regression with class-balanced weights."
        ));
        assert!(!said("A class-balanced loss; batches of 64."));
        assert!(said("Precision, recall and F1 are class-balanced."));
        assert!(said(
            "We pass class-balanced sample_weight to classification_report."
        ));
        assert!(said("The class-balanced accuracy and F1 on the test set."));
        assert!(said(
            "reported with scikit-learn's average='weighted' option"
        ));
        assert!(said(
            "computed per class and combined with weights equal to each class's prevalence"
        ));
    }
}
