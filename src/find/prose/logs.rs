//! The default mode's rules for names that logs and stack traces write
//! with a TLD-like part: a syslog priority (`mail.info`) and a Go stack
//! frame (`github.com/o/r/pkg.(*T).Method(0xc4…)`), the position a
//! JavaScript stack frame writes after a script's URL (`app.js:12:5`), and
//! an arXiv subject class (`[cs.CL]`).

use super::super::bytes16::{last_24_have, last_line_break};
use crate::find::host::is_www_name;

/// Whether a bare name is a syslog priority, `facility.level` (RFC 5424
/// §6.2.1 and the BSD names: `mail.info`, `daemon.info`, `local3.info`),
/// which syslog writes after the host field of each line (`Aug 12 22:37:54
/// host mail.info postfix/smtpd[2857]: …`): `.info` is a TLD, the name no
/// host. 4 held-out lines (fourth set).
pub(super) fn is_syslog_priority(name: &[u8]) -> bool {
    const FACILITIES: [&[u8]; 18] = [
        b"kern",
        b"user",
        b"mail",
        b"daemon",
        b"auth",
        b"syslog",
        b"lpr",
        b"news",
        b"uucp",
        b"cron",
        b"authpriv",
        b"ftp",
        b"ntp",
        b"security",
        b"console",
        b"local",
        b"clock",
        b"audit",
    ];
    const LEVELS: [&[u8]; 12] = [
        b"emerg", b"alert", b"crit", b"err", b"error", b"warn", b"warning", b"notice", b"info", b"debug", b"panic",
        b"none",
    ];
    let Some(dot) = name.iter().position(|&c| c == b'.') else {
        return false;
    };
    let (facility, level) = (&name[..dot], &name[dot + 1..]);
    // `local0` … `local7`.
    let facility = match facility {
        [f @ .., d] if d.is_ascii_digit() && *d <= b'7' && f.eq_ignore_ascii_case(b"local") => f,
        f => f,
    };
    FACILITIES.iter().any(|f| facility.eq_ignore_ascii_case(f)) && LEVELS.iter().any(|l| level.eq_ignore_ascii_case(l))
}

/// Whether a bare name is a redacted IPv4 address, `xxx.xxx.xxx.xxx` or
/// `192.168.xxx.xxx` (`.xxx` is a TLD): four labels of `x` or digits, at
/// least one of `x`. 5 held-out lines (eighth set: Postfix and amavis
/// logs, `dig` and `nslookup` output).
pub(super) fn is_ip_mask(name: &[u8]) -> bool {
    let mut labels = 0;
    for label in name.split(|&c| c == b'.') {
        labels += 1;
        if label.is_empty() || label.len() > 3 || !label.iter().all(|&c| matches!(c, b'x' | b'X') || c.is_ascii_digit())
        {
            return false;
        }
    }
    labels == 4 && name.iter().any(|&c| matches!(c, b'x' | b'X'))
}

/// Whether a bare name is a file name with its version digits written as
/// `x` (`tpnrsxxx.xxx`, `0ws39xxx.xxx`: Project Gutenberg's listings of
/// 8.3 file names, whose last characters and extension vary by edition and
/// format): one dot, a name ending in `xxx` and the extension `xxx` (a
/// TLD). 2 held-out lines (sixteenth set).
pub(super) fn is_placeholder_file(name: &[u8]) -> bool {
    name.len() > 7
        && name[name.len() - 7..].eq_ignore_ascii_case(b"xxx.xxx")
        && memchr::memchr(b'.', &name[..name.len() - 4]).is_none()
}

/// Whether a bare name is a systemd target unit, `unit.target`
/// (`network-online.target`, `multi-user.target`, in `After=`, `Wants=`,
/// `WantedBy=` and in `systemctl` output): `.target` is a TLD, but a host
/// of two labels under it is not what anyone writes bare. One dot only,
/// lowercase as systemd names them; with a scheme a link is a link. 1
/// held-out line (sixth set, a Debian changelog).
pub(super) fn is_systemd_target(name: &[u8]) -> bool {
    name.len() > 7
        && name.ends_with(b".target")
        && !name[..name.len() - 7].contains(&b'.')
        && name[..name.len() - 7]
            .iter()
            .all(|&c| c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, b'-' | b'@' | b'_'))
}

