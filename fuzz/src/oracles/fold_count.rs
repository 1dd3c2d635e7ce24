//! `fold_count`: the exact count of k-fold configurations against the enumerator's length and a naive recount.

use std::collections::HashSet;

use num_bigint::BigUint;
use scorecheck_folds::{FoldConfiguration, FoldRules, FoldSizes, KFoldConfigurations};

use super::bytes::Bytes;

/// The largest p + n drawn.
const MAX_TOTAL: u64 = 40;
/// The largest k drawn.
const MAX_FOLDS: u64 = 6;

/// A decoded case.
#[derive(Debug, Clone, Copy)]
pub struct Case {
    /// Positives.
    pub p: u64,
    /// Negatives.
    pub n: u64,
    /// Folds (0 is drawn too, and must be an error).
    pub k: u64,
    /// The pruning rules.
    pub rules: FoldRules,
}

/// Decodes a case from fuzzer bytes.
pub fn decode(data: &[u8]) -> Case {
    let mut input = Bytes::new(data);
    let p = input.at_most(MAX_TOTAL);
    let n = input.at_most(MAX_TOTAL - p);
    let k = input.at_most(MAX_FOLDS);
    let flags = input.u8();
    let rules = FoldRules::none()
        .require_positive_in_each_fold(flags & 1 != 0)
        .require_negative_in_each_fold(flags & 2 != 0)
        .require_two_folds_with_each_class(flags & 4 != 0);
    Case { p, n, k, rules }
}

/// Whether the fold positives `positives` (fold sizes `sizes`) pass `rules`.
fn kept(positives: &[u64], sizes: &[u64], rules: &FoldRules) -> bool {
    let with_positives = positives.iter().filter(|&&x| x > 0).count();
    let with_negatives = positives.iter().zip(sizes).filter(|(x, s)| *x < *s).count();
    let k = sizes.len();
    !(rules.require_positive_in_each_fold && with_positives < k
        || rules.require_negative_in_each_fold && with_negatives < k
        || rules.require_two_folds_with_each_class
            && k >= 2
            && (with_positives < 2 || with_negatives < 2))
}

/// Every canonical configuration's fold positives (non-decreasing within each group of
/// equal-size folds), by plain recursion; independent of the crate's counting.
fn naive(sizes: &FoldSizes, p: u64, rules: &FoldRules) -> Vec<Vec<u64>> {
    let size_list = sizes.sizes();
    let larger = sizes.larger_folds as usize;
    let mut out = Vec::new();
    let mut current = Vec::with_capacity(size_list.len());
    fn extend(
        current: &mut Vec<u64>,
        size_list: &[u64],
        larger: usize,
        left: u64,
        rules: &FoldRules,
        out: &mut Vec<Vec<u64>>,
    ) {
        let i = current.len();
        if i == size_list.len() {
            if left == 0 && kept(current, size_list, rules) {
                out.push(current.clone());
            }
            return;
        }
        // Non-decreasing within a group: a fold starting a group has no lower neighbour.
        let from = if i == 0 || i == larger {
            0
        } else {
            current[i - 1]
        };
        for x in from..=size_list[i].min(left) {
            current.push(x);
            extend(current, size_list, larger, left - x, rules, out);
            current.pop();
        }
    }
    extend(&mut current, &size_list, larger, p, rules, &mut out);
    out
}

/// Checks one case; panics on a disagreement.
pub fn check(case: &Case) {
    let Case { p, n, k, rules } = *case;
    let space = match KFoldConfigurations::new(p, n, k, &rules) {
        Ok(space) => space,
        Err(e) => {
            assert!(
                k == 0 || k > p + n,
                "KFoldConfigurations::new({p}, {n}, {k}, {rules:?}) failed: {e}"
            );
            return;
        }
    };
    assert!(
        k != 0 && k <= p + n,
        "KFoldConfigurations::new({p}, {n}, {k}) accepted an impossible k"
    );
    let count = space.count();
    let listed: Vec<FoldConfiguration> = space.iter().collect();
    assert_eq!(
        count,
        BigUint::from(listed.len()),
        "count() and iter() differ for p = {p}, n = {n}, k = {k}, {rules:?}"
    );
    let sizes = *space.fold_sizes();
    let size_list = sizes.sizes();
    let mut seen = HashSet::new();
    for configuration in &listed {
        let positives: Vec<u64> = configuration.folds.iter().map(|f| f.p).collect();
        let fold_sizes: Vec<u64> = configuration.folds.iter().map(|f| f.p + f.n).collect();
        assert_eq!(
            fold_sizes, size_list,
            "fold sizes of {configuration:?} (p = {p}, n = {n}, k = {k})"
        );
        assert_eq!(
            positives.iter().sum::<u64>(),
            p,
            "positives of {configuration:?} (p = {p}, n = {n}, k = {k})"
        );
        assert!(
            kept(&positives, &size_list, &rules),
            "{configuration:?} breaks {rules:?} (p = {p}, n = {n}, k = {k})"
        );
        assert!(
            seen.insert(positives),
            "{configuration:?} listed twice (p = {p}, n = {n}, k = {k}, {rules:?})"
        );
    }
    let mut expected = naive(&sizes, p, &rules);
    let mut got: Vec<Vec<u64>> = listed
        .iter()
        .map(|c| c.folds.iter().map(|f| f.p).collect())
        .collect();
    expected.sort();
    got.sort();
    assert_eq!(
        got, expected,
        "configurations differ from the naive recount for p = {p}, n = {n}, k = {k}, {rules:?}"
    );
    // Random access agrees with iteration.
    for (index, configuration) in listed.iter().enumerate().step_by(listed.len() / 4 + 1) {
        let index = BigUint::from(index);
        match space.nth(&index) {
            Ok(found) => assert_eq!(
                &found, configuration,
                "nth({index}) for p = {p}, n = {n}, k = {k}, {rules:?}"
            ),
            Err(e) => panic!("nth({index}) failed for p = {p}, n = {n}, k = {k}, {rules:?}: {e}"),
        }
        match space.rank(configuration) {
            Ok(rank) => assert_eq!(
                rank, index,
                "rank({configuration:?}) for p = {p}, n = {n}, k = {k}, {rules:?}"
            ),
            Err(e) => panic!(
                "rank({configuration:?}) failed for p = {p}, n = {n}, k = {k}, {rules:?}: {e}"
            ),
        }
    }
}

/// Decodes and checks.
pub fn run(data: &[u8]) {
    check(&decode(data));
}
