//! Finding IRIs in running text.
//!
//! A [`Finder`] is built once with its options and reused. It finds three
//! kinds of links ([`LinkKind`]): IRIs with a scheme (`https://例え.jp/パス`,
//! `mailto:…`, `urn:…`), bare email addresses, and scheme-less domains
//! (`www.example.com`, `пример.рф`).
//!
//! # How a link is found
//!
//! 1. **Triggers.** A vector classifier (SSE2/AVX2, 64 bytes at a time)
//!    finds the `:` after a scheme and the `.` (or `。`, `．`, `｡`) before a
//!    top-level domain, keeping only those whose neighbours could belong to
//!    a link; text without them is skipped at a few GB/s.
//! 2. **Start.** From a `:`, walk back over scheme characters. A scheme may
//!    follow a non-ASCII letter (`参考http://…`) but never starts inside an
//!    ASCII word. A scheme without `//` links only if it is a registered
//!    scheme such as `mailto`, `urn`, `tel` (so `Makefile:177`, `key:value`
//!    and `12:34` do not link). From a dot, the next label must be an IANA
//!    top-level domain (ASCII, `xn--`, or its Unicode form) and the labels
//!    before it valid; `@` before the name makes it an email (UTS #58 local
//!    part rules).
//! 3. **End.** UTS #58 Link_Term: Hard characters end a link, trailing Soft
//!    punctuation is dropped, a closing bracket is kept only if it closes an
//!    opener inside the link (the stack is cleared at `/`, `?`, `#`, and at
//!    `=`/`&` in the query and `:~:` in the fragment).
//! 4. **Beyond UTS #58** (the default mode): characters RFC 3987 forbids
//!    (`"`, `<`, `>`, `\`, `^`, `` ` ``, `{`, `}`, `|`, bidi controls,
//!    private use outside the query…) are Hard; CJK sentence punctuation
//!    ends a link when non-ASCII text follows it; a link opened by a quote
//!    ends at the closing quote; `<…>` and `<URL:…>` links folded over lines
//!    are one link (RFC 3986 Appendix C); the link is cut to its longest
//!    prefix that is a valid IRI; and a link never ends inside a grapheme
//!    cluster. [`Finder::strict_uts58`] turns all of this off.
//!
//! Invalid UTF-8 is a Hard boundary: [`Finder::links_bytes`] finds links in
//! each valid run and never panics.
//!
//! ```
//! use iriscan::{Finder, LinkKind};
//!
//! let finder = Finder::new();
//! let text = "詳細はhttp://例え.jp/パス、または info@example.com へ。See www.example.org.";
//! let links: Vec<_> = finder.links(text).collect();
//! assert_eq!(links[0].as_str(), "http://例え.jp/パス");
//! assert_eq!(links[1].as_str(), "info@example.com");
//! assert_eq!(links[1].kind(), LinkKind::Email);
//! assert_eq!(links[1].iri(), "mailto:info@example.com");
//! assert_eq!(links[2].as_str(), "www.example.org");
//! assert_eq!(links[2].to_uri()?, "https://www.example.org");
//! # Ok::<(), iriscan::MapError>(())
//! ```

mod scan;
mod trigger;

pub(crate) use scan::common_letters_end;

use crate::iri::MapError;
use std::borrow::Cow;

pub(crate) use scan::{repair_iri, unfold};

/// The kind of a link.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LinkKind {
    /// An IRI with a scheme: `https://…`, `mailto:…`, `urn:…`, `tel:…`.
    Iri,
    /// A bare email address; its IRI is `mailto:` followed by the address.
    Email,
    /// A scheme-less domain name (`www.example.com`, `例え.jp`); its IRI
    /// takes the finder's default scheme.
    Domain,
}

impl LinkKind {
    /// The lowercase name used in output formats (`iri`, `email`, `domain`).
    ///
    /// ```
    /// assert_eq!(iriscan::LinkKind::Email.name(), "email");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            LinkKind::Iri => "iri",
            LinkKind::Email => "email",
            LinkKind::Domain => "domain",
        }
    }
}

