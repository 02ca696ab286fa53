//! Runs a [`Task`] over the inputs: many small files in parallel, a large
//! file memory-mapped and split across cores, standard input and gzip
//! streamed; output strictly in input order; errors reported per input.

use super::input::{self, Counting, Decoding, Input, Source};
use super::output::Out;
use iriscan::parallel::ParallelFinder;
use iriscan::stream::{Chunk, StreamError, StreamFinder};
use iriscan::Finder;
use rayon::prelude::*;
use std::io::{self, BufReader, IsTerminal, Read};
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// Inputs up to this size are processed whole, many at a time, with their
/// output buffered until their turn.
const SMALL_INPUT: u64 = 1 << 20;
/// How many bytes of small inputs one parallel batch takes at most.
const BATCH_BYTES: u64 = 64 << 20;
/// Regular files from this size on are memory-mapped rather than read.
const MMAP_MIN: u64 = 16 << 20;
/// A progress bar shows (on a terminal) for inputs larger than this.
const PROGRESS_MIN: u64 = 64 << 20;

/// What the run needs besides the task.
pub struct Settings {
    pub finder: Finder,
    /// `None`: one thread, no rayon at all.
    pub threads: Option<usize>,
    pub quiet: bool,
    pub encoding: Option<&'static encoding_rs::Encoding>,
    /// Line (record) terminator of the input.
    pub terminator: u8,
}

/// An input as a task sees it.
pub struct InputCtx {
    /// Name in records (`-` for standard input).
    pub record_name: String,
    /// Name in messages.
    pub message_name: String,
    /// The only input is standard input.
    pub only_stdin: bool,
}

/// Output of one piece of work: standard output and standard error bytes.
#[derive(Default)]
pub struct Bufs {
    pub out: Vec<u8>,
    pub err: Vec<u8>,
}

/// One thing to do with every chunk of every input (find, linkify).
pub trait Task: Sync {
    /// Per-input (or per-piece) state, e.g. a renderer's line state.
    type State;
    fn new_state(&self) -> Self::State;
    /// Prepares a fresh state for a piece that follows `before` (at most the
    /// four bytes before the piece, or all of them when fewer).
    fn resume(&self, _state: &mut Self::State, _before: &[u8]) {}
    /// Written once before all inputs.
    fn header(&self, _bufs: &mut Bufs) {}
    /// Handles one chunk; returns the number of links in it.
    fn chunk(&self, input: &InputCtx, chunk: &Chunk<'_>, state: &mut Self::State, bufs: &mut Bufs) -> u64;
    /// Written after an input (even one that failed part way).
    fn end_input(&self, _input: &InputCtx, _links: u64, _bufs: &mut Bufs) {}
    /// Whether the output shows line numbers (if not, lines are not
    /// counted: a pass over the input saved).
    fn needs_lines(&self) -> bool {
        true
    }
}

/// Runs `task` over `inputs`. Returns whether every input was read without
/// error; `Err` only for output errors (a closed pipe among them).
pub fn run<T: Task>(task: &T, inputs: &[Input], settings: &Settings, out: &mut Out) -> io::Result<bool> {
    let mut header = Bufs::default();
    task.header(&mut header);
    out.write_bufs(&header)?;
    let only_stdin = inputs.len() == 1 && inputs[0].is_stdin();
    let mut all_ok = true;
    let mut i = 0;
    while i < inputs.len() {
        if settings.threads.is_some() && is_small(&inputs[i]) {
            // A batch of consecutive small inputs, processed in parallel.
            let mut j = i;
            let mut bytes = 0;
            let max_batch = 8 * settings.threads.unwrap_or(1);
            while j < inputs.len() && is_small(&inputs[j]) && j - i < max_batch && bytes < BATCH_BYTES {
                bytes += inputs[j].size.unwrap_or(0);
                j += 1;
            }
            let results: Vec<(Bufs, Result<(), String>)> = inputs[i..j]
                .par_iter()
                .map(|input| {
                    let mut bufs = Bufs::default();
                    let result = guarded(|| {
                        process(task, input, settings, only_stdin, None, &mut |b: Bufs| {
                            bufs.out.extend_from_slice(&b.out);
                            bufs.err.extend_from_slice(&b.err);
                            Ok(())
                        })
                    });
                    match result {
                        Ok(r) => (bufs, r),
                        Err(e) => (bufs, Err(e.to_string())),
                    }
                })
                .collect();
            for (bufs, result) in results {
                out.write_bufs(&bufs)?;
                if let Err(message) = result {
                    out.error(&message)?;
                    all_ok = false;
                }
            }
            i = j;
        } else {
            let input = &inputs[i];
            let streaming = !matches!(input.source, Source::File(_)) || input.size.is_none();
            let progress = progress_bar(input.size, settings);
            let result = guarded(|| {
                process(
                    task,
                    input,
                    settings,
                    only_stdin,
                    progress.as_ref(),
                    &mut |b: Bufs| match &progress {
                        // Output to a terminal would garble the bar: hide it meanwhile.
                        Some(bar) => bar.suspend(|| {
                            out.write_bufs(&b)?;
                            out.flush()
                        }),
                        None => {
                            out.write_bufs(&b)?;
                            if streaming {
                                out.flush()?;
                            }
                            Ok(())
                        }
                    },
                )
            });
            if let Some(bar) = progress {
                bar.finish_and_clear();
            }
            let result = result?;
            if let Err(message) = result {
                out.error(&message)?;
                all_ok = false;
            }
            i += 1;
        }
    }
    Ok(all_ok)
}

fn is_small(input: &Input) -> bool {
    input.error.is_some() || input.size.is_some_and(|s| s <= SMALL_INPUT)
}

/// Runs `f`, turning a panic into an input error (the finder must never
/// panic; if it does, the run goes on with the next input).
fn guarded<F>(f: F) -> io::Result<Result<(), String>>
where
    F: FnOnce() -> io::Result<Result<(), String>>,
{
    match panic::catch_unwind(AssertUnwindSafe(f)) {
        Ok(r) => r,
        Err(payload) => {
            let what = super::take_panic_message()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_owned());
            Ok(Err(format!("internal error, rest of this input skipped: {what}")))
        }
    }
}

