//! The `scorecheck` command-line tool: `scores`, `check`, `batch`, `extract`, `scan`, `folds`, `datasets`, `cbpe`, `eval`, `serve`.

/// mimalloc, not the system allocator: an exact check allocates and frees many small big
/// integers, and with glibc's allocator that was 14% of a batch line's instructions.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// A line on standard error, with the control characters of the text written as escapes
/// (`\u{1b}`), line breaks and tabs aside: a field name or file name from the input cannot
/// drive the terminal. A standard error that can no longer be written (a pipe whose reader
/// left) loses the line, where `eprintln!` would panic.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), "{}", crate::printable(&format!($($arg)*)));
    }};
}

mod batch;
mod cbpe;
mod datasets;
mod eval;
mod extract;
mod folds;
mod ordered;
mod quick;
mod report;
mod rows;
mod scores;
mod serve;
mod table;

use std::io::{IsTerminal, Read};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};
use scorecheck::{BackendChoice, RunOptions};

/// Exit status of a consistent verdict.
const EXIT_CONSISTENT: u8 = 0;
/// Exit status of an inconsistent verdict.
const EXIT_INCONSISTENT: u8 = 1;
/// Exit status of a bad request or bad arguments.
const EXIT_ERROR: u8 = 2;
/// Exit status when a budget ran out before a verdict.
const EXIT_UNDECIDED: u8 = 3;

#[derive(Parser)]
#[command(
    name = "scorecheck",
    version,
    about = "Decide exactly whether reported performance scores can come from the described experiment."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print every score of one confusion matrix, exactly.
    Scores(scores::ScoresArgs),
    /// Check one request (a JSON object) read from FILE or stdin, or built from quick flags
    /// (`check --p 1029 --n 3118 --acc 0.954 --sens 0.934 --spec 0.985 --eps 0.0005`).
    Check(CheckArgs),
    /// Check JSON Lines requests, answering one line per line, in order; or a CSV table of
    /// papers (`batch papers.csv`), one reported result per row.
    Batch(BatchArgs),
    /// Read the results tables of papers and READMEs (`.tex`, `.md`, `.html`, JATS `.xml`)
    /// into a CSV table that `batch` checks as it is.
    Extract(extract::ExtractArgs),
    /// Extract, then check each row whose counts are known under every protocol its text
    /// allows; findings are rows inconsistent under all of them, however their figures were
    /// rounded.
    Scan(extract::ScanArgs),
    /// Fold configurations of k-fold: `folds count --p 244 --n 262 --k 5`.
    Folds(folds::FoldsArgs),
    /// List the named datasets of the registry.
    Datasets(datasets::DatasetsArgs),
    /// Evaluate raw outputs: scores at thresholds, EER, AUC, intervals, reported-figure checks.
    Eval(eval::EvalArgs),
    /// Estimate performance without labels (NannyML's CBPE) on chunks of analysis data.
    Cbpe(cbpe::CbpeArgs),
    /// A local web page (127.0.0.1) to check reported figures in a browser.
    Serve(serve::ServeArgs),
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub(crate) enum Format {
    Text,
    Json,
}

#[derive(Clone, Copy, ValueEnum)]
enum Backend {
    Pure,
    Highs,
    Cbc,
    Microlp,
}

#[derive(Args, Clone)]
struct EngineArgs {
    /// The integer-programming backend for mean-of-scores checks (a request's own
    /// "backend" wins).
    #[arg(long, value_enum, default_value = "pure")]
    backend: Backend,
    /// Budget on fold configurations examined by unknown-folds checks (a request's own
    /// "max_configurations" wins).
    #[arg(long)]
    max_configurations: Option<u64>,
    /// Wall-clock budget per request, in seconds (a request's own "time_limit" wins).
    #[arg(long)]
    time_limit: Option<f64>,
    /// How many (tp, tn) witnesses single-matrix checks list (a request's own
    /// "max_witnesses" wins).
    #[arg(long)]
    max_witnesses: Option<u64>,
    /// Node budget of one branch and bound (integer programs) [default: 200000] (a
    /// request's own "max_nodes" wins).
    #[arg(long)]
    max_nodes: Option<u64>,
    /// Interior tp columns a single-matrix check visits to count the feasible (tp, tn)
    /// pairs exactly; beyond it the count is only a lower bound [default: 200000] (a
    /// request's own "count_budget" wins).
    #[arg(long)]
    count_budget: Option<u64>,
    /// The verdict alone: no minimal contradicting subset for an inconsistency (a request's
    /// own "explain" field wins). For sweeps over many reports.
    #[arg(long)]
    no_explain: bool,
}

