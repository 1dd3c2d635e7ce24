//! Fuzz target `request_sizes`: requests with fuzzer-chosen sizes are answered within their time limit plus a second.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|request: scorecheck_fuzz::sizes::Sized| {
    let text = request.to_json();
    scorecheck_fuzz::structured::remember(&text);
    let started = std::time::Instant::now();
    scorecheck_fuzz::oracles::request::run_text_checked(&text);
    // The request's own time_limit is 0.5 s; anything past 1.5 s is a budget not kept.
    // (Generous to the fuzzer's instrumentation; the strict check is `cargo xtask hostile`.)
    let elapsed = started.elapsed();
    assert!(
        elapsed.as_secs_f64() < 3.0,
        "answered in {elapsed:?}, far past its time_limit of 0.5 s"
    );
});
