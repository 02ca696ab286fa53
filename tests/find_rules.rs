//! One test per scanner rule, named for the rule (see `src/find/mod.rs`).

use iriscan::{Finder, LinkKind};

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

/// Asserts that none of `texts` holds a link, naming the first that does.
fn assert_no_links(texts: &[&str]) {
    for text in texts {
        assert!(found(text).is_empty(), "{text}: {:?}", found(text));
    }
}

fn found_with(finder: &Finder, text: &str) -> Vec<String> {
    finder.links(text).map(|l| l.as_str().to_owned()).collect()
}

/// The links the strict mode (UTS #58 alone) finds in `text`.
fn found_strict(text: &str) -> Vec<String> {
    found_with(Finder::new().strict_uts58(true), text)
}

#[test]
fn non_ascii_never_ends_an_iri() {
    assert_eq!(found("見て http://例え.テスト/パス です"), ["http://例え.テスト/パス"]);
    assert_eq!(
        found("см. https://пример.рф/путь?ключ=значение#якорь ок"),
        ["https://пример.рф/путь?ключ=значение#якорь"]
    );
    assert_eq!(found("ดู https://ตัวอย่าง.ไทย/หน้า นะ"), ["https://ตัวอย่าง.ไทย/หน้า"]);
}

#[test]
fn scheme_may_follow_a_non_ascii_letter() {
    assert_eq!(found("详细信息请参考http://例子.测试/路径"), ["http://例子.测试/路径"]);
}

#[test]
fn scheme_never_starts_inside_an_ascii_word() {
    assert_eq!(found("xftp://a.example"), ["xftp://a.example"]);
    assert!(found("1ftp://a.example").is_empty());
}

