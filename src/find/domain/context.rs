//! What a bare name's surroundings say about where it starts and where
//! its TLD ends: an address written against harvesters, a port, a TLD
//! glued to the next word or sentence, leading dots and slashes, a split
//! or right-to-left prefix, the prose of the name's line. (What the name's
//! own words say is in `words.rs`.)

use crate::find::bytes16::last_line_break;
use crate::find::candidate::MAX_LOCAL_BACK;
use crate::find::classes::{has_class, DOT_BYTE, LABEL_BYTE};
use crate::find::email::is_bracketed_at;
use crate::find::prose::{is_cjk_or_hangul, is_prose_domain_dot, line_start, starts_header};
use crate::find::scheme::{is_split_web_scheme, is_web_scheme_name, run_start};
use crate::find::tld::is_tld;
use crate::find::Finder;
use crate::letters::{char_at, char_before, is_alphanumeric, is_domain_char, is_mark};

/// Whether the name at `s` comes right after `(at)`, `[at]`, `{at}` or
/// `<at>` (any case), or `&lt;at&gt;` as HTML escapes it: an address
/// written against harvesters (`example(at)example.com`,
/// `nakasho&lt;at&gt;yamaguchi-u.ac.jp`), whose domain is no link of its
/// own, as a name right after `@` is none (misd/linkify's suite, 2 cases;
/// 4 held-out lines, hundred-and-first set: conference pages). The caller
/// has seen `)`, `]`, `}`, `>` or `;` before the name.
pub(super) fn after_written_at(b: &[u8], s: usize) -> bool {
    ends_in_written_at(&b[..s]) || (s >= 10 && b[s - 10..s].eq_ignore_ascii_case(b"&lt;at&gt;"))
}

/// Whether `before` ends in `(at)`, `[at]`, `{at}` or `<at>`, any case:
/// the `@` of an address written against harvesters, glued to its domain
/// ([`after_written_at`]) or a space before it ([`after_spaced_written_at`]).
fn ends_in_written_at(before: &[u8]) -> bool {
    let n = before.len();
    n >= 4 && (is_bracketed_at(&before[n - 4..]) || before[n - 4..].eq_ignore_ascii_case(b"<at>"))
}

/// Whether the name at `s`, after a space, is the domain of an address
/// written against harvesters with a spaced `@`: `(at)`, `[at]`, `{at}` or
/// `<at>` in any case (`crazypit13 (at) gmail.com`, `<mgorny <AT>
/// gentoo.org>`), `AT` in capitals after a word (`&lt;gbnewby AT
/// pglaf.org&gt;`), or `at` in the angle brackets that hold an address
/// (`<jeff at math.toronto.edu>`, `< fukachan at fml.org >`). Its domain is
/// no link of its own, as a name right after `@` is none (6 held-out lines
/// in five sets, labelled so by five readers). `at` in prose (`look at
/// example.com`) stays a word. The caller has seen a space and `t`, `T`
/// or a closing bracket before it.
#[cold]
#[inline(never)]
pub(super) fn after_spaced_written_at(b: &[u8], s: usize) -> bool {
    let before = &b[..s - 1];
    let n = before.len();
    if ends_in_written_at(before) {
        return true;
    }
    // French writes `chez` for `@` (`prenom.nom [chez] inria.fr`: 1
    // held-out line, hundred-and-first set).
    if n >= 6
        && matches!(&before[n - 6..], [b'[' | b'(', c, h, e, z, b']' | b')'] if [*c, *h, *e, *z].eq_ignore_ascii_case(b"chez"))
    {
        return true;
    }
    if n < 4 || before[n - 3] != b' ' || !is_local_word_byte(before[n - 4]) {
        return false;
    }
    let word = local_word_start(before, n - 3);
    if &before[n - 2..] == b"AT" {
        // A local part with a lowercase letter: `MORE INFO AT
        // WWW.EXAMPLE.ORG` is prose in capitals.
        return before[word..n - 3].iter().any(u8::is_ascii_lowercase);
    }
    if &before[n - 2..] != b"at" {
        return false;
    }
    // `<word at`: the word (a local part's length at most), then one
    // space at most, then `<`.
    if word == (n - 3).saturating_sub(MAX_LOCAL_BACK) && word > 0 {
        return false;
    }
    let open = if word > 0 && before[word - 1] == b' ' {
        word - 1
    } else {
        word
    };
    (open > 0 && before[open - 1] == b'<')
        || before[..word].ends_with(b"mailto:")
        || in_pipermail_address_line(b, word, s)
}

