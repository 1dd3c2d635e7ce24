//! A CSV table read from a stream: the header row under the header rules, then the data
//! rows one at a time, each turned into text cells and answered where the caller likes
//! (the CLI on its worker threads, the WebAssembly module a chunk at a time).

use std::io::{BufRead, Chain, Cursor};

use scorecheck::RunOptions;

use crate::reader::{Record, RecordError, RecordReader};
use crate::schema::{Row, RowError, Table};

/// Reads the header row of the CSV text `input` (its separator, comma, semicolon or tab,
/// found on that line; a UTF-8 byte order mark dropped) and gives the table's schema and
/// its data rows, read one at a time as they are asked for.
///
/// ```
/// let text = "id;p;n;acc\na;10;20;0,5\n";
/// let (table, mut rows) = scorecheck_table::read_csv(text.as_bytes())?;
/// let row = rows.next().unwrap();
/// assert_eq!((row.number(), row.line()), (1, Some(2)));
/// let answered = row.answer(&table, &scorecheck::RunOptions::default())?;
/// assert_eq!(answered.verdict(), "error"); // `0,5`: write the decimal point as '.'
/// assert!(rows.next().is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// A message (what to change) when the input is empty, its header line cannot be read, is
/// longer than [`crate::MAX_ROW_BYTES`], mixes separators or is not UTF-8, or the header
/// rules refuse it (see [`Table::new`]).
pub fn read_csv<R: BufRead>(input: R) -> Result<(Table, CsvRows<R>), String> {
    let mut reader = RecordReader::open(input)?;
    let table = match reader.next_record() {
        None => {
            return Err(
                "the table is empty; the first row names the columns (id, p, n, acc, ...)"
                    .to_string(),
            )
        }
        Some(Err(e)) => return Err(format!("the header row: {}", e.message())),
        Some(Ok(record)) => {
            let names = text_cells(&record.cells).map_err(|index| {
                format!(
                    "the header row: column {} is not valid UTF-8; save the table as UTF-8",
                    index + 1
                )
            })?;
            // A JSON Lines file named `.csv`: said so, not blamed on its "column 5".
            if names.first().is_some_and(|first| {
                first
                    .trim_start_matches(['\u{feff}', ' ', '\t'])
                    .starts_with('{')
            }) {
                return Err("the first row begins with `{`: it is a JSON request, so this is JSON Lines (one request per line), not a CSV table; read it as JSON Lines (`scorecheck batch --input-format jsonl`, or a file name not ending in .csv, .tsv or .tab)".to_string());
            }
            Table::new(names)?
        }
    };
    Ok((table, CsvRows { reader, row: 0 }))
}

/// The data rows of a CSV table, in order (see [`read_csv`]); blank lines are skipped.
pub struct CsvRows<R> {
    reader: RecordReader<Chain<Cursor<Vec<u8>>, R>>,
    /// The number of the last row given out (the header is row 0).
    row: u64,
}

impl<R: BufRead> Iterator for CsvRows<R> {
    type Item = CsvRow;

    fn next(&mut self) -> Option<CsvRow> {
        let record = self.reader.next_record()?;
        self.row += 1;
        Some(CsvRow {
            number: self.row,
            separator: self.reader.separator(),
            record,
        })
    }
}

/// One data row as read, not yet answered: its cells, or why they could not be read.
pub struct CsvRow {
    number: u64,
    separator: u8,
    record: Result<Record, RecordError>,
}

impl CsvRow {
    /// The row's number: 1 for the first data row.
    pub fn number(&self) -> u64 {
        self.number
    }

    /// The bytes of the row's cells as read (0 for a row that could not be read, whose cells
    /// were not kept): what holding the row and its answer costs, for bounding read-ahead.
    pub fn size(&self) -> usize {
        self.record
            .as_ref()
            .map_or(0, |record| record.cells.iter().map(Vec::len).sum())
    }

    /// The input line the row starts on (the header is line 1); `None` when reading failed.
    pub fn line(&self) -> Option<u64> {
        match &self.record {
            Ok(record) => Some(record.first_line),
            Err(error) => error.first_line(),
        }
    }

    /// Answers the row under `table`'s schema: a row whose cells cannot be read (more
    /// cells than the header names, a cell that is not UTF-8, a quote that never closes, a
    /// row over [`crate::MAX_ROW_BYTES`]) is answered with its error (kind `invalid_csv`),
    /// its cells as far as they were read.
    ///
    /// # Errors
    ///
    /// Reading the input failed: the rest of the table cannot be read either.
    pub fn answer(self, table: &Table, options: &RunOptions) -> std::io::Result<Row> {
        Ok(match self.record {
            Ok(record) => match cells_of(&record, table.names(), self.separator) {
                Ok(cells) => table.answer(cells, options),
                Err((cells, error)) => table.failed(cells, error),
            },
            Err(RecordError::Io(e)) => return Err(e),
            Err(error) => {
                let column = match &error {
                    RecordError::TextAfterQuote { column, .. } => {
                        table.names().get(*column).cloned()
                    }
                    _ => None,
                };
                table.failed(
                    error_cells(&error, table.names().len()),
                    RowError::new("invalid_csv", column, error.message()),
                )
            }
        })
    }
}

/// The cells as text; the index of the first that is not UTF-8.
fn text_cells(cells: &[Vec<u8>]) -> Result<Vec<String>, usize> {
    cells
        .iter()
        .enumerate()
        .map(|(index, cell)| String::from_utf8(cell.clone()).map_err(|_| index))
        .collect()
}

/// The row's cells as text, one per column; for a row longer or shorter than the header or
/// a cell that is not UTF-8, the cells as far as they can be read and the error.
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
            None => match record.cells.iter().position(|c| c.contains(&b'\r')) {
                // A lone `\r` in a CRLF file ends no row: two rows ran into one.
                Some(cell) => format!(
                    " (cell {} holds a carriage return, \\r, that ends no line: lines end in \\n or \\r\\n, so two rows may have run into one; end that line with \\r\\n)",
                    cell + 1
                ),
                None => String::new(),
            },
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
    if record.cells.len() < columns {
        // A missing cell shifts every later value under the wrong column: which one is
        // missing is not known.
        let mut cells = lossy(&record.cells);
        cells.resize(columns, String::new());
        let separator = match separator {
            b'\t' => "\t".to_string(),
            other => (other as char).to_string(),
        };
        let error = RowError::new(
            "invalid_csv",
            None,
            format!(
                "the row on line {} has {} cells but the header names {columns} columns; give every cell, an empty one as nothing between separators (a{separator}{separator}b), so that no value falls under another column",
                record.first_line,
                record.cells.len()
            ),
        );
        return Err((cells, error));
    }
    match text_cells(&record.cells) {
        Ok(cells) => Ok(cells),
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
        RecordError::UnclosedQuote { cells, .. } | RecordError::TextAfterQuote { cells, .. } => {
            lossy(cells)
        }
        _ => Vec::new(),
    };
    cells.resize(columns, String::new());
    cells
}
