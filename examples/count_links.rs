//! Counts links in a file with one engine: iriscan, linkify, a URL regex, or
//! the memchr ceiling. Used to compare engines by instruction counts, which
//! a shared, noisy machine cannot disturb:
//!
//! ```text
//! valgrind --tool=callgrind --toggle-collect='count_links::measure' \
//!     target/release/examples/count_links iriscan corpora/mail-ja.txt
//! ```
//!
//! or by wall time: `count_links ENGINE FILE [REPEAT]`. The engine
//! `iriscan-bytes` reads the raw bytes through `links_bytes`; the others see
//! the file decoded lossily. `FILE` may be `race:NAME`, a text of the race
//! with linkify built in memory as the criterion bench builds it
//! (`benches/race_texts.rs`; `benches/race_instructions.sh` counts them all).
//!
//! Engines: `iriscan` (all kinds), `iriscan-iri-email`, `iriscan-uri` (find
//! and `to_uri`), `iriscan-strict`, `iriscan-bytes`, `linkify` (scheme-less
//! URLs too), `linkify-default` (a scheme required), `regex`, `memchr`; and
//! `parse-iriscan`, `parse-oxiri`, `parse-fluent-uri`, `parse-iri-string`,
//! which parse the IRIs of the file's links (found by iriscan outside the
//! measured function). `dump` writes the text to stdout instead (to
//! measure two builds on the same bytes: `race:` texts follow the
//! generator of the build that made them).

#[path = "common/truth.rs"]
mod truth;

#[path = "gen_corpus/generator.rs"]
mod generator;

#[path = "../benches/common/race_texts.rs"]
mod race_texts;

use iriscan::{Finder, LinkKind};

#[inline(never)]
fn measure(engine: &str, bytes: &[u8], text: &str, iris: &[String]) -> usize {
    match engine {
        "iriscan-bytes" => Finder::new().links_bytes(bytes).count(),
        "iriscan" => Finder::new().links(text).count(),
        "iriscan-iri-email" => Finder::new()
            .kinds(&[LinkKind::Iri, LinkKind::Email])
            .links(text)
            .count(),
        "iriscan-uri" => Finder::new().links(text).filter(|l| l.to_uri().is_ok()).count(),
        "iriscan-strict" => Finder::new().strict_uts58(true).links(text).count(),
        "linkify" => linkify::LinkFinder::new()
            .url_must_have_scheme(false)
            .links(text)
            .count(),
        "linkify-default" => linkify::LinkFinder::new().links(text).count(),
        "regex" => url_regex().find_iter(text).count(),
        "memchr" => memchr::memchr(0xFF, text.as_bytes()).map_or(0, |_| 1),
        "parse-iriscan" => iris.iter().filter(|s| iriscan::Iri::parse(s).is_ok()).count(),
        "parse-oxiri" => iris.iter().filter(|s| oxiri::Iri::parse(s.as_str()).is_ok()).count(),
        "parse-fluent-uri" => iris
            .iter()
            .filter(|s| fluent_uri::Iri::parse(s.as_str()).is_ok())
            .count(),
        "parse-iri-string" => iris
            .iter()
            .filter(|s| iri_string::types::IriStr::new(s.as_str()).is_ok())
            .count(),
        other => panic!("unknown engine {other}"),
    }
}

fn url_regex() -> &'static regex::Regex {
    static RE: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    RE.get_or_init(|| regex::Regex::new(r#"(?i)\b(?:https?|ftp)://[^\s<>"'()]+|\bwww\.[^\s<>"'()]+"#).unwrap())
}

/// Size of a `race:` text: the criterion bench's.
const RACE_LEN: usize = 2 << 20;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let wanted = if args.get(1).is_some_and(|a| a == "pair") { 5 } else { 3 };
    if args.len() < wanted {
        eprintln!("usage: count_links ENGINE FILE [REPEAT] | count_links pair ENGINE_A ENGINE_B FILE [PAIRS]");
        std::process::exit(2);
    }
    // `pair A B`: the two engines' passes alternate in this one process
    // (A, B, A, B, …), each timed on its own, so that both meet the same
    // load on a shared machine; prints the ratio of their fastest passes
    // (A over B, in speed) and the median of the per-pair ratios.
    if args[1] == "pair" {
        let (a, b) = (&args[2], &args[3]);
        let bytes = std::fs::read(&args[4]).expect("read the input");
        let text = String::from_utf8_lossy(&bytes);
        let repeat: usize = args.get(5).and_then(|r| r.parse().ok()).unwrap_or(50);
        let warm = "warm up http://a.example/ x@example.com www.example.org 例え.みんな";
        let _ = Finder::new().links(warm).count();
        let time = |e: &str| {
            let t = std::time::Instant::now();
            std::hint::black_box(measure(e, &bytes, &text, &[]));
            t.elapsed().as_secs_f64()
        };
        let (mut best_a, mut best_b, mut ratios) = (f64::INFINITY, f64::INFINITY, Vec::new());
        for _ in 0..repeat {
            let (ta, tb) = (time(a), time(b));
            best_a = best_a.min(ta);
            best_b = best_b.min(tb);
            ratios.push(tb / ta);
        }
        ratios.sort_by(f64::total_cmp);
        println!(
            "{a}/{b}\tbest {:.3}\tmedian pair {:.3}\t{:.1} MB/s best A",
            best_b / best_a,
            ratios[ratios.len() / 2],
            text.len() as f64 / best_a / 1e6
        );
        return;
    }
    let (engine, path) = (&args[1], &args[2]);
    let repeat: usize = args.get(3).and_then(|r| r.parse().ok()).unwrap_or(1);
    let bytes = match path.strip_prefix("race:") {
        Some(name) => race_texts::race_text(name, RACE_LEN)
            .unwrap_or_else(|| panic!("no race text {name}"))
            .into_bytes(),
        None => std::fs::read(path).expect("read the input"),
    };
    // `dump`: write the text itself, so that two builds can be measured on
    // the same bytes even when the generator behind `race:` changed.
    if engine == "dump" {
        use std::io::Write;
        std::io::stdout().write_all(&bytes).expect("write the text");
        return;
    }
    let text = String::from_utf8_lossy(&bytes);
    let iris: Vec<String> = if engine.starts_with("parse-") {
        Finder::new().links(&text).map(|l| l.iri().into_owned()).collect()
    } else {
        Vec::new()
    };
    // Warm up lazily built tables outside the measured region.
    let warm = "warm up http://a.example/ x@example.com www.example.org 例え.みんな";
    let _ = Finder::new().links(warm).count() + url_regex().find_iter(warm).count();
    // Each pass timed on its own: the mean and the fastest pass. On a
    // shared machine load only ever adds time, so the fastest of many
    // passes is the steadier estimate of what the engine costs.
    let mut n = 0;
    let (mut total, mut best) = (0.0f64, f64::INFINITY);
    for _ in 0..repeat {
        let t = std::time::Instant::now();
        n = measure(engine, &bytes, &text, &iris);
        let secs = t.elapsed().as_secs_f64();
        total += secs;
        best = best.min(secs);
    }
    let secs = total / repeat as f64;
    // The bytes the engine read: the text, or the IRIs it parsed.
    let len = if iris.is_empty() {
        text.len()
    } else {
        iris.iter().map(String::len).sum()
    };
    println!(
        "{engine}\t{n} links\t{len} bytes\t{:.1} MB/s\t{:.1} MB/s best",
        len as f64 / secs / 1e6,
        len as f64 / best / 1e6
    );
}
