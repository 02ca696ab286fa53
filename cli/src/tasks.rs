//! `find` and `linkify`: what happens to each chunk of input.

use super::args::FindFormat;
use super::driver::{Bufs, Found, InputCtx, Place, Task};
use super::output::{json_str, push_u64, tsv_field};
use super::rows::mapped_fields;
use iriscan::render::Renderer;
use iriscan::stream::{Chunk, ChunkLink};
use std::io::Write;

/// `iriscan find`.
pub struct FindTask {
    pub format: FindFormat,
    pub uri: bool,
    pub count: bool,
    pub quiet: bool,
    /// Output record terminator (`\n`, or NUL with `--null-data`).
    pub terminator: u8,
    /// Plain format: the line number before each link.
    pub line_number: bool,
    /// The finder's maximum link length (a link that long was cut).
    pub max_link_len: usize,
}

/// A link within this many bytes of the maximum length counts as cut there:
/// the finder cuts at the cap, then trims what may not end a link (closing
/// punctuation, an incomplete percent-encoding), at most a few characters.
const CUT_SLACK: u64 = 16;

impl Task for FindTask {
    type State = ();

    fn new_state(&self) {}

    fn header(&self, bufs: &mut Bufs) {
        if self.format == FindFormat::Tsv && !self.count {
            bufs.out
                .extend_from_slice(b"path\tline\tstart\tend\tkind\ttext\tiri\turi\terror\trecord_url\trecord_id");
            bufs.out.push(self.terminator);
        }
    }

    fn chunk(&self, input: &InputCtx, place: Place, chunk: &Chunk<'_>, _: &mut (), bufs: &mut Bufs) -> Found {
        let mut found = Found::default();
        let cut_len = (self.max_link_len as u64).saturating_sub(CUT_SLACK);
        // The start of every JSON row of this input, escaped once.
        let mut row_start = Vec::new();
        if self.format == FindFormat::Jsonl && !self.count {
            row_start.extend_from_slice(b"{\"path\":");
            json_str(&mut row_start, &input.record_name);
        }
        let mut links = chunk.links();
        for link in links.by_ref() {
            found.links += 1;
            if link.end() - link.start() >= cut_len {
                found.cut += 1;
            }
            if self.count {
                continue;
            }
            let at = At { link: &link, place };
            match self.format {
                FindFormat::Plain => self.plain(input, &at, bufs),
                FindFormat::Jsonl => self.jsonl(input, &row_start, &at, &mut bufs.out),
                FindFormat::Tsv => self.tsv(input, &at, &mut bufs.out),
            }
        }
        // The words passed over for their length, for the warning that
        // says so.
        found.dropped = links.passed_over() as u64;
        found
    }

    fn needs_lines(&self) -> bool {
        !self.count
    }

    fn end_input(&self, input: &InputCtx, links: u64, bufs: &mut Bufs) {
        if self.count {
            if input.only_stdin {
                let _ = write!(bufs.out, "{links}");
            } else {
                let _ = write!(bufs.out, "{}\t{links}", input.record_name);
            }
            bufs.out.push(self.terminator);
        }
    }
}

/// A link and where its chunk lies in the input (or record).
struct At<'l, 'a> {
    link: &'l ChunkLink<'a>,
    place: Place,
}

impl At<'_, '_> {
    fn start(&self) -> u64 {
        self.place.offset + self.link.start()
    }
    fn end(&self) -> u64 {
        self.place.offset + self.link.end()
    }
    fn line(&self) -> u64 {
        self.place.line + self.link.line()
    }
}

