//! Inputs: expanding paths (directories with `-r`, in path order), opening
//! files and standard input, recognising gzip, decoding legacy encodings.

use std::fs::{self, File};
use std::io::{self, Cursor, Read};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Where an input's bytes come from.
#[derive(Debug)]
pub enum Source {
    Stdin,
    File(PathBuf),
}

/// One input, in command-line order. Errors found while expanding paths
/// (a missing file, an unreadable directory) take their place in the order
/// so that they are reported where the input would have been.
#[derive(Debug)]
pub struct Input {
    pub source: Source,
    /// Size in bytes when known (regular files).
    pub size: Option<u64>,
    /// An error found before reading.
    pub error: Option<io::Error>,
}

impl Input {
    /// The name used in records (`-` for standard input).
    pub fn record_name(&self) -> String {
        match &self.source {
            Source::Stdin => "-".to_owned(),
            Source::File(p) => p.to_string_lossy().into_owned(),
        }
    }

    /// The name used in messages.
    pub fn message_name(&self) -> String {
        match &self.source {
            Source::Stdin => "<stdin>".to_owned(),
            Source::File(p) => p.display().to_string(),
        }
    }

    pub fn is_stdin(&self) -> bool {
        matches!(self.source, Source::Stdin)
    }
}

/// Expands the command-line paths into inputs.
pub fn expand(paths: &[PathBuf], recursive: bool) -> Vec<Input> {
    let mut inputs = Vec::new();
    if paths.is_empty() {
        inputs.push(stdin_input());
    }
    for path in paths {
        if path.as_os_str() == "-" {
            inputs.push(stdin_input());
            continue;
        }
        match fs::metadata(path) {
            Ok(meta) if meta.is_dir() => {
                if recursive {
                    walk(path, &mut inputs);
                } else {
                    inputs.push(error_input(
                        path.clone(),
                        io::Error::other("is a directory (use -r to read the files under it)"),
                    ));
                }
            }
            Ok(meta) => inputs.push(Input {
                source: Source::File(path.clone()),
                size: meta.is_file().then_some(meta.len()),
                error: None,
            }),
            Err(e) => inputs.push(error_input(path.clone(), e)),
        }
    }
    inputs
}

fn stdin_input() -> Input {
    Input {
        source: Source::Stdin,
        size: None,
        error: None,
    }
}

fn error_input(path: PathBuf, error: io::Error) -> Input {
    Input {
        source: Source::File(path),
        size: None,
        error: Some(error),
    }
}

/// Adds the files under `dir`, depth first, each directory's entries sorted
/// by name, so the whole list is in path order. Symbolic links to files are
/// followed; symbolic links to directories are not (no cycles).
fn walk(dir: &Path, inputs: &mut Vec<Input>) {
    let entries = match fs::read_dir(dir) {
        Ok(rd) => rd,
        Err(e) => {
            inputs.push(error_input(dir.to_path_buf(), e));
            return;
        }
    };
    let mut names = Vec::new();
    for entry in entries {
        match entry {
            Ok(entry) => names.push(entry.path()),
            Err(e) => inputs.push(error_input(dir.to_path_buf(), e)),
        }
    }
    names.sort();
    for path in names {
        let link_meta = match fs::symlink_metadata(&path) {
            Ok(m) => m,
            Err(e) => {
                inputs.push(error_input(path, e));
                continue;
            }
        };
        if link_meta.is_dir() {
            walk(&path, inputs);
            continue;
        }
        match fs::metadata(&path) {
            Ok(meta) if meta.is_dir() => {} // a symbolic link to a directory
            Ok(meta) => inputs.push(Input {
                source: Source::File(path),
                size: meta.is_file().then_some(meta.len()),
                error: None,
            }),
            Err(e) => inputs.push(error_input(path, e)),
        }
    }
}

/// Counts the bytes read through it (the compressed offset of a gzip error).
pub struct Counting<R> {
    pub inner: R,
    pub count: std::sync::Arc<std::sync::atomic::AtomicU64>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count.fetch_add(n as u64, std::sync::atomic::Ordering::Relaxed);
        Ok(n)
    }
}

