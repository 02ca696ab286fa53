//! What a bare name's own words say: two sentences glued at a period
//! (Vietnamese too), a product, a degree or a Thai abbreviation, a member
//! in code, a zone, a file name or a data file packed twice, a code
//! identifier or a Terraform reference rather than a site.

use crate::find::prose::is_cjk_or_hangul;
use crate::find::tld::{is_file_extension, is_public_suffix};

/// Whether `first.Tld` is two sentences glued at a period without a space
/// (`implement it.Next iteration`, `done.Now we go`, `za GPU.To su`,
/// `Binay Family.No one`): a lowercase word, or a capitalised word or an
/// acronym before a TLD that is no classic one, then a capitalised one
/// that happens to be a TLD
/// (`.next`, `.now`, `.in`, `.so`, `.to`), then a space and a lowercase
/// word, the sentence going on, or a word of another script (a code
/// name spoken in Chinese subtitles, `内容是 media.Movie 它的功能是`: 1
/// held-out line, thirty-fourth set).
/// A name writes its TLD in lowercase or all in capitals (`EXAMPLE.COM`),
/// and one written `example.Net` alone stays a name. 1 held-out line
/// (seventh set's IRC log), 1 (twenty-eighth set, Filipino tweets).
pub(super) fn is_glued_sentence(first: &[u8], tld: &[u8], rest: &[u8]) -> bool {
    tld.len() >= 2
        && tld[0].is_ascii_uppercase()
        && tld[1..].iter().all(u8::is_ascii_lowercase)
        && !first.is_empty()
        && (first.iter().all(u8::is_ascii_lowercase)
            || (first.len() >= 2
                && first[0].is_ascii_uppercase()
                && (first[1..].iter().all(u8::is_ascii_lowercase) || first[1..].iter().all(u8::is_ascii_uppercase))
                && !is_classic_tld(tld)))
        && sentence_goes_on(rest)
}

/// Whether `rest`, the text after a name, goes on as the sentence would:
/// a space, then a lowercase letter or a letter of another script (not a
/// dash or a quote: `linear.App — it` and `deno.Land “today”` stay
/// names).
fn sentence_goes_on(rest: &[u8]) -> bool {
    rest.first() == Some(&b' ')
        && rest
            .get(1)
            .is_some_and(|&c| c.is_ascii_lowercase() || (c >= 0xC0 && letter_of_another_script(&rest[1..])))
}

/// Whether `syllable.tld` is two Vietnamese sentences glued at a period
/// without a space (`thấy thương.vn trị`, `bà ơi.net đẹp`, `tranh
/// luận.ai xem`, `chắc chắn.Shop phục vụ`, `hài lòng.Shop giao hàng
/// nhanh.chúc shop đông khách`): the label before the TLD is one
/// syllable with a letter that is not ASCII (letters with one vowel run),
/// the TLD is in lowercase or capitalised, and a space and a letter follow
/// (the sentence goes on: `vn` is Việt Nam, `net` the word nét, `shop` the
/// loanword). The text is Vietnamese: the syllable or the next 48 bytes
/// hold a letter only Vietnamese writes (`ơ`, `ư`, `ă`, `đ` or a vowel
/// with a tone mark, U+1EA0–U+1EF9); French `père.fr est` is no sentence
/// break. Vietnamese comments often leave out the space after a period;
/// a Vietnamese IDN writes more than one syllable (`tênmiền.vn`). An
/// ASCII syllable counts only before `.shop` and a Vietnamese word (`2
/// con.shop đã xin lỗi`, a shop review). 7 held-out lines (thirty-fourth,
/// thirty-ninth and forty-first sets).
#[cold]
#[inline(never)]
pub(super) fn is_vietnamese_glued_sentence(before: &[u8], first: &[u8], tld: &[u8], rest: &[u8]) -> bool {
    // (The byte tests first: most names before a space are no sentence.)
    if !(tld.len() >= 2
        && tld[0].is_ascii_alphabetic()
        && tld[1..].iter().all(u8::is_ascii_lowercase)
        && sentence_goes_on(rest))
    {
        return false;
    }
    let Ok(word) = std::str::from_utf8(first) else {
        return false;
    };
    let vietnamese = |c: char| {
        matches!(
            c,
            'ơ' | 'Ơ' | 'ư' | 'Ư' | 'ă' | 'Ă' | 'đ' | 'Đ' | '\u{1EA0}'..='\u{1EF9}'
        )
    };
    // Latin letters: ASCII, Latin-1 and Latin Extended-A/B, and Latin
    // Extended Additional (Vietnamese's tone-marked vowels).
    let latin = |c: char| {
        c.is_ascii_alphabetic()
            || (matches!(c, '\u{C0}'..='\u{24F}' | '\u{1E00}'..='\u{1EFF}') && c != '\u{D7}' && c != '\u{F7}')
    };
    let vowel = |c: char| {
        matches!(c.to_ascii_lowercase(), 'a' | 'e' | 'i' | 'o' | 'u' | 'y')
            || (!c.is_ascii() && !matches!(c, 'đ' | 'Đ'))
    };
    let mut runs = 0;
    let mut in_run = false;
    for c in word.chars() {
        if !latin(c) {
            return false;
        }
        if vowel(c) && !in_run {
            runs += 1;
        }
        in_run = vowel(c);
    }
    if runs != 1 {
        return false;
    }
    if word.is_ascii() {
        // `con.shop đã`: an ASCII syllable before the loanword `shop` (shop
        // reviews), when the next word is Vietnamese. Other ASCII
        // syllables are sites' names as often (`zing.vn đã đưa tin`).
        let next = rest[1..].split(|&c| c == b' ').next().unwrap_or_default();
        return tld.eq_ignore_ascii_case(b"shop")
            && std::str::from_utf8(next).is_ok_and(|w| w.chars().any(vietnamese))
            && !after_vietnamese_place_word(before);
    }
    (word.chars().any(vietnamese) || valid_head(rest, 48).chars().any(vietnamese))
        && !after_vietnamese_place_word(before)
}

