//! Other projects' link-detection suites (`tests/data/peers/*.txt`,
//! converted from linkify-it, the Rust linkify crate, xurls, twitter-text,
//! cmark-gfm, URLExtract, linkifyjs, the mail clients Thunderbird, KMail,
//! Evolution, Roundcube and Thunderbird for Android, Django, bleach,
//! Rinku, rails_autolink and Android Linkify, and Autolinker.js,
//! anchorme.js, autolink-java, Markdig, Telegram's TDLib and
//! league/commonmark; issue 13's "90% of the peer suites' cases"). Each file names its source, licence and the peer's mode in its
//! header, and the two settings this test reads:
//!
//! - `# kinds: iri,email,domain` — the [`LinkKind`]s the finder looks for,
//!   the nearest match to the peer's mode (a peer that needs a scheme is
//!   compared with `iri` alone, one without emails without `email`);
//! - `# compare: all` (every link on the line must be the marked ones) or
//!   `# compare: first` (the peer's test checks only its first match: our
//!   first link must be the marked one, or no link when none is marked).
//!
//! A case compares spans, not kinds: the peers state which text is a link.
//! Every case must pass or be listed, with its reason, in
//! `tests/data/peer_deviations.txt` (`peer:` the peer's rule disagrees with
//! RFC 3987, UTS #58 or our documented rule; `bug:` we are wrong); a listed
//! case that passes fails the test, so the list cannot go stale.
//!
//! Pass rates per suite: `cargo test -p iriscan --test peer_suites -- --nocapture`.

mod casefile;

use casefile::{
    case_lines, deviations, header, mark_spans, marked_spans, txt_files, unescape, unexplained_and_stale, Failure,
};
use iriscan::{Finder, LinkKind};
use std::collections::BTreeMap;

const DEVIATIONS: &str = include_str!("data/peer_deviations.txt");

/// How a file's cases are compared with what the finder found.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Compare {
    All,
    First,
}

/// One converted peer file: its name, header settings and case lines.
struct SuiteFile {
    name: String,
    finder: Finder,
    compare: Compare,
    content: String,
}

/// The value of the `# key: value` header line; the first word of it.
/// The first word of a header's value.
fn header_word<'a>(content: &'a str, key: &str) -> Option<&'a str> {
    header(content, key).and_then(|v| v.split_whitespace().next())
}

fn parse_kinds(value: &str) -> Vec<LinkKind> {
    value
        .split(',')
        .map(|k| match k {
            "iri" => LinkKind::Iri,
            "email" => LinkKind::Email,
            "domain" => LinkKind::Domain,
            other => panic!("unknown kind {other}"),
        })
        .collect()
}

fn load() -> Vec<SuiteFile> {
    txt_files("tests/data/peers")
        .into_iter()
        .map(|(name, content)| {
            let kinds = header_word(&content, "kinds").unwrap_or_else(|| panic!("{name}: no # kinds:"));
            let compare = match header_word(&content, "compare") {
                Some("all") => Compare::All,
                Some("first") => Compare::First,
                other => panic!("{name}: # compare: must be all or first, not {other:?}"),
            };
            assert!(header(&content, "src").is_some(), "{name}: no # src:");
            assert!(header(&content, "licence").is_some(), "{name}: no # licence:");
            let mut finder = Finder::new();
            finder.kinds(&parse_kinds(kinds));
            SuiteFile {
                name,
                finder,
                compare,
                content,
            }
        })
        .collect()
}

/// The suite a file belongs to: its name up to the first dot.
fn suite_of(file: &str) -> &str {
    file.split('.').next().unwrap()
}

/// Whether what was found passes the case, as the peer's test would judge.
fn passes(compare: Compare, want: &[(usize, usize)], got: &[(usize, usize)]) -> bool {
    match compare {
        Compare::All => want == got,
        Compare::First => want.first() == got.first(),
    }
}

/// Runs every case; returns (cases, passed) per suite file and the failures.
fn run(files: &[SuiteFile]) -> (BTreeMap<String, (usize, usize)>, Vec<Failure>) {
    let (mut rates, mut failures) = (BTreeMap::new(), Vec::new());
    for file in files {
        let rate = rates.entry(file.name.clone()).or_insert((0, 0));
        for (n, raw) in case_lines(&file.content) {
            let case = raw
                .split_once('\t')
                .unwrap_or_else(|| panic!("{}:{n}: TAG<TAB>text", file.name))
                .1;
            let (text, want) = marked_spans(&unescape(case));
            assert!(
                file.compare == Compare::All || want.len() <= 1,
                "{}:{n}: compare: first cases mark at most one link",
                file.name
            );
            let got: Vec<_> = file.finder.links(&text).map(|l| (l.start(), l.end())).collect();
            rate.0 += 1;
            if passes(file.compare, &want, &got) {
                rate.1 += 1;
            } else {
                failures.push((file.name.clone(), n, case.to_owned(), mark_spans(&text, &got)));
            }
        }
    }
    (rates, failures)
}

