//! The rules of `prose`, each by its name.

use super::*;

fn links(text: &str) -> Vec<&str> {
    Finder::new().links(text).map(|l| l.as_str()).collect()
}

fn strict_links(text: &str) -> Vec<&str> {
    let mut f = Finder::new();
    f.strict_uts58(true);
    f.links(text).map(|l| l.as_str()).collect::<Vec<_>>()
}

#[test]
fn unspaced_scripts_are_han_kana_hangul_thai_lao_myanmar_and_khmer() {
    for c in ['東', 'を', 'カ', '서', 'ㄱ', '𠀋', 'ไ', 'ທ', 'မ', 'ក'] {
        assert!(is_unspaced_script(c), "{c}");
    }
    for c in ['a', 'é', 'ж', 'ا', 'क', '。', '　'] {
        assert!(!is_unspaced_script(c), "{c}");
    }
}

#[test]
fn ascii_link_ends_where_glued_cjk_or_hangul_prose_begins() {
    assert_eq!(
        links("http://raa.ruby-lang.org/rdf.xml입니다. 최신"),
        ["http://raa.ruby-lang.org/rdf.xml"]
    );
    assert_eq!(
        links("3. https://html5.ohtsu.org/ask_practiceに移行"),
        ["https://html5.ohtsu.org/ask_practice"]
    );
    assert_eq!(links("http://example.comだよね"), ["http://example.com"]);
    assert_eq!(
        links("위해 https://cache.ruby-lang.org를 제공"),
        ["https://cache.ruby-lang.org"]
    );
    assert_eq!(links("* http://example.com/にある"), ["http://example.com/"]);
    assert_eq!(
        links("输入http://localhost:8888/显示Cannot open requested path"),
        ["http://localhost:8888/"]
    );
    assert_eq!(
        links("测试服务器：http://[2001:db8::8]:8080/状态，仅限内网访问"),
        ["http://[2001:db8::8]:8080/状态"]
    );
    assert_eq!(
        links("http://127.0.0.1:1880/GetFile.asp?xh=1001,像这样的地址"),
        ["http://127.0.0.1:1880/GetFile.asp?xh=1001"]
    );
}

#[test]
fn iri_with_non_ascii_path_or_host_stays_whole() {
    assert_eq!(
        links("https://ja.wikipedia.org/wiki/東京"),
        ["https://ja.wikipedia.org/wiki/東京"]
    );
    assert_eq!(
        links("https://ko.wikipedia.org/wiki/서울"),
        ["https://ko.wikipedia.org/wiki/서울"]
    );
    assert_eq!(links("http://例え.テスト/パス"), ["http://例え.テスト/パス"]);
    // A page name in the first segment, ended by white space.
    assert_eq!(links("https://example.jp/東京 を見て"), ["https://example.jp/東京"]);
    assert_eq!(
        links("https://de.wikipedia.org/wiki/Straße"),
        ["https://de.wikipedia.org/wiki/Straße"]
    );
    assert_eq!(
        links("https://example.jp/search?q=東京"),
        ["https://example.jp/search?q=東京"]
    );
    // After a percent-encoded character, as after a separator.
    assert_eq!(
        links("[링크](https://github.com/a/b/blob/main/Network/OSI%207%20계층.md)"),
        ["https://github.com/a/b/blob/main/Network/OSI%207%20계층.md"]
    );
}

#[test]
fn strict_mode_keeps_glued_prose_as_uts58_does() {
    assert_eq!(
        strict_links("http://example.com/rdf.xml입니다"),
        ["http://example.com/rdf.xml입니다"]
    );
}

#[test]
fn cjk_sentence_punctuation_ends_an_ascii_link_before_ascii_too() {
    assert_eq!(
        links("https://github.com/user/repo。READMEを参照"),
        ["https://github.com/user/repo"]
    );
    assert_eq!(
        links("手順はhttps://example.jp/docs、Gitで確認"),
        ["https://example.jp/docs"]
    );
}

