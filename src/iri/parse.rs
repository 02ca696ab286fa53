//! The RFC 3987 / 3987bis §2.2 grammar, as a hand-written component parser.
//!
//! [`parse`] asks the one-pass parser of `quick.rs` first: it takes the
//! shape most IRIs have in one walk, and answers only "valid" (with the
//! spans). Anything else comes here: the input is split at the gen-delims
//! that separate components (as RFC 3986 Appendix B does), then each
//! component is validated against its production, front to back, so the
//! first error reported is the leftmost one. Neither allocates: components
//! are byte ranges into the input.
//!
//! `src/iri/grammar.rs` holds the same grammar as one regular expression,
//! compiled by regex-automata; the tests and the fuzzer check that both accept
//! exactly the same strings.

use crate::chars::{is_bidi_control, is_iprivate, is_ucschar};
use crate::pct::pcts_ok;
use core::fmt;

/// The component of an IRI a byte belongs to, as named in parse errors.
///
/// ```
/// let err = iriscan::Iri::parse("http://a.com/a b").unwrap_err();
/// assert_eq!(err.component(), iriscan::Component::Path);
/// assert_eq!(err.component().to_string(), "path");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Component {
    /// `scheme`
    Scheme,
    /// `iuserinfo`
    Userinfo,
    /// `ihost`
    Host,
    /// `port`
    Port,
    /// `ipath`
    Path,
    /// `iquery`
    Query,
    /// `ifragment`
    Fragment,
}

impl fmt::Display for Component {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Component::Scheme => "scheme",
            Component::Userinfo => "userinfo",
            Component::Host => "host",
            Component::Port => "port",
            Component::Path => "path",
            Component::Query => "query",
            Component::Fragment => "fragment",
        })
    }
}

/// What went wrong at a parse error's offset.
///
/// ```
/// use iriscan::{ErrorKind, Iri};
/// assert_eq!(Iri::parse("http://a.com/%zz").unwrap_err().kind(), ErrorKind::InvalidPercentEncoding);
/// assert_eq!(Iri::parse("a.com/x").unwrap_err().kind(), ErrorKind::MissingScheme);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A character the component's production does not allow.
    InvalidChar(char),
    /// A bidirectional formatting character (RFC 3987 §4.1 forbids them).
    BidiControl(char),
    /// `%` not followed by two hexadecimal digits.
    InvalidPercentEncoding,
    /// An absolute IRI was required but there is no `scheme ":"`.
    MissingScheme,
    /// A relative reference whose first path segment has a `:` (it would
    /// read as a scheme; RFC 3986 §4.2 `ipath-noscheme`).
    ColonInFirstSegment,
    /// `[` without a matching `]`, or `]` followed by something other than `:port`.
    UnclosedIpLiteral,
    /// The text between `[` and `]` is not an `IPv6address`.
    InvalidIpv6,
    /// The text between `[` and `]` starts with `v` but is not an `IPvFuture`.
    InvalidIpvFuture,
    /// The input is empty where an absolute IRI is required.
    Empty,
}

/// A parse error: where, in which component, and what was expected.
///
/// ```
/// let err = iriscan::Iri::parse("http://example.com/a\u{202E}b").unwrap_err();
/// assert_eq!(err.offset(), 20);
/// assert_eq!(err.to_string(), "invalid character U+202E (bidi formatting) at byte 20 in path");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseError {
    offset: usize,
    component: Component,
    kind: ErrorKind,
}

impl ParseError {
    pub(crate) const fn new(offset: usize, component: Component, kind: ErrorKind) -> Self {
        ParseError {
            offset,
            component,
            kind,
        }
    }
    /// Byte offset of the error in the input.
    ///
    /// ```
    /// let err = iriscan::Iri::parse("http://a.com/a b").unwrap_err();
    /// assert_eq!(err.offset(), 14);
    /// ```
    pub fn offset(&self) -> usize {
        self.offset
    }
    /// The component in which the error occurred.
    ///
    /// ```
    /// let err = iriscan::Iri::parse("http://a.com/a b").unwrap_err();
    /// assert_eq!(err.component(), iriscan::Component::Path);
    /// ```
    pub fn component(&self) -> Component {
        self.component
    }
    /// What went wrong.
    ///
    /// ```
    /// let err = iriscan::Iri::parse("http://a.com/a b").unwrap_err();
    /// assert_eq!(err.kind(), iriscan::ErrorKind::InvalidChar(' '));
    /// ```
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }
}

