//! The schema of a table of reported results: the header row read under the header rules,
//! each row of text cells made a request, answered, and given back as output cells or JSON.

use serde_json::{Map, Value};

use crate::header::{self, Column, Header, Kind, RESULT_COLUMNS};
use scorecheck::json::{Json, JsonMap, Number};
use scorecheck::RunOptions;

/// Most columns a table of papers may have (a header of a million columns, each row read
/// against every one, held every thread's rows at a megabyte each).
pub const MAX_COLUMNS: usize = 1024;

/// A row that cannot become a request, or whose request is refused: the column to fix and
/// what to change.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct RowError {
    /// The kind of error (`invalid_value`, `invalid_csv`, `unknown_score`, ...).
    pub kind: &'static str,
    /// The column to fix, when one is to blame.
    pub column: Option<String>,
    /// What to change.
    pub message: String,
}

impl RowError {
    /// An error of `kind` naming `column`.
    pub fn new(kind: &'static str, column: Option<String>, message: impl Into<String>) -> RowError {
        RowError {
            kind,
            column,
            message: message.into(),
        }
    }

    /// `{"kind", "field", "message"}`: the error as the JSON Lines output and the
    /// WebAssembly module give it (`field` is the column, or null).
    pub fn to_json(&self) -> Value {
        serde_json::json!({"kind": self.kind, "field": self.column, "message": self.message})
    }
}

/// The schema of one table: its header row, read under the header rules.
///
/// ```
/// use scorecheck_table::Table;
///
/// let table = Table::new(vec!["id".into(), "p".into(), "n".into(), "acc".into(), "eps".into()])?;
/// let row = table.answer(vec!["a".into(), "10".into(), "20".into(), "0.123".into(), "0.0001".into()],
///                        &scorecheck::RunOptions::default());
/// assert_eq!(row.verdict(), "inconsistent");
/// assert_eq!(row.id(&table), Some("a"));
/// let cells = row.output_cells(&table);
/// assert_eq!(cells.len(), table.output_columns().len());
/// # Ok::<(), String>(())
/// ```
pub struct Table {
    header: Header,
}

impl Table {
    /// Reads a header row.
    ///
    /// # Errors
    ///
    /// A message when the header names more than [`MAX_COLUMNS`] columns, or naming the
    /// column (and its number) when the row is empty, a column is a
    /// near-miss of a score or field name (with the suggestion), two columns give the same
    /// score or field (or share a name), a column is `tp`, `tn`, `fp` or `fn`, or a result
    /// column of scorecheck's output appears other than as the last seven columns of its
    /// own output.
    pub fn new(names: Vec<String>) -> Result<Table, String> {
        if names.len() > MAX_COLUMNS {
            return Err(format!(
                "the header names {} columns, more than the {MAX_COLUMNS} a table of papers may have (each row is read against every one); keep the columns of the reported results",
                names.len()
            ));
        }
        Ok(Table {
            header: header::read(names)?,
        })
    }

    /// The column names, trimmed, in order.
    pub fn names(&self) -> &[String] {
        &self.header.names
    }

    /// The columns of an answered row: the input's (but a previous answer's result columns)
    /// and then [`RESULT_COLUMNS`].
    pub fn output_columns(&self) -> Vec<String> {
        let mut columns = kept(&self.header, &self.header.names);
        columns.extend(RESULT_COLUMNS.iter().map(|c| (*c).to_string()));
        columns
    }

    /// Answers one row given as one text cell per column (missing cells are empty, an empty
    /// cell is "not reported").
    pub fn answer(&self, mut cells: Vec<String>, options: &RunOptions) -> Row {
        cells.resize(self.header.names.len(), String::new());
        let (request, answer) = match request(&self.header, &cells) {
            Ok(request) => {
                let answer = answer(&request, &self.header, options);
                (Some(request), answer)
            }
            Err(error) => (None, Err(error)),
        };
        Row {
            cells,
            request,
            answer,
        }
    }

    /// A row that could not be read as cells (a CSV quote left open, say): its cells as far
    /// as they were read, and the error.
    pub fn failed(&self, mut cells: Vec<String>, error: RowError) -> Row {
        cells.resize(self.header.names.len(), String::new());
        Row {
            cells,
            request: None,
            answer: Err(error),
        }
    }
}

