//! `iriscan convert` and `iriscan check`: one value per argument or per
//! input line.

use super::args::{CheckArgs, ConvertArgs};
use super::driver::describe;
use super::output::Out;
use iriscan::display::display_iri;
use iriscan::iri::{to_uri_with, ToUriOptions};
use iriscan::{to_iri, Iri, IriRef};
use std::ffi::OsString;
use std::io::{self, BufRead};

/// Exit status when a value is invalid.
const INVALID: i32 = 1;
/// Exit status when standard input cannot be read.
const INPUT_ERROR: i32 = 2;
const NOT_UTF8: &str = "not valid UTF-8";

/// Calls `f(line_number, value)` for each argument, or each line of
/// standard input (without its `\n` or `\r\n`). A value that is not UTF-8
/// comes as `Err` with its lossy decoding. Returns `Err` for output errors, `Ok(false)` when
/// standard input could not be read to its end.
fn for_each_value(
    values: &[OsString],
    out: &mut Out,
    mut f: impl FnMut(&mut Out, u64, Result<&str, String>) -> io::Result<()>,
) -> io::Result<bool> {
    if !values.is_empty() {
        for (i, v) in values.iter().enumerate() {
            f(
                out,
                i as u64 + 1,
                v.to_str().ok_or_else(|| v.to_string_lossy().into_owned()),
            )?;
        }
        return Ok(true);
    }
    let stdin = io::stdin();
    let mut lines = stdin.lock();
    let mut line = Vec::new();
    let mut n = 0;
    loop {
        line.clear();
        match lines.read_until(b'\n', &mut line) {
            Ok(0) => return Ok(true),
            Ok(_) => {}
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => {
                out.error(&format!("<stdin>: {}", describe(&e)))?;
                return Ok(false);
            }
        }
        n += 1;
        let mut value = &line[..];
        if let Some(v) = value.strip_suffix(b"\n") {
            value = v.strip_suffix(b"\r").unwrap_or(v);
        }
        f(
            out,
            n,
            std::str::from_utf8(value).map_err(|_| String::from_utf8_lossy(value).into_owned()),
        )?;
    }
}

/// `iriscan convert`.
pub fn convert(args: &ConvertArgs, out: &mut Out) -> io::Result<i32> {
    let opts = ToUriOptions {
        encode_forbidden_ascii: args.encode_forbidden,
        ..ToUriOptions::default()
    };
    let mut failed = false;
    let read_all = for_each_value(&args.values, out, |out, n, value| {
        let converted = match value {
            Err(_) => Err(NOT_UTF8.to_owned()),
            Ok(v) if args.to_uri => to_uri_with(v, &opts).map(|u| u.into_owned()).map_err(|e| e.to_string()),
            Ok(v) => match IriRef::parse(v) {
                Ok(_) if args.display => Ok(display_iri(v)),
                Ok(_) => Ok(to_iri(v).into_owned()),
                Err(e) => Err(format!("not a URI reference: {e}")),
            },
        };
        match converted {
            Ok(s) => {
                out.write(s.as_bytes())?;
                out.write(b"\n")
            }
            Err(e) => {
                failed = true;
                out.error(&format!("line {n}: {e}"))
            }
        }
    })?;
    out.flush()?;
    Ok(exit_code(read_all, failed))
}

/// `iriscan check`.
pub fn check(args: &CheckArgs, out: &mut Out) -> io::Result<i32> {
    let mut failed = false;
    let read_all = for_each_value(&args.values, out, |out, _, value| {
        let (shown, problem) = match &value {
            Err(lossy) => (lossy.as_str(), Some(NOT_UTF8.to_owned())),
            Ok(v) => (*v, problem(v, args)),
        };
        if let Some(problem) = problem {
            failed = true;
            out.write(shown.as_bytes())?;
            out.write(b": ")?;
            out.write(problem.as_bytes())?;
            out.write(b"\n")?;
        }
        Ok(())
    })?;
    out.flush()?;
    Ok(exit_code(read_all, failed))
}

/// What is wrong with `value`, if anything.
fn problem(value: &str, args: &CheckArgs) -> Option<String> {
    let parsed = if args.reference {
        IriRef::parse(value).map(|_| ())
    } else {
        Iri::parse(value).map(|_| ())
    };
    if let Err(e) = parsed {
        return Some(e.to_string());
    }
    if args.map {
        if let Err(e) = iriscan::to_uri(value) {
            return Some(e.to_string());
        }
    }
    None
}

/// Exit status: an unreadable input wins over invalid values.
fn exit_code(read_all: bool, failed: bool) -> i32 {
    if !read_all {
        INPUT_ERROR
    } else if failed {
        INVALID
    } else {
        0
    }
}