/// Finds links in text. Build it once, then call [`Finder::links`] as often
/// as needed (it is `Sync`: share it across threads).
///
/// ```
/// let mut finder = iriscan::Finder::new();
/// finder.email(false).allow_schemes(&["https"]);
/// let found: Vec<_> = finder.links("a@example.com http://a.com https://b.com").map(|l| l.as_str()).collect();
/// assert_eq!(found, ["https://b.com"]);
/// ```
#[derive(Clone, Debug)]
pub struct Finder {
    pub(crate) iri: bool,
    pub(crate) email: bool,
    pub(crate) domain: bool,
    pub(crate) strict_uts58: bool,
    pub(crate) default_scheme: &'static str,
    pub(crate) allowed_schemes: Option<Vec<String>>,
    pub(crate) max_link_len: usize,
}

impl Default for Finder {
    fn default() -> Self {
        Self::new()
    }
}

/// The default cap on a link's length in bytes (64 KiB).
pub const DEFAULT_MAX_LINK_LEN: usize = 64 * 1024;

impl Finder {
    /// A finder for all three kinds, default scheme `https`, default mode
    /// (UTS #58 plus the RFC 3987 rules), links capped at 64 KiB.
    pub fn new() -> Self {
        Finder {
            iri: true,
            email: true,
            domain: true,
            strict_uts58: false,
            default_scheme: "https",
            allowed_schemes: None,
            max_link_len: DEFAULT_MAX_LINK_LEN,
        }
    }

    /// Finds IRIs with a scheme (on by default).
    pub fn iri(&mut self, on: bool) -> &mut Self {
        self.iri = on;
        self
    }

    /// Finds bare email addresses (on by default).
    pub fn email(&mut self, on: bool) -> &mut Self {
        self.email = on;
        self
    }

    /// Finds scheme-less domains (on by default).
    pub fn domain(&mut self, on: bool) -> &mut Self {
        self.domain = on;
        self
    }

    /// Sets the kinds to find, all others off.
    ///
    /// ```
    /// use iriscan::{Finder, LinkKind};
    /// let mut f = Finder::new();
    /// f.kinds(&[LinkKind::Email]);
    /// assert_eq!(f.links("see x.org or a@b.org").count(), 1);
    /// ```
    pub fn kinds(&mut self, kinds: &[LinkKind]) -> &mut Self {
        self.iri = kinds.contains(&LinkKind::Iri);
        self.email = kinds.contains(&LinkKind::Email);
        self.domain = kinds.contains(&LinkKind::Domain);
        self
    }

    /// The scheme given to scheme-less domains (default `https`).
    ///
    /// ```
    /// let mut f = iriscan::Finder::new();
    /// f.default_scheme("http");
    /// assert_eq!(f.links("www.example.com").next().unwrap().iri(), "http://www.example.com");
    /// ```
    pub fn default_scheme(&mut self, scheme: &str) -> &mut Self {
        self.default_scheme = intern_scheme(scheme);
        self
    }

    /// Links only IRIs whose scheme is in `schemes` (ASCII case-insensitive).
    /// Emails and domains are governed by their own switches.
    pub fn allow_schemes(&mut self, schemes: &[&str]) -> &mut Self {
        self.allowed_schemes = Some(schemes.iter().map(|s| s.to_ascii_lowercase()).collect());
        self
    }

    /// Follows UTS #58 alone: scheme-less domains, `http(s)://` before them
    /// and emails (with `mailto:`), with the standard's Link_Term and bracket
    /// rules, and nothing more.
    ///
    /// ```
    /// let mut f = iriscan::Finder::new();
    /// f.strict_uts58(true);
    /// let text = "see http://localhost:8080/ and tel:+1-555-0100 or example.com";
    /// let found: Vec<_> = f.links(text).map(|l| l.as_str()).collect();
    /// assert_eq!(found, ["example.com"]); // UTS #58 needs a TLD, and knows no tel:
    /// ```
    pub fn strict_uts58(&mut self, on: bool) -> &mut Self {
        self.strict_uts58 = on;
        self
    }

    /// Caps a link's length in bytes (default 64 KiB). A link that would be
    /// longer is cut at the cap (then trimmed and validated like any other
    /// end), so the finder's memory and look-ahead stay bounded.
    pub fn max_link_len(&mut self, bytes: usize) -> &mut Self {
        self.max_link_len = bytes.max(16);
        self
    }

