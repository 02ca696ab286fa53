//! Links in text that people write (issue 13): the default mode's rules
//! for where a writer's prose, markup or code takes over from a link.
//!
//! UTS #58 decides a link's ends by character properties alone. A reader
//! also sees the words around it: Japanese, Chinese and Korean prose glued
//! to a link with no space, `**` or `` ` `` around it, a Markdown label
//! before its `](`, a `References:` header that makes `<…@…>` a
//! Message-ID, a `(` after `Thread.run` that makes it a method. Each rule
//! below was decided on the hand-labelled real text in `tests/data/real/`
//! (756 lines; the counts are in each rule's comment and in the commit
//! that added it). `Finder::strict_uts58(true)` applies none of them.
//!
//! Two kinds of hooks:
//!
//! * [`refine`] runs on every link the general rules or the one-pass paths
//!   found, and only shortens or drops it (but for the `'` that close a
//!   quote opened in the link, which it takes back), so both paths stay
//!   in step;
//! * the `*_at_script_change`, [`is_prose_domain_dot`] and
//!   [`markup_pair_closes`] helpers are asked by the domain and email
//!   stages, which hand such input to the general rules
//!   ([`mixes_unspaced_script`]).
//!
//! Context is read on the link's own line only, at most [`MAX_CONTEXT`]
//! bytes each way, with `memchr`: finding stays linear, and a stream (whose
//! cuts fall on a newline whenever one lies within 4 KiB) sees the same
//! context as the whole text.

use super::candidate::Raw;
use super::domain::{cut_name_ok, path_follows};
use super::end::trim_end;
use super::escaped::continued_end;
use super::repair::validate_iri;
use super::scheme::is_defanged_scheme;
use super::{Finder, LinkKind};
use crate::letters::is_domain_dot;

mod code;
mod logs;
mod mail;
mod markup;
mod unspaced;
mod usenet;
use super::scheme::is_ed2k;
use code::{
    content_flags, ends_in_a_call, ends_in_contraction, is_build_file, is_code_name, is_member_access, is_rcs_file_at,
    is_shared_library, is_template_input,
};
use logs::{
    image_tag_start, is_arxiv_class, is_go_frame, is_ip_mask, is_json_key, is_mapping_key, is_placeholder_file,
    is_syslog_priority, is_systemd_target, may_end_in_stack_position, may_end_pinned, pinned_version_start,
    stack_position_start,
};
use mail::may_be_ssh_extension_name;
pub(crate) use mail::{id_line_start, is_matrix_server, line_start, starts_header};
use mail::{in_id_header, may_be_mail_parameter, refine_email};
use markup::{
    after_opening_entity, asciidoc_end, bbcode_end, bold_close_end, closes_block_comment, emphasis_close_end,
    ends_in_delimiter_entity, entity_end, in_markdown_label, in_wikilink, is_bbcode_link_text, is_markdown_file_target,
    is_markdown_title, is_org_verbatim_file, is_slack_label, markdown_label_by_the_rule, markup_end,
};
pub(crate) use markup::{
    emphasis_open_before, label_open_before, markdown_target_before, MAX_WIDE_EMPHASIS, MAX_WIDE_LABEL,
};
use unspaced::glued_prose_end;
pub(super) use unspaced::{
    is_cjk_or_hangul, is_unspaced_script, mixes_unspaced_script, start_at_script_change, tld_end_at_script_change,
};
use usenet::in_newsgroups_header;
pub(crate) use usenet::{is_mail_route, splits_mail_route};

/// How far a rule looks along the line before or after a link.
const MAX_CONTEXT: usize = 1024;

/// The dot characters of a domain in the default mode: `。` and `｡` are
/// sentence ends in CJK prose, never the dot of a name (`价格比较贵。Godaddy`,
/// `至 ruby-lang.org。但你`); UTS #58 (strict mode) takes them as dots.
pub(super) fn is_prose_domain_dot(f: &Finder, c: char) -> bool {
    is_domain_dot(c) && (f.strict_uts58 || !matches!(c, '。' | '｡'))
}

/// Markup markers that are not part of a link written between a pair of
/// them (`**www.example.com**`, `` `www.example.com` ``, `_…_`, `~~…~~`).
fn is_markup_marker(c: char) -> bool {
    matches!(c, '*' | '_' | '~' | '`')
}

