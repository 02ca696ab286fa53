//! DNS label rules for hosts and scheme-less names: no empty label, none
//! starting or ending with `-` (RFC 1034 §3.5, as UTS 58 applies it), and
//! the label walks the domain and email stages share.

use super::bytes16::{name_bits, NameBits};
use super::classes::{has_class, ALNUM_BYTE, DOT_BYTE, LABEL_BYTE};
use crate::letters::{
    char_at, common_letters_end, is_domain_char, is_domain_dot, name_letters_end, name_letters_start, name_mark_at,
};

/// Whether a name (or the labels before its TLD) starts with the label
/// `www` (any case): the name is a site's, whatever a rule for code or
/// markup would read (`www.example.com(…)`, `[[www.google.com]]`).
#[inline]
pub(super) fn is_www_name(name: &[u8]) -> bool {
    name.get(..3).is_some_and(|w| w.eq_ignore_ascii_case(b"www")) && name.get(3).is_none_or(|&c| c == b'.')
}

/// Checks the labels of a DNS name: none empty (a final trailing dot is
/// allowed), none starting or ending with `-`.
pub(super) fn dns_labels_ok(host: &str) -> bool {
    let host = host.strip_suffix('.').unwrap_or(host);
    if host.is_ascii() {
        return ascii_labels_ok(host);
    }
    unicode_labels_ok(host) && (!host.as_bytes().contains(&b'_') || underscores_ok(host))
}

/// Where a DNS name (without its trailing dot) may hold `_`: in the labels
/// before the last two, as the bare-name rule of domain.rs allows it
/// (`gcs_test_env.storage.googleapis.com`; RFC 2181 §11 puts no limit on
/// DNS labels, and CDN and bucket hosts use it), and in a name of one
/// label (an intranet or container host: `http://web_1:8000/`). Never as
/// the first character (`_dmarc.example.com` names a DNS record, not a
/// host), and never in the last two labels of a longer name: the TLD and
/// the name registered under it are letters, digits and `-` (RFC 1123
/// §2.1, RFC 5891 §4.2.3.1), so `http://twitter_underscore.com` and
/// `http://example.com_` name no host (twitter-text, linkify-it). Only
/// for names with a `_` (the callers look for one).
#[cold]
#[inline(never)]
fn underscores_ok(host: &str) -> bool {
    if host.starts_with('_') {
        return false;
    }
    let mut labels = host.rsplit(is_domain_dot);
    let last_two = [labels.next(), labels.next()];
    // One label: no registered name, no rule of the registries.
    last_two[1].is_none() || !last_two.iter().flatten().any(|l| l.contains('_'))
}

/// [`dns_labels_ok`] for a name that is not ASCII (without its trailing
/// dot): the same over characters, with every domain dot as a separator
/// (runs of common letters at once: neither dots nor `-`), and no A-label
/// that is not ASCII. Out of line: most names are ASCII.
#[inline(never)]
fn unicode_labels_ok(host: &str) -> bool {
    let b = host.as_bytes();
    let mut prev = '.';
    let mut i = 0;
    while i < b.len() {
        let run = common_letters_end(b, i, b.len());
        if run > i {
            prev = 'a';
            i = run;
            continue;
        }
        let c = char_at(host, i).unwrap_or('\0');
        i += c.len_utf8();
        let dot = is_domain_dot(c);
        if (dot && (prev == '.' || prev == '-')) || (c == '-' && prev == '.') {
            return false;
        }
        prev = if dot { '.' } else { c };
    }
    !host.is_empty() && prev != '.' && prev != '-' && !has_bad_idn_label(host)
}

