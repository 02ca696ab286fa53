//! Inputs the fuzzers (`fuzz/`) found, kept as regression tests. Each test
//! names what went wrong.

use iriscan::iri::equivalent;
use iriscan::{to_iri, to_uri, Finder, Iri};

/// fuzz target `map`: `to_iri` decoded a percent-encoded DNS host into
/// U+207A, which IDNA then maps to `+`, so URI → IRI → URI changed the URI.
/// Percent-encoded DNS hosts now stay as written.
#[test]
fn percent_encoded_dns_host_stays_encoded_for_display() {
    let uri = "https://httphom%E2%81%BAf/ooo=/o%bds";
    let iri = to_iri(uri);
    assert_eq!(iri, "https://httphom%E2%81%BAf/ooo=/o%BDs");
    let back = to_uri(&iri).unwrap();
    assert!(equivalent(uri, &back), "{uri} -> {iri} -> {back}");
}

/// Percent-encoded octets outside the host still decode.
#[test]
fn percent_encoded_path_of_a_dns_iri_still_decodes() {
    assert_eq!(to_iri("https://h%C3%A9.example/%C3%A9"), "https://h%C3%A9.example/é");
    assert_eq!(to_iri("urn:x:%C3%A9"), "urn:x:é");
}

/// Property test `find_properties`: slicing inside a multi-byte character
/// while checking for a `mailto:` prefix panicked.
#[test]
fn mailto_prefix_check_is_safe_after_multibyte_text() {
    let text = "»、（user@example.org👩\u{200d}👩\u{200d}👧";
    let links: Vec<_> = Finder::new().links(text).map(|l| l.as_str().to_owned()).collect();
    assert_eq!(links, ["user@example.org"]);
}

/// Property test `find_properties`: a lone `%` in an email local part made
/// the link's IRI invalid.
#[test]
fn lone_percent_in_email_is_encoded_in_the_iri() {
    let l = Finder::new().links("%user@example.org").next().unwrap();
    assert_eq!(l.iri(), "mailto:%25user@example.org");
    assert!(Iri::parse(&l.iri()).is_ok());
}

/// Accuracy run on a generated corpus: 280 nested `(` in a path were cut
/// at a bracket-depth cap; the run-length stack keeps them balanced.
#[test]
fn deeply_nested_brackets_stay_balanced() {
    let url = format!("https://example.com/{}x{}", "(".repeat(300), ")".repeat(300));
    let text = format!("see {url} ok");
    assert_eq!(Finder::new().links(&text).next().unwrap().as_str(), url);
}

/// Accuracy run: with three CJK dot searchers sharing one cache, a text
/// with `。` but no `｡` was searched to its end at every `。` (quadratic).
/// This finishes at once with per-dot caches.
#[test]
fn many_ideographic_full_stops_are_linear() {
    let text = "これは文です。".repeat(200_000);
    assert_eq!(Finder::new().links(&text).count(), 0);
}

/// fuzz target `map`: a DNS host mixing `xn--` labels and percent-encoded
/// octets went through IDNA ToUnicode whole and came out unparseable.
#[test]
fn ace_labels_next_to_percent_encoding_stay_as_written() {
    let uri = "https://xn--hXXXXXXXX2%D8%A3%D8%AD%D9%85%D8%AFXXX;XXXXXXXXXXXXXX6a1f-n-fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffX3a1f.xn--72c1a1bt4a.x7-72c1a1bt4XXX6a1f.xn--72c1a1baz3al.x-qxam%Cc.";
    let iri = to_iri(uri);
    assert!(iriscan::IriRef::parse(&iri).is_ok(), "{iri}");
}

/// fuzz target `find`: `mailto:` before an address whose local part starts
/// with a backquote (allowed in email local parts, not in IRIs) gave a link
/// whose IRI did not parse. The default mode now reads the backquote as
/// code or a quote opened before the address (`find_rules.rs`,
/// `a_backtick_is_no_part_of_a_local_part`): the address alone is the
/// link; strict mode keeps the backquote, percent-encoded in the IRI.
#[test]
fn mailto_link_with_backquote_in_local_part_has_a_valid_iri() {
    let text = "see mailto:`aebal-leave@lists.example.co. ok";
    let link = Finder::new().links(text).next().unwrap();
    assert_eq!(link.as_str(), "aebal-leave@lists.example.co");
    assert!(Iri::parse(&link.iri()).is_ok());
    let mut strict = Finder::new();
    strict.strict_uts58(true);
    for link in strict.links(text) {
        assert!(Iri::parse(&link.iri()).is_ok(), "{}", link.as_str());
    }
}

/// Stress run of the streaming layer: a combining mark after `]` clusters
/// with it, the grapheme step cut the `]` and the IPv6 literal was left
/// unclosed. The end is now validated again after every grapheme step.
#[test]
fn combining_mark_after_ip_literal_leaves_a_valid_link() {
    for text in ["http://[::1]\u{301}", "http://[v1.x]\u{301} ok"] {
        for link in Finder::new().links(text) {
            assert!(Iri::parse(&link.iri()).is_ok(), "{:?} from {text:?}", link.as_str());
        }
    }
}

/// fuzz target `find`: a dot after the port (`example.com:844./path`) was
/// taken as the host's trailing dot, making the port `844.`.
#[test]
fn dot_after_a_port_is_not_a_trailing_host_dot() {
    for text in [
        "exلample.com:844./carجtkov",
        "see example.com:844./a ok",
        "example.com./a",
        "example.com.:80/a",
    ] {
        for link in Finder::new().links(text) {
            assert!(Iri::parse(&link.iri()).is_ok(), "{:?} from {text:?}", link.as_str());
        }
    }
    let l = Finder::new().links("example.com./a").next().unwrap();
    assert_eq!(l.as_str(), "example.com./a");
}

/// Found in review: the binary-run skipper searched for the next trigger
/// byte (and backward from it) afresh for every short run, so invalid
/// sequences that are not errors on their own (a lead byte before ASCII)
/// between long trigger-free runs made `links_bytes` quadratic (200 KB took
/// 0.7 s). What it learned is now kept across runs. At this size the
/// quadratic version did not finish in minutes in a debug build.
#[test]
fn runs_between_lead_byte_errors_are_skipped_in_linear_time() {
    let unit: Vec<u8> = [&b"\xD0A"[..], "приветствие".repeat(4).as_bytes()].concat();
    let mut input = unit.repeat(4_000_000 / unit.len());
    input.extend_from_slice(b" x.example.com");
    let links: Vec<_> = iriscan::Finder::new()
        .links_bytes(&input)
        .map(|l| l.as_str().to_owned())
        .collect();
    assert_eq!(links, ["x.example.com"]);
}
