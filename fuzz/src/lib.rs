//! The logic behind the fuzz targets: input decoders and the properties each target asserts.
//!
//! The targets in `fuzz_targets/` are one-line wrappers over this crate. Everything under
//! [`oracles`] depends only on scorecheck's own crates and their number crates (no
//! `arbitrary`, no libFuzzer), so `crates/check/tests/fuzz_replay.rs` includes the very same
//! files and replays the saved crash inputs under `tests/fuzz/<target>/` as ordinary tests.
//! Only [`structured`] and [`sizes`], the request generators, need `arbitrary`.

pub mod oracles;
pub mod sizes;
pub mod structured;
