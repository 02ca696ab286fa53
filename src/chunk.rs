//! Settled pieces of a larger input and the links found in them, for the
//! streaming and parallel finders (re-exported from [`crate::stream`]).

use crate::cut::is_hard_byte;
#[cfg(feature = "parallel")]
use crate::cut::SEAM_LOOKAHEAD;
use crate::{Finder, Link, LinkKind, MapError};
use std::borrow::Cow;

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
/// links that start in it. Produced by [`StreamFinder::for_each_chunk`](crate::stream::StreamFinder::for_each_chunk) and
/// by `iriscan::parallel`; [`Chunk::whole`] makes one for a whole text.
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
    pub(crate) finder: &'a Finder,
    /// The chunk's text plus look-ahead.
    pub(crate) window: &'a [u8],
    /// Links that start before this (relative) offset belong to the chunk.
    pub(crate) accept: usize,
    /// Length of the chunk's text.
    pub(crate) len: usize,
    pub(crate) offset: u64,
    pub(crate) first_line: u64,
    /// The line terminator, or `None` when lines are not counted.
    pub(crate) terminator: Option<u8>,
    /// The input failed right after this chunk: a link reaching its end may
    /// have been cut short by the failure and is held back.
    pub(crate) truncated: bool,
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
        let mut links = self.finder.links_bytes(self.window);
        links.count_passed_before(self.accept);
        ChunkLinks {
            links,
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

impl ChunkLinks<'_> {
    /// How many words that start in this chunk the search has passed over
    /// so far because they are longer than the length cap and may not be
    /// cut ([`crate::Links::passed_over`]): neither they nor anything in
    /// them is linked. Words in the look-ahead are the next chunk's.
    ///
    /// ```
    /// let mut f = iriscan::Finder::new();
    /// f.max_link_len(16);
    /// let chunk = iriscan::stream::Chunk::whole(&f, b"www.example-domain-name.com x.org");
    /// let mut links = chunk.links();
    /// assert_eq!(links.next().map(|l| l.link().as_str()), Some("x.org"));
    /// assert_eq!(links.passed_over(), 1);
    /// ```
    pub fn passed_over(&self) -> usize {
        self.links.passed_over()
    }
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
