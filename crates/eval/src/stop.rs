//! A caller's request to stop long work early (a deadline, Ctrl-C), asked for without a clock.

use std::fmt;
use std::sync::Arc;

/// Asked between steps of long work (each bootstrap sample): when it answers
/// true, the work ends with [`ErrorKind::Stopped`](crate::ErrorKind::Stopped) saying how
/// far it got. This crate reads no clock; the caller decides what "too long" means.
///
/// ```
/// use scorecheck_eval::Stop;
/// assert!(!Stop::never().requested());
/// assert!(Stop::new(|| true).requested());
/// ```
#[derive(Clone, Default)]
pub struct Stop(Option<Arc<dyn Fn() -> bool + Send + Sync>>);

impl Stop {
    /// Stops when `requested` answers true.
    pub fn new(requested: impl Fn() -> bool + Send + Sync + 'static) -> Stop {
        Stop(Some(Arc::new(requested)))
    }

    /// Never stops (the default).
    pub fn never() -> Stop {
        Stop(None)
    }

    /// Whether the caller asks to stop now.
    pub fn requested(&self) -> bool {
        self.0.as_ref().is_some_and(|requested| requested())
    }
}

impl fmt::Debug for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0.is_some() {
            "Stop(caller's)"
        } else {
            "Stop(never)"
        })
    }
}

impl PartialEq for Stop {
    /// The same hook (or both none).
    fn eq(&self, other: &Stop) -> bool {
        match (&self.0, &other.0) {
            (None, None) => true,
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            _ => false,
        }
    }
}
