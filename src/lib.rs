//! # iriscan
//!
//! Find IRIs (Internationalized Resource Identifiers, RFC 3987) in running
//! text in every script, validate them against the RFC 3987 grammar, map
//! them to URIs and link them.
//!
//! ```
//! use iriscan::{Iri, to_uri, to_iri};
//!
//! // Parse with zero-copy component access.
//! let iri = Iri::parse("https://пример.рф/путь?q=1#frag")?;
//! assert_eq!(iri.host(), Some("пример.рф"));
//!
//! // IRI → URI (RFC 3987 §3.1): IDNA for DNS hosts, UTF-8 percent-encoding elsewhere.
//! assert_eq!(iri.to_uri()?, "https://xn--e1afmkfd.xn--p1ai/%D0%BF%D1%83%D1%82%D1%8C?q=1#frag");
//!
//! // URI → IRI for display (RFC 3987 §3.2).
//! assert_eq!(to_iri("https://xn--e1afmkfd.xn--p1ai/%D0%BF%D1%83%D1%82%D1%8C"), "https://пример.рф/путь");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
// One module uses `unsafe`: the SSE2 trigger classification in
// `find/trigger.rs` (loads and intrinsics, each with its bounds argued).
#![deny(unsafe_code)]
#![warn(missing_docs)]

mod cache;
pub mod chars;
pub(crate) mod chunk;
mod cut;
pub mod display;
pub mod find;
pub mod format;
pub mod iri;
mod letters;
pub mod parallel;
mod pct;
pub mod render;
pub mod stream;

pub use find::{Finder, Link, LinkKind, Links, Span, Spans, DEFAULT_MAX_LINK_LEN};
pub use iri::grammar;
pub use iri::{
    equivalent, leiri_to_iri, normalize, remove_dot_segments, resolve, to_iri, to_uri, to_uri_with, uses_dns,
    Component, ErrorKind, HostKind, HostMapping, Iri, IriRef, MapError, ParseError, ToUriOptions,
};
pub use parallel::{MappedLink, ParallelFinder};
pub use render::{to_html, to_markdown, Renderer};
pub use stream::{Chunk, StreamError, StreamFinder, StreamLink, StreamStats};
