//! Tests of the trigger search: the vector paths against the scalar
//! reference, the rules each trigger passes, and what the finder relies on.

use super::*;
use crate::find::scheme::OPAQUE_SCHEMES;
use crate::find::testing::xorshift;
use crate::LinkKind;

/// The finders whose trigger sets differ: all kinds, IRIs and emails
/// (dots only after an `@`), emails only, domains only, strict mode
/// (`。` and `｡` too), strict without domains.
fn finders() -> Vec<Finder> {
    let mut all = vec![Finder::new(); 6];
    all[1].kinds(&[LinkKind::Iri, LinkKind::Email]);
    all[2].kinds(&[LinkKind::Email]);
    all[3].kinds(&[LinkKind::Domain]);
    all[4].strict_uts58(true);
    all[5].strict_uts58(true).kinds(&[LinkKind::Iri, LinkKind::Email]);
    all
}

/// Every trigger of `text` that `f` needs, by the reference rule:
/// exactly, or (`near_at` false) ignoring where the `@`s are.
///
/// Exactly, a dot that only an email's domain can end (`dot_after_at`)
/// has an `@` before it with nothing but name bytes between them.
fn reference(f: &Finder, text: &[u8], near_at: bool) -> Vec<usize> {
    let want = Want::of(f);
    (0..text.len())
        .filter(|&i| match text[i] {
            b':' => want.colon && worth_a_look(text, i, 1),
            b'.' | 0xE3 | 0xEF => {
                let len = if text[i] == b'.' { 1 } else { 3 };
                let at_ok = !want.dot_after_at || !near_at || in_name_after_at(text, i);
                want.dot && (len == 1 || is_cjk_dot(text, i, want.sentence_dots)) && worth_a_look(text, i, len) && at_ok
            }
            _ => false,
        })
        .collect()
}

/// Whether the byte at `i` is in a run of name bytes (label bytes and
/// dots) right after an `@`.
fn in_name_after_at(text: &[u8], i: usize) -> bool {
    let mut s = i;
    while s > 0 && (is_label_byte(text[s - 1]) || text[s - 1] == b'.') {
        s -= 1;
    }
    s > 0 && text[s - 1] == b'@'
}

/// Checks the triggers `f` found in `text` against the reference: the
/// same, or with dots after an `@` asked for, every one the reference
/// finds and none it never could.
fn check(f: &Finder, text: &[u8], found: &[usize]) {
    let exact = reference(f, text, true);
    if Want::of(f).dot_after_at {
        let most = reference(f, text, false);
        assert!(
            exact.iter().all(|t| found.contains(t)),
            "{f:?} {text:02X?}: {found:?} {exact:?}"
        );
        assert!(
            found.iter().all(|t| most.contains(t)),
            "{f:?} {text:02X?}: {found:?} {most:?}"
        );
    } else {
        assert_eq!(found, exact, "{f:?} {text:02X?}");
    }
}

/// Up to `most - 1` of `pieces`, drawn with the generator at `seed`.
fn random_concat(seed: &mut u64, pieces: &[&[u8]], most: u64) -> Vec<u8> {
    let mut out = Vec::new();
    for _ in 0..*seed % most {
        out.extend_from_slice(pieces[(xorshift(seed) % pieces.len() as u64) as usize]);
    }
    out
}

/// Every answer of a trigger search, each asked from past the last.
fn all_of(next: impl FnMut(usize) -> Option<(usize, usize)>) -> Vec<(usize, usize)> {
    all_of_from(0, next)
}

/// Every answer of a trigger search from `pos` on.
fn all_of_from(mut pos: usize, mut next: impl FnMut(usize) -> Option<(usize, usize)>) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    while let Some((at, len)) = next(pos) {
        out.push((at, len));
        pos = at + len;
    }
    out
}

/// The triggers `f` finds with AVX2 (if the CPU has it) and with SSE2;
/// both must agree.
fn found(f: &Finder, text: &str) -> Vec<usize> {
    let run = |avx2: bool| {
        let mut t = Triggers::new(f);
        if !avx2 {
            t.pick_vector(false);
        }
        all_of(|pos| t.next(text, pos))
            .into_iter()
            .map(|(at, _)| at)
            .collect::<Vec<_>>()
    };
    let with_avx2 = run(true);
    assert_eq!(with_avx2, run(false), "AVX2 and SSE2 paths differ on {text:?}");
    with_avx2
}

#[test]
fn vector_and_scalar_classification_agree() {
    // Every byte that matters next to every other, at every offset of
    // a block, with the neighbours that decide each check; runs of
    // padding put `@`s near and out of reach of the dots after them.
    let alphabet = [
        "a",
        "Z",
        "0",
        "-",
        "+",
        ".",
        ":",
        " ",
        "/",
        "é",
        "。",
        "．",
        "｡",
        "例",
        "@",
        "\n",
        ".com",
        "a.b.c.d",
        "::::",
        "x:y",
        "e.g. ",
        "key",
        "Tel",
        "<",
        "//",
        "abcdefghij",
    ];
    // Padding, and a word of letters longer than any scheme.
    let padding = " ".repeat(100);
    let long_word = "w".repeat(MAX_SCHEME_BACK + 6);
    let mut alphabet: Vec<&[u8]> = alphabet.iter().map(|s| s.as_bytes()).collect();
    alphabet.push(padding.as_bytes());
    alphabet.push(long_word.as_bytes());
    let finders = finders();
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    for _ in 0..2000 {
        let s = String::from_utf8(random_concat(&mut seed, &alphabet, 200)).expect("pieces are UTF-8");
        for f in &finders {
            check(f, s.as_bytes(), &found(f, &s));
        }
    }
}

