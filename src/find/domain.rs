//! Scheme-less domains (`www.example.com`, `пример.рф`) and the domain of
//! an email: from the dot before the TLD, the TLD, the labels before it,
//! and an optional port, path, query and fragment.

use super::bytes16::has_either_byte;
use super::candidate::{Part, Plain, Raw, MAX_DOMAIN_BACK, MAX_LOCAL_BACK, MAX_SCHEME_BACK};
use super::classes::{has_class, is_scheme_byte, DOT_BYTE, LABEL_BYTE};
use super::email::{email, ends_with_ignore_case, is_plain_local_byte, plain_email};
use super::end::{closing_quote, ends_link_in_prose, grapheme_end, is_grapheme_boundary, scan_forward, trim_end};
use super::escaped::name_after_escape;
use super::fold::folded_name;
use super::host::{
    ascii_label_end, ascii_name_start, dns_labels_ok, has_bad_idn_label, has_label_starting_with_mark,
    is_idna_disallowed_joiner, label_end, mixed_label_end, mixed_name_start, AsciiLabels, MEASURED_LABEL_BYTES,
};
use super::prose::{
    is_matrix_server, is_prose_domain_dot, markup_pair_closes, mixes_unspaced_script, start_at_script_change,
    tld_end_at_script_change,
};
use super::repair::validate_tail;
use super::tail::{is_name_punctuation, plain_rest, punctuation_before};
use super::tld::{
    is_documentation_tld, is_file_extension, is_special_use_tld, is_tld, starts_unicode_tld, MAX_UNICODE_TLD_BYTES,
};
use super::{Finder, LinkKind};
use crate::chars::is_link_email;
use crate::letters::{char_at, char_before, common_letters_start, is_alphanumeric, is_domain_char, name_letters_end};
use context::{
    after_fullwidth_at, after_leading_dots, after_network_path_slashes, after_spaced_written_at,
    after_split_web_scheme, after_written_at, between_dashes, is_glued_tweet_media, is_host_by_its_line,
    is_template_field, port_after, sentence_after_period, start_after_glued_word, start_after_rtl_prefix,
    tld_end_at_case_step, tld_end_before_dash, tld_end_before_suffix, tweet_media_start, underscore_labels_start,
    unicode_tld_end_before_prose,
};
use filters::{after_rule_anchor, anchored_rule_end, ends_at_filter_syntax, filter_host_after};
use names::{may_follow_spaced_at, names_no_site};
use words::{ends_in_data_extension, is_file_name, names_a_zone, packs_files};

/// Whether an `@` lies within a name's walk back from the `dot` (no
/// further than `floor`): only then can the name there be an email's
/// domain.
fn at_within_reach(b: &[u8], floor: usize, dot: usize) -> bool {
    memchr::memrchr(b'@', &b[floor.max(dot.saturating_sub(MAX_DOMAIN_BACK + 1))..dot]).is_some()
}

/// Whether a path, query, fragment or port follows the name that ends at
/// `end` (as the one-pass path reads them: a `:` before a digit).
fn name_goes_on(b: &[u8], end: usize) -> bool {
    match b.get(end) {
        Some(b'/' | b'?' | b'#') => true,
        Some(b':') => b.get(end + 1).is_some_and(u8::is_ascii_digit),
        _ => false,
    }
}

/// Whether a path segment follows the name that ends at `tld_end` (`/`
/// and a letter or digit; not one other file name or number alone): then
/// a name under a TLD that is also a file
/// extension is a host, since no file has a path under it (`docs.rs/serde`,
/// `lib.rs/crates/tokio`, a `.cc` shortener's `gv2xu.cc/WlhXzU`: 1
/// held-out line, fifty-seventh set), and so is a name of two labels in a
/// code span (`prose::markup_pair_closes`).
pub(super) fn path_follows(b: &[u8], tld_end: usize) -> bool {
    if b.get(tld_end) != Some(&b'/') || !b.get(tld_end + 1).is_some_and(u8::is_ascii_alphanumeric) {
        return false;
    }
    // One segment that is another file or a number: `README.md/CONTRIBUTING.md`,
    // `main.rs/lib.rs`, `test.py/2` name files side by side (a review's
    // finding).
    let hi = b.len().min(tld_end + 1 + 64);
    let segment = b[tld_end + 1..hi]
        .iter()
        .take_while(|&&c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'-' | b'_'))
        .count();
    let seg = &b[tld_end + 1..tld_end + 1 + segment];
    let last = b.get(tld_end + 1 + segment).copied();
    let alone = !matches!(last, Some(b'/' | b'?' | b'#'));
    !(alone && (seg.contains(&b'.') || seg.iter().all(u8::is_ascii_digit)))
}