fn describe_char(c: char) -> String {
    if c.is_ascii_graphic() {
        format!("'{c}'")
    } else if (c as u32) < 0x10000 {
        format!("U+{:04X}", c as u32)
    } else {
        format!("U+{:X}", c as u32)
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (at, comp) = (self.offset, self.component);
        match self.kind {
            ErrorKind::InvalidChar(c) => {
                write!(f, "invalid character {} at byte {at} in {comp}", describe_char(c))
            }
            ErrorKind::BidiControl(c) => write!(
                f,
                "invalid character {} (bidi formatting) at byte {at} in {comp}",
                describe_char(c)
            ),
            ErrorKind::InvalidPercentEncoding => {
                write!(f, "expected two hex digits after '%' at byte {at} in {comp}")
            }
            ErrorKind::MissingScheme => write!(f, "expected a scheme followed by ':' at byte {at}"),
            ErrorKind::ColonInFirstSegment => write!(
                f,
                "':' at byte {at} in the first path segment of a relative reference (expected a scheme of letters, digits, '+', '-', '.')"
            ),
            ErrorKind::UnclosedIpLiteral => {
                write!(f, "expected ']' closing the IP literal (then ':port' or the end of the authority) at byte {at} in {comp}")
            }
            ErrorKind::InvalidIpv6 => write!(f, "invalid IPv6 address at byte {at} in {comp}"),
            ErrorKind::InvalidIpvFuture => {
                write!(f, "invalid IPvFuture address (expected v HEX . chars) at byte {at} in {comp}")
            }
            ErrorKind::Empty => write!(f, "expected an IRI, found empty input"),
        }
    }
}

impl std::error::Error for ParseError {}

/// The kind of host an authority names (RFC 3987 `ihost`).
///
/// ```
/// use iriscan::{HostKind, Iri};
/// assert_eq!(Iri::parse("http://192.0.2.1/")?.host_kind(), Some(HostKind::Ipv4));
/// assert_eq!(Iri::parse("http://[v7.x]/")?.host_kind(), Some(HostKind::IpvFuture));
/// assert_eq!(Iri::parse("http://例え.jp/")?.host_kind(), Some(HostKind::RegName));
/// assert_eq!(Iri::parse("urn:x")?.host_kind(), None);
/// # Ok::<(), iriscan::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum HostKind {
    /// `IPv4address`: four dec-octets.
    Ipv4,
    /// `IP-literal` holding an `IPv6address`.
    Ipv6,
    /// `IP-literal` holding an `IPvFuture`.
    IpvFuture,
    /// `ireg-name`: a registered name (DNS or otherwise), possibly empty.
    RegName,
}

/// Byte ranges of the components of a parsed IRI reference.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub(crate) struct Spans {
    /// Index of the `:` after the scheme; scheme is `[0, colon)`.
    pub scheme_colon: Option<usize>,
    /// `[start, end)` of the authority (after `//`).
    pub authority: Option<(usize, usize)>,
    /// Index of the `@` ending the userinfo.
    pub userinfo_at: Option<usize>,
    pub host: (usize, usize),
    pub host_kind: Option<HostKind>,
    /// `[start, end)` of the port digits (after `:`).
    pub port: Option<(usize, usize)>,
    pub path: (usize, usize),
    /// `[start, end)` of the query (after `?`).
    pub query: Option<(usize, usize)>,
    /// Start of the fragment (after `#`); it runs to the end.
    pub fragment: Option<usize>,
}

