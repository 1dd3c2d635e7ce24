//! The exact single-confusion-matrix engine: can the reported windows all hold at one
//! matrix (tp, tn) with 0 ≤ tp ≤ p, 0 ≤ tn ≤ n?
//!
//! Every score is monotone in tp and in tn (see `Score::trends`), so at a fixed tp each
//! window selects an interval of tn, and the feasible tn form a band [LO(tp), HI(tp)] whose
//! ends move monotonically with tp. The engine ([`check`]) decides by exact branch and bound
//! over ranges of tp (the `grid` module explains the cut into pieces and the directions),
//! counts the feasible pairs within a budget (walking the band's ends from one column to the
//! next, see the `walk` module), lists the first witnesses in (tp, tn) order, and explains an
//! inconsistency by a minimal inconsistent subset of the scores.
//! Around it: [`auc_windows`] (a reported ROC AUC as two windows on counts), [`range`]
//! (exact extremes of a score or the AUC over the consistent matrices), [`splits`] (which
//! class splits p + n = N of a test set of known size fit) and [`repairs`] (the smallest
//! sets of figures whose removal makes a report consistent).
//!
//! Floats only guess where a binary search should start; every comparison that decides
//! anything is exact, and every witness is re-checked with `ConfusionMatrix::exact`. Exact
//! comparisons are made in fixed-width integers where the score has an integer form and
//! the products fit (the `fast` module), with big rationals otherwise. A search that runs out of
//! budget answers [`Verdict::Undecided`], never a guess.
//!
//! ```
//! use scorecheck_single::{check, Options, Problem, Verdict, Window};
//! use scorecheck_algebra::{parse_decimal, Score};
//!
//! let eps = parse_decimal("0.0001").unwrap();
//! let tol = parse_decimal("0.000001").unwrap();
//! let window = |score, text: &str| Window::around(score, parse_decimal(text).unwrap(), &eps, &tol);
//! let problem = Problem::new(
//!     1000,
//!     6000,
//!     vec![window(Score::Acc, "0.6821"), window(Score::Npv, "0.9401"), window(Score::F1p, "0.4004")],
//! );
//! let outcome = check(&problem, &Options::default().with_max_witnesses(5));
//! assert_eq!(outcome.verdict, Verdict::Consistent);
//! assert_eq!(outcome.witnesses, vec![(743, 4031), (743, 4032)]);
//! assert_eq!(outcome.n_valid_tptn_pairs, Some(2));
//! ```
//!
//! Cargo features: `serde` (`Serialize`/`Deserialize` derives on the typed values; no format
//! is imposed). None is on by default.

#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(unreachable_pub)]

mod auc;
mod count;
mod eval;
mod explain;
mod fast;
mod grid;
mod ranges;
mod region;
mod repair;
mod search;
mod setups;
mod walk;

// The foundation types this crate's signatures name, so that a dependent needs no other
// crate to call it.
pub use num_rational::BigRational;
pub use scorecheck_algebra::{parse_decimal, Params, Score};
pub use scorecheck_clock::{Instant, Stop};

pub use auc::{achievable_auc, auc_windows, AucWindow};
use eval::{Evaluator, Halt};
pub use explain::shown_figure;
use grid::Grid;
pub use ranges::{
    auc_range, consistent_columns, range, RangeOutcome, RangeStop, RangeTarget, MAX_COLUMNS,
};
pub use region::{columns, Column, RegionStop};
pub use repair::{repairs, AucFigure, Figure, Repair, Repairs};
use search::{first_feasible_tp, Coverage};
pub use setups::{splits, Setup, SplitProblem, SplitStop, Splits};