/// Whether LinkEmail characters from `i` lead to an `@` (within the local
/// part length cap): then the name before `i` is part of a local part.
/// In the default mode `{ | }` are in no local part (see
/// `email::is_plain_local_byte`): `{john@mozilla.org}john@mozilla.org`
/// holds two addresses.
fn local_part_continues_to_at(f: &Finder, text: &str, i: usize) -> bool {
    for (n, c) in text[i..].char_indices() {
        if c == '@' {
            return true;
        }
        // Characters that also delimit URL parts are not taken as part of
        // a local part here: `example.com/user@host` is a path, not an email.
        if n > MAX_LOCAL_BACK
            || !is_link_email(c)
            || matches!(c, '/' | '?' | '#' | '=' | '&')
            || (!f.strict_uts58 && c.is_ascii() && !is_plain_local_byte(c as u8))
        {
            return false;
        }
    }
    false
}

/// A candidate scheme-less domain or email whose dot before the TLD is at `dot`.
///
/// In the caller's loop: the ASCII label after an ASCII dot is read here,
/// and a dot that more of a name follows (a dot in a local part before
/// its `@`, one before an inner label: `jihoon.park@mail.example.org` has
/// three) ends without the call to the rules, which cost more to enter
/// than to run for it.
#[inline(always)]
pub(super) fn try_domain(f: &Finder, text: &str, dot: usize, dot_len: usize, floor: usize) -> Option<Raw> {
    if dot_len == 1 && !f.strict_uts58 {
        let b = text.as_bytes();
        let after = dot + 1;
        let limit = b.len().min(after + 63);
        let label_end = ascii_label_end(b, after, limit);
        if label_end > after && label_end < limit && b[label_end - 1] != b'-' {
            match b[label_end] {
                // (As `plain_dot_link` decides.)
                b'@' => return None,
                b'.' if b.get(label_end + 1).is_some_and(u8::is_ascii_alphanumeric) => return None,
                _ => {}
            }
        }
        return plain_dot_then_general(f, text, dot, floor, label_end);
    }
    try_general_domain(f, text, dot, dot_len, floor)
}

/// [`try_domain`] for an ASCII dot in the default mode, the label after
/// it read up to `label_end`.
#[inline(never)]
fn plain_dot_then_general(f: &Finder, text: &str, dot: usize, floor: usize, label_end: usize) -> Option<Raw> {
    match plain_dot_link(f, text, dot, floor, label_end) {
        Plain::Link(raw) => Some(raw),
        Plain::NoLink => None,
        Plain::Ask => general_domain(f, text, dot, 1, floor),
    }
}

/// [`try_domain`] for a non-ASCII dot, or in strict mode.
#[inline(never)]
fn try_general_domain(f: &Finder, text: &str, dot: usize, dot_len: usize, floor: usize) -> Option<Raw> {
    if dot_len > 1 && !char_at(text, dot).is_some_and(|c| is_prose_domain_dot(f, c)) {
        return None;
    }
    general_domain(f, text, dot, dot_len, floor)
}

/// Whether the non-ASCII name `b` may have a label that
/// [`has_bad_idn_label`] or [`has_label_starting_with_mark`] finds: one
/// with a `-` (of an ACE prefix), a mark's lead byte E0, or one long
/// enough to measure. One pass over the bytes: most names have none of
/// these, and the two checks cost more apart (a unit test checks that a
/// name this clears passes both).
#[inline(always)]
fn may_have_bad_idn_label(b: &[u8]) -> bool {
    b.len() > MEASURED_LABEL_BYTES || has_either_byte(b, b'-', 0xE0)
}

/// [`has_bad_idn_label`] or [`has_label_starting_with_mark`].
#[cold]
#[inline(never)]
fn has_bad_or_mark_label(host: &str) -> bool {
    has_bad_idn_label(host) || has_label_starting_with_mark(host)
}

