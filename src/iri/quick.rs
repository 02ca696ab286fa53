//! The one-pass parser of the shape most IRIs have: `scheme ":"`, an
//! optional `//` authority (a registered name, IPv4 address or IP literal,
//! optionally a userinfo without `:` and a port), then path, query and
//! fragment.
//!
//! One table lookup and one AND per byte decide whether a byte may stay
//! in the current component (a flag per component in `BYTES`), eight
//! bytes per branch over the long runs; characters of the common scripts
//! need no decoding (their lead byte is enough: see `BYTES`); delimiters
//! end one run and start the next, so nothing is walked twice and only
//! offsets are recorded. Whatever is not this shape, or not valid,
//! returns `None`: the component parser in `parse.rs` then gives the
//! answer (and the error, with its offset), so both always agree — the
//! tests check it, and that this parser accepts only what that one does.

use super::parse::{
    char_at, has_byte, is_ipv4, is_ipv6, is_ipvfuture, HostKind, Spans, PATH, QUERY, REG_NAME, SCHEME_TAIL,
};
use crate::chars::{is_bidi_control, is_iprivate, is_ucschar};
use crate::pct::{is_pct_encoded, pcts_ok};

/// Flags of `BYTES`: the byte may continue a path (`ipath`), a query or
/// fragment (`iquery`, `ifragment`: the same ASCII), a registered name
/// (`ireg-name`, also the userinfo up to a `:`), a scheme after its first
/// letter.
const IN_PATH: u8 = 1;
const IN_QUERY: u8 = 2;
const IN_HOST: u8 = 4;
const IN_SCHEME: u8 = 8;
const IN_TEXT: u8 = IN_PATH | IN_QUERY | IN_HOST;

/// Per byte value, the components it may continue (`IN_*`).
///
/// - ASCII: the production's characters (RFC 3987 §2.2); `%` too, whose
///   two hex digits are checked apart.
/// - Continuation bytes (0x80–0xBF): always, since the input is UTF-8 and
///   the lead byte before them has been judged.
/// - Lead bytes of characters that are all `ucschar` and none a bidi
///   control: 0xC3–0xDF (U+00C0–U+07FF), 0xE0, 0xE1 (U+0800–U+1FFF),
///   0xE3–0xED (U+3000–U+D7FF: CJK, Hangul; UTF-8 holds no surrogates).
/// - Not: 0xC2 (U+0080–U+009F are controls), 0xE2 (U+2000–U+2FFF holds
///   the bidi controls), 0xEE, 0xEF (private use, non-characters,
///   specials), 0xF0–0xF4 (non-characters at the end of each plane,
///   private use, tags): those are decoded and judged one by one.
static BYTES: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 128 {
        let bit = 1u128 << c;
        if PATH & bit != 0 {
            t[c] |= IN_PATH;
        }
        if QUERY & bit != 0 {
            t[c] |= IN_QUERY;
        }
        if REG_NAME & bit != 0 {
            t[c] |= IN_HOST;
        }
        if SCHEME_TAIL & bit != 0 {
            t[c] |= IN_SCHEME;
        }
        c += 1;
    }
    t[b'%' as usize] |= IN_TEXT;
    let mut c = 0x80;
    while c < 0x100 {
        if c <= 0xBF || (c >= 0xC3 && c <= 0xE1 && c != 0xE2) || (c >= 0xE3 && c <= 0xED) {
            t[c] |= IN_TEXT;
        }
        c += 1;
    }
    t
};

