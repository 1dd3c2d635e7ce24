//! scorecheck: decide, exactly, whether reported performance scores can be the outcome of
//! the experiment that was described.
//!
//! This is the facade crate users depend on. It composes the layers below it (the engines,
//! `scorecheck-feasibility` and its backends, `scorecheck-data`, and `scorecheck-request`,
//! which reads requests) into the protocols of the reference, mlscorecheck 1.0.3, named like
//! its functions without the `check_` prefix.
//!
//! - [`run_text`] answers one JSON request `{"check": "<protocol>", ...}` whose other fields
//!   are the reference's keyword arguments, with a JSON result or an [`Error`] naming the
//!   offending field; numbers are read as written (`0.950` has three decimals). [`run_json`]
//!   answers a request built as the [`json::Json`] tree, [`run`] one built as a
//!   `serde_json::Value` (its numbers are doubles: give figures whose digits matter as text).
//! - [`answer_single_matrix`], [`answer_mean_of_scores`], [`answer_unknown_folds`],
//!   [`answer_multiclass`] and [`answer_regression`] answer typed requests ([`request`]: read
//!   from JSON, built in code, or deserialized with the `serde` feature) as their JSON is:
//!   an [`Answer`], the typed [`Conclusion`] and the JSON result ([`Answer::new`] of a result).
//! - [`RunOptions::with_solver`] plugs in any [`feasibility::Feasibility`] backend.
//! - [`single`] is the exact single-confusion-matrix engine behind the score-of-means
//!   protocols.
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
//! it); without them the exact pure-Rust backend answers every integer program.

mod backend;
mod binary_som;
mod bundles;
mod dispatch;
mod mos;
mod mos_auc;
mod mos_auc_explain;
mod mos_explain;
mod mos_ranges;
mod multiclass;
mod options;
mod power;
mod program;
mod protocols;
mod ranges;
mod regression;
mod render;
mod repair;
mod setups;
mod split;
pub mod table;
mod text;
mod typed;
mod unknown_folds;

pub use dispatch::{
    check_names, max_witnesses, run, run_json, run_text, run_text_with_id, time_limit,
    MAX_TIME_LIMIT_SECONDS, MAX_WITNESSES,
};
pub use options::{BackendChoice, Progress, RunOptions};
pub use scorecheck_algebra as algebra;
pub use scorecheck_data::{datasets as registry_datasets, search as search_datasets, NamedDataset};
pub use scorecheck_experiment as experiment;
pub use scorecheck_feasibility as feasibility;
pub use scorecheck_feasibility::Conclusion;
pub use scorecheck_feasibility_pure as feasibility_pure;
pub use scorecheck_request as request;
use scorecheck_request::{classes, figures, input, sets};
pub use scorecheck_request::{json, Error, ErrorKind, Result};
pub use scorecheck_single as single;
pub use split::split_request_configurations;
pub use typed::{
    answer_mean_of_scores, answer_multiclass, answer_regression, answer_single_matrix,
    answer_unknown_folds, Answer,
};
pub use unknown_folds::{count_fold_configurations, split_fold_configurations};
