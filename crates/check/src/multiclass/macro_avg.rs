//! Macro-averaged multiclass requests: the engine's integer program over the K×K cells of
//! each fold (exact model) or the reference's one-vs-rest relaxation, and the witness matrices
//! with their class and macro scores, evaluated exactly and independently of the program.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Zero;
use scorecheck_algebra::{ConfusionMatrix, Score};
use scorecheck_feasibility::Verdict;
use scorecheck_multiclass::{
    cell, decide_exact, one_vs_rest, split_rows, MacroError, MacroExperiment,
};
use serde_json::{json, Map, Value};

use super::{counts_json, Model, Setup};
use crate::dispatch::Request;
use crate::mos::{self, Bound};
use crate::{Error, ErrorKind, Result};

fn int(v: u64) -> BigRational {
    BigRational::from_integer(BigInt::from(v))
}

fn macro_error(e: MacroError) -> Error {
    let kind = match e {
        MacroError::Undefined { .. } => ErrorKind::Contradiction,
        MacroError::Build(e) => return mos::build_error(e),
        _ => ErrorKind::InvalidValue,
    };
    Error::new(kind, Some(&e.field()), e.to_string())
}

fn decide(
    request: &Request<'_>,
    ex: &MacroExperiment,
    ignored: &[String],
    model: Model,
    fold_split: Option<&[Vec<u64>]>,
) -> Result<Value> {
    crate::dispatch::all_fields_read(request)?;
    if model == Model::OneVsRest {
        let experiment = one_vs_rest(ex);
        let outcome = match mos::nothing_checkable(&experiment, ignored) {
            Some(reason) => mos::MosOutcome {
                verdict: Verdict::Undecided { reason },
            },
            None => mos::solve(&experiment, request)?,
        };
        let mut out = mos::render(&experiment, &outcome, ignored, request);
        if let Value::Object(map) = &mut out {
            map.insert("model".into(), model.as_str().into());
        }
        return Ok(out);
    }
    let nothing_checkable = ex.windows.is_empty()
        && ex.class_bounds.is_empty()
        && ex.fold_bounds.is_empty()
        && !ignored.is_empty();
    let verdict = if nothing_checkable {
        // A "consistent" here would be a claim without evidence.
        Verdict::Undecided {
            reason: format!(
                "none of the reported scores ({}) is usable by this protocol and no bound is given, so nothing can be checked; report acc, sens, spec, bacc or their complements",
                ignored.join(", ")
            ),
        }
    } else {
        let solver = crate::backend::solver(&request.options)?;
        decide_exact(
            ex,
            solver.as_ref(),
            &crate::backend::limits(&request.options),
        )
        .map_err(macro_error)?
    };
    let mut out = Map::new();
    crate::backend::insert_verdict(
        &mut out,
        &verdict,
        |witness| witness_json(ex, witness, fold_split),
        |reason| {
            format!("no K×K confusion matrices with these class counts give the reported macro averages: {reason}")
        },
    );
    out.insert("model".into(), model.as_str().into());
    out.insert("backend".into(), request.options.backend_name().into());
    out.insert("ignored_scores".into(), json!(ignored));
    if ex.windows.is_empty() {
        out.insert(
            "note".into(),
            "no reported score is usable by this protocol, so only the bounds were checked".into(),
        );
    }
    Ok(Value::Object(out))
}

