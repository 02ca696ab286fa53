//! A gzip'd text corpus (one or more `.gz` files, multi-member allowed, or
//! standard input) to JSON Lines: one object per link with its URI.
//!
//! ```text
//! cargo run --release --example bulk_jsonl -- shard-*.txt.gz > links.jsonl
//! zcat -f shard.gz | gzip | cargo run --example bulk_jsonl
//! ```
//!
//! Each input is decompressed and scanned as a stream, in bounded memory
//! whatever its size ([`iriscan::stream::StreamFinder`]); offsets are byte
//! offsets into the decompressed text. A corrupt or truncated file is
//! reported with the offset where it failed, after the links before it.

fn main() {
    use iriscan::stream::{StreamError, StreamFinder};
    use iriscan::Finder;
    use std::io::{self, BufReader, Read, Write};

    let paths: Vec<String> = std::env::args().skip(1).collect();
    let sf = StreamFinder::new(Finder::new());
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut status = 0;
    let inputs: Vec<Option<&str>> = if paths.is_empty() {
        vec![None]
    } else {
        paths.iter().map(|p| Some(p.as_str())).collect()
    };
    for path in inputs {
        let name = path.unwrap_or("-");
        let raw: Box<dyn Read> = match path {
            None => Box::new(io::stdin().lock()),
            Some(p) => match std::fs::File::open(p) {
                Ok(f) => Box::new(f),
                Err(e) => {
                    eprintln!("bulk_jsonl: {p}: {e}");
                    status = 2;
                    continue;
                }
            },
        };
        let gz = flate2::read::MultiGzDecoder::new(BufReader::new(raw));
        let result = sf.for_each_link(gz, |link| {
            let uri = link.to_uri();
            let record = serde_json::json!({
                "path": name,
                "line": link.line(),
                "start": link.start(),
                "end": link.end(),
                "kind": link.kind().name(),
                "text": link.as_str(),
                "iri": link.iri(),
                "uri": uri.as_ref().ok(),
                "error": uri.as_ref().err().map(|e| e.to_string()),
            });
            writeln!(out, "{record}")
        });
        match result {
            Ok(_) => {}
            Err(StreamError::Sink(e)) if e.kind() == io::ErrorKind::BrokenPipe => return,
            Err(StreamError::Sink(e)) => {
                eprintln!("bulk_jsonl: write error: {e}");
                std::process::exit(2);
            }
            Err(StreamError::Read { offset, error }) => {
                eprintln!("bulk_jsonl: {name}: gzip error at decompressed byte {offset}: {error}");
                status = 2;
            }
            Err(e) => {
                eprintln!("bulk_jsonl: {name}: {e}");
                status = 2;
            }
        }
    }
    if let Err(e) = out.flush() {
        if e.kind() != io::ErrorKind::BrokenPipe {
            eprintln!("bulk_jsonl: write error: {e}");
            status = 2;
        }
    }
    std::process::exit(status);
}
