//! WET input: inflating gzip members with each flate2 backend, and the
//! `iriscan` binary counting links in a gzip'd WET file with one and two
//! workers.
//!
//! ```text
//! cargo bench -p iriscan-cli --bench wet
//! ```
//!
//! The file is built here: every text of `corpora/` (mail in twelve
//! languages, logs, HTML, Markdown, crawl text) as `conversion` records,
//! repeated to 16 MiB of text, one gzip member per record, as Common Crawl
//! writes WET files. For the 1 GB figures see BENCHMARKS.md ("Bulk: WET
//! input") and `gen_corpus --profile wet`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use flate2::write::GzEncoder;
use flate2::Compression;
use std::io::{Read, Write};
use std::ops::Range;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// Text in the file: 16 MiB under `cargo bench`, 1 MiB when `cargo test
/// --all-targets` runs the bench once as a test (unoptimized).
fn text_bytes() -> usize {
    if std::env::args().any(|a| a == "--bench") {
        16 << 20
    } else {
        1 << 20
    }
}

/// The gzip'd WET bytes, each member's range, and the text size.
fn wet() -> (Vec<u8>, Vec<Range<usize>>, usize) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../corpora");
    let mut pages: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .expect("corpora/")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .map(|p| {
            (
                p.file_stem().unwrap().to_string_lossy().into_owned(),
                std::fs::read(&p).unwrap(),
            )
        })
        .collect();
    pages.sort();
    let mut gz = Vec::new();
    let mut members = Vec::new();
    let mut text = 0;
    let mut n = 0;
    let want = text_bytes();
    while text < want {
        let (name, page) = &pages[n % pages.len()];
        n += 1;
        let mut record = format!(
            "WARC/1.0\r\nWARC-Type: conversion\r\nWARC-Target-URI: https://example.com/{name}/{n}\r\n\
WARC-Record-ID: <urn:uuid:00000000-0000-4000-8000-{n:012x}>\r\nContent-Length: {}\r\n\r\n",
            page.len()
        )
        .into_bytes();
        record.extend_from_slice(page);
        record.extend_from_slice(b"\r\n\r\n");
        let mut enc = GzEncoder::new(Vec::new(), Compression::default());
        enc.write_all(&record).unwrap();
        let member = enc.finish().unwrap();
        members.push(gz.len()..gz.len() + member.len());
        gz.extend_from_slice(&member);
        text += record.len();
    }
    (gz, members, text)
}

fn bench(c: &mut Criterion) {
    let (gz, members, text) = wet();
    let mut g = c.benchmark_group("wet");
    g.throughput(Throughput::Bytes(text as u64));
    g.sample_size(10);
    // flate2 as the binary builds it (the zlib-rs backend).
    g.bench_function("inflate/flate2-zlib-rs", |b| {
        let mut buf = vec![0u8; 64 << 10];
        b.iter(|| {
            let mut d = flate2::read::MultiGzDecoder::new(&gz[..]);
            let mut n = 0;
            loop {
                match d.read(&mut buf).unwrap() {
                    0 => break n,
                    k => n += k,
                }
            }
        })
    });
    // miniz_oxide, flate2's default backend, on the same members: the
    // 10-byte header flate2 writes and the 8-byte trailer stripped.
    g.bench_function("inflate/miniz_oxide", |b| {
        b.iter(|| {
            members
                .iter()
                .map(|r| {
                    miniz_oxide::inflate::decompress_to_vec(&gz[r.start + 10..r.end - 8])
                        .unwrap()
                        .len()
                })
                .sum::<usize>()
        })
    });
    let path = std::env::temp_dir().join(format!("iriscan-bench-{}.warc.wet.gz", std::process::id()));
    std::fs::write(&path, &gz).unwrap();
    for jobs in ["1", "2"] {
        g.bench_function(format!("iriscan find --count -j {jobs}"), |b| {
            b.iter(|| {
                let out = Command::new(env!("CARGO_BIN_EXE_iriscan"))
                    .args(["find", "--count", "-j", jobs])
                    .arg(&path)
                    .stderr(Stdio::inherit())
                    .output()
                    .unwrap();
                assert!(out.status.success());
                out.stdout.len()
            })
        });
    }
    g.finish();
    let _ = std::fs::remove_file(&path);
}

criterion_group!(benches, bench);
criterion_main!(benches);
