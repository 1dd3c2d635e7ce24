//! Reported figures: `scores`, `eps`, `numerical_tolerance`, `rounding` and `percent` read
//! into exact windows, the AUC apart (its window depends on the counts), and the figures a
//! mean-of-scores protocol can use.

use num_rational::BigRational;
use scorecheck_algebra::{rounded_interval, Score, Uncertainty};
use scorecheck_experiment::{usable, Bound};
use scorecheck_single::Window;

use crate::input::{self, Object, Reported, ReportedScore};
use crate::json::{Json, JsonMap};
use crate::{Error, Result};

/// The names under which the AUC may be reported.
pub const NAMES: [&str; 4] = ["auc", "roc_auc", "auroc", "area_under_roc"];

/// Whether `key` names the AUC.
pub fn is_auc(key: &str) -> bool {
    NAMES.contains(&key.to_ascii_lowercase().as_str())
}

/// A reported AUC: its key, value and exact window [value − eps − tol, value + eps + tol].
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ReportedAuc {
    /// The key as written (`auc`, `roc_auc`, ...).
    pub key: String,
    /// The reported value.
    #[cfg_attr(feature = "serde", serde(with = "scorecheck_algebra::serde_text"))]
    pub value: BigRational,
    /// The least value the report allows.
    #[cfg_attr(feature = "serde", serde(with = "scorecheck_algebra::serde_text"))]
    pub lower: BigRational,
    /// The largest value the report allows.
    #[cfg_attr(feature = "serde", serde(with = "scorecheck_algebra::serde_text"))]
    pub upper: BigRational,
    /// Whether the request gave it in percent (`value`, `lower` and `upper` are fractions
    /// all the same): messages show AUC values in the unit it was given in.
    #[cfg_attr(feature = "serde", serde(default))]
    pub percent: bool,
}

impl ReportedAuc {
    /// Its window, as the single-matrix engine takes it.
    pub fn window(&self) -> scorecheck_single::AucWindow {
        scorecheck_single::AucWindow::new(self.lower.clone(), self.upper.clone())
    }

    /// An AUC value (a fraction) in the unit the AUC was given in, for messages: `0.85`, or
    /// `85` when it was given in percent.
    pub fn shown(&self, value: &BigRational) -> String {
        if self.percent {
            input::show(&(value * BigRational::from_integer(100.into())))
        } else {
            input::show(value)
        }
    }

    /// A bound of an exact range of AUC values, rounded outward (`up` for an upper bound) in
    /// the unit the AUC was given in: `0.5600` (four decimals), or `56.00` in percent.
    pub fn shown_bound(&self, x: &BigRational, up: bool) -> String {
        let scale = BigRational::from_integer(10_000.into());
        let scaled = x * &scale;
        let rounded = if up { scaled.ceil() } else { scaled.floor() } / scale;
        let f = num_traits::ToPrimitive::to_f64(&rounded).unwrap_or(f64::NAN);
        if self.percent {
            format!("{:.2}", f * 100.0)
        } else {
            format!("{f:.4}")
        }
    }
}

/// Splits the AUC entries off a `scores` (or `eps`) object: the object without them, and
/// the AUC entries as (key, value). Several names of the AUC with different values are an
/// error naming the second.
///
/// # Errors
///
/// `Contradiction` naming `path.<key>` when two names of the AUC give different values.
pub fn split(value: &Json, path: &str) -> Result<(Json, Option<(String, Json)>)> {
    let Json::Object(map) = value else {
        return Ok((value.clone(), None));
    };
    let mut rest = JsonMap::new();
    let mut found: Option<(String, Json)> = None;
    for (key, v) in map {
        if !is_auc(key) {
            rest.insert(key.clone(), v.clone());
            continue;
        }
        match &found {
            Some((first, seen)) if seen != v => {
                return Err(Error::contradiction(
                    &input::join(path, key),
                    format!(
                    "{key:?} and {first:?} both name the AUC but give different values; keep one"
                ),
                ))
            }
            Some(_) => {}
            None => found = Some((key.clone(), v.clone())),
        }
    }
    Ok((Json::Object(rest), found))
}

