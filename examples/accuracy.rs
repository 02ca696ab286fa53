//! Accuracy report: precision, recall and F1 of exact link spans, per link
//! category, for iriscan and for the `linkify` crate side by side, plus the
//! URI agreement where the truth gives a URI.
//!
//! ```text
//! cargo run --release --example accuracy -- corpora/mail-ja.txt corpora/mail-ja.truth.jsonl
//! cargo run --release --example accuracy -- corpora/*.txt          # every sample with its truth file
//! ```
//!
//! A found link counts as correct only if its start and end are exactly
//! those of a truth record. Categories (first that applies): email,
//! scheme-less, other-scheme, brackets, idn-host, non-ascii-path, ascii;
//! found links that match no record are put in a category by the same
//! classifier as the truth.

#[path = "common/truth.rs"]
mod truth;

use std::collections::{BTreeMap, HashMap, HashSet};

const CATEGORIES: &[&str] = &[
    "ascii",
    "idn-host",
    "non-ascii-path",
    "brackets",
    "email",
    "scheme-less",
    "other-scheme",
];

#[derive(Default, Clone, Copy)]
struct Score {
    tp: u64,
    fp: u64,
    fn_: u64,
}

impl Score {
    fn p(&self) -> f64 {
        ratio(self.tp, self.tp + self.fp)
    }
    fn r(&self) -> f64 {
        ratio(self.tp, self.tp + self.fn_)
    }
    fn f1(&self) -> f64 {
        let (p, r) = (self.p(), self.r());
        if p + r == 0.0 {
            0.0
        } else {
            2.0 * p * r / (p + r)
        }
    }
}

fn ratio(a: u64, b: u64) -> f64 {
    if b == 0 {
        1.0
    } else {
        a as f64 / b as f64
    }
}

struct Truth {
    category: String,
    uri: Option<String>,
}

fn load_truth(path: &str) -> HashMap<(usize, usize), Truth> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("truth line is JSON");
            let start = v["start"].as_u64().expect("start") as usize;
            let end = v["end"].as_u64().expect("end") as usize;
            let category = v["category"].as_str().unwrap_or("ascii").to_owned();
            let uri = v["uri"].as_str().map(str::to_owned);
            ((start, end), Truth { category, uri })
        })
        .collect()
}

#[derive(Default)]
struct Report {
    scores: BTreeMap<&'static str, Score>,
    uri_checked: u64,
    uri_agree: u64,
    misses: Vec<String>,
}

fn category_index(c: &str) -> &'static str {
    CATEGORIES.iter().find(|k| **k == c).copied().unwrap_or("ascii")
}

