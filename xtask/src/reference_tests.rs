//! `cargo xtask reference-tests`: mlscorecheck 1.0.3's own `tests/check/**` run against the
//! reference and then with its check functions swapped for the Python package's.
//!
//! Each test file runs in its own pytest process with pytest-timeout's per-test limit and a
//! watchdog here: a process that reports no finished test for the limit plus a grace is ended
//! (by its id), its running test recorded as hung, and the file resumed after it. The results
//! are grouped by cause ([`crate::reference_differences`]) and compared with the committed
//! list of deliberate differences, `xtask/reference-differences.txt`.

use std::collections::BTreeMap;
use std::fs;
use std::io::{BufRead, BufReader, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::Context;
use serde_json::Value;

use crate::reference_differences::{self, Outcome, TestResult};

/// The reference whose tests are run, pinned.
pub const REFERENCE: &str = "mlscorecheck==1.0.3";

/// Seconds a process may go without finishing a test beyond the per-test limit before it is
/// ended from here (pytest-timeout reports first when the call returns to Python).
const GRACE_SECONDS: u64 = 30;

/// Options of the run.
pub struct Options {
    /// The `tests` directory of mlscorecheck v1.0.3 (holding `check/`).
    pub tests: PathBuf,
    /// A Python that already has mlscorecheck 1.0.3, pytest, pytest-timeout and scorecheck;
    /// without it a venv under the target directory is created or reused and the package
    /// (re)installed from `crates/python`.
    pub python: Option<PathBuf>,
    /// Per-test time limit in seconds.
    pub timeout: u64,
    /// Test files run at the same time.
    pub jobs: usize,
    /// Only the test files whose path (under `check/`) contains this text.
    pub only: Option<String>,
}

/// Which of the two runs.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Run {
    Reference,
    Swapped,
}

impl Run {
    fn name(self) -> &'static str {
        match self {
            Run::Reference => "reference",
            Run::Swapped => "swapped",
        }
    }
}

fn target_dir(root: &Path) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from)
}

fn run_status(command: &mut Command, what: &str) -> anyhow::Result<()> {
    let status = command
        .status()
        .with_context(|| format!("cannot start {what} ({command:?})"))?;
    anyhow::ensure!(status.success(), "{what} failed ({status})");
    Ok(())
}

/// The Python to run the tests with: the one given, or the venv under the target directory
/// (created when missing) with the reference, pytest, pytest-timeout and the package freshly
/// installed from `crates/python`.
fn python(root: &Path, options: &Options) -> anyhow::Result<PathBuf> {
    let python = if let Some(given) = &options.python {
        given.clone()
    } else {
        let target = target_dir(root);
        let venv = target.join("venv-reference-tests");
        let python = venv.join("bin/python");
        if !python.is_file() {
            run_status(
                Command::new("python3").args(["-m", "venv"]).arg(&venv),
                "python3 -m venv (install python3-venv)",
            )?;
        }
        run_status(
            Command::new(&python).args([
                "-m",
                "pip",
                "install",
                "--quiet",
                REFERENCE,
                "pytest",
                "pytest-timeout",
            ]),
            "pip install of the reference, pytest and pytest-timeout",
        )?;
        eprintln!("building and installing the package from crates/python (release, maturin)");
        run_status(
            Command::new(&python)
                .args([
                    "-m",
                    "pip",
                    "install",
                    "--quiet",
                    "--force-reinstall",
                    "--no-deps",
                ])
                .arg(root.join("crates/python"))
                .env("CARGO_TARGET_DIR", &target),
            "pip install ./crates/python",
        )?;
        python
    };
    let probe = Command::new(&python)
        .args([
            "-c",
            "import importlib.metadata as m, pytest_timeout, scorecheck.check; \
             print(m.version('mlscorecheck'))",
        ])
        .output()
        .with_context(|| format!("cannot run {}", python.display()))?;
    anyhow::ensure!(
        probe.status.success(),
        "{} lacks mlscorecheck, pytest-timeout or scorecheck: {}",
        python.display(),
        String::from_utf8_lossy(&probe.stderr).trim()
    );
    let version = String::from_utf8_lossy(&probe.stdout).trim().to_string();
    anyhow::ensure!(
        version == "1.0.3",
        "{} has mlscorecheck {version}; the tests are those of 1.0.3: pip install {REFERENCE}",
        python.display()
    );
    Ok(python)
}

