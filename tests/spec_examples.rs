//! Every example of `/work/shared/spec/EXAMPLES.md` (RFC 3987, 3987bis,
//! RFC 3986 §5.4) as a test, plus parser-accessor tests for each rule of the
//! §2.2 ABNF that has an edge (IP literals, dec-octets, iprivate, …).
//!
//! Tests are named for the rule they check. Table-driven tests print the
//! failing row.

use iriscan::iri::{equivalent, leiri_to_iri, normalize, resolve, to_uri_with, HostMapping, ToUriOptions};
use iriscan::{to_iri, to_uri, Component, ErrorKind, HostKind, Iri, IriRef};
#[path = "oracle/mod.rs"]
mod grammar;

/// Asserts that the hand parser and the regex grammar agree that `s` is (or
/// is not) an IRI reference, and returns the verdict.
fn both_accept_reference(s: &str) -> bool {
    let parser = IriRef::parse(s).is_ok();
    assert_eq!(
        parser,
        grammar::is_iri_reference(s),
        "parser and grammar disagree on {s:?}"
    );
    parser
}

fn both_accept_iri(s: &str) -> bool {
    let parser = Iri::parse(s).is_ok();
    assert_eq!(parser, grammar::is_iri(s), "parser and grammar disagree on {s:?}");
    parser
}

// ---------------------------------------------------------------------------
// IRI → URI (RFC 3987 §3.1, 3987bis §3.3–3.4)
// ---------------------------------------------------------------------------

#[test]
fn iri_to_uri_examples_table() {
    // (IRI, URI, note) with default options: IDNA for http hosts.
    let rows: &[(&str, &str, &str)] = &[
        (
            "http://www.example.org/red%09ros\u{E9}#red",
            "http://www.example.org/red%09ros%C3%A9#red",
            "existing %09 untouched (RFC 3987 §3.1 note)",
        ),
        (
            "http://example.com/\u{10300}\u{10301}\u{10302}",
            "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82",
            "non-BMP: UTF-8, not CESU-8",
        ),
        (
            "http://r\u{E9}sum\u{E9}.example.org",
            "http://xn--rsum-bpad.example.org",
            "ireg-name by IDNA (3987bis §3.4.2)",
        ),
        (
            "http://validator.w3.org/check?uri=http%3A%2F%2Fr\u{E9}sum\u{E9}.example.org",
            "http://validator.w3.org/check?uri=http%3A%2F%2Fr%C3%A9sum%C3%A9.example.org",
            "an IDN inside the query is not punycoded (3987bis §3.4.3)",
        ),
        (
            "http://www.example.org/r\u{E9}sum\u{E9}.html",
            "http://www.example.org/r%C3%A9sum%C3%A9.html",
            "RFC 3987 §6.4",
        ),
        (
            "http://www.example.org/r%E9sum%E9.xml#r\u{E9}sum\u{E9}",
            "http://www.example.org/r%E9sum%E9.xml#r%C3%A9sum%C3%A9",
            "legacy-encoded path, UTF-8 fragment",
        ),
    ];
    for (iri, uri, note) in rows {
        let got = to_uri(iri).unwrap_or_else(|e| panic!("row {iri:?} ({note}): {e}"));
        assert_eq!(got, *uri, "row {iri:?} ({note})");
    }
}

#[test]
fn ireg_name_by_percent_encoding_with_host_mapping_option() {
    // 3987bis §3.4.1: the general mapping percent-encodes ireg-name too.
    let opts = ToUriOptions {
        host_mapping: HostMapping::PercentEncode,
        ..Default::default()
    };
    assert_eq!(
        to_uri_with("http://r\u{E9}sum\u{E9}.example.org", &opts).unwrap(),
        "http://r%C3%A9sum%C3%A9.example.org"
    );
}

#[test]
fn ireg_name_by_idna_is_the_default_for_http() {
    // 3987bis §3.4.2, RFC 3987 §3.1 ToASCII.
    assert_eq!(
        to_uri("http://r\u{E9}sum\u{E9}.example.org").unwrap(),
        "http://xn--rsum-bpad.example.org"
    );
    let idna = ToUriOptions {
        host_mapping: HostMapping::Idna,
        ..Default::default()
    };
    assert_eq!(
        to_uri_with("foo://r\u{E9}sum\u{E9}.example.org", &idna).unwrap(),
        "foo://xn--rsum-bpad.example.org"
    );
    // A scheme not known to use DNS gets the general mapping by default.
    assert_eq!(
        to_uri("foo://r\u{E9}sum\u{E9}.example.org").unwrap(),
        "foo://r%C3%A9sum%C3%A9.example.org"
    );
}

#[test]
fn iri_to_uri_is_not_whole_string_escaping() {
    // RFC 3987 §3.1 note: not "http%3A%2F%2Fwww.example.org%2Fred%2509ros%C3%A9%23red".
    let uri = to_uri("http://www.example.org/red%09ros\u{E9}#red").unwrap();
    assert!(
        !uri.contains("%3A") && !uri.contains("%25") && !uri.contains("%23"),
        "{uri}"
    );
}

#[test]
fn non_bmp_characters_map_to_four_byte_utf8_not_cesu8() {
    let uri = to_uri("http://example.com/\u{10300}\u{10301}\u{10302}").unwrap();
    assert!(!uri.contains("%ED%A0"), "CESU-8 surrogate encoding in {uri}");
    assert_eq!(uri, "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82");
    // And back (RFC 3987 §3.2): the 4-byte sequences decode.
    assert_eq!(to_iri(&uri), "http://example.com/\u{10300}\u{10301}\u{10302}");
    // The CESU-8 form is not UTF-8 (encoded surrogates): it must not decode.
    let cesu = "http://example.com/%ED%A0%80%ED%BC%80";
    assert_eq!(to_iri(cesu), cesu);
}

