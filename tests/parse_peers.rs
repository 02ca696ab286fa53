//! Other IRI/URI parsers' hand-written test vectors
//! (`tests/data/parse_peers/*.txt`, converted from oxiri, iri-string,
//! fluent-uri, iref, the Python `rfc3986` and `rfc3987` packages, Ruby's
//! Addressable, Apache Jena's iri3986, Haskell's network-uri, uri-js,
//! uriparser and hyperlink), run whole against `iriscan::iri`. Each file
//! names its source, commit, path and licence in its header and what was
//! skipped; `tests/data/parse_peers/README.md` describes the line format
//! (`KIND<TAB>field…`).
//!
//! Every case must pass or be listed, with its reason, in
//! `tests/data/parse_peer_deviations.txt` (`peer:` the peer's rule differs
//! from RFC 3987, 3987bis or RFC 3986, section named; `bug:` we are wrong).
//! A listed case that passes fails the test, so the list cannot go stale.
//!
//! Pass rates per file, suite and kind, then every failing case in full
//! with what iriscan gave and how it is listed:
//! `cargo test -p iriscan --test parse_peers -- --nocapture`.

mod casefile;

use casefile::{case_lines, deviations, header, txt_files, unescape, unexplained_and_stale, Failure};
use iriscan::iri::{equivalent, normalize, remove_dot_segments, resolve, to_iri, to_uri};
use iriscan::{HostKind, Iri, IriRef};
use std::collections::BTreeMap;

const DEVIATIONS: &str = include_str!("data/parse_peer_deviations.txt");

/// One converted file: its name and content.
struct PeerFile {
    name: String,
    content: String,
}

/// The value of a `# key: value` header line.
fn load() -> Vec<PeerFile> {
    txt_files("tests/data/parse_peers")
        .into_iter()
        .map(|(name, content)| {
            for key in ["suite", "src", "licence"] {
                assert!(header(&content, key).is_some(), "{name}: no # {key}:");
            }
            PeerFile { name, content }
        })
        .collect()
}

/// The suite a file belongs to: its name up to the first dot.
fn suite_of(file: &str) -> &str {
    file.split('.').next().unwrap()
}

fn show<T: std::fmt::Debug, E: std::fmt::Display>(r: &Result<T, E>) -> String {
    match r {
        Ok(v) => format!("Ok({v:?})"),
        Err(e) => format!("Err({e})"),
    }
}

fn host_kind_name(k: HostKind) -> &'static str {
    match k {
        HostKind::Ipv4 => "ipv4",
        HostKind::Ipv6 => "ipv6",
        HostKind::IpvFuture => "ipvfuture",
        HostKind::RegName => "regname",
        _ => "other",
    }
}

/// The component `key` of a parsed reference, `None` when absent.
fn component(r: &IriRef<'_>, key: &str) -> Option<String> {
    let s = |v: Option<&str>| v.map(str::to_owned);
    match key {
        "scheme" => s(r.scheme()),
        "authority" => s(r.authority()),
        "userinfo" => s(r.userinfo()),
        "host" => s(r.host()),
        "host_kind" => r.host_kind().map(|k| host_kind_name(k).to_owned()),
        "port" => s(r.port()),
        "path" => Some(r.path().to_owned()),
        "query" => s(r.query()),
        "fragment" => s(r.fragment()),
        other => panic!("unknown component {other}"),
    }
}

/// Checks `key=value` (the component is `value`) and `-key` (it is absent)
/// fields against a parsed reference; returns what differs.
fn check_components(r: &IriRef<'_>, fields: &[String]) -> Vec<String> {
    let mut wrong = Vec::new();
    for f in fields {
        let (key, want) = match f.strip_prefix('-') {
            Some(key) => (key, None),
            None => {
                let (k, v) = f
                    .split_once('=')
                    .unwrap_or_else(|| panic!("key=value or -key, not {f}"));
                (k, Some(v.to_owned()))
            }
        };
        let got = component(r, key);
        if got != want {
            wrong.push(format!("{key}: {got:?}"));
        }
    }
    wrong
}

