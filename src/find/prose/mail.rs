//! The default mode's rules for mail: Message-IDs and List-Ids in
//! headers (`References: <a@b>`), `git@` remotes, header parameters before
//! an address (`envelope-from=`), and the markers around an address.

use super::super::bytes16::last_line_break;
use super::super::candidate::Raw;
use super::super::{Finder, LinkKind};
use super::usenet::GROUP_HEADERS;
use super::MAX_CONTEXT;
use crate::find::host::is_www_name;
use crate::letters::char_at;

/// The start of the line that `bytes[..i]` ends in: just after its
/// newline, and whether one was seen (`false`: the start of `bytes`).
/// `None` if the line starts more than [`MAX_CONTEXT`] bytes back: no rule
/// reads that far.
pub(crate) fn line_start(bytes: &[u8], i: usize) -> Option<(usize, bool)> {
    let lo = i.saturating_sub(MAX_CONTEXT);
    match last_line_break(&bytes[lo..i]) {
        Some(p) => Some((lo + p + 1, true)),
        None if lo == 0 => Some((0, false)),
        None => None,
    }
}

/// Whether `line` starts with the header `name` (lowercase) and its `:`.
#[inline(always)]
pub(crate) fn starts_header(line: &[u8], name: &[u8]) -> bool {
    line.get(name.len()) == Some(&b':') && line[..name.len()].eq_ignore_ascii_case(name)
}

/// Whether the link at `start` is a value in `<…>` of a Message-ID
/// header on its line (`References: <a@b> <c@d>`), or in `<…>` on a line
/// of only such values (a folded continuation, a quoted id) and shaped like
/// a Message-ID, or a name without `@` (a folded List-Id). Real text: 38
/// Message-IDs and 3 List-Ids were linked as emails and domains.
///
/// Bugzilla's ids end in `/` (`<bug-216243-208809@https.bugzilla.kernel.org/>`:
/// 3 held-out lines, thirteenth set), read as an address up to the `/`.
/// A header written in mid-line ([`id_key_before`]) names ids too.
///
/// This rule reads back across white space to the line start, so the
/// safe-cut rules of `crate::cut` never cut such a line ([`id_line_start`]).
#[inline(always)]
pub(super) fn in_id_header(text: &str, start: usize, end: usize) -> bool {
    let b = text.as_bytes();
    start > 0
        && b[start - 1] == b'<'
        && (b.get(end) == Some(&b'>') || b.get(end..end + 2) == Some(b"/>"))
        && in_id_header_line(text, start, end)
}

/// [`in_id_header`] for a link in `<…>`: what its line says.
fn in_id_header_line(text: &str, start: usize, end: usize) -> bool {
    let b = text.as_bytes();
    let by_line = line_start(b, start - 1).is_some_and(|(ls, newline)| match id_line(&b[ls..start - 1], newline) {
        IdLine::Header => true,
        IdLine::Values => is_list_id(&text[start..end]) || looks_like_message_id(&text[start..end]),
        IdLine::Groups | IdLine::Other => false,
    });
    by_line || named_id(b, start)
}

/// The test of [`in_id_header_line`] that needs no line start: a header
/// name right before the `<` ([`id_key_before`]), behind a byte test
/// (`To: <` and `Name <` pass it or not at once).
#[inline(always)]
fn named_id(b: &[u8], start: usize) -> bool {
    start >= 3 && matches!(b[start - 3], b':' | b'>') && id_key_before(b, start - 1).is_some()
}

