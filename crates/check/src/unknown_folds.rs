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
//! the share covered, never with a verdict.

use num_bigint::BigUint;
use scorecheck_algebra::Score;
use scorecheck_experiment::{
    reference_rules, SearchErrorKind, SearchOutcome, Statistics, UnknownFolds,
};
use scorecheck_folds::{
    ConfigurationProduct, FoldRules, KFoldConfigurations, RepeatedConfigurations,
};
use serde_json::{json, Map, Value};

use crate::dispatch::{Request, RunOptions};
use crate::input::{self};
use crate::mos;
use crate::render::{self, finite};
use crate::{Error, ErrorKind, Result};
use scorecheck_feasibility::Conclusion;

fn folds_error(e: scorecheck_folds::Error, path: &str) -> Error {
    Error::new(
        ErrorKind::InvalidValue,
        Some(path),
        format!("the fold configurations cannot be formed: {e}"),
    )
}

/// The configuration space of the experiment: one repeated set per evaluation.
pub(crate) fn space(experiment: &UnknownFolds) -> Result<ConfigurationProduct> {
    scorecheck_experiment::space(experiment).map_err(|e| {
        let path = if experiment.evaluations.len() == 1 {
            "folding".to_string()
        } else {
            input::join(&input::index("evaluations", e.evaluation), "folding")
        };
        folds_error(e.error, &path)
    })
}

/// The engine's search (of `range`, or every configuration) with the backend and limits of
/// `options`.
pub(crate) fn search(
    experiment: &UnknownFolds,
    space: &ConfigurationProduct,
    range: Option<&(BigUint, BigUint)>,
    options: &RunOptions,
) -> Result<(SearchOutcome, Statistics)> {
    let solver = crate::backend::solver(options)?;
    scorecheck_experiment::search_range(
        experiment,
        space,
        range.map(|(start, end)| (start, end)),
        solver.as_ref(),
        &crate::backend::limits(options),
    )
    .map_err(|e| match e.kind() {
        SearchErrorKind::Build(e) => crate::mos::build_error(e.clone()),
        _ => Error::new(ErrorKind::InvalidValue, Some("folding"), e.to_string()),
    })
}

/// `1_dataset_unknown_folds_mos`.
pub(crate) fn dataset_unknown_folds_mos(request: &Request<'_>) -> Result<Value> {
    let read = scorecheck_request::unknown_folds::read_one(&request.fields)?;
    answer(
        &read.experiment,
        &read.ignored,
        read.range.as_ref(),
        request,
    )
}

/// `n_datasets_mos_unknown_folds_mos`.
pub(crate) fn datasets_mos_unknown_folds_mos(request: &Request<'_>) -> Result<Value> {
    let read = scorecheck_request::unknown_folds::read_many(&request.fields)?;
    answer(
        &read.experiment,
        &read.ignored,
        read.range.as_ref(),
        request,
    )
}

/// The exact number of fold configurations of `k`-fold over `p` positives and `n` negatives
/// with `repeats` repeats (as multisets), under the reference's rules for the reported
/// `scores`, in decimal.
///
/// # Errors
///
/// An [`Error`] naming `k` or `repeats` when the fold configurations cannot be formed
/// (more folds than items of a class, no folds, or counts beyond the enumeration's sizes).
pub fn count_fold_configurations(
    p: u64,
    n: u64,
    k: u64,
    repeats: u64,
    scores: &[Score],
) -> Result<String> {
    let base = KFoldConfigurations::new(p, n, k, &reference_rules(scores))
        .map_err(|e| folds_error(e, "k"))?;
    let repeated =
        RepeatedConfigurations::new(base, repeats).map_err(|e| folds_error(e, "repeats"))?;
    Ok(repeated.count().to_string())
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
    let count: BigUint = count_fold_configurations(p, n, k, repeats, scores)?
        .parse()
        .map_err(|_| {
            Error::new(
                ErrorKind::InvalidValue,
                Some("k"),
                "the count is not a number",
            )
        })?;
    Ok(scorecheck_folds::split_ranges(&count, parts)
        .into_iter()
        .map(|(start, end)| (start.to_string(), end.to_string()))
        .collect())
}