/// Whether `first.TLD` is a member of a package or module in code, its
/// TLD written as no name writes one: a constant in capitals after a
/// lowercase module (`logging.INFO`: Python's levels; `.info` is a TLD;
/// not `.COM`, `.ORG`, `.NET`, `.EDU`, `.GOV`, `.MIL`, `.INT` or a
/// country's two letters:
/// `google.COM`, `yandex.RU` are sites written loudly) or a function of Go's `net/http` (`http.Post`,
/// `http.Get`: `.post` is a TLD). A name is written in lowercase or all
/// in capitals (`EXAMPLE.COM`), and no site is named `http.` and one
/// capitalised label. 2 held-out lines (forty-second set).
#[cold]
#[inline(never)]
pub(super) fn is_member_in_code(first: &[u8], tld: &[u8]) -> bool {
    let module = first.len() >= 2
        && first
            .iter()
            .all(|&c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'_');
    module
        && tld.len() >= 2
        && ((tld.len() >= 3
            && tld.iter().all(u8::is_ascii_uppercase)
            && !(is_classic_tld(tld) && tld != b"INFO" && tld != b"BIZ"))
            || ((first == b"http" || first == b"https") && tld[1..].iter().all(u8::is_ascii_lowercase)))
}

/// Whether `before` (the text before a name) ends in a Vietnamese word
/// that names a place to go and a space: `tại` (at), `ở` (in), `vào`
/// (into), `truy cập` (visit), `trang`/`web`/`website` (page, site). After
/// one the name is a site (`Đặt hàng tại hàng.vn nhé`), though it has the
/// shape of a glued sentence ([`is_vietnamese_glued_sentence`]).
fn after_vietnamese_place_word(before: &[u8]) -> bool {
    let Some(rest) = before.strip_suffix(b" ") else {
        return false;
    };
    ["tại", "ở", "vào", "cập", "trang", "web", "website"].iter().any(|w| {
        rest.len() >= w.len()
            && rest[rest.len() - w.len()..].eq_ignore_ascii_case(w.as_bytes())
            && (rest.len() == w.len()
                || matches!(
                    rest[rest.len() - w.len() - 1],
                    b' ' | b'\t' | b'\n' | b'(' | b',' | b':'
                ))
    })
}

/// Whether `b` starts with a non-ASCII letter (not a dash or a quote:
/// `linear.App — it` and `deno.Land “today”` stay names).
#[cold]
#[inline(never)]
fn letter_of_another_script(b: &[u8]) -> bool {
    valid_head(b, 4).chars().next().is_some_and(char::is_alphabetic)
}

/// The valid UTF-8 at the start of `b`'s first `n` bytes (a cut may fall
/// inside a character).
pub(super) fn valid_head(b: &[u8], n: usize) -> &str {
    let head = &b[..b.len().min(n)];
    match std::str::from_utf8(head) {
        Ok(s) => s,
        Err(e) => std::str::from_utf8(&head[..e.valid_up_to()]).unwrap_or(""),
    }
}