impl FindTask {
    fn plain(&self, input: &InputCtx, at: &At<'_, '_>, bufs: &mut Bufs) {
        let link = at.link;
        let prefix_len = bufs.out.len();
        // ripgrep's shape: `PATH:LINE:LINK`, each part when asked for.
        if input.with_filename {
            bufs.out.extend_from_slice(input.record_name.as_bytes());
            bufs.out.push(b':');
        }
        if self.line_number {
            let _ = write!(bufs.out, "{}:", at.line());
        }
        if self.uri {
            match link.to_uri() {
                Ok(uri) => bufs.out.extend_from_slice(uri.as_bytes()),
                Err(e) => {
                    bufs.out.truncate(prefix_len);
                    if !self.quiet {
                        let _ = writeln!(
                            bufs.err,
                            "iriscan: {}:{}: {}: no URI: {e}",
                            input.message_name,
                            at.line(),
                            link.as_str()
                        );
                    }
                    return;
                }
            }
        } else if link.link().is_folded() {
            // Folded over lines: one record per link, so print the IRI.
            bufs.out.extend_from_slice(link.iri().as_bytes());
        } else {
            bufs.out.extend_from_slice(link.as_str().as_bytes());
        }
        bufs.out.push(self.terminator);
    }

    /// A JSON row; `row_start` is `{"path":…` for `input`.
    fn jsonl(&self, input: &InputCtx, row_start: &[u8], at: &At<'_, '_>, out: &mut Vec<u8>) {
        let link = at.link;
        out.extend_from_slice(row_start);
        if let Some(record) = &input.record {
            for (name, value) in [
                (&b",\"record_url\":"[..], &record.url),
                (b",\"record_id\":", &record.id),
            ] {
                out.extend_from_slice(name);
                match value {
                    Some(v) => json_str(out, v),
                    None => out.extend_from_slice(b"null"),
                }
            }
        }
        // Integers and the kind by hand: `write!` costs more than the rest
        // of these fields together.
        out.extend_from_slice(b",\"line\":");
        push_u64(out, at.line());
        out.extend_from_slice(b",\"start\":");
        push_u64(out, at.start());
        out.extend_from_slice(b",\"end\":");
        push_u64(out, at.end());
        out.extend_from_slice(b",\"kind\":\"");
        out.extend_from_slice(link.kind().name().as_bytes());
        out.extend_from_slice(b"\",\"text\":");
        json_str(out, link.as_str());
        mapped_fields(out, link);
        out.push(b'}');
        out.push(self.terminator);
    }

    fn tsv(&self, input: &InputCtx, at: &At<'_, '_>, out: &mut Vec<u8>) {
        let link = at.link;
        tsv_field(out, &input.record_name);
        let _ = write!(
            out,
            "\t{}\t{}\t{}\t{}\t",
            at.line(),
            at.start(),
            at.end(),
            link.kind().name()
        );
        tsv_field(out, link.as_str());
        out.push(b'\t');
        let iri = link.iri();
        tsv_field(out, &iri);
        out.push(b'\t');
        match iriscan::to_uri(&iri) {
            Ok(uri) => {
                tsv_field(out, &uri);
                out.push(b'\t');
            }
            Err(e) => {
                out.push(b'\t');
                tsv_field(out, &e.to_string());
            }
        }
        // The record columns are always there (empty outside WARC input),
        // so that the header, written before any input is read, fits every row.
        let record = input.record.as_ref();
        for value in [
            record.and_then(|r| r.url.as_deref()),
            record.and_then(|r| r.id.as_deref()),
        ] {
            out.push(b'\t');
            tsv_field(out, value.unwrap_or(""));
        }
        out.push(self.terminator);
    }
}

/// `iriscan linkify`.
pub struct LinkifyTask {
    pub renderer: Renderer,
}

impl Task for LinkifyTask {
    type State = Renderer;

    fn new_state(&self) -> Renderer {
        self.renderer.clone()
    }

    fn resume(&self, state: &mut Renderer, before: &[u8]) {
        state.resume_after(before);
    }

    fn chunk(&self, _: &InputCtx, _: Place, chunk: &Chunk<'_>, state: &mut Renderer, bufs: &mut Bufs) -> Found {
        let mut html = String::with_capacity(chunk.text().len() + chunk.text().len() / 4);
        state.render_chunk(chunk, &mut html);
        bufs.out.extend_from_slice(html.as_bytes());
        Found::default()
    }
}
