//! The options any request may carry beside its protocol's fields: `backend`,
//! `max_configurations`, `time_limit` (or `timeout`), `max_witnesses`, `max_nodes`,
//! `count_budget`, `explain`.

use std::time::Duration;

use crate::input::{self, Object};
use crate::json::Json;
use crate::{Error, Result};

/// The options a request gives (`None`: not given, the caller's own apply).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RequestOptions {
    /// The backend named by `backend` (the facade checks the name against its registry).
    pub backend: Option<String>,
    /// `max_configurations`: fold configurations examined at most.
    pub max_configurations: Option<u64>,
    /// `time_limit` or its alias `timeout`.
    pub time_limit: Option<Duration>,
    /// `max_witnesses`.
    pub max_witnesses: Option<usize>,
    /// `max_nodes`: nodes per branch and bound.
    pub max_nodes: Option<u64>,
    /// `count_budget`: interior tp columns a single-matrix count may visit.
    pub count_budget: Option<u64>,
    /// `explain`.
    pub explain: Option<bool>,
}

/// Reads the options a request gives; `backends` are the names `backend` may take.
///
/// # Errors
///
/// `InvalidValue` naming the option when it is out of range or of the wrong type (a
/// `backend` not among `backends`), or `timeout` when both it and `time_limit` are given.
pub fn read(fields: &Object<'_>, backends: &[&str]) -> Result<RequestOptions> {
    let mut options = RequestOptions::default();
    if let Some(v) = fields.get("backend") {
        let name = v.as_str().unwrap_or_default();
        if !backends.contains(&name) {
            let quoted: Vec<String> = backends.iter().map(|b| format!("{b:?}")).collect();
            let list = match quoted.split_last() {
                Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
                _ => quoted.join(", "),
            };
            return Err(Error::invalid("backend", format!("backend must be {list}")));
        }
        options.backend = Some(name.to_string());
    }
    if let Some(v) = fields.get("max_configurations") {
        options.max_configurations = Some(input::positive(v, "max_configurations", u64::MAX)?);
    }
    if fields.has("time_limit") && fields.has("timeout") {
        return Err(Error::invalid(
            "timeout",
            "timeout is another name for time_limit; give only one of them",
        ));
    }
    for key in ["time_limit", "timeout"] {
        if let Some(v) = fields.get(key) {
            let seconds = input::rational(v, key)?;
            let seconds = num_traits::ToPrimitive::to_f64(&seconds).unwrap_or(f64::NAN);
            options.time_limit = Some(time_limit(seconds, key)?);
        }
    }
    if let Some(v) = fields.get("max_witnesses") {
        options.max_witnesses = Some(max_witnesses(
            input::count(v, "max_witnesses")?,
            "max_witnesses",
        )?);
    }
    if let Some(v) = fields.get("max_nodes") {
        options.max_nodes = Some(input::positive(v, "max_nodes", u64::MAX)?);
    }
    if let Some(v) = fields.get("count_budget") {
        options.count_budget = Some(input::count(v, "count_budget")?);
    }
    if let Some(v) = fields.get("explain") {
        let Json::Bool(explain) = v else {
            return Err(Error::invalid(
                "explain",
                format!(
                    "expected true (explain an inconsistency, the default) or false (the verdict alone), found {}",
                    input::describe(v)
                ),
            ));
        };
        options.explain = Some(*explain);
    }
    Ok(options)
}

/// The longest `time_limit` accepted, in seconds (about 31 years).
pub const MAX_TIME_LIMIT_SECONDS: f64 = 1e9;

/// The most witnesses a single-matrix check lists (`max_witnesses`).
///
/// It follows from the memory bound of one request (1 GB): a listed witness costs about
/// 1.5 KB until the result is written (a JSON object per witness, then its text), so
/// 100,000 witnesses stay near 150 MB, and a server answering a few requests at once stays
/// within its bound. `n_valid_tptn_pairs` gives the exact count of every witness.
pub const MAX_WITNESSES: u64 = 100_000;

/// Validates a time limit given in seconds, as a request field or a command-line flag
/// named `field`: positive and at most [`MAX_TIME_LIMIT_SECONDS`].
///
/// # Errors
///
/// [`ErrorKind::InvalidValue`](crate::ErrorKind::InvalidValue) naming `field` when `seconds` is not a positive number of
/// seconds within range (NaN, infinite, zero, negative or too large).
pub fn time_limit(seconds: f64, field: &str) -> Result<Duration> {
    if !(seconds > 0.0 && seconds <= MAX_TIME_LIMIT_SECONDS) {
        return Err(Error::invalid(
            field,
            format!(
                "expected a positive number of seconds, at most {MAX_TIME_LIMIT_SECONDS:e}; found {}{}",
                if seconds.abs() >= 1e6 {
                    format!("{seconds:e}")
                } else {
                    format!("{seconds}")
                },
                if seconds == 0.0 {
                    " (0, or a positive value too small for a double, below about 1e-308)"
                } else {
                    ""
                }
            ),
        ));
    }
    Ok(Duration::from_secs_f64(seconds))
}

/// Validates how many witnesses to list, as a request field or a command-line flag named
/// `field`: between 1 and [`MAX_WITNESSES`].
///
/// # Errors
///
/// [`ErrorKind::InvalidValue`](crate::ErrorKind::InvalidValue) naming `field` for 0 (every consistent verdict carries a
/// witness) or for more than [`MAX_WITNESSES`].
pub fn max_witnesses(count: u64, field: &str) -> Result<usize> {
    if count == 0 {
        return Err(Error::invalid(
            field,
            "0 is not allowed: a consistent verdict always carries at least one witness (n_valid_tptn_pairs gives the count)",
        ));
    }
    if count > MAX_WITNESSES {
        return Err(Error::invalid(
            field,
            format!("{count} is more than the {MAX_WITNESSES} witnesses a check lists; n_valid_tptn_pairs gives the count"),
        ));
    }
    Ok(count as usize)
}
