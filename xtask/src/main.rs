//! `cargo xtask`: project chores (`tidy`, `fuzz`, `web`, `codegen`, `papers-csv`, `bench-report`, `batch-bench`, `hostile`,
//! `diff-reference`, `diff-cbpe`, `diff-eval`, `mutants`, `reference-tests`).

use std::path::PathBuf;
use std::process::Command;

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let manifest_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let root = manifest_dir
        .parent()
        .map_or_else(|| manifest_dir.join(".."), PathBuf::from);
    match args.first().map(String::as_str) {
        Some("tidy") => {
            let violations = xtask::tidy::check(&root)?;
            for v in &violations {
                eprintln!("{}", v.0);
            }
            anyhow::ensure!(
                violations.is_empty(),
                "{} tidy violations",
                violations.len()
            );
            Ok(())
        }
        Some("fuzz") => fuzz(&root, &args[1..]),
        Some("web") => xtask::web::run(&root, &xtask::web::Options::parse(&args[1..])?),
        Some("codegen") => match args.get(1).map(String::as_str) {
            None => xtask::codegen::run(&root, false),
            Some("--check") => xtask::codegen::run(&root, true),
            Some(other) => anyhow::bail!("unknown codegen flag {other}; use --check or nothing"),
        },
        Some("batch-bench") => xtask::batch_bench::run(
            &root,
            &xtask::batch_bench::Options::parse(&root, &args[1..])?,
        ),
        Some("papers-csv") => {
            std::fs::write(
                root.join(xtask::papers_csv::PATH),
                xtask::papers_csv::generate(),
            )?;
            Ok(())
        }
        Some("bench-report") => {
            xtask::bench_report::run(&root, &xtask::bench_report::Options::parse(&args[1..])?)
        }
        Some("hostile") => {
            // The hostile replay on a release build with the strict bound: every
            // answer within its time_limit plus one second.
            let status = Command::new("cargo")
                .args([
                    "test",
                    "--release",
                    "-p",
                    "scorecheck-cli",
                    "--test",
                    "hostile",
                ])
                .args(["--", "--nocapture"])
                .env("SCORECHECK_HOSTILE_SLACK", "1")
                .current_dir(&root)
                .status()?;
            anyhow::ensure!(status.success(), "the hostile replay failed");
            Ok(())
        }
        Some("diff-cbpe") => {
            let mut options = xtask::diff_cbpe::Options {
                python: "/work/venv-cbpe/bin/python".into(),
                seed: 1,
                tolerance: 1e-9,
            };
            let mut rest = args[1..].iter();
            while let Some(flag) = rest.next() {
                let value = rest
                    .next()
                    .ok_or_else(|| anyhow::anyhow!("{flag} needs a value"))?;
                match flag.as_str() {
                    "--python" => options.python = value.clone(),
                    "--seed" => options.seed = value.parse()?,
                    "--tolerance" => options.tolerance = value.parse()?,
                    _ => anyhow::bail!("unknown flag {flag}"),
                }
            }
            xtask::diff_cbpe::run(&root, &options)
        }
        Some("diff-reference") => {
            let mut options = xtask::diff_reference::Options {
                cases: 500,
                seed: 1,
                python: std::env::var("SCORECHECK_REFERENCE_PYTHON")
                    .unwrap_or_else(|_| "python3".into()),
            };
            let mut rest = args[1..].iter();
            while let Some(flag) = rest.next() {
                let value = rest
                    .next()
                    .ok_or_else(|| anyhow::anyhow!("{flag} needs a value"))?;
                match flag.as_str() {
                    "--cases" => options.cases = value.parse()?,
                    "--seed" => options.seed = value.parse()?,
                    "--python" => options.python = value.clone(),
                    _ => anyhow::bail!("unknown flag {flag}"),
                }
            }
            xtask::diff_reference::run(&root, &options)
        }
        Some("diff-eval") => {
            let mut options = xtask::diff_eval::Options {
                cases: 60,
                seed: 1,
                python: std::env::var("SCORECHECK_EVAL_PYTHON")
                    .unwrap_or_else(|_| "python3".into()),
            };
            let mut rest = args[1..].iter();
            while let Some(flag) = rest.next() {
                let value = rest
                    .next()
                    .ok_or_else(|| anyhow::anyhow!("{flag} needs a value"))?;
                match flag.as_str() {
                    "--cases" => options.cases = value.parse()?,
                    "--seed" => options.seed = value.parse()?,
                    "--python" => options.python = value.clone(),
                    _ => anyhow::bail!("unknown flag {flag}"),
                }
            }
            xtask::diff_eval::run(&root, &options)
        }
        Some("mutants") => mutants(&root, &args[1..]),
        Some("reference-tests") => {
            let mut options = xtask::reference_tests::Options {
                tests: PathBuf::new(),
                python: None,
                timeout: 120,
                jobs: 1,
                only: None,
            };
            let mut rest = args[1..].iter();
            while let Some(flag) = rest.next() {
                let value = rest
                    .next()
                    .ok_or_else(|| anyhow::anyhow!("{flag} needs a value"))?;
                match flag.as_str() {
                    "--tests" => options.tests = PathBuf::from(value),
                    "--python" => options.python = Some(std::path::absolute(value)?),
                    "--timeout" => options.timeout = value.parse()?,
                    "--jobs" => options.jobs = value.parse()?,
                    "--only" => options.only = Some(value.clone()),
                    _ => anyhow::bail!("unknown flag {flag}"),
                }
            }
            anyhow::ensure!(
                !options.tests.as_os_str().is_empty(),
                "give --tests PATH: the tests/ directory of mlscorecheck v1.0.3 (its source release)"
            );
            options.tests = std::path::absolute(&options.tests)?;
            xtask::reference_tests::run(&root, &options)
        }
        _ => {
            eprintln!("usage: cargo xtask <tidy | fuzz [--seconds N] | web --out DIR [--wasm FILE] | codegen [--check] | papers-csv | bench-report [--from-json] [--reference PYTHON] [--runs N] [--callgrind] [--highs BIN] | batch-bench --baseline BIN [--binary BIN] [--lines N] [--runs N] [--out DIR] | hostile | diff-reference [--cases N] [--seed S] [--python PATH] | diff-eval [--cases N] [--seed S] [--python PATH] | diff-cbpe [--python PATH] [--seed S] [--tolerance T] | reference-tests --tests PATH [--python PY] [--timeout S] [--jobs N] [--only TEXT] | mutants [--crate NAME]... [--file PATH]... [--jobs N] [--output DIR] [--copy-target] [--report-only]>");
            std::process::exit(2);
        }
    }
}

