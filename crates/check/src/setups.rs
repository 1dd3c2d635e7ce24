//! Which class splits fit: `1_testset_no_kfold` with `testset: {"total": N}` tries every split p + n = N exactly, pruning whole ranges of p with interval enclosures.
//!
//! A range of p is refuted when no (p, tp, tn) with p in the range can put every score in
//! its window. That is shown by a bounded two-dimensional bisection over boxes of (tp, tn)
//! with the whole range of p (and n = N − p) as intervals: a box is dropped as soon as one
//! score's outward-rounded enclosure over it misses that score's window. The enclosure
//! contains the score's value at every point of the box where it is defined (points with
//! tp > p or tn > n are not matrices, and including them only widens it), so a dropped box
//! holds no fitting matrix, and a range whose boxes are all dropped holds no fitting split.
//! Ranges that survive are halved (their surviving boxes passed down), and every single p
//! that survives goes through the exact engine [`crate::single::check`]: floats prune,
//! only the exact engine says that a split fits.

use std::collections::VecDeque;
use std::time::Instant;

use scorecheck_algebra::{evaluate, Arith, Counts, Params};
use scorecheck_interval::F64Interval;
use serde_json::{json, Value};

use crate::binary_som::{read_windows, Windows};
use crate::dispatch::Request;
use crate::error::{Error, ErrorKind, Result};
use crate::input::{self, Object};
use crate::json::Json;
use crate::render::count as count_json;
use crate::single;

/// How many fitting splits are listed unless `max_setups` says otherwise.
pub const DEFAULT_MAX_SETUPS: u64 = 1_000;
/// The most fitting splits a request may ask to list.
pub const MAX_SETUPS: u64 = 1_000_000;
/// Box enclosures one range of p may spend on top of one per inherited box.
const RANGE_BUDGET: usize = 96;
/// Surviving boxes passed down to the halves of a range; beyond it they are replaced by
/// their hull (a superset, so still sound).
const FRONTIER_CAP: usize = 512;

/// Whether a `testset` asks for every split: it gives `total`, or `split: "unknown"`.
pub(crate) fn wants_setups(testset: &Json) -> bool {
    matches!(testset, Json::Object(m) if m.contains_key("total") || m.contains_key("split"))
}

/// `1_testset_no_kfold` with a testset of known size and unknown class split.
pub(crate) fn testset_total(request: &Request<'_>) -> Result<Value> {
    let fields = &request.fields;
    let total = read_total(fields.required(
        "testset",
        "the test set, e.g. {\"total\": 300} or {\"p\": 100, \"n\": 200}",
    )?)?;
    let max_setups = match fields.get("max_setups") {
        Some(v) => input::positive(v, "max_setups", MAX_SETUPS)?,
        None => DEFAULT_MAX_SETUPS,
    };
    let Windows { reported, windows } = read_windows(fields)?;
    let engine = crate::backend::single_options(&request.options);
    let found = search(
        total,
        &windows,
        &reported.params,
        max_setups as usize,
        &engine,
    );
    Ok(render(total, &windows, &found))
}

/// The number of test items: `{"total": N}`, or a dataset (name or counts) with
/// `"split": "unknown"`.
fn read_total(value: &Json) -> Result<u64> {
    let path = "testset";
    let object = Object::new(value, path)?;
    let split = match object.get("split") {
        None => None,
        Some(Json::String(s)) if s == "unknown" => Some(()),
        Some(_) => {
            return Err(Error::new(
                ErrorKind::InvalidValue,
                Some("testset.split"),
                "split must be \"unknown\" (every split p + n of the total is then tried); give p and n instead for a known split",
            ))
        }
    };
    if let Some(total) = object.get("total") {
        for other in ["p", "n", "dataset_name", "name", "split"] {
            if object.has(other) {
                return Err(Error::new(
                    ErrorKind::Contradiction,
                    Some("testset.total"),
                    format!("give either the total or {other:?}, not both; with \"total\" every split p + n = total is tried"),
                ));
            }
        }
        let total = input::count(total, "testset.total")?;
        if total == 0 {
            return Err(Error::new(
                ErrorKind::InvalidValue,
                Some("testset.total"),
                "the test set is empty (total = 0); give at least one item",
            ));
        }
        object.finish(&[])?;
        return Ok(total);
    }
    if split.is_none() {
        return Err(Error::new(
            ErrorKind::MissingField,
            Some("testset.total"),
            "missing the number of test items \"total\"",
        ));
    }
    // A dataset (by name or counts) whose split into this test set is unknown: its size is
    // the total. The counts are read by the usual reader, without the `split` key.
    let mut counts = value.clone();
    if let Json::Object(map) = &mut counts {
        map.remove("split");
    }
    let (p, n) = input::binary_counts(&counts, path)?;
    p.checked_add(n).ok_or_else(|| {
        Error::new(
            ErrorKind::InvalidValue,
            Some(path),
            "p + n exceeds 2^64; counts this large are not supported",
        )
    })
}

