//! Short byte reads without a branch per byte.
//!
//! The name bytes of sixteen bytes at once: where a byte loop over a host's
//! labels would take a branch per label end (a mispredicted one, mostly:
//! labels are short and of every length), one SSE2 classification (part
//! of the x86-64 baseline; a scalar loop on other targets) gives the
//! letters and digits, dots and hyphens of the sixteen bytes as bit
//! masks, and the label rules are checked on the masks
//! ([`super::host::AsciiLabels::push_bits`]).

/// The classes of sixteen bytes, bit `i` for byte `i`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct NameBits {
    /// ASCII letters and digits.
    pub(super) alnum: u32,
    /// `.`
    pub(super) dots: u32,
    /// `-`
    pub(super) hyphens: u32,
}

impl NameBits {
    /// The bytes of an ASCII name: letters, digits, `.` and `-`.
    #[inline(always)]
    pub(super) fn name(self) -> u32 {
        self.alnum | self.dots | self.hyphens
    }

    /// How many of the sixteen bytes, from the first, are name bytes.
    #[inline(always)]
    pub(super) fn name_len(self) -> usize {
        (!self.name()).trailing_zeros().min(16) as usize
    }
}

/// The classes of the sixteen bytes `chunk`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
#[allow(unsafe_code)]
pub(super) fn name_bits(chunk: &[u8; 16]) -> NameBits {
    use core::arch::x86_64::*;
    // SAFETY: SSE2 is part of the x86-64 baseline, and the unaligned load
    // reads the sixteen bytes of `chunk`.
    unsafe {
        let v = _mm_loadu_si128(chunk.as_ptr().cast::<__m128i>());
        // `x <= n` per unsigned byte.
        let le = |x: __m128i, n: u8| _mm_cmpeq_epi8(_mm_min_epu8(x, _mm_set1_epi8(n as i8)), x);
        let alpha = le(
            _mm_sub_epi8(_mm_or_si128(v, _mm_set1_epi8(0x20)), _mm_set1_epi8(b'a' as i8)),
            25,
        );
        let digit = le(_mm_sub_epi8(v, _mm_set1_epi8(b'0' as i8)), 9);
        let bits = |x: __m128i| _mm_movemask_epi8(x) as u32;
        NameBits {
            alnum: bits(_mm_or_si128(alpha, digit)),
            dots: bits(_mm_cmpeq_epi8(v, _mm_set1_epi8(b'.' as i8))),
            hyphens: bits(_mm_cmpeq_epi8(v, _mm_set1_epi8(b'-' as i8))),
        }
    }
}

/// The classes of the sixteen bytes `chunk`.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
pub(super) fn name_bits(chunk: &[u8; 16]) -> NameBits {
    scalar_name_bits(chunk)
}

/// [`name_bits`] byte by byte: other targets, and the tests' reference.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn scalar_name_bits(chunk: &[u8; 16]) -> NameBits {
    let mut n = NameBits {
        alnum: 0,
        dots: 0,
        hyphens: 0,
    };
    for (i, &c) in chunk.iter().enumerate() {
        n.alnum |= u32::from(c.is_ascii_alphanumeric()) << i;
        n.dots |= u32::from(c == b'.') << i;
        n.hyphens |= u32::from(c == b'-') << i;
    }
    n
}

/// The ASCII bytes of an email's local part in the default mode among
/// sixteen (`email::is_plain_local_byte`: the printable bytes but
/// `! " & ( ) , : ; < > ? @ [ \ ] ` { | }`), and the `.` and `*` among them
/// (two side by side: `..`, or a masked address's `**`), bit `i` for byte
/// `i`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
#[allow(unsafe_code)]
pub(super) fn local_bits(chunk: &[u8; 16]) -> (u32, u32) {
    use core::arch::x86_64::*;
    // SAFETY: SSE2 is part of the x86-64 baseline, and the unaligned load
    // reads the sixteen bytes of `chunk`.
    unsafe {
        let v = _mm_loadu_si128(chunk.as_ptr().cast::<__m128i>());
        let eq = |c: u8| _mm_cmpeq_epi8(v, _mm_set1_epi8(c as i8));
        // `lo <= x <= hi` per unsigned byte.
        let within_of = |x: __m128i, lo: u8, hi: u8| {
            let x = _mm_sub_epi8(x, _mm_set1_epi8(lo as i8));
            _mm_cmpeq_epi8(_mm_min_epu8(x, _mm_set1_epi8((hi - lo) as i8)), x)
        };
        let within = |lo: u8, hi: u8| within_of(v, lo, hi);
        let or = |a: __m128i, b: __m128i| _mm_or_si128(a, b);
        // (`[ \ ]` and `{ | }`, `@` and `` ` `` are 0x20 apart: one test
        // of `v | 0x20` each.)
        let v20 = _mm_or_si128(v, _mm_set1_epi8(0x20));
        let out = or(
            or(or(eq(b'"'), within(b'(', b')')), or(eq(b','), within(b':', b'<'))),
            or(
                or(
                    or(within(b'>', b'?'), eq(b'&')),
                    _mm_cmpeq_epi8(v20, _mm_set1_epi8(b'`' as i8)),
                ),
                within_of(v20, b'{', b'}'),
            ),
        );
        // (From `"`: `!` is no plain local byte either.)
        let local = _mm_andnot_si128(out, within(b'"', b'~'));
        (
            _mm_movemask_epi8(local) as u32,
            _mm_movemask_epi8(or(eq(b'.'), eq(b'*'))) as u32,
        )
    }
}

