//! Fuzz target `feasibility_diff`: the pure-Rust feasibility backend against the brute-force oracle.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| scorecheck_fuzz::oracles::feasibility_diff::run(data));
