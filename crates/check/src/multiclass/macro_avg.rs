//! Macro-averaged multiclass requests: the engine's integer program over the K×K cells of
//! each fold (exact model) or the reference's one-vs-rest relaxation, and the witness matrices
//! with their class and macro scores, evaluated exactly and independently of the program.

use num_rational::BigRational;
use scorecheck_feasibility::Verdict;
use scorecheck_multiclass::{
    decide_exact, macro_witness, one_vs_rest, split_rows, MacroError, MacroExperiment,
};
use serde_json::{json, Map, Value};

use super::{counts_json, Model, MulticlassRequest};
use crate::dispatch::Request;
use crate::figures::MeanFigures;
use crate::mos::{self};
use crate::{Error, ErrorKind, Result};

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
        let outcome = match mos::nothing_checkable(experiment.is_constrained(), ignored) {
            Some(reason) => Verdict::Undecided { reason },
            None => mos::verdict(&experiment, &request.options)?,
        };
        let mut out = mos::render(&experiment, &outcome, ignored, request);
        if let Value::Object(map) = &mut out {
            map.insert("model".into(), model.as_str().into());
        }
        return Ok(out);
    }
    let nothing_checkable = !ex.is_constrained() && !ignored.is_empty();
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

/// The matrices of the witness with their class and macro scores (the engine's
/// [`macro_witness`]), and for score of means the pooled matrix split into one per fold.
fn witness_json(ex: &MacroExperiment, witness: &[i64], fold_split: Option<&[Vec<u64>]>) -> Value {
    let scores = crate::render::shown_scores(
        ex.windows
            .iter()
            .chain(&ex.class_bounds)
            .chain(&ex.fold_bounds),
    );
    let found = macro_witness(ex, witness, &scores);
    let named = |values: &[Option<BigRational>]| crate::render::named_scores(&scores, values);
    let folds: Vec<Value> = found
        .folds
        .iter()
        .zip(&ex.folds)
        .map(|(fold, counts)| json!({"counts": counts_json(&ex.labels, counts), "matrix": fold.matrix, "scores": named(&fold.means)}))
        .collect();
    let mut out = json!({"folds": folds, "scores": named(&found.means)});
    if let (Some(split), [pooled]) = (fold_split, found.folds.as_slice()) {
        // Score of means: split the pooled matrix into one matrix per fold, row by row.
        out["fold_matrices"] = json!(split_rows(&pooled.matrix, split)
            .into_iter()
            .zip(split)
            .map(|(m, c)| json!({"counts": counts_json(&ex.labels, c), "matrix": m}))
            .collect::<Vec<_>>());
    }
    out
}

/// Macro averages: score of means on one K×K matrix with the pooled class counts
/// (`1_testset_no_kfold_macro`, `1_dataset_known_folds_som_macro`), mean of scores on one per
/// fold (`1_dataset_known_folds_mos_macro`).
pub(crate) fn answer(request: &Request<'_>, read: &MulticlassRequest) -> Result<Value> {
    let MeanFigures {
        windows, ignored, ..
    } = MeanFigures::of(read.figures.clone(), None);
    let setup = &read.setup;
    let mean = read.protocol.is_mean_of_scores();
    let ex = MacroExperiment::new(
        setup.classes.labels.clone(),
        if mean {
            setup.folds.clone()
        } else {
            vec![setup.pooled()?]
        },
        windows,
    )
    .with_class_bounds(read.class_bounds.clone())
    .with_fold_bounds(read.fold_bounds.clone());
    let split = (!mean && setup.folds.len() > 1).then_some(setup.folds.as_slice());
    decide(request, &ex, &ignored, read.model, split)
}
