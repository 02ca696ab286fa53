//! Trigger search: where a link might be.
//!
//! A trigger is the `:` after a scheme or a dot before a TLD (`.`, `．`,
//! and in strict mode `。` and `｡`). The text is classified 64 bytes at a
//! time into a bit mask of the triggers that pass the cheap checks of
//! [`worth_a_look`]: a first pass marks the candidates (every colon, a dot
//! before a letter, the bytes of a non-ASCII dot); a block without one
//! costs about ten instructions (one compare a vector for the colons), a
//! block with a few has each checked on its own, and only a block with
//! many (link-dense text, `a.a.a`, `::::`) runs the checks on every byte.
//!
//! Most colons of prose are not a scheme's, and are dropped here rather
//! than handed to the scheme rules: one before a space (`Note: `), a time
//! (`12:34`), and a word of letters that no scheme which links without
//! `//` can spell, after neither a scheme byte nor `<` (`key:value`,
//! `Subject:`; see [`scheme_word_may_link`], and a property test checks
//! that no link starts at a colon dropped).
//!
//! Only the triggers the enabled kinds need are asked for (issue 12): no
//! colon without IRIs, no dot without domains or emails, no `。` or `｡`
//! in the default mode (never a domain dot there, see
//! `prose::is_prose_domain_dot`), and without bare domains only the dots
//! of a run of name bytes right after an `@` (only an email's domain can
//! end there, not its local part's dots nor those of prose near it): the
//! same pass finds the `@`s, so that prose is read once, and a block with
//! one has its runs followed by one addition ([`AtRuns`]). On x86-64 the
//! classification uses AVX2 when the CPU reports it (detected once per
//! finder run) and SSE2 otherwise (part of the x86-64 baseline); on other
//! targets, and for the first and last bytes of a text, a scalar loop
//! computes the same mask (tests check all three agree).

use super::candidate::MAX_SCHEME_BACK;
use super::classes::{is_label_byte, is_scheme_byte, trailing_letters};
use super::scheme::may_be_opaque_word;
use super::Finder;

#[cfg(target_arch = "x86_64")]
mod vector;

/// With `dot_after_at`: which dots may end an email's domain. Between an
/// `@` and such a dot there are only name bytes (ASCII letters, digits,
/// `-`, `.`, and non-ASCII bytes: every domain the rules take, in the
/// one-pass paths and in `domain::general_domain`, is made of them, and
/// an email's starts right after its `@`). In a block, the name runs
/// that an `@` begins are found by one addition: adding the `@` bits to
/// the bits of the name bytes and `@`s clears each run from its first
/// `@` to its end, and carries out of the block when the run goes on.
///
/// Only the bytes classified are looked at, not those a search is asked
/// to go past: it starts at the start of a text or run, or at the end of
/// the previous link (the finder's floor), and an `@` before the floor
/// begins no email (the domain stage reads no further back than the
/// floor, and a local part needs a byte after the floor before its `@`).
#[derive(Clone, Copy, Debug)]
pub(super) struct AtRuns {
    /// The offset of the block that starts inside a run begun by an `@`
    /// (the end of the last block classified, when its run went on);
    /// [`NO_BLOCK`] when none does.
    carry_at: usize,
}

impl AtRuns {
    const NONE: AtRuns = AtRuns { carry_at: NO_BLOCK };

    /// Whether a block at `at` goes on with the run the block before
    /// carried: it starts where that block ended, or up to two bytes
    /// later. A search goes on from past a trigger that is no link, which
    /// may be a `．` whose last bytes are in the next block (then those
    /// are name bytes); from further on only after a link, where an `@`
    /// before begins no email (and where taking the carry anyway only
    /// adds dots).
    #[inline(always)]
    pub(super) fn carried(&self, at: usize) -> bool {
        at.wrapping_sub(self.carry_at) < 3
    }

