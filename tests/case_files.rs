//! The project's own case files (`tests/data/cases/*.txt`, UTS #58 ⸠…⸡
//! format): running text in twelve languages, logs, JSON, Markdown, HTML,
//! mail, schemes and negatives. Every line must pass in the default mode;
//! a failing line prints its file, number, expected and actual marking.

mod casefile;

use casefile::{case_lines, run_cases};
use iriscan::Finder;
use std::path::Path;

#[test]
fn every_case_file_line_passes_in_default_mode() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/cases");
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    let finder = Finder::new();
    let (mut total, mut failed) = (0, 0);
    for path in &files {
        let content = std::fs::read_to_string(path).unwrap();
        total += case_lines(&content).len();
        for (n, want, got) in run_cases(&finder, &content) {
            failed += 1;
            eprintln!(
                "{}:{n}\n  want: {want}\n  got:  {got}",
                path.file_name().unwrap().to_string_lossy()
            );
        }
    }
    eprintln!("{} of {total} case lines pass in {} files", total - failed, files.len());
    assert!(total >= 400, "expected at least 400 case lines, found {total}");
    assert_eq!(failed, 0, "{failed} of {total} case lines failed");
}