/// Runs one case (its fields unescaped); `None` when it passes, else what
/// iriscan gave.
fn check(kind: &str, f: &[String]) -> Option<String> {
    let arity = |n: usize| assert_eq!(f.len(), n, "{kind} takes {n} fields, not {f:?}");
    let verdict = |ok: bool, got: String| (!ok).then_some(got);
    match kind {
        "valid-iri" | "invalid-iri" => {
            arity(1);
            let r = Iri::parse(&f[0]).map(|_| ());
            verdict(r.is_ok() == (kind == "valid-iri"), show(&r))
        }
        "valid-ref" | "invalid-ref" => {
            arity(1);
            let r = IriRef::parse(&f[0]).map(|_| ());
            verdict(r.is_ok() == (kind == "valid-ref"), show(&r))
        }
        // RFC 3986 `URI` and `URI-reference`: for ASCII strings the IRI
        // grammar is the URI grammar (RFC 3987 §2.2); non-ASCII is no URI.
        "valid-uri" | "invalid-uri" => {
            arity(1);
            let r = Iri::parse(&f[0]).map(|_| f[0].is_ascii());
            verdict(matches!(r, Ok(true)) == (kind == "valid-uri"), show(&r))
        }
        "valid-uri-ref" | "invalid-uri-ref" => {
            arity(1);
            let r = IriRef::parse(&f[0]).map(|_| f[0].is_ascii());
            verdict(matches!(r, Ok(true)) == (kind == "valid-uri-ref"), show(&r))
        }
        "components" => {
            assert!(f.len() >= 2, "components: input then key=value fields");
            match IriRef::parse(&f[0]) {
                Ok(r) => {
                    let wrong = check_components(&r, &f[1..]);
                    verdict(wrong.is_empty(), wrong.join(", "))
                }
                Err(e) => Some(format!("Err({e})")),
            }
        }
        "resolve" => {
            arity(3);
            let r = resolve(&f[0], &f[1]);
            verdict(r.as_deref() == Ok(f[2].as_str()), show(&r))
        }
        "normalize" => {
            arity(2);
            let r = normalize(&f[0]);
            verdict(r.as_deref() == Ok(f[1].as_str()), show(&r))
        }
        // Normalized, then mapped to a URI: peers whose normalization
        // yields a URI (IDNs as A-labels).
        "normalize-uri" => {
            arity(2);
            let r = normalize(&f[0])
                .map_err(iriscan::MapError::from)
                .and_then(|n| to_uri(&n).map(|u| u.into_owned()));
            verdict(r.as_deref() == Ok(f[1].as_str()), show(&r))
        }
        "equivalent" | "not-equivalent" => {
            arity(2);
            let eq = equivalent(&f[0], &f[1]);
            let got = format!(
                "equivalent: {eq}, {} vs {}",
                show(&normalize(&f[0])),
                show(&normalize(&f[1]))
            );
            verdict(eq == (kind == "equivalent"), got)
        }
        "to-uri" => {
            arity(2);
            let r = to_uri(&f[0]);
            verdict(r.as_deref() == Ok(f[1].as_str()), show(&r))
        }
        "to-uri-fails" => {
            arity(1);
            let r = to_uri(&f[0]);
            verdict(r.is_err(), show(&r))
        }
        "to-iri" => {
            arity(2);
            let r = to_iri(&f[0]);
            verdict(r == f[1], format!("{r:?}"))
        }
        "remove-dots" => {
            arity(2);
            let r = remove_dot_segments(&f[0]);
            verdict(r == f[1], format!("{r:?}"))
        }
        other => panic!("unknown kind {other}"),
    }
}

/// (cases, passed) per key.
type Rates = BTreeMap<String, (usize, usize)>;

/// Runs every case; returns the rates per file and per kind, and the failures.
fn run(files: &[PeerFile]) -> (Rates, Rates, Vec<Failure>) {
    let (mut by_file, mut by_kind, mut failures) = (Rates::new(), Rates::new(), Vec::new());
    for file in files {
        for (n, line) in case_lines(&file.content) {
            let mut fields = line.split('\t');
            let kind = fields.next().unwrap();
            let f: Vec<String> = fields.map(unescape).collect();
            let got = check(kind, &f);
            for rate in [
                by_file.entry(file.name.clone()).or_default(),
                by_kind.entry(kind.to_owned()).or_default(),
            ] {
                rate.0 += 1;
                rate.1 += usize::from(got.is_none());
            }
            if let Some(got) = got {
                failures.push((file.name.clone(), n, line.to_owned(), got));
            }
        }
    }
    (by_file, by_kind, failures)
}

fn pct(passed: usize, cases: usize) -> f64 {
    100.0 * passed as f64 / cases.max(1) as f64
}

fn print_rates(title: &str, rates: &Rates) {
    eprintln!("{title:<40} {:>6} {:>6} {:>7}", "cases", "pass", "rate");
    for (key, &(cases, passed)) in rates {
        eprintln!("{key:<40} {cases:>6} {passed:>6} {:>6.1}%", pct(passed, cases));
    }
}

