//! The schemes' shapes: which schemes link without `//` (the registered
//! opaque ones, `file:/`, JDBC URLs) and the quick test for their words,
//! what a scheme's link must look like, and the web schemes written
//! split or defanged.

use super::run_start;
use crate::find::template::placeholder_at;
use crate::iri::uses_dns;

/// URI schemes that link without `//` after the colon: registered with IANA
/// (permanent or widely used provisional) and unlikely as ordinary words
/// before a colon. `info:`, `tag:`, `about:`, `go:` are left out on purpose:
/// in running text they are far more often a label than a link. So is
/// `doi:` (provisional): `doi:10.1002/jcc.21787` in a reference list or a
/// RIS record (`M3  - doi:10.1371/…`) cites a work the way `DOI 10.…` and
/// `arXiv:…` do, and no browser opens it (5 held-out lines in four sets,
/// labelled by four readers; the link a reference means is
/// `https://doi.org/10.…`).
pub(crate) const OPAQUE_SCHEMES: &[&str] = &[
    "mailto",
    "urn",
    "tel",
    "sms",
    "mms",
    "fax",
    "xmpp",
    "jabber",
    "geo",
    "magnet",
    "news",
    "sip",
    "sips",
    "data",
    "im",
    "pres",
    "bitcoin",
    "callto",
    "facetime",
    "skype",
    "spotify",
    "cid",
    "mid",
    "nntp",
    "snews",
    "ni",
    "nih",
    "acct",
    "payto",
    "dns",
    "ethereum",
    "matrix",
    "openpgp4fpr",
    "web+ap",
    "webcal",
    "maps",
    "sftp",
    "ssh",
    "git",
];

/// For each first letter (`& 31`) of an [`OPAQUE_SCHEMES`] scheme (and of
/// `jdbc`, see [`is_jdbc_url`]): bit
/// `l & 31` for each last letter `l`, and bit `32 + n` for each length
/// `n` (bit 47: 15 bytes or more) of the schemes with that first letter.
const OPAQUE_SHAPES: [u64; 32] = {
    let mut t = [0u64; 32];
    let mut i = 0;
    while i < OPAQUE_SCHEMES.len() {
        let s = OPAQUE_SCHEMES[i].as_bytes();
        let len = if s.len() < 15 { s.len() } else { 15 };
        t[(s[0] & 31) as usize] |= 1 << (s[s.len() - 1] & 31) | 1 << (32 + len);
        i += 1;
    }
    // `jdbc`, which links before a driver's URL ([`is_jdbc_url`]).
    t[(b'j' & 31) as usize] |= 1 << (b'c' & 31) | 1 << (32 + 4);
    t
};

/// Whether the ASCII letters `word` may spell an [`OPAQUE_SCHEMES`]
/// scheme (or `jdbc`), in any case: false only when they do not (its
/// first letter, last letter and length are looked up, `key`, `Note`,
/// `Subject` fail):
/// the trigger stage's test of the word before a colon, and the quick
/// test before the set lookup here.
#[inline(always)]
pub(in crate::find) fn may_be_opaque_word(word: &[u8]) -> bool {
    let shape = OPAQUE_SHAPES[(word[0] & 31) as usize];
    let len = word.len().min(15);
    shape >> (word[word.len() - 1] & 31) & 1 != 0 && shape >> (32 + len) & 1 != 0
}

/// Scheme of links that a careful linker never makes active content.
pub(in crate::find) fn is_registered_opaque_scheme(scheme: &str) -> bool {
    // The one most links have, without the set lookup (it is in the set).
    if scheme.eq_ignore_ascii_case("mailto") {
        return true;
    }
    if !may_be_opaque_word(scheme.as_bytes()) {
        return false;
    }
    static SET: std::sync::OnceLock<crate::chars::PackedSet> = std::sync::OnceLock::new();
    SET.get_or_init(|| crate::chars::PackedSet::new(OPAQUE_SCHEMES.iter().copied()))
        .contains(scheme)
}

