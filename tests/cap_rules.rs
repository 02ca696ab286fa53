//! The length cap and the cuts of the default mode's prose rules: what a
//! cut leaves, and what a cut link must still pass (one test per rule).

use iriscan::Finder;

fn found_with(finder: &Finder, text: &str) -> Vec<String> {
    finder.links(text).map(|l| l.as_str().to_owned()).collect()
}

fn capped(max: usize) -> Finder {
    let mut f = Finder::new();
    f.max_link_len(max);
    f
}

/// The rest of a link the cap cut is part of that link (cut only for its
/// length): nothing that starts in it is linked on its own, in an IRI
/// and in a name with a path, and the search goes on after it.
#[test]
fn the_rest_of_a_cut_link_is_never_linked() {
    let f = capped(24);
    for (text, want) in [
        (
            "https://example.com/profile;user@mail.example.org",
            "https://example.com/prof",
        ),
        (
            "https://example.com/profile,user@mail.example.org",
            "https://example.com/prof",
        ),
        (
            "https://example.com/profile/user:pass@mail.example.org",
            "https://example.com/prof",
        ),
        (
            "https://example.com/profile=https://mail.example.org",
            "https://example.com/prof",
        ),
        (
            "https://example.com/prof,,,,,,,user@mail.example.org",
            "https://example.com/prof",
        ),
        (
            "www.example.com/profile;user@mail.example.org",
            "www.example.com/profile;",
        ),
        (
            "www.example.com/profile;user@mail.example.org",
            "www.example.com/profile;",
        ),
    ] {
        let want = want.trim_end_matches(';');
        assert_eq!(found_with(&f, text), [want], "{text}");
        // The search goes on after the rest of the link.
        let more = format!("{text} and x.org");
        assert_eq!(found_with(&f, &more), [want, "x.org"], "{more}");
    }
    // Uncut, each is one link.
    for text in [
        "https://example.com/profile;user@mail.example.org",
        "https://example.com/profile=https://mail.example.org",
    ] {
        assert_eq!(found_with(&Finder::new(), text), [text]);
    }
}

/// The rest of a cut link ends where the link would have ended without
/// the cap: a closing bracket that closes nothing, a quote, white space.
/// Where the search goes on after a cut link is that link's own business:
/// two searches of the same text, with the same cap but different
/// options, taken in turn one link at a time (on one thread), each find
/// what they find alone.
#[test]
fn interleaved_searches_resume_after_their_own_cut_links() {
    let default = capped(24);
    let mut strict = capped(24);
    strict.strict_uts58(true);
    let mut emails = capped(24);
    emails.kinds(&[iriscan::LinkKind::Email]);
    let text = "https://example.com/profile;user@mail.example.org x \
                see www.example.com/profile;user@mail.example.org, \
                https://example.com/(a(b(c(d(e(f(g(h)))))))),user@mail.example.org";
    for (a, b) in [(&default, &strict), (&default, &emails), (&strict, &emails)] {
        let alone = (found_with(a, text), found_with(b, text));
        let (mut x, mut y) = (a.links(text), b.links(text));
        let (mut got_a, mut got_b) = (Vec::new(), Vec::new());
        loop {
            let (la, lb) = (x.next(), y.next());
            if la.is_none() && lb.is_none() {
                break;
            }
            got_a.extend(la.map(|l| l.as_str().to_owned()));
            got_b.extend(lb.map(|l| l.as_str().to_owned()));
        }
        assert_eq!((got_a, got_b), alone);
    }
}

#[test]
fn the_rest_of_a_cut_link_ends_where_the_uncut_link_would() {
    let f = capped(24);
    assert_eq!(
        found_with(&f, "(see https://example.com/profile;user@mail.example.org)x.org"),
        ["https://example.com/prof", "x.org"]
    );
    assert_eq!(
        found_with(&f, "\"https://example.com/profile;a@mail.example.org\"b@example.org"),
        ["https://example.com/prof", "b@example.org"]
    );
}

/// Brackets nested deeper than the cap in the rest of a cut link: the
/// rest still ends where the brackets close, whatever their depth.
#[test]
fn the_rest_of_a_cut_link_holds_brackets_nested_past_the_cap() {
    let depth = 200;
    let open: String = "(「".repeat(depth);
    let close: String = "」)".repeat(depth);
    let text = format!("https://a.io/p{open}x.org{close} y.org");
    // Uncut: one link, and `y.org`.
    let whole = found_with(&Finder::new(), &text);
    assert_eq!(whole, [&text[..text.len() - 6], "y.org"]);
    assert_eq!(found_with(&capped(16), &text), ["https://a.io/p", "y.org"]);
    // A closer that closes nothing ends the rest there, as it ends the
    // uncut link: what follows is read on its own.
    let text = format!("https://a.io/p{open}」」x.org y.org");
    assert_eq!(found_with(&Finder::new(), &text)[1..], ["x.org", "y.org"]);
    assert_eq!(found_with(&capped(16), &text), ["https://a.io/p", "x.org", "y.org"]);
}

