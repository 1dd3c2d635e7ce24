//! Explaining an infeasible mean-of-scores program: a minimal subset of the reported scores and bounds that is already infeasible, in a sentence naming the scores and how they are averaged.
//!
//! Deletion filtering, as the single-matrix engine explains: each element (a reported
//! score's window, or one bound on one score) is dropped in turn and kept dropped when the
//! rest is still infeasible; every re-solve is the same integer program with the same
//! backend and node budget. A re-solve that comes back undecided keeps its element, so the
//! subset is still infeasible (it contains the last subset proven infeasible) but may not be
//! minimal, and the sentence says so. The filter has its own time budget (ten times the
//! decision's time, at least [`crate::single::EXPLAIN_MIN_BUDGET`], never past the
//! request's deadline).

use std::time::{Duration, Instant};

use scorecheck_algebra::Score;
use scorecheck_feasibility::Verdict;
use serde_json::{json, Value};

use crate::dispatch::{Request, RunOptions};
use crate::input;
use crate::json::Json;
use crate::mos::{Bound, Experiment};

/// One element the filter may drop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Element {
    /// The reported window at this index of `experiment.windows`.
    Window(usize),
    /// Bounds on this score on every dataset (testset) of the experiment.
    DatasetBound(Score),
    /// Bounds on this score on every fold of dataset `.0`.
    FoldBound(usize, Score),
}

/// The explanation of an infeasible `experiment`: `{"scores", "bounds", "minimal",
/// "message"}`, or `None` when nothing could be filtered (no elements).
pub(crate) fn explain(
    experiment: &Experiment,
    request: &Request<'_>,
    decision: Duration,
) -> Option<Value> {
    let own = Instant::now() + (decision * 10).max(crate::single::EXPLAIN_MIN_BUDGET);
    let deadline = request.options.deadline.map_or(own, |d| d.min(own));
    let options = RunOptions {
        deadline: Some(deadline),
        progress: None,
        ..request.options.clone()
    };
    let mut elements = self::elements(experiment);
    if elements.is_empty() {
        return None;
    }
    // Bounds are tried first, so that an explanation prefers the reported figures.
    elements.sort_by_key(|e| match e {
        Element::FoldBound(..) => 0,
        Element::DatasetBound(_) => 1,
        Element::Window(_) => 2,
    });
    // One element alone may already be infeasible (a mean no fold counts can reach): the
    // shortest explanation there is, found with one solve per element.
    for e in &elements {
        if Instant::now() >= deadline {
            break;
        }
        if solve(&restrict(experiment, &[*e]), &options) == Some(false) {
            return Some(render(experiment, request, &[*e], false));
        }
    }
    let mut kept = elements;
    let mut uncertain = false;
    let mut i = 0;
    while i < kept.len() {
        if Instant::now() >= deadline {
            uncertain = true;
            break;
        }
        let mut trial = kept.clone();
        trial.remove(i);
        match solve(&restrict(experiment, &trial), &options) {
            Some(false) => kept = trial,
            Some(true) => i += 1,
            None => {
                uncertain = true;
                i += 1;
            }
        }
    }
    // Back in the order of the request: reported scores first, then bounds.
    let order = self::elements(experiment);
    kept.sort_by_key(|e| order.iter().position(|o| o == e));
    Some(render(experiment, request, &kept, uncertain))
}

/// Puts the explanation of an infeasible `experiment` into `result["explanation"]`: the
/// backend's own words move to `"reason"`, the sentence becomes `"message"`.
pub(crate) fn attach(
    result: &mut Value,
    experiment: &Experiment,
    request: &Request<'_>,
    decision: Duration,
) {
    let Some(Value::Object(found)) = explain(experiment, request, decision) else {
        return;
    };
    let Some(Value::Object(explanation)) = result.get_mut("explanation") else {
        return;
    };
    if let Some(reason) = explanation.remove("message") {
        explanation.insert("reason".into(), reason);
    }
    for (key, value) in found {
        explanation.insert(key, value);
    }
}

/// Every element of the experiment, each bound on a score counted once per place.
fn elements(experiment: &Experiment) -> Vec<Element> {
    let mut out: Vec<Element> = (0..experiment.windows.len()).map(Element::Window).collect();
    for (d, dataset) in experiment.datasets.iter().enumerate() {
        for bound in &dataset.bounds {
            let e = Element::DatasetBound(bound.score);
            if !out.contains(&e) {
                out.push(e);
            }
        }
        for fold in &dataset.folds {
            for bound in &fold.bounds {
                let e = Element::FoldBound(d, bound.score);
                if !out.contains(&e) {
                    out.push(e);
                }
            }
        }
    }
    out
}

/// The experiment with only the `kept` elements.
fn restrict(experiment: &Experiment, kept: &[Element]) -> Experiment {
    let mut sub = experiment.clone();
    sub.windows = experiment
        .windows
        .iter()
        .enumerate()
        .filter(|(i, _)| kept.contains(&Element::Window(*i)))
        .map(|(_, w)| w.clone())
        .collect();
    for (d, dataset) in sub.datasets.iter_mut().enumerate() {
        dataset
            .bounds
            .retain(|b| kept.contains(&Element::DatasetBound(b.score)));
        for fold in &mut dataset.folds {
            fold.bounds
                .retain(|b| kept.contains(&Element::FoldBound(d, b.score)));
        }
    }
    sub
}

