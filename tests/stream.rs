//! Streaming and parallel finding give exactly what in-memory finding gives.
//!
//! The reference is always `Finder::links_bytes` on the whole input; the
//! streaming side reads through a reader that hands out at most `k` bytes
//! per read, for every `k` from 1 to 64, and the parallel side splits the
//! input into pieces of random sizes.

use iriscan::parallel::ParallelFinder;
use iriscan::stream::{StreamError, StreamFinder, StreamLink};
use iriscan::{Finder, LinkKind};
use proptest::prelude::*;
use std::io::{self, Read};

/// A reader that returns at most `max` bytes per `read` call.
struct Trickle<'a> {
    data: &'a [u8],
    max: usize,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.max.min(buf.len()).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

/// (start, end, line, kind, text, iri) of a link.
type Row = (u64, u64, u64, LinkKind, String, String);

fn expected(finder: &Finder, text: &[u8], terminator: u8) -> Vec<Row> {
    finder
        .links_bytes(text)
        .map(|l| {
            let line = 1 + text[..l.start()].iter().filter(|&&b| b == terminator).count() as u64;
            (
                l.start() as u64,
                l.end() as u64,
                line,
                l.kind(),
                l.as_str().to_owned(),
                l.iri().into_owned(),
            )
        })
        .collect()
}

fn row(l: StreamLink) -> Row {
    (
        l.start(),
        l.end(),
        l.line(),
        l.kind(),
        l.as_str().to_owned(),
        l.iri().to_owned(),
    )
}

fn streamed(sf: &StreamFinder, text: &[u8], read_size: usize) -> (Vec<Row>, iriscan::stream::StreamStats) {
    let mut sf = sf.clone();
    sf.read_size(read_size);
    let mut rows = Vec::new();
    let stats = sf
        .for_each_link(
            Trickle {
                data: text,
                max: read_size,
            },
            |l| {
                rows.push(row(l));
                Ok(())
            },
        )
        .expect("in-memory reader never fails");
    (rows, stats)
}

/// Pieces of text that exercise the finder's rules: links in many scripts,
/// brackets, quotes, CJK punctuation, folded `<…>` links, emails, invalid
/// UTF-8, white space of every kind.
const FRAGMENTS: &[&[u8]] = &[
    "http://例え.jp/パス".as_bytes(),
    "https://пример.рф/путь?q=значение#frag".as_bytes(),
    b"www.example.com",
    b"example.org/path/to?x=1&y=2",
    b"info@example.com",
    "user.name+tag@bücher.de".as_bytes(),
    b"mailto:a@b.org",
    b"urn:isbn:978-3-16-148410-0",
    b"tel:+1-555-0100",
    "例え。jp".as_bytes(),
    b"http://[2001:db8::1]:8080/x",
    "(see https://ja.wikipedia.org/wiki/東京_(曖昧さ回避))".as_bytes(),
    b"https://en.wikipedia.org/wiki/Rust_(programming_language)",
    b"<http://a.com/very/",
    b"\n  long/path>",
    b"<URL:http://x.org/a\n> b>",
    b"<www.a.com/very/",
    "<例え.jp:8080/".as_bytes(),
    b"<mailto:x@y.org>",
    "مثال.إختبار".as_bytes(),
    "http://例子.测试/路径".as_bytes(),
    "https://ex.com/😀👍🏽".as_bytes(),
    "👨‍👩‍👧".as_bytes(),
    "é".as_bytes(),
    "\u{301}".as_bytes(),
    "\u{200D}".as_bytes(),
    "\u{600}".as_bytes(),
    "\u{202E}".as_bytes(),
    b"xn--r8jz45g.jp",
    b"a.b",
    b"12:34",
    b"Makefile:177",
    b"main.rs",
    b"http://",
    b"://",
    b"javascript:alert(1)",
    b"ftp://ftp.example.com/pub/file.txt",
    b"file:///etc/passwd",
    b"news:comp.lang.rust",
    b".",
    b",",
    b":",
    b";",
    b"!",
    b"?",
    b"(",
    b")",
    b"[",
    b"]",
    b"{",
    b"}",
    b"\"",
    b"'",
    b"`",
    "«".as_bytes(),
    "»".as_bytes(),
    "“".as_bytes(),
    "”".as_bytes(),
    "「".as_bytes(),
    "」".as_bytes(),
    "、".as_bytes(),
    "。".as_bytes(),
    "．".as_bytes(),
    b"<",
    b">",
    b"> ",
    b"@",
    b"#",
    b"/",
    b"%",
    b"%E3%81",
    b"-",
    b"_",
    b"=",
    b"&",
    b" ",
    b" ",
    b" ",
    b"  ",
    b"\n",
    b"\n",
    b"\n> ",
    b"\n>> ",
    b"\n \t> > ",
    b">\r",
    b"\t",
    b"\r\n",
    b"\x00",
    b"\x0b",
    b"\x7f",
    b"\xff",
    b"\xe3\x81",
    b"\xc0\xaf",
    b"\xed\xa0\x80",
    b"abc",
    b"word",
    "日本語".as_bytes(),
    "текст".as_bytes(),
    "नमस्ते".as_bytes(),
    "ไทย".as_bytes(),
    "\u{3000}".as_bytes(),
    "\u{A0}".as_bytes(),
];

