//! `scorecheck batch papers.csv`: a table of reported results, one request per row.
//!
//! Known columns (`id`, `check`, `p`, `n`, `dataset`, `folds`, `repeats`, `eps`, `rounding`,
//! `percent`, `numerical_tolerance`) and one column per score (any name or synonym the
//! algebra knows, and `auc`) build the request; every other column is carried through.
//! An empty cell is "not reported". A bad row gets its error (naming the column) and the
//! rest go on.

use std::io::{IsTerminal, Read, Write};
use std::path::Path;

use scorecheck::algebra::Score;
use scorecheck::json::{Json, JsonMap, Number};
use scorecheck::RunOptions;
use serde_json::{Map, Value};

/// The output format of a table batch.
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
pub enum OutputFormat {
    /// The input columns plus verdict, explanation, witness, count and error columns.
    Csv,
    /// One JSON object per row: its number, its cells, and the result or the error.
    Jsonl,
}

/// The columns added to the input's in CSV output.
const RESULT_COLUMNS: [&str; 7] = [
    "verdict",
    "explanation",
    "witness_tp",
    "witness_tn",
    "n_valid_tptn_pairs",
    "error_field",
    "error_message",
];

/// Names of the AUC the facade accepts, besides the algebra's scores.
const AUC_NAMES: [&str; 4] = ["auc", "roc_auc", "auroc", "area_under_roc"];

/// What a column of the table means.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Column {
    Id,
    Check,
    P,
    N,
    Dataset,
    Folds,
    Repeats,
    Eps,
    Rounding,
    Percent,
    NumericalTolerance,
    Score,
    /// Carried through unchanged (doi, table, method, ...).
    Other,
}

fn classify(header: &str) -> Column {
    let name = header.trim().to_ascii_lowercase();
    match name.as_str() {
        "id" => Column::Id,
        "check" => Column::Check,
        "p" => Column::P,
        "n" => Column::N,
        "dataset" | "dataset_name" => Column::Dataset,
        "folds" | "n_folds" => Column::Folds,
        "repeats" | "n_repeats" => Column::Repeats,
        "eps" => Column::Eps,
        "rounding" => Column::Rounding,
        "percent" => Column::Percent,
        "numerical_tolerance" => Column::NumericalTolerance,
        _ if AUC_NAMES.contains(&name.as_str()) || Score::from_name(&name).is_ok() => Column::Score,
        _ => Column::Other,
    }
}

/// A row that cannot become a request: the column to fix and what to change.
struct RowError {
    kind: &'static str,
    column: Option<String>,
    message: String,
}

/// Answers every data row of the CSV `file` (or stdin) after the first `skip`, in order.
///
/// # Errors
///
/// An unreadable file or header, or a failed write; a bad row is an answer, not an error.
pub fn run(
    file: Option<&Path>,
    skip: u64,
    output: OutputFormat,
    options: &RunOptions,
) -> anyhow::Result<()> {
    let mut bytes = Vec::new();
    match file {
        Some(path) if path.as_os_str() != "-" => {
            bytes = std::fs::read(path)
                .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
        }
        _ => {
            std::io::stdin().read_to_end(&mut bytes)?;
        }
    }
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .from_reader(bytes.as_slice());
    let headers: Vec<String> = reader
        .byte_headers()
        .map_err(|e| anyhow::anyhow!("cannot read the header row: {e}"))?
        .iter()
        .map(|cell| String::from_utf8_lossy(cell).trim().to_string())
        .collect();
    if headers.iter().all(String::is_empty) {
        anyhow::bail!(
            "the table has no header row; the first row names the columns (id, p, n, acc, ...)"
        );
    }
    let kinds: Vec<Column> = headers.iter().map(|h| classify(h)).collect();
    let records: Vec<Result<csv::ByteRecord, csv::Error>> = reader.byte_records().collect();
    let bar = progress(records.len() as u64);

    let stdout = std::io::stdout();
    let mut csv_out = csv::Writer::from_writer(stdout.lock());
    if output == OutputFormat::Csv {
        let mut header_row = headers.clone();
        header_row.extend(RESULT_COLUMNS.iter().map(|c| (*c).to_string()));
        if let Err(e) = write_csv(&mut csv_out, &header_row) {
            return broken_pipe_is_fine(e);
        }
    }
    for (index, record) in records.iter().enumerate() {
        // Row 1 is the first data row; the header is row 0.
        let row = index as u64 + 1;
        if row <= skip {
            continue;
        }
        let cells = cells_of(record, headers.len());
        let answer = match &cells {
            Ok(cells) => match request(&headers, &kinds, cells) {
                Ok(request) => answer(&request, &headers, &kinds, options),
                Err(error) => Err(error),
            },
            Err(error) => Err(RowError {
                kind: error.kind,
                column: error.column.clone(),
                message: error.message.clone(),
            }),
        };
        let cells = cells.unwrap_or_else(|_| raw_cells(record, headers.len()));
        let written = match output {
            OutputFormat::Csv => write_csv(&mut csv_out, &csv_row(cells, &answer)),
            OutputFormat::Jsonl => {
                let line = jsonl_row(row, &headers, &cells, answer);
                let mut out = std::io::stdout().lock();
                writeln!(out, "{line}").and_then(|()| out.flush())
            }
        };
        if let Err(e) = written {
            return broken_pipe_is_fine(e);
        }
        if let Some(bar) = &bar {
            bar.inc(1);
        }
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    Ok(())
}

/// A progress bar of rows on stderr, only when stderr is a terminal.
fn progress(rows: u64) -> Option<indicatif::ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new(rows);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} rows ({per_sec}, eta {eta})")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
    Some(bar)
}

