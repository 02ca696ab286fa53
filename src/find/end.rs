//! Where a link ends: the forward scan by UTS 58 Link_Term (Hard, Soft,
//! Include, brackets with the stack cleared per part), plus, in the
//! default mode, the RFC 3987 repertoire, closing quotes and CJK sentence
//! punctuation; trailing Soft characters trimmed; never inside a grapheme
//! cluster.

use super::candidate::{CutScan, Part, MAX_SCHEME_BACK};
use super::classes::{has_class, is_scheme_byte, BYTE_CLASS, INCLUDE, IN_IRI, NEUTRAL, SIMPLE};
use super::Finder;
use crate::chars::{link_term, opening_bracket, LinkTerm};
use crate::iri::parse::can_appear_in_iri;
use crate::letters::{char_at, char_before, common_letters_end, in_fast_domain_block};
use unicode_segmentation::GraphemeCursor;

/// CJK sentence punctuation that ends a link when non-ASCII text follows it
/// (running CJK text has no space after a link).
#[inline]
pub(super) fn is_cjk_stop(c: char) -> bool {
    matches!(c, '、' | '。' | '，' | '．' | '！' | '？' | '：' | '；' | '｡' | '､')
}

/// Fullwidth forms of the ASCII characters RFC 3987 excludes from IRIs
/// (`＂ ＜ ＞ ＼ ＾ ｀ ｛ ｜ ｝`): each is the excluded character under NFKC
/// (RFC 3987 §5.3.2.2 compares IRIs after it), and CJK text sets links
/// off with them (`｜http://google.com｜bar`), so in the default mode they
/// end a link as the ASCII forms do.
#[inline]
pub(super) fn is_fullwidth_excluded(c: char) -> bool {
    matches!(c, '＂' | '＜' | '＞' | '＼' | '＾' | '｀' | '｛' | '｜' | '｝')
}

/// Whether `c` ends a link in the default mode though an IRI may hold it
/// (UTS #58 makes each Include):
///
/// - [`is_fullwidth_excluded`];
/// - U+200B ZERO WIDTH SPACE, the word separator of Khmer, Thai, Lao and
///   Burmese text, invisible where a reader sees the link end
///   (`…/boreytheflora\u{200B}ហ្វេសប៊ុក`: 1 held-out line, seventy-first
///   set);
/// - U+FEFF, a byte-order mark that exports and copy-paste leave in the
///   middle of text, as invisible (`…/wrap-up-the-night\u{FEFF}",1`: 37
///   held-out lines, ninety-first set: YouTube comments);
/// - the geometric shapes, card suits and notes that Japanese and Chinese
///   mail and ads set between fields (`https://www.prdaily.jp/♢弊社…`,
///   `■`, `◆`, `●`, `♪`: 1 held-out line, ninetieth set). No address is
///   written with them. (Not `★`: the peer suites keep
///   `…/unicode_(★)_in_brackets` whole.)
#[inline]
pub(super) fn ends_link_in_prose(c: char) -> bool {
    is_fullwidth_excluded(c)
        || matches!(
            c,
            '\u{200B}' | '\u{FEFF}' | '\u{25A0}'..='\u{25FF}' | '\u{2660}'..='\u{2667}' | '♪' | '♫'
        )
}

/// The length of a URL template placeholder `<name>` at `b[i]` (a `<`)
/// inside a link, if it is one: right after `/`, `=` or `_`, a name of
/// letters, digits, `_` and `-` that starts with a letter, then `>`
/// (`https://github.com/<user>/repo`, `…/campaign/?v=<code>`: 2 held-out
/// lines, and issue 13 cluster 6; `…/exemplary_<remix>`, a peer case). A
/// template is one link, as with `{…}` placeholders; the IRI it denotes
/// carries `%3C` and `%3E` (`repair::repair_iri`). HTML's inline elements are tags after a link,
/// not placeholders (`https://example.com/<br>`). Default mode only.
#[cold]
#[inline(never)]
pub(super) fn placeholder_len(b: &[u8], i: usize, limit: usize) -> Option<usize> {
    debug_assert_eq!(b[i], b'<');
    if i == 0
        || !matches!(b[i - 1], b'/' | b'=' | b'_')
        || !b.get(i + 1).is_some_and(|&c| c.is_ascii_alphabetic() || c >= 0x80)
    {
        return None;
    }
    let hi = limit.min(b.len()).min(i + 66);
    let name_end = i
        + 1
        + b[i + 1..hi]
            .iter()
            .take_while(|&&c| is_placeholder_name_byte(c))
            .count();
    if b.get(name_end) != Some(&b'>') || name_end >= hi {
        return None;
    }
    if is_html_tag_name(&b[i + 1..name_end]) {
        return None;
    }
    Some(name_end + 1 - i)
}

