//! The `iriscan` command-line tool; see `iriscan --help`.
#![deny(unsafe_code)]

mod cli;

fn main() {
    let code = match std::panic::catch_unwind(cli::run) {
        Ok(code) => code,
        Err(_) => {
            use std::io::Write;
            let what = cli::take_panic_message().unwrap_or_default();
            let _ = writeln!(std::io::stderr(), "iriscan: internal error: {what}");
            2
        }
    };
    std::process::exit(code);
}