/// Processes one input, handing output to `sink` as it is produced.
/// `Ok(Err(message))`: the input failed (message ready to print);
/// `Err`: the output failed.
fn process<T: Task>(
    task: &T,
    input: &Input,
    settings: &Settings,
    only_stdin: bool,
    progress: Option<&indicatif::ProgressBar>,
    sink: &mut dyn FnMut(Bufs) -> io::Result<()>,
) -> io::Result<Result<(), String>> {
    let ctx = InputCtx {
        record_name: input.record_name(),
        message_name: input.message_name(),
        only_stdin,
    };
    if let Some(e) = &input.error {
        return Ok(Err(format!("{}: {}", ctx.message_name, describe(e))));
    }
    let path = match &input.source {
        Source::Stdin => {
            let stdin = io::stdin();
            return stream(task, &ctx, stdin.lock(), settings, progress, sink);
        }
        Source::File(path) => path,
    };
    let fail = |e: io::Error| Ok(Err(format!("{}: {}", ctx.message_name, describe(&e))));
    let mut file = match input::open(path) {
        Ok(f) => f,
        Err(e) => return fail(e),
    };
    let head = match input::peek(&mut file, 2) {
        Ok(h) => h,
        Err(e) => return fail(e),
    };
    let size = match input.size {
        Some(size) if !input::is_gzip(&head) && settings.encoding.is_none() => size,
        _ => return stream(task, &ctx, input::unpeek(head, file), settings, progress, sink),
    };
    if size >= MMAP_MIN {
        match map_file(&file) {
            Ok(map) => in_memory(task, &ctx, &map, settings, progress, sink),
            Err(e) => fail(e),
        }
    } else {
        let mut bytes = head;
        match file.read_to_end(&mut bytes) {
            Ok(_) => in_memory(task, &ctx, &bytes, settings, progress, sink),
            Err(e) => fail(e),
        }
    }
}

/// Maps a file read-only.
#[allow(unsafe_code)]
fn map_file(file: &std::fs::File) -> io::Result<memmap2::Mmap> {
    // SAFETY: the map is read-only and lives only while this input is
    // processed. If another process truncates or rewrites the file meanwhile
    // the bytes seen may change (or the process may get SIGBUS), the same
    // trade-off grep-like tools make for large files; smaller files are read.
    let map = unsafe { memmap2::Mmap::map(file) }?;
    // The input is read front to back once: ask for read-ahead. Advice
    // only; a kernel that ignores it changes nothing.
    #[cfg(unix)]
    let _ = map.advise(memmap2::Advice::Sequential);
    Ok(map)
}