/// The test files under `tests/check`, sorted.
fn test_files(tests: &Path, only: Option<&str>) -> anyhow::Result<Vec<PathBuf>> {
    let check = tests.join("check");
    anyhow::ensure!(
        check.is_dir(),
        "--tests {}: no check/ directory there; give the tests/ directory of mlscorecheck v1.0.3",
        tests.display()
    );
    let mut files = Vec::new();
    let mut pending = vec![check];
    while let Some(dir) = pending.pop() {
        for entry in fs::read_dir(&dir).with_context(|| format!("reading {}", dir.display()))? {
            let path = entry?.path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if path.is_dir() {
                if name != "__pycache__" {
                    pending.push(path);
                }
            } else if name.starts_with("test_") && name.ends_with(".py") {
                let relative = path.strip_prefix(tests)?.to_string_lossy().to_string();
                if only.is_none_or(|text| relative.contains(text)) {
                    files.push(path);
                }
            }
        }
    }
    files.sort();
    anyhow::ensure!(!files.is_empty(), "no test files under {}", tests.display());
    Ok(files)
}

/// The functions the swap plugin replaced, and those it left the reference's.
type SwapNames = (Vec<String>, Vec<String>);

/// What a record file has said so far.
#[derive(Default)]
struct Progress {
    offset: u64,
    running: Option<String>,
    results: Vec<TestResult>,
    swapped: Option<SwapNames>,
}

impl Progress {
    /// Reads the complete lines added since the last call; true when something was added.
    fn read(&mut self, path: &Path) -> anyhow::Result<bool> {
        let Ok(mut file) = fs::File::open(path) else {
            return Ok(false);
        };
        file.seek(SeekFrom::Start(self.offset))?;
        let mut reader = BufReader::new(file);
        let mut added = false;
        let mut line = String::new();
        loop {
            line.clear();
            let read = reader.read_line(&mut line)?;
            if read == 0 || !line.ends_with('\n') {
                break;
            }
            self.offset += read as u64;
            added = true;
            let event: Value = serde_json::from_str(&line)
                .with_context(|| format!("{}: a line that is not JSON", path.display()))?;
            let text = |key: &str| event.get(key).and_then(Value::as_str).map(String::from);
            match text("event").as_deref() {
                Some("start") => self.running = text("nodeid"),
                Some("result") => {
                    let nodeid = text("nodeid").context("a result without nodeid")?;
                    let outcome = match text("outcome").as_deref() {
                        Some("passed") => Outcome::Passed,
                        Some("skipped") => Outcome::Skipped,
                        _ => Outcome::Failed {
                            cause: reference_differences::cause(
                                &text("exception").unwrap_or_default(),
                                &text("message").unwrap_or_default(),
                            ),
                        },
                    };
                    self.running = None;
                    let seconds = event.get("seconds").and_then(Value::as_f64).unwrap_or(0.0);
                    self.results.push(TestResult {
                        nodeid,
                        outcome,
                        seconds,
                    });
                }
                Some("swap") => {
                    let names = |key: &str| -> Vec<String> {
                        event
                            .get(key)
                            .and_then(Value::as_array)
                            .map(|a| {
                                a.iter()
                                    .filter_map(Value::as_str)
                                    .map(String::from)
                                    .collect()
                            })
                            .unwrap_or_default()
                    };
                    self.swapped = Some((names("swapped"), names("left")));
                }
                _ => {}
            }
        }
        Ok(added)
    }
}

