//! Splitting rows into consecutive chunks, as NannyML's size- and count-based chunkers do.

use crate::error::{Error, ErrorKind};

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
    /// A size or count of 0, or a count larger than the number of rows (NannyML's chunk size
    /// would be 0).
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
        Ok((0..rows)
            .step_by(size)
            .map(|start| Chunk {
                start,
                end: (start + size).min(rows) - 1,
            })
            .collect())
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
}
