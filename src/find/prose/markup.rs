//! Markup around a link: a Markdown, Org or wiki label that holds it
//! (the target is the link, the label is text), and markup or escaped
//! delimiters glued to its end (`**…**`, `&gt;`, AsciiDoc `[label]`).

use super::unspaced::is_unspaced_script;
use super::{Memo, MAX_CONTEXT};
use crate::find::host::is_www_name;
use crate::find::tld::is_file_extension;

/// Markdown `[label](target)`: a link written in the label is the label's
/// text, and the target is the link (`[https://x/a.zip](https://x/a.zip)`,
/// `[esa.ioの作り方](http://…)`). Real text: 24 lines linked the label too.
/// A label without a target (`[RubyGems.org][2]`) is text. Labels without
/// white space around the link, and without `"`, `<` or `>` after it, are
/// seen, reading at most [`MAX_CONTEXT`] bytes each way; and a label of
/// words that the link ends, right before its `](`
/// (`[thread by Quokka on scicomm.xyz](…)`: 3 held-out lines, ninth set),
/// whose `[` is at most [`MAX_WIDE_LABEL`] bytes back on the link's line.
/// That look crosses white space: the safe cuts of streams and parallel
/// pieces do not fall inside such a `[` ([`label_open_before`]).
#[inline(always)]
pub(super) fn in_markdown_label(text: &str, start: usize, end: usize, memo: &mut Memo) -> bool {
    // Look forward for the `](` first, and back for the `[` only if it is
    // there: the first `]` after the link (remembered across links), then
    // the bytes up to it.
    let b = text.as_bytes();
    let close = if memo.known && memo.from <= end && end <= memo.close {
        memo.close
    } else {
        // Before a new look forward, two bytes back: the label's `[`
        // must be the first of white space, `[` and `]` before the link
        // ([`label_start_before`]), and most links that miss the memo show
        // there that it is not (a Markdown target's `](`, ` <`, ` "`).
        // (Or a label of words that the link ends: a `](` right after it.)
        if label_stop_before(b, start, 2).is_some_and(|c| c != b'[') && !b[end..].starts_with(b"](") {
            return false;
        }
        memo.next_close(b, end)
    };
    close < end + MAX_CONTEXT
        && match b.get(close + 1) {
            Some(b'(') => label_before(b, start, end, close),
            Some(b']') => bracket_label_before(b, start, end, close),
            _ => false,
        }
}

/// [`in_markdown_label`] once a `](` follows the link at `close`.
#[inline(never)]
fn label_before(b: &[u8], start: usize, end: usize, close: usize) -> bool {
    if close == end {
        return wide_label_start_before(b, start);
    }
    // `"`, `<` and `>` are HTML's delimiters (`href="…">…</a>`, where a
    // link is followed by one on almost every line): a label holds none of
    // them after its link.
    if b[end..close]
        .iter()
        .any(|&c| c <= b' ' || matches!(c, b'[' | b'"' | b'<' | b'>'))
    {
        return starts_wide_label(b, start, close);
    }
    label_start_before(b, start)
}

/// Whether the link at `start` starts a Markdown label of words that
/// closes at `close` (a `](` there): `[http://www . example . com/a](…)`,
/// a machine translation's spaced URL, or `[example.org/intermed ...
/// tancing/](…)`, a forum's shortened link text (6 held-out lines,
/// twenty-first set). The label's `[` is right before the link, the whole
/// label on one line within [`MAX_WIDE_LABEL`] bytes, with no bracket,
/// `"`, `<` or `>` in it: then a safe cut never falls inside it
/// ([`label_open_before`]).
fn starts_wide_label(b: &[u8], start: usize, close: usize) -> bool {
    start > 0
        && b[start - 1] == b'['
        && close - (start - 1) <= MAX_WIDE_LABEL
        && !b[start..close]
            .iter()
            .any(|&c| matches!(c, b'[' | b']' | b'\n' | b'\r' | b'"' | b'<' | b'>'))
}