/// One answered row: its cells and its result (or error).
pub struct Row {
    cells: Vec<String>,
    /// The request the row's cells made, when they made one.
    request: Option<Json>,
    answer: Result<Value, RowError>,
}

impl Row {
    /// The request the row's cells made (numbers as written), or `None` for a row whose
    /// cells make no request (a number that is not one, a row the CSV reader could not read).
    pub fn request(&self) -> Option<&Json> {
        self.request.as_ref()
    }

    /// The row's `id` cell, trimmed, when the table has an `id` column and the cell is not
    /// empty (a bad row has its id too).
    pub fn id<'a>(&'a self, table: &Table) -> Option<&'a str> {
        table
            .header
            .kinds
            .iter()
            .position(|kind| *kind == Column::Id)
            .map(|index| self.cells[index].trim())
            .filter(|id| !id.is_empty())
    }

    /// The verdict column: `consistent`, `inconsistent`, `undecided` or `error`.
    pub fn verdict(&self) -> &str {
        match &self.answer {
            Ok(value) => verdict_of(value),
            Err(_) => "error",
        }
    }

    /// The full result, as `scorecheck check --format json` gives it.
    ///
    /// # Errors
    ///
    /// The row's error (its column to fix and what to change) when it got no result.
    pub fn result(&self) -> Result<&Value, &RowError> {
        self.answer.as_ref()
    }

    /// The output cells, in the order of [`Table::output_columns`].
    pub fn output_cells(&self, table: &Table) -> Vec<String> {
        csv_row(
            kept(&table.header, &self.cells),
            &self.answer,
            &table.header,
        )
    }

    /// `{"row", "cells": {column: text}, ...the result}` or `{"row", "cells", "error"}`; an
    /// unnamed column's cell is under `column N`.
    pub fn to_json(self, row: u64, table: &Table) -> Value {
        jsonl_row(row, &table.header, &self.cells, self.answer)
    }
}

fn verdict_of(value: &Value) -> &str {
    value
        .get("verdict")
        .and_then(Value::as_str)
        .unwrap_or(match value.get("inconsistency") {
            Some(Value::Bool(true)) => "inconsistent",
            Some(Value::Bool(false)) => "consistent",
            _ => "undecided",
        })
}

/// The cells of every column but the recomputed result columns.
fn kept(header: &Header, cells: &[String]) -> Vec<String> {
    cells
        .iter()
        .zip(&header.kinds)
        .filter(|(_, kind)| **kind != Column::Result)
        .map(|(cell, _)| cell.clone())
        .collect()
}

/// A JSON number of the cell's text as written (`0.950` keeps its three decimals).
fn number(column: &str, text: &str) -> Result<Json, RowError> {
    match Number::parse_written(text) {
        Some(number) => Ok(Json::Number(number)),
        None => {
            // `0,954` from a semicolon-separated table saved with decimal commas.
            let comma = text.contains(',') && Number::parse(&text.replace(',', ".")).is_some();
            let hint = if comma {
                "; write the decimal point as '.', not ','"
            } else {
                ""
            };
            Err(RowError {
                kind: "invalid_value",
                column: Some(column.to_string()),
                message: format!(
                    "{text:?} is not a decimal number; write it like 0.954 or 9.54e-1{hint}"
                ),
            })
        }
    }
}

/// A yes or no cell.
fn flag(column: &str, text: &str) -> Result<Json, RowError> {
    match text.to_ascii_lowercase().as_str() {
        "true" | "yes" | "1" => Ok(true.into()),
        "false" | "no" | "0" => Ok(false.into()),
        _ => Err(RowError {
            kind: "invalid_value",
            column: Some(column.to_string()),
            message: format!(
                "{text:?} is not a yes or no; write true or false (or leave the cell empty)"
            ),
        }),
    }
}

