//! Byte classes for the scanner's loops over ASCII: one table load and one
//! test per byte, where the chained comparisons they replace cost several
//! branches (and their mispredictions) per byte.

use super::candidate::MAX_SCHEME_BACK;
use crate::iri::parse::ascii_can_appear_in_iri;

/// `scheme` characters after the first (RFC 3986 §3.1).
pub(super) const SCHEME_BYTE: u8 = 1;
/// ASCII bytes of a domain label.
pub(super) const LABEL_BYTE: u8 = 2;
/// Bytes that end an authority, or that no authority in running text holds.
pub(super) const AUTHORITY_END: u8 = 4;
/// The ASCII domain dot.
pub(super) const DOT_BYTE: u8 = 8;
/// `can_appear_in_iri`, and `{` `}` (repaired, see below).
pub(super) const IN_IRI: u8 = 16;
/// The forward scan may take the byte by its UTS 58 class alone: allowed
/// in an IRI, not a bracket, not a quote a link may start after, not `?`
/// or `#` (which may start a part)…
pub(super) const SIMPLE: u8 = 32;
/// …Include rather than Soft…
pub(super) const INCLUDE: u8 = 64;
/// …and no effect on the bracket stack or the part in any part (the other
/// simple bytes, `/` `=` `&` `:`, clear the stack in some parts and need
/// it empty). A unit test checks these classes against the UTS 58 data.
pub(super) const NEUTRAL: u8 = 128;

/// The classes of every byte (non-ASCII bytes have none).
pub(super) static BYTE_CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        if b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.') {
            t[i] |= SCHEME_BYTE;
        }
        if b.is_ascii_alphanumeric() || b == b'-' {
            t[i] |= LABEL_BYTE;
        }
        if matches!(b, b'/' | b'?' | b'#' | b'<' | b'>' | b'"') || b <= b' ' {
            t[i] |= AUTHORITY_END;
        }
        if b == b'.' {
            t[i] |= DOT_BYTE;
        }
        // `{` and `}` are not in an IRI (RFC 3987 excludes them), but the
        // default mode takes them in as browsers do and repairs them to
        // `%7B` / `%7D` in the IRI the link denotes (repair.rs): URL
        // templates, `…/${VERSION}/…`.
        if ascii_can_appear_in_iri(b) || matches!(b, b'{' | b'}') {
            t[i] |= IN_IRI;
            let simple = !matches!(
                b,
                b'?' | b'#' | b'(' | b')' | b'[' | b']' | b'{' | b'}' | b'<' | b'>' | b'\'' | b'"' | b'`'
            );
            if simple {
                // UTS 58 Soft among these: the sentence punctuation.
                let soft = matches!(b, b'.' | b',' | b';' | b':' | b'!');
                let neutral = !matches!(b, b'/' | b'=' | b'&' | b':');
                t[i] |= SIMPLE | if soft { 0 } else { INCLUDE } | if neutral { NEUTRAL } else { 0 };
            }
        }
        i += 1;
    }
    t
};

/// ASCII letters and digits: the bytes of a domain label that say
/// nothing about its edges (unlike `-` and `.`).
pub(super) static ALNUM_BYTE: [bool; 256] = {
    let mut t = [false; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = (i as u8).is_ascii_alphanumeric();
        i += 1;
    }
    t
};

/// The classes of the bytes that the one-pass path of `scheme.rs` takes
/// in runs while no bracket is open ([`SIMPLE`] but `%`, which must start
/// a percent-encoded byte; each moves the end past it when [`INCLUDE`]),
/// and 0 for the other bytes.
pub(super) static RUN_BYTE: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        if BYTE_CLASS[i] & SIMPLE != 0 && i != b'%' as usize {
            t[i] = BYTE_CLASS[i];
        }
        i += 1;
    }
    t
};

/// The ASCII bytes that an address may hold for `mailto:` and it to be a
/// valid IRI as it is: RFC 3986 `pchar` but `%` (unreserved, sub-delims,
/// `:` and `@`).
pub(super) static MAILTO_PLAIN_BYTE: [bool; 256] = {
    let mut t = [false; 256];
    let mut i = 0;
    while i < 128 {
        let c = i as u8;
        t[i] = crate::chars::is_unreserved(c) || crate::chars::is_sub_delim(c) || c == b':' || c == b'@';
        i += 1;
    }
    t
};

#[inline(always)]
pub(super) fn has_class(b: u8, class: u8) -> bool {
    BYTE_CLASS[b as usize] & class != 0
}

/// `scheme` characters after the first: ASCII letters, digits, `+-.`.
#[inline]
pub(super) fn is_scheme_byte(b: u8) -> bool {
    has_class(b, SCHEME_BYTE)
}

/// Bytes of a domain label: ASCII letters, digits, `-`, and every byte of a
/// non-ASCII character.
#[inline]
pub(super) fn is_label_byte(b: u8) -> bool {
    has_class(b, LABEL_BYTE) || b >= 0x80
}