/// Whether a label of the non-ASCII name `host` is no label: one that
/// starts with the ACE prefix `xn--` (any case) and goes on with a
/// character that is not ASCII, or one whose A-label is longer than 63
/// octets.
///
/// An A-label is ASCII by definition (RFC 5890 §2.3.2.1, RFC 5891
/// §4.2.3.1): `xn--はじめよう.com` is no host name, neither Unicode nor
/// Punycode. And the 63-octet limit of a DNS label (RFC 1034 §3.1) holds
/// for the label as it goes to the DNS, its A-label (`xn--` and the
/// Punycode of the label, RFC 5890 §2.3.2.1; UTS 46 VerifyDnsLength checks
/// the same form), not its UTF-8: 58 `あ` are 174 octets of UTF-8 and 64 of
/// A-label, 20 `あ` are 60 of UTF-8 and only 26 of A-label. Only names that
/// hold non-ASCII characters can have either label.
#[inline(never)]
pub(super) fn has_bad_idn_label(host: &str) -> bool {
    let b = host.as_bytes();
    // `xn--` is found by its `--`, from each `-` (`memchr`: most hosts
    // have none; a substring searcher's setup costs more than the scan).
    let bad_ace = memchr::memchr_iter(b'-', b).any(|p| {
        p >= 2
            && b.get(p + 1) == Some(&b'-')
            && b[p - 2..p].eq_ignore_ascii_case(b"xn")
            && (p == 2 || !is_label_part(host, p - 2))
            && {
                let rest = &host[p + 2..];
                let end = rest.find(is_domain_dot).unwrap_or(rest.len());
                !rest[..end].is_ascii()
            }
    });
    bad_ace || has_long_a_label(host)
}

/// Whether a label of `host` longer than [`MEASURED_LABEL_BYTES`] is
/// longer than [`MAX_LABEL_OCTETS`] as an A-label. [`ace_bound`] clears
/// most of them before they are encoded.
fn has_long_a_label(host: &str) -> bool {
    let b = host.as_bytes();
    if b.len() <= MEASURED_LABEL_BYTES {
        return false;
    }
    let mut start = 0;
    memchr::memchr_iter(b'.', b).chain([b.len()]).any(|dot| {
        let long = dot - start > MEASURED_LABEL_BYTES && long_label(&host[start..dot]);
        start = dot + 1;
        long
    })
}

/// [`has_long_a_label`] for the text between two ASCII dots, longer than
/// [`MEASURED_LABEL_BYTES`]: one label, or more split at a wide dot (`。`).
/// The bound of the whole text bounds each of its labels (a wide dot only
/// adds a code point), so the text is split only when that is over.
#[cold]
#[inline(never)]
fn long_label(seg: &str) -> bool {
    !seg.is_ascii()
        && ace_bound(seg) > MAX_LABEL_OCTETS
        && seg
            .split(is_domain_dot)
            .any(|label| label.len() > MEASURED_LABEL_BYTES && ace_len(label) > MAX_LABEL_OCTETS)
}

/// The longest DNS label, in octets (RFC 1034 §3.1).
const MAX_LABEL_OCTETS: usize = 63;

/// Labels of more UTF-8 bytes than this are measured as A-labels; shorter
/// ones are taken as they are. A label of up to 19 bytes is never too long
/// (Punycode writes `xn--`, each ASCII character and a `-`, and one
/// integer per other code point `m`, under `(m - 128) * L + L + 1` with
/// `L <= 19` code points: under 10^5, 10^7 and 10^8 for 2-, 3- and 4-byte
/// characters, so at most 6, 8 and 9 digits, 3 octets per byte or fewer,
/// and `5 + 3 * 19 = 62`). From 20 to 63 bytes only a contrived label is
/// (many ASCII letters and one far code point, `a`×58 + `é`; 18 or more
/// distinct Han characters), while every word of Greek, Thai or Hindi
/// there would be measured: that cost 3-5% of the instructions on
/// IDN-dense text (callgrind, `count_links`), for no host name.
pub(super) const MEASURED_LABEL_BYTES: usize = MAX_LABEL_OCTETS;

