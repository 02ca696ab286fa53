//! One test per host, domain, TLD and email rule added for the peer suites
//! (issue 13: `tests/data/peers/`), named for the rule. Each rule is in
//! `src/find/host.rs`, `src/find/tld.rs` or `src/find/domain.rs`.

use iriscan::Finder;

fn found(text: &str) -> Vec<String> {
    Finder::new().links(text).map(|l| l.as_str().to_owned()).collect()
}

/// Asserts that each text holds exactly the one link given, naming the
/// text that does not.
fn assert_found_one(cases: &[(&str, &str)]) {
    for (text, link) in cases {
        assert_eq!(found(text), [*link], "{text}");
    }
}

fn found_strict(text: &str) -> Vec<String> {
    let mut f = Finder::new();
    f.strict_uts58(true);
    f.links(text).map(|l| l.as_str().to_owned()).collect()
}

/// Asserts that none of `texts` holds a link, naming the first that does.
fn assert_no_links(texts: &[&str]) {
    for text in texts {
        assert!(found(text).is_empty(), "{text}: {:?}", found(text));
    }
}

/// RFC 5890 §2.3.2.1, RFC 5891 §4.2.3.1: a label with the ACE prefix
/// `xn--` is an A-label, ASCII by definition; one that goes on in another
/// script is no label, so the name is no host (twitter-text:
/// `http://xn--はじめよう.com/index.html` has no link).
#[test]
fn an_xn_label_must_be_ascii() {
    assert!(found("xn--はじめよう.com").is_empty());
    assert!(found("see xn--はじめよう.com/index.html").is_empty());
    assert!(found("a@xn--пример.com").is_empty());
    assert!(found("www.XN--пример.рф").is_empty());
    assert!(found_strict("xn--はじめよう.com").is_empty());
    // ASCII A-labels link as before, in any case and in any position.
    assert_eq!(found("xn--bcher-kva.com"), ["xn--bcher-kva.com"]);
    assert_eq!(found("пример.xn--p1ai"), ["пример.xn--p1ai"]);
    assert_eq!(found("abc.XN--11B4C3D"), ["abc.XN--11B4C3D"]);
    assert_eq!(
        found("a xn-----ctdbabcfhu9c2b9l1acccr4c.xn--mgbah1a3hjkrd b"),
        ["xn-----ctdbabcfhu9c2b9l1acccr4c.xn--mgbah1a3hjkrd"]
    );
    // `xn--` inside a label is no prefix: the Unicode label is fine.
    assert_eq!(found("axn--пример.рф"), ["axn--пример.рф"]);
    assert_eq!(
        found("http://xn--bcher-kva.example/"),
        ["http://xn--bcher-kva.example/"]
    );
}

/// RFC 7686 `onion` and RFC 6761 `localhost` name hosts though IANA's root
/// zone list has neither: linked as TLDs in the default mode, never in
/// strict UTS #58 mode; `invalid`, `example`, `test`, `local` stay unlinked.
#[test]
fn special_use_names_onion_and_localhost_are_tlds() {
    assert_eq!(found("foo.onion"), ["foo.onion"]);
    assert_eq!(found("mail foo@bar.onion now"), ["foo@bar.onion"]);
    assert_eq!(found("redirects me to www.localhost which"), ["www.localhost"]);
    assert_eq!(found("open app.LOCALHOST:3000/x."), ["app.LOCALHOST:3000/x"]);
    assert!(found_strict("foo.onion www.localhost").is_empty());
    for name in [
        "example.invalid",
        "config.example",
        "foo.test",
        "Makefile.local",
        "foo.onionx",
    ] {
        assert!(found(name).is_empty(), "{name}");
    }
    // The name must still end at the special-use label.
    assert!(found("foo.onion.qqqq").is_empty());
}

