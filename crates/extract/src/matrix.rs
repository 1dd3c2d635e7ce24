//! A confusion matrix printed as a table of its own: two actual classes by two predicted
//! ones (`| | Predicted Normal | Predicted Pneumonia |`, rows `Actual Normal`, `Actual
//! Pneumonia`), read as (tp, fp, fn, tn) when the table says which axis is predicted and
//! its class names say which class is positive.
//!
//! Such a table gives no rows of its own (it reports no score); `lib.rs` gives its counts to
//! a document's one results row that has none (a README's metrics beside its matrix).

use crate::model::{grid, GridCell, RawTable};
use crate::Limits;

/// A 2×2 confusion matrix a table prints, and the class read as positive.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ConfusionTable {
    /// (tp, fp, fn, tn).
    pub matrix: [u64; 4],
    /// The positive class as printed.
    pub positive: String,
    /// Scores printed in rows below the matrix (`Sensitivity (%) | 88`), with their figures
    /// as printed: the matrix's own results.
    pub scores: Vec<(&'static str, String)>,
    /// Whether those rows mark their figures as percentages.
    pub percent: bool,
}

/// The confusion matrix `table` prints, if it is one: exactly two rows and two columns of
/// whole counts (a `Total` row or column aside, which must then add up), an axis marked
/// predicted (`Predicted`, `Pred.`) and the other actual (or left unmarked), the same two
/// class names on both axes, one of them a negative class (`Negative`, `0`, `No`, `Normal`,
/// `Benign`, `Non-X`, `Not X`, ...). A caption or heading of another split or population
/// (training, validation, in-sample, all patients, a resampled set, a cohort) or of shares
/// (normalised, %) gives none.
pub(crate) fn confusion_table(table: &RawTable, limits: &Limits) -> Option<ConfusionTable> {
    let context = format!("{} {}", table.caption, table.heading).to_lowercase();
    // Shares said beside counts (`counts, with row percentages`, cells `76 (89.4%)`): the
    // counts are read, if every count has its share in parentheses.
    let shares_beside_counts = context.contains("count") && {
        let cells: Vec<&str> = table
            .rows
            .iter()
            .flat_map(|row| row.iter().map(|c| c.text.trim()))
            .filter(|t| count_of(t).is_some())
            .collect();
        !cells.is_empty()
            && cells.iter().all(|t| {
                t.split_once('(')
                    .is_some_and(|(_, share)| share.trim_end().ends_with("%)"))
            })
    };
    if ["%", "percent"].iter().any(|w| context.contains(w)) && !shares_beside_counts {
        return None;
    }
    if [
        "normalis",
        "normaliz",
        "train",
        "validation",
        "rate",
        "thousand",
        "external",
        "subgroup",
        "per image",
        "slice",
        "patch",
        "pixel",
        // Another population than a test set's (the data a model was fitted on, all of
        // the data, a resampled set, a cohort named apart).
        "in-sample",
        "in sample",
        "resubstitution",
        "apparent",
        "derivation",
        "development",
        "used to fit",
        "full data",
        "whole data",
        "entire data",
        "(all ",
        "of all ",
        "all patients",
        "all samples",
        "all subjects",
        "all cases",
        "all images",
        "smote",
        "oversampl",
        "undersampl",
        "resampl",
        "augment",
        "cohort",
    ]
    .iter()
    .any(|w| context.contains(w))
    {
        return None;
    }
    // One fold's, split's or run's matrix (`Confusion matrix of fold 3`, `of the best
    // fold`, `of the first split`): no matrix of the figures over all of them.
    let one_part = [
        "best fold",
        "first fold",
        "last fold",
        "one fold",
        "single fold",
        "worst fold",
        "first split",
        "one split",
        "best split",
        "single split",
        "first run",
        "one run",
        "best run",
        "single run",
        "worst run",
        "last run",
        "first repetition",
        "one repetition",
    ]
    .iter()
    .any(|w| context.contains(w))
        || ["fold ", "fold #", "split ", "run ", "repetition "]
            .iter()
            .any(|w| {
                context.match_indices(w).any(|(at, _)| {
                    context[at + w.len()..]
                        .chars()
                        .next()
                        .is_some_and(|c| c.is_ascii_digit())
                })
            });
    if one_part {
        return None;
    }
    let g = grid(&table.rows, limits.max_columns);
    let g: Vec<&Vec<GridCell>> = g
        .iter()
        .filter(|row| row.iter().any(|c| !c.text.trim().is_empty()))
        .collect();
    // (Up to six rows of scores below it: `Sensitivity (%) | 88`.)
    if g.len() > 12 || g.iter().any(|row| row.len() > 6) {
        return None;
    }
    // Rows holding counts, and in which columns.
    let counted: Vec<(usize, Vec<usize>)> = g
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let columns = (0..row.len())
                .filter(|&j| count_of(&row[j].text).is_some())
                .collect();
            (i, columns)
        })
        .filter(|(_, columns): &(usize, Vec<usize>)| !columns.is_empty())
        .collect();
    let label_of_row = |i: usize, before: usize| {
        g[i][..before]
            .iter()
            .map(|c| c.text.trim())
            .filter(|t| !t.is_empty())
            .collect::<Vec<_>>()
            .join(" ")
    };
    // Rows below the matrix that name a score (`Sensitivity (%) | 88`, `Accuracy | 85.4`):
    // its results, set apart.
    let mut scores: Vec<(&'static str, String)> = Vec::new();
    let mut percent = false;
    let mut score_rows: Vec<usize> = Vec::new();
    for (i, row) in g.iter().enumerate() {
        let Some(j) = row.iter().position(|c| {
            matches!(
                crate::value::read(&c.text),
                crate::value::CellValue::Number { .. }
            )
        }) else {
            continue;
        };
        // (A label spanning two columns is written twice in the grid.)
        let mut parts: Vec<&str> = Vec::new();
        for cell in &row[..j] {
            let t = cell.text.trim();
            if !t.is_empty() && !parts.contains(&t) {
                parts.push(t);
            }
        }
        let label = parts.join(" ");
        let Some(score) = crate::names::score_of_header(&label) else {
            continue;
        };
        score_rows.push(i);
        if !scores.iter().any(|(s, _)| *s == score) {
            scores.push((score, row[j].text.trim().to_string()));
        }
        percent |= crate::names::marks_percent(&label) || row[j].text.contains('%');
    }
    if g.len() - score_rows.len() > 6 {
        return None;
    }
    let counted: Vec<(usize, Vec<usize>)> = counted
        .into_iter()
        .filter(|(i, _)| !score_rows.contains(i))
        .collect();
    let first_count_row = counted.first()?.0;
    let label_of_column = |j: usize| {
        g[..first_count_row]
            .iter()
            .filter_map(|row| row.get(j))
            .map(|c| c.text.trim())
            .filter(|t| !t.is_empty())
            .collect::<Vec<_>>()
            .join(" ")
    };
    // Drop a `Total` row and column (kept to check the sums).
    let rows: Vec<&(usize, Vec<usize>)> = counted
        .iter()
        .filter(|(i, columns)| !is_total(&label_of_row(*i, columns[0])))
        .collect();
    let [(r0, c0), (r1, c1)] = rows.as_slice() else {
        return None;
    };
    let columns: Vec<usize> = c0
        .iter()
        .copied()
        .filter(|&j| !is_total(&label_of_column(j)))
        .collect();
    let c1: Vec<usize> = c1
        .iter()
        .copied()
        .filter(|&j| !is_total(&label_of_column(j)))
        .collect();
    if columns.len() != 2 || columns != c1 {
        return None;
    }
    let cell = |i: usize, j: usize| count_of(&g[i][j].text);
    let role = |i: usize, j: usize| role_said(&g[i][j].text);
    let roles = [
        [role(*r0, columns[0]), role(*r0, columns[1])],
        [role(*r1, columns[0]), role(*r1, columns[1])],
    ];
    let counts = [
        [cell(*r0, columns[0])?, cell(*r0, columns[1])?],
        [cell(*r1, columns[0])?, cell(*r1, columns[1])?],
    ];
    let row_labels = [label_of_row(*r0, columns[0]), label_of_row(*r1, columns[0])];
    let column_labels = [label_of_column(columns[0]), label_of_column(columns[1])];
    let corner = g[..first_count_row]
        .iter()
        .filter_map(|row| row.first())
        .map(|c| c.text.to_lowercase())
        .collect::<Vec<_>>()
        .join(" ");
    // Which axis is predicted: the one marked so, the other not.
    let marked = |labels: &[String; 2], words: &[&str]| {
        labels.iter().any(|l| {
            let l = l.to_lowercase();
            words.iter().any(|w| l.contains(w))
        })
    };
    // The axes' own labels say which is predicted; a corner (`Predicted → / Actual ↓`,
    // `Actual \ Predicted`) is read in more than one way, so it only has to agree.
    let corner_says = corner_rows_predicted(&corner);
    let (rows_pred, columns_pred) = (
        marked(&row_labels, PREDICTED),
        marked(&column_labels, PREDICTED),
    );
    if corner_says.is_some_and(|rows| rows != rows_pred) || corner.contains(['→', '↓']) {
        return None;
    }
    let (rows_actual, columns_actual) =
        (marked(&row_labels, ACTUAL), marked(&column_labels, ACTUAL));
    let rows_are_actual = match (rows_pred, columns_pred) {
        (false, true) if !columns_actual => true,
        (true, false) if !rows_actual => false,
        _ => return None,
    };
    // Class names on both axes, the same two.
    let names_of = |labels: &[String; 2]| labels.clone().map(|l| class_name(&l));
    let (actual, predicted, counts, roles) = if rows_are_actual {
        (
            names_of(&row_labels),
            names_of(&column_labels),
            counts,
            roles,
        )
    } else {
        // Rows predicted: turned so that rows are the actual classes.
        let [[a, b], [c, d]] = counts;
        let [[ra, rb], [rc, rd]] = roles;
        (
            names_of(&column_labels),
            names_of(&row_labels),
            [[a, c], [b, d]],
            [[ra, rc], [rb, rd]],
        )
    };
    if actual.iter().any(String::is_empty) || actual[0] == actual[1] {
        return None;
    }
    // The predicted axis in the actual axis's order.
    let (counts, roles) = if predicted == actual {
        (counts, roles)
    } else if predicted == [actual[1].clone(), actual[0].clone()] {
        let [[a, b], [c, d]] = counts;
        let [[ra, rb], [rc, rd]] = roles;
        ([[b, a], [d, c]], [[rb, ra], [rd, rc]])
    } else {
        return None;
    };
    let positive = match (is_negative(&actual[0]), is_negative(&actual[1])) {
        (false, true) => 0,
        (true, false) => 1,
        // Classes of other names (`Alive`, `Deceased`) whose cells each say their role
        // (`143 (TP)`): the class of the TP cell is the positive one.
        _ => match roles {
            [[Some(0), Some(2)], [Some(1), Some(3)]] => 0,
            [[Some(3), Some(1)], [Some(2), Some(0)]] => 1,
            _ => return None,
        },
    };
    let negative = 1 - positive;
    let matrix = [
        counts[positive][positive],
        counts[negative][positive],
        counts[positive][negative],
        counts[negative][negative],
    ];
    // Cells that say which they are (`18,314 (TN)`) must agree.
    let said = [
        (*r0, columns[0]),
        (*r0, columns[1]),
        (*r1, columns[0]),
        (*r1, columns[1]),
    ]
    .iter()
    .filter_map(|&(i, j)| Some((cell(i, j)?, role_said(&g[i][j].text)?)))
    .collect::<Vec<_>>();
    if said.iter().any(|&(count, role)| matrix[role] != count) {
        return None;
    }
    // The largest count fits 64 bits; their sums too.
    let total = matrix.iter().try_fold(0u64, |sum, c| sum.checked_add(*c))?;
    // Rows of equal round sums (100 each: normalised per class) or a round total (100,
    // 1,000: shares or thousands) are no counts.
    let row_sums = [
        counts[0][0].saturating_add(counts[0][1]),
        counts[1][0].saturating_add(counts[1][1]),
    ];
    if (row_sums[0] == row_sums[1] && matches!(row_sums[0], 1 | 10 | 100 | 1000))
        || matches!(total, 1 | 100 | 1000)
    {
        return None;
    }
    Some(ConfusionTable {
        matrix,
        positive: row_label_original(&actual, positive),
        scores,
        percent,
    })
}