/// An upper bound of [`ace_len`] from one pass over the bytes. Punycode
/// writes `xn--`, the ASCII characters and a `-`, then one variable-length
/// integer per other code point: the first is at most
/// `(min - 128) * L + L + 1` (`min` the smallest other code point, `L`
/// the code points of the label), each later one at most
/// `(max - min) * L + L + 1`; the bound takes `max` for `min` in the
/// first, so that it bounds every label of a text that holds wide dots. An integer `q` of `D` decimal digits takes at
/// most `D + 1` Punycode digits: each digit but the last divides what is
/// left by `36 - t >= 10`, and goes on only while it is 1 or more. `min`
/// and `max` are bounded by the UTF-8 lead bytes, which order code points
/// as they do (a lead byte fixes all but the last 6, 12 or 18 bits): a
/// label of one script has a small spread (`παράδειγμα` is bounded by 54
/// octets, `ตัวอย่าง` by 52).
fn ace_bound(label: &str) -> usize {
    let (mut ascii, mut other, mut min_lead, mut max_lead) = (0u64, 0u64, u8::MAX, 0u8);
    for &c in label.as_bytes() {
        if c < 0x80 {
            ascii += 1;
        } else if c >= 0xC0 {
            other += 1;
            min_lead = min_lead.min(c);
            max_lead = max_lead.max(c);
        }
    }
    if other == 0 {
        return label.len();
    }
    // The code points a lead byte starts: from `lead_base`, `lead_span` of them.
    let lead_bits = |lead: u8| match lead {
        0xC0..=0xDF => (u64::from(lead & 0x1F) << 6, 0x3F),
        0xE0..=0xEF => (u64::from(lead & 0x0F) << 12, 0xFFF),
        _ => (u64::from(lead & 0x07) << 18, 0x3_FFFF),
    };
    let (min_base, _) = lead_bits(min_lead);
    let (max_base, max_span) = lead_bits(max_lead);
    let all = ascii + other;
    let digits = |q: u64| q.checked_ilog10().map_or(1, |d| d as u64 + 1) + 1;
    let first = digits((max_base + max_span).saturating_sub(0x80) * all + all + 1);
    let later = digits((max_base + max_span - min_base) * all + all + 1);
    (4 + ascii + u64::from(ascii > 0) + first + (other - 1) * later) as usize
}

/// The length of the A-label of `label` (`xn--` and its Punycode, RFC
/// 3492), as written: the UTS 46 mapping before it (lower case, NFC)
/// moves a label's length by an octet or two, which decides only for a
/// label right at the limit. More than [`MAX_LABEL_OCTETS`] for a label of
/// more code points than that, without encoding it, or once the count
/// passes it. Allocates nothing: the Punycode digits are counted, not
/// written.
fn ace_len(label: &str) -> usize {
    const BASE: u64 = 36;
    const T_MIN: u64 = 1;
    const T_MAX: u64 = 26;
    let mut cps = [0u32; MAX_LABEL_OCTETS];
    let mut len = 0;
    for c in label.chars() {
        if len == cps.len() {
            return MAX_LABEL_OCTETS + 1; // every code point takes an octet or more
        }
        cps[len] = c as u32;
        len += 1;
    }
    let cps = &cps[..len];
    let basic = cps.iter().filter(|&&c| c < 0x80).count();
    let mut out = 4 + basic + usize::from(basic > 0);
    let (mut n, mut delta, mut bias, mut h) = (0x80u32, 0u64, 72u64, basic);
    while h < len {
        let Some(&m) = cps.iter().filter(|&&c| c >= n).min() else {
            break;
        };
        delta += u64::from(m - n) * (h as u64 + 1);
        n = m;
        for &c in cps {
            if c < n {
                delta += 1;
            } else if c == n {
                // The digits of `delta` as a generalized variable-length
                // integer (RFC 3492 §3.3).
                let (mut q, mut k) = (delta, BASE);
                loop {
                    let t = k.saturating_sub(bias).clamp(T_MIN, T_MAX);
                    out += 1;
                    if q < t {
                        break;
                    }
                    q = (q - t) / (BASE - t);
                    k += BASE;
                }
                if out > MAX_LABEL_OCTETS {
                    return out; // too long already: the rest only adds
                }
                bias = adapt(delta, h as u64 + 1, h == basic);
                delta = 0;
                h += 1;
            }
        }
        delta += 1;
        n += 1;
    }
    out
}

/// Punycode's bias adaptation (RFC 3492 §6.1).
fn adapt(delta: u64, points: u64, first: bool) -> u64 {
    let mut delta = if first { delta / 700 } else { delta / 2 };
    delta += delta / points;
    let mut k = 0;
    while delta > (36 - 1) * 26 / 2 {
        delta /= 36 - 1;
        k += 36;
    }
    k + 36 * delta / (delta + 38)
}

