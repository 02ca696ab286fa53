//! URI → IRI for display (RFC 3987 §3.2, 3987bis §4) and LEIRI → IRI
//! (3987bis §6.2): the mappings toward IRIs, beside `map.rs`'s IRI → URI.
//!
//! Like those, every function returns `Cow::Borrowed` when the input needs
//! no change.

use super::map::{push_idna_host, uses_dns};
use super::parse::{char_at, HostKind};
use super::IriRef;
use crate::chars::{is_bidi_control, is_iprivate, is_ucschar, is_uri_ascii};
use crate::pct::{pct_octet, pct_run, push_pct_byte, push_pct_char};
use std::borrow::Cow;

/// Whether a character decoded from a URI may appear literally in an IRI
/// (RFC 3987 §3.2 step 4): `ucschar` (or `iprivate` in the query), not a
/// bidi formatting character (§4.1), and not a character §6.1 says to avoid
/// (non-ASCII white space, invisible format characters).
pub(crate) fn fit_for_iri(c: char, in_query: bool) -> bool {
    if is_bidi_control(c) {
        return false;
    }
    if matches!(c as u32, 0xA0 | 0x1680 | 0x2000..=0x200D | 0x2028 | 0x2029 | 0x202F | 0x205F..=0x2064 | 0x3000 | 0xFEFF | 0xFFF0..=0xFFFD | 0xAD | 0x180E)
    {
        return false;
    }
    is_ucschar(c) || (in_query && is_iprivate(c))
}

/// Maps a URI (reference) to an IRI for display (RFC 3987 §3.2, 3987bis §4).
///
/// Percent-encoded octets are decoded only where they form strict UTF-8
/// (never overlong forms such as `%C0%AF`, never surrogates) for characters
/// fit for an IRI; bidi formatting characters, non-characters, white space
/// and private use outside the query stay encoded (re-encoded with uppercase
/// hex). `%25`, reserved and other ASCII stay encoded, except unreserved
/// ASCII, which decodes. `xn--` labels of DNS hosts turn back into Unicode
/// (3987bis §4 step 6).
///
/// ```
/// use iriscan::to_iri;
/// assert_eq!(to_iri("http://www.example.org/D%C3%BCrst"), "http://www.example.org/Dürst");
/// assert_eq!(to_iri("http://www.example.org/D%FCrst"), "http://www.example.org/D%FCrst");
/// assert_eq!(to_iri("http://xn--99zt52a.example.org/%e2%80%ae"), "http://納豆.example.org/%E2%80%AE");
/// assert_eq!(to_iri("http://example.com/%C0%AF.."), "http://example.com/%C0%AF..");
/// ```
pub fn to_iri(uri: &str) -> Cow<'_, str> {
    let parsed = IriRef::parse(uri).ok();
    let query = parsed.as_ref().and_then(|p| p.spans().query);
    let dns_host = parsed
        .as_ref()
        .filter(|p| p.host_kind() == Some(HostKind::RegName) && p.scheme().is_some_and(uses_dns))
        .map(|p| p.spans().host);
    let b = uri.as_bytes();
    let mut out: Option<String> = None;
    let mut last = 0;
    let mut i = 0;
    while let Some(p) = memchr::memchr(b'%', &b[i..]) {
        i += p;
        let run = pct_run(b, i);
        if run == 0 {
            i += 1;
            continue;
        }
        let in_query = query.is_some_and(|(qs, qe)| qs <= i && i < qe);
        if dns_host.is_some_and(|(hs, he)| hs <= i && i < he) {
            // A percent-encoded DNS host stays as written: decoded, it would
            // map back through IDNA to a different URI (UTS 46 maps e.g.
            // U+207A to '+'), and the display policy needs ACE or Unicode
            // labels, not raw octets.
            i += run;
            continue;
        }
        let octets: Vec<u8> = b[i..i + run].chunks(3).map(|t| pct_octet(t[1], t[2])).collect();
        let o = out.get_or_insert_with(|| String::with_capacity(uri.len()));
        o.push_str(&uri[last..i]);
        let mut k = 0;
        while k < octets.len() {
            let lead = octets[k];
            let written = &uri[i + 3 * k..i + 3 * k + 3];
            if lead < 0x80 {
                // Only unreserved ASCII decodes; '%', reserved and characters
                // not allowed in URIs stay as written (§3.2 step 2).
                if crate::chars::is_unreserved(lead) {
                    o.push(lead as char);
                } else {
                    o.push_str(written);
                }
                k += 1;
                continue;
            }
            let len = match lead {
                0xC2..=0xDF => 2,
                0xE0..=0xEF => 3,
                0xF0..=0xF4 => 4,
                _ => 0,
            };
            let decoded = (len > 0 && k + len <= octets.len())
                .then(|| core::str::from_utf8(&octets[k..k + len]).ok())
                .flatten()
                .and_then(|s| s.chars().next())
                .filter(|&c| fit_for_iri(c, in_query));
            match decoded {
                Some(c) => {
                    o.push(c);
                    k += len;
                }
                None => {
                    // Not strict UTF-8, or unfit: re-encode this octet
                    // (step 3/4) with uppercase hex, and go on with the next.
                    let n = if len > 0 && k + len <= octets.len() && core::str::from_utf8(&octets[k..k + len]).is_ok() {
                        len
                    } else {
                        1
                    };
                    for &oct in &octets[k..k + n] {
                        push_pct_byte(o, oct);
                    }
                    k += n;
                }
            }
        }
        i += run;
        last = i;
    }
    let decoded: Cow<'_, str> = match out {
        Some(mut o) => {
            o.push_str(&uri[last..]);
            Cow::Owned(o)
        }
        None => Cow::Borrowed(uri),
    };
    host_to_unicode(decoded)
}

