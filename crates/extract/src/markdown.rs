//! Markdown pipe tables, by pulldown-cmark: the head row as the header, emphasis and code
//! kept as their text, `<sup>` footnote marks dropped; the paragraph just before a table as
//! its caption and the last heading as its section. A README's raw HTML `<table>` (GitHub
//! renders it) is read by the HTML reader, with the same caption and section when it has none.

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

use crate::model::{RawCell, RawTable};
use crate::{Document, Error, Limits};

pub(crate) fn read(text: &str, limits: &Limits) -> Result<Document, Error> {
    let mut document = Document::default();
    let mut heading = String::new();
    let mut block = String::new();
    let mut last_paragraph = String::new();
    let mut in_heading = false;
    let mut table: Option<RawTable> = None;
    let mut row: Vec<RawCell> = Vec::new();
    let mut cell: Option<String> = None;
    let mut in_head = false;
    let mut head_rows = 0usize;
    let mut sup = 0usize;
    // Consecutive raw HTML blocks (blank lines split one `<table>` into several).
    let mut html = String::new();
    // The table a paragraph directly follows (rows cut off by a line that is no row), and
    // that of the paragraph being read.
    let mut after_table: Option<usize> = None;
    let mut paragraph_after_table: Option<usize> = None;
    // The items of the list being read (`- Accuracy: 82.56%`), with the paragraph before it.
    let mut items: Vec<String> = Vec::new();
    let mut item_text = String::new();
    let mut list_depth = 0usize;
    let mut before_list = String::new();
    // A list nested in an item (`- Random Forest` over `  - Accuracy: 0.91`): its items and
    // the text of the item it hangs from.
    let mut sub_items: Vec<String> = Vec::new();
    let mut parent_item = String::new();
    // Figures one to a paragraph (`Accuracy: 0.95`, a blank line, `Recall: 0.91`): the lines
    // of such paragraphs in a row, and the text before the first.
    let mut apart: Vec<String> = Vec::new();
    let mut apart_caption = String::new();
    let flush_apart = |apart: &mut Vec<String>, caption: &str, heading: &str| {
        let found = metric_lines(&apart.join("\n"), caption, heading);
        apart.clear();
        found
    };
    for (event, range) in Parser::new_ext(text, Options::ENABLE_TABLES).into_offset_iter() {
        if let Event::Start(tag) = &event {
            if !matches!(tag, Tag::Paragraph) && !apart.is_empty() {
                for t in flush_apart(&mut apart, &apart_caption, &heading) {
                    document.push_table(t, limits);
                }
            }
            let follows = after_table.take();
            if matches!(tag, Tag::Paragraph) {
                paragraph_after_table = follows;
            } else if !matches!(
                tag,
                Tag::Heading { .. }
                    | Tag::Table(_)
                    | Tag::List(_)
                    | Tag::CodeBlock(_)
                    | Tag::BlockQuote(_)
                    | Tag::HtmlBlock
                    | Tag::Item
            ) {
                // Inline markup inside a paragraph or a cell.
                after_table = follows;
            }
        }
        if !html.is_empty()
            && matches!(
                event,
                Event::Start(
                    Tag::Paragraph
                        | Tag::Heading { .. }
                        | Tag::Table(_)
                        | Tag::List(_)
                        | Tag::CodeBlock(_)
                        | Tag::BlockQuote(_)
                )
            )
        {
            html_tables(
                &mut document,
                &std::mem::take(&mut html),
                &last_paragraph,
                &heading,
                limits,
            )?;
        }
        match event {
            Event::Start(Tag::Heading { .. }) => {
                in_heading = true;
                block.clear();
            }
            Event::End(TagEnd::Heading(_)) => {
                in_heading = false;
                heading = block.trim().to_string();
                document.text.push_str(&block);
                document.text.push_str("\n\n");
                last_paragraph.clear();
                block.clear();
            }
            Event::Start(Tag::Paragraph | Tag::CodeBlock(_)) => block.clear(),
            Event::End(TagEnd::CodeBlock) => {
                // scikit-learn's `average="macro"` in the code says how the text's precision,
                // recall and F1 were averaged: said in the text's words, for its tables.
                // Reports made per fold in the code (`for train, test in kf.split(X)` around
                // `classification_report`): a report printed elsewhere may be their mean or
                // sum, no one matrix's.
                let lower = block.to_lowercase();
                if lower.contains("classification_report")
                    && ["kfold", ".split(", "cross_val", "folds"]
                        .iter()
                        .any(|w| lower.contains(w))
                {
                    document.text.push_str(
                        "The classification reports may be averaged over the folds (classification_report per fold in the code).\n\n",
                    );
                }
                // A k-fold cross-validation in the code (`StratifiedKFold(n_splits=5)`,
                // `cross_val_predict(..., cv=10)`) is a protocol statement as much as the
                // prose's: beside a prose hold-out, the text states two.
                if let Some(sentence) = code_cross_validation(&lower) {
                    document.code.push_str(&sentence);
                }
                // `confusion_matrix(y_pred, y_test)`: the matrices it prints are transposed.
                if crate::predictions_first(&lower) {
                    document
                        .text
                        .push_str("The code calls confusion_matrix(y_pred, y_true).\n\n");
                }
                // Rows resampled, dropped or filtered, or a cross-validation of the training
                // part alone: the data evaluated is not the named dataset's whole.
                if let Some(call) = code_changes_rows(&lower) {
                    document.text.push_str(&format!(
                        "The code resamples or filters the rows before its evaluation, keeping only a part of them or other ones ({call} in the code).\n\n"
                    ));
                }
                // A program's repetitions (`--repeats 10`, `n_repeats: 10`, `for seed in`):
                // said in the text's words, for the tables.
                // (Said without the code's numbers, which the protocol's reading would
                // take for folds or repetitions.)
                if crate::protocol::runs_in_code(&lower).is_some() {
                    document.text.push_str(
                        "The code may run the experiment more than once (a loop, list or setting of seeds, runs or repetitions in the code).\n\n",
                    );
                }
                if lower.contains("sample_weight=") && lower.contains("_score(") {
                    document.text.push_str(
                        "The code weights the samples in its scores (sample_weight in the code).\n\n",
                    );
                }
                if let Some(kind) = code_averaging(&block) {
                    document.text.push_str(&format!(
                        "Precision, recall and F1 are {kind} averaged (average=\"{kind}\" in the code).\n\n"
                    ));
                }
                // A classification report printed as text is a table of its own.
                crate::report::push_tables(
                    &mut document,
                    &block,
                    &last_paragraph,
                    &heading,
                    limits,
                );
                // A program's printed figures (`Accuracy: 0.9561` line by line).
                for t in metric_lines(&block, &last_paragraph, &heading) {
                    document.push_table(t, limits);
                }
                block.clear();
            }
            Event::End(TagEnd::Paragraph) => {
                if let Some(index) = paragraph_after_table.take() {
                    // `| RF | 0.765 |` lines after a line that ended the table.
                    let rows = block
                        .lines()
                        .filter(|l| l.trim_start().starts_with('|') && l.matches('|').count() >= 2)
                        .count();
                    if let Some(t) = document.tables.get_mut(index) {
                        t.rows_after_end = rows;
                    }
                }
                document.text.push_str(&block);
                document.text.push_str("\n\n");
                // Figures line by line in a paragraph (`Accuracy: 0.85` and a line break), or
                // one to a paragraph.
                if list_depth == 0 && table.is_none() {
                    let one_figure = block.trim().lines().count() == 1
                        && metric_items(block.trim()).is_some_and(|items| items.len() == 1);
                    if !apart.is_empty() && block.trim().lines().all(statistic_line) {
                        // R's `95% CI : (0.75, 0.99)` between the figures: passed over.
                    } else if one_figure {
                        if apart.is_empty() {
                            apart_caption = last_paragraph.clone();
                        }
                        if apart.len() < 64 {
                            apart.push(block.trim().to_string());
                        }
                    } else {
                        for t in flush_apart(&mut apart, &apart_caption, &heading) {
                            document.push_table(t, limits);
                        }
                        for t in metric_lines(&block, &last_paragraph, &heading) {
                            document.push_table(t, limits);
                        }
                    }
                }
                // A loose list's item holds paragraphs.
                if list_depth == 1 {
                    item_text.push_str(block.trim());
                    item_text.push(' ');
                }
                last_paragraph = block.trim().to_string();
                block.clear();
            }
            // A tight list's item is text without a paragraph (`- Protocol: 10-fold CV`).
            Event::End(TagEnd::Item) => {
                if !block.trim().is_empty() {
                    document.text.push_str(&block);
                    document.text.push_str("\n\n");
                }
                if list_depth == 1 && items.len() < 64 {
                    item_text.push_str(block.trim());
                    // An item that held a nested list: its own text (`Confusion matrix:`).
                    let own = match item_text.trim() {
                        "" => std::mem::take(&mut parent_item),
                        text => text.to_string(),
                    };
                    items.push(own);
                }
                if list_depth == 2 && sub_items.len() < 64 {
                    sub_items.push(block.trim().to_string());
                }
                item_text.clear();
                block.clear();
            }
            Event::Start(Tag::List(_)) => {
                list_depth += 1;
                if list_depth == 1 {
                    items.clear();
                    before_list = last_paragraph.clone();
                }
                if list_depth == 2 {
                    // The item's own text so far (a tight item's, or a loose one's paragraph).
                    parent_item = format!("{} {}", item_text.trim(), block.trim())
                        .trim()
                        .to_string();
                    if !block.trim().is_empty() {
                        document.text.push_str(&block);
                        document.text.push_str("\n\n");
                    }
                    block.clear();
                    sub_items.clear();
                }
            }
            Event::End(TagEnd::List(_)) => {
                list_depth = list_depth.saturating_sub(1);
                if list_depth == 1 {
                    // `- Best Model: XGBoost` above `- Key Metrics:` names the figures' model.
                    let sibling = items.iter().rev().find_map(|item| model_item(item));
                    let found =
                        metrics_list(&sub_items, &before_list, &heading, &parent_item).map(|t| {
                            match (t.rows[0][1].text.as_str(), sibling) {
                                ("Value", Some(model)) => {
                                    metrics_list(&sub_items, &before_list, &heading, model)
                                        .unwrap_or(t)
                                }
                                _ => t,
                            }
                        });
                    match found {
                        Some(t) => document.push_table(t, limits),
                        // `- Confusion matrix:` over `  - TN: 739, FP: 73`: figures of the
                        // list above, read with it.
                        None if !sub_items.is_empty()
                            && sub_items.iter().all(|i| metric_items(i).is_some()) =>
                        {
                            items.extend(sub_items.iter().cloned());
                        }
                        None => {}
                    }
                    sub_items.clear();
                }
                if list_depth == 0 {
                    if let Some(t) = metrics_list(&items, &before_list, &heading, &heading) {
                        document.push_table(t, limits);
                    }
                    items.clear();
                }
            }
            Event::Start(Tag::Table(_)) => {
                table = Some(RawTable {
                    caption: std::mem::take(&mut last_paragraph),
                    heading: heading.clone(),
                    ..RawTable::default()
                });
                head_rows = 0;
            }
            Event::End(TagEnd::Table) => {
                if let Some(mut t) = table.take() {
                    t.header_rows = Some(head_rows.max(1));
                    let before = document.tables.len();
                    document.push_table(t, limits);
                    after_table = (document.tables.len() > before).then_some(before);
                }
            }
            Event::Start(Tag::TableHead) => in_head = true,
            Event::End(TagEnd::TableHead) => {
                in_head = false;
                head_rows += 1;
                finish_row(&mut table, &mut row, limits);
            }
            Event::Start(Tag::TableRow) => row.clear(),
            Event::End(TagEnd::TableRow) => {
                // Markdown drops a row's cells past the header's: kept, so that a row wider
                // than its header is seen (its figures cannot be told which score they are).
                let cells = source_cells(text.get(range).unwrap_or_default());
                if cells.len() > row.len() {
                    for extra in &cells[row.len()..] {
                        if row.len() < limits.max_columns {
                            row.push(RawCell::new(
                                extra.split_whitespace().collect::<Vec<_>>().join(" "),
                            ));
                        }
                    }
                }
                finish_row(&mut table, &mut row, limits);
            }
            Event::Start(Tag::TableCell) => cell = Some(String::new()),
            Event::End(TagEnd::TableCell) => {
                if let Some(mut text) = cell.take() {
                    // TeX math in a cell (`$98.2 \pm 0.6$`, a header's `$(\%)$`).
                    if text.contains('$') {
                        text = crate::value::math_as_text(&text);
                    }
                    if row.len() < limits.max_columns {
                        let mut c =
                            RawCell::new(text.split_whitespace().collect::<Vec<_>>().join(" "));
                        c.header = in_head;
                        row.push(c);
                    } else if let Some(t) = table.as_mut() {
                        t.more_columns = true;
                    }
                }
            }
            Event::Text(t) | Event::Code(t) => {
                if sup > 0 {
                    if let Some(c) = cell
                        .as_mut()
                        .filter(|_| crate::value::superscript_minus(&t))
                    {
                        c.push('−');
                    }
                    continue;
                }
                match cell.as_mut() {
                    Some(c) => c.push_str(&t),
                    None => block.push_str(&t),
                }
            }
            Event::Html(h) if cell.is_none() && html.len() + h.len() <= limits.max_bytes => {
                html.push_str(&h);
            }
            Event::InlineHtml(h) | Event::Html(h) => {
                let lower = h.to_lowercase();
                if lower.starts_with("<sup") {
                    sup += 1;
                } else if lower.starts_with("</sup") {
                    sup = sup.saturating_sub(1);
                } else if lower.starts_with("<br") {
                    if let Some(c) = cell.as_mut() {
                        c.push(' ');
                    }
                }
            }
            Event::SoftBreak | Event::HardBreak => match cell.as_mut() {
                Some(c) => c.push(' '),
                None => block.push(if in_heading { ' ' } else { '\n' }),
            },
            _ => {}
        }
    }
    for t in flush_apart(&mut apart, &apart_caption, &heading) {
        document.push_table(t, limits);
    }
    if !html.is_empty() {
        html_tables(&mut document, &html, &last_paragraph, &heading, limits)?;
    }
    crate::report::push_unfenced(&mut document, text, limits);
    crate::report::push_tab_separated(&mut document, text, limits);
    // Weka's runs, read from the whole text: their sections are often in blocks of their
    // own (the summary, the details, the matrix), fenced or not.
    let lines: Vec<&str> = text.lines().collect();
    let heading_of = |at: usize| {
        lines[..at]
            .iter()
            .rev()
            .find(|l| l.trim_start().starts_with('#'))
            .map(|l| l.trim_start().trim_start_matches('#').trim().to_string())
            .unwrap_or_default()
    };
    crate::weka::push(&mut document, text, heading_of, limits);
    // R caret's printed matrices, likewise.
    crate::caret::push(&mut document, text, heading_of, limits);
    Ok(document)
}

