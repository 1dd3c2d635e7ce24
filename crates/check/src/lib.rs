//! scorecheck: decide, exactly, whether reported performance scores can be the outcome of
//! the experiment that was described.
//!
//! # Which crate do I need
//!
//! | to ... | depend on |
//! |---|---|
//! | check anything, from a JSON request or typed requests, every protocol and bundle | `scorecheck` (this crate) |
//! | check one confusion matrix (a test set, or pooled folds) against reported scores, exactly | `scorecheck-single` |
//! | check scores averaged over folds or datasets, with a backend of your own | `scorecheck-experiment` (+ a backend) |
//! | enumerate folds (stratified k-fold like scikit-learn, every fold configuration, split a search into ranges) | `scorecheck-folds` |
//! | check micro or macro averages of a multiclass classifier | `scorecheck-multiclass` |
//! | check regression errors (mae, mse, rmse, r2) | `scorecheck-regression` |
//! | the scores as exact formulas of the counts, and their intervals | `scorecheck-algebra`, `scorecheck-interval` |
//! | exact rational arithmetic that stays on machine words while values are small | `scorecheck-rational` |
//! | write a backend (an integer-program solver) | `scorecheck-feasibility` (the `Feasibility` trait) + `scorecheck-conformance` (the cases it must pass) |
//! | use a ready backend | `scorecheck-feasibility-pure` (exact, pure Rust), `-highs` (HiGHS), `-goodlp` (CBC, microlp) |
//! | the named datasets and the published experiments' test sets | `scorecheck-data` |
//! | read a JSON request into typed requests, with errors naming the field | `scorecheck-request` |
//! | compute scores from a classifier's raw outputs / estimate performance without labels | `scorecheck-eval` / `scorecheck-cbpe` |
//! | read the results tables of papers into rows of reported scores | `scorecheck-extract` |
//! | check a table of reported results (the CSV batch schema: CSV text, or rows of cells) | `scorecheck-table` |
//! | deadlines that work on wasm too | `scorecheck-clock` |
//!
//! This is the facade crate users depend on. It composes the layers below it (the engines,
//! `scorecheck-feasibility` and its backends, `scorecheck-data`, and `scorecheck-request`,
//! which reads requests) into the protocols of the reference, mlscorecheck 1.0.3, named like
//! its functions without the `check_` prefix.
//!
//! A request flows one way: **read once** (`scorecheck-request` turns JSON text, a JSON
//! tree or values built in code into one typed [`request::Request`], every field read and
//! unknown fields refused before anything runs), **answer typed** (each protocol family's
//! answer is a typed [`Outcome`] inside an [`Answer`]: witnesses per fold and per dataset
//! with their exact scores, explanations, counts, ranges, repairs, what was covered), and
//! **render once** ([`Answer::to_json`], the JSON every surface writes).
//!
//! - [`run_text`] answers one JSON request `{"check": "<protocol>", ...}` whose other fields
//!   are the reference's keyword arguments, with the JSON result or an [`Error`] naming the
//!   offending field; numbers are read as written (`0.950` has three decimals). [`run_json`]
//!   answers a request built as the [`json::Json`] tree, [`run`] one built as a
//!   `serde_json::Value` (its numbers are doubles: give figures whose digits matter as text).
//! - [`answer_text`], [`answer_json`] and [`answer_request`] give the typed [`Answer`]
//!   instead; [`answer_single_matrix`], [`answer_mean_of_scores`], [`answer_unknown_folds`],
//!   [`answer_multiclass`] and [`answer_regression`] answer one family's typed request
//!   (built in code, or deserialized with the `serde` feature).
//! - [`RunOptions::with_solver`] plugs in any [`feasibility::Feasibility`] backend.
//! - Every engine is re-exported ([`single`], [`experiment`], [`folds`], [`multiclass_engine`],
//!   [`regression_engine`], [`algebra`], [`data`]), and [`prelude`] holds what most callers use.
//!
//! Verdicts are exact: reported figures are exact decimals, every "consistent" carries a
//! witness re-checked in exact arithmetic, every "inconsistent" an explanation, and a search
//! that runs out of budget says "undecided" rather than guessing.
//!
//! ```
//! use scorecheck::{run_text, RunOptions};
//! let result = run_text(r#"{"check": "1_testset_no_kfold",
//!     "testset": {"p": 1000, "n": 6000},
//!     "scores": {"acc": 0.6821, "npv": 0.9401, "f1p": 0.4004}, "eps": 1e-4}"#,
//!     &RunOptions::default())?;
//! assert_eq!(result["inconsistency"], false);
//! assert_eq!(result["n_valid_tptn_pairs"], 2);
//! # Ok::<(), scorecheck::Error>(())
//! ```
//!
//! What it deliberately does not do: no verdict rests on floating point; no I/O (the CLI
//! reads and writes); no solver is named outside the backend selection.
//!
//! Cargo features: `highs` switches on the HiGHS backend (`"backend": "highs"`), `cbc` and
//! `microlp` the good_lp backends (`"backend": "cbc"`, `"backend": "microlp"`; microlp's
//! "infeasible" is confirmed by the exact pure backend where no Farkas certificate proves
//! it); without them the exact pure-Rust backend answers every integer program. `serde`
//! derives `Serialize`/`Deserialize` on the typed requests ([`request`]), the engines' typed
//! values and `Conclusion`. None is on by default.

