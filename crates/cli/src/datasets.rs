//! `scorecheck datasets`: the registry of named datasets, optionally filtered by name.

use std::process::ExitCode;

use clap::Args;

/// Arguments of `scorecheck datasets`.
#[derive(Args)]
pub(crate) struct DatasetsArgs {
    /// Only the datasets whose name contains TEXT (ignoring case).
    #[arg(long)]
    search: Option<String>,
}

/// Runs `scorecheck datasets`: one `name p n` line per dataset, with a note on an entry whose
/// counts are the reference's and not the dataset's, or whose positive class the data's own
/// labels do not make positive (`scorecheck_data::caveat`).
pub(crate) fn run(args: &DatasetsArgs) -> ExitCode {
    let found: Vec<scorecheck::NamedDataset> = match &args.search {
        Some(text) => scorecheck::search_datasets(text),
        None => scorecheck::registry_datasets().collect(),
    };
    let width = found.iter().map(|d| d.name.len()).max().unwrap_or(0);
    let mut text = String::new();
    for d in &found {
        let note = scorecheck::data::caveat(d.name)
            .map(|why| format!("  (note: {why})"))
            .unwrap_or_default();
        text.push_str(&format!(
            "{:<width$}  p={:<8} n={}{note}\n",
            d.name, d.p, d.n
        ));
    }
    crate::emit(&text);
    if found.is_empty() {
        let search = args.search.as_deref().unwrap_or("");
        let shown: String = search.chars().take(80).collect();
        let more = if search.chars().count() > 80 {
            format!("... ({} characters)", search.chars().count())
        } else {
            String::new()
        };
        say!("scorecheck datasets: no dataset name contains {shown:?}{more}");
        return ExitCode::from(crate::EXIT_ERROR);
    }
    ExitCode::from(crate::EXIT_CONSISTENT)
}