/// Whether a host label is an ACE label (`xn--` and more, any case).
/// Compares bytes: the label may start with a non-ASCII character, and
/// slicing `&str` at byte 4 would split it.
fn is_ace_label(label: &str) -> bool {
    label.len() > 4 && label.as_bytes()[..4].eq_ignore_ascii_case(b"xn--")
}

/// 3987bis §4 step 6: turn `xn--` labels of a DNS host back into Unicode.
fn host_to_unicode(iri: Cow<'_, str>) -> Cow<'_, str> {
    let Ok(parsed) = IriRef::parse(&iri) else { return iri };
    let (Some(host), Some(scheme)) = (parsed.host(), parsed.scheme()) else {
        return iri;
    };
    if parsed.host_kind() != Some(HostKind::RegName) || !uses_dns(scheme) {
        return iri;
    }
    let Some(shown) = unicode_host(host) else { return iri };
    let (hs, he) = parsed.spans().host;
    let mut out = String::with_capacity(iri.len() + shown.len());
    out.push_str(&iri[..hs]);
    out.push_str(&shown);
    out.push_str(&iri[he..]);
    // What IDNA returns must still be a valid IRI host; if not, keep ACE.
    if IriRef::parse(&out).is_err() {
        return iri;
    }
    Cow::Owned(out)
}

/// The host [`to_iri`] shows for the DNS host `host` of a URI: its `xn--`
/// labels in Unicode, or `None` when it stays as written.
fn unicode_host(host: &str) -> Option<String> {
    // A host with percent-encodings is shown as written (see `to_iri`).
    let has_ace = host.split('.').any(is_ace_label);
    if !has_ace || host.contains('%') {
        return None;
    }
    // Keep the ASCII form unless every label converts cleanly and the result
    // is itself a valid, displayable reg-name.
    thread_local! {
        static MEMO: crate::cache::HostMemo<Option<String>> = crate::cache::HostMemo::new();
    }
    let unicode = crate::cache::HostMemo::get(&MEMO, host, |h| {
        let (unicode, result) = idna::domain_to_unicode(h);
        let fit = result.is_ok() && unicode.chars().all(|c| c.is_ascii() || fit_for_iri(c, false));
        fit.then_some(unicode)
    })?;
    // Keep the case of ASCII labels as written; only ACE labels change.
    let written: Vec<&str> = host.split('.').collect();
    let uni: Vec<&str> = unicode.split('.').collect();
    if written.len() != uni.len() {
        return Some(unicode);
    }
    let mut out = String::with_capacity(unicode.len());
    for (n, (w, u)) in written.iter().zip(&uni).enumerate() {
        if n > 0 {
            out.push('.');
        }
        out.push_str(if is_ace_label(w) { u } else { w });
    }
    Some(out)
}

/// Whether the non-ASCII DNS host `host` of an IRI comes back as written
/// from [`to_iri`] of the IRI's URI: IDNA accepts it, and its ASCII form
/// turns back into it (it is lowercase, NFC, with nothing IDNA maps).
pub(crate) fn idna_round_trips(host: &str) -> bool {
    let mut ascii = String::with_capacity(host.len() + 16);
    push_idna_host(&mut ascii, host).is_ok() && unicode_host(&ascii).is_some_and(|u| u == host)
}

impl IriRef<'_> {
    /// Whether [`to_iri`] of this IRI's URI ([`crate::to_uri`], default options)
    /// is this IRI again, character for character, so that a caller who
    /// has both can skip the URI → IRI mapping. Checked without mapping:
    /// no `%` (the mapping back decodes every `%XX` it may), every
    /// non-ASCII character outside a DNS host one the mapping back decodes
    /// ([`fit_for_iri`]), a DNS host that IDNA turns back into itself (or
    /// an ASCII one without `xn--` labels, which stays as it is), and no
    /// non-ASCII `mailto:` domain (those stay punycode in the IRI of the
    /// URI). `false` for anything else, relative references included.
    pub(crate) fn maps_back_to_itself(&self) -> bool {
        let s = self.as_str();
        let Some(scheme) = self.scheme() else { return false };
        if memchr::memchr(b'%', s.as_bytes()).is_some() {
            return false;
        }
        let dns = uses_dns(scheme);
        // The span whose characters IDNA maps (and the check below skips).
        let mut idna_span = (0, 0);
        if let Some(host) = self.host() {
            if dns && self.host_kind() == Some(HostKind::RegName) {
                if host.is_ascii() {
                    if host.split('.').any(is_ace_label) {
                        return false;
                    }
                } else if idna_round_trips(host) {
                    idna_span = self.spans().host;
                } else {
                    return false;
                }
            }
        }
        if s.is_ascii() {
            return true;
        }
        if scheme.eq_ignore_ascii_case("mailto") {
            let (ps, pe) = self.spans().path;
            let idn_domain = s[ps..pe]
                .split(',')
                .any(|addr| addr.rfind('@').is_some_and(|at| !addr[at + 1..].is_ascii()));
            if idn_domain {
                return false;
            }
        }
        let (hs, he) = idna_span;
        s.char_indices()
            .all(|(i, c)| c.is_ascii() || (hs <= i && i < he) || fit_for_iri(c, false))
    }
}

