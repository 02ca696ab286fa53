//! UTS #58 LinkDetectionTest.txt, run whole: every line in strict mode, and
//! in the default mode every line passes or is listed, with its reason, in
//! `tests/data/uts58_default_mode_deviations.txt`.

mod casefile;

use casefile::{case_lines, run_cases};
use iriscan::Finder;

const TEST_FILE: &str = include_str!("data/LinkDetectionTest.txt");
const DEVIATIONS: &str = include_str!("data/uts58_default_mode_deviations.txt");

#[test]
fn strict_mode_passes_every_line_of_link_detection_test() {
    let mut finder = Finder::new();
    finder.strict_uts58(true);
    let failures = run_cases(&finder, TEST_FILE);
    for (n, want, got) in &failures {
        eprintln!("LinkDetectionTest.txt:{n}\n  want: {want}\n  got:  {got}");
    }
    let total = case_lines(TEST_FILE).len();
    assert!(
        failures.is_empty(),
        "{} of {total} lines failed in strict mode",
        failures.len()
    );
}

/// The deviations file lists, per line: the test line exactly, a tab, and the reason.
fn deviations() -> Vec<(&'static str, &'static str)> {
    DEVIATIONS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_once('\t').expect("line<TAB>reason"))
        .collect()
}

#[test]
fn default_mode_passes_every_line_or_lists_why_not() {
    let finder = Finder::new();
    let listed = deviations();
    let failures = run_cases(&finder, TEST_FILE);
    let mut unexplained = 0;
    for (n, want, got) in &failures {
        if !listed.iter().any(|(line, _)| line == want) {
            unexplained += 1;
            eprintln!("LinkDetectionTest.txt:{n}\n  want: {want}\n  got:  {got}");
        }
    }
    // A listed deviation that now passes must be removed from the list.
    let mut stale = 0;
    for (line, reason) in &listed {
        if !failures.iter().any(|(_, want, _)| want == line) {
            stale += 1;
            eprintln!("listed as a deviation but passes: {line} ({reason})");
        }
    }
    let total = case_lines(TEST_FILE).len();
    eprintln!(
        "default mode: {} of {total} lines pass, {} listed deviations",
        total - failures.len(),
        listed.len()
    );
    assert_eq!(unexplained, 0, "{unexplained} unexplained failures in default mode");
    assert_eq!(stale, 0, "{stale} stale deviations");
}