/// An error message without Rust's "(os error N)" suffix.
pub fn describe(e: &io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error") {
        Some(i) => s[..i].to_owned(),
        None => s,
    }
}

fn progress_bar(size: Option<u64>, settings: &Settings) -> Option<indicatif::ProgressBar> {
    let size = size?;
    if settings.quiet || size <= PROGRESS_MIN || !io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new(size);
    if let Ok(style) =
        indicatif::ProgressStyle::with_template("{spinner} {bytes}/{total_bytes} ({bytes_per_sec}, {eta}) {wide_bar}")
    {
        bar.set_style(style);
    }
    Some(bar)
}

/// Streams a reader (standard input, gzip, legacy encodings) in bounded memory.
fn stream<T: Task, R: Read>(
    task: &T,
    ctx: &InputCtx,
    reader: R,
    settings: &Settings,
    progress: Option<&indicatif::ProgressBar>,
    sink: &mut dyn FnMut(Bufs) -> io::Result<()>,
) -> io::Result<Result<(), String>> {
    let compressed = Arc::new(AtomicU64::new(0));
    let mut counting = Counting {
        inner: reader,
        count: compressed.clone(),
    };
    let head = match input::peek(&mut counting, 2) {
        Ok(h) => h,
        Err(e) => return Ok(Err(format!("{}: {}", ctx.message_name, describe(&e)))),
    };
    let gzip = input::is_gzip(&head);
    let raw = input::unpeek(head, counting);
    let decompressed: Box<dyn Read + '_> = if gzip {
        Box::new(flate2::read::MultiGzDecoder::new(BufReader::new(raw)))
    } else {
        Box::new(raw)
    };
    let text: Box<dyn Read + '_> = match settings.encoding {
        Some(enc) => Box::new(Decoding::new(decompressed, enc)),
        None => decompressed,
    };
    let mut sf = StreamFinder::new(settings.finder.clone());
    sf.line_terminator(settings.terminator);
    sf.line_numbers(task.needs_lines());
    let mut state = task.new_state();
    let mut links = 0;
    let result = sf.for_each_chunk(text, |chunk| {
        let mut bufs = Bufs::default();
        links += task.chunk(ctx, chunk, &mut state, &mut bufs);
        if let Some(p) = progress {
            p.set_position(compressed.load(Ordering::Relaxed));
        }
        sink(bufs)
    });
    let mut tail = Bufs::default();
    task.end_input(ctx, links, &mut tail);
    match result {
        Ok(_) => {
            sink(tail)?;
            Ok(Ok(()))
        }
        Err(StreamError::Sink(e)) => Err(e),
        Err(StreamError::Read { offset, error }) => {
            sink(tail)?;
            let at = compressed.load(Ordering::Relaxed);
            let what = if gzip {
                format!(
                    "truncated or corrupt gzip data at compressed byte {at} (decompressed byte {offset}): {}",
                    describe(&error)
                )
            } else {
                format!("read error at byte {offset}: {}", describe(&error))
            };
            Ok(Err(format!("{}: {what}", ctx.message_name)))
        }
    }
}

/// Finds in a whole in-memory input, split across cores.
fn in_memory<T: Task>(
    task: &T,
    ctx: &InputCtx,
    bytes: &[u8],
    settings: &Settings,
    progress: Option<&indicatif::ProgressBar>,
    sink: &mut dyn FnMut(Bufs) -> io::Result<()>,
) -> io::Result<Result<(), String>> {
    let mut pf = ParallelFinder::new(settings.finder.clone());
    pf.line_terminator(settings.terminator);
    pf.line_numbers(task.needs_lines());
    pf.parallel(settings.threads.is_some());
    let mut links = 0;
    pf.map_chunks(
        bytes,
        |chunk| {
            let mut state = task.new_state();
            let off = chunk.offset() as usize;
            task.resume(&mut state, &bytes[off.saturating_sub(4)..off]);
            let mut bufs = Bufs::default();
            let n = task.chunk(ctx, chunk, &mut state, &mut bufs);
            (bufs, n, chunk.offset() + chunk.text().len() as u64)
        },
        |(bufs, n, end)| {
            links += n;
            if let Some(p) = progress {
                p.set_position(end);
            }
            sink(bufs)
        },
    )?;
    let mut tail = Bufs::default();
    task.end_input(ctx, links, &mut tail);
    sink(tail)?;
    Ok(Ok(()))
}