/// One reported score and the closed window of exact values it stands for.
///
/// Built by [`Window::around`] (a reported value and its uncertainty) or [`Window::new`]
/// (two ends; a reversed pair is an error), so that fields may be added.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Window {
    /// The score.
    pub score: Score,
    /// Smallest value the report allows (v − eps − tol).
    #[cfg_attr(feature = "serde", serde(with = "scorecheck_algebra::serde_text"))]
    pub lower: BigRational,
    /// Largest value the report allows (v + eps + tol).
    #[cfg_attr(feature = "serde", serde(with = "scorecheck_algebra::serde_text"))]
    pub upper: BigRational,
    /// The reported value itself, for messages.
    #[cfg_attr(feature = "serde", serde(with = "scorecheck_algebra::serde_text"))]
    pub reported: BigRational,
}

impl Window {
    /// The window of `score` reported as `reported` with uncertainty `eps` and numerical
    /// tolerance `tol`: [reported − eps − tol, reported + eps + tol].
    ///
    /// ```
    /// use scorecheck_algebra::{parse_decimal, Score};
    /// use scorecheck_single::Window;
    ///
    /// let q = |t: &str| parse_decimal(t).unwrap();
    /// let w = Window::around(Score::Acc, q("0.95"), &q("0.005"), &q("0"));
    /// assert_eq!((w.lower, w.upper), (q("0.945"), q("0.955")));
    /// ```
    pub fn around(
        score: Score,
        reported: BigRational,
        eps: &BigRational,
        tol: &BigRational,
    ) -> Window {
        let (lower, upper) = scorecheck_algebra::reported_interval(&reported, eps, tol);
        Window {
            score,
            lower,
            upper,
            reported,
        }
    }

    /// The window [`lower`, `upper`] of `score`, reported as its midpoint (change that with
    /// [`Window::with_reported`]).
    ///
    /// # Errors
    ///
    /// When `lower > upper` (a reversed window is a mistake of the caller's, not a finding).
    ///
    /// ```
    /// use scorecheck_algebra::{parse_decimal, Score};
    /// use scorecheck_single::Window;
    ///
    /// let q = |t: &str| parse_decimal(t).unwrap();
    /// let w = Window::new(Score::Acc, q("0.9"), q("1"))?;
    /// assert_eq!(w.reported, q("0.95"));
    /// let reversed = Window::new(Score::Acc, q("1"), q("0.9")).unwrap_err();
    /// assert_eq!(reversed.to_string(), "the window of acc is reversed (lower 1 > upper 9/10); give the smaller end first");
    /// # Ok::<(), scorecheck_single::WindowError>(())
    /// ```
    pub fn new(
        score: Score,
        lower: BigRational,
        upper: BigRational,
    ) -> Result<Window, WindowError> {
        let midpoint = (&lower + &upper) / BigRational::from_integer(2.into());
        Window::reported(score, midpoint, lower, upper)
    }

    /// The window [`lower`, `upper`] of a score reported as `reported` (the value messages
    /// show), without computing a midpoint first as [`Window::new`] does.
    ///
    /// # Errors
    ///
    /// A [`WindowError`] when `lower > upper`.
    pub fn reported(
        score: Score,
        reported: BigRational,
        lower: BigRational,
        upper: BigRational,
    ) -> Result<Window, WindowError> {
        if lower > upper {
            return Err(WindowError {
                ends: Box::new((score, lower, upper)),
            });
        }
        Ok(Window {
            score,
            lower,
            upper,
            reported,
        })
    }

    /// The same window with `reported` as the value shown in messages.
    #[must_use]
    pub fn with_reported(mut self, reported: BigRational) -> Window {
        self.reported = reported;
        self
    }
}

/// A window whose lower end is above its upper end ([`Window::new`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WindowError {
    // Boxed: the error stays one pointer wide in every `Result`.
    ends: Box<(Score, BigRational, BigRational)>,
}

impl WindowError {
    /// The score whose window is reversed.
    pub fn score(&self) -> Score {
        self.ends.0
    }

    /// The field a request names the window by: `scores.<abbreviation>`.
    pub fn field(&self) -> String {
        format!("scores.{}", self.ends.0.abbreviation())
    }
}