/// Whether `c` is one of the word-joining punctuation marks that UTS 39
/// allows in identifiers (so the domain character test takes them) but
/// IDNA2008 disallows in every label (RFC 5892: U+058A ARMENIAN HYPHEN,
/// U+2010 HYPHEN, U+2027 HYPHENATION POINT, U+30A0 KATAKANA-HIRAGANA
/// DOUBLE HYPHEN): in running text it joins words (`some‧domain.com`),
/// and a scheme-less name starts after it. The marks IDNA2008 allows in
/// context (`·` between two `l`, `・` among kana) stay label characters.
pub(super) fn is_idna_disallowed_joiner(c: char) -> bool {
    matches!(c, '\u{058A}' | '\u{2010}' | '\u{2027}' | '\u{30A0}')
}

/// Whether the character that ends just before `i` in `host` is part of a
/// label (not a domain dot): then a label does not start at `i`.
fn is_label_part(host: &str, i: usize) -> bool {
    host[..i].chars().next_back().is_some_and(|c| !is_domain_dot(c))
}

/// The length of `host` without the `-` it ends with, when that leaves a
/// good DNS name: no label ends with a hyphen (RFC 1123 §2.1), so a
/// trailing one is a dash after the host (`https://example.org-`). With
/// `emphasis` (a `_` right before the link), so are trailing `_`:
/// Markdown's emphasis closing after the host (`__http://www.b.com__`:
/// Markdig's suite; no registered name ends in `_`); without it,
/// `http://example.com_` is no link (linkify-it's not-links).
pub(super) fn host_before_dash(host: &str, emphasis: bool) -> Option<usize> {
    let kept = if emphasis {
        host.trim_end_matches(['-', '_'])
    } else {
        host.trim_end_matches('-')
    };
    (kept.len() < host.len() && dns_labels_ok(kept)).then_some(kept.len())
}

/// [`dns_labels_ok`] for an ASCII name without its trailing dot: not
/// empty, no label empty or starting or ending with `-`, and a `_` only
/// where [`underscores_ok`] allows it (looked for in the same pass).
fn ascii_labels_ok(host: &str) -> bool {
    let mut labels = AsciiLabels::new();
    let mut underscore = false;
    for &c in host.as_bytes() {
        labels.push(c);
        underscore |= c == b'_';
    }
    labels.ok() && (!underscore || underscores_ok(host))
}

/// The label checks of [`ascii_labels_ok`], a byte at a time (for scans
/// that read the name anyway). A label edge is the start, the end, or
/// either side of a dot; branch-free (a mispredicted branch per label edge
/// cost more than the arithmetic).
pub(super) struct AsciiLabels {
    prev_dot: bool,
    prev_hyphen: bool,
    bad: bool,
}

impl AsciiLabels {
    pub(super) fn new() -> Self {
        // The start counts as a dot: a name cannot start with a dot or `-`.
        AsciiLabels {
            prev_dot: true,
            prev_hyphen: false,
            bad: false,
        }
    }

    #[inline(always)]
    pub(super) fn push(&mut self, c: u8) {
        let (dot, hyphen) = (c == b'.', c == b'-');
        self.bad |= (dot & (self.prev_dot | self.prev_hyphen)) | (hyphen & self.prev_dot);
        (self.prev_dot, self.prev_hyphen) = (dot, hyphen);
    }

    /// Pushes the first `n` (at most 16) of the bytes whose dots and
    /// hyphens are `bits` (every other byte a letter or digit): the same
    /// state as pushing them one by one (a unit test checks), with no
    /// branch per label.
    #[inline(always)]
    pub(super) fn push_bits(&mut self, bits: NameBits, n: usize) {
        if n == 0 {
            return;
        }
        let mask = (1u32 << n) - 1;
        let (dots, hyphens) = (bits.dots & mask, bits.hyphens & mask);
        // The byte before each: the state's for the first.
        let dot_before = dots << 1 | u32::from(self.prev_dot);
        let hyphen_before = hyphens << 1 | u32::from(self.prev_hyphen);
        self.bad |= (dots & (dot_before | hyphen_before)) | (hyphens & dot_before) != 0;
        self.prev_dot = dots >> (n - 1) & 1 != 0;
        self.prev_hyphen = hyphens >> (n - 1) & 1 != 0;
    }

