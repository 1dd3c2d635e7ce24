//! The shell examples of README.md and GUIDE.md, run: every `$ command` line of a `sh` block
//! is run by bash in the repository's root with this build's `scorecheck` first on PATH, and
//! the lines shown after it must appear in its output in that order (lines left out of the
//! example are allowed; a line `...` stands for any lines). So the documents cannot drift
//! from the code.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// One example: the command and the output lines shown after it.
struct Example {
    file: &'static str,
    line: usize,
    command: String,
    shown: Vec<String>,
}

fn examples(file: &'static str) -> Vec<Example> {
    let text = std::fs::read_to_string(root().join(file)).expect("the document");
    let mut examples = Vec::new();
    let (mut in_block, mut in_sh, mut current) = (false, false, None);
    for (number, line) in text.lines().enumerate() {
        if line.starts_with("```") {
            in_block = !in_block;
            in_sh = in_block && line.trim() == "```sh";
            // Output shown belongs to a command of the same block only.
            current = None;
            continue;
        }
        if !in_sh {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            examples.push(Example {
                file,
                line: number + 1,
                command: command.to_string(),
                shown: Vec::new(),
            });
            current = Some(examples.len() - 1);
        } else if let Some(at) = current {
            examples[at].shown.push(line.to_string());
        }
    }
    examples
}

/// Whether `shown` appears in `output` in order (`...` matching any lines).
fn appears_in_order(shown: &[String], output: &str) -> Result<(), String> {
    let mut lines = output.lines();
    for expected in shown.iter().filter(|l| l.trim() != "...") {
        if !lines.by_ref().any(|actual| actual == expected) {
            return Err(expected.clone());
        }
    }
    Ok(())
}

#[test]
fn the_documents_shell_examples_give_what_they_show() {
    let binary = PathBuf::from(env!("CARGO_BIN_EXE_scorecheck"));
    let bin_dir = binary.parent().unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let scratch = std::env::temp_dir().join(format!("scorecheck-doc-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let mut failures = Vec::new();
    let mut run = 0;
    for example in examples("README.md")
        .into_iter()
        .chain(examples("GUIDE.md"))
    {
        // Output redirected to a file goes to a scratch directory, not the repository.
        let command = example.command.replace(
            "> checked.csv",
            &format!("> {}", scratch.join("checked.csv").display()),
        );
        let output = Command::new("bash")
            .arg("-c")
            .arg(&command)
            .current_dir(root())
            .env("PATH", &path)
            .output()
            .expect("bash runs");
        run += 1;
        let code = output.status.code();
        if !matches!(code, Some(0..=1)) {
            failures.push(format!(
                "{}:{}: `{}` exited {code:?}: {}",
                example.file,
                example.line,
                example.command,
                String::from_utf8_lossy(&output.stderr)
            ));
            continue;
        }
        let stdout = String::from_utf8_lossy(&output.stdout);
        if let Err(missing) = appears_in_order(&example.shown, &stdout) {
            failures.push(format!(
                "{}:{}: `{}` does not show {missing:?}; it printed:\n{stdout}",
                example.file, example.line, example.command
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    assert!(run >= 10, "only {run} examples found");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
