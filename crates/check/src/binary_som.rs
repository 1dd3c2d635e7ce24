//! The single-matrix protocols: one testset, and the score-of-means protocols that pool
//! folds, testsets or datasets into one matrix.
//!
//! Score of means is scale invariant: the scores of the pooled matrix are what is reported,
//! so each protocol reduces to one (p, n) and the exact engine in [`crate::single`].

use num_rational::BigRational;
use scorecheck_algebra::{rounded_interval, ConfusionMatrix, Uncertainty};
use serde_json::{json, Value};

use crate::json::Json;

use crate::dispatch::Request;
use crate::folding;
use crate::input::{self, Object, Reported};
use crate::single;
use crate::{Error, ErrorKind, Result};

/// Reported scores with their exact windows.
pub(crate) struct Windows {
    pub(crate) reported: Reported,
    pub(crate) windows: Vec<single::Window>,
}

/// Reads `scores`, `eps` and `numerical_tolerance` into exact windows; a reported AUC is
/// an error naming it (only [`read_windows_with_auc`] takes one).
pub(crate) fn read_windows(fields: &Object<'_>) -> Result<Windows> {
    let (windows, auc) = read_windows_with_auc(fields)?;
    match auc {
        Some(auc) => Err(crate::auc::unsupported(&auc.key)),
        None => Ok(windows),
    }
}

/// Reads `scores`, `eps` and `numerical_tolerance` into exact windows, with the reported
/// AUC (`auc`, `roc_auc`, ...) apart: its window depends on (p, n).
pub(crate) fn read_windows_with_auc(
    fields: &Object<'_>,
) -> Result<(Windows, Option<crate::auc::ReportedAuc>)> {
    let scores_value = fields.required("scores", "the reported scores, e.g. {\"acc\": 0.954}")?;
    let (scores_value, auc_entry) = crate::auc::split(scores_value, "scores")?;
    let eps_value = fields.required(
        "eps",
        "the uncertainty of the reported figures, e.g. 0.0001 for 4 decimals",
    )?;
    let (eps_value, auc_eps) = crate::auc::split(eps_value, "eps")?;
    let tol = input::tolerance(fields.get("numerical_tolerance"), "numerical_tolerance")?;
    let rounding = crate::rounding::read(fields)?;
    let scale = rounding.scale();
    // The uncertainty of one figure reported under `key` with JSON value `raw`, in
    // fractions: the unit of its last digit (auto) or its eps.
    let uncertainty =
        |key: &str, raw: &Json, explicit: Option<BigRational>| -> Result<Uncertainty> {
            if rounding.auto {
                let field = input::join("scores", key);
                let text = crate::rounding::text_of(raw).unwrap_or_default();
                Ok(Uncertainty::LastDigit(
                    crate::rounding::unit(&text, &field)? * &scale,
                ))
            } else {
                Ok(Uncertainty::Eps(explicit.unwrap_or_else(input::zero)))
            }
        };
    let auc = match auc_entry {
        None => {
            if let Some((key, _)) = auc_eps {
                return Err(Error::new(
                    ErrorKind::InvalidValue,
                    Some(&input::join("eps", &key)),
                    "eps gives an uncertainty for the AUC, which is not reported; remove it",
                ));
            }
            None
        }
        Some((key, raw)) => {
            let field = input::join("scores", &key);
            let value = input::rational(&raw, &field)? * &scale;
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
                        return Err(Error::new(
                            ErrorKind::MissingField,
                            Some(&input::join("eps", &key)),
                            format!("eps gives no uncertainty for the reported score {key:?}; add it or give one number for all"),
                        ))
                    }
                    (single_eps, None) => input::positive_eps(single_eps, "eps", &scale)?,
                })
            };
            let x = uncertainty(&key, &raw, explicit)?;
            let mode = rounding.mode(&key, &crate::auc::NAMES)?;
            let (lower, upper) = rounded_interval(&value, &x, mode, &tol);
            Some(crate::auc::ReportedAuc {
                key,
                value,
                lower,
                upper,
            })
        }
    };
    let mut reported = input::reported_scores(&scores_value, "scores")?;
    if reported.scores.is_empty() && auc.is_none() {
        return Err(Error::new(
            ErrorKind::InvalidValue,
            Some("scores"),
            "no scores are reported; give at least one, e.g. {\"acc\": 0.954}",
        ));
    }
    let eps = if rounding.auto {
        Default::default()
    } else {
        input::eps_scaled(&eps_value, "eps", &reported, &scale)?
    };
    rounding.check_keys(&|key| {
        crate::auc::is_auc(key) && auc.is_some()
            || scorecheck_algebra::Score::from_name(key)
                .is_ok_and(|s| reported.scores.iter().any(|r| r.score == s))
    })?;
    let raw_scores = scores_value.as_object();
    let mut windows = Vec::with_capacity(reported.scores.len());
    for r in &mut reported.scores {
        r.value = &r.value * &scale;
        let raw = raw_scores
            .and_then(|m| m.get(&r.key))
            .cloned()
            .unwrap_or(Json::Null);
        let x = uncertainty(&r.key, &raw, eps.get(&r.score).cloned())?;
        let mut names: Vec<&str> = vec![r.score.abbreviation(), r.score.name()];
        names.extend(r.score.synonyms());
        let mode = rounding.mode(&r.key, &names)?;
        let (lower, upper) = rounded_interval(&r.value, &x, mode, &tol);
        windows.push(single::Window {
            score: r.score,
            lower,
            upper,
            reported: r.value.clone(),
        });
    }
    Ok((Windows { reported, windows }, auc))
}