/// A closed reader (`| head`) ends the batch quietly; other write errors are errors.
fn broken_pipe_is_fine(error: std::io::Error) -> anyhow::Result<()> {
    if error.kind() == std::io::ErrorKind::BrokenPipe {
        Ok(())
    } else {
        Err(error.into())
    }
}

fn write_csv<W: Write>(out: &mut csv::Writer<W>, row: &[String]) -> std::io::Result<()> {
    out.write_record(row).map_err(|e| match e.into_kind() {
        csv::ErrorKind::Io(io) => io,
        other => std::io::Error::other(format!("{other:?}")),
    })?;
    out.flush()
}

/// The row's cells as text, one per header (missing cells empty); an error for a cell
/// that is not UTF-8, a row longer than the header, or a malformed record.
fn cells_of(
    record: &Result<csv::ByteRecord, csv::Error>,
    columns: usize,
) -> Result<Vec<String>, RowError> {
    let record = record.as_ref().map_err(|e| RowError {
        kind: "invalid_csv",
        column: None,
        message: format!("the row is not valid CSV ({e})"),
    })?;
    if record.len() > columns {
        return Err(RowError {
            kind: "invalid_csv",
            column: None,
            message: format!(
                "the row has {} cells but the header names {columns} columns; quote cells that contain commas",
                record.len()
            ),
        });
    }
    let mut cells = Vec::with_capacity(columns);
    for (index, cell) in record.iter().enumerate() {
        match std::str::from_utf8(cell) {
            Ok(text) => cells.push(text.to_string()),
            Err(_) => {
                return Err(RowError {
                    kind: "invalid_csv",
                    column: Some(format!("column {}", index + 1)),
                    message: "the cell is not valid UTF-8; save the table as UTF-8".to_string(),
                })
            }
        }
    }
    cells.resize(columns, String::new());
    Ok(cells)
}

/// The cells of a bad record, as far as they can be read, to carry them through.
fn raw_cells(record: &Result<csv::ByteRecord, csv::Error>, columns: usize) -> Vec<String> {
    let mut cells: Vec<String> = match record {
        Ok(record) => record
            .iter()
            .take(columns)
            .map(|c| String::from_utf8_lossy(c).into_owned())
            .collect(),
        Err(_) => Vec::new(),
    };
    cells.resize(columns, String::new());
    cells
}

/// A JSON number of the cell's text as written (`0.950` keeps its three decimals).
fn number(column: &str, text: &str) -> Result<Json, RowError> {
    match Number::parse(text) {
        Some(number) => Ok(Json::Number(number)),
        None => Err(RowError {
            kind: "invalid_value",
            column: Some(column.to_string()),
            message: format!("{text:?} is not a decimal number; write it like 0.954 or 9.54e-1"),
        }),
    }
}

