//! Differential validation against three independent implementations of the
//! RFC 3987 grammar: `iri-string` 0.7, `fluent-uri` 0.4 and `oxiri` 0.3.
//!
//! Over 110,000 generated near-IRI strings (valid IRI references assembled
//! from components, then corrupted by single-character edits; plus
//! delimiter soup and arbitrary strings) our verdict for `IRI-reference`
//! and `IRI` must equal each peer's, except for two classes where the
//! specifications we follow differ from RFC 3987 as the peers read it. Each
//! class is pinned by a named test below, and the comparison does not filter
//! those strings out: it maps them to what the peers would see under our
//! reading, so everything else in such a string is still compared.
//!
//! 1. Bidi formatting characters: we reject them (RFC 3987 §4.1); the peers
//!    treat them as the `ucschar` they are by range. Compared as:
//!    peer(s) == ours(s with each bidi formatting character → 'é').
//! 2. Tags U+E0000–U+E0FFF: `iprivate` in 3987bis §2.2 (query only); in
//!    RFC 3987 they are in no production, so the peers reject them
//!    everywhere. Compared as: ours(s) == peer(s with each tag → U+E000).
//!
//! A search of 500,000 further generated strings and ~80 hand-picked
//! corner cases (IPv6 forms, IPvFuture case, zone IDs, ports, empty
//! components, non-characters) found no other disagreement.
//!
//! Resolution (RFC 3986 §5.2) is also compared with iri-string and oxiri,
//! and the percent-encoding IRI → URI mapping with iri-string's.

mod common;
#[path = "oracle/mod.rs"]
mod grammar;

use grammar::is_bidi_control;
use iriscan::{ErrorKind, Iri, IriRef};
use proptest::prelude::*;
use proptest::test_runner::TestRunner;
use std::cell::Cell;

/// (IRI-reference, IRI) verdicts of one implementation.
type Verdict = (bool, bool);

fn ours(s: &str) -> Verdict {
    (IriRef::parse(s).is_ok(), Iri::parse(s).is_ok())
}

fn iri_string(s: &str) -> Verdict {
    (
        iri_string::types::IriReferenceStr::new(s).is_ok(),
        iri_string::types::IriStr::new(s).is_ok(),
    )
}

fn fluent_uri(s: &str) -> Verdict {
    (fluent_uri::IriRef::parse(s).is_ok(), fluent_uri::Iri::parse(s).is_ok())
}

fn oxiri(s: &str) -> Verdict {
    (oxiri::IriRef::parse(s).is_ok(), oxiri::Iri::parse(s).is_ok())
}

/// One implementation's validator.
type Validator = fn(&str) -> Verdict;

const PEERS: &[(&str, Validator)] = &[("iri-string", iri_string), ("fluent-uri", fluent_uri), ("oxiri", oxiri)];

fn is_tag(c: char) -> bool {
    ('\u{E0000}'..='\u{E0FFF}').contains(&c)
}

/// `s` as the peers would have to see it for their verdict to match ours if
/// tags were `iprivate` for them too.
fn tags_as_private_use(s: &str) -> String {
    s.chars().map(|c| if is_tag(c) { '\u{E000}' } else { c }).collect()
}

/// `s` as we would have to see it for our verdict to match the peers' if
/// bidi formatting characters were allowed like any other `ucschar`.
fn bidi_as_ucschar(s: &str) -> String {
    s.chars().map(|c| if is_bidi_control(c) { 'é' } else { c }).collect()
}

#[derive(Default)]
struct Counts {
    cases: Cell<u64>,
    valid: Cell<u64>,
    bidi_differs: Cell<u64>,
    tag_differs: Cell<u64>,
}

impl Counts {
    fn bump(c: &Cell<u64>) {
        c.set(c.get() + 1);
    }
}

fn compare(s: &str, counts: &Counts) -> Result<(), TestCaseError> {
    Counts::bump(&counts.cases);
    let mine = ours(s);
    if mine.0 {
        Counts::bump(&counts.valid);
    }
    let has_bidi = s.chars().any(is_bidi_control);
    let has_tag = s.chars().any(is_tag);
    if has_bidi {
        prop_assert_eq!(
            mine,
            (false, false),
            "RFC 3987 §4.1: bidi formatting characters are never allowed"
        );
    }
    let mine_bidi_allowed = ours(&bidi_as_ucschar(s));
    let tagged = tags_as_private_use(s);
    for (name, peer) in PEERS {
        let theirs = peer(s);
        if theirs != mine {
            if has_bidi {
                Counts::bump(&counts.bidi_differs);
            } else if has_tag {
                Counts::bump(&counts.tag_differs);
            }
        }
        // The only differences are the two pinned classes: with bidi
        // characters allowed (as for the peers) and tags read as private use
        // (as for us), the verdicts are equal.
        prop_assert_eq!(
            mine_bidi_allowed,
            peer(&bidi_as_ucschar(&tagged)),
            "{} disagrees (ours raw {:?}, theirs raw {:?})",
            name,
            mine,
            theirs
        );
    }
    Ok(())
}

