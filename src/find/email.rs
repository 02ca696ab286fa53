//! Email addresses: the local part before an `@` (UTS 58 LinkEmail
//! characters, no leading, trailing or double dot), `mailto:` targets, and
//! the IRI an address denotes.

use super::bytes16::local_bits;
use super::candidate::{Plain, Raw, MAX_LOCAL_BACK};
use super::classes::{has_class, scheme_word_start, DOT_BYTE, LABEL_BYTE};
use super::end::is_grapheme_boundary;
use super::escaped::name_after_escape;
use super::host::dns_labels_ok;
use super::prose::{mixes_unspaced_script, start_at_script_change};
use super::scheme::is_registered_opaque_scheme;
use super::tail::punctuation_before;
use super::{Finder, LinkKind};
use crate::chars::is_link_email;
use crate::letters::{
    char_at, char_before, common_letters_start, is_alphanumeric, is_domain_char, is_domain_dot, name_letters_start,
    name_mark_at,
};

/// ASCII case-insensitive `ends_with`, safe on any UTF-8 (compares bytes).
pub(super) fn ends_with_ignore_case(s: &str, suffix: &str) -> bool {
    let (s, suffix) = (s.as_bytes(), suffix.as_bytes());
    s.len() >= suffix.len() && s[s.len() - suffix.len()..].eq_ignore_ascii_case(suffix)
}

/// Where the email whose local part starts at `ls`, after the bytes
/// `before`, starts and what kind it is, if the finder takes it: written
/// after `mailto:`, the `mailto:` IRI when IRIs are on and the scheme is
/// allowed; otherwise the address alone, an email when emails are on
/// (`mailto:` is then text before it, as it is to a finder asked for
/// emails only, or for other schemes). In the default mode, `mailto` must
/// be a scheme word of its own, as the scheme stage reads one (a scheme
/// never starts inside an ASCII word: `xmailto:a@b.com` is no IRI).
///
/// After another opaque scheme's `:` (`sip:alice@example.org`,
/// `xmpp:bob@example.org`, `news:1234@news.example.org`), the address is
/// that scheme's (a SIP or XMPP address, a Message-ID), not a mailbox: no
/// email, when the scheme stage did not take the IRI (IRIs off, or the
/// scheme not allowed). Default mode only.
#[inline(always)]
fn start_and_kind(f: &Finder, before: &[u8], ls: usize) -> Option<(usize, LinkKind)> {
    let n = before.len();
    let mailto = n >= 7
        && before[n - 7..].eq_ignore_ascii_case(b"mailto:")
        && (f.strict_uts58 || scheme_word_start(before, n - 1, 0) == Some(n - 7));
    if !mailto && !f.strict_uts58 && before.last() == Some(&b':') && other_opaque_scheme_before(before) {
        return None;
    }
    if mailto && f.iri && f.allows_scheme("mailto") {
        Some((ls - 7, LinkKind::Iri))
    } else if f.email {
        Some((ls, LinkKind::Email))
    } else {
        None
    }
}

/// Whether `before` (ending in `:`) ends with a scheme word of its own
/// that is a registered opaque scheme (not `mailto`: the caller tells it
/// first). Out of line: few addresses follow a colon.
#[cold]
#[inline(never)]
fn other_opaque_scheme_before(before: &[u8]) -> bool {
    let colon = before.len() - 1;
    scheme_word_start(before, colon, 0)
        .and_then(|s| std::str::from_utf8(&before[s..colon]).ok())
        .is_some_and(is_registered_opaque_scheme)
}

/// Whether the local part `b` is masked (`Pl***@wp.pl`, `is***l@alma.com`:
/// support tools and exports hide addresses so): two of `.` and `*` side
/// by side, with a `*` among them (a `..` is [`local_part_ok`]'s). No
/// address is written, nor a site: no link (3 held-out lines, twentieth
/// set). The plain path's walk sees the same pairs (`LOCAL_BYTE`).
fn is_masked(b: &[u8]) -> bool {
    // (Stars before the local part are bold or emphasis: `**me@…**`.)
    let stars = b.iter().take_while(|&&c| c == b'*').count();
    b[stars..]
        .windows(2)
        .any(|w| matches!(w, [b'*', b'*' | b'.'] | [b'.', b'*']))
}