/// Rejects a reported AUC in a protocol where it has no meaning yet.
pub fn unsupported(key: &str) -> Error {
    Error::unsupported(
        &input::join("scores", key),
        "the AUC is checked in 1_testset_no_kfold (one test set cut at one threshold) and as a mean of per-fold AUCs in 1_dataset_known_folds_mos, n_testsets_mos_no_kfold and n_datasets_mos_known_folds_mos; pooled AUCs and AUCs over unknown folds are not supported by this protocol, so remove it here",
    )
}

/// Reported scores with their exact windows.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Figures {
    /// The scores as reported (names, values in fractions, betas).
    pub reported: Reported,
    /// The exact window of each reported score, aligned with `reported.scores`.
    pub windows: Vec<Window>,
    /// Whether the figures were given in percent (`"percent": true`) and divided by 100.
    #[cfg_attr(feature = "serde", serde(default))]
    pub percent: bool,
}

impl Figures {
    /// The figures of `windows` built in code: each window's score reported under its
    /// abbreviation, with the window's reported value; `params` holds fbp's and fbn's betas.
    pub fn from_windows(windows: Vec<Window>, params: scorecheck_algebra::Params) -> Figures {
        let scores = windows
            .iter()
            .map(|w| ReportedScore {
                score: w.score,
                value: w.reported.clone(),
                key: w.score.abbreviation().to_string(),
            })
            .collect();
        Figures {
            reported: Reported { scores, params },
            windows,
            percent: false,
        }
    }
}

/// Reads `scores`, `eps` and `numerical_tolerance` into exact windows; a reported AUC is
/// an error naming it (only [`read_windows_with_auc`] takes one).
///
/// # Errors
///
/// `Unsupported` naming `scores.<key>` for a reported AUC; otherwise as
/// [`read_windows_with_auc`].
pub fn read_windows(fields: &Object<'_>) -> Result<Figures> {
    let (windows, auc) = read_windows_with_auc(fields)?;
    match auc {
        Some(auc) => Err(unsupported(&auc.key)),
        None => Ok(windows),
    }
}

