//! Shared by `examples/corpus_truth.rs`, `examples/gen_corpus/` and
//! `tests/gen_corpus.rs`: the truth-record schema, the `⸠…⸡` marker format,
//! link classification and a lint that looks for link-like text left
//! unmarked.
//!
//! Truth record (one JSON object per line, byte offsets, end exclusive):
//! `{"start":N,"end":N,"text":"…","kind":"iri|email|domain","category":"…","iri":"…","uri":"…"|null}`
#![allow(dead_code)]

use std::collections::HashSet;

/// Opens an expected link in a marked source (UTS #58 test format).
pub const OPEN: char = '\u{2E20}';
/// Closes an expected link in a marked source.
pub const CLOSE: char = '\u{2E21}';

/// What a link is and what it maps to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkInfo {
    /// `iri` (has a scheme), `email` (bare address) or `domain` (scheme-less name).
    pub kind: &'static str,
    /// First that applies: `email`, `scheme-less`, `other-scheme`, `brackets`,
    /// `idn-host`, `non-ascii-path`, `ascii`.
    pub category: &'static str,
    /// The link as an IRI: the text, `mailto:`+text or `https://`+text.
    pub iri: String,
    /// `iriscan::to_uri(iri)`, `None` if mapping fails.
    pub uri: Option<String>,
}

/// The scheme of `text`, if it starts with one. A name before `:` that
/// contains a dot is a host with a port (`example.com:8080`), not a scheme.
pub fn scheme_of(text: &str) -> Option<&str> {
    let colon = text.find(':')?;
    let s = &text[..colon];
    let b = s.as_bytes();
    if b.is_empty() || !b[0].is_ascii_alphabetic() {
        return None;
    }
    if !b.iter().all(|&c| c.is_ascii_alphanumeric() || c == b'+' || c == b'-') {
        return None;
    }
    Some(s)
}

/// Splits a link into (host, rest after the authority). Links without an
/// authority (`urn:`, `mailto:`, `tel:`) have an empty host.
pub fn host_and_rest(text: &str) -> (&str, &str) {
    let after_scheme = match scheme_of(text) {
        Some(s) => {
            let r = &text[s.len() + 1..];
            match r.strip_prefix("//") {
                Some(r) => r,
                None => return ("", r),
            }
        }
        None => text,
    };
    let auth_end = after_scheme.find(['/', '?', '#']).unwrap_or(after_scheme.len());
    let authority = &after_scheme[..auth_end];
    let rest = &after_scheme[auth_end..];
    let hostport = match authority.rfind('@') {
        Some(i) => &authority[i + 1..],
        None => authority,
    };
    let host = if hostport.starts_with('[') {
        match hostport.find(']') {
            Some(i) => &hostport[..=i],
            None => hostport,
        }
    } else {
        match hostport.rfind(':') {
            Some(i) => &hostport[..i],
            None => hostport,
        }
    };
    (host, rest)
}

/// True if `s` holds an opening bracket followed later by its closing partner.
pub fn has_paired_bracket(s: &str) -> bool {
    [('(', ')'), ('[', ']'), ('（', '）')]
        .iter()
        .any(|&(o, c)| s.find(o).is_some_and(|i| s[i..].contains(c)))
}

/// Classifies a link and maps it to a URI with `iriscan::to_uri`.
pub fn classify(text: &str) -> LinkInfo {
    let scheme = scheme_of(text);
    let kind = match scheme {
        Some(_) => "iri",
        None if text.contains('@') => "email",
        None => "domain",
    };
    let (host, rest) = if kind == "email" { ("", "") } else { host_and_rest(text) };
    let category = if kind == "email" {
        "email"
    } else if kind == "domain" {
        "scheme-less"
    } else if !matches!(scheme.map(str::to_ascii_lowercase).as_deref(), Some("http" | "https")) {
        "other-scheme"
    } else if has_paired_bracket(rest) {
        "brackets"
    } else if !host.is_ascii() {
        "idn-host"
    } else if !rest.is_ascii() {
        "non-ascii-path"
    } else {
        "ascii"
    };
    let iri = match kind {
        "iri" => text.to_string(),
        "email" => format!("mailto:{text}"),
        _ => format!("https://{text}"),
    };
    let uri = iriscan::to_uri(&iri).ok().map(|u| u.into_owned());
    LinkInfo {
        kind,
        category,
        iri,
        uri,
    }
}

