use super::*;
use crate::find::candidate::MAX_SCHEME_BACK;
use crate::find::classes::is_scheme_byte;
use crate::find::end::is_cjk_stop;
use crate::find::tail::breaks_after_letters;
use crate::find::testing::{floor_before, random_pieces, uncapped_and_capped};
use crate::letters::is_link_letter;

/// The colon and scheme start of the first link of `text`, and the link
/// the general rules find there (what the one-pass paths must match).
fn start_and_general<'t>(f: &Finder, text: &'t str) -> (usize, usize, Option<&'t str>) {
    let colon = text.find(':').unwrap();
    let s = scheme_start(f, text, colon, 0).unwrap();
    (
        colon,
        s,
        scheme_link::<false>(f, text, s, colon).map(|r| &text[r.start..r.end]),
    )
}

/// A boundary before each character of `breaks_after_letters`, after a
/// character of every grapheme class that `LINK_LETTER_BLOCKS` (and
/// ASCII) holds: letters, Extend and SpacingMark marks, a virama after
/// a consonant (Indic conjuncts), Hangul LV and LVT syllables.
#[test]
fn punctuation_after_link_letters_starts_a_grapheme_cluster() {
    let before = [
        "a",
        "/",
        "é",
        "東",
        "ー",
        "ก",
        "ก\u{E48}",
        "क",
        "का",
        "क\u{94D}",
        "क\u{93C}",
        "ب\u{64B}",
        "가",
        "각",
        "ְ",
    ];
    for p in before {
        let last = p.chars().next_back().unwrap();
        assert!(last.is_ascii() || is_link_letter(last), "{p}");
    }
    let mut n = 0;
    for c in (0x80..0x10000)
        .filter_map(char::from_u32)
        .filter(|&c| breaks_after_letters(c))
    {
        n += 1;
        for p in before {
            let text = format!("{p}{c}");
            assert!(is_grapheme_boundary(&text, p.len()), "{p} U+{:04X}", c as u32);
        }
    }
    assert!(n > 300, "{n}");
}

#[test]
fn only_the_registered_opaque_schemes_are_opaque() {
    for s in OPAQUE_SCHEMES {
        assert!(
            is_registered_opaque_scheme(s) && is_registered_opaque_scheme(&s.to_ascii_uppercase()),
            "{s}"
        );
    }
    for s in ["key", "Hint", "value", "http", "https", "a", "zzz"] {
        assert!(!is_registered_opaque_scheme(s), "{s}");
    }
    assert!(is_registered_opaque_scheme("MailTo") && !is_registered_opaque_scheme("mail"));
}

/// A closing quote is never taken into a plain host, so that the host
/// loop stops where the forward scan would stop at the quote.
#[test]
fn closing_quotes_are_not_plain_host_characters() {
    let opens = ['"', '\'', '`', '“', '‘', '„', '‚', '«', '»', '‹', '›', '”'];
    for q in opens.into_iter().filter_map(crate::find::end::closing_quote) {
        let text = format!("{q}");
        assert_eq!(host_char_len(&text, 0), None, "{q:?}");
        let first = text.as_bytes()[0];
        assert!(!ALNUM_BYTE[first as usize] && first != b'.' && first != b'-', "{q:?}");
    }
}

/// A link after a quote whose closing quote an IRI may hold (`'`,
/// `»`, `”`) takes the one-pass path and ends where the general rules
/// end it: at the closing quote.
#[test]
fn quoted_links_take_the_plain_path_to_the_closing_quote() {
    let f = Finder::new();
    for (text, link) in [
        ("«https://пример.рф/путь»; ещё", "https://пример.рф/путь"),
        ("'https://example.com/a'.", "https://example.com/a"),
        ("“https://example.com/a?q=1”", "https://example.com/a?q=1"),
        ("‘https://example.com/東京’", "https://example.com/東京"),
    ] {
        let (colon, s, general) = start_and_general(&f, text);
        let quote = char_before(text, s).and_then(closing_quote);
        assert!(quote_in_iri(quote), "{text}");
        let fast = quoted_web_link(&f, text, s, colon, quote).map(|end| &text[s..end]);
        assert_eq!(fast, Some(link), "{text}");
        assert_eq!(general, Some(link), "{text}");
    }
}

/// The host loop reads letters and digits in runs and `-` and `.` one
/// by one: a label that starts or ends with `-`, an empty label and a
/// host ending in `.` or `-` are still no plain host.
#[test]
fn plain_hosts_keep_the_dns_label_edges() {
    let f = Finder::new();
    for (host, plain) in [
        ("a-b.ex4mple.com", true),
        ("xn--p1ai.xn--e1afmkfd", true),
        ("пример.рф", true),
        ("a1.b2", true),
        ("a..com", false),
        ("-a.com", false),
        ("a-.com", false),
        ("a.-com", false),
        (".a.com", false),
        ("a.com-", false),
        ("a.com.", false),
    ] {
        let text = format!("http://{host}/x y");
        let fast = plain_web_link::<false>(&f, &text, 0, 4, None);
        assert_eq!(fast.is_some(), plain, "{host}");
        if plain {
            assert_eq!(fast, Some(text.len() - 2), "{host}");
        }
    }
}

