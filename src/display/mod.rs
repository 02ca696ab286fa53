//! Display safety: which form of a host, and of a whole link, to show a
//! person (mail clients, chat, anything that renders links from strangers).
//!
//! An internationalized domain name can look like another one: `аррӏе.com`,
//! written in Cyrillic, is a different host from `apple.com`. Browsers
//! answer with an *IDN display policy*: show a host in Unicode only when it
//! is unlikely to be mistaken for another, and in its punycode (`xn--`)
//! form otherwise. This module implements such a policy, decided for the
//! whole host at once, and applies it to whole links.
//!
//! # The policy
//!
//! A host is first put through IDNA ToUnicode (UTS #46, nontransitional,
//! with the URL Standard's ASCII deny list, as [`crate::to_uri`] does). A host
//! IDNA rejects is never shown in Unicode ([`SpoofReason::InvalidIdna`], or
//! [`SpoofReason::Invisible`] when the culprit is an invisible character).
//! Every label with non-ASCII characters must then pass, in this order:
//!
//! 1. **No invisible characters** ([`SpoofReason::Invisible`]):
//!    default-ignorable code points (soft hyphen, zero-width space, word
//!    joiner, variation selectors, bidi controls, Hangul fillers…). IDNA
//!    maps most of them to nothing, so they rarely get this far; ZWJ and
//!    ZWNJ survive IDNA only in the contexts RFC 5892 allows (after a
//!    virama, or ZWNJ between joining letters), which are legitimate
//!    spellings and are accepted.
//! 2. **Only UTS #39 `Allowed` characters** ([`SpoofReason::DisallowedCharacter`]):
//!    symbols, punctuation, historic and limited-use scripts (Cherokee,
//!    IPA letters such as `ɑ`…) are shown as punycode.
//! 3. **No repeated combining marks** ([`SpoofReason::RepeatedMark`]): the
//!    same mark twice in a row, compared on the UTS #39 skeleton so that a
//!    precomposed `é` followed by U+0301 counts, as do two marks that look
//!    the same.
//! 4. **No mixed scripts** ([`SpoofReason::MixedScript`]): the label must be
//!    at UTS #39 restriction level *Highly Restrictive* — single-script, or
//!    Latin combined with Han + Hiragana + Katakana (Japanese), Han +
//!    Bopomofo (Chinese) or Han + Hangul (Korean). Latin + Cyrillic, Latin +
//!    Greek, Latin + Armenian… are refused.
//! 5. **One digit system** ([`SpoofReason::MixedDigits`]): a label may not mix
//!    decimal digits of different systems (`0` and `٠`, `٤` and `۴`).
//! 6. **No whole-script confusables** ([`SpoofReason::WholeScriptConfusable`]):
//!    a Cyrillic, Greek or Armenian label whose letters *all* look like Latin
//!    letters (`аррӏе`, `ѕсоре`, `οχι`, `օսց`) could stand for an ASCII name
//!    and is shown as punycode — unless the top-level domain is itself
//!    written in the same script (and is not a lookalike), as in `сахар.рф`:
//!    there no ASCII host can look the same, because no ASCII TLD looks like
//!    `рф`. A TLD that is itself made of lookalikes vouches only if it is in
//!    the root zone (`.հայ`), since then it is not an attacker's choice.
//! 7. **Nothing that passes for ASCII** ([`SpoofReason::AsciiLookalike`]): a
//!    Latin label whose only non-ASCII letters are ones UTS #39 maps to a
//!    single ASCII letter (`ı`, `þ`, `ƒ`, `ɣ`, `ɩ`, `ʋ`) can pass for an ASCII
//!    name (`ımdb.com`) — except dotless ı under `.tr`/`.az` and þ under
//!    `.is`, where they are ordinary letters; and CJK characters shaped like
//!    ASCII punctuation (`ー`, `一`, `ノ`, `丨`, `〇`…) may not touch ASCII
//!    (`a一b.com` for `a-b.com`), while `sony-ストア.jp` and `ソニー.jp` pass.
//!
//! Pure ASCII labels need no check: what is shown is what is resolved.
//!
//! ```
//! use iriscan::display::{host_display, display_iri, HostDisplay, SpoofReason};
//!
//! assert_eq!(host_display("xn--e1afmkfd.xn--p1ai").as_str(), "пример.рф");
//! assert_eq!(
//!     host_display("аррӏе.com"),
//!     HostDisplay::Punycode { ascii: "xn--80ak6aa92e.com".into(), reason: SpoofReason::WholeScriptConfusable }
//! );
//! assert_eq!(display_iri("http://xn--e1afmkfd.xn--p1ai/%D0%BF"), "http://пример.рф/п");
//! ```

