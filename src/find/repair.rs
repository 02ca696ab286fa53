//! Validation of a candidate against RFC 3987: cut back to the longest
//! valid prefix, with the repairs browsers make (`[`, `]`, `{`, `}` after
//! the authority, `#` in the fragment) applied to the IRI a link denotes.

use super::end::{is_placeholder_name_byte, placeholder_len, trim_end};
use super::scheme::{ed2k_iri, is_ed2k};
use super::template::{authority_placeholders, encoded_in_authority};
use super::Finder;
use crate::iri::parse::validate_after_authority;
use crate::iri::quick::quick_valid_iri;
use crate::pct::is_pct_encoded;
use crate::Iri;

/// Repairs what browsers accept in running-text links but RFC 3987 does
/// not: `[` and `]` after the authority (`?foo[1]=a`, PHP and wiki links)
/// become `%5B` / `%5D`, `{` and `}` become `%7B` / `%7D` (URL templates
/// and placeholders: `…/download/${VERSION}/…`, `…/path_{more}`; the
/// WHATWG URL parser encodes both in a path, and 4 hand-labelled real
/// lines and 15 peer-suite cases take the braces into the link), `<` and
/// `>` around a template placeholder become `%3C` / `%3E`
/// (`…/<user>/repo`, see `end::placeholder_len`), a `%` that starts no
/// percent-encoding becomes `%25` (a `printf` placeholder in a URL
/// template, `…/search?q=%s`, 1 held-out line; `…/30%OffCoupons`, the
/// Django suite: the WHATWG URL parser keeps such a `%` too), and a
/// `#` inside the fragment becomes `%23`. The IRI a link denotes carries
/// the encoded forms; its text stays as written. Returns `None` when
/// nothing needs repair.
pub(crate) fn repair_iri(iri: &str) -> Option<String> {
    if is_ed2k(iri.as_bytes()) {
        return Some(ed2k_iri(iri)); // (`scheme/ed2k.rs`)
    }
    if !may_need_repair(iri.as_bytes()) {
        return None;
    }
    let tail = authority_end(iri);
    let fragment = iri[tail..].find('#').map(|i| tail + i + 1);
    let b = iri.as_bytes();
    let grown = authority_repairs(b, tail);
    let needs = !grown.is_empty()
        || iri[tail..].contains(['[', ']', '{', '}'])
        || fragment.is_some_and(|f| iri[f..].contains('#'))
        || memchr::memchr_iter(b'%', &b[tail..]).any(|p| !is_pct_encoded(b, tail + p))
        || memchr::memchr_iter(b'<', &b[tail..]).any(|p| placeholder_len(b, tail + p, b.len()).is_some());
    if !needs {
        return None;
    }
    let mut out = String::with_capacity(iri.len() + 8);
    let mut from = 0;
    for &i in &grown {
        out.push_str(&iri[from..i]);
        out.push_str(pct_of(b[i]));
        from = i + 1;
    }
    out.push_str(&iri[from..tail]);
    for (i, c) in iri[tail..].char_indices() {
        match c {
            '[' => out.push_str("%5B"),
            ']' => out.push_str("%5D"),
            '{' => out.push_str("%7B"),
            '}' => out.push_str("%7D"),
            '<' if is_placeholder_bracket(b, tail + i) => out.push_str("%3C"),
            '>' if is_placeholder_bracket(b, tail + i) => out.push_str("%3E"),
            '#' if fragment.is_some_and(|f| tail + i >= f) => out.push_str("%23"),
            '%' if !is_pct_encoded(b, tail + i) => out.push_str("%25"),
            _ => out.push(c),
        }
    }
    Some(out)
}

/// Whether `b[i]` is the `<` or the `>` of a template placeholder
/// (`end::placeholder_len`): only those are repaired, so that a `<` the
/// strict mode takes in (`…#top</a>`) stays an error as before.
fn is_placeholder_bracket(b: &[u8], i: usize) -> bool {
    match b[i] {
        b'<' => placeholder_len(b, i, b.len()).is_some(),
        b'>' => b[..i]
            .iter()
            .rposition(|&c| !is_placeholder_name_byte(c))
            .is_some_and(|j| b[j] == b'<' && placeholder_len(b, j, b.len()) == Some(i + 1 - j)),
        _ => false,
    }
}

/// Whether `b` holds a byte some repair of [`repair_iri`] mends: three
/// SIMD scans, which most links pass.
fn may_need_repair(b: &[u8]) -> bool {
    memchr::memchr3(b'[', b']', b'#', b).is_some()
        || memchr::memchr3(b'{', b'}', b'<', b).is_some()
        || memchr::memchr(b'%', b).is_some()
}

