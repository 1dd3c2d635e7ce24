//! Explaining an inconsistent mean-of-scores AUC: the exact range of the mean AUC over the operating points that fit the other scores.
//!
//! The mean of the least achievable AUC values, Σ w·2·tp·tn/(2pn), lies on the grid
//! (1/scale)·ℤ of the model, so its least value over the operating points that fit the
//! other scores is found by bisection on that grid, each probe one search of
//! `scorecheck_experiment::search_auc` with the window open below (the largest likewise, open above). A
//! probe that is not decided exactly (or the explanation's budget) ends the bisection with
//! the bound proven so far, and the sentence says so.

use super::explain::{fold_bound_field, wording};
use super::outcome::{AucRange, Subset};
use crate::figures::ReportedAuc;
use crate::input;
use crate::options::RunOptions;
use crate::Result;
use scorecheck_experiment::{auc_extreme, AucEffort, AucModel};
use scorecheck_request::mean_of_scores::MeanOfScoresRequest;

/// The explanation of an inconsistent AUC: the range of the mean AUC over the operating
/// points that fit the other scores, in a sentence.
pub(crate) fn explain(
    model: &AucModel,
    read: &MeanOfScoresRequest,
    auc: &ReportedAuc,
    start: &[i64],
    options: &RunOptions,
) -> Result<Subset> {
    let mut effort = AucEffort::default();
    let solver = crate::backend::solver(options)?;
    let limits = crate::backend::limits(options);
    let (least, least_exact) =
        auc_extreme(model, start, false, solver.as_ref(), &limits, &mut effort);
    let (most, most_exact) = auc_extreme(model, start, true, solver.as_ref(), &limits, &mut effort);
    let experiment = &read.experiment;
    let bounds = bound_fields(read);
    let mut parts = Vec::new();
    if !read.reported.is_empty() {
        let named: Vec<String> = read
            .reported
            .iter()
            .map(|(s, v)| format!("{s} {}", input::show(v)))
            .collect();
        parts.push(format!("the reported {}", crate::text::and_list(&named)));
    }
    if !bounds.is_empty() {
        parts.push(format!("the bounds {}", crate::text::and_list(&bounds)));
    }
    let given = if parts.is_empty() {
        "whatever the operating points".to_string()
    } else {
        format!(
            "at fold operating points that fit {}",
            crate::text::and_list(&parts)
        )
    };
    let range = format!(
        "[{}, {}]",
        auc.shown_bound(&least, false),
        auc.shown_bound(&most, true)
    );
    let range = match (least_exact, most_exact) {
        (true, true) => range,
        _ => format!("{range} (bounds proven before a search ran out of budget)"),
    };
    let within = auc.upper >= least && auc.lower <= most;
    let mut message = format!(
        "the mean AUC {} can only lie in {range} {given}; reported {}",
        wording(experiment, read.protocol).mean,
        auc.shown(&auc.value)
    );
    if within {
        message.push_str(&format!(
            ", and no choice of achievable AUC values at such operating points averages into [{}, {}]",
            auc.shown(&auc.lower),
            auc.shown(&auc.upper)
        ));
    }
    let mut scores = vec![auc.key.clone()];
    scores.extend(
        read.reported
            .iter()
            .map(|(s, _)| s.abbreviation().to_string()),
    );
    Ok(Subset {
        scores,
        bounds,
        minimal: false,
        message,
        auc_range: Some(AucRange {
            least,
            least_exact,
            most,
            most_exact,
            search: effort,
        }),
    })
}

/// The request fields of every bound of the experiment.
fn bound_fields(read: &MeanOfScoresRequest) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut push = |field: String| {
        if !out.contains(&field) {
            out.push(field);
        }
    };
    let dataset_field = wording(&read.experiment, read.protocol).dataset_field;
    for (d, dataset) in read.experiment.datasets.iter().enumerate() {
        for b in &dataset.bounds {
            push(input::join(dataset_field, b.score.abbreviation()));
        }
        for b in dataset.folds.iter().flat_map(|f| &f.bounds) {
            push(fold_bound_field(read.protocol, d, b.score));
        }
    }
    out
}