// Bit masks of the ASCII characters each production allows literally
// (pct-encoded is handled separately).
const fn mask(chars: &[u8]) -> u128 {
    let mut m = 0u128;
    let mut i = 0;
    while i < chars.len() {
        m |= 1 << chars[i];
        i += 1;
    }
    m
}
const fn range_mask(lo: u8, hi: u8) -> u128 {
    let mut m = 0u128;
    let mut c = lo;
    while c <= hi {
        m |= 1 << c;
        c += 1;
    }
    m
}
const ALNUM: u128 = range_mask(b'a', b'z') | range_mask(b'A', b'Z') | range_mask(b'0', b'9');
const UNRESERVED: u128 = ALNUM | mask(b"-._~");
const SUB_DELIMS: u128 = mask(b"!$&'()*+,;=");
const USERINFO: u128 = UNRESERVED | SUB_DELIMS | mask(b":");
pub(super) const REG_NAME: u128 = UNRESERVED | SUB_DELIMS;
const PCHAR: u128 = UNRESERVED | SUB_DELIMS | mask(b":@");
pub(super) const PATH: u128 = PCHAR | mask(b"/");
pub(super) const QUERY: u128 = PCHAR | mask(b"/?");
const FRAGMENT: u128 = QUERY;
pub(super) const SCHEME_TAIL: u128 = ALNUM | mask(b"+-.");

/// The masks with a flag in `CLASSES`, in flag order.
const CLASS_MASKS: [u128; 8] = [
    ALNUM,
    UNRESERVED,
    SUB_DELIMS,
    USERINFO,
    REG_NAME,
    PATH,
    QUERY,
    SCHEME_TAIL,
];

/// The masks above as one byte of flags per byte value (none from 0x80
/// up), so that a membership test is a load and an AND (a `u128` shift is
/// several instructions).
static CLASSES: [u8; 256] = {
    let masks = CLASS_MASKS;
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 128 {
        let mut k = 0;
        while k < masks.len() {
            if masks[k] & (1u128 << c) != 0 {
                t[c] |= 1 << k;
            }
            k += 1;
        }
        c += 1;
    }
    t
};

/// The flag of `mask` in `CLASSES`.
const fn class_bit(mask: u128) -> u8 {
    let masks = CLASS_MASKS;
    let mut k = 0;
    while k < masks.len() {
        if masks[k] == mask {
            return 1 << k;
        }
        k += 1;
    }
    0
}

#[inline(always)]
pub(super) fn ascii_in(mask: u128, b: u8) -> bool {
    let bit = class_bit(mask);
    if bit != 0 {
        // `mask` is a constant at every call site: this branch is resolved
        // at compile time.
        CLASSES[b as usize] & bit != 0
    } else {
        b < 128 && mask & (1u128 << b) != 0
    }
}

/// Decodes the character starting at byte `i` of `s` (which must be a char boundary).
#[inline]
pub(super) fn char_at(s: &str, i: usize) -> char {
    s[i..].chars().next().unwrap_or('\0')
}

/// Validates `s[start..end]` against a production made of the ASCII `mask`,
/// `pct-encoded`, `ucschar`, and (if `private`) `iprivate`.
fn validate(s: &str, start: usize, end: usize, mask: u128, private: bool, comp: Component) -> Result<(), ParseError> {
    let b = s.as_bytes();
    let mut i = start;
    // Paths, queries and fragments: eight bytes at a time where they can.
    let quick = match mask {
        PATH => QUICK_PATH,
        QUERY => QUICK_QUERY,
        _ => 0,
    };
    // `mask` is not a constant here (one function for every component):
    // find its table flag once, not at every byte.
    let bit = class_bit(mask);
    let in_mask = |c: u8| {
        if bit != 0 {
            CLASSES[c as usize] & bit != 0
        } else {
            c < 128 && mask & (1u128 << c) != 0
        }
    };
    while i < end {
        if quick != 0 {
            i = allowed_chunks_end(b, i, end, quick);
        }
        if i >= end {
            break;
        }
        let c = b[i];
        if c < 0x80 {
            if in_mask(c) {
                i += 1;
            } else if c == b'%' {
                if i + 2 < end && b[i + 1].is_ascii_hexdigit() && b[i + 2].is_ascii_hexdigit() {
                    i += 3;
                } else {
                    return Err(ParseError::new(i, comp, ErrorKind::InvalidPercentEncoding));
                }
            } else {
                return Err(ParseError::new(i, comp, ErrorKind::InvalidChar(c as char)));
            }
        } else {
            // Letters of the common scripts are ucschar (a test checks).
            let run = crate::letters::common_letters_end(b, i, end);
            if run > i {
                i = run;
                continue;
            }
            let ch = char_at(s, i);
            if is_bidi_control(ch) {
                return Err(ParseError::new(i, comp, ErrorKind::BidiControl(ch)));
            }
            if !(is_ucschar(ch) || (private && is_iprivate(ch))) {
                return Err(ParseError::new(i, comp, ErrorKind::InvalidChar(ch)));
            }
            i += ch.len_utf8();
        }
    }
    Ok(())
}

