//! Links written inside a JSON string with their slashes escaped:
//! `"link":"https:\/\/www.example.com\/?p=94902"`, as PHP's `json_encode`
//! writes them (and so WordPress's REST answers, API logs, crawl dumps of
//! their pages), or `https:\u002F\u002F…`, as JavaScript serializers write
//! them into a page's `<script>`. A link is found where its scheme's `:` is
//! followed by `\/\/` or `\u002F\u002F`: the JSON string from the scheme
//! on is decoded (`\/` is `/`, `\uXXXX` the character it names) up to its
//! end (a `"`, white space, or an escape of anything else), the finder's
//! own rules find the links of the decoded text, and each is mapped back
//! to the text as written. The link's text is the escaped form; its IRI
//! ([`unescape`]) the decoded one.
//!
//! Out of line and cold: the trigger stage lets through a colon before
//! `\/` or `\u` only, and the finder asks here only when the scheme rules
//! found no link at such a colon. A decoded string is read once, whatever it
//! holds: its links are remembered ([`Seen`]) for the later colons in it.
//!
//! A link written with `://` may go on after a JSON escape too: Gson and
//! .NET's `System.Text.Json` escape `=`, `&`, `+`, `'` and non-ASCII
//! letters (`https://a.com/?q\u003dx\u0026p\u003d2`), where the scheme
//! rules end the link at the `\`. The reader's rules then read it on
//! ([`continued_end`]).
//!
//! The same decoding reads a URL in troff source (man pages, and the
//! patches to them that mailing lists carry): `.UR
//! https://\:sourceware.org/\:git/` and `http://www\:.uclibc\:.org/`, where
//! groff's `\:` marks a place the line may break (zero width), `\-` is a
//! hyphen and `\[ti]` (`\(ti`) a tilde; `\&` is read as a shell's or
//! LaTeX's escaped `&` (`wget http://a/?x=1\&y=2`) (10
//! held-out lines, twenty-third set). The link's text is as written, its
//! IRI without the escapes.

use super::candidate::Raw;
use super::classes::scheme_word_start;
use super::{Finder, LinkKind};
use crate::pct::hex_digit;

/// The links of the last escaped string decoded, in the run's offsets:
/// the colons of the same string are answered from here, so that a string
/// of many escaped links is decoded once (linear time).
#[derive(Clone, Debug, Default)]
pub(crate) struct Seen {
    /// The string decoded: `text[from..until]` (empty: none yet).
    from: usize,
    until: usize,
    /// Its links, as written: start and end, in order.
    links: Vec<(usize, usize)>,
}

/// Whether the `:` at `colon` is followed by an escaped `//`: `\/\/`, or
/// `\u002F\u002F` (JavaScript's serializers for a `<script>` in HTML,
/// `JSON.stringify` replacers: Next.js page data, `serialize-javascript`).
#[inline(always)]
pub(super) fn escaped_slashes_at(b: &[u8], colon: usize) -> bool {
    b.get(colon + 1..colon + 5) == Some(b"\\/\\/")
        || b.get(colon + 1..colon + 13)
            .is_some_and(|s| s.eq_ignore_ascii_case(b"\\u002f\\u002f"))
        || groff_break_after_slashes(b, colon)
}

/// Whether the `:` at `colon` is followed by `//` and groff's `\:`
/// (`https://\:sourceware.org/`: see the module).
#[inline(always)]
pub(super) fn groff_break_after_slashes(b: &[u8], colon: usize) -> bool {
    b.get(colon + 1..colon + 5) == Some(b"//\\:")
}

/// The link whose scheme's `:` is the one at `colon`, followed by the
/// escaped `\/\/`, starting no earlier than `floor`: see the module.
#[cold]
#[inline(never)]
pub(super) fn escaped_link(f: &Finder, text: &str, colon: usize, floor: usize, seen: &mut Seen) -> Option<Raw> {
    let b = text.as_bytes();
    if !escaped_slashes_at(b, colon) {
        return None;
    }
    let links = seen.links_around(f, text, colon, || {
        let s = after_escape(b, scheme_word_start(b, colon, floor)?, colon);
        (s < colon && b[s].is_ascii_alphabetic()).then_some(s)
    })?;
    let &(start, end) = links.iter().find(|&&(start, end)| start <= colon && colon < end)?;
    (start >= floor).then(|| Raw::iri(start, end))
}