/// Whether the address `word at name` (the name at `s`) is on a line where
/// Mailman's pipermail archives write every address with ` at ` for `@`:
/// a value of a header of addresses (`From: glyph at divmod.com (glyph at
/// divmod.com)`, `To:`, `Cc:`, `Reply-To:`, after quote markers: the
/// header's first word, or one after `(` or `,`), or a
/// message's envelope line, `From word at name`, whose date follows after
/// two spaces (`From radix at twistedmatrix.com  Thu Nov 13 19:08:50
/// 2003`). 6 held-out lines (twenty-fifth set); `at` in prose stays a word.
/// Contact pages hide addresses the same way after `E-Mail:`, `Email:` or
/// `Mail:` (`E-Mail: vill at luga.de`: 3 held-out lines, forty-ninth set).
fn in_pipermail_address_line(b: &[u8], word: usize, s: usize) -> bool {
    let Some((ls, _)) = line_start(b, word) else {
        return false;
    };
    let quoted = b[ls..word].iter().take_while(|&&c| matches!(c, b'>' | b' ')).count();
    let line = &b[ls + quoted..];
    let name_len = b[s..b.len().min(s + 255)]
        .iter()
        .take_while(|&&c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'-'))
        .count();
    // (An address has no path: `E-Mail: available at support.example.com/contact`
    // names a page.)
    if b.get(s + name_len) == Some(&b'/') {
        return false;
    }
    if [&b"from"[..], b"to", b"cc", b"reply-to", b"e-mail", b"email", b"mail"]
        .into_iter()
        .any(|h| starts_header(line, h))
    {
        // The address is a value of the header: its first word, or after
        // `(` or `,` (`From: Bob (posted at reddit.com)` is prose).
        let lead = b[ls + quoted..word].iter().rposition(|&c| c != b' ' && c != b'\t');
        return lead.is_some_and(|p| matches!(b[ls + quoted + p], b':' | b'(' | b','));
    }
    // The envelope: `From ` and the address first, two spaces after it.
    quoted == 0 && ls + 5 == word && line.starts_with(b"From ") && b[s + name_len..].starts_with(b"  ")
}

/// The bytes of an obfuscated address's local part that
/// [`after_spaced_written_at`] and [`before_written_at`] read back over.
fn is_local_word_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'.' | b'_' | b'-' | b'+')
}

/// The start of the local part's bytes ([`is_local_word_byte`]) that end
/// at `end`, a local part's length back at most.
fn local_word_start(b: &[u8], end: usize) -> usize {
    let lo = end.saturating_sub(MAX_LOCAL_BACK);
    b[lo..end]
        .iter()
        .rposition(|&c| !is_local_word_byte(c))
        .map_or(lo, |p| lo + p + 1)
}

/// Whether the name read back to `s` and whose TLD ends at `end` is
/// written between dashes, as IRC prints the sender of a server notice
/// (`-irc.libera.chat- *** Looking up your hostname`: 2 held-out lines,
/// twenty-first set): no label starts with `-`, so the name starts after
/// it. Only with the same kind of dash after the TLD
/// ([`tld_end_before_dash`]), and after white space, `>` or the start of
/// the text (`-lcrypto.so` is an option).
pub(super) fn between_dashes(b: &[u8], s: usize, end: usize) -> bool {
    b[s] == b'-' && b.get(end) == Some(&b'-') && (s == 0 || matches!(b[s - 1], b' ' | b'\t' | b'\n' | b'\r' | b'>'))
}