/// Where the run of bytes that may continue the component `bit` ends,
/// from `i`: eight bytes per step while all eight may (a `%` among them
/// checked with its digits), then byte by byte. Stops at a delimiter, at
/// a byte the component does not allow, at a `%` without two hex digits,
/// or at the lead byte of a character to judge apart.
#[inline(always)]
fn run_end(b: &[u8], mut i: usize, bit: u8) -> usize {
    while i + 10 <= b.len() {
        let chunk: &[u8; 8] = b[i..i + 8].try_into().expect("eight bytes");
        if chunk.iter().fold(bit, |all, &c| all & BYTES[c as usize]) == 0 || (has_byte(chunk, b'%') && !pcts_ok(b, i)) {
            break;
        }
        i += 8;
    }
    while let Some(&c) = b.get(i) {
        if BYTES[c as usize] & bit == 0 {
            break;
        }
        if c == b'%' {
            if !is_pct_encoded(b, i) {
                break;
            }
            i += 3;
        } else {
            i += 1;
        }
    }
    i
}

/// The end of the component `bit` that starts at `i`: runs of allowed
/// bytes, and between them the characters `BYTES` leaves to be judged
/// (`ucschar`, not a bidi control; `iprivate` too where `private`).
#[inline(always)]
fn component_end(s: &str, mut i: usize, bit: u8, private: bool) -> usize {
    let b = s.as_bytes();
    loop {
        i = run_end(b, i, bit);
        match b.get(i) {
            Some(&c) if c >= 0x80 => {
                let ch = char_at(s, i);
                if is_bidi_control(ch) || !(is_ucschar(ch) || (private && is_iprivate(ch))) {
                    return i;
                }
                i += ch.len_utf8();
            }
            _ => return i,
        }
    }
}

/// The spans of `s` if it is a valid IRI of the common shape (see the
/// module notes), exactly as [`parse`](super::parse::parse) would give
/// them; `None` otherwise (not this shape, or not valid: ask `parse`).
#[inline]
pub(crate) fn parse_common(s: &str) -> Option<Spans> {
    let b = s.as_bytes();
    // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
    if !b.first().is_some_and(u8::is_ascii_alphabetic) {
        return None;
    }
    let mut i = 1;
    while i < b.len() && BYTES[b[i] as usize] & IN_SCHEME != 0 {
        i += 1;
    }
    if b.get(i) != Some(&b':') {
        return None;
    }
    let mut spans = Spans {
        scheme_colon: Some(i),
        ..Spans::default()
    };
    i += 1;
    if b[i..].starts_with(b"//") {
        // iauthority = [ iuserinfo "@" ] ihost [ ":" port ]: the first `@`
        // ends the userinfo (as in `parse`); a userinfo with `:` is left to
        // `parse`.
        let start = i + 2;
        let mut host_start = start;
        let mut host_end = component_end(s, start, IN_HOST, false);
        if b.get(host_end) == Some(&b'@') {
            spans.userinfo_at = Some(host_end);
            host_start = host_end + 1;
            host_end = component_end(s, host_start, IN_HOST, false);
        }
        let host_kind = if host_end == host_start && b.get(host_start) == Some(&b'[') {
            let (kind, close) = ip_literal(b, host_start)?;
            host_end = close + 1;
            kind
        } else {
            // An IPv4address starts with a digit: only then is it looked for.
            let host = &b[host_start..host_end];
            match host.first().is_some_and(u8::is_ascii_digit) && is_ipv4(host) {
                true => HostKind::Ipv4,
                false => HostKind::RegName,
            }
        };
        let mut end = host_end;
        if b.get(host_end) == Some(&b':') {
            end += 1;
            while b.get(end).is_some_and(u8::is_ascii_digit) {
                end += 1;
            }
            spans.port = Some((host_end + 1, end));
        }
        if end < b.len() && !matches!(b[end], b'/' | b'?' | b'#') {
            return None;
        }
        spans.authority = Some((start, end));
        spans.host = (host_start, host_end);
        spans.host_kind = Some(host_kind);
        i = end;
    }
    // ipath, [ "?" iquery ], [ "#" ifragment ]: only the query allows
    // iprivate.
    let path_end = component_end(s, i, IN_PATH, false);
    spans.path = (i, path_end);
    i = path_end;
    if b.get(i) == Some(&b'?') {
        let end = component_end(s, i + 1, IN_QUERY, true);
        spans.query = Some((i + 1, end));
        i = end;
    }
    if b.get(i) == Some(&b'#') {
        spans.fragment = Some(i + 1);
        i = component_end(s, i + 1, IN_QUERY, false);
    }
    (i == b.len()).then_some(spans)
}

