//! The vector classification of `trigger.rs`, 64 bytes at a time: SSE2
//! (every x86-64 CPU) and AVX2 (when the CPU reports it), written once for
//! both widths and specialised for each trigger set `Want::of` makes, so
//! that the per-block code tests no flag.

#![allow(unsafe_code)]

use super::{is_cjk_dot, worth_a_look, Want, BLOCK};

/// `$m::first_block` for the `Want` at hand, with its fields as constants
/// (`dot_after_at` is the caller's: it hands over dots or not).
macro_rules! classify_with {
    ($m:ident, $want:expr, $p:expr, $blocks:expr) => {
        match ($want.colon, $want.dot, $want.sentence_dots) {
            (true, true, false) => $m::first_block::<true, true, false>($p, $blocks),
            (true, false, false) => $m::first_block::<true, false, false>($p, $blocks),
            (false, true, false) => $m::first_block::<false, true, false>($p, $blocks),
            (false, true, true) => $m::first_block::<false, true, true>($p, $blocks),
            (true, true, true) => $m::first_block::<true, true, true>($p, $blocks),
            // No trigger wanted (`next_block` does not get here).
            (_, false, _) => ($blocks, 0),
        }
    };
}

/// The first of `blocks` consecutive blocks from `p` with a trigger that
/// `want` asks for (`dot_after_at` aside): its index and mask, or
/// `(blocks, 0)`. One call for a stretch of text without links, not one
/// per block.
///
/// # Safety
/// `p - 1 .. p + 64 * blocks + 4` must be readable, and with `avx2` set
/// the CPU must have AVX2.
pub(super) unsafe fn first_block(avx2: bool, want: Want, p: *const u8, blocks: usize) -> (usize, u64) {
    if avx2 {
        classify_with!(avx2, want, p, blocks)
    } else {
        classify_with!(sse2, want, p, blocks)
    }
}

