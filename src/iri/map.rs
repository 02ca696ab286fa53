//! IRI → URI (RFC 3987 §3.1, 3987bis §3.3–3.6), URI → IRI (RFC 3987 §3.2,
//! 3987bis §4) and LEIRI → IRI (3987bis §6.2).
//!
//! Every function returns `Cow::Borrowed` when the input needs no change, so
//! mapping an IRI that is already a URI costs a scan and nothing else.

use super::parse::{HostKind, Spans};
use super::to_iri::leiri_to_iri;
use super::{IriRef, ParseError};
use crate::pct::{push_non_ascii_encoded, push_prefix};
use core::fmt;
use std::borrow::Cow;

/// Errors of IRI → URI mapping.
///
/// ```
/// use iriscan::{to_uri, MapError};
/// assert!(matches!(to_uri("http://a.com/a b"), Err(MapError::Parse(_))));
/// assert!(to_uri("http://xn--a.例え.jp/").is_err()); // IDNA rejects the `xn--a` label
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MapError {
    /// The input is not an IRI reference.
    Parse(ParseError),
    /// A host of a DNS scheme that IDNA (UTS 46, URL deny list) rejects.
    Idna {
        /// The host as written.
        host: String,
    },
}

impl fmt::Display for MapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MapError::Parse(e) => e.fmt(f),
            MapError::Idna { host } => write!(
                f,
                "host {host:?} is not a valid internationalized domain name (IDNA/UTS 46)"
            ),
        }
    }
}

impl std::error::Error for MapError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            MapError::Parse(e) => Some(e),
            MapError::Idna { .. } => None,
        }
    }
}

impl From<ParseError> for MapError {
    fn from(e: ParseError) -> Self {
        MapError::Parse(e)
    }
}

/// How `ireg-name` hosts with non-ASCII characters are mapped (3987bis §3.4).
///
/// ```
/// use iriscan::iri::{to_uri_with, HostMapping, ToUriOptions};
/// let opts = ToUriOptions { host_mapping: HostMapping::PercentEncode, ..ToUriOptions::default() };
/// assert_eq!(to_uri_with("http://例え.jp/", &opts)?, "http://%E4%BE%8B%E3%81%88.jp/");
/// # Ok::<(), iriscan::MapError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum HostMapping {
    /// IDNA (punycode) for schemes known to use DNS ([`uses_dns`]),
    /// percent-encoding for all others. The default.
    #[default]
    Auto,
    /// Always IDNA (3987bis §3.4.2).
    Idna,
    /// Always UTF-8 percent-encoding (3987bis §3.4.1).
    PercentEncode,
}

/// Options for [`to_uri_with`].
///
/// ```
/// use iriscan::iri::{to_uri_with, ToUriOptions};
/// let opts = ToUriOptions { encode_forbidden_ascii: true, ..Default::default() };
/// assert_eq!(to_uri_with("http://example.com/a b|c", &opts)?, "http://example.com/a%20b%7Cc");
/// # Ok::<(), iriscan::MapError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ToUriOptions {
    /// How non-ASCII registered names are mapped.
    pub host_mapping: HostMapping,
    /// Percent-encode characters that no URI or IRI may contain (space,
    /// `<`, `>`, `"`, `{`, `}`, `|`, `\`, `^`, `` ` ``, controls, bidi
    /// formatting characters…) instead of failing: the input is then read as
    /// a Legacy Extended IRI (RFC 3987 §3.1, 3987bis §6.2).
    pub encode_forbidden_ascii: bool,
}

/// Schemes whose registered names are DNS names, so that IRI → URI maps
/// non-ASCII hosts with IDNA rather than percent-encoding (3987bis §3.4.2).
/// `mailto` counts: the domain of each address is mapped with IDNA.
///
/// ```
/// assert!(iriscan::iri::uses_dns("HTTPS"));
/// assert!(!iriscan::iri::uses_dns("urn"));
/// ```
pub fn uses_dns(scheme: &str) -> bool {
    // Most links are web links: no walk over the list for them.
    if matches!(scheme.as_bytes(), [h, t1, t2, p, rest @ ..]
        if (*h | 0x20, *t1 | 0x20, *t2 | 0x20, *p | 0x20) == (b'h', b't', b't', b'p')
            && matches!(rest, [] | [b's' | b'S']))
    {
        return true;
    }
    const DNS: &[&str] = &[
        "http",
        "https",
        "ftp",
        "ftps",
        "sftp",
        "ws",
        "wss",
        "mailto",
        "gopher",
        "telnet",
        "ssh",
        "git",
        "irc",
        "ircs",
        "imap",
        "imaps",
        "pop",
        "smtp",
        "ldap",
        "ldaps",
        "nntp",
        "news",
        "rtsp",
        "rtsps",
        "rsync",
        "svn",
        "smb",
        "nfs",
        "xmpp",
        "sip",
        "sips",
        "wais",
        "prospero",
        "dns",
        "coap",
        "coaps",
        "mqtt",
        "redis",
        "rediss",
        "postgres",
        "postgresql",
        "mysql",
        "mongodb",
        "amqp",
        "amqps",
        "webcal",
        "feed",
        "s3",
        "ipp",
        "ipps",
    ];
    // Most links are web links or emails: no set lookup for them.
    if scheme.eq_ignore_ascii_case("https")
        || scheme.eq_ignore_ascii_case("http")
        || scheme.eq_ignore_ascii_case("mailto")
    {
        return true;
    }
    static SET: std::sync::OnceLock<crate::chars::PackedSet> = std::sync::OnceLock::new();
    SET.get_or_init(|| crate::chars::PackedSet::new(DNS.iter().copied()))
        .contains(scheme)
}