/// Whether the name `text[start..end]` after the marker `m` is closed by
/// the same marker: right after the name, or after a path, query,
/// fragment or port that runs to it with no white space. The domain stage
/// rejects names after a marker otherwise (`$HOME/x.com`, `_x.com`): they
/// are paths and identifiers.
/// In a code span only a `www.` name, one of three labels or more, or one
/// under `.com`, `.org`, `.net`, `.edu` or `.gov` is a host
/// (`` `www.ruby-lang.org` ``, 3 real lines; `` `google.com` ``, 2
/// held-out lines of the fourth set), or one under a country's TLD with a
/// path (`` `keybase.io/name` ``, `` `t.me/channel` ``: contact pages write
/// accounts so; 1 held-out line, fifty-third set); other names of two
/// labels are code there (`` `block.call` ``, `` `object.fun` ``).
pub(super) fn markup_pair_closes(text: &str, m: char, start: usize, end: usize) -> bool {
    if !is_markup_marker(m) {
        return false;
    }
    let name = &text[start..end];
    // (A path makes a host of a name under a country's TLD: `t.me/x`;
    // `obj.name/2` and `stats.run/total` are code.)
    let cc_with_path =
        || name.rsplit_once('.').is_some_and(|(_, tld)| tld.len() == 2) && path_follows(text.as_bytes(), end);
    if m == '`'
        && !name.starts_with("www.")
        && name.matches('.').count() < 2
        && !has_classic_tld(name)
        && !cc_with_path()
    {
        return false;
    }
    let rest = &text.as_bytes()[end..text.len().min(end + MAX_CONTEXT)];
    match rest.first() {
        Some(&c) if c as char == m => true,
        // (A path, query, fragment or port: `*example.com?p=1*`.)
        Some(b'/' | b'?' | b'#' | b':') => rest
            .iter()
            // Only to the next Hard byte (any byte up to the space, as
            // `token_around`): a stream may be cut there, and the rule
            // must see the same text in a chunk as in the whole input.
            .take_while(|&&c| c > b' ')
            .any(|&c| c as char == m),
        _ => false,
    }
}

/// Whether `name` ends in one of the first generic TLDs, which code does
/// not use for members or file types (`.com`, `.org`, `.net`, `.edu`,
/// `.gov`).
fn has_classic_tld(name: &str) -> bool {
    name.rsplit_once('.').is_some_and(|(_, tld)| {
        ["com", "org", "net", "edu", "gov"]
            .iter()
            .any(|t| tld.eq_ignore_ascii_case(t))
    })
}

/// What the context rules remember while one valid UTF-8 run is scanned,
/// so that the text after a line's links is read once, however many links
/// the line holds (CJK prose has no white space to end each look early).
#[derive(Clone, Debug, Default)]
pub(crate) struct Memo {
    /// No `]` lies in `text[from..close]`, and `close` is a `]` or the
    /// end of the run (valid once `known`).
    from: usize,
    close: usize,
    known: bool,
    /// Set when [`refine`] dropped what is left of a name it cut (`x.py`
    /// of `x.py详细例え.jp`): the end of the cut, where the search reads
    /// the text again as after a link that ended there ([`Memo::take_retry`]);
    /// 0 when not set (a cut ends after the name's first byte).
    retry: usize,
    /// The links of the last JSON string with escaped slashes decoded.
    escaped: super::escaped::Seen,
}

impl Memo {
    /// What `escaped.rs` remembers of the run.
    pub(crate) fn escaped(&mut self) -> &mut super::escaped::Seen {
        &mut self.escaped
    }

    /// Where the search reads the text again after [`refine`] dropped
    /// its link: the end of a cut name that failed the name rules (the
    /// text after it may hold a link of its own, `例え.jp` of
    /// `x.py详细例え.jp`, found as it is after `x.py 详细例え.jp`).
    #[cold]
    pub(crate) fn take_retry(&mut self) -> usize {
        std::mem::take(&mut self.retry)
    }

    /// Whether [`refine`] left a place to read again ([`Memo::take_retry`]).
    #[inline(always)]
    pub(crate) fn has_retry(&self) -> bool {
        self.retry != 0
    }

    /// The first `]` at or after `at` in `b` (`b.len()`: none). Links come
    /// in order, so the searches cover each byte about once: a look that
    /// starts before the last one (a dropped candidate's end) reads only
    /// the bytes between, no more than a link's length.
    #[inline(never)]
    fn next_close(&mut self, b: &[u8], at: usize) -> usize {
        if !self.known || at > self.close {
            self.close = memchr::memchr(b']', &b[at..]).map_or(b.len(), |p| at + p);
            self.from = at;
            self.known = true;
        } else if at < self.from {
            if let Some(p) = memchr::memchr(b']', &b[at..self.from]) {
                self.close = at + p;
            }
            self.from = at;
        }
        self.close
    }
}