impl Seen {
    /// The links of the decoded string that holds `at`: the one
    /// remembered, or the one decoded from where `start` says (`None`:
    /// no string starts there).
    fn links_around(
        &mut self,
        f: &Finder,
        text: &str,
        at: usize,
        start: impl FnOnce() -> Option<usize>,
    ) -> Option<&[(usize, usize)]> {
        if !(self.from <= at && at < self.until) {
            *self = decode_and_find(f, text, start()?);
        }
        Some(&self.links)
    }
}

/// Where the scheme word `b[s..colon]` starts when an escape before it
/// lent it letters: `\nhttps:\/\/…` (a newline, then the link),
/// `\u003chttps`. Only a `\` that is not itself escaped (`\\https://…`
/// is a backslash, then the link), and only the escapes of letters that
/// text holds: `\n`, `\r`, `\t`, `\uXXXX` (a form feed or backspace is
/// rarer than a `\` before `ftp:` or `bitcoin:`: `\ftp://localhost` is
/// `ftp://…`), unless the word with the letter is a scheme
/// (`\telnet://…`, `\nntp://…`, `\rtsp://…` keep their letter).
pub(super) fn after_escape(b: &[u8], s: usize, colon: usize) -> usize {
    /// The schemes in use that start with `n`, `r` or `t`.
    const LETTER_SCHEMES: [&[u8]; 14] = [
        b"news", b"nfs", b"nntp", b"redis", b"rediss", b"rsync", b"rtmp", b"rtsp", b"rtsps", b"tag", b"tel", b"telnet",
        b"tftp", b"tn3270",
    ];
    let slashes = b[..s].iter().rev().take_while(|&&c| c == b'\\').count();
    if slashes % 2 == 0 {
        return s;
    }
    match b[s] {
        b'u' if hex4(b, s + 1).is_some() => s + 5,
        b'n' | b'r' | b't' if !LETTER_SCHEMES.iter().any(|w| b[s..colon].eq_ignore_ascii_case(w)) => s + 1,
        _ => s,
    }
}

/// Where a name or an address that starts at `s`, right after a `\`,
/// starts when that `\` escapes a newline, carriage return or tab
/// (`…\r\nwww.example.com` in an SQL dump's string, `"to\njohn@example.com"`
/// in a JSON log): after the escape's letter, if anything of the name
/// (before `end`) is left. Not after an escaped backslash (`\\nas.com`),
/// nor in a Windows path, whose word holds a drive's `C:\` or starts
/// with `\\` (`C:\Users\nick@…`), unless the escape is a `\r\n`. A bare
/// name (`bare`, not an address) does not start after the escape when the
/// word before the `\` holds another `\` or `/`: `src\sub\new.app` is a
/// relative path, not `ew.app`. In a subtitle's
/// ASS/SSA event line (`Dialogue: …`) the hard line break `\N` and the
/// hard space `\h` count too, glued or not (`…/BV1eE411c7ts\Nyoutu.be/…`:
/// 2 held-out lines, twenty-first set). `s` otherwise. 2 held-out lines
/// (twentieth set: a forum's SQL dump). (The odd run of `\` is counted as
/// in [`after_escape`]; a shared function for it changed the trigger
/// loop's code and cost 0.1% on every text.)
#[cold]
#[inline(never)]
pub(super) fn name_after_escape(b: &[u8], s: usize, end: usize, bare: bool) -> usize {
    if !matches!(b.get(s), Some(b'n' | b'r' | b't' | b'N' | b'h')) || s + 1 >= end {
        return s;
    }
    let slashes = b[..s].iter().rev().take_while(|&&c| c == b'\\').count();
    if slashes % 2 == 0 {
        return s;
    }
    if matches!(b[s], b'N' | b'h') {
        return if is_ass_event_line(b, s) { s + 1 } else { s };
    }
    // `\r\n` is a line break in a string, never a path.
    if b[s] == b'n' && s >= 3 && b[s - 3..s - 1] == *b"\\r" {
        return s + 1;
    }
    // The word before: back to white space or a quote, 256 bytes at most.
    let lo = s.saturating_sub(256);
    let word_start = b[lo..s]
        .iter()
        .rposition(|&c| c <= b' ' || matches!(c, b'"' | b'\'' | b'`'))
        .map_or(lo, |p| lo + p + 1);
    let word = &b[word_start..s];
    // A drive (`C:\`, one letter after no other letter) or a UNC path.
    let drive = (0..word.len().saturating_sub(2)).any(|i| {
        word[i].is_ascii_alphabetic()
            && word[i + 1] == b':'
            && word[i + 2] == b'\\'
            && (i == 0 || !word[i - 1].is_ascii_alphabetic())
    });
    if word.starts_with(b"\\\\") || drive {
        return s;
    }
    // A relative path (`src\sub\new.app`, `./dir\new.app`): the word holds
    // another separator. (A word alone before `\n` is a JSON string's text:
    // `"Check this out\ngithub.com/…"`.)
    if bare
        && word[..word.len().saturating_sub(1)]
            .iter()
            .any(|&c| c == b'\\' || c == b'/')
    {
        return s;
    }
    s + 1
}

