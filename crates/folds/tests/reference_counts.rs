//! Replays counts and sample configurations pinned from mlscorecheck 1.0.3 (see tools/).

use num_bigint::BigUint;
use scorecheck_folds::{FoldRules, KFoldConfigurations};
use serde_json::Value;

#[test]
fn counts_and_order_match_the_reference() {
    let text = include_str!("../testdata/reference_counts.json");
    let data: Value = serde_json::from_str(text).unwrap();
    let cases = data["cases"].as_array().unwrap();
    assert!(cases.len() >= 20);
    for case in cases {
        let get = |key: &str| case[key].as_u64().unwrap();
        let rules = FoldRules::default()
            .require_positive_in_each_fold(case["require_positive_in_each_fold"].as_bool().unwrap())
            .require_negative_in_each_fold(
                case["require_negative_in_each_fold"].as_bool().unwrap(),
            );
        let space = KFoldConfigurations::new(get("p"), get("n"), get("k"), &rules).unwrap();
        assert_eq!(space.count(), BigUint::from(get("count")), "case {case}");
        for sample in case["samples"].as_array().unwrap() {
            let index = sample["index"].as_u64().unwrap();
            let want: Vec<u64> = sample["positives"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_u64().unwrap())
                .collect();
            let got = space.nth_u64(index).unwrap();
            assert_eq!(
                got.folds.iter().map(|f| f.p).collect::<Vec<_>>(),
                want,
                "case {case}, index {index}"
            );
            assert_eq!(space.rank(&got).unwrap(), BigUint::from(index));
        }
        if get("count") < 5000 {
            assert_eq!(space.iter().count() as u64, get("count"));
        }
    }
}
