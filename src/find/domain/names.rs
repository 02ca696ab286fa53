//! Whether a bare name names something other than a site: the tests
//! `names_no_site` runs on a name and its TLD (code, files, Kubernetes
//! keys, package names, a product or a sentence glued at a period, an
//! address written against harvesters).

use super::context::before_written_at;
use super::words::{
    is_abbreviated_degree, is_classic_tld, is_code_identifier, is_company_limited, is_featured_artist,
    is_glued_sentence, is_member_in_code, is_product_name, is_thai_abbreviation, is_vietnamese_glued_sentence,
    names_a_product, valid_head,
};
use crate::find::host::is_www_name;
use crate::find::prose::line_start;

/// Whether the bare name `b[s..tld_end]`, whose last dot is at `dot` and
/// TLD starts at `after`, names something other than a site: a shared
/// object or a reverse-DNS identifier, two sentences glued at a period,
/// a product in title case or a macOS app (unless a path, query, fragment
/// or port follows: `goes_on`), or the local part of an address written
/// against harvesters (`name.info AT example.com`). The one-pass and
/// general paths both ask it; each test but the first needs a capital or
/// a byte after the name, checked first.
#[inline(always)]
pub(super) fn names_no_site(b: &[u8], s: usize, dot: usize, after: usize, tld_end: usize, goes_on: bool) -> bool {
    let (first, tld) = (&b[s..dot], &b[after..tld_end]);
    is_code_identifier(first, tld)
        || (tld[0].is_ascii_uppercase()
            && (is_glued_sentence(first, tld, &b[tld_end..])
                || (!goes_on
                    && (is_product_name(first, tld)
                        || is_abbreviated_degree(first, tld)
                        || is_featured_artist(first)
                        || is_company_limited(first, tld)
                        || is_member_in_code(first, tld)))))
        || (!goes_on && tld.len() == 3 && names_a_product(first, tld))
        || (may_precede_written_at(b, tld_end) && before_written_at(b, tld_end))
        || (tld == b"io"
            && ((b.get(tld_end) == Some(&b'/') && is_kubernetes_key(b, s, tld_end))
                || (!goes_on
                    && ((s > 0 && matches!(b[s - 1], b' ' | b'\t')) || b.get(tld_end) == Some(&b'='))
                    && is_package_name(b, s, tld_end))))
        || (!goes_on
            && (tld.len() > 2 || tld.eq_ignore_ascii_case(b"ai"))
            && matches!(b.get(tld_end), Some(b' ' | 0xD0..))
            && file_word_after(b, first, tld, tld_end))
        || (!goes_on && (tld.len() == 4 || tld.len() == 5) && is_code_tld(first, tld))
        || (tld.len() == 3
            && matches!(b.get(tld_end), Some(0xE3..=0xE9))
            && dot > 0
            && matches!(b[dot - 1], 0x80..=0xBF)
            && is_dotnet_in_cjk(b, dot, tld, tld_end))
        || (tld[0] == 0xE0 && !goes_on && is_thai_abbreviation(first, tld))
        || (b.get(tld_end) == Some(&b' ')
            && first.len() <= 24
            && (!first.is_ascii() || tld.eq_ignore_ascii_case(b"shop"))
            && is_vietnamese_glued_sentence(&b[..s], first, tld, &b[tld_end..]))
}

/// Whether `first.tld`, a name with no path, is code or a file under a
/// TLD that no labelled line of real text, case file or peer suite links
/// and that code writes as a member or an extension: `.build`
/// (`vgg.build`, Meson's `meson.build`), `.data` (`api.data`, `x.data`,
/// `x.grad.data`, `crawlers-user-agents.data`), `.group` (`tf.group`,
/// `matched.group`). 9 held-out lines (subtitles of talks and lectures,
/// thirty-fourth and forty-third sets; ModSecurity notes). A `www.` name
/// is a site (`www.nic.build`), and so is a name with a path
/// (`nic.build/path`).
#[cold]
#[inline(never)]
fn is_code_tld(first: &[u8], tld: &[u8]) -> bool {
    [&b"build"[..], b"data", b"group"]
        .iter()
        .any(|t| tld.eq_ignore_ascii_case(t))
        && !is_www_name(first)
}