/// Whether the name `b[start..end]` is the function of a V8 stack frame
/// (Node.js, Chrome): an indented `at `, perhaps `new ` or `async `, the
/// name of a class and a method, then ` (` and where it ran (`    at
/// Generator.next (<anonymous>)`, `    at Array.map (<anonymous>)`;
/// `.next` and `.map` are TLDs). The class name is capitalised, as V8
/// prints built-ins and classes; an indented line is a trace's, where
/// prose writes `at example.com (the site)` at no indent. 2 held-out
/// lines (twelfth set).
pub(super) fn is_js_frame(b: &[u8], start: usize, end: usize) -> bool {
    if !b[end..].starts_with(b" (") || !b[start].is_ascii_uppercase() {
        return false;
    }
    let mut head = &b[..start];
    for word in [&b"new "[..], b"async "] {
        head = head.strip_suffix(word).unwrap_or(head);
    }
    let Some(head) = head.strip_suffix(b"at ") else {
        return false;
    };
    let indent = head.iter().rev().take_while(|&&c| c == b' ' || c == b'\t').count();
    let line_start = head.len() == indent || matches!(head[head.len() - indent - 1], b'\n' | b'\r');
    indent > 0 && line_start
}

/// Whether a name with a path (no scheme) is a Go stack frame: a package
/// path, then a function of its last package, `pkg.Func(`, or a method,
/// `pkg.(*T).Method(`, with what Go prints inside the parentheses (a
/// receiver's `*`, no arguments, `0x…` words, `{` of a slice or string,
/// `...`): `github.com/ansible-semaphore/semaphore/api/tasks.(*task).run`,
/// `github.com/blackducksoftware/perceptor/pkg/core.RunFromInsideCluster()`.
/// A path segment of a web page has no `.` right before a `(`, nor an
/// identifier after a dot and before one (`…/wiki/Foo_(bar)`,
/// `…/v1.2(beta)`). 4 held-out lines (fourth set).
pub(super) fn is_go_frame(link: &[u8]) -> bool {
    // (The shortest is `a.b/c.(*T).M`: 16 bytes with a host of two labels.
    // A frame has a `(` among its last 16 bytes, its call's or its
    // receiver's: the default mode's quick test looks for one there.)
    if link.len() < 16 || !link[link.len() - 16..].contains(&b'(') {
        return false;
    }
    let Some(open) = link.iter().position(|&c| c == b'(') else {
        return false;
    };
    let Some(slash) = link[..open].iter().rposition(|&c| c == b'/') else {
        return false;
    };
    let segment = &link[slash + 1..open];
    let Some(dot) = segment.iter().rposition(|&c| c == b'.') else {
        return false;
    };
    let ident = |s: &[u8]| {
        s.first().is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_')
            && s.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'_')
    };
    let package = &segment[..dot];
    let func = &segment[dot + 1..];
    let go_args = matches!(
        &link[open + 1..],
        [b'*' | b')' | b'{', ..] | [] | [b'0', b'x', ..] | [b'.', b'.', b'.', ..]
    );
    // (The package may hold more dots when the function is a closure or
    // a method value: `safeurl.buildRunFunc.func1(`.)
    go_args && package.split(|&c| c == b'.').all(ident) && (func.is_empty() || ident(func))
}

/// Where the `:tag` of a container image reference starts in the bare
/// name `link` (a host and a path), if the link ends in one
/// (`gcr.io/k8s-minikube/storage-provisioner:v5`,
/// `docker.io/rnwood/smtp4dev:v3`, `ghcr.io/org/app:3.12-slim-bookworm`):
/// `docker pull` reads the tag; the page a reader can open is the name (8
/// held-out lines: fifth set's point 4, CI, Kubernetes and Podman logs of
/// the eighth). The last path segment is a repository name (lowercase
/// letters, digits, `_`, `-`, as registries require) and after its `:`
/// comes a tag of 1 to 23 letters, digits, `_`, `.`, `-`; and either the
/// path has two segments or more, none with a dot or a capital
/// (`namespace/repository`), or the tag is a version (`v` and a digit,
/// digits around a dot) or `latest` (`ashutoshh.azurecr.io/ui:v1`,
/// `….artifactory.swg-devops.com/spark:s2.4.4-h2.7`). A wiki page or a compact
/// identifier keeps its `:` (`www.dokuwiki.org/devel:plugins`,
/// `example.org/doku.php/wiki:syntax`, `identifiers.org/taxonomy:9606`,
/// `wiki/Special:Random`, `lib.rs:42`), as does a query or fragment.
/// Links under 10 bytes are not read (a registry host and a repository
/// are longer).
///
/// Read backwards from the end, so that a name with a port
/// (`mail.example.com:8080`) fails at the last dot of its host.
#[inline(always)]
pub(super) fn image_tag_start(link: &[u8]) -> Option<usize> {
    // (Most names have no `:` near their end: three words' test, in line.)
    if link.len() < 10 || !last_24_have(link, b':') {
        return None;
    }
    tag_after_repository(link)
}

