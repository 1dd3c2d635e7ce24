//! `scorecheck batch papers.csv`: a table of reported results, one request per row,
//! streamed: each row is read, answered and written (flushed) before the next is read.
//!
//! Known columns (`id`, `check`, `p`, `n`, `dataset`, `folds`, `repeats`, `strategy`, the
//! request fields `eps`, `rounding`, `percent`, `numerical_tolerance`, `time_limit`,
//! `ranges`, `power`, `var`, `n_samples`, ... in [`header`]) and one column per score (any
//! name or synonym the facade knows) build the request; every other column is carried
//! through. The header rules refuse a table up front (a near-miss of a known name, a
//! column given twice); an empty cell is "not reported"; a bad row gets its error
//! (naming the column) and the rest go on.

mod header;
mod reader;

use std::io::{BufRead, BufReader, IsTerminal, Read, Write};
use std::path::Path;
use std::sync::Arc;

use scorecheck::json::{Json, JsonMap, Number};
use scorecheck::RunOptions;
use serde_json::{Map, Value};

use header::{Column, Header, Kind, RESULT_COLUMNS};
use reader::{Record, RecordError, RecordReader};

/// The output format of a table batch.
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
pub enum OutputFormat {
    /// The input columns plus verdict, explanation, witness, count and error columns.
    Csv,
    /// One JSON object per row: its number, its cells, and the result or the error.
    Jsonl,
}

/// A row that cannot become a request: the column to fix and what to change.
struct RowError {
    kind: &'static str,
    column: Option<String>,
    message: String,
}

/// Answers every data row of the CSV `file` (or stdin) after the first `skip`, in order,
/// on `jobs` threads, each written and flushed as soon as it and every row before it are
/// answered, with a bounded window of rows read ahead (see [`crate::ordered`]).
///
/// # Errors
///
/// An unreadable file, a header row the header rules refuse (see [`header::read`]), or a
/// failed write; a bad row is an answer, not an error.
pub fn run(
    file: Option<&Path>,
    skip: u64,
    output: OutputFormat,
    jobs: usize,
    options: &RunOptions,
) -> anyhow::Result<()> {
    let (input, size): (Box<dyn Read + Send>, Option<u64>) = match file {
        Some(path) if path.as_os_str() != "-" => {
            let file = std::fs::File::open(path)
                .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
            let size = file.metadata().ok().map(|m| m.len());
            (Box::new(file), size)
        }
        _ => (Box::new(std::io::stdin()), None),
    };
    let bar = progress(size);
    let input: Box<dyn BufRead + Send> = Box::new(BufReader::new(Counted {
        inner: input,
        bar: bar.clone(),
    }));
    let mut reader = RecordReader::open(input).map_err(|e| anyhow::anyhow!(e))?;
    let header = match reader.next_record() {
        None => anyhow::bail!(
            "the table is empty; the first row names the columns (id, p, n, acc, ...)"
        ),
        Some(Err(e)) => anyhow::bail!("the header row: {}", e.message()),
        Some(Ok(record)) => {
            let names = text_cells(&record.cells).map_err(|index| {
                anyhow::anyhow!(
                    "the header row: column {} is not valid UTF-8; save the table as UTF-8",
                    index + 1
                )
            })?;
            header::read(names).map_err(|e| anyhow::anyhow!(e))?
        }
    };
    let separator = reader.separator();

    let stdout = std::io::stdout();
    let mut csv_out = csv::Writer::from_writer(stdout.lock());
    if output == OutputFormat::Csv {
        let mut header_row = kept(&header, &header.names);
        header_row.extend(RESULT_COLUMNS.iter().map(|c| (*c).to_string()));
        if let Err(e) = write_csv(&mut csv_out, &header_row) {
            return broken_pipe_is_fine(e);
        }
    }
    // Rows are read on one thread, answered on `jobs` and written here, in order.
    let header = Arc::new(header);
    let rows = {
        let bar = bar.clone();
        let mut row = 0u64;
        std::iter::from_fn(move || {
            let record = reader.next_record()?;
            // Row 1 is the first data row; the header is row 0.
            row += 1;
            if let Some(bar) = &bar {
                bar.set_message(format!("{row} rows"));
            }
            Some((row, record))
        })
        .filter(move |(row, _)| *row > skip)
    };
    let work: crate::ordered::Work<(u64, Result<Record, RecordError>), Answered> = {
        let header = Arc::clone(&header);
        let options = options.clone();
        Arc::new(move |(row, record)| answer_row(row, record, &header, separator, &options))
    };
    let written = crate::ordered::in_order(rows, jobs, work, |answered| {
        let (row, cells, answer) = answered?;
        match output {
            OutputFormat::Csv => write_csv(&mut csv_out, &csv_row(kept(&header, &cells), &answer))
                .map_err(anyhow::Error::from),
            OutputFormat::Jsonl => {
                let line = jsonl_row(row, &header, &cells, answer);
                let mut out = std::io::stdout().lock();
                writeln!(out, "{line}")
                    .and_then(|()| out.flush())
                    .map_err(anyhow::Error::from)
            }
        }
    });
    if let Err(e) = written {
        return match e.downcast::<std::io::Error>() {
            Ok(e) => broken_pipe_is_fine(e),
            Err(e) => Err(e),
        };
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    Ok(())
}

/// One row answered: its number, its cells, and its answer (or the row's error); an
/// unreadable input is an error that ends the batch.
type Answered = anyhow::Result<(u64, Vec<String>, Result<Value, RowError>)>;

/// Answers one row read by the reader (on a worker thread).
fn answer_row(
    row: u64,
    record: Result<Record, RecordError>,
    header: &Header,
    separator: u8,
    options: &RunOptions,
) -> Answered {
    Ok(match record {
        Ok(record) => match cells_of(&record, header, separator) {
            Ok(cells) => {
                let answer =
                    request(header, &cells).and_then(|request| answer(&request, header, options));
                (row, cells, answer)
            }
            Err((cells, error)) => (row, cells, Err(error)),
        },
        Err(RecordError::Io(e)) => return Err(anyhow::anyhow!("cannot read row {row}: {e}")),
        Err(error) => (
            row,
            error_cells(&error, header.names.len()),
            Err(RowError {
                kind: "invalid_csv",
                column: None,
                message: error.message(),
            }),
        ),
    })
}

/// Counts the bytes read into the progress bar.
struct Counted {
    inner: Box<dyn Read + Send>,
    bar: Option<indicatif::ProgressBar>,
}

impl Read for Counted {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        if let Some(bar) = &self.bar {
            bar.inc(n as u64);
        }
        Ok(n)
    }
}

