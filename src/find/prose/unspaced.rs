//! Prose in the scripts written without spaces between words (Han, kana,
//! Hangul) glued to a link: where it takes over from a name (`example.comだよね`,
//! `储存于crowdin.com`) or from an IRI's path (`http://localhost:8888/显示Cannot`,
//! `…/これは日本語です。example.com`).

use super::super::end::{is_cjk_stop, is_grapheme_boundary};
use super::super::repair::authority_start;
use super::super::template::placeholder_at;
use super::super::tld::is_tld;
use crate::letters::char_at;
use crate::pct::{is_pct_encoded, pct_octet};

/// Scripts written without spaces between words, whose prose is glued to a
/// link: Han, Hiragana, Katakana and Hangul, and the scripts of Southeast
/// Asia that separate phrases, not words: Thai, Lao, Myanmar and Khmer
/// (`www.tcg.or.thและ`, `វេបសាយhealth.com.kh`: 7 held-out lines,
/// seventy-first set).
#[inline(always)]
pub(in crate::find) fn is_unspaced_script(c: char) -> bool {
    match c as u32 {
        0x1100..=0x11FF     // Hangul Jamo
        | 0x3041..=0x309F   // Hiragana
        | 0x30A0..=0x30FF   // Katakana
        | 0x3130..=0x318F   // Hangul compatibility Jamo
        | 0x31F0..=0x31FF   // Katakana phonetic extensions
        | 0x3400..=0x4DBF   // CJK extension A
        | 0x4E00..=0x9FFF   // CJK unified ideographs
        | 0xAC00..=0xD7AF   // Hangul syllables
        | 0xF900..=0xFAFF   // CJK compatibility ideographs
        | 0x20000..=0x3FFFF // CJK extensions B–H
        => true,
        // Thai, Lao, Myanmar, Khmer: not their vowel and tone marks (a cut
        // before one would split a grapheme cluster, a review's finding).
        0x0E01..=0x0E7F | 0x0E81..=0x0EFF | 0x1000..=0x109F | 0x1780..=0x17FF => !is_southeast_asian_mark(c),
        _ => false,
    }
}

/// The combining vowel and tone marks of Thai, Lao, Myanmar and Khmer
/// (General_Category Mn and Mc): never the first character of a word.
fn is_southeast_asian_mark(c: char) -> bool {
    matches!(
        c as u32,
        0x0E31
            | 0x0E34..=0x0E3A
            | 0x0E47..=0x0E4E
            | 0x0EB1
            | 0x0EB4..=0x0EBC
            | 0x0EC8..=0x0ECE
            | 0x102B..=0x103E
            | 0x1056..=0x1059
            | 0x105E..=0x1060
            | 0x1062..=0x1064
            | 0x1067..=0x106D
            | 0x1071..=0x1074
            | 0x1082..=0x108D
            | 0x108F
            | 0x109A..=0x109D
            | 0x17B4..=0x17D3
            | 0x17DD
    )
}

/// Whether `c` may end a word of a script written without spaces: a
/// letter of one ([`is_unspaced_script`]) or a Southeast Asian mark after
/// one (`เว็บไซต์`, "website", ends in a mark: `เว็บไซต์www.nbtc.go.th`).
fn ends_unspaced_word(c: char) -> bool {
    is_unspaced_script(c) || is_southeast_asian_mark(c)
}

/// [`is_unspaced_script`] without the scripts of Southeast Asia: Han,
/// kana and Hangul, whose TLDs are words of their own (`みんな`), where a
/// Thai word may start with one (`www.ไทยชนะ`, a site's name).
pub(in crate::find) fn is_cjk_or_hangul(c: char) -> bool {
    is_unspaced_script(c) && !matches!(c as u32, 0x0E01..=0x0EFF | 0x1000..=0x109F | 0x1780..=0x17FF)
}

/// A letter of the scripts encoded in two UTF-8 bytes after Latin: Greek,
/// Cyrillic, Armenian, Hebrew, Arabic (U+0370 to U+07FF). Glued right
/// after an ASCII TLD it is prose, not part of the label: no TLD mixes
/// scripts.
fn is_glued_script_letter(c: char) -> bool {
    ('\u{0370}'..'\u{0800}').contains(&c) && c.is_alphabetic()
}

