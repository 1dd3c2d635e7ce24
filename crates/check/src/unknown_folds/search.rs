//! The parallel search over fold configurations: rayon over index ranges, the exact row
//! checks first, the integer program only for survivors, and the budgets.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use num_bigint::BigUint;
use rayon::iter::{ParallelBridge, ParallelIterator};
use scorecheck_feasibility::{Certainty, Verdict};
use scorecheck_folds::{index_ranges, ConfigurationProduct, ProductItem};

use super::relaxation::{relaxation_infeasible, single_row_unreachable};
use super::rows::{first_unreachable_row, RowCache, RowScan};
use super::UnknownFolds;
use crate::dispatch::RunOptions;
use crate::error::{ErrorKind, Result};
use crate::mos::{self, DatasetSpec, Experiment, FoldSpec};

/// Configurations handed to a worker at a time.
const CHUNK: u64 = 256;

/// Repeats beyond which configurations are walked in order rather than split by index.
const MAX_REPEATS_FOR_RANDOM_ACCESS: u64 = 16;
/// Folds beyond which random access is not used: an unranking on demand costs about
/// k² · log(fold size) · p big-integer steps (1 ms at p = n = 5000, k = 10, far more at
/// thousands of folds, with no deadline inside it).
const MAX_FOLDS_FOR_RANDOM_ACCESS: u64 = 64;

/// Where the work went.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Statistics {
    /// Configurations refuted without an integer program.
    pub(crate) refuted_without_program: u64,
    /// Integer programs solved.
    pub(crate) programs_solved: u64,
    /// Wall-clock seconds.
    pub(crate) seconds: f64,
}

