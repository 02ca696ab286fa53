//! Standard output and error, and the field encodings of the output formats.

use super::driver::Bufs;
use std::io::{self, BufWriter, Stdout, Write};

/// Buffered standard output. Every write error is returned (a closed pipe
/// shows up as `BrokenPipe`, which the caller turns into a quiet exit);
/// standard error is best effort.
pub struct Out {
    stdout: BufWriter<Stdout>,
}

impl Out {
    pub fn new() -> Self {
        Out {
            stdout: BufWriter::with_capacity(64 * 1024, io::stdout()),
        }
    }

    pub fn write(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.stdout.write_all(bytes)
    }

    /// Writes a piece of work's output, then its messages.
    pub fn write_bufs(&mut self, bufs: &Bufs) -> io::Result<()> {
        self.write(&bufs.out)?;
        if !bufs.err.is_empty() {
            self.flush()?;
            let _ = io::stderr().write_all(&bufs.err);
        }
        Ok(())
    }

    /// Reports an error as `iriscan: <message>` after the output so far.
    pub fn error(&mut self, message: &str) -> io::Result<()> {
        self.flush()?;
        let _ = writeln!(io::stderr(), "iriscan: {message}");
        Ok(())
    }

    pub fn flush(&mut self) -> io::Result<()> {
        self.stdout.flush()
    }
}

/// Appends `s` as a JSON string, escaped as `serde_json` escapes (`\"`,
/// `\\`, the short forms of `\b \f \n \r \t`, other controls as
/// `\u00XX`; everything else as it is). Link text rarely needs an escape:
/// the runs between escapes are found eight bytes at a time and copied
/// whole.
pub fn json_str(out: &mut Vec<u8>, s: &str) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let b = s.as_bytes();
    out.reserve(b.len() + 2);
    out.push(b'"');
    let mut last = 0;
    let mut i = 0;
    loop {
        i = next_json_escape(b, i);
        out.extend_from_slice(&b[last..i]);
        let Some(&c) = b.get(i) else { break };
        i += 1;
        last = i;
        let short = match c {
            b'"' => b'"',
            b'\\' => b'\\',
            0x08 => b'b',
            0x0C => b'f',
            b'\n' => b'n',
            b'\r' => b'r',
            b'\t' => b't',
            _ => {
                out.extend_from_slice(&[
                    b'\\',
                    b'u',
                    b'0',
                    b'0',
                    HEX[usize::from(c >> 4)],
                    HEX[usize::from(c & 15)],
                ]);
                continue;
            }
        };
        out.extend_from_slice(&[b'\\', short]);
    }
    out.push(b'"');
}

/// The first byte at or after `i` that JSON escapes (a control, `"` or
/// `\\`), or `b.len()`.
fn next_json_escape(b: &[u8], mut i: usize) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // A byte of `x` is zero: the classic borrow test (exact for the first
    // such byte, which is all the search needs).
    let zero = |x: u64| x.wrapping_sub(ONES) & !x & HIGH;
    while let Some(chunk) = b.get(i..i + 8) {
        let w = u64::from_le_bytes(chunk.try_into().unwrap_or_default());
        // Below 0x20: the top three bits clear.
        let hits = zero(w & (0xE0 * ONES)) | zero(w ^ (u64::from(b'"') * ONES)) | zero(w ^ (u64::from(b'\\') * ONES));
        if hits != 0 {
            return i + (hits.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while i < b.len() && b[i] >= 0x20 && b[i] != b'"' && b[i] != b'\\' {
        i += 1;
    }
    i
}

/// Appends `n` in decimal, as `write!(out, "{n}")` does, two digits a
/// step (offsets and line numbers are most of a row's digits). The digits
/// end at byte 20 of a 40-byte buffer, and the 20 bytes from the first
/// digit on are copied, then the tail cut: a copy of fixed length is a few
/// moves, one of the digits' length a call to `memcpy`.
pub fn push_u64(out: &mut Vec<u8>, mut n: u64) {
    const PAIRS: &[u8; 200] = b"000102030405060708091011121314151617181920212223242526272829\
30313233343536373839404142434445464748495051525354555657585960616263646566676869\
707172737475767778798081828384858687888990919293949596979899";
    const END: usize = 20;
    let mut buf = [0u8; 2 * END];
    let mut i = END;
    while n >= 100 {
        let pair = (n % 100) as usize * 2;
        n /= 100;
        i -= 2;
        buf[i..i + 2].copy_from_slice(&PAIRS[pair..pair + 2]);
    }
    if n >= 10 {
        i -= 2;
        let pair = n as usize * 2;
        buf[i..i + 2].copy_from_slice(&PAIRS[pair..pair + 2]);
    } else {
        i -= 1;
        buf[i] = b'0' + n as u8;
    }
    let start = out.len();
    let digits: &[u8; END] = buf[i..i + END].try_into().unwrap_or(&[b'0'; END]);
    out.extend_from_slice(digits);
    out.truncate(start + END - i);
}

/// Appends `s` as a TSV field: tab, newline, carriage return and backslash
/// written as `\t`, `\n`, `\r`, `\\`.
pub fn tsv_field(out: &mut Vec<u8>, s: &str) {
    for b in s.bytes() {
        match b {
            b'\t' => out.extend_from_slice(b"\\t"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            b'\\' => out.extend_from_slice(b"\\\\"),
            _ => out.push(b),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{json_str, push_u64};

    #[test]
    fn integers_are_written_as_display_writes_them() {
        for n in (0..1000).chain([12345, 100_000, u64::from(u32::MAX), u64::MAX - 1, u64::MAX]) {
            let mut out = Vec::new();
            push_u64(&mut out, n);
            assert_eq!(out, n.to_string().as_bytes());
        }
    }

    #[test]
    fn json_strings_are_escaped_as_serde_json_escapes_them() {
        let mut cases: Vec<String> = (0u32..0x80).filter_map(char::from_u32).map(String::from).collect();
        cases.extend(
            [
                "",
                "plain",
                "a\"b\\c",
                "tab\there\nnew\r\u{1}\u{1F}\u{7F}",
                "例え\u{202E}é",
                "\u{8}\u{C}x",
            ]
            .map(String::from),
        );
        // Escapes at every place of an eight-byte word and across words.
        cases.extend((0..20).flat_map(|k| {
            ["\"", "\\", "\n", "\u{0}", "\u{1F}", " ", "\u{7F}", "é"]
                .map(|e| format!("{}{e}{}", "x".repeat(k), "y".repeat(k % 9)))
        }));
        for s in &cases {
            let mut ours = Vec::new();
            json_str(&mut ours, s);
            assert_eq!(
                String::from_utf8(ours).unwrap(),
                serde_json::to_string(s).unwrap(),
                "{s:?}"
            );
        }
    }
}
