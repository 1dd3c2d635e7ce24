//! `cargo xtask batch-bench --baseline BIN`: `scorecheck batch` against the binary before it
//! answered on every core, on a generated file of single-matrix lines, as whole processes.
//!
//! Issue 31's goals, checked in one run: at least 3× faster than the baseline on two cores,
//! and at least 1.8× from `--jobs 1` to `--jobs 2`. The three commands (baseline, `--jobs 2`,
//! `--jobs 1`) run alternately `--runs` times and the medians are compared, so a change in
//! the machine's load hits all three alike; the load average before and after is printed,
//! since wall-clock ratios on a shared machine mean little unless its cores were free.
//! The answers must agree: `--jobs 1` and `--jobs 2` byte for byte, the baseline apart from
//! timing fields.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use anyhow::Context;
use serde_json::Value;

/// What `cargo xtask batch-bench` was asked for.
pub struct Options {
    /// The binary to compare with (one built before batch answered on every core).
    pub baseline: PathBuf,
    /// The binary measured; `target/release/scorecheck` (built first) when not given.
    pub binary: Option<PathBuf>,
    /// Lines in the generated file.
    pub lines: usize,
    /// Alternating runs of the three commands.
    pub runs: usize,
    /// Where the input and the outputs are written.
    pub out: PathBuf,
}

impl Options {
    /// Reads `--baseline BIN [--binary BIN] [--lines N] [--runs N] [--out DIR]`.
    ///
    /// # Errors
    ///
    /// A flag without its value, a value that is not a count, an unknown flag, or no
    /// `--baseline`.
    pub fn parse(root: &Path, args: &[String]) -> anyhow::Result<Options> {
        let mut options = Options {
            baseline: PathBuf::new(),
            binary: None,
            lines: 100_000,
            runs: 3,
            out: root.join("target/batch-bench"),
        };
        let mut baseline = None;
        let mut rest = args.iter();
        while let Some(flag) = rest.next() {
            let value = rest
                .next()
                .ok_or_else(|| anyhow::anyhow!("{flag} needs a value"))?;
            let count = || -> anyhow::Result<usize> {
                value
                    .parse()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| anyhow::anyhow!("{flag} {value}: give a positive count"))
            };
            match flag.as_str() {
                "--baseline" => baseline = Some(PathBuf::from(value)),
                "--binary" => options.binary = Some(PathBuf::from(value)),
                "--lines" => options.lines = count()?,
                "--runs" => options.runs = count()?,
                "--out" => options.out = PathBuf::from(value),
                _ => anyhow::bail!("unknown flag {flag}; usage: cargo xtask batch-bench --baseline BIN [--binary BIN] [--lines N] [--runs N] [--out DIR]"),
            }
        }
        options.baseline = baseline.ok_or_else(|| {
            anyhow::anyhow!("--baseline BIN is needed: a scorecheck binary built before batch answered on every core (e.g. from commit f15a71a)")
        })?;
        Ok(options)
    }
}

/// A deterministic stream of 64-bit numbers (splitmix64).
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in [lo, hi].
    fn between(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.next() % (hi - lo + 1)
    }
}

/// `lines` single-matrix requests: p and n up to 5,000, acc, sens and spec of a random
/// matrix at 4 decimals, every third with sens moved by 0.0123 (most of those inconsistent).
pub fn generate(lines: usize) -> String {
    let mut random = Random(31);
    let mut text = String::new();
    for id in 0..lines {
        let (p, n) = (random.between(1, 5000), random.between(1, 5000));
        let (tp, tn) = (random.between(0, p), random.between(0, n));
        let acc = (tp + tn) as f64 / (p + n) as f64;
        let mut sens = tp as f64 / p as f64;
        let spec = tn as f64 / n as f64;
        if id % 3 == 2 {
            sens = if sens > 0.5 {
                sens - 0.0123
            } else {
                sens + 0.0123
            };
        }
        text.push_str(&format!(
            "{{\"id\": {id}, \"check\": \"1_testset_no_kfold\", \"testset\": {{\"p\": {p}, \"n\": {n}}}, \"scores\": {{\"acc\": {acc:.4}, \"sens\": {sens:.4}, \"spec\": {spec:.4}}}, \"eps\": 0.0001}}\n"
        ));
    }
    text
}