/// The digits after the `:` at `colon`, and whether they are a port: at
/// most 65535, leading zeros aside (RFC 3986 §3.2.3 `port = *DIGIT`; as
/// WHATWG reads `google.com:000000080`: Telegram's suite), at most 32
/// digits in all.
pub(super) fn port_after(b: &[u8], colon: usize) -> (usize, bool) {
    let digits = b[colon + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
    let port = &b[colon + 1..colon + 1 + digits];
    let value = &port[port.iter().take_while(|&&c| c == b'0').count()..];
    let ok = digits > 0
        && digits <= 32
        && value.len() <= 5
        && value.iter().fold(0u32, |p, &c| p * 10 + u32::from(c - b'0')) <= 65535;
    (digits, ok)
}

/// The end of a TLD label `text[after..end]` without the `-` it ends with:
/// no DNS label ends with a hyphen (RFC 1123 §2.1, RFC 952), so a trailing
/// one is a dash after the name (`example.org-`, `a@example.com-`).
pub(super) fn tld_end_before_dash(b: &[u8], after: usize, end: usize) -> usize {
    let kept = b[after..end]
        .iter()
        .rposition(|&c| c != b'-')
        .map_or(after, |p| after + p + 1);
    if kept == after {
        end
    } else {
        kept
    }
}

/// The end of the TLD of `b[after..end]` (a label that is no TLD) where a
/// capitalised word is glued to it (`gmail.comTel`, `example.orgPhone`:
/// a lost line break in flattened mail or HTML text): the lowercase
/// letters before the first uppercase one, when they are a TLD of two or
/// three letters (`.de`, `.com`: the plain path's quick test reads no
/// further). Only an
/// email's domain may end there (the caller's `glued_word`): after a
/// bare name the same shape is a code member (`self.appDelegate`,
/// `this.infoLabel`). 1 held-out line (twentieth set).
#[cold]
#[inline(never)]
pub(super) fn tld_end_at_case_step(b: &[u8], after: usize, end: usize) -> Option<usize> {
    let label = &b[after..end];
    let k = label.iter().position(|c| !c.is_ascii_lowercase())?;
    if !(2..=3).contains(&k) || !label[k].is_ascii_uppercase() || !label[k..].iter().all(u8::is_ascii_alphanumeric) {
        return None;
    }
    let tld = std::str::from_utf8(&label[..k]).ok()?;
    (is_tld(tld) && !is_tld(std::str::from_utf8(label).ok()?)).then_some(after + k)
}

/// Whether the name that ends at `end` is the local part of an address
/// written against harvesters: ` AT ` (in capitals) or `(at)`, `[at]`,
/// `{at}` (glued or spaced) and a name after it (`seisman.info AT gmail.com`,
/// `john.doe(at)example.org`): no link of its own, as its domain is none
/// (`after_written_at`). 1 held-out line (twenty-fourth set).
#[cold]
#[inline(never)]
pub(super) fn before_written_at(b: &[u8], end: usize) -> bool {
    let rest = &b[end..];
    let spaced = usize::from(rest.first() == Some(&b' '));
    let word = &rest[spaced..];
    // (` AT ` after a local part with a lowercase letter: `TWITCH.TV AT
    // 8.30 PM` is prose in capitals.)
    let lower_before = || b[local_word_start(b, end)..end].iter().any(u8::is_ascii_lowercase);
    let domain_at = if spaced == 1 && word.starts_with(b"AT ") && lower_before() {
        spaced + 3
    } else if is_bracketed_at(word) {
        spaced + 4 + usize::from(word.get(4) == Some(&b' '))
    } else {
        return false;
    };
    // A domain follows: name bytes with a dot before a letter.
    let name = &rest[domain_at..rest.len().min(domain_at + 255)];
    let len = name
        .iter()
        .take_while(|&&c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'-') || c >= 0x80)
        .count();
    name[..len]
        .windows(2)
        .any(|w| w[0] == b'.' && (w[1].is_ascii_alphabetic() || w[1] >= 0x80))
}

