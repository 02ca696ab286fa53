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
//! `prose::is_prose_domain_dot`), and without bare domains no dot that has
//! no `@` in the [`AT_REACH`] bytes before it (only an email's domain can
//! end there). On x86-64 the classification uses AVX2 when the CPU reports
//! it (detected once per finder run) and SSE2 otherwise (part of the
//! x86-64 baseline); on other targets, and for the first and last bytes of
//! a text, a scalar loop computes the same mask (tests check all three
//! agree).

use super::candidate::{MAX_DOMAIN_BACK, MAX_SCHEME_BACK};
use super::classes::{is_label_byte, is_scheme_byte, trailing_letters};
use super::scheme::may_be_opaque_word;
use super::Finder;

#[cfg(target_arch = "x86_64")]
mod vector;

/// How far before a dot the `@` of an email may be: the domain starts at
/// most [`MAX_DOMAIN_BACK`] bytes before its last dot, right after the `@`
/// (`domain::plain_dot_link`, `domain::general_domain`).
const AT_REACH: usize = MAX_DOMAIN_BACK + 1;

/// Which triggers the finder's kinds and mode need.
#[derive(Clone, Copy, Debug)]
struct Want {
    /// The `:` of a scheme (IRIs, default mode).
    colon: bool,
    /// The dots of a domain (domains, emails, or strict mode).
    dot: bool,
    /// `。` and `｡` as domain dots (strict mode only).
    sentence_dots: bool,
    /// Only dots with an `@` in the [`AT_REACH`] bytes before them (bare
    /// domains off: a dot can only end an email's domain).
    dot_after_at: bool,
}

impl Want {
    fn of(f: &Finder) -> Self {
        let dot = f.domain || f.email || f.strict_uts58;
        Want {
            colon: !f.strict_uts58 && f.iri,
            dot,
            sentence_dots: dot && f.strict_uts58,
            dot_after_at: dot && !f.domain,
        }
    }
}

