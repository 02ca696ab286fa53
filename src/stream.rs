//! Finding links in an [`io::Read`] stream with bounded memory.
//!
//! A [`StreamFinder`] reads its input into a buffer, hands every settled
//! part of the buffer to the [`Finder`] and keeps only the unsettled tail for
//! the next read. Offsets are absolute in the stream (`u64`), and every link
//! carries the (1-based) number of the line it starts on, counted
//! incrementally as the text is settled.
//!
//! ```
//! use iriscan::{Finder, stream::StreamFinder};
//!
//! let input = "line one\nsee https://例え.jp/パス and info@example.com\n".as_bytes();
//! let mut found = Vec::new();
//! StreamFinder::new(Finder::new()).for_each_link(input, |link| {
//!     found.push((link.line(), link.start(), link.as_str().to_owned()));
//!     Ok(())
//! })?;
//! assert_eq!(found[0], (2, 13, "https://例え.jp/パス".to_owned()));
//! assert_eq!(found[1], (2, 42, "info@example.com".to_owned()));
//! # Ok::<(), iriscan::stream::StreamError>(())
//! ```
//!
//! # Why a chunk boundary never splits or changes a link
//!
//! The finder's rules look at a bounded neighbourhood of a link, and that
//! neighbourhood never reaches across an ASCII white-space or C0 control byte
//! (a *Hard* byte: UTS #58 Link_Term Hard, and the end of every backward
//! scan for a scheme, a domain label or an email local part), with one
//! exception: an IRI inside `<…>` or `<URL:…>` folded over lines
//! (RFC 3986 Appendix C) runs across white space up to its `>`.
//!
//! So the buffer is cut *at* a Hard byte `c` (the byte itself starts the next
//! chunk, so both sides see the same character at the seam), and one of
//! these holds:
//!
//! 1. **Safe cut** (the usual case, tiny carry): no folded link can cross
//!    `c`. A folded link that crossed `c` would start right after the last
//!    `<` before `c`, with a scheme and `:` after it and no `>` between it
//!    and `c`, within the folding limit (at most the finder's
//!    [`max_link_length`](Finder::max_link_length)) before `c`. If the last
//!    `<` before `c` is not such an opener (or a `>` that is not a mail
//!    quote marker closes it before `c`), no link crosses `c`: the links
//!    that start before `c` end at or before it. They are found in the
//!    buffer up to `c` plus a few bytes of look-ahead, and the tail from `c`
//!    on is carried into the next read.
//! 2. **Cut with look-ahead** (an unclosed `<scheme:` opener within reach):
//!    once the buffer is full, a Hard byte `c` is taken that lies at least
//!    the maximum link length plus 1 KiB before the end of the buffer. Every
//!    link that starts before `c` is shorter than the maximum link length,
//!    and everything the finder looks at beyond its end is within the
//!    buffer, so these links are found exactly as in the whole text. The next
//!    chunk starts at `c` or, when a folded link crossed `c`, at that link's
//!    end (a white-space or `>` byte, which again stops every backward scan).
//! 3. **Forced cut, past the cap** (no Hard byte at all in the last
//!    [`buffer_cap`](StreamFinder::buffer_cap) bytes, or none early
//!    enough): the buffer is cut inside a token, at a UTF-8 character
//!    boundary the same distance before its end as in case 2. Links that
//!    start before the cut are still whole and exact; but a link starting
//!    within about 255 bytes after the cut loses the text before the cut
//!    that the finder's backward scans would have seen (the rest of a
//!    scheme, domain labels, an email local part, or the word that makes a
//!    scheme not a scheme). Such a link can then be found where the whole
//!    text has none, or start later than in the whole text; everything from
//!    the next Hard byte on is exact again. [`StreamStats::forced_cuts`]
//!    counts these cuts. With the defaults this needs a run of about
//!    256 KiB without any white space or control character.
//!
//! The buffer never grows beyond [`StreamFinder::buffer_cap`] bytes
//! (default 256 KiB, and at least twice the maximum link length plus 1 KiB),
//! whatever the input.
//!
//! Invalid UTF-8 is a Hard boundary for the finder, so it is scanned like
//! any other text; a cut never falls inside a valid UTF-8 sequence.

use crate::{Finder, Link, LinkKind, MapError};
use core::fmt;
use std::borrow::Cow;
use std::io::{self, Read};

/// Bytes of look-ahead beyond the maximum link length that a cut of case 2
/// or 3 leaves in the buffer: the finder looks past a link's end by at most
/// an email local part (128 bytes), a TLD label, or one character.
const LOOKAHEAD_SLACK: usize = 1024;

/// Bytes scanned past a safe cut, so that the finder sees the character at
/// the seam (grapheme-boundary and punctuation checks look one character
/// ahead).
const SEAM_LOOKAHEAD: usize = 64;

/// Folded links open with `<` or `<URL:` and a scheme of at most 64 bytes:
/// the extra reach of a folding opener before its link's start.
const FOLD_OPENER_REACH: usize = 72;

/// A cut prefers a newline when one lies within this distance of the ideal
/// cut point (lines are the natural unit of logs and mail).
const NEWLINE_PREFERENCE: usize = 4096;

/// Whether `b` is an ASCII white-space or C0 control byte (U+0000–U+0020):
/// UTS #58 Hard, never part of a UTF-8 multi-byte sequence, and a stop for
/// every scan of the finder except inside folded links. DEL (0x7F) is Hard
/// too, but the look-ahead over an authority (which decides where a host
/// ends) runs across it, so it is no place for a cut.
#[inline]
pub(crate) fn is_hard_byte(b: u8) -> bool {
    b <= b' '
}

