//! Shared helpers for the ⸠…⸡ case-file format (UTS #58 LinkDetectionTest).
#![allow(dead_code)]

use iriscan::Finder;

/// Removes the ⸠ ⸡ markers.
pub fn strip_markers(line: &str) -> String {
    line.replace(['⸠', '⸡'], "")
}

/// Runs `finder` on `text` and wraps each link in ⸠ ⸡.
pub fn mark_links(finder: &Finder, text: &str) -> String {
    let spans: Vec<_> = finder.links(text).map(|l| (l.start(), l.end())).collect();
    mark_spans(text, &spans)
}

/// `text` with ⸠ ⸡ around each byte span of `spans` (in order).
pub fn mark_spans(text: &str, spans: &[(usize, usize)]) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut pos = 0;
    for &(start, end) in spans {
        out.push_str(&text[pos..start]);
        out.push('⸠');
        out.push_str(&text[start..end]);
        out.push('⸡');
        pos = end;
    }
    out.push_str(&text[pos..]);
    out
}

/// Test lines of a case file: (line number, line), without comments and blanks.
pub fn case_lines(content: &str) -> Vec<(usize, &str)> {
    content
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty())
        .map(|(i, l)| (i + 1, l))
        .collect()
}

/// Runs every test line of `content`; returns the failures as
/// (line number, expected, got).
pub fn run_cases(finder: &Finder, content: &str) -> Vec<(usize, String, String)> {
    case_lines(content)
        .into_iter()
        .filter_map(|(n, line)| {
            let got = mark_links(finder, &strip_markers(line));
            (got != line).then(|| (n, line.to_owned(), got))
        })
        .collect()
}

/// Decodes the `\u{HEX}` escapes a case file uses for characters a text
/// line cannot hold (control characters, line breaks).
pub fn unescape(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(i) = rest.find("\\u{") {
        out.push_str(&rest[..i]);
        let after = &rest[i + 3..];
        let close = after.find('}').expect("\\u{ without }");
        let code = u32::from_str_radix(&after[..close], 16).expect("hex in \\u{…}");
        out.push(char::from_u32(code).expect("a Unicode scalar value in \\u{…}"));
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

/// The text of a ⸠…⸡ marked line and the byte spans of its marked links.
pub fn marked_spans(marked: &str) -> (String, Vec<(usize, usize)>) {
    let (mut text, mut spans, mut open) = (String::with_capacity(marked.len()), Vec::new(), None);
    for c in marked.chars() {
        match c {
            '⸠' => open = Some(text.len()),
            '⸡' => spans.push((open.take().expect("⸡ without ⸠"), text.len())),
            _ => text.push(c),
        }
    }
    assert!(open.is_none(), "⸠ without ⸡ in {marked}");
    (text, spans)
}

/// The entries of a deviations file: per line, file, TAB, reason, TAB, the
/// case exactly as written in its file (it may contain tabs).
pub fn deviations(content: &str) -> Vec<(&str, &str, &str)> {
    content
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut parts = l.splitn(3, '\t');
            let file = parts.next().unwrap();
            let reason = parts.next().expect("file<TAB>reason<TAB>case");
            (file, reason, parts.next().expect("file<TAB>reason<TAB>case"))
        })
        .collect()
}

/// A failing case: (file, line number, the case as written, what was found).
pub type Failure = (String, usize, String, String);

/// Checks failures against the listed deviations: prints and counts the
/// failures not listed and the listed cases that do not fail (they pass,
/// or are no longer in the files), so that the list cannot go stale.
/// Returns (unexplained, stale).
pub fn unexplained_and_stale(failures: &[Failure], listed: &[(&str, &str, &str)]) -> (usize, usize) {
    let mut unexplained = 0;
    for (file, n, want, got) in failures {
        if !listed.iter().any(|(f, _, case)| f == file && case == want) {
            unexplained += 1;
            eprintln!("{file}:{n}\n  want: {want}\n  got:  {got}");
        }
    }
    let mut stale = 0;
    for (file, reason, case) in listed {
        if !failures.iter().any(|(f, _, want, _)| f == file && want == case) {
            stale += 1;
            eprintln!("listed as a deviation but passes or is not in the files: {file}: {case} ({reason})");
        }
    }
    (unexplained, stale)
}

/// The value of a `# key: value` line among the `#` lines that open a
/// case file, trimmed.
pub fn header<'a>(content: &'a str, key: &str) -> Option<&'a str> {
    content
        .lines()
        .take_while(|l| l.starts_with('#'))
        .find_map(|l| l.strip_prefix("# ")?.strip_prefix(key)?.strip_prefix(':'))
        .map(str::trim)
}

/// The `.txt` files of `dir` (relative to the crate), in name order, with
/// their names and contents.
pub fn txt_files(dir: &str) -> Vec<(String, String)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            let content = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{name}: {e}"));
            (name, content)
        })
        .collect()
}