    /// The maximum link length in bytes.
    pub fn max_link_length(&self) -> usize {
        self.max_link_len
    }

    /// Iterates over the links in `text`.
    ///
    /// ```
    /// let f = iriscan::Finder::new();
    /// let l = f.links("(see https://ja.wikipedia.org/wiki/東京_(曖昧さ回避))").next().unwrap();
    /// assert_eq!(l.as_str(), "https://ja.wikipedia.org/wiki/東京_(曖昧さ回避)");
    /// assert_eq!((l.start(), l.end()), (5, 59));
    /// ```
    pub fn links<'f, 't>(&'f self, text: &'t str) -> Links<'f, 't> {
        Links {
            finder: self,
            bytes: text.as_bytes(),
            run: text,
            run_start: 0,
            next_run: text.len(),
            pos: 0,
            floor: 0,
            triggers: trigger::Triggers::new(self),
            skip: SkipState::default(),
            raw_triggers: trigger::Triggers::new(self),
        }
    }

    /// Iterates over the links in `bytes`, which may hold invalid UTF-8: each
    /// invalid sequence is a Hard boundary. Offsets are into `bytes`.
    ///
    /// ```
    /// let f = iriscan::Finder::new();
    /// let links: Vec<_> = f.links_bytes(b"http://a.com/x\xFFhttp://b.com").map(|l| l.as_str()).collect();
    /// assert_eq!(links, ["http://a.com/x", "http://b.com"]);
    /// ```
    pub fn links_bytes<'f, 't>(&'f self, bytes: &'t [u8]) -> Links<'f, 't> {
        let mut links = Links {
            finder: self,
            bytes,
            run: "",
            run_start: 0,
            next_run: 0,
            pos: 0,
            floor: 0,
            triggers: trigger::Triggers::new(self),
            skip: SkipState::default(),
            raw_triggers: trigger::Triggers::new(self),
        };
        links.advance_run();
        links
    }

    /// Iterates over spans that cover `text` exactly: links and the text
    /// between them, for linkifiers.
    ///
    /// ```
    /// let f = iriscan::Finder::new();
    /// let html: String = f.spans("go to example.com now").map(|s| match s.link() {
    ///     Some(l) => format!("<a href=\"{}\">{}</a>", l.to_uri().unwrap(), s.as_str()),
    ///     None => s.as_str().to_owned(),
    /// }).collect();
    /// assert_eq!(html, "go to <a href=\"https://example.com\">example.com</a> now");
    /// ```
    pub fn spans<'f, 't>(&'f self, text: &'t str) -> Spans<'f, 't> {
        Spans {
            text,
            links: self.links(text),
            pos: 0,
            pending: None,
        }
    }
}

/// A link found in text, borrowed from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Link<'t> {
    text: &'t str,
    start: usize,
    kind: LinkKind,
    folded: bool,
    default_scheme: &'t str,
}

