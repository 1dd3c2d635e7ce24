//! The parallel search over fold configurations: rayon over index ranges, the exact row
//! checks first, the integer program only for survivors, and the budgets.

use scorecheck_clock::Instant;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;

use num_bigint::BigUint;
use scorecheck_feasibility::{checked, Certainty, Feasibility, Verdict};
use scorecheck_folds::{
    index_ranges, stratified_sklearn_binary, ConfigurationProduct, FoldConfiguration, ProductItem,
};

use super::family;
use super::relaxation::{relaxation_infeasible_with, single_row_unreachable};
use super::rows::{first_unreachable_row, RowCache, RowScan};
use super::UnknownFolds;
use crate::model::{
    build_until, BuildError, BuildErrorKind, DatasetSpec, Experiment, FoldSpec, Level,
};
use crate::sides::Sides;
use crate::solve::{enumerated, Limits, DEFAULT_MAX_NODES, DEFAULT_SWEEP_TIME_LIMIT};

/// Configurations handed to a worker at a time.
const CHUNK: u64 = 256;

/// Repeats beyond which configurations are walked in order rather than split by index.
const MAX_REPEATS_FOR_RANDOM_ACCESS: u64 = 16;
/// Folds beyond which random access is not used: an unranking on demand costs about
/// k² · log(fold size) · p big-integer steps (1 ms at p = n = 5000, k = 10, far more at
/// thousands of folds, with no deadline inside it).
const MAX_FOLDS_FOR_RANDOM_ACCESS: u64 = 64;

/// Where the work went.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[non_exhaustive]
pub struct Statistics {
    /// Configurations refuted without an integer program.
    pub refuted_without_program: u64,
    /// Of those, configurations with a fold on which a reported score or bound is undefined
    /// (a fold without positives and a sensitivity to average).
    pub refuted_undefined: u64,
    /// Integer programs solved.
    pub programs_solved: u64,
    /// Every configuration refuted at once (`family`), none one by one.
    pub refuted_at_once: bool,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// Why a search could not run: what went wrong ([`SearchError::kind`]), the request field it
/// points at ([`SearchError::field`]) and, as its `Display`, what to change.
#[derive(Clone, Debug)]
pub struct SearchError {
    kind: Box<SearchErrorKind>,
}

/// What kind of [`SearchError`] it is.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum SearchErrorKind {
    /// A configuration's integer program cannot be built (a count beyond `i64`, a reversed
    /// bound).
    Build(BuildError),
    /// The configurations cannot be enumerated by index.
    Enumeration(scorecheck_folds::Error),
}

impl From<SearchErrorKind> for SearchError {
    fn from(kind: SearchErrorKind) -> SearchError {
        SearchError {
            kind: Box::new(kind),
        }
    }
}

impl From<BuildError> for SearchError {
    fn from(error: BuildError) -> SearchError {
        SearchErrorKind::Build(error).into()
    }
}

impl SearchError {
    /// What went wrong.
    pub fn kind(&self) -> &SearchErrorKind {
        &self.kind
    }

    /// The request field the error points at (`folding` when the configurations cannot be
    /// enumerated).
    pub fn field(&self) -> String {
        match &*self.kind {
            SearchErrorKind::Build(e) => e.field(),
            SearchErrorKind::Enumeration(_) => "folding".into(),
        }
    }
}

impl std::fmt::Display for SearchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &*self.kind {
            SearchErrorKind::Build(e) => e.fmt(f),
            SearchErrorKind::Enumeration(e) => write!(
                f,
                "the fold configurations cannot be enumerated ({e}); use fewer folds or repeats, or give the folds explicitly"
            ),
        }
    }
}

impl std::error::Error for SearchError {}

type Result<T> = std::result::Result<T, SearchError>;