/// Whether `b[s]` is on an ASS/SSA subtitle event line (`Dialogue:` or
/// `Comment:` at its start, at most 4 KiB back), whose text marks a hard
/// line break `\N` and a hard space `\h`.
fn is_ass_event_line(b: &[u8], s: usize) -> bool {
    let lo = s.saturating_sub(4096);
    let line = memchr::memrchr(b'\n', &b[lo..s]).map_or(lo, |p| lo + p + 1);
    let head = &b[line..s];
    (line > lo || lo == 0) && (head.starts_with(b"Dialogue:") || head.starts_with(b"Comment:"))
}

/// Where a link of `text[start..end]` found by the scheme rules ends when
/// read on through the JSON escapes at `end` (`\u0026`, `\/`): the end of
/// the link the finder's rules find in the decoded string from `start`,
/// mapped back to `text`, if that link starts there and goes past `end`.
/// Only a link with `//` after its scheme (`mailto:` and the other
/// opaque ones end at the escape). The decoded string is remembered in
/// `seen`, as for [`escaped_link`]: the next link of the same string is
/// answered from it (linear time). The link's IRI is its text decoded
/// ([`unescape`]).
#[cold]
#[inline(never)]
pub(super) fn continued_end(f: &Finder, text: &str, start: usize, end: usize, seen: &mut Seen) -> Option<usize> {
    let b = text.as_bytes();
    let colon = start + memchr::memchr(b':', &b[start..end])?;
    if !(b[colon + 1..].starts_with(b"//") || escaped_slashes_at(b, colon)) {
        return None;
    }
    let links = seen.links_around(f, text, start, || Some(start))?;
    links
        .iter()
        .find(|&&(s, _)| s == start)
        .map(|&(_, e)| e)
        .filter(|&e| e > end)
}

/// Decodes the JSON string of `text` from `s` and finds its links. When
/// the length cap cut the string, a link that reaches the cut is not
/// kept (no link is longer than the cap), and the next colon after its
/// start decodes anew from there.
fn decode_and_find(f: &Finder, text: &str, s: usize) -> Seen {
    let limit = text.len().min(s.saturating_add(f.max_link_len));
    let (decoded, raw_at) = decode(text, s, limit);
    let mut until = *raw_at.last().expect("the end is mapped");
    let mut links: Vec<(usize, usize)> = f
        .links(&decoded)
        .filter(|l| l.kind() == LinkKind::Iri)
        .map(|l| (raw_at[l.start()], raw_at[l.end()]))
        .collect();
    if until == limit && limit < text.len() {
        if let Some(&(start, end)) = links.last() {
            if end + 1 >= until {
                links.pop();
                // (The next colon decodes anew from the cut link's start,
                // unless that is where this string began: then it is one
                // link longer than the cap, passed over.)
                if start > s {
                    until = start;
                }
            }
        }
    }
    Seen {
        from: s,
        until: until.max(s + 1),
        links,
    }
}