mod label;

use crate::iri::{leiri_to_iri, to_iri, to_uri_with, uses_dns, HostKind, HostMapping, IriRef, ToUriOptions};
use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};
use label::check_host;
use std::borrow::Cow;
use std::fmt;

/// How to show a host: in Unicode, or as punycode because it could be
/// mistaken for another host.
///
/// ```
/// use iriscan::display::{host_display, HostDisplay, SpoofReason};
///
/// assert_eq!(host_display("bücher.de"), HostDisplay::Unicode("bücher.de".into()));
/// let shown = host_display("gооgle.com"); // Cyrillic о
/// assert_eq!(shown.as_str(), "xn--ggle-55da.com");
/// assert_eq!(shown.reason(), Some(SpoofReason::MixedScript));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum HostDisplay {
    /// Safe to show as is: the IDNA ToUnicode form (lowercase, NFC).
    /// ASCII hosts land here too.
    Unicode(String),
    /// Show the ASCII form instead.
    Punycode {
        /// The IDNA ToASCII form (`xn--` labels). When IDNA rejects the
        /// host, the non-ASCII labels are punycoded one by one as written,
        /// so that nothing but ASCII is shown.
        ascii: String,
        /// Why the Unicode form is not shown (the first rule that failed).
        reason: SpoofReason,
    },
}

impl HostDisplay {
    /// The text to show.
    ///
    /// ```
    /// assert_eq!(iriscan::display::host_display("xn--bcher-kva.de").as_str(), "bücher.de");
    /// ```
    pub fn as_str(&self) -> &str {
        match self {
            HostDisplay::Unicode(s) => s,
            HostDisplay::Punycode { ascii, .. } => ascii,
        }
    }

    /// Whether the host is shown in Unicode (no spoofing risk found).
    ///
    /// ```
    /// assert!(iriscan::display::host_display("例え.jp").is_unicode());
    /// assert!(!iriscan::display::host_display("раураl.com").is_unicode());
    /// ```
    pub fn is_unicode(&self) -> bool {
        matches!(self, HostDisplay::Unicode(_))
    }

    /// Why the host is shown as punycode, if it is.
    ///
    /// ```
    /// use iriscan::display::{host_display, SpoofReason};
    /// assert_eq!(host_display("a\u{2665}.com").reason(), Some(SpoofReason::DisallowedCharacter('\u{2665}')));
    /// assert_eq!(host_display("example.com").reason(), None);
    /// ```
    pub fn reason(&self) -> Option<SpoofReason> {
        match self {
            HostDisplay::Unicode(_) => None,
            HostDisplay::Punycode { reason, .. } => Some(*reason),
        }
    }

    /// The text to show, owned.
    ///
    /// ```
    /// assert_eq!(iriscan::display::host_display("МОСКВА.рф").into_string(), "москва.рф");
    /// ```
    pub fn into_string(self) -> String {
        match self {
            HostDisplay::Unicode(s) => s,
            HostDisplay::Punycode { ascii, .. } => ascii,
        }
    }
}

impl fmt::Display for HostDisplay {
    /// Writes [`HostDisplay::as_str`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a host is shown as punycode: the rule of the [module](self) policy
/// that its Unicode form failed.
///
/// ```
/// use iriscan::display::{host_display, SpoofReason};
/// assert_eq!(host_display("ѕсоре.com").reason(), Some(SpoofReason::WholeScriptConfusable));
/// assert_eq!(host_display("e\u{301}\u{301}.com").reason(), Some(SpoofReason::RepeatedMark('\u{301}')));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SpoofReason {
    /// IDNA (UTS #46) rejects the host: it cannot be resolved as written.
    InvalidIdna,
    /// An invisible (default-ignorable) character, such as ZWJ outside the
    /// contexts IDNA allows or a bidi control.
    Invisible(char),
    /// A character whose UTS #39 identifier status is not `Allowed`.
    DisallowedCharacter(char),
    /// The same combining mark twice in a row.
    RepeatedMark(char),
    /// Scripts mixed beyond UTS #39 "Highly Restrictive".
    MixedScript,
    /// Decimal digits of more than one system in one label.
    MixedDigits,
    /// A Cyrillic, Greek or Armenian label made only of letters that look
    /// like Latin ones.
    WholeScriptConfusable,
    /// A character that passes for ASCII in its place: a Latin letter that
    /// looks like an ASCII one in a label with no other non-ASCII letter
    /// (`ımdb` with dotless ı), or a CJK character that looks like ASCII
    /// punctuation next to ASCII (`a一b`, `aーb` for `a-b`).
    AsciiLookalike(char),
}

