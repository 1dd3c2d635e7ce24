//! The microlp backend: good_lp's pure-Rust solver, whose "infeasible" counts only once certified.

use std::fmt;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;
use std::time::{Duration, Instant};

use ::microlp::{SolveOptions, SolveOutcome};
use good_lp::WithTimeLimit;
use scorecheck_feasibility::float_kit::{deadline, prepare, time_left, Prepared};
use scorecheck_feasibility::{checked, Budget, Certainty, Feasibility, Problem, Verdict};

use crate::farkas;
use crate::model::{feasible_or_undecided, integer_model};

/// microlp (pure Rust, `f64`) through good_lp; its [`Feasibility::name`] is `"microlp"`.
///
/// A point microlp calls feasible is rounded and checked exactly. microlp is known to call
/// feasible problems infeasible (its issues #10, #15 and #42), so its "infeasible" is
/// reported only when certified: by an exact Farkas certificate of the relaxation (see the
/// crate docs), or, if one was configured with [`MicroLp::confirmed_by`], by an exact
/// "infeasible" of that backend within what is left of the budget. Otherwise the answer
/// is [`Verdict::Undecided`].
#[derive(Clone, Default)]
pub struct MicroLp {
    confirmation: Option<Arc<dyn Feasibility>>,
}

impl fmt::Debug for MicroLp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MicroLp")
            .field(
                "confirmation",
                &self.confirmation.as_ref().map(|b| b.name()),
            )
            .finish()
    }
}

impl MicroLp {
    /// The backend that certifies "infeasible" with Farkas certificates only.
    pub fn new() -> Self {
        Self::default()
    }

    /// The backend that hands what microlp does not settle to `exact` (for example the
    /// exact pure backend of `scorecheck-feasibility-pure`): an "infeasible" no Farkas
    /// certificate proves, a point that fails the exact check, a limit reached. microlp then
    /// gets a quarter of the time left, at most 5 seconds, and `exact` the rest. Only an
    /// "infeasible" of `exact` with [`Certainty::Exact`] counts; a point it finds is the answer.
    pub fn confirmed_by(exact: impl Feasibility + 'static) -> Self {
        MicroLp {
            confirmation: Some(Arc::new(exact)),
        }
    }
}

impl Feasibility for MicroLp {
    fn name(&self) -> std::borrow::Cow<'static, str> {
        "microlp".into()
    }

    fn solve(&self, problem: &Problem, budget: &Budget) -> Verdict {
        let start = Instant::now();
        let prepared = match prepare(problem) {
            Ok(prepared) => prepared,
            Err(verdict) => return verdict,
        };
        let deadline = deadline(start, budget);
        let left = match time_left(deadline) {
            Ok(left) => left,
            Err(verdict) => return verdict,
        };
        // microlp holds integer bounds in an i32.
        let narrow = |x: i64| i32::try_from(x).is_ok();
        if !problem
            .variables()
            .iter()
            .all(|v| narrow(v.lower) && narrow(v.upper))
        {
            return self.fall_back(
                problem,
                budget,
                deadline,
                "microlp holds integer bounds in 32 bits; a variable bound is larger".to_string(),
            );
        }
        // With an exact backend behind it, microlp gets a share of the time only.
        let microlp_left = self.microlp_share(left);
        let run = catch_unwind(AssertUnwindSafe(|| {
            run(problem, &prepared, budget, microlp_left)
        }));
        match run {
            Ok(Run::Point(values)) => match feasible_or_undecided(problem, &values, "microlp") {
                Verdict::Undecided { reason } => self.fall_back(problem, budget, deadline, reason),
                verdict => verdict,
            },
            Ok(Run::NoAnswer(reason)) => self.fall_back(problem, budget, deadline, reason),
            Ok(Run::Infeasible) => self.certify(problem, &prepared, budget, deadline),
            Err(_) => self.fall_back(
                problem,
                budget,
                deadline,
                "microlp failed unexpectedly (it panicked)".to_string(),
            ),
        }
    }
}

/// With a confirming backend, microlp gets at most this fraction of the time left ...
const CONFIRMED_SHARE: u32 = 4;
/// ... and at most this long: the exact backend behind it is the surer way to an answer.
const CONFIRMED_CAP: Duration = Duration::from_secs(5);

/// What one microlp run reported, before any exact checking.
enum Run {
    Point(Vec<f64>),
    Infeasible,
    NoAnswer(String),
}

