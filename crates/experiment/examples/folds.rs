//! The experiment engine without JSON: a known-folds mean of scores decided with the exact
//! backend and the exact range of a score the paper did not report (the mean balanced
//! accuracy), then the same scores with the folds unknown, searched over every fold
//! configuration with a backend of one's own (a wrapper that counts the programs it is asked).
//!
//! Run: `cargo run -p scorecheck-experiment --example folds`.

use std::sync::atomic::{AtomicU64, Ordering};

use num_rational::BigRational;
use scorecheck_algebra::{parse_decimal, reported_interval, Score};
use scorecheck_experiment::{
    build, linear_range, search, space, verdict, Bound, DatasetSpec, Evaluation, Experiment,
    FoldSpec, Limits, SearchOutcome, UnknownFolds,
};
use scorecheck_feasibility::{Budget, Feasibility, Problem, Verdict};
use scorecheck_feasibility_pure::PureBackend;

/// A backend of one's own: counts the programs it is asked and delegates them.
#[derive(Default)]
struct Counting {
    calls: AtomicU64,
}

impl Feasibility for Counting {
    fn name(&self) -> std::borrow::Cow<'static, str> {
        "counting".into()
    }

    fn solve(&self, problem: &Problem, budget: &Budget) -> Verdict {
        self.calls.fetch_add(1, Ordering::Relaxed);
        PureBackend.solve(problem, budget)
    }
}

/// The window of a score reported as `value` at four decimals (eps 1e-4, tolerance 1e-6).
fn window(score: Score, value: &str) -> Bound {
    let q = |v: &str| parse_decimal(v).expect("a decimal");
    let (lower, upper): (BigRational, BigRational) =
        reported_interval(&q(value), &q("0.0001"), &q("0.000001"));
    Bound::new(score, lower, upper)
}

fn main() {
    // The EHG scores of the reference's paper: acc 0.9447, sens 0.9139, spec 0.9733.
    let windows = vec![
        window(Score::Acc, "0.9447"),
        window(Score::Sens, "0.9139"),
        window(Score::Spec, "0.9733"),
    ];

    // Known folds: 5-fold CV of p = 244, n = 262 as scikit-learn stratifies it.
    let folds = [(49, 53), (48, 53), (49, 52), (49, 52), (49, 52)];
    let known = Experiment::new(
        vec![DatasetSpec::from_folds(
            folds.iter().map(|&(p, n)| FoldSpec::new(p, n)).collect(),
        )],
        windows.clone(),
    );
    let answer = verdict(&known, &PureBackend, &Limits::new()).expect("the program builds");
    match &answer {
        Verdict::Feasible { witness } => {
            println!("known folds: consistent, (tp, tn) per fold {witness:?}")
        }
        other => println!("known folds: {other:?}"),
    }
    assert!(matches!(answer, Verdict::Feasible { .. }));

    // What the reported scores imply for one they leave out: the exact least and greatest
    // mean balanced accuracy over every per-fold (tp, tn) that fits them.
    if let Verdict::Feasible { witness } = &answer {
        let program = build(&known).expect("the program builds");
        let [least, greatest] = linear_range(
            &known,
            &program,
            witness,
            Score::Bacc,
            &PureBackend,
            &Limits::new(),
        )
        .expect("bacc is linear on every fold");
        println!(
            "mean bacc lies in [{}, {}] (exact: {})",
            least.attained,
            greatest.attained,
            least.is_exact() && greatest.is_exact()
        );
        assert!(least.attained <= greatest.attained);
    }

    // Unknown folds: every configuration of 5-fold over the same dataset.
    let unknown = UnknownFolds::new(vec![Evaluation::new(244, 262, 5, 1)], windows);
    let configurations = space(&unknown).expect("the configurations can be formed");
    let solver = Counting::default();
    // Every program goes to the caller's backend (no enumeration before it).
    let limits = Limits::new().with_enumeration_steps(None);
    let (outcome, statistics) =
        search(&unknown, &configurations, &solver, &limits).expect("the search runs");
    match &outcome {
        SearchOutcome::Consistent {
            index, experiment, ..
        } => {
            let sizes: Vec<(u64, u64)> = experiment.datasets[0]
                .folds
                .iter()
                .map(|f| (f.p, f.n))
                .collect();
            println!(
                "unknown folds: consistent, configuration {index} of {} {sizes:?}",
                configurations.count()
            );
        }
        other => println!("unknown folds: {other:?}"),
    }
    println!(
        "programs the counting backend was asked: {}; refuted without one: {}",
        solver.calls.load(Ordering::Relaxed),
        statistics.refuted_without_program
    );
    assert!(matches!(outcome, SearchOutcome::Consistent { .. }));
}
