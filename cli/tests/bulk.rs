//! The binary at crawl scale: files that change while read, WARC/WET
//! records, ripgrep-style names and line numbers, byte order marks, links
//! cut at the maximum length.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Command, Output, Stdio};

mod common;
use common::*;

/// One link per line, `http://host{i}.example/p`, over `bytes` bytes.
fn numbered_links(bytes: usize) -> Vec<u8> {
    let mut text = Vec::with_capacity(bytes + 64);
    let mut i = 0;
    while text.len() < bytes {
        writeln!(text, "line {i} http://host{i}.example/p").unwrap();
        i += 1;
    }
    text
}

/// Starts `iriscan find -j 2 FILE`, waits for its first line of output,
/// lets `change` alter the file, then reads the rest. The binary cannot
/// have read the whole file when `change` runs: at most a few blocks are in
/// flight while its output waits in the pipe, which the test does not
/// drain until the change is made. No timing involved.
fn run_while_changing(path: &Path, change: impl FnOnce()) -> (Option<i32>, Vec<String>, String) {
    let mut child = Command::new(BIN)
        .args(["find", "-j", "2", s(path)])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn iriscan");
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    change();
    let mut rest = String::new();
    out.read_to_string(&mut rest).unwrap();
    let mut err = String::new();
    child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    let status = child.wait().unwrap();
    let lines = std::iter::once(first.trim_end().to_owned())
        .chain(rest.lines().map(str::to_owned))
        .collect();
    (status.code(), lines, err)
}

/// [`run_while_changing`] with the file cut to 1000 bytes, as logrotate's
/// copytruncate cuts it.
fn run_while_truncated(path: &Path) -> (Option<i32>, Vec<String>, String) {
    run_while_changing(path, || {
        let file = std::fs::OpenOptions::new().write(true).open(path).unwrap();
        file.set_len(1000).unwrap();
    })
}

fn assert_whole_links_in_order(lines: &[String]) {
    assert!(lines.len() > 1000, "{}", lines.len());
    for (i, l) in lines.iter().enumerate() {
        assert_eq!(*l, format!("http://host{i}.example/p"));
    }
}

#[test]
fn a_file_truncated_while_read_keeps_its_links_and_exits_2() {
    let dir = TempDir::new("shrink");
    let text = numbered_links(48 << 20);
    let path = dir.file("big.log", &text);
    let (code, lines, err) = run_while_truncated(&path);
    // An exit status, not a signal (SIGBUS was the old failure).
    assert_eq!(code, Some(2), "{err}");
    assert_eq!(
        err,
        format!(
            "iriscan: {}: file shrank from {} to 1000 bytes while being read\n",
            s(&path),
            text.len()
        )
    );
    assert_whole_links_in_order(&lines);
    assert!(lines.len() < 1_000_000);
}

#[test]
fn a_file_that_grows_while_read_is_read_to_its_first_size_and_exits_2() {
    let dir = TempDir::new("grow");
    let text = numbered_links(48 << 20);
    let path = dir.file("big.log", &text);
    let (code, lines, err) = run_while_changing(&path, || {
        let mut f = std::fs::OpenOptions::new().append(true).open(&path).unwrap();
        f.write_all(b"appended http://late.example/\n").unwrap();
    });
    assert_eq!(code, Some(2), "{err}");
    let n = text.len();
    assert_eq!(
        err,
        format!(
            "iriscan: {}: file grew from {n} to {} bytes while being read (the first {n} were read)\n",
            s(&path),
            n + 30
        )
    );
    assert_whole_links_in_order(&lines);
    // Every link of the first size, up to the last whole line.
    assert_eq!(lines.len(), text.iter().filter(|&&b| b == b'\n').count());
}

