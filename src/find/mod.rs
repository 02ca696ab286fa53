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

mod bytes16;
mod candidate;
mod classes;
mod domain;
mod email;
mod end;
mod escaped;
mod fold;
mod host;
mod link;
mod prose;
pub(crate) use prose::{
    emphasis_open_before, id_line_start, label_open_before, markdown_target_before, splits_mail_route,
    MAX_WIDE_EMPHASIS, MAX_WIDE_LABEL,
};
mod repair;
mod runs;
mod scan;
mod scheme;
mod spans;
mod tail;
mod template;
#[cfg(test)]
mod testing;
mod tld;
mod trigger;

pub use link::Link;
pub use spans::{Span, Spans};

use runs::{next_valid_run, skip_short_trigger_free_runs, SkipState};

/// The kind of a link.
///
/// ```
/// use iriscan::{Finder, LinkKind};
/// let kinds: Vec<_> = Finder::new().links("https://a.com a@b.com c.org").map(|l| l.kind()).collect();
/// assert_eq!(kinds, [LinkKind::Iri, LinkKind::Email, LinkKind::Domain]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
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
///
/// ```
/// assert_eq!(iriscan::Finder::new().get_max_link_len(), iriscan::DEFAULT_MAX_LINK_LEN);
/// ```
pub const DEFAULT_MAX_LINK_LEN: usize = 64 * 1024;

impl Finder {
    /// A finder for all three kinds, default scheme `https`, default mode
    /// (UTS #58 plus the RFC 3987 rules), links capped at 64 KiB.
    ///
    /// ```
    /// let f = iriscan::Finder::new();
    /// assert_eq!(f.links("see www.example.com").next().unwrap().iri(), "https://www.example.com");
    /// ```
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
    ///
    /// ```
    /// let mut f = iriscan::Finder::new();
    /// f.iri(false);
    /// assert_eq!(f.links("https://a.com/x").count(), 0);
    /// ```
    pub fn iri(&mut self, on: bool) -> &mut Self {
        self.iri = on;
        self
    }

    /// Finds bare email addresses (on by default).
    ///
    /// ```
    /// let mut f = iriscan::Finder::new();
    /// f.email(false);
    /// assert_eq!(f.links("me@example.com").count(), 0);
    /// ```
    pub fn email(&mut self, on: bool) -> &mut Self {
        self.email = on;
        self
    }

    /// Finds scheme-less domains (on by default).
    ///
    /// ```
    /// let mut f = iriscan::Finder::new();
    /// f.domain(false);
    /// assert_eq!(f.links("www.example.com").count(), 0);
    /// ```
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
    /// Emails and domains are governed by their own switches: an address
    /// written after `mailto:` is linked alone, as an email, unless
    /// `mailto` is allowed (the same as with IRIs off).
    ///
    /// ```
    /// let mut f = iriscan::Finder::new();
    /// f.allow_schemes(&["HTTPS"]);
    /// let found: Vec<_> = f.links("ftp://a.com/x https://a.com/y mailto:me@a.com").map(|l| l.as_str()).collect();
    /// assert_eq!(found, ["https://a.com/y", "me@a.com"]);
    /// ```
    pub fn allow_schemes(&mut self, schemes: &[&str]) -> &mut Self {
        self.allowed_schemes = Some(schemes.iter().map(|s| s.to_ascii_lowercase()).collect());
        self
    }

    /// Follows UTS #58 alone: scheme-less domains, `http(s)://` before them
    /// and emails (with `mailto:`), with the standard's Link_Term and bracket
    /// rules, and nothing more. The kinds and schemes asked for
    /// ([`Finder::kinds`], [`Finder::allow_schemes`]) then choose among the
    /// links the standard finds: a web IRI or a domain not asked for is no
    /// link, and nothing inside it is one (no name in its path).
    ///
    /// ```
    /// let mut f = iriscan::Finder::new();
    /// f.strict_uts58(true);
    /// let text = "see http://localhost:8080/ and tel:+1-555-0100 or example.com";
    /// let found: Vec<_> = f.links(text).map(|l| l.as_str()).collect();
    /// assert_eq!(found, ["example.com"]); // UTS #58 needs a TLD, and knows no tel:
    /// f.kinds(&[iriscan::LinkKind::Domain]);
    /// let text = "see https://example.com/go/other.org/x or example.com";
    /// let found: Vec<_> = f.links(text).map(|l| l.as_str()).collect();
    /// assert_eq!(found, ["example.com"]);
    /// ```
    pub fn strict_uts58(&mut self, on: bool) -> &mut Self {
        self.strict_uts58 = on;
        self
    }

    /// Caps a link's length in bytes (default 64 KiB), so the finder's
    /// memory and look-ahead stay bounded. A link that would be longer is
    /// cut at the cap in its path, query or fragment (an IRI with an
    /// authority, a name with a path; then trimmed and validated like any
    /// other end); the rest, up to where the link would have ended without
    /// the cap, is part of it, and nothing in it is linked on its own. Any
    /// other link that would be longer is not linked, nor is anything in
    /// its word: a cut in a scheme or host, in an opaque IRI (`mailto:`,
    /// `tel:`), in a name or an address would name another host, address
    /// or number ([`Links::passed_over`] counts them). Caps under 16 bytes
    /// are raised to 16.
    ///
    /// ```
    /// let mut f = iriscan::Finder::new();
    /// f.max_link_len(20);
    /// assert_eq!(f.links("http://example.com/abcdefghij").next().unwrap().as_str(), "http://example.com/a");
    /// assert_eq!(f.links("see http://example-host.com/ and me@an-example-host.com").count(), 0);
    /// let found: Vec<_> = f.links("http://example.com/a;me@example.org x.org").map(|l| l.as_str()).collect();
    /// assert_eq!(found, ["http://example.com/a", "x.org"]);
    /// ```
    pub fn max_link_len(&mut self, bytes: usize) -> &mut Self {
        self.max_link_len = bytes.max(16);
        self
    }