fn js(s: &str) -> String {
    serde_json::to_string(s).expect("strings always serialize")
}

/// Everything of a truth record after the offsets: `,"text":…}` plus a newline.
pub fn json_tail(text: &str, info: &LinkInfo) -> String {
    format!(
        ",\"text\":{},\"kind\":\"{}\",\"category\":\"{}\",\"iri\":{},\"uri\":{}}}\n",
        js(text),
        info.kind,
        info.category,
        js(&info.iri),
        info.uri.as_deref().map(js).unwrap_or_else(|| "null".to_string())
    )
}

/// A whole truth record line.
pub fn json_record(start: usize, end: usize, text: &str, info: &LinkInfo) -> String {
    format!("{{\"start\":{start},\"end\":{end}{}", json_tail(text, info))
}

/// Removes `⸠`/`⸡` markers; returns the plain text and the byte spans of
/// the marked links in it.
pub fn unmark(marked: &str) -> Result<(String, Vec<(usize, usize)>), String> {
    let mut out = String::with_capacity(marked.len());
    let mut spans = Vec::new();
    let mut open: Option<usize> = None;
    for (line_no, line) in marked.split_inclusive('\n').enumerate() {
        for c in line.chars() {
            match c {
                OPEN => {
                    if open.is_some() {
                        return Err(format!("line {}: nested {OPEN}", line_no + 1));
                    }
                    open = Some(out.len());
                }
                CLOSE => match open.take() {
                    Some(s) if s < out.len() => spans.push((s, out.len())),
                    Some(_) => return Err(format!("line {}: empty link", line_no + 1)),
                    None => return Err(format!("line {}: {CLOSE} without {OPEN}", line_no + 1)),
                },
                _ => out.push(c),
            }
        }
        if open.is_some() {
            return Err(format!("line {}: link not closed on its line", line_no + 1));
        }
    }
    Ok((out, spans))
}

/// IANA top-level domains in lower case, with the Unicode form of every
/// `xn--` entry added.
pub fn tld_set() -> HashSet<String> {
    let mut set = HashSet::new();
    for line in include_str!("../../data/uts58/tlds-alpha-by-domain.txt").lines() {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let lower = t.to_ascii_lowercase();
        if lower.starts_with("xn--") {
            let (u, r) = idna::domain_to_unicode(&lower);
            if r.is_ok() {
                set.insert(u);
            }
        }
        set.insert(lower);
    }
    set
}

/// Schemes a detector may link even without `//` (for the lint).
const COMMON_SCHEMES: &[&str] = &[
    "http",
    "https",
    "ftp",
    "sftp",
    "mailto",
    "urn",
    "tel",
    "file",
    "data",
    "javascript",
    "news",
    "irc",
    "ssh",
    "ws",
    "wss",
    "xmpp",
    "sip",
    "geo",
    "magnet",
    "git",
];

/// Punctuation that never belongs to a domain label (for the lint).
const NON_LABEL: &str = "。、，！？：；「」『』（）《》〈〉【】«»“”„‘’…—–·।॥،؛؟٪\u{3000}";

/// A character that can be part of a domain label, roughly.
pub fn is_label_char(c: char) -> bool {
    if c.is_ascii() {
        c.is_ascii_alphanumeric() || c == '-'
    } else {
        !c.is_whitespace() && !c.is_control() && !NON_LABEL.contains(c) && c != OPEN && c != CLOSE
    }
}

