//! The `iriscan` binary end to end: every input kind, every output format,
//! every error path.

use std::io::{BufRead, BufReader, Read};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

mod common;
use common::*;

/// Text in several scripts: Japanese, Russian, emoji, an email, a domain.
const MULTI: &str = "日本語のテキスト http://例え.jp/パス?q=値 です。\n\
Русский текст: https://пример.рф/путь и почта@пример.рф\n\
emoji 😀👍🏽 www.example.com/😀 end\n";

/// The links of MULTI with their exact byte offsets, computed from the text.
fn multi_expected() -> Vec<(&'static str, usize, usize, u64, &'static str)> {
    let find = |needle: &str| MULTI.find(needle).unwrap();
    vec![
        ("http://例え.jp/パス?q=値", find("http://"), 0, 1, "iri"),
        ("https://пример.рф/путь", find("https://"), 0, 2, "iri"),
        ("почта@пример.рф", find("почта@"), 0, 2, "email"),
        ("www.example.com/😀", find("www."), 0, 3, "domain"),
    ]
    .into_iter()
    .map(|(t, start, _, line, kind)| (t, start, start + t.len(), line, kind))
    .collect()
}

#[test]
fn find_plain_reads_a_file_stdin_and_dash_alike() {
    let dir = TempDir::new("plain");
    let file = dir.file("multi.txt", MULTI.as_bytes());
    let want: String = multi_expected().iter().map(|l| format!("{}\n", l.0)).collect();
    let from_file = iriscan(&["find", s(&file)], b"");
    assert!(from_file.status.success(), "{}", stderr(&from_file));
    assert_eq!(stdout(&from_file), want);
    let from_stdin = iriscan(&["find"], MULTI.as_bytes());
    assert_eq!(stdout(&from_stdin), want);
    let from_dash = iriscan(&["find", "-"], MULTI.as_bytes());
    assert_eq!(stdout(&from_dash), want);
    assert!(from_dash.stderr.is_empty());
}

#[test]
fn find_jsonl_has_every_field_with_exact_multibyte_offsets() {
    let dir = TempDir::new("jsonl");
    let file = dir.file("multi.txt", MULTI.as_bytes());
    let o = iriscan(&["find", "--format", "jsonl", s(&file)], b"");
    assert!(o.status.success());
    let rows = json_lines(&o);
    let want = multi_expected();
    assert_eq!(rows.len(), want.len());
    for (row, (text, start, end, line, kind)) in rows.iter().zip(&want) {
        assert_eq!(row["path"], s(&file));
        assert_eq!(row["text"], *text);
        assert_eq!(row["start"], *start as u64);
        assert_eq!(row["end"], *end as u64);
        assert_eq!(row["line"], *line);
        assert_eq!(row["kind"], *kind);
        assert_eq!(&MULTI[*start..*end], *text);
        let uri = row["uri"].as_str().unwrap();
        assert!(uri.is_ascii(), "{uri}");
        assert!(row.get("error").is_none());
    }
    assert_eq!(rows[0]["iri"], "http://例え.jp/パス?q=値");
    assert_eq!(rows[0]["uri"], "http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9?q=%E5%80%A4");
    assert_eq!(rows[2]["iri"], "mailto:почта@пример.рф");
    assert_eq!(rows[3]["iri"], "https://www.example.com/😀");
    assert_eq!(rows[3]["uri"], "https://www.example.com/%F0%9F%98%80");
    // Standard input: path "-", same offsets.
    let o = iriscan(&["find", "--format", "jsonl"], MULTI.as_bytes());
    let rows = json_lines(&o);
    assert_eq!(rows[1]["path"], "-");
    assert_eq!(rows[1]["start"], want[1].1 as u64);
}