#[test]
fn iri_to_uri_is_identity_on_uris() {
    // RFC 3987 §3.1: "The mapping is also an identity transformation for URIs".
    for uri in [
        "http://www.example.org/red%09ros%C3%A9#red",
        "http://xn--rsum-bpad.example.org",
        "urn:isbn:0451450523",
        "mailto:a@b.example",
        "http://[::1]:80/?a=b#c",
    ] {
        let got = to_uri(uri).unwrap();
        assert!(matches!(got, std::borrow::Cow::Borrowed(_)), "{uri}");
        assert_eq!(got, uri);
    }
}

// ---------------------------------------------------------------------------
// URI → IRI (RFC 3987 §3.2, 3987bis §4)
// ---------------------------------------------------------------------------

#[test]
fn uri_to_iri_examples_table() {
    let rows: &[(&str, &str, &str)] = &[
        (
            "http://www.example.org/D%C3%BCrst",
            "http://www.example.org/D\u{FC}rst",
            "%C3%BC is strict UTF-8 for U+00FC",
        ),
        (
            "http://www.example.org/D%FCrst",
            "http://www.example.org/D%FCrst",
            "%FC alone is not UTF-8: re-encoded in step 3",
        ),
        (
            "http://xn--99zt52a.example.org/%e2%80%ae",
            "http://\u{7D0D}\u{8C46}.example.org/%E2%80%AE",
            "U+202E stays encoded (step 4); step 6 ToUnicode of xn--99zt52a",
        ),
        (
            "http://www.example.org/r%C3%A9sum%C3%A9.html",
            "http://www.example.org/r\u{E9}sum\u{E9}.html",
            "RFC 3987 §6.4",
        ),
        (
            "http://www.example.org/r%E9sum%E9.html",
            "http://www.example.org/r%E9sum%E9.html",
            "must not guess iso-8859-1",
        ),
    ];
    for (uri, iri, why) in rows {
        assert_eq!(to_iri(uri), *iri, "row {uri:?} ({why})");
        assert!(both_accept_iri(&to_iri(uri)), "row {uri:?}: output does not parse");
    }
}

#[test]
fn rlo_stays_percent_encoded_with_uppercase_hex() {
    // RFC 3987 §3.2 step 4 / §4.1: U+202E must not appear in an IRI. Without
    // step 6 (a scheme not known to use DNS) the host stays as written.
    let got = to_iri("foo://xn--99zt52a.example.org/%e2%80%ae");
    assert_eq!(got, "foo://xn--99zt52a.example.org/%E2%80%AE");
    let got = to_iri("http://xn--99zt52a.example.org/%e2%80%ae");
    assert!(got.ends_with("/%E2%80%AE"), "{got}");
}

#[test]
fn dns_host_ace_label_to_unicode_step_6() {
    // 3987bis §4 step 6: xn--99zt52a is U+7D0D U+8C46 (納豆).
    assert_eq!(to_iri("http://xn--99zt52a.example.org/"), "http://納豆.example.org/");
}

#[test]
fn dns_host_labels_that_start_with_multibyte_characters_are_left_alone() {
    // Step 6 looks for "xn--" at the start of each label: a label whose
    // first bytes belong to a multi-byte character must not be sliced.
    assert_eq!(to_iri("http://例え"), "http://例え");
    assert_eq!(to_iri("http://例え.xn--99zt52a/"), "http://例え.納豆/");
    assert_eq!(to_iri("http://éxn--a.com/"), "http://éxn--a.com/");
}

#[test]
fn strict_utf8_decodes_latin1_byte_does_not() {
    // RFC 3987 §3.2: %C3%BC → ü; %FC stays.
    assert_eq!(
        to_iri("http://www.example.org/D%C3%BCrst"),
        "http://www.example.org/Dürst"
    );
    assert_eq!(
        to_iri("http://www.example.org/D%FCrst"),
        "http://www.example.org/D%FCrst"
    );
    assert_eq!(
        to_iri("http://www.example.org/D%fcrst"),
        "http://www.example.org/D%FCrst"
    );
}

#[test]
fn overlong_utf8_never_decodes() {
    // RFC 3987 §8: %C0%AF is an overlong encoding of "/".
    assert_eq!(to_iri("http://example.com/%C0%AF.."), "http://example.com/%C0%AF..");
    assert_eq!(to_iri("http://example.com/%E0%80%AF"), "http://example.com/%E0%80%AF");
    assert_eq!(
        to_iri("http://example.com/%F0%80%80%AF"),
        "http://example.com/%F0%80%80%AF"
    );
}

#[test]
fn reserved_and_percent_stay_encoded_unreserved_decodes() {
    // RFC 3987 §3.2 step 2: not "%", not reserved, not ASCII disallowed in URIs.
    assert_eq!(to_iri("http://e/%25%2F%3F%23%20%41%7E"), "http://e/%25%2F%3F%23%20A~");
}

// ---------------------------------------------------------------------------
// Comparison (RFC 3987 §5.3)
// ---------------------------------------------------------------------------

#[test]
fn character_normalization_nfc_and_nfd_are_not_equivalent() {
    let nfc = "http://www.example.org/r\u{E9}sum\u{E9}.html";
    let nfd = "http://www.example.org/re\u{301}sume\u{301}.html";
    assert_ne!(nfc, nfd);
    assert!(both_accept_iri(nfc) && both_accept_iri(nfd));
    assert!(!equivalent(nfc, nfd), "simple comparison must not normalize to NFC");
    assert_eq!(normalize(nfc).unwrap(), nfc);
    assert_eq!(normalize(nfd).unwrap(), nfd);
}