/// Reads up to `n` bytes (fewer only at the end of input), for sniffing.
pub fn peek<R: Read>(reader: &mut R, n: usize) -> io::Result<Vec<u8>> {
    let mut head = vec![0; n];
    let mut got = 0;
    while got < n {
        match reader.read(&mut head[got..]) {
            Ok(0) => break,
            Ok(k) => got += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    head.truncate(got);
    Ok(head)
}

/// Whether `head` starts a gzip member (RFC 1952 magic bytes).
pub fn is_gzip(head: &[u8]) -> bool {
    head.starts_with(&[0x1F, 0x8B])
}

/// Puts sniffed bytes back in front of the rest of a reader.
pub fn unpeek<R: Read>(head: Vec<u8>, rest: R) -> Unpeeked<R> {
    Cursor::new(head).chain(rest)
}

/// Sniffed bytes put back in front of the rest of a reader.
pub type Unpeeked<R> = io::Chain<Cursor<Vec<u8>>, R>;

/// Sniffs a byte order mark, as ripgrep does: a UTF-16 (LE or BE) mark
/// names the encoding to decode from (the decoder drops the mark); a UTF-8
/// mark is dropped here, so offsets count from the first character after
/// it; anything else is read as it is.
pub fn sniff_bom<R: Read>(mut reader: R) -> io::Result<(Option<&'static encoding_rs::Encoding>, Unpeeked<R>)> {
    let mut head = peek(&mut reader, 3)?;
    let encoding = match head.as_slice() {
        [0xEF, 0xBB, 0xBF] => {
            head.clear();
            None
        }
        [0xFF, 0xFE, ..] => Some(encoding_rs::UTF_16LE),
        [0xFE, 0xFF, ..] => Some(encoding_rs::UTF_16BE),
        _ => None,
    };
    Ok((encoding, unpeek(head, reader)))
}

/// Opens a file for reading.
pub fn open(path: &Path) -> io::Result<File> {
    File::open(path)
}

/// Decodes a legacy encoding to UTF-8 and normalizes to NFC (RFC 3987 §3.1
/// step 1b), as a `Read` of UTF-8 bytes, in bounded memory.
///
/// NFC needs context: a character may compose with the next one, and
/// combining marks reorder. Text is normalized up to the last ASCII
/// character seen (an ASCII character never composes with what precedes it
/// and blocks reordering, so the text before it normalizes the same whatever
/// follows); only text without any ASCII for over 1 MiB is cut elsewhere
/// (before a character of combining class 0).
pub struct Decoding<R> {
    inner: R,
    decoder: encoding_rs::Decoder,
    raw: Vec<u8>,
    pending: String,
    out: Vec<u8>,
    out_pos: usize,
    eof: bool,
    /// A read error, returned once the text decoded before it is out.
    error: Option<io::Error>,
    /// Set when a malformed sequence was replaced with U+FFFD.
    malformed: Arc<AtomicBool>,
}

const DECODE_READ: usize = 64 * 1024;
const NFC_PENDING_CAP: usize = 1 << 20;

impl<R: Read> Decoding<R> {
    pub fn new(inner: R, encoding: &'static encoding_rs::Encoding, malformed: Arc<AtomicBool>) -> Self {
        Decoding {
            inner,
            decoder: encoding.new_decoder(),
            raw: vec![0; DECODE_READ],
            pending: String::new(),
            out: Vec::new(),
            out_pos: 0,
            eof: false,
            error: None,
            malformed,
        }
    }

    /// Decodes the next raw block into `out`.
    fn refill(&mut self) -> io::Result<()> {
        self.out.clear();
        self.out_pos = 0;
        while self.out.is_empty() && !self.eof {
            if let Some(e) = self.error.take() {
                return Err(e);
            }
            let n = match self.inner.read(&mut self.raw) {
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    // Hand out what was decoded before the error first.
                    self.error = Some(e);
                    self.normalize_up_to(self.pending.len());
                    continue;
                }
            };
            let last = n == 0;
            let mut src = &self.raw[..n];
            loop {
                let need = self
                    .decoder
                    .max_utf8_buffer_length(src.len())
                    .unwrap_or(src.len() * 3 + 16);
                self.pending.reserve(need);
                let (result, read, replaced) = self.decoder.decode_to_string(src, &mut self.pending, last);
                if replaced {
                    self.malformed.store(true, Ordering::Relaxed);
                }
                src = &src[read..];
                if result == encoding_rs::CoderResult::InputEmpty {
                    break;
                }
            }
            if last {
                self.eof = true;
                self.normalize_up_to(self.pending.len());
            } else if let Some(cut) = nfc_safe_cut(&self.pending) {
                self.normalize_up_to(cut);
            }
        }
        Ok(())
    }

    fn normalize_up_to(&mut self, cut: usize) {
        use unicode_normalization::UnicodeNormalization;
        let normalized: String = self.pending[..cut].nfc().collect();
        self.out.extend_from_slice(normalized.as_bytes());
        self.pending.drain(..cut);
    }
}

/// Where the pending decoded text can be normalized up to (see [`Decoding`]).
fn nfc_safe_cut(text: &str) -> Option<usize> {
    if let Some(i) = text.bytes().rposition(|b| b.is_ascii()) {
        if i > 0 {
            return Some(i);
        }
    }
    if text.len() < NFC_PENDING_CAP {
        return None;
    }
    use unicode_normalization::char::canonical_combining_class;
    text.char_indices()
        .rev()
        .find(|&(i, c)| i > 0 && canonical_combining_class(c) == 0 && !matches!(c as u32, 0x1160..=0x11FF))
        .map(|(i, _)| i)
}

impl<R: Read> Read for Decoding<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.out_pos == self.out.len() {
            self.refill()?;
        }
        let n = buf.len().min(self.out.len() - self.out_pos);
        buf[..n].copy_from_slice(&self.out[self.out_pos..self.out_pos + n]);
        self.out_pos += n;
        Ok(n)
    }
}
