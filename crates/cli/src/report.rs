//! Human-readable reports of check results, and the progress bar of long searches.

use std::fmt::Write as _;
use std::sync::Arc;

use serde_json::Value;

/// A readable multi-line report of a result object.
pub fn text(value: &Value) -> String {
    let mut out = String::new();
    let verdict =
        value
            .get("verdict")
            .and_then(Value::as_str)
            .unwrap_or(match value.get("inconsistency") {
                Some(Value::Bool(true)) => "inconsistent",
                Some(Value::Bool(false)) => "consistent",
                _ => "undecided",
            });
    let check = value
        .get("check")
        .and_then(Value::as_str)
        .unwrap_or("check");
    let _ = writeln!(out, "{check}: {verdict}");
    if let Some(message) = value
        .pointer("/explanation/message")
        .and_then(Value::as_str)
    {
        let _ = writeln!(out, "  why: {message}");
    }
    if let (Some(p), Some(n)) = (value.get("p"), value.get("n")) {
        let _ = writeln!(out, "  pooled counts: p={p}, n={n}");
    }
    if let Some(w) = value.get("witness").filter(|w| !w.is_null()) {
        witness_lines(&mut out, w);
    }
    if let Some(count) = value.get("n_valid_tptn_pairs") {
        if count.is_null() {
            if let Some(lb) = value.get("n_valid_tptn_pairs_lower_bound") {
                let _ = writeln!(
                    out,
                    "  valid (tp, tn) pairs: at least {lb} (counting budget ran out; raise --count-budget)"
                );
            }
        } else {
            let _ = writeln!(out, "  valid (tp, tn) pairs: {count}");
        }
    }
    for key in [
        "certainty",
        "backend",
        "configurations_total",
        "configurations_examined",
    ] {
        if let Some(v) = value.get(key).filter(|v| !v.is_null()) {
            let _ = writeln!(
                out,
                "  {}: {}",
                key.replace('_', " "),
                v.as_str()
                    .map(str::to_string)
                    .unwrap_or_else(|| v.to_string())
            );
        }
    }
    if let Some(Value::Array(ignored)) = value.get("ignored_scores") {
        if !ignored.is_empty() {
            let names: Vec<String> = ignored
                .iter()
                .map(|v| {
                    v.as_str()
                        .map(str::to_string)
                        .unwrap_or_else(|| v.to_string())
                })
                .collect();
            let _ = writeln!(out, "  not used by this protocol: {}", names.join(", "));
        }
    }
    if let Some(Value::Object(flags)) = value.get("inconsistency") {
        for (key, flag) in flags {
            let under = key.strip_prefix("inconsistency_").unwrap_or(key);
            let said = match flag {
                Value::Bool(true) => "inconsistent",
                Value::Bool(false) => "consistent",
                _ => "undecided",
            };
            let _ = writeln!(out, "  under {under}: {said}");
        }
    }
    if let Some(repair) = value.get("repair") {
        if let Some(message) = repair.get("message").and_then(Value::as_str) {
            if !message.is_empty() {
                let _ = writeln!(out, "  repair: {message}");
            }
        }
        if let Some(Value::Array(others)) = repair.get("alternatives") {
            for other in others {
                if let Some(message) = other.get("message").and_then(Value::as_str) {
                    let _ = writeln!(out, "    or: {message}");
                }
            }
        }
    }
    if let Some(Value::Object(ranges)) = value.get("ranges") {
        let _ = writeln!(
            out,
            "  ranges over every consistent matrix (exact, shown rounded):"
        );
        for (score, entry) in ranges {
            let line = match entry {
                Value::Null => "undefined on every consistent matrix".to_string(),
                _ => match (entry.pointer("/min/value"), entry.pointer("/max/value")) {
                    (Some(lo), Some(hi)) => format!(
                        "[{}, {}]",
                        lo.as_f64().map_or("?".into(), |v| format!("{v:.4}")),
                        hi.as_f64().map_or("?".into(), |v| format!("{v:.4}"))
                    ),
                    _ => format!(
                        "undecided: {}",
                        entry.get("undecided").and_then(Value::as_str).unwrap_or("")
                    ),
                },
            };
            let _ = writeln!(out, "    {score:<6} {line}");
        }
    }
    setups(&mut out, value);
    power(&mut out, value);
    if let Some(u) = value.get("undecided") {
        let _ = writeln!(
            out,
            "  undecided: {} (covered: {})",
            u.get("reason")
                .and_then(Value::as_str)
                .unwrap_or("budget exhausted"),
            covered(value, u)
        );
    }
    let _ = writeln!(out, "  (use --format json for every detail)");
    out
}

