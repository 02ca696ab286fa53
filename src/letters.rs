//! Characters of domain labels and the letters of the common scripts,
//! shared by the finder and the parser: runs of letters from the blocks
//! most IDNs are written in are read with one bit test per character,
//! where the general Unicode lookups cost several times as much.

use crate::chars::{link_term, LinkTerm};

/// The character before byte `i`, if any.
#[inline]
pub(crate) fn char_before(text: &str, i: usize) -> Option<char> {
    text[..i].chars().next_back()
}

#[inline]
pub(crate) fn char_at(text: &str, i: usize) -> Option<char> {
    text[i..].chars().next()
}

/// Dots that separate domain labels in running text (UTS 58: `.`, `。`,
/// `．`, and the halfwidth `｡`).
#[inline]
pub(crate) fn is_domain_dot(c: char) -> bool {
    matches!(c, '.' | '。' | '．' | '｡')
}

/// Characters of a domain label: ASCII letters and digits, `-`, and
/// non-ASCII letters, digits and marks that UTS 58 includes in links.
#[inline]
pub(crate) fn is_domain_char(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphanumeric() || c == '-';
    }
    if in_fast_domain_block(c) {
        return true;
    }
    general_domain_char(c)
}

/// Blocks whose every code point is a letter or digit of a script IDNs are
/// written in: answered without the (slow) general lookups.
pub(crate) const FAST_DOMAIN_BLOCKS: &[(u32, u32)] = &[
    (0x00C0, 0x00D6),
    (0x00D8, 0x00F6),
    (0x00F8, 0x0148),
    (0x014A, 0x024F),
    (0x0386, 0x0386),
    (0x0388, 0x038A),
    (0x038C, 0x038C),
    (0x038E, 0x03A1),
    (0x03A3, 0x03CE),
    (0x0410, 0x042F),
    (0x0430, 0x045F),
    (0x05D0, 0x05EA),
    (0x0620, 0x063F),
    (0x0641, 0x064A),
    (0x0905, 0x0939),
    (0x0E01, 0x0E30),
    (0x3041, 0x3096),
    (0x30A1, 0x30FA),
    (0x4E00, 0x9FFF),
    (0xAC00, 0xD7A3),
];

/// `FAST_DOMAIN_BLOCKS` as a bitmap of the BMP (8 KiB): one load and a
/// bit test instead of a chain of range comparisons.
static FAST_DOMAIN_BITS: [u64; 1024] = {
    let mut bits = [0u64; 1024];
    let mut k = 0;
    while k < FAST_DOMAIN_BLOCKS.len() {
        let (lo, hi) = FAST_DOMAIN_BLOCKS[k];
        let mut cp = lo;
        while cp <= hi {
            bits[(cp >> 6) as usize] |= 1 << (cp & 63);
            cp += 1;
        }
        k += 1;
    }
    bits
};

/// Whether `c` is in one of `FAST_DOMAIN_BLOCKS`.
#[inline]
pub(crate) fn in_fast_domain_block(c: char) -> bool {
    in_fast_bits(c as u32)
}

/// The bit of code point `cp` in `FAST_DOMAIN_BITS` (false past the BMP).
#[inline(always)]
fn in_fast_bits(cp: u32) -> bool {
    cp < 0x10000 && FAST_DOMAIN_BITS[(cp >> 6) as usize] & (1 << (cp & 63)) != 0
}

/// The end of the run of characters in `FAST_DOMAIN_BLOCKS` that starts at
/// byte `i` of `b`, no further than `limit`. `b` must be valid UTF-8 and
/// `i` a character boundary: the two- and three-byte forms are decoded by
/// hand (no checks needed), one bit test each, where `char_at` and
/// [`in_fast_domain_block`] cost several times as much per character.
#[inline(always)]
pub(crate) fn common_letters_end(b: &[u8], mut i: usize, limit: usize) -> usize {
    let limit = limit.min(b.len());
    while i < limit {
        let b0 = b[i];
        let (cp, len) = if !(0x80..0xF0).contains(&b0) {
            break;
        } else if b0 < 0xE0 {
            if i + 2 > limit {
                break;
            }
            ((u32::from(b0 & 0x1F) << 6) | u32::from(b[i + 1] & 0x3F), 2)
        } else {
            if i + 3 > limit {
                break;
            }
            let cp = (u32::from(b0 & 0x0F) << 12) | (u32::from(b[i + 1] & 0x3F) << 6) | u32::from(b[i + 2] & 0x3F);
            (cp, 3)
        };
        if !in_fast_bits(cp) {
            break;
        }
        i += len;
    }
    i
}

