//! Calendar periods as pandas' `Series.dt.to_period` forms them (NannyML's `chunk_period`):
//! the frequencies, the period of a timestamp, its key, start and end.

use std::fmt;

use crate::error::{Error, ErrorKind};
use crate::time::{civil_from_days, Timestamp, NANOS_PER_DAY};

/// The frequencies `--chunk-period` accepts, as written in pandas 3 (older aliases in
/// brackets are accepted too).
pub const PERIOD_FREQUENCIES: &str = "Y (A), Y-JAN..Y-DEC, Q, Q-JAN..Q-DEC, M, W, W-MON..W-SUN, D, B, h (H), min (T), s (S), ms (L), us (U), ns (N), each optionally with a multiple such as 2D";

const MONTHS: [&str; 12] = [
    "JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC",
];
const WEEKDAYS: [&str; 7] = ["MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"];

/// The unit of a period.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PeriodUnit {
    /// Years ending in this month (1 to 12; pandas' `Y` is `Y-DEC`).
    Year {
        /// Last month of the (fiscal) year.
        end_month: u32,
    },
    /// Quarters of a year ending in this month (pandas' `Q` is `Q-DEC`).
    Quarter {
        /// Last month of the (fiscal) year.
        end_month: u32,
    },
    /// Calendar months.
    Month,
    /// Weeks ending on this weekday, Monday 0 to Sunday 6 (pandas' `W` is `W-SUN`).
    Week {
        /// Last day of the week.
        end_weekday: u32,
    },
    /// Business days: a Saturday or Sunday belongs to the next Monday (pandas' `B`).
    BusinessDay,
    /// Calendar days.
    Day,
    /// A fixed span shorter than a day, in nanoseconds (hours down to nanoseconds).
    Fixed {
        /// Nanoseconds of one unit.
        nanos: u64,
    },
}

/// A period frequency (NannyML's `chunk_period`, a pandas period alias): a unit and a
/// multiple. As in pandas, rows are grouped by the single unit; a multiple only stretches
/// each period's end (`2D` makes one chunk per day, each ending a day later).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct ChunkPeriod {
    /// The unit.
    pub unit: PeriodUnit,
    /// The multiple (at least 1).
    pub multiple: u32,
}

/// One period: its frequency and the instants it spans.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Period {
    /// The frequency.
    pub frequency: ChunkPeriod,
    /// The first instant (pandas' `start_time`).
    pub start: Timestamp,
    /// The last microsecond (pandas 3's `end_time`).
    pub end: Timestamp,
}

