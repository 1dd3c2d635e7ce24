//! The exact single-confusion-matrix engine: can the reported windows all hold at one
//! matrix (tp, tn) with 0 ≤ tp ≤ p, 0 ≤ tn ≤ n?
//!
//! Every score is monotone in tp and in tn (see `Score::trends`), so at a fixed tp each
//! window selects an interval of tn, and the feasible tn form a band [LO(tp), HI(tp)] whose
//! ends move monotonically with tp. The engine ([`check`]) decides by exact branch and bound
//! over ranges of tp (the [`grid`] module explains the cut into pieces and the directions),
//! counts the feasible pairs within a budget, lists the first witnesses in (tp, tn) order,
//! and explains an inconsistency by a minimal inconsistent subset of the scores.
//!
//! Floats only guess where a binary search should start; every comparison that decides
//! anything is exact, and every witness is re-checked with `ConfusionMatrix::exact`. A
//! search that runs out of budget answers [`Verdict::Undecided`], never a guess.
//!
//! ```
//! use scorecheck::single::{check, Options, Problem, Verdict, Window};
//! use scorecheck::algebra::{parse_decimal, reported_interval, Params, Score};
//!
//! let eps = parse_decimal("0.0001").unwrap();
//! let tol = parse_decimal("0.000001").unwrap();
//! let window = |score, text: &str| {
//!     let reported = parse_decimal(text).unwrap();
//!     let (lower, upper) = reported_interval(&reported, &eps, &tol);
//!     Window { score, lower, upper, reported }
//! };
//! let problem = Problem {
//!     p: 1000,
//!     n: 6000,
//!     windows: vec![window(Score::Acc, "0.6821"), window(Score::Npv, "0.9401"), window(Score::F1p, "0.4004")],
//!     params: Params::default(),
//! };
//! let outcome = check(&problem, &Options { max_witnesses: 5, ..Options::default() });
//! assert_eq!(outcome.verdict, Verdict::Consistent);
//! assert_eq!(outcome.witnesses, vec![(743, 4031), (743, 4032)]);
//! assert_eq!(outcome.n_valid_tptn_pairs, Some(2));
//! ```

mod count;
mod eval;
mod explain;
mod grid;
mod search;

use std::time::Instant;

use num_rational::BigRational;
use scorecheck_algebra::{Params, Score};

use eval::{Evaluator, Halt};
use grid::Grid;
use search::{first_feasible_tp, Coverage};

/// One reported score and the closed window of exact values it stands for.
#[derive(Clone, Debug, PartialEq)]
pub struct Window {
    /// The score.
    pub score: Score,
    /// Smallest value the report allows (v − eps − tol).
    pub lower: BigRational,
    /// Largest value the report allows (v + eps + tol).
    pub upper: BigRational,
    /// The reported value itself, for messages.
    pub reported: BigRational,
}

/// A single-matrix problem: p positives, n negatives, and the reported windows.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    /// Positives.
    pub p: u64,
    /// Negatives.
    pub n: u64,
    /// The reported windows; all must hold at one matrix.
    pub windows: Vec<Window>,
    /// Parameters of fbp and fbn.
    pub params: Params,
}

/// Budgets and what to compute besides the verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// How many witnesses to list (the first ones in (tp, tn) order).
    pub max_witnesses: usize,
    /// Exact evaluations allowed for the decision before answering undecided.
    pub max_steps: u64,
    /// Interior tp columns the exact count may visit before it gives a lower bound only
    /// (0: count only the border of the grid; an interior that is not empty then leaves
    /// the count unknown).
    pub count_budget: u64,
    /// Whether to explain an inconsistency by a minimal inconsistent subset.
    pub explain: bool,
    /// When to give up: the decision answers undecided, the count gives a lower bound only
    /// and the explanation settles for what it has (`None`: no deadline).
    pub deadline: Option<Instant>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            max_witnesses: 1,
            max_steps: 50_000_000,
            // An exact evaluation at large counts costs 0.1–1 ms (big-rational gcds), so a
            // column costs about a millisecond: 1_000 columns bound the default count by
            // about a second; callers wanting exact counts of dense problems raise it.
            count_budget: 200_000,
            explain: true,
            deadline: None,
        }
    }
}

/// The answer to a problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Some matrix satisfies every window (a witness is listed).
    Consistent,
    /// No matrix satisfies every window.
    Inconsistent,
    /// The budget ran out, or an internal check failed, before a verdict.
    Undecided {
        /// Why no verdict was reached.
        reason: String,
        /// What part of the search was completed.
        covered: String,
    },
}

/// Why the reported scores are inconsistent, in terms a reader can check.
#[derive(Clone, Debug, PartialEq)]
pub struct Explanation {
    /// A minimal inconsistent subset of the reported scores (deletion filtering).
    pub scores: Vec<Score>,
    /// One sentence saying what goes wrong.
    pub sentence: String,
    /// The range the other scores of the subset force on the last one, rounded outward
    /// to 4 decimals (display only).
    pub forced_range: Option<(Score, f64, f64)>,
}

/// Everything the engine found out.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// The verdict.
    pub verdict: Verdict,
    /// The first feasible pairs (tp, tn) in increasing order, each re-checked exactly.
    pub witnesses: Vec<(u64, u64)>,
    /// The exact number of feasible pairs, `None` when counting ran out of budget.
    pub n_valid_tptn_pairs: Option<u128>,
    /// A lower bound on the number of feasible pairs (exact when the count is).
    pub count_lower_bound: u128,
    /// The explanation of an inconsistency, when asked for.
    pub explanation: Option<Explanation>,
    /// Exact evaluations spent.
    pub steps: u64,
}