impl<'t> Link<'t> {
    /// Byte offset of the link's first byte in the input.
    pub fn start(&self) -> usize {
        self.start
    }
    /// Byte offset just past the link's last byte (exclusive).
    pub fn end(&self) -> usize {
        self.start + self.text.len()
    }
    /// The link as written in the input.
    pub fn as_str(&self) -> &'t str {
        self.text
    }
    /// The kind of link.
    pub fn kind(&self) -> LinkKind {
        self.kind
    }
    /// Whether the link was folded over lines inside `<…>` (its IRI then
    /// differs from the text as written).
    pub fn is_folded(&self) -> bool {
        self.folded
    }

    /// The IRI this link denotes: the text itself for an IRI (with folding
    /// whitespace removed, and `[`/`]` after the authority percent-encoded),
    /// `mailto:` + address for an email, the default scheme + `://` + name
    /// for a domain (with ideographic dots as `.`).
    ///
    /// ```
    /// let f = iriscan::Finder::new();
    /// let l = f.links("see 例え。jp").next().unwrap();
    /// assert_eq!(l.as_str(), "例え。jp");
    /// assert_eq!(l.iri(), "https://例え.jp");
    /// ```
    pub fn iri(&self) -> Cow<'t, str> {
        let base: Cow<'t, str> = match self.kind {
            LinkKind::Iri if self.folded => Cow::Owned(unfold(self.text)),
            // `mailto:` before an address found by the email rules: the local
            // part may hold what an IRI may not (`` ` ``, `{`, a lone `%`).
            LinkKind::Iri if self.text.len() > 7 && self.text.as_bytes()[..7].eq_ignore_ascii_case(b"mailto:") => {
                if mailto_needs_encoding(&self.text[7..]) {
                    Cow::Owned(format!("{}{}", &self.text[..7], &mailto_iri(&self.text[7..])[7..]))
                } else {
                    Cow::Borrowed(self.text)
                }
            }
            LinkKind::Iri => Cow::Borrowed(self.text),
            LinkKind::Email => Cow::Owned(mailto_iri(self.text)),
            LinkKind::Domain => {
                let host_end = self.text.find(['/', '?', '#', ':']).unwrap_or(self.text.len());
                let host: String = self.text[..host_end]
                    .chars()
                    .map(|c| if scan::is_domain_dot(c) { '.' } else { c })
                    .collect();
                Cow::Owned(format!("{}://{}{}", self.default_scheme, host, &self.text[host_end..]))
            }
        };
        match repair_iri(&base) {
            Some(fixed) => Cow::Owned(fixed),
            None => base,
        }
    }

    /// The URI this link denotes (RFC 3987 §3.1 mapping of [`Link::iri`]).
    ///
    /// ```
    /// let f = iriscan::Finder::new();
    /// let l = f.links("http://résumé.example.org/résumé").next().unwrap();
    /// assert_eq!(l.to_uri()?, "http://xn--rsum-bpad.example.org/r%C3%A9sum%C3%A9");
    /// # Ok::<(), iriscan::MapError>(())
    /// ```
    pub fn to_uri(&self) -> Result<Cow<'t, str>, MapError> {
        match self.iri() {
            Cow::Borrowed(s) => crate::to_uri(s),
            Cow::Owned(s) => crate::to_uri(&s).map(|u| Cow::Owned(u.into_owned())),
        }
    }
}

/// `mailto:` + the address, with what an email local part may hold but an
/// IRI may not (a `%` not starting a `%XX`, `{`, `|`, `` ` ``…)
/// percent-encoded.
fn mailto_iri(address: &str) -> String {
    let mut out = String::with_capacity(address.len() + 7);
    out.push_str("mailto:");
    for (i, c) in address.char_indices() {
        if mailto_char_needs_encoding(address.as_bytes(), i, c) {
            crate::iri::push_pct_char(&mut out, c);
        } else {
            out.push(c);
        }
    }
    out
}

/// Whether the character `c` at byte `i` of an address must be encoded in
/// its IRI: a `%` that does not start `%XX`, or ASCII no URI may hold.
fn mailto_char_needs_encoding(b: &[u8], i: usize, c: char) -> bool {
    let lone_percent = c == '%' && !(i + 2 < b.len() && b[i + 1].is_ascii_hexdigit() && b[i + 2].is_ascii_hexdigit());
    lone_percent || (c.is_ascii() && !crate::chars::is_uri_ascii(c as u8))
}

/// Whether [`mailto_iri`] would change `address` (no allocation).
fn mailto_needs_encoding(address: &str) -> bool {
    address
        .char_indices()
        .any(|(i, c)| mailto_char_needs_encoding(address.as_bytes(), i, c))
}

/// Iterator over the links of a text; see [`Finder::links`].
pub struct Links<'f, 't> {
    finder: &'f Finder,
    bytes: &'t [u8],
    /// The valid UTF-8 run being scanned, and where it starts in `bytes`.
    run: &'t str,
    run_start: usize,
    /// Where the next run starts (after the invalid sequence ending this one).
    next_run: usize,
    pos: usize,
    floor: usize,
    triggers: trigger::Triggers,
    skip: SkipState,
    /// Triggers of the whole input, valid UTF-8 or not (for the skipper).
    raw_triggers: trigger::Triggers,
}