/// Converts a Legacy Extended IRI (reference) to an IRI (reference) by
/// percent-encoding, as UTF-8 with uppercase hex, every character a LEIRI
/// allows and an IRI does not (3987bis §6.2, §6.3): space, `<>"`, `\^`{|}`,
/// controls, bidi formatting characters, specials U+FFF0–U+FFFD,
/// non-characters, and private use outside the query.
///
/// ```
/// use iriscan::iri::leiri_to_iri;
/// assert_eq!(leiri_to_iri("http://example.com/a b<c>"), "http://example.com/a%20b%3Cc%3E");
/// assert_eq!(leiri_to_iri("http://example.com/\u{E000}?\u{E000}"), "http://example.com/%EE%80%80?\u{E000}");
/// assert!(matches!(leiri_to_iri("http://example.com/é"), std::borrow::Cow::Borrowed(_)));
/// ```
pub fn leiri_to_iri(leiri: &str) -> Cow<'_, str> {
    let query_start = leiri.find(['?', '#']).filter(|&i| leiri.as_bytes()[i] == b'?');
    let fragment_start = leiri.find('#').unwrap_or(leiri.len());
    let mut out: Option<String> = None;
    let mut last = 0;
    let b = leiri.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = char_at(leiri, i);
        let len = c.len_utf8();
        let in_query = query_start.is_some_and(|q| q < i && i < fragment_start);
        let allowed = if c.is_ascii() {
            is_uri_ascii(c as u8)
        } else {
            !is_bidi_control(c) && (is_ucschar(c) || (in_query && is_iprivate(c)))
        };
        if !allowed {
            let o = out.get_or_insert_with(|| String::with_capacity(leiri.len() + 16));
            o.push_str(&leiri[last..i]);
            push_pct_char(o, c);
            last = i + len;
        }
        i += len;
    }
    match out {
        Some(mut o) => {
            o.push_str(&leiri[last..]);
            Cow::Owned(o)
        }
        None => Cow::Borrowed(leiri),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::iri::to_uri;

    /// IRIs the round trip keeps, and each way it can fail to: `%XX` that
    /// the mapping back decodes, characters it keeps encoded, hosts IDNA
    /// changes (case, width, NFD, `xn--` written), `mailto:` IDN domains.
    #[test]
    fn an_iri_that_maps_back_to_itself_is_what_to_iri_of_its_uri_gives() {
        let kept = [
            "https://例え.jp/パス?q=値#frag",
            "https://пример.рф/путь",
            "http://user:пароль@bücher.de:8080/é",
            "https://example.com/é",
            "https://EXAMPLE.com/Path",
            "mailto:josé@example.com",
            "urn:x:é",
            "foo://bücher.de/x",
        ];
        let changed = [
            "https://例え.jp/%E3%83%91",
            "https://example.com/a%41",
            "https://例え.JP/x",
            "https://ＥＸＡＭＰＬＥ.com/",
            "https://be\u{301}cher.de/",
            "https://xn--r8jz45g.jp/",
            "https://XN--R8JZ45G.jp/",
            "mailto:a@bücher.de",
            "https://example.com/\u{FFFD}",
            "https://example.com/a\u{3000}b",
            "https://example.com/?\u{E000}",
        ];
        for iri in kept.iter().chain(&changed) {
            let Ok(parsed) = IriRef::parse(iri) else { continue };
            let Ok(uri) = to_uri(iri) else { continue };
            let back = to_iri(&uri);
            if parsed.maps_back_to_itself() {
                assert_eq!(back, *iri, "{iri}");
            }
            assert_eq!(
                parsed.maps_back_to_itself(),
                kept.contains(iri),
                "{iri} -> {uri} -> {back}"
            );
        }
        assert!(!IriRef::parse("//例え.jp/").unwrap().maps_back_to_itself());
    }
}