/// How far before a cut a folding opener (`<scheme:`) can still produce a
/// link that crosses the cut.
pub(crate) fn fold_window(finder: &Finder) -> usize {
    finder.max_link_length() + FOLD_OPENER_REACH
}

/// Look-ahead a cut needs when a link may cross it (case 2 and 3).
pub(crate) fn lookahead_reserve(finder: &Finder) -> usize {
    finder.max_link_length() + LOOKAHEAD_SLACK
}

/// The last Hard byte in `bytes[floor..end]` after position 0, preferring
/// a newline within [`NEWLINE_PREFERENCE`] bytes of `end`.
pub(crate) fn last_hard_before(bytes: &[u8], floor: usize, end: usize) -> Option<usize> {
    let end = end.min(bytes.len());
    let floor = floor.max(1);
    if floor >= end {
        return None;
    }
    let lo = end.saturating_sub(NEWLINE_PREFERENCE).max(floor);
    if let Some(i) = memchr::memrchr(b'\n', &bytes[lo..end]) {
        return Some(lo + i);
    }
    bytes[floor..end]
        .iter()
        .rposition(|&b| is_hard_byte(b))
        .map(|i| floor + i)
}

/// If a folded link (RFC 3986 Appendix C, `<scheme:…` over lines) could
/// cross a cut at `c`, the position of its `<`.
///
/// Such a link starts right after the last `<` before `c`: from its `:` to
/// its `>` the finder stops at any other `<`, and between the `<` and the
/// `:` there are only scheme bytes. So only that last `<` matters, and only
/// if a scheme and `:` follow it and no closing `>` follows it before `c`
/// (a `>` that may be a mail quote marker at the start of a continuation
/// line does not close: the finder skips those).
pub(crate) fn fold_opener_before(bytes: &[u8], c: usize, window: usize) -> Option<usize> {
    let lo = c.saturating_sub(window);
    let q = lo + memchr::memrchr(b'<', &bytes[lo..c])?;
    let closed = memchr::memchr_iter(b'>', &bytes[q + 1..c]).any(|k| !may_be_quote_marker(bytes, q + 1 + k));
    if closed {
        return None;
    }
    // `<` scheme `:` (which also covers `<URL:`): a letter, then scheme bytes.
    let rest = &bytes[q + 1..c];
    if !rest.first().is_some_and(u8::is_ascii_alphabetic) {
        return None;
    }
    let scheme_len = rest
        .iter()
        .take(FOLD_OPENER_REACH)
        .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
        .count();
    (rest.get(scheme_len) == Some(&b':')).then_some(q)
}

/// Whether the `>` at `g` may be a quote marker (`> `, `>>`) at the start of
/// a line, which the finder skips inside a folded link: followed by a space,
/// tab or `>`, and preceded on its line only by white space and other `>`.
fn may_be_quote_marker(bytes: &[u8], g: usize) -> bool {
    if !matches!(bytes.get(g + 1), Some(b' ' | b'\t' | b'>') | None) {
        return false;
    }
    let line = &bytes[..g];
    match line.iter().rposition(|b| !matches!(b, b' ' | b'\t' | b'\r' | b'>')) {
        Some(i) => line[i] == b'\n',
        None => false,
    }
}

/// The last *safe* cut in `bytes[floor..end]`: a Hard byte that no link
/// crosses (case 1 of the module documentation).
pub(crate) fn last_safe_cut(bytes: &[u8], floor: usize, mut end: usize, window: usize) -> Option<usize> {
    loop {
        let c = last_hard_before(bytes, floor, end)?;
        match fold_opener_before(bytes, c, window) {
            None => return Some(c),
            // Every cut between the opener and `c` is unsafe too.
            Some(q) => end = q,
        }
    }
}

/// The first safe cut at or after `from` (see [`last_safe_cut`]).
#[cfg(feature = "parallel")]
pub(crate) fn next_safe_cut(bytes: &[u8], mut from: usize, window: usize) -> Option<usize> {
    loop {
        let c = from.max(1) + bytes.get(from.max(1)..)?.iter().position(|&b| is_hard_byte(b))?;
        match fold_opener_before(bytes, c, window) {
            None => return Some(c),
            Some(q) => {
                // Safe again after the `>` that closes the opener, or once
                // the opener is out of reach.
                let out_of_reach = q + window + 1;
                from = match memchr::memchr(b'>', &bytes[c..]) {
                    Some(g) => (c + g + 1).min(out_of_reach),
                    None => out_of_reach,
                };
            }
        }
    }
}

/// Moves `i` forward past UTF-8 continuation bytes (at most three), so that
/// a forced cut never lands inside a character.
fn snap_to_char_boundary(bytes: &[u8], mut i: usize) -> usize {
    for _ in 0..3 {
        if i < bytes.len() && bytes[i] & 0xC0 == 0x80 {
            i += 1;
        }
    }
    i
}

/// Finds links in an [`io::Read`] stream in bounded memory.
///
/// Configure it like a [`Finder`], then call [`for_each_link`],
/// [`for_each_chunk`] or [`links`] with a reader.
///
/// [`for_each_link`]: StreamFinder::for_each_link
/// [`for_each_chunk`]: StreamFinder::for_each_chunk
/// [`links`]: StreamFinder::links
///
/// ```
/// use iriscan::{Finder, stream::StreamFinder};
///
/// let mut sf = StreamFinder::new(Finder::new());
/// sf.read_size(4); // tiny reads: links are still found whole
/// let links: Vec<_> = sf.links("a http://example.com/long/path b".as_bytes()).collect::<Result<_, _>>()?;
/// assert_eq!(links.len(), 1);
/// assert_eq!((links[0].start(), links[0].end()), (2, 30));
/// # Ok::<(), iriscan::stream::StreamError>(())
/// ```
#[derive(Clone, Debug)]
pub struct StreamFinder {
    finder: Finder,
    read_size: usize,
    max_buffer: usize,
    terminator: u8,
    lines: bool,
}

