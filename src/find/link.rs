//! [`Link`]: a link found in text, and what it maps to (its IRI as a
//! reader means it, its URI), from what the search recorded while finding
//! it.

use super::bytes16::ascii_without_lt;
use super::classes::{has_class, DOT_BYTE, LABEL_BYTE, MAILTO_PLAIN_BYTE};
use super::email::{mailto_iri, mailto_needs_encoding};
use super::escaped::unescape;
use super::fold::unfold;
use super::repair::repair_iri;
use super::LinkKind;
use crate::iri::MapError;
use std::borrow::Cow;

/// A link found in text, borrowed from it.
///
/// ```
/// let f = iriscan::Finder::new();
/// let l = f.links("mail bob@bücher.de").next().unwrap();
/// assert_eq!((l.start(), l.end(), l.as_str()), (5, 19, "bob@bücher.de"));
/// assert_eq!(l.iri(), "mailto:bob@bücher.de");
/// assert_eq!(l.to_uri().unwrap(), "mailto:bob@xn--bcher-kva.de");
/// ```
#[derive(Clone, Copy)]
pub struct Link<'t> {
    pub(super) text: &'t str,
    pub(super) start: usize,
    pub(super) kind: LinkKind,
    pub(super) folded: bool,
    pub(super) default_scheme: &'t str,
    /// Known to be a valid IRI as written (`Raw::valid`): a shortcut for
    /// `to_uri`, no part of what the link is (equality ignores it).
    pub(super) valid: bool,
}

impl std::fmt::Debug for Link<'_> {
    /// The link's fields (not the finder's note on its validity).
    ///
    /// ```
    /// let l = iriscan::Finder::new().links("see x.org").next().unwrap();
    /// assert!(format!("{l:?}").starts_with("Link { text: \"x.org\""));
    /// ```
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Link")
            .field("text", &self.text)
            .field("start", &self.start)
            .field("kind", &self.kind)
            .field("folded", &self.folded)
            .field("default_scheme", &self.default_scheme)
            .finish()
    }
}

impl PartialEq for Link<'_> {
    fn eq(&self, other: &Self) -> bool {
        (self.text, self.start, self.kind, self.folded, self.default_scheme)
            == (other.text, other.start, other.kind, other.folded, other.default_scheme)
    }
}

impl Eq for Link<'_> {}