/// Whether `First.Tld` is a product or brand name written in title case
/// (`Yandex.Market`, `Rocket.Chat`, `Professional.Android`): both labels
/// capitalised, the TLD a word of three letters or more that is no classic
/// generic one (`.com`, `.org`, `.net`, … stay names however written:
/// `Booking.Com`, telegram's `telegram.Org`). Sites write their new
/// generic TLD in lowercase (`yandex.market`), and a name with a path is
/// still read as one. 2 held-out lines (twentieth set).
pub(super) fn is_product_name(first: &[u8], tld: &[u8]) -> bool {
    tld.len() >= 3
        && is_title_case(tld)
        && first.first().is_some_and(u8::is_ascii_uppercase)
        && first.iter().all(u8::is_ascii_alphanumeric)
        && !is_classic_tld(tld)
}

/// Whether `first.ไทย` is a Thai abbreviation followed by the word ไทย
/// ("Thai") after the abbreviation's dot, not a site under the Thai IDN
/// TLD: `สธ.ไทย` (the Ministry of Public Health, Thai), `รมว.สธ.ไทย`,
/// `บมจ.ไทย`. Thai abbreviations are one to four consonants (U+0E01 to
/// U+0E2E) with no vowel or tone mark, and a headline writes one before
/// ไทย by the dozen (8 held-out lines, seventy-first set); a site's label
/// is a word (`เราชนะ.ไทย`), and with a path or `www.` it links.
pub(super) fn is_thai_abbreviation(first: &[u8], tld: &[u8]) -> bool {
    const THAI: &[u8] = "ไทย".as_bytes();
    tld == THAI
        && first.split(|&c| c == b'.').all(|label| {
            label.len() % 3 == 0
                && (3..=12).contains(&label.len())
                && label
                    .chunks(3)
                    .all(|ch| ch[0] == 0xE0 && ch[1] == 0xB8 && (0x81..=0xAE).contains(&ch[2]))
        })
}

/// Whether `First.Tld` is an academic degree written after a name: one
/// capital, a dot and a capitalised word (`B.Sc.`, `M.Sc.`, `M.Com`,
/// `B.Tech`, and Indonesia's `S.Si.`, `S.Kom`, `M.Si`: `.sc`, `.si`,
/// `.com`, `.tech` are TLDs). Staff pages, thesis lists and CVs write one
/// after every name (11 held-out lines, sixty-sixth set). No path
/// follows (the caller's test); a site written so (`X.Com`) is rare, and
/// sites are written in lowercase.
pub(super) fn is_abbreviated_degree(first: &[u8], tld: &[u8]) -> bool {
    first.len() == 1 && first[0].is_ascii_uppercase() && tld.len() >= 2 && is_title_case(tld)
}

/// Whether `feat.Name` credits a featured artist: `feat.` glued to a
/// capitalised name (`feat.Ne;on`: `.ne` is Niger's TLD), as song lists,
/// karaoke databases and music tags write it (6 held-out lines,
/// seventy-eighth set). The caller asks only for a capitalised TLD with
/// no path after it; a site is written in lowercase.
pub(super) fn is_featured_artist(first: &[u8]) -> bool {
    first.eq_ignore_ascii_case(b"feat")
}

/// Whether `Co.Ltd` (`Co.LTD`, `CO.LTD`) ends a company's name, "Company
/// Limited" written without a space, as Japanese, Chinese and Korean firms
/// write their English names (`©MICARD Co.LTD 株式会社`), or `Co.KG`, the
/// German limited partnership (`GmbH & Co.KG`): `.ltd` and `.kg` are TLDs,
/// but no site is written `Co.Ltd` with its TLD capitalised. 1 held-out
/// line (ninetieth set); the caller asks only for a capitalised TLD with
/// no path after it.
pub(super) fn is_company_limited(first: &[u8], tld: &[u8]) -> bool {
    first.eq_ignore_ascii_case(b"co") && (tld.eq_ignore_ascii_case(b"ltd") || tld.eq_ignore_ascii_case(b"kg"))
}

/// Whether the ASCII word `w` is written in title case (`Market`, `Sc`).
fn is_title_case(w: &[u8]) -> bool {
    w.first().is_some_and(u8::is_ascii_uppercase) && w[1..].iter().all(u8::is_ascii_lowercase)
}