/// Applies the default-mode rules of this module to a link found by the
/// other stages: `None` drops it, otherwise it comes back the same or
/// shorter, or longer by the `'` that close quotes opened in it.
///
/// Most links are quiet (crawl text 96%, mail with `<…>` addresses 69%):
/// no rule can change them, and the tests that say so come first and cost
/// a few instructions; the rules' own tests, which read the context, would
/// give the same answer at several times the cost.
#[inline(always)]
pub(super) fn refine(f: &Finder, text: &str, raw: Raw, memo: &mut Memo) -> Option<Raw> {
    debug_assert!(!f.strict_uts58);
    let out = refine_quick(f, text, raw, memo);
    // Every test that finds links in the default mode checks the shortcuts.
    // (Whether the link is still known valid is the shortcuts' own note.)
    let spans = |r: Option<Raw>| r.map(|r| (r.start, r.end, r.kind, r.folded));
    debug_assert_eq!(
        spans(out),
        spans(refine_by_the_rules(f, text, raw, &mut memo.escaped.clone())),
        "{:?}",
        &text[raw.start..raw.end]
    );
    out
}

/// [`refine`] with its shortcuts: the quiet tests and the remembered `]`.
#[inline(always)]
fn refine_quick(f: &Finder, text: &str, raw: Raw, memo: &mut Memo) -> Option<Raw> {
    if raw.folded {
        return Some(raw);
    }
    let b = text.as_bytes();
    let after = b.get(raw.end).copied().unwrap_or(b'\n');
    // Most links are followed by white space: no label's `](` follows,
    // unless the link starts the label (`markup::starts_wide_label`).
    let label_may_go_on = after > b' ' || (raw.start > 0 && b[raw.start - 1] == b'[');
    if label_may_go_on && in_markdown_label(text, raw.start, raw.end, memo) && !is_entity_annotation(b, raw) {
        return None;
    }
    let link = &b[raw.start..raw.end];
    let (Some(&first), Some(&last)) = (link.first(), link.last()) else {
        return Some(raw);
    };
    // Before a link: a markup marker; after it: a Message-ID's `>`, the
    // `(`, `_`, `:` of code names and scp remotes, a closing `'`.
    // (And sentence punctuation before the `>` of `<…>`: see
    // `edge_rules`.)
    let before = if raw.start == 0 { b' ' } else { b[raw.start - 1] };
    let plain_around = !(matches!(after, b'>' | b'(' | b'_' | b':' | b'\'' | b'\\' | b'[' | b'$')
        || matches!(before, b'*' | b'_' | b'~' | b']' | b')' | b'|' | b',' | b';')
        || (matches!(before, b'<' | b':') && matches!(after, b'.' | b',' | b';' | b'!' | b'?')));
    if raw.kind == LinkKind::Email {
        // (`/` after an address: a Bugzilla Message-ID's `…@host/>`.)
        let quiet = plain_around
            && after != b'/'
            && before != b':'
            && before != b'?'
            && before != b'&'
            && !matches!(first, b'*' | b'_' | b'~' | b'`' | b'=' | b'#')
            // (`(n=user@host)`: an old IRC hostmask, `refine_email`.)
            && !(matches!(before, b'(' | b'[') && link.get(1) == Some(&b'='))
            && !link[..link.len().min(4)].eq_ignore_ascii_case(b"git@")
            && !may_be_ssh_extension_name(link)
            && !may_be_mail_parameter(link);
        return if quiet { Some(raw) } else { refine_email(f, text, raw) };
    }
    let (high, bracket) = content_flags(link);
    let glued = match high {
        Some(i) => glued_end(text, raw, i),
        None => raw.end,
    };
    // `*` (bold), `_` and `~` (emphasis, strikethrough), an escaped
    // delimiter (`&gt`, `&quot`, `&#34`, `&apos`:
    // `markup::DELIMITER_ENTITIES`), `s`/`S` (`'s`): the exact tests are in
    // `refine_name_or_iri`.
    let ends_plain = match last {
        b'*' | b'_' | b'~' => false,
        b't' => !ends_in_delimiter_entity(link),
        // (And a stack frame's `:line:column`: `refine_name_or_iri`.)
        b'2' | b'4' | b'7' | b'9' => !ends_in_delimiter_entity(link) && !may_end_in_stack_position(link),
        b'0' | b'1' | b'3' | b'5' | b'6' | b'8' => !may_end_in_stack_position(link),
        b's' => !ends_in_delimiter_entity(link) && (link.len() < 2 || link[link.len() - 2] != b'\''),
        b'S' => link.len() < 2 || link[link.len() - 2] != b'\'',
        // A dash run, an ellipsis (`edge_rules`), a comment's `*/`.
        b'-' => link.len() < 2 || link[link.len() - 2] != b'-',
        b'/' => link.len() < 2 || link[link.len() - 2] != b'*',
        0xA6 => link.len() < 3 || link[link.len() - 3] != 0xE2 || link[link.len() - 2] != 0x80,
        _ => true,
    };
    // Code names start with a digit or a capital, name a build file, a
    // field (`.id`, `.name`) or a syslog priority (`mail.info`); a Go
    // stack frame has a `(`; an RCS file name a `,v` after it; an image
    // reference a `:tag`. A newsgroup comes after a `:` or `,` of its
    // header.
    let may_be_code = || {
        (matches!(last, b'd' | b'D' | b'e' | b'E' | b'l' | b'L' | b'n' | b'N')
            && (is_member_access(&text[raw.start..raw.end]) || is_template_input(link)))
            || (last == b'o' && (is_syslog_priority(link) || after == b'{' || is_shared_library(link)))
            || (last == b't' && is_systemd_target(link))
            || (matches!(last, b'x' | b'X') && (is_ip_mask(link) || is_placeholder_file(link)))
            || (last.is_ascii_uppercase() && is_arxiv_class(link))
            || (matches!(
                first,
                b'b' | b'c' | b'd' | b'g' | b'j' | b'k' | b'm' | b'p' | b'r' | b'v'
            ) && is_build_file(&text[raw.start..raw.end]))
            || ends_in_a_call(link)
            || image_tag_start(link).is_some()
            || (may_end_pinned(link) && pinned_version_start(link).is_some())
            || (after == b',' && is_rcs_file_at(b, raw.end))
            || in_newsgroups_header(b, raw.start)
            || (matches!(after, b'"' | b']' | b'|' | b'=' | b')') && names_markup(b, raw.start, raw.end))
    };
    let quiet = plain_around
        && glued == raw.end
        && !bracket
        && ends_plain
        // (`hxxp://`: a second letter `x` is sent to the rules.)
        && ((raw.kind == LinkKind::Iri && !matches!(link[1], b'x' | b'X') && short_link_code_end(link).is_none())
            || (raw.kind != LinkKind::Iri && first.is_ascii_lowercase() && !may_be_code()));
    if quiet {
        Some(raw)
    } else {
        // (A link these rules may cut or move is no longer known valid.)
        refine_name_or_iri(f, text, raw, glued, bracket, (&mut memo.retry, &mut memo.escaped))
            .map(|r| Raw { valid: false, ..r })
    }
}

