//! Tests of the bare-domain and email stage: the one-pass path against
//! the general rules, and the rules themselves.

use super::*;
use crate::find::classes::SCHEME_BYTE;
use crate::find::testing::floor_before;
use crate::find::trigger::worth_a_look;

/// The one-pass IDN check passes every name it clears to neither of
/// the checks it stands for: ACE prefixes with non-ASCII after them,
/// marks that start a label, long labels, and names near eight bytes
/// (the word-at-a-time reading) and near the measured length.
#[test]
fn a_name_the_quick_idn_check_clears_has_no_bad_or_mark_label() {
    let pieces: [&[u8]; 12] = [
        b"a",
        b"xn--",
        b"-",
        b".",
        "例".as_bytes(),
        "ф".as_bytes(),
        "ि".as_bytes(),
        "ก".as_bytes(),
        "す".as_bytes(),
        b"XN",
        b"0",
        "é".as_bytes(),
    ];
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut cleared = 0;
    for _ in 0..50_000 {
        let b = crate::find::testing::random_pieces(&mut seed, &pieces, 40);
        let Ok(host) = std::str::from_utf8(&b) else { continue };
        if !may_have_bad_idn_label(&b) {
            cleared += 1;
            assert!(
                !has_bad_idn_label(host) && !has_label_starting_with_mark(host),
                "{host:?}"
            );
        }
    }
    assert!(cleared > 1000);
    let long = "例".repeat(MEASURED_LABEL_BYTES / 3 + 1);
    assert!(may_have_bad_idn_label(long.as_bytes()));
    assert!(may_have_bad_idn_label("例子-ab.中国".as_bytes()) && may_have_bad_idn_label("ि".as_bytes()));
}

/// The name walks say whether they read ASCII, and a name without any
/// mixes no scripts: `plain_dot_link` asks `mixes_unspaced_script`
/// only of the others.
#[test]
fn a_name_the_walks_read_no_ascii_in_mixes_no_scripts() {
    let pieces: [&[u8]; 8] = [
        b"a",
        b"-",
        b".",
        "例".as_bytes(),
        "ф".as_bytes(),
        "す".as_bytes(),
        "한".as_bytes(),
        b"7",
    ];
    let mut seed = 0x0123_4567_89AB_CDEFu64;
    for _ in 0..20_000 {
        let b = crate::find::testing::random_pieces(&mut seed, &pieces, 12);
        let Ok(text) = std::str::from_utf8(&b) else { continue };
        if b.first().is_some_and(|&c| c >= 0x80) {
            let (end, ascii) = mixed_label_end(&b, 0, b.len());
            assert!(ascii || !mixes_unspaced_script(&text[..end]), "{text:?}");
        }
        if b.last().is_some_and(|&c| c >= 0x80) {
            let (start, ascii) = mixed_name_start(&b, b.len(), 0, &mut AsciiLabels::new());
            assert!(ascii || !mixes_unspaced_script(&text[start..]), "{text:?}");
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(20_000))]

    /// The one-pass path for plain domains and emails decides, at
    /// every ASCII dot, what the general rules decide: with names at
    /// and past the walk-back caps, local parts, `mailto:`, file
    /// extensions, every kind of byte before and after the name, and
    /// emails or domains turned off.
    #[test]
    fn plain_dot_link_path_decides_what_the_general_rules_decide(
        pieces in proptest::collection::vec(proptest::sample::select(DOT_PIECES), 0..24),
        floor_at in 0usize..12,
    ) {
        let text = pieces.concat();
        let mut finders = [Finder::new(), Finder::new(), Finder::new()];
        finders[1].email(false);
        finders[2].domain(false);
        for f in &finders {
            for (dot, _) in text.match_indices('.') {
                if !worth_a_look(text.as_bytes(), dot, 1) {
                    continue;
                }
                let floor = floor_before(&text, dot, floor_at);
                let both = try_domain(f, &text, dot, 1, floor).map(|r| (r.start, r.end, r.kind));
                let general = general_domain(f, &text, dot, 1, floor).map(|r| (r.start, r.end, r.kind));
                proptest::prop_assert_eq!(both, general, "{:?} at {} floor {}", text, dot, floor);
            }
        }
    }
}