/// Whether `….net` glued to Han or kana on both sides is the .NET platform
/// spoken of in Chinese or Japanese (`有没有招远程.net工程师`, "anyone
/// hiring remote .NET engineers?": 1 held-out line, forty-sixth set): the
/// label before the dot ends in a letter of an unspaced script, and one
/// follows the TLD, not `网` or `站` (`某某.net网站`, "the site …").
#[cold]
#[inline(never)]
fn is_dotnet_in_cjk(b: &[u8], dot: usize, tld: &[u8], tld_end: usize) -> bool {
    use crate::find::prose::is_unspaced_script;
    // (Han and kana are three bytes of UTF-8.)
    let char_of = |at: usize| valid_head(b.get(at..).unwrap_or_default(), 3).chars().next();
    tld.eq_ignore_ascii_case(b"net")
        && dot >= 3
        && char_of(dot - 3).is_some_and(is_unspaced_script)
        && char_of(tld_end).is_some_and(|c| is_unspaced_script(c) && c != '网' && c != '站')
}

/// Whether the name `first.tld` that ends at `end` is followed by a word for "file",
/// glued or after one space: `the bushu.help file`, `bushu.helpファイル`,
/// `index.love 文件`, `setup.app파일`. The name is a file's (its suffix a TLD
/// that is also an extension: `.help`, `.app`, `.love`, `.zip`), not a
/// site: no one calls a site a file. 2 held-out lines (a `.po` string of
/// the thirty-seventh set; `crawlers-user-agents.data文件` in Chinese
/// notes on ModSecurity). English `file`, `files` and `filename`, not
/// `filed` (a verb after a company's name); Japanese, Chinese (simplified
/// and traditional), Korean, and Russian `файл` with an ending of up to
/// three letters (not `файлообменник`, "file-sharing site"). A `www.` name
/// is a site still (`www.example.com file`), and so is a name under a
/// classic TLD or a country's (`mediafire.com file hosting`, `yadi.sk
/// файл`, `Overstock.com files for bankruptcy`): the rule is for the TLDs
/// that are also extensions (`tld`, more than two letters, and `ai`,
/// Illustrator's: `logo.ai file`).
#[cold]
#[inline(never)]
fn file_word_after(b: &[u8], first: &[u8], tld: &[u8], end: usize) -> bool {
    if is_www_name(first) || is_classic_tld(tld) {
        return false;
    }
    let mut rest = b.get(end..).unwrap_or_default();
    if let Some(r) = rest.strip_prefix(b" ") {
        rest = r;
    }
    const WORDS: [&str; 5] = ["ファイル", "文件", "檔案", "档案", "파일"];
    match rest.first() {
        Some(b'f' | b'F') => {
            rest.len() >= 4
                && rest[..4].eq_ignore_ascii_case(b"file")
                && match rest.get(4) {
                    None => true,
                    Some(b's' | b'S') => !rest.get(5).is_some_and(u8::is_ascii_alphanumeric),
                    Some(c) if c.is_ascii_alphanumeric() => rest[4..].starts_with(b"name"),
                    Some(_) => true,
                }
        }
        Some(0xD1) if rest.starts_with("файл".as_bytes()) => {
            // (An ending: `файла`, `файлом`, `файлы`; Cyrillic letters are
            // two bytes.)
            let ending = rest[8..]
                .chunks(2)
                .take_while(|c| matches!(c, [0xD0 | 0xD1, 0x80..=0xBF]))
                .count();
            ending <= 3
        }
        Some(&c) if c >= 0xD0 => WORDS.iter().any(|w| rest.starts_with(w.as_bytes())),
        _ => false,
    }
}