/// A progress bar of bytes read (rows as its message) on stderr, only when stderr is a
/// terminal; its length is the file's size, unknown for stdin.
fn progress(size: Option<u64>) -> Option<indicatif::ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let (bar, template) = match size {
        Some(size) => (
            indicatif::ProgressBar::new(size),
            "{bar:40} {bytes}/{total_bytes} ({msg}, eta {eta})",
        ),
        None => (
            indicatif::ProgressBar::no_length(),
            "{spinner} {bytes} ({msg})",
        ),
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template(template)
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

/// Writes one output row, every cell neutralised against formula injection, and flushes.
fn write_csv<W: Write>(out: &mut csv::Writer<W>, row: &[String]) -> std::io::Result<()> {
    out.write_record(row.iter().map(|cell| neutralised(cell).into_owned()))
        .map_err(|e| match e.into_kind() {
            csv::ErrorKind::Io(io) => io,
            other => std::io::Error::other(format!("{other:?}")),
        })?;
    out.flush()
}

/// A cell a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, tab or
/// carriage return) behind a leading `'`, as OWASP advises; a cell that is entirely a
/// decimal number (`-0.5`, `+1e-3`) is data and stays as it is.
pub(crate) fn neutralised(cell: &str) -> std::borrow::Cow<'_, str> {
    match cell.as_bytes().first() {
        Some(b'=' | b'+' | b'-' | b'@' | b'\t' | b'\r') if !is_decimal(cell) => {
            std::borrow::Cow::Owned(format!("'{cell}"))
        }
        _ => std::borrow::Cow::Borrowed(cell),
    }
}