/// How a search ended.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum SearchOutcome {
    /// A configuration with a witness (the stratified one when it fits; otherwise the first
    /// found, the lowest index among the configurations decided on the first pass).
    Consistent {
        /// Its index in the enumeration.
        index: BigUint,
        /// The configuration as a known-folds experiment.
        experiment: Experiment,
        /// The per-fold (tp, tn), in `mos::build` variable order.
        witness: Vec<i64>,
        /// Configurations examined.
        examined: u64,
    },
    /// Every configuration refuted.
    Inconsistent {
        /// The weakest certainty of the refutations.
        certainty: Certainty,
        /// Refuted by a single row without solving.
        refuted_by_rows: u64,
        /// Refuted by solving the integer program.
        solved: u64,
        /// Configurations examined.
        examined: u64,
        /// Why every configuration is refuted at once, when they are (none is then examined
        /// one by one).
        at_once: Option<String>,
    },
    /// A budget ran out, or some integer program could not be decided.
    Undecided {
        /// Why.
        reason: String,
        /// Configurations whose integer program was left undecided.
        undecided_configurations: u64,
        /// Configurations examined.
        examined: u64,
    },
}

/// `consistent (configuration <index>)`, `inconsistent (exact)` or `inconsistent
/// (solver)`, or `undecided: ` with the reason.
impl std::fmt::Display for SearchOutcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SearchOutcome::Consistent { index, .. } => {
                write!(f, "consistent (configuration {index})")
            }
            SearchOutcome::Inconsistent { certainty, .. } => {
                write!(f, "inconsistent ({certainty})")
            }
            SearchOutcome::Undecided { reason, .. } => write!(f, "undecided: {reason}"),
        }
    }
}

impl SearchOutcome {
    /// Configurations examined.
    pub fn examined(&self) -> u64 {
        match self {
            SearchOutcome::Consistent { examined, .. }
            | SearchOutcome::Inconsistent { examined, .. }
            | SearchOutcome::Undecided { examined, .. } => *examined,
        }
    }
}

/// The known-folds experiment of one configuration (an item of [`super::space`]).
pub fn experiment_of(unknown: &UnknownFolds, item: &ProductItem) -> Experiment {
    let datasets = unknown
        .evaluations
        .iter()
        .zip(item)
        .map(|_| DatasetSpec {
            folds: Vec::new(),
            bounds: unknown.dataset_bounds.clone(),
        })
        .collect();
    let mut experiment = Experiment {
        datasets,
        windows: unknown.windows.clone(),
    };
    refill(&mut experiment, unknown, item);
    experiment
}

/// Makes `experiment` (an experiment of `unknown`, from [`experiment_of`]) the experiment of
/// another configuration, keeping its allocations: the sweep refutes millions of
/// configurations, and allocating each one's experiment afresh cost more than refuting it.
fn refill(experiment: &mut Experiment, unknown: &UnknownFolds, item: &ProductItem) {
    for ((dataset, evaluation), members) in experiment
        .datasets
        .iter_mut()
        .zip(&unknown.evaluations)
        .zip(item)
    {
        dataset.folds.clear();
        dataset.folds.extend(
            members
                .iter()
                .flat_map(|c| c.folds.iter())
                .map(|f| FoldSpec {
                    p: f.p,
                    n: f.n,
                    bounds: evaluation.fold_bounds.clone(),
                }),
        );
    }
}

/// What became of one configuration.
pub(crate) enum Decision {
    /// Refuted without solving: the exact relaxation or an exact single-row check.
    RefutedByRows,
    /// Refuted because a reported score or bound is undefined on one of its folds.
    RefutedUndefined,
    /// Refuted by the integer program.
    Solved(Certainty),
    /// Feasible, with the witness.
    Feasible(Vec<i64>),
    /// The integer program was not decided.
    Undecided,
}