/// Words marking the predicted axis.
const PREDICTED: &[&str] = &["pred", "classified as", "output"];

/// Words marking the actual axis.
const ACTUAL: &[&str] = &[
    "actual",
    "true ",
    "truth",
    "observed",
    "measured",
    "real",
    "gold",
    "reference",
    "target",
];

/// Whether the corner cell says the rows are the predictions (`Predicted \ Actual`) or the
/// actual classes (`Actual \ Predicted`, `True/Pred`): it names the rows first.
fn corner_rows_predicted(corner: &str) -> Option<bool> {
    let actual = ACTUAL
        .iter()
        .chain(&["true"])
        .filter_map(|w| corner.find(w))
        .min()?;
    let pred = corner.find("pred")?;
    Some(pred < actual)
}

/// A cell's whole count, with an optional role in parentheses (`18,314 (TN)`) or marks.
fn count_of(text: &str) -> Option<u64> {
    let text = text
        .trim()
        .trim_matches(|c: char| matches!(c, '*' | '✅' | '❌' | ' '));
    let number = text.split_once('(').map_or(text, |(n, _)| n).trim();
    let number = number.trim_end_matches(|c: char| !c.is_ascii_digit());
    crate::value::whole_number(number)
}

/// The matrix entry a cell names in parentheses (`(TN)`): 0 tp, 1 fp, 2 fn, 3 tn.
fn role_said(text: &str) -> Option<usize> {
    let (_, inner) = text.split_once('(')?;
    let inner = inner.trim_end().trim_end_matches(')').trim().to_lowercase();
    ["tp", "fp", "fn", "tn"].iter().position(|r| *r == inner)
}

