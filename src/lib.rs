//! Find IRIs (Internationalized Resource Identifiers, RFC 3987) in running
//! text in every script, validate them against the RFC 3987 grammar, map
//! them to URIs, and show them safely.
//!
//! This crate is for programs that turn text people wrote into links: mail
//! clients (plain-text mail to HTML), log and corpus pipelines (links out of
//! gigabytes, in bounded memory), and linkifier libraries. A non-ASCII
//! character never ends a link for being non-ASCII (`http://例え.テスト/パス`
//! is one link); where a link ends in running text follows Unicode's link
//! detection standard, UTS #58, and goes beyond it where real text needs it
//! (see [`find`]). Every link found is a valid IRI, and the library is
//! display-safe by default: what it *shows* of a link never lets a spoofed
//! host or a bidi control pass for something else.
//!
//! # Which entry point
//!
//! | you have | you want | use |
//! |---|---|---|
//! | a `&str` or `&[u8]` | the links in it | [`Finder::links`], [`Finder::links_bytes`] (invalid UTF-8 is a boundary, never a panic) |
//! | text | HTML or Markdown with its links | [`render::to_html`], [`render::to_markdown`], [`render::Renderer`] |
//! | an `io::Read` of any size | the links, in bounded memory | [`stream::StreamFinder`] |
//! | one large buffer and many cores | the links in input order | `parallel::ParallelFinder` (feature `parallel`) |
//! | one IRI | its components, or why it is invalid | [`Iri::parse`], [`IriRef::parse`] |
//! | an IRI | the URI to fetch (RFC 3987 §3.1) | [`to_uri`], [`Link::to_uri`], [`iri::to_uri_with`] |
//! | a URI | the IRI (RFC 3987 §3.2) | [`to_iri`]; to show it to a person: [`display::display_iri`] |
//! | references | resolution and comparison | [`iri::resolve`], [`iri::normalize`], [`iri::equivalent`] |
//! | a URL to write into text | the form detection finds whole | [`format::minimal_escape`] |
//!
//! ```
//! use iriscan::{Finder, LinkKind};
//!
//! let finder = Finder::new();
//! let text = "詳細はhttp://例え.テスト/パス、または info@例え.jp へ。";
//! let links: Vec<_> = finder.links(text).collect();
//! assert_eq!(links[0].as_str(), "http://例え.テスト/パス");
//! assert_eq!(links[0].to_uri()?, "http://xn--r8jz45g.xn--zckzah/%E3%83%91%E3%82%B9");
//! assert_eq!(links[1].kind(), LinkKind::Email);
//! assert_eq!(links[1].to_uri()?, "mailto:info@xn--r8jz45g.jp");
//!
//! // Showing links: a Cyrillic look-alike of apple.com is shown as punycode,
//! // a safe IDN stays readable.
//! let html = iriscan::render::to_html(&finder, "https://аррӏе.com or 例え.jp");
//! assert_eq!(
//!     html,
//!     "<a href=\"https://xn--80ak6aa92e.com\">https://xn--80ak6aa92e.com</a> or \
//!      <a href=\"https://xn--r8jz45g.jp\">例え.jp</a>"
//! );
//! # Ok::<(), iriscan::MapError>(())
//! ```
//!
//! Parsing is zero-copy, mapping borrows when nothing changes:
//!
//! ```
//! use iriscan::{Iri, to_iri};
//!
//! let iri = Iri::parse("https://пример.рф/путь?q=1#frag")?;
//! assert_eq!(iri.host(), Some("пример.рф"));
//! assert_eq!(iri.to_uri()?, "https://xn--e1afmkfd.xn--p1ai/%D0%BF%D1%83%D1%82%D1%8C?q=1#frag");
//! assert_eq!(to_iri("https://xn--e1afmkfd.xn--p1ai/%D0%BF%D1%83%D1%82%D1%8C"), "https://пример.рф/путь");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Features
//!
//! | feature | default | what it adds | what it costs |
//! |---|---|---|---|
//! | `parallel` | on | `iriscan::parallel`: rayon over one large buffer, output in input order | rayon and its 5 dependencies (crossbeam-deque, -epoch, -utils, either, rayon-core) |
//!
//! Without default features the library depends on 37 crates (43 with
//! them; `cargo tree -p iriscan -e normal --prefix none`, repeats removed), 30 of them
//! the ICU stack behind `idna` (UTS 46 host mapping, which RFC 3987 §3.1
//! needs); the display policy (`unicode-security`, `unicode-script`) is not
//! optional, because the library shows links safely by default. The
//! command line (`iriscan`, with clap, flate2, serde_json…) is a separate
//! crate in the same workspace (`cli/`); the grammar oracle that checks the
//! parser (regex-automata) is a dev-dependency of the tests only.
//!
//! ```toml
//! [dependencies]
//! iriscan = { version = "0.1", default-features = false }
//! ```
//!
//! # Guarantees
//!
//! Finding is linear in the input and uses bounded memory; no input makes
//! it panic (fuzzed). `unsafe` is used only for SIMD: the SSE2/AVX2
//! trigger classification, and SSE2 loads of sixteen-byte arrays in the
//! finder's byte classes and link flags, each checked against a scalar
//! reference.
// `unsafe` only for SIMD: the trigger classification in
// `find/trigger/vector.rs`, the sixteen-byte classes in `find/bytes16.rs`,
// and one SSE2 step in `find/prose/code.rs` (loads and intrinsics, each
// with its bounds argued).
#![deny(unsafe_code)]
#![warn(missing_docs)]

mod cache;
mod chars;
pub(crate) mod chunk;
mod cut;
pub mod display;
pub mod find;
pub mod format;
pub mod iri;
mod letters;
#[cfg(feature = "parallel")]
pub mod parallel;
mod pct;
pub mod render;
pub mod stream;

pub use find::{Finder, Link, LinkKind, Links, Span, Spans, DEFAULT_MAX_LINK_LEN};
pub use iri::{to_iri, to_uri, Component, ErrorKind, HostKind, Iri, IriRef, MapError, ParseError};

// The README's Rust examples run as doc tests, so the README cannot rot.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