/// The bytes of a URI template's authority placeholders
/// (`template.rs`) that the IRI a link denotes percent-encodes
/// (`https://{internalurl}/…` denotes `https://%7Binternalurl%7D/…`), in
/// order; `tail` is where the authority ends. Empty for most links: only
/// an authority with a `{` or `<` has such bytes.
fn authority_repairs(b: &[u8], tail: usize) -> Vec<usize> {
    let mut grown = Vec::new();
    let Some(a) = authority_start(b).filter(|&a| a <= tail) else {
        return grown;
    };
    if memchr::memchr3(b'{', b'<', b'%', &b[a..tail]).is_none() {
        return grown;
    }
    // The host's `:` before a port that is a placeholder
    // (`…example.com:{port}`) is encoded too: a port holds digits alone.
    let host = memchr::memrchr(b'@', &b[a..tail]).map_or(a, |p| a + p + 1);
    authority_placeholders(b, a, tail, |i, n| {
        if i > host && b[i - 1] == b':' {
            grown.push(i - 1);
        }
        grown.extend((i..i + n).filter(|&j| encoded_in_authority(b[j])));
    });
    // A brace of a placeholder that the authority's end cuts
    // (`https://{host}{/path*}`: RFC 6570's `/` operator), in a template's
    // authority only.
    if !grown.is_empty() {
        grown.extend((a..tail).filter(|&j| matches!(b[j], b'{' | b'}')));
    }
    grown.sort_unstable();
    grown.dedup();
    grown
}

/// The percent-encoding of an ASCII byte that [`encoded_in_authority`]
/// names.
fn pct_of(c: u8) -> &'static str {
    match c {
        b'{' => "%7B",
        b'}' => "%7D",
        b'<' => "%3C",
        b'>' => "%3E",
        b':' => "%3A",
        _ => "%25",
    }
}

/// Maps a byte offset in the repaired string back to the written one: each
/// repaired character grew by two bytes.
fn unrepair_offset(written: &str, repaired_offset: usize) -> usize {
    let tail = authority_end(written);
    let fragment = written[tail..].find('#').map(|i| tail + i + 1);
    let grown = authority_repairs(written.as_bytes(), tail);
    let mut pos = 0;
    for (i, c) in written.char_indices() {
        if pos >= repaired_offset {
            return i;
        }
        let repaired = grown.binary_search(&i).is_ok()
            || i >= tail
                && (matches!(c, '[' | ']' | '{' | '}')
                    || (c == '#' && fragment.is_some_and(|f| i >= f))
                    || (c == '%' && !is_pct_encoded(written.as_bytes(), i))
                    || is_placeholder_bracket(written.as_bytes(), i));
        pos += if repaired { 3 } else { c.len_utf8() };
    }
    written.len()
}

/// Byte offset where the authority ends (or where the part after the
/// scheme starts, if there is no authority).
fn authority_end(iri: &str) -> usize {
    let b = iri.as_bytes();
    match authority_start(b) {
        Some(a) => b[a..]
            .iter()
            .position(|&c| matches!(c, b'/' | b'?' | b'#'))
            .map_or(b.len(), |p| a + p),
        None => memchr::memchr(b':', b).map_or(0, |c| c + 1),
    }
}

/// Where the authority of the IRI `b` starts (after its scheme's `://`),
/// if it has one: the scheme's `:` is the first one.
#[inline]
pub(super) fn authority_start(b: &[u8]) -> Option<usize> {
    memchr::memchr(b':', b)
        .filter(|&c| b[c + 1..].starts_with(b"//"))
        .map(|c| c + 3)
}

/// Validates `text[start..end]` as an IRI, cutting it back to the longest
/// valid prefix (RFC 3987 grammar) and re-trimming. Returns the new end, or
/// `None` if nothing at least `min_end` long survives.
pub(super) fn validate_iri(f: &Finder, text: &str, start: usize, mut end: usize, min_end: usize) -> Option<usize> {
    for _ in 0..8 {
        end = trim_end(f, text, start, end);
        if end <= min_end {
            return None;
        }
        let cand = &text[start..end];
        // A valid IRI has nothing to repair (each repair mends a character
        // the grammar rejects), so the one-pass check comes first.
        let err = if quick_valid_iri(cand) {
            None
        } else {
            match repair_iri(cand) {
                None => Iri::parse(cand).err().map(|e| e.offset()),
                Some(fixed) => Iri::parse(&fixed).err().map(|e| unrepair_offset(cand, e.offset())),
            }
        };
        match err {
            None => return Some(end),
            Some(off) => {
                let cut = start + off;
                if cut <= min_end || cut >= end {
                    return None;
                }
                end = cut;
            }
        }
    }
    None
}

/// Cuts the path/query/fragment after a scheme-less host to its longest
/// valid prefix.
pub(super) fn validate_tail(f: &Finder, text: &str, host_end: usize, mut end: usize) -> usize {
    for _ in 0..8 {
        end = trim_end(f, text, host_end, end);
        if end <= host_end {
            return host_end;
        }
        let tail = &text[host_end..end];
        // Common case: valid as written (then nothing needs repair), or
        // invalid with nothing a repair could mend.
        let Err(e) = validate_after_authority(tail) else {
            return end;
        };
        if !may_need_repair(tail.as_bytes()) {
            end = host_end + e.offset();
            continue;
        }
        // Prefix a scheme and empty authority so that the repair and the
        // offsets line up with an IRI's.
        let iri = format!("x://{tail}");
        let fixed = repair_iri(&iri);
        let checked = fixed.as_deref().unwrap_or(&iri);
        match validate_after_authority(&checked[4..]) {
            Ok(()) => return end,
            Err(e) => {
                let off = match &fixed {
                    Some(_) => unrepair_offset(&iri, e.offset() + 4) - 4,
                    None => e.offset(),
                };
                end = host_end + off;
            }
        }
    }
    host_end
}
