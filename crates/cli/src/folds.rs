//! `scorecheck folds count`: the exact number of fold configurations of plain k-fold.

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
}

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
                eprintln!("scorecheck folds count: {e:#}");
                ExitCode::from(crate::EXIT_ERROR)
            }
        },
    }
}

fn count_configurations(args: &CountArgs) -> anyhow::Result<String> {
    let scores = args
        .scores
        .iter()
        .filter(|s| !s.trim().is_empty())
        .map(|s| Score::from_name(s.trim()).map_err(|e| anyhow::anyhow!("--scores: {e}")))
        .collect::<anyhow::Result<Vec<Score>>>()?;
    Ok(scorecheck::count_fold_configurations(
        args.p,
        args.n,
        args.k,
        args.repeats,
        &scores,
    )?)
}
