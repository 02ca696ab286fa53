//! Turning text into linked text: HTML and Markdown.
//!
//! Every link is shown as written and points at its URI (RFC 3987 §3.1
//! mapping of the IRI it denotes), so the `href` is always ASCII. A link is
//! left as (escaped) text when its mapping fails (a host that IDNA rejects)
//! or its scheme is `javascript:`, `vbscript:` or `data:`, which a page
//! must never make active from untrusted text.
//!
//! ```
//! use iriscan::{Finder, render::{to_html, to_markdown}};
//!
//! let f = Finder::new();
//! assert_eq!(
//!     to_html(&f, "<b>see</b> http://例え.jp/?a=1&b=2"),
//!     "&lt;b&gt;see&lt;/b&gt; <a href=\"http://xn--r8jz45g.jp/?a=1&amp;b=2\">http://例え.jp/?a=1&amp;b=2</a>"
//! );
//! assert_eq!(
//!     to_markdown(&f, "*see* https://en.wikipedia.org/wiki/Rust_(language)"),
//!     "\\*see\\* [https://en.wikipedia.org/wiki/Rust\\_\\(language\\)](https://en.wikipedia.org/wiki/Rust_%28language%29)"
//! );
//! ```
//!
//! # The shown text
//!
//! What a link shows is produced by one function, the renderer's
//! [`DisplayHook`] (by default [`display_as_written`]), before escaping.
//! Swap it (with [`Renderer::display`]) for a function that makes the text
//! safe to show (bidi controls, confusables, `xn--` labels…).

use crate::stream::Chunk;
use crate::{Finder, Link};

/// Output format of a [`Renderer`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Format {
    /// HTML: text escaped, links as `<a href="URI">text</a>`.
    #[default]
    Html,
    /// Markdown (CommonMark): text escaped, links as `[text](URI)`.
    Markdown,
}

/// Produces the text a link shows from the link as written.
///
/// ```
/// use iriscan::{Finder, render::{Format, Renderer}};
/// fn shout(s: &str) -> String { s.to_uppercase() }
/// let mut r = Renderer::new(Format::Html);
/// r.display(shout);
/// assert_eq!(r.render_str(&Finder::new(), "x.org"), "<a href=\"https://x.org\">X.ORG</a>");
/// ```
pub type DisplayHook = fn(&str) -> String;

/// The default [`DisplayHook`]: the link exactly as written.
///
/// ```
/// assert_eq!(iriscan::render::display_as_written("例え.jp"), "例え.jp");
/// ```
pub fn display_as_written(link_text: &str) -> String {
    link_text.to_owned()
}

/// Renders text with its links, in one piece or chunk by chunk.
///
/// A renderer remembers where the previous chunk left off (Markdown escapes
/// a few characters only at the start of a line), so feed it the chunks of
/// one input in order, and use a new one (or [`Renderer::resume_after`]) for
/// each input.
///
/// ```
/// use iriscan::{Finder, render::{Format, Renderer}, stream::StreamFinder};
///
/// let finder = Finder::new();
/// let mut renderer = Renderer::new(Format::Html);
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
    format: Format,
    display: DisplayHook,
    /// Show each link by the display-safety policy instead of the hook.
    safe_display: bool,
    /// Markdown: only spaces since the start of the line (up to three
    /// spaces of indentation still make a block marker).
    line_start: Option<u8>,
}

impl Renderer {
    /// A renderer for `format` showing links as written.
    ///
    /// ```
    /// use iriscan::render::{Format, Renderer};
    /// let r = Renderer::new(Format::Markdown);
    /// assert_eq!(r.render_str(&iriscan::Finder::new(), "# x.org"), "\\# [x.org](https://x.org)");
    /// ```
    pub fn new(format: Format) -> Self {
        Renderer {
            format,
            display: display_as_written,
            safe_display: false,
            line_start: Some(0),
        }
    }

    /// Sets the function that produces a link's shown text (see the module
    /// documentation).
    ///
    /// ```
    /// use iriscan::render::{Format, Renderer};
    /// let mut r = Renderer::new(Format::Markdown);
    /// r.display(|s| format!("<{s}>"));
    /// assert_eq!(r.render_str(&iriscan::Finder::new(), "x.org"), "[\\<x.org\\>](https://x.org)");
    /// ```
    pub fn display(&mut self, hook: DisplayHook) -> &mut Self {
        self.display = hook;
        self.safe_display = false;
        self
    }

