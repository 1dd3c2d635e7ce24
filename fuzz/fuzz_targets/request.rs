//! Fuzz target `request`: arbitrary bytes as a request to `scorecheck::run_text`; any verdict or error, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| scorecheck_fuzz::oracles::request::run_bytes(data));