/// Whether the bare name `b[s..end]`, a `/` after it, is the prefix of a
/// Kubernetes label or annotation key or an API group: a name under
/// `k8s.io`, `kubernetes.io` or `k3s.io` whose one path segment is
/// followed by `=`, or by `:` before white space or a capital
/// (`kubernetes.io/os=linux`, `app.kubernetes.io/name=web`,
/// `k3s.io/internal-ip: 10.0.0.5`, a taint's `…/not-ready:NoExecute`) or is an
/// API version (`apiVersion: networking.k8s.io/v1`,
/// `kubeproxy.config.k8s.io/v1alpha1`) or, under `kubernetes.io`, a
/// built-in secret type or well-known key (`is_builtin_key`). `kubectl describe`, manifests and
/// Helm charts write them by the dozen; a page of those sites has a path
/// that is neither (`kubernetes.io/docs/`). 4 held-out lines (thirty-third
/// set). The API groups of OpenShift, Istio, Argo, cert-manager, Flux and
/// Crossplane follow the same shapes (`operator.openshift.io/v1` in
/// `oc api-resources`: 1 held-out line, forty-second set).
#[cold]
#[inline(never)]
fn is_kubernetes_key(b: &[u8], s: usize, end: usize) -> bool {
    let host = &b[s..end];
    if ![
        &b"k8s.io"[..],
        b"kubernetes.io",
        b"k3s.io",
        b"openshift.io",
        b"istio.io",
        b"argoproj.io",
        b"cert-manager.io",
        b"fluxcd.io",
        b"crossplane.io",
    ]
    .iter()
    .any(|d| host.ends_with(d) && (host.len() == d.len() || matches!(host[host.len() - d.len() - 1], b'.' | b'-')))
    {
        return false;
    }
    let from = end + 1;
    let len = b[from..]
        .iter()
        .take_while(|&&c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'_' | b'-'))
        .count();
    let segment = &b[from..from + len];
    match b.get(from + len) {
        Some(b'=') => len > 0,
        // (An annotation's `key: value` or a taint's `key:NoExecute`; an
        // image's `registry.k8s.io/pause:3.9` is another matter.)
        Some(b':') => {
            len > 0
                && b.get(from + len + 1)
                    .is_none_or(|&c| c <= b' ' || c.is_ascii_uppercase())
        }
        None | Some(b' ' | b'\t' | b'\n' | b'\r' | b'"' | b'\'' | b',') => {
            is_api_version(segment) || (host.ends_with(b"kubernetes.io") && is_builtin_key(segment))
        }
        _ => false,
    }
}

/// Whether `segment` (after `kubernetes.io/`) names one of Kubernetes'
/// built-in secret types (`kubernetes.io/dockerconfigjson` in the TYPE
/// column of `kubectl get secrets`) or a well-known label key written
/// alone (`topologyKey: kubernetes.io/hostname`). No page of the site has
/// one of these paths. 2 held-out lines (`kubectl get secret` tables).
fn is_builtin_key(segment: &[u8]) -> bool {
    matches!(
        segment,
        b"dockerconfigjson"
            | b"dockercfg"
            | b"service-account-token"
            | b"basic-auth"
            | b"ssh-auth"
            | b"tls"
            | b"hostname"
            | b"os"
            | b"arch"
            | b"metadata.name"
            | b"ingress.class"
    )
}