/// Where the `Message-ID: `, `In-Reply-To: ` or `References: ` (any case,
/// or a name ending in `-Message-ID: ` or `MSGID: `) that ends right
/// before `b[lt]` (the `<` of an id) starts, if one does there after the
/// line's start, white space, `,`, `;` or `-`: a header written in mid-line,
/// as a log or a web archive copies it (`amavis[1106]: … Passed CLEAN, …,
/// Message-ID: <1328593199.63314.YahooMailNeo@web113203.mail.gq1.yahoo.com>`,
/// `… Subject: Re: … Message-ID: <…> References: <…> <…>` on one line:
/// 2 held-out lines), or a vendor's copy of one (`X-OQ-MSGID: <…>`, QQ
/// Mail's: 1 held-out line; Exchange's `X-Microsoft-Original-Message-ID:`,
/// `Original-Message-ID:`); after `References: `, the values that follow it
/// too, each `<…>` after one space (at most eight back). The safe-cut
/// rules do not cut between the name and its values ([`id_line_start`]).
fn id_key_before(b: &[u8], mut lt: usize) -> Option<usize> {
    for _ in 0..8 {
        if lt < 3 || b[lt - 1] != b' ' {
            return None;
        }
        if b[lt - 2] == b':' {
            // One byte test picks the name: its last letter.
            let keys: &[&[u8]] = match b[lt - 3] | 0x20 {
                b'd' => &[b"message-id: ", b"msgid: "],
                b'o' => &[b"in-reply-to: "],
                b's' => &[b"references: "],
                _ => return None,
            };
            return keys.iter().find_map(|key| {
                let at = lt.checked_sub(key.len())?;
                // (`-`: a vendor's copy, `X-Microsoft-Original-Message-ID:`;
                // a capital: a header's name, not prose's `references:`.)
                (b[at..lt].eq_ignore_ascii_case(key)
                    && b[at].is_ascii_uppercase()
                    && (at == 0 || matches!(b[at - 1], b' ' | b'\t' | b'\n' | b'\r' | b',' | b';' | b'-')))
                .then_some(at)
            });
        }
        // An earlier value of the same header: `<…> ` right before.
        if b[lt - 2] != b'>' {
            return None;
        }
        let from = (lt - 2).saturating_sub(256);
        let open = b[from..lt - 2].iter().rposition(|&c| c == b'<' || c <= b' ')?;
        if b[from + open] != b'<' {
            return None;
        }
        lt = from + open;
    }
    None
}

/// What the start of a line says about the `<…>` values after it.
enum IdLine {
    /// `References:` and the other headers of Message-IDs ([`id_line`]).
    Header,
    /// White space or `>` quote markers, then only `<…>` values: a folded
    /// header line or a quoted id (seen only after a newline: a stream
    /// chunk may start at any white space).
    Values,
    /// A [`GROUP_HEADERS`] header, whose names [`super::usenet::in_newsgroups_header`]
    /// reads back to the line start (so a stream is not cut inside it).
    Groups,
    Other,
}

fn id_line(line: &[u8], after_newline: bool) -> IdLine {
    // The mail headers whose `<…>` values are Message-IDs (RFC 5322
    // §3.6.4, and Usenet's `Supersedes:`, RFC 5536 §3.2.12) or list
    // identifiers (RFC 2919), not addresses; then the [`GROUP_HEADERS`].
    // A header's name ends at its line's first `:`. One dispatch on the
    // line's first byte: `From:`, `To:` and most lines end at once.
    let header = match line.first() {
        None => return IdLine::Other,
        // (GitHub's notification mail ends its body with `Message ID:
        // <owner/repo/pull/78/…@github.com>`: 1 held-out line.)
        Some(b'm' | b'M') => starts_header(line, b"message-id") || starts_header(line, b"message id"),
        Some(b'i' | b'I') => starts_header(line, b"in-reply-to"),
        Some(b'r' | b'R') => starts_header(line, b"references") || starts_header(line, b"resent-message-id"),
        Some(b'c' | b'C') => starts_header(line, b"content-id"),
        Some(b'l' | b'L') => starts_header(line, b"list-id"),
        Some(b's' | b'S') => starts_header(line, b"supersedes"),
        Some(b'n' | b'N' | b'f' | b'F' | b'x' | b'X') => {
            return if GROUP_HEADERS.iter().any(|h| starts_header(line, h.as_bytes())) {
                IdLine::Groups
            } else {
                IdLine::Other
            };
        }
        Some(b' ' | b'\t' | b'>') => false,
        Some(_) => return IdLine::Other,
    };
    if header {
        return IdLine::Header;
    }
    let lead = line.iter().take_while(|c| matches!(c, b' ' | b'\t' | b'>')).count();
    if lead == 0 || !after_newline {
        return IdLine::Other;
    }
    // Nothing but `<…>` values (and white space) between the lead and here.
    let mut open = false;
    for &c in &line[lead..] {
        match c {
            b'<' if !open => open = true,
            b'>' if open => open = false,
            b' ' | b'\t' if !open => {}
            _ if open && c > b' ' => {}
            _ => return IdLine::Other,
        }
    }
    if open {
        IdLine::Other
    } else {
        IdLine::Values
    }
}