/// The parts of a list item between commas and semicolons outside parentheses and brackets.
fn split_outside_parentheses(item: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (at, c) in item.char_indices() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            ',' | ';' if depth == 0 => {
                parts.push(&item[start..at]);
                start = at + 1;
            }
            _ => {}
        }
    }
    parts.push(&item[start..]);
    parts
}

/// A list of figures (`- Accuracy: 82.56%`, `- **Precision**: 0.941`, `- TP: 13`) as a
/// table of scores named in rows, one row of values: at least two items name a score, and
/// every item is `name: value` with a score or a confusion-matrix count as its name.
/// `name` (the heading above a list, or the item a nested list hangs from) is the method's
/// name when it names one.
pub(crate) fn metrics_list(
    items: &[String],
    caption: &str,
    heading: &str,
    name: &str,
) -> Option<RawTable> {
    // `Test Accuracy - 0.965542`: a dash between name and figure, read as a colon (only
    // where the item has no colon or equals sign and a number follows the last dash).
    let items: Vec<String> = items
        .iter()
        .map(|item| {
            let dashed = [" - ", " – ", " — "]
                .iter()
                .filter_map(|dash| item.rsplit_once(dash))
                .find(|(name, value)| {
                    !name.trim().is_empty()
                        && value
                            .trim()
                            .trim_start_matches(['*', '_'])
                            .starts_with(|c: char| c.is_ascii_digit())
                });
            match dashed {
                Some((name, value)) if !item.contains([':', '=']) => {
                    format!("{}: {}", name.trim(), value.trim())
                }
                // `55 True Positives`, `217 Predictions`: a whole number before its name;
                // ``- `Accuracy` 0.9649``: a name and its figure with no mark between.
                _ => count_first(item)
                    .or_else(|| name_then_figure(item))
                    .unwrap_or_else(|| item.clone()),
            }
        })
        .collect();
    // `TP: 13, FP: 11, FN: 4, TN: 58`: several figures in one item, each named.
    let items = items.iter().flat_map(|item| {
        // (Not inside parentheses: `Recall: 0.0040 (TP = 5, FN = 1243)` is one figure.)
        let parts = split_outside_parentheses(item);
        if parts.len() > 1 && parts.iter().all(|part| part.contains([':', '='])) {
            parts
        } else {
            vec![item.as_str()]
        }
    });
    // `Precision (churn): 0.805`: one class's score whose class is not read as positive:
    // left out of the list and said on its row, the rest read.
    let mut one_class: Vec<String> = Vec::new();
    let items = items.filter(|item| {
        let name = item.split_once([':', '=']).map_or("", |(n, _)| n.trim());
        let unread = crate::names::score_label(name).is_some()
            && crate::names::class_labelled(name).is_none()
            && crate::names::score_of_qualified_header(name).is_none();
        if unread {
            one_class.push(format!("{name:?}"));
        }
        !unread
    });
    let pairs: Vec<(&str, &str)> = items
        // An item whose value is no figure (`Run ID: aa5c…`, `Best Params: {'C': 0.1}`)
        // says how the run was made: not read, and no reason to leave the list.
        .filter(|item| {
            let last = item.rsplit_once([':', '=']).map(|(_, v)| v.trim());
            let first = item.split_once([':', '=']).map(|(_, v)| v.trim());
            // (A template's `0.86 (example)` is kept, for the table to say why it is unread.)
            let figure = |v: &str| {
                matches!(
                    crate::value::read(v),
                    crate::value::CellValue::Number { .. }
                ) || crate::value::whole_number(v).is_some()
                    || crate::value::is_placeholder(v)
            };
            // (`Recall: 0.0040 (TP = 5, FN = 1243)`: a figure first, its counts after.)
            let figure_first = first.is_some_and(|v| {
                v.split_once('(').is_some_and(|(figure_text, counts)| {
                    counts.contains('=') && figure(figure_text.trim())
                })
            });
            (last.is_none_or(figure) || figure_first)
                && first.is_none_or(|v| !v.starts_with(['`', '{', '[', '(', '\'', '"']))
        })
        .map(|item| {
            // `Sensitivity: TP/(TP+FN) = 75.00%`: the name first, the value last; but
            // `Recall: 0.0040 (TP = 5, FN = 1243)`: the figure first, its counts after.
            let (name, after) = item.split_once([':', '='])?;
            let (_, last) = item.rsplit_once([':', '='])?;
            let after = after.trim();
            let value = if after
                .trim_start_matches(['*', '_'])
                .starts_with(|c: char| c.is_ascii_digit())
            {
                after
            } else {
                last
            };
            // (The counts in parentheses after it are no spread: `0.0040 (TP = 5, FN = 1243)`.)
            let value = match value.split_once('(') {
                Some((figure, counts)) if counts.contains('=') => figure,
                _ => value,
            };
            let (name, value) = (name.trim(), value.trim());
            // (`Test Accuracy`, `CV ROC-AUC (Mean)`: a score with words before it, read as
            // the table reads such a header.)
            let named = crate::names::score_of_header(name).is_some()
                || crate::names::score_of_qualified_header(name).is_some()
                || crate::names::class_labelled(name).is_some()
                || crate::names::count_of_header(name).is_some();
            Some(if named {
                (!value.is_empty() && value.starts_with(|c: char| c.is_ascii_digit()))
                    .then_some((name, value))?
            } else {
                (name, "")
            })
        })
        .collect::<Option<_>>()?;
    // A figure whose name is no score nor count (`Overfit Gap: 0.1080`, `Youden index: 0.7`)
    // beside three or more named ones is passed over and said on the row; more of them make
    // the list no list of scores (`Age: 0.12` over `Glucose: 0.34`: feature importances).
    let (pairs, unnamed): (Vec<_>, Vec<_>) =
        pairs.into_iter().partition(|(_, value)| !value.is_empty());
    if !unnamed.is_empty() && (pairs.len() < 3 || unnamed.len() * 3 > pairs.len()) {
        return None;
    }
    // `Fold 3:`, `DecisionTreeModel for 0th folding`, `### Run 2`: one fold's or run's
    // figures, no experiment's (as a table's fold rows are not).
    if [caption, heading, name]
        .iter()
        .any(|t| names_one_fold_or_run(t))
    {
        return None;
    }
    let scores = pairs
        .iter()
        .filter(|(name, _)| {
            crate::names::score_of_header(name).is_some()
                || crate::names::score_of_qualified_header(name).is_some()
                || crate::names::class_labelled(name).is_some()
        })
        .count();
    if scores < 2 {
        return None;
    }
    // Under a heading that names the model (`## Logistic Regression`), the figures are its.
    let generic = [
        "result",
        "evaluat",
        "perform",
        "metric",
        "summary",
        "score",
        "accura",
        "conclu",
        "output",
        "report",
        "experiment",
        "test",
        "overview",
        "benchmark",
        "model",
        "valid",
        "train",
        "finding",
        "analysis",
        "statistic",
        "figure",
        "table",
        "data",
    ];
    let name = name.trim().trim_end_matches(':').trim();
    let lower = name.to_lowercase();
    // `Model A`, `Random Forest model`: the word model beside a name (`Model Performance`,
    // `Model Evaluation`, `The model` name none).
    let beside_model = lower
        .split(|c: char| !c.is_alphanumeric())
        .zip(name.split(|c: char| !c.is_alphanumeric()))
        .any(|(word, written)| {
            let small = matches!(
                word,
                "a" | "an" | "the" | "our" | "final" | "of" | "on" | "for"
            ) && written.chars().all(char::is_lowercase);
            !(word.is_empty() || matches!(word, "model" | "models") || small)
        });
    let names_the_model = !name.is_empty()
        && name.chars().count() <= 60
        && !generic
            .iter()
            .any(|w| lower.contains(w) && (*w != "model" || !beside_model))
        && crate::names::score_of_header(name).is_none()
        // (`### Optimal F1`, `## Best accuracy`: a heading naming a score names no model; as
        // a value column's header it would make every figure that score.)
        && crate::names::score_of_qualified_header(name).is_none()
        && name.chars().any(char::is_alphabetic);
    // Under `#### Training`, `#### Validation` or `#### Testing`: the figures are that
    // split's, said as a value column's header says it.
    let names_a_split = matches!(
        lower.as_str(),
        "train"
            | "training"
            | "training set"
            | "train set"
            | "validation"
            | "validation set"
            | "valid"
            | "test"
            | "testing"
            | "test set"
            | "testing set"
    );
    let value_header = if names_the_model || names_a_split {
        name
    } else {
        "Value"
    };
    let mut rows = vec![vec![RawCell::new("Metric"), RawCell::new(value_header)]];
    rows.extend(
        pairs
            .iter()
            .map(|(name, value)| vec![RawCell::new(*name), RawCell::new(*value)]),
    );
    Some(RawTable {
        caption: caption.to_string(),
        heading: heading.to_string(),
        rows,
        header_rows: Some(1),
        note: {
            let mut notes = Vec::new();
            if !one_class.is_empty() {
                notes.push(format!(
                    "{} of one class: which class is the positive one is not said, so not read",
                    one_class.join(", ")
                ));
            }
            if !unnamed.is_empty() {
                let names: Vec<String> = unnamed.iter().map(|(n, _)| format!("{n:?}")).collect();
                notes.push(format!("{} named no score: not read", names.join(", ")));
            }
            (!notes.is_empty()).then(|| notes.join("; "))
        },
        ..RawTable::default()
    })
}