/// A `Total` (`Sum`, `All`) label.
fn is_total(label: &str) -> bool {
    matches!(
        label
            .trim()
            .trim_matches(|c: char| !c.is_alphanumeric())
            .to_lowercase()
            .as_str(),
        "total" | "sum" | "all" | "totals"
    )
}

/// A class's name without the words marking its axis (`Actual NORMAL` is `normal`).
fn class_name(label: &str) -> String {
    let lower = label.to_lowercase().replace(['*', ':', '_'], " ");
    lower
        .split_whitespace()
        .filter(|w| {
            !matches!(
                *w,
                "predicted"
                    | "prediction"
                    | "pred"
                    | "pred."
                    | "actual"
                    | "true"
                    | "truth"
                    | "ground"
                    | "observed"
                    | "measured"
                    | "real"
                    | "gold"
                    | "class"
                    | "label"
                    | "as"
                    | "classified"
                    | "output"
                    | "reference"
                    | "target"
                    | "✅"
                    | "❌"
            )
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The positive class's name as [`class_name`] wrote it.
fn row_label_original(actual: &[String; 2], positive: usize) -> String {
    actual[positive].clone()
}

/// Whether a class name is the negative one of a binary problem.
fn is_negative(name: &str) -> bool {
    let name = name.trim();
    matches!(
        name,
        "negative"
            | "neg"
            | "no"
            | "0"
            | "false"
            | "normal"
            | "benign"
            | "healthy"
            | "control"
            | "controls"
            | "legit"
            | "legitimate"
            | "genuine"
            | "clean"
            | "ham"
            | "non-fraud"
            | "nonfraud"
            | "no fraud"
            | "not fraud"
            | "absent"
            | "no disease"
    ) || ["non-", "non ", "not ", "no "]
        .iter()
        .any(|p| name.starts_with(p))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::RawCell;

    fn table(rows: &[&[&str]]) -> RawTable {
        RawTable {
            rows: rows
                .iter()
                .map(|r| r.iter().map(|t| RawCell::new(*t)).collect())
                .collect(),
            header_rows: Some(1),
            ..RawTable::default()
        }
    }

    #[test]
    fn predicted_columns_actual_rows_and_the_negative_class_named() {
        let t = table(&[
            &["", "Predicted NORMAL", "Predicted PNEUMONIA"],
            &["**Actual NORMAL**", "**155** ✅", "**79** ❌"],
            &["**Actual PNEUMONIA**", "**21** ❌", "**369** ✅"],
        ]);
        let found = confusion_table(&t, &Limits::default()).unwrap();
        // tp, fp, fn, tn
        assert_eq!(found.matrix, [369, 79, 21, 155]);
        assert_eq!(found.positive, "pneumonia");
    }

    #[test]
    fn scores_printed_below_the_matrix_are_its_own() {
        let t = table(&[
            &["", "", "predicted", "predicted"],
            &["", "", "Cancer", "No cancer"],
            &["measured", "Cancer", "29", "4"],
            &["measured", "No cancer", "3", "12"],
            &["Sensitivity (%)", "Sensitivity (%)", "88", "88"],
            &["Specificity (%)", "Specificity (%)", "80", "80"],
            &["Accuracy (%)", "Accuracy (%)", "85", "85"],
        ]);
        let found = confusion_table(&t, &Limits::default()).expect("read");
        assert_eq!(found.matrix, [29, 3, 4, 12]);
        assert_eq!(
            found.scores,
            [
                ("sens", "88".to_string()),
                ("spec", "80".to_string()),
                ("acc", "85".to_string())
            ]
        );
        assert!(found.percent);
    }

    #[test]
    fn predicted_rows_a_total_and_roles_in_cells() {
        let t = table(&[
            &["", "True Benign", "True Malignant", "Total"],
            &["Predicted Benign", "18,314 (TN)", "1,317 (FN)", "19,631"],
            &["Predicted Malignant", "1,571 (FP)", "6,552 (TP)", "8,123"],
            &["Total", "19,885", "7,869", "27,754"],
        ]);
        let found = confusion_table(&t, &Limits::default()).unwrap();
        assert_eq!(found.matrix, [6552, 1571, 1317, 18314]);
    }

    #[test]
    fn classes_of_other_names_by_the_roles_their_cells_say() {
        let t = table(&[
            &["", "Predicted: Alive", "Predicted: Deceased"],
            &["Actual: Alive", "280 (TN)", "209 (FP)"],
            &["Actual: Deceased", "94 (FN)", "143 (TP)"],
        ]);
        let m = confusion_table(&t, &Limits::default()).expect("read");
        assert_eq!(m.matrix, [143, 209, 94, 280]);
        // Roles on one cell only say too little.
        let t = table(&[
            &["", "Predicted: Alive", "Predicted: Deceased"],
            &["Actual: Alive", "280", "209"],
            &["Actual: Deceased", "94", "143 (TP)"],
        ]);
        assert!(confusion_table(&t, &Limits::default()).is_none());
    }

    #[test]
    fn no_matrix_without_an_axis_or_a_negative_class_or_with_roles_that_disagree() {
        // Neither axis marked.
        let t = table(&[&["", "A", "B"], &["A", "1", "2"], &["B", "3", "4"]]);
        assert_eq!(confusion_table(&t, &Limits::default()), None);
        // No class is the negative one.
        let t = table(&[
            &["", "Pred cat", "Pred dog"],
            &["cat", "1", "2"],
            &["dog", "3", "4"],
        ]);
        assert_eq!(confusion_table(&t, &Limits::default()), None);
        // Roles said in the cells against the axes.
        let t = table(&[
            &["", "Predicted 0", "Predicted 1"],
            &["Actual 0", "50 (TP)", "2"],
            &["Actual 1", "3", "9"],
        ]);
        assert_eq!(confusion_table(&t, &Limits::default()), None);
        // Three classes.
        let t = table(&[
            &["", "Pred 0", "Pred 1", "Pred 2"],
            &["Actual 0", "1", "2", "3"],
            &["Actual 1", "1", "2", "3"],
            &["Actual 2", "1", "2", "3"],
        ]);
        assert_eq!(confusion_table(&t, &Limits::default()), None);
    }
}
