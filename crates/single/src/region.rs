//! The feasible set itself, column by column: for each tp with a feasible matrix, the runs
//! of feasible tn. Every score is monotone in tn at a fixed tp (see `Score::trends`), so a
//! score's extremes over a run lie at the run's ends: a caller that wants the range of a
//! score over every feasible matrix looks at a few points per column instead of every
//! matrix.

use scorecheck_clock::Instant;

use super::count::column_runs;
use super::eval::{Evaluator, Halt};
use super::grid::Grid;
use super::search::{first_feasible_tp, Coverage};
use super::{Problem, StopReason};

/// The feasible tn of one tp column.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Column {
    /// The column.
    pub tp: u64,
    /// Increasing, disjoint runs of feasible tn, ends included (a point where the
    /// prevalence threshold is undefined splits a run). Each run's ends are re-checked
    /// exactly.
    pub runs: Vec<(u64, u64)>,
}

/// Why [`columns`] stopped before listing every column.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum RegionStop {
    /// More than `max_columns` columns hold a feasible matrix (`listed` were listed).
    TooManyColumns {
        /// The limit that was passed.
        max_columns: u64,
    },
    /// The deadline passed, or an internal check failed.
    Stopped(StopReason),
}

impl std::fmt::Display for RegionStop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RegionStop::TooManyColumns { max_columns } => write!(
                f,
                "more than {max_columns} tp columns hold consistent matrices, more than a range computation lists"
            ),
            RegionStop::Stopped(reason) => reason.fmt(f),
        }
    }
}

/// Every tp column holding a feasible matrix, in increasing tp, with its runs of tn; an
/// empty list when no matrix is feasible. Stops past `max_columns` columns or at
/// `deadline`.
///
/// # Errors
///
/// [`RegionStop::TooManyColumns`] past `max_columns` columns; [`RegionStop::Stopped`] at
/// the deadline or when an internal check fails (never a partial list passed as whole).
///
/// ```
/// use scorecheck_single::{columns, Problem, Window};
/// use scorecheck_algebra::{parse_decimal, Params, Score};
///
/// let q = |s: &str| parse_decimal(s).unwrap();
/// let window = Window::new(Score::Acc, q("0.9"), q("1")).unwrap().with_reported(q("0.95"));
/// let problem = Problem::new(3, 7, vec![window]);
/// let listed = columns(&problem, 100, None).unwrap();
/// // acc ≥ 0.9 with p + n = 10 leaves at most one error.
/// let matrices: u64 = listed.iter().flat_map(|c| c.runs.iter()).map(|&(lo, hi)| hi - lo + 1).sum();
/// assert_eq!(matrices, 3);
/// assert_eq!(listed[0].tp, 2);
/// assert_eq!(listed[0].runs, vec![(7, 7)]);
/// ```
pub fn columns(
    problem: &Problem,
    max_columns: u64,
    deadline: Option<Instant>,
) -> Result<Vec<Column>, RegionStop> {
    columns_until(
        problem,
        max_columns,
        deadline,
        &scorecheck_clock::Stop::never(),
    )
}

/// [`columns`], stopping also when `stop` asks to.
pub(crate) fn columns_until(
    problem: &Problem,
    max_columns: u64,
    deadline: Option<Instant>,
    stop: &scorecheck_clock::Stop,
) -> Result<Vec<Column>, RegionStop> {
    let mut ev = Evaluator::new(
        problem.p,
        problem.n,
        &problem.windows,
        &problem.params,
        u64::MAX,
    );
    ev.deadline = deadline;
    ev.stop = stop.clone();
    list(&mut ev, max_columns).map_err(|halt| {
        RegionStop::Stopped(match halt {
            Halt::TimeLimit => StopReason::TimeLimit,
            Halt::Budget => StopReason::Budget {
                max_steps: u64::MAX,
            },
            Halt::Anomaly(what) => StopReason::Anomaly(what),
        })
    })?
}

/// [`columns`] on an evaluator; the outer `Result` is the engine's halt.
fn list(ev: &mut Evaluator<'_>, max_columns: u64) -> Result<Result<Vec<Column>, RegionStop>, Halt> {
    let grid = Grid::build(ev)?;
    let mut out = Vec::new();
    let mut coverage = Coverage::default();
    let mut next = first_feasible_tp(&grid, ev, 0, &mut coverage)?;
    while let Some(tp) = next {
        if out.len() as u64 >= max_columns {
            return Ok(Err(RegionStop::TooManyColumns { max_columns }));
        }
        if ev.out_of_time() {
            return Err(Halt::TimeLimit);
        }
        let (spans, hole) = column_runs(&grid, ev, tp)?;
        let mut runs = Vec::new();
        for span in spans.into_iter().filter(|s| !s.is_empty()) {
            let pieces = match hole.filter(|&h| span.contains(h)) {
                Some(h) => [(span.lo, h - 1), (h + 1, span.hi)],
                None => [(span.lo, span.hi), (1, 0)],
            };
            runs.extend(pieces.into_iter().filter(|(lo, hi)| lo <= hi));
        }
        let tp = tp as u64;
        let runs: Vec<(u64, u64)> = runs
            .into_iter()
            .map(|(lo, hi)| (lo as u64, hi as u64))
            .collect();
        for &(lo, hi) in &runs {
            for tn in [lo, hi] {
                if !ev.point_ok(tp, tn, &grid.all)? {
                    return Err(Halt::Anomaly(format!(
                        "the feasible columns hold tp={tp}, tn={tn}, which fails the exact re-check"
                    )));
                }
            }
        }
        if runs.is_empty() {
            return Err(Halt::Anomaly(format!(
                "the search reported tp={tp} feasible, but its column is empty"
            )));
        }
        out.push(Column { tp, runs });
        next = first_feasible_tp(&grid, ev, i128::from(tp) + 1, &mut coverage)?;
    }
    Ok(Ok(out))
}