/// Enumeration steps per subset (see `scorecheck_experiment::decide_sides`).
const EXPLAIN_STEPS: u64 = 2_000_000;

/// `Some(true)` feasible, `Some(false)` infeasible, `None` undecided (or not solvable).
fn solve(experiment: &Experiment, options: &RunOptions) -> Option<bool> {
    // Subsets drop windows, which widens the enumeration: a step budget, then the branch
    // and bound.
    match crate::mos::verdict_within(experiment, options, EXPLAIN_STEPS).ok()? {
        Verdict::Feasible { .. } => Some(true),
        Verdict::Infeasible { .. } => Some(false),
        // Undecided, or an answer of a kind added later: nothing is concluded.
        _ => None,
    }
}

/// How the protocol averages: the phrase for a reported score's mean and for each kind of
/// bound.
struct Wording {
    mean: String,
    dataset_bound: &'static str,
    dataset_field: &'static str,
}

fn wording(experiment: &Experiment, check: &str) -> Wording {
    let m = experiment.datasets.len();
    let k = experiment.datasets.first().map_or(0, |d| d.folds.len());
    match check {
        "1_dataset_known_folds_mos" => Wording {
            mean: format!("over the {k} folds"),
            dataset_bound: "on the dataset",
            dataset_field: "dataset_score_bounds",
        },
        "n_testsets_mos_no_kfold" => Wording {
            mean: format!("over the {m} testsets"),
            dataset_bound: "on every testset",
            dataset_field: "testset_score_bounds",
        },
        "n_datasets_mos_kfold_som" => Wording {
            mean: format!("over the {m} datasets (each pooled over its folds)"),
            dataset_bound: "on every dataset (pooled over its folds)",
            dataset_field: "dataset_score_bounds",
        },
        _ => Wording {
            mean: format!("over the {m} datasets of the means over their folds"),
            dataset_bound: "on the mean over the folds of every dataset",
            dataset_field: "dataset_score_bounds",
        },
    }
}

fn bound_text(bound: &Bound) -> String {
    format!(
        "[{}, {}]",
        input::show(&bound.lower),
        input::show(&bound.upper)
    )
}

fn render(
    experiment: &Experiment,
    request: &Request<'_>,
    kept: &[Element],
    uncertain: bool,
) -> Value {
    let check = request
        .fields
        .get("check")
        .and_then(Json::as_str)
        .map(|c| c.strip_prefix("check_").unwrap_or(c))
        .unwrap_or_default();
    let words = wording(experiment, check);
    let reported = request
        .fields
        .get("scores")
        .and_then(|v| crate::auc::split(v, "scores").ok())
        .and_then(|(v, _)| input::reported_scores(&v, "scores").ok());
    let many = experiment.datasets.len() > 1;
    let mut scores = Vec::new();
    let mut bounds = Vec::new();
    let mut phrases = Vec::new();
    for element in kept {
        match *element {
            Element::Window(i) => {
                let w = &experiment.windows[i];
                scores.push(w.score.abbreviation().to_string());
                let figure = reported
                    .as_ref()
                    .and_then(|r| r.get(w.score))
                    .map(|r| format!("reported {}", input::show(&r.value)))
                    .unwrap_or_else(|| format!("within {}", bound_text(w)));
                phrases.push(format!("the mean of {} {} ({figure})", w.score, words.mean));
            }
            Element::DatasetBound(score) => {
                bounds.push(input::join(words.dataset_field, score.abbreviation()));
                let b = experiment
                    .datasets
                    .iter()
                    .flat_map(|d| &d.bounds)
                    .find(|b| b.score == score);
                if let Some(b) = b {
                    phrases.push(format!(
                        "the bound {score} ∈ {} {}",
                        bound_text(b),
                        words.dataset_bound
                    ));
                }
            }
            Element::FoldBound(d, score) => {
                let field = if check == "n_datasets_mos_known_folds_mos" {
                    format!(
                        "evaluations[{d}].fold_score_bounds.{}",
                        score.abbreviation()
                    )
                } else {
                    input::join("fold_score_bounds", score.abbreviation())
                };
                bounds.push(field);
                let b = experiment.datasets[d]
                    .folds
                    .iter()
                    .flat_map(|f| &f.bounds)
                    .find(|b| b.score == score);
                if let Some(b) = b {
                    let place = if many {
                        format!("on every fold of dataset {d}")
                    } else {
                        "on every fold".to_string()
                    };
                    phrases.push(format!("the bound {score} ∈ {} {place}", bound_text(b)));
                }
            }
        }
    }
    let verb = match phrases.len() {
        1 => "alone cannot hold",
        2 => "cannot both hold",
        _ => "cannot all hold",
    };
    let mut message = format!(
        "{} {verb}: no whole numbers tp and tn per fold satisfy {} (exact integer program)",
        join(&phrases),
        if phrases.len() == 1 {
            "it"
        } else {
            "them together"
        }
    );
    if uncertain {
        message.push_str(
            "; some sub-checks ran out of budget, so a smaller subset may already be infeasible",
        );
    }
    json!({"scores": scores, "bounds": bounds, "minimal": !uncertain, "message": message})
}

/// "a", "a and b", "a, b and c".
fn join(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}
