//! Trigger search: where a link might be.
//!
//! A trigger is the `:` after a scheme or a dot before a TLD (`.`, `。`,
//! `．`, `｡`). The text is classified 64 bytes at a time into a bit mask
//! of the triggers that pass the cheap neighbour checks of
//! [`worth_a_look`], computed for a block only when one of its bytes is a
//! candidate (a dot before a letter, a colon before a non-space); runs
//! such as `::::`, `....` or `a.a.a` and text without any trigger cost
//! about one instruction a byte. On x86-64 the
//! classification uses AVX2 when the CPU reports it (detected once per
//! finder run) and SSE2 otherwise (part of the x86-64 baseline); on other
//! targets, and for the first and last bytes of a text, a scalar loop
//! computes the same mask (tests check all three agree).

use super::classes::{is_label_byte, is_scheme_byte};
use super::Finder;

/// The triggers of one text, handed out in increasing order.
pub(crate) struct Triggers {
    want_colon: bool,
    want_dot: bool,
    /// Start of the block whose triggers are in `mask`…
    block: usize,
    /// …one bit per byte of `[block, block + 64)`; `None`: no block yet.
    mask: Option<u64>,
    /// The CPU has AVX2 (detected once per finder run).
    avx2: bool,
}

/// Bytes per block (one bit each in a `u64`).
const BLOCK: usize = 64;

impl Triggers {
    pub(crate) fn new(f: &Finder) -> Self {
        Triggers {
            want_colon: !f.strict_uts58 && f.iri,
            want_dot: f.domain || f.email || f.strict_uts58,
            block: 0,
            mask: None,
            avx2: has_avx2(),
        }
    }