/// Appends the ASCII form of a non-ASCII DNS host (IDNA, remembered per
/// thread: see `IdnaMemo`).
pub(super) fn push_idna_host(out: &mut String, host: &str) -> Result<(), MapError> {
    thread_local! {
        static MEMO: std::cell::RefCell<IdnaMemo> = std::cell::RefCell::new(IdnaMemo::default());
    }
    let compute = |h: &str| {
        idna::domain_to_ascii_cow(h.as_bytes(), idna::AsciiDenyList::URL)
            .ok()
            .map(|a| a.into_owned().into_boxed_str())
    };
    let pushed = MEMO.with(|memo| {
        memo.borrow_mut()
            .with(host, compute, |ascii| ascii.map(|a| out.push_str(a)).is_some())
    });
    if pushed {
        Ok(())
    } else {
        Err(MapError::Idna { host: host.to_owned() })
    }
}

/// Appends a host: in punycode when `idna` (the caller found it a
/// registered name of a DNS scheme, not ASCII), else percent-encoded.
#[inline(always)]
fn push_host(out: &mut String, host: &str, idna: bool) -> Result<(), MapError> {
    if idna {
        push_idna_host(out, host)
    } else {
        push_non_ascii_encoded(out, host);
        Ok(())
    }
}

/// Appends one address of a `mailto:` IRI (RFC 6068): its domain is a DNS
/// name (punycode when not ASCII and without `%`), the rest is encoded.
#[inline(always)]
fn push_mailto_address(out: &mut String, addr: &str) -> Result<(), MapError> {
    match addr.rfind('@') {
        Some(at) if !addr[at + 1..].is_ascii() && !addr[at + 1..].contains('%') => {
            push_non_ascii_encoded(out, &addr[..=at]);
            push_idna_host(out, &addr[at + 1..])
        }
        _ => {
            push_non_ascii_encoded(out, addr);
            Ok(())
        }
    }
}

/// The IDNA answers of recent hosts, one per slot chosen by a hash of the
/// host (direct-mapped): a hit costs a hash and one comparison, the same
/// hosts come back again and again in mail and crawls (IDNA is thousands
/// of instructions a host), and hosts whose hashes collide, by chance or
/// by design, only take each other's slot: never a probe sequence, and
/// memory stays at `IDNA_SLOTS` hosts of at most `IDNA_MAX_KEY` bytes.
#[derive(Default)]
struct IdnaMemo {
    slots: Vec<Option<IdnaAnswer>>,
}

/// A host and its ASCII form (`None`: IDNA rejects it).
type IdnaAnswer = (Box<str>, Option<Box<str>>);

const IDNA_SLOTS: usize = 4096;
/// Longer hosts are never remembered (no DNS name is).
const IDNA_MAX_KEY: usize = 255;

impl IdnaMemo {
    /// `read` of the ASCII form of `host` (`None`: IDNA rejects it), from
    /// the memo when it is there.
    fn with<R>(
        &mut self,
        host: &str,
        compute: impl FnOnce(&str) -> Option<Box<str>>,
        read: impl FnOnce(Option<&str>) -> R,
    ) -> R {
        if host.len() > IDNA_MAX_KEY {
            return read(compute(host).as_deref());
        }
        if self.slots.is_empty() {
            self.slots.resize(IDNA_SLOTS, None);
        }
        let slot = &mut self.slots[(host_hash(host.as_bytes()) >> 32) as usize % IDNA_SLOTS];
        if slot.as_ref().is_none_or(|(key, _)| **key != *host) {
            *slot = Some((host.into(), compute(host)));
        }
        read(slot.as_ref().and_then(|(_, ascii)| ascii.as_deref()))
    }
}