#[test]
fn syntax_based_normalization_case_pct_and_dot_segments() {
    let a = "example://a/b/c/%7Bfoo%7D";
    let b = "eXAMPLE://a/./b/../b/%63/%7bfoo%7d";
    assert!(equivalent(a, b));
    assert!(equivalent(b, a));
    assert_eq!(normalize(b).unwrap(), a);
    assert_eq!(normalize(a).unwrap(), a);
}

#[test]
fn case_normalization_of_scheme_and_ascii_host() {
    assert!(equivalent("HTTP://www.EXAMPLE.com/", "http://www.example.com/"));
    assert_eq!(normalize("HTTP://www.EXAMPLE.com/").unwrap(), "http://www.example.com/");
    // Path case is significant.
    assert!(!equivalent("http://example.com/A", "http://example.com/a"));
}

/// RFC 3987 §5.3.2.1: only a host of US-ASCII characters is lowercased;
/// a non-ASCII one keeps its case unless its scheme resolves names in the
/// DNS, whose case IDNA folds (§5.3.3).
#[test]
fn case_normalization_leaves_a_non_ascii_host_of_a_non_dns_scheme() {
    assert_eq!(normalize("SCHEME://Alpha%ce%b1/").unwrap(), "scheme://Alphaα/");
    assert_eq!(normalize("foo://Bücher.DE/").unwrap(), "foo://Bücher.DE/");
    assert_eq!(normalize("HTTP://Bücher.DE/").unwrap(), "http://bücher.de/");
    assert_eq!(normalize("foo://EXAMPLE.org/").unwrap(), "foo://example.org/");
}

/// RFC 3986 §3.2.3: a port is a decimal number, so `:00080` is http's 80
/// and goes as the default port does (§6.2.3); other ports of a scheme
/// normalization knows lose their leading zeros, unknown schemes keep
/// what they wrote.
#[test]
fn a_port_with_leading_zeros_is_its_number() {
    assert!(equivalent("HTTP://EXAMPLE.ORG:00080/", "HTTP://EXAMPLE.ORG:80/"));
    assert_eq!(normalize("http://example.org:00080/").unwrap(), "http://example.org/");
    assert_eq!(
        normalize("http://example.org:08080/").unwrap(),
        "http://example.org:8080/"
    );
    assert_eq!(normalize("http://example.org:000/").unwrap(), "http://example.org:0/");
    assert_eq!(normalize("foo://example.org:0080/").unwrap(), "foo://example.org:0080/");
}

#[test]
fn scheme_based_normalization_http_default_port_and_empty_path() {
    let forms = [
        "http://example.com",
        "http://example.com/",
        "http://example.com:/",
        "http://example.com:80/",
    ];
    for a in forms {
        assert_eq!(normalize(a).unwrap(), "http://example.com/", "{a}");
        for b in forms {
            assert!(equivalent(a, b), "{a} vs {b}");
        }
        assert!(!equivalent(a, "http://example.com/?"), "{a} vs empty query");
        assert!(!equivalent(a, "http://example.com/#"), "{a} vs empty fragment");
    }
}

#[test]
fn percent_encoded_hex_in_host_normalizes_to_uppercase() {
    // RFC 3986 §6.2.2.1: percent-encoding triplets use uppercase hex in
    // normal form, in every component, the host included; only the letters
    // of the (ASCII) host itself are lowercased.
    assert_eq!(normalize("foo://%c3x.EXAMPLE/").unwrap(), "foo://%C3x.example/");
    assert_eq!(normalize("foo://%4A.example/").unwrap(), "foo://j.example/");
}

#[test]
fn normalized_path_starting_with_double_slash_keeps_no_authority() {
    // RFC 3986 §5.2.4 / errata 4005: removing dot segments from "/.//a"
    // gives "//a", which after "scheme:" would read as an authority. The
    // normal form must keep the IRI's structure (and stay equivalent).
    let n = normalize("foo:/.//a").unwrap();
    let parsed = Iri::parse(&n).unwrap();
    assert_eq!(parsed.authority(), None, "{n}");
    assert_eq!(n, "foo:/.//a");
    assert_eq!(normalize(&n).unwrap(), n);
}

// ---------------------------------------------------------------------------
// Reference resolution (RFC 3986 §5.4)
// ---------------------------------------------------------------------------

const BASE: &str = "http://a/b/c/d;p?q";

const NORMAL: &[(&str, &str)] = &[
    ("g:h", "g:h"),
    ("g", "http://a/b/c/g"),
    ("./g", "http://a/b/c/g"),
    ("g/", "http://a/b/c/g/"),
    ("/g", "http://a/g"),
    ("//g", "http://g"),
    ("?y", "http://a/b/c/d;p?y"),
    ("g?y", "http://a/b/c/g?y"),
    ("#s", "http://a/b/c/d;p?q#s"),
    ("g#s", "http://a/b/c/g#s"),
    ("g?y#s", "http://a/b/c/g?y#s"),
    (";x", "http://a/b/c/;x"),
    ("g;x", "http://a/b/c/g;x"),
    ("g;x?y#s", "http://a/b/c/g;x?y#s"),
    ("", "http://a/b/c/d;p?q"),
    (".", "http://a/b/c/"),
    ("./", "http://a/b/c/"),
    ("..", "http://a/b/"),
    ("../", "http://a/b/"),
    ("../g", "http://a/b/g"),
    ("../..", "http://a/"),
    ("../../", "http://a/"),
    ("../../g", "http://a/g"),
];

