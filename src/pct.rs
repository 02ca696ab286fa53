//! Percent-encoding (RFC 3986 §2.1), every helper once: the mapping to URIs
//! (RFC 3987 §3.1 step 2), the display mapping back (§3.2), normalization
//! (§5.3.2.3), the finder's validation and the link formatter all use
//! these.

/// Uppercase hex digits: RFC 3986 §2.1 says producers should use them.
const HEX: &[u8; 16] = b"0123456789ABCDEF";

/// The value of an ASCII hex digit, or `None`.
pub(crate) const fn hex_digit(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// The octet of `%XX` given its two hex digits (callers check them first).
pub(crate) const fn pct_octet(hi: u8, lo: u8) -> u8 {
    match (hex_digit(hi), hex_digit(lo)) {
        (Some(h), Some(l)) => h << 4 | l,
        _ => 0,
    }
}

/// `%00%01…%FF`: the encoding of every octet, three bytes each.
const TRIPLETS: &str = match std::str::from_utf8(&triplets()) {
    Ok(s) => s,
    Err(_) => panic!("the triplets are ASCII"),
};

const fn triplets() -> [u8; 768] {
    let mut t = [0u8; 768];
    let mut b = 0;
    while b < 256 {
        t[3 * b] = b'%';
        t[3 * b + 1] = HEX[b >> 4];
        t[3 * b + 2] = HEX[b & 15];
        b += 1;
    }
    t
}

/// Appends `%XX` for the octet `b`, uppercase hex (one copy of three
/// bytes).
#[inline]
pub(crate) fn push_pct_byte(out: &mut String, b: u8) {
    let i = 3 * b as usize;
    out.push_str(&TRIPLETS[i..i + 3]);
}

/// Appends the UTF-8 bytes of `c` percent-encoded with uppercase hex (RFC 3987 §3.1 step 2).
pub(crate) fn push_pct_char(out: &mut String, c: char) {
    let mut buf = [0u8; 4];
    for &b in c.encode_utf8(&mut buf).as_bytes() {
        push_pct_byte(out, b);
    }
}

/// Per byte value, what [`push_non_ascii_encoded`] writes for it, as a
/// little-endian word: the byte itself if ASCII, else `%XX`, and in the
/// top byte how many of the others count (one or three).
static ENCODED: [u32; 256] = {
    let mut t = [0u32; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = if b < 0x80 {
            b as u32 | 1 << 24
        } else {
            b'%' as u32 | (HEX[b >> 4] as u32) << 8 | (HEX[b & 15] as u32) << 16 | 3 << 24
        };
        b += 1;
    }
    t
};

/// Appends `s` with every non-ASCII character percent-encoded (ASCII as it
/// is): each byte of its UTF-8 form becomes `%XX`.
///
/// Bytes are encoded straight into `out`, without a branch that depends on
/// them (four bytes written per byte, the cursor moved by one or three):
/// text that switches between ASCII and other scripts costs no mispredicted
/// branches, and nothing is copied or checked a second time.
pub(crate) fn push_non_ascii_encoded(out: &mut String, s: &str) {
    // Schemes, `//`, most hosts and paths: nothing to encode.
    if s.is_ascii() {
        out.push_str(s);
        return;
    }
    // Room for three bytes per byte and the one a last four-byte write
    // spills past them.
    out.reserve(3 * s.len() + 1);
    #[allow(unsafe_code)]
    // SAFETY: only ASCII bytes go into the string's buffer (an ASCII byte
    // of `s`, `%` or an uppercase hex digit), all within the capacity
    // reserved above: before the byte `s[i]`, at most `3 * i` bytes are
    // kept, so its write ends by `3 * s.len() + 1`. The length is set to
    // the bytes kept, all of them written.
    unsafe {
        let v = out.as_mut_vec();
        let start = v.len();
        let dst = v.as_mut_ptr().add(start);
        let mut n = 0;
        for &b in s.as_bytes() {
            // Four bytes written, one or three kept (the top byte, the
            // count, is overwritten by the next byte's word or left past
            // the end).
            let word = ENCODED[b as usize];
            dst.add(n).cast::<u32>().write_unaligned(word.to_le());
            n += (word >> 24) as usize;
        }
        v.set_len(start + n);
    }
}

/// Appends `s[..n]` (`n` at a character boundary): for `n <= 8 <= s.len()`
/// eight bytes copied whatever `n` is (`http://` and `https://` alternate
/// in link-dense text, and a copy of their exact lengths takes a branch on
/// the length that is mispredicted as often).
pub(crate) fn push_prefix(out: &mut String, s: &str, n: usize) {
    if n > 8 || s.len() < 8 || !s.is_char_boundary(n) {
        out.push_str(&s[..n]);
        return;
    }
    out.reserve(8);
    let eight: [u8; 8] = s.as_bytes()[..8].try_into().unwrap_or([0; 8]);
    #[allow(unsafe_code)]
    // SAFETY: eight bytes go into the capacity reserved above, and the
    // length grows by the `n` of them that are `s[..n]`, UTF-8 ending at a
    // character boundary (checked above): the string stays UTF-8.
    unsafe {
        let v = out.as_mut_vec();
        let len = v.len();
        v.as_mut_ptr().add(len).cast::<[u8; 8]>().write_unaligned(eight);
        v.set_len(len + n);
    }
}

/// Whether the `%` at `b[i]` is followed by two hex digits.
#[inline]
pub(crate) fn is_pct_encoded(b: &[u8], i: usize) -> bool {
    matches!(b.get(i + 1..i + 3), Some([h, l]) if h.is_ascii_hexdigit() && l.is_ascii_hexdigit())
}

/// Whether every `%` among `b[i..i + 8]` starts a percent-encoding (the
/// two bytes after the chunk must be in `b`). Percent-dense text
/// (`%C3%A9%E2…`) comes here for most chunks: no branch depends on the
/// data.
#[inline(never)]
pub(crate) fn pcts_ok(b: &[u8], i: usize) -> bool {
    let hex = |c: u8| c.is_ascii_hexdigit();
    let w = &b[i..i + 10];
    (0..8).fold(true, |ok, j| ok & ((w[j] != b'%') | (hex(w[j + 1]) & hex(w[j + 2]))))
}

/// Length of a run of `%XX` triplets starting at `i`.
pub(crate) fn pct_run(b: &[u8], mut i: usize) -> usize {
    let start = i;
    while i + 2 < b.len() && b[i] == b'%' && b[i + 1].is_ascii_hexdigit() && b[i + 2].is_ascii_hexdigit() {
        i += 3;
    }
    i - start
}

/// Decodes `%XX` in `s`; `None` unless the result is UTF-8 without
/// controls (only then is it a name to judge).
pub(crate) fn percent_decode_utf8(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && i + 2 < b.len() {
            if let (Some(h), Some(l)) = (hex_digit(b[i + 1]), hex_digit(b[i + 2])) {
                out.push(h << 4 | l);
                i += 3;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8(out).ok().filter(|d| !d.chars().any(char::is_control))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pct_bytes_use_uppercase_hex() {
        let mut out = String::new();
        push_pct_byte(&mut out, 0xAF);
        push_pct_char(&mut out, 'é');
        assert_eq!(out, "%AF%C3%A9");
    }

    fn encoded_one_by_one(s: &str) -> String {
        let mut out = String::new();
        for &b in s.as_bytes() {
            if b < 0x80 {
                out.push(b as char);
            } else {
                push_pct_byte(&mut out, b);
            }
        }
        out
    }

    /// The eight-byte copy appends exactly `s[..n]`, after what the string
    /// holds, at every `n` and for strings too short to copy eight bytes.
    #[test]
    fn prefix_copies_exactly_the_prefix() {
        for s in ["https://example.org", "http://é.fr", "ftp://x", "日本語のテキスト"] {
            for n in (0..=s.len()).filter(|&n| s.is_char_boundary(n)) {
                for before in ["", "x", "日"] {
                    let mut out = String::from(before);
                    push_prefix(&mut out, s, n);
                    assert_eq!(out, format!("{before}{}", &s[..n]), "{s:?} {n}");
                }
            }
        }
    }

    #[test]
    fn every_byte_is_encoded_as_it_is_or_as_pct_across_buffer_refills() {
        let s: String = (0..200u32).filter_map(|c| char::from_u32(c * 37)).collect();
        let mut fast = String::new();
        push_non_ascii_encoded(&mut fast, &s);
        assert_eq!(fast, encoded_one_by_one(&s));
    }

    /// The encoder writes four bytes per byte into the string's spare
    /// capacity: every slice of a mixed text, appended after text already
    /// there (at every fill of a buffer reserved to the byte), comes out
    /// as the byte-by-byte encoding, and the text before it is kept.
    #[test]
    fn appended_encoding_keeps_what_was_there_at_every_length_and_capacity() {
        let text = "a/é?b=日本語&c=𐌀x-ü";
        let cuts: Vec<usize> = (0..=text.len()).filter(|&i| text.is_char_boundary(i)).collect();
        for (k, &from) in cuts.iter().enumerate() {
            for &to in &cuts[k..] {
                let piece = &text[from..to];
                let want = encoded_one_by_one(piece);
                for prefix in ["", "http://", "x"] {
                    // Exactly the room the encoding needs, and none spare.
                    for room in [0, want.len(), 3 * piece.len() + 1] {
                        let mut out = String::with_capacity(prefix.len() + room);
                        out.push_str(prefix);
                        push_non_ascii_encoded(&mut out, piece);
                        assert_eq!(&out[..prefix.len()], prefix);
                        assert_eq!(&out[prefix.len()..], want, "{piece:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn non_ascii_encoding_keeps_ascii_runs() {
        let mut out = String::new();
        push_non_ascii_encoded(&mut out, "a/é?b");
        assert_eq!(out, "a/%C3%A9?b");
        out.clear();
        push_non_ascii_encoded(&mut out, "日本a€");
        assert_eq!(out, "%E6%97%A5%E6%9C%ACa%E2%82%AC");
        // Runs longer than eight bytes, of both kinds.
        out.clear();
        push_non_ascii_encoded(&mut out, "abcdefghij日本語日本語x");
        assert_eq!(out, format!("abcdefghij{}x", "%E6%97%A5%E6%9C%AC%E8%AA%9E".repeat(2)));
    }

    #[test]
    fn pct_encoded_needs_two_hex_digits() {
        assert!(is_pct_encoded(b"%4a", 0));
        assert!(!is_pct_encoded(b"%4", 0) && !is_pct_encoded(b"%zz", 0));
        assert_eq!(pct_run(b"%41%42%4x", 0), 6);
        assert_eq!(pct_octet(b'4', b'a'), 0x4A);
        assert_eq!(hex_digit(b'g'), None);
    }

    #[test]
    fn pct_chunks_check_every_percent() {
        assert!(pcts_ok(b"ab%41cdefgh", 0));
        assert!(!pcts_ok(b"abcdefg%4x..", 0));
    }

    #[test]
    fn percent_decoding_needs_utf8_without_controls() {
        assert_eq!(percent_decode_utf8("%D0%B0pple").as_deref(), Some("аpple"));
        assert_eq!(percent_decode_utf8("%C0%AF"), None);
        assert_eq!(percent_decode_utf8("a%0Ab"), None);
        assert_eq!(percent_decode_utf8("100%"), Some("100%".into()));
    }
}