/// Decides one configuration exactly (or leaves it undecided).
pub(crate) fn decide(
    experiment: &Experiment,
    cache: &mut RowCache,
    solver: &dyn Feasibility,
    limits: &Limits,
    deadline: Option<Instant>,
) -> Result<Decision> {
    // Each stage is linear in the folds (10,000 folds in each of many evaluations is
    // allowed), so the deadline is looked at between them.
    let passed = || limits.cancelled() || deadline.is_some_and(|d| Instant::now() >= d);
    if relaxation_infeasible_with(experiment, &mut cache.relaxation) == Some(true) {
        return Ok(Decision::RefutedByRows);
    }
    if passed() {
        return Ok(Decision::Undecided);
    }
    if single_row_unreachable(experiment, cache) == Some(true) {
        return Ok(Decision::RefutedByRows);
    }
    if passed() {
        return Ok(Decision::Undecided);
    }
    let problem = match build_until(experiment, deadline) {
        Ok(Some(problem)) => problem,
        Ok(None) => return Ok(Decision::Undecided),
        // A score undefined on a fold (a fold without positives and a sensitivity to average):
        // this configuration cannot have produced the scores.
        Err(e) if matches!(e.kind(), BuildErrorKind::Undefined { .. }) => {
            return Ok(Decision::RefutedUndefined)
        }
        Err(e) => return Err(e.into()),
    };
    if passed() {
        return Ok(Decision::Undecided);
    }
    if problem.trivially_infeasible().is_some() {
        return Ok(Decision::RefutedByRows);
    }
    match first_unreachable_row(&problem, cache, deadline) {
        RowScan::Unreachable(_) => return Ok(Decision::RefutedByRows),
        RowScan::Interrupted => return Ok(Decision::Undecided),
        RowScan::AllReachable => {}
    }
    match enumerated(experiment, limits) {
        // The witness is checked exactly against the program like any backend's.
        Sides::Feasible(witness) if problem.check(&witness).is_ok() => {
            return Ok(Decision::Feasible(witness))
        }
        Sides::Infeasible(_) => return Ok(Decision::Solved(Certainty::Exact)),
        _ => {}
    }
    let mut budget = limits.budget();
    if let Some(deadline) = deadline {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Ok(Decision::Undecided);
        }
        budget.time_limit = Some(left);
    }
    Ok(match checked(solver, &problem, &budget) {
        Verdict::Feasible { witness } => Decision::Feasible(witness),
        Verdict::Infeasible { certainty, .. } => Decision::Solved(certainty),
        // Undecided, or an answer of a kind added later: nothing is concluded.
        _ => Decision::Undecided,
    })
}

/// Shared state of the workers.
#[derive(Default)]
struct Shared {
    examined: AtomicU64,
    by_rows: AtomicU64,
    undefined: AtomicU64,
    solved: AtomicU64,
    undecided: AtomicU64,
    solver_certainty: AtomicBool,
    timed_out: AtomicBool,
    /// Lowest feasible index found so far (`u64::MAX`: none).
    found_index: AtomicU64,
    found: Mutex<Option<(u64, Experiment, Vec<i64>)>>,
    error: Mutex<Option<SearchError>>,
    /// Configurations whose integer program the first pass left open, for the second.
    deferred: Mutex<Vec<(u64, Experiment)>>,
}

impl Shared {
    /// Counts a decision; whether the walk goes on.
    fn record(&self, index: u64, experiment: &Experiment, decision: Result<Decision>) -> bool {
        match decision {
            Ok(Decision::RefutedByRows) => {
                self.by_rows.fetch_add(1, Ordering::Relaxed);
                true
            }
            Ok(Decision::RefutedUndefined) => {
                self.by_rows.fetch_add(1, Ordering::Relaxed);
                self.undefined.fetch_add(1, Ordering::Relaxed);
                true
            }
            Ok(Decision::Solved(certainty)) => {
                self.solved.fetch_add(1, Ordering::Relaxed);
                if certainty == Certainty::Solver {
                    self.solver_certainty.store(true, Ordering::Relaxed);
                }
                true
            }
            Ok(Decision::Undecided) => {
                self.undecided.fetch_add(1, Ordering::Relaxed);
                true
            }
            Ok(Decision::Feasible(witness)) => {
                self.found_index.fetch_min(index, Ordering::Relaxed);
                if let Ok(mut slot) = self.found.lock() {
                    if slot.as_ref().is_none_or(|(i, _, _)| index < *i) {
                        *slot = Some((index, experiment.clone(), witness));
                    }
                }
                false
            }
            Err(e) => {
                if let Ok(mut slot) = self.error.lock() {
                    *slot = Some(e);
                }
                false
            }
        }
    }
}

/// Node budget of one integer program on the first pass: a program not decided within it
/// waits for the second pass (with the full budget), so that one hard configuration does not
/// hold up the feasible configuration that another would give at once.
const FIRST_PASS_NODES: u64 = 200;