/// The splits that fit a test set of known size (`testset: {"total": N}`).
fn setups(out: &mut String, value: &Value) {
    let Some(Value::Array(setups)) = value.get("setups") else {
        return;
    };
    let total = value.get("total").map(Value::to_string).unwrap_or_default();
    let count = match value.get("n_setups").filter(|v| !v.is_null()) {
        Some(n) => n.to_string(),
        None => format!(
            "at least {}",
            value.get("n_setups_lower_bound").unwrap_or(&Value::Null)
        ),
    };
    let _ = writeln!(
        out,
        "  splits of {total} items that fit: {count} (listed: {})",
        setups.len()
    );
    for s in setups.iter().take(10) {
        let _ = writeln!(
            out,
            "    p={}, n={}: {} valid (tp, tn) pairs, e.g. tp={}, tn={}",
            s["p"], s["n"], s["n_valid_tptn_pairs"], s["witness"]["tp"], s["witness"]["tn"]
        );
    }
    if setups.len() > 10 {
        let _ = writeln!(out, "    ... (--format json lists them all)");
    }
}

/// How many one-digit moves of the reported figures the check would flag.
fn power(out: &mut String, value: &Value) {
    let Some(power) = value.get("power") else {
        return;
    };
    let (Some(moves), Some(flagged)) = (
        power.get("perturbations").and_then(Value::as_u64),
        power.get("flagged").and_then(Value::as_u64),
    ) else {
        if let Some(note) = power.get("note").and_then(Value::as_str) {
            let _ = writeln!(out, "  power: {note}");
        }
        return;
    };
    let by_score: Vec<String> = power
        .get("flagged_by_score")
        .and_then(Value::as_object)
        .map(|m| m.iter().map(|(k, v)| format!("{k} {v}")).collect())
        .unwrap_or_default();
    let _ = writeln!(
        out,
        "  power: {flagged} of {moves} one-digit moves of the reported figures would be flagged ({})",
        by_score.join(", ")
    );
    // Fewer than a quarter flagged: most typos of one digit would pass unnoticed.
    if moves > 0 && flagged * 4 < moves {
        let _ = writeln!(
            out,
            "  note: at this precision the check could barely catch an error: {} of {moves} one-digit changes would still be called consistent",
            moves - flagged
        );
    }
}

/// What an undecided search covered: the engine's own words, or the share of the fold
/// configurations examined by an unknown-folds search.
fn covered(value: &Value, undecided: &Value) -> String {
    if let Some(text) = undecided.get("covered").and_then(Value::as_str) {
        return text.to_string();
    }
    match value.get("covered").and_then(Value::as_f64) {
        Some(share) => {
            let of = match (
                value.get("configurations_examined"),
                value.get("configurations_total"),
            ) {
                (Some(examined), Some(total)) => {
                    format!(" ({examined} of {total} fold configurations)")
                }
                _ => String::new(),
            };
            format!("{:.1}%{of}", 100.0 * share)
        }
        None => "nothing reported".to_string(),
    }
}

/// A progress callback drawing an indicatif bar on stderr.
pub fn progress_bar() -> scorecheck::Progress {
    let bar = indicatif::ProgressBar::new(0);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} configurations ({per_sec}, eta {eta})",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
    Arc::new(move |done, total| {
        if bar.length() != Some(total) {
            bar.set_length(total);
        }
        bar.set_position(done);
        if done >= total {
            bar.finish_and_clear();
        }
    })
}

/// The witness: one matrix, or (mean-of-scores checks) the matrix of each fold of each
/// dataset, the first ones only when there are many.
fn witness_lines(out: &mut String, w: &Value) {
    /// Folds listed in text; the JSON has them all.
    const SHOWN: usize = 10;
    if w.get("tp").is_some() {
        let _ = writeln!(out, "  witness: tp={}, tn={}", w["tp"], w["tn"]);
        return;
    }
    let Some(datasets) = w.get("datasets").and_then(Value::as_array) else {
        return;
    };
    let folds: Vec<(usize, usize, &Value)> = datasets
        .iter()
        .enumerate()
        .flat_map(|(d, dataset)| {
            dataset
                .get("folds")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .enumerate()
                .map(move |(f, fold)| (d, f, fold))
        })
        .collect();
    let _ = writeln!(out, "  witness ({} folds):", folds.len());
    for (d, f, fold) in folds.iter().take(SHOWN) {
        let place = if datasets.len() > 1 {
            format!("dataset {d}, fold {f}")
        } else {
            format!("fold {f}")
        };
        let _ = writeln!(
            out,
            "    {place}: p={}, n={}, tp={}, tn={}",
            fold["p"], fold["n"], fold["tp"], fold["tn"]
        );
    }
    if folds.len() > SHOWN {
        let _ = writeln!(out, "    ... {} more", folds.len() - SHOWN);
    }
}