const ABNORMAL: &[(&str, &str)] = &[
    ("../../../g", "http://a/g"),
    ("../../../../g", "http://a/g"),
    ("/./g", "http://a/g"),
    ("/../g", "http://a/g"),
    ("g.", "http://a/b/c/g."),
    (".g", "http://a/b/c/.g"),
    ("g..", "http://a/b/c/g.."),
    ("..g", "http://a/b/c/..g"),
    ("./../g", "http://a/b/g"),
    ("./g/.", "http://a/b/c/g/"),
    ("g/./h", "http://a/b/c/g/h"),
    ("g/../h", "http://a/b/c/h"),
    ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
    ("g;x=1/../y", "http://a/b/c/y"),
    ("g?y/./x", "http://a/b/c/g?y/./x"),
    ("g?y/../x", "http://a/b/c/g?y/../x"),
    ("g#s/./x", "http://a/b/c/g#s/./x"),
    ("g#s/../x", "http://a/b/c/g#s/../x"),
    ("http:g", "http:g"),
];

fn check_resolution(base: &str, rows: &[(String, String)], label: &str) {
    let mut failures = Vec::new();
    for (reference, expected) in rows {
        match resolve(base, reference) {
            Ok(got) if &got == expected => {}
            Ok(got) => failures.push(format!("{label}: {reference:?} → {got:?}, expected {expected:?}")),
            Err(e) => failures.push(format!("{label}: {reference:?} → error {e}")),
        }
        // The parsed-API path must agree with the string API.
        let b = Iri::parse(base).unwrap();
        let r = IriRef::parse(reference).unwrap();
        assert_eq!(&b.resolve(&r), expected, "{label}: {reference:?} via Iri::resolve");
    }
    assert!(failures.is_empty(), "failing rows:\n{}", failures.join("\n"));
}

fn owned(rows: &[(&str, &str)]) -> Vec<(String, String)> {
    rows.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect()
}

#[test]
fn rfc3986_5_4_1_normal_resolution_examples() {
    check_resolution(BASE, &owned(NORMAL), "normal");
}

#[test]
fn rfc3986_5_4_2_abnormal_resolution_examples() {
    check_resolution(BASE, &owned(ABNORMAL), "abnormal");
}

/// Rewrites an example of §5.4 into IRI form: every letter of the example's
/// segments becomes a non-ASCII character (Latin, Cyrillic, Greek, Devanagari,
/// Arabic, Hebrew, an astral mathematical letter); a scheme stays as written.
fn iri_form(s: &str) -> String {
    let (scheme, rest) = match s.find(':') {
        Some(i) if i > 0 && s[..i].bytes().all(|b| b.is_ascii_alphabetic()) => s.split_at(i + 1),
        _ => ("", s),
    };
    let mut out = String::from(scheme);
    for c in rest.chars() {
        match c {
            'a' => out.push('ä'),
            'b' => out.push('б'),
            'c' => out.push('ç'),
            'd' => out.push('δ'),
            'g' => out.push('𝔤'),
            'h' => out.push('ह'),
            'p' => out.push('π'),
            'q' => out.push('ق'),
            's' => out.push('ש'),
            'x' => out.push('ξ'),
            'y' => out.push('ÿ'),
            other => out.push(other),
        }
    }
    out
}

#[test]
fn iri_form_maps_letters_but_keeps_schemes() {
    assert_eq!(iri_form(BASE), "http://ä/б/ç/δ;π?ق");
    assert_eq!(iri_form("g:h"), "g:ह");
    assert_eq!(iri_form("http:g"), "http:𝔤");
}

#[test]
fn rfc3986_5_4_resolution_examples_in_iri_form() {
    // RFC 3987 §6.5 / 3987bis §5.5: resolution applies to IRIs unchanged.
    let base = iri_form(BASE);
    assert!(both_accept_iri(&base));
    for (label, table) in [("normal", NORMAL), ("abnormal", ABNORMAL)] {
        let rows: Vec<(String, String)> = table.iter().map(|(r, e)| (iri_form(r), iri_form(e))).collect();
        for (r, e) in &rows {
            assert!(both_accept_reference(r), "{label}: reference {r:?} does not parse");
            assert!(both_accept_iri(e), "{label}: expected {e:?} does not parse");
        }
        check_resolution(&base, &rows, label);
    }
}

#[test]
fn resolution_commutes_with_iri_to_uri_mapping() {
    // Resolving then mapping equals mapping then resolving (RFC 3987 §3.1:
    // no need to define resolution separately on the IRI level). With the
    // general mapping only: a relative reference such as "//𝔤" has no scheme,
    // so nothing says its host is a DNS name before resolution (and UTS 46
    // maps 𝔤 to "g").
    let pct = ToUriOptions {
        host_mapping: HostMapping::PercentEncode,
        ..Default::default()
    };
    let map = |s: &str| to_uri_with(s, &pct).unwrap().into_owned();
    let base = iri_form(BASE);
    for (r, _) in NORMAL.iter().chain(ABNORMAL) {
        let r = iri_form(r);
        let iri_then_uri = map(&resolve(&base, &r).unwrap());
        let uri_then = resolve(&map(&base), &map(&r)).unwrap();
        assert_eq!(iri_then_uri, uri_then, "reference {r:?}");
    }
}

// ---------------------------------------------------------------------------
// LEIRI → IRI (3987bis §6.2, §6.3)
// ---------------------------------------------------------------------------

#[test]
fn leiri_space_and_delimiters_are_percent_encoded() {
    assert_eq!(leiri_to_iri("http://e/a b"), "http://e/a%20b");
    assert_eq!(leiri_to_iri("http://e/<\">"), "http://e/%3C%22%3E");
}

#[test]
fn leiri_unwise_characters_are_percent_encoded() {
    assert_eq!(leiri_to_iri("http://e/{|}\\^`"), "http://e/%7B%7C%7D%5C%5E%60");
}