/// Configurations kept for the second pass; beyond this, a program the first pass leaves open
/// is solved with the full budget at once.
const MAX_DEFERRED: usize = 65_536;

/// The stratified configuration (as scikit-learn's `StratifiedKFold` splits each dataset, the
/// same split in every repeat) and its index, when it is one of `space`.
fn stratified(
    unknown: &UnknownFolds,
    space: &ConfigurationProduct,
) -> Option<(BigUint, ProductItem)> {
    let mut item = Vec::new();
    for evaluation in &unknown.evaluations {
        let k = usize::try_from(evaluation.n_folds).ok()?;
        let mut folds = stratified_sklearn_binary(evaluation.p, evaluation.n, k).ok()?;
        // The canonical order: larger folds first, positives non-decreasing within a size.
        folds.sort_by_key(|f| (std::cmp::Reverse(f.p + f.n), f.p));
        let configuration = FoldConfiguration { folds };
        let repeats = usize::try_from(evaluation.n_repeats).ok()?;
        item.push(vec![configuration; repeats]);
    }
    Some((space.rank(&item).ok()?, item))
}

/// A reversed bound or window (lower > upper) is the caller's mistake: an error, as
/// [`crate::build`] gives it, before any configuration is refuted by it.
fn reject_reversed(unknown: &UnknownFolds) -> Result<()> {
    let levels = [
        (Level::Experiment, &unknown.windows),
        (Level::Dataset, &unknown.dataset_bounds),
    ];
    let folds = unknown
        .evaluations
        .iter()
        .map(|e| (Level::Fold, &e.fold_bounds));
    for (level, bounds) in levels.into_iter().chain(folds) {
        if let Some(b) = bounds.iter().find(|b| b.lower > b.upper) {
            return Err(BuildError::from(BuildErrorKind::Reversed {
                score: b.score,
                level,
                lower: b.lower.clone(),
                upper: b.upper.clone(),
            })
            .into());
        }
    }
    Ok(())
}

/// Searches the configurations of `space` for a feasible one.
///
/// First every configuration is refuted at once where the bounds on the mean over all of them
/// (`family`) allow; then the stratified configuration is tried; then all configurations in
/// parallel, each integer program with a small node budget, and last the programs that budget
/// left open with the full one. Every integer program that reaches a solver goes to
/// `solver` (its feasible witnesses are checked exactly); `limits` bound the whole search
/// (without a deadline, its time limit or [`DEFAULT_SWEEP_TIME_LIMIT`]) and each program.
///
/// # Errors
///
/// When a configuration's program cannot be built, or the configurations cannot be
/// enumerated by index.
pub fn search(
    unknown: &UnknownFolds,
    space: &ConfigurationProduct,
    solver: &dyn Feasibility,
    limits: &Limits,
) -> Result<(SearchOutcome, Statistics)> {
    search_range(unknown, space, None, solver, limits)
}

