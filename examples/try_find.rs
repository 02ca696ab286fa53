//! Prints the links found in each argument (or each stdin line): a quick way
//! to see what the finder does with a piece of text.
//!
//! `cargo run --example try_find -- 'see http://例え.jp/パス、次に'`
use std::io::BufRead;

fn show(finder: &iriscan::Finder, text: &str) {
    println!("{text}");
    for l in finder.links(text) {
        println!(
            "  {:?} {}..{} {:?} -> {:?}",
            l.kind(),
            l.start(),
            l.end(),
            l.as_str(),
            l.to_uri().map(|u| u.into_owned())
        );
    }
}

fn main() {
    let mut finder = iriscan::Finder::new();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let strict = args.iter().any(|a| a == "--strict");
    finder.strict_uts58(strict);
    let texts: Vec<&String> = args.iter().filter(|a| *a != "--strict").collect();
    if texts.is_empty() {
        for line in std::io::stdin().lock().lines().map_while(Result::ok) {
            show(&finder, &line);
        }
    } else {
        for t in texts {
            show(&finder, t);
        }
    }
}
