//! The scanning engine: triggers, link starts, link ends, validation.
//!
//! Every rule here is applied in a single forward pass with bounded
//! look-behind, so finding is linear in the input:
//!
//! * a trigger (`:` of a scheme; `.`, `。`, `．`, `｡` of a domain) is found
//!   by the vector classifier in `trigger.rs` and each is looked at once;
//! * looking back from a trigger is capped (64 bytes for a scheme, 255 for a
//!   domain, 128 for an email local part);
//! * a candidate is rejected *before* its end is scanned whenever the reason
//!   can be seen early (unknown scheme, bad host labels, bad local part), so
//!   a forward scan almost always produces a link and the cursor moves past
//!   it; the forward scan is capped by the finder's maximum link length.

use super::trigger::{worth_a_look, Triggers};
use super::{Finder, LinkKind};
use crate::chars::{is_link_email, link_term, opening_bracket, LinkTerm};
use crate::iri::parse::{
    ascii_can_appear_in_iri, can_appear_in_iri, is_pct_encoded, quick_valid_iri, validate_after_authority,
};
use crate::iri::uses_dns;
use crate::Iri;
use unicode_segmentation::GraphemeCursor;

/// A link found in one valid UTF-8 run, before it becomes a `Link`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Raw {
    pub start: usize,
    pub end: usize,
    pub kind: LinkKind,
    /// Written inside `<…>` folded over lines (RFC 3986 Appendix C).
    pub folded: bool,
}

/// Which part of an IRI the forward scan is in (UTS 58 clears the bracket
/// stack at part-specific characters).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Part {
    Authority,
    Path,
    Query,
    Fragment,
}

const MAX_SCHEME_BACK: usize = 64;
const MAX_DOMAIN_BACK: usize = 255;
const MAX_LOCAL_BACK: usize = 128;
const MAX_FOLDED: usize = 4096;

/// URI schemes that link without `//` after the colon: registered with IANA
/// (permanent or widely used provisional) and unlikely as ordinary words
/// before a colon. `info:`, `tag:`, `about:`, `go:` are left out on purpose:
/// in running text they are far more often a label than a link.
pub(crate) const OPAQUE_SCHEMES: &[&str] = &[
    "mailto",
    "urn",
    "tel",
    "sms",
    "mms",
    "fax",
    "xmpp",
    "jabber",
    "geo",
    "magnet",
    "news",
    "sip",
    "sips",
    "data",
    "im",
    "pres",
    "bitcoin",
    "callto",
    "facetime",
    "skype",
    "spotify",
    "doi",
    "cid",
    "mid",
    "nntp",
    "snews",
    "ni",
    "nih",
    "acct",
    "payto",
    "dns",
    "ethereum",
    "matrix",
    "openpgp4fpr",
    "web+ap",
    "webcal",
    "maps",
    "sftp",
    "ssh",
    "git",
];

/// Scheme of links that a careful linker never makes active content.
pub(crate) fn is_registered_opaque_scheme(scheme: &str) -> bool {
    static SET: std::sync::OnceLock<crate::chars::PackedSet> = std::sync::OnceLock::new();
    SET.get_or_init(|| crate::chars::PackedSet::new(OPAQUE_SCHEMES.iter().copied()))
        .contains(scheme)
}

/// Byte classes for the scanner's loops over ASCII: one load and one test
/// per byte, where the chained comparisons they replace cost several
/// branches (and their mispredictions) per byte.
const SCHEME_BYTE: u8 = 1;
const LABEL_BYTE: u8 = 2;
const AUTHORITY_END: u8 = 4;
const DOT_BYTE: u8 = 8;
/// `can_appear_in_iri`.
const IN_IRI: u8 = 16;
/// The forward scan may take the byte by its UTS 58 class alone: allowed
/// in an IRI, not a bracket, not a quote a link may start after, not `?`
/// or `#` (which may start a part)…
const SIMPLE: u8 = 32;
/// …Include rather than Soft…
const INCLUDE: u8 = 64;
/// …and no effect on the bracket stack or the part in any part (the other
/// simple bytes, `/` `=` `&` `:`, clear the stack in some parts and need
/// it empty). A unit test checks these classes against the UTS 58 data.
const NEUTRAL: u8 = 128;