/// A request field's cell, read as its column's kind says.
fn field_value(column: &str, kind: Kind, key: &str, text: &str) -> Result<Json, RowError> {
    match kind {
        Kind::Number => number(column, text),
        Kind::Text => Ok(text.into()),
        Kind::Eps if text.eq_ignore_ascii_case("auto") => Ok("auto".into()),
        Kind::Eps => number(column, text),
        // `%` in a percent column says the figures are percentages.
        Kind::Flag if key == "percent" && text == "%" => Ok(true.into()),
        Kind::Flag => flag(column, text),
        Kind::Ranges if text.eq_ignore_ascii_case("all") => Ok("all".into()),
        Kind::Ranges => Ok(Json::Array(
            text.split([',', ';', ' ', '\t'])
                .filter(|name| !name.is_empty())
                .map(Json::from)
                .collect(),
        )),
    }
}

/// The request of one row.
/// The row's check as its `check` cell gives it (the default where it gives none).
fn check_of<'a>(header: &Header, cells: &'a [String]) -> &'a str {
    header
        .kinds
        .iter()
        .zip(cells)
        .find(|(kind, cell)| **kind == Column::Check && !cell.trim().is_empty())
        .map_or("1_testset_no_kfold", |(_, cell)| cell.trim())
}

fn request(header: &Header, cells: &[String]) -> Result<Json, RowError> {
    let mut check = "1_testset_no_kfold".to_string();
    let mut counts = JsonMap::new();
    let mut folding = JsonMap::new();
    let mut scores = JsonMap::new();
    let mut rest = JsonMap::new();
    let mut total = None;
    let mut total_text = String::new();
    let mut own_split: Option<String> = None;
    for ((name, kind), cell) in header.names.iter().zip(&header.kinds).zip(cells) {
        let text = cell.trim();
        if text.is_empty() {
            continue;
        }
        match kind {
            Column::Id => {
                rest.insert("id", text.into());
            }
            Column::Check => check = text.to_string(),
            Column::P => {
                counts.insert("p", number(name, text)?);
            }
            Column::N => {
                counts.insert("n", number(name, text)?);
            }
            Column::Dataset => {
                counts.insert("dataset_name", text.into());
            }
            Column::Folds => {
                folding.insert("n_folds", number(name, text)?);
            }
            Column::Repeats => {
                folding.insert("n_repeats", number(name, text)?);
            }
            Column::Strategy => {
                folding.insert("strategy", text.into());
            }
            // A test set's size where no class counts are given; beside them a `total`
            // column is the paper's own (p + n, say), carried.
            Column::Total => {
                total = Some(number(name, text)?);
                total_text = text.to_string();
            }
            // `unknown` asks for every split of the dataset; any other value (`test`,
            // `validation`) names the paper's own split, carried.
            Column::Split if text.eq_ignore_ascii_case("unknown") => {
                counts.insert("split", "unknown".into());
            }
            Column::Split => own_split = Some(text.to_string()),
            // Only the multiclass checks aggregate by a model: elsewhere the column is a
            // paper's own (the method, `SVM`), carried.
            Column::Field { key: "model", .. }
                if !(check_of(header, cells).ends_with("_micro")
                    || check_of(header, cells).ends_with("_macro")) => {}
            Column::Field { key, kind } => {
                rest.insert(*key, field_value(name, *kind, key, text)?);
            }
            // Under the column's own name, so the facade's errors name the column.
            // The AUC under the one name the facade reads for every spelling (`ROC AUC`);
            // two names of one score (`Sensitivity/recall`) under the first.
            Column::Score => {
                let key = if header::is_auc(name) {
                    "auc".to_string()
                } else {
                    name.split('/').next().unwrap_or(name).trim().to_string()
                };
                scores.insert(key, number(name, text)?);
            }
            Column::Result => {}
            // A carried cell that is a check's name (a `protocol` or `setup` column): the
            // row would be checked as the default check, the named one left unread.
            Column::Other if scorecheck::check_names().contains(&text) => {
                return Err(RowError::new(
                    "invalid_value",
                    Some(name.clone()),
                    format!("{name} holds the check {text:?}, but only the column named check is read as the row's check (this row would be checked as {}): name the column check, or write the check's name otherwise if it is only carried", check_of(header, cells)),
                ));
            }
            Column::Other => {}
        }
    }
    // A test set of unknown class counts is a single-matrix row's: elsewhere the column is
    // named, not passed on as a field the row's check does not take.
    let unknown_split = total.is_some() && counts.is_empty() || counts.contains_key("split");
    if unknown_split && check != "1_testset_no_kfold" {
        let kind = if counts.contains_key("split") {
            Column::Split
        } else {
            Column::Total
        };
        return Err(RowError {
            kind: "invalid_value",
            column: header.name_of(kind).map(str::to_string),
            message: if check.starts_with("regression") {
                format!("{check} takes the residuals' var and n_samples, no class counts: total and split unknown are read for 1_testset_no_kfold rows only")
            } else {
                format!("{check} takes the class counts (p and n, or dataset): total and split unknown are read for 1_testset_no_kfold rows only, whose test set's split every p + n = total is tried")
            },
        });
    }
    if counts.contains_key("split") && !counts.contains_key("dataset_name") {
        return Err(RowError {
            kind: "missing_field",
            column: header.name_of(Column::Split).map(str::to_string),
            message: "split unknown tries every split of a dataset: give the dataset (or, for a test set of known size only, total without split)".to_string(),
        });
    }
    // A paper's own split (`test`) beside a dataset: the row would be checked on the whole
    // dataset, the figures being of a part of it.
    if let (Some(split), true) = (&own_split, counts.contains_key("dataset_name")) {
        return Err(RowError {
            kind: "invalid_value",
            column: header.name_of(Column::Split).map(str::to_string),
            message: format!("split {split:?} beside a dataset: the row would be checked on the whole dataset while its figures are of a part; give that part's p and n instead of the dataset (the split is then carried), or split unknown to try every split of the dataset"),
        });
    }
    // A total beside p and n (or a registry dataset) is the paper's own, carried; one that
    // is no whole number, or not p + n (the dataset's size), contradicts them.
    if let (Some(t), false) = (&total, counts.is_empty()) {
        // (`3e2` and `300.0` are 300, as counts are read.)
        let whole = |x: &Json| match x {
            Json::Number(x) => scorecheck::algebra::parse_decimal(&x.to_string())
                .ok()
                .filter(|x| x.is_integer())
                .and_then(|x| u128::try_from(x.to_integer()).ok()),
            _ => None,
        };
        let column = header.name_of(Column::Total).map(str::to_string);
        let Some(t) = whole(t) else {
            return Err(RowError {
                kind: "invalid_value",
                column,
                message: format!("total {} is no whole number of items: give p + n there, or leave the cell empty", total_text),
            });
        };
        let size = match (counts.get("p"), counts.get("n"), counts.get("dataset_name")) {
            (Some(p), Some(n), _) => whole(p)
                .zip(whole(n))
                .and_then(|(p, n)| p.checked_add(n))
                .map(|size| (size, "p + n".to_string())),
            (_, _, Some(Json::String(name))) => scorecheck::data::dataset(name).ok().map(|d| {
                (
                    u128::from(d.p) + u128::from(d.n),
                    format!("the size of {name}"),
                )
            }),
            _ => None,
        };
        if let Some((size, what)) = size.filter(|(size, _)| *size != t) {
            return Err(RowError {
                kind: "contradiction",
                column,
                message: format!("total {t} is not {what} = {size}: correct one of them (a total beside the class counts must be their sum)"),
            });
        }
    }
    if let Some(total) = total.filter(|_| counts.is_empty()) {
        counts.insert("total", total);
    }
    // A bundle's selection (image, annotator, assumption, subset) has no columns here.
    if scorecheck::request::bundle_plans::bundle_names().any(|name| name == check) {
        return Err(RowError {
            kind: "unsupported",
            column: header.name_of(Column::Check).map(str::to_string),
            message: format!("{check} is a bundle, whose selection (image_identifier, annotator, assumption, subset, ...) a table row does not carry; give this row as a JSON request (scorecheck check, or a line of a JSON Lines batch)"),
        });
    }
    // Several test sets or datasets (`testsets`, `evaluations`): one row holds one set's cells.
    if check.starts_with("n_") {
        return Err(RowError {
            kind: "unsupported",
            column: header.name_of(Column::Check).map(str::to_string),
            message: format!("{check} checks several test sets or datasets at once, which one row's p and n (or dataset) cells do not hold; give this row as a JSON request with its list (scorecheck check, or a line of a JSON Lines batch)"),
        });
    }
    let mut request = JsonMap::new();
    request.insert("check", check.clone().into());
    let counts_key = if check.starts_with("1_dataset") {
        "dataset"
    } else {
        "testset"
    };
    // A regression row has its samples' variance and count, no classes: a p, n or dataset
    // cell is named, not passed on as a field the table never had.
    if check.starts_with("regression") && !counts.is_empty() {
        let column = [
            (Column::P, "p"),
            (Column::N, "n"),
            (Column::Dataset, "dataset_name"),
        ]
        .into_iter()
        .find(|(_, key)| counts.contains_key(key))
        .and_then(|(column, _)| header.name_of(column))
        .unwrap_or("p")
        .to_string();
        return Err(RowError::new(
            "invalid_value",
            Some(column.clone()),
            format!("{check} has no classes: leave {column} empty and give var and n_samples (the targets' variance and how many there are)"),
        ));
    }
    if !counts.is_empty() {
        request.insert(counts_key, Json::Object(counts));
    }
    // A fold column on a row whose check takes no folds, or repeats and a strategy without
    // folds, name their own column (the facade would name a `folding` the table never had).
    let given = |key: &str, column: Column| {
        folding
            .contains_key(key)
            .then(|| header.name_of(column).unwrap_or(key).to_string())
    };
    let folds_column = given("n_folds", Column::Folds);
    let other_column = given("n_repeats", Column::Repeats).or(given("strategy", Column::Strategy));
    // An unknown check is the facade's to name (with the closest names), not the fold column's.
    let known = scorecheck::check_names().contains(&check.strip_prefix("check_").unwrap_or(&check));
    if let Some(column) = folds_column.clone().or(other_column.clone()) {
        if known && !check.starts_with("1_dataset") {
            return Err(RowError::new(
                "invalid_value",
                Some(column.clone()),
                format!("{check} takes no folds: leave {column} empty, or give the check of a k-fold experiment (1_dataset_kfold_som, 1_dataset_known_folds_mos, 1_dataset_unknown_folds_mos)"),
            ));
        }
    }
    if let (None, Some(column)) = (&folds_column, &other_column) {
        return Err(RowError::new(
            "missing_field",
            Some(header.name_of(Column::Folds).unwrap_or("folds").to_string()),
            format!("{column} is given without the number of folds; give folds too"),
        ));
    }
    if !folding.is_empty() {
        // The table's folds are stratified k-fold unless its strategy column says
        // otherwise; unknown folds have no strategy (their folds are what is searched).
        if !folding.contains_key("strategy") && !check.contains("unknown_folds") {
            folding.insert("strategy", "stratified_sklearn".into());
        }
        request.insert("folding", Json::Object(folding));
    }
    request.insert("scores", Json::Object(scores));
    for (key, value) in rest {
        request.insert(key, value);
    }
    Ok(Json::Object(request))
}

