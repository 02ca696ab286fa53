//! A small strict reader of WARC records (ISO 28500:2017, WARC/1.0 and
//! WARC/1.1), as Common Crawl's WARC and WET files hold them.
//!
//! Why not a crate: the maintained reader, `warc` 0.4 on crates.io, owns
//! the gzip decoding (libflate's `MultiDecoder` over the whole file, a
//! second inflater beside flate2's, one thread) and its record iterator
//! buffers each block whole (its streaming iterator borrows the reader, so
//! records cannot go to other threads). Here members are inflated in
//! parallel from guessed starts (`members.rs`) and each one's records are
//! parsed on the worker that inflated it, with blocks over the memory cap
//! streamed. What is needed of the format is small: a version line,
//! `Name: value` header lines, an empty line, `Content-Length` bytes of
//! block, and `CRLF CRLF`; this reader is strict about each.

use std::io::{self, BufRead, Read};

/// The first bytes of every WARC record (ISO 28500 §4: `WARC/1.0`, `WARC/1.1`).
pub const MAGIC: &[u8] = b"WARC/1.";
/// A header block longer than this is not a WARC header (the record is
/// rejected rather than buffered without bound).
const MAX_HEADER: usize = 64 * 1024;

/// What a record is, from its WARC header.
#[derive(Clone, Debug, Default)]
pub struct RecordHead {
    pub warc_type: String,
    /// WARC-Target-URI, when present.
    pub target_uri: Option<String>,
    /// WARC-Record-ID as written (`<urn:uuid:…>`).
    pub record_id: Option<String>,
    pub content_length: u64,
    /// Content-Type of the record block.
    pub content_type: Option<String>,
}

impl RecordHead {
    /// ISO 28500 §6: `conversion` (WET text), `response` (an HTTP response)
    /// and `resource` blocks hold the content; `warcinfo`, `request`,
    /// `metadata`, `revisit` (and unknown types) describe it and are skipped.
    pub fn scanned(&self) -> bool {
        let t = self.warc_type.as_str();
        t.eq_ignore_ascii_case("conversion") || t.eq_ignore_ascii_case("response") || t.eq_ignore_ascii_case("resource")
    }

    /// A `response` whose block is an HTTP message (headers, then the body).
    pub fn is_http_response(&self) -> bool {
        self.warc_type.eq_ignore_ascii_case("response")
            && self
                .content_type
                .as_deref()
                .is_some_and(|c| c.to_ascii_lowercase().starts_with("application/http"))
    }
}

/// Reads one line (up to and without `\n`, `\r\n`) into `line`, counting
/// the bytes against `budget`. `Ok(false)` at the end of input.
fn read_line<R: BufRead>(r: &mut R, line: &mut Vec<u8>, budget: &mut usize) -> io::Result<bool> {
    line.clear();
    let n = r.by_ref().take(*budget as u64 + 1).read_until(b'\n', line)?;
    if n == 0 {
        return Ok(false);
    }
    if n > *budget {
        return Err(invalid("header block longer than 64 KiB"));
    }
    *budget -= n;
    if line.last() == Some(&b'\n') {
        line.pop();
        if line.last() == Some(&b'\r') {
            line.pop();
        }
    }
    Ok(true)
}

fn invalid(what: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, format!("not a valid WARC record: {what}"))
}

/// Reads the next record's header. `Ok(None)` at a clean end of input.
/// Blank lines between records are skipped (some writers add extra ones).
pub fn read_head<R: BufRead>(r: &mut R) -> io::Result<Option<RecordHead>> {
    let mut budget = MAX_HEADER;
    let mut line = Vec::new();
    loop {
        if !read_line(r, &mut line, &mut budget)? {
            return Ok(None);
        }
        if !line.is_empty() {
            break;
        }
    }
    if !line.starts_with(MAGIC) {
        return Err(invalid("no WARC/1.x version line"));
    }
    let mut head = RecordHead::default();
    let mut length = None;
    loop {
        if !read_line(r, &mut line, &mut budget)? {
            return Err(invalid("header block not ended by an empty line"));
        }
        if line.is_empty() {
            break;
        }
        let text = String::from_utf8_lossy(&line);
        let Some((name, value)) = text.split_once(':') else {
            return Err(invalid("header line without a colon"));
        };
        let value = value.trim().to_owned();
        match name.trim().to_ascii_lowercase().as_str() {
            "warc-type" => head.warc_type = value,
            "warc-target-uri" => head.target_uri = Some(value),
            "warc-record-id" => head.record_id = Some(value),
            "content-type" => head.content_type = Some(value),
            "content-length" => length = Some(value.parse::<u64>().map_err(|_| invalid("bad Content-Length"))?),
            _ => {}
        }
    }
    head.content_length = length.ok_or_else(|| invalid("no Content-Length"))?;
    Ok(Some(head))
}