/// `1_testset_no_kfold`: `testset`, `scores`, `eps`.
pub(crate) fn testset_no_kfold(request: &Request<'_>) -> Result<Value> {
    let fields = &request.fields;
    // A known size with an unknown class split: every split is tried (`setups`).
    if fields
        .get("testset")
        .is_some_and(crate::setups::wants_setups)
    {
        return crate::setups::testset_total(request);
    }
    let (p, n) = input::binary_counts(
        fields.required("testset", "the test set, e.g. {\"p\": 100, \"n\": 200}")?,
        "testset",
    )?;
    decide(request, p, n, true)
}

/// `1_dataset_kfold_som`: `dataset`, `folding`, pooled over folds and repeats.
pub(crate) fn dataset_kfold_som(request: &Request<'_>) -> Result<Value> {
    let fields = &request.fields;
    let dataset = input::binary_counts(
        fields.required("dataset", "the dataset, e.g. {\"p\": 100, \"n\": 200}")?,
        "dataset",
    )?;
    let folding = folding::parse(fields.required("folding", "how the folds were made, e.g. {\"n_folds\": 5, \"n_repeats\": 1, \"strategy\": \"stratified_sklearn\"}")?, "folding", dataset)?;
    let (p, n) = pooled(&folding, dataset, "folding")?;
    decide(request, p, n, false)
}

/// `n_testsets_som_no_kfold`: `testsets`, pooled.
pub(crate) fn testsets_som_no_kfold(request: &Request<'_>) -> Result<Value> {
    let (mut p, mut n) = (0u64, 0u64);
    // An empty testset adds nothing to the pooled counts, so it is allowed here.
    for (i, (tp, tn)) in testsets(&request.fields, true)?.into_iter().enumerate() {
        let path = input::index("testsets", i);
        p = add(p, tp, &path)?;
        n = add(n, tn, &path)?;
    }
    if (p, n) == (0, 0) {
        return Err(Error::new(
            ErrorKind::InvalidValue,
            Some("testsets"),
            "every testset is empty (p = n = 0 in all); give at least one item",
        ));
    }
    decide(request, p, n, false)
}

/// Reads the `testsets` list shared by the multi-testset protocols: each one's (p, n).
/// Empty testsets are an error unless `allow_empty` (where counts are pooled).
pub(crate) fn testsets(fields: &Object<'_>, allow_empty: bool) -> Result<Vec<(u64, u64)>> {
    let items = list(
        fields.required(
            "testsets",
            "the list of test sets, e.g. [{\"p\": 10, \"n\": 20}, ...]",
        )?,
        "testsets",
    )?;
    items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let path = input::index("testsets", i);
            if allow_empty {
                input::binary_counts_maybe_empty(item, &path)
            } else {
                input::binary_counts(item, &path)
            }
        })
        .collect()
}