fn is_dec_octet(s: &[u8]) -> bool {
    match s {
        [d] => d.is_ascii_digit(),
        [a, b] => (b'1'..=b'9').contains(a) && b.is_ascii_digit(),
        [b'1', b, c] => b.is_ascii_digit() && c.is_ascii_digit(),
        [b'2', b'0'..=b'4', c] => c.is_ascii_digit(),
        [b'2', b'5', b'0'..=b'5'] => true,
        _ => false,
    }
}

/// `IPv4address`: exactly four `dec-octet`s (no leading zeros, each ≤ 255).
pub(crate) fn is_ipv4(s: &[u8]) -> bool {
    let mut n = 0;
    for part in s.split(|&b| b == b'.') {
        n += 1;
        if n > 4 || !is_dec_octet(part) {
            return false;
        }
    }
    n == 4
}

fn is_h16(s: &[u8]) -> bool {
    (1..=4).contains(&s.len()) && s.iter().all(u8::is_ascii_hexdigit)
}

/// Counts the 16-bit units of `h16 *( ":" h16 )`, optionally ending in an
/// IPv4 address (two units), or `None` if malformed.
fn ipv6_units(s: &[u8], ipv4_allowed_last: bool) -> Option<usize> {
    if s.is_empty() {
        return Some(0);
    }
    let parts: usize = s.split(|&b| b == b':').count();
    let mut units = 0;
    for (i, part) in s.split(|&b| b == b':').enumerate() {
        if is_h16(part) {
            units += 1;
        } else if ipv4_allowed_last && i + 1 == parts && is_ipv4(part) {
            units += 2;
        } else {
            return None;
        }
    }
    Some(units)
}

/// `IPv6address`: the nine forms of RFC 3986 §3.2.2.
pub(crate) fn is_ipv6(s: &[u8]) -> bool {
    // (An address is at most 45 bytes: a byte walk finds `::` for less
    // than a substring searcher's setup.)
    let double_colon = |s: &[u8]| s.windows(2).position(|w| w == b"::");
    match double_colon(s) {
        None => ipv6_units(s, true) == Some(8),
        Some(i) => {
            let (head, tail) = (&s[..i], &s[i + 2..]);
            if double_colon(tail).is_some() {
                return false;
            }
            match (ipv6_units(head, false), ipv6_units(tail, true)) {
                (Some(h), Some(t)) => h + t <= 7,
                _ => false,
            }
        }
    }
}

/// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`.
pub(crate) fn is_ipvfuture(s: &[u8]) -> bool {
    let Some(rest) = s.strip_prefix(b"v").or_else(|| s.strip_prefix(b"V")) else {
        return false;
    };
    let hex = rest.iter().take_while(|b| b.is_ascii_hexdigit()).count();
    if hex == 0 || rest.get(hex) != Some(&b'.') {
        return false;
    }
    let tail = &rest[hex + 1..];
    !tail.is_empty() && tail.iter().all(|&b| ascii_in(UNRESERVED | SUB_DELIMS | mask(b":"), b))
}

