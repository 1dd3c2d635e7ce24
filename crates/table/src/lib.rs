//! scorecheck-table: a table of reported results, one paper's result per row, checked row by
//! row through the facade and given back as the input's cells plus the result columns. It is
//! the one table schema of every surface: `scorecheck batch papers.csv` in the CLI,
//! `scorecheck.check_table` in Python (lists of dicts, pandas or pyarrow, and so Dask or Ray
//! partitions), and the table of papers of the page that checks in the browser.
//!
//! # What it does
//!
//! - **The schema** ([`Table`], [`Row`], [`RowError`]). Known columns (`id`, `check`, `p`,
//!   `n`, `dataset`, `folds`, `repeats`, `strategy`, the request fields `eps`, `rounding`,
//!   `percent`, `numerical_tolerance`, `time_limit`, `ranges`, `power`, `var`,
//!   `n_samples`, ...) and one column per score (any name or synonym the facade knows)
//!   build the request; every other column is carried through. The header rules refuse a
//!   table up front (a near-miss of a known name, a column given twice, a confusion-matrix
//!   column, a stray result column); an empty cell is "not reported"; a bad row gets its
//!   error (naming the column) and the rest go on. The output columns are the input's and
//!   then [`RESULT_COLUMNS`].
//! - **Reading CSV** from any [`BufRead`](std::io::BufRead), a row at a time in memory
//!   bounded per row ([`read_csv`], [`CsvRows`], [`CsvRow`]): the separator (comma,
//!   semicolon or tab) found on the header line, RFC 4180 quotes, `""` inside a quoted cell,
//!   `\n` or `\r\n` line ends, blank lines skipped, a UTF-8 byte order mark dropped, at most
//!   [`MAX_ROW_BYTES`] per row (a longer row is that row's error, read past without being
//!   kept), a quote that never closes reported with the line it opened on.
//! - **A whole CSV text in memory**, answered a chunk of rows at a time ([`CsvText`]), for a
//!   caller that cannot stream or start threads (the WebAssembly module).
//! - **Writing CSV** ([`write_record`], [`csv_record`]): the output header and records,
//!   every cell neutralised against formula injection ([`neutralised`]).
//!
//! # What it does not do
//!
//! It answers nothing itself: every row's request goes to [`scorecheck::run_json`], numbers
//! as written (`0.950` keeps its three decimals). It opens no file, starts no thread and
//! draws no progress bar: the CLI reads files and stdin, answers rows on several threads in
//! input order and flushes each; Python answers rows in parallel; the page asks for a chunk
//! at a time. It does not write JSON Lines files (a row gives its record, [`Row::to_json`]).
//!
//! # Why the CSV reader is hand-written
//!
//! The `csv` crate reads the same dialect, but it cannot say on which line an unclosed quote
//! opened (the usual mistake in a hand-edited table: the rest of the file becomes one cell),
//! nor stop one record from growing without bound (a quote that never closes in a large
//! file). This reader does both, so a bad row is an error naming its lines while the rows
//! around it are answered. Writing has no such needs: [`write_record`] uses the `csv` crate.
//!
//! ```
//! use scorecheck_table::{read_csv, write_record};
//!
//! let input = "id,p,n,acc,eps\na,10,20,0.123,0.0001\n";
//! let (table, rows) = read_csv(input.as_bytes())?;
//! let mut output = Vec::new();
//! write_record(&mut output, &table.output_columns())?;
//! for row in rows {
//!     let answered = row.answer(&table, &scorecheck::RunOptions::default())?;
//!     assert_eq!(answered.verdict(), "inconsistent");
//!     write_record(&mut output, &answered.output_cells(&table))?;
//! }
//! assert!(String::from_utf8(output)?.starts_with("id,p,n,acc,eps,verdict,"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Cargo features: none.

#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(unreachable_pub)]

mod header;
mod reader;
mod schema;
mod stream;
mod text;
mod write;

pub use header::RESULT_COLUMNS;
pub use reader::MAX_ROW_BYTES;
pub use schema::{Row, RowError, Table, MAX_COLUMNS};
pub use stream::{read_csv, CsvRow, CsvRows};
pub use text::{AnsweredRow, CsvText};
pub use write::{csv_record, neutralised, write_record};