/// Runs cargo-mutants on the verdict path of the exact core (see `xtask::mutants`).
fn mutants(root: &std::path::Path, args: &[String]) -> anyhow::Result<()> {
    let target_dir = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target"));
    let mut options = xtask::mutants::Options {
        crates: Vec::new(),
        files: Vec::new(),
        jobs: 2,
        output: target_dir.join("mutants"),
        report_only: false,
        copy_target: false,
    };
    let mut rest = args.iter();
    while let Some(flag) = rest.next() {
        match flag.as_str() {
            "--report-only" => {
                options.report_only = true;
                continue;
            }
            "--copy-target" => {
                options.copy_target = true;
                continue;
            }
            _ => {}
        }
        let value = rest
            .next()
            .ok_or_else(|| anyhow::anyhow!("{flag} needs a value"))?;
        match flag.as_str() {
            "--crate" => options.crates.push(value.clone()),
            "--file" => options.files.push(value.clone()),
            "--jobs" => {
                options.jobs = value
                    .parse()
                    .map_err(|e| anyhow::anyhow!("--jobs {value}: {e}; give a count such as 2"))?
            }
            "--output" => options.output = PathBuf::from(value),
            _ => anyhow::bail!("unknown flag {flag}; see `cargo xtask` for the usage"),
        }
    }
    anyhow::ensure!(options.jobs > 0, "--jobs 0: give at least 1");
    xtask::mutants::run(root, &options)
}

/// Runs every fuzz target for a while on the stable toolchain (`-s none`).
fn fuzz(root: &std::path::Path, args: &[String]) -> anyhow::Result<()> {
    let seconds = match args {
        [flag, n] if flag == "--seconds" => n.parse::<u64>()?,
        [] => 30,
        _ => anyhow::bail!("usage: cargo xtask fuzz [--seconds N]"),
    };
    let fuzz_dir = root.join("fuzz");
    // cargo fuzz builds instrumented binaries into fuzz/target; a CARGO_TARGET_DIR shared
    // with ordinary builds would mix the two and rebuild everything each time.
    let cargo_fuzz = |args: &[&str]| {
        let mut command = Command::new("cargo");
        command
            .arg("fuzz")
            .args(args)
            .current_dir(&fuzz_dir)
            .env_remove("CARGO_TARGET_DIR");
        command
    };
    let list = cargo_fuzz(&["list"]).output()?;
    anyhow::ensure!(
        list.status.success(),
        "cargo fuzz list failed ({}); install it with `cargo install cargo-fuzz --locked`",
        String::from_utf8_lossy(&list.stderr).trim()
    );
    let targets: Vec<String> = String::from_utf8(list.stdout)?
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect();
    anyhow::ensure!(
        !targets.is_empty(),
        "cargo fuzz list found no targets in {}",
        fuzz_dir.display()
    );
    for target in &targets {
        eprintln!("fuzzing {target} for {seconds} s");
        let mut libfuzzer_args = vec![
            format!("-max_total_time={seconds}"),
            // One input taking a minute is a finding (a budget not honoured), not a wait.
            "-timeout=60".to_string(),
        ];
        let dictionary = format!("{target}.dict");
        if fuzz_dir.join(&dictionary).is_file() {
            libfuzzer_args.push(format!("-dict={dictionary}"));
        }
        let mut run_args = vec!["run", "-s", "none", target.as_str(), "--"];
        run_args.extend(libfuzzer_args.iter().map(String::as_str));
        let status = cargo_fuzz(&run_args).status()?;
        anyhow::ensure!(
            status.success(),
            "fuzz target {target} failed; the input is under fuzz/artifacts/{target}/ (keep it under tests/fuzz/{target}/)"
        );
    }
    Ok(())
}
