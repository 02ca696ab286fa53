//! Finding links in a large in-memory buffer (a memory-mapped file, say)
//! on all cores, with output in input order.
//!
//! The buffer is split into pieces of about [`ParallelFinder::piece_size`]
//! bytes at *safe cuts*: ASCII white-space or control bytes (a newline when
//! one is near) that no link can cross, by the same rule as
//! [`crate::stream`] uses (the finder never looks across such a byte,
//! except for an IRI folded over lines inside `<…>` and a link that ends
//! a Markdown label or an emphasis, which looks back on its line for the
//! label's `[` or the emphasis's `_` or `~~`; a
//! cut is never placed where one of those could cross it). Each piece is
//! scanned on its own, with a few bytes of look-ahead, by rayon; the
//! pieces' results come back in input order, with absolute offsets and
//! line numbers. The result is exactly that of [`Finder::links_bytes`] on
//! the whole buffer, whatever the piece size and the number of threads. A
//! buffer with no safe cut at all (one giant token, a line of open
//! Markdown labels) is one piece.
//!
//! ```
//! use iriscan::{Finder, parallel::ParallelFinder};
//!
//! let text = "see http://例え.jp/\nand www.пример.рф\n".repeat(1000);
//! let pf = ParallelFinder::new(Finder::new());
//! let links = pf.links(text.as_bytes());
//! assert_eq!(links.len(), 2000);
//! assert_eq!(links[1].start(), 26);
//! assert_eq!(links[1].line(), 2);
//! assert_eq!(links[1].uri(), Ok("https://www.xn--e1afmkfd.xn--p1ai"));
//! ```

use crate::chunk::{Chunk, ChunkLink};
use crate::cut::{fold_window, last_safe_cut, last_safe_line_cut, next_safe_cut, next_safe_line_cut};
use crate::{Finder, MapError};
use rayon::prelude::*;
use std::borrow::Cow;
use std::ops::Range;

/// The default piece size (1 MiB).
///
/// ```
/// assert_eq!(iriscan::parallel::DEFAULT_PIECE_SIZE, 1 << 20);
/// ```
pub const DEFAULT_PIECE_SIZE: usize = 1024 * 1024;

/// How far past a piece's target size [`ParallelFinder::split`] looks for
/// a line break to end the piece at, when its second half holds none (at
/// least this far, or a piece size: a line longer than that is cut at
/// white space inside it).
const LINE_REACH: usize = 64 * 1024;

/// Finds links in a large buffer in parallel.
///
/// ```
/// use iriscan::{Finder, parallel::ParallelFinder};
/// let mut pf = ParallelFinder::new(Finder::new());
/// pf.piece_size(16);
/// let text = b"a.com b.org\nc.net d.io e.jp";
/// let starts: Vec<u64> = pf.links(text).iter().map(|m| m.start()).collect();
/// assert_eq!(starts, [0, 6, 12, 18, 23]);
/// ```
#[derive(Clone, Debug)]
pub struct ParallelFinder {
    finder: Finder,
    piece_size: usize,
    terminator: u8,
    lines: bool,
    parallel: bool,
}

/// A link with its URI (or the reason it has none).
///
/// ```
/// use iriscan::{Finder, parallel::ParallelFinder};
/// let pf = ParallelFinder::new(Finder::new());
/// let found = pf.links("http://xn--a.例え.jp/".as_bytes());
/// assert_eq!(found[0].as_str(), "http://xn--a.例え.jp/");
/// assert!(found[0].uri().is_err()); // IDNA rejects the bad `xn--` label
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MappedLink<'a> {
    link: ChunkLink<'a>,
    uri: Result<Cow<'a, str>, MapError>,
}