/// Whether the bare name `b[start..end]` is the whole target of a Markdown
/// link and names a file beside the page, not a site:
/// `[हिंदी](maintainer_guide.hin.md)`, the language switchers of
/// translated READMEs (2 held-out lines, eighty-second set). A target's
/// name under a file-extension TLD (`.md`, `.py`, `.sh`) with a `_` in
/// it, which no host name holds, is a relative path; `[x](example.com)`,
/// `[x](uw.edu.pl)` and `[x](docs.brew.sh)` stay sites (a review's
/// finding: a first version took every such name).
#[cold]
#[inline(never)]
pub(super) fn is_markdown_file_target(b: &[u8], start: usize, end: usize) -> bool {
    let name = &b[start..end];
    let Some(dot) = name.iter().rposition(|&c| c == b'.') else {
        return false;
    };
    start >= 2
        && b[start - 2] == b']'
        && name[0] != b'_'
        && name[..dot].contains(&b'_')
        && std::str::from_utf8(&name[dot + 1..]).is_ok_and(is_file_extension)
}

/// Whether the bare name `b[start..end]` is the whole title of a Markdown
/// link, `[mastodon.xyz](/Mastodon.xyz "Mastodon.xyz")`: a tooltip, never
/// followed, which wiki converters fill with the page's name (37
/// held-out lines, sixty-fifth set: a Mastodon wiki's archive). The
/// title is quoted after a space that ends the target
/// ([`markdown_target_before`]) and closes the link's `)`.
#[cold]
#[inline(never)]
pub(super) fn is_markdown_title(b: &[u8], start: usize, end: usize) -> bool {
    start >= 2 && b[start - 1] == b'"' && b[end..].starts_with(b"\")") && markdown_target_before(b, start - 2).is_some()
}

/// Where the Markdown target that the space at `c` ends starts, when a
/// title (`"`) follows the space, or nothing yet: the run of bytes before `c` that holds
/// `](` (`site](/x "…")`), within [`MAX_WIDE_LABEL`] bytes. For the safe
/// cuts too: a cut at that space would part the title from its target.
pub(crate) fn markdown_target_before(b: &[u8], c: usize) -> Option<usize> {
    // (A cut at the end of what a stream has read cannot see the `"`.)
    if b.get(c) != Some(&b' ') || b.get(c + 1).is_some_and(|&q| q != b'"') {
        return None;
    }
    let lo = c.saturating_sub(MAX_WIDE_LABEL);
    let run = b[lo..c].iter().rposition(|&x| x <= b' ').map_or(lo, |p| lo + p + 1);
    memchr::memmem::find(&b[run..c], b"](").map(|p| run + p)
}

/// Whether the bare name `b[start..end]` is an Org-mode file named in
/// Org's verbatim markup, `=index.org=` (`.org` is Org's file extension):
/// between a pair of `=` that open after white space or a bracket and
/// close before white space or punctuation. Org documents name their
/// files so (3 held-out lines of a Chinese Org-mode guide). Other names
/// in `=…=` are left to the other rules.
#[cold]
#[inline(never)]
pub(super) fn is_org_verbatim_file(b: &[u8], start: usize, end: usize) -> bool {
    let opens = start >= 1
        && b[start - 1] == b'='
        && (start == 1 || b[start - 2] <= b' ' || matches!(b[start - 2], b'(' | b'[') || b[start - 2] >= 0x80);
    let closes = b.get(end) == Some(&b'=')
        && b.get(end + 1)
            .is_none_or(|&c| c <= b' ' || c.is_ascii_punctuation() || c >= 0x80);
    let name = &b[start..end];
    opens
        && closes
        && name.len() > 4
        && name[name.len() - 4..].eq_ignore_ascii_case(b".org")
        && !name[..name.len() - 4].contains(&b'.')
}

