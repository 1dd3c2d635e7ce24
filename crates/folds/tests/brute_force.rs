//! Property tests: every enumeration, count, rank and unrank against brute force on small inputs.

use std::collections::BTreeSet;

use num_bigint::BigUint;
use proptest::prelude::*;
use scorecheck_folds::{
    index_ranges, BoundedPartitions, ConfigurationProduct, FoldRules, FoldSizes,
    KFoldConfigurations, RepeatedConfigurations,
};

/// Every per-fold positive vector in the set's order, by trying all compositions of p over the
/// folds, applying the rules literally and then sorting each group of equal-size folds.
fn brute_force(p: u64, n: u64, k: u64, rules: &FoldRules) -> Vec<Vec<u64>> {
    let sizes = FoldSizes::plain_kfold(p + n, k).unwrap();
    let list = sizes.sizes();
    let larger = sizes.larger_folds as usize;
    let mut found = BTreeSet::new();
    let mut current = vec![0u64; list.len()];
    fn walk(i: usize, left: u64, list: &[u64], current: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
        if i == list.len() {
            if left == 0 {
                out.push(current.clone());
            }
            return;
        }
        for v in 0..=list[i].min(left) {
            current[i] = v;
            walk(i + 1, left - v, list, current, out);
        }
    }
    let mut all = Vec::new();
    walk(0, p, &list, &mut current, &mut all);
    for x in all {
        let ok_pos = !rules.require_positive_in_each_fold || x.iter().all(|&v| v >= 1);
        let ok_neg =
            !rules.require_negative_in_each_fold || x.iter().zip(&list).all(|(&v, &s)| v < s);
        let with_p = x.iter().filter(|&&v| v > 0).count();
        let with_n = x.iter().zip(&list).filter(|(&v, &s)| v < s).count();
        let ok_two = !rules.require_two_folds_with_each_class
            || list.len() < 2
            || (with_p >= 2 && with_n >= 2);
        if ok_pos && ok_neg && ok_two {
            let mut y = x.clone();
            y[..larger].sort();
            y[larger..].sort();
            let sum_larger: u64 = y[..larger].iter().sum();
            found.insert((sum_larger, y));
        }
    }
    found.into_iter().map(|(_, y)| y).collect()
}

fn positives(c: &scorecheck_folds::FoldConfiguration) -> Vec<u64> {
    c.folds.iter().map(|f| f.p).collect()
}

fn rules_strategy() -> impl Strategy<Value = FoldRules> {
    (any::<bool>(), any::<bool>(), any::<bool>()).prop_map(|(a, b, c)| {
        FoldRules::none()
            .require_positive_in_each_fold(a)
            .require_negative_in_each_fold(b)
            .require_two_folds_with_each_class(c)
    })
}

