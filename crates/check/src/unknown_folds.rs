//! The unknown-folds protocols: every fold configuration of k-fold is tried, in parallel, and
//! the scores are inconsistent only when every configuration is refuted.
//!
//! - `1_dataset_unknown_folds_mos`: `dataset`, `folding: {n_folds, n_repeats}`, `scores`, `eps`,
//!   `numerical_tolerance`, `fold_score_bounds` (the reference's `score_bounds` is accepted too);
//! - `n_datasets_mos_unknown_folds_mos`: `evaluations` (each `{dataset, folding}`, optionally
//!   `fold_score_bounds`), `dataset_score_bounds`, `scores`, `eps`, `numerical_tolerance`.
//!
//! Configurations are enumerated by `scorecheck-folds` under the reference's pruning rules
//! (a positive in every fold when sens or bacc is reported, a negative when spec or bacc is,
//! two folds with each class always); `"fold_rules": "none"` turns them off and tries every
//! composition (`"fold_rules": "reference"` is the default). Repeats are multisets, since the
//! mean over every fold of every repeat does not see their order.
//!
//! First, one exact necessary condition on the mean over every configuration at once
//! (`family`: whatever the folds' shares of positives, mean sens and spec bound the mean acc)
//! may refute them all without enumerating any. Otherwise the stratified configuration is
//! tried first (it fits whenever the folds were stratified), then every configuration.
//! Each configuration is the mean-of-scores integer program of `mos`. Before any program is
//! solved, two exact necessary conditions run, which refute most configurations in
//! microseconds: the linear relaxation decided in closed form (`relaxation`), and every row on
//! its own over the integers (`rows`); then the exact enumeration of the engine decides most
//! of the rest. A program still open gets a small node budget on the first pass and the full
//! one on the second, so that one hard program does not hold up a feasible configuration.
//! Budgets (`max_configurations`, `time_limit`) end a search with `"verdict": "undecided"` and
//! the share covered, never with a verdict. The answer is an [`UnknownFoldsOutcome`];
//! `render::unknown_folds` writes its JSON.

use std::time::Duration;

use num_traits::ToPrimitive;
use scorecheck_algebra::Score;
use scorecheck_experiment::{
    reference_rules, Experiment, Limits, SearchErrorKind, SearchOutcome, Statistics, UnknownFolds,
    WitnessScores,
};
use scorecheck_feasibility::Conclusion;
use scorecheck_folds::{
    BigUint, ConfigurationProduct, FoldRules, KFoldConfigurations, RepeatedConfigurations,
};
use scorecheck_request::unknown_folds::UnknownFoldsRequest;

use crate::input;
use crate::options::RunOptions;
use crate::program::{self, ExperimentAnswer, ProgramAnswer};
use crate::{Error, Result};

/// The outcome of an unknown-folds check: what it concludes, the configuration found (with
/// the witness per fold and its exact scores) or why every configuration is refuted or what
/// was left undecided, the counts of configurations, and the search's statistics.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct UnknownFoldsOutcome {
    /// What the search concludes.
    pub conclusion: Conclusion,
    /// The consistent configuration, when one was found.
    pub found: Option<FoundConfiguration>,
    /// Why every configuration is refuted, when they all are.
    pub explanation: Option<String>,
    /// Why the search ended undecided and how much it covered, when it did.
    pub undecided: Option<UndecidedSearch>,
    /// The backend that answered the integer programs (`options.backend_name()`).
    pub backend: String,
    /// The keys of reported scores that are not linear under averaging.
    pub ignored_scores: Vec<String>,
    /// Every configuration of the experiment (not only the range searched); `None` when the
    /// time ran out (or the work was cancelled) before they were counted.
    pub configurations_total: Option<BigUint>,
    /// The range of configuration indices searched, when the request gave one.
    pub range: Option<ConfigurationRange>,
    /// Configurations examined (every one of the range when all were refuted at once).
    pub configurations_examined: BigUint,
    /// The pruning rules the configurations were enumerated under (`None` when nothing
    /// could be checked and no search ran).
    pub fold_rules: Option<FoldRules>,
    /// The search's statistics (`None` when no search ran).
    pub statistics: Option<SearchStatistics>,
    /// "no reported score is usable ...", when the configuration found had no window.
    pub note: Option<String>,
}

