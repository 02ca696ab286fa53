//! The mapped fields of a `find --format jsonl` row (`iri`, `uri` or
//! `error`, `display`), remembered per link.
//!
//! These three fields depend only on the link's kind and IRI, and cost
//! thousands of instructions to compute (RFC 3987 §3.1 mapping, IDNA, the
//! UTS 39 display policy, §3.2 decoding for display) against a few hundred
//! for the rest of the row. Mail, logs and crawls repeat their links (the
//! same site, the same unsubscribe address), so each worker thread keeps
//! the escaped JSON of recent links, as the library keeps its per-host
//! answers (`HostMemo`): bounded, emptied when full, no bookkeeping per hit.

use super::output::json_str;
use iriscan::LinkKind;
use std::cell::RefCell;
use std::collections::HashMap;

/// IRIs longer than this are never remembered: long links are rarely
/// repeated, and the bound keeps the memo's memory small.
const MAX_KEY: usize = 512;
/// At most this many links per kind and thread (then the memo is emptied):
/// with `MAX_KEY` and JSON's at most 6× escaping, a few MiB at worst.
const CAP: usize = 1024;

/// Escaped JSON of recent links: one map per kind (no key to build per
/// lookup), from the IRI to `,"iri":…,"uri":…,"display":…`.
#[derive(Default)]
struct Memo {
    maps: [HashMap<Box<str>, Box<[u8]>>; 3],
}

thread_local! {
    static MEMO: RefCell<Memo> = RefCell::new(Memo::default());
}

/// Appends `,"iri":…,"uri":…,"display":…` (or `"uri":null,"error":…` when
/// the IRI does not map) for a link of `kind` whose IRI is `iri`.
pub fn mapped_fields(out: &mut Vec<u8>, kind: LinkKind, iri: &str) {
    let slot = match kind {
        LinkKind::Iri => 0,
        LinkKind::Email => 1,
        LinkKind::Domain => 2,
        // A kind added later: computed every time.
        _ => return compute(out, kind, iri),
    };
    if iri.len() > MAX_KEY {
        return compute(out, kind, iri);
    }
    let hit = MEMO.with(|m| {
        m.borrow().maps[slot].get(iri).map(|v| {
            out.extend_from_slice(v);
        })
    });
    if hit.is_some() {
        return;
    }
    let start = out.len();
    compute(out, kind, iri);
    let fields: Box<[u8]> = out[start..].into();
    MEMO.with(|m| {
        let map = &mut m.borrow_mut().maps[slot];
        if map.len() >= CAP {
            map.clear();
        }
        map.insert(iri.into(), fields);
    });
}

/// [`mapped_fields`] without the memo.
fn compute(out: &mut Vec<u8>, kind: LinkKind, iri: &str) {
    out.extend_from_slice(b",\"iri\":");
    json_str(out, iri);
    let uri = iriscan::to_uri(iri);
    match &uri {
        Ok(uri) => {
            out.extend_from_slice(b",\"uri\":");
            json_str(out, uri);
        }
        Err(e) => {
            out.extend_from_slice(b",\"uri\":null,\"error\":");
            json_str(out, &e.to_string());
        }
    }
    // The form safe to show a user (UTS 39 host policy, bidi encoded):
    // the display mapping starts from the URI, so it is given the one
    // just computed when there is one.
    out.extend_from_slice(b",\"display\":");
    let shown_from = uri.as_deref().unwrap_or(iri);
    json_str(out, &iriscan::display::display_link(kind, shown_from));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fresh(kind: LinkKind, iri: &str) -> Vec<u8> {
        let mut out = Vec::new();
        compute(&mut out, kind, iri);
        out
    }

    #[test]
    fn remembered_fields_equal_fresh_ones_for_every_kind() {
        let links = [
            (LinkKind::Iri, "https://example.com/a"),
            (LinkKind::Iri, "https://例え.jp/パス?q=é"),
            (LinkKind::Iri, "http://a..b/"),
            (LinkKind::Email, "mailto:a@bücher.de"),
            (LinkKind::Domain, "https://раураl.com"),
        ];
        for _ in 0..3 {
            for (kind, iri) in links {
                let mut out = b"{".to_vec();
                mapped_fields(&mut out, kind, iri);
                assert_eq!(out[1..], fresh(kind, iri)[..], "{iri}");
            }
        }
        // The same IRI under another kind is another row (display differs).
        let mut email = Vec::new();
        mapped_fields(&mut email, LinkKind::Email, "mailto:a@b.example");
        let mut iri = Vec::new();
        mapped_fields(&mut iri, LinkKind::Iri, "mailto:a@b.example");
        assert_ne!(email, iri);
    }

    #[test]
    fn the_memo_stays_bounded_and_skips_long_links() {
        for i in 0..CAP + 10 {
            mapped_fields(&mut Vec::new(), LinkKind::Domain, &format!("https://h{i}.example"));
        }
        MEMO.with(|m| assert!(m.borrow().maps[2].len() <= CAP));
        let long = format!("https://example.com/{}", "a".repeat(MAX_KEY));
        let mut out = Vec::new();
        mapped_fields(&mut out, LinkKind::Iri, &long);
        assert_eq!(out, fresh(LinkKind::Iri, &long));
        MEMO.with(|m| assert!(!m.borrow().maps[0].contains_key(long.as_str())));
    }
}