/// Whether the address at `start..end` is a Message-ID that a mail
/// server logged: `<…>` after Postfix's `message-id=` or sendmail's
/// `msgid=` (`postfix/cleanup[2860]: 58E4E422EB: message-id=<…@mail.gmail.com>`).
/// 1 held-out line (fourth set).
fn logged_message_id(b: &[u8], start: usize, end: usize) -> bool {
    let ends_with = |name: &[u8]| start > name.len() && b[start - 1 - name.len()..start - 1].eq_ignore_ascii_case(name);
    start > 1
        && b[start - 2] == b'='
        && b[start - 1] == b'<'
        && b.get(end) == Some(&b'>')
        && (ends_with(b"message-id=") || ends_with(b"msgid="))
}

/// For the safe-cut rules: if a cut at the Hard byte `c` would split a
/// line whose start [`in_id_header`] reads (a Message-ID header or a
/// line of `<…>` values), the start of that line (cut before it instead);
/// between a header name written in mid-line and its `<`, the name's
/// start.
pub(crate) fn id_line_start(bytes: &[u8], c: usize) -> Option<usize> {
    if matches!(bytes.get(c), Some(b'\n' | b'\r')) {
        return None;
    }
    // (A header in mid-line: the cut goes before its name.)
    if bytes[c] == b' ' && bytes.get(c + 1) == Some(&b'<') {
        if let Some(at) = id_key_before(bytes, c + 1) {
            return Some(at);
        }
    }
    let (ls, newline) = line_start(bytes, c)?;
    match id_line(&bytes[ls..c], newline) {
        // (`Message ID:`, whose name holds a space: a cut there would
        // leave `ID: <…>` to the next piece.)
        IdLine::Other if !bytes[ls..c].eq_ignore_ascii_case(b"message") => None,
        _ => Some(ls),
    }
}

/// A folded `List-Id:` value (RFC 2919: ` <dri-devel.lists.freedesktop.org>`
/// alone on its line): a dotted name with no `@`, path or port, and not a
/// `www.` host.
fn is_list_id(name: &str) -> bool {
    !name.bytes().any(|c| matches!(c, b'@' | b'/' | b':' | b'?' | b'#')) && !is_www_name(name.as_bytes())
}

/// The shape of a Message-ID's left part as mailers write it: a time stamp,
/// a counter or a hash (at least six digits), or `$` separators; an
/// address's local part is a name (`npiggin`, `linux-kernel`).
fn looks_like_message_id(address: &str) -> bool {
    let local = address.split('@').next().unwrap_or("");
    local.contains('$') || local.bytes().filter(u8::is_ascii_digit).count() >= 6
}

/// The local part of `address`: the bytes before its `@` (none without one).
fn local_part(address: &[u8]) -> &[u8] {
    &address[..address.iter().position(|&c| c == b'@').unwrap_or(0)]
}

/// Where the address whose value starts at `start` (after a field's or a
/// parameter's `name=`) starts: past the quotes that open it
/// (`email='foo@bar.com'`), read as any local part, and past combining
/// marks that join the `=` or quote before it (`='\u{301}joe@…`: a link
/// starts on a grapheme boundary); `None` when it would start with `@` or
/// `.` (`email=@…`, `x='.foo@…`).
fn value_start(text: &str, start: usize, end: usize) -> Option<usize> {
    let b = text.as_bytes();
    let mut start = crate::find::email::after_opening_quotes(b, start, end);
    while start < end && !crate::find::end::is_grapheme_boundary(text, start) {
        start += char_at(text, start).map_or(1, char::len_utf8);
    }
    (!matches!(b.get(start), Some(b'@' | b'.') | None)).then_some(start)
}

