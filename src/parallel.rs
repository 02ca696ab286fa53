//! Finding links in a large in-memory buffer (a memory-mapped file, say)
//! on all cores, with output in input order.
//!
//! The buffer is split into pieces of about [`ParallelFinder::piece_size`]
//! bytes at *safe cuts*: ASCII white-space or control bytes (a newline when
//! one is near) that no link can cross, by the same rule as
//! [`crate::stream`] uses (the finder never looks across such a byte,
//! except for an IRI folded over lines inside `<…>`, and a cut is never
//! placed where one of those could cross it). Each piece is scanned on its
//! own, with a few bytes of look-ahead, by rayon; the pieces' results come
//! back in input order, with absolute offsets and line numbers. The result
//! is exactly that of [`Finder::links_bytes`] on the whole buffer, whatever
//! the piece size and the number of threads. A buffer with no safe cut at
//! all (one giant token) is one piece.
//!
//! ```
//! use iriscan::{Finder, parallel::ParallelFinder};
//!
//! let text = "see http://例え.jp/\nand www.пример.рф\n".repeat(1000);
//! let pf = ParallelFinder::new(Finder::new());
//! let links = pf.links(text.as_bytes());
//! assert_eq!(links.len(), 2000);
//! assert_eq!(links[1].link.start(), 26);
//! assert_eq!(links[1].link.line(), 2);
//! assert_eq!(links[1].uri.as_deref(), Ok("https://www.xn--e1afmkfd.xn--p1ai"));
//! ```

use crate::stream::{fold_window, last_safe_cut, next_safe_cut, Chunk, ChunkLink};
use crate::{Finder, MapError};
use rayon::prelude::*;
use std::borrow::Cow;
use std::ops::Range;

/// The default piece size (1 MiB).
pub const DEFAULT_PIECE_SIZE: usize = 1024 * 1024;

/// Finds links in a large buffer in parallel.
///
/// ```
/// use iriscan::{Finder, parallel::ParallelFinder};
/// let mut pf = ParallelFinder::new(Finder::new());
/// pf.piece_size(16);
/// let text = b"a.com b.org\nc.net d.io e.jp";
/// let starts: Vec<u64> = pf.links(text).iter().map(|m| m.link.start()).collect();
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
/// assert_eq!(found[0].link.as_str(), "http://xn--a.例え.jp/");
/// assert!(found[0].uri.is_err()); // IDNA rejects the bad `xn--` label
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MappedLink<'a> {
    /// The link, with absolute offsets and line number.
    pub link: ChunkLink<'a>,
    /// Its URI (RFC 3987 §3.1), or the mapping error.
    pub uri: Result<Cow<'a, str>, MapError>,
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
    /// assert_eq!(pf.split(b"ab cd ef"), [0..5, 5..8]);
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
    /// assert_eq!(pf.links(b"a\0b\0x.org")[0].link.line(), 3);
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
    /// assert_eq!(pf.links(b"a\nx.org")[0].link.line(), 0);
    /// ```
    pub fn line_numbers(&mut self, on: bool) -> &mut Self {
        self.lines = on;
        self
    }

    /// Runs on the calling thread only (no rayon) when `on`; the output is
    /// the same either way.
    ///
    /// ```
    /// let mut pf = iriscan::parallel::ParallelFinder::new(iriscan::Finder::new());
    /// pf.sequential(true);
    /// assert_eq!(pf.links(b"x.org").len(), 1);
    /// ```
    pub fn sequential(&mut self, on: bool) -> &mut Self {
        self.parallel = !on;
        self
    }

    /// The pieces `bytes` is split into: consecutive ranges covering it,
    /// each ending at a safe cut or at the end.
    ///
    /// ```
    /// let mut pf = iriscan::parallel::ParallelFinder::new(iriscan::Finder::new());
    /// pf.piece_size(8);
    /// // The newline is preferred; the unclosed `<http:` keeps the cut out of the folded link.
    /// assert_eq!(pf.split(b"one two\nthree four"), [0..7, 7..13, 13..18]);
    /// assert_eq!(pf.split(b"<http://a.com/\n b> c"), [0..18, 18..20]);
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
            let half = pos + self.piece_size / 2 + 1;
            let cut = last_safe_cut(bytes, half, target, window)
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
    /// parallel, and hands the results to `sink` in input order. Pieces are
    /// processed in batches of a few per thread, so memory stays bounded by
    /// the batch, not the buffer. Stops at the first error of `sink`.
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
        // The pool maps one batch while this thread hands the previous one
        // to `sink` (writing output, typically): the workers never wait for
        // the writer, and the writer never for a whole batch. At most two
        // batches of results are alive at once.
        let batch = 4 * rayon::current_num_threads().max(1);
        let (tx, rx) = std::sync::mpsc::sync_channel::<Vec<T>>(1);
        std::thread::scope(|scope| {
            let map = &map;
            let producer = scope.spawn(move || {
                let mut line = u64::from(self.lines);
                for group in pieces.chunks(batch) {
                    let counts: Vec<u64> = group.par_iter().map(|r| self.count_lines(&bytes[r.clone()])).collect();
                    let chunks: Vec<Chunk<'a>> = group
                        .iter()
                        .zip(&counts)
                        .map(|(r, &count)| {
                            let chunk = self.in_memory(bytes, r.clone(), line);
                            line += count;
                            chunk
                        })
                        .collect();
                    let results: Vec<T> = chunks.par_iter().map(map).collect();
                    if tx.send(results).is_err() {
                        return; // the sink failed: stop mapping
                    }
                }
            });
            let mut outcome = Ok(());
            for results in rx.iter() {
                if let Err(e) = results.into_iter().try_for_each(&mut sink) {
                    outcome = Err(e);
                    break;
                }
            }
            drop(rx);
            if let Err(panic) = producer.join() {
                std::panic::resume_unwind(panic);
            }
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
    /// assert_eq!(found[0].uri.as_deref(), Ok("https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9"));
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
        crate::stream::count_byte(self.lines.then_some(self.terminator), bytes)
    }
}