/// UTS 58 local-part rules: non-empty, no leading or trailing `.`, no `..`.
fn local_part_ok(b: &[u8]) -> bool {
    !b.is_empty() && b[0] != b'.' && b[b.len() - 1] != b'.' && !b.windows(2).any(|w| w == b"..")
}

/// The length of a `mailto:` target: a domain ends at the first character
/// that cannot be in a domain (`mailto:a@example.com/foo` ends before `/`,
/// as UTS 58 ends an email at its TLD), unless a `?` query follows.
pub(super) fn mailto_len(to: &str) -> usize {
    // Bytes, a class table for ASCII (a domain's ASCII characters are the
    // label bytes and `.`); other characters are decoded.
    let b = to.as_bytes();
    let mut in_domain = false;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c < 0x80 {
            match c {
                b'@' => in_domain = true,
                b',' => in_domain = false,
                b'?' => return to.len(),
                b'%' => {}
                _ if in_domain && !has_class(c, LABEL_BYTE | DOT_BYTE) => return i,
                _ => {}
            }
            i += 1;
        } else {
            let c = char_at(to, i).unwrap_or('\0');
            if in_domain && !is_domain_char(c) && !is_domain_dot(c) {
                return i;
            }
            i += c.len_utf8();
        }
    }
    to.len()
}

/// Whether the `mailto:` whose colon is at `colon` and whose target ends
/// at `end` (a space after it) holds no `@` and is followed by an `@`
/// written against harvesters (`AT` or `at`, or `(at)`, `[at]`, `{at}`:
/// `mailto:olivier.korach AT gmail DOT com`, 1 held-out line,
/// twenty-first set): a local part alone, no mailbox. (A `mailto:` of a
/// bare name, which xurls and linkifyjs link, still links; one with
/// `(at)` inside is [`mailto_ok`]'s.)
#[cold]
#[inline(never)]
pub(super) fn written_at_after(b: &[u8], colon: usize, end: usize) -> bool {
    if b[colon..end].contains(&b'@') {
        return false;
    }
    let rest = &b[end..];
    let spaces = rest.iter().take(3).take_while(|&&c| c == b' ').count();
    let word = &rest[spaces..];
    let at = |w: &[u8]| w.len() >= 2 && w[..2].eq_ignore_ascii_case(b"at") && w.get(2).is_none_or(|&c| c == b' ');
    (spaces > 0 && at(word)) || is_bracketed_at(word)
}

/// Whether `w` starts with `(at)`, `[at]` or `{at}`, any case: an `@`
/// written against harvesters (the `mailto:` rules here, and the bare-name
/// rules of `domain/context.rs`).
pub(super) fn is_bracketed_at(w: &[u8]) -> bool {
    w.len() >= 4
        && matches!(w[0], b'(' | b'[' | b'{')
        && w[1..3].eq_ignore_ascii_case(b"at")
        && matches!(w[3], b')' | b']' | b'}')
}

/// Whether an address of a `mailto:` without an `@` writes one against
/// harvesters (`mailto:jane(at)example.com`): no mailbox.
#[cold]
fn holds_bracketed_at(addr: &[u8]) -> bool {
    memchr::memchr3_iter(b'(', b'[', b'{', addr).any(|i| is_bracketed_at(&addr[i..]))
}

/// Every address of a `mailto:` follows the email rules (one without an
/// `@` writes none as `(at)`).
pub(super) fn mailto_ok(to: &str) -> bool {
    // The addresses before a `?`, split at `,`, each read once by byte.
    let b = to.as_bytes();
    let end = b.iter().position(|&c| c == b'?').unwrap_or(b.len());
    if end == 0 {
        return true;
    }
    let mut start = 0;
    while start <= end {
        let stop = b[start..end].iter().position(|&c| c == b',').map_or(end, |p| start + p);
        let addr = &b[start..stop];
        let ok = match addr.iter().rposition(|&c| c == b'@') {
            Some(at) => local_part_ok(&addr[..at]) && dns_labels_ok(&to[start + at + 1..stop]),
            None => !addr.is_empty() && !holds_bracketed_at(addr),
        };
        if !ok {
            return false;
        }
        start = stop + 1;
    }
    true
}

