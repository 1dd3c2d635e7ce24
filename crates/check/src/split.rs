//! Splitting an unknown-folds request given as JSON text into ranges of its configurations
//! (an entry point: reads the text, then asks the family for the ranges).

use crate::Result;

/// `parts` ranges of the configuration indices of an unknown-folds request given as JSON
/// text (`1_dataset_unknown_folds_mos`, `n_datasets_mos_unknown_folds_mos` or `tpehg`; its
/// own `configurations` ignored), as [`crate::split_fold_configurations`] gives them: the
/// space is the request's own, its datasets, folds, repeats and the pruning rules its scores
/// imply.
///
/// ```
/// let ranges = scorecheck::split_request_configurations(
///     r#"{"check": "tpehg", "scores": {"acc": 0.9447}, "eps": 1e-4,
///         "n_folds": 5, "n_repeats": 1}"#,
///     2,
/// )?;
/// assert_eq!(ranges.first().map(|r| r.0.as_str()), Some("0"));
/// assert_eq!(ranges.len(), 2);
/// # Ok::<(), scorecheck::Error>(())
/// ```
///
/// # Errors
///
/// An [`Error`](crate::Error) naming the field when the text is not such a request or its
/// configurations cannot be formed.
pub fn split_request_configurations(text: &str, parts: u64) -> Result<Vec<(String, String)>> {
    let json = crate::dispatch::read_text(text)?;
    let fields = crate::input::Object::new(&json, "")?;
    let names = [
        "1_dataset_unknown_folds_mos",
        "n_datasets_mos_unknown_folds_mos",
        "tpehg",
    ];
    // A check of another kind is known, just not one whose configurations can be split.
    if let Some(crate::json::Json::String(check)) = fields.get("check") {
        let check = check.strip_prefix("check_").unwrap_or(check);
        if !names.contains(&check) && scorecheck_request::check_names().contains(&check) {
            return Err(crate::Error::invalid(
                "check",
                format!(
                    "{check:?} has no fold configurations to split; only unknown-folds checks do ({}); run it with scorecheck check",
                    names.join(", ")
                ),
            ));
        }
    }
    let read = match scorecheck_request::read_check(&fields, &names)? {
        0 => scorecheck_request::unknown_folds::read_one(&fields)?,
        1 => scorecheck_request::unknown_folds::read_many(&fields)?,
        _ => scorecheck_request::unknown_folds::read_tpehg(&fields)?,
    };
    crate::unknown_folds::split_configurations(&read, parts)
}