/// Whether the bare name `b[start..end]` is the page name of a wiki link:
/// right after `[[` (or an interwiki prefix, `[[ja:`), before the `]]`,
/// the `|` of its label, or Org-mode's `][`. MediaWiki's `[[Amazon.com]]`
/// and `[[Framapiaf.org|Framapiaf]]` link the wiki's article about the
/// site, Org's `[[example.org][…]]` a file: neither is a web link, which
/// needs a scheme there (7 held-out lines, sixty-fifth set; the
/// eighteenth set's point 2). The caller has seen `]` or `|` after it.
#[cold]
#[inline(never)]
pub(super) fn in_wikilink(b: &[u8], start: usize, end: usize) -> bool {
    const MAX_PREFIX: usize = 12;
    let closes = b[end..].starts_with(b"]]") || b[end..].starts_with(b"][") || b.get(end) == Some(&b'|');
    // (`[[www.google.com]]` in prose is the site, written in brackets:
    // anchorme's suite; wiki pages are named without `www.`.)
    // (A page name holds no path, and exactly two brackets open it: a run
    // of them, `[[[[x.org]]]]`, is no wiki markup.)
    if !closes || start < 2 || is_www_name(&b[start..end]) || b[start..end].contains(&b'/') {
        return false;
    }
    if &b[start - 2..start] == b"[[" {
        return start == 2 || b[start - 3] != b'[';
    }
    // `[[ja:Framapiaf.org]]`, `[[Category:Amazon.com]]`: a language, wiki
    // or namespace prefix of letters.
    b[start - 1] == b':'
        && b[start.saturating_sub(MAX_PREFIX + 3)..start - 1]
            .iter()
            .rposition(|&c| !(c.is_ascii_alphabetic() || c == b'-'))
            .map(|p| start.saturating_sub(MAX_PREFIX + 3) + p)
            .is_some_and(|p| p >= 1 && p + 1 < start - 1 && &b[p - 1..=p] == b"[[" && (p == 1 || b[p - 2] != b'['))
}

/// Org-mode `[[target][label]]` and the wiki form `[[target|label]]`, once
/// a `]]` follows the link at `close`: a link written in the label is the
/// label's text, as in a Markdown label (`[[mailto:a@b][a@b]]`,
/// `[[url][…编辑器.org]]`: 4 held-out lines of the fifth set; `[[url|a@b]]`,
/// 1 line). The label's `[` comes after the target's `]`, or, in the wiki
/// form, the label after a `|` (its own first byte, or before it): the
/// target itself (`[[https://…/a.png]]`) stays.
#[inline(never)]
fn bracket_label_before(b: &[u8], start: usize, end: usize, close: usize) -> bool {
    // Labels are short: a look of a few hundred bytes each way (text
    // without white space, where both looks would run on, stays cheap).
    const MAX_LABEL: usize = 256;
    if close - end > MAX_LABEL
        || b[end..close]
            .iter()
            .any(|&c| c <= b' ' || matches!(c, b'[' | b'"' | b'<' | b'>'))
    {
        return false;
    }
    let lo = start.saturating_sub(MAX_LABEL);
    let Some(open) = b[lo..start]
        .iter()
        .rposition(|&c| c <= b' ' || c == b'[' || c == b']')
        .map(|p| lo + p)
    else {
        return false;
    };
    b[open] == b'['
        && open > 0
        && (b[open - 1] == b']' || (b[open - 1] == b'[' && (b[start] == b'|' || b[open + 1..start].contains(&b'|'))))
}

/// Whether the label's `[` comes before `start` (once a `](` follows the
/// link): a `]` first closes some other bracket (`a.co](a.co](…`: each
/// look ends after a few bytes, not at the cap).
fn label_start_before(b: &[u8], start: usize) -> bool {
    label_stop_before(b, start, MAX_CONTEXT) == Some(b'[')
}

/// How far back the `[` of a label of words may be from a link that ends
/// the label ([`in_markdown_label`]).
pub(crate) const MAX_WIDE_LABEL: usize = 256;

/// Whether a label's `[` comes before `start`: with no white space between
/// ([`label_start_before`]), or on its line, at most [`MAX_WIDE_LABEL`]
/// bytes back, with no other `[` or `]` between (the label of words that
/// a link right before `](` ends).
fn wide_label_start_before(b: &[u8], start: usize) -> bool {
    label_start_before(b, start) || label_open_before(b, start).is_some()
}

/// Where a Markdown label opens before `c` on its line, if one is open
/// there: the last `[`, `]`, `\n` or `\r` in the [`MAX_WIDE_LABEL`] bytes
/// before `c` is a `[`. For the safe cuts too: a cut after such a `[`
/// could hide it from a link that ends the label.
pub(crate) fn label_open_before(b: &[u8], c: usize) -> Option<usize> {
    let lo = c.saturating_sub(MAX_WIDE_LABEL);
    let i = lo
        + b[lo..c]
            .iter()
            .rposition(|&x| matches!(x, b'[' | b']' | b'\n' | b'\r'))?;
    (b[i] == b'[').then_some(i)
}