/// Reads `scores`, `eps` and `numerical_tolerance` into exact windows, with the reported
/// AUC (`auc`, `roc_auc`, ...) apart: its window depends on (p, n).
///
/// # Errors
///
/// `MissingField` for `scores` or `eps`; `InvalidValue`, `UnknownScore`, `Contradiction`
/// or `MissingField` naming the score, eps, rounding mode or tolerance that is wrong (see
/// [`input::reported_scores`], [`input::eps_scaled`], [`crate::rounding::read`]); `InvalidValue`
/// naming `scores` when nothing is reported.
pub fn read_windows_with_auc(fields: &Object<'_>) -> Result<(Figures, Option<ReportedAuc>)> {
    let scores_value = fields.required("scores", "the reported scores, e.g. {\"acc\": 0.954}")?;
    let (scores_value, auc_entry) = split(scores_value, "scores")?;
    let eps_value = fields.required(
        "eps",
        "the uncertainty of the reported figures, e.g. 0.0001 for 4 decimals",
    )?;
    let (eps_value, auc_eps) = split(eps_value, "eps")?;
    let tol = input::tolerance(fields.get("numerical_tolerance"), "numerical_tolerance")?;
    let rounding = crate::rounding::read(fields)?;
    let scale = rounding.scale();
    // The uncertainty of one figure reported under `key` with JSON value `raw`, in
    // fractions: the unit of its last digit (auto) or its eps.
    let uncertainty = |key: &str,
                       raw: &Json,
                       explicit: Option<BigRational>,
                       scale: &BigRational|
     -> Result<Uncertainty> {
        if rounding.auto {
            let field = input::join("scores", key);
            let text = crate::rounding::text_of(raw).unwrap_or_default();
            let unit = crate::rounding::unit(&text, &field)?;
            // `0e5` under auto is printed to the nearest 100000: a window that checks
            // nothing, as an explicit eps of 1 or more would (refused as such).
            if unit > num_traits::One::one() {
                return Err(Error::invalid(
                    &field,
                    format!("{text} is printed to the nearest {}: under \"eps\": \"auto\" its window would check nothing; write the figure with its decimals (e.g. 0.954) or give eps", input::show(&unit)),
                ));
            }
            Ok(Uncertainty::LastDigit(input::scaled(unit, scale)))
        } else {
            Ok(Uncertainty::Eps(explicit.unwrap_or_else(input::zero)))
        }
    };
    let auc = match auc_entry {
        None => {
            if let Some((key, _)) = auc_eps {
                return Err(Error::invalid(
                    &input::join("eps", &key),
                    "eps gives an uncertainty for the AUC, which is not reported; remove it",
                ));
            }
            None
        }
        Some((key, raw)) => {
            let field = input::join("scores", &key);
            let value = input::scaled(input::rational(&raw, &field)?, &scale);
            // A value outside [0, 1] is not an error: its window then holds no AUC value
            // (or, within eps of 0 or 1, the extreme one) and the grid test says so.
            let explicit = if rounding.auto {
                None
            } else {
                Some(match (&eps_value, auc_eps) {
                    (_, Some((eps_key, e))) => {
                        input::positive_eps(&e, &input::join("eps", &eps_key), &scale)?
                    }
                    (Json::Object(_), None) => {
                        return Err(Error::missing(
                            &input::join("eps", &key),
                            format!("eps gives no uncertainty for the reported score {key:?}; add it or give one number for all"),
                        ))
                    }
                    (single_eps, None) => input::positive_eps(single_eps, "eps", &scale)?,
                })
            };
            let x = uncertainty(&key, &raw, explicit, &scale)?;
            let mode = rounding.mode(&key, &NAMES)?;
            let (lower, upper) = rounded_interval(&value, &x, mode, &tol);
            Some(ReportedAuc {
                key,
                value,
                lower,
                upper,
                percent: rounding.percent,
            })
        }
    };
    let mut reported = input::reported_scores(&scores_value, "scores")?;
    // A beta whose F-score is neither reported nor asked a range of would change nothing.
    for (score, beta) in [(Score::Fbp, "beta_positive"), (Score::Fbn, "beta_negative")] {
        let given = scores_value
            .as_object()
            .is_some_and(|o| o.contains_key(beta));
        let used = reported.scores.iter().any(|r| r.score == score)
            || read_ranges(fields.peek("ranges"))
                .ok()
                .flatten()
                .is_some_and(|targets| {
                    targets
                        .iter()
                        .any(|t| matches!(t, Target::Score(s, _) if *s == score))
                });
        if given && !used {
            return Err(Error::invalid(
                &input::join("scores", beta),
                format!("{beta} is the beta of {score}, which is not reported (nor its range asked): report {score} or remove {beta}"),
            ));
        }
    }
    if reported.scores.is_empty() && auc.is_none() {
        return Err(Error::invalid(
            "scores",
            "no scores are reported; give at least one, e.g. {\"acc\": 0.954}",
        ));
    }
    let eps = if rounding.auto {
        Default::default()
    } else {
        input::eps_scaled(&eps_value, "eps", &reported, &scale)?
    };
    rounding.check_keys(&|key| {
        is_auc(key) && auc.is_some()
            || scorecheck_algebra::Score::from_name(key)
                .is_ok_and(|s| reported.scores.iter().any(|r| r.score == s))
    })?;
    let raw_scores = scores_value.as_object();
    let mut windows = Vec::with_capacity(reported.scores.len());
    let one = BigRational::from_integer(1.into());
    for r in &mut reported.scores {
        // Likelihood ratios and the odds ratio are no percentages: printed as they are
        // beside percentages (`LR+ 26.2`), they keep their value and their eps.
        let ratio = !r.score.printed_in_percent();
        let own_scale = if ratio { &one } else { &scale };
        r.value = input::scaled(std::mem::take(&mut r.value), own_scale);
        let raw = raw_scores
            .and_then(|m| m.get(&r.key))
            .cloned()
            .unwrap_or(Json::Null);
        let explicit =
            eps.get(&r.score)
                .cloned()
                .map(|e| if ratio && scale != one { e / &scale } else { e });
        let x = uncertainty(&r.key, &raw, explicit, own_scale)?;
        let mut names: Vec<&str> = vec![r.score.abbreviation(), r.score.name()];
        names.extend(r.score.synonyms());
        let mode = rounding.mode(&r.key, &names)?;
        let (lower, upper) = rounded_interval(&r.value, &x, mode, &tol);
        // Never reversed: eps is positive and the tolerance non-negative (both checked when
        // read), and every rounding mode widens the value on at least one side.
        let window = Window::reported(r.score, r.value.clone(), lower, upper)
            .map_err(|e| Error::invalid(&e.field(), e.to_string()))?;
        windows.push(window);
    }
    let percent = scale != one;
    Ok((
        Figures {
            reported,
            windows,
            percent,
        },
        auc,
    ))
}