fn report(by_file: &Rates, by_kind: &Rates) {
    print_rates("file", by_file);
    let mut suites = Rates::new();
    for (file, &(cases, passed)) in by_file {
        let s = suites.entry(suite_of(file).to_owned()).or_default();
        s.0 += cases;
        s.1 += passed;
    }
    print_rates("suite", &suites);
    print_rates("kind", by_kind);
    let all = suites.values().fold((0, 0), |a, &(c, p)| (a.0 + c, a.1 + p));
    eprintln!(
        "{:<40} {:>6} {:>6} {:>6.1}%",
        "all cases",
        all.0,
        all.1,
        pct(all.1, all.0)
    );
}

#[test]
fn every_parse_peer_case_passes_or_is_listed_as_a_deviation() {
    let files = load();
    let (by_file, by_kind, failures) = run(&files);
    report(&by_file, &by_kind);
    let listed = deviations(DEVIATIONS);
    for (file, reason, _) in &listed {
        assert!(
            reason.starts_with("peer:") || reason.starts_with("bug:"),
            "{file}: a reason starts with peer: or bug:, not {reason}"
        );
    }
    for (file, n, case, got) in &failures {
        let listed_as = listed
            .iter()
            .find(|(f, _, c)| f == file && c == case)
            .map_or("NOT LISTED", |(_, reason, _)| {
                reason.split(':').next().unwrap_or(reason)
            });
        eprintln!("{file}:{n} ({listed_as})\n  case: {case}\n  got:  {got}");
    }
    let (unexplained, stale) = unexplained_and_stale(&failures, &listed);
    let bug = listed.iter().filter(|(_, r, _)| r.starts_with("bug:")).count();
    eprintln!(
        "{} failing cases, {} listed peer:, {bug} listed bug:",
        failures.len(),
        listed.len() - bug
    );
    assert_eq!(
        unexplained, 0,
        "{unexplained} failing cases are not in parse_peer_deviations.txt"
    );
    assert_eq!(stale, 0, "{stale} stale entries in parse_peer_deviations.txt");
}

#[test]
fn every_parse_peer_file_names_its_source_and_the_suites_are_several() {
    let files = load();
    let suites: std::collections::BTreeSet<_> = files.iter().map(|f| suite_of(&f.name)).collect();
    assert!(suites.len() >= 4, "expected at least four suites, found {suites:?}");
    let cases: usize = files.iter().map(|f| case_lines(&f.content).len()).sum();
    assert!(cases >= 300, "expected several hundred cases, found {cases}");
}

#[test]
fn each_kind_judges_its_case_both_ways() {
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    assert!(check("valid-iri", &s(&["http://a/"])).is_none());
    assert!(check("valid-iri", &s(&["a/b"])).is_some());
    assert!(check("invalid-ref", &s(&["a b"])).is_none());
    assert!(check("valid-uri", &s(&["http://é/"])).is_some());
    assert!(check("valid-uri-ref", &s(&["//a/b"])).is_none());
    assert!(check("resolve", &s(&["http://a/b/c", "../d", "http://a/d"])).is_none());
    assert!(check("resolve", &s(&["http://a/b/c", "../d", "http://a/b/d"])).is_some());
    assert!(check(
        "components",
        &s(&["http://u@h:1/p?q", "userinfo=u", "port=1", "-fragment"])
    )
    .is_none());
    assert!(check("components", &s(&["http://h/p", "query="])).is_some());
    assert!(check("normalize", &s(&["HTTP://A/%7e", "http://a/~"])).is_none());
    assert!(check("normalize-uri", &s(&["HTTP://Ä.de:80", "http://xn--4ca.de/"])).is_none());
    assert!(check("normalize-uri", &s(&["HTTP://Ä.de:80", "http://ä.de/"])).is_some());
    assert!(check("equivalent", &s(&["http://a/", "http://a:80/"])).is_none());
    assert!(check("not-equivalent", &s(&["http://a/", "http://a:80/"])).is_some());
    assert!(check("to-uri", &s(&["http://a/é", "http://a/%C3%A9"])).is_none());
    assert!(check("to-uri-fails", &s(&["http://a/é"])).is_some());
    assert!(check("to-iri", &s(&["http://a/%C3%A9", "http://a/é"])).is_none());
    assert!(check("remove-dots", &s(&["/a/./b/../c", "/a/c"])).is_none());
}

#[test]
fn headers_and_components_are_read_as_documented() {
    assert_eq!(header("# src: https://x/y\nz", "src"), Some("https://x/y"));
    assert_eq!(header("z\n# src: x", "src"), None);
    let r = IriRef::parse("//[::1]:8/p").unwrap();
    assert_eq!(component(&r, "host_kind").as_deref(), Some("ipv6"));
    assert_eq!(
        check_components(&r, &["-scheme".into(), "port=8".into()]),
        Vec::<String>::new()
    );
    assert_eq!(check_components(&r, &["-port".into()]), ["port: Some(\"8\")"]);
}