/// Consumes the `CRLF CRLF` after a record block (ISO 28500 §4). Bare LFs
/// are accepted; anything else is an error.
pub fn read_trailer<R: BufRead>(r: &mut R) -> io::Result<()> {
    let mut seen = 0;
    while seen < 2 {
        let buf = r.fill_buf()?;
        match buf.first() {
            None => return Ok(()),
            Some(b'\r') => r.consume(1),
            Some(b'\n') => {
                r.consume(1);
                seen += 1;
            }
            Some(_) => return Err(invalid("record block not followed by CRLF CRLF")),
        }
    }
    Ok(())
}

/// Reads the HTTP status line and header fields at the start of a
/// `response` block; returns the charset of its Content-Type and the
/// bytes of the block consumed.
pub fn read_http_head<R: BufRead>(r: &mut R) -> io::Result<(Option<String>, u64)> {
    let mut budget = MAX_HEADER;
    let mut line = Vec::new();
    let mut charset = None;
    loop {
        if !read_line(r, &mut line, &mut budget)? || line.is_empty() {
            break;
        }
        let text = String::from_utf8_lossy(&line);
        if let Some((name, value)) = text.split_once(':') {
            if name.trim().eq_ignore_ascii_case("content-type") {
                charset = charset_param(value);
            }
        }
    }
    Ok((charset, (MAX_HEADER - budget) as u64))
}

/// The `charset` parameter of a Content-Type value (RFC 9110 §8.3).
pub fn charset_param(content_type: &str) -> Option<String> {
    content_type.split(';').skip(1).find_map(|p| {
        let (k, v) = p.split_once('=')?;
        k.trim()
            .eq_ignore_ascii_case("charset")
            .then(|| v.trim().trim_matches('"').to_owned())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn warc_headers_are_read_with_crlf_or_lf_lines() {
        let rec = b"WARC/1.0\r\nWARC-Type: conversion\r\nWARC-Target-URI: http://a.example/\r\n\
WARC-Record-ID: <urn:uuid:1>\r\nContent-Length: 5\r\n\r\nhello\r\n\r\nWARC/1.1\nWARC-Type: warcinfo\nContent-Length: 0\n\n\n\n";
        let mut r = &rec[..];
        let h = read_head(&mut r).unwrap().unwrap();
        assert_eq!(h.warc_type, "conversion");
        assert_eq!(h.target_uri.as_deref(), Some("http://a.example/"));
        assert_eq!(h.record_id.as_deref(), Some("<urn:uuid:1>"));
        assert_eq!(h.content_length, 5);
        assert!(h.scanned());
        let mut body = Vec::new();
        (&mut r).take(5).read_to_end(&mut body).unwrap();
        assert_eq!(body, b"hello");
        read_trailer(&mut r).unwrap();
        let h = read_head(&mut r).unwrap().unwrap();
        assert!(!h.scanned());
        read_trailer(&mut r).unwrap();
        assert!(read_head(&mut r).unwrap().is_none());
    }

    #[test]
    fn warc_records_without_version_or_length_are_rejected() {
        assert!(read_head(&mut &b"HTTP/1.1 200 OK\r\n\r\n"[..]).is_err());
        assert!(read_head(&mut &b"WARC/1.0\r\nWARC-Type: resource\r\n\r\n"[..]).is_err());
        assert!(read_head(&mut &b"WARC/1.0\r\nContent-Length: x\r\n\r\n"[..]).is_err());
        let long = format!("WARC/1.0\r\nX: {}\r\n", "a".repeat(MAX_HEADER));
        assert!(read_head(&mut long.as_bytes()).is_err());
        assert!(read_trailer(&mut &b"xx"[..]).is_err());
    }

    #[test]
    fn http_charset_comes_from_the_content_type_parameter() {
        let mut r = &b"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=\"Shift_JIS\"\r\n\r\nbody"[..];
        let (cs, n) = read_http_head(&mut r).unwrap();
        assert_eq!(cs.as_deref(), Some("Shift_JIS"));
        assert_eq!(n as usize, 65);
        assert_eq!(r, b"body");
        assert_eq!(charset_param("text/plain"), None);
    }
}
