//! Properties of the mappings (RFC 3987 §3.1, §3.2), normalization (§5.3)
//! and resolution (RFC 3986 §5.2), checked with proptest.

mod common;

use iri_string::types::{IriReferenceStr, UriReferenceStr};
use iriscan::iri::{
    equivalent, leiri_to_iri, normalize, remove_dot_segments, resolve, to_uri_with, HostMapping, ToUriOptions,
};
use iriscan::{to_iri, to_uri, Iri, IriRef, MapError};
#[path = "oracle/mod.rs"]
mod grammar;
use proptest::prelude::*;
use proptest::sample::select;

// ---------------------------------------------------------------------------
// Round-trip generator: IRIs that §3.2 maps back exactly
// ---------------------------------------------------------------------------

/// Non-ASCII letters that are `ucschar`, fit for display (§3.2 step 4 keeps
/// none of them encoded), from many scripts and planes.
const LETTERS: &[&str] = &[
    "é",
    "ü",
    "ß",
    "ø",
    "ą",
    "ж",
    "я",
    "λ",
    "ω",
    "ש",
    "ع",
    "ह",
    "க",
    "ก",
    "ა",
    "中",
    "文",
    "日",
    "本",
    "한",
    "ㄱ",
    "あ",
    "カ",
    "ꙮ",
    "𐌀",
    "𝔤",
    "😀",
    "𠀀",
    "𰀀",
    "\u{E1000}",
    "e\u{301}",
    "a\u{308}",
];

/// A non-ASCII letter: from the list, or any alphanumeric `ucschar` (never
/// white space, a format character or a non-character).
fn letter() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => select(LETTERS).prop_map(str::to_owned),
        1 => prop_oneof![
            0xC0u32..0x250,
            0x370u32..0x530,
            0x590u32..0x700,
            0x900u32..0xE80,
            0x3040u32..0x3100,
            0x4E00u32..0xA000,
            0xAC00u32..0xD7A4,
            0x10000u32..0x10200,
            0x1D400u32..0x1D800,
            0x20000u32..0x2A6E0,
        ]
        .prop_map(|cp| {
            let c = char::from_u32(cp).unwrap_or('é');
            let ok = c.is_alphanumeric() && grammar::is_ucschar(c);
            String::from(if ok { c } else { 'é' })
        }),
    ]
}

const ASCII_TEXT: &[char] = &[
    'a', 'b', 'z', 'A', 'Z', '0', '9', '-', '.', '_', '~', '!', '$', '&', '\'', '(', ')', '*', '+', ',', ';', '=',
];

/// Text without `%`, gen-delims or anything §3.2 would keep encoded.
fn text(extra: &'static [&'static str], max: usize) -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            3 => select(ASCII_TEXT).prop_map(String::from),
            3 => letter(),
            1 => select(extra).prop_map(str::to_owned),
        ],
        0..=max,
    )
    .prop_map(|v| v.concat())
}

/// DNS labels that survive UTS 46 ToASCII → ToUnicode unchanged: lowercase,
/// NFC, no mapped characters, each valid under the bidi and context rules
/// on its own and next to the ASCII letter labels.
const IDN_LABELS: &[&str] = &[
    "résumé",
    "пример",
    "例え",
    "納豆",
    "ελλάδα",
    "한국",
    "münchen",
    "straße",
    "中文",
    "日本語",
    "テスト",
    "παράδειγμα",
    "bücher",
    "español",
    "عربي",
    "עברית",
    "हिन्दी",
    "ไทย",
];
const ASCII_LABELS: &[&str] = &["example", "org", "www", "a", "test", "my-site", "co"];

fn dns_host() -> impl Strategy<Value = String> {
    proptest::collection::vec(prop_oneof![select(IDN_LABELS), select(ASCII_LABELS)], 1..=3)
        .prop_map(|labels| labels.join("."))
}

const DNS_SCHEMES: &[&str] = &["http", "https", "ftp", "ws"];
const OTHER_SCHEMES: &[&str] = &["foo", "urn", "tag", "x-y.z"];

