//! Criterion benchmarks: iriscan against its peers in the same groups, on
//! the same texts, so ratios survive a noisy shared machine.
//!
//! The race with linkify (issue 12), ratios from one run:
//! `cargo bench --bench iriscan -- 'race|parse-race|find-to-uri'`, then
//! `python3 benches/race_table.py` for the table of ratios.
//!
//! Run everything: `cargo bench --bench iriscan`
//! Quick mode (under five minutes on two cores): `cargo bench --bench iriscan -- --quick`
//! One group: `cargo bench --bench iriscan -- find/`
//!
//! Texts: the checked-in samples in `corpora/` (mail in twelve languages,
//! logs, Markdown, HTML, crawl text), concatenated by kind, plus prose with
//! no links, and adversarial inputs built here.

// The test oracle's DFA of the grammar, raced beside the parser.
#[path = "../tests/oracle/mod.rs"]
mod grammar;

#[path = "../examples/common/truth.rs"]
mod truth;

#[path = "../examples/gen_corpus/generator.rs"]
mod generator;

#[path = "common/race_texts.rs"]
mod race_texts;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use iriscan::{Finder, LinkKind};
use race_texts::race_texts;
use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

/// Concatenates the samples in `corpora/` whose names start with `prefix`
/// (repeated up to at least `min_len` bytes).
fn corpus(prefix: &str, min_len: usize) -> String {
    let unit = race_texts::files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("corpora"), prefix);
    assert!(!unit.is_empty(), "no corpora/{prefix}*.txt sample");
    race_texts::repeated(&unit, min_len)
}

/// English prose without a single link trigger-completing candidate.
fn prose(len: usize) -> String {
    let unit = "The quick brown fox jumps over the lazy dog while the committee considers its options. \
                Nothing here is a link: not e.g. this, nor 12:34, nor v1.2.3, nor key:value pairs.\n";
    unit.repeat(len / unit.len() + 1)
}

fn adversarial() -> Vec<(&'static str, String)> {
    let n = 1 << 20;
    vec![
        ("brackets", "(".repeat(n / 2) + &")".repeat(n / 2)),
        ("colons", ":".repeat(n)),
        ("dots", ".".repeat(n)),
        ("ats", "@".repeat(n)),
        ("slashes", "/".repeat(n)),
        ("percents", "%".repeat(n)),
        ("schemes", "http://".repeat(n / 7)),
        ("no-newline-links", "http://a.example/xxxxxxxxxxxxxxxx".repeat(n / 33)),
        ("domain-labels", "a.".repeat(n / 2)),
        ("email-locals", "a.b@".repeat(n / 4)),
        ("overlong-pct", "http://a.example/%C0%AF".repeat(n / 23)),
    ]
}