/// A host that is an IPv6 literal takes the one-pass path, and the
/// general rules find the same link; other literals are theirs.
#[test]
fn ipv6_literal_hosts_take_the_plain_path() {
    let f = Finder::new();
    for (text, link) in [
        (
            "see http://[2001:db8::ff]:8080/ and",
            Some("http://[2001:db8::ff]:8080/"),
        ),
        ("http://[::1]/status.", Some("http://[::1]/status")),
        ("(http://[::ffff:192.0.2.1]/x)", Some("http://[::ffff:192.0.2.1]/x")),
        ("http://[1::2::3]/", None),
        ("http://[v1.x]/", None),
        ("http://[::]/", None),
    ] {
        let (colon, s, general) = start_and_general(&f, text);
        let fast = plain_web_link::<false>(&f, text, s, colon, None).map(|end| &text[s..end]);
        assert_eq!(fast, link, "{text}");
        if link.is_some() {
            assert_eq!(general, link, "{text}");
        }
    }
}

/// A `file://` link with no host (`file:///path`) takes the one-pass
/// path from its path's `/`, and the general rules find the same link.
#[test]
fn file_links_without_a_host_take_the_plain_path() {
    let f = Finder::new();
    for (text, link) in [
        (
            "open file:///home/user/Документы/отчёт.pdf.",
            "file:///home/user/Документы/отчёт.pdf",
        ),
        ("(file:///C:/Temp/a%20b.txt)", "file:///C:/Temp/a%20b.txt"),
        ("file:///etc/hosts, then", "file:///etc/hosts"),
        ("file:///", "file:///"),
    ] {
        let (colon, s, general) = start_and_general(&f, text);
        let fast = plain_rest::<false>(&f, text, s, colon + 3, colon + 3, None).map(|end| &text[s..end]);
        assert_eq!(fast, Some(link), "{text}");
        assert_eq!(general, Some(link), "{text}");
    }
}

/// Runs of `(` and `)` are read at once: the closing run takes only as
/// many as are open, so the first `)` that closes nothing still ends the
/// link, as in the general rules.
#[test]
fn bracket_runs_close_only_what_is_open() {
    let f = Finder::new();
    for (text, link) in [
        (
            "see https://example.com/((((x)))))))) now",
            "https://example.com/((((x))))",
        ),
        ("https://example.com/(((x)) now", "https://example.com/(((x))"),
        ("(https://example.com/a_(b)) now", "https://example.com/a_(b)"),
        ("https://example.com/((x))/y)", "https://example.com/((x))/y"),
    ] {
        let (colon, s, general) = start_and_general(&f, text);
        let fast = plain_web_link::<false>(&f, text, s, colon, None).map(|end| &text[s..end]);
        assert_eq!(fast, Some(link), "{text}");
        assert_eq!(general, Some(link), "{text}");
    }
}

/// The quick return of `scheme_word_start` (a few letters after a byte
/// in no scheme) starts the scheme where the byte-by-byte walk starts it,
/// and rejects what it rejects, at every colon, floor and length.
#[test]
fn scheme_word_starts_where_the_walk_starts_it() {
    fn walk(b: &[u8], colon: usize, floor: usize) -> Option<usize> {
        let lo = floor.max(colon.saturating_sub(MAX_SCHEME_BACK));
        let mut s = colon;
        while s > lo && is_scheme_byte(b[s - 1]) {
            s -= 1;
        }
        if s > floor && s > 0 && is_scheme_byte(b[s - 1]) {
            return None;
        }
        while s < colon && !b[s].is_ascii_alphabetic() {
            s += 1;
        }
        // (A footnote's digit may come before `http` and `https`, and so
        // may the end of the previous link, `floor`.)
        let web = [&b"http"[..], b"https"]
            .iter()
            .any(|w| b[s..colon].eq_ignore_ascii_case(w));
        (s < colon
            && (s == 0 || !b[s - 1].is_ascii_alphanumeric() || ((b[s - 1].is_ascii_digit() || s == floor) && web)))
            .then_some(s)
    }
    let pieces: [&[u8]; 14] = [
        b"a",
        b"Z",
        b"http",
        b"0",
        b"+",
        b"-",
        b".",
        b" ",
        b"(",
        b"\"",
        b"\xC3\xA9",
        b"\t",
        b"https",
        b"x",
    ];
    let mut seed = 0x3456_789A_BCDE_F123u64;
    for _ in 0..50_000 {
        let mut text = random_pieces(&mut seed, &pieces, 24);
        text.extend_from_slice(b"://x");
        let colon = text.len() - 4;
        for floor in [
            0,
            colon.saturating_sub(1),
            colon.saturating_sub(3),
            colon.saturating_sub(6),
            colon / 2,
        ] {
            assert_eq!(
                scheme_word_start(&text, colon, floor),
                walk(&text, colon, floor),
                "{:?} floor {floor}",
                String::from_utf8_lossy(&text)
            );
        }
    }
}

