//! Typed requests in, typed outcomes out: the paper's single-matrix example, a consistent and
//! an inconsistent 5-fold mean-of-scores check, an unknown-folds check and a macro multiclass
//! check, each printed from the fields of its typed outcome (no JSON result is read).
//!
//! Run with `cargo run -p scorecheck --example typed_outcomes`.

use scorecheck::algebra::{parse_decimal, Params, Score};
use scorecheck::experiment::{Bound, DatasetSpec, Experiment, WitnessScores};
use scorecheck::json::Json;
use scorecheck::outcomes::{MulticlassDecision, ProgramAnswer};
use scorecheck::request::figures::Figures;
use scorecheck::request::mean_of_scores::{MeanOfScoresRequest, MeanProtocol};
use scorecheck::request::single_matrix::SingleMatrixRequest;
use scorecheck::request::Family;
use scorecheck::single::Window;
use scorecheck::{
    answer_mean_of_scores, answer_request, answer_single_matrix, BackendChoice, Conclusion,
    Outcome, RunOptions,
};

type Failure = Box<dyn std::error::Error>;

fn decimal(text: &str) -> Result<num_rational::BigRational, Failure> {
    parse_decimal(text).map_err(|e| format!("{text} is not a decimal: {e:?}").into())
}

/// Reported figures at four decimals as exact windows (eps 1e-4, the reference's tolerance).
fn windows(reported: &[(Score, &str)]) -> Result<Vec<Window>, Failure> {
    let (eps, tolerance) = (decimal("0.0001")?, decimal("0.000001")?);
    reported
        .iter()
        .map(|&(score, value)| Ok(Window::around(score, decimal(value)?, &eps, &tolerance)))
        .collect()
}

/// Every fold of a witness: its counts, its (tp, tn) and its exact scores.
fn print_folds(witness: &WitnessScores) {
    for (d, dataset) in witness.datasets.iter().enumerate() {
        for (f, fold) in dataset.folds.iter().enumerate() {
            let scores: Vec<String> = witness
                .scores
                .iter()
                .zip(&fold.scores)
                .map(|(score, value)| match value {
                    Some(v) => format!("{score} = {v}"),
                    None => format!("{score} undefined"),
                })
                .collect();
            println!(
                "    dataset {d}, fold {f}: p={}, n={}, tp={}, tn={}: {}",
                fold.p,
                fold.n,
                fold.tp,
                fold.tn,
                scores.join(", ")
            );
        }
    }
}

/// A 5-fold stratified mean-of-scores check of acc, sens and spec on (p, n).
fn five_fold(p: u64, n: u64, reported: &[(Score, &str)]) -> Result<MeanOfScoresRequest, Failure> {
    let eps = decimal("0.0001")?;
    let bounds = reported
        .iter()
        .map(|&(score, value)| Ok(Bound::around(score, &decimal(value)?, &eps)))
        .collect::<Result<Vec<_>, Failure>>()?;
    let experiment = Experiment::new(vec![DatasetSpec::kfold(p, n, 5)?], bounds);
    Ok(MeanOfScoresRequest::new(
        MeanProtocol::DatasetKnownFolds,
        experiment,
    ))
}

/// A request read once into its typed form (as `scorecheck check` reads a file).
fn read(text: &str) -> Result<scorecheck::request::Request, Failure> {
    let names = BackendChoice::ALL.map(BackendChoice::as_str);
    Ok(scorecheck::request::read(&Json::parse(text)?, &names)?)
}