    /// Shows each link in the safe form of [`crate::display::display_link`]
    /// (spoofable hosts as punycode, bidi controls encoded): what a mail
    /// client should show. The `href` is the URI either way.
    ///
    /// ```
    /// use iriscan::render::{Format, Renderer};
    /// let mut r = Renderer::new(Format::Html);
    /// r.safe_display(true);
    /// let html = r.render_str(&iriscan::Finder::new(), "раураl.com");
    /// assert_eq!(html, "<a href=\"https://xn--l-7sba6dbr.com\">xn--l-7sba6dbr.com</a>");
    /// ```
    pub fn safe_display(&mut self, on: bool) -> &mut Self {
        self.safe_display = on;
        self
    }

    /// Sets the line-start state as if `before` had been rendered: for
    /// rendering pieces of one text apart. `before` is the text before the
    /// next piece since the start of the input, or at least its last four
    /// bytes.
    ///
    /// ```
    /// use iriscan::render::{Format, Renderer};
    /// let f = iriscan::Finder::new();
    /// let mut r = Renderer::new(Format::Markdown);
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
    /// use iriscan::render::{Format, Renderer};
    /// let r = Renderer::new(Format::Html);
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
    /// use iriscan::render::{Format, Renderer};
    /// let mut out = String::new();
    /// Renderer::new(Format::Html).render_bytes(&iriscan::Finder::new(), b"\xFFx.org", &mut out);
    /// assert_eq!(out, "\u{FFFD}<a href=\"https://x.org\">x.org</a>");
    /// ```
    pub fn render_bytes(&mut self, finder: &Finder, text: &[u8], out: &mut String) {
        self.render_links(text, finder.links_bytes(text), out);
    }

    /// Renders one chunk of a larger input (see [`crate::stream`] and
    /// [`crate::parallel`]) and appends to `out`.
    ///
    /// ```
    /// use iriscan::{render::{Format, Renderer}, stream::Chunk};
    /// let f = iriscan::Finder::new();
    /// let mut out = String::new();
    /// Renderer::new(Format::Markdown).render_chunk(&Chunk::whole(&f, b"x.org!"), &mut out);
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
        match self.format {
            Format::Html => escape_html(&text, out),
            Format::Markdown => self.escape_markdown_text(&text, out),
        }
    }

    /// Appends one link: an anchor, or escaped text when it must not link.
    fn render_link(&mut self, link: &Link<'_>, out: &mut String) {
        let uri = match link.to_uri() {
            Ok(uri) if !is_dangerous_scheme(&uri) => uri,
            _ => return self.render_text(link.as_str().as_bytes(), out),
        };
        let shown = if self.safe_display {
            crate::display::display_link(link.kind(), &link.iri())
        } else {
            (self.display)(link.as_str())
        };
        match self.format {
            Format::Html => {
                out.push_str("<a href=\"");
                escape_html(&uri, out);
                out.push_str("\">");
                escape_html(&shown, out);
                out.push_str("</a>");
            }
            Format::Markdown => {
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
        Renderer::new(Format::Html)
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

/// HTML for `text`: escaped, with each link as `<a href="URI">link as
/// written</a>` (see the module documentation).
///
/// ```
/// let html = iriscan::render::to_html(&iriscan::Finder::new(), "mail bob@bücher.de");
/// assert_eq!(html, "mail <a href=\"mailto:bob@xn--bcher-kva.de\">bob@bücher.de</a>");
/// ```
pub fn to_html(finder: &Finder, text: &str) -> String {
    Renderer::new(Format::Html).render_str(finder, text)
}

/// Markdown for `text`: Markdown syntax in the text escaped, each link as
/// `[link as written](URI)`.
///
/// ```
/// let md = iriscan::render::to_markdown(&iriscan::Finder::new(), "1. see [x.org]");
/// assert_eq!(md, "1\\. see \\[[x.org](https://x.org)\\]");
/// ```
pub fn to_markdown(finder: &Finder, text: &str) -> String {
    Renderer::new(Format::Markdown).render_str(finder, text)
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
        /// ASCII URIs with no dangerous scheme, and the text reads exactly
        /// as the input.
        #[test]
        fn html_keeps_the_text_and_adds_only_safe_anchors(t in text()) {
            let html = to_html(&Finder::new(), &t);
            prop_assert_eq!(html_to_text(&html), t);
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
