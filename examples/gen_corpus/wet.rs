//! The `wet` profile: a gzip'd WET file as Common Crawl ships them
//! (ISO 28500 WARC records, one gzip member per record): a `warcinfo`
//! record first, then one `conversion` record per page with
//! WARC-Target-URI, WARC-Record-ID and Content-Length. The pages are the
//! `mixed` profile's text (mail in every language, logs, CJK, Markdown,
//! HTML, crawl text), a few blocks to a page.
//!
//! The truth has one record per link with the page's `record_id` and
//! `start`/`end` counted within the page's text, as `iriscan find` reports
//! them for WARC input.

use crate::generator::{for_each_block, Config, Profile, Rng, Stats};
use flate2::write::GzEncoder;
use flate2::Compression;
use std::io::{self, Write};

/// Hosts of the target URIs, in the scripts the pages are written in.
const HOSTS: &[&str] = &[
    "example.com",
    "пример.рф",
    "例え.jp",
    "例子.中国",
    "مثال.مصر",
    "उदाहरण.भारत",
    "παράδειγμα.ελ",
    "beispiel.de",
    "exemple.fr",
    "ejemplo.es",
    "예시.한국",
    "ตัวอย่าง.ไทย",
];

/// A random (version 4 shaped) UUID URN, as WARC-Record-ID writes it.
fn record_id(rng: &mut Rng) -> String {
    let (a, b) = (rng.next_u64(), rng.next_u64());
    format!(
        "<urn:uuid:{:08x}-{:04x}-4{:03x}-{:04x}-{:012x}>",
        a >> 32,
        (a >> 16) & 0xFFFF,
        a & 0xFFF,
        0x8000 | (b >> 48) & 0x3FFF,
        b & 0xFFFF_FFFF_FFFF
    )
}

/// Writes one record as its own gzip member.
fn write_record(out: &mut dyn Write, head: &str, block: &[u8]) -> io::Result<u64> {
    let mut gz = GzEncoder::new(Vec::with_capacity(block.len() / 2 + 512), Compression::default());
    write!(gz, "WARC/1.0\r\n{head}Content-Length: {}\r\n\r\n", block.len())?;
    gz.write_all(block)?;
    gz.write_all(b"\r\n\r\n")?;
    let member = gz.finish()?;
    out.write_all(&member)?;
    Ok(member.len() as u64)
}

/// Writes about `cfg.size` bytes of page text as a gzip'd WET file to
/// `out`, the truth to `truth`. Returns the stats of the text and the
/// compressed size.
pub fn generate(cfg: &Config, out: &mut dyn Write, truth: &mut dyn Write) -> io::Result<(Stats, u64)> {
    let mut rng = Rng::new(cfg.seed ^ 0x5745_545F_5745_5421);
    let date = "2026-11-25T00:00:00Z";
    let info = b"software: gen_corpus (iriscan)\r\nformat: WARC File Format 1.0\r\n\
conformsTo: http://bibnum.bnf.fr/WARC/WARC_ISO_28500_version1_latestdraft.pdf\r\n";
    let mut compressed = write_record(
        out,
        &format!(
            "WARC-Type: warcinfo\r\nWARC-Date: {date}\r\nWARC-Filename: gen_corpus.warc.wet.gz\r\n\
WARC-Record-ID: {}\r\nContent-Type: application/warc-fields\r\n",
            record_id(&mut rng)
        ),
        info,
    )?;
    let mixed = Config {
        profile: Profile::Mixed,
        ..cfg.clone()
    };
    let mut page: Vec<u8> = Vec::new();
    let mut page_truth: Vec<u8> = Vec::new();
    let mut page_links: Vec<(u32, u32, Vec<u8>)> = Vec::new();
    let mut target = 0;
    let mut n = 0u64;
    let mut flush = |page: &mut Vec<u8>, links: &mut Vec<(u32, u32, Vec<u8>)>, rng: &mut Rng| -> io::Result<()> {
        let id = record_id(rng);
        let host = rng.pick(HOSTS);
        n += 1;
        let head = format!(
            "WARC-Type: conversion\r\nWARC-Target-URI: https://{host}/page/{n}\r\nWARC-Date: {date}\r\n\
WARC-Record-ID: {id}\r\nWARC-Refers-To: {}\r\nContent-Type: text/plain\r\n",
            record_id(rng)
        );
        compressed += write_record(out, &head, page)?;
        for (s, e, tail) in links.drain(..) {
            page_truth.clear();
            write!(page_truth, "{{\"record_id\":\"{id}\",\"start\":{s},\"end\":{e}")?;
            page_truth.extend_from_slice(&tail);
            truth.write_all(&page_truth)?;
        }
        page.clear();
        Ok(())
    };
    let stats = for_each_block(&mixed, |text, links| {
        if page.is_empty() {
            // Pages of 1–32 KiB, as crawled text mostly is.
            target = rng.range(1 << 10, 32 << 10);
        }
        let base = page.len() as u32;
        page_links.extend(links.iter().map(|&(s, e, tail)| (base + s, base + e, tail.to_vec())));
        page.extend_from_slice(text);
        if page.len() >= target {
            flush(&mut page, &mut page_links, &mut rng)?;
        }
        Ok(())
    })?;
    if !page.is_empty() {
        flush(&mut page, &mut page_links, &mut rng)?;
    }
    out.flush()?;
    truth.flush()?;
    Ok((stats, compressed))
}
