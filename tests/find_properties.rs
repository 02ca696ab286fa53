//! Properties of every link the finder reports, on generated text mixing
//! links in many scripts with punctuation, brackets and noise.

use iriscan::{Finder, Iri, LinkKind};
use proptest::prelude::*;

fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("http://例え.テスト/パス".to_owned()),
        Just("https://пример.рф/путь?к=з#я".to_owned()),
        Just("www.example.com".to_owned()),
        Just("user@example.org".to_owned()),
        Just("mailto:a@例え.jp".to_owned()),
        Just("urn:isbn:123".to_owned()),
        Just("http://[2001:db8::1]:80/".to_owned()),
        Just("https://en.wikipedia.org/wiki/A_(b)".to_owned()),
        Just("<URL:http://a.example/x/\n  y>".to_owned()),
        Just("bücher.de".to_owned()),
        Just("https://a.example/[x]?q[1]=é#a#b".to_owned()),
        Just("mailto:a`b@пример.рф".to_owned()),
        Just("ü{x@bücher.de".to_owned()),
        Just("例え。jp".to_owned()),
        Just("\u{202E}".to_owned()),
        Just("\u{301}".to_owned()),
        Just("👩‍👩‍👧".to_owned()),
        "[ .,;:!?()\\[\\]{}<>\"'`|/@#%&=~。、「」（）«»]{1,3}",
        "[a-zA-Z0-9]{1,6}",
        "[α-ωа-яぁ-ん一-龥]{1,4}",
        Just(" ".to_owned()),
        Just("\n".to_owned()),
    ]
}

fn text() -> impl Strategy<Value = String> {
    prop::collection::vec(piece(), 0..24).prop_map(|v| v.concat())
}

fn check_links(finder: &Finder, text: &str) -> Result<(), TestCaseError> {
    let mut prev_end = 0;
    for link in finder.links(text) {
        prop_assert!(link.start() >= prev_end, "overlap or out of order: {:?}", link.as_str());
        prop_assert!(link.start() < link.end() && link.end() <= text.len());
        prop_assert!(text.is_char_boundary(link.start()) && text.is_char_boundary(link.end()));
        prop_assert_eq!(&text[link.start()..link.end()], link.as_str());
        let iri = link.iri();
        prop_assert!(
            Iri::parse(&iri).is_ok(),
            "iri() does not parse: {:?} from {:?}",
            iri,
            link.as_str()
        );
        if link.kind() == LinkKind::Iri && !link.is_folded() {
            prop_assert!(!link.as_str().chars().any(char::is_whitespace));
        }
        prev_end = link.end();
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn links_are_ordered_disjoint_on_char_boundaries_and_parse(t in text()) {
        check_links(&Finder::new(), &t)?;
        let mut strict = Finder::new();
        strict.strict_uts58(true);
        let mut prev_end = 0;
        for link in strict.links(&t) {
            prop_assert!(link.start() >= prev_end && link.end() <= t.len());
            prop_assert!(t.is_char_boundary(link.start()) && t.is_char_boundary(link.end()));
            prev_end = link.end();
        }
    }

    /// `to_uri` maps each link in one parse where it can: it must give
    /// what mapping `iri()` gives (the value and the error), in both modes.
    #[test]
    fn to_uri_is_the_mapping_of_iri(t in text()) {
        let mut strict = Finder::new();
        strict.strict_uts58(true);
        for finder in [Finder::new(), strict] {
            for link in finder.links(&t) {
                let expected = iriscan::to_uri(&link.iri()).map(|u| u.into_owned());
                prop_assert_eq!(link.to_uri().map(|u| u.into_owned()), expected, "{:?}", link.as_str());
            }
        }
    }

    #[test]
    fn links_never_end_inside_a_grapheme_cluster(t in text()) {
        use unicode_segmentation::UnicodeSegmentation;
        let boundaries: std::collections::HashSet<usize> =
            t.grapheme_indices(true).map(|(i, _)| i).chain(std::iter::once(t.len())).collect();
        for link in Finder::new().links(&t) {
            prop_assert!(boundaries.contains(&link.end()), "ends inside a grapheme: {:?}", link.as_str());
            prop_assert!(boundaries.contains(&link.start()), "starts inside a grapheme: {:?}", link.as_str());
        }
    }

    #[test]
    fn bytes_and_str_entry_points_agree(t in text()) {
        let f = Finder::new();
        let a: Vec<_> = f.links(&t).map(|l| (l.start(), l.as_str().to_owned())).collect();
        let b: Vec<_> = f.links_bytes(t.as_bytes()).map(|l| (l.start(), l.as_str().to_owned())).collect();
        prop_assert_eq!(a, b);
    }

    #[test]
    fn spans_cover_the_text_and_hold_the_links_in_order(t in text()) {
        let f = Finder::new();
        let links: Vec<_> = f.links(&t).map(|l| (l.start(), l.as_str().to_owned())).collect();
        let spans: Vec<_> = f.spans(&t).collect();
        let joined: String = spans.iter().map(|s| s.as_str()).collect();
        prop_assert_eq!(&joined, &t);
        let in_spans: Vec<_> = spans.iter().filter_map(|s| s.link().map(|l| (l.start(), l.as_str().to_owned()))).collect();
        prop_assert_eq!(in_spans, links);
        let mut it = f.links(&t);
        for _ in it.by_ref() {}
        prop_assert!(it.next().is_none());
    }

    #[test]
    fn arbitrary_bytes_never_panic_and_stay_in_bounds(bytes in prop::collection::vec(any::<u8>(), 0..256)) {
        let f = Finder::new();
        for l in f.links_bytes(&bytes) {
            prop_assert!(l.end() <= bytes.len());
            prop_assert_eq!(&bytes[l.start()..l.end()], l.as_str().as_bytes());
        }
    }

    #[test]
    fn links_found_in_a_prefix_context_do_not_change(t in text(), pre in "[ \n]{1,2}") {
        // A Hard boundary before the text shifts offsets and nothing else.
        let f = Finder::new();
        let a: Vec<_> = f.links(&t).map(|l| (l.start(), l.as_str().to_owned())).collect();
        let shifted = format!("{pre}{t}");
        let b: Vec<_> = f.links(&shifted).map(|l| (l.start() - pre.len(), l.as_str().to_owned())).collect();
        prop_assert_eq!(a, b);
    }
}
