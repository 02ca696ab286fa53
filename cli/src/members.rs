//! Speculative parallel decoding of a gzip'd WARC file's members.
//!
//! A gzip member's end is only known by inflating it, so one thread
//! inflating members one after another bounds the speed of everything
//! else. But WET and WARC files hold one member per record, and every
//! member starts with a recognisable header (RFC 1952 §2.3: `1f 8b 08`, no
//! reserved flag bits, an XFL of 0, 2 or 4, a known OS byte). So the reader
//! cuts the compressed bytes at *candidate* member starts into spans of
//! about 256 KiB, and each worker inflates the members of its span one
//! after another, parses their records and scans them, all on its own.
//!
//! Correctness never depends on the guess: a worker keeps a member only if
//! it inflates completely (the CRC checked) into whole WARC records, and
//! the writer keeps a span only if it starts exactly where the members kept
//! before it ended and its members end exactly at its end. A candidate
//! inside compressed data is thus never taken for a member start. Anything
//! else (a member larger than the cap, a record over two members, a
//! corrupt member) makes the writer fall back to reading the rest of the
//! file in order, from the end of the last member kept.

use super::driver::{Bufs, Found, InputCtx, RecordSink, Scanned};
use super::records;
use super::segment::Block;
use std::io::{self, Read};
use std::sync::Arc;

/// Compressed bytes read at a time.
const SLAB: usize = 1 << 20;
/// A span of members aims at this many compressed bytes.
const SPAN: usize = 256 << 10;
/// A member that inflates to more than this is left to the in-order
/// reader, which streams it in bounded memory.
const MEMBER_CAP: u64 = 4 << 20;

/// Compressed bytes whose members a worker decodes.
pub struct Span {
    slab: Arc<Vec<u8>>,
    start: usize,
    end: usize,
    /// Offset of `slab[0]` in the file.
    base: u64,
}

impl Span {
    fn abs(&self, at: usize) -> u64 {
        self.base + at as u64
    }
}

/// What a worker made of a span.
pub struct Decoded {
    /// Offset of the span's start.
    pub start: u64,
    /// Offset just past the last member kept.
    pub kept_end: u64,
    /// Every member of the span was kept.
    pub complete: bool,
    /// WARC records in the members kept.
    pub records: u64,
    pub bufs: Bufs,
    pub found: Found,
    /// An internal error of the scan (a panic), for the input's report.
    pub failed: Option<String>,
}

/// Whether `b` starts like a gzip member as gzip writers write them
/// (RFC 1952 §2.3.1).
fn is_member_start(b: &[u8]) -> bool {
    b.len() >= 10
        && b[..3] == [0x1F, 0x8B, 0x08]
        && b[3] & 0xE0 == 0
        && matches!(b[8], 0 | 2 | 4)
        && (b[9] <= 13 || b[9] == 255)
}

/// Candidate member starts in `slab` at or after `from`.
fn candidates(slab: &[u8], from: usize) -> Vec<usize> {
    memchr::memmem::find_iter(&slab[from..], &[0x1F, 0x8B, 0x08])
        .map(|i| from + i)
        .filter(|&i| is_member_start(&slab[i..]))
        .collect()
}

/// Reads the compressed file and emits spans that start and end at
/// candidate member starts (the last one at the end of the file). Returns
/// the read error that ended it early, if any.
/// `base`: the offset in the file where `reader` starts.
pub fn for_each_span<R: Read>(
    mut reader: R,
    mut base: u64,
    emit: &mut dyn FnMut(Span) -> io::Result<()>,
) -> Option<io::Error> {
    let mut carry: Vec<u8> = Vec::new();
    loop {
        let mut slab = std::mem::take(&mut carry);
        let want = slab.len() + SLAB;
        slab.reserve(SLAB);
        // A read error ends the input like its end would, after the
        // members read before it (std keeps the bytes read before an error).
        let mut error = None;
        let eof = match reader.by_ref().take(SLAB as u64).read_to_end(&mut slab) {
            Ok(_) => slab.len() < want,
            Err(e) => {
                error = Some(e);
                true
            }
        };
        let mut cuts = candidates(&slab, 0);
        if eof {
            cuts.push(slab.len());
        }
        // The bytes from the last candidate on wait for the next slab,
        // where the member they start can end.
        let keep_from = if eof {
            slab.len()
        } else {
            cuts.last().copied().unwrap_or(0)
        };
        if keep_from == 0 && !eof {
            if slab.len() < 8 * SLAB {
                carry = slab;
                continue;
            }
            // No member ends within 8 MiB: one span, which will not be
            // complete, and the in-order reader takes over from there.
            cuts = vec![0, slab.len()];
        }
        let slab = Arc::new(slab);
        let mut start = cuts.first().copied().unwrap_or(slab.len());
        for &cut in cuts.iter().skip(1) {
            if cut - start >= SPAN || cut == *cuts.last().unwrap_or(&0) {
                let span = Span {
                    slab: slab.clone(),
                    start,
                    end: cut,
                    base,
                };
                if emit(span).is_err() {
                    return None;
                }
                start = cut;
            }
        }
        if eof || keep_from == 0 {
            return error;
        }
        carry = slab[keep_from..].to_vec();
        base += keep_from as u64;
    }
}