#[test]
fn leiri_controls_are_percent_encoded() {
    assert_eq!(
        leiri_to_iri("http://e/\u{0}\t\n\u{1F}\u{7F}"),
        "http://e/%00%09%0A%1F%7F"
    );
    // C1 controls (U+0080–U+009F) are not ucschar either.
    assert_eq!(
        leiri_to_iri("http://e/\u{80}\u{85}\u{9F}"),
        "http://e/%C2%80%C2%85%C2%9F"
    );
}

#[test]
fn leiri_bidi_formatting_characters_are_percent_encoded() {
    assert_eq!(leiri_to_iri("http://e/\u{200E}\u{200F}"), "http://e/%E2%80%8E%E2%80%8F");
    assert_eq!(leiri_to_iri("http://e/\u{202A}\u{202E}"), "http://e/%E2%80%AA%E2%80%AE");
    assert_eq!(
        leiri_to_iri("http://e/?\u{2066}\u{2069}"),
        "http://e/?%E2%81%A6%E2%81%A9"
    );
}

#[test]
fn leiri_private_use_encoded_outside_query_kept_inside() {
    let leiri = "http://e/\u{E000}?\u{E000}\u{F0000}\u{10FFFD}#\u{E000}";
    assert_eq!(
        leiri_to_iri(leiri),
        "http://e/%EE%80%80?\u{E000}\u{F0000}\u{10FFFD}#%EE%80%80"
    );
}

#[test]
fn leiri_tags_are_iprivate_kept_in_query_only() {
    // 3987bis §2.2 iprivate includes U+E0000–E0FFF.
    assert_eq!(
        leiri_to_iri("http://e/\u{E0001}?\u{E0001}"),
        "http://e/%F3%A0%80%81?\u{E0001}"
    );
}

#[test]
fn leiri_specials_and_noncharacters_are_percent_encoded() {
    assert_eq!(leiri_to_iri("http://e/\u{FFF0}\u{FFFD}"), "http://e/%EF%BF%B0%EF%BF%BD");
    assert_eq!(
        leiri_to_iri("http://e/\u{FDD0}?\u{1FFFE}"),
        "http://e/%EF%B7%90?%F0%9F%BF%BE"
    );
}

#[test]
fn leiri_percent_hash_and_brackets_are_not_converted() {
    // RFC 3987 §3.1: '#', '%', '[' and ']' MUST NOT be converted.
    let s = "http://[::1]/a%20b#c";
    assert_eq!(leiri_to_iri(s), s);
    assert!(matches!(leiri_to_iri("http://e/é"), std::borrow::Cow::Borrowed(_)));
}

#[test]
fn leiri_conversion_output_is_an_iri() {
    for leiri in [
        "http://e/a b<c>{d}|\\^`\u{1}\u{7F}\u{85}\u{200E}\u{E000}?\u{E000} \u{E0001}#\u{E000}\u{FFFE}",
        "rel/ path?q u#f\u{202E}",
    ] {
        let iri = leiri_to_iri(leiri);
        assert!(both_accept_reference(&iri), "{leiri:?} → {iri:?}");
    }
}

// ---------------------------------------------------------------------------
// Parser: IPv6 (RFC 3986 §3.2.2, the nine forms)
// ---------------------------------------------------------------------------

fn ipv6_host_ok(addr: &str) -> bool {
    let s = format!("http://[{addr}]/");
    let ok = both_accept_iri(&s);
    if ok {
        let iri = Iri::parse(&s).unwrap();
        assert_eq!(iri.host_kind(), Some(HostKind::Ipv6), "{s}");
        assert_eq!(iri.host(), Some(format!("[{addr}]").as_str()));
    }
    ok
}

#[test]
fn ipv6_full_form_six_h16_then_ls32() {
    assert!(ipv6_host_ok("1:2:3:4:5:6:7:8"));
    assert!(ipv6_host_ok("2001:0db8:85a3:0000:0000:8a2e:0370:7334"));
    assert!(ipv6_host_ok("1:2:3:4:5:6:1.2.3.4"));
}

#[test]
fn ipv6_leading_elision_then_five_h16() {
    assert!(ipv6_host_ok("::2:3:4:5:6:7:8"));
    assert!(ipv6_host_ok("::2:3:4:5:6:1.2.3.4"));
}

#[test]
fn ipv6_elision_after_one_h16_then_four() {
    assert!(ipv6_host_ok("1::3:4:5:6:7:8"));
    assert!(ipv6_host_ok("::3:4:5:6:7:8"));
    assert!(ipv6_host_ok("1::3:4:5:6:1.2.3.4"));
}

#[test]
fn ipv6_elision_after_two_h16_then_three() {
    assert!(ipv6_host_ok("1:2::4:5:6:7:8"));
    assert!(ipv6_host_ok("1:2::4:5:6:1.2.3.4"));
}

#[test]
fn ipv6_elision_after_three_h16_then_two() {
    assert!(ipv6_host_ok("1:2:3::5:6:7:8"));
    assert!(ipv6_host_ok("1:2:3::5:6:1.2.3.4"));
}

#[test]
fn ipv6_elision_after_four_h16_then_one() {
    assert!(ipv6_host_ok("1:2:3:4::6:7:8"));
    assert!(ipv6_host_ok("1:2:3:4::6:1.2.3.4"));
}

#[test]
fn ipv6_elided_form_with_ipv4_tail() {
    assert!(ipv6_host_ok("1:2:3:4:5::1.2.3.4"));
    assert!(ipv6_host_ok("::1.2.3.4"));
    assert!(ipv6_host_ok("::ffff:192.0.2.1"));
    assert!(ipv6_host_ok("::FFFF:255.255.255.255"));
    assert!(ipv6_host_ok("1:2:3:4:5::7:8"));
}

#[test]
fn ipv6_elision_after_six_h16_then_one_h16() {
    assert!(ipv6_host_ok("1:2:3:4:5:6::8"));
    assert!(ipv6_host_ok("::1"));
    assert!(ipv6_host_ok("fe80::1"));
}

