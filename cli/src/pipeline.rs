//! A producer, a pool of workers and an in-order writer.
//!
//! The producer (a reader, a gzip decoder, a WARC record parser) runs on
//! its own thread and emits jobs; workers scan them; the calling thread
//! writes the results strictly in the order the jobs were emitted. At most
//! `window` jobs are in flight, so memory stays bounded by the window and
//! the job size, whatever the input.

use std::collections::BTreeMap;
use std::io;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::mpsc::{channel, sync_channel};
use std::sync::{Condvar, Mutex};

/// Runs `produce` (which calls its `emit` with each job), `work` on every
/// job and `write` on every result in emission order. With `workers` of
/// `None` everything runs on the calling thread, one job at a time.
/// Returns what `produce` returned, or the first error of `write` (after
/// which the producer's `emit` fails and the run winds down).
pub fn run<J, T, P, R, W, F>(workers: Option<usize>, produce: P, work: W, mut write: F) -> io::Result<R>
where
    J: Send,
    T: Send,
    R: Send,
    P: FnOnce(&mut dyn FnMut(J) -> io::Result<()>) -> R + Send,
    W: Fn(J) -> T + Sync,
    F: FnMut(T) -> io::Result<()>,
{
    let Some(workers) = workers else {
        let mut failed = None;
        let r = produce(&mut |job| {
            if failed.is_some() {
                return Err(io::Error::from(io::ErrorKind::BrokenPipe));
            }
            write(work(job)).inspect_err(|e| failed = Some(io::Error::new(e.kind(), e.to_string())))
        });
        return match failed {
            Some(e) => Err(e),
            None => Ok(r),
        };
    };
    let workers = workers.max(1);
    let window = 3 * workers;
    let stop = AtomicBool::new(false);
    // Jobs emitted but not yet written: the producer waits while `window`
    // of them are in flight.
    let in_flight = (Mutex::new(0usize), Condvar::new());
    let (job_tx, job_rx) = sync_channel::<(usize, J)>(workers);
    let job_rx = Mutex::new(job_rx);
    let (out_tx, out_rx) = channel::<(usize, T)>();
    std::thread::scope(|scope| {
        let producer = {
            let (stop, in_flight) = (&stop, &in_flight);
            scope.spawn(move || {
                let mut seq = 0usize;
                let r = produce(&mut |job| {
                    {
                        let (n, cv) = in_flight;
                        let mut n = n.lock().unwrap_or_else(|e| e.into_inner());
                        while *n >= window && !stop.load(Relaxed) {
                            n = cv.wait(n).unwrap_or_else(|e| e.into_inner());
                        }
                        if stop.load(Relaxed) {
                            return Err(io::Error::from(io::ErrorKind::BrokenPipe));
                        }
                        *n += 1;
                    }
                    job_tx
                        .send((seq, job))
                        .map_err(|_| io::Error::from(io::ErrorKind::BrokenPipe))?;
                    seq += 1;
                    Ok(())
                });
                drop(job_tx);
                r
            })
        };
        for _ in 0..workers {
            let (job_rx, out_tx, work, stop) = (&job_rx, out_tx.clone(), &work, &stop);
            scope.spawn(move || loop {
                let next = job_rx.lock().unwrap_or_else(|e| e.into_inner()).recv();
                let Ok((seq, job)) = next else { return };
                if stop.load(Relaxed) {
                    continue; // drain, so the producer is never stuck
                }
                if out_tx.send((seq, work(job))).is_err() {
                    return;
                }
            });
        }
        drop(out_tx);
        let mut pending = BTreeMap::new();
        let mut next = 0usize;
        let mut outcome = Ok(());
        for (seq, out) in out_rx.iter() {
            pending.insert(seq, out);
            while let Some(out) = pending.remove(&next) {
                next += 1;
                if outcome.is_ok() {
                    outcome = write(out);
                }
                let (n, cv) = &in_flight;
                *n.lock().unwrap_or_else(|e| e.into_inner()) -= 1;
                cv.notify_all();
            }
            if outcome.is_err() {
                stop.store(true, Relaxed);
                in_flight.1.notify_all();
            }
        }
        let r = match producer.join() {
            Ok(r) => r,
            Err(panic) => std::panic::resume_unwind(panic),
        };
        outcome.map(|()| r)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_are_written_in_emission_order_with_any_number_of_workers() {
        for workers in [None, Some(1), Some(3)] {
            let mut got = Vec::new();
            let r = run(
                workers,
                |emit| {
                    for i in 0..200u64 {
                        emit(i).unwrap();
                    }
                    7
                },
                |i| {
                    // Uneven work, so that results complete out of order.
                    (0..(i % 7) * 1000).fold(i, |a, b| a.wrapping_add(b)) - (0..(i % 7) * 1000).sum::<u64>()
                },
                |i| {
                    got.push(i);
                    Ok(())
                },
            );
            assert_eq!(r.unwrap(), 7);
            assert_eq!(got, (0..200).collect::<Vec<_>>());
        }
    }

    #[test]
    fn a_failing_writer_stops_the_producer() {
        for workers in [None, Some(2)] {
            let mut emitted = 0;
            let r = run(
                workers,
                |emit| {
                    for i in 0..10_000u32 {
                        if emit(i).is_err() {
                            break;
                        }
                        emitted += 1;
                    }
                },
                |i| i,
                |i| {
                    if i == 5 {
                        Err(io::ErrorKind::BrokenPipe.into())
                    } else {
                        Ok(())
                    }
                },
            );
            assert!(r.is_err());
            assert!(emitted < 10_000);
        }
    }
}
