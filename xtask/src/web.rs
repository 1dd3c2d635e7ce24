//! `cargo xtask web --out DIR`: the static site (the page, its worker and the WebAssembly checker).
//!
//! The site is `serve.html`, the page `scorecheck serve` shows, with its engine line set: the
//! page then checks in a Web Worker made from a Blob (Chromium refuses workers from `file://`
//! addresses) running the `scorecheck-wasm` module embedded as base64 (a page opened from
//! `file://` may not fetch a file beside it). `index.html` is therefore self-contained; the
//! `worker.js` and `scorecheck.wasm` written beside it are the same worker and module, for
//! hosts and scripts that load them as files (`.ci/wasm-test.mjs` runs the module under Node
//! through `worker.js`). Nothing is fetched: the page's policy allows no connection at all.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::Context;

/// The worker's source: it instantiates the module and answers one request at a time.
pub const WORKER: &str = include_str!("web/worker.js");

/// The line of `serve.html` that says who answers (scorecheck serve while it is null).
const ENGINE_LINE: &str = "const ENGINE = null; // scorecheck-web: the engine line";

/// The static page's policy: inline script and style, the WebAssembly compiler, a worker from
/// a Blob, and no connection, frame or form submission anywhere.
const STATIC_POLICY: &str = "default-src 'none'; script-src 'unsafe-inline' 'wasm-unsafe-eval'; worker-src blob:; style-src 'unsafe-inline'; img-src data:; connect-src 'none'; base-uri 'none'; form-action 'none'";

/// The WebAssembly target the module is built for.
pub const TARGET: &str = "wasm32-unknown-unknown";

/// The cargo profile the module is built with (the root manifest's `[profile.wasm]`).
const PROFILE: &str = "wasm";

/// What `cargo xtask web` was asked for.
pub struct Options {
    /// The directory the site is written to (created if missing).
    pub out: PathBuf,
    /// A module built elsewhere, used instead of building `scorecheck-wasm`.
    pub wasm: Option<PathBuf>,
}

impl Options {
    /// Reads `--out DIR [--wasm FILE]`.
    ///
    /// # Errors
    ///
    /// A flag without its value, an unknown flag, or no `--out`.
    pub fn parse(args: &[String]) -> anyhow::Result<Options> {
        let mut out = None;
        let mut wasm = None;
        let mut rest = args.iter();
        while let Some(flag) = rest.next() {
            let value = rest
                .next()
                .ok_or_else(|| anyhow::anyhow!("{flag} needs a value"))?;
            match flag.as_str() {
                "--out" => out = Some(PathBuf::from(value)),
                "--wasm" => wasm = Some(PathBuf::from(value)),
                _ => anyhow::bail!(
                    "unknown flag {flag}; usage: cargo xtask web --out DIR [--wasm FILE]"
                ),
            }
        }
        let out = out
            .ok_or_else(|| anyhow::anyhow!("say where the site goes: cargo xtask web --out DIR"))?;
        Ok(Options { out, wasm })
    }
}

/// Builds the module (unless given), then writes `index.html`, `worker.js` and
/// `scorecheck.wasm` into the output directory.
///
/// # Errors
///
/// The target not installed (the message says how to add it), a failed build, an unreadable
/// page, or an unwritable directory.
pub fn run(root: &Path, options: &Options) -> anyhow::Result<()> {
    let wasm_path = match &options.wasm {
        Some(path) => path.clone(),
        None => build_module(root)?,
    };
    let wasm = std::fs::read(&wasm_path)
        .with_context(|| format!("cannot read the module {}", wasm_path.display()))?;
    let html_path = root.join("crates/cli/src/serve.html");
    let html = std::fs::read_to_string(&html_path)
        .with_context(|| format!("cannot read the page {}", html_path.display()))?;
    let page = static_page(&html, WORKER, &wasm)?;
    std::fs::create_dir_all(&options.out)
        .with_context(|| format!("cannot create {}", options.out.display()))?;
    for (name, bytes) in [
        ("index.html", page.as_bytes()),
        ("worker.js", WORKER.as_bytes()),
        ("scorecheck.wasm", wasm.as_slice()),
    ] {
        let path = options.out.join(name);
        std::fs::write(&path, bytes).with_context(|| format!("cannot write {}", path.display()))?;
        eprintln!("wrote {} ({} bytes)", path.display(), bytes.len());
    }
    eprintln!(
        "open {} in a browser (from the disk or any static host)",
        options.out.join("index.html").display()
    );
    Ok(())
}

