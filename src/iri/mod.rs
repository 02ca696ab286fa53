//! IRIs and IRI references (RFC 3987, draft-ietf-iri-3987bis §2.2):
//! parsing with zero-copy component accessors, IRI → URI and URI → IRI
//! mapping, LEIRI conversion, reference resolution and normalization.
//!
//! ```
//! use iriscan::{Iri, HostKind};
//!
//! let iri = Iri::parse("http://user@例え.テスト:8080/パス?q=値#frag")?;
//! assert_eq!(iri.scheme(), "http");
//! assert_eq!(iri.userinfo(), Some("user"));
//! assert_eq!(iri.host(), Some("例え.テスト"));
//! assert_eq!(iri.host_kind(), Some(HostKind::RegName));
//! assert_eq!(iri.port(), Some("8080"));
//! assert_eq!(iri.path(), "/パス");
//! assert_eq!(iri.query(), Some("q=値"));
//! assert_eq!(iri.fragment(), Some("frag"));
//! assert_eq!(iri.to_uri()?, "http://user@xn--r8jz45g.xn--zckzah:8080/%E3%83%91%E3%82%B9?q=%E5%80%A4#frag");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod map;
mod normalize;
pub(crate) mod parse;
pub(crate) mod quick;
mod resolve;
mod to_iri;

pub(crate) use map::{
    owned_to_uri_if_valid, plain_mailto_to_uri, plain_name_to_uri, plain_web_to_uri, to_uri_if_valid,
};
pub use map::{to_uri, to_uri_with, uses_dns, HostMapping, MapError, ToUriOptions};
pub use normalize::{equivalent, normalize};
pub use parse::{Component, ErrorKind, HostKind, ParseError};
pub use resolve::{remove_dot_segments, resolve};
pub use to_iri::{leiri_to_iri, to_iri};

use parse::{Mode, Spans};
use std::borrow::Cow;

/// An IRI reference (`IRI-reference`): an absolute IRI or a relative
/// reference, borrowed from the input. Component accessors return slices of
/// the input without allocating.
///
/// ```
/// use iriscan::IriRef;
/// let r = IriRef::parse("../résumé?x#y")?;
/// assert!(!r.is_absolute());
/// assert_eq!(r.scheme(), None);
/// assert_eq!(r.path(), "../résumé");
/// assert_eq!(r.query(), Some("x"));
/// # Ok::<(), iriscan::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IriRef<'a> {
    text: &'a str,
    spans: Spans,
}

/// An absolute IRI (`IRI`: scheme required, fragment allowed), borrowed from
/// the input.
///
/// ```
/// let iri = iriscan::Iri::parse("urn:isbn:978-3-16-148410-0")?;
/// assert_eq!(iri.scheme(), "urn");
/// assert_eq!(iri.authority(), None);
/// assert_eq!(iri.path(), "isbn:978-3-16-148410-0");
/// # Ok::<(), iriscan::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Iri<'a>(IriRef<'a>);

impl<'a> IriRef<'a> {
    /// Parses `text` as an `IRI-reference` (RFC 3987 §2.2).
    ///
    /// ```
    /// assert!(iriscan::IriRef::parse("//例え.jp/a").is_ok());
    /// assert!(iriscan::IriRef::parse("a b").is_err());
    /// ```
    pub fn parse(text: &'a str) -> Result<Self, ParseError> {
        parse::parse(text, Mode::Reference).map(|spans| IriRef { text, spans })
    }

