//! The RFC 3987 §5.3 comparison ladder: simple string comparison, then
//! syntax-based normalization (§5.3.2), then scheme-based normalization
//! (§5.3.3) for http, https, ws and wss.

use super::parse::HostKind;
use super::to_iri::fit_for_iri;
use super::{remove_dot_segments, uses_dns, IriRef, ParseError};
use crate::pct::push_pct_byte;

/// Case and percent-encoding normalization of one component (§5.3.2.1,
/// §5.3.2.3): `%xx` hex in uppercase; octets that encode unreserved ASCII
/// or an `iunreserved` character in strict UTF-8 are decoded.
fn normalize_pct(out: &mut String, s: &str, in_query: bool) {
    let b = s.as_bytes();
    let mut i = 0;
    let mut last = 0;
    while i < b.len() {
        if b[i] != b'%' {
            i += 1;
            continue;
        }
        out.push_str(&s[last..i]);
        // Collect the run of %XX.
        let mut octets = Vec::new();
        let mut j = i;
        while j + 2 < b.len() && b[j] == b'%' && b[j + 1].is_ascii_hexdigit() && b[j + 2].is_ascii_hexdigit() {
            octets.push(crate::pct::pct_octet(b[j + 1], b[j + 2]));
            j += 3;
        }
        if octets.is_empty() {
            out.push('%');
            i += 1;
            last = i;
            continue;
        }
        let mut k = 0;
        while k < octets.len() {
            let o = octets[k];
            if o < 0x80 {
                if crate::chars::is_unreserved(o) {
                    out.push(o as char);
                } else {
                    push_pct_byte(out, o);
                }
                k += 1;
                continue;
            }
            let len = match o {
                0xC2..=0xDF => 2,
                0xE0..=0xEF => 3,
                0xF0..=0xF4 => 4,
                _ => 1,
            };
            let ch = (k + len <= octets.len())
                .then(|| {
                    core::str::from_utf8(&octets[k..k + len])
                        .ok()
                        .and_then(|s| s.chars().next())
                })
                .flatten()
                .filter(|&c| fit_for_iri(c, in_query));
            if let Some(c) = ch {
                out.push(c);
                k += len;
            } else {
                push_pct_byte(out, o);
                k += 1;
            }
        }
        i = j;
        last = j;
    }
    out.push_str(&s[last..]);
}

fn default_port(scheme: &str) -> Option<&'static str> {
    match scheme {
        "http" | "ws" => Some("80"),
        "https" | "wss" => Some("443"),
        "ftp" => Some("21"),
        _ => None,
    }
}

/// Normalizes an IRI reference by the RFC 3987 §5.3 ladder: syntax-based
/// (lowercase scheme and ASCII host, uppercase `%xx` hex, decoding of
/// percent-encoded unreserved characters, removal of dot segments) and
/// scheme-based for http, https, ws, wss and ftp (default or empty port
/// removed, empty path with an authority becomes `/`). Character
/// normalization (NFC) is not applied: canonically equivalent IRIs stay
/// different, as §5.3.2.2 allows only for IRIs known to be normalized.
///
/// ```
/// use iriscan::iri::normalize;
/// assert_eq!(normalize("eXAMPLE://a/./b/../b/%63/%7bfoo%7d")?, "example://a/b/c/%7Bfoo%7D");
/// assert_eq!(normalize("HTTP://www.EXAMPLE.com:80")?, "http://www.example.com/");
/// # Ok::<(), iriscan::ParseError>(())
/// ```
pub fn normalize(iri: &str) -> Result<String, ParseError> {
    let r = IriRef::parse(iri)?;
    let mut out = String::with_capacity(iri.len());
    let scheme = r.scheme().map(str::to_ascii_lowercase);
    if let Some(s) = &scheme {
        out.push_str(s);
        out.push(':');
    }
    if r.authority().is_some() {
        out.push_str("//");
        if let Some(u) = r.userinfo() {
            normalize_pct(&mut out, u, false);
            out.push('@');
        }
        let host = r.host().unwrap_or("");
        match r.host_kind() {
            Some(HostKind::RegName) => {
                // Lowercase the host's letters but not the hex digits of
                // the %XX triplets normalize_pct just uppercased (RFC 3986
                // §6.2.2.1: percent-encodings use uppercase hex).
                let mut h = String::new();
                normalize_pct(&mut h, host, false);
                // Only a host of US-ASCII characters is case-normalized
                // (RFC 3987 §5.3.2.1), or one of a scheme that resolves
                // names in the DNS, whose case IDNA folds (§5.3.3):
                // `scheme://Alpha%CE%B1/` keeps its `A`.
                if !h.is_ascii() && !scheme.as_deref().is_some_and(uses_dns) {
                    out.push_str(&h);
                    h.clear();
                }
                let mut rest = h.as_str();
                while let Some(p) = rest.find('%') {
                    out.push_str(&rest[..p].to_ascii_lowercase());
                    let end = (p + 3).min(rest.len());
                    out.push_str(&rest[p..end]);
                    rest = &rest[end..];
                }
                out.push_str(&rest.to_ascii_lowercase());
            }
            _ => out.push_str(&host.to_ascii_lowercase()),
        }
        if let Some(p) = r.port() {
            // The port is a decimal number (RFC 3986 §3.2.3): `:00080` is
            // http's 80, which scheme-based normalization drops (§6.2.3);
            // for the schemes it knows, leading zeros go.
            let default = scheme.as_deref().and_then(default_port);
            let p = if default.is_some() {
                let digits = p.trim_start_matches('0');
                if digits.is_empty() && !p.is_empty() {
                    "0"
                } else {
                    digits
                }
            } else {
                p
            };
            if !p.is_empty() && Some(p) != default {
                out.push(':');
                out.push_str(p);
            }
        }
    }
    let mut path = String::new();
    normalize_pct(&mut path, r.path(), false);
    // Dot segments are removed where the path is hierarchical: with a scheme
    // or authority (RFC 3986 §6.2.2.3); a relative path keeps its `..`.
    if r.scheme().is_some() || r.authority().is_some() {
        path = remove_dot_segments(&path);
    }
    let http_like = matches!(scheme.as_deref(), Some("http" | "https" | "ws" | "wss" | "ftp"));
    if http_like && r.authority().is_some() && path.is_empty() {
        path.push('/');
    }
    if r.authority().is_none() && path.starts_with("//") {
        // Removing dot segments can turn "/.//a" into "//a", which would
        // read as an authority: keep a "/." in front, as resolution does
        // (RFC 3986 §5.2.4, errata 4005).
        out.push_str("/.");
    }
    out.push_str(&path);
    if let Some(q) = r.query() {
        out.push('?');
        normalize_pct(&mut out, q, true);
    }
    if let Some(f) = r.fragment() {
        out.push('#');
        normalize_pct(&mut out, f, false);
    }
    Ok(out)
}

/// Whether two IRI references are equivalent by the RFC 3987 §5.3 ladder
/// (simple string comparison, then [`normalize`] of both). Strings that do
/// not parse are equivalent only if identical.
///
/// ```
/// use iriscan::iri::equivalent;
/// assert!(equivalent("http://example.com", "http://example.com:80/"));
/// assert!(!equivalent("http://example.com/", "http://example.com/?"));
/// assert!(!equivalent("http://example.com/", "http://example.com/#"));
/// ```
pub fn equivalent(a: &str, b: &str) -> bool {
    if a == b {
        return true;
    }
    match (normalize(a), normalize(b)) {
        (Ok(x), Ok(y)) => x == y,
        _ => false,
    }
}
