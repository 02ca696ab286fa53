//! Turning text into linked text: HTML and Markdown, display-safe by default.
//!
//! Every link points at its URI (RFC 3987 §3.1 mapping of the IRI it
//! denotes), so the `href` is always ASCII. What the link *shows* is, by
//! default, the display-safe form of [`crate::display::display_link`]: a
//! host that could pass for another (`аррӏе.com` in Cyrillic, mixed
//! scripts, invisible characters) is shown as punycode, bidi controls stay
//! percent-encoded, while a safe IDN such as `例え.jp` stays readable.
//! Showing a link exactly as written is the opt-in ([`LinkText::AsWritten`]).
//! A link is left as (escaped) text when its mapping fails (a host that
//! IDNA rejects) or its scheme is `javascript:`, `vbscript:` or `data:`,
//! which a page must never make active from untrusted text.
//!
//! ```
//! use iriscan::{Finder, render::{to_html, to_markdown}};
//!
//! let f = Finder::new();
//! assert_eq!(
//!     to_html(&f, "<b>see</b> http://例え.jp/?a=1&b=2"),
//!     "&lt;b&gt;see&lt;/b&gt; <a href=\"http://xn--r8jz45g.jp/?a=1&amp;b=2\">http://例え.jp/?a=1&amp;b=2</a>"
//! );
//! // A Cyrillic look-alike of apple.com is shown as what it is.
//! assert_eq!(
//!     to_html(&f, "https://аррӏе.com/login"),
//!     "<a href=\"https://xn--80ak6aa92e.com/login\">https://xn--80ak6aa92e.com/login</a>"
//! );
//! assert_eq!(
//!     to_markdown(&f, "*see* https://en.wikipedia.org/wiki/Rust_(language)"),
//!     "\\*see\\* [https://en.wikipedia.org/wiki/Rust\\_\\(language\\)](https://en.wikipedia.org/wiki/Rust_%28language%29)"
//! );
//! ```

use crate::stream::Chunk;
use crate::{Finder, Link};

/// The markup a [`Renderer`] writes.
///
/// ```
/// use iriscan::render::{Markup, Renderer};
/// let f = iriscan::Finder::new();
/// assert_eq!(Renderer::new(Markup::Markdown).render_str(&f, "x.org"), "[x.org](https://x.org)");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Markup {
    /// HTML: text escaped, links as `<a href="URI">text</a>`.
    #[default]
    Html,
    /// Markdown (CommonMark): text escaped, links as `[text](URI)`.
    Markdown,
}

/// What a rendered link shows (its `href` is the URI in every case).
///
/// ```
/// use iriscan::{Finder, render::{LinkText, Markup, Renderer}};
///
/// let f = Finder::new();
/// let mut r = Renderer::new(Markup::Html);
/// // The default: the display-safe form.
/// assert_eq!(r.render_str(&f, "раураl.com"), "<a href=\"https://xn--l-7sba6dbr.com\">xn--l-7sba6dbr.com</a>");
/// // Opt in to the text as written.
/// r.link_text(LinkText::AsWritten);
/// assert_eq!(r.render_str(&f, "раураl.com"), "<a href=\"https://xn--l-7sba6dbr.com\">раураl.com</a>");
/// // Or a function of the text as written.
/// r.link_text(LinkText::Custom(|s| s.to_uppercase()));
/// assert_eq!(r.render_str(&f, "x.org"), "<a href=\"https://x.org\">X.ORG</a>");
/// ```
#[derive(Clone, Copy, Debug, Default)]
#[non_exhaustive]
pub enum LinkText {
    /// The display-safe form ([`crate::display::display_link`]): spoofable
    /// hosts as punycode, bidi controls and unfit characters encoded. What
    /// a mail client should show.
    #[default]
    Safe,
    /// The link exactly as written in the text: only for text you trust.
    AsWritten,
    /// A function of the link as written.
    Custom(fn(&str) -> String),
}