/// The facade's answer, its error's field path turned into the column that set it.
fn answer(request: &Json, header: &Header, options: &RunOptions) -> Result<Value, RowError> {
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        scorecheck::run_json(request, options)
    }));
    match outcome {
        Ok(Ok(value)) => Ok(value),
        // No count cell at all: said in the table's terms, not as the request's field.
        Ok(Err(error))
            if error.kind().as_str() == "missing_field"
                && matches!(error.field(), Some("testset" | "dataset")) =>
        {
            let dataset = header.name_of(Column::Dataset).unwrap_or("dataset");
            Err(RowError {
                kind: error.kind().as_str(),
                column: error.field().map(|field| column_of(field, header)),
                message: format!("missing the class counts: give p and n (the positives and negatives), or name a registry dataset in the {dataset} column"),
            })
        }
        Ok(Err(error)) => Err(RowError {
            kind: error.kind().as_str(),
            column: error.field().map(|field| column_of(field, header)),
            message: error.message().to_string(),
        }),
        Err(_) => Err(RowError {
            kind: "internal",
            column: None,
            message: "internal error while answering this row (a bug: please report the row)"
                .to_string(),
        }),
    }
}

/// The column behind a request field (`testset.p` → the `p` column, `scores.recall` →
/// `recall`, `folding.n_folds` → `folds`, `ranges[0]` → `ranges`); the field itself when
/// no column set it.
fn column_of(field: &str, header: &Header) -> String {
    let (head, rest) = field.split_once('.').unwrap_or((field, ""));
    let head = head.split('[').next().unwrap_or(head);
    let wanted = match (head, rest) {
        ("testset" | "dataset", "p") => Some(Column::P),
        ("testset" | "dataset", "n") => Some(Column::N),
        ("testset" | "dataset", "dataset_name") => Some(Column::Dataset),
        ("testset", "total") => Some(Column::Total),
        ("testset", "split") => Some(Column::Split),
        ("testset" | "dataset", "") if header.name_of(Column::Dataset).is_some() => {
            Some(Column::Dataset)
        }
        ("testset" | "dataset", _) => Some(Column::P),
        ("folding", "n_repeats") => Some(Column::Repeats),
        ("folding", "strategy") if header.name_of(Column::Strategy).is_some() => {
            Some(Column::Strategy)
        }
        ("folding", _) => Some(Column::Folds),
        ("scores", "auc") if header.name_of_auc().is_some() => {
            return header.name_of_auc().unwrap_or(field).to_string();
        }
        ("scores", key) if !key.is_empty() => {
            return key.to_string();
        }
        ("check", _) => Some(Column::Check),
        ("timeout", _) => {
            return header
                .name_of_field("time_limit")
                .unwrap_or(field)
                .to_string()
        }
        (key, _) => return header.name_of_field(key).unwrap_or(field).to_string(),
    };
    wanted
        .and_then(|kind| header.name_of(kind))
        .map(str::to_string)
        .unwrap_or_else(|| match field {
            "testset" | "dataset" => "p".to_string(),
            other => other.to_string(),
        })
}

