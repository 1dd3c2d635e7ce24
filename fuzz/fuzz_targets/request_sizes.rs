//! Fuzz target `request_sizes`: requests with fuzzer-chosen sizes are answered within their time limit plus a second.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|request: scorecheck_fuzz::sizes::Sized| {
    let text = request.to_json();
    scorecheck_fuzz::structured::remember(&text);
    let started = std::time::Instant::now();
    scorecheck_fuzz::oracles::request::run_text_checked(&text);
    // The request's own time_limit is 0.5 s. Reading the request and writing the answer
    // are linear in its size and not bounded by the time limit (a 90,000-fold request is
    // 2 MB in and out), so the bound grows with the text: 15 s plus 30 s per megabyte. It
    // catches hangs (the sizes this target was made for once took minutes), not slowness:
    // the fuzzer's instrumentation and a loaded CI machine must not fail it; the strict
    // check is `cargo xtask hostile`.
    let elapsed = started.elapsed().as_secs_f64();
    let bound = 15.0 + 30.0 * text.len() as f64 / 1e6;
    assert!(
        elapsed < bound,
        "answered in {elapsed:.2} s, more than {bound:.2} s for a time_limit of 0.5 s"
    );
});