/// Whether a bare domain or email that is followed by `c` (`None`: the
/// end of the text) ends there, with nothing more to decide: the byte is in
/// no label, local part or scheme, and none of `. : @ / ? #`, which start a
/// port, path or address (a unit test checks these classes).
#[inline(always)]
fn ends_plain_name(c: Option<&u8>) -> bool {
    match c {
        None => true,
        Some(&c) => {
            c <= b' '
                || matches!(
                    c,
                    b'"' | b'(' | b')' | b',' | b';' | b'<' | b'>' | b'[' | b'\\' | b']' | 0x7F
                )
        }
    }
}

/// The bare domain or email at an ASCII `dot` when it has the shape most
/// have: a TLD followed by a byte that ends any name (a sentence's `.` or
/// a `:` before one included), labels before the dot and a local part
/// before an `@`, all of ASCII and letters of the common scripts
/// (`user.name@example.org`, `www.example.com`, `ольга@пример.рф`). One pass each way, with the label and local-part
/// checks on the way, decides what the general rules ([`general_domain`])
/// would, the common rejections included (`www.` before more labels, a dot
/// in a local part before its `@`, a TLD that is not one), and a bare
/// domain's port, path, query or fragment by the one-pass tail
/// ([`plain_domain_tail`]). Anything else — characters outside the common
/// scripts, an email with a path or port after it, a character that could
/// continue an address, a name that reaches a cap — is [`Plain::Ask`].
/// Only for the default mode (a test compares both at every dot of random
/// texts).
pub(super) fn plain_dot_link(f: &Finder, text: &str, dot: usize, floor: usize, label_end: usize) -> Plain {
    let b = text.as_bytes();
    let after = dot + 1;
    // The TLD (under 64 bytes: the general rules decide longer runs); its
    // ASCII start read by the caller, up to `label_end`.
    let limit = b.len().min(after + 63);
    debug_assert_eq!(label_end, ascii_label_end(b, after, limit));
    // Letters of the common scripts (domain and email characters, grapheme
    // boundaries next to ASCII: unit tests check each) count as letters.
    let mut ascii = true;
    let mut tld_end = label_end;
    if tld_end < limit && b[tld_end] >= 0x80 {
        // (Only a label with ASCII letters or digits can mix scripts.)
        let ascii_before = tld_end > after;
        let (end, ascii_in) = mixed_label_end(b, tld_end, limit);
        (tld_end, ascii) = (end, end == tld_end);
        if (ascii_before || ascii_in) && mixes_unspaced_script(&text[after..tld_end]) {
            return Plain::Ask; // prose glued to the TLD (`ruby-lang.org의`)
        }
        if ascii_before && (0xCD..0xE0).contains(&b[label_end]) {
            return Plain::Ask; // (`uk.wikiquote.orgНа`: `tld_end_at_script_change`)
        }
    }
    if tld_end == after || tld_end == limit || b[tld_end - 1] == b'-' {
        return Plain::Ask; // (a `-` after the TLD: see `tld_end_before_dash`)
    }
    let mut tail = false;
    match b.get(tld_end) {
        // More labels, or a dot in a local part: no link at this dot.
        Some(b'.') if b.get(tld_end + 1).is_some_and(u8::is_ascii_alphanumeric) => return Plain::NoLink,
        // (A label of the common scripts after the dot: `почта.пример.рф`;
        // not a period before CJK prose: `sentence_after_period`.)
        Some(b'.') if name_letters_end(b, tld_end + 1, b.len()) > tld_end + 1 => {
            if !sentence_after_period(text, tld_end) {
                return Plain::NoLink;
            }
        }
        Some(b'@') => return Plain::NoLink,
        // The end of a sentence, or a colon that starts no port or scheme.
        Some(b'.' | b':' | b'!') if ends_plain_name(b.get(tld_end + 1)) => {}
        c if ends_plain_name(c) => {}
        // Punctuation after it (`»`, `）`, `」`, `、`), no domain dot: the
        // name ends at a grapheme boundary there, as in the general rules.
        Some(&c) if c >= 0x80 && char_at(text, tld_end).is_some_and(is_name_punctuation) => {}
        // A path, query, fragment or port after a bare domain: read by the
        // one-pass tail at the end ([`plain_domain_tail`]).
        Some(b'/' | b'?' | b'#') if f.domain => tail = true,
        Some(b':') if f.domain && b.get(tld_end + 1).is_some_and(u8::is_ascii_digit) => tail = true,
        // A path, port or other byte after the name: the general rules
        // decide. Without bare domains only an email can end here, and the
        // general rules find one only after an `@` at most the name's
        // walk back from the dot (`www.beispiel.de/termine` in IRIs and
        // emails mode: no link, without the call).
        _ if !f.domain && !at_within_reach(b, floor, dot) => return Plain::NoLink,
        _ => return Plain::Ask,
    }
    let tld = || &text[after..tld_end];
    if ascii && !crate::chars::is_label_tld(b, after, tld_end) && !is_special_use_tld(tld()) {
        // An email's domain may end in a documentation name, a TLD in a
        // case ending (`media.ccc.de-hez`): the general rules decide.
        // (A `-` after two letters at least: `.de-hez`, `.com-on`,
        // `.museum-ban`.)
        let l = &b[after..tld_end];
        // (And a capitalised word glued to an email's TLD:
        // `tld_end_at_case_step`, `gmail.comTel`.)
        let up = |i: usize| l.get(i).is_some_and(u8::is_ascii_uppercase);
        let case_step = || (up(3) || up(2)) && l[0].is_ascii_lowercase() && at_within_reach(b, floor, dot);
        return if is_documentation_tld(tld()) || (l.len() >= 4 && l[2..].contains(&b'-')) || case_step() {
            Plain::Ask
        } else {
            Plain::NoLink
        };
    }
    if !ascii && !is_tld(tld()) {
        // A label whose first character starts no TLD is none (the
        // general rules' first test: `π.μ.`); another may start with one
        // (`unicode_tld_end_before_prose`).
        if b[after] >= 0x80 && !char_at(text, after).is_some_and(starts_unicode_tld) {
            return Plain::NoLink;
        }
        return Plain::Ask;
    }
    // The labels before the dot, checked backwards (the label rules read
    // the same both ways; the TLD before the dot is a good label).
    let lo = floor.max(dot.saturating_sub(MAX_DOMAIN_BACK));
    let mut s = dot;
    let mut labels = AsciiLabels::new();
    s = ascii_name_start(b, s, lo, &mut labels);
    if s > lo && b[s - 1] >= 0x80 {
        let (start, ascii_in) = mixed_name_start(b, s, lo, &mut labels);
        if (s < dot || ascii_in) && mixes_unspaced_script(&text[start..dot]) {
            return Plain::Ask; // prose glued before the name (`储存于crowdin.com`)
        }
        // A Hebrew or Arabic prefix (lead bytes D6–DD): `start_after_rtl_prefix`;
        // a Greek or Cyrillic word (CE–D4): `start_after_glued_word`.
        if s < dot && b[start..s].iter().any(|c| (0xCE..=0xDD).contains(c)) {
            return Plain::Ask;
        }
        ascii &= start == s;
        s = start;
    }
    // (Punctuation before the name, `„www.example.de“`, is no part of it.)
    if s == dot
        || (s > 0 && b[s - 1] >= 0x80 && (!punctuation_before(text, s) || after_fullwidth_at(b, s)))
        || (s == lo && lo > floor)
    {
        return Plain::Ask;
    }
    if s > 0 && b[s - 1] == b'_' && underscore_labels_start(text, s, dot, lo) < s {
        return Plain::Ask; // `_` in a subdomain label
    }
    if !labels.ok() {
        // `...example.com`: the general rules drop the dots.
        return if b[s] == b'.' { Plain::Ask } else { Plain::NoLink };
    }
    if !ascii && may_have_bad_idn_label(&b[s..tld_end]) && has_bad_or_mark_label(&text[s..tld_end]) {
        return Plain::Ask; // `xn--はじめよう.com` (host.rs)
    }
    if s > 0 && b[s - 1] == b'@' {
        // (An email ends at its TLD: with a path or port after it, the
        // general rules decide.)
        return if tail {
            Plain::Ask
        } else {
            plain_email(f, text, s, tld_end, floor)
        };
    }
    if !f.domain {
        return Plain::NoLink;
    }
    let before = &b[floor..s];
    // The byte before the name, even before the floor.
    let prev = s.checked_sub(1).map(|p| b[p]);
    if prev.is_some_and(|p| markup_pair_closes(text, p as char, s, tld_end)) {
        return Plain::Ask; // `**www.example.com**`, `` `www.example.com` ``
    }
    if after_network_path_slashes(b, s) {
        return Plain::Ask;
    }
    // (A name after an escape's `\n`: `escaped::name_after_escape`.)
    if prev == Some(b'\\') && matches!(b[s], b'n' | b'r' | b't' | b'N' | b'h') {
        return Plain::Ask;
    }
    if prev == Some(b'/') && after_split_web_scheme(b, s) {
        return Plain::Ask;
    }
    if before.ends_with(b"://")
        || prev.is_some_and(|p| {
            matches!(
                p,
                b'/' | b'\\' | b'_' | b'$' | b'%' | b'~' | b'#' | b'*' | b'^' | b'|' | b'`'
            ) && !filter_host_after(p, b, (s, tld_end), floor)
        })
        || (prev == Some(b':') && b.get(tld_end) != Some(&b'/') && is_matrix_server(b, s, floor))
        || (matches!(prev, Some(b')' | b']' | b'}' | b'>' | b';')) && after_written_at(b, s))
        || (prev == Some(b' ') && may_follow_spaced_at(b, s) && after_spaced_written_at(b, s))
    {
        return Plain::NoLink;
    }
    let first = &b[s..dot];
    if ascii
        && (!first.contains(&b'.') || (packs_files(&b[after..tld_end]) && ends_in_data_extension(first)))
        && !first.eq_ignore_ascii_case(b"www")
        && is_file_extension(tld())
        && !path_follows(b, tld_end)
        && !is_host_by_its_line(b, s, tld())
    {
        return Plain::NoLink;
    }
    // (A CJK stem before an ASCII extension: `사업자등록.md`.)
    if !ascii
        && b[dot - 1] >= 0x80
        && b[after] < 0x80
        && is_file_name(&text[s..tld_end], &text[s..dot], tld())
        && !path_follows(b, tld_end)
        && !is_host_by_its_line(b, s, tld())
    {
        return Plain::NoLink;
    }
    if names_no_site(b, s, dot, after, tld_end, tail) {
        return Plain::NoLink;
    }
    let end = if tail {
        match plain_domain_tail(f, text, s, tld_end) {
            Some(end) => end,
            None => return Plain::Ask,
        }
    } else {
        tld_end
    };
    let raw = Raw {
        start: s,
        end,
        kind: LinkKind::Domain,
        folded: false,
        valid: false,
        unasked: false,
        cut: None,
    };
    // A name right after `<` may be folded over lines up to its `>` (RFC
    // 3986 Appendix C, as `<http://…>` may: `fold.rs`): KMail's suite, 4
    // cases.
    if prev == Some(b'<') {
        return Plain::Link(folded_name(f, text, raw));
    }
    Plain::Link(raw)
}