fn text_strategy(max_fragments: usize) -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(
        prop_oneof![
            9 => prop::sample::select(FRAGMENTS).prop_map(|f| f.to_vec()),
            1 => prop::collection::vec(any::<u8>(), 1..4),
        ],
        0..max_fragments,
    )
    .prop_map(|parts| parts.concat())
}

fn finder_strategy() -> impl Strategy<Value = Finder> {
    (0u8..4, any::<bool>(), any::<bool>()).prop_map(|(mode, strict, no_domain)| {
        let mut f = Finder::new();
        f.strict_uts58(strict);
        if no_domain {
            f.domain(false);
        }
        match mode {
            1 => {
                f.max_link_len(16);
            }
            2 => {
                f.max_link_len(40);
            }
            3 => {
                f.default_scheme("http");
            }
            _ => {}
        }
        f
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 160, ..ProptestConfig::default() })]

    /// The rule the whole module stands on: for every read size from 1 to
    /// 64 bytes, streaming finds exactly the links (offsets, text, kind, IRI,
    /// line) that in-memory finding finds.
    #[test]
    fn streaming_equals_in_memory_for_every_read_size(text in text_strategy(80), finder in finder_strategy()) {
        let want = expected(&finder, &text, b'\n');
        let sf = StreamFinder::new(finder);
        for k in 1..=64 {
            let (got, stats) = streamed(&sf, &text, k);
            prop_assert_eq!(stats.forced_cuts, 0);
            prop_assert_eq!(stats.bytes, text.len() as u64);
            prop_assert_eq!(&got, &want, "read size {}", k);
        }
    }

    /// NUL-separated records: lines count NULs.
    #[test]
    fn streaming_counts_records_by_the_chosen_terminator(text in text_strategy(40)) {
        let finder = Finder::new();
        let want = expected(&finder, &text, 0);
        let mut sf = StreamFinder::new(finder);
        sf.line_terminator(0);
        for k in [1, 3, 17, 64] {
            prop_assert_eq!(&streamed(&sf, &text, k).0, &want);
        }
    }

    /// Parallel finding (any piece size, parallel or sequential) gives the
    /// links, URIs and lines of in-memory finding, in order.
    #[test]
    fn parallel_equals_sequential(text in text_strategy(120), finder in finder_strategy(), piece in 1usize..200) {
        let want = expected(&finder, &text, b'\n');
        let want_uris: Vec<_> = finder.links_bytes(&text).map(|l| l.to_uri().map(|u| u.into_owned())).collect();
        let mut pf = ParallelFinder::new(finder);
        pf.piece_size(piece);
        let pieces = pf.split(&text);
        prop_assert_eq!(pieces.first().map_or(0, |r| r.start), 0);
        prop_assert_eq!(pieces.last().map_or(0, |r| r.end), text.len());
        prop_assert!(pieces.windows(2).all(|w| w[0].end == w[1].start));
        for sequential in [false, true] {
            pf.parallel(!sequential);
            let found = pf.links(&text);
            let got: Vec<Row> = found.iter().map(|m| row(m.link().to_stream_link())).collect();
            let got_uris: Vec<_> = found.iter().map(|m| m.uri().map(str::to_owned).map_err(Clone::clone)).collect();
            prop_assert_eq!(&got, &want);
            prop_assert_eq!(&got_uris, &want_uris);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Long texts with a tiny buffer (short maximum link length), full of
    /// unclosed `<scheme:` openers and long tokens, so that cuts with
    /// look-ahead (case 2) and forced cuts (case 3) happen. Without a forced
    /// cut the result is exact; with one, every link still matches its
    /// offsets in the input.
    #[test]
    fn small_buffers_stay_exact_without_forced_cuts(
        parts in prop::collection::vec(prop_oneof![
            3 => prop::sample::select(FRAGMENTS).prop_map(|f| f.to_vec()),
            2 => Just(b"<http://a.com/x ".to_vec()),
            1 => Just(b"<URL:https://b.org/".to_vec()),
            1 => (1usize..400).prop_map(|n| b"y".repeat(n)),
            1 => (1usize..100).prop_map(|n| b"http://c.net/".repeat(n)),
            1 => Just(b"> ".to_vec()),
        ], 0..250),
        k in prop::sample::select(vec![1usize, 5, 64, 700, 5000]),
    ) {
        let text = parts.concat();
        let mut finder = Finder::new();
        finder.max_link_len(16);
        let want = expected(&finder, &text, b'\n');
        let mut sf = StreamFinder::new(finder);
        sf.max_buffer(0);
        let (got, stats) = streamed(&sf, &text, k);
        prop_assert!(stats.peak_buffer_capacity <= sf.buffer_cap());
        if stats.forced_cuts == 0 {
            prop_assert_eq!(&got, &want);
        } else {
            for r in &got {
                prop_assert_eq!(&text[r.0 as usize..r.1 as usize], r.4.as_bytes());
            }
        }
    }
}

/// Short tokens that make link structure (scheme openers, `<…>`, quote
/// markers, dots, `@`, controls) dense, for the equivalence properties.
const TOKENS: &[&str] = &[
    "http://", "https://", "<", "<URL:", ">", "> ", "\n", " ", "\t", "\r", "mailto:", ".com", ".jp", "。jp", "@", "a",
    "b.", "x", "é", "例", "(", ")", "[", "]", "%", "%E3", "/", "?", "#", "=", "&", "\x7f", "\0", ":", "'", "\"", "«",
    "»", "、", ".", ",", "\u{301}", "\u{200d}", "😀", "www.", "tel:", "urn:", "file:///", "xn--", "-", "~", ":~:", "1",
    "８",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// Dense link structure, any read size and piece size, default and
    /// tiny maximum link length: streaming and parallel equal in-memory.
    #[test]
    fn dense_tokens_stream_and_split_exactly(
        parts in prop::collection::vec(prop::sample::select(TOKENS), 0..120),
        k in 1usize..20,
        piece in 1usize..60,
        small in any::<bool>(),
    ) {
        let text = parts.concat().into_bytes();
        let mut finder = Finder::new();
        if small {
            finder.max_link_len(16);
        }
        let want = expected(&finder, &text, b'\n');
        let (got, stats) = streamed(&StreamFinder::new(finder.clone()), &text, k);
        prop_assert_eq!(stats.forced_cuts, 0);
        prop_assert_eq!(&got, &want);
        let mut pf = ParallelFinder::new(finder);
        pf.piece_size(piece);
        let got: Vec<Row> = pf.links(&text).iter().map(|m| row(m.link().to_stream_link())).collect();
        prop_assert_eq!(&got, &want);
    }
}

/// A reader that makes `total` bytes on the fly: runs of `a` and long
/// `日http://a.com/xxxx…` links (a scheme may follow a non-ASCII letter),
/// with no white space at all.
struct NoWhitespace {
    total: usize,
    made: usize,
}

impl Read for NoWhitespace {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = buf.len().min(self.total - self.made).min(48 * 1024);
        for (i, b) in buf[..n].iter_mut().enumerate() {
            let pos = self.made + i;
            // Every 300 000 bytes, a link of 100 000 bytes.
            let in_block = pos % 300_000;
            const LINK: &[u8] = "日http://a.com/".as_bytes();
            *b = if (200_000..200_000 + LINK.len()).contains(&in_block) {
                LINK[in_block - 200_000]
            } else if in_block >= 200_000 {
                b'x'
            } else {
                b'a'
            };
        }
        self.made += n;
        Ok(n)
    }
}

