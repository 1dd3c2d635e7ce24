//! Properties checked by the fuzz targets, each a `run(data: &[u8])` that panics on a violation.
//!
//! Shared with `crates/check/tests/fuzz_replay.rs` (through `#[path]`), so these files use
//! only crates that `scorecheck`'s tests can see.

pub mod bytes;
pub mod feasibility_diff;
pub mod fold_count;
pub mod request;
pub mod score_eval;
pub mod single_vs_bruteforce;