/// The end of the bare domain at `s` whose TLD ends at `tld_end`, before a
/// `:port` (1 to 65535) and a path, query or fragment after it, as the
/// general rules end it (the forward scan, trimming, validation, grapheme
/// boundaries): the port read here, the rest by the one-pass tail that
/// web links use (`tail.rs`). `None`: not that shape (a port with more
/// digits or something else after it, a tail the one pass does not take),
/// ask the general rules. Out of line: most bare domains end at their
/// TLD.
#[inline(never)]
fn plain_domain_tail(f: &Finder, text: &str, s: usize, tld_end: usize) -> Option<usize> {
    let b = text.as_bytes();
    if is_glued_tweet_media(b, s, tld_end) {
        return None; // (the general rules move the start: `tweet_media_start`)
    }
    if (matches!(b[tld_end], b'#' | b'$') || (b[tld_end] == b'/' && s > 0 && b[s - 1] == b'/'))
        && ends_at_filter_syntax(b, s, tld_end)
    {
        return Some(tld_end);
    }
    let mut host_end = tld_end;
    if b[tld_end] == b':' {
        let (digits, port) = port_after(b, tld_end);
        if !port {
            return None;
        }
        host_end = tld_end + 1 + digits;
        match b.get(host_end) {
            Some(b'/' | b'?' | b'#') => {}
            c if ends_plain_name(c) => return Some(host_end),
            _ => return None,
        }
    }
    let quote = char_before(text, s).and_then(closing_quote);
    let end = plain_rest::<false>(f, text, s, host_end, host_end, quote)?;
    if after_rule_anchor(b, s) {
        return Some(anchored_rule_end(b, s, end));
    }
    Some(end)
}

