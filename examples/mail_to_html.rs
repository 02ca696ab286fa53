//! A plain-text mail body (from a file, or standard input) as an HTML page
//! with its links made clickable.
//!
//! ```text
//! cargo run --example mail_to_html -- body.txt > body.html
//! cargo run --example mail_to_html -- --as-written < trusted.txt
//! ```
//!
//! Every `href` is the link's URI (ASCII: IDNA hosts, percent-encoded
//! UTF-8); text is escaped, so `<script>` in a mail stays text. The shown
//! text is the display-safe form (spoofable hosts shown as punycode, bidi
//! controls percent-encoded); `--as-written` shows links exactly as the
//! sender wrote them, which only trusted text should get.
//!
//! The body is streamed in bounded memory, chunk by chunk.

use iriscan::render::{LinkText, Markup, Renderer};
use iriscan::stream::StreamFinder;
use iriscan::Finder;
use std::io::{self, Read, Write};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let as_written = args.iter().any(|a| a == "--as-written");
    args.retain(|a| a != "--as-written");
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
    if let Err(e) = run(input, as_written) {
        if e.kind() != io::ErrorKind::BrokenPipe {
            eprintln!("mail_to_html: {e}");
            std::process::exit(2);
        }
    }
}

fn run(input: impl Read, as_written: bool) -> io::Result<()> {
    let mut renderer = Renderer::new(Markup::Html);
    if as_written {
        renderer.link_text(LinkText::AsWritten);
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
