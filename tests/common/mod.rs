//! Shared proptest strategies for near-IRI strings: valid IRI references
//! assembled from components (schemes, userinfo, IPv4/IPv6/IPvFuture/reg-name
//! hosts with non-ASCII, ports, paths, queries, fragments, percent-encodings),
//! then hit by a few single-character corruptions (insert, replace, delete)
//! drawn from the characters where parsers tend to disagree.
#![allow(dead_code)]

use proptest::prelude::*;
use proptest::sample::{select, Index};

pub const SCHEMES: &[&str] = &[
    "http", "https", "HTTP", "ftp", "file", "urn", "mailto", "a", "a+b-c.d", "x1", "foo", "s3",
];

/// Pieces of `iunreserved` / `pct-encoded` / `sub-delims` text usable in any
/// component (no gen-delims).
pub const WORDS: &[&str] = &[
    "a",
    "example",
    "Z9",
    "-._~",
    "résumé",
    "例え",
    "пример",
    "עברית",
    "العربية",
    "ελλάδα",
    "한국",
    "\u{10300}\u{10301}",
    "\u{1F600}",
    "\u{20000}",
    "\u{E1000}",
    "%41",
    "%c3%a9",
    "%E2%80%AE",
    "%C0%AF",
    "%FC",
    "!$&'()*+,;=",
    "e\u{301}",
    "\u{A0}",
    "\u{D7FF}",
    "\u{F900}",
    "\u{FDCF}",
    "\u{FDF0}",
    "\u{FFEF}",
    "",
];

/// Characters for single-character corruptions.
pub const SPECIAL_CHARS: &[char] = &[
    // ASCII punctuation, space, controls.
    '!',
    '"',
    '#',
    '$',
    '%',
    '&',
    '\'',
    '(',
    ')',
    '*',
    '+',
    ',',
    '-',
    '.',
    '/',
    ':',
    ';',
    '<',
    '=',
    '>',
    '?',
    '@',
    '[',
    '\\',
    ']',
    '^',
    '_',
    '`',
    '{',
    '|',
    '}',
    '~',
    ' ',
    '\t',
    '\0',
    '\u{7F}',
    'v',
    'V',
    'a',
    'F',
    '0',
    '1',
    '9',
    // C1 controls and the start of ucschar.
    '\u{80}',
    '\u{9F}',
    '\u{A0}',
    '\u{E9}',
    '\u{301}',
    '\u{5D0}',
    '\u{4E2D}',
    // Bidi formatting characters (RFC 3987 §4.1, 3987bis isolates).
    '\u{200E}',
    '\u{200F}',
    '\u{202A}',
    '\u{202B}',
    '\u{202C}',
    '\u{202D}',
    '\u{202E}',
    '\u{2066}',
    '\u{2067}',
    '\u{2068}',
    '\u{2069}', // Other invisible format characters (ucschar by range).
    '\u{200B}',
    '\u{200D}',
    '\u{FEFF}', // Surrogate-adjacent, private use, CJK compatibility.
    '\u{D7FF}',
    '\u{E000}',
    '\u{F8FF}',
    '\u{F900}', // Non-characters and specials around ucschar gaps.
    '\u{FDCF}',
    '\u{FDD0}',
    '\u{FDEF}',
    '\u{FDF0}',
    '\u{FFEF}',
    '\u{FFF0}',
    '\u{FFFD}',
    '\u{FFFE}',
    '\u{FFFF}',
    // Every astral plane: first, last allowed, non-characters.
    '\u{10000}',
    '\u{1F600}',
    '\u{1FFFD}',
    '\u{1FFFE}',
    '\u{1FFFF}',
    '\u{20000}',
    '\u{2FFFD}',
    '\u{2FFFE}',
    '\u{30000}',
    '\u{3FFFF}',
    '\u{40000}',
    '\u{5FFFD}',
    '\u{6FFFE}',
    '\u{70000}',
    '\u{8FFFD}',
    '\u{9FFFF}',
    '\u{A0000}',
    '\u{BFFFD}',
    '\u{C0000}',
    '\u{DFFFD}',
    '\u{DFFFE}', // Plane 14: tags (3987bis iprivate), then ucschar again.
    '\u{E0000}',
    '\u{E0001}',
    '\u{E007F}',
    '\u{E0FFF}',
    '\u{E1000}',
    '\u{EFFFD}',
    '\u{EFFFE}',
    // Planes 15 and 16: private use.
    '\u{F0000}',
    '\u{FFFFD}',
    '\u{FFFFE}',
    '\u{100000}',
    '\u{10FFFD}',
    '\u{10FFFE}',
    '\u{10FFFF}',
];