/// Where a pinned version or digest starts in the bare name `link` (a host
/// and a path), if it ends in one: a Go module's `@v1.2.3` (or a
/// pre-release or `+incompatible` version: `@v2.0.0-rc.1`),
/// with `/go.mod` after it or nothing (`go: verifying
/// github.com/hashicorp/go-slug@v0.2.0: checksum mismatch`); or a
/// container image's `@sha256:…` digest. `go` and `docker` read the
/// version; the page a reader can open is the module or repository path
/// (7 held-out lines of Go logs and 2 of image digests, eighteenth set;
/// the image `:tag`'s rule, [`image_tag_start`]). Not on `pkg.go.dev`,
/// whose pages are per version, and not when a path goes on after the
/// version (`deno.land/x/oak@v12.6.1/mod.ts`: a file at that version).
#[cold]
#[inline(never)]
pub(super) fn pinned_version_start(link: &[u8]) -> Option<usize> {
    let slash = memchr::memchr(b'/', link)?;
    let at = slash + memchr::memchr(b'@', &link[slash..])?;
    if link[..slash].eq_ignore_ascii_case(b"pkg.go.dev") || memchr::memchr2(b'?', b'#', &link[..at]).is_some() {
        return None;
    }
    let version = &link[at + 1..];
    let pinned = if let Some(hex) = version.strip_prefix(b"sha256:") {
        hex.len() == 64 && hex.iter().all(u8::is_ascii_hexdigit)
    } else {
        let rest = version.strip_suffix(b"/go.mod").unwrap_or(version);
        (2..=MAX_PINNED_VERSION).contains(&rest.len())
            && rest[0] == b'v'
            && rest[1].is_ascii_digit()
            && rest
                .iter()
                .all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'-' | b'+'))
    };
    (pinned && at > slash + 1).then_some(at)
}

/// The longest version [`pinned_version_start`] reads (`v1.0.0-rc.1+meta`
/// fits; a pseudo-version, `v1.0.7-0.20190301024033-4eeb57a6be2b`, does
/// not): so that a version's `@` is among the last 24 bytes of the link
/// without its `/go.mod`, which [`may_end_pinned`] tests in line.
const MAX_PINNED_VERSION: usize = 23;

/// Whether the bare name `link` may end in a pinned version or digest
/// ([`pinned_version_start`]): an `@` among its last 24 bytes (before a
/// `/go.mod`), or the length of a `sha256` digest. Most names fail it in
/// a few register operations.
#[inline(always)]
pub(super) fn may_end_pinned(link: &[u8]) -> bool {
    let rest = link.strip_suffix(b"/go.mod").unwrap_or(link);
    link.len() > 72 || (rest.len() >= 8 && last_24_have(rest, b'@'))
}