#[test]
fn find_jsonl_reports_mapping_errors_as_null_uri() {
    let o = iriscan(
        &["find", "--format", "jsonl"],
        "bad host http://xn--a.例え.jp/ here".as_bytes(),
    );
    let rows = json_lines(&o);
    assert_eq!(rows.len(), 1);
    assert!(rows[0]["uri"].is_null());
    assert!(rows[0]["error"].as_str().unwrap().contains("IDNA"));
    // Plain --uri skips it with a warning, --quiet without.
    let o = iriscan(&["find", "--uri"], "http://xn--a.例え.jp/ x.org".as_bytes());
    assert_eq!(stdout(&o), "https://x.org\n");
    assert!(stderr(&o).contains("no URI"), "{}", stderr(&o));
    assert!(o.status.success());
    let o = iriscan(&["find", "--uri", "--quiet"], "http://xn--a.例え.jp/ x.org".as_bytes());
    assert!(o.stderr.is_empty());
}

#[test]
fn find_tsv_escapes_tabs_newlines_and_backslashes() {
    let dir = TempDir::new("tsv");
    let text = "see <URL:http://例え.jp/a/\n  b> and\tx.org\n";
    let file = dir.file("tab\there\\.txt", text.as_bytes());
    let o = iriscan(&["find", "--format", "tsv", s(&file)], b"");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "path\tline\tstart\tend\tkind\ttext\tiri\turi\terror\trecord_url\trecord_id"
    );
    assert_eq!(lines.len(), 3);
    let path = s(&file).replace('\\', "\\\\").replace('\t', "\\t");
    let start = text.find("http").unwrap();
    let end = text.find("b>").unwrap() + 1;
    assert_eq!(
        lines[1],
        format!(
            "{path}\t1\t{start}\t{end}\tiri\thttp://例え.jp/a/\\n  b\thttp://例え.jp/a/b\thttp://xn--r8jz45g.jp/a/b\t\t\t"
        )
    );
    let fields: Vec<&str> = lines[2].split('\t').collect();
    assert_eq!(fields.len(), 11);
    let x = text.find("x.org").unwrap();
    let (xs, xe) = (x.to_string(), (x + 5).to_string());
    assert_eq!(&fields[1..6], ["2", xs.as_str(), xe.as_str(), "domain", "x.org"]);
}

#[test]
fn find_count_per_input_and_bare_for_stdin() {
    let dir = TempDir::new("count");
    let a = dir.file("a.txt", b"a.com b.com c.com");
    let b = dir.file("b.txt", b"no links here");
    let o = iriscan(&["find", "--count", s(&a), s(&b)], b"");
    assert_eq!(stdout(&o), format!("{}\t3\n{}\t0\n", s(&a), s(&b)));
    let o = iriscan(&["find", "-c"], MULTI.as_bytes());
    assert_eq!(stdout(&o), "4\n");
    let o = iriscan(&["find", "--count", s(&a), "-"], b"x.org");
    assert_eq!(stdout(&o), format!("{}\t3\n-\t1\n", s(&a)));
}

#[test]
fn find_null_data_counts_records_and_terminates_with_nul() {
    let input = b"first x.org\nsame record\0second\0third y.org\0";
    let o = iriscan(&["find", "--null-data", "--format", "jsonl"], input);
    let out = o.stdout.clone();
    assert!(out.ends_with(b"\0"));
    let records: Vec<serde_json::Value> = out
        .split(|&b| b == 0)
        .filter(|r| !r.is_empty())
        .map(|r| serde_json::from_slice(r).unwrap())
        .collect();
    assert_eq!(records.len(), 2);
    assert_eq!(
        (records[0]["line"].as_u64(), records[1]["line"].as_u64()),
        (Some(1), Some(3))
    );
    assert_eq!(records[1]["start"], 37);
    let o = iriscan(&["find", "-z"], input);
    assert_eq!(o.stdout, b"x.org\0y.org\0");
    let o = iriscan(&["find", "-z", "--count"], input);
    assert_eq!(o.stdout, b"2\0");
}