/// `_` in a label before the last two (`gcs_test_env.storage.googleapis.com`,
/// Autolinker, GFM; RFC 2181 §11 puts no limit on DNS labels): the name
/// is whole. Not in the last two labels, never first, never in an email's
/// domain.
#[test]
fn underscores_are_allowed_before_the_last_two_labels() {
    assert_eq!(
        found("see gcs_test_env.storage.googleapis.com/file.pdf now"),
        ["gcs_test_env.storage.googleapis.com/file.pdf"]
    );
    assert_eq!(found("sub_domain.yahoo.com:8080/x"), ["sub_domain.yahoo.com:8080/x"]);
    assert_eq!(found("a.b_c.d.example.org"), ["a.b_c.d.example.org"]);
    for text in [
        "foo_bar.com",
        "a.b_c.org",
        "_dmarc.example.com",
        "__init__.example.com",
        "a@my_host.example.com",
        "x/my_host.example.com",
    ] {
        assert!(found(text).is_empty(), "{text}");
    }
    assert!(found_strict("sub_domain.yahoo.com")
        .iter()
        .all(|l| l == "domain.yahoo.com"));
}

/// No label is empty, so dots before a name's first label are the
/// writer's, not the name's (anchorme: `.example.com.`): the name starts
/// after them, unless a path or identifier character comes first.
#[test]
fn leading_dots_are_not_part_of_a_name() {
    assert_eq!(found(".Wordpress.com?p=1263X."), ["Wordpress.com?p=1263X"]);
    assert_eq!(found("see ..example.org now"), ["example.org"]);
    assert_eq!(found("Domain=.example.com;"), ["example.com"]);
    for text in [
        "../foo.com",
        "$.x.com",
        "*.example.com",
        "a@.example.com",
        "www.example..com",
        "..com",
    ] {
        assert!(found(text).is_empty(), "{text}");
    }
    assert!(found_strict(".example.com").iter().all(|l| l == "example.com"));
}

/// A public suffix right after a dot (`.gov.cn`, `.co.uk`, `.ธุรกิจ.ไทย`:
/// an explicit ICANN rule of the Public Suffix List) names a zone, not a
/// site: no link, where a registrable name after a dot still links. A
/// suffix written on its own (`gov.uk`) is a site and links.
#[test]
fn a_public_suffix_after_a_dot_names_a_zone() {
    assert_no_links(&[
        "以“.gov.cn”为后缀的英文域名",
        "| 中国 | .gov.cn | 中国政府部门官网",
        "1、.gov.cn:这是我国政府网站最常用的域名后缀",
        ".co.th .ธุรกิจ.ไทย สำหรับธุรกิจเอกชน",
        "names under .CO.UK are",
        "局门户网站要使用“www.□□□.gov.cn”结构",
    ]);
    assert_eq!(found("see .example.co.uk now"), ["example.co.uk"]);
    assert_eq!(found("visit gov.uk now"), ["gov.uk"]);
    assert_eq!(found("(www.12345.gov.cn)"), ["www.12345.gov.cn"]);
}

/// An address written with the fullwidth at-mark `＠` (so that harvesters
/// miss it, a habit of Japanese contact pages) is no link, nor is its
/// domain: the writer wrote no address and no site.
#[test]
fn a_name_after_a_fullwidth_at_mark_is_no_link() {
    assert_no_links(&[
        "stop.covid19.hyogo＠gmail.com",
        "メール：info＠example.co.jp まで（＠を@に変えてください）",
        "contact＠例え.jp",
    ]);
    assert_eq!(found("＠ example.com"), ["example.com"]);
    assert_eq!(found("info@example.co.jp"), ["info@example.co.jp"]);
}

/// A port is at most 65535 (RFC 6335, WHATWG URL): a name followed by `:`
/// and digits that are no port is no URL at all (linkify-it:
/// `google.com:500000` is not a link); in strict UTS #58 mode the name
/// stays a link, `:` being Soft.
#[test]
fn a_name_before_an_out_of_range_port_is_not_a_link() {
    assert!(found("google.com:500000 // invalid port").is_empty());
    assert!(found("see example.com:65536/x").is_empty());
    assert_eq!(found("see example.com:65535/x"), ["example.com:65535/x"]);
    assert_eq!(found("example.com:8080."), ["example.com:8080"]);
    assert_eq!(found("example.com: 500000"), ["example.com"]);
    assert_eq!(found_strict("google.com:500000"), ["google.com"]);
}

