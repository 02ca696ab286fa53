//! Command-line arguments (clap derive). Every flag's help says what it does
//! and each subcommand ends with examples.

use clap::{ArgGroup, Args, Parser, Subcommand, ValueEnum};
use std::ffi::OsString;
use std::path::PathBuf;

const MAIN_EXAMPLES: &str = "\
Examples:
  iriscan find mail.txt                      links as written, one per line
  iriscan find --uri --format jsonl -r logs/ JSON Lines with URIs for every file under logs/
  zcat crawl.gz | iriscan find --count       number of links on standard input
  iriscan linkify --format html body.txt     the text as HTML with links
  iriscan convert --to-uri 'http://例え.jp/パス'
  iriscan check 'http://example.com/a b'

Exit status: 0 on success; 1 when convert or check meets an invalid line;
2 when an input could not be read (the other inputs are still processed).";

/// Find IRIs (RFC 3987) in running text in every script, validate them, map
/// them to URIs and link them.
#[derive(Parser, Debug)]
#[command(name = "iriscan", version, after_help = MAIN_EXAMPLES, max_term_width = 100)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Map IRIs to URIs (RFC 3987 §3.1) or URIs to IRIs (§3.2).
    Convert(ConvertArgs),
    /// Validate IRIs against the RFC 3987 grammar.
    Check(CheckArgs),
    /// Find links (IRIs, email addresses, domain names) in text.
    Find(FindArgs),
    /// Write text with its links rendered as HTML or Markdown.
    Linkify(LinkifyArgs),
}

const CONVERT_EXAMPLES: &str = "\
Examples:
  iriscan convert --to-uri 'http://例え.jp/パス?q=値'
      http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9?q=%E5%80%A4
  iriscan convert --to-iri 'http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9'
      http://例え.jp/パス
  iriscan convert --display 'https://xn--80ak6aa92e.com/login'
      https://xn--80ak6aa92e.com/login   (a Cyrillic look-alike stays punycode)
  iriscan convert --to-uri --encode-forbidden 'http://example.com/a b'
      http://example.com/a%20b
  iriscan convert --to-uri < iris.txt > uris.txt

A value that fails is reported on standard error as `iriscan: line N: <error>`
(N counts input lines, or arguments when values are given), prints nothing on
standard output, and the rest go on; the exit status is then 1.";

/// Arguments of `iriscan convert`.
#[derive(Args, Debug)]
#[command(after_help = CONVERT_EXAMPLES)]
#[command(group(ArgGroup::new("direction").required(true).args(["to_uri", "to_iri", "display"])))]
pub struct ConvertArgs {
    /// Map IRIs (or IRI references) to URIs: non-ASCII characters become
    /// UTF-8 percent-encodings, hosts of DNS schemes become punycode (IDNA).
    #[arg(long)]
    pub to_uri: bool,
    /// Map URIs to IRIs (RFC 3987 §3.2): percent-encoded UTF-8 is decoded
    /// where the RFC allows it, every `xn--` label becomes Unicode, even a
    /// spoofed one. To show a link to a person, use --display.
    #[arg(long)]
    pub to_iri: bool,
    /// The form safe to show a person (what `find --format jsonl` writes as
    /// `display`): like --to-iri, but a host that could pass for another
    /// (mixed scripts, confusables, invisible characters) stays punycode
    /// and bidi controls stay encoded.
    #[arg(long)]
    pub display: bool,
    /// With --to-uri: percent-encode characters no IRI may contain (space,
    /// `<`, `>`, `"`, `{`, `}`, `|`, `\`, `^`, `` ` ``, controls, bidi
    /// controls…) instead of failing (the input is read as a Legacy Extended
    /// IRI).
    #[arg(long, requires = "to_uri")]
    pub encode_forbidden: bool,
    /// The values to convert; none: one per line from standard input.
    #[arg(value_name = "VALUE")]
    pub values: Vec<OsString>,
}

const CHECK_EXAMPLES: &str = "\
Examples:
  iriscan check 'http://例え.jp/パス' 'http://example.com/a b'
      http://example.com/a b: invalid character U+0020 at byte 20 in path
  iriscan check --reference '../résumé.html' < refs.txt

Each invalid value is printed on standard output as `<value>: <error>`;
the exit status is 1 if any value is invalid.";

