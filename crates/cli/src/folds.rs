//! `scorecheck folds count`: the exact number of fold configurations of plain k-fold;
//! `scorecheck folds split`: ranges of their indices that cover them, one per worker.

use std::process::ExitCode;

use clap::{Args, Subcommand};
use scorecheck::algebra::Score;

/// Arguments of `scorecheck folds`.
#[derive(Args)]
pub(crate) struct FoldsArgs {
    #[command(subcommand)]
    command: FoldsCommand,
}

#[derive(Subcommand)]
enum FoldsCommand {
    /// Print the exact number of fold configurations an unknown-folds check tries.
    Count(CountArgs),
    /// Print PARTS ranges of configuration indices that cover them exactly, `end`
    /// exclusive, for `"configurations": {"start": ..., "end": ...}` of split checks.
    Split(SplitArgs),
}

#[derive(Args)]
struct SplitArgs {
    /// An unknown-folds request (JSON file, `-` for stdin) whose configurations to split,
    /// instead of --p, --n, --k, --repeats and --scores: the space is the request's own (its
    /// `configurations` range, when it gives one, is split again).
    #[arg(long, conflicts_with_all = ["p", "n", "k", "repeats", "scores"])]
    request: Option<std::path::PathBuf>,
    #[command(flatten)]
    space: SplitSpace,
    /// How many ranges (workers); fewer when there are fewer configurations.
    #[arg(long)]
    parts: u64,
    /// Output format: a line `START END` per range, or a JSON list of
    /// `{"start": "0", "end": "654152"}` (indices as decimal text).
    #[arg(long, value_enum, default_value = "text")]
    format: crate::Format,
}

/// The most ranges `folds split` prints.
const MAX_PARTS: u64 = 1_000_000;

#[derive(Args)]
struct CountArgs {
    /// Positives in the dataset.
    #[arg(long)]
    p: u64,
    /// Negatives in the dataset.
    #[arg(long)]
    n: u64,
    /// Number of folds.
    #[arg(long)]
    k: u64,
    /// Number of repeats (counted as multisets: their order does not change the mean).
    #[arg(long, default_value_t = 1)]
    repeats: u64,
    /// The reported scores, comma separated (they decide the pruning rules, as in the
    /// reference: sens or bacc needs a positive in every fold, spec or bacc a negative).
    #[arg(long, value_delimiter = ',')]
    scores: Vec<String>,
}

/// Runs `scorecheck folds`.
pub(crate) fn run(args: &FoldsArgs) -> ExitCode {
    match &args.command {
        FoldsCommand::Count(count) => match count_configurations(count) {
            Ok(text) => {
                crate::emit(&format!("{text}\n"));
                ExitCode::from(crate::EXIT_CONSISTENT)
            }
            Err(e) => {
                say!("scorecheck folds count: {e:#}");
                ExitCode::from(crate::EXIT_ERROR)
            }
        },
        FoldsCommand::Split(split) => match split_configurations(split) {
            Ok(ranges) => {
                write_ranges(&ranges, split.format);
                ExitCode::from(crate::EXIT_CONSISTENT)
            }
            Err(e) => {
                say!("scorecheck folds split: {e:#}");
                if split.format == crate::Format::Json {
                    crate::emit(&format!(
                        "{}\n",
                        crate::command_error_record(format!("{e:#}"), false)
                    ));
                }
                ExitCode::from(crate::EXIT_ERROR)
            }
        },
    }
}

/// The ranges as lines `start end`, or one JSON array, written as they are formatted (a
/// million ranges of 200-digit indices would be 400 MB of text held at once).
fn write_ranges(ranges: &[(String, String)], format: crate::Format) {
    use std::io::Write;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let written = match format {
        crate::Format::Text => ranges
            .iter()
            .try_for_each(|(start, end)| writeln!(out, "{start} {end}")),
        crate::Format::Json => (|| {
            write!(out, "[")?;
            for (i, (start, end)) in ranges.iter().enumerate() {
                let separator = if i == 0 { "" } else { "," };
                write!(
                    out,
                    "{separator}{}",
                    serde_json::json!({"start": start, "end": end})
                )?;
            }
            writeln!(out, "]")
        })(),
    };
    if let Err(e) = written.and_then(|()| out.flush()) {
        crate::output_failed(&e);
    }
}

