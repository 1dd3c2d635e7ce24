//! Multiclass checks against brute force over every K×K confusion matrix, the deliberate
//! differences from the reference's one-vs-rest model, and the conformance cases.

use std::collections::BTreeSet;

use num_bigint::BigInt;
use num_rational::BigRational;
use proptest::prelude::*;
use scorecheck::algebra::{parse_decimal, ConfusionMatrix, Params, Score};
use scorecheck::{run, RunOptions};
use serde_json::{json, Map, Value};

/// Every way to split `r` items into `k` ordered parts.
fn compositions(r: u64, k: usize) -> Vec<Vec<u64>> {
    if k == 1 {
        return vec![vec![r]];
    }
    let mut out = Vec::new();
    for first in 0..=r {
        for mut rest in compositions(r - first, k - 1) {
            rest.insert(0, first);
            out.push(rest);
        }
    }
    out
}

/// Every K×K matrix with the given row sums.
fn matrices(counts: &[u64]) -> Vec<Vec<Vec<u64>>> {
    let mut out: Vec<Vec<Vec<u64>>> = vec![Vec::new()];
    for &r in counts {
        let rows = compositions(r, counts.len());
        out = out
            .into_iter()
            .flat_map(|m| {
                rows.iter().map(move |row| {
                    let mut m = m.clone();
                    m.push(row.clone());
                    m
                })
            })
            .collect();
    }
    out
}

/// The pooled (micro) binary matrix (tp, tn, p, n).
fn micro_binary(m: &[Vec<u64>]) -> (u64, u64, u64, u64) {
    let k = m.len() as u64;
    let total: u64 = m.iter().flatten().sum();
    let trace: u64 = (0..m.len()).map(|i| m[i][i]).sum();
    (
        trace,
        (k - 1) * total - (total - trace),
        total,
        (k - 1) * total,
    )
}

/// Class c's one-vs-rest matrix (tp, tn, p, n).
fn class_binary(m: &[Vec<u64>], c: usize) -> (u64, u64, u64, u64) {
    let total: u64 = m.iter().flatten().sum();
    let p: u64 = m[c].iter().sum();
    let fp: u64 = (0..m.len()).filter(|&r| r != c).map(|r| m[r][c]).sum();
    (m[c][c], total - p - fp, p, total - p)
}

fn value(score: Score, (tp, tn, p, n): (u64, u64, u64, u64)) -> Option<scorecheck::algebra::Exact> {
    ConfusionMatrix::new(tp, tn, p, n)
        .ok()?
        .exact(score, &Params::default())
}

fn rational(score: Score, b: (u64, u64, u64, u64)) -> Option<BigRational> {
    value(score, b)?.as_rational().cloned()
}

/// A reported window: [v − eps − 1e-6, v + eps + 1e-6] as the checks read it.
struct Window {
    score: Score,
    text: String,
    lower: BigRational,
    upper: BigRational,
}

fn window(score: Score, text: String, eps: &str) -> Window {
    let v = parse_decimal(&text).unwrap();
    let e = parse_decimal(eps).unwrap() + parse_decimal("0.000001").unwrap();
    Window {
        score,
        lower: &v - &e,
        upper: &v + &e,
        text,
    }
}

/// Rounds an exact value to `decimals` and shifts it by `shift` units of the last decimal.
fn report(x: f64, decimals: usize, shift: i64) -> String {
    let unit = 10f64.powi(-(decimals as i32));
    format!("{:.*}", decimals, x + shift as f64 * unit)
}

fn request(check: &str, counts: &[u64], windows: &[Window], eps: &str, model: &str) -> Value {
    let testset: Map<String, Value> = counts
        .iter()
        .enumerate()
        .map(|(i, &c)| (format!("class{i}"), json!(c)))
        .collect();
    let scores: Map<String, Value> = windows
        .iter()
        .map(|w| {
            (
                w.score.abbreviation().to_string(),
                Value::String(w.text.clone()),
            )
        })
        .collect();
    json!({"check": check, "testset": testset, "scores": scores, "eps": eps, "model": model})
}

fn inconsistency(request: &Value) -> bool {
    let result = run(request, &RunOptions::default()).unwrap_or_else(|e| panic!("{request}: {e}"));
    match result["inconsistency"] {
        Value::Bool(b) => b,
        _ => panic!("undecided: {result}"),
    }
}

fn fits(w: &Window, x: Option<&BigRational>) -> bool {
    x.is_some_and(|x| *x >= w.lower && *x <= w.upper)
}

const MICRO_SCORES: [Score; 12] = [
    Score::Acc,
    Score::Sens,
    Score::Spec,
    Score::Ppv,
    Score::Npv,
    Score::F1p,
    Score::Mcc,
    Score::Bacc,
    Score::Kappa,
    Score::Fm,
    Score::Ji,
    Score::Lrp,
];
const LINEAR_SCORES: [Score; 8] = [
    Score::Acc,
    Score::Sens,
    Score::Spec,
    Score::Bacc,
    Score::Err,
    Score::Fnr,
    Score::Fpr,
    Score::Bm,
];

