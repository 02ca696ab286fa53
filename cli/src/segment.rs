//! Cuts a byte stream into bounded blocks that can be scanned on their own,
//! and watches a regular file for changes while it is read.
//!
//! A block ends just after a *safe cut* (an ASCII white-space or control
//! byte that no link crosses, the rule of `iriscan::stream`), found with
//! `ParallelFinder::split`. The Hard byte itself is the block's last byte,
//! so the finder sees the character at the seam, and the next block starts
//! right after it: every backward scan of the finder stops at such a byte,
//! so text that starts there is scanned as it is inside the whole input.
//! Blocks carry their absolute offset and first line, so the workers that
//! scan them in parallel report what one pass over the whole input would.

use iriscan::parallel::ParallelFinder;
use std::fs::File;
use std::io::{self, Read};

/// The size a block aims at: large enough that cutting costs nothing,
/// small enough that a few in flight stay well inside the memory budget.
pub const BLOCK: usize = 2 << 20;
/// A block without any safe cut is cut by force at this size (a run of
/// 8 MiB without white space or control bytes; the link crossing the cut, if
/// any, is then cut too, as `iriscan::stream` does in that case).
const FORCED_CUT: usize = 8 << 20;

/// One block of text and where it lies in its input.
pub struct Block {
    pub text: Vec<u8>,
    /// Offset of `text[0]` in the (decoded) input.
    pub offset: u64,
    /// 1-based line number at `text[0]` (0 when lines are not counted).
    pub line: u64,
    /// Up to four bytes before the block (for renderers that resume).
    pub before: Vec<u8>,
}

/// How a segmented input ended.
pub struct Segmented {
    /// Bytes handed out in blocks.
    pub bytes: u64,
    /// The read error that ended the input early, if any; the text before
    /// it was handed out up to its last Hard byte.
    pub error: Option<io::Error>,
}

/// Reads `reader` to its end and hands its blocks to `emit` in order.
/// `Err` only when `emit` fails.
pub fn for_each_block<R: Read, E>(
    mut reader: R,
    pf: &ParallelFinder,
    terminator: Option<u8>,
    block_size: usize,
    size_hint: Option<u64>,
    mut emit: impl FnMut(Block) -> Result<(), E>,
) -> Result<Segmented, E> {
    let block_size = block_size.max(4096);
    // A small record gets a buffer of its size, not of a block's.
    let first = size_hint.map_or(block_size, |h| usize::try_from(h).unwrap_or(usize::MAX).min(block_size));
    let mut buf: Vec<u8> = Vec::with_capacity(first);
    let mut offset = 0u64;
    let mut line = u64::from(terminator.is_some());
    let mut before: Vec<u8> = Vec::new();
    let mut error = None;
    let mut eof = false;
    while !eof {
        let want = if buf.len() >= block_size {
            FORCED_CUT.max(block_size)
        } else {
            block_size
        };
        match fill(&mut reader, &mut buf, want) {
            Ok(true) => {}
            Ok(false) => eof = true,
            Err(e) => {
                error = Some(e);
                eof = true;
            }
        }
        let cut = if eof {
            match &error {
                // The input failed: a token touching the failure may have
                // been cut short by it, so only the text up to (and with)
                // the last Hard byte is scanned.
                Some(_) => buf.iter().rposition(|&b| b <= b' ').map_or(0, |i| i + 1),
                None => buf.len(),
            }
        } else {
            match last_cut(pf, &buf) {
                Some(c) => c + 1,
                None if buf.len() >= FORCED_CUT => snap_to_char(&buf, buf.len() / 2),
                None => continue,
            }
        };
        if cut == 0 {
            continue;
        }
        // The rest starts the next block in a buffer of a block's size:
        // grown from the rest's size, it would be copied at every doubling.
        let mut rest = Vec::with_capacity(if eof { 0 } else { block_size.max(buf.len() - cut) });
        rest.extend_from_slice(&buf[cut..]);
        buf.truncate(cut);
        let text = std::mem::replace(&mut buf, rest);
        let next_before = text[text.len().saturating_sub(4)..].to_vec();
        let lines = terminator.map_or(0, |t| memchr::memchr_iter(t, &text).count() as u64);
        let len = text.len() as u64;
        emit(Block {
            text,
            offset,
            line,
            before: std::mem::replace(&mut before, next_before),
        })?;
        offset += len;
        line += lines;
    }
    Ok(Segmented { bytes: offset, error })
}

