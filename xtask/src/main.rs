//! `cargo xtask`: project chores (`tidy`, `fuzz`, `diff-reference`).

use std::path::PathBuf;
use std::process::Command;

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
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
        _ => {
            eprintln!("usage: cargo xtask <tidy | fuzz [--seconds N] | diff-reference [--cases N] [--seed S] [--python PATH]>");
            std::process::exit(2);
        }
    }
}

/// Runs every fuzz target for a while on the stable toolchain (`-s none`).
fn fuzz(root: &std::path::Path, args: &[String]) -> anyhow::Result<()> {
    let seconds = match args {
        [flag, n] if flag == "--seconds" => n.parse::<u64>()?,
        [] => 30,
        _ => anyhow::bail!("usage: cargo xtask fuzz [--seconds N]"),
    };
    let fuzz_dir = root.join("fuzz");
    let list = Command::new("cargo")
        .args(["fuzz", "list"])
        .current_dir(&fuzz_dir)
        .output()?;
    anyhow::ensure!(
        list.status.success(),
        "cargo fuzz list failed; install it with `cargo install cargo-fuzz`"
    );
    for target in String::from_utf8(list.stdout)?
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
    {
        eprintln!("fuzzing {target} for {seconds} s");
        let status = Command::new("cargo")
            .args([
                "fuzz",
                "run",
                "-s",
                "none",
                target,
                "--",
                &format!("-max_total_time={seconds}"),
            ])
            .current_dir(&fuzz_dir)
            .status()?;
        anyhow::ensure!(status.success(), "fuzz target {target} failed");
    }
    Ok(())
}