/// `n_datasets_som_kfold_som`: `evaluations` of `{dataset, folding}`, pooled.
pub(crate) fn datasets_som_kfold_som(request: &Request<'_>) -> Result<Value> {
    let (mut p, mut n) = (0u64, 0u64);
    for evaluation in evaluations(&request.fields)? {
        let (fp, fnn) = pooled_evaluation(&evaluation)?;
        p = add(p, fp, &evaluation.path)?;
        n = add(n, fnn, &evaluation.path)?;
    }
    decide(request, p, n, false)
}

/// Reads an evaluation's optional `folding` (one fold when absent), finishes it, and
/// returns its counts pooled over folds and repeats.
pub(crate) fn pooled_evaluation(evaluation: &Evaluation<'_>) -> Result<(u64, u64)> {
    let fields = &evaluation.fields;
    let folding_path = fields.field_path("folding");
    let folding = match fields.get("folding") {
        Some(v) => folding::parse(v, &folding_path, evaluation.dataset)?,
        None => folding::Folding::Generated {
            n_folds: 1,
            n_repeats: 1,
            strategy: None,
        },
    };
    fields.finish(&[])?;
    pooled(&folding, evaluation.dataset, &folding_path)
}

/// One entry of `evaluations`: its path, its fields (the caller reads the rest and calls
/// `finish`), and its dataset's counts.
pub(crate) struct Evaluation<'a> {
    pub(crate) path: String,
    pub(crate) fields: Object<'a>,
    pub(crate) dataset: (u64, u64),
}

/// Reads the `evaluations` list shared by the multi-dataset protocols.
pub(crate) fn evaluations<'a>(fields: &Object<'a>) -> Result<Vec<Evaluation<'a>>> {
    let items = list(
        fields.required(
            "evaluations",
            "the list of evaluations, each {\"dataset\": ..., \"folding\": ...}",
        )?,
        "evaluations",
    )?;
    let mut out = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let path = input::index("evaluations", i);
        let evaluation = Object::new(item, &path)?;
        let dataset = input::binary_counts(
            evaluation.required("dataset", "the dataset of this evaluation")?,
            &evaluation.field_path("dataset"),
        )?;
        out.push(Evaluation {
            path,
            fields: evaluation,
            dataset,
        });
    }
    Ok(out)
}

pub(crate) fn list<'a>(value: &'a Json, path: &str) -> Result<&'a Vec<Json>> {
    match value {
        Json::Array(items) if !items.is_empty() => Ok(items),
        Json::Array(_) => Err(Error::new(
            ErrorKind::InvalidValue,
            Some(path),
            "the list is empty; give at least one entry",
        )),
        other => Err(Error::new(
            ErrorKind::InvalidValue,
            Some(path),
            format!("expected a list, found {}", input::describe(other)),
        )),
    }
}

fn add(a: u64, b: u64, path: &str) -> Result<u64> {
    a.checked_add(b).ok_or_else(|| {
        Error::new(
            ErrorKind::InvalidValue,
            Some(path),
            "the pooled counts exceed 2^64; counts this large are not supported",
        )
    })
}

fn pooled(folding: &folding::Folding, dataset: (u64, u64), path: &str) -> Result<(u64, u64)> {
    folding.pooled(dataset).ok_or_else(|| {
        Error::new(
            ErrorKind::InvalidValue,
            Some(path),
            "the pooled counts exceed 2^64; counts this large are not supported",
        )
    })
}

