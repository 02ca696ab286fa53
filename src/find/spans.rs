//! Links and the text between them, for linkifiers (`Finder::spans`).

use super::{Link, Links};

/// A piece of text: either a link or the text between links.
///
/// ```
/// let f = iriscan::Finder::new();
/// let spans: Vec<_> = f.spans("see x.org!").collect();
/// assert_eq!(spans.iter().map(|s| s.as_str()).collect::<Vec<_>>(), ["see ", "x.org", "!"]);
/// assert!(spans[0].link().is_none() && spans[1].link().is_some());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span<'t> {
    text: &'t str,
    start: usize,
    link: Option<Link<'t>>,
}

impl<'t> Span<'t> {
    /// The span's text.
    ///
    /// ```
    /// let s = iriscan::Finder::new().spans("see x.org").nth(1).unwrap();
    /// assert_eq!(s.as_str(), "x.org");
    /// ```
    pub fn as_str(&self) -> &'t str {
        self.text
    }
    /// Byte offset of the span's start.
    ///
    /// ```
    /// let s = iriscan::Finder::new().spans("see x.org").nth(1).unwrap();
    /// assert_eq!(s.start(), 4);
    /// ```
    pub fn start(&self) -> usize {
        self.start
    }
    /// Byte offset of the span's end (exclusive).
    ///
    /// ```
    /// let s = iriscan::Finder::new().spans("see x.org").nth(1).unwrap();
    /// assert_eq!(s.end(), 9);
    /// ```
    pub fn end(&self) -> usize {
        self.start + self.text.len()
    }
    /// The link, if this span is one.
    ///
    /// ```
    /// let s = iriscan::Finder::new().spans("see x.org").nth(1).unwrap();
    /// assert_eq!(s.link().unwrap().kind(), iriscan::LinkKind::Domain);
    /// ```
    pub fn link(&self) -> Option<&Link<'t>> {
        self.link.as_ref()
    }
}

/// Iterator over the spans of a text; see [`Finder::spans`](crate::Finder::spans).
///
/// ```
/// let f = iriscan::Finder::new();
/// let text = "a x.org b";
/// assert_eq!(f.spans(text).map(|s| s.as_str()).collect::<String>(), text);
/// ```
#[derive(Debug)]
pub struct Spans<'f, 't> {
    text: &'t str,
    links: Links<'f, 't>,
    pos: usize,
    pending: Option<Link<'t>>,
}

impl<'f, 't> Spans<'f, 't> {
    /// The spans of `text`, whose links are `links`.
    pub(super) fn new(text: &'t str, links: Links<'f, 't>) -> Self {
        Spans {
            text,
            links,
            pos: 0,
            pending: None,
        }
    }
}

impl<'f, 't> Iterator for Spans<'f, 't> {
    type Item = Span<'t>;

    fn next(&mut self) -> Option<Span<'t>> {
        if let Some(link) = self.pending.take() {
            self.pos = link.end();
            return Some(Span {
                text: link.as_str(),
                start: link.start(),
                link: Some(link),
            });
        }
        match self.links.next() {
            Some(link) if link.start() > self.pos => {
                let span = Span {
                    text: &self.text[self.pos..link.start()],
                    start: self.pos,
                    link: None,
                };
                self.pending = Some(link);
                Some(span)
            }
            Some(link) => {
                self.pos = link.end();
                Some(Span {
                    text: link.as_str(),
                    start: link.start(),
                    link: Some(link),
                })
            }
            None if self.pos < self.text.len() => {
                let span = Span {
                    text: &self.text[self.pos..],
                    start: self.pos,
                    link: None,
                };
                self.pos = self.text.len();
                Some(span)
            }
            None => None,
        }
    }
}

impl std::iter::FusedIterator for Spans<'_, '_> {}