/// Hiragana that start a Japanese particle (を に は が で の と へ も や か
/// よ): right after a link they are the sentence going on, even after a
/// `/` (`http://example.com/にある`), where a page title would rather start
/// with a kanji or katakana (`/wiki/東京`).
fn starts_particle(c: char) -> bool {
    matches!(
        c,
        'を' | 'に' | 'は' | 'が' | 'で' | 'の' | 'と' | 'へ' | 'も' | 'や' | 'か' | 'よ'
    )
}

/// Whether the Hangul at `s[i]`, right after a `/`, is a Korean particle
/// and the sentence going on (`https://developers.coupang.com/에서 제공`,
/// "provided at …": 1 held-out line, seventy-fourth set; the Japanese
/// `…/にある` of [`starts_particle`]): the whole run up to white space,
/// punctuation or the link's end is one of the common particles, which
/// no page is named, after the `/` that ends the host. A page name
/// (`/wiki/서울`) or a deeper segment stays.
#[cold]
#[inline(never)]
fn is_korean_particle_after(s: &str, i: usize) -> bool {
    const PARTICLES: [&str; 16] = [
        "에서",
        "에",
        "로",
        "으로",
        "을",
        "를",
        "의",
        "은",
        "는",
        "이",
        "가",
        "도",
        "와",
        "과",
        "에는",
        "에서는",
    ];
    // (A particle is at most three syllables, each three bytes: a longer
    // run of Hangul is a word, read no further.)
    let b = s.as_bytes();
    let syllables = (0..4)
        .take_while(|&n| matches!(b.get(i + 3 * n), Some(0xEA..=0xED)))
        .count();
    let run = i + 3 * syllables;
    syllables < 4
        && b.get(run)
            .is_none_or(|&c| c <= b' ' || matches!(c, b'.' | b',' | b'!' | b'?' | b')' | b';' | b':'))
        && PARTICLES.contains(&&s[i..run])
        && authority_start(b).is_some_and(|a| !b[a..i - 1].contains(&b'/'))
}

/// Whether `text` (a name or local part read by a one-pass path) puts a
/// letter of a script written without spaces right next to an ASCII letter
/// or digit: then prose may be glued to the name (`ruby-lang.org의`,
/// `储存于crowdin`), and the general rules decide. Labels wholly in that
/// script (`例え.jp`, `日本語.example.jp`) are not glued.
#[cold]
pub(in crate::find) fn mixes_unspaced_script(text: &str) -> bool {
    // Lead bytes of U+0800–U+DFFF, U+F000–U+FFFF and the supplementary
    // planes: most mixed names are Latin, Cyrillic, Greek… and skip the
    // decoding.
    if !text.bytes().any(|b| b.is_ascii_alphanumeric()) || !text.bytes().any(|b| matches!(b, 0xE0..=0xED | 0xEF | 0xF0))
    {
        return false;
    }
    // Only where an ASCII letter or digit meets a non-ASCII byte is a
    // character decoded: the one after it (from lead byte E1 on, as every
    // such script but Thai and Lao, E0), or the one that ends before it.
    let b = text.as_bytes();
    (1..b.len()).any(|j| {
        let (p, c) = (b[j - 1], b[j]);
        (p.is_ascii_alphanumeric() && c >= 0xE0 && char_at(text, j).is_some_and(is_unspaced_script))
            || (c.is_ascii_alphanumeric() && p >= 0x80 && text[..j].chars().next_back().is_some_and(ends_unspaced_word))
    })
}