impl EngineArgs {
    /// A sentence for each flag given that the request's own field overrides (the flags are
    /// the defaults of the requests they run, as `RunOptions` are the facade's).
    fn overridden_by(&self, request: &str) -> Vec<String> {
        let given = [
            (
                "--max-configurations",
                self.max_configurations.is_some(),
                "max_configurations",
            ),
            ("--time-limit", self.time_limit.is_some(), "time_limit"),
            ("--time-limit", self.time_limit.is_some(), "timeout"),
            (
                "--max-witnesses",
                self.max_witnesses.is_some(),
                "max_witnesses",
            ),
            ("--max-nodes", self.max_nodes.is_some(), "max_nodes"),
            (
                "--count-budget",
                self.count_budget.is_some(),
                "count_budget",
            ),
            ("--no-explain", self.no_explain, "explain"),
        ];
        if !given.iter().any(|(_, on, _)| *on) {
            return Vec::new();
        }
        let Ok(serde_json::Value::Object(fields)) = serde_json::from_str(request) else {
            return Vec::new();
        };
        given
            .iter()
            .filter(|(_, on, field)| *on && fields.contains_key(*field))
            .map(|(flag, _, field)| {
                format!(
                    "{flag} is not used: the request's own {field:?} ({}) wins over it",
                    fields[*field]
                )
            })
            .collect()
    }

    /// The request fields of the flags given (`--time-limit 5` is `"time_limit": 5`), for
    /// `--print-request`: the request it prints runs as the flags do.
    fn request_fields(&self) -> Vec<(&'static str, scorecheck::json::Json)> {
        use scorecheck::json::Json;
        let mut fields = Vec::new();
        let backend = match self.backend {
            Backend::Pure => None,
            Backend::Highs => Some("highs"),
            Backend::Cbc => Some("cbc"),
            Backend::Microlp => Some("microlp"),
        };
        if let Some(backend) = backend {
            fields.push(("backend", Json::from(backend)));
        }
        let counts = [
            ("max_configurations", self.max_configurations),
            ("max_witnesses", self.max_witnesses),
            ("max_nodes", self.max_nodes),
            ("count_budget", self.count_budget),
        ];
        for (field, value) in counts {
            if let Some(value) = value {
                fields.push((field, Json::from(value)));
            }
        }
        if let Some(seconds) = self.time_limit {
            fields.push(("time_limit", Json::from(serde_json::json!(seconds))));
        }
        if self.no_explain {
            fields.push(("explain", Json::from(false)));
        }
        fields
    }

    fn options(&self) -> anyhow::Result<RunOptions> {
        // The same validation as the request fields, so a flag cannot do what a field may not.
        let time_limit = match self.time_limit {
            Some(seconds) => Some(scorecheck::time_limit(seconds, "--time-limit")?),
            None => None,
        };
        let max_witnesses = match self.max_witnesses {
            Some(count) => Some(scorecheck::max_witnesses(count, "--max-witnesses")?),
            None => None,
        };
        let backend = match self.backend {
            Backend::Pure => BackendChoice::Pure,
            Backend::Highs => BackendChoice::Highs,
            Backend::Cbc => BackendChoice::Cbc,
            Backend::Microlp => BackendChoice::MicroLp,
        };
        // A flag naming a backend this build lacks is refused before any request is read.
        backend.built().map_err(|e| {
            scorecheck::Error::new(
                e.kind(),
                Some("--backend"),
                e.message().replace("\"pure\"", "--backend pure"),
            )
        })?;
        let mut options = RunOptions::default().with_backend(backend);
        // A budget of none examines nothing: at least 1, as the request fields say.
        let at_least_one = |value: Option<u64>, flag: &str, why: &str| match value {
            Some(0) => Err(scorecheck::Error::new(
                scorecheck::ErrorKind::InvalidValue,
                Some(flag),
                format!("{flag} must be at least 1: {why}"),
            )),
            other => Ok(other),
        };
        options.max_configurations = at_least_one(
            self.max_configurations,
            "--max-configurations",
            "a budget of no configuration examines nothing (as the request field max_configurations)",
        )?;
        options.time_limit = time_limit;
        options.max_witnesses = max_witnesses;
        options.max_nodes = at_least_one(
            self.max_nodes,
            "--max-nodes",
            "a branch and bound needs one node to start",
        )?;
        options.count_budget = self.count_budget;
        if self.no_explain {
            options = options.with_explain(false);
        }
        Ok(options)
    }
}

