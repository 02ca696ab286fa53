//! A plain-text mail body (from a file, or standard input) as an HTML page
//! with its links made clickable.
//!
//! ```text
//! cargo run --example mail_to_html -- body.txt > body.html
//! cargo run --example mail_to_html -- --safe-display < body.txt
//! ```
//!
//! Every `href` is the link's URI (ASCII: IDNA hosts, percent-encoded
//! UTF-8); text is escaped, so `<script>` in a mail stays text. With
//! `--safe-display` the shown text goes through
//! [`iriscan::display::display_iri`] (spoofable hosts shown as punycode,
//! bidi controls percent-encoded) instead of being shown as written.
//!
//! The body is streamed in bounded memory, chunk by chunk.

use iriscan::render::{Format, Renderer};
use iriscan::stream::StreamFinder;
use iriscan::Finder;
use std::io::{self, Read, Write};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let safe = args.iter().any(|a| a == "--safe-display");
    args.retain(|a| a != "--safe-display");
    let input: Box<dyn Read> = match args.first().map(String::as_str) {
        None | Some("-") => Box::new(io::stdin().lock()),
        Some(path) => match std::fs::File::open(path) {
            Ok(f) => Box::new(f),
            Err(e) => {
                eprintln!("mail_to_html: {path}: {e}");
                std::process::exit(2);
            }
        },
    };
    if let Err(e) = run(input, safe) {
        if e.kind() != io::ErrorKind::BrokenPipe {
            eprintln!("mail_to_html: {e}");
            std::process::exit(2);
        }
    }
}

fn run(input: impl Read, safe: bool) -> io::Result<()> {
    let mut renderer = Renderer::new(Format::Html);
    if safe {
        renderer.display(iriscan::display::display_iri);
    }
    let mut out = io::BufWriter::new(io::stdout().lock());
    out.write_all(b"<!DOCTYPE html>\n<meta charset=\"utf-8\">\n<pre class=\"mail\">")?;
    let mut html = String::new();
    StreamFinder::new(Finder::new()).for_each_chunk(input, |chunk| {
        html.clear();
        renderer.render_chunk(chunk, &mut html);
        out.write_all(html.as_bytes())
    })?;
    out.write_all(b"</pre>\n")?;
    out.flush()
}