/// Whether `name`, what is left of a name that the default mode's prose
/// rules cut (`x.py` of `x.py详细例え.jp`, where the glued CJK text was
/// read as part of its last label), passes the rules a name found from
/// its own dot must pass: a last label that is a TLD (not one kept for
/// emails, `example`, `test`), DNS labels, and no file name (a cut must
/// not link what `x.py 详细` leaves unlinked).
pub(super) fn cut_name_ok(f: &Finder, name: &str) -> bool {
    let Some((dot, dot_char)) = name.char_indices().rev().find(|&(_, c)| is_prose_domain_dot(f, c)) else {
        return false;
    };
    let tld = &name[dot + dot_char.len_utf8()..];
    (is_tld(tld) || is_special_use_tld(tld)) && dns_labels_ok(name) && !is_file_name(name, &name[..dot], tld)
}

/// The general rules for a scheme-less domain or email at `dot`.
#[inline(never)]
fn general_domain(f: &Finder, text: &str, dot: usize, dot_len: usize, floor: usize) -> Option<Raw> {
    let strict = f.strict_uts58;
    let after = dot + dot_len;
    let first = text.as_bytes()[after];
    if first >= 0x80 && !char_at(text, after).is_some_and(starts_unicode_tld) {
        return None;
    }
    // No TLD is longer than 63 bytes (ASCII) or `MAX_UNICODE_TLD_BYTES`:
    // a dot before a long run of letters (CJK text after `。`) is rejected
    // after reading that many.
    let mut tld_end = label_end(text, after, MAX_UNICODE_TLD_BYTES);
    if !strict {
        tld_end = tld_end_at_script_change(text, after, tld_end);
        // `｜` and the other fullwidth forms of excluded characters (end.rs).
        tld_end = text[after..tld_end]
            .find(ends_link_in_prose)
            .map_or(tld_end, |p| after + p);
        tld_end = tld_end_before_dash(text.as_bytes(), after, tld_end);
        tld_end = tld_end_before_suffix(text, after, tld_end);
        tld_end = unicode_tld_end_before_prose(f, text, dot, after, tld_end);
    }

    if tld_end == after || tld_end - after > MAX_UNICODE_TLD_BYTES {
        return None;
    }
    // The TLD must be the last label.
    let next = char_at(text, tld_end);
    if let Some(n) = next {
        let bytes = text.as_bytes();
        if n == '.' && bytes.get(tld_end + 1).is_some_and(|c| c.is_ascii_alphanumeric()) {
            return None; // not the last label (ASCII fast path)
        }
        if is_prose_domain_dot(f, n)
            && char_at(text, tld_end + n.len_utf8()).is_some_and(is_domain_char)
            && (strict || n != '.' || !sentence_after_period(text, tld_end))
        {
            return None;
        }
        if n == '@' || (n != '.' && is_link_email(n) && local_part_continues_to_at(f, text, tld_end)) {
            return None; // a dot inside an email's local part (`user.name+tag@…`)
        }
    }
    let tld = &text[after..tld_end];
    // `example`, `test`: a TLD only for an email's domain (tld.rs).
    let mut email_only = false;
    let mut case_cut = false;
    if !is_tld(tld) && (strict || !is_special_use_tld(tld)) {
        // `…@gmail.comTel 0611955900`: a word glued to an address's TLD
        // where a line break was lost (`tld_end_at_case_step`).
        if let Some(end) = (!strict)
            .then(|| tld_end_at_case_step(text.as_bytes(), after, tld_end))
            .flatten()
        {
            tld_end = end;
            case_cut = true;
        } else if strict || !is_documentation_tld(tld) {
            return None;
        }
        email_only = true;
    }
    // `x-my.app+v2://…`: the name is the start of a scheme, not a domain.
    let b = text.as_bytes();
    let scheme_tail = b[tld_end..]
        .iter()
        .take(MAX_SCHEME_BACK)
        .take_while(|&&c| is_scheme_byte(c))
        .count();
    if b[tld_end + scheme_tail..].starts_with(b"://") {
        return None;
    }
    // Back up over the other labels.
    let lo = floor.max(dot.saturating_sub(MAX_DOMAIN_BACK));
    let mut s = dot;
    while s > lo {
        // ASCII labels and dots a byte at a time; other characters decoded.
        if has_class(b[s - 1], LABEL_BYTE | DOT_BYTE) {
            s -= 1;
            continue;
        }
        if b[s - 1] < 0x80 {
            break;
        }
        let run = common_letters_start(b, s, lo);
        if run < s {
            s = run;
            continue;
        }
        let c = char_before(text, s)?;
        let label_char = is_domain_char(c) && (strict || !(ends_link_in_prose(c) || is_idna_disallowed_joiner(c)));
        if label_char || is_prose_domain_dot(f, c) {
            s -= c.len_utf8();
        } else {
            break;
        }
    }
    if !strict && s > lo && b[s - 1] == b'_' {
        s = underscore_labels_start(text, s, dot, lo);
    }
    // The name goes on past the cap: longer than any DNS name, and a link
    // never starts in the middle of one.
    if s == lo && lo > floor && char_before(text, s).is_some_and(|c| is_domain_char(c) || is_prose_domain_dot(f, c)) {
        return None;
    }
    if !strict && between_dashes(b, s, tld_end) {
        s += 1; // `-irc.libera.chat- ***`
    }
    if !strict && b[s] == b'.' {
        let name = after_leading_dots(b, s, dot);
        if name > s && (names_a_zone(&text[name..tld_end]) || is_template_field(&b[name..tld_end])) {
            return None;
        }
        s = name;
    }
    // A label never starts with a combining mark (IDNA): a mark before the
    // name belongs to whatever precedes it.
    while s < dot && b[s] >= 0x80 {
        match char_at(text, s) {
            Some(c) if !c.is_ascii() && !is_alphanumeric(c) => s += c.len_utf8(),
            _ => break,
        }
    }
    if !strict && s < dot {
        s = start_at_script_change(text, s, dot);
        if text.as_bytes()[s] >= 0x80 {
            s = start_after_rtl_prefix(text, s, dot);
            s = start_after_glued_word(text, s, dot);
        } else if s > 0 && text.as_bytes()[s - 1] == b'\\' {
            s = name_after_escape(text.as_bytes(), s, dot, true);
        }
    }
    if !strict {
        s = tweet_media_start(b, s, tld_end);
    }
    if s < lo || s >= dot || !text.is_char_boundary(s) {
        return None;
    }
    let host = &text[s..tld_end];
    if !dns_labels_ok(host) || !is_grapheme_boundary(text, s) {
        return None;
    }
    // (A domain cut at a case step is written in lowercase: Kotlin's
    // `this@MainActivity.runOnUiThread` is a labelled `this`.)
    if case_cut && host.bytes().any(|c| c.is_ascii_uppercase()) {
        return None;
    }
    let prev = char_before(text, s);
    if prev == Some('@') {
        return email(f, text, s, tld_end, floor);
    }
    if !strict && after_fullwidth_at(b, s) {
        return None;
    }
    if email_only {
        return None;
    }
    if !f.domain && !strict {
        return None;
    }
    let mut start = s;
    let mut kind = LinkKind::Domain;
    let mut unasked = false;
    let before = &text[floor..s];
    if strict {
        for prefix in ["https://", "http://"] {
            if ends_with_ignore_case(before, prefix) {
                start = s - prefix.len();
                kind = LinkKind::Iri;
                break;
            }
        }
        // A web IRI needs IRIs and its scheme asked for, a bare name
        // domains. A link not asked for is found all the same, to be passed
        // over: nothing inside it is a link of its own
        // (`https://example.com/r/other.org/x` with domains alone). (A
        // name after another scheme's `://` is no link: UTS #58 would link
        // it without its scheme.)
        if kind == LinkKind::Domain && before.ends_with("://") {
            return None;
        }
        unasked = !if kind == LinkKind::Iri {
            f.iri && f.allows_scheme(&text[start..s - 3])
        } else {
            f.domain
        };
    } else {
        let after_scheme = before.ends_with("://");
        let split = prev == Some('/') && after_split_web_scheme(b, s);
        if after_scheme && !split {
            return None; // a scheme IRI, judged (and rejected) by its scheme
        }
        if !split
            && prev.is_some_and(|p| matches!(p, '/' | '\\' | '_' | '$' | '%' | '~' | '#' | '*' | '^' | '|' | '`'))
            && !prev.is_some_and(|p| markup_pair_closes(text, p, s, tld_end))
            && !after_network_path_slashes(b, s)
            && !prev.is_some_and(|p| p.is_ascii() && filter_host_after(p as u8, b, (s, tld_end), floor))
        {
            return None; // a file path or an identifier, not a link
        }
        if prev == Some(':') && b.get(tld_end) != Some(&b'/') && is_matrix_server(b, s, floor) {
            return None; // `@user:server`, a handle
        }
        if matches!(prev, Some(')' | ']' | '}' | '>' | ';')) && after_written_at(b, s) {
            return None; // `user(at)example.com`
        }
        if prev == Some(' ') && may_follow_spaced_at(b, s) && after_spaced_written_at(b, s) {
            return None; // `user (at) example.com`, `<user at example.com>`
        }
        if (is_file_name(host, &text[s..dot], &text[after..tld_end])
            && !path_follows(b, tld_end)
            && !is_host_by_its_line(b, s, &text[after..tld_end]))
            || names_no_site(b, s, dot, after, tld_end, name_goes_on(b, tld_end))
        {
            return None;
        }
    }
    let quote = if strict { None } else { prev.and_then(closing_quote) };
    let mut end = tld_end;
    // A trailing dot belongs to the host only when a port, path, query or
    // fragment follows (`example.com./a`); never after the port.
    if b.get(end) == Some(&b'.') && matches!(b.get(end + 1), Some(b'/' | b'?' | b'#' | b':')) {
        end += 1;
    }
    // Optional :port (up to 65535). Digits after the colon that are no
    // port (`google.com:500000`) make the name no URL at all in the default
    // mode: no URL parser takes it (WHATWG: port out of range), and the
    // writer did not write a host there (linkify-it's not-links).
    if b.get(end) == Some(&b':') {
        let (digits, port) = port_after(b, end);
        if port {
            end += 1 + digits;
        } else if digits > 0 && !strict {
            return None;
        }
    }
    if b.get(end - 1) == Some(&b'.') && !matches!(b.get(end), Some(b'/' | b'?' | b'#')) {
        end -= 1; // `example.com.:x`: the dot was not followed by a port after all
    }
    let host_end = end;
    let mut cut = None;
    // (Filter-list and dnsmasq syntax after a bare host: `filters.rs`.)
    let filter = !strict && kind == LinkKind::Domain;
    let filter_end =
        filter && end == tld_end && matches!(b.get(end), Some(b'#' | b'/')) && ends_at_filter_syntax(b, start, end);
    if !filter_end && matches!(b.get(end), Some(b'/' | b'?' | b'#')) {
        (end, _, cut) = scan_forward(f, text, end, Part::Path, quote, start);
        end = trim_end(f, text, host_end, end);
        if !strict && end > host_end {
            end = validate_tail(f, text, host_end, end);
        }
        if filter && after_rule_anchor(b, start) {
            end = anchored_rule_end(b, start, end);
        }
    }
    let end = if strict { end } else { grapheme_end(f, text, start, end) };
    if end < tld_end {
        return None;
    }
    let raw = Raw {
        start,
        end,
        kind,
        folded: false,
        valid: false,
        unasked,
        cut,
    };
    // (As in `plain_dot_link`.)
    if start > 0 && b[start - 1] == b'<' && kind == LinkKind::Domain {
        return Some(folded_name(f, text, raw));
    }
    Some(raw)
}

mod context;
mod filters;
mod names;
#[cfg(test)]
mod tests;
mod words;
