//! Top-level domains: IANA's list (ASCII in `chars.rs`, the Unicode forms
//! of its `xn--` entries here) and the file extensions that look like one.

/// Top-level domains: IANA's list, ASCII (any case) or the Unicode form of
/// an `xn--` entry.
pub(crate) fn is_tld(label: &str) -> bool {
    if label.is_ascii() {
        return crate::chars::is_ascii_tld(label);
    }
    // The longest Unicode TLD is far shorter than most runs of letters that
    // follow a dot in running text: check the length before anything else.
    if label.len() > MAX_UNICODE_TLD_BYTES {
        return false;
    }
    let tlds = unicode_tlds();
    tlds.contains(label) || (label.chars().any(char::is_uppercase) && tlds.contains(&label.to_lowercase()))
}

/// No Unicode form of an IANA TLD is longer than this (in UTF-8 bytes);
/// checked by a unit test.
pub(super) const MAX_UNICODE_TLD_BYTES: usize = 64;

/// The Unicode forms of the IANA TLDs, and the characters they start with
/// (sorted): in CJK text most dots are followed by a character that starts
/// no TLD, rejected without reading the label.
struct UnicodeTlds {
    names: TldSet,
    first: Vec<char>,
}

/// The Unicode TLDs are hashed with a multiply-rotate over eight bytes at a
/// time: they are a fixed list, not attacker-chosen keys, and a lookup
/// happens at every dot before a non-ASCII letter that may start one, where
/// SipHash cost more than the rest of the check.
type TldSet = std::collections::HashSet<String, std::hash::BuildHasherDefault<WordHasher>>;

/// See [`TldSet`].
#[derive(Default)]
struct WordHasher(u64);