/// Parses `iauthority` in `s[start..end]` into `spans`.
fn parse_authority(s: &str, start: usize, end: usize, spans: &mut Spans) -> Result<(), ParseError> {
    let b = s.as_bytes();
    spans.authority = Some((start, end));
    let mut host_start = start;
    if let Some(at) = memchr::memchr(b'@', &b[start..end]) {
        let at = start + at;
        validate(s, start, at, USERINFO, false, Component::Userinfo)?;
        spans.userinfo_at = Some(at);
        host_start = at + 1;
    }
    let host_end;
    if b.get(host_start) == Some(&b'[') && host_start < end {
        let Some(close) = memchr::memchr(b']', &b[host_start..end]) else {
            return Err(ParseError::new(end, Component::Host, ErrorKind::UnclosedIpLiteral));
        };
        let close = host_start + close;
        let inner = &b[host_start + 1..close];
        if inner.first().is_some_and(|&c| c == b'v' || c == b'V') {
            if !is_ipvfuture(inner) {
                return Err(ParseError::new(
                    host_start + 1,
                    Component::Host,
                    ErrorKind::InvalidIpvFuture,
                ));
            }
            spans.host_kind = Some(HostKind::IpvFuture);
        } else {
            if !is_ipv6(inner) {
                return Err(ParseError::new(host_start + 1, Component::Host, ErrorKind::InvalidIpv6));
            }
            spans.host_kind = Some(HostKind::Ipv6);
        }
        host_end = close + 1;
        if host_end < end && b[host_end] != b':' {
            return Err(ParseError::new(host_end, Component::Host, ErrorKind::UnclosedIpLiteral));
        }
    } else {
        host_end = memchr::memchr(b':', &b[host_start..end]).map_or(end, |i| host_start + i);
        validate(s, host_start, host_end, REG_NAME, false, Component::Host)?;
        spans.host_kind = Some(if is_ipv4(&b[host_start..host_end]) {
            HostKind::Ipv4
        } else {
            HostKind::RegName
        });
    }
    spans.host = (host_start, host_end);
    if host_end < end {
        // b[host_end] == ':'
        let port_start = host_end + 1;
        if let Some(i) = b[port_start..end].iter().position(|c| !c.is_ascii_digit()) {
            let at = port_start + i;
            return Err(ParseError::new(
                at,
                Component::Port,
                ErrorKind::InvalidChar(char_at(s, at)),
            ));
        }
        spans.port = Some((port_start, end));
    }
    Ok(())
}

/// Whether a scheme is required (`IRI`) or optional (`IRI-reference`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    Absolute,
    Reference,
}

/// Parses `s` as an `IRI` or `IRI-reference`, returning component spans.
pub(crate) fn parse(s: &str, mode: Mode) -> Result<Spans, ParseError> {
    // Most IRIs have the shape the one-pass parser knows; it answers only
    // when the answer is "valid", with the spans this function would give.
    if let Some(spans) = super::quick::parse_common(s) {
        return Ok(spans);
    }
    parse_by_components(s, mode)
}