impl fmt::Display for SpoofReason {
    /// A short English explanation, fit for a tooltip.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpoofReason::InvalidIdna => f.write_str("not a valid internationalized domain name"),
            SpoofReason::Invisible(c) => write!(f, "contains the invisible character U+{:04X}", *c as u32),
            SpoofReason::DisallowedCharacter(c) => {
                write!(f, "contains U+{:04X}, which is not allowed in identifiers", *c as u32)
            }
            SpoofReason::RepeatedMark(c) => write!(f, "repeats the combining mark U+{:04X}", *c as u32),
            SpoofReason::MixedScript => f.write_str("mixes scripts"),
            SpoofReason::MixedDigits => f.write_str("mixes digits of different systems"),
            SpoofReason::WholeScriptConfusable => f.write_str("made only of letters that look like Latin letters"),
            SpoofReason::AsciiLookalike(c) => write!(f, "U+{:04X} passes for an ASCII character", *c as u32),
        }
    }
}

/// Decides, for the whole host, whether to show it in Unicode or as
/// punycode (see the [module](self) documentation for the rules). `host` may
/// be ASCII with `xn--` labels or Unicode, in any case; it is a bare host,
/// without port or brackets.
///
/// ```
/// use iriscan::display::{host_display, HostDisplay, SpoofReason};
///
/// assert_eq!(host_display("xn--r8jz45g.jp").as_str(), "例え.jp");
/// assert_eq!(host_display("sony-ストア.jp").as_str(), "sony-ストア.jp"); // Latin + Japanese
/// assert_eq!(host_display("раураl.com").reason(), Some(SpoofReason::MixedScript));
/// // Soft hyphens are removed by IDNA: the host that is resolved, and shown, is paypal.com.
/// assert_eq!(host_display("pay\u{AD}pal.com"), HostDisplay::Unicode("paypal.com".into()));
/// ```
pub fn host_display(host: &str) -> HostDisplay {
    // The same hosts come back again and again (see `HostMemo`).
    thread_local! {
        static MEMO: crate::cache::HostMemo<HostDisplay> = crate::cache::HostMemo::new();
    }
    crate::cache::HostMemo::get(&MEMO, host, host_display_uncached)
}

/// [`host_display`] without the cache.
fn host_display_uncached(host: &str) -> HostDisplay {
    let uts46 = Uts46::new();
    let (unicode, result) = uts46.to_unicode(host.as_bytes(), AsciiDenyList::URL, Hyphens::Allow);
    if result.is_err() {
        let reason = rejected_invisible(host).map_or(SpoofReason::InvalidIdna, SpoofReason::Invisible);
        return HostDisplay::Punycode {
            ascii: fallback_ascii(host),
            reason,
        };
    }
    match check_host(&unicode) {
        Ok(()) => HostDisplay::Unicode(unicode.into_owned()),
        Err(reason) => {
            let ascii = uts46
                .to_ascii(host.as_bytes(), AsciiDenyList::URL, Hyphens::Allow, DnsLength::Ignore)
                .map(Cow::into_owned)
                .unwrap_or_else(|_| fallback_ascii(host));
            HostDisplay::Punycode { ascii, reason }
        }
    }
}

/// Whether `host` would be shown as punycode by [`host_display`]: it could
/// be mistaken for another host, or is not a valid IDN at all.
///
/// ```
/// use iriscan::display::is_spoof_risk;
/// assert!(is_spoof_risk("аррӏе.com"));
/// assert!(is_spoof_risk("xn--80ak6aa92e.com"));
/// assert!(!is_spoof_risk("пример.рф"));
/// assert!(!is_spoof_risk("example.com"));
/// ```
pub fn is_spoof_risk(host: &str) -> bool {
    !host_display(host).is_unicode()
}