/// 64 MiB without a single white-space byte: the buffer never grows past
/// its cap, links are cut at the maximum link length, and the forced cuts
/// are counted.
#[test]
fn memory_stays_bounded_without_whitespace() {
    let total = 64 << 20;
    let sf = StreamFinder::new(Finder::new());
    let cap = sf.buffer_cap();
    let mut links = 0u64;
    let mut longest = 0u64;
    let stats = sf
        .for_each_link(NoWhitespace { total, made: 0 }, |l| {
            links += 1;
            longest = longest.max(l.end() - l.start());
            Ok(())
        })
        .unwrap();
    assert_eq!(stats.bytes, total as u64);
    assert!(
        stats.peak_buffer_capacity <= cap,
        "{} > {cap}",
        stats.peak_buffer_capacity
    );
    assert!(stats.peak_buffer_len <= cap);
    assert!(stats.forced_cuts > 0);
    assert!(links >= (total / 300_000) as u64);
    assert!(longest <= iriscan::DEFAULT_MAX_LINK_LEN as u64);
}

/// A mail with CRLF lines, a folded link, and multibyte text: exact offsets
/// and lines through 1-byte reads.
#[test]
fn folded_link_spanning_reads_is_one_link() {
    let text = "Subject: x\r\n\r\nSee <URL:http://例え.jp/a/very/\r\n   long/path> and\r\nhttps://пример.рф/.\r\n";
    let sf = StreamFinder::new(Finder::new());
    let (got, _) = streamed(&sf, text.as_bytes(), 1);
    assert_eq!(got.len(), 2);
    assert_eq!(got[0].4, "http://例え.jp/a/very/\r\n   long/path");
    assert_eq!(got[0].5, "http://例え.jp/a/very/long/path");
    assert_eq!((got[0].0, got[0].2), (23, 3));
    assert_eq!(got[1].4, "https://пример.рф/");
    assert_eq!(got[1].2, 5);
    assert_eq!(
        &text.as_bytes()[got[1].0 as usize..got[1].1 as usize],
        got[1].4.as_bytes()
    );
}

