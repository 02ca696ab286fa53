//! The tests [`refine`](super::refine) takes on a link's content and on
//! names that code writes: the one-pass content flags, a call at the end,
//! a member access, a build file, an RCS file, a contraction, and
//! [`is_code_name`] for names that code and logs write with a TLD-like
//! last part.

use super::logs::{
    is_arxiv_class, is_ip_mask, is_js_frame, is_placeholder_file, is_syslog_priority, is_systemd_target,
};
use crate::find::bytes16::has_either_byte;
use crate::find::host::is_www_name;
use crate::find::tld::is_file_extension;
use crate::iri::parse::is_ipv4;

/// Where `link`'s first non-ASCII byte is, and whether it holds a `[`:
/// the two content tests every link takes, in one pass of 16 bytes a step
/// on x86-64 (SSE2 is part of its baseline), where a byte loop and
/// `memchr` cost a pass and a call each (about 130 instructions on a link
/// of 60 bytes, a tenth of finding it).
pub(super) fn content_flags(link: &[u8]) -> (Option<usize>, bool) {
    #[cfg(target_arch = "x86_64")]
    if link.len() >= 16 {
        use std::arch::x86_64::{__m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8};
        let step = |at: usize| -> (i32, i32) {
            debug_assert!(at + 16 <= link.len());
            // SAFETY: `at + 16 <= link.len()` (the loop's bound, and the
            // last step starts at `len - 16`): the 16 bytes read are in
            // `link`; SSE2 is always there on x86-64, and the load is
            // unaligned.
            #[allow(unsafe_code)]
            unsafe {
                let v = _mm_loadu_si128(link.as_ptr().add(at).cast::<__m128i>());
                let open = _mm_cmpeq_epi8(v, _mm_set1_epi8(b'[' as i8));
                (_mm_movemask_epi8(v), _mm_movemask_epi8(open))
            }
        };
        let (mut high, mut open) = (0, 0);
        let mut at = 0;
        while at + 16 <= link.len() {
            let (h, o) = step(at);
            (high, open) = (high | h, open | o);
            at += 16;
        }
        if at < link.len() {
            // The last 16 bytes, overlapping the ones already read.
            let (h, o) = step(link.len() - 16);
            (high, open) = (high | h, open | o);
        }
        // Most links are ASCII: only the others are read again, 16 bytes
        // a step, for where their first non-ASCII byte is.
        let first = (high != 0).then(|| {
            let mut at = 0;
            loop {
                let (h, _) = step(at.min(link.len() - 16));
                if h != 0 {
                    break at.min(link.len() - 16) + h.trailing_zeros() as usize;
                }
                at += 16;
            }
        });
        return (first, open != 0);
    }
    (link.iter().position(|&c| c >= 0x80), link.contains(&b'['))
}

/// Whether a link of 16 bytes or more has a `(` among its last 16 bytes,
/// where a Go stack frame has its call
/// ([`is_go_frame`](super::logs::is_go_frame)): a few words read in
/// registers, no search call (most names take this test).
#[inline(always)]
pub(super) fn ends_in_a_call(link: &[u8]) -> bool {
    link.len() >= 16 && has_either_byte(&link[link.len() - 16..], b'(', b'(')
}