/// `parts` ranges of the configuration indices of an unknown-folds request given as JSON
/// text (`1_dataset_unknown_folds_mos`, `n_datasets_mos_unknown_folds_mos` or `tpehg`; its
/// own `configurations` ignored), as [`split_fold_configurations`] gives them: the space is
/// the request's own, its datasets, folds, repeats and the pruning rules its scores imply.
///
/// # Errors
///
/// An [`Error`] naming the field when the text is not such a request or its configurations
/// cannot be formed.
pub fn split_request_configurations(text: &str, parts: u64) -> Result<Vec<(String, String)>> {
    let json = crate::dispatch::read_text(text)?;
    let fields = input::Object::new(&json, "")?;
    let names = [
        "1_dataset_unknown_folds_mos",
        "n_datasets_mos_unknown_folds_mos",
        "tpehg",
    ];
    let read = match scorecheck_request::read_check(&fields, &names)? {
        0 => scorecheck_request::unknown_folds::read_one(&fields)?,
        1 => scorecheck_request::unknown_folds::read_many(&fields)?,
        _ => scorecheck_request::unknown_folds::read_tpehg(&fields)?,
    };
    let count = space(&read.experiment)?.count();
    Ok(scorecheck_folds::split_ranges(&count, parts)
        .into_iter()
        .map(|(start, end)| (start.to_string(), end.to_string()))
        .collect())
}

/// Runs the search (of `range`, or every configuration) and renders its outcome.
pub(crate) fn answer(
    experiment: &UnknownFolds,
    ignored: &[String],
    range: Option<&(BigUint, BigUint)>,
    request: &Request<'_>,
) -> Result<Value> {
    let space = space(experiment)?;
    let count = space.count();
    // The range as searched: `end` clamped to the count; a start past it is an error.
    let range = match range {
        Some((start, _)) if start >= &count => {
            return Err(Error::new(
                ErrorKind::InvalidValue,
                Some("configurations.start"),
                format!("{start} is past the last configuration: there are {count} (indices 0 to {}); `scorecheck folds split` prints ranges that cover them", &count - 1u32),
            ))
        }
        Some((start, end)) => Some((start.clone(), end.min(&count).clone())),
        None => None,
    };
    crate::dispatch::all_fields_read(request)?;
    if let Some(reason) = mos::nothing_checkable(experiment.is_constrained(), ignored) {
        let configurations = render::big_count(&space.count());
        let mut out = Map::new();
        render::verdict(&mut out, Conclusion::Undecided);
        if let Value::Object(fields) = json!({
            "covered": 0.0,
            "undecided": {"reason": reason, "configurations_left_undecided": configurations},
            "backend": request.options.backend_name(),
            "ignored_scores": ignored,
            "configurations_total": configurations,
            "configurations_examined": 0,
        }) {
            out.extend(fields);
        }
        return Ok(Value::Object(out));
    }
    let (outcome, statistics) = search(experiment, &space, range.as_ref(), &request.options)?;
    let mut out = render(
        experiment,
        &space,
        range.as_ref(),
        &outcome,
        ignored,
        request,
    );
    if let Value::Object(map) = &mut out {
        map.insert(
            "statistics".into(),
            json!({"refuted_without_program": statistics.refuted_without_program, "refuted_at_once": statistics.refuted_at_once, "programs_solved": statistics.programs_solved, "seconds": finite(statistics.seconds)}),
        );
    }
    Ok(out)
}