/// Whether the bare name `b[start..end]` is a JSON member's key
/// (`"project.info": "…"`, `"credits.services":`, `"email.forgotPassword.info":`):
/// a locale file's dotted message key whose last part happens to be a
/// TLD. 4 held-out lines (a Bluesky bot's and listmonk's locale files,
/// fifty-sixth and sixty-fifth sets). Quoted, right before `":`, and no
/// further look either way: the safe cuts of streams fall at the white
/// space around a key, which a look back or past the `:` would cross (a
/// review's finding). A host stays a name: one
/// under a country's TLD or a classic one (`"example.com": {…}`,
/// `"docs.rs":`), a `www.` name, and one of three labels or more in
/// lowercase (`"api.example.dev": {…}`, host maps in configuration;
/// `Unable to resolve host "prod-in2.100ms.live": No address`).
#[cold]
#[inline(never)]
pub(super) fn is_json_key(b: &[u8], start: usize, end: usize) -> bool {
    const SITES: [&[u8]; 7] = [b"com", b"org", b"net", b"edu", b"gov", b"mil", b"int"];
    if start == 0 || b[start - 1] != b'"' || !b[end..].starts_with(b"\":") {
        return false;
    }
    let link = &b[start..end];
    let tld = link.rsplit(|&c| c == b'.').next().unwrap_or(link);
    let labels = link.iter().filter(|&&c| c == b'.').count() + 1;
    let host_like = is_www_name(link) || (labels >= 3 && !link.iter().any(|c| c.is_ascii_uppercase() || *c == b'_'));
    !link.contains(&b'/')
        && tld.len() >= 3
        && tld.len() < link.len()
        && !SITES.iter().any(|t| tld.eq_ignore_ascii_case(t))
        && !host_like
}

/// Whether the bare name `b[start..end]`, followed by `:`, is the key of
/// a mapping: a Kubernetes label or annotation with a DNS prefix and one
/// name segment (`kiali.io/runtimes: go,kiali`, `sidecar.istio.io/inject:
/// false`, `app.kubernetes.io/name: nginx`), first on its line after
/// indentation, a `- `, or a `Label:` and white space, and followed by
/// `: ` or the line's end. `kubectl describe` and YAML print such keys;
/// the reader opens no page there (2 held-out lines, eighteenth set; the
/// ninth set read `node.kubernetes.io/not-ready:NoExecute` so).
#[cold]
#[inline(never)]
pub(super) fn is_mapping_key(b: &[u8], start: usize, end: usize) -> bool {
    if b.get(end) != Some(&b':')
        || !b
            .get(end + 1)
            .is_none_or(|&c| matches!(c, b' ' | b'\t' | b'\r' | b'\n'))
    {
        return false;
    }
    let link = &b[start..end];
    let Some(slash) = memchr::memchr(b'/', link) else {
        return false;
    };
    let segment = &link[slash + 1..];
    if segment.is_empty()
        || !segment
            .iter()
            .all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'_' | b'-'))
    {
        return false;
    }
    // Indented or labelled: a name first at a line's very start is as often
    // a sentence's (`bit.ly/path: …`: twitter-text's suite).
    let from = last_line_break(&b[..start]).map_or(0, |p| p + 1);
    if from == start {
        return false;
    }
    let before = b[from..start].trim_ascii_start();
    let before = before.strip_prefix(b"- ").unwrap_or(before).trim_ascii_end();
    // Nothing, or one label of words before its colon (`Annotations:`).
    before.is_empty()
        || (before.ends_with(b":")
            && before[..before.len() - 1]
                .iter()
                .all(|&c| c.is_ascii_alphanumeric() || matches!(c, b' ' | b'-' | b'_')))
}

/// [`image_tag_start`] after its quick test.
#[inline(never)]
fn tag_after_repository(link: &[u8]) -> Option<usize> {
    let tag_byte = |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'-');
    let repo_byte = |c: u8| c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, b'_' | b'-');
    let n = link.len();
    let mut i = n;
    while i > n - 24.min(n) && tag_byte(link[i - 1]) {
        i -= 1;
    }
    if i == n || i < 2 || link[i - 1] != b':' || !(link[i].is_ascii_alphanumeric() || link[i] == b'_') {
        return None;
    }
    let colon = i - 1;
    let mut j = colon;
    while j > 0 && repo_byte(link[j - 1]) {
        j -= 1;
    }
    if !(j > 0 && j < colon && link[j - 1] == b'/' && !matches!(link[j], b'_' | b'-')) {
        return None;
    }
    let before = &link[..j - 1];
    if memchr::memchr2(b'?', b'#', before).is_some() {
        return None;
    }
    let tag = &link[colon + 1..];
    let version = (tag.len() >= 2 && tag[0] == b'v' && tag[1].is_ascii_digit())
        || tag == b"latest"
        || tag
            .windows(3)
            .any(|w| w[0].is_ascii_digit() && w[1] == b'.' && w[2].is_ascii_digit());
    // The segments between the host and the repository: a namespace.
    let namespaced = memchr::memchr(b'/', before).is_some_and(|host_end| {
        let path = &before[host_end + 1..];
        !path.is_empty() && path.iter().all(|&c| repo_byte(c) || c == b'/')
    });
    (version || namespaced).then_some(colon)
}