/// Things outside the given spans that a detector may well link: a dot
/// (`.`, `。`, `．`) between a label character and an IANA TLD that is not
/// followed by another label character, an `@` between label characters,
/// and `://`. Returns (byte offset, excerpt).
pub fn lint_unmarked(text: &str, spans: &[(usize, usize)], tlds: &HashSet<String>) -> Vec<(usize, String)> {
    let inside = |i: usize| {
        let k = spans.partition_point(|&(_, e)| e <= i);
        k < spans.len() && spans[k].0 <= i
    };
    let mut found = Vec::new();
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    for (k, &(i, c)) in chars.iter().enumerate() {
        if inside(i) || in_unlinked_context(text, i) {
            continue;
        }
        let prev = if k > 0 { Some(chars[k - 1].1) } else { None };
        let hit = match c {
            '.' | '。' | '．' => {
                if !prev.is_some_and(is_label_char) {
                    false
                } else {
                    let mut j = k + 1;
                    let mut label = String::new();
                    while j < chars.len() && is_label_char(chars[j].1) {
                        label.push(chars[j].1);
                        j += 1;
                    }
                    !label.is_empty() && tlds.contains(&label.to_lowercase())
                }
            }
            '@' => prev.is_some_and(is_label_char) && chars.get(k + 1).is_some_and(|&(_, n)| is_label_char(n)),
            ':' => {
                let word_start = text[..i]
                    .rfind(|c: char| !(c.is_ascii_alphanumeric() || "+-.".contains(c)))
                    .map_or(0, |p| p + text[p..].chars().next().map_or(1, char::len_utf8));
                text[i..].starts_with("://")
                    || (text[i + 1..].starts_with(|n: char| !n.is_whitespace())
                        && COMMON_SCHEMES.contains(&text[word_start..i].to_ascii_lowercase().as_str()))
            }
            _ => false,
        };
        if hit {
            let from = chars[k.saturating_sub(20)].0;
            let to = chars.get(k + 20).map_or(text.len(), |&(b, _)| b);
            found.push((i, text[from..to].replace('\n', "⏎")));
        }
    }
    found
}

/// Text that looks like a link but is not one by the marker rules:
/// Message-IDs in their mail headers, and a Markdown link's label (the
/// url after `](` is the link).
fn in_unlinked_context(text: &str, i: usize) -> bool {
    let line_start = text[..i].rfind('\n').map_or(0, |p| p + 1);
    let line_end = text[i..].find('\n').map_or(text.len(), |p| i + p);
    let line = &text[line_start..line_end];
    if ["Message-ID:", "In-Reply-To:", "References:"]
        .iter()
        .any(|h| line.get(..h.len()).is_some_and(|l| l.eq_ignore_ascii_case(h)))
    {
        return true;
    }
    let (before, after) = (&text[line_start..i], &text[i..line_end]);
    before.rfind('[').is_some_and(|o| !before[o..].contains(']'))
        && after
            .find(']')
            .is_some_and(|c| after[c..].starts_with("](") && !after[..c].contains('['))
}

/// Sanity checks on one marked link; returns problems found.
pub fn check_link(text: &str, info: &LinkInfo, tlds: &HashSet<String>) -> Vec<String> {
    let mut p = Vec::new();
    let last = text.chars().last().unwrap_or(' ');
    if ".,;:!?'\"。、，！？،।".contains(last) {
        p.push(format!("ends with soft punctuation {last:?}"));
    }
    if text.chars().any(|c| c.is_whitespace() || "\"<>\\^`{}|".contains(c)) {
        p.push("contains a character invalid in IRIs".into());
    }
    match info.kind {
        "email" => {
            let local = &text[..text.find('@').unwrap_or(0)];
            if local.is_empty() || local.starts_with('.') || local.ends_with('.') || local.contains("..") {
                p.push("bad email local part".into());
            }
            let domain = &text[text.find('@').map_or(0, |i| i + 1)..];
            let tld = domain.rsplit('.').next().unwrap_or("");
            if !tlds.contains(&tld.to_lowercase()) {
                p.push(format!("email TLD {tld:?} not in the IANA list"));
            }
        }
        "domain" => {
            let (host, _) = host_and_rest(text);
            let tld = host.rsplit('.').next().unwrap_or("");
            if !tlds.contains(&tld.to_lowercase()) {
                p.push(format!("scheme-less TLD {tld:?} not in the IANA list"));
            }
        }
        _ => {}
    }
    for (o, c) in [('(', ')'), ('[', ']')] {
        let opens = text.matches(o).count();
        let closes = text.matches(c).count();
        if closes > opens {
            p.push(format!("unpaired {c:?}"));
        }
    }
    if info.uri.is_none() {
        p.push("to_uri failed".into());
    }
    p
}