/// [`search`] over the configurations with indices in `range` (`[start, end)`, `end`
/// clamped to the count; the whole space when `None`): one part of a search split across
/// workers (see `scorecheck_folds::split_ranges`). "Inconsistent" then says that every
/// configuration of the range is refuted, "consistent" gives the index of a feasible one
/// in the range, and `examined` counts the range's configurations examined.
///
/// # Errors
///
/// As [`search`].
pub fn search_range(
    unknown: &UnknownFolds,
    space: &ConfigurationProduct,
    range: Option<(&BigUint, &BigUint)>,
    solver: &dyn Feasibility,
    limits: &Limits,
) -> Result<(SearchOutcome, Statistics)> {
    let options = limits;
    reject_reversed(unknown)?;
    let started = Instant::now();
    // Without a time limit the sweep still ends: the number of configurations can be
    // astronomically large.
    let deadline = Some(
        options
            .deadline
            .unwrap_or(started + options.time_limit.unwrap_or(DEFAULT_SWEEP_TIME_LIMIT)),
    );
    let count = space.count();
    // The range searched, as its first index and its length (the whole space by default).
    let (first, total) = match range {
        Some((start, end)) => {
            let end = end.min(&count);
            let start = start.min(end);
            (start.clone(), end - start)
        }
        None => (BigUint::from(0u8), count),
    };
    if let Some(reason) = family::refuted(unknown) {
        let outcome = SearchOutcome::Inconsistent {
            certainty: Certainty::Exact,
            refuted_by_rows: 0,
            solved: 0,
            examined: 0,
            at_once: Some(reason),
        };
        let statistics = Statistics {
            refuted_at_once: true,
            seconds: started.elapsed().as_secs_f64(),
            ..Statistics::default()
        };
        return Ok((outcome, statistics));
    }
    let budget = options
        .max_configurations
        .map_or(total.clone(), |m| total.clone().min(BigUint::from(m)));
    // Indices are kept in u64: beyond that, no budget could examine them all anyway.
    let limit = u64::try_from(&budget).unwrap_or(u64::MAX);
    let total_u64 = u64::try_from(&total).unwrap_or(u64::MAX);
    let shared = Shared {
        found_index: AtomicU64::new(u64::MAX),
        ..Shared::default()
    };
    let full_nodes = options.max_nodes.unwrap_or(DEFAULT_MAX_NODES);
    let staged = full_nodes > FIRST_PASS_NODES;
    let mut first_pass = options.clone();
    first_pass.max_nodes = Some(full_nodes.min(FIRST_PASS_NODES));
    // A cancelled sweep stops like one whose deadline passed (reported as timed out, so
    // undecided).
    let passed = || options.cancelled() || deadline.is_some_and(|d| Instant::now() >= d);
    // The stratified configuration first (within the budget, at any index, even beyond the
    // indices a sweep can reach): where the folds were stratified (the usual case), the
    // witness is found without a sweep. Otherwise the sweep decides it again in its turn.
    let in_budget = |index: &BigUint| index >= &first && index - &first < budget;
    if let Some((index, item)) = stratified(unknown, space).filter(|(index, _)| in_budget(index)) {
        let experiment = experiment_of(unknown, &item);
        let decision = decide(
            &experiment,
            &mut RowCache::default(),
            solver,
            &first_pass,
            deadline,
        );
        if let Ok(Decision::Feasible(witness)) = decision {
            let outcome = SearchOutcome::Consistent {
                index,
                experiment,
                witness,
                examined: 1,
            };
            let statistics = Statistics {
                programs_solved: 1,
                seconds: started.elapsed().as_secs_f64(),
                ..Statistics::default()
            };
            return Ok((outcome, statistics));
        }
        decision?;
    }
    // One configuration on the first pass: decided (or deferred), counted, and whether the
    // walk goes on.
    let visit = |index: u64, item: &ProductItem, cache: &mut RowCache| -> bool {
        if index > shared.found_index.load(Ordering::Relaxed) {
            return false;
        }
        if passed() {
            shared.timed_out.store(true, Ordering::Relaxed);
            return false;
        }
        let experiment = match cache.scratch.take() {
            Some(mut experiment) => {
                refill(&mut experiment, unknown, item);
                experiment
            }
            None => experiment_of(unknown, item),
        };
        shared.examined.fetch_add(1, Ordering::Relaxed);
        let decision = decide(&experiment, cache, solver, &first_pass, deadline);
        let go_on = if staged && matches!(decision, Ok(Decision::Undecided)) && !passed() {
            match shared.deferred.lock() {
                Ok(mut deferred) if deferred.len() < MAX_DEFERRED => {
                    deferred.push((index, experiment.clone()));
                    true
                }
                _ => {
                    let decision = decide(&experiment, cache, solver, options, deadline);
                    shared.record(index, &experiment, decision)
                }
            }
        } else {
            shared.record(index, &experiment, decision)
        };
        cache.scratch = Some(experiment);
        go_on
    };
    // The chunks are handed out one by one; once the deadline has passed, a configuration
    // is found or an error is set, no further chunk is handed out (with 2^64 indices,
    // merely walking the remaining chunks would never end).
    let stopped = || {
        if passed() {
            shared.timed_out.store(true, Ordering::Relaxed);
        }
        shared.timed_out.load(Ordering::Relaxed)
            || shared.found_index.load(Ordering::Relaxed) != u64::MAX
            || shared.error.lock().map(|e| e.is_some()).unwrap_or(true)
    };
    // Random access to a configuration costs a multiset unranking quadratic in the number
    // of repeats and an unranking per fold group quadratic in the number of folds: with many
    // repeats or folds, or where random access fails, the configurations are walked in order
    // by this thread alone, under the same budgets.
    let first_chunk = BigUint::from(limit.min(CHUNK));
    // A range of one chunk or less is walked on this thread: handing it to the pool would
    // queue it behind the chunks of other searches running at the same time (a batch's
    // lines, the server's checks), past its own deadline.
    let random_access = limit > CHUNK
        && space.parts().iter().all(|part| {
            let sizes = part.base().fold_sizes();
            part.repeats() <= MAX_REPEATS_FOR_RANDOM_ACCESS
                && sizes.larger_folds + sizes.smaller_folds <= MAX_FOLDS_FOR_RANDOM_ACCESS
        })
        && space.range(&first, &(&first + &first_chunk)).is_ok();
    if !random_access {
        let mut cache = RowCache::default();
        // One unranking of the range's first index, then successor steps.
        // Counting on demand that the deadline stopped is a sweep that timed out.
        let walk = match space.range(&first, &(&first + &budget)) {
            Ok(walk) => Some(walk),
            Err(e) if e.kind() == &scorecheck_folds::ErrorKind::Stopped => {
                shared.timed_out.store(true, Ordering::Relaxed);
                None
            }
            Err(e) => return Err(SearchErrorKind::Enumeration(e).into()),
        };
        for (index, item) in (0..limit).zip(walk.into_iter().flatten()) {
            if !visit(index, &item, &mut cache) {
                break;
            }
            if index % CHUNK == CHUNK - 1 {
                if let Some(progress) = &options.progress {
                    progress(shared.examined.load(Ordering::Relaxed), total_u64);
                }
            }
        }
    } else {
        parallel::bridge_for_each_init(
            index_ranges(&BigUint::from(limit), CHUNK).take_while(|_| !stopped()),
            RowCache::default,
            |cache, (start, end)| {
                let start = u64::try_from(&start).unwrap_or(u64::MAX);
                if stopped() {
                    return;
                }
                let items = match space.range(&(&first + start), &(&first + &end)) {
                    Ok(items) => items,
                    Err(e) if e.kind() == &scorecheck_folds::ErrorKind::Stopped => {
                        shared.timed_out.store(true, Ordering::Relaxed);
                        return;
                    }
                    Err(e) => {
                        if let Ok(mut slot) = shared.error.lock() {
                            *slot = Some(SearchErrorKind::Enumeration(e).into());
                        }
                        return;
                    }
                };
                for (offset, item) in items.enumerate() {
                    if !visit(start + offset as u64, &item, cache) {
                        break;
                    }
                }
                if let Some(progress) = &options.progress {
                    progress(shared.examined.load(Ordering::Relaxed), total_u64);
                }
            },
        );
    }
    // The second pass: the programs the first left open, with the full budget, lowest index
    // first.
    let mut deferred = std::mem::take(
        &mut *shared
            .deferred
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner),
    );
    deferred.sort_by_key(|(index, _)| *index);
    if stopped() {
        // Not decided: the deadline passed, a witness was found or an error was set.
        shared
            .undecided
            .fetch_add(deferred.len() as u64, Ordering::Relaxed);
    } else {
        parallel::vec_for_each_init(deferred, RowCache::default, |cache, (index, experiment)| {
            if stopped() {
                shared.undecided.fetch_add(1, Ordering::Relaxed);
                return;
            }
            let decision = decide(&experiment, cache, solver, options, deadline);
            shared.record(index, &experiment, decision);
        });
    }
    if let Some(e) = shared.error.into_inner().ok().flatten() {
        return Err(e);
    }
    let examined = shared.examined.load(Ordering::Relaxed);
    let by_rows = shared.by_rows.load(Ordering::Relaxed);
    let programs = shared.solved.load(Ordering::Relaxed)
        + shared.undecided.load(Ordering::Relaxed)
        + u64::from(shared.found_index.load(Ordering::Relaxed) != u64::MAX);
    let statistics = Statistics {
        refuted_without_program: by_rows,
        refuted_undefined: shared.undefined.load(Ordering::Relaxed),
        programs_solved: programs,
        refuted_at_once: false,
        seconds: started.elapsed().as_secs_f64(),
    };
    if let Some((index, experiment, witness)) = shared.found.into_inner().ok().flatten() {
        return Ok((
            SearchOutcome::Consistent {
                index: &first + index,
                experiment,
                witness,
                examined,
            },
            statistics,
        ));
    }
    let undecided = shared.undecided.load(Ordering::Relaxed);
    let reason = if shared.timed_out.load(Ordering::Relaxed) {
        Some(format!("the time limit of {:.3} s ran out after {examined} of {total} configurations, all refuted so far", options.time_limit.unwrap_or(DEFAULT_SWEEP_TIME_LIMIT).as_secs_f64()))
    } else if BigUint::from(examined) < total {
        Some(format!("the budget of {limit} configurations (max_configurations) ran out before all {total} were examined; every one examined was refuted; raise max_configurations to finish"))
    } else if undecided > 0 {
        Some(format!("{undecided} configurations had integer programs the solver could not decide within its budget; raise time_limit"))
    } else {
        None
    };
    let outcome = match reason {
        Some(reason) => SearchOutcome::Undecided {
            reason,
            undecided_configurations: undecided,
            examined,
        },
        None => SearchOutcome::Inconsistent {
            certainty: if shared.solver_certainty.load(Ordering::Relaxed) {
                Certainty::Solver
            } else {
                Certainty::Exact
            },
            refuted_by_rows: shared.by_rows.load(Ordering::Relaxed),
            solved: shared.solved.load(Ordering::Relaxed),
            examined,
            at_once: None,
        },
    };
    Ok((outcome, statistics))
}

