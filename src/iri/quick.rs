//! A one-pass check for the shape most links have: the finder validates
//! every candidate link, and most are a scheme, a plain authority, then
//! path, query and fragment, which one walk decides without the parser's
//! component spans.

use super::parse::{allowed_chunks_end, ascii_in, char_at, QUICK, QUICK_PATH, QUICK_QUERY, REG_NAME, SCHEME_TAIL};
use crate::chars::{is_bidi_control, is_iprivate, is_ucschar};
use crate::pct::is_pct_encoded;

/// One pass over the common shape of an absolute IRI: `scheme ":"`, an
/// optional `//` authority with a registered name (no userinfo, no IP
/// literal) and port, then path, query and fragment. `true` only for
/// strings [`parse`] accepts; `false` means "not this shape, or invalid":
/// ask `parse`. The finder validates every candidate link, and most are of
/// this shape.
pub(crate) fn quick_valid_iri(s: &str) -> bool {
    let b = s.as_bytes();
    if !b.first().is_some_and(u8::is_ascii_alphabetic) {
        return false;
    }
    let mut i = 1;
    while i < b.len() && ascii_in(SCHEME_TAIL, b[i]) {
        i += 1;
    }
    if b.get(i) != Some(&b':') {
        return false;
    }
    i += 1;
    let pct = |i: usize| is_pct_encoded(b, i);
    if b[i..].starts_with(b"//") {
        i += 2;
        // ireg-name
        while i < b.len() {
            let c = b[i];
            if ascii_in(REG_NAME, c) {
                i += 1;
            } else if c == b'%' && pct(i) {
                i += 3;
            } else if c >= 0x80 {
                // Letters of the common scripts are ucschar (a test checks).
                let run = crate::letters::common_letters_end(b, i, b.len());
                if run > i {
                    i = run;
                    continue;
                }
                let ch = char_at(s, i);
                if !is_ucschar(ch) || is_bidi_control(ch) {
                    return false;
                }
                i += ch.len_utf8();
            } else {
                break;
            }
        }
        // [ ":" port ]
        if b.get(i) == Some(&b':') {
            i += 1;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
        }
        if i < b.len() && !matches!(b[i], b'/' | b'?' | b'#') {
            return false;
        }
    }
    // ipath, [ "?" iquery ], [ "#" ifragment ]: the path allows PATH, the
    // query and fragment QUERY (= FRAGMENT), only the query iprivate.
    let mut allowed = QUICK_PATH;
    let mut private = false;
    let mut in_fragment = false;
    while i < b.len() {
        i = allowed_chunks_end(b, i, b.len(), allowed);
        let Some(&c) = b.get(i) else { break };
        if c < 0x80 {
            if c == b'%' {
                if !pct(i) {
                    return false;
                }
                i += 3;
            } else if QUICK[c as usize] & allowed != 0 {
                i += 1;
            } else if c == b'?' && allowed == QUICK_PATH {
                allowed = QUICK_QUERY;
                private = true;
                i += 1;
            } else if c == b'#' && !in_fragment {
                allowed = QUICK_QUERY; // FRAGMENT == QUERY
                private = false;
                in_fragment = true;
                i += 1;
            } else {
                return false;
            }
        } else {
            // Letters of the common scripts are ucschar (a test checks).
            let run = crate::letters::common_letters_end(b, i, b.len());
            if run > i {
                i = run;
                continue;
            }
            let ch = char_at(s, i);
            if is_bidi_control(ch) || !(is_ucschar(ch) || (private && is_iprivate(ch))) {
                return false;
            }
            i += ch.len_utf8();
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::iri::parse::{parse, Mode};
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

        #[test]
        fn quick_check_accepts_only_what_the_parser_accepts(s in iri_like()) {
            if quick_valid_iri(&s) {
                prop_assert!(parse(&s, Mode::Absolute).is_ok(), "{s:?}");
            }
        }

        /// After a plain authority the quick check knows every rule: it
        /// must agree with the parser both ways, on tails long enough for
        /// the eight-byte path (and `%` anywhere in or across its eights).
        #[test]
        fn quick_check_agrees_with_the_parser_after_a_plain_authority(
            tail in prop::collection::vec(prop::sample::select(PIECES), 0..64).prop_map(|v| v.concat()),
        ) {
            let s = format!("http://a.example/{tail}");
            prop_assert_eq!(quick_valid_iri(&s), parse(&s, Mode::Absolute).is_ok(), "{:?}", s);
        }

        /// `to_uri_plain` maps every string the quick check accepts as
        /// `to_uri` does, though it finds the components by their
        /// delimiters alone: IDN hosts, ports, `mailto:` lists.
        #[test]
        fn plain_mapping_agrees_with_the_parser(tail in iri_like()) {
            for s in [
                format!("http://{tail}"),
                format!("mailto:{tail}"),
                format!("urn:{tail}"),
                format!("http://例え.jp{tail}"),
                format!("mailto:a@пример.рф,{tail}"),
                tail.clone(),
            ] {
                let opts = crate::iri::ToUriOptions::default();
                if let Some(plain) = super::super::map::to_uri_plain(&s, &opts) {
                    let parsed = crate::IriRef::parse(&s).map_err(crate::MapError::from);
                    prop_assert_eq!(plain, parsed.and_then(|r| super::super::map::map_parsed(&r, &opts)), "{:?}", s);
                }
            }
        }

        #[test]
        fn quick_check_on_scheme_prefixed_strings(tail in iri_like()) {
            for s in [format!("http://{tail}"), format!("mailto:{tail}"), format!("urn:{tail}")] {
                if quick_valid_iri(&s) {
                    prop_assert!(parse(&s, Mode::Absolute).is_ok(), "{s:?}");
                }
            }
        }
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
