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
//! the file decoded lossily.

#[inline(never)]
fn measure(engine: &str, bytes: &[u8], text: &str) -> usize {
    match engine {
        "iriscan-bytes" => iriscan::Finder::new().links_bytes(bytes).count(),
        "iriscan" => iriscan::Finder::new().links(text).count(),
        "iriscan-uri" => iriscan::Finder::new()
            .links(text)
            .filter(|l| l.to_uri().is_ok())
            .count(),
        "iriscan-strict" => iriscan::Finder::new().strict_uts58(true).links(text).count(),
        "linkify" => linkify::LinkFinder::new()
            .url_must_have_scheme(false)
            .links(text)
            .count(),
        "regex" => url_regex().find_iter(text).count(),
        "memchr" => memchr::memchr(0xFF, text.as_bytes()).map_or(0, |_| 1),
        other => panic!("unknown engine {other}"),
    }
}

fn url_regex() -> &'static regex::Regex {
    static RE: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    RE.get_or_init(|| regex::Regex::new(r#"(?i)\b(?:https?|ftp)://[^\s<>"'()]+|\bwww\.[^\s<>"'()]+"#).unwrap())
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (engine, path) = (&args[1], &args[2]);
    let repeat: usize = args.get(3).and_then(|r| r.parse().ok()).unwrap_or(1);
    let bytes = std::fs::read(path).expect("read the input");
    let text = String::from_utf8_lossy(&bytes);
    // Warm up lazily built tables outside the measured region.
    let warm = "warm up http://a.example/ x@example.com www.example.org 例え.みんな";
    let _ = iriscan::Finder::new().links(warm).count() + url_regex().find_iter(warm).count();
    let t = std::time::Instant::now();
    let mut n = 0;
    for _ in 0..repeat {
        n = measure(engine, &bytes, &text);
    }
    let secs = t.elapsed().as_secs_f64() / repeat as f64;
    println!("{engine}\t{n} links\t{:.1} MB/s", text.len() as f64 / secs / 1e6);
}