/// Whether `first.tld` (a TLD of three letters) names a product rather
/// than its site:
///
/// - a macOS application bundle `First.app`: one of the apps macOS ships,
///   Xcode's tools or the common browsers and terminals (`Console.app`,
///   `Firefox.app`, `iTerm.app`), as READMEs and support text write them.
///   Any other name keeps its link: startups write their `.app` site in
///   title case (`Linear.app`, `Railway.app`). 2 held-out lines
///   (twenty-sixth set);
/// - one of Microsoft's .NET frameworks or languages named in prose
///   (`ASP.NET Core`, `ADO.NET`, `VB.NET`, `Запустить asp.net приложение`),
///   any case: `asp.net` is also a site, but a name without a path or a
///   `www.` names the framework (3 held-out lines, thirty-third set).
pub(super) fn names_a_product(first: &[u8], tld: &[u8]) -> bool {
    const APPS: [&[u8]; 30] = [
        b"Terminal",
        b"Console",
        b"Finder",
        b"Safari",
        b"Xcode",
        b"Preview",
        b"Mail",
        b"Calendar",
        b"Contacts",
        b"Notes",
        b"Reminders",
        b"Photos",
        b"Music",
        b"Messages",
        b"FaceTime",
        b"TextEdit",
        b"Calculator",
        b"Automator",
        b"Keynote",
        b"GarageBand",
        b"iMovie",
        b"Simulator",
        b"Instruments",
        b"Shortcuts",
        b"Firefox",
        b"Chromium",
        b"Thunderbird",
        b"iTerm",
        b"iTerm2",
        b"Launchpad",
    ];
    match tld {
        b"app" => APPS.contains(&first),
        [b'n' | b'N', b'e' | b'E', b't' | b'T'] => [&b"asp"[..], b"ado", b"vb"]
            .iter()
            .any(|n| first.eq_ignore_ascii_case(n)),
        _ => false,
    }
}

/// Whether `tld` is one of the classic generic TLDs, which names write in
/// any case (`Booking.Com`, `IRS.Gov`).
pub(super) fn is_classic_tld(tld: &[u8]) -> bool {
    const CLASSIC: [&[u8]; 9] = [b"com", b"org", b"net", b"edu", b"gov", b"int", b"mil", b"info", b"biz"];
    CLASSIC.iter().any(|c| tld.eq_ignore_ascii_case(c))
}

/// Whether `name`, which follows a dot that a path or identifier
/// character does not precede, names a zone rather than a site: a public
/// suffix (`tld.rs`, `is_public_suffix`). The writer names the suffix
/// (`以“.gov.cn”为后缀`, `| 中国 | .gov.cn |`, a registrar's `.co.th
/// .ธุรกิจ.ไทย`) or a pattern whose labels are placeholders
/// (`www.□□□.gov.cn`); the zone is no site of its own. 6 held-out lines
/// (eighteenth set). A registrable name after a dot still links
/// (`.Wordpress.com?p=1`, `Domain=.example.com`).
#[cold]
#[inline(never)]
pub(super) fn names_a_zone(name: &str) -> bool {
    name.contains('.') && is_public_suffix(name)
}

/// `name.ext`: an ASCII name of exactly one dot whose TLD is a common file
/// extension (`setup.py`, `readme.md`): a file, not a host (`www.` names
/// are hosts). `first` is the name before its last dot, `tld` the label
/// after it. A stem written in Han, kana or Hangul is a file's too
/// ([`is_cjk_file_stem`]).
pub(super) fn is_file_name(host: &str, first: &str, tld: &str) -> bool {
    is_file_extension(tld)
        && (if host.is_ascii() {
            (!first.contains('.') || (packs_files(tld.as_bytes()) && ends_in_data_extension(first.as_bytes())))
                && !first.eq_ignore_ascii_case("www")
        } else {
            is_cjk_file_stem(first, tld)
        })
}

/// Whether `first.tld`, a file-extension TLD after one label written in
/// Han, kana or Hangul only, is a file: READMEs in Korean, Chinese and
/// Japanese list their documents and scripts so (`사업자등록.md`,
/// `安装.sh`, `설정.py`; 1 held-out line, eightieth set, and the shape of
/// every such table of contents). No labelled line, case file or peer
/// suite links a CJK name under these TLDs. `.cc` stays a site's: Chinese
/// sites use it.
#[cold]
#[inline(never)]
fn is_cjk_file_stem(first: &str, tld: &str) -> bool {
    !tld.eq_ignore_ascii_case("cc") && !first.is_empty() && first.chars().all(is_cjk_or_hangul)
}