    /// Not empty (the start's dot is gone), and no edge broken, the end
    /// included.
    pub(super) fn ok(&self) -> bool {
        !self.bad & !self.prev_dot & !self.prev_hyphen
    }
}

/// Reads a domain label starting at `i`; returns its end, or stops once it
/// is longer than `max` bytes (the caller then rejects it).
pub(super) fn label_end(text: &str, mut i: usize, max: usize) -> usize {
    let b = text.as_bytes();
    let limit = b.len().min(i.saturating_add(max + 1));
    i = ascii_label_end(b, i, limit);
    if i >= limit || b[i] < 0x80 {
        return i;
    }
    while i < limit {
        let run = common_letters_end(b, i, limit);
        if run > i {
            i = run;
            continue;
        }
        match char_at(text, i) {
            Some(c) if is_domain_char(c) => i += c.len_utf8(),
            _ => break,
        }
    }
    i
}

/// The rest of a label that goes on with a letter of the common scripts at
/// `i`: its end (ASCII label bytes and such letters, up to `limit`), and
/// whether ASCII label bytes are among them. Out of line: most names are
/// ASCII.
#[cold]
#[inline(never)]
pub(super) fn mixed_label_end(b: &[u8], mut i: usize, limit: usize) -> (usize, bool) {
    let mut ascii = false;
    loop {
        let run = name_letters_end(b, i, limit);
        if run == i {
            return (i, ascii);
        }
        i = ascii_label_end(b, run, limit);
        ascii |= i > run;
    }
}

/// Whether a label of the name `host` (as the one-pass walks read it:
/// letters and [`crate::letters::NAME_MARK_BLOCKS`] marks) starts with a
/// mark: no IDNA label does, and the general rules decide where such a
/// name starts.
pub(super) fn has_label_starting_with_mark(host: &str) -> bool {
    let b = host.as_bytes();
    // (Every such mark is encoded from the lead byte E0.)
    b.iter()
        .enumerate()
        .any(|(i, &c)| c == 0xE0 && (i == 0 || b[i - 1] == b'.') && name_mark_at(b, i))
}

/// The start of a name whose labels go on backwards from `s` with a letter
/// of the common scripts (each run pushed to `labels` as a letter), no
/// further back than `lo`, and whether ASCII label bytes or dots are among
/// them. Out of line: most names are ASCII.
#[cold]
#[inline(never)]
pub(super) fn mixed_name_start(b: &[u8], mut s: usize, lo: usize, labels: &mut AsciiLabels) -> (usize, bool) {
    let mut ascii = false;
    loop {
        let run = name_letters_start(b, s, lo);
        if run == s {
            return (s, ascii);
        }
        labels.push(b'a');
        s = ascii_name_start(b, run, lo, labels);
        ascii |= s < run;
    }
}

/// The end of the ASCII label bytes from `i`, up to `limit`.
#[inline(always)]
pub(super) fn ascii_label_end(b: &[u8], mut i: usize, limit: usize) -> usize {
    while i < limit && has_class(b[i], LABEL_BYTE) {
        i += 1;
    }
    i
}