fn text_of(value: Option<&Value>) -> String {
    match value {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => s.clone(),
        Some(other) => other.to_string(),
    }
}

/// The ranges, repair and power of a result, each as one sentence for the CSV output.
fn asked_extras(value: &Value) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(ranges) = value.get("ranges").and_then(Value::as_object) {
        let shown: Vec<String> = ranges
            .iter()
            .map(|(score, range)| {
                // A side known only between two values (a search cut short) is given by
                // the outer one.
                let bound = |key: &str, between: &str, outward: fn(f64) -> f64| {
                    range
                        .pointer(&format!("/{key}/value"))
                        .or_else(|| range.pointer(between))
                        .and_then(Value::as_f64)
                        .map(|v| format!("{:.4}", outward(v * 10_000.0) / 10_000.0))
                };
                let lower = bound("min", "/min_between/0/value", f64::floor);
                let upper = bound("max", "/max_between/1/value", f64::ceil);
                let within =
                    if range.get("min_between").is_some() || range.get("max_between").is_some() {
                        " (not exact: a search was cut short)"
                    } else {
                        ""
                    };
                match (lower, upper) {
                    (Some(lo), Some(hi)) => format!("{score} in [{lo}, {hi}]{within}"),
                    _ if range.is_null() => format!("{score} undefined"),
                    _ => match range.get("undecided").and_then(Value::as_str) {
                        Some(why) => format!("{score} not computed ({why})"),
                        None => format!("{score} not computed"),
                    },
                }
            })
            .collect();
        if !shown.is_empty() {
            out.push(format!("ranges: {}", shown.join(", ")));
        }
    }
    if let Some(repair) = value.get("repair").filter(|r| !r.is_null()) {
        let first = repair
            .get("message")
            .and_then(Value::as_str)
            .filter(|m| !m.is_empty());
        let count = repair.get("n_repairs").and_then(Value::as_u64).unwrap_or(0);
        match first {
            Some(first) if count > 1 => out.push(format!(
                "repair: {first} (one of {count} smallest repairs; JSON Lines lists them)"
            )),
            Some(first) => out.push(format!("repair: {first}")),
            None => {}
        }
    }
    if let Some(power) = value.get("power").filter(|p| !p.is_null()) {
        if let (Some(flagged), Some(total)) = (
            power.get("flagged").and_then(Value::as_u64),
            power.get("perturbations").and_then(Value::as_u64),
        ) {
            out.push(format!(
                "power: {flagged} of {total} one-digit changes of the figures would be flagged"
            ));
        }
    }
    out
}