/// The start of the word with `&`s whose last part starts at `ls` (an
/// `&` before it): local-part bytes and `&` back to the start of a token
/// (white space, a bracket or a quote, the text's start), at most 64
/// bytes back; `None` if the run meets anything else first (a query's
/// `?`, `=` or `/`) or starts with `&`.
fn word_with_ampersands(b: &[u8], ls: usize) -> Option<usize> {
    let lo = ls.saturating_sub(64);
    let mut i = ls;
    while i > lo && (b[i - 1] == b'&' || (b[i - 1] < 0x80 && super::super::email::is_plain_local_byte(b[i - 1]))) {
        if matches!(b[i - 1], b'=' | b'/') {
            return None;
        }
        i -= 1;
    }
    let token_start = i == 0 || b[i - 1] <= b' ' || matches!(b[i - 1], b'<' | b'(' | b'[' | b'"' | b'\'' | b':' | b',');
    (token_start && b[i] != b'&' && b[i] != b'.').then_some(i)
}

/// Whether the `?` or `&` at `q` is in the query of a URL written with a
/// host: the run of text before it (back to white space, a quote or
/// bracket, or the `@` of an address before it: so that each address
/// reads back over its own run only) holds `://`, or a path whose first
/// segment is a dotted name (`example.com/?`). A request line's path
/// (`GET /api/users?`) has none.
fn query_of_a_url(b: &[u8], q: usize) -> bool {
    let lo = q.saturating_sub(2048);
    let run = b[lo..q]
        .iter()
        .rposition(|&c| c <= b' ' || matches!(c, b'"' | b'\'' | b'<' | b'(' | b'[' | b'@'))
        .map_or(lo, |i| lo + i + 1);
    let run = &b[run..q];
    match run.iter().position(|&c| c == b'/') {
        Some(slash) => run[..slash].contains(&b'.') || run.windows(3).any(|w| w == b"://"),
        None => false,
    }
}

/// The length of a parameter's `name=` at the start of an address as the
/// email stage read it, or 0: a mail header parameter
/// (`envelope-from=user@host` in `Received:`, `smtp.mailfrom=user@host` in
/// `Authentication-Results:`; 1 held-out line), an X.509 subject's
/// `emailAddress=` (as OpenSSL and `curl -v` print it), or a command-line
/// option `--name=` (`--acme.email=user@host`; 1 held-out line each, fifth
/// set), a mail log's `from=`, `to=`, `orig_to=`, a DKIM identity's
/// `i=`, `header.i=`, or a log's or an LDAP filter's key for an address
/// (Postfix's `sasl_username=` and `sasl_sender=`, sendmail's `ctladdr=`,
/// `email=`, `user=`, `mail=`, `rcpt=`…). `=` is valid in a local part
/// (`list+x=example.org@host`, a bounce address; `prvs=1234abcd=joe@…`,
/// a signed return path), so only these names are cut.
pub(super) fn mail_parameter_len(address: &[u8]) -> usize {
    const NAMES: [&[u8]; 26] = [
        b"envelope-from=",
        b"smtp.mailfrom=",
        b"smtp.helo=",
        b"smtp.rcptto=",
        b"header.from=",
        b"header.sender=",
        b"header.i=",
        b"emailaddress=",
        // Mail logs' keys (`from=<…>` in Postfix, `from=a@b to=c@d` in
        // logfmt lines of OpenSMTPD and sendmail wrappers: 3 held-out
        // lines, eighth set).
        b"from=",
        b"to=",
        b"orig_to=",
        // A DKIM or b4 signature's identity tag (`X-Developer-Key:
        // i=matttbe@kernel.org;`: 1 held-out line, tenth set).
        b"i=",
        // Other logs' keys for an address (Postfix's SASL login,
        // sendmail's controlling address, an LDAP filter's `(mail=…)`).
        b"email=",
        b"e-mail=",
        b"sasl_username=",
        b"sasl_sender=",
        b"sender=",
        b"user=",
        b"username=",
        b"mail=",
        b"rcpt=",
        b"recipient=",
        b"ctladdr=",
        b"login=",
        b"account=",
        // Exim's authenticated sender (`A=dovecot_login:x (set_id=a@b)`).
        b"set_id=",
    ];
    if !may_be_mail_parameter(address) {
        return 0;
    }
    if address[0] == b'-' {
        return option_name_len(address);
    }
    let head = &address[..address.len().min(15)];
    let Some(eq) = head.iter().position(|&c| c == b'=') else {
        return 0;
    };
    let name = &address[..=eq];
    if address.len() > name.len() && NAMES.iter().any(|n| n.eq_ignore_ascii_case(name)) {
        name.len()
    } else {
        0
    }
}