/// How a search ended.
pub(crate) enum SearchOutcome {
    /// A configuration with a witness (the lowest index among those examined).
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

impl SearchOutcome {
    /// Configurations examined.
    pub(crate) fn examined(&self) -> u64 {
        match self {
            SearchOutcome::Consistent { examined, .. }
            | SearchOutcome::Inconsistent { examined, .. }
            | SearchOutcome::Undecided { examined, .. } => *examined,
        }
    }
}

/// The known-folds experiment of one configuration.
pub(crate) fn experiment_of(unknown: &UnknownFolds, item: &ProductItem) -> Experiment {
    let datasets = unknown
        .evaluations
        .iter()
        .zip(item)
        .map(|(evaluation, members)| DatasetSpec {
            folds: members
                .iter()
                .flat_map(|c| c.folds.iter())
                .map(|f| FoldSpec {
                    p: f.p,
                    n: f.n,
                    bounds: evaluation.fold_bounds.clone(),
                })
                .collect(),
            bounds: unknown.dataset_bounds.clone(),
        })
        .collect();
    Experiment {
        datasets,
        windows: unknown.windows.clone(),
    }
}

/// What became of one configuration.
pub(crate) enum Decision {
    /// Refuted without solving: the exact relaxation, an exact single-row check, or a score
    /// undefined on one of its folds.
    RefutedByRows,
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
    options: &RunOptions,
    deadline: Option<Instant>,
) -> Result<Decision> {
    // Each stage is linear in the folds (10,000 folds in each of many evaluations is
    // allowed), so the deadline is looked at between them.
    let passed = || deadline.is_some_and(|d| Instant::now() >= d);
    if relaxation_infeasible(experiment) == Some(true) {
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
    let problem = match mos::build_until(experiment, deadline) {
        Ok(Some((problem, _))) => problem,
        Ok(None) => return Ok(Decision::Undecided),
        // A score undefined on a fold (a fold without positives and a sensitivity to average):
        // this configuration cannot have produced the scores.
        Err(e) if e.kind() == ErrorKind::Contradiction => return Ok(Decision::RefutedByRows),
        Err(e) => return Err(e),
    };
    if passed() {
        return Ok(Decision::Undecided);
    }
    if problem.trivially_infeasible().is_some() {
        return Ok(Decision::RefutedByRows);
    }
    match first_unreachable_row(&problem, cache, deadline) {
        RowScan::Unreachable => return Ok(Decision::RefutedByRows),
        RowScan::Interrupted => return Ok(Decision::Undecided),
        RowScan::AllReachable => {}
    }
    let mut options = options.clone();
    if let Some(deadline) = deadline {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Ok(Decision::Undecided);
        }
        options.time_limit = Some(left);
    }
    Ok(match crate::backend::solve(&problem, &options)? {
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
    solved: AtomicU64,
    undecided: AtomicU64,
    solver_certainty: AtomicBool,
    timed_out: AtomicBool,
    /// Lowest feasible index found so far (`u64::MAX`: none).
    found_index: AtomicU64,
    found: Mutex<Option<(u64, Experiment, Vec<i64>)>>,
    error: Mutex<Option<crate::error::Error>>,
}

/// Wall-clock budget of a whole sweep when the request gives no `time_limit`.
pub(crate) const DEFAULT_SWEEP_TIME_LIMIT: std::time::Duration =
    std::time::Duration::from_secs(600);

/// Searches the configurations of `space` for a feasible one.
pub(crate) fn search(
    unknown: &UnknownFolds,
    space: &ConfigurationProduct,
    options: &RunOptions,
) -> Result<(SearchOutcome, Statistics)> {
    let started = Instant::now();
    // Without a time limit the sweep still ends: the number of configurations can be
    // astronomically large.
    let deadline = Some(
        options
            .deadline
            .unwrap_or(started + options.time_limit.unwrap_or(DEFAULT_SWEEP_TIME_LIMIT)),
    );
    let total = space.count();
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
    // One configuration: decided, counted, and whether the walk goes on.
    let visit = |index: u64, item: &ProductItem, cache: &mut RowCache| -> bool {
        if index > shared.found_index.load(Ordering::Relaxed) {
            return false;
        }
        if deadline.is_some_and(|d| Instant::now() >= d) {
            shared.timed_out.store(true, Ordering::Relaxed);
            return false;
        }
        let experiment = experiment_of(unknown, item);
        shared.examined.fetch_add(1, Ordering::Relaxed);
        match decide(&experiment, cache, options, deadline) {
            Ok(Decision::RefutedByRows) => {
                shared.by_rows.fetch_add(1, Ordering::Relaxed);
                true
            }
            Ok(Decision::Solved(certainty)) => {
                shared.solved.fetch_add(1, Ordering::Relaxed);
                if certainty == Certainty::Solver {
                    shared.solver_certainty.store(true, Ordering::Relaxed);
                }
                true
            }
            Ok(Decision::Undecided) => {
                shared.undecided.fetch_add(1, Ordering::Relaxed);
                true
            }
            Ok(Decision::Feasible(witness)) => {
                shared.found_index.fetch_min(index, Ordering::Relaxed);
                if let Ok(mut slot) = shared.found.lock() {
                    if slot.as_ref().is_none_or(|(i, _, _)| index < *i) {
                        *slot = Some((index, experiment, witness));
                    }
                }
                false
            }
            Err(e) => {
                if let Ok(mut slot) = shared.error.lock() {
                    *slot = Some(e);
                }
                false
            }
        }
    };
    // The chunks are handed out one by one; once the deadline has passed, a configuration
    // is found or an error is set, no further chunk is handed out (with 2^64 indices,
    // merely walking the remaining chunks would never end).
    let stopped = || {
        if deadline.is_some_and(|d| Instant::now() >= d) {
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
    let random_access = space.parts().iter().all(|part| {
        let sizes = part.base().fold_sizes();
        part.repeats() <= MAX_REPEATS_FOR_RANDOM_ACCESS
            && sizes.larger_folds + sizes.smaller_folds <= MAX_FOLDS_FOR_RANDOM_ACCESS
    }) && space.range(&BigUint::from(0u8), &first_chunk).is_ok();
    if !random_access {
        let mut cache = RowCache::default();
        for (index, item) in (0..limit).zip(space.iter()) {
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
        index_ranges(&BigUint::from(limit), CHUNK)
            .take_while(|_| !stopped())
            .par_bridge()
            .for_each_init(RowCache::default, |cache, (start, end)| {
                let start = u64::try_from(&start).unwrap_or(u64::MAX);
                if stopped() {
                    return;
                }
                let items = match space.range(&BigUint::from(start), &end) {
                    Ok(items) => items,
                    Err(e) => {
                        if let Ok(mut slot) = shared.error.lock() {
                            *slot = Some(crate::error::Error::new(
                                ErrorKind::InvalidValue,
                                Some("folding"),
                                format!("the fold configurations cannot be enumerated ({e}); use fewer folds or repeats, or give the folds explicitly"),
                            ));
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
        programs_solved: programs,
        seconds: started.elapsed().as_secs_f64(),
    };
    if let Some((index, experiment, witness)) = shared.found.into_inner().ok().flatten() {
        return Ok((
            SearchOutcome::Consistent {
                index: BigUint::from(index),
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
        },
    };
    Ok((outcome, statistics))
}
