//! Every protocol a request may name, and reading a whole request once: the protocol's
//! typed request, the options, `power` and `id`, with every field read and unknown fields
//! refused before anything is answered.
//!
//! This table is the one place a protocol is registered: its name and the reader of its
//! typed request. The facade answers a [`Request`] by its [`Family`].

use crate::bundle_plans::{bundle_names, read_bundle, BundleRequest};
use crate::classes::{read_multiclass, MulticlassProtocol, MulticlassRequest};
use crate::input::{self, Object};
use crate::json::Json;
use crate::mean_of_scores::{self, MeanOfScoresRequest};
use crate::options::RequestOptions;
use crate::regression::{self, RegressionRequest};
use crate::single_matrix::{self, SingleMatrixRequest, SplitsRequest};
use crate::unknown_folds::{self, UnknownFoldsRequest};
use crate::Result;

/// A request, read: what to check, how, and under which options.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Request {
    /// The canonical protocol name (`check` without the reference's `check_` prefix).
    pub check: &'static str,
    /// The protocol family's typed request.
    pub family: Family,
    /// The options the request gives (`None` where the caller's own apply).
    pub options: RequestOptions,
    /// Whether the request asks for the power of a consistent verdict (`"power": true`).
    pub power: bool,
    /// What the answer must say beside its verdict, each naming its field: a registry
    /// dataset whose counts are the reference's and not the dataset's
    /// (`scorecheck_data::erratum`) is checked with the reference's counts, and said so; so is
    /// a positive class the data's own labels do not make positive (`scorecheck_data::caveat`).
    pub warnings: Vec<String>,
}

/// The typed request of one protocol family.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum Family {
    /// One confusion matrix (one test set, or pooled folds, test sets or datasets).
    SingleMatrix(SingleMatrixRequest),
    /// A test set of known size and unknown class split: which splits fit.
    Splits(SplitsRequest),
    /// Scores averaged over folds, test sets or datasets.
    MeanOfScores(MeanOfScoresRequest),
    /// k-fold with folds of unknown composition.
    UnknownFolds(UnknownFoldsRequest),
    /// Micro or macro averages of a multiclass classifier.
    Multiclass(MulticlassRequest),
    /// Regression errors on one test set.
    Regression(RegressionRequest),
    /// A published experiment of `scorecheck-data`.
    Bundle(BundleRequest),
}

type Reader = fn(&Object<'_>) -> Result<Family>;

/// One row of [`PROTOCOLS`].
struct Protocol {
    name: &'static str,
    family: FamilyKind,
    takes: &'static str,
    read: Reader,
}

/// The family of a protocol, without its typed request: what [`Family::kind`] gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FamilyKind {
    /// [`Family::SingleMatrix`] (and [`Family::Splits`] when a test set's class split is
    /// unknown).
    SingleMatrix,
    /// [`Family::Splits`].
    Splits,
    /// [`Family::MeanOfScores`].
    MeanOfScores,
    /// [`Family::UnknownFolds`].
    UnknownFolds,
    /// [`Family::Multiclass`].
    Multiclass,
    /// [`Family::Regression`].
    Regression,
    /// [`Family::Bundle`].
    Bundle,
}

impl FamilyKind {
    /// The family as the protocol tables name it.
    pub fn describe(self) -> &'static str {
        match self {
            FamilyKind::SingleMatrix => "one matrix (exact engine)",
            FamilyKind::Splits => "which splits fit (exact engine)",
            FamilyKind::MeanOfScores => "mean of scores (integer programs)",
            FamilyKind::UnknownFolds => "unknown folds (enumeration)",
            FamilyKind::Multiclass => "multiclass (exact K×K model, or `one_vs_rest`)",
            FamilyKind::Regression => "regression",
            FamilyKind::Bundle => "bundle (published experiment)",
        }
    }
}

impl Family {
    /// The family's kind.
    pub fn kind(&self) -> FamilyKind {
        match self {
            Family::SingleMatrix(_) => FamilyKind::SingleMatrix,
            Family::Splits(_) => FamilyKind::Splits,
            Family::MeanOfScores(_) => FamilyKind::MeanOfScores,
            Family::UnknownFolds(_) => FamilyKind::UnknownFolds,
            Family::Multiclass(_) => FamilyKind::Multiclass,
            Family::Regression(_) => FamilyKind::Regression,
            Family::Bundle(_) => FamilyKind::Bundle,
        }
    }
}

/// A protocol as listings and documents show it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ProtocolInfo {
    /// The canonical name (`check`).
    pub name: &'static str,
    /// The family its reader returns.
    pub family: FamilyKind,
    /// What its request takes, in one line of Markdown.
    pub takes: &'static str,
}

