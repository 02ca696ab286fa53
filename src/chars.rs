//! Character classes: the RFC 3987 / 3987bis grammar's `ucschar` and
//! `iprivate`, the characters IRIs must not contain (bidi formatting), and the
//! UTS #58 properties (Link_Term, paired brackets, email local-part), generated
//! by `build.rs` from Unicode's data files.
//!
//! Lookups are `const`-table binary searches; ASCII goes through a 128-entry
//! table first because most text is ASCII.

/// The UTS #58 Link_Term property of a code point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum LinkTerm {
    /// Part of a link.
    Include,
    /// Ends a link.
    Hard,
    /// Part of a link only when something that is part of the link follows.
    Soft,
    /// An opening bracket: part of the link, pushed on the bracket stack.
    Open,
    /// A closing bracket: part of the link only when it closes an open one.
    Close,
}

include!(concat!(env!("OUT_DIR"), "/uts58_tables.rs"));

const fn ascii_link_term(b: u8) -> LinkTerm {
    match b {
        b'!' | b'"' | b'\'' | b',' | b'.' | b':' | b';' | b'?' => LinkTerm::Soft,
        b'(' | b'<' | b'[' | b'{' => LinkTerm::Open,
        b')' | b'>' | b']' | b'}' => LinkTerm::Close,
        0x21..=0x7E => LinkTerm::Include,
        _ => LinkTerm::Hard,
    }
}

static ASCII_LINK_TERM: [LinkTerm; 128] = {
    let mut t = [LinkTerm::Hard; 128];
    let mut i = 0;
    while i < 128 {
        t[i] = ascii_link_term(i as u8);
        i += 1;
    }
    t
};

/// The Link_Term value of `c` (UTS #58); code points not listed are Hard.
pub(crate) fn link_term(c: char) -> LinkTerm {
    let cp = c as u32;
    if cp < 128 {
        return ASCII_LINK_TERM[cp as usize];
    }
    if cp < 0x10000 {
        const BY_CODE: [LinkTerm; 5] = [
            LinkTerm::Hard,
            LinkTerm::Include,
            LinkTerm::Soft,
            LinkTerm::Open,
            LinkTerm::Close,
        ];
        let leaf = LINK_TERM_INDEX[(cp >> 8) as usize] as usize;
        return BY_CODE[LINK_TERM_LEAVES[leaf][(cp & 0xFF) as usize] as usize];
    }
    link_term_by_search(cp)
}

/// `link_term` by binary search over the ranges (the reference; used above
/// the BMP).
fn link_term_by_search(cp: u32) -> LinkTerm {
    match LINK_TERM.binary_search_by(|&(lo, hi, _)| {
        if hi < cp {
            core::cmp::Ordering::Less
        } else if lo > cp {
            core::cmp::Ordering::Greater
        } else {
            core::cmp::Ordering::Equal
        }
    }) {
        Ok(i) => LINK_TERM[i].2,
        Err(_) => LinkTerm::Hard,
    }
}

/// The opening bracket that the closing bracket `close` pairs with (UTS #58
/// LinkBracket.txt), or `None` if `close` is not a closing bracket.
#[inline]
pub(crate) fn opening_bracket(close: char) -> Option<char> {
    // The ASCII pairs first: most closers a link holds are ASCII, and the
    // table search costs a dozen steps (a unit test checks the pairs).
    match close {
        ')' => return Some('('),
        ']' => return Some('['),
        '}' => return Some('{'),
        '>' => return Some('<'),
        c if c.is_ascii() => return None,
        _ => {}
    }
    let cp = close as u32;
    LINK_BRACKET
        .binary_search_by_key(&cp, |&(c, _)| c)
        .ok()
        .and_then(|i| char::from_u32(LINK_BRACKET[i].1))
}

fn in_ranges(ranges: &[(u32, u32)], cp: u32) -> bool {
    ranges
        .binary_search_by(|&(lo, hi)| {
            if hi < cp {
                core::cmp::Ordering::Less
            } else if lo > cp {
                core::cmp::Ordering::Greater
            } else {
                core::cmp::Ordering::Equal
            }
        })
        .is_ok()
}

/// Whether `c` may appear in the local part of an email address (UTS #58
/// LinkEmail.txt).
pub(crate) fn is_link_email(c: char) -> bool {
    if c.is_ascii() {
        return ASCII_LINK_EMAIL[c as usize];
    }
    in_ranges(&LINK_EMAIL, c as u32)
}

