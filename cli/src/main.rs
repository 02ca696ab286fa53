//! The `iriscan` command-line tool (see `iriscan --help`): a thin layer over
//! the library's finder, streaming, parallel and rendering APIs.
#![deny(unsafe_code)]

mod args;
mod convert;
mod driver;
mod input;
mod members;
mod output;
mod pipeline;
mod records;
mod rows;
mod segment;
mod tasks;
mod warc;

use args::{Cli, Command, InputArgs, InputFormatArg, Kind, LinkifyFormat};
use clap::Parser;
use driver::{Settings, Task};
use iriscan::render::{LinkText, Markup, Renderer};
use iriscan::{Finder, LinkKind};
use output::Out;
use std::io;

/// Exit status when an input could not be read (or a write failed).
const INPUT_ERROR: i32 = 2;

/// The message of the last panic (with its location), for error reports.
pub static LAST_PANIC: std::sync::Mutex<Option<String>> = std::sync::Mutex::new(None);

/// Takes the last panic's message.
pub fn take_panic_message() -> Option<String> {
    LAST_PANIC.lock().ok().and_then(|mut m| m.take())
}

/// Runs the command line; returns the exit status.
pub fn run() -> i32 {
    // Panics are caught per input and reported as errors (see
    // `driver::guarded`); the hook only records where it happened.
    std::panic::set_hook(Box::new(|info| {
        if let Ok(mut last) = LAST_PANIC.lock() {
            *last = Some(info.to_string());
        }
    }));
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // --help and --version print to standard output; a closed pipe
            // there is not an error.
            let _ = e.print();
            return if e.use_stderr() { INPUT_ERROR } else { 0 };
        }
    };
    let mut out = Out::new();
    let result = match &cli.command {
        Command::Convert(a) => convert::convert(a, &mut out),
        Command::Check(a) => convert::check(a, &mut out),
        Command::Find(a) => {
            let task = tasks::FindTask {
                format: a.format,
                uri: a.uri,
                count: a.count,
                quiet: a.input.quiet,
                terminator: if a.null_data { 0 } else { b'\n' },
                line_number: a.line_number,
                max_link_len: max_link_len(&a.input),
            };
            // ripgrep's rule: names when there can be more than one input.
            let with_filename = if a.with_filename {
                true
            } else if a.no_filename {
                false
            } else {
                a.input.paths.len() > 1 || a.input.recursive
            };
            run_task(&task, &a.input, a.null_data, with_filename, &mut out)
        }
        Command::Linkify(a) => {
            let markup = match a.format {
                LinkifyFormat::Html => Markup::Html,
                LinkifyFormat::Markdown => Markup::Markdown,
            };
            let mut renderer = Renderer::new(markup);
            if a.as_written {
                renderer.link_text(LinkText::AsWritten);
            }
            let task = tasks::LinkifyTask { renderer };
            run_task(&task, &a.input, false, false, &mut out)
        }
    };
    let result = result.and_then(|code| out.flush().map(|()| code));
    match result {
        Ok(code) => code,
        // `iriscan find big.txt | head`: the reader is gone, stop quietly.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => 0,
        Err(e) => {
            use std::io::Write;
            let _ = writeln!(io::stderr(), "iriscan: write error: {}", driver::describe(&e));
            INPUT_ERROR
        }
    }
}

fn max_link_len(args: &InputArgs) -> usize {
    args.max_link_len.map_or(iriscan::DEFAULT_MAX_LINK_LEN, |n| n as usize)
}

fn run_task<T: Task>(
    task: &T,
    args: &InputArgs,
    null_data: bool,
    with_filename: bool,
    out: &mut Out,
) -> io::Result<i32> {
    let settings = Settings {
        finder: finder(args),
        threads: threads(args),
        quiet: args.quiet,
        encoding: args.encoding,
        terminator: if null_data { 0 } else { b'\n' },
        format: match args.input_format {
            InputFormatArg::Auto => driver::InputFormat::Auto,
            InputFormatArg::Text => driver::InputFormat::Text,
            InputFormatArg::Warc => driver::InputFormat::Warc,
        },
        max_link_len: max_link_len(args),
        with_filename,
    };
    let inputs = input::expand(&args.paths, args.recursive);
    let all_ok = driver::run(task, &inputs, &settings, out)?;
    Ok(if all_ok { 0 } else { INPUT_ERROR })
}

/// The finder the input options ask for.
fn finder(args: &InputArgs) -> Finder {
    let mut finder = Finder::new();
    finder.max_link_len(max_link_len(args));
    let kinds: Vec<LinkKind> = args
        .kinds
        .iter()
        .map(|k| match k {
            Kind::Iri => LinkKind::Iri,
            Kind::Email => LinkKind::Email,
            Kind::Domain => LinkKind::Domain,
        })
        .collect();
    finder.kinds(&kinds).strict_uts58(args.strict_uts58);
    finder
}

/// The worker threads the input options ask for (`None`: one, no rayon),
/// with the global pool set up for them.
fn threads(args: &InputArgs) -> Option<usize> {
    let threads = match args.jobs {
        Some(1) => None,
        Some(n) => Some(n as usize),
        None => Some(std::thread::available_parallelism().map_or(1, |n| n.get())),
    };
    if let Some(n) = threads {
        // Ignore the error of a second initialisation (there is none in
        // the binary; the pool is set once here).
        let _ = rayon::ThreadPoolBuilder::new().num_threads(n).build_global();
    }
    threads
}

fn main() {
    let code = match std::panic::catch_unwind(run) {
        Ok(code) => code,
        Err(_) => {
            use std::io::Write;
            let what = take_panic_message().unwrap_or_default();
            let _ = writeln!(std::io::stderr(), "iriscan: internal error: {what}");
            2
        }
    };
    std::process::exit(code);
}