/// The end of a TLD label `text[after..end]` that runs from ASCII into a
/// script written without spaces (`ruby-lang.org의`, `example.comだよね`):
/// the ASCII part, when that is a TLD. Real text: 30 of 36 labelled
/// names glued to CJK or Hangul were missed before this rule.
///
/// The same holds for a letter of another script that is not Latin
/// (`uk.wikiquote.orgНа початку`: Cyrillic prose glued after a Telegram
/// post's link, 1 held-out line, fourteenth set): no TLD mixes ASCII with
/// another script ([`is_glued_script_letter`]).
pub(in crate::find) fn tld_end_at_script_change(text: &str, after: usize, end: usize) -> usize {
    let b = text.as_bytes();
    let ascii = after + b[after..end].iter().take_while(|c| c.is_ascii()).count();
    let Some(c) = char_at(text, ascii).filter(|_| ascii > after && ascii < end) else {
        return end;
    };
    // (A label that more labels follow is a host of its own: `a.comπ.рф`.)
    let more_labels =
        || b.get(end) == Some(&b'.') && b.get(end + 1).is_some_and(|&n| n.is_ascii_alphanumeric() || n >= 0x80);
    if !(is_unspaced_script(c) || (is_glued_script_letter(c) && !more_labels())) {
        return end;
    }
    if is_tld(&text[after..ascii]) {
        ascii
    } else {
        end
    }
}

/// The start of a name or local part `text[s..end]` whose first part is
/// prose in a script written without spaces glued before ASCII
/// (`储存于crowdin.com`, `邮箱elvis.shi@…`): the first ASCII letter after
/// the last change from that script, when only ASCII follows up to `end`.
pub(in crate::find) fn start_at_script_change(text: &str, s: usize, end: usize) -> usize {
    let part = &text[s..end];
    if !mixes_unspaced_script(part) {
        return s;
    }
    let Some(last) = part.char_indices().rfind(|&(_, c)| ends_unspaced_word(c)) else {
        return s;
    };
    let ascii = s + last.0 + last.1.len_utf8();
    if ascii < end && text[ascii..end].is_ascii() && text.as_bytes()[ascii].is_ascii_alphanumeric() {
        ascii
    } else {
        s
    }
}

/// Where prose glued to a link written in ASCII takes over: the first
/// letter of a script written without spaces, or CJK sentence punctuation
/// (`http://raa.ruby-lang.org/rdf.xml입니다`, `…/ask_practiceに移行`,
/// `http://example.comだよね`). A link with non-ASCII before that point
/// is the writer's IRI and is left whole (`http://例え.テスト/パス`); after
/// `/ ? # = & . - _ + : @` a new component may be written in that script
/// (`https://ja.wikipedia.org/wiki/東京`, `…/wiki/서울`) unless it opens
/// with a Japanese particle (`http://example.com/にある`).
///
/// Real text: 16 lines had an ASCII link with CJK or Hangul prose glued
/// after it, none a raw CJK or Hangul path after an ASCII host in prose
/// (Wikipedia links in the sampled CJK Markdown are percent-encoded or
/// ASCII in 19 of 20).
pub(super) fn glued_prose_end(text: &str, start: usize, end: usize, i: usize) -> usize {
    let s = &text[start..end];
    // Every script written without spaces and every CJK stop is encoded
    // from the lead byte E1 on, but Thai and Lao (E0 B8 to E0 BB, read on
    // only right after an ASCII letter or digit: a Thai host or segment,
    // `https://ข่าว.ตัวอย่าง.ไทย/เทคโนโลยี`, is the writer's): Latin,
    // Greek, Cyrillic, Arabic, Hebrew, Devanagari… are not read further.
    let sb = s.as_bytes();
    let glued_thai =
        || sb[i] == 0xE0 && matches!(sb.get(i + 1), Some(0xB8..=0xBB)) && sb[i - 1].is_ascii_alphanumeric();
    if i == 0 || (sb[i] < 0xE1 && !glued_thai()) {
        // (A letter of a script written with spaces, glued to an ASCII
        // letter or digit: `spaced_prose_start`.)
        // (Or to a footnote's `*` after one: `…/r33614*برای نصب`.)
        if i > 0 && sb[i] >= 0xCD && matches!(sb[i - 1], b'0'..=b'9' | b'A'..=b'Z' | b'a'..=b'z' | b'*') {
            return spaced_prose_start(s, i).map_or(end, |p| start + p);
        }
        return end;
    }
    let c = char_at(s, i).unwrap_or('\0');
    if is_cjk_stop(c) || opens_glued_note(s, i, c) || (c == '…' && sb[i - 1] == b'/') {
        // (`…` right after a `/`: a page's display of a link shortened in
        // its middle, `https://www.fenerbahce.org/…tay.asp?…`: 7 held-out
        // lines, seventy-fifth set. Elsewhere it stays: `…/a…b`.)
        return start + i;
    }
    if !is_unspaced_script(c) {
        // (A pictograph glued to an ASCII letter or digit:
        // `spaced_prose_start`.)
        if is_pictograph(c) && sb[i - 1].is_ascii_alphanumeric() {
            return spaced_prose_start(s, i).map_or(end, |p| start + p);
        }
        return end;
    }
    // A separator starts a new label, segment or value, which may be
    // written in that script (`http://xn--a.例え.jp/`, `/wiki/東京`, an
    // eDonkey link's `|狂怒.mp4|`).
    // So does a percent-encoded character (`…/OSI%207%20계층.md`: an
    // encoded space inside a file name, not the end of the link).
    let after_separator = matches!(
            sb[i - 1],
            b'/' | b'?' | b'#' | b'=' | b'&' | b'.' | b'-' | b'_' | b'+' | b':' | b'@' | b'|'
        ) || (i >= 3 && sb[i - 3] == b'%' && sb[i - 2].is_ascii_hexdigit() && sb[i - 1].is_ascii_hexdigit())
            // A template placeholder's name (`…/<檔名>.html`, `//<用户名>:`).
            || (sb[i - 1] == b'<' && placeholder_at(sb, i - 1, sb.len()).is_some());
    // Glued to an ASCII letter or digit it is prose, unless the host goes on.
    if (after_separator && !prose_after_separator(s, i, c)) || host_goes_on(s, i) {
        return later_cjk_stop(s, i).map_or(end, |p| start + p);
    }
    start + i
}