/// Arguments of `iriscan check`.
#[derive(Args, Debug)]
#[command(after_help = CHECK_EXAMPLES)]
pub struct CheckArgs {
    /// Accept relative references too (`IRI-reference`), not only absolute
    /// IRIs with a scheme.
    #[arg(long)]
    pub reference: bool,
    /// Also require that the IRI maps to a URI (hosts of DNS schemes must
    /// pass IDNA).
    #[arg(long)]
    pub map: bool,
    /// The values to check; none: one per line from standard input.
    #[arg(value_name = "IRI")]
    pub values: Vec<OsString>,
}

/// Kinds of link.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// IRIs with a scheme (`https://…`, `mailto:…`, `urn:…`).
    Iri,
    /// Bare email addresses.
    Email,
    /// Domain names without a scheme (`www.example.com`, `例え.jp`).
    Domain,
}

/// Options shared by `find` and `linkify`: where the text comes from and
/// what counts as a link.
#[derive(Args, Debug)]
pub struct InputArgs {
    /// Files or directories to read; none or `-`: standard input. Gzip
    /// input (also multi-member) is decompressed transparently, recognised
    /// by its magic bytes.
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Read the files under each directory, recursively, in path order.
    #[arg(short = 'r', long)]
    pub recursive: bool,
    /// Decode the input from this encoding (a WHATWG label: shift_jis,
    /// euc-jp, gb18030, big5, euc-kr, windows-1251, koi8-r, iso-8859-2, …)
    /// and normalize it to NFC (RFC 3987 §3.1 step 1b). Offsets and the text
    /// printed then refer to the decoded UTF-8 text, not the input bytes. A
    /// byte order mark is removed and, as WHATWG prescribes, overrides the
    /// label. Without this option the input is taken as UTF-8 (invalid
    /// sequences end a link and are otherwise skipped), except that a UTF-16
    /// LE/BE byte order mark is decoded the same way and a UTF-8 one is
    /// dropped: offsets then count bytes of the UTF-8 text after the mark.
    /// Text that does not decode cleanly is reported once per input.
    #[arg(long, value_name = "LABEL", value_parser = parse_encoding)]
    pub encoding: Option<&'static encoding_rs::Encoding>,
    /// Only these kinds of link (comma-separated).
    #[arg(
        long,
        value_enum,
        value_delimiter = ',',
        value_name = "KINDS",
        default_value = "iri,email,domain"
    )]
    pub kinds: Vec<Kind>,
    /// Follow Unicode's link detection (UTS #58) alone: only domain names,
    /// http(s) and email addresses, with its boundary rules, and none of
    /// iriscan's RFC 3987 extensions.
    #[arg(long)]
    pub strict_uts58: bool,
    /// Worker threads (default: all cores). `-j 1` runs everything on one
    /// thread. Output is in input order whatever the number.
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
    /// No progress bar and no warnings (links that cannot be mapped to a
    /// URI, links cut at the maximum length, text that does not decode).
    /// Errors reading an input are still reported.
    #[arg(short = 'q', long)]
    pub quiet: bool,
    /// What the input is: `auto` reads WARC records (WARC/WET files, also
    /// gzip'd) when the input starts with `WARC/1.`, text otherwise.
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = InputFormatArg::Auto)]
    pub input_format: InputFormatArg,
    /// The longest link in bytes (default 65536). A longer one is cut at
    /// this length in its path, query or fragment, or not linked when the
    /// cut would fall in its scheme, host, address or an opaque IRI; `find`
    /// counts the links of each input that reach it (within 16 bytes: the
    /// finder trims what may not end a link after cutting) and says so once
    /// on standard error.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(16..))]
    pub max_link_len: Option<u32>,
}

/// What the input is (see --input-format).
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputFormatArg {
    /// WARC when the (decompressed) input starts with `WARC/1.`, else text.
    Auto,
    /// Text, whatever it starts with.
    Text,
    /// WARC records: `conversion`, `response` (the HTTP body, decoded from
    /// its charset) and `resource` records are scanned, the others skipped.
    Warc,
}

fn parse_encoding(label: &str) -> Result<&'static encoding_rs::Encoding, String> {
    encoding_rs::Encoding::for_label(label.trim().as_bytes())
        .ok_or_else(|| format!("unknown encoding label {label:?} (use a WHATWG label such as shift_jis, windows-1251)"))
}

/// Output formats of `find`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum FindFormat {
    /// One link per line, as written (a link folded over lines prints as
    /// its IRI); with --uri, its URI.
    Plain,
    /// One JSON object per link: path, line, start, end, kind, text, iri,
    /// uri (null plus "error" when mapping fails).
    Jsonl,
    /// Tab-separated values with a header line; tab, newline, carriage
    /// return and backslash in fields written as \t \n \r \\.
    Tsv,
}