#[test]
fn triggers_are_found_in_every_position_of_a_block() {
    for f in &finders() {
        for pad in 0..140 {
            let s = format!(
                "{}see http://a.example/ and b.example.org。み x@y.example．jp a.b",
                "x ".repeat(pad)
            );
            check(f, s.as_bytes(), &found(f, &s));
        }
    }
}

#[test]
fn a_search_that_starts_late_takes_the_ats_from_its_start() {
    // A search starts where the previous link ended (or at a run's
    // start): the `@`s from there on decide which blocks take dots.
    let f = &finders()[1];
    for pad in [0, 10, 60, 200, 250, 300] {
        let text = format!("to: user@{}mail.example.org, and x.com", "a".repeat(pad));
        let exact = reference(f, text.as_bytes(), true);
        for start in [0, 5, 8] {
            let mut t = Triggers::new(f);
            let found: Vec<usize> = all_of_from(start, |pos| t.next(&text, pos))
                .into_iter()
                .map(|(at, _)| at)
                .collect();
            for at in exact.iter().filter(|&&at| at >= start) {
                assert!(found.contains(at), "pad {pad} start {start}: {at} in {found:?}");
            }
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(5_000))]

    /// What the trigger search relies on to hand out dots only after an
    /// `@` ([`AtRuns`]): an email found from a dot has its `@` at or after
    /// the floor (the end of the previous link, where the search starts;
    /// it does not look back for `@`s) and nothing but name bytes between
    /// the `@` and the dot.
    #[test]
    fn an_email_has_its_at_after_the_floor_and_only_name_bytes_up_to_its_dot(
        pieces in proptest::collection::vec(proptest::sample::select(EMAIL_PIECES), 0..16),
        floor_at in 0usize..40,
    ) {
        let text = pieces.concat();
        for f in &finders()[1..3] {
            for (dot, c) in text.char_indices().filter(|&(_, c)| c == '.' || c == '．') {
                if !worth_a_look(text.as_bytes(), dot, c.len_utf8()) {
                    continue;
                }
                let floor = crate::find::testing::floor_before(&text, dot, floor_at);
                if let Some(raw) = crate::find::domain::try_domain(f, &text, dot, c.len_utf8(), floor) {
                    let at = text[..dot].rfind('@');
                    proptest::prop_assert!(
                        at.is_some_and(|at| at >= floor) && in_name_after_at(text.as_bytes(), dot),
                        "{:?} at {} floor {}: {:?}", text, dot, floor, raw
                    );
                }
            }
        }
    }
}

/// Local parts, domains and what may come between an `@` and its dot.
const EMAIL_PIECES: &[&str] = &[
    "@",
    "user",
    "a.b",
    ".",
    "．",
    "example",
    ".com",
    ".org",
    "mailto:",
    "http://",
    "x@",
    "@@",
    " ",
    "-",
    "_",
    "é",
    "例え",
    "/",
    ":",
    "<",
    ">",
    "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
];

#[test]
fn only_the_triggers_the_enabled_kinds_need_are_found() {
    let text = "ab://cd, e.g.x, 価格。Godaddy a@b.example.org ".repeat(3) + &" x.yz".repeat(100);
    let kinds = |f: &Finder| {
        let t = found(f, &text);
        let count = |c: u8| t.iter().filter(|&&i| text.as_bytes()[i] == c).count();
        (count(b':'), count(b'.'), count(0xE3))
    };
    let finders = finders();
    // All kinds: every colon and dot, and no `。` in the default mode.
    assert_eq!(kinds(&finders[0]), (3, 2 * 3 + 100, 0));
    // IRIs and emails: the dots of the addresses' domains only (not
    // those of the names after them, a few bytes on).
    assert_eq!(kinds(&finders[1]), (3, 2 * 3, 0));
    // Emails only: no colon.
    assert_eq!(kinds(&finders[2]).0, 0);
    // Strict mode: no colon, `。` too.
    assert_eq!(kinds(&finders[4]), (0, 2 * 3 + 100, 3));
}