/// An IRI for which `to_iri(to_uri(x)) == x`: no `%XX`, only characters §3.2
/// decodes (no bidi, white space, private use outside the query,
/// non-characters), DNS hosts that survive the IDNA round trip; hosts of
/// other schemes may be non-ASCII (percent-encoded and decoded back).
fn round_trip_iri() -> impl Strategy<Value = String> {
    let host = prop_oneof![
        (select(DNS_SCHEMES), dns_host()),
        (select(OTHER_SCHEMES), text(&["-"], 6)),
        (
            select(DNS_SCHEMES),
            select(&["[::1]", "[2001:db8::7]", "[v1.x:y]", "192.0.2.1", ""][..]).prop_map(str::to_owned)
        ),
    ];
    (
        host,
        proptest::option::weighted(0.3, text(&[":"], 4)),
        proptest::option::weighted(0.3, proptest::collection::vec(select(&['0', '8', '1'][..]), 0..=4)),
        proptest::collection::vec(text(&[":", "@"], 4), 0..=4),
        proptest::option::weighted(
            0.5,
            text(&["/", "?", ":", "@", "\u{E000}", "\u{F0000}", "\u{10FFFD}"], 6),
        ),
        proptest::option::weighted(0.3, text(&["/", "?", ":", "@"], 6)),
    )
        .prop_map(|((scheme, host), user, port, segs, query, frag)| {
            let mut s = format!("{scheme}://");
            if let Some(u) = user {
                s.push_str(&u);
                s.push('@');
            }
            s.push_str(&host);
            if let Some(p) = port {
                s.push(':');
                s.extend(p);
            }
            for seg in segs {
                s.push('/');
                s.push_str(&seg);
            }
            if let Some(q) = query {
                s.push('?');
                s.push_str(&q);
            }
            if let Some(f) = frag {
                s.push('#');
                s.push_str(&f);
            }
            s
        })
}

/// URIs with runs of random percent-encoded octets: UTF-8 of any code point
/// (surrogate-free by construction, but non-characters, bidi, private use
/// and white space included), stray bytes, overlong and CESU-8 forms.
fn uri_with_pct_runs() -> impl Strategy<Value = String> {
    let run = proptest::collection::vec(
        prop_oneof![
            3 => any::<char>().prop_map(|c| {
                let mut b = [0u8; 4];
                c.encode_utf8(&mut b).bytes().map(|o| format!("%{o:02X}")).collect::<String>()
            }),
            1 => any::<u8>().prop_map(|o| format!("%{o:02x}")),
            1 => select(&["%C0%AF", "%ED%A0%80%ED%BC%80", "%E2%80%AE", "%F4%90%80%80", "%EF%BF%BE"][..])
                .prop_map(str::to_owned),
            2 => select(&["a", "/", "?", "#", "=", ":", "@", "."][..]).prop_map(str::to_owned),
        ],
        0..8,
    )
    .prop_map(|v| v.concat());
    (
        select(&["http://", "foo://", "http://xn--99zt52a.", "urn:", ""][..]),
        run.clone(),
        run,
    )
        .prop_map(|(prefix, a, b)| format!("{prefix}{a}/{b}"))
}

const ACE_CHARS: &[char] = &['a', 'b', 'e', 'k', 'z', '0', '1', '9', '-', 'A', 'X', 'N'];

/// DNS hosts with random ACE (`xn--`) labels: most are not valid punycode,
/// some decode to characters that must not be displayed.
fn random_ace_host() -> impl Strategy<Value = String> {
    let label = prop_oneof![
        2 => common::chars_from(ACE_CHARS, 1, 10).prop_map(|l| format!("xn--{l}")),
        1 => select(&["xn--99zt52a", "XN--RSUM-BPAD", "xn--p1ai", "example", "xn--", "xn---", "xn--a"][..])
            .prop_map(str::to_owned),
    ];
    (
        select(&["http", "https", "foo"][..]),
        proptest::collection::vec(label, 1..=3),
    )
        .prop_map(|(scheme, labels)| format!("{scheme}://{}/", labels.join(".")))
}

/// Strings that parse as IRI references.
fn parsable() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => common::near_iri(),
        1 => round_trip_iri(),
        1 => uri_with_pct_runs(),
        1 => random_ace_host(),
    ]
    .prop_filter("parses", |s| IriRef::parse(s).is_ok())
}

fn all_options() -> Vec<ToUriOptions> {
    let mut v = Vec::new();
    for host_mapping in [HostMapping::Auto, HostMapping::Idna, HostMapping::PercentEncode] {
        for encode_forbidden_ascii in [false, true] {
            v.push(ToUriOptions {
                host_mapping,
                encode_forbidden_ascii,
            });
        }
    }
    v
}