impl std::fmt::Display for WindowError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the window of {} is reversed (lower {} > upper {}); give the smaller end first",
            self.ends.0.abbreviation(),
            self.ends.1,
            self.ends.2
        )
    }
}

impl std::error::Error for WindowError {}

/// A single-matrix problem: p positives, n negatives, and the reported windows.
///
/// Built by [`Problem::new`] and the `with_*` methods, so that fields may be added:
///
/// ```
/// use scorecheck_algebra::{parse_decimal, Params, Score};
/// use scorecheck_single::{Problem, Window};
///
/// let q = |t: &str| parse_decimal(t).unwrap();
/// let problem = Problem::new(10, 20, vec![Window::around(Score::Acc, q("0.5"), &q("0.01"), &q("0"))])
///     .with_window(Window::around(Score::Fbp, q("0.4"), &q("0.01"), &q("0")))
///     .with_params(Params::with_betas(q("2"), q("1")));
/// assert_eq!((problem.p, problem.n, problem.windows.len()), (10, 20, 2));
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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

impl Problem {
    /// `p` positives and `n` negatives under `windows`, with the default parameters (beta 1).
    pub fn new(p: u64, n: u64, windows: Vec<Window>) -> Problem {
        Problem {
            p,
            n,
            windows,
            params: Params::default(),
        }
    }

    /// The same problem with one more window.
    #[must_use]
    pub fn with_window(mut self, window: Window) -> Problem {
        self.windows.push(window);
        self
    }

    /// The same problem with the parameters of fbp and fbn set.
    #[must_use]
    pub fn with_params(mut self, params: Params) -> Problem {
        self.params = params;
        self
    }
}

/// Budgets and what to compute besides the verdict.
///
/// Built from [`Options::default`] and the `with_*` methods (new options may be added):
///
/// ```
/// let options = scorecheck_single::Options::default().with_max_witnesses(5).with_explain(false);
/// assert_eq!(options.max_witnesses, 5);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// How many witnesses to list (the first ones in (tp, tn) order).
    pub max_witnesses: usize,
    /// Exact evaluations allowed for the decision before answering undecided.
    pub max_steps: u64,
    /// Interior tp columns the exact count may visit before it gives a lower bound only
    /// (0: count only the border of the grid; an interior that is not empty then leaves
    /// the count unknown).
    ///
    /// A column is visited when its band is computed, whether by a search of its own or by
    /// walking from the previous column (runs of columns with one band, and ranges proved
    /// empty, are counted without visiting them). Walking costs tens of nanoseconds a column
    /// for every score but pt (integer polynomials, while they fit in 125 bits: up to about
    /// 1e6 per class at four-decimal windows), about a microsecond otherwise; the deadline
    /// is looked at every few thousand columns.
    pub count_budget: u64,
    /// Whether to explain an inconsistency by a minimal inconsistent subset.
    pub explain: bool,
    /// When to give up: the decision answers undecided, the count gives a lower bound only
    /// and the explanation settles for what it has (`None`: no deadline).
    pub deadline: Option<Instant>,
    /// The caller's request to stop early (a client that left, Ctrl-C), asked wherever the
    /// deadline is looked at; when it answers true the work ends as if the deadline had
    /// passed. Asking it reads no clock.
    pub stop: Stop,
    /// Whether the explanation's sentence shows the figures in percent (× 100, as a paper
    /// given in percent printed them; the likelihood ratios and the odds ratio as they are).
    /// Display only: the windows are fractions either way.
    pub percent: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            max_witnesses: 1,
            max_steps: 50_000_000,
            // Walked columns cost 10–30 ns on the integer path (mcc alone at p = n = 1e6 walks
            // about 550_000 of them in about 10 ms), about a microsecond otherwise (pt, huge
            // counts): 5_000_000 bounds the default count by 0.1 s on the integer path and a
            // few seconds otherwise, and the deadline stops it sooner.
            count_budget: 5_000_000,
            explain: true,
            deadline: None,
            stop: Stop::never(),
            percent: false,
        }
    }
}