fn split_configurations(args: &SplitArgs) -> anyhow::Result<Vec<(String, String)>> {
    if !(1..=MAX_PARTS).contains(&args.parts) {
        anyhow::bail!("--parts {}: give 1 to {MAX_PARTS} ranges", args.parts);
    }
    let ranges = match (&args.request, &args.space) {
        (Some(file), _) => {
            let text = crate::read_input(Some(file))?;
            scorecheck::split_request_configurations(&text, args.parts)
        }
        (
            None,
            SplitSpace {
                p: Some(p),
                n: Some(n),
                k: Some(k),
                repeats,
                scores,
            },
        ) => scorecheck::split_fold_configurations(
            *p,
            *n,
            *k,
            *repeats,
            &parse_scores(scores)?,
            args.parts,
        ),
        (None, _) => anyhow::bail!(
            "give --request FILE (an unknown-folds request) or --p, --n and --k (and --scores, as the request reports them: they decide the pruning rules)"
        ),
    };
    // The facade names its argument; here it is a flag.
    ranges.map_err(|e| match e.field() {
        Some(field @ ("parts" | "p" | "n" | "k" | "repeats")) if args.request.is_none() => {
            anyhow::anyhow!("--{field}: {}", e.message())
        }
        Some("parts") => anyhow::anyhow!("--parts: {}", e.message()),
        _ => anyhow::Error::new(e),
    })
}

/// The space of `folds split` without a request: `folds count`'s flags, optional here.
#[derive(Args)]
struct SplitSpace {
    /// Positives in the dataset.
    #[arg(long)]
    p: Option<u64>,
    /// Negatives in the dataset.
    #[arg(long)]
    n: Option<u64>,
    /// Number of folds.
    #[arg(long)]
    k: Option<u64>,
    /// Number of repeats.
    #[arg(long, default_value_t = 1)]
    repeats: u64,
    /// The reported scores, comma separated (they decide the pruning rules).
    #[arg(long, value_delimiter = ',')]
    scores: Vec<String>,
}

/// The reported scores of `--scores`.
fn scores_of(args: &CountArgs) -> anyhow::Result<Vec<Score>> {
    parse_scores(&args.scores)
}

fn parse_scores(scores: &[String]) -> anyhow::Result<Vec<Score>> {
    let mut parsed: Vec<(Score, &str)> = Vec::new();
    for name in scores.iter().map(|s| s.trim()) {
        if name.is_empty() {
            anyhow::bail!("--scores: an empty name (two commas, or one at an end); give names separated by single commas");
        }
        let score = Score::from_name(name).map_err(|e| anyhow::anyhow!("--scores: {e}"))?;
        if let Some((_, first)) = parsed.iter().find(|(s, _)| *s == score) {
            anyhow::bail!(
                "--scores: {name:?} is the score {first:?} gives already; give each score once"
            );
        }
        parsed.push((score, name));
    }
    Ok(parsed.into_iter().map(|(s, _)| s).collect())
}

fn count_configurations(args: &CountArgs) -> anyhow::Result<String> {
    let count = scorecheck::count_fold_configurations(
        args.p,
        args.n,
        args.k,
        args.repeats,
        &scores_of(args)?,
    )
    .map_err(|e| match e.field() {
        // The facade names its arguments; here they are flags.
        Some(field @ ("p" | "n" | "k" | "repeats")) => {
            anyhow::anyhow!("--{field}: {}", e.message())
        }
        _ => anyhow::Error::new(e),
    })?;
    Ok(count.to_string())
}
