//! Links with a scheme: the scheme before a `:`, the authority checked
//! before the rest is scanned, the schemes that link without `//`, and a
//! one-pass path for the plain web links most text holds.

use super::bytes16::name_bits;
use super::candidate::{CutScan, Part, Raw};
use super::classes::{has_class, scheme_word_start, ALNUM_BYTE, AUTHORITY_END};
use super::email::{mailto_len, mailto_ok, written_at_after};
use super::end::{closing_quote, ends_link_in_prose, grapheme_end, is_grapheme_boundary, scan_forward, trim_end};
use super::escaped::after_escape;
use super::fold::{angle_bracketed, try_folded};
use super::host::{dns_labels_ok, has_bad_idn_label, host_before_dash, AsciiLabels, MEASURED_LABEL_BYTES};
use super::prose::is_unspaced_script;
use super::repair::validate_iri;
use super::tail::{on_grapheme_boundary, plain_rest, quote_in_iri, PLAIN_WEB_LINK_MAX};
use super::template::{placeholder_at, template_authority_end};
use super::Finder;
use crate::chars::{is_bidi_control, is_ucschar};
use crate::chars::{link_term, LinkTerm};
use crate::iri::parse::{can_appear_in_iri, is_ipv6};
use crate::iri::uses_dns;
use crate::letters::{char_at, char_before, is_domain_dot, link_letters_end};
pub(super) use ed2k::{ed2k_end, ed2k_iri, is_ed2k};
#[cfg(test)]
pub(crate) use shapes::OPAQUE_SCHEMES;
use shapes::{
    empty_authority_path, is_bracketed_cid, is_file_path, is_jdbc_url, is_scm_provider, lacks_its_shape,
    links_without_slashes,
};
pub(super) use shapes::{
    is_defanged_scheme, is_registered_opaque_scheme, is_split_web_scheme, is_web_scheme_name, may_be_opaque_word,
};

/// What [`web_host_end`] makes of a web link's host.
enum HostEnd {
    /// Nothing: the general rules go on.
    Go,
    /// No link.
    Reject,
    /// The link ends here, at the end of its host.
    At(usize),
}

