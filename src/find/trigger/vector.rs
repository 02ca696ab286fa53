//! The vector classification of `trigger.rs`, 64 bytes at a time: SSE2
//! (every x86-64 CPU) and AVX2 (when the CPU reports it), written once for
//! both widths and specialised for each trigger set `Want::of` makes, so
//! that the per-block code tests no flag.

#![allow(unsafe_code)]

use super::{colon_check, dot_worth_a_look, is_cjk_dot, scheme_word_may_link, AtRuns, Want, BLOCK};

/// What `first_block` is for one trigger set and vector width: the first
/// of `blocks` consecutive blocks of `b` from `at` with a trigger (its
/// index and mask), or `(blocks, 0)`. One call for a stretch of text
/// without links, not one per block. The checks of
/// [`super::worth_a_look`] read `b`: a scheme's letters may lie before
/// `at`. With `dot_after_at`, the `@`s are found in the same pass (a
/// block with one, or into which a name run after one goes on, is never
/// skipped) and `runs` follows them: dots only in those runs.
///
/// # Safety
/// `at >= 1` and `at + 64 * blocks + 4 <= b.len()` (the vectors read one
/// byte before a block and four after it), and an AVX2 classifier needs a
/// CPU with AVX2.
pub(super) type Classifier = unsafe fn(b: &[u8], at: usize, blocks: usize, runs: &mut AtRuns) -> (usize, u64);