fn run(problem: &Problem, prepared: &Prepared, budget: &Budget, left: Option<Duration>) -> Run {
    let (model, _) = integer_model(problem, prepared.float_rows(), good_lp::microlp);
    // good_lp sets microlp's time limit but not its node limit, so the inner problem is
    // solved here with both.
    let mut options = SolveOptions::default();
    options.time_limit = left;
    options.node_limit = Some(budget.max_nodes);
    match model.as_inner().solve_with(options) {
        Ok(SolveOutcome::Solution(solution)) => {
            Run::Point(solution.iter().map(|(_, value)| value).collect())
        }
        Ok(SolveOutcome::Interrupted(interrupted)) => Run::NoAnswer(format!(
            "microlp stopped without a point ({:?})",
            interrupted.termination_reason()
        )),
        Err(::microlp::Error::Infeasible) => Run::Infeasible,
        Err(error) => Run::NoAnswer(format!("microlp failed: {error}")),
    }
}

impl MicroLp {
    /// The time microlp gets of `left`: all of it, unless an exact backend stands behind.
    fn microlp_share(&self, left: Option<Duration>) -> Option<Duration> {
        match (&self.confirmation, left) {
            (None, left) => left,
            (Some(_), Some(left)) => Some((left / CONFIRMED_SHARE).min(CONFIRMED_CAP)),
            (Some(_), None) => Some(CONFIRMED_CAP),
        }
    }

    /// Certifies microlp's "infeasible", or says why it could not be.
    fn certify(
        &self,
        problem: &Problem,
        prepared: &Prepared,
        budget: &Budget,
        deadline: Option<Instant>,
    ) -> Verdict {
        let Ok(left) = time_left(deadline) else {
            return self.fall_back(problem, budget, deadline, UNCERTIFIED.to_string());
        };
        let left = self.microlp_share(left);
        let proposal = catch_unwind(AssertUnwindSafe(|| {
            farkas::propose(
                problem,
                prepared.float_rows(),
                good_lp::microlp,
                |model| match left {
                    Some(left) => model.with_time_limit(left.as_secs_f64()),
                    None => model,
                },
            )
        }));
        if let Ok(Some(y)) = proposal {
            if farkas::certifies(problem, prepared.integer_rows(), prepared.float_rows(), &y) {
                return Verdict::Infeasible {
                    certainty: Certainty::Exact,
                    reason: "microlp found no integer point, and an exact Farkas certificate \
                             shows that not even a fractional point satisfies the rows \
                             (bounds rounded inwards to integers)"
                        .to_string(),
                };
            }
        }
        if self.confirmation.is_none() {
            return Verdict::Undecided {
                reason: UNCERTIFIED.to_string(),
            };
        }
        self.fall_back(problem, budget, deadline, UNCERTIFIED.to_string())
    }

    /// The answer of the confirming backend, if there is one, with what is left of the
    /// budget; else (or if it does not prove anything) undecided, saying why microlp did
    /// not settle the question.
    fn fall_back(
        &self,
        problem: &Problem,
        budget: &Budget,
        deadline: Option<Instant>,
        why: String,
    ) -> Verdict {
        let Some(exact) = &self.confirmation else {
            return Verdict::Undecided { reason: why };
        };
        let Ok(left) = time_left(deadline) else {
            return Verdict::Undecided {
                reason: format!("{why}; the time limit was reached before the exact solve"),
            };
        };
        let confirming = Budget::new(budget.max_nodes, left);
        match checked(exact.as_ref(), problem, &confirming) {
            Verdict::Infeasible {
                certainty: Certainty::Exact,
                reason,
            } => Verdict::Infeasible {
                certainty: Certainty::Exact,
                reason: format!(
                    "{why}; the {} backend proved it exactly: {reason}",
                    exact.name()
                ),
            },
            Verdict::Feasible { witness } => Verdict::Feasible { witness },
            Verdict::Infeasible { .. } => Verdict::Undecided {
                reason: format!(
                    "{why}; the {} backend found no point either, but not with an exact proof",
                    exact.name()
                ),
            },
            Verdict::Undecided { reason } => Verdict::Undecided {
                reason: format!(
                    "{why}; the exact solve by the {} backend did not finish: {reason}",
                    exact.name()
                ),
            },
            // An answer of a kind added later confirms nothing.
            other => Verdict::Undecided {
                reason: format!(
                    "{why}; the {} backend gave an answer this backend does not know: {other:?}",
                    exact.name()
                ),
            },
        }
    }
}

/// Why microlp's own "infeasible" is not an answer.
const UNCERTIFIED: &str = "microlp reported no integer point, but microlp is known to \
                           misreport infeasibility and no Farkas certificate of the \
                           relaxation confirms it";