const FIND_EXAMPLES: &str = "\
Examples:
  iriscan find notes.txt
  iriscan find --uri mail.txt                         URIs ready for a browser
  iriscan find --format jsonl -r corpus/ > links.jsonl
  iriscan find --format tsv --kinds iri,email log.gz
  iriscan find --encoding shift_jis --format jsonl old-mail.txt
  iriscan find --count *.txt                          path<TAB>count per file
  iriscan find -n -r logs/                            PATH:LINE:LINK like ripgrep
  iriscan find --format jsonl CC-MAIN-…warc.wet.gz    links with their page's URL
  find . -name '*.txt' -print0 | xargs -0 cat | iriscan find
  iriscan find -z records.bin                         NUL-separated records

With several inputs or -r, plain lines are PATH:LINK (-H, --no-filename
force either way); -n adds the line number: PATH:LINE:LINK.

JSON Lines fields: path (\"-\" for standard input), line (1-based), start and
end (byte offsets into that input, end exclusive; into the decoded UTF-8 text
when the input was decoded), kind (iri, email, domain), text (as written), iri
(what it denotes: scheme added to domains, mailto: to emails, folding
removed), uri (RFC 3987 §3.1), or uri null and error.

WARC and WET input (Common Crawl; gzip'd, one member per record, or not):
records gain record_url (WARC-Target-URI) and record_id (WARC-Record-ID as
written), and line, start and end count within the text of the record (a
response record's HTTP body). TSV has record_url and record_id columns too,
empty for other input.

Files are read in blocks and searched on all cores in bounded memory; a file
that shrinks or grows while it is read keeps the links read before, and the
change is reported (exit status 2). A progress bar shows on a terminal for
inputs over 64 MiB.";

/// Arguments of `iriscan find`.
#[derive(Args, Debug)]
#[command(after_help = FIND_EXAMPLES)]
pub struct FindArgs {
    /// Inputs and link options.
    #[command(flatten)]
    pub input: InputArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = FindFormat::Plain)]
    pub format: FindFormat,
    /// Print the number of links of each input (`path<TAB>count`; just the
    /// count when the only input is standard input) instead of the links.
    #[arg(short = 'c', long)]
    pub count: bool,
    /// Plain format: print each link's URI (RFC 3987 §3.1) instead of the
    /// text as written; a link that cannot be mapped is skipped with a
    /// warning.
    #[arg(long)]
    pub uri: bool,
    /// Records in the input are separated by NUL bytes instead of newlines
    /// (`line` then counts records), and each output record ends with NUL.
    #[arg(short = 'z', long)]
    pub null_data: bool,
    /// Plain format: start each line with the input's path (the default
    /// with more than one input or -r).
    #[arg(short = 'H', long, overrides_with = "no_filename")]
    pub with_filename: bool,
    /// Plain format: never start lines with the input's path.
    #[arg(long, overrides_with = "with_filename")]
    pub no_filename: bool,
    /// Plain format: the 1-based line number before each link
    /// (`LINE:LINK`, or `PATH:LINE:LINK`).
    #[arg(short = 'n', long)]
    pub line_number: bool,
}

/// Output formats of `linkify`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkifyFormat {
    /// HTML: the text escaped, each link as <a href="URI">link</a>.
    Html,
    /// Markdown: Markdown syntax in the text escaped, each link as [link](URI).
    Markdown,
}

const LINKIFY_EXAMPLES: &str = "\
Examples:
  iriscan linkify mail.txt > mail.html
  iriscan linkify --format markdown notes.txt
  iriscan linkify --encoding iso-2022-jp old-mail.txt

Every href is the link's URI (ASCII, IDNA hosts, percent-encoded UTF-8).
The link text shown is the display-safe form (see --as-written).
Links whose host IDNA rejects, and javascript:, vbscript: and data: links,
are left as text. Invalid UTF-8 in the input is written as U+FFFD.";

/// Arguments of `iriscan linkify`.
#[derive(Args, Debug)]
#[command(after_help = LINKIFY_EXAMPLES)]
pub struct LinkifyArgs {
    /// Inputs and link options.
    #[command(flatten)]
    pub input: InputArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = LinkifyFormat::Html)]
    pub format: LinkifyFormat,
    /// Show each link's text as written instead of the display-safe form
    /// (by default hosts that could spoof another, per UTS #39, are shown as
    /// punycode and bidi controls stay percent-encoded; the href is the URI
    /// either way).
    #[arg(long)]
    pub as_written: bool,
}