/// Class counts, a true matrix index, scores (indices), decimals and shifts.
fn problem(
    min_count: u64,
    n_scores: usize,
) -> impl Strategy<Value = (Vec<u64>, usize, Vec<(usize, i64)>, usize)> {
    (2usize..=3)
        .prop_flat_map(move |k| prop::collection::vec(min_count..=4u64, k))
        .prop_filter("at least one item", |c| c.iter().sum::<u64>() > 0)
        .prop_flat_map(move |counts| {
            (
                Just(counts),
                any::<prop::sample::Index>().prop_map(|i| i.index(usize::MAX)),
                prop::collection::vec(
                    (0usize..64, prop_oneof![3 => Just(0i64), 1 => -3i64..=3]),
                    1..=n_scores,
                ),
                2usize..=3,
            )
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Micro, exact model: equal to brute force over every K×K matrix; one-vs-rest: equal to
    /// brute force over every pooled (tp, tn).
    #[test]
    fn micro_matches_brute_force((counts, pick, picks, decimals) in problem(0, 3)) {
        let all = matrices(&counts);
        let truth = &all[pick % all.len()];
        let eps = format!("{}", 10f64.powi(-(decimals as i32)));
        let mut windows: Vec<Window> = Vec::new();
        for (s, shift) in picks {
            let score = MICRO_SCORES[s % MICRO_SCORES.len()];
            if windows.iter().any(|w| w.score == score) { continue; }
            let Some(x) = value(score, micro_binary(truth)) else { continue };
            windows.push(window(score, report(x.to_f64(), decimals, shift), &eps));
        }
        prop_assume!(!windows.is_empty());
        let exact_brute = all.iter().any(|m| windows.iter().all(|w| value(w.score, micro_binary(m)).is_some_and(|v| v.within(&w.lower, &w.upper))));
        prop_assert_eq!(inconsistency(&request("1_testset_no_kfold_micro", &counts, &windows, &eps, "exact")), !exact_brute);
        let (_, _, p, n) = micro_binary(truth);
        let ovr_brute = (0..=p).any(|tp| (0..=n).any(|tn| windows.iter().all(|w| value(w.score, (tp, tn, p, n)).is_some_and(|v| v.within(&w.lower, &w.upper)))));
        prop_assert_eq!(inconsistency(&request("1_testset_no_kfold_micro", &counts, &windows, &eps, "one_vs_rest")), !ovr_brute);
    }

    /// Macro, exact model: equal to brute force over every K×K matrix; one-vs-rest: equal to
    /// brute force over independent per-class matrices.
    #[test]
    fn macro_matches_brute_force((counts, pick, picks, decimals) in problem(1, 3)) {
        let all = matrices(&counts);
        let truth = &all[pick % all.len()];
        let k = counts.len();
        let kr = BigRational::from_integer(BigInt::from(k));
        let macro_value = |m: &Vec<Vec<u64>>, score: Score| -> Option<BigRational> {
            let mut sum = BigRational::from_integer(BigInt::from(0));
            for c in 0..k { sum += rational(score, class_binary(m, c))?; }
            Some(sum / &kr)
        };
        let eps = format!("{}", 10f64.powi(-(decimals as i32)));
        let mut windows: Vec<Window> = Vec::new();
        for (s, shift) in picks {
            let score = LINEAR_SCORES[s % LINEAR_SCORES.len()];
            if windows.iter().any(|w| w.score == score) { continue; }
            let x = macro_value(truth, score).unwrap();
            windows.push(window(score, report(num_traits::ToPrimitive::to_f64(&x).unwrap(), decimals, shift), &eps));
        }
        let exact_brute = all.iter().any(|m| windows.iter().all(|w| fits(w, macro_value(m, w.score).as_ref())));
        prop_assert_eq!(inconsistency(&request("1_testset_no_kfold_macro", &counts, &windows, &eps, "exact")), !exact_brute);
        // One-vs-rest: the achievable tuples of class-score sums, class by class.
        let total: u64 = counts.iter().sum();
        let mut sums: BTreeSet<Vec<BigRational>> = BTreeSet::from([vec![BigRational::from_integer(BigInt::from(0)); windows.len()]]);
        for &p in &counts {
            let n = total - p;
            let mut options = BTreeSet::new();
            for tp in 0..=p { for tn in 0..=n {
                options.insert(windows.iter().map(|w| rational(w.score, (tp, tn, p, n)).unwrap()).collect::<Vec<_>>());
            }}
            sums = sums.iter().flat_map(|s| options.iter().map(move |o| s.iter().zip(o).map(|(a, b)| a + b).collect::<Vec<_>>())).collect();
        }
        let ovr_brute = sums.iter().any(|s| windows.iter().zip(s).all(|(w, x)| fits(w, Some(&(x / &kr)))));
        prop_assert_eq!(inconsistency(&request("1_testset_no_kfold_macro", &counts, &windows, &eps, "one_vs_rest")), !ovr_brute);
    }
}

type Tuples = BTreeSet<Vec<BigRational>>;

/// {a + b : a ∈ x, b ∈ y} for tuples.
fn minkowski(x: &Tuples, y: &Tuples) -> Tuples {
    x.iter()
        .flat_map(|a| {
            y.iter()
                .map(move |b| a.iter().zip(b).map(|(u, v)| u + v).collect::<Vec<_>>())
        })
        .collect()
}

fn zero_tuple(n: usize) -> Tuples {
    BTreeSet::from([vec![BigRational::from_integer(BigInt::from(0)); n]])
}

/// The achievable tuples of fold-level averages (one entry per score) under each model.
fn fold_tuples(counts: &[u64], scores: &[Score], average: &str, model: &str) -> Tuples {
    let k = counts.len();
    let kr = BigRational::from_integer(BigInt::from(k));
    let total: u64 = counts.iter().sum();
    let tuple = |b: &dyn Fn(Score) -> Option<BigRational>| {
        scores.iter().map(|&s| b(s)).collect::<Option<Vec<_>>>()
    };
    match (average, model) {
        ("micro", "exact") => matrices(counts)
            .iter()
            .filter_map(|m| tuple(&|s| rational(s, micro_binary(m))))
            .collect(),
        ("micro", _) => {
            let (p, n) = (total, (k as u64 - 1) * total);
            (0..=p)
                .flat_map(|tp| (0..=n).map(move |tn| (tp, tn)))
                .filter_map(|(tp, tn)| tuple(&|s| rational(s, (tp, tn, p, n))))
                .collect()
        }
        ("macro", "exact") => matrices(counts)
            .iter()
            .filter_map(|m| {
                tuple(&|s| {
                    let mut sum = BigRational::from_integer(BigInt::from(0));
                    for c in 0..k {
                        sum += rational(s, class_binary(m, c))?;
                    }
                    Some(sum / &kr)
                })
            })
            .collect(),
        _ => {
            let mut sums = zero_tuple(scores.len());
            for &p in counts {
                let n = total - p;
                let options: Tuples = (0..=p)
                    .flat_map(|tp| (0..=n).map(move |tn| (tp, tn)))
                    .filter_map(|(tp, tn)| tuple(&|s| rational(s, (tp, tn, p, n)).map(|v| v / &kr)))
                    .collect();
                sums = minkowski(&sums, &options);
            }
            sums
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    /// Mean of scores over two folds, micro and macro, both models: equal to brute force
    /// over every combination of fold matrices.
    #[test]
    fn mean_of_scores_matches_brute_force(
        k in 2usize..=3,
        raw in prop::collection::vec(1u64..=2, 6),
        picks in prop::collection::vec((0usize..64, prop_oneof![3 => Just(0i64), 1 => -3i64..=3]), 1..=3),
        which in any::<prop::sample::Index>(),
        decimals in 2usize..=3,
        average in prop_oneof![Just("micro"), Just("macro")],
        same in any::<bool>(),
    ) {
        // Equal folds half the time: the exact macro model merges them.
        let second = if same { &raw[..k] } else { &raw[3..3 + k] };
        let folds = [raw[..k].to_vec(), second.to_vec()];
        let mut scores: Vec<Score> = Vec::new();
        for (s, _) in &picks {
            let score = LINEAR_SCORES[s % LINEAR_SCORES.len()];
            if !scores.contains(&score) { scores.push(score); }
        }
        let two = BigRational::from_integer(BigInt::from(2));
        let eps = format!("{}", 10f64.powi(-(decimals as i32)));
        // The reported values come from one exact-model configuration.
        let truth: Vec<BigRational> = {
            let options = minkowski(&fold_tuples(&folds[0], &scores, average, "exact"), &fold_tuples(&folds[1], &scores, average, "exact"));
            let chosen = options.iter().nth(which.index(options.len())).unwrap().clone();
            chosen.into_iter().map(|x| x / &two).collect()
        };
        let windows: Vec<Window> = scores.iter().zip(&truth).zip(&picks).map(|((&score, x), (_, shift))| {
            window(score, report(num_traits::ToPrimitive::to_f64(x).unwrap(), decimals, *shift), &eps)
        }).collect();
        let labels: Vec<String> = (0..k).map(|c| format!("c{c}")).collect();
        let as_object = |counts: &[u64]| Value::Object(labels.iter().cloned().zip(counts.iter().map(|&c| json!(c))).collect());
        let dataset: Vec<u64> = (0..k).map(|c| folds[0][c] + folds[1][c]).collect();
        let reported: Map<String, Value> = windows.iter().map(|w| (w.score.abbreviation().to_string(), Value::String(w.text.clone()))).collect();
        for model in ["exact", "one_vs_rest"] {
            let all = minkowski(&fold_tuples(&folds[0], &scores, average, model), &fold_tuples(&folds[1], &scores, average, model));
            let brute = all.iter().any(|t| windows.iter().zip(t).all(|(w, x)| fits(w, Some(&(x / &two)))));
            let request = json!({"check": format!("1_dataset_known_folds_mos_{average}"), "dataset": as_object(&dataset),
                "folding": {"folds": [as_object(&folds[0]), as_object(&folds[1])]}, "scores": reported, "eps": eps, "model": model});
            prop_assert_eq!(inconsistency(&request), !brute, "{} {}", model, request);
        }
    }
}

/// Every trace in [0, T] is reachable, and the pooled matrix is a function of the trace.
#[test]
fn every_trace_is_reachable() {
    for counts in [
        vec![3u64, 0],
        vec![2, 1, 3],
        vec![0, 2, 2],
        vec![1, 1, 1, 2],
    ] {
        let total: u64 = counts.iter().sum();
        let traces: BTreeSet<u64> = matrices(&counts)
            .iter()
            .map(|m| micro_binary(m).0)
            .collect();
        assert_eq!(traces, (0..=total).collect::<BTreeSet<_>>(), "{counts:?}");
        for m in matrices(&counts) {
            // fp = fn pooled over classes.
            let fp: u64 = (0..counts.len())
                .map(|c| class_binary(&m, c))
                .map(|(_, tn, _, n)| n - tn)
                .sum();
            let fn_: u64 = (0..counts.len())
                .map(|c| class_binary(&m, c))
                .map(|(tp, _, p, _)| p - tp)
                .sum();
            assert_eq!(fp, fn_);
        }
    }
}

fn run_ok(request: Value) -> Value {
    run(&request, &RunOptions::default()).unwrap_or_else(|e| panic!("{request}: {e}"))
}

/// Deliberate difference: micro sens fixes the trace, and with it spec; the reference's
/// relaxation lets the pooled tn move freely.
#[test]
fn micro_exact_model_is_stricter_than_one_vs_rest() {
    let base = json!({"check": "1_testset_no_kfold_micro", "testset": {"a": 3, "b": 3, "c": 4}, "scores": {"sens": 0.5, "spec": 0.9}, "eps": 1e-4});
    let exact = run_ok(base.clone());
    assert_eq!(exact["inconsistency"], true, "{exact}");
    assert_eq!(exact["model"], "exact");
    let mut relaxed = base;
    relaxed["model"] = json!("one_vs_rest");
    let relaxed = run_ok(relaxed);
    assert_eq!(relaxed["inconsistency"], false, "{relaxed}");
    assert_eq!(relaxed["model"], "one_vs_rest");
}

/// Deliberate difference: with two classes, class a's false positives are class b's false
/// negatives, so macro spec equals macro sens; the relaxation misses it.
#[test]
fn macro_exact_model_is_stricter_than_one_vs_rest() {
    let base = json!({"check": "1_testset_no_kfold_macro", "testset": {"a": 5, "b": 5}, "scores": {"sens": 0.8, "spec": 0.4}, "eps": 1e-4});
    let exact = run_ok(base.clone());
    assert_eq!(exact["inconsistency"], true, "{exact}");
    let mut relaxed = base;
    relaxed["model"] = json!("one_vs_rest");
    assert_eq!(run_ok(relaxed)["inconsistency"], false);
}

/// A consistent macro verdict carries K×K matrices whose exact scores are in the windows.
#[test]
fn macro_witness_is_a_matrix_with_the_row_sums() {
    let result = run_ok(
        json!({"check": "1_testset_no_kfold_macro", "testset": {"a": 2, "b": 3, "c": 1},
        "scores": {"acc": 0.7778, "sens": 0.5556, "f1p": 0.5}, "eps": 1e-4}),
    );
    assert_eq!(result["inconsistency"], false, "{result}");
    assert_eq!(result["ignored_scores"], json!(["f1p"]));
    let m: Vec<Vec<u64>> =
        serde_json::from_value(result["witness"]["folds"][0]["matrix"].clone()).unwrap();
    assert_eq!(
        m.iter().map(|r| r.iter().sum::<u64>()).collect::<Vec<_>>(),
        vec![2, 3, 1]
    );
}

/// Class score bounds are honoured (the reference raises on them).
#[test]
fn class_score_bounds_constrain_every_class() {
    let req = |lower: f64| {
        json!({"check": "1_testset_no_kfold_macro", "testset": {"a": 2, "b": 2},
        "scores": {"acc": 0.75}, "eps": 1e-4, "class_score_bounds": {"sens": [lower, 1.0]}})
    };
    // acc 0.75 on 4 items: 3 correct, so one class has sens 0.5.
    assert_eq!(run_ok(req(0.5))["inconsistency"], false);
    assert_eq!(run_ok(req(0.6))["inconsistency"], true);
}

/// Mean of scores over folds, micro: per-fold traces.
#[test]
fn micro_mean_of_scores_couples_each_fold() {
    let base = json!({"check": "1_dataset_known_folds_mos_micro", "dataset": {"a": 4, "b": 4, "c": 2},
        "folding": {"folds": [{"a": 2, "b": 2, "c": 1}, {"a": 2, "b": 2, "c": 1}]},
        "scores": {"sens": 0.6, "spec": 0.9}, "eps": 1e-4});
    // sens 0.6 = mean of t/5, so traces sum to 6; spec then is (5 + t)/10 averaged = 0.8.
    assert_eq!(run_ok(base.clone())["inconsistency"], true);
    let mut relaxed = base.clone();
    relaxed["model"] = json!("one_vs_rest");
    assert_eq!(run_ok(relaxed)["inconsistency"], false);
    let mut fine = base.clone();
    fine["scores"] = json!({"sens": 0.6, "spec": 0.8, "f1p": 0.6});
    let result = run_ok(fine);
    assert_eq!(result["inconsistency"], false, "{result}");
    // Under the exact model f1p is sens fold by fold: checked, and shown under its name.
    assert_eq!(result["ignored_scores"], json!([]));
    assert_eq!(
        result["witness"]["scores"]["f1p"]["exact"], "3/5",
        "{result}"
    );
    let mut contradicted = base.clone();
    contradicted["scores"] = json!({"sens": 0.6, "f1p": 0.7});
    assert_eq!(run_ok(contradicted)["inconsistency"], true);
    // The reference's one-vs-rest model keeps them apart: f1p is not used there.
    let mut relaxed = base;
    relaxed["model"] = json!("one_vs_rest");
    relaxed["scores"] = json!({"sens": 0.6, "f1p": 0.7});
    let result = run_ok(relaxed);
    assert_eq!(result["ignored_scores"], json!(["f1p"]), "{result}");
}

/// The micro scores of one fold of class counts `counts` with trace `t`, by the textbook
/// formulas at its pooled binary matrix (tp = t, fp = fn = T − t, tn = (K−2)·T + t).
fn micro_fold_score(score: Score, counts: &[u64], t: u64) -> Option<BigRational> {
    let total: u64 = counts.iter().sum();
    let k = counts.len() as u64;
    let (p, n) = (total, (k - 1) * total);
    let tn = (k - 2) * total + t;
    let matrix = ConfusionMatrix::new(t, tn, p, n).ok()?;
    matrix
        .exact(score, &Params::default())
        .and_then(|e| e.as_rational().cloned())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// `1_dataset_known_folds_mos_micro` against every vector of fold traces, with the scores
    /// that are linear only under the exact model (ppv, npv, f-scores, fm, mk, mcc, kappa).
    #[test]
    fn micro_mean_of_scores_matches_brute_force_over_the_traces(
        k in 2usize..=3,
        folds in prop::collection::vec(prop::collection::vec(1u64..=3, 3), 2..=3),
        truth in prop::collection::vec(0u64..=9, 3),
        picked in prop::collection::vec((0usize..13, -20i64..=20), 1..=3),
    ) {
        const SCORES: [Score; 13] = [
            Score::Acc, Score::Sens, Score::Spec, Score::Ppv, Score::Npv, Score::F1p,
            Score::F1n, Score::Fdr, Score::For, Score::Mk, Score::Mcc, Score::Kappa, Score::Fm,
        ];
        let folds: Vec<Vec<u64>> = folds.iter().map(|f| f[..k].to_vec()).collect();
        let traces: Vec<u64> = folds
            .iter()
            .zip(&truth)
            .map(|(f, t)| t % (f.iter().sum::<u64>() + 1))
            .collect();
        let mean = |score: Score, traces: &[u64]| -> Option<BigRational> {
            let mut sum = BigRational::from_integer(0.into());
            for (f, &t) in folds.iter().zip(traces) {
                sum += micro_fold_score(score, f, t)?;
            }
            Some(sum / BigRational::from_integer(BigInt::from(folds.len())))
        };
        let eps = parse_decimal("0.001").unwrap();
        let mut scores = Map::new();
        let mut windows = Vec::new();
        for &(index, shift) in &picked {
            let score = SCORES[index];
            if scores.contains_key(score.abbreviation()) {
                continue;
            }
            let Some(value) = mean(score, &traces) else { continue };
            let scaled = (value * BigRational::from_integer(1000.into())).round().to_integer()
                + BigInt::from(shift % 4 * 7);
            let reported = BigRational::new(scaled.clone(), BigInt::from(1000));
            let decimal: f64 = reported_decimal(&scaled).parse().unwrap();
            scores.insert(score.abbreviation().to_string(), json!(decimal));
            windows.push((score, &reported - &eps, &reported + &eps));
        }
        prop_assume!(!windows.is_empty());
        let totals: Vec<u64> = folds.iter().map(|f| f.iter().sum()).collect();
        let mut fits = false;
        let mut vector = vec![0u64; folds.len()];
        'all: loop {
            if windows.iter().all(|(score, lo, hi)| {
                mean(*score, &vector).is_some_and(|m| *lo <= m && m <= *hi)
            }) {
                fits = true;
                break;
            }
            for i in 0..vector.len() {
                vector[i] += 1;
                if vector[i] <= totals[i] {
                    continue 'all;
                }
                vector[i] = 0;
            }
            break;
        }
        let labels = ["a", "b", "c"];
        let as_counts = |f: &Vec<u64>| -> Value {
            Value::Object(f.iter().zip(labels).map(|(c, l)| (l.to_string(), json!(c))).collect())
        };
        let dataset: Vec<u64> = (0..k).map(|c| folds.iter().map(|f| f[c]).sum()).collect();
        let request = json!({"check": "1_dataset_known_folds_mos_micro",
            "dataset": as_counts(&dataset),
            "folding": {"folds": folds.iter().map(as_counts).collect::<Vec<_>>()},
            "scores": scores, "eps": 0.001});
        let result = run_ok(request.clone());
        prop_assert_eq!(&result["ignored_scores"], &json!([]), "{}", request);
        prop_assert_eq!(result["inconsistency"].as_bool(), Some(!fits), "{} {}", request, result);
    }
}

/// `1234` thousandths as `1.234`, `-5` as `-0.005`.
fn reported_decimal(thousandths: &BigInt) -> String {
    let negative = thousandths < &BigInt::from(0);
    let digits = format!("{:04}", thousandths.magnitude());
    let (whole, fraction) = digits.split_at(digits.len() - 3);
    format!("{}{whole}.{fraction}", if negative { "-" } else { "" })
}

/// Issue 31: 15 stratified folds of 5 classes, where the pure backend's branch and bound ran
/// out of nodes; every micro mean is a multiple of the mean of t_f/T_f, so it is decided
/// exactly by the fold traces, the witness re-checked like any backend's.
#[test]
fn micro_mean_of_scores_is_decided_by_the_traces() {
    let request = |bacc: f64| {
        json!({"check": "1_dataset_known_folds_mos_micro", "dataset": {"0": 34, "1": 50, "2": 23, "3": 63, "4": 112},
            "folding": {"n_folds": 5, "n_repeats": 3, "strategy": "stratified_sklearn"},
            "scores": {"acc": 0.959, "bacc": bacc}, "eps": 0.0001})
    };
    let result = run_ok(request(0.9359));
    assert_eq!(result["verdict"], "consistent", "{result}");
    assert_eq!(result["backend"], "pure");
    let matrices = result["matrices"].as_array().unwrap();
    assert_eq!(matrices.len(), 15);
    // Each witness fold's tn is its tp plus (K − 2)·T_f: a trace.
    for fold in result["witness"]["datasets"][0]["folds"]
        .as_array()
        .unwrap()
    {
        let (p, tp, tn) = (
            fold["p"].as_i64().unwrap(),
            fold["tp"].as_i64().unwrap(),
            fold["tn"].as_i64().unwrap(),
        );
        assert_eq!(tn - tp, 3 * p, "{fold}");
    }
    // Bounds on every fold's score only narrow each fold's traces: still decided.
    let mut bounded = request(0.9359);
    bounded["fold_score_bounds"] = json!({"sens": [0.85, 0.95]});
    let result = run_ok(bounded);
    assert_eq!(result["verdict"], "consistent", "{result}");
    let mut tight = request(0.9359);
    tight["fold_score_bounds"] = json!({"sens": [0.6, 0.85]});
    assert_eq!(run_ok(tight)["verdict"], "inconsistent");
    // acc 0.959 needs a mean t/T in [0.89725, 0.89775], bacc 0.9369 one in [0.89888, 0.8992].
    let result = run_ok(request(0.9369));
    assert_eq!(result["verdict"], "inconsistent", "{result}");
    assert_eq!(result["certainty"], "exact", "{result}");
}

/// Stratified folds follow scikit-learn (classes dealt in the dataset's order).
#[test]
fn stratified_folds_are_accepted_and_pooled() {
    let result = run_ok(
        json!({"check": "1_dataset_known_folds_som_micro", "dataset": {"0": 129, "1": 81, "2": 135},
        "folding": {"n_folds": 2, "n_repeats": 2, "strategy": "stratified_sklearn"}, "scores": {"acc": 0.6}, "eps": 0.01}),
    );
    assert_eq!(result["inconsistency"], false);
    assert_eq!(result["p"], 690);
    let err = run(&json!({"check": "1_dataset_known_folds_mos_micro", "dataset": {"0": 1, "1": 2},
        "folding": {"n_folds": 3, "strategy": "stratified_sklearn"}, "scores": {"acc": 0.6}, "eps": 0.01}), &RunOptions::default()).unwrap_err();
    assert_eq!(err.field(), Some("folding.n_folds"));
}

/// Bad inputs name the field.
#[test]
fn bad_inputs_name_the_field() {
    let cases = [
        (
            json!({"check": "1_testset_no_kfold_micro", "testset": {"a": 3}, "scores": {"acc": 0.5}, "eps": 0.01}),
            "testset",
        ),
        (
            json!({"check": "1_testset_no_kfold_micro", "testset": {"a": 3, "b": -1}, "scores": {"acc": 0.5}, "eps": 0.01}),
            "testset.b",
        ),
        (
            json!({"check": "1_testset_no_kfold_macro", "testset": {"a": 3, "b": 1}, "scores": {"acc": 0.5}, "eps": 0.01, "model": "ovr"}),
            "model",
        ),
        (
            json!({"check": "1_dataset_known_folds_som_macro", "dataset": {"a": 3, "b": 1}, "folding": {"folds": [{"a": 3, "z": 1}]}, "scores": {"acc": 0.5}, "eps": 0.01}),
            "folding.folds[0].z",
        ),
        (
            json!({"check": "1_testset_no_kfold_macro", "testset": {"a": 3, "b": 1}, "scores": {"acc": 0.5}, "eps": 0.01, "class_score_bounds": {"f1p": [0, 1]}}),
            "class_score_bounds.f1p",
        ),
    ];
    for (request, field) in cases {
        let err = run(&request, &RunOptions::default()).unwrap_err();
        assert_eq!(err.field(), Some(field), "{request}: {err}");
    }
}

/// The conformance cases of `testdata/multiclass.jsonl`.
#[test]
fn conformance_cases() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/multiclass.jsonl"
    );
    let Ok(text) = std::fs::read_to_string(path) else {
        panic!("{path} is missing");
    };
    let mut n = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let case: Value = serde_json::from_str(line).unwrap();
        let result = run(&case["request"], &RunOptions::default())
            .unwrap_or_else(|e| panic!("{}: {e}", case["name"]));
        assert_eq!(
            result["inconsistency"], case["expected"]["inconsistency"],
            "{}: {result}",
            case["name"]
        );
        n += 1;
    }
    assert!(n > 0);
}