#[test]
fn a_wet_file_truncated_while_its_members_are_decoded_in_parallel_exits_2() {
    let dir = TempDir::new("shrink-wet");
    // Stored (uncompressed) members: quick to build, and the file is as
    // large as its text. Links numbered across records, one per line.
    let mut gz = Vec::new();
    let mut i = 0;
    while gz.len() < (48 << 20) {
        let mut page = Vec::new();
        while page.len() < (64 << 10) {
            writeln!(page, "line {i} http://host{i}.example/p").unwrap();
            i += 1;
        }
        let id = format!("<urn:uuid:{i}>");
        gz.extend(gzip_stored(&warc_record(
            "conversion",
            &[("WARC-Record-ID", &id)],
            &page,
        )));
    }
    let path = dir.file("big.warc.wet.gz", &gz);
    let (code, lines, err) = run_while_truncated(&path);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains(&format!("file shrank from {} to 1000 bytes while being read", gz.len())),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    assert_whole_links_in_order(&lines);
}

/// One WARC record (ISO 28500 §4).
fn warc_record(warc_type: &str, extra: &[(&str, &str)], block: &[u8]) -> Vec<u8> {
    let mut r = format!("WARC/1.0\r\nWARC-Type: {warc_type}\r\n");
    for (k, v) in extra {
        r.push_str(&format!("{k}: {v}\r\n"));
    }
    r.push_str(&format!("Content-Length: {}\r\n\r\n", block.len()));
    let mut r = r.into_bytes();
    r.extend_from_slice(block);
    r.extend_from_slice(b"\r\n\r\n");
    r
}

const PAGE_A: &str = "Заголовок\nсм. https://пример.рф/путь и www.example.com\n";
const PAGE_B: &str = "日本語のページ http://例え.jp/パス です。\n二行目 mail@例え.jp\n";

/// A WET-like file: warcinfo first, then every record type.
fn wet_records() -> Vec<Vec<u8>> {
    let sjis_body = encoding_rs::SHIFT_JIS.encode("本文 http://例え.jp/sjis です\n").0;
    let mut http = b"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=Shift_JIS\r\n\r\n".to_vec();
    http.extend_from_slice(&sjis_body);
    vec![
        warc_record(
            "warcinfo",
            &[("WARC-Record-ID", "<urn:uuid:0>")],
            b"software: test http://info.example/\r\n",
        ),
        warc_record(
            "conversion",
            &[
                ("WARC-Target-URI", "http://a.example/page"),
                ("WARC-Record-ID", "<urn:uuid:aaaa-1>"),
            ],
            PAGE_A.as_bytes(),
        ),
        warc_record(
            "request",
            &[("WARC-Target-URI", "http://skip.example/")],
            b"GET / HTTP/1.1\r\nHost: skip.example\r\n\r\n",
        ),
        warc_record(
            "conversion",
            &[
                ("WARC-Target-URI", "http://b.example/ページ"),
                ("WARC-Record-ID", "<urn:uuid:bbbb-2>"),
            ],
            PAGE_B.as_bytes(),
        ),
        warc_record(
            "response",
            &[
                ("WARC-Target-URI", "http://c.example/"),
                ("WARC-Record-ID", "<urn:uuid:cccc-3>"),
                ("Content-Type", "application/http; msgtype=response"),
            ],
            &http,
        ),
        warc_record("metadata", &[], b"via: http://meta.example/\r\n"),
        warc_record("revisit", &[], b"http://revisit.example/\r\n"),
        warc_record(
            "resource",
            &[("WARC-Record-ID", "<urn:uuid:dddd-4>")],
            b"resource text ftp://files.example/x\n",
        ),
    ]
}