/// Whether the email `raw`, a whole Markdown label, is a chatbot training
/// example's entity rather than a link's text: Rasa's Markdown NLU format
/// writes `[123456789@qq.com](email)`, the user's address marked as the
/// entity `email`, and the part in parentheses is an entity's name (ASCII
/// letters, digits, `_`, `-`), never a page. 2 held-out lines (sixty-third
/// set: Chinese customer-service bots). A label's text is otherwise no
/// link of its own (`[a@b.com](mailto:a@b.com)`).
#[cold]
fn is_entity_annotation(b: &[u8], raw: Raw) -> bool {
    const MAX_ENTITY: usize = 32;
    if raw.kind != LinkKind::Email || raw.start == 0 || b[raw.start - 1] != b'[' || !b[raw.end..].starts_with(b"](") {
        return false;
    }
    let name = &b[raw.end + 2..b.len().min(raw.end + 3 + MAX_ENTITY)];
    let n = name
        .iter()
        .take_while(|&&c| c.is_ascii_alphanumeric() || c == b'_' || c == b'-')
        .count();
    n > 0 && n <= MAX_ENTITY && name.get(n) == Some(&b')') && name[0].is_ascii_alphabetic()
}

/// Whether the bare name `b[start..end]`, before a `"`, `]`, `|` or `=`,
/// is a name markup gives: a JSON member's key, a Markdown link's title,
/// a wiki link's page, an Org file in verbatim. One out-of-line call for
/// them all.
#[cold]
#[inline(never)]
fn names_markup(b: &[u8], start: usize, end: usize) -> bool {
    match (b.get(end), b.get(end + 1)) {
        (Some(b'"'), Some(b':')) => is_json_key(b, start, end),
        (Some(b'"'), Some(b')')) => is_markdown_title(b, start, end),
        (Some(b']' | b'|'), _) => start > 0 && matches!(b[start - 1], b'[' | b':') && in_wikilink(b, start, end),
        (Some(b'='), _) => is_org_verbatim_file(b, start, end),
        (Some(b')'), _) => start > 0 && b[start - 1] == b'(' && is_markdown_file_target(b, start, end),
        _ => false,
    }
}

