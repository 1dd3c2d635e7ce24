//! The typed answer to a request: what every family's check found ([`Outcome`]), and the
//! [`Answer`] the entry points return (rendered to JSON only by [`Answer::to_json`]).

use scorecheck_feasibility::Conclusion;

use crate::bundles::BundleOutcome;
use crate::mos::MeanOfScoresOutcome;
use crate::multiclass::MulticlassOutcome;
use crate::power::Power;
use crate::regression::RegressionOutcome;
use crate::single_matrix::{SingleMatrixOutcome, SplitsOutcome};
use crate::unknown_folds::UnknownFoldsOutcome;

/// What a check found, by protocol family.
#[derive(Clone, Debug)]
#[non_exhaustive]
// One outcome per answer: its size does not matter, a box would only add a pointer.
#[allow(clippy::large_enum_variant)]
pub enum Outcome {
    /// One confusion matrix.
    SingleMatrix(SingleMatrixOutcome),
    /// Which class splits of a test set of known size fit.
    Splits(SplitsOutcome),
    /// Scores averaged over folds, test sets or datasets.
    MeanOfScores(MeanOfScoresOutcome),
    /// k-fold with folds of unknown composition: the configurations tried.
    UnknownFolds(UnknownFoldsOutcome),
    /// Micro or macro averages of a multiclass classifier.
    Multiclass(MulticlassOutcome),
    /// Regression errors on one test set.
    Regression(RegressionOutcome),
    /// A published experiment: its checks under their keys.
    Bundle(BundleOutcome),
}

impl Outcome {
    /// What the check concludes.
    pub fn conclusion(&self) -> Conclusion {
        match self {
            Outcome::SingleMatrix(o) => o.conclusion,
            Outcome::Splits(o) => o.conclusion,
            Outcome::MeanOfScores(o) => o.conclusion,
            Outcome::UnknownFolds(o) => o.conclusion,
            Outcome::Multiclass(o) => o.conclusion,
            Outcome::Regression(o) => o.conclusion,
            Outcome::Bundle(o) => o.conclusion(),
        }
    }
}

/// The answer to one request: its protocol, what was found, and the power asked for.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Answer {
    /// The canonical protocol name (`None` for a typed request answered in code, which
    /// names its family but not one protocol).
    pub check: Option<&'static str>,
    /// What the answer concludes (the outcome's conclusion).
    pub conclusion: Conclusion,
    /// What the check found.
    pub outcome: Outcome,
    /// How telling a consistent verdict is (`"power": true`).
    pub power: Option<Power>,
    /// Whether explanations were asked for (the JSON result shows none otherwise).
    pub explained: bool,
    /// What the answer says beside its verdict, each naming its field (the request's
    /// [`warnings`](scorecheck_request::Request::warnings)); the JSON result's `"warnings"`
    /// when there are any.
    pub warnings: Vec<String>,
}

impl Answer {
    pub(crate) fn new(check: Option<&'static str>, outcome: Outcome, explained: bool) -> Answer {
        Answer {
            check,
            conclusion: outcome.conclusion(),
            outcome,
            power: None,
            explained,
            warnings: Vec::new(),
        }
    }
}