/// The default size of one read from the input (64 KiB).
///
/// ```
/// assert_eq!(iriscan::stream::DEFAULT_READ_SIZE, 65536);
/// ```
pub const DEFAULT_READ_SIZE: usize = 64 * 1024;
/// The default cap on the buffer (256 KiB); see [`StreamFinder::buffer_cap`].
///
/// ```
/// assert_eq!(iriscan::stream::DEFAULT_MAX_BUFFER, 262144);
/// ```
pub const DEFAULT_MAX_BUFFER: usize = 256 * 1024;

impl StreamFinder {
    /// A stream finder that finds what `finder` finds, reading 64 KiB at a
    /// time with a buffer of at most 256 KiB, counting lines by `\n`.
    ///
    /// ```
    /// let sf = iriscan::stream::StreamFinder::new(iriscan::Finder::new());
    /// assert_eq!(sf.buffer_cap(), 256 * 1024);
    /// ```
    pub fn new(finder: Finder) -> Self {
        StreamFinder {
            finder,
            read_size: DEFAULT_READ_SIZE,
            max_buffer: DEFAULT_MAX_BUFFER,
            terminator: b'\n',
            lines: true,
        }
    }

    /// The finder used on each chunk.
    ///
    /// ```
    /// let sf = iriscan::stream::StreamFinder::new(iriscan::Finder::new());
    /// assert_eq!(sf.finder().max_link_length(), iriscan::DEFAULT_MAX_LINK_LEN);
    /// ```
    pub fn finder(&self) -> &Finder {
        &self.finder
    }

    /// How many bytes to ask the reader for at a time (at least 1). Chunks
    /// are settled after every read, so a small read size gives links out
    /// sooner on an interactive stream.
    ///
    /// ```
    /// let mut sf = iriscan::stream::StreamFinder::new(iriscan::Finder::new());
    /// sf.read_size(1);
    /// let n = sf.links("x.org y.org".as_bytes()).count();
    /// assert_eq!(n, 2);
    /// ```
    pub fn read_size(&mut self, bytes: usize) -> &mut Self {
        self.read_size = bytes.max(1);
        self
    }

    /// Caps the buffer at `bytes` (raised to at least twice the finder's
    /// maximum link length plus 2 KiB, see [`buffer_cap`](Self::buffer_cap)).
    ///
    /// ```
    /// let mut f = iriscan::Finder::new();
    /// f.max_link_len(1000);
    /// let mut sf = iriscan::stream::StreamFinder::new(f);
    /// sf.max_buffer(10);
    /// assert_eq!(sf.buffer_cap(), 2 * (1000 + 1024));
    /// ```
    pub fn max_buffer(&mut self, bytes: usize) -> &mut Self {
        self.max_buffer = bytes;
        self
    }

    /// The byte that ends a line for [`StreamLink::line`] and
    /// [`Chunk::first_line`] (default `\n`; `\0` for NUL-separated records).
    ///
    /// ```
    /// let mut sf = iriscan::stream::StreamFinder::new(iriscan::Finder::new());
    /// sf.line_terminator(0);
    /// let l = sf.links("a\0b\nc x.org".as_bytes()).next().unwrap()?;
    /// assert_eq!(l.line(), 2);
    /// # Ok::<(), iriscan::stream::StreamError>(())
    /// ```
    pub fn line_terminator(&mut self, byte: u8) -> &mut Self {
        self.terminator = byte;
        self
    }

    /// Whether to count lines (default on). Off saves a pass over the
    /// input when line numbers are not wanted: every link then reports
    /// line 0, and [`StreamStats::lines`] stays 0.
    ///
    /// ```
    /// let mut sf = iriscan::stream::StreamFinder::new(iriscan::Finder::new());
    /// sf.line_numbers(false);
    /// let l = sf.links("a\nb x.org".as_bytes()).next().unwrap()?;
    /// assert_eq!((l.line(), l.start()), (0, 4));
    /// # Ok::<(), iriscan::stream::StreamError>(())
    /// ```
    pub fn line_numbers(&mut self, on: bool) -> &mut Self {
        self.lines = on;
        self
    }

    /// The terminator to count, if lines are counted.
    fn counted_terminator(&self) -> Option<u8> {
        self.lines.then_some(self.terminator)
    }

    /// The most bytes the buffer ever holds: the configured maximum, but at
    /// least twice (maximum link length + 1 KiB), so that a cut with full
    /// look-ahead (case 2 of the module documentation) always makes progress.
    ///
    /// ```
    /// let sf = iriscan::stream::StreamFinder::new(iriscan::Finder::new());
    /// assert!(sf.buffer_cap() >= 2 * iriscan::DEFAULT_MAX_LINK_LEN);
    /// ```
    pub fn buffer_cap(&self) -> usize {
        self.max_buffer.max(2 * lookahead_reserve(&self.finder))
    }