/// The input cells followed by the result columns.
fn csv_row(
    mut cells: Vec<String>,
    answer: &Result<Value, RowError>,
    header: &Header,
) -> Vec<String> {
    match answer {
        Ok(value) => {
            let verdict = verdict_of(value);
            let explanation = value
                .pointer("/explanation/message")
                .or_else(|| value.pointer("/undecided/reason"))
                .or_else(|| value.get("reason"));
            // Reported scores the protocol does not take: a "consistent" says nothing of
            // them, and the row says so.
            let ignored: Vec<&str> = value
                .get("ignored_scores")
                .and_then(Value::as_array)
                .map(|names| names.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            let mut explanation = text_of(explanation);
            // A warning (a registry dataset with the reference's counts) leads the cell.
            let warnings = value.get("warnings").and_then(Value::as_array);
            for warning in warnings.into_iter().flatten().filter_map(Value::as_str) {
                // A warning names its request field (`testset.dataset_name: ...`): the row
                // names the column that set it, as its errors do.
                let warning = match warning.split_once(": ") {
                    Some((field, rest)) if !field.contains(' ') => {
                        format!("{}: {rest}", column_of(field, header))
                    }
                    _ => warning.to_string(),
                };
                explanation = if explanation.is_empty() {
                    format!("warning: {warning}")
                } else {
                    format!("warning: {warning}; {explanation}")
                };
            }
            if !ignored.is_empty() {
                let said = format!(
                    "not used by this protocol, so not checked: {}",
                    ignored.join(", ")
                );
                explanation = if explanation.is_empty() {
                    said
                } else {
                    format!("{explanation}; {said}")
                };
            }
            // What the row asked besides the verdict (ranges, repairs, power) has no column
            // of its own: it is said after the explanation (JSON Lines gives every detail).
            // A count stopped at its budget leaves its column empty; how far it got is said.
            let counted = value
                .get("n_valid_tptn_pairs_lower_bound")
                .filter(|_| value.get("n_valid_tptn_pairs").is_none_or(Value::is_null))
                .and_then(Value::as_u64)
                .map(|bound| format!("n_valid_tptn_pairs: at least {bound} (counting stopped at the count budget or the time limit)"));
            for extra in asked_extras(value).into_iter().chain(counted) {
                explanation = if explanation.is_empty() {
                    extra
                } else {
                    format!("{explanation}; {extra}")
                };
            }
            cells.extend([
                verdict.to_string(),
                explanation,
                text_of(value.pointer("/witness/tp")),
                text_of(value.pointer("/witness/tn")),
                text_of(value.get("n_valid_tptn_pairs")),
                String::new(),
                String::new(),
            ]);
        }
        Err(error) => {
            cells.extend([
                "error".to_string(),
                String::new(),
                String::new(),
                String::new(),
                String::new(),
                error.column.clone().unwrap_or_default(),
                error.message.clone(),
            ]);
        }
    }
    cells
}

/// `{"row", "cells": {column: text}, ...the result}` or `{"row", "cells", "error"}`; an
/// unnamed column's cell is under `column N`.
fn jsonl_row(
    row: u64,
    header: &Header,
    cells: &[String],
    answer: Result<Value, RowError>,
) -> Value {
    let mut record = Map::new();
    record.insert("row".into(), row.into());
    let mut input = Map::new();
    for (index, ((name, kind), cell)) in header
        .names
        .iter()
        .zip(&header.kinds)
        .zip(cells)
        .enumerate()
    {
        if *kind == Column::Result {
            continue;
        }
        // Unnamed columns under their number, so that two of them do not collide.
        let key = if name.is_empty() {
            format!("column {}", index + 1)
        } else {
            name.clone()
        };
        input.insert(key, cell.as_str().into());
    }
    record.insert("cells".into(), Value::Object(input));
    match answer {
        Ok(Value::Object(result)) => record.extend(result),
        Ok(other) => {
            record.insert("result".into(), other);
        }
        Err(error) => {
            record.insert("error".into(), error.to_json());
        }
    }
    Value::Object(record)
}