    /// For the block at `at` (an offset in the bytes classified) whose
    /// `@`s are `ats` and whose name bytes and `@`s are `names` (bit `i`:
    /// the byte `at + i`; `ats` within `names`): the bytes of its name
    /// runs after an `@` (from one in this block, or the run the block
    /// before carried on). Each block classified after another must be
    /// passed in turn for the carry to hold; a block not passed ends it.
    #[inline(always)]
    pub(super) fn after_at(&mut self, at: usize, ats: u64, names: u64) -> u64 {
        let carry = self.carried(at) as u64;
        // Each run from its first `@` (or its start, carried) is cleared
        // by the carry through it; an `@` the carry reaches stays set,
        // which no dot is.
        let (sum, out1) = names.overflowing_add(ats);
        let (sum, out2) = sum.overflowing_add(carry);
        self.carry_at = if out1 | out2 { at + BLOCK } else { NO_BLOCK };
        names & !sum
    }
}

/// Which triggers the finder's kinds and mode need.
#[derive(Clone, Copy, Debug)]
struct Want {
    /// The `:` of a scheme (IRIs, default mode).
    colon: bool,
    /// The dots of a domain (domains, emails, or strict mode).
    dot: bool,
    /// `。` and `｡` as domain dots (strict mode only).
    sentence_dots: bool,
    /// Only dots in a name run right after an `@` (bare domains off: a dot
    /// can only end an email's domain; see [`AtRuns`]).
    dot_after_at: bool,
}

impl Want {
    fn of(f: &Finder) -> Self {
        let dot = f.domain || f.email || f.strict_uts58;
        Want {
            colon: !f.strict_uts58 && f.iri,
            dot,
            sentence_dots: dot && f.strict_uts58,
            // (Strict mode finds `http://` IRIs from their dots.)
            dot_after_at: dot && !f.domain && !(f.strict_uts58 && f.iri),
        }
    }
}

/// The triggers of one text, handed out in increasing order.
pub(crate) struct Triggers {
    want: Want,
    /// Start of the block whose triggers are in `mask` ([`NO_BLOCK`]: none
    /// yet)…
    block: usize,
    /// …one bit per byte of `[block, block + 64)`, from where the block
    /// was classified: those at or after the position asked for are handed
    /// out, so that a search that goes back within the block (after a link
    /// that the reader's rules cut before its trigger) sees its triggers
    /// again, as one that goes back before the block classifies anew.
    mask: u64,
    /// The vector classifier of the triggers wanted (`None`: none),
    /// picked for the CPU once per finder run.
    #[cfg(target_arch = "x86_64")]
    vector: Option<vector::Classifier>,
    /// With `dot_after_at`: the name runs after an `@`.
    runs: AtRuns,
}

/// Bytes per block (one bit each in a `u64`).
const BLOCK: usize = 64;

/// `Triggers::block` before the first block: no position is within
/// `BLOCK` bytes after it (`pos.wrapping_sub(NO_BLOCK) >= BLOCK`).
const NO_BLOCK: usize = usize::MAX / 2;

impl Triggers {
    pub(crate) fn new(f: &Finder) -> Self {
        #[allow(unused_mut)]
        let mut t = Triggers {
            want: Want::of(f),
            block: NO_BLOCK,
            mask: 0,
            #[cfg(target_arch = "x86_64")]
            vector: None,
            runs: AtRuns::NONE,
        };
        #[cfg(target_arch = "x86_64")]
        t.pick_vector(std::arch::is_x86_feature_detected!("avx2"));
        t
    }

    /// Forgets the text seen so far (a new text or run begins).
    pub(crate) fn reset(&mut self) {
        self.block = NO_BLOCK;
        self.mask = 0;
        self.runs = AtRuns::NONE;
    }

    /// The next trigger at or after `pos` that passes [`worth_a_look`]: its
    /// byte offset and length.
    #[cfg(test)]
    fn next(&mut self, text: &str, pos: usize) -> Option<(usize, usize)> {
        self.next_in_bytes(text.as_bytes(), pos)
    }

    /// The next trigger at or after `pos` of a run `text` that sits at
    /// `base` in `outer` (a valid UTF-8 run of an input that is not all
    /// valid; for a whole text, `outer` is the text itself). The vector
    /// classification may read the bytes around the run from `outer`, so
    /// that short runs need not take the scalar path; that can only add
    /// triggers at the run's edges (see [`Triggers::next_in_bytes`]), and
    /// the caller checks those with [`worth_a_look`] on the run. Every
    /// trigger passes [`worth_a_look`] on the bytes of `outer`, which are
    /// the run's wherever the check reads inside it (from one byte before
    /// the trigger to two after it).
    #[inline]
    pub(crate) fn next_in_run(&mut self, outer: &[u8], base: usize, text: &str, pos: usize) -> Option<(usize, usize)> {
        debug_assert!(
            text.is_empty()
                || outer
                    .get(base..base + text.len())
                    .is_some_and(|s| std::ptr::eq(s, text.as_bytes()))
        );
        self.next_in_window(outer, base, text.len(), pos)
    }

