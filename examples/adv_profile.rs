//! Times the finder on one adversarial input (a development aid):
//! `cargo run --release --example adv_profile -- colons`
fn main() {
    let kind = std::env::args().nth(1).unwrap_or_else(|| "colons".into());
    let n: usize = std::env::var("ADV_BYTES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(8 << 20);
    let text = match kind.as_str() {
        "colons" => ":".repeat(n),
        "dots" => ".".repeat(n),
        "prose" => "The quick brown fox jumps over the lazy dog while the committee considers its options. Nothing here is a link: not e.g. this, nor 12:34, nor v1.2.3, nor key:value pairs.\n".repeat(n / 170),
        "schemes" => "http://".repeat(n / 7),
        _ => "a.".repeat(n / 2),
    };
    let f = iriscan::Finder::new();
    let t = std::time::Instant::now();
    let mut count = 0;
    for _ in 0..5 {
        count += f.links(&text).count();
    }
    let secs = t.elapsed().as_secs_f64();
    println!(
        "{kind}: {count} links, {:.1} MB/s",
        5.0 * text.len() as f64 / secs / 1e6
    );
}