/// Figures printed line by line in a code block or a paragraph (`Accuracy: 0.9561` over
/// `Recall: 0.9714`, `TP=64     FN=16`) as tables of scores named in rows (see
/// [`metrics_list`]): each run of such lines (blank lines between them allowed) with two
/// scores or more is one table, the block's other lines above it (`Average values over 25
/// runs`) its caption, else the text before the block.
fn metric_lines(block: &str, before: &str, heading: &str) -> Vec<RawTable> {
    let mut out = Vec::new();
    // R caret's and Weka's printed evaluations are read whole by their own readers (a
    // banner such as `=== FINAL TEST METRICS ===` over figure lines is no Weka output).
    let weka = block.contains("=== ")
        && [
            "TP Rate",
            "<-- classified as",
            "Correctly Classified",
            "Kappa statistic",
        ]
        .iter()
        .any(|w| block.contains(w));
    if block.contains("Confusion Matrix and Statistics") || weka {
        return out;
    }
    let mut context: Vec<&str> = Vec::new();
    let mut run: Vec<String> = Vec::new();
    let mut flush = |run: &mut Vec<String>, context: &[&str]| {
        let caption = if context.is_empty() {
            before.to_string()
        } else {
            context.join(" ")
        };
        // `Best Model: XGBoost` above the figures names their model.
        let model = context.iter().rev().find_map(|line| model_item(line));
        if let Some(t) = metrics_list(run, &caption, heading, model.unwrap_or(heading)) {
            out.push(t);
        }
        run.clear();
    };
    for line in block.lines().take(10_000) {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        match metric_items(line) {
            Some(items) if run.len() < 64 => run.extend(items),
            Some(_) => {}
            None if statistic_line(line) => {}
            None => {
                flush(&mut run, &context);
                context.push(line);
            }
        }
    }
    flush(&mut run, &context);
    out
}