/// The hash of a host for [`IdnaMemo`]: its length and three words of it
/// (its first, middle and last eight bytes), each mixed in by a
/// multiplication; shorter hosts eight bytes a step. A fixed number of
/// steps: a loop over the host's length cost a mispredicted exit a host,
/// and hosts that differ only between the words share a slot at worst
/// (the memo compares whole hosts).
fn host_hash(b: &[u8]) -> u64 {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    let mix = |h: u64, w: u64| {
        let h = (h ^ w).wrapping_mul(K);
        h ^ h >> 29
    };
    let n = b.len();
    let word = |i: usize| u64::from_le_bytes(b[i..i + 8].try_into().unwrap_or([0; 8]));
    if n >= 8 {
        return mix(mix(mix(K ^ n as u64, word(0)), word(n / 2 - 4)), word(n - 8));
    }
    let mut last = [0u8; 8];
    last[..n].copy_from_slice(b);
    mix(K ^ n as u64, u64::from_le_bytes(last))
}

/// Maps an IRI reference to a URI reference with default options
/// (RFC 3987 §3.1): non-ASCII characters become UTF-8 percent-encodings with
/// uppercase hex, hosts of DNS schemes become punycode; ASCII and existing
/// `%XX` stay as they are. The identity on URIs, and idempotent.
///
/// ```
/// use iriscan::to_uri;
/// assert_eq!(to_uri("http://www.example.org/red%09rosé#red")?, "http://www.example.org/red%09ros%C3%A9#red");
/// assert_eq!(to_uri("http://example.com/𐌀")?, "http://example.com/%F0%90%8C%80");
/// assert!(matches!(to_uri("http://example.com/")?, std::borrow::Cow::Borrowed(_)));
/// # Ok::<(), iriscan::MapError>(())
/// ```
pub fn to_uri(iri: &str) -> Result<Cow<'_, str>, MapError> {
    to_uri_with(iri, &ToUriOptions::default())
}

/// Maps an IRI reference to a URI reference with the given options.
///
/// ```
/// use iriscan::iri::{to_uri_with, HostMapping, ToUriOptions};
/// let pct = ToUriOptions { host_mapping: HostMapping::PercentEncode, ..Default::default() };
/// assert_eq!(to_uri_with("http://résumé.example.org", &pct)?, "http://r%C3%A9sum%C3%A9.example.org");
/// # Ok::<(), iriscan::MapError>(())
/// ```
pub fn to_uri_with<'a>(iri: &'a str, opts: &ToUriOptions) -> Result<Cow<'a, str>, MapError> {
    if opts.encode_forbidden_ascii {
        if let Cow::Owned(fixed) = leiri_to_iri(iri) {
            let parsed = IriRef::parse(&fixed)?;
            return Ok(Cow::Owned(map_parsed(&parsed, opts)?.into_owned()));
        }
    }
    // One pass for most IRIs (`parse` tries the one-pass parser first);
    // the mapping then works on its spans.
    let parsed = IriRef::parse(iri)?;
    map_parsed(&parsed, opts)
}

/// [`to_uri`] of `iri` if it is a valid absolute IRI: one parse, then the
/// mapping on its spans; `None` if it is not valid.
#[inline]
pub(crate) fn to_uri_if_valid(iri: &str) -> Option<Result<Cow<'_, str>, MapError>> {
    // The one-pass parser accepts only absolute IRIs that `parse` accepts,
    // with the same spans: most links are mapped from its spans, without
    // building an `IriRef` (an ASCII one maps to itself).
    if let Some(spans) = super::quick::parse_common(iri) {
        return Some(map_spans_of(iri, &spans, &ToUriOptions::default()));
    }
    IriRef::parse(iri)
        .ok()
        .filter(IriRef::is_absolute)
        .map(|parsed| parsed.to_uri())
}

