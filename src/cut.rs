//! Where a large input may be cut into pieces that are scanned apart
//! (streaming in chunks, parallel finding): the safe-cut rules that
//! `stream.rs` and `parallel.rs` share. A cut is safe at a Hard byte that
//! no link can cross, and preferred at a line break: the default mode's
//! rules read a link's line on both sides of it (the `at ` of a stack
//! frame, a spaced `(at)`, the prose of a `.pl` name), so a cut inside a
//! line may change the links after it. See the module documentation of
//! [`crate::stream`].

use crate::find::{
    emphasis_open_before, id_line_start, label_open_before, markdown_target_before, splits_mail_route,
    MAX_WIDE_EMPHASIS, MAX_WIDE_LABEL,
};
use crate::Finder;

/// Bytes of look-ahead beyond the maximum link length that a cut of case 2
/// or 3 leaves in the buffer: the finder looks past a link's end by at most
/// an email local part (128 bytes), a TLD label, or one character.
pub(crate) const LOOKAHEAD_SLACK: usize = 1024;

/// Bytes scanned past a safe cut, so that the finder sees the character at
/// the seam (grapheme-boundary and punctuation checks look one character
/// ahead).
pub(crate) const SEAM_LOOKAHEAD: usize = 64;

/// Folded links open with `<` or `<URL:` (and a scheme of at most 64
/// bytes, or a name): the extra reach of a folding opener before its
/// link's start.
pub(crate) const FOLD_OPENER_REACH: usize = 72;

/// A cut prefers a newline when one lies within this distance of the ideal
/// cut point (lines are the natural unit of logs and mail).
pub(crate) const NEWLINE_PREFERENCE: usize = 4096;

/// Whether `b` is an ASCII white-space or C0 control byte (U+0000–U+0020):
/// UTS #58 Hard, never part of a UTF-8 multi-byte sequence, and a stop for
/// every scan of the finder except inside folded links. DEL (0x7F) is Hard
/// too, but the look-ahead over an authority (which decides where a host
/// ends) runs across it, so it is no place for a cut.
#[inline]
pub(crate) fn is_hard_byte(b: u8) -> bool {
    b <= b' '
}

/// How far before a cut a folding opener (`<scheme:`) can still produce a
/// link that crosses the cut.
pub(crate) fn fold_window(finder: &Finder) -> usize {
    finder.get_max_link_len() + FOLD_OPENER_REACH
}

/// Look-ahead a cut needs when a link may cross it (case 2 and 3).
pub(crate) fn lookahead_reserve(finder: &Finder) -> usize {
    finder.get_max_link_len() + LOOKAHEAD_SLACK
}

/// The last Hard byte in `bytes[floor..end]` after position 0, preferring
/// a newline within [`NEWLINE_PREFERENCE`] bytes of `end`.
pub(crate) fn last_hard_before(bytes: &[u8], floor: usize, end: usize) -> Option<usize> {
    let end = end.min(bytes.len());
    let floor = floor.max(1);
    if floor >= end {
        return None;
    }
    let lo = end.saturating_sub(NEWLINE_PREFERENCE).max(floor);
    if let Some(i) = memchr::memrchr(b'\n', &bytes[lo..end]) {
        return Some(lo + i);
    }
    bytes[floor..end]
        .iter()
        .rposition(|&b| is_hard_byte(b))
        .map(|i| floor + i)
}

/// The last line break (`\n` or `\r`) in `bytes[floor..end]` after
/// position 0.
pub(crate) fn last_line_break_before(bytes: &[u8], floor: usize, end: usize) -> Option<usize> {
    let end = end.min(bytes.len());
    let floor = floor.max(1);
    if floor >= end {
        return None;
    }
    memchr::memrchr2(b'\n', b'\r', &bytes[floor..end]).map(|i| floor + i)
}

/// How many unclosed folding openers a search for a safe cut steps over
/// before it gives up ([`next_safe_line_cut`], [`last_safe_cut`]).
const MAX_LINE_STEPS: usize = 64;

