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
static FAST_DOMAIN_BITS: [u64; 1024] = bitmap(FAST_DOMAIN_BLOCKS);

/// The bitmap of the BMP code points in `blocks` (one word per 64).
const fn bitmap(blocks: &[(u32, u32)]) -> [u64; 1024] {
    bitmap_of(&[blocks])
}

/// The bitmap of the BMP code points in any of `lists` of blocks.
const fn bitmap_of(lists: &[&[(u32, u32)]]) -> [u64; 1024] {
    let mut bits = [0u64; 1024];
    let mut l = 0;
    while l < lists.len() {
        let blocks = lists[l];
        let mut k = 0;
        while k < blocks.len() {
            let (lo, hi) = blocks[k];
            let mut cp = lo;
            while cp <= hi {
                bits[(cp >> 6) as usize] |= 1 << (cp & 63);
                cp += 1;
            }
            k += 1;
        }
        l += 1;
    }
    bits
}

/// Whether `c` is in one of `FAST_DOMAIN_BLOCKS`.
#[inline]
pub(crate) fn in_fast_domain_block(c: char) -> bool {
    in_fast_bits(c as u32)
}

/// The bit of code point `cp` in `FAST_DOMAIN_BITS` (false past the BMP).
#[inline(always)]
fn in_fast_bits(cp: u32) -> bool {
    in_bitmap(&FAST_DOMAIN_BITS, cp)
}

/// The bit of code point `cp` in a bitmap of the BMP built by `bitmap`
/// (false past the BMP).
#[inline(always)]
fn in_bitmap(bits: &[u64; 1024], cp: u32) -> bool {
    cp < 0x10000 && bits[(cp >> 6) as usize] & (1 << (cp & 63)) != 0
}

/// The end of the run of characters in `FAST_DOMAIN_BLOCKS` that starts at
/// byte `i` of `b`, no further than `limit`. `b` must be valid UTF-8 and
/// `i` a character boundary: the two- and three-byte forms are decoded by
/// hand (no checks needed), one bit test each, where `char_at` and
/// [`in_fast_domain_block`] cost several times as much per character.
#[inline(always)]
pub(crate) fn common_letters_end(b: &[u8], i: usize, limit: usize) -> usize {
    letters_end(&FAST_DOMAIN_BITS, b, i, limit)
}

/// The end of the run of characters whose bits are set in `bits` (a BMP
/// bitmap) from byte `i` of `b` (valid UTF-8, `i` a boundary), no further
/// than `limit`. The bitmap's word is the code point's bits above the
/// last six, its bit the last six, so neither form is decoded whole: the
/// word of a three-byte form is its first two bytes' payload, the bit its
/// third byte's (the lead byte of a two-byte form is its word).
#[inline(always)]
fn letters_end(bits: &[u64; 1024], b: &[u8], mut i: usize, limit: usize) -> usize {
    let limit = limit.min(b.len());
    while i < limit {
        let b0 = b[i];
        if b0 >= 0xE0 {
            if b0 >= 0xF0 || i + 3 > limit {
                break;
            }
            let word = bits[(usize::from(b0 & 0x0F) << 6) | usize::from(b[i + 1] & 0x3F)];
            if word >> (b[i + 2] & 0x3F) & 1 == 0 {
                break;
            }
            i += 3;
        } else if b0 >= 0x80 {
            // A lead byte (`i` is a boundary): `C2`..`DF`.
            if i + 2 > limit || bits[usize::from(b0 & 0x1F)] >> (b[i + 1] & 0x3F) & 1 == 0 {
                break;
            }
            i += 2;
        } else {
            break;
        }
    }
    i
}