/// The one-pass path and the general rules agree on the shapes of the
/// twenty-first session's rules, at every dot and every floor: a review
/// found `use Rocket.Chat: it` answered differently (the general rules
/// skipped the product-name test before any `:`, the one-pass path only
/// before a port's digits).
#[test]
fn plain_dot_link_path_agrees_on_the_twenty_first_sessions_shapes() {
    let texts = [
        "use Rocket.Chat: it",
        "Rocket.Chat:",
        "Rocket.Chat:8080 x",
        "Rocket.Chat/x",
        "za GPU.To su",
        "IRS.Gov for it",
        "seisman.info AT gmail.com",
        "TWITCH.TV AT 8.30 PM",
        "john.doe(at)example.org",
        "a (at) example.com",
        "<jeff at math.toronto.edu>",
        "x@gmail.comTel 06",
        "this@MainActivity.runOnUiThread {",
        "-irc.libera.chat- ***",
        "http:/ /www.ibm.com/able",
        "http ://www.gnu.org/x",
        "say \"a\\nwww.example.com\"",
        "src\\sub\\new.app",
    ];
    for text in texts {
        for f in [
            Finder::new(),
            {
                let mut f = Finder::new();
                f.email(false);
                f
            },
            {
                let mut f = Finder::new();
                f.domain(false);
                f
            },
        ] {
            for (dot, _) in text.match_indices('.') {
                if !worth_a_look(text.as_bytes(), dot, 1) {
                    continue;
                }
                for floor_at in 0..12 {
                    let floor = floor_before(text, dot, floor_at);
                    let both = try_domain(&f, text, dot, 1, floor).map(|r| (r.start, r.end, r.kind));
                    let general = general_domain(&f, text, dot, 1, floor).map(|r| (r.start, r.end, r.kind));
                    assert_eq!(both, general, "{text:?} at {dot} floor {floor}");
                }
            }
        }
    }
}

/// Labels, TLDs (and words that are not), local parts, and every kind
/// of byte before and after a name.
const DOT_PIECES: &[&str] = &[
    ".com",
    ".ORG",
    ".co",
    ".uk",
    ".png",
    ".py",
    ".xn--p1ai",
    "xn--",
    "XN--",
    ".onion",
    ".localhost",
    ".example",
    ".TEST",
    ".i2p",
    ".c0m",
    ".co-",
    ".com--",
    ".みんなです",
    "//",
    "'//",
    "@example.com",
    "user.name@",
    "www.",
    "example",
    "www",
    "a",
    "b-c",
    "-",
    "0",
    "x9",
    ".",
    "..",
    "com",
    "ORG",
    "co",
    "uk",
    "xn--p1ai",
    "png",
    "py",
    "rs",
    "html",
    "international",
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
    "@",
    "user",
    "first.last",
    "+tag",
    "mailto:",
    "MAILTO:",
    "http://",
    "://",
    "/",
    "\\",
    "_",
    "$",
    "%",
    "~",
    "#",
    "*",
    "^",
    "|",
    "`",
    "'",
    "!",
    "=",
    "&",
    "?",
    ":",
    ":80",
    ": ",
    ":/",
    " ",
    "\n",
    "\r\n",
    "\t",
    "\u{7F}",
    "\"",
    "(",
    ")",
    ",",
    ";",
    "<",
    ">",
    "[",
    "]",
    "é",
    "例え",
    "\u{301}",
    "。",
    "рф",
    ".рф",
    ".РФ",
    ".中国",
    ".みんな",
    "пример",
    "ольга@",
    "ª",
    "々",
    "ｱ",
    "ﾃﾞｽ",
    "０",
    "·",
    "²",
    "»",
    "„",
    "“",
    "）",
    "（",
    "」",
    "、",
    "！",
    "．",
    "｡",
    "!",
    "π",
    ".μ",
    "\u{a0}",
    "почта",
    ".пример",
    "μουσείο",
    ".ελ",
    "עזרה",
    ".ישראל",
    "한글",
    ".닷컴",
    "ก",
    "\u{93f}",
    ".ก",
    "ไทย",
    "ตัวอย่าง",
    ".ไทย",
    "ทีมงาน@",
    "उदाहरण",
    ".भारत",
    "टीम@",
    "\u{0E31}",
    "\u{093E}",
    "\u{094D}",
    // The twenty-first session's rules: title case, acronyms, spaced and
    // bracketed `at`, escapes, broken web schemes, case steps.
    "Rocket",
    ".Chat",
    "GPU",
    ".To",
    ".Com",
    " su",
    " AT ",
    " at ",
    "(at)",
    " [at] ",
    "<",
    "\\N",
    "\\n",
    "http:/ /",
    "http ://",
    "http\u{FF1A}//",
    "Tel",
    ".comTel",
    "-",
    ":",
    ":8",
    // Query fields and log keys before an address, Terraform and
    // Kubernetes names, a sentence glued before another script.
    "?",
    "&",
    "=",
    "?email=",
    "&to=",
    "sasl_username=",
    "\\n",
    "!",
    ".tf",
    ".id",
    ".name",
    "aws_x",
    "data",
    "k8s.io/",
    "kubernetes.io/",
    "v1beta1",
    "=linux",
    " media",
    ".Movie",
    " 它",
    " —",
];

