//! Fuzz target `single_vs_bruteforce`: the single-matrix engine against enumerating every (tp, tn).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| scorecheck_fuzz::oracles::single_vs_bruteforce::run(data));