/// Whether `scheme` links without `//` after its colon (`rest`: the bytes
/// after it): a registered opaque scheme (`mailto:`, `urn:`), `file:/`
/// with an absolute path, a JDBC URL.
#[inline]
pub(super) fn links_without_slashes(scheme: &str, rest: &[u8]) -> bool {
    is_registered_opaque_scheme(scheme) || is_file_path(scheme, rest) || is_jdbc_url(scheme, rest)
}

/// `jdbc:postgresql://host:5432/db`: a JDBC URL is one URI from `jdbc:`
/// (scheme `jdbc`, the driver's URL as its path), though `jdbc` is not
/// registered; the link does not start at the driver's scheme. One or more
/// sub-protocol words (`jdbc:h2:tcp://…`, `jdbc:mysql:replication://…`),
/// `://` and a host must follow (`rest`: the bytes after the colon):
/// `jdbc:mysql://` alone names a prefix, no link. 5 held-out lines (ninth
/// set: Spark and Airflow logs). The host may be a template's placeholder
/// (`jdbc:mysql://${MYSQL_HOST:localhost}:3306/db`: `template.rs`).
pub(super) fn is_jdbc_url(scheme: &str, rest: &[u8]) -> bool {
    if scheme.len() != 4 || !scheme.eq_ignore_ascii_case("jdbc") {
        return false;
    }
    let mut i = 0;
    loop {
        let word = rest[i..].iter().take_while(|&&c| c.is_ascii_alphanumeric()).count();
        if word == 0 || rest.get(i + word) != Some(&b':') {
            return false;
        }
        i += word + 1;
        if rest[i..].starts_with(b"//") {
            // A host, or a template's placeholder (`${MYSQL_HOST:localhost}`).
            return rest.get(i + 2).is_some_and(|&c| c.is_ascii_alphanumeric() || c == b'[')
                || placeholder_at(rest, i + 2, rest.len()).is_some();
        }
    }
}

/// Whether the link after `scheme://` (`rest`: the bytes after the
/// slashes) has an empty authority and a path, as `file:///` has: a
/// scheme that names no DNS host (`sqlite:///db.sqlite3`, SQLAlchemy's
/// relative path; `hdfs:///data/x`, the default namenode) and a path
/// segment that starts with a letter, digit, `.`, `_` or `~` after the
/// `/` (1 held-out line, eighteenth set). `http:///x` stays no link.
#[inline]
pub(super) fn empty_authority_path(scheme: &str, rest: &[u8]) -> bool {
    rest.first() == Some(&b'/')
        && rest
            .get(1)
            .is_some_and(|&c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'_' | b'~'))
        && !uses_dns(scheme)
        && !scheme.eq_ignore_ascii_case("mailto")
}

/// `file:/path`: RFC 8089 §2 lets a `file` URI leave out the authority
/// (`file:/etc/motd`), so it links without `//` when an absolute path
/// follows the colon (`rest`: the bytes after it).
pub(super) fn is_file_path(scheme: &str, rest: &[u8]) -> bool {
    scheme.eq_ignore_ascii_case("file") && rest.first() == Some(&b'/') && rest.get(1).is_some_and(|&c| c > b' ')
}

