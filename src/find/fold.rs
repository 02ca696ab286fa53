//! RFC 3986 Appendix C: a link inside `<…>` or `<URL:…>` may be folded
//! over lines; it is one link, and its IRI drops the folding whitespace
//! (and the `>` quote markers of mail replies).

use super::candidate::Raw;
use super::repair::repair_iri;
use super::{Finder, LinkKind};
use crate::letters::char_at;
use crate::Iri;

/// The longest folded link looked for.
const MAX_FOLDED: usize = 4096;

/// RFC 3986 Appendix C: an IRI inside `<…>` (or `<URL:…>`) that is folded
/// over lines is one link; its IRI drops the whitespace (and the `>` quote
/// markers that a mail reply puts at the start of continuation lines).
pub(super) fn try_folded(f: &Finder, text: &str, s: usize, colon: usize) -> Option<Raw> {
    let b = text.as_bytes();
    let limit = b.len().min(s + MAX_FOLDED.min(f.max_link_len));
    let mut i = colon;
    let mut saw_newline = false;
    let mut last_non_ws = colon;
    while i < limit {
        match b[i] {
            b'>' => break,
            b'<' => return None,
            b'\n' => {
                saw_newline = true;
                i += 1;
                i = skip_fold_prefix(b, i, limit);
                continue;
            }
            c if c.is_ascii_whitespace() => {}
            _ => last_non_ws = i + 1,
        }
        i += 1;
    }
    if i >= limit || b[i] != b'>' || !saw_newline {
        return None;
    }
    // last_non_ws may sit inside a multi-byte char: move to its end.
    let mut end = last_non_ws;
    while !text.is_char_boundary(end) {
        end += 1;
    }
    let unfolded = unfold(&text[s..end]);
    let iri = repair_iri(&unfolded).unwrap_or(unfolded);
    Iri::parse(&iri).ok()?;
    Some(Raw {
        start: s,
        end,
        kind: LinkKind::Iri,
        folded: true,
    })
}

/// Skips the indentation and mail quote markers (`> `, `>> `) that start a
/// continuation line of a folded link.
fn skip_fold_prefix(b: &[u8], mut i: usize, limit: usize) -> usize {
    loop {
        while i < limit && matches!(b[i], b' ' | b'\t' | b'\r') {
            i += 1;
        }
        // A '>' followed by a space (or another '>') at line start is a quote marker.
        if i + 1 < limit && b[i] == b'>' && matches!(b[i + 1], b' ' | b'>' | b'\t') {
            i += 1;
            continue;
        }
        return i;
    }
}

/// Removes folding whitespace and quote markers from a folded link.
pub(crate) fn unfold(written: &str) -> String {
    let b = written.as_bytes();
    let mut out = String::with_capacity(written.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\n' {
            i = skip_fold_prefix(b, i + 1, b.len());
            continue;
        }
        if b[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let c = char_at(written, i).unwrap_or('\0');
        out.push(c);
        i += c.len_utf8();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unfold_drops_whitespace_and_quote_markers() {
        assert_eq!(unfold("http://a.com/very/\n> >   long"), "http://a.com/very/long");
    }
}