/// Every character of `LINK_LETTER_BLOCKS` is one the host loop and
/// the path loop would take one at a time by the general tests
/// (`host_char_len`; Include, `ucschar`, in an IRI, no CJK stop, not
/// fullwidth-excluded), never a closing quote, with a grapheme boundary
/// before ASCII; and the common letters are all among them.
#[test]
fn link_letters_are_taken_by_host_and_path_alike() {
    let quotes: Vec<char> = ['"', '\'', '`', '“', '‘', '„', '‚', '«', '»', '‹', '›', '”']
        .into_iter()
        .filter_map(crate::find::end::closing_quote)
        .collect();
    let mut n = 0;
    for c in (0x80..0x10000).filter_map(char::from_u32) {
        if crate::letters::in_fast_domain_block(c) {
            assert!(is_link_letter(c), "U+{:04X}", c as u32);
        }
        if !is_link_letter(c) {
            continue;
        }
        n += 1;
        let text = format!("{c}a/");
        let len = c.len_utf8();
        assert_eq!(host_char_len(&text, 0), Some(len), "U+{:04X}", c as u32);
        assert!(
            can_appear_in_iri(c)
                && is_ucschar(c)
                && !ends_link_in_prose(c)
                && !is_cjk_stop(c)
                && link_term(c) == LinkTerm::Include
                && !quotes.contains(&c),
            "U+{:04X}",
            c as u32
        );
        assert!(is_grapheme_boundary(&text, len), "U+{:04X}", c as u32);
        assert!(is_grapheme_boundary(&text[..len + 1], len) && is_grapheme_boundary(&format!("{c}/"), len));
    }
    assert!(n > 30_000, "{n}");
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(20_000))]

    /// The one-pass path for plain web links finds, at every colon,
    /// the link the general rules find (or, like them, none): with
    /// quotes before the scheme, ports, every kind of byte after the
    /// host and in the path, and a length cap that falls anywhere.
    #[test]
    fn plain_web_link_path_finds_what_the_general_rules_find(
        pieces in proptest::collection::vec(proptest::sample::select(WEB_PIECES), 0..24),
        cap in 16usize..80,
        floor_at in 0usize..8,
    ) {
        let text = pieces.concat();
        for f in uncapped_and_capped(cap) {
            for (colon, _) in text.match_indices(':') {
                let floor = floor_before(&text, colon, floor_at);
                let Some(s) = scheme_start(&f, &text, colon, floor) else {
                    continue;
                };
                let fast = scheme_link::<true>(&f, &text, s, colon).map(|r| (r.start, r.end, r.folded));
                let general = scheme_link::<false>(&f, &text, s, colon).map(|r| (r.start, r.end, r.folded));
                proptest::prop_assert_eq!(fast, general, "{:?} at {} floor {} cap {}", text, colon, floor, f.get_max_link_len());
            }
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3_000))]

    /// Past `PLAIN_WEB_LINK_MAX` bytes the one-pass path goes on in its
    /// long loop (eight bytes at a time while no bracket is open) and
    /// still finds, at every colon, the link the general rules find: a
    /// long run of one piece (`::`, `(`, `(x)`, `%41`, letters…) in the
    /// path, query or fragment, any pieces around it, and a length cap
    /// before, inside or after the run.
    #[test]
    fn long_plain_links_find_what_the_general_rules_find(
        before in proptest::collection::vec(proptest::sample::select(WEB_PIECES), 0..8),
        head in proptest::sample::select(LONG_HEADS),
        filler in proptest::sample::select(LONG_FILLERS),
        reps in 40usize..400,
        after in proptest::collection::vec(proptest::sample::select(WEB_PIECES), 0..12),
        cap in 64usize..1500,
    ) {
        let text = format!("{}{head}{}{}", before.concat(), filler.repeat(reps), after.concat());
        for f in uncapped_and_capped(cap) {
            for (colon, _) in text.match_indices(':') {
                let Some(s) = scheme_start(&f, &text, colon, 0) else {
                    continue;
                };
                let fast = scheme_link::<true>(&f, &text, s, colon).map(|r| (r.start, r.end, r.folded));
                let general = scheme_link::<false>(&f, &text, s, colon).map(|r| (r.start, r.end, r.folded));
                proptest::prop_assert_eq!(fast, general, "{:?} at {} cap {}", text, colon, f.get_max_link_len());
            }
        }
    }
}