fn score(
    report: &mut Report,
    text: &str,
    truth: &HashMap<(usize, usize), Truth>,
    found: &[(usize, usize, Option<String>)],
    keep_misses: bool,
) {
    let found_set: HashSet<(usize, usize)> = found.iter().map(|&(s, e, _)| (s, e)).collect();
    for &(s, e, ref uri) in found {
        match truth.get(&(s, e)) {
            Some(t) => {
                report.scores.entry(category_index(&t.category)).or_default().tp += 1;
                if let (Some(want), Some(got)) = (&t.uri, uri) {
                    report.uri_checked += 1;
                    if want == got {
                        report.uri_agree += 1;
                    } else if keep_misses {
                        report
                            .misses
                            .push(format!("uri  {:?}: want {want} got {got}", &text[s..e]));
                    }
                }
            }
            None => {
                let c = truth::classify(&text[s..e]).category;
                report.scores.entry(category_index(c)).or_default().fp += 1;
                if keep_misses {
                    report.misses.push(format!("fp   {:?} at {s}..{e}", &text[s..e]));
                }
            }
        }
    }
    for (&(s, e), t) in truth {
        if !found_set.contains(&(s, e)) {
            report.scores.entry(category_index(&t.category)).or_default().fn_ += 1;
            if keep_misses {
                report.misses.push(format!("fn   {:?} at {s}..{e}", &text[s..e]));
            }
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let verbose = args.iter().any(|a| a == "-v");
    let args: Vec<&String> = args.iter().filter(|a| *a != "-v").collect();
    // Pairs TEXT TRUTH, or a list of texts whose truth is TEXT minus .txt plus .truth.jsonl.
    let pairs: Vec<(String, String)> = if args.len() == 2 && args[1].ends_with(".jsonl") {
        vec![(args[0].clone(), args[1].clone())]
    } else {
        args.iter()
            .filter(|a| a.ends_with(".txt"))
            .map(|a| (a.to_string(), a.trim_end_matches(".txt").to_owned() + ".truth.jsonl"))
            .filter(|(_, t)| std::path::Path::new(t).exists())
            .collect()
    };
    if pairs.is_empty() {
        eprintln!("usage: accuracy TEXT TRUTH.jsonl | accuracy [-v] FILE.txt...");
        std::process::exit(2);
    }
    let finder = iriscan::Finder::new();
    let mut linkify = linkify::LinkFinder::new();
    linkify.url_must_have_scheme(false);
    let (mut ours, mut theirs) = (Report::default(), Report::default());
    let mut bytes = 0usize;
    for (text_path, truth_path) in &pairs {
        let raw = std::fs::read(text_path).unwrap_or_else(|e| panic!("{text_path}: {e}"));
        bytes += raw.len();
        let text = String::from_utf8_lossy(&raw);
        // Offsets must stay byte-exact: only score valid UTF-8 texts as str.
        let text: &str = &text;
        let truth = load_truth(truth_path);
        let found: Vec<_> = finder
            .links_bytes(&raw)
            .map(|l| (l.start(), l.end(), l.to_uri().ok().map(|u| u.into_owned())))
            .collect();
        score(&mut ours, text, &truth, &found, verbose);
        let found: Vec<_> = linkify
            .links(text)
            .map(|l| {
                let t = l.as_str();
                let iri = match l.kind() {
                    linkify::LinkKind::Email => format!("mailto:{t}"),
                    _ if !t.contains("://") && !t.contains(':') => format!("https://{t}"),
                    _ => t.to_owned(),
                };
                (l.start(), l.end(), iriscan::to_uri(&iri).ok().map(|u| u.into_owned()))
            })
            .collect();
        score(&mut theirs, text, &truth, &found, false);
    }
    println!("{} file(s), {} bytes, {} truth links", pairs.len(), bytes, {
        ours.scores.values().map(|s| s.tp + s.fn_).sum::<u64>()
    });
    println!();
    println!("| category | n | iriscan P | iriscan R | iriscan F1 | linkify P | linkify R | linkify F1 |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    let mut tot_o = Score::default();
    let mut tot_t = Score::default();
    for c in CATEGORIES {
        let o = ours.scores.get(c).copied().unwrap_or_default();
        let t = theirs.scores.get(c).copied().unwrap_or_default();
        tot_o.tp += o.tp;
        tot_o.fp += o.fp;
        tot_o.fn_ += o.fn_;
        tot_t.tp += t.tp;
        tot_t.fp += t.fp;
        tot_t.fn_ += t.fn_;
        println!(
            "| {c} | {} | {:.4} | {:.4} | {:.4} | {:.4} | {:.4} | {:.4} |",
            o.tp + o.fn_,
            o.p(),
            o.r(),
            o.f1(),
            t.p(),
            t.r(),
            t.f1()
        );
    }
    println!(
        "| **all** | {} | {:.4} | {:.4} | {:.4} | {:.4} | {:.4} | {:.4} |",
        tot_o.tp + tot_o.fn_,
        tot_o.p(),
        tot_o.r(),
        tot_o.f1(),
        tot_t.p(),
        tot_t.r(),
        tot_t.f1()
    );
    println!();
    println!(
        "URI agreement (exact spans with an expected URI): iriscan {}/{} ({:.2}%), linkify+iriscan::to_uri {}/{} ({:.2}%)",
        ours.uri_agree,
        ours.uri_checked,
        100.0 * ratio(ours.uri_agree, ours.uri_checked),
        theirs.uri_agree,
        theirs.uri_checked,
        100.0 * ratio(theirs.uri_agree, theirs.uri_checked)
    );
    if verbose {
        for m in ours.misses.iter().take(200) {
            println!("{m}");
        }
    }
}