/// Whether the `.io` name at `s..end` is a package that a package manager
/// installs (`apt-get install -y containerd.io`, `npm install socket.io`,
/// `yum install -y docker.io`): the words between the manager's `install`
/// (or `add`, `i`) and the name are packages and flags; or a package
/// pinned to a version in apt's way (`containerd.io=1.2.13-1`). Docker's
/// install guide, copied into blogs in every language, writes both (3
/// real lines).
#[cold]
#[inline(never)]
fn is_package_name(b: &[u8], s: usize, end: usize) -> bool {
    if b.get(end) == Some(&b'=') {
        return b.get(end + 1).is_some_and(u8::is_ascii_digit);
    }
    // No further back than the name's line (streams and parallel pieces
    // cut at line breaks: a review's finding) and 160 bytes.
    let line = line_start(b, s).map_or(0, |(ls, _)| ls);
    let lo = line.max(s.saturating_sub(160));
    let package = |c: &u8| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_' | b'+' | b'=' | b':' | b'@');
    // The words before the name, one blank apart, back to the verb.
    let mut at = s - 1;
    for _ in 0..8 {
        let start = word_start(b, lo, at);
        let word = &b[start..at];
        if matches!(word, b"install" | b"add" | b"i") && start > line {
            return manager_before(b, lo, start - 1);
        }
        // (A word of prose ends the command: `yarn add react then deploy
        // to fly.io`.)
        let prose = matches!(
            word,
            b"and" | b"then" | b"to" | b"on" | b"at" | b"from" | b"or" | b"the" | b"visit" | b"see" | b"with" | b"via"
        );
        if start == lo || word.is_empty() || prose || !word.iter().all(package) {
            return false;
        }
        at = start - 1;
    }
    false
}

/// The start of the word that ends at `b[at]` (a blank, or `at` the end),
/// no further back than `lo`.
fn word_start(b: &[u8], lo: usize, at: usize) -> usize {
    b[lo..at].iter().rposition(|&c| c <= b' ').map_or(lo, |p| lo + p + 1)
}

/// Whether the word before the blank at `b[at]` (flags skipped, no
/// further back than `lo`) is a package manager's command.
fn manager_before(b: &[u8], lo: usize, mut at: usize) -> bool {
    for _ in 0..4 {
        let start = word_start(b, lo, at);
        let word = &b[start..at];
        if word.first() == Some(&b'-') && start > lo {
            at = start - 1;
            continue;
        }
        return matches!(
            word,
            b"apt"
                | b"apt-get"
                | b"aptitude"
                | b"yum"
                | b"dnf"
                | b"zypper"
                | b"apk"
                | b"brew"
                | b"npm"
                | b"pnpm"
                | b"yarn"
                | b"pip"
                | b"pip3"
                | b"gem"
                | b"snap"
                | b"choco"
                | b"winget"
                | b"conda"
                | b"port"
                | b"pkg"
        );
    }
    false
}

/// Whether `v` is a Kubernetes API version: `v1`, `v2beta1`, `v1alpha3`.
fn is_api_version(v: &[u8]) -> bool {
    let Some(rest) = v.strip_prefix(b"v") else {
        return false;
    };
    let digits = rest.iter().take_while(|c| c.is_ascii_digit()).count();
    let rest = &rest[digits..];
    let stage = if rest.starts_with(b"alpha") {
        5
    } else if rest.starts_with(b"beta") {
        4
    } else {
        0
    };
    let tail = &rest[stage..];
    digits > 0 && (stage == 0) == tail.is_empty() && tail.iter().all(u8::is_ascii_digit)
}

/// The quick test before [`before_written_at`]: ` A`, `(a`, `[a` (any
/// case) after the name's end.
#[inline(always)]
fn may_precede_written_at(b: &[u8], end: usize) -> bool {
    matches!(
        b.get(end..end + 2),
        Some([b' ', b'A' | b'(' | b'['] | [b'(' | b'[', b'a' | b'A'])
    )
}

/// The quick test before
/// [`after_spaced_written_at`](super::context::after_spaced_written_at)
/// (the byte before the name is a space): the byte before the space ends
/// `at`, `AT` or a bracketed `(at)`.
#[inline(always)]
pub(super) fn may_follow_spaced_at(b: &[u8], s: usize) -> bool {
    s >= 5 && matches!(b[s - 2], b't' | b'T' | b')' | b']' | b'}' | b'>')
}