fn url_regex() -> regex::Regex {
    // A typical "URL regex" of the kind found in many codebases.
    regex::Regex::new(r#"(?i)\b(?:https?|ftp)://[^\s<>"'()]+|\bwww\.[^\s<>"'()]+"#).unwrap()
}

fn bench_find(c: &mut Criterion) {
    let texts = [
        ("mail", corpus("mail-", 1 << 20)),
        ("log", corpus("log-", 1 << 20)),
        ("crawl", corpus("crawl", 1 << 20)),
        ("prose-sparse", prose(1 << 20)),
    ];
    let iriscan = iriscan::Finder::new();
    let mut linkify = linkify::LinkFinder::new();
    linkify.url_must_have_scheme(false);
    let regex = url_regex();
    let mut g = c.benchmark_group("find");
    for (name, text) in &texts {
        g.throughput(Throughput::Bytes(text.len() as u64));
        g.bench_with_input(BenchmarkId::new("iriscan", name), text, |b, t| {
            b.iter(|| iriscan.links(t).count())
        });
        g.bench_with_input(BenchmarkId::new("linkify", name), text, |b, t| {
            b.iter(|| linkify.links(t).count())
        });
        g.bench_with_input(BenchmarkId::new("regex", name), text, |b, t| {
            b.iter(|| regex.find_iter(t).count())
        });
        g.bench_with_input(BenchmarkId::new("memchr-ceiling", name), text, |b, t| {
            b.iter(|| memchr::memchr(0xFF, black_box(t.as_bytes())))
        });
    }
    g.finish();

    let mut g = c.benchmark_group("find-kinds");
    let text = &texts[0].1;
    g.throughput(Throughput::Bytes(text.len() as u64));
    for (name, kinds) in [
        (
            "all",
            &[
                iriscan::LinkKind::Iri,
                iriscan::LinkKind::Email,
                iriscan::LinkKind::Domain,
            ][..],
        ),
        ("iri-only", &[iriscan::LinkKind::Iri][..]),
        ("email-only", &[iriscan::LinkKind::Email][..]),
        ("domain-only", &[iriscan::LinkKind::Domain][..]),
    ] {
        let mut f = iriscan::Finder::new();
        f.kinds(kinds);
        g.bench_function(name, |b| b.iter(|| f.links(text).count()));
    }
    let mut strict = iriscan::Finder::new();
    strict.strict_uts58(true);
    g.bench_function("strict-uts58", |b| b.iter(|| strict.links(text).count()));
    g.finish();

    let mut g = c.benchmark_group("find-and-map");
    g.throughput(Throughput::Bytes(text.len() as u64));
    g.bench_function("iriscan-links-to-uri", |b| {
        b.iter(|| {
            iriscan
                .links(text)
                .map(|l| l.to_uri().map(|u| u.len()).unwrap_or(0))
                .sum::<usize>()
        })
    });
    g.finish();
}

fn bench_adversarial(c: &mut Criterion) {
    let iriscan = iriscan::Finder::new();
    let mut g = c.benchmark_group("adversarial");
    let reference = prose(1 << 20);
    g.throughput(Throughput::Bytes(reference.len() as u64));
    g.bench_function("prose-reference", |b| b.iter(|| iriscan.links(&reference).count()));
    for (name, text) in adversarial() {
        g.throughput(Throughput::Bytes(text.len() as u64));
        g.bench_function(name, |b| b.iter(|| iriscan.links(&text).count()));
    }
    let mut invalid = b"http://a.example/\xFF\xFE ".repeat(1 << 15);
    invalid.extend(b"\0\0\0".repeat(1 << 10));
    g.throughput(Throughput::Bytes(invalid.len() as u64));
    g.bench_function("invalid-utf8-and-nul", |b| {
        b.iter(|| iriscan.links_bytes(&invalid).count())
    });
    // The prose reference with an invalid byte after every 40 bytes: the
    // cost of invalid UTF-8 itself, apart from link density.
    let mut sprinkled = Vec::new();
    for piece in prose(1 << 20).as_bytes().chunks(40) {
        sprinkled.extend_from_slice(piece);
        sprinkled.push(0xFF);
    }
    g.throughput(Throughput::Bytes(sprinkled.len() as u64));
    g.bench_function("invalid-utf8-in-prose", |b| {
        b.iter(|| iriscan.links_bytes(&sprinkled).count())
    });
    // Binary data: pseudo-random bytes (a deterministic xorshift), and NULs.
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    let binary: Vec<u8> = (0..1 << 20)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as u8
        })
        .collect();
    g.throughput(Throughput::Bytes(binary.len() as u64));
    g.bench_function("binary", |b| b.iter(|| iriscan.links_bytes(&binary).count()));
    let nul = vec![0u8; 1 << 20];
    g.bench_function("nul-bytes", |b| b.iter(|| iriscan.links_bytes(&nul).count()));
    g.finish();
}

fn iri_samples() -> Vec<&'static str> {
    vec![
        "http://www.example.org/red%09ros%C3%A9#red",
        "https://例え.テスト/パス/ファイル.html?クエリ=値#断片",
        "https://пример.рф/путь/к/странице?параметр=значение",
        "http://[2001:db8::7]:8080/c=GB?objectClass?one",
        "ftp://user:pass@ftp.example.com:2121/pub/file.tar.gz",
        "mailto:Joe.Bloggs@example.com?subject=Hello%20World",
        "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
        "https://en.wikipedia.org/wiki/Rust_(programming_language)#History",
        "http://résumé.example.org/résumé.html",
        "https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC",
    ]
}