#[derive(Args)]
struct CheckArgs {
    /// The request file; `-` or nothing reads stdin.
    file: Option<PathBuf>,
    /// Exact ranges of unreported scores: `all` or a comma-separated list (`mcc,f1p,auc`);
    /// the same as the request field `ranges`.
    #[arg(long)]
    ranges: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
    #[command(flatten)]
    engine: EngineArgs,
    #[command(flatten)]
    quick: quick::QuickArgs,
}

#[derive(Args)]
struct BatchArgs {
    /// The JSON Lines file, or a CSV table of papers (`papers.csv`, or `--input-format csv`);
    /// `-` or nothing reads stdin.
    file: Option<PathBuf>,
    /// Skip the first N input lines (to resume an interrupted batch); of a CSV table, the
    /// first N data rows.
    #[arg(long, default_value_t = 0, value_parser = crate::quick::whole_number)]
    skip: u64,
    /// The input format [default: csv for a FILE ending in `.csv`, `.tsv` or `.tab`, else jsonl].
    #[arg(long, value_enum)]
    input_format: Option<InputFormat>,
    /// The output format of a CSV table [default: csv].
    #[arg(long, value_enum)]
    output_format: Option<table::OutputFormat>,
    /// Lines (or rows) answered at once, each on its own thread; answers are still written
    /// in input order [default: every core].
    #[arg(long)]
    jobs: Option<u64>,
    #[command(flatten)]
    engine: EngineArgs,
}

/// The most threads `--jobs` starts.
const MAX_JOBS: u64 = 1024;

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
enum InputFormat {
    /// JSON Lines: one request object per line.
    Jsonl,
    /// A table of papers: one reported result per row, named columns.
    Csv,
}

/// `scorecheck batch`: JSON Lines, or a CSV table by extension or `--input-format csv`.
fn batch(args: &BatchArgs) -> anyhow::Result<()> {
    let jobs = match args.jobs {
        None => ordered::default_jobs(),
        Some(jobs @ 1..=MAX_JOBS) => jobs as usize,
        Some(jobs) => {
            return Err(scorecheck::Error::new(
                scorecheck::ErrorKind::InvalidValue,
                Some("--jobs"),
                format!("--jobs {jobs}: give 1 to {MAX_JOBS} threads (the default is every core)"),
            )
            .into())
        }
    };
    let is_csv = args.file.as_deref().is_some_and(|path| {
        path.extension().is_some_and(|ext| {
            ["csv", "tsv", "tab"]
                .iter()
                .any(|e| ext.eq_ignore_ascii_case(e))
        })
    });
    match args.input_format {
        Some(InputFormat::Csv) => {}
        None if is_csv => {}
        _ => {
            if args.output_format == Some(table::OutputFormat::Csv) {
                anyhow::bail!("--output-format csv needs a CSV table as input (a .csv file or --input-format csv)");
            }
            return batch::run(args.file.as_deref(), args.skip, jobs, &args.engine);
        }
    }
    let options = args.engine.options()?;
    table::run(
        args.file.as_deref(),
        args.skip,
        args.output_format.unwrap_or(table::OutputFormat::Csv),
        jobs,
        &options,
    )
}