/// [`parse`] component by component: split at the gen-delims, then each
/// component validated front to back (the leftmost error is reported).
// Out of line: the fallback for what the one pass does not take (and
// for every error) stays out of the hot path's instruction cache.
#[inline(never)]
pub(crate) fn parse_by_components(s: &str, mode: Mode) -> Result<Spans, ParseError> {
    let b = s.as_bytes();
    let mut spans = Spans::default();
    let mut i = 0;

    // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
    if b.first().is_some_and(u8::is_ascii_alphabetic) {
        let n = 1 + b[1..].iter().take_while(|&&c| ascii_in(SCHEME_TAIL, c)).count();
        if b.get(n) == Some(&b':') {
            spans.scheme_colon = Some(n);
            i = n + 1;
        }
    }
    if spans.scheme_colon.is_none() {
        if b.is_empty() && mode == Mode::Absolute {
            return Err(ParseError::new(0, Component::Scheme, ErrorKind::Empty));
        }
        // If a ':' comes before any '/', '?', '#', the input meant a scheme:
        // say which character of it is wrong.
        let first_delim = b.iter().position(|&c| matches!(c, b':' | b'/' | b'?' | b'#'));
        if let Some(colon) = first_delim.filter(|&p| b[p] == b':' && p > 0) {
            if b[0].is_ascii_alphabetic() || mode == Mode::Absolute {
                let bad = if b[0].is_ascii_alphabetic() {
                    1 + b[1..].iter().take_while(|&&c| ascii_in(SCHEME_TAIL, c)).count()
                } else {
                    0
                };
                debug_assert!(bad < colon);
                let c = char_at(s, bad);
                return Err(ParseError::new(bad, Component::Scheme, ErrorKind::InvalidChar(c)));
            }
        }
        if mode == Mode::Absolute {
            return Err(ParseError::new(0, Component::Scheme, ErrorKind::MissingScheme));
        }
    }

    // hier-part / relative-part
    if b[i..].starts_with(b"//") {
        let start = i + 2;
        let end = memchr::memchr3(b'/', b'?', b'#', &b[start..]).map_or(b.len(), |p| start + p);
        parse_authority(s, start, end, &mut spans)?;
        i = end;
    }
    let path_end = memchr::memchr2(b'?', b'#', &b[i..]).map_or(b.len(), |p| i + p);
    if spans.scheme_colon.is_none() && spans.authority.is_none() {
        // ipath-noscheme: the first segment must not contain ':'.
        let seg_end = memchr::memchr(b'/', &b[i..path_end]).map_or(path_end, |p| i + p);
        if let Some(colon) = memchr::memchr(b':', &b[i..seg_end]) {
            validate(s, i, i + colon, PATH, false, Component::Path)?;
            return Err(ParseError::new(
                i + colon,
                Component::Path,
                ErrorKind::ColonInFirstSegment,
            ));
        }
    }
    validate(s, i, path_end, PATH, false, Component::Path)?;
    spans.path = (i, path_end);
    i = path_end;

    if b.get(i) == Some(&b'?') {
        let start = i + 1;
        let end = memchr::memchr(b'#', &b[start..]).map_or(b.len(), |p| start + p);
        validate(s, start, end, QUERY, true, Component::Query)?;
        spans.query = Some((start, end));
        i = end;
    }
    if b.get(i) == Some(&b'#') {
        validate(s, i + 1, b.len(), FRAGMENT, false, Component::Fragment)?;
        spans.fragment = Some(i + 1);
    }
    Ok(spans)
}

/// `QUICK` flags: the path's ASCII, the query's (= the fragment's).
pub(super) const QUICK_PATH: u8 = 1;
pub(super) const QUICK_QUERY: u8 = 2;

/// Per byte value, the `QUICK_*` flags; `%` counts as allowed in the path
/// and query (its two hex digits are checked apart).
pub(super) static QUICK: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 128 {
        if PATH & (1u128 << c) != 0 || c == b'%' as usize {
            t[c] |= QUICK_PATH;
        }
        if QUERY & (1u128 << c) != 0 || c == b'%' as usize {
            t[c] |= QUICK_QUERY;
        }
        c += 1;
    }
    t
};

/// Where the run of eight-byte chunks from `i` that hold only bytes
/// `allowed` (`QUICK_*`) and complete percent-encodings ends, within `end`:
/// long paths and queries are mostly that (one table load per byte, one
/// branch per eight; a `%` in the eight is checked apart, its digits
/// within `end`). The byte loops after it find where anything else fails.
#[inline]
pub(super) fn allowed_chunks_end(b: &[u8], mut i: usize, end: usize, allowed: u8) -> usize {
    while i + 10 <= end {
        let chunk: &[u8; 8] = b[i..i + 8].try_into().expect("eight bytes");
        if chunk.iter().fold(allowed, |all, &c| all & QUICK[c as usize]) == 0
            || (has_byte(chunk, b'%') && !pcts_ok(b, i))
        {
            break;
        }
        i += 8;
    }
    i
}