/// Where cuts are safe again after the unclosed folding opener at `q`
/// that makes a cut at `c` unsafe: after the `>` that closes it, or once
/// it is out of reach (always after `c`: `q` lies within `window` before
/// it).
fn safe_again_after(bytes: &[u8], c: usize, q: usize, window: usize) -> usize {
    // (A `>` past the opener's reach changes nothing: the search stops there.)
    let out_of_reach = q + window + 1;
    match memchr::memchr(b'>', &bytes[c..out_of_reach.min(bytes.len())]) {
        Some(g) => c + g + 1,
        None => out_of_reach,
    }
}

/// The first safe line break in `bytes[from..end]` after position 0: one
/// no folded link crosses (a line break is never inside a Message-ID
/// header line's start or a label's look-back: both end at their line).
pub(crate) fn next_safe_line_cut(bytes: &[u8], from: usize, end: usize, window: usize) -> Option<usize> {
    let end = end.min(bytes.len());
    let mut at = from.max(1);
    for _ in 0..MAX_LINE_STEPS {
        let c = at + memchr::memchr2(b'\n', b'\r', bytes.get(at..end)?)?;
        match fold_opener_before(bytes, c, window) {
            None => return Some(c),
            Some(q) => at = safe_again_after(bytes, c, q, window),
        }
    }
    None
}

/// If a folded link (RFC 3986 Appendix C, `<scheme:…` or `<name/…` over
/// lines) could cross a cut at `c`, the position of its `<`.
///
/// Such a link starts right after the last `<` before `c`: up to its `>`
/// the finder stops at any other `<`. So only that last `<` matters, and
/// only if a link may start right after it (an ASCII letter or digit: a
/// scheme, `URL:` or a name; or a non-ASCII byte: a name) and no closing
/// `>` follows it before `c` (a `>` that may be a mail quote marker at the
/// start of a continuation line does not close: the finder skips those).
pub(crate) fn fold_opener_before(bytes: &[u8], c: usize, window: usize) -> Option<usize> {
    let lo = c.saturating_sub(window);
    let q = lo + memchr::memrchr(b'<', &bytes[lo..c])?;
    if closes_before(bytes, q, c) {
        return None;
    }
    let first = bytes[q + 1..c].first()?;
    (first.is_ascii_alphanumeric() || *first >= 0x80).then_some(q)
}

/// Whether a `>` in `bytes[q + 1..c]` closes the `<` at `q`: one that is
/// not a quote marker (the tests' `may_be_quote_marker`). One forward pass that
/// carries "only white space and `>` since the last newline", so the cost
/// is the length of the range: asking that test at every `>`
/// walked back to each one's line start, quadratic on a line of `> > > …`
/// (a stream of them took 49 s per MB).
fn closes_before(bytes: &[u8], q: usize, c: usize) -> bool {
    // `bytes[q]` is the `<`: not a line start.
    let mut line_start = false;
    for (k, &b) in bytes[q + 1..c].iter().enumerate() {
        match b {
            b'\n' => line_start = true,
            b'>' => {
                let next = bytes.get(q + 1 + k + 1);
                if !(line_start && matches!(next, Some(b' ' | b'\t' | b'>') | None)) {
                    return true;
                }
            }
            b' ' | b'\t' | b'\r' => {}
            _ => line_start = false,
        }
    }
    false
}

/// Whether the `>` at `g` may be a quote marker (`> `, `>>`) at the start of
/// a line, which the finder skips inside a folded link: followed by a space,
/// tab or `>`, and preceded on its line only by white space and other `>`.
#[cfg(test)]
fn may_be_quote_marker(bytes: &[u8], g: usize) -> bool {
    if !matches!(bytes.get(g + 1), Some(b' ' | b'\t' | b'>') | None) {
        return false;
    }
    let line = &bytes[..g];
    match line.iter().rposition(|b| !matches!(b, b' ' | b'\t' | b'\r' | b'>')) {
        Some(i) => line[i] == b'\n',
        None => false,
    }
}

