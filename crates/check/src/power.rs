//! How telling a "consistent" is (`"power": true`): each reported score moved one unit of
//! its last reported digit down and up, and how many of those perturbed requests the same
//! check flags.
//!
//! A move keeps the figure's number of decimals (`0.850` → `0.849`, `0.851`), so its eps
//! (explicit, per score or taken from the decimals) and the tolerance stay what they were.
//! A move is skipped when it leaves the score's natural range as the algebra knows it
//! (`Score::natural_range`: [0, 1] for rates, [−1, 1] for mcc, no upper end for the
//! likelihood ratios and the odds ratio; scaled by 100 when the request says
//! `"percent": true`). The perturbed requests are made by `scorecheck_request::power`;
//! each is read and answered like any request, with the request's own options and deadline,
//! and only its typed conclusion counts: a perturbed request answered "undecided" counts as
//! not flagged and is listed.

use scorecheck_feasibility::Conclusion;
use scorecheck_request::json::Json;
use scorecheck_request::power::{perturbations, Move, Perturbations, ScoreMoves};

use crate::Result;

/// How many perturbations of a consistent report the check flags.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Power {
    /// Why nothing was perturbed (the verdict is not consistent, or no score was reported).
    pub note: Option<&'static str>,
    /// Perturbed requests answered.
    pub perturbations: u64,
    /// Those answered "inconsistent".
    pub flagged: u64,
    /// Per reported score (by its abbreviation, `auc` for the AUC), in the order reported,
    /// those of its moves flagged.
    pub flagged_by_score: Vec<(&'static str, u64)>,
    /// The moves skipped, with why: `"acc 1 → 1.001 (outside the natural range)"`.
    pub skipped: Vec<String>,
    /// The moves answered "undecided" (or refused, with the error).
    pub undecided: Vec<String>,
}

impl Power {
    fn noted(note: &'static str) -> Power {
        Power {
            note: Some(note),
            perturbations: 0,
            flagged: 0,
            flagged_by_score: Vec::new(),
            skipped: Vec::new(),
            undecided: Vec::new(),
        }
    }
}

/// The power of `request`'s answer `conclusion`, each perturbed request answered by
/// `answer` (only a consistent verdict's power is measured).
pub(crate) fn power(
    request: &Json,
    conclusion: Conclusion,
    answer: impl Fn(&Json) -> Result<Conclusion>,
) -> Power {
    if conclusion != Conclusion::Consistent {
        return Power::noted("power measures how telling a consistent verdict is; this verdict is not consistent, so no perturbation was run");
    }
    let Some(Perturbations {
        scores, skipped, ..
    }) = perturbations(request)
    else {
        return Power::noted("no scores to perturb");
    };
    let mut found = Power {
        note: None,
        perturbations: 0,
        flagged: 0,
        flagged_by_score: Vec::new(),
        skipped,
        undecided: Vec::new(),
    };
    for ScoreMoves { name, moves, .. } in scores {
        let mut hits = 0u64;
        for Move { label, request, .. } in moves {
            found.perturbations += 1;
            match answer(&request) {
                Ok(Conclusion::Inconsistent { .. }) => hits += 1,
                Ok(Conclusion::Consistent) => {}
                Ok(_) => found.undecided.push(label),
                Err(error) => found.undecided.push(format!("{label} ({error})")),
            }
        }
        found.flagged += hits;
        found.flagged_by_score.push((name, hits));
    }
    found
}
