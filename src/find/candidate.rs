//! What the stages hand each other: a found link, the part of an IRI the
//! forward scan is in, and the look-behind caps that keep finding linear.

use super::LinkKind;

/// A link found in one valid UTF-8 run, before it becomes a `Link`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Raw {
    pub start: usize,
    pub end: usize,
    pub kind: LinkKind,
    /// Written inside `<…>` folded over lines (RFC 3986 Appendix C).
    pub folded: bool,
    /// A valid IRI as found, with nothing to repair: the one-pass path for
    /// web links reads it by the grammar (`Link::to_uri` then needs no
    /// parse for an ASCII one).
    pub valid: bool,
    /// Found only to be passed over (strict mode): a link UTS #58 finds
    /// but of a kind or scheme not asked for. It is no link, and nothing
    /// inside it is one.
    pub unasked: bool,
    /// The forward scan that ended this link, when it stopped at the
    /// length cap: where the search goes on after the link depends on
    /// where the scan would have ended without the cap
    /// (`scan::resume_after`).
    pub cut: Option<CutScan>,
}

impl Raw {
    /// An IRI from `start` to `end` with nothing else to note: not folded,
    /// not known valid, asked for, not cut (the fields a stage sets are
    /// changed with struct update syntax: `Raw { cut, ..Raw::iri(s, e) }`).
    #[inline(always)]
    pub(super) fn iri(start: usize, end: usize) -> Raw {
        Raw {
            start,
            end,
            kind: LinkKind::Iri,
            folded: false,
            valid: false,
            unasked: false,
            cut: None,
        }
    }
}

/// A forward scan that stopped at the length cap: the state it started
/// in, to scan on from there to where the link would have ended without
/// the cap (`end::uncut_end`). Kept in the [`Raw`] it ended, so that only
/// that link's own scan is ever resumed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CutScan {
    /// Where the link started when it was scanned (a later stage may move
    /// the start: then the scan is not that link's).
    pub link_start: usize,
    /// Where the scan started, and in which part and quote.
    pub start: usize,
    pub part: Part,
    pub quote: Option<char>,
}

/// Which part of an IRI the forward scan is in (UTS 58 clears the bracket
/// stack at part-specific characters).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Part {
    Authority,
    Path,
    Query,
    Fragment,
}

/// How far back from a `:` a scheme may start.
pub(super) const MAX_SCHEME_BACK: usize = 64;
/// How far back from a dot a domain name may start (no DNS name is longer).
pub(super) const MAX_DOMAIN_BACK: usize = 255;
/// How far back from an `@` an email local part may start.
pub(super) const MAX_LOCAL_BACK: usize = 128;

/// What `domain::plain_dot_link` made of a dot.
pub(super) enum Plain {
    /// The link the general rules find.
    Link(Raw),
    /// The general rules find none.
    NoLink,
    /// Not the plain shape: ask the general rules.
    Ask,
}