impl<'a> MappedLink<'a> {
    /// The link, with absolute offsets and line number.
    ///
    /// ```
    /// let pf = iriscan::parallel::ParallelFinder::new(iriscan::Finder::new());
    /// let found = pf.links("a\nsee x.org".as_bytes());
    /// let l = &found[0];
    /// assert_eq!(l.link().as_str(), "x.org");
    /// ```
    pub fn link(&self) -> &ChunkLink<'a> {
        &self.link
    }
    /// Offset of the link's first byte in the whole input.
    ///
    /// ```
    /// let pf = iriscan::parallel::ParallelFinder::new(iriscan::Finder::new());
    /// let found = pf.links("a\nsee x.org".as_bytes());
    /// let l = &found[0];
    /// assert_eq!(l.start(), 6);
    /// ```
    pub fn start(&self) -> u64 {
        self.link.start()
    }
    /// Offset just past the link's last byte in the whole input.
    ///
    /// ```
    /// let pf = iriscan::parallel::ParallelFinder::new(iriscan::Finder::new());
    /// let found = pf.links("a\nsee x.org".as_bytes());
    /// let l = &found[0];
    /// assert_eq!(l.end(), 11);
    /// ```
    pub fn end(&self) -> u64 {
        self.link.end()
    }
    /// The 1-based line the link starts on (0 when line numbers are off).
    ///
    /// ```
    /// let pf = iriscan::parallel::ParallelFinder::new(iriscan::Finder::new());
    /// let found = pf.links("a\nsee x.org".as_bytes());
    /// let l = &found[0];
    /// assert_eq!(l.line(), 2);
    /// ```
    pub fn line(&self) -> u64 {
        self.link.line()
    }
    /// The kind of link.
    ///
    /// ```
    /// let pf = iriscan::parallel::ParallelFinder::new(iriscan::Finder::new());
    /// let found = pf.links("a\nsee x.org".as_bytes());
    /// let l = &found[0];
    /// assert_eq!(l.kind(), iriscan::LinkKind::Domain);
    /// ```
    pub fn kind(&self) -> crate::LinkKind {
        self.link.kind()
    }
    /// The link as written.
    ///
    /// ```
    /// let pf = iriscan::parallel::ParallelFinder::new(iriscan::Finder::new());
    /// let found = pf.links("a\nsee x.org".as_bytes());
    /// let l = &found[0];
    /// assert_eq!(l.as_str(), "x.org");
    /// ```
    pub fn as_str(&self) -> &'a str {
        self.link.as_str()
    }
    /// The IRI the link denotes (see [`crate::Link::iri`]).
    ///
    /// ```
    /// let pf = iriscan::parallel::ParallelFinder::new(iriscan::Finder::new());
    /// let found = pf.links("a\nsee x.org".as_bytes());
    /// let l = &found[0];
    /// assert_eq!(l.iri(), "https://x.org");
    /// ```
    pub fn iri(&self) -> Cow<'a, str> {
        self.link.iri()
    }
    /// Its URI (RFC 3987 §3.1), mapped once by the worker that found it, or
    /// the mapping error (what [`crate::Link::to_uri`] returned).
    ///
    /// ```
    /// let pf = iriscan::parallel::ParallelFinder::new(iriscan::Finder::new());
    /// let found = pf.links("a\nsee x.org".as_bytes());
    /// let l = &found[0];
    /// assert_eq!(l.uri(), Ok("https://x.org"));
    /// ```
    pub fn uri(&self) -> Result<&str, &MapError> {
        self.uri.as_deref()
    }
}

impl ParallelFinder {
    /// A parallel finder with 1 MiB pieces, lines ending at `\n`.
    ///
    /// ```
    /// let pf = iriscan::parallel::ParallelFinder::new(iriscan::Finder::new());
    /// assert_eq!(pf.split(b"short").len(), 1);
    /// ```
    pub fn new(finder: Finder) -> Self {
        ParallelFinder {
            finder,
            piece_size: DEFAULT_PIECE_SIZE,
            terminator: b'\n',
            lines: true,
            parallel: true,
        }
    }

    /// The finder used on each piece.
    ///
    /// ```
    /// let pf = iriscan::parallel::ParallelFinder::new(iriscan::Finder::new());
    /// assert_eq!(pf.finder().links("x.org").count(), 1);
    /// ```
    pub fn finder(&self) -> &Finder {
        &self.finder
    }

