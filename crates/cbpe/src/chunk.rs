//! Splitting rows into chunks, as NannyML's size-, count- and period-based chunkers do.

use crate::error::{Error, ErrorKind};
use crate::period::{ChunkPeriod, Period};
use crate::time::Timestamp;

/// The most chunks a split makes: each chunk carries an estimate per metric, so this bounds
/// the result's memory (NannyML's default makes 10).
pub const MAX_CHUNKS: usize = 10_000;

/// The chunks of `rows` rows with these timestamps, if any: `None` for the order when the
/// rows keep theirs (no timestamps).
pub(crate) fn plan(
    chunking: &Chunking,
    rows: usize,
    timestamps: Option<&[Timestamp]>,
) -> Result<(Option<Vec<usize>>, Vec<Chunk>), Error> {
    match timestamps {
        Some(timestamps) => {
            let (order, chunks) = chunking.split_timed(timestamps)?;
            Ok((Some(order), chunks))
        }
        None => Ok((None, chunking.split(rows)?)),
    }
}

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
    /// One chunk per calendar period holding at least one row (NannyML's period-based
    /// chunker: pandas' `to_period`, grouped; empty periods make no chunk); needs
    /// timestamps ([`Chunking::split_timed`]).
    Period(ChunkPeriod),
}

impl Default for Chunking {
    /// NannyML's default chunker: ten chunks by count.
    fn default() -> Chunking {
        Chunking::Count(10)
    }
}

/// One chunk: rows `start..=end` (inclusive, as NannyML reports them). When the data has
/// timestamps, NannyML sorts it by time first, and `start` and `end` are positions in that
/// order ([`Chunking::split_timed`] returns it), as NannyML's `start_index` and `end_index`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Chunk {
    /// First row.
    pub start: usize,
    /// Last row (inclusive).
    pub end: usize,
    /// The period of a period-based chunk.
    pub period: Option<Period>,
    /// NannyML's `start_date`: the period's start, or for a size- or count-based chunk of
    /// data with timestamps its earliest timestamp.
    pub start_time: Option<Timestamp>,
    /// NannyML's `end_date`: the period's last microsecond, or the chunk's latest timestamp.
    pub end_time: Option<Timestamp>,
}

impl Chunk {
    /// A chunk of rows `start..=end`, without dates.
    fn rows_only(start: usize, end: usize) -> Chunk {
        Chunk {
            start,
            end,
            period: None,
            start_time: None,
            end_time: None,
        }
    }