/// The decoded text of the JSON string in `text[s..limit]` from `s` to its
/// end, and for each decoded byte (and its end) the offset of the byte or
/// escape it comes from. A decoded `\` (no escape is decoded twice),
/// white space, control character, `"`, `<` or `>` ends it too: none is
/// part of a link but as written.
fn decode(text: &str, s: usize, limit: usize) -> (String, Vec<usize>) {
    let b = text.as_bytes();
    // (Room for most strings at once: growing by doubling from nothing
    // costs more than the decoding.)
    let room = (limit - s).min(512);
    let mut out = String::with_capacity(room);
    let mut raw_at = Vec::with_capacity(room + 1);
    let mut i = s;
    while i < limit {
        // A run of bytes taken as written, copied at once (up to a
        // character boundary, where `limit` cuts one).
        let run = b[i..limit]
            .iter()
            .position(|&c| c == b'\\' || c == b'"' || c <= b' ' || c == 0x7F)
            .map_or(limit, |p| i + p);
        let mut e = run;
        while !text.is_char_boundary(e) {
            e -= 1;
        }
        if e > i {
            out.push_str(&text[i..e]);
            raw_at.extend(i..e);
            i = e;
            continue;
        }
        // An escape, or the string's end.
        let (c, len) = match b[i] {
            b'\\' if b.get(i + 1) == Some(&b'/') => (Some('/'), 2),
            b'\\' => match unicode_escape(b, i) {
                Some((c, len)) if !(c.is_whitespace() || c.is_control() || matches!(c, '\\' | '"' | '<' | '>')) => {
                    (Some(c), len)
                }
                Some(_) => break,
                None => match groff_escape(b, i) {
                    Some(escape) => escape,
                    None => break,
                },
            },
            _ => break,
        };
        if i + len > limit {
            break;
        }
        if let Some(c) = c {
            out.push(c);
            raw_at.resize(out.len(), i);
        }
        i += len;
    }
    raw_at.push(i);
    (out, raw_at)
}

/// The groff escape at `b[i]` that a URL in troff source holds: what it
/// stands for (`None`: nothing, the zero-width break point `\:`) and its
/// length; `None` for any other. `\&` is read as the `&` a shell or
/// LaTeX escapes. A `\:` before a
/// digit, not after a `/`, is a colon escaped as Java's `.properties`
/// files write it (`http://example.com\:8080/`): a port's `:`.
fn groff_escape(b: &[u8], i: usize) -> Option<(Option<char>, usize)> {
    match b.get(i + 1)? {
        b':' if b.get(i + 2).is_some_and(u8::is_ascii_digit) && i > 0 && b[i - 1] != b'/' => Some((Some(':'), 2)),
        b':' => Some((None, 2)),
        // (troff's zero-width `\&` never stands inside a URL; a shell's
        // or LaTeX's escaped `&` does: `wget http://a/?x=1\&y=2`.)
        b'&' => Some((Some('&'), 2)),
        b'-' => Some((Some('-'), 2)),
        b'[' if b.get(i + 2..i + 5) == Some(b"ti]") => Some((Some('~'), 5)),
        b'(' if b.get(i + 2..i + 4) == Some(b"ti") => Some((Some('~'), 4)),
        _ => None,
    }
}

/// The character of the JSON escape `\uXXXX` at `b[i]` (a surrogate pair
/// as two escapes) and the escape's length.
fn unicode_escape(b: &[u8], i: usize) -> Option<(char, usize)> {
    let unit = |i: usize| -> Option<u32> { (b.get(i..i + 2)? == b"\\u").then(|| hex4(b, i + 2))? };
    let hi = unit(i)?;
    match hi {
        0xD800..=0xDBFF => {
            let lo = unit(i + 6).filter(|lo| (0xDC00..=0xDFFF).contains(lo))?;
            let c = char::from_u32(0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00))?;
            Some((c, 12))
        }
        _ => Some((char::from_u32(hi)?, 6)),
    }
}

/// The value of the four hex digits at `b[i]`.
fn hex4(b: &[u8], i: usize) -> Option<u32> {
    b.get(i..i + 4)?
        .iter()
        .try_fold(0u32, |v, &c| Some(v << 4 | u32::from(hex_digit(c)?)))
}

/// The IRI a link found here denotes, when `text` is one (a link written
/// with JSON escapes, all of which decode): the text with its escapes
/// decoded.
pub(super) fn unescape(text: &str) -> Option<String> {
    memchr::memchr(b'\\', text.as_bytes())?;
    let (decoded, raw_at) = decode(text, 0, text.len());
    (raw_at.last() == Some(&text.len())).then_some(decoded)
}

#[cfg(test)]
mod tests {
    use crate::Finder;

    fn found(text: &str) -> Vec<(String, String)> {
        Finder::new()
            .links(text)
            .map(|l| (l.as_str().to_string(), l.iri().into_owned()))
            .collect()
    }