impl<'f, 't> Links<'f, 't> {
    /// Moves to the next valid UTF-8 run; false at the end of the input.
    fn advance_run(&mut self) -> bool {
        if self.next_run >= self.bytes.len() {
            return false;
        }
        // Bytes that can never start a UTF-8 sequence (stray continuation
        // bytes, 0xC0, 0xC1, 0xF5..) are skipped without a validator call:
        // binary data is mostly such bytes.
        self.next_run = skip_non_starts(self.bytes, self.next_run);
        if self.next_run >= self.bytes.len() {
            return false;
        }
        let rest = &self.bytes[self.next_run..];
        // Binary data has an invalid sequence every few bytes: look for one
        // in a short prefix first (std stops at the first error), and hand
        // long valid runs to SIMD validation (simdutf8), which touches every
        // byte once.
        let probe = &rest[..rest.len().min(64)];
        if let Err(e) = std::str::from_utf8(probe) {
            if e.error_len().is_some() {
                let up_to = e.valid_up_to();
                let bad = e.error_len().unwrap_or(1);
                self.run = std::str::from_utf8(&rest[..up_to]).unwrap_or("");
                self.run_start = self.next_run;
                self.next_run += up_to + bad;
                self.pos = 0;
                self.floor = 0;
                self.triggers.reset();
                return true;
            }
        }
        let (valid, skip) = match simdutf8::compat::from_utf8(rest) {
            Ok(s) => (s, rest.len()),
            Err(e) => {
                let up_to = e.valid_up_to();
                let bad = e.error_len().unwrap_or(rest.len() - up_to);
                // The prefix is valid by construction.
                (simdutf8::basic::from_utf8(&rest[..up_to]).unwrap_or(""), up_to + bad)
            }
        };
        self.run = valid;
        self.run_start = self.next_run;
        self.next_run += skip;
        self.pos = 0;
        self.floor = 0;
        self.triggers.reset();
        true
    }
}

impl<'f, 't> Iterator for Links<'f, 't> {
    type Item = Link<'t>;

    fn next(&mut self) -> Option<Link<'t>> {
        loop {
            let outer = (self.bytes, self.run_start);
            if let Some(raw) = scan::next_link(self.finder, &mut self.triggers, outer, self.run, self.pos, self.floor) {
                self.pos = raw.end;
                self.floor = raw.end;
                return Some(Link {
                    text: &self.run[raw.start..raw.end],
                    start: self.run_start + raw.start,
                    kind: raw.kind,
                    folded: raw.folded,
                    default_scheme: self.finder.default_scheme,
                });
            }
            // Runs without a trigger byte (`:`, `.`, or the lead byte of a
            // non-ASCII dot) cannot hold a link: binary data is mostly such
            // short runs, so skip them without setting up a scan.
            loop {
                let (start, known) =
                    skip_short_trigger_free_runs(self.bytes, self.next_run, &mut self.skip, &mut self.raw_triggers);
                self.next_run = start;
                match known {
                    // The skipper decoded the whole run, up to the invalid
                    // sequence after it, and saw a trigger in it.
                    Some((end, next)) => {
                        self.run = std::str::from_utf8(&self.bytes[start..end]).unwrap_or("");
                        self.run_start = start;
                        self.next_run = next;
                        self.pos = 0;
                        self.floor = 0;
                        self.triggers.reset();
                        break;
                    }
                    None => {
                        if !self.advance_run() {
                            return None;
                        }
                        // The scan's own trigger search rejects a run
                        // without triggers as fast as a search here would.
                        if self.run.len() >= 4 {
                            break;
                        }
                    }
                }
            }
        }
    }
}

