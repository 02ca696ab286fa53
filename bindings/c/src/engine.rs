//! The only file of the C binding that names the iriscan library's API
//! (plain safe Rust), so that a rename in the library is a one-line change
//! here and `lib.rs` only deals with the C ABI.

use iriscan_lib::{Finder, LinkKind};

/// The finder behind an `iriscan_finder *`.
pub type CoreFinder = Finder;

/// `IRISCAN_KIND_IRI`, `_EMAIL`, `_DOMAIN`: the numbers of the link kinds
/// in `iriscan_link.kind` and, as `1 << (n - 1)`, in the kinds mask of
/// `iriscan_finder_new_with`.
pub const KIND_IRI: i32 = 1;
/// See [`KIND_IRI`].
pub const KIND_EMAIL: i32 = 2;
/// See [`KIND_IRI`].
pub const KIND_DOMAIN: i32 = 3;
/// A kind of link newer than the header (`IRISCAN_KIND_OTHER`).
pub const KIND_OTHER: i32 = 0;

fn kind_number(kind: LinkKind) -> i32 {
    match kind {
        LinkKind::Iri => KIND_IRI,
        LinkKind::Email => KIND_EMAIL,
        LinkKind::Domain => KIND_DOMAIN,
        // `LinkKind` is non-exhaustive: a kind added later reaches C as
        // IRISCAN_KIND_OTHER until the header names it.
        _ => KIND_OTHER,
    }
}

/// The default finder (all three kinds, default mode).
pub fn finder() -> Finder {
    Finder::new()
}

/// A finder for the kinds in `mask` (bit `n - 1` for kind number `n`).
pub fn finder_with(mask: u32, strict_uts58: bool) -> Finder {
    let mut f = Finder::new();
    f.iri(mask & 1 != 0)
        .email(mask & 2 != 0)
        .domain(mask & 4 != 0)
        .strict_uts58(strict_uts58);
    f
}

/// Calls `each(start, end, kind)` for the links of `data` in order (byte
/// offsets; invalid UTF-8 is a boundary) until it returns false; returns how
/// many links were reported.
pub fn find(finder: &Finder, data: &[u8], mut each: impl FnMut(usize, usize, i32) -> bool) -> usize {
    let mut n = 0;
    for link in finder.links_bytes(data) {
        n += 1;
        if !each(link.start(), link.end(), kind_number(link.kind())) {
            break;
        }
    }
    n
}

/// IRI (reference) → URI (RFC 3987 §3.1), `None` when it is not one.
pub fn to_uri(iri: &str) -> Option<String> {
    iriscan_lib::to_uri(iri).ok().map(|u| u.into_owned())
}

/// URI → IRI for display (RFC 3987 §3.2).
pub fn to_iri(uri: &str) -> String {
    iriscan_lib::to_iri(uri).into_owned()
}
