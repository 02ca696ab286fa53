//! UTS #58 LinkFormattingTest.txt, run whole: each fully escaped source
//! must escape minimally to exactly the expected line, and the result must
//! be detected as one link covering the whole line.

use iriscan::format::{format_link, minimal_escape, LinkParts};
use iriscan::Finder;

const TEST_FILE: &str = include_str!("data/LinkFormattingTest.txt");

/// (line number, structure comment, fully escaped source, expected).
fn cases() -> Vec<(usize, &'static str, &'static str, &'static str)> {
    let mut out = Vec::new();
    let mut structure = "";
    let mut pending: Option<(usize, &str)> = None;
    for (i, line) in TEST_FILE.lines().enumerate() {
        if let Some(s) = line.strip_prefix("# {") {
            structure = s.trim_end().trim_end_matches('}');
            continue;
        }
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        match pending.take() {
            None => pending = Some((i + 1, line)),
            Some((n, source)) => out.push((n, structure, source, line)),
        }
    }
    assert!(pending.is_none(), "lines come in pairs");
    out
}

fn pairs() -> Vec<(usize, &'static str, &'static str)> {
    cases().into_iter().map(|(n, _, s, w)| (n, s, w)).collect()
}

/// Parses a structure comment such as `𝑺=https:// 𝑯=example.com 𝑷=α 𝑸=θ 𝑽=ι`.
/// Values may contain spaces or be empty: split on the markers only.
fn parts(structure: &str) -> LinkParts<'_> {
    const MARKERS: [&str; 7] = ["𝑺=", "𝑯=", "𝑷=", "𝑸=", "𝑽=", "𝑭=", "𝑫="];
    let mut starts: Vec<(usize, &str)> = MARKERS.iter().flat_map(|m| structure.match_indices(m)).collect();
    starts.sort();
    let mut p = LinkParts::default();
    for (k, &(i, marker)) in starts.iter().enumerate() {
        let end = starts.get(k + 1).map_or(structure.len(), |&(j, _)| j);
        let mut value = &structure[i + marker.len()..end];
        if k + 1 < starts.len() {
            value = value.strip_suffix(' ').unwrap_or(value);
        }
        match marker {
            "𝑺=" => p.scheme = value,
            "𝑯=" => p.host = value,
            "𝑷=" => p.path.push(value),
            "𝑸=" => p.query.push((value, None)),
            "𝑽=" => p.query.last_mut().expect("a key before its value").1 = Some(value),
            "𝑭=" => p.fragment = Some(value),
            _ => panic!("fragment directives are not in the test file: {structure}"),
        }
    }
    p
}

#[test]
fn every_formatting_case_formats_from_its_structure() {
    let all = cases();
    let mut failed = 0;
    for (n, structure, _, want) in &all {
        let got = format_link(&parts(structure));
        if &got != want {
            failed += 1;
            eprintln!("LinkFormattingTest.txt:{n}\n  parts: {structure}\n  want:  {want}\n  got:   {got}");
        }
    }
    eprintln!(
        "{} of {} formatting cases pass (structured)",
        all.len() - failed,
        all.len()
    );
    assert_eq!(failed, 0);
}

/// The string form cannot know that a literal `/`, `&`, `=` or `#` of the
/// fully escaped source is data (only the structure comment says so); the
/// cases whose data holds such a separator are checked by the structured
/// test above, and every other case must pass here too.
#[test]
fn every_unambiguous_case_escapes_minimally_from_the_url_string() {
    let mut failed = 0;
    let all: Vec<_> = cases()
        .into_iter()
        .filter(|(_, structure, _, _)| {
            let p = parts(structure);
            let seps = |s: &str, set: &[char]| s.contains(set);
            !(p.path.iter().any(|s| seps(s, &['/', '?', '#']))
                || p.query
                    .iter()
                    .any(|(k, v)| seps(k, &['&', '=', '#']) || v.is_some_and(|v| seps(v, &['&', '=', '#']))))
        })
        .map(|(n, _, s, w)| (n, s, w))
        .collect();
    assert!(all.len() >= 45, "{} unambiguous cases", all.len());
    for (n, source, want) in &all {
        let got = minimal_escape(source);
        if &got != want {
            failed += 1;
            eprintln!("LinkFormattingTest.txt:{n}\n  source: {source}\n  want:   {want}\n  got:    {got}");
        }
    }
    eprintln!("{} of {} formatting cases pass", all.len() - failed, all.len());
    assert_eq!(failed, 0);
}

#[test]
fn minimally_escaped_links_are_detected_whole() {
    let mut strict = Finder::new();
    strict.strict_uts58(true);
    for (n, _, want) in pairs() {
        let text = format!("See {want} now");
        let found: Vec<_> = strict.links(&text).map(|l| l.as_str().to_owned()).collect();
        assert_eq!(found, [want], "LinkFormattingTest.txt:{n}");
    }
}