/// A consistent configuration: its index, its folds, and the witness.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct FoundConfiguration {
    /// Its index in the enumeration.
    pub index: BigUint,
    /// The configuration as a known-folds experiment: one dataset per evaluation, each with
    /// the (p, n) of its folds.
    pub experiment: Experiment,
    /// The witness: every fold's (tp, tn) and exact scores, per dataset and overall.
    pub witness: WitnessScores,
}

/// Why a search ended undecided, and what it covered.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct UndecidedSearch {
    /// Why.
    pub reason: String,
    /// The configurations left undecided (`None` for an ending this version does not know).
    pub configurations_left_undecided: Option<BigUint>,
    /// The share of the configurations searched that was examined, from 0 to 1 (display
    /// only).
    pub covered: f64,
}

/// A range `[start, end)` of configuration indices, `end` clamped to the count.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct ConfigurationRange {
    /// The first index searched.
    pub start: BigUint,
    /// One past the last index searched.
    pub end: BigUint,
}

impl ConfigurationRange {
    /// The number of configurations in the range.
    pub fn count(&self) -> BigUint {
        &self.end - &self.start
    }
}

/// What a search did.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct SearchStatistics {
    /// Configurations refuted without an integer program.
    pub refuted_without_program: u64,
    /// Of those, configurations with a fold on which a reported score or bound is undefined.
    pub refuted_undefined: u64,
    /// Every configuration refuted at once, none one by one.
    pub refuted_at_once: bool,
    /// Integer programs solved.
    pub programs_solved: u64,
    /// Wall-clock time.
    pub elapsed: Duration,
}

impl From<&Statistics> for SearchStatistics {
    fn from(statistics: &Statistics) -> SearchStatistics {
        SearchStatistics {
            refuted_without_program: statistics.refuted_without_program,
            refuted_undefined: statistics.refuted_undefined,
            refuted_at_once: statistics.refuted_at_once,
            programs_solved: statistics.programs_solved,
            elapsed: Duration::try_from_secs_f64(statistics.seconds).unwrap_or_default(),
        }
    }
}

fn folds_error(e: scorecheck_folds::Error, path: &str) -> Error {
    Error::invalid(
        path,
        format!("the fold configurations cannot be formed: {e}"),
    )
}

/// The fold rules in force, in words.
fn rules_said(rules: &FoldRules) -> String {
    let mut said = Vec::new();
    if rules.require_positive_in_each_fold {
        said.push("every fold holds a positive (for a per-fold sens or bacc)");
    }
    if rules.require_negative_in_each_fold {
        said.push("every fold holds a negative (for a per-fold spec or bacc)");
    }
    if rules.require_two_folds_with_each_class {
        said.push("at least two folds hold positives and two hold negatives (the reference's rule, whatever is reported)");
    }
    if said.is_empty() {
        return "none".to_string();
    }
    crate::text::and_list(&said.iter().map(|s| (*s).to_string()).collect::<Vec<_>>())
}

/// The configuration space of the experiment: one repeated set per evaluation, counted while
/// the deadline and cancel flag of `limits` allow (`Ok(None)` once they stop it).
fn space(experiment: &UnknownFolds, limits: &Limits) -> Result<Option<ConfigurationProduct>> {
    match scorecheck_experiment::space_within(experiment, limits) {
        Ok(space) => Ok(Some(space)),
        Err(e) if e.error.kind() == &scorecheck_folds::ErrorKind::Stopped => Ok(None),
        Err(e) => Err(space_error(experiment, e)),
    }
}

fn space_error(experiment: &UnknownFolds, e: scorecheck_experiment::SpaceError) -> Error {
    let path = if experiment.evaluations.len() == 1 {
        "folding".to_string()
    } else {
        input::join(&input::index("evaluations", e.evaluation), "folding")
    };
    folds_error(e.error, &path)
}