#[test]
fn find_recurses_into_directories_in_path_order() {
    let dir = TempDir::new("recurse");
    dir.file("b/z.txt", b"z.org");
    dir.file("b/a/deep.txt", b"deep.org");
    dir.file("a.txt", b"a.org");
    dir.file("c.txt.gz", &gzip(b"c.org"));
    let o = iriscan(&["find", "-r", "--format", "tsv", s(dir.path())], b"");
    assert!(o.status.success(), "{}", stderr(&o));
    let paths: Vec<String> = stdout(&o)
        .lines()
        .skip(1)
        .map(|l| l.split('\t').next().unwrap().to_owned())
        .collect();
    let root = s(dir.path());
    assert_eq!(
        paths,
        [
            format!("{root}/a.txt"),
            format!("{root}/b/a/deep.txt"),
            format!("{root}/b/z.txt"),
            format!("{root}/c.txt.gz")
        ]
    );
    // Without -r a directory is an error, and the run goes on.
    let a = dir.path().join("a.txt");
    let o = iriscan(&["find", "--no-filename", s(dir.path()), s(&a)], b"");
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stdout(&o), "a.org\n");
    assert!(stderr(&o).contains("is a directory"), "{}", stderr(&o));
}

#[test]
fn find_reads_gzip_single_and_multi_member_by_magic_bytes() {
    let dir = TempDir::new("gzip");
    let one = dir.file("one.bin", &gzip(MULTI.as_bytes()));
    let mut two = gzip(b"first http://a.example/1\n");
    two.extend(gzip("second http://例え.jp/2\n".as_bytes()));
    let two = dir.file("two.dat", &two);
    let o = iriscan(&["find", "--format", "jsonl", s(&one)], b"");
    let rows = json_lines(&o);
    assert_eq!(rows.len(), 4);
    assert_eq!(rows[1]["start"], multi_expected()[1].1 as u64);
    let o = iriscan(&["find", "--format", "jsonl", s(&two)], b"");
    let rows = json_lines(&o);
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[1]["text"], "http://例え.jp/2");
    assert_eq!(rows[1]["start"], 25 + 7);
    assert_eq!(rows[1]["line"], 2);
    // And on standard input.
    let o = iriscan(&["find"], &std::fs::read(&two).unwrap());
    assert_eq!(stdout(&o), "http://a.example/1\nhttp://例え.jp/2\n");
}

#[test]
fn find_truncated_gzip_reports_offset_and_keeps_earlier_links() {
    let dir = TempDir::new("truncated");
    let text: String = (0..20_000)
        .map(|i| format!("line {i} http://host{i}.example/p\n"))
        .collect();
    let gz = gzip(text.as_bytes());
    let cut = gz.len() / 2;
    let file = dir.file("cut.gz", &gz[..cut]);
    let ok = dir.file("ok.txt", b"after.org");
    let o = iriscan(&["find", "--no-filename", s(&file), s(&ok)], b"");
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains(&format!(
            "{}: truncated or corrupt gzip data at compressed byte {cut}",
            s(&file)
        )),
        "{err}"
    );
    assert!(err.contains("decompressed byte"), "{err}");
    let out = stdout(&o);
    let links: Vec<&str> = out.lines().collect();
    assert!(links.len() > 1000, "{}", links.len());
    // Every link printed is whole and in order; the next input still runs.
    for (i, l) in links[..links.len() - 1].iter().enumerate() {
        assert_eq!(*l, format!("http://host{i}.example/p"));
    }
    assert_eq!(*links.last().unwrap(), "after.org");
}