/// The first white space byte, `[` or `]` in the `most` bytes before
/// `start`, read backwards: a label's `[` if the link is in one.
#[inline(always)]
fn label_stop_before(b: &[u8], start: usize, most: usize) -> Option<u8> {
    b[start.saturating_sub(most)..start]
        .iter()
        .rev()
        .find(|&&c| c <= b' ' || c == b'[' || c == b']')
        .copied()
}

/// [`in_markdown_label`] as its rule reads, for the debug check in
/// [`super::refine`]: forward to the first stop, which must be a `]` and `(`.
pub(super) fn markdown_label_by_the_rule(b: &[u8], start: usize, end: usize) -> bool {
    let hi = b.len().min(end + MAX_CONTEXT);
    let stop = b[end..hi]
        .iter()
        .position(|&c| c <= b' ' || matches!(c, b']' | b'[' | b'"' | b'<' | b'>'));
    let by_stop = stop.is_some_and(|p| {
        b[end + p] == b']'
            && match b.get(end + p + 1) {
                Some(b'(') if p == 0 => wide_label_start_before(b, start),
                Some(b'(') => label_start_before(b, start),
                Some(b']') => bracket_label_before(b, start, end, end + p),
                _ => false,
            }
    });
    // A label of words that the link starts: its first `]`, with `(`
    // after it.
    let wide = || {
        b[end..hi]
            .iter()
            .position(|&c| c == b']')
            .is_some_and(|p| b.get(end + p + 1) == Some(&b'(') && starts_wide_label(b, start, end + p))
    };
    by_stop || wide()
}

/// The escaped delimiters [`entity_end`] cuts at, as a link that runs into
/// one ends (its `;` stopped the scan): `>`, `"` and `'`, named and
/// numeric (decimal and hex).
pub(super) const DELIMITER_ENTITIES: [&str; 8] = ["&gt", "&quot", "&#62", "&#34", "&#x22", "&#39", "&#x27", "&apos"];

/// Whether `link` ends in one of [`DELIMITER_ENTITIES`] (without its `;`).
#[inline(always)]
pub(super) fn ends_in_delimiter_entity(link: &[u8]) -> bool {
    // Each is 3 to 5 bytes from its `&`: three byte tests answer for most
    // links, which have no `&` there.
    let n = link.len();
    let amp = |k: usize| n >= k && link[n - k] == b'&';
    (amp(3) || amp(4) || amp(5)) && DELIMITER_ENTITIES.iter().any(|e| link.ends_with(e.as_bytes()))
}

/// Whether `b[..start]` ends in an escaped opening quote or `<` and its
/// `;` (`href=&#34;`, `&quot;`, `&#39;`, `&apos;`, `&lt;`): the link
/// after it ends at the first of [`DELIMITER_ENTITIES`] in it, though more
/// escaped markup glued after that entity's `;` let the scan go on
/// (`href=&#34;https://…/a.png&#34;&gt;&lt;img`: 1 held-out line).
pub(super) fn after_opening_entity(b: &[u8], start: usize) -> bool {
    const OPENERS: [&[u8]; 9] = [
        b"&#34;", b"&quot;", b"&#x22;", b"&#39;", b"&#x27;", b"&apos;", b"&lt;", b"&#60;", b"&#x3c;",
    ];
    OPENERS
        .iter()
        .any(|o| start >= o.len() && b[start - o.len()..start].eq_ignore_ascii_case(o))
}

/// HTML-escaped delimiters after a link (`&lt;URL:https://…/a.tar.gz&gt;`,
/// `href=&quot;…&quot;`, `href=&#34;…&#34;` in RSS and escaped HTML): the
/// entity is the delimiter, not part of the link (8 real lines, 5
/// held-out lines of the seventh set).
pub(super) fn entity_end(text: &str, start: usize, end: usize) -> usize {
    let s = &text[start..end];
    let mut from = 0;
    while let Some(p) = memchr::memchr(b'&', &s.as_bytes()[from..]) {
        let at = from + p;
        let tail = &text[start + at..];
        if DELIMITER_ENTITIES
            .iter()
            .any(|e| tail.starts_with(e) && tail[e.len()..].starts_with(';'))
        {
            return start + at;
        }
        from = at + 1;
    }
    end
}