    /// The size pieces aim at (at least 1 byte). A piece ends at the last
    /// safe cut before this size, or, failing one in its second half, at the
    /// first safe cut after it.
    ///
    /// ```
    /// let mut pf = iriscan::parallel::ParallelFinder::new(iriscan::Finder::new());
    /// pf.piece_size(4);
    /// assert_eq!(pf.split(b"ab\ncd\nef"), [0..5, 5..8]);
    /// ```
    pub fn piece_size(&mut self, bytes: usize) -> &mut Self {
        self.piece_size = bytes.max(1);
        self
    }

    /// The byte that ends a line for line numbers (default `\n`).
    ///
    /// ```
    /// let mut pf = iriscan::parallel::ParallelFinder::new(iriscan::Finder::new());
    /// pf.line_terminator(0);
    /// assert_eq!(pf.links(b"a\0b\0x.org")[0].line(), 3);
    /// ```
    pub fn line_terminator(&mut self, byte: u8) -> &mut Self {
        self.terminator = byte;
        self
    }

    /// Whether to count lines (default on). Off saves a pass over the
    /// input when line numbers are not wanted: every link then reports
    /// line 0.
    ///
    /// ```
    /// let mut pf = iriscan::parallel::ParallelFinder::new(iriscan::Finder::new());
    /// pf.line_numbers(false);
    /// assert_eq!(pf.links(b"a\nx.org")[0].line(), 0);
    /// ```
    pub fn line_numbers(&mut self, on: bool) -> &mut Self {
        self.lines = on;
        self
    }

    /// Whether to use rayon's pool (default on); off runs on the calling
    /// thread only. The output is the same either way.
    ///
    /// ```
    /// let mut pf = iriscan::parallel::ParallelFinder::new(iriscan::Finder::new());
    /// pf.parallel(false);
    /// assert_eq!(pf.links(b"x.org").len(), 1);
    /// ```
    pub fn parallel(&mut self, on: bool) -> &mut Self {
        self.parallel = on;
        self
    }

    /// The pieces `bytes` is split into: consecutive ranges covering it,
    /// each ending at a safe cut (a line break where one lies within the
    /// piece's second half or up to the larger of 64 KiB and the piece size
    /// after it) or at the end.
    ///
    /// ```
    /// let mut pf = iriscan::parallel::ParallelFinder::new(iriscan::Finder::new());
    /// pf.piece_size(8);
    /// // The newline is preferred, and the last line is kept whole; the
    /// // unclosed `<http:` keeps the cut out of the folded link.
    /// assert_eq!(pf.split(b"one two\nthree four"), [0..7, 7..18]);
    /// assert_eq!(pf.split(b"<http://a.com/\n b> c\nd"), [0..20, 20..22]);
    /// ```
    pub fn split(&self, bytes: &[u8]) -> Vec<Range<usize>> {
        let n = bytes.len();
        let window = fold_window(&self.finder);
        let mut pieces = Vec::with_capacity(n / self.piece_size + 1);
        let mut pos = 0;
        while pos < n {
            let target = pos.saturating_add(self.piece_size);
            if target >= n {
                pieces.push(pos..n);
                break;
            }
            // A line break in the second half of the piece or, failing
            // that, the first one after it within [`LINE_REACH`] or a piece
            // size (the rules read a link's line); then any safe Hard byte.
            let half = pos + self.piece_size / 2 + 1;
            let further = target.saturating_add(self.piece_size.max(LINE_REACH));
            // (The end of the input ends a line too: a last line with no
            // line break after it, within reach, is kept whole.)
            let line_cut = last_safe_line_cut(bytes, half, target, window)
                .or_else(|| next_safe_line_cut(bytes, target, further, window));
            if line_cut.is_none() && n <= further {
                pieces.push(pos..n);
                break;
            }
            let cut = line_cut
                .or_else(|| last_safe_cut(bytes, half, target, window))
                .or_else(|| next_safe_cut(bytes, target, window))
                .filter(|&c| c > pos && c < n);
            match cut {
                Some(c) => {
                    pieces.push(pos..c);
                    pos = c;
                }
                None => {
                    pieces.push(pos..n);
                    break;
                }
            }
        }
        pieces
    }

