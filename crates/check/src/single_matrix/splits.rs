//! Which class splits fit: `1_testset_no_kfold` with `testset: {"total": N}` (or a dataset
//! with `"split": "unknown"`), tried by `scorecheck_single::splits`.
//!
//! The request becomes a `scorecheck_single::SplitProblem`; the engine tries every split
//! (interval pruning of whole ranges of p, the exact engine at every p that survives; see
//! that module), and its typed `Splits` are the outcome.

use scorecheck_algebra::Score;
use scorecheck_feasibility::{Certainty, Conclusion};
use scorecheck_request::figures::Figures;
use scorecheck_request::input;
use scorecheck_request::single_matrix::SplitsRequest;

use crate::covered::Undecided;
use crate::options::RunOptions;
use crate::single;

/// The outcome of a search over the splits of a test set of known size.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct SplitsOutcome {
    /// Consistent when a split fits, inconsistent when every split was refuted exactly.
    pub conclusion: Conclusion,
    /// The test set's size.
    pub total: u64,
    /// The exact windows of the reported scores.
    pub windows: Vec<single::Window>,
    /// What the engine found: the first fitting splits, the counts, the search's effort.
    pub found: single::Splits,
    /// Why no split fits: the scores and the sentence (inconsistent only).
    pub explanation: Option<(Vec<Score>, String)>,
    /// What was decided when the search did not finish.
    pub undecided: Option<Undecided>,
}

/// Answers a request on a test set of known size and unknown class split.
pub(crate) fn answer(request: &SplitsRequest, options: &RunOptions) -> SplitsOutcome {
    let SplitsRequest {
        total,
        max_setups,
        figures: Figures {
            reported, windows, ..
        },
        ..
    } = request;
    let total = *total;
    let engine = crate::backend::single_options(options);
    let problem =
        single::SplitProblem::new(total, windows.clone()).with_params(reported.params.clone());
    let found = single::splits(
        &problem,
        usize::try_from(*max_setups).unwrap_or(usize::MAX),
        &engine,
    );
    let all = u128::from(total) + 1;
    let conclusion = match found.consistent() {
        Some(true) => Conclusion::Consistent,
        // Every split refuted exactly.
        Some(false) => Conclusion::Inconsistent {
            certainty: Certainty::Exact,
        },
        None => Conclusion::Undecided,
    };
    let explanation = matches!(conclusion, Conclusion::Inconsistent { .. }).then(|| {
        // A smallest set of the scores that no split fits: each score is left out while the
        // others are still refuted at every split, exactly (a search left undecided keeps
        // it), so that no score of the set can go.
        let mut kept = windows.clone();
        let mut refuted = (found.n_pruned, found.exact_checks);
        let mut at = 0;
        while at < kept.len() && kept.len() > 1 {
            let mut fewer = kept.clone();
            fewer.remove(at);
            let smaller = single::SplitProblem::new(total, fewer.clone())
                .with_params(reported.params.clone());
            let again = single::splits(&smaller, 1, &engine);
            if again.consistent() == Some(false) {
                kept = fewer;
                refuted = (again.n_pruned, again.exact_checks);
            } else {
                at += 1;
            }
        }
        let names: Vec<String> = kept
            .iter()
            .map(|w| format!("{} {}", w.score, input::show(&w.reported)))
            .collect();
        let message = format!(
            "no split of the {total} test items into p positives and n = {total} − p negatives fits {}: every p from 0 to {total} was refuted ({} by interval enclosures of whole ranges, {} by exact checks)",
            crate::text::and_list(&names),
            refuted.0,
            refuted.1
        );
        (kept.iter().map(|w| w.score).collect(), message)
    });
    let undecided = (!found.is_complete()).then(|| {
        let share = found.n_decided as f64 / all as f64 * 100.0;
        let reason = found.stopped.map(|s| s.to_string()).unwrap_or_else(|| {
            format!(
                "the exact checks of {} splits ran out of budget",
                found.n_undecided
            )
        });
        Undecided::new(
            reason,
            format!(
                "{} of {all} splits ({share:.2}%) were decided, {} of them fitting",
                found.n_decided, found.n_fitting
            ),
        )
    });
    SplitsOutcome {
        conclusion,
        total,
        windows: problem.windows,
        found,
        explanation,
        undecided,
    }
}
