//! Lazy, once-only parsing of the embedded JSON data files, and image-list helpers shared by the bundles.

use std::sync::OnceLock;

use serde::de::DeserializeOwned;

use crate::error::{LookupError, LookupErrorKind};
use crate::types::ImageStats;

/// One image row as stored: (identifier, p, n).
pub(crate) type Row = (String, u64, u64);

/// Parses `text` into the cell on first use and hands out the parsed value.
pub(crate) fn load<T: DeserializeOwned + Send + Sync>(
    cell: &'static OnceLock<Result<T, String>>,
    text: &'static str,
    file: &str,
) -> Result<&'static T, LookupError> {
    match cell.get_or_init(|| serde_json::from_str(text).map_err(|err| err.to_string())) {
        Ok(value) => Ok(value),
        Err(err) => Err(LookupError::new(
            LookupErrorKind::CorruptData,
            format!("the embedded data file data/{file} does not parse ({err}); rebuild scorecheck-data with tools/convert.py"),
        )),
    }
}

pub(crate) fn stats(row: &'static Row) -> ImageStats {
    ImageStats {
        identifier: &row.0,
        p: row.1,
        n: row.2,
    }
}

/// All rows of the given pools, in pool order.
pub(crate) fn all(pools: &[&'static [Row]]) -> Vec<ImageStats> {
    pools
        .iter()
        .flat_map(|pool| pool.iter().map(stats))
        .collect()
}

/// The first row named `image` in the pools, searched in order.
pub(crate) fn find(
    bundle: &str,
    pools: &[&'static [Row]],
    image: &str,
) -> Result<ImageStats, LookupError> {
    pools
        .iter()
        .flat_map(|pool| pool.iter())
        .find(|row| row.0 == image)
        .map(stats)
        .ok_or_else(|| LookupError::unknown_image(bundle, image, &identifiers(pools)))
}

/// The rows whose identifiers are listed in `images`, in the data's order (as the reference
/// filters them), each at most once; every listed identifier must exist.
pub(crate) fn select(
    bundle: &str,
    pools: &[&'static [Row]],
    images: &[&str],
) -> Result<Vec<ImageStats>, LookupError> {
    let known = identifiers(pools);
    if let Some(missing) = images.iter().find(|image| !known.contains(image)) {
        return Err(LookupError::unknown_image(bundle, missing, &known));
    }
    Ok(pools
        .iter()
        .flat_map(|pool| pool.iter())
        .filter(|row| images.contains(&row.0.as_str()))
        .map(stats)
        .collect())
}

fn identifiers(pools: &[&'static [Row]]) -> Vec<&'static str> {
    pools
        .iter()
        .flat_map(|pool| pool.iter().map(|row| row.0.as_str()))
        .collect()
}