/// The command line as clap reads it, every flag that takes a value accepting a negative
/// number as that value: `--p -5` is then refused by the flag's own check, which names it,
/// instead of being taken for an unknown flag `-5`.
fn command() -> clap::Command {
    fn negative_values(cmd: clap::Command) -> clap::Command {
        cmd.mut_args(|arg| {
            if arg.get_action().takes_values() && !arg.is_positional() {
                arg.allow_negative_numbers(true)
            } else {
                arg
            }
        })
        .mut_subcommands(negative_values)
    }
    negative_values(Cli::command())
}

/// Reports bad arguments: clap's message on stderr, and with `--format json` the same error
/// as a JSON record on stdout naming the flag (as a bad request's record names its field).
fn argument_error(error: &clap::Error) -> ExitCode {
    use clap::error::{ContextKind, ContextValue, ErrorKind as ClapKind};
    if matches!(
        error.kind(),
        ClapKind::DisplayHelp | ClapKind::DisplayVersion
    ) {
        error.exit();
    }
    let _ = error.print();
    // `args_os`: an argument that is not UTF-8 (clap's error above names it) must not panic.
    let args: Vec<String> = std::env::args_os()
        .map(|arg| arg.to_string_lossy().into_owned())
        .collect();
    let json = args
        .windows(2)
        .any(|pair| pair[0] == "--format" && pair[1] == "json")
        || args.iter().any(|arg| arg == "--format=json");
    if json {
        // "--p <P>" names the flag `--p`.
        // Missing arguments come as a list (`--analysis <ANALYSIS>`): the first is the field,
        // all of them the message's.
        let (flag, missing) = match error.get(ContextKind::InvalidArg) {
            Some(ContextValue::String(arg)) => (arg.split(' ').next().map(str::to_string), None),
            Some(ContextValue::Strings(args)) => (
                args.first()
                    .and_then(|arg| arg.split(' ').next())
                    .map(str::to_string),
                Some(args.join(", ")),
            ),
            _ => (None, None),
        };
        let rendered = error.render().to_string();
        let first = rendered
            .lines()
            .next()
            .unwrap_or_default()
            .trim_start_matches("error: ");
        let message = match missing {
            Some(missing) => format!("{first} {missing}"),
            None => first.to_string(),
        };
        let kind = match error.kind() {
            ClapKind::MissingRequiredArgument => "missing_field",
            ClapKind::UnknownArgument | ClapKind::InvalidSubcommand => "unknown_field",
            _ => "invalid_value",
        };
        emit(&format!(
            "{}\n",
            serde_json::json!({"error": {"kind": kind, "field": flag, "message": message}})
        ));
    }
    ExitCode::from(EXIT_ERROR)
}

/// The arguments with a flag's negative number written apart joined to it: `--bm -2e-1`
/// becomes `--bm=-2e-1`, since clap takes `-2e-1` and `-.2` (unlike `-0.2`) for flags.
fn joined_negative_numbers(
    args: impl Iterator<Item = std::ffi::OsString>,
) -> Vec<std::ffi::OsString> {
    let mut out: Vec<std::ffi::OsString> = Vec::new();
    for arg in args {
        let negative_number = arg.to_str().is_some_and(|text| {
            let rest = text.strip_prefix('-').unwrap_or_default();
            rest.starts_with(|c: char| c.is_ascii_digit() || c == '.')
                && text.parse::<f64>().is_ok()
        });
        let after_flag = out
            .last()
            .and_then(|last| last.to_str())
            .is_some_and(|last| last.starts_with("--") && last.len() > 2 && !last.contains('='));
        if negative_number && after_flag {
            if let Some(flag) = out.pop() {
                let mut joined = flag;
                joined.push("=");
                joined.push(&arg);
                out.push(joined);
                continue;
            }
        }
        out.push(arg);
    }
    out
}