/// The end of a TLD that a case ending follows after a hyphen, as
/// Hungarian writes them (`media.ccc.de-hez`, `index.hu-n`,
/// `example.com-ot`): when the label is no TLD, the part before its first
/// `-` is one, and one to four lowercase letters alone follow the `-` (one
/// letter, or more with a vowel among them), the name ends at the `-`. 1
/// held-out line (seventh set). So does a capitalised word (a compound
/// noun).
pub(super) fn tld_end_before_suffix(text: &str, after: usize, end: usize) -> usize {
    let label = &text[after..end];
    let Some(dash) = label.find('-') else {
        return end;
    };
    let suffix = &label[dash + 1..];
    if dash == 0 || is_tld(label) || !is_tld(&label[..dash]) {
        return end;
    }
    // Only the last label ends so: `example.co-png.onion` goes on.
    let b = text.as_bytes();
    if b.get(end) == Some(&b'.') && b.get(end + 1).is_some_and(|&c| c.is_ascii_alphanumeric() || c >= 0x80) {
        return end;
    }
    // A capitalised word after the `-` makes a compound noun, as German
    // and Dutch write a site's name into one (`kubuntu-de.org-Meeting`,
    // `GitHub.com-Konto`): 2 held-out lines, ninety-third set. (A package
    // name is lowercase: `socket.io-client`.)
    // (The TLD in lowercase, as a site's: `Socket.IO-Server`, `Abt.IT-Leiter`
    // and `Open.AI-Modell` name a product and a department; and not `co`,
    // whose `-` makes an English word, `Amazon.co-Founder`.)
    let tld = &label[..dash];
    let mut word = suffix.chars();
    if tld.bytes().all(|c| c.is_ascii_lowercase())
        && tld != "co"
        && word.next().is_some_and(char::is_uppercase)
        && suffix.len() > 1
        && word.all(char::is_lowercase)
    {
        return after + dash;
    }
    // (Case endings are short: `-t`, `-on`, `-hez`, `-ből`. A longer word
    // makes a package name, `socket.io-client`, `engine.io-parser`.)
    let letters = suffix.chars().take(5).filter(|c| c.is_lowercase()).count();
    if letters == 0 || letters > 4 || suffix.chars().count() != letters {
        return end;
    }
    // (A case ending of two letters or more has a vowel: `-hez`, `-ba`,
    // `-on`. A name's part without one is no ending: Bacula's
    // `www.zagirov.name-fd`, `home.zagirov.name-www`, 2 held-out lines,
    // thirty-fifth set.)
    if letters > 1 && !suffix.chars().any(|c| "aeiouáéíóöőúüű".contains(c)) {
        return end;
    }
    after + dash
}

/// The end of a Unicode TLD that prose of its own script follows without a
/// space, after an ASCII name (`twitter.みんなです`: the TLD is `みんな`,
/// issue 13 cluster 2): the longest prefix of the label that is a TLD, when
/// the whole label is none and the rest of it is in a script written
/// without spaces. A name of that script before the dot is left as read
/// (where its label ends is not known), and so is a label that more labels
/// follow (`twitter.みんなです.com`: it is no TLD).
pub(super) fn unicode_tld_end_before_prose(f: &Finder, text: &str, dot: usize, after: usize, end: usize) -> usize {
    let label = &text[after..end];
    let ascii_name_before = dot > 0 && text.as_bytes()[dot - 1].is_ascii_alphanumeric();
    if !ascii_name_before || label.is_ascii() || is_tld(label) {
        return end;
    }
    let more_labels = char_at(text, end).is_some_and(|n| {
        (n == '.' || is_prose_domain_dot(f, n)) && char_at(text, end + n.len_utf8()).is_some_and(is_domain_char)
    });
    if more_labels {
        return end;
    }
    label
        .char_indices()
        .skip(1)
        .filter(|&(i, c)| is_cjk_or_hangul(c) && is_tld(&label[..i]))
        .last()
        .map_or(end, |(i, _)| after + i)
}

