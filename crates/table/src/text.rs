//! A whole CSV table held in memory and answered a chunk of rows at a time, for a caller
//! that cannot stream or start threads (the WebAssembly module of the page): it asks for a
//! few rows, shows them, and asks again (or stops).

use std::io::Cursor;

use scorecheck::RunOptions;

use crate::reader::RecordReader;
use crate::schema::{Row, RowError, Table};
use crate::stream::{read_csv, CsvRows};
use crate::write::csv_record;

/// A CSV table read from text in memory, its rows answered in order, a chunk at a time.
///
/// ```
/// use scorecheck_table::CsvText;
///
/// let text = "id,p,n,acc,eps\na,10,20,0.123,0.0001\nb,10,20,0.5,0.0001\n";
/// let mut table = CsvText::open(text.as_bytes().to_vec())?;
/// assert_eq!(table.row_count(), 2);
/// assert!(table.header_record().ends_with(",verdict,explanation,witness_tp,witness_tn,n_valid_tptn_pairs,error_field,error_message"));
/// let first = table.next_rows(1, &scorecheck::RunOptions::default());
/// assert_eq!((first[0].number, first[0].row.verdict()), (1, "inconsistent"));
/// assert!(!table.is_done());
/// let second = table.next_rows(10, &scorecheck::RunOptions::default());
/// assert_eq!((second.len(), second[0].line), (1, Some(3)));
/// assert!(table.is_done());
/// # Ok::<(), String>(())
/// ```
pub struct CsvText {
    table: Table,
    rows: CsvRows<Cursor<Vec<u8>>>,
    count: u64,
    answered: u64,
}

/// One row answered by [`CsvText::next_rows`].
#[non_exhaustive]
pub struct AnsweredRow {
    /// The row's number: 1 for the first data row.
    pub number: u64,
    /// The input line it starts on (the header is line 1).
    pub line: Option<u64>,
    /// The answered row.
    pub row: Row,
}

impl CsvText {
    /// Reads the header row of the CSV `text` and counts its data rows (nothing is
    /// answered yet).
    ///
    /// # Errors
    ///
    /// What [`read_csv`] refuses, with its message.
    pub fn open(text: Vec<u8>) -> Result<CsvText, String> {
        let count = {
            let mut counter = RecordReader::open(text.as_slice())?;
            // The header row (read again, with its errors, below).
            counter.next_record();
            std::iter::from_fn(|| counter.next_record()).count() as u64
        };
        let (table, rows) = read_csv(Cursor::new(text))?;
        Ok(CsvText {
            table,
            rows,
            count,
            answered: 0,
        })
    }

    /// The table's schema.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The number of data rows (blank lines are not rows).
    pub fn row_count(&self) -> u64 {
        self.count
    }

    /// The output's header record as `scorecheck batch` writes it, without its newline.
    pub fn header_record(&self) -> String {
        csv_record(&self.table.output_columns())
    }

    /// Whether every row has been answered.
    pub fn is_done(&self) -> bool {
        self.answered >= self.count
    }

    /// Answers up to `max_rows` next rows in order, each under `options` (a row's own
    /// `time_limit` column replaces `options.time_limit`); none once [`is_done`](Self::is_done).
    pub fn next_rows(&mut self, max_rows: usize, options: &RunOptions) -> Vec<AnsweredRow> {
        let table = &self.table;
        let answered: Vec<AnsweredRow> = self
            .rows
            .by_ref()
            .take(max_rows)
            .map(|row| {
                let (number, line) = (row.number(), row.line());
                let row = row.answer(table, options).unwrap_or_else(|e| {
                    // Text in memory reads without failing; should it not, the row says so.
                    let error = RowError::new(
                        "invalid_csv",
                        None,
                        format!("the table cannot be read: {e}"),
                    );
                    table.failed(Vec::new(), error)
                });
                AnsweredRow { number, line, row }
            })
            .collect();
        self.answered += answered.len() as u64;
        answered
    }
}