fn main() -> ExitCode {
    let cli = match command()
        .try_get_matches_from(joined_negative_numbers(std::env::args_os()))
        .and_then(|matches| Cli::from_arg_matches(&matches))
    {
        Ok(cli) => cli,
        Err(error) => return argument_error(&error),
    };
    let status = match cli.command {
        Command::Scores(args) => scores::run(&args),
        Command::Check(args) => check(&args),
        Command::Batch(args) => match batch(&args) {
            Ok(()) => ExitCode::from(EXIT_CONSISTENT),
            Err(e) => {
                say!("scorecheck batch: {e:#}");
                ExitCode::from(EXIT_ERROR)
            }
        },
        Command::Extract(args) => extract::run_extract(&args),
        Command::Scan(args) => extract::run_scan(&args),
        Command::Folds(args) => folds::run(&args),
        Command::Datasets(args) => datasets::run(&args),
        Command::Eval(args) => eval::run(&args),
        Command::Cbpe(args) => cbpe::run(&args),
        Command::Serve(args) => serve::run(&args),
    };
    if WRITE_FAILED.load(std::sync::atomic::Ordering::SeqCst) {
        return ExitCode::from(EXIT_ERROR);
    }
    status
}

/// Reads FILE, or stdin for `-` or no file, as UTF-8 text.
fn read_input(file: Option<&std::path::Path>) -> anyhow::Result<String> {
    let mut bytes = Vec::new();
    let limit = batch::MAX_REQUEST_BYTES as u64;
    // Read no further than one byte past the cap, so a huge file costs 16 MiB at most.
    match file {
        Some(path) if path.as_os_str() != "-" => {
            let file = std::fs::File::open(path)
                .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
            file.take(limit + 1)
                .read_to_end(&mut bytes)
                .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
        }
        _ => {
            std::io::stdin().take(limit + 1).read_to_end(&mut bytes)?;
        }
    }
    scorecheck::check_request_size(bytes.len())?;
    String::from_utf8(bytes).map_err(|e| {
        anyhow::Error::new(scorecheck::Error::new(
            scorecheck::ErrorKind::InvalidJson,
            None,
            format!(
                "the request is not valid UTF-8 (at byte {}); save it as UTF-8 JSON",
                e.utf8_error().valid_up_to()
            ),
        ))
    })
}

/// Set when a write to stdout failed other than by a closed pipe: the command then ends with
/// [`EXIT_ERROR`] (a full disk must not look like a result).
static WRITE_FAILED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Writes to stdout; a closed pipe (`scorecheck check | head`) is not an error worth a panic,
/// any other failure (`> /dev/full`) is said on stderr once and ends the command with
/// [`EXIT_ERROR`].
pub(crate) fn emit(text: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        output_failed(&e);
    }
}

/// Says once that the output could not be written (a closed pipe ends it silently) and makes
/// the exit status an error.
pub(crate) fn output_failed(e: &std::io::Error) {
    use std::sync::atomic::Ordering;
    if e.kind() != std::io::ErrorKind::BrokenPipe && !WRITE_FAILED.swap(true, Ordering::SeqCst) {
        say!("scorecheck: cannot write the output: {e}");
    }
}

/// The request with `ranges` set from `--ranges` (a JSON object is required then), unless
/// it has its own `ranges`, which wins as every request field wins over its flag (said on
/// stderr); and whether the flag's `ranges` went in.
fn with_ranges(text: &str, ranges: &str) -> anyhow::Result<(String, bool)> {
    // The request tree keeps each number as written and the order of the fields. Text it
    // refuses goes on unchanged, so that the check's own error names what to fix.
    let Ok(mut request) = scorecheck::json::Json::parse(text) else {
        return Ok((text.to_string(), false));
    };
    match request.as_object_mut() {
        Some(map) => match map.get("ranges") {
            Some(own) => {
                say!("scorecheck check: note: --ranges is not used: the request's own \"ranges\" ({own}) wins over it");
                return Ok((text.to_string(), false));
            }
            None => {
                map.insert("ranges", ranges_value(ranges));
            }
        },
        None => anyhow::bail!("--ranges needs a JSON request object"),
    }
    Ok((request.to_string(), true))
}

/// The request field `ranges` of `--ranges`: `"all"` or a list of names.
fn ranges_value(ranges: &str) -> scorecheck::json::Json {
    use scorecheck::json::Json;
    // `ALL` as the CSV column reads it; a list's items are names, whose case the reader rules.
    if ranges.trim().eq_ignore_ascii_case("all") {
        Json::from("all")
    } else {
        Json::Array(ranges.split(',').map(|s| Json::from(s.trim())).collect())
    }
}