/// Above the scan limit the trace is found by bisection; verdicts stay exact.
#[test]
fn large_testsets_are_decided_by_bisection() {
    let counts = [3000u64, 2500, 1000];
    let total: u64 = counts.iter().sum();
    let binary = (4000, total + 4000, total, 2 * total);
    let scores = [Score::Acc, Score::Sens, Score::Mcc, Score::F1p];
    let windows: Vec<Window> = scores
        .iter()
        .map(|&s| {
            window(
                s,
                report(value(s, binary).unwrap().to_f64(), 4, 0),
                "0.0001",
            )
        })
        .collect();
    let result = run_ok(request(
        "1_testset_no_kfold_micro",
        &counts,
        &windows,
        "0.0001",
        "exact",
    ));
    assert_eq!(result["inconsistency"], false, "{result}");
    let trace = result["witness"]["trace"].as_u64().unwrap();
    let matrix: Vec<Vec<u64>> =
        serde_json::from_value(result["witness"]["folds"][0]["matrix"].clone()).unwrap();
    assert_eq!((0..3).map(|i| matrix[i][i]).sum::<u64>(), trace);
    for w in &windows {
        assert!(value(w.score, micro_binary(&matrix))
            .unwrap()
            .within(&w.lower, &w.upper));
    }
    // Shifting sens by 0.01 moves the trace by 65, which acc cannot follow.
    let mut shifted = windows;
    shifted[1] = window(Score::Sens, report(4000.0 / 6500.0 + 0.01, 4, 0), "0.0001");
    let result = run_ok(request(
        "1_testset_no_kfold_micro",
        &counts,
        &shifted,
        "0.0001",
        "exact",
    ));
    assert_eq!(result["inconsistency"], true, "{result}");
    assert!(
        result["explanation"]["message"]
            .as_str()
            .unwrap()
            .contains("trace"),
        "{result}"
    );
}