proptest! {
    #![proptest_config(common::config(4_000))]

    /// RFC 3987 §3.1: "The mapping is also an identity transformation for
    /// URIs and is idempotent"; the result is a URI (ASCII, RFC 3986).
    #[test]
    fn to_uri_is_idempotent_and_yields_rfc3986_uris(s in parsable()) {
        for opts in all_options() {
            let uri = match to_uri_with(&s, &opts) {
                Ok(u) => u,
                // UTS 46 may reject a host of a DNS scheme; nothing else fails.
                Err(MapError::Idna { .. }) => continue,
                Err(e) => return Err(TestCaseError::fail(format!("{opts:?}: {e}"))),
            };
            prop_assert!(uri.is_ascii(), "{:?}: {}", opts, uri);
            prop_assert!(UriReferenceStr::new(&uri).is_ok(), "{:?}: not an RFC 3986 URI reference: {}", opts, uri);
            prop_assert!(IriRef::parse(&uri).is_ok());
            let again = to_uri_with(&uri, &opts).unwrap();
            prop_assert_eq!(&again, &uri, "{:?}", opts);
            prop_assert!(matches!(again, std::borrow::Cow::Borrowed(_)));
        }
        let uri = to_uri(&s);
        if let Ok(uri) = uri {
            prop_assert_eq!(to_uri(&uri).unwrap(), uri.clone());
        }
    }

    /// RFC 3987 §3.2: "The conversion described in this section will always
    /// result in an IRI that maps back to the URI used as an input" — and for
    /// IRIs with nothing §3.2 keeps encoded, URI → IRI gives the IRI back.
    #[test]
    fn to_iri_inverts_to_uri_on_round_trip_iris(s in round_trip_iri()) {
        prop_assert!(Iri::parse(&s).is_ok(), "generator made an invalid IRI: {}", s);
        let uri = to_uri(&s).map_err(|e| TestCaseError::fail(format!("{e}")))?;
        let back = to_iri(&uri);
        prop_assert_eq!(&back, &s, "via {}", uri);
    }

    /// URI → IRI → URI gives the URI back, up to the case of `%XX` hex and
    /// percent-encoded unreserved characters (RFC 3987 §3.2).
    #[test]
    fn to_uri_inverts_to_iri_up_to_hex_case_and_unreserved(
        s in uri_with_pct_runs().prop_filter("parses", |s| IriRef::parse(s).is_ok())
    ) {
        let iri = to_iri(&s);
        let pct = ToUriOptions { host_mapping: HostMapping::PercentEncode, ..Default::default() };
        let uri = to_uri_with(&iri, &pct).unwrap();
        let canon = |u: &str| normalize(u).unwrap();
        // Hosts of DNS schemes come back through IDNA; compare the rest.
        if Iri::parse(&s).ok().and_then(|i| i.host()).is_none_or(|h| !h.contains("xn--")) {
            prop_assert_eq!(canon(&uri), canon(&s), "via {}", iri);
        }
    }

    /// `to_iri` output parses whenever its input did.
    #[test]
    fn to_iri_output_parses(s in parsable()) {
        let iri = to_iri(&s);
        prop_assert!(IriRef::parse(&iri).is_ok(), "{} → {}: {:?}", s, iri, IriRef::parse(&iri).err());
        prop_assert!(grammar::is_iri_reference(&iri));
        // The peers reject only the 3987bis tag range (see differential.rs).
        let has_tag = iri.chars().any(|c| ('\u{E0000}'..='\u{E0FFF}').contains(&c));
        prop_assert!(IriReferenceStr::new(&iri).is_ok() || has_tag, "iri-string rejects {}", iri);
        prop_assert_eq!(Iri::parse(&s).is_ok(), Iri::parse(&iri).is_ok());
        if let Ok(uri) = to_uri(&s) {
            let from_uri = to_iri(&uri);
            prop_assert!(IriRef::parse(&from_uri).is_ok(), "{} → {}", uri, from_uri);
        }
    }

    /// Normalization (§5.3.2, §5.3.3) is idempotent, its output parses and is
    /// equivalent to its input.
    #[test]
    fn normalize_is_idempotent(s in parsable()) {
        let n = normalize(&s).unwrap();
        prop_assert!(IriRef::parse(&n).is_ok(), "{} → {}", s, n);
        prop_assert_eq!(IriRef::parse(&n).unwrap().is_absolute(), IriRef::parse(&s).unwrap().is_absolute());
        prop_assert_eq!(normalize(&n).unwrap(), n.clone(), "{} → {}", s, n);
        prop_assert!(equivalent(&s, &n));
        prop_assert!(equivalent(&n, &s));
    }

    /// Resolution of a parsed reference against a parsed IRI yields an IRI
    /// (RFC 3986 §5.2). Resolving that IRI again (an absolute reference,
    /// strict) removes its dot segments, and after that it is a fixed point.
    /// (Not at once: a reference with an empty path keeps the base path as
    /// it is, dot segments included, §5.2.2.)
    #[test]
    fn resolve_yields_an_iri_and_absolute_resolution_settles(
        base in parsable().prop_filter("absolute", |s| Iri::parse(s).is_ok()),
        r in parsable(),
    ) {
        let out = resolve(&base, &r).unwrap();
        prop_assert!(Iri::parse(&out).is_ok(), "{} + {} → {}: {:?}", base, r, out, Iri::parse(&out).err());
        let settled = resolve(&base, &out).unwrap();
        prop_assert!(Iri::parse(&settled).is_ok(), "{}", settled);
        prop_assert_eq!(resolve(&base, &settled).unwrap(), settled.clone());
        let without_fragment = settled.split('#').next().unwrap();
        prop_assert_eq!(resolve(&settled, "").unwrap(), without_fragment);
        let parsed = IriRef::parse(&r).unwrap();
        if parsed.is_absolute() || parsed.authority().is_some() || !parsed.path().is_empty() {
            // Only a reference with an empty path (and no scheme or
            // authority) keeps the base path as it is.
            prop_assert_eq!(settled, out);
        }
    }
}