/// Whether `chunk` holds `byte` (no branch per byte: the classic
/// zero-byte test on the XOR).
#[inline(always)]
pub(super) fn has_byte(chunk: &[u8; 8], byte: u8) -> bool {
    const LOW: u64 = 0x0101_0101_0101_0101;
    let x = u64::from_le_bytes(*chunk) ^ (LOW * byte as u64);
    x.wrapping_sub(LOW) & !x & (LOW << 7) != 0
}

/// Validates `ipath-abempty [ "?" iquery ] [ "#" ifragment ]`: what may
/// follow an authority. Used by the finder for scheme-less domains, whose
/// host is checked by the domain rules.
pub(crate) fn validate_after_authority(s: &str) -> Result<(), ParseError> {
    let b = s.as_bytes();
    let path_end = b.iter().position(|&c| c == b'?' || c == b'#').unwrap_or(b.len());
    if path_end > 0 && b[0] != b'/' {
        return Err(ParseError::new(
            0,
            Component::Path,
            ErrorKind::InvalidChar(char_at(s, 0)),
        ));
    }
    validate(s, 0, path_end, PATH, false, Component::Path)?;
    let mut i = path_end;
    if b.get(i) == Some(&b'?') {
        let end = memchr::memchr(b'#', &b[i + 1..]).map_or(b.len(), |p| i + 1 + p);
        validate(s, i + 1, end, QUERY, true, Component::Query)?;
        i = end;
    }
    if b.get(i) == Some(&b'#') {
        validate(s, i + 1, b.len(), FRAGMENT, false, Component::Fragment)?;
    }
    Ok(())
}

/// The ASCII part of [`can_appear_in_iri`], usable in constant tables.
pub(crate) const fn ascii_can_appear_in_iri(b: u8) -> bool {
    b < 128 && (QUERY | mask(b"#%[]")) & (1u128 << b) != 0
}

/// Whether `c` can appear somewhere in an IRI (in the query at best):
/// the finder treats every other character as a hard boundary.
#[inline]
pub(crate) fn can_appear_in_iri(c: char) -> bool {
    if c.is_ascii() {
        ascii_can_appear_in_iri(c as u8)
    } else {
        !is_bidi_control(c) && (is_ucschar(c) || is_iprivate(c))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_letters_are_ucschar() {
        for c in (0x80..0x10000).filter_map(char::from_u32) {
            let mut buf = [0u8; 4];
            let enc = c.encode_utf8(&mut buf).as_bytes();
            if crate::letters::common_letters_end(enc, 0, enc.len()) == enc.len() {
                assert!(is_ucschar(c) && !is_bidi_control(c), "U+{:04X}", c as u32);
            }
        }
    }

    #[test]
    fn quick_table_agrees_with_the_masks() {
        for b in 0..=255u8 {
            let in_mask = |mask: u128| b < 128 && mask & (1u128 << b) != 0;
            assert_eq!(QUICK[b as usize] & QUICK_PATH != 0, in_mask(PATH) || b == b'%', "{b}");
            assert_eq!(QUICK[b as usize] & QUICK_QUERY != 0, in_mask(QUERY) || b == b'%', "{b}");
        }
    }

    #[test]
    fn has_byte_finds_a_byte_at_every_place() {
        for at in 0..8 {
            for other in [0u8, b'$', b'&', 0x25 ^ 0x80, 0xFF] {
                let mut chunk = [other; 8];
                assert!(!has_byte(&chunk, b'%'), "{chunk:?}");
                chunk[at] = b'%';
                assert!(has_byte(&chunk, b'%'), "{chunk:?}");
            }
        }
    }

    #[test]
    fn class_table_agrees_with_the_masks() {
        for mask in CLASS_MASKS.into_iter().chain([QUERY | mask(b"#%[]")]) {
            for b in 0..=255u8 {
                assert_eq!(ascii_in(mask, b), b < 128 && mask & (1u128 << b) != 0, "{b}");
            }
        }
    }
}
