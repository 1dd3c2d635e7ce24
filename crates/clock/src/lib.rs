//! The instant every scorecheck engine reads its deadlines with.
//!
//! What it does: on native targets [`Instant`] is `std::time::Instant` itself (a re-export,
//! so nothing changes there); on `wasm32-unknown-unknown`, where `std::time::Instant::now`
//! panics ("time not implemented on this platform"), it is a monotonic instant read from the
//! host through one imported function, `env.scorecheck_now_ms() -> f64` (milliseconds; a
//! page gives it `performance.now()`), with the same methods the engines use.
//!
//! What it deliberately does not do: no clock of its own, no wall-clock time, no sleeping;
//! engines read it only where a caller asked for a deadline or a time limit. It is written
//! by hand because the kept crates that shim time for wasm (web-time, instant) need
//! wasm-bindgen, and the wasm build of scorecheck uses plain exports and one plain import.
//!
//! ```
//! use scorecheck_clock::Instant;
//! use std::time::Duration;
//!
//! let start = Instant::now();
//! let deadline = start.checked_add(Duration::from_secs(10)).unwrap();
//! assert!(Instant::now() < deadline);
//! assert!(start.elapsed() < Duration::from_secs(10));
//! ```
//!
//! [`Stop`] is the other half of a deadline for work that reads no clock itself: a hook the
//! caller answers (`eval`'s bootstraps and `cbpe`'s chunks ask it between steps).
//!
//! Cargo features: none.

#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(unreachable_pub)]

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub use std::time::Instant;

pub use stop::Stop;

mod stop {
    use std::fmt;
    use std::sync::Arc;

    /// A caller's request to stop long work early (a deadline, Ctrl-C), asked for without a
    /// clock: asked between steps of long work (each chunk, each bootstrap sample), and when it
    /// answers true the work ends saying how far it got. The crates that take one read no
    /// clock; the caller decides what "too long" means.
    ///
    /// ```
    /// use scorecheck_clock::Stop;
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

    impl Eq for Stop {}

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
}

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub use host::Instant;

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod host {
    use std::ops::{Add, Sub};
    use std::time::Duration;

    #[allow(unsafe_code)]
    #[link(wasm_import_module = "env")]
    extern "C" {
        /// Milliseconds on the host's monotonic clock (`performance.now()`).
        fn scorecheck_now_ms() -> f64;
    }

    /// A point on the host's monotonic clock, in nanoseconds.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
    pub struct Instant(u64);

    impl Instant {
        /// Now, on the host's clock.
        #[allow(unsafe_code)]
        pub fn now() -> Instant {
            // SAFETY: an imported function of no arguments returning a number; the host
            // provides it (the module does not instantiate without it).
            let ms = unsafe { scorecheck_now_ms() };
            let ns = if ms.is_finite() && ms > 0.0 {
                (ms * 1e6).min(u64::MAX as f64) as u64
            } else {
                0
            };
            Instant(ns)
        }

        /// The time since this instant (zero if the host's clock went back).
        pub fn elapsed(&self) -> Duration {
            Instant::now().saturating_duration_since(*self)
        }

        /// The time from `earlier` to this instant, zero if `earlier` is later.
        pub fn saturating_duration_since(&self, earlier: Instant) -> Duration {
            Duration::from_nanos(self.0.saturating_sub(earlier.0))
        }

        /// The time from `earlier` to this instant, zero if `earlier` is later.
        pub fn duration_since(&self, earlier: Instant) -> Duration {
            self.saturating_duration_since(earlier)
        }

        /// The time from `earlier`, `None` if `earlier` is later.
        pub fn checked_duration_since(&self, earlier: Instant) -> Option<Duration> {
            self.0.checked_sub(earlier.0).map(Duration::from_nanos)
        }

        /// This instant moved by `duration`, `None` past the clock's range.
        pub fn checked_add(&self, duration: Duration) -> Option<Instant> {
            let ns = u64::try_from(duration.as_nanos()).ok()?;
            self.0.checked_add(ns).map(Instant)
        }

        /// This instant moved back by `duration`, `None` before the clock's start.
        pub fn checked_sub(&self, duration: Duration) -> Option<Instant> {
            let ns = u64::try_from(duration.as_nanos()).ok()?;
            self.0.checked_sub(ns).map(Instant)
        }
    }

    impl Add<Duration> for Instant {
        type Output = Instant;

        fn add(self, duration: Duration) -> Instant {
            self.checked_add(duration).unwrap_or(Instant(u64::MAX))
        }
    }

    impl Sub<Duration> for Instant {
        type Output = Instant;

        fn sub(self, duration: Duration) -> Instant {
            self.checked_sub(duration).unwrap_or(Instant(0))
        }
    }

    impl Sub<Instant> for Instant {
        type Output = Duration;

        fn sub(self, earlier: Instant) -> Duration {
            self.saturating_duration_since(earlier)
        }
    }
}