/// Whether the labels `first` before a file-extension TLD end in a data
/// file's extension: the name is a file packed or converted twice
/// (`flights.csv.zip`, `dump.sql.zip`, `clip.mp4.mov`), as course pages
/// and data-science READMEs write them (2 held-out lines, sixty-sixth
/// set). No site names a subdomain so. Only a last label of 2 to 4
/// bytes is compared, found among the last 5 bytes.
pub(super) fn ends_in_data_extension(first: &[u8]) -> bool {
    const DATA: [&[u8]; 20] = [
        b"csv", b"tsv", b"json", b"xml", b"txt", b"tar", b"sql", b"xls", b"xlsx", b"doc", b"docx", b"mp4", b"mp3",
        b"png", b"jpg", b"jpeg", b"iso", b"log", b"yaml", b"yml",
    ];
    let n = first.len();
    let Some(dot) = (n.saturating_sub(5)..n.saturating_sub(2))
        .rev()
        .find(|&i| first[i] == b'.')
    else {
        return false;
    };
    let label = &first[dot + 1..];
    DATA.iter().any(|d| label.eq_ignore_ascii_case(d))
}

/// Whether `tld` is a file-extension TLD that packs or holds other files
/// (`.zip`, `.mov`), any case: the TLDs [`ends_in_data_extension`] reads
/// under.
pub(super) fn packs_files(tld: &[u8]) -> bool {
    tld.eq_ignore_ascii_case(b"zip") || tld.eq_ignore_ascii_case(b"mov")
}

/// Whether `first.tld` names a file or an identifier rather than a host,
/// beyond the common file extensions ([`is_file_name`]): a shared object
/// (`ld.so`, `libsystemd-daemon.so`: `.so` is Somalia's TLD, and a site
/// under it, `it.so`, still links), or a reverse-DNS name, which Java and
/// Android write for packages and apps (`com.android.phone`,
/// `org.apache.commons.io`, `package=com.cheesemoa.app`): no host name
/// starts with the label `com` or `org` and has two labels after it.
/// 4 held-out lines (seventeenth and thirtieth sets). And a Terraform
/// reference to an attribute (`aws_internet_gateway.default.id`,
/// `aws_iam_role.test.name`: [`is_terraform_reference`]). (A name of one
/// label under `.build` with no path is `names_no_site`'s.)
#[inline(always)]
pub(super) fn is_code_identifier(first: &[u8], tld: &[u8]) -> bool {
    // (Two byte tests for most names: a `.` fourth, a TLD of two letters.)
    (first.get(3) == Some(&b'.') && first.len() > 4 && (first.starts_with(b"com") || first.starts_with(b"org")))
        || (tld.len() == 2 && tld == b"so" && (first == b"ld" || (first.starts_with(b"lib") && !first.contains(&b'.'))))
        || ((tld == b"id" || tld == b"name") && is_terraform_reference(first))
        // Git's setting `gc.auto` (`git config gc.auto 0`: `.auto` is a TLD).
        || (tld == b"auto" && first == b"gc")
}

/// Whether `first` (the labels before a `.id` or `.name`) is a Terraform
/// resource's type and name (`aws_internet_gateway.default`,
/// `aws_subnet.eu-central-1a-private`: a first label in lowercase
/// snake case, with a `_`, and a label after it) or one of its other
/// references (`var.`, `local.`, `module.`, `each.`, `self.`, and
/// `data.` before a snake-case type).
/// No registered name holds a `_`, and Terraform plans and HCL write an
/// attribute so (3 held-out lines, thirty-third set).
#[cold]
#[inline(never)]
fn is_terraform_reference(first: &[u8]) -> bool {
    let Some(dot) = first.iter().position(|&c| c == b'.') else {
        return false;
    };
    let label = &first[..dot];
    // (`data.` names a data source whose type is snake case too,
    // `data.aws_ami.ubuntu.id`: `data.go.id` is a site.)
    let data_source = || {
        first[dot + 1..]
            .split(|&c| c == b'.')
            .next()
            .is_some_and(|t| t.contains(&b'_'))
    };
    matches!(label, b"var" | b"local" | b"module" | b"each" | b"self")
        || (label == b"data" && data_source())
        || (label.contains(&b'_')
            && label.first().is_some_and(u8::is_ascii_lowercase)
            && label
                .iter()
                .all(|&c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'_'))
}