/// The start of a local part that goes on backwards from `ls` with a
/// letter of the common scripts, no further back than `lo`, and whether it
/// holds `..` (`double_dot`: so far), and whether ASCII bytes are among
/// them. Out of line: most are ASCII.
#[cold]
#[inline(never)]
fn mixed_local_start(b: &[u8], mut ls: usize, lo: usize, mut double_dot: bool) -> (usize, bool, bool) {
    let mut ascii = false;
    loop {
        let run = name_letters_start(b, ls, lo);
        if run == ls {
            return (ls, double_dot, ascii);
        }
        ls = ascii_local_start(b, run, lo, &mut double_dot);
        ascii |= ls < run;
    }
}

/// Whether the ASCII byte `c` may be in a local part in the default mode:
/// UTS 58 LinkEmail ([`crate::chars::ASCII_LINK_EMAIL`], RFC 5322 atext)
/// but `{`, `|` and `}`, which a reader of a mail sees as brackets and
/// field separators around an address (`{john@mozilla.org}`,
/// `|bob@foo.com|555-9999|`: Thunderbird's and Evolution's suites), not
/// in it; `` ` ``, which opens code or a quote before one
/// (`` https://a.de`bc@c.com ``: Telegram's suite); and `!`, which joins
/// an IRC nick to its user and host
/// (`<statler!~Georg@p54897245.dip0.t-ipconnect.de>`, 4 held-out lines of
/// the eleventh set) and the hops of a UUCP bang path: a local part that
/// a `!` would hold is no mailbox ([`after_bang`]); `?` and `&`, which
/// separate a query's fields before an address that is one field's value
/// (`GET /api/users?email=john@example.com` in an access log: the address
/// is `john@example.com`, [`super::prose`] drops the field's name), and
/// which no one writes in a mailbox's name. Strict mode keeps them.
pub(super) const fn is_plain_local_byte(c: u8) -> bool {
    c < 0x80
        && crate::chars::ASCII_LINK_EMAIL[c as usize]
        && !matches!(c, b'{' | b'|' | b'}' | b'!' | b'`' | b'?' | b'&')
}

/// Whether the local part starting at `ls` follows a `!` glued to a word
/// (the default mode's walk stops at `!`, [`is_plain_local_byte`]): an IRC
/// hostmask's `nick!user@host` or a bang path, no address; but for a
/// UUCP route in a mail header ([`super::prose::is_mail_route`]).
fn after_bang(b: &[u8], ls: usize) -> bool {
    ls >= 2 && b[ls - 1] == b'!' && b[ls - 2].is_ascii_alphanumeric() && !super::prose::is_mail_route(b, ls - 1)
}

/// Past the `'`s that open the local part `b[ls..at]`: a quotation mark
/// before an address (`'hi@example.com'`, Django's, Roundcube's suites),
/// not part of it, though RFC 5322 atext and UTS 58 LinkEmail hold `'`
/// (inside a local part it stays: `o'brien@example.com`). Default mode.
#[inline(always)]
pub(super) fn after_opening_quotes(b: &[u8], mut ls: usize, at: usize) -> usize {
    while ls < at && b[ls] == b'\'' {
        ls += 1;
    }
    ls
}

/// The default mode's ASCII local-part bytes ([`is_plain_local_byte`])
/// among all 256: 1 for each, 3 for `.` (bit 2: a dot); 0 for the others
/// and every non-ASCII byte, so that the walk back tests one load per
/// byte.
static LOCAL_BYTE: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 128 {
        if is_plain_local_byte(i as u8) {
            // `.` and `*` share bit 2: two of them side by side end the
            // walk's hopes (`..`; `**`, a masked address).
            t[i] = if i == b'.' as usize || i == b'*' as usize { 3 } else { 1 };
        }
        i += 1;
    }
    t
};