/// Whether the name at `s` follows a `//` at the start of the text, after
/// white space, or after an opening quote, bracket or `=`: the host of a
/// network-path reference (RFC 3986 §4.2: `src='//www.example.com/a.js'`,
/// `see //example.com/x`), not a path (`a//b.com`, `///x.com`), an
/// identifier (`_//x.com`) nor the `://` of a scheme.
pub(super) fn after_network_path_slashes(b: &[u8], s: usize) -> bool {
    s >= 2
        && &b[s - 2..s] == b"//"
        && (s == 2
            || matches!(
                b[s - 3],
                b' ' | b'\t' | b'\n' | b'\r' | b'\'' | b'"' | b'(' | b'<' | b'[' | b'='
            ))
}

/// The start of a name whose labels before the last two hold `_`
/// (`gcs_test_env.storage.googleapis.com`, `sub_domain.yahoo.com`), when
/// the walk back over labels stopped at `s` on such an underscore: host
/// names of storage buckets, CDNs and internal services carry it, and
/// GFM, Autolinker and the DNS itself (RFC 2181 §11) accept it there. The
/// last two labels stay without `_` (`foo_bar.com`, `a.b_c.org`: code
/// names), a name never starts with `_` (`_dmarc.example.com` is a DNS
/// record name, `_example.com` an identifier) or inside a word of another
/// script (after its letter, digit or mark), and an email's domain takes
/// none (RFC 5321): then `s` is returned as it was.
#[cold]
#[inline(never)]
pub(super) fn underscore_labels_start(text: &str, s: usize, dot: usize, lo: usize) -> usize {
    let b = text.as_bytes();
    if s <= lo || b[s - 1] != b'_' || !b[s..dot].contains(&b'.') {
        return s;
    }
    let mut t = s;
    while t > lo && (has_class(b[t - 1], LABEL_BYTE | DOT_BYTE) || b[t - 1] == b'_') {
        t -= 1;
    }
    // (Nor after a letter, digit or mark of another script, where the walk
    // of ASCII bytes stops in the middle of a word: `über_a.b.example.com`
    // is not `ber_a.…`; after punctuation, `“my_host.example.com”`, it
    // starts.)
    let in_word = t > 0 && b[t - 1] >= 0x80 && char_before(text, t).is_some_and(|c| is_alphanumeric(c) || is_mark(c));
    let bad_start = matches!(b[t], b'_' | b'.' | b'-') || (t > 0 && b[t - 1] == b'@') || in_word;
    if bad_start {
        s
    } else {
        t
    }
}

/// Whether `name`, written after a `.`, is a field of a Go template's
/// built-in objects (Helm's `{{ .Values.ingress.host }}`,
/// `{{ .Release.Name }}`, `.Chart.Version`): its first label is one of
/// `Values`, `Release`, `Chart`, `Capabilities`, `Files`, `Template`.
/// The last field may be a TLD (`.host`, `.storage`, `.app`); the chain
/// is a value in a chart's template, no site. Helm charts and their
/// NOTES are pasted into issues and ops notes (the thirty-third set).
pub(super) fn is_template_field(name: &[u8]) -> bool {
    const ROOTS: [&[u8]; 6] = [
        b"Values.",
        b"Release.",
        b"Chart.",
        b"Capabilities.",
        b"Files.",
        b"Template.",
    ];
    ROOTS.iter().any(|r| name.starts_with(r))
}

