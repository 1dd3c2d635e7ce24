//! What every reader produces: tables as grids of cell texts, with caption, label and context.

use crate::Limits;

/// What a citation command becomes in the text (a numbered reference's brackets around a
/// word no label or sentence uses otherwise): the LaTeX reader writes it, the readers of
/// labels and sentences know a citation by it.
pub(crate) const CITED: &str = "[ref]";

/// One cell as a reader found it: its plain text and how far it spans.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RawCell {
    /// The cell's text, markup removed (values keep their digits as printed).
    pub text: String,
    /// Columns the cell covers (`\multicolumn`, `colspan`), at least 1.
    pub colspan: usize,
    /// Rows the cell covers (`\multirow`, `rowspan`), at least 1.
    pub rowspan: usize,
    /// Rows above it the cell covers too (`\multirow{-2}`: the name written in a group's last
    /// row, as `\rowcolor` tables do), 0 for most cells.
    pub rowspan_up: usize,
    /// A header cell (`<th>`, a Markdown head row).
    pub header: bool,
}

impl RawCell {
    pub(crate) fn new(text: impl Into<String>) -> RawCell {
        RawCell {
            text: text.into(),
            colspan: 1,
            rowspan: 1,
            rowspan_up: 0,
            header: false,
        }
    }
}

/// A table as a reader found it, before its rows and columns are interpreted.
#[derive(Debug, Clone, Default)]
pub(crate) struct RawTable {
    /// The label (`\label`, an `id`), if any.
    pub label: Option<String>,
    /// The caption, markup removed.
    pub caption: String,
    /// The heading of the section the table sits in, if the reader knows it.
    pub heading: String,
    /// The rows, each a list of cells in order.
    pub rows: Vec<Vec<RawCell>>,
    /// How many leading rows the source marks as header rows (`<thead>`, a Markdown head).
    pub header_rows: Option<usize>,
    /// Whether rows past [`Limits::max_rows`] were left unread.
    pub more_rows: bool,
    /// Whether a reader left cells past [`Limits::max_columns`] of a row unread.
    pub more_columns: bool,
    /// Lines right after a Markdown table that look like its rows (`| RF | 0.765 |`), cut
    /// off from it by a line that is no row.
    pub rows_after_end: usize,
    /// How the reader made the table, said on each of its rows (a Weka run's reading).
    pub note: Option<String>,
    /// Whether every figure of a row is that of the confusion matrix its TP, FP, FN and TN
    /// cells give (a printed evaluation, as Weka's), so that its counts are a report's.
    pub one_matrix: bool,
    /// Whether a program printed the table as text (scikit-learn's report, a printed data
    /// frame, Weka's run): its figures are rounded to nearest, as programs print them.
    pub printed: bool,
    /// Whether a program's report printed its supports with decimals (`138.0`: scikit-learn
    /// given `sample_weight`): its figures are weighted, of no one confusion matrix.
    pub weighted: bool,
    /// Whether a LaTeX tabular's braces do not balance (a `{` never closed): its rows and
    /// cells cannot be told apart, as TeX itself would stop there.
    pub unbalanced: bool,
}

impl RawTable {
    /// Keeps `row` while fewer than `limits.max_rows` are kept, else records that one was
    /// left.
    pub(crate) fn push_row(&mut self, row: Vec<RawCell>, limits: &Limits) {
        if self.rows.len() < limits.max_rows {
            self.rows.push(row);
        } else {
            self.more_rows = true;
        }
    }

    /// What was cut from the table: its rows past [`Limits::max_rows`], its columns past
    /// [`Limits::max_columns`].
    pub(crate) fn cut_notes(&self, limits: &Limits) -> Vec<String> {
        let mut notes: Vec<String> = self.note.iter().cloned().collect();
        if self.rows_after_end > 0 {
            notes.push(format!(
                "{} line(s) after the table look like its rows, but a line between that is no row ended the table: they were not read (mend the table's Markdown)",
                self.rows_after_end
            ));
        }
        if self.more_rows {
            notes.push(format!(
                "the table has more than {} rows: the rows after them were not read",
                limits.max_rows
            ));
        }
        let widest = self
            .rows
            .iter()
            .map(|row| {
                row.iter()
                    .map(|c| c.colspan.max(1))
                    .fold(0usize, usize::saturating_add)
            })
            .max()
            .unwrap_or(0);
        if self.more_columns || widest > limits.max_columns {
            notes.push(format!(
                "the table has more than {} columns: the columns after them were not read",
                limits.max_columns
            ));
        }
        notes
    }
}

/// A cell of the expanded grid: the text of the cell covering it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct GridCell {
    pub text: String,
    /// Covered by a cell spanning several columns or rows (its text repeated here).
    pub merged: bool,
    /// The first position of a merged cell (where it was written).
    pub origin: bool,
}

/// Expands spans into a rectangular grid: a spanning cell's text fills every position it
/// covers (marked `merged`), so that each column and row can be read on its own.
pub(crate) fn grid(rows: &[Vec<RawCell>], max_columns: usize) -> Vec<Vec<GridCell>> {
    let mut grid: Vec<Vec<Option<GridCell>>> = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        while grid.len() <= r {
            grid.push(Vec::new());
        }
        let mut c = 0usize;
        for cell in row {
            // Skip positions already filled by a rowspan from above.
            while grid[r].get(c).is_some_and(Option::is_some) {
                c += 1;
            }
            let colspan = cell.colspan.clamp(1, max_columns);
            let rowspan = cell.rowspan.clamp(1, 64);
            let merged = colspan > 1 || rowspan > 1;
            for dr in 0..rowspan {
                let rr = r + dr;
                if rr >= rows.len() {
                    break;
                }
                while grid.len() <= rr {
                    grid.push(Vec::new());
                }
                for dc in 0..colspan {
                    let cc = c + dc;
                    if cc >= max_columns {
                        break;
                    }
                    if grid[rr].len() <= cc {
                        grid[rr].resize(cc + 1, None);
                    }
                    if grid[rr][cc].is_none() {
                        grid[rr][cc] = Some(GridCell {
                            text: cell.text.clone(),
                            merged,
                            origin: dr == 0 && dc == 0,
                        });
                    }
                }
            }
            c += colspan;
        }
    }
    let width = grid.iter().map(Vec::len).max().unwrap_or(0);
    grid.into_iter()
        .map(|row| {
            let mut row: Vec<GridCell> = row.into_iter().map(Option::unwrap_or_default).collect();
            row.resize(width, GridCell::default());
            row
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_fill_the_positions_they_cover() {
        let mut wide = RawCell::new("ecoli1");
        wide.colspan = 2;
        let mut tall = RawCell::new("SVM");
        tall.rowspan = 2;
        let rows = vec![
            vec![RawCell::new(""), wide],
            vec![tall, RawCell::new("0.9"), RawCell::new("0.8")],
            vec![RawCell::new("0.7"), RawCell::new("0.6")],
        ];
        let g = grid(&rows, 100);
        assert_eq!(g[0][2].text, "ecoli1");
        assert!(g[0][2].merged && !g[0][2].origin);
        assert_eq!(g[2][0].text, "SVM");
        assert_eq!(g[2][1].text, "0.7");
        assert_eq!(g[2][2].text, "0.6");
    }
}
