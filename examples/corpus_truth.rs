//! Turns marked samples (`corpora/marked/<name>.txt`, each expected link
//! wrapped in `⸠…⸡`) into the plain sample `corpora/<name>.txt` and its
//! truth file `corpora/<name>.truth.jsonl`.
//!
//! ```text
//! cargo run --release --example corpus_truth -- corpora/marked/*.txt
//! ```
//!
//! It also lints: marked links that end in soft punctuation, contain
//! characters invalid in IRIs, have a TLD outside the IANA list or do not
//! map to a URI, and unmarked text that looks like a link (`x.<tld>`,
//! `a@b`, `://`). Warnings go to stderr; the exit status is 1 if any.

#[path = "common/truth.rs"]
mod truth;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() {
        eprintln!("usage: corpus_truth corpora/marked/<name>.txt…");
        return ExitCode::from(2);
    }
    let tlds = truth::tld_set();
    let mut warnings = 0usize;
    for arg in &args {
        let path = Path::new(arg);
        let marked = match std::fs::read_to_string(path) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("{arg}: {e}");
                return ExitCode::from(2);
            }
        };
        let (text, spans) = match truth::unmark(&marked) {
            Ok(x) => x,
            Err(e) => {
                eprintln!("{arg}: {e}");
                return ExitCode::from(2);
            }
        };
        let mut jsonl = String::new();
        let mut categories = std::collections::BTreeMap::<&str, usize>::new();
        for &(s, e) in &spans {
            let link = &text[s..e];
            let info = truth::classify(link);
            for problem in truth::check_link(link, &info, &tlds) {
                eprintln!("{arg}: link {link:?} at {s}: {problem}");
                warnings += 1;
            }
            *categories.entry(info.category).or_default() += 1;
            jsonl.push_str(&truth::json_record(s, e, link, &info));
        }
        for (at, excerpt) in truth::lint_unmarked(&text, &spans, &tlds) {
            eprintln!("{arg}: unmarked link-like text at byte {at}: {excerpt}");
            warnings += 1;
        }
        let dir = path.parent().and_then(Path::parent).unwrap_or(Path::new("."));
        let name = path.file_stem().and_then(|s| s.to_str()).unwrap_or("sample");
        let out_txt: PathBuf = dir.join(format!("{name}.txt"));
        let out_truth: PathBuf = dir.join(format!("{name}.truth.jsonl"));
        if let Err(e) = std::fs::write(&out_txt, &text).and_then(|()| std::fs::write(&out_truth, &jsonl)) {
            eprintln!("{}: {e}", out_txt.display());
            return ExitCode::from(2);
        }
        let cats: Vec<String> = categories.iter().map(|(k, v)| format!("{k}={v}")).collect();
        println!(
            "{name}: {} bytes, {} links ({})",
            text.len(),
            spans.len(),
            cats.join(" ")
        );
    }
    if warnings > 0 {
        eprintln!("{warnings} warning(s)");
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