#[test]
fn wet_gzip_records_are_scanned_with_their_url_id_and_record_offsets() {
    let dir = TempDir::new("wet");
    // One gzip member per record, as Common Crawl writes them.
    let gz: Vec<u8> = wet_records().iter().flat_map(|r| gzip(r)).collect();
    let path = dir.file("x.warc.wet.gz", &gz);
    let o = iriscan(&["find", "--format", "jsonl", s(&path)], b"");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(o.stderr.is_empty(), "{}", stderr(&o));
    let rows = json_lines(&o);
    let texts: Vec<&str> = rows.iter().map(|r| r["text"].as_str().unwrap()).collect();
    assert_eq!(
        texts,
        [
            "https://пример.рф/путь",
            "www.example.com",
            "http://例え.jp/パス",
            "mail@例え.jp",
            "http://例え.jp/sjis",
            "ftp://files.example/x"
        ]
    );
    let at = |page: &str, needle: &str| page.find(needle).unwrap() as u64;
    assert_eq!(rows[0]["record_url"], "http://a.example/page");
    assert_eq!(rows[0]["record_id"], "<urn:uuid:aaaa-1>");
    assert_eq!(rows[0]["start"], at(PAGE_A, "https://"));
    assert_eq!(rows[0]["line"], 2);
    assert_eq!(rows[2]["record_url"], "http://b.example/ページ");
    assert_eq!(rows[2]["start"], at(PAGE_B, "http://"));
    assert_eq!(rows[2]["end"], at(PAGE_B, " です"));
    assert_eq!(rows[3]["line"], 2);
    // The response body, decoded from Shift_JIS: offsets into its UTF-8 text.
    assert_eq!(rows[4]["record_id"], "<urn:uuid:cccc-3>");
    assert_eq!(rows[4]["start"], "本文 ".len() as u64);
    assert_eq!(rows[4]["line"], 1);
    assert!(rows[5]["record_url"].is_null());
    assert_eq!(rows[5]["record_id"], "<urn:uuid:dddd-4>");
    for row in &rows {
        assert_eq!(row["path"], s(&path));
    }
    // One worker or several: the same output.
    let one = iriscan(&["find", "--format", "jsonl", "-j", "1", s(&path)], b"");
    assert_eq!(stdout(&one), stdout(&o));
    // TSV: the record columns last.
    let o = iriscan(&["find", "--format", "tsv", s(&path)], b"");
    let out = stdout(&o);
    let row: Vec<&str> = out.lines().nth(1).unwrap().split('\t').collect();
    assert_eq!(&row[9..], ["http://a.example/page", "<urn:uuid:aaaa-1>"]);
    // Count, and standard input.
    let o = iriscan(&["find", "--count"], &gz);
    assert_eq!(stdout(&o), "6\n");
}

