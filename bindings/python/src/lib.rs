//! `iriscan._iriscan`: the Python extension module (PyO3, stable ABI).
//!
//! The Python package `iriscan` (python/iriscan) re-exports what is here;
//! the docstrings below are what `help(iriscan.Finder)` shows. Only
//! `engine.rs` names the library's API.

mod engine;

use pyo3::create_exception;
use pyo3::exceptions::{PyUnicodeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

create_exception!(
    iriscan,
    IriError,
    PyValueError,
    "The input is not an IRI, or cannot be mapped to a URI.\n\n`message` is the reason; `offset` the index (in code points) in the input where it was found, or None when the error concerns a whole host (IDNA); `byte_offset` the same in UTF-8 bytes."
);

/// Raises `IriError` for `failure` about `input`, with `offset` in code points.
fn iri_error(py: Python<'_>, input: &str, failure: engine::Failure) -> PyErr {
    let err = IriError::new_err(failure.message.clone());
    let value = err.value(py);
    let offset = failure
        .byte_offset
        .map(|b| char_count(&input.as_bytes()[..b.min(input.len())]));
    // Setting attributes on a fresh exception instance cannot fail short of
    // memory exhaustion; the error is raised either way.
    let _ = value.setattr("message", failure.message);
    let _ = value.setattr("offset", offset);
    let _ = value.setattr("byte_offset", failure.byte_offset);
    err
}

/// The number of code points in valid UTF-8 `bytes`: every byte that is not
/// a continuation byte starts one.
fn char_count(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| (b as i8) >= -0x40).count()
}

/// A Python `str` as UTF-8, or a `UnicodeError` for lone surrogates (which
/// no UTF-8 text, and so no link, can hold).
fn utf8<'a>(s: &'a Bound<'_, PyString>) -> PyResult<std::borrow::Cow<'a, str>> {
    s.to_cow()
        .map_err(|_| PyUnicodeError::new_err("text holds lone surrogates, which are not Unicode scalar values"))
}

/// A link found in text.
///
/// `start` and `end` index the scanned input: code points for
/// `Finder.links(str)` (so `text[link.start:link.end] == link.text`), bytes
/// for `Finder.links_bytes(bytes)`. `kind` is "iri", "email" or "domain";
/// `iri` the IRI it denotes (an email gets `mailto:`, a domain `https://`);
/// `uri` its URI (RFC 3987 §3.1) or None when it cannot be mapped;
/// `display` the form safe to show a user (spoofable hosts as punycode,
/// bidi controls percent-encoded).
#[pyclass(module = "iriscan", frozen, get_all, eq)]
#[derive(PartialEq)]
struct Link {
    start: usize,
    end: usize,
    kind: &'static str,
    text: String,
    iri: String,
    uri: Option<String>,
    display: String,
}

#[pymethods]
impl Link {
    fn __repr__(&self) -> String {
        format!(
            "Link(start={}, end={}, kind={:?}, text={:?})",
            self.start, self.end, self.kind, self.text
        )
    }
}

impl Link {
    fn new(l: engine::FoundLink, start: usize, end: usize) -> Self {
        Link {
            start,
            end,
            kind: l.kind,
            text: l.text,
            iri: l.iri,
            uri: l.uri,
            display: l.display,
        }
    }
}

/// Finds IRIs, email addresses and scheme-less domains in text.
///
/// Build one and reuse it (it is immutable and thread-safe); the scan runs
/// without the GIL, so threads scanning different texts run in parallel.
///
/// >>> f = Finder()
/// >>> [l.text for l in f.links("詳細はhttp://例え.jp/パス、または info@example.com へ")]
/// ['http://例え.jp/パス', 'info@example.com']
#[pyclass(module = "iriscan", frozen)]
struct Finder {
    inner: engine::Finder,
    kinds: Vec<String>,
    strict_uts58: bool,
}

#[pymethods]
impl Finder {
    /// Finder(kinds=("iri", "email", "domain"), strict_uts58=False)
    ///
    /// `kinds`: which links to find. `strict_uts58`: end links exactly as
    /// Unicode UTS #58 says, without iriscan's RFC 3987 rules beyond it.
    #[new]
    #[pyo3(signature = (kinds = vec!["iri".to_owned(), "email".to_owned(), "domain".to_owned()], strict_uts58 = false))]
    fn new(kinds: Vec<String>, strict_uts58: bool) -> PyResult<Self> {
        let inner = engine::finder(&kinds, strict_uts58).map_err(|bad| {
            PyValueError::new_err(format!(
                "unknown link kind {bad:?} (expected \"iri\", \"email\" or \"domain\")"
            ))
        })?;
        Ok(Finder {
            inner,
            kinds,
            strict_uts58,
        })
    }

    /// links(text) -> list[Link]
    ///
    /// The links of `text` in order; `start`/`end` are string indices.
    fn links(&self, py: Python<'_>, text: &Bound<'_, PyString>) -> PyResult<Vec<Link>> {
        let s = utf8(text)?;
        let s: &str = &s;
        let found = py.allow_threads(|| engine::find(&self.inner, s.as_bytes()));
        // Byte offsets → code points, walking forward once over the text.
        let (mut byte, mut chars) = (0usize, 0usize);
        let mut out = Vec::with_capacity(found.len());
        for l in found {
            chars += char_count(&s.as_bytes()[byte..l.start]);
            let start = chars;
            chars += char_count(&s.as_bytes()[l.start..l.end]);
            byte = l.end;
            out.push(Link::new(l, start, chars));
        }
        Ok(out)
    }