/// The triggers of one text, handed out in increasing order.
pub(crate) struct Triggers {
    want: Want,
    /// Start of the block whose triggers are in `mask` ([`NO_BLOCK`]: none
    /// yet)…
    block: usize,
    /// …one bit per byte of `[block, block + 64)`, those not handed out.
    mask: u64,
    /// The vector classifiers of the triggers wanted, for text without
    /// dots and with (`None`: nothing wanted there), picked for the CPU
    /// once per finder run.
    #[cfg(target_arch = "x86_64")]
    vector: [Option<vector::Classifier>; 2],
    /// With `dot_after_at`: the last `@` before the bytes looked at so
    /// far, and the first at or after them (`usize::MAX`: none; `None`:
    /// not looked for yet), found with `memchr`.
    last_at: Option<usize>,
    next_at: Option<usize>,
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
            vector: [None; 2],
            last_at: None,
            next_at: None,
        };
        #[cfg(target_arch = "x86_64")]
        t.pick_vector(std::arch::is_x86_feature_detected!("avx2"));
        t
    }

    /// Forgets the text seen so far (a new text or run begins).
    pub(crate) fn reset(&mut self) {
        self.block = NO_BLOCK;
        self.mask = 0;
        self.last_at = None;
        self.next_at = None;
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
    /// is one of `b`). Calls must not go back before an earlier answer.
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
            (self.block, mask) = self.next_block(outer, base, len, from)?;
        }
        self.mask = mask & (mask - 1);
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
    /// first look for `@`s, the scalar path at the ends of a text) is out
    /// of line, so that the common path keeps its registers.
    #[inline(never)]
    fn next_block(&mut self, outer: &[u8], base: usize, len: usize, mut pos: usize) -> Option<(usize, u64)> {
        let want = self.want;
        if !(want.colon || want.dot) {
            return None;
        }
        while pos < len {
            // Without bare domains, dots only in the blocks within reach
            // of an `@`: the text between goes over with the colons alone,
            // or (no colon wanted) not at all.
            let (dots, blocks) = if want.dot_after_at {
                self.at_reach(outer, base, len, pos)
            } else {
                (true, usize::MAX)
            };
            let (block, mask, end) = if dots || want.colon {
                self.classify(outer, base, len, pos, blocks, dots)
            } else {
                (pos, 0, pos.saturating_add(BLOCK.saturating_mul(blocks)))
            };
            if mask != 0 {
                return Some((block, mask));
            }
            pos = end;
        }
        None
    }

    /// With `dot_after_at`: whether the dots of the block at `pos` may be
    /// an email's (an `@` at most [`AT_REACH`] bytes before the block or
    /// in it; a superset of the dots of which that holds), and for how
    /// many blocks from `pos` the answer stays the same (at least one).
    #[inline(always)]
    fn at_reach(&mut self, outer: &[u8], base: usize, len: usize, pos: usize) -> (bool, usize) {
        let next = match self.next_at {
            Some(n) if n >= pos => n,
            _ => self.find_ats(outer, base, len, pos),
        };
        // No `@` in `[last_at + 1, next)`, and `last_at < pos <= next`.
        let in_block = next - pos < BLOCK;
        let reach = if in_block { Some(next) } else { self.last_at };
        match reach {
            // Blocks that start within reach of that `@` (the first one
            // holds it or starts within reach).
            Some(a) if in_block || a + AT_REACH >= pos => (true, (a + AT_REACH - pos) / BLOCK + 1),
            // Blocks that end at or before the next `@`.
            _ => (false, ((next - pos) / BLOCK).max(1)),
        }
    }

    /// For [`Triggers::at_reach`], when the next `@` is not known or
    /// before `pos`: sets the last `@` before `pos` and the first at or
    /// after it (`next_at`, returned). The bytes are searched with
    /// `memchr`, each at most once forward and once backward.
    #[inline(never)]
    fn find_ats(&mut self, outer: &[u8], base: usize, len: usize, pos: usize) -> usize {
        let find = |from: usize| memchr::memchr(b'@', &outer[base + from..base + len]).map_or(usize::MAX, |i| from + i);
        let mut next = match self.next_at {
            Some(n) => n,
            None => {
                // The first look: the bytes before `pos` count too.
                let from = pos.saturating_sub(AT_REACH);
                self.last_at = memchr::memrchr(b'@', &outer[base + from..base + pos]).map(|i| from + i);
                find(pos)
            }
        };
        if next < pos {
            // The last `@` before `pos` (`next` is one): most often the
            // only one, else one search back finds it however many lie
            // between (`@@@@`).
            let after = find(next + 1);
            if after < pos {
                let back = memchr::memrchr(b'@', &outer[base + after..base + pos]).unwrap_or(0);
                self.last_at = Some(after + back);
                next = find(pos);
            } else {
                self.last_at = Some(next);
                next = after;
            }
        }
        self.next_at = Some(next);
        next
    }

    /// One step of [`Triggers::next_block`] from `pos`, over at most
    /// `most` blocks, with dots or not: the block found (or the last one
    /// looked at), its mask, and where the classified bytes end.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "x86_64"), allow(unused_variables))]
    fn classify(
        &self,
        outer: &[u8],
        base: usize,
        len: usize,
        pos: usize,
        most: usize,
        dots: bool,
    ) -> (usize, u64, usize) {
        #[cfg(target_arch = "x86_64")]
        {
            // The vector paths read one byte before a block and four after.
            let p = base + pos;
            let readable = if p >= 1 && outer.len() >= p + BLOCK + 4 {
                (outer.len() - p - 4) / BLOCK
            } else {
                0
            };
            let blocks = readable.min((len - pos).div_ceil(BLOCK)).min(most);
            if let (Some(first_block), true) = (self.vector[dots as usize], blocks > 0) {
                // SAFETY: `p >= 1` and `p + 64 * blocks + 4 <= outer.len()`
                // (`readable` above); SSE2 is part of the x86-64 baseline,
                // and an AVX2 classifier is picked only when the CPU has it.
                #[allow(unsafe_code)]
                let (k, mask) = unsafe { first_block(outer, p, blocks) };
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
        self.scalar_step(outer, base, len, pos, dots)
    }

    /// [`Triggers::classify`] byte by byte, for one block: where the
    /// vectors cannot read (the first and last bytes of a text), and on
    /// other targets.
    #[inline(never)]
    fn scalar_step(&self, outer: &[u8], base: usize, len: usize, pos: usize, dots: bool) -> (usize, u64, usize) {
        let want = Want {
            dot: self.want.dot && dots,
            sentence_dots: self.want.sentence_dots && dots,
            ..self.want
        };
        let b = &outer[base..base + len];
        (pos, scalar_block_mask(b, pos, want), len.min(pos + BLOCK))
    }

    /// Picks the vector classifiers for the CPU (`avx2`: it has AVX2) and
    /// the triggers wanted, without dots and with.
    #[cfg(target_arch = "x86_64")]
    fn pick_vector(&mut self, avx2: bool) {
        let no_dots = Want {
            dot: false,
            sentence_dots: false,
            ..self.want
        };
        self.vector = [vector::classifier(avx2, no_dots), vector::classifier(avx2, self.want)];
    }
}

/// The reference classification, byte by byte: the triggers of
/// `b[at..at + 64]` that `want` asks for (its `dot_after_at` aside: see
/// `Triggers::at_reach`) and that pass [`worth_a_look`].
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
/// [`scheme_word_may_link`] does not rule it out (`key:value`, `Note:`).
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
        scheme_word_may_link(b, at)
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