fn run(strategy: impl Strategy<Value = String>, cases: u32) -> Counts {
    let counts = Counts::default();
    // Run by hand (not `proptest!`) to count the classes; no regression
    // file without a source path.
    let config = proptest::test_runner::Config {
        failure_persistence: None,
        ..common::config(cases)
    };
    let mut runner = TestRunner::new(config);
    let result = runner.run(&strategy, |s| compare(&s, &counts));
    if let Err(e) = result {
        panic!("{e}");
    }
    eprintln!(
        "{} cases, {} valid IRI references; raw disagreements (verdict pairs × peers): bidi {}, tags {}",
        counts.cases.get(),
        counts.valid.get(),
        counts.bidi_differs.get(),
        counts.tag_differs.get()
    );
    counts
}

#[test]
fn validation_agrees_with_peers_on_corrupted_component_iris() {
    let counts = run(common::near_iri(), 80_000);
    // The generator must keep reaching both pinned classes and valid IRIs.
    assert!(counts.cases.get() >= 80_000);
    assert!(counts.valid.get() > 20_000, "only {} valid", counts.valid.get());
    assert!(
        counts.bidi_differs.get() > 100,
        "bidi class reached {} times",
        counts.bidi_differs.get()
    );
    assert!(
        counts.tag_differs.get() > 100,
        "tag class reached {} times",
        counts.tag_differs.get()
    );
}

#[test]
fn validation_agrees_with_peers_on_delimiter_soup_and_arbitrary_strings() {
    let strategy = prop_oneof![3 => common::delimiter_soup(), 1 => common::arbitrary_string()];
    let counts = run(strategy, 30_000);
    assert!(counts.cases.get() >= 30_000);
    assert!(counts.valid.get() > 3_000, "only {} valid", counts.valid.get());
}

// ---------------------------------------------------------------------------
// Beyond validation: resolution and the IRI → URI mapping
// ---------------------------------------------------------------------------

/// Bases with the corners of RFC 3986 §5.2: authority or not, empty path,
/// rootless path, dot segments left in the base, a "/." guard.
const BASES: &[&str] = &[
    "http://a/b/c/d;p?q",
    "foo:",
    "foo:a/b",
    "foo:/a/.",
    "http://h",
    "x://ü/é/?q",
    "s:a:b",
    "foo:/.//x",
];

/// Near-IRIs without the two pinned classes (filtered in the strategy: a
/// local filter, not `prop_assume!`, whose global reject limit is low).
fn without_pinned_classes() -> impl Strategy<Value = String> {
    common::near_iri().prop_filter("pinned classes", |s| {
        !s.chars().any(|c| is_bidi_control(c) || is_tag(c))
    })
}

proptest! {
    #![proptest_config(common::config(8_000))]

    /// RFC 3986 §5.2 resolution (applied to IRIs unchanged, RFC 3987 §6.5)
    /// gives the same string as iri-string (including its "/." guard for a
    /// path starting with "//" without authority) and oxiri.
    #[test]
    fn resolution_agrees_with_iri_string_and_oxiri(r in without_pinned_classes(), k in 0..BASES.len()) {
        let base = BASES[k];
        let theirs = iri_string::types::IriReferenceStr::new(&r);
        let ours = iriscan::iri::resolve(base, &r);
        prop_assert_eq!(theirs.is_ok(), ours.is_ok());
        let (Ok(theirs), Ok(ours)) = (theirs, ours) else { return Ok(()) };
        // (iri-string reads `%2E` as a dot segment; RFC 3986 and oxiri
        // do not: pinned below.)
        if !r.to_ascii_lowercase().contains("%2e") {
            let b = iri_string::types::IriAbsoluteStr::new(base).unwrap();
            prop_assert_eq!(&theirs.resolve_against(b).to_string(), &ours, "iri-string, base {}", base);
        }
        let ox_ref = oxiri::IriRef::parse(r.as_str()).unwrap();
        if let Ok(ox) = oxiri::Iri::parse(base).unwrap().resolve(&ox_ref) {
            prop_assert_eq!(ox.as_str(), ours.as_str(), "oxiri, base {}", base);
        }
    }

    /// RFC 3987 §3.1 steps 2.1–2.3 with the general mapping for hosts
    /// (3987bis §3.4.1) gives the same URI as iri-string's mapping.
    #[test]
    fn percent_encoding_mapping_agrees_with_iri_string(s in without_pinned_classes()) {
        let Ok(theirs) = iri_string::types::IriReferenceStr::new(&s) else { return Ok(()) };
        let pct = iriscan::iri::ToUriOptions { host_mapping: iriscan::iri::HostMapping::PercentEncode, ..Default::default() };
        let ours = iriscan::iri::to_uri_with(&s, &pct).unwrap();
        prop_assert_eq!(ours.as_ref(), iri_string::convert::MappedToUri::from(theirs).to_string());
    }
}

