//! The one-pass tail of a plain link: the path, query and fragment after
//! a web link's host (`scheme.rs`) or a bare domain's name (`domain.rs`),
//! read by the forward scan's rules in one pass over the bytes, and the
//! grapheme cluster boundary at its end. Both callers ask the general
//! rules whenever this says `None` (not the plain shape).

use super::candidate::Part;
use super::classes::{has_class, BYTE_CLASS, INCLUDE, IN_IRI, NEUTRAL, RUN_BYTE, SIMPLE};
use super::end::{ends_link_in_prose, is_cjk_stop, is_grapheme_boundary, placeholder_len, remark_start, starts_scheme};
use super::Finder;
use crate::chars::{is_ucschar, link_term, LinkTerm};
use crate::iri::parse::can_appear_in_iri;
use crate::letters::{char_at, char_before, is_link_letter, link_letters_end};
use crate::pct::is_pct_encoded;

/// The longest link the one-pass tail takes (most are far shorter).
pub(super) const PLAIN_WEB_LINK_MAX: usize = 256;

/// Whether the closing quote `quote` of a quote before a link is a
/// character an IRI may hold (`'`, `”`, `»`): the plain path then checks
/// for it (`scheme::quoted_web_link`); the other closing quotes end the link
/// anyway.
#[inline(always)]
pub(super) fn quote_in_iri(quote: Option<char>) -> bool {
    quote.is_some_and(|q| !q.is_ascii() || has_class(q as u8, IN_IRI))
}

/// The rest of a plain link from `i` (a path, query or fragment follows;
/// `end`: the end so far), by the forward scan's rules: see
/// `scheme::plain_web_link`. `None`: not the plain shape.
#[inline(always)]
pub(super) fn plain_rest<const QUOTED: bool>(
    f: &Finder,
    text: &str,
    s: usize,
    i: usize,
    end: usize,
    quote: Option<char>,
) -> Option<usize> {
    if !QUOTED && quote_in_iri(quote) {
        return None;
    }
    rest_from::<QUOTED, false>(f, text, s, (i, end, Part::Path, 0), quote)
}

/// [`plain_rest`] for a link longer than [`PLAIN_WEB_LINK_MAX`], from
/// the state where its short loop stopped: the same state carried on up
/// to the finder's cap, taking runs of plain bytes eight at a time while
/// no bracket is open (`https://example.com/::::…`, `…/((((x))))…`: the
/// general rules took these at several times the cost). `None` when the
/// cap is no further than the short loop's limit: the cap cuts the link,
/// the general rules decide. Out of line: most links are short.
#[cold]
#[inline(never)]
fn long_rest<const QUOTED: bool>(
    f: &Finder,
    text: &str,
    s: usize,
    state: (usize, usize, Part, usize),
    quote: Option<char>,
) -> Option<usize> {
    let full = text.len().min(s.saturating_add(f.max_link_len));
    if s.saturating_add(PLAIN_WEB_LINK_MAX) < full {
        rest_from::<QUOTED, true>(f, text, s, state, quote)
    } else {
        None
    }
}