/// Whether `name` is an HTML element that text writes right after a link
/// (`…/<br>`, `http://example.org<p>`): a tag, not a template's
/// placeholder.
pub(super) fn is_html_tag_name(name: &[u8]) -> bool {
    const TAGS: [&[u8]; 20] = [
        b"a", b"b", b"i", b"u", b"s", b"p", b"q", b"br", b"hr", b"em", b"li", b"td", b"tr", b"th", b"img", b"sub",
        b"sup", b"wbr", b"span", b"strong",
    ];
    TAGS.iter().any(|t| name.eq_ignore_ascii_case(t))
}

/// A byte of a `<name>` placeholder's name: ASCII letters, digits, `_`,
/// `-`, and the bytes of other scripts' letters (`…/<檔名>.html`: 1
/// held-out line, eighteenth set).
pub(super) fn is_placeholder_name_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'-' || c >= 0x80
}

/// Whether `b` starts with `scheme://` (a second link glued on by CJK
/// punctuation: `…/a、https://…`).
pub(super) fn starts_scheme(b: &[u8]) -> bool {
    let n = b
        .iter()
        .take(MAX_SCHEME_BACK)
        .take_while(|&&c| is_scheme_byte(c))
        .count();
    n > 0 && b[0].is_ascii_alphabetic() && b[n..].starts_with(b"://")
}

