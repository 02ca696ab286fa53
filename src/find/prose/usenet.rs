//! The default mode's rules for Usenet and UUCP mail: the newsgroup names
//! of a `Newsgroups:` header, which end in TLDs (`comp.mail.list-admin.software`),
//! and the bang routes of 1990s gate mail (`To: phantom!Boris@gate.phantom.ru`).

use super::mail::{line_start, starts_header};
use super::MAX_CONTEXT;

/// Usenet headers whose values are newsgroup names, comma-separated
/// (RFC 5536 §3.1.4, §3.2.6; `XPost:` as news-to-web gateways write it).
pub(super) const GROUP_HEADERS: [&str; 3] = ["newsgroups", "followup-to", "xpost"];

/// Whether the name at `start` is a newsgroup in a [`GROUP_HEADERS`]
/// header that starts its line (`Newsgroups: comp.mail.list-admin.software,…`,
/// `XPost: linux.debian.vote`: `.software` and `.vote` are TLDs; 1 held-out
/// line each, fifth and fourth sets). Reads back over the names before it
/// (letters, digits, `.+-_`, each after a `,`), so a name after a word
/// (`see example.com`) costs two byte tests; at most [`MAX_CONTEXT`] bytes.
#[inline(always)]
pub(super) fn in_newsgroups_header(b: &[u8], start: usize) -> bool {
    // A name after a word or at a line start is none: two byte tests.
    let before = |k: usize| start.checked_sub(k).map(|i| b[i]);
    let after_list = match before(1) {
        Some(b',' | b':') => true,
        Some(b' ' | b'\t') => matches!(before(2), Some(b',' | b':' | b' ' | b'\t')),
        _ => false,
    };
    after_list && newsgroups_list_before(b, start)
}

/// [`in_newsgroups_header`] once a `,` or `:` may come before the name.
#[inline(never)]
fn newsgroups_list_before(b: &[u8], start: usize) -> bool {
    let lo = start.saturating_sub(MAX_CONTEXT);
    // (The walk ends true only at a group header that starts the line.
    // After a few names, the line's start is looked at once instead:
    // names listed after `,` in other text, `a.com, b.com, …`, were
    // otherwise walked back name by name for each name, 7× the time of
    // the same names after spaces.)
    const WALKED_NAMES: usize = 4;
    let mut names = 0;
    let mut i = start;
    loop {
        while i > lo && matches!(b[i - 1], b' ' | b'\t') {
            i -= 1;
        }
        match i.checked_sub(1).filter(|&j| j >= lo).map(|j| b[j]) {
            Some(b',') => {
                names += 1;
                if names == WALKED_NAMES && !line_starts_group_header(b, start, lo) {
                    return false;
                }
                i -= 1;
            }
            Some(b':') => return group_header_before(b, i - 1, lo),
            _ => return false,
        }
        while i > lo && matches!(b[i - 1], b' ' | b'\t') {
            i -= 1;
        }
        let name_end = i;
        while i > lo && (b[i - 1].is_ascii_alphanumeric() || matches!(b[i - 1], b'.' | b'+' | b'-' | b'_')) {
            i -= 1;
        }
        if i == name_end {
            return false;
        }
    }
}

/// Whether the line holding `start` starts with a [`GROUP_HEADERS`]
/// header, looked for no further back than `lo` (and the byte before it,
/// where the line break may be): one vector search for the line's start.
#[cold]
#[inline(never)]
fn line_starts_group_header(b: &[u8], start: usize, lo: usize) -> bool {
    let line = match line_start(b, start) {
        Some((line, _)) => line,
        None if lo > 0 && b[lo - 1] == b'\n' => lo,
        None => return false,
    };
    GROUP_HEADERS.iter().any(|h| starts_header(&b[line..], h.as_bytes()))
}

/// Whether a [`GROUP_HEADERS`] name ends at `colon` and starts its line.
fn group_header_before(b: &[u8], colon: usize, lo: usize) -> bool {
    // (Their last letters: `Host:`, `server:` and the like stop here.)
    if colon == 0 || !matches!(b[colon - 1] | 0x20, b's' | b'o' | b't') {
        return false;
    }
    GROUP_HEADERS.iter().any(|h| {
        let h = h.as_bytes();
        colon >= h.len() + lo
            && b[colon - h.len()..colon].eq_ignore_ascii_case(h)
            && (colon == h.len() || b[colon - h.len() - 1] == b'\n')
    })
}

/// Whether the bang path whose last `!` is at `b[bang]` is a UUCP route
/// to a mailbox in a mail header: after `To: `, `From: `, `Cc: `, a
/// `Received:` line's `for ` or `rmail (` (`To: phantom!Boris@gate.phantom.ru`,
/// `for kiae!user@p9.f431.n5020.z2.fidonet.org`). The reader sees the
/// mailbox after the last hop (6 held-out lines, eighty-first set: 1990s
/// gate mail). An IRC hostmask (`<nick!~user@host>`, `:nick!user@host`)
/// has no such word before it, and an ident that starts with `~` (`Ban
/// for nick!~user@host`) is a hostmask's wherever it stands.
#[cold]
#[inline(never)]
pub(crate) fn is_mail_route(b: &[u8], bang: usize) -> bool {
    if b.get(bang + 1) == Some(&b'~') {
        return false;
    }
    // (A route of a few hops: at most 255 bytes are read back.)
    let lo = bang.saturating_sub(255);
    let mut i = bang;
    while i > lo && (b[i - 1].is_ascii_alphanumeric() || matches!(b[i - 1], b'.' | b'-' | b'_' | b'!')) {
        i -= 1;
    }
    let before = &b[..i];
    ROUTE_HEADERS.iter().any(|w| before.ends_with(w))
}

/// The words before a UUCP route that [`is_mail_route`] reads.
const ROUTE_HEADERS: [&[u8]; 5] = [b"To: ", b"From: ", b"Cc: ", b"for ", b"rmail ("];

/// Whether a cut at the space `bytes[c]` would part a route header's word
/// from its route (`To:` | `phantom!user@gate`, `rmail` | `(kiae!…`):
/// [`is_mail_route`] reads the word across that space, so the safe-cut
/// rules (`cut.rs`) do not cut there. A hop that runs to the end of
/// `bytes` (a stream's buffer) may be a route's: no cut either.
pub(crate) fn splits_mail_route(bytes: &[u8], c: usize) -> bool {
    if bytes[c] != b' ' {
        return false;
    }
    let before = &bytes[..c + 1];
    let mut after = &bytes[c + 1..];
    if before.ends_with(b"rmail ") {
        after = after.strip_prefix(b"(").unwrap_or(after);
    } else if !ROUTE_HEADERS[..4].iter().any(|w| before.ends_with(w)) {
        return false;
    }
    let hop = after
        .iter()
        .take(256)
        .take_while(|&&x| x.is_ascii_alphanumeric() || matches!(x, b'.' | b'-' | b'_'))
        .count();
    (hop > 0 || after.is_empty()) && after.get(hop).is_none_or(|&x| x == b'!')
}
