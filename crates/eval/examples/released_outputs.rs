//! Checks a paper's reported accuracy and AUC against its released outputs, and prints the
//! thresholds at which the accuracy holds. `cargo test` runs it (through the test at the
//! end) and so does `cargo run --example released_outputs -p scorecheck-eval`; its
//! assertions fail loudly if the answer changes.

use scorecheck_algebra::{parse_decimal, Score};
use scorecheck_eval::{Outputs, Reported};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Released outputs: labels and scores of ten test samples.
    let labels = [1, 1, 1, 1, 1, 0, 0, 0, 0, 0];
    let scores = [0.95, 0.9, 0.7, 0.6, 0.4, 0.65, 0.3, 0.2, 0.2, 0.1];
    let outputs = Outputs::from_labels(&labels, &scores, &1)?;
    // The paper reports accuracy 0.8 and AUC 0.92, both to two decimals.
    let reported = Reported::new()
        .score(Score::Acc, parse_decimal("0.8")?, parse_decimal("0.005")?)
        .auc(parse_decimal("0.92")?, parse_decimal("0.005")?);
    let outcome = outputs.check_reported(&reported)?;
    for fit in &outcome.fits {
        println!("{} with threshold {}", fit.rule, fit.threshold);
    }
    let auc = outputs.auc();
    println!("exact AUC {} = {}", auc.exact(), auc.value());
    assert!(!outcome.inconsistency);
    assert_eq!(auc.exact().to_string(), "23/25");
    assert!(outcome
        .fits
        .iter()
        .all(|f| f.matrix.tp() + f.matrix.tn() == 8));
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_example_runs_and_its_assertions_hold() {
        super::main().unwrap();
    }
}