/// Pieces of text around links that the cap may cut: separators, brackets,
/// quotes, emails and names that could start inside a cut link.
const PIECES: &[&str] = &[
    "https://a.io/",
    "http://b.example.com/p",
    "www.c.org/",
    "x.org",
    "u@d.de",
    "abcdefgh",
    ";",
    ",",
    "=",
    ":",
    "(",
    ")",
    "「",
    "」",
    "'",
    "\"",
    " ",
    "/",
    "?q=",
    "#f",
    "详细",
    "例え.jp",
];

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3_000))]

    /// Under any cap, no link starts inside the uncut link of a link the
    /// cap cut (the uncut finder's link at the same start, longer).
    #[test]
    fn no_link_starts_inside_what_a_cut_link_would_have_covered(
        pieces in proptest::collection::vec(proptest::sample::select(PIECES), 0..40),
        cap in 16usize..80,
    ) {
        let text = pieces.concat();
        let uncut: Vec<(usize, usize)> = Finder::new().links(&text).map(|l| (l.start(), l.end())).collect();
        let links: Vec<(usize, usize)> = capped(cap).links(&text).map(|l| (l.start(), l.end())).collect();
        for (i, &(start, end)) in links.iter().enumerate() {
            let Some(&(_, whole)) = uncut.iter().find(|&&(s, e)| s == start && e > end) else {
                continue;
            };
            if let Some(&(next, _)) = links.get(i + 1) {
                proptest::prop_assert!(next >= whole, "{:?} cap {}: {:?}", text, cap, links);
            }
        }
    }
}

/// A name that the prose rules cut where CJK text is glued to it (the
/// text was read as part of its last label) passes the rules a name found
/// from its own dot passes: a TLD, not kept for emails, no file name, no
/// code name. The glued text reads as the spaced one.
#[test]
fn a_name_cut_at_glued_prose_passes_the_name_rules() {
    let f = Finder::new();
    for (glued, want) in [
        ("x.py详细例え.jp", &["详细例え.jp"][..]),
        ("readme.md详细例え.jp", &["详细例え.jp"]),
        ("x.notatld详细例え.jp", &["详细例え.jp"]),
        ("foo.example详细例え.jp", &["详细例え.jp"]),
        ("README.md详细例え.jp", &["详细例え.jp"]),
        ("user.id详细例え.jp", &["详细例え.jp"]),
        ("Makefile.am详细例え.jp", &["详细例え.jp"]),
        ("x.py详细", &[]),
        ("readme.md详细", &[]),
        // Real hosts stay linked.
        ("example.com详细例え.jp", &["example.com", "详细例え.jp"]),
        ("www.x.py详细例え.jp", &["www.x.py", "详细例え.jp"]),
        ("a.b.py详细例え.jp", &["a.b.py", "详细例え.jp"]),
        ("example.com详细", &["example.com"]),
    ] {
        assert_eq!(found_with(&f, glued), want, "{glued}");
        let spaced = glued.replacen('详', " 详", 1);
        assert_eq!(found_with(&f, &spaced), want, "{spaced}");
    }
}

/// The words the search passes over because they are longer than the cap
/// and may not be cut are counted, once each, across invalid UTF-8; a
/// link the cap cut in its path is found, not counted.
#[test]
fn words_too_long_to_cut_are_counted_as_passed_over() {
    let f = capped(20);
    let text = "www.example-domain-name.com me@an-example-host.com tel:+1-555-0100-0199-0123 \
                https://example.com/abcdefghijk x.org";
    let mut links = f.links(text);
    let found: Vec<&str> = links.by_ref().map(|l| l.as_str()).collect();
    assert_eq!(found, ["https://example.com/", "x.org"]);
    assert_eq!(links.passed_over(), 3);
    let bytes = b"www.example-domain-name.com\xFFme@an-example-host.com\xFF x.org";
    let mut links = f.links_bytes(bytes);
    assert_eq!(links.by_ref().count(), 1);
    assert_eq!(links.passed_over(), 2);
    // Under the default cap, nothing is passed over.
    let uncapped = Finder::new();
    let mut links = uncapped.links(text);
    assert_eq!(links.by_ref().count(), 5);
    assert_eq!(links.passed_over(), 0);
}

/// A stream read in pieces of any size finds what the whole text gives
/// under a cap: the rest of a cut link never crosses white space, where
/// the stream cuts.
#[test]
fn a_stream_skips_the_rest_of_a_cut_link_as_the_whole_text_does() {
    use iriscan::stream::StreamFinder;
    let f = capped(24);
    let text = "a https://example.com/profile;user@mail.example.org x.org\n\
                www.example.com/profile=https://mail.example.org/(「(「x.org」)」) y.org\n";
    let whole: Vec<(u64, u64)> = f.links(text).map(|l| (l.start() as u64, l.end() as u64)).collect();
    assert_eq!(whole.len(), 4, "{whole:?}");
    let mut sf = StreamFinder::new(f);
    for k in 1..=text.len() {
        sf.read_size(k);
        let got: Vec<(u64, u64)> = sf
            .links(text.as_bytes())
            .map(|l| l.map(|l| (l.start(), l.end())))
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(got, whole, "read size {k}");
    }
}

/// The words a stream passes over for their length are each counted once,
/// by the chunk they start in: summed over the chunks, at every read
/// size, the count is the whole text's.
#[test]
fn each_chunk_counts_the_words_passed_over_that_start_in_it() {
    use iriscan::stream::StreamFinder;
    let f = capped(24);
    let text = "see www.example-domain-name-that-is-long.com x.org me@an-example-host-name-long.com\n\
                y.org https://a-very-long-host-name-for-a-link.example.com/path z.org\n";
    let mut links = f.links(text);
    links.by_ref().for_each(drop);
    let whole = links.passed_over();
    assert_eq!(whole, 3);
    let mut sf = StreamFinder::new(f);
    for k in 1..=text.len() {
        sf.read_size(k);
        let mut passed = 0;
        sf.for_each_chunk(text.as_bytes(), |chunk| {
            let mut links = chunk.links();
            links.by_ref().for_each(drop);
            passed += links.passed_over();
            Ok(())
        })
        .unwrap();
        assert_eq!(passed, whole, "read size {k}");
    }
}
