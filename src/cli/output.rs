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

/// Appends `s` as a JSON string.
pub fn json_str(out: &mut Vec<u8>, s: &str) {
    // Writing to a Vec cannot fail.
    let _ = serde_json::to_writer(&mut *out, s);
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
