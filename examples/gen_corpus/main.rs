//! Generates large link corpora with exact truth, deterministically.
//!
//! ```text
//! cargo run --release --example gen_corpus -- --profile mixed --size 1GB --seed 42 --out /tmp/mixed.txt [--density 0.05]
//! ```
//!
//! Writes `FILE` (exactly `--size` bytes; KB/MB/GB are binary multiples)
//! and `FILE.truth.jsonl` (one record per link, the schema of
//! `corpora/*.truth.jsonl`). Profiles: mail, log, cjk, mixed, adv-brackets,
//! adv-colons, adv-dots, adv-schemes, adv-noline, adv-invalid-utf8, adv-nul.
//! `--density` is the target share of bytes inside links (default 0.05).
//! For adversarial profiles the truth lists only the real links embedded
//! between junk; the junk itself is unscored.
//!
//! `--profile wet` writes a gzip'd WET file instead (Common Crawl's shape:
//! one gzip member per WARC record, `warcinfo` first, then `conversion`
//! records of `mixed` text); `--size` is then the page text's size, about,
//! and the truth counts offsets within each record (see `wet.rs`).

#[path = "../common/truth.rs"]
mod truth;

mod generator;
mod wet;

use generator::{generate, parse_size, Config, Profile};
use std::fs::File;
use std::io::BufWriter;
use std::process::ExitCode;
use std::time::Instant;

fn usage() -> ExitCode {
    let mut names: Vec<&str> = Profile::ALL.iter().map(|(n, _)| *n).collect();
    names.push("wet");
    eprintln!(
        "usage: gen_corpus --profile {} --size SIZE --seed N --out FILE [--density 0.05]",
        names.join("|")
    );
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let mut profile = None;
    let mut wet = false;
    let mut size = None;
    let mut seed = None;
    let mut out = None;
    let mut density = 0.05;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let (key, inline) = match a.split_once('=') {
            Some((k, v)) => (k.to_string(), Some(v.to_string())),
            None => (a.clone(), None),
        };
        let mut val = || inline.clone().or_else(|| args.next());
        match key.as_str() {
            "--profile" => match val() {
                Some(v) if v == "wet" => {
                    wet = true;
                    profile = Some(Profile::Mixed);
                }
                v => profile = v.and_then(|v| Profile::from_name(&v)),
            },
            "--size" => size = val().and_then(|v| parse_size(&v)),
            "--seed" => seed = val().and_then(|v| v.parse::<u64>().ok()),
            "--out" => out = val(),
            "--density" => match val().and_then(|v| v.parse::<f64>().ok()) {
                Some(d) if (0.0..=1.0).contains(&d) => density = d,
                _ => return usage(),
            },
            "-h" | "--help" => return usage(),
            _ => {
                eprintln!("unknown argument {a:?}");
                return usage();
            }
        }
    }
    let (Some(profile), Some(size), Some(seed), Some(out)) = (profile, size, seed, out) else {
        return usage();
    };
    let cfg = Config {
        profile,
        size,
        seed,
        density,
    };
    let truth_path = format!("{out}.truth.jsonl");
    let started = Instant::now();
    if wet {
        let result = File::create(&out).and_then(|t| {
            let tr = File::create(&truth_path)?;
            let mut t = BufWriter::with_capacity(1 << 20, t);
            let mut tr = BufWriter::with_capacity(1 << 20, tr);
            wet::generate(&cfg, &mut t, &mut tr)
        });
        return match result {
            Ok((st, gz)) => {
                eprintln!(
                    "wet: {} bytes of page text, {} links, {gz} bytes gzip'd, {:.2} s",
                    st.bytes,
                    st.links,
                    started.elapsed().as_secs_f64()
                );
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("{out}: {e}");
                ExitCode::FAILURE
            }
        };
    }
    let result = File::create(&out).and_then(|t| {
        let tr = File::create(&truth_path)?;
        let mut t = BufWriter::with_capacity(1 << 20, t);
        let mut tr = BufWriter::with_capacity(1 << 20, tr);
        generate(&cfg, &mut t, &mut tr)
    });
    match result {
        Ok(st) => {
            let secs = started.elapsed().as_secs_f64();
            eprintln!(
                "{}: {} bytes, {} links ({:.2}/KB, {:.1}% of bytes), truth {} bytes, {:.2} s ({:.0} MB/s)",
                profile.name(),
                st.bytes,
                st.links,
                st.links as f64 * 1024.0 / st.bytes.max(1) as f64,
                st.link_bytes as f64 * 100.0 / st.bytes.max(1) as f64,
                st.truth_bytes,
                secs,
                st.bytes as f64 / (1 << 20) as f64 / secs
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{out}: {e}");
            ExitCode::FAILURE
        }
    }
}