#[test]
fn find_decodes_legacy_encodings_with_offsets_into_the_decoded_text() {
    let dir = TempDir::new("encoding");
    // Shift_JIS: テスト http://例え.jp/パス です (and a half-width kana that NFC keeps).
    let sjis_text = "テスト http://例え.jp/パス です\nメール info@例え.jp\n";
    let (sjis, _, bad) = encoding_rs::SHIFT_JIS.encode(sjis_text);
    assert!(!bad);
    let sjis = dir.file("sjis.txt", &sjis);
    let o = iriscan(&["find", "--encoding", "shift_jis", "--format", "jsonl", s(&sjis)], b"");
    assert!(o.status.success(), "{}", stderr(&o));
    let rows = json_lines(&o);
    assert_eq!(rows.len(), 2);
    for row in &rows {
        let (start, end) = (
            row["start"].as_u64().unwrap() as usize,
            row["end"].as_u64().unwrap() as usize,
        );
        assert_eq!(&sjis_text[start..end], row["text"].as_str().unwrap());
    }
    assert_eq!(rows[0]["start"], sjis_text.find("http").unwrap() as u64);
    assert_eq!(rows[1]["line"], 2);
    // windows-1251: Russian.
    let cp_text = "Привет! Сайт: http://пример.рф/путь, почта: почта@пример.рф\n";
    let (cp, _, bad) = encoding_rs::WINDOWS_1251.encode(cp_text);
    assert!(!bad);
    let cp = dir.file("cp1251.txt", &cp);
    let o = iriscan(
        &["find", "--encoding", "windows-1251", "--format", "jsonl", s(&cp)],
        b"",
    );
    let rows = json_lines(&o);
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["text"], "http://пример.рф/путь");
    assert_eq!(rows[0]["start"], cp_text.find("http").unwrap() as u64);
    assert_eq!(
        rows[0]["end"],
        (cp_text.find("http").unwrap() + "http://пример.рф/путь".len()) as u64
    );
    assert_eq!(rows[1]["start"], cp_text.find("почта@").unwrap() as u64);
    // Through gzip and standard input too.
    let o = iriscan(
        &["find", "--encoding", "cp1251", "--format", "jsonl"],
        &gzip(&std::fs::read(&cp).unwrap()),
    );
    assert_eq!(json_lines(&o)[0]["start"], cp_text.find("http").unwrap() as u64);
    // An unknown label is a usage error.
    let o = iriscan(&["find", "--encoding", "no-such-thing"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("unknown encoding label"));
}

#[test]
fn find_normalizes_decoded_text_to_nfc() {
    // windows-1258 (Vietnamese) writes "ế" as ê (0xEA) + combining acute
    // (0xEC, U+0301); NFC composes them into U+1EBF.
    let bytes = b"http://ti\xea\xecng.vn/";
    let o = iriscan(&["find", "--encoding", "windows-1258", "--format", "jsonl"], bytes);
    let rows = json_lines(&o);
    assert_eq!(rows[0]["text"], "http://tiếng.vn/");
    assert_eq!(rows[0]["end"], "http://tiếng.vn/".len() as u64);
}

#[test]
fn find_survives_invalid_utf8() {
    // (Not \xff\xfe first: that is a UTF-16LE byte order mark.)
    let input = b"\xff\xff\xfe bad \xc0\xaf http://a.com/x\xe3\x81 more \xed\xa0\x80 b.org\n\x80";
    let o = iriscan(&["find", "--format", "jsonl"], input);
    assert!(o.status.success());
    let rows = json_lines(&o);
    let texts: Vec<&str> = rows.iter().map(|r| r["text"].as_str().unwrap()).collect();
    assert_eq!(texts, ["http://a.com/x", "b.org"]);
    let at = |needle: &[u8]| input.windows(needle.len()).position(|w| w == needle).unwrap() as u64;
    assert_eq!(rows[0]["start"], at(b"http"));
    assert_eq!(rows[1]["start"], at(b"b.org"));
}

#[test]
fn find_missing_file_among_others_exits_2_and_keeps_the_rest() {
    let dir = TempDir::new("missing");
    let a = dir.file("a.txt", b"a.org");
    let c = dir.file("c.txt", b"c.org");
    let missing = dir.path().join("nope.txt");
    let o = iriscan(&["find", s(&a), s(&missing), s(&c)], b"");
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stdout(&o), format!("{}:a.org\n{}:c.org\n", s(&a), s(&c)));
    assert_eq!(
        stderr(&o),
        format!("iriscan: {}: No such file or directory\n", s(&missing))
    );
}

#[test]
fn find_non_ascii_paths() {
    let dir = TempDir::new("名前");
    let file = dir.file("日本語 ファイル.txt", "http://例え.jp/".as_bytes());
    let o = iriscan(&["find", "--format", "jsonl", s(&file)], b"");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(json_lines(&o)[0]["path"], s(&file));
}