/// Renders text with its links, in one piece or chunk by chunk.
///
/// A renderer remembers where the previous chunk left off (Markdown escapes
/// a few characters only at the start of a line), so feed it the chunks of
/// one input in order, and use a new one (or [`Renderer::resume_after`]) for
/// each input.
///
/// ```
/// use iriscan::{Finder, render::{Markup, Renderer}, stream::StreamFinder};
///
/// let finder = Finder::new();
/// let mut renderer = Renderer::new(Markup::Html);
/// let mut html = String::new();
/// StreamFinder::new(finder).for_each_chunk("a <b> c x.org\n".as_bytes(), |chunk| {
///     renderer.render_chunk(chunk, &mut html);
///     Ok(())
/// })?;
/// assert_eq!(html, "a &lt;b&gt; c <a href=\"https://x.org\">x.org</a>\n");
/// # Ok::<(), iriscan::stream::StreamError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Renderer {
    markup: Markup,
    link_text: LinkText,
    /// Markdown: only spaces since the start of the line (up to three
    /// spaces of indentation still make a block marker).
    line_start: Option<u8>,
}

impl Renderer {
    /// A renderer for `markup`, showing links in their display-safe form.
    ///
    /// ```
    /// use iriscan::render::{Markup, Renderer};
    /// let r = Renderer::new(Markup::Markdown);
    /// assert_eq!(r.render_str(&iriscan::Finder::new(), "# x.org"), "\\# [x.org](https://x.org)");
    /// ```
    pub fn new(markup: Markup) -> Self {
        Renderer {
            markup,
            link_text: LinkText::Safe,
            line_start: Some(0),
        }
    }

    /// Sets what each link shows (see [`LinkText`]); [`LinkText::Safe`] by
    /// default.
    ///
    /// ```
    /// use iriscan::render::{LinkText, Markup, Renderer};
    /// let mut r = Renderer::new(Markup::Markdown);
    /// r.link_text(LinkText::Custom(|s| format!("<{s}>")));
    /// assert_eq!(r.render_str(&iriscan::Finder::new(), "x.org"), "[\\<x.org\\>](https://x.org)");
    /// ```
    pub fn link_text(&mut self, shown: LinkText) -> &mut Self {
        self.link_text = shown;
        self
    }

    /// Sets the line-start state as if `before` had been rendered: for
    /// rendering pieces of one text apart. `before` is the text before the
    /// next piece since the start of the input, or at least its last four
    /// bytes.
    ///
    /// ```
    /// use iriscan::render::{Markup, Renderer};
    /// let f = iriscan::Finder::new();
    /// let mut r = Renderer::new(Markup::Markdown);
    /// r.resume_after(b"text ");
    /// let mut out = String::new();
    /// r.render_bytes(&f, b"# no heading", &mut out);
    /// assert_eq!(out, "\\# no heading"); // `#` is always escaped
    /// r.resume_after(b"x\n  ");
    /// out.clear();
    /// r.render_bytes(&f, b"- item", &mut out);
    /// assert_eq!(out, "\\- item"); // at a line start: a list marker
    /// ```
    pub fn resume_after(&mut self, before: &[u8]) -> &mut Self {
        let line = match memchr::memrchr(b'\n', before) {
            Some(i) => &before[i + 1..],
            None => before,
        };
        self.line_start = (line.len() <= 3 && line.iter().all(|&b| b == b' ')).then_some(line.len() as u8);
        self
    }

    /// Renders a whole text.
    ///
    /// ```
    /// use iriscan::render::{Markup, Renderer};
    /// let r = Renderer::new(Markup::Html);
    /// assert_eq!(r.render_str(&iriscan::Finder::new(), "javascript:alert(1) x.org"),
    ///     "javascript:alert(1) <a href=\"https://x.org\">x.org</a>");
    /// ```
    pub fn render_str(&self, finder: &Finder, text: &str) -> String {
        let mut out = String::with_capacity(text.len() + text.len() / 4);
        self.clone().render_links(text.as_bytes(), finder.links(text), &mut out);
        out
    }

