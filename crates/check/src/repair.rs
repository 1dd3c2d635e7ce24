//! What would make an inconsistent report consistent (`"repair": true`).
//!
//! For an inconsistent single-matrix result: the smallest sets of reported scores whose
//! removal leaves the others consistent (every set of the least size, up to
//! `max_repairs`), and for each removed score the exact range it would need, over the
//! matrices where the kept scores hold (the `ranges` of the same engine). Read as a typo
//! hypothesis: "spec 0.985 would need to be in [0.9602, 0.9612]".
//!
//! Every sub-check is the exact engine under the request's deadline; a sub-check that
//! comes back undecided is neither a repair nor a refutation, and the result says so.

use serde_json::{json, Map, Value};

use crate::auc::ReportedAuc;
use crate::error::{Error, ErrorKind, Result};
use crate::input;
use crate::json::Json;
use crate::ranges::{self, Target};
use crate::single;

/// How many smallest repairs are listed by default.
const DEFAULT_MAX_REPAIRS: u64 = 10;

/// The most repairs a request may ask to list.
const MAX_REPAIRS: u64 = 1_000;

/// One reported figure that can be removed: its name and the windows it stands for.
struct Item {
    key: String,
    target: Target,
    windows: Vec<usize>,
    reported: String,
}

/// Reads `repair` (a boolean) and `max_repairs`.
pub(crate) fn wanted(fields: &input::Object<'_>) -> Result<Option<usize>> {
    let on = match fields.get("repair") {
        None | Some(Json::Bool(false)) => false,
        Some(Json::Bool(true)) => true,
        Some(other) => {
            return Err(Error::new(
                ErrorKind::InvalidValue,
                Some("repair"),
                format!("expected true or false, found {}", input::describe(other)),
            ))
        }
    };
    let max = match fields.get("max_repairs") {
        None => DEFAULT_MAX_REPAIRS,
        Some(v) if on => input::positive(v, "max_repairs", MAX_REPAIRS)?,
        Some(_) => {
            return Err(Error::new(
                ErrorKind::Contradiction,
                Some("max_repairs"),
                "max_repairs only applies with \"repair\": true",
            ))
        }
    };
    Ok(on.then_some(max as usize))
}

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
    let mut items: Vec<Item> = Vec::new();
    for (i, w) in problem.windows.iter().enumerate() {
        if crate::auc::is_internal(w.score) {
            continue;
        }
        items.push(Item {
            key: w.score.abbreviation().to_string(),
            target: Target::Score(w.score, w.score.abbreviation().to_string()),
            windows: vec![i],
            reported: input::show(&w.reported),
        });
    }
    if let Some(a) = auc {
        items.push(Item {
            key: "auc".into(),
            target: Target::Auc,
            windows: problem
                .windows
                .iter()
                .enumerate()
                .filter(|(_, w)| crate::auc::is_internal(w.score))
                .map(|(i, _)| i)
                .collect(),
            reported: input::show(&a.value),
        });
    }
    let sub_options = options
        .clone()
        .with_max_witnesses(1)
        .with_explain(false)
        .with_count_budget(0);
    let mut found: Vec<Vec<usize>> = Vec::new();
    let mut undecided = 0usize;
    'sizes: for size in 1..items.len() {
        for removed in combinations(items.len(), size) {
            if options
                .deadline
                .is_some_and(|d| std::time::Instant::now() >= d)
            {
                undecided += 1;
                break 'sizes;
            }
            let keeps_impossible_auc = auc_impossible
                && !removed
                    .iter()
                    .any(|&i| matches!(items[i].target, Target::Auc));
            if keeps_impossible_auc {
                continue;
            }
            let rest = restrict(problem, &items, &removed);
            match single::check(&rest, &sub_options).verdict {
                single::Verdict::Consistent => {
                    found.push(removed);
                    if found.len() >= max_repairs {
                        break 'sizes;
                    }
                }
                single::Verdict::Inconsistent => {}
                _ => undecided += 1,
            }
        }
        if !found.is_empty() {
            break;
        }
    }
    let render_one = |removed: &[usize]| -> Value {
        let rest = restrict(problem, &items, removed);
        let targets: Vec<Target> = removed.iter().map(|&i| items[i].target.clone()).collect();
        let needed = ranges::compute(&rest, None, &targets, options);
        let mut needed_out = Map::new();
        let mut sentences = Vec::new();
        for &i in removed {
            let entry = needed.get(&items[i].key).cloned().unwrap_or(Value::Null);
            if let (Some(lo), Some(hi)) = (
                entry.pointer("/min/value").and_then(Value::as_f64),
                entry.pointer("/max/value").and_then(Value::as_f64),
            ) {
                sentences.push(format!(
                    "{} {} would need to be in [{:.4}, {:.4}]",
                    items[i].key,
                    items[i].reported,
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
            needed_out.insert(items[i].key.clone(), entry);
        }
        json!({
            "change": removed.iter().map(|&i| items[i].key.clone()).collect::<Vec<_>>(),
            "keep": (0..items.len()).filter(|i| !removed.contains(i)).map(|i| items[i].key.clone()).collect::<Vec<_>>(),
            "needed": needed_out,
            "message": sentences.join("; "),
        })
    };
    let Some(first) = found.first() else {
        return json!({
            "change": Value::Null,
            "message": if undecided > 0 {
                format!("{undecided} sub-checks were undecided within the time limit; no repair was found among the rest")
            } else {
                "no proper subset of the reported scores is consistent".to_string()
            },
        });
    };
    let mut out = match render_one(first) {
        Value::Object(map) => map,
        _ => Map::new(),
    };
    out.insert("n_repairs".into(), json!(found.len()));
    out.insert(
        "alternatives".into(),
        Value::Array(found.iter().skip(1).map(|r| render_one(r)).collect()),
    );
    if undecided > 0 {
        out.insert("undecided_subchecks".into(), json!(undecided));
    }
    Value::Object(out)
}

/// The problem without the windows of the removed items.
fn restrict(problem: &single::Problem, items: &[Item], removed: &[usize]) -> single::Problem {
    let dropped: Vec<usize> = removed
        .iter()
        .flat_map(|&i| items[i].windows.iter().copied())
        .collect();
    single::Problem {
        windows: problem
            .windows
            .iter()
            .enumerate()
            .filter(|(i, _)| !dropped.contains(i))
            .map(|(_, w)| w.clone())
            .collect(),
        ..problem.clone()
    }
}

/// Every k-subset of 0..n in lexicographic order.
fn combinations(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut current: Vec<usize> = (0..k).collect();
    if k > n {
        return out;
    }
    loop {
        out.push(current.clone());
        let Some(i) = (0..k).rev().find(|&i| current[i] < n - k + i) else {
            return out;
        };
        current[i] += 1;
        for j in i + 1..k {
            current[j] = current[j - 1] + 1;
        }
    }
}

fn floor4(x: f64) -> f64 {
    (x * 10_000.0).floor() / 10_000.0
}

fn ceil4(x: f64) -> f64 {
    (x * 10_000.0).ceil() / 10_000.0
}

#[cfg(test)]
mod tests {
    use super::combinations;

    #[test]
    fn combinations_are_every_subset_once() {
        assert_eq!(combinations(3, 2), vec![vec![0, 1], vec![0, 2], vec![1, 2]]);
        assert_eq!(combinations(4, 1).len(), 4);
        assert_eq!(combinations(5, 3).len(), 10);
        assert!(combinations(2, 3).is_empty());
    }
}