/// The figures of a mean-of-scores request: windows of the scores that averaging keeps
/// linear, their reported values, the keys of the others (listed as ignored, never dropped
/// silently), and the reported AUC if the protocol takes one.
#[derive(Clone, Debug)]
pub struct MeanFigures {
    /// Experiment-level windows of the usable scores.
    pub windows: Vec<Bound>,
    /// The usable scores and their reported values as the request gave them (percentages
    /// when it says `"percent": true`), for messages.
    pub reported: Vec<(Score, BigRational)>,
    /// The keys of reported scores these checks cannot use.
    pub ignored: Vec<String>,
    /// Why the figures cannot be, when a score these checks cannot use is reported outside
    /// every value the score takes (`ppv` 3.5, `mcc` −5): no mean of its values reaches it.
    pub out_of_range: Option<String>,
    /// The reported AUC.
    pub auc: Option<ReportedAuc>,
}

impl MeanFigures {
    /// The usable part of `figures` (and the reported AUC) for a mean-of-scores check.
    pub fn of(figures: Figures, auc: Option<ReportedAuc>) -> MeanFigures {
        let Figures {
            reported,
            windows,
            percent,
        } = figures;
        let mut usable_windows = Vec::new();
        let mut ignored = Vec::new();
        let mut values = Vec::new();
        let mut out_of_range = None;
        for (w, r) in windows.into_iter().zip(&reported.scores) {
            // The figure as the request gave it, for messages.
            let unit: i64 = if percent && w.score.printed_in_percent() {
                100
            } else {
                1
            };
            let printed = &r.value * BigRational::from_integer(unit.into());
            if usable(w.score) {
                values.push((w.score, printed));
                usable_windows.push(Bound::new(w.score, w.lower, w.upper));
                continue;
            }
            ignored.push(r.key.clone());
            let (lowest, highest) = w.score.natural_range();
            let int = |v: i64| BigRational::from_integer(v.into());
            let below = lowest.is_some_and(|lo| w.upper < int(lo));
            let above = highest.is_some_and(|hi| w.lower > int(hi));
            if (below || above) && out_of_range.is_none() {
                let side = |v: Option<i64>| v.map_or("∞".to_string(), |v| (v * unit).to_string());
                out_of_range = Some(format!(
                    "{} {} lies outside [{}, {}], where every value of {} lies, and so does any mean of them: no experiment gives it",
                    r.key,
                    input::show(&printed),
                    side(lowest),
                    side(highest),
                    w.score.abbreviation()
                ));
            }
        }
        MeanFigures {
            windows: usable_windows,
            reported: values,
            ignored,
            out_of_range,
            auc,
        }
    }
}

/// Reads `scores`, `eps` and the tolerance of a mean-of-scores protocol that takes a
/// reported AUC (the mean of per-fold AUCs).
///
/// # Errors
///
/// As [`read_windows_with_auc`].
pub fn mean_windows_with_auc(fields: &Object<'_>) -> Result<MeanFigures> {
    let (figures, auc) = read_windows_with_auc(fields)?;
    Ok(MeanFigures::of(figures, auc))
}