/// Characters that a plain link takes like a letter wherever it holds them
/// (the one-pass path of `find/scheme.rs`): in a host, as `dns_labels_ok`
/// does, and in a path, query or fragment, as the forward scan does
/// (Include, `ucschar`, no bidi control, no domain dot, no CJK stop, not
/// excluded as fullwidth), with a grapheme cluster boundary between each
/// and ASCII after it: [`FAST_DOMAIN_BLOCKS`] and the marks, digits and
/// symbols of the same scripts (Thai vowels and tone marks, Devanagari
/// vowel signs, Hebrew points, `ー`), in the blocks of the scripts IDNs are
/// written in. A unit test in `find/scheme.rs` checks each character.
pub(crate) const LINK_LETTER_BLOCKS: &[(u32, u32)] = &[
    (0x00A1, 0x00AA),
    (0x00AC, 0x00BA),
    (0x00BC, 0x0148),
    (0x014A, 0x024F),
    (0x0370, 0x0377),
    (0x037A, 0x037D),
    (0x037F, 0x037F),
    (0x0384, 0x0386),
    (0x0388, 0x038A),
    (0x038C, 0x038C),
    (0x038E, 0x03A1),
    (0x03A3, 0x03FF),
    (0x0400, 0x052F),
    (0x0591, 0x05C2),
    (0x05C4, 0x05C7),
    (0x05D0, 0x05EA),
    (0x05EF, 0x05F4),
    (0x0606, 0x060B),
    (0x060D, 0x061A),
    (0x061C, 0x061C),
    (0x0620, 0x0672),
    (0x0674, 0x06D3),
    (0x06D5, 0x06DC),
    (0x06DE, 0x06FF),
    (0x0900, 0x0963),
    (0x0966, 0x097F),
    (0x0E01, 0x0E3A),
    (0x0E3F, 0x0E59),
    (0x1E00, 0x1EFF),
    (0x3003, 0x3007),
    (0x3012, 0x3013),
    (0x301C, 0x303F),
    (0x3041, 0x3096),
    (0x3099, 0x30FF),
    (0x4E00, 0x9FFF),
    (0xAC00, 0xD7A3),
    (0xFF03, 0xFF07),
    (0xFF0A, 0xFF0B),
    (0xFF0D, 0xFF0D),
    (0xFF0F, 0xFF19),
    (0xFF1D, 0xFF1D),
    (0xFF20, 0xFF3A),
    (0xFF3F, 0xFF3F),
    (0xFF41, 0xFF5A),
    (0xFF5E, 0xFF5E),
    (0xFF65, 0xFFBE),
    (0xFFC2, 0xFFC7),
    (0xFFCA, 0xFFCF),
    (0xFFD2, 0xFFD7),
    (0xFFDA, 0xFFDC),
    (0xFFE0, 0xFFE6),
    (0xFFE8, 0xFFEE),
];

/// `LINK_LETTER_BLOCKS` as a bitmap of the BMP, like `FAST_DOMAIN_BITS`.
static LINK_LETTER_BITS: [u64; 1024] = bitmap(LINK_LETTER_BLOCKS);

/// Whether `c` is in one of `LINK_LETTER_BLOCKS`.
#[inline]
pub(crate) fn is_link_letter(c: char) -> bool {
    in_bitmap(&LINK_LETTER_BITS, c as u32)
}

/// [`common_letters_end`] for the characters of `LINK_LETTER_BLOCKS`.
#[inline(always)]
pub(crate) fn link_letters_end(b: &[u8], i: usize, limit: usize) -> usize {
    letters_end(&LINK_LETTER_BITS, b, i, limit)
}

/// [`common_letters_end`] backwards: the start of the run of characters in
/// `FAST_DOMAIN_BLOCKS` that ends at byte `i` of `b`, no further back than
/// `lo`.
#[inline]
pub(crate) fn common_letters_start(b: &[u8], i: usize, lo: usize) -> usize {
    letters_start(&FAST_DOMAIN_BITS, b, i, lo)
}

/// The combining marks of the scripts in [`FAST_DOMAIN_BLOCKS`] whose
/// names and addresses are written with them (Thai vowels and tone marks,
/// Devanagari vowel signs and virama): domain characters, LinkEmail, and
/// IDNA-valid inside a label, never at its start (a unit test checks each).
pub(crate) const NAME_MARK_BLOCKS: &[(u32, u32)] = &[
    (0x0900, 0x0903),
    (0x093A, 0x093C),
    (0x093E, 0x094F),
    (0x0951, 0x0957),
    (0x0962, 0x0963),
    (0x0E31, 0x0E31),
    (0x0E34, 0x0E3A),
    (0x0E47, 0x0E4E),
];

/// Thai letters outside [`FAST_DOMAIN_BLOCKS`] (SARA AA, the vowels
/// written before their consonant): letters of Thai names and addresses,
/// IDNA-valid (not U+0E33 SARA AM, whose compatibility form IDNA
/// disallows).
pub(crate) const NAME_LETTER_BLOCKS: &[(u32, u32)] = &[(0x0E32, 0x0E32), (0x0E40, 0x0E45)];

/// [`FAST_DOMAIN_BLOCKS`], [`NAME_LETTER_BLOCKS`] and [`NAME_MARK_BLOCKS`]:
/// what the one-pass name walks of domains and emails take.
static NAME_BITS: [u64; 1024] = bitmap_of(&[FAST_DOMAIN_BLOCKS, NAME_LETTER_BLOCKS, NAME_MARK_BLOCKS]);

/// `NAME_MARK_BLOCKS` alone.
static NAME_MARK_BITS: [u64; 1024] = bitmap(NAME_MARK_BLOCKS);

/// Whether a character of [`NAME_MARK_BLOCKS`] starts at byte `i` of `b`
/// (valid UTF-8, `i` a boundary): all are encoded from the lead byte E0,
/// and the bitmap is read from the bytes as [`name_letters_end`] reads it.
#[inline]
pub(crate) fn name_mark_at(b: &[u8], i: usize) -> bool {
    match b.get(i..i + 3) {
        Some(&[0xE0, b1, b2]) => NAME_MARK_BITS[usize::from(b1 & 0x3F)] >> (b2 & 0x3F) & 1 != 0,
        _ => false,
    }
}

