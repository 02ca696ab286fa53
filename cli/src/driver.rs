//! Runs a [`Task`] over the inputs: many small files in parallel; a large
//! file, gzip input and WARC records cut into blocks that a reader hands
//! to worker threads; standard input streamed; output strictly in input
//! order; errors reported per input.
//!
//! Files are read, never memory-mapped: a file truncated while it is read
//! (`logrotate`'s `copytruncate`) must end the input with a message, not
//! kill the process with SIGBUS (see [`segment::Watched`]).

use super::input::{self, Counting, Decoding, Input, Source};
use super::members::{self, Decoded, Span};
use super::output::Out;
use super::pipeline;
use super::segment::{self, Block, Watched};
use super::warc;
use iriscan::parallel::ParallelFinder;
use iriscan::stream::{Chunk, StreamError, StreamFinder};
use iriscan::Finder;
use rayon::prelude::*;
use std::io::{self, BufRead, BufReader, IsTerminal, Read};
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

/// Inputs up to this size are processed whole, many at a time, with their
/// output buffered until their turn.
const SMALL_INPUT: u64 = 1 << 20;
/// How many bytes of small inputs one parallel batch takes at most.
const BATCH_BYTES: u64 = 64 << 20;
/// A progress bar shows (on a terminal) for inputs larger than this.
const PROGRESS_MIN: u64 = 64 << 20;
/// The piece size of the finder that scans a block: larger than any block
/// (a block is one piece).
const WHOLE_BLOCK: usize = usize::MAX / 4;

/// How the input's bytes are to be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputFormat {
    /// WARC when the (decompressed) input starts with `WARC/1.`, else text.
    Auto,
    Text,
    Warc,
}

/// What the run needs besides the task.
pub struct Settings {
    pub finder: Finder,
    /// `None`: one thread, no rayon at all.
    pub threads: Option<usize>,
    pub quiet: bool,
    pub encoding: Option<&'static encoding_rs::Encoding>,
    /// Line (record) terminator of the input.
    pub terminator: u8,
    pub format: InputFormat,
    /// The finder's maximum link length (for the report of cut links).
    pub max_link_len: usize,
    /// Plain output lines start with the input's name.
    pub with_filename: bool,
}

/// The WARC record a piece of text comes from.
#[derive(Clone, Debug, Default)]
pub struct Record {
    pub url: Option<String>,
    pub id: Option<String>,
}

/// An input (or one WARC record of it) as a task sees it.
#[derive(Clone)]
pub struct InputCtx {
    /// Name in records (`-` for standard input).
    pub record_name: String,
    /// Name in messages.
    pub message_name: String,
    /// The only input is standard input.
    pub only_stdin: bool,
    pub with_filename: bool,
    /// Set for the text of a WARC record.
    pub record: Option<Record>,
}

/// Where a chunk's offsets and lines start in the input (or record).
#[derive(Clone, Copy, Debug, Default)]
pub struct Place {
    pub offset: u64,
    /// Added to the chunk's line numbers.
    pub line: u64,
}

/// What a task found in a chunk.
#[derive(Clone, Copy, Debug, Default)]
pub struct Found {
    pub links: u64,
    /// Links that reached the maximum link length (and were cut there).
    pub cut: u64,
    /// Words longer than the maximum link length that may not be cut (a
    /// host, a name, an address) and were not linked.
    pub dropped: u64,
}

impl Found {
    fn add(&mut self, other: Found) {
        self.links += other.links;
        self.cut += other.cut;
        self.dropped += other.dropped;
    }
}

/// A scanned block: its output, what was found, and an internal error
/// (a panic) that ended it.
pub type Scanned = (Bufs, Found, Option<String>);

/// Output of one piece of work: standard output and standard error bytes.
#[derive(Default)]
pub struct Bufs {
    pub out: Vec<u8>,
    pub err: Vec<u8>,
}