/// `is_link_email` for the ASCII range, one lookup per byte.
pub(crate) static ASCII_LINK_EMAIL: [bool; 128] = {
    let mut t = [false; 128];
    let mut i = 0;
    while i < LINK_EMAIL.len() {
        let (lo, hi) = LINK_EMAIL[i];
        let mut c = lo;
        while c <= hi && c < 128 {
            t[c as usize] = true;
            c += 1;
        }
        i += 1;
    }
    t
};

/// Whether `label` (any case, ASCII or `xn--`) is an IANA top-level domain.
pub(crate) fn is_ascii_tld(label: &str) -> bool {
    if label.len() > 63 || !label.is_ascii() {
        return false;
    }
    let first = label.as_bytes().first().map_or(0, |b| b.to_ascii_lowercase());
    if !first.is_ascii_lowercase() {
        return false;
    }
    if label.len() <= 8 {
        return short_tlds().contains(label);
    }
    let mut buf = [0u8; 63];
    let lower = &mut buf[..label.len()];
    lower.copy_from_slice(label.as_bytes());
    lower.make_ascii_lowercase();
    // Only the TLDs with the same first letter are searched.
    let i = (first - b'a') as usize;
    let bucket = &TLDS[TLD_FIRST[i] as usize..TLD_FIRST[i + 1] as usize];
    bucket.binary_search_by(|t| t.as_bytes().cmp(lower)).is_ok()
}

/// [`is_ascii_tld`] for the label `b[start..end]`, which holds only ASCII
/// letters, digits and `-` (the caller checked): setting bit 5 lowercases
/// its letters and leaves the rest as they are, so up to eight bytes are
/// read and packed at once.
#[inline]
pub(crate) fn is_label_tld(b: &[u8], start: usize, end: usize) -> bool {
    let len = end - start;
    match b.get(start..start + 8) {
        Some(word) if (1..=8).contains(&len) => {
            let word = u64::from_be_bytes(word.try_into().unwrap_or_default()) | 0x2020_2020_2020_2020;
            // Keep the label's bytes only (zero padded, as packed).
            let key = word & (!0u64 << (8 * (8 - len)));
            short_tlds().contains_key(key)
        }
        _ => b
            .get(start..end)
            .and_then(|l| std::str::from_utf8(l).ok())
            .is_some_and(is_ascii_tld),
    }
}

/// Up to eight ASCII bytes, lowercased, as one big-endian number (zero
/// padded), so that a TLD lookup compares integers.
pub(crate) fn pack_lowercase(label: &[u8]) -> u64 {
    let mut buf = [0u8; 8];
    for (d, s) in buf.iter_mut().zip(label) {
        *d = s.to_ascii_lowercase();
    }
    u64::from_be_bytes(buf)
}

/// A set of ASCII words compared without regard to case, for the
/// scanner's hot lookups (TLDs, schemes, file extensions). Words of up to
/// eight bytes are packed into integers in an open-addressing hash table: a
/// multiply and usually one probe per lookup, where a binary search or a
/// list scan costs a dozen unpredictable branches. Longer words are kept in
/// a list.
pub(crate) struct PackedSet {
    slots: Vec<u64>,
    shift: u32,
    long: Vec<String>,
}

impl PackedSet {
    /// The set of `words` (ASCII).
    pub(crate) fn new<'a>(words: impl IntoIterator<Item = &'a str>) -> Self {
        let (short, long): (Vec<&str>, Vec<&str>) = words.into_iter().partition(|w| w.len() <= 8);
        // A quarter full at most; a packed word is never 0 (not empty).
        let bits = (short.len() * 4).next_power_of_two().max(16).trailing_zeros();
        let mut set = PackedSet {
            slots: vec![0; 1 << bits],
            shift: 64 - bits,
            long: long.iter().map(|w| w.to_ascii_lowercase()).collect(),
        };
        let mask = set.slots.len() - 1;
        for w in short.into_iter().filter(|w| !w.is_empty()) {
            let key = pack_lowercase(w.as_bytes());
            let mut i = set.slot(key);
            while set.slots[i] != 0 && set.slots[i] != key {
                i = (i + 1) & mask;
            }
            set.slots[i] = key;
        }
        set
    }

    fn slot(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// Whether `word` is in the set, in any ASCII case.
    pub(crate) fn contains(&self, word: &str) -> bool {
        if word.len() > 8 {
            return self.long.iter().any(|w| w.eq_ignore_ascii_case(word));
        }
        if word.is_empty() || !word.is_ascii() {
            return false;
        }
        self.contains_key(pack_lowercase(word.as_bytes()))
    }

    /// Whether the word packed as `key` (by [`pack_lowercase`], not 0) is
    /// in the set.
    #[inline]
    pub(crate) fn contains_key(&self, key: u64) -> bool {
        let mask = self.slots.len() - 1;
        let mut i = self.slot(key);
        loop {
            match self.slots[i] {
                0 => return false,
                k if k == key => return true,
                _ => i = (i + 1) & mask,
            }
        }
    }
}