static BYTE_CLASS: [u8; 256] = {
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
        if ascii_can_appear_in_iri(b) {
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

#[inline(always)]
fn has_class(b: u8, class: u8) -> bool {
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

/// ASCII case-insensitive `ends_with`, safe on any UTF-8 (compares bytes).
fn ends_with_ignore_case(s: &str, suffix: &str) -> bool {
    let (s, suffix) = (s.as_bytes(), suffix.as_bytes());
    s.len() >= suffix.len() && s[s.len() - suffix.len()..].eq_ignore_ascii_case(suffix)
}

/// The character before byte `i`, if any.
#[inline]
fn char_before(text: &str, i: usize) -> Option<char> {
    text[..i].chars().next_back()
}

#[inline]
fn char_at(text: &str, i: usize) -> Option<char> {
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
const FAST_DOMAIN_BLOCKS: &[(u32, u32)] = &[
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
#[inline]
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
fn is_alphanumeric(c: char) -> bool {
    in_fast_domain_block(c) || c.is_alphanumeric()
}

/// Combining marks of the scripts IDNs are written in, which
/// `is_alphanumeric` does not cover (viramas, nuktas, tone marks, ZWNJ/ZWJ).
fn is_mark(c: char) -> bool {
    matches!(c as u32,
        0x0300..=0x036F | 0x0483..=0x0489 | 0x0591..=0x05C7 | 0x0610..=0x061A | 0x064B..=0x065F | 0x0670
        | 0x06D6..=0x06ED | 0x0900..=0x0DFF | 0x0E31..=0x0E4E | 0x0EB1..=0x0ECE | 0x0F18..=0x0FBC
        | 0x1000..=0x109F | 0x1780..=0x17DD | 0x200C | 0x200D | 0x3099..=0x309A)
}

/// Top-level domains: IANA's list, ASCII (any case) or the Unicode form of
/// an `xn--` entry.
pub(crate) fn is_tld(label: &str) -> bool {
    if label.is_ascii() {
        return crate::chars::is_ascii_tld(label);
    }
    // The longest Unicode TLD is far shorter than most runs of letters that
    // follow a dot in running text: check the length before anything else.
    if label.len() > MAX_UNICODE_TLD_BYTES {
        return false;
    }
    let tlds = unicode_tlds();
    tlds.contains(label) || (label.chars().any(char::is_uppercase) && tlds.contains(&label.to_lowercase()))
}

/// No Unicode form of an IANA TLD is longer than this (in UTF-8 bytes);
/// checked by a unit test.
const MAX_UNICODE_TLD_BYTES: usize = 64;

/// The Unicode forms of the IANA TLDs, and the characters they start with
/// (sorted): in CJK text most dots are followed by a character that starts
/// no TLD, rejected without reading the label.
struct UnicodeTlds {
    names: TldSet,
    first: Vec<char>,
}

/// The Unicode TLDs are hashed with a multiply-rotate over eight bytes at a
/// time: they are a fixed list, not attacker-chosen keys, and a lookup
/// happens at every dot before a non-ASCII letter that may start one, where
/// SipHash cost more than the rest of the check.
type TldSet = std::collections::HashSet<String, std::hash::BuildHasherDefault<WordHasher>>;

/// See [`TldSet`].
#[derive(Default)]
struct WordHasher(u64);

impl std::hash::Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut words = bytes.chunks_exact(8);
        for w in &mut words {
            self.mix(u64::from_le_bytes(w.try_into().unwrap_or_default()));
        }
        let rest = words.remainder();
        if !rest.is_empty() {
            let mut last = [0u8; 8];
            last[..rest.len()].copy_from_slice(rest);
            self.mix(u64::from_le_bytes(last) ^ rest.len() as u64);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

impl WordHasher {
    #[inline]
    fn mix(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(26) ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

fn unicode_tld_data() -> &'static UnicodeTlds {
    use std::sync::OnceLock;
    static SET: OnceLock<UnicodeTlds> = OnceLock::new();
    SET.get_or_init(|| {
        let names: TldSet = crate::chars::TLDS
            .iter()
            .filter(|t| t.starts_with("xn--"))
            .filter_map(|t| {
                let (u, r) = idna::domain_to_unicode(t);
                r.ok().map(|_| u)
            })
            .collect();
        let mut first: Vec<char> = names
            .iter()
            .filter_map(|n| n.chars().next())
            .flat_map(|c| c.to_uppercase().chain(std::iter::once(c)))
            .collect();
        first.sort_unstable();
        first.dedup();
        UnicodeTlds { names, first }
    })
}

fn unicode_tlds() -> &'static TldSet {
    &unicode_tld_data().names
}

/// Whether some Unicode TLD starts with `c` (in any case, as `is_tld`
/// compares).
fn starts_unicode_tld(c: char) -> bool {
    unicode_tld_data().first.binary_search(&c).is_ok()
}

/// Two-label ASCII names whose "TLD" is far more often a file extension in
/// running text (`main.rs`, `setup.py`, `README.md`): not linked as bare
/// domains in the default mode.
const FILE_EXTENSION_TLDS: &[&str] = &[
    "py", "rs", "md", "sh", "pl", "pm", "cc", "cs", "ps", "zip", "mov", "so", "java", "ts", "js", "rb", "ai", "pdf",
];

/// Whether `tld` is one of `FILE_EXTENSION_TLDS` (any case).
fn is_file_extension(tld: &str) -> bool {
    static SET: std::sync::OnceLock<crate::chars::PackedSet> = std::sync::OnceLock::new();
    SET.get_or_init(|| crate::chars::PackedSet::new(FILE_EXTENSION_TLDS.iter().copied()))
        .contains(tld)
}

/// CJK sentence punctuation that ends a link when non-ASCII text follows it
/// (running CJK text has no space after a link).
#[inline]
fn is_cjk_stop(c: char) -> bool {
    matches!(c, '、' | '。' | '，' | '．' | '！' | '？' | '：' | '；' | '｡' | '､')
}

/// Whether `b` starts with `scheme://` (a second link glued on by CJK
/// punctuation: `…/a、https://…`).
fn starts_scheme(b: &[u8]) -> bool {
    let n = b
        .iter()
        .take(MAX_SCHEME_BACK)
        .take_while(|&&c| is_scheme_byte(c))
        .count();
    n > 0 && b[0].is_ascii_alphabetic() && b[n..].starts_with(b"://")
}

/// The closing quote for a link that starts right after `open`.
fn closing_quote(open: char) -> Option<char> {
    Some(match open {
        '"' => '"',
        '\'' => '\'',
        '`' => '`',
        '“' => '”',
        '‘' => '’',
        '„' => '“',
        '‚' => '‘',
        '«' => '»',
        '»' => '«',
        '‹' => '›',
        '›' => '‹',
        '”' => '”',
        _ => return None,
    })
}

/// Whether byte `i` of `text` is a grapheme cluster boundary.
fn is_grapheme_boundary(text: &str, i: usize) -> bool {
    if i == 0 || i >= text.len() {
        return true;
    }
    let b = text.as_bytes();
    if b[i].is_ascii() && b[i - 1].is_ascii() && !(b[i - 1] == b'\r' && b[i] == b'\n') {
        return true;
    }
    // Letters of the common scripts next to each other or to ASCII.
    let alone = |c: Option<char>| c.is_some_and(clusters_alone);
    if alone(char_before(text, i)) && alone(char_at(text, i)) {
        return true;
    }
    let mut cursor = GraphemeCursor::new(i, text.len(), true);
    cursor.is_boundary(text, 0).unwrap_or(true)
}

/// Characters with a grapheme cluster boundary between any two of them:
/// printable ASCII, and the letters of `FAST_DOMAIN_BLOCKS` whose
/// Grapheme_Cluster_Break is Other and that no conjunct rule joins
/// (Devanagari and Thai letters and Hangul syllables are left to the
/// segmenter). A unit test checks every one against it.
#[inline]
fn clusters_alone(c: char) -> bool {
    if c.is_ascii() {
        return !c.is_ascii_control();
    }
    in_fast_domain_block(c) && !matches!(c as u32, 0x0900..=0x0E7F | 0xAC00..=0xD7A3)
}

fn prev_grapheme_boundary(text: &str, i: usize) -> usize {
    let mut cursor = GraphemeCursor::new(i, text.len(), true);
    cursor.prev_boundary(text, 0).ok().flatten().unwrap_or(0)
}

/// Finds the next link in `text` at or after `pos`, starting no earlier than
/// `floor` (the end of the previous link).
///
/// `text` sits at `base` in `outer` (the whole input, which may hold
/// invalid UTF-8 around it): the trigger search may read around it.
pub(crate) fn next_link(
    f: &Finder,
    trig: &mut Triggers,
    (outer, base): (&[u8], usize),
    text: &str,
    mut pos: usize,
    floor: usize,
) -> Option<Raw> {
    while let Some((at, len)) = trig.next_in_run(outer, base, text, pos) {
        pos = at + len;
        if !worth_a_look(text.as_bytes(), at, len) {
            continue;
        }
        let b = text.as_bytes()[at];
        let found = if b == b':' {
            try_scheme(f, text, at, floor)
        } else {
            try_domain(f, text, at, len, floor)
        };
        if let Some(raw) = found {
            return Some(raw);
        }
    }
    None
}

/// The UTS 58 bracket stack, run-length encoded: a run of the same opener
/// (`((((`) takes one entry, so adversarial nesting costs O(1) memory per
/// run, and the whole stack is bounded by the link length cap.
struct Brackets {
    stack: Vec<(char, u32)>,
}

impl Brackets {
    fn new() -> Self {
        Brackets { stack: Vec::new() }
    }
    fn clear(&mut self) {
        self.stack.clear();
    }
    fn push(&mut self, c: char) {
        match self.stack.last_mut() {
            Some((top, n)) if *top == c => *n += 1,
            _ => self.stack.push((c, 1)),
        }
    }
    /// Pops if `close` pairs with the innermost opener.
    fn close(&mut self, close: char) -> bool {
        match (self.stack.last_mut(), opening_bracket(close)) {
            (Some((top, n)), Some(open)) if *top == open => {
                *n -= 1;
                if *n == 0 {
                    self.stack.pop();
                }
                true
            }
            _ => false,
        }
    }
}

/// Scans forward from `start` by the UTS 58 rules (plus, in the default
/// mode, the RFC 3987 character repertoire, CJK punctuation and closing
/// quotes) and returns the end of what is kept.
fn scan_forward(f: &Finder, text: &str, start: usize, part: Part, quote: Option<char>, link_start: usize) -> usize {
    scan_forward_with::<true>(f, text, start, part, quote, link_start)
}

/// [`scan_forward`], with or without the eight-byte path (the tests check
/// that both end every link at the same place).
#[inline(always)]
fn scan_forward_with<const CHUNKS: bool>(
    f: &Finder,
    text: &str,
    start: usize,
    mut part: Part,
    quote: Option<char>,
    link_start: usize,
) -> usize {
    let b = text.as_bytes();
    let limit = text.len().min(link_start.saturating_add(f.max_link_len));
    let strict = f.strict_uts58;
    let mut brackets = Brackets::new();
    let mut i = start;
    let mut end = start;
    // Where the eight-byte path is tried next: `usize::MAX` while a part
    // or bracket rule can apply to a simple byte (a bracket is open, or in
    // the authority), else the next byte after the last attempt's stop.
    // Only the byte-by-byte path below changes that state.
    let chunkable = |part: Part, brackets: &Brackets| CHUNKS && part != Part::Authority && brackets.stack.is_empty();
    let mut next_chunk = if chunkable(part, &brackets) { start } else { usize::MAX };
    while i < limit {
        // Eight plain bytes at a time: long paths and queries. One table
        // load per byte, one branch per eight.
        if i >= next_chunk && has_class(b[i], SIMPLE) {
            let run = i;
            while i + 8 <= limit {
                let chunk: &[u8; 8] = b[i..i + 8].try_into().expect("eight bytes");
                if chunk.iter().fold(SIMPLE, |all, &c| all & BYTE_CLASS[c as usize]) == 0 {
                    break;
                }
                i += 8;
            }
            // The run may end in Soft punctuation: `end` follows its last
            // Include byte, if any (found from the back, once per run).
            if let Some(j) = b[run..i].iter().rposition(|&c| BYTE_CLASS[c as usize] & INCLUDE != 0) {
                end = run + j + 1;
            }
            next_chunk = i + 16;
            if i >= limit {
                break;
            }
        }
        // Fast path: ASCII whose only effect is its Include/Soft class:
        // plain link characters and sub-delims anywhere, and (with no
        // bracket open) the separators inside a part: `/` after the
        // authority, `=` and `&`, `:`. One table load and one
        // well-predicted branch per byte.
        // (Non-short-circuit operators: the conditions are computed, not
        // branched on.)
        let k = BYTE_CLASS[b[i] as usize];
        let free = brackets.stack.is_empty() & !((b[i] == b'/') & (part == Part::Authority));
        if (k & SIMPLE != 0) & ((k & NEUTRAL != 0) | free) {
            end = if k & INCLUDE != 0 { i + 1 } else { end };
            i += 1;
            continue;
        }
        // Letters of the common scripts: Include, ucschar, no part or
        // bracket meaning (a unit test checks each block).
        if b[i] >= 0x80 {
            let run = common_letters_end(b, i, limit);
            if run > i {
                i = run;
                end = i;
                continue;
            }
        }
        let (c, clen) = if b[i] < 0x80 {
            let c = b[i] as char;
            if !strict && (Some(c) == quote || !has_class(b[i], IN_IRI)) {
                break;
            }
            (c, 1)
        } else {
            let c = char_at(text, i).unwrap_or('\0');
            let clen = c.len_utf8();
            if i + clen > limit {
                break;
            }
            if !strict {
                if Some(c) == quote || !can_appear_in_iri(c) {
                    break;
                }
                if is_cjk_stop(c)
                    && (char_at(text, i + clen).is_some_and(|n| !n.is_ascii()) || starts_scheme(&b[i + clen..]))
                {
                    break;
                }
            }
            (c, clen)
        };
        match link_term(c) {
            LinkTerm::Hard => break,
            LinkTerm::Include => end = i + clen,
            LinkTerm::Soft => {}
            LinkTerm::Open => {
                brackets.push(c);
                if strict {
                    end = i + clen;
                }
            }
            LinkTerm::Close => {
                if brackets.close(c) {
                    end = i + clen;
                } else {
                    break;
                }
            }
        }
        match (c, part) {
            ('/', Part::Authority | Part::Path) => {
                part = Part::Path;
                brackets.clear();
            }
            ('?', Part::Authority | Part::Path) => {
                part = Part::Query;
                brackets.clear();
            }
            ('#', Part::Authority | Part::Path | Part::Query) => {
                part = Part::Fragment;
                brackets.clear();
            }
            ('=' | '&', Part::Query) => brackets.clear(),
            (':', Part::Fragment) if b[i + 1..].starts_with(b"~:") => brackets.clear(),
            _ => {}
        }
        i += clen;
        next_chunk = match (chunkable(part, &brackets), next_chunk) {
            (false, _) => usize::MAX,
            (true, usize::MAX) => i,
            (true, n) => n,
        };
    }
    end
}

/// Drops trailing Soft characters and (default mode) unclosed openers.
fn trim_end(f: &Finder, text: &str, start: usize, mut end: usize) -> usize {
    while end > start {
        let c = char_before(text, end).unwrap_or('\0');
        match link_term(c) {
            LinkTerm::Soft => end -= c.len_utf8(),
            LinkTerm::Open if !f.strict_uts58 => end -= c.len_utf8(),
            _ => break,
        }
    }
    end
}

/// Repairs what browsers accept in running-text links but RFC 3987 does
/// not: `[` and `]` after the authority (`?foo[1]=a`, PHP and wiki links)
/// become `%5B` / `%5D`, and a `#` inside the fragment becomes `%23`. The
/// IRI a link denotes carries the encoded forms; its text stays as written.
/// Returns `None` when nothing needs repair.
pub(crate) fn repair_iri(iri: &str) -> Option<String> {
    // Most links have none of the three: answer that with one SIMD scan.
    memchr::memchr3(b'[', b']', b'#', iri.as_bytes())?;
    let tail = authority_end(iri);
    let fragment = iri[tail..].find('#').map(|i| tail + i + 1);
    let needs = iri[tail..].contains(['[', ']']) || fragment.is_some_and(|f| iri[f..].contains('#'));
    if !needs {
        return None;
    }
    let mut out = String::with_capacity(iri.len() + 8);
    out.push_str(&iri[..tail]);
    for (i, c) in iri[tail..].char_indices() {
        match c {
            '[' => out.push_str("%5B"),
            ']' => out.push_str("%5D"),
            '#' if fragment.is_some_and(|f| tail + i >= f) => out.push_str("%23"),
            _ => out.push(c),
        }
    }
    Some(out)
}

/// Maps a byte offset in the repaired string back to the written one: each
/// repaired character grew by two bytes.
fn unrepair_offset(written: &str, repaired_offset: usize) -> usize {
    let tail = authority_end(written);
    let fragment = written[tail..].find('#').map(|i| tail + i + 1);
    let mut pos = 0;
    for (i, c) in written.char_indices() {
        if pos >= repaired_offset {
            return i;
        }
        let repaired = i >= tail && (c == '[' || c == ']' || (c == '#' && fragment.is_some_and(|f| i >= f)));
        pos += if repaired { 3 } else { c.len_utf8() };
    }
    written.len()
}

/// Byte offset where the authority ends (or where the part after the
/// scheme starts, if there is no authority).
fn authority_end(iri: &str) -> usize {
    let b = iri.as_bytes();
    let colon = memchr::memchr(b':', b).map_or(0, |c| c + 1);
    if b[colon..].starts_with(b"//") {
        let a = colon + 2;
        b[a..]
            .iter()
            .position(|&c| matches!(c, b'/' | b'?' | b'#'))
            .map_or(b.len(), |p| a + p)
    } else {
        colon
    }
}

/// Validates `text[start..end]` as an IRI, cutting it back to the longest
/// valid prefix (RFC 3987 grammar) and re-trimming. Returns the new end, or
/// `None` if nothing at least `min_end` long survives.
fn validate_iri(f: &Finder, text: &str, start: usize, mut end: usize, min_end: usize) -> Option<usize> {
    for _ in 0..8 {
        end = trim_end(f, text, start, end);
        if end <= min_end {
            return None;
        }
        let cand = &text[start..end];
        let err = match repair_iri(cand) {
            None if quick_valid_iri(cand) => None,
            None => Iri::parse(cand).err().map(|e| e.offset()),
            Some(fixed) => Iri::parse(&fixed).err().map(|e| unrepair_offset(cand, e.offset())),
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

/// Moves `end` back so that the link never ends inside a grapheme cluster.
fn grapheme_end(f: &Finder, text: &str, start: usize, mut end: usize) -> usize {
    for _ in 0..4 {
        if is_grapheme_boundary(text, end) {
            return end;
        }
        end = trim_end(f, text, start, prev_grapheme_boundary(text, end).max(start));
    }
    end
}

/// Checks the labels of a DNS name: none empty (a final trailing dot is
/// allowed), none starting or ending with `-`.
fn dns_labels_ok(host: &str) -> bool {
    let host = host.strip_suffix('.').unwrap_or(host);
    if host.is_ascii() {
        return ascii_labels_ok(host.as_bytes());
    }
    // The same over characters, with every domain dot as a separator (runs
    // of common letters at once: neither dots nor `-`).
    let b = host.as_bytes();
    let mut prev = '.';
    let mut i = 0;
    while i < b.len() {
        let run = common_letters_end(b, i, b.len());
        if run > i {
            prev = 'a';
            i = run;
            continue;
        }
        let c = char_at(host, i).unwrap_or('\0');
        i += c.len_utf8();
        let dot = is_domain_dot(c);
        if (dot && (prev == '.' || prev == '-')) || (c == '-' && prev == '.') {
            return false;
        }
        prev = if dot { '.' } else { c };
    }
    !host.is_empty() && prev != '.' && prev != '-'
}

/// [`dns_labels_ok`] for an ASCII name without its trailing dot: not
/// empty, no label empty or starting or ending with `-`.
fn ascii_labels_ok(b: &[u8]) -> bool {
    let mut labels = AsciiLabels::new();
    b.iter().for_each(|&c| labels.push(c));
    labels.ok()
}

/// The label checks of [`ascii_labels_ok`], a byte at a time (for scans
/// that read the name anyway). A label edge is the start, the end, or
/// either side of a dot; branch-free (a mispredicted branch per label edge
/// cost more than the arithmetic).
struct AsciiLabels {
    prev_dot: bool,
    prev_hyphen: bool,
    bad: bool,
}

impl AsciiLabels {
    fn new() -> Self {
        // The start counts as a dot: a name cannot start with a dot or `-`.
        AsciiLabels {
            prev_dot: true,
            prev_hyphen: false,
            bad: false,
        }
    }

    #[inline(always)]
    fn push(&mut self, c: u8) {
        let (dot, hyphen) = (c == b'.', c == b'-');
        self.bad |= (dot & (self.prev_dot | self.prev_hyphen)) | (hyphen & self.prev_dot);
        (self.prev_dot, self.prev_hyphen) = (dot, hyphen);
    }

    /// Not empty (the start's dot is gone), and no edge broken, the end
    /// included.
    fn ok(&self) -> bool {
        !self.bad & !self.prev_dot & !self.prev_hyphen
    }
}

/// UTS 58 local-part rules: non-empty, no leading or trailing `.`, no `..`.
fn local_part_ok(local: &str) -> bool {
    let b = local.as_bytes();
    !b.is_empty() && b[0] != b'.' && b[b.len() - 1] != b'.' && !b.windows(2).any(|w| w == b"..")
}

/// A candidate IRI whose scheme's `:` is at `colon`.
fn try_scheme(f: &Finder, text: &str, colon: usize, floor: usize) -> Option<Raw> {
    try_scheme_with::<true>(f, text, colon, floor)
}

/// [`try_scheme`], with or without [`plain_web_link`] (the tests check
/// that both find the same link at every colon).
#[inline(always)]
fn try_scheme_with<const FAST: bool>(f: &Finder, text: &str, colon: usize, floor: usize) -> Option<Raw> {
    let b = text.as_bytes();
    let lo = floor.max(colon.saturating_sub(MAX_SCHEME_BACK));
    let mut s = colon;
    while s > lo && is_scheme_byte(b[s - 1]) {
        s -= 1;
    }
    if s > floor && s > 0 && is_scheme_byte(b[s - 1]) {
        return None; // longer than any scheme
    }
    while s < colon && !b[s].is_ascii_alphabetic() {
        s += 1;
    }
    if s == colon || (s > 0 && b[s - 1].is_ascii_alphanumeric()) {
        return None;
    }
    let scheme = &text[s..colon];
    if let Some(allowed) = &f.allowed_schemes {
        if !allowed.iter().any(|a| a.eq_ignore_ascii_case(scheme)) {
            return None;
        }
    }
    let slashes = b[colon + 1..].starts_with(b"//");
    let is_file = scheme.eq_ignore_ascii_case("file");
    let prev = char_before(text, s);
    let folding_opener = prev == Some('<') || (s >= 5 && text.as_bytes()[s - 5..s].eq_ignore_ascii_case(b"<url:"));
    if folding_opener && (slashes || is_registered_opaque_scheme(scheme)) {
        if let Some(raw) = try_folded(f, text, s, colon) {
            return Some(raw);
        }
    }
    let quote = prev.and_then(closing_quote);
    if FAST && slashes && !is_file && !f.strict_uts58 && !scheme.eq_ignore_ascii_case("mailto") {
        if let Some(end) = plain_web_link(f, text, s, colon, quote) {
            return Some(Raw {
                start: s,
                end,
                kind: LinkKind::Iri,
                folded: false,
            });
        }
    }
    let (tail_start, part, min_end) = if slashes {
        let a = colon + 3;
        // Look at the authority before scanning the rest: reject early.
        let auth_end = b[a..]
            .iter()
            .position(|&c| has_class(c, AUTHORITY_END))
            .map_or(b.len(), |p| a + p);
        let auth = trim_end(f, text, a, auth_end);
        let auth = &text[a..auth];
        // The host: after the last `@`, before a `:port` (authorities are
        // short: plain byte loops beat the searchers' setup).
        let ab = auth.as_bytes();
        let host_start = ab.iter().rposition(|&c| c == b'@').map_or(0, |p| p + 1);
        let host = &auth[host_start..];
        let host = if host.starts_with('[') {
            host
        } else {
            &host[..host.bytes().position(|c| c == b':').unwrap_or(host.len())]
        };
        if host.is_empty() && !is_file {
            return None;
        }
        if !host.is_empty() && !host.starts_with('[') && uses_dns(scheme) && !dns_labels_ok(host) {
            return None;
        }
        (a, Part::Authority, if is_file { colon + 3 } else { a })
    } else {
        let next = char_at(text, colon + 1)?;
        if !can_appear_in_iri(next) || matches!(link_term(next), LinkTerm::Hard | LinkTerm::Close) {
            return None;
        }
        if !is_registered_opaque_scheme(scheme) {
            return None;
        }
        (colon + 1, Part::Path, colon + 1)
    };
    let end = scan_forward(f, text, tail_start, part, quote, s);
    // Validation and grapheme boundaries each may move the end back; repeat
    // until both hold (`http://[::1]\u{301}`: the mark clusters with `]`).
    let mut end = validate_iri(f, text, s, end, min_end)?;
    for _ in 0..4 {
        let g = grapheme_end(f, text, s, end);
        if g == end {
            break;
        }
        end = validate_iri(f, text, s, g, min_end)?;
    }
    if end <= min_end || !is_grapheme_boundary(text, end) {
        return None;
    }
    let end = if scheme.eq_ignore_ascii_case("mailto") {
        let end = trim_end(f, text, s, colon + 1 + mailto_len(&text[colon + 1..end]));
        if end <= min_end || !mailto_ok(&text[colon + 1..end]) {
            return None;
        }
        end
    } else {
        end
    };
    Some(Raw {
        start: s,
        end,
        kind: LinkKind::Iri,
        folded: false,
    })
}

/// The longest link [`plain_web_link`] takes (most are far shorter).
const PLAIN_WEB_LINK_MAX: usize = 256;

/// The end of the link `scheme://host[:port][/path][?query][#fragment]` at
/// `s` when it has the plain shape most links have: a host of ASCII
/// letters, digits, `-`, dots and letters of the common scripts
/// (`FAST_DOMAIN_BLOCKS`) that ends in neither a dot nor `-`, a port of
/// digits, then link bytes that no bracket, quote or part rule applies to,
/// common-script letters, `%` with two hex digits, `?`, one `#`; ended by
/// a byte that is not in any IRI (space, `<`, `"`, …) or the end of the
/// text. One pass over the bytes finds the end that the general rules
/// (authority check, forward scan, validation, grapheme boundary) would
/// find, and the link is valid by construction. `None`: not that shape,
/// ask the general rules — so anything unusual (other non-ASCII, brackets,
/// userinfo, IP literals, a second `#`, over 256 bytes) costs only this
/// pass in addition.
///
/// Only for the default mode, a scheme with `//` other than `file` and
/// `mailto`, and an opening quote whose closing quote is not in any IRI.
fn plain_web_link(f: &Finder, text: &str, s: usize, colon: usize, quote: Option<char>) -> Option<usize> {
    if quote.is_some_and(|q| !q.is_ascii() || has_class(q as u8, IN_IRI)) {
        return None;
    }
    let b = text.as_bytes();
    // Long links go to the general rules, which take eight bytes per step:
    // a byte loop here would only add to their cost.
    let limit = b.len().min(s.saturating_add(f.max_link_len.min(PLAIN_WEB_LINK_MAX)));
    // The cap cuts the link: the general rules decide where.
    let capped = |i: usize| i >= limit && limit < b.len();
    // The host: labels of ASCII and of letters of the common scripts
    // (each run counts as a letter), ending in neither a dot nor `-`.
    let mut i = colon + 3;
    let mut labels = AsciiLabels::new();
    while i < limit {
        if has_class(b[i], LABEL_BYTE | DOT_BYTE) {
            labels.push(b[i]);
            i += 1;
            continue;
        }
        let run = common_letters_end(b, i, limit);
        if run == i {
            break;
        }
        labels.push(b'a');
        i = run;
    }
    if capped(i) || !labels.ok() {
        return None;
    }
    let mut end = i;
    if b.get(i) == Some(&b':') {
        let port = i + 1;
        i = port;
        while i < limit && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == port || capped(i) {
            return None;
        }
        end = i;
    }
    // After the authority: the end of the text, an authority end that no
    // IRI holds, or a path, query or fragment.
    match b.get(i) {
        None => return Some(end),
        Some(&c) if c <= b' ' || matches!(c, b'<' | b'>' | b'"') => return Some(end),
        Some(b'/' | b'?' | b'#') => {}
        Some(_) => return None,
    }
    let mut fragment = false;
    while i < limit {
        let c = b[i];
        let k = BYTE_CLASS[c as usize];
        if k & SIMPLE != 0 {
            if c == b'%' {
                if i + 3 > limit || !is_pct_encoded(b, i) {
                    return None;
                }
                i += 3;
                end = i;
            } else {
                i += 1;
                end = if k & INCLUDE != 0 { i } else { end };
            }
            continue;
        }
        match c {
            // Soft: kept only with more link after it.
            b'?' => i += 1,
            b'#' if !fragment => {
                fragment = true;
                i += 1;
                end = i;
            }
            // Where the forward scan stops (the opening quote's closing
            // quote is one of these bytes, or there is none).
            _ if k & IN_IRI == 0 && c < 0x80 => return Some(end),
            // Letters of the common scripts: Include, ucschar, no part or
            // bracket meaning, and a grapheme boundary on either side of a
            // run that ASCII follows.
            _ if c >= 0x80 => {
                let run = common_letters_end(b, i, limit);
                if run > i {
                    i = run;
                    end = i;
                    continue;
                }
                // CJK sentence punctuation before more non-ASCII text ends
                // the link (running CJK text has no space after a link).
                let stop = char_at(text, i).filter(|&c| is_cjk_stop(c));
                return match stop {
                    Some(c) if b.get(i + c.len_utf8()).is_some_and(|&n| n >= 0x80) && i + c.len_utf8() <= limit => {
                        Some(end)
                    }
                    _ => None,
                };
            }
            _ => return None,
        }
    }
    (!capped(i)).then_some(end)
}

/// The length of a `mailto:` target: a domain ends at the first character
/// that cannot be in a domain (`mailto:a@example.com/foo` ends before `/`,
/// as UTS 58 ends an email at its TLD), unless a `?` query follows.
fn mailto_len(to: &str) -> usize {
    let mut in_domain = false;
    for (i, c) in to.char_indices() {
        match c {
            '@' => in_domain = true,
            ',' => in_domain = false,
            '?' => return to.len(),
            '%' => {}
            c if in_domain && !is_domain_char(c) && !is_domain_dot(c) => return i,
            _ => {}
        }
    }
    to.len()
}

/// Every address of a `mailto:` follows the email rules.
fn mailto_ok(to: &str) -> bool {
    let to = to.split('?').next().unwrap_or("");
    to.is_empty()
        || to.split(',').all(|addr| match addr.rfind('@') {
            Some(at) => local_part_ok(&addr[..at]) && dns_labels_ok(&addr[at + 1..]),
            None => !addr.is_empty(),
        })
}

/// RFC 3986 Appendix C: an IRI inside `<…>` (or `<URL:…>`) that is folded
/// over lines is one link; its IRI drops the whitespace (and the `>` quote
/// markers that a mail reply puts at the start of continuation lines).
fn try_folded(f: &Finder, text: &str, s: usize, colon: usize) -> Option<Raw> {
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

/// Whether LinkEmail characters from `i` lead to an `@` (within the local
/// part length cap): then the name before `i` is part of a local part.
fn local_part_continues_to_at(text: &str, i: usize) -> bool {
    for (n, c) in text[i..].char_indices() {
        if c == '@' {
            return true;
        }
        // Characters that also delimit URL parts are not taken as part of
        // a local part here: `example.com/user@host` is a path, not an email.
        if n > MAX_LOCAL_BACK || !is_link_email(c) || matches!(c, '/' | '?' | '#' | '=' | '&') {
            return false;
        }
    }
    false
}

/// Reads a domain label starting at `i`; returns its end, or stops once it
/// is longer than `max` bytes (the caller then rejects it).
fn label_end(text: &str, mut i: usize, max: usize) -> usize {
    let b = text.as_bytes();
    let limit = b.len().min(i.saturating_add(max + 1));
    i = ascii_label_end(b, i, limit);
    if i >= limit || b[i] < 0x80 {
        return i;
    }
    while i < limit {
        let run = common_letters_end(b, i, limit);
        if run > i {
            i = run;
            continue;
        }
        match char_at(text, i) {
            Some(c) if is_domain_char(c) => i += c.len_utf8(),
            _ => break,
        }
    }
    i
}

/// A candidate scheme-less domain or email whose dot before the TLD is at `dot`.
fn try_domain(f: &Finder, text: &str, dot: usize, dot_len: usize, floor: usize) -> Option<Raw> {
    if dot_len == 1 && !f.strict_uts58 {
        match plain_dot_link(f, text, dot, floor) {
            Plain::Link(raw) => return Some(raw),
            Plain::NoLink => return None,
            Plain::Ask => {}
        }
    }
    general_domain(f, text, dot, dot_len, floor)
}

/// What [`plain_dot_link`] made of a dot.
enum Plain {
    /// The link the general rules find.
    Link(Raw),
    /// The general rules find none.
    NoLink,
    /// Not the plain shape: ask the general rules.
    Ask,
}

/// Whether a bare domain or email that is followed by `c` (`None`: the
/// end of the text) ends there, with nothing more to decide: the byte is in
/// no label, local part or scheme, and none of `. : @ / ? #`, which start a
/// port, path or address (a unit test checks these classes).
#[inline(always)]
fn ends_plain_name(c: Option<&u8>) -> bool {
    match c {
        None => true,
        Some(&c) => {
            c <= b' '
                || matches!(
                    c,
                    b'"' | b'(' | b')' | b',' | b';' | b'<' | b'>' | b'[' | b'\\' | b']' | 0x7F
                )
        }
    }
}

/// The bare domain or email at an ASCII `dot` when it has the shape most
/// have: a TLD followed by a byte that ends any name (a sentence's `.` or
/// a `:` before one included), labels before the dot and a local part
/// before an `@`, all of ASCII and letters of the common scripts
/// (`user.name@example.org`, `www.example.com`, `ольга@пример.рф`). One pass each way, with the label and local-part
/// checks on the way, decides what the general rules ([`general_domain`])
/// would, the common rejections included (`www.` before more labels, a dot
/// in a local part before its `@`, a TLD that is not one). Anything else —
/// non-ASCII, a port or path, a character that could continue an address,
/// a name that reaches a cap — is [`Plain::Ask`]. Only for the default
/// mode (a test compares both at every dot of random texts).
fn plain_dot_link(f: &Finder, text: &str, dot: usize, floor: usize) -> Plain {
    let b = text.as_bytes();
    let after = dot + 1;
    // The TLD (under 64 bytes: the general rules decide longer runs).
    let limit = b.len().min(after + 63);
    let mut tld_end = after;
    // Letters of the common scripts (domain and email characters, grapheme
    // boundaries next to ASCII: unit tests check each) count as letters.
    let mut ascii = true;
    tld_end = ascii_label_end(b, tld_end, limit);
    if tld_end < limit && b[tld_end] >= 0x80 {
        (tld_end, ascii) = mixed_label_end(b, tld_end, limit);
    }
    if tld_end == after || tld_end == limit {
        return Plain::Ask;
    }
    match b.get(tld_end) {
        // More labels, or a dot in a local part: no link at this dot.
        Some(b'.') if b.get(tld_end + 1).is_some_and(u8::is_ascii_alphanumeric) => return Plain::NoLink,
        Some(b'@') => return Plain::NoLink,
        // The end of a sentence, or a colon that starts no port or scheme.
        Some(b'.' | b':') if ends_plain_name(b.get(tld_end + 1)) => {}
        c if ends_plain_name(c) => {}
        _ => return Plain::Ask,
    }
    let tld = || &text[after..tld_end];
    if !(if ascii {
        crate::chars::is_label_tld(b, after, tld_end)
    } else {
        is_tld(tld())
    }) {
        return Plain::NoLink;
    }
    // The labels before the dot, checked backwards (the label rules read
    // the same both ways; the TLD before the dot is a good label).
    let lo = floor.max(dot.saturating_sub(MAX_DOMAIN_BACK));
    let mut s = dot;
    let mut labels = AsciiLabels::new();
    s = ascii_name_start(b, s, lo, &mut labels);
    if s > lo && b[s - 1] >= 0x80 {
        let start = mixed_name_start(b, s, lo, &mut labels);
        ascii &= start == s;
        s = start;
    }
    if s == dot || (s > 0 && b[s - 1] >= 0x80) || (s == lo && lo > floor) {
        return Plain::Ask;
    }
    if !labels.ok() {
        return Plain::NoLink;
    }
    if s > 0 && b[s - 1] == b'@' {
        return plain_email(f, b, s, tld_end, floor);
    }
    if !f.domain {
        return Plain::NoLink;
    }
    let before = &b[floor..s];
    // The byte before the name, even before the floor.
    let prev = s.checked_sub(1).map(|p| b[p]);
    if before.ends_with(b"://")
        || prev.is_some_and(|p| {
            matches!(
                p,
                b'/' | b'\\' | b'_' | b'$' | b'%' | b'~' | b'#' | b'*' | b'^' | b'|' | b'`'
            )
        })
    {
        return Plain::NoLink;
    }
    let first = &b[s..dot];
    if ascii && !first.contains(&b'.') && !first.eq_ignore_ascii_case(b"www") && is_file_extension(tld()) {
        return Plain::NoLink;
    }
    Plain::Link(Raw {
        start: s,
        end: tld_end,
        kind: LinkKind::Domain,
        folded: false,
    })
}

/// The rest of a label that goes on with a letter of the common scripts at
/// `i`: its end (ASCII label bytes and such letters, up to `limit`), and
/// `false` (not ASCII). Out of line: most names are ASCII.
#[cold]
#[inline(never)]
fn mixed_label_end(b: &[u8], mut i: usize, limit: usize) -> (usize, bool) {
    loop {
        let run = common_letters_end(b, i, limit);
        if run == i {
            return (i, false);
        }
        i = ascii_label_end(b, run, limit);
    }
}

/// The start of a name whose labels go on backwards from `s` with a letter
/// of the common scripts (each run pushed to `labels` as a letter), no
/// further back than `lo`. Out of line: most names are ASCII.
#[cold]
#[inline(never)]
fn mixed_name_start(b: &[u8], mut s: usize, lo: usize, labels: &mut AsciiLabels) -> usize {
    loop {
        let run = common_letters_start(b, s, lo);
        if run == s {
            return s;
        }
        labels.push(b'a');
        s = ascii_name_start(b, run, lo, labels);
    }
}

/// The start of a local part that goes on backwards from `ls` with a
/// letter of the common scripts, no further back than `lo`, and whether it
/// holds `..` (`double_dot`: so far). Out of line: most are ASCII.
#[cold]
#[inline(never)]
fn mixed_local_start(b: &[u8], mut ls: usize, lo: usize, mut double_dot: bool) -> (usize, bool) {
    loop {
        let run = common_letters_start(b, ls, lo);
        if run == ls {
            return (ls, double_dot);
        }
        ls = ascii_local_start(b, run, lo, &mut double_dot);
    }
}

/// The end of the ASCII label bytes from `i`, up to `limit`.
#[inline(always)]
fn ascii_label_end(b: &[u8], mut i: usize, limit: usize) -> usize {
    while i < limit && has_class(b[i], LABEL_BYTE) {
        i += 1;
    }
    i
}

/// The start of the ASCII label bytes and dots that end at `s`, no
/// further back than `lo`, each pushed to `labels`.
#[inline(always)]
fn ascii_name_start(b: &[u8], mut s: usize, lo: usize, labels: &mut AsciiLabels) -> usize {
    while s > lo && has_class(b[s - 1], LABEL_BYTE | DOT_BYTE) {
        s -= 1;
        labels.push(b[s]);
    }
    s
}

/// The start of the ASCII local-part characters that end at `ls`, no
/// further back than `lo`; `double_dot` is set on a `..` among them.
#[inline(always)]
fn ascii_local_start(b: &[u8], mut ls: usize, lo: usize, double_dot: &mut bool) -> usize {
    while ls > lo && b[ls - 1] < 0x80 && crate::chars::ASCII_LINK_EMAIL[b[ls - 1] as usize] {
        ls -= 1;
        *double_dot |= b[ls] == b'.' && b[ls + 1] == b'.';
    }
    ls
}

/// [`plain_dot_link`] for the email whose domain starts at `s`, after an
/// `@`: its local part, read backwards, is ASCII and common-script letters
/// too.
fn plain_email(f: &Finder, b: &[u8], s: usize, tld_end: usize, floor: usize) -> Plain {
    if !f.email {
        return Plain::NoLink;
    }
    let at = s - 1;
    let lo = floor.max(at.saturating_sub(MAX_LOCAL_BACK));
    let mut ls = at;
    let mut double_dot = false;
    ls = ascii_local_start(b, ls, lo, &mut double_dot);
    if ls > lo && b[ls - 1] >= 0x80 {
        (ls, double_dot) = mixed_local_start(b, ls, lo, double_dot);
    }
    if (ls > 0 && b[ls - 1] >= 0x80) || (ls == lo && lo > floor) {
        return Plain::Ask;
    }
    if ls == at || b[ls] == b'.' || b[at - 1] == b'.' || double_dot {
        return Plain::NoLink;
    }
    let before = &b[floor..ls];
    if before.ends_with(b"://") || before.ends_with(b"@") || (b[ls] == b'/' && before.ends_with(b":")) {
        return Plain::NoLink;
    }
    let (start, kind) = if before.len() >= 7 && before[before.len() - 7..].eq_ignore_ascii_case(b"mailto:") {
        (ls - 7, LinkKind::Iri)
    } else {
        (ls, LinkKind::Email)
    };
    Plain::Link(Raw {
        start,
        end: tld_end,
        kind,
        folded: false,
    })
}

/// The general rules for a scheme-less domain or email at `dot`.
fn general_domain(f: &Finder, text: &str, dot: usize, dot_len: usize, floor: usize) -> Option<Raw> {
    let strict = f.strict_uts58;
    let after = dot + dot_len;
    let first = text.as_bytes()[after];
    if first >= 0x80 && !char_at(text, after).is_some_and(starts_unicode_tld) {
        return None;
    }
    // No TLD is longer than 63 bytes (ASCII) or `MAX_UNICODE_TLD_BYTES`:
    // a dot before a long run of letters (CJK text after `。`) is rejected
    // after reading that many.
    let tld_end = label_end(text, after, MAX_UNICODE_TLD_BYTES);
    if tld_end == after || tld_end - after > MAX_UNICODE_TLD_BYTES {
        return None;
    }
    // The TLD must be the last label.
    let next = char_at(text, tld_end);
    if let Some(n) = next {
        let bytes = text.as_bytes();
        if n == '.' && bytes.get(tld_end + 1).is_some_and(|c| c.is_ascii_alphanumeric()) {
            return None; // not the last label (ASCII fast path)
        }
        if is_domain_dot(n) && char_at(text, tld_end + n.len_utf8()).is_some_and(is_domain_char) {
            return None;
        }
        if n == '@' || (n != '.' && is_link_email(n) && local_part_continues_to_at(text, tld_end)) {
            return None; // a dot inside an email's local part (`user.name+tag@…`)
        }
    }
    if !is_tld(&text[after..tld_end]) {
        return None;
    }
    // `x-my.app+v2://…`: the name is the start of a scheme, not a domain.
    let b = text.as_bytes();
    let scheme_tail = b[tld_end..]
        .iter()
        .take(MAX_SCHEME_BACK)
        .take_while(|&&c| is_scheme_byte(c))
        .count();
    if b[tld_end + scheme_tail..].starts_with(b"://") {
        return None;
    }
    // Back up over the other labels.
    let lo = floor.max(dot.saturating_sub(MAX_DOMAIN_BACK));
    let mut s = dot;
    while s > lo {
        // ASCII labels and dots a byte at a time; other characters decoded.
        if has_class(b[s - 1], LABEL_BYTE | DOT_BYTE) {
            s -= 1;
            continue;
        }
        if b[s - 1] < 0x80 {
            break;
        }
        let run = common_letters_start(b, s, lo);
        if run < s {
            s = run;
            continue;
        }
        let c = char_before(text, s)?;
        if is_domain_char(c) || is_domain_dot(c) {
            s -= c.len_utf8();
        } else {
            break;
        }
    }
    // The name goes on past the cap: longer than any DNS name, and a link
    // never starts in the middle of one.
    if s == lo && lo > floor && char_before(text, s).is_some_and(|c| is_domain_char(c) || is_domain_dot(c)) {
        return None;
    }
    // A label never starts with a combining mark (IDNA): a mark before the
    // name belongs to whatever precedes it.
    while s < dot && b[s] >= 0x80 {
        match char_at(text, s) {
            Some(c) if !c.is_ascii() && !is_alphanumeric(c) => s += c.len_utf8(),
            _ => break,
        }
    }
    if s < lo || s >= dot || !text.is_char_boundary(s) {
        return None;
    }
    let host = &text[s..tld_end];
    if !dns_labels_ok(host) || !is_grapheme_boundary(text, s) {
        return None;
    }
    let prev = char_before(text, s);
    if prev == Some('@') {
        return email(f, text, s, tld_end, floor);
    }
    if !f.domain && !strict {
        return None;
    }
    let mut start = s;
    let mut kind = LinkKind::Domain;
    let before = &text[floor..s];
    if strict {
        if !f.domain {
            return None;
        }
        for prefix in ["https://", "http://"] {
            if ends_with_ignore_case(before, prefix) {
                start = s - prefix.len();
                kind = LinkKind::Iri;
                break;
            }
        }
        if kind == LinkKind::Domain && before.ends_with("://") {
            return None;
        }
    } else {
        if before.ends_with("://") {
            return None; // a scheme IRI, judged (and rejected) by its scheme
        }
        if prev.is_some_and(|p| matches!(p, '/' | '\\' | '_' | '$' | '%' | '~' | '#' | '*' | '^' | '|' | '`')) {
            return None; // a file path or an identifier, not a link
        }
        // `name.ext`: exactly one dot, the TLD a common file extension.
        let tld = &text[after..tld_end];
        let first = &text[s..dot];
        if is_file_extension(tld) && host.is_ascii() && !first.contains('.') && !first.eq_ignore_ascii_case("www") {
            return None;
        }
    }
    let quote = if strict { None } else { prev.and_then(closing_quote) };
    let mut end = tld_end;
    // A trailing dot belongs to the host only when a port, path, query or
    // fragment follows (`example.com./a`); never after the port.
    if b.get(end) == Some(&b'.') && matches!(b.get(end + 1), Some(b'/' | b'?' | b'#' | b':')) {
        end += 1;
    }
    // Optional :port (up to 65535).
    if b.get(end) == Some(&b':') {
        let digits = b[end + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
        if (1..=5).contains(&digits) {
            let port: u32 = text[end + 1..end + 1 + digits].parse().unwrap_or(u32::MAX);
            if port <= 65535 {
                end += 1 + digits;
            }
        }
    }
    if b.get(end - 1) == Some(&b'.') && !matches!(b.get(end), Some(b'/' | b'?' | b'#')) {
        end -= 1; // `example.com.:x`: the dot was not followed by a port after all
    }
    let host_end = end;
    if matches!(b.get(end), Some(b'/' | b'?' | b'#')) {
        end = scan_forward(f, text, end, Part::Path, quote, start);
        end = trim_end(f, text, host_end, end);
        if !strict && end > host_end {
            end = validate_tail(f, text, host_end, end);
        }
    }
    let end = if strict { end } else { grapheme_end(f, text, start, end) };
    if end < tld_end {
        return None;
    }
    Some(Raw {
        start,
        end,
        kind,
        folded: false,
    })
}

/// Cuts the path/query/fragment after a scheme-less host to its longest
/// valid prefix.
fn validate_tail(f: &Finder, text: &str, host_end: usize, mut end: usize) -> usize {
    for _ in 0..8 {
        end = trim_end(f, text, host_end, end);
        if end <= host_end {
            return host_end;
        }
        let tail = &text[host_end..end];
        // Common case: nothing to repair, validate in place.
        if memchr::memchr3(b'[', b']', b'#', tail.as_bytes()).is_none() {
            match validate_after_authority(tail) {
                Ok(()) => return end,
                Err(e) => {
                    end = host_end + e.offset();
                    continue;
                }
            }
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

/// The email whose domain starts at `s` (`@` just before it).
fn email(f: &Finder, text: &str, s: usize, tld_end: usize, floor: usize) -> Option<Raw> {
    if !f.email && !f.strict_uts58 {
        return None;
    }
    let at = s - 1;
    let lo = floor.max(at.saturating_sub(MAX_LOCAL_BACK));
    let mut ls = at;
    let b = text.as_bytes();
    while ls > lo {
        if b[ls - 1] < 0x80 {
            if !crate::chars::ASCII_LINK_EMAIL[b[ls - 1] as usize] {
                break;
            }
            ls -= 1;
            continue;
        }
        // Letters of the common scripts are LinkEmail (a test checks).
        let run = common_letters_start(b, ls, lo);
        if run < ls {
            ls = run;
            continue;
        }
        let c = char_before(text, ls)?;
        if is_link_email(c) {
            ls -= c.len_utf8();
        } else {
            break;
        }
    }
    if ls == lo && lo > floor && char_before(text, ls).is_some_and(is_link_email) {
        return None; // local part too long: never start inside it
    }
    // A combining mark before the address belongs to what precedes it.
    while ls < at && b[ls] >= 0x80 {
        match char_at(text, ls) {
            Some(c) if !c.is_ascii() && !is_alphanumeric(c) => ls += c.len_utf8(),
            _ => break,
        }
    }
    if !local_part_ok(&text[ls..at]) || !is_grapheme_boundary(text, ls) {
        return None;
    }
    let before = &text[floor..ls];
    if before.ends_with("://") || before.ends_with('@') || (text[ls..at].starts_with('/') && before.ends_with(':')) {
        return None; // userinfo of a URL, or part of a longer address
    }
    let mut start = ls;
    let mut kind = LinkKind::Email;
    if ends_with_ignore_case(before, "mailto:") {
        start = ls - 7;
        kind = LinkKind::Iri;
    }
    if !f.email && kind == LinkKind::Email {
        return None;
    }
    Some(Raw {
        start,
        end: tld_end,
        kind,
        folded: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(5_000))]

        /// The eight-byte path in the forward scan ends every link where
        /// the byte-by-byte rules end it: in every part, with and without
        /// a quote, with a length cap that falls anywhere.
        #[test]
        fn eight_byte_path_ends_links_where_the_byte_rules_do(
            pieces in proptest::collection::vec(proptest::sample::select(SCAN_PIECES), 0..64),
            cap in 1usize..200,
        ) {
            let text = pieces.concat();
            for f in uncapped_and_capped(cap) {
                for part in [Part::Authority, Part::Path, Part::Query, Part::Fragment] {
                    for quote in [None, Some('"'), Some('\'')] {
                        for start in [0, text.len() / 3].into_iter().filter(|&s| text.is_char_boundary(s)) {
                            proptest::prop_assert_eq!(
                                scan_forward_with::<true>(&f, &text, start, part, quote, 0),
                                scan_forward_with::<false>(&f, &text, start, part, quote, 0),
                                "{:?} {:?} {:?} from {}", text, part, quote, start
                            );
                        }
                    }
                }
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(20_000))]

        /// The one-pass path for plain web links finds, at every colon,
        /// the link the general rules find (or, like them, none): with
        /// quotes before the scheme, ports, every kind of byte after the
        /// host and in the path, and a length cap that falls anywhere.
        #[test]
        fn plain_web_link_path_finds_what_the_general_rules_find(
            pieces in proptest::collection::vec(proptest::sample::select(WEB_PIECES), 0..24),
            cap in 16usize..80,
            floor_at in 0usize..8,
        ) {
            let text = pieces.concat();
            for f in uncapped_and_capped(cap) {
                for (colon, _) in text.match_indices(':') {
                    let floor = floor_before(&text, colon, floor_at);
                    let fast = try_scheme_with::<true>(&f, &text, colon, floor).map(|r| (r.start, r.end, r.folded));
                    let general = try_scheme_with::<false>(&f, &text, colon, floor).map(|r| (r.start, r.end, r.folded));
                    proptest::prop_assert_eq!(fast, general, "{:?} at {} floor {} cap {}", text, colon, floor, f.max_link_length());
                }
            }
        }

        /// The one-pass path for plain domains and emails decides, at
        /// every ASCII dot, what the general rules decide: with names at
        /// and past the walk-back caps, local parts, `mailto:`, file
        /// extensions, every kind of byte before and after the name, and
        /// emails or domains turned off.
        #[test]
        fn plain_dot_link_path_decides_what_the_general_rules_decide(
            pieces in proptest::collection::vec(proptest::sample::select(DOT_PIECES), 0..24),
            floor_at in 0usize..12,
        ) {
            let text = pieces.concat();
            let mut finders = [Finder::new(), Finder::new(), Finder::new()];
            finders[1].email(false);
            finders[2].domain(false);
            for f in &finders {
                for (dot, _) in text.match_indices('.') {
                    if !worth_a_look(text.as_bytes(), dot, 1) {
                        continue;
                    }
                    let floor = floor_before(&text, dot, floor_at);
                    let both = try_domain(f, &text, dot, 1, floor).map(|r| (r.start, r.end, r.kind));
                    let general = general_domain(f, &text, dot, 1, floor).map(|r| (r.start, r.end, r.kind));
                    proptest::prop_assert_eq!(both, general, "{:?} at {} floor {}", text, dot, floor);
                }
            }
        }
    }

    /// Labels, TLDs (and words that are not), local parts, and every kind
    /// of byte before and after a name.
    const DOT_PIECES: &[&str] = &[
        ".com",
        ".ORG",
        ".co",
        ".uk",
        ".png",
        ".py",
        ".xn--p1ai",
        ".example",
        ".c0m",
        ".co-",
        "@example.com",
        "user.name@",
        "www.",
        "example",
        "www",
        "a",
        "b-c",
        "-",
        "0",
        "x9",
        ".",
        "..",
        "com",
        "ORG",
        "co",
        "uk",
        "xn--p1ai",
        "png",
        "py",
        "rs",
        "html",
        "international",
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
        "@",
        "user",
        "first.last",
        "+tag",
        "mailto:",
        "MAILTO:",
        "http://",
        "://",
        "/",
        "\\",
        "_",
        "$",
        "%",
        "~",
        "#",
        "*",
        "^",
        "|",
        "`",
        "'",
        "!",
        "=",
        "&",
        "?",
        ":",
        ":80",
        ": ",
        ":/",
        " ",
        "\n",
        "\r\n",
        "\t",
        "\u{7F}",
        "\"",
        "(",
        ")",
        ",",
        ";",
        "<",
        ">",
        "[",
        "]",
        "é",
        "例え",
        "\u{301}",
        "。",
        "рф",
        ".рф",
        ".РФ",
        ".中国",
        ".みんな",
        "пример",
        "ольга@",
        "ไทย",
    ];

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
    fn characters_that_cluster_alone_have_boundaries_on_both_sides() {
        let segmenter = |text: &str, i: usize| GraphemeCursor::new(i, text.len(), true).is_boundary(text, 0).unwrap();
        let alone: Vec<char> = (0..0x10000)
            .filter_map(char::from_u32)
            .filter(|&c| clusters_alone(c))
            .collect();
        // One of each block, and ASCII of each kind (all printable ASCII
        // has the same break property).
        let mut sample: Vec<char> = FAST_DOMAIN_BLOCKS
            .iter()
            .filter_map(|&(lo, _)| char::from_u32(lo))
            .collect();
        sample.extend([' ', 'a', 'Z', '0', '.', '/', '@', '-', '~']);
        sample.retain(|&c| clusters_alone(c));
        let mut text = String::new();
        for &c in &alone {
            for &d in &sample {
                for (x, y) in [(c, d), (d, c)] {
                    text.clear();
                    text.extend([x, y]);
                    let i = x.len_utf8();
                    assert!(segmenter(&text, i), "{text:?}");
                    assert!(is_grapheme_boundary(&text, i), "{text:?}");
                }
            }
        }
        // Left to the segmenter: a mark, a conjunct, a Hangul sequence.
        for text in ["e\u{301}", "क\u{94D}ष", "\u{1100}\u{AC00}", "a\r\nb"] {
            for (i, _) in text.char_indices() {
                assert_eq!(is_grapheme_boundary(text, i), segmenter(text, i), "{text:?} at {i}");
            }
        }
    }

    #[test]
    fn plain_dot_link_reads_the_byte_before_the_floor() {
        // `/` before the name rejects it even when the previous link ended
        // just before the name (found by the proptest above).
        let f = Finder::new();
        assert!(general_domain(&f, "http://x9.com ", 9, 1, 7).is_none());
        assert!(try_domain(&f, "http://x9.com ", 9, 1, 7).is_none());
    }

    #[test]
    fn plain_name_ends_are_in_no_name_and_start_nothing() {
        for c in 0u8..0x80 {
            if ends_plain_name(Some(&c)) {
                assert!(!has_class(c, LABEL_BYTE | DOT_BYTE | SCHEME_BYTE), "{c:?}");
                assert!(!crate::chars::ASCII_LINK_EMAIL[c as usize], "{c:?}");
                assert!(!matches!(c, b':' | b'@' | b'/' | b'?' | b'#'), "{c:?}");
            }
        }
        assert!(ends_plain_name(None) && ends_plain_name(Some(&b' ')) && ends_plain_name(Some(&b'>')));
    }

    /// A floor (the end of an earlier link) `back` bytes before `at`, or 0
    /// when that is inside a character.
    fn floor_before(text: &str, at: usize, back: usize) -> usize {
        let floor = at.saturating_sub(back);
        if text.is_char_boundary(floor) {
            floor
        } else {
            0
        }
    }

    /// A finder without a link length cap, and one capped at `cap`.
    fn uncapped_and_capped(cap: usize) -> [Finder; 2] {
        [usize::MAX, cap].map(|max| {
            let mut f = Finder::new();
            f.max_link_len(max);
            f
        })
    }

    /// Schemes, hosts, ports and paths, good and bad, with every kind of
    /// byte that can follow each.
    const WEB_PIECES: &[&str] = &[
        "http://",
        "https://",
        "HTTP://",
        "ftp://",
        "file://",
        "mailto:",
        "mailto://",
        "git+ssh://",
        "x1://",
        "a",
        "example",
        "com",
        "0",
        "192.168.0.1",
        ".",
        "..",
        "-",
        "_",
        "~",
        ":",
        ":8080",
        ":x",
        "/",
        "//",
        "?",
        "#",
        "%41",
        "%4",
        "%zz",
        "(",
        ")",
        "[",
        "]",
        "'",
        "\"",
        "`",
        "<",
        ">",
        "{",
        "|",
        "\\",
        "^",
        " ",
        "\n",
        "\t",
        "\r\n",
        "\u{7F}",
        "é",
        "例",
        "пример",
        "テスト",
        "ไทย",
        "、",
        "，",
        "」",
        "\u{301}",
        "@",
        "!",
        ",",
        ";",
        "=",
        "&",
        "+",
        "*",
        "«",
        "»",
        "“",
        "<URL:",
        "。",
        "\u{202E}",
    ];

    /// Runs of plain link bytes, with every byte that has a part or
    /// bracket rule, Soft punctuation, quotes, stops and non-ASCII.
    const SCAN_PIECES: &[&str] = &[
        "abcdefgh",
        "xyz0123",
        "a",
        "-",
        "_",
        "~",
        "%41",
        "%",
        ".",
        ",",
        ";",
        ":",
        "!",
        "/",
        "?",
        "#",
        "=",
        "&",
        "+",
        "*",
        "(",
        ")",
        "[",
        "]",
        "{",
        "}",
        "<",
        ">",
        "'",
        "\"",
        "`",
        " ",
        "\n",
        "é",
        "例",
        "。",
        "\u{202E}",
        "\u{FEFF}",
        ":~:",
        "a.b.c.d.e.f",
        "path/to/some/page.html",
    ];

    #[test]
    fn unicode_tlds_come_from_the_xn_entries() {
        assert!(is_tld("рф"));
        assert!(is_tld("中国"));
        assert!(is_tld("みんな"));
        assert!(!is_tld("テスト"));
    }

    #[test]
    fn every_unicode_tld_passes_the_first_character_filter() {
        let first: Vec<char> = unicode_tlds().iter().filter_map(|t| t.chars().next()).collect();
        // Every character that `is_tld`'s lowercasing maps to a TLD's first
        // character, checked over all of Unicode.
        for c in (0x80..=0x10FFFF).filter_map(char::from_u32) {
            if c.to_lowercase().next().is_some_and(|l| first.contains(&l)) {
                assert!(starts_unicode_tld(c), "{c:?}");
            }
        }
        assert!(!starts_unicode_tld('よ'));
    }

    #[test]
    fn unicode_tlds_fit_the_length_bound() {
        assert!(unicode_tlds().iter().all(|t| t.len() <= MAX_UNICODE_TLD_BYTES));
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
    fn ascii_in_iri_table_matches_the_parser() {
        for b in 0u8..128 {
            assert_eq!(has_class(b, IN_IRI), can_appear_in_iri(b as char), "{b}");
        }
    }

    #[test]
    fn file_extensions_are_recognised_in_any_case() {
        for e in FILE_EXTENSION_TLDS {
            assert!(e.len() <= 4 && is_file_extension(e) && is_file_extension(&e.to_ascii_uppercase()));
        }
        assert!(!is_file_extension("com") && !is_file_extension("pys") && !is_file_extension("p"));
    }

    #[test]
    fn dns_labels_reject_empty_and_hyphen_edges() {
        assert!(dns_labels_ok("a.example.com"));
        assert!(dns_labels_ok("a.example.com."));
        assert!(!dns_labels_ok(".a.com"));
        assert!(!dns_labels_ok("a..com"));
        assert!(!dns_labels_ok("-a.com"));
        assert!(!dns_labels_ok("a-.com"));
        assert!(!dns_labels_ok("a.-b.com"));
        assert!(!dns_labels_ok("a.b-.com"));
        assert!(!dns_labels_ok("a.com.."));
        assert!(!dns_labels_ok("a.com-"));
        assert!(!dns_labels_ok(""));
        assert!(!dns_labels_ok("."));
        assert!(dns_labels_ok("a-b.c--d.com"));
        assert!(dns_labels_ok("пример.рф"));
        assert!(!dns_labels_ok("пример..рф"));
        assert!(!dns_labels_ok("-пример.рф"));
        assert!(!dns_labels_ok("пример。。рф"));
        assert!(!dns_labels_ok("пример-．рф"));
        assert!(dns_labels_ok("例え。テスト"));
        assert!(!dns_labels_ok("例え。"));
    }

    #[test]
    fn unfold_drops_whitespace_and_quote_markers() {
        assert_eq!(unfold("http://a.com/very/\n> >   long"), "http://a.com/very/long");
    }
}