/// Names that code and logs write with a TLD-like last part: a call
/// (`ttt.fun()`, `Thread.run(Thread.java:829)`), an identifier going on
/// after the name (`Thread.report_on_exception`), Maven coordinates or an
/// scp path (`com.android.tools.build:gradle:3.0.0`), a version number
/// (`2.4.0.dev`), files named in capitals (`README.zh-CN.md`), a
/// syslog priority (`mail.info`) and an arXiv subject class (`cs.CL`).
pub(super) fn is_code_name(text: &str, name: &str, end: usize) -> bool {
    let b = text.as_bytes();
    match b.get(end) {
        Some(b'(') => return !is_host_before_paren(b, name, end),
        Some(b'_') if b.get(end + 1).is_some_and(u8::is_ascii_alphanumeric) => return true,
        // (`www.` names are hosts: `(www.ruby-lang.org:http)` names a service.)
        Some(b':') if b.get(end + 1).is_some_and(u8::is_ascii_alphabetic) && !name.starts_with("www.") => return true,
        Some(b',') if is_rcs_file_at(b, end) => return true,
        // An R field access (`state.center$x`: `.center` is a TLD).
        Some(b'$') if b.get(end + 1).is_some_and(u8::is_ascii_alphabetic) => return true,
        // A composite literal of a type named `Info` (`version.Info{Major:"1",
        // …}` in `kubectl version`: `.info` is a TLD), its last letter in
        // lowercase as the quick path reads it. A host's name is followed
        // by `{` nowhere but in a config block, which puts a space between
        // (`example.com {`). 2 held-out lines (ninety-seventh set).
        Some(b'{')
            if name.len() > 5
                && name.as_bytes()[name.len() - 5..].eq_ignore_ascii_case(b".info")
                && name.ends_with('o') =>
        {
            return true
        }
        Some(b' ') if is_js_frame(b, end - name.len(), end) => return true,
        _ => {}
    }
    if is_build_file(name)
        || is_template_input(name.as_bytes())
        || is_shared_library(name.as_bytes())
        || is_member_access(name)
        || is_syslog_priority(name.as_bytes())
        || is_systemd_target(name.as_bytes())
        || is_ip_mask(name.as_bytes())
        || is_placeholder_file(name.as_bytes())
        || is_arxiv_class(name.as_bytes())
    {
        return true;
    }
    // Versions start with a digit, capitalised file names with a capital.
    if !name.as_bytes()[0].is_ascii_digit() && !name.as_bytes()[0].is_ascii_uppercase() {
        return false;
    }
    // The office suite whose name was `OpenOffice.org` (1999–2011), as its
    // project wrote it: a product, not the site (`openoffice.org`,
    // `www.openoffice.org` stay links). 1 real line, 4 held-out lines (man
    // page, Vim's Japanese help). So is the X server `X.org` (`X.Org`) in
    // Linux software's strings (1 held-out line, seventy-sixth set:
    // Remmina's messages); `x.org` stays the site.
    if name == "OpenOffice.org" || name == "X.org" || name == "X.Org" {
        return true;
    }
    let Some((labels, tld)) = name.rsplit_once('.') else {
        return false;
    };
    if labels
        .split('.')
        .all(|l| !l.is_empty() && l.bytes().all(|c| c.is_ascii_digit()))
    {
        return true;
    }
    let first = labels.split('.').next().unwrap_or("");
    first.len() >= 2 && first.bytes().all(|c| c.is_ascii_uppercase()) && is_file_extension(tld)
}

/// Whether the name `name` before the `(` at `b[paren]` is a host, not a
/// call: a `www.` name (`www.jobsinyangon.com(www.jobless.com.mm)`), or
/// one before the address a mail server's `Received:` line writes in
/// brackets (`host1.jet.msk.su(193.124.4.1)`, `ppp71.glas.apc.org(really
/// [10.0.0.1])`). 3 held-out lines (Burmese news, seventy-sixth set;
/// 1990s mail headers, eighty-first set). No call takes a whole IPv4
/// address (RFC 3986's, `iri::parse::is_ipv4`, closed by `)`) or `really`
/// unquoted (`color.red(0.5)` stays a call). Only
/// `really` is read, not the space and `[` after it: a stream may cut at
/// that space.
fn is_host_before_paren(b: &[u8], name: &str, paren: usize) -> bool {
    let inside = &b[paren + 1..];
    is_www_name(name.as_bytes())
        || (inside.starts_with(b"really") && inside.get(6).is_none_or(|&c| c == b' '))
        || inside[..inside.len().min(16)]
            .iter()
            .position(|&c| c == b')')
            .is_some_and(|close| is_ipv4(&inside[..close]))
}

/// A field of an object in code, written like a name of two labels whose
/// last is `id` or `name` (`category.id`, `inputData.name`, `user.id`,
/// `self.name`): TLDs that no labelled line of real text, case file or
/// peer suite writes bare as a host (3 held-out lines write them as code;
/// `www.example.name` and `example.co.id` have more labels). And Git's
/// `user.email` (`git config --global user.email "…"` in every setup guide;
/// 3 held-out lines), though other `.email` names are hosts (`bad.email`
/// in linkify's suite).
pub(super) fn is_member_access(name: &str) -> bool {
    if name.eq_ignore_ascii_case("user.email") {
        return true;
    }
    let b = name.as_bytes();
    let field = |f: &[u8]| b.len() > f.len() && b[b.len() - f.len()..].eq_ignore_ascii_case(f);
    let n = if field(b".id") {
        3
    } else if field(b".name") {
        5
    } else {
        return false;
    };
    #[allow(clippy::manual_contains)] // `contains` on bytes calls `memchr`
    !b[..b.len() - n].iter().any(|&c| c == b'.')
}

/// Files that build tools name by convention, with a suffix for a variant
/// (`Makefile.am`, `Makefile.in`, `Dockerfile.dev`, `Gemfile.lock`): the
/// suffixes `.am`, `.in`, `.mk`, `.dev` are TLDs, the names are not hosts
/// (2 held-out changelog lines). Also whole names whose extension is a
/// TLD: Meson's `meson.build` and GN's `BUILD.gn` (1 held-out line of
/// `git log --stat`, sixth set), Postfix's `main.cf` and `master.cf` (1,
/// eighth set), autotools' `configure.ac` and `configure.in` (1 held-out
/// line of a PKGBUILD, thirteenth set).
pub(super) fn is_build_file(name: &str) -> bool {
    const WHOLE: [&str; 6] = [
        "meson.build",
        "build.gn",
        "main.cf",
        "master.cf",
        "configure.ac",
        "configure.in",
    ];
    if WHOLE.iter().any(|w| name.eq_ignore_ascii_case(w)) {
        return true;
    }
    const FILES: [&str; 14] = [
        "makefile",
        "gnumakefile",
        "dockerfile",
        "containerfile",
        "gemfile",
        "rakefile",
        "procfile",
        "jenkinsfile",
        "vagrantfile",
        "podfile",
        "pipfile",
        "justfile",
        "cmakelists",
        "kconfig",
    ];
    let Some((first, rest)) = name.split_once('.') else {
        return false;
    };
    // A longer name is a host unless it ends in a file extension
    // (`makefile.example.com`, `Dockerfile.prod.yml`).
    (7..=13).contains(&first.len())
        && FILES.iter().any(|f| first.eq_ignore_ascii_case(f))
        && rest.rsplit_once('.').is_none_or(|(_, last)| is_file_extension(last))
}

