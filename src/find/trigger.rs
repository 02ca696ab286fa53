//! Trigger search: where a link might be.
//!
//! A trigger is the `:` after a scheme or a dot before a TLD (`.`, `．`,
//! and in strict mode `。` and `｡`). The text is classified 64 bytes at a
//! time into a bit mask of the triggers that pass the cheap neighbour
//! checks of [`worth_a_look`]: a first pass marks the candidates (a dot
//! before a letter, a colon before a non-space, the bytes of a non-ASCII
//! dot); a block without one costs about one instruction a byte, a block
//! with a few has each checked on its own, and only a block with many
//! (link-dense text, `a.a.a`, `::::`) runs the checks on every byte.
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

use super::candidate::MAX_DOMAIN_BACK;
use super::classes::{is_label_byte, is_scheme_byte};
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
    /// The CPU has AVX2 (detected once per finder run).
    avx2: bool,
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
        Triggers {
            want: Want::of(f),
            block: NO_BLOCK,
            mask: 0,
            avx2: has_avx2(),
            last_at: None,
            next_at: None,
        }
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
    /// The bytes are searched for `@`s with `memchr`, each at most once
    /// forward and once backward.
    fn at_reach(&mut self, outer: &[u8], base: usize, len: usize, pos: usize) -> (bool, usize) {
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
        let want = Want {
            dot: self.want.dot && dots,
            sentence_dots: self.want.sentence_dots && dots,
            ..self.want
        };
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
            if blocks > 0 {
                // SAFETY: bytes `p - 1 .. p + 64 * blocks + 4` of `outer` are
                // in bounds (`readable` above); SSE2 is part of the x86-64
                // baseline, and AVX2 was detected at run time when `avx2` is
                // set.
                #[allow(unsafe_code)]
                let (k, mask) = unsafe { vector::first_block(self.avx2, want, outer.as_ptr().add(p), blocks) };
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
        let b = &outer[base..base + len];
        (pos, scalar_block_mask(b, pos, want), len.min(pos + BLOCK))
    }
}

