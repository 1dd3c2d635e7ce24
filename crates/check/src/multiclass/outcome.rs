//! The typed outcome of a multiclass check ([`MulticlassOutcome`]): the leaf the micro and
//! macro parts build and the renderer reads.

use scorecheck_algebra::{Exact, Score};
use scorecheck_feasibility::Conclusion;
use scorecheck_multiclass::{MacroWitness, Model};
use scorecheck_request::input::Reported;

use crate::program::{ExperimentAnswer, ProgramAnswer};
use crate::single;

/// The outcome of a multiclass check: what it concludes, the model and backend that decided,
/// the reported scores left out, and the decision with its K×K matrices.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct MulticlassOutcome {
    /// What the check concludes.
    pub conclusion: Conclusion,
    /// The model that decided (`exact` or `one_vs_rest`).
    pub model: Model,
    /// The class labels, in the order of every fold's counts and matrices' rows.
    pub labels: Vec<String>,
    /// What decided: a backend's name (`options.backend_name()`), `"trace_search"` or
    /// `"single_matrix"`.
    pub backend: String,
    /// The keys of reported scores this protocol cannot use.
    pub ignored_scores: Vec<String>,
    /// How it was decided, with the witness.
    pub decision: MulticlassDecision,
    /// Why a mean over scikit-learn's stratified folds is undecided although the decision
    /// refutes the request's class order: other orders, whose folds differ, were not tried
    /// (`None` otherwise).
    pub unstated_order: Option<String>,
}

/// How a multiclass check was decided.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum MulticlassDecision {
    /// Micro averages, score of means, one-vs-rest: the single-matrix engine on the pooled
    /// binary matrix.
    SingleMatrix {
        /// The pooled binary problem.
        problem: single::Problem,
        /// The figures as reported.
        reported: Reported,
        /// The engine's outcome (boxed: it is large).
        outcome: Box<single::Outcome>,
    },
    /// Micro averages, score of means, exact: the search over the trace of the pooled K×K
    /// matrix.
    Trace {
        /// Positives of the pooled binary matrix (the items).
        p: u64,
        /// Negatives of the pooled binary matrix ((K − 1) × the items).
        n: u64,
        /// What the search found.
        answer: TraceAnswer,
    },
    /// Micro averages over known folds (mean of scores) or macro averages under the
    /// one-vs-rest model: the mean-of-scores integer program.
    Program {
        /// The program's verdict, its witness per fold with exact scores.
        answer: ExperimentAnswer,
        /// Micro, exact model: every fold's K×K matrix of the witness's trace (`None` when
        /// infeasible or beyond [`scorecheck_multiclass::MAX_WITNESS_CELLS`]).
        matrices: Option<Vec<FoldMatrix>>,
    },
    /// Macro averages under the exact model: the integer program over the K×K cells.
    Macro {
        /// The program's answer, with the witness's matrices.
        answer: ProgramAnswer<MacroMatrices>,
        /// "no reported score is usable ...", when there is no window.
        note: Option<String>,
    },
}

/// What the trace search found.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum TraceAnswer {
    /// A trace giving every reported score.
    Found(TraceWitness),
    /// No trace does.
    None {
        /// Why.
        message: String,
        /// The scores that contradict each other.
        scores: Vec<Score>,
    },
    /// The search could not decide.
    Undecided {
        /// Why.
        reason: String,
    },
}

/// A trace and the matrices it gives.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct TraceWitness {
    /// The trace of the pooled K×K matrix (its true positives).
    pub trace: u64,
    /// True negatives of the pooled binary matrix.
    pub tn: u64,
    /// False positives (and false negatives) of the pooled binary matrix.
    pub errors: u64,
    /// The exact value of each reported score that is defined at the trace.
    pub scores: Vec<(Score, Exact)>,
    /// Every fold's K×K matrix of its share of the trace (or only the share, beyond
    /// [`scorecheck_multiclass::MAX_WITNESS_CELLS`] matrix cells; none beyond as many
    /// fold-class counts).
    pub folds: Vec<FoldMatrix>,
}

/// One fold's class counts and K×K matrix (row = true class, column = predicted class).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct FoldMatrix {
    /// The fold's class counts.
    pub counts: Vec<u64>,
    /// Its matrix (`None` when too many cells to list).
    pub matrix: Option<Vec<Vec<u64>>>,
    /// Its trace, given when the matrix is not.
    pub trace: Option<u64>,
}

/// The matrices of a macro witness.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct MacroMatrices {
    /// The engine's witness: every fold's K×K matrix, its macro scores, and their means.
    pub witness: MacroWitness,
    /// Every fold's class counts, aligned with `witness.folds`.
    pub counts: Vec<Vec<u64>>,
    /// Score of means over several folds: the pooled matrix split into one per fold.
    pub fold_matrices: Option<Vec<FoldMatrix>>,
}