/// [`to_uri_if_valid`] of a valid IRI of the plain web shape that the
/// finder's one-pass path reads (`Link::valid`): `scheme://`, a host (a
/// registered name, or an IPv6 literal), an optional port of digits, then
/// the end or a path, query or fragment. Its authority is found without a
/// parse: the host ends at the first `:`, `/`, `?` or `#` (none is in a
/// registered name; an IPv6 literal ends at its `]`), the port at the first
/// byte that is not a digit.
pub(crate) fn plain_web_to_uri(s: &str) -> Result<Cow<'_, str>, MapError> {
    if s.is_ascii() {
        return Ok(Cow::Borrowed(s));
    }
    let b = s.as_bytes();
    // (The scheme is a few ASCII letters: no `%`, nothing to encode.)
    let colon = b.iter().position(|&c| c == b':').unwrap_or(0);
    let hs = colon + 3;
    let ip_literal = b.get(hs) == Some(&b'[');
    let he = if ip_literal {
        memchr::memchr(b']', &b[hs..]).map_or(b.len(), |p| hs + p + 1)
    } else {
        authority_stop(b, hs)
    };
    let mut auth_end = he;
    if b.get(he) == Some(&b':') {
        auth_end += 1 + b[he + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
    }
    // What `map_spans` does for this shape (no `mailto:`, which has no
    // `//`; a name of the plain shape holds no `%`), without its general
    // steps.
    let mut out = String::with_capacity(3 * s.len() + 8);
    push_prefix(&mut out, s, hs);
    let host = &s[hs..he];
    push_host(&mut out, host, !ip_literal && !host.is_ascii() && uses_dns(&s[..colon]))?;
    if auth_end > he {
        out.push_str(&s[he..auth_end]);
    }
    push_non_ascii_encoded(&mut out, &s[auth_end..]);
    Ok(Cow::Owned(out))
}

/// The first `:`, `/`, `?` or `#` in `b` from `i` (or its end): where a
/// registered name ends. Eight bytes a step: a host of a few dozen bytes
/// costs a few steps, not a branch per byte whose exit is mispredicted.
fn authority_stop(b: &[u8], mut i: usize) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    // The high bit of each zero byte of `w` (and maybe of bytes above the
    // first: only the lowest set bit is read).
    let zeros = |w: u64| w.wrapping_sub(ONES) & !w & (ONES << 7);
    while let Some(chunk) = b.get(i..i + 8) {
        let w = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
        let stops = zeros(w ^ (ONES * u64::from(b':')))
            | zeros(w ^ (ONES * u64::from(b'/')))
            | zeros(w ^ (ONES * u64::from(b'?')))
            | zeros(w ^ (ONES * u64::from(b'#')));
        if stops != 0 {
            return i + (stops.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    b[i..]
        .iter()
        .position(|c| matches!(c, b':' | b'/' | b'?' | b'#'))
        .map_or(b.len(), |p| i + p)
}

/// [`to_uri_if_valid`] of `mailto:` and the address `addr` of an email
/// that the finder found, non-ASCII and with ASCII bytes that are path
/// characters but `%` alone (the caller checks them): without a parse.
/// Such an IRI is valid (an email's other characters are letters of
/// `ucschar`, its local part has no `,`, and one `@`), so its mapping is
/// what the `mailto:` rule of [`map_spans`] makes of its one address: the
/// local part percent-encoded, the domain in punycode when not ASCII.
pub(crate) fn plain_mailto_to_uri(addr: &str) -> Result<String, MapError> {
    let mut out = String::with_capacity(7 + 3 * addr.len());
    out.push_str("mailto:");
    push_mailto_address(&mut out, addr)?;
    Ok(out)
}

/// [`to_uri_if_valid`] of `scheme://host` for a host alone that the
/// finder found as a bare name (letters, digits, `-`, `_` and ASCII dots:
/// the caller checks them): valid as it is, so no parse; the host in
/// punycode when not ASCII and `scheme` uses DNS, else percent-encoded.
pub(crate) fn plain_name_to_uri(scheme: &str, host: &str) -> Result<String, MapError> {
    let mut out = String::with_capacity(scheme.len() + 3 + 3 * host.len());
    out.push_str(scheme);
    out.push_str("://");
    push_host(&mut out, host, !host.is_ascii() && uses_dns(scheme))?;
    Ok(out)
}

/// [`to_uri_if_valid`] of an IRI built in a `String`: the string itself
/// comes back when the mapping changes nothing (no copy).
#[inline]
pub(crate) fn owned_to_uri_if_valid(iri: String) -> Option<Result<String, MapError>> {
    let changed = match to_uri_if_valid(&iri)? {
        Ok(Cow::Borrowed(_)) => None,
        Ok(Cow::Owned(uri)) => Some(Ok(uri)),
        Err(e) => Some(Err(e)),
    };
    Some(changed.unwrap_or(Ok(iri)))
}

pub(crate) fn map_parsed<'a>(r: &IriRef<'a>, opts: &ToUriOptions) -> Result<Cow<'a, str>, MapError> {
    map_spans_of(r.as_str(), r.spans(), opts)
}

