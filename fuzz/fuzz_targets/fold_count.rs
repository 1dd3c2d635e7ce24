//! Fuzz target `fold_count`: the exact count of k-fold configurations against enumeration and a naive count.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| scorecheck_fuzz::oracles::fold_count::run(data));
