//! Splitting rows into consecutive chunks, as NannyML's size- and count-based chunkers do.

use crate::error::{Error, ErrorKind};

/// The most chunks a split makes: each chunk carries an estimate per metric, so this bounds
/// the result's memory (NannyML's default makes 10).
pub const MAX_CHUNKS: usize = 10_000;

/// How to split data into chunks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Chunking {
    /// Chunks of `size` rows; a last, shorter chunk keeps the remainder.
    Size(usize),
    /// Chunks of ⌊n / count⌋ rows, then as [`Chunking::Size`]: the remainder forms more
    /// chunks, the last one shorter (10 rows in 4 chunks are 5 chunks of 2 rows), exactly as
    /// NannyML's count-based chunker with `incomplete="keep"`.
    Count(usize),
}

impl Default for Chunking {
    /// NannyML's default chunker: ten chunks by count.
    fn default() -> Chunking {
        Chunking::Count(10)
    }
}

/// One chunk: rows `start..=end` (inclusive, as NannyML reports them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Chunk {
    /// First row.
    pub start: usize,
    /// Last row (inclusive).
    pub end: usize,
}

impl Chunk {
    /// The rows of the chunk, as a half-open range for slicing.
    pub fn rows(&self) -> std::ops::Range<usize> {
        self.start..self.end + 1
    }

    /// How many rows the chunk has.
    pub fn len(&self) -> usize {
        self.end + 1 - self.start
    }

    /// Always false: a chunk has at least one row.
    pub fn is_empty(&self) -> bool {
        false
    }
}

impl Chunking {
    /// The chunks of `rows` rows, in order.
    ///
    /// # Errors
    ///
    /// A size or count of 0, a count larger than the number of rows (NannyML's chunk size
    /// would be 0), or more than [`MAX_CHUNKS`] chunks.
    ///
    /// ```
    /// use scorecheck_cbpe::Chunking;
    /// let chunks = Chunking::Size(4).split(10)?;
    /// let bounds: Vec<_> = chunks.iter().map(|c| (c.start, c.end)).collect();
    /// assert_eq!(bounds, [(0, 3), (4, 7), (8, 9)]);
    /// assert_eq!(Chunking::Count(3).split(10)?.len(), 4); // 3 of 3 rows, then 1
    /// assert_eq!(Chunking::Count(4).split(10)?.len(), 5); // 5 of 2 rows
    /// # Ok::<(), scorecheck_cbpe::Error>(())
    /// ```
    pub fn split(&self, rows: usize) -> Result<Vec<Chunk>, Error> {
        let invalid = |reason: String| Err(Error::new(ErrorKind::InvalidChunking { reason }));
        let size = match *self {
            Chunking::Size(0) => return invalid("the chunk size must be at least 1".into()),
            Chunking::Count(0) => return invalid("the chunk count must be at least 1".into()),
            Chunking::Size(size) => size,
            Chunking::Count(count) => {
                if count > rows {
                    return invalid(format!(
                        "{count} chunks of {rows} rows would be empty; ask for at most {rows} chunks"
                    ));
                }
                rows / count
            }
        };
        let chunks = self.count(rows).unwrap_or(0);
        if chunks > MAX_CHUNKS {
            return invalid(format!(
                "{chunks} chunks of {rows} rows are more than the {MAX_CHUNKS} allowed; make chunks of at least {} rows",
                rows.div_ceil(MAX_CHUNKS)
            ));
        }
        Ok((0..rows)
            .step_by(size)
            .map(|start| Chunk {
                start,
                end: start.saturating_add(size).min(rows) - 1,
            })
            .collect())
    }

    /// How many chunks `rows` rows make, without making them; `None` for a size or count of
    /// 0 or a count above `rows`.
    ///
    /// ```
    /// use scorecheck_cbpe::Chunking;
    /// assert_eq!(Chunking::Size(4).count(10), Some(3));
    /// assert_eq!(Chunking::Count(4).count(10), Some(5));
    /// assert_eq!(Chunking::Size(usize::MAX).count(10), Some(1));
    /// ```
    pub fn count(&self, rows: usize) -> Option<usize> {
        let size = match *self {
            Chunking::Size(0) | Chunking::Count(0) => return None,
            Chunking::Size(size) => size,
            Chunking::Count(count) if count > rows => return None,
            Chunking::Count(count) => rows / count,
        };
        Some(rows.div_ceil(size))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn chunks_cover_every_row_once(rows in 1usize..500, size in 1usize..60, count in 1usize..60) {
            for chunking in [Chunking::Size(size), Chunking::Count(count)] {
                let Ok(chunks) = chunking.split(rows) else {
                    prop_assert!(matches!(chunking, Chunking::Count(c) if c > rows));
                    continue;
                };
                let mut next = 0;
                for chunk in &chunks {
                    prop_assert_eq!(chunk.start, next);
                    prop_assert!(chunk.end >= chunk.start);
                    next = chunk.end + 1;
                }
                prop_assert_eq!(next, rows);
                // Every chunk but the last has the full size.
                let full = chunks[0].len();
                prop_assert!(chunks[..chunks.len() - 1].iter().all(|c| c.len() == full));
                if let Chunking::Count(c) = chunking {
                    prop_assert_eq!(chunks.len(), rows.div_ceil(rows / c));
                }
            }
        }
    }

    #[test]
    fn zero_is_refused() {
        assert!(Chunking::Size(0).split(10).is_err());
        assert!(Chunking::Count(0).split(10).is_err());
        assert!(Chunking::Count(11).split(10).is_err());
    }

    #[test]
    fn huge_sizes_make_one_chunk_and_too_many_chunks_are_refused() {
        let chunks = Chunking::Size(usize::MAX).split(10).unwrap();
        assert_eq!((chunks.len(), chunks[0].end), (1, 9));
        assert!(Chunking::Size(1).split(MAX_CHUNKS).is_ok());
        let error = Chunking::Size(1).split(MAX_CHUNKS + 1).unwrap_err();
        assert!(error.to_string().contains("at least 2 rows"), "{error}");
        assert!(Chunking::Count(MAX_CHUNKS + 1).split(1 << 20).is_err());
    }
}