/// Inside a folded link the finder skips mail quote markers (`> ` at the
/// start of a continuation line): they do not close the `<…>`, so a cut
/// after one is still inside the link.
#[test]
fn quote_markers_inside_a_folded_link_do_not_close_it() {
    let text = b"<http://a.com/very/\n> \n  long/path> x.org\n>> <URL:http://b.org/q\n>> \tr> y";
    for max in [40, 64 * 1024] {
        let mut finder = Finder::new();
        finder.max_link_len(max);
        let want = expected(&finder, text, b'\n');
        assert_eq!(want[0].4, "http://a.com/very/\n> \n  long/path");
        every_split_finds(finder, text, &want);
    }
}

/// A name without a scheme folded inside `<…>` is one link whatever the
/// read or piece size: a cut inside it is not safe (its `<` opens a fold
/// as `<http:` does).
#[test]
fn a_folded_name_spanning_reads_is_one_link() {
    let text = "x <www.a.com/very/\n> \n  long/path> y\n<例え.jp/a/\n b> z".as_bytes();
    let finder = Finder::new();
    let want = expected(&finder, text, b'\n');
    assert_eq!(want[0].4, "www.a.com/very/\n> \n  long/path");
    assert_eq!(want[1].4, "例え.jp/a/\n b");
    every_split_finds(finder, text, &want);
}

/// DEL is Hard for the finder, but its look-ahead over an authority runs
/// across it (`http://x\x7f@` has an empty host): never a cut there.
#[test]
fn no_cut_at_del() {
    let text = "例え。jp<mailto:x@y.org>http://%E3%81\x7f@ http://h\x7f@ z".as_bytes();
    let finder = Finder::new();
    let want = expected(&finder, text, b'\n');
    every_split_finds(finder, text, &want);
}

/// A reader that fails after handing out its data.
struct FailAfter<'a>(&'a [u8]);

impl Read for FailAfter<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.0.is_empty() {
            return Err(io::Error::new(io::ErrorKind::InvalidData, "corrupt"));
        }
        let n = buf.len().min(self.0.len()).min(7);
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

/// A read error comes after every link of the bytes read before it, with
/// the offset where it happened.
#[test]
fn read_error_reports_offset_after_flushing_links() {
    let data = b"a.com\nb.org c.net http://d.io/x http://e.org/cut-sh";
    let sf = StreamFinder::new(Finder::new());
    let mut seen = Vec::new();
    let err = sf
        .for_each_link(FailAfter(data), |l| {
            seen.push(l.as_str().to_owned());
            Ok(())
        })
        .unwrap_err();
    // The last link reaches the failure: held back.
    assert_eq!(seen, ["a.com", "b.org", "c.net", "http://d.io/x"]);
    match err {
        StreamError::Read { offset, error } => {
            assert_eq!(offset, data.len() as u64);
            assert_eq!(error.kind(), io::ErrorKind::InvalidData);
        }
        other => panic!("{other:?}"),
    }
    // The iterator gives the same, the error last.
    let items: Vec<_> = sf.links(FailAfter(data)).collect();
    assert_eq!(items.len(), 5);
    assert!(items[..4].iter().all(Result::is_ok));
    assert!(matches!(items[4], Err(StreamError::Read { offset, .. }) if offset == data.len() as u64));
}