/// Where the run-by-run scan of `bytes` from `i` should go on: past every
/// short valid UTF-8 run (under 64 bytes) that holds no trigger or is
/// under four bytes long, and so cannot hold a link. The triggers are those
/// of the whole input, classified by the vector trigger search over the
/// raw bytes (`raw`): a trigger of a run is also one of the whole input
/// (see `Triggers::next_in_bytes`), and in binary data two in three trigger
/// bytes fail the neighbour checks. The runs are the ones `Links::advance_run`
/// makes (a test compares the sequence decoding with std's), found here one
/// byte at a time: binary data is mostly such runs, and setting up a scan
/// (and a validator call) for each cost more than reading its bytes.
///
/// Stretches without any trigger are jumped over: no run inside one
/// can hold a link. The scan resumes just after the last byte before the
/// next trigger that is an error wherever decoding started (C0, C1, F5–FF,
/// or a continuation byte right after an ASCII byte, which ends any
/// sequence): from there on the runs are exactly the ones a decoding from
/// `i` would make.
///
/// Returns where the scan goes on and, when the run starting there was
/// decoded to its end (an invalid sequence), that end and where the next
/// run may start.
///
/// `seen` carries what earlier calls learned (the next trigger, and how
/// far back before it no such error byte exists), so that every byte is
/// searched at most once forward and once backward over a whole input.
fn skip_short_trigger_free_runs(
    bytes: &[u8],
    mut i: usize,
    seen: &mut SkipState,
    raw: &mut trigger::Triggers,
) -> (usize, Option<(usize, usize)>) {
    let n = bytes.len();
    loop {
        if seen.trigger.is_none_or(|t| i > t) {
            let t = raw.next_in_bytes(bytes, i).map_or(n, |(t, _)| t);
            seen.trigger = Some(t);
            seen.clean_from = t;
        }
        let next_trigger = seen.trigger.unwrap_or(n);
        if next_trigger >= n {
            return (n, None);
        }
        if next_trigger - i > 16 && i + 1 < seen.clean_from {
            match last_error_anywhere(bytes, i + 1, seen.clean_from) {
                Some(q) => {
                    i = q + 1;
                    seen.clean_from = i;
                }
                None => seen.clean_from = i + 1,
            }
        }
        i = skip_non_starts(bytes, i);
        let start = i;
        let bound = n.min(start + 64);
        loop {
            i = skip_ascii(bytes, i, bound);
            if i >= bound {
                return (start, None);
            }
            match utf8_sequence(bytes, i) {
                Ok(len) => i += len,
                Err(Some(bad)) => {
                    if (start..i).contains(&next_trigger) && i - start >= 4 {
                        return (start, Some((i, i + bad)));
                    }
                    i += bad;
                    break;
                }
                Err(None) => return (start, None),
            }
        }
    }
}

/// What `skip_short_trigger_free_runs` knows about the input ahead.
#[derive(Clone, Copy, Debug, Default)]
struct SkipState {
    /// The first trigger at or after the last search start (or the
    /// input's length); `None` before the first search.
    trigger: Option<usize>,
    /// No byte in `[clean_from, trigger)` is an error wherever decoding
    /// starts.
    clean_from: usize,
}

/// Skips bytes that can never start a UTF-8 sequence (continuation bytes,
/// 0xC0, 0xC1, 0xF5–0xFF) from `i`: binary data is mostly such bytes.
fn skip_non_starts(bytes: &[u8], mut i: usize) -> usize {
    while i < bytes.len() && matches!(bytes[i], 0x80..=0xC1 | 0xF5..=0xFF) {
        i += 1;
    }
    i
}

/// The high bit of every byte of a word: set in a byte that is not ASCII.
const HIGH: u64 = 0x8080_8080_8080_8080;