/// The start of the name `b[s..]` without the ASCII dots it starts with:
/// no label is empty, so dots before the first label are the writer's
/// (an ellipsis, `wait...example.com`; a sentence's end) and the name
/// starts after them (anchorme: `.example.com.` links `example.com`). Not
/// after a path or identifier character (`../x.com`, `$.x.com`: the rules
/// that reject a name there then see the dots), and not when nothing but
/// dots comes before `dot`.
#[cold]
#[inline(never)]
pub(super) fn after_leading_dots(b: &[u8], s: usize, dot: usize) -> usize {
    let dots = b[s..dot].iter().take_while(|&&c| c == b'.').count();
    let path_before = s > 0
        && matches!(
            b[s - 1],
            b'/' | b'\\' | b'_' | b'$' | b'%' | b'~' | b'#' | b'*' | b'^' | b'|' | b'`' | b'@'
        );
    if dots == 0 || s + dots >= dot || path_before {
        s
    } else {
        s + dots
    }
}

/// Whether the name at `s` follows the `//` of a web scheme broken so that
/// no IRI is meant: a space splits the scheme (`htt p://www.gnu.org/`:
/// `scheme::is_split_web_scheme`), parts it from its colon (`http
/// ://www.apache.org/licenses/`) or its slashes (`http:/ /www.ibm.com/able`),
/// or the colon is fullwidth (`http：//www.aeps-info.com/`, typed with a
/// CJK input method). PDF text layers, licence headers and Chinese journal
/// PDFs: 7 held-out lines, twentieth and twenty-first sets. The name is
/// then read as a bare one.
pub(super) fn after_split_web_scheme(b: &[u8], s: usize) -> bool {
    let before = &b[..s];
    if before.ends_with(b":/ /") {
        return is_web_scheme_word(b, s - 4);
    }
    if before.ends_with("\u{FF1A}//".as_bytes()) {
        return is_web_scheme_word(b, s - 5);
    }
    if !before.ends_with(b"://") {
        return false;
    }
    let colon = s - 3;
    match run_start(b, colon, 2, |c| c.is_ascii_alphabetic()) {
        Some(start) if start == colon => colon >= 2 && b[colon - 1] == b' ' && is_web_scheme_word(b, colon - 1),
        Some(start) => is_split_web_scheme(b, start, colon),
        None => false,
    }
}

/// Whether the word of letters that ends at `end` is `http`, `https` or
/// `ftp` (any case).
fn is_web_scheme_word(b: &[u8], end: usize) -> bool {
    run_start(b, end, 5, |c| c.is_ascii_alphanumeric()).is_some_and(|start| is_web_scheme_name(&b[start..end]))
}

/// Where an ASCII name glued after a Hebrew or Arabic prefix starts
/// (`חיפוש ב־addons.thunderbird.net`: the preposition `ב` "in" and a
/// maqaf; `בexample.com`, `وexample.com`): a label that mixes right-to-left
/// letters with Latin ones breaks IDNA's Bidi rule (RFC 5893), so the
/// writer's name is the ASCII after the last right-to-left letter (and a
/// maqaf or hyphen after it). `s` otherwise. 1 held-out line (twentieth
/// set).
#[cold]
#[inline(never)]
pub(super) fn start_after_rtl_prefix(text: &str, s: usize, dot: usize) -> usize {
    let part = &text[s..dot];
    let Some((i, c)) = part.char_indices().rfind(|&(_, c)| is_rtl_letter(c) || c == '\u{05BE}') else {
        return s;
    };
    let after = &part[i + c.len_utf8()..];
    let name = after.strip_prefix('-').unwrap_or(after);
    if !name.is_empty() && name.is_ascii() && name.as_bytes()[0].is_ascii_alphanumeric() {
        dot - name.len()
    } else {
        s
    }
}

/// The host of Twitter's image links, which scraped tweets glue to the
/// word before them (`…लिएpic.twitter.com/…`, `@RTforINDIApic.twitter.com/…`,
/// `bonjour!pic.twitter.com/…` is already apart): tweet-collecting tools
/// drop the space the tweet's text had before the image link.
const TWEET_MEDIA_HOST: &[u8] = b"pic.twitter.com";