fn dataset() -> impl Strategy<Value = (u64, u64, u64)> {
    (0u64..9, 0u64..9, 1u64..7).prop_filter("k <= p + n", |(p, n, k)| *k <= p + n)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn kfold_matches_brute_force((p, n, k) in dataset(), rules in rules_strategy()) {
        let expected = brute_force(p, n, k, &rules);
        let space = KFoldConfigurations::new(p, n, k, &rules).unwrap();
        prop_assert_eq!(space.count(), BigUint::from(expected.len()));
        prop_assert_eq!(space.count_u64(), Some(expected.len() as u64));
        let listed: Vec<Vec<u64>> = space.iter().map(|c| positives(&c)).collect();
        prop_assert_eq!(&listed, &expected);
        for (i, x) in expected.iter().enumerate() {
            let c = space.nth_u64(i as u64).unwrap();
            prop_assert_eq!(&positives(&c), x);
            prop_assert_eq!(space.rank(&c).unwrap(), BigUint::from(i));
            for (f, s) in c.folds.iter().zip(space.fold_sizes().sizes()) {
                prop_assert_eq!(f.p + f.n, s);
            }
        }
        prop_assert!(space.nth_u64(expected.len() as u64).is_err());
    }

    #[test]
    fn ranges_and_chunks_cover_the_enumeration((p, n, k) in dataset(), rules in rules_strategy(), chunk in 1u64..5, a in 0usize..40, b in 0usize..40) {
        let expected = brute_force(p, n, k, &rules);
        let space = KFoldConfigurations::new(p, n, k, &rules).unwrap();
        let (a, b) = (a.min(b), a.max(b));
        let got: Vec<Vec<u64>> = space.range(&BigUint::from(a), &BigUint::from(b)).unwrap().map(|c| positives(&c)).collect();
        let want: Vec<Vec<u64>> = expected.iter().skip(a).take(b.saturating_sub(a)).cloned().collect();
        prop_assert_eq!(got, want);
        let mut joined = Vec::new();
        for (s, e) in index_ranges(&space.count(), chunk) {
            space.range(&s, &e).unwrap().for_each_positives(|x| joined.push(x.to_vec()));
        }
        prop_assert_eq!(joined, expected);
    }

    #[test]
    fn repeats_are_multisets((p, n, k) in dataset(), rules in rules_strategy(), r in 1u64..4) {
        let base_list = brute_force(p, n, k, &rules);
        let space = RepeatedConfigurations::new(KFoldConfigurations::new(p, n, k, &rules).unwrap(), r).unwrap();
        // Brute-force multisets: non-decreasing index tuples, in lexicographic order.
        let mut expected: Vec<Vec<usize>> = vec![vec![]];
        for _ in 0..r {
            expected = expected
                .into_iter()
                .flat_map(|t| {
                    let from = t.last().copied().unwrap_or(0);
                    (from..base_list.len()).map(move |i| { let mut u = t.clone(); u.push(i); u })
                })
                .collect();
        }
        if base_list.is_empty() { expected.clear(); }
        prop_assert_eq!(space.count(), BigUint::from(expected.len()));
        let got: Vec<Vec<Vec<u64>>> = space.iter().map(|m| m.iter().map(positives).collect()).collect();
        let want: Vec<Vec<Vec<u64>>> = expected.iter().map(|t| t.iter().map(|&i| base_list[i].clone()).collect()).collect();
        prop_assert_eq!(&got, &want);
        for (i, w) in want.iter().enumerate() {
            let m = space.nth(&BigUint::from(i)).unwrap();
            prop_assert_eq!(&m.iter().map(positives).collect::<Vec<_>>(), w);
            let mut shuffled = m.clone();
            shuffled.reverse();
            prop_assert_eq!(space.rank(&shuffled).unwrap(), BigUint::from(i));
        }
        let mid = want.len() / 2;
        let tail: Vec<Vec<Vec<u64>>> = space.range(&BigUint::from(mid), &BigUint::from(want.len() + 3)).unwrap()
            .map(|m| m.iter().map(positives).collect()).collect();
        prop_assert_eq!(&tail[..], &want[mid..]);
    }

    #[test]
    fn products_are_nested_loops((p1, n1, k1) in dataset(), (p2, n2, k2) in dataset(), r in 1u64..3) {
        let rules = FoldRules::none();
        let first = RepeatedConfigurations::new(KFoldConfigurations::new(p1, n1, k1, &rules).unwrap(), r).unwrap();
        let second = RepeatedConfigurations::new(KFoldConfigurations::new(p2, n2, k2, &rules).unwrap(), 1).unwrap();
        let a: Vec<_> = first.iter().collect();
        let b: Vec<_> = second.iter().collect();
        let product = ConfigurationProduct::new(vec![first, second]);
        let want: Vec<Vec<_>> = a.iter().flat_map(|x| b.iter().map(move |y| vec![x.clone(), y.clone()])).collect();
        prop_assert_eq!(product.count(), BigUint::from(want.len()));
        let got: Vec<_> = product.iter().collect();
        prop_assert_eq!(&got, &want);
        for (i, w) in want.iter().enumerate() {
            prop_assert_eq!(&product.nth(&BigUint::from(i)).unwrap(), w);
            prop_assert_eq!(product.rank(w).unwrap(), BigUint::from(i));
        }
        let from = want.len() / 3;
        let got: Vec<_> = product.range(&BigUint::from(from), &BigUint::from(want.len())).unwrap().collect();
        prop_assert_eq!(&got[..], &want[from..]);
    }

    #[test]
    fn bounded_partitions_match_brute_force(total in 0u64..25, parts in 0usize..6, lower in 0u64..4, width in 0u64..7) {
        let upper = lower + width;
        let space = BoundedPartitions::new(total, parts, lower, upper).unwrap();
        let mut expected: Vec<Vec<u64>> = vec![vec![]];
        for _ in 0..parts {
            expected = expected
                .into_iter()
                .flat_map(|t| {
                    let from = t.last().copied().unwrap_or(lower);
                    (from..=upper).map(move |v| { let mut u = t.clone(); u.push(v); u })
                })
                .collect();
        }
        expected.retain(|x| x.iter().sum::<u64>() == total);
        prop_assert_eq!(space.count().unwrap(), BigUint::from(expected.len()));
        prop_assert_eq!(&space.iter().collect::<Vec<_>>(), &expected);
        for (i, x) in expected.iter().enumerate() {
            prop_assert_eq!(&space.nth(i as u128).unwrap(), x);
            prop_assert_eq!(space.rank(x).unwrap(), i as u128);
        }
        prop_assert!(space.nth(expected.len() as u128).is_err());
    }
}