/// The first byte of `bytes[i..end]` that is not ASCII, or `end`: eight
/// bytes per step.
fn skip_ascii(bytes: &[u8], mut i: usize, end: usize) -> usize {
    while let Some(word) = bytes.get(i..i + 8).filter(|_| i + 8 <= end) {
        let high = u64::from_le_bytes(word.try_into().expect("eight bytes")) & HIGH;
        if high != 0 {
            return i + (high.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while i < end && bytes[i] < 0x80 {
        i += 1;
    }
    i
}

/// The last `q` in `lo..hi` (with `lo > 0`) for which `is_error_anywhere`
/// holds: ASCII (never such a byte) is passed over eight bytes per step.
fn last_error_anywhere(bytes: &[u8], lo: usize, mut hi: usize) -> Option<usize> {
    while hi > lo {
        if hi - lo >= 8 && u64::from_le_bytes(bytes[hi - 8..hi].try_into().expect("eight bytes")) & HIGH == 0 {
            hi -= 8;
            continue;
        }
        hi -= 1;
        if is_error_anywhere(bytes, hi) {
            return Some(hi);
        }
    }
    None
}

/// Whether the byte at `q` (with `q > 0`) is an invalid sequence of its
/// own however the bytes before it decode.
fn is_error_anywhere(bytes: &[u8], q: usize) -> bool {
    match bytes[q] {
        0xC0 | 0xC1 | 0xF5..=0xFF => true,
        0x80..=0xBF => bytes[q - 1] < 0x80,
        _ => false,
    }
}

/// The UTF-8 sequence at `bytes[i]` (a byte at or above 0x80): its length,
/// or the length of the invalid prefix as `std::str::Utf8Error::error_len`
/// gives it (`None`: cut short by the end of the input).
fn utf8_sequence(bytes: &[u8], i: usize) -> Result<usize, Option<usize>> {
    let lead = bytes[i];
    let (len, second) = match lead {
        0xC2..=0xDF => (2, 0x80..=0xBF),
        0xE0 => (3, 0xA0..=0xBF),
        0xE1..=0xEC | 0xEE..=0xEF => (3, 0x80..=0xBF),
        0xED => (3, 0x80..=0x9F),
        0xF0 => (4, 0x90..=0xBF),
        0xF1..=0xF3 => (4, 0x80..=0xBF),
        0xF4 => (4, 0x80..=0x8F),
        _ => return Err(Some(1)),
    };
    for k in 1..len {
        let Some(&b) = bytes.get(i + k) else {
            return Err(None);
        };
        let ok = if k == 1 {
            second.contains(&b)
        } else {
            (0x80..=0xBF).contains(&b)
        };
        if !ok {
            return Err(Some(k));
        }
    }
    Ok(len)
}

/// Interns a default scheme so that links can carry it without a lifetime:
/// the common schemes are static strings; any other is kept in a small
/// global set (one allocation per distinct scheme per process).
fn intern_scheme(scheme: &str) -> &'static str {
    match scheme {
        "https" => "https",
        "http" => "http",
        other => {
            use std::sync::{Mutex, OnceLock};
            static INTERNED: OnceLock<Mutex<Vec<&'static str>>> = OnceLock::new();
            let mut set = INTERNED
                .get_or_init(|| Mutex::new(Vec::new()))
                .lock()
                .unwrap_or_else(|e| e.into_inner());
            if let Some(s) = set.iter().find(|s| **s == other) {
                return s;
            }
            let s: &'static str = Box::leak(other.to_owned().into_boxed_str());
            set.push(s);
            s
        }
    }
}

/// A piece of text: either a link or the text between links.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span<'t> {
    text: &'t str,
    start: usize,
    link: Option<Link<'t>>,
}

impl<'t> Span<'t> {
    /// The span's text.
    pub fn as_str(&self) -> &'t str {
        self.text
    }
    /// Byte offset of the span's start.
    pub fn start(&self) -> usize {
        self.start
    }
    /// Byte offset of the span's end (exclusive).
    pub fn end(&self) -> usize {
        self.start + self.text.len()
    }
    /// The link, if this span is one.
    pub fn link(&self) -> Option<&Link<'t>> {
        self.link.as_ref()
    }
}

/// Iterator over the spans of a text; see [`Finder::spans`].
pub struct Spans<'f, 't> {
    text: &'t str,
    links: Links<'f, 't>,
    pos: usize,
    pending: Option<Link<'t>>,
}

impl<'f, 't> Iterator for Spans<'f, 't> {
    type Item = Span<'t>;