    /// The whole reference as written.
    ///
    /// ```
    /// let r = iriscan::IriRef::parse("http://user@例え.jp:8080/パス?q#f")?;
    /// assert_eq!(r.as_str(), "http://user@例え.jp:8080/パス?q#f");
    /// # Ok::<(), iriscan::ParseError>(())
    /// ```
    pub fn as_str(&self) -> &'a str {
        self.text
    }
    /// Whether the reference has a scheme (is an IRI, not a relative reference).
    ///
    /// ```
    /// let r = iriscan::IriRef::parse("http://user@例え.jp:8080/パス?q#f")?;
    /// assert!(r.is_absolute());
    /// assert!(!iriscan::IriRef::parse("../x")?.is_absolute());
    /// # Ok::<(), iriscan::ParseError>(())
    /// ```
    pub fn is_absolute(&self) -> bool {
        self.spans.scheme_colon.is_some()
    }
    /// This reference as an [`Iri`], if it has a scheme.
    ///
    /// ```
    /// let r = iriscan::IriRef::parse("http://user@例え.jp:8080/パス?q#f")?;
    /// assert_eq!(r.as_iri().map(|i| i.scheme()), Some("http"));
    /// assert!(iriscan::IriRef::parse("../x")?.as_iri().is_none());
    /// # Ok::<(), iriscan::ParseError>(())
    /// ```
    pub fn as_iri(&self) -> Option<Iri<'a>> {
        self.is_absolute().then_some(Iri(*self))
    }
    /// The scheme, without the `:`.
    ///
    /// ```
    /// let r = iriscan::IriRef::parse("http://user@例え.jp:8080/パス?q#f")?;
    /// assert_eq!(r.scheme(), Some("http"));
    /// # Ok::<(), iriscan::ParseError>(())
    /// ```
    pub fn scheme(&self) -> Option<&'a str> {
        self.spans.scheme_colon.map(|c| &self.text[..c])
    }
    /// The authority (after `//`, before the path), if present.
    ///
    /// ```
    /// let r = iriscan::IriRef::parse("http://user@例え.jp:8080/パス?q#f")?;
    /// assert_eq!(r.authority(), Some("user@例え.jp:8080"));
    /// # Ok::<(), iriscan::ParseError>(())
    /// ```
    pub fn authority(&self) -> Option<&'a str> {
        self.spans.authority.map(|(s, e)| &self.text[s..e])
    }
    /// The userinfo (before `@` in the authority), if present.
    ///
    /// ```
    /// let r = iriscan::IriRef::parse("http://user@例え.jp:8080/パス?q#f")?;
    /// assert_eq!(r.userinfo(), Some("user"));
    /// # Ok::<(), iriscan::ParseError>(())
    /// ```
    pub fn userinfo(&self) -> Option<&'a str> {
        match (self.spans.authority, self.spans.userinfo_at) {
            (Some((s, _)), Some(at)) => Some(&self.text[s..at]),
            _ => None,
        }
    }
    /// The host as written (brackets included for IP literals), if there is
    /// an authority. May be empty (`file:///etc`).
    ///
    /// ```
    /// let r = iriscan::IriRef::parse("http://user@例え.jp:8080/パス?q#f")?;
    /// assert_eq!(r.host(), Some("例え.jp"));
    /// # Ok::<(), iriscan::ParseError>(())
    /// ```
    pub fn host(&self) -> Option<&'a str> {
        self.spans
            .authority
            .map(|_| &self.text[self.spans.host.0..self.spans.host.1])
    }
    /// What kind of host the authority names.
    ///
    /// ```
    /// let r = iriscan::IriRef::parse("http://user@例え.jp:8080/パス?q#f")?;
    /// assert_eq!(r.host_kind(), Some(iriscan::HostKind::RegName));
    /// # Ok::<(), iriscan::ParseError>(())
    /// ```
    pub fn host_kind(&self) -> Option<HostKind> {
        self.spans.host_kind
    }
    /// The port digits (after `:`), if a `:` follows the host. May be empty.
    ///
    /// ```
    /// let r = iriscan::IriRef::parse("http://user@例え.jp:8080/パス?q#f")?;
    /// assert_eq!(r.port(), Some("8080"));
    /// # Ok::<(), iriscan::ParseError>(())
    /// ```
    pub fn port(&self) -> Option<&'a str> {
        self.spans.port.map(|(s, e)| &self.text[s..e])
    }
    /// The path; possibly empty.
    ///
    /// ```
    /// let r = iriscan::IriRef::parse("http://user@例え.jp:8080/パス?q#f")?;
    /// assert_eq!(r.path(), "/パス");
    /// # Ok::<(), iriscan::ParseError>(())
    /// ```
    pub fn path(&self) -> &'a str {
        &self.text[self.spans.path.0..self.spans.path.1]
    }
    /// The query (after `?`), if present.
    ///
    /// ```
    /// let r = iriscan::IriRef::parse("http://user@例え.jp:8080/パス?q#f")?;
    /// assert_eq!(r.query(), Some("q"));
    /// # Ok::<(), iriscan::ParseError>(())
    /// ```
    pub fn query(&self) -> Option<&'a str> {
        self.spans.query.map(|(s, e)| &self.text[s..e])
    }
    /// The fragment (after `#`), if present.
    ///
    /// ```
    /// let r = iriscan::IriRef::parse("http://user@例え.jp:8080/パス?q#f")?;
    /// assert_eq!(r.fragment(), Some("f"));
    /// # Ok::<(), iriscan::ParseError>(())
    /// ```
    pub fn fragment(&self) -> Option<&'a str> {
        self.spans.fragment.map(|s| &self.text[s..])
    }
    /// Maps this reference to a URI reference (RFC 3987 §3.1) with default options.
    ///
    /// ```
    /// let r = iriscan::IriRef::parse("résumé.html")?;
    /// assert_eq!(r.to_uri()?, "r%C3%A9sum%C3%A9.html");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_uri(&self) -> Result<Cow<'a, str>, MapError> {
        map::map_parsed(self, &ToUriOptions::default())
    }
    pub(crate) fn spans(&self) -> &Spans {
        &self.spans
    }
}

