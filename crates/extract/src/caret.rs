//! R caret's `confusionMatrix` printed as text (`Confusion Matrix and Statistics`, in a code
//! block, an R Markdown page's `<pre>`, knitr's `## ` output): a binary run's figures as one
//! row of a table read like any other.
//!
//! Written by hand: the output is whitespace-aligned text, a matrix under `Reference` and
//! `Prediction` and then `Name : value` lines, which no table reader takes.
//!
//! The matrix has the predictions in rows and the reference in columns, the classes in the
//! same order; `'Positive' Class : X` names the positive one. Every figure printed below it
//! is that matrix's, so its counts are the row's TP, FP, FN and TN (as a report's supports
//! are). A matrix of more than two classes is not read.

use crate::model::{RawCell, RawTable};

/// Most printed matrices read from one text.
const MAX_BLOCKS: usize = 1_000;

/// The statistics read, by caret's name, with the header the table gives them.
const STATISTICS: &[(&str, &str)] = &[
    ("Accuracy", "Accuracy"),
    ("Kappa", "Kappa"),
    ("Sensitivity", "Sensitivity"),
    ("Specificity", "Specificity"),
    ("Pos Pred Value", "Precision"),
    ("Neg Pred Value", "NPV"),
    ("Precision", "Precision"),
    ("Recall", "Sensitivity"),
    ("F1", "F1"),
    ("Balanced Accuracy", "Balanced Accuracy"),
];

/// Adds the binary matrices caret printed in `text` to `document`, each under the heading
/// `heading` gives for its first line.
pub(crate) fn push(
    document: &mut crate::Document,
    text: &str,
    heading: impl Fn(usize) -> String,
    limits: &crate::Limits,
) {
    if !text.contains("Confusion Matrix and Statistics") {
        return;
    }
    // Lines without knitr's `## `, `#> ` or a blockquote's `>`.
    let lines: Vec<&str> = text
        .lines()
        .map(|l| {
            let t = l.trim_start();
            ["## ", "#> ", "> "]
                .iter()
                .find_map(|mark| t.strip_prefix(mark))
                .unwrap_or(if t == "##" || t == "#>" { "" } else { l })
        })
        .collect();
    let starts = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.trim() == "Confusion Matrix and Statistics")
        .map(|(at, _)| at)
        .take(MAX_BLOCKS);
    for at in starts {
        if let Some(mut table) = block(&lines[at..]) {
            table.heading = heading(at);
            document.push_table(table, limits);
        }
    }
}

