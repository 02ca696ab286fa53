//! Display safety (`iriscan::display`): which hosts are shown in Unicode,
//! which as punycode and why, and how whole links are shown.
//!
//! Every table is checked row by row; a failing row is printed whole, and
//! all failures of a table are reported together.

use iriscan::display::{display_iri, host_display, is_spoof_risk, HostDisplay, SpoofReason};
use SpoofReason::*;

/// Reports every failing row of a table at once.
fn report(table: &str, failures: Vec<String>) {
    assert!(
        failures.is_empty(),
        "{table}: {} failing row(s):\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The IDNA ToASCII form of a host, to check that the `xn--` form of a
/// host gets the same decision as its Unicode form.
fn ace(host: &str) -> Option<String> {
    idna::domain_to_ascii(host).ok()
}

/// Spoofing attempts shown as punycode: (input, ASCII shown, reason).
const SPOOFS: &[(&str, &str, SpoofReason)] = &[
    // Latin mixed with Cyrillic: the classic homograph attacks.
    ("раураl.com", "xn--l-7sba6dbr.com", MixedScript), // Cyrillic раура + Latin l
    ("gооgle.com", "xn--ggle-55da.com", MixedScript),  // Cyrillic оо
    ("faceboоk.com", "xn--facebok-fjg.com", MixedScript),
    ("аmazon.com", "xn--mazon-3ve.com", MixedScript),
    ("wikipediа.org", "xn--wikipedi-86g.org", MixedScript),
    ("xn--pple-43d.com", "xn--pple-43d.com", MixedScript), // аpple, arriving as punycode
    ("www.раураl.com", "www.xn--l-7sba6dbr.com", MixedScript), // one bad label taints the host
    // The TLD exception is for whole-script confusables only, never for mixing.
    ("раураl.рф", "xn--l-7sba6dbr.xn--p1ai", MixedScript),
    // Latin mixed with Armenian or Greek.
    ("gօօgle.com", "xn--ggle-vifa.com", MixedScript), // Armenian օօ
    ("αpple.com", "xn--pple-zld.com", MixedScript),
    ("micrοsoft.com", "xn--micrsoft-2dg.com", MixedScript), // Greek ο
    ("ροcket.com", "xn--cket-zndl.com", MixedScript),
    ("ωmega.com", "xn--mega-fpd.com", MixedScript),
    ("pаyρal.com", "xn--pyal-cod87d.com", MixedScript), // Latin + Cyrillic а + Greek ρ
    ("αр.com", "xn--mxa00a.com", MixedScript),          // Greek + Cyrillic, no Latin
    // Hangul + Katakana without Han is no CJK writing system (UTS #39).
    ("한국ストア.com", "xn--cck2b3b3126foztb.com", MixedScript),
    // Whole-script confusables: every letter is a Latin lookalike.
    ("аррӏе.com", "xn--80ak6aa92e.com", WholeScriptConfusable),
    ("xn--80ak6aa92e.com", "xn--80ak6aa92e.com", WholeScriptConfusable),
    ("ѕсоре.com", "xn--e1argc3h.com", WholeScriptConfusable),
    ("еріс.com", "xn--e1awd7f.com", WholeScriptConfusable),
    ("раура1.com", "xn--1-7sba6dbr.com", WholeScriptConfusable), // digits are neutral
    ("соса-соӏа.com", "xn----7sbb7ccobc39j.com", WholeScriptConfusable),
    // An ASCII ccTLD of a Cyrillic country does not vouch: аррӏе.ru looks
    // exactly like apple.ru.
    ("аррӏе.ru", "xn--80ak6aa92e.ru", WholeScriptConfusable),
    // A TLD of another script does not vouch either.
    ("ѕсоре.ελ", "xn--e1argc3h.xn--qxam", WholeScriptConfusable),
    ("τοκυο.com", "xn--vxajbrh.com", WholeScriptConfusable), // Greek
    ("οικο.com", "xn--uxacnc.com", WholeScriptConfusable),
    ("օսց.com", "xn--rbbik.com", WholeScriptConfusable), // Armenian
    // Latin letters that pass for ASCII ones, and CJK "punctuation" in Latin.
    ("ımdb.com", "xn--mdb-iua.com", AsciiLookalike('ı')),
    ("þaypal.com", "xn--aypal-vva.com", AsciiLookalike('þ')), // þ vouched for under .is only
    ("aーb.com", "xn--ab-6n4a.com", AsciiLookalike('ー')),    // prolonged sound mark as a hyphen
    ("a一b.com", "xn--ab-vu2c.com", AsciiLookalike('一')),    // Han "one" as a hyphen
    // Characters not Allowed by UTS #39: limited-use scripts, IPA, symbols.
    ("Ꭺpple.com", "xn--pple-49t.com", DisallowedCharacter('Ꭺ')), // Cherokee A + Latin
    ("ꭰpple.com", "xn--pple-p8t.com", DisallowedCharacter('Ꭰ')), // IDNA maps small Cherokee to capital
    ("ɑpple.com", "xn--pple-p5b.com", DisallowedCharacter('ɑ')), // Latin alpha
    ("ɡoogle.com", "xn--oogle-qmc.com", DisallowedCharacter('ɡ')), // script g
    ("a\u{2665}.com", "xn--a-n3p.com", DisallowedCharacter('\u{2665}')),
    ("✓.com", "xn--fci.com", DisallowedCharacter('✓')),
    ("☃.net", "xn--n3h.net", DisallowedCharacter('☃')),
    ("xn--ls8h.la", "xn--ls8h.la", DisallowedCharacter('💩')),
    ("xn--i-7iq.ws", "xn--i-7iq.ws", DisallowedCharacter('❤')),
    // Slash lookalikes that would hide the real host after a fake one.
    (
        "ex\u{2044}ample.com",
        "xn--example-2d7c.com",
        DisallowedCharacter('\u{2044}'),
    ), // fraction slash
    (
        "google.com\u{2215}evil.net",
        "google.xn--comevil-ef0d.net",
        DisallowedCharacter('\u{2215}'),
    ), // division slash
    (
        "pa\u{338}ypal.com",
        "xn--paypal-j8d.com",
        DisallowedCharacter('\u{338}'),
    ), // combining overlay
    // Invisible characters IDNA keeps only to reject them: ZWJ/ZWNJ out of
    // their RFC 5892 contexts, bidi controls.
    ("pay\u{200D}pal.com", "xn--paypal-rf0c.com", Invisible('\u{200D}')),
    ("pay\u{200C}pal.com", "xn--paypal-kf0c.com", Invisible('\u{200C}')),
    ("a\u{200C}b.com", "xn--ab-j1t.com", Invisible('\u{200C}')),
    ("pay\u{200E}pal.com", "xn--paypal-yf0c.com", Invisible('\u{200E}')), // LRM
    ("\u{202E}moc.elgoog", "xn--moc-4q0a.elgoog", Invisible('\u{202E}')), // RLO
    // Repeated combining marks, also after a precomposed letter.
    ("e\u{301}\u{301}.com", "xn--9ca68h.com", RepeatedMark('\u{301}')),
    ("cafe\u{301}\u{301}.fr", "xn--caf-dma49x.fr", RepeatedMark('\u{301}')),
    ("a\u{308}\u{308}b.de", "xn--b-zfa85n.de", RepeatedMark('\u{308}')),
    ("i\u{307}\u{307}.com", "xn--i-9bba.com", RepeatedMark('\u{307}')),
    ("ก\u{E48}\u{E48}.th", "xn--12c6la.th", RepeatedMark('\u{E48}')), // Thai tone mark twice
    // Digits of two systems in one label.
    ("उदाहरण1२.in", "xn--1-4td2fl4cxc8a20a.in", MixedDigits),
    ("ตัวอย่าง1๒.th", "xn--1-5wf5bycya0b0al1rzd.th", MixedDigits),
    // IDNA itself refuses these; they are shown in ASCII as written.
    ("مثال٤۴.com", "xn--mgbh0fb2no8a.com", InvalidIdna), // AN and EN digits in an RTL label (bidi rule)
    ("paypal\u{E0041}.com", "xn--paypal-ns653c.com", InvalidIdna), // tag character
    (
        "example.com\u{FF0F}evil.com",
        "example.xn--comevil-ou93b.com",
        InvalidIdna,
    ), // fullwidth solidus maps to '/'
    ("xn--abc", "xn--abc", InvalidIdna),                 // bad punycode
    ("ex%41mple.com", "ex%41mple.com", InvalidIdna),     // '%' is on the URL deny list
];

#[test]
fn spoofs_are_shown_as_punycode() {
    assert!(SPOOFS.len() >= 35, "only {} spoof rows", SPOOFS.len());
    let mut failures = Vec::new();
    for row @ &(input, ascii, reason) in SPOOFS {
        let expected = HostDisplay::Punycode {
            ascii: ascii.to_owned(),
            reason,
        };
        let got = host_display(input);
        if got != expected {
            failures.push(format!("{row:?}: got {got:?}"));
            continue;
        }
        if !is_spoof_risk(input) {
            failures.push(format!("{row:?}: is_spoof_risk is false"));
        }
        // The punycode form of a spoof is the same spoof: a mail arriving
        // with xn-- hosts must get the same decision.
        if reason != InvalidIdna && host_display(ascii) != expected {
            failures.push(format!("{row:?}: its ASCII form gives {:?}", host_display(ascii)));
        }
    }
    report("spoofs", failures);
}

/// Tricks that IDNA maps away before any display decision: the host that
/// is resolved is the plain one shown, so showing it is honest and safe.
/// (input, shown, why)
const MAPPED_AWAY: &[(&str, &str, &str)] = &[
    ("pay\u{AD}pal.com", "paypal.com", "soft hyphen is ignored by UTS #46"),
    (
        "pay\u{200B}pal.com",
        "paypal.com",
        "zero-width space is ignored by UTS #46",
    ),
    ("a\u{FE0F}.com", "a.com", "variation selectors are ignored"),
    ("a\u{3164}b.com", "ab.com", "Hangul filler is ignored"),
    ("ｇｏｏｇｌｅ.com", "google.com", "fullwidth letters map to ASCII"),
    ("𝐩𝐚𝐲𝐩𝐚𝐥.com", "paypal.com", "mathematical bold maps to ASCII"),
    ("ℌ.com", "h.com", "black-letter H maps to h"),
    ("①.com", "1.com", "circled digit maps to 1"),
    ("ﬁle.com", "file.com", "fi ligature maps to fi"),
    (
        "example\u{3002}com",
        "example.com",
        "ideographic full stop is a label separator",
    ),
    ("EXAMPLE.com", "example.com", "ASCII is lowercased"),
];

#[test]
fn tricks_idna_maps_away_show_the_real_host() {
    let mut failures = Vec::new();
    for row @ &(input, shown, _why) in MAPPED_AWAY {
        let got = host_display(input);
        if got != HostDisplay::Unicode(shown.to_owned()) || is_spoof_risk(input) {
            failures.push(format!("{row:?}: got {got:?}"));
        }
    }
    report("mapped away", failures);
}

/// Legitimate IDNs shown in Unicode: (input, shown). Each is also checked
/// through its `xn--` form.
const LEGIT: &[(&str, &str)] = &[
    // Cyrillic
    ("пример.рф", "пример.рф"),
    ("москва.рф", "москва.рф"),
    ("россия.рф", "россия.рф"),
    ("україна.укр", "україна.укр"),
    ("пример.срб", "пример.срб"),
    ("пример.бг", "пример.бг"),
    ("монгол.мон", "монгол.мон"),
    ("мысал.қаз", "мысал.қаз"),
    // Latin with diacritics
    ("bücher.de", "bücher.de"),
    ("münchen.de", "münchen.de"),
    ("straße.de", "straße.de"),
    ("façade.fr", "façade.fr"),
    ("español.es", "español.es"),
    ("žluťoučký.cz", "žluťoučký.cz"),
    ("zażółć.pl", "zażółć.pl"),
    ("æble.dk", "æble.dk"),
    ("tiếngviệt.vn", "tiếngviệt.vn"),
    ("ẹ\u{301}kọ\u{301}.ng", "ẹ\u{301}kọ\u{301}.ng"), // Yoruba: dot below + acute, two different marks
    ("ışık.com.tr", "ışık.com.tr"),                   // ş keeps ı from passing for ASCII
    // Greek
    ("δοκιμή.ελ", "δοκιμή.ελ"),
    ("παράδειγμα.ελ", "παράδειγμα.ελ"),
    ("ελληνικά.gr", "ελληνικά.gr"),
    ("Ελλάδα.gr", "ελλάδα.gr"),
    ("ουρανός.gr", "ουρανός.gr"),
    // CJK
    ("例え.jp", "例え.jp"),
    ("日本語.jp", "日本語.jp"),
    ("ドメイン名例.jp", "ドメイン名例.jp"),
    ("日本語ドメイン.jp", "日本語ドメイン.jp"),
    ("ソニー.jp", "ソニー.jp"), // ー after kana is a vowel mark, not a hyphen
    ("ヤフー.jp", "ヤフー.jp"),
    ("sony-ストア.jp", "sony-ストア.jp"), // Latin + Japanese
    ("中国.中国", "中国.中国"),
    ("香港.hk", "香港.hk"),
    ("政府.香港", "政府.香港"),
    ("例子.公司", "例子.公司"),
    ("abc中文.com", "abc中文.com"), // Latin + Han
    ("한국.한국", "한국.한국"),
    ("도메인.한국", "도메인.한국"),
    ("lg전자.com", "lg전자.com"), // Latin + Hangul
    // Right-to-left
    ("مثال.عرب", "مثال.عرب"),
    ("مثال.com", "مثال.com"),
    ("مثال.ایران", "مثال.ایران"),
    ("مثال٣٤.com", "مثال٣٤.com"),               // one digit system
    ("نامه\u{200C}ای.ir", "نامه\u{200C}ای.ir"), // ZWNJ between joining letters (Persian)
    ("דוגמה.ישראל", "דוגמה.ישראל"),
    ("מבחן.co.il", "מבחן.co.il"),
    ("ދިވެހި.mv", "ދިވެހި.mv"), // Thaana
    // South and South-East Asia
    ("उदाहरण.भारत", "उदाहरण.भारत"),
    ("உதாரணம்.இந்தியா", "உதாரணம்.இந்தியா"),     // Tamil
    ("উদাহরণ.বাংলা", "উদাহরণ.বাংলা"),         // Bengali
    ("උදාහරණ.ලංකා", "උදාහරණ.ලංකා"),         // Sinhala
    ("ශ්\u{200D}රී.lk", "ශ්\u{200D}රී.lk"), // Sinhala ZWJ after virama
    ("ఉదాహరణ.భారత్", "ఉదాహరణ.భారత్"),         // Telugu
    ("ઉદાહરણ.ભારત", "ઉદાહરણ.ભારત"),     // Gujarati
    ("ਉਦਾਹਰਨ.ਭਾਰਤ", "ਉਦਾਹਰਨ.ਭਾਰਤ"),     // Gurmukhi
    ("ಉದಾಹರಣೆ.ಭಾರತ", "ಉದಾಹರಣೆ.ಭಾರತ"),     // Kannada
    ("ഉദാഹരണം.ഭാരതം", "ഉദാഹരണം.ഭാരതം"),     // Malayalam
    ("ตัวอย่าง.ไทย", "ตัวอย่าง.ไทย"),
    ("ລາວ.la", "ລາວ.la"),
    ("កម្ពុជា.kh", "កម្ពុជា.kh"),
    ("မြန်မာ.mm", "မြန်မာ.mm"),
    // Caucasus and Africa
    ("ქართული.გე", "ქართული.გე"),
    ("հայերեն.am", "հայերեն.am"), // Armenian, not all lookalikes
    ("հայաստան.am", "հայաստան.am"),
    ("ምሳሌ.et", "ምሳሌ.et"), // Ethiopic
    ("ኢትዮጵያ.et", "ኢትዮጵያ.et"),
];

#[test]
fn legitimate_idns_are_shown_in_unicode() {
    assert!(LEGIT.len() >= 35, "only {} legit rows", LEGIT.len());
    let mut failures = Vec::new();
    for row @ &(input, shown) in LEGIT {
        let expected = HostDisplay::Unicode(shown.to_owned());
        let got = host_display(input);
        if got != expected || is_spoof_risk(input) {
            failures.push(format!("{row:?}: got {got:?}"));
            continue;
        }
        match ace(input) {
            Some(ascii) if ascii.contains("xn--") => {
                if host_display(&ascii) != expected {
                    failures.push(format!(
                        "{row:?}: its ASCII form {ascii} gives {:?}",
                        host_display(&ascii)
                    ));
                }
            }
            other => failures.push(format!("{row:?}: no xn-- form ({other:?})")),
        }
    }
    report("legit", failures);
}

/// Cases decided against a first intuition; see each row.
/// (input, expected Unicode?, reason if not)
const DECISIONS: &[(&str, Option<SpoofReason>, &str)] = &[
    (
        "аррӏе.рф",
        None,
        "a whole-script confusable under a TLD of its own script: no ASCII host ends in рф, \
         so it cannot pass for apple.<anything>; Russian words made of lookalikes (сахар) stay readable",
    ),
    ("сахар.рф", None, "same rule: a real Russian word under a Cyrillic TLD"),
    (
        "сахар.ru",
        Some(WholeScriptConfusable),
        "an ASCII TLD vouches for nothing: сахар.ru is indistinguishable from caxap.ru",
    ),
    (
        "հայերեն.հայ",
        None,
        ".հայ is made of lookalikes (h w j) but is a root-zone TLD, so it still vouches",
    ),
    (
        "հայ.com",
        Some(WholeScriptConfusable),
        "the same letters under .com look like hwj.com",
    ),
    ("þingvellir.is", None, "thorn is an ordinary Icelandic letter under .is"),
    ("ımdb.com.tr", None, "dotless ı is an ordinary Turkish letter under .tr"),
    (
        "sony한국.com",
        None,
        "Latin + Hangul is part of Korean (Han + Hangul) under Highly Restrictive",
    ),
    (
        "bücher1२.de",
        Some(MixedScript),
        "a Devanagari digit in a Latin label mixes scripts before it mixes digits",
    ),
    (
        "٣٤.com",
        Some(InvalidIdna),
        "an RTL label may not start with a digit (IDNA bidi rule)",
    ),
    ("", None, "an empty host has nothing to hide"),
    ("apple.com.", None, "a trailing dot is the root, not a label"),
];

#[test]
fn decisions_against_intuition() {
    let mut failures = Vec::new();
    for row @ &(input, reason, _why) in DECISIONS {
        let got = host_display(input);
        if got.reason() != reason {
            failures.push(format!("{row:?}: got {got:?}"));
        }
    }
    report("decisions", failures);
}

/// Whole links: (input, shown).
const LINKS: &[(&str, &str)] = &[
    ("http://xn--e1afmkfd.xn--p1ai/%D0%BF", "http://пример.рф/п"),
    (
        "http://пример.рф:8080/путь?q=значение#фрагмент",
        "http://пример.рф:8080/путь?q=значение#фрагмент",
    ),
    ("http://Bücher.de/", "http://bücher.de/"),
    ("http://EXAMPLE.xn--p1ai/", "http://example.рф/"),
    ("http://EXAMPLE.com/", "http://EXAMPLE.com/"), // plain ASCII hosts keep their case
    // Spoofed hosts stay, or become, punycode; the path is still decoded.
    ("https://xn--80ak6aa92e.com/login", "https://xn--80ak6aa92e.com/login"),
    ("https://аррӏе.com/login", "https://xn--80ak6aa92e.com/login"),
    ("http://user@аррӏе.com/", "http://user@xn--80ak6aa92e.com/"),
    (
        "http://www.xn--l-7sba6dbr.com/%D0%BF%D1%83%D1%82%D1%8C",
        "http://www.xn--l-7sba6dbr.com/путь",
    ),
    ("http://%D0%B0pple.com/", "http://xn--pple-43d.com/"), // a percent-encoded Cyrillic а in the host
    ("http://a\u{2665}.com/", "http://xn--a-n3p.com/"),
    ("//аррӏе.com/x", "//xn--80ak6aa92e.com/x"), // scheme-relative: a web host
    ("http://аррӏе.рф/", "http://аррӏе.рф/"),
    ("http://ｇｏｏｇｌｅ.com/", "http://google.com/"),
    // A host IDNA rejects keeps its invisible character visible as %XX.
    ("http://pay\u{200D}pal.com/", "http://pay%E2%80%8Dpal.com/"),
    ("http://pay%C2%ADpal.com/", "http://pay%C2%ADpal.com/"),
    // Bidi controls and invisibles are never decoded, raw ones are encoded.
    (
        "https://example.com/%E2%80%AEgpj.exe",
        "https://example.com/%E2%80%AEgpj.exe",
    ),
    (
        "https://example.com/\u{202E}gpj.exe",
        "https://example.com/%E2%80%AEgpj.exe",
    ),
    (
        "https://xn--pple-43d.com/%E2%80%8B",
        "https://xn--pple-43d.com/%E2%80%8B",
    ),
    // Overlong UTF-8 stays encoded.
    ("http://example.com/%C0%AF", "http://example.com/%C0%AF"),
    ("http://example.com/%C0%AF..%C0%AF", "http://example.com/%C0%AF..%C0%AF"),
    ("http://example.com/%F0%9F%98%80", "http://example.com/😀"),
    // mailto domains get the host policy too.
    ("mailto:user@xn--e1afmkfd.xn--p1ai", "mailto:user@пример.рф"),
    (
        "mailto:a@аррӏе.com,b@bücher.de?subject=hi",
        "mailto:a@xn--80ak6aa92e.com,b@bücher.de?subject=hi",
    ),
    // Non-DNS schemes: an unsafe host is shown in its URI form.
    ("foo://аррӏе.com/x", "foo://%D0%B0%D1%80%D1%80%D3%8F%D0%B5.com/x"),
    ("foo://пример.рф/x", "foo://пример.рф/x"),
    // No reg-name host: only the path changes.
    ("http://[::1]/%D0%BF", "http://[::1]/п"),
    ("http://192.168.0.1/%D0%BF", "http://192.168.0.1/п"),
    ("file:///etc/%D0%BF", "file:///etc/п"),
    ("urn:isbn:123", "urn:isbn:123"),
    ("http://xn--abc.com/", "http://xn--abc.com/"),
    // Not an IRI even as a LEIRI: as written, forbidden characters encoded.
    ("http://[oops\u{202E}", "http://[oops%E2%80%AE"),
    ("not a uri", "not%20a%20uri"),
];

#[test]
fn links_are_shown_safely() {
    let mut failures = Vec::new();
    for row @ &(input, shown) in LINKS {
        let got = display_iri(input);
        if got != shown {
            failures.push(format!("{row:?}: got {got:?}"));
        }
        // Showing is idempotent: what is shown, shown again, is the same.
        let again = display_iri(&got);
        if again != got {
            failures.push(format!("{row:?}: not idempotent, then {again:?}"));
        }
    }
    report("links", failures);
}

#[test]
fn every_reason_explains_itself() {
    for reason in [
        InvalidIdna,
        Invisible('\u{200D}'),
        DisallowedCharacter('♥'),
        RepeatedMark('\u{301}'),
        MixedScript,
        MixedDigits,
        WholeScriptConfusable,
        AsciiLookalike('ı'),
    ] {
        assert!(!reason.to_string().is_empty(), "{reason:?}");
    }
    assert_eq!(host_display("аррӏе.com").to_string(), "xn--80ak6aa92e.com");
}

/// A percent-encoded DNS host is judged by the name a browser resolves:
/// `%D0%B0` is Cyrillic а, so the host shows as punycode.
#[test]
fn percent_encoded_spoof_host_is_shown_as_punycode() {
    assert_eq!(
        iriscan::display::display_iri("http://%D0%B0pple.com/"),
        "http://xn--pple-43d.com/"
    );
    assert_eq!(
        iriscan::display::display_iri("http://%D0%BF%D1%80%D0%B8%D0%BC%D0%B5%D1%80.%D1%80%D1%84/"),
        "http://пример.рф/"
    );
}

/// Issue 15: the library is display-safe by default wherever it shows a
/// link; showing it as written is the opt-in.
#[test]
fn rendering_is_display_safe_by_default() {
    use iriscan::render::{to_html, to_markdown, LinkText, Markup, Renderer};
    use iriscan::Finder;
    let f = Finder::new();
    // `аррӏе.com` in Cyrillic, and a mixed-script PayPal look-alike.
    for (text, shown) in [
        ("https://аррӏе.com/login", "https://xn--80ak6aa92e.com/login"),
        ("раураl.com", "xn--l-7sba6dbr.com"),
    ] {
        let html = to_html(&f, text);
        assert!(html.contains(&format!(">{shown}</a>")), "{text}: {html}");
        let md = to_markdown(&f, text);
        assert!(md.starts_with(&format!("[{shown}]")), "{text}: {md}");
    }
    // A safe IDN stays readable.
    assert_eq!(
        to_html(&f, "http://例え.jp/パス"),
        "<a href=\"http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9\">http://例え.jp/パス</a>"
    );
    // A bidi control that is percent-encoded in the link stays encoded.
    let html = to_html(&f, "https://example.com/%E2%80%AEgpj.exe");
    assert!(html.contains(">https://example.com/%E2%80%AEgpj.exe</a>"), "{html}");
    // The opt-in shows the spoof as written.
    let mut r = Renderer::new(Markup::Html);
    r.link_text(LinkText::AsWritten);
    assert!(r
        .render_str(&f, "https://аррӏе.com/login")
        .contains(">https://аррӏе.com/login</a>"));
}