/// See the x86-64 [`local_bits`].
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
pub(super) fn local_bits(chunk: &[u8; 16]) -> (u32, u32) {
    scalar_local_bits(chunk)
}

/// [`local_bits`] from the byte table: other targets, and the tests'
/// reference.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn scalar_local_bits(chunk: &[u8; 16]) -> (u32, u32) {
    let (mut local, mut dots) = (0, 0);
    for (i, &c) in chunk.iter().enumerate() {
        local |= u32::from(super::email::is_plain_local_byte(c)) << i;
        dots |= u32::from(c == b'.' || c == b'*') << i;
    }
    (local, dots)
}

/// Where the last `\n` or `\r` of `b` is: sixteen bytes a step from the
/// end (SSE2 on x86-64), for the start of a link's line, which is a few
/// dozen bytes back, where a vector search's setup costs more than the
/// search (a mail header's `<address>` is looked up on every `From:`
/// line); `memrchr2` on other targets and for the first bytes of `b`.
#[inline]
pub(super) fn last_line_break(b: &[u8]) -> Option<usize> {
    #[allow(unused_mut)]
    let mut end = b.len();
    #[cfg(target_arch = "x86_64")]
    while let Some(chunk) = b[..end].last_chunk::<16>() {
        let breaks = line_break_bits(chunk);
        if breaks != 0 {
            return Some(end - 16 + (31 - breaks.leading_zeros()) as usize);
        }
        end -= 16;
    }
    memchr::memrchr2(b'\n', b'\r', &b[..end])
}

/// The `\n` and `\r` bytes of `chunk`, bit `i` for byte `i`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
#[allow(unsafe_code)]
fn line_break_bits(chunk: &[u8; 16]) -> u32 {
    use core::arch::x86_64::*;
    // SAFETY: SSE2 is part of the x86-64 baseline, and the unaligned load
    // reads the sixteen bytes of `chunk`.
    unsafe {
        let v = _mm_loadu_si128(chunk.as_ptr().cast::<__m128i>());
        let eq = |c: u8| _mm_cmpeq_epi8(v, _mm_set1_epi8(c as i8));
        _mm_movemask_epi8(_mm_or_si128(eq(b'\n'), eq(b'\r'))) as u32
    }
}

/// Whether `b` holds the byte `x` or `y`: eight bytes at a time in a
/// register (the last eight overlap the ones before), for the short
/// names this is asked of, where a vector search's setup costs more than
/// the search.
#[inline(always)]
pub(super) fn has_either_byte(b: &[u8], x: u8, y: u8) -> bool {
    let (xs, ys) = (
        u64::from(x) * 0x0101_0101_0101_0101,
        u64::from(y) * 0x0101_0101_0101_0101,
    );
    let has = |w: &[u8; 8]| {
        let w = u64::from_le_bytes(*w);
        has_zero_byte(w ^ xs) || has_zero_byte(w ^ ys)
    };
    match b.last_chunk::<8>() {
        Some(last) => b.chunks_exact(8).any(|w| w.try_into().is_ok_and(has)) || has(last),
        None => b.iter().any(|&c| c == x || c == y),
    }
}

/// Whether one of the last 24 bytes of `b` (at least 8 long) is `x`:
/// three words read in registers, overlapping when `b` is shorter than 24.
#[inline(always)]
pub(super) fn last_24_have(b: &[u8], x: u8) -> bool {
    let xs = u64::from(x) * 0x0101_0101_0101_0101;
    let word = |at: usize| b[at..at + 8].try_into().map_or(0, u64::from_le_bytes) ^ xs;
    let n = b.len();
    debug_assert!(n >= 8);
    has_zero_byte(word(n - 8)) || has_zero_byte(word(n.saturating_sub(16))) || has_zero_byte(word(n.saturating_sub(24)))
}

