//! scorecheck's request layer, reading half: JSON text in, typed request parts out, and an
//! [`Error`] naming the offending field and what to change.
//!
//! - [`json`] (the `scorecheck-json` crate, re-exported): a JSON tree whose numbers keep the
//!   text they were written with (`0.950` has three decimals) and whose objects keep their
//!   key order, so that reading exact figures never switches on serde_json features for the
//!   crates that depend on this one; [`first_duplicate_key`], the dotted path of a key given
//!   twice.
//! - [`input`]: field readers (counts, exact decimals, reported scores, eps, bounds), each
//!   taking the dotted path of the field it reads; [`input::Object`] reports fields it did not
//!   read as unknown.
//! - One module per protocol family, reading a request into its typed request, made of the
//!   engines' own types: [`single_matrix`] (`SingleMatrixRequest`, `SplitsRequest`),
//!   [`mean_of_scores`] (`MeanOfScoresRequest`), [`unknown_folds`] (`UnknownFoldsRequest`),
//!   [`classes`] (`MulticlassRequest`), [`regression`] (`RegressionRequest`), [`bundles`]
//!   (the test sets of published experiments).
//! - The parts several families share: [`figures`] (reported scores and their windows),
//!   [`sets`] (test sets, evaluations, folds, bounds), [`folding`], [`rounding`]; the
//!   [`options`] any request may carry; the requests [`power`] derives; [`read_check`].
//!
//! Nothing here decides a verdict or solves anything: the facade (`scorecheck`) reads a
//! request with these readers, hands the typed request to an engine and renders its outcome.
//!
//! ```
//! use scorecheck_request::{input, json::Json, ErrorKind};
//! let request = Json::parse(r#"{"testset": {"p": 10, "n": -3}}"#).unwrap();
//! let error = input::binary_counts(&request["testset"], "testset").unwrap_err();
//! assert_eq!(error.kind(), ErrorKind::InvalidValue);
//! assert_eq!(error.field(), Some("testset.n"));
//! ```
//!
//! Cargo features: `serde` (`Serialize`/`Deserialize` on the typed requests, through the
//! engines' own `serde` features). None is on by default.

#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(unreachable_pub)]

pub mod bundle_plans;
pub mod bundles;
pub mod classes;
mod error;
pub mod figures;
pub mod folding;
pub mod input;
pub mod mean_of_scores;
pub mod options;
pub mod power;
pub mod protocols;
pub mod regression;
pub mod rounding;
pub mod sets;
pub mod single_matrix;
pub mod unknown_folds;

pub use error::{Error, ErrorKind, Result};
pub use protocols::{check_names, protocol_table, read, Family, FamilyKind, ProtocolInfo, Request};
pub use scorecheck_json as json;
pub use scorecheck_json::first_duplicate_key;

use crate::input::Object;
use crate::json::Json;

/// Reads `check`, the protocol to run, among `names` (the reference's `check_` prefix is
/// accepted), and returns its index in `names`.
///
/// # Errors
///
/// `MissingField` or `InvalidValue` naming `check` when it is absent or not a string, and
/// `UnknownCheck` for a name not in `names`, with the closest ones.
pub fn read_check(fields: &Object<'_>, names: &[&str]) -> Result<usize> {
    let name = match fields.required("check", "the protocol to run, e.g. \"1_testset_no_kfold\"")? {
        Json::String(s) => s.as_str(),
        other => {
            return Err(Error::invalid(
                "check",
                format!(
                    "expected the protocol name as a string, found {}",
                    input::describe(other)
                ),
            ))
        }
    };
    // The reference's function names carry a check_ prefix; accept it.
    let name = name.strip_prefix("check_").unwrap_or(name);
    let Some(index) = names.iter().position(|n| *n == name) else {
        // Names are lowercase: `1_DATASET_KFOLD_SOM` is close to its lowercase spelling.
        let lowered = name.to_lowercase();
        // A name far longer than any check's is close to none (and comparing it would cost
        // time in its length).
        let comparable = lowered.len() <= crate::input::MAX_SUGGESTED_LEN;
        let mut close: Vec<(f64, &str)> = names
            .iter()
            .filter(|_| comparable)
            .map(|n| (strsim::jaro_winkler(&lowered, n), *n))
            .filter(|(s, _)| *s > 0.75)
            .collect();
        close.sort_by(|a, b| b.0.total_cmp(&a.0));
        let hint = if close.is_empty() {
            format!("known checks: {}", names.join(", "))
        } else {
            format!(
                "did you mean {}?",
                close
                    .iter()
                    .take(3)
                    .map(|(_, n)| *n)
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        };
        return Err(Error::new(
            ErrorKind::UnknownCheck,
            Some("check"),
            format!("unknown check {name:?}; {hint}"),
        ));
    };
    Ok(index)
}