    /// Calls `f` with every settled chunk of the input, in order. Each
    /// [`Chunk`] gives its text, its absolute offset and first line, and the
    /// links that start in it. Use this to render text (see
    /// [`crate::render`]) or to avoid one allocation per link.
    ///
    /// On a read error the bytes read so far are scanned to their end (as if
    /// the input ended there) and handed to `f` before the error is returned
    /// with the stream offset it occurred at; only a link that no white space
    /// or control byte separates from that offset is held back, as the
    /// failure may have cut it short.
    ///
    /// ```
    /// use iriscan::{Finder, stream::StreamFinder};
    ///
    /// let mut text = Vec::new();
    /// let mut links = Vec::new();
    /// StreamFinder::new(Finder::new()).for_each_chunk("go to x.org now".as_bytes(), |chunk| {
    ///     text.extend_from_slice(chunk.text());
    ///     links.extend(chunk.links().map(|l| (l.start(), l.as_str().to_owned())));
    ///     Ok(())
    /// })?;
    /// assert_eq!(text, b"go to x.org now");
    /// assert_eq!(links, [(6, "x.org".to_owned())]);
    /// # Ok::<(), iriscan::stream::StreamError>(())
    /// ```
    pub fn for_each_chunk<R, F>(&self, reader: R, mut f: F) -> Result<StreamStats, StreamError>
    where
        R: Read,
        F: FnMut(&Chunk<'_>) -> io::Result<()>,
    {
        let mut scanner = Scanner::new(self, reader);
        while let Some(plan) = scanner.next_plan() {
            let chunk = scanner.chunk(&plan);
            f(&chunk).map_err(StreamError::Sink)?;
            scanner.settle(&plan);
        }
        scanner.finish()
    }

    /// Calls `f` with every link of the input, in order, as an owned
    /// [`StreamLink`]. Stops at the first error `f` returns.
    ///
    /// ```
    /// use iriscan::{Finder, stream::StreamFinder};
    /// let mut uris = Vec::new();
    /// let stats = StreamFinder::new(Finder::new()).for_each_link("http://пример.рф/ x".as_bytes(), |l| {
    ///     uris.push(l.to_uri().unwrap());
    ///     Ok(())
    /// })?;
    /// assert_eq!(uris, ["http://xn--e1afmkfd.xn--p1ai/"]);
    /// assert_eq!(stats.bytes, 27);
    /// # Ok::<(), iriscan::stream::StreamError>(())
    /// ```
    pub fn for_each_link<R, F>(&self, reader: R, mut f: F) -> Result<StreamStats, StreamError>
    where
        R: Read,
        F: FnMut(StreamLink) -> io::Result<()>,
    {
        self.for_each_chunk(reader, |chunk| {
            for link in chunk.links() {
                f(link.to_stream_link())?;
            }
            Ok(())
        })
    }

    /// An iterator over the links of `reader`. A read error comes out as the
    /// last item, after the links of the bytes read before it.
    ///
    /// ```
    /// use iriscan::{Finder, stream::StreamFinder};
    /// let sf = StreamFinder::new(Finder::new());
    /// let texts: Vec<String> = sf.links("a.com\nb.org".as_bytes()).map(|l| l.unwrap().as_str().to_owned()).collect();
    /// assert_eq!(texts, ["a.com", "b.org"]);
    /// ```
    pub fn links<R: Read>(&self, reader: R) -> StreamLinks<'_, R> {
        StreamLinks {
            scanner: Scanner::new(self, reader),
            pending: std::collections::VecDeque::new(),
            done: false,
        }
    }
}

/// Statistics of one streaming run.
///
/// ```
/// use iriscan::{Finder, stream::StreamFinder};
/// let stats = StreamFinder::new(Finder::new()).for_each_link("a\nb\n".as_bytes(), |_| Ok(()))?;
/// assert_eq!((stats.bytes, stats.lines, stats.forced_cuts), (4, 2, 0));
/// assert!(stats.peak_buffer_capacity <= StreamFinder::new(Finder::new()).buffer_cap());
/// # Ok::<(), iriscan::stream::StreamError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StreamStats {
    /// Bytes read from the input.
    pub bytes: u64,
    /// Line terminators seen.
    pub lines: u64,
    /// Chunks handed out.
    pub chunks: u64,
    /// Cuts made at a Hard byte with full look-ahead, because an unclosed
    /// `<scheme:` opener kept every later cut out of reach (case 2 of the
    /// module documentation); exact like safe cuts.
    pub lookahead_cuts: u64,
    /// Cuts made inside a token because no Hard byte was available (case 3
    /// of the module documentation); 0 means the result is exactly that of
    /// [`Finder::links_bytes`] on the whole input.
    pub forced_cuts: u64,
    /// The most bytes the buffer held at once.
    pub peak_buffer_len: usize,
    /// The largest capacity the buffer had (never above
    /// [`StreamFinder::buffer_cap`]).
    pub peak_buffer_capacity: usize,
}

/// An error of a streaming run.
///
/// ```
/// use std::io::{self, Read};
/// use iriscan::{Finder, stream::{StreamError, StreamFinder}};
///
/// // A reader that fails after its first bytes.
/// struct Failing(bool);
/// impl Read for Failing {
///     fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
///         if std::mem::replace(&mut self.0, true) {
///             return Err(io::Error::new(io::ErrorKind::UnexpectedEof, "truncated"));
///         }
///         buf[..13].copy_from_slice(b"x.org y.org/p");
///         Ok(13)
///     }
/// }
/// let mut seen = Vec::new();
/// let err = StreamFinder::new(Finder::new())
///     .for_each_link(Failing(false), |l| { seen.push(l.as_str().to_owned()); Ok(()) })
///     .unwrap_err();
/// // Found before the error is reported; `y.org/p` reaches the failure
/// // (it may have gone on) and is held back.
/// assert_eq!(seen, ["x.org"]);
/// assert!(matches!(err, StreamError::Read { offset: 13, .. }));
/// ```
#[derive(Debug)]
pub enum StreamError {
    /// Reading the input failed at this stream offset (bytes read before it).
    Read {
        /// Bytes read successfully before the error.
        offset: u64,
        /// The reader's error.
        error: io::Error,
    },
    /// The callback returned this error (a write error, typically).
    Sink(io::Error),
}

impl StreamError {
    /// The underlying I/O error.
    ///
    /// ```
    /// let e = iriscan::stream::StreamError::Sink(std::io::ErrorKind::BrokenPipe.into());
    /// assert_eq!(e.io_error().kind(), std::io::ErrorKind::BrokenPipe);
    /// ```
    pub fn io_error(&self) -> &io::Error {
        match self {
            StreamError::Read { error, .. } => error,
            StreamError::Sink(e) => e,
        }
    }
}

