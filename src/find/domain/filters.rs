//! Hosts in the syntax of ad-block filter lists and resolver
//! configurations, where a bare name follows a `|`, `~` or `/` that
//! elsewhere makes it part of a path or an identifier, and ends where the
//! syntax says:
//!
//! - AdBlock's host anchor at a rule's start, `||ads.example.com^` and
//!   the exception `@@||cdn.example.org/x.js`;
//! - the hosts of a `domain=` option, `$domain=a.com|~b.com|c.net`, and
//!   of a cosmetic rule's list, `~m.site.com,site.com##.banner`;
//! - dnsmasq's `server=/example.com/114.114.114.114` (also `address=`,
//!   `ipset=`, `nftset=`, `local=`), whose host ends at its `/`;
//! - a cosmetic rule's separator after its host, `site.com##.ad`,
//!   `#@#`, `#?#`, `#$#`, `#%#` and `$$`: the selector is no fragment.
//!
//! A reader of a filter list reads each of these as a host (EasyList
//! China, RU AdList, List-KR, Liste FR and a Japanese list, dnsmasq-china-list:
//! 67 + 47 + 12 + 7 held-out lines, eighty-eighth set).

/// Whether byte `i` of `b` starts a line.
fn at_line_start(b: &[u8], i: usize) -> bool {
    i == 0 || b[i - 1] == b'\n'
}

/// Whether the bytes before `end` are a host of a filter list that the
/// search linked, ending at `floor` (the end of the previous link): label
/// bytes and dots, one dot at least, no more than a name's 253 bytes, and
/// before it `domain=`, another list item's `|` or `~`, a `,` or a line's
/// start. (So `|a.com|b.com|`, a table, and `x=foo.bar|baz.email`, code,
/// link no second item; each item reads back over one host only.)
fn list_host_before(b: &[u8], end: usize, floor: usize) -> bool {
    if floor != end {
        return false;
    }
    let lo = end.saturating_sub(254);
    let n = b[lo..end]
        .iter()
        .rev()
        .take_while(|&&c| c.is_ascii_alphanumeric() || c == b'-' || c == b'.')
        .count();
    let start = end - n;
    n >= 3
        && b[start..end].contains(&b'.')
        && b[end - 1] != b'.'
        && (at_line_start(b, start)
            || matches!(b[start - 1], b'|' | b'~' | b',')
            || (start >= 7 && b[start - 7..start].eq_ignore_ascii_case(b"domain=")))
}

/// Whether AdBlock's host anchor `||` comes right before `s`.
#[inline(always)]
pub(super) fn after_rule_anchor(b: &[u8], s: usize) -> bool {
    s >= 2 && b[s - 1] == b'|' && b[s - 2] == b'|'
}

/// Whether the name at `s`, after the byte `prev`, is a host of
/// filter-list or dnsmasq syntax ([`is_filter_host`]) rather than a
/// path's or an identifier's.
#[inline(always)]
pub(super) fn filter_host_after(prev: u8, b: &[u8], (s, tld_end): (usize, usize), floor: usize) -> bool {
    matches!(prev, b'|' | b'~' | b'/') && is_filter_host(b, s, tld_end, floor)
}

/// Whether the `||` before `s` (`s >= 2`) starts a rule: at a line's
/// start, alone or after an exception's `@@`.
fn anchor_starts_rule(b: &[u8], s: usize) -> bool {
    let at = if s >= 4 && &b[s - 4..s - 2] == b"@@" {
        s - 4
    } else {
        s - 2
    };
    at_line_start(b, at)
}

/// Whether the bare name at `s` (its TLD ending at `tld_end`), after a
/// `|`, `~` or `/`, is a host of filter-list or dnsmasq syntax (see the
/// module's list). Out of line: only names after those bytes ask.
#[cold]
#[inline(never)]
pub(super) fn is_filter_host(b: &[u8], s: usize, tld_end: usize, floor: usize) -> bool {
    if s == 0 {
        return false;
    }
    match b[s - 1] {
        // `||host` at a rule's start, after `@@` or nothing.
        b'|' if after_rule_anchor(b, s) => {
            // (What follows the host is the rule's: `^`, `$`, `/`, `|`,
            // `*`, a port or the line's end; code's `||this.app)` goes on.)
            anchor_starts_rule(b, s)
                && matches!(
                    b.get(tld_end),
                    None | Some(b'^' | b'$' | b'/' | b'|' | b'*' | b':' | b'\n' | b'\r')
                )
        }
        // `domain=a.com|b.com`: the host before the `|` is a linked one.
        b'|' => list_host_before(b, s - 1, floor),
        b'~' => {
            let after = b.get(tld_end).copied();
            match s.checked_sub(2).map(|p| b[p]) {
                // `domain=~a.com`.
                Some(b'=') => s >= 8 && b[s - 8..s - 1].eq_ignore_ascii_case(b"domain="),
                Some(b'|' | b',') => list_host_before(b, s - 2, floor),
                // `~a.com,b.com##…` at a cosmetic rule's start.
                None | Some(b'\n') => matches!(after, Some(b',' | b'#')),
                _ => false,
            }
        }
        // `server=/host/…` at a line's start.
        b'/' => is_dnsmasq_domain(b, s),
        _ => false,
    }
}

/// Whether the name at `s` follows dnsmasq's `=/` of a `server=`,
/// `address=`, `ipset=`, `nftset=` or `local=` line.
fn is_dnsmasq_domain(b: &[u8], s: usize) -> bool {
    const KEYS: [&[u8]; 5] = [b"server=/", b"address=/", b"ipset=/", b"nftset=/", b"local=/"];
    KEYS.iter()
        .any(|k| s >= k.len() && &b[s - k.len()..s] == *k && at_line_start(b, s - k.len()))
}

/// Whether a bare name at `s` whose host ends at `host_end` ends there for
/// the syntax after it: a cosmetic rule's separator (`##`, `#@#`, `#?#`,
/// `#$#`, `#%#`, `$$`), or the `/` after a dnsmasq domain.
#[cold]
#[inline(never)]
pub(super) fn ends_at_filter_syntax(b: &[u8], s: usize, host_end: usize) -> bool {
    let rest = &b[host_end..];
    match rest.first() {
        Some(b'#') => {
            matches!(rest.get(1), Some(b'#')) || matches!(rest.get(1..3), Some(b"@#" | b"?#" | b"$#" | b"%#"))
        }
        Some(b'$') => rest.get(1) == Some(&b'$'),
        Some(b'/') => s > 0 && b[s - 1] == b'/' && is_dnsmasq_domain(b, s),
        _ => false,
    }
}

/// The end of a link at `s` after AdBlock's `||` anchor that the scan ended
/// at `end`: its `$` options (`$domain=…`, `$third-party`) and the `|`
/// that anchors its end are no part of the address. (`^`, the separator,
/// ends it anyway.)
#[cold]
#[inline(never)]
pub(super) fn anchored_rule_end(b: &[u8], s: usize, end: usize) -> usize {
    if !anchor_starts_rule(b, s) {
        return end;
    }
    b[s..end]
        .iter()
        .position(|&c| c == b'$' || c == b'|')
        .map_or(end, |p| s + p)
}