/// The start of the ASCII local-part characters that end at `ls`, no
/// further back than `lo`; `double_dot` is set on a `..` among them (or
/// one of them and the byte at `ls`).
#[inline(always)]
fn ascii_local_start(b: &[u8], mut ls: usize, lo: usize, double_dot: &mut bool) -> usize {
    // The class of the byte after the one looked at: two dots share bit 2.
    let mut after = b.get(ls).map_or(0, |&c| LOCAL_BYTE[c as usize]);
    let mut dots = 0u8;
    // The sixteen bytes before `ls` at once (most local parts are no
    // longer), read backwards: bit 15 is the byte at `ls - 1`.
    let chunk = ls.checked_sub(16).and_then(|t| <&[u8; 16]>::try_from(&b[t..ls]).ok());
    if let Some(chunk) = chunk.filter(|_| after == 0) {
        let (local, dot) = local_bits(chunk);
        let n = ((!(local << 16)).leading_zeros() as usize).min(ls - lo.min(ls));
        let run = !(u32::MAX >> n) >> 16;
        // Two dots side by side in the run.
        *double_dot |= dot & (dot << 1) & run & (run << 1) != 0;
        ls -= n;
        if n < 16 {
            return ls;
        }
        after = LOCAL_BYTE[b[ls] as usize];
    }
    while ls > lo {
        let k = LOCAL_BYTE[b[ls - 1] as usize];
        if k == 0 {
            break;
        }
        dots |= k & after;
        after = k;
        ls -= 1;
    }
    *double_dot |= dots & 2 != 0;
    ls
}

/// Where a local part starts after the last run of three or more dots in
/// `local` (the bytes from the walk's start to the `@`): leader dots of a
/// table (`E-Mail...sonic@south.net.ru`, `Mac Buster......mac@mail.ru`)
/// or an ellipsis (`wait...john@example.com`) separate the address from
/// the word before, as a space would; a dot-atom never holds two dots in a
/// row. `None`: no such run, or another `..` after it, or a masked
/// address (below) (no address). 3
/// held-out lines (eighty-ninth set: Amiga diskmag contact tables).
#[cold]
#[inline(never)]
fn after_leader_dots(local: &[u8]) -> Option<usize> {
    // (A word of four bytes or more before the dots and three after: a
    // masked address, `j...n@gmail.com`, `jo...hn@example.com`, hides a
    // mailbox, and its tail is none.)
    let run = local.windows(3).position(|w| w == b"...")?;
    let last = local.windows(3).rposition(|w| w == b"...")? + 3;
    (run >= 4 && local.len() - last >= 3 && !local[last..].windows(2).any(|w| w == b"..")).then_some(last)
}