fn short_tlds() -> &'static PackedSet {
    static SHORT: std::sync::OnceLock<PackedSet> = std::sync::OnceLock::new();
    SHORT.get_or_init(|| PackedSet::new(TLDS.iter().copied().filter(|t| t.len() <= 8)))
}

/// `ucschar` of RFC 3987 / 3987bis §2.2: the non-ASCII characters allowed
/// anywhere in an IRI.
pub(crate) const fn is_ucschar(c: char) -> bool {
    let cp = c as u32;
    match cp {
        0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF => true,
        // Planes 1 to 13: all but the last two code points (non-characters).
        0x10000..=0xDFFFF => cp & 0xFFFF <= 0xFFFD,
        0xE1000..=0xEFFFD => true,
        _ => false,
    }
}

/// `iprivate` of 3987bis §2.2: private-use characters (and the tag block
/// U+E0000–U+E0FFF, which 3987bis added), allowed only in the query.
pub(crate) const fn is_iprivate(c: char) -> bool {
    matches!(c as u32, 0xE000..=0xF8FF | 0xE0000..=0xE0FFF | 0xF0000..=0xFFFFD | 0x100000..=0x10FFFD)
}

/// Bidirectional formatting characters, which IRIs must not contain
/// (RFC 3987 §4.1: LRM, RLM, LRE, RLE, PDF, LRO, RLO; 3987bis §6.3 lists the
/// same code points). The isolates LRI, RLI, FSI, PDI (U+2066–U+2069) are
/// excluded too: Unicode 6.3 added them after both texts were written, and
/// §4.1's reason applies to them unchanged. They are `ucschar` by range, so
/// the grammar alone would let them in.
pub(crate) const fn is_bidi_control(c: char) -> bool {
    matches!(c as u32, 0x200E | 0x200F | 0x202A..=0x202E | 0x2066..=0x2069)
}

/// RFC 3986 `unreserved` (ASCII).
pub(crate) const fn is_unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~')
}

/// RFC 3986 `sub-delims`.
pub(crate) const fn is_sub_delim(b: u8) -> bool {
    matches!(
        b,
        b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'='
    )
}

/// RFC 3986 `gen-delims`.
pub(crate) const fn is_gen_delim(b: u8) -> bool {
    matches!(b, b':' | b'/' | b'?' | b'#' | b'[' | b']' | b'@')
}

/// Whether the ASCII byte `b` may appear literally somewhere in a URI.
pub(crate) const fn is_uri_ascii(b: u8) -> bool {
    is_unreserved(b) || is_sub_delim(b) || is_gen_delim(b) || b == b'%'
}

#[cfg(test)]
mod tests {
    #[test]
    fn link_term_examples() {
        assert_eq!(link_term('a'), LinkTerm::Include);
        assert_eq!(link_term('.'), LinkTerm::Soft);
        assert_eq!(link_term('('), LinkTerm::Open);
        assert_eq!(link_term('」'), LinkTerm::Close);
        assert_eq!(link_term(' '), LinkTerm::Hard);
    }

    #[test]
    fn ascii_bracket_pairs_are_the_link_bracket_table() {
        for b in 0u8..0x80 {
            let close = b as char;
            let table = LINK_BRACKET
                .binary_search_by_key(&u32::from(b), |&(c, _)| c)
                .ok()
                .and_then(|i| char::from_u32(LINK_BRACKET[i].1));
            assert_eq!(opening_bracket(close), table, "{close:?}");
        }
    }