impl ChunkPeriod {
    /// Reads a pandas period alias: `D`, `W`, `W-MON`, `M`, `Q`, `Q-JAN`, `Y`, `Y-JUN`, `B`,
    /// `h`, `min`, `s`, `ms`, `us`, `ns` (and pandas 2's `A`, `H`, `T`, `S`, `L`, `U`, `N`),
    /// optionally after a multiple (`2D`, `3M`).
    ///
    /// # Errors
    ///
    /// Anything else (pandas' offsets such as `ME`, `MS` or `SM` are not period
    /// frequencies): [`ErrorKind::InvalidChunking`] listing what is accepted.
    ///
    /// ```
    /// use scorecheck_cbpe::{ChunkPeriod, PeriodUnit, Timestamp};
    /// let week = ChunkPeriod::parse("W")?;
    /// assert_eq!(week.unit, PeriodUnit::Week { end_weekday: 6 });
    /// let period = week.period_of(Timestamp::parse("2024-01-06 13:45")?);
    /// assert_eq!(period.to_string(), "2024-01-01/2024-01-07");
    /// assert_eq!(period.end.to_string(), "2024-01-07T23:59:59.999999");
    /// assert!(ChunkPeriod::parse("ME").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse(text: &str) -> Result<ChunkPeriod, Error> {
        let invalid = || {
            Error::new(ErrorKind::InvalidChunking {
                reason: format!(
                    "{text:?} is not a period frequency; use one of {PERIOD_FREQUENCIES}"
                ),
            })
        };
        let trimmed = text.trim();
        let digits = trimmed.bytes().take_while(u8::is_ascii_digit).count();
        let multiple = match digits {
            0 => 1,
            _ => trimmed[..digits]
                .parse::<u32>()
                .ok()
                .filter(|&m| (1..=1_000_000).contains(&m))
                .ok_or_else(|| {
                    Error::new(ErrorKind::InvalidChunking {
                        reason: format!(
                            "{text:?}: the multiple {} is out of range; give 1 to 1000000 periods (or none, for 1)",
                            &trimmed[..digits]
                        ),
                    })
                })?,
        };
        let name = &trimmed[digits..];
        let (base, anchor) = match name.split_once('-') {
            Some((base, anchor)) => (base, Some(anchor.to_ascii_uppercase())),
            None => (name, None),
        };
        let month = |anchor: &Option<String>| match anchor {
            None => Some(12),
            Some(a) => MONTHS.iter().position(|m| m == a).map(|i| i as u32 + 1),
        };
        let fixed = |nanos: u64| Some(PeriodUnit::Fixed { nanos });
        let unit = match (base, &anchor) {
            ("Y" | "A" | "y", a) => month(a).map(|end_month| PeriodUnit::Year { end_month }),
            ("Q" | "q", a) => month(a).map(|end_month| PeriodUnit::Quarter { end_month }),
            ("W" | "w", None) => Some(PeriodUnit::Week { end_weekday: 6 }),
            ("W" | "w", Some(a)) => {
                WEEKDAYS
                    .iter()
                    .position(|d| d == a)
                    .map(|i| PeriodUnit::Week {
                        end_weekday: i as u32,
                    })
            }
            (_, Some(_)) => None,
            ("M", None) => Some(PeriodUnit::Month),
            ("D" | "d", None) => Some(PeriodUnit::Day),
            ("B", None) => Some(PeriodUnit::BusinessDay),
            ("h" | "H", None) => fixed(3_600_000_000_000),
            ("min" | "T", None) => fixed(60_000_000_000),
            ("s" | "S", None) => fixed(1_000_000_000),
            ("ms" | "L", None) => fixed(1_000_000),
            ("us" | "U", None) => fixed(1_000),
            ("ns" | "N", None) => fixed(1),
            _ => None,
        };
        unit.map(|unit| ChunkPeriod { unit, multiple })
            .ok_or_else(invalid)
    }

    /// The start of the period holding `t`.
    fn start_of(&self, t: Timestamp) -> Timestamp {
        let (year, month, _) = t.date();
        match self.unit {
            PeriodUnit::Year { end_month } => {
                // The fiscal year ends in `end_month` of year `fy`.
                let fy = if month <= end_month { year } else { year + 1 };
                match end_month {
                    12 => Timestamp::from_month(fy, 1),
                    e => Timestamp::from_month(fy - 1, e + 1),
                }
            }
            PeriodUnit::Quarter { end_month } => {
                // The quarter's last month is the first month from `month` on that is
                // congruent to `end_month` modulo 3; it began two months before.
                let to_end = (end_month + 12 - month) % 3;
                let months = year * 12 + i64::from(month) - 1 + i64::from(to_end) - 2;
                Timestamp::from_month(months.div_euclid(12), months.rem_euclid(12) as u32 + 1)
            }
            PeriodUnit::Month => Timestamp::from_month(year, month),
            PeriodUnit::Week { end_weekday } => {
                let to_end = (end_weekday + 7 - t.weekday()) % 7;
                Timestamp::from_days(t.days() + i64::from(to_end) - 6)
            }
            PeriodUnit::BusinessDay => {
                let roll = match t.weekday() {
                    5 => 2,
                    6 => 1,
                    _ => 0,
                };
                Timestamp::from_days(t.days() + roll)
            }
            PeriodUnit::Day => Timestamp::from_days(t.days()),
            PeriodUnit::Fixed { nanos } => {
                Timestamp::from_parts(t.days(), t.nanos() - t.nanos() % nanos)
            }
        }
    }

    /// The start of the period `n` units after the one starting at `start`.
    fn advance(&self, start: Timestamp, n: u64) -> Timestamp {
        let months = |step: u64| {
            let (year, month, _) = start.date();
            let total = year * 12 + i64::from(month) - 1 + (step * n) as i64;
            Timestamp::from_month(total.div_euclid(12), total.rem_euclid(12) as u32 + 1)
        };
        match self.unit {
            PeriodUnit::Year { .. } => months(12),
            PeriodUnit::Quarter { .. } => months(3),
            PeriodUnit::Month => months(1),
            PeriodUnit::Week { .. } => Timestamp::from_days(start.days() + 7 * n as i64),
            PeriodUnit::Day => Timestamp::from_days(start.days() + n as i64),
            PeriodUnit::BusinessDay => {
                // Whole weeks of five business days, then the rest one day at a time.
                let mut days = start.days() + 7 * (n / 5) as i64;
                for _ in 0..n % 5 {
                    days += 1;
                    while Timestamp::from_days(days).weekday() >= 5 {
                        days += 1;
                    }
                }
                Timestamp::from_days(days)
            }
            PeriodUnit::Fixed { nanos } => {
                let total = u128::from(start.nanos()) + u128::from(nanos) * u128::from(n);
                let day = u128::from(NANOS_PER_DAY);
                Timestamp::from_parts(start.days() + (total / day) as i64, (total % day) as u64)
            }
        }
    }

    /// The period holding `t`: its start, and its end `multiple` units later less a
    /// microsecond (pandas' `to_period(...).start_time` and `.end_time`).
    pub fn period_of(&self, t: Timestamp) -> Period {
        let start = self.start_of(t);
        // pandas ends one business day (`B`) at its own midnight, not the next business
        // day's (a Friday ends on Friday); `2B` and longer end before the next start.
        let next = match (self.unit, self.multiple) {
            (PeriodUnit::BusinessDay, 1) => Timestamp::from_days(start.days() + 1),
            _ => self.advance(start, u64::from(self.multiple)),
        };
        let end = next.last_microsecond_before();
        Period {
            frequency: *self,
            start,
            end,
        }
    }
}