#[test]
fn find_kinds_and_strict_uts58() {
    let text = "a@b.org http://localhost:8080/x www.example.com tel:+1-555";
    let o = iriscan(&["find", "--kinds", "email,domain"], text.as_bytes());
    assert_eq!(stdout(&o), "a@b.org\nwww.example.com\n");
    let o = iriscan(&["find", "--kinds", "iri"], text.as_bytes());
    assert_eq!(stdout(&o), "http://localhost:8080/x\ntel:+1-555\n");
    let o = iriscan(&["find", "--strict-uts58"], text.as_bytes());
    assert_eq!(stdout(&o), "a@b.org\nwww.example.com\n");
    let o = iriscan(&["find", "--kinds", "url"], text.as_bytes());
    assert_eq!(o.status.code(), Some(2));
}

/// A text of `lines` lines with links in several scripts.
fn generated(lines: usize) -> String {
    let forms = [
        "see http://例え.jp/パス/{i} now",
        "почта{i}@пример.рф и https://пример.рф/путь?id={i}",
        "plain text without anything {i}",
        "emoji 😀 www.example{i}.com/😀 (https://en.wikipedia.org/wiki/Rust_(language))",
        "<URL:http://fold.example/{i}/\n   more>",
    ];
    (0..lines)
        .map(|i| forms[i % forms.len()].replace("{i}", &i.to_string()) + "\n")
        .collect()
}

#[test]
fn find_output_is_identical_with_one_or_four_jobs() {
    let dir = TempDir::new("jobs");
    let text = generated(60_000);
    assert!(text.len() > 3 << 20);
    let big = dir.file("big.txt", text.as_bytes());
    let small: Vec<PathBuf> = (0..30)
        .map(|i| dir.file(&format!("s{i:02}.txt"), generated(40 + i).as_bytes()))
        .collect();
    let mut args: Vec<&str> = vec!["find", "--format", "jsonl", s(&big)];
    args.extend(small.iter().map(|p| s(p)));
    let mut one = args.clone();
    one.extend(["-j", "1"]);
    let mut four = args.clone();
    four.extend(["-j", "4"]);
    let o1 = iriscan(&one, b"");
    let o4 = iriscan(&four, b"");
    assert!(o1.status.success() && o4.status.success());
    assert!(o1.stdout.len() > 1 << 20);
    assert_eq!(o1.stdout, o4.stdout);
    // Streaming (standard input) finds the same in the big file.
    let file_rows = iriscan(&["find", "--format", "tsv", s(&big)], b"");
    let stdin_rows = iriscan(&["find", "--format", "tsv"], text.as_bytes());
    assert_eq!(tsv_rows_without_path(&file_rows), tsv_rows_without_path(&stdin_rows));
}

/// The TSV rows of a `find --format tsv` run, header and path column
/// dropped (a file and standard input differ only there).
fn tsv_rows_without_path(o: &Output) -> Vec<String> {
    stdout(o)
        .lines()
        .skip(1)
        .map(|l| l.split_once('\t').unwrap().1.to_owned())
        .collect()
}

#[test]
fn find_file_read_in_blocks_matches_streaming() {
    // Several 2 MiB blocks; links of every kind (folded ones too) near
    // every possible seam, lines of varying length.
    let dir = TempDir::new("blocks");
    let mut text = String::with_capacity(7 << 20);
    let mut i = 0;
    while text.len() < (7 << 20) {
        match i % 7 {
            0 => text.push_str(&format!("link http://例え.jp/{i} here\n")),
            1 => text.push_str(&format!("<URL:http://fold{i}.example/a\n   b> and mail{i}@пример.рф ")),
            2 => text.push_str(&format!("(see www.x{i}.org/p_(q)) ")),
            _ => text.push_str("lorem ipsum dolor sit amet consectetur adipiscing elit\n"),
        }
        i += 1;
    }
    let file = dir.file("big.txt", text.as_bytes());
    let blocks = iriscan(&["find", "--format", "tsv", "-j", "2", s(&file)], b"");
    let streamed = iriscan(&["find", "--format", "tsv", "-j", "1"], text.as_bytes());
    let rows = tsv_rows_without_path(&blocks);
    assert!(rows.len() > 50_000, "{}", rows.len());
    assert_eq!(rows, tsv_rows_without_path(&streamed));
    assert!(blocks.stderr.is_empty(), "{}", stderr(&blocks));
}