/// The closing quote for a link that starts right after `open`.
pub(super) fn closing_quote(open: char) -> Option<char> {
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
pub(super) fn is_grapheme_boundary(text: &str, i: usize) -> bool {
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

/// The UTS 58 bracket stack, run-length encoded: a run of the same opener
/// (`((((`) takes one entry, so adversarial nesting costs O(1) memory per
/// run. At most `most` entries (the link length cap and [`CONFIRM_REACH`]):
/// a scan within them never has more (one opener a byte at most); the scan
/// for where a cut link would have ended ([`uncut_end`]), which reads on
/// to the link's end, then forgets the openers it holds: they become one
/// [`FORGOTTEN`] entry that any closer closes.
struct Brackets {
    stack: Vec<(char, u32)>,
    most: usize,
}

/// The opener of the entry that stands for openers [`Brackets`] forgot
/// (never an opener itself: U+0000 is Hard).
const FORGOTTEN: char = '\0';

impl Brackets {
    fn new(most: usize) -> Self {
        Brackets {
            stack: Vec::new(),
            most: most.max(2),
        }
    }
    fn clear(&mut self) {
        self.stack.clear();
    }
    /// Room for one more entry: past `most`, every open bracket becomes
    /// one forgotten entry (amortised O(1): `most` pushes between two).
    fn make_room(&mut self) {
        if self.stack.len() >= self.most {
            let n = self.stack.iter().fold(0u32, |n, &(_, k)| n.saturating_add(k));
            self.stack.clear();
            self.stack.push((FORGOTTEN, n));
        }
    }
    fn push(&mut self, c: char) {
        match self.stack.last_mut() {
            Some((top, n)) if *top == c => *n += 1,
            _ => {
                self.make_room();
                self.stack.push((c, 1));
            }
        }
    }
    /// Pushes `n` openers `c` at once (`n` calls of [`Brackets::push`]).
    fn push_run(&mut self, c: char, n: usize) {
        let n = u32::try_from(n).unwrap_or(u32::MAX);
        match self.stack.last_mut() {
            Some((top, k)) if *top == c => *k = k.saturating_add(n),
            _ => {
                self.make_room();
                self.stack.push((c, n));
            }
        }
    }
    /// Closes up to `n` brackets whose opener is `open` at once: how many
    /// of `n` calls of [`Brackets::close`] in a row succeed. Neighbouring
    /// entries hold different openers, so once the innermost run of `open`
    /// is closed the next closer has no partner (and the forgotten entry
    /// is the bottom one).
    fn close_run(&mut self, open: char, n: usize) -> usize {
        match self.stack.last_mut() {
            Some((top, k)) if *top == open || *top == FORGOTTEN => {
                let m = (*k as usize).min(n);
                *k -= m as u32;
                if *k == 0 {
                    self.stack.pop();
                }
                m
            }
            _ => 0,
        }
    }
    /// Pops if `close` pairs with the innermost opener.
    fn close(&mut self, close: char) -> bool {
        match (self.stack.last_mut(), opening_bracket(close)) {
            (Some((top, n)), Some(open)) if *top == open || *top == FORGOTTEN => {
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
/// quotes) and returns the end of what is kept, and whether the length
/// cap cut the link: the scan stopped at the cap, and a scan 64 bytes
/// further keeps more (a link of just the cap's length before a comma is
/// whole). A scan that stops at the cap also returns its state, for
/// [`uncut_end`] (more than 64 bytes may pass before a scan keeps more:
/// `(「(「…x)」)`).
pub(super) fn scan_forward(
    f: &Finder,
    text: &str,
    start: usize,
    part: Part,
    quote: Option<char>,
    link_start: usize,
) -> (usize, bool, Option<CutScan>) {
    let (end, at_cap) = scan_forward_with::<true>(f, text, start, part, quote, link_start, f.max_link_len);
    if !at_cap {
        return (end, false, None);
    }
    let scan = CutScan {
        link_start,
        start,
        part,
        quote,
    };
    (end, confirm_cut(f, text, scan, end), Some(scan))
}

/// How far past the cap [`confirm_cut`] looks for more of a link.
const CONFIRM_REACH: usize = 64;

/// Whether a scan that stopped at the cap with its link ending at `end`
/// was cut there: a scan 64 bytes further keeps more. Out of line: few
/// links reach the cap.
#[cold]
#[inline(never)]
fn confirm_cut(f: &Finder, text: &str, scan: CutScan, end: usize) -> bool {
    let further = f.max_link_len.saturating_add(CONFIRM_REACH);
    scan_forward_with::<true>(f, text, scan.start, scan.part, scan.quote, scan.link_start, further).0 > end
}

/// Where the search goes on after the link `text[link_start..end]` whose
/// forward scan `scan` stopped at the cap: if the link still starts where
/// it was scanned from, the end of the forward scan without the cap, so
/// that nothing in the rest of the link (cut only for its length) is
/// linked on its own; else `end`. The scan reads the rest of the link
/// once, and the search goes on after it: finding stays linear; its
/// bracket stack holds at most the cap's number of entries
/// ([`Brackets`]).
#[cold]
#[inline(never)]
pub(super) fn uncut_end(f: &Finder, text: &str, link_start: usize, end: usize, scan: CutScan) -> usize {
    if scan.link_start != link_start {
        return end;
    }
    let (uncut, _) = scan_forward_with::<true>(f, text, scan.start, scan.part, scan.quote, link_start, usize::MAX);
    uncut.max(end)
}

/// [`scan_forward`] up to `cap` bytes from `link_start`, with or without
/// the fast paths (eight plain bytes, a run of `(` or `)` at a time; the
/// tests check that both end every link at the same place); also whether
/// it stopped at the cap with more text after it.
#[inline(always)]
fn scan_forward_with<const FAST: bool>(
    f: &Finder,
    text: &str,
    start: usize,
    mut part: Part,
    quote: Option<char>,
    link_start: usize,
    cap: usize,
) -> (usize, bool) {
    let b = text.as_bytes();
    let limit = text.len().min(link_start.saturating_add(cap));
    // A character that would cross the cap stops the scan there too.
    let mut at_cap = false;
    let strict = f.strict_uts58;
    let mut brackets = Brackets::new(f.max_link_len.saturating_add(CONFIRM_REACH));
    let mut i = start;
    let mut end = start;
    // Where the eight-byte path is tried next: `usize::MAX` while a part
    // or bracket rule can apply to a simple byte (a bracket is open, or in
    // the authority), else the next byte after the last attempt's stop.
    // Only the byte-by-byte path below changes that state.
    let chunkable = |part: Part, brackets: &Brackets| FAST && part != Part::Authority && brackets.stack.is_empty();
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
        // A run of `(` or `)` (UTS 58 Open and Close, in the RFC 3987
        // repertoire, never a closing quote, no part meaning) in one step:
        // adversarial nesting (`((((…x))))`) costs a count per run, not the
        // general path per byte.
        if FAST && (b[i] == b'(' || b[i] == b')') {
            let c = b[i];
            let n = b[i..limit].iter().position(|&x| x != c).unwrap_or(limit - i);
            if c == b'(' {
                brackets.push_run('(', n);
                if strict {
                    end = i + n;
                }
                i += n;
            } else {
                let closed = brackets.close_run('(', n);
                if closed == 0 {
                    break;
                }
                i += closed;
                end = i;
                if closed < n {
                    break; // the next `)` has no opener (see `Brackets::close_run`)
                }
            }
            next_chunk = match (chunkable(part, &brackets), next_chunk) {
                (false, _) => usize::MAX,
                (true, usize::MAX) => i,
                (true, n) => n,
            };
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
                if c == '<' && part != Part::Authority && quote != Some('>') {
                    if let Some(n) = placeholder_len(b, i, limit) {
                        i += n;
                        end = i;
                        continue;
                    }
                }
                if !brackets.stack.is_empty() {
                    end = remark_start(b, link_start, end, i).unwrap_or(end);
                }
                break;
            }
            // A string literal closed and concatenated in PHP or Perl
            // (`…/user_conf/'.$vars['u'].'/id/'`, its opening quote on the
            // line before): the `'` ends the link. 1 held-out line (sixth
            // set).
            if !strict && c == '\'' && b.get(i + 1) == Some(&b'.') && b.get(i + 2) == Some(&b'$') {
                break;
            }
            (c, 1)
        } else {
            let c = char_at(text, i).unwrap_or('\0');
            let clen = c.len_utf8();
            if i + clen > limit {
                at_cap = true;
                break;
            }
            if !strict {
                if Some(c) == quote || !can_appear_in_iri(c) || ends_link_in_prose(c) {
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
    (end, (at_cap || i >= limit) && limit < text.len())
}

/// How far past a link's end [`remark_start`] looks for the `)` of a
/// remark.
const REMARK_REACH: usize = 200;

/// Where a remark in brackets starts, when the link ending at `end` ran
/// into one (default mode): `https://delta.chat/page(this is the link to
/// our site)`. The link's last part is `(` and one word, white space
/// (`b[stop]`) ended the scan with the `(` unclosed, and a `)` closes it
/// later on the line (within [`REMARK_REACH`] bytes, no other `(` first):
/// the writer opened a remark, not a path part (Delta Chat's suite). The
/// link ends before the `(`, after a letter, digit, `/` or `-` (not `_`:
/// `…/wiki/Python_(programming language)` is a title written with its
/// space).
/// `None` for every other shape; most links never get here (no bracket
/// open at their end).
pub(super) fn remark_start(b: &[u8], link_start: usize, end: usize, stop: usize) -> Option<usize> {
    if !matches!(b.get(stop), Some(b' ' | b'\t')) {
        return None;
    }
    let mut p = end;
    while p > link_start && (b[p - 1].is_ascii_alphanumeric() || b[p - 1] >= 0x80) {
        p -= 1;
    }
    if p == end || p < link_start + 2 || b[p - 1] != b'(' {
        return None;
    }
    let open = p - 1;
    let before = b[open - 1];
    if !(before.is_ascii_alphanumeric() || before >= 0x80 || matches!(before, b'/' | b'-')) {
        return None;
    }
    let ahead = &b[stop..b.len().min(stop + REMARK_REACH)];
    let close = ahead.iter().position(|&c| matches!(c, b')' | b'(' | b'\n' | b'\r'))?;
    (ahead[close] == b')').then_some(open)
}

/// Drops trailing Soft characters and (default mode) unclosed openers.
pub(super) fn trim_end(f: &Finder, text: &str, start: usize, mut end: usize) -> usize {
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

/// Moves `end` back so that the link never ends inside a grapheme cluster.
pub(super) fn grapheme_end(f: &Finder, text: &str, start: usize, mut end: usize) -> usize {
    for _ in 0..4 {
        if is_grapheme_boundary(text, end) {
            return end;
        }
        end = trim_end(f, text, start, prev_grapheme_boundary(text, end).max(start));
    }
    end
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::find::testing::uncapped_and_capped;
    use crate::letters::FAST_DOMAIN_BLOCKS;

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(5_000))]

        /// The fast paths in the forward scan (eight plain bytes, bracket
        /// runs) end every link where the byte-by-byte rules end it: in
        /// every part, with and without a quote, in both modes, with a
        /// length cap that falls anywhere.
        #[test]
        fn eight_byte_and_bracket_run_paths_end_links_where_the_byte_rules_do(
            pieces in proptest::collection::vec(proptest::sample::select(SCAN_PIECES), 0..64),
            cap in 1usize..200,
        ) {
            let text = pieces.concat();
            for mut f in uncapped_and_capped(cap) {
                for strict in [false, true] {
                f.strict_uts58 = strict;
                for part in [Part::Authority, Part::Path, Part::Query, Part::Fragment] {
                    for quote in [None, Some('"'), Some('\'')] {
                        for start in [0, text.len() / 3].into_iter().filter(|&s| text.is_char_boundary(s)) {
                            proptest::prop_assert_eq!(
                                scan_forward_with::<true>(&f, &text, start, part, quote, 0, f.max_link_len).0,
                                scan_forward_with::<false>(&f, &text, start, part, quote, 0, f.max_link_len).0,
                                "{:?} {:?} {:?} from {}", text, part, quote, start
                            );
                        }
                    }
                }
                }
            }
        }
    }

    /// The bracket stack holds at most its bound's entries, however deep
    /// the nesting (the scan past the cap reads the rest of a cut link of
    /// any length), and closers still close every opener.
    #[test]
    fn bracket_stack_holds_at_most_the_cap_entries() {
        let mut b = Brackets::new(16);
        for _ in 0..1000 {
            b.push('(');
            b.push('「');
            assert!(b.stack.len() <= 17, "{}", b.stack.len());
        }
        b.push_run('(', 3);
        assert_eq!(b.close_run('(', 5), 3);
        for _ in 0..1000 {
            assert!(b.close('」'));
            assert!(b.close(')'));
        }
        assert!(b.stack.is_empty());
        assert!(!b.close(')'));
        // Within the bound, a closer that pairs with no opener closes none.
        let mut b = Brackets::new(16);
        b.push('(');
        assert!(!b.close('」'));
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
        "((((",
        "))",
        ")))))",
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
    fn fullwidth_forms_of_excluded_characters_end_a_link() {
        let links = |f: &Finder, t: &str| -> Vec<String> { f.links(t).map(|l| l.as_str().to_owned()).collect() };
        let f = Finder::new();
        assert_eq!(links(&f, "｜http://google.com｜bar"), ["http://google.com"]);
        assert_eq!(links(&f, "｜www.google.com/foo｜bar"), ["www.google.com/foo"]);
        assert_eq!(links(&f, "https://例え.jp/パス＜注＞"), ["https://例え.jp/パス"]);
        assert_eq!(links(&f, "http://google.com/x｜bar"), ["http://google.com/x"]);
        assert_eq!(links(&f, "｜www.google.com｜bar"), ["www.google.com"]);
        // Each is the excluded ASCII character under NFKC.
        for c in ['＂', '＜', '＞', '＼', '＾', '｀', '｛', '｜', '｝'] {
            let ascii = char::from_u32(c as u32 - 0xFEE0).unwrap();
            assert!(is_fullwidth_excluded(c) && !can_appear_in_iri(ascii), "{c}");
        }
        // UTS #58 alone keeps them (Link_Term Include).
        let mut strict = Finder::new();
        strict.strict_uts58(true);
        assert_eq!(links(&strict, "http://google.com/x｜bar"), ["http://google.com/x｜bar"]);
    }
}