/// The loop of [`plain_rest`] from the state `(i, end, part, open)`: `i`
/// the next byte, `end` the end so far, `part` the part `i` is in, `open`
/// the `(` open since the stack was last cleared. Up to
/// [`PLAIN_WEB_LINK_MAX`] bytes from `s` unless `LONG`; past them the
/// state goes to [`long_rest`], so both find the same end.
#[inline(always)]
fn rest_from<const QUOTED: bool, const LONG: bool>(
    f: &Finder,
    text: &str,
    s: usize,
    (mut i, mut end, mut part, mut open): (usize, usize, Part, usize),
    quote: Option<char>,
) -> Option<usize> {
    let b = text.as_bytes();
    let limit = if LONG {
        b.len().min(s.saturating_add(f.max_link_len))
    } else {
        b.len().min(s.saturating_add(f.max_link_len.min(PLAIN_WEB_LINK_MAX)))
    };
    let capped = |i: usize| i >= limit && limit < b.len();
    // Where the eight-byte path is tried next (long links only).
    let mut next_run = i;
    while i < limit {
        if LONG && open == 0 && i >= next_run {
            let run = i;
            while i + 8 <= limit && b[i..i + 8].iter().all(|&c| RUN_BYTE[c as usize] != 0) {
                i += 8;
            }
            if let Some(j) = b[run..i].iter().rposition(|&c| has_class(c, INCLUDE)) {
                end = run + j + 1;
            }
            next_run = i + 16;
            if i >= limit {
                break;
            }
        }
        // Plain bytes while no bracket is open: one table load each (no
        // part or bracket rule applies to them then; the long loop takes
        // them eight at a time above). (Taking the common scripts' letters
        // in this loop too cost 3-6% more instructions and was no faster:
        // twenty-fifth session, BENCHMARKS.md.)
        if !LONG && open == 0 {
            while i < limit {
                let r = RUN_BYTE[b[i] as usize];
                if r == 0 {
                    break;
                }
                i += 1;
                end = if r & INCLUDE != 0 { i } else { end };
            }
            if i >= limit {
                break;
            }
        }
        let c = b[i];
        // Letters of the common scripts first: IDN paths alternate them
        // with ASCII runs (`/東京/新宿`), and they need no class.
        if c >= 0x80 {
            let run = link_letters_end(b, i, limit);
            if run > i {
                i = run;
                end = i;
                continue;
            }
        }
        let k = BYTE_CLASS[c as usize];
        if k & SIMPLE != 0 {
            if c == b'%' {
                if i + 3 > limit {
                    return None;
                }
                if !is_pct_encoded(b, i) {
                    return None;
                }
                i += 3;
                end = i;
                continue;
            }
            // `/` `=` `&` `:` clear the stack in some parts.
            if open > 0 && k & NEUTRAL == 0 {
                let clears = match (c, part) {
                    (b'/', Part::Path) | (b'=' | b'&', Part::Query) => true,
                    (b':', Part::Fragment) => b[i + 1..].starts_with(b"~:"),
                    _ => false,
                };
                if clears {
                    open = 0;
                }
            }
            i += 1;
            end = if k & INCLUDE != 0 { i } else { end };
            continue;
        }
        match c {
            // Soft: kept only with more link after it.
            b'?' => {
                if part == Part::Path {
                    part = Part::Query;
                    open = 0;
                }
                i += 1;
            }
            b'#' if part != Part::Fragment => {
                part = Part::Fragment;
                open = 0;
                i += 1;
                end = i;
            }
            // Runs of brackets at once (`((((x))))`).
            b'(' => {
                let n = b[i..limit].iter().take_while(|&&c| c == b'(').count();
                open += n;
                i += n;
            }
            b')' if open > 0 => {
                let n = b[i..limit].iter().take_while(|&&c| c == b')').count().min(open);
                open -= n;
                i += n;
                end = i;
            }
            // A closing bracket that closes nothing ends the link.
            b')' | b']' => return on_grapheme_boundary(text, end),
            // Where the forward scan stops (the opening quote's closing
            // quote is one of these bytes, or there is none), but for a
            // template placeholder, `…/<user>/…` (see `placeholder_len`).
            _ if k & IN_IRI == 0 && c < 0x80 => {
                if c == b'<' && quote != Some('>') {
                    if let Some(n) = placeholder_len(b, i, limit) {
                        i += n;
                        end = i;
                        continue;
                    }
                    // A placeholder the short limit may cut (it reads 66
                    // bytes): the general rules look again.
                    if !LONG && i + 66 >= limit {
                        return None;
                    }
                }
                if open > 0 {
                    end = remark_start(b, s, end, i).unwrap_or(end);
                }
                return on_grapheme_boundary(text, end);
            }
            // The closing quote of a quote before the link ends it (the
            // other ASCII closing quotes are in no IRI: ended above).
            b'\'' if QUOTED && quote == Some('\'') => return on_grapheme_boundary(text, end),
            // Letters and marks of the common scripts: Include, ucschar,
            // no part or bracket meaning (`LINK_LETTER_BLOCKS`).
            _ if c >= 0x80 => {
                // (Not a letter of the common scripts: read above.)
                let c = char_at(text, i)?;
                let n = c.len_utf8();
                if i + n > limit {
                    return None;
                }
                // The forward scan's rules for other characters, in its
                // order: the closing quote or a character in no IRI, CJK
                // punctuation before more CJK text or a scheme, then the
                // character's Link_Term.
                if (QUOTED && Some(c) == quote) || !can_appear_in_iri(c) || ends_link_in_prose(c) {
                    return on_grapheme_boundary(text, end);
                }
                if !is_ucschar(c) {
                    return None; // private use: valid in the query only
                }
                if is_cjk_stop(c) && (char_at(text, i + n).is_some_and(|n| !n.is_ascii()) || starts_scheme(&b[i + n..]))
                {
                    return on_grapheme_boundary(text, end);
                }
                match link_term(c) {
                    LinkTerm::Include => end = i + n,
                    LinkTerm::Soft => {}
                    LinkTerm::Hard | LinkTerm::Close => return on_grapheme_boundary(text, end),
                    LinkTerm::Open => return None,
                }
                i += n;
            }
            _ => return None,
        }
    }
    if capped(i) {
        // Past the short limit, the long loop takes over at `i` (the
        // state of an iteration's start); at the cap, the general rules
        // decide.
        return if LONG {
            None
        } else {
            long_rest::<QUOTED>(f, text, s, (i, end, part, open), quote)
        };
    }
    on_grapheme_boundary(text, end)
}

