//! Fuzz target `score_eval`: exact against f64 evaluation and interval enclosures of every score at one matrix.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| scorecheck_fuzz::oracles::score_eval::run(data));