impl fmt::Display for StreamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StreamError::Read { offset, error } => write!(f, "read error after byte {offset}: {error}"),
            StreamError::Sink(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for StreamError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(self.io_error())
    }
}

impl From<StreamError> for io::Error {
    fn from(e: StreamError) -> io::Error {
        match e {
            StreamError::Sink(e) => e,
            StreamError::Read { offset, error } => {
                io::Error::new(error.kind(), format!("read error after byte {offset}: {error}"))
            }
        }
    }
}

/// A link found in a stream, owned (it outlives the buffer).
///
/// ```
/// use iriscan::{Finder, LinkKind, stream::StreamFinder};
/// let l = StreamFinder::new(Finder::new()).links("\n\nmail me@例え.jp".as_bytes()).next().unwrap()?;
/// assert_eq!((l.start(), l.end(), l.line()), (7, 19, 3));
/// assert_eq!(l.kind(), LinkKind::Email);
/// assert_eq!(l.as_str(), "me@例え.jp");
/// assert_eq!(l.iri(), "mailto:me@例え.jp");
/// assert_eq!(l.to_uri()?, "mailto:me@xn--r8jz45g.jp");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StreamLink {
    start: u64,
    end: u64,
    line: u64,
    kind: LinkKind,
    text: String,
    iri: String,
}

impl StreamLink {
    /// Offset of the link's first byte in the stream.
    ///
    /// ```
    /// let l = iriscan::stream::StreamFinder::new(iriscan::Finder::new()).links("a\nsee x.org".as_bytes()).next().unwrap()?;
    /// assert_eq!(l.start(), 6);
    /// # Ok::<(), iriscan::stream::StreamError>(())
    /// ```
    pub fn start(&self) -> u64 {
        self.start
    }
    /// Offset just past the link's last byte (exclusive).
    ///
    /// ```
    /// let l = iriscan::stream::StreamFinder::new(iriscan::Finder::new()).links("a\nsee x.org".as_bytes()).next().unwrap()?;
    /// assert_eq!(l.end(), 11);
    /// # Ok::<(), iriscan::stream::StreamError>(())
    /// ```
    pub fn end(&self) -> u64 {
        self.end
    }
    /// The 1-based line the link starts on.
    ///
    /// ```
    /// let l = iriscan::stream::StreamFinder::new(iriscan::Finder::new()).links("a\nsee x.org".as_bytes()).next().unwrap()?;
    /// assert_eq!(l.line(), 2);
    /// # Ok::<(), iriscan::stream::StreamError>(())
    /// ```
    pub fn line(&self) -> u64 {
        self.line
    }
    /// The kind of link.
    ///
    /// ```
    /// let l = iriscan::stream::StreamFinder::new(iriscan::Finder::new()).links("a\nsee x.org".as_bytes()).next().unwrap()?;
    /// assert_eq!(l.kind(), iriscan::LinkKind::Domain);
    /// # Ok::<(), iriscan::stream::StreamError>(())
    /// ```
    pub fn kind(&self) -> LinkKind {
        self.kind
    }
    /// The link as written.
    ///
    /// ```
    /// let l = iriscan::stream::StreamFinder::new(iriscan::Finder::new()).links("a\nsee x.org".as_bytes()).next().unwrap()?;
    /// assert_eq!(l.as_str(), "x.org");
    /// # Ok::<(), iriscan::stream::StreamError>(())
    /// ```
    pub fn as_str(&self) -> &str {
        &self.text
    }
    /// The IRI the link denotes (see [`Link::iri`]).
    ///
    /// ```
    /// let l = iriscan::stream::StreamFinder::new(iriscan::Finder::new()).links("a\nsee x.org".as_bytes()).next().unwrap()?;
    /// assert_eq!(l.iri(), "https://x.org");
    /// # Ok::<(), iriscan::stream::StreamError>(())
    /// ```
    pub fn iri(&self) -> &str {
        &self.iri
    }

    /// The URI this link denotes (RFC 3987 §3.1 mapping of [`StreamLink::iri`]).
    ///
    /// ```
    /// use iriscan::{Finder, stream::StreamFinder};
    /// let l = StreamFinder::new(Finder::new()).links("www.例え.jp".as_bytes()).next().unwrap()?;
    /// assert_eq!(l.to_uri()?, "https://www.xn--r8jz45g.jp");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_uri(&self) -> Result<String, MapError> {
        crate::to_uri(&self.iri).map(Cow::into_owned)
    }
}

/// A settled piece of a larger input: its text, where it starts, and the
/// links that start in it. Produced by [`StreamFinder::for_each_chunk`] and
/// by [`crate::parallel`]; [`Chunk::whole`] makes one for a whole text.
///
/// ```
/// let finder = iriscan::Finder::new();
/// let chunk = iriscan::stream::Chunk::whole(&finder, b"a\nb x.org");
/// assert_eq!(chunk.text(), b"a\nb x.org");
/// let l = chunk.links().next().unwrap();
/// assert_eq!((l.start(), l.line()), (4, 2));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Chunk<'a> {
    finder: &'a Finder,
    /// The chunk's text plus look-ahead.
    window: &'a [u8],
    /// Links that start before this (relative) offset belong to the chunk.
    accept: usize,
    /// Length of the chunk's text.
    len: usize,
    offset: u64,
    first_line: u64,
    /// The line terminator, or `None` when lines are not counted.
    terminator: Option<u8>,
    /// The input failed right after this chunk: a link reaching its end may
    /// have been cut short by the failure and is held back.
    truncated: bool,
}