/// The engine's search (of `range`, or every configuration) with the backend and limits of
/// `options`.
fn search(
    experiment: &UnknownFolds,
    space: &ConfigurationProduct,
    range: Option<&ConfigurationRange>,
    options: &RunOptions,
) -> Result<(SearchOutcome, Statistics)> {
    let solver = crate::backend::solver(options)?;
    scorecheck_experiment::search_range(
        experiment,
        space,
        range.map(|r| (&r.start, &r.end)),
        solver.as_ref(),
        &crate::backend::limits(options),
    )
    .map_err(|e| match e.kind() {
        SearchErrorKind::Build(b) => program::build_error(b.clone()),
        _ => Error::invalid("folding", e.to_string()),
    })
}

/// The exact number of fold configurations of `k`-fold over `p` positives and `n` negatives
/// with `repeats` repeats (as multisets), under the reference's rules for the reported
/// `scores`.
///
/// ```
/// use scorecheck::algebra::Score;
/// // 918 configurations of 5-fold over 38 positives and 262 negatives; with two repeats,
/// // the multisets of two of them: C(918 + 1, 2).
/// let scores = [Score::Acc, Score::Sens, Score::Spec];
/// let once = scorecheck::count_fold_configurations(38, 262, 5, 1, &scores)?;
/// assert_eq!(once, 918u32.into());
/// let twice = scorecheck::count_fold_configurations(38, 262, 5, 2, &scores)?;
/// assert_eq!(twice.to_string(), "421821");
/// # Ok::<(), scorecheck::Error>(())
/// ```
///
/// # Errors
///
/// An [`Error`] naming `k` or `repeats` when the fold configurations cannot be formed (more
/// folds than items of a class, no folds), `p` or `n` (the larger) for counts beyond the
/// enumeration's sizes.
pub fn count_fold_configurations(
    p: u64,
    n: u64,
    k: u64,
    repeats: u64,
    scores: &[Score],
) -> Result<BigUint> {
    let base = KFoldConfigurations::new(p, n, k, &reference_rules(scores)).map_err(|e| {
        // Counts past the enumeration's sizes are the class counts' fault, not the folds'.
        let field = match e.kind() {
            scorecheck_folds::ErrorKind::TooLarge { .. } if p >= n => "p",
            scorecheck_folds::ErrorKind::TooLarge { .. } => "n",
            _ => "k",
        };
        folds_error(e, field)
    })?;
    let repeated =
        RepeatedConfigurations::new(base, repeats).map_err(|e| folds_error(e, "repeats"))?;
    Ok(repeated.count())
}

/// `parts` ranges `[start, end)` of the configuration indices that
/// [`count_fold_configurations`] counts, covering them exactly (lengths differing by at most
/// one), as decimal text: each is the `"configurations": {"start", "end"}` of one part of an
/// unknown-folds check split across workers.
///
/// # Errors
///
/// As [`count_fold_configurations`].
pub fn split_fold_configurations(
    p: u64,
    n: u64,
    k: u64,
    repeats: u64,
    scores: &[Score],
    parts: u64,
) -> Result<Vec<(String, String)>> {
    let count = count_fold_configurations(p, n, k, repeats, scores)?;
    decimal_ranges(&count, parts, &BigUint::default())
}

/// `parts` ranges of the configuration indices of an unknown-folds request that has been
/// read, as [`split_fold_configurations`] gives them: the space is the request's own (its
/// datasets, folds, repeats and pruning rules), or the request's own range when it has one
/// (a slow worker's range split again).
pub(crate) fn split_configurations(
    read: &UnknownFoldsRequest,
    parts: u64,
) -> Result<Vec<(String, String)>> {
    let space = space(&read.experiment, &Limits::default())?;
    let count = space.map(|s| s.count()).unwrap_or_default();
    // A request of a range already (a slow worker's): its range is split, not the space.
    let Some((start, end)) = &read.range else {
        return decimal_ranges(&count, parts, &BigUint::default());
    };
    if *start >= count {
        return Err(Error::invalid(
            "configurations",
            format!("the range starts at {start}, past the last of the {count} configurations"),
        ));
    }
    decimal_ranges(&(end.min(&count) - start), parts, start)
}

/// Digits of the ranges' decimal indices that one split may write (16 million: about 100 MB
/// while they are formed): `parts` ranges of indices with thousands of digits each would
/// otherwise take gigabytes.
pub(crate) const MAX_SPLIT_DIGITS: u64 = 16_000_000;