/// Every protocol, in the order of [`check_names`], with its family and what it takes.
///
/// ```
/// use scorecheck_request::protocols::{protocol_table, FamilyKind};
/// let table = protocol_table();
/// assert_eq!(table[0].name, "1_testset_no_kfold");
/// assert_eq!(table[0].family, FamilyKind::SingleMatrix);
/// assert!(table.iter().any(|p| p.name == "tpehg" && p.family == FamilyKind::Bundle));
/// ```
pub fn protocol_table() -> Vec<ProtocolInfo> {
    PROTOCOLS
        .iter()
        .map(|p| ProtocolInfo {
            name: p.name,
            family: p.family,
            takes: p.takes,
        })
        .chain(bundle_names().map(|name| ProtocolInfo {
            name,
            family: FamilyKind::Bundle,
            takes: BUNDLE_TAKES,
        }))
        .collect()
}

fn single(fields: &Object<'_>) -> Result<Family> {
    // A known size with an unknown class split: every split is tried.
    if fields
        .get("testset")
        .is_some_and(single_matrix::asks_for_splits)
    {
        return single_matrix::read_splits(fields).map(Family::Splits);
    }
    single_matrix::read_testset(fields).map(Family::SingleMatrix)
}

macro_rules! family {
    ($variant:ident, $reader:path) => {
        |fields| $reader(fields).map(Family::$variant)
    };
}

macro_rules! multiclass {
    ($protocol:ident) => {
        |fields| read_multiclass(fields, MulticlassProtocol::$protocol).map(Family::Multiclass)
    };
}

/// Every protocol but the bundles: its name, the family its reader returns, what it takes
/// and the reader of its typed request; then the bundles ([`bundle_names`]), read by
/// [`read_bundle`]. The README's and GUIDE's protocol tables are written from this table
/// (`cargo xtask codegen`), through [`protocol_table`].
const PROTOCOLS: &[Protocol] = &[
    Protocol {
        name: "1_testset_no_kfold",
        family: FamilyKind::SingleMatrix,
        takes: "`testset` {`p`, `n`} (or a `dataset_name`; `total` alone asks which splits fit), `scores`, `eps`",
        read: single,
    },
    Protocol {
        name: "1_dataset_kfold_som",
        family: FamilyKind::SingleMatrix,
        takes: "`dataset` {`p`, `n`}, `folding` {`n_folds`, `n_repeats`}, `scores`, `eps`: the folds pooled",
        read: family!(SingleMatrix, single_matrix::read_dataset_kfold),
    },
    Protocol {
        name: "n_testsets_som_no_kfold",
        family: FamilyKind::SingleMatrix,
        takes: "`testsets` [{`p`, `n`}], `scores`, `eps`: the test sets pooled",
        read: family!(SingleMatrix, single_matrix::read_testsets_pooled),
    },
    Protocol {
        name: "n_datasets_som_kfold_som",
        family: FamilyKind::SingleMatrix,
        takes: "`evaluations` [{`dataset`, `folding`}], `scores`, `eps`: every fold of every dataset pooled",
        read: family!(SingleMatrix, single_matrix::read_datasets_pooled),
    },
    Protocol {
        name: "1_dataset_known_folds_mos",
        family: FamilyKind::MeanOfScores,
        takes: "`dataset` {`p`, `n`}, `folding` ({`n_folds`, `n_repeats`, `strategy`} or {`folds`}), `scores`, `eps`, `fold_score_bounds`: scores averaged over the folds",
        read: family!(MeanOfScores, mean_of_scores::read_dataset_known_folds),
    },
    Protocol {
        name: "n_testsets_mos_no_kfold",
        family: FamilyKind::MeanOfScores,
        takes: "`testsets` [{`p`, `n`}], `scores`, `eps`, `testset_score_bounds`: scores averaged over the test sets",
        read: family!(MeanOfScores, mean_of_scores::read_testsets),
    },
    Protocol {
        name: "n_datasets_mos_kfold_som",
        family: FamilyKind::MeanOfScores,
        takes: "`evaluations` [{`dataset`, `folding`}], `scores`, `eps`, `dataset_score_bounds`: each dataset's folds pooled, scores averaged over the datasets",
        read: family!(MeanOfScores, mean_of_scores::read_datasets_pooled),
    },
    Protocol {
        name: "n_datasets_mos_known_folds_mos",
        family: FamilyKind::MeanOfScores,
        takes: "`evaluations` [{`dataset`, `folding`, `fold_score_bounds`}], `scores`, `eps`, `dataset_score_bounds`: scores averaged over folds, then datasets",
        read: family!(MeanOfScores, mean_of_scores::read_datasets_known_folds),
    },
    Protocol {
        name: "1_dataset_unknown_folds_mos",
        family: FamilyKind::UnknownFolds,
        takes: "`dataset`, `folding` {`n_folds`, `n_repeats`} (folds of unknown composition), `scores`, `eps`, `fold_score_bounds`",
        read: family!(UnknownFolds, unknown_folds::read_one),
    },
    Protocol {
        name: "n_datasets_mos_unknown_folds_mos",
        family: FamilyKind::UnknownFolds,
        takes: "`evaluations` [{`dataset`, `folding`, `fold_score_bounds`}] (folds of unknown composition), `scores`, `eps`, `dataset_score_bounds`",
        read: family!(UnknownFolds, unknown_folds::read_many),
    },
    Protocol {
        name: "regression_1_testset_no_kfold",
        family: FamilyKind::Regression,
        takes: "`var` (the target's variance), `n_samples`, `scores` (`mae`, `mse`, `rmse`, `r2`), `eps`",
        read: family!(Regression, regression::read_testset),
    },
    Protocol {
        name: "1_testset_no_kfold_micro",
        family: FamilyKind::Multiclass,
        takes: "`testset` {class: count}, `scores`, `eps`: micro averages",
        read: multiclass!(TestsetMicro),
    },
    Protocol {
        name: "1_testset_no_kfold_macro",
        family: FamilyKind::Multiclass,
        takes: "`testset` {class: count}, `scores`, `eps`, `class_score_bounds`: macro averages",
        read: multiclass!(TestsetMacro),
    },
    Protocol {
        name: "1_dataset_known_folds_som_micro",
        family: FamilyKind::Multiclass,
        takes: "`dataset` {class: count}, `folding`, `scores`, `eps`: micro averages of the pooled folds",
        read: multiclass!(DatasetSomMicro),
    },
    Protocol {
        name: "1_dataset_known_folds_som_macro",
        family: FamilyKind::Multiclass,
        takes: "`dataset` {class: count}, `folding`, `scores`, `eps`, `class_score_bounds`: macro averages of the pooled folds",
        read: multiclass!(DatasetSomMacro),
    },
    Protocol {
        name: "1_dataset_known_folds_mos_micro",
        family: FamilyKind::Multiclass,
        takes: "`dataset` {class: count}, `folding`, `scores`, `eps`, `fold_score_bounds`: micro averages, averaged over the folds",
        read: multiclass!(DatasetMosMicro),
    },
    Protocol {
        name: "1_dataset_known_folds_mos_macro",
        family: FamilyKind::Multiclass,
        takes: "`dataset` {class: count}, `folding`, `scores`, `eps`, `class_score_bounds`, `fold_score_bounds`: macro averages, averaged over the folds",
        read: multiclass!(DatasetMosMacro),
    },
];