/// Whether `link` may end in a stack frame's position: a digit and a `:`
/// before the digits it ends in (`…:469:34`). Most links that end in a
/// digit have a `/`, `=` or `.` there (`/thread/8812`, `?page=2`), and a
/// port a letter or `]` before its `:` (`localhost:8080`, `[::1]:8080`).
/// The quiet path's test: the rules ([`stack_position_start`]) decide.
#[inline(always)]
pub(super) fn may_end_in_stack_position(link: &[u8]) -> bool {
    let mut i = link.len();
    while i > 0 && link[i - 1].is_ascii_digit() {
        i -= 1;
    }
    i > 1 && link[i - 1] == b':' && link[i - 2].is_ascii_digit()
}

/// Where a stack frame's position starts after the script address that
/// `link` (a link with a path) ends in: JavaScript engines print a frame as
/// `at fn (URL:line:column)` or `at URL:line:column`
/// (`at doExec (https://cdn.jsdelivr.net/npm/systemjs@6.8.3/dist/system.js:469:34)`,
/// `at http://localhost:8081/js/app.js:21038:33`, `file:///console.js:14:11`),
/// and a WebAssembly frame as `URL:wasm-function[index]:0xoffset`. The URL
/// is the script's address; the numbers are the debugger's, and the page a
/// reader can open is the script (27 held-out lines: twelfth set's point 1).
///
/// Two runs of one to nine digits, each after a `:`, end the link (or the
/// WebAssembly form, up to 16 hex digits); before them, the path's last
/// segment is a file name or a package at a version (a `.` in it:
/// `app.js`, `datalabels@2.0.0`, `app_bg.wasm`), after a `/` that follows
/// the host (a port is no position: `http://example.com:1:2` keeps its
/// colons), with no query or fragment before. A time in a path keeps its
/// colons (`/log/2024-01-01T12:30:00`: no dot in the segment;
/// `/report.v2.12:30:00`: two-digit minutes and seconds after a digit).
#[inline(never)]
pub(super) fn stack_position_start(link: &[u8]) -> Option<usize> {
    let colon = line_column_start(link).or_else(|| wasm_offset_start(link))?;
    // (Plain loops: links are short, and the searchers' code would come
    // into the per-link path.)
    let before = &link[..colon];
    if before.iter().any(|&c| c == b'?' || c == b'#') {
        return None;
    }
    let slash = before.iter().rposition(|&c| c == b'/')?;
    let host_start = before.windows(2).position(|w| w == b"//").map_or(0, |p| p + 2);
    (slash >= host_start && before[slash + 1..].contains(&b'.')).then_some(colon)
}

/// The `:` of `:line:column` at the end of `link`, unless the two numbers
/// read as a time's minutes and seconds (see [`stack_position_start`]).
fn line_column_start(link: &[u8]) -> Option<usize> {
    // The start of the run of up to nine digits that ends at `end`.
    let digits_before = |end: usize| {
        let mut i = end;
        while i > 0 && end - i < 9 && link[i - 1].is_ascii_digit() {
            i -= 1;
        }
        i
    };
    let column = digits_before(link.len());
    if column == link.len() || column < 2 || link[column - 1] != b':' {
        return None;
    }
    let line = digits_before(column - 1);
    if line == column - 1 || line < 2 || link[line - 1] != b':' {
        return None;
    }
    let time = column - line == 3 && link.len() - column == 2 && link[line - 2].is_ascii_digit();
    (!time).then_some(line - 1)
}