/// The exit status of an answer: from its typed conclusion (for a check answered under
/// several assumptions, the overall one).
fn exit_status(conclusion: scorecheck::Conclusion) -> u8 {
    match conclusion {
        scorecheck::Conclusion::Consistent => EXIT_CONSISTENT,
        scorecheck::Conclusion::Inconsistent { .. } => EXIT_INCONSISTENT,
        _ => EXIT_UNDECIDED,
    }
}

/// A request as the check command has it: text (a file or stdin) to read, or the tree the
/// quick flags build, answered without being written out and read again.
enum Input {
    Text(String),
    Tree(scorecheck::json::Json),
}

/// The request: the file's text (or stdin's), or the tree the quick flags build.
fn request_input(args: &CheckArgs) -> anyhow::Result<Input> {
    let flags = args.quick.given();
    let Some(first) = flags.first() else {
        return read_input(args.file.as_deref()).map(Input::Text);
    };
    if let Some(file) = &args.file {
        return Err(scorecheck::Error::new(
            scorecheck::ErrorKind::Contradiction,
            Some(first),
            format!(
                "a request file ({}) and quick flags ({}) cannot be combined; give one or the other",
                file.display(),
                flags.join(", ")
            ),
        )
        .into());
    }
    let mut request = args.quick.request()?;
    if let (Some(ranges), Some(map)) = (&args.ranges, request.as_object_mut()) {
        map.insert("ranges", ranges_value(ranges));
    }
    Ok(Input::Tree(request))
}

fn check(args: &CheckArgs) -> ExitCode {
    if args.quick.print_request {
        // The budget flags are checked as a run checks them before they are written.
        return match args.engine.options().and_then(|_| request_input(args)) {
            // With a file, `--print-request` is itself a quick flag and the pair an error.
            Ok(input) => {
                let text = match input {
                    Input::Text(text) => text,
                    Input::Tree(mut tree) => {
                        if let Some(map) = tree.as_object_mut() {
                            for (field, value) in args.engine.request_fields() {
                                map.insert(field, value);
                            }
                        }
                        tree.to_string()
                    }
                };
                emit(&format!("{text}\n"));
                ExitCode::from(EXIT_CONSISTENT)
            }
            Err(e) => {
                say!("scorecheck check: {e:#}");
                ExitCode::from(EXIT_ERROR)
            }
        };
    }
    let from_flags = args.file.is_none() && !args.quick.given().is_empty();
    // Whether the request's `ranges` is the one `--ranges` put in (an error in it names the flag).
    let ranges_from_flag = std::cell::Cell::new(from_flags && args.ranges.is_some());
    // The request's text and `id`, which the JSON result carries as `batch`'s record does.
    let mut request_text: Option<String> = None;
    let mut id: Option<serde_json::Value> = None;
    let outcome = request_input(args).and_then(|input| {
        let mut options = args.engine.options()?;
        if std::io::stderr().is_terminal() {
            options.progress = Some(report::progress_bar());
        }
        Ok(match input {
            Input::Tree(tree) => scorecheck::answer_json(&tree, &options),
            Input::Text(text) => {
                for note in args.engine.overridden_by(&text) {
                    say!("scorecheck check: note: {note}");
                }
                let text = match &args.ranges {
                    Some(ranges) => {
                        let (text, inserted) = with_ranges(&text, ranges)?;
                        ranges_from_flag.set(inserted);
                        text
                    }
                    None => text,
                };
                let (read_id, answer) = scorecheck::answer_text_with_id(&text, &options);
                id = read_id;
                request_text = Some(text);
                answer
            }
        })
    });
    // A JSON record with the request's `id`, its numbers as the request wrote them.
    let with_id = |mut record: serde_json::Value| -> String {
        if let (Some(id), serde_json::Value::Object(map)) = (&id, &mut record) {
            map.insert("id".into(), id.clone());
        }
        match &request_text {
            Some(text) => scorecheck::record_text(text, record),
            None => record.to_string(),
        }
    };
    let result = match outcome {
        Ok(result) => result,
        Err(e) => {
            say!("scorecheck check: {e:#}");
            if args.format == Format::Json {
                // Every failure gets its JSON record, so a caller parsing stdout always can.
                let record = match e.downcast_ref::<scorecheck::Error>() {
                    Some(error) => serde_json::json!({ "error": error.to_json() }),
                    None => command_error_record(format!("{e:#}"), false),
                };
                emit(&format!("{record}\n"));
            }
            return ExitCode::from(EXIT_ERROR);
        }
    };
    match result {
        Ok(mut answer) => {
            // A warning names the flag the request came from (`--dataset`), as errors do.
            if from_flags {
                for warning in &mut answer.warnings {
                    if let Some(rest) = warning
                        .strip_prefix("testset.dataset_name: ")
                        .or_else(|| warning.strip_prefix("dataset.dataset_name: "))
                    {
                        *warning = format!("--dataset: {rest}");
                    }
                }
            }
            match args.format {
                Format::Json => emit(&format!("{}\n", with_id(answer.to_json()))),
                Format::Text => emit(&report::text(&answer)),
            }
            ExitCode::from(exit_status(answer.conclusion))
        }
        Err(error) => {
            let error = if ranges_from_flag.get()
                && error.field().is_some_and(|f| f.starts_with("ranges"))
            {
                scorecheck::Error::new(error.kind(), Some("--ranges"), flag_items(error.message()))
            } else if from_flags {
                args.quick.error_for_flags(&error)
            } else {
                error
            };
            say!("scorecheck check: error: {error}");
            if args.format == Format::Json {
                emit(&format!(
                    "{}\n",
                    with_id(serde_json::json!({ "error": error.to_json() }))
                ));
            }
            ExitCode::from(EXIT_ERROR)
        }
    }
}