    /// The cap on a link's length in bytes (see [`Finder::max_link_len`]).
    ///
    /// ```
    /// let mut f = iriscan::Finder::new();
    /// f.max_link_len(1000);
    /// assert_eq!(f.get_max_link_len(), 1000);
    /// ```
    pub fn get_max_link_len(&self) -> usize {
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
            memo: prose::Memo::default(),
            passed: scan::Passed::NONE,
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
            memo: prose::Memo::default(),
            passed: scan::Passed::NONE,
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
        Spans::new(text, self.links(text))
    }

    /// Whether IRIs of `scheme` may be linked ([`Finder::allow_schemes`]).
    #[inline]
    pub(crate) fn allows_scheme(&self, scheme: &str) -> bool {
        self.allowed_schemes
            .as_ref()
            .is_none_or(|allowed| allowed.iter().any(|a| a.eq_ignore_ascii_case(scheme)))
    }
}

/// Iterator over the links of a text; see [`Finder::links`].
///
/// ```
/// let f = iriscan::Finder::new();
/// let mut links = f.links("a.com b.org");
/// assert_eq!(links.next().map(|l| l.as_str()), Some("a.com"));
/// assert_eq!(links.next().map(|l| l.as_str()), Some("b.org"));
/// assert!(links.next().is_none());
/// ```
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
    /// What the default mode's context rules remember within the run.
    memo: prose::Memo,
    /// Words longer than the length cap passed over ([`Links::passed_over`]).
    passed: scan::Passed,
}

impl<'f, 't> Links<'f, 't> {
    /// How many words the search has passed over so far because they are
    /// longer than the length cap ([`Finder::max_link_len`]) and may not be
    /// cut: a host or IRI cut in its scheme, host or opaque part, a name,
    /// an email address. Neither they nor anything in them is linked; a
    /// caller that caps links can say how many it lost. (Links that the
    /// cap cut in their path, query or fragment are found, and not
    /// counted here.)
    ///
    /// ```
    /// let mut f = iriscan::Finder::new();
    /// f.max_link_len(16);
    /// let mut links = f.links("see www.example-domain-name.com, me@an-example-host.com and x.org");
    /// assert_eq!(links.next().map(|l| l.as_str()), Some("x.org"));
    /// assert_eq!(links.passed_over(), 2);
    /// ```
    pub fn passed_over(&self) -> usize {
        self.passed.count
    }

    /// Counts in [`Links::passed_over`] only the words that start before
    /// `offset` (a stream chunk's: what starts in its look-ahead is the
    /// next chunk's).
    pub(crate) fn count_passed_before(&mut self, offset: usize) {
        self.passed.before = offset;
    }

    /// Moves to the next valid UTF-8 run; false at the end of the input.
    fn advance_run(&mut self) -> bool {
        match next_valid_run(self.bytes, self.next_run) {
            Ok((run, run_start, next_run)) => {
                self.run = run;
                self.run_start = run_start;
                self.next_run = next_run;
                self.pos = 0;
                self.floor = 0;
                self.memo = prose::Memo::default();
                self.triggers.reset();
                true
            }
            Err(next_run) => {
                // The end: nothing is left to scan, whatever is asked
                // after it (`next` after `None` stays `None`): an empty
                // run, and no trigger left of the last one.
                self.next_run = next_run;
                self.run = "";
                self.pos = 0;
                self.floor = 0;
                self.triggers.reset();
                false
            }
        }
    }
}

impl<'f, 't> Iterator for Links<'f, 't> {
    type Item = Link<'t>;

    fn next(&mut self) -> Option<Link<'t>> {
        loop {
            let outer = (self.bytes, self.run_start);
            if let Some(raw) = scan::next_link(
                self.finder,
                (&mut self.triggers, &mut self.memo, &mut self.passed),
                outer,
                self.run,
                self.pos,
                self.floor,
            ) {
                let resume = scan::resume_after(self.finder, self.run, &raw);
                self.pos = resume;
                self.floor = resume;
                return Some(Link {
                    text: &self.run[raw.start..raw.end],
                    start: self.run_start + raw.start,
                    kind: raw.kind,
                    folded: raw.folded,
                    default_scheme: self.finder.default_scheme,
                    valid: raw.valid,
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
                        self.memo = prose::Memo::default();
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

// After `None`, `next` stays `None` (`Finder::spans` asks again).
impl std::iter::FusedIterator for Links<'_, '_> {}

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

impl std::fmt::Debug for Links<'_, '_> {
    /// Shows the finder and how far the scan has come.
    ///
    /// ```
    /// let f = iriscan::Finder::new();
    /// assert!(format!("{:?}", f.links("x.org")).starts_with("Links"));
    /// ```
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Links")
            .field("finder", &self.finder)
            .field("len", &self.bytes.len())
            .field("pos", &(self.run_start + self.pos))
            .finish_non_exhaustive()
    }
}