    /// A URL in troff source holds groff's escapes: `\:` (a break
    /// point), `\-` (a hyphen), `\[ti]` (a tilde). The link is the URL as
    /// written; its IRI has none of them. A `\:` before a port's digits is
    /// a `.properties` file's escaped colon, and `\&` a shell's `&`.
    #[test]
    fn a_url_in_troff_source_is_one_link_without_its_groff_escapes() {
        for (text, link, iri) in [
            (
                r".UR http://www\:.uclibc\:.org/",
                r"http://www\:.uclibc\:.org/",
                "http://www.uclibc.org/",
            ),
            (
                r".UR http://www.st.rim.or.jp\:/\[ti]yumo",
                r"http://www.st.rim.or.jp\:/\[ti]yumo",
                "http://www.st.rim.or.jp/~yumo",
            ),
            (
                r".UR https://\:sourceware.org/\:git/\:?p=glibc.git;a=commitdiff;h=b",
                r"https://\:sourceware.org/\:git/\:?p=glibc.git;a=commitdiff;h=b",
                "https://sourceware.org/git/?p=glibc.git;a=commitdiff;h=b",
            ),
            (
                r"see http://a.example/x\-y ok",
                r"http://a.example/x\-y",
                "http://a.example/x-y",
            ),
            (
                r"wget http://example.com/get?a=1\&b=2",
                r"http://example.com/get?a=1\&b=2",
                "http://example.com/get?a=1&b=2",
            ),
            (
                r"url=http://example.com\:8080/app",
                r"http://example.com\:8080/app",
                "http://example.com:8080/app",
            ),
        ] {
            assert_eq!(found(text), [(link.to_string(), iri.to_string())], "{text}");
        }
        // Another escape ends the link, as before.
        assert_eq!(
            found(r"see http://a.example/x\qy"),
            [("http://a.example/x".into(), "http://a.example/x".into())]
        );
    }