proptest! {
    #![proptest_config(common::config(6_000))]

    /// Nothing panics on arbitrary input.
    #[test]
    fn no_function_panics_on_arbitrary_strings(s in common::any_near_iri(), t in common::any_near_iri()) {
        let _ = IriRef::parse(&s);
        let _ = Iri::parse(&s);
        let _ = grammar::is_iri(&s);
        let _ = grammar::is_iri_reference(&s);
        for opts in all_options() {
            let _ = to_uri_with(&s, &opts);
        }
        let _ = to_uri(&s);
        let _ = to_iri(&s);
        let _ = leiri_to_iri(&s);
        let _ = normalize(&s);
        let _ = equivalent(&s, &t);
        let _ = resolve(&s, &t);
        let _ = resolve(&t, &s);
        let _ = remove_dot_segments(&s);
    }

    /// LEIRI → IRI (3987bis §6.2) output is an IRI reference whenever the
    /// input's only faults are characters a LEIRI allows (here inserted into
    /// the path, query and fragment of an IRI).
    #[test]
    fn leiri_to_iri_output_parses_for_leiris(s in round_trip_iri(), junk in proptest::collection::vec(
        (any::<proptest::sample::Index>(), select(&[' ', '<', '>', '"', '{', '}', '|', '\\', '^', '`', '\u{1}', '\u{7F}',
            '\u{85}', '\u{202E}', '\u{2066}', '\u{E000}', '\u{FFFE}', '\u{FFF0}', '\u{FDD0}', '\u{E0001}', '\u{10FFFF}'][..])),
        0..4)) {
        let path_start = s[s.find("://").unwrap() + 3..].find(['/', '?', '#']).map(|i| i + s.find("://").unwrap() + 3);
        let mut leiri = s.clone();
        if let Some(start) = path_start {
            for (i, c) in junk {
                let boundaries: Vec<usize> = (start + 1..=leiri.len()).filter(|&b| leiri.is_char_boundary(b)).collect();
                leiri.insert(boundaries[i.index(boundaries.len())], c);
            }
        }
        let iri = leiri_to_iri(&leiri);
        prop_assert!(IriRef::parse(&iri).is_ok(), "{:?} → {:?}: {:?}", leiri, iri, IriRef::parse(&iri).err());
        if leiri == s {
            // Already an IRI: nothing to encode.
            prop_assert!(matches!(iri, std::borrow::Cow::Borrowed(_)));
        }
    }
}