/// An escape's `\n` right before the floor: both paths read the byte
/// before the local part (`\na@example.com!` after a link that ends at
/// the `n`'s backslash), where the plain path once read only from the
/// floor.
#[test]
fn an_escape_before_the_floor_is_read_by_both_paths() {
    let f = Finder::new();
    for text in ["\\na@example.com!", "x\\na@example.com", "\\nuser@example.com&"] {
        for (dot, _) in text.match_indices('.') {
            for floor in 0..4 {
                let both = try_domain(&f, text, dot, 1, floor).map(|r| (r.start, r.end, r.kind));
                let general = general_domain(&f, text, dot, 1, floor).map(|r| (r.start, r.end, r.kind));
                assert_eq!(both, general, "{text:?} at {dot} floor {floor}");
            }
        }
    }
}

/// The byte test of punctuation before a name takes exactly the
/// characters of its four blocks that the general rules read into no name
/// and no address (nor as a domain dot): checked over all of Unicode with
/// the general rules' own character tests.
#[test]
fn punctuation_before_a_name_is_read_from_its_bytes() {
    let mut taken = 0;
    for c in (0x80..=0x10FFFF).filter_map(char::from_u32) {
        let text = format!("{c}a");
        let by_bytes = punctuation_before(&text, c.len_utf8());
        let by_rules = crate::find::tail::breaks_after_letters(c)
            && !crate::letters::is_domain_dot(c)
            && !is_domain_char(c)
            && !crate::chars::is_link_email(c);
        // (The Arabic and Devanagari marks are left to the general rules.)
        let blocks = matches!(c as u32, 0xA0..=0xBF | 0x2010..=0x205E | 0x3000..=0x303F | 0xFF01..=0xFF9D);
        assert_eq!(by_bytes, by_rules && blocks, "U+{:04X}", c as u32);
        taken += usize::from(by_bytes);
    }
    assert!(taken > 100);
    for c in ['„', '«', '»', '“', '「', '」', '（', '、', '—'] {
        assert!(punctuation_before(&format!("{c}a"), c.len_utf8()), "{c}");
    }
    for c in [
        '．', '｡', '。', '例', 'я', 'é', 'ー', 'ª', '²', '·', '々', 'Ａ', '０', 'ｱ', '＿',
    ] {
        assert!(!punctuation_before(&format!("{c}a"), c.len_utf8()), "{c}");
        assert!(!is_name_punctuation(c), "{c}");
    }
}