/// One split that fits, with the exact engine's outcome at it.
pub(crate) struct Setup {
    pub(crate) p: u64,
    pub(crate) outcome: single::Outcome,
}

/// What the search over splits found.
pub(crate) struct Found {
    /// The first fitting splits in increasing p (at most `max_setups`).
    pub(crate) setups: Vec<Setup>,
    /// Splits shown to fit (exactly).
    pub(crate) n_fitting: u128,
    /// Splits whose exact check came back undecided.
    pub(crate) n_undecided: u128,
    /// Splits decided (refuted by enclosures, or checked exactly).
    pub(crate) n_decided: u128,
    /// Splits refuted by enclosures of whole ranges, without an exact check.
    pub(crate) n_pruned: u128,
    /// Exact single-matrix checks run.
    pub(crate) exact_checks: u64,
    /// Ranges of p refuted whole.
    pub(crate) ranges_pruned: u64,
    /// Box enclosures evaluated.
    pub(crate) enclosures: u64,
    /// Why the search stopped early, if it did.
    pub(crate) stopped: Option<String>,
}

/// A box of tp and tn ranges (inclusive).
#[derive(Clone, Copy, Debug)]
struct TpTnBox {
    tp: (u64, u64),
    tn: (u64, u64),
}

/// A range of p with the boxes of (tp, tn) that may still hold a fitting matrix.
struct Range {
    p: (u64, u64),
    boxes: Vec<TpTnBox>,
}

/// Windows as outward-rounded f64 bounds, for pruning only.
struct FloatWindows<'a> {
    windows: Vec<(scorecheck_algebra::Score, f64, f64)>,
    params: &'a Params,
    total: u64,
}

impl FloatWindows<'_> {
    /// Whether some score's enclosure over the box, with p ∈ `p` and n = total − p, lies
    /// wholly outside its window (then no matrix of the box fits).
    fn refutes(&self, p: (u64, u64), b: &TpTnBox) -> bool {
        let span = |lo: u64, hi: u64| {
            F64Interval::new(F64Interval::count(lo).lo(), F64Interval::count(hi).hi())
                .unwrap_or(F64Interval::ENTIRE)
        };
        let counts = Counts {
            tp: span(b.tp.0, b.tp.1),
            tn: span(b.tn.0, b.tn.1),
            p: span(p.0, p.1),
            n: span(self.total - p.1, self.total - p.0),
        };
        self.windows.iter().any(|(score, lo, hi)| {
            evaluate(*score, &counts, self.params).is_some_and(|e| e.hi() < *lo || e.lo() > *hi)
        })
    }
}

/// Clips a box to tp ≤ p_hi and tn ≤ total − p_lo; `None` when nothing is left.
fn clip(b: TpTnBox, p: (u64, u64), total: u64) -> Option<TpTnBox> {
    let tp = (b.tp.0, b.tp.1.min(p.1));
    let tn = (b.tn.0, b.tn.1.min(total - p.0));
    (tp.0 <= tp.1 && tn.0 <= tn.1).then_some(TpTnBox { tp, tn })
}