/// [`map_parsed`] of the IRI reference `s` whose parse is `spans`.
#[inline]
fn map_spans_of<'a>(s: &'a str, spans: &Spans, opts: &ToUriOptions) -> Result<Cow<'a, str>, MapError> {
    if s.is_ascii() {
        return Ok(Cow::Borrowed(s));
    }
    let reg_name = spans.host_kind == Some(HostKind::RegName);
    let authority = spans.authority.map(|(_, auth_end)| (spans.host, auth_end));
    let scheme = spans.scheme_colon.map_or("", |c| &s[..c]);
    map_spans::<true>(s, scheme, authority, reg_name, spans.path, opts)
}

/// The mapping of a non-ASCII IRI `s` (RFC 3987 §3.1) given its scheme,
/// its host and authority end (if it has an authority), whether the host
/// is a registered name, and its path; `PCT`: the host may hold a `%`
/// (a name with one is percent-encoded, not punycoded).
fn map_spans<'a, const PCT: bool>(
    s: &'a str,
    scheme: &str,
    authority: Option<((usize, usize), usize)>,
    reg_name: bool,
    (ps, pe): (usize, usize),
    opts: &ToUriOptions,
) -> Result<Cow<'a, str>, MapError> {
    let dns = match opts.host_mapping {
        HostMapping::Auto => uses_dns(scheme),
        HostMapping::Idna => true,
        HostMapping::PercentEncode => false,
    };
    // Enough for every percent-encoding (three bytes for each of `s` at
    // most; IDNA hosts are mostly shorter): no reallocation.
    let mut out = String::with_capacity(3 * s.len());
    let mut pos = 0;
    if let Some(((hs, he), auth_end)) = authority {
        let host = &s[hs..he];
        push_non_ascii_encoded(&mut out, &s[..hs]);
        push_host(
            &mut out,
            host,
            !host.is_ascii() && dns && reg_name && !(PCT && host.contains('%')),
        )?;
        out.push_str(&s[he..auth_end]);
        pos = auth_end;
    }
    if scheme.eq_ignore_ascii_case("mailto") && dns {
        // mailto:addr1,addr2 — each address's domain is a DNS name (RFC 6068).
        push_non_ascii_encoded(&mut out, &s[pos..ps]);
        let mut first = true;
        for addr in s[ps..pe].split(',') {
            if !first {
                out.push(',');
            }
            first = false;
            push_mailto_address(&mut out, addr)?;
        }
        pos = pe;
    }
    // Query: an IDN inside it is not punycoded (3987bis §3.4.3); it is
    // percent-encoded like the path and fragment.
    push_non_ascii_encoded(&mut out, &s[pos..]);
    Ok(Cow::Owned(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Eight bytes a step, the first stop is the one a byte loop finds:
    /// each stop byte at every offset of hosts of every length, with
    /// non-ASCII letters and bytes one off the stops around it.
    #[test]
    fn authority_stop_is_the_first_colon_slash_question_mark_or_hash() {
        let fill = "é.-9;.0@>\"\x7f";
        for len in 0..40 {
            let host: String = fill.chars().cycle().take(len).collect();
            for stop in [":", "/", "?", "#", ""] {
                for tail in ["", "x", "/path?q#f", "é"] {
                    let s = format!("https://{host}{stop}{tail}");
                    let b = s.as_bytes();
                    let naive = b[8..]
                        .iter()
                        .position(|c| matches!(c, b':' | b'/' | b'?' | b'#'))
                        .map_or(b.len(), |p| 8 + p);
                    assert_eq!(authority_stop(b, 8), naive, "{s:?}");
                }
            }
        }
    }

    /// Every answer of the memo is IDNA's, whether it comes from a slot,
    /// after slots were taken by colliding hosts, or (for hosts too long
    /// to remember) computed each time.
    #[test]
    fn idna_memo_answers_as_idna_does_through_collisions_and_long_hosts() {
        let idna = |h: &str| {
            idna::domain_to_ascii_cow(h.as_bytes(), idna::AsciiDenyList::URL)
                .ok()
                .map(|a| a.into_owned().into_boxed_str())
        };
        let mut memo = IdnaMemo::default();
        let mut hosts: Vec<String> = (0..3 * IDNA_SLOTS).map(|i| format!("例{i}.jp")).collect();
        hosts.push(format!("{}.jp", "例".repeat(IDNA_MAX_KEY)));
        hosts.push("xn--a.例え.jp".to_owned()); // IDNA rejects it
        for round in 0..2 {
            for h in &hosts {
                let got = memo.with(h, idna, |a| a.map(str::to_owned));
                assert_eq!(got.as_deref(), idna(h).as_deref(), "{h} (round {round})");
            }
        }
        assert!(memo.slots.iter().flatten().all(|(key, _)| key.len() <= IDNA_MAX_KEY));
    }
}