impl<'t> Link<'t> {
    /// Byte offset of the link's first byte in the input.
    ///
    /// ```
    /// let l = iriscan::Finder::new().links("see https://a.com/x.").next().unwrap();
    /// assert_eq!(l.start(), 4);
    /// ```
    pub fn start(&self) -> usize {
        self.start
    }
    /// Byte offset just past the link's last byte (exclusive).
    ///
    /// ```
    /// let l = iriscan::Finder::new().links("see https://a.com/x.").next().unwrap();
    /// assert_eq!(l.end(), 19); // the final `.` is not part of it
    /// ```
    pub fn end(&self) -> usize {
        self.start + self.text.len()
    }
    /// The link as written in the input.
    ///
    /// ```
    /// let l = iriscan::Finder::new().links("see https://a.com/x.").next().unwrap();
    /// assert_eq!(l.as_str(), "https://a.com/x");
    /// ```
    pub fn as_str(&self) -> &'t str {
        self.text
    }
    /// The kind of link.
    ///
    /// ```
    /// let l = iriscan::Finder::new().links("see https://a.com/x.").next().unwrap();
    /// assert_eq!(l.kind(), iriscan::LinkKind::Iri);
    /// ```
    pub fn kind(&self) -> LinkKind {
        self.kind
    }
    /// Whether the link was folded over lines inside `<…>` (its IRI then
    /// differs from the text as written).
    ///
    /// ```
    /// let l = iriscan::Finder::new().links("<https://a.com/\n  x>").next().unwrap();
    /// assert!(l.is_folded());
    /// assert_eq!(l.iri(), "https://a.com/x");
    /// ```
    pub fn is_folded(&self) -> bool {
        self.folded
    }

    /// The IRI this link denotes: the text itself for an IRI (with folding
    /// whitespace removed, and what browsers take but RFC 3987 does not
    /// percent-encoded after the authority: `[ ] { }`, a `%` that starts
    /// no percent-encoding, and JSON escapes decoded: `\/`, `\uXXXX`),
    /// `mailto:` + address for an email, the default scheme + `://` + name
    /// for a domain (with ideographic dots as `.`).
    ///
    /// ```
    /// let f = iriscan::Finder::new();
    /// let l = f.links("see 例え．jp").next().unwrap();
    /// assert_eq!(l.as_str(), "例え．jp");
    /// assert_eq!(l.iri(), "https://例え.jp");
    /// let l = f.links(r#"{"link":"https:\/\/a.com\/x?p=1\u0026q=2"}"#).next().unwrap();
    /// assert_eq!(l.as_str(), r"https:\/\/a.com\/x?p=1\u0026q=2");
    /// assert_eq!(l.iri(), "https://a.com/x?p=1&q=2");
    /// ```
    pub fn iri(&self) -> Cow<'t, str> {
        let base = self.unrepaired_iri();
        match repair_iri(&base) {
            Some(fixed) => Cow::Owned(fixed),
            None => base,
        }
    }

    /// [`Link::iri`] before `repair_iri`.
    fn unrepaired_iri(&self) -> Cow<'t, str> {
        match self.kind {
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
            LinkKind::Iri => match unescape(self.text) {
                Some(iri) => Cow::Owned(iri),
                None => Cow::Borrowed(self.text),
            },
            LinkKind::Email => Cow::Owned(mailto_iri(self.text)),
            LinkKind::Domain if self.folded => Cow::Owned(name_iri(self.default_scheme, &unfold(self.text))),
            LinkKind::Domain => Cow::Owned(name_iri(self.default_scheme, self.text)),
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
        // A valid IRI of ASCII alone is its own URI: no parse (the finder
        // read it by the grammar; a template placeholder, `…/<user>/…`, is
        // the one thing it takes that the grammar does not).
        if self.valid && self.kind == LinkKind::Iri && !self.folded {
            if ascii_without_lt(self.text.as_bytes()) {
                debug_assert_eq!(
                    crate::iri::to_uri_if_valid(self.text),
                    Some(Ok(Cow::Borrowed(self.text))),
                    "{}",
                    self.text
                );
                return Ok(Cow::Borrowed(self.text));
            }
            // Not ASCII: mapped from its plain shape, without a parse.
            if memchr::memchr(b'<', self.text.as_bytes()).is_none() {
                let uri = crate::iri::plain_web_to_uri(self.text);
                debug_assert_eq!(
                    Some(&uri),
                    crate::iri::to_uri_if_valid(self.text).as_ref(),
                    "{}",
                    self.text
                );
                return uri;
            }
        }
        // The same for an email whose ASCII bytes are path characters (no
        // `%`): `mailto:` and the address is a valid IRI, its own URI when
        // ASCII, else mapped without a parse.
        if self.kind == LinkKind::Email && self.text.bytes().all(|c| c >= 0x80 || MAILTO_PLAIN_BYTE[c as usize]) {
            if !self.text.is_ascii() {
                let uri = crate::iri::plain_mailto_to_uri(self.text);
                debug_assert_eq!(
                    uri.as_deref().map_err(Clone::clone),
                    crate::iri::to_uri_if_valid(&format!("mailto:{}", self.text))
                        .expect("valid")
                        .as_deref()
                        .map_err(Clone::clone),
                    "{}",
                    self.text
                );
                return uri.map(Cow::Owned);
            }
            // (Two appends to an exact capacity: `concat` costs a generic
            // join.)
            let mut uri = String::with_capacity(7 + self.text.len());
            uri.push_str("mailto:");
            uri.push_str(self.text);
            debug_assert_eq!(crate::iri::to_uri_if_valid(&uri), Some(Ok(Cow::Borrowed(uri.as_str()))));
            return Ok(Cow::Owned(uri));
        }
        // A bare name alone (no port, path, query or fragment; ASCII dots):
        // the default scheme, `://` and the name are a valid IRI, mapped
        // without a parse.
        if self.kind == LinkKind::Domain
            && !self.folded
            && self
                .text
                .bytes()
                .all(|c| has_class(c, LABEL_BYTE | DOT_BYTE) || c >= 0x80 || c == b'_')
        {
            let high_dot = |c: char| c != '.' && crate::letters::is_domain_dot(c);
            if self.text.is_ascii() || !self.text.chars().any(high_dot) {
                let uri = crate::iri::plain_name_to_uri(self.default_scheme, self.text);
                debug_assert_eq!(
                    uri.as_deref().map_err(Clone::clone),
                    crate::to_uri(&self.iri()).as_deref().map_err(Clone::clone),
                    "{}",
                    self.text
                );
                return uri.map(Cow::Owned);
            }
        }
        // A valid IRI has nothing to repair (`repair_iri` changes only
        // characters the grammar forbids where they are), so an unrepaired
        // IRI that parses is `iri()`, and its parse is all the mapping
        // needs: one pass over the link (an ASCII one is then returned as
        // it is), no search for repairs, no second parse.
        let unrepaired = match self.kind {
            // The text, and `mailto:` + an email's address, are what
            // `unrepaired_iri` makes of them when they are valid (a valid
            // IRI holds nothing `mailto_iri` would encode): no walk over
            // the address to look for what to encode.
            LinkKind::Iri if !self.folded => Cow::Borrowed(self.text),
            LinkKind::Email => {
                // (Two appends to an exact capacity: `concat` costs a
                // generic join for two pieces.)
                let mut iri = String::with_capacity(7 + self.text.len());
                iri.push_str("mailto:");
                iri.push_str(self.text);
                Cow::Owned(iri)
            }
            _ => self.unrepaired_iri(),
        };
        let mapped = match unrepaired {
            Cow::Borrowed(s) => crate::iri::to_uri_if_valid(s),
            Cow::Owned(s) => crate::iri::owned_to_uri_if_valid(s).map(|m| m.map(Cow::Owned)),
        };
        mapped.unwrap_or_else(|| self.repaired_uri())
    }

    /// [`Link::to_uri`] of an IRI that is not valid before its repairs:
    /// repaired, then mapped (or the mapping's error).
    fn repaired_uri(&self) -> Result<Cow<'t, str>, MapError> {
        match self.iri() {
            Cow::Borrowed(s) => crate::to_uri(s),
            Cow::Owned(s) => match crate::to_uri(&s) {
                Ok(Cow::Borrowed(_)) => Ok(Cow::Owned(s)),
                mapped => mapped.map(|u| Cow::Owned(u.into_owned())),
            },
        }
    }
}

/// The IRI a name without a scheme denotes: `scheme`, `://` and the name,
/// its host's domain dots (`。`, `．`) written as `.`.
pub(super) fn name_iri(scheme: &str, name: &str) -> String {
    let b = name.as_bytes();
    let host_end = b
        .iter()
        .position(|&c| matches!(c, b'/' | b'?' | b'#' | b':'))
        .unwrap_or(b.len());
    let (host, rest) = name.split_at(host_end);
    let mut iri = String::with_capacity(scheme.len() + 3 + name.len());
    iri.push_str(scheme);
    iri.push_str("://");
    if host.is_ascii() {
        iri.push_str(host);
    } else {
        iri.extend(
            host.chars()
                .map(|c| if crate::letters::is_domain_dot(c) { '.' } else { c }),
        );
    }
    iri.push_str(rest);
    iri
}
