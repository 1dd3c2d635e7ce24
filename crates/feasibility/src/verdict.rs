//! Verdicts with their certainty, search budgets and the backend trait.

use std::borrow::Cow;
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use crate::{Objective, Optimum, Problem, Sense};

/// How sure an "infeasible" is.
///
/// Matches on it need a wildcard arm: a new kind may be added. Treat an unknown one like
/// [`Certainty::Solver`] (not a proof).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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

impl Certainty {
    /// The weaker of two certainties: [`Certainty::Exact`] only when both are.
    pub fn weaker(self, other: Certainty) -> Certainty {
        if self == Certainty::Exact {
            other
        } else {
            self
        }
    }
}

impl fmt::Display for Certainty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The answer of a backend.
///
/// Matches on it need a wildcard arm: a new kind of answer may be added. Treat an unknown
/// one like [`Verdict::Undecided`], never as "infeasible".
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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

/// A short sentence in the terms of the reported figures (a feasible program means they are
/// consistent): `consistent`, `inconsistent (exact)` or `inconsistent (solver)`, and
/// `undecided: ` with the reason.
///
/// ```
/// use scorecheck_feasibility::{Certainty, Verdict};
///
/// assert_eq!(Verdict::Feasible { witness: vec![1, 2] }.to_string(), "consistent");
/// let proof = Verdict::Infeasible { certainty: Certainty::Exact, reason: "row 1".into() };
/// assert_eq!(proof.to_string(), "inconsistent (exact)");
/// let open = Verdict::Undecided { reason: "the node budget ran out".into() };
/// assert_eq!(open.to_string(), "undecided: the node budget ran out");
/// ```
impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Feasible { .. } => f.write_str("consistent"),
            Verdict::Infeasible { certainty, .. } => write!(f, "inconsistent ({certainty})"),
            Verdict::Undecided { reason } => write!(f, "undecided: {reason}"),
        }
    }
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

/// What a check concludes: a backend's [`Verdict`] without its witness or reason, or the
/// `verdict` and `certainty` of a result.
///
/// Matches on it need a wildcard arm: a new kind may be added. Treat an unknown one like
/// [`Conclusion::Undecided`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Conclusion {
    /// The reported figures can come from the described experiment: a witness was found and
    /// re-checked exactly.
    Consistent,
    /// They cannot; `certainty` says how that was shown ([`Certainty::Exact`]: a proof).
    Inconsistent {
        /// How the inconsistency was reached.
        certainty: Certainty,
    },
    /// Nothing was concluded: a budget ran out, or nothing reported could be checked.
    Undecided,
}

/// `consistent`, `inconsistent (exact)`, `inconsistent (solver)` or `undecided`.
///
/// ```
/// use scorecheck_feasibility::{Certainty, Conclusion};
///
/// assert_eq!(Conclusion::Consistent.to_string(), "consistent");
/// assert_eq!(Conclusion::Inconsistent { certainty: Certainty::Exact }.to_string(), "inconsistent (exact)");
/// assert_eq!(Conclusion::Undecided.to_string(), "undecided");
/// ```
impl fmt::Display for Conclusion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Conclusion::Consistent => f.write_str("consistent"),
            Conclusion::Inconsistent { certainty } => write!(f, "inconsistent ({certainty})"),
            Conclusion::Undecided => f.write_str("undecided"),
        }
    }
}

impl Conclusion {
    /// The conclusion stated by a `verdict` (`"consistent"`, `"inconsistent"`,
    /// `"undecided"`) and a `certainty` (`"exact"`, `"solver"`). Never a stronger claim than
    /// the fields make: a certainty other than `"exact"` reads as [`Certainty::Solver`], a
    /// verdict other than the first two as [`Conclusion::Undecided`].
    pub fn from_fields(verdict: Option<&str>, certainty: Option<&str>) -> Conclusion {
        match verdict {
            Some("consistent") => Conclusion::Consistent,
            Some("inconsistent") => Conclusion::Inconsistent {
                certainty: match certainty {
                    Some("exact") => Certainty::Exact,
                    _ => Certainty::Solver,
                },
            },
            _ => Conclusion::Undecided,
        }
    }

    /// `true` when the figures are shown impossible with exact arithmetic: a proof.
    pub fn is_proven_inconsistent(self) -> bool {
        self == Conclusion::Inconsistent {
            certainty: Certainty::Exact,
        }
    }
}