/// One timed run: wall seconds and peak resident memory in KB (from `/usr/bin/time` where
/// it is installed).
fn run_once(
    binary: &Path,
    args: &[&str],
    input: &Path,
    output: &Path,
) -> anyhow::Result<(f64, Option<u64>)> {
    let time = Path::new("/usr/bin/time");
    let stats = output.with_extension("time");
    let mut command = if time.exists() {
        let mut c = Command::new(time);
        c.arg("-f").arg("%M").arg("-o").arg(&stats).arg(binary);
        c
    } else {
        Command::new(binary)
    };
    command
        .arg("batch")
        .args(args)
        .arg(input)
        .stdout(std::fs::File::create(output)?)
        .stderr(Stdio::null());
    let start = Instant::now();
    let status = command
        .status()
        .with_context(|| format!("cannot run {}", binary.display()))?;
    let seconds = start.elapsed().as_secs_f64();
    anyhow::ensure!(
        status.success(),
        "{} batch {args:?} failed: {status}",
        binary.display()
    );
    let peak = std::fs::read_to_string(&stats)
        .ok()
        .and_then(|s| s.trim().lines().last()?.trim().parse().ok());
    Ok((seconds, peak))
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

/// Fields whose values depend on time or on the thread pool, left out when the baseline's
/// answers are compared.
fn steady(value: &Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.iter()
                .filter(|(k, _)| !k.ends_with("seconds") && *k != "statistics")
                .map(|(k, v)| (k.clone(), steady(v)))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(steady).collect()),
        other => other.clone(),
    }
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

/// Runs the comparison and prints the figures; fails when a goal is missed or the answers
/// differ.
///
/// # Errors
///
/// A binary that cannot be built or run, answers that differ, or a goal not met.
pub fn run(root: &Path, options: &Options) -> anyhow::Result<()> {
    let binary = match &options.binary {
        Some(binary) => binary.clone(),
        None => {
            let status = Command::new("cargo")
                .args(["build", "--release", "-p", "scorecheck-cli"])
                .current_dir(root)
                .status()?;
            anyhow::ensure!(status.success(), "cargo build --release failed");
            let target = std::env::var_os("CARGO_TARGET_DIR")
                .map_or_else(|| root.join("target"), PathBuf::from);
            target.join("release/scorecheck")
        }
    };
    std::fs::create_dir_all(&options.out)?;
    let input = options.out.join("lines.jsonl");
    std::fs::write(&input, generate(options.lines))?;
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let load_before = load_average();
    let commands: [(&str, &Path, &[&str]); 3] = [
        ("baseline", &options.baseline, &[]),
        ("jobs 2", &binary, &["--jobs", "2"]),
        ("jobs 1", &binary, &["--jobs", "1"]),
    ];
    let mut seconds = vec![Vec::new(); 3];
    let mut peaks = [None; 3];
    for _ in 0..options.runs {
        for (i, (name, bin, args)) in commands.iter().enumerate() {
            let output = options
                .out
                .join(format!("{}.jsonl", name.replace(' ', "-")));
            let (s, peak) = run_once(bin, args, &input, &output)?;
            seconds[i].push(s);
            peaks[i] = peaks[i].max(peak);
        }
    }
    let load_after = load_average();
    let read = |name: &str| std::fs::read_to_string(options.out.join(format!("{name}.jsonl")));
    let (base, two, one) = (read("baseline")?, read("jobs-2")?, read("jobs-1")?);
    anyhow::ensure!(two == one, "--jobs 2 and --jobs 1 wrote different answers");
    let differ = base
        .lines()
        .zip(one.lines())
        .filter(|(a, b)| {
            let parse = |s: &str| serde_json::from_str::<Value>(s).map(|v| steady(&v)).ok();
            parse(a) != parse(b)
        })
        .count()
        + base.lines().count().abs_diff(one.lines().count());
    let [base_s, two_s, one_s] = [0, 1, 2].map(|i| median(seconds[i].clone()));
    let speedup = base_s / two_s;
    let scaling = one_s / two_s;
    let memory =
        |i: usize| peaks[i].map_or("not measured".to_string(), |kb| format!("{} MB", kb / 1024));
    println!(
        "{} lines, {} alternating runs, {cores} cores; load average {load_before} before, {load_after} after",
        options.lines, options.runs
    );
    println!("| | median wall | lines/s | peak memory |");
    println!("|---|---:|---:|---:|");
    for (i, (name, _, _)) in commands.iter().enumerate() {
        let s = median(seconds[i].clone());
        println!(
            "| {name} | {s:.2} s | {:.0} | {} |",
            options.lines as f64 / s,
            memory(i)
        );
    }
    println!("baseline / jobs 2: {speedup:.2}x (goal >= 3); jobs 1 / jobs 2: {scaling:.2}x (goal >= 1.8)");
    println!("answers differing from the baseline's (timings aside): {differ}");
    anyhow::ensure!(differ == 0, "{differ} answers differ from the baseline's");
    anyhow::ensure!(
        speedup >= 3.0 && scaling >= 1.8,
        "a goal is not met (on a loaded machine, run again when its cores are free)"
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_generated_lines_are_requests_and_the_same_every_time() {
        let text = generate(30);
        assert_eq!(text, generate(30));
        for line in text.lines() {
            let v: Value = serde_json::from_str(line).unwrap();
            assert_eq!(v["check"], "1_testset_no_kfold");
            assert!(v["testset"]["p"].as_u64().unwrap() <= 5000);
        }
    }
}