#[test]
fn find_piped_into_head_exits_quietly() {
    let dir = TempDir::new("head");
    let big = dir.file("big.txt", generated(100_000).as_bytes());
    for source in ["file", "stdin"] {
        let mut cmd = Command::new(BIN);
        cmd.arg("find").stdout(Stdio::piped()).stderr(Stdio::piped());
        if source == "file" {
            cmd.arg(&big).stdin(Stdio::null());
        } else {
            cmd.stdin(std::fs::File::open(&big).unwrap());
        }
        let mut child = cmd.spawn().unwrap();
        let mut reader = BufReader::new(child.stdout.take().unwrap());
        let mut first = String::new();
        reader.read_line(&mut first).unwrap();
        assert_eq!(first, "http://例え.jp/パス/0\n");
        drop(reader);
        let mut err = String::new();
        child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
        let status = child.wait().unwrap();
        assert!(status.success(), "{source}: {status:?} {err}");
        assert_eq!(err, "", "{source}");
    }
}

#[test]
fn convert_to_uri_and_to_iri_from_arguments_and_stdin() {
    let o = iriscan(
        &["convert", "--to-uri", "http://例え.jp/パス", "mailto:почта@пример.рф"],
        b"",
    );
    assert!(o.status.success());
    assert_eq!(
        stdout(&o),
        "http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9\nmailto:%D0%BF%D0%BE%D1%87%D1%82%D0%B0@xn--e1afmkfd.xn--p1ai\n"
    );
    let o = iriscan(
        &["convert", "--to-iri"],
        b"http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9\r\nhttp://a/%C0%AF\n",
    );
    assert_eq!(stdout(&o), "http://例え.jp/パス\nhttp://a/%C0%AF\n");
    // A failing line: message with its number, the rest go on, exit 1.
    let o = iriscan(
        &["convert", "--to-uri"],
        "http://a.com/ok\nhttp://a.com/a b\nhttp://é.fr\n".as_bytes(),
    );
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "http://a.com/ok\nhttp://xn--9ca.fr\n");
    let err = stderr(&o);
    assert!(err.starts_with("iriscan: line 2: invalid character U+0020"), "{err}");
    assert_eq!(err.lines().count(), 1);
    let o = iriscan(&["convert", "--to-uri"], b"ok\n\xff\n");
    assert_eq!(stderr(&o), "iriscan: line 2: not valid UTF-8\n");
    assert_eq!(o.status.code(), Some(1));
    // --encode-forbidden reads the input as a LEIRI.
    let o = iriscan(
        &["convert", "--to-uri", "--encode-forbidden", "http://a.com/a b|c"],
        b"",
    );
    assert_eq!(stdout(&o), "http://a.com/a%20b%7Cc\n");
    assert!(o.status.success());
    // Exactly one direction.
    assert_eq!(iriscan(&["convert", "x"], b"").status.code(), Some(2));
    assert_eq!(
        iriscan(&["convert", "--to-uri", "--to-iri", "x"], b"").status.code(),
        Some(2)
    );
}

#[test]
fn convert_display_keeps_spoofed_hosts_as_punycode() {
    // `аррӏе.com` in Cyrillic: --to-iri decodes it (RFC 3987 §3.2), the
    // display form does not; a safe IDN is readable in both.
    let spoof = "https://xn--80ak6aa92e.com/login";
    let o = iriscan(&["convert", "--to-iri", spoof], b"");
    assert_eq!(stdout(&o), "https://аррӏе.com/login\n");
    let o = iriscan(
        &[
            "convert",
            "--display",
            spoof,
            "http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9",
        ],
        b"",
    );
    assert!(o.status.success());
    assert_eq!(stdout(&o), "https://xn--80ak6aa92e.com/login\nhttp://例え.jp/パス\n");
    assert_eq!(
        iriscan(&["convert", "--display", "--to-iri", "x"], b"").status.code(),
        Some(2)
    );
}