/// What the binary skipper relies on: every trigger of a valid UTF-8
/// run is a trigger of the raw bytes around it, at the same place (any
/// neighbour passes every check a missing one passes).
#[test]
fn triggers_of_a_valid_run_are_triggers_of_the_raw_bytes_and_of_the_run_read_through_them() {
    let pieces: [&[u8]; 18] = [
        b"tel",
        b"key",
        b"<",
        b"a",
        b"Z",
        b"0",
        b"-",
        b".",
        b":",
        b"//",
        b" ",
        b"@",
        b"\xFF",
        b"\x80",
        b"\xC3\xA9",
        b"\xEF\xBC\x8E",
        b"\xEF\xBC",
        b"\xE3",
    ];
    let finders = finders();
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    for _ in 0..5000 {
        let bytes = random_concat(&mut seed, &pieces, 160);
        for f in &finders[..2] {
            let mut raw = Triggers::new(f);
            let all: Vec<usize> = all_of(|pos| raw.next_in_bytes(&bytes, pos))
                .into_iter()
                .map(|(at, _)| at)
                .collect();
            check(f, &bytes, &all);
            for chunk in bytes.utf8_chunks() {
                let run = chunk.valid();
                let base = run.as_ptr() as usize - bytes.as_ptr() as usize;
                let of_run = found(f, run);
                // Every trigger the run needs, by the exact rule.
                for at in reference(f, run.as_bytes(), true) {
                    assert!(all.contains(&(base + at)), "{bytes:02X?}: {run:?} at {at}");
                }
                // Read through the whole input, a run's triggers are its
                // own once the neighbour checks run on the run (or more
                // where `@`s of other runs are in reach).
                let mut t = Triggers::new(f);
                let through = all_of(|pos| t.next_in_run(&bytes, base, run, pos));
                // What `scan::next_link` relies on to check only the
                // triggers at a run's edges.
                for &(at, len) in &through {
                    assert!(worth_a_look(&bytes, base + at, len), "{bytes:02X?}: {run:?} at {at}");
                }
                let through: Vec<usize> = through
                    .into_iter()
                    .filter(|&(at, len)| worth_a_look(run.as_bytes(), at, len))
                    .map(|(at, _)| at)
                    .collect();
                check(f, run.as_bytes(), &through);
                if !Want::of(f).dot_after_at {
                    assert_eq!(through, of_run, "{bytes:02X?}: {run:?}");
                }
            }
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(20_000))]

    /// What dropping a colon for its scheme word relies on: no link with
    /// a scheme starts at a colon that passes the neighbour checks (a
    /// scheme byte before, a byte above the space after, no digit before
    /// unless `/` follows) but fails `worth_a_look`, whatever the finder's
    /// options and wherever the previous link ended.
    #[test]
    fn a_colon_dropped_for_its_scheme_word_starts_no_scheme_link(
        pieces in proptest::collection::vec(proptest::sample::select(COLON_PIECES), 0..16),
        floor_at in 0usize..80,
    ) {
        let text = pieces.concat();
        let mut finders = [Finder::new(), Finder::new(), Finder::new()];
        finders[1].max_link_len(24);
        finders[2].kinds(&[LinkKind::Iri, LinkKind::Email]);
        let b = text.as_bytes();
        for (colon, _) in text.match_indices(':') {
            let neighbours = colon > 0
                && is_scheme_byte(b[colon - 1])
                && b.get(colon + 1).is_some_and(|&c| c > b' ' && (c == b'/' || !b[colon - 1].is_ascii_digit()));
            if !neighbours || worth_a_look(b, colon, 1) {
                continue;
            }
            let floor = crate::find::testing::floor_before(&text, colon, floor_at);
            for f in &finders {
                let found = crate::find::scheme::try_scheme(f, &text, colon, floor);
                proptest::prop_assert!(found.is_none(), "{:?} at {} floor {}: {:?}", text, colon, floor, found);
            }
        }
    }
}

/// Words before a colon, opaque schemes among them in every case,
/// and what may come around them.
const COLON_PIECES: &[&str] = &[
    "mailto",
    "MAILTO",
    "Tel",
    "urn",
    "news",
    "web+ap",
    "openpgp4fpr",
    "key",
    "Note",
    "Subject",
    "value",
    "http",
    "x",
    "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklm",
    "<",
    ">",
    "+",
    "-",
    ".",
    "1",
    "12",
    ":",
    "//",
    "/",
    " ",
    "\n",
    "é",
    "@",
    "a@b.example",
    "example.org",
];

#[test]
fn opaque_word_shapes_keep_every_opaque_scheme_and_drop_common_labels() {
    // Every scheme of the set, digits, `+` and `.` included (the scheme
    // stage asks the same test before its set lookup).
    for s in OPAQUE_SCHEMES {
        assert!(may_be_opaque_word(s.as_bytes()), "{s}");
        assert!(may_be_opaque_word(s.to_ascii_uppercase().as_bytes()), "{s}");
    }
    for w in [
        "key", "Note", "Subject", "value", "From", "To", "Date", "http", "https", "Warning", "link", "Hint", "a", "zzz",
    ] {
        assert!(!may_be_opaque_word(w.as_bytes()), "{w}");
    }
}

#[test]
fn no_opaque_scheme_ends_in_a_digit() {
    for s in OPAQUE_SCHEMES {
        assert!(!s.as_bytes()[s.len() - 1].is_ascii_digit(), "{s}");
    }
}

#[test]
fn no_tld_starts_with_a_digit_or_is_one_letter() {
    for t in crate::chars::TLDS.iter() {
        assert!(t.len() >= 2 && t.as_bytes()[0].is_ascii_lowercase(), "{t}");
    }
}