/// Every `{"classes", "counts", "matrix"}` object in a result, wherever it is.
fn labelled_matrices<'a>(value: &'a Value, out: &mut Vec<&'a Map<String, Value>>) {
    match value {
        Value::Object(map) => {
            if map.contains_key("classes") {
                out.push(map);
            }
            map.values().for_each(|v| labelled_matrices(v, out));
        }
        Value::Array(items) => items.iter().for_each(|v| labelled_matrices(v, out)),
        _ => {}
    }
}

/// Classes given out of order (and named like numbers, which JavaScript reorders): each
/// witness row belongs to the class the answer names for it, in `classes` and in `counts`.
#[test]
fn witness_rows_are_labelled_by_their_classes() {
    // Text, not `json!`: serde_json's objects sort their keys.
    let folding = r#""folding": {"n_folds": 2, "n_repeats": 1, "strategy": "stratified_sklearn"}"#;
    let requests = [
        r#"{"check": "1_testset_no_kfold_macro", "testset": {"b": 80, "a": 100, "c": 10}, "scores": {"acc": 0.6, "sens": 0.5, "spec": 0.75}, "eps": 0.01}"#.to_string(),
        r#"{"check": "1_testset_no_kfold_micro", "testset": {"2": 8, "10": 5, "1": 3}, "scores": {"acc": 0.75}, "eps": 0.01}"#.to_string(),
        format!(r#"{{"check": "1_dataset_known_folds_mos_macro", "dataset": {{"z": 9, "y": 6, "x": 4}}, {folding}, "scores": {{"acc": 0.7, "sens": 0.6}}, "eps": 0.05}}"#),
        format!(r#"{{"check": "1_dataset_known_folds_som_macro", "dataset": {{"z": 9, "y": 6, "x": 4}}, {folding}, "scores": {{"acc": 0.7, "sens": 0.6}}, "eps": 0.05}}"#),
        format!(r#"{{"check": "1_dataset_known_folds_mos_micro", "dataset": {{"z": 9, "y": 6, "x": 4}}, {folding}, "scores": {{"acc": 0.7}}, "eps": 0.05}}"#),
        format!(r#"{{"check": "1_dataset_known_folds_som_micro", "dataset": {{"z": 9, "y": 6, "x": 4}}, {folding}, "scores": {{"acc": 0.7}}, "eps": 0.05}}"#),
    ];
    for request in requests {
        let result = scorecheck::run_text(&request, &RunOptions::default())
            .unwrap_or_else(|e| panic!("{request}: {e}"));
        assert_eq!(result["inconsistency"], false, "{request}: {result}");
        let mut found = Vec::new();
        labelled_matrices(&result, &mut found);
        assert!(
            !found.is_empty(),
            "{request}: no labelled matrix in {result}"
        );
        for fold in found {
            let classes: Vec<&str> = fold["classes"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c.as_str().unwrap())
                .collect();
            let counts = fold["counts"].as_object().unwrap();
            assert_eq!(
                classes,
                counts.keys().map(String::as_str).collect::<Vec<_>>(),
                "{request}"
            );
            let Some(matrix) = fold["matrix"].as_array() else {
                continue;
            };
            for (class, row) in classes.iter().zip(matrix) {
                let sum: u64 = row
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|c| c.as_u64().unwrap())
                    .sum();
                assert_eq!(Some(sum), counts[*class].as_u64(), "{request}: row {class}");
            }
        }
    }
}

/// The verdict of a request written as JSON text (the classes' order as written).
fn verdict_of(text: &str) -> String {
    let result = scorecheck::run_text(text, &RunOptions::default())
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    result["verdict"].as_str().unwrap_or_default().to_string()
}

#[test]
fn stratified_folds_of_every_order_of_first_appearance_are_tried() {
    // scikit-learn makes other folds for `y` = aaacccbbbbb than for aaabbbbbccc: the figures
    // come from the first, so they are consistent whichever order the request writes.
    let scores = r#""scores":{"sens":0.3333,"spec":0.6333,"acc":0.5222},"eps":0.00005"#;
    let folding = r#""folding":{"n_folds":2,"strategy":"stratified_sklearn"}"#;
    for dataset in [r#"{"a":3,"b":5,"c":3}"#, r#"{"a":3,"c":3,"b":5}"#] {
        let text = format!(
            r#"{{"check":"1_dataset_known_folds_mos_macro","dataset":{dataset},{folding},{scores}}}"#
        );
        assert_eq!(verdict_of(&text), "consistent", "{text}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Over stratified folds, a mean of macro scores is consistent exactly when it is over
    /// the explicit folds of some order of the classes' first appearance.
    #[test]
    fn stratified_means_are_consistent_iff_some_orders_folds_are(
        counts in prop::collection::vec(2u64..5, 3),
        sens in 0u32..=12,
    ) {
        let sens = f64::from(sens) / 12.0;
        let labels = ["a", "b", "c"];
        let dataset: Map<String, Value> =
            labels.iter().zip(&counts).map(|(l, c)| ((*l).to_string(), json!(c))).collect();
        let scores = json!({"sens": (sens * 10_000.0).round() / 10_000.0});
        let request = json!({"check": "1_dataset_known_folds_mos_macro", "dataset": dataset,
            "folding": {"n_folds": 2, "strategy": "stratified_sklearn"}, "scores": scores,
            "eps": 0.0001});
        let stratified = run_ok(request.clone())["verdict"].clone();
        let mut any = false;
        for order in [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]] {
            let permuted: Vec<u64> = order.iter().map(|&c| counts[c]).collect();
            let folds = scorecheck_folds::stratified_sklearn_folds(&permuted, 2).unwrap();
            let folds: Vec<Value> = folds.iter().map(|fold| {
                let mut named = Map::new();
                for (at, &class) in order.iter().enumerate() {
                    named.insert(labels[class].to_string(), json!(fold[at]));
                }
                Value::Object(named)
            }).collect();
            let explicit = json!({"check": "1_dataset_known_folds_mos_macro", "dataset": dataset,
                "folding": {"folds": folds}, "scores": scores, "eps": 0.0001});
            any |= run_ok(explicit)["verdict"] == "consistent";
        }
        prop_assert_eq!(stratified == "consistent", any, "{}", request);
    }
}

/// A mean over scikit-learn's stratified folds beyond five classes: every order whose folds
/// can differ is tried (only the classes whose counts the folds do not divide move them),
/// and where not every order could be tried, figures refuted on the orders tried are
/// undecided, never inconsistent.
#[test]
fn stratified_class_orders_beyond_five_classes() {
    let answer = |request: Value| run(&request, &RunOptions::default()).unwrap();
    // The folds of the order a, b, f, c, e, d fit (found by a probe; the request's order
    // refutes them).
    let six = answer(json!({"check": "1_dataset_known_folds_mos_macro",
        "dataset": {"a": 3, "b": 2, "c": 3, "d": 4, "e": 2, "f": 5},
        "folding": {"n_folds": 2, "n_repeats": 1, "strategy": "stratified_sklearn"},
        "scores": {"sens": "0.55556", "spec": "0.9036", "acc": "0.84259"}, "eps": 5e-6}));
    assert_eq!(six["verdict"], "consistent", "{six}");
    let nine = |counts: [u64; 9]| {
        let dataset: Map<String, Value> = counts
            .iter()
            .enumerate()
            .map(|(i, c)| (((b'a' + i as u8) as char).to_string(), json!(c)))
            .collect();
        answer(
            json!({"check": "1_dataset_known_folds_mos_macro", "dataset": dataset,
            "folding": {"n_folds": 2, "n_repeats": 1, "strategy": "stratified_sklearn"},
            "scores": {"sens": 0.99, "spec": 0.5}, "eps": 0.001}),
        )
    };
    // Nine odd classes: 9! orders, not all tried.
    let odd = nine([5, 7, 9, 11, 13, 15, 17, 19, 21]);
    assert_eq!(odd["verdict"], "undecided", "{odd}");
    assert!(odd.get("explanation").is_none(), "{odd}");
    let reason = odd["undecided"]["reason"].as_str().unwrap();
    assert!(
        reason.contains("the other orders were not tried")
            && reason.contains("in the request's order"),
        "{reason}"
    );
    // Nine even classes: two folds split each alike in any order, so the refutation stands.
    let even = nine([4, 6, 8, 10, 12, 14, 16, 18, 20]);
    assert_eq!(even["verdict"], "inconsistent", "{even}");
    assert_eq!(even["certainty"], "exact", "{even}");
}