#[test]
fn a_dot_before_a_label_of_the_common_scripts_is_an_inner_dot() {
    let f = Finder::new();
    for (text, inner, found) in [
        ("<id.1@почта.пример.рф>", "<id.1@почта".len(), "id.1@почта.пример.рф"),
        (
            "mail μουσείο.ακρόπολη.ελ now",
            "mail μουσείο".len(),
            "μουσείο.ακρόπολη.ελ",
        ),
        (
            "כתובת עזרה@מייל.דוגמה.ישראל!",
            "כתובת עזרה@מייל".len(),
            "עזרה@מייל.דוגמה.ישראל",
        ),
    ] {
        assert_eq!(&text[inner..inner + 1], ".");
        assert!(try_domain(&f, text, inner, 1, 0).is_none(), "{text}");
        assert!(general_domain(&f, text, inner, 1, 0).is_none(), "{text}");
        assert_eq!(links(text), [found], "{text}");
    }
}

#[test]
fn plain_dot_link_reads_the_byte_before_the_floor() {
    // `/` before the name rejects it even when the previous link ended
    // just before the name (found by the proptest above).
    let f = Finder::new();
    assert!(general_domain(&f, "http://x9.com ", 9, 1, 7).is_none());
    assert!(try_domain(&f, "http://x9.com ", 9, 1, 7).is_none());
}

#[test]
fn plain_name_ends_are_in_no_name_and_start_nothing() {
    for c in 0u8..0x80 {
        if ends_plain_name(Some(&c)) {
            assert!(!has_class(c, LABEL_BYTE | DOT_BYTE | SCHEME_BYTE), "{c:?}");
            assert!(!crate::chars::ASCII_LINK_EMAIL[c as usize], "{c:?}");
            assert!(!matches!(c, b':' | b'@' | b'/' | b'?' | b'#'), "{c:?}");
        }
    }
    assert!(ends_plain_name(None) && ends_plain_name(Some(&b' ')) && ends_plain_name(Some(&b'>')));
}

fn links(text: &str) -> Vec<&str> {
    Finder::new().links(text).map(|l| l.as_str()).collect()
}

#[test]
fn a_dash_after_the_tld_is_not_part_of_the_name() {
    assert_eq!(links("a@example.com-"), ["a@example.com"]);
    assert_eq!(links("see example.org- or"), ["example.org"]);
    assert_eq!(links("example.org--"), ["example.org"]);
    // A label that goes on after its hyphen is one label, and no TLD,
    // but for a case ending of up to four letters (`media.ccc.de-hez`).
    assert!(links("socket.io-client").is_empty());
    assert_eq!(links("foo.com-foo"), ["foo.com"]);
    assert_eq!(links("example.co-png.onion"), ["example.co-png.onion"]);
    // A hyphen before an `@` is in a local part.
    assert_eq!(links("user.org-@example.com"), ["user.org-@example.com"]);
    let mut strict = Finder::new();
    strict.strict_uts58(true);
    assert_eq!(strict.links("example.org-").count(), 0);
}

#[test]
fn a_unicode_tld_ends_where_prose_of_its_script_goes_on() {
    assert_eq!(
        links("example.comてすとですtwitter.みんなです"),
        ["example.com", "twitter.みんな"]
    );
    assert_eq!(links("twitter.みんな"), ["twitter.みんな"]);
    assert_eq!(links("twitter.みんなです.com"), ["twitter.みんなです.com"]);
    // The label is not cut when no prefix of it is a TLD, or when the
    // name before the dot is in the same script.
    assert!(links("twitter.テストです").is_empty());
    assert!(links("例え.みんなです").is_empty());
}

#[test]
fn a_name_after_word_initial_slashes_is_a_network_path_host() {
    assert_eq!(
        links("<script src='//www.example.com/somejsfile.js'>"),
        ["www.example.com/somejsfile.js"]
    );
    assert_eq!(links("see //example.com/x"), ["example.com/x"]);
    // Inside a path, or after a scheme's `://`, no such host.
    assert!(links("a//b.com ///c.com x\\//d.com _//e.com").is_empty());
    assert!(links("foo://example.com").iter().all(|l| l.starts_with("foo:")));
}