#[test]
fn names_and_emails_glued_to_cjk_and_hangul_are_found() {
    assert_eq!(links("ruby-lang.org의 메일링 리스트"), ["ruby-lang.org"]);
    assert_eq!(links("지원서는 award@f-ruby.com으로 보내주세요."), ["award@f-ruby.com"]);
    assert_eq!(links("储存于crowdin.com的平台"), ["crowdin.com"]);
    assert_eq!(links("我用你的邮箱elvis.shi@56yhz.com联系你"), ["elvis.shi@56yhz.com"]);
    assert_eq!(
        links("現在www.rubyist.netやjp.rubyist.netのサービス"),
        ["www.rubyist.net", "jp.rubyist.net"]
    );
    assert_eq!(
        links("就是非常慢，还不如raw.githubcontent.com"),
        ["raw.githubcontent.com"]
    );
}

#[test]
fn ideographic_full_stop_is_never_a_domain_dot_in_prose() {
    assert_eq!(links("新版本至 ruby-lang.org。但你可以"), ["ruby-lang.org"]);
    assert!(links("价格比较贵。Godaddy 上面").is_empty());
    assert_eq!(strict_links("普遍适用测试。我爱你").len(), 1);
}

#[test]
fn markup_markers_around_a_link_are_not_part_of_it() {
    assert_eq!(links("Go to **https://render.com** now"), ["https://render.com"]);
    assert_eq!(links("*https://example.com/a*"), ["https://example.com/a"]);
    assert_eq!(links("~~https://example.com/old~~"), ["https://example.com/old"]);
    assert_eq!(links("**www.example.com**"), ["www.example.com"]);
    assert_eq!(links("see `www.ruby-lang.org` here"), ["www.ruby-lang.org"]);
    assert_eq!(links("**zwebcourses@gmail.com**"), ["zwebcourses@gmail.com"]);
    assert_eq!(links("*info@example.com*"), ["info@example.com"]);
    assert_eq!(links("`user@example.com`"), ["user@example.com"]);
    // Paths and identifiers after a marker stay unlinked.
    assert!(links("$HOME/x.com and _x.com").is_empty());
}

#[test]
fn emphasis_closed_after_a_link_is_not_part_of_it() {
    assert_eq!(
        links("**Homepage: https://example.com/a** and more"),
        ["https://example.com/a"]
    );
    assert_eq!(links("*see https://example.org*"), ["https://example.org"]);
    // A glob's `/*` stays.
    assert_eq!(links("matches https://example.com/* only"), ["https://example.com/*"]);
}

#[test]
fn asciidoc_link_text_in_brackets_is_not_part_of_the_link() {
    assert_eq!(
        links("https://opencollective.com/asciidoctor[OpenCollective] を通じて"),
        ["https://opencollective.com/asciidoctor"]
    );
    assert_eq!(
        links("* https://packages.debian.org/sid/asciidoctor[Debian (asciidoctor)]"),
        ["https://packages.debian.org/sid/asciidoctor"]
    );
    assert_eq!(
        links("image:https://x.example.org/a.svg[Latest Release, link=x]"),
        ["https://x.example.org/a.svg"]
    );
    assert_eq!(links("https://example.com/x[]"), ["https://example.com/x"]);
    assert_eq!(
        links("https://lore.kernel.org/git/[Git mailing list]. Ensure"),
        ["https://lore.kernel.org/git/"]
    );
    assert_eq!(
        links("(https://lore.kernel.org/git/xmqq.fsf@gitster.g/[example]). The"),
        ["https://lore.kernel.org/git/xmqq.fsf@gitster.g/"]
    );
    // A query index and an IPv6 host keep their brackets.
    assert_eq!(links("https://example.com/?a[0]=1"), ["https://example.com/?a[0]=1"]);
    assert_eq!(links("http://[::1]/x"), ["http://[::1]/x"]);
    assert_eq!(
        links("see https://en.wikipedia.org/wiki/Blur_[band] wat"),
        ["https://en.wikipedia.org/wiki/Blur_[band]"]
    );
}

