//! The scorecheck facade as a WebAssembly module for the page that checks in the browser:
//! JSON request text in, the JSON result of `scorecheck check --format json` out.
//!
//! What it does: built for `wasm32-unknown-unknown` (`cargo xtask web` builds it with the
//! page), it exports plain functions over its linear memory, so the page needs no generated
//! glue: `scorecheck_alloc(len) -> ptr` and `scorecheck_free(ptr, len)` for byte buffers, and
//! `scorecheck_check(ptr, len, time_limit_seconds) -> (result_ptr << 32) | result_len`, which
//! answers the UTF-8 request text at `ptr` with the pure backend (a time limit ≤ 0 is none; a
//! request's own `time_limit` replaces it). It imports one function, the host's monotonic
//! clock (`env.scorecheck_now_ms`, see `scorecheck-clock`). On native targets the same
//! [`answer`] is an ordinary function, which is how it is tested.
//!
//! What it deliberately does not do: no JavaScript glue (wasm-bindgen would add a generated
//! script and a CLI to pin), no threads (the engines' rayon pool runs on the calling thread
//! where threads cannot start), no file or network access; a request runs to its end or its
//! time limit, and the page cancels by ending the worker it runs in.
//!
//! ```
//! let result = scorecheck_wasm::answer(
//!     r#"{"check": "1_testset_no_kfold", "testset": {"p": 1000, "n": 6000},
//!         "scores": {"acc": 0.6821, "npv": 0.9401, "f1p": 0.4004}, "eps": 1e-4}"#,
//!     10.0,
//! );
//! assert!(result.contains(r#""verdict":"consistent""#));
//! ```
//!
//! Cargo features: none.

#![warn(unreachable_pub)]

use std::time::Duration;

/// The answer to one request as JSON text: the result object, or `{"error": {...}}`.
/// `time_limit_seconds` (≤ 0 or not finite: none) is the default time limit of the request.
pub fn answer(request: &str, time_limit_seconds: f64) -> String {
    let mut options = scorecheck::RunOptions::default();
    if time_limit_seconds.is_finite() && time_limit_seconds > 0.0 {
        options.time_limit = Some(Duration::from_secs_f64(
            time_limit_seconds.min(scorecheck::MAX_TIME_LIMIT_SECONDS),
        ));
    }
    match scorecheck::run_text(request, &options) {
        Ok(value) => value.to_string(),
        Err(error) => serde_json::json!({ "error": error.to_json() }).to_string(),
    }
}

/// The exported functions: raw pointers into the module's own memory, handed to the host.
#[cfg(target_arch = "wasm32")]
#[allow(unsafe_code)]
// Exported by symbol name (`#[no_mangle]`), not by path: `pub` is what the export needs.
#[allow(unreachable_pub)]
mod exports {
    /// A buffer of `len` bytes for the host to write a request into.
    #[no_mangle]
    pub extern "C" fn scorecheck_alloc(len: u32) -> u32 {
        let mut buffer = vec![0u8; len as usize];
        let ptr = buffer.as_mut_ptr();
        std::mem::forget(buffer);
        ptr as u32
    }

    /// Frees a buffer that [`scorecheck_alloc`] or [`scorecheck_check`] handed out.
    #[no_mangle]
    pub extern "C" fn scorecheck_free(ptr: u32, len: u32) {
        if ptr != 0 {
            // SAFETY: `ptr` and `len` are those of a buffer this module allocated with
            // capacity `len` (the host frees each buffer once).
            drop(unsafe { Vec::from_raw_parts(ptr as *mut u8, len as usize, len as usize) });
        }
    }

    /// Answers the request text at `ptr..ptr + len`; the result's pointer and length, packed.
    #[no_mangle]
    pub extern "C" fn scorecheck_check(ptr: u32, len: u32, time_limit_seconds: f64) -> u64 {
        // SAFETY: the host wrote `len` bytes at `ptr`, a buffer from `scorecheck_alloc`.
        let bytes = unsafe { std::slice::from_raw_parts(ptr as *const u8, len as usize) };
        let result = match std::str::from_utf8(bytes) {
            Ok(text) => super::answer(text, time_limit_seconds),
            Err(_) => serde_json::json!({"error": {"kind": "invalid_json", "field": null,
                "message": "the request is not valid UTF-8; send it as UTF-8 JSON text"}})
            .to_string(),
        };
        // The capacity equals the length, so `scorecheck_free(ptr, len)` frees it exactly.
        let mut bytes = result.into_bytes().into_boxed_slice().into_vec();
        let (out, out_len) = (bytes.as_mut_ptr() as u64, bytes.len() as u64);
        std::mem::forget(bytes);
        (out << 32) | out_len
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn errors_come_back_as_records() {
        let result = super::answer(r#"{"check": "1_testset_no_kfol"}"#, 0.0);
        assert!(result.contains(r#""field":"check""#), "{result}");
    }

    #[test]
    fn the_time_limit_ends_a_long_search_undecided() {
        let request = r#"{"check": "1_dataset_unknown_folds_mos", "dataset": {"p": 6000, "n": 6000},
            "folding": {"n_folds": 10}, "scores": {"acc": 0.9447, "sens": 0.9139, "spec": 0.9733},
            "eps": 0.000001}"#;
        let result = super::answer(request, 0.5);
        assert!(result.contains(r#""verdict":"undecided""#), "{result}");
    }
}