impl Options {
    /// Lists up to `k` witnesses.
    #[must_use]
    pub fn with_max_witnesses(mut self, k: usize) -> Options {
        self.max_witnesses = k;
        self
    }

    /// Allows `steps` exact evaluations for the decision.
    #[must_use]
    pub fn with_max_steps(mut self, steps: u64) -> Options {
        self.max_steps = steps;
        self
    }

    /// Lets the exact count visit up to `columns` interior tp columns.
    #[must_use]
    pub fn with_count_budget(mut self, columns: u64) -> Options {
        self.count_budget = columns;
        self
    }

    /// Whether to explain an inconsistency.
    #[must_use]
    pub fn with_explain(mut self, explain: bool) -> Options {
        self.explain = explain;
        self
    }

    /// Gives up at `deadline` (`None`: never).
    #[must_use]
    pub fn with_deadline(mut self, deadline: Option<Instant>) -> Options {
        self.deadline = deadline;
        self
    }

    /// Stops when `stop` asks to, as at the deadline.
    #[must_use]
    pub fn with_stop(mut self, stop: Stop) -> Options {
        self.stop = stop;
        self
    }

    /// Whether the deadline has passed or the caller asked to stop (no clock is read
    /// without a deadline).
    pub(crate) fn passed(&self) -> bool {
        self.stop.requested() || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Shows the figures of the explanation's sentence in percent.
    #[must_use]
    pub fn with_percent(mut self, percent: bool) -> Options {
        self.percent = percent;
        self
    }
}

/// Why a search stopped before a verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum StopReason {
    /// The budget of exact evaluations ([`Options::max_steps`]) ran out.
    Budget {
        /// The budget that ran out.
        max_steps: u64,
    },
    /// The deadline passed.
    TimeLimit,
    /// An internal consistency check failed (a bug, reported rather than guessed past).
    Anomaly(String),
}

impl std::fmt::Display for StopReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StopReason::Budget { max_steps } => write!(
                f,
                "the budget of {max_steps} exact evaluations ran out before a verdict"
            ),
            StopReason::TimeLimit => {
                f.write_str("the time limit ran out before a verdict (raise time_limit)")
            }
            StopReason::Anomaly(what) => {
                write!(f, "an internal consistency check failed: {what}")
            }
        }
    }
}

/// How much of the search a stopped search completed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Covered {
    /// Only the border of the grid (tp = 0, tp = p, tn = 0, tn = n) was being searched.
    Border,
    /// `resolved` of `total` interior tp values were decided with no feasible matrix.
    Interior {
        /// Interior tp values decided (looked at or ruled out).
        resolved: u128,
        /// Interior tp values in all.
        total: u128,
    },
}

impl std::fmt::Display for Covered {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Covered::Border => f.write_str(
                "the border of the grid (tp = 0, tp = p, tn = 0, tn = n) was being searched; the interior was not reached",
            ),
            Covered::Interior { resolved, total } => {
                let share = resolved as f64 / total as f64 * 100.0;
                write!(
                    f,
                    "{resolved} of {total} interior tp values ({share:.2}%) were decided (looked at or ruled out) with no feasible matrix found"
                )
            }
        }
    }
}

/// The answer to a problem.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Verdict {
    /// Some matrix satisfies every window (a witness is listed).
    Consistent,
    /// No matrix satisfies every window.
    Inconsistent,
    /// The budget ran out, or an internal check failed, before a verdict.
    Undecided {
        /// Why no verdict was reached.
        reason: StopReason,
        /// What part of the search was completed.
        covered: Covered,
    },
}