impl From<&Verdict> for Conclusion {
    /// Feasible is consistent, infeasible inconsistent with its certainty; anything else
    /// concludes nothing.
    fn from(verdict: &Verdict) -> Conclusion {
        match verdict {
            Verdict::Feasible { .. } => Conclusion::Consistent,
            Verdict::Infeasible { certainty, .. } => Conclusion::Inconsistent {
                certainty: *certainty,
            },
            Verdict::Undecided { .. } => Conclusion::Undecided,
        }
    }
}

/// Limits on a search; a backend that reaches one answers [`Verdict::Undecided`].
///
/// Built with [`Budget::new`], [`Budget::nodes`], [`Budget::unlimited`] or
/// [`Budget::default`] and adjusted with [`Budget::with_max_nodes`] and
/// [`Budget::with_time_limit`]; the fields can be read (and assigned) but not listed in a
/// struct literal outside this crate, so that limits can be added.
///
/// ```
/// use std::time::Duration;
/// use scorecheck_feasibility::Budget;
///
/// let budget = Budget::nodes(5_000).with_time_limit(Some(Duration::from_secs(2)));
/// assert_eq!(budget, Budget::new(5_000, Some(Duration::from_secs(2))));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Budget {
    /// Maximum number of branch-and-bound nodes (or enumerated points).
    pub max_nodes: u64,
    /// Wall-clock limit, if any.
    pub time_limit: Option<Duration>,
    /// A flag that ends the search as its time limit would once it is set (a caller who
    /// has left): see [`Budget::with_cancel`].
    pub cancel: Option<CancelFlag>,
}

/// A shared flag that stops a search once set (two flags are equal when they are the same
/// flag).
#[derive(Debug, Clone)]
pub struct CancelFlag(Arc<AtomicBool>);

impl CancelFlag {
    /// The flag `flag`.
    pub fn new(flag: Arc<AtomicBool>) -> Self {
        CancelFlag(flag)
    }