/// Tries to refute every box of `range` within a budget of enclosures; returns the boxes
/// that were not refuted (empty: the whole range is refuted).
fn refute(range: &Range, float: &FloatWindows<'_>, enclosures: &mut u64) -> Vec<TpTnBox> {
    let mut queue: VecDeque<TpTnBox> = range
        .boxes
        .iter()
        .filter_map(|b| clip(*b, range.p, float.total))
        .collect();
    let mut budget = queue.len() + RANGE_BUDGET;
    let mut survivors = Vec::new();
    // Breadth first, so that an exhausted budget leaves boxes of even size.
    while let Some(b) = queue.pop_front() {
        if budget == 0 {
            survivors.push(b);
            survivors.extend(queue.drain(..));
            break;
        }
        budget -= 1;
        *enclosures += 1;
        if float.refutes(range.p, &b) {
            continue;
        }
        let (tp_width, tn_width) = (b.tp.1 - b.tp.0, b.tn.1 - b.tn.0);
        if tp_width == 0 && tn_width == 0 {
            survivors.push(b);
        } else if tp_width >= tn_width {
            let mid = b.tp.0 + tp_width / 2;
            queue.push_back(TpTnBox {
                tp: (b.tp.0, mid),
                ..b
            });
            queue.push_back(TpTnBox {
                tp: (mid + 1, b.tp.1),
                ..b
            });
        } else {
            let mid = b.tn.0 + tn_width / 2;
            queue.push_back(TpTnBox {
                tn: (b.tn.0, mid),
                ..b
            });
            queue.push_back(TpTnBox {
                tn: (mid + 1, b.tn.1),
                ..b
            });
        }
    }
    if survivors.len() > FRONTIER_CAP {
        let hull = survivors.iter().fold(survivors[0], |h, b| TpTnBox {
            tp: (h.tp.0.min(b.tp.0), h.tp.1.max(b.tp.1)),
            tn: (h.tn.0.min(b.tn.0), h.tn.1.max(b.tn.1)),
        });
        survivors = vec![hull];
    }
    survivors
}

/// Every split p + n = `total` tried: ranges of p refuted by enclosures, the rest checked
/// exactly, in increasing p; the first `max_setups` fitting splits are listed with their
/// counts (the engine's `count_budget`), later ones only decided.
pub(crate) fn search(
    total: u64,
    windows: &[single::Window],
    params: &Params,
    max_setups: usize,
    engine: &single::Options,
) -> Found {
    let float = FloatWindows {
        windows: windows
            .iter()
            .map(|w| {
                (
                    w.score,
                    F64Interval::rational(&w.lower).lo(),
                    F64Interval::rational(&w.upper).hi(),
                )
            })
            .collect(),
        params,
        total,
    };
    let listed = engine.clone().with_max_witnesses(1).with_explain(false);
    let decided_only = listed.clone().with_count_budget(0);
    let mut found = Found {
        setups: Vec::new(),
        n_fitting: 0,
        n_undecided: 0,
        n_decided: 0,
        n_pruned: 0,
        exact_checks: 0,
        ranges_pruned: 0,
        enclosures: 0,
        stopped: None,
    };
    let mut stack = vec![Range {
        p: (0, total),
        boxes: vec![TpTnBox {
            tp: (0, total),
            tn: (0, total),
        }],
    }];
    let passed = || engine.deadline.is_some_and(|d| Instant::now() >= d);
    while let Some(range) = stack.pop() {
        if passed() {
            found.stopped = Some(
                "the time limit ran out before every split was tried (raise time_limit)".into(),
            );
            break;
        }
        let width = u128::from(range.p.1 - range.p.0) + 1;
        let survivors = refute(&range, &float, &mut found.enclosures);
        if survivors.is_empty() {
            found.ranges_pruned += 1;
            found.n_pruned += width;
            found.n_decided += width;
            continue;
        }
        if range.p.0 == range.p.1 {
            let p = range.p.0;
            let options = if found.setups.len() < max_setups {
                &listed
            } else {
                &decided_only
            };
            let problem = single::Problem {
                p,
                n: total - p,
                windows: windows.to_vec(),
                params: params.clone(),
            };
            let outcome = single::check(&problem, options);
            found.exact_checks += 1;
            match outcome.verdict {
                single::Verdict::Consistent => {
                    found.n_fitting += 1;
                    found.n_decided += 1;
                    if found.setups.len() < max_setups {
                        found.setups.push(Setup { p, outcome });
                    }
                }
                single::Verdict::Inconsistent => found.n_decided += 1,
                _ => found.n_undecided += 1,
            }
            continue;
        }
        // Lower half on top, so that splits are met in increasing p.
        let mid = range.p.0 + (range.p.1 - range.p.0) / 2;
        stack.push(Range {
            p: (mid + 1, range.p.1),
            boxes: survivors.clone(),
        });
        stack.push(Range {
            p: (range.p.0, mid),
            boxes: survivors,
        });
    }
    found
}