/// [`common_letters_end`] with [`NAME_LETTER_BLOCKS`] and
/// [`NAME_MARK_BLOCKS`] too.
#[inline(always)]
pub(crate) fn name_letters_end(b: &[u8], i: usize, limit: usize) -> usize {
    letters_end(&NAME_BITS, b, i, limit)
}

/// [`common_letters_start`] with [`NAME_LETTER_BLOCKS`] and
/// [`NAME_MARK_BLOCKS`] too.
#[inline(always)]
pub(crate) fn name_letters_start(b: &[u8], i: usize, lo: usize) -> usize {
    letters_start(&NAME_BITS, b, i, lo)
}

/// The start of the run of characters whose bits are set in `bits` that
/// ends at byte `i` of `b`, no further back than `lo`.
#[inline(always)]
fn letters_start(bits: &[u64; 1024], b: &[u8], mut i: usize, lo: usize) -> usize {
    let cont = |c: u8| c & 0xC0 == 0x80;
    // The bitmap's word and bit straight from the bytes, as `letters_end`
    // reads them.
    while i >= lo + 2 && cont(b[i - 1]) {
        let b1 = b[i - 2];
        let (word, len) = if (0xC2..0xE0).contains(&b1) {
            (usize::from(b1 & 0x1F), 2)
        } else if i >= lo + 3 && cont(b1) && (0xE0..0xF0).contains(&b[i - 3]) {
            ((usize::from(b[i - 3] & 0x0F) << 6) | usize::from(b1 & 0x3F), 3)
        } else {
            break;
        };
        if bits[word] >> (b[i - 1] & 0x3F) & 1 == 0 {
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

    /// Every character alone, then followed by a character that is not
    /// in the blocks, then cut by the limit: `end` reads the run of the
    /// characters `member` holds.
    fn check_runs(end: fn(&[u8], usize, usize) -> usize, member: fn(char) -> bool) {
        for c in (0x80..=0x10FFFF).filter_map(char::from_u32) {
            let text = format!("{c}{c}!");
            let (b, n) = (text.as_bytes(), c.len_utf8());
            let want = if member(c) { 2 * n } else { 0 };
            assert_eq!(end(b, 0, b.len()), want, "U+{:04X}", c as u32);
            assert_eq!(end(b, 0, 2 * n - 1), want / 2, "U+{:04X} cut", c as u32);
        }
        assert_eq!(end("aé".as_bytes(), 0, 3), 0);
    }

    #[test]
    fn common_letter_runs_are_the_fast_domain_blocks() {
        check_runs(common_letters_end, in_fast_domain_block);
    }

    #[test]
    fn link_letter_runs_are_the_link_letter_blocks() {
        check_runs(link_letters_end, is_link_letter);
        assert!(is_link_letter('ー') && is_link_letter('\u{E48}') && !is_link_letter('、'));
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

    /// The one-pass name walks take the fast blocks, Thai's other
    /// letters and the Thai and Devanagari marks, both ways, and each is a
    /// domain and email character; the marks join the letter before them
    /// in a grapheme cluster (a name or local part that starts with one
    /// goes to the general rules) and the letters do not.
    #[test]
    fn name_runs_are_the_fast_blocks_with_thai_letters_and_marks() {
        fn in_blocks(blocks: &[(u32, u32)], c: char) -> bool {
            blocks.iter().any(|&(lo, hi)| (lo..=hi).contains(&(c as u32)))
        }
        fn member(c: char) -> bool {
            in_fast_domain_block(c) || in_blocks(NAME_MARK_BLOCKS, c) || in_blocks(NAME_LETTER_BLOCKS, c)
        }
        check_runs(name_letters_end, member);
        for c in (0x80..=0x10FFFF).filter_map(char::from_u32) {
            let text = format!("!{c}{c}");
            let want = if member(c) { 1 } else { text.len() };
            assert_eq!(
                name_letters_start(text.as_bytes(), text.len(), 0),
                want,
                "U+{:04X}",
                c as u32
            );
            let mark = name_mark_at(text.as_bytes(), 1);
            assert_eq!(mark, in_blocks(NAME_MARK_BLOCKS, c), "U+{:04X}", c as u32);
            if in_blocks(NAME_MARK_BLOCKS, c) || in_blocks(NAME_LETTER_BLOCKS, c) {
                assert!(is_domain_char(c) && is_link_email(c), "U+{:04X}", c as u32);
                // A mark joins the letter before it in one grapheme
                // cluster (UAX 29); a letter starts its own.
                let clusters =
                    unicode_segmentation::UnicodeSegmentation::graphemes(format!("k{c}").as_str(), true).count();
                assert_eq!(mark, clusters == 1, "U+{:04X}", c as u32);
            }
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
