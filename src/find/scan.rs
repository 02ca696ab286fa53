//! The stages after the trigger: from a trigger to a link.
//!
//! Every rule is applied in a single forward pass with bounded
//! look-behind, so finding is linear in the input:
//!
//! * a trigger (`:` of a scheme; `.`, `。`, `．`, `｡` of a domain) is found
//!   by the vector classifier in `trigger.rs` and each is looked at once;
//! * looking back from a trigger is capped (64 bytes for a scheme, 255 for a
//!   domain, 128 for an email local part);
//! * a candidate is rejected *before* its end is scanned whenever the reason
//!   can be seen early (unknown scheme, bad host labels, bad local part), so
//!   a forward scan almost always produces a link and the cursor moves past
//!   it; the forward scan is capped by the finder's maximum link length.
//!
//! The stages, one file each, each importing only those below it:
//!
//! * `scheme.rs`: a `:` — the scheme before it, opaque schemes, and the
//!   one-pass path for plain web links (`scheme/shapes.rs`: the schemes'
//!   shapes);
//! * `domain.rs`: a dot — a scheme-less domain, or the domain of an email
//!   (`email.rs`: local parts, `mailto:`; `domain/names.rs`,
//!   `domain/words.rs`, `domain/context.rs`: what a bare name and its
//!   surroundings say);
//! * `end.rs`: where a link ends (UTS 58 Link_Term, brackets, quotes, CJK
//!   punctuation, grapheme clusters);
//! * `repair.rs`: validation against RFC 3987, cutting back to the longest
//!   valid prefix, and the `[`, `]`, `#` repairs;
//! * `fold.rs`: `<…>` and `<URL:…>` links folded over lines (RFC 3986
//!   Appendix C);
//! * `host.rs`, `tld.rs`: DNS label rules and the IANA top-level domains;
//! * `classes.rs`, `candidate.rs`: byte classes and the types every stage
//!   shares.

use super::candidate::Raw;
use super::domain::try_domain;
use super::end::uncut_end;
use super::escaped::{escaped_link, groff_break_after_slashes};
use super::prose::{refine, Memo};
use super::scheme::try_scheme;
use super::trigger::{worth_a_look, Triggers};
use super::Finder;

/// The words longer than the length cap that a search passed over.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Passed {
    /// How many, among those that start before `before`.
    pub count: usize,
    /// An offset in the whole input: a word that starts there or later is
    /// not counted (a stream chunk's look-ahead belongs to the next chunk).
    pub before: usize,
}

impl Passed {
    /// None yet, and every word counted.
    pub(crate) const NONE: Passed = Passed {
        count: 0,
        before: usize::MAX,
    };
}

/// Where the search goes on after a word longer than the length cap (and
/// its floor), counted in `passed` (`base` is the offset of the run in the
/// whole input): out of line, since it is rare.
#[cold]
#[inline(never)]
fn passed_over(found: Option<Raw>, base: usize, passed: &mut Passed) -> (usize, usize) {
    let (start, end) = found.map_or((0, 0), |raw| (raw.start, raw.end));
    if base + start < passed.before {
        passed.count += 1;
    }
    (end, end)
}

/// Finds the next link in `text` at or after `pos`, starting no earlier than
/// `floor` (the end of the previous link); `passed` counts the words
/// longer than the length cap passed over on the way.
///
/// `text` sits at `base` in `outer` (the whole input, which may hold
/// invalid UTF-8 around it): the trigger search may read around it.
/// Inlined into `Links::next`, its one caller, which saves a call per link.
#[inline]
pub(crate) fn next_link(
    f: &Finder,
    (trig, memo, passed): (&mut Triggers, &mut Memo, &mut Passed),
    (outer, base): (&[u8], usize),
    text: &str,
    mut pos: usize,
    mut floor: usize,
) -> Option<Raw> {
    while let Some((at, len)) = trig.next_in_run(outer, base, text, pos) {
        pos = at + len;
        // The trigger passed `worth_a_look` on the bytes around the run;
        // only at the run's edges can the run itself say otherwise.
        if (at == 0 || at + len + 1 >= text.len()) && !worth_a_look(text.as_bytes(), at, len) {
            continue;
        }
        let b = text.as_bytes()[at];
        let found = if b == b':' {
            let found = try_scheme(f, text, at, floor);
            // `https:\/\/…`: a JSON-escaped link (`escaped.rs`).
            if found.is_none()
                && (text.as_bytes().get(at + 1) == Some(&b'\\') || groff_break_after_slashes(text.as_bytes(), at))
            {
                escaped_link(f, text, at, floor, memo.escaped())
            } else {
                found
            }
        } else {
            try_domain(f, text, at, len, floor)
        };
        // Longer than the length cap: a name or an address (their own
        // limits are a DNS name's and a local part's), or a word whose IRI
        // the cap would cut in its scheme, host or opaque part. No link,
        // nor is anything in it (a cut would name another host, address or
        // number): the search goes on after it, as after a link.
        if found.is_some_and(|raw| raw.end - raw.start > f.max_link_len) {
            (pos, floor) = passed_over(found, base, passed);
            continue;
        }
        // Default mode: the reader's view of the text around the link
        // (glued prose, markup, Markdown labels, mail headers, code).
        let link = if f.strict_uts58 {
            // A link of a kind or scheme not asked for: no link, nor is
            // anything in it.
            if let Some(raw) = found.filter(|raw| raw.unasked) {
                (pos, floor) = (raw.end, raw.end);
                continue;
            }
            found
        } else {
            found.and_then(|raw| refine(f, text, raw, memo))
        };
        if link.is_some() {
            return link;
        }
        // What is left of a name the reader's rules cut was dropped: the
        // text after the cut is read again, as after a link ending there.
        if memo.has_retry() {
            let p = memo.take_retry();
            (pos, floor) = (p, floor.max(p));
        }
    }
    None
}

/// Where the search goes on after the link `raw`: its end, or for a link
/// the length cap cut, the end it would have had without the cap. The
/// rest is part of the link, cut only for its length: nothing in it is a
/// link of its own (`https://example.com/prof` of
/// `https://example.com/profile;user@mail.example.org` under a cap of 24
/// bytes leaves no `user@mail.example.org`).
#[inline(always)]
pub(crate) fn resume_after(f: &Finder, text: &str, raw: &Raw) -> usize {
    match raw.cut {
        Some(scan) => uncut_end(f, text, raw.start, raw.end, scan),
        None => raw.end,
    }
}