/// A BBCode closing tag after a link (`[img]https://…/a.png[/img]`,
/// `[url]…[/url]`, `[video]…[/video][/spoiler]`): `[/`, letters, then `]`
/// or the link's end, is markup, not a path (5 held-out lines, seventh
/// set). No URL path writes `[/tag]`.
pub(super) fn bbcode_end(text: &str, start: usize, end: usize) -> usize {
    let s = &text.as_bytes()[start..end];
    let mut from = 0;
    while let Some(p) = memchr::memchr(b'[', &s[from..]) {
        let at = from + p;
        if s.get(at + 1) == Some(&b'/') {
            let name = s[at + 2..].iter().take_while(|c| c.is_ascii_alphabetic()).count();
            if name > 0 && name <= 10 && matches!(s.get(at + 2 + name), None | Some(b']' | b'=')) {
                return start + at;
            }
        }
        from = at + 1;
    }
    end
}

/// Whether the link at `start..end`, right after a `]` and right before
/// `[/url]`, is the text of a BBCode link `[url=target]text[/url]`
/// (`[url=http://www.gnu.org/licenses/]http://www.gnu.org/licenses/[/url]`:
/// 1 held-out line, twenty-first set): the target is the link, the text is
/// its label, as in a Markdown label. The tag's `[url=` is looked for on
/// the link's line, at most 2 KiB back.
#[cold]
#[inline(never)]
pub(super) fn is_bbcode_link_text(b: &[u8], start: usize, end: usize) -> bool {
    let close = b"[/url]";
    if start == 0
        || b[start - 1] != b']'
        || !b[end..]
            .get(..close.len())
            .is_some_and(|c| c.eq_ignore_ascii_case(close))
    {
        return false;
    }
    let lo = start.saturating_sub(2048);
    let Some(open) = b[lo..start - 1]
        .iter()
        .rposition(|&c| matches!(c, b'[' | b'\n' | b'\r'))
        .map(|p| lo + p)
    else {
        return false;
    };
    b[open..start]
        .get(..5)
        .is_some_and(|t| t.eq_ignore_ascii_case(b"[url="))
}

/// Whether the link at `start..end` is the label of a Slack link
/// `<target|label>` (`<https://x.example/a|https://x.example/a>`, as Slack
/// writes a pasted URL in its exports and API; 2 held-out lines,
/// twenty-fourth set): right after the `|`, right before the `>`, the `<`
/// that opens the target (no white space in it) on its line at most 2 KiB
/// back, and the label the target as written, with or without its scheme.
/// The target is the link, the label its text. The first tests inline
/// (most links do not follow a `|`), the look back out of line.
#[inline(always)]
pub(super) fn is_slack_label(b: &[u8], start: usize, end: usize) -> bool {
    start > 0 && b[start - 1] == b'|' && b.get(end) == Some(&b'>') && labels_slack_target(b, start, end)
}

/// [`is_slack_label`] after its quick tests.
#[cold]
#[inline(never)]
fn labels_slack_target(b: &[u8], start: usize, end: usize) -> bool {
    let lo = (start - 1).saturating_sub(2048);
    let Some(open) = b[lo..start - 1]
        .iter()
        .rposition(|&c| c <= b' ' || matches!(c, b'<' | b'>' | b'|'))
        .map(|p| lo + p)
    else {
        return false;
    };
    if b[open] != b'<' {
        return false;
    }
    // The label repeats the target, or the target without its scheme
    // (a label that names another URL is one of its own), or the target
    // with its middle cut to `[…]`, as Slack shortens a long URL's label
    // (1 held-out line, eighty-fifth set: a Japanese wiki URL).
    let (target, label) = (&b[open + 1..start - 1], &b[start..end]);
    let shortened = || {
        const CUT: &[u8] = "[…]".as_bytes();
        label.windows(CUT.len()).position(|w| w == CUT).is_some_and(|p| {
            let (head, tail) = (&label[..p], &label[p + CUT.len()..]);
            head.len() + tail.len() < target.len() && target.starts_with(head) && target.ends_with(tail)
        })
    };
    target == label
        || shortened()
        || target
            .windows(3)
            .position(|w| w == b"://")
            .is_some_and(|p| &target[p + 3..] == label)
        || target.strip_prefix(b"mailto:") == Some(label)
}