/// Whether the `.` at byte `dot` of `text`, right after an ASCII TLD,
/// ends a sentence: a word of CJK or Hangul prose follows it that is no
/// TLD and no label of a longer name (`www.444ke.com.不用谢`, "you're
/// welcome": 1 held-out line, seventy-ninth set; `www.x.com.我们的网站`).
/// Chat in Chinese glues the period between a site and the next words;
/// the name was dropped whole, its last label read as `不用谢`. A TLD
/// (`.中国`, `.한국`) or a label with a dot after it (`www.abc.網絡.香港`)
/// is the name's. At most 64 bytes of the word are read.
#[cold]
#[inline(never)]
pub(super) fn sentence_after_period(text: &str, dot: usize) -> bool {
    let b = text.as_bytes();
    if dot == 0 || b[dot - 1] >= 0x80 || b.get(dot + 1).is_none_or(|&c| c < 0xE1) {
        return false;
    }
    let start = dot + 1;
    let mut end = start;
    for c in text[start..].chars() {
        if end - start >= 64 || !is_cjk_or_hangul(c) {
            break;
        }
        end += c.len_utf8();
    }
    end > start && b.get(end) != Some(&b'.') && !is_tld(&text[start..end])
}

/// Whether the name `b[s..tld_end]`, with a path after it, ends in
/// `pic.twitter.com` glued to something before it (letters, a mention, a
/// sentence's period): then the link is the image's, from `pic.` on
/// ([`tweet_media_start`]), not a host named after the word before it.
/// `pic.twitter.com` is no subdomain any site has. 1 held-out line
/// (fifty-eighth set); scraped tweet collections write many.
pub(super) fn is_glued_tweet_media(b: &[u8], s: usize, tld_end: usize) -> bool {
    tld_end > s + TWEET_MEDIA_HOST.len()
        && b[tld_end - TWEET_MEDIA_HOST.len()..tld_end].eq_ignore_ascii_case(TWEET_MEDIA_HOST)
}

/// Where the name `b[s..tld_end]` starts: at `pic.` when
/// [`is_glued_tweet_media`] says so, else at `s`.
pub(super) fn tweet_media_start(b: &[u8], s: usize, tld_end: usize) -> usize {
    if b.get(tld_end) == Some(&b'/') && is_glued_tweet_media(b, s, tld_end) {
        tld_end - TWEET_MEDIA_HOST.len()
    } else {
        s
    }
}

/// Where an ASCII name glued after a Cyrillic or Greek word starts
/// (`Подробностиflood-studio.com`, "Details" and the site, a line break
/// lost in a spam message: 1 held-out line, sixty-ninth set): the ASCII
/// after the word, when the word has three letters or more and the name
/// is ASCII from there to its dot. Registries do not sell labels that mix
/// the scripts, and browsers show them as punycode. A homograph is left
/// whole for the display rules to flag: a single letter mixed in
/// (`аpple.com`), or a word whose letters all look Latin (`раураl.com`);
/// so is a Cyrillic label of its own (`почта.example.com`).
/// `s` otherwise.
#[cold]
#[inline(never)]
pub(super) fn start_after_glued_word(text: &str, s: usize, dot: usize) -> usize {
    let part = &text[s..dot];
    let ascii = part.len() - part.bytes().rev().take_while(u8::is_ascii).count();
    let name = &part[ascii..];
    if ascii == 0 || !name.as_bytes().first().is_some_and(u8::is_ascii_alphanumeric) {
        return s;
    }
    let word: Vec<char> = part[..ascii]
        .chars()
        .rev()
        .take_while(|&c| c.is_alphabetic() && matches!(c as u32, 0x0370..=0x052F))
        .collect();
    // (A word of letters that all look Latin is a homograph's disguise,
    // `раураl.com`: its host stays whole, for the display rules to show
    // as punycode.)
    if word.len() >= 3 && word.iter().any(|&c| !LOOKS_LATIN.contains(c)) {
        s + ascii
    } else {
        s
    }
}

/// Cyrillic and Greek letters that look like Latin ones: a word of them
/// alone glued to an ASCII name is a homograph, not prose.
const LOOKS_LATIN: &str = "аеорсухіјѕһԁԛԝүАВЕКМНОРСТХІЈЅУαορνικτυχΑΒΕΖΗΙΚΜΝΟΡΤΥΧ";

