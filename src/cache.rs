//! A small per-thread memo for per-host work (IDNA, the UTS 39 host
//! policy): the same hosts come back again and again in mail, logs and
//! crawls, and that work is thousands of instructions a host.

use std::cell::RefCell;
use std::collections::HashMap;
use std::thread::LocalKey;

/// Answers remembered per thread, at most `CAP` of them (the map is emptied
/// when full: bounded memory on any input, no bookkeeping per hit).
pub(crate) struct HostMemo<V> {
    map: RefCell<HashMap<Box<str>, V>>,
}

/// Hosts longer than this are never remembered (no DNS name is).
const MAX_KEY: usize = 255;
const CAP: usize = 4096;

impl<V: Clone> HostMemo<V> {
    pub(crate) fn new() -> Self {
        HostMemo {
            map: RefCell::new(HashMap::new()),
        }
    }

    /// `compute(host)`, from the thread's memo `memo` when it is there.
    pub(crate) fn get(memo: &'static LocalKey<Self>, host: &str, compute: impl FnOnce(&str) -> V) -> V {
        Self::with(memo, host, compute, V::clone)
    }

    /// `read(&compute(host))`, from the thread's memo `memo` when it is
    /// there: a hit is read in place, not cloned.
    pub(crate) fn with<R>(
        memo: &'static LocalKey<Self>,
        host: &str,
        compute: impl FnOnce(&str) -> V,
        read: impl FnOnce(&V) -> R,
    ) -> R {
        if host.len() > MAX_KEY {
            return read(&compute(host));
        }
        // A miss hands `read` back.
        let read = match memo.with(move |m| match m.map.borrow().get(host) {
            Some(v) => Ok(read(v)),
            None => Err(read),
        }) {
            Ok(answer) => return answer,
            Err(read) => read,
        };
        let value = compute(host);
        let answer = read(&value);
        memo.with(|m| {
            let mut map = m.map.borrow_mut();
            if map.len() >= CAP {
                map.clear();
            }
            map.insert(host.into(), value);
        });
        answer
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    thread_local! {
        static MEMO: HostMemo<usize> = HostMemo::new();
    }

    #[test]
    fn a_host_is_computed_once_until_the_memo_fills() {
        let calls = std::cell::Cell::new(0);
        let count = |h: &str| {
            calls.set(calls.get() + 1);
            h.len()
        };
        assert_eq!(HostMemo::get(&MEMO, "example.com", count), 11);
        assert_eq!(HostMemo::get(&MEMO, "example.com", count), 11);
        assert_eq!(calls.get(), 1);
        // Filling the memo empties it: the first host is computed again.
        for i in 0..CAP {
            HostMemo::get(&MEMO, &format!("h{i}.example"), count);
        }
        HostMemo::get(&MEMO, "example.com", count);
        assert_eq!(calls.get(), 2 + CAP);
        MEMO.with(|m| assert!(m.map.borrow().len() <= CAP));
        // Long keys are never stored.
        let long = "a".repeat(MAX_KEY + 1);
        HostMemo::get(&MEMO, &long, count);
        HostMemo::get(&MEMO, &long, count);
        assert_eq!(calls.get(), 4 + CAP);
    }
}