/// [`super::domain::plain_dot_link`] for the email whose domain starts at
/// `s`, after an `@`: its local part, read backwards, is ASCII and
/// common-script letters too.
pub(super) fn plain_email(f: &Finder, text: &str, s: usize, tld_end: usize, floor: usize) -> Plain {
    let b = text.as_bytes();
    if !f.email {
        return Plain::NoLink;
    }
    let at = s - 1;
    let lo = floor.max(at.saturating_sub(MAX_LOCAL_BACK));
    let mut ls = at;
    let mut double_dot = false;
    ls = ascii_local_start(b, ls, lo, &mut double_dot);
    if ls > lo && b[ls - 1] >= 0x80 {
        // (Only a local part with ASCII bytes can mix scripts.)
        let ascii_after = ls < at;
        let ascii_in;
        (ls, double_dot, ascii_in) = mixed_local_start(b, ls, lo, double_dot);
        if (ascii_after || ascii_in) && mixes_unspaced_script(&text[ls..at]) {
            return Plain::Ask; // prose glued before the address (`邮箱elvis.shi@…`)
        }
    }
    // (Punctuation before the address, `「sato@example.jp」`, is no part of
    // it.) A `/` right where the previous link ended: see `email`.
    if (ls > 0 && b[ls - 1] >= 0x80 && !punctuation_before(text, ls))
        || (ls == lo && (lo > floor || (floor > 0 && b[ls] == b'/')))
    {
        return Plain::Ask;
    }
    // A mark at the start belongs to what precedes the address: the
    // general rules decide.
    if name_mark_at(&b[..at], ls) {
        return Plain::Ask;
    }
    // (A `*` in a pair: a masked address, or `**` bold before an address;
    // the general rules tell them apart.)
    if double_dot && b[ls..at].contains(&b'*') {
        return Plain::Ask;
    }
    if double_dot {
        // `E-Mail...sonic@south.net.ru`, `Mac Buster......mac@mail.ru`:
        // leader dots or an ellipsis before the address.
        match after_leader_dots(&b[ls..at]) {
            Some(n) => ls += n,
            None => return Plain::NoLink,
        }
    }
    if ls == at || b[ls] == b'.' || b[at - 1] == b'.' {
        return Plain::NoLink;
    }
    // A `'` that opens the local part: the general rules read it
    // (`after_opening_quotes`).
    if b[ls] == b'\'' {
        return Plain::Ask;
    }
    // (An escape's `\n` just before the floor: the general rules read the
    // byte before the local part wherever the floor is.)
    if ls == floor && ls > 0 && b[ls - 1] == b'\\' {
        return Plain::Ask;
    }
    let before = &b[floor..ls];
    // A local part right after `\` is no address (see `email`), nor one
    // after a word's `!`.
    // (One test of the byte before for them all.)
    let no_address = match before.last() {
        Some(b'/') => before.ends_with(b"://"),
        // (An address after an escape's `\n`: `escaped::name_after_escape`.)
        Some(b'\\') if matches!(b[ls], b'n' | b'r' | b't' | b'N' | b'h') => return Plain::Ask,
        Some(b'@' | b'\\') => true,
        // (`Email:-abc@…`: `email`.)
        Some(b':') if b[ls] == b'-' => return Plain::Ask,
        Some(b':') => b[ls] == b'/',
        Some(b'!') => after_bang(b, ls),
        _ => false,
    };
    if no_address {
        return Plain::NoLink;
    }
    let Some((start, kind)) = start_and_kind(f, before, ls) else {
        return Plain::NoLink;
    };
    Plain::Link(Raw {
        start,
        end: tld_end,
        kind,
        folded: false,
        valid: false,
        unasked: false,
        cut: None,
    })
}