/// Renders the outcome of a search.
fn render(
    experiment: &UnknownFolds,
    space: &ConfigurationProduct,
    range: Option<&(BigUint, BigUint)>,
    outcome: &SearchOutcome,
    ignored: &[String],
    request: &Request<'_>,
) -> Value {
    let count = space.count();
    // What was searched: the range's configurations, or all of them.
    let (total, which) = match range {
        Some((start, end)) => (
            end - start,
            format!(" of the range [{start}, {end}) (the request is inconsistent only if every range of a split is refuted)"),
        ),
        None => (count.clone(), String::new()),
    };
    let mut out = Map::new();
    match outcome {
        SearchOutcome::Consistent {
            index,
            experiment: found,
            witness,
            ..
        } => {
            let verdict = scorecheck_feasibility::Verdict::Feasible {
                witness: witness.clone(),
            };
            let rendered = mos::render(found, &verdict, ignored, request);
            if let Value::Object(map) = rendered {
                out = map;
            }
            let folds: Vec<Value> = found
                .datasets
                .iter()
                .map(|d| {
                    Value::Array(
                        d.folds
                            .iter()
                            .map(|f| json!({"p": f.p, "n": f.n}))
                            .collect(),
                    )
                })
                .collect();
            out.insert("configuration".into(), json!({"index": crate::render::big_count(index), "folds": if experiment.evaluations.len() == 1 { folds[0].clone() } else { Value::Array(folds) }}));
        }
        SearchOutcome::Inconsistent {
            certainty,
            refuted_by_rows,
            solved,
            at_once,
            ..
        } => {
            let certainty = *certainty;
            render::verdict(&mut out, Conclusion::Inconsistent { certainty });
            let message = match at_once {
                Some(reason) => format!("every one of the {total} fold configurations{which} is refuted at once: {reason}"),
                None => format!("every one of the {total} fold configurations{which} is refuted: {refuted_by_rows} without an integer program (the exact linear relaxation is infeasible, or a single reported mean or bound cannot be hit by any integer counts), {solved} by solving its integer program"),
            };
            out.insert("explanation".into(), json!({ "message": message }));
        }
        SearchOutcome::Undecided {
            reason,
            undecided_configurations,
            ..
        } => {
            render::verdict(&mut out, Conclusion::Undecided);
            let share = if total == BigUint::from(0u8) {
                1.0
            } else {
                ratio(&outcome.examined(), &total)
            };
            out.insert("covered".into(), finite(share));
            out.insert("undecided".into(), json!({"reason": reason, "configurations_left_undecided": undecided_configurations}));
        }
        // An ending of a kind added later: undecided, never a verdict.
        other => {
            render::verdict(&mut out, Conclusion::Undecided);
            out.insert("covered".into(), finite(0.0));
            out.insert("undecided".into(), json!({"reason": format!("the search ended in a way this version does not know: {other:?}")}));
        }
    }
    // (A consistent configuration's rendering has both already, the same.)
    out.insert("backend".into(), request.options.backend_name().into());
    out.insert("ignored_scores".into(), json!(ignored));
    out.insert(
        "configurations_total".into(),
        crate::render::big_count(&count),
    );
    if let Some((start, end)) = range {
        out.insert(
            "configurations_range".into(),
            json!({"start": start.to_string(), "end": end.to_string(), "count": crate::render::big_count(&total)}),
        );
    }
    let examined = match outcome {
        // Refuted together, each as surely as one by one.
        SearchOutcome::Inconsistent {
            at_once: Some(_), ..
        } => crate::render::big_count(&total),
        _ => json!(outcome.examined()),
    };
    out.insert("configurations_examined".into(), examined);
    out.insert(
        "fold_rules".into(),
        if experiment.rules == FoldRules::none() {
            "none"
        } else {
            "reference"
        }
        .into(),
    );
    Value::Object(out)
}

/// `a / b` as a float for display only.
fn ratio(a: &u64, b: &BigUint) -> f64 {
    let b = num_traits::ToPrimitive::to_f64(b).unwrap_or(f64::INFINITY);
    (*a as f64 / b).min(1.0)
}