/// A printed statistic beside the figures that is none of them (R caret's `95% CI :
/// (0.7487, 0.9905)`, `No Information Rate : 0.92`, `P-Value [Acc > NIR] : 0.67`,
/// `Mcnemar's Test P-Value : 1`, `Prevalence : 0.5`): passed over, not read.
fn statistic_line(line: &str) -> bool {
    let Some((name, _)) = line.split_once(':') else {
        return false;
    };
    let name = name.trim().to_lowercase();
    name.ends_with(" ci")
        || name == "ci"
        || name.contains("confidence interval")
        || name.contains("p-value")
        || name.contains("information rate")
        || name.contains("prevalence")
        || name.contains("'positive' class")
}

/// The figures of one printed line: `Accuracy: 0.95`, `F1 Score = 0.9645`, or several
/// separated by two spaces or more, commas or semicolons (`TP=64     FN=16`), each a score's
/// or a count's name with one `:` or `=` and a figure; `None` for any other line.
fn metric_items(line: &str) -> Option<Vec<String>> {
    let line = line.trim_start_matches(['-', '*', '>']).trim();
    // `positive predictive value (= precision): 0.93`: an aside in brackets that holds a
    // `=` or `:` is part of the name, not a figure's mark.
    let unbracketed;
    let line = if line.contains('(') && line.contains(')') {
        let mut kept = String::with_capacity(line.len());
        let mut rest = line;
        while let Some((before, after)) = rest.split_once('(') {
            let Some((inside, tail)) = after.split_once(')') else {
                break;
            };
            kept.push_str(before);
            if !inside.contains(['=', ':']) {
                kept.push('(');
                kept.push_str(inside);
                kept.push(')');
            }
            rest = tail;
        }
        kept.push_str(rest);
        unbracketed = kept;
        unbracketed.as_str()
    } else {
        line
    };
    let items: Vec<&str> = if line.matches([':', '=']).count() == 1 {
        vec![line]
    } else {
        line.split("  ")
            .flat_map(|part| part.split([',', ';']))
            .map(str::trim)
            .filter(|part| !part.is_empty())
            .collect()
    };
    // `55 True Positives`: a count printed before its name; ``- `Accuracy` 0.9649``: a
    // score's name and its figure with no mark between them.
    if !line.contains([':', '=']) {
        if let Some(item) = name_then_figure(line) {
            return Some(vec![item]);
        }
        let item = count_first(line)?;
        let name = item.split_once(':').map_or("", |(name, _)| name);
        return crate::names::count_of_header(name)
            .is_some()
            .then(|| vec![item]);
    }
    items
        .into_iter()
        .map(|item| {
            let (name, value) = item.split_once([':', '='])?;
            let (name, value) = (name.trim().trim_matches('*'), value.trim());
            let named = crate::names::score_of_header(name).is_some()
                || crate::names::score_of_qualified_header(name).is_some()
                || crate::names::count_of_header(name).is_some();
            (named
                && !value.contains([':', '='])
                && value.starts_with(|c: char| c.is_ascii_digit()))
            .then(|| format!("{name}: {value}"))
        })
        .collect()
}