    /// The next trigger at or after `pos` that passes [`worth_a_look`] (its
    /// byte offset and length), in bytes that need not be UTF-8. Every check
    /// of [`worth_a_look`] fails where a neighbour is missing, so any byte
    /// there passes at least as many: a trigger of a valid run inside `b`
    /// is also a trigger of `b`, at the same place (and an `@` of the run
    /// is one of `b`). A call may go back before an earlier answer (to the
    /// end of a link the reader's rules cut before its trigger): the
    /// triggers from there on are handed out again, wherever the blocks
    /// fall, so that what follows the cut is read as it would be in a text
    /// that ended the link there.
    pub(crate) fn next_in_bytes(&mut self, b: &[u8], pos: usize) -> Option<(usize, usize)> {
        self.next_in_window(b, 0, b.len(), pos)
    }

    /// The triggers of `outer[base..base + len]`, at offsets from `base`.
    #[inline]
    fn next_in_window(&mut self, outer: &[u8], base: usize, len: usize, pos: usize) -> Option<(usize, usize)> {
        // What is left of the block at hand…
        let off = pos.wrapping_sub(self.block);
        let mut mask = if off < BLOCK { self.mask & (!0u64 << off) } else { 0 };
        // …or the first block after it with a trigger.
        if mask == 0 {
            let from = if off < BLOCK { self.block + BLOCK } else { pos };
            (self.block, self.mask) = self.next_block(outer, base, len, from)?;
            mask = self.mask;
        }
        let at = self.block + mask.trailing_zeros() as usize;
        let len = if outer[base + at] < 0x80 { 1 } else { 3 };
        Some((at, len))
    }

    /// The first block of `b[pos..]` with a trigger, where `b` is
    /// `outer[base..base + len]`: its start and mask (bit `i`: the byte at
    /// `start + i`), or `None`. The vector paths classify the bytes in
    /// `outer`, whose bytes around `b` can only add triggers at `b`'s
    /// edges, and go over a stretch without triggers in one call.
    ///
    /// Called once for each trigger in link-dense text: what is rare (the
    /// scalar path at the ends of a text) is out of line, so that the
    /// common path keeps its registers.
    #[inline(never)]
    fn next_block(&mut self, outer: &[u8], base: usize, len: usize, mut pos: usize) -> Option<(usize, u64)> {
        let want = self.want;
        if !(want.colon || want.dot) {
            return None;
        }
        while pos < len {
            let (block, mask, end) = self.classify(outer, base, len, pos);
            if mask != 0 {
                return Some((block, mask));
            }
            pos = end;
        }
        None
    }

    /// One step of [`Triggers::next_block`] from `pos`: the block found
    /// (or the last one looked at), its mask, and where the classified
    /// bytes end.
    #[inline(always)]
    fn classify(&mut self, outer: &[u8], base: usize, len: usize, pos: usize) -> (usize, u64, usize) {
        #[cfg(target_arch = "x86_64")]
        {
            // The vector paths read one byte before a block and four after.
            let p = base + pos;
            let readable = if p >= 1 && outer.len() >= p + BLOCK + 4 {
                (outer.len() - p - 4) / BLOCK
            } else {
                0
            };
            let blocks = readable.min((len - pos).div_ceil(BLOCK));
            if let (Some(first_block), true) = (self.vector, blocks > 0) {
                // SAFETY: `p >= 1` and `p + 64 * blocks + 4 <= outer.len()`
                // (`readable` above); SSE2 is part of the x86-64 baseline,
                // and an AVX2 classifier is picked only when the CPU has it.
                #[allow(unsafe_code)]
                let (k, mask) = unsafe { first_block(outer, p, blocks, &mut self.runs) };
                let block = pos + BLOCK * k.min(blocks - 1);
                // Only the bytes of `b`.
                let mask = if len - block < BLOCK {
                    mask & ((1u64 << (len - block)) - 1)
                } else {
                    mask
                };
                return (block, mask, block + BLOCK);
            }
        }
        self.scalar_step(outer, base, len, pos)
    }