/// The `:` of `:wasm-function[index]:0xoffset` at the end of `link`, read
/// backwards (most links with a bracket end in `)`: one byte read).
fn wasm_offset_start(link: &[u8]) -> Option<usize> {
    let offset = link.iter().rev().take_while(|c| c.is_ascii_hexdigit()).count();
    if !(1..=16).contains(&offset) {
        return None;
    }
    let rest = link[..link.len() - offset].strip_suffix(b"]:0x")?;
    let index = rest.iter().rev().take_while(|c| c.is_ascii_digit()).count();
    let rest = rest[..rest.len() - index].strip_suffix(b":wasm-function[")?;
    (index > 0).then_some(rest.len())
}

/// Whether a bare name is an arXiv subject class, `archive.XX`
/// (`cs.CL`, `stat.ML`, `math.CO`, `astro-ph.GA`), which arXiv stamps on
/// every paper (`arXiv:2112.09332v3 [cs.CL] 1 Jun 2022`, the margin of
/// each PDF and its text layer) and lists under `Subjects:`; `.cl`, `.ml`
/// and `.co` are TLDs, the name no host. The archives whose classes are
/// two capitals, as arXiv writes them (`cs.cl` is left to the general
/// rules). 1 held-out line (sixteenth set).
pub(super) fn is_arxiv_class(name: &[u8]) -> bool {
    const ARCHIVES: [&[u8]; 9] = [
        b"cs",
        b"math",
        b"stat",
        b"eess",
        b"econ",
        b"q-bio",
        b"q-fin",
        b"astro-ph",
        b"nlin",
    ];
    match name {
        [archive @ .., b'.', a, b] => a.is_ascii_uppercase() && b.is_ascii_uppercase() && ARCHIVES.contains(&archive),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `rule` holds for each of `yes` and for none of `no`.
    fn check(rule: fn(&[u8]) -> bool, yes: &[&str], no: &[&str]) {
        for name in yes {
            assert!(rule(name.as_bytes()), "{name}");
        }
        for name in no {
            assert!(!rule(name.as_bytes()), "{name}");
        }
    }

    #[test]
    fn placeholder_files_end_in_xxx_dot_xxx() {
        check(
            is_placeholder_file,
            &["tpnrsxxx.xxx", "0ws39xxx.xxx", "FILExxxx.XXX"],
            &[
                "xxx.xxx",
                "example.xxx",
                "www.abcxxx.xxx",
                "tpnrs10.txt",
                "xxx.xxx.xxx.xxx",
            ],
        );
    }

    #[test]
    fn arxiv_subject_classes_are_an_archive_and_two_capitals() {
        check(
            is_arxiv_class,
            &[
                "cs.CL",
                "cs.LG",
                "stat.ML",
                "math.CO",
                "astro-ph.GA",
                "q-bio.NC",
                "eess.AS",
            ],
            &[
                "cs.cl",
                "cs.CLX",
                "xcs.CL",
                "cs.C",
                "physics.optics",
                "example.CL",
                "www.cs.CL",
            ],
        );
    }

    #[test]
    fn syslog_priorities_are_facility_dot_level() {
        check(
            is_syslog_priority,
            &[
                "mail.info",
                "daemon.info",
                "local3.info",
                "KERN.INFO",
                "user.notice",
                "news.info",
            ],
            &[
                "mail.example.info",
                "mail.infos",
                "local8.info",
                "mailer.info",
                "info.mail",
                "example.info",
            ],
        );
    }

    #[test]
    fn go_frames_are_a_package_path_then_a_function_or_method_call() {
        check(
            is_go_frame,
            &[
                "github.com/ansible-semaphore/semaphore/api/tasks.(*task).sendTelegramAlert(0xc420b68000)",
                "github.com/ansible-semaphore/semaphore/api/tasks.(*taskPool).run",
                "github.com/blackducksoftware/perceptor/pkg/core.RunFromInsideCluster()",
                "github.com/doyensec/safeurl.buildRunFunc.func1({0x1400048aa34",
                "golang.org/x/net/http2.(*serverConn).serve(0xc0001d2000)",
                "example.com/pkg.Do(...)",
                "a.bc/d.(*T).M(0x1)",
            ],
            &[
                "en.wikipedia.org/wiki/Foo_(bar)",
                "example.com/docs/v1.2(beta)",
                "example.com/files/report.pdf(2)",
                "example.com/a.b(c)",
                "example.com/(x)",
                "example.com/path",
                "github.com/o/r/pkg.Func",
                "a.co/p.(*T).M",
            ],
        );
    }
}