/// Whether the character `c` at `s[i]`, right after a separator, starts
/// the writer's sentence rather than a segment: a Japanese particle
/// ([`starts_particle`]), a first segment glued to ASCII
/// ([`first_segment_is_prose`]), a Korean particle after the root `/`
/// ([`is_korean_particle_after`]).
#[inline(always)]
fn prose_after_separator(s: &str, i: usize, c: char) -> bool {
    let sb = s.as_bytes();
    starts_particle(c)
        || first_segment_is_prose(s, i)
        || (sb[i - 1] == b'/' && sb[i] >= 0xEA && is_korean_particle_after(s, i))
}

/// Where prose in a script written with spaces starts when it is glued to
/// an ASCII link's last letter or digit, with no separator between:
/// Hebrew letters (U+05D0 to U+05EA: `…watch?v=aMSsd653OZkר`, 2 held-out
/// lines, seventy-fifth set), Arabic (U+0600 to U+06FF, U+0750 to U+077F)
/// and the Indic scripts (U+0900 to U+0DFF) at `s[i]`, right after
/// `s[i - 1]`.
/// SMS and scraped tweets lose the space after a link
/// (`…/python-bootcampدانش`, `http://t.co/FOCC7XM8QHईहूँन`: 7 held-out
/// lines, fifty-seventh and fifty-eighth sets). The script is the link's
/// own after a separator (`/wiki/ایران`), in the host, and after digits
/// alone (names start with a number: `2ГИС`). Cyrillic and Greek are left
/// out: Russian names and queries glue them to ASCII (`1С:Предприятие`,
/// `?q=USDрубль`: a review's finding), all but a capital after a
/// lowercase letter ([`glued_capital`]); so is an emoji pictograph
/// ([`is_pictograph`]). Never inside a grapheme cluster (a
/// vowel sign or a haraka glued to an ASCII letter). A `*` between them
/// marks a note the prose starts (`https://b2n.ir/r33614*برای نصب…`, "*to
/// install…": 1 held-out line, an SMS of the fifty-seventh set), and is
/// the prose's too, even after digits alone.
#[cold]
#[inline(never)]
fn spaced_prose_start(s: &str, i: usize) -> Option<usize> {
    let c = char_at(s, i)?;
    let sb = s.as_bytes();
    let script =
        matches!(c as u32, 0x05D0..=0x05EA | 0x0600..=0x06FF | 0x0750..=0x077F | 0x0900..=0x0DFF) && c.is_alphabetic();
    let capital = !script && glued_capital(sb, i, c);
    if !((script || capital || is_pictograph(c)) && is_grapheme_boundary(s, i)) {
        return None;
    }
    // Only after the host: in it, the letter is the host's (`deΩ.uk`, a
    // name UTS #58's tests link), and a glued TLD is `tld_end_at_script_change`'s.
    let host = authority_start(sb).filter(|&a| a <= i).unwrap_or(0);
    let segment = sb[host..i]
        .iter()
        .rposition(|&b| matches!(b, b'/' | b'?' | b'#' | b'=' | b'&'))?;
    let ascii = &sb[host + segment + 1..i];
    // A capital glued in a query or fragment may be a search's words
    // (`?q=iphoneКупить`): only a path's capital is cut.
    if capital && sb[host..i].iter().any(|&b| matches!(b, b'?' | b'#')) {
        return None;
    }
    if sb[i - 1] == b'*' {
        // A note mark the prose starts with, after an ASCII letter or digit.
        return (i > 1 && sb[i - 2].is_ascii_alphanumeric()).then_some(i - 1);
    }
    (!ascii.iter().all(u8::is_ascii_digit)).then_some(i)
}

