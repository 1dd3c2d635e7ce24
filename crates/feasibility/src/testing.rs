//! The brute-force oracle: enumerates every integer point of a small problem.

use crate::{Budget, Certainty, Feasibility, Problem, Verdict};

/// Enumerates every integer point of the variable box and checks each exactly.
///
/// Only for small problems (a few variables with small ranges): it is the oracle of the
/// differential tests of every backend. Boxes larger than `max_points` (or than the
/// budget's node limit) are answered [`Verdict::Undecided`] without enumerating.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct BruteForce {
    /// The largest box enumerated.
    pub max_points: u64,
}

impl BruteForce {
    /// The oracle enumerating boxes of at most `max_points` points.
    pub fn new(max_points: u64) -> Self {
        BruteForce { max_points }
    }
}

impl Default for BruteForce {
    /// At most a million points.
    fn default() -> Self {
        BruteForce {
            max_points: 1_000_000,
        }
    }
}

impl Feasibility for BruteForce {
    fn name(&self) -> std::borrow::Cow<'static, str> {
        "brute-force".into()
    }

    fn solve(&self, problem: &Problem, budget: &Budget) -> Verdict {
        if let Some(reason) = problem.trivially_infeasible() {
            return Verdict::Infeasible {
                certainty: Certainty::Exact,
                reason,
            };
        }
        let size = problem.box_size();
        let limit = self.max_points.min(budget.max_nodes);
        if size > u128::from(limit) {
            return Verdict::Undecided {
                reason: format!("the box has {size} points, more than the {limit} enumerated"),
            };
        }
        let vars = problem.variables();
        let mut point: Vec<i64> = vars.iter().map(|v| v.lower).collect();
        loop {
            if problem.check(&point).is_ok() {
                return Verdict::Feasible { witness: point };
            }
            // Odometer step: the first coordinate below its upper bound goes up, the ones
            // before it go back to their lower bounds.
            let Some(i) = (0..vars.len()).find(|&i| point[i] < vars[i].upper) else {
                return Verdict::Infeasible {
                    certainty: Certainty::Exact,
                    reason: format!("none of the {size} integer points satisfies every row"),
                };
            };
            point[i] += 1;
            for (p, v) in point.iter_mut().zip(vars).take(i) {
                *p = v.lower;
            }
        }
    }
}