    /// Whether the flag is set.
    pub fn is_set(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

impl PartialEq for CancelFlag {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for CancelFlag {}

impl Default for Budget {
    /// 200 000 nodes and 60 seconds: far beyond what typical mean-of-scores problems need.
    fn default() -> Self {
        Budget {
            max_nodes: 200_000,
            time_limit: Some(Duration::from_secs(60)),
            cancel: None,
        }
    }
}

impl Budget {
    /// A budget of `max_nodes` nodes and the wall-clock limit `time_limit` (`None`: none).
    pub fn new(max_nodes: u64, time_limit: Option<Duration>) -> Self {
        Budget {
            max_nodes,
            time_limit,
            cancel: None,
        }
    }

    /// This budget with its node limit replaced.
    #[must_use]
    pub fn with_max_nodes(mut self, max_nodes: u64) -> Self {
        self.max_nodes = max_nodes;
        self
    }

    /// This budget with its wall-clock limit replaced (`None`: no time limit).
    #[must_use]
    pub fn with_time_limit(mut self, time_limit: Option<Duration>) -> Self {
        self.time_limit = time_limit;
        self
    }

    /// This budget with a flag that ends the search once set, as its time limit would (the
    /// pure backend reads it wherever it reads the clock; a backend that cannot be stopped
    /// midway keeps to its time limit).
    ///
    /// ```
    /// use std::sync::{atomic::AtomicBool, Arc};
    /// use scorecheck_feasibility::Budget;
    ///
    /// let flag = Arc::new(AtomicBool::new(true));
    /// assert!(Budget::default().with_cancel(flag).cancelled());
    /// assert!(!Budget::default().cancelled());
    /// ```
    #[must_use]
    pub fn with_cancel(mut self, flag: Arc<AtomicBool>) -> Self {
        self.cancel = Some(CancelFlag::new(flag));
        self
    }

    /// Whether the budget's cancel flag is set.
    pub fn cancelled(&self) -> bool {
        self.cancel.as_ref().is_some_and(CancelFlag::is_set)
    }

    /// A budget of `max_nodes` nodes and no time limit.
    pub fn nodes(max_nodes: u64) -> Self {
        Budget {
            max_nodes,
            time_limit: None,
            cancel: None,
        }
    }

    /// No limits at all (the search still ends: the variables are bounded integers).
    pub fn unlimited() -> Self {
        Budget {
            max_nodes: u64::MAX,
            time_limit: None,
            cancel: None,
        }
    }
}

/// A feasibility backend. Call it through [`crate::checked`], which verifies every witness.
pub trait Feasibility: Send + Sync {
    /// A short name for reports (`"pure"`, `"highs"`, `"brute-force"`).
    ///
    /// A `Cow` so that a fixed name costs nothing (`"pure".into()`) while a wrapper can name
    /// itself after what it wraps:
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use scorecheck_feasibility::{testing::BruteForce, Budget, Feasibility, Problem, Verdict};
    ///
    /// struct Counting<B>(B);
    /// impl<B: Feasibility> Feasibility for Counting<B> {
    ///     fn name(&self) -> Cow<'static, str> {
    ///         format!("counting({})", self.0.name()).into()
    ///     }
    ///     fn solve(&self, problem: &Problem, budget: &Budget) -> Verdict {
    ///         self.0.solve(problem, budget)
    ///     }
    /// }
    /// assert_eq!(Counting(BruteForce::default()).name(), "counting(brute-force)");
    /// ```
    fn name(&self) -> Cow<'static, str>;

    /// Decides whether `problem` has an integer point, within `budget`.
    fn solve(&self, problem: &Problem, budget: &Budget) -> Verdict;

    /// The least or greatest value of `objective` over the integer points of `problem`,
    /// within `budget`. Call it through [`crate::checked_optimize`], which verifies the
    /// point of every optimum.
    ///
    /// The default, [`crate::optimize_by_bisection`], is correct for any backend: exact
    /// bisection on the objective's grid of values by feasibility solves of this backend,
    /// each "feasible" re-checked exactly and each "infeasible" passing its certainty on.
    /// A backend may do better natively (a solver's own objective to find a candidate,
    /// then one solve of [`crate::strictly_better_than`] to prove it), as long as an
    /// [`Optimum::Optimal`] carries the certainty of its "nothing better" claim.
    fn optimize(
        &self,
        problem: &Problem,
        objective: &Objective,
        sense: Sense,
        budget: &Budget,
    ) -> Optimum {
        crate::optimize_by_bisection(self, problem, objective, sense, budget)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_conclusion_keeps_the_certainty_of_a_verdict_and_drops_the_rest() {
        let infeasible = |certainty| Verdict::Infeasible {
            certainty,
            reason: "r".into(),
        };
        assert_eq!(
            Conclusion::from(&Verdict::Feasible { witness: vec![1] }),
            Conclusion::Consistent
        );
        for certainty in [Certainty::Exact, Certainty::Solver] {
            let conclusion = Conclusion::from(&infeasible(certainty));
            assert_eq!(conclusion, Conclusion::Inconsistent { certainty });
            assert_eq!(
                conclusion.is_proven_inconsistent(),
                certainty == Certainty::Exact
            );
            // Written as fields and read back, the same conclusion.
            assert_eq!(
                Conclusion::from_fields(Some("inconsistent"), Some(certainty.as_str())),
                conclusion
            );
        }
        assert_eq!(
            Conclusion::from(&Verdict::Undecided { reason: "r".into() }),
            Conclusion::Undecided
        );
    }

    #[test]
    fn each_verdict_answers_true_to_its_own_question_only() {
        let verdicts = [
            Verdict::Feasible { witness: vec![1] },
            Verdict::Infeasible {
                certainty: Certainty::Exact,
                reason: "proof".into(),
            },
            Verdict::Undecided {
                reason: "budget".into(),
            },
        ];
        let answers: Vec<[bool; 3]> = verdicts
            .iter()
            .map(|v| [v.is_feasible(), v.is_infeasible(), v.is_undecided()])
            .collect();
        assert_eq!(
            answers,
            [
                [true, false, false],
                [false, true, false],
                [false, false, true]
            ]
        );
    }

    #[test]
    fn conclusions_read_from_fields_never_claim_more_than_they_say() {
        assert_eq!(
            Conclusion::from_fields(Some("consistent"), None),
            Conclusion::Consistent
        );
        assert_eq!(
            Conclusion::from_fields(Some("inconsistent"), Some("exact")),
            Conclusion::Inconsistent {
                certainty: Certainty::Exact
            }
        );
        assert_eq!(
            Conclusion::from_fields(Some("inconsistent"), Some("exactly")),
            Conclusion::Inconsistent {
                certainty: Certainty::Solver
            }
        );
        assert_eq!(
            Conclusion::from_fields(Some("Consistent"), None),
            Conclusion::Undecided
        );
    }

    #[test]
    fn budgets_hold_the_limits_they_are_given() {
        assert_eq!(Budget::unlimited(), Budget::new(u64::MAX, None));
        let budget = Budget::default().with_max_nodes(7);
        assert_eq!(budget.max_nodes, 7);
        assert_eq!(budget.time_limit, Budget::default().time_limit);
    }
}