/// Whether the link `b[start..end]` is part of a defanged address, a host
/// with a dot written `[.]`, `(.)` or `[dot]` so that it does not link
/// (`http://bj.whtjz[.]com/zz1.php`, `mail.google[.]com`, `evil[.]example.com`):
/// threat reports and security tickets write the addresses of malware so,
/// and the part before or after the bracket is no address a reader may
/// follow (5 held-out lines, seventeenth set; autolink-java's suite links
/// the whole). See also `scheme::is_defanged_scheme` (`hxxp://`).
/// (A bracket next to the link first: most links have none.)
#[inline(always)]
fn is_defanged_around(b: &[u8], start: usize, end: usize) -> bool {
    (matches!(b.get(end), Some(b'[' | b'(')) || (start > 0 && matches!(b[start - 1], b']' | b')')))
        && defanged_dot_around(b, start, end)
}

/// [`is_defanged_around`] after its quick test.
#[cold]
#[inline(never)]
fn defanged_dot_around(b: &[u8], start: usize, end: usize) -> bool {
    let dot =
        |s: &[u8]| s.starts_with(b"[.]") || s.starts_with(b"(.)") || s[..s.len().min(5)].eq_ignore_ascii_case(b"[dot]");
    dot(&b[end..]) || (start >= 3 && dot(&b[start - 3..])) || (start >= 5 && dot(&b[start - 5..]))
}

/// Where two ends of a link that no other rule moved lie for the reader:
///
/// - A run of two or more `-` that ends a link before white space or the
///   end of the text is a dash of the sentence (`…/index.html-- foo`:
///   Evolution's suite), though `-` is UTS 58 Include. One `-` stays
///   (`…/a-`).
/// - So is a `…` there (`https://t.me/abcdef…`, a truncated or trailing
///   link: Telegram's suite), though UTS 58 makes U+2026 Include; inside a
///   bracketed target it stays (`(…?hl=en…)`, as written).
/// - In `<…>` and `<URL:…>`, sentence punctuation right before the
///   closing `>` is the IRI's (`<https://domain.example/path.>`: RFC 3986
///   Appendix C, the brackets delimit it; Thunderbird for Android's
///   suite), though UTS 58 takes it as Soft.
fn edge_rules(text: &str, raw: &Raw) -> usize {
    let b = text.as_bytes();
    let before_space = b.get(raw.end).is_none_or(|c| c.is_ascii_whitespace());
    let dashes = b[raw.start..raw.end].iter().rev().take_while(|&&c| c == b'-').count();
    if dashes >= 2 && dashes < raw.end - raw.start && before_space {
        return raw.end - dashes;
    }
    let ellipsis = "…".len();
    if before_space && raw.end - raw.start > ellipsis && text[raw.start..raw.end].ends_with('…') {
        // (And the sentence punctuation before it: `https://t.…`.)
        let end = raw.end - ellipsis;
        let soft = b[raw.start..end]
            .iter()
            .rev()
            .take_while(|&&c| matches!(c, b'.' | b',' | b';' | b':' | b'!' | b'?'))
            .count();
        return end - soft.min(end - raw.start - 1);
    }
    let opened = raw.start > 0
        && (b[raw.start - 1] == b'<' || (raw.start >= 5 && b[raw.start - 5..raw.start].eq_ignore_ascii_case(b"<url:")));
    if opened && raw.kind == LinkKind::Iri {
        let soft = b[raw.end..]
            .iter()
            .take_while(|&&c| matches!(c, b'.' | b',' | b';' | b':' | b'!' | b'?'))
            .count();
        if soft > 0 && b.get(raw.end + soft) == Some(&b'>') {
            return raw.end + soft;
        }
    }
    raw.end
}

/// [`refine`] without shortcuts: every rule's own test, on every link,
/// and the Markdown label's look from scratch. For the debug check in
/// [`refine`].
fn refine_by_the_rules(f: &Finder, text: &str, raw: Raw, seen: &mut super::escaped::Seen) -> Option<Raw> {
    if raw.folded {
        return Some(raw);
    }
    let b = text.as_bytes();
    let label_may_go_on = b.get(raw.end).is_some_and(|&c| c > b' ') || (raw.start > 0 && b[raw.start - 1] == b'[');
    if label_may_go_on && markdown_label_by_the_rule(b, raw.start, raw.end) && !is_entity_annotation(b, raw) {
        return None;
    }
    if raw.kind == LinkKind::Email {
        return refine_email(f, text, raw);
    }
    let (high, bracket) = content_flags(&b[raw.start..raw.end]);
    let glued = high.map_or(raw.end, |i| glued_end(text, raw, i));
    refine_name_or_iri(f, text, raw, glued, bracket, (&mut 0, seen))
}