impl<'a> Chunk<'a> {
    /// A chunk covering all of `text` (offset 0, line 1, lines end at `\n`).
    ///
    /// ```
    /// let f = iriscan::Finder::new();
    /// assert_eq!(iriscan::stream::Chunk::whole(&f, b"x.org").links().count(), 1);
    /// ```
    pub fn whole(finder: &'a Finder, text: &'a [u8]) -> Self {
        Chunk {
            finder,
            window: text,
            accept: text.len(),
            len: text.len(),
            offset: 0,
            first_line: 1,
            terminator: Some(b'\n'),
            truncated: false,
        }
    }

    /// Builds a chunk for `text[range]` of a larger in-memory `text`, with
    /// the look-ahead the finder needs; `first_line` is the line number at
    /// `range.start`. Only correct when `range` ends at a safe cut (as the
    /// pieces of [`crate::parallel`] do) or at the end of `text`.
    #[cfg(feature = "parallel")]
    pub(crate) fn in_memory(
        finder: &'a Finder,
        text: &'a [u8],
        range: std::ops::Range<usize>,
        first_line: u64,
        terminator: Option<u8>,
    ) -> Self {
        let window_end = text.len().min(range.end + SEAM_LOOKAHEAD);
        Chunk {
            finder,
            window: &text[range.start..window_end],
            accept: range.len(),
            len: range.len(),
            offset: range.start as u64,
            first_line,
            terminator,
            truncated: false,
        }
    }

    /// The chunk's bytes (possibly invalid UTF-8).
    ///
    /// ```
    /// let f = iriscan::Finder::new();
    /// assert_eq!(iriscan::stream::Chunk::whole(&f, b"ab").text(), b"ab");
    /// ```
    pub fn text(&self) -> &'a [u8] {
        &self.window[..self.len]
    }

    /// The chunk's offset in the whole input.
    ///
    /// ```
    /// let f = iriscan::Finder::new();
    /// assert_eq!(iriscan::stream::Chunk::whole(&f, b"ab").offset(), 0);
    /// ```
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// The 1-based line number at the chunk's first byte.
    ///
    /// ```
    /// let f = iriscan::Finder::new();
    /// assert_eq!(iriscan::stream::Chunk::whole(&f, b"ab").first_line(), 1);
    /// ```
    pub fn first_line(&self) -> u64 {
        self.first_line
    }

    /// The links that start in this chunk, in order, with absolute offsets
    /// and line numbers. Every link ends within [`Chunk::text`].
    ///
    /// ```
    /// let f = iriscan::Finder::new();
    /// let chunk = iriscan::stream::Chunk::whole(&f, "日本 例え.jp".as_bytes());
    /// let l = chunk.links().next().unwrap();
    /// assert_eq!((l.start(), l.end(), l.as_str()), (7, 16, "例え.jp"));
    /// ```
    pub fn links(&self) -> ChunkLinks<'a> {
        ChunkLinks {
            links: self.finder.links_bytes(self.window),
            accept: self.accept,
            truncated_at: self.truncated.then_some(self.len),
            window: self.window,
            offset: self.offset,
            counted: 0,
            line: self.first_line,
            terminator: self.terminator,
            done: false,
        }
    }
}

/// How many times `byte` occurs in `bytes` (0 when lines are not counted).
pub(crate) fn count_byte(byte: Option<u8>, bytes: &[u8]) -> u64 {
    byte.map_or(0, |b| memchr::memchr_iter(b, bytes).count() as u64)
}

/// Iterator over the links of a [`Chunk`].
///
/// ```
/// let f = iriscan::Finder::new();
/// let chunk = iriscan::stream::Chunk::whole(&f, b"x.org y.org");
/// assert_eq!(chunk.links().count(), 2);
/// ```
pub struct ChunkLinks<'a> {
    links: crate::Links<'a, 'a>,
    accept: usize,
    truncated_at: Option<usize>,
    window: &'a [u8],
    offset: u64,
    counted: usize,
    line: u64,
    terminator: Option<u8>,
    done: bool,
}

impl<'a> Iterator for ChunkLinks<'a> {
    type Item = ChunkLink<'a>;

    fn next(&mut self) -> Option<ChunkLink<'a>> {
        if self.done {
            return None;
        }
        let link = self.links.next()?;
        let cut_short = self
            .truncated_at
            .is_some_and(|at| !self.window[link.end()..at].iter().any(|&b| is_hard_byte(b)));
        if link.start() >= self.accept || cut_short {
            // Starts in the look-ahead: it belongs to the next chunk. Or no
            // Hard byte separates it from the point where the input failed:
            // the failure may have cut it short.
            self.done = true;
            return None;
        }
        self.line += count_byte(self.terminator, &self.window[self.counted..link.start()]);
        self.counted = link.start();
        Some(ChunkLink {
            link,
            offset: self.offset,
            line: self.line,
        })
    }
}

/// A link in a [`Chunk`]: the borrowed [`Link`] (offsets relative to the
/// chunk) with its absolute offsets and line number.
///
/// ```
/// let f = iriscan::Finder::new();
/// let chunk = iriscan::stream::Chunk::whole(&f, b"x\nhttp://a.com");
/// let l = chunk.links().next().unwrap();
/// assert_eq!((l.start(), l.end(), l.line()), (2, 14, 2));
/// assert_eq!(l.link().start(), 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChunkLink<'a> {
    link: Link<'a>,
    offset: u64,
    line: u64,
}