#[test]
fn ipv6_trailing_elision_after_up_to_seven_h16() {
    assert!(ipv6_host_ok("1:2:3:4:5:6:7::"));
    assert!(ipv6_host_ok("::"));
    assert!(ipv6_host_ok("FFFF::"));
}

#[test]
fn ipv6_near_misses_are_rejected() {
    for bad in [
        "1:2:3:4:5:6:7:8:9",
        "1:2:3:4:5:6:7",
        "::1::",
        "1:::2",
        ":::",
        "::ffff:1.2.3.256",
        "::ffff:01.2.3.4",
        "::1.2.3",
        "::1.2.3.4:5",
        "1.2.3.4::",
        "1:2:3:4:5:6:7:1.2.3.4",
        "1::2:3:4:5:6:7:8",
        "12345::",
        "g::",
        ":1:2:3:4:5:6:7:8",
        "1:2:3:4:5:6:7:8:",
        ":1::",
        "1::2:",
        "",
        "fe80::1%25eth0",
        "::1 ",
    ] {
        assert!(!ipv6_host_ok(bad), "accepted [{bad}]");
        let err = Iri::parse(&format!("http://[{bad}]/")).unwrap_err();
        assert_eq!(err.component(), Component::Host, "[{bad}]");
    }
}

#[test]
fn ip_literal_must_be_closed_and_followed_by_port_or_end() {
    let err = Iri::parse("http://[::1/x").unwrap_err();
    assert_eq!(err.kind(), ErrorKind::UnclosedIpLiteral);
    let err = Iri::parse("http://[::1]x/").unwrap_err();
    assert_eq!((err.kind(), err.offset()), (ErrorKind::UnclosedIpLiteral, 12));
    assert!(!both_accept_iri("http://[::1]]/"));
    assert!(!both_accept_iri("http://x[::1]/"));
    let iri = Iri::parse("http://[::1]:8080/").unwrap();
    assert_eq!(iri.port(), Some("8080"));
}

// ---------------------------------------------------------------------------
// Parser: IPvFuture
// ---------------------------------------------------------------------------

#[test]
fn ipvfuture_version_dot_and_tail() {
    for ok in ["v1.x", "V7.a:b!$&'()*+,;=-._~", "vAF.1", "v1.::"] {
        let s = format!("http://[{ok}]:1/");
        assert!(both_accept_iri(&s), "{s}");
        assert_eq!(Iri::parse(&s).unwrap().host_kind(), Some(HostKind::IpvFuture));
    }
}

#[test]
fn ipvfuture_near_misses_are_rejected() {
    // IPvFuture is ASCII only: "unreserved", not "iunreserved".
    for bad in ["v.x", "v1.", "v1x", "vG.x", "v1.é", "v1.x/", "v1.%41", "v"] {
        let s = format!("http://[{bad}]/");
        assert!(!both_accept_iri(&s), "{s}");
        assert_eq!(Iri::parse(&s).unwrap_err().component(), Component::Host);
    }
}

// ---------------------------------------------------------------------------
// Parser: IPv4 and reg-name
// ---------------------------------------------------------------------------

fn host_kind_of(s: &str) -> Option<HostKind> {
    assert!(both_accept_iri(s), "{s}");
    Iri::parse(s).unwrap().host_kind()
}

#[test]
fn ipv4_dec_octet_bounds() {
    assert_eq!(host_kind_of("http://0.0.0.0/"), Some(HostKind::Ipv4));
    assert_eq!(host_kind_of("http://255.255.255.255/"), Some(HostKind::Ipv4));
    assert_eq!(host_kind_of("http://192.0.2.10:80/"), Some(HostKind::Ipv4));
    assert_eq!(host_kind_of("http://249.250.199.100/"), Some(HostKind::Ipv4));
}

#[test]
fn ipv4_out_of_range_octet_is_a_reg_name() {
    assert_eq!(host_kind_of("http://256.1.1.1/"), Some(HostKind::RegName));
    assert_eq!(host_kind_of("http://1.1.1.260/"), Some(HostKind::RegName));
}

#[test]
fn ipv4_leading_zero_octet_is_a_reg_name() {
    assert_eq!(host_kind_of("http://01.1.1.1/"), Some(HostKind::RegName));
    assert_eq!(host_kind_of("http://1.1.1.00/"), Some(HostKind::RegName));
}

#[test]
fn ipv4_wrong_octet_count_is_a_reg_name() {
    assert_eq!(host_kind_of("http://1.2.3/"), Some(HostKind::RegName));
    assert_eq!(host_kind_of("http://1.2.3.4.5/"), Some(HostKind::RegName));
    assert_eq!(host_kind_of("http://1.2.3.4./"), Some(HostKind::RegName));
}

#[test]
fn reg_name_allows_ucschar_pct_and_sub_delims() {
    let iri = Iri::parse("http://例え.テスト!$&'()*+,;=%41-._~/").unwrap();
    assert_eq!(iri.host_kind(), Some(HostKind::RegName));
    assert_eq!(iri.host(), Some("例え.テスト!$&'()*+,;=%41-._~"));
    assert!(both_accept_iri(iri.as_str()));
}

#[test]
fn reg_name_rejects_private_use_and_gen_delims() {
    for bad in [
        "http://a\u{E000}b/",
        "http://a@b@c/",
        "http://a b/",
        "http://a\"b/",
        "http://a%4/",
    ] {
        assert!(!both_accept_iri(bad), "{bad}");
    }
}

// ---------------------------------------------------------------------------
// Parser: userinfo, port, empty host, component accessors
// ---------------------------------------------------------------------------