#[inline(never)]
fn refine_name_or_iri(
    f: &Finder,
    text: &str,
    mut raw: Raw,
    glued: usize,
    bracket: bool,
    (retry, seen): (&mut usize, &mut super::escaped::Seen),
) -> Option<Raw> {
    let link = &text.as_bytes()[raw.start..raw.end];
    if is_slack_label(text.as_bytes(), raw.start, raw.end) {
        return None;
    }
    // An eDonkey link's fields are read to its `|/` (`scheme/ed2k.rs`):
    // brackets and CJK in its file name are the name's
    // (`|[电影天堂www.dy2018.com]狂怒.mp4|`: a review's finding).
    if raw.kind == LinkKind::Iri && is_ed2k(link) {
        return Some(raw);
    }
    if is_defanged_around(text.as_bytes(), raw.start, raw.end)
        || (raw.kind == LinkKind::Iri
            && matches!(link[1], b'x' | b'X')
            && memchr::memchr(b':', link).is_some_and(|c| is_defanged_scheme(&link[..c])))
    {
        return None;
    }
    if raw.kind == LinkKind::Domain
        && (in_id_header(text, raw.start, raw.end)
            || is_mapping_key(text.as_bytes(), raw.start, raw.end)
            || names_markup(text.as_bytes(), raw.start, raw.end)
            || (is_code_name(text, &text[raw.start..raw.end], raw.end)
                && memchr::memchr3(b'/', b'?', b'#', link).is_none())
            || is_go_frame(link)
            || in_newsgroups_header(text.as_bytes(), raw.start))
    {
        return None;
    }
    if raw.kind == LinkKind::Iri && glued == raw.start {
        // [`glued_end`] found a host of `…` alone.
        return None;
    }
    let glued = match short_link_code_end(link) {
        Some(n) if raw.kind == LinkKind::Iri => glued.min(raw.start + n),
        _ => glued,
    };
    // Cheap tests first: each rule below needs non-ASCII text, an entity or
    // a `[` in the link, or a marker before it; most links have none.
    let marker = raw.start.checked_sub(1).map(|i| text.as_bytes()[i]);
    let mut end = glued;
    // An entity the link ran into ends it where its `;` stopped the scan,
    // or, after an escaped opening quote, where the closing one starts.
    if ends_in_delimiter_entity(link) || (marker == Some(b';') && after_opening_entity(text.as_bytes(), raw.start)) {
        end = entity_end(text, raw.start, end);
    }
    if bracket {
        end = asciidoc_end(text, raw.start, bbcode_end(text, raw.start, end));
        if marker == Some(b']') && is_bbcode_link_text(text.as_bytes(), raw.start, end) {
            return None;
        }
    }
    if marker.is_some_and(|m| matches!(m, b'*' | b'_' | b'~')) {
        end = markup_end(text, raw.start, end);
    } else if link.last() == Some(&b'*') {
        end = end.min(raw.start + bold_close_end(link));
    } else if let Some(&m @ (b'_' | b'~')) = link.last() {
        end = end.min(raw.start + emphasis_close_end(text.as_bytes(), raw.start, link, m));
    }
    if link.ends_with(b"*/") && closes_block_comment(text.as_bytes(), raw.start, raw.end) {
        end = end.min(raw.end - 2);
    }
    // A link that starts a field of a CSV record (glued after its `,`,
    // a field before that) ends at the next `,`: a field with a comma in
    // it is quoted (RFC 4180 §2), so an unquoted one holds none
    // (`2012-09-27 10:32:37,https://…/n_2546489.shtml,-,Культура,,…`: 15
    // held-out rows of Russian news corpora, forty-fourth set). A comma
    // that starts the line or follows white space is no field's end
    // (`,http://foo.com/bar,more`, the peer suites' test of commas in a
    // path).
    if marker == Some(b',') && raw.start >= 2 && !matches!(text.as_bytes()[raw.start - 2], b' ' | b'\t' | b'\n' | b'\r')
    {
        if let Some(c) = memchr::memchr(b',', &link[..end - raw.start]) {
            end = raw.start + c;
        }
    }
    // `http://example.com's page`: an English possessive after a link is
    // prose, though `'` is a sub-delim RFC 3986 allows there (issue 13,
    // cluster 5). The link scan already stopped at the word's end.
    if link.len() > 3
        && (link.ends_with(b"'s") || link.ends_with(b"'S"))
        && end == raw.end
        && !ends_in_contraction(link)
    {
        end -= 2;
    }
    // A container image's `:tag` after its name (`logs::image_tag_start`),
    // a Go module's `@v1.2.3` or an image's `@sha256:…`
    // (`logs::pinned_version_start`).
    if raw.kind == LinkKind::Domain {
        if let Some(colon) = image_tag_start(&link[..end - raw.start]) {
            end = raw.start + colon;
        } else if let Some(at) = pinned_version_start(&link[..end - raw.start]) {
            end = raw.start + at;
        }
    }
    // A stack frame's position after a script's URL (`app.js:469:34`,
    // `app_bg.wasm:wasm-function[8066]:0x79027b`: its `[` is a bracket).
    if end == raw.end && (bracket || matches!(link.last(), Some(b'0'..=b'9'))) {
        if let Some(colon) = stack_position_start(link) {
            end = raw.start + colon;
        }
    }
    // The `','` between two quoted values of a PHP or SQL array, which the
    // link runs into (`…/45/edit','created_at' => …`: 1 held-out line; no
    // URL writes it). A link after a `'` ends at the next one already.
    if end == raw.end && text.as_bytes().get(end) == Some(&b'\'') && marker != Some(b'\'') {
        if let Some(p) = memchr::memchr_iter(b'\'', link).find(|&q| link[q + 1..].starts_with(b",'")) {
            end = raw.start + p;
        }
    }
    if end == raw.end {
        let b = text.as_bytes();
        if b.get(end) == Some(&b'\'') && marker != Some(b'\'') {
            if !closes_wiki_emphasis(b, raw.start, link, end) {
                raw.end += closing_apostrophes(link, &b[end..]);
            }
        } else if b.get(end) == Some(&b'\\') && raw.kind == LinkKind::Iri {
            // A JSON escape after it: `?a=1\u0026b=2` (`escaped.rs`).
            raw.end = continued_end(f, text, raw.start, end, seen).unwrap_or(end);
        } else {
            raw.end = edge_rules(text, &raw);
        }
        return Some(raw);
    }
    end = trim_end(f, text, raw.start, end);
    if raw.kind == LinkKind::Iri {
        let colon = text[raw.start..end].find(':').map_or(raw.start, |c| raw.start + c);
        // A cut that leaves `scheme://` and nothing after it leaves no link
        // (`ttp://.*\\.(jpg|png)`, a regex: 1 held-out line).
        let slashes = if text.as_bytes()[colon + 1..].starts_with(b"//") {
            3
        } else {
            1
        };
        end = validate_iri(f, text, raw.start, end, colon + slashes)?;
    } else if !text[raw.start..end].contains('.') {
        return None;
    } else if cuts_name(link, end - raw.start) {
        // What is left of the name passes the rules it would have to pass
        // if found from its own dot: `x.py详细例え.jp` leaves no `x.py`,
        // as `x.py 详细` links none (`example.com详细例え.jp` keeps its
        // host). The text after the cut is read again ([`Memo::take_retry`]).
        let name = &text[raw.start..end];
        if !cut_name_ok(f, name) || is_code_name(text, name, end) {
            *retry = end;
            return None;
        }
    }
    raw.end = end;
    Some(raw)
}