fn main() -> Result<(), Failure> {
    let options = RunOptions::default();

    // 1. The paper's example: one test set, acc, npv and f1p at four decimals.
    let figures = Figures::from_windows(
        windows(&[
            (Score::Acc, "0.6821"),
            (Score::Npv, "0.9401"),
            (Score::F1p, "0.4004"),
        ])?,
        Params::default(),
    );
    let answer = answer_single_matrix(&SingleMatrixRequest::new(1000, 6000, figures), &options)?;
    let Outcome::SingleMatrix(single) = &answer.outcome else {
        return Err("a single-matrix request answers with a single-matrix outcome".into());
    };
    println!("paper's example: {}", answer.conclusion);
    println!(
        "  {} feasible (tp, tn) pairs: {:?}",
        single.engine.n_valid_tptn_pairs.unwrap_or(0),
        single.engine.witnesses
    );
    for (score, value) in single.scores_at_witness.iter().flatten() {
        println!("  at the first witness {score} = {value}");
    }

    // 2. A consistent 5-fold mean of scores: the witness per fold.
    let consistent = answer_mean_of_scores(
        &five_fold(126, 131, &[(Score::Acc, "0.5736"), (Score::Sens, "0.7681")])?,
        &options,
    )?;
    println!("5-fold, consistent figures: {}", consistent.conclusion);
    if let Outcome::MeanOfScores(mos) = &consistent.outcome {
        if let Some(witness) = &mos.witness {
            print_folds(&witness.scores);
        }
    }

    // 3. An inconsistent one: the explanation's contradicting subset.
    let inconsistent = answer_mean_of_scores(
        &five_fold(
            126,
            131,
            &[
                (Score::Acc, "0.9"),
                (Score::Sens, "0.5"),
                (Score::Spec, "0.5"),
            ],
        )?,
        &options,
    )?;
    println!("5-fold, inconsistent figures: {}", inconsistent.conclusion);
    if let Outcome::MeanOfScores(mos) = &inconsistent.outcome {
        if let Some(subset) = mos.explanation.as_ref().and_then(|e| e.subset.as_ref()) {
            println!("  cannot hold together: {}", subset.scores.join(", "));
            println!("  {}", subset.message);
        }
    }

    // 4. Unknown folds: which fold configuration fits, and its witness.
    let request = read(
        r#"{"check": "1_dataset_unknown_folds_mos", "dataset": {"p": 38, "n": 262},
            "folding": {"n_folds": 5, "n_repeats": 1},
            "scores": {"acc": 0.8667, "sens": 0.2632, "spec": 0.9542}, "eps": 0.0001}"#,
    )?;
    let answer = answer_request(&request, &options)?;
    println!("unknown folds: {}", answer.conclusion);
    if let Outcome::UnknownFolds(folds) = &answer.outcome {
        if let Some(total) = &folds.configurations_total {
            println!("  {total} configurations in all");
        }
        if let Some(found) = &folds.found {
            println!("  configuration {} fits:", found.index);
            print_folds(&found.witness);
        }
    }

    // 5. Macro averages over three classes: the witness's confusion matrix.
    let request = read(
        r#"{"check": "1_testset_no_kfold_macro", "testset": {"0": 10, "1": 20, "2": 30},
            "scores": {"acc": 0.7778, "sens": 0.6667, "spec": 0.8333}, "eps": 0.0001}"#,
    )?;
    if let Family::Multiclass(read) = &request.family {
        let answer = scorecheck::answer_multiclass(read, &options)?;
        println!("macro multiclass: {}", answer.conclusion);
        if let Outcome::Multiclass(classes) = &answer.outcome {
            if let MulticlassDecision::Macro {
                answer: ProgramAnswer::Feasible { witness },
                ..
            } = &classes.decision
            {
                for (fold, matrix) in witness.witness.folds.iter().enumerate() {
                    println!(
                        "  fold {fold}, rows true {:?}: {:?}",
                        classes.labels, matrix.matrix
                    );
                }
            }
        }
    }
    // Every answer above concluded, none with a guess.
    let all = [
        answer.conclusion,
        consistent.conclusion,
        inconsistent.conclusion,
    ];
    if all.contains(&Conclusion::Undecided) {
        return Err("an example was left undecided".into());
    }
    Ok(())
}