/// The IP literal whose `[` is at `open`: its kind and where its `]` is,
/// if it is valid (`parse` takes the first `]` before the authority ends).
fn ip_literal(b: &[u8], open: usize) -> Option<(HostKind, usize)> {
    let close = open
        + 1
        + b[open + 1..]
            .iter()
            .position(|&c| matches!(c, b']' | b'/' | b'?' | b'#'))?;
    if b[close] != b']' {
        return None;
    }
    let inner = &b[open + 1..close];
    let kind = if inner.first().is_some_and(|&c| c == b'v' || c == b'V') {
        is_ipvfuture(inner).then_some(HostKind::IpvFuture)?
    } else {
        is_ipv6(inner).then_some(HostKind::Ipv6)?
    };
    Some((kind, close))
}

/// Whether `s` is a valid IRI of the common shape ([`parse_common`]):
/// `true` only for strings `parse` accepts; `false` means "not this
/// shape, or invalid": ask `parse`.
pub(crate) fn quick_valid_iri(s: &str) -> bool {
    parse_common(s).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::iri::parse::{parse_by_components, Mode};
    use proptest::prelude::*;

    /// Pieces that exercise every branch of the quick check: delimiters,
    /// percent-encodings good and bad, userinfo, IP literals, ports,
    /// ucschar, iprivate, bidi controls, characters no IRI allows.
    const PIECES: &[&str] = &[
        "http",
        "h",
        "x+y",
        "1",
        ":",
        "//",
        "/",
        "?",
        "#",
        "@",
        "[",
        "]",
        "::1",
        "v1.x",
        "a",
        "Z",
        "0",
        "-",
        ".",
        "_",
        "~",
        "!",
        "$",
        "&",
        "'",
        "(",
        ")",
        "*",
        "+",
        ",",
        ";",
        "=",
        "%",
        "%4",
        "%41",
        "%zz",
        "é",
        "例",
        "\u{E000}",
        "\u{202E}",
        "\u{200E}",
        "\u{FFFE}",
        " ",
        "<",
        "\"",
        "{",
        "|",
        "\\",
        "^",
        "`",
        "80",
        ":8080",
        "пример",
        ".рф",
        "例え",
        ",",
        "x@",
        "@例え.jp",
        "xn--p1ai",
    ];

    fn iri_like() -> impl Strategy<Value = String> {
        prop::collection::vec(prop::sample::select(PIECES), 0..24).prop_map(|v| v.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(20_000))]

        /// The one-pass parser answers only "valid", and then with the
        /// component parser's spans, in both modes.
        #[test]
        fn one_pass_spans_are_the_component_parsers(s in iri_like()) {
            if let Some(spans) = parse_common(&s) {
                prop_assert_eq!(parse_by_components(&s, Mode::Absolute), Ok(spans), "{:?}", s);
                prop_assert_eq!(parse_by_components(&s, Mode::Reference), Ok(spans), "{:?}", s);
            }
        }

        /// After a plain authority the one-pass parser knows every rule: it
        /// must agree with the component parser both ways, on tails long
        /// enough for the eight-byte steps (and `%` anywhere in or across
        /// its eights).
        #[test]
        fn one_pass_agrees_with_the_component_parser_after_a_plain_authority(
            tail in prop::collection::vec(prop::sample::select(PIECES), 0..64).prop_map(|v| v.concat()),
        ) {
            for s in [format!("http://a.example/{tail}"), format!("http://{tail}"), format!("urn:{tail}")] {
                let by_components = parse_by_components(&s, Mode::Absolute);
                match parse_common(&s) {
                    Some(spans) => prop_assert_eq!(by_components, Ok(spans), "{:?}", s),
                    // Only a userinfo with `:` is left to the component
                    // parser when valid.
                    None => prop_assert!(by_components.is_err() || s.contains('@'), "{:?}", s),
                }
            }
        }

        #[test]
        fn quick_check_on_scheme_prefixed_strings(tail in iri_like()) {
            for s in [format!("http://{tail}"), format!("mailto:{tail}"), format!("urn:{tail}")] {
                if let Some(spans) = parse_common(&s) {
                    prop_assert_eq!(parse_by_components(&s, Mode::Absolute), Ok(spans), "{:?}", s);
                }
            }
        }
    }

    #[test]
    fn lead_bytes_taken_whole_start_only_ucschar_without_bidi_controls() {
        for c in ('\u{80}'..=char::MAX).filter(|c| BYTES[c.encode_utf8(&mut [0; 4]).as_bytes()[0] as usize] != 0) {
            assert!(is_ucschar(c) && !is_bidi_control(c), "U+{:04X}", c as u32);
        }
    }

    #[test]
    fn ascii_flags_are_the_grammars_masks() {
        for c in 0..128u8 {
            let has = |mask: u128| mask & (1u128 << c) != 0 || (c == b'%' && mask != SCHEME_TAIL);
            let flags = BYTES[c as usize];
            assert_eq!(flags & IN_PATH != 0, has(PATH), "{c}");
            assert_eq!(flags & IN_QUERY != 0, has(QUERY), "{c}");
            assert_eq!(flags & IN_HOST != 0, has(REG_NAME), "{c}");
            assert_eq!(flags & IN_SCHEME != 0, has(SCHEME_TAIL), "{c}");
        }
    }

    #[test]
    fn one_pass_leaves_userinfo_with_colon_and_invalid_ip_literals_to_the_component_parser() {
        assert_eq!(parse_common("http://u:p@例え.jp/"), None);
        assert!(crate::Iri::parse("http://u:p@例え.jp/").is_ok());
        for s in ["http://[::1]:80/x", "http://u@[v7.x]/", "http://[2001:db8::1]"] {
            let spans = parse_common(s).expect("an IP literal");
            assert_eq!(Ok(spans), parse_by_components(s, Mode::Absolute), "{s}");
        }
        for s in [
            "http://[::1/",
            "http://[::1]x/",
            "http://[::g]/",
            "http://[v.x]/",
            "http://[::1]@x/",
        ] {
            assert_eq!(parse_common(s), None, "{s}");
        }
        let spans = parse_common("http://u@例え.jp:8080/p?q#f").expect("the common shape");
        assert_eq!(
            Ok(spans),
            parse_by_components("http://u@例え.jp:8080/p?q#f", Mode::Absolute)
        );
        assert_eq!(spans.userinfo_at, Some(8));
        assert_eq!(
            parse_common("http://192.0.2.1/").and_then(|s| s.host_kind),
            Some(HostKind::Ipv4)
        );
    }

    #[test]
    fn quick_check_accepts_the_common_shapes() {
        for s in [
            "https://www.example.com/path/to/page?x=1&y=2#top",
            "http://例え.テスト/パス",
            "https://документы.пример.рф/поиск-ссылок/",
            "http://a.example:8080/",
            "ftp://ftp.example.org/pub/file.tar.gz",
            "mailto:someone@example.com",
            "urn:isbn:0451450523",
            "https://en.wikipedia.org/wiki/Mercury_%28planet%29",
            "http://example.com/?q=\u{E000}",
        ] {
            assert!(quick_valid_iri(s), "{s}");
        }
        for s in [
            "http://example.com/a b",
            "http://example.com/#a#b",
            "http://e.com/%zz",
            "http://e.com/\u{202E}",
        ] {
            assert!(!quick_valid_iri(s), "{s}");
        }
    }
}
