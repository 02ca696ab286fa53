//! The mapped fields of a `find --format jsonl` row (`iri`, `uri` or
//! `error`, `display`), remembered per link.
//!
//! These three fields depend only on the link's kind and text (its IRI is
//! a function of the two: `mailto:` before an email, the finder's default
//! scheme, `https`, before a domain; a link folded over lines is the
//! exception, and is not remembered), and cost
//! thousands of instructions to compute (RFC 3987 §3.1 mapping, IDNA, the
//! UTS 39 display policy, §3.2 decoding for display) against a few hundred
//! for the rest of the row. Mail, logs and crawls repeat their links (the
//! same site, the same unsubscribe address), so each worker thread keeps
//! the escaped JSON of recent links, as the library keeps its per-host
//! answers (`HostMemo`): bounded, emptied when full, no bookkeeping per hit.

use super::output::json_str;
use iriscan::stream::ChunkLink;
use iriscan::LinkKind;
use std::cell::RefCell;
use std::collections::HashMap;

/// Links longer than this are never remembered: long links are rarely
/// repeated, and the bound keeps the memo's memory small.
const MAX_KEY: usize = 512;
/// At most this many links per kind and thread (then that kind's map is
/// emptied).
const CAP: usize = 1024;
/// At most this many bytes of keys and fields per thread (then the whole
/// memo is emptied): a non-ASCII link's `uri` is up to three times its
/// text, so `CAP` alone would allow tens of MiB.
const BUDGET: usize = 1 << 20;

/// Escaped JSON of recent links: one map per kind (no key to build per
/// lookup), from the link's text to `,"iri":…,"uri":…,"display":…`.
#[derive(Default)]
struct Memo {
    maps: [HashMap<Box<str>, Box<[u8]>, Seeded>; 3],
    /// Bytes of keys and fields held.
    bytes: usize,
}

/// The memo's hasher: a multiply-rotate over eight bytes at a time, from a
/// seed drawn per thread. A hit is the common case, and SipHash of the
/// link's text cost more than the rest of the hit; the seed keeps the
/// bucket of a text unpredictable, and the memo is small and bounded, so
/// colliding texts could cost at most `CAP` comparisons a lookup.
#[derive(Clone)]
struct Seeded(u64);

impl Default for Seeded {
    fn default() -> Self {
        use std::hash::BuildHasher;
        Seeded(std::hash::RandomState::new().hash_one(0x6a73_6f6e_6c72_6f77_u64))
    }
}

impl std::hash::BuildHasher for Seeded {
    type Hasher = WordHasher;
    fn build_hasher(&self) -> WordHasher {
        WordHasher(self.0)
    }
}

/// See [`Seeded`].
struct WordHasher(u64);

const MULTIPLIER: u64 = 0x9E37_79B9_7F4A_7C15;

impl std::hash::Hasher for WordHasher {
    /// Whole words, then the last eight bytes (overlapping the words
    /// before when the length is not a multiple of eight) with the length.
    fn write(&mut self, bytes: &[u8]) {
        let len = bytes.len();
        let word = |at: usize| match bytes.get(at..at + 8) {
            Some(w) => u64::from_le_bytes(w.try_into().unwrap_or_default()),
            // Shorter than a word: zero-padded.
            None => {
                let mut w = [0u8; 8];
                w[..len - at].copy_from_slice(&bytes[at..]);
                u64::from_le_bytes(w)
            }
        };
        let mut at = 0;
        while at + 8 < len {
            self.mix(word(at));
            at += 8;
        }
        self.mix(word(len.saturating_sub(8)) ^ (len as u64) << 56);
    }

    fn write_u8(&mut self, b: u8) {
        self.mix(u64::from(b));
    }

    fn finish(&self) -> u64 {
        // The high half folded into the low one: the table takes its
        // bucket from the low bits, which a product alone draws from the
        // low bits of the last word only.
        (self.0 ^ self.0 >> 32).wrapping_mul(MULTIPLIER)
    }
}

impl WordHasher {
    #[inline]
    fn mix(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(26) ^ w).wrapping_mul(MULTIPLIER);
    }
}

thread_local! {
    static MEMO: RefCell<Memo> = RefCell::new(Memo::default());
}

/// Appends `,"iri":…,"uri":…,"display":…` (or `"uri":null,"error":…` when
/// the IRI does not map) for `link`.
pub fn mapped_fields(out: &mut Vec<u8>, link: &ChunkLink<'_>) {
    let kind = link.kind();
    let text = link.as_str();
    let slot = match kind {
        LinkKind::Iri => 0,
        LinkKind::Email => 1,
        LinkKind::Domain => 2,
        // A kind added later: computed every time.
        _ => return compute(out, kind, &link.iri()),
    };
    if text.len() > MAX_KEY || link.link().is_folded() {
        return compute(out, kind, &link.iri());
    }
    let hit = MEMO.with(|m| m.borrow().maps[slot].get(text).map(|v| out.extend_from_slice(v)));
    if hit.is_some() {
        return;
    }
    let start = out.len();
    compute(out, kind, &link.iri());
    let fields: Box<[u8]> = out[start..].into();
    MEMO.with(|m| {
        let memo = &mut *m.borrow_mut();
        let size = text.len() + fields.len();
        if memo.bytes + size > BUDGET {
            memo.maps.iter_mut().for_each(HashMap::clear);
            memo.bytes = 0;
        }
        let map = &mut memo.maps[slot];
        if map.len() >= CAP {
            memo.bytes -= map.iter().map(|(k, v)| k.len() + v.len()).sum::<usize>();
            map.clear();
        }
        memo.bytes += size;
        map.insert(text.into(), fields);
    });
}