/// `[+-]digits[.digits][e[+-]digits]` (or `.digits`), nothing else.
fn is_decimal(text: &str) -> bool {
    let text = text.strip_prefix(['+', '-']).unwrap_or(text);
    let (mantissa, exponent) = match text.split_once(['e', 'E']) {
        Some((m, e)) => (m, Some(e.strip_prefix(['+', '-']).unwrap_or(e))),
        None => (text, None),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    (!whole.is_empty() || !fraction.is_empty())
        && digits(whole)
        && digits(fraction)
        && exponent.is_none_or(|e| !e.is_empty() && digits(e))
}

/// The cells as text; the index of the first that is not UTF-8.
fn text_cells(cells: &[Vec<u8>]) -> Result<Vec<String>, usize> {
    cells
        .iter()
        .enumerate()
        .map(|(index, cell)| String::from_utf8(cell.clone()).map_err(|_| index))
        .collect()
}

/// The row's cells as text, one per column (missing cells empty); for a row longer than
/// the header or a cell that is not UTF-8, the cells as far as they can be read and the
/// error.
fn cells_of(
    record: &Record,
    header: &Header,
    separator: u8,
) -> Result<Vec<String>, (Vec<String>, RowError)> {
    let columns = header.names.len();
    if record.cells.len() > columns {
        let mut cells = lossy(&record.cells);
        cells.truncate(columns);
        let separator = match separator {
            b'\t' => "tabs".to_string(),
            other => format!("'{}'", other as char),
        };
        let hint = match record.multiline_quote {
            Some((opened, closed)) => format!(
                " (a quoted cell runs from line {opened} to line {closed}: is a quote left open?)"
            ),
            None => String::new(),
        };
        let error = RowError {
            kind: "invalid_csv",
            column: None,
            message: format!(
                "the row on line {} has {} cells but the header names {columns} columns; quote cells that contain {separator}{hint}",
                record.first_line,
                record.cells.len()
            ),
        };
        return Err((cells, error));
    }
    match text_cells(&record.cells) {
        Ok(mut cells) => {
            cells.resize(columns, String::new());
            Ok(cells)
        }
        Err(index) => {
            let mut cells = lossy(&record.cells);
            cells.resize(columns, String::new());
            let error = RowError {
                kind: "invalid_csv",
                column: Some(header.names[index].clone()),
                message: "the cell is not valid UTF-8; save the table as UTF-8".to_string(),
            };
            Err((cells, error))
        }
    }
}

fn lossy(cells: &[Vec<u8>]) -> Vec<String> {
    cells
        .iter()
        .map(|c| String::from_utf8_lossy(c).into_owned())
        .collect()
}

/// The cells of a record that could not be read, as far as they were kept.
fn error_cells(error: &RecordError, columns: usize) -> Vec<String> {
    let mut cells = match error {
        RecordError::UnclosedQuote { cells, .. } => lossy(cells),
        _ => Vec::new(),
    };
    cells.resize(columns, String::new());
    cells
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
    match Number::parse(text) {
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
fn request(header: &Header, cells: &[String]) -> Result<Json, RowError> {
    let mut check = "1_testset_no_kfold".to_string();
    let mut counts = JsonMap::new();
    let mut folding = JsonMap::new();
    let mut scores = JsonMap::new();
    let mut rest = JsonMap::new();
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
            Column::Field { key, kind } => {
                rest.insert(*key, field_value(name, *kind, key, text)?);
            }
            // Under the column's own name, so the facade's errors name the column.
            Column::Score => {
                scores.insert(name.clone(), number(name, text)?);
            }
            Column::Result | Column::Other => {}
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
        ("testset" | "dataset", "") if header.name_of(Column::Dataset).is_some() => {
            Some(Column::Dataset)
        }
        ("testset" | "dataset", _) => Some(Column::P),
        ("folding", "n_repeats") => Some(Column::Repeats),
        ("folding", "strategy") if header.name_of(Column::Strategy).is_some() => {
            Some(Column::Strategy)
        }
        ("folding", _) => Some(Column::Folds),
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
            record.insert(
                "error".into(),
                serde_json::json!({"kind": error.kind, "field": error.column, "message": error.message}),
            );
        }
    }
    Value::Object(record)
}