/// Whether the Cyrillic capital `c` at `sb[i]` starts a word glued to a
/// link's last lowercase ASCII letter or percent-encoded byte: a name or a
/// label that a lost line break or space joined to the link
/// (`https://vk.com/romanchastinСергей`, `…/@med_makeyodayПочта для
/// связи`, `…%D0%B0Автор истории`: 3 held-out lines, ninety-eighth set,
/// YouTube descriptions). A capital after lowercase starts a new word; a
/// Russian name or query glues lowercase Cyrillic to capitals or digits
/// (`?q=USDрубль`, `1СПредприятие`), which stays whole.
fn glued_capital(sb: &[u8], i: usize, c: char) -> bool {
    // (An escaped lowercase Cyrillic letter, `%D0%B0`–`%D0%BF`,
    // `%D1%80`–`%D1%9F`: another escaped byte before a capital is the
    // writer's, `?q=%23Россия` (`#`), `…/2023%20Отчет.pdf`.)
    let escaped_lowercase = || {
        let pct = |p: usize| (sb[p] == b'%' && is_pct_encoded(sb, p)).then(|| pct_octet(sb[p + 1], sb[p + 2]));
        i >= 6
            && matches!(
                (pct(i - 6), pct(i - 3)),
                (Some(0xD0), Some(0xB0..=0xBF)) | (Some(0xD1), Some(0x80..=0x9F))
            )
    };
    matches!(c, 'Ѐ'..='Я') && (sb[i - 1].is_ascii_lowercase() || escaped_lowercase())
}

/// Whether `c` is an emoji pictograph (U+1F300 to U+1FAFF: `📷`, `🔥`,
/// `😎`) or a symbol or dingbat that marks a field (`✉`, `☎`, `✅`), which
/// descriptions and posts write between a link and the next label
/// (`…/chikisra📷Instagram: @…`, `…/pandaffx🔥Почта: …`, `…:Artem2s✉
/// Реклама`: 3 held-out lines, ninety-eighth set). Glued to an ASCII
/// letter or digit after the host it is the writer's, not the path's
/// ([`spaced_prose_start`]); in a host or after a separator it stays
/// (`http://👍.ws`, `…/a/😀`).
fn is_pictograph(c: char) -> bool {
    // (Of the symbols and dingbats, only those that mark a field or a
    // message: `♯`, `♭`, `★`, `☆`, `♥`, `❤` are written inside words,
    // `…/wiki/C♯`, `…/I❤NY`, `…/Passpo☆`.)
    matches!(c as u32, 0x1F300..=0x1FAFF) || matches!(c, '✉' | '☎' | '✅' | '✔' | '✨' | '❗' | '⚡' | '⚽' | '➡')
}

/// Whether the fullwidth opening bracket `c` at `s[i]`, glued after an
/// ASCII link, opens a note written in a script without spaces
/// (`…/2279/oj（检索日期 2026-08-12）`, a reference's access date: 3
/// held-out lines, twentieth set): the bracket and the note are prose, as
/// `、` and `。` would be. A bracket around ASCII text stays in the link
/// (`…/a（b）`).
fn opens_glued_note(s: &str, i: usize, c: char) -> bool {
    matches!(c, '（' | '【' | '「' | '『' | '〔' | '〈' | '《')
        && char_at(s, i + c.len_utf8()).is_some_and(is_unspaced_script)
}

