//! A list of IRIs (arguments, or one per line on standard input) to URIs
//! (RFC 3987 §3.1): `IRI<TAB>URI` per line, or `IRI<TAB>error: …`.
//!
//! ```text
//! cargo run --example iri_to_uri -- 'http://例え.jp/パス' 'mailto:почта@пример.рф'
//! cargo run --example iri_to_uri < iris.txt
//! ```

use std::io::{self, BufRead, Write};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let lines: Box<dyn Iterator<Item = io::Result<String>>> = if args.is_empty() {
        Box::new(io::stdin().lock().lines())
    } else {
        Box::new(args.into_iter().map(Ok))
    };
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut failed = false;
    for line in lines {
        let iri = match line {
            Ok(l) => l,
            Err(e) => {
                eprintln!("iri_to_uri: {e}");
                std::process::exit(2);
            }
        };
        let written = match iriscan::to_uri(&iri) {
            Ok(uri) => writeln!(out, "{iri}\t{uri}"),
            Err(e) => {
                failed = true;
                writeln!(out, "{iri}\terror: {e}")
            }
        };
        if written.is_err() {
            return; // a closed pipe: stop quietly
        }
    }
    let _ = out.flush();
    std::process::exit(i32::from(failed));
}