fn bench_parse(c: &mut Criterion) {
    let samples = iri_samples();
    let bytes: usize = samples.iter().map(|s| s.len()).sum();
    let mut g = c.benchmark_group("parse");
    g.throughput(Throughput::Bytes(bytes as u64));
    g.bench_function("iriscan", |b| {
        b.iter(|| {
            samples
                .iter()
                .filter(|s| iriscan::Iri::parse(black_box(s)).is_ok())
                .count()
        })
    });
    g.bench_function("iriscan-grammar-dfa", |b| {
        b.iter(|| samples.iter().filter(|s| grammar::is_iri(black_box(s))).count())
    });
    g.bench_function("iri-string", |b| {
        b.iter(|| {
            samples
                .iter()
                .filter(|s| iri_string::types::IriStr::new(black_box(s)).is_ok())
                .count()
        })
    });
    g.bench_function("oxiri", |b| {
        b.iter(|| {
            samples
                .iter()
                .filter(|s| oxiri::Iri::parse(black_box(**s)).is_ok())
                .count()
        })
    });
    g.bench_function("fluent-uri", |b| {
        b.iter(|| {
            samples
                .iter()
                .filter(|s| fluent_uri::Iri::parse(black_box(**s)).is_ok())
                .count()
        })
    });
    g.finish();

    let mut g = c.benchmark_group("to_uri");
    g.throughput(Throughput::Bytes(bytes as u64));
    g.bench_function("iriscan", |b| {
        b.iter(|| {
            samples
                .iter()
                .map(|s| iriscan::to_uri(black_box(s)).map(|u| u.len()).unwrap_or(0))
                .sum::<usize>()
        })
    });
    g.bench_function("iri-string-encode-to-uri", |b| {
        b.iter(|| {
            samples
                .iter()
                .map(|s| {
                    iri_string::types::IriStr::new(black_box(s))
                        .map(|i| iri_string::format::ToDedicatedString::to_dedicated_string(&i.encode_to_uri()).len())
                        .unwrap_or(0)
                })
                .sum::<usize>()
        })
    });
    let uris: Vec<String> = samples
        .iter()
        .filter_map(|s| iriscan::to_uri(s).ok().map(|u| u.into_owned()))
        .collect();
    g.bench_function("iriscan-to_iri", |b| {
        b.iter(|| uris.iter().map(|u| iriscan::to_iri(black_box(u)).len()).sum::<usize>())
    });
    g.finish();
}

fn bench_bulk(c: &mut Criterion) {
    let text = corpus("mail-", 4 << 20);
    let mut g = c.benchmark_group("bulk");
    g.throughput(Throughput::Bytes(text.len() as u64));
    g.sample_size(10);
    g.bench_function("in-memory-links", |b| {
        b.iter(|| iriscan::Finder::new().links(&text).count())
    });
    let sf = iriscan::stream::StreamFinder::new(iriscan::Finder::new());
    g.bench_function("streaming-io-read", |b| {
        b.iter(|| {
            let mut n = 0usize;
            sf.for_each_link(text.as_bytes(), |_| {
                n += 1;
                Ok(())
            })
            .unwrap();
            n
        })
    });
    let mut seq = iriscan::parallel::ParallelFinder::new(iriscan::Finder::new());
    seq.parallel(false);
    g.bench_function("parallel-find-and-map-1-thread", |b| {
        b.iter(|| seq.links(text.as_bytes()).len())
    });
    let par = iriscan::parallel::ParallelFinder::new(iriscan::Finder::new());
    g.bench_function("parallel-find-and-map-all-cores", |b| {
        b.iter(|| par.links(text.as_bytes()).len())
    });
    g.finish();
}

/// Size of each race text: larger than the caches, small enough for a run
/// of every group in a few minutes on two shared cores.
const RACE_LEN: usize = 2 << 20;

/// A group with few, short samples: the race has many texts, and ratios
/// within one run are what it reports.
fn race_group<'c>(c: &'c mut Criterion, name: &str) -> criterion::BenchmarkGroup<'c, criterion::measurement::WallTime> {
    let mut g = c.benchmark_group(name);
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1));
    g
}

/// iriscan against linkify on every race text, the same kinds asked of
/// both: IRIs and emails against linkify's default (a scheme required,
/// emails on); all kinds against linkify with `url_must_have_scheme(false)`;
/// and memchr looking for an absent byte, the ceiling for any scan.
fn bench_race(c: &mut Criterion) {
    let texts = race_texts(RACE_LEN);
    let mut iri_email = Finder::new();
    iri_email.kinds(&[LinkKind::Iri, LinkKind::Email]);
    let all = Finder::new();
    let linkify_default = linkify::LinkFinder::new();
    let mut linkify_schemeless = linkify::LinkFinder::new();
    linkify_schemeless.url_must_have_scheme(false);
    let mut g = race_group(c, "race");
    for (name, text) in &texts {
        g.throughput(Throughput::Bytes(text.len() as u64));
        g.bench_with_input(BenchmarkId::new("iriscan-iri-email", name), text, |b, t| {
            b.iter(|| iri_email.links(t).count())
        });
        g.bench_with_input(BenchmarkId::new("linkify-default", name), text, |b, t| {
            b.iter(|| linkify_default.links(t).count())
        });
        g.bench_with_input(BenchmarkId::new("iriscan-all", name), text, |b, t| {
            b.iter(|| all.links(t).count())
        });
        g.bench_with_input(BenchmarkId::new("linkify-schemeless", name), text, |b, t| {
            b.iter(|| linkify_schemeless.links(t).count())
        });
        g.bench_with_input(BenchmarkId::new("memchr", name), text, |b, t| {
            b.iter(|| memchr::memchr(0xFF, black_box(t.as_bytes())))
        });
    }
    g.finish();
}