    /// Splits `bytes` into pieces, calls `map` on each piece's [`Chunk`] in
    /// parallel (one worker per thread of rayon's pool), and hands the
    /// results to `sink` in input order. At most four pieces per worker
    /// are mapped ahead of `sink`, so memory stays bounded by that window,
    /// not the buffer. Stops at the first error of `sink`.
    ///
    /// ```
    /// use iriscan::{Finder, parallel::ParallelFinder};
    /// let mut pf = ParallelFinder::new(Finder::new());
    /// pf.piece_size(10);
    /// let mut out = String::new();
    /// pf.map_chunks(
    ///     b"a.com b.org\nc.net\n",
    ///     |chunk| chunk.links().map(|l| format!("{}:{} {}\n", l.line(), l.start(), l.as_str())).collect::<String>(),
    ///     |s| { out.push_str(&s); Ok::<(), std::convert::Infallible>(()) },
    /// ).unwrap();
    /// assert_eq!(out, "1:0 a.com\n1:6 b.org\n2:12 c.net\n");
    /// ```
    pub fn map_chunks<'a, T, E, M, S>(&'a self, bytes: &'a [u8], map: M, mut sink: S) -> Result<(), E>
    where
        T: Send,
        M: Fn(&Chunk<'a>) -> T + Sync,
        S: FnMut(T) -> Result<(), E>,
    {
        let pieces = self.split(bytes);
        if !self.parallel {
            let mut line = u64::from(self.lines);
            for r in pieces {
                let count = self.count_lines(&bytes[r.clone()]);
                sink(map(&self.in_memory(bytes, r, line)))?;
                line += count;
            }
            return Ok(());
        }
        // Line numbers first (one fast counting pass, in parallel, only when
        // they are wanted), so that every piece can be mapped on its own.
        let counts: Vec<u64> = pieces.par_iter().map(|r| self.count_lines(&bytes[r.clone()])).collect();
        let mut first_lines = Vec::with_capacity(pieces.len());
        let mut line = u64::from(self.lines);
        for count in counts {
            first_lines.push(line);
            line += count;
        }
        // A sliding window: as many workers as the pool has threads take
        // pieces in order, at most `window` ahead of the writer; this thread
        // writes the results in input order as they complete. No batch
        // barrier: a slow piece holds up only its own place in the output.
        let workers = rayon::current_num_threads().max(1);
        let window = 4 * workers;
        let next = std::sync::atomic::AtomicUsize::new(0);
        let gate = (std::sync::Mutex::new(0usize), std::sync::Condvar::new());
        let stop = std::sync::atomic::AtomicBool::new(false);
        let (tx, rx) = std::sync::mpsc::channel::<(usize, T)>();
        std::thread::scope(|scope| {
            for _ in 0..workers {
                let (tx, map, pieces, first_lines) = (tx.clone(), &map, &pieces, &first_lines);
                let (next, gate, stop) = (&next, &gate, &stop);
                scope.spawn(move || {
                    use std::sync::atomic::Ordering::Relaxed;
                    // If `map` panics, stop the others and wake those waiting
                    // for the writer, which would wait for this piece forever:
                    // the scope then ends and passes the panic on.
                    let _on_panic = OnPanic(|| {
                        stop.store(true, Relaxed);
                        gate.1.notify_all();
                    });
                    loop {
                        let k = next.fetch_add(1, Relaxed);
                        if k >= pieces.len() {
                            return;
                        }
                        {
                            let (written, cv) = gate;
                            let mut w = written.lock().unwrap_or_else(|e| e.into_inner());
                            while k >= *w + window && !stop.load(Relaxed) {
                                w = cv.wait(w).unwrap_or_else(|e| e.into_inner());
                            }
                        }
                        if stop.load(Relaxed) {
                            return;
                        }
                        let result = map(&self.in_memory(bytes, pieces[k].clone(), first_lines[k]));
                        if tx.send((k, result)).is_err() {
                            return;
                        }
                    }
                });
            }
            drop(tx);
            let mut outcome = Ok(());
            let mut pending = std::collections::BTreeMap::new();
            let mut written = 0;
            for (k, result) in rx.iter() {
                pending.insert(k, result);
                while let Some(result) = pending.remove(&written) {
                    if let Err(e) = sink(result) {
                        outcome = Err(e);
                        break;
                    }
                    written += 1;
                }
                if outcome.is_err() {
                    break;
                }
                let (w, cv) = &gate;
                *w.lock().unwrap_or_else(|e| e.into_inner()) = written;
                cv.notify_all();
            }
            // On a sink error: release the waiting workers and stop the rest.
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
            gate.1.notify_all();
            drop(rx);
            outcome
        })
    }

    /// The chunk for one piece, with its first line number.
    fn in_memory<'a>(&'a self, bytes: &'a [u8], piece: Range<usize>, line: u64) -> Chunk<'a> {
        Chunk::in_memory(&self.finder, bytes, piece, line, self.lines.then_some(self.terminator))
    }

    /// All links of `bytes` with their URIs, in order.
    ///
    /// ```
    /// use iriscan::{Finder, parallel::ParallelFinder};
    /// let pf = ParallelFinder::new(Finder::new());
    /// let found = pf.links("参考：https://例え.jp/パス".as_bytes());
    /// assert_eq!(found[0].uri(), Ok("https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9"));
    /// ```
    pub fn links<'a>(&'a self, bytes: &'a [u8]) -> Vec<MappedLink<'a>> {
        let mut out = Vec::new();
        let done: Result<(), std::convert::Infallible> = self.map_chunks(
            bytes,
            |chunk| {
                chunk
                    .links()
                    .map(|link| MappedLink {
                        uri: link.to_uri(),
                        link,
                    })
                    .collect::<Vec<_>>()
            },
            |found| {
                out.extend(found);
                Ok(())
            },
        );
        let Ok(()) = done;
        out
    }

    fn count_lines(&self, bytes: &[u8]) -> u64 {
        crate::chunk::count_byte(self.lines.then_some(self.terminator), bytes)
    }
}

/// Runs its closure when dropped during a panic.
struct OnPanic<F: Fn()>(F);

impl<F: Fn()> Drop for OnPanic<F> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            (self.0)();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text() -> Vec<u8> {
        (0..2000)
            .map(|i| format!("line {i} see h{i}.example.com now\n"))
            .collect::<String>()
            .into_bytes()
    }