#[test]
fn scheme_after_a_json_or_c_escape_starts_after_it() {
    // The escape lent the word its letters: `\u003c` is `<`, `\n` a newline.
    assert_found_one(&[
        (r"text \u003chttps://example.com/x\u003e end", "https://example.com/x"),
        (r#"say "line\nftp://example.com/f""#, "ftp://example.com/f"),
        (r#""\u0022http://a.example/\u0022""#, "http://a.example/"),
        (r"\\https://a.example", "https://a.example"),
        // (A `\` before a scheme that starts with an escape's letter.)
        (r"\telnet://a.example", "telnet://a.example"),
        (r"\ftp://a.example", "ftp://a.example"),
        // (An escaped `\\`, then a word glued to `https`.)
        (r"\\nhttps://a.example", "https://a.example"),
    ]);
}

#[test]
fn web_scheme_glued_to_a_footnote_number_starts_the_link() {
    // (A word with a digit in it is still one scheme: the last row.)
    assert_found_one(&[
        ("1https://github.com/a/b", "https://github.com/a/b"),
        ("*Equal Contribution 12http://a.example/x", "http://a.example/x"),
        ("a1https://a.example", "a1https://a.example"),
    ]);
}

#[test]
fn web_scheme_glued_to_a_word_starts_the_link() {
    assert_eq!(found("xhttp://a.example"), ["http://a.example"]);
    assert_eq!(
        found("> HttpError: InvalidUrlhttps://github.com/a/b"),
        ["https://github.com/a/b"]
    );
    assert_eq!(
        found("not working for me...http://localhost:8080/index.html showing"),
        ["http://localhost:8080/index.html"]
    );
    assert_eq!(
        found("git+https://github.com/a/b.git"),
        ["git+https://github.com/a/b.git"]
    );
    assert_eq!(
        found("the link here-http://www.example.org/doc"),
        ["http://www.example.org/doc"]
    );
    assert_eq!(
        found("json-schema-core.http://json-schema.org/latest/core.html"),
        ["http://json-schema.org/latest/core.html"]
    );
}

#[test]
fn scheme_after_a_label_colon_starts_fresh() {
    assert_eq!(found("note:http://c.example/x"), ["http://c.example/x"]);
}

#[test]
fn any_scheme_links_with_double_slash() {
    assert_eq!(
        found("clone git+ssh://git@example.com/a/b.git now"),
        ["git+ssh://git@example.com/a/b.git"]
    );
    assert_eq!(found("open file:///etc/hosts"), ["file:///etc/hosts"]);
    assert_eq!(found("ws://例え.jp:9000/socket"), ["ws://例え.jp:9000/socket"]);
}

#[test]
fn registered_schemes_link_without_double_slash() {
    assert_eq!(
        found("urn:isbn:978-3-16-148410-0 tel:+1-555-0100 geo:37.78,-122.39 xmpp:a@example.com"),
        [
            "urn:isbn:978-3-16-148410-0",
            "tel:+1-555-0100",
            "geo:37.78,-122.39",
            "xmpp:a@example.com"
        ]
    );
    assert_eq!(
        found("magnet:?xt=urn:btih:c12fe1c06bba254a9dc9f519b335aa7c1367a88a"),
        ["magnet:?xt=urn:btih:c12fe1c06bba254a9dc9f519b335aa7c1367a88a"]
    );
}

#[test]
fn unregistered_scheme_without_slashes_does_not_link() {
    for text in [
        "Makefile:177: error",
        "key:value",
        "std::vector<int>",
        "C:\\Users\\me",
        "note: this",
        "12:34:56",
    ] {
        assert!(found(text).is_empty(), "{text}");
    }
}

#[test]
fn scheme_alone_does_not_link() {
    for text in ["http://", "see http:// and", "mailto:", "mailto: someone", "https:// ."] {
        assert!(found(text).is_empty(), "{text}");
    }
}

#[test]
fn trailing_soft_punctuation_is_dropped() {
    assert_eq!(found("See http://a.example/x."), ["http://a.example/x"]);
    assert_eq!(found("See http://a.example/x?!"), ["http://a.example/x"]);
    assert_eq!(found("See http://a.example/x.html, ok"), ["http://a.example/x.html"]);
    assert_eq!(found("見て http://a.example/x。"), ["http://a.example/x"]);
    assert_eq!(found("انظر http://a.example/x،"), ["http://a.example/x"]);
}

#[test]
fn closing_bracket_kept_only_when_it_closes_an_opener() {
    assert_eq!(
        found("(see https://en.wikipedia.org/wiki/Rust_(programming_language))"),
        ["https://en.wikipedia.org/wiki/Rust_(programming_language)"]
    );
    assert_eq!(found("[http://a.example/x]"), ["http://a.example/x"]);
    assert_eq!(found("「http://例え.jp/」を"), ["http://例え.jp/"]);
}

#[test]
fn bracket_stack_is_cleared_at_slash() {
    assert_eq!(found("example.com/αβ(γ/δ)ρς"), ["example.com/αβ(γ/δ"]);
}

#[test]
fn unclosed_trailing_opener_is_dropped() {
    assert_eq!(found("see http://a.example/x( and"), ["http://a.example/x"]);
}

#[test]
fn characters_rfc3987_forbids_end_the_link() {
    assert_eq!(found("http://a.example/a|b"), ["http://a.example/a"]);
    assert_eq!(found("http://a.example/a\\b"), ["http://a.example/a"]);
    assert_eq!(found("http://a.example/a^b"), ["http://a.example/a"]);
}

/// A `%` that starts no percent-encoding stays in the link, and the IRI
/// the link denotes carries it as `%25`, as browsers read it (a URL
/// template's `%s`, `…/30%OffCoupons`). In the host it is repaired to
/// nothing: the link ends before it (the longest valid prefix).
#[test]
fn a_stray_percent_is_kept_and_repaired() {
    let f = Finder::new();
    for (text, want, iri) in [
        (
            "http://a.example/a%2 x",
            "http://a.example/a%2",
            "http://a.example/a%252",
        ),
        (
            "see www.mystore.com/30%OffCoupons! now",
            "www.mystore.com/30%OffCoupons",
            "https://www.mystore.com/30%25OffCoupons",
        ),
        (
            "#+LINK: isbn http://www.amazon.com/dp/%s",
            "http://www.amazon.com/dp/%s",
            "http://www.amazon.com/dp/%25s",
        ),
        (
            "ok http://a.example/%C3%A9%",
            "http://a.example/%C3%A9%",
            "http://a.example/%C3%A9%25",
        ),
    ] {
        let l = f.links(text).next().unwrap();
        assert_eq!((l.as_str(), l.iri().as_ref()), (want, iri), "{text}");
        assert_eq!(l.to_uri().unwrap(), iri, "{text}");
    }
    assert_eq!(found("http://ex%ample.com/"), ["http://ex"]);
}

#[test]
fn braces_after_the_authority_are_kept_and_repaired_as_browsers_do() {
    // URL templates (real text: shell `${VAR}`, AsciiDoc `{attr}`; peer suites).
    let f = Finder::new();
    let l = f
        .links("curl -L \"https://example.com/download/${VERSION}/a.tgz\" | tar")
        .next()
        .unwrap();
    assert_eq!(l.as_str(), "https://example.com/download/${VERSION}/a.tgz");
    assert_eq!(l.iri(), "https://example.com/download/$%7BVERSION%7D/a.tgz");
    assert_eq!(found("http://a.example/a{b}"), ["http://a.example/a{b}"]);
    assert_eq!(found("example.org/a{b} x"), ["example.org/a{b}"]);
    // An unmatched closing brace closes nothing: UTS #58 ends the link there.
    assert_eq!(found("http://a.example/a} x"), ["http://a.example/a"]);
    // In a host a brace pair is a template's placeholder: one link, whose
    // IRI encodes the braces in the host too.
    let l = f.links("see http://a{b}.example/ now").next().unwrap();
    assert_eq!(l.as_str(), "http://a{b}.example/");
    assert_eq!(l.iri(), "http://a%7Bb%7D.example/");
    // UTS #58 alone already takes balanced braces (they are brackets there).
    assert_eq!(found_strict("http://example.com/a{b}"), ["http://example.com/a{b}"]);
}

#[test]
fn json_string_ends_the_link_at_its_quote() {
    assert_eq!(found(r#"{"url":"https://例え.jp/a","n":1}"#), ["https://例え.jp/a"]);
}

#[test]
fn link_opened_by_a_quote_ends_at_the_closing_quote() {
    assert_eq!(found("('http://x.example/a','b')"), ["http://x.example/a"]);
    assert_eq!(found("„https://de.example/Straße“ und"), ["https://de.example/Straße"]);
    assert_eq!(found("«https://fr.example/été» et"), ["https://fr.example/été"]);
}

#[test]
fn bidi_controls_are_hard() {
    assert_eq!(found("https://example.com/\u{202E}gpj.exe"), ["https://example.com/"]);
    assert_eq!(found("https://example.com/a\u{2066}b"), ["https://example.com/a"]);
    assert_eq!(
        found("\u{200F}https://example.com/a\u{200F}"),
        ["https://example.com/a"]
    );
}

#[test]
fn cjk_punctuation_before_non_ascii_ends_the_link() {
    assert_eq!(found("http://例え.jp/パス、次に"), ["http://例え.jp/パス"]);
    assert_eq!(found("https://例子.中国/路径，然后"), ["https://例子.中国/路径"]);
    assert_eq!(found("http://例え.jp/a．b"), ["http://例え.jp/a．b"]);
    assert_eq!(
        found("http://例え.jp/a、https://例え.jp/b"),
        ["http://例え.jp/a", "https://例え.jp/b"]
    );
}

#[test]
fn brackets_inside_cjk_links_still_balance() {
    assert_eq!(
        found("https://ja.wikipedia.org/wiki/東京_(曖昧さ回避)を参照"),
        ["https://ja.wikipedia.org/wiki/東京_(曖昧さ回避)を参照"]
    );
    assert_eq!(
        found("（https://ja.wikipedia.org/wiki/東京_(曖昧さ回避)）"),
        ["https://ja.wikipedia.org/wiki/東京_(曖昧さ回避)"]
    );
}

#[test]
fn ipv6_port_and_userinfo_are_part_of_the_authority() {
    assert_eq!(found("http://[2001:db8::1]:8080/x ok"), ["http://[2001:db8::1]:8080/x"]);
    assert_eq!(
        found("ftp://user@host.example:2121/ ok"),
        ["ftp://user@host.example:2121/"]
    );
    assert_eq!(found("http://192.0.2.1:80/ ok"), ["http://192.0.2.1:80/"]);
}

#[test]
fn invalid_dns_labels_do_not_link() {
    for text in [
        "See http://.foo.example.com/x",
        "See http://foo..example.com/x",
        "See http://-foo.example-.com.",
    ] {
        assert!(found(text).is_empty(), "{text}");
    }
}

#[test]
fn angle_brackets_delimit_a_link() {
    assert_eq!(found("<http://a.example/x>"), ["http://a.example/x"]);
    assert_eq!(found("<URL:http://a.example/x>"), ["http://a.example/x"]);
}

#[test]
fn folded_link_in_angle_brackets_is_one_link() {
    let text = "see <URL:http://example.com/very/\n   long/path> and more";
    let links: Vec<_> = Finder::new().links(text).collect();
    assert_eq!(links.len(), 1);
    assert_eq!(links[0].as_str(), "http://example.com/very/\n   long/path");
    assert_eq!(links[0].iri(), "http://example.com/very/long/path");
    assert!(links[0].is_folded());
}

#[test]
fn folded_link_in_a_quoted_reply_drops_the_quote_markers() {
    let text = "> see <http://example.com/a/\n> b/c> ok";
    let link = Finder::new().links(text).next().unwrap();
    assert_eq!(link.iri(), "http://example.com/a/b/c");
}

#[test]
fn an_angle_link_closed_on_its_line_is_not_folded() {
    // The `>` (or a second `<`) comes before any newline: nothing to
    // unfold, whatever `>` a later line holds.
    for text in [
        "<http://example.com/a> then\nmore text>",
        "<http://example.com/a <b\nc>",
    ] {
        let links: Vec<_> = Finder::new().links(text).collect();
        assert_eq!(links[0].as_str(), "http://example.com/a", "{text:?}");
        assert!(!links[0].is_folded(), "{text:?}");
    }
}

#[test]
fn a_length_cap_that_ends_before_the_colon_leaves_a_folded_link_unread() {
    // The fold rule looks no further than the cap (16 bytes at least):
    // here it ends inside a 20-letter scheme, before the colon.
    let mut f = Finder::new();
    f.max_link_len(16);
    let scheme = "a".repeat(20);
    for text in [
        format!("<{scheme}://example.com/a/\n b>"),
        format!("<URL:{scheme}://example.com/a/\n b>"),
    ] {
        assert!(f.links(&text).all(|l| l.as_str().len() <= 16), "{text:?}");
    }
}

#[test]
fn scheme_less_domain_needs_an_iana_tld() {
    assert_eq!(found("visit www.example.com today"), ["www.example.com"]);
    assert_eq!(found("пример.рф и bücher.de"), ["пример.рф", "bücher.de"]);
    assert_eq!(found("例え.jp"), ["例え.jp"]);
    assert!(found("example.invalid example.テスト").is_empty());
}

#[test]
fn domain_kind_iri_uses_the_default_scheme() {
    let mut f = Finder::new();
    let l = f.links("www.example.com/a").next().unwrap();
    assert_eq!(l.kind(), LinkKind::Domain);
    assert_eq!(l.iri(), "https://www.example.com/a");
    f.default_scheme("http");
    assert_eq!(
        f.links("www.example.com").next().unwrap().iri(),
        "http://www.example.com"
    );
}

#[test]
fn domain_port_and_path_follow_the_host() {
    assert_eq!(
        found("Visit www.example.com:8080/path?a=1&b=2#frag."),
        ["www.example.com:8080/path?a=1&b=2#frag"]
    );
}

#[test]
fn trailing_dot_of_a_domain_is_dropped() {
    assert_eq!(found("Go to example.com."), ["example.com"]);
}

/// `.ai` names are AI companies' and tools' sites far more often than
/// Illustrator files in running text: `fast.ai`, `Fixie.ai` and
/// `Laboro.AI` link (3 held-out lines), a `.ai` file before the word
/// "file" does not.
#[test]
fn an_ai_company_named_by_its_site_is_a_link() {
    assert_found_one(&[
        ("fast.ai 라고 하는 이런 스터디가 있는데", "fast.ai"),
        ("[55] Fixie.ai, \u{201c}Ultravox-v0.6\u{201d}", "Fixie.ai"),
        ("| Laboro.AI | 2023 |", "Laboro.AI"),
    ]);
    assert!(found("open the logo.ai file in Illustrator").is_empty());
}

#[test]
fn file_names_and_paths_are_not_domains() {
    assert!(found("see main.rs and setup.py and README.md and src/lib.rs").is_empty());
    assert_eq!(found("but www.example.py is a site"), ["www.example.py"]);
    // A path under the name: no file has one, so it is a host.
    assert_eq!(
        found("see docs.rs/serde and lib.rs/crates/tokio, tu: gv2xu.cc/WlhXzU ~u9pa"),
        ["docs.rs/serde", "lib.rs/crates/tokio", "gv2xu.cc/WlhXzU"]
    );
    assert!(found("see src/main.rs, setup.py:12 and main.rs/ here").is_empty());
    // Files side by side are no path.
    assert_no_links(&[
        "Update README.md/CONTRIBUTING.md before merging.",
        "Edit main.rs/lib.rs and setup.py/pyproject.toml",
        "see test.py/2 and notes.md/3",
    ]);
    // Terraform's files and an include file, in a `tree` listing and prose.
    assert_no_links(&[
        "├── provider.tf",
        "│   └── vpc.tf",
        "The file \"expires.inc\" is copied",
    ]);
    assert_eq!(found("docs at www.example.tf"), ["www.example.tf"]);
}

/// A Kubernetes label or annotation key, taint or API group under
/// `k8s.io`, `kubernetes.io` or `k3s.io` (`kubernetes.io/os=linux`,
/// `k3s.io/internal-ip: …`, `apiVersion: networking.k8s.io/v1`), or a
/// built-in secret type (`kubernetes.io/dockerconfigjson`), is a name
/// in a manifest or `kubectl` output, no page; the sites' pages still link.
#[test]
fn kubernetes_keys_and_api_groups_are_no_links() {
    assert_no_links(&[
        "                      kubernetes.io/hostname=k3s-master-01",
        "kubectl get pods -l \"app.kubernetes.io/name=web\"",
        "                    k3s.io/internal-ip: 10.0.0.5",
        "Tolerations: node.kubernetes.io/not-ready:NoExecute op=Exists for 300s",
        "apiVersion: kubeproxy.config.k8s.io/v1alpha1",
        "apiVersion: networking.k8s.io/v1",
        "configs      operator.openshift.io/v1      false      Config",
        // Built-in secret types and well-known keys written alone.
        "ashu-img-secret       kubernetes.io/dockerconfigjson        1      4s",
        "default-token-zpbvs   kubernetes.io/service-account-token   3      24s",
        "        topologyKey: kubernetes.io/hostname",
    ]);
    assert_found_one(&[
        ("see kubernetes.io/docs/concepts now", "kubernetes.io/docs/concepts"),
        ("read kubernetes.io/blog", "kubernetes.io/blog"),
        ("see example.io/tls now", "example.io/tls"),
        // (An image's tag is no key: the rules for images decide.)
        ("image: registry.k8s.io/pause:3.9", "registry.k8s.io/pause"),
        ("see example.io/v1 now", "example.io/v1"),
        (
            "docs at docs.openshift.io/container-platform",
            "docs.openshift.io/container-platform",
        ),
    ]);
}

/// Microsoft's .NET frameworks and languages named in prose (`ASP.NET
/// Core`, `ADO.NET`, `VB.NET`, `asp.net` in a sentence) are no sites,
/// though `asp.net` is one; with `www.` or a path the site links.
#[test]
fn dotnet_framework_names_are_no_links() {
    assert_no_links(&[
        "built with ASP.NET Core and ADO.NET",
        "a VB.NET sample",
        "Запустить asp.net приложение в docker контейнере",
    ]);
    assert_found_one(&[
        ("see www.asp.net now", "www.asp.net"),
        ("go to asp.net/mvc now", "asp.net/mvc"),
    ]);
}

/// A Terraform reference to an attribute (`aws_internet_gateway.default.id`,
/// `var.name`) is code, though `.id` and `.name` are TLDs: a first label
/// in snake case, or one of HCL's reference words. A host whose lower
/// labels hold a `_` stays a link.
#[test]
fn terraform_references_are_no_links() {
    assert_no_links(&[
        "      gateway_id = aws_internet_gateway.default.id",
        "  subnet_id = aws_subnet.eu-central-1a-private.id",
        "  role = aws_iam_role.test.name",
        "  name = var.name",
    ]);
    assert_found_one(&[
        (
            "see gcs_test_env.storage.googleapis.com now",
            "gcs_test_env.storage.googleapis.com",
        ),
        ("see www.example.name now", "www.example.name"),
        // A site under a `data.` name; HCL's data sources have a snake-case type.
        ("see data.go.id now", "data.go.id"),
    ]);
    assert_no_links(&["ami = data.aws_ami.ubuntu.id"]);
}

#[test]
fn common_negatives_do_not_link() {
    for text in [
        "e.g. this",
        "i.e. that",
        "v1.2.3",
        "a.b",
        "3.14",
        "foo.invalid",
        "user@localhost",
        "@handle",
    ] {
        assert!(found(text).is_empty(), "{text}");
    }
}

#[test]
fn email_is_its_own_kind_with_a_mailto_iri() {
    let l = Finder::new().links("write to имя@пример.рф!").next().unwrap();
    assert_eq!(l.as_str(), "имя@пример.рф");
    assert_eq!(l.kind(), LinkKind::Email);
    assert_eq!(l.iri(), "mailto:имя@пример.рф");
    assert_eq!(l.to_uri().unwrap(), "mailto:%D0%B8%D0%BC%D1%8F@xn--e1afmkfd.xn--p1ai");
}

/// Syslog writes a priority, `facility.level`, after each line's host
/// (`mail.info`): `.info` is a TLD, the name no host; hosts under `.info`
/// stay links.
#[test]
fn syslog_priorities_are_not_domains() {
    assert_eq!(
        found("Aug 12 22:37:54 5de1 mail.info postfix/smtpd[2857]: connect from mx.example.com[192.0.2.1]"),
        ["mx.example.com"]
    );
    assert_eq!(
        found("kernel logs go to kern.info and local3.info"),
        Vec::<String>::new()
    );
    assert_eq!(
        found("see mail.example.info or wiki.info"),
        ["mail.example.info", "wiki.info"]
    );
}

/// Go stack traces name functions by package path (`pkg.Func(`,
/// `pkg.(*T).Method(` with Go's argument words): code, not links; a page
/// whose path holds parentheses stays a link.
#[test]
fn go_stack_frames_are_not_links() {
    let trace = "goroutine 1 [running]:\n\
                 github.com/ansible-semaphore/semaphore/api/tasks.(*task).sendTelegramAlert(0xc420b68000)\n\
                 \t/go/src/github.com/ansible-semaphore/semaphore/api/tasks/alert.go:81 +0x2b\n\
                 created by github.com/ansible-semaphore/semaphore/api/tasks.(*taskPool).run\n\
                 github.com/blackducksoftware/perceptor/pkg/core.RunFromInsideCluster()";
    assert_eq!(found(trace), Vec::<String>::new());
    assert_eq!(
        found("see en.wikipedia.org/wiki/Go_(language) ok"),
        ["en.wikipedia.org/wiki/Go_(language)"]
    );
    assert_eq!(
        found("https://github.com/o/r/pkg.(*T).M(0x1)"),
        ["https://github.com/o/r/pkg.(*T).M(0x1)"],
        "with a scheme the writer meant a link"
    );
}

/// A V8 stack frame (Node.js, Chrome) names a class's method after an
/// indented `at ` (`    at Generator.next (<anonymous>)`: `.next` and
/// `.map` are TLDs): code, not a link. The same name in prose, or after
/// an `at` that starts no indented line, stays a link.
#[test]
fn javascript_stack_frames_are_not_links() {
    let trace = "TypeError: x is not a function\n    at Array.map (<anonymous>)\n    at Generator.next (<anonymous>)\n\tat new Promise (<anonymous>)\n    at async Promise.all (index 0)";
    assert_eq!(found(trace), Vec::<String>::new());
    assert_eq!(
        found("    at Generator.next (<anonymous>)"),
        Vec::<String>::new(),
        "at the text's start"
    );
    assert_eq!(found("look at Example.com (the site)"), ["Example.com"]);
    assert_eq!(
        found("    at Example.com we sell (cheap)"),
        ["Example.com"],
        "no ` (` after the name"
    );
    assert_eq!(
        found("    at example.com (the site)"),
        ["example.com"],
        "a lowercase name"
    );
}

/// In a Markdown code span a name of two labels is code (`block.call`)
/// unless it is under one of the first generic TLDs (`google.com`) or a
/// path follows it (`keybase.io/name`).
#[test]
fn classic_tld_names_in_code_spans_are_hosts() {
    assert_eq!(
        found("Cant even ping `google.com` (but can with the IP)"),
        ["google.com"]
    );
    assert_eq!(
        found("a domain (e.g. `vietspeak.com`) points at the VPS"),
        ["vietspeak.com"]
    );
    assert_eq!(found("call `block.call` or `object.fun` here"), Vec::<String>::new());
    // With a path, an account on a site (contact pages write them so).
    assert_eq!(
        found("- Name 用户名: `keybase.io/kagurazakayashi`"),
        ["keybase.io/kagurazakayashi"]
    );
    assert_eq!(
        found("join `t.me/iriscan_chat` or `discord.gg/abc`"),
        ["t.me/iriscan_chat", "discord.gg/abc"]
    );
    // Under other TLDs a path is code's (division, arity).
    assert!(found("`obj.name/2` `stats.run/total` `x.data/y`").is_empty());
}

/// A bare name alone maps to its URI without a parse of its IRI: the
/// result is that IRI's mapping, ASCII or not, with the default scheme
/// set or not, and names with a path or a fullwidth dot take the full
/// mapping.
#[test]
fn bare_name_uri_is_the_mapping_of_its_iri() {
    let text = "see example.com, пример.рф, ตัวอย่าง.ไทย, my_host.example.org, www.example.com/a/b, \
                例え．テスト．jp, bücher.de:8080 and xn--e1afmkfd.xn--p1ai";
    for scheme in ["https", "http", "ftp"] {
        let mut f = Finder::new();
        f.default_scheme(scheme);
        let mut seen = 0;
        for link in f.links(text).filter(|l| l.kind() == LinkKind::Domain) {
            let want = iriscan::to_uri(&link.iri()).map(|u| u.into_owned());
            assert_eq!(
                link.to_uri().map(|u| u.into_owned()),
                want,
                "{} ({scheme})",
                link.as_str()
            );
            seen += 1;
        }
        assert!(seen >= 6, "{seen}");
    }
}

/// Mail server logs write a message's Message-ID as `message-id=<…>`
/// (Postfix) or `msgid=<…>` (sendmail): an id, not an address; the
/// addresses on the same lines stay links.
#[test]
fn message_ids_in_mail_server_logs_are_not_emails() {
    assert_eq!(
        found("postfix/cleanup[2860]: 58E4E422EB: message-id=<CAO6f_5Zo=gw@mail.gmail.com>"),
        Vec::<String>::new()
    );
    assert_eq!(
        found("sm-mta[412]: x1: from=<ann@example.org>, size=812, msgid=<20050603.GC2@host.example.org>, proto=ESMTP"),
        ["ann@example.org"]
    );
    assert_eq!(found("orig_to=<bob@example.org>, status=sent"), ["bob@example.org"]);
    assert_eq!(
        found("to=<carol@example.com>, relay=mx.example.com"),
        ["carol@example.com", "mx.example.com"]
    );
}

/// An email with non-ASCII letters maps to its URI without a parse of its
/// `mailto:` IRI: the result is that IRI's mapping, in every script, with
/// the local part, the domain or both non-ASCII.
#[test]
fn idn_email_uri_is_the_mapping_of_its_mailto_iri() {
    let text = "d.sokolov@пример.рф, jörg@example.de; vorstand@sportverein-mühlheim.de \
                ทีมงาน@ตัวอย่าง.ไทย सहायता@उदाहरण.भारत ομάδα@παράδειγμα.ελ 王@例子.中国 \
                a+b=c@xn--e1afmkfd.xn--p1ai";
    let mut seen = 0;
    for link in Finder::new().links(text) {
        assert_eq!(link.kind(), LinkKind::Email, "{}", link.as_str());
        let want = iriscan::to_uri(&format!("mailto:{}", link.as_str())).map(|u| u.into_owned());
        assert_eq!(link.to_uri().map(|u| u.into_owned()), want, "{}", link.as_str());
        seen += 1;
    }
    assert_eq!(seen, 8);
}

#[test]
fn email_local_part_may_contain_dots_and_plus() {
    assert_eq!(
        found("user.name+tag@example.co.uk, john.art@example.com"),
        ["user.name+tag@example.co.uk", "john.art@example.com"]
    );
}

#[test]
fn email_local_part_rules() {
    for text in ["john..doe@example.com", ".john@example.com", "john.@example.com"] {
        assert!(found(text).is_empty(), "{text}");
    }
}

#[test]
fn email_local_part_longer_than_the_cap_is_not_a_link() {
    let long = format!("write to {}@example.com today", "a".repeat(200));
    assert!(found(&long).is_empty(), "a link must not start inside the local part");
    let ok = format!("write to {}@example.com today", "a".repeat(100));
    assert_eq!(found(&ok), [&ok[9..ok.len() - 6]]);
}

#[test]
fn domain_longer_than_the_cap_is_not_a_link() {
    for name in ["a".repeat(300), "ab.".repeat(100) + "ab"] {
        let text = format!("see {name}.com now");
        assert!(found(&text).is_empty(), "a link must not start inside {name}");
    }
    let ok = format!("see {}.com now", "ab.".repeat(60) + "ab");
    assert_eq!(found(&ok), [&ok[4..ok.len() - 4]]);
}

#[test]
fn mailto_prefix_belongs_to_the_link() {
    assert_eq!(found("mailto:a@example.com."), ["mailto:a@example.com"]);
    assert_eq!(found("mailto:a@example.com/foo"), ["mailto:a@example.com"]);
    assert_eq!(
        found("mailto:user@例え.jp?subject=hi"),
        ["mailto:user@例え.jp?subject=hi"]
    );
}

/// A `mailto:` whose address is written against harvesters (`AT`, `(at)`)
/// holds no mailbox: no link. One of a bare name alone still links, as
/// xurls and linkifyjs link it.
#[test]
fn a_mailto_of_an_obfuscated_address_is_no_link() {
    assert_no_links(&[
        "# mailto:olivier.korach AT gmail DOT com",
        "write to mailto:jane(at)example.com today",
        "mailto:jane [at] example.com",
    ]);
    assert_eq!(
        found("mailto:a@example.com at home, or mailto:foo"),
        ["mailto:a@example.com", "mailto:foo"]
    );
}

/// A capitalised word glued to an address's TLD (`…@gmail.comTel`, a
/// line break lost in flattened text) is not part of it; after a bare
/// name the same shape is a code member and no link.
#[test]
fn a_word_glued_to_an_email_tld_ends_it() {
    assert_found_one(&[
        ("Chantallessart@gmail.comTel 0611955900", "Chantallessart@gmail.com"),
        ("Email: info@example.comPhone: 123", "info@example.com"),
    ]);
    assert_no_links(&[
        "visit example.comToday",
        "self.appDelegate and this.infoLabel",
        "this@MainActivity.runOnUiThread {",
    ]);
}

/// Slack writes a link `<target|label>`; a label that repeats the target
/// is its text, not a second link.
#[test]
fn the_label_of_a_slack_link_is_its_text() {
    assert_found_one(&[
        (
            "<https://alexey.kuleshevi.ch/blog/x/|https://alexey.kuleshevi.ch/blog/x/> がよく",
            "https://alexey.kuleshevi.ch/blog/x/",
        ),
        ("<mailto:x@example.com|x@example.com>", "mailto:x@example.com"),
        ("{{cite|https://c.example/}}", "https://c.example/"),
        ("<https://x.example/a|x.example/a>", "https://x.example/a"),
    ]);
    // A label that names another URL is a link of its own.
    assert_eq!(
        found("<https://t.co/abc|https://example.com/article>"),
        ["https://t.co/abc", "https://example.com/article"]
    );
}

/// A name before ` AT ` (or `(at)`, `[at]`) and a domain is the local part
/// of an address written against harvesters: no link. ` AT ` before a word
/// without a dot leaves the name.
#[test]
fn a_name_before_a_written_at_is_a_local_part() {
    assert_no_links(&["seisman\\thanks{seisman.info AT gmail.com} }", "foo.info [at] bar.org"]);
    assert_found_one(&[
        ("see example.com AT home?", "example.com"),
        ("example.com at noon", "example.com"),
        ("MORE INFO AT WWW.EXAMPLE.ORG", "WWW.EXAMPLE.ORG"),
        ("STREAM ON TWITCH.TV AT 8.30 PM", "TWITCH.TV"),
    ]);
}

#[test]
fn kinds_can_be_switched_off() {
    let text = "http://a.example b@example.com www.example.com";
    let mut f = Finder::new();
    f.kinds(&[LinkKind::Iri]);
    assert_eq!(found_with(&f, text), ["http://a.example"]);
    f.kinds(&[LinkKind::Email]);
    assert_eq!(found_with(&f, text), ["b@example.com"]);
    f.kinds(&[LinkKind::Domain]);
    assert_eq!(found_with(&f, text), ["www.example.com"]);
}

#[test]
fn scheme_allow_list_limits_iris() {
    let mut f = Finder::new();
    f.allow_schemes(&["https"]);
    assert_eq!(
        found_with(&f, "http://a.example https://b.example ftp://c.example"),
        ["https://b.example"]
    );
}

#[test]
fn invalid_utf8_is_a_hard_boundary() {
    let f = Finder::new();
    let bytes = b"http://a.example/x\xFF\xFEhttp://b.example/\xC3 ok";
    let links: Vec<_> = f
        .links_bytes(bytes)
        .map(|l| (l.start(), l.as_str().to_owned()))
        .collect();
    assert_eq!(
        links,
        [
            (0, "http://a.example/x".to_owned()),
            (20, "http://b.example/".to_owned())
        ]
    );
}

#[test]
fn link_never_splits_a_grapheme_cluster() {
    // U+0301 combining acute after a trailing dot would be cut from its base.
    let text = "http://a.example/cafe\u{301} ok";
    assert_eq!(found(text), ["http://a.example/cafe\u{301}"]);
    let text = "http://a.example/x.\u{301}";
    for l in Finder::new().links(text) {
        assert!(text.is_char_boundary(l.end()));
        assert!(!text[l.end()..].starts_with('\u{301}'), "{:?}", l.as_str());
    }
}

#[test]
fn square_brackets_in_query_link_and_are_encoded_in_the_iri() {
    let l = Finder::new().links("example.com/?foo[1]=a&foo[2]=b ok").next().unwrap();
    assert_eq!(l.as_str(), "example.com/?foo[1]=a&foo[2]=b");
    assert_eq!(l.iri(), "https://example.com/?foo%5B1%5D=a&foo%5B2%5D=b");
}

#[test]
fn strict_mode_follows_uts58_alone() {
    let mut f = Finder::new();
    f.strict_uts58(true);
    assert!(found_with(&f, "urn:isbn:978-3-16-148410-0 http://localhost:8080/").is_empty());
    assert_eq!(
        found_with(&f, "http://例え.jp/パス、次に"),
        ["http://例え.jp/パス、次に"]
    );
}

#[test]
fn strict_mode_finds_only_the_kinds_asked_for() {
    let text = "see http://example.org/x, example.com or a@example.net";
    let with = |kinds: &[LinkKind]| {
        let mut f = Finder::new();
        f.strict_uts58(true).kinds(kinds);
        f.links(text).map(|l| (l.kind(), l.as_str())).collect::<Vec<_>>()
    };
    let iri = (LinkKind::Iri, "http://example.org/x");
    let domain = (LinkKind::Domain, "example.com");
    let email = (LinkKind::Email, "a@example.net");
    assert_eq!(with(&[LinkKind::Iri]), [iri]);
    assert_eq!(with(&[LinkKind::Iri, LinkKind::Email]), [iri, email]);
    assert_eq!(with(&[LinkKind::Domain]), [domain]);
    assert_eq!(with(&[LinkKind::Email]), [email]);
    assert_eq!(
        with(&[LinkKind::Iri, LinkKind::Domain, LinkKind::Email]),
        [iri, domain, email]
    );
}

#[test]
fn an_allow_list_is_asked_of_the_scheme_the_link_has() {
    // A web scheme glued to a word is cut from it (`foohttps://`): the
    // list is asked about `https`, not the word.
    let text = "see foohttps://example.com/x and http://example.org/y";
    let mut f = Finder::new();
    f.allow_schemes(&["https"]);
    assert_eq!(found_with(&f, text), ["https://example.com/x"]);
    // Strict mode finds web IRIs from their names (and reads no scheme
    // word): the list holds there too.
    f.strict_uts58(true);
    assert_eq!(found_with(&f, text), ["https://example.com/x"]);
    f.allow_schemes(&["http"]);
    assert_eq!(found_with(&f, text), ["http://example.org/y"]);
    f.allow_schemes(&["mailto"]);
    assert_eq!(found_with(&f, "https://example.com/x"), Vec::<String>::new());
}

#[test]
fn mailto_glued_to_a_word_is_no_scheme() {
    // As no scheme starts inside an ASCII word, `xmailto:` is no
    // `mailto:` IRI: the address alone is the link, and with emails off,
    // nothing (as the scheme stage reads it).
    let text = "xmailto:a@example.com 1MAILTO:b@example.org +mailto:c@example.net";
    assert_eq!(found(text), ["a@example.com", "b@example.org", "mailto:c@example.net"]);
    let mut f = Finder::new();
    f.kinds(&[LinkKind::Iri]);
    assert_eq!(found_with(&f, text), ["mailto:c@example.net"]);
}

#[test]
fn links_end_for_good_and_spans_hold_the_same_links() {
    // Asked again after its last link, the iterator found links it had
    // passed over (a stale trigger state): `spans`, which asks again,
    // showed a link `links` never gave.
    let mut f = Finder::new();
    for (text, kinds) in [
        // Text after the last link: `spans` asks again.
        (
            "see http://example.com today",
            &[LinkKind::Iri, LinkKind::Email, LinkKind::Domain][..],
        ),
        (
            "see http://example.com",
            &[LinkKind::Iri, LinkKind::Email, LinkKind::Domain][..],
        ),
        ("", &[LinkKind::Iri, LinkKind::Email, LinkKind::Domain][..]),
        (
            "news:comp.lang.rust example.com? 】    code x.py详细例え.jp”a.bü key:value",
            &[LinkKind::Iri, LinkKind::Email, LinkKind::Domain][..],
        ),
        (
            "ile.txt例え.jp c<a href='mailto:a@b.com'>,git://github.com/x/y.gi",
            &[LinkKind::Domain][..],
        ),
    ] {
        f.kinds(kinds);
        let links: Vec<_> = f.links(text).map(|l| (l.start(), l.as_str())).collect();
        let in_spans: Vec<_> = f
            .spans(text)
            .filter_map(|s| s.link().map(|l| (l.start(), l.as_str())))
            .collect();
        assert_eq!(in_spans, links, "{text}");
        let mut it = f.links(text);
        for _ in it.by_ref() {}
        assert!(it.next().is_none() && it.next().is_none(), "{text}");
    }
}

#[test]
fn spans_cover_the_input_exactly() {
    let text = "a http://x.example/ b c@example.com d";
    let spans: Vec<_> = Finder::new().spans(text).collect();
    let joined: String = spans.iter().map(|s| s.as_str()).collect();
    assert_eq!(joined, text);
    assert_eq!(spans.iter().filter(|s| s.link().is_some()).count(), 2);
    for w in spans.windows(2) {
        assert_eq!(w[0].end(), w[1].start());
    }
}

#[test]
fn the_length_cap_cuts_only_a_path_query_or_fragment() {
    // A cut in a host, an address or an opaque IRI would name another
    // host, address or number: such a link is not linked at all, and
    // neither is what is left of it after the cap.
    let mut f = Finder::new();
    f.max_link_len(24);
    assert_eq!(
        found_with(&f, "see https://example.com/abcdefghijk ok"),
        ["https://example.com/abcd"]
    );
    f.max_link_len(16);
    for text in [
        "see https://example.com/abcdefghijk ok",
        "write mailto:abcdefgh@example.com now",
        "tel:+1-555-0100-0199-0123 call",
        "see www.example-domain-name.com ok",
        "mail a@example-domain-name.com ok",
    ] {
        assert_eq!(found_with(&f, text), Vec::<String>::new(), "{text}");
    }
    // A cut inside a character of the host, and what is inside a word
    // the cap leaves unlinked.
    for text in [
        "x https://例え例え.jp/ ok",
        "urn:isbn:foo.example.com/abcdefghijklmnopqrstuvwxyz ok",
        "see http://user:password@example.com/x ok",
    ] {
        assert_eq!(found_with(&f, text), Vec::<String>::new(), "{text}");
    }
    f.max_link_len(40);
    assert_eq!(
        found_with(&f, "mailto:info@example.com?subject=Hallo%20Verein ok"),
        Vec::<String>::new()
    );
    // A link of just the cap's length before punctuation is whole.
    f.max_link_len(19);
    assert_eq!(found_with(&f, "see https://example.com, ok"), ["https://example.com"]);
    f.max_link_len(20);
    assert_eq!(found_with(&f, "tel:+1-555-123-45678, ok"), ["tel:+1-555-123-45678"]);
    f.max_link_len(16);
    f.strict_uts58(true);
    assert_eq!(found_with(&f, "see http://xample.com ok"), Vec::<String>::new());
    assert_eq!(found_with(&f, "see http://xamp.com ok"), ["http://xamp.com"]);
}

#[test]
fn long_link_is_cut_at_the_length_cap() {
    let mut f = Finder::new();
    f.max_link_len(64);
    let text = format!("http://a.example/{}", "x".repeat(200));
    let l = f.links(&text).next().unwrap();
    assert_eq!(l.as_str().len(), 64);
}

#[test]
fn url_template_placeholder_is_part_of_the_link() {
    let finder = Finder::new();
    let links: Vec<_> = finder.links("clone https://github.com/<user>/repo first").collect();
    assert_eq!(links.len(), 1);
    assert_eq!(links[0].as_str(), "https://github.com/<user>/repo");
    // The IRI it denotes encodes the angle brackets, as browsers do.
    assert_eq!(links[0].to_uri().unwrap(), "https://github.com/%3Cuser%3E/repo");
    assert_eq!(
        found("`https://gift.example.com/campaign/?v=<code>` ok"),
        ["https://gift.example.com/campaign/?v=<code>"]
    );
    assert_eq!(
        found("see example.com/users/<id>/posts"),
        ["example.com/users/<id>/posts"]
    );
    // An HTML tag after a link is not a placeholder, nor is `<` elsewhere.
    assert_eq!(found("<p>https://example.com/<br>next"), ["https://example.com/"]);
    assert_eq!(found("<https://example.com/>"), ["https://example.com/"]);
    assert_eq!(found("https://example.com/a<b>"), ["https://example.com/a"]);
    // UTS #58 alone takes `<…>` in as a bracket pair: the same link.
    assert_eq!(
        found_with(Finder::new().strict_uts58(true), "https://github.com/<user>/repo"),
        ["https://github.com/<user>/repo"]
    );
}

/// A URI template whose host, userinfo or port is a placeholder is one
/// link, placeholders included: `{…}`, `{{…}}`, `${…}` (with a default),
/// `{$…}`, `%{…}`, `<…>` in any script, `$name`. The IRI it denotes
/// percent-encodes what a host may not hold.
#[test]
fn a_template_placeholder_in_the_authority_is_part_of_the_link() {
    for (text, link, uri) in [
        (
            r#""resolved": "https://{internalurl}/resolve/-/resolve-1.20.0.tgz","#,
            "https://{internalurl}/resolve/-/resolve-1.20.0.tgz",
            "https://%7Binternalurl%7D/resolve/-/resolve-1.20.0.tgz",
        ),
        (
            "url=jdbc:mysql://${MYSQL_HOST:localhost}:3306/db?ssl=false",
            "jdbc:mysql://${MYSQL_HOST:localhost}:3306/db?ssl=false",
            "jdbc:mysql://$%7BMYSQL_HOST:localhost%7D:3306/db?ssl=false",
        ),
        (
            "uri: `mongodb://${DB_USER}:${DB_PASS}@cluster0.example.net:27017`,",
            "mongodb://${DB_USER}:${DB_PASS}@cluster0.example.net:27017",
            "mongodb://$%7BDB_USER%7D:$%7BDB_PASS%7D@cluster0.example.net:27017",
        ),
        ("aws s3 cp s3://$accountid-monitor --x", "s3://$accountid-monitor", "s3://$accountid-monitor"),
        (
            "python3 run.py --data-dir gs://{$BUCKET_NAME} \\",
            "gs://{$BUCKET_NAME}",
            "gs://%7B$BUCKET_NAME%7D",
        ),
        (
            "open(hdfs://<hdfs_ip>:8020/user/test): error",
            "hdfs://<hdfs_ip>:8020/user/test",
            "hdfs://%3Chdfs_ip%3E:8020/user/test",
        ),
        (
            "mongodb+srv://<用户名>:<密码>@x.example.net/<数据库>?w=majority",
            "mongodb+srv://<用户名>:<密码>@x.example.net/<数据库>?w=majority",
            "mongodb+srv://%3C%E7%94%A8%E6%88%B7%E5%90%8D%3E:%3C%E5%AF%86%E7%A0%81%3E@x.example.net/%3C%E6%95%B0%E6%8D%AE%E5%BA%93%3E?w=majority",
        ),
        (
            "RewriteRule ^(.*)$ https://%{HTTP_HOST}%{REQUEST_URI} [L,R=301]",
            "https://%{HTTP_HOST}%{REQUEST_URI}",
            "https://%25%7BHTTP_HOST%7D%25%7BREQUEST_URI%7D",
        ),
        ("GET https://{{base_url}}/v1/users", "https://{{base_url}}/v1/users", "https://%7B%7Bbase_url%7D%7D/v1/users"),
    ] {
        let links: Vec<_> = Finder::new().links(text).collect();
        assert_eq!(links.len(), 1, "{text}");
        assert_eq!(links[0].as_str(), link, "{text}");
        assert_eq!(links[0].to_uri().unwrap(), uri, "{text}");
    }
    // Not placeholders: a space, a digit after `$`, an elided userinfo.
    assert_no_links(&[
        "see http://{a b}/x",
        "sed 's|http://$1/x|'",
        "git+https://...@<commit>` pin",
    ]);
    // A placeholder written in another script in a path (`<檔名>`).
    assert_eq!(
        found("網址: https://www.ptt.cc/bbs/<Board>/<檔名>.html 再換算"),
        ["https://www.ptt.cc/bbs/<Board>/<檔名>.html"]
    );
}

/// When the reader's rules cut a link back to `scheme://` with nothing
/// after it, nothing is left to link (a regex: `"ttp://.*\\.(jpg|png)"`).
#[test]
fn a_cut_that_leaves_only_scheme_and_slashes_leaves_no_link() {
    assert_no_links(&[r#"compile("ttp://.*\\.(jpg|png|gif)");"#, r#"x "foo://.*\\.(a)" y"#]);
    assert_eq!(found(r#"x "foo://a.*\\.(b)" y"#), ["foo://a"]);
}

/// A scheme that names no DNS host may leave the authority empty before
/// a path, as `file:///` does (`sqlite:///db.sqlite3`, `hdfs:///data`);
/// a web scheme may not.
#[test]
fn an_empty_authority_before_a_path_links_for_a_scheme_without_dns() {
    assert_eq!(found("DATABASE_URL=sqlite:///db.sqlite3"), ["sqlite:///db.sqlite3"]);
    assert_eq!(found(r#"read("hdfs:///data/x/y")"#), ["hdfs:///data/x/y"]);
    assert_no_links(&["see http:///x", "https:/// now", "sqlite:/// now", "ftp:///x"]);
}

/// A fullwidth opening bracket glued after an ASCII link that opens a note
/// in Chinese or Japanese (`…/oj（检索日期 2026-08-12）`) ends the link, as
/// `、` would; a bracket around ASCII, or after a path already in that
/// script, stays in it.
#[test]
fn a_fullwidth_bracket_opening_a_cjk_note_ends_an_ascii_link() {
    assert_found_one(&[
        (
            "见 https://eur-lex.europa.eu/eli/reco/2021/2279/oj（检索日期 2026-08-12）",
            "https://eur-lex.europa.eu/eli/reco/2021/2279/oj",
        ),
        ("请见example.com/path【中文】", "example.com/path"),
        ("https://example.com/a（b）", "https://example.com/a（b）"),
        ("https://例え.jp/パス（注）です", "https://例え.jp/パス（注）です"),
    ]);
}

/// A web scheme split by a space (`htt p://`, `ht tp://`, `http s://`, as
/// PDF text layers break words) leaves no IRI of a one- or two-letter
/// scheme: the name after `//` is read as a bare name. `h ttp://` keeps
/// the h-less `ttp://` link, and a real one-letter scheme links.
#[test]
fn a_web_scheme_split_by_a_space_leaves_a_bare_name() {
    assert_found_one(&[
        ("see <htt p://www.gnu.org/licenses/>.", "www.gnu.org/licenses/"),
        ("(ht tp://example.com/x)", "example.com/x"),
        ("http s://example.com/x", "example.com/x"),
        ("h ttp://www.example.com/itm/1", "ttp://www.example.com/itm/1"),
        ("see a p://example.com ok", "p://example.com"),
    ]);
    assert_no_links(&[r#"<a href="htt p://localhost/change-pass.php">"#]);
}

/// A space between a web scheme and its colon (`http ://`, PDF text
/// layers and licence headers) or inside its `//` (`http:/ /`), or a
/// fullwidth colon (`http：//`, CJK input methods), leaves the name after
/// `//` as a bare name; another word before them does not.
#[test]
fn a_web_scheme_parted_from_its_colon_leaves_a_bare_name() {
    assert_found_one(&[
        (
            "Licensed under http ://www.apache.org/licenses/LICENSE-2.0 .",
            "www.apache.org/licenses/LICENSE-2.0",
        ),
        ("<http ://www.gnu.org/licenses/>", "www.gnu.org/licenses/"),
        ("HTTPS ://example.com/a", "example.com/a"),
        (
            "see https:/ /www.ibm.com/support/pages/dfsort.",
            "www.ibm.com/support/pages/dfsort",
        ),
        (
            r#"<html xmlns="http:/ /www.w3.org/1999/xhtml""#,
            "www.w3.org/1999/xhtml",
        ),
        (
            "附录见本刊网络版（http：//www.aeps-info.com/aeps/ch/index.aspx），扫",
            "www.aeps-info.com/aeps/ch/index.aspx",
        ),
    ]);
    assert_no_links(&[
        "x ://www.gnu.org/licenses/ y",
        "xhttp ://example.com/b",
        " ://example.com/c",
        "foo:/ /example.com/x",
        "foo：//example.com/y",
    ]);
}

/// A link that ends in the `*/` of a C-style comment opened before it on
/// its line ends before the `*/`; without the `/*` a glob's `/*/` stays.
#[test]
fn a_comment_close_after_a_link_is_not_part_of_it() {
    assert_found_one(&[
        ("/* see http://example.com/a*/", "http://example.com/a"),
        ("/*http://example.com/b/*/", "http://example.com/b/"),
        (
            "///*htt p://duanple.blog.163.com/blog/static/7097176720081131113145832/*/",
            "duanple.blog.163.com/blog/static/7097176720081131113145832/",
        ),
        ("/*www.example.com/d*/", "www.example.com/d"),
        ("glob https://example.com/*/ ok", "https://example.com/*/"),
        (
            "rsync /srv/*/ x; see https://example.com/files/*/",
            "https://example.com/files/*/",
        ),
        ("/* x */ https://example.com/c/*/", "https://example.com/c/*/"),
    ]);
}

#[test]
fn host_of_punctuation_alone_is_not_a_link() {
    assert!(found("script ('https://****/public/service-worker.js'): error").is_empty());
    assert!(found("같은 주소인데 http://~~ 로 테스트").is_empty());
    assert_eq!(found("http://x/~~ ok"), ["http://x/~~"]);
    assert_eq!(found("file:///etc/hosts"), ["file:///etc/hosts"]);
}

#[test]
fn file_uri_with_an_absolute_path_links_without_authority() {
    assert_eq!(found("see file:/etc/motd now"), ["file:/etc/motd"]);
    assert_eq!(found("file:///etc/hosts"), ["file:///etc/hosts"]);
    // Without a path it is a label.
    assert!(found("file: notes.txt").is_empty());
    assert!(found("file:/ x").is_empty());
}
#[test]
fn a_mailto_address_is_an_iri_only_when_iris_and_its_scheme_are_asked_for() {
    let text = "write mailto:a@example.com or b@example.org";
    let with = |f: &Finder| f.links(text).map(|l| (l.kind(), l.as_str())).collect::<Vec<_>>();
    let mailto = (LinkKind::Iri, "mailto:a@example.com");
    let (a, b) = ((LinkKind::Email, "a@example.com"), (LinkKind::Email, "b@example.org"));
    assert_eq!(with(&Finder::new()), [mailto, b]);
    assert_eq!(with(Finder::new().kinds(&[LinkKind::Iri])), [mailto]);
    // Emails only, or IRIs of other schemes: `mailto:` is text before
    // the address.
    assert_eq!(with(Finder::new().kinds(&[LinkKind::Email])), [a, b]);
    assert_eq!(with(Finder::new().allow_schemes(&["https"])), [a, b]);
    assert_eq!(with(Finder::new().allow_schemes(&["https"]).email(false)), []);
    assert_eq!(with(Finder::new().allow_schemes(&["MailTo"])), [mailto, b]);
    // Strict mode alike.
    assert_eq!(with(Finder::new().strict_uts58(true).kinds(&[LinkKind::Email])), [a, b]);
    assert_eq!(with(Finder::new().strict_uts58(true).allow_schemes(&["https"])), [a, b]);
}
/// Strict mode finds what UTS #58 finds, then keeps the kinds and schemes
/// asked for: a web IRI or a name it finds but was not asked for is no
/// link, and nothing inside it is one (a name in its path, an address).
#[test]
fn strict_mode_passes_over_a_link_of_a_kind_not_asked_for() {
    let text = "see https://example.com/redirect/other.org/x and example.com/u@x.org ok";
    let with = |f: &Finder| f.links(text).map(|l| l.as_str().to_owned()).collect::<Vec<_>>();
    let strict = || {
        let mut f = Finder::new();
        f.strict_uts58(true);
        f
    };
    assert_eq!(with(strict().kinds(&[LinkKind::Domain])), ["example.com/u@x.org"]);
    assert_eq!(
        with(strict().kinds(&[LinkKind::Iri])),
        ["https://example.com/redirect/other.org/x"]
    );
    assert_eq!(
        with(strict().kinds(&[LinkKind::Iri, LinkKind::Domain])),
        ["https://example.com/redirect/other.org/x", "example.com/u@x.org"]
    );
    let text = "see http://example.com/r/other.org/x and https://a.org/b";
    assert_eq!(
        strict()
            .allow_schemes(&["https"])
            .links(text)
            .map(|l| l.as_str().to_owned())
            .collect::<Vec<_>>(),
        ["https://a.org/b"]
    );
}

#[test]
fn a_name_with_underscore_labels_never_starts_inside_a_word() {
    // The labels before an underscore are read back over ASCII; a letter
    // of another script before them is the same word going on.
    assert_eq!(found("see über_a.b.example.com"), Vec::<String>::new());
    assert_eq!(found("see u\u{308}_a.b.example.com"), Vec::<String>::new());
    assert_eq!(found("see uber_a.b.example.com"), ["uber_a.b.example.com"]);
    // After punctuation of another script, the name starts.
    for text in [
        "“my_host.example.com”",
        "（my_host.example.com）",
        "请访问：my_host.example.com",
        "«my_host.example.com»",
    ] {
        assert_eq!(found(text), ["my_host.example.com"], "{text}");
    }
    let mut f = Finder::new();
    f.kinds(&[LinkKind::Iri, LinkKind::Domain]);
    assert_eq!(found_with(&f, "b@ür.de_.x.om"), Vec::<String>::new());
}
#[test]
fn the_text_after_a_cut_link_is_read_wherever_the_blocks_fall() {
    // A name that the reader's rules cut before the dot it was found at
    // (`main.rs．www.example.com` ends at the fullwidth dot, glued to
    // what follows): the names after the cut are read again, at every
    // offset of the 64-byte blocks of the trigger search (they were read
    // at some offsets and not at others).
    let base = " <http://a.com/very/」user.name+tag@bücher.de\u{202e}main.rs．www.example.com) ok";
    let f = Finder::new();
    let want: Vec<String> = found_with(&f, base);
    assert!(want.iter().any(|l| l == "www.example.com"), "{want:?}");
    for pad in 0..140 {
        let text = format!("{}{base}", "x ".repeat(pad / 2) + if pad % 2 == 1 { " " } else { "" });
        assert_eq!(found_with(&f, &text), want, "pad {pad}");
    }
}

/// The address after another opaque scheme's `:` is that scheme's (a SIP
/// or XMPP address, a Message-ID after `news:`), not a mailbox: a finder
/// asked for emails and not for that scheme's IRIs links nothing there.
/// After `mailto:` it is the mailbox; after a word that is no registered
/// scheme (`Contact:`, `To:`, `x-sip:`) it is an email as before.
#[test]
fn an_address_of_another_opaque_scheme_is_no_email() {
    let mut emails = Finder::new();
    emails.kinds(&[LinkKind::Email]);
    let mut web_only = Finder::new();
    web_only.allow_schemes(&["https"]);
    for f in [&emails, &web_only] {
        for text in [
            "call sip:alice@example.org now",
            "call SIPS:alice@example.org now",
            "chat (xmpp:bob@example.org)",
            "see news:1234@news.example.org",
        ] {
            assert!(found_with(f, text).is_empty(), "{text}");
        }
        for (text, want) in [
            ("mail mailto:alice@example.org now", "alice@example.org"),
            ("Contact:alice@example.org", "alice@example.org"),
            ("To:alice@example.org", "alice@example.org"),
            ("x-sip:alice@example.org", "alice@example.org"),
        ] {
            assert_eq!(found_with(f, text), [want], "{text}");
        }
    }
    // With IRIs on, the scheme stage takes the IRI whole.
    assert_eq!(found("call sip:alice@example.org now"), ["sip:alice@example.org"]);
}

/// `{`, `|` and `}` are brackets and field separators around an address,
/// not part of its local part (default mode; RFC 5322 atext holds them,
/// and strict mode keeps them); a `'` that opens the local part is a
/// quotation mark. Inside a local part `'` stays.
#[test]
fn brackets_bars_and_quotes_around_an_address_are_not_part_of_it() {
    assert_eq!(
        found("bug {john@mozilla.org}john@mozilla.org test"),
        ["john@mozilla.org", "john@mozilla.org"]
    );
    assert_eq!(found("|bob@foo.com|555-9999|"), ["bob@foo.com"]);
    assert_eq!(
        found("say 'hi@example.com' and 'hi@example.com afterward"),
        ["hi@example.com", "hi@example.com"]
    );
    assert_eq!(found("a@x.org}b@y.org"), ["a@x.org", "b@y.org"]);
    assert_eq!(found("mail o'brien@example.com"), ["o'brien@example.com"]);
    assert_eq!(found_strict("|bob@foo.com|"), ["|bob@foo.com"]);
}
/// A run of two or more `-` that ends a link before white space is a dash
/// of the sentence (`…/index.html-- foo`); one `-` stays.
#[test]
fn a_dash_run_after_a_link_is_prose() {
    for (text, want) in [
        (
            "see http://www.foo.com/index.html-- foo",
            "http://www.foo.com/index.html",
        ),
        ("see http://x.org/k--- end", "http://x.org/k"),
        ("see http://x.org/a- end", "http://x.org/a-"),
        ("see www.example.com/a--", "www.example.com/a"),
        ("(see http://x.org/i--)", "http://x.org/i--"),
    ] {
        assert_eq!(found(text), [want], "{text}");
    }
}

/// In `<…>` (RFC 3986 Appendix C), sentence punctuation right before the
/// closing `>` is part of the IRI; outside brackets it is not.
#[test]
fn punctuation_before_a_closing_angle_bracket_is_the_iris() {
    assert_eq!(
        found("URL: <https://domain.example/path.>"),
        ["https://domain.example/path."]
    );
    assert_eq!(found("<URL:http://x.org/b?>"), ["http://x.org/b?"]);
    assert_eq!(
        found("see https://domain.example/path. Then"),
        ["https://domain.example/path"]
    );
    assert_eq!(
        found("(see https://domain.example/path.)"),
        ["https://domain.example/path"]
    );
    let l = Finder::new().links("<https://例え.jp/パス.>").next().unwrap();
    assert_eq!(l.to_uri().unwrap(), "https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9.");
}

/// In a Maven SCM URL, `scm:git:https://…`, the word after `scm:` names
/// the version control system: it is no scheme, and the link is what
/// follows its colon, if that is a link (an ssh remote `git@host:path`
/// is not; a scheme-less host is a name). Strict mode reads the text as
/// UTS 58 does.
#[test]
fn the_provider_of_a_maven_scm_url_is_no_scheme() {
    for (text, want) in [
        (
            "<connection>scm:git:https://github.com/o/r.git</connection>",
            vec!["https://github.com/o/r.git"],
        ),
        (
            "<connection>scm:svn:http://svn.example.org/trunk</connection>",
            vec!["http://svn.example.org/trunk"],
        ),
        (
            "<developerConnection>scm:git:git@github.com:o/r.git</developerConnection>",
            vec![],
        ),
        (
            "<connection>scm:git:github.com/o/r</connection>",
            vec!["github.com/o/r"],
        ),
        ("SCM:HG:https://hg.example.org/x", vec!["https://hg.example.org/x"]),
    ] {
        assert_eq!(found(text), want, "{text}");
    }
    // Not after another word ending in `scm`, and `git:` alone is unchanged.
    assert_eq!(found("xscm:git:git@h.example"), ["git:git@h.example"]);
    assert_eq!(found("see git:git@h.example"), ["git:git@h.example"]);
}

/// Build files whose whole name ends in a TLD, `meson.build` (`.build`)
/// and GN's `BUILD.gn` (`.gn`), are files, in a `git log --stat` line as
/// in prose; a host under those TLDs is still a name. A name of one label
/// under `.build` is a method or a file (`vgg.build`): a host needs more.
#[test]
fn meson_and_gn_build_files_are_no_names() {
    assert!(found(" meson.build                    | 5 +++++").is_empty());
    assert!(found("edit BUILD.gn and build.gn").is_empty());
    assert_eq!(
        found("see www.mesonbuild.build and x.gn"),
        ["www.mesonbuild.build", "x.gn"]
    );
    assert!(found("确保整个过程中只运行 vgg.build 一次").is_empty());
    assert_eq!(found("see nic.build/path"), ["nic.build/path"]);
    // `.data` and `.group` names are members in code too (spoken in
    // subtitles, glued to Korean particles); a `www.` name is a site.
    for text in [
        "tf.group자체는 어떤",
        "x.data는 tensor 입니다",
        "따라서 x.grad.data가 실제",
        "api.data 커맨드 를",
    ] {
        assert!(found(text).is_empty(), "{text}");
    }
    assert_eq!(found("www.example.data"), ["www.example.data"]);
}

/// A systemd target unit written bare (`After=network-online.target`,
/// `WantedBy=multi-user.target`) is no host, though `.target` is a TLD; a
/// name of more labels, or with a scheme, is a link.
#[test]
fn a_systemd_target_unit_is_no_name() {
    assert!(found("run After=network-online.target, this fixes").is_empty());
    assert!(found("WantedBy=multi-user.target").is_empty());
    assert_eq!(
        found("www.shop.target and https://a.target/"),
        ["www.shop.target", "https://a.target/"]
    );
}

/// `'.$` in a link closes a PHP or Perl string literal and concatenates a
/// variable (`…/user_conf/'.$vars['u'].'/id/'`, its opening quote on the
/// line before): the link ends before the `'`. A `'` in a path otherwise
/// stays (`…/it's.html`).
#[test]
fn a_quote_then_dot_dollar_ends_a_link_in_code() {
    assert_eq!(
        found("  http://www.example.mn/user_conf/'.$vars['u'].'/id/'.$t->id();"),
        ["http://www.example.mn/user_conf/"]
    );
    assert_eq!(
        found("see http://example.com/it's.html ok"),
        ["http://example.com/it's.html"]
    );
}

/// `','` in a link separates two quoted values of a PHP or SQL array
/// (`…/edit','created_at' => '2014-06-15'`, the value's opening quote on
/// the line before): the link ends before it.
#[test]
fn a_quoted_array_separator_ends_a_link_in_code() {
    assert_eq!(
        found("http://www.example.fr/babysitter/45/edit','created_at' => '2014-06-15 13:24:32'),"),
        ["http://www.example.fr/babysitter/45/edit"]
    );
    assert_eq!(found("('https://a.example/x','b')"), ["https://a.example/x"]);
    assert_eq!(found("see https://a.example/a,b'c' ok"), ["https://a.example/a,b'c'"]);
}

/// RFC 3986 Appendix C: a name without a scheme inside `<…>` may be
/// folded over lines as `<http://…>` may (KMail's suite); it is one link
/// when the first line holds the whole host and a port or path has begun,
/// and its IRI drops the folding white space and quote markers.
#[test]
fn a_name_folded_over_lines_inside_angle_brackets_is_one_link() {
    let f = Finder::new();
    let text = "<www.kde.org:1234/\nsub/path/\n  special?\na=1#x>";
    let l = f.links(text).next().unwrap();
    assert_eq!(l.as_str(), "www.kde.org:1234/\nsub/path/\n  special?\na=1#x");
    assert!(l.is_folded());
    assert_eq!(l.iri(), "https://www.kde.org:1234/sub/path/special?a=1#x");
    assert_eq!(l.to_uri().unwrap(), "https://www.kde.org:1234/sub/path/special?a=1#x");
    let quoted = "> see <www.example.com/a/very/\n> long/path> ok";
    assert_eq!(
        f.links(quoted).next().map(|l| l.iri().into_owned()).as_deref(),
        Some("https://www.example.com/a/very/long/path")
    );
    // A host alone on its line is not joined to the next one; no `>`, no
    // fold; strict mode folds nothing.
    assert_eq!(found("<www.example.com\nnext> line"), ["www.example.com"]);
    assert_eq!(found("<www.example.com/a\nb c"), ["www.example.com/a"]);
    assert_eq!(found_strict("<www.example.com/a/\nb>"), ["www.example.com/a/"]);
}

/// A BBCode closing tag after a link (`[img]…[/img]`, `[url]…[/url]`,
/// `[video]…[/video][/spoiler]`) is markup, not part of the path.
#[test]
fn a_bbcode_closing_tag_ends_a_link() {
    assert_eq!(
        found("[url=http://i.example.com/a.jpg][img]http://i.example.com/b.jpg[/img][/url]"),
        ["http://i.example.com/a.jpg", "http://i.example.com/b.jpg"]
    );
    assert_eq!(
        found("[spoiler][video]http://www.youtube.com/watch?v=x[/video][/spoiler]"),
        ["http://www.youtube.com/watch?v=x"]
    );
    assert_eq!(found("[link]http://wordpress.org/[/link]"), ["http://wordpress.org/"]);
    // A `[` that opens no closing tag stays (`?a[0]=1`, a page name).
    assert_eq!(found("see http://a.example/x?a[0]=1 ok"), ["http://a.example/x?a[0]=1"]);
}

/// The text of a BBCode link `[url=target]text[/url]` is its label, as in
/// a Markdown link: the target is the link, a URL written as the text is
/// not a second one.
#[test]
fn the_text_of_a_bbcode_url_tag_is_its_label() {
    assert_found_one(&[
        (
            "If not, see ;<[url=http://www.gnu.org/licenses/]http://www.gnu.org/licenses/[/url]>.",
            "http://www.gnu.org/licenses/",
        ),
        (
            "[URL=https://example.com/a]example.com/a[/URL]",
            "https://example.com/a",
        ),
    ]);
    assert_eq!(
        found("[url=https://example.com/]see here[/url] and [url]https://b.example/[/url]"),
        ["https://example.com/", "https://b.example/"]
    );
}

/// An escaped quote or `>` after a link (`href=&#34;…&#34;`, `&#39;`,
/// `&#x22;`, `&apos;`, `&quot;`, `&gt;`), as RSS and escaped HTML write
/// them, is the delimiter, not part of the link; after an escaped opening
/// quote or `<`, so is the first one in the link, whatever is glued after
/// it.
#[test]
fn an_escaped_quote_after_a_link_is_its_delimiter() {
    for (text, want) in [
        ("&lt;a href=&#34;https://assemble.io&#34;&gt;", "https://assemble.io"),
        ("href=&#39;https://a.example/p&#39; x", "https://a.example/p"),
        ("href=&#x22;https://a.example/p&#x22; x", "https://a.example/p"),
        ("href=&apos;https://a.example/p&apos; x", "https://a.example/p"),
        ("href=&quot;https://a.example/p&quot; x", "https://a.example/p"),
        // More escaped markup glued after the closing one.
        (
            "&lt;a href=&#34;https://git.example/a.png&#34;&gt;&lt;img src=x",
            "https://git.example/a.png",
        ),
        ("&lt;https://a.example/p&gt;&lt;b&gt;x", "https://a.example/p"),
    ] {
        assert_eq!(found(text).first().map(String::as_str), Some(want), "{text}");
    }
    // An entity that is no delimiter stays in the query, and so does one
    // with no escaped opener before the link.
    assert_eq!(
        found("https://a.example/?a=1&amp;b=2 x"),
        ["https://a.example/?a=1&amp;b=2"]
    );
    assert_eq!(
        found("x;https://a.example/?q=&#34;a&#34;&x=1 y"),
        ["https://a.example/?q=&#34;a&#34;&x=1"]
    );
}

/// A `.io` name that a package manager installs (`apt-get install -y
/// containerd.io`, `npm install socket.io`) or that apt pins to a version
/// (`containerd.io=1.2.13-1`) is a package; the same name elsewhere, or
/// after `install` without a manager, stays a link.
#[test]
fn a_package_that_a_manager_installs_is_no_link() {
    assert_no_links(&[
        "apt-get update && apt-get install -y containerd.io",
        "yum update -y && yum install -y containerd.io",
        "sudo apt-get -y install docker-ce docker-ce-cli containerd.io docker-buildx-plugin",
        "$ npm install --save socket.io",
        "  containerd.io=1.2.13-1 \\",
        "sudo apt install\tdocker.io",
    ]);
    assert_found_one(&[
        ("see containerd.io for the docs", "containerd.io"),
        ("please install it from example.io today", "example.io"),
        ("docker pull docker.io/library/nginx", "docker.io/library/nginx"),
        ("apt-get install -y containerd.io/x", "containerd.io/x"),
        // A word of prose ends the command, and a line break the look back.
        ("yarn add react then deploy to fly.io", "fly.io"),
        (
            "pip install -r requirements.txt\nDocs: readthedocs.io",
            "readthedocs.io",
        ),
    ]);
}

/// A case ending after a TLD and a hyphen, as Hungarian writes them
/// (`media.ccc.de-hez`, `index.hu-n`), ends the name at the hyphen, when
/// the whole label is no TLD; a longer word after it makes a package name
/// (`socket.io-client`), no link.
#[test]
fn a_case_ending_after_a_tld_is_no_part_of_the_name() {
    assert_eq!(found("hozzáadás a media.ccc.de-hez, közvetítések"), ["media.ccc.de"]);
    assert_eq!(
        found("olvasd az index.hu-n és a telex.hu-ról"),
        ["index.hu", "telex.hu"]
    );
    assert!(found("npm i socket.io-client engine.io-parser").is_empty());
    // A part without a vowel is no ending (Bacula's resource names).
    assert!(found("Backup Client:   www.zagirov.name-fd").is_empty());
    assert!(found("FileSet=\"home.zagirov.name-www\"").is_empty());
    // Not when more than letters follow the hyphen.
    assert!(found("a.com-x-y and foo.de-1").is_empty());
    // A TLD of any length, before a query too (`?` after the name).
    assert_eq!(found("a museum.museum-ban? igen"), ["museum.museum"]);
}

/// `<prefix:name>` whose end tag follows on the line, or that a CDATA
/// section follows, is an XML element with a namespace prefix (RSS, Atom),
/// not a CommonMark autolink with an unregistered scheme.
#[test]
fn an_xml_element_with_a_namespace_prefix_is_no_link() {
    assert!(found("<dc:creator>Bob</dc:creator>").is_empty());
    assert!(found("<letterboxd:watchedDate>2024-05-03</letterboxd:watchedDate>").is_empty());
    assert!(found("<content:encoded><![CDATA[x]]></content:encoded>").is_empty());
    assert_eq!(found("Try <a+b+c:d> now"), ["a+b+c:d"]);
}

/// `[cid:…]` in a plain-text mail body is the placeholder of an inline
/// image (Outlook), a part of the mail no reader can follow: no link.
/// Elsewhere `cid:` (RFC 2392) links.
#[test]
fn a_bracketed_cid_placeholder_is_no_link() {
    assert!(found("[cid:image001.png@01DB6759.D38969F0]").is_empty());
    assert!(found("[cid:image004.png@01DB6759.D38969F0][cid:image005.png@01DB6759.D38969F0]").is_empty());
    assert_eq!(found("see cid:foo4@bar.net"), ["cid:foo4@bar.net"]);
}

/// `[~ident@host]` and `(~ident@host)` are IRC hostmasks (the `~` marks
/// an ident the server could not verify): no email. A sourcehut list's
/// address starts with `~` too but holds a `/`; an address outside
/// brackets is one; `~~a@b.c~~` is struck through, and the address inside
/// is one. Old freenode logs mark the ident with `i=` or `n=` instead
/// (`(i=user@host)`); outside brackets `n=a@b` stays an address.
#[test]
fn an_irc_hostmask_is_no_email() {
    assert!(found("[22:57:01] obcode [~obcode@ob.cs.hm.edu] has joined #scala").is_empty());
    assert_no_links(&[
        "* mhwood (i=mwood@mhw.ulib.iupui.edu) has joined #duraspace",
        "* bradmc (n=bradmc@static-68-161-246-193.ny325.east.verizon.net) Quit ()",
    ]);
    assert_eq!(
        found("mail (john@example.com) or n=a@example.org"),
        ["john@example.com", "n=a@example.org"]
    );
    assert!(found("* nick (~user@host.example.com) has joined").is_empty());
    assert_eq!(
        found("(~emersion/soju-dev@lists.sr.ht)"),
        ["~emersion/soju-dev@lists.sr.ht"]
    );
    assert_eq!(found("mail ~a@example.org"), ["~a@example.org"]);
    assert_eq!(found("~~bob@example.com~~"), ["bob@example.com"]);
}

/// IRC prints the sender of a server notice between dashes
/// (`-irc.libera.chat- *** …`): the name inside is the host. A leading
/// `-` alone stays an option's (`-lcrypto.so`).
#[test]
fn a_server_name_between_dashes_is_a_host() {
    assert_found_one(&[
        (
            "<span>-rajaniemi.freenode.net- *** Checking Ident</span>",
            "rajaniemi.freenode.net",
        ),
        ("-irc.libera.chat- *** Looking up your hostname", "irc.libera.chat"),
        ("see example.com- x", "example.com"),
    ]);
    assert_no_links(&["link with -lcrypto.so now", "x --example.com-- y"]);
}

/// A name with both labels in title case whose TLD is a newer generic
/// word (`Yandex.Market`, `Rocket.Chat`) names a product; a classic TLD
/// (`Booking.Com`), a lowercase TLD or a path keeps the link.
#[test]
fn a_title_case_product_name_is_no_link() {
    assert_no_links(&[
        "const m = [\"Wildberries\", \"Ozon\", \"Yandex.Market\"];",
        "the OpenCart 3 (OC3) Yandex.Market YML feed",
        "chat on Rocket.Chat today",
    ]);
    assert_found_one(&[
        ("see Booking.Com now", "Booking.Com"),
        ("see yandex.market now", "yandex.market"),
        ("see Yandex.Market/abc now", "Yandex.Market/abc"),
        ("see Rocket.Chat:8080 now", "Rocket.Chat:8080"),
    ]);
}

/// `OpenOffice.org`, written as the office suite named itself, is the
/// product; the site, `openoffice.org` or `www.openoffice.org`, is a link.
#[test]
fn the_product_name_openoffice_org_is_no_link() {
    assert!(found("manipulating OpenOffice.org documents using Ruby.").is_empty());
    assert!(found("Myspell は OpenOffice.org と Mozilla によって使用される。").is_empty());
    assert_eq!(
        found("see www.openoffice.org and openoffice.org"),
        ["www.openoffice.org", "openoffice.org"]
    );
}

/// Two sentences glued at a period without a space, `it.Next iteration`,
/// are no name, though `.next` is a TLD: a lowercase word, an acronym or
/// a capitalised word (before a TLD that is no classic one), then a
/// capitalised one, then a space and a lowercase word. Names write their
/// TLD in lowercase or all in capitals; `example.Net` alone, or with a
/// path, stays a link, as does `Example.Com is` (a classic TLD).
#[test]
fn sentences_glued_at_a_period_are_no_name() {
    assert!(found("implement it.Next iteration").is_empty());
    assert!(found("Binay Family.No one is above the law.").is_empty());
    assert_eq!(found("see Example.Com is"), ["Example.Com"]);
    assert!(found("that is done.Now we go").is_empty());
    assert!(found("posebno namijenjenih za GPU.To su dijelovi").is_empty());
    // A code name spoken in another script's sentence; a dash or a quote
    // after the space is no word.
    assert!(found("内容是 media.Movie 它的功能是").is_empty());
    assert_eq!(found("linear.App — it"), ["linear.App"]);
    assert_eq!(found("deno.Land “today”"), ["deno.Land"]);
    assert_eq!(found("Visit IRS.Gov for forms"), ["IRS.Gov"]);
    assert_eq!(
        found("see Example.Com, EXAMPLE.COM and example.Com/path or example.Net"),
        ["Example.Com", "EXAMPLE.COM", "example.Com/path", "example.Net"]
    );
}

/// Brackets in the fragment are the anchor's (`#anchor[bla]`, KMail's
/// suite): the AsciiDoc rule, which reads `url[text]` as a link and its
/// text, applies before a fragment only.
#[test]
fn brackets_in_the_fragment_are_the_anchors() {
    assert_eq!(
        found("http://www.kde.org:1234/sub/special(123)?a=1#anchor[bla] x"),
        ["http://www.kde.org:1234/sub/special(123)?a=1#anchor[bla]"]
    );
    assert_eq!(
        found("see https://asciidoctor.org[Asciidoctor] now"),
        ["https://asciidoctor.org"]
    );
}

/// A mail log's key before an address (`from=a@b to=c@d` in logfmt lines,
/// Postfix's `orig_to=`) is not part of the local part, as a header
/// parameter's `envelope-from=` is not.
#[test]
fn a_mail_log_key_before_an_address_is_no_part_of_it() {
    assert_eq!(
        found("status=sent from=lucag@demo.neth.eu to=luca.g@nethesis.it subject=x"),
        ["lucag@demo.neth.eu", "luca.g@nethesis.it"]
    );
    assert_eq!(found("orig_to=root@example.org,"), ["root@example.org"]);
    // Other `=` in a local part stay (a bounce address).
    assert_eq!(
        found("list+x=example.org@host.example"),
        ["list+x=example.org@host.example"]
    );
    // Postfix's SASL login, sendmail's controlling address, an LDAP filter.
    assert_eq!(
        found("client=x[192.0.2.7], sasl_method=PLAIN, sasl_username=joe@example.com"),
        ["joe@example.com"]
    );
    assert_eq!(
        found("to=joe@example.com, ctladdr=root@example.com (0/0), delay=00:00:01"),
        ["joe@example.com", "root@example.com"]
    );
    assert_eq!(
        found("(&(objectClass=person)(mail=jane@example.org))"),
        ["jane@example.org"]
    );
    assert_eq!(found("<baz email='foo@bar.com'/>"), ["foo@bar.com"]);
    // Exim's authenticated sender.
    assert_eq!(
        found("535 Incorrect authentication data (set_id=info@test.com)"),
        ["info@test.com"]
    );
    // A signed return path's tag stays: it is the address.
    assert_eq!(
        found("Return-Path: <prvs=1234abcd=joe@example.com>"),
        ["prvs=1234abcd=joe@example.com"]
    );
}

/// An address that is a query field's value (`?email=john@example.com`
/// in an access log's request line) starts after the field's `=`: `?` and
/// `&` end the local part in the default mode. In the query of a URL with
/// a host it is part of that URL, no address of its own.
#[test]
fn an_address_in_a_query_field_starts_after_the_fields_name() {
    assert_eq!(
        found("203.0.113.9 - - [10/Oct/2025:13:55:36 +0000] \"GET /api/users?email=john@example.com HTTP/1.1\" 200"),
        ["john@example.com"]
    );
    assert_eq!(
        found("POST /reset?token=abc&email=john.doe@example.com&lang=en"),
        ["john.doe@example.com"]
    );
    // A URL's query: the URL is the link (or, asked for emails only, none).
    assert_eq!(
        found("see http://mail.example.com/compose?to=ann@example.com now"),
        ["http://mail.example.com/compose?to=ann@example.com"]
    );
    let mut emails = Finder::new();
    emails.kinds(&[LinkKind::Email]);
    assert!(found_with(&emails, "http://mail.example.com/compose?to=ann@example.com").is_empty());
    assert!(found("`example.com/?email=user@host.com").is_empty());
    // A name with `&` that starts its token is one address; in a query's
    // field none (no half address). Strict mode keeps UTS #58's local part.
    assert_eq!(found("AT&T staff: at&t@example.com"), ["at&t@example.com"]);
    assert_eq!(
        found("mail sales&marketing@example.com now"),
        ["sales&marketing@example.com"]
    );
    assert!(found("GET /x?a=1&b&c@example.com").is_empty());
    // Each address reads back over its own run only (linear on `?a@b.cc`
    // repeated).
    assert_eq!(found("?a@b.cc?d@e.cc").len(), 2);
    assert_eq!(found_strict("x at&t@example.com"), ["at&t@example.com"]);
}

/// A redacted IPv4 address, `xxx.xxx.xxx.xxx` or `192.168.xxx.xxx`, is no
/// name, though `.xxx` is a TLD; a host under `.xxx` is one.
#[test]
fn a_redacted_ip_address_is_no_name() {
    assert!(found("nameserver xxx.xxx.xxx.xxx (ISP dns)").is_empty());
    assert!(found("Address: 192.168.XXX.xxx").is_empty());
    assert_eq!(found("see example.xxx"), ["example.xxx"]);
}

/// Git's `user.email` key, written bare in every setup guide
/// (`git config --global user.email "…"`), is no name; other `.email`
/// names are hosts.
#[test]
fn gits_user_email_key_is_no_name() {
    assert_eq!(
        found("git config --global user.email \"you@example.com\""),
        ["you@example.com"]
    );
    assert_eq!(found("see bad.email"), ["bad.email"]);
}

/// Postfix's `main.cf` and `master.cf` are files, not names (`.cf` is a
/// TLD).
#[test]
fn postfix_config_files_are_no_names() {
    assert!(found("Note that in **main.cf**: and master.cf").is_empty());
    assert_eq!(found("see example.cf"), ["example.cf"]);
}

/// A web host is a DNS name: an ASCII character a DNS name does not hold
/// (`'`, `,`, `&`, `!`) ends the host and the link
/// (`http://yahoo.com's/path`, a possessive), though RFC 3986's reg-name
/// takes sub-delims; an authority with `@` in its userinfo is none.
#[test]
fn a_web_host_ends_at_a_character_no_dns_name_holds() {
    assert_eq!(found("http://yahoo.com's/path is a link"), ["http://yahoo.com"]);
    assert_eq!(found("http://66.102.7.147's/path"), ["http://66.102.7.147"]);
    assert_eq!(found("http://example.com&b=c"), ["http://example.com"]);
    assert!(found("http://@@google.com").is_empty());
    assert_eq!(found("http://localhost's/path"), ["http://localhost"]);
    assert!(found("http://google,.com and http://r&#xE9;sum&#xE9; x").is_empty());
    assert_eq!(found("(«https://dominio.tld»), o"), ["https://dominio.tld"]);
    // Userinfo may hold them; other schemes keep RFC 3986's reg-name.
    assert_eq!(
        found("http://user:pa$$@host.example/x"),
        ["http://user:pa$$@host.example/x"]
    );
    assert_eq!(found("foo://it's.example/x"), ["foo://it's.example/x"]);
}

/// A port is a decimal number (RFC 3986 §3.2.3): leading zeros do not
/// count toward its five digits (`google.com:000000080/abs`); a value
/// over 65535 is no port, and the name no link.
#[test]
fn a_port_with_leading_zeros_is_a_port() {
    assert_eq!(found("google.com:000000080/abs"), ["google.com:000000080/abs"]);
    assert!(found("google.com:65536/x").is_empty());
}

/// A `'` that closes a quote opened in the link stays in it before a
/// closing bracket or quote too (`[…/a_'b']`, `"…/a_'b'"`).
#[test]
fn a_closing_apostrophe_before_a_bracket_stays_in_the_link() {
    assert_eq!(
        found("pollution [Wordpress.com?p=1263X/a_'b'], ends"),
        ["Wordpress.com?p=1263X/a_'b'"]
    );
    assert_eq!(found("x \"https://a.example/a_'b'\" y"), ["https://a.example/a_'b'"]);
}

/// A `…` that ends a link before white space or the end of the text is
/// prose (a truncated or trailing link), and so is one right after a `/`
/// (a link shortened in its middle for display); elsewhere inside the
/// link or a bracketed target it stays.
#[test]
fn a_trailing_ellipsis_is_prose() {
    assert_eq!(found("https://t.me/abcdef… and more"), ["https://t.me/abcdef"]);
    assert_eq!(found("https://ex.com/a…b ok"), ["https://ex.com/a…b"]);
    // Right after a `/`, a page's display of a link shortened in its middle.
    assert_eq!(
        found("\">https://www.fenerbahce.org/…tay.asp?contentid=62605</a>"),
        ["https://www.fenerbahce.org/"]
    );
    assert_eq!(
        found("[x](https://chrome.google.com/x?hl=en…)"),
        ["https://chrome.google.com/x?hl=en…"]
    );
}

/// Markdown emphasis closing right after a link's host is markup when
/// the emphasis opened right before it (`__http://www.b.com__`; no
/// registered name ends in `_`); without the opener, `http://example.com_`
/// is no link (linkify-it's not-links).
#[test]
fn emphasis_around_a_link_is_markup() {
    assert_eq!(
        found("Check **http://www.a.com** or __http://www.b.com__"),
        ["http://www.a.com", "http://www.b.com"]
    );
    assert_eq!(found("_http://www.b.com_ x"), ["http://www.b.com"]);
    assert!(found("http://example.com_").is_empty());
    // A one-label host may hold `_` (`http://web_1:8000/`).
    assert_eq!(found("http://web_1:8000/"), ["http://web_1:8000/"]);
}

/// A bare name between emphasis markers is a link with its path, query,
/// fragment or port (`*Wordpress.com?p=1263X*`, anchorme's suite); a name
/// after a marker that no marker closes is a path or identifier.
#[test]
fn emphasis_around_a_name_with_a_query_is_markup() {
    assert_found_one(&[
        ("*Wordpress.com?p=1263X*", "Wordpress.com?p=1263X"),
        ("_example.com?p=1_ x", "example.com?p=1"),
        ("**example.com#top** x", "example.com#top"),
        ("*example.com:8080* x", "example.com:8080"),
        ("*google.com/x*", "google.com/x"),
    ]);
    assert_no_links(&["*example.com?p=1 x", "$HOME/x.com?a"]);
}

/// A shared object (`ld.so`, `lib*.so`) and a reverse-DNS package or app
/// name (`com.android.phone`, `org.apache.commons.io`) are code, though
/// `.so`, `.phone` and `.io` are TLDs; a site under `.so`, a host that
/// starts with another label, and any name with a scheme stay links.
#[test]
fn shared_objects_and_reverse_dns_names_are_no_links() {
    assert_no_links(&[
        "checking dynamic linker characteristics... GNU/Linux ld.so",
        "这一通知的实现由 libsystemd-daemon.so 提供。",
        "name=com.android.phone, ws=null, uid=1001",
        "import org.apache.commons.io now",
        "package=com.cheesemoa.app;",
    ]);
    assert_found_one(&[
        ("see it.so now", "it.so"),
        ("see net.tutsplus.com now", "net.tutsplus.com"),
        ("see https://com.example.org/x now", "https://com.example.org/x"),
        ("mail me@com.example.org", "me@com.example.org"),
    ]);
}

/// A scheme spoken of in Japanese or Korean prose, its particle glued to
/// the `//` (`https://는 좀 빼주셔야 돼요`, `https://は不要です`), is no link:
/// a single label of kana or Hangul with nothing after it names no host.
/// A name with a dot, or a placeholder host with a path, still links.
#[test]
fn a_particle_glued_to_a_bare_scheme_is_no_host() {
    assert_no_links(&[
        "실수하시기 쉬운 게 앞에 https://는 좀 빼주셔야 돼요",
        "URLの先頭のhttps://は不要です",
    ]);
    assert_found_one(&[
        ("see http://はじめて.jp/ok now", "http://はじめて.jp/ok"),
        ("http://서버주소/gwalli 를 주소창에", "http://서버주소/gwalli"),
        ("see http://例え now", "http://例え"),
    ]);
}

/// `http://` glued by a word of another script to the next scheme
/// (`(http://或https://)`, "http:// or https://") names no host.
#[test]
fn a_scheme_glued_by_a_word_to_the_next_scheme_is_no_link() {
    assert_no_links(&["主机名(host)和协议(http://或https://)"]);
    assert_eq!(
        found("键入“http://人民日报.公益”、“http://新闻.政务”"),
        ["http://人民日报.公益", "http://新闻.政务"]
    );
}

/// SSH algorithm and extension names are written `name@domain` (RFC 4251
/// §6: `umac-64@openssh.com`): no mailbox; a person's address at the same
/// domain is one.
#[test]
fn ssh_algorithm_names_are_no_addresses() {
    assert_no_links(&[
        "#   MACs hmac-md5,hmac-sha1,umac-64@openssh.com",
        "KexAlgorithms curve25519-sha256@libssh.org,ecdh-sha2-nistp256",
        "Ciphers chacha20-poly1305@openssh.com",
    ]);
    assert_found_one(&[
        ("mail djm@openssh.com today", "djm@openssh.com"),
        ("mail security-team@openssh.com today", "security-team@openssh.com"),
    ]);
}

/// An R field access (`state.center$x`: `.center` is a TLD) is code;
/// a name before `$` and a digit (a price) stays a link.
#[test]
fn an_r_field_access_is_no_link() {
    assert_no_links(&["x = data.frame(x = state.center$x, y = state.center$y),"]);
    assert_found_one(&[("pay example.com$5 now", "example.com")]);
}

/// With a trailing `…` go the sentence dots before it (`https://t.…`);
/// what is left keeps at least one character.
#[test]
fn punctuation_before_a_trailing_ellipsis_goes_with_it() {
    assert_eq!(found("see https://t.me/a.… and"), ["https://t.me/a"]);
    assert_eq!(found("https://t.…"), ["https://t"]);
}

/// A container image's `:tag` after a bare name is no part of the link:
/// the registry's page is the name, the tag is `docker pull`'s. A page
/// name with a capital before its `:` (a wiki namespace), a file name
/// with its line number, and links with a scheme keep theirs.
#[test]
fn an_image_tag_after_a_bare_name_is_no_part_of_it() {
    assert_eq!(
        found("Using image gcr.io/k8s-minikube/storage-provisioner:v5"),
        ["gcr.io/k8s-minikube/storage-provisioner"]
    );
    assert_eq!(
        found("- image: ashutoshh.azurecr.io/ui:v1 # from azure"),
        ["ashutoshh.azurecr.io/ui"]
    );
    assert_eq!(found("pull \"ghcr.io/org/app:3.11-slim\""), ["ghcr.io/org/app"]);
    assert_eq!(
        found("docker pull quay.io/octoblu/etcd-to-env:latest"),
        ["quay.io/octoblu/etcd-to-env"]
    );
    assert_eq!(
        found("see github.com/o/r/blob/main/lib.rs:42."),
        ["github.com/o/r/blob/main/lib.rs:42"]
    );
    assert_eq!(
        found("en.wikipedia.org/wiki/Special:Random"),
        ["en.wikipedia.org/wiki/Special:Random"]
    );
    assert_eq!(found("https://gcr.io/org/app:v5"), ["https://gcr.io/org/app:v5"]);
    assert_eq!(found("example.com:8080"), ["example.com:8080"]);
    assert_eq!(
        found("FROM mcr.microsoft.com/dotnet/aspnet:8.0-bookworm-slim"),
        ["mcr.microsoft.com/dotnet/aspnet"]
    );
    // Wiki pages and compact identifiers keep their `:`.
    assert_eq!(
        found("www.dokuwiki.org/devel:plugins"),
        ["www.dokuwiki.org/devel:plugins"]
    );
    assert_eq!(
        found("example.org/doku.php/wiki:syntax"),
        ["example.org/doku.php/wiki:syntax"]
    );
    assert_eq!(
        found("identifiers.org/taxonomy:9606"),
        ["identifiers.org/taxonomy:9606"]
    );
}

/// A Kubernetes label or annotation key (a DNS prefix, one name segment,
/// then `: `), indented or after a `Label:`, is a mapping's key, not a
/// link; at a line's very start, elsewhere, or with more segments, a name
/// with a path links.
#[test]
fn a_mapping_key_with_a_dns_prefix_is_no_link() {
    assert_no_links(&[
        "Annotations:    kiali.io/runtimes: go,kiali",
        "                sidecar.istio.io/inject: false",
        "  labels:\n    app.kubernetes.io/name: nginx",
        "  - kubernetes.io/ingress.class: nginx",
    ]);
    assert_found_one(&[
        ("see github.com/foo: it is great", "github.com/foo"),
        ("github.com/spf13/cobra: a CLI library", "github.com/spf13/cobra"),
        ("Homepage: example.com/docs", "example.com/docs"),
        ("bit.ly/path: is a link", "bit.ly/path"),
    ]);
}

/// A Go module's pinned version (`@v1.2.3`, a pre-release, `/go.mod`
/// after it) or an image's `@sha256:` digest after a bare module or
/// repository path is no part of it: `go` and `docker` read it, the
/// page is the path. On `pkg.go.dev`, with a path after the version,
/// or after a scheme, the link is written whole.
#[test]
fn a_pinned_version_after_a_bare_module_path_is_no_part_of_it() {
    assert_found_one(&[
        ("go: verifying github.com/hashicorp/go-slug@v0.2.0: checksum mismatch", "github.com/hashicorp/go-slug"),
        ("verifying github.com/ipfs/go-datastore@v0.0.1/go.mod: checksum", "github.com/ipfs/go-datastore"),
        ("go: github.com/apenella/go-ansible@v2.0.0-rc.1: invalid version", "github.com/apenella/go-ansible"),
        ("go get golang.org/x/tools/gopls@v0.14.2", "golang.org/x/tools/gopls"),
        ("reading github.com/a/b@v2.2.2+incompatible/go.mod", "github.com/a/b"),
        (
            "image: quay.io/openshift/ocp-art-dev@sha256:abeb4bfeec0fe8b116ba0f4b48bca7d1affa25a5fddda4173e4dc9070824db4b",
            "quay.io/openshift/ocp-art-dev",
        ),
        ("see pkg.go.dev/github.com/x/y@v1.2.3 ok", "pkg.go.dev/github.com/x/y@v1.2.3"),
        ("import deno.land/x/oak@v12.6.1/mod.ts", "deno.land/x/oak@v12.6.1/mod.ts"),
        ("by medium.com/@user/post", "medium.com/@user/post"),
        ("https://github.com/x/y@v1.2.3", "https://github.com/x/y@v1.2.3"),
    ]);
}

/// Two addresses joined by `/` are two links: the `/` right after the
/// first is no part of the second's local part (atext holds `/`, but no
/// reader starts an address with it there).
#[test]
fn a_slash_between_two_addresses_belongs_to_neither() {
    assert_eq!(
        found("stuff@stuff.com/things@things.com"),
        ["stuff@stuff.com", "things@things.com"]
    );
    assert_eq!(found("mail a@x.org//b@y.org now"), ["a@x.org", "b@y.org"]);
    // A `/` inside a local part stays.
    assert_eq!(found("write to dept/sales@example.com"), ["dept/sales@example.com"]);
}

/// The server of a Matrix identifier (`@user:server`, `#alias:server`,
/// `!room:server`) is no link of its own: the identifier is a handle, as a
/// fediverse `@user@host` is. A name after another word's `:` stays one.
#[test]
fn a_matrix_identifier_server_is_no_link() {
    assert!(found("Asoina (@_discord_996510742771683368:t2bot.io) said").is_empty());
    assert!(found("> <@meccine:matrix.org> a reply").is_empty());
    assert!(found("join #nial:matrix.org today").is_empty());
    assert_eq!(found("host:example.org"), ["example.org"]);
    assert_eq!(found("mail me@x:example.org"), ["example.org"]);
    // An issue number, a name with a path: no Matrix identifier.
    assert_eq!(found("Bug #123:www.example.com broken"), ["www.example.com"]);
    assert_eq!(found("Note @admin:admin.example.org/page"), ["admin.example.org/page"]);
    // With IRIs alone the name is no link either way; an IRI after it is.
    assert_eq!(found("@bob:example.org https://example.org/"), ["https://example.org/"]);
}

/// A JDBC URL is one link from `jdbc:`: the driver's URL is its path.
#[test]
fn a_jdbc_url_links_from_jdbc() {
    assert_eq!(
        found(r#"val dbUrl = "jdbc:postgresql://localhost/test?user=postgres""#),
        ["jdbc:postgresql://localhost/test?user=postgres"]
    );
    assert_eq!(
        found("url=jdbc:mysql://db.example.com:3306/app, next"),
        ["jdbc:mysql://db.example.com:3306/app"]
    );
    assert_eq!(
        found("jdbc:mysql:replication://h1.example.com,h2.example.com/db"),
        ["jdbc:mysql:replication://h1.example.com,h2.example.com/db"]
    );
    assert_eq!(
        found("jdbc:h2:tcp://localhost/~/test"),
        ["jdbc:h2:tcp://localhost/~/test"]
    );
    // `jdbc:` before anything else, or a prefix with no host, is no link.
    assert!(found("Format(jdbc:) and jdbc: driver").is_empty());
    assert!(found("Prefixes like jdbc:mysql://, jdbc:postgresql:// are supported.").is_empty());
}

/// A link that ends a Markdown label of several words (`[… on host](…)`)
/// is the label's text: the target is the link. Without the `](` right
/// after it, or with a `]` closing another bracket between, it stays a
/// link.
#[test]
fn a_link_ending_a_label_of_words_is_the_labels_text() {
    assert_eq!(
        found("this [thread by Quokka on scicomm.xyz](https://scicomm.xyz/@quokka/1). Next"),
        ["https://scicomm.xyz/@quokka/1"]
    );
    assert_eq!(
        found("- [the docs at https://example.org/docs](https://example.org/docs)"),
        ["https://example.org/docs"]
    );
    assert_eq!(found("[x] on example.org (see)"), ["example.org"]);
    assert_eq!(found("[1] see example.org](x)"), ["example.org"]);
    assert_eq!(found("see [notes] on example.org"), ["example.org"]);
}

/// A link that starts a Markdown label of words (`[http://www . example .
/// com/…](…)`, a spaced machine translation; a forum's shortened link
/// text) is the label's text too: the target is the link. The whole
/// label lies on one line with no other bracket; without the `](` it
/// stays a link.
#[test]
fn a_link_starting_a_label_of_words_is_the_labels_text() {
    assert_found_one(&[
        (
            "*   [http://www . graphicsmagick . org/graphicsmagick . html # details](http://www.graphicsmagick.org/GraphicsMagick.html)",
            "http://www.graphicsmagick.org/GraphicsMagick.html",
        ),
        (
            "look [opengl-tutorial.org/intermed ... nstancing/](http://www.opengl-tutorial.org/x/)",
            "http://www.opengl-tutorial.org/x/",
        ),
        (
            "[https://example.com/docs for details](https://example.com/docs)",
            "https://example.com/docs",
        ),
        ("[https://example.com/x see (it)", "https://example.com/x"),
    ]);
    assert_eq!(
        found("[https://example.com/a] and more](https://b.example/)"),
        ["https://example.com/a", "https://b.example/"]
    );
    assert_eq!(
        found("[https://example.com/a and\nmore](https://b.example/)"),
        ["https://example.com/a", "https://b.example/"]
    );
}

/// A name after `(at)`, `[at]` or `{at}` is the domain of an address
/// written against harvesters, no link of its own.
#[test]
fn a_name_after_a_written_at_is_no_link() {
    assert!(found("mail example(at)example.com").is_empty());
    assert!(found("jane[at]example.org, joe{at}example.net").is_empty());
    assert_eq!(found("(see)example.com"), ["example.com"]);
}

/// The domain of an address written with a spaced `@` (`(at)`, `[at]`,
/// `<AT>`, `AT` after a word, `at` inside the address's `<…>`) is no link
/// of its own; `at` in prose stays a word.
#[test]
fn a_name_after_a_spaced_written_at_is_no_link() {
    assert_no_links(&[
        "Rezikov Peter <crazypit13 (at) gmail.com>",
        "Contact via email: scconfig [at] igor2.repo.hu",
        "Signed-off-by: M <mgorny <AT> gentoo.org>",
        "mail:< fukachan at fml.org >",
        "\"<jeff at math.toronto.edu>\"",
        "&lt;gbnewby AT pglaf.org&gt;",
    ]);
    assert_found_one(&[
        ("look at example.com now", "example.com"),
        ("see it at www.example.org", "www.example.org"),
        ("AT example.com", "example.com"),
    ]);
}

/// Mailman's pipermail archives write every address with ` at `: in a
/// header of addresses (`From:`, `To:`, `Cc:`, `Reply-To:`, quoted or not;
/// and a contact page's `E-Mail:`),
/// in a message's envelope line (`From name at host  Sat Aug 24 …`) and
/// after `mailto:`. The domain of such an address is no link; `at` in
/// prose, and an envelope-like line without the date after two spaces,
/// keep it.
#[test]
fn a_pipermail_address_written_with_at_is_no_link() {
    assert_no_links(&[
        "From mark at markrichman.com  Sat Aug 24 20:12:27 2002",
        "From: glyph at divmod.com (glyph at divmod.com)",
        "From: doug.gorley at gmail.com (Doug Gorley)",
        "> Cc: twisted-web at twistedmatrix.com",
        "[mailto:twisted-python-bounces at twistedmatrix.com] On Behalf Of Mike C.",
        "> From: Gelin Yan [mailto:dynamicgl at gmail.com]",
        // A contact page's hidden address.
        "E-Mail: vill at luga.de",
        "Email: info at example.org",
    ]);
    assert_found_one(&[
        ("Reply-To: the list at python.org is moderated", "python.org"),
        ("E-Mail: write to us at example.org", "example.org"),
        (
            "E-Mail: available at support.example.com/contact",
            "support.example.com/contact",
        ),
        ("From here at example.com we go", "example.com"),
        ("From now on at example.com  ok", "example.com"),
        ("Subject: meet at example.com", "example.com"),
    ]);
}

/// A macOS application bundle (`Console.app`, `Firefox.app`, `iTerm.app`:
/// the apps macOS ships and the common browsers and terminals) is no
/// link; a site under `.app`, in any case, stays one (`Linear.app`).
#[test]
fn a_macos_application_name_is_no_link() {
    assert_no_links(&[
        "Console.app 에서 로그를 확인할 수 있습니다.",
        "- Firefox.app : 단축키 입력을 선점하지 않습니다.",
        "open iTerm.app and quit",
    ]);
    assert_found_one(&[
        ("see linear.app now", "linear.app"),
        ("Visit Linear.app today", "Linear.app"),
        ("see Console.app/docs now", "Console.app/docs"),
        ("see https://Foo.app now", "https://Foo.app"),
    ]);
}

/// A DKIM or b4 signature's identity tag `i=` is no part of the address.
#[test]
fn a_dkim_identity_tag_is_no_part_of_the_address() {
    assert_eq!(
        found("X-Developer-Key: i=matttbe@kernel.org; a=openpgp"),
        ["matttbe@kernel.org"]
    );
    assert_eq!(found("header.i=joe@example.com;"), ["joe@example.com"]);
    assert_eq!(found("write to ian@example.com"), ["ian@example.com"]);
}

/// An IP literal is an address even without a letter or digit in it:
/// `[::]`, the unspecified address servers print when they listen.
#[test]
fn the_unspecified_ipv6_address_is_a_host() {
    assert_eq!(found("Prologue (link: http://[::]), and"), ["http://[::]"]);
    assert_eq!(found("Listening on http://[::]:8000/"), ["http://[::]:8000/"]);
}

/// An IRC hostmask `nick!user@host` (and a UUCP bang path) is no address:
/// a `!` glued to a word before the local part makes it one.
#[test]
fn an_irc_nick_and_user_is_no_address() {
    assert!(found("*** statler <statler!~Georg@p54897245.dip0.t-ipconnect.de> has joined #ltsp").is_empty());
    assert!(found(":gkolomvos!02577a11@ppp-2-87-122-17.home.otenet.gr PRIVMSG").is_empty());
    assert_eq!(found("mail ! bob@example.com"), ["bob@example.com"]);
    assert_eq!(found("(!bob@example.com)"), ["bob@example.com"]);
}

/// A link's trailing `_` (or `__`) that closes an emphasis opened at the
/// start of its line is no part of it: GitHub's quote reply writes
/// `_Originally posted by @user in URL_`. Without such an opener (after a
/// `snake_case` word, after an emphasis already closed, on an earlier
/// line, or an identifier's `_` inside the line), a path's trailing `_`
/// stays.
#[test]
fn an_underscore_closing_an_emphasis_before_the_link_is_no_part_of_it() {
    assert_eq!(
        found("_Originally posted by @foo in https://github.com/o/r/issues/1#issuecomment-12_"),
        ["https://github.com/o/r/issues/1#issuecomment-12"]
    );
    assert_eq!(found("__Docs at https://example.com/x__."), ["https://example.com/x"]);
    assert_eq!(found("x\n_see www.example.com/a_"), ["www.example.com/a"]);
    // No opener: the `_` stays (`__a`: `_` and `__` pair only with as many).
    assert_found_one(&[
        (
            "<a target=\"_blank\" href=\"https://youtu.be/dQw4w9WgXc_\">",
            "https://youtu.be/dQw4w9WgXc_",
        ),
        (
            "the _id field: https://youtu.be/dQw4w9WgXc_",
            "https://youtu.be/dQw4w9WgXc_",
        ),
        ("x https://example.com/a_ y", "https://example.com/a_"),
        ("my_var https://example.com/a_", "https://example.com/a_"),
        ("_a_ https://example.com/b_", "https://example.com/b_"),
        ("_a\nhttps://example.com/b_", "https://example.com/b_"),
        ("__a https://example.com/b_", "https://example.com/b_"),
    ]);
}

/// A Bugzilla Message-ID ends in `/` (`<bug-1@https.bugzilla.kernel.org/>`)
/// and GitHub's notification mail writes `Message ID:` with a space, and
/// mailers copy the id into `X-OQ-MSGID:` or `X-…-Original-Message-ID:`:
/// all hold ids, not addresses. An address before `/` elsewhere stays.
#[test]
fn bugzilla_and_github_message_ids_are_not_emails() {
    assert!(found("In-Reply-To: <bug-216243-208809@https.bugzilla.kernel.org/>").is_empty());
    assert!(found("Message ID: <owner/repo/pull/78/issue_event/7740657652@github.com>").is_empty());
    assert_eq!(found("From: <ann@example.org/>"), ["ann@example.org"]);
    // Vendors' copies of the id.
    assert!(found("X-OQ-MSGID: <20240925025312.45346-1-994270571@qq.com>").is_empty());
    assert!(found("X-Microsoft-Original-Message-ID: <a1b2@mail.example.com>").is_empty());
    assert!(found("Original-Message-ID: <a1b2@mail.example.com>").is_empty());
    assert_eq!(found("X-Original-From: <ann@example.org>"), ["ann@example.org"]);
    assert_eq!(found("X: <ann@example.org>"), ["ann@example.org"]);
    assert_eq!(found("mail ann@example.org/ now"), ["ann@example.org"]);
}

/// A Message-ID header copied in mid-line by a log or a web archive
/// (`…, Message-ID: <…>, mail_id: …`, `… In-Reply-To: <…> References:
/// <…> <…>`) holds ids, not addresses; the addresses before it stay
/// links, and so do addresses after another name (`Contact: <…> <…>`).
#[test]
fn message_ids_written_in_mid_line_are_not_emails() {
    assert_eq!(
        found("Passed CLEAN, <ann@example.org> -> <bob@example.org>, Message-ID: <1328593199.63314.YahooMailNeo@web113203.mail.gq1.yahoo.com>, mail_id: c5"),
        ["ann@example.org", "bob@example.org"]
    );
    assert!(found("Subject: Re: pf state Message-ID: <20110503054529.GA1@icarus.home.lan>").is_empty());
    assert!(found("x In-Reply-To: <a1@mail.example.com>").is_empty());
    assert!(found("x References: <a1@mail.example.com> <b2@mail.example.org> <c3@x.example.net>").is_empty());
    assert_eq!(found("Please send references: <hr@example.com>"), ["hr@example.com"]);
    assert_eq!(
        found("x Contact: <bob@example.com> <ann@example.org>"),
        ["bob@example.com", "ann@example.org"]
    );
    assert_eq!(found("Contact: <ann@example.org>"), ["ann@example.org"]);
    assert_eq!(found("XMessage-ID: <ann@example.org>"), ["ann@example.org"]);
}

/// Autotools' `configure.ac` and `configure.in` are files, though `.ac`
/// and `.in` are TLDs; a host under those TLDs still links.
#[test]
fn autotools_configure_files_are_no_names() {
    assert!(found("sed -e '/^CFLAGS=/d' -i configure.ac").is_empty());
    assert!(found("edit configure.in first").is_empty());
    assert_eq!(found("see configure.example.in"), ["configure.example.in"]);
}

/// A `geo:` IRI needs two or three numeric coordinates (RFC 5870 §3.3),
/// alone or before `;` parameters or a `?` query: `geo:1,` and `geo:1,,3`
/// name no place.
#[test]
fn a_geo_iri_needs_its_coordinates() {
    assert_eq!(
        found("at geo:37.786971,-122.399677;u=35 and geo:0,0?q=Berlin or geo:1,2,3."),
        ["geo:37.786971,-122.399677;u=35", "geo:0,0?q=Berlin", "geo:1,2,3"]
    );
    assert!(found("(link: geo:1,), geo:,2 geo:1,,3 geo:1 geo:1.,2 geo:a,b").is_empty());
    // Android's search form, coordinates left out.
    assert_eq!(found("href=\"geo:?q=Eiffel+Tower\""), ["geo:?q=Eiffel+Tower"]);
}

/// A `` ` `` before an address opens code or a quote: it is no part of
/// the local part (`` https://a.de`bc@c.com ``).
#[test]
fn a_backtick_is_no_part_of_a_local_part() {
    assert_eq!(found("https://a.de`bc@c.com"), ["https://a.de", "bc@c.com"]);
    assert_eq!(found("mail `ann@example.org` now"), ["ann@example.org"]);
}

/// A `'` glued after `=` opens an attribute's value: the address starts
/// after it (`email='foo@bar.com'`), while a `'` or `=` inside a local
/// part stays (`o'brien@…`, a bounce address's `list+x=example.org@…`).
#[test]
fn a_quote_after_an_equals_sign_opens_the_address() {
    assert_eq!(found("<baz email='foo@bar.com'/>"), ["foo@bar.com"]);
    // Read from there as any local part: no leading dot.
    assert!(found("x='.foo@bar.com'").is_empty());
    assert_eq!(found("write o'brien@example.com"), ["o'brien@example.com"]);
    assert_eq!(
        found("list+x=example.org@example.com"),
        ["list+x=example.org@example.com"]
    );
}

/// A link's trailing `~~` that closes a strikethrough opened earlier on
/// its line is no part of it; a path's `~` stays.
#[test]
fn a_strikethrough_closed_after_a_link_is_no_part_of_it() {
    assert_eq!(
        found("~~Prefix i link: https://aws.amazon.com/emr/features/hadoop/~~"),
        ["https://aws.amazon.com/emr/features/hadoop/"]
    );
    assert_eq!(
        found("see https://example.com/~user/ ok"),
        ["https://example.com/~user/"]
    );
    assert_eq!(found("~~x https://a.org/b~"), ["https://a.org/b~"]);
}

/// A letter of Greek, Cyrillic, Armenian, Hebrew or Arabic glued right
/// after the ASCII TLD of a bare name is prose, not part of the label (no
/// TLD mixes scripts): `uk.wikiquote.orgНа початку`. A name of that
/// script, a path in it, and a name that goes on with more labels stay
/// whole.
#[test]
fn a_non_latin_letter_glued_after_an_ascii_tld_is_prose() {
    assert_eq!(found("Фото: uk.wikiquote.orgНа початку"), ["uk.wikiquote.org"]);
    assert_eq!(found("ελληνικά example.comΓεια"), ["example.com"]);
    assert_eq!(found("see a.comπ.рф"), ["a.comπ.рф"]);
    assert_eq!(found("user@example.orgНа"), ["user@example.org"]);
    assert_eq!(
        found("https://пример.рф/путь и https://ru.wikipedia.org/wiki/Москва"),
        ["https://пример.рф/путь", "https://ru.wikipedia.org/wiki/Москва"]
    );
}

/// A letter of Arabic or an Indic script glued to an ASCII link's last
/// letter or digit is the next word, its space lost (SMS, scraped
/// tweets): the link ends before it. After a separator (`/wiki/ایران`,
/// `?q=دانش`), in the host, after digits alone, and for Cyrillic and
/// Greek (Russian names and queries glue them: `1С:Предприятие`), the
/// script is the link's own; a vowel sign glued to the ASCII is no cut.
#[test]
fn a_spaced_script_word_glued_to_an_ascii_path_is_prose() {
    assert_found_one(&[
        (
            "https://click.example.io/8741s84جوایز آذر",
            "https://click.example.io/8741s84",
        ),
        ("تخفیف dgkl.me/D0j__Aلغو: ۱", "dgkl.me/D0j__A"),
        ("भूकम्प http://t.co/FOCC7XM8QHईहूँन ।", "http://t.co/FOCC7XM8QH"),
        (
            "https://fa.wikipedia.org/wiki/ایران ok",
            "https://fa.wikipedia.org/wiki/ایران",
        ),
        (
            "https://example.ir/search?q=دانش ok",
            "https://example.ir/search?q=دانش",
        ),
        (
            "see https://example.ir/news/1404گزارش ok",
            "https://example.ir/news/1404گزارش",
        ),
        (
            "см. https://ru.wikipedia.org/wiki/1С:Предприятие",
            "https://ru.wikipedia.org/wiki/1С:Предприятие",
        ),
        (
            "https://www.google.com/search?q=USDрубль",
            "https://www.google.com/search?q=USDрубль",
        ),
        ("see http://x.com/pा ok", "http://x.com/pा"),
        ("see http://exampleдомен.рф/x", "http://exampleдомен.рф/x"),
        // A note's `*` between them is the prose's, even after digits.
        ("لینک:https://b2n.ir/r33614*برای نصب", "https://b2n.ir/r33614"),
        ("see http://x.com/a*b ok", "http://x.com/a*b"),
        ("see http://x.com/ب*بب ok", "http://x.com/ب*بب"),
        // Hebrew too, after a letter or digit, not after a separator.
        (
            "https://www.youtube.com/watch?v=aMSsd653OZkר ok",
            "https://www.youtube.com/watch?v=aMSsd653OZk",
        ),
        (
            "https://he.wikipedia.org/wiki/ישראל ok",
            "https://he.wikipedia.org/wiki/ישראל",
        ),
    ]);
}

/// An eDonkey link (`ed2k://|file|<name>|<size>|<hash>|/`) runs over its
/// `|`-separated fields to the `|/` that closes them, on one line; its
/// name may hold CJK and brackets (a download page's release-group
/// prefix, `[电影天堂www.dy2018.com]`), and nothing inside it is a link of
/// its own. The IRI it denotes percent-encodes the `|`, so it maps to a
/// URI. Without the closing `|/`, with white space in a field, or glued
/// to a word (`AAed2k://…ZZ`, a Thunder link's decoded payload), no link.
#[test]
fn an_ed2k_link_runs_over_its_fields_to_the_closing_bar_slash() {
    const HASH: &str = "31087A00FF67D4F5B4CBF4AA07C3433B";
    let office = format!("ed2k://|file|SW_DVD5_Office_2016_64Bit_ChnSimp.ISO|1123452928|{HASH}|/");
    let movie =
        format!("ed2k://|file|狂怒.BD1280超清特效中英双字.mp4|2593183637|{HASH}|h=U4WFVT3MA7X6OHNPHLV7COIG6D7TEQQX|/");
    let prefixed = format!("ed2k://|file|[电影天堂www.dy2018.com]狂怒.mp4|2046324785|{HASH}|/");
    let corner = format!("ed2k://|file|【阳光电影www.ygdy8.com】冰雪.mkv|1|{HASH}|/");
    for (text, link) in [
        (format!("下载地址：{office}"), office.as_str()),
        (format!("{movie}\n"), movie.as_str()),
        (format!("<a href=\"{office}\">x</a>"), office.as_str()),
        (format!("下载：{prefixed} 完"), prefixed.as_str()),
        (format!("【{corner}】"), corner.as_str()),
        (
            "server ed2k://|server|1.2.3.4|4661|/ ok".to_owned(),
            "ed2k://|server|1.2.3.4|4661|/",
        ),
    ] {
        assert_eq!(found(&text), [link], "{text}");
    }
    assert_no_links(&[
        "the ed2k://| prefix",
        "ed2k://|file|no close|12|x",
        &format!("ed2k://|file|The Movie 1999.mkv|734003200|{HASH}|/"),
        "ed2k://|file|x.iso|1|\n|/",
        "ed2k://|ed2k://|ed2k://|",
        "ed2k://|file|a|1|h|/\u{301} x",
        &format!("AAed2k://|file|x.mp4|1|{HASH}|/ZZ"),
    ]);
    let f = Finder::new();
    let link = f.links(&office).next().unwrap();
    assert_eq!(
        link.to_uri().unwrap(),
        format!("ed2k://%7Cfile%7CSW_DVD5_Office_2016_64Bit_ChnSimp.ISO%7C1123452928%7C{HASH}%7C/")
    );
    let link = f.links(&movie).next().unwrap();
    assert!(link
        .to_uri()
        .unwrap()
        .starts_with("ed2k://%7Cfile%7C%E7%8B%82%E6%80%92.BD1280"));
}

/// Scraped tweets glue Twitter's image link to the word before it
/// (`…समर्थनpic.twitter.com/…`, `@RTforINDIApic.twitter.com/…`): the link
/// is the image's, from `pic.` on, not a host named after the word or
/// nothing at all after a mention. Without a path the name is left as it
/// is; an address at the host stays an address.
#[test]
fn twitter_image_host_glued_to_a_word_starts_at_pic() {
    assert_found_one(&[
        ("great dayspic.twitter.com/abc123 ok", "pic.twitter.com/abc123"),
        (
            "@Dr_Uditraj@RTforINDIApic.twitter.com/HOqk8zGtic",
            "pic.twitter.com/HOqk8zGtic",
        ),
        ("समर्थन करेंpic.twitter.com/xYuN5KAwSL", "pic.twitter.com/xYuN5KAwSL"),
        ("the end.pic.twitter.com/x9Qa", "pic.twitter.com/x9Qa"),
        ("see pic.twitter.com/abc", "pic.twitter.com/abc"),
        ("see https://pic.twitter.com/abc", "https://pic.twitter.com/abc"),
        ("mail a@pic.twitter.com ok", "a@pic.twitter.com"),
    ]);
}

/// `doi:10.…` cites a work, as `DOI 10.…` and `arXiv:…` do: no link (no
/// browser opens the scheme); the link a reference means is the resolver
/// URL, which is found also right after `doi:`.
#[test]
fn a_doi_identifier_is_a_citation_not_a_link() {
    assert_eq!(
        found("Bioinformatics, 37(15). doi:https://doi.org/10.1093/bioinformatics/btab059."),
        ["https://doi.org/10.1093/bioinformatics/btab059"]
    );
    assert_no_links(&[
        "J. Comput. Chem. 32 (2011), 2319--2327, doi:10.1002/jcc.21787 and doi:abc",
        "M3  - doi:10.1371/journal.pone.0277042",
    ]);
    assert_eq!(
        found("doi:10.1002/jcc.21787 or https://doi.org/10.1002/jcc.21787"),
        ["https://doi.org/10.1002/jcc.21787"]
    );
}

#[test]
fn defanged_addresses_are_no_links() {
    // Threat reports write malware's addresses so that they do not link:
    // no link, and no part of one. Brackets that are not a defanged dot
    // leave the link as it was (the last row).
    let none: &[&str] = &[];
    for (text, want) in [
        ("hxxp://dev.example.com/media/icloudsyncd", none),
        ("- `hxxps://g5wcesdfjzne7255.onion.to/`", none),
        ("hXXp://a.example/x and fxp://files.example/f", none),
        ("* `++http://bj.whtjz[.]com/zz1.php++`", none),
        ("block mail.google[.]com and evil[.]example.com now", none),
        ("evil(.)example.com, evil[dot]example.com", none),
        ("x user@mail.google[.]com y", none),
        (
            "https://example.com[Example] and [link]https://a.example/",
            &["https://example.com", "https://a.example/"],
        ),
    ] {
        assert_eq!(found(text), want, "{text}");
    }
}

#[test]
fn a_calendar_uid_is_no_address() {
    // At a line's start only; another key, or `UID:` inside a line, is
    // followed by an address.
    let none: &[&str] = &[];
    for (text, want) in [
        ("UID:79fs7pkqvht9m5igs0vjv1sfra@google.com", none),
        (
            "BEGIN:VEVENT\r\nuid:20130416112341.10064jz0k4j7uem8@acmenet.de\r\n",
            none,
        ),
        ("Email:joe@example.com", &["joe@example.com"]),
        ("My UID:joe@example.com", &["joe@example.com"]),
    ] {
        assert_eq!(found(text), want, "{text}");
    }
}

#[test]
fn a_name_before_a_word_for_file_is_a_file() {
    // Glued or after one space, in the scripts that write the word; a
    // `www.` name, a name with a path, and a company that `filed` stay.
    let none: &[&str] = &[];
    for (text, want) in [
        ("msgstr \"bushu.helpファイル\"", none),
        ("the bushu.help file", none),
        ("copy the Config.app files, and", none),
        ("把 index.love 文件放到这里", none),
        ("setup.app파일을 여세요", none),
        ("Откройте readme.help файл", none),
        ("the bushu.help filename", none),
        ("example.com filed a suit", &["example.com"]),
        ("Download it from mediafire.com file hosting", &["mediafire.com"]),
        ("Overstock.com files for bankruptcy", &["Overstock.com"]),
        ("скачайте с yadi.sk файл", &["yadi.sk"]),
        ("на сайте rutracker.org файлообменник", &["rutracker.org"]),
        ("see WWW.EXAMPLE.HELP FILE", &["WWW.EXAMPLE.HELP"]),
        ("index.love файлообменник", &["index.love"]),
        ("www.example.com file", &["www.example.com"]),
        ("example.com/x.zip file", &["example.com/x.zip"]),
        ("see example.com详细", &["example.com"]),
    ] {
        assert_eq!(found(text), want, "{text}");
    }
}

#[test]
fn an_equals_sign_starting_the_token_is_no_part_of_an_address() {
    // The bounce forms keep the `=` inside their local part.
    for (text, want) in [
        ("x =joe@example.com", "joe@example.com"),
        ("a ==joe@example.com b", "joe@example.com"),
        ("prvs=1234=joe@example.com", "prvs=1234=joe@example.com"),
        // (A combining mark joins the `=` or a quote: the address starts
        // after it, on a grapheme boundary.)
        ("=\u{301}user@example.org", "user@example.org"),
        ("x ='\u{301}joe@example.com", "joe@example.com"),
        ("email='\u{301}joe@example.com'", "joe@example.com"),
    ] {
        assert_eq!(found(text), [want], "{text}");
    }
}

#[test]
fn a_remark_in_brackets_glued_to_a_link_is_no_part_of_it() {
    // The `(` opens a remark when white space ends the link with it open
    // and a `)` closes it later on the line; a closed bracket, one that
    // never closes, and a `(` after punctuation stay as they were.
    for (text, want) in [
        (
            "https://delta.chat/page(this is the link to our site)",
            "https://delta.chat/page",
        ),
        (
            "Docs at https://example.com/docs(see the FAQ) too",
            "https://example.com/docs",
        ),
        ("example.com/docs(see the FAQ)", "example.com/docs"),
        ("see http://example.com/foo(bar) now", "http://example.com/foo(bar)"),
        (
            "https://en.wikipedia.org/wiki/Foo_(bar baz",
            "https://en.wikipedia.org/wiki/Foo_(bar",
        ),
        (
            "https://en.wikipedia.org/wiki/Python_(programming language) is",
            "https://en.wikipedia.org/wiki/Python_(programming",
        ),
        ("https://example.com/a(b c\n d)", "https://example.com/a(b"),
        ("https://example.com/a.(b c)", "https://example.com/a.(b"),
    ] {
        assert_eq!(found(text), [want], "{text:?}");
    }
}

#[test]
fn vietnamese_sentences_glued_at_a_period_are_no_name() {
    // One syllable with a letter that is not ASCII before a TLD, then a
    // space and a letter, in Vietnamese text. A Vietnamese IDN of more
    // syllables, a name at a sentence's end, an ASCII name, and other
    // Latin scripts stay names.
    let none: &[&str] = &[];
    for (text, want) in [
        ("mà chết thấy thương.vn trị dc nge", none),
        ("cô bà ơi.net đẹp của cô", none),
        ("tranh luận.ai xem thấy", none),
        ("và chắc chắn.Shop phục vụ rất tốt", none),
        ("như thế nào.shop tư vấn nhiệt tình", none),
        ("khá hài lòng.Shop giao hàng nhanh.chúc shop đông khách", none),
        ("truy cập tênmiền.vn để xem", &["tênmiền.vn"]),
        ("mon père.fr est là", &["père.fr"]),
        ("mua tại tiki.vn nhé", &["tiki.vn"]),
        // (An ASCII syllable only before the loanword `shop`.)
        ("shop giao thiếu 2 con.shop đã xin lỗi", none),
        ("zing.vn đã đưa tin", &["zing.vn"]),
        // (After a word for "at", "visit": a site of one syllable.)
        ("Đặt hàng tại hàng.vn nhé bạn", &["hàng.vn"]),
        ("truy cập tôi.vn để xem", &["tôi.vn"]),
        ("Xem thêm tại thương.vn", &["thương.vn"]),
        ("bücher.de ist gut", &["bücher.de"]),
    ] {
        assert_eq!(found(text), want, "{text}");
    }
}

#[test]
fn a_module_member_written_as_code_is_no_name() {
    // A constant in capitals after a lowercase module, and Go's `http.`
    // functions; a site written in capitals, or under a classic or a
    // country's TLD, stays.
    let none: &[&str] = &[];
    for (text, want) in [
        ("logger.setLevel(logging.INFO)", none),
        ("  - http.PostForm関数は、http.Post関数と比較し", none),
        ("see EXAMPLE.COM now", &["EXAMPLE.COM"]),
        ("Go to google.COM", &["google.COM"]),
        ("see army.MIL and nato.INT", &["army.MIL", "nato.INT"]),
        ("yandex.RU", &["yandex.RU"]),
        ("see http.cat for cats", &["http.cat"]),
    ] {
        assert_eq!(found(text), want, "{text}");
    }
}

#[test]
fn a_go_template_field_and_a_git_setting_are_no_names() {
    // Helm's built-in objects after a `.`, whose last field may be a TLD
    // (`.host`); a zone after a `.` and a name after the template stay.
    let none: &[&str] = &[];
    for (text, want) in [
        ("url: https://{{ .Values.ingress.host }}/api", none),
        ("  host: {{ .Values.host }}.example.com", &["example.com"]),
        ("name: {{ .Release.Name }}", none),
        ("git config --global gc.auto 0", none),
        ("Domain=.example.com", &["example.com"]),
    ] {
        assert_eq!(found(text), want, "{text}");
    }
}

#[test]
fn a_link_in_a_csv_field_ends_at_the_fields_comma() {
    // After a field and its `,`; a comma at the line's start or after
    // white space starts no field.
    for (text, want) in [
        (
            "2012-09-27 10:32:37,https://www.gazeta.ru/culture/news/2012/09/27/n_2546489.shtml,-,Культура,,Коллегия",
            &["https://www.gazeta.ru/culture/news/2012/09/27/n_2546489.shtml"][..],
        ),
        (
            "2019-03-13 14:53:00,https://www.sport-interfax.ru/rfpl/654057,www.sport-interfax.ru,Спорт,,x",
            &["https://www.sport-interfax.ru/rfpl/654057", "www.sport-interfax.ru"],
        ),
        (",http://foo.com/bar,more", &["http://foo.com/bar,more"]),
        ("see, https://example.com/a,b", &["https://example.com/a,b"]),
    ] {
        assert_eq!(found(text), want, "{text}");
    }
}

#[test]
fn a_scheme_links_host_ends_where_long_cjk_prose_is_glued_to_it() {
    // The Han after the TLD, or a `)` and Han, runs on longer than a DNS
    // label may be: the host before it is the link.
    for (text, want) in [
        (
            "网址二：http://wap.joyes.com打开网站，选择【网游】—【下载】—【灵兽世界OL】—下载安装。",
            "http://wap.joyes.com",
        ),
        (
            "开发商拉阔游戏(http://lakoo.cn)出品，拉阔游戏一直推行精品战略，其代表产品",
            "http://lakoo.cn",
        ),
        (
            "官网http://www.colourfulgame.com一切“多彩游戏”感言，交流Colourfulgame论坛",
            "http://www.colourfulgame.com",
        ),
    ] {
        assert_eq!(found(text), [want], "{text}");
    }
}

#[test]
fn a_placeholder_glued_to_a_host_is_a_template_and_a_tag_after_it_is_not() {
    // A `<name>` glued to the host with a path after it is a template's
    // (as `http://<host>:8080/`); one that ends the authority is an HTML
    // tag after the link.
    for (text, want) in [
        ("QUrl url(\"http://strange<hostname>/\");", "http://strange<hostname>/"),
        ("see http://node<N>.example.com now", "http://node<N>.example.com"),
        ("<a>http://example.org<p>text", "http://example.org"),
        ("http://example.org<br>Next line", "http://example.org"),
    ] {
        assert_eq!(found(text), [want], "{text}");
    }
}

#[test]
fn dotnet_glued_to_chinese_is_the_platform() {
    // `.net` with Han on both sides names .NET; a site word after it, or a
    // space, leaves a name.
    let none: &[&str] = &[];
    for (text, want) in [
        ("@ruanyf 大佬，有没有招远程.net工程师的啊？", none),
        ("招.net开发", none),
        ("去 例子.net 看", &["例子.net"]),
        ("映画.comで見る", &["映画.com"]),
    ] {
        assert_eq!(found(text), want, "{text}");
    }
}

/// `*@hotmail.com` (a ban list's or a mail filter's pattern) stands for
/// every mailbox at the host: no address, and the link is the domain when
/// bare domains are asked for. A masked address (`***@gmail.com`) and
/// bold around an address stay addresses.
#[test]
fn a_wildcard_local_part_names_the_domain() {
    assert_found_one(&[
        ("ban <samp>*@hotmail.com</samp> here", "hotmail.com"),
        ("reject mail from *@spam.example.org.", "spam.example.org"),
        ("masked ***@gmail.com ok", "***@gmail.com"),
        ("bold **a@b.com** ok", "a@b.com"),
    ]);
    let mut emails = Finder::new();
    emails.kinds(&[LinkKind::Email, LinkKind::Iri]);
    assert!(found_with(&emails, "ban *@hotmail.com").is_empty());
}

/// Rasa's Markdown training data marks an entity as `[text](entity)`: an
/// email that is the whole label of a bare entity name is the user's
/// address. A label with a real target stays the target's text.
#[test]
fn an_email_marked_as_a_chatbot_entity_is_an_address() {
    assert_found_one(&[
        ("- 我的邮箱地址是 [123456789@qq.com](email)", "123456789@qq.com"),
        ("- my mail is [ann_lee@example.com](user_email)", "ann_lee@example.com"),
        ("[a@b.com](mailto:a@b.com)", "mailto:a@b.com"),
    ]);
    assert_no_links(&["[a@b.com](contact.html)", "[a@b.com](./contact)"]);
}

/// An academic degree after a name (`B.Sc.`, `M.Com`, `S.Si.`): one
/// capital, a dot and a capitalised word under a TLD, no path. A name in
/// lowercase or with a path stays a link.
#[test]
fn an_abbreviated_degree_is_no_site() {
    assert_no_links(&[
        "Thesis (B.Sc.) 2021, Thesis (M.Sc.)",
        "Flaviana Catherine, S.Si. (UNPAR), M.T. (ITB)",
        "Rahul Sharma, M.Com, B.Tech",
    ]);
    assert_found_one(&[("see T.me/channel ok", "T.me/channel"), ("see x.com ok", "x.com")]);
}

/// A file packed or converted twice (`flights.csv.zip`, `dump.sql.zip`)
/// is a file under a file-extension TLD; a host's label before `.zip` is
/// no data extension.
#[test]
fn a_double_extension_file_is_no_site() {
    assert_no_links(&["importar o arquivo `flights.csv.zip` agora", "load dump.sql.zip first"]);
    assert_found_one(&[("visit nic.zip/about today", "nic.zip/about")]);
}

/// A locale file's dotted message key (`"project.info": "…"`) is a key,
/// not a site: quoted, before `":`, at its line's start or after `{` or
/// `,`, under a newer generic TLD. A host as a key (`"example.com":`) and
/// a quoted host in a message (`resolve host "x.live":`) stay names.
#[test]
fn a_json_message_key_is_no_site() {
    assert_no_links(&[
        "\t\"project.info\": \"Informations\",",
        "{\"credits.services\": \"Services\", \"credits.tools\": \"Outils\"}",
        "    \"email.forgotPassword.info\": \"如果您没有请求此操作\",",
    ]);
    assert_found_one(&[
        ("  \"example.com\": {\"ip\": 1}", "example.com"),
        (
            "Unable to resolve host \"prod-in2.100ms.live\": No address",
            "prod-in2.100ms.live",
        ),
        ("\"see example.info\"", "example.info"),
    ]);
}

/// The page name of a MediaWiki or Org-mode link (`[[Amazon.com]]`,
/// `[[Framapiaf.org|Framapiaf]]`, `[[ja:Framapiaf.org]]`,
/// `[[example.org][label]]`) names a wiki page or file, not a site. A
/// `www.` name in brackets is the site, and a URL in them stays a link.
#[test]
fn a_wikilink_page_name_is_no_site() {
    assert_no_links(&[
        "* [[mastodon.xyz]] instance",
        "sur ''[[Framapiaf.org|Framapiaf]]'', 2017",
        "[[ja:Framapiaf.org]]",
        "[[example.org][the notes]]",
    ]);
    assert_found_one(&[
        ("it finds [[www.google.com]] fine", "www.google.com"),
        ("[[https://a.example/b.png]]", "https://a.example/b.png"),
        ("[[example.com/a/b]]", "example.com/a/b"),
        ("[[[[blog.example.co.in]]]]", "blog.example.co.in"),
    ]);
}

/// MediaWiki italics (`''…''`) that open the line and close right after a
/// link are markup: the link ends before the `''`. Without an opener the
/// pair stays the link's (`http://example.org/''`, linkify-rs's suite).
#[test]
fn wiki_italics_closing_after_a_link_are_markup() {
    assert_found_one(&[
        (
            "''Musiques reprises sur le site https://pouet.audio''",
            "https://pouet.audio",
        ),
        (
            "''Les thèmes sont sur le compte https://mamot.fr/@WeeklyPhotoChallenge''",
            "https://mamot.fr/@WeeklyPhotoChallenge",
        ),
        ("see http://example.org/'' here", "http://example.org/''"),
    ]);
}

/// A Markdown link's title (`[x](/X "mastodon.xyz")`) is a tooltip, not
/// a link; the label and the target are read as before.
#[test]
fn a_markdown_link_title_is_no_link() {
    assert_no_links(&[
        "-   [friends.nico](/Friends.nico \"Friends.nico\")",
        "4月11日、[mastodon.nil.nu](/Mastodon.nil.nu \"Mastodon.nil.nu\")が立ち上げられる。",
    ]);
    assert_found_one(&[
        ("[site](https://a.example \"Home\")", "https://a.example"),
        ("f(a, \"example.info\")", "example.info"),
    ]);
}

/// An Org-mode file named in Org's verbatim markup (`=index.org=`) is a
/// file: `.org` is Org's extension. Other names in `=…=` and a setting's
/// `domain=example.org` stay names.
#[test]
fn an_org_file_in_org_verbatim_is_no_site() {
    assert_no_links(&[
        "我使用一个名为 =taskdiary.org= 的文件来存放",
        "顶层( =index.org= 文件)包含有启动所有文件的代码。",
        "你需要手工更新你的 =dotfile.org=.",
    ]);
    assert_found_one(&[
        ("see =example.com= here", "example.com"),
        ("domain=example.org", "example.org"),
        ("the =www.gnu.org= site", "www.gnu.org"),
    ]);
}

/// Thai, Lao, Khmer and Myanmar are written without spaces between words,
/// as CJK is: prose glued after a name's TLD or an ASCII path ends the
/// link, and a word glued before an ASCII name starts no part of it. A
/// label wholly in the script is the name's (`www.เราชนะ.com`), and a
/// Thai word that starts with a TLD is no TLD and prose (`www.ไทยชนะ`).
#[test]
fn southeast_asian_prose_glued_to_a_link_is_prose() {
    assert_found_one(&[
        ("ที่ www.tcg.or.thและ กับ", "www.tcg.or.th"),
        ("see www.boreytheflora.comហ្វេសប៊ុក", "www.boreytheflora.com"),
        ("វេបសាយhealth.com.kh…", "health.com.kh"),
        ("เว็บไซต์www.nbtc.go.th ok", "www.nbtc.go.th"),
        ("http://x.com/aไทย ok", "http://x.com/a"),
        (
            "https://th.wikipedia.org/wiki/ไทย ok",
            "https://th.wikipedia.org/wiki/ไทย",
        ),
        ("ok www.เราชนะ.com ok", "www.เราชนะ.com"),
        ("ดู https://example.la/ໜ້າ ok", "https://example.la/ໜ້າ"),
    ]);
}

/// A Thai abbreviation before the word ไทย ("Thai"), joined by the
/// abbreviation's dot (`สธ.ไทย`, `รมว.สธ.ไทย`), is no site under `.ไทย`: the
/// label is consonants alone. A word label, `www.` or a path links.
#[test]
fn a_thai_abbreviation_before_thai_is_no_site() {
    assert_no_links(&["ข่าว สธ.ไทย ร่วม", "และ รมว.สธ.ไทย พบ", "สธ.ไทย–ภูฏาน", "บมจ.ไทย ok"]);
    assert_found_one(&[
        ("ok เราชนะ.ไทย ok", "เราชนะ.ไทย"),
        ("ok www.สธ.ไทย ok", "www.สธ.ไทย"),
        ("ok สธ.ไทย/path ok", "สธ.ไทย/path"),
    ]);
}

/// U+200B ZERO WIDTH SPACE, the word separator of Khmer and Thai text,
/// ends a link as a space does.
#[test]
fn a_zero_width_space_ends_a_link() {
    assert_found_one(&[
        (
            "https://www.facebook.com/boreytheflora\u{200B}ហ្វេសប៊ុក",
            "https://www.facebook.com/boreytheflora",
        ),
        ("see www.x.com/a\u{200B}b", "www.x.com/a"),
    ]);
}

/// An ASCII name glued after a Cyrillic or Greek word of three letters or
/// more starts after the word (`Подробностиflood-studio.com`); a single
/// letter mixed in (`аpple.com`, a homograph) and a Cyrillic label of its
/// own stay as read.
#[test]
fn a_name_glued_after_a_cyrillic_word_starts_after_it() {
    assert_found_one(&[
        ("Подробностиflood-studio.com ok", "flood-studio.com"),
        ("Сайтexample.ru/путь ok", "example.ru/путь"),
        ("ok аpple.com ok", "аpple.com"),
        ("log in at раураl.com now", "раураl.com"),
        ("ok почта.example.com ok", "почта.example.com"),
    ]);
}

/// `#Okaeri@irc.rizon.net` in a fansub's credits is an IRC channel and
/// its server: the link is the server. A local part with more than a
/// channel's name stays an address (biboumi's
/// `#room%irc.example@biboumi.xmpp.example`, a peer suite's), and so does
/// one with `#` inside.
#[test]
fn an_irc_channel_at_its_server_links_the_server() {
    assert_found_one(&[
        ("{\\fnGlue}#Okaeri@irc.rizon.net", "irc.rizon.net"),
        ("join #rust@irc.libera.chat ok", "irc.libera.chat"),
        ("mail a#b@example.com ok", "a#b@example.com"),
    ]);
    let mut emails = Finder::new();
    emails.kinds(&[LinkKind::Email]);
    assert!(found_with(&emails, "join #rust@irc.libera.chat").is_empty());
}

/// AsciiDoc's `url[text]` ends before the brackets also when the link
/// stops at CJK text inside them, and after a fragment when the text has
/// a space; closed brackets after a fragment stay the anchor's
/// (`#anchor[bla]`, KMail's suite).
#[test]
fn an_asciidoc_macro_text_after_cjk_or_a_fragment_is_no_part_of_the_link() {
    assert_found_one(&[
        (
            "* https://ja.stackoverflow.com/q/76226/2808[javafxにての表示]",
            "https://ja.stackoverflow.com/q/76226/2808",
        ),
        (
            "の https://www.thymeleaf.org/doc/a.html#messages[message expressions]で",
            "https://www.thymeleaf.org/doc/a.html#messages",
        ),
        ("see http://x.org/a#anchor[bla] ok", "http://x.org/a#anchor[bla]"),
    ]);
}

/// A Korean particle right after a site's root `/` (`…/에서 제공`, "provided
/// at …") is the sentence going on: the link ends at the `/`. A page
/// name (`/wiki/서울`) or a longer word (`/에서도`) stays.
#[test]
fn a_korean_particle_after_the_root_slash_is_prose() {
    assert_found_one(&[
        (
            "<br/>https://developers.coupang.com/에서 제공 중인",
            "https://developers.coupang.com/",
        ),
        (
            "ok https://ko.wikipedia.org/wiki/서울 ok",
            "https://ko.wikipedia.org/wiki/서울",
        ),
        ("ok https://x.kr/에서도 ok", "https://x.kr/에서도"),
    ]);
}

/// What a review found in this session's rules, each kept: a Message-ID
/// that starts with `#` stays an id, a JSON key that is a host stays a
/// name, U+200B after a bare host ends it, a namespace prefix starts a
/// wiki link, and no Southeast Asian mark is cut from its letter.
#[test]
fn review_findings_on_the_new_rules_stay_fixed() {
    assert_no_links(&[
        "Message-ID: <#abc@mail.example.com>",
        "[[Category:Amazon.com]]",
        "\"project.info\": \"Informations\",",
    ]);
    assert_found_one(&[
        ("{\"api.example.dev\": {\"a\": 1}}", "api.example.dev"),
        ("\"www.example.app\": 1", "www.example.app"),
        (
            "resolve host \"prod-in2.100ms.live\": No address",
            "prod-in2.100ms.live",
        ),
        ("https://example.com\u{200B}ហ្វេសប៊ុក ok", "https://example.com"),
        ("see https://x.org/ab\u{0E31}c ok", "https://x.org/ab\u{0E31}c"),
    ]);
}

/// A file-extension TLD after a stem written in Han, kana or Hangul is a
/// file (`사업자등록.md` in a Korean README's list of documents). `.cc`
/// stays a site's, and a Polish name under `.pl` stays a host.
#[test]
fn a_cjk_stem_before_a_file_extension_is_a_file() {
    assert_no_links(&["- 사업자등록.md", "设置 安装.sh 脚本", "설정.py 파일을 수정"]);
    assert_found_one(&[
        ("看 中文.cc 吧", "中文.cc"),
        ("see łódź.pl ok", "łódź.pl"),
        ("see https://例え.md/x ok", "https://例え.md/x"),
    ]);
}

/// `feat.` glued to a capitalised name credits a featured artist
/// (`feat.Ne;on`: `.ne` is a TLD); a lowercase name stays a host.
#[test]
fn feat_before_a_capitalised_name_credits_an_artist() {
    assert_no_links(&["Ne;on feat.Ne;on", "曲名 (feat.Ne)"]);
    assert_found_one(&[("see feat.ne ok", "feat.ne")]);
}

/// `X.org` as written by Linux software's strings is the X server; the
/// lowercase name and a path link the site.
#[test]
fn x_org_in_title_case_is_the_x_server() {
    assert_no_links(&["ပရိုတိုကော X.org ကို", "the X.Org server"]);
    assert_found_one(&[("see x.org ok", "x.org"), ("see X.org/wiki ok", "X.org/wiki")]);
}

/// A name glued to `(` is a call (`console.log(x)`), but not a `www.`
/// name, nor one before an IPv4 address, a `Received:` line's `really [`
/// or a second `www.` name in the brackets.
#[test]
fn a_host_before_a_bracketed_address_is_no_call() {
    assert_no_links(&["console.log(x)", "Thread.run(Thread.java:829)"]);
    assert_found_one(&[
        (
            "Received: from host1.internal.jet.msk.su(193.124.4.1) by x",
            "host1.internal.jet.msk.su",
        ),
        ("from ppp71.glas.apc.org(really [10.0.0.1])", "ppp71.glas.apc.org"),
        ("see www.example.com(mirror) ok", "www.example.com"),
    ]);
    assert_eq!(
        found("www.jobsinyangon.com(www.jobless.com.mm)"),
        ["www.jobsinyangon.com", "www.jobless.com.mm"]
    );
}

/// A `.` between a site and CJK or Hangul words that start no TLD ends
/// the sentence (`www.444ke.com.不用谢`); a label that may be a TLD
/// (`.中国`) stays the name's.
#[test]
fn a_period_glued_to_cjk_prose_ends_the_name() {
    assert_found_one(&[
        ("www.444ke.com.不用谢，请叫我雷锋哥", "www.444ke.com"),
        ("www.x.com.번역 완료", "www.x.com"),
        ("see example.com.中国 ok", "example.com.中国"),
    ]);
}

/// A UUCP route before a mailbox in a mail header (`To: host!user@gate`,
/// a `Received:` line's `for host!user@gate`) ends in the mailbox; an IRC
/// hostmask (`<nick!~user@host>`) holds no address.
#[test]
fn a_uucp_route_in_a_mail_header_ends_in_the_mailbox() {
    assert_found_one(&[
        (
            "To: phantom!Boris_Solodkin@gate.phantom.ru",
            "Boris_Solodkin@gate.phantom.ru",
        ),
        (
            "  (5.65.kiae-1  for phantom!Boris_Solodkin@gate.phantom.ru); Fri",
            "Boris_Solodkin@gate.phantom.ru",
        ),
        (
            "(rmail (kiae!Alexander_Demashev@p9.f431.n5020.z2.fidonet.org)) status",
            "Alexander_Demashev@p9.f431.n5020.z2.fidonet.org",
        ),
    ]);
    assert_no_links(&[
        "*** statler <statler!~Georg@p54897245.dip0.t-ipconnect.de> has joined #ltsp",
        "* Set by cwilper!ad579d86@gateway/web/freenode/ip.173.87.157.134 on Fri",
    ]);
}

/// What the review of this session's rules found, each kept: a decimal
/// argument stays a call's, a `www.` argument does not make its call a
/// host, a CJK label before an IDN suffix stays the name's, a CJK word
/// that starts like a TLD after a period is prose, and an IRC ident
/// with `~` after `for` is a hostmask.
#[test]
fn review_findings_on_the_twenty_seventh_sessions_rules_stay_fixed() {
    assert_no_links(&[
        "color.red(0.5)",
        "player.play(1.5)",
        "ease.in(0.3)",
        "Ban for nick!~user@host.example.com",
    ]);
    assert_found_one(&[
        ("window.open(www.google.com)", "www.google.com"),
        ("see www.abc.網絡.香港 ok", "www.abc.網絡.香港"),
        ("www.444ke.com.我们的网站", "www.444ke.com"),
    ]);
}

/// A Twitter short link's ten-character code ends it when a hashtag, a
/// mention, another link or non-ASCII text is glued after it; another
/// host's fragment stays.
#[test]
fn a_twitter_short_link_ends_after_its_code() {
    assert_found_one(&[
        ("x https://t.co/YJXdVQJIEm#صدى_الملاعب y", "https://t.co/YJXdVQJIEm"),
        ("https://t.co/SdDJZuHHTw@almaghribtoday", "https://t.co/SdDJZuHHTw"),
        ("https://t.co/YJXdVQJIEm#tahrirnews", "https://t.co/YJXdVQJIEm"),
        ("https://t.co/abc#x", "https://t.co/abc#x"),
        ("see https://github.com/a/b#صدى ok", "https://github.com/a/b#صدى"),
    ]);
    assert_eq!(
        found("https://t.co/XykniVCX5Yhttps://t.co/AbCdEfGhIj ok"),
        ["https://t.co/XykniVCX5Y", "https://t.co/AbCdEfGhIj"]
    );
}

/// Slack's `<target|label>`: a label that shortens the target with `[…]`
/// in its middle is the target's label, no link of its own; a label
/// naming another URL is one.
#[test]
fn a_slack_label_shortened_with_an_ellipsis_is_no_link() {
    assert_found_one(&[(
        "<https://w.jp/a/bcdefgh#.E3.83.89.E3.83|https://w.jp/a/b[…]83.89.E3.83>",
        "https://w.jp/a/bcdefgh#.E3.83.89.E3.83",
    )]);
    assert_eq!(
        found("<https://w.jp/a|https://other.jp/[…]x>"),
        ["https://w.jp/a", "https://other.jp/[…]x"]
    );
}

/// A Markdown link's target that is a bare name under a file-extension
/// TLD is a file beside the page (`[हिंदी](maintainer_guide.hin.md)`); a
/// site's name or a `www.` name stays a link.
#[test]
fn a_markdown_target_naming_a_file_is_no_link() {
    assert_no_links(&["| [हिंदी](maintainer_guide.hin.md) |", "[x](terminal_tutorial.hin.md)"]);
    assert_found_one(&[
        ("[x](example.com)", "example.com"),
        ("[x](www.example.md)", "www.example.md"),
    ]);
}

/// What the second review of this session's rules found, each kept: a
/// Markdown target that is a site of three labels under a
/// file-extension TLD stays a link.
#[test]
fn second_review_findings_on_the_twenty_seventh_sessions_rules_stay_fixed() {
    assert_found_one(&[
        ("[x](uw.edu.pl)", "uw.edu.pl"),
        ("[x](docs.brew.sh)", "docs.brew.sh"),
        ("[x](news.point.md)", "news.point.md"),
    ]);
}

/// A FidoNet node written with its network's domain,
/// `zone:net/node[.point]@domain`, names a node, not a mailbox; a
/// mailbox beside it, or a path with a digit before `@`, stays an email.
#[test]
fn a_fidonet_address_with_a_domain_is_no_email() {
    assert_no_links(&[
        "@MSGID: 2:50/128.0@fidonet.org C616DE4C",
        "─ DZ02: ToDo !!! (2:5020/23.77@fidonet.org) ──",
        "@REPLYTO 2:50/128@fidonet.org UUCP",
    ]);
    assert_found_one(&[
        (
            "* From : L.I.K@cpro.dlo.nl, 2:50/128@fidonet.org (Monday",
            "L.I.K@cpro.dlo.nl",
        ),
        ("at 12:30 mail 5/4@example.org", "5/4@example.org"),
        ("key a2:50/128@example.org", "50/128@example.org"),
    ]);
}

/// Ad-block filter lists and dnsmasq configs name hosts in their own
/// syntax: `||host^` and `@@||host/path$options` at a rule's start, the
/// hosts of `domain=a|~b` and of a cosmetic rule's `a,~b##selector`, and
/// `server=/host/address`. Each is a host up to where the syntax goes on;
/// a name after `|`, `~` or `/` elsewhere stays a path's or an
/// identifier's.
#[test]
fn hosts_in_filter_list_syntax_are_links() {
    assert_eq!(found("||ads.example.cn^$third-party"), ["ads.example.cn"]);
    assert_eq!(found("||example.com/ggg/"), ["example.com/ggg/"]);
    assert_eq!(
        found("@@||cnzz.com/q_stat.php$domain=qd.alibaba.com"),
        ["cnzz.com/q_stat.php", "qd.alibaba.com"]
    );
    assert_eq!(found("site.ru##[data-slot-name]"), ["site.ru"]);
    assert_eq!(found("moeeki.net###newboxleft > p"), ["moeeki.net"]);
    assert_eq!(found("yes24.com#$##roll { width: 2px; }"), ["yes24.com"]);
    assert_eq!(
        found("~m.cafe.naver.com,cafe.naver.com##.ad"),
        ["m.cafe.naver.com", "cafe.naver.com"]
    );
    assert_eq!(
        found("/media/index$domain=gdz-putina.fun|gdz.ninja|~reshak.ru"),
        ["gdz-putina.fun", "gdz.ninja", "reshak.ru"]
    );
    assert_eq!(found("server=/crl.pki.goog/114.114.114.114"), ["crl.pki.goog"]);
    assert_no_links(&[
        "x||vzia.cn/a",
        "a|b.com",
        "see foo/bar.com and ~bar.com",
        "if (a || b.name) {",
    ]);
    assert_eq!(found("a.com|b.net"), ["a.com", "b.net"]);
}

/// Leader dots of a contact table or an ellipsis before an address
/// (`E-Mail...sonic@south.net.ru`) separate it from the word before, as a
/// space would; a local part with `..` of its own stays no address.
#[test]
fn an_address_after_leader_dots_starts_after_them() {
    assert_found_one(&[
        ("E-Mail...sonic@south.net.ru", "sonic@south.net.ru"),
        ("Mac Buster......mac_buster@mail.ru", "mac_buster@mail.ru"),
        ("wait...john@example.com", "john@example.com"),
    ]);
    assert_no_links(&["see a..b@example.com", "x...a..b@example.com", "x....@example.com"]);
}

/// Invisible format characters and the shapes, suits and notes that mail
/// and ads set between fields end a link in the default mode, though
/// UTS #58 makes them Include: a byte-order mark left in text, `♢`, `◆`,
/// `■`, `♪`. A `★` in a path stays (the peer suites' `(★)` case).
#[test]
fn a_byte_order_mark_or_a_field_separator_symbol_ends_a_link() {
    assert_found_one(&[
        (
            "\"https://soundcloud.com/a/wrap-up\u{FEFF}\",1",
            "https://soundcloud.com/a/wrap-up",
        ),
        ("gofundme.com/grwmps\u{FEFF}", "gofundme.com/grwmps"),
        (
            "弊社URL：https://www.prdaily.jp/♢弊社グループ",
            "https://www.prdaily.jp/",
        ),
        ("▼詳細はこちらhttps://example.jp/a■", "https://example.jp/a"),
        (
            "http://example.com/unicode_(★)_in_brackets",
            "http://example.com/unicode_(★)_in_brackets",
        ),
    ]);
    assert_eq!(found_strict("https://x.com/a\u{FEFF}b"), ["https://x.com/a\u{FEFF}b"]);
}

/// `Co.Ltd` after a company's name is "Company Limited", in capitals or
/// title case; `co.ltd` in lowercase stays a name under `.ltd`.
#[test]
fn company_limited_is_no_site() {
    assert_no_links(&[
        "©MICARD Co.LTD 株式会社",
        "Shenzhen Foo Co.Ltd. was founded",
        "ACME CO.LTD",
    ]);
    assert_found_one(&[("see co.ltd now", "co.ltd")]);
}

/// A capitalised word joined to a site's TLD by `-` makes a compound noun
/// (German, Dutch): the site ends at its TLD. A lowercase word after the
/// `-` stays a package's name.
#[test]
fn a_compound_noun_after_a_sites_tld_ends_the_name() {
    assert_found_one(&[
        ("Title: kubuntu-de.org-Meeting im Januar", "kubuntu-de.org"),
        ("der kubuntu-de.org-Server heruntergefahren", "kubuntu-de.org"),
        ("mein GitHub.com-Konto", "GitHub.com"),
    ]);
    assert_no_links(&["npm i socket.io-client"]);
}

/// What the review of this session's rules found, each kept: masked
/// addresses stay unlinked after the leader-dot rule; `||` in code and a
/// `|` in tables or expressions link nothing; a product or department
/// before `-Word` and `Co.KG` are no sites.
#[test]
fn review_findings_on_the_twenty_eighth_sessions_rules_stay_fixed() {
    assert_no_links(&[
        "j...n@gmail.com",
        "reply to jo...hn@example.com",
        "if (a\n||this.app) x();",
        "SELECT u.id\n||u.email FROM t",
        "|a.com|b.com|",
        "|col|x.name|y.app|",
        "Abt.IT-Leiter",
        "der Socket.IO-Server",
        "Open.AI-Modell",
        "GmbH & Co.KG hat",
        "Co.KG-Gesellschafter",
    ]);
    assert_eq!(found("x=foo.bar|baz.email"), ["foo.bar"]);
    assert_eq!(found("heise.de-Artikel"), ["heise.de"]);
}

/// The input of a build step that fills in a template, `config.h.in`,
/// `setup.py.in`, is a file (`.in` is a TLD after a file extension); a
/// host under `.in` keeps its second-level label (`iitb.ac.in`).
#[test]
fn template_input_named_file_ext_in_is_no_link() {
    assert_no_links(&[
        "ABOUT-NLS  config.h.in  ltmain.sh",
        "edit setup.py.in and foo.service.in",
        "the man page gtk.1.in",
        "and CONFIG.H.IN too",
    ]);
    assert_found_one(&[
        ("see iitb.ac.in for details", "iitb.ac.in"),
        ("mail example.co.in today", "example.co.in"),
        ("see linkedin.in", "linkedin.in"),
    ]);
}

/// A Go composite literal of a type named `Info` (`version.Info{…}` in
/// `kubectl version`) is code, though `.info` is a TLD; a site before a
/// config block's ` {` stays a link.
#[test]
fn type_literal_name_info_brace_is_no_link() {
    assert_no_links(&[
        "Client Version: version.Info{Major:\"1\", Minor:\"27\"}",
        "x := runtime.info{GitVersion: \"v1.27.3\"}",
    ]);
    assert_found_one(&[("example.info {", "example.info"), ("example.io{", "example.io")]);
}

/// A Cyrillic capital glued to a link's last lowercase ASCII letter (or
/// percent-encoded byte) starts the next word: a lost line break joined
/// a label to the link. Lowercase Cyrillic after capitals or digits stays
/// (`?q=USDрубль`, `1СПредприятие`), and so does a Cyrillic path segment.
#[test]
fn cyrillic_capital_glued_after_lowercase_ascii_ends_the_link() {
    assert_found_one(&[
        (
            "Рома ► https://vk.com/romanchastinСергей ►",
            "https://vk.com/romanchastin",
        ),
        (
            "https://tiktok.com/@med_makeyodayПочта для связи",
            "https://tiktok.com/@med_makeyoday",
        ),
        (
            "https://mrakopedia.net/wiki/%D0%9B%D1%91Автор истории",
            "https://mrakopedia.net/wiki/%D0%9B%D1%91",
        ),
        ("https://example.com/?q=USDрубль", "https://example.com/?q=USDрубль"),
        ("https://example.com/1СПредприятие", "https://example.com/1СПредприятие"),
        (
            "https://ru.wikipedia.org/wiki/Москва",
            "https://ru.wikipedia.org/wiki/Москва",
        ),
    ]);
}

/// An emoji pictograph glued to a link's last ASCII letter or digit is
/// the writer's bullet, not the path's; in a host or after a `/` it stays.
#[test]
fn pictograph_glued_after_ascii_alnum_ends_the_link() {
    assert_found_one(&[
        (
            "►Facebook | https://www.facebook.com/chikisra📷Instagram: x",
            "https://www.facebook.com/chikisra",
        ),
        (
            "http://instagram.com/pandaffx🔥Почта: a",
            "http://instagram.com/pandaffx",
        ),
        (
            "https://mrakopedia.net/wiki/Artem2s✉ Реклама",
            "https://mrakopedia.net/wiki/Artem2s",
        ),
        ("see https://example.com/a/😀 now", "https://example.com/a/😀"),
        ("see http://✪df.ws/123 now", "http://✪df.ws/123"),
    ]);
}

/// An address written against harvesters with `<at>` or HTML's
/// `&lt;at&gt;` glued between its parts, or French `[chez]`: its domain
/// is no link of its own. A name after an HTML tag stays a link.
#[test]
fn domain_after_glued_or_escaped_written_at_is_no_link() {
    assert_no_links(&[
        "nakasho&lt;at&gt;yamaguchi-u.ac.jp",
        "nakasho<at>yamaguchi-u.ac.jp",
        "prenom.nom [chez] inria.fr",
        "tscompor(AT)gmail.com",
    ]);
    assert_found_one(&[
        ("<td>example.com</td>", "example.com"),
        ("&amp;example.org", "example.org"),
        ("visit chez example.fr", "example.fr"),
    ]);
}

/// A shared library's file (`libc-2.31.so`, `ld-2.31.so`, `librt.so`) is
/// no host, though `.so` is a TLD; a site under `.so` stays a link.
#[test]
fn shared_library_file_name_so_is_no_link() {
    assert_no_links(&[
        "-rwxr-xr-x 1 root root 40040 librt-2.31.so",
        "ld-2.31.so => /lib/ld-2.31.so",
        "link with libfoo.so",
    ]);
    assert_found_one(&[("visit example.so today", "example.so"), ("see notion.so", "notion.so")]);
}

/// `Email:-abc@gmail.com`: `:-` separates a label from its value; the
/// address starts after the dashes (a local part may start with `-`
/// elsewhere).
#[test]
fn label_colon_dash_before_address_is_no_part_of_it() {
    assert_found_one(&[
        ("Mail Us :-sonotekaudio@gmail.com", "sonotekaudio@gmail.com"),
        ("Email:-abc@gmail.com, Ph:-123", "abc@gmail.com"),
        ("reply to -abc@gmail.com", "-abc@gmail.com"),
    ]);
}

/// What the review of this session's rules found, each kept: an escaped
/// byte other than a lowercase Cyrillic letter, or a query's words, before
/// a Cyrillic capital keep the link whole; symbols written inside words
/// stay in a path; `www.` names and multi-label hosts under `.in` and `.so`
/// stay links; the quick and the full rules agree on `.infO{`.
#[test]
fn review_findings_on_the_twenty_ninth_sessions_rules_stay_fixed() {
    for link in [
        "https://twitter.com/search?q=%23Россия&src=typed_query",
        "https://example.ru/docs/2023%20Отчет.pdf",
        "https://ru.wikipedia.org/wiki/Category%3AМосква",
        "https://www.google.com/search?q=iphoneКупить",
        "https://example.com/I❤NY",
        "https://en.wikipedia.org/wiki/C♯",
        "https://example.com/artist/Passpo☆",
        "https://example.com/a/bb7♭5",
        "www.policy.in",
        "www.360.so",
        "ld-news.so",
        "library.notion.so",
    ] {
        assert_eq!(found(&format!("see {link} now")), [link], "{link}");
    }
    assert_no_links(&["version.Info{x}", "libfoo-1.2.so and ld-2.31.so"]);
    assert_eq!(found("version.infO{x}"), ["version.infO"]);
}