    /// Renders `text` (possibly invalid UTF-8: each invalid sequence is
    /// shown as U+FFFD) and appends to `out`.
    ///
    /// ```
    /// use iriscan::render::{Markup, Renderer};
    /// let mut out = String::new();
    /// Renderer::new(Markup::Html).render_bytes(&iriscan::Finder::new(), b"\xFFx.org", &mut out);
    /// assert_eq!(out, "\u{FFFD}<a href=\"https://x.org\">x.org</a>");
    /// ```
    pub fn render_bytes(&mut self, finder: &Finder, text: &[u8], out: &mut String) {
        self.render_links(text, finder.links_bytes(text), out);
    }

    /// Renders one chunk of a larger input (see [`crate::stream`] and
    /// `iriscan::parallel`) and appends to `out`.
    ///
    /// ```
    /// use iriscan::{render::{Markup, Renderer}, stream::Chunk};
    /// let f = iriscan::Finder::new();
    /// let mut out = String::new();
    /// Renderer::new(Markup::Markdown).render_chunk(&Chunk::whole(&f, b"x.org!"), &mut out);
    /// assert_eq!(out, "[x.org](https://x.org)\\!");
    /// ```
    pub fn render_chunk(&mut self, chunk: &Chunk<'_>, out: &mut String) {
        self.render_links(chunk.text(), chunk.links().map(|l| *l.link()), out);
    }

    /// Renders `text` with the given links (in order, offsets into `text`).
    fn render_links<'t>(&mut self, text: &'t [u8], links: impl Iterator<Item = Link<'t>>, out: &mut String) {
        let mut pos = 0;
        for link in links {
            self.render_text(&text[pos..link.start()], out);
            self.render_link(&link, out);
            pos = link.end();
        }
        self.render_text(&text[pos..], out);
    }

    /// Appends `text` escaped for the format.
    fn render_text(&mut self, text: &[u8], out: &mut String) {
        if text.is_empty() {
            return;
        }
        let text = String::from_utf8_lossy(text);
        match self.markup {
            Markup::Html => escape_html(&text, out),
            Markup::Markdown => self.escape_markdown_text(&text, out),
        }
    }

    /// Appends one link: an anchor, or escaped text when it must not link.
    fn render_link(&mut self, link: &Link<'_>, out: &mut String) {
        let uri = match link.to_uri() {
            Ok(uri) if !is_dangerous_scheme(&uri) => uri,
            _ => return self.render_text(link.as_str().as_bytes(), out),
        };
        let shown = match self.link_text {
            LinkText::Safe => crate::display::display_link(link.kind(), &link.iri()),
            LinkText::AsWritten => link.as_str().to_owned(),
            LinkText::Custom(f) => f(link.as_str()),
        };
        match self.markup {
            Markup::Html => {
                out.push_str("<a href=\"");
                escape_html(&uri, out);
                out.push_str("\">");
                escape_html(&shown, out);
                out.push_str("</a>");
            }
            Markup::Markdown => {
                out.push('[');
                self.line_start = None;
                self.escape_markdown_text(&shown, out);
                out.push_str("](");
                push_markdown_destination(&uri, out);
                out.push(')');
            }
        }
        self.line_start = None;
    }

    /// Escapes Markdown text: the characters that open inline constructs
    /// always, and block markers (`-`, `+`, `=`, `1.`) at a line start.
    fn escape_markdown_text(&mut self, text: &str, out: &mut String) {
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\n' => {
                    out.push('\n');
                    self.line_start = Some(0);
                    continue;
                }
                ' ' if self.line_start.is_some() => {
                    out.push(' ');
                    self.line_start = self.line_start.and_then(|n| (n < 3).then_some(n + 1));
                    continue;
                }
                '\\' | '`' | '*' | '_' | '[' | ']' | '(' | ')' | '<' | '>' | '!' | '|' | '~' | '#' | '&' => {
                    out.push('\\');
                    out.push(c);
                }
                '-' | '+' | '=' if self.line_start.is_some() => {
                    out.push('\\');
                    out.push(c);
                }
                '0'..='9' if self.line_start.is_some() => {
                    // An ordered list marker: digits then `.` or `)`.
                    out.push(c);
                    while let Some(&d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                        out.push(d);
                        chars.next();
                    }
                    if chars.peek() == Some(&'.') {
                        out.push_str("\\.");
                        chars.next();
                    }
                }
                _ => out.push(c),
            }
            self.line_start = None;
        }
    }
}

