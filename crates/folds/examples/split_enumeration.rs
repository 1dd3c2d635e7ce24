//! Splits the fold configurations of p = n = 5000, k = 10 across worker threads and times random access.
//!
//! Run with `cargo run --release -p scorecheck-folds --example split_enumeration`.

use std::time::Instant;

use scorecheck_folds::{index_ranges, BigUint, Error, FoldRules, KFoldConfigurations};

fn main() -> Result<(), Error> {
    let started = Instant::now();
    let space = KFoldConfigurations::new(5000, 5000, 10, &FoldRules::default())?;
    let count = space.count();
    println!(
        "p = n = 5000, k = 10: {count} configurations, counted in {:?}",
        started.elapsed()
    );

    // The first random access also prepares what every later one shares.
    let middle = &count / 2u32;
    let started = Instant::now();
    let configuration = space.nth(&middle)?;
    println!("first nth (middle index): {:?}", started.elapsed());

    let samples = 50u32;
    let started = Instant::now();
    for i in 0..samples {
        space.nth(&(&count / 3u32 + &count / 97u32 * i))?;
    }
    println!(
        "nth at spread indices, warm cache: {:?} each",
        started.elapsed() / samples
    );

    let started = Instant::now();
    for i in 0..samples {
        // A fresh clone has an empty cache: the cost a new worker pays for its first unrank.
        space.clone().nth(&(&count / 5u32 + &count / 89u32 * i))?;
    }
    println!(
        "nth at spread indices, cold cache: {:?} each",
        started.elapsed() / samples
    );

    let started = Instant::now();
    let rank = space.rank(&configuration)?;
    assert_eq!(rank, middle);
    println!("rank: {:?}", started.elapsed());

    // Four workers, each owning a clone, walk 250,000 configurations from the middle.
    let window = BigUint::from(250_000u32);
    let started = Instant::now();
    let workers: Vec<_> = index_ranges(&window, 62_500)
        .map(|(start, end)| {
            let own = space.clone();
            let (start, end) = (&middle + start, &middle + end);
            std::thread::spawn(move || own.range(&start, &end).map(|walk| walk.count()))
        })
        .collect();
    let mut walked = 0;
    for worker in workers {
        walked += worker.join().expect("a worker panicked")?;
    }
    println!(
        "{walked} configurations walked by 4 workers in {:?}",
        started.elapsed()
    );
    Ok(())
}