/// The sweep's two loops: on rayon's pool with the default feature `rayon`, one after
/// another on the caller's thread without it (wasm32, or a caller that wants no threads).
/// Either way every item is visited with a state from `init`, and results are recorded by
/// index, so the verdict does not depend on which.
mod parallel {
    #[cfg(feature = "rayon")]
    use rayon::iter::{IntoParallelIterator, ParallelBridge, ParallelIterator};

    /// Visits the items of an iterator (bridged onto the pool with `rayon`).
    #[cfg(feature = "rayon")]
    pub(super) fn bridge_for_each_init<T: Send, S>(
        items: impl Iterator<Item = T> + Send,
        init: impl Fn() -> S + Sync + Send,
        visit: impl Fn(&mut S, T) + Sync + Send,
    ) {
        items.par_bridge().for_each_init(init, visit);
    }

    /// Visits the items of a vector (split across the pool with `rayon`; none or one on
    /// this thread, not queued behind other searches' work on the pool).
    #[cfg(feature = "rayon")]
    pub(super) fn vec_for_each_init<T: Send, S>(
        items: Vec<T>,
        init: impl Fn() -> S + Sync + Send,
        visit: impl Fn(&mut S, T) + Sync + Send,
    ) {
        if items.len() <= 1 {
            let mut state = init();
            items.into_iter().for_each(|item| visit(&mut state, item));
            return;
        }
        items.into_par_iter().for_each_init(init, visit);
    }

    /// Visits the items of an iterator in order.
    #[cfg(not(feature = "rayon"))]
    pub(super) fn bridge_for_each_init<T, S>(
        items: impl Iterator<Item = T>,
        init: impl Fn() -> S,
        visit: impl Fn(&mut S, T),
    ) {
        let mut state = init();
        items.for_each(|item| visit(&mut state, item));
    }

    /// Visits the items of a vector in order.
    #[cfg(not(feature = "rayon"))]
    pub(super) fn vec_for_each_init<T, S>(
        items: Vec<T>,
        init: impl Fn() -> S,
        visit: impl Fn(&mut S, T),
    ) {
        bridge_for_each_init(items.into_iter(), init, visit);
    }
}