/// Ends a child we started (by its id) and reaps it.
fn end(child: &mut Child) {
    let _ = child.kill();
    let _ = child.wait();
}

/// Runs one test file to its end, resuming after a hung or crashed test; returns its results
/// and, for the swapped run, the names swapped and left.
fn run_file(
    python: &Path,
    root: &Path,
    options: &Options,
    run: Run,
    file: &Path,
    work: &Path,
) -> anyhow::Result<Progress> {
    let relative = file
        .strip_prefix(&options.tests)?
        .to_string_lossy()
        .to_string();
    let stem = relative.replace(['/', '.'], "_");
    let record = work.join(format!("{stem}.jsonl"));
    let skip = work.join(format!("{stem}.skip"));
    let log = work.join(format!("{stem}.log"));
    for path in [&record, &skip] {
        if path.exists() {
            fs::remove_file(path)?;
        }
    }
    let mut progress = Progress::default();
    let limit = Duration::from_secs(options.timeout + GRACE_SECONDS);
    loop {
        let done: Vec<&str> = progress.results.iter().map(|r| r.nodeid.as_str()).collect();
        fs::write(&skip, done.join("\n"))?;
        let mut command = Command::new(python);
        command
            .args([
                "-m",
                "pytest",
                "-q",
                "-p",
                "reftests_record",
                "-p",
                "no:cacheprovider",
            ])
            .arg("--rootdir")
            .arg(&options.tests)
            .arg(format!("--timeout={}", options.timeout))
            .arg("--timeout-method=signal")
            .arg(file)
            .env("PYTHONPATH", root.join("xtask/reference"))
            .env("PYTHONDONTWRITEBYTECODE", "1")
            .env("SCORECHECK_REFTESTS_RECORD", &record)
            .env("SCORECHECK_REFTESTS_SKIP", &skip)
            .current_dir(&options.tests)
            .stdin(Stdio::null())
            .stdout(fs::File::options().create(true).append(true).open(&log)?)
            .stderr(fs::File::options().create(true).append(true).open(&log)?);
        if run == Run::Swapped {
            command.args(["-p", "reftests_swap"]);
        }
        let mut child = command
            .spawn()
            .with_context(|| format!("cannot start pytest with {}", python.display()))?;
        let mut last_event = Instant::now();
        let status = loop {
            if progress.read(&record)? {
                last_event = Instant::now();
            }
            if let Some(status) = child.try_wait()? {
                progress.read(&record)?;
                break Some(status);
            }
            if last_event.elapsed() > limit {
                end(&mut child);
                progress.read(&record)?;
                break None;
            }
            std::thread::sleep(Duration::from_millis(200));
        };
        let Some(running) = progress.running.take() else {
            // The process ended between tests: the file is done, unless it could not even
            // collect (exit code 2 or 3, or 4 for a usage error) before running any test.
            if let Some(status) = status {
                let code = status.code().unwrap_or(-1);
                if (2..=4).contains(&code) && progress.results.is_empty() {
                    progress.results.push(TestResult {
                        nodeid: relative.clone(),
                        outcome: Outcome::Failed {
                            cause: format!(
                                "pytest ended with exit code {code} before any test (see {})",
                                log.display()
                            ),
                        },
                        seconds: 0.0,
                    });
                }
            }
            return Ok(progress);
        };
        let cause = match status {
            None => format!(
                "hung: no answer within {} s, ended from outside",
                limit.as_secs()
            ),
            Some(status) => format!("crashed: the process ended ({status})"),
        };
        eprintln!("  {}: {running}: {cause}; resuming after it", run.name());
        progress.results.push(TestResult {
            nodeid: running,
            outcome: Outcome::Failed { cause },
            seconds: 0.0,
        });
    }
}