#[test]
fn check_prints_invalid_values_and_exits_1() {
    let o = iriscan(&["check", "http://例え.jp/パス", "urn:isbn:1"], b"");
    assert!(o.status.success());
    assert_eq!(stdout(&o), "");
    let o = iriscan(
        &["check"],
        "http://ok.example/\nhttp://bad.example/a b\n../rel\n".as_bytes(),
    );
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(
        lines[0].starts_with("http://bad.example/a b: invalid character U+0020 at byte"),
        "{out}"
    );
    assert!(lines[1].starts_with("../rel: "), "{out}");
    let o = iriscan(&["check", "--reference", "../rel", "résumé.html"], b"");
    assert!(o.status.success(), "{}", stdout(&o));
    let o = iriscan(&["check", "--map", "http://xn--a.例え.jp/"], b"");
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("IDNA"));
}

/// The `<a href="…">` elements of `html`, checking that no other tag is
/// there: returns (href, shown text) pairs, unescaped.
fn anchors(html: &str) -> Vec<(String, String)> {
    fn unescape(s: &str) -> String {
        s.replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&quot;", "\"")
            .replace("&#39;", "'")
            .replace("&amp;", "&")
    }
    let mut found = Vec::new();
    let mut rest = html;
    while let Some(i) = rest.find('<') {
        rest = &rest[i..];
        let tag = rest
            .strip_prefix("<a href=\"")
            .unwrap_or_else(|| panic!("unexpected tag at {:?}", &rest[..rest.len().min(40)]));
        let q = tag.find('"').unwrap();
        let href = &tag[..q];
        let after = tag[q..].strip_prefix("\">").expect("only href on <a>");
        let close = after.find("</a>").expect("</a>");
        let shown = &after[..close];
        assert!(!shown.contains('<'), "nested tag in {shown:?}");
        found.push((unescape(href), unescape(shown)));
        rest = &after[close + 4..];
    }
    found
}

const MAIL: &str = "From: Jörg <jörg@bücher.de>\n\
Subject: links\n\
\n\
Hello <script>alert('x')</script> & welcome!\n\
See http://例え.jp/パス?q=値&r=1, https://пример.рф/путь/, and www.bücher.de.\n\
The long one: <URL:http://example.com/very/long/\n\x20   path/to/文書.html>\n\
Mail me at jörg@bücher.de or javascript:alert(1) or data:text/html,<b>x</b>\n\
> quoted (https://ja.wikipedia.org/wiki/東京_(曖昧さ回避))\n";

