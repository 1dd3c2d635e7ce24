//! Fuzz target `request_structured`: well-formed JSON requests from a small generated model, with their results checked.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|request: scorecheck_fuzz::structured::Request| {
    scorecheck_fuzz::oracles::request::run_text_checked(&request.to_json());
});
