//! Splitting input bytes into valid UTF-8 runs, and skipping binary data.
//!
//! Invalid UTF-8 is a Hard boundary (never a panic, never a lossy copy):
//! the finder scans each valid run on its own. Binary data is mostly short
//! runs without a trigger byte; they are passed over here without setting
//! up a scan or a validator call for each.

use super::trigger::Triggers;

/// The next valid UTF-8 run at or after byte `from` of `bytes`: the run,
/// where it starts, and where the run after it may start (past the
/// invalid sequence that ends it). `Err(next)`: no run is left, and the
/// scan resumes at `next`.
pub(super) fn next_valid_run(bytes: &[u8], from: usize) -> Result<(&str, usize, usize), usize> {
    if from >= bytes.len() {
        return Err(from);
    }
    // Bytes that can never start a UTF-8 sequence (stray continuation
    // bytes, 0xC0, 0xC1, 0xF5..) are skipped without a validator call:
    // binary data is mostly such bytes.
    let start = skip_non_starts(bytes, from);
    if start >= bytes.len() {
        return Err(start);
    }
    let rest = &bytes[start..];
    // Binary data has an invalid sequence every few bytes: look for one
    // in a short prefix first (std stops at the first error), and hand
    // long valid runs to SIMD validation (simdutf8), which touches every
    // byte once.
    let probe = &rest[..rest.len().min(64)];
    if let Err(e) = std::str::from_utf8(probe) {
        if e.error_len().is_some() {
            let up_to = e.valid_up_to();
            let bad = e.error_len().unwrap_or(1);
            let run = std::str::from_utf8(&rest[..up_to]).unwrap_or("");
            return Ok((run, start, start + up_to + bad));
        }
    }
    let (valid, skip) = match simdutf8::compat::from_utf8(rest) {
        Ok(s) => (s, rest.len()),
        Err(e) => {
            let up_to = e.valid_up_to();
            let bad = e.error_len().unwrap_or(rest.len() - up_to);
            // The prefix is valid by construction.
            (simdutf8::basic::from_utf8(&rest[..up_to]).unwrap_or(""), up_to + bad)
        }
    };
    Ok((valid, start, start + skip))
}

/// Where the run-by-run scan of `bytes` from `i` should go on: past every
/// short valid UTF-8 run (under 64 bytes) that holds no trigger or is
/// under four bytes long, and so cannot hold a link. The triggers are those
/// of the whole input, classified by the vector trigger search over the
/// raw bytes (`raw`): a trigger of a run is also one of the whole input
/// (see `Triggers::next_in_bytes`), and in binary data two in three trigger
/// bytes fail the neighbour checks. The runs are the ones `Links::advance_run`
/// makes (a test compares the sequence decoding with std's), found here one
/// byte at a time: binary data is mostly such runs, and setting up a scan
/// (and a validator call) for each cost more than reading its bytes.
///
/// Stretches without any trigger are jumped over: no run inside one
/// can hold a link. The scan resumes just after the last byte before the
/// next trigger that is an error wherever decoding started (C0, C1, F5–FF,
/// or a continuation byte right after an ASCII byte, which ends any
/// sequence): from there on the runs are exactly the ones a decoding from
/// `i` would make.
///
/// Returns where the scan goes on and, when the run starting there was
/// decoded to its end (an invalid sequence), that end and where the next
/// run may start.
///
/// `seen` carries what earlier calls learned (the next trigger, and how
/// far back before it no such error byte exists), so that every byte is
/// searched at most once forward and once backward over a whole input.
pub(super) fn skip_short_trigger_free_runs(
    bytes: &[u8],
    mut i: usize,
    seen: &mut SkipState,
    raw: &mut Triggers,
) -> (usize, Option<(usize, usize)>) {
    let n = bytes.len();
    loop {
        if seen.trigger.is_none_or(|t| i > t) {
            let t = raw.next_in_bytes(bytes, i).map_or(n, |(t, _)| t);
            seen.trigger = Some(t);
            seen.clean_from = t;
        }
        let next_trigger = seen.trigger.unwrap_or(n);
        if next_trigger >= n {
            return (n, None);
        }
        if next_trigger - i > 16 && i + 1 < seen.clean_from {
            match last_error_anywhere(bytes, i + 1, seen.clean_from) {
                Some(q) => {
                    i = q + 1;
                    seen.clean_from = i;
                }
                None => seen.clean_from = i + 1,
            }
        }
        i = skip_non_starts(bytes, i);
        let start = i;
        let bound = n.min(start + 64);
        loop {
            i = skip_ascii(bytes, i, bound);
            if i >= bound {
                return (start, None);
            }
            match utf8_sequence(bytes, i) {
                Ok(len) => i += len,
                Err(Some(bad)) => {
                    if (start..i).contains(&next_trigger) && i - start >= 4 {
                        return (start, Some((i, i + bad)));
                    }
                    i += bad;
                    break;
                }
                Err(None) => return (start, None),
            }
        }
    }
}