#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(unreachable_pub)]

mod backend;
mod bundles;
mod covered;
mod dispatch;
mod mos;
mod multiclass;
mod options;
mod outcome;
mod power;
mod program;
mod regression;
mod render;
mod single_matrix;
mod split;

/// The typed outcomes of every family, with the types their fields hold.
pub mod outcomes {
    pub use crate::bundles::{BundleCheck, BundleOutcome, BundlePart, CheckOutcome};
    pub use crate::covered::Undecided;
    pub use crate::mos::outcome::*;
    pub use crate::multiclass::{
        FoldMatrix, MacroMatrices, MulticlassDecision, MulticlassOutcome, TraceAnswer, TraceWitness,
    };
    pub use crate::outcome::{Answer, Outcome};
    pub use crate::power::Power;
    pub use crate::program::{ExperimentAnswer, ProgramAnswer};
    pub use crate::regression::RegressionOutcome;
    pub use crate::single_matrix::{
        AucDetails as SingleAucDetails, FigureRepair, RepairOutcome, ScoreRange,
        SingleMatrixOutcome, SplitsOutcome,
    };
    pub use crate::unknown_folds::{
        ConfigurationRange, FoundConfiguration, SearchStatistics, UndecidedSearch,
        UnknownFoldsOutcome,
    };
    pub use scorecheck_request::bundle_plans::Label;
}

/// What most callers use: the entry points, options, answers and the score names.
pub mod prelude {
    pub use crate::algebra::Score;
    pub use crate::feasibility::{Conclusion, Feasibility};
    pub use crate::outcome::{Answer, Outcome};
    pub use crate::{
        answer_json, answer_request, answer_text, run, run_json, run_text, BackendChoice, Error,
        ErrorKind, Result, RunOptions,
    };
}
mod text;
mod typed;
mod unknown_folds;

pub use bundles::{BundleCheck, BundleOutcome, BundlePart, CheckOutcome};
pub use covered::Undecided;
pub use dispatch::{
    answer_json, answer_request, answer_text, answer_text_with_id, check_names, check_request_size,
    max_witnesses, record_text, run, run_json, run_text, run_text_with_id, time_limit,
    MAX_REQUEST_BYTES, MAX_TIME_LIMIT_SECONDS, MAX_WITNESSES,
};
pub use options::{BackendChoice, Progress, RunOptions};
pub use outcome::{Answer, Outcome};
pub use power::Power;
pub use scorecheck_algebra as algebra;
pub use scorecheck_data as data;
pub use scorecheck_data::{datasets as registry_datasets, search as search_datasets, NamedDataset};
pub use scorecheck_experiment as experiment;
pub use scorecheck_feasibility as feasibility;
pub use scorecheck_feasibility::Conclusion;
#[cfg(any(feature = "cbc", feature = "microlp"))]
pub use scorecheck_feasibility_goodlp as feasibility_goodlp;
#[cfg(feature = "highs")]
pub use scorecheck_feasibility_highs as feasibility_highs;
#[cfg(feature = "highs")]
pub use scorecheck_feasibility_highs::HighsBackend;
pub use scorecheck_feasibility_pure as feasibility_pure;
pub use scorecheck_feasibility_pure::PureBackend;
pub use scorecheck_folds as folds;
pub use scorecheck_interval as interval;
pub use scorecheck_multiclass as multiclass_engine;
pub use scorecheck_regression as regression_engine;
pub use scorecheck_request as request;
use scorecheck_request::{classes, figures, input};
pub use scorecheck_request::{json, Error, ErrorKind, Result};
pub use scorecheck_single as single;
pub use single_matrix::{
    AucDetails, FigureRepair, RepairOutcome, ScoreRange, SingleMatrixOutcome, SplitsOutcome,
};
pub use split::split_request_configurations;
pub use typed::{
    answer_mean_of_scores, answer_multiclass, answer_regression, answer_single_matrix,
    answer_unknown_folds,
};
pub use unknown_folds::{count_fold_configurations, split_fold_configurations};