    fn next(&mut self) -> Option<Span<'t>> {
        if let Some(link) = self.pending.take() {
            self.pos = link.end();
            return Some(Span {
                text: link.as_str(),
                start: link.start(),
                link: Some(link),
            });
        }
        match self.links.next() {
            Some(link) if link.start() > self.pos => {
                let span = Span {
                    text: &self.text[self.pos..link.start()],
                    start: self.pos,
                    link: None,
                };
                self.pending = Some(link);
                Some(span)
            }
            Some(link) => {
                self.pos = link.end();
                Some(Span {
                    text: link.as_str(),
                    start: link.start(),
                    link: Some(link),
                })
            }
            None if self.pos < self.text.len() => {
                let span = Span {
                    text: &self.text[self.pos..],
                    start: self.pos,
                    link: None,
                };
                self.pos = self.text.len();
                Some(span)
            }
            None => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The next state of a xorshift generator: deterministic test inputs.
    pub(crate) fn xorshift(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    #[test]
    fn utf8_sequences_decode_as_std_does() {
        // Every lead byte with every second byte, and the third and fourth
        // bytes at the edges of the continuation range, whole and cut short.
        let edges = [0x00u8, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF];
        for lead in 0x80..=0xFFu8 {
            for second in 0..=0xFFu8 {
                for &third in &edges {
                    for &fourth in &edges {
                        let seq = [lead, second, third, fourth];
                        for cut in 1..=4 {
                            let s = &seq[..cut];
                            let ours = utf8_sequence(s, 0);
                            // std's view of the first sequence only.
                            let first = |v: &str| v.chars().next().map_or(0, char::len_utf8);
                            let std = match std::str::from_utf8(s) {
                                Ok(v) => Ok(first(v)),
                                Err(e) if e.valid_up_to() > 0 => {
                                    Ok(first(std::str::from_utf8(&s[..e.valid_up_to()]).unwrap()))
                                }
                                Err(e) => Err(e.error_len()),
                            };
                            assert_eq!(ours, std, "{s:02X?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn word_at_a_time_helpers_agree_with_byte_loops() {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..2000 {
            // Mostly ASCII, with a high byte now and then.
            let bytes: Vec<u8> = (0..(x % 90) as usize)
                .map(|_| {
                    xorshift(&mut x);
                    if x.is_multiple_of(11) {
                        0x80 | (x >> 8) as u8
                    } else {
                        (x >> 8) as u8 & 0x7F
                    }
                })
                .collect();
            let n = bytes.len();
            for i in 0..=n {
                for end in [i, (i + 3).min(n), (i + 17).min(n), n] {
                    let naive = (i..end).find(|&j| bytes[j] >= 0x80).unwrap_or(end);
                    assert_eq!(skip_ascii(&bytes, i, end), naive, "{bytes:02X?} {i}..{end}");
                }
                if i >= 1 {
                    for lo in [1, i / 2 + 1, i] {
                        let naive = (lo..i).rev().find(|&q| is_error_anywhere(&bytes, q));
                        assert_eq!(last_error_anywhere(&bytes, lo, i), naive, "{bytes:02X?} {lo}..{i}");
                    }
                }
            }
        }
    }

    #[test]
    fn skipping_binary_finds_the_same_links_as_scanning_every_run() {
        // Reference: split at every invalid sequence with std and scan each
        // valid run as text.
        fn reference(f: &Finder, mut b: &[u8]) -> Vec<(usize, String)> {
            let mut out = Vec::new();
            let mut base = 0;
            loop {
                let (valid, skip) = match std::str::from_utf8(b) {
                    Ok(s) => (s, b.len()),
                    Err(e) => (
                        std::str::from_utf8(&b[..e.valid_up_to()]).unwrap(),
                        e.valid_up_to() + e.error_len().unwrap_or(b.len() - e.valid_up_to()),
                    ),
                };
                out.extend(f.links(valid).map(|l| (base + l.start(), l.as_str().to_owned())));
                if skip >= b.len() {
                    return out;
                }
                base += skip;
                b = &b[skip..];
            }
        }
        let f = Finder::new();
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let pieces: [&[u8]; 10] = [
            b"http://a.example/x",
            b" mail x@y.org ",
            b"\xFF",
            b"\xE3\x80\x82",
            b"\xC3\xA9",
            b"\xE0\x80",
            b"ab.cd.com",
            b":",
            b"\xF0\x9F\x98\x80",
            b"\xED\xA0\x80",
        ];
        for _ in 0..20_000 {
            let mut text = Vec::new();
            for _ in 0..(x % 40) {
                xorshift(&mut x);
                if x.is_multiple_of(3) {
                    text.push((x >> 8) as u8);
                } else if x % 7 == 1 {
                    // A stretch of random bytes, long enough to be jumped.
                    let mut y = x;
                    for _ in 0..(x >> 40) % 120 {
                        xorshift(&mut y);
                        text.push((y >> 24) as u8);
                    }
                } else {
                    text.extend_from_slice(pieces[(x >> 16) as usize % pieces.len()]);
                }
            }
            let ours: Vec<(usize, String)> = f
                .links_bytes(&text)
                .map(|l| (l.start(), l.as_str().to_owned()))
                .collect();
            assert_eq!(ours, reference(&f, &text), "{text:02X?}");
        }
    }
}