/// AsciiDoc's URL macro `https://…[text]` (and `url[]`): the brackets hold
/// the link text, so the link ends before them: when the link ends with
/// the `]` that closes them, or ends inside them (at the white space in
/// `[Latest Release]`). A `[` after `= & ? : @` is a query key's index,
/// one after `//` an IPv6 host, and one after `_` part of a page name
/// (`…/wiki/Blur_[band]`, `…/path_[more]`: 6 peer-suite cases): they stay
/// (`?a[0]=1`, `http://[::1]/`). 14 real lines.
pub(super) fn asciidoc_end(text: &str, start: usize, end: usize) -> usize {
    let s = &text[start..end];
    let sb = s.as_bytes();
    // (On bytes: a `char` search is not always inlined.)
    let Some(open) = memchr::memchr(b'[', sb) else {
        return end;
    };
    // After a path's `/` the text starts (`https://lore.kernel.org/git/[Git
    // mailing list]`, 2 held-out lines); after the `//` of the authority a
    // `[` opens an IPv6 host.
    let ipv6_host = sb[open - 1] == b'/' && open >= 2 && sb[open - 2] == b'/';
    if open == 0 || ipv6_host || matches!(sb[open - 1], b'=' | b'&' | b'?' | b':' | b'@' | b'[' | b'_') {
        return end;
    }
    // Unclosed: the link stopped at white space inside the brackets, or
    // at CJK prose glued there (`…/2808[javafxにての…]`: 2 held-out lines,
    // seventy-second set).
    let unclosed =
        !s[open..].contains(']') && text[end..].starts_with(|c: char| c.is_whitespace() || is_unspaced_script(c));
    // In the fragment closed brackets are the anchor's (`#anchor[bla]`:
    // KMail's suite, 26 cases); text with a space in them is a macro's
    // (`…#messages[message expressions]`: 2 held-out lines, seventy-second
    // set).
    #[allow(clippy::manual_contains)] // `contains` on bytes calls `memchr`
    if sb[..open].iter().any(|&c| c == b'#') {
        return if unclosed { start + open } else { end };
    }
    let closes_at_end = s.ends_with(']') && !s[open + 1..s.len() - 1].contains(['[', ']']);
    if closes_at_end || unclosed {
        start + open
    } else {
        end
    }
}

/// The end of `link` without the `*` that close an emphasis opened before
/// it (`**Homepage: https://example.com/a**`, 3 peer-suite cases): a run of
/// two or more, or a single `*` not after `/` (`…/*` is a glob, as in
/// `https://*.example.com/*`). UTS 58 includes `*`.
pub(super) fn bold_close_end(link: &[u8]) -> usize {
    let stars = link.iter().rev().take_while(|&&c| c == b'*').count();
    let glob = stars == 1 && link.len() >= 2 && link[link.len() - 2] == b'/';
    if stars >= link.len() || glob {
        link.len()
    } else {
        link.len() - stars
    }
}

/// How far back on its line the `/*` that opens a comment may be from a
/// link that ends in the comment's `*/` ([`closes_block_comment`]).
const MAX_COMMENT_BACK: usize = 256;

/// Whether the `*/` that ends the link at `start..end` closes a C-style
/// comment opened by a `/*` before the link on its line (`/* see
/// http://example.com/a*/`, `///*htt p://host/path/*/`: 1 held-out line,
/// twentieth set): the comment's delimiter, not the path's last segment.
/// Without an opening `/*` the link keeps it (`…/*/` as a glob).
#[cold]
#[inline(never)]
pub(super) fn closes_block_comment(b: &[u8], start: usize, end: usize) -> bool {
    debug_assert!(b[start..end].ends_with(b"*/"));
    let lo = start.saturating_sub(MAX_COMMENT_BACK);
    let line = memchr::memrchr2(b'\n', b'\r', &b[lo..start]).map_or(lo, |p| lo + p + 1);
    let before = &b[line..start];
    // (`/*/` is a glob's, `rsync /srv/*/`, no comment.)
    let opener = before
        .windows(3)
        .rposition(|w| w[0] == b'/' && w[1] == b'*' && w[2] != b'/')
        .or_else(|| before.ends_with(b"/*").then(|| before.len() - 2));
    match opener {
        // (A comment closed again before the link is over.)
        Some(open) => !before[open + 2..].windows(2).any(|w| w == b"*/"),
        None => false,
    }
}

/// How far back on its line the `_` or `~~` that opens an emphasis or a
/// strikethrough may be from a link that closes it ([`emphasis_close_end`]).
pub(crate) const MAX_WIDE_EMPHASIS: usize = 256;