/// The start of the ASCII label bytes and dots that end at `s`, no
/// further back than `lo`, pushed to `labels`: each `.` and `-`, and each
/// run of letters and digits as one letter (a letter after a letter
/// changes nothing in `labels`).
#[inline(always)]
pub(super) fn ascii_name_start(b: &[u8], mut s: usize, lo: usize, labels: &mut AsciiLabels) -> usize {
    // The sixteen bytes before `s` at once (most names are no longer),
    // read backwards: the masks reversed, bit 0 for the byte at `s - 1`.
    let chunk = s.checked_sub(16).and_then(|t| <&[u8; 16]>::try_from(&b[t..s]).ok());
    if let Some(chunk) = chunk.filter(|c| has_class(c[15], LABEL_BYTE | DOT_BYTE)) {
        let bits = name_bits(chunk);
        let back = NameBits {
            alnum: (bits.alnum as u16).reverse_bits().into(),
            dots: (bits.dots as u16).reverse_bits().into(),
            hyphens: (bits.hyphens as u16).reverse_bits().into(),
        };
        let n = back.name_len().min(s - lo.min(s));
        labels.push_bits(back, n);
        s -= n;
        if n < 16 {
            return s;
        }
    }
    while s > lo {
        let c = b[s - 1];
        if ALNUM_BYTE[c as usize] {
            s -= 1;
            while s > lo && ALNUM_BYTE[b[s - 1] as usize] {
                s -= 1;
            }
            labels.push(b'a');
        } else if c == b'.' || c == b'-' {
            s -= 1;
            labels.push(c);
        } else {
            break;
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reading letters and digits in runs, and the sixteen bytes before
    /// the start at once, leaves the labels as pushing every byte does:
    /// the same start, and the same edges and verdict (names shorter and
    /// longer than sixteen bytes, floors anywhere).
    #[test]
    fn ascii_name_start_reads_letter_runs_as_one_letter() {
        let bytes: [&[u8]; 11] = [
            b"a",
            b"b",
            b"9",
            b"Z",
            b".",
            b"-",
            b"_",
            b" ",
            b"\xC3",
            b"example",
            b"ex.am-ple",
        ];
        let mut seed = 0x4567_89AB_CDEF_1234u64;
        for _ in 0..20_000 {
            let b = crate::find::testing::random_pieces(&mut seed, &bytes, 12);
            let n = b.len();
            let lo = (crate::find::testing::xorshift(&mut seed) as usize) % (n + 1);
            let mut runs = AsciiLabels::new();
            let start = ascii_name_start(&b, n, lo, &mut runs);
            let (mut s, mut each) = (n, AsciiLabels::new());
            while s > lo && has_class(b[s - 1], LABEL_BYTE | super::super::classes::DOT_BYTE) {
                s -= 1;
                each.push(b[s]);
            }
            assert_eq!(start, s, "{b:?}");
            assert_eq!(
                (runs.bad, runs.prev_dot, runs.prev_hyphen, runs.ok()),
                (each.bad, each.prev_dot, each.prev_hyphen, each.ok()),
                "{b:?}"
            );
        }
    }

    /// Pushing sixteen bytes' bits leaves the state that pushing each
    /// byte does, from every state, for every length.
    #[test]
    fn pushing_bits_is_pushing_each_byte() {
        let bytes: [&[u8]; 4] = [b"a", b"7", b".", b"-"];
        let mut seed = 0x1357_9BDF_2468_ACE0u64;
        for _ in 0..20_000 {
            let mut b = crate::find::testing::random_pieces(&mut seed, &bytes, 17);
            b.resize(16, b'a');
            let chunk: [u8; 16] = b[..16].try_into().unwrap_or([b'a'; 16]);
            let n = (crate::find::testing::xorshift(&mut seed) % 17) as usize;
            let mut start = AsciiLabels::new();
            for &c in &b[..(crate::find::testing::xorshift(&mut seed) % 3) as usize] {
                start.push(c);
            }
            let (mut bits, mut each) = (AsciiLabels { ..start }, AsciiLabels { ..start });
            bits.push_bits(crate::find::bytes16::name_bits(&chunk), n);
            for &c in &chunk[..n] {
                each.push(c);
            }
            assert_eq!(
                (bits.bad, bits.prev_dot, bits.prev_hyphen),
                (each.bad, each.prev_dot, each.prev_hyphen),
                "{chunk:?} {n}"
            );
        }
    }

    #[test]
    fn dns_labels_reject_empty_and_hyphen_edges() {
        assert!(dns_labels_ok("a.example.com"));
        assert!(dns_labels_ok("a.example.com."));
        assert!(!dns_labels_ok(".a.com"));
        assert!(!dns_labels_ok("a..com"));
        assert!(!dns_labels_ok("-a.com"));
        assert!(!dns_labels_ok("a-.com"));
        assert!(!dns_labels_ok("a.-b.com"));
        assert!(!dns_labels_ok("a.b-.com"));
        assert!(!dns_labels_ok("a.com.."));
        assert!(!dns_labels_ok("a.com-"));
        assert!(!dns_labels_ok(""));
    }

    #[test]
    fn ace_len_is_the_length_of_the_a_label() {
        let labels = [
            "bücher",
            "пример",
            "例え",
            "テスト",
            "mañana-ñ",
            "Bücher",
            "ああああああああああああああああああああ",
            "ἀρχή-𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
            "😀a😃b",
            "\u{10FFFD}\u{80}",
            "ひらがなカタカナ漢字한국어ไทยहिन्दी",
        ];
        for label in labels {
            let want = 4 + idna::punycode::encode_str(label).unwrap().len();
            assert_eq!(ace_len(label), want, "{label}");
            assert!(ace_bound(label) >= want, "{label}");
        }
        assert!(ace_len(&"あ".repeat(70)) > MAX_LABEL_OCTETS);
        assert!(ace_bound("википедия") <= MAX_LABEL_OCTETS);
        assert_eq!((ace_bound("παράδειγμα"), ace_bound("ตัวอย่าง")), (54, 52));
        // Every label of a name is measured, split at wide dots too.
        let (long, fits) = ("あ".repeat(58), "あ".repeat(57));
        assert!(has_long_a_label(&format!("a.{long}.com")));
        assert!(has_long_a_label(&format!("www.{fits}.{long}")));
        assert!(has_long_a_label(&format!("{fits}。{long}")));
        assert!(!has_long_a_label(&format!("{fits}。{fits}．{fits}.{fits}")));
        assert!(!has_long_a_label(&format!("{}.com", "a".repeat(80))));
        // Up to 63 bytes a label is not measured: a contrived one passes.
        let contrived = format!("{}é", "a".repeat(58));
        assert!(ace_len(&contrived) > MAX_LABEL_OCTETS && !has_long_a_label(&contrived));
        // The bound holds for the characters with the longest deltas, in
        // runs, mixed with each other and ASCII, and rising; and a label
        // of up to 19 bytes is never too long (`MEASURED_LABEL_BYTES`).
        let worst = [
            '\u{80}',
            '\u{7FF}',
            '\u{800}',
            '\u{FFFF}',
            '\u{10000}',
            '\u{10FFFF}',
            'İ',
            '\u{1E900}',
        ];
        for (k, &c) in worst.iter().enumerate() {
            for n in 1..=20 {
                let run: String = std::iter::repeat_n(c, n).collect();
                let mixed: String = worst.iter().cycle().skip(k).take(n).chain(['a', 'b'].iter()).collect();
                let rising: String = (0..n as u32)
                    .filter_map(|d| char::from_u32(c as u32 + d * 997))
                    .collect();
                let ascii_first: String = "abcdefghijklmnopqrstuvwxyz".chars().take(n).chain([c]).collect();
                for label in [run, mixed, rising, ascii_first] {
                    let len = ace_len(&label);
                    assert!(len <= ace_bound(&label), "{label:?}");
                    if label.len() <= 19 {
                        assert!(len <= MAX_LABEL_OCTETS, "{label:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_dash_after_a_host_is_not_part_of_it() {
        assert_eq!(host_before_dash("example.org-", false), Some(11));
        assert_eq!(host_before_dash("example.org--", false), Some(11));
        assert_eq!(host_before_dash("example.org", false), None);
        assert_eq!(host_before_dash("a..org-", false), None);
        assert_eq!(host_before_dash("-", false), None);
        assert_eq!(host_before_dash("example.org__", false), None);
        assert_eq!(host_before_dash("example.org__", true), Some(11));
        let links = |t: &str| -> Vec<String> { crate::Finder::new().links(t).map(|l| l.as_str().to_owned()).collect() };
        assert_eq!(links("https://example.org-"), ["https://example.org"]);
        assert_eq!(links("https://example.com-/"), ["https://example.com"]);
        // After a port the dash is no longer right after the host.
        assert!(links("https://example.org-:80/").is_empty());
        assert!(!dns_labels_ok("."));
        assert!(dns_labels_ok("a-b.c--d.com"));
        assert!(dns_labels_ok("пример.рф"));
        assert!(!dns_labels_ok("пример..рф"));
        assert!(!dns_labels_ok("-пример.рф"));
        assert!(!dns_labels_ok("пример。。рф"));
        assert!(!dns_labels_ok("пример-．рф"));
        assert!(dns_labels_ok("例え。テスト"));
        assert!(!dns_labels_ok("例え。"));
    }
}