impl Default for Renderer {
    fn default() -> Self {
        Renderer::new(Markup::Html)
    }
}

/// Whether a URI (or IRI) has a scheme that runs code or embeds content
/// when followed: `javascript:`, `vbscript:`, `data:` (ASCII case-insensitive).
///
/// ```
/// assert!(iriscan::render::is_dangerous_scheme("JavaScript:alert(1)"));
/// assert!(!iriscan::render::is_dangerous_scheme("https://example.com/javascript:"));
/// ```
pub fn is_dangerous_scheme(uri: &str) -> bool {
    let scheme = match uri.find(':') {
        Some(i) => &uri[..i],
        None => return false,
    };
    ["javascript", "vbscript", "data"]
        .iter()
        .any(|s| s.eq_ignore_ascii_case(scheme))
}

/// Appends `text` with `&`, `<`, `>`, `"` and `'` escaped: safe in HTML text
/// and in a double- or single-quoted attribute value.
///
/// ```
/// let mut out = String::new();
/// iriscan::render::escape_html("<a href='x'>&\"", &mut out);
/// assert_eq!(out, "&lt;a href=&#39;x&#39;&gt;&amp;&quot;");
/// ```
pub fn escape_html(text: &str, out: &mut String) {
    let mut last = 0;
    for (i, b) in text.bytes().enumerate() {
        let rep = match b {
            b'&' => "&amp;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            b'"' => "&quot;",
            b'\'' => "&#39;",
            _ => continue,
        };
        out.push_str(&text[last..i]);
        out.push_str(rep);
        last = i + 1;
    }
    out.push_str(&text[last..]);
}

/// Appends a URI as a Markdown link destination: `(`, `)`, `<`, `>`, `\`,
/// space and control characters percent-encoded, so that the destination
/// ends exactly at the closing `)`.
fn push_markdown_destination(uri: &str, out: &mut String) {
    for c in uri.chars() {
        match c {
            '(' | ')' | '<' | '>' | '\\' | ' ' | '`' | '"' | '\'' | '\u{0}'..='\u{1F}' | '\u{7F}' => {
                out.push_str(&format!("%{:02X}", c as u32));
            }
            _ => out.push(c),
        }
    }
}

/// HTML for `text`: escaped, with each link as `<a href="URI">shown</a>`,
/// shown in its display-safe form (see the module documentation).
///
/// ```
/// let html = iriscan::render::to_html(&iriscan::Finder::new(), "mail bob@bücher.de");
/// assert_eq!(html, "mail <a href=\"mailto:bob@xn--bcher-kva.de\">bob@bücher.de</a>");
/// ```
pub fn to_html(finder: &Finder, text: &str) -> String {
    Renderer::new(Markup::Html).render_str(finder, text)
}