/// `parts` ranges covering `count` indices from `start`, as decimal text.
fn decimal_ranges(count: &BigUint, parts: u64, start: &BigUint) -> Result<Vec<(String, String)>> {
    // Decimal digits of the last index, at least (bits · log10 2, rounded up, plus one).
    let digits = (count + start)
        .bits()
        .saturating_mul(30_103)
        .div_ceil(100_000)
        + 1;
    let ranges = parts.min(u64::try_from(count).unwrap_or(u64::MAX));
    if ranges.saturating_mul(2).saturating_mul(digits) > MAX_SPLIT_DIGITS {
        let most = (MAX_SPLIT_DIGITS / 2 / digits).max(1);
        return Err(Error::invalid(
            "parts",
            format!("{parts} ranges of indices with up to {digits} digits each would write {} digits, more than the {MAX_SPLIT_DIGITS} a split writes; give at most {most} parts", ranges.saturating_mul(2).saturating_mul(digits)),
        ));
    }
    Ok(scorecheck_folds::split_ranges(count, parts)
        .into_iter()
        .map(|(a, b)| ((start + a).to_string(), (start + b).to_string()))
        .collect())
}

/// Answers an unknown-folds request that has been read: the search of its range (or every
/// configuration) with the backend and limits of `options`.
///
/// # Errors
///
/// When the configurations cannot be formed, the range starts past the last configuration,
/// a configuration's program cannot be built, or the named backend is not built in.
pub(crate) fn answer(
    read: &UnknownFoldsRequest,
    options: &RunOptions,
) -> Result<UnknownFoldsOutcome> {
    let experiment = &read.experiment;
    let mut outcome = UnknownFoldsOutcome {
        conclusion: Conclusion::Undecided,
        found: None,
        explanation: None,
        undecided: None,
        backend: options.backend_name().to_string(),
        ignored_scores: read.ignored.clone(),
        configurations_total: None,
        range: None,
        configurations_examined: BigUint::default(),
        fold_rules: None,
        statistics: None,
        note: None,
    };
    let limits = crate::backend::limits(options);
    let Some(space) = space(experiment, &limits)? else {
        let why = match options.time_limit {
            _ if limits.cancelled() => "the work was cancelled".to_string(),
            Some(limit) => format!("the time limit of {:.3} s ran out", limit.as_secs_f64()),
            None => "the deadline passed".to_string(),
        };
        outcome.undecided = Some(UndecidedSearch {
            reason: format!("{why} while the fold configurations were being counted, before any was examined; allow more time (time_limit)"),
            configurations_left_undecided: None,
            covered: 0.0,
        });
        return Ok(outcome);
    };
    let count = space.count();
    outcome.configurations_total = Some(count.clone());
    // The range as searched: `end` clamped to the count; a start past it is an error.
    let range = match &read.range {
        Some((start, _)) if start >= &count => {
            return Err(Error::invalid(
                "configurations.start",
                format!("{start} is past the last configuration: there are {count} (indices 0 to {}); `scorecheck folds split` prints ranges that cover them", &count - 1u32),
            ))
        }
        Some((start, end)) => Some(ConfigurationRange {
            start: start.clone(),
            end: end.min(&count).clone(),
        }),
        None => None,
    };
    // A score no check here uses, reported where none of its values lies: every
    // configuration is refuted before any is formed.
    if let Some(reason) = &read.out_of_range {
        let total = range.as_ref().map_or(count, ConfigurationRange::count);
        outcome.conclusion = Conclusion::Inconsistent {
            certainty: scorecheck_feasibility::Certainty::Exact,
        };
        outcome.explanation = Some(format!(
            "every one of the {total} fold configurations is refuted at once: {reason}"
        ));
        outcome.configurations_examined = total;
        outcome.range = range;
        outcome.fold_rules = Some(experiment.rules);
        return Ok(outcome);
    }
    if let Some(reason) = program::nothing_checkable(experiment.is_constrained(), &read.ignored) {
        outcome.undecided = Some(UndecidedSearch {
            reason,
            configurations_left_undecided: Some(count),
            covered: 0.0,
        });
        return Ok(outcome);
    }
    let (found, statistics) = search(experiment, &space, range.as_ref(), options)?;
    // What was searched: the range's configurations, or all of them.
    let (total, which) = match &range {
        Some(range) => (
            range.count(),
            format!(" of the range [{}, {}) (the request is inconsistent only if every range of a split is refuted)", range.start, range.end),
        ),
        None => (count, String::new()),
    };
    outcome.configurations_examined = found.examined().into();
    match found {
        SearchOutcome::Consistent {
            index,
            experiment: configuration,
            witness,
            ..
        } => {
            let verdict = scorecheck_feasibility::Verdict::Feasible { witness };
            let answer = ExperimentAnswer::of(&configuration, &verdict);
            outcome.conclusion = answer.conclusion;
            outcome.note = answer.note;
            match answer.answer {
                ProgramAnswer::Feasible { witness } => {
                    outcome.found = Some(FoundConfiguration {
                        index,
                        experiment: configuration,
                        witness,
                    });
                }
                // A feasible verdict answers feasible; anything else claims nothing.
                _ => outcome.conclusion = Conclusion::Undecided,
            }
        }
        SearchOutcome::Inconsistent {
            certainty,
            refuted_by_rows,
            solved,
            at_once,
            ..
        } => {
            outcome.conclusion = Conclusion::Inconsistent { certainty };
            let rules = experiment.rules;
            outcome.explanation = Some(match at_once {
                _ if total == BigUint::default() => format!(
                    "no fold configuration can be formed under the fold rules: {}, and a dataset has too few of a class for that; \"fold_rules\": \"none\" tries every composition",
                    rules_said(&rules)
                ),
                Some(reason) => {
                    // Refuted together, each as surely as one by one.
                    outcome.configurations_examined = total.clone();
                    format!("every one of the {total} fold configurations{which} is refuted at once: {reason}")
                }
                None => {
                    let undefined = match statistics.refuted_undefined {
                        0 => String::new(),
                        u => format!(", {u} of them because a fold holds no positives (or no negatives) where a reported score or a fold bound needs them: the score is undefined there and matches nothing, although libraries such as scikit-learn print 0 for it"),
                    };
                    format!("every one of the {total} fold configurations{which} is refuted: {refuted_by_rows} without an integer program (the exact linear relaxation is infeasible, or a single reported mean or bound cannot be hit by any integer counts{undefined}), {solved} by solving its integer program")
                }
            });
            // The reference's two-folds rule leaves out configurations an experiment can
            // produce (unshuffled k-fold over sorted labels): say that the verdict rests on it.
            // (With a positive and a negative in every fold it adds nothing.)
            let two_folds_prunes = rules.require_two_folds_with_each_class
                && !(rules.require_positive_in_each_fold && rules.require_negative_in_each_fold);
            if two_folds_prunes && total != BigUint::default() {
                if let Some(explanation) = outcome.explanation.as_mut() {
                    explanation.push_str(&format!(
                        " (under the fold rules: {}; \"fold_rules\": \"none\" tries every composition)",
                        rules_said(&rules)
                    ));
                }
            }
        }
        SearchOutcome::Undecided {
            reason,
            undecided_configurations,
            examined,
        } => {
            let covered = if total == BigUint::default() {
                1.0
            } else {
                ratio(examined, &total)
            };
            outcome.undecided = Some(UndecidedSearch {
                reason,
                configurations_left_undecided: Some(undecided_configurations.into()),
                covered,
            });
        }
        // An ending of a kind added later: undecided, never a verdict.
        other => {
            outcome.undecided = Some(UndecidedSearch {
                reason: format!("the search ended in a way this version does not know: {other:?}"),
                configurations_left_undecided: None,
                covered: 0.0,
            });
        }
    }
    outcome.range = range;
    outcome.fold_rules = Some(experiment.rules);
    outcome.statistics = Some(SearchStatistics::from(&statistics));
    Ok(outcome)
}

/// `a / b` as a float for display only.
fn ratio(a: u64, b: &BigUint) -> f64 {
    let b = b.to_f64().unwrap_or(f64::INFINITY);
    (a as f64 / b).min(1.0)
}