/// What every bundle takes (its test sets come from `scorecheck-data`).
pub const BUNDLE_TAKES: &str = "`scores`, `eps`, the bundle's own selection (image, annotator, assumption, subset); test sets from `scorecheck-data`";

/// Fields accepted for compatibility with the reference but without effect.
pub const IGNORED_FIELDS: &[&str] = &["verbosity", "prefilter_by_pairs", "solver_name"];

/// Checks the reference's fields that have no effect here for the types the reference takes
/// (`verbosity` a number, `prefilter_by_pairs` a boolean, `solver_name` a string; each or null):
/// accepted without effect, but never whatever was written.
fn compatible_fields(fields: &Object<'_>) -> Result<()> {
    let expected = [
        ("verbosity", "a number or null"),
        ("prefilter_by_pairs", "true, false or null"),
        ("solver_name", "a string or null"),
    ];
    for (key, wanted) in expected {
        let fits = matches!(
            (key, fields.get(key)),
            (_, None | Some(Json::Null))
                | ("verbosity", Some(Json::Number(_)))
                | ("prefilter_by_pairs", Some(Json::Bool(_)))
                | ("solver_name", Some(Json::String(_)))
        );
        if !fits {
            let found = fields.get(key).map_or("nothing", input::describe);
            return Err(crate::Error::invalid(
                key,
                format!("{key} has no effect here, as in the reference it takes {wanted}, found {found}; remove it or give {wanted}"),
            ));
        }
    }
    Ok(())
}

/// The name of every protocol, in the order error messages and listings give them.
pub fn check_names() -> Vec<&'static str> {
    PROTOCOLS
        .iter()
        .map(|p| p.name)
        .chain(bundle_names())
        .collect()
}

