//! Random access (`nth`, `rank`, `range`) agrees with iteration, at small sizes and at p = n = 5000, k = 10.

use num_bigint::BigUint;
use proptest::prelude::*;
use scorecheck_folds::{
    BoundedPartitions, ConfigurationProduct, Configurations, FoldConfiguration, FoldRules,
    IndexRanges, KFoldConfigurations, PartitionIter, ProductIter, RepeatedConfigurations,
    RepeatedIter,
};

/// Compile-time: sets and iterators can be cloned and sent to (or shared with) workers.
#[test]
fn sets_and_iterators_are_clone_send_and_sync() {
    fn clone_send_sync<T: Clone + Send + Sync>() {}
    clone_send_sync::<KFoldConfigurations>();
    clone_send_sync::<RepeatedConfigurations>();
    clone_send_sync::<ConfigurationProduct>();
    clone_send_sync::<BoundedPartitions>();
    clone_send_sync::<Configurations<'static>>();
    clone_send_sync::<RepeatedIter<'static>>();
    clone_send_sync::<ProductIter<'static>>();
    clone_send_sync::<PartitionIter>();
    clone_send_sync::<IndexRanges>();
}

fn rules() -> impl Strategy<Value = FoldRules> {
    (any::<bool>(), any::<bool>(), any::<bool>()).prop_map(|(a, b, c)| {
        FoldRules::none()
            .require_positive_in_each_fold(a)
            .require_negative_in_each_fold(b)
            .require_two_folds_with_each_class(c)
    })
}

fn dataset() -> impl Strategy<Value = (u64, u64, u64)> {
    (0u64..30, 0u64..30, 1u64..8).prop_filter("k <= p + n", |(p, n, k)| *k <= p + n)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn kfold_random_access_follows_the_iteration(
        (p, n, k) in dataset(),
        rules in rules(),
        picks in proptest::collection::vec(any::<prop::sample::Index>(), 1..6),
        len in 0usize..10,
    ) {
        let space = KFoldConfigurations::new(p, n, k, &rules).unwrap();
        let listed: Vec<FoldConfiguration> = space.iter().collect();
        prop_assert_eq!(space.count(), BigUint::from(listed.len()));
        if listed.is_empty() {
            prop_assert!(space.nth(0u64).is_err());
            prop_assert_eq!(space.range(0u64, 5u64)?.count(), 0);
            return Ok(());
        }
        for pick in picks {
            let i = pick.index(listed.len());
            let by_u64 = space.nth(i as u64)?;
            prop_assert_eq!(&by_u64, &listed[i]);
            prop_assert_eq!(&space.nth(i as u128)?, &listed[i]);
            let i_big = BigUint::from(i);
            prop_assert_eq!(&space.nth(&i_big)?, &listed[i]);
            prop_assert_eq!(space.rank(&listed[i])?, i_big);
            prop_assert_eq!(space.rank(&by_u64)?, BigUint::from(i));
            let got: Vec<_> = space.range(i as u64, (i + len) as u64)?.collect();
            let end = (i + len).min(listed.len());
            prop_assert_eq!(&got[..], &listed[i..end]);
            let by_big: Vec<_> = space.range(&BigUint::from(i), &BigUint::from(i + len))?.collect();
            prop_assert_eq!(got, by_big);
        }
    }

    #[test]
    fn repeated_random_access_follows_the_iteration(
        (p, n, k) in (0u64..12, 0u64..12, 1u64..5).prop_filter("k <= p + n", |(p, n, k)| *k <= p + n),
        rules in rules(),
        r in 1u64..4,
        pick in any::<prop::sample::Index>(),
        len in 0usize..6,
    ) {
        let base = KFoldConfigurations::new(p, n, k, &rules).unwrap();
        let space = RepeatedConfigurations::new(base, r).unwrap();
        let listed: Vec<_> = space.iter().take(3000).collect();
        if listed.is_empty() {
            return Ok(());
        }
        let i = pick.index(listed.len());
        let item = space.nth(i as u64)?;
        prop_assert_eq!(&item, &listed[i]);
        prop_assert_eq!(&space.nth(i as u128)?, &listed[i]);
        prop_assert_eq!(space.rank(&item)?, BigUint::from(i));
        let got: Vec<_> = space.range(i as u64, (i + len) as u64)?.collect();
        let end = (i + len).min(listed.len());
        prop_assert_eq!(&got[..end - i], &listed[i..end]);
    }

    #[test]
    fn product_random_access_follows_the_iteration(
        (p, n, k) in (0u64..10, 0u64..10, 1u64..4).prop_filter("k <= p + n", |(p, n, k)| *k <= p + n),
        rules in rules(),
        pick in any::<prop::sample::Index>(),
        len in 0usize..6,
    ) {
        let part = |r| RepeatedConfigurations::new(KFoldConfigurations::new(p, n, k, &rules).unwrap(), r).unwrap();
        let space = ConfigurationProduct::new(vec![part(2), part(1)]);
        let listed: Vec<_> = space.iter().take(3000).collect();
        if space.count() == BigUint::ZERO {
            return Ok(());
        }
        let i = pick.index(listed.len());
        let item = space.nth(i as u64)?;
        prop_assert_eq!(&item, &listed[i]);
        prop_assert_eq!(space.rank(&item)?, BigUint::from(i));
        let got: Vec<_> = space.range(i as u64, (i + len) as u64)?.collect();
        let end = (i + len).min(listed.len());
        prop_assert_eq!(&got[..end - i], &listed[i..end]);
    }

    #[test]
    fn bounded_partitions_random_access_follows_the_iteration(
        total in 0u64..60,
        parts in 0usize..8,
        lower in 0u64..3,
        width in 0u64..20,
        pick in any::<prop::sample::Index>(),
    ) {
        let space = BoundedPartitions::new(total, parts, lower, lower + width).unwrap();
        let listed: Vec<Vec<u64>> = space.iter().collect();
        prop_assert_eq!(space.count()?, BigUint::from(listed.len()));
        if listed.is_empty() {
            prop_assert!(space.nth(0u64).is_err());
            return Ok(());
        }
        let i = pick.index(listed.len());
        prop_assert_eq!(&space.nth(i as u64)?, &listed[i]);
        prop_assert_eq!(space.rank(&listed[i])?, i as u128);
        prop_assert_eq!(space.rank_big(&listed[i])?, BigUint::from(i));
    }
}