/// [`mapped_fields`] without the memo.
fn compute(out: &mut Vec<u8>, kind: LinkKind, iri: &str) {
    out.extend_from_slice(b",\"iri\":");
    json_str(out, iri);
    // The URI, and the form safe to show a user (UTS 39 host policy, bidi
    // encoded) of the URI (of the IRI when it has none), computed together:
    // the display mapping then starts from the IRI when the URI would map
    // back to it.
    let (uri, shown) = iriscan::display::map_for_display(kind, iri);
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
    out.extend_from_slice(b",\"display\":");
    json_str(out, &shown);
}

#[cfg(test)]
mod tests {
    use super::*;
    use iriscan::stream::Chunk;
    use iriscan::Finder;

    /// Each link's row fields through the memo, next to the fields
    /// computed afresh, for every link found in `text`.
    fn both(text: &str) -> Vec<(Vec<u8>, Vec<u8>)> {
        let finder = Finder::new();
        let chunk = Chunk::whole(&finder, text.as_bytes());
        chunk
            .links()
            .map(|l| {
                let mut memo = Vec::new();
                mapped_fields(&mut memo, &l);
                let mut fresh = Vec::new();
                compute(&mut fresh, l.kind(), &l.iri());
                (memo, fresh)
            })
            .collect()
    }

    #[test]
    fn remembered_fields_equal_fresh_ones_for_every_kind() {
        let text = "https://example.com/a https://例え.jp/パス?q=é http://a..b/ \
                    a@bücher.de раураl.com www.example.org mailto:x@y.example \
                    https://example.com/a a@bücher.de раураl.com www.example.org\n";
        let finder = Finder::new();
        let kinds: Vec<LinkKind> = Chunk::whole(&finder, text.as_bytes())
            .links()
            .map(|l| l.kind())
            .collect();
        for kind in [LinkKind::Iri, LinkKind::Email, LinkKind::Domain] {
            assert!(
                kinds.iter().filter(|&&k| k == kind).count() >= 2,
                "{kind:?} twice: {kinds:?}"
            );
        }
        for _ in 0..2 {
            for (memo, fresh) in both(text) {
                assert_eq!(memo, fresh);
            }
        }
        // The same text as another kind is another row: `mailto:` shows.
        let email = &both("x@y.com")[0].0;
        let iri = &both("mailto:x@y.com")[0].0;
        assert_ne!(email, iri);
    }

    #[test]
    fn links_folded_over_lines_are_not_remembered() {
        let text = "<https://a.com/\n  x> <https://a.com/\n  x>";
        let rows = both(text);
        assert_eq!(rows.len(), 2);
        for (memo, fresh) in rows {
            assert_eq!(memo, fresh);
        }
        MEMO.with(|m| assert!(m.borrow().maps[0].keys().all(|k| !k.contains('\n'))));
    }

    #[test]
    fn texts_that_differ_only_at_their_end_spread_over_buckets() {
        use std::hash::BuildHasher;
        let seeded = Seeded::default();
        // Texts of 24 bytes that differ only in their last byte: the top
        // byte of the last word, which a bare product leaves out of the
        // low bits the table takes its bucket from.
        let low_bits: std::collections::HashSet<u64> = (b' '..=b'~')
            .map(|b| {
                let text = format!("https://example.com/abc{}", char::from(b));
                assert_eq!(text.len(), 24);
                seeded.hash_one(text.as_str()) & 0x3FF
            })
            .collect();
        assert!(low_bits.len() > 80, "{}", low_bits.len());
        // And each thread draws its own seed.
        let other = std::thread::spawn(|| Seeded::default().0).join().unwrap();
        assert_ne!(other, seeded.0);
    }

    #[test]
    fn the_memo_stays_bounded_and_skips_long_links() {
        let many: String = (0..CAP + 10).map(|i| format!("h{i}.example.com ")).collect();
        assert_eq!(both(&many).len(), CAP + 10);
        MEMO.with(|m| assert!(m.borrow().maps[2].len() <= CAP));
        // Long non-ASCII links fill the byte budget before the count.
        let wide: String = (0..CAP)
            .map(|i| format!("https://例え.jp/{i}{} ", "é".repeat(200)))
            .collect();
        assert_eq!(both(&wide).len(), CAP);
        MEMO.with(|m| {
            let memo = m.borrow();
            let held: usize = memo.maps.iter().flatten().map(|(k, v)| k.len() + v.len()).sum();
            assert_eq!(held, memo.bytes);
            assert!(held <= BUDGET && memo.maps[0].len() < CAP, "{held}");
        });
        let long = format!("https://example.com/{}", "a".repeat(MAX_KEY));
        for (memo, fresh) in both(&long) {
            assert_eq!(memo, fresh);
        }
        MEMO.with(|m| assert!(!m.borrow().maps[0].contains_key(long.as_str())));
    }
}
