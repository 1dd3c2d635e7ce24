//! Explaining an infeasible mean-of-scores program: `scorecheck_experiment::infeasible_subset` under its own budget, in a sentence naming the scores and how they are averaged.
//!
//! The engine filters the reported scores and bounds by deletion with the request's backend
//! (see there), each program going to the exact backend first under a small budget when the
//! request names another one ([`crate::backend::with_explaining_solver`]). The filter has its own time budget (ten times the decision's time, at least
//! [`crate::single::EXPLAIN_MIN_BUDGET`], never past the request's deadline).

use scorecheck_clock::Instant;
use std::time::Duration;

use scorecheck_experiment::{infeasible_subset, Bound, Element, Experiment};

use super::outcome::{MeanOfScoresOutcome, Subset};
use crate::input;
use crate::options::RunOptions;
use scorecheck_algebra::Score;
use scorecheck_request::mean_of_scores::{MeanOfScoresRequest, MeanProtocol};

/// The explanation of an infeasible `experiment` (the subset and its sentence), or `None`
/// when nothing could be filtered (no elements, or the backend is not built in).
pub(crate) fn explain(
    read: &MeanOfScoresRequest,
    options: &RunOptions,
    decision: Duration,
) -> Option<Subset> {
    let experiment = &read.experiment;
    let own = Instant::now() + (decision * 10).max(crate::single::EXPLAIN_MIN_BUDGET);
    let deadline = options.deadline.map_or(own, |d| d.min(own));
    let options = options.inner(deadline);
    let limits = crate::backend::limits(&options);
    let found = crate::backend::with_explaining_solver(&options, |filter| {
        infeasible_subset(experiment, filter, &limits)
    })
    .ok()??;
    Some(subset(read, &found.elements, !found.minimal))
}

/// Explains an inconsistent `outcome` by a subset of the reported scores and bounds when
/// `options` ask for explanations (else it has none).
pub(crate) fn attach(
    outcome: &mut MeanOfScoresOutcome,
    read: &MeanOfScoresRequest,
    options: &RunOptions,
    decision: Duration,
) {
    if !options.explains() {
        outcome.explanation = None;
    } else if let Some(explanation) = &mut outcome.explanation {
        explanation.subset = explain(read, options, decision);
    }
}

/// How the protocol averages: the phrase for a reported score's mean and for each kind of
/// bound, and the field of a dataset-level bound.
pub(crate) struct Wording {
    pub(crate) mean: String,
    dataset_bound: &'static str,
    pub(crate) dataset_field: &'static str,
}

pub(crate) fn wording(experiment: &Experiment, protocol: MeanProtocol) -> Wording {
    let m = experiment.datasets.len();
    let k = experiment.datasets.first().map_or(0, |d| d.folds.len());
    match protocol {
        MeanProtocol::DatasetKnownFolds => Wording {
            mean: format!("over the {k} folds"),
            dataset_bound: "on the dataset",
            dataset_field: "dataset_score_bounds",
        },
        MeanProtocol::Testsets => Wording {
            mean: format!("over the {m} testsets"),
            dataset_bound: "on every testset",
            dataset_field: "testset_score_bounds",
        },
        MeanProtocol::DatasetsPooled => Wording {
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

/// The request field of a bound on `score` in every fold of dataset `d`.
pub(crate) fn fold_bound_field(protocol: MeanProtocol, d: usize, score: Score) -> String {
    if protocol == MeanProtocol::DatasetsKnownFolds {
        format!(
            "evaluations[{d}].fold_score_bounds.{}",
            score.abbreviation()
        )
    } else {
        input::join("fold_score_bounds", score.abbreviation())
    }
}

fn bound_text(bound: &Bound) -> String {
    format!(
        "[{}, {}]",
        input::show(&bound.lower),
        input::show(&bound.upper)
    )
}

fn subset(read: &MeanOfScoresRequest, kept: &[Element], uncertain: bool) -> Subset {
    let experiment = &read.experiment;
    let words = wording(experiment, read.protocol);
    let many = experiment.datasets.len() > 1;
    let mut scores = Vec::new();
    let mut bounds = Vec::new();
    let mut phrases = Vec::new();
    for element in kept {
        match *element {
            Element::Window(i) => {
                let w = &experiment.windows[i];
                scores.push(w.score.abbreviation().to_string());
                let figure = read
                    .reported
                    .iter()
                    .find(|(score, _)| *score == w.score)
                    .map(|(_, value)| format!("reported {}", input::show(value)))
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
                bounds.push(fold_bound_field(read.protocol, d, score));
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
            // An element of a kind added later: nothing to name.
            _ => {}
        }
    }
    let verb = match phrases.len() {
        1 => "alone cannot hold",
        2 => "cannot both hold",
        _ => "cannot all hold",
    };
    let mut message = format!(
        "{} {verb}: no whole numbers tp and tn per fold satisfy {} (exact integer program)",
        crate::text::and_list(&phrases),
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
    Subset {
        scores,
        bounds,
        minimal: !uncertain,
        message,
        auc_range: None,
    }
}