/// Markdown for `text`: Markdown syntax in the text escaped, each link as
/// `[shown](URI)`, shown in its display-safe form.
///
/// ```
/// let md = iriscan::render::to_markdown(&iriscan::Finder::new(), "1. see [x.org]");
/// assert_eq!(md, "1\\. see \\[[x.org](https://x.org)\\]");
/// ```
pub fn to_markdown(finder: &Finder, text: &str) -> String {
    Renderer::new(Markup::Markdown).render_str(finder, text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const PIECES: &[&str] = &[
        "http://例え.jp/パス?a=1&b=2",
        "https://пример.рф/путь",
        "www.example.com",
        "a@b.org",
        "javascript:alert(1)",
        "JaVaScRiPt:x",
        "data:text/html,<b>",
        "vbscript:msgbox",
        "http://xn--a.例え.jp/",
        "<URL:http://a.com/b/\n   c>",
        "<script>alert('x')</script>",
        "\"",
        "'",
        "&amp;",
        "<",
        ">",
        "[x](y)",
        "*",
        "_",
        "`",
        "#",
        "- ",
        "1. ",
        "!",
        "|",
        "~",
        "\\",
        " ",
        "\n",
        "   ",
        "text",
        "日本語",
        "(https://en.wikipedia.org/wiki/Rust_(language))",
    ];

    fn text() -> impl Strategy<Value = String> {
        prop::collection::vec(prop::sample::select(PIECES), 0..30).prop_map(|v| v.concat())
    }

    /// Removes `<a href="…">` and `</a>` and undoes the escaping.
    fn html_to_text(html: &str) -> String {
        let mut out = String::new();
        let mut rest = html;
        while let Some(i) = rest.find('<') {
            out.push_str(&rest[..i]);
            rest = &rest[i..];
            if let Some(tag) = rest.strip_prefix("<a href=\"") {
                let q = tag.find("\">").unwrap();
                let href = &tag[..q];
                assert!(href.is_ascii() && !href.contains(['<', '>', '"', '\'', ' ']), "{href}");
                assert!(!is_dangerous_scheme(href), "{href}");
                rest = &tag[q + 2..];
            } else {
                rest = rest.strip_prefix("</a>").expect("only <a> and </a> tags");
            }
        }
        out.push_str(rest);
        out.replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&quot;", "\"")
            .replace("&#39;", "'")
            .replace("&amp;", "&")
    }

    proptest! {
        /// HTML: the only tags are the renderer's own anchors, hrefs are
        /// ASCII URIs with no dangerous scheme, and (links shown as
        /// written) the text reads exactly as the input.
        #[test]
        fn html_keeps_the_text_and_adds_only_safe_anchors(t in text()) {
            let mut r = Renderer::new(Markup::Html);
            r.link_text(LinkText::AsWritten);
            prop_assert_eq!(html_to_text(&r.render_str(&Finder::new(), &t)), t);
        }

        /// HTML by default: the same anchors, each showing the display-safe
        /// form of its link, and nothing else changed.
        #[test]
        fn html_shows_links_in_their_safe_form_by_default(t in text()) {
            let f = Finder::new();
            let mut want = String::new();
            let mut pos = 0;
            for link in f.links(&t) {
                want.push_str(&t[pos..link.start()]);
                if link.to_uri().is_ok_and(|u| !is_dangerous_scheme(&u)) {
                    want.push_str(&crate::display::display_link(link.kind(), &link.iri()));
                } else {
                    want.push_str(link.as_str());
                }
                pos = link.end();
            }
            want.push_str(&t[pos..]);
            prop_assert_eq!(html_to_text(&to_html(&f, &t)), want);
        }

        /// Markdown: every link destination is an ASCII URI that ends at
        /// its `)`; no dangerous scheme is linked.
        #[test]
        fn markdown_destinations_are_plain_ascii(t in text()) {
            let md = to_markdown(&Finder::new(), &t);
            let mut rest = md.as_str();
            while let Some(i) = rest.find("](") {
                let dest_end = rest[i + 2..].find(')').unwrap();
                let dest = &rest[i + 2..i + 2 + dest_end];
                prop_assert!(dest.is_ascii() && !dest.contains(['(', ' ', '<', '>', '\\']), "{}", dest);
                prop_assert!(!is_dangerous_scheme(dest));
                rest = &rest[i + 2 + dest_end..];
            }
        }
    }

    #[test]
    fn dangerous_and_unmappable_links_stay_text() {
        let f = Finder::new();
        assert_eq!(to_html(&f, "javascript:alert(1)"), "javascript:alert(1)");
        assert_eq!(to_html(&f, "data:text/html,<b>x"), "data:text/html,&lt;b&gt;x");
        assert_eq!(to_html(&f, "http://xn--a.例え.jp/"), "http://xn--a.例え.jp/");
        assert_eq!(to_markdown(&f, "http://xn--a.例え.jp/"), "http://xn--a.例え.jp/");
    }

    #[test]
    fn markdown_block_markers_are_escaped_only_at_line_start() {
        let f = Finder::new();
        assert_eq!(
            to_markdown(&f, "a-b + c = d\n  - e\n12. f\n+ g"),
            "a-b + c = d\n  \\- e\n12\\. f\n\\+ g"
        );
        assert_eq!(to_markdown(&f, "    - code"), "    - code");
    }
}