/// The row of one printed block (`lines` from its title on), if it is a binary one.
fn block(lines: &[&str]) -> Option<RawTable> {
    // The matrix: `Reference`, then `Prediction` and the classes, then one line a class.
    let reference = lines.iter().take(6).position(|l| l.trim() == "Reference")?;
    let head: Vec<&str> = lines.get(reference + 1)?.split_whitespace().collect();
    if head.first() != Some(&"Prediction") || head.len() != 3 {
        return None;
    }
    let classes = [head[1], head[2]];
    let mut matrix = [[0u64; 2]; 2];
    for (row, line) in lines[reference + 2..].iter().take(2).enumerate() {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.len() != 3 || words[0] != classes[row] {
            return None;
        }
        for column in 0..2 {
            matrix[row][column] = crate::value::whole_number(words[column + 1])?;
        }
    }
    // The statistics, up to the positive class (or the next block).
    let mut figures: Vec<(&str, &str, String)> = Vec::new();
    let mut positive = None;
    let mut prevalence = None;
    for line in lines[reference + 4..].iter().take(40) {
        if line.trim() == "Confusion Matrix and Statistics" {
            break;
        }
        let Some((name, value)) = line.split_once(" : ") else {
            continue;
        };
        let (name, value) = (name.trim(), value.trim());
        if name == "'Positive' Class" {
            positive = Some(value);
            break;
        }
        if name == "Prevalence" {
            prevalence = Some(value);
        }
        if let Some((name, header)) = STATISTICS.iter().find(|(n, _)| *n == name) {
            // `NaN` where a figure is 0/0.
            if value.parse::<f64>().is_ok_and(f64::is_finite) {
                figures.push((name, header, value.to_string()));
            }
        }
    }
    let pos = classes.iter().position(|c| Some(*c) == positive)?;
    let neg = 1 - pos;
    // Rows are predictions, columns the reference.
    let (tp, fp, fn_, tn) = (
        matrix[pos][pos],
        matrix[pos][neg],
        matrix[neg][pos],
        matrix[neg][neg],
    );
    // `confusionMatrix(..., prevalence = 0.1)` computes the predictive values for the
    // prevalence it is given, printed as `Prevalence`: where that is not the matrix's, they
    // are not the matrix's either, and are not read.
    let total = i128::from(tp) + i128::from(fp) + i128::from(fn_) + i128::from(tn);
    let prevalence_given = prevalence.is_some_and(|printed| {
        crate::value::within_rounding(printed, i128::from(tp) + i128::from(fn_), total, false)
            == Some(false)
    });
    if prevalence_given {
        figures.retain(|(name, _, _)| !name.ends_with("Pred Value"));
    }
    // One figure a header (`Pos Pred Value` and `Precision` are both precision).
    let mut seen: Vec<&str> = Vec::new();
    figures.retain(|(_, header, _)| {
        let first = !seen.contains(header);
        seen.push(header);
        first
    });
    if figures.is_empty() {
        return None;
    }
    let mut head = vec![RawCell::new("Model")];
    let mut body = vec![RawCell::new("")];
    for (_, header, value) in figures {
        head.push(RawCell::new(header));
        body.push(RawCell::new(value));
    }
    for (header, count) in [("TP", tp), ("FP", fp), ("FN", fn_), ("TN", tn)] {
        head.push(RawCell::new(header));
        body.push(RawCell::new(count.to_string()));
    }
    for cell in &mut head {
        cell.header = true;
    }
    Some(RawTable {
        rows: vec![head, body],
        header_rows: Some(1),
        note: Some(format!(
            "R caret's confusionMatrix: class {:?} positive, as it prints{}",
            classes[pos],
            if prevalence_given {
                format!(
                    "; its Pos and Neg Pred Value are for the prevalence it was given ({}), not the matrix's: not read",
                    prevalence.unwrap_or_default()
                )
            } else {
                String::new()
            }
        )),
        one_matrix: true,
        printed: true,
        ..RawTable::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const PRINTED: &str = "## Confusion Matrix and Statistics
## 
##                   Reference
## Prediction         no_liver_disease liver_disease
##   no_liver_disease                8             3
##   liver_disease                  25            79
##                                           
##                Accuracy : 0.7565          
##                  95% CI : (0.6677, 0.8317)
##                   Kappa : 0.257           
##             Sensitivity : 0.24242         
##             Specificity : 0.96341         
##          Pos Pred Value : 0.72727         
##          Neg Pred Value : NaN
##       Balanced Accuracy : 0.60292         
##                                           
##        'Positive' Class : no_liver_disease
";

    #[test]
    fn the_positive_class_its_counts_and_figures_are_read() {
        let lines: Vec<&str> = PRINTED
            .lines()
            .map(|l| l.strip_prefix("## ").unwrap_or(""))
            .collect();
        let table = block(&lines).expect("a binary block");
        let cells =
            |row: usize| -> Vec<&str> { table.rows[row].iter().map(|c| c.text.as_str()).collect() };
        assert_eq!(
            cells(0),
            [
                "Model",
                "Accuracy",
                "Kappa",
                "Sensitivity",
                "Specificity",
                "Precision",
                "Balanced Accuracy",
                "TP",
                "FP",
                "FN",
                "TN"
            ]
        );
        // no_liver_disease positive: TP 8, FP 3 (predicted so, reference liver), FN 25.
        assert_eq!(
            cells(1),
            [
                "", "0.7565", "0.257", "0.24242", "0.96341", "0.72727", "0.60292", "8", "3", "25",
                "79"
            ]
        );
    }

    #[test]
    fn three_classes_or_no_positive_class_give_no_row() {
        let three = "Confusion Matrix and Statistics\n\n          Reference\nPrediction a b c\n         a 1 2 3\n";
        let lines: Vec<&str> = three.lines().collect();
        assert!(block(&lines).is_none());
        let unnamed: Vec<&str> = PRINTED
            .lines()
            .map(|l| l.strip_prefix("## ").unwrap_or(""))
            .filter(|l| !l.contains("'Positive'"))
            .collect();
        assert!(block(&unnamed).is_none());
    }
}