/// Whether a name link (`link`, a host and an optional port, path, query
/// or fragment) cut to its first `len` bytes lost part of its host: the
/// cut falls before the host's end.
fn cuts_name(link: &[u8], len: usize) -> bool {
    let host_end = link
        .iter()
        .position(|&c| matches!(c, b'/' | b'?' | b'#' | b':'))
        .unwrap_or(link.len());
    len < host_end
}

/// Whether the `''` (or `'''`) at `end`, after the link `link` at `start`
/// that holds no `'`, closes MediaWiki italics (bold) that open its line
/// (`''…reprises sur le site https://pouet.audio''`: 3 held-out lines,
/// sixty-fifth set): markup, not quotes the link opened. The opener is
/// found as an emphasis's is ([`emphasis_open_before`], whose safe cuts
/// keep it on the link's side); without it the pair stays the link's
/// (`http://example.org/''`, linkify-rs's suite).
#[cold]
#[inline(never)]
fn closes_wiki_emphasis(b: &[u8], start: usize, link: &[u8], end: usize) -> bool {
    let run = |at: usize| b[at..].iter().take_while(|&&c| c == b'\'').count();
    run(end) >= 2
        && !link.contains(&b'\'')
        && emphasis_open_before(b, start, b'\'').is_some_and(|open| run(open) == run(end))
}

/// How many of the `'` that follow a link (`after` starts with them) close
/// quotes opened in it and belong to it (`…/a'b'`, `…/'_(foo)'`,
/// `…/blah_'singlequoted'`: 9 peer-suite cases): as many as make the
/// link's `'` even, when only white space, punctuation or a closing
/// bracket or quote follows them (`[…/a_'b']`, `"…/a_'b'"`: 20 anchorme
/// cases).
/// UTS 58 makes `'` Soft, so a trailing one is dropped; RFC 3986 allows it.
fn closing_apostrophes(link: &[u8], after: &[u8]) -> usize {
    let t = after.iter().take_while(|&&c| c == b'\'').count();
    let ends = after.get(t).is_none_or(|&c| {
        c <= b' '
            || matches!(
                c,
                b'.' | b',' | b';' | b':' | b'!' | b'?' | b')' | b']' | b'}' | b'>' | b'"'
            )
    });
    if t > 8 || !ends {
        return 0;
    }
    let q = link.iter().filter(|&&c| c == b'\'').count();
    if (q + t) % 2 == 0 {
        t
    } else {
        t - 1
    }
}

