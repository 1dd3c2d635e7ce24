//! When a search must stop: its deadline passed or its caller's cancel flag set, read
//! together wherever the search reads the clock.

use scorecheck_clock::Instant;
use scorecheck_feasibility::{Budget, CancelFlag};

/// The deadline (`started` plus the budget's time limit) and the cancel flag of a budget.
pub(crate) struct Stop {
    deadline: Option<Instant>,
    cancel: Option<CancelFlag>,
}

impl Stop {
    pub(crate) fn new(budget: &Budget, started: Instant) -> Stop {
        Stop {
            deadline: budget.time_limit.map(|t| started + t),
            cancel: budget.cancel.clone(),
        }
    }

    /// Whether the search must stop now.
    pub(crate) fn passed(&self) -> bool {
        self.cancel.as_ref().is_some_and(CancelFlag::is_set)
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}
