//! The typed outcome of a mean-of-scores check (the leaf of the family: every part builds
//! it, the renderer reads it, and it imports neither).

use num_rational::BigRational;
use scorecheck_experiment::{AucEffort, AucWitness, WitnessScores};
use scorecheck_feasibility::Conclusion;

/// The outcome of a mean-of-scores check (`1_dataset_known_folds_mos`,
/// `n_testsets_mos_no_kfold`, `n_datasets_mos_kfold_som`, `n_datasets_mos_known_folds_mos`,
/// with or without a reported AUC): the conclusion, what the integer program said, the
/// witness at fold, dataset and experiment level, the explanation of an inconsistency, what
/// was left undecided, the AUC's window and search, and the ranges asked for.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct MeanOfScoresOutcome {
    /// What the check concludes.
    pub conclusion: Conclusion,
    /// What the integer program (with the AUC: the spatial branch and bound) said.
    pub lp_status: LpStatus,
    /// The witness of a "consistent": every fold's (tp, tn) with its exact scores, each
    /// dataset's means and the experiment's, and with a reported AUC the folds' AUCs.
    pub witness: Option<MeanWitness>,
    /// The explanation of an "inconsistent": `None` when none was asked for (or the
    /// program is not infeasible).
    pub explanation: Option<Explanation>,
    /// Why the check is undecided, and what was covered.
    pub undecided: Option<Undecided>,
    /// The backend that answered the integer programs (its name in results).
    pub backend: String,
    /// Reported scores this protocol cannot use (not linear under averaging), by the names
    /// the request gave them.
    pub ignored_scores: Vec<String>,
    /// A remark on what was checked (only the bounds, when no reported score is usable).
    pub note: Option<String>,
    /// The reported AUC: its window and how much the search did (`None` without an AUC).
    pub auc: Option<AucDetails>,
    /// The exact ranges asked for (`"ranges"`), in the order asked; only on a "consistent".
    pub ranges: Option<Vec<NamedRange>>,
}

/// What an integer program said (a result's `lp_status`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum LpStatus {
    /// A solution exists (re-checked exactly).
    Feasible,
    /// No solution exists (with the certainty of the conclusion).
    Infeasible,
    /// The search ended before it decided.
    Undecided,
}

impl LpStatus {
    /// The name results give it: `feasible`, `infeasible` or `undecided`.
    pub fn as_str(self) -> &'static str {
        match self {
            LpStatus::Feasible => "feasible",
            LpStatus::Infeasible => "infeasible",
            LpStatus::Undecided => "undecided",
        }
    }
}

/// A witness of a mean-of-scores check.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct MeanWitness {
    /// The shown scores (those reported or bounded, else acc, sens, spec and bacc) at every
    /// fold, each dataset's means and the experiment's means, exact.
    pub scores: WitnessScores,
    /// With a reported AUC: every fold's k, AUC and achievable range at its operating point,
    /// each dataset's mean AUC and the experiment's.
    pub auc: Option<AucWitness>,
}

/// The explanation of an inconsistency.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Explanation {
    /// The backend's (or the AUC search's) own words.
    pub reason: String,
    /// The contradicting subset, when one was found within the explanation's budget.
    pub subset: Option<Subset>,
}

/// A subset of the reported scores and bounds that cannot hold together, in a sentence.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Subset {
    /// The reported scores of the subset, by abbreviation (the AUC by the key the request
    /// used).
    pub scores: Vec<String>,
    /// The bounds of the subset, by the request field that set them.
    pub bounds: Vec<String>,
    /// Whether no element can be dropped (false when a sub-check ran out of budget, and
    /// always for the AUC's explanation, which keeps every reported score).
    pub minimal: bool,
    /// The sentence: which figures cannot hold together, averaged how.
    pub message: String,
    /// With an inconsistent AUC: the range of the mean AUC over the operating points that
    /// fit the other scores.
    pub auc_range: Option<AucRange>,
}

/// The range of the mean AUC over the operating points that fit the other scores.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct AucRange {
    /// The least mean AUC (exact, or a lower bound proven before a search ran out).
    pub least: BigRational,
    /// Whether `least` is exact.
    pub least_exact: bool,
    /// The greatest mean AUC (exact, or an upper bound proven before a search ran out).
    pub most: BigRational,
    /// Whether `most` is exact.
    pub most_exact: bool,
    /// How much the two bisections did.
    pub search: AucEffort,
}

pub(crate) use crate::covered::Undecided;

/// The reported AUC of a mean-of-scores check.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct AucDetails {
    /// The least mean AUC the report allows.
    pub lower: BigRational,
    /// The greatest.
    pub upper: BigRational,
    /// How much the search did (boxes and integer programs; zero when the other scores
    /// decided alone).
    pub search: AucEffort,
}

/// The range of one averaged score, under the name the request used.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct NamedRange {
    /// The name the request used.
    pub key: String,
    /// Its range.
    pub range: Range,
}

/// The range of an averaged score over the integer points of the program.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum Range {
    /// The score is undefined somewhere (a fold without positives or negatives).
    Undefined,
    /// The range could not be searched, and why.
    Unavailable(String),
    /// Both extremes, each exact or bracketed.
    Found(Box<Extremes>),
}

/// Both extremes of a range.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Extremes {
    /// The least value.
    pub min: Side,
    /// The greatest value.
    pub max: Side,
    /// Why a side is only bracketed (`None` when both are exact).
    pub undecided: Option<String>,
}

/// One extreme of a range.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Side {
    /// Known exactly (and attained).
    Exact(BigRational),
    /// Between two values: the lower one proven (or attained) and the upper one attained (or
    /// proven), as a bisection left them.
    Between(BigRational, BigRational),
}