/// The classifier of the triggers `want` asks for (`dot_after_at` aside:
/// the caller picks one with dots or without), with AVX2 when `avx2` (the
/// CPU has it) and SSE2 otherwise, with its fields as constants so that
/// the per-block code tests no flag; `None` when it asks for none.
pub(super) fn classifier(avx2: bool, want: Want) -> Option<Classifier> {
    macro_rules! pick {
        ($m:ident) => {
            match (want.colon, want.dot, want.sentence_dots, want.dot_after_at) {
                (true, true, false, false) => $m::first_block::<true, true, false, false> as Classifier,
                (true, true, false, true) => $m::first_block::<true, true, false, true>,
                (true, false, _, _) => $m::first_block::<true, false, false, false>,
                (false, true, false, false) => $m::first_block::<false, true, false, false>,
                (false, true, false, true) => $m::first_block::<false, true, false, true>,
                (false, true, true, false) => $m::first_block::<false, true, true, false>,
                (false, true, true, true) => $m::first_block::<false, true, true, true>,
                (true, true, true, false) => $m::first_block::<true, true, true, false>,
                (true, true, true, true) => $m::first_block::<true, true, true, true>,
                (false, false, _, _) => return None,
            }
        };
    }
    Some(if avx2 { pick!(avx2) } else { pick!(sse2) })
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

        /// The ASCII triggers of the vector at `q` that pass the
        /// neighbour checks of `worth_a_look`, `:` and `.` alike (the
        /// caller keeps the ones it wants), and the colons among them
        /// without `//` (or `\/`, `\u`) after them, whose scheme word is still to be
        /// checked (`scheme_word_may_link`).
        #[inline(always)]
        unsafe fn filter(q: *const u8) -> ($v, $v) {
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
            let slash = eq(x1, b'/');
            let slash_or_no_digit = or(slash, $xor(digit_before, $set1(-1)));
            let above_space = $xor(le(x1, b' '), $set1(-1));
            let colon_ok = and(
                eq(x0, b':'),
                and(scheme_before, and(above_space, slash_or_no_digit)),
            );
            // (`//`, or `\/` or `\u`: a JSON-escaped link's, see
            // `escaped.rs`.)
            let backslash = eq(x1, b'\\');
            let slashes = or(
                and(or(slash, backslash), eq(x2, b'/')),
                and(backslash, eq(x2, b'u')),
            );
            let word = $andnot(slashes, colon_ok);
            // `.` after a label byte, before a letter (or non-ASCII) and a
            // label byte.
            let label_before = or(alnum_before, or(eq(before, b'-'), high(before)));
            let tld_start = or(alpha(x1), high(x1));
            let dot_ok = and(eq(x0, b'.'), and(label_before, and(tld_start, label(x2))));
            (or(colon_ok, dot_ok), word)
        }

        /// The candidates of the vector at `q` (a superset of the triggers
        /// of [`filter`] and of the non-ASCII dots the mode takes): a colon
        /// (`COLON`), a dot before a byte from `A` up, the first byte of a
        /// character whose last two bytes are those of `．` (`DOT`), or of
        /// `。` or `｡` (`SENTENCE`). A colon alone is one compare: most
        /// colons of prose are checked one by one for less than the
        /// neighbour tests would cost on every vector.
        #[inline(always)]
        unsafe fn candidates<const COLON: bool, const DOT: bool, const SENTENCE: bool>(q: *const u8) -> $v {
            let x0 = load(q);
            let mut c = $zero();
            if COLON {
                c = eq(x0, b':');
            }
            if DOT {
                let x1 = load(q.add(1));
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

        /// The candidates of the 64 bytes at `p` (bit `i`: the byte at
        /// `p + i`) for the mode (the parameters are fields of `Want`),
        /// and with `AT`, whether the bytes hold an `@`. One test per
        /// block on whether it holds either at all, which prose mostly
        /// does not.
        ///
        /// # Safety
        /// `p - 1 .. p + 68` must be readable.
        #[inline(always)]
        unsafe fn candidate_bits<const COLON: bool, const DOT: bool, const SENTENCE: bool, const AT: bool>(
            p: *const u8,
        ) -> (u64, bool) {
            const W: usize = core::mem::size_of::<$v>();
            let mut v = [$zero(); BLOCK / W];
            let mut any = $zero();
            let mut ats = $zero();
            for (k, v) in v.iter_mut().enumerate() {
                *v = candidates::<COLON, DOT, SENTENCE>(p.add(W * k));
                any = or(any, *v);
                if AT {
                    ats = or(ats, eq(load(p.add(W * k)), b'@'));
                }
            }
            if none(if AT { or(any, ats) } else { any }) {
                return (0, false);
            }
            let mut cand = 0u64;
            for (k, v) in v.iter().enumerate() {
                cand |= bits(*v) << (W * k);
            }
            (cand, AT && !none(ats))
        }

        /// The `@`s of the 64 bytes at `p`, and their name bytes (label
        /// bytes, `.`) and `@`s (bit `i`: the byte `p + i`), for
        /// [`AtRuns::after_at`].
        ///
        /// # Safety
        /// `p .. p + 64` must be readable.
        #[inline(always)]
        unsafe fn at_and_name_bits(p: *const u8) -> (u64, u64) {
            const W: usize = core::mem::size_of::<$v>();
            let (mut ats, mut names) = (0u64, 0u64);
            for k in 0..BLOCK / W {
                let x = load(p.add(W * k));
                let at = eq(x, b'@');
                ats |= bits(at) << (W * k);
                names |= bits(or(label(x), or(eq(x, b'.'), at))) << (W * k);
            }
            (ats, names)
        }

        /// The candidates `cand` of the block of `b` at `at` that pass
        /// `worth_a_look`: one by one when there are at most four, else
        /// the checks on every byte, then the scheme words of the colons
        /// without `//` and the few non-ASCII candidates one by one.
        ///
        /// # Safety
        /// `at >= 1` and `at + 68 <= b.len()`.
        #[inline(always)]
        unsafe fn check_block(b: &[u8], at: usize, cand: u64, sentence_dots: bool) -> u64 {
            const W: usize = core::mem::size_of::<$v>();
            let p = b.as_ptr().add(at);
            let mut ascii = 0u64;
            let mut word = 0u64;
            let mut high_bytes = 0u64;
            for k in 0..BLOCK / W {
                let q = p.add(W * k);
                let (ok, w) = filter(q);
                ascii |= bits(ok) << (W * k);
                word |= bits(w) << (W * k);
                high_bytes |= bits(high(load(q))) << (W * k);
            }
            let mut ascii = ascii & cand;
            let mut word = word & cand;
            while word != 0 {
                let i = word.trailing_zeros() as usize;
                if !scheme_word_may_link(b, at + i) {
                    ascii &= !(1 << i);
                }
                word &= word - 1;
            }
            ascii | each_worth_a_look(b, at, cand & high_bytes, sentence_dots)
        }
    };
}

/// Whether `m` has at most four bits set (no `popcnt` in the x86-64
/// baseline): up to about that many, checking candidates one by one costs
/// less than the checks on every byte.
#[inline(always)]
fn at_most_four(mut m: u64) -> bool {
    for _ in 0..3 {
        m &= m.wrapping_sub(1);
    }
    m & m.wrapping_sub(1) == 0
}

/// The candidates of `cand` (bit `i`: the byte `b[at + i]`) that are
/// triggers (`。` and `｡` too with `sentence_dots`) and pass
/// `worth_a_look` on `b`, one by one.
///
/// # Panics
/// Unless `at >= 1` and `at + 68 <= b.len()` (`first_block`'s contract).
#[inline(always)]
fn each_worth_a_look(b: &[u8], at: usize, mut cand: u64, sentence_dots: bool) -> u64 {
    // The block, one byte before it and four after (what the checks read
    // around a candidate but a scheme's letters), in one bounds check.
    let w = &b[at - 1..at + BLOCK + 4];
    let mut mask = 0u64;
    while cand != 0 {
        let i = cand.trailing_zeros() as usize;
        let ok = match w[i + 1] {
            b':' => colon_check(b, at + i, w[i], w[i + 2], w[i + 3]),
            b'.' => dot_worth_a_look(w, i + 1, 1),
            // (A candidate only ends like a non-ASCII dot: check all of it.)
            _ => is_cjk_dot(w, i + 1, sentence_dots) && dot_worth_a_look(w, i + 1, 3),
        };
        mask |= (ok as u64) << i;
        cand &= cand - 1;
    }
    mask
}

/// `first_block` over the module's `candidate_bits` and `check_block`,
/// with the module's target features (`$a`).
macro_rules! first_block {
    ($(#[$a:meta])*) => {
        /// A [`Classifier`](super::Classifier). The loop over
        /// blocks without candidates is all that runs on most text: the
        /// checks stay out of it, so that it keeps its registers.
        ///
        /// # Safety
        /// As for [`Classifier`](super::Classifier).
        $(#[$a])*
        pub(super) unsafe fn first_block<const COLON: bool, const DOT: bool, const SENTENCE: bool, const AT: bool>(
            b: &[u8],
            at: usize,
            blocks: usize,
            runs: &mut AtRuns,
        ) -> (usize, u64) {
            let p = b.as_ptr().add(at);
            let end = p.add(BLOCK * blocks);
            let mut q = p;
            loop {
                // Over the blocks without a candidate: a loop of its own,
                // on a pointer, that keeps its constants in registers.
                // With `AT`: a block into which a name run after an `@`
                // goes on is looked at whatever it holds (only the first
                // of the call, or the one after a block looked at, can be).
                let carried = AT && q != end && runs.carried(q as usize - b.as_ptr() as usize);
                let (cand, runs_in) = if carried {
                    (candidate_bits::<COLON, false, false, true>(q).0, true)
                } else {
                    loop {
                        if q == end {
                            return (blocks, 0);
                        }
                        if AT {
                            // Colons and `@`s; dots only in a name run
                            // after an `@`.
                            let (cand, has_at) = candidate_bits::<COLON, false, false, true>(q);
                            if cand != 0 || has_at {
                                break (cand, has_at);
                            }
                        } else {
                            let (cand, _) = candidate_bits::<COLON, DOT, SENTENCE, false>(q);
                            if cand != 0 {
                                break (cand, false);
                            }
                        }
                        q = q.add(BLOCK);
                    }
                };
                let k = (q as usize - p as usize) / BLOCK;
                let i = at + BLOCK * k;
                let cand = if runs_in { with_ats::<DOT, SENTENCE>(q, i, cand, runs) } else { cand };
                let m = if cand != 0 { check(b, i, cand, SENTENCE) } else { 0 };
                if m != 0 {
                    return (k, m);
                }
                q = q.add(BLOCK);
            }
        }

        /// For `first_block` with `AT`: the block at `q` (the byte `i`)
        /// has an `@` or goes on with a name run after one; its colon
        /// candidates `cand`, and the dot candidates in those runs, which
        /// `runs` follows.
        ///
        /// # Safety
        /// `q - 1 .. q + 68` must be readable.
        $(#[$a])*
        #[inline(never)]
        unsafe fn with_ats<const DOT: bool, const SENTENCE: bool>(
            q: *const u8,
            i: usize,
            cand: u64,
            runs: &mut AtRuns,
        ) -> u64 {
            let (ats, names) = at_and_name_bits(q);
            let after_at = runs.after_at(i, ats, names);
            if after_at == 0 {
                return cand;
            }
            cand | (candidate_bits::<false, DOT, SENTENCE, false>(q).0 & after_at)
        }

        /// The candidates `cand` of the block of `b` at `at` that pass
        /// `worth_a_look`: a few checked one by one here, many in
        /// [`checked`].
        ///
        /// # Safety
        /// As for `check_block`.
        #[inline(always)]
        unsafe fn check(b: &[u8], at: usize, cand: u64, sentence_dots: bool) -> u64 {
            if at_most_four(cand) {
                each_worth_a_look(b, at, cand, sentence_dots)
            } else {
                checked(b, at, cand, sentence_dots)
            }
        }

        /// `check_block`, out of the loop of `first_block`.
        ///
        /// # Safety
        /// As for `check_block`.
        $(#[$a])*
        #[inline(never)]
        unsafe fn checked(b: &[u8], at: usize, cand: u64, sentence_dots: bool) -> u64 {
            check_block(b, at, cand, sentence_dots)
        }
    };
}

/// Classification 16 bytes at a time (SSE2, every x86-64 CPU).
mod sse2 {
    use super::{at_most_four, each_worth_a_look, scheme_word_may_link, AtRuns, BLOCK};
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

    /// No byte of `v` set (no `ptest` before SSE4.1).
    #[inline(always)]
    unsafe fn none(v: __m128i) -> bool {
        bits(v) == 0
    }

    first_block!();
}

/// The same classification 32 bytes at a time.
mod avx2 {
    use super::{at_most_four, each_worth_a_look, scheme_word_may_link, AtRuns, BLOCK};
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

    /// No byte of `v` set, in one test.
    #[inline(always)]
    unsafe fn none(v: __m256i) -> bool {
        _mm256_testz_si256(v, v) != 0
    }

    // The CPU must have AVX2, too.
    first_block!(#[target_feature(enable = "avx2")]);
}
