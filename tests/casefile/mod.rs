//! Shared helpers for the ⸠…⸡ case-file format (UTS #58 LinkDetectionTest).
#![allow(dead_code)]

use iriscan::Finder;

/// Removes the ⸠ ⸡ markers.
pub fn strip_markers(line: &str) -> String {
    line.replace(['⸠', '⸡'], "")
}

/// Runs `finder` on `text` and wraps each link in ⸠ ⸡.
pub fn mark_links(finder: &Finder, text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut pos = 0;
    for link in finder.links(text) {
        out.push_str(&text[pos..link.start()]);
        out.push('⸠');
        out.push_str(link.as_str());
        out.push('⸡');
        pos = link.end();
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