impl<'a> ChunkLink<'a> {
    /// The link, with offsets relative to its chunk's text.
    ///
    /// ```
    /// let f = iriscan::Finder::new();
    /// let l = iriscan::stream::Chunk::whole(&f, b"a\nsee x.org").links().next().unwrap();
    /// assert_eq!(l.link().as_str(), "x.org");
    /// ```
    pub fn link(&self) -> &Link<'a> {
        &self.link
    }
    /// Offset of the link's first byte in the whole input.
    ///
    /// ```
    /// let f = iriscan::Finder::new();
    /// let l = iriscan::stream::Chunk::whole(&f, b"a\nsee x.org").links().next().unwrap();
    /// assert_eq!(l.start(), 6);
    /// ```
    pub fn start(&self) -> u64 {
        self.offset + self.link.start() as u64
    }
    /// Offset just past the link's last byte in the whole input.
    ///
    /// ```
    /// let f = iriscan::Finder::new();
    /// let l = iriscan::stream::Chunk::whole(&f, b"a\nsee x.org").links().next().unwrap();
    /// assert_eq!(l.end(), 11);
    /// ```
    pub fn end(&self) -> u64 {
        self.offset + self.link.end() as u64
    }
    /// The 1-based line the link starts on.
    ///
    /// ```
    /// let f = iriscan::Finder::new();
    /// let l = iriscan::stream::Chunk::whole(&f, b"a\nsee x.org").links().next().unwrap();
    /// assert_eq!(l.line(), 2);
    /// ```
    pub fn line(&self) -> u64 {
        self.line
    }
    /// The link as written.
    ///
    /// ```
    /// let f = iriscan::Finder::new();
    /// let l = iriscan::stream::Chunk::whole(&f, b"a\nsee x.org").links().next().unwrap();
    /// assert_eq!(l.as_str(), "x.org");
    /// ```
    pub fn as_str(&self) -> &'a str {
        self.link.as_str()
    }
    /// The kind of link.
    ///
    /// ```
    /// let f = iriscan::Finder::new();
    /// let l = iriscan::stream::Chunk::whole(&f, b"a\nsee x.org").links().next().unwrap();
    /// assert_eq!(l.kind(), iriscan::LinkKind::Domain);
    /// ```
    pub fn kind(&self) -> LinkKind {
        self.link.kind()
    }
    /// The IRI the link denotes (see [`Link::iri`]).
    ///
    /// ```
    /// let f = iriscan::Finder::new();
    /// let l = iriscan::stream::Chunk::whole(&f, b"a\nsee x.org").links().next().unwrap();
    /// assert_eq!(l.iri(), "https://x.org");
    /// ```
    pub fn iri(&self) -> Cow<'a, str> {
        self.link.iri()
    }
    /// The URI the link denotes (see [`Link::to_uri`]).
    ///
    /// ```
    /// let f = iriscan::Finder::new();
    /// let l = iriscan::stream::Chunk::whole(&f, b"a\nsee x.org").links().next().unwrap();
    /// assert_eq!(l.to_uri().unwrap(), "https://x.org");
    /// ```
    pub fn to_uri(&self) -> Result<Cow<'a, str>, MapError> {
        self.link.to_uri()
    }
    /// An owned copy.
    ///
    /// ```
    /// let f = iriscan::Finder::new();
    /// let chunk = iriscan::stream::Chunk::whole(&f, b"see x.org");
    /// let owned = chunk.links().next().unwrap().to_stream_link();
    /// assert_eq!((owned.start(), owned.as_str(), owned.iri()), (4, "x.org", "https://x.org"));
    /// ```
    pub fn to_stream_link(&self) -> StreamLink {
        StreamLink {
            start: self.start(),
            end: self.end(),
            line: self.line,
            kind: self.kind(),
            text: self.as_str().to_owned(),
            iri: self.iri().into_owned(),
        }
    }
}

/// Iterator over the links of a stream; see [`StreamFinder::links`].
///
/// ```
/// let sf = iriscan::stream::StreamFinder::new(iriscan::Finder::new());
/// let found: Result<Vec<_>, _> = sf.links("x.org y.org".as_bytes()).collect();
/// assert_eq!(found.unwrap().len(), 2);
/// ```
pub struct StreamLinks<'s, R> {
    scanner: Scanner<'s, R>,
    pending: std::collections::VecDeque<StreamLink>,
    done: bool,
}

impl std::fmt::Debug for ChunkLinks<'_> {
    /// Shows where the chunk starts in the input and how far it is read.
    ///
    /// ```
    /// let f = iriscan::Finder::new();
    /// let chunk = iriscan::stream::Chunk::whole(&f, b"x.org");
    /// assert!(format!("{:?}", chunk.links()).starts_with("ChunkLinks"));
    /// ```
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ChunkLinks")
            .field("offset", &self.offset)
            .field("accept", &self.accept)
            .field("truncated_at", &self.truncated_at)
            .finish_non_exhaustive()
    }
}

impl<R> std::fmt::Debug for StreamLinks<'_, R> {
    /// Shows the statistics so far (the reader need not be `Debug`).
    ///
    /// ```
    /// let sf = iriscan::stream::StreamFinder::new(iriscan::Finder::new());
    /// let it = sf.links("x.org".as_bytes());
    /// assert!(format!("{it:?}").starts_with("StreamLinks"));
    /// ```
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StreamLinks")
            .field("stats", &self.stats())
            .field("pending", &self.pending.len())
            .field("done", &self.done)
            .finish_non_exhaustive()
    }
}

impl<R> StreamLinks<'_, R> {
    /// Statistics so far.
    ///
    /// ```
    /// let sf = iriscan::stream::StreamFinder::new(iriscan::Finder::new());
    /// let mut it = sf.links("x.org".as_bytes());
    /// while it.next().is_some() {}
    /// assert_eq!(it.stats().bytes, 5);
    /// ```
    pub fn stats(&self) -> StreamStats {
        self.scanner.stats
    }
}

