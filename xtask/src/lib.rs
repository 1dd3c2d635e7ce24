//! Library side of `cargo xtask`: the convention checks shared by the tidy test, and the static site.
//!
//! It checks what the house style requires and a compiler cannot: every crate documents
//! itself with `//!` docs, every source file opens with a `//!` line, and every dependency
//! edge between our crates is one ARCHITECTURE.md allows; those checks build nothing.
//! [`web`] builds the static site (`cargo xtask web --out DIR`).
//!
//! ```
//! let edges = xtask::tidy::allowed_edges("```allowed-edges\na: b, c\nb:\n```\n").unwrap();
//! assert!(edges["a"].contains("c"));
//! ```
//!
//! Cargo features: none.

pub mod batch_bench;
pub mod bench_report;
pub mod codegen;
pub mod diff_cbpe;
pub mod diff_eval;
pub mod diff_reference;
pub mod mutants;
pub mod papers_csv;
pub mod reference_differences;
pub mod reference_tests;
pub mod tidy;
pub mod web;