    /// NannyML's chunk key: the period (`2024-01`, `2024-01-01/2024-01-07`) or the rows
    /// (`[0:99]`).
    pub fn key(&self) -> String {
        match &self.period {
            Some(period) => period.to_string(),
            None => format!("[{}:{}]", self.start, self.end),
        }
    }

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
    /// would be 0), more than [`MAX_CHUNKS`] chunks, or a period chunking (it needs
    /// timestamps: [`Chunking::split_timed`]).
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
            Chunking::Period(period) => {
                return invalid(format!(
                "chunking by period ({period}) needs a timestamp for each row; give the timestamps"
            ))
            }
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
            .map(|start| Chunk::rows_only(start, start.saturating_add(size).min(rows) - 1))
            .collect())
    }

    /// The chunks of rows with these timestamps, as NannyML chunks data with a
    /// `timestamp_column_name`: the rows sorted by time (stably: rows of equal times keep
    /// their order), then split by size, count or period. Returns the order (the original
    /// row at each position) and the chunks over positions in it, each with its dates.
    ///
    /// # Errors
    ///
    /// As [`Chunking::split`] for sizes and counts; for periods, timestamps falling in more
    /// than [`MAX_CHUNKS`] periods (refused as the 10,001st is met, before it is stored).
    ///
    /// ```
    /// use scorecheck_cbpe::{ChunkPeriod, Chunking, Timestamp};
    /// let times: Vec<Timestamp> = ["2024-02-03", "2024-01-31", "2024-02-01", "2024-04-30"]
    ///     .iter()
    ///     .map(|t| Timestamp::parse(t))
    ///     .collect::<Result<_, _>>()?;
    /// let (order, chunks) = Chunking::Period(ChunkPeriod::parse("M")?).split_timed(&times)?;
    /// assert_eq!(order, [1, 2, 0, 3]);
    /// let keys: Vec<String> = chunks.iter().map(|c| c.key()).collect();
    /// assert_eq!(keys, ["2024-01", "2024-02", "2024-04"]); // no chunk for March
    /// assert_eq!((chunks[1].start, chunks[1].end), (1, 2));
    /// assert_eq!(chunks[1].end_time.unwrap().to_string(), "2024-02-29T23:59:59.999999");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn split_timed(&self, timestamps: &[Timestamp]) -> Result<(Vec<usize>, Vec<Chunk>), Error> {
        let mut order: Vec<usize> = (0..timestamps.len()).collect();
        order.sort_by_key(|&row| timestamps[row]);
        let at = |position: usize| timestamps[order[position]];
        let Chunking::Period(frequency) = *self else {
            let mut chunks = self.split(timestamps.len())?;
            for chunk in &mut chunks {
                chunk.start_time = Some(at(chunk.start));
                chunk.end_time = Some(at(chunk.end));
            }
            return Ok((order, chunks));
        };
        let mut chunks: Vec<Chunk> = Vec::new();
        for position in 0..order.len() {
            let period = frequency.period_of(at(position));
            match chunks.last_mut() {
                Some(last) if last.period.is_some_and(|p| p.start == period.start) => {
                    last.end = position;
                }
                _ => {
                    if chunks.len() == MAX_CHUNKS {
                        let (first, last) = (at(0), at(order.len() - 1));
                        return Err(Error::new(ErrorKind::InvalidChunking {
                            reason: format!(
                                "the timestamps from {first} to {last} fall in more than {MAX_CHUNKS} periods of {frequency}, more chunks than allowed; choose a longer period"
                            ),
                        }));
                    }
                    chunks.push(Chunk {
                        start: position,
                        end: position,
                        period: Some(period),
                        start_time: Some(period.start),
                        end_time: Some(period.end),
                    });
                }
            }
        }
        Ok((order, chunks))
    }

    /// How many chunks `rows` rows make, without making them; `None` for a size or count of
    /// 0, a count above `rows`, or a period (the count depends on the timestamps).
    ///
    /// ```
    /// use scorecheck_cbpe::Chunking;
    /// assert_eq!(Chunking::Size(4).count(10), Some(3));
    /// assert_eq!(Chunking::Count(4).count(10), Some(5));
    /// assert_eq!(Chunking::Size(usize::MAX).count(10), Some(1));
    /// ```
    pub fn count(&self, rows: usize) -> Option<usize> {
        let size = match *self {
            Chunking::Size(0) | Chunking::Count(0) | Chunking::Period(_) => return None,
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

    fn times(texts: &[&str]) -> Vec<Timestamp> {
        texts.iter().map(|t| Timestamp::parse(t).unwrap()).collect()
    }

    #[test]
    fn sizes_with_timestamps_sort_stably_and_date_each_chunk() {
        let t = times(&[
            "2024-01-03",
            "2024-01-01",
            "2024-01-03",
            "2024-01-02",
            "2024-01-01",
        ]);
        let (order, chunks) = Chunking::Size(2).split_timed(&t).unwrap();
        assert_eq!(order, [1, 4, 3, 0, 2]);
        let dates: Vec<_> = chunks
            .iter()
            .map(|c| {
                (
                    c.key(),
                    c.start_time.unwrap().to_string(),
                    c.end_time.unwrap().to_string(),
                )
            })
            .collect();
        assert_eq!(
            dates[1],
            (
                "[2:3]".into(),
                "2024-01-02T00:00:00".into(),
                "2024-01-03T00:00:00".into()
            )
        );
        assert_eq!(chunks.len(), 3);
        assert!(Chunking::Period(ChunkPeriod::parse("D").unwrap())
            .split(5)
            .is_err());
    }

    #[test]
    fn periods_past_the_cap_are_refused_without_storing_them() {
        // One row per second over 100 years would be billions of periods; the rows here
        // make 10,001 distinct seconds, spread over a century, and are refused.
        let seconds = ChunkPeriod::parse("s").unwrap();
        let t: Vec<Timestamp> = (0..=MAX_CHUNKS as i64)
            .map(|i| Timestamp::from_parts(i * 3652, 1_000_000_000 * (i as u64 % 60)))
            .collect();
        let error = Chunking::Period(seconds).split_timed(&t).unwrap_err();
        assert!(
            error.to_string().contains("more than 10000 periods of s"),
            "{error}"
        );
        // The first and the last second alone make two chunks, however far apart.
        let two = [t[0], t[MAX_CHUNKS]];
        assert_eq!(
            Chunking::Period(seconds).split_timed(&two).unwrap().1.len(),
            2
        );
    }
}
