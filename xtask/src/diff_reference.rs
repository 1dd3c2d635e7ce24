//! `cargo xtask diff-reference`: random problems through the reference and through
//! scorecheck, every disagreement classified by who is right according to exact brute force.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use anyhow::Context;
use serde_json::Value;

/// Options of the run.
pub struct Options {
    /// How many problems.
    pub cases: u64,
    /// Seed of the generator.
    pub seed: u64,
    /// Python with mlscorecheck 1.0.3 installed.
    pub python: String,
}

fn run_with_stdin(mut command: Command, stdin: &str) -> anyhow::Result<String> {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .with_context(|| format!("cannot start {command:?}"))?;
    // Feed stdin from another thread: the child answers line by line, so writing everything
    // before reading would fill both pipes and deadlock on a large batch.
    let mut pipe = child.stdin.take().context("stdin")?;
    let input = stdin.to_owned();
    let writer = std::thread::spawn(move || pipe.write_all(input.as_bytes()));
    let output = child.wait_with_output()?;
    writer
        .join()
        .map_err(|_| anyhow::anyhow!("the stdin writer panicked"))??;
    anyhow::ensure!(output.status.success(), "{command:?} failed");
    Ok(String::from_utf8(output.stdout)?)
}

fn verdict(record: &Value) -> Option<bool> {
    record.get("inconsistency").and_then(Value::as_bool)
}

/// Runs the comparison and prints a summary; fails if scorecheck ever disagrees with the truth.
///
/// # Errors
///
/// When the Python or the binary cannot be run, their output cannot be read, or scorecheck
/// disagrees with the truth.
pub fn run(root: &Path, options: &Options) -> anyhow::Result<()> {
    let reference_dir = root.join("xtask/reference");
    let generated = Command::new(&options.python)
        .arg(reference_dir.join("gen_problems.py"))
        .arg(options.cases.to_string())
        .args(["--seed", &options.seed.to_string()])
        .output()
        .context("cannot run the problem generator (python)")?;
    anyhow::ensure!(
        generated.status.success(),
        "gen_problems.py failed: {}",
        String::from_utf8_lossy(&generated.stderr)
    );
    let mut truths = Vec::new();
    let mut requests = String::new();
    for line in String::from_utf8(generated.stdout)?
        .lines()
        .filter(|l| !l.trim().is_empty())
    {
        let mut value: Value = serde_json::from_str(line)?;
        let truth = value
            .as_object_mut()
            .and_then(|m| m.remove("truth"))
            .context("a problem without truth")?;
        truths.push(truth);
        requests.push_str(&value.to_string());
        requests.push('\n');
    }
    let status = Command::new("cargo")
        .args(["build", "--release", "-q", "-p", "scorecheck-cli"])
        .current_dir(root)
        .status()?;
    anyhow::ensure!(status.success(), "building the CLI failed");
    let target = std::env::var("CARGO_TARGET_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|_| root.join("target"));
    let mut ours = Command::new(target.join("release/scorecheck"));
    ours.arg("batch");
    let ours = run_with_stdin(ours, &requests)?;
    let mut reference = Command::new(&options.python);
    reference.arg(reference_dir.join("run_reference.py"));
    let reference = run_with_stdin(reference, &requests)
        .context("the reference failed; install it with `pip install mlscorecheck==1.0.3` into the python given by --python")?;
    let ours: Vec<Value> = ours
        .lines()
        .map(serde_json::from_str)
        .collect::<Result<_, _>>()?;
    let reference: Vec<Value> = reference
        .lines()
        .map(serde_json::from_str)
        .collect::<Result<_, _>>()?;
    anyhow::ensure!(
        ours.len() == truths.len() && reference.len() == truths.len(),
        "output lengths differ"
    );

    let (
        mut agree,
        mut ours_wrong,
        mut ref_false_consistent,
        mut ref_false_inconsistent,
        mut ref_crash,
        mut ours_undecided,
    ) = (0, Vec::new(), 0, 0, 0, 0);
    for ((truth, o), r) in truths.iter().zip(&ours).zip(&reference) {
        let t = verdict(truth);
        let ov = verdict(o);
        let rv = verdict(r);
        if ov.is_none() && o.get("verdict").and_then(Value::as_str) == Some("undecided") {
            ours_undecided += 1;
        } else if ov != t {
            ours_wrong.push(format!(
                "{}: ours {:?}, truth {:?}",
                o.get("id").unwrap_or(&Value::Null),
                ov,
                t
            ));
        }
        match rv {
            None => ref_crash += 1,
            Some(v) if Some(v) == t => {}
            Some(true) => ref_false_inconsistent += 1,
            Some(false) => ref_false_consistent += 1,
        }
        if ov == t && rv == t {
            agree += 1;
        }
    }
    println!("problems: {}", truths.len());
    println!("both right: {agree}");
    println!("scorecheck wrong: {}", ours_wrong.len());
    println!("scorecheck undecided: {ours_undecided}");
    println!("reference says consistent, nothing fits: {ref_false_consistent}");
    println!("reference says inconsistent, a matrix fits: {ref_false_inconsistent}");
    println!("reference crashed: {ref_crash}");
    for line in &ours_wrong {
        println!("  {line}");
    }
    anyhow::ensure!(
        ours_wrong.is_empty(),
        "scorecheck disagreed with the exact truth"
    );
    Ok(())
}
