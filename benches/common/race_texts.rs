//! The texts of the race between iriscan and linkify (issue 12): built in
//! memory, deterministically, by the criterion bench (`benches/iriscan.rs`,
//! group `race`) and by `examples/count_links.rs` (`race:NAME` as the
//! file), so that wall-clock ratios and instruction counts are taken on the
//! same bytes.
//!
//! The including crate declares `generator` (examples/gen_corpus) and
//! `truth` (examples/common) at its root.

use crate::generator::{generate, Config, Profile};
use std::path::Path;

/// `generator` profile, density and seed of each generated text.
fn generated(profile: Profile, density: f64, len: usize) -> String {
    let cfg = Config {
        profile,
        size: len as u64,
        seed: 12,
        density,
    };
    let (mut text, mut truth) = (Vec::with_capacity(len), Vec::new());
    generate(&cfg, &mut text, &mut truth).expect("writing to memory cannot fail");
    // Both engines take the same `&str`: invalid UTF-8 (the adversarial
    // profiles) becomes U+FFFD once, here.
    String::from_utf8_lossy(&text).into_owned()
}

/// Repeats `unit` up to at least `len` bytes.
pub fn repeated(unit: &str, len: usize) -> String {
    let mut text = String::with_capacity(len + unit.len());
    while text.len() < len {
        text.push_str(unit);
    }
    text
}

/// The files in `dir` whose names start with `prefix` and end in `.txt`,
/// concatenated in name order (empty when there are none).
pub fn files(dir: &Path, prefix: &str) -> String {
    let mut names: Vec<_> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).collect())
        .unwrap_or_default();
    names.sort();
    let mut text = String::new();
    for p in &names {
        let name = p.file_name().unwrap_or_default().to_string_lossy();
        if name.starts_with(prefix) && name.ends_with(".txt") {
            text.push_str(&std::fs::read_to_string(p).unwrap_or_default());
            text.push('\n');
        }
    }
    text
}

/// English prose in which nothing is a link.
pub fn prose_unit() -> &'static str {
    "The quick brown fox jumps over the lazy dog while the committee considers its options. \
     Nothing here is a link: not e.g. this, nor 12:34, nor v1.2.3, nor key:value pairs.\n"
}

/// Mail prose with few links: about one every 4 KB (an address, a web link,
/// an IDN address, in turn).
fn mail_prose(len: usize) -> String {
    let links = [
        "Write to anna.berg@example.org if you need the minutes.\n",
        "The slides are at https://www.example.com/talks/2026/spring.pdf for now.\n",
        "Ask 田中さん at tanaka@例え.jp or müller@bücher.de about the venue.\n",
    ];
    let mut unit = String::new();
    for link in links {
        for _ in 0..24 {
            unit.push_str(prose_unit());
        }
        unit.push_str(link);
    }
    repeated(&unit, len)
}

/// The names of the race texts, in the order of the tables.
pub fn race_names() -> Vec<String> {
    let fixed = [
        "dense",
        "mail-prose",
        "rfc-spec",
        "corpora-mail",
        "corpora-log",
        "crawl",
        "html",
        "markdown",
    ];
    let mut names: Vec<String> = fixed.iter().map(|n| n.to_string()).collect();
    names.extend(Profile::ALL.iter().map(|(n, _)| format!("gen-{n}")));
    names.push("no-links".to_string());
    names
}

/// The race text `name`, at least `len` bytes (the checked-in samples are
/// repeated); `None` for an unknown name or a missing sample.
pub fn race_text(name: &str, len: usize) -> Option<String> {
    if let Some(base) = name.strip_suffix("-ascii-tld") {
        return race_text(base, len).map(|t| ascii_tlds(&t));
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let corpora = root.join("corpora");
    let unit = match name {
        "dense" => return Some(generated(Profile::Mixed, 0.3, len)),
        "mail-prose" => return Some(mail_prose(len)),
        "no-links" => return Some(repeated(prose_unit(), len)),
        "rfc-spec" => files(&root.join("../shared/spec"), ""),
        "corpora-mail" => files(&corpora, "mail-"),
        "corpora-log" => files(&corpora, "log-"),
        "crawl" | "html" | "markdown" => files(&corpora, name),
        _ => {
            let profile = Profile::from_name(name.strip_prefix("gen-")?)?;
            return Some(generated(profile, 0.05, len));
        }
    };
    (!unit.is_empty()).then(|| repeated(&unit, len))
}

/// `text` with each top-level label written in non-ASCII letters (`.рф`,
/// `.ไทย`, `.テスト` before `/`, `?`, `#`, `:`, `>`, `)`, a quote, white
/// space or the end) replaced by `com`. linkify 0.11 links no host whose
/// last label is non-ASCII, so on the texts rich in such hosts it finds
/// far fewer links than iriscan and does less work per byte; on these
/// variants (`race:crawl-ascii-tld`) both engines are asked for the same
/// links, and the race measures the scanners, not the difference in what
/// they find.
pub fn ascii_tlds(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(dot) = rest.find('.') {
        out.push_str(&rest[..=dot]);
        rest = &rest[dot + 1..];
        let label = rest
            .char_indices()
            .find(|&(_, c)| c.is_ascii() || !c.is_alphanumeric())
            .map_or(rest.len(), |(i, _)| i);
        let after = rest[label..].chars().next();
        let ends = matches!(
            after,
            None | Some('/' | '?' | '#' | ':' | '>' | ')' | '"' | '\'' | ',' | ';')
        ) || after.is_some_and(char::is_whitespace);
        if label > 0 && !rest[..label].is_ascii() && ends {
            out.push_str("com");
            rest = &rest[label..];
        }
    }
    out.push_str(rest);
    out
}

/// Every race text that is available, with its name.
#[allow(dead_code)]
pub fn race_texts(len: usize) -> Vec<(String, String)> {
    race_names()
        .into_iter()
        .filter_map(|n| race_text(&n, len).map(|t| (n, t)))
        .collect()
}