/// A line that is a score's (or a count's) name and one figure and nothing else
/// (``- `Accuracy` 0.9649``, `**Recall** 97.1%`, `Precision 0.93`), as `name: figure`; `None`
/// for any other line (prose has more words than a name and a figure).
fn name_then_figure(line: &str) -> Option<String> {
    // (A tab between them is a tab-separated table's row, read as a table.)
    if line.contains('\t') {
        return None;
    }
    let (name, figure) = line.trim().rsplit_once(char::is_whitespace)?;
    let name = name.trim().trim_matches(['`', '*', '_']).trim();
    let figure = figure.trim();
    let named = crate::names::score_of_header(name).is_some()
        || crate::names::count_of_header(name).is_some();
    (named
        && !name.is_empty()
        && figure.starts_with(|c: char| c.is_ascii_digit())
        && crate::value::is_decimal(figure.strip_suffix('%').unwrap_or(figure)))
    .then(|| format!("{name}: {figure}"))
}

/// An item printing a whole number before its name (`55 True Positives`), as `name: number`;
/// `None` for any other item (one with a `:` or `=`, or no name of letters).
fn count_first(item: &str) -> Option<String> {
    if item.contains([':', '=']) {
        return None;
    }
    let (number, name) = item.trim().split_once(char::is_whitespace)?;
    let name = name.trim();
    (crate::value::whole_number(number).is_some()
        && name.starts_with(char::is_alphabetic)
        && name.chars().count() <= 60)
        .then(|| format!("{name}: {number}"))
}

