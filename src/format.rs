//! Writing links into text (UTS #58 link formatting): the minimal escaping
//! that makes detection find exactly the given URL, and nothing more, while
//! keeping it readable.
//!
//! The scheme and host stay as they are. In the path, query and fragment,
//! percent-encoded UTF-8 is decoded unless the character would change what
//! a reader or a detector sees: Hard characters (spaces, controls, bidi
//! controls…), part terminators (`?` and `#` in the path, `#` in the query),
//! the separators of the part (`/`, `&`, `=`), a `%` that would read as a
//! percent-encoding, a closing bracket that closes nothing, and a Soft
//! character at the very end stay (or become) percent-encoded.
//!
//! ```
//! use iriscan::format::minimal_escape;
//! // Readable again, and still one whole link in running text.
//! assert_eq!(minimal_escape("https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC"), "https://ja.wikipedia.org/wiki/東京");
//! assert_eq!(minimal_escape("https://example.com/a%20b"), "https://example.com/a%20b");
//! ```
//!
//! Conformance: `tests/data/LinkFormattingTest.txt` (UTS #58).

use crate::chars::{link_term, opening_bracket, LinkTerm};
use crate::pct::push_pct_byte;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    Path,
    Query,
    Fragment,
}

use crate::pct::hex_digit as hex;

/// One character of the path, query or fragment, and whether it was
/// percent-encoded in the input (then it is data, never syntax).
struct Unit<'a> {
    c: char,
    decoded: bool,
    /// The input's bytes for an undecodable `%XX` run, kept as written.
    raw: Option<&'a str>,
}

fn units(s: &str) -> Vec<Unit<'_>> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && i + 2 < b.len() {
            if let (Some(h), Some(l)) = (hex(b[i + 1]), hex(b[i + 2])) {
                // Collect the UTF-8 sequence this octet starts.
                let lead = h << 4 | l;
                let len = match lead {
                    0x00..=0x7F => 1,
                    0xC2..=0xDF => 2,
                    0xE0..=0xEF => 3,
                    0xF0..=0xF4 => 4,
                    _ => 0,
                };
                let mut bytes = [0u8; 4];
                let mut ok = len > 0;
                for (k, byte) in bytes.iter_mut().enumerate().take(len) {
                    let j = i + 3 * k;
                    match (
                        b.get(j),
                        b.get(j + 1).and_then(|&x| hex(x)),
                        b.get(j + 2).and_then(|&x| hex(x)),
                    ) {
                        (Some(b'%'), Some(h), Some(l)) => *byte = h << 4 | l,
                        _ => ok = false,
                    }
                }
                let decoded = ok.then(|| core::str::from_utf8(&bytes[..len]).ok()).flatten();
                match decoded.and_then(|d| d.chars().next()) {
                    Some(c) => {
                        out.push(Unit {
                            c,
                            decoded: true,
                            raw: None,
                        });
                        i += 3 * len;
                    }
                    None => {
                        out.push(Unit {
                            c: '%',
                            decoded: false,
                            raw: Some(&s[i..i + 3]),
                        });
                        i += 3;
                    }
                }
                continue;
            }
        }
        let c = s[i..].chars().next().unwrap_or('\0');
        out.push(Unit {
            c,
            decoded: false,
            raw: None,
        });
        i += c.len_utf8();
    }
    out
}

/// UTS 58 formatting: whether `c` must be percent-encoded for its
/// Link_Term value (Hard always; Soft only as the very last character; a
/// Close that closes nothing), keeping the bracket stack.
fn link_term_escapes(c: char, is_last: bool, stack: &mut Vec<char>) -> bool {
    match link_term(c) {
        LinkTerm::Hard => true,
        LinkTerm::Soft => is_last,
        LinkTerm::Open => {
            stack.push(c);
            false
        }
        LinkTerm::Close => {
            if !stack.is_empty() && stack.last().copied() == opening_bracket(c) {
                stack.pop();
                false
            } else {
                true
            }
        }
        LinkTerm::Include => false,
    }
}

fn push_escaped(out: &mut String, c: char) {
    let mut buf = [0u8; 4];
    for &b in c.encode_utf8(&mut buf).as_bytes() {
        push_pct_byte(out, b);
    }
}