/// [`glued_prose_end`], but for a link that is a bracketed target running
/// to its closing bracket: a Markdown `](…)` or an Org-mode `[[…]]` or
/// `[[…][`. The bracket, not the writer's prose, ends such a target
/// (`[[https://…/calc/emacs-calculator使用说明.org][…]]`: Han glued after
/// ASCII letters is part of the file name; 1 held-out line, fifth set).
/// `high` is the link's first non-ASCII byte. An IRI whose host is `…`
/// alone ([`is_ellipsis_host`]) comes back cut to nothing, so that it
/// takes the rules' path, which drops it: this test sits where only links
/// with non-ASCII bytes go.
#[inline(always)]
fn glued_end(text: &str, raw: Raw, high: usize) -> usize {
    let glued = glued_prose_end(text, raw.start, raw.end, high);
    let b = text.as_bytes();
    if b[raw.start + high] == 0xE2 && raw.kind == LinkKind::Iri && is_ellipsis_host(&b[raw.start..raw.end], high) {
        return raw.start;
    }
    if glued != raw.end && is_bracketed_target(b, raw.start, raw.end) {
        raw.end
    } else {
        glued
    }
}

/// Whether `b[start..end]` is a Markdown `](…)` or Org-mode `[[…]`
/// target that runs to its closing bracket ([`glued_end`]).
#[inline(never)]
fn is_bracketed_target(b: &[u8], start: usize, end: usize) -> bool {
    start >= 2
        && matches!(
            (&b[start - 2..start], b.get(end)),
            (b"](", Some(b')')) | (b"[[", Some(b']'))
        )
}

/// Whether the IRI `link` has `…` (U+2026) alone for its host
/// (`https://…/api/ap.ics?token=…`: a writer's "any host", as
/// `https://****/`; 1 held-out line, fourth set). `high` is the link's
/// first non-ASCII byte, where such a host starts: a few byte tests.
#[inline(never)]
fn is_ellipsis_host(link: &[u8], high: usize) -> bool {
    high >= 3
        && &link[high - 3..high] == b"://"
        && link[high..].starts_with("…".as_bytes())
        && link
            .get(high + 3)
            .is_none_or(|&c| matches!(c, b'/' | b'?' | b'#' | b':'))
}

/// [`glued_short_link_end`] behind one four-byte test: bytes 8 to 11 hold
/// `t.co` after `https://` or `.co/` after `http://t`, in lowercase, as
/// Twitter writes every short link (a case fold here cost 0.1% of the
/// instructions on link-dense text for a form no tweet holds).
#[inline(always)]
fn short_link_code_end(link: &[u8]) -> Option<usize> {
    let w = match link.get(8..12) {
        Some(&[a, b, c, d]) if link.len() > 22 => u32::from_le_bytes([a, b, c, d]),
        _ => return None,
    };
    if w == u32::from_le_bytes(*b"t.co") || w == u32::from_le_bytes(*b".co/") {
        glued_short_link_end(link)
    } else {
        None
    }
}

/// The end of the code of a Twitter short link (`https://t.co/` and ten
/// letters or digits) with a hashtag, a mention, another link or
/// non-ASCII text glued after it: `https://t.co/YJXdVQJIEm#صدى_الملاعب`,
/// `…SdDJZuHHTw@almaghribtoday`, `…XykniVCX5Yhttps://t.co/…`. Tweet
/// collections lose the space before them when they strip line breaks or
/// the ellipsis (20 held-out lines, eighty-fourth set: 6.5% of the
/// SemEval Arabic tweets with a `t.co` link). Every `t.co` code is ten
/// characters, and the redirector takes no fragment or path after it.
#[cold]
#[inline(never)]
fn glued_short_link_end(link: &[u8]) -> Option<usize> {
    let starts = |b: &[u8], p: &[u8]| b.get(..p.len()).is_some_and(|h| h.eq_ignore_ascii_case(p));
    let host = if starts(link, b"https://") {
        8
    } else if starts(link, b"http://") {
        7
    } else {
        return None;
    };
    let (code, end) = (host + 5, host + 15);
    let rest = link.get(end..).filter(|r| !r.is_empty())?;
    let glued = matches!(rest[0], b'#' | b'@' | 0x80..) || starts(rest, b"http:") || starts(rest, b"https:");
    (glued && starts(&link[host..], b"t.co/") && link[code..end].iter().all(u8::is_ascii_alphanumeric)).then_some(end)
}

#[cfg(test)]
mod tests;