impl Outcome {
    /// An inconsistency found before any search, explained by `sentence`.
    pub fn inconsistent_because(sentence: String) -> Outcome {
        Outcome {
            verdict: Verdict::Inconsistent,
            witnesses: Vec::new(),
            n_valid_tptn_pairs: Some(0),
            count_lower_bound: 0,
            explanation: Some(Explanation {
                scores: Vec::new(),
                sentence,
                forced_range: None,
            }),
            steps: 0,
        }
    }
}

/// The least time the explanation of an inconsistency may take (see [`check`]).
pub const EXPLAIN_MIN_BUDGET: std::time::Duration = std::time::Duration::from_secs(1);

/// Decides, counts, lists witnesses and explains, as `options` ask.
pub fn check(problem: &Problem, options: &Options) -> Outcome {
    let started = Instant::now();
    let mut ev = Evaluator::new(
        problem.p,
        problem.n,
        &problem.windows,
        &problem.params,
        options.max_steps,
    );
    ev.deadline = options.deadline;
    let mut coverage = Coverage::default();
    let decided = Grid::build(&mut ev).and_then(|grid| {
        let first = first_feasible_tp(&grid, &mut ev, 0, &mut coverage)?;
        Ok((grid, first))
    });
    let (grid, first) = match decided {
        Ok(found) => found,
        Err(halt) => return undecided(halt, &coverage, ev.steps, options.max_steps),
    };
    let Some(first) = first else {
        let explanation = if options.explain {
            // The explanation is a courtesy after a verdict reached exactly: it gets a budget
            // of its own (ten times what the decision took, at least EXPLAIN_MIN_BUDGET,
            // never past the caller's deadline), so that a millisecond decision is not
            // followed by a minute of explaining.
            let spent = started.elapsed();
            let own = Instant::now() + (spent * 10).max(EXPLAIN_MIN_BUDGET);
            let deadline = Some(options.deadline.map_or(own, |d| d.min(own)));
            Some(explain::explain(
                problem,
                &Options {
                    deadline,
                    ..options.clone()
                },
            ))
        } else {
            None
        };
        return Outcome {
            verdict: Verdict::Inconsistent,
            witnesses: Vec::new(),
            n_valid_tptn_pairs: Some(0),
            count_lower_bound: 0,
            explanation,
            steps: ev.steps,
        };
    };
    // Witnesses and counting follow a verdict already reached; their work is not part of
    // the decision's budget, and the witnesses (at most max_witnesses) are listed whatever
    // the clock says, so that a verdict always comes with one.
    ev.max_steps = u64::MAX;
    ev.deadline = None;
    // The first witness is listed whatever the clock says (its column is known to hold
    // one), so that a verdict always comes with one; further witnesses only while the
    // deadline holds.
    let listed = count::witnesses(&grid, &mut ev, 1, first).and_then(|one| {
        if options.max_witnesses <= 1 || one.is_empty() {
            return Ok(one);
        }
        ev.deadline = options.deadline;
        match count::witnesses(&grid, &mut ev, options.max_witnesses, first) {
            Err(Halt::TimeLimit) => Ok(one),
            other => other,
        }
    });
    let witnesses = match listed {
        Ok(found) if !found.is_empty() => found,
        Ok(_) => {
            return undecided(
                Halt::Anomaly("no witness could be listed".into()),
                &coverage,
                ev.steps,
                0,
            )
        }
        Err(halt) => return undecided(halt, &coverage, ev.steps, 0),
    };
    ev.deadline = options.deadline;
    let (n_valid_tptn_pairs, count_lower_bound) =
        match count::count(&grid, &mut ev, options.count_budget) {
            Ok(c) => (c.exact, c.lower_bound.max(witnesses.len() as u128)),
            Err(_) => (None, witnesses.len() as u128),
        };
    let mut witnesses = witnesses;
    witnesses.truncate(options.max_witnesses);
    Outcome {
        verdict: Verdict::Consistent,
        witnesses,
        n_valid_tptn_pairs,
        count_lower_bound,
        explanation: None,
        steps: ev.steps,
    }
}

/// The outcome of a search that stopped before a verdict.
fn undecided(halt: Halt, coverage: &Coverage, steps: u64, max_steps: u64) -> Outcome {
    let reason = match halt {
        Halt::Budget => {
            format!("the budget of {max_steps} exact evaluations ran out before a verdict")
        }
        Halt::TimeLimit => "the time limit ran out before a verdict (raise time_limit)".to_string(),
        Halt::Anomaly(what) => format!("an internal consistency check failed: {what}"),
    };
    let covered = if coverage.total == 0 {
        "the border of the grid (tp = 0, tp = p, tn = 0, tn = n) was being searched; the interior was not reached".to_string()
    } else {
        let share = coverage.resolved as f64 / coverage.total as f64 * 100.0;
        format!(
            "{} of {} interior tp values ({share:.2}%) were decided (looked at or ruled out) with no feasible matrix found",
            coverage.resolved, coverage.total
        )
    };
    Outcome {
        verdict: Verdict::Undecided { reason, covered },
        witnesses: Vec::new(),
        n_valid_tptn_pairs: None,
        count_lower_bound: 0,
        explanation: None,
        steps,
    }
}