/// Whether the first non-ASCII character at `s[i]` lies inside the host of
/// the IRI `s` and a dot and a TLD follow it there, so the host itself is
/// written in that script (`http://exampleこれは日本語です.com/…`), not
/// prose glued to `http://example` (`http://example.comだよね`; nor
/// `…だよね.comtest/…`, as twitter-text reads it).
fn host_goes_on(s: &str, i: usize) -> bool {
    let sb = s.as_bytes();
    let Some(a) = authority_start(sb).filter(|&a| a <= i) else {
        return false;
    };
    if sb[a..i].iter().any(|&c| matches!(c, b'/' | b'?' | b'#')) {
        return false;
    }
    let host_end = sb[i..]
        .iter()
        .position(|&c| matches!(c, b'/' | b'?' | b'#' | b':'))
        .map_or(sb.len(), |p| i + p);
    memchr::memrchr(b'.', &sb[i..host_end]).is_some_and(|last| is_tld(&s[i + last + 1..host_end]))
}

/// Whether the run of CJK or Hangul at `s[i..]`, right after the `/` that
/// ends an ASCII link's host, is the writer's sentence going on: glued to
/// an ASCII letter after it (`http://localhost:8888/显示Cannot open`,
/// `https://material-ui.com/错写成hhttps://…`), where a page name ends at
/// white space or punctuation (`…/状态，仅限内网访问`). A deeper segment is
/// a page name (`/wiki/東京`). 2 held-out lines; one more
/// (`http://www.dapenti.com/加入到可以直接访问的地址，通过…`) reads as prose
/// but has the shape of a page name before `，`.
fn first_segment_is_prose(s: &str, i: usize) -> bool {
    let sb = s.as_bytes();
    if sb[i - 1] != b'/' {
        return false;
    }
    // The first ASCII byte after the run decides, and is read first: most
    // runs end at a `/`, a digit or the link's end, where the segment's
    // place does not matter.
    let Some(a) = sb[i..].iter().position(|&c| c < 0x80).map(|p| i + p) else {
        return false;
    };
    if !sb[a].is_ascii_alphabetic() {
        return false;
    }
    // The `/` before it must end the scheme's `://`: read back, a deeper
    // segment stops the look at its own `/` after a few bytes.
    let Some(p) = sb[..i - 1].iter().rposition(|&c| c == b'/') else {
        return false;
    };
    if p == 0 || sb[p - 1] != b'/' || authority_start(&sb[..i]) != Some(p + 1) {
        return false;
    }
    // Only then is the run checked character by character.
    s[i..a].chars().all(is_unspaced_script)
}

/// Where prose glued to a link whose path is written in CJK (its first
/// non-ASCII character is CJK or Hangul) takes over, at or after `from`:
/// an ideographic full stop `。` (`http://twitter.com/これは日本語です。
/// example.com…`), which ends the sentence and the link as it does right
/// after an ASCII link; or the end of a `{…}` template placeholder that
/// CJK or Hangul prose follows (`…/ユーザー/{id}は実際の`). Only `。` of
/// the CJK punctuation: other marks are written in file names
/// (`…/自殺でも？.png`, a peer suite's case), and the fullwidth and
/// halfwidth stops `．` `｡` are domain dots in UTS #58.
fn later_cjk_stop(s: &str, from: usize) -> Option<usize> {
    // One pass over the bytes: `。` is E3 80 82, found by its middle byte
    // (0xE3 leads every kana, 0x82 ends one in 64 characters, 0x80 is
    // rarer); a `}` is checked for the character after it.
    let b = s.as_bytes();
    let mut i = from;
    while let Some(p) = memchr::memchr2(0x80, b'}', &b[i..]) {
        i += p;
        match b[i] {
            0x80 if i > from && b[i - 1] == 0xE3 && b.get(i + 1) == Some(&0x82) => return Some(i - 1),
            b'}' if char_at(s, i + 1).is_some_and(is_unspaced_script) => return Some(i + 1),
            _ => {}
        }
        i += 1;
    }
    None
}