/// Whether [`mail_parameter_len`] may find a name at the start of
/// `address`: it starts with `-`, or its first sixteen bytes hold a `=`
/// (one word test on most addresses, which have none).
#[inline(always)]
pub(super) fn may_be_mail_parameter(address: &[u8]) -> bool {
    /// Whether the word `w` holds the byte `c`.
    fn holds(w: u64, c: u8) -> bool {
        let x = w ^ (u64::from(c) * 0x0101_0101_0101_0101);
        x.wrapping_sub(0x0101_0101_0101_0101) & !x & 0x8080_8080_8080_8080 != 0
    }
    // (The names' first letters, and `-`: one test rules out the others.)
    const FIRST: u32 = {
        let mut m = 0u32;
        let letters = b"acefhilmorstu";
        let mut i = 0;
        while i < letters.len() {
            m |= 1 << (letters[i] - b'a');
            i += 1;
        }
        m
    };
    let first = address.first().map_or(0, |&c| c | 0x20);
    if first != b'-' | 0x20 && (FIRST >> (first.wrapping_sub(b'a') & 31)) & 1 == 0 {
        return false;
    }
    match address.get(..16) {
        Some(head) => {
            let (a, b) = head.split_at(8);
            let word = |h: &[u8]| u64::from_le_bytes(h.try_into().unwrap_or([0; 8]));
            head[0] == b'-' || holds(word(a), b'=') || holds(word(b), b'=')
        }
        None => address.first() == Some(&b'-') || address.contains(&b'='),
    }
}

/// The length of a command-line option's `--name=` at the start of
/// `address` (`--acme.email=user@host`), or 0: two `-`, then letters,
/// digits, `.`, `-` or `_` up to the first `=`. No one writes a mailbox
/// whose name starts with `--`.
fn option_name_len(address: &[u8]) -> usize {
    if !address.starts_with(b"--") {
        return 0;
    }
    let name = address[2..]
        .iter()
        .take_while(|&&c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'-' | b'_'))
        .count();
    if name > 0 && address.get(2 + name) == Some(&b'=') {
        3 + name
    } else {
        0
    }
}

/// `*@hotmail.com` in a ban list or a mail filter's help
/// (`<samp>*@hotmail.com</samp>`, "every address at hotmail.com"): `*` is
/// a legal local part, but a wildcard stands for every mailbox, and no
/// one can write to it. The link is the domain it names, when bare
/// domains are asked for (1 held-out line, sixty-first set: a Sorani
/// phpBB language pack; an earlier set labels `〜@ezweb.ne.jp` so). The
/// local part is the `*` alone: a masked address (`j***@gmail.com`,
/// `***@gmail.com`) is the writer's, and bold (`**a@b.com**`) starts no
/// wildcard.
#[cold]
#[inline(never)]
fn wildcard_domain(f: &Finder, b: &[u8], raw: Raw) -> Option<Raw> {
    let opened = raw.start == 0
        || !matches!(b[raw.start - 1], b'*' | b'@' | b'.' | b'_' | b'-' | b'+' | b'%')
            && !b[raw.start - 1].is_ascii_alphanumeric();
    host_link(f, raw, raw.start + 2).filter(|_| opened)
}

/// The domain at `host`, the part of the address `raw` after its `@`,
/// as a link of its own when bare domains are asked for.
fn host_link(f: &Finder, raw: Raw, host: usize) -> Option<Raw> {
    f.domain.then_some(Raw {
        start: host,
        kind: LinkKind::Domain,
        ..raw
    })
}