    /// [`Triggers::classify`] byte by byte, for one block: where the
    /// vectors cannot read (the first and last bytes of a text), and on
    /// other targets.
    #[inline(never)]
    fn scalar_step(&mut self, outer: &[u8], base: usize, len: usize, pos: usize) -> (usize, u64, usize) {
        let end = len.min(pos + BLOCK);
        let b = &outer[base..base + len];
        let mut mask = scalar_block_mask(b, pos, self.want);
        if self.want.dot_after_at {
            // As the vector paths do, at offsets in `outer` (a block cut
            // short by the end of `b` carries nothing: no name byte past it).
            let at = base + pos;
            let (mut ats, mut names, mut colons) = (0u64, 0u64, 0u64);
            for (i, &c) in outer[at..base + end].iter().enumerate() {
                ats |= ((c == b'@') as u64) << i;
                names |= ((is_label_byte(c) || c == b'.' || c == b'@') as u64) << i;
                colons |= ((c == b':') as u64) << i;
            }
            mask &= colons | self.runs.after_at(at, ats, names);
        }
        (pos, mask, end)
    }

    /// Picks the vector classifier for the CPU (`avx2`: it has AVX2) and
    /// the triggers wanted.
    #[cfg(target_arch = "x86_64")]
    fn pick_vector(&mut self, avx2: bool) {
        self.vector = vector::classifier(avx2, self.want);
    }
}

/// The reference classification, byte by byte: the triggers of
/// `b[at..at + 64]` that `want` asks for (with `dot_after_at`, dots
/// anywhere: [`Triggers::scalar_step`] keeps those of [`AtRuns`]) and that
/// pass [`worth_a_look`].
fn scalar_block_mask(b: &[u8], at: usize, want: Want) -> u64 {
    let end = b.len().min(at + BLOCK);
    let mut mask = 0u64;
    for i in at..end {
        let c = b[i];
        let hit = match c {
            b':' => want.colon && worth_a_look(b, i, 1),
            b'.' => want.dot && worth_a_look(b, i, 1),
            0xE3 | 0xEF => want.dot && is_cjk_dot(b, i, want.sentence_dots) && worth_a_look(b, i, 3),
            _ => false,
        };
        mask |= (hit as u64) << (i - at);
    }
    mask
}

/// Whether a non-ASCII domain dot starts at `b[i]`: `．` (U+FF0E), and in
/// strict mode (`sentence_dots`) `。` (U+3002) and `｡` (U+FF61).
fn is_cjk_dot(b: &[u8], i: usize, sentence_dots: bool) -> bool {
    match b.get(i..i + 3) {
        Some([0xEF, 0xBC, 0x8E]) => true,
        Some([0xE3, 0x80, 0x82] | [0xEF, 0xBD, 0xA1]) => sentence_dots,
        _ => false,
    }
}

/// Cheap checks that reject most triggers before any real work: a scheme
/// needs a scheme character before its `:` and something after it (`//`
/// if the scheme ends in a digit); a
/// domain dot needs a label character before it and, after it, a TLD of at
/// least two characters that starts with a letter (no IANA TLD starts with
/// a digit or is one character long; a unit test checks the list).
///
/// Out of line: the scalar paths call it for the first and last bytes of
/// a text only, and the vector paths call its parts.
#[inline(never)]
pub(crate) fn worth_a_look(b: &[u8], at: usize, len: usize) -> bool {
    if b[at] == b':' {
        colon_worth_a_look(b, at)
    } else {
        dot_worth_a_look(b, at, len)
    }
}

/// [`worth_a_look`] for the dot of `len` bytes at `at`.
#[inline(always)]
fn dot_worth_a_look(b: &[u8], at: usize, len: usize) -> bool {
    at > 0
        && is_label_byte(b[at - 1])
        && b.get(at + len).is_some_and(|&c| c.is_ascii_alphabetic() || c >= 0x80)
        && b.get(at + len + 1).is_some_and(|&c| is_label_byte(c))
}