#[test]
fn userinfo_before_at_with_colons() {
    let iri = Iri::parse("ftp://user:pa%20ss:x@host:21/f").unwrap();
    assert_eq!(iri.userinfo(), Some("user:pa%20ss:x"));
    assert_eq!(iri.host(), Some("host"));
    assert_eq!(iri.port(), Some("21"));
    assert_eq!(iri.authority(), Some("user:pa%20ss:x@host:21"));
    let iri = Iri::parse("http://ü:ß@h/").unwrap();
    assert_eq!(iri.userinfo(), Some("ü:ß"));
}

#[test]
fn userinfo_empty_before_at() {
    let iri = Iri::parse("http://@host/").unwrap();
    assert_eq!(iri.userinfo(), Some(""));
    assert_eq!(iri.host(), Some("host"));
    assert_eq!(Iri::parse("http://host/").unwrap().userinfo(), None);
}

#[test]
fn userinfo_rejects_private_use_and_brackets() {
    assert_eq!(
        Iri::parse("http://\u{E000}@h/").unwrap_err().component(),
        Component::Userinfo
    );
    assert!(!both_accept_iri("http://a[b@h/"));
}

#[test]
fn port_may_be_empty() {
    let iri = Iri::parse("http://example.com:/").unwrap();
    assert_eq!(iri.port(), Some(""));
    assert_eq!(iri.host(), Some("example.com"));
    assert_eq!(Iri::parse("http://example.com/").unwrap().port(), None);
}

#[test]
fn port_is_digits_only() {
    let err = Iri::parse("http://h:8x/").unwrap_err();
    assert_eq!(
        (err.offset(), err.component(), err.kind()),
        (10, Component::Port, ErrorKind::InvalidChar('x'))
    );
    assert!(!both_accept_iri("http://h:1:2/"));
    assert!(!both_accept_iri("http://h:-1/"));
    // Arbitrarily many digits: port = *DIGIT.
    assert!(both_accept_iri("http://h:000000000000000000080/"));
}

#[test]
fn empty_host_in_file_uri() {
    let iri = Iri::parse("file:///etc").unwrap();
    assert_eq!(iri.authority(), Some(""));
    assert_eq!(iri.host(), Some(""));
    assert_eq!(iri.host_kind(), Some(HostKind::RegName));
    assert_eq!(iri.path(), "/etc");
    assert_eq!(iri.port(), None);
}

#[test]
fn each_host_kind_and_no_authority() {
    assert_eq!(host_kind_of("http://example.org/"), Some(HostKind::RegName));
    assert_eq!(host_kind_of("http://1.2.3.4/"), Some(HostKind::Ipv4));
    assert_eq!(host_kind_of("http://[::1]/"), Some(HostKind::Ipv6));
    assert_eq!(host_kind_of("http://[v1.x]/"), Some(HostKind::IpvFuture));
    let iri = Iri::parse("mailto:a@b.example").unwrap();
    assert_eq!((iri.authority(), iri.host(), iri.host_kind()), (None, None, None));
}

#[test]
fn all_components_are_slices_of_the_input() {
    let s = "http://user@例え.テスト:8080/パス?q=値#frag";
    let iri = Iri::parse(s).unwrap();
    assert_eq!(iri.scheme(), "http");
    assert_eq!(iri.userinfo(), Some("user"));
    assert_eq!(iri.host(), Some("例え.テスト"));
    assert_eq!(iri.port(), Some("8080"));
    assert_eq!(iri.path(), "/パス");
    assert_eq!(iri.query(), Some("q=値"));
    assert_eq!(iri.fragment(), Some("frag"));
    assert_eq!(iri.as_str(), s);
    // Empty query and fragment are present, not absent.
    let iri = Iri::parse("s:?#").unwrap();
    assert_eq!((iri.path(), iri.query(), iri.fragment()), ("", Some(""), Some("")));
}

#[test]
fn relative_reference_forms() {
    for (s, path) in [
        ("", ""),
        ("a/b", "a/b"),
        ("/a:b", "/a:b"),
        ("./a:b", "./a:b"),
        ("a/b:c", "a/b:c"),
        ("//h", ""),
        ("?q", ""),
        ("#f", ""),
    ] {
        assert!(both_accept_reference(s), "{s:?}");
        let r = IriRef::parse(s).unwrap();
        assert!(!r.is_absolute());
        assert_eq!(r.path(), path, "{s:?}");
    }
}

#[test]
fn relative_path_first_segment_has_no_colon() {
    // RFC 3986 §4.2 ipath-noscheme.
    let err = IriRef::parse("1a:b").unwrap_err();
    assert_eq!((err.offset(), err.kind()), (2, ErrorKind::ColonInFirstSegment));
    assert!(!both_accept_reference("1a:b"));
    assert!(!both_accept_reference(":a"));
    assert!(!both_accept_reference("é:a"));
}

#[test]
fn scheme_letters_digits_plus_minus_dot() {
    assert!(both_accept_iri("a+b-c.d9:x"));
    assert!(!both_accept_iri("9a:x"));
    let err = Iri::parse("ht_tp://x").unwrap_err();
    assert_eq!(
        (err.offset(), err.component(), err.kind()),
        (2, Component::Scheme, ErrorKind::InvalidChar('_'))
    );
    let err = Iri::parse("//example.com").unwrap_err();
    assert_eq!(err.kind(), ErrorKind::MissingScheme);
    assert_eq!(Iri::parse("").unwrap_err().kind(), ErrorKind::Empty);
    assert!(both_accept_reference(""));
}

// ---------------------------------------------------------------------------
// Parser: error messages and byte offsets
// ---------------------------------------------------------------------------