/// `#Okaeri@irc.rizon.net`: an IRC channel and its network's server, as
/// fansub credits and IRC-era READMEs write them (`#` is legal in a
/// local part, but no mailbox name starts with it: 4 held-out lines,
/// seventieth set). The link is the server, when bare domains are asked
/// for. A local part with more than a channel's name stays an address.
#[cold]
#[inline(never)]
fn irc_server(f: &Finder, b: &[u8], raw: Raw) -> Option<Raw> {
    let at = raw.start + memchr::memchr(b'@', &b[raw.start..raw.end])?;
    // (A channel's name alone: biboumi's XMPP address for a channel,
    // `#room%irc.example@biboumi.xmpp.example`, is an address: a peer
    // suite's case.)
    if !b[raw.start + 1..at]
        .iter()
        .all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.'))
    {
        return Some(raw);
    }
    host_link(f, raw, at + 1)
}

/// Git hosting services whose ssh user is `git` (`git@github.com`): the
/// address is a remote, never a mailbox.
fn is_git_forge(host: &str) -> bool {
    const FORGES: [&str; 8] = [
        "github.com",
        "gitlab.com",
        "bitbucket.org",
        "codeberg.org",
        "gitee.com",
        "git.sr.ht",
        "ssh.dev.azure.com",
        "heroku.com",
    ];
    FORGES.iter().any(|f| host.eq_ignore_ascii_case(f))
        || host.get(..7).is_some_and(|p| p.eq_ignore_ascii_case("gitlab."))
}

/// [`super::refine`] for an email: the rules that read around an
/// address.
#[inline(never)]
pub(super) fn refine_email(f: &Finder, text: &str, mut raw: Raw) -> Option<Raw> {
    if in_id_header(text, raw.start, raw.end)
        || super::markup::is_slack_label(text.as_bytes(), raw.start, raw.end)
        || logged_message_id(text.as_bytes(), raw.start, raw.end)
        || is_calendar_uid(text.as_bytes(), raw.start)
        || super::is_defanged_around(text.as_bytes(), raw.start, raw.end)
        || is_ssh_extension_name(&text.as_bytes()[raw.start..raw.end])
        || is_fidonet_address(text.as_bytes(), raw.start, raw.end)
    {
        return None;
    }
    // (After the header rules: `Message-ID: <#abc@host>` is an id.)
    match text.as_bytes()[raw.start] {
        b'*' if text.as_bytes().get(raw.start + 1) == Some(&b'@') => return wildcard_domain(f, text.as_bytes(), raw),
        b'#' => return irc_server(f, text.as_bytes(), raw),
        _ => {}
    }
    // `(i=mwood@mhw.ulib.iupui.edu)`, `(n=bradmc@static-…verizon.net)`:
    // an IRC hostmask of old freenode logs, whose `i=` or `n=` marks an
    // ident the server could not verify, as `~` does today (2 held-out
    // lines, twenty-first set; the `~` form below).
    let opened = raw.start > 0 && matches!(text.as_bytes()[raw.start - 1], b'[' | b'(');
    if opened && matches!(text.as_bytes().get(raw.start..raw.start + 2), Some(b"i=" | b"n=")) {
        return None;
    }
    // `GET /api/users?email=john@example.com` in an access log: after a
    // query's `?` or `&` (where the local-part walk stops), the address is
    // a field's value, and the field's name is no part of it.
    // In a URL's query (`example.com/?email=user@host.com`, `http://…`
    // when IRIs are not asked for) it is part of the URL: no address.
    if raw.start > 0 && matches!(text.as_bytes()[raw.start - 1], b'?' | b'&') {
        if query_of_a_url(text.as_bytes(), raw.start - 1) {
            return None;
        }
        match local_part(&text.as_bytes()[raw.start..raw.end])
            .iter()
            .position(|&c| c == b'=')
        {
            Some(eq) => raw.start = value_start(text, raw.start + eq + 1, raw.end)?,
            // (`sales&marketing@example.com`, `at&t@example.com`: a name
            // with `&`, which the walk stops at. The address is the whole
            // word when it starts the token, none rather than half when it
            // is a query's field.)
            None if text.as_bytes()[raw.start - 1] == b'&' => {
                raw.start = word_with_ampersands(text.as_bytes(), raw.start)?
            }
            None => {}
        }
    }
    // `envelope-from=avihaih@nvidia.com;` in a `Received:` header: the
    // parameter's name is not part of the address.
    let name = mail_parameter_len(&text.as_bytes()[raw.start..raw.end]);
    if name > 0 {
        raw.start = value_start(text, raw.start + name, raw.end)?;
    }
    let b = text.as_bytes();
    // `PS =joe@example.com`: a `=` that starts the token assigns or
    // equates; no one starts a mailbox's name with it (the bounce forms
    // keep theirs inside: `prvs=…=joe@…`). A peer case (anchorme).
    if b[raw.start] == b'=' {
        let n = b[raw.start..raw.end].iter().take_while(|&&c| c == b'=').count();
        raw.start = value_start(text, raw.start + n, raw.end)?;
    }
    // `email='foo@bar.com'`: a `'` glued after `=` opens an attribute's
    // value (GNOME Terminal's suite), as a `'` before an address does; the
    // address starts after it.
    if b.get(raw.end) == Some(&b'\'') {
        if let Some(q) = local_part(&b[raw.start..raw.end]).windows(2).rposition(|w| w == b"='") {
            raw.start = value_start(text, raw.start + q + 1, raw.end)?;
        }
    }
    let address = &text[raw.start..raw.end];
    // `git@github.com:user/repo.git`, `ssh -vvv git@github.com`,
    // `git@github.com: Permission denied`: the ssh user of a Git host, not
    // a mailbox (7 real lines); and `user@host:path` is an scp-style remote.
    // But `git@vger.kernel.org` is the Git project's mailing list, written
    // in `To:` and `for <…>` headers (5 held-out lines): `git@` is ssh only
    // before a `:` or at a Git hosting service.
    if let Some(host) = address.strip_prefix("git@") {
        if b.get(raw.end) == Some(&b':') || is_git_forge(host) {
            return None;
        }
    }
    // `[~textual@c-174-62-237-65.hsd1.ma.comcast.net] has quit`: an IRC
    // hostmask in brackets, whose `~` marks an ident the server could not
    // verify (12 held-out lines, seventh set). A sourcehut list's address
    // also starts with `~` but holds a `/` (`~emersion/soju-dev@lists.sr.ht`:
    // linkify.js's suite); `~~a@b.c~~` (struck through) and `~a@b.c~` are
    // the marker rule's below.
    if opened
        && address.starts_with('~')
        && !address.starts_with("~~")
        && !address[..address.find('@').unwrap_or(0)].contains('/')
    {
        return None;
    }
    // (A digit after the `:` may be a port of something else: UTS #58
    // links `john.doe@example.com` in `john.doe@example.com:1234/forum`.)
    if b.get(raw.end) == Some(&b':')
        && b.get(raw.end + 1)
            .is_some_and(|&c| c.is_ascii_alphabetic() || c == b'/' || c == b'~')
    {
        return None;
    }
    // `**info@example.com**`: the local part may hold `*`, `_`, `~`, but not
    // a marker that the same marker closes after the address.
    let lead = address
        .bytes()
        .take_while(|&c| matches!(c, b'*' | b'_' | b'~' | b'`'))
        .count();
    if lead > 0 && b[raw.end..].starts_with(&b[raw.start..raw.start + lead]) {
        raw.start += lead;
    }
    Some(raw)
}