/// The form of a link (URI or IRI) to show a person.
///
/// Percent-encoded UTF-8 is decoded as [`to_iri`] does — never bidi
/// controls, invisible or white-space characters, never overlong or
/// otherwise invalid UTF-8 (`%C0%AF` stays) — and raw characters an IRI may
/// not contain are percent-encoded first, so a right-to-left override can
/// never reach the screen. The host is then replaced by its
/// [`host_display`] form: Unicode when safe, punycode otherwise. For
/// schemes that do not use DNS ([`uses_dns`]) an unsafe host is shown
/// percent-encoded, its URI form. `mailto:` addresses get the same policy
/// for their domains.
///
/// Input that is not an IRI reference even after encoding the characters
/// IRIs forbid is returned as written, except for those characters, which
/// are percent-encoded (so that bidi controls never show).
///
/// ```
/// use iriscan::display::display_iri;
///
/// assert_eq!(display_iri("http://xn--e1afmkfd.xn--p1ai/%D0%BF"), "http://пример.рф/п");
/// assert_eq!(display_iri("https://аррӏе.com/login"), "https://xn--80ak6aa92e.com/login");
/// assert_eq!(display_iri("https://example.com/\u{202E}gpj.exe"), "https://example.com/%E2%80%AEgpj.exe");
/// assert_eq!(display_iri("http://example.com/%C0%AF"), "http://example.com/%C0%AF");
/// ```
pub fn display_iri(uri_or_iri: &str) -> String {
    // Most links are ASCII with nothing to decode and nothing IDNA or the
    // host policy would change: no `%`, no upper case (IDNA lowercases
    // hosts), no `xn--` label, and an IRI as written.
    if is_plain_ascii_link(uri_or_iri) {
        return uri_or_iri.to_owned();
    }
    display_iri_general(uri_or_iri)
}

/// An absolute ASCII IRI with no `%`, no upper case, no `xn--`, and a host
/// (if any) of lowercase letters, digits, `-` and `.`: shown as written
/// (a test checks this against the general path).
fn is_plain_ascii_link(s: &str) -> bool {
    let b = s.as_bytes();
    if !b
        .iter()
        .all(|&c| c.is_ascii_graphic() && c != b'%' && !c.is_ascii_uppercase())
        || s.contains("xn--")
    {
        return false;
    }
    let Ok(iri) = crate::Iri::parse(s) else {
        return false;
    };
    let plain_name = |name: &str| {
        !name.is_empty()
            && name
                .bytes()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'-' || c == b'.')
    };
    let host_ok = iri.host().is_none_or(plain_name);
    // `mailto:` with one address: its domain under the same rule as a host.
    let mailto_ok = !iri.scheme().eq_ignore_ascii_case("mailto")
        || (iri.query().is_none()
            && iri.fragment().is_none()
            && !iri.path().contains(',')
            && iri.path().rsplit_once('@').is_some_and(|(_, d)| plain_name(d)));
    host_ok && mailto_ok
}

/// [`display_iri`] without its shortcut for plain ASCII links.
fn display_iri_general(uri_or_iri: &str) -> String {
    let leiri = ToUriOptions {
        encode_forbidden_ascii: true,
        ..Default::default()
    };
    // A valid ASCII IRI is a URI, and the mapping is the identity on URIs:
    // one quick pass instead of a parse and a mapping (callers that have
    // the URI, such as the CLI's `jsonl`, pass it).
    let ascii_uri = uri_or_iri.is_ascii() && crate::iri::quick::quick_valid_iri(uri_or_iri);
    let mapped = if ascii_uri {
        Ok(Cow::Borrowed(uri_or_iri))
    } else {
        to_uri_with(uri_or_iri, &leiri)
    };
    let uri = match mapped {
        Ok(uri) => uri,
        // A host IDNA rejects: keep it percent-encoded so the rest still maps;
        // the host policy below shows it as ASCII.
        Err(crate::MapError::Idna { .. }) => {
            let pct = ToUriOptions {
                host_mapping: HostMapping::PercentEncode,
                ..leiri
            };
            match to_uri_with(uri_or_iri, &pct) {
                Ok(uri) => uri,
                Err(_) => return leiri_to_iri(uri_or_iri).into_owned(),
            }
        }
        Err(_) => return leiri_to_iri(uri_or_iri).into_owned(),
    };
    let iri = to_iri(&uri);
    let Ok(parsed) = IriRef::parse(&iri) else {
        return iri.into_owned();
    };
    display_parsed(&iri, &parsed)
}