/// A Hebrew or Arabic letter (the Hebrew, Arabic, Syriac, Thaana and
/// Arabic Supplement blocks, U+0590–U+077F, letters only).
fn is_rtl_letter(c: char) -> bool {
    ('\u{0590}'..='\u{077F}').contains(&c) && c.is_alphabetic()
}

/// Whether the name at `s` follows a fullwidth at-mark (`＠`, U+FF20):
/// the domain of an address written so that harvesters miss it
/// (`stop.covid19.hyogo＠gmail.com`, with a note to turn `＠` into `@`;
/// Japanese contact pages write addresses so). Neither the address nor
/// its domain is a link: the writer did not write one. 1 held-out line
/// (nineteenth set), the fourteenth set's point 12.
pub(super) fn after_fullwidth_at(b: &[u8], s: usize) -> bool {
    s >= 3 && b[s - 3..s] == [0xEF, 0xBC, 0xA0]
}

/// Whether the name `name.pl` or `name.cc` at `s` is a host rather than a
/// Perl script or a C++ source file (each TLD is both), read from the
/// prose of its line:
///
/// - a letter that only Polish writes (`ą ć ę ł ń ś ź ż`), as Polish prose
///   does (`portal internetowy znajdujący się pod adresem elektroda.pl`,
///   `"Prezydent.pl"`: 2 held-out lines, seventeenth set; `działa wam
///   fili.cc`);
/// - for a `.cc` name in brackets, a Han, kana or Hangul letter: East
///   Asian sites register under `.cc` and are written in brackets after
///   the site's name (`批踢踢實業坊(ptt.cc)`, the footer of every PTT post:
///   4 held-out lines, eighteenth set), while C++ files are named in code
///   and plain text (`src/alarm.cc`, `修改 alarm.cc 文件`).
///
/// Scripts are named in code and English text (`tools/uagen.pl`, `add
/// tests/errorcodes.pl`). The line is read up to [`LINE_CONTEXT`] bytes
/// each way.
#[cold]
#[inline(never)]
pub(super) fn is_host_by_its_line(b: &[u8], s: usize, tld: &str) -> bool {
    let cc = tld.eq_ignore_ascii_case("cc") && s > 0 && matches!(b[s - 1], b'(' | b'[');
    if !tld.eq_ignore_ascii_case("pl") && !tld.eq_ignore_ascii_case("cc") {
        return false;
    }
    let lo = s.saturating_sub(LINE_CONTEXT);
    let from = last_line_break(&b[lo..s]).map_or(lo, |p| lo + p + 1);
    let hi = b.len().min(s + LINE_CONTEXT);
    let to = memchr::memchr2(b'\n', b'\r', &b[s..hi]).map_or(hi, |p| s + p);
    // ą Ą ć Ć ę Ę (C4 xx), ł Ł ń Ń ś Ś ź Ź ż Ż (C5 xx); kana (E3 81..83),
    // CJK ideographs (E4..E9), Hangul syllables (EA B0 ..ED 9E).
    b[from..to].windows(2).any(|w| match w {
        [0xC4, c] => matches!(c, 0x84 | 0x85 | 0x86 | 0x87 | 0x98 | 0x99),
        [0xC5, c] => matches!(c, 0x81..=0x84 | 0x9A | 0x9B | 0xB9..=0xBC),
        [0xE3, c] => cc && matches!(c, 0x81..=0x83),
        [0xE4..=0xE9, 0x80..=0xBF] => cc,
        [0xEA, c] => cc && *c >= 0xB0,
        [0xEB | 0xEC, 0x80..=0xBF] => cc,
        [0xED, c] => cc && *c <= 0x9E,
        _ => false,
    })
}

/// How far [`is_host_by_its_line`] reads each way on the name's line.
const LINE_CONTEXT: usize = 512;
