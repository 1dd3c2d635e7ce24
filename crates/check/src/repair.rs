//! What would make an inconsistent report consistent (`"repair": true`): read, found by `scorecheck_single::repairs`, and rendered.
//!
//! The engine gives the smallest sets of reported figures whose removal leaves the others
//! consistent and the exact range each removed figure would need (see that module); this
//! module names them and writes a sentence per repair: "spec 0.985 would need to be in
//! [0.9602, 0.9612]".

use serde_json::{json, Map, Value};

use crate::figures::ReportedAuc;
use crate::input;
use crate::single;

/// The `repair` object of an inconsistent single-matrix result. `auc_impossible` is set
/// when the reported AUC holds no grid value at all (its windows are then not in
/// `problem`).
pub(crate) fn repair(
    problem: &single::Problem,
    auc: Option<&ReportedAuc>,
    auc_impossible: bool,
    max_repairs: usize,
    options: &single::Options,
) -> Value {
    let figure = match (auc, auc_impossible) {
        (None, _) => single::AucFigure::Absent,
        (Some(_), false) => single::AucFigure::InProblem,
        (Some(_), true) => single::AucFigure::Unattainable,
    };
    let found = single::repairs(problem, figure, max_repairs, options);
    // Each figure's key and reported value, for the result and its sentences.
    let names: Vec<(String, String)> = found
        .figures
        .iter()
        .map(|f| match (f.target, auc) {
            (single::RangeTarget::Score(score), _) => (
                score.abbreviation().to_string(),
                f.windows
                    .first()
                    .map(|&i| input::show(&problem.windows[i].reported))
                    .unwrap_or_default(),
            ),
            (_, Some(a)) => ("auc".to_string(), input::show(&a.value)),
            (_, None) => ("auc".to_string(), String::new()),
        })
        .collect();
    let render_one = |repair: &single::Repair| -> Value {
        let mut needed_out = Map::new();
        let mut sentences = Vec::new();
        for (&i, needed) in repair.change.iter().zip(&repair.needed) {
            let (key, reported) = &names[i];
            let entry = crate::ranges::render(needed.clone());
            if let (Some(lo), Some(hi)) = (
                entry.pointer("/min/value").and_then(Value::as_f64),
                entry.pointer("/max/value").and_then(Value::as_f64),
            ) {
                sentences.push(format!(
                    "{key} {reported} would need to be in [{:.4}, {:.4}]",
                    floor4(lo),
                    ceil4(hi)
                ));
            }
            let entry = match entry {
                Value::Object(mut map) => {
                    map.remove("argmin");
                    map.remove("argmax");
                    Value::Object(map)
                }
                other => other,
            };
            needed_out.insert(key.clone(), entry);
        }
        json!({
            "change": repair.change.iter().map(|&i| names[i].0.clone()).collect::<Vec<_>>(),
            "keep": repair.keep(names.len()).into_iter().map(|i| names[i].0.clone()).collect::<Vec<_>>(),
            "needed": needed_out,
            "message": sentences.join("; "),
        })
    };
    let undecided = found.undecided;
    let Some(first) = found.repairs.first() else {
        return json!({
            "change": Value::Null,
            "message": if undecided > 0 {
                format!("{undecided} sub-checks were undecided within the time limit; no repair was found among the rest")
            } else {
                "not even changing every reported score makes the report consistent".to_string()
            },
        });
    };
    let mut out = match render_one(first) {
        Value::Object(map) => map,
        _ => Map::new(),
    };
    out.insert("n_repairs".into(), json!(found.repairs.len()));
    out.insert(
        "alternatives".into(),
        Value::Array(found.repairs.iter().skip(1).map(render_one).collect()),
    );
    if undecided > 0 {
        out.insert("undecided_subchecks".into(), json!(undecided));
    }
    Value::Object(out)
}

fn floor4(x: f64) -> f64 {
    (x * 10_000.0).floor() / 10_000.0
}

fn ceil4(x: f64) -> f64 {
    (x * 10_000.0).ceil() / 10_000.0
}
