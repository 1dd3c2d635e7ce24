//! Timestamps: ISO 8601 dates and date-times read by hand, and the calendar arithmetic that
//! periods need.
//!
//! A hand-written reader rather than `jiff` or `chrono`: the inputs are the few shapes pandas'
//! `to_datetime` reads from a CSV column (a date, a date and a time with `T` or a space,
//! optional seconds and fraction), periods need only proleptic Gregorian day numbers, and a
//! dependency would bring time zones and formats this layer refuses anyway.

use std::fmt;

/// Nanoseconds in a day.
pub(crate) const NANOS_PER_DAY: u64 = 86_400_000_000_000;

/// A wall-clock date and time without time zone, to the nanosecond, years 1 to 9999
/// (pandas' `datetime64` without a zone). Ordered in time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Timestamp {
    /// Days since 1970-01-01 (negative before).
    days: i64,
    /// Nanoseconds since midnight.
    nanos: u64,
}

/// Why a text is not a timestamp.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct TimestampError {
    /// What is wrong and what to write instead.
    pub reason: String,
}

impl fmt::Display for TimestampError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.reason)
    }
}

impl std::error::Error for TimestampError {}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
pub(crate) fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(month);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date (year, month, day) of a day number (Hinnant's `civil_from_days`).
pub(crate) fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (
        if month <= 2 {
            yoe + era * 400 + 1
        } else {
            yoe + era * 400
        },
        month,
        day,
    )
}

fn days_in_month(year: i64, month: u32) -> u32 {
    match month {
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

impl Timestamp {
    /// Midnight of a day number.
    pub(crate) fn from_days(days: i64) -> Timestamp {
        Timestamp { days, nanos: 0 }
    }

    /// A timestamp from days since 1970-01-01 and nanoseconds since midnight (carried into
    /// days when a day or more).
    pub(crate) fn from_parts(days: i64, nanos: u64) -> Timestamp {
        Timestamp {
            days: days + (nanos / NANOS_PER_DAY) as i64,
            nanos: nanos % NANOS_PER_DAY,
        }
    }

    /// Midnight of the first day of a month.
    pub(crate) fn from_month(year: i64, month: u32) -> Timestamp {
        Timestamp::from_days(days_from_civil(year, month, 1))
    }

    /// Days since 1970-01-01.
    pub(crate) fn days(&self) -> i64 {
        self.days
    }

    /// Nanoseconds since midnight.
    pub(crate) fn nanos(&self) -> u64 {
        self.nanos
    }

    /// The date: (year, month, day).
    pub fn date(&self) -> (i64, u32, u32) {
        civil_from_days(self.days)
    }

    /// The weekday, Monday 0 to Sunday 6.
    pub(crate) fn weekday(&self) -> u32 {
        // 1970-01-01 was a Thursday (3).
        (self.days + 3).rem_euclid(7) as u32
    }

    /// One nanosecond earlier, then down to the microsecond: the last instant of a period
    /// that ends before `self`, as pandas 3 reports a period's `end_time`.
    pub(crate) fn last_microsecond_before(&self) -> Timestamp {
        let (days, nanos) = if self.nanos == 0 {
            (self.days - 1, NANOS_PER_DAY - 1)
        } else {
            (self.days, self.nanos - 1)
        };
        Timestamp {
            days,
            nanos: nanos - nanos % 1000,
        }
    }

    /// Reads an ISO 8601 date or date-time without time zone: `YYYY-MM-DD`, then optionally
    /// `T` or a space and `HH:MM`, `HH:MM:SS` or `HH:MM:SS.f` (1 to 9 digits); spaces around
    /// are ignored.
    ///
    /// # Errors
    ///
    /// Any other shape, a field out of range (month 13, February 30, hour 24, second 60),
    /// or a time zone (`Z`, `+01:00`): a [`TimestampError`] saying what to write.
    ///
    /// ```
    /// use scorecheck_cbpe::Timestamp;
    /// let t = Timestamp::parse("2024-02-29 13:45:10.5")?;
    /// assert_eq!(t.to_string(), "2024-02-29T13:45:10.500000");
    /// assert_eq!(Timestamp::parse("2024-02-29")?.to_string(), "2024-02-29T00:00:00");
    /// assert!(Timestamp::parse("2023-02-29").is_err());
    /// assert!(Timestamp::parse("2024-01-01T00:00:00Z").is_err());
    /// # Ok::<(), scorecheck_cbpe::TimestampError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Timestamp, TimestampError> {
        let text = text.trim();
        let wrong = |what: &str| {
            TimestampError {
            reason: format!(
                "{text:?} is not a date or date-time{what}; write YYYY-MM-DD, YYYY-MM-DD HH:MM:SS or YYYY-MM-DDTHH:MM:SS[.ffffff] (ISO 8601, no time zone)"
            ),
        }
        };
        let bytes = text.as_bytes();
        let number = |range: std::ops::Range<usize>| -> Option<u32> {
            let digits = bytes.get(range)?;
            if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
                return None;
            }
            digits.iter().try_fold(0u32, |n, d| {
                n.checked_mul(10)?.checked_add(u32::from(d - b'0'))
            })
        };
        if text.len() < 10 || bytes[4] != b'-' || bytes[7] != b'-' {
            return Err(wrong(""));
        }
        let (Some(year), Some(month), Some(day)) = (number(0..4), number(5..7), number(8..10))
        else {
            return Err(wrong(""));
        };
        let year = i64::from(year);
        if year == 0 || !(1..=12).contains(&month) || day == 0 || day > days_in_month(year, month) {
            return Err(wrong(" (no such day in the calendar)"));
        }
        let days = days_from_civil(year, month, day);
        let rest = &text[10..];
        if rest.is_empty() {
            return Ok(Timestamp::from_days(days));
        }
        let zone = rest
            .bytes()
            .enumerate()
            .skip(1)
            .find(|&(_, b)| b == b'-')
            .map(|(i, _)| i);
        if let Some(at) = rest.find(['Z', 'z', '+']).or(zone) {
            return Err(TimestampError {
                reason: format!(
                    "{text:?} has a time zone ({:?}); time zones are not supported: give wall-clock times without an offset (NannyML groups periods by wall-clock time, dropping the zone)",
                    &rest[at..]
                ),
            });
        }
        if !matches!(bytes[10], b'T' | b't' | b' ') {
            return Err(wrong(""));
        }
        let time = &bytes[11..];
        let at = 11;
        let (Some(hour), Some(minute)) = (number(at..at + 2), number(at + 3..at + 5)) else {
            return Err(wrong(""));
        };
        if time.get(2) != Some(&b':') {
            return Err(wrong(""));
        }
        let (mut second, mut fraction) = (0u32, 0u64);
        match time.len() {
            5 => {}
            8.. if time[5] == b':' => {
                second = number(at + 6..at + 8).ok_or_else(|| wrong(""))?;
                if time.len() > 8 {
                    let digits = &time[9..];
                    if time[8] != b'.' || digits.is_empty() || digits.len() > 9 {
                        return Err(wrong(""));
                    }
                    let value = number(at + 9..bytes.len()).ok_or_else(|| wrong(""))?;
                    fraction = u64::from(value) * 10u64.pow(9 - digits.len() as u32);
                }
            }
            _ => return Err(wrong("")),
        }
        if hour > 23 || minute > 59 || second > 59 {
            return Err(wrong(" (a time field is out of range)"));
        }
        let nanos = (u64::from(hour) * 3600 + u64::from(minute) * 60 + u64::from(second))
            * 1_000_000_000
            + fraction;
        Ok(Timestamp { days, nanos })
    }
}