/// Inflates the members of a span one after another and scans their
/// records, until the span ends or a member is not kept.
pub fn decode(run: &impl RecordSink, span: &Span, work: &dyn Fn(&InputCtx, &Block) -> Scanned) -> Decoded {
    let data = &span.slab[span.start..span.end];
    let mut pos = 0;
    let mut bufs = Bufs::default();
    let mut found = Found::default();
    let mut failed = None;
    let mut records = 0;
    let mut text = Vec::new();
    while pos < data.len() {
        text.clear();
        let mut member = flate2::bufread::GzDecoder::new(&data[pos..]);
        match (&mut member).take(MEMBER_CAP + 1).read_to_end(&mut text) {
            Ok(n) if n as u64 <= MEMBER_CAP => {}
            _ => break,
        }
        let used = data.len() - pos - member.into_inner().len();
        let mut member_bufs = Bufs::default();
        let mut member_found = Found::default();
        let parsed = records::for_each_record(run, &text[..], 0, None, &mut |ctx, block| {
            let (b, f, e) = work(ctx, &block);
            member_bufs.out.extend_from_slice(&b.out);
            member_bufs.err.extend_from_slice(&b.err);
            member_found.links += f.links;
            member_found.cut += f.cut;
            member_found.dropped += f.dropped;
            if failed.is_none() {
                failed = e;
            }
            Ok(())
        });
        match parsed {
            Ok(n) if used > 0 => records += n,
            _ => break,
        }
        bufs.out.extend_from_slice(&member_bufs.out);
        bufs.err.extend_from_slice(&member_bufs.err);
        found.links += member_found.links;
        found.cut += member_found.cut;
        found.dropped += member_found.dropped;
        pos += used;
    }
    Decoded {
        start: span.abs(span.start),
        kept_end: span.abs(span.start + pos),
        complete: pos == data.len(),
        records,
        bufs,
        found,
        failed,
    }
}

/// The members of a gzip file read in order, as one stream, that can stop
/// where a member ends at a WARC record boundary, so that the parallel
/// reader can take over again from there.
///
/// The record parser sets `boundary` before each record when it has read
/// nothing beyond the previous one; if the member then ends before any
/// further byte is handed out, the stream ends there and `stopped_at`
/// holds the offset of the next member in the file.
pub struct InOrder<R> {
    member: Option<flate2::bufread::GzDecoder<R>>,
    idle: Option<R>,
    pub boundary: Arc<std::sync::atomic::AtomicBool>,
    /// File offset of the reader's next byte, less what it has buffered.
    position: Box<dyn Fn(&R) -> u64 + Send>,
    pub stopped_at: Arc<std::sync::Mutex<Option<u64>>>,
}

impl<R: io::BufRead> InOrder<R> {
    pub fn new(reader: R, position: Box<dyn Fn(&R) -> u64 + Send>) -> Self {
        InOrder {
            member: None,
            idle: Some(reader),
            boundary: Arc::default(),
            position,
            stopped_at: Arc::default(),
        }
    }
}

impl<R: io::BufRead> Read for InOrder<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        use std::sync::atomic::Ordering::Relaxed;
        loop {
            if let Some(member) = &mut self.member {
                let n = member.read(buf)?;
                if n > 0 {
                    self.boundary.store(false, Relaxed);
                    return Ok(n);
                }
                let Some(reader) = self.member.take().map(|m| m.into_inner()) else {
                    return Ok(0);
                };
                if self.boundary.load(Relaxed) {
                    // A member ends where a record does: stop here.
                    let at = (self.position)(&reader);
                    *self.stopped_at.lock().unwrap_or_else(|e| e.into_inner()) = Some(at);
                    return Ok(0);
                }
                self.idle = Some(reader);
            }
            let Some(mut reader) = self.idle.take() else {
                return Ok(0);
            };
            if reader.fill_buf()?.is_empty() {
                return Ok(0);
            }
            self.member = Some(flate2::bufread::GzDecoder::new(reader));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn member_starts_need_the_whole_rfc_1952_header_shape() {
        let mut h = [0x1F, 0x8B, 0x08, 0, 0, 0, 0, 0, 0, 3];
        assert!(is_member_start(&h));
        h[3] = 0x20; // a reserved flag bit
        assert!(!is_member_start(&h));
        h[3] = 0;
        h[8] = 7; // no such XFL
        assert!(!is_member_start(&h));
        h[8] = 2;
        h[9] = 100; // no such OS
        assert!(!is_member_start(&h));
        assert!(!is_member_start(&h[..9]));
    }

    #[test]
    fn spans_start_and_end_at_candidates_and_cover_the_input() {
        let member = |fill: u8| {
            use std::io::Write;
            let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
            let noise: Vec<u8> = (0..40_000u32)
                .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8 ^ fill)
                .collect();
            e.write_all(&noise).unwrap();
            e.finish().unwrap()
        };
        let mut file = Vec::new();
        let mut starts = Vec::new();
        for k in 0..300u32 {
            starts.push(file.len());
            file.extend(member(k as u8));
        }
        let mut spans = Vec::new();
        let err = for_each_span(&file[..], 0, &mut |s| {
            spans.push((s.abs(s.start) as usize, s.abs(s.end) as usize));
            Ok(())
        });
        assert!(err.is_none());
        assert_eq!(spans.first().map(|s| s.0), Some(0));
        assert_eq!(spans.last().map(|s| s.1), Some(file.len()));
        for w in spans.windows(2) {
            assert_eq!(w[0].1, w[1].0);
        }
        for (s, _) in &spans {
            assert!(starts.contains(s), "{s}");
        }
    }
}