    #[test]
    fn results_reach_the_sink_in_input_order_with_line_numbers() {
        let text = text();
        let mut pf = ParallelFinder::new(Finder::new());
        pf.piece_size(97);
        let mut got = Vec::new();
        let done: Result<(), ()> = pf.map_chunks(
            &text,
            |chunk| {
                chunk
                    .links()
                    .map(|l| (l.line(), l.as_str().to_owned()))
                    .collect::<Vec<_>>()
            },
            |links| {
                got.extend(links);
                Ok(())
            },
        );
        assert!(done.is_ok());
        let want: Vec<(u64, String)> = (0..2000).map(|i| (i as u64 + 1, format!("h{i}.example.com"))).collect();
        assert_eq!(got, want);
    }

    #[test]
    fn a_panic_in_map_reaches_the_caller_instead_of_hanging_the_run() {
        // Pieces after the first wait for the writer, which waits for the
        // first: it panics. On its own thread, so that a hang fails the
        // test instead of stalling the suite.
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let text = text();
            let mut pf = ParallelFinder::new(Finder::new());
            pf.piece_size(50);
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                pf.map_chunks(
                    &text,
                    |chunk| {
                        assert!(chunk.offset() > 0, "the first piece");
                        chunk.links().count()
                    },
                    |_| Ok::<(), ()>(()),
                )
            }));
            let _ = tx.send(outcome.is_err());
        });
        let panicked = rx.recv_timeout(std::time::Duration::from_secs(60));
        assert_eq!(panicked, Ok(true), "the run should end with the panic");
    }

    #[test]
    fn a_failing_sink_stops_the_run_with_its_error() {
        let text = text();
        let mut pf = ParallelFinder::new(Finder::new());
        pf.piece_size(50);
        let mut calls = 0;
        let done = pf.map_chunks(
            &text,
            |chunk| chunk.links().count(),
            |_| {
                calls += 1;
                if calls == 3 {
                    Err("closed")
                } else {
                    Ok(())
                }
            },
        );
        assert_eq!(done, Err("closed"));
        assert_eq!(calls, 3);
    }
}