/// [`common_letters_end`] backwards: the start of the run of characters in
/// `FAST_DOMAIN_BLOCKS` that ends at byte `i` of `b`, no further back than
/// `lo`.
#[inline]
pub(crate) fn common_letters_start(b: &[u8], mut i: usize, lo: usize) -> usize {
    let cont = |c: u8| c & 0xC0 == 0x80;
    while i >= lo + 2 && cont(b[i - 1]) {
        let (cp, len) = if (0xC2..0xE0).contains(&b[i - 2]) {
            ((u32::from(b[i - 2] & 0x1F) << 6) | u32::from(b[i - 1] & 0x3F), 2)
        } else if i >= lo + 3 && cont(b[i - 2]) && (0xE0..0xF0).contains(&b[i - 3]) {
            let cp =
                (u32::from(b[i - 3] & 0x0F) << 12) | (u32::from(b[i - 2] & 0x3F) << 6) | u32::from(b[i - 1] & 0x3F);
            (cp, 3)
        } else {
            break;
        };
        if !in_fast_bits(cp) {
            break;
        }
        i -= len;
    }
    i
}

fn general_domain_char(c: char) -> bool {
    use unicode_security::GeneralSecurityProfile;
    link_term(c) == LinkTerm::Include && (is_mark(c) || is_alphanumeric(c) || c.identifier_allowed())
}

/// `char::is_alphanumeric`, answered for the common letter blocks without
/// std's table search (hundreds of instructions for some scripts).
#[inline]
pub(crate) fn is_alphanumeric(c: char) -> bool {
    in_fast_domain_block(c) || c.is_alphanumeric()
}

/// Combining marks of the scripts IDNs are written in, which
/// `is_alphanumeric` does not cover (viramas, nuktas, tone marks, ZWNJ/ZWJ).
pub(crate) fn is_mark(c: char) -> bool {
    matches!(c as u32,
        0x0300..=0x036F | 0x0483..=0x0489 | 0x0591..=0x05C7 | 0x0610..=0x061A | 0x064B..=0x065F | 0x0670
        | 0x06D6..=0x06ED | 0x0900..=0x0DFF | 0x0E31..=0x0E4E | 0x0EB1..=0x0ECE | 0x0F18..=0x0FBC
        | 0x1000..=0x109F | 0x1780..=0x17DD | 0x200C | 0x200D | 0x3099..=0x309A)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chars::is_link_email;

    #[test]
    fn common_letter_runs_are_the_fast_domain_blocks() {
        // Every character alone, then followed by a character that is not
        // in the blocks, then cut by the limit.
        for c in (0x80..=0x10FFFF).filter_map(char::from_u32) {
            let text = format!("{c}{c}!");
            let (b, n) = (text.as_bytes(), c.len_utf8());
            let want = if in_fast_domain_block(c) { 2 * n } else { 0 };
            assert_eq!(common_letters_end(b, 0, b.len()), want, "U+{:04X}", c as u32);
            assert_eq!(common_letters_end(b, 0, 2 * n - 1), want / 2, "U+{:04X} cut", c as u32);
        }
        assert_eq!(common_letters_end("aé".as_bytes(), 0, 3), 0);
    }

    #[test]
    fn common_letter_runs_backwards_are_the_fast_domain_blocks() {
        for c in (0x80..=0x10FFFF).filter_map(char::from_u32) {
            let text = format!("!{c}{c}");
            let (b, n) = (text.as_bytes(), c.len_utf8());
            let want = if in_fast_domain_block(c) { 1 } else { b.len() };
            assert_eq!(common_letters_start(b, b.len(), 0), want, "U+{:04X}", c as u32);
            let cut = if in_fast_domain_block(c) { 1 + n } else { b.len() };
            assert_eq!(common_letters_start(b, b.len(), 2), cut, "U+{:04X} cut", c as u32);
        }
    }

    #[test]
    fn common_letters_are_domain_and_email_characters() {
        for c in (0x80..0x10000)
            .filter_map(char::from_u32)
            .filter(|&c| in_fast_domain_block(c))
        {
            assert!(
                is_domain_char(c) && is_link_email(c) && !is_domain_dot(c),
                "U+{:04X}",
                c as u32
            );
        }
    }

    #[test]
    fn fast_domain_char_blocks_agree_with_the_general_rule() {
        for cp in 0x80..=0xFFFF {
            let Some(c) = char::from_u32(cp) else { continue };
            if in_fast_domain_block(c) {
                // Checked against std's tables, not `is_alphanumeric` above
                // (which answers from the fast blocks).
                assert!(
                    c.is_alphanumeric() && link_term(c) == LinkTerm::Include,
                    "U+{cp:04X} is in a fast block but not a domain character"
                );
            }
        }
    }
}