    /// links_bytes(data) -> list[Link]
    ///
    /// The links of UTF-8 `data` in order; `start`/`end` are byte offsets.
    /// Invalid UTF-8 ends a link and is otherwise skipped, never an error.
    fn links_bytes(&self, py: Python<'_>, data: &Bound<'_, PyBytes>) -> Vec<Link> {
        let bytes = data.as_bytes();
        let found = py.allow_threads(|| engine::find(&self.inner, bytes));
        found
            .into_iter()
            .map(|l| {
                let (s, e) = (l.start, l.end);
                Link::new(l, s, e)
            })
            .collect()
    }

    /// linkify_html(text) -> str
    ///
    /// `text` as HTML (escaped) with each link of this finder's kinds as an
    /// anchor; see `iriscan.linkify_html`.
    fn linkify_html(&self, py: Python<'_>, text: &Bound<'_, PyString>) -> PyResult<String> {
        let s = utf8(text)?;
        let s: &str = &s;
        Ok(py.allow_threads(|| engine::linkify_html(&self.inner, s)))
    }

    fn __repr__(&self) -> String {
        // As Python writes the tuple: `('iri',)` for one, `('iri', 'email')`.
        let kinds: Vec<String> = self.kinds.iter().map(|k| format!("'{k}'")).collect();
        let trailing = if kinds.len() == 1 { "," } else { "" };
        let py_bool = if self.strict_uts58 { "True" } else { "False" };
        format!("Finder(kinds=({}{trailing}), strict_uts58={py_bool})", kinds.join(", "))
    }
}

/// An absolute IRI (RFC 3987 `IRI`), parsed into its components.
///
/// >>> i = Iri("https://user@пример.рф:8080/путь?q=1#frag")
/// >>> (i.scheme, i.host, i.port, i.path)
/// ('https', 'пример.рф', '8080', '/путь')
#[pyclass(module = "iriscan", frozen, get_all)]
struct Iri {
    scheme: String,
    authority: Option<String>,
    userinfo: Option<String>,
    host: Option<String>,
    port: Option<String>,
    path: String,
    query: Option<String>,
    fragment: Option<String>,
    text: String,
}

#[pymethods]
impl Iri {
    /// Iri(text): parses `text`, raising IriError if it is not an IRI.
    #[new]
    fn new(py: Python<'_>, text: &Bound<'_, PyString>) -> PyResult<Self> {
        let s = utf8(text)?;
        let c = engine::parse(&s).map_err(|f| iri_error(py, &s, f))?;
        Ok(Iri {
            scheme: c.scheme,
            authority: c.authority,
            userinfo: c.userinfo,
            host: c.host,
            port: c.port,
            path: c.path,
            query: c.query,
            fragment: c.fragment,
            text: s.into_owned(),
        })
    }

    /// to_uri() -> str: the URI this IRI maps to (RFC 3987 §3.1).
    fn to_uri(&self, py: Python<'_>) -> PyResult<String> {
        engine::to_uri(&self.text).map_err(|f| iri_error(py, &self.text, f))
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        format!("Iri({:?})", self.text)
    }

    fn __eq__(&self, other: &Self) -> bool {
        self.text == other.text
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.text.hash(&mut h);
        h.finish()
    }
}

/// to_uri(iri) -> str
///
/// Maps an IRI (reference) to a URI (RFC 3987 §3.1): IDNA for hosts of DNS
/// schemes, UTF-8 percent-encoding elsewhere. Raises IriError.
///
/// >>> to_uri("https://пример.рф/путь")
/// 'https://xn--e1afmkfd.xn--p1ai/%D0%BF%D1%83%D1%82%D1%8C'
#[pyfunction]
fn to_uri(py: Python<'_>, iri: &Bound<'_, PyString>) -> PyResult<String> {
    let s = utf8(iri)?;
    engine::to_uri(&s).map_err(|f| iri_error(py, &s, f))
}

/// to_iri(uri) -> str
///
/// Maps a URI to an IRI for display (RFC 3987 §3.2): decodes strict UTF-8
/// percent-encoding and `xn--` labels, keeps bidi controls encoded. Never
/// raises for a str.
///
/// >>> to_iri("https://xn--e1afmkfd.xn--p1ai/%D0%BF")
/// 'https://пример.рф/п'
#[pyfunction]
fn to_iri(uri: &Bound<'_, PyString>) -> PyResult<String> {
    Ok(engine::to_iri(&utf8(uri)?))
}

/// linkify_html(text) -> str
///
/// `text` escaped as HTML with each link as `<a href="URI">shown</a>`;
/// `shown` is display-safe (spoofable hosts as punycode, bidi controls
/// encoded) and dangerous schemes (javascript:, data:, …) are not linked.
///
/// >>> linkify_html("<b> раураl.com")
/// '&lt;b&gt; <a href="https://xn--l-7sba6dbr.com">xn--l-7sba6dbr.com</a>'
#[pyfunction]
fn linkify_html(py: Python<'_>, text: &Bound<'_, PyString>) -> PyResult<String> {
    let s = utf8(text)?;
    let s: &str = &s;
    Ok(py.allow_threads(|| engine::linkify_html(&engine::default_finder(), s)))
}

#[pymodule]
fn _iriscan(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Finder>()?;
    m.add_class::<Link>()?;
    m.add_class::<Iri>()?;
    m.add_function(wrap_pyfunction!(to_uri, m)?)?;
    m.add_function(wrap_pyfunction!(to_iri, m)?)?;
    m.add_function(wrap_pyfunction!(linkify_html, m)?)?;
    m.add("IriError", m.py().get_type::<IriError>())?;
    Ok(())
}