/// Runs every test file of one run, `options.jobs` at a time.
fn run_all(
    python: &Path,
    root: &Path,
    options: &Options,
    run: Run,
    files: &[PathBuf],
) -> anyhow::Result<(Vec<TestResult>, Option<SwapNames>)> {
    let work = target_dir(root).join("reference-tests").join(run.name());
    fs::create_dir_all(&work)?;
    let queue = Arc::new(Mutex::new(files.to_vec()));
    let collected: Arc<Mutex<BTreeMap<PathBuf, anyhow::Result<Progress>>>> = Arc::default();
    std::thread::scope(|scope| {
        for _ in 0..options.jobs.max(1) {
            let queue = Arc::clone(&queue);
            let collected = Arc::clone(&collected);
            let work = &work;
            scope.spawn(move || loop {
                let next = queue.lock().map(|mut q| q.pop());
                let Ok(Some(file)) = next else { break };
                let started = Instant::now();
                let progress = run_file(python, root, options, run, &file, work);
                if let Ok(p) = &progress {
                    let failed = p.results.iter().filter(|r| r.failed()).count();
                    eprintln!(
                        "{}: {} ({} tests, {failed} failed, {:.0} s)",
                        run.name(),
                        file.strip_prefix(&options.tests).unwrap_or(&file).display(),
                        p.results.len(),
                        started.elapsed().as_secs_f64()
                    );
                }
                if let Ok(mut map) = collected.lock() {
                    map.insert(file, progress);
                }
            });
        }
    });
    let collected = Arc::try_unwrap(collected)
        .map_err(|_| anyhow::anyhow!("a worker still holds the results"))?
        .into_inner()
        .map_err(|_| anyhow::anyhow!("a worker panicked"))?;
    let mut results = Vec::new();
    let mut swapped = None;
    for (file, progress) in collected {
        let progress = progress.with_context(|| format!("running {}", file.display()))?;
        results.extend(progress.results);
        if progress.swapped.is_some() {
            swapped = progress.swapped;
        }
    }
    Ok((results, swapped))
}

/// Runs both runs, prints the counts and the swapped failures by cause, and compares them
/// with the committed list.
///
/// # Errors
///
/// When the venv, pytest or the list cannot be used, when a function was not swapped, or
/// when a test fails swapped (and not against the reference) without being listed.
pub fn run(root: &Path, options: &Options) -> anyhow::Result<()> {
    let list_path = root.join("xtask/reference-differences.txt");
    let list = reference_differences::List::parse(
        &fs::read_to_string(&list_path)
            .with_context(|| format!("reading {}", list_path.display()))?,
    )
    .with_context(|| format!("in {}", list_path.display()))?;
    let python = python(root, options)?;
    let files = test_files(&options.tests, options.only.as_deref())?;
    eprintln!(
        "{} test files; per-test limit {} s; {} at a time",
        files.len(),
        options.timeout,
        options.jobs
    );
    let (reference, _) = run_all(&python, root, options, Run::Reference, &files)?;
    let (swapped, names) = run_all(&python, root, options, Run::Swapped, &files)?;
    let (names_swapped, names_left) =
        names.context("the swapped run never said which functions it swapped")?;
    println!(
        "swapped {} functions of mlscorecheck.check for scorecheck's; left the reference's: {}",
        names_swapped.len(),
        if names_left.is_empty() {
            "none".to_string()
        } else {
            names_left.join(", ")
        }
    );
    let mut report = reference_differences::Report::new(&reference, &swapped, &list);
    if options.only.is_some() {
        // The entries of the files not run cannot be judged stale.
        report.stale.clear();
    }
    print!("{}", report.render());
    let target = target_dir(root).join("reference-tests/summary.txt");
    fs::write(&target, report.render())?;
    println!("(written to {})", target.display());
    anyhow::ensure!(
        names_left
            .iter()
            .all(|name| reference_differences::NOT_PROTOCOLS.contains(&name.as_str())),
        "a reference check function has no scorecheck counterpart: {}",
        names_left.join(", ")
    );
    anyhow::ensure!(
        report.unlisted() == 0,
        "{} tests fail swapped without being listed in {}",
        report.unlisted(),
        list_path.display()
    );
    Ok(())
}