/// The `--format json` record of a command's error that is not a request's (`eval`,
/// `cbpe`, a file `check` cannot read): `{"error": {"kind", "field", "message"}}` as a
/// request's error has it, the field being the flag the message begins with (`--alpha`), or
/// else the last it names (`...; name it with --label-column`), if any; a stop by the time
/// limit is kind `stopped`, with `"stopped": true` beside it and no field.
pub(crate) fn command_error_record(message: String, stopped: bool) -> serde_json::Value {
    let flag_at = |at: usize| {
        let name: String = message[at + 2..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect();
        Some(format!("--{name}")).filter(|flag| flag.len() > 2)
    };
    // The flag the message begins with, else the one it says to change (`no column "lab"
    // ...; name it with --label-column`): the last it names.
    let flag = if stopped {
        None
    } else if message.starts_with("--") {
        flag_at(0)
    } else {
        message
            .match_indices(" --")
            .filter_map(|(at, _)| flag_at(at + 1))
            .last()
    };
    let kind = if stopped { "stopped" } else { "invalid_input" };
    let mut record = serde_json::json!({
        "error": {"kind": kind, "field": flag, "message": message}
    });
    if stopped {
        record["stopped"] = serde_json::Value::Bool(true);
    }
    record
}

/// A message about the request's `ranges[i]` said of the `--ranges` list (`the 1st name`).
fn flag_items(message: &str) -> String {
    let mut out = String::new();
    let mut rest = message;
    while let Some(at) = rest.find("ranges[") {
        out.push_str(&rest[..at]);
        let after = &rest[at + "ranges[".len()..];
        match after
            .split_once(']')
            .and_then(|(i, tail)| Some((i.parse::<usize>().ok()?, tail)))
        {
            Some((i, tail)) => {
                out.push_str(&format!("name {} of --ranges", i + 1));
                rest = tail;
            }
            None => {
                out.push_str("ranges[");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The text with its control characters other than line breaks and tabs escaped.
fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    if !text
        .chars()
        .any(|c| c.is_control() && c != '\n' && c != '\t')
    {
        return std::borrow::Cow::Borrowed(text);
    }
    std::borrow::Cow::Owned(
        text.chars()
            .map(|c| {
                if c.is_control() && c != '\n' && c != '\t' {
                    c.escape_default().to_string()
                } else {
                    c.to_string()
                }
            })
            .collect(),
    )
}
