//! `scorecheck batch papers.csv`: a table of reported results, one request per row,
//! streamed: each row is read, answered and written (flushed) in order.
//!
//! The columns, what each row asks, reading the CSV text and writing the answers as CSV are
//! `scorecheck-table`'s (which Python's `check_table` and the page use too); this module
//! opens the file, answers the rows on `--jobs` threads in input order, draws the progress
//! bar and writes each answer (CSV or JSON Lines) as soon as it is ready.

use std::io::{BufRead, BufReader, IsTerminal, Read, Write};
use std::path::Path;
use std::sync::Arc;

use scorecheck::RunOptions;
use scorecheck_table::{CsvRow, Row};

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
/// An unreadable file, a header row the header rules refuse (see [`scorecheck_table::Table::new`]), or a
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
            let file = crate::batch::open_input(path)?;
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
    let (header, reader) = scorecheck_table::read_csv(input).map_err(|e| anyhow::anyhow!(e))?;

    let stdout = std::io::stdout();
    let mut csv_out = stdout.lock();
    if output == OutputFormat::Csv {
        if let Err(e) = write_csv(&mut csv_out, &header.output_columns()) {
            return broken_pipe_is_fine(e);
        }
    }
    // Rows are read on one thread, answered on `jobs` and written here, in order.
    let header = Arc::new(header);
    let seen = Arc::new(std::sync::atomic::AtomicU64::new(0));
    let rows = {
        let bar = bar.clone();
        let seen = Arc::clone(&seen);
        // Row 1 is the first data row; the header is row 0.
        reader
            .inspect(move |row| {
                seen.fetch_max(row.number(), std::sync::atomic::Ordering::Relaxed);
                if let Some(bar) = &bar {
                    bar.set_message(format!("{} rows", row.number()));
                }
            })
            .filter(move |row| row.number() > skip)
    };
    let work: crate::ordered::Work<CsvRow, Answered> = {
        let header = Arc::clone(&header);
        let options = options.clone();
        Arc::new(move |row: CsvRow| {
            let number = row.number();
            row.answer(&header, &options)
                .map(|answer| (number, answer))
                .map_err(|e| anyhow::anyhow!("cannot read row {number}: {e}"))
        })
    };
    let written = crate::ordered::in_order(rows, jobs, CsvRow::size, work, |answered| {
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
    crate::batch::said_skip_past_end(
        skip,
        seen.load(std::sync::atomic::Ordering::Relaxed),
        "rows",
    );
    Ok(())
}

/// One row answered, with its number; an unreadable input is an error that ends the batch.
type Answered = anyhow::Result<(u64, Row)>;

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
fn write_csv<W: Write>(out: &mut W, row: &[String]) -> std::io::Result<()> {
    scorecheck_table::write_record(out, row)?;
    out.flush()
}