/// `cargo build --profile wasm --target wasm32-unknown-unknown -p scorecheck-wasm` (the
/// release profile without debug info, stripped, with LTO: see the root manifest); the
/// module's path.
fn build_module(root: &Path) -> anyhow::Result<PathBuf> {
    ensure_target_installed()?;
    let status = Command::new("cargo")
        .args([
            "build",
            "--profile",
            PROFILE,
            "--target",
            TARGET,
            "-p",
            "scorecheck-wasm",
        ])
        .current_dir(root)
        .status()
        .context("cannot run cargo")?;
    anyhow::ensure!(
        status.success(),
        "building scorecheck-wasm for {TARGET} failed"
    );
    let module = target_directory(root)?
        .join(TARGET)
        .join(PROFILE)
        .join("scorecheck_wasm.wasm");
    anyhow::ensure!(
        module.is_file(),
        "the build left no module at {}",
        module.display()
    );
    Ok(module)
}

/// Whether the compiler has the standard library for [`TARGET`] (with or without rustup).
fn ensure_target_installed() -> anyhow::Result<()> {
    let output = Command::new("rustc")
        .args(["--print", "target-libdir", "--target", TARGET])
        .output()
        .context("cannot run rustc")?;
    let libdir = String::from_utf8_lossy(&output.stdout).trim().to_string();
    let has_std = output.status.success()
        && std::fs::read_dir(&libdir).is_ok_and(|entries| {
            entries
                .filter_map(Result::ok)
                .any(|entry| entry.file_name().to_string_lossy().starts_with("libstd-"))
        });
    anyhow::ensure!(
        has_std,
        "the {TARGET} target is not installed; add it with `rustup target add {TARGET}`"
    );
    Ok(())
}

/// Cargo's target directory for this workspace (CARGO_TARGET_DIR and config files included).
fn target_directory(root: &Path) -> anyhow::Result<PathBuf> {
    let output = Command::new("cargo")
        .args(["metadata", "--format-version", "1", "--no-deps"])
        .current_dir(root)
        .output()
        .context("cannot run cargo metadata")?;
    anyhow::ensure!(output.status.success(), "cargo metadata failed");
    let metadata: serde_json::Value = serde_json::from_slice(&output.stdout)?;
    metadata["target_directory"]
        .as_str()
        .map(PathBuf::from)
        .ok_or_else(|| anyhow::anyhow!("cargo metadata named no target_directory"))
}

/// The page of `scorecheck serve` turned into the static site's page: its engine line holds
/// the worker and the module, it checks a link's request at once (nothing leaves the browser,
/// and Cancel or the time limit ends any check), and a policy forbids every connection.
///
/// # Errors
///
/// A page that no longer holds the engine line, the autorun switch or the charset line once.
pub fn static_page(html: &str, worker: &str, wasm: &[u8]) -> anyhow::Result<String> {
    let engine = serde_json::json!({ "worker": worker, "wasm": base64(wasm) }).to_string();
    // Inside a script element "</script" would end it; "<\/" is the same JavaScript string.
    let engine = engine.replace("</", "<\\/");
    let mut page = html.to_string();
    for (from, to) in [
        (ENGINE_LINE.to_string(), format!("const ENGINE = {engine};")),
        (
            "data-autorun=\"no\"".to_string(),
            "data-autorun=\"yes\"".to_string(),
        ),
        (
            "<meta charset=\"utf-8\">".to_string(),
            format!(
                "<meta charset=\"utf-8\">\n<meta http-equiv=\"Content-Security-Policy\" content=\"{STATIC_POLICY}\">"
            ),
        ),
    ] {
        let count = page.matches(from.as_str()).count();
        anyhow::ensure!(
            count == 1,
            "serve.html holds {from:?} {count} times, not once; update xtask/src/web.rs with the page"
        );
        page = page.replacen(from.as_str(), &to, 1);
    }
    Ok(page)
}

/// Standard base64 with padding (RFC 4648).
pub fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[(n >> (18 - 6 * i)) as usize & 63]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_matches_rfc_4648_vectors() {
        for (plain, encoded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64(plain.as_bytes()), encoded, "{plain:?}");
        }
        assert_eq!(base64(&[0xff, 0xfe, 0x00]), "//4A");
    }

    fn served_page() -> String {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
        std::fs::read_to_string(root.join("crates/cli/src/serve.html")).expect("serve.html")
    }

    #[test]
    fn the_static_page_embeds_the_engine_checks_links_and_forbids_connections() {
        let page = static_page(&served_page(), "x = '</script>';", b"\0asm").expect("page");
        assert!(!page.contains(ENGINE_LINE));
        assert!(
            page.contains(r#"const ENGINE = {"wasm":"AGFzbQ==","worker":"x = '<\/script>';"};"#)
        );
        assert!(page.contains("data-autorun=\"yes\""));
        assert!(page.contains("connect-src 'none'"));
        // The worker's text never closes the page's script element.
        assert_eq!(page.matches("</script>").count(), 1);
    }

    #[test]
    fn a_page_without_the_engine_line_is_refused() {
        let page = served_page().replace(ENGINE_LINE, "const ENGINE = null;");
        let error = static_page(&page, WORKER, b"").expect_err("refused");
        assert!(error.to_string().contains("engine line"), "{error}");
    }
}