/// Whether the vector path may use AVX2.
fn has_avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
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
#[inline]
pub(crate) fn worth_a_look(b: &[u8], at: usize, len: usize) -> bool {
    if b[at] == b':' {
        // A scheme that ends in a digit links only with `//` after it (no
        // opaque scheme ends in one): times and IPv6 addresses stop here.
        at > 0
            && is_scheme_byte(b[at - 1])
            && b.get(at + 1)
                .is_some_and(|&c| c > b' ' && (c == b'/' || !b[at - 1].is_ascii_digit()))
    } else {
        at > 0
            && is_label_byte(b[at - 1])
            && b.get(at + len).is_some_and(|&c| c.is_ascii_alphabetic() || c >= 0x80)
            && b.get(at + len + 1).is_some_and(|&c| is_label_byte(c))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::find::testing::xorshift;
    use crate::LinkKind;

    /// The finders whose trigger sets differ: all kinds, IRIs and emails
    /// (dots only after an `@`), emails only, domains only, strict mode
    /// (`。` and `｡` too), strict without domains.
    fn finders() -> Vec<Finder> {
        let mut all = vec![Finder::new(); 6];
        all[1].kinds(&[LinkKind::Iri, LinkKind::Email]);
        all[2].kinds(&[LinkKind::Email]);
        all[3].kinds(&[LinkKind::Domain]);
        all[4].strict_uts58(true);
        all[5].strict_uts58(true).kinds(&[LinkKind::Iri, LinkKind::Email]);
        all
    }

    /// Every trigger of `text` that `f` needs, by the reference rule:
    /// exactly, or (`near_at` false) ignoring where the `@`s are.
    fn reference(f: &Finder, text: &[u8], near_at: bool) -> Vec<usize> {
        let want = Want::of(f);
        (0..text.len())
            .filter(|&i| match text[i] {
                b':' => want.colon && worth_a_look(text, i, 1),
                b'.' | 0xE3 | 0xEF => {
                    let len = if text[i] == b'.' { 1 } else { 3 };
                    let at_ok = !want.dot_after_at || !near_at || text[i.saturating_sub(AT_REACH)..i].contains(&b'@');
                    want.dot
                        && (len == 1 || is_cjk_dot(text, i, want.sentence_dots))
                        && worth_a_look(text, i, len)
                        && at_ok
                }
                _ => false,
            })
            .collect()
    }

    /// Checks the triggers `f` found in `text` against the reference: the
    /// same, or with dots after an `@` asked for, every one the reference
    /// finds and none it never could.
    fn check(f: &Finder, text: &[u8], found: &[usize]) {
        let exact = reference(f, text, true);
        if Want::of(f).dot_after_at {
            let most = reference(f, text, false);
            assert!(
                exact.iter().all(|t| found.contains(t)),
                "{f:?} {text:02X?}: {found:?} {exact:?}"
            );
            assert!(
                found.iter().all(|t| most.contains(t)),
                "{f:?} {text:02X?}: {found:?} {most:?}"
            );
        } else {
            assert_eq!(found, exact, "{f:?} {text:02X?}");
        }
    }

    /// Up to `most - 1` of `pieces`, drawn with the generator at `seed`.
    fn random_concat(seed: &mut u64, pieces: &[&[u8]], most: u64) -> Vec<u8> {
        let mut out = Vec::new();
        for _ in 0..*seed % most {
            out.extend_from_slice(pieces[(xorshift(seed) % pieces.len() as u64) as usize]);
        }
        out
    }

    /// Every answer of a trigger search, each asked from past the last.
    fn all_of(next: impl FnMut(usize) -> Option<(usize, usize)>) -> Vec<(usize, usize)> {
        all_of_from(0, next)
    }

    /// Every answer of a trigger search from `pos` on.
    fn all_of_from(mut pos: usize, mut next: impl FnMut(usize) -> Option<(usize, usize)>) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        while let Some((at, len)) = next(pos) {
            out.push((at, len));
            pos = at + len;
        }
        out
    }

    /// The triggers `f` finds with AVX2 (if the CPU has it) and with SSE2;
    /// both must agree.
    fn found(f: &Finder, text: &str) -> Vec<usize> {
        let run = |avx2: bool| {
            let mut t = Triggers::new(f);
            t.avx2 = avx2 && t.avx2;
            all_of(|pos| t.next(text, pos))
                .into_iter()
                .map(|(at, _)| at)
                .collect::<Vec<_>>()
        };
        let with_avx2 = run(true);
        assert_eq!(with_avx2, run(false), "AVX2 and SSE2 paths differ on {text:?}");
        with_avx2
    }

    #[test]
    fn vector_and_scalar_classification_agree() {
        // Every byte that matters next to every other, at every offset of
        // a block, with the neighbours that decide each check; runs of
        // padding put `@`s near and out of reach of the dots after them.
        let alphabet = [
            "a", "Z", "0", "-", "+", ".", ":", " ", "/", "é", "。", "．", "｡", "例", "@", "\n", ".com", "a.b.c.d",
            "::::", "x:y", "e.g. ",
        ];
        let padding = " ".repeat(100);
        let mut alphabet: Vec<&[u8]> = alphabet.iter().map(|s| s.as_bytes()).collect();
        alphabet.push(padding.as_bytes());
        let finders = finders();
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..2000 {
            let s = String::from_utf8(random_concat(&mut seed, &alphabet, 200)).expect("pieces are UTF-8");
            for f in &finders {
                check(f, s.as_bytes(), &found(f, &s));
            }
        }
    }

    #[test]
    fn triggers_are_found_in_every_position_of_a_block() {
        for f in &finders() {
            for pad in 0..140 {
                let s = format!(
                    "{}see http://a.example/ and b.example.org。み x@y.example．jp a.b",
                    "x ".repeat(pad)
                );
                check(f, s.as_bytes(), &found(f, &s));
            }
        }
    }

    #[test]
    fn a_search_that_starts_late_sees_the_at_before_it() {
        // The first search at `start` (the binary skipper's first call may
        // be anywhere) takes an `@` before `start` into account.
        let f = &finders()[1];
        for pad in [0, 10, 60, 200, 250, 300] {
            let text = format!("to: user@{}mail.example.org, and x.com", "a".repeat(pad));
            let exact = reference(f, text.as_bytes(), true);
            for start in [0, 5, 9, 20, 64, 130, 260] {
                let mut t = Triggers::new(f);
                let found: Vec<usize> = all_of_from(start, |pos| t.next(&text, pos))
                    .into_iter()
                    .map(|(at, _)| at)
                    .collect();
                for at in exact.iter().filter(|&&at| at >= start) {
                    assert!(found.contains(at), "pad {pad} start {start}: {at} in {found:?}");
                }
            }
        }
    }

    #[test]
    fn only_the_triggers_the_enabled_kinds_need_are_found() {
        let text = "ab:cd, e.g.x, 価格。Godaddy a@b.example.org ".repeat(3) + &" x.yz".repeat(100);
        let kinds = |f: &Finder| {
            let t = found(f, &text);
            let count = |c: u8| t.iter().filter(|&&i| text.as_bytes()[i] == c).count();
            (count(b':'), count(b'.'), count(0xE3))
        };
        let finders = finders();
        // All kinds: every colon and dot, and no `。` in the default mode.
        assert_eq!(kinds(&finders[0]), (3, 2 * 3 + 100, 0));
        // IRIs and emails: the dots of the addresses only (and those
        // within a block of them).
        let (colons, dots, _) = kinds(&finders[1]);
        assert_eq!(colons, 3);
        assert!((6..2 * 3 + 100).contains(&dots), "{dots}");
        // Emails only: no colon.
        assert_eq!(kinds(&finders[2]).0, 0);
        // Strict mode: no colon, `。` too.
        assert_eq!(kinds(&finders[4]), (0, 2 * 3 + 100, 3));
    }

    /// What the binary skipper relies on: every trigger of a valid UTF-8
    /// run is a trigger of the raw bytes around it, at the same place (any
    /// neighbour passes every check a missing one passes).
    #[test]
    fn triggers_of_a_valid_run_are_triggers_of_the_raw_bytes_and_of_the_run_read_through_them() {
        let pieces: [&[u8]; 15] = [
            b"a",
            b"Z",
            b"0",
            b"-",
            b".",
            b":",
            b"//",
            b" ",
            b"@",
            b"\xFF",
            b"\x80",
            b"\xC3\xA9",
            b"\xEF\xBC\x8E",
            b"\xEF\xBC",
            b"\xE3",
        ];
        let finders = finders();
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..5000 {
            let bytes = random_concat(&mut seed, &pieces, 160);
            for f in &finders[..2] {
                let mut raw = Triggers::new(f);
                let all: Vec<usize> = all_of(|pos| raw.next_in_bytes(&bytes, pos))
                    .into_iter()
                    .map(|(at, _)| at)
                    .collect();
                check(f, &bytes, &all);
                for chunk in bytes.utf8_chunks() {
                    let run = chunk.valid();
                    let base = run.as_ptr() as usize - bytes.as_ptr() as usize;
                    let of_run = found(f, run);
                    // Every trigger the run needs, by the exact rule.
                    for at in reference(f, run.as_bytes(), true) {
                        assert!(all.contains(&(base + at)), "{bytes:02X?}: {run:?} at {at}");
                    }
                    // Read through the whole input, a run's triggers are its
                    // own once the neighbour checks run on the run (or more
                    // where `@`s of other runs are in reach).
                    let mut t = Triggers::new(f);
                    let through = all_of(|pos| t.next_in_run(&bytes, base, run, pos));
                    // What `scan::next_link` relies on to check only the
                    // triggers at a run's edges.
                    for &(at, len) in &through {
                        assert!(worth_a_look(&bytes, base + at, len), "{bytes:02X?}: {run:?} at {at}");
                    }
                    let through: Vec<usize> = through
                        .into_iter()
                        .filter(|&(at, len)| worth_a_look(run.as_bytes(), at, len))
                        .map(|(at, _)| at)
                        .collect();
                    check(f, run.as_bytes(), &through);
                    if !Want::of(f).dot_after_at {
                        assert_eq!(through, of_run, "{bytes:02X?}: {run:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn no_opaque_scheme_ends_in_a_digit() {
        for s in super::super::scheme::OPAQUE_SCHEMES {
            assert!(!s.as_bytes()[s.len() - 1].is_ascii_digit(), "{s}");
        }
    }

    #[test]
    fn no_tld_starts_with_a_digit_or_is_one_letter() {
        for t in crate::chars::TLDS.iter() {
            assert!(t.len() >= 2 && t.as_bytes()[0].is_ascii_lowercase(), "{t}");
        }
    }
}