/// A callback error stops the run and comes back as `Sink`.
#[test]
fn callback_error_stops_the_run() {
    let sf = StreamFinder::new(Finder::new());
    let mut n = 0;
    let err = sf
        .for_each_link("a.com b.com c.com".as_bytes(), |_| {
            n += 1;
            Err(io::ErrorKind::BrokenPipe.into())
        })
        .unwrap_err();
    assert_eq!(n, 1);
    assert!(matches!(err, StreamError::Sink(ref e) if e.kind() == io::ErrorKind::BrokenPipe));
}

/// Chunks cover the input exactly, in order, and every link lies inside
/// its chunk.
#[test]
fn chunks_cover_the_input_exactly() {
    let text = "line http://例え.jp/パス\n".repeat(20_000);
    let mut sf = StreamFinder::new(Finder::new());
    sf.read_size(4093);
    let mut joined = Vec::new();
    let mut links = 0;
    sf.for_each_chunk(text.as_bytes(), |chunk| {
        assert_eq!(chunk.offset(), joined.len() as u64);
        let line = 1 + joined.iter().filter(|&&b| b == b'\n').count() as u64;
        assert_eq!(chunk.first_line(), line);
        for l in chunk.links() {
            assert!(l.start() >= chunk.offset() && l.end() <= chunk.offset() + chunk.text().len() as u64);
            links += 1;
        }
        joined.extend_from_slice(chunk.text());
        Ok(())
    })
    .unwrap();
    assert_eq!(joined, text.as_bytes());
    assert_eq!(links, 20_000);
}

/// Unclosed `<http:` openers every few bytes leave no safe cut: the stream
/// cuts with full look-ahead instead, and stays exact.
#[test]
fn unclosed_openers_cut_with_lookahead_and_stay_exact() {
    let text = "<http://a.com/x <URL:http://b.org/\n y> ".repeat(400);
    let mut finder = Finder::new();
    finder.max_link_len(16);
    let want = expected(&finder, text.as_bytes(), b'\n');
    let mut sf = StreamFinder::new(finder);
    sf.max_buffer(0);
    for k in [1, 100, 4096] {
        let (got, stats) = streamed(&sf, text.as_bytes(), k);
        assert!(stats.lookahead_cuts > 0);
        assert_eq!(stats.forced_cuts, 0);
        assert_eq!(got, want);
    }
}

/// Found by the stream property test: a markup marker after a Hard control
/// byte (`_name/path\x0e_`) must not pair with the one before the link,
/// since a stream may be cut at that byte.
#[test]
fn markup_rule_reads_no_further_than_a_stream_cut() {
    let text = b"_example.org/path/to?x=1&y=2\x0e_".to_vec();
    let finder = Finder::new();
    let want = expected(&finder, &text, b'\n');
    let sf = StreamFinder::new(finder);
    for k in 1..=32 {
        assert_eq!(streamed(&sf, &text, k).0, want, "read size {k}");
    }
}

/// A link that ends a Markdown label of words looks back across white
/// space for the label's `[`: in a line too long for a cut at a newline,
/// no stream or parallel cut falls between the two, and a line of open
/// brackets still cuts.
#[test]
fn a_label_of_words_is_not_cut_from_its_link() {
    let line = "see [a thread on scicomm.xyz](https://scicomm.xyz/@q/1) and [notes on a.org](/n) ";
    let text = line.repeat(70).into_bytes();
    assert!(!text.contains(&b'\n') && text.len() > 4096);
    let finder = Finder::new();
    let want = expected(&finder, &text, b'\n');
    assert_eq!(want.len(), 70);
    some_splits_find(&finder, &text, &want);
    let sf = StreamFinder::new(finder.clone());
    // One unclosed `[` holds back the cuts only within a label's reach (in
    // a line longer than the 64 KiB a split keeps whole).
    let mut open = b"see [ ".to_vec();
    open.extend("a b.org ".repeat(10_000).into_bytes());
    let mut pf = ParallelFinder::new(finder.clone());
    pf.piece_size(2048);
    assert!(pf.split(&open).len() > 5);
    let got: Vec<Row> = pf.links(&open).iter().map(|m| row(m.link().to_stream_link())).collect();
    assert_eq!(got, expected(&finder, &open, b'\n'));
    // A line of open brackets longer than the stream's buffer: no safe cut,
    // the stream cuts with look-ahead and finds every link.
    let brackets = "[ a.org ".repeat(40_000).into_bytes();
    assert!(brackets.len() > sf.buffer_cap());
    let (got, stats) = streamed(&sf, &brackets, 4096);
    assert!(stats.lookahead_cuts > 0);
    assert_eq!(got.len(), finder.links_bytes(&brackets).count());
}

