//! The corpus generator (`examples/gen_corpus/`) is deterministic, writes
//! exactly the requested size, and its truth matches its text.
//!
//! The generator core and the truth helpers are included as modules, so the
//! test runs in-process without building the example.

#[path = "../examples/common/truth.rs"]
mod truth;

#[path = "../examples/gen_corpus/generator.rs"]
mod generator;

use generator::{generate, parse_size, Config, Profile, Stats};

/// FNV-1a, 64 bit.
fn fnv1a64(data: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in data {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

fn run(profile: Profile, size: u64, seed: u64) -> (Vec<u8>, Vec<u8>, Stats) {
    let cfg = Config {
        profile,
        size,
        seed,
        density: 0.05,
    };
    let mut text = Vec::new();
    let mut truth = Vec::new();
    let stats = generate(&cfg, &mut text, &mut truth).expect("writing to memory cannot fail");
    (text, truth, stats)
}

struct Record {
    start: usize,
    end: usize,
}

/// The character at byte `i`, `None` at either end, U+FFFD for invalid bytes.
fn char_at(text: &[u8], i: usize) -> Option<char> {
    let tail = text.get(i..).filter(|t| !t.is_empty())?;
    let n = tail.len().min(4);
    let s = match std::str::from_utf8(&tail[..n]) {
        Ok(s) => s,
        Err(e) if e.valid_up_to() > 0 => std::str::from_utf8(&tail[..e.valid_up_to()]).expect("valid prefix"),
        Err(_) => return Some('\u{FFFD}'),
    };
    s.chars().next()
}

fn char_before(text: &[u8], i: usize) -> Option<char> {
    (i.saturating_sub(4)..i)
        .find_map(|j| {
            let c = char_at(text, j)?;
            (c != '\u{FFFD}' && j + c.len_utf8() == i).then_some(c)
        })
        .or_else(|| (i > 0).then_some('\u{FFFD}'))
}

/// Independent of the generator's frame rules: is the link delimited so
/// that a detector following the marker rules of `corpora/marked` finds
/// exactly it?
fn delimited(text: &[u8], start: usize, end: usize, link: &str, kind: &str) -> bool {
    let hard = |c: char| c.is_whitespace() || c.is_control() || c == '\u{FFFD}' || "\"<>\\^`{}|".contains(c);
    let closer = |c: char| ")]」）”“』》】’»".contains(c);
    let ok_before = match char_before(text, start) {
        None => true,
        Some(c) if hard(c) || "([«「（“„『《【‘:".contains(c) => true,
        Some('\'' | '=') => kind != "email",
        // `+http://` in user agents: a scheme starts with a letter.
        Some('+') => kind == "iri",
        Some(c) if !c.is_ascii() && c.is_alphanumeric() || "：、，。；！？".contains(c) => kind == "iri",
        Some(_) => false,
    };
    let unclosed = |o: char, c: char| link.matches(o).count() > link.matches(c).count();
    let next2 = |c: char| char_at(text, end + c.len_utf8());
    let ok_after = match char_at(text, end) {
        None => true,
        Some(c) if hard(c) => true,
        Some(')') => !unclosed('(', ')'),
        Some(']') => !unclosed('[', ']'),
        Some(c) if closer(c) => true,
        Some(c) if ".,;:!?'".contains(c) => {
            // A run of trailing soft punctuation, then a hard character.
            let mut i = end;
            while let Some(n) = char_at(text, i).filter(|n| ".,;:!?'".contains(*n)) {
                i += n.len_utf8();
            }
            char_at(text, i).is_none_or(|n| hard(n) || closer(n))
        }
        Some(c) if "。、，！？：；".contains(c) => next2(c).is_none_or(|n| hard(n) || !n.is_ascii()),
        Some(c) if "،؛؟।".contains(c) => next2(c).is_none_or(hard),
        Some(_) => false,
    };
    ok_before && ok_after
}

/// Parses a truth file and checks every record against the text.
fn check_truth(name: &str, text: &[u8], truth: &[u8]) -> Vec<Record> {
    let truth = std::str::from_utf8(truth).expect("truth is UTF-8");
    let mut records: Vec<Record> = Vec::new();
    for (i, line) in truth.lines().enumerate() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{name}:{}: {e}", i + 1));
        let start = v["start"].as_u64().expect("start") as usize;
        let end = v["end"].as_u64().expect("end") as usize;
        let link = v["text"].as_str().expect("text").to_string();
        assert!(
            start < end && end <= text.len(),
            "{name}:{}: bad span {start}..{end}",
            i + 1
        );
        assert_eq!(
            &text[start..end],
            link.as_bytes(),
            "{name}:{}: text differs from bytes",
            i + 1
        );
        if let Some(prev) = records.last() {
            assert!(
                prev.end <= start,
                "{name}:{}: records overlap or are out of order",
                i + 1
            );
        }
        let kind = v["kind"].as_str().expect("kind");
        let iri = v["iri"].as_str().expect("iri");
        let expected_iri = match kind {
            "iri" => link.clone(),
            "email" => format!("mailto:{link}"),
            "domain" => format!("https://{link}"),
            other => panic!("{name}:{}: unknown kind {other}", i + 1),
        };
        assert_eq!(iri, expected_iri, "{name}:{}", i + 1);
        let info = truth::classify(&link);
        assert_eq!(v["category"].as_str(), Some(info.category), "{name}:{}", i + 1);
        assert_eq!(v["uri"].as_str(), info.uri.as_deref(), "{name}:{}", i + 1);
        assert!(
            delimited(text, start, end, &link, kind),
            "{name}:{}: {link:?} not delimited: {:?}",
            i + 1,
            String::from_utf8_lossy(&text[start.saturating_sub(12)..(end + 12).min(text.len())])
        );
        records.push(Record { start, end });
    }
    records
}

/// Recorded for `--profile mixed --size 1MB --seed 42` (density 0.05).
/// Changes whenever the ingredients or the generator change: update both
/// values deliberately, together with the ingredient change.
const MIXED_1MB_SEED42_TEXT_FNV: u64 = 0x0a20_0f5a_b253_647d;
/// FNV-1a over "start,end\n" of every truth record (independent of how
/// `iriscan::to_uri` maps the links).
const MIXED_1MB_SEED42_SPANS_FNV: u64 = 0xfdcc_61e0_2a14_2acd;

#[test]
fn mixed_1mb_seed42_is_deterministic_and_pinned() {
    let (text1, truth1, stats1) = run(Profile::Mixed, 1 << 20, 42);
    let (text2, truth2, stats2) = run(Profile::Mixed, 1 << 20, 42);
    assert_eq!(text1.len(), 1 << 20);
    assert!(text1 == text2, "same seed, different text");
    assert!(truth1 == truth2, "same seed, different truth");
    assert_eq!(stats1, stats2);
    let records = check_truth("mixed", &text1, &truth1);
    assert_eq!(records.len() as u64, stats1.links);
    let spans: String = records.iter().map(|r| format!("{},{}\n", r.start, r.end)).collect();
    let (th, sh) = (fnv1a64(&text1), fnv1a64(spans.as_bytes()));
    eprintln!(
        "mixed 1MB seed 42: text FNV-1a {th:#018x}, spans FNV-1a {sh:#018x}, {} links",
        records.len()
    );
    assert_eq!(th, MIXED_1MB_SEED42_TEXT_FNV, "text hash changed");
    assert_eq!(sh, MIXED_1MB_SEED42_SPANS_FNV, "span hash changed");
}

#[test]
fn other_seeds_give_other_text() {
    let (a, _, _) = run(Profile::Mixed, 64 << 10, 1);
    let (b, _, _) = run(Profile::Mixed, 64 << 10, 2);
    assert_ne!(a, b);
}

#[test]
fn every_profile_has_exact_size_and_true_truth() {
    let tlds = truth::tld_set();
    for &(name, profile) in Profile::ALL {
        for size in [0u64, 1, 100, 256 << 10] {
            let (text, truth, stats) = run(profile, size, 7);
            assert_eq!(text.len() as u64, size, "{name}: size");
            assert_eq!(stats.bytes, size, "{name}: stats");
            let records = check_truth(name, &text, &truth);
            if size < 256 << 10 {
                continue;
            }
            assert!(!records.is_empty(), "{name}: no links in 256 KiB");
            match profile {
                Profile::AdvNoline => {
                    assert!(!text.iter().any(|b| b.is_ascii_whitespace()), "{name}: whitespace");
                }
                Profile::AdvInvalidUtf8 => {
                    assert!(std::str::from_utf8(&text).is_err(), "{name}: valid UTF-8");
                }
                Profile::AdvNul => assert!(text.contains(&0), "{name}: no NUL"),
                _ => {}
            }
            // Outside the recorded links, nothing may look like a link.
            if !profile.is_adversarial() || profile == Profile::AdvNoline {
                let s = std::str::from_utf8(&text).expect("UTF-8");
                let spans: Vec<(usize, usize)> = records.iter().map(|r| (r.start, r.end)).collect();
                let found = truth::lint_unmarked(s, &spans, &tlds);
                assert!(
                    found.is_empty(),
                    "{name}: unrecorded link-like text: {:?}",
                    &found[..found.len().min(5)]
                );
            }
        }
    }
}

#[test]
fn sizes_parse() {
    assert_eq!(parse_size("12345"), Some(12345));
    assert_eq!(parse_size("64KB"), Some(64 << 10));
    assert_eq!(parse_size("100MB"), Some(100 << 20));
    assert_eq!(parse_size("1GB"), Some(1 << 30));
    assert_eq!(parse_size("1.5GiB"), Some(3 << 29));
    assert_eq!(parse_size("1XB"), None);
    assert_eq!(parse_size(""), None);
}

/// The lint over larger outputs and several seeds. The size in MiB comes
/// from `GEN_CORPUS_LINT_MB` (default 1, so the suite stays fast; run e.g.
/// `GEN_CORPUS_LINT_MB=16 cargo test --release --test gen_corpus` for more).
#[test]
fn large_outputs_have_no_unrecorded_links() {
    let mb: u64 = std::env::var("GEN_CORPUS_LINT_MB")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    let tlds = truth::tld_set();
    for &(name, profile) in Profile::ALL {
        if profile.is_adversarial() && profile != Profile::AdvNoline {
            continue;
        }
        for seed in 1..=3 {
            let (text, truth, _) = run(profile, mb << 20, seed);
            let records = check_truth(name, &text, &truth);
            let s = std::str::from_utf8(&text).expect("UTF-8");
            let spans: Vec<(usize, usize)> = records.iter().map(|r| (r.start, r.end)).collect();
            let found = truth::lint_unmarked(s, &spans, &tlds);
            assert!(
                found.is_empty(),
                "{name} seed {seed}: {} hits, first {:?}",
                found.len(),
                &found[..found.len().min(5)]
            );
        }
    }
}

/// `corpora/<name>.txt` and `.truth.jsonl` are what `corpus_truth` makes of
/// `corpora/marked/<name>.txt` today, and every marked link is delimited.
#[test]
fn checked_in_corpora_are_current_and_delimited() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpora");
    let mut names: Vec<_> = std::fs::read_dir(root.join("marked"))
        .expect("corpora/marked exists")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    names.sort();
    assert!(names.len() >= 17, "expected the 17 samples");
    for path in names {
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .expect("UTF-8 name")
            .to_string();
        let marked = std::fs::read_to_string(&path).expect("readable");
        let (text, spans) = truth::unmark(&marked).unwrap_or_else(|e| panic!("{name}: {e}"));
        let expected: String = spans
            .iter()
            .map(|&(s, e)| truth::json_record(s, e, &text[s..e], &truth::classify(&text[s..e])))
            .collect();
        let plain = std::fs::read_to_string(root.join(format!("{name}.txt"))).expect("plain sample");
        let truth_file = std::fs::read_to_string(root.join(format!("{name}.truth.jsonl"))).expect("truth");
        assert!(plain == text, "{name}: corpora/{name}.txt is stale, rerun corpus_truth");
        assert!(
            truth_file == expected,
            "{name}: corpora/{name}.truth.jsonl is stale, rerun corpus_truth"
        );
        check_truth(&name, text.as_bytes(), truth_file.as_bytes());
    }
}
