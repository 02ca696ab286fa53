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
//! The finder's rules look at a bounded neighbourhood of a link on its
//! line: the scans for a scheme, a domain label or an email local part
//! stop at an ASCII white-space or C0 control byte (a *Hard* byte: UTS #58
//! Link_Term Hard), and the default mode's real-text rules read the rest
//! of the line (the indented `at ` before a stack frame's
//! `Generator.next (`, a spaced `user (at) example.com`, the Polish prose
//! around a `.pl` name). A line break ends both, with two exceptions: an
//! IRI (or a name, `<www.example.com/…`) inside `<…>` or `<URL:…>` folded
//! over lines (RFC 3986 Appendix C) runs across white
//! space up to its `>`; and a link right before a Markdown label's `](`
//! looks back across white space, on its line, for the label's `[` (at
//! most 256 bytes), as a link ending in `_` or `~~` does for the run that
//! opened an emphasis at its line's start (`_Originally posted by @x in
//! https://…_`), so a safe cut does not fall inside an open `[`, `_` or
//! `~~` either (a mail header line of Message-IDs is not split for the
//! same reason).
//!
//! So the buffer is cut *at* a Hard byte `c` (the byte itself starts the next
//! chunk, so both sides see the same character at the seam), and one of
//! these holds:
//!
//! 1. **Safe cut** (the usual case, a carry of less than a line): `c` is a
//!    line break (`\n` or `\r`; a read that ends inside a line waits for
//!    the rest of it) and no folded link can cross `c`. Once the buffer
//!    holds 64 KiB since the last line break (NUL-separated records
//!    without line breaks are one long line), `c` may be white space or a
//!    NUL in it: a link within a few hundred bytes after such a cut may
//!    then miss the start of its line (a rule that reads it, such as the
//!    indented `at ` of a stack frame, does not apply), which only lines
//!    that long risk. A folded link that crossed `c` would start right
//!    after the last `<` before `c`, with a scheme or a name after it and no `>` between it
//!    and `c`, within the folding limit (at most the finder's
//!    [`get_max_link_len`](Finder::get_max_link_len)) before `c`. If the last
//!    `<` before `c` is not such an opener (or a `>` that is not a mail
//!    quote marker closes it before `c`), no link crosses `c`: the links
//!    that start before `c` end at or before it. They are found in the
//!    buffer up to `c` plus a few bytes of look-ahead, and the tail from `c`
//!    on is carried into the next read.
//! 2. **Cut with look-ahead** (an unclosed `<scheme:` or `<name` opener
//!    within reach, or a line longer than the buffer): once the buffer is
//!    full, a Hard byte `c` is taken (a line break if one lies within 4 KiB
//!    before the latest place, otherwise white space inside a line) that
//!    lies at least the maximum link length plus 1 KiB before the end of
//!    the buffer. Every
//!    link that starts before `c` is shorter than the maximum link length,
//!    and everything the finder looks at beyond its end is within the
//!    buffer, so these links are found exactly as in the whole text. The next
//!    chunk starts at `c` or, when a folded link crossed `c`, at that link's
//!    end (a white-space or `>` byte, which again stops every backward scan
//!    but a Markdown label's or an emphasis's: a link that ends a label of
//!    words whose `[` lies before `c` is then read without it, which
//!    happens only when the buffer holds no cut outside such labels). A
//!    cut inside a line may also hide the start of that line from the
//!    real-text rules of a link just after `c`: this happens only for a
//!    line longer than the buffer ([`buffer_cap`](StreamFinder::buffer_cap),
//!    256 KiB by default).
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

use crate::chunk::count_byte;
pub use crate::chunk::{Chunk, ChunkLink, ChunkLinks, StreamLink};
use crate::cut::{
    fold_window, is_hard_byte, last_hard_before, last_safe_cut, last_safe_line_cut, lookahead_reserve,
    snap_to_char_boundary, SEAM_LOOKAHEAD,
};
use crate::Finder;
use core::fmt;
use std::io::{self, Read};

/// A buffer that holds this much of one line (no line break) is cut at
/// white space in that line too (case 1 of the module documentation).
const LONG_LINE: usize = 64 * 1024;

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
    /// assert_eq!(sf.finder().get_max_link_len(), iriscan::DEFAULT_MAX_LINK_LEN);
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
#[non_exhaustive]
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
            // Case 1: a safe cut at a line break. Only new bytes can hold a
            // new one, unless an unclosed opener has since been closed or
            // fallen out of reach. In a line longer than [`LONG_LINE`] (NUL-
            // separated records without line breaks are one), at white space
            // as well: a cut with look-ahead would scan the buffer twice.
            let (region, window) = (&self.buf[before.min(self.searched)..n], fold_window(finder));
            let mut cut = None;
            if memchr::memchr2(b'\n', b'\r', region).is_some() {
                cut = last_safe_line_cut(&self.buf, 0, n, window);
            }
            if cut.is_none()
                && n >= LONG_LINE
                && region.iter().any(|&b| is_hard_byte(b))
                && memchr::memrchr2(b'\n', b'\r', &self.buf[n - LONG_LINE..n]).is_none()
            {
                cut = last_safe_cut(&self.buf, 0, n, window);
            }
            if let Some(c) = cut {
                self.searched = 0;
                return Some(Plan {
                    window: n.min(c + SEAM_LOOKAHEAD),
                    accept: c,
                    settle: c,
                });
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