/// RFC 1034 §3.1, RFC 5890 §2.3.2.1, UTS 46 VerifyDnsLength: a label is at
/// most 63 octets in the form it goes to the DNS, its A-label (`xn--` and
/// Punycode), not its UTF-8: a host with a longer label is no host, in
/// both modes (twitter-text: `http://` and hundreds of `あ` before `.com`).
/// Labels of more than 63 UTF-8 bytes are measured (src/find/host.rs
/// `MEASURED_LABEL_BYTES`: shorter ones are too long only when contrived).
#[test]
fn a_non_ascii_label_longer_than_63_octets_as_an_a_label_is_no_label() {
    // 57 `あ` make a 63-octet A-label (`xn--l8j` and 56 `a`), 58 one of 64.
    let long = format!("http://{}.com/path", "あ".repeat(58));
    let fits = format!("http://{}.com/path", "あ".repeat(57));
    assert!(found(&long).is_empty(), "{long}");
    assert_eq!(found(&fits), vec![fits]);
    assert!(found_strict(&format!("{}.com", "あ".repeat(58))).is_empty());
    assert_eq!(found(&format!("see {}.jp", "あ".repeat(57))).len(), 1);
    // In an email's domain, and in any label of the name.
    assert!(found(&format!("user@{}.example.com", "ü".repeat(62))).is_empty());
    assert!(found(&format!("https://www.{}.de/", "ü".repeat(62))).is_empty());
    // UTF-8 longer than 63 octets is no reason: 25 `あ` are 75 octets of
    // UTF-8 and 31 of A-label.
    let short_ace = format!("{}.jp", "あ".repeat(25));
    assert_eq!(found(&short_ace), vec![short_ace]);
}

/// RFC 5892: U+058A, U+2010, U+2027 and U+30A0 are disallowed in every
/// IDNA2008 label, though identifiers may hold them: in text they join
/// words, and a scheme-less name starts after them (URLExtract:
/// `some‧domain.example.com` links `domain.example.com`). Strict UTS #58
/// mode reads them as its Link_Term property does.
#[test]
fn a_bare_name_starts_after_a_punctuation_mark_idna_disallows() {
    assert_eq!(found("some‧domain.example.com"), ["domain.example.com"]);
    assert_eq!(found("see‐example.org/a"), ["example.org/a"]);
    assert_eq!(found("word֊пример.рф"), ["пример.рф"]);
    assert_eq!(found("テスト゠example.jp"), ["example.jp"]);
    assert_eq!(found("mail‧user@example.com"), ["user@example.com"]);
    // Letters and the marks IDNA2008 allows in context stay in the name.
    assert_eq!(found("col·lecció.cat"), ["col·lecció.cat"]);
    assert_eq!(found_strict("some‧domain.example.com"), ["some‧domain.example.com"]);
}

/// RFC 2606 §2 reserves `example` and `test` for documentation and tests:
/// after an `@` they end an email's domain (GFM's spec:
/// `hello+xyz@mail.example`); a bare `config.example` or `foo.test` is a
/// file name and stays unlinked, and strict UTS #58 mode knows only IANA's
/// list. `invalid` and `local` are no such end (a munged address; mDNS
/// hosts in SSH logins and shell prompts).
#[test]
fn documentation_names_example_and_test_end_an_email_domain() {
    assert_eq!(
        found("hello@mail+xyz.example isn't valid, but hello+xyz@mail.example is."),
        ["hello+xyz@mail.example"]
    );
    assert_eq!(found("write to qa@lists.TEST."), ["qa@lists.TEST"]);
    assert_eq!(found("mailto:a@b.example"), ["mailto:a@b.example"]);
    for text in [
        "cp .env.example .env",
        "config.example",
        "run foo.test now",
        "user@host.invalid",
        "pi@raspberrypi.local",
        "a@b.example.qqq",
    ] {
        assert!(found(text).is_empty(), "{text}");
    }
    assert!(found_strict("hello+xyz@mail.example").is_empty());
    // A Message-ID stays no address.
    assert!(found("References: <1234@local.machine.example>").is_empty());
}