/// Reads into `buf` until it holds `want` bytes; `Ok(false)` at the end of
/// input.
fn fill<R: Read>(reader: &mut R, buf: &mut Vec<u8>, want: usize) -> io::Result<bool> {
    let start = buf.len();
    if start >= want {
        return Ok(true);
    }
    let got = reader.by_ref().take((want - start) as u64).read_to_end(buf)?;
    Ok(start + got >= want)
}

/// The last safe cut in `buf` (the position of its Hard byte), if any.
fn last_cut(pf: &ParallelFinder, buf: &[u8]) -> Option<usize> {
    // `split` ends every piece but the last at a safe cut: with pieces
    // almost as long as the buffer, the first piece ends at the last safe
    // cut of the buffer's second half; failing that, smaller pieces find
    // one further back.
    for piece in [buf.len().saturating_sub(1), 64 * 1024] {
        let mut pf = pf.clone();
        pf.piece_size(piece.max(1));
        let pieces = pf.split(buf);
        if pieces.len() >= 2 {
            return Some(pieces[pieces.len() - 2].end);
        }
    }
    None
}

/// Moves `i` back to the start of a UTF-8 character.
fn snap_to_char(buf: &[u8], mut i: usize) -> usize {
    while i > 1 && buf[i] & 0xC0 == 0x80 {
        i -= 1;
    }
    i
}

/// A regular file read front to back that notices when it changes size
/// while being read (`logrotate`'s `copytruncate`, an appending logger).
///
/// Reading (not memory-mapping) is what makes this safe: a mapped page
/// that the file no longer has kills the process with SIGBUS, a read just
/// ends early. The file is read up to the size it had when opened; a file
/// found shorter (before that size is reached) or longer (once it is
/// reached) ends the input with an error that says so.
pub struct Watched {
    file: File,
    size: u64,
    pos: u64,
    done: bool,
}

impl Watched {
    pub fn new(file: File, size: u64) -> Self {
        Self::from(file, size, 0)
    }

    /// A file of `size` bytes (when opened) read from `pos` on (the file is
    /// positioned there).
    pub fn from(file: File, size: u64, pos: u64) -> Self {
        Watched {
            file,
            size,
            pos: pos.min(size),
            done: false,
        }
    }

    fn current_len(&self) -> u64 {
        self.file.metadata().map_or(self.pos, |m| m.len())
    }
}

impl Read for Watched {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.done {
            return Ok(0);
        }
        let left = self.size - self.pos;
        if left == 0 {
            self.done = true;
            let now = self.current_len();
            if now > self.size {
                return Err(io::Error::other(format!(
                    "file grew from {} to {now} bytes while being read (the first {} were read)",
                    self.size, self.size
                )));
            }
            return Ok(0);
        }
        let want = buf.len().min(usize::try_from(left).unwrap_or(usize::MAX));
        let n = self.file.read(&mut buf[..want])?;
        let now = self.current_len();
        // A file cut below what was read (and maybe written again since)
        // is not the file that was opened any more.
        if n == 0 || now < self.pos + n as u64 {
            self.done = true;
            return Err(io::Error::other(format!(
                "file shrank from {} to {now} bytes while being read",
                self.size
            )));
        }
        self.pos += n as u64;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A size hint only sizes the first buffer: the blocks are the same
    /// with none, a wrong one, or the right one.
    #[test]
    fn a_size_hint_does_not_change_the_blocks() {
        let text: Vec<u8> = (0..20_000)
            .flat_map(|i| format!("line {i} see x{i}.example.com\n").into_bytes())
            .collect();
        let pf = ParallelFinder::new(iriscan::Finder::new());
        let blocks = |hint: Option<u64>| {
            let mut got = Vec::new();
            let done = for_each_block(&text[..], &pf, Some(b'\n'), 64 * 1024, hint, |b| {
                got.push((b.offset, b.line, b.text));
                Ok::<(), ()>(())
            });
            assert!(done.is_ok_and(|s| s.error.is_none() && s.bytes == text.len() as u64));
            got
        };
        let plain = blocks(None);
        assert!(plain.len() > 4);
        assert_eq!(plain.iter().map(|b| b.2.len()).sum::<usize>(), text.len());
        for hint in [0, 100, text.len() as u64, 10 * text.len() as u64] {
            assert!(blocks(Some(hint)) == plain, "{hint}");
        }
    }
}