const ALNUM: &[char] = &[
    'a', 'b', 'c', 'x', 'y', 'z', 'A', 'Q', 'Z', '0', '1', '5', '9', 'e', 'f', 'v',
];
const HEX: &[char] = &['0', '1', '9', 'a', 'b', 'f', 'A', 'F', 'd', 'E'];
const DIGITS: &[char] = &['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];
const IPVFUTURE_TAIL: &[char] = &[
    'a', 'Z', '0', '.', '_', '~', '-', '!', '$', '&', '\'', '(', ')', '*', '+', ',', ';', '=', ':',
];

/// A string of `min..=max` characters drawn from `set`. (Regex-string
/// strategies re-parse their regex for every value, which is far too slow
/// for 100,000 cases in debug builds.)
pub fn chars_from(set: &'static [char], min: usize, max: usize) -> impl Strategy<Value = String> {
    proptest::collection::vec(select(set), min..=max).prop_map(String::from_iter)
}

pub fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => select(WORDS).prop_map(str::to_owned),
        1 => chars_from(ALNUM, 1, 6),
        1 => any::<char>().prop_filter("not a delimiter", |c| !"/?#[]@:".contains(*c)).prop_map(String::from),
    ]
}

fn words(max: usize) -> impl Strategy<Value = String> {
    proptest::collection::vec(word(), 0..=max).prop_map(|v| v.concat())
}

pub fn dec_octet() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => (0u32..=255).prop_map(|n| n.to_string()),
        1 => select(&["0", "255", "256", "01", "00", "999", "1000", ""][..]).prop_map(str::to_owned),
    ]
}

pub fn ipv4() -> impl Strategy<Value = String> {
    proptest::collection::vec(dec_octet(), 4).prop_map(|v| v.join("."))
}

fn h16() -> impl Strategy<Value = String> {
    prop_oneof![
        8 => chars_from(HEX, 1, 4),
        1 => chars_from(HEX, 5, 5),
        1 => Just("g".to_owned()),
    ]
}

/// Every one of the nine forms, and near misses (wrong group counts,
/// doubled `::`, bad IPv4 tails).
pub fn ipv6() -> impl Strategy<Value = String> {
    (
        proptest::collection::vec(h16(), 0..=8),
        proptest::collection::vec(h16(), 0..=8),
        any::<bool>(),
        prop_oneof![3 => Just(None), 1 => ipv4().prop_map(Some)],
    )
        .prop_map(|(head, tail, elide, v4)| {
            let mut s = head.join(":");
            if elide {
                s.push_str("::");
            } else if !head.is_empty() && (!tail.is_empty() || v4.is_some()) {
                s.push(':');
            }
            s.push_str(&tail.join(":"));
            if let Some(v4) = v4 {
                if !tail.is_empty() {
                    s.push(':');
                }
                s.push_str(&v4);
            }
            s
        })
}

pub fn ipvfuture() -> impl Strategy<Value = String> {
    (
        select(&["v", "V"][..]),
        chars_from(HEX, 0, 3),
        select(&[".", ".", ".", ""][..]),
        chars_from(IPVFUTURE_TAIL, 0, 6),
    )
        .prop_map(|(v, hex, dot, tail)| format!("{v}{hex}{dot}{tail}"))
}

pub fn reg_name() -> impl Strategy<Value = String> {
    proptest::collection::vec(words(2), 1..=4).prop_map(|labels| labels.join("."))
}

pub fn host() -> impl Strategy<Value = String> {
    prop_oneof![
        5 => reg_name(),
        2 => ipv4(),
        3 => ipv6().prop_map(|a| format!("[{a}]")),
        1 => ipvfuture().prop_map(|a| format!("[{a}]")),
        1 => Just(String::new()),
    ]
}

pub fn authority() -> impl Strategy<Value = String> {
    (
        proptest::option::weighted(0.3, (words(2), proptest::option::of(words(2)))),
        host(),
        proptest::option::weighted(0.3, chars_from(DIGITS, 0, 5)),
    )
        .prop_map(|(userinfo, host, port)| {
            let mut s = String::new();
            if let Some((user, pass)) = userinfo {
                s.push_str(&user);
                if let Some(p) = pass {
                    s.push(':');
                    s.push_str(&p);
                }
                s.push('@');
            }
            s.push_str(&host);
            if let Some(p) = port {
                s.push(':');
                s.push_str(&p);
            }
            s
        })
}

fn segment() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => words(3),
        1 => select(&[".", "..", "a:b", "@", ":", "%2F", "%25"][..]).prop_map(str::to_owned),
    ]
}

/// A path of 0..4 segments, rooted or not.
pub fn path() -> impl Strategy<Value = String> {
    (any::<bool>(), proptest::collection::vec(segment(), 0..=4)).prop_map(|(rooted, segs)| {
        let p = segs.join("/");
        if rooted {
            format!("/{p}")
        } else {
            p
        }
    })
}

/// Query text: ipchar, "/", "?", and private use (iprivate, query only).
pub fn query() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            6 => word(),
            1 => select(&["/", "?", "=", "&", ":", "@"][..]).prop_map(str::to_owned),
            1 => select(&['\u{E000}', '\u{F8FF}', '\u{F0000}', '\u{10FFFD}', '\u{E0001}'][..]).prop_map(String::from),
        ],
        0..=4,
    )
    .prop_map(|v| v.concat())
}