/// The texts where linkify finds fewer links than iriscan (it links no host
/// whose last label is non-ASCII), with those labels made ASCII
/// (`race_texts::ascii_tlds`): both engines asked for the same links, so
/// the ratio measures the scanners, not what each one finds.
const SAME_LINKS: [&str; 5] = ["dense", "corpora-mail", "crawl", "gen-mail", "gen-cjk"];

/// iriscan (IRIs and emails) against linkify's default on `SAME_LINKS`.
fn bench_race_same_links(c: &mut Criterion) {
    let mut iri_email = Finder::new();
    iri_email.kinds(&[LinkKind::Iri, LinkKind::Email]);
    let linkify_default = linkify::LinkFinder::new();
    let mut g = race_group(c, "race-same-links");
    for name in SAME_LINKS {
        let Some(text) = race_texts::race_text(&format!("{name}-ascii-tld"), RACE_LEN) else {
            continue;
        };
        g.throughput(Throughput::Bytes(text.len() as u64));
        g.bench_with_input(BenchmarkId::new("iriscan-iri-email", name), &text, |b, t| {
            b.iter(|| iri_email.links(t).count())
        });
        g.bench_with_input(BenchmarkId::new("linkify-default", name), &text, |b, t| {
            b.iter(|| linkify_default.links(t).count())
        });
    }
    g.finish();
}

/// `Iri::parse` against oxiri, fluent-uri and iri-string on the same IRIs,
/// in turn: those of every link in the link-dense text.
fn bench_parse_race(c: &mut Criterion) {
    let dense = race_texts::race_text("dense", RACE_LEN).unwrap_or_default();
    let iris: Vec<String> = Finder::new().links(&dense).map(|l| l.iri().into_owned()).collect();
    let bytes: usize = iris.iter().map(String::len).sum();
    let mut g = race_group(c, "parse-race");
    g.throughput(Throughput::Bytes(bytes as u64));
    g.bench_function("iriscan", |b| {
        b.iter(|| {
            iris.iter()
                .filter(|s| iriscan::Iri::parse(black_box(s)).is_ok())
                .count()
        })
    });
    g.bench_function("oxiri", |b| {
        b.iter(|| {
            iris.iter()
                .filter(|s| oxiri::Iri::parse(black_box(s.as_str())).is_ok())
                .count()
        })
    });
    g.bench_function("fluent-uri", |b| {
        b.iter(|| {
            iris.iter()
                .filter(|s| fluent_uri::Iri::parse(black_box(s.as_str())).is_ok())
                .count()
        })
    });
    g.bench_function("iri-string", |b| {
        b.iter(|| {
            iris.iter()
                .filter(|s| iri_string::types::IriStr::new(black_box(s.as_str())).is_ok())
                .count()
        })
    });
    g.finish();
}

/// Finding links and mapping each with `to_uri`, against finding alone:
/// link-dense text, generated mail (IDN emails among them) and the mail
/// samples.
fn bench_find_to_uri(c: &mut Criterion) {
    let finder = Finder::new();
    let mut g = race_group(c, "find-to-uri");
    for name in ["dense", "gen-mail", "corpora-mail"] {
        let Some(text) = race_texts::race_text(name, RACE_LEN) else {
            continue;
        };
        g.throughput(Throughput::Bytes(text.len() as u64));
        g.bench_with_input(BenchmarkId::new("find", name), &text, |b, t| {
            b.iter(|| finder.links(t).count())
        });
        g.bench_with_input(BenchmarkId::new("find-and-to-uri", name), &text, |b, t| {
            b.iter(|| {
                finder
                    .links(t)
                    .map(|l| l.to_uri().map_or(0, |u| u.len()))
                    .sum::<usize>()
            })
        });
    }
    g.finish();
}

criterion_group!(
    benches,
    bench_race,
    bench_race_same_links,
    bench_parse_race,
    bench_find_to_uri,
    bench_find,
    bench_adversarial,
    bench_parse,
    bench_bulk
);
criterion_main!(benches);