/// Whether the bytes after the colon of a three-letter scheme (`rest`)
/// lack the shape that scheme needs: for `geo:` two or three numeric
/// coordinates (RFC 5870 §3.3: `-`, digits, then `.` and digits,
/// separated by `,`): `geo:1,` and `geo:1,,3` name no place (7 cases of
/// Gajim's suite); `geo:37.78,-122.39;u=35`, `geo:0,0?q=…` and Android's
/// search `geo:?q=…` do.
///
/// Out of line: few links have these schemes.
#[cold]
#[inline(never)]
pub(super) fn lacks_its_shape(scheme: &str, rest: &[u8]) -> bool {
    if !scheme.eq_ignore_ascii_case("geo") {
        return false;
    }
    // (Android's `geo:?q=Eiffel+Tower`: a search with no coordinates.)
    if rest.first() == Some(&b'?') {
        return false;
    }
    // The end of the number at `i`, if one is there.
    let number = |mut i: usize| {
        i += usize::from(rest.get(i) == Some(&b'-'));
        let int = rest[i..].iter().take_while(|c| c.is_ascii_digit()).count();
        i += int;
        if int > 0 && rest.get(i) == Some(&b'.') {
            let frac = rest[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
            return (frac > 0).then_some(i + 1 + frac);
        }
        (int > 0).then_some(i)
    };
    let (mut i, mut coordinates) = (0, 0);
    while let Some(e) = number(i) {
        coordinates += 1;
        if coordinates == 3 || rest.get(e) != Some(&b',') {
            break;
        }
        i = e + 1;
    }
    coordinates < 2
}

/// Whether a `cid:` URI (RFC 2392, a part of the same mail) stands in
/// `[…]`: the placeholder Outlook and other clients write in a plain-text
/// body where an inline image was (`[cid:image001.png@01DB6759.D38969F0]`),
/// which a reader cannot follow. 2 held-out lines (seventh set).
pub(super) fn is_bracketed_cid(b: &[u8], s: usize, scheme: &str) -> bool {
    s > 0 && b[s - 1] == b'[' && scheme.eq_ignore_ascii_case("cid")
}

/// Whether the word at `s` (before a `:`) names the version control system
/// of a Maven SCM URL, `scm:git:https://…`, `scm:svn:…`: the provider is
/// no scheme, and what follows its colon is the link, if anything is
/// (`scm:git:git@github.com:user/repo.git` is an ssh remote). 5 held-out
/// lines, sixth set (pom.xml `<connection>`).
pub(super) fn is_scm_provider(b: &[u8], s: usize) -> bool {
    s >= 4
        && b[s - 1] == b':'
        && b[s - 4..s - 1].eq_ignore_ascii_case(b"scm")
        && (s == 4 || !b[s - 5].is_ascii_alphanumeric())
}

/// Whether the scheme `b[s..colon]` (two letters or fewer) is the end of
/// a web scheme that a space split (`htt p://www.gnu.org/licenses/`,
/// `ht tp://…`, `http s://…`: PDF text layers and code formatters break
/// words so): the word before the space and the scheme spell `http`,
/// `https` or `ftp`. No IRI of the one-letter or two-letter scheme is
/// meant; the name after `://` is read as a bare name (4 held-out lines,
/// twentieth set). `h ttp://…` keeps its `ttp://` link, the h-less
/// scheme Japanese boards write (4 held-out lines of earlier sets).
#[cold]
#[inline(never)]
pub(in crate::find) fn is_split_web_scheme(b: &[u8], s: usize, colon: usize) -> bool {
    if s < 2 || b[s - 1] != b' ' || colon - s > 2 {
        return false;
    }
    let word_end = s - 1;
    let scheme = &b[s..colon];
    let Some(word_start) = run_start(b, word_end, 5 - scheme.len(), |c| c.is_ascii_alphabetic()) else {
        return false;
    };
    let word = &b[word_start..word_end];
    if word.is_empty() {
        return false;
    }
    let mut joined = [0u8; 5];
    joined[..word.len()].copy_from_slice(word);
    joined[word.len()..word.len() + scheme.len()].copy_from_slice(scheme);
    is_web_scheme_name(&joined[..word.len() + scheme.len()])
}

/// Whether `word` is `http`, `https` or `ftp` (any case): the web schemes
/// whose broken forms (split, spaced, with a fullwidth colon) leave a bare
/// name.
pub(in crate::find) fn is_web_scheme_name(word: &[u8]) -> bool {
    [&b"http"[..], b"https", b"ftp"]
        .iter()
        .any(|w| word.eq_ignore_ascii_case(w))
}

/// Whether a scheme is a web scheme written so that it does not link:
/// `hxxp`, `hxxps` (`hXXp`, any case) and `fxp`, as threat reports and
/// security tickets write the addresses of malware (`hxxp://evil.example/x`:
/// 5 held-out lines, seventeenth set). A reader must not get a link there,
/// nor a part of one: the default mode's prose rules drop it (see
/// `prose::is_defanged_around` for hosts).
pub(in crate::find) fn is_defanged_scheme(scheme: &[u8]) -> bool {
    [&b"hxxp"[..], b"hxxps", b"fxp"]
        .iter()
        .any(|d| scheme.eq_ignore_ascii_case(d))
}
