//! The test oracle: the RFC 3987 / 3987bis §2.2 grammar as one regular
//! expression per start symbol, compiled by regex-automata (a lazy DFA).
//! It lives with the tests, so the library does not depend on
//! regex-automata.
//!
//! This is the project's second, independent implementation of the grammar:
//! it is a transcription of the ABNF, rule by rule, where the parser in
//! `src/iri/parse.rs` is a hand-written component splitter. Tests and the fuzzer
//! check that the two accept exactly the same strings. Like the parser, it
//! also excludes the bidi formatting characters that RFC 3987 §4.1 forbids.

// Not every test binary that includes the oracle uses both start symbols.
#![allow(dead_code)]

use regex_automata::meta::Regex;
use std::sync::OnceLock;

const UCSCHAR: &str = r"\x{A0}-\x{D7FF}\x{F900}-\x{FDCF}\x{FDF0}-\x{FFEF}\x{10000}-\x{1FFFD}\x{20000}-\x{2FFFD}\x{30000}-\x{3FFFD}\x{40000}-\x{4FFFD}\x{50000}-\x{5FFFD}\x{60000}-\x{6FFFD}\x{70000}-\x{7FFFD}\x{80000}-\x{8FFFD}\x{90000}-\x{9FFFD}\x{A0000}-\x{AFFFD}\x{B0000}-\x{BFFFD}\x{C0000}-\x{CFFFD}\x{D0000}-\x{DFFFD}\x{E1000}-\x{EFFFD}";
const IPRIVATE: &str = r"\x{E000}-\x{F8FF}\x{E0000}-\x{E0FFF}\x{F0000}-\x{FFFFD}\x{100000}-\x{10FFFD}";
const BIDI: &str = r"\x{200E}\x{200F}\x{202A}-\x{202E}\x{2066}-\x{2069}";

/// Builds the pattern for `IRI-reference` (`absolute == false`) or `IRI`.
pub fn pattern(absolute: bool) -> String {
    let ucs = format!("[[{UCSCHAR}]&&[^{BIDI}]]");
    let private = format!("[{IPRIVATE}]");
    let pct = "%[0-9A-Fa-f]{2}";
    let sub = "[!$&'()*+,;=]";
    let iunreserved = format!("(?:[A-Za-z0-9._~-]|{ucs})");
    let ipchar = format!("(?:{iunreserved}|{pct}|{sub}|[:@])");
    let scheme = "[A-Za-z][A-Za-z0-9+.-]*";
    let iuserinfo = format!("(?:{iunreserved}|{pct}|{sub}|:)*");
    let h16 = "[0-9A-Fa-f]{1,4}";
    let dec = "(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]|[0-9])";
    let ipv4 = format!(r"{dec}\.{dec}\.{dec}\.{dec}");
    let ls32 = format!("(?:{h16}:{h16}|{ipv4})");
    let h = format!("{h16}:");
    let ipv6 = [
        format!("(?:{h}){{6}}{ls32}"),
        format!("::(?:{h}){{5}}{ls32}"),
        format!("(?:{h16})?::(?:{h}){{4}}{ls32}"),
        format!("(?:(?:{h}){{0,1}}{h16})?::(?:{h}){{3}}{ls32}"),
        format!("(?:(?:{h}){{0,2}}{h16})?::(?:{h}){{2}}{ls32}"),
        format!("(?:(?:{h}){{0,3}}{h16})?::{h}{ls32}"),
        format!("(?:(?:{h}){{0,4}}{h16})?::{ls32}"),
        format!("(?:(?:{h}){{0,5}}{h16})?::{h16}"),
        format!("(?:(?:{h}){{0,6}}{h16})?::"),
    ]
    .join("|");
    let ipvfuture = r"[vV][0-9A-Fa-f]+\.[A-Za-z0-9._~!$&'()*+,;=:-]+";
    let ihost = format!(r"(?:\[(?:{ipv6}|{ipvfuture})\]|{ipv4}|(?:{iunreserved}|{pct}|{sub})*)");
    let iauthority = format!("(?:{iuserinfo}@)?{ihost}(?::[0-9]*)?");
    let isegment = format!("{ipchar}*");
    let abempty = format!("(?:/{isegment})*");
    let absolute_path = format!("/(?:{ipchar}+(?:/{isegment})*)?");
    let rootless = format!("{ipchar}+(?:/{isegment})*");
    let noscheme = format!("(?:{iunreserved}|{pct}|{sub}|@)+(?:/{isegment})*");
    let iquery = format!("(?:{ipchar}|{private}|[/?])*");
    let ifragment = format!("(?:{ipchar}|[/?])*");
    let tail = format!(r"(?:\?{iquery})?(?:#{ifragment})?");
    let iri = format!("{scheme}:(?://{iauthority}{abempty}|{absolute_path}|{rootless}|){tail}");
    if absolute {
        format!("^(?:{iri})$")
    } else {
        let relative = format!("(?://{iauthority}{abempty}|{absolute_path}|{noscheme}|){tail}");
        format!("^(?:{iri}|{relative})$")
    }
}

fn compiled(absolute: bool) -> &'static Regex {
    static IRI: OnceLock<Regex> = OnceLock::new();
    static IRI_REF: OnceLock<Regex> = OnceLock::new();
    let cell = if absolute { &IRI } else { &IRI_REF };
    cell.get_or_init(|| Regex::new(&pattern(absolute)).expect("the IRI grammar compiles"))
}

/// Whether `s` matches `IRI` (absolute) by the regular-expression grammar.
///
/// ```
/// assert!(iriscan::grammar::is_iri("http://例え.jp/"));
/// assert!(!iriscan::grammar::is_iri("//例え.jp/"));
/// ```
pub fn is_iri(s: &str) -> bool {
    compiled(true).is_match(s)
}

/// Whether `s` matches `IRI-reference` by the regular-expression grammar.
///
/// ```
/// assert!(iriscan::grammar::is_iri_reference("//例え.jp/"));
/// assert!(!iriscan::grammar::is_iri_reference("a:b c"));
/// ```
pub fn is_iri_reference(s: &str) -> bool {
    compiled(false).is_match(s)
}

/// RFC 3987 §2.2 `ucschar`, written from the ABNF's ranges (independent of
/// the library's table).
pub fn is_ucschar(c: char) -> bool {
    let c = c as u32;
    matches!(c, 0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF)
        || (0x10000..=0xEFFFD).contains(&c) && (c & 0xFFFF) <= 0xFFFD && !(0xE0000..=0xE0FFF).contains(&c)
}

/// The bidirectional formatting characters RFC 3987 §4.1 forbids in IRIs.
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}
