//! Fuzz target `extract_jats`: any text read as Jats by `scorecheck-extract` returns rows or an error, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = scorecheck_extract::extract(text, scorecheck_extract::Format::Jats, "fuzz");
    }
});