/// The I2P network's `i2p` names hosts as Tor's `onion` does (xurls links
/// `foo.i2p`); default mode only.
#[test]
fn special_use_name_i2p_is_a_tld() {
    assert_eq!(found("see foo.i2p."), ["foo.i2p"]);
    assert_eq!(found("stats.I2P/x"), ["stats.I2P/x"]);
    assert_eq!(found("a@b.i2p"), ["a@b.i2p"]);
    assert!(found("foo.i2px a.i2p.qqq").is_empty());
    assert!(found_strict("foo.i2p").is_empty());
}

/// A host with a scheme follows the `_` rule of bare names: `_` in the
/// labels before the last two and in a one-label host, never first, never
/// in the TLD or the name registered under it (RFC 1123 §2.1): twitter-text
/// and linkify-it link none of `http://twitter_underscore.com`,
/// `http://example.com_`.
#[test]
fn a_host_has_no_underscore_in_its_last_two_labels() {
    for text in [
        "test http://twitter_underscore.com",
        "test http://twitter.c_o_m",
        "test http://leadingunderscore._twitter.com",
        "test http://_leadingunderscore.twitter.com",
        "http://example.com_",
        "https://a.b_c.org/x",
    ] {
        assert!(found(text).is_empty(), "{text}");
    }
    assert_eq!(
        found("see https://gcs_test_env.storage.googleapis.com/x"),
        ["https://gcs_test_env.storage.googleapis.com/x"]
    );
    assert_eq!(found("at http://web_1:8000/api."), ["http://web_1:8000/api"]);
    assert_eq!(
        found("ftp://sub_domain.example.com/"),
        ["ftp://sub_domain.example.com/"]
    );
    // The email rules keep `_` out of an address's domain altogether.
    assert!(found("a@b_c.com").is_empty());
}

/// A local part right after `\` is the rest of an escaped word or a path,
/// as a bare name after `\` is (domain.rs): no address (GFM's spec:
/// `<foo\+@bar.example.com>` is no autolink). Strict UTS #58 mode reads
/// `\` as Hard, and the address after it stands.
#[test]
fn a_local_part_after_a_backslash_is_no_address() {
    for text in [
        "<foo\\+@bar.example.com>",
        "C:\\Users\\me@example.com",
        "C:\\Users\\nick@example.com",
    ] {
        assert!(found(text).is_empty(), "{text}");
    }
    assert_eq!(found("\\ john@example.com"), ["john@example.com"]);
    assert_eq!(found("mailto:a@b.com\\"), ["mailto:a@b.com"]);
    assert_eq!(found_strict("foo\\+@bar.example.com"), ["+@bar.example.com"]);
}