/// The case of the issue: p = n = 5000, k = 10 has about 10^20 configurations, beyond any
/// table; random access at a middle index must still agree with rank and with the successor
/// steps of iteration.
#[test]
fn random_access_at_p_n_5000_k_10() {
    for rules in [
        FoldRules::default(),
        FoldRules::none(),
        FoldRules::none().require_two_folds_with_each_class(true),
    ] {
        let space = KFoldConfigurations::new(5000, 5000, 10, &rules).unwrap();
        let count = space.count();
        assert!(count > BigUint::from(u64::MAX));
        let middle = &count / 2u32;
        let at_middle = space.nth(&middle).unwrap();
        assert_eq!(space.rank(&at_middle).unwrap(), middle);
        // Unranking each of five consecutive indices agrees with one unrank and four
        // successor steps.
        let walked: Vec<_> = space.range(&middle, &(&middle + 5u32)).unwrap().collect();
        assert_eq!(walked.len(), 5);
        for (offset, configuration) in walked.iter().enumerate() {
            let index = &middle + offset;
            assert_eq!(&space.nth(&index).unwrap(), configuration);
            assert_eq!(space.rank(configuration).unwrap(), index);
        }
        // The ends, and a range running past the end.
        let last = &count - 1u32;
        assert_eq!(
            space
                .range(&last, &(&count + 10u32))
                .unwrap()
                .collect::<Vec<_>>(),
            [space.nth(&last).unwrap()]
        );
        assert_eq!(space.nth(0u64).unwrap(), space.iter().next().unwrap());
        assert_eq!(
            space.range(0u64, 3u64).unwrap().collect::<Vec<_>>(),
            space.iter().take(3).collect::<Vec<_>>()
        );
        assert!(space.nth(&count).is_err());
        // An index beyond u64 given as u128.
        let small = BigUint::from(u64::MAX) + 12345u32;
        let wide = u128::from(u64::MAX) + 12345;
        assert_eq!(space.nth(wide).unwrap(), space.nth(&small).unwrap());
    }
}

/// Workers each own a clone of the set and resume from their own start; together they cover
/// a window of the big enumeration exactly as one walk does.
#[test]
fn owned_clones_split_a_big_window_across_threads() {
    let space = KFoldConfigurations::new(5000, 5000, 10, &FoldRules::default()).unwrap();
    let start = space.count() / 3u32;
    let chunks: Vec<(BigUint, BigUint)> = (0u32..4)
        .map(|c| (&start + 25u32 * c, &start + 25u32 * (c + 1)))
        .collect();
    let handles: Vec<_> = chunks
        .into_iter()
        .map(|(s, e)| {
            let own = space.clone();
            std::thread::spawn(move || own.range(&s, &e).unwrap().collect::<Vec<_>>())
        })
        .collect();
    let joined: Vec<_> = handles
        .into_iter()
        .flat_map(|h| h.join().unwrap())
        .collect();
    let walked: Vec<_> = space.range(&start, &(&start + 100u32)).unwrap().collect();
    assert_eq!(joined, walked);
}