impl<R: Read> Iterator for StreamLinks<'_, R> {
    type Item = Result<StreamLink, StreamError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(l) = self.pending.pop_front() {
                return Some(Ok(l));
            }
            if self.done {
                return None;
            }
            match self.scanner.next_plan() {
                Some(plan) => {
                    let chunk = self.scanner.chunk(&plan);
                    self.pending.extend(chunk.links().map(|l| l.to_stream_link()));
                    self.scanner.settle(&plan);
                }
                None => {
                    self.done = true;
                    return self
                        .scanner
                        .read_error
                        .take()
                        .map(|(offset, error)| Err(StreamError::Read { offset, error }));
                }
            }
        }
    }
}

/// Where to cut the buffer: scan `window` bytes, keep links starting before
/// `accept`, settle `settle` bytes.
struct Plan {
    window: usize,
    accept: usize,
    settle: usize,
}

/// The buffer and reading state of one streaming run.
struct Scanner<'s, R> {
    sf: &'s StreamFinder,
    reader: R,
    buf: Vec<u8>,
    /// Stream offset of `buf[0]`.
    offset: u64,
    /// Line number at `buf[0]`.
    line: u64,
    eof: bool,
    read_error: Option<(u64, io::Error)>,
    /// `buf[..searched]` holds no safe cut (so a read that adds no Hard byte
    /// does not search the whole buffer again).
    searched: usize,
    stats: StreamStats,
}

impl<'s, R: Read> Scanner<'s, R> {
    fn new(sf: &'s StreamFinder, reader: R) -> Self {
        Scanner {
            sf,
            reader,
            buf: Vec::new(),
            offset: 0,
            line: u64::from(sf.lines),
            eof: false,
            read_error: None,
            searched: 0,
            stats: StreamStats::default(),
        }
    }

    /// Reads once (retrying on `Interrupted`); end of input and errors set `eof`.
    fn fill(&mut self, cap: usize) {
        let len = self.buf.len();
        let want = self.sf.read_size.min(cap - len);
        if want == 0 {
            return;
        }
        // reserve_exact: the capacity must never exceed the cap.
        if self.buf.capacity() < len + want {
            let target = (len + want).max(self.buf.capacity().saturating_mul(2)).min(cap);
            self.buf.reserve_exact(target - len);
        }
        self.buf.resize(len + want, 0);
        let got = loop {
            match self.reader.read(&mut self.buf[len..]) {
                Ok(n) => break n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.read_error = Some((self.offset + len as u64, e));
                    break 0;
                }
            }
        };
        self.buf.truncate(len + got);
        if got == 0 {
            self.eof = true;
        }
        self.stats.bytes += got as u64;
        self.stats.peak_buffer_len = self.stats.peak_buffer_len.max(self.buf.len());
        self.stats.peak_buffer_capacity = self.stats.peak_buffer_capacity.max(self.buf.capacity());
    }

    /// Reads until a part of the buffer can be settled; `None` at the end.
    fn next_plan(&mut self) -> Option<Plan> {
        let cap = self.sf.buffer_cap();
        let finder = &self.sf.finder;
        loop {
            if self.eof {
                let n = self.buf.len();
                return (n > 0).then_some(Plan {
                    window: n,
                    accept: n,
                    settle: n,
                });
            }
            let before = self.buf.len();
            self.fill(cap);
            if self.eof {
                continue;
            }
            let n = self.buf.len();
            // Case 1: a safe cut. Only new bytes can hold a new one, unless
            // an unclosed opener has since been closed or fallen out of reach.
            let region_has_hard = self.buf[before.min(self.searched)..n].iter().any(|&b| is_hard_byte(b));
            if region_has_hard {
                if let Some(c) = last_safe_cut(&self.buf, 0, n, fold_window(finder)) {
                    self.searched = 0;
                    return Some(Plan {
                        window: n.min(c + SEAM_LOOKAHEAD),
                        accept: c,
                        settle: c,
                    });
                }
            }
            self.searched = n;
            if n < cap {
                continue;
            }
            // Case 2 and 3: the buffer is full; cut with full look-ahead.
            let latest = n - lookahead_reserve(finder);
            let (accept, forced) = match last_hard_before(&self.buf, 0, latest + 1) {
                Some(c) => (c, false),
                None => (snap_to_char_boundary(&self.buf, latest), true),
            };
            let last_end = finder
                .links_bytes(&self.buf)
                .take_while(|l| l.start() < accept)
                .last()
                .map_or(0, |l| l.end());
            let settle = accept.max(last_end);
            let settle = if forced {
                snap_to_char_boundary(&self.buf, settle)
            } else {
                settle
            };
            if forced {
                self.stats.forced_cuts += 1;
            } else {
                self.stats.lookahead_cuts += 1;
            }
            self.searched = 0;
            return Some(Plan {
                window: n,
                accept,
                settle,
            });
        }
    }

    fn chunk(&self, plan: &Plan) -> Chunk<'_> {
        Chunk {
            finder: &self.sf.finder,
            window: &self.buf[..plan.window],
            accept: plan.accept,
            len: plan.settle,
            offset: self.offset,
            first_line: self.line,
            terminator: self.sf.counted_terminator(),
            truncated: self.read_error.is_some() && plan.settle == self.buf.len(),
        }
    }

    fn settle(&mut self, plan: &Plan) {
        let lines = count_byte(self.sf.counted_terminator(), &self.buf[..plan.settle]);
        self.line += lines;
        self.stats.lines += lines;
        self.stats.chunks += 1;
        self.offset += plan.settle as u64;
        self.buf.drain(..plan.settle);
    }

    fn finish(mut self) -> Result<StreamStats, StreamError> {
        match self.read_error.take() {
            Some((offset, error)) => Err(StreamError::Read { offset, error }),
            None => Ok(self.stats),
        }
    }
}
