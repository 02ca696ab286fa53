//! The only file of the Python binding that names the iriscan library's
//! API. Everything here is plain Rust (no PyO3), so that a rename in the
//! library is a one-line change here and `lib.rs` only deals with Python.

use iriscan::render::{LinkText, Markup, Renderer};
pub use iriscan::Finder;
use iriscan::{Iri, LinkKind, MapError};

/// The link kinds by their names in output formats (`LinkKind::name`).
const KINDS: [LinkKind; 3] = [LinkKind::Iri, LinkKind::Email, LinkKind::Domain];

/// A finder for the named kinds (`"iri"`, `"email"`, `"domain"`), or the
/// first unknown name.
pub fn finder(kinds: &[String], strict_uts58: bool) -> Result<Finder, String> {
    let mut chosen = Vec::with_capacity(kinds.len());
    for name in kinds {
        match KINDS.iter().find(|k| k.name() == name) {
            Some(k) => chosen.push(*k),
            None => return Err(name.clone()),
        }
    }
    let mut f = Finder::new();
    f.kinds(&chosen).strict_uts58(strict_uts58);
    Ok(f)
}

/// The default finder: all three kinds, default mode.
pub fn default_finder() -> Finder {
    Finder::new()
}

/// One found link with every field the CLI's `--format jsonl` prints,
/// owned so that it outlives the scan (the scan runs without the GIL).
pub struct FoundLink {
    /// Byte offset of the first byte in the scanned input.
    pub start: usize,
    /// Byte offset just past the last byte.
    pub end: usize,
    /// `iri`, `email` or `domain`.
    pub kind: &'static str,
    /// The link as written.
    pub text: String,
    /// The IRI it denotes (`mailto:`/default scheme added, folds removed).
    pub iri: String,
    /// The URI (RFC 3987 §3.1), `None` when the IRI cannot be mapped.
    pub uri: Option<String>,
    /// The display-safe form (UTS 39 host policy, bidi controls encoded).
    pub display: String,
}

/// Finds the links of `data` (invalid UTF-8 is a boundary) with all fields,
/// exactly as `iriscan find --format jsonl` computes them: the display form
/// starts from the URI when there is one (cli/src/tasks.rs).
pub fn find(finder: &Finder, data: &[u8]) -> Vec<FoundLink> {
    finder
        .links_bytes(data)
        .map(|link| {
            let iri = link.iri();
            let uri = iriscan::to_uri(&iri).ok().map(|u| u.into_owned());
            let display = iriscan::display::display_link(link.kind(), uri.as_deref().unwrap_or(&iri));
            FoundLink {
                start: link.start(),
                end: link.end(),
                kind: link.kind().name(),
                text: link.as_str().to_owned(),
                iri: iri.into_owned(),
                uri,
                display,
            }
        })
        .collect()
}

/// Why a string is not an IRI (or cannot be mapped to a URI).
pub struct Failure {
    /// The library's message.
    pub message: String,
    /// Byte offset of the error in the input, when it has one (an IDNA
    /// failure concerns the whole host).
    pub byte_offset: Option<usize>,
}

impl From<MapError> for Failure {
    fn from(e: MapError) -> Self {
        let byte_offset = match &e {
            MapError::Parse(p) => Some(p.offset()),
            _ => None,
        };
        Failure {
            message: e.to_string(),
            byte_offset,
        }
    }
}

/// IRI (reference) → URI, RFC 3987 §3.1.
pub fn to_uri(iri: &str) -> Result<String, Failure> {
    Ok(iriscan::to_uri(iri)?.into_owned())
}

/// URI → IRI for display, RFC 3987 §3.2 (never fails).
pub fn to_iri(uri: &str) -> String {
    iriscan::to_iri(uri).into_owned()
}

/// HTML with every link as an anchor, shown by the display-safety policy
/// (what a mail client should show), `href` the URI.
pub fn linkify_html(finder: &Finder, text: &str) -> String {
    let mut r = Renderer::new(Markup::Html);
    // Safe is the default; said here so a change of default cannot loosen it.
    r.link_text(LinkText::Safe);
    r.render_str(finder, text)
}

/// The components of an absolute IRI, copied out of the parse.
pub struct Components {
    pub scheme: String,
    pub authority: Option<String>,
    pub userinfo: Option<String>,
    pub host: Option<String>,
    pub port: Option<String>,
    pub path: String,
    pub query: Option<String>,
    pub fragment: Option<String>,
}

/// Parses an absolute IRI (RFC 3987 `IRI` production).
pub fn parse(text: &str) -> Result<Components, Failure> {
    let iri = Iri::parse(text).map_err(|e| Failure::from(MapError::from(e)))?;
    let own = |s: Option<&str>| s.map(str::to_owned);
    Ok(Components {
        scheme: iri.scheme().to_owned(),
        authority: own(iri.authority()),
        userinfo: own(iri.userinfo()),
        host: own(iri.host()),
        port: own(iri.port()),
        path: iri.path().to_owned(),
        query: own(iri.query()),
        fragment: own(iri.fragment()),
    })
}