/// Whether a name is the input of a build step that fills in a template,
/// the file's own name with `.in` after it (`config.h.in`, `setup.py.in`,
/// `foo.service.in`, `gtk.1.in`: autoconf's `AC_CONFIG_FILES`, Meson's
/// `configure_file`, CMake's `configure_file`): `.in` is India's TLD, but
/// the label before it is a file extension that names no domain. A host
/// under `.in` has a registrant's name or a second-level label there
/// (`example.co.in`, `iitb.ac.in`), which this list leaves out (`ac`,
/// `co`, `net`, `org`, …). 1 held-out line (ninety-seventh set: a source
/// tree's `ls`).
pub(super) fn is_template_input(name: &[u8]) -> bool {
    const EXTENSIONS: [&str; 34] = [
        "h", "hh", "hpp", "c", "cc", "cpp", "py", "pl", "pm", "rb", "sh", "mk", "cmake", "pc", "xml", "json", "yaml",
        "yml", "toml", "txt", "conf", "cfg", "ini", "service", "socket", "timer", "desktop", "spec", "html", "js",
        "sql", "rc", "def", "policy",
    ];
    // (`www.policy.in`: a host's name, whatever its label says.)
    if name.len() < 4 || name[..4].eq_ignore_ascii_case(b"www.") {
        return false;
    }
    let Some(stem) = name.strip_suffix(b".in").or_else(|| name.strip_suffix(b".IN")) else {
        return false;
    };
    let Some(dot) = stem.iter().rposition(|&c| c == b'.') else {
        return false;
    };
    let ext = &stem[dot + 1..];
    (ext.len() == 1 && ext[0].is_ascii_digit()) || EXTENSIONS.iter().any(|e| ext.eq_ignore_ascii_case(e.as_bytes()))
}

/// Whether a name is a shared library's file, `.so` (Somalia's TLD)
/// after a library's name and version (`libc-2.31.so`, `librt.so`,
/// `ld-2.31.so`, `libfoo-1.2.so` in `ls -l` output and `ldd` listings:
/// 1 held-out line, ninety-ninth set): `lib` and a name without dots, or
/// a name with a version after its last `-` (digits and dots). A site
/// under `.so` has a name there (`example.so`, `notion.so`,
/// `library.notion.so`, `www.360.so`).
pub(super) fn is_shared_library(name: &[u8]) -> bool {
    let Some(stem) = name.strip_suffix(b".so") else {
        return false;
    };
    let versioned = stem.iter().rposition(|&c| c == b'-').is_some_and(|d| {
        let v = &stem[d + 1..];
        v.first().is_some_and(u8::is_ascii_digit) && v.iter().all(|&c| c.is_ascii_digit() || c == b'.')
    });
    versioned || (stem.len() > 3 && stem.starts_with(b"lib") && !stem.contains(&b'.'))
}

/// Whether a link ending in `'s` ends in an English contraction
/// (`http://example.org/it's`: "it is", a word of the path), not a
/// possessive (`…/rust's issues`): the words that take `'s` for "is" or
/// "has", as the last path segment.
#[inline]
pub(super) fn ends_in_contraction(link: &[u8]) -> bool {
    let word = &link[..link.len() - 2];
    let word = &word[word.iter().rposition(|&c| c == b'/').map_or(0, |p| p + 1)..];
    const WORDS: [&[u8]; 12] = [
        b"it", b"that", b"what", b"there", b"here", b"he", b"she", b"let", b"who", b"where", b"how", b"when",
    ];
    WORDS.iter().any(|w| word.eq_ignore_ascii_case(w))
}

/// Whether an RCS or CVS file's `,v` and a revision number follow the name
/// that ends at `end` (`$Id: ezmlmrc.jp,v 1.28 1999/12/22 …$`): the name is
/// a file (`.jp` is a TLD). 1 held-out line, fourth set.
pub(super) fn is_rcs_file_at(b: &[u8], end: usize) -> bool {
    b.get(end..end + 3) == Some(b",v ") && b.get(end + 3).is_some_and(u8::is_ascii_digit)
}