/// [`worth_a_look`] for the `:` at `at`: see [`colon_check`].
#[inline(always)]
fn colon_worth_a_look(b: &[u8], at: usize) -> bool {
    // A missing neighbour fails every check that a zero byte fails.
    let byte = |i: usize| b.get(i).copied().unwrap_or(0);
    colon_check(b, at, byte(at.wrapping_sub(1)), byte(at + 1), byte(at + 2))
}

/// Whether the `:` at `b[at]`, between `before` and `after`, `after2`
/// (zero where `b` has no byte), may be a scheme's: a scheme byte before
/// it and a byte above the space after it; then with `//` after it any
/// scheme may link, and without, one that ends in a digit only with `/`
/// after it (no opaque scheme ends in one, only `<x1:/…>` links: times
/// and IPv6 addresses stop here), and a word of letters only if
/// [`scheme_word_may_link`] does not rule it out (`key:value`, `Note:`)
/// or `\/` or `\u` follows (a JSON-escaped link's `:\/\/`, `:\u002F\u002F`).
#[inline(always)]
fn colon_check(b: &[u8], at: usize, before: u8, after: u8, after2: u8) -> bool {
    if after <= b' ' || !is_scheme_byte(before) {
        false
    } else if after == b'/' && (after2 == b'/' || after2 > b' ') {
        // `//`: any scheme; one `/` and a path: `file:/etc/motd` (RFC
        // 8089), or a scheme ending in a digit (below).
        true
    } else if !before.is_ascii_alphabetic() {
        // `+`, `-`, `.` end no word of letters; a digit is as above.
        after == b'/' || !before.is_ascii_digit()
    } else {
        // (`:\/` or `:\u`: a JSON-escaped `//`, see `escaped.rs`.)
        (after == b'\\' && (after2 == b'/' || after2 == b'u')) || scheme_word_may_link(b, at)
    }
}

/// For a `:` at `at` without `//` after it: false when the scheme before
/// it cannot link, whatever the finder's options and wherever the previous
/// link ended (`scheme::scheme_start` rejects it then). That is the case
/// when the bytes before the colon are ASCII letters (one at least),
/// after a byte that is neither a scheme byte nor `<` (or the start of
/// `b`; any scheme links after `<`), and they cannot spell an opaque
/// scheme ([`may_be_opaque_word`]), or they are more than
/// [`MAX_SCHEME_BACK`] letters: `scheme_start` then either takes the word
/// as the scheme, or, cut by the look-back cap or the previous link, a
/// part of it with a letter before it, which it rejects. Anything else
/// (a `+`, `-`, `.` or digit in the word) is left to `scheme_start`.
#[inline(always)]
fn scheme_word_may_link(b: &[u8], at: usize) -> bool {
    // The letters right before the colon: eight bytes in one step, which
    // hold all but the longest words.
    let before = &b[..at];
    let s = match before.last_chunk::<8>() {
        Some(&w) => match trailing_letters(u64::from_le_bytes(w)) {
            8 => return long_word_may_link(b, at),
            n => at - n,
        },
        None => at - before.iter().rev().take_while(|c| c.is_ascii_alphabetic()).count(),
    };
    word_may_link(b, s, at)
}

/// For the letters `b[s..at]` before a colon, with none at `b[s - 1]`:
/// see [`scheme_word_may_link`].
#[inline(always)]
fn word_may_link(b: &[u8], s: usize, at: usize) -> bool {
    if s > 0 && (is_scheme_byte(b[s - 1]) || b[s - 1] == b'<') {
        return true;
    }
    s < at && may_be_opaque_word(&b[s..at])
}

/// [`scheme_word_may_link`] when the eight bytes before the colon are
/// letters.
#[cold]
#[inline(never)]
fn long_word_may_link(b: &[u8], at: usize) -> bool {
    let lo = at.saturating_sub(MAX_SCHEME_BACK + 1);
    let mut s = at;
    while s > lo && b[s - 1].is_ascii_alphabetic() {
        s -= 1;
    }
    at - s <= MAX_SCHEME_BACK && word_may_link(b, s, at)
}

#[cfg(test)]
mod tests;