/// Whether a byte of `w` is zero (exact: a borrow only passes a byte
/// above a zero one).
#[inline(always)]
fn has_zero_byte(w: u64) -> bool {
    w.wrapping_sub(0x0101_0101_0101_0101) & !w & 0x8080_8080_8080_8080 != 0
}

/// Whether `b` is ASCII without `<`: eight bytes at a time (a link is a
/// few dozen; a byte loop cost `to_uri` a fifth of its time).
pub(super) fn ascii_without_lt(b: &[u8]) -> bool {
    let clean = |w: u64| w & 0x8080_8080_8080_8080 == 0 && !has_zero_byte(w ^ 0x3C3C_3C3C_3C3C_3C3C);
    let mut words = b.chunks_exact(8);
    words.all(|w| clean(u64::from_le_bytes(w.try_into().unwrap_or([0x80; 8]))))
        && words.remainder().iter().all(|&c| c < 0x80 && c != b'<')
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every byte value at the first, a middle and the last of sixteen
    /// places among `filler` bytes, with its value and place.
    fn each_byte_in_a_chunk(filler: u8, mut check: impl FnMut(&[u8; 16], u8, usize)) {
        for c in 0..=255u8 {
            for at in [0, 8, 15] {
                let mut chunk = [filler; 16];
                chunk[at] = c;
                check(&chunk, c, at);
            }
        }
    }

    #[test]
    fn local_bits_agree_with_the_local_part_table_for_every_byte() {
        each_byte_in_a_chunk(b'a', |chunk, c, at| {
            assert_eq!(local_bits(chunk), scalar_local_bits(chunk), "{c:#04x} at {at}");
        });
    }

    #[test]
    fn the_last_line_break_is_found_at_every_place_of_every_length() {
        for n in 0..70 {
            assert_eq!(last_line_break(&vec![b'a'; n]), None, "{n}");
            for at in 0..n {
                for c in [b'\n', b'\r'] {
                    let mut b = vec![b'a'; n];
                    b[at] = c;
                    assert_eq!(last_line_break(&b), Some(at), "{n} {at}");
                    // An earlier break, and one byte either side of each.
                    b[at / 2] = b'\n';
                    assert_eq!(last_line_break(&b), Some(at), "{n} {at}");
                    b[at] = 0x0B;
                    assert_eq!(last_line_break(&b), (at / 2 < at).then_some(at / 2), "{n} {at}");
                    b[at] = 0x0C;
                    b[at / 2] = 0x0E;
                    assert_eq!(last_line_break(&b), None, "{n} {at}");
                }
            }
        }
    }

    #[test]
    fn either_byte_is_found_at_every_place_of_every_length() {
        for n in 0..40 {
            for at in 0..n {
                for c in [b'-', 0xE0] {
                    let mut b = vec![b'a'; n];
                    b[at] = c;
                    assert!(has_either_byte(&b, b'-', 0xE0), "{n} {at}");
                    b[at] = 0x2C;
                    assert!(!has_either_byte(&b, b'-', 0xE0), "{n} {at}");
                }
            }
        }
        // A byte one above or below, and the borrow past a zero byte.
        assert!(!has_either_byte(b"\x2E\x2C\xDF\xE1\x00\x01\x2E\x2C\xDF", b'-', 0xE0));
    }

    #[test]
    fn name_bits_agree_with_the_byte_classes_for_every_byte() {
        each_byte_in_a_chunk(b'_', |chunk, c, at| {
            assert_eq!(name_bits(chunk), scalar_name_bits(chunk), "{c:#04x} at {at}");
        });
        let n = name_bits(b"www.ex-1.org/abc");
        assert_eq!((n.name_len(), n.dots, n.hyphens), (12, 1 << 3 | 1 << 8, 1 << 6));
        assert_eq!(name_bits(b"abcdefghijklmnop").name_len(), 16);
    }

    #[test]
    fn ascii_without_lt_finds_either_at_every_place() {
        for n in 0..30 {
            assert!(ascii_without_lt(&vec![b'a'; n]));
            for at in 0..n {
                for (c, ok) in [
                    (b'<', false),
                    (0x80, false),
                    (0xFF, false),
                    (b'=', true),
                    (b';', true),
                    (b'>', true),
                ] {
                    let mut b = vec![b'a'; n];
                    b[at] = c;
                    assert_eq!(ascii_without_lt(&b), ok, "{n} {at} {c:#x}");
                }
            }
        }
    }
}
