//! Answering a stream of items on several threads while writing the answers in input order,
//! with a bounded window of items in flight: what `batch` does with lines and rows.
//!
//! One thread reads items, `jobs` threads answer them, and the calling thread writes each
//! answer as soon as it and every answer before it are ready (so a pipe sees each answer
//! before the reader needs the next line when input arrives one line at a time). At most
//! `window` items, and items of at most [`WINDOW_BYTES`] together (by the caller's measure;
//! one item of any size is always let through), are read ahead of the last one written, so
//! memory is flat in the length of the input and bounded whatever `jobs` and the order in
//! which answers finish (answers echo their line's id, so they weigh as much again).
//!
//! rayon's `par_bridge` neither keeps the order nor bounds how far it reads ahead, so the
//! few lines of plumbing here use std's channels; the threads are detached, so a reader
//! blocked on an interactive stdin never holds up the end of a batch whose output has gone
//! (`scorecheck batch | head -1`).

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Condvar, Mutex};

/// The work done on each item, shared by the worker threads.
pub type Work<T, R> = Arc<dyn Fn(T) -> R + Send + Sync>;

/// How many items may be in flight per worker.
const WINDOW_PER_JOB: usize = 4;

/// Most items in flight, whatever `jobs` (but one more than the workers): an answer may
/// weigh ten times its line, so many threads must not hold thousands of them.
const MAX_WINDOW: usize = 256;

/// Most bytes of items in flight together (a line of the largest size, 16 MiB, and more).
pub const WINDOW_BYTES: usize = 64 << 20;

/// A semaphore of items and bytes: the reader takes a slot before each item and charges
/// its weight once read, the writer gives both back.
struct Slots {
    /// Free slots, and the weight of the items in flight.
    free: Mutex<(usize, usize)>,
    /// Every slot, free or not.
    window: usize,
    changed: Condvar,
    stop: AtomicBool,
}

impl Slots {
    /// Waits for a free slot and room under [`WINDOW_BYTES`] (or nothing in flight);
    /// `false` once the writer has stopped.
    fn take(&self) -> bool {
        let mut free = self.free.lock().unwrap_or_else(|e| e.into_inner());
        let full = |(slots, bytes): (usize, usize)| {
            slots == 0 || (bytes >= WINDOW_BYTES && slots < self.window)
        };
        while full(*free) && !self.stop.load(Ordering::Relaxed) {
            free = self.changed.wait(free).unwrap_or_else(|e| e.into_inner());
        }
        if self.stop.load(Ordering::Relaxed) {
            return false;
        }
        free.0 -= 1;
        true
    }

    /// Counts an item read as `weight` bytes in flight.
    fn charge(&self, weight: usize) {
        let mut free = self.free.lock().unwrap_or_else(|e| e.into_inner());
        free.1 = free.1.saturating_add(weight);
    }

    fn give(&self, weight: usize) {
        let mut free = self.free.lock().unwrap_or_else(|e| e.into_inner());
        free.0 += 1;
        free.1 = free.1.saturating_sub(weight);
        drop(free);
        self.changed.notify_one();
    }

    fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
        self.changed.notify_all();
    }
}

/// Answers every item of `items` with `work` on `jobs` threads (one: on this thread, with
/// no other thread started) and hands the answers to `emit` in input order, with items of
/// at most [`WINDOW_BYTES`] by `weight` in flight. Stops at the first error of `emit` and
/// returns it (the reader and workers are left to end).
///
/// # Errors
///
/// The first error `emit` returns.
pub fn in_order<T, R, E>(
    items: impl Iterator<Item = T> + Send + 'static,
    jobs: usize,
    weight: fn(&T) -> usize,
    work: Work<T, R>,
    mut emit: impl FnMut(R) -> Result<(), E>,
) -> Result<(), E>
where
    T: Send + 'static,
    R: Send + 'static,
{
    if jobs <= 1 {
        for item in items {
            emit(work(item))?;
        }
        return Ok(());
    }
    let window = (jobs * WINDOW_PER_JOB).min(MAX_WINDOW.max(jobs + 1));
    let slots = Arc::new(Slots {
        free: Mutex::new((window, 0)),
        window,
        changed: Condvar::new(),
        stop: AtomicBool::new(false),
    });
    let (job_sender, job_receiver) = mpsc::sync_channel::<(u64, usize, T)>(jobs);
    let job_receiver = Arc::new(Mutex::new(job_receiver));
    let (answer_sender, answers) = mpsc::channel::<(u64, usize, R)>();
    {
        let slots = Arc::clone(&slots);
        let mut items = items;
        std::thread::spawn(move || {
            // A slot first, then the item: never more than the window read ahead.
            for index in 0u64.. {
                if !slots.take() {
                    return;
                }
                let Some(item) = items.next() else { return };
                let weight = weight(&item);
                slots.charge(weight);
                if job_sender.send((index, weight, item)).is_err() {
                    return;
                }
            }
        });
    }
    for _ in 0..jobs {
        let job_receiver = Arc::clone(&job_receiver);
        let answer_sender = answer_sender.clone();
        let work = Arc::clone(&work);
        std::thread::spawn(move || loop {
            // The lock is held only while taking the next item, not while answering it.
            let next = job_receiver
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .recv();
            let Ok((index, weight, item)) = next else {
                return;
            };
            if answer_sender.send((index, weight, work(item))).is_err() {
                return;
            }
        });
    }
    drop(answer_sender);
    let mut waiting: BTreeMap<u64, (usize, R)> = BTreeMap::new();
    let mut next = 0u64;
    // Ends when the reader has finished and every worker has hung up.
    for (index, weight, answer) in answers {
        waiting.insert(index, (weight, answer));
        while let Some((weight, answer)) = waiting.remove(&next) {
            if let Err(e) = emit(answer) {
                slots.stop();
                return Err(e);
            }
            next += 1;
            slots.give(weight);
        }
    }
    Ok(())
}