/// A link whose trailing `_` or `~~` closes an emphasis or strikethrough
/// opened at its line's start looks back across white space for the
/// opener (GitHub's quote reply): in a line too long for a cut at a
/// newline, no stream or parallel cut falls between the two.
#[test]
fn an_emphasis_is_not_cut_from_the_link_that_closes_it() {
    for (open, link, end) in [
        (
            "_Originally posted by @q in",
            "https://github.com/o/r/issues/1#issuecomment-12_",
            "comment-12",
        ),
        (
            "~~Prefix with a link:",
            "https://example.com/emr/features/hadoop/~~",
            "hadoop/",
        ),
    ] {
        for words in [0, 3, 20] {
            let text = format!("{open}{} {link}{}", " so".repeat(words), " and so on.".repeat(500)).into_bytes();
            assert!(!text.contains(&b'\n') && text.len() > 4096);
            let finder = Finder::new();
            let whole: Vec<String> = finder.links_bytes(&text).map(|l| l.as_str().to_owned()).collect();
            assert_eq!(whole.len(), 1);
            assert!(whole[0].ends_with(end), "{whole:?}");
            some_splits_find(&finder, &text, &expected(&finder, &text, b'\n'));
        }
    }
}

/// Two cases a review found in the safe cuts: a run of `__` longer than
/// the emphasis window's start (the search for the next cut sliced past
/// its end and panicked), and `Message ID:`, whose header name holds a
/// space (a cut there left `ID: <…>` to the next piece, which linked it).
#[test]
fn cuts_keep_long_marker_runs_and_spaced_header_names_whole() {
    let finder = Finder::new();
    for m in ["__", "~~"] {
        let text = format!("{m}{} tail https://a.com/b", "x".repeat(255)).into_bytes();
        let want = expected(&finder, &text, b'\n');
        let mut pf = ParallelFinder::new(finder.clone());
        for piece in [17, 64] {
            pf.piece_size(piece);
            let got: Vec<Row> = pf.links(&text).iter().map(|m| row(m.link().to_stream_link())).collect();
            assert_eq!(got, want, "{m} piece size {piece}");
        }
    }
    let text = "Message ID: <owner/repo/pull/7/c1@github.com>\n"
        .repeat(300)
        .into_bytes();
    assert_eq!(finder.links_bytes(&text).count(), 0);
    some_splits_find(&finder, &text, &[]);
}

/// A Message-ID header written in mid-line (`…, Message-ID: <…>, …`, as
/// amavis logs it; `References: <…> <…>`) is told from an address by the
/// name before its values: in a line too long for a cut at a newline, no
/// cut falls between them.
#[test]
fn cuts_keep_a_mid_line_id_header_with_its_value() {
    let unit = "Passed CLEAN, <ann@example.org>, Message-ID: <1328.6331.Neo@web1.mail.example.com>, References: <a.1@b.example.com> <c.2@d.example.com>,";
    assert_eq!(long_line_splits_find_the_whole(unit, 1000), 1000);
}

/// The package rule reads back to the `install` of a command on the
/// name's own line only: a name on the next line is found the same in a
/// stream or a piece that starts at the line break (a review's finding).
#[test]
fn the_package_rule_stays_on_its_line() {
    let finder = Finder::new();
    let text = "$ brew install node\nDocs: nodejs.io\napt-get install -y containerd.io\n"
        .repeat(200)
        .into_bytes();
    assert_eq!(splits_find_the_whole(&finder, &text), 200);
}

/// [`splits_find_the_whole`] on `unit` repeated into one line longer than
/// 64 KiB with no line break, where a stream may cut at white space.
fn long_line_splits_find_the_whole(unit: &str, times: usize) -> usize {
    let text = unit.repeat(times).into_bytes();
    assert!(!text.contains(&b'\n') && text.len() > 64 * 1024);
    splits_find_the_whole(&Finder::new(), &text)
}