/// A short sentence: `consistent`, `inconsistent (exact)` (every verdict of this engine is
/// exact), or `undecided: ` and the reason.
///
/// ```
/// use scorecheck_single::{Covered, StopReason, Verdict};
///
/// assert_eq!(Verdict::Consistent.to_string(), "consistent");
/// assert_eq!(Verdict::Inconsistent.to_string(), "inconsistent (exact)");
/// let undecided = Verdict::Undecided { reason: StopReason::TimeLimit, covered: Covered::Border };
/// assert_eq!(undecided.to_string(), "undecided: the time limit ran out before a verdict (raise time_limit)");
/// ```
impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Verdict::Consistent => f.write_str("consistent"),
            Verdict::Inconsistent => f.write_str("inconsistent (exact)"),
            Verdict::Undecided { reason, .. } => write!(f, "undecided: {reason}"),
        }
    }
}

/// Why the reported scores are inconsistent, in terms a reader can check.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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

/// Whether `score` is one of the two internal scores a reported AUC becomes (sens·spec and
/// fnr·fpr: an AUC window on a test set is a window on each, see [`auc_windows`]);
/// explanations name such a window "auc".
pub fn is_auc_window(score: Score) -> bool {
    matches!(score, Score::SensTimesSpec | Score::FnrTimesFpr)
}

/// `score` at two matrices `a` and `b` = (tp, tn) of one test set (p, n) compared exactly,
/// in fixed-width integers (no allocation): `None` when that cannot decide (pt, a value
/// undefined at either matrix, or a product past 256 bits), and the caller compares the
/// exact values instead.
///
/// ```
/// use std::cmp::Ordering;
/// use scorecheck_algebra::{Params, Score};
///
/// let params = Params::default();
/// // acc 0.6 at both: (5, 1) and (3, 3) with p = n = 5.
/// assert_eq!(scorecheck_single::compare_at(Score::Acc, &params, 5, 5, (5, 1), (3, 3)), Some(Ordering::Equal));
/// assert_eq!(scorecheck_single::compare_at(Score::Mcc, &params, 5, 5, (5, 1), (3, 3)), Some(Ordering::Greater));
/// ```
pub fn compare_at(
    score: Score,
    params: &Params,
    p: u64,
    n: u64,
    a: (u64, u64),
    b: (u64, u64),
) -> Option<std::cmp::Ordering> {
    fast::compare_at(score, params, p, n, a, b)
}

/// The least time the explanation of an inconsistency may take (see [`check`]).
pub const EXPLAIN_MIN_BUDGET: std::time::Duration = std::time::Duration::from_secs(1);

/// Decides, counts, lists witnesses and explains, as `options` ask.
///
/// No clock is read unless `options` carry a deadline (the engine runs where there is none,
/// as on wasm32 without a host clock): without one every budget is counted in steps and
/// columns.
pub fn check(problem: &Problem, options: &Options) -> Outcome {
    let started = options.deadline.map(|_| Instant::now());
    let mut ev = Evaluator::new(
        problem.p,
        problem.n,
        &problem.windows,
        &problem.params,
        options.max_steps,
    );
    ev.deadline = options.deadline;
    ev.stop = options.stop.clone();
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
            // Without a deadline no clock is read: the explanation is bounded by its steps.
            let deadline = options.deadline.zip(started).map(|(d, started)| {
                let spent = started.elapsed();
                d.min(Instant::now() + (spent * 10).max(EXPLAIN_MIN_BUDGET))
            });
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
    ev.stop = Stop::never();
    // The first witness is listed whatever the clock says (its column is known to hold
    // one), so that a verdict always comes with one; further witnesses only while the
    // deadline holds.
    let listed = count::witnesses(&grid, &mut ev, 1, first).and_then(|one| {
        if options.max_witnesses <= 1 || one.is_empty() {
            return Ok(one);
        }
        ev.deadline = options.deadline;
        ev.stop = options.stop.clone();
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
    ev.stop = options.stop.clone();
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
        Halt::Budget => StopReason::Budget { max_steps },
        Halt::TimeLimit => StopReason::TimeLimit,
        Halt::Anomaly(what) => StopReason::Anomaly(what),
    };
    let covered = if coverage.total == 0 {
        Covered::Border
    } else {
        Covered::Interior {
            resolved: coverage.resolved,
            total: coverage.total,
        }
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