/// iri-string's resolution of the reference `r` against `base`.
fn iri_string_resolve(base: &str, r: &str) -> String {
    let b = iri_string::types::IriAbsoluteStr::new(base).unwrap();
    iri_string::types::IriReferenceStr::new(r)
        .unwrap()
        .resolve_against(b)
        .to_string()
}

/// iri-string 0.7 takes a percent-encoded dot (`%2E`, `%2e`) as a dot
/// segment when it resolves, as the WHATWG URL parser does; RFC 3986
/// §5.2.4 removes the segments `.` and `..` as written (`%2E` is only
/// decoded by normalization, §6.2.2.2), and oxiri agrees with it. We follow
/// the RFC, so the random resolution comparison leaves iri-string out for
/// references holding `%2E` (a proptest seed found the first, in CI).
#[test]
fn iri_string_reads_percent_encoded_dots_as_dot_segments_we_follow_the_rfc() {
    let base = "http://a/b/c/d;p?q";
    let rows = [
        ("urn:%2E/x", "urn:%2E/x", "urn:x"),
        ("%2E%2E/g", "http://a/b/c/%2E%2E/g", "http://a/b/g"),
        ("./%2e/g", "http://a/b/c/%2e/g", "http://a/b/c/g"),
        ("/a/%2E./g", "http://a/a/%2E./g", "http://a/g"),
    ];
    for (r, rfc, iri_string) in rows {
        assert_eq!(iriscan::iri::resolve(base, r).unwrap(), rfc, "{r}");
        let ox = oxiri::Iri::parse(base)
            .unwrap()
            .resolve(&oxiri::IriRef::parse(r).unwrap())
            .unwrap();
        assert_eq!(ox.as_str(), rfc, "oxiri: {r}");
        assert_eq!(iri_string_resolve(base, r), iri_string, "iri-string: {r}");
    }
}

/// fluent-uri 0.4 resolves differently from RFC 3986 §5.2.2 in two ways, so
/// it is left out of the resolution comparison; we follow the RFC:
/// - "if (R.path == "") then T.path = Base.path": the base path is taken
///   as is, dot segments included; fluent-uri removes them.
/// - "if defined(R.scheme) then ... T.path = remove_dot_segments(R.path)",
///   for rootless paths too; fluent-uri leaves a rootless path alone.
#[test]
fn fluent_uri_resolution_deviates_from_rfc3986_5_2_2_we_follow_the_rfc() {
    let rows = [
        ("foo:/a/.", "", "foo:/a/.", "foo:/a/"),
        ("foo:/a/.", "#s", "foo:/a/.#s", "foo:/a/#s"),
        ("foo:", "http:../résumé/a:b", "http:résumé/a:b", "http:../résumé/a:b"),
        ("http://a/b/c/d;p?q", "file:../#", "file:#", "file:../#"),
    ];
    for (base, r, rfc, fluent) in rows {
        assert_eq!(iriscan::iri::resolve(base, r).unwrap(), rfc, "{base} + {r}");
        assert_eq!(iri_string_resolve(base, r), rfc, "iri-string: {base} + {r}");
        let f = fluent_uri::IriRef::parse(r)
            .unwrap()
            .resolve_against(&fluent_uri::Iri::parse(base).unwrap());
        assert_eq!(f.unwrap().as_str(), fluent, "fluent-uri: {base} + {r}");
    }
}

// ---------------------------------------------------------------------------
// Pinned disagreements
// ---------------------------------------------------------------------------