/// [`some_splits_find`] the links of the whole `text`; how many there are.
fn splits_find_the_whole(finder: &Finder, text: &[u8]) -> usize {
    let want = expected(finder, text, b'\n');
    some_splits_find(finder, text, &want);
    want.len()
}

/// Streaming `text` at a few read sizes, and finding it in parallel at a
/// few piece sizes, gives `want` (for texts too long for every size).
fn some_splits_find(finder: &Finder, text: &[u8], want: &[Row]) {
    let sf = StreamFinder::new(finder.clone());
    for k in [1, 7, 64, 1000, 4097] {
        assert_eq!(streamed(&sf, text, k).0, want, "read size {k}");
    }
    let mut pf = ParallelFinder::new(finder.clone());
    for piece in [1, 10, 50, 100, 1000] {
        pf.piece_size(piece);
        let got: Vec<Row> = pf.links(text).iter().map(|m| row(m.link().to_stream_link())).collect();
        assert_eq!(got, want, "piece size {piece}");
    }
}

/// Streaming `text` at every read size, and finding it in parallel at
/// every piece size, gives `want`.
fn every_split_finds(finder: Finder, text: &[u8], want: &[Row]) {
    let sf = StreamFinder::new(finder.clone());
    for k in 1..=text.len() {
        assert_eq!(streamed(&sf, text, k).0, want, "read size {k}");
    }
    let mut pf = ParallelFinder::new(finder);
    for piece in 1..=text.len() {
        pf.piece_size(piece);
        let got: Vec<Row> = pf.links(text).iter().map(|m| row(m.link().to_stream_link())).collect();
        assert_eq!(got, want, "piece size {piece}");
    }
}

/// The text of every real-text and held-out file (tags and link markers
/// removed), one file at a time: the rules that read a link's line (the
/// `at ` of a stack frame, a spaced `(at)`, the Polish or Han prose of a
/// `.pl` or `.cc` name) see the same line in a stream or a piece as in the
/// whole text, at every read size and piece size tried. Cuts fall at line
/// breaks; a cut at a space inside a line hid the `at ` of `    at
/// Generator.next (<anonymous>)` from the link after it.
#[test]
fn streams_and_pieces_find_what_the_whole_text_finds_in_real_text() {
    let finder = Finder::new();
    let mut files = 0;
    for dir in ["tests/data/real", "tests/data/heldout"] {
        let mut paths: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "txt"))
            .collect();
        paths.sort();
        for path in paths {
            let raw = std::fs::read_to_string(&path).unwrap();
            let text: String = raw
                .lines()
                .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
                .filter_map(|l| l.split_once('\t').map(|(_, t)| t.replace(['⸠', '⸡'], "")))
                .collect::<Vec<_>>()
                .join("\n");
            let want = expected(&finder, text.as_bytes(), b'\n');
            let same = |got: Vec<Row>, how: String| {
                let first = got.iter().zip(&want).position(|(g, w)| g != w);
                assert!(
                    got == want,
                    "{}: {how}: first difference {:?} / {:?}",
                    path.display(),
                    first.map(|i| &got[i]),
                    first.map(|i| &want[i])
                );
            };
            let sf = StreamFinder::new(finder.clone());
            for k in [1, 7, 64, 1000] {
                same(streamed(&sf, text.as_bytes(), k).0, format!("read size {k}"));
            }
            let mut pf = ParallelFinder::new(finder.clone());
            for piece in [1, 10, 100, 1000] {
                pf.piece_size(piece);
                let got = pf
                    .links(text.as_bytes())
                    .iter()
                    .map(|m| row(m.link().to_stream_link()))
                    .collect();
                same(got, format!("piece size {piece}"));
            }
            files += 1;
        }
    }
    assert!(files > 200, "{files} files");
}

/// NUL-separated records without line breaks are cut at their NULs: each
/// record is a unit of its own, so the stream needs no cut with look-ahead
/// (which scans its buffer twice) however long the input.
#[test]
fn nul_separated_records_are_cut_at_their_ends() {
    let text = "see a.org and mail b@c.org\0".repeat(20_000);
    let finder = Finder::new();
    let want: Vec<(u64, u64)> = finder
        .links_bytes(text.as_bytes())
        .map(|l| (l.start() as u64, l.end() as u64))
        .collect();
    let mut sf = StreamFinder::new(finder);
    sf.line_terminator(0);
    let (got, stats) = streamed(&sf, text.as_bytes(), 64 * 1024);
    let got: Vec<(u64, u64)> = got.iter().map(|r| (r.0, r.1)).collect();
    assert_eq!(got, want);
    assert_eq!(stats.lines, 20_000);
    assert_eq!((stats.lookahead_cuts, stats.forced_cuts), (0, 0));
    assert!(stats.chunks >= 8, "{} chunks", stats.chunks);
}