/// How many Markdown labels and emphases a search for a safe cut steps
/// over before it gives up: a line of `[x a.org](…[x a.org](…` has no cut
/// outside a label, and each step reads up to a label's length. Past this
/// many, no safe cut is found there: a stream cuts with look-ahead (case 2
/// of [`crate::stream`], where such a label may lose its `[`), parallel
/// finding keeps the rest in one piece.
const MAX_LABEL_STEPS: usize = 64;

/// An opener that a link after the Hard byte `c` may look back to across
/// white space on its line: a Markdown label's `[` (`[thread on
/// example.org](…)`), or the `_` or `~~` of an emphasis that starts the
/// line (`_Originally posted by @x in https://…_`), or MediaWiki's `''`
/// italics (`''… https://pouet.audio''`). Its offset, the byte
/// that may close it, and how far its link may be from it.
fn wide_open_before(bytes: &[u8], c: usize) -> Option<(usize, u8, usize)> {
    if let Some(open) = label_open_before(bytes, c) {
        return Some((open, b']', MAX_WIDE_LABEL));
    }
    [b'_', b'~', b'\'']
        .into_iter()
        .find_map(|m| emphasis_open_before(bytes, c, m).map(|open| (open, m, MAX_WIDE_EMPHASIS)))
}

/// The last *safe* cut in `bytes[floor..end]`: a Hard byte that no link
/// crosses (case 1 of the module documentation).
pub(crate) fn last_safe_cut(bytes: &[u8], floor: usize, end: usize, window: usize) -> Option<usize> {
    safe_cut_back(bytes, floor, end, window, last_hard_before)
}

/// [`last_safe_cut`] at a line break only: the cut that leaves every
/// link's line whole.
pub(crate) fn last_safe_line_cut(bytes: &[u8], floor: usize, end: usize, window: usize) -> Option<usize> {
    safe_cut_back(bytes, floor, end, window, last_line_break_before)
}

/// The last safe cut in `bytes[floor..end]` among the bytes `before` finds
/// (`before(bytes, floor, end)`: the last candidate in that range).
fn safe_cut_back(
    bytes: &[u8],
    floor: usize,
    end: usize,
    window: usize,
    before: impl Fn(&[u8], usize, usize) -> Option<usize>,
) -> Option<usize> {
    let (mut label_steps, mut opener_steps) = (0, 0);
    let mut c = before(bytes, floor, end)?;
    loop {
        // A mail header line whose Message-IDs the finder tells from
        // addresses by its start (`References: <…> <…>`) is not split.
        if let Some(line) = id_line_start(bytes, c) {
            c = before(bytes, floor, line)?;
            continue;
        }
        // Nor a route header's word from its UUCP route (`To: host!user@…`).
        if splits_mail_route(bytes, c) {
            c = before(bytes, floor, c)?;
            continue;
        }
        // Nor is a Markdown label or an emphasis whose opener a link
        // looks back to ([`wide_open_before`]): the cut goes to the last
        // Hard byte before the opener (each step reads only the bytes it
        // steps over and at most a label's length). The looks never cross
        // a line: a cut at a line break is safe.
        if !matches!(bytes[c], b'\n' | b'\r') {
            // (A Markdown link's title after its target: `is_markdown_title`.)
            let opener = wide_open_before(bytes, c).map(|(open, _, _)| open);
            if let Some(open) = opener.or_else(|| markdown_target_before(bytes, c)) {
                label_steps += 1;
                if label_steps > MAX_LABEL_STEPS {
                    return None;
                }
                let lo = floor.max(1);
                c = before(bytes, lo, open)?;
                continue;
            }
        }
        match fold_opener_before(bytes, c, window) {
            None => return Some(c),
            // Every cut between the opener and `c` is unsafe too. (Lines of
            // `i<n` or `<3` open one each: after [`MAX_LINE_STEPS`] of them
            // the search gives up, and a stream waits for a cut with
            // look-ahead, instead of walking back over its whole buffer at
            // every read.)
            Some(q) => {
                opener_steps += 1;
                if opener_steps > MAX_LINE_STEPS {
                    return None;
                }
                c = before(bytes, floor, q)?;
            }
        }
    }
}