impl<'a> Iri<'a> {
    /// Parses `text` as an absolute `IRI` (scheme required; RFC 3987 §2.2).
    ///
    /// ```
    /// assert!(iriscan::Iri::parse("http://[2001:db8::1]:8080/x").is_ok());
    /// let err = iriscan::Iri::parse("//example.com").unwrap_err();
    /// assert_eq!(err.kind(), iriscan::ErrorKind::MissingScheme);
    /// ```
    pub fn parse(text: &'a str) -> Result<Self, ParseError> {
        parse::parse(text, Mode::Absolute).map(|spans| Iri(IriRef { text, spans }))
    }
    /// The whole IRI as written.
    ///
    /// ```
    /// let i = iriscan::Iri::parse("https://user@[2001:db8::1]:443/a?q=1#top")?;
    /// assert_eq!(i.as_str(), "https://user@[2001:db8::1]:443/a?q=1#top");
    /// # Ok::<(), iriscan::ParseError>(())
    /// ```
    pub fn as_str(&self) -> &'a str {
        self.0.text
    }
    /// This IRI as an [`IriRef`].
    ///
    /// ```
    /// let i = iriscan::Iri::parse("https://user@[2001:db8::1]:443/a?q=1#top")?;
    /// assert!(i.as_iri_ref().is_absolute());
    /// # Ok::<(), iriscan::ParseError>(())
    /// ```
    pub fn as_iri_ref(&self) -> &IriRef<'a> {
        &self.0
    }
    /// The scheme, without the `:`.
    ///
    /// ```
    /// let i = iriscan::Iri::parse("https://user@[2001:db8::1]:443/a?q=1#top")?;
    /// assert_eq!(i.scheme(), "https");
    /// # Ok::<(), iriscan::ParseError>(())
    /// ```
    pub fn scheme(&self) -> &'a str {
        self.0.scheme().unwrap_or("")
    }
    /// The authority (after `//`), if present.
    ///
    /// ```
    /// let i = iriscan::Iri::parse("https://user@[2001:db8::1]:443/a?q=1#top")?;
    /// assert_eq!(i.authority(), Some("user@[2001:db8::1]:443"));
    /// # Ok::<(), iriscan::ParseError>(())
    /// ```
    pub fn authority(&self) -> Option<&'a str> {
        self.0.authority()
    }
    /// The userinfo (before `@` in the authority), if present.
    ///
    /// ```
    /// let i = iriscan::Iri::parse("https://user@[2001:db8::1]:443/a?q=1#top")?;
    /// assert_eq!(i.userinfo(), Some("user"));
    /// # Ok::<(), iriscan::ParseError>(())
    /// ```
    pub fn userinfo(&self) -> Option<&'a str> {
        self.0.userinfo()
    }
    /// The host as written (brackets included for IP literals), if there is an authority.
    ///
    /// ```
    /// let i = iriscan::Iri::parse("https://user@[2001:db8::1]:443/a?q=1#top")?;
    /// assert_eq!(i.host(), Some("[2001:db8::1]"));
    /// # Ok::<(), iriscan::ParseError>(())
    /// ```
    pub fn host(&self) -> Option<&'a str> {
        self.0.host()
    }
    /// What kind of host the authority names.
    ///
    /// ```
    /// let i = iriscan::Iri::parse("https://user@[2001:db8::1]:443/a?q=1#top")?;
    /// assert_eq!(i.host_kind(), Some(iriscan::HostKind::Ipv6));
    /// # Ok::<(), iriscan::ParseError>(())
    /// ```
    pub fn host_kind(&self) -> Option<HostKind> {
        self.0.host_kind()
    }
    /// The port digits, if a `:` follows the host.
    ///
    /// ```
    /// let i = iriscan::Iri::parse("https://user@[2001:db8::1]:443/a?q=1#top")?;
    /// assert_eq!(i.port(), Some("443"));
    /// # Ok::<(), iriscan::ParseError>(())
    /// ```
    pub fn port(&self) -> Option<&'a str> {
        self.0.port()
    }
    /// The path; possibly empty.
    ///
    /// ```
    /// let i = iriscan::Iri::parse("https://user@[2001:db8::1]:443/a?q=1#top")?;
    /// assert_eq!(i.path(), "/a");
    /// # Ok::<(), iriscan::ParseError>(())
    /// ```
    pub fn path(&self) -> &'a str {
        self.0.path()
    }
    /// The query (after `?`), if present.
    ///
    /// ```
    /// let i = iriscan::Iri::parse("https://user@[2001:db8::1]:443/a?q=1#top")?;
    /// assert_eq!(i.query(), Some("q=1"));
    /// # Ok::<(), iriscan::ParseError>(())
    /// ```
    pub fn query(&self) -> Option<&'a str> {
        self.0.query()
    }
    /// The fragment (after `#`), if present.
    ///
    /// ```
    /// let i = iriscan::Iri::parse("https://user@[2001:db8::1]:443/a?q=1#top")?;
    /// assert_eq!(i.fragment(), Some("top"));
    /// # Ok::<(), iriscan::ParseError>(())
    /// ```
    pub fn fragment(&self) -> Option<&'a str> {
        self.0.fragment()
    }
    /// Maps this IRI to a URI (RFC 3987 §3.1) with default options: DNS
    /// hosts by IDNA, everything else by UTF-8 percent-encoding.
    ///
    /// ```
    /// let iri = iriscan::Iri::parse("http://résumé.example.org/résumé")?;
    /// assert_eq!(iri.to_uri()?, "http://xn--rsum-bpad.example.org/r%C3%A9sum%C3%A9");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_uri(&self) -> Result<Cow<'a, str>, MapError> {
        self.0.to_uri()
    }
    /// Resolves `reference` against this IRI as base (RFC 3986 §5.2).
    ///
    /// ```
    /// let base = iriscan::Iri::parse("http://a/b/c/d;p?q")?;
    /// let r = iriscan::IriRef::parse("../g")?;
    /// assert_eq!(base.resolve(&r), "http://a/b/g");
    /// # Ok::<(), iriscan::ParseError>(())
    /// ```
    pub fn resolve(&self, reference: &IriRef<'_>) -> String {
        resolve::resolve_parsed(self, reference)
    }
}

impl AsRef<str> for Iri<'_> {
    fn as_ref(&self) -> &str {
        self.0.text
    }
}
impl AsRef<str> for IriRef<'_> {
    fn as_ref(&self) -> &str {
        self.text
    }
}
impl core::fmt::Display for Iri<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.0.text)
    }
}
impl core::fmt::Display for IriRef<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.text)
    }
}