/// The rest of [`display_iri_general`], from the IRI of the URI (`iri`,
/// parsed): the host policy for the host and for `mailto:` domains.
fn display_parsed(iri: &str, parsed: &IriRef<'_>) -> String {
    // A reference without a scheme (`//host/path`) is resolved against a web
    // page in practice: treat its host as a DNS name.
    let dns = parsed.scheme().is_none_or(uses_dns);
    let mut out = String::with_capacity(iri.len() + 16);
    let mut pos = 0;
    if let (Some(written), Some(HostKind::RegName)) = (parsed.host(), parsed.host_kind()) {
        // A percent-encoded DNS host (`%D0%B0pple.com`) is what a browser
        // decodes and resolves: judge (and show) the decoded name.
        // Only a decoded name that IDNA accepts and leaves as it is counts;
        // otherwise (invisible or mapped-away characters) the written form,
        // escapes and all, is the honest one to show.
        let decoded = if dns && written.contains('%') {
            crate::pct::percent_decode_utf8(written)
        } else {
            None
        };
        let decoded = decoded.filter(|d| {
            let (unicode, result) = idna::domain_to_unicode(d);
            result.is_ok() && unicode == d.to_lowercase()
        });
        let host = decoded.as_deref().unwrap_or(written);
        if needs_policy(host) {
            // `written` is a slice of `iri`: its offset is the pointer difference.
            let start = written.as_ptr() as usize - iri.as_ptr() as usize;
            out.push_str(&iri[..start]);
            match host_display(host) {
                HostDisplay::Unicode(_) if !dns => out.push_str(host),
                HostDisplay::Punycode { .. } if !dns => crate::pct::push_non_ascii_encoded(&mut out, host),
                shown => out.push_str(shown.as_str()),
            }
            pos = start + written.len();
        }
    }
    if parsed.scheme().is_some_and(|s| s.eq_ignore_ascii_case("mailto")) {
        let path = parsed.path();
        let start = path.as_ptr() as usize - iri.as_ptr() as usize;
        out.push_str(&iri[pos..start]);
        for (n, addr) in path.split(',').enumerate() {
            if n > 0 {
                out.push(',');
            }
            match addr.rfind('@') {
                Some(at) if needs_policy(&addr[at + 1..]) => {
                    out.push_str(&addr[..=at]);
                    out.push_str(host_display(&addr[at + 1..]).as_str());
                }
                _ => out.push_str(addr),
            }
        }
        pos = start + path.len();
    }
    out.push_str(&iri[pos..]);
    out
}

/// Whether a host as shown by [`to_iri`] needs the display policy: it has
/// non-ASCII characters or `xn--` labels. Other ASCII hosts are shown as
/// written (case included).
fn needs_policy(host: &str) -> bool {
    !host.is_ascii() || host.split('.').any(is_ace_label)
}

fn is_ace_label(label: &str) -> bool {
    label.len() >= 4 && label.as_bytes()[..4].eq_ignore_ascii_case(b"xn--")
}

/// The ASCII form of a host IDNA rejects: ASCII labels as written,
/// non-ASCII labels punycoded as written (lowercased), or percent-encoded
/// when even punycode fails.
fn fallback_ascii(host: &str) -> String {
    if host.is_ascii() {
        return host.to_owned();
    }
    let mut out = String::with_capacity(host.len() * 2);
    for (n, label) in host.split('.').enumerate() {
        if n > 0 {
            out.push('.');
        }
        if label.is_ascii() {
            out.push_str(label);
        } else if let Some(p) = idna::punycode::encode_str(&label.to_lowercase()) {
            out.push_str("xn--");
            out.push_str(&p);
        } else {
            crate::pct::push_non_ascii_encoded(&mut out, label);
        }
    }
    out
}

/// When IDNA rejected a host, the invisible character that probably made
/// it do so (ZWJ/ZWNJ out of context, bidi controls), looking inside `xn--`
/// labels too.
fn rejected_invisible(host: &str) -> Option<char> {
    // The invisible characters UTS #46 keeps (ZWJ, ZWNJ) or disallows
    // (bidi controls, the Arabic letter mark) rather than ignores.
    let kept_invisible = |c: &char| matches!(*c as u32, 0x200C..=0x200F | 0x202A..=0x202E | 0x2066..=0x2069 | 0x061C);
    host.split('.').find_map(|label| {
        let decoded = if is_ace_label(label) {
            idna::punycode::decode_to_string(&label[4..]).unwrap_or_default()
        } else {
            label.to_owned()
        };
        decoded.chars().find(kept_invisible)
    })
}