/// The review's cases: a line's rules read across a NUL (the stream does
/// not cut at one in a short line), and a parallel split keeps a last line
/// without a line break, or a line after an unclosed `<x`, whole.
#[test]
fn cuts_keep_lines_whole_around_nuls_last_lines_and_openers() {
    let finder = Finder::new();
    for text in [
        "zażółć\0elektroda.pl\0",
        "From: \0glyph at divmod.com\0",
        "批踢踢實業坊\0(ptt.cc)\0",
    ] {
        let want = expected(&finder, text.as_bytes(), 0);
        let mut sf = StreamFinder::new(finder.clone());
        sf.line_terminator(0);
        for k in 1..=text.len() {
            assert_eq!(streamed(&sf, text.as_bytes(), k).0, want, "{text:?} read size {k}");
        }
    }
    for text in [
        "Error\n    at Generator.next (<anonymous>)",
        "x\nportal internetowy znajdujący się pod adresem elektroda.pl",
        "x\nFrom: glyph at divmod.com (glyph at divmod.com)",
        "zażółć gęślą jaźń, zobacz elektroda.pl i<n\nx\nx\n",
        "Error\n    at Generator.next (native) <b\n",
    ] {
        every_split_finds(
            finder.clone(),
            text.as_bytes(),
            &expected(&finder, text.as_bytes(), b'\n'),
        );
    }
}

/// A Markdown link's title (`[x](/X "x.xyz")`) and MediaWiki italics that
/// open a line (`''… https://a.example''`) are read across white space: in
/// a line too long for a cut at a newline, no cut parts a title from its
/// target or an italic's closing `''` from its opener.
#[test]
fn cuts_keep_markdown_titles_and_wiki_italics_with_their_openers() {
    let titles = "[friends.nico](/Friends.nico \"Friends.nico\") and [b](/c \"social.xyz\") on example.org, ";
    assert_eq!(long_line_splits_find_the_whole(titles, 1000), 1000);
    let italics = "\n''Musique reprise sur le site https://pouet.audio''"
        .repeat(2000)
        .into_bytes();
    assert_eq!(splits_find_the_whole(&Finder::new(), &italics), 2000);
}

/// A JSON key's rule reads forward only (`"project.info": 1`), and an
/// eDonkey link holds no white space: in a line too long for a cut at a
/// newline, a cut at the space before either finds what the whole text
/// finds (a review's findings).
#[test]
fn cuts_before_json_keys_and_ed2k_links_find_the_whole() {
    let unit =
        "word \"project.info\": 1, {\"api.example.dev\": 2}, ed2k://|file|a.mkv|1|0123456789abcdef0123456789ABCDEF|/ ";
    assert_eq!(long_line_splits_find_the_whole(unit, 1000), 2000);
}

/// The rules that read a link's neighbours across one space keep their
/// link when a stream or a parallel piece is cut near that space: the
/// `Received:` host before `(really [`, and the mailbox after a UUCP route
/// that a header's word (`To:`, `for`, `rmail (`) opens. The space falls
/// at a 64 KiB boundary at each padding offset.
#[test]
fn cuts_near_route_headers_and_received_brackets_keep_the_link() {
    let sf = StreamFinder::new(Finder::new());
    let mut pf = ParallelFinder::new(Finder::new());
    pf.piece_size(65536);
    for shape in [
        " from ppp71.glas.apc.org(really [10.0.0.1]) tail ",
        " To: a!b@c.de tail ",
        " for a!b@c.de tail ",
        " rmail (host!user@gate.ru) tail ",
    ] {
        for pad in (0..48).step_by(3) {
            let text = format!(
                "{}{}{shape}{}",
                "w ".repeat(32_740),
                "x".repeat(pad),
                "w ".repeat(20_000)
            )
            .into_bytes();
            let want = expected(&Finder::new(), &text, b'\n');
            assert_eq!(want.len(), 1, "{shape}");
            for k in [4096, 65536] {
                assert_eq!(streamed(&sf, &text, k).0, want, "{shape} pad {pad} read size {k}");
            }
            let got: Vec<Row> = pf.links(&text).iter().map(|m| row(m.link().to_stream_link())).collect();
            assert_eq!(got, want, "{shape} pad {pad} in parallel");
        }
    }
}