#[test]
fn warc_input_is_detected_uncompressed_or_forced() {
    let dir = TempDir::new("warc-plain");
    let raw: Vec<u8> = wet_records().concat();
    let path = dir.file("x.warc", &raw);
    let o = iriscan(&["find", s(&path)], b"");
    assert_eq!(stdout(&o).lines().count(), 6, "{}", stdout(&o));
    assert!(!stdout(&o).contains("info.example"));
    // Text, when asked: the WARC headers are scanned too.
    let o = iriscan(&["find", "--input-format", "text", s(&path)], b"");
    assert!(stdout(&o).contains("http://info.example/"));
    // Forced WARC on text that is not: an error naming the record.
    let o = iriscan(&["find", "--input-format", "warc"], b"just text x.org\n");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("record 1: not a valid WARC record"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_truncated_wet_file_keeps_the_records_before_the_cut_and_exits_2() {
    let records = wet_records();
    let mut gz: Vec<u8> = records[..4].iter().flat_map(|r| gzip(r)).collect();
    let keep = gz.len();
    gz.extend(gzip(&records[4]));
    let o = iriscan(&["find"], &gz[..keep + 20]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stdout(&o).lines().count(), 4);
    assert!(stderr(&o).contains("<stdin>: "), "{}", stderr(&o));
}

#[test]
fn plain_output_names_the_file_with_several_inputs_or_r_like_ripgrep() {
    let dir = TempDir::new("names");
    let a = dir.file("a.txt", b"one a.org\ntwo\nthree b.org\n");
    let b = dir.file("b.txt", b"c.org\n");
    let (sa, sb) = (s(&a), s(&b));
    let o = iriscan(&["find", sa, sb], b"");
    assert_eq!(stdout(&o), format!("{sa}:a.org\n{sa}:b.org\n{sb}:c.org\n"));
    let o = iriscan(&["find", "-n", sa, sb], b"");
    assert_eq!(stdout(&o), format!("{sa}:1:a.org\n{sa}:3:b.org\n{sb}:1:c.org\n"));
    let o = iriscan(&["find", "--no-filename", "-n", sa, sb], b"");
    assert_eq!(stdout(&o), "1:a.org\n3:b.org\n1:c.org\n");
    let o = iriscan(&["find", "-H", sa], b"");
    assert_eq!(stdout(&o), format!("{sa}:a.org\n{sa}:b.org\n"));
    let o = iriscan(&["find", sa], b"");
    assert_eq!(stdout(&o), "a.org\nb.org\n");
    let o = iriscan(&["find", "-r", s(dir.path())], b"");
    assert_eq!(stdout(&o), format!("{sa}:a.org\n{sa}:b.org\n{sb}:c.org\n"));
    // The last of -H / --no-filename wins; standard input is `-`.
    let o = iriscan(&["find", "-H", "--no-filename", "-n"], b"\nx.org");
    assert_eq!(stdout(&o), "2:x.org\n");
    let o = iriscan(&["find", "--no-filename", "-H"], b"x.org");
    assert_eq!(stdout(&o), "-:x.org\n");
}

fn utf16(text: &str, big_endian: bool) -> Vec<u8> {
    let mut out: Vec<u8> = if big_endian { vec![0xFE, 0xFF] } else { vec![0xFF, 0xFE] };
    for u in text.encode_utf16() {
        out.extend(if big_endian { u.to_be_bytes() } else { u.to_le_bytes() });
    }
    out
}

#[test]
fn a_utf16_byte_order_mark_is_decoded_and_a_utf8_one_dropped() {
    let text = "見て http://例え.jp/パス と x.org\n";
    for big_endian in [false, true] {
        let o = iriscan(&["find", "--format", "jsonl"], &utf16(text, big_endian));
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(o.stderr.is_empty(), "{}", stderr(&o));
        let rows = json_lines(&o);
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0]["text"], "http://例え.jp/パス");
        // Offsets into the decoded UTF-8 text, without the mark.
        assert_eq!(rows[0]["start"], text.find("http").unwrap() as u64);
    }
    let dir = TempDir::new("bom");
    let mut with_bom = b"\xEF\xBB\xBF".to_vec();
    with_bom.extend_from_slice(b"x.org y.org\n");
    let path = dir.file("bom.txt", &with_bom);
    let o = iriscan(&["find", "--format", "jsonl", s(&path)], b"");
    let rows = json_lines(&o);
    assert_eq!(rows[0]["start"], 0);
    assert_eq!(rows[1]["start"], 6);
    // With --encoding the mark overrides the label (WHATWG decode).
    let mut utf8 = b"\xEF\xBB\xBF".to_vec();
    utf8.extend_from_slice("例え.jp".as_bytes());
    let o = iriscan(&["find", "--encoding", "shift_jis"], &utf8);
    assert_eq!(stdout(&o), "例え.jp\n");
}

#[test]
fn text_that_does_not_decode_cleanly_is_reported_once() {
    // An unpaired surrogate, twice, in UTF-16LE.
    let mut input = utf16("a.org ", false);
    input.extend_from_slice(&[0x00, 0xD8, b' ', 0, 0x00, 0xD8, b' ', 0]);
    input.extend_from_slice(&utf16("b.org", false)[2..]);
    let o = iriscan(&["find"], &input);
    assert_eq!(stdout(&o), "a.org\nb.org\n");
    let err = stderr(&o);
    assert_eq!(err.matches("does not decode cleanly").count(), 1, "{err}");
    assert!(o.status.success());
    let o = iriscan(&["find", "--encoding", "shift_jis"], b"x.org \x82 \x82\n");
    assert_eq!(stderr(&o).matches("does not decode cleanly").count(), 1);
    let o = iriscan(&["find", "-q", "--encoding", "shift_jis"], b"x.org \x82\n");
    assert!(o.stderr.is_empty());
}