/// The matrices of the witness with their class and macro scores, evaluated exactly and
/// independently of the integer program (through the binary score formulas).
fn witness_json(ex: &MacroExperiment, witness: &[i64], fold_split: Option<&[Vec<u64>]>) -> Value {
    let mut scores: Vec<Score> = Vec::new();
    for b in ex
        .windows
        .iter()
        .chain(&ex.class_bounds)
        .chain(&ex.fold_bounds)
    {
        if !scores.contains(&b.score) {
            scores.push(b.score);
        }
    }
    if scores.is_empty() {
        scores = vec![Score::Acc, Score::Sens, Score::Spec, Score::Bacc];
    }
    let mut sums: Vec<Option<BigRational>> = vec![Some(BigRational::zero()); scores.len()];
    let mut folds = Vec::new();
    for (f, counts) in ex.folds.iter().enumerate() {
        let k = counts.len();
        let total: u64 = counts.iter().sum();
        let m: Vec<Vec<u64>> = (0..k)
            .map(|i| {
                (0..k)
                    .map(|j| witness.get(cell(k, f, i, j)).copied().unwrap_or(0).max(0) as u64)
                    .collect()
            })
            .collect();
        let mut fold_scores = Map::new();
        for (s, &score) in scores.iter().enumerate() {
            let mut sum = Some(BigRational::zero());
            for c in 0..k {
                let column: u64 = (0..k).map(|r| m[r][c]).sum();
                let fp = column - m[c][c];
                let n = total - counts[c];
                let value = ConfusionMatrix::new(m[c][c], n.saturating_sub(fp), counts[c], n)
                    .ok()
                    .and_then(|cm| cm.exact(score, &Default::default()))
                    .and_then(|e| e.as_rational().cloned());
                sum = sum.zip(value).map(|(a, b)| a + b);
            }
            let mean = sum.map(|s| s / int(k as u64));
            fold_scores.insert(
                score.abbreviation().into(),
                mean.as_ref()
                    .map(crate::render::rational)
                    .unwrap_or(Value::Null),
            );
            sums[s] = sums[s].take().zip(mean).map(|(a, b)| a + b);
        }
        folds.push(
            json!({"counts": counts_json(&ex.labels, counts), "matrix": m, "scores": fold_scores}),
        );
    }
    let mut overall = Map::new();
    for (s, score) in scores.iter().enumerate() {
        let mean = sums[s].take().map(|x| x / int(ex.folds.len() as u64));
        overall.insert(
            score.abbreviation().into(),
            mean.as_ref()
                .map(crate::render::rational)
                .unwrap_or(Value::Null),
        );
    }
    let mut out = json!({"folds": folds, "scores": overall});
    if let (Some(split), [pooled]) = (fold_split, folds.as_slice()) {
        // Score of means: split the pooled matrix into one matrix per fold, row by row.
        if let Some(matrix) = pooled
            .get("matrix")
            .and_then(|m| serde_json::from_value::<Vec<Vec<u64>>>(m.clone()).ok())
        {
            out["fold_matrices"] = json!(split_rows(&matrix, split)
                .into_iter()
                .zip(split)
                .map(|(m, c)| json!({"counts": counts_json(&ex.labels, c), "matrix": m}))
                .collect::<Vec<_>>());
        }
    }
    out
}

fn read_class_bounds(request: &Request<'_>) -> Result<Vec<Bound>> {
    crate::sets::read_bounds(
        request.fields.get("class_score_bounds"),
        "class_score_bounds",
    )
}

/// Score of means, macro (`1_testset_no_kfold_macro`, `1_dataset_known_folds_som_macro`):
/// one K×K matrix with the pooled class counts.
pub(crate) fn score_of_means(request: &Request<'_>, setup: &Setup, model: Model) -> Result<Value> {
    let class_bounds = read_class_bounds(request)?;
    let crate::figures::MeanFigures {
        windows, ignored, ..
    } = crate::figures::mean_windows(&request.fields)?;
    let ex = MacroExperiment {
        labels: setup.classes.labels.clone(),
        folds: vec![setup.pooled()?],
        class_bounds,
        fold_bounds: Vec::new(),
        windows,
    };
    let split = (setup.folds.len() > 1).then_some(setup.folds.as_slice());
    decide(request, &ex, &ignored, model, split)
}

/// Mean of scores, macro (`1_dataset_known_folds_mos_macro`): one K×K matrix per fold.
pub(crate) fn mean_of_scores(request: &Request<'_>, setup: &Setup, model: Model) -> Result<Value> {
    let class_bounds = read_class_bounds(request)?;
    let fold_bounds =
        crate::sets::read_bounds(request.fields.get("fold_score_bounds"), "fold_score_bounds")?;
    let crate::figures::MeanFigures {
        windows, ignored, ..
    } = crate::figures::mean_windows(&request.fields)?;
    let ex = MacroExperiment {
        labels: setup.classes.labels.clone(),
        folds: setup.folds.clone(),
        class_bounds,
        fold_bounds,
        windows,
    };
    decide(request, &ex, &ignored, model, None)
}