/// The vector primitives and per-vector checks, written once for both
/// vector widths: `$v` is the vector type, the rest its intrinsics.
macro_rules! vector_checks {
    ($v:ty, $load:ident, $cmpeq:ident, $cmpgt:ident, $min:ident, $max:ident, $sub:ident, $or:ident, $and:ident, $andnot:ident, $xor:ident, $set1:ident, $zero:ident) => {
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

        /// `v >= n` per unsigned byte.
        #[inline(always)]
        unsafe fn ge(v: $v, n: u8) -> $v {
            $cmpeq($max(v, $set1(n as i8)), v)
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

        /// Label bytes: ASCII letters and digits, `-`, non-ASCII.
        #[inline(always)]
        unsafe fn label(v: $v) -> $v {
            or(alnum(v), or(eq(v, b'-'), high(v)))
        }

        /// The ASCII triggers of the vector at `q` that pass
        /// `worth_a_look`, `:` and `.` alike (the caller keeps the ones it
        /// wants).
        #[inline(always)]
        unsafe fn filter(q: *const u8) -> $v {
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
            let digit_before = within(before, b'0', b'9');
            // Not (a digit before and anything but `/` after).
            let slash_or_no_digit = or(eq(x1, b'/'), $xor(digit_before, $set1(-1)));
            let above_space = $xor(le(x1, b' '), $set1(-1));
            let colon_ok = and(
                eq(x0, b':'),
                and(scheme_before, and(above_space, slash_or_no_digit)),
            );
            // `.` after a label byte, before a letter (or non-ASCII) and a
            // label byte.
            let label_before = or(alnum_before, or(eq(before, b'-'), high(before)));
            let tld_start = or(alpha(x1), high(x1));
            let dot_ok = and(eq(x0, b'.'), and(label_before, and(tld_start, label(x2))));
            or(colon_ok, dot_ok)
        }

        /// The candidates of the vector at `q` (a superset of the triggers
        /// of [`filter`] and of the non-ASCII dots the mode takes): a colon
        /// before a byte above the space (`COLON`), a dot before a byte from
        /// `A` up, the first byte of a character whose last two bytes are
        /// those of `．` (`DOT`), or of `。` or `｡` (`SENTENCE`).
        #[inline(always)]
        unsafe fn candidates<const COLON: bool, const DOT: bool, const SENTENCE: bool>(q: *const u8) -> $v {
            let x0 = load(q);
            let x1 = load(q.add(1));
            let mut c = $zero();
            if COLON {
                c = $andnot(le(x1, b' '), eq(x0, b':'));
            }
            if DOT {
                let x2 = load(q.add(2));
                let dots = and(eq(x0, b'.'), ge(x1, b'A'));
                // `．` EF BC 8E; `。` E3 80 82, `｡` EF BD A1.
                let mut cjk = and(eq(x1, 0xBC), eq(x2, 0x8E));
                if SENTENCE {
                    cjk = or(
                        cjk,
                        or(and(eq(x1, 0x80), eq(x2, 0x82)), and(eq(x1, 0xBD), eq(x2, 0xA1))),
                    );
                }
                c = or(c, or(dots, cjk));
            }
            c
        }

        /// The triggers of the 64 bytes at `p` that the mode asks for (the
        /// parameters are fields of `Want`) and that pass `worth_a_look`.
        /// One branch per block on whether it holds a candidate at all,
        /// which prose mostly does not.
        #[inline(always)]
        unsafe fn block_of<const COLON: bool, const DOT: bool, const SENTENCE: bool>(p: *const u8) -> u64 {
            const W: usize = core::mem::size_of::<$v>();
            let mut cand = 0u64;
            for k in 0..BLOCK / W {
                cand |= bits(candidates::<COLON, DOT, SENTENCE>(p.add(W * k))) << (W * k);
            }
            if cand == 0 {
                return 0;
            }
            if at_most_four(cand) {
                return each_worth_a_look(p, cand, SENTENCE);
            }
            // Many candidates: the checks on every byte, then the few
            // non-ASCII ones one by one.
            let mut ascii = 0u64;
            let mut high_bytes = 0u64;
            for k in 0..BLOCK / W {
                let q = p.add(W * k);
                ascii |= bits(filter(q)) << (W * k);
                high_bytes |= bits(high(load(q))) << (W * k);
            }
            (ascii & cand) | each_worth_a_look(p, cand & high_bytes, SENTENCE)
        }
    };
}

/// Whether `m` has at most four bits set (no `popcnt` in the x86-64
/// baseline).
#[inline(always)]
fn at_most_four(m: u64) -> bool {
    let m = m & m.wrapping_sub(1);
    let m = m & m.wrapping_sub(1);
    let m = m & m.wrapping_sub(1);
    m & m.wrapping_sub(1) == 0
}

/// The candidates of `cand` (bit `i`: the byte at `p + i`) that are
/// triggers (`。` and `｡` too with `sentence_dots`) and pass
/// `worth_a_look`, one by one.
///
/// # Safety
/// `p - 1 .. p + 68` must be readable.
#[inline(always)]
unsafe fn each_worth_a_look(p: *const u8, mut cand: u64, sentence_dots: bool) -> u64 {
    // A candidate's checks read one byte before it and up to four after.
    let b = std::slice::from_raw_parts(p.sub(1), BLOCK + 5);
    let mut mask = 0u64;
    while cand != 0 {
        let i = cand.trailing_zeros() as usize;
        // (A candidate only ends like a non-ASCII dot: check all of it.)
        let ok = match b[i + 1] {
            b':' | b'.' => worth_a_look(b, i + 1, 1),
            _ => is_cjk_dot(b, i + 1, sentence_dots) && worth_a_look(b, i + 1, 3),
        };
        mask |= (ok as u64) << i;
        cand &= cand - 1;
    }
    mask
}

/// `first_block` over the module's `block_of`, with the module's target
/// features (`$a`).
macro_rules! first_block {
    ($(#[$a:meta])*) => {
        /// See `vector::first_block`, for one trigger set.
        ///
        /// # Safety
        /// `p - 1 .. p + 64 * blocks + 4` must be readable.
        $(#[$a])*
        pub(super) unsafe fn first_block<const COLON: bool, const DOT: bool, const SENTENCE: bool>(
            p: *const u8,
            blocks: usize,
        ) -> (usize, u64) {
            for k in 0..blocks {
                let m = block_of::<COLON, DOT, SENTENCE>(p.add(BLOCK * k));
                if m != 0 {
                    return (k, m);
                }
            }
            (blocks, 0)
        }
    };
}

/// Classification 16 bytes at a time (SSE2, every x86-64 CPU).
mod sse2 {
    use super::{at_most_four, each_worth_a_look, BLOCK};
    use core::arch::x86_64::*;

    vector_checks!(
        __m128i,
        _mm_loadu_si128,
        _mm_cmpeq_epi8,
        _mm_cmpgt_epi8,
        _mm_min_epu8,
        _mm_max_epu8,
        _mm_sub_epi8,
        _mm_or_si128,
        _mm_and_si128,
        _mm_andnot_si128,
        _mm_xor_si128,
        _mm_set1_epi8,
        _mm_setzero_si128
    );

    #[inline(always)]
    unsafe fn bits(v: __m128i) -> u64 {
        _mm_movemask_epi8(v) as u16 as u64
    }

    first_block!();
}

/// The same classification 32 bytes at a time.
mod avx2 {
    use super::{at_most_four, each_worth_a_look, BLOCK};
    use core::arch::x86_64::*;

    vector_checks!(
        __m256i,
        _mm256_loadu_si256,
        _mm256_cmpeq_epi8,
        _mm256_cmpgt_epi8,
        _mm256_min_epu8,
        _mm256_max_epu8,
        _mm256_sub_epi8,
        _mm256_or_si256,
        _mm256_and_si256,
        _mm256_andnot_si256,
        _mm256_xor_si256,
        _mm256_set1_epi8,
        _mm256_setzero_si256
    );

    #[inline(always)]
    unsafe fn bits(v: __m256i) -> u64 {
        _mm256_movemask_epi8(v) as u32 as u64
    }

    // The CPU must have AVX2, too.
    first_block!(#[target_feature(enable = "avx2")]);
}