/// Whether a text names one fold, run or split of an experiment by its number (`Fold 3`,
/// `0th folding`, `Run 2`, `split #1`), not a protocol (`5-fold`, `10 folds`).
fn names_one_fold_or_run(text: &str) -> bool {
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || matches!(c, ':' | ',' | '#' | '(' | ')' | '.'))
        .filter(|w| !w.is_empty())
        .collect();
    let numbered = |w: &str| {
        let digits = w.trim_end_matches(|c: char| c.is_ascii_alphabetic());
        !digits.is_empty()
            && digits.bytes().all(|b| b.is_ascii_digit())
            && matches!(&w[digits.len()..], "" | "st" | "nd" | "rd" | "th")
    };
    words.iter().enumerate().any(|(i, w)| {
        matches!(
            *w,
            "fold" | "folding" | "run" | "split" | "iteration" | "repetition" | "trial"
        ) && (i > 0 && numbered(words[i - 1]) || words.get(i + 1).is_some_and(|n| numbered(n)))
    })
}

/// The model a list item names (`Best Model: XGBoost`, `Model: SVM`, `Classifier: RF`).
fn model_item(item: &str) -> Option<&str> {
    let (name, value) = item.split_once(':')?;
    let name = name.trim().to_lowercase();
    let name = name.strip_prefix("best ").unwrap_or(&name).trim();
    let value = value.trim();
    (matches!(name, "model" | "method" | "classifier" | "algorithm")
        && !value.is_empty()
        && value.chars().count() <= 60)
        .then_some(value)
}