/// The safe text to show for a found link: its IRI through [`display_iri`]
/// (host by the display policy, bidi controls and overlong forms kept
/// encoded), without the `mailto:` or default scheme that an email or a
/// scheme-less domain did not have as written.
///
/// ```
/// use iriscan::{display::display_link, Finder};
/// let f = Finder::new();
/// let shown: Vec<_> = f.links("пример.рф and раураl.com and a@bücher.de").map(|l| display_link(l.kind(), &l.iri())).collect();
/// assert_eq!(shown, ["пример.рф", "xn--l-7sba6dbr.com", "a@bücher.de"]);
/// ```
pub fn display_link(kind: crate::LinkKind, iri: &str) -> String {
    without_added_scheme(kind, display_iri(iri))
}

/// A found link's URI and the text to show for it, together: what
/// [`crate::to_uri`] and [`display_link`] of the URI (of the IRI when it
/// has no URI) return, for `iri`, the link's [`crate::Link::iri`].
///
/// Computed together, the display form often needs no mapping back from
/// the URI: when that mapping would give `iri` again (no `%`, characters
/// an IRI shows, a host IDNA leaves as it is), `iri` is used as it is.
///
/// ```
/// use iriscan::{display::{display_link, map_for_display}, Finder};
/// let f = Finder::new();
/// for l in f.links("https://例え.jp/パス and аррӏе.com and bob@bücher.de") {
///     let iri = l.iri();
///     let (uri, shown) = map_for_display(l.kind(), &iri);
///     assert_eq!(uri, iriscan::to_uri(&iri));
///     assert_eq!(shown, display_link(l.kind(), uri.as_deref().unwrap_or(&iri)));
/// }
/// let (uri, shown) = map_for_display(iriscan::LinkKind::Iri, "https://例え.jp/パス");
/// assert_eq!(uri.unwrap(), "https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9");
/// assert_eq!(shown, "https://例え.jp/パス");
/// ```
pub fn map_for_display(kind: crate::LinkKind, iri: &str) -> (Result<Cow<'_, str>, crate::MapError>, String) {
    let uri = crate::to_uri(iri);
    let shown = match &uri {
        Ok(uri) => display_mapped(iri, uri),
        Err(_) => display_iri(iri),
    };
    (uri, without_added_scheme(kind, shown))
}

/// [`display_iri`] of `uri`, the URI of the IRI `iri`, starting from `iri`
/// when the URI would map back to it.
fn display_mapped(iri: &str, uri: &str) -> String {
    if is_plain_ascii_link(uri) {
        return uri.to_owned();
    }
    // `display_iri_general` takes a valid ASCII URI as it is, then maps
    // it back to an IRI: that IRI is `iri` when the round trip is exact.
    if uri.is_ascii() && crate::iri::quick::quick_valid_iri(uri) {
        if let Ok(parsed) = IriRef::parse(iri) {
            if parsed.maps_back_to_itself() {
                return display_parsed(iri, &parsed);
            }
        }
    }
    display_iri_general(uri)
}