/// The default mode's rules for the host of a link whose scheme resolves
/// names in the DNS (`host` starts at `a + host_start`, after a userinfo
/// if any). Out of line: the one-pass path, inlined into `scheme_link`,
/// keeps its code as it is.
///
/// - An eDonkey link's `|` fields stand where its authority would (`ed2k.rs`).
/// - No `@` in a userinfo (RFC 3986 §3.2.1): `http://@@google.com` has no
///   authority a reader could mean (Telegram's suite).
/// - A DNS host holds letters, digits, `-`, `.` (and `_`, `%XX`, other
///   scripts): a sub-delim ends it, and the link with it
///   (`http://yahoo.com's/path` is `http://yahoo.com` and a possessive: 12
///   Autolinker cases), though RFC 3986's reg-name takes them. A name of
///   one label is kept only as `localhost`: what is left of
///   `http://google,.com` or of an escaped IDN, `http://r&#xE9;sum&#xE9;`
///   (3987bis §3.4), is no host. `*`, braces and brackets are the markup
///   and bracket rules'; with a userinfo, where the host ends is the
///   general rules'.
#[inline(never)]
fn web_host_end(f: &Finder, text: &str, scheme: &str, a: usize, host_start: usize, host: &str) -> HostEnd {
    // (The scheme is looked up last: most hosts pass the byte tests.)
    let b = text.as_bytes();
    // `ed2k://|file|…|/`: fields where the authority would be (`ed2k.rs`).
    if b.get(a) == Some(&b'|') && scheme.eq_ignore_ascii_case("ed2k") {
        return ed2k_end(b, a)
            .filter(|&end| is_grapheme_boundary(text, end))
            .map_or(HostEnd::Reject, HostEnd::At);
    }
    if host_start > 0 {
        let at_in_userinfo = host_start > 1 && b[a..a + host_start - 1].contains(&b'@');
        return if at_in_userinfo && uses_dns(scheme) {
            HostEnd::Reject
        } else {
            HostEnd::Go
        };
    }
    let other = |c: u8| c < 0x80 && !(c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_' | b'%'));
    let Some(k) = host.bytes().position(other) else {
        return HostEnd::Go;
    };
    let sub_delim = matches!(
        host.as_bytes()[k],
        b'!' | b'$' | b'&' | b'\'' | b'+' | b',' | b';' | b'='
    );
    if !sub_delim || !uses_dns(scheme) {
        return HostEnd::Go;
    }
    // (What the link keeps ends as links end: `«…»)` drops the `»`.)
    let end = trim_end(f, text, a, a + k);
    let kept = &text[a..end.max(a)];
    let one_label = !kept.contains('.') && !kept.eq_ignore_ascii_case("localhost");
    if kept.is_empty() || one_label || !dns_labels_ok(kept) {
        HostEnd::Reject
    } else {
        HostEnd::At(end)
    }
}

/// The length of the ASCII name at the start of `host`, a host that is no
/// DNS name, when CJK prose is glued after its TLD, or a closing bracket
/// and prose: `wap.joyes.com打开网站，选择【网游】…` ("open the site,
/// choose…"), `拉阔游戏(http://lakoo.cn)出品，拉阔游戏一直推行…` (3 held-out
/// lines of Chinese news copy, forty-fourth set). A short run of Han after
/// the TLD passes as a label and the prose and bracket rules cut it
/// (`glued_end`); a long one makes the last label longer than 63 octets,
/// and the host failed whole. The name before the prose is the host a
/// reader follows. `None` for other hosts. Default mode only; out of
/// line, on the rejecting path.
#[cold]
#[inline(never)]
fn host_before_glued_prose(host: &str) -> Option<usize> {
    let p = host
        .bytes()
        .position(|c| !(c.is_ascii_alphanumeric() || c == b'.' || c == b'-'))?;
    let name = &host[..p];
    let tld = &name[name.rfind('.')? + 1..];
    let rest = &host[p..];
    let prose = rest.starts_with(')') || rest.starts_with(']') || rest.chars().next().is_some_and(is_unspaced_script);
    (tld.len() >= 2 && tld.bytes().all(|c| c.is_ascii_alphabetic()) && prose && dns_labels_ok(name)).then_some(p)
}

/// Whether the authority `text[a..auth_end]`, which starts with a
/// non-ASCII byte and holds no dot, is a word of prose rather than a host:
///
/// - glued to a second scheme whose `//` follows (`(http://或https://)`,
///   "http:// or https://": 1 held-out line, thirtieth set). A host with a
///   dot may run on through CJK quotes to the next link's scheme
///   (`“http://人民日报.公益”、“http://…`), which the end rules cut;
/// - a particle of kana or Hangul glued to the `//` with nothing after it:
///   the scheme spoken of in Japanese or Korean prose (`앞에 https://는 좀
///   빼주셔야 돼요`, "leave out the https:// in front"; `https://は不要です`;
///   1 held-out line, thirty-fourth set). A name with a dot
///   (`http://はじめて.jp`) or a placeholder host with a path
///   (`http://서버주소/gwalli`, "server address") still links.
#[cold]
#[inline(never)]
fn authority_is_prose(text: &str, a: usize, auth_end: usize) -> bool {
    let b = text.as_bytes();
    // (The byte tests first: most hosts fail one, before the search for a dot.)
    let shape = match b.get(auth_end) {
        Some(b'/') => b[auth_end - 1] == b':' && b[auth_end..].starts_with(b"//"),
        Some(b'?' | b'#') => false,
        _ => text[a..auth_end]
            .chars()
            .next()
            .is_some_and(|c| matches!(c, '\u{3041}'..='\u{309F}' | '\u{AC00}'..='\u{D7A3}')),
    };
    shape && b[a..auth_end].iter().all(|&c| c != b'.')
}

/// A candidate IRI whose scheme's `:` is at `colon`.
#[inline]
pub(super) fn try_scheme(f: &Finder, text: &str, colon: usize, floor: usize) -> Option<Raw> {
    let s = scheme_start(f, text, colon, floor)?;
    scheme_link::<true>(f, text, s, colon)
}

/// Where the scheme before the `:` at `colon` starts, if a link may start
/// there: the rejections that need nothing but the scheme and the bytes
/// around it, inlined into the trigger loop (most colons in prose,
/// `key:value`, `Note:`, end here).
#[inline(always)]
fn scheme_start(f: &Finder, text: &str, colon: usize, floor: usize) -> Option<usize> {
    let b = text.as_bytes();
    let s = scheme_word_start(b, colon, floor)?;
    let scheme = &text[s..colon];
    // (The scheme the link will have: `https` of `foohttps://`, which the
    // default mode cuts from the word, as `scheme_link` does.)
    if f.allowed_schemes.is_some() {
        let from = if f.strict_uts58 {
            s
        } else {
            glued_web_scheme(b, s, colon)
        };
        if !f.allows_scheme(&text[from..colon]) {
            return None;
        }
    }
    // Without `//`, only an opaque scheme links, or any scheme right after
    // `<` (see `scheme_link`).
    if !b[colon + 1..].starts_with(b"//") {
        if (s == 0 || b[s - 1] != b'<') && !links_without_slashes(scheme, &b[colon + 1..]) {
            return None;
        }
        if !f.strict_uts58
            && (is_scm_provider(b, s)
                || is_bracketed_cid(b, s, scheme)
                || (scheme.len() == 3 && lacks_its_shape(scheme, &b[colon + 1..])))
        {
            return None;
        }
    } else if colon - s <= 2 && !f.strict_uts58 && is_split_web_scheme(b, s, colon) {
        return None; // `htt p://…`: the name after `//` is a bare one
    }
    Some(s)
}

/// Where the scheme of `b[s..colon]` starts when `http` or `https` is
/// glued to a word, dots or dashes before it (`InvalidUrlhttps://…`,
/// `me...http://…`, `randomtexthttp://…`, `here-http://…`,
/// `json-schema-core.http://…`): at the web scheme, the word is prose (4
/// held-out lines, 2 peer cases). Compound schemes keep their
/// `+` (`git+https://`), and a digit before the scheme still rejects it.
/// Any scheme starts after a JSON or C escape that lent the word its
/// letters (`\u003chttps://…\u003e`, `\nftp://…`: [`after_escape`]).
#[inline]
fn glued_web_scheme(b: &[u8], s: usize, colon: usize) -> usize {
    if s > 0 && b[s - 1] == b'\\' {
        let e = after_escape(b, s, colon);
        if e > s && e < colon && b[e].is_ascii_alphabetic() {
            return e;
        }
    }
    let scheme = &b[s..colon];
    let web = if scheme.len() > 5 && scheme[scheme.len() - 5..].eq_ignore_ascii_case(b"https") {
        5
    } else if scheme.len() > 4 && scheme[scheme.len() - 4..].eq_ignore_ascii_case(b"http") {
        4
    } else {
        return s;
    };
    if scheme[..scheme.len() - web]
        .iter()
        .all(|&c| c.is_ascii_alphabetic() || c == b'.' || c == b'-')
    {
        colon - web
    } else {
        s
    }
}

/// The start of the run of bytes `in_run` takes that ends at `end`, when
/// it is `most` bytes long or shorter; `None` when it is longer (only
/// `most + 1` bytes are read).
pub(super) fn run_start(b: &[u8], end: usize, most: usize, in_run: impl Fn(u8) -> bool) -> Option<usize> {
    let lo = end.saturating_sub(most + 1);
    let start = b[lo..end].iter().rposition(|&c| !in_run(c)).map_or(lo, |p| lo + p + 1);
    (end - start <= most).then_some(start)
}

/// The IRI whose scheme starts at `s` (from [`scheme_start`]) and ends at
/// the `:` at `colon`, with or without [`plain_web_link`] (the tests check
/// that both find the same link at every colon). Out of line: the trigger
/// loop calls it for few colons.
#[inline(never)]
fn scheme_link<const FAST: bool>(f: &Finder, text: &str, s: usize, colon: usize) -> Option<Raw> {
    let b = text.as_bytes();
    let s = if f.strict_uts58 {
        s
    } else {
        glued_web_scheme(b, s, colon)
    };
    let scheme = &text[s..colon];
    let slashes = b[colon + 1..].starts_with(b"//");
    let is_file = scheme.eq_ignore_ascii_case("file");
    let prev = char_before(text, s);
    let folding_opener = prev == Some('<') || (s >= 5 && text.as_bytes()[s - 5..s].eq_ignore_ascii_case(b"<url:"));
    if folding_opener && (slashes || is_registered_opaque_scheme(scheme)) {
        if let Some(raw) = try_folded(f, text, s, colon) {
            return Some(raw);
        }
    }
    let quote = prev.and_then(closing_quote);
    if FAST && slashes && !is_file && !f.strict_uts58 && !scheme.eq_ignore_ascii_case("mailto") {
        if let Some(end) = plain_web_link::<false>(f, text, s, colon, quote) {
            // (Valid by construction: see `plain_web_link`.)
            return Some(Raw {
                valid: true,
                ..Raw::iri(s, end)
            });
        }
    }
    let (tail_start, part, min_end) = if slashes {
        let a = colon + 3;
        // Look at the authority before scanning the rest: reject early.
        let auth_end = b[a..]
            .iter()
            .position(|&c| has_class(c, AUTHORITY_END))
            .map_or(b.len(), |p| a + p);
        // A URI template's placeholder in the authority (`template.rs`).
        if !f.strict_uts58 && (b.get(auth_end) == Some(&b'<') || b[a..auth_end].iter().any(|&c| c == b'{' || c == b'$'))
        {
            if let Some(end) = template_authority_end(text, a, s.saturating_add(f.max_link_len)) {
                return template_link(f, text, s, end, quote);
            }
        }
        if !f.strict_uts58 && auth_end > a && b[a] >= 0x80 && authority_is_prose(text, a, auth_end) {
            return None;
        }
        let auth = trim_end(f, text, a, auth_end);
        let auth = &text[a..auth];
        // The host: after the last `@`, before a `:port` (authorities are
        // short: plain byte loops beat the searchers' setup).
        let ab = auth.as_bytes();
        let host_start = ab.iter().rposition(|&c| c == b'@').map_or(0, |p| p + 1);
        let host = &auth[host_start..];
        let host = if host.starts_with('[') {
            host
        } else {
            &host[..host.bytes().position(|c| c == b':').unwrap_or(host.len())]
        };
        if host.is_empty() && !is_file && !(auth.is_empty() && empty_authority_path(scheme, &b[a..])) {
            return None;
        }
        // A host of punctuation alone is a writer's stand-in, not an
        // address: `https://****/public/` (redacted), `http://~~` ("some
        // address"). 2 held-out lines. (An IP literal is an address:
        // `http://[::]`, the unspecified one, that servers listen on.)
        if !f.strict_uts58
            && !host.is_empty()
            && !host.starts_with('[')
            && !host.bytes().any(|c| c.is_ascii_alphanumeric() || c >= 0x80)
        {
            return None;
        }
        if !f.strict_uts58 && !host.starts_with('[') {
            match web_host_end(f, text, scheme, a, host_start, host) {
                HostEnd::Go => {}
                HostEnd::Reject => return None,
                HostEnd::At(end) => return Some(Raw::iri(s, end)),
            }
        }
        if !host.is_empty() && !host.starts_with('[') && uses_dns(scheme) && !dns_labels_ok(host) {
            // A dash right after the host ends the link (host.rs).
            let dash_ends_authority = host_start + host.len() == auth.len();
            let emphasis = s > 0 && b[s - 1] == b'_';
            if !f.strict_uts58 && dash_ends_authority {
                if let Some(len) = host_before_glued_prose(host) {
                    return Some(Raw::iri(s, a + host_start + len));
                }
            }
            return host_before_dash(host, emphasis)
                .filter(|_| dash_ends_authority)
                .map(|len| Raw::iri(s, a + host_start + len));
        }
        (a, Part::Authority, if is_file { colon + 3 } else { a })
    } else {
        let next = char_at(text, colon + 1)?;
        if !can_appear_in_iri(next) || matches!(link_term(next), LinkTerm::Hard | LinkTerm::Close) {
            return None;
        }
        // (`links_without_slashes`, written out: the call made
        // `scheme_link`'s one-pass loops 0.9% slower on crawl.)
        if !is_registered_opaque_scheme(scheme)
            && !is_file_path(scheme, &b[colon + 1..])
            && !is_jdbc_url(scheme, &b[colon + 1..])
        {
            // RFC 3986 Appendix C / CommonMark autolinks: `<` and `>`
            // delimit a URI, so inside them any valid scheme links.
            return if prev == Some('<') && !f.strict_uts58 {
                angle_bracketed(f, text, s, colon)
            } else {
                None
            };
        }
        (colon + 1, Part::Path, colon + 1)
    };
    // The plain shape after an opaque scheme's colon, or after `file://`
    // with no host (`file:///home/…`: the path starts the tail), in one
    // pass.
    let plain = if FAST && (!slashes || (is_file && b.get(tail_start) == Some(&b'/'))) && !f.strict_uts58 {
        plain_rest::<false>(f, text, s, tail_start, tail_start, quote).filter(|&end| end > min_end)
    } else {
        None
    };
    let (end, scan) = match plain {
        Some(end) => (end, None),
        None => {
            let (end, cut, scan) = general_end(f, text, s, (tail_start, part, min_end), quote)?;
            // Cut at the length cap: only in a path, query or fragment
            // after an authority; a cut in the authority, or in an opaque
            // IRI (`mailto:`, `tel:`), would name another host, address or
            // number. Then the whole word is longer than the cap: no link,
            // nor anything in it (`scan::next_link` passes over it).
            if cut && (!slashes || !b[tail_start..end].iter().any(|&c| matches!(c, b'/' | b'?' | b'#'))) {
                let cap = s.saturating_add(f.max_link_len).min(b.len());
                let word_end = b[cap..].iter().position(|&c| c <= b' ').map_or(b.len(), |p| cap + p);
                return Some(Raw {
                    cut: scan,
                    ..Raw::iri(s, word_end)
                });
            }
            (end, scan)
        }
    };
    let end = if scheme.eq_ignore_ascii_case("mailto") {
        let end = trim_end(f, text, s, colon + 1 + mailto_len(&text[colon + 1..end]));
        if end <= min_end || !mailto_ok(&text[colon + 1..end]) {
            return None;
        }
        let b = text.as_bytes();
        if !f.strict_uts58
            && b.get(end) == Some(&b' ')
            && matches!(b.get(end + 1), Some(b'a' | b'A' | b' ' | b'(' | b'[' | b'{'))
            && written_at_after(b, colon, end)
        {
            return None;
        }
        end
    } else {
        end
    };
    Some(Raw {
        cut: scan,
        ..Raw::iri(s, end)
    })
}

/// The URI template at `s` whose authority (a placeholder among it) ends
/// at `auth_end`: the general rules from there; no link unless it keeps
/// the whole authority. Out of line: templates are rare.
#[cold]
#[inline(never)]
fn template_link(f: &Finder, text: &str, s: usize, auth_end: usize, quote: Option<char>) -> Option<Raw> {
    let (end, cut, scan) = general_end(f, text, s, (auth_end, Part::Path, auth_end - 1), quote)?;
    (!cut).then_some(Raw {
        cut: scan,
        ..Raw::iri(s, end)
    })
}

/// The end of the IRI whose scheme starts at `s` by the general rules: the
/// forward scan from `tail_start` in `part`, then validation and grapheme
/// boundaries, each of which may move the end back; `None` unless it ends
/// past `min_end`. Also whether the length cap cut the scan, and the
/// scan's state if it stopped at the cap.
fn general_end(
    f: &Finder,
    text: &str,
    s: usize,
    (tail_start, part, min_end): (usize, Part, usize),
    quote: Option<char>,
) -> Option<(usize, bool, Option<CutScan>)> {
    let (end, cut, scan) = scan_forward(f, text, tail_start, part, quote, s);
    // Validation and grapheme boundaries each may move the end back; repeat
    // until both hold (`http://[::1]\u{301}`: the mark clusters with `]`).
    let mut end = validate_iri(f, text, s, end, min_end)?;
    for _ in 0..4 {
        let g = grapheme_end(f, text, s, end);
        if g == end {
            break;
        }
        end = validate_iri(f, text, s, g, min_end)?;
    }
    if end <= min_end || !is_grapheme_boundary(text, end) {
        return None;
    }
    Some((end, cut, scan))
}

/// The end of the link `scheme://host[:port][/path][?query][#fragment]` at
/// `s` when it has the plain shape most links have: a host of ASCII
/// letters, digits, `-`, dots and other characters UTS 58 includes that
/// ends in neither a dot nor `-`, or an IPv6 literal (no userinfo), a port of
/// digits, then link characters with at most one `#`, `%` only before two
/// hex digits, no `[` and no opener but `(`; ended where the forward scan
/// ends it (a byte that is not in any IRI, a closing bracket that closes
/// nothing, a Hard character, CJK punctuation before more CJK text) or by
/// the end of the text. One pass over the bytes finds the end that the
/// general rules (authority check, forward scan, validation, grapheme
/// boundary) would find, and the link is valid by construction. `None`:
/// not that shape, ask the general rules — so anything unusual (IPvFuture,
/// userinfo, `[` after the host, a second `#`, private use, over 256 bytes)
/// costs only this pass in addition.
///
/// The bracket stack of the forward scan holds only `(` here, so it is a
/// count, cleared where the scan clears the stack (UTS 58: `/` in the path,
/// `?`, `#`, `=` and `&` in the query, `:~:` in the fragment).
///
/// A quote before the scheme ends the link at its closing quote, as in the
/// forward scan; a closing quote that an IRI may hold is looked for only
/// when `QUOTED` (without it, such a link is `None`). Only for the default
/// mode and a scheme with `//` other than `file` and `mailto`.
fn plain_web_link<const QUOTED: bool>(
    f: &Finder,
    text: &str,
    s: usize,
    colon: usize,
    quote: Option<char>,
) -> Option<usize> {
    if !QUOTED && quote_in_iri(quote) {
        return quoted_web_link(f, text, s, colon, quote);
    }
    let b = text.as_bytes();
    // Long links go to the general rules, which take eight bytes per step:
    // a byte loop here would only add to their cost.
    let limit = b.len().min(s.saturating_add(f.max_link_len.min(PLAIN_WEB_LINK_MAX)));
    // The cap cuts the link: the general rules decide where.
    let capped = |i: usize| i >= limit && limit < b.len();
    // The host: labels of ASCII and of letters and marks of the common
    // scripts (each run counts as a letter, as `host_char_len` would count
    // each of them), ending in neither a dot nor `-`.
    let mut i = colon + 3;
    let mut labels = AsciiLabels::new();
    // The ASCII start of the host, sixteen bytes at once (most hosts are
    // no longer); the loop goes on from where it ends.
    if let Some(chunk) = b.get(i..i + 16).and_then(|c| <&[u8; 16]>::try_from(c).ok()) {
        let bits = name_bits(chunk);
        let n = bits.name_len().min(limit.saturating_sub(i));
        labels.push_bits(bits, n);
        i += n;
    }
    let (mut xn_label, mut non_ascii) = (false, false);
    loop {
        // Runs of letters and digits count as one letter (a letter after a
        // letter changes nothing in `labels`); `-` and `.` one by one.
        while i < limit {
            let c = b[i];
            if ALNUM_BYTE[c as usize] {
                i += 1;
                while i < limit && ALNUM_BYTE[b[i] as usize] {
                    i += 1;
                }
                labels.push(b'a');
            } else if c == b'.' || c == b'-' {
                labels.push(c);
                i += 1;
            } else {
                break;
            }
        }
        if i >= limit || b[i] < 0x80 {
            break;
        }
        // An `xn--` label that goes on in another script, or a host long
        // enough to hold a label too long as an A-label: only these need
        // `has_bad_idn_label`. The `xn--` label is read back from here
        // to its start.
        let host = colon + 3;
        let label = b[host..i]
            .iter()
            .rposition(|&c| c == b'.' || c >= 0x80)
            .map_or(host, |p| host + p + 1);
        xn_label |= b[label..i].len() >= 4 && b[label..label + 4].eq_ignore_ascii_case(b"xn--");
        non_ascii = true;
        let run = link_letters_end(b, i, limit);
        if run > i {
            labels.push(b'a');
            i = run;
            continue;
        }
        // Other characters UTS 58 includes count as letters too, as
        // `dns_labels_ok` counts them (domain dots aside).
        match host_char_len(text, i) {
            Some(n) if i + n <= limit => {
                labels.push(b'a');
                i += n;
            }
            _ => break,
        }
    }
    // An `xn--` label that is not ASCII (`http://xn--はじめよう.com`) is
    // no host: the general rules reject it with `dns_labels_ok`.
    // (And a particle glued to the `//`: the general rules'
    // `authority_is_prose`.)
    if capped(i)
        || !labels.ok()
        || ((xn_label || (non_ascii && i - (colon + 3) > MEASURED_LABEL_BYTES))
            && has_bad_idn_label(&text[colon + 3..i]))
        || (non_ascii && matches!(b[colon + 3], 0xE3 | 0xEA..=0xED) && authority_is_prose(text, colon + 3, i))
    {
        // Not a name: an IPv6 literal, or the general rules.
        i = ip_literal_end(b, colon + 3, i, limit)?;
    }
    let mut end = i;
    if b.get(i) == Some(&b':') {
        let port = i + 1;
        i = port;
        while i < limit && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == port || capped(i) {
            return None;
        }
        end = i;
    }
    // After the authority: the end of the text, an authority end that no
    // IRI holds, or a path, query or fragment.
    match b.get(i) {
        None => return on_grapheme_boundary(text, end),
        // A template's `<name>` glued to the host (`http://node<N>/x`): the
        // general rules read the authority as a template's, or the `<…>`
        // as a tag after the link (`template_authority_end`).
        Some(b'<') if placeholder_at(b, i, b.len()).is_some() => return None,
        Some(&c) if c <= b' ' || matches!(c, b'<' | b'>' | b'"') => return on_grapheme_boundary(text, end),
        Some(b'/' | b'?' | b'#') => {}
        Some(_) => return None,
    }
    plain_rest::<QUOTED>(f, text, s, i, end, quote)
}

/// The end of the IPv6 literal `[…]` at `host` (where the host loop stopped
/// at `i`, without a name), in the plain shape: hex digits, `:` and `.`
/// that spell an IPv6 address with at least one digit (a host of
/// punctuation alone is the general rules' to reject), its `]` before the
/// cap. `None` otherwise (`IPvFuture`, zone IDs: the general rules). Out of
/// line: most hosts are names.
#[cold]
#[inline(never)]
fn ip_literal_end(b: &[u8], host: usize, i: usize, limit: usize) -> Option<usize> {
    if i != host || b.get(i) != Some(&b'[') {
        return None;
    }
    let mut j = i + 1;
    while j < limit && (b[j].is_ascii_hexdigit() || b[j] == b':' || b[j] == b'.') {
        j += 1;
    }
    // `j + 1 == limit` short of the text's end: the cap cuts the link.
    if (j + 1 >= limit && limit < b.len()) || b.get(j) != Some(&b']') {
        return None;
    }
    let ip = &b[i + 1..j];
    (ip.iter().any(u8::is_ascii_alphanumeric) && is_ipv6(ip)).then_some(j + 1)
}

/// [`plain_web_link`] for a link after a quote whose closing quote an IRI
/// may hold: out of line, so that the quote checks cost the common path
/// nothing (they cost it registers when inlined: +3% on logs).
#[inline(never)]
fn quoted_web_link(f: &Finder, text: &str, s: usize, colon: usize, quote: Option<char>) -> Option<usize> {
    plain_web_link::<true>(f, text, s, colon, quote)
}

/// The length of the character at `i` when a plain host may hold it: a
/// `ucschar` (no bidi control) that UTS 58 includes, not a domain dot.
/// Out of line: most hosts are ASCII and common letters.
#[cold]
#[inline(never)]
fn host_char_len(text: &str, i: usize) -> Option<usize> {
    if text.as_bytes()[i] < 0x80 {
        return None;
    }
    let c = char_at(text, i)?;
    let ok = is_ucschar(c)
        && !is_bidi_control(c)
        && link_term(c) == LinkTerm::Include
        && !is_domain_dot(c)
        && !ends_link_in_prose(c);
    ok.then_some(c.len_utf8())
}

mod ed2k;
mod shapes;
#[cfg(test)]
mod tests;