#[test]
fn links_cut_at_the_maximum_length_are_counted_once_per_input() {
    let long = format!("http://example.com/{}", "a".repeat(200));
    let text = format!("{long} {long}\nshort.org {long}\n");
    let o = iriscan(&["find", "--max-link-len", "100"], text.as_bytes());
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(lines[0].len() <= 100 && lines[0].len() > 80, "{}", lines[0]);
    assert_eq!(
        stderr(&o),
        "iriscan: <stdin>: 3 links reached the maximum link length (100 bytes) and were cut there \
         (--max-link-len sets it)\n"
    );
    // The default cap is far away: nothing cut, nothing said.
    let o = iriscan(&["find"], text.as_bytes());
    assert_eq!(stdout(&o).lines().next(), Some(long.as_str()));
    assert!(o.stderr.is_empty());
    let o = iriscan(&["find", "--max-link-len", "3"], b"x.org");
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn links_too_long_to_cut_are_counted_once_per_input() {
    // A name, an address and an opaque IRI longer than the cap: a cut
    // would name another host, address or number, so none is linked.
    let name = format!("www.{}.com", "a".repeat(40));
    let mail = format!("someone@{}.org", "b".repeat(40));
    let tel = format!("tel:+1-555-{}", "0".repeat(40));
    let long = format!("http://example.com/{}", "c".repeat(200));
    let text = format!("{name} {mail}\nshort.org {tel} {long}\n{}{name}\n", "x ".repeat(3000));
    let o = iriscan(&["find", "--max-link-len", "30"], text.as_bytes());
    assert_eq!(stdout(&o).lines().count(), 2, "{}", stdout(&o));
    assert_eq!(
        stderr(&o),
        "iriscan: <stdin>: 1 link reached the maximum link length (30 bytes) and was cut there \
         (--max-link-len sets it)\n\
         iriscan: <stdin>: 4 links longer than the maximum link length (30 bytes) could not be cut there \
         (a host, a name or an address) and were not linked (--max-link-len sets it)\n"
    );
    // With one worker and small blocks, the same count.
    let o = iriscan(&["find", "-j", "1", "--max-link-len", "30"], text.as_bytes());
    assert!(stderr(&o).contains(": 4 links longer than"), "{}", stderr(&o));
    // Under the default cap each is a link, and nothing is said.
    let o = iriscan(&["find"], text.as_bytes());
    assert_eq!(stdout(&o).lines().count(), 6);
    assert!(o.stderr.is_empty());
    // `--quiet` says nothing.
    let o = iriscan(&["find", "-q", "--max-link-len", "30"], text.as_bytes());
    assert!(o.stderr.is_empty());
}

fn gzip_stored(data: &[u8]) -> Vec<u8> {
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::none());
    enc.write_all(data).unwrap();
    enc.finish().unwrap()
}

/// The links of a WARC file read with one worker (members in order) and
/// with two (members decoded in parallel), which must agree.
fn one_and_two_workers(path: &Path) -> (Output, Output) {
    let one = iriscan(&["find", "--format", "jsonl", "-j", "1", s(path)], b"");
    let two = iriscan(&["find", "--format", "jsonl", "-j", "2", s(path)], b"");
    assert_eq!(stdout(&two), stdout(&one));
    // Messages too: record numbers count from the file's start either way.
    assert_eq!(stderr(&two), stderr(&one));
    assert_eq!(two.status.code(), one.status.code());
    (one, two)
}