#[test]
fn linkify_html_escapes_text_and_makes_ascii_hrefs() {
    let dir = TempDir::new("linkify");
    let file = dir.file("mail.txt", MAIL.as_bytes());
    for args in [
        vec!["linkify", s(&file)],
        vec!["linkify", "--format", "html", "-j", "1", s(&file)],
    ] {
        let o = iriscan(&args, b"");
        assert!(o.status.success(), "{}", stderr(&o));
        let html = stdout(&o);
        assert!(!html.contains("<script"), "{html}");
        assert!(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; welcome!"));
        let links = anchors(&html);
        for (href, _) in &links {
            assert!(href.is_ascii(), "{href}");
            assert!(iri_string::types::UriStr::new(href).is_ok(), "not a URI: {href}");
            let scheme = href.split(':').next().unwrap().to_ascii_lowercase();
            assert!(!["javascript", "vbscript", "data"].contains(&scheme.as_str()), "{href}");
        }
        let shown: Vec<&str> = links.iter().map(|(_, t)| t.as_str()).collect();
        assert_eq!(
            shown,
            [
                "jörg@bücher.de",
                "http://例え.jp/パス?q=値&r=1",
                "https://пример.рф/путь/",
                "www.bücher.de",
                "http://example.com/very/long/path/to/文書.html",
                "jörg@bücher.de",
                "https://ja.wikipedia.org/wiki/東京_(曖昧さ回避)",
            ]
        );
        let hrefs: Vec<&str> = links.iter().map(|(h, _)| h.as_str()).collect();
        assert_eq!(hrefs[0], "mailto:j%C3%B6rg@xn--bcher-kva.de");
        assert_eq!(hrefs[1], "http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9?q=%E5%80%A4&r=1");
        assert_eq!(hrefs[3], "https://www.xn--bcher-kva.de");
        assert_eq!(hrefs[4], "http://example.com/very/long/path/to/%E6%96%87%E6%9B%B8.html");
        // The text outside links is the input, escaped.
        assert!(html.contains("javascript:alert(1) or data:text/html,&lt;b&gt;x&lt;/b&gt;"));
    }
}

#[test]
fn linkify_markdown_escapes_syntax() {
    let o = iriscan(
        &["linkify", "--format", "markdown"],
        b"# *Hi* [x](y) see https://a.example/b_(c)\n- x.org\n",
    );
    assert!(o.status.success());
    assert_eq!(
        stdout(&o),
        "\\# \\*Hi\\* \\[x\\]\\(y\\) see [https://a.example/b\\_\\(c\\)](https://a.example/b_%28c%29)\n\\- [x.org](https://x.org)\n"
    );
}

#[test]
fn linkify_streams_stdin_and_gzip_like_files() {
    let dir = TempDir::new("linkify-stream");
    let text = generated(20_000);
    let file = dir.file("big.txt", text.as_bytes());
    let from_file = iriscan(&["linkify", s(&file)], b"");
    let from_stdin = iriscan(&["linkify"], &gzip(text.as_bytes()));
    assert!(from_file.status.success() && from_stdin.status.success());
    assert_eq!(from_file.stdout, from_stdin.stdout);
    let md_file = iriscan(&["linkify", "--format", "markdown", s(&file)], b"");
    let md_stdin = iriscan(&["linkify", "--format", "markdown"], text.as_bytes());
    assert_eq!(md_file.stdout, md_stdin.stdout);
}

#[test]
fn every_subcommand_has_help_with_examples() {
    for sub in [
        &["--help"][..],
        &["find", "--help"],
        &["linkify", "--help"],
        &["convert", "--help"],
        &["check", "--help"],
    ] {
        let o = iriscan(sub, b"");
        assert!(o.status.success(), "{sub:?}");
        let help = stdout(&o);
        assert!(help.contains("Examples:"), "{sub:?}: {help}");
    }
    let o = iriscan(&["find", "--help"], b"");
    assert!(stdout(&o).contains("decoded UTF-8 text"));
    let o = iriscan(&["--version"], b"");
    assert!(stdout(&o).starts_with("iriscan "));
    let o = iriscan(&["frobnicate"], b"");
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn linkify_shows_spoofable_hosts_as_punycode_unless_as_written() {
    let body = "Log in at https://раураl.com/login or https://пример.рф/ now.\n";
    let o = iriscan(&["linkify"], body.as_bytes());
    assert!(o.status.success(), "{}", stderr(&o));
    let html = stdout(&o);
    assert!(html.contains(">https://xn--l-7sba6dbr.com/login</a>"), "{html}");
    assert!(html.contains(">https://пример.рф/</a>"), "{html}");
    let o = iriscan(&["linkify", "--as-written"], body.as_bytes());
    assert!(stdout(&o).contains(">https://раураl.com/login</a>"));
}

#[test]
fn find_jsonl_has_a_display_field() {
    let o = iriscan(
        &["find", "--format", "jsonl"],
        "раураl.com https://example.com/\u{202E}gpj.exe".as_bytes(),
    );
    let lines: Vec<serde_json::Value> = stdout(&o).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines[0]["display"], "xn--l-7sba6dbr.com");
    assert_eq!(lines[1]["text"], "https://example.com/");
}