/// The end of `link` (at `start` in `b`) without the `_`, `__` or `~~`
/// (its last byte is `m`) that close an emphasis or a strikethrough opened
/// at the start of its line: GitHub's quote reply writes
/// `_Originally posted by @user in https://github.com/…#issuecomment-1_`
/// (2 held-out lines, eleventh set), and
/// `~~Prefix: https://aws.amazon.com/emr/~~` (league/commonmark's suite).
/// The opener is that run of `m`, as many as close the link, and the last
/// run before the link that starts or ends a word
/// ([`emphasis_open_before`]). A `_` that ends a path with no such opener
/// stays (`https://youtu.be/dQw4w9WgXc_`, `target="_blank" href="…_"`), as
/// does a single `~` (UTS #58 includes both). Out of line: few links end
/// so.
#[cold]
#[inline(never)]
pub(super) fn emphasis_close_end(b: &[u8], start: usize, link: &[u8], m: u8) -> usize {
    let n = link.iter().rev().take_while(|&&c| c == m).count();
    let closes = if m == b'~' { n == 2 } else { n <= 2 };
    if !closes || n >= link.len() || is_space(link[link.len() - n - 1]) {
        return link.len();
    }
    match open_before(b, start, m, false) {
        Some(open) if b[open..].iter().take_while(|&&c| c == m).count() == n => link.len() - n,
        _ => link.len(),
    }
}

/// White space (ASCII), where a word starts or ends.
#[inline(always)]
fn is_space(c: u8) -> bool {
    c <= b' '
}

/// Where an emphasis `_` (or a strikethrough `~~`: `m` is `~`) that
/// starts its line is open before `c`: the last run of `m` in the
/// [`MAX_WIDE_EMPHASIS`] bytes before `c` that starts or ends a word (runs
/// inside a word, `snake_case`, `/~user/`, are passed over) starts the
/// line and a byte that is not white space follows it; a line break, or a
/// run that ends a word, first means none is. Only a run at a line's
/// start opens: one after white space in the line is as often an
/// identifier (`_id`, `target="_blank"`, `_JAVA_OPTIONS`) as markup.
///
/// For the safe cuts: a cut after such a run could hide it from a link
/// that closes it. The cuts read bytes that need not be UTF-8, where the
/// finder reads each valid run as a text of its own: a run after a byte
/// that is not ASCII is taken as one that may start such a text (it then
/// opens one), so that no cut is made that the finder's look could cross.
pub(crate) fn emphasis_open_before(b: &[u8], c: usize, m: u8) -> Option<usize> {
    open_before(b, c, m, true)
}

/// [`emphasis_open_before`]; with `any_start`, a run after a byte that is
/// not ASCII opens too.
fn open_before(b: &[u8], c: usize, m: u8, any_start: bool) -> Option<usize> {
    let lo = c.saturating_sub(MAX_WIDE_EMPHASIS);
    let mut i = c;
    loop {
        i = lo + b[lo..i].iter().rposition(|&x| x == m || x == b'\n' || x == b'\r')?;
        if b[i] != m {
            return None;
        }
        let end = i + 1;
        while i > lo && b[i - 1] == m {
            i -= 1;
        }
        let starts_line = i == 0 || matches!(b[i - 1], b'\n' | b'\r') || (any_start && b[i - 1] >= 0x80);
        match b.get(end) {
            Some(&x) if starts_line && !is_space(x) => return Some(i),
            // A run after a word's last byte ends it (or is a word's
            // `_`, `snake_case`: passed over).
            x if !starts_line
                && i > 0
                && !is_space(b[i - 1])
                && x.is_none_or(|&x| is_space(x) || x.is_ascii_punctuation()) =>
            {
                return None
            }
            _ if i <= lo => return None,
            _ => {}
        }
    }
}

/// `**https://example.com/a**`, `_…_`, `~~…~~`: markers that close the
/// markup the link was opened in are not part of it (9 real lines).
pub(super) fn markup_end(text: &str, start: usize, end: usize) -> usize {
    let Some(m) = start.checked_sub(1).map(|i| text.as_bytes()[i]) else {
        return end;
    };
    let trailing = text.as_bytes()[start..end]
        .iter()
        .rev()
        .take_while(|&&c| c == m)
        .count();
    end - trailing
}