#[test]
fn wet_members_decoded_in_parallel_never_trust_a_false_member_start() {
    let dir = TempDir::new("false-start");
    // A stored (uncompressed) member whose text holds a gzip member header:
    // a candidate start inside compressed data.
    let header = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03";
    let mut page = b"before http://before.example/ ".to_vec();
    page.extend_from_slice(header);
    page.extend_from_slice(b" after http://after.example/\n");
    let mut gz = Vec::new();
    for k in 0..400 {
        let rec = warc_record(
            "conversion",
            &[("WARC-Record-ID", &format!("<urn:uuid:{k}>"))],
            &[&page[..], format!("page {k} x{k}.org\n").as_bytes()].concat(),
        );
        gz.extend(if k % 3 == 0 { gzip_stored(&rec) } else { gzip(&rec) });
    }
    let path = dir.file("false.warc.gz", &gz);
    let (_, two) = one_and_two_workers(&path);
    assert!(two.status.success(), "{}", stderr(&two));
    assert_eq!(json_lines(&two).len(), 3 * 400);
}

#[test]
fn a_record_over_two_members_is_read_in_order() {
    let dir = TempDir::new("split-record");
    let records = wet_records();
    let mut gz: Vec<u8> = records[..3].iter().flat_map(|r| gzip(r)).collect();
    // Record 3 cut in the middle of its block: two members.
    let (a, b) = records[3].split_at(records[3].len() / 2);
    gz.extend(gzip(a));
    gz.extend(gzip(b));
    gz.extend(records[4..].iter().flat_map(|r| gzip(r)));
    let path = dir.file("split.warc.gz", &gz);
    let (_, two) = one_and_two_workers(&path);
    assert!(two.status.success(), "{}", stderr(&two));
    assert_eq!(json_lines(&two).len(), 6);
    // The whole file as one member, too.
    let path = dir.file("one.warc.gz", &gzip(&records.concat()));
    let (_, two) = one_and_two_workers(&path);
    assert_eq!(json_lines(&two).len(), 6);
}

#[test]
fn a_corrupt_wet_file_keeps_the_records_before_the_damage() {
    let dir = TempDir::new("corrupt");
    let records = wet_records();
    let mut gz: Vec<u8> = records[..4].iter().flat_map(|r| gzip(r)).collect();
    let keep = gz.len();
    gz.extend(gzip(&records[4]));
    gz.truncate(keep + 20);
    let path = dir.file("cut.warc.gz", &gz);
    let (_, two) = one_and_two_workers(&path);
    assert_eq!(two.status.code(), Some(2));
    assert_eq!(json_lines(&two).len(), 4);
    assert!(stderr(&two).contains("cut.warc.gz: record 5: "), "{}", stderr(&two));
}

#[test]
fn a_record_over_the_member_cap_is_streamed_and_parallel_reading_resumes_after_it() {
    let dir = TempDir::new("huge-record");
    let mut big = Vec::new();
    let mut i = 0;
    while big.len() < (5 << 20) {
        writeln!(big, "big {i} http://big{i}.example/").unwrap();
        i += 1;
    }
    let mut gz = Vec::new();
    let mut expected = 0;
    for k in 0..200 {
        let body = if k == 3 {
            expected += i;
            big.clone()
        } else {
            expected += 1;
            format!("page {k} x{k}.org\n").into_bytes()
        };
        let rec = warc_record("conversion", &[("WARC-Record-ID", &format!("<urn:uuid:{k}>"))], &body);
        // The big record stored: 5 MiB of member, over the 4 MiB cap.
        gz.extend(if k == 3 { gzip_stored(&rec) } else { gzip(&rec) });
    }
    let path = dir.file("huge.warc.gz", &gz);
    let one = iriscan(&["find", "-j", "1", s(&path)], b"");
    let two = iriscan(&["find", "-j", "2", s(&path)], b"");
    assert!(two.status.success(), "{}", stderr(&two));
    assert_eq!(stdout(&one).lines().count(), expected);
    assert_eq!(stdout(&two), stdout(&one));
}