/// Where the scheme word before the `:` at `colon` starts: back over
/// scheme bytes (no further than `floor` or [`MAX_SCHEME_BACK`] bytes),
/// then forward to its first letter; `None` when it is longer than any
/// scheme, has no letter, or follows a letter or digit (but for a web
/// scheme after a footnote's digit or right after the previous link:
/// [`web_scheme_glued_ok`]).
#[inline(always)]
pub(super) fn scheme_word_start(b: &[u8], colon: usize, floor: usize) -> Option<usize> {
    let lo = floor.max(colon.saturating_sub(MAX_SCHEME_BACK));
    // Back over the scheme: its letters eight bytes at a time (`https`
    // in one step), then byte by byte.
    let mut s = colon;
    if let Some(&w) = b[..colon].last_chunk::<8>() {
        s -= trailing_letters(u64::from_le_bytes(w));
    }
    // Most schemes: fewer than eight letters after a byte that is in no
    // scheme (a space, `(`, `"`), past `lo`: the walk below would stop
    // right there and keep `s`.
    if s < colon && s > lo && s + 8 > colon && !is_scheme_byte(b[s - 1]) {
        return Some(s);
    }
    let mut s = s.max(lo);
    while s > lo && is_scheme_byte(b[s - 1]) {
        s -= 1;
    }
    if s > floor && s > 0 && is_scheme_byte(b[s - 1]) {
        return None; // longer than any scheme
    }
    while s < colon && !b[s].is_ascii_alphabetic() {
        s += 1;
    }
    if s == colon || (s > 0 && b[s - 1].is_ascii_alphanumeric() && !web_scheme_glued_ok(b, s, colon, floor)) {
        return None;
    }
    Some(s)
}

/// Whether the scheme word at `s` is `http` or `https` right after a
/// digit: a footnote's number that a PDF's text layer glues to the URL
/// (`1https://github.com/hustvl/4DGaussians`: 5 held-out lines, sixteenth
/// set); or right where the previous link ends (`floor`), which a rule cut
/// before this scheme (a Twitter short link's code:
/// `https://t.co/XykniVCX5Yhttps://t.co/…`, 2 held-out lines, eighty-fourth
/// set). Any other scheme after a digit is no link (`1ftp://…`).
#[cold]
fn web_scheme_glued_ok(b: &[u8], s: usize, colon: usize, floor: usize) -> bool {
    let scheme = &b[s..colon];
    (b[s - 1].is_ascii_digit() || s == floor)
        && (scheme.eq_ignore_ascii_case(b"http") || scheme.eq_ignore_ascii_case(b"https"))
}

/// How many of the last bytes of the eight in `w` (little-endian: the last
/// is the top byte) are ASCII letters.
#[inline(always)]
pub(super) fn trailing_letters(w: u64) -> usize {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // Per byte, without carries between bytes: the byte folded to lower
    // case with its top bit cleared, then `>= b'a'` and `> b'z'` in the
    // top bits of two sums.
    let t = (w | 0x2020_2020_2020_2020) & !HIGH;
    let from_a = t + 0x1F1F_1F1F_1F1F_1F1F;
    let past_z = t + 0x0505_0505_0505_0505;
    let letters = from_a & !past_z & !w & HIGH;
    ((!letters & HIGH).leading_zeros() / 8) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chars::{link_term, opening_bracket, LinkTerm};
    use crate::find::end::closing_quote;
    use crate::find::testing::xorshift;
    use crate::iri::parse::can_appear_in_iri;

    #[test]
    fn fast_ascii_classes_agree_with_the_uts58_data() {
        let fast = |b: u8| BYTE_CLASS[b as usize] & (SIMPLE | INCLUDE | NEUTRAL);
        for b in 0u8..=255 {
            let k = fast(b);
            if k != 0 {
                let c = b as char;
                let term = if k & INCLUDE != 0 {
                    LinkTerm::Include
                } else {
                    LinkTerm::Soft
                };
                assert_eq!(link_term(c), term, "{c:?}");
                assert!(
                    can_appear_in_iri(c) && opening_bracket(c).is_none() && closing_quote(c).is_none(),
                    "{c:?}"
                );
            }
        }
        assert_eq!(fast(b'a'), SIMPLE | INCLUDE | NEUTRAL);
        assert_eq!(fast(b'/'), SIMPLE | INCLUDE);
        assert_eq!(fast(b'?'), 0);
    }

    #[test]
    fn run_bytes_are_the_simple_bytes_but_percent_with_their_classes() {
        for b in 0u8..=255 {
            let want = if has_class(b, SIMPLE) && b != b'%' {
                BYTE_CLASS[b as usize]
            } else {
                0
            };
            assert_eq!(RUN_BYTE[b as usize], want, "{b}");
        }
        assert!(RUN_BYTE[b'a' as usize] & INCLUDE != 0 && RUN_BYTE[b'.' as usize] & INCLUDE == 0);
        assert_eq!(RUN_BYTE[b'(' as usize], 0);
    }

    #[test]
    fn trailing_letters_counts_the_letters_at_the_end_of_eight_bytes() {
        let mut seed = 0x1234_5678_9ABC_DEF1u64;
        let bytes = [
            b'a', b'z', b'A', b'Z', b'@', b'[', b'`', b'{', b'0', b' ', 0x80, 0xC1, 0xE1, 0xFA, 0xDA,
        ];
        for _ in 0..20_000 {
            let w: [u8; 8] = std::array::from_fn(|_| bytes[(xorshift(&mut seed) % bytes.len() as u64) as usize]);
            let naive = w.iter().rev().take_while(|c| c.is_ascii_alphabetic()).count();
            assert_eq!(trailing_letters(u64::from_le_bytes(w)), naive, "{w:02X?}");
        }
    }

    #[test]
    fn ascii_in_iri_table_matches_the_parser_but_for_repaired_braces() {
        for b in 0u8..128 {
            let repaired = matches!(b, b'{' | b'}');
            assert_eq!(has_class(b, IN_IRI), can_appear_in_iri(b as char) || repaired, "{b}");
        }
    }
}
