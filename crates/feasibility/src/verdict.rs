//! Verdicts with their certainty, search budgets and the backend trait.

use std::fmt;
use std::time::Duration;

use crate::Problem;

/// How sure an "infeasible" is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Certainty {
    /// Proven with exact arithmetic (every branch closed exactly).
    Exact,
    /// Reported by a floating-point solver: trustworthy in practice, not a proof.
    Solver,
}

impl Certainty {
    /// The serialised name: `"exact"` or `"solver"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Certainty::Exact => "exact",
            Certainty::Solver => "solver",
        }
    }
}

impl fmt::Display for Certainty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The answer of a backend.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// An integer point satisfying everything (after [`crate::checked`]: verified exactly).
    Feasible {
        /// One value per variable, in [`crate::VarId`] order.
        witness: Vec<i64>,
    },
    /// No integer point exists.
    Infeasible {
        /// How the conclusion was reached.
        certainty: Certainty,
        /// A sentence for the user.
        reason: String,
    },
    /// The budget ran out or the backend could not conclude.
    Undecided {
        /// What was covered and why it stopped.
        reason: String,
    },
}

impl Verdict {
    /// `true` for [`Verdict::Feasible`].
    pub fn is_feasible(&self) -> bool {
        matches!(self, Verdict::Feasible { .. })
    }

    /// `true` for [`Verdict::Infeasible`] (of any certainty).
    pub fn is_infeasible(&self) -> bool {
        matches!(self, Verdict::Infeasible { .. })
    }

    /// `true` for [`Verdict::Undecided`].
    pub fn is_undecided(&self) -> bool {
        matches!(self, Verdict::Undecided { .. })
    }

    /// The witness of a feasible verdict.
    pub fn witness(&self) -> Option<&[i64]> {
        match self {
            Verdict::Feasible { witness } => Some(witness),
            _ => None,
        }
    }
}

/// Limits on a search; a backend that reaches one answers [`Verdict::Undecided`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Budget {
    /// Maximum number of branch-and-bound nodes (or enumerated points).
    pub max_nodes: u64,
    /// Wall-clock limit, if any.
    pub time_limit: Option<Duration>,
}

impl Default for Budget {
    /// 200 000 nodes and 60 seconds: far beyond what typical mean-of-scores problems need.
    fn default() -> Self {
        Budget {
            max_nodes: 200_000,
            time_limit: Some(Duration::from_secs(60)),
        }
    }
}

impl Budget {
    /// A budget of `max_nodes` nodes and no time limit.
    pub fn nodes(max_nodes: u64) -> Self {
        Budget {
            max_nodes,
            time_limit: None,
        }
    }

    /// No limits at all (the search still ends: the variables are bounded integers).
    pub fn unlimited() -> Self {
        Budget {
            max_nodes: u64::MAX,
            time_limit: None,
        }
    }
}

/// A feasibility backend. Call it through [`crate::checked`], which verifies every witness.
pub trait Feasibility: Send + Sync {
    /// A short name for reports (`"pure"`, `"highs"`, `"brute-force"`).
    fn name(&self) -> &'static str;

    /// Decides whether `problem` has an integer point, within `budget`.
    fn solve(&self, problem: &Problem, budget: &Budget) -> Verdict;
}