/// RFC 3987 §4.1: "IRIs MUST NOT contain bidirectional formatting characters
/// (LRM, RLM, LRE, RLE, LRO, RLO, and PDF)." (3987bis §6.3 lists the same
/// U+200E, U+200F, U+202A–202E among the characters allowed in LEIRIs but
/// not in IRIs.) They are `ucschar` by range, which is all the peers check.
/// We also reject the isolates LRI, RLI, FSI, PDI (U+2066–2069): neither
/// text names them (Unicode 6.3 added them after both were written), but
/// they are bidi formatting characters of the same kind (Bidi_Control) and
/// the reason §4.1 gives applies to them unchanged.
#[test]
fn pinned_bidi_formatting_characters_rejected_per_rfc3987_4_1_peers_accept() {
    let bidi = [
        '\u{200E}', '\u{200F}', '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{202E}', '\u{2066}', '\u{2067}',
        '\u{2068}', '\u{2069}',
    ];
    for c in bidi {
        for s in [
            format!("http://example.com/a{c}b"),
            format!("http://example.com/?{c}"),
            format!("http://example.com/#{c}"),
            format!("http://ex{c}ample.com/"),
            format!("http://u{c}@example.com/"),
            format!("{c}relative"),
        ] {
            let err = IriRef::parse(&s).unwrap_err();
            assert_eq!(err.kind(), ErrorKind::BidiControl(c), "{s:?}");
            assert!(!grammar::is_iri_reference(&s), "{s:?}");
            for (name, peer) in PEERS {
                assert!(
                    peer(&s).0,
                    "{name} now rejects {s:?}: the pin is obsolete, fold it into the comparison"
                );
            }
        }
    }
}

/// 3987bis §2.2: "iprivate = %xE000-F8FF / %xE0000-E0FFF / %xF0000-FFFFD /
/// %x100000-10FFFD", and §11.2.3: "Added the tag range (U+E0000-E0FFF) to
/// the iprivate production. Some IRIs generated with the new syntax may fail
/// to pass very strict checks relying on the old syntax." In RFC 3987 §2.2
/// `iprivate` is "%xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD" and
/// `ucschar` skips from %xD0000-DFFFD to %xE1000-EFFFD, so the tags are in no
/// production and the peers reject them everywhere. Both readings agree that
/// they are not allowed outside the query.
#[test]
fn pinned_tag_characters_are_iprivate_in_query_per_3987bis_2_2_peers_reject() {
    for c in [
        '\u{E0000}',
        '\u{E0001}',
        '\u{E0020}',
        '\u{E007F}',
        '\u{E0100}',
        '\u{E0FFF}',
    ] {
        let in_query = format!("http://example.com/?lang={c}");
        assert_eq!(ours(&in_query), (true, true), "{in_query:?}");
        for (name, peer) in PEERS {
            assert_eq!(peer(&in_query), (false, false), "{name} now accepts {in_query:?}");
            // With the tag read as private use, the peers agree with us.
            assert_eq!(peer(&tags_as_private_use(&in_query)), (true, true), "{name}");
        }
        for elsewhere in [
            format!("http://example.com/{c}"),
            format!("http://example.com/#{c}"),
            format!("http://{c}/"),
        ] {
            assert_eq!(ours(&elsewhere), (false, false), "{elsewhere:?}");
            for (name, peer) in PEERS {
                assert_eq!(peer(&elsewhere), (false, false), "{name}: {elsewhere:?}");
            }
        }
    }
    // Just past the tag block, U+E1000 is ucschar for everyone.
    let s = "http://example.com/\u{E1000}?\u{E1000}#\u{E1000}";
    assert_eq!(ours(s), (true, true));
    for (name, peer) in PEERS {
        assert_eq!(peer(s), (true, true), "{name}");
    }
}

/// Corners where implementations of RFC 3986 §3.2.2 often slip, checked
/// against the peers one by one (all agree with us).
#[test]
fn peers_agree_on_hand_picked_corner_cases() {
    let cases = [
        "http://[V1.x]/",
        "http://[v1.é]/",
        "http://[fe80::1%25eth0]/",
        "http://[1:2:3:4:5:6:7::]/",
        "http://[::1:2:3:4:5:6:7]/",
        "http://[1:2:3:4:5:6:7:8::]/",
        "http://[1:2:3:4:5:6::1.2.3.4]/",
        "http://[::ffff:01.2.3.4]/",
        "http://[00000::]/",
        "http://[::1]:/",
        "http://[::1]a/",
        "http://h:80:80/",
        "http://@@h/",
        "a://[v1..]",
        "a://[]",
        "//u:p@[::1]:1",
        "a%3Ab:c",
        "a:?\u{10FFFD}",
        "a:?\u{FFFFE}",
        "a:\u{85}",
        "a://h/\u{200B}",
        "a://h/\u{FEFF}",
        "",
        "#",
        "////",
    ];
    for s in cases {
        let mine = ours(s);
        assert_eq!(mine.0, grammar::is_iri_reference(s), "{s:?}");
        for (name, peer) in PEERS {
            assert_eq!(peer(s), mine, "{name} on {s:?}");
        }
    }
}
