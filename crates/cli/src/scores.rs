//! `scorecheck scores`: every score of one confusion matrix, exact and as a decimal.

use std::process::ExitCode;

use clap::Args;
use scorecheck::algebra::{parse_decimal, ConfusionMatrix, Params, Score};
use serde_json::{json, Value};

use crate::{Format, EXIT_CONSISTENT, EXIT_ERROR};

/// Arguments of `scorecheck scores`.
#[derive(Args)]
pub struct ScoresArgs {
    /// True positives.
    #[arg(long, value_parser = crate::quick::whole_number)]
    tp: u64,
    /// True negatives.
    #[arg(long, value_parser = crate::quick::whole_number)]
    tn: u64,
    /// Positives.
    #[arg(long, value_parser = crate::quick::whole_number)]
    p: u64,
    /// Negatives.
    #[arg(long, value_parser = crate::quick::whole_number)]
    n: u64,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
    /// Only these scores (comma-separated names or synonyms).
    #[arg(long, value_delimiter = ',')]
    scores: Option<Vec<String>>,
    /// beta of fbp and fbn (a decimal, default 1).
    #[arg(long)]
    beta: Option<String>,
    /// beta of fbp only (overrides --beta).
    #[arg(long)]
    beta_positive: Option<String>,
    /// beta of fbn only (overrides --beta).
    #[arg(long)]
    beta_negative: Option<String>,
}

/// Runs the command.
pub fn run(args: &ScoresArgs) -> ExitCode {
    match render(args) {
        Ok(text) => {
            crate::emit(&text);
            ExitCode::from(EXIT_CONSISTENT)
        }
        Err(message) => {
            say!("scorecheck scores: error: {message}");
            if args.format == Format::Json {
                crate::emit(&format!(
                    "{}\n",
                    crate::command_error_record(message, false)
                ));
            }
            ExitCode::from(EXIT_ERROR)
        }
    }
}

fn beta(
    text: Option<&String>,
    fallback: &num_rational::BigRational,
    flag: &str,
) -> Result<num_rational::BigRational, String> {
    match text {
        None => Ok(fallback.clone()),
        Some(t) => {
            let b = parse_decimal(t).map_err(|e| format!("{flag}: {e}"))?;
            if b <= num_rational::BigRational::from_integer(0.into()) {
                return Err(format!("{flag}: beta must be positive"));
            }
            Ok(b)
        }
    }
}

fn render(args: &ScoresArgs) -> Result<String, String> {
    // The matrix's error begins with the count at fault (`tp = 3 exceeds p = 1`): its flag.
    let m = ConfusionMatrix::new(args.tp, args.tn, args.p, args.n).map_err(|e| {
        let flag = if args.tp > args.p { "--tp" } else { "--tn" };
        format!("{flag}: {e}")
    })?;
    let default = Params::default();
    let common = beta(args.beta.as_ref(), &default.beta_positive, "--beta")?;
    let params = Params::with_betas(
        beta(args.beta_positive.as_ref(), &common, "--beta-positive")?,
        beta(args.beta_negative.as_ref(), &common, "--beta-negative")?,
    );
    let scores: Vec<Score> = match &args.scores {
        None => Score::ALL.to_vec(),
        Some(names) => names
            .iter()
            .map(|name| Score::from_name(name).map_err(|e| format!("--scores: {e}")))
            .collect::<Result<_, _>>()?,
    };
    // A score named twice (`acc,accuracy`) is refused, as cbpe's --metrics refuses it.
    for (i, score) in scores.iter().enumerate() {
        if scores[..i].contains(score) {
            return Err(format!(
                "--scores: {} is named twice (as {:?}); name each score once",
                score.abbreviation(),
                args.scores.as_ref().map_or("", |names| names[i].as_str())
            ));
        }
    }
    // A beta whose F-score is not printed would change nothing: said, as check says it.
    let prints = |score: Score| scores.contains(&score);
    for (flag, given, used, of) in [
        (
            "--beta-positive",
            args.beta_positive.is_some(),
            prints(Score::Fbp),
            "fbp",
        ),
        (
            "--beta-negative",
            args.beta_negative.is_some(),
            prints(Score::Fbn),
            "fbn",
        ),
        (
            "--beta",
            args.beta.is_some(),
            prints(Score::Fbp) || prints(Score::Fbn),
            "fbp and fbn",
        ),
    ] {
        if given && !used {
            return Err(format!(
                "{flag} is the beta of {of}, which --scores does not print: add it to --scores or drop {flag}"
            ));
        }
    }
    let rows: Vec<(Score, Option<String>, Option<f64>)> = scores
        .iter()
        .map(|&s| {
            let exact = m.exact(s, &params);
            (
                s,
                exact.as_ref().map(|e| e.to_string()),
                exact.map(|e| e.to_f64()),
            )
        })
        .collect();
    Ok(match args.format {
        Format::Json => {
            let map: serde_json::Map<String, Value> = rows
                .into_iter()
                .map(|(s, exact, value)| {
                    let value = value
                        .and_then(serde_json::Number::from_f64)
                        .map(Value::Number)
                        .unwrap_or(Value::Null);
                    (
                        s.abbreviation().to_string(),
                        json!({"exact": exact, "value": value}),
                    )
                })
                .collect();
            format!("{}\n", Value::Object(map))
        }
        Format::Text => {
            let mut out = format!(
                "tp={} tn={} p={} n={} (fp={}, fn={})\n",
                m.tp(),
                m.tn(),
                m.p(),
                m.n(),
                m.fp(),
                m.fn_()
            );
            for (s, exact, value) in rows {
                match (exact, value) {
                    (Some(exact), Some(value)) => out.push_str(&format!(
                        "{:<13} {:<22.12} {}\n",
                        s.abbreviation(),
                        value,
                        exact
                    )),
                    _ => out.push_str(&format!(
                        "{:<13} undefined (zero denominator)\n",
                        s.abbreviation()
                    )),
                }
            }
            out
        }
    })
}
