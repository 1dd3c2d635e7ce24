//! A request's deadline (`RunOptions::deadline`, set from `time_limit` when a request
//! starts) binds every search of the request: once it has passed, each answers undecided
//! (or with the verdict it already had), never with a wrong verdict.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use scorecheck::{run, RunOptions};
use serde_json::{json, Value};

fn passed() -> RunOptions {
    RunOptions::default().with_deadline(Instant::now())
}

fn verdict(request: &Value, options: &RunOptions) -> Value {
    let out = run(request, options).unwrap_or_else(|e| panic!("{request}: {e}"));
    out["verdict"].clone()
}

#[test]
fn a_passed_deadline_stops_every_kind_of_search() {
    let cases = [
        // The single-matrix engine: thousands of exact evaluations to decide.
        (
            json!({"check": "1_testset_no_kfold", "testset": {"p": 7_340_691, "n": 2_330_722},
                   "scores": {"one_minus_pt": "0.5463", "mk": "0.0649"}, "eps": "0.0001"}),
            "consistent",
        ),
        // An integer program (mean of scores over known folds).
        (
            json!({"check": "1_dataset_known_folds_mos", "dataset": {"p": 126, "n": 131},
                   "folding": {"folds": [{"p": 52, "n": 94}, {"p": 74, "n": 37}]},
                   "scores": {"acc": 0.573, "sens": 0.768, "bacc": 0.662}, "eps": 0.001}),
            "consistent",
        ),
        // A sweep over fold configurations (the reference's EHG example: all 918 refuted).
        (
            json!({"check": "1_dataset_unknown_folds_mos", "dataset": {"p": 38, "n": 262},
                   "folding": {"n_folds": 5, "n_repeats": 1},
                   "scores": {"acc": 0.9447, "sens": 0.9139, "spec": 0.9733}, "eps": 1e-4}),
            "inconsistent",
        ),
    ];
    for (request, unhurried) in cases {
        assert_eq!(
            verdict(&request, &RunOptions::default()),
            unhurried,
            "{request}"
        );
        assert_eq!(verdict(&request, &passed()), "undecided", "{request}");
    }
}

#[test]
fn a_cancel_flag_set_before_stops_searches_like_a_passed_deadline() {
    let cancelled = RunOptions::default().with_cancel(Arc::new(AtomicBool::new(true)));
    for request in [
        json!({"check": "1_testset_no_kfold", "testset": {"p": 7_340_691, "n": 2_330_722},
               "scores": {"one_minus_pt": "0.5463", "mk": "0.0649"}, "eps": "0.0001"}),
        json!({"check": "1_dataset_unknown_folds_mos", "dataset": {"p": 38, "n": 262},
               "folding": {"n_folds": 5, "n_repeats": 1},
               "scores": {"acc": 0.9447, "sens": 0.9139, "spec": 0.9733}, "eps": 1e-4}),
    ] {
        assert_eq!(verdict(&request, &cancelled), "undecided", "{request}");
    }
}

#[test]
fn a_cancel_flag_set_from_another_thread_stops_a_running_sweep() {
    // Without a time limit this sweep (all refuted so far) would run for its default 10
    // minutes; the flag, set while it runs, ends it with "undecided".
    let request = json!({"check": "1_dataset_unknown_folds_mos",
        "dataset": {"p": 6000, "n": 6000}, "folding": {"n_folds": 10, "n_repeats": 1},
        "scores": {"acc": 0.9447, "sens": 0.9139, "spec": 0.9733}, "eps": 1e-6});
    let flag = Arc::new(AtomicBool::new(false));
    let options = RunOptions::default().with_cancel(Arc::clone(&flag));
    let setter = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        flag.store(true, Ordering::Relaxed);
    });
    let out = run(&request, &options).unwrap_or_else(|e| panic!("{e}"));
    setter
        .join()
        .unwrap_or_else(|_| panic!("the setter panicked"));
    assert_eq!(out["verdict"], "undecided", "{out}");
}

#[test]
fn time_limit_sets_the_deadline_of_the_whole_request() {
    // A caller's deadline is kept; without one, `time_limit` sets it when the request
    // starts, so a request with a long limit is answered as if it had none.
    let request = json!({"check": "1_dataset_known_folds_mos", "dataset": {"p": 126, "n": 131},
        "folding": {"folds": [{"p": 52, "n": 94}, {"p": 74, "n": 37}]},
        "scores": {"acc": 0.573, "sens": 0.768, "bacc": 0.662}, "eps": 0.001,
        "time_limit": 3600});
    assert_eq!(verdict(&request, &RunOptions::default()), "consistent");
    assert_eq!(verdict(&request, &passed()), "undecided");
}