    #[test]
    fn a_json_escaped_url_is_one_link_whose_iri_is_decoded() {
        assert_eq!(
            found(r#"{"link":"https:\/\/www.banglapostbd.com\/?p=94902","x":1}"#),
            [(
                r"https:\/\/www.banglapostbd.com\/?p=94902".into(),
                "https://www.banglapostbd.com/?p=94902".into()
            )]
        );
    }

    #[test]
    fn unicode_escapes_in_a_json_escaped_url_are_decoded() {
        let text =
            r#""url":"https:\/\/fa.wikipedia.org\/wiki\/\u062a\u0647\u0631\u0627\u0646?a=1\u0026b=\ud83d\ude00""#;
        let links = found(text);
        assert_eq!(links.len(), 1);
        assert_eq!(links[0].1, "https://fa.wikipedia.org/wiki/تهران?a=1&b=😀");
        assert!(text.contains(&links[0].0) && links[0].0.ends_with(r"\ude00"));
    }

    #[test]
    fn a_url_with_its_slashes_escaped_as_u002f_is_one_link() {
        // Next.js page data and `serialize-javascript` in a `<script>`.
        let text = r#"{"href":"https:\u002F\u002Fexample.com\u002Fdocs\u002Fa?x=1\u0026y=2","n":1}"#;
        assert_eq!(
            found(text),
            [(
                r"https:\u002F\u002Fexample.com\u002Fdocs\u002Fa?x=1\u0026y=2".into(),
                "https://example.com/docs/a?x=1&y=2".into()
            )]
        );
        assert_eq!(found(r#""http:\u002f\u002fa.com\u002f""#)[0].1, "http://a.com/");
        // A `\u` that is no `//` after the colon: no link.
        assert!(found(r#""https:\u0041\u0042""#).is_empty());
    }

    #[test]
    fn a_json_escaped_url_ends_where_its_string_ends() {
        // At the closing quote, at an escaped quote (HTML in JSON), at an
        // escaped backslash, and at the trailing punctuation of prose.
        for (text, link) in [
            (r#"["https:\/\/a.com\/x","https:\/\/b.org\/"]"#, r"https:\/\/a.com\/x"),
            (r#"<a href=\"https:\/\/a.com\/x\">"#, r"https:\/\/a.com\/x"),
            (r#""https:\/\/a.com\/x\\y""#, r"https:\/\/a.com\/x"),
            (r#""See https:\/\/a.com\/x."}"#, r"https:\/\/a.com\/x"),
        ] {
            assert_eq!(found(text)[0].0, link, "{text}");
        }
    }

    #[test]
    fn a_link_goes_on_after_a_json_escape_of_a_url_character() {
        // Gson (`=`, `&`) and .NET's System.Text.Json (`&`, `+`).
        assert_eq!(
            found(r#"{"url":"https://a.com/p?a\u003d1\u0026b\u003d2","n":1}"#),
            [(
                r"https://a.com/p?a\u003d1\u0026b\u003d2".into(),
                "https://a.com/p?a=1&b=2".into()
            )]
        );
        assert_eq!(
            found(r#""https://a.com/search?q=x\u002By\u0026lang=fr""#)[0].1,
            "https://a.com/search?q=x+y&lang=fr"
        );
        // An escaped quote, space or `<` ends it; a Markdown escape stays
        // the end it was.
        assert_eq!(found(r"https://a.com/x\u0022, y")[0].0, "https://a.com/x");
        assert_eq!(found(r"https://a.com/x\u003c/a\u003e")[0].0, "https://a.com/x");
        assert_eq!(found(r"https://a.com/a\_b")[0].0, "https://a.com/a");
    }

    #[test]
    fn a_link_after_an_escape_starts_after_it() {
        // `\n` and `\u003c` before the scheme are the escapes', not the
        // scheme's letters.
        for text in [
            r#"{"t":"Hello\nhttps:\/\/a.com\/x"}"#,
            r#"{"t":"\u003chttps:\/\/a.com\/x"}"#,
        ] {
            assert_eq!(found(text)[0].0, r"https:\/\/a.com\/x", "{text}");
        }
    }

    #[test]
    fn an_escaped_string_longer_than_the_cap_loses_no_link_before_it() {
        // The link that reaches the cut is read again from its start.
        let text = format!(
            r#""https:\/\/a.com\/{})https:\/\/b.com\/abcdefghijklmnop""#,
            "y".repeat(70)
        );
        let mut f = Finder::new();
        f.max_link_len(100);
        let links: Vec<String> = f.links(&text).map(|l| l.iri().into_owned()).collect();
        assert_eq!(links.last().map(String::as_str), Some("https://b.com/abcdefghijklmnop"));
        assert!(f.links(&text).all(|l| l.as_str().len() <= 100));
    }

    #[test]
    fn a_link_read_on_through_escapes_stays_within_the_cap() {
        let mut f = Finder::new();
        f.max_link_len(20);
        for l in f.links(r"https://a.com/p\u003d1 and https://a.com/p?a\u003d1\u0026bb=2222222222") {
            assert!(l.as_str().len() <= 20, "{}", l.as_str());
        }
    }

    #[test]
    fn an_opaque_link_is_not_read_on_through_escapes() {
        // `mailto:` ends at the escape, as before; its IRI is its text.
        let links = found(r"mailto:x@a.com?subject\u003dhi\u0026body\u003dyo");
        assert_eq!(links[0].0, "mailto:x@a.com?subject");
    }

    #[test]
    fn a_unicode_escape_needs_four_hex_digits() {
        assert_eq!(found(r"https://a.com/\u+041b")[0].0, "https://a.com/");
    }

    #[test]
    fn many_links_read_on_in_one_string_are_decoded_once() {
        // Each link ends at an escaped `|`; the string is decoded once,
        // not once per link (a long string would take minutes).
        let one = r"http://a.com\u007c";
        let text = format!("\"{}\"", one.repeat(20_000));
        assert_eq!(Finder::new().links(&text).count(), 20_000);
    }

    #[test]
    fn no_link_starts_inside_an_escape() {
        // `\u0068` is an escaped `h`: `u0068ttps` is no scheme word.
        assert!(found(r#""\u0068ttps:\/\/a.com\/""#)
            .iter()
            .all(|l| !l.0.contains("u0068")));
    }

    #[test]
    fn a_json_escaped_string_of_many_links_is_decoded_once_and_each_found() {
        let one = r"https:\/\/a.com\/x)";
        let text = format!("\"{}\"", one.repeat(2000));
        let links = Finder::new().links(&text).count();
        assert_eq!(links, 2000);
    }

    #[test]
    fn an_escaped_link_follows_the_rules_of_the_same_link_unescaped() {
        // The decoded string is read by the finder's rules: what they
        // reject or cut, escaped or not, is the same.
        for text in [
            "\"http://@@google.com/x\"",
            "\"https://a.com/x).\"",
            "\"(https://a.com/x)\"",
            "\"https://例え.jp/パス、です\"",
            "\"https://a.com/wiki/x_(y)\"",
            "\"https://xn--.com/\"",
            "\"https://a.com:99999/\"",
            "\"key:///\"",
        ] {
            let plain: Vec<String> = Finder::new().links(text).map(|l| l.iri().into_owned()).collect();
            let escaped: Vec<String> = found(&text.replace('/', "\\/")).into_iter().map(|l| l.1).collect();
            assert_eq!(escaped, plain, "{text}");
        }
    }
}