/// Escapes `url` minimally for running text (UTS #58 §Link Formatting):
/// the result reads naturally and a UTS #58 detector finds exactly it.
///
/// ```
/// use iriscan::format::minimal_escape;
/// assert_eq!(minimal_escape("https://example.com/%CE%B1%CE%B2%CE%B3?%CE%B8=%CE%B9"), "https://example.com/αβγ?θ=ι");
/// assert_eq!(minimal_escape("https://example.com/a%20b."), "https://example.com/a%20b%2E");
/// assert_eq!(minimal_escape("https://example.com/a%29"), "https://example.com/a%29");
/// ```
pub fn minimal_escape(url: &str) -> String {
    let b = url.as_bytes();
    // Scheme and host stay as they are.
    let after_scheme = url.find("://").map_or(0, |i| i + 3);
    let host_end = b[after_scheme..]
        .iter()
        .position(|&c| matches!(c, b'/' | b'?' | b'#'))
        .map_or(b.len(), |p| after_scheme + p);
    let mut out = String::with_capacity(url.len());
    out.push_str(&url[..host_end]);
    let units = units(&url[host_end..]);
    let mut part = Part::Path;
    let mut stack: Vec<char> = Vec::new();
    let last = units.len().saturating_sub(1);
    for (n, u) in units.iter().enumerate() {
        if let Some(raw) = u.raw {
            out.push_str(raw);
            continue;
        }
        let c = u.c;
        if !u.decoded {
            // Literal syntax of the input: keep it, and follow the parts.
            match (c, part) {
                ('?', Part::Path) => {
                    part = Part::Query;
                    stack.clear();
                }
                ('#', Part::Path | Part::Query) => {
                    part = Part::Fragment;
                    stack.clear();
                }
                ('/', Part::Path) | ('&' | '=', Part::Query) => stack.clear(),
                _ => {}
            }
        }
        let syntax = match part {
            Part::Path => matches!(c, '/' | '?' | '#'),
            Part::Query => matches!(c, '&' | '=' | '#'),
            Part::Fragment => false,
        };
        // A '%' stays encoded only if what follows would read as %XX.
        let percent_ambiguous = c == '%'
            && u.decoded
            && units
                .get(n + 1)
                .is_some_and(|x| x.c.is_ascii_hexdigit() && x.raw.is_none())
            && units
                .get(n + 2)
                .is_some_and(|x| x.c.is_ascii_hexdigit() && x.raw.is_none());
        let escape = link_term_escapes(c, n == last, &mut stack) || percent_ambiguous || (u.decoded && syntax);
        if escape {
            push_escaped(&mut out, c);
        } else {
            out.push(c);
        }
    }
    out
}

/// The parts of a link to write, as data: each path segment, query key and
/// value, and the fragment hold the characters they mean, so a `/` inside a
/// segment or a `&` inside a value is data and will be escaped.
///
/// ```
/// use iriscan::format::{format_link, LinkParts};
/// let parts = LinkParts {
///     scheme: "https://",
///     host: "example.com",
///     path: vec!["α", "β/γ"],
///     query: vec![("k", Some("a&b"))],
///     fragment: Some("frag."),
/// };
/// assert_eq!(format_link(&parts), "https://example.com/α/β%2Fγ?k=a%26b#frag%2E");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LinkParts<'a> {
    /// The scheme with its separator, e.g. `https://`.
    pub scheme: &'a str,
    /// The host (and port), written as is.
    pub host: &'a str,
    /// Path segments, without their `/`.
    pub path: Vec<&'a str>,
    /// Query keys, each with an optional value.
    pub query: Vec<(&'a str, Option<&'a str>)>,
    /// The fragment, without its `#`.
    pub fragment: Option<&'a str>,
}

#[derive(Clone, Copy)]
enum Piece {
    /// Syntax written by the formatter: kept, clears the bracket stack.
    Separator(char),
    /// A character of a part's data.
    Data(char, Part),
}

/// Writes a link from its parts with UTS #58 minimal escaping: the result
/// is readable, and UTS #58 detection finds exactly it.
///
/// ```
/// use iriscan::format::{format_link, LinkParts};
/// let parts = LinkParts { scheme: "https://", host: "例え.jp", path: vec!["a b", "(c)"], ..LinkParts::default() };
/// let link = format_link(&parts);
/// assert_eq!(link, "https://例え.jp/a%20b/(c)");
/// // Detection in running text finds exactly the formatted link.
/// let text = format!("see {link}.");
/// assert_eq!(iriscan::Finder::new().links(&text).next().unwrap().as_str(), link);
/// ```
pub fn format_link(parts: &LinkParts<'_>) -> String {
    let mut pieces = Vec::new();
    for seg in &parts.path {
        pieces.push(Piece::Separator('/'));
        pieces.extend(seg.chars().map(|c| Piece::Data(c, Part::Path)));
    }
    for (i, (key, value)) in parts.query.iter().enumerate() {
        pieces.push(Piece::Separator(if i == 0 { '?' } else { '&' }));
        pieces.extend(key.chars().map(|c| Piece::Data(c, Part::Query)));
        if let Some(v) = value {
            pieces.push(Piece::Separator('='));
            pieces.extend(v.chars().map(|c| Piece::Data(c, Part::Query)));
        }
    }
    if let Some(f) = parts.fragment {
        pieces.push(Piece::Separator('#'));
        pieces.extend(f.chars().map(|c| Piece::Data(c, Part::Fragment)));
    }
    let mut out = String::with_capacity(parts.scheme.len() + parts.host.len() + pieces.len() * 2);
    out.push_str(parts.scheme);
    out.push_str(parts.host);
    let mut stack: Vec<char> = Vec::new();
    let last = pieces.len().saturating_sub(1);
    for (n, piece) in pieces.iter().enumerate() {
        let (c, part) = match *piece {
            Piece::Separator(c) => {
                stack.clear();
                out.push(c);
                continue;
            }
            Piece::Data(c, part) => (c, part),
        };
        let syntax = match part {
            Part::Path => matches!(c, '/' | '?' | '#'),
            Part::Query => matches!(c, '&' | '=' | '#'),
            Part::Fragment => false,
        };
        let data_at = |k: usize| match pieces.get(k) {
            Some(Piece::Data(x, _)) => Some(*x),
            _ => None,
        };
        let percent_ambiguous = c == '%'
            && data_at(n + 1).is_some_and(|x| x.is_ascii_hexdigit())
            && data_at(n + 2).is_some_and(|x| x.is_ascii_hexdigit());
        let escape = link_term_escapes(c, n == last, &mut stack);
        if escape || syntax || percent_ambiguous {
            push_escaped(&mut out, c);
        } else {
            out.push(c);
        }
    }
    out
}
