//! Fuzz target `request_structured`: well-formed JSON requests from a small generated model, with their results checked.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|request: scorecheck_fuzz::structured::Request| {
    let text = request.to_json();
    // On a panic the hook prints this JSON, which is what gets saved under tests/fuzz/request/.
    scorecheck_fuzz::structured::remember(&text);
    scorecheck_fuzz::oracles::request::run_text_checked(&text);
});