impl Bufs {
    /// Appends `next` after what is held: moved when nothing is held (a
    /// block's first piece), copied otherwise.
    pub fn append(&mut self, next: Bufs) {
        for (held, more) in [(&mut self.out, next.out), (&mut self.err, next.err)] {
            if held.is_empty() {
                *held = more;
            } else {
                held.extend_from_slice(&more);
            }
        }
    }
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
    /// Handles one chunk at `place`.
    fn chunk(
        &self,
        input: &InputCtx,
        place: Place,
        chunk: &Chunk<'_>,
        state: &mut Self::State,
        bufs: &mut Bufs,
    ) -> Found;
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
                        process(task, input, settings, only_stdin, None, None, &mut |b: Bufs| {
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
            let progress = progress_bar(input.size, settings);
            let result = guarded(|| {
                process(
                    task,
                    input,
                    settings,
                    only_stdin,
                    settings.threads,
                    progress.as_ref(),
                    &mut |b: Bufs| match &progress {
                        // Output to a terminal would garble the bar: hide it meanwhile.
                        Some(bar) => bar.suspend(|| {
                            out.write_bufs(&b)?;
                            out.flush()
                        }),
                        None => {
                            out.write_bufs(&b)?;
                            if input.size.is_none() {
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
        Err(payload) => Ok(Err(format!(
            "internal error, rest of this input skipped: {}",
            panic_message(payload)
        ))),
    }
}

fn panic_message(payload: Box<dyn std::any::Any + Send>) -> String {
    super::take_panic_message()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_owned())
}

/// Everything one input's run shares between its threads.
struct Run<'a, T> {
    task: &'a T,
    settings: &'a Settings,
    ctx: InputCtx,
    /// A decoder met bytes that do not decode (reported once at the end).
    malformed: Arc<AtomicBool>,
    /// Compressed (raw) bytes read so far, for progress and error offsets.
    raw: Arc<AtomicU64>,
    /// Blocks are scanned on one thread each.
    pf: ParallelFinder,
}

/// Processes one input, handing output to `sink` as it is produced.
/// `Ok(Err(message))`: the input failed (message ready to print);
/// `Err`: the output failed.
fn process<T: Task>(
    task: &T,
    input: &Input,
    settings: &Settings,
    only_stdin: bool,
    workers: Option<usize>,
    progress: Option<&indicatif::ProgressBar>,
    sink: &mut dyn FnMut(Bufs) -> io::Result<()>,
) -> io::Result<Result<(), String>> {
    let ctx = InputCtx {
        record_name: input.record_name(),
        message_name: input.message_name(),
        only_stdin,
        with_filename: settings.with_filename,
        record: None,
    };
    if let Some(e) = &input.error {
        return Ok(Err(format!("{}: {}", ctx.message_name, describe(e))));
    }
    let mut pf = ParallelFinder::new(settings.finder.clone());
    pf.line_terminator(settings.terminator);
    pf.line_numbers(task.needs_lines());
    pf.parallel(false);
    // Blocks are the unit of parallel work; cutting one into pieces only
    // adds a line count and a copy of the output per piece.
    pf.piece_size(WHOLE_BLOCK);
    let run = Run {
        task,
        settings,
        ctx,
        malformed: Arc::new(AtomicBool::new(false)),
        raw: Arc::new(AtomicU64::new(0)),
        pf,
    };
    let fail = |e: io::Error| Ok(Err(format!("{}: {}", run.ctx.message_name, describe(&e))));
    let raw: Box<dyn Read + Send> = match &input.source {
        Source::Stdin => Box::new(io::stdin()),
        Source::File(path) => match input::open(path) {
            // A regular file is watched for changes of size while read.
            Ok(file) => match input.size {
                Some(size) => Box::new(Watched::new(file, size)),
                None => Box::new(file),
            },
            Err(e) => return fail(e),
        },
    };
    let mut counting = Counting {
        inner: raw,
        count: run.raw.clone(),
    };
    let head = match input::peek(&mut counting, 2) {
        Ok(h) => h,
        Err(e) => return fail(e),
    };
    let gzip = input::is_gzip(&head);
    let raw = input::unpeek(head, counting);
    let mut text: Box<dyn Read + Send> = if gzip {
        Box::new(flate2::read::MultiGzDecoder::new(BufReader::with_capacity(
            256 * 1024,
            raw,
        )))
    } else {
        Box::new(raw)
    };
    let head = match input::peek(&mut text, warc::MAGIC.len()) {
        Ok(h) => h,
        Err(e) => return Ok(Err(run.read_error(gzip, 0, &e))),
    };
    let is_warc = match settings.format {
        InputFormat::Auto => head.starts_with(warc::MAGIC),
        InputFormat::Text => false,
        InputFormat::Warc => true,
    };
    let text = input::unpeek(head, text);
    // A gzip'd WARC file: its members are decoded in parallel.
    let speculate = match (&input.source, input.size) {
        (Source::File(path), Some(size)) if is_warc && gzip && workers.is_some() => Some((path, size)),
        _ => None,
    };
    let mut flow = Flow {
        workers,
        progress,
        found: Found::default(),
        failed: None,
        sink,
    };
    let result = if let Some((path, size)) = speculate {
        drop(text);
        run.members(path, size, &mut flow)
    } else if is_warc {
        run.records(text, 0, None, &mut flow).map(|r| r.map(|_| ()))
    } else {
        // Bytes that need decoding first: a legacy encoding (whose decoder
        // lets a byte order mark override the label, as WHATWG says), or,
        // without one, a UTF-16 byte order mark; a UTF-8 one is dropped
        // (see `input::sniff_bom`).
        let (decode, text) = match settings.encoding {
            Some(enc) => (Some(enc), input::unpeek(Vec::new(), text)),
            None => match input::sniff_bom(text) {
                Ok(x) => x,
                Err(e) => return Ok(Err(run.read_error(gzip, 0, &e))),
            },
        };
        let plain_stream = !gzip && decode.is_none() && input.size.is_none();
        if plain_stream {
            // Standard input, a pipe: links out as soon as their text is read.
            run.stream(text, &mut flow)
        } else {
            let text: Box<dyn Read + Send> = match decode {
                Some(enc) => Box::new(Decoding::new(text, enc, run.malformed.clone())),
                None => Box::new(text),
            };
            // The file's size, when its bytes are the text, sizes the first
            // buffer: a small file then costs a small buffer (reading into
            // spare capacity zeroes it first, 2 MiB for a block's).
            let size_hint = input.size.filter(|_| !gzip && decode.is_none());
            run.blocks(text, size_hint, &mut flow)
                .map(|r| r.map_err(|e| run.read_error(gzip, e.0, &e.1)))
        }
    };
    let mut tail = Bufs::default();
    task.end_input(&run.ctx, flow.found.links, &mut tail);
    run.warnings(flow.found, &mut tail.err);
    let result = result?;
    (flow.sink)(tail)?;
    Ok(result)
}

/// Where one input's results go, and what was found in it so far.
struct Flow<'p, 's> {
    /// Worker threads (`None`: all on this thread).
    workers: Option<usize>,
    progress: Option<&'p indicatif::ProgressBar>,
    found: Found,
    /// The first internal error of a worker.
    failed: Option<String>,
    sink: &'s mut dyn FnMut(Bufs) -> io::Result<()>,
}

impl<T: Task> Run<'_, T> {
    /// The message for a read error at `offset` of the (decoded) text.
    fn read_error(&self, gzip: bool, offset: u64, error: &io::Error) -> String {
        let what = if gzip && error.kind() != io::ErrorKind::Other {
            format!(
                "truncated or corrupt gzip data at compressed byte {} (decompressed byte {offset}): {}",
                self.raw.load(Ordering::Relaxed),
                describe(error)
            )
        } else if error.kind() == io::ErrorKind::Other {
            // A file that changed size: the message says it all.
            describe(error)
        } else {
            format!("read error at byte {offset}: {}", describe(error))
        };
        format!("{}: {what}", self.ctx.message_name)
    }

    /// Warnings written once after the input's output.
    fn warnings(&self, found: Found, err: &mut Vec<u8>) {
        use std::io::Write;
        if self.settings.quiet {
            return;
        }
        if self.malformed.load(Ordering::Relaxed) {
            let _ = writeln!(
                err,
                "iriscan: {}: the input does not decode cleanly; malformed bytes were read as U+FFFD",
                self.ctx.message_name
            );
        }
        if found.cut > 0 {
            let _ = writeln!(
                err,
                "iriscan: {}: {} link{} reached the maximum link length ({} bytes) and {} cut there \
                 (--max-link-len sets it)",
                self.ctx.message_name,
                found.cut,
                if found.cut == 1 { "" } else { "s" },
                self.settings.max_link_len,
                if found.cut == 1 { "was" } else { "were" },
            );
        }
        if found.dropped > 0 {
            let _ = writeln!(
                err,
                "iriscan: {}: {} link{} longer than the maximum link length ({} bytes) could not be cut there \
                 (a host, a name or an address) and {} not linked (--max-link-len sets it)",
                self.ctx.message_name,
                found.dropped,
                if found.dropped == 1 { "" } else { "s" },
                self.settings.max_link_len,
                if found.dropped == 1 { "was" } else { "were" },
            );
        }
    }

    /// Scans one block (on a worker): its pieces in order, each with a
    /// fresh state resumed after the bytes before it.
    fn scan_block(&self, ctx: &InputCtx, block: &Block) -> (Bufs, Found) {
        let place = Place {
            offset: block.offset,
            line: block.line.saturating_sub(1),
        };
        let mut bufs = Bufs::default();
        let mut found = Found::default();
        let text = &block.text;
        let done: Result<(), std::convert::Infallible> = self.pf.map_chunks(
            text,
            |chunk| {
                let mut state = self.task.new_state();
                let off = chunk.offset() as usize;
                if off == 0 {
                    self.task.resume(&mut state, &block.before);
                } else {
                    self.task.resume(&mut state, &text[off.saturating_sub(4)..off]);
                }
                let mut piece = Bufs::default();
                let f = self.task.chunk(ctx, place, chunk, &mut state, &mut piece);
                (piece, f)
            },
            |(piece, f)| {
                bufs.append(piece);
                found.add(f);
                Ok(())
            },
        );
        let Ok(()) = done;
        (bufs, found)
    }

    /// Scans a job on a worker, a panic turned into an error of the input.
    fn work(&self, ctx: &InputCtx, block: &Block) -> Scanned {
        match panic::catch_unwind(AssertUnwindSafe(|| self.scan_block(ctx, block))) {
            Ok((bufs, found)) => (bufs, found, None),
            Err(payload) => (
                Bufs::default(),
                Found::default(),
                Some(format!(
                    "{}: internal error, rest of this input skipped: {}",
                    ctx.message_name,
                    panic_message(payload)
                )),
            ),
        }
    }

    /// Writes a job's result; the first internal error is kept.
    fn write(&self, (bufs, f, error): Scanned, flow: &mut Flow<'_, '_>) -> io::Result<()> {
        flow.found.add(f);
        if flow.failed.is_none() {
            flow.failed = error;
        }
        if let Some(p) = flow.progress {
            p.set_position(self.raw.load(Ordering::Relaxed));
        }
        (flow.sink)(bufs)
    }

    /// Text cut into blocks by a reader thread and scanned by workers.
    /// `size_hint`: the text's size, when known.
    fn blocks<R: Read + Send>(
        &self,
        text: R,
        size_hint: Option<u64>,
        flow: &mut Flow<'_, '_>,
    ) -> io::Result<Result<(), (u64, io::Error)>> {
        let terminator = self.task.needs_lines().then_some(self.settings.terminator);
        let segmented = pipeline::run(
            flow.workers,
            |emit| segment::for_each_block(text, &self.pf, terminator, segment::BLOCK, size_hint, emit),
            |block: Block| self.work(&self.ctx, &block),
            |r| self.write(r, flow),
        )??;
        if let Some(message) = flow.failed.take() {
            return Ok(Err((0, io::Error::other(message))));
        }
        Ok(match segmented.error {
            Some(e) => Err((segmented.bytes, e)),
            None => Ok(()),
        })
    }

    /// WARC records: a reader thread decodes and parses them and cuts their
    /// text into blocks; workers scan the blocks; output in record order.
    /// `before`: records of the input read before `text`; `boundary`: see
    /// [`super::records::for_each_record`]. Returns the records read.
    fn records<R: Read + Send>(
        &self,
        text: R,
        before: u64,
        boundary: Option<&AtomicBool>,
        flow: &mut Flow<'_, '_>,
    ) -> io::Result<Result<u64, String>> {
        let produced = pipeline::run(
            flow.workers,
            |emit| {
                let mut emit_block = |ctx: &Arc<InputCtx>, block: Block| emit((ctx.clone(), block));
                super::records::for_each_record(self, text, before, boundary, &mut emit_block)
            },
            |(ctx, block): (Arc<InputCtx>, Block)| self.work(&ctx, &block),
            |r| self.write(r, flow),
        )?;
        if let Some(message) = flow.failed.take() {
            return Ok(Err(message));
        }
        Ok(produced.map_err(|e| format!("{}: {e}", self.ctx.message_name)))
    }

    /// A gzip'd WARC file: spans of members decoded and scanned by the
    /// workers (see [`members`]). From the first member that is not kept
    /// (one larger than the cap, a record over two members, damage), the
    /// file is read in order by [`Run::records`] until a member ends where a
    /// record does ([`members::InOrder`]); the parallel reader goes on from
    /// there.
    fn members(&self, path: &std::path::Path, size: u64, flow: &mut Flow<'_, '_>) -> io::Result<Result<(), String>> {
        use std::io::{Seek, SeekFrom};
        let fail = |e: io::Error| Ok(Err(format!("{}: {}", self.ctx.message_name, describe(&e))));
        let open_at = |at: u64| -> io::Result<Watched> {
            let mut file = input::open(path)?;
            file.seek(SeekFrom::Start(at))?;
            Ok(Watched::from(file, size, at))
        };
        let mut kept = 0u64;
        let mut records = 0u64;
        loop {
            let reader = match open_at(kept) {
                Ok(r) => r,
                Err(e) => return fail(e),
            };
            let mut fallback = false;
            let from = kept;
            let ran = pipeline::run(
                flow.workers,
                move |emit| members::for_each_span(reader, from, emit),
                |span: Span| members::decode(self, &span, &|ctx, block| self.work(ctx, block)),
                |d: Decoded| {
                    if d.start != kept {
                        fallback = true;
                        return Err(io::Error::other("in order from here"));
                    }
                    kept = d.kept_end;
                    records += d.records;
                    self.raw.store(kept, Ordering::Relaxed);
                    self.write((d.bufs, d.found, d.failed), flow)?;
                    if !d.complete {
                        fallback = true;
                        return Err(io::Error::other("in order from here"));
                    }
                    Ok(())
                },
            );
            match ran {
                Err(e) if !fallback => return Err(e),
                Ok(Some(e)) if !fallback => return fail(e),
                _ => {}
            }
            if let Some(message) = flow.failed.take() {
                return Ok(Err(message));
            }
            if !fallback || kept >= size {
                return Ok(Ok(()));
            }
            let reader = match open_at(kept) {
                Ok(r) => r,
                Err(e) => return fail(e),
            };
            // `raw` counts file offsets from here on (the offset of the
            // next member is computed from it).
            self.raw.store(kept, Ordering::Relaxed);
            let raw = Counting {
                inner: reader,
                count: self.raw.clone(),
            };
            let count = self.raw.clone();
            let text = members::InOrder::new(
                BufReader::with_capacity(256 * 1024, raw),
                // The next member starts after what was read, less what the
                // buffer still holds.
                Box::new(move |r: &BufReader<Counting<Watched>>| {
                    count.load(Ordering::Relaxed) - r.buffer().len() as u64
                }),
            );
            let (boundary, stopped_at) = (text.boundary.clone(), text.stopped_at.clone());
            match self.records(text, records, Some(&boundary), flow)? {
                Ok(n) => records += n,
                Err(message) => return Ok(Err(message)),
            }
            let stopped = *stopped_at.lock().unwrap_or_else(|e| e.into_inner());
            match stopped {
                Some(at) if at > kept && at < size => kept = at,
                _ => return Ok(Ok(())),
            }
        }
    }

    /// Streams a reader (standard input, a pipe) in bounded memory, each
    /// chunk's links out as soon as it is settled.
    fn stream<R: Read>(&self, text: R, flow: &mut Flow<'_, '_>) -> io::Result<Result<(), String>> {
        let mut sf = StreamFinder::new(self.settings.finder.clone());
        sf.line_terminator(self.settings.terminator);
        sf.line_numbers(self.task.needs_lines());
        let mut state = self.task.new_state();
        let result = sf.for_each_chunk(text, |chunk| {
            let mut bufs = Bufs::default();
            let f = self
                .task
                .chunk(&self.ctx, Place::default(), chunk, &mut state, &mut bufs);
            flow.found.add(f);
            if let Some(p) = flow.progress {
                p.set_position(self.raw.load(Ordering::Relaxed));
            }
            (flow.sink)(bufs)
        });
        match result {
            Ok(_) => Ok(Ok(())),
            Err(StreamError::Sink(e)) => Err(e),
            Err(StreamError::Read { offset, error }) => Ok(Err(self.read_error(false, offset, &error))),
            // StreamError is non_exhaustive: a kind added later is an output error.
            Err(e) => Err(io::Error::other(e.to_string())),
        }
    }
}

/// The parts of a run the WARC record reader needs.
pub trait RecordSink {
    fn ctx(&self) -> &InputCtx;
    fn pf(&self) -> &ParallelFinder;
    fn terminator(&self) -> Option<u8>;
    fn fallback_encoding(&self) -> Option<&'static encoding_rs::Encoding>;
    fn malformed(&self) -> &Arc<AtomicBool>;
}

impl<T: Task> RecordSink for Run<'_, T> {
    fn ctx(&self) -> &InputCtx {
        &self.ctx
    }
    fn pf(&self) -> &ParallelFinder {
        &self.pf
    }
    fn terminator(&self) -> Option<u8> {
        self.task.needs_lines().then_some(self.settings.terminator)
    }
    fn fallback_encoding(&self) -> Option<&'static encoding_rs::Encoding> {
        self.settings.encoding
    }
    fn malformed(&self) -> &Arc<AtomicBool> {
        &self.malformed
    }
}

/// A `BufRead` over the decoded text of a WARC input.
pub fn buffered<R: Read>(text: R) -> BufReader<R> {
    BufReader::with_capacity(256 * 1024, text)
}

/// Reads and drops the rest of a reader.
pub fn skip<R: BufRead>(r: &mut R) -> io::Result<u64> {
    io::copy(r, &mut io::sink())
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

#[cfg(test)]
mod tests {
    use super::Bufs;

    #[test]
    fn pieces_appended_keep_their_order_on_both_streams() {
        let bufs = |out: &str, err: &str| Bufs {
            out: out.as_bytes().to_vec(),
            err: err.as_bytes().to_vec(),
        };
        let mut held = Bufs::default();
        held.append(bufs("a", ""));
        held.append(bufs("", "x"));
        held.append(bufs("bc", "y"));
        held.append(Bufs::default());
        assert_eq!((held.out.as_slice(), held.err.as_slice()), (&b"abc"[..], &b"xy"[..]));
        // The first piece's buffer is taken, not copied.
        let first = bufs("row\n", "");
        let ptr = first.out.as_ptr();
        let mut held = Bufs::default();
        held.append(first);
        assert_eq!(held.out.as_ptr(), ptr);
    }
}