/// The start of a long link in [`long_plain_links_find_what_the_general_rules_find`].
const LONG_HEADS: &[&str] = &[
    "https://example.com/",
    "http://例え.テスト/",
    "(https://example.com/a?",
    "«https://example.com/",
    "'https://example.com/",
    "urn:isbn:",
    "mailto:a@example.com?subject=",
    "https://example.com/a#",
];

/// What a long link repeats.
const LONG_FILLERS: &[&str] = &[
    "a", "::", ".", "(", ")", "(x)", "((", "%41", "/", "é", "例", "ー", "&=", "?", "#", ":~:", "'", "/<user>", "=<id>",
    "a.b-c_d~", "\u{E000}", "」",
];

/// A template placeholder that the one-pass path's first 256 bytes cut
/// is looked at whole, as the general rules look at it: the link goes on
/// through it.
#[test]
fn placeholders_across_the_short_limit_are_read_whole() {
    let f = Finder::new();
    for pad in 220..260 {
        let text = format!("https://example.com/{}/<user>/repo and more", "a".repeat(pad));
        let colon = text.find(':').unwrap();
        let s = scheme_start(&f, &text, colon, 0).unwrap();
        let want = text.find(" and").unwrap();
        let fast = scheme_link::<true>(&f, &text, s, colon).map(|r| r.end);
        let general = scheme_link::<false>(&f, &text, s, colon).map(|r| r.end);
        assert_eq!((fast, general), (Some(want), Some(want)), "{pad}");
    }
}

/// Schemes, hosts, ports and paths, good and bad, with every kind of
/// byte that can follow each.
const WEB_PIECES: &[&str] = &[
    "http://",
    "https://",
    "HTTP://",
    "ftp://",
    "file://",
    "mailto:",
    "mailto://",
    "git+ssh://",
    "x1://",
    "a",
    "example",
    "com",
    "0",
    "192.168.0.1",
    "[::1]",
    "[2001:db8::ff]",
    "[::]",
    "[::ffff:192.0.2.1]",
    "[1::2::3]",
    "[v1.x]",
    "[fe80::1%25eth0]",
    "[1.2.3.4]",
    "[FFFF:",
    ".",
    "..",
    "-",
    "_",
    "~",
    ":",
    ":8080",
    ":x",
    "/",
    "//",
    "?",
    "#",
    "%41",
    "%4",
    "%zz",
    "(",
    ")",
    "[",
    "]",
    "'",
    "\"",
    "`",
    "<",
    ">",
    "{",
    "|",
    "\\",
    "^",
    " ",
    "\n",
    "\t",
    "\r\n",
    "\u{7F}",
    "é",
    "例",
    "пример",
    "テスト",
    "ไทย",
    "、",
    "，",
    "」",
    "\u{301}",
    "@",
    "!",
    ",",
    ";",
    "=",
    "&",
    "+",
    "*",
    "«",
    "»",
    "“",
    "”",
    "‘",
    "’",
    "„",
    "‹",
    "›",
    "<URL:",
    "。",
    "\u{202E}",
    "ข\u{e48}าว",
    "\u{e48}",
    "\u{e40}",
    "\u{93e}",
    "\u{5b0}",
    "\u{64b}",
    "\u{61c}",
    "ệ",
    "々",
    "\u{94d}",
    "\u{600}",
    "\u{200D}",
    "\u{E000}",
    "।",
    "،",
    "（",
    "）",
    "．",
    "ー",
    "Ω",
    "™",
    "」が",
    "(a)",
    ":~:",
    "~:",
    "urn:",
    "tel:",
    "isbn:",
    "+1-555",
    "MAILTO:",
    "a.b@example.com",
    "?subject=",
];

/// A placeholder glued to a host: the one-pass path leaves it to the
/// general rules, so both end the link in the same place (the property
/// above drew `http://เ<é>`).
#[test]
fn a_placeholder_glued_to_a_host_is_read_by_both_paths() {
    let f = Finder::new();
    for text in [
        "http://เ<é>",
        "http://é<é>",
        "http://a<b>",
        "http://example.com<user>/x",
        "http://example.org<p>",
    ] {
        let fast = scheme_link::<true>(&f, text, 0, 4).map(|r| (r.start, r.end));
        let general = scheme_link::<false>(&f, text, 0, 4).map(|r| (r.start, r.end));
        assert_eq!(fast, general, "{text}");
    }
}