/// Reads `scores`, `eps` and the tolerance of a mean-of-scores protocol without the AUC.
///
/// # Errors
///
/// As [`read_windows`].
pub fn mean_windows(fields: &Object<'_>) -> Result<MeanFigures> {
    Ok(MeanFigures::of(read_windows(fields)?, None))
}

/// One score whose range is asked for.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Target {
    /// A score of the algebra, under the name the request used.
    Score(Score, String),
    /// The ROC AUC.
    Auc,
}

impl Target {
    /// The engine's name of the target.
    pub fn engine(&self) -> scorecheck_single::RangeTarget {
        match self {
            Target::Score(score, _) => scorecheck_single::RangeTarget::Score(*score),
            Target::Auc => scorecheck_single::RangeTarget::Auc,
        }
    }

    /// The key of its entry in the result (`auc` for the AUC).
    pub fn key(&self) -> String {
        match self {
            Target::Score(_, key) => key.clone(),
            Target::Auc => "auc".into(),
        }
    }
}

/// The error of a score asked twice in `ranges` (under one name or two).
pub(crate) fn duplicate_range(field: &str, name: &str, at: usize) -> Error {
    Error::invalid(
        field,
        format!("{name:?} is the score ranges[{at}] asks already; ask each score once"),
    )
}

/// Reads `ranges`: `"all"` or a list of score names (`auc` included).
///
/// # Errors
///
/// `InvalidValue` naming `ranges` (or `ranges[i]`) for anything but `"all"` or a non-empty
/// list of names, `UnknownScore` naming `ranges[i]` for a name that is no score.
pub fn read_ranges(value: Option<&Json>) -> Result<Option<Vec<Target>>> {
    let all = || {
        let scores = Score::BASE.iter();
        let scores = scores.map(|s| Target::Score(*s, s.abbreviation().to_string()));
        scores.chain([Target::Auc]).collect()
    };
    let target = |name: &str, field: &str| {
        if is_auc(name) {
            return Ok(Target::Auc);
        }
        let score =
            Score::from_name(name).map_err(|e| Error::unknown_score(field, e.to_string()))?;
        Ok(Target::Score(score, name.to_string()))
    };
    let same = |a: &Target, b: &Target| match (a, b) {
        (Target::Score(a, _), Target::Score(b, _)) => a == b,
        (a, b) => a == b,
    };
    read_targets(value, all, target, same, "[\"mcc\", \"f1p\", \"auc\"]")
}

/// Reads a `ranges` field: `"all"` (the targets `all` gives) or a non-empty list of names,
/// each read by `target` (the name and its field); a score asked twice (`same`) is an error.
pub(crate) fn read_targets<T>(
    value: Option<&Json>,
    all: impl FnOnce() -> Vec<T>,
    target: impl Fn(&str, &str) -> Result<T>,
    same: impl Fn(&T, &T) -> bool,
    example: &str,
) -> Result<Option<Vec<T>>> {
    let items = match value {
        None => return Ok(None),
        Some(Json::String(s)) if s == "all" => return Ok(Some(all())),
        Some(Json::Array(items)) if !items.is_empty() => items,
        Some(_) => {
            let message = format!("expected \"all\" or a list of score names, like {example}");
            return Err(Error::invalid("ranges", message));
        }
    };
    let mut targets: Vec<T> = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let field = input::index("ranges", i);
        let Some(name) = item.as_str() else {
            let message = format!("expected a score name, as in {example}");
            return Err(Error::invalid(&field, message));
        };
        if name.eq_ignore_ascii_case("all") {
            return Err(Error::invalid(
                &field,
                "\"all\" asks for every score as the whole value, not in a list: write \"ranges\": \"all\"",
            ));
        }
        let target = target(name, &field)?;
        if let Some(at) = targets.iter().position(|t| same(t, &target)) {
            return Err(duplicate_range(&field, name, at));
        }
        targets.push(target);
    }
    Ok(Some(targets))
}