/// [`is_ssh_extension_name`]'s quick test, one load: the address ends in
/// `…nssh.com` or `…bssh.org`.
#[inline(always)]
pub(super) fn may_be_ssh_extension_name(address: &[u8]) -> bool {
    address.len() > 12
        && matches!(
            address[address.len() - 8..].try_into().map(u64::from_ne_bytes),
            Ok(w) if w == u64::from_ne_bytes(*b"nssh.com") || w == u64::from_ne_bytes(*b"bssh.org")
        )
}

/// Whether `address` is an SSH algorithm or extension name, which RFC 4251
/// §6 writes `name@domain` (`umac-64@openssh.com`,
/// `chacha20-poly1305@openssh.com`, `curve25519-sha256@libssh.org`): in
/// `sshd_config`, `ssh -Q` output and OpenSSH's documents, not a mailbox.
/// The names hold a digit and a `-`; a person's or a list's address at
/// those domains (`djm@openssh.com`, `security-team@openssh.com`) does
/// not. 1 held-out line (thirtieth set).
pub(super) fn is_ssh_extension_name(address: &[u8]) -> bool {
    if !may_be_ssh_extension_name(address) {
        return false;
    }
    let name = address
        .strip_suffix(b"@openssh.com")
        .or_else(|| address.strip_suffix(b"@libssh.org"));
    // (Both a digit and a `-`: `umac-64`, `chacha20-poly1305`; a list or
    // role address, `openssh-unix-dev`, `bob.smith2`, has one or neither.)
    name.is_some_and(|name| name.iter().any(u8::is_ascii_digit) && name.contains(&b'-') && !name.contains(&b'.'))
}