/// The JSON result of a search over splits.
fn render(total: u64, windows: &[single::Window], found: &Found) -> Value {
    let all = u128::from(total) + 1;
    let complete = found.stopped.is_none() && found.n_undecided == 0;
    let (verdict, inconsistency) = if found.n_fitting > 0 {
        ("consistent", Value::Bool(false))
    } else if complete {
        ("inconsistent", Value::Bool(true))
    } else {
        ("undecided", Value::Null)
    };
    let setups: Vec<Value> = found
        .setups
        .iter()
        .map(|s| {
            let mut setup = json!({
                "p": s.p,
                "n": total - s.p,
                "n_valid_tptn_pairs": s.outcome.n_valid_tptn_pairs.map(count_json),
                "witness": s.outcome.witnesses.first().map(|(tp, tn)| json!({"tp": tp, "tn": tn})),
            });
            if s.outcome.n_valid_tptn_pairs.is_none() {
                setup["n_valid_tptn_pairs_lower_bound"] = count_json(s.outcome.count_lower_bound);
            }
            setup
        })
        .collect();
    let window_map: serde_json::Map<String, Value> = windows
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
        "total": total,
        "n_setups": if complete { count_json(found.n_fitting) } else { Value::Null },
        "setups": setups,
        "windows": window_map,
        "search": {
            "splits": count_json(all),
            "splits_pruned": count_json(found.n_pruned),
            "ranges_pruned": found.ranges_pruned,
            "exact_checks": found.exact_checks,
            "enclosures": found.enclosures,
        },
    });
    if !complete {
        out["n_setups_lower_bound"] = count_json(found.n_fitting);
    }
    if verdict == "inconsistent" {
        let names: Vec<String> = windows
            .iter()
            .map(|w| format!("{} {}", w.score, input::show(&w.reported)))
            .collect();
        out["explanation"] = json!({
            "scores": windows.iter().map(|w| w.score.abbreviation()).collect::<Vec<_>>(),
            "message": format!(
                "no split of the {total} test items into p positives and n = {total} − p negatives fits {}: every p from 0 to {total} was refuted ({} by interval enclosures of whole ranges, {} by exact checks)",
                join(&names),
                found.n_pruned,
                found.exact_checks
            ),
        });
    }
    if !complete {
        let share = found.n_decided as f64 / all as f64 * 100.0;
        let reason = found.stopped.clone().unwrap_or_else(|| {
            format!(
                "the exact checks of {} splits ran out of budget",
                found.n_undecided
            )
        });
        out["undecided"] = json!({
            "reason": reason,
            "covered": format!(
                "{} of {all} splits ({share:.2}%) were decided, {} of them fitting",
                found.n_decided, found.n_fitting
            ),
        });
    }
    if let Some(first) = found.setups.first() {
        // The first fitting split, for readers of the plain single-matrix fields.
        if let Some((tp, tn)) = first.outcome.witnesses.first() {
            out["witness"] = json!({"p": first.p, "n": total - first.p, "tp": tp, "tn": tn});
        }
    }
    out
}

/// "a", "a and b", "a, b and c".
fn join(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}