/// `Some(end)` when a link ending at `end` ends on a grapheme cluster
/// boundary, as the general rules require; `None` (ask them) otherwise.
/// After ASCII or a character of `LINK_LETTER_BLOCKS`, there always is one
/// before ASCII and before the punctuation of [`breaks_after_letters`];
/// other characters ask the segmenter.
#[inline]
pub(super) fn on_grapheme_boundary(text: &str, end: usize) -> Option<usize> {
    let b = text.as_bytes();
    let next_plain = match b.get(end) {
        None => true,
        Some(&c) if c < 0x80 => true,
        Some(_) => char_at(text, end).is_some_and(breaks_after_letters),
    };
    let plain_before = b[end - 1] < 0x80 || char_before(text, end).is_some_and(is_link_letter);
    if (next_plain && plain_before) || is_grapheme_boundary(text, end) {
        Some(end)
    } else {
        None
    }
}

/// Punctuation that links end before in running text (Latin-1 signs and
/// quotes, general punctuation, CJK and fullwidth punctuation, the Arabic
/// comma, semicolon, question and full stop, the Devanagari danda): no
/// grapheme cluster goes on into them (they are neither Extend nor
/// SpacingMark, ZWJ, Hangul jamo or an Indic consonant), so after ASCII or
/// a character of `LINK_LETTER_BLOCKS` there is always a boundary.
pub(super) fn breaks_after_letters(c: char) -> bool {
    matches!(c as u32,
        0x00A0..=0x00BF | 0x2010..=0x205E | 0x3000..=0x3029 | 0x3030..=0x303F | 0xFF01..=0xFF9D
        | 0x060C | 0x061B | 0x061F | 0x06D4 | 0x0964 | 0x0965)
}

/// Non-ASCII punctuation that a name or local part on the one-pass paths
/// may have right before or after it: a grapheme cluster boundary next to
/// ASCII and the common letters ([`breaks_after_letters`]), and no
/// character the general rules read into a name or an address (letters
/// and digits in these blocks are: `ª`, `²`, `々`, fullwidth `Ａ`, halfwidth
/// `ｱ`), nor a domain dot (`．` `｡` `。` go on to the general rules).
pub(super) fn is_name_punctuation(c: char) -> bool {
    breaks_after_letters(c)
        && !crate::letters::is_domain_dot(c)
        && !crate::letters::is_domain_char(c)
        && !crate::chars::is_link_email(c)
}

/// Whether the character that ends at `text[..s]` is
/// [`is_name_punctuation`]: two byte compares tell the characters of its
/// blocks (Latin-1 signs and quotes, general punctuation, CJK
/// punctuation, fullwidth forms) from the letters before a name in CJK
/// text, and only those are decoded. A unit test in `domain/tests.rs`
/// checks every character.
#[inline(always)]
pub(super) fn punctuation_before(text: &str, s: usize) -> bool {
    let b = text.as_bytes();
    let in_blocks = match s.checked_sub(3).map(|t| (b[t], b[t + 1])) {
        Some((0xE2, 0x80 | 0x81) | (0xE3, 0x80) | (0xEF, 0xBC..=0xBE)) => true,
        _ => s >= 2 && b[s - 2] == 0xC2 && b[s - 1] >= 0xA0,
    };
    in_blocks && char_before(text, s).is_some_and(is_name_punctuation)
}