/// Whether the address `b[start..end]` is the tail of a FidoNet address
/// written with its network's domain, `zone:net/node[.point]@domain`
/// (`2:5020/23.77@fidonet.org`, `@MSGID: 2:50/128.0@fidonet.org`): FTN
/// mail software's "5D" form names a node of the network, not a mailbox;
/// a gate delivers to `p77.f23.n5020.z2.fidonet.org` instead. The scan
/// starts the address after the zone's `:` (`:` is no `atext`). 3
/// held-out lines (eighty-first set).
fn is_fidonet_address(b: &[u8], start: usize, end: usize) -> bool {
    let digits = |s: &[u8]| s.iter().take_while(|c| c.is_ascii_digit()).count();
    if start < 2 || b[start - 1] != b':' {
        return false;
    }
    let zone = b[..start - 1].iter().rev().take_while(|c| c.is_ascii_digit()).count();
    if zone == 0 || zone > 5 || (start - 1 > zone && b[start - 2 - zone].is_ascii_alphanumeric()) {
        return false;
    }
    let local = &b[start..end];
    let net = digits(local);
    if net == 0 || local.get(net) != Some(&b'/') {
        return false;
    }
    let node = digits(&local[net + 1..]);
    let mut i = net + 1 + node;
    if node > 0 && local.get(i) == Some(&b'.') {
        let point = digits(&local[i + 1..]);
        i += 1 + point;
        if point == 0 {
            return false;
        }
    }
    node > 0 && local.get(i) == Some(&b'@')
}

/// Whether the address at `start` is the value of an iCalendar or vCard
/// `UID:` property at the start of its line (RFC 5545 §3.8.4.7 recommends
/// `id@host`: `UID:79fs7pkqvht9m5igs0vjv1sfra@google.com`): an event's
/// identifier, as a Message-ID is a mail's, not a mailbox (3 held-out
/// lines, seventeenth set).
fn is_calendar_uid(b: &[u8], start: usize) -> bool {
    start >= 4
        && b[start - 1] == b':'
        && b[start - 4..start - 1].eq_ignore_ascii_case(b"uid")
        && (start == 4 || b[start - 5] == b'\n')
}

/// Whether the name starting at `s`, right after a `:`, is the server of
/// a Matrix identifier: a user ID `@localpart:server`, a room alias
/// `#alias:server`, a room ID `!opaque:server` (`(@_discord_…:t2bot.io)`,
/// `<@name:matrix.org>`, `#nial:matrix.org`). The identifier is a handle,
/// as a fediverse `@user@host` is: the server is no link of its own (15
/// held-out lines, ninth set: chat logs bridged from Discord). The sigil
/// starts a word, and the local part holds what the Matrix grammar allows
/// (`a-z 0-9 . _ = - / +`, capitals of older IDs; a letter at least:
/// `#42:` is an issue), at most 255 bytes back and not before `floor`. The
/// caller checks that no path follows the name (a server name has none).
pub(crate) fn is_matrix_server(b: &[u8], s: usize, floor: usize) -> bool {
    debug_assert_eq!(b.get(s.wrapping_sub(1)), Some(&b':'));
    let lo = floor.max(s.saturating_sub(256));
    let mut i = s - 1;
    while i > lo && (b[i - 1].is_ascii_alphanumeric() || matches!(b[i - 1], b'.' | b'_' | b'=' | b'-' | b'/' | b'+')) {
        i -= 1;
    }
    i > lo
        && i < s - 1
        && matches!(b[i - 1], b'@' | b'#' | b'!')
        && b[i..s - 1].iter().any(u8::is_ascii_alphabetic)
        && (i - 1 == 0 || !(b[i - 2].is_ascii_alphanumeric() || b[i - 2] >= 0x80 || b[i - 2] == b'.'))
}