#[test]
fn html_escaped_angle_bracket_ends_a_link() {
    assert_eq!(
        links("* [&lt;URL:https://cache.example.org/a.tar.gz&gt;][5]"),
        ["https://cache.example.org/a.tar.gz"]
    );
    assert_eq!(
        links("https://example.com/?a=1&amp;b=2"),
        ["https://example.com/?a=1&amp;b=2"]
    );
}

#[test]
fn english_contraction_at_the_end_of_a_path_stays() {
    assert_eq!(links("http://example.org/it's"), ["http://example.org/it's"]);
    assert_eq!(links("see example.org/What's here"), ["example.org/What's"]);
    assert_eq!(links("http://example.com's page"), ["http://example.com"]);
}

#[test]
fn cjk_sentence_punctuation_ends_a_link_with_a_cjk_path_too() {
    assert_eq!(
        links("http://twitter.com/これは日本語です。example.com中国語"),
        ["http://twitter.com/これは日本語です", "example.com"]
    );
    assert_eq!(
        links("https://ja.wikipedia.org/wiki/東京。大阪"),
        ["https://ja.wikipedia.org/wiki/東京"]
    );
    // A template placeholder glued to Japanese prose ends the link.
    assert_eq!(
        links("テンプレート https://例え.jp/ユーザー/{id}は実際の番号"),
        ["https://例え.jp/ユーザー/{id}"]
    );
    // Other CJK punctuation is written in file names.
    assert_eq!(
        links("https://example.me/tmp/自殺でも？.png"),
        ["https://example.me/tmp/自殺でも？.png"]
    );
    // The fullwidth full stop is a domain dot in UTS #58.
    assert_eq!(links("http://例え．jp/パス"), ["http://例え．jp/パス"]);
}

#[test]
fn english_possessive_after_a_link_is_not_part_of_it() {
    assert_eq!(links("See http://example.com's page."), ["http://example.com"]);
    assert_eq!(
        links("https://github.com/rust-lang/rust's issues"),
        ["https://github.com/rust-lang/rust"]
    );
    // Inside a path segment the quote stays.
    assert_eq!(
        links("https://en.wikipedia.org/wiki/Hitchhiker's_Guide ok"),
        ["https://en.wikipedia.org/wiki/Hitchhiker's_Guide"]
    );
    // UTS #58 alone keeps it.
    assert_eq!(
        strict_links("https://github.com/rust-lang/rust's issues"),
        ["https://github.com/rust-lang/rust's"]
    );
}