/// The default number of workers: every core the process may use.
pub fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_come_out_in_input_order_whatever_order_they_finish_in() {
        for jobs in [1, 2, 3, 8] {
            let work: Work<u64, u64> = Arc::new(|i| {
                // Early items take longest, so later ones finish first.
                std::thread::sleep(std::time::Duration::from_micros((50 - i % 50) * 20));
                i * i
            });
            let mut seen = Vec::new();
            in_order(
                0..300u64,
                jobs,
                |_| 1,
                work,
                |r| {
                    seen.push(r);
                    Ok::<(), ()>(())
                },
            )
            .unwrap();
            assert_eq!(
                seen,
                (0..300u64).map(|i| i * i).collect::<Vec<_>>(),
                "{jobs}"
            );
        }
    }

    #[test]
    fn the_reader_stays_within_the_window_of_the_writer() {
        use std::sync::atomic::AtomicU64;
        let read = Arc::new(AtomicU64::new(0));
        let counter = Arc::clone(&read);
        let items = (0..10_000u64).inspect(move |_| {
            counter.fetch_add(1, Ordering::SeqCst);
        });
        let work: Work<u64, u64> = Arc::new(|i| i);
        let jobs = 2;
        let mut written = 0u64;
        in_order(
            items,
            jobs,
            |_| 1,
            work,
            |_| {
                written += 1;
                // Items read but not yet written: in the window, at most.
                let ahead = read.load(Ordering::SeqCst) - written;
                assert!(ahead <= (jobs * WINDOW_PER_JOB) as u64, "{ahead} ahead");
                Ok::<(), ()>(())
            },
        )
        .unwrap();
        assert_eq!(written, 10_000);
    }

    #[test]
    fn heavy_items_are_read_ahead_only_within_the_byte_window() {
        use std::sync::atomic::AtomicU64;
        // Items of half the byte window: two in flight at most, and items heavier than the
        // whole window one at a time, whatever the number of workers.
        for (weight, most) in [(WINDOW_BYTES / 2, 2), (WINDOW_BYTES * 3, 1)] {
            let read = Arc::new(AtomicU64::new(0));
            let counter = Arc::clone(&read);
            let items = (0..200usize).inspect(move |_| {
                counter.fetch_add(1, Ordering::SeqCst);
            });
            let work: Work<usize, usize> = Arc::new(|i| i);
            let weigh: fn(&usize) -> usize = match most {
                2 => |_| WINDOW_BYTES / 2,
                _ => |_| WINDOW_BYTES * 3,
            };
            let mut written = 0u64;
            in_order(items, 16, weigh, work, |_| {
                // Items read and not yet written, this one included.
                let ahead = read.load(Ordering::SeqCst) - written;
                written += 1;
                assert!(ahead <= most, "{ahead} ahead at weight {weight}");
                Ok::<(), ()>(())
            })
            .unwrap();
            assert_eq!(written, 200);
        }
    }

    #[test]
    fn an_emit_error_stops_the_batch() {
        let work: Work<u64, u64> = Arc::new(|i| i);
        let mut count = 0;
        let result = in_order(
            0..,
            2,
            |_| 1,
            work,
            |i| {
                count += 1;
                if i == 10 {
                    Err("closed")
                } else {
                    Ok(())
                }
            },
        );
        assert_eq!(result, Err("closed"));
        assert_eq!(count, 11);
    }
}