#[test]
fn bidi_control_error_offset_and_component() {
    // RFC 3987 §4.1: IRIs MUST NOT contain bidi formatting characters.
    let err = Iri::parse("http://example.com/a\u{202E}b").unwrap_err();
    assert_eq!(err.offset(), 20);
    assert_eq!(err.component(), Component::Path);
    assert_eq!(err.kind(), ErrorKind::BidiControl('\u{202E}'));
    assert_eq!(
        err.to_string(),
        "invalid character U+202E (bidi formatting) at byte 20 in path"
    );
    for c in [
        '\u{200E}', '\u{200F}', '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{2066}', '\u{2069}',
    ] {
        for s in [
            format!("http://h/{c}"),
            format!("http://h/?{c}"),
            format!("http://{c}/"),
            format!("http://h/#{c}"),
        ] {
            assert!(!both_accept_iri(&s), "{s:?}");
            assert!(matches!(Iri::parse(&s).unwrap_err().kind(), ErrorKind::BidiControl(_)));
        }
    }
}

#[test]
fn error_offsets_are_bytes_of_the_first_bad_character() {
    let rows: &[(&str, usize, Component, &str)] = &[
        (
            "http://exa mple.com/",
            10,
            Component::Host,
            "invalid character U+0020 at byte 10 in host",
        ),
        (
            "http://h/%zz",
            9,
            Component::Path,
            "expected two hex digits after '%' at byte 9 in path",
        ),
        (
            "http://h/%4",
            9,
            Component::Path,
            "expected two hex digits after '%' at byte 9 in path",
        ),
        (
            "http://é/ü/<",
            13,
            Component::Path,
            "invalid character '<' at byte 13 in path",
        ),
        (
            "http://h/\u{E000}",
            9,
            Component::Path,
            "invalid character U+E000 at byte 9 in path",
        ),
        (
            "http://h/?a#\u{E000}",
            12,
            Component::Fragment,
            "invalid character U+E000 at byte 12 in fragment",
        ),
        (
            "http://h/?a b",
            11,
            Component::Query,
            "invalid character U+0020 at byte 11 in query",
        ),
        (
            "http://h/?\u{FFFE}",
            10,
            Component::Query,
            "invalid character U+FFFE at byte 10 in query",
        ),
        (
            "http://h/\u{1FFFE}",
            9,
            Component::Path,
            "invalid character U+1FFFE at byte 9 in path",
        ),
        (
            "http://a^b@h/",
            8,
            Component::Userinfo,
            "invalid character '^' at byte 8 in userinfo",
        ),
    ];
    for (s, offset, comp, msg) in rows {
        let err = Iri::parse(s).unwrap_err();
        assert_eq!((err.offset(), err.component()), (*offset, *comp), "{s:?}: {err}");
        assert_eq!(err.to_string(), *msg, "{s:?}");
        assert!(!grammar::is_iri(s), "{s:?}");
    }
}

// ---------------------------------------------------------------------------
// iprivate (RFC 3987 / 3987bis §2.2): query only
// ---------------------------------------------------------------------------

#[test]
fn iprivate_only_in_query() {
    for c in [
        '\u{E000}',
        '\u{F8FF}',
        '\u{F0000}',
        '\u{FFFFD}',
        '\u{100000}',
        '\u{10FFFD}',
    ] {
        assert!(both_accept_iri(&format!("http://h/p?{c}")), "U+{:X} in query", c as u32);
        assert!(
            both_accept_reference(&format!("?{c}")),
            "U+{:X} in relative query",
            c as u32
        );
        for s in [
            format!("http://h/{c}"),
            format!("http://h/#{c}"),
            format!("http://{c}@h/"),
            format!("http://{c}/"),
            format!("s:{c}"),
        ] {
            assert!(!both_accept_iri(&s), "{s:?}");
        }
    }
}

#[test]
fn tag_range_e0000_to_e0fff_is_iprivate_in_3987bis() {
    // 3987bis §2.2: iprivate = %xE000-F8FF / %xE0000-E0FFF / …
    for c in ['\u{E0000}', '\u{E0001}', '\u{E007F}', '\u{E0FFF}'] {
        assert!(both_accept_iri(&format!("http://h/?{c}")), "U+{:X} in query", c as u32);
        assert!(!both_accept_iri(&format!("http://h/{c}")), "U+{:X} in path", c as u32);
        assert!(
            !both_accept_iri(&format!("http://h/#{c}")),
            "U+{:X} in fragment",
            c as u32
        );
    }
    // U+E1000 starts ucschar again: allowed everywhere.
    assert!(both_accept_iri("http://\u{E1000}/\u{E1000}#\u{E1000}"));
}

#[test]
fn noncharacters_and_specials_are_nowhere() {
    for c in [
        '\u{FDD0}',
        '\u{FDEF}',
        '\u{FFFE}',
        '\u{FFFF}',
        '\u{FFF0}',
        '\u{1FFFE}',
        '\u{EFFFE}',
        '\u{10FFFF}',
    ] {
        for s in [
            format!("http://h/{c}"),
            format!("http://h/?{c}"),
            format!("http://h/#{c}"),
        ] {
            assert!(!both_accept_iri(&s), "{s:?}");
        }
    }
}

#[test]
fn ucschar_range_boundaries() {
    for c in [
        '\u{A0}',
        '\u{D7FF}',
        '\u{F900}',
        '\u{FDCF}',
        '\u{FDF0}',
        '\u{FFEF}',
        '\u{10000}',
        '\u{DFFFD}',
    ] {
        assert!(both_accept_iri(&format!("http://h/{c}")), "U+{:X}", c as u32);
    }
    for c in ['\u{7F}', '\u{80}', '\u{9F}', '\u{DFFFE}', '\u{E0FFF}'] {
        assert!(!both_accept_iri(&format!("http://h/{c}")), "U+{:X}", c as u32);
    }
}