/// The first safe cut at or after `from` (see [`last_safe_cut`]).
#[cfg(feature = "parallel")]
pub(crate) fn next_safe_cut(bytes: &[u8], mut from: usize, window: usize) -> Option<usize> {
    let mut label_steps = 0;
    loop {
        let c = from.max(1) + bytes.get(from.max(1)..)?.iter().position(|&b| is_hard_byte(b))?;
        if id_line_start(bytes, c).is_some() {
            // Safe again at the end of that line.
            from = c + 1 + memchr::memchr2(b'\n', b'\r', &bytes[c + 1..])?;
            continue;
        }
        if !matches!(bytes[c], b'\n' | b'\r') {
            if let Some((open, close, most)) = wide_open_before(bytes, c) {
                label_steps += 1;
                if label_steps > MAX_LABEL_STEPS {
                    return None;
                }
                // Maybe safe again at the byte that may close it (a `]`,
                // `_` or `~`), at the end of the line, or once the opener
                // is out of reach.
                let reach = (open + most + 1).clamp(c + 1, bytes.len());
                from = memchr::memchr3(close, b'\n', b'\r', &bytes[c + 1..reach]).map_or(reach, |p| c + 1 + p);
                continue;
            }
            // (The space before a Markdown link's title, or after a route
            // header's word: the next one is safe again.)
            if markdown_target_before(bytes, c).is_some() || splits_mail_route(bytes, c) {
                from = c + 1;
                continue;
            }
        }
        match fold_opener_before(bytes, c, window) {
            None => return Some(c),
            Some(q) => from = safe_again_after(bytes, c, q, window),
        }
    }
}

/// Moves `i` forward past UTF-8 continuation bytes (at most three), so that
/// a forced cut never lands inside a character.
pub(crate) fn snap_to_char_boundary(bytes: &[u8], mut i: usize) -> usize {
    for _ in 0..3 {
        if i < bytes.len() && bytes[i] & 0xC0 == 0x80 {
            i += 1;
        }
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The one-pass check decides what asking `may_be_quote_marker` at
    /// every `>` decided, on every prefix of many small texts made of the
    /// bytes that matter (quote markers, newlines, a folded link's `<a:`).
    #[test]
    fn quote_markers_close_a_fold_as_the_line_walk_decided() {
        const ALPHABET: &[u8] = b"<a:b\n> \t\rx>>";
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let len = (x % 24) as usize;
            let text: Vec<u8> = (0..len)
                .map(|i| ALPHABET[((x >> (i % 8 * 8)) as usize + i) % ALPHABET.len()])
                .collect();
            for q in memchr::memchr_iter(b'<', &text) {
                for c in q + 1..=text.len() {
                    let reference =
                        memchr::memchr_iter(b'>', &text[q + 1..c]).any(|k| !may_be_quote_marker(&text, q + 1 + k));
                    assert_eq!(
                        closes_before(&text, q, c),
                        reference,
                        "{:?} q {q} c {c}",
                        String::from_utf8_lossy(&text)
                    );
                }
            }
        }
    }

    /// A line of quote markers after a folded link's opener: the check at
    /// a cut reads the range once (it was quadratic in the window).
    #[test]
    fn long_quote_marker_line_after_an_opener_keeps_the_fold_open() {
        let mut text = b"<a:b\n".to_vec();
        text.extend(b"> ".repeat(32_768));
        assert!(!closes_before(&text, 0, text.len()));
        assert_eq!(fold_opener_before(&text, text.len(), text.len()), Some(0));
        text.extend(b"x>");
        assert!(closes_before(&text, 0, text.len()));
    }
}