/// What `skip_short_trigger_free_runs` knows about the input ahead.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct SkipState {
    /// The first trigger at or after the last search start (or the
    /// input's length); `None` before the first search.
    pub(super) trigger: Option<usize>,
    /// No byte in `[clean_from, trigger)` is an error wherever decoding
    /// starts.
    clean_from: usize,
}

/// Skips bytes that can never start a UTF-8 sequence (continuation bytes,
/// 0xC0, 0xC1, 0xF5–0xFF) from `i`: binary data is mostly such bytes.
fn skip_non_starts(bytes: &[u8], mut i: usize) -> usize {
    while i < bytes.len() && matches!(bytes[i], 0x80..=0xC1 | 0xF5..=0xFF) {
        i += 1;
    }
    i
}

/// The high bit of every byte of a word: set in a byte that is not ASCII.
const HIGH: u64 = 0x8080_8080_8080_8080;

/// The first byte of `bytes[i..end]` that is not ASCII, or `end`: eight
/// bytes per step.
fn skip_ascii(bytes: &[u8], mut i: usize, end: usize) -> usize {
    while let Some(word) = bytes.get(i..i + 8).filter(|_| i + 8 <= end) {
        let high = u64::from_le_bytes(word.try_into().expect("eight bytes")) & HIGH;
        if high != 0 {
            return i + (high.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while i < end && bytes[i] < 0x80 {
        i += 1;
    }
    i
}

/// The last `q` in `lo..hi` (with `lo > 0`) for which `is_error_anywhere`
/// holds: ASCII (never such a byte) is passed over eight bytes per step.
fn last_error_anywhere(bytes: &[u8], lo: usize, mut hi: usize) -> Option<usize> {
    while hi > lo {
        if hi - lo >= 8 && u64::from_le_bytes(bytes[hi - 8..hi].try_into().expect("eight bytes")) & HIGH == 0 {
            hi -= 8;
            continue;
        }
        hi -= 1;
        if is_error_anywhere(bytes, hi) {
            return Some(hi);
        }
    }
    None
}

/// Whether the byte at `q` (with `q > 0`) is an invalid sequence of its
/// own however the bytes before it decode.
fn is_error_anywhere(bytes: &[u8], q: usize) -> bool {
    match bytes[q] {
        0xC0 | 0xC1 | 0xF5..=0xFF => true,
        0x80..=0xBF => bytes[q - 1] < 0x80,
        _ => false,
    }
}

/// The UTF-8 sequence at `bytes[i]` (a byte at or above 0x80): its length,
/// or the length of the invalid prefix as `std::str::Utf8Error::error_len`
/// gives it (`None`: cut short by the end of the input).
fn utf8_sequence(bytes: &[u8], i: usize) -> Result<usize, Option<usize>> {
    let lead = bytes[i];
    let (len, second) = match lead {
        0xC2..=0xDF => (2, 0x80..=0xBF),
        0xE0 => (3, 0xA0..=0xBF),
        0xE1..=0xEC | 0xEE..=0xEF => (3, 0x80..=0xBF),
        0xED => (3, 0x80..=0x9F),
        0xF0 => (4, 0x90..=0xBF),
        0xF1..=0xF3 => (4, 0x80..=0xBF),
        0xF4 => (4, 0x80..=0x8F),
        _ => return Err(Some(1)),
    };
    for k in 1..len {
        let Some(&b) = bytes.get(i + k) else {
            return Err(None);
        };
        let ok = if k == 1 {
            second.contains(&b)
        } else {
            (0x80..=0xBF).contains(&b)
        };
        if !ok {
            return Err(Some(k));
        }
    }
    Ok(len)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::find::testing::xorshift;
    use crate::Finder;

    #[test]
    fn utf8_sequences_decode_as_std_does() {
        // Every lead byte with every second byte, and the third and fourth
        // bytes at the edges of the continuation range, whole and cut short.
        let edges = [0x00u8, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF];
        for lead in 0x80..=0xFFu8 {
            for second in 0..=0xFFu8 {
                for &third in &edges {
                    for &fourth in &edges {
                        let seq = [lead, second, third, fourth];
                        for cut in 1..=4 {
                            let s = &seq[..cut];
                            let ours = utf8_sequence(s, 0);
                            // std's view of the first sequence only.
                            let first = |v: &str| v.chars().next().map_or(0, char::len_utf8);
                            let std = match std::str::from_utf8(s) {
                                Ok(v) => Ok(first(v)),
                                Err(e) if e.valid_up_to() > 0 => {
                                    Ok(first(std::str::from_utf8(&s[..e.valid_up_to()]).unwrap()))
                                }
                                Err(e) => Err(e.error_len()),
                            };
                            assert_eq!(ours, std, "{s:02X?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn word_at_a_time_helpers_agree_with_byte_loops() {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..2000 {
            // Mostly ASCII, with a high byte now and then.
            let bytes: Vec<u8> = (0..(x % 90) as usize)
                .map(|_| {
                    xorshift(&mut x);
                    if x.is_multiple_of(11) {
                        0x80 | (x >> 8) as u8
                    } else {
                        (x >> 8) as u8 & 0x7F
                    }
                })
                .collect();
            let n = bytes.len();
            for i in 0..=n {
                for end in [i, (i + 3).min(n), (i + 17).min(n), n] {
                    let naive = (i..end).find(|&j| bytes[j] >= 0x80).unwrap_or(end);
                    assert_eq!(skip_ascii(&bytes, i, end), naive, "{bytes:02X?} {i}..{end}");
                }
                if i >= 1 {
                    for lo in [1, i / 2 + 1, i] {
                        let naive = (lo..i).rev().find(|&q| is_error_anywhere(&bytes, q));
                        assert_eq!(last_error_anywhere(&bytes, lo, i), naive, "{bytes:02X?} {lo}..{i}");
                    }
                }
            }
        }
    }

    #[test]
    fn skipping_binary_finds_the_same_links_as_scanning_every_run() {
        // Reference: split at every invalid sequence with std and scan each
        // valid run as text.
        fn reference(f: &Finder, mut b: &[u8]) -> Vec<(usize, String)> {
            let mut out = Vec::new();
            let mut base = 0;
            loop {
                let (valid, skip) = match std::str::from_utf8(b) {
                    Ok(s) => (s, b.len()),
                    Err(e) => (
                        std::str::from_utf8(&b[..e.valid_up_to()]).unwrap(),
                        e.valid_up_to() + e.error_len().unwrap_or(b.len() - e.valid_up_to()),
                    ),
                };
                out.extend(f.links(valid).map(|l| (base + l.start(), l.as_str().to_owned())));
                if skip >= b.len() {
                    return out;
                }
                base += skip;
                b = &b[skip..];
            }
        }
        let f = Finder::new();
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let pieces: [&[u8]; 10] = [
            b"http://a.example/x",
            b" mail x@y.org ",
            b"\xFF",
            b"\xE3\x80\x82",
            b"\xC3\xA9",
            b"\xE0\x80",
            b"ab.cd.com",
            b":",
            b"\xF0\x9F\x98\x80",
            b"\xED\xA0\x80",
        ];
        for _ in 0..20_000 {
            let mut text = Vec::new();
            for _ in 0..(x % 40) {
                xorshift(&mut x);
                if x.is_multiple_of(3) {
                    text.push((x >> 8) as u8);
                } else if x % 7 == 1 {
                    // A stretch of random bytes, long enough to be jumped.
                    let mut y = x;
                    for _ in 0..(x >> 40) % 120 {
                        xorshift(&mut y);
                        text.push((y >> 24) as u8);
                    }
                } else {
                    text.extend_from_slice(pieces[(x >> 16) as usize % pieces.len()]);
                }
            }
            let ours: Vec<(usize, String)> = f
                .links_bytes(&text)
                .map(|l| (l.start(), l.as_str().to_owned()))
                .collect();
            assert_eq!(ours, reference(&f, &text), "{text:02X?}");
        }
    }
}
