//! The Python extension module `scorecheck._scorecheck`: the facade's JSON-text entry point,
//! answered with the GIL released, for the pure-Python package `scorecheck`.
//!
//! What it does: [`check_text`] answers one request given as JSON text, `batch_texts` a list
//! of them in parallel; `check_names` and `datasets` list the protocols and the registry.
//! The request text is built in Python (floats by `repr`, `Decimal` as written), so a reported
//! `0.950` reaches the facade as the decimal it is.
//!
//! What it deliberately does not do: no conversion of Python objects to JSON values here (the
//! Python layer owns number text), no exceptions raised for bad requests (an error record
//! comes back and the Python layer raises `scorecheck.ScorecheckError`), no protocol logic.
//!
//! ```python
//! # pip install ./crates/python
//! import scorecheck
//! result = scorecheck.check({"check": "1_testset_no_kfold", "testset": {"p": 1000, "n": 6000},
//!                            "scores": {"acc": 0.6821, "npv": 0.9401, "f1p": 0.4004}, "eps": 1e-4})
//! assert result["n_valid_tptn_pairs"] == 2
//! ```
//!
//! Cargo features: none of its own; maturin switches on `pyo3/extension-module`
//! (`pyproject.toml`), which workspace builds leave off.

use pyo3::prelude::*;
use rayon::prelude::*;
use serde_json::json;

/// The answer to one request as JSON text: the result object, or `{"error": {...}}`.
pub fn answer(text: &str) -> String {
    let options = scorecheck::RunOptions::default();
    // A panic would be a bug; it must not take the interpreter down with it.
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        scorecheck::run_text(text, &options)
    }));
    match outcome {
        Ok(Ok(value)) => value.to_string(),
        Ok(Err(error)) => json!({ "error": error.to_json() }).to_string(),
        Err(_) => json!({"error": {
            "kind": "internal",
            "field": null,
            "message": "internal error while answering this request (a bug: please report the request)"
        }})
        .to_string(),
    }
}

/// Answers one request given as JSON text, with the GIL released.
#[pyfunction]
fn check_text(py: Python<'_>, request: String) -> String {
    py.allow_threads(move || answer(&request))
}

/// Answers many requests in parallel, in order, with the GIL released.
#[pyfunction]
fn batch_texts(py: Python<'_>, requests: Vec<String>) -> Vec<String> {
    py.allow_threads(move || requests.par_iter().map(|text| answer(text)).collect())
}

/// The protocol names, as the facade dispatches them.
#[pyfunction]
fn check_names() -> Vec<&'static str> {
    scorecheck::check_names()
}

/// The named datasets of the registry as (name, p, n).
#[pyfunction]
fn datasets() -> Vec<(&'static str, u64, u64)> {
    scorecheck::registry_datasets()
        .map(|d| (d.name, d.p, d.n))
        .collect()
}

/// The extension module.
#[pymodule]
fn _scorecheck(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(check_text, module)?)?;
    module.add_function(wrap_pyfunction!(batch_texts, module)?)?;
    module.add_function(wrap_pyfunction!(check_names, module)?)?;
    module.add_function(wrap_pyfunction!(datasets, module)?)?;
    Ok(())
}