pub fn fragment() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![4 => word(), 1 => select(&["/", "?", ":", "@"][..]).prop_map(str::to_owned)],
        0..=3,
    )
    .prop_map(|v| v.concat())
}

/// A (mostly) valid IRI reference assembled from components.
pub fn iri_reference() -> impl Strategy<Value = String> {
    (
        proptest::option::weighted(0.75, select(SCHEMES)),
        proptest::option::weighted(0.6, authority()),
        path(),
        proptest::option::weighted(0.4, query()),
        proptest::option::weighted(0.3, fragment()),
    )
        .prop_map(|(scheme, auth, path, q, f)| {
            let mut s = String::new();
            if let Some(sc) = scheme {
                s.push_str(sc);
                s.push(':');
            }
            if let Some(a) = auth {
                s.push_str("//");
                s.push_str(&a);
                if !path.is_empty() && !path.starts_with('/') {
                    s.push('/');
                }
            }
            s.push_str(&path);
            if let Some(q) = q {
                s.push('?');
                s.push_str(&q);
            }
            if let Some(f) = f {
                s.push('#');
                s.push_str(&f);
            }
            s
        })
}

#[derive(Clone, Debug)]
pub enum Edit {
    Insert(Index, char),
    Replace(Index, char),
    Delete(Index),
}

pub fn corruption_char() -> impl Strategy<Value = char> {
    prop_oneof![
        8 => select(SPECIAL_CHARS),
        1 => any::<char>(),
    ]
}

pub fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<Index>(), corruption_char()).prop_map(|(i, c)| Edit::Insert(i, c)),
        (any::<Index>(), corruption_char()).prop_map(|(i, c)| Edit::Replace(i, c)),
        any::<Index>().prop_map(Edit::Delete),
    ]
}

/// Applies single-character edits at character positions.
pub fn apply(s: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = s.chars().collect();
    for e in edits {
        match e {
            Edit::Insert(i, c) => {
                let at = i.index(chars.len() + 1);
                chars.insert(at, *c);
            }
            Edit::Replace(i, c) if !chars.is_empty() => {
                let at = i.index(chars.len());
                chars[at] = *c;
            }
            Edit::Delete(i) if !chars.is_empty() => {
                let at = i.index(chars.len());
                chars.remove(at);
            }
            _ => {}
        }
    }
    chars.into_iter().collect()
}

/// Near-IRI strings: a generated IRI reference with 0 to 2 corruptions
/// (a third of them left intact).
pub fn near_iri() -> impl Strategy<Value = String> {
    (iri_reference(), proptest::collection::vec(edit(), 0..=2)).prop_map(|(s, edits)| apply(&s, &edits))
}

/// Pieces for "delimiter soup": short strings made mostly of gen-delims,
/// brackets, `%`, digits and the characters whose class decides validity.
pub const SOUP: &[&str] = &[
    ":",
    "/",
    "?",
    "#",
    "[",
    "]",
    "@",
    "%",
    "%4",
    "%41",
    "%e9",
    "v",
    "V",
    ".",
    "1",
    "255",
    "256",
    "01",
    "a",
    "F",
    "::",
    "é",
    "\u{E000}",
    "\u{E0001}",
    "\u{202E}",
    "\u{2066}",
    " ",
    "!",
    "=",
    "h",
    "http:",
    "//",
    "ffff",
    "g",
    "-",
    "~",
    "\u{FFFE}",
    "\u{10FFFD}",
    "1.2.3.4",
    "\u{A0}",
    "\u{85}",
    "\u{1F600}",
    "\u{FDD0}",
    "\\",
    "|",
    "^",
];

/// Short strings over [`SOUP`]: they reach the structural corners (IP
/// literals, ports, empty components, scheme-or-path) far more often than
/// corrupted IRIs do.
pub fn delimiter_soup() -> impl Strategy<Value = String> {
    proptest::collection::vec(select(SOUP), 0..12).prop_map(|v| v.concat())
}

/// Arbitrary strings of up to 24 characters from the whole code space
/// (built from chars: regex-string strategies are too slow in debug).
pub fn arbitrary_string() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![3 => any::<char>(), 2 => select(SPECIAL_CHARS), 2 => select(ALNUM)],
        0..24,
    )
    .prop_map(String::from_iter)
}

/// Every kind of generated string, for tests that do not care which.
pub fn any_near_iri() -> impl Strategy<Value = String> {
    prop_oneof![6 => near_iri(), 2 => delimiter_soup(), 1 => arbitrary_string()]
}

/// A proptest configuration with `cases` cases and the XorShift generator:
/// the default ChaCha generator is three times slower in debug builds, and
/// the whole suite runs in debug in CI.
pub fn config(cases: u32) -> proptest::test_runner::Config {
    proptest::test_runner::Config {
        rng_algorithm: proptest::test_runner::RngAlgorithm::XorShift,
        // Failures are saved next to the test file (tests/NAME.proptest-regressions);
        // the default looks for a lib.rs or main.rs that integration tests lack.
        failure_persistence: Some(Box::new(proptest::test_runner::FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..proptest::test_runner::Config::with_cases(cases)
    }
}