#[test]
fn markdown_link_label_is_not_a_second_link() {
    assert_eq!(links("[example.org](https://example.org/)"), ["https://example.org/"]);
    assert_eq!(links("[http://ghost.org](http://ghost.org)"), ["http://ghost.org"]);
    assert_eq!(
        links("* [esa.ioの作り方](http://magazine.rubyist.net/?0052-esaio)"),
        ["http://magazine.rubyist.net/?0052-esaio"]
    );
    // Without a target on the line the label is text.
    assert_eq!(links("[RubyGems.org][2]"), ["RubyGems.org"]);
    // HTML's delimiters after the link end the look: no label there.
    assert_eq!(
        links(r#"<a href="https://example.org/">example.org</a>"#),
        ["https://example.org/", "example.org"]
    );
    assert_eq!(
        links(r#"["example.org"](https://example.org/)"#),
        ["example.org", "https://example.org/"]
    );
}

#[test]
fn message_ids_in_mail_headers_are_not_emails() {
    assert!(links("Message-ID: <20050603123712.GC20985@tolot.miese-zwerge.org>").is_empty());
    assert!(links("References: <4889.1117728665@ocs3.ocs.com.au> <42A0470B.7060803@poczta.fm>").is_empty());
    assert!(links("In-Reply-To: <7386e009-2d53-4a0b-8c83-a84f51b4b79a@arm.com>").is_empty());
    assert!(links("References: <1@x.org>\n <20200413125303.423864-5-npiggin@gmail.com>").is_empty());
    assert!(
        links("> <20041124001328.GE2927@stusta.de>").len() == 1,
        "no newline seen: not a quoted id"
    );
    assert!(links("List-Id: <stable.vger.kernel.org>").is_empty());
    // Addresses stay addresses, in headers and on continuation lines.
    assert_eq!(
        links("From: Nicholas Piggin <npiggin@gmail.com>"),
        ["npiggin@gmail.com"]
    );
    assert_eq!(
        links("Cc: a@b.org,\n        <linux-kernel@vger.kernel.org>"),
        ["a@b.org", "linux-kernel@vger.kernel.org"]
    );
}

#[test]
fn ssh_remote_is_not_an_email() {
    assert!(links("git clone git@github.com:tchellomello/python-amcrest.git").is_empty());
    assert!(links("git@github.com: Permission denied (publickey).").is_empty());
    assert!(links("ssh deploy@example.com:/srv/app").is_empty());
    assert_eq!(links("mail deploy@example.com: done"), ["deploy@example.com"]);
    assert!(links("ssh -vvv git@github.com really helped").is_empty());
    assert!(links("change the link from git@gitlab.example.org to it").is_empty());
}

#[test]
fn git_mailing_list_address_is_an_email() {
    assert_eq!(links("X-Mailing-List: git@vger.kernel.org"), ["git@vger.kernel.org"]);
    assert_eq!(
        links("To: Michael J Gruber <git@drmicha.warpmail.net>"),
        ["git@drmicha.warpmail.net"]
    );
    assert_eq!(links("for <git@archiver.kernel.org>; Tue"), ["git@archiver.kernel.org"]);
}

#[test]
fn code_names_with_a_tld_like_last_part_are_not_domains() {
    assert!(links("    ttt.fun()").is_empty());
    assert!(links("at java.lang.Thread.run(Thread.java:829)").is_empty());
    assert!(links("Could not find com.android.tools.build:gradle:3.0.0.").is_empty());
    assert!(links("Thread.report_on_exception").is_empty());
    assert!(links("* bundler 2.4.0.dev").is_empty());
    assert!(links(r#"<a href="README.zh-CN.md">"#).is_empty());
    assert_eq!(links("see example.com: it works"), ["example.com"]);
}

#[test]
fn build_file_names_are_not_domains() {
    assert!(links(" o Makefile.am: fix the MSVC project generation [22]").is_empty());
    assert!(links("edit Makefile.in and Dockerfile.dev").is_empty());
    assert_eq!(links("see makefile.example.com"), ["makefile.example.com"]);
    assert_eq!(links("see make.example.com"), ["make.example.com"]);
}

#[test]
fn content_flags_find_the_first_non_ascii_byte_and_brackets_anywhere() {
    let mut b = [b'a'; 70];
    for len in 0..b.len() {
        for i in 0..len {
            for (c, want) in [(b'[', (None, true)), (0xC3, (Some(i), false)), (b'Z', (None, false))] {
                b[i] = c;
                assert_eq!(content_flags(&b[..len]), want, "{c:#x} at {i} of {len}");
                // A later non-ASCII byte does not move the first one.
                if let Some(j) = (i + 1..len).last() {
                    b[j] = 0xE3;
                    assert_eq!(
                        content_flags(&b[..len]).0,
                        Some(want.0.unwrap_or(j)),
                        "{c:#x} at {i}, E3 at {j} of {len}"
                    );
                    b[j] = b'a';
                }
            }
            b[i] = b'a';
        }
    }
    assert_eq!(content_flags(b"https://example.com/a[0]/\xc3"), (Some(25), true));
    assert_eq!(content_flags("https://例え.jp/a[0]".as_bytes()), (Some(8), true));
}

#[test]
fn script_change_helpers_read_ascii_next_to_cjk() {
    let t = "ruby-lang.org의";
    assert_eq!(tld_end_at_script_change(t, 10, t.len()), 13);
    let t = "储存于crowdin.com";
    assert_eq!(start_at_script_change(t, 0, t.find('.').unwrap()), "储存于".len());
    assert!(mixes_unspaced_script("org의"));
    assert!(!mixes_unspaced_script("пример"));
}

#[test]
fn apostrophes_closing_quotes_opened_in_a_link_stay() {
    assert_eq!(links("http://example.org/a'b' ok"), ["http://example.org/a'b'"]);
    assert_eq!(links("http://example.org/'_(foo)'"), ["http://example.org/'_(foo)'"]);
    assert_eq!(links("http://example.org/'''"), ["http://example.org/''"]);
    // A quote around the link, or one alone after it, is prose.
    assert_eq!(links("'http://example.org/a'"), ["http://example.org/a"]);
    assert_eq!(links("see http://example.org/a' ok"), ["http://example.org/a"]);
}

#[test]
fn host_written_in_cjk_after_ascii_stays_whole() {
    assert_eq!(
        links("http://exampleこれは日本語です.com/path/index.html ok"),
        ["http://exampleこれは日本語です.com/path/index.html"]
    );
    // Prose glued after an ASCII host still ends the link.
    assert_eq!(links("http://example.comだよね"), ["http://example.com"]);
    // An `xn--` label is ASCII: no link.
    assert!(links("Hello http://xn--はじめよう.com/index.html").is_empty());
}

#[test]
fn markdown_label_look_remembered_across_links_agrees_with_the_plain_look() {
    use crate::find::testing::xorshift;
    let pieces: [&str; 12] = ["[", "]", "(", ")", " ", "a", ".", "\"", "\n", "例", "]((", "[a.co"];
    let mut seed = 0x05EE_D0F1_ABE1_u64;
    for _ in 0..3_000 {
        let n = (xorshift(&mut seed) % 60) as usize;
        let text: String = (0..n)
            .map(|_| pieces[(xorshift(&mut seed) % pieces.len() as u64) as usize])
            .collect();
        let b = text.as_bytes();
        let bounds: Vec<usize> = (0..=b.len()).filter(|&i| text.is_char_boundary(i)).collect();
        let mut memo = Memo::default();
        let mut at = 0usize;
        for _ in 0..20 {
            // Mostly forward, as links come, now and then back a little.
            let step = (xorshift(&mut seed) % 7) as usize;
            at = if xorshift(&mut seed).is_multiple_of(5) {
                at.saturating_sub(step)
            } else {
                at + step
            };
            let Some(&end) = bounds.iter().find(|&&i| i >= at.min(b.len())) else {
                break;
            };
            let start = *bounds.iter().rev().find(|&&i| i <= end.saturating_sub(3)).unwrap_or(&0);
            assert_eq!(
                in_markdown_label(&text, start, end, &mut memo),
                markdown_label_by_the_rule(b, start, end),
                "{text:?} link {start}..{end}"
            );
        }
    }
}

#[test]
fn mail_header_parameter_name_is_not_part_of_the_address() {
    assert_eq!(links(" envelope-from=avihaih@nvidia.com;"), ["avihaih@nvidia.com"]);
    assert_eq!(
        links("spf=pass smtp.mailfrom=bounce@lists.example.org;"),
        ["bounce@lists.example.org"]
    );
    assert_eq!(links("Header.From=Jane@Example.com"), ["Jane@Example.com"]);
    // A bounce address keeps its `=`; so does any other name before one.
    assert_eq!(
        links("Return-Path: <qemu-devel-bounces+lists+qemu-devel=lfdr.de@nongnu.org>"),
        ["qemu-devel-bounces+lists+qemu-devel=lfdr.de@nongnu.org"]
    );
    assert_eq!(links("mailto=envelope@example.com"), ["mailto=envelope@example.com"]);
    // Nothing left before the `@`: no address.
    assert!(links("smtp.mailfrom=@example.com").iter().all(|l| !l.contains('@')));
}

#[test]
fn object_fields_named_id_or_name_are_code_not_domains() {
    assert!(links("  @ManyToOne((_type) => Category, (category: Category) => category.id)").is_empty());
    assert!(links("      name: inputData.name,").is_empty());
    assert!(links("SELECT user.id, user.name FROM users; print(self.name)").is_empty());
    // More labels, a scheme or a path: hosts.
    assert_eq!(
        links("see www.example.name and example.co.id"),
        ["www.example.name", "example.co.id"]
    );
    assert_eq!(links("https://kompas.id/"), ["https://kompas.id/"]);
    assert_eq!(links("kompas.id/baca"), ["kompas.id/baca"]);
    assert_eq!(links("mail me at jane@example.id"), ["jane@example.id"]);
}

#[test]
fn a_folded_list_id_value_is_not_a_domain() {
    let mail = "List-Id: Direct Rendering Infrastructure - Development\n <dri-devel.lists.freedesktop.org>\n";
    assert!(links(mail).is_empty());
    assert!(links("X-Mailing-List:\n\t<linux-kernel.vger.kernel.org>\n").is_empty());
    // Not at the start of an indented line of values: a host in `<…>`.
    assert_eq!(links("see <domain.com> for more"), ["domain.com"]);
    assert_eq!(links("<domain.com>\n"), ["domain.com"]);
    // A `www.` host or a path is no List-Id.
    assert_eq!(links(" <www.example.org>  (see)"), ["www.example.org"]);
    assert_eq!(links(" <сайт.рф/чат>"), ["сайт.рф/чат"]);
    // An address on such a line is still an address unless it is shaped
    // like a Message-ID.
    assert_eq!(links(" <jane@example.com>\n"), ["jane@example.com"]);
}

#[test]
fn a_stack_frames_line_and_column_are_no_part_of_the_link() {
    // Chrome and Node (`at fn (URL:line:column)`, `at URL:line:column`),
    // Firefox and Safari (`fn@URL:line:column`), a package at a version,
    // `file:///`, a bare name with a path.
    for (text, link) in [
        (
            "at doExec (https://cdn.jsdelivr.net/npm/systemjs@6.8.3/dist/system.js:469:34)",
            "https://cdn.jsdelivr.net/npm/systemjs@6.8.3/dist/system.js",
        ),
        (
            "    at http://localhost:8081/js/app.js:21038:33",
            "http://localhost:8081/js/app.js",
        ),
        (
            "at https://cdn.jsdelivr.net/npm/chartjs-plugin-datalabels@2.0.0:6:294",
            "https://cdn.jsdelivr.net/npm/chartjs-plugin-datalabels@2.0.0",
        ),
        (
            "init@https://example.com/static/app.js:12:5",
            "https://example.com/static/app.js",
        ),
        ("'    at setup (file:///console.js:14:11)\\n' +", "file:///console.js"),
        (
            "at Object.<anonymous> (file:///home/u/app.mjs:3:9)",
            "file:///home/u/app.mjs",
        ),
        (
            "from cdn.example.com/lib/app.min.js:1:2, then",
            "cdn.example.com/lib/app.min.js",
        ),
        (
            "at https://play.example/assets/ty_wasm_bg-C9qyJ2pt.wasm:wasm-function[8066]:0x79027b",
            "https://play.example/assets/ty_wasm_bg-C9qyJ2pt.wasm",
        ),
        (
            "at https://play.example/app_bg.wasm:wasm-function[12]:0x1f4",
            "https://play.example/app_bg.wasm",
        ),
    ] {
        assert_eq!(links(text), [link], "{text}");
    }
    // Not a position: a port, a query or fragment before it, a segment
    // with no file name, a time, one number alone.
    for text in [
        "http://localhost:8080",
        "https://example.com:8443/x:1:2",
        "https://example.org/a.js?v=2:3:4",
        "https://example.org/a.js#L2:3:4",
        "https://example.org/wiki/Page:12:30",
        "https://example.org/log/2024-01-01T12:30:00",
        "https://example.org/report.v2.12:30:00",
        "https://example.org/app.js:12",
        "https://example.org/app.wasm:wasm-function[]:0x1f4",
        "https://example.org/app.wasm:wasm-function[1]:0x",
    ] {
        assert_eq!(links(text), [text], "{text}");
    }
    // The strict mode reads UTS #58 only.
    assert_eq!(
        strict_links("at https://example.com/app.js:1:2"),
        ["https://example.com/app.js:1:2"]
    );
}