/// Runs the exact engine on the pooled (p, n) and renders the result; `allow_auc` for
/// the one protocol where a reported AUC has its meaning (one test set, one threshold).
fn decide(request: &Request<'_>, p: u64, n: u64, allow_auc: bool) -> Result<Value> {
    let (
        Windows {
            reported,
            mut windows,
        },
        auc,
    ) = read_windows_with_auc(&request.fields)?;
    let mut no_auc_value = None;
    if let Some(a) = &auc {
        if !allow_auc {
            return Err(crate::auc::unsupported(&a.key));
        }
        if p == 0 || n == 0 {
            no_auc_value = Some(format!(
                "the AUC is undefined with p={p}, n={n}: it needs both positives and negatives; reported {}",
                input::show(&a.value)
            ));
        } else {
            match crate::auc::windows(a, p, n) {
                Some(extra) => windows.extend(extra),
                None => {
                    no_auc_value = Some(format!(
                        "no AUC value k/(2pn) with p={p}, n={n} lies in [{}, {}] around the reported {}",
                        input::show(&a.lower),
                        input::show(&a.upper),
                        input::show(&a.value)
                    ))
                }
            }
        }
    }
    let problem = single::Problem {
        p,
        n,
        windows,
        params: reported.params.clone(),
    };
    let targets = crate::ranges::read(request.fields.get("ranges"))?;
    let max_repairs = crate::repair::wanted(&request.fields)?;
    let engine_options = crate::backend::single_options(&request.options);
    let mut outcome = match &no_auc_value {
        Some(sentence) => single::Outcome::inconsistent_because(sentence.clone()),
        None => single::check(&problem, &engine_options),
    };
    if let (Some(a), Some(explanation)) = (&auc, outcome.explanation.as_mut()) {
        explain_auc(explanation, a, &problem, &engine_options);
    }
    let mut out = render(&problem, &reported, &outcome);
    if let Some(a) = &auc {
        render_auc(&mut out, a, &problem, &outcome);
    }
    if let (Some(targets), single::Verdict::Consistent) = (&targets, &outcome.verdict) {
        out["ranges"] = crate::ranges::compute(&problem, auc.as_ref(), targets, &engine_options);
    }
    if let (Some(max_repairs), single::Verdict::Inconsistent) = (max_repairs, &outcome.verdict) {
        out["repair"] = crate::repair::repair(
            &problem,
            auc.as_ref(),
            no_auc_value.is_some(),
            max_repairs,
            &engine_options,
        );
    }
    Ok(out)
}

/// When an explanation's subset holds the AUC, says what the other scores of the subset
/// allow for it: "sens 0.8 and spec 0.7 with p=50, n=150 bound the AUC to [0.5600, 0.9400];
/// reported 0.97" (the range exact, shown rounded outward).
fn explain_auc(
    explanation: &mut single::Explanation,
    auc: &crate::auc::ReportedAuc,
    problem: &single::Problem,
    options: &single::Options,
) {
    if !explanation
        .scores
        .iter()
        .any(|s| crate::auc::is_internal(*s))
    {
        return;
    }
    let others: Vec<single::Window> = problem
        .windows
        .iter()
        .filter(|w| explanation.scores.contains(&w.score) && !crate::auc::is_internal(w.score))
        .cloned()
        .collect();
    if others.is_empty() {
        return;
    }
    let names: Vec<String> = others
        .iter()
        .map(|w| format!("{} {}", w.score, input::show(&w.reported)))
        .collect();
    let rest = single::Problem {
        windows: others,
        ..problem.clone()
    };
    let Some((lo, hi)) = crate::ranges::auc_range(&rest, options) else {
        return;
    };
    let down = |x: &BigRational| {
        (x * BigRational::from_integer(10_000.into())).floor()
            / BigRational::from_integer(10_000.into())
    };
    let up = |x: &BigRational| {
        (x * BigRational::from_integer(10_000.into())).ceil()
            / BigRational::from_integer(10_000.into())
    };
    let four = |x: BigRational| {
        format!(
            "{:.4}",
            num_traits::ToPrimitive::to_f64(&x).unwrap_or(f64::NAN)
        )
    };
    let verb = if names.len() == 1 { "bounds" } else { "bound" };
    let list = crate::render::and_list(&names);
    explanation.sentence = format!(
        "{list} with p={}, n={} {verb} the AUC to [{}, {}]; reported {}",
        problem.p,
        problem.n,
        four(down(&lo)),
        four(up(&hi)),
        input::show(&auc.value)
    );
}

