//! `scorecheck batch papers.csv`: a table of reported results, one request per row,
//! streamed: each row is read, answered and written (flushed) in order.
//!
//! The columns and what each row asks are the facade's one table schema
//! ([`scorecheck::table`], which Python's `check_table` uses too); this module reads the CSV
//! text into cells (its separator, quotes and row limit in [`reader`]), hands them over,
//! and writes the answers as CSV or JSON Lines.

mod reader;

use std::io::{BufRead, BufReader, IsTerminal, Read, Write};
use std::path::Path;
use std::sync::Arc;

use scorecheck::table::{Row, RowError, Table};
use scorecheck::RunOptions;

use reader::{Record, RecordError, RecordReader};

/// The output format of a table batch.
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
pub enum OutputFormat {
    /// The input columns plus verdict, explanation, witness, count and error columns.
    Csv,
    /// One JSON object per row: its number, its cells, and the result or the error.
    Jsonl,
}

/// Answers every data row of the CSV `file` (or stdin) after the first `skip`, in order,
/// on `jobs` threads, each written and flushed as soon as it and every row before it are
/// answered, with a bounded window of rows read ahead (see [`crate::ordered`]).
///
/// # Errors
///
/// An unreadable file, a header row the header rules refuse (see [`Table::new`]), or a
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
            Table::new(names).map_err(|e| anyhow::anyhow!(e))?
        }
    };
    let separator = reader.separator();

    let stdout = std::io::stdout();
    let mut csv_out = csv::Writer::from_writer(stdout.lock());
    if output == OutputFormat::Csv {
        if let Err(e) = write_csv(&mut csv_out, &header.output_columns()) {
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
        let (row, answer) = answered?;
        match output {
            OutputFormat::Csv => {
                write_csv(&mut csv_out, &answer.output_cells(&header)).map_err(anyhow::Error::from)
            }
            OutputFormat::Jsonl => {
                let line = answer.to_json(row, &header);
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

/// One row answered, with its number; an unreadable input is an error that ends the batch.
type Answered = anyhow::Result<(u64, Row)>;

/// Answers one row read by the reader (on a worker thread).
fn answer_row(
    row: u64,
    record: Result<Record, RecordError>,
    table: &Table,
    separator: u8,
    options: &RunOptions,
) -> Answered {
    Ok(match record {
        Ok(record) => match cells_of(&record, table.names(), separator) {
            Ok(cells) => (row, table.answer(cells, options)),
            Err((cells, error)) => (row, table.failed(cells, error)),
        },
        Err(RecordError::Io(e)) => return Err(anyhow::anyhow!("cannot read row {row}: {e}")),
        Err(error) => (
            row,
            table.failed(
                error_cells(&error, table.names().len()),
                RowError::new("invalid_csv", None, error.message()),
            ),
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
    names: &[String],
    separator: u8,
) -> Result<Vec<String>, (Vec<String>, RowError)> {
    let columns = names.len();
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
        let error = RowError::new(
            "invalid_csv",
            None,
            format!(
                "the row on line {} has {} cells but the header names {columns} columns; quote cells that contain {separator}{hint}",
                record.first_line,
                record.cells.len()
            ),
        );
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
            let error = RowError::new(
                "invalid_csv",
                Some(names[index].clone()),
                "the cell is not valid UTF-8; save the table as UTF-8",
            );
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
