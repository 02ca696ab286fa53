//! RFC 3986 Appendix C: a link inside `<…>` or `<URL:…>` may be folded
//! over lines; it is one link, and its IRI drops the folding whitespace
//! (and the `>` quote markers of mail replies).

use super::candidate::Raw;
use super::link::name_iri;
use super::repair::repair_iri;
use super::Finder;
use crate::letters::char_at;
use crate::Iri;

/// The longest folded link looked for.
const MAX_FOLDED: usize = 4096;

/// RFC 3986 Appendix C: an IRI inside `<…>` (or `<URL:…>`) that is folded
/// over lines is one link; its IRI drops the whitespace (and the `>` quote
/// markers that a mail reply puts at the start of continuation lines).
pub(super) fn try_folded(f: &Finder, text: &str, s: usize, colon: usize) -> Option<Raw> {
    let end = folded_end(f, text, s, colon)?;
    let unfolded = unfold(&text[s..end]);
    let iri = repair_iri(&unfolded).unwrap_or(unfolded);
    Iri::parse(&iri).ok()?;
    Some(Raw {
        folded: true,
        ..Raw::iri(s, end)
    })
}

/// [`try_folded`] for a name without a scheme (`<www.kde.org:1234/` and
/// more of it on the next lines, then `>`): `raw`, the name the domain
/// rules found up to the line's end, is one link with what follows to the
/// `>` when the default scheme, `://` and the unfolded text are a valid
/// IRI. `raw` itself otherwise. Default mode only (UTS 58 folds nothing).
#[inline(never)]
pub(super) fn folded_name(f: &Finder, text: &str, raw: Raw) -> Raw {
    let b = text.as_bytes();
    if f.strict_uts58 || !b.get(raw.end).is_some_and(u8::is_ascii_whitespace) {
        return raw;
    }
    // The name must be whole on the first line: a port, path, query or
    // fragment has begun there (`<www.example.com\nnext>` is no name
    // `www.example.comnext`).
    if !b[raw.start..raw.end]
        .iter()
        .any(|&c| matches!(c, b'/' | b':' | b'?' | b'#'))
    {
        return raw;
    }
    let Some(end) = folded_end(f, text, raw.start, raw.end) else {
        return raw;
    };
    // (The IRI the link will denote: `Link::iri`'s.)
    let iri = name_iri(f.default_scheme, &unfold(&text[raw.start..end]));
    let iri = repair_iri(&iri).unwrap_or(iri);
    match Iri::parse(&iri) {
        Ok(_) => Raw {
            end,
            folded: true,
            valid: false,
            cut: None,
            ..raw
        },
        Err(_) => raw,
    }
}

/// Where a link folded over lines that starts at `s`, inside `<…>`, ends:
/// the end of its last non-white text before the `>`, when a line break
/// comes before the `>` (looking from `from`). `None` when the link is on
/// one line, has no `>`, or meets a `<` first.
fn folded_end(f: &Finder, text: &str, s: usize, from: usize) -> Option<usize> {
    let b = text.as_bytes();
    let limit = b.len().min(s + MAX_FOLDED.min(f.max_link_len));
    // Most `<…>` links sit on one line: a `>` or `<` before any newline
    // (or none of the three) leaves nothing to unfold, found in one search.
    // (A link length cap may end the look before `from`: no fold.)
    match memchr::memchr3(b'>', b'<', b'\n', b.get(from..limit).unwrap_or_default()) {
        Some(p) if b[from + p] == b'\n' => {}
        _ => return None,
    }
    let mut i = from;
    let mut saw_newline = false;
    let mut last_non_ws = from;
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
    Some(end)
}

/// `<scheme:…>` on one line with a scheme no registry lists (`<a+b+c:d>`):
/// the whole bracketed text when it is a valid IRI (RFC 3986 Appendix C;
/// CommonMark autolinks take any scheme). The scan stops at the first `>`,
/// `<` or white space, so two scans never cover the same bytes.
pub(super) fn angle_bracketed(f: &Finder, text: &str, s: usize, colon: usize) -> Option<Raw> {
    let b = text.as_bytes();
    // `<URL:http://…>` is Appendix C's prefix, not a scheme: the link is
    // the URI after it.
    if text[s..colon].eq_ignore_ascii_case("url") {
        return None;
    }
    let limit = b.len().min(s.saturating_add(f.max_link_len));
    let rest = b.get(colon + 1..limit)?;
    let gt = colon
        + 1
        + rest
            .iter()
            .position(|&c| matches!(c, b'>' | b'<') || c.is_ascii_whitespace())?;
    if b[gt] != b'>' || gt == colon + 1 || (!f.strict_uts58 && is_xml_element(b, s, gt)) {
        return None;
    }
    Iri::parse(&text[s..gt]).ok()?;
    Some(Raw::iri(s, gt))
}

/// Whether `<prefix:name>` (the name at `b[s..gt]`, `gt` its `>`) is the
/// start tag of an XML element with a namespace prefix, as RSS and Atom
/// write them (`<dc:creator>Bob</dc:creator>`,
/// `<letterboxd:watchedDate>…`): its end tag follows on the same line
/// (within 4 KiB), or a CDATA section starts right after it. 1 held-out
/// line (seventh set); CommonMark would take it as an autolink.
fn is_xml_element(b: &[u8], s: usize, gt: usize) -> bool {
    let after = &b[gt + 1..b.len().min(gt + 1 + 4096)];
    if after.starts_with(b"<![CDATA[") {
        return true;
    }
    let line = &after[..memchr::memchr(b'\n', after).unwrap_or(after.len())];
    let name = &b[s..gt];
    let mut from = 0;
    while let Some(p) = memchr::memmem::find(&line[from..], b"</") {
        let at = from + p + 2;
        if line[at..].starts_with(name) && line.get(at + name.len()) == Some(&b'>') {
            return true;
        }
        from = at;
    }
    false
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

    fn found(f: &Finder, text: &str) -> Vec<String> {
        f.links(text).map(|l| l.as_str().to_owned()).collect()
    }

    #[test]
    fn any_valid_scheme_links_inside_angle_brackets() {
        let f = Finder::new();
        assert_eq!(found(&f, "Try <a+b+c:d> now."), ["a+b+c:d"]);
        assert_eq!(
            found(&f, "See <URL:http://example.com/x> too."),
            ["http://example.com/x"]
        );
        assert_eq!(found(&f, "<x-custom:item/42?v=1>"), ["x-custom:item/42?v=1"]);
        // Without the brackets an unregistered scheme is `key:value` prose.
        assert!(found(&f, "Try a+b+c:d now.").is_empty());
        // White space or an unclosed bracket: no link.
        assert!(found(&f, "<a+b+c:d e>").is_empty());
        assert!(found(&f, "<a+b+c:d").is_empty());
        // Not a valid IRI between the brackets.
        assert!(found(&f, "<a+b+c:d%zz>").is_empty());
        // UTS #58 alone does not know such schemes.
        let mut strict = Finder::new();
        strict.strict_uts58(true);
        assert!(found(&strict, "<a+b+c:d>").is_empty());
    }

    #[test]
    fn unfold_drops_whitespace_and_quote_markers() {
        assert_eq!(unfold("http://a.com/very/\n> >   long"), "http://a.com/very/long");
    }
}