impl std::str::FromStr for Timestamp {
    type Err = TimestampError;

    fn from_str(text: &str) -> Result<Timestamp, TimestampError> {
        Timestamp::parse(text)
    }
}

impl fmt::Display for Timestamp {
    /// ISO 8601 `YYYY-MM-DDTHH:MM:SS`, with six fraction digits when there are microseconds
    /// and nine when there are nanoseconds.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (year, month, day) = self.date();
        let seconds = self.nanos / 1_000_000_000;
        let fraction = self.nanos % 1_000_000_000;
        write!(
            f,
            "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}",
            seconds / 3600,
            seconds / 60 % 60,
            seconds % 60
        )?;
        match fraction {
            0 => Ok(()),
            f_ if f_ % 1000 == 0 => write!(f, ".{:06}", f_ / 1000),
            f_ => write!(f, ".{f_:09}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn days_round_trip(days in -719_162i64..2_932_896) {
            let (y, m, d) = civil_from_days(days);
            prop_assert_eq!(days_from_civil(y, m, d), days);
            let t = Timestamp::from_days(days);
            prop_assert_eq!(Timestamp::parse(&t.to_string()[..10]).unwrap(), t);
        }

        #[test]
        fn display_parses_back(days in -719_162i64..2_932_896, nanos in 0u64..NANOS_PER_DAY) {
            let t = Timestamp { days, nanos };
            prop_assert_eq!(Timestamp::parse(&t.to_string()).unwrap(), t);
        }
    }

    #[test]
    fn shapes_pandas_reads() {
        let t = |s: &str| Timestamp::parse(s).map(|t| t.to_string());
        assert_eq!(t("1970-01-01").unwrap(), "1970-01-01T00:00:00");
        assert_eq!(t(" 2024-03-05T07:08 ").unwrap(), "2024-03-05T07:08:00");
        assert_eq!(t("2024-03-05 07:08:09").unwrap(), "2024-03-05T07:08:09");
        assert_eq!(
            t("2024-03-05 07:08:09.000000001").unwrap(),
            "2024-03-05T07:08:09.000000001"
        );
        assert_eq!(Timestamp::parse("1970-01-05").unwrap().weekday(), 0);
        for bad in [
            "",
            "2024",
            "2024-1-05",
            "2024-13-01",
            "2024-04-31",
            "0000-01-01",
            "2024-01-01T24:00",
            "2024-01-01T12:60",
            "2024-01-01 12:00:60",
            "2024-01-01 12",
            "2024-01-01 12:00:00.",
            "2024-01-01 12:00:00.1234567890",
            "2024-01-01X12:00",
            "05/01/2024",
            "2024-01-01T12:00:00+01:00",
            "2024-01-01T12:00:00-05:00",
            "2024-01-01 12:00Z",
            "2024-01-01é",
            "tomorrow",
        ] {
            assert!(Timestamp::parse(bad).is_err(), "{bad}");
        }
        assert!(Timestamp::parse("2024-01-01T00:00:00Z")
            .unwrap_err()
            .to_string()
            .contains("time zone"));
    }

    #[test]
    fn last_microsecond_before() {
        let t = Timestamp::parse("2024-03-01").unwrap();
        assert_eq!(
            t.last_microsecond_before().to_string(),
            "2024-02-29T23:59:59.999999"
        );
    }
}