/// `shown` without the `mailto:` or default scheme that an email or a
/// scheme-less domain did not have as written.
fn without_added_scheme(kind: crate::LinkKind, shown: String) -> String {
    match kind {
        crate::LinkKind::Iri => shown,
        crate::LinkKind::Email => shown.strip_prefix("mailto:").map(str::to_owned).unwrap_or(shown),
        crate::LinkKind::Domain => match shown.find("://") {
            Some(i) => shown[i + 3..].to_owned(),
            None => shown,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_ascii_shortcut_agrees_with_the_general_path() {
        let mut links: Vec<String> = Vec::new();
        let finder = crate::Finder::new();
        for entry in std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/corpora")).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "txt") {
                let text = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
                links.extend(finder.links(&text).map(|l| l.iri().into_owned()));
            }
        }
        links.extend(
            [
                "http://a_b.example/",
                "http://a!b.example/x",
                "http://1.2.3.4:80/p?q#f",
                "http://[::1]/",
                "ftp://ftp.example.org/pub/",
                "urn:isbn:0451450523",
                "tel:+1-555",
                "http://example.com:/",
                "http://example.com./a",
                "https://www.example.com/a/./b/../c",
                "news:comp.lang.rust",
                "http://-a.example/",
                "http://a..b/",
                "http://example.com/\u{7f}",
                "mailto:a@b.example",
                "mailto:a@b.example,c@d.example",
                "mailto:a@b.example?subject=x",
                "mailto:a@-b.example",
                "mailto:@b.example",
                "mailto:a@",
                "mailto:a.b@c_d.example",
            ]
            .map(String::from),
        );
        let mut plain = 0;
        for l in &links {
            if is_plain_ascii_link(l) {
                plain += 1;
                assert_eq!(display_iri_general(l), *l, "{l}");
            }
        }
        assert!(plain > 100, "the shortcut should cover the common links ({plain})");
        // The general path's own shortcut: a valid ASCII IRI maps to itself,
        // so the mapping it skips would not change it. Checked on the same
        // links, on their URIs, and on ASCII with upper case, `xn--`,
        // percent-encodings and IP literals.
        let leiri = ToUriOptions {
            encode_forbidden_ascii: true,
            ..Default::default()
        };
        let uris: Vec<String> = links
            .iter()
            .filter_map(|l| crate::to_uri(l).ok())
            .map(|u| u.into_owned())
            .collect();
        let more = [
            "HTTP://EXAMPLE.COM/%41",
            "http://xn--r8jz45g.jp/%E3%83%91",
            "http://[v1.x]/",
            "mailto:A@XN--P1AI",
        ];
        let mut checked = 0;
        for l in links.iter().chain(&uris).map(String::as_str).chain(more) {
            if l.is_ascii() && crate::iri::quick::quick_valid_iri(l) {
                checked += 1;
                assert_eq!(to_uri_with(l, &leiri).unwrap(), l, "{l}");
            }
        }
        assert!(checked > 300, "{checked}");
    }

    /// `map_for_display` answers what `to_uri` and `display_link` of the
    /// URI answer, on every link of the corpora and on IRIs that take each
    /// way through it (plain ASCII, the round trip from the IRI, the
    /// mapping back from the URI, no URI at all).
    #[test]
    fn map_for_display_answers_as_to_uri_and_display_link_of_the_uri() {
        use crate::LinkKind;
        let finder = crate::Finder::new();
        let mut links: Vec<(LinkKind, String)> = Vec::new();
        for entry in std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/corpora")).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "txt") {
                let text = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
                links.extend(finder.links(&text).map(|l| (l.kind(), l.iri().into_owned())));
            }
        }
        let text = "https://例え.jp/パス?q=値 https://аррӏе.com/login http://xn--e1afmkfd.xn--p1ai/%D0%BF \
                    https://example.com/\u{202E}gpj.exe http://例え.JP/ https://ＥＸＡＭＰＬＥ.com/ \
                    bob@bücher.de bob@аррӏе.com josé@example.com пример.рф раураl.com www.例え.jp/é \
                    https://xn--a.例え.jp/ ftp://сахар.рф/ф https://gооgle.com/ http://a_b.example/é \
                    https://sony-ストア.jp/ https://ımdb.com/ mailto:a@b.example,c@例え.jp";
        links.extend(finder.links(text).map(|l| (l.kind(), l.iri().into_owned())));
        links.extend(
            [
                "foo://bücher.de/x",
                "urn:x:é",
                "https://example.com/?\u{E000}",
                "https://example.com/a\u{3000}b",
                "https://be\u{301}cher.de/",
                "http://[::1]/é",
            ]
            .map(|s| (LinkKind::Iri, s.to_owned())),
        );
        let mut round_trips = 0;
        for (kind, iri) in &links {
            let uri = crate::to_uri(iri);
            let expected = display_link(*kind, uri.as_deref().unwrap_or(iri));
            let (got_uri, shown) = map_for_display(*kind, iri);
            assert_eq!(got_uri, uri, "{iri}");
            assert_eq!(shown, expected, "{iri}");
            round_trips += usize::from(IriRef::parse(iri).is_ok_and(|p| p.maps_back_to_itself()) && !iri.is_ascii());
        }
        assert!(
            round_trips > 100,
            "the round trip should cover the common non-ASCII links ({round_trips})"
        );
    }
}
