//! `find` and `linkify`: what happens to each chunk of input.

use super::args::FindFormat;
use super::driver::{Bufs, InputCtx, Task};
use super::output::{json_str, tsv_field};
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
}

impl Task for FindTask {
    type State = ();

    fn new_state(&self) {}

    fn header(&self, bufs: &mut Bufs) {
        if self.format == FindFormat::Tsv && !self.count {
            bufs.out
                .extend_from_slice(b"path\tline\tstart\tend\tkind\ttext\tiri\turi\terror");
            bufs.out.push(self.terminator);
        }
    }

    fn chunk(&self, input: &InputCtx, chunk: &Chunk<'_>, _: &mut (), bufs: &mut Bufs) -> u64 {
        let mut n = 0;
        for link in chunk.links() {
            n += 1;
            if self.count {
                continue;
            }
            match self.format {
                FindFormat::Plain => self.plain(input, &link, bufs),
                FindFormat::Jsonl => self.jsonl(input, &link, &mut bufs.out),
                FindFormat::Tsv => self.tsv(input, &link, &mut bufs.out),
            }
        }
        n
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

impl FindTask {
    fn plain(&self, input: &InputCtx, link: &ChunkLink<'_>, bufs: &mut Bufs) {
        if self.uri {
            match link.to_uri() {
                Ok(uri) => bufs.out.extend_from_slice(uri.as_bytes()),
                Err(e) => {
                    if !self.quiet {
                        let _ = writeln!(
                            bufs.err,
                            "iriscan: {}:{}: {}: no URI: {e}",
                            input.message_name,
                            link.line(),
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

    fn jsonl(&self, input: &InputCtx, link: &ChunkLink<'_>, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"path\":");
        json_str(out, &input.record_name);
        let _ = write!(
            out,
            ",\"line\":{},\"start\":{},\"end\":{},\"kind\":\"{}\",\"text\":",
            link.line(),
            link.start(),
            link.end(),
            link.kind().name()
        );
        json_str(out, link.as_str());
        // The IRI once, for all three fields.
        let iri = link.iri();
        out.extend_from_slice(b",\"iri\":");
        json_str(out, &iri);
        let uri = iriscan::to_uri(&iri);
        match &uri {
            Ok(uri) => {
                out.extend_from_slice(b",\"uri\":");
                json_str(out, uri);
            }
            Err(e) => {
                out.extend_from_slice(b",\"uri\":null,\"error\":");
                json_str(out, &e.to_string());
            }
        }
        // The form safe to show a user (UTS 39 host policy, bidi encoded):
        // the display mapping starts from the URI, so it is given the one
        // just computed when there is one.
        out.extend_from_slice(b",\"display\":");
        let shown_from = uri.as_deref().unwrap_or(&iri);
        json_str(out, &iriscan::display::display_link(link.kind(), shown_from));
        out.push(b'}');
        out.push(self.terminator);
    }

    fn tsv(&self, input: &InputCtx, link: &ChunkLink<'_>, out: &mut Vec<u8>) {
        tsv_field(out, &input.record_name);
        let _ = write!(
            out,
            "\t{}\t{}\t{}\t{}\t",
            link.line(),
            link.start(),
            link.end(),
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

    fn chunk(&self, _: &InputCtx, chunk: &Chunk<'_>, state: &mut Renderer, bufs: &mut Bufs) -> u64 {
        let mut html = String::with_capacity(chunk.text().len() + chunk.text().len() / 4);
        state.render_chunk(chunk, &mut html);
        bufs.out.extend_from_slice(html.as_bytes());
        0
    }
}