    #[test]
    fn opening_bracket_examples() {
        assert_eq!(super::opening_bracket(')'), Some('('));
        assert_eq!(super::opening_bracket('」'), Some('「'));
        assert_eq!(super::opening_bracket('a'), None);
    }

    #[test]
    fn is_link_email_examples() {
        assert!(super::is_link_email('a'));
        assert!(super::is_link_email('α'));
        assert!(!super::is_link_email('@'));
    }

    #[test]
    fn is_ucschar_examples() {
        assert!(super::is_ucschar('é'));
        assert!(super::is_ucschar('𐌀'));
        assert!(!super::is_ucschar('\u{E000}')); // private use: iprivate
        assert!(!super::is_ucschar('\u{FFFE}')); // non-character
    }

    #[test]
    fn is_iprivate_examples() {
        assert!(super::is_iprivate('\u{E000}'));
        assert!(super::is_iprivate('\u{E0001}'));
        assert!(!super::is_iprivate('a'));
    }

    #[test]
    fn is_bidi_control_examples() {
        assert!(super::is_bidi_control('\u{202E}'));
        assert!(!super::is_bidi_control('a'));
    }

    use super::*;

    #[test]
    fn ascii_link_term_matches_the_data_file() {
        // The ASCII fast path must agree with LinkTerm.txt.
        for b in 0u8..128 {
            let cp = b as u32;
            let from_file = LINK_TERM
                .iter()
                .find(|&&(lo, hi, _)| lo <= cp && cp <= hi)
                .map(|r| r.2)
                .unwrap_or(LinkTerm::Hard);
            assert_eq!(ASCII_LINK_TERM[b as usize], from_file, "byte {b:#04x}");
        }
    }

    #[test]
    fn cjk_punctuation_is_soft_and_brackets_pair() {
        assert_eq!(link_term('、'), LinkTerm::Soft);
        assert_eq!(link_term('。'), LinkTerm::Soft);
        assert_eq!(link_term('「'), LinkTerm::Open);
        assert_eq!(opening_bracket('）'), Some('（'));
    }

    #[test]
    fn unlisted_code_points_are_hard() {
        assert_eq!(link_term('\u{E000}'), LinkTerm::Hard);
        assert_eq!(link_term('\u{3000}'), LinkTerm::Hard);
    }

    #[test]
    fn bmp_link_term_table_matches_the_ranges() {
        for cp in 0..0x10000 {
            if let Some(c) = char::from_u32(cp) {
                assert_eq!(link_term(c), link_term_by_search(cp), "U+{cp:04X}");
            }
        }
    }

    #[test]
    fn packed_sets_hold_exactly_their_words() {
        let words = ["http", "HTTPS", "a", "postgresql", "openpgp4fpr", "web+ap"];
        let set = PackedSet::new(words);
        for w in words {
            assert!(
                set.contains(w) && set.contains(&w.to_ascii_uppercase()) && set.contains(&w.to_ascii_lowercase()),
                "{w}"
            );
        }
        for w in ["", "htt", "httpss", "b", "postgres", "é", "postgresqlx", "web+a"] {
            assert!(!set.contains(w), "{w}");
        }
    }

    #[test]
    fn tld_lookup_is_case_insensitive() {
        assert!(is_ascii_tld("com"));
        assert!(is_ascii_tld("COM"));
        assert!(is_ascii_tld("xn--p1ai"));
        assert!(!is_ascii_tld("invalid"));
        assert!(is_ascii_tld("XN--P1AI"));
        assert!(is_ascii_tld("international") == TLDS.contains(&"international"));
        for t in TLDS.iter() {
            assert!(is_ascii_tld(t) && is_ascii_tld(&t.to_ascii_uppercase()), "{t}");
            assert!(
                !is_ascii_tld(&format!("{t}x")) || TLDS.contains(&format!("{t}x").as_str()),
                "{t}x"
            );
            assert!(
                !is_ascii_tld(&t[..t.len() - 1]) || TLDS.contains(&&t[..t.len() - 1]),
                "{t}"
            );
        }
    }

    #[test]
    fn ucschar_excludes_plane_end_noncharacters() {
        assert!(!is_ucschar('\u{1FFFE}'));
        assert!(!is_ucschar('\u{1FFFF}'));
        assert!(is_ucschar('\u{1FFFD}'));
        assert!(!is_ucschar('\u{E0001}'));
        assert!(!is_ucschar('\u{FDD0}'));
    }
}