impl fmt::Display for ChunkPeriod {
    /// The pandas 3 alias, with its multiple (`2W-SUN`, `Q-DEC`, `h`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.multiple != 1 {
            write!(f, "{}", self.multiple)?;
        }
        match self.unit {
            PeriodUnit::Year { end_month } => write!(f, "Y-{}", MONTHS[end_month as usize - 1]),
            PeriodUnit::Quarter { end_month } => {
                write!(f, "Q-{}", MONTHS[end_month as usize - 1])
            }
            PeriodUnit::Month => f.write_str("M"),
            PeriodUnit::Week { end_weekday } => {
                write!(f, "W-{}", WEEKDAYS[end_weekday as usize])
            }
            PeriodUnit::BusinessDay => f.write_str("B"),
            PeriodUnit::Day => f.write_str("D"),
            PeriodUnit::Fixed { nanos } => f.write_str(match nanos {
                3_600_000_000_000 => "h",
                60_000_000_000 => "min",
                1_000_000_000 => "s",
                1_000_000 => "ms",
                1_000 => "us",
                _ => "ns",
            }),
        }
    }
}

impl fmt::Display for Period {
    /// The key pandas prints for the period (`str(Period)`): `2024`, `2024Q1`, `2024-01`,
    /// `2024-01-01/2024-01-07`, `2024-01-06`, `2024-01-06 13:00`, `2024-01-06 13:45:10.500`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (year, month, day) = self.start.date();
        match self.frequency.unit {
            PeriodUnit::Year { end_month } => {
                let fy = if end_month == 12 { year } else { year + 1 };
                write!(f, "{fy}")
            }
            PeriodUnit::Quarter { end_month } => {
                // The quarter's last month, then its fiscal year and number.
                let last = year * 12 + i64::from(month) - 1 + 2;
                let (last_year, last_month) = (last.div_euclid(12), last.rem_euclid(12) as u32 + 1);
                let fy = if last_month <= end_month {
                    last_year
                } else {
                    last_year + 1
                };
                let quarter = (last_month + 12 - end_month - 1 + 12) % 12 / 3 + 1;
                write!(f, "{fy}Q{quarter}")
            }
            PeriodUnit::Month => write!(f, "{year:04}-{month:02}"),
            PeriodUnit::Week { .. } => {
                let (y, m, d) = civil_from_days(self.start.days() + 6);
                write!(f, "{year:04}-{month:02}-{day:02}/{y:04}-{m:02}-{d:02}")
            }
            PeriodUnit::BusinessDay | PeriodUnit::Day => write!(f, "{year:04}-{month:02}-{day:02}"),
            PeriodUnit::Fixed { nanos } => {
                let n = self.start.nanos();
                let s = n / 1_000_000_000;
                write!(
                    f,
                    "{year:04}-{month:02}-{day:02} {:02}:{:02}",
                    s / 3600,
                    s / 60 % 60
                )?;
                match nanos {
                    3_600_000_000_000 | 60_000_000_000 => Ok(()),
                    1_000_000_000 => write!(f, ":{:02}", s % 60),
                    1_000_000 => write!(f, ":{:02}.{:03}", s % 60, n % 1_000_000_000 / 1_000_000),
                    1_000 => write!(f, ":{:02}.{:06}", s % 60, n % 1_000_000_000 / 1_000),
                    _ => write!(f, ":{:02}.{:09}", s % 60, n % 1_000_000_000),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Keys, starts and ends printed by pandas 3.1.1 (`s.dt.to_period(f)`, then `str(k)`,
    /// `k.start_time`, `k.end_time`) for the timestamps 2024-01-06 13:45:10.5 and
    /// 2024-07-07 00:00.
    #[test]
    fn periods_as_pandas_prints_them() {
        let cases = [
            (
                "D",
                "2024-01-06 13:45:10.5",
                "2024-01-06",
                "2024-01-06T00:00:00",
                "2024-01-06T23:59:59.999999",
            ),
            (
                "W",
                "2024-01-06 13:45:10.5",
                "2024-01-01/2024-01-07",
                "2024-01-01T00:00:00",
                "2024-01-07T23:59:59.999999",
            ),
            (
                "W-MON",
                "2024-01-06 13:45:10.5",
                "2024-01-02/2024-01-08",
                "2024-01-02T00:00:00",
                "2024-01-08T23:59:59.999999",
            ),
            (
                "2W",
                "2024-01-06 13:45:10.5",
                "2024-01-01/2024-01-07",
                "2024-01-01T00:00:00",
                "2024-01-14T23:59:59.999999",
            ),
            (
                "M",
                "2024-01-06 13:45:10.5",
                "2024-01",
                "2024-01-01T00:00:00",
                "2024-01-31T23:59:59.999999",
            ),
            (
                "2M",
                "2024-01-06 13:45:10.5",
                "2024-01",
                "2024-01-01T00:00:00",
                "2024-02-29T23:59:59.999999",
            ),
            (
                "Q",
                "2024-01-06 13:45:10.5",
                "2024Q1",
                "2024-01-01T00:00:00",
                "2024-03-31T23:59:59.999999",
            ),
            (
                "2Q",
                "2024-07-07",
                "2024Q3",
                "2024-07-01T00:00:00",
                "2024-12-31T23:59:59.999999",
            ),
            (
                "Q-JAN",
                "2024-01-06 13:45:10.5",
                "2024Q4",
                "2023-11-01T00:00:00",
                "2024-01-31T23:59:59.999999",
            ),
            (
                "Y",
                "2024-01-06 13:45:10.5",
                "2024",
                "2024-01-01T00:00:00",
                "2024-12-31T23:59:59.999999",
            ),
            (
                "2Y",
                "2024-07-07",
                "2024",
                "2024-01-01T00:00:00",
                "2025-12-31T23:59:59.999999",
            ),
            (
                "Y-JUN",
                "2024-01-06 13:45:10.5",
                "2024",
                "2023-07-01T00:00:00",
                "2024-06-30T23:59:59.999999",
            ),
            (
                "Y-JUN",
                "2024-07-07",
                "2025",
                "2024-07-01T00:00:00",
                "2025-06-30T23:59:59.999999",
            ),
            (
                "B",
                "2024-01-06 13:45:10.5",
                "2024-01-08",
                "2024-01-08T00:00:00",
                "2024-01-08T23:59:59.999999",
            ),
            (
                // A Friday's business day ends on Friday (pandas 3.1.1).
                "B",
                "2024-02-23 10:00",
                "2024-02-23",
                "2024-02-23T00:00:00",
                "2024-02-23T23:59:59.999999",
            ),
            (
                "2B",
                "2024-07-07",
                "2024-07-08",
                "2024-07-08T00:00:00",
                "2024-07-09T23:59:59.999999",
            ),
            (
                "h",
                "2024-01-06 13:45:10.5",
                "2024-01-06 13:00",
                "2024-01-06T13:00:00",
                "2024-01-06T13:59:59.999999",
            ),
            (
                "2h",
                "2024-01-06 13:45:10.5",
                "2024-01-06 13:00",
                "2024-01-06T13:00:00",
                "2024-01-06T14:59:59.999999",
            ),
            (
                "min",
                "2024-01-06 13:45:10.5",
                "2024-01-06 13:45",
                "2024-01-06T13:45:00",
                "2024-01-06T13:45:59.999999",
            ),
            (
                "s",
                "2024-01-06 13:45:10.5",
                "2024-01-06 13:45:10",
                "2024-01-06T13:45:10",
                "2024-01-06T13:45:10.999999",
            ),
            (
                "ms",
                "2024-01-06 13:45:10.5",
                "2024-01-06 13:45:10.500",
                "2024-01-06T13:45:10.500000",
                "2024-01-06T13:45:10.500999",
            ),
            (
                "us",
                "2024-01-06 13:45:10.5",
                "2024-01-06 13:45:10.500000",
                "2024-01-06T13:45:10.500000",
                "2024-01-06T13:45:10.500000",
            ),
            (
                "ns",
                "2024-01-06 13:45:10.5",
                "2024-01-06 13:45:10.500000000",
                "2024-01-06T13:45:10.500000",
                "2024-01-06T13:45:10.500000",
            ),
        ];
        for (alias, at, key, start, end) in cases {
            let period = ChunkPeriod::parse(alias)
                .unwrap()
                .period_of(Timestamp::parse(at).unwrap());
            assert_eq!(
                (
                    period.to_string(),
                    period.start.to_string(),
                    period.end.to_string()
                ),
                (key.to_string(), start.to_string(), end.to_string()),
                "{alias} {at}"
            );
        }
    }

    #[test]
    fn every_quarter_anchor_holds_its_month() {
        for end_month in 1..=12 {
            let unit = ChunkPeriod {
                unit: PeriodUnit::Quarter { end_month },
                multiple: 1,
            };
            for month in 1..=12 {
                let t = Timestamp::from_month(2024, month);
                let p = unit.period_of(t);
                assert!(p.start <= t && t <= p.end, "Q-{end_month} month {month}");
                let (_, last, _) = p.end.date();
                assert_eq!(last % 3, end_month % 3);
            }
        }
    }

    #[test]
    fn unknown_aliases_are_refused_with_the_list() {
        for bad in [
            "", "ME", "MS", "SM", "BM", "QS", "X", "W-XYZ", "M-JAN", "D2", "-1D",
        ] {
            let error = ChunkPeriod::parse(bad).unwrap_err();
            assert!(error.to_string().contains("W-MON..W-SUN"), "{bad}: {error}");
        }
        // A multiple out of range is said as such.
        for bad in ["0D", "99999999D", "100000000000D"] {
            let error = ChunkPeriod::parse(bad).unwrap_err();
            assert!(error.to_string().contains("out of range"), "{bad}: {error}");
        }
        assert_eq!(ChunkPeriod::parse("H").unwrap().to_string(), "h");
        assert_eq!(ChunkPeriod::parse("A").unwrap().to_string(), "Y-DEC");
        assert_eq!(ChunkPeriod::parse("2w-mon").unwrap().to_string(), "2W-MON");
    }
}