/// The email whose domain starts at `s` (`@` just before it).
pub(super) fn email(f: &Finder, text: &str, s: usize, tld_end: usize, floor: usize) -> Option<Raw> {
    if !f.email && !f.strict_uts58 {
        return None;
    }
    let at = s - 1;
    let lo = floor.max(at.saturating_sub(MAX_LOCAL_BACK));
    let mut ls = at;
    let b = text.as_bytes();
    while ls > lo {
        if b[ls - 1] < 0x80 {
            let c = b[ls - 1];
            let local = if f.strict_uts58 {
                crate::chars::ASCII_LINK_EMAIL[c as usize]
            } else {
                is_plain_local_byte(c)
            };
            if !local {
                break;
            }
            ls -= 1;
            continue;
        }
        // Letters of the common scripts are LinkEmail (a test checks).
        let run = common_letters_start(b, ls, lo);
        if run < ls {
            ls = run;
            continue;
        }
        let c = char_before(text, ls)?;
        if is_link_email(c) {
            ls -= c.len_utf8();
        } else {
            break;
        }
    }
    if ls == lo && lo > floor && char_before(text, ls).is_some_and(is_link_email) {
        return None; // local part too long: never start inside it
    }
    if !f.strict_uts58 {
        ls = after_opening_quotes(b, start_at_script_change(text, ls, at), at);
        // A `/` right where the previous link ended joins two addresses
        // (`stuff@stuff.com/things@things.com`: Autolinker's suite), though
        // atext holds it: no part of the second.
        if ls == floor && floor > 0 {
            while ls < at && b[ls] == b'/' {
                ls += 1;
            }
        }
    }
    // A combining mark before the address belongs to what precedes it.
    while ls < at && b[ls] >= 0x80 {
        match char_at(text, ls) {
            Some(c) if !c.is_ascii() && !is_alphanumeric(c) => ls += c.len_utf8(),
            _ => break,
        }
    }
    // After an escape's `\n`, `\r`, `\t` the address starts after its letter.
    if !f.strict_uts58 && ls > 0 && b[ls - 1] == b'\\' {
        ls = name_after_escape(b, ls, at, false);
    }
    if !f.strict_uts58 && !local_part_ok(&b[ls..at]) {
        ls += after_leader_dots(&b[ls..at]).unwrap_or(0);
    }
    // `Email:-abc@gmail.com`, `Mail Us :-sonotekaudio@…`: `:-` is a label's
    // separator, as `:` is (Indian English writes it so; 1 held-out line,
    // ninety-eighth set). A local part may start with `-` (RFC 5322
    // atext), but not right after a label's colon. Default mode.
    if !f.strict_uts58 && ls > floor && b[ls - 1] == b':' {
        while ls < at && b[ls] == b'-' {
            ls += 1;
        }
    }
    if !local_part_ok(&b[ls..at]) || !is_grapheme_boundary(text, ls) || (!f.strict_uts58 && is_masked(&b[ls..at])) {
        return None;
    }
    let before = &text[floor..ls];
    if before.ends_with("://") || before.ends_with('@') || (text[ls..at].starts_with('/') && before.ends_with(':')) {
        return None; // userinfo of a URL, or part of a longer address
    }
    // A local part right after `\` is the rest of an escaped word or a
    // path, as a bare name is (domain.rs): `foo\+@bar.example.com` (GFM:
    // no address), `\njohn@…` in a log's JSON string. Default mode only.
    if !f.strict_uts58 && (before.ends_with('\\') || (before.ends_with('!') && after_bang(b, ls))) {
        return None;
    }
    let (start, kind) = start_and_kind(f, before.as_bytes(), ls)?;
    Some(Raw {
        start,
        end: tld_end,
        kind,
        folded: false,
        valid: false,
        unasked: false,
        cut: None,
    })
}

/// `mailto:` + the address, with what an email local part may hold but an
/// IRI may not (a `%` not starting a `%XX`, `{`, `|`, `` ` ``…)
/// percent-encoded.
pub(super) fn mailto_iri(address: &str) -> String {
    let mut out = String::with_capacity(address.len() + 7);
    out.push_str("mailto:");
    let b = address.as_bytes();
    // Runs that need nothing are copied whole: most addresses are one run.
    let mut last = 0;
    while let Some(i) = (last..b.len()).find(|&i| byte_needs_encoding(b, i)) {
        out.push_str(&address[last..i]);
        crate::pct::push_pct_byte(&mut out, b[i]);
        last = i + 1;
    }
    out.push_str(&address[last..]);
    out
}

/// Whether the byte at `i` of an address must be encoded in its IRI: a `%`
/// that does not start `%XX`, or ASCII no URI may hold (never a byte of a
/// non-ASCII character: those stay as they are).
#[inline]
fn byte_needs_encoding(b: &[u8], i: usize) -> bool {
    let c = b[i];
    c < 0x80 && (!URI_ASCII[c as usize] || (c == b'%' && !crate::pct::is_pct_encoded(b, i)))
}

/// [`crate::chars::is_uri_ascii`] as a table: one load per byte of an address.
static URI_ASCII: [bool; 128] = {
    let mut t = [false; 128];
    let mut i = 0;
    while i < 128 {
        t[i] = crate::chars::is_uri_ascii(i as u8);
        i += 1;
    }
    t
};