    /// Forgets the text seen so far (a new text or run begins).
    pub(crate) fn reset(&mut self) {
        self.mask = None;
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
    /// the caller checks each with [`worth_a_look`] on the run.
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
    /// is also a trigger of `b`, at the same place. Calls must not go back
    /// before an earlier answer.
    pub(crate) fn next_in_bytes(&mut self, b: &[u8], pos: usize) -> Option<(usize, usize)> {
        self.next_in_window(b, 0, b.len(), pos)
    }

    /// The triggers of `outer[base..base + len]`, at offsets from `base`.
    fn next_in_window(&mut self, outer: &[u8], base: usize, len: usize, mut pos: usize) -> Option<(usize, usize)> {
        if pos >= len {
            return None;
        }
        // What is left of the block at hand…
        let mut mask = match self.mask {
            Some(m) if pos >= self.block && pos < self.block + BLOCK => {
                let m = m & (!0u64 << (pos - self.block));
                if m == 0 {
                    pos = self.block + BLOCK;
                }
                m
            }
            _ => 0,
        };
        // …then the first block after it with a trigger.
        while mask == 0 {
            if pos >= len {
                self.mask = None;
                return None;
            }
            let (block, m) = first_block(outer, base, len, pos, self.want_colon, self.want_dot, self.avx2);
            self.block = block;
            mask = m;
            pos = block + BLOCK;
        }
        let at = self.block + mask.trailing_zeros() as usize;
        self.mask = Some(mask & (mask - 1));
        let len = if outer[base + at] < 0x80 { 1 } else { 3 };
        Some((at, len))
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

/// The first block of `b[pos..]` with a trigger, where `b` is
/// `outer[base..base + len]`: its start and mask (bit `i`: byte `start +
/// i`), or the last block looked at and 0. The vector paths classify the
/// bytes in `outer`, whose bytes around `b` can only add triggers at `b`'s
/// edges, and go over a stretch without triggers in one call.
#[cfg_attr(not(target_arch = "x86_64"), allow(unused_variables))]
fn first_block(outer: &[u8], base: usize, len: usize, pos: usize, colon: bool, dot: bool, avx2: bool) -> (usize, u64) {
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
        if blocks > 0 {
            // SAFETY: bytes `p - 1 .. p + 64 * blocks + 4` of `outer` are in
            // bounds (`readable` above); SSE2 is part of the x86-64
            // baseline, and AVX2 was detected at run time when `avx2` is set.
            #[allow(unsafe_code)]
            let (k, mask) = unsafe {
                if avx2 {
                    avx2::first_block(outer.as_ptr().add(p), blocks, colon, dot)
                } else {
                    sse2::first_block(outer.as_ptr().add(p), blocks, colon, dot)
                }
            };
            let block = pos + BLOCK * k.min(blocks - 1);
            // Only the bytes of `b`.
            let mask = if len - block < BLOCK {
                mask & ((1u64 << (len - block)) - 1)
            } else {
                mask
            };
            return (block, mask);
        }
    }
    (pos, scalar_block_mask(&outer[base..base + len], pos, colon, dot))
}

/// The reference classification, byte by byte.
fn scalar_block_mask(b: &[u8], at: usize, colon: bool, dot: bool) -> u64 {
    let end = b.len().min(at + BLOCK);
    let mut mask = 0u64;
    for i in at..end {
        let c = b[i];
        let hit = match c {
            b':' => colon && worth_a_look(b, i, 1),
            b'.' => dot && worth_a_look(b, i, 1),
            0xE3 | 0xEF => dot && is_cjk_dot(b, i) && worth_a_look(b, i, 3),
            _ => false,
        };
        mask |= (hit as u64) << (i - at);
    }
    mask
}

fn is_cjk_dot(b: &[u8], i: usize) -> bool {
    matches!(
        b.get(i..i + 3),
        Some([0xE3, 0x80, 0x82] | [0xEF, 0xBC, 0x8E] | [0xEF, 0xBD, 0xA1])
    )
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

/// The vector primitives and per-vector checks, written once for both
/// vector widths: `$v` is the vector type, the rest its intrinsics.
#[cfg(target_arch = "x86_64")]
macro_rules! vector_checks {
    ($v:ty, $load:ident, $cmpeq:ident, $cmpgt:ident, $min:ident, $sub:ident, $or:ident, $and:ident, $xor:ident, $set1:ident, $zero:ident) => {
        #[inline(always)]
        unsafe fn load(p: *const u8) -> $v {
            $load(p as *const $v)
        }

        #[inline(always)]
        unsafe fn eq(v: $v, c: u8) -> $v {
            $cmpeq(v, $set1(c as i8))
        }

        /// `v <= n` per unsigned byte.
        #[inline(always)]
        unsafe fn le(v: $v, n: u8) -> $v {
            $cmpeq($min(v, $set1(n as i8)), v)
        }

        /// `lo <= v <= hi` per unsigned byte.
        #[inline(always)]
        unsafe fn within(v: $v, lo: u8, hi: u8) -> $v {
            le($sub(v, $set1(lo as i8)), hi - lo)
        }

        #[inline(always)]
        unsafe fn or(a: $v, b: $v) -> $v {
            $or(a, b)
        }

        #[inline(always)]
        unsafe fn and(a: $v, b: $v) -> $v {
            $and(a, b)
        }

        #[inline(always)]
        unsafe fn alpha(v: $v) -> $v {
            within($or(v, $set1(0x20)), b'a', b'z')
        }

        #[inline(always)]
        unsafe fn alnum(v: $v) -> $v {
            or(alpha(v), within(v, b'0', b'9'))
        }

        /// Non-ASCII bytes (the sign bit set).
        #[inline(always)]
        unsafe fn high(v: $v) -> $v {
            $cmpgt($zero(), v)
        }

        /// The triggers of the vector at `q` that pass `worth_a_look`.
        #[inline(always)]
        unsafe fn filter(q: *const u8, colon: bool, dot: bool) -> $v {
            let x0 = load(q);
            let before = load(q.sub(1));
            let x1 = load(q.add(1));
            let x2 = load(q.add(2));
            let alnum_before = alnum(before);
            // `:` after a scheme byte, before a byte above the space.
            let scheme_before = or(
                alnum_before,
                or(eq(before, b'+'), or(eq(before, b'-'), eq(before, b'.'))),
            );
            let above_space = $xor(le(x1, b' '), $set1(-1));
            let digit_before = within(before, b'0', b'9');
            // Not (a digit before and anything but `/` after).
            let slash_or_no_digit = or(eq(x1, b'/'), $xor(digit_before, $set1(-1)));
            let is_colon = if colon { eq(x0, b':') } else { $zero() };
            let colon_ok = and(is_colon, and(scheme_before, and(above_space, slash_or_no_digit)));
            // `.` after a label byte, before a letter (or non-ASCII) and a
            // label byte.
            let label_before = or(alnum_before, or(eq(before, b'-'), high(before)));
            let tld_start = or(alpha(x1), high(x1));
            let label_next = label(x2);
            let is_dot = if dot { eq(x0, b'.') } else { $zero() };
            let dot_ok = and(is_dot, and(label_before, and(tld_start, label_next)));
            or(colon_ok, dot_ok)
        }

        /// The bytes worth the full [`filter`]: a dot before a letter or a
        /// non-ASCII byte, a colon before a byte above the space.
        #[inline(always)]
        unsafe fn candidates(q: *const u8, colon: bool, dot: bool) -> $v {
            let x0 = load(q);
            let x1 = load(q.add(1));
            let dots = if dot {
                and(eq(x0, b'.'), or(alpha(x1), high(x1)))
            } else {
                $zero()
            };
            let colons = if colon {
                and(eq(x0, b':'), $xor(le(x1, b' '), $set1(-1)))
            } else {
                $zero()
            };
            or(dots, colons)
        }

        /// Label bytes: ASCII letters and digits, `-`, non-ASCII.
        #[inline(always)]
        unsafe fn label(v: $v) -> $v {
            or(alnum(v), or(eq(v, b'-'), high(v)))
        }

        /// Where a non-ASCII dot (`。` E3 80 82, `．` EF BC 8E, `｡` EF BD
        /// A1) that passes `worth_a_look` starts in the vector at `q`.
        #[inline(always)]
        unsafe fn cjk_dots(q: *const u8) -> $v {
            let x0 = load(q);
            let x1 = load(q.add(1));
            let x2 = load(q.add(2));
            let ideographic = and(eq(x0, 0xE3), and(eq(x1, 0x80), eq(x2, 0x82)));
            let fullwidth = and(eq(x1, 0xBC), eq(x2, 0x8E));
            let halfwidth = and(eq(x1, 0xBD), eq(x2, 0xA1));
            let forms = and(eq(x0, 0xEF), or(fullwidth, halfwidth));
            let x3 = load(q.add(3));
            let around = and(
                label(load(q.sub(1))),
                and(or(alpha(x3), high(x3)), label(load(q.add(4)))),
            );
            and(or(ideographic, forms), around)
        }

        /// The triggers of the 64 bytes at `p` that pass `worth_a_look`
        /// (`colon` or `dot` set). The full checks run on the whole block
        /// when any byte in it is a candidate: one branch per block, which
        /// link-dense text takes and prose mostly does not, where a branch
        /// per vector went either way.
        #[inline(always)]
        unsafe fn block_of(p: *const u8, colon: bool, dot: bool) -> u64 {
            const W: usize = core::mem::size_of::<$v>();
            let mut any = $zero();
            let mut leads = $zero();
            for k in 0..BLOCK / W {
                let q = p.add(W * k);
                any = or(any, candidates(q, colon, dot));
                // The lead bytes of 。 and ．/｡: two-byte scripts skip the
                // check.
                leads = or(leads, either(load(q), 0xE3, 0xEF));
            }
            let mut mask = 0u64;
            if bits(any) != 0 {
                for k in 0..BLOCK / W {
                    mask |= bits(filter(p.add(W * k), colon, dot)) << (W * k);
                }
            }
            if dot && bits(leads) != 0 {
                for k in 0..BLOCK / W {
                    mask |= bits(cjk_dots(p.add(W * k))) << (W * k);
                }
            }
            mask
        }

        /// Where `first` or `second` occurs in `x`.
        #[inline(always)]
        unsafe fn either(x: $v, first: u8, second: u8) -> $v {
            or(eq(x, first), eq(x, second))
        }
    };
}

/// `first_block` over the module's `block_mask`, with the module's target
/// features (`$a`).
#[cfg(target_arch = "x86_64")]
macro_rules! first_block {
    ($(#[$a:meta])*) => {
        /// The first of `blocks` consecutive blocks from `p` with a
        /// trigger: its index and mask, or `(blocks, 0)`. One call for a
        /// stretch of text without links, not one per block.
        ///
        /// # Safety
        /// `p - 1 .. p + 64 * blocks + 4` must be readable.
        $(#[$a])*
        pub(super) unsafe fn first_block(p: *const u8, blocks: usize, colon: bool, dot: bool) -> (usize, u64) {
            for k in 0..blocks {
                let m = block_mask(p.add(BLOCK * k), colon, dot);
                if m != 0 {
                    return (k, m);
                }
            }
            (blocks, 0)
        }
    };
}

/// Classification 16 bytes at a time (SSE2, every x86-64 CPU).
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod sse2 {
    use super::BLOCK;
    use core::arch::x86_64::*;

    vector_checks!(
        __m128i,
        _mm_loadu_si128,
        _mm_cmpeq_epi8,
        _mm_cmpgt_epi8,
        _mm_min_epu8,
        _mm_sub_epi8,
        _mm_or_si128,
        _mm_and_si128,
        _mm_xor_si128,
        _mm_set1_epi8,
        _mm_setzero_si128
    );

    #[inline(always)]
    unsafe fn bits(v: __m128i) -> u64 {
        _mm_movemask_epi8(v) as u16 as u64
    }

    /// The triggers of the 64 bytes at `p` that pass `worth_a_look`.
    ///
    /// # Safety
    /// `p - 1 .. p + 68` must be readable.
    #[inline]
    pub(super) unsafe fn block_mask(p: *const u8, colon: bool, dot: bool) -> u64 {
        if !colon && !dot {
            return 0;
        }
        block_of(p, colon, dot)
    }

    first_block!();
}

/// The same classification 32 bytes at a time.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod avx2 {
    use super::BLOCK;
    use core::arch::x86_64::*;

    vector_checks!(
        __m256i,
        _mm256_loadu_si256,
        _mm256_cmpeq_epi8,
        _mm256_cmpgt_epi8,
        _mm256_min_epu8,
        _mm256_sub_epi8,
        _mm256_or_si256,
        _mm256_and_si256,
        _mm256_xor_si256,
        _mm256_set1_epi8,
        _mm256_setzero_si256
    );

    #[inline(always)]
    unsafe fn bits(v: __m256i) -> u64 {
        _mm256_movemask_epi8(v) as u32 as u64
    }

    /// See `sse2::block_mask`.
    ///
    /// # Safety
    /// `p - 1 .. p + 68` must be readable, and the CPU must have AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn block_mask(p: *const u8, colon: bool, dot: bool) -> u64 {
        if !colon && !dot {
            return 0;
        }
        block_of(p, colon, dot)
    }

    // The CPU must have AVX2, too.
    first_block!(#[target_feature(enable = "avx2")]);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::find::testing::xorshift;

    fn finder() -> Finder {
        Finder::new()
    }

    /// Every trigger of `text` by the reference rule.
    fn reference(text: &[u8]) -> Vec<usize> {
        (0..text.len())
            .filter(|&i| match text[i] {
                b':' | b'.' => worth_a_look(text, i, 1),
                0xE3 | 0xEF => is_cjk_dot(text, i) && worth_a_look(text, i, 3),
                _ => false,
            })
            .collect()
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
    fn all_of(mut next: impl FnMut(usize) -> Option<(usize, usize)>) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        let mut pos = 0;
        while let Some((at, len)) = next(pos) {
            out.push((at, len));
            pos = at + len;
        }
        out
    }

    /// The triggers found with AVX2 (if the CPU has it) and with SSE2; both
    /// must agree.
    fn found(text: &str) -> Vec<usize> {
        let run = |avx2: bool| {
            let mut t = Triggers::new(&finder());
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
        // a block, with the neighbours that decide each check.
        let alphabet = [
            "a", "Z", "0", "-", "+", ".", ":", " ", "/", "é", "。", "．", "｡", "例", "@", "\n",
        ];
        let alphabet = alphabet.map(str::as_bytes);
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..2000 {
            let s = String::from_utf8(random_concat(&mut seed, &alphabet, 200)).expect("pieces are UTF-8");
            assert_eq!(found(&s), reference(s.as_bytes()), "{s:?}");
        }
    }

    #[test]
    fn triggers_are_found_in_every_position_of_a_block() {
        for pad in 0..140 {
            let s = format!("{}see http://a.example/ and b.example.org。み", "x ".repeat(pad));
            assert_eq!(found(&s), reference(s.as_bytes()), "pad {pad}");
        }
    }

    /// What the binary skipper relies on: every trigger of a valid UTF-8
    /// run is a trigger of the raw bytes around it, at the same place (any
    /// neighbour passes every check a missing one passes).
    #[test]
    fn triggers_of_a_valid_run_are_triggers_of_the_raw_bytes_and_of_the_run_read_through_them() {
        let pieces: [&[u8]; 14] = [
            b"a",
            b"Z",
            b"0",
            b"-",
            b".",
            b":",
            b"//",
            b" ",
            b"\xFF",
            b"\x80",
            b"\xC3\xA9",
            b"\xE3\x80\x82",
            b"\xEF\xBC",
            b"\xE3",
        ];
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..5000 {
            let bytes = random_concat(&mut seed, &pieces, 160);
            let mut raw = Triggers::new(&finder());
            let all: Vec<usize> = all_of(|pos| raw.next_in_bytes(&bytes, pos))
                .into_iter()
                .map(|(at, _)| at)
                .collect();
            assert_eq!(all, reference(&bytes), "{bytes:02X?}");
            for chunk in bytes.utf8_chunks() {
                let run = chunk.valid();
                let base = run.as_ptr() as usize - bytes.as_ptr() as usize;
                let of_run = found(run);
                for &at in &of_run {
                    assert!(all.contains(&(base + at)), "{bytes:02X?}: {run:?} at {at}");
                }
                // Read through the whole input, a run's triggers are its
                // own once the neighbour checks run on the run.
                let mut t = Triggers::new(&finder());
                let through: Vec<usize> = all_of(|pos| t.next_in_run(&bytes, base, run, pos))
                    .into_iter()
                    .filter(|&(at, len)| worth_a_look(run.as_bytes(), at, len))
                    .map(|(at, _)| at)
                    .collect();
                assert_eq!(through, of_run, "{bytes:02X?}: {run:?}");
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