fn pct(passed: usize, cases: usize) -> f64 {
    100.0 * passed as f64 / cases.max(1) as f64
}

fn report(rates: &BTreeMap<String, (usize, usize)>) {
    let mut suites: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    eprintln!("{:<32} {:>6} {:>6} {:>7}", "file", "cases", "pass", "rate");
    for (file, &(cases, passed)) in rates {
        eprintln!("{file:<32} {cases:>6} {passed:>6} {:>6.1}%", pct(passed, cases));
        let s = suites.entry(suite_of(file)).or_default();
        s.0 += cases;
        s.1 += passed;
    }
    eprintln!("{:<32} {:>6} {:>6} {:>7}", "suite", "cases", "pass", "rate");
    let (mut all, mut mean) = ((0, 0), 0.0);
    for (suite, &(cases, passed)) in &suites {
        eprintln!("{suite:<32} {cases:>6} {passed:>6} {:>6.1}%", pct(passed, cases));
        all.0 += cases;
        all.1 += passed;
        mean += pct(passed, cases) / suites.len() as f64;
    }
    eprintln!(
        "{:<32} {:>6} {:>6} {:>6.1}%",
        "all cases",
        all.0,
        all.1,
        pct(all.1, all.0)
    );
    eprintln!("{:<32} {:>21.1}%", "mean of the suites' rates", mean);
}

#[test]
fn every_peer_case_passes_or_is_listed_as_a_deviation() {
    let files = load();
    let (rates, failures) = run(&files);
    report(&rates);
    let listed = deviations(DEVIATIONS);
    for (file, reason, _) in &listed {
        assert!(
            reason.starts_with("peer:") || reason.starts_with("bug:"),
            "{file}: a reason starts with peer: or bug:, not {reason}"
        );
    }
    // `PEER_SHOW=1`: every failing case with what was found, listed or not.
    if std::env::var_os("PEER_SHOW").is_some() {
        for (file, n, want, got) in &failures {
            eprintln!("{file}:{n}\n  want: {want}\n  got:  {got}");
        }
    }
    let (unexplained, stale) = unexplained_and_stale(&failures, &listed);
    let (peer, bug) = listed.iter().fold(
        (0, 0),
        |(p, b), (_, r, _)| {
            if r.starts_with("peer:") {
                (p + 1, b)
            } else {
                (p, b + 1)
            }
        },
    );
    eprintln!(
        "{} failing cases, {peer} listed peer:, {bug} listed bug:",
        failures.len()
    );
    assert_eq!(
        unexplained, 0,
        "{unexplained} failing cases are not in peer_deviations.txt"
    );
    assert_eq!(stale, 0, "{stale} stale entries in peer_deviations.txt");
}

#[test]
fn every_peer_file_names_its_source_licence_kinds_and_comparison() {
    let files = load();
    assert!(files.len() >= 7, "expected the files of at least seven suites");
    let suites: std::collections::BTreeSet<_> = files.iter().map(|f| suite_of(&f.name)).collect();
    assert!(suites.len() >= 7, "expected at least seven suites, found {suites:?}");
}

#[test]
fn compare_first_checks_only_the_first_link() {
    assert!(passes(Compare::First, &[(0, 3)], &[(0, 3), (5, 9)]));
    assert!(!passes(Compare::First, &[(0, 3)], &[(1, 3)]));
    assert!(passes(Compare::First, &[], &[]));
    assert!(!passes(Compare::First, &[], &[(0, 3)]));
    assert!(!passes(Compare::All, &[(0, 3)], &[(0, 3), (5, 9)]));
}

#[test]
fn case_lines_unescape_and_mark_their_spans() {
    let (text, spans) = marked_spans(&unescape("a ⸠http://x.org⸡\\u{A}b"));
    assert_eq!(text, "a http://x.org\nb");
    assert_eq!(spans, [(2, 14)]);
    assert_eq!(header_word("# kinds: iri,email (note)\nx", "kinds"), Some("iri,email"));
    assert_eq!(parse_kinds("iri,domain"), [LinkKind::Iri, LinkKind::Domain]);
}