/// Whether [`mailto_iri`] would change `address` (no allocation).
pub(super) fn mailto_needs_encoding(address: &str) -> bool {
    let b = address.as_bytes();
    (0..b.len()).any(|i| byte_needs_encoding(b, i))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `mailto_len` and `mailto_ok` as the rules read, a character and an
    /// address at a time.
    fn reference_mailto_len(to: &str) -> usize {
        let mut in_domain = false;
        for (i, c) in to.char_indices() {
            match c {
                '@' => in_domain = true,
                ',' => in_domain = false,
                '?' => return to.len(),
                '%' => {}
                c if in_domain && !is_domain_char(c) && !is_domain_dot(c) => return i,
                _ => {}
            }
        }
        to.len()
    }

    fn reference_mailto_ok(to: &str) -> bool {
        let to = to.split('?').next().unwrap_or("");
        to.is_empty()
            || to.split(',').all(|addr| match addr.rfind('@') {
                Some(at) => local_part_ok(&addr.as_bytes()[..at]) && dns_labels_ok(&addr[at + 1..]),
                None => !addr.is_empty() && !["(at)", "[at]", "{at}"].iter().any(|w| addr.to_lowercase().contains(w)),
            })
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3_000))]

        /// The byte walks of a `mailto:` target end it and judge its
        /// addresses as the rules do, a character at a time.
        #[test]
        fn mailto_targets_are_read_by_byte_as_by_character(
            pieces in proptest::collection::vec(proptest::sample::select(&[
                "a", "user", ".", "..", "@", ",", "?", "=", "%", "%41", "-", "_", "/", " ", "example", "com",
                "пример", "рф", "。", "例え", "\u{0301}", "ตัวอย่าง", "!", "'",
            ][..]), 0..16),
        ) {
            let to = pieces.concat();
            proptest::prop_assert_eq!(mailto_len(&to), reference_mailto_len(&to), "{:?}", to);
            proptest::prop_assert_eq!(mailto_ok(&to), reference_mailto_ok(&to), "{:?}", to);
        }
    }

    /// The walk back over a local part, a byte at a time as the rule
    /// reads: LinkEmail ASCII bytes, and `..` among them (or with the byte
    /// the walk starts before).
    fn reference_local_start(b: &[u8], mut ls: usize, lo: usize) -> (usize, bool) {
        let mut double_dot = false;
        while ls > lo && b[ls - 1] < 0x80 && crate::chars::ASCII_LINK_EMAIL[b[ls - 1] as usize] {
            ls -= 1;
            double_dot |= matches!(b[ls], b'.' | b'*') && matches!(b.get(ls + 1), Some(b'.' | b'*'));
        }
        (ls, double_dot)
    }

    /// (With local parts shorter and longer than the sixteen bytes the walk
    /// reads at once, from every place, the byte after the start a
    /// local-part byte or not.)
    #[test]
    fn the_local_part_walk_stops_and_sees_double_dots_where_the_rule_does() {
        let pieces: [&[u8]; 13] = [
            b"a",
            b"Z9",
            b".",
            b"..",
            b"+",
            b"@",
            b" ",
            b"\"",
            b"<",
            b"\xC3\xA9",
            b"\x80",
            b"_-",
            b"first.last",
        ];
        for b in crate::find::testing::random_texts(0x2545_F491_4F6C_DD1D, &pieces, 24, 3000) {
            for ls in 0..=b.len() {
                for lo in [0, ls / 2, ls.saturating_sub(1), ls] {
                    let mut double_dot = false;
                    let start = ascii_local_start(&b, ls, lo, &mut double_dot);
                    assert_eq!(
                        (start, double_dot),
                        reference_local_start(&b, ls, lo),
                        "{b:02X?} {ls} {lo}"
                    );
                }
            }
        }
    }

    #[test]
    fn mailto_iri_encodes_what_no_uri_holds() {
        assert_eq!(mailto_iri("a%zz{|`@ex.com"), "mailto:a%25zz%7B%7C%60@ex.com");
        assert_eq!(mailto_iri("ü%41@пример.рф"), "mailto:ü%41@пример.рф");
        assert_eq!(mailto_iri("a%4"), "mailto:a%254");
        assert!(!mailto_needs_encoding("ü%41@пример.рф") && mailto_needs_encoding("a^b@x.org"));
    }
}
