//! Bad inputs return errors (never panics) whose kinds and messages say what to change.

use num_bigint::BigUint;
use scorecheck_folds::{
    BoundedPartitions, ConfigurationProduct, ErrorKind, Fold, FoldConfiguration, FoldRules,
    KFoldConfigurations, RepeatedConfigurations,
};

#[test]
fn bad_fold_counts_are_rejected() {
    let rules = FoldRules::default();
    let zero = KFoldConfigurations::new(3, 4, 0, &rules).unwrap_err();
    assert_eq!(zero.kind(), &ErrorKind::ZeroFolds);
    assert!(zero.to_string().contains("k >= 1"));
    let many = KFoldConfigurations::new(3, 4, 8, &rules).unwrap_err();
    assert_eq!(
        many.kind(),
        &ErrorKind::MoreFoldsThanSamples {
            folds: 8,
            samples: 7
        }
    );
    assert!(many.to_string().contains("k <= 7"));
    assert!(KFoldConfigurations::new(u64::MAX, 1, 2, &rules).is_err());
    assert_eq!(
        BoundedPartitions::new(3, 2, 4, 1).unwrap_err().kind(),
        &ErrorKind::InvertedBounds { lower: 4, upper: 1 }
    );
}

#[test]
fn out_of_range_and_foreign_configurations_are_errors() {
    let space = KFoldConfigurations::new(10, 10, 3, &FoldRules::default()).unwrap();
    assert_eq!(space.count(), BigUint::from(13u32));
    let beyond = space.nth_u64(13).unwrap_err();
    assert_eq!(
        beyond.kind(),
        &ErrorKind::IndexOutOfRange {
            index: BigUint::from(13u32),
            count: BigUint::from(13u32)
        }
    );
    assert_eq!(
        beyond.to_string(),
        "index 13 is out of range: there are 13 items; use an index below 13"
    );
    let partitions = BoundedPartitions::new(6, 3, 1, 3).unwrap();
    assert_eq!(
        partitions.nth(5u64).unwrap_err().to_string(),
        "index 5 is out of range: there are 2 items; use an index below 2"
    );
    let wrong_sizes = FoldConfiguration {
        folds: vec![Fold { p: 5, n: 5 }, Fold { p: 5, n: 5 }],
    };
    assert_eq!(
        space.rank(&wrong_sizes).unwrap_err().kind(),
        &ErrorKind::NotAMember
    );
    // Right sizes but not in canonical (non-decreasing) order within the equal-size folds.
    let unsorted = FoldConfiguration {
        folds: vec![
            Fold { p: 4, n: 3 },
            Fold { p: 3, n: 4 },
            Fold { p: 3, n: 3 },
        ],
    };
    assert_eq!(
        space.rank(&unsorted).unwrap_err().kind(),
        &ErrorKind::NotAMember
    );
    let empty_range = space.range(20u32, 30u32).unwrap();
    assert_eq!(empty_range.count(), 0);
    let base = KFoldConfigurations::new(10, 10, 3, &FoldRules::default()).unwrap();
    assert_eq!(
        RepeatedConfigurations::new(base, 0).unwrap_err().kind(),
        &ErrorKind::ZeroRepeats
    );
    let product = ConfigurationProduct::new(vec![]);
    assert_eq!(product.count(), BigUint::from(1u32));
    assert_eq!(product.iter().count(), 1);
}

#[test]
fn the_two_folds_rule_is_what_removes_single_positive_datasets() {
    // One positive cannot sit in two folds: the reference finds nothing, no rule finds all k.
    let reference = KFoldConfigurations::new(
        1,
        9,
        2,
        &FoldRules::for_reported_scores(false, false, false),
    )
    .unwrap();
    assert_eq!(reference.count(), BigUint::from(0u32));
    let all = KFoldConfigurations::new(1, 9, 2, &FoldRules::none()).unwrap();
    assert_eq!(all.count(), BigUint::from(1u32));
}

#[test]
fn large_counts_are_exact() {
    let space = KFoldConfigurations::new(1000, 1000, 10, &FoldRules::default()).unwrap();
    let count = space.count();
    let last = space.nth(&(&count - 1u32)).unwrap();
    assert_eq!(space.rank(&last).unwrap(), &count - 1u32);
    let repeated = RepeatedConfigurations::new(space, 10).unwrap();
    let big = repeated.count();
    assert!(big.bits() > 128);
    let item = repeated.nth(&(&big / 3u32)).unwrap();
    assert_eq!(repeated.rank(&item).unwrap(), &big / 3u32);
}

#[test]
fn sets_can_be_shared_across_worker_threads() {
    fn shareable<T: Send + Sync>(_: &T) {}
    let space = KFoldConfigurations::new(20, 30, 4, &FoldRules::default()).unwrap();
    shareable(&space);
    // Workers split the index space and each resumes from its own start.
    let ranges: Vec<_> = scorecheck_folds::index_ranges(&space.count(), 7).collect();
    let space = &space;
    let joined: Vec<_> = std::thread::scope(|scope| {
        let handles: Vec<_> = ranges
            .iter()
            .map(|(s, e)| scope.spawn(move || space.range(s, e).unwrap().collect::<Vec<_>>()))
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    assert_eq!(joined, space.iter().collect::<Vec<_>>());
    assert!(joined.len() > 20);
}