/// A sentence saying that a code block (lower-cased) cross-validates, with its number of
/// folds where the code gives one (`n_splits=5`, `cv=10`, `KFold(10`), if it does.
fn code_cross_validation(lower: &str) -> Option<String> {
    const CALLS: &[&str] = &[
        "kfold(",
        "cross_val_predict(",
        "cross_val_score(",
        "cross_validate(",
        "n_splits",
    ];
    if !CALLS.iter().any(|call| lower.contains(call)) {
        return None;
    }
    let squeezed: String = lower.chars().filter(|c| !c.is_whitespace()).collect();
    let folds = ["n_splits=", "cv=", "kfold(", "n_folds="]
        .iter()
        .flat_map(|key| squeezed.match_indices(key).map(|(at, _)| at + key.len()))
        .filter_map(|at| {
            let digits: String = squeezed[at..]
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            digits.parse::<u64>().ok().filter(|k| (2..=100).contains(k))
        })
        .next();
    // Repeated: `RepeatedStratifiedKFold(n_splits=10, n_repeats=5)`, or a loop over seeds
    // around the folds (`for seed in range(5): StratifiedKFold(..., random_state=seed)`).
    let repeats = squeezed
        .match_indices("n_repeats=")
        .map(|(at, _)| at + "n_repeats=".len())
        .filter_map(|at| {
            let digits: String = squeezed[at..]
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            digits.parse::<u64>().ok().filter(|r| *r >= 2)
        })
        .next();
    let repeated = repeats.is_some()
        || squeezed.contains("repeatedstratifiedkfold(")
        || squeezed.contains("repeatedkfold(")
        || [
            "forseedin",
            "random_state=seed",
            "random_state=run",
            "random_state=rep",
        ]
        .iter()
        .any(|w| squeezed.contains(w));
    let k = folds.map_or("k".to_string(), |k| k.to_string());
    Some(match (repeated, repeats) {
        (true, Some(r)) => format!(
            "The code runs a {k}-fold cross-validation repeated {r} times (in the code).\n\n"
        ),
        (true, None) => {
            format!("The code runs a repeated {k}-fold cross-validation (in the code).\n\n")
        }
        (false, _) => format!("The code runs a {k}-fold cross-validation (in the code).\n\n"),
    })
}

/// What in a code block (lowercased) changes the rows evaluated, if anything: a resampler
/// (`SMOTE().fit_resample(X, y)`), rows dropped (`dropna()`, `drop_duplicates()`), a filter
/// (`df = df[df["glucose"] != 0]`, `.query(`), or a cross-validation of the training part
/// alone (`cross_val_predict(model, X_train, y_train)`).
fn code_changes_rows(lower: &str) -> Option<&'static str> {
    let squeezed: String = lower.chars().filter(|c| !c.is_whitespace()).collect();
    const CALLS: &[(&str, &str)] = &[
        ("fit_resample(", "fit_resample"),
        ("fit_sample(", "fit_sample"),
        ("smote(", "SMOTE"),
        ("adasyn(", "ADASYN"),
        ("randomundersampler(", "RandomUnderSampler"),
        ("randomoversampler(", "RandomOverSampler"),
        ("nearmiss(", "NearMiss"),
        (".dropna(", "dropna"),
        (".drop_duplicates(", "drop_duplicates"),
        (".query(", "query"),
        ("utils.resample(", "resample"),
        ("importresample", "resample"),
        (".isin(", "isin"),
        (".notna()", "notna"),
        (".ne(0)", "ne(0)"),
    ];
    if let Some((_, call)) = CALLS.iter().find(|(key, _)| squeezed.contains(key)) {
        return Some(call);
    }
    // `name = frame[frame[...] <op> ...]`, `name = frame.loc[frame[...] <op> ...]`: rows
    // filtered.
    let filters = lower.lines().any(|line| {
        let line: String = line.chars().filter(|c| !c.is_whitespace()).collect();
        let compares = ["!=", "==", ">", "<"].iter().any(|op| line.contains(op));
        compares
            && line.match_indices('[').any(|(at, _)| {
                let rest = line[at + 1..].trim_start_matches('(');
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                let before = line[..at].trim_end_matches(".loc");
                // Assigned (`df = df[df[...] != 0]`), not printed or counted.
                !name.is_empty()
                    && rest[name.len()..].starts_with(['[', '.'])
                    && before.ends_with(&format!("={name}"))
                    && !before.ends_with(&format!("=={name}"))
            })
    });
    // `df = df[valid]`, `df = df.loc[mask]`: a frame assigned a part of itself (rows or
    // columns, which the code does not say apart); `df.drop(df[...].index)`: rows dropped;
    // `df.sample(n=268)`, `groupby(...).sample(...)`: rows drawn (not `frac=1`, a shuffle).
    let narrowed = lower.lines().any(|line| {
        let line: String = line.chars().filter(|c| !c.is_whitespace()).collect();
        let self_part = line.split_once('=').is_some_and(|(target, value)| {
            !target.is_empty()
                && target.chars().all(|c| c.is_alphanumeric() || c == '_')
                && !value.starts_with('=')
                && [format!("{target}["), format!("{target}.loc[")]
                    .iter()
                    .any(|head| value.starts_with(head.as_str()))
                && !value[target.len()..].starts_with("[\"")
                && !value[target.len()..].starts_with("['")
                && !value[target.len()..].starts_with("[[")
        });
        let dropped = line.contains(".drop(") && line.contains(".index");
        let drawn = line.contains(".sample(")
            && !line.contains("frac=1)")
            && !line.contains("frac=1.0)")
            && !line.contains("frac=1,");
        self_part || dropped || drawn
    });
    if filters || narrowed {
        return Some("a filter of the rows");
    }
    let training_only = ["cross_val_predict(", "cross_val_score(", "cross_validate("]
        .iter()
        .any(|call| {
            squeezed.match_indices(call).any(|(at, _)| {
                squeezed[at..]
                    .chars()
                    .take(80)
                    .collect::<String>()
                    .contains(",x_tr")
            })
        });
    training_only.then_some("a cross-validation of X_train")
}