/// The request of one row.
fn request(headers: &[String], kinds: &[Column], cells: &[String]) -> Result<Json, RowError> {
    let mut check = "1_testset_no_kfold".to_string();
    let mut counts = JsonMap::new();
    let mut folding = JsonMap::new();
    let mut scores = JsonMap::new();
    let mut rest = JsonMap::new();
    for ((header, kind), cell) in headers.iter().zip(kinds).zip(cells) {
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
                counts.insert("p", number(header, text)?);
            }
            Column::N => {
                counts.insert("n", number(header, text)?);
            }
            Column::Dataset => {
                counts.insert("dataset_name", text.into());
            }
            Column::Folds => {
                folding.insert("n_folds", number(header, text)?);
            }
            Column::Repeats => {
                folding.insert("n_repeats", number(header, text)?);
            }
            Column::Eps if text.eq_ignore_ascii_case("auto") => {
                rest.insert("eps", "auto".into());
            }
            Column::Eps => {
                rest.insert("eps", number(header, text)?);
            }
            Column::Rounding => {
                rest.insert("rounding", text.into());
            }
            Column::Percent => {
                let flag = match text.to_ascii_lowercase().as_str() {
                    "true" | "yes" | "1" | "%" => true,
                    "false" | "no" | "0" => false,
                    _ => {
                        return Err(RowError {
                            kind: "invalid_value",
                            column: Some(header.clone()),
                            message: format!(
                                "{text:?} is not a yes or no; write true if the figures are in percent, false or nothing otherwise"
                            ),
                        })
                    }
                };
                rest.insert("percent", flag.into());
            }
            Column::NumericalTolerance => {
                rest.insert("numerical_tolerance", number(header, text)?);
            }
            // Under the column's own name, so the facade's errors name the column.
            Column::Score => {
                scores.insert(header.clone(), number(header, text)?);
            }
            Column::Other => {}
        }
    }
    let mut request = JsonMap::new();
    request.insert("check", check.clone().into());
    let counts_key = if check.starts_with("1_dataset") {
        "dataset"
    } else {
        "testset"
    };
    if !counts.is_empty() {
        request.insert(counts_key, Json::Object(counts));
    }
    if !folding.is_empty() {
        if !folding.contains_key("strategy") {
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
fn answer(
    request: &Json,
    headers: &[String],
    kinds: &[Column],
    options: &RunOptions,
) -> Result<Value, RowError> {
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        scorecheck::run_json(request, options)
    }));
    match outcome {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(error)) => Err(RowError {
            kind: error.kind().as_str(),
            column: error.field().map(|field| column_of(field, headers, kinds)),
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
/// `recall`, `folding.n_folds` → `folds`); the field itself when no column set it.
fn column_of(field: &str, headers: &[String], kinds: &[Column]) -> String {
    let (head, rest) = field.split_once('.').unwrap_or((field, ""));
    let wanted = match (head, rest) {
        ("testset" | "dataset", "p") => Some(Column::P),
        ("testset" | "dataset", "n") => Some(Column::N),
        ("testset" | "dataset", "dataset_name") => Some(Column::Dataset),
        ("testset" | "dataset", "") if kinds.contains(&Column::Dataset) => Some(Column::Dataset),
        ("testset" | "dataset", _) => Some(Column::P),
        ("folding", "n_repeats") => Some(Column::Repeats),
        ("folding", _) => Some(Column::Folds),
        ("scores", key) if !key.is_empty() => {
            return key.to_string();
        }
        ("eps", _) => Some(Column::Eps),
        ("rounding", _) => Some(Column::Rounding),
        ("percent", _) => Some(Column::Percent),
        ("numerical_tolerance", _) => Some(Column::NumericalTolerance),
        ("check", _) => Some(Column::Check),
        _ => None,
    };
    wanted
        .and_then(|kind| kinds.iter().position(|k| *k == kind))
        .map(|index| headers[index].clone())
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

/// The input cells followed by the result columns.
fn csv_row(mut cells: Vec<String>, answer: &Result<Value, RowError>) -> Vec<String> {
    match answer {
        Ok(value) => {
            let verdict = value.get("verdict").and_then(Value::as_str).unwrap_or(
                match value.get("inconsistency") {
                    Some(Value::Bool(true)) => "inconsistent",
                    Some(Value::Bool(false)) => "consistent",
                    _ => "undecided",
                },
            );
            let explanation = value
                .pointer("/explanation/message")
                .or_else(|| value.pointer("/undecided/reason"))
                .or_else(|| value.get("reason"));
            cells.extend([
                verdict.to_string(),
                text_of(explanation),
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

/// `{"row", "cells": {column: text}, ...the result}` or `{"row", "cells", "error"}`.
fn jsonl_row(
    row: u64,
    headers: &[String],
    cells: &[String],
    answer: Result<Value, RowError>,
) -> Value {
    let mut record = Map::new();
    record.insert("row".into(), row.into());
    let mut input = Map::new();
    for (header, cell) in headers.iter().zip(cells) {
        input.insert(header.clone(), cell.as_str().into());
    }
    record.insert("cells".into(), Value::Object(input));
    match answer {
        Ok(Value::Object(result)) => record.extend(result),
        Ok(other) => {
            record.insert("result".into(), other);
        }
        Err(error) => {
            record.insert(
                "error".into(),
                serde_json::json!({"kind": error.kind, "field": error.column, "message": error.message}),
            );
        }
    }
    Value::Object(record)
}