impl std::hash::Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut words = bytes.chunks_exact(8);
        for w in &mut words {
            self.mix(u64::from_le_bytes(w.try_into().unwrap_or_default()));
        }
        let rest = words.remainder();
        if !rest.is_empty() {
            let mut last = [0u8; 8];
            last[..rest.len()].copy_from_slice(rest);
            self.mix(u64::from_le_bytes(last) ^ rest.len() as u64);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

impl WordHasher {
    #[inline]
    fn mix(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(26) ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

fn unicode_tld_data() -> &'static UnicodeTlds {
    use std::sync::OnceLock;
    static SET: OnceLock<UnicodeTlds> = OnceLock::new();
    SET.get_or_init(|| {
        let names: TldSet = crate::chars::TLDS
            .iter()
            .filter(|t| t.starts_with("xn--"))
            .filter_map(|t| {
                let (u, r) = idna::domain_to_unicode(t);
                r.ok().map(|_| u)
            })
            .collect();
        let mut first: Vec<char> = names
            .iter()
            .filter_map(|n| n.chars().next())
            .flat_map(|c| c.to_uppercase().chain(std::iter::once(c)))
            .collect();
        first.sort_unstable();
        first.dedup();
        UnicodeTlds { names, first }
    })
}

fn unicode_tlds() -> &'static TldSet {
    &unicode_tld_data().names
}

/// Whether some Unicode TLD starts with `c` (in any case, as `is_tld`
/// compares).
pub(super) fn starts_unicode_tld(c: char) -> bool {
    unicode_tld_data().first.binary_search(&c).is_ok()
}

/// Special-use top-level names that are not in IANA's root zone list but
/// name hosts all the same, linked as TLDs in the default mode (UTS #58
/// and the strict mode know only the list):
///
/// - `onion` (RFC 7686): Tor onion services; a name under it is an address
///   and nothing else (`foo.onion`, `user@bar.onion`; xurls links both).
/// - `i2p`: the I2P network's names, as `onion` is Tor's (xurls links
///   `foo.i2p`); no file type or code name ends in it.
/// - `localhost` (RFC 6761 §6.3): loopback names (`www.localhost`,
///   `app.localhost:3000`); the held-out real text labels `www.localhost`
///   as a link twice.
///
/// The other special-use names stay out of bare names: `invalid` never
/// names a host (linkify-it's not-links: `example.invalid`), and
/// `example`, `test`, `local` are file suffixes as often as names
/// (`config.example`, `.env.example` in the held-out text, `foo.test` test
/// scripts, `Makefile.local`). After an `@`, see [`is_documentation_tld`].
const SPECIAL_USE_TLDS: &[&str] = &["i2p", "onion", "localhost"];
const _: () =
    assert!(SPECIAL_USE_TLDS[0].len() == 3 && SPECIAL_USE_TLDS[1].len() == 5 && SPECIAL_USE_TLDS[2].len() == 9);

/// Whether `label` is one of [`SPECIAL_USE_TLDS`] (ASCII, any case). The
/// length first: it is asked for every ASCII label after a dot that is no
/// IANA TLD, in code and logs most of them.
#[inline]
pub(super) fn is_special_use_tld(label: &str) -> bool {
    matches!(label.len(), 3 | 5 | 9) && SPECIAL_USE_TLDS.iter().any(|t| label.eq_ignore_ascii_case(t))
}

/// Whether `label` is `example` or `test` (any case): the names RFC 2606
/// §2 reserves for documentation and tests, which text that shows an
/// address uses (`hello+xyz@mail.example`, GFM's spec). They end an
/// email's domain in the default mode, where the `@` says it is an
/// address; a bare `config.example` or `foo.test` is a file name and stays
/// unlinked. Not `invalid` (an address that must not work: a munged
/// Usenet sender) nor `local` (mDNS host names after `@` are SSH logins
/// and shell prompts: `pi@raspberrypi.local`, `me@Mac.local ~ %`).
#[inline]
pub(super) fn is_documentation_tld(label: &str) -> bool {
    matches!(label.len(), 4 | 7) && ["example", "test"].iter().any(|t| label.eq_ignore_ascii_case(t))
}

/// Two-label ASCII names whose "TLD" is far more often a file extension in
/// running text (`main.rs`, `setup.py`, `README.md`): not linked as bare
/// domains in the default mode.
///
/// `so` (Somalia) is not on the list: no real-text line or sample has a
/// bare `name.so` file, shared objects are written with a path or a
/// version (`/usr/lib/libssl.so`, `libssl.so.3`: neither is a domain), and
/// three peer-suite cases and issue 13 (`twitter.jp日本語it.so中国語foo.jp`)
/// link `it.so`.
const FILE_EXTENSION_TLDS: &[&str] = &[
    "py", "rs", "md", "sh", "pl", "pm", "cc", "cs", "ps", "zip", "mov", "java", "ts", "js", "rb", "ai", "pdf",
];

/// Whether `tld` is one of `FILE_EXTENSION_TLDS` (any case).
pub(super) fn is_file_extension(tld: &str) -> bool {
    static SET: std::sync::OnceLock<crate::chars::PackedSet> = std::sync::OnceLock::new();
    SET.get_or_init(|| crate::chars::PackedSet::new(FILE_EXTENSION_TLDS.iter().copied()))
        .contains(tld)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unicode_tlds_come_from_the_xn_entries() {
        assert!(is_tld("рф"));
        assert!(is_tld("中国"));
        assert!(is_tld("みんな"));
        assert!(!is_tld("テスト"));
    }

    #[test]
    fn every_unicode_tld_passes_the_first_character_filter() {
        let first: Vec<char> = unicode_tlds().iter().filter_map(|t| t.chars().next()).collect();
        // Every character that `is_tld`'s lowercasing maps to a TLD's first
        // character, checked over all of Unicode.
        for c in (0x80..=0x10FFFF).filter_map(char::from_u32) {
            if c.to_lowercase().next().is_some_and(|l| first.contains(&l)) {
                assert!(starts_unicode_tld(c), "{c:?}");
            }
        }
        assert!(!starts_unicode_tld('よ'));
    }

    #[test]
    fn unicode_tlds_fit_the_length_bound() {
        assert!(unicode_tlds().iter().all(|t| t.len() <= MAX_UNICODE_TLD_BYTES));
    }

    #[test]
    fn file_extensions_are_recognised_in_any_case() {
        for e in FILE_EXTENSION_TLDS {
            assert!(e.len() <= 4 && is_file_extension(e) && is_file_extension(&e.to_ascii_uppercase()));
        }
        assert!(!is_file_extension("com") && !is_file_extension("pys") && !is_file_extension("p"));
    }

    #[test]
    fn so_is_a_tld_not_a_file_extension() {
        assert!(!is_file_extension("so"));
        let found = |t: &str| -> Vec<String> { crate::Finder::new().links(t).map(|l| l.as_str().to_owned()).collect() };
        assert_eq!(
            found("twitter.jp日本語it.so中国語foo.jp"),
            ["twitter.jp", "it.so", "foo.jp"]
        );
        assert_eq!(found("see it.so/abcde"), ["it.so/abcde"]);
        // Shared objects keep their path or version: still no link.
        assert!(found("/usr/lib/libssl.so and libssl.so.3").is_empty());
    }
}