/// Refuses a numeric `id` that a result cannot give back as written: results are JSON
/// whose numbers are 64-bit integers or doubles, so `12345678901234567890123` would come back
/// as `1.2345678901234568e22` (and two such ids as one).
fn echoed_exactly(id: &crate::json::Number) -> Result<()> {
    // An integer past 64 bits comes back in exponent form (`1e+30`), not as written.
    let integer = !id.as_str().contains(['.', 'e', 'E']);
    let exact = id.as_u64().is_some()
        || id.as_i64().is_some()
        || !integer
            && id.as_f64().is_some_and(|f| {
                let shortest = crate::json::Number::parse(&format!("{f}"));
                match (input::rational(&Json::Number(id.clone()), "id"), shortest) {
                    (Ok(written), Some(shortest)) => {
                        input::rational(&Json::Number(shortest), "id").is_ok_and(|s| s == written)
                    }
                    _ => false,
                }
            });
    if exact {
        return Ok(());
    }
    Err(crate::Error::invalid(
        "id",
        format!(
            "the id {} has more digits than a result's number keeps, so it would not come back as written; give it as a string (\"{}\")",
            id.as_str(),
            id.as_str()
        ),
    ))
}

/// Whether a result gives `id` back as written: every number in it, inside an object or a
/// list too, a 64-bit integer or a double that prints as written (a `1e400` comes back as
/// `null`, `12345678901234567890123` as `1.2345678901234568e22`).
pub fn id_kept(id: &Json) -> bool {
    id_echoed_exactly(id).is_ok()
}

/// [`echoed_exactly`] for every number of an id, those inside an object or a list too.
fn id_echoed_exactly(id: &Json) -> Result<()> {
    match id {
        Json::Number(number) => echoed_exactly(number),
        Json::Array(items) => items.iter().try_for_each(id_echoed_exactly),
        Json::Object(map) => map.values().try_for_each(id_echoed_exactly),
        _ => Ok(()),
    }
}

/// Reads a whole request: `check`, `id`, the options (`backends` are the names `backend` may
/// take), `power`, the protocol's own fields, and refuses fields it does not know.
///
/// # Errors
///
/// An [`crate::Error`] naming the first field (or `check`) that is missing, misspelt or
/// invalid, in the order: the request itself, `check`, the options, `power`, the protocol's
/// fields, unknown fields.
pub fn read(request: &Json, backends: &[&str]) -> Result<Request> {
    let fields = Object::new(request, "")?;
    let names = check_names();
    let check = names[crate::read_check(&fields, &names)?];
    if let Some(id) = fields.get("id") {
        id_echoed_exactly(id)?;
    }
    let options = crate::options::read(&fields, backends)?;
    let power = crate::power::read_power(&fields, check)?;
    let family = match PROTOCOLS.iter().find(|p| p.name == check) {
        Some(protocol) => (protocol.read)(&fields)?,
        None => match read_bundle(check, &fields) {
            Some(bundle) => Family::Bundle(bundle?),
            // Every name of check_names() has a reader; this one would be a slip here.
            None => {
                return Err(crate::Error::new(
                    crate::ErrorKind::UnknownCheck,
                    Some("check"),
                    format!("the check {check:?} is listed but has no reader in this build"),
                ))
            }
        },
    };
    compatible_fields(&fields)?;
    fields.finish(IGNORED_FIELDS)?;
    let mut warnings = Vec::new();
    errata_named(request, "", &mut warnings);
    Ok(Request {
        check,
        family,
        options,
        power,
        warnings,
    })
}

/// A warning for each registry name in the request (a `dataset_name` or `name` the readers
/// resolved) with a caveat (`scorecheck_data::caveat`: counts that are the reference's and
/// not the dataset's, a positive class the data's own labels do not make positive), naming
/// its field.
fn errata_named(value: &Json, path: &str, warnings: &mut Vec<String>) {
    let join = |key: &str| {
        if path.is_empty() {
            key.to_string()
        } else {
            format!("{path}.{key}")
        }
    };
    match value {
        Json::Object(entries) => {
            for (key, value) in entries.iter() {
                match value {
                    Json::String(name) if key == "dataset_name" || key == "name" => {
                        let why = crate::input::named_dataset(name).ok().map(|d| {
                            (
                                scorecheck_data::erratum(d.name),
                                scorecheck_data::caveat(d.name),
                            )
                        });
                        let said = match why {
                            Some((Some(why), _)) => {
                                format!("{}: checked with the reference's counts; {why}", join(key))
                            }
                            Some((None, Some(caveat))) => format!("{}: {caveat}", join(key)),
                            _ => continue,
                        };
                        warnings.push(said);
                    }
                    _ => errata_named(value, &join(key), warnings),
                }
            }
        }
        Json::Array(items) => {
            for (at, item) in items.iter().enumerate() {
                errata_named(item, &format!("{path}[{at}]"), warnings);
            }
        }
        _ => {}
    }
}