/// After an escaped newline, carriage return or tab (`\r\n` in an SQL
/// dump's string, `\n` in a JSON log) a name or an address starts after
/// the escape's letter; not after an escaped backslash, nor in a Windows
/// path (`C:\temp\nytimes.com`).
#[test]
fn a_name_after_an_escaped_newline_starts_after_it() {
    assert_eq!(
        found(r"'www.a-blog.example.com\r\nwww.a-blog.example.com\r\n\r\nvisita'"),
        ["www.a-blog.example.com", "www.a-blog.example.com"]
    );
    assert_eq!(found(r#"log: "to\njohn@example.com""#), ["john@example.com"]);
    assert_eq!(found(r#""a\tuser@example.com""#), ["user@example.com"]);
    assert_eq!(found(r"'responder a:\r\nme@example.com'"), ["me@example.com"]);
    assert_no_links(&[
        r"C:\temp\nytimes.com",
        r"\\nas.example.com",
        r"\\server\nas.example.com",
        r"src\sub\new.app and ./docs\Network.app",
    ]);
    assert_eq!(found(r#"say "ok\nwww.example.com""#), ["www.example.com"]);
    assert_eq!(
        found(r#"{"text": "Check this out\ngithub.com/rust-lang/rust"}"#),
        ["github.com/rust-lang/rust"]
    );
}

/// In a subtitle's ASS/SSA event line, `\N` is a hard line break: a name
/// glued after it starts after it, also right after a link.
#[test]
fn a_name_after_a_subtitle_line_break_starts_after_it() {
    assert_eq!(
        found(
            r"Dialogue: 0,0:44:57.56,0:45:01.93,Default,,0,0,0,,{\fad(500,500)}b23.tv/BV1eE411c7ts\Nyoutu.be/C4VHfmiwuv4"
        ),
        ["b23.tv/BV1eE411c7ts", "youtu.be/C4VHfmiwuv4"]
    );
    assert_eq!(
        found(r"Dialogue: 0,0:00:09.08,0:00:14.08,Default,,0,0,0,,见回答 \Nwww.zhihu.com/question/1"),
        ["www.zhihu.com/question/1"]
    );
    assert_no_links(&[r"foo\Nexample.com x"]);
}

/// A Hebrew or Arabic preposition glued before an ASCII name (`ב־`,
/// `ב`, `و`) is prose: a label mixing right-to-left and Latin letters
/// breaks IDNA's Bidi rule, and the name starts after the prefix. Names in
/// those scripts stay whole.
#[test]
fn a_right_to_left_prefix_glued_to_an_ascii_name_is_prose() {
    assert_found_one(&[
        ("חיפוש ב־addons.thunderbird.net", "addons.thunderbird.net"),
        ("ראו בexample.com", "example.com"),
        ("زوروا وexample.com", "example.com"),
        ("דוגמה.ישראל", "דוגמה.ישראל"),
    ]);
}

/// A masked address (`Pl***@wp.pl`: `**`, `*.` or `.*` in the local part)
/// is no address, and its domain no site.
#[test]
fn a_masked_address_is_no_link() {
    assert_no_links(&["'email': 'Pl***@wp.pl',", "is***l@alma.com", "Me***c.it@gmail.com"]);
    assert_eq!(found("a*b@example.com"), ["a*b@example.com"]);
}

#[test]
fn a_pl_name_in_polish_text_is_a_host_not_a_perl_script() {
    // `.pl` is Poland's TLD and Perl's extension: a line of Polish (a
    // letter only Polish writes) makes the name a host.
    let none: &[&str] = &[];
    for (text, want) in [
        (
            "portal internetowy znajdujący się pod adresem elektroda.pl obejmujący",
            &["elektroda.pl"][..],
        ),
        ("po kliknięciu na \"Prezydent.pl\" w treściach", &["Prezydent.pl"]),
        ("add tests/errorcodes.pl to the tarball", none),
        ("Run build.pl now\nzażółć gęślą jaźń", none),
    ] {
        assert_eq!(found(text), want, "{text}");
    }
}

/// `.cc` is the Cocos Islands' TLD, which East Asian sites use, and C++'s
/// extension: a name in brackets on a line of Han, kana or Hangul (PTT's
/// footer `批踢踢實業坊(ptt.cc)`), or on a line of Polish, is a host; a
/// file name in code or plain text is not.
#[test]
fn a_cc_name_in_brackets_among_east_asian_text_is_a_host() {
    let hosts = [
        ("※ 發信站: 批踢踢實業坊(ptt.cc), 來自: 136.56.13.184 (美國)", "ptt.cc"),
        ("`│ 文章代碼(AID): #<8碼AIDc> (<板名>) [ptt.cc] <標題截斷>`", "ptt.cc"),
        ("działa wam fili.cc i zalukaj?", "fili.cc"),
    ];
    for (text, host) in hosts {
        assert_eq!(found(text), [host], "{text}");
    }
    assert_no_links(&[
        "修改 alarm.cc 文件",
        "see (alarm.cc) for the timer",
        "compile foo.cc and src/alarm.cc",
    ]);
}