/// Shows a reported AUC under its own name: its window, the AUC values achievable at the
/// witness, and "auc" for the two internal windows in an explanation.
fn render_auc(
    out: &mut Value,
    auc: &crate::auc::ReportedAuc,
    problem: &single::Problem,
    outcome: &single::Outcome,
) {
    if let Some(Value::Object(windows)) = out.get_mut("windows") {
        windows.retain(|key, _| key != "sens_times_spec" && key != "fnr_times_fpr");
        windows.insert(
            "auc".into(),
            json!([auc.lower.to_string(), auc.upper.to_string()]),
        );
    }
    if let Some(&(tp, tn)) = outcome.witnesses.first() {
        if let Some((lo, hi)) =
            single::achievable_auc(tp, tn, problem.p, problem.n, Some(&auc.window()))
        {
            if let Some(Value::Object(scores)) = out.get_mut("scores_at_witness") {
                scores.insert("auc".into(), json!({"min": crate::render::rational(&lo), "max": crate::render::rational(&hi)}));
            }
        }
    }
    if let Some(Value::Object(explanation)) = out.get_mut("explanation") {
        if let Some(Value::Array(scores)) = explanation.get_mut("scores") {
            let mut named: Vec<Value> = Vec::new();
            for s in scores.iter() {
                let name = match s.as_str() {
                    Some("sens_times_spec" | "fnr_times_fpr") => Value::from("auc"),
                    _ => s.clone(),
                };
                if !named.contains(&name) {
                    named.push(name);
                }
            }
            if named.is_empty() {
                named.push(Value::from("auc"));
            }
            *scores = named;
        }
    }
}

/// The JSON result of a single-matrix check.
pub(crate) fn render(
    problem: &single::Problem,
    reported: &Reported,
    outcome: &single::Outcome,
) -> Value {
    let (verdict, inconsistency) = match &outcome.verdict {
        single::Verdict::Consistent => ("consistent", Value::Bool(false)),
        single::Verdict::Inconsistent => ("inconsistent", Value::Bool(true)),
        // Undecided, and any verdict this facade does not know, conclude nothing.
        _ => ("undecided", Value::Null),
    };
    let witnesses: Vec<Value> = outcome
        .witnesses
        .iter()
        .map(|(tp, tn)| json!({"tp": tp, "tn": tn}))
        .collect();
    let scores_at_witness = outcome.witnesses.first().and_then(|&(tp, tn)| {
        let m = ConfusionMatrix::new(tp, tn, problem.p, problem.n).ok()?;
        let mut map = serde_json::Map::new();
        for r in &reported.scores {
            let exact = m.exact(r.score, &problem.params)?;
            map.insert(
                r.score.abbreviation().to_string(),
                crate::render::exact(&exact),
            );
        }
        Some(Value::Object(map))
    });
    let windows: serde_json::Map<String, Value> = problem
        .windows
        .iter()
        .map(|w| {
            (
                w.score.abbreviation().to_string(),
                json!([w.lower.to_string(), w.upper.to_string()]),
            )
        })
        .collect();
    let mut out = json!({
        "inconsistency": inconsistency,
        "verdict": verdict,
        "p": problem.p,
        "n": problem.n,
        "n_valid_tptn_pairs": outcome.n_valid_tptn_pairs.map(crate::render::count),
        "witness": witnesses.first().cloned(),
        "witnesses": witnesses,
        "scores_at_witness": scores_at_witness,
        "windows": windows,
        "explanation": outcome.explanation.as_ref().map(|e| json!({
            "scores": e.scores.iter().map(|s| s.abbreviation()).collect::<Vec<_>>(),
            "message": e.sentence,
        })),
    });
    if outcome.n_valid_tptn_pairs.is_none() {
        out["n_valid_tptn_pairs_lower_bound"] = crate::render::count(outcome.count_lower_bound);
    }
    if let single::Verdict::Undecided { reason, covered } = &outcome.verdict {
        out["undecided"] = json!({"reason": reason.to_string(), "covered": covered.to_string()});
    }
    out
}