/// The averaging a code block asks of scikit-learn's precision, recall or F1
/// (`average="macro"`, `average='weighted'`, `average = "micro"`), if any.
fn code_averaging(code: &str) -> Option<&'static str> {
    let squeezed: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    let lower = squeezed.to_lowercase();
    // A report's averages read in the code (`rep["weighted avg"]`), per-class scores
    // averaged (`np.mean(recall_score(..., average=None))`), yardstick's estimators
    // (`estimator = "macro_weighted"`), balanced sample weights in the scoring. (Quotes as
    // `"` once squeezed and lowered: `'` is made `"` below.)
    const SAID: &[(&str, &str)] = &[
        ("weightedavg\"]", "weighted"),
        ("\"macro_weighted\"", "weighted"),
        ("compute_sample_weight", "weighted"),
        ("macroavg\"]", "macro"),
        ("average=none", "macro"),
        ("estimator=\"macro\"", "macro"),
    ];
    let quoted = lower.replace('\'', "\"");
    if let Some((_, kind)) = SAID.iter().find(|(needle, _)| quoted.contains(needle)) {
        return Some(kind);
    }
    ["macro", "weighted", "micro"].into_iter().find(|kind| {
        squeezed.contains(&format!("average=\"{kind}\""))
            || squeezed.contains(&format!("average='{kind}'"))
            // scikit-learn's scorer names (`scoring=["precision_macro", "f1_weighted"]`).
            || ["precision", "recall", "f1"].iter().any(|score| {
                squeezed.contains(&format!("\"{score}_{kind}\""))
                    || squeezed.contains(&format!("'{score}_{kind}'"))
            })
    })
}

/// A pipe-table row's cells as its source line writes them (`| a | b |` is `a`, `b`), pipes
/// escaped (`\|`) or inside code spans not splitting.
fn source_cells(line: &str) -> Vec<String> {
    let line = line.trim();
    let line = line.strip_prefix('|').unwrap_or(line);
    let mut cells = vec![String::new()];
    let (mut escaped, mut in_code) = (false, false);
    for c in line.chars() {
        match c {
            '|' if !escaped && !in_code => cells.push(String::new()),
            _ => {
                if c == '`' && !escaped {
                    in_code = !in_code;
                }
                if let Some(cell) = cells.last_mut() {
                    cell.push(c);
                }
            }
        }
        escaped = c == '\\' && !escaped;
    }
    // The closing pipe leaves an empty last cell.
    if cells.len() > 1 && cells.last().is_some_and(|c| c.trim().is_empty()) {
        cells.pop();
    }
    cells
}

/// The tables of a run of raw HTML blocks (and the reports printed in its `<pre>`),
/// captioned by the paragraph and heading before them when they carry none of their own.
fn html_tables(
    document: &mut Document,
    html: &str,
    paragraph: &str,
    heading: &str,
    limits: &Limits,
) -> Result<(), Error> {
    let lower = html.to_lowercase();
    if !lower.contains("<table") && !lower.contains("<pre") {
        return Ok(());
    }
    let read = crate::html::read(html, limits)?;
    document.more_tables |= read.more_tables;
    // Weka's runs in `<pre>` are read from the whole Markdown text.
    for mut t in read.tables.into_iter().filter(|t| !t.one_matrix) {
        if t.caption.is_empty() {
            t.caption = paragraph.to_string();
        }
        if t.heading.is_empty() {
            t.heading = heading.to_string();
        }
        document.push_table(t, limits);
    }
    document.text.push_str(&read.text);
    Ok(())
}

fn finish_row(table: &mut Option<RawTable>, row: &mut Vec<RawCell>, limits: &Limits) {
    if row.is_empty() {
        return;
    }
    if let Some(t) = table.as_mut() {
        t.push_row(std::mem::take(row), limits);
    }
    row.clear();
}
