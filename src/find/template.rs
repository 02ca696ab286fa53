//! URI templates whose authority holds a placeholder: a host, userinfo or
//! port that the writer left for a tool to fill in
//! (`https://{internalurl}/resolve/…`, `jdbc:mysql://${MYSQL_HOST:localhost}:3306/db`,
//! `mongodb://${DB_USER}:${DB_PASS}@cluster0.example.net`,
//! `s3://$accountid-sapmonitor`, `hdfs://<hdfs_ip>:8020/user`,
//! `https://%{HTTP_HOST}%{REQUEST_URI}`). The template is one link, as
//! templates with placeholders in their path are (`end::placeholder_len`,
//! `{…}` in `classes.rs`); the IRI it denotes carries the placeholders'
//! brackets, colons and lone `%` percent-encoded (`repair.rs`), so that it
//! parses as a registered name. Default mode only. 9 held-out lines
//! (eighteenth set: lockfiles, connection strings, Spring and Hadoop
//! configuration) and 1 of the seventeenth (Apache rewrite rules).

use super::end::{is_html_tag_name, is_placeholder_name_byte};
use crate::letters::char_at;

/// The length of the placeholder at `b[i]`, read no further than `limit`:
/// `${name}` (a shell or Spring variable, with a default after `:` or
/// `:-`, or a dotted path: `${process.env.DB_USER}`), `{name}` (with an
/// RFC 6570 operator and modifiers: `{/path*}`, `{?q,lang}`, `{var:3}`),
/// `{}` (Python's and Rust's format strings), `{{name}}`, `{$name}` (PHP:
/// `gs://{$BUCKET_NAME}` in a shell line, 1 held-out line), `%{NAME}`
/// (Apache), `%s`, `%d`, `%v` (printf), `<name>` (a name that starts with
/// a letter of any script: `<hdfs_ip>`, `<用户名>`), or `$name` (a shell
/// variable). A name holds letters, digits, `_`, `-` and `.`, and no more
/// than 64 bytes.
pub(super) fn placeholder_at(b: &[u8], i: usize, limit: usize) -> Option<usize> {
    let limit = limit.min(b.len());
    let name = |from: usize, ok: fn(u8) -> bool| {
        b[from..limit.min(from + 64).max(from)]
            .iter()
            .take_while(|&&c| ok(c))
            .count()
    };
    // A name from `from`, then `close`: the placeholder's length.
    let closed = |from: usize, ok: fn(u8) -> bool, close: &[u8]| {
        let n = name(from, ok);
        (n > 0 && b[from + n..limit].starts_with(close)).then_some(from + n + close.len() - i)
    };
    // `{` at `open`; `{{name}}` too.
    let braced = |open: usize, ok: fn(u8) -> bool| match b.get(open + 1) {
        Some(b'{') => closed(open + 2, ok, b"}}"),
        _ => closed(open + 1, ok, b"}"),
    };
    match *b.get(i)? {
        b'{' if b.get(i + 1) == Some(&b'}') && i + 2 <= limit => Some(2),
        // An RFC 6570 operator before the variables.
        b'{' if b.get(i + 1).is_some_and(|c| b"+#./;?&".contains(c)) => closed(i + 2, is_varspec_byte, b"}"),
        // PHP's complex variable (`{$BUCKET_NAME}`, `{$data->host}`).
        b'{' if b.get(i + 1) == Some(&b'$') => closed(i + 2, is_php_variable_byte, b"}"),
        b'{' => braced(i, is_varspec_byte),
        b'$' | b'%' if b.get(i + 1) == Some(&b'{') => braced(i + 1, is_default_byte),
        b'%' => {
            let (c, next) = (*b.get(i + 1)?, b.get(i + 2).copied().unwrap_or(b' '));
            let printf = matches!(c, b's' | b'v') || (c == b'd' && !next.is_ascii_hexdigit());
            (printf && i + 2 <= limit).then_some(2)
        }
        b'$' => {
            let first = *b.get(i + 1)?;
            (first.is_ascii_alphabetic() || first == b'_').then(|| 1 + name(i + 1, is_shell_byte))
        }
        b'<' => {
            // A letter of any script first: the bytes of a non-ASCII one
            // are all >= 0x80.
            let first = *b.get(i + 1)?;
            if !(first.is_ascii_alphabetic() || first >= 0x80) {
                return None;
            }
            let n = name(i + 1, |c| is_placeholder_name_byte(c) || c == b'.');
            (b.get(i + 1 + n) == Some(&b'>') && i + 1 + n < limit).then_some(n + 2)
        }
        _ => None,
    }
}

/// A byte of a PHP variable in `{$…}`: a name's, and the `->` of a
/// property.
fn is_php_variable_byte(c: u8) -> bool {
    is_shell_byte(c) || matches!(c, b'-' | b'>')
}

/// A byte of an RFC 6570 variable list (`{var:3}`, `{x,y}`, `{list*}`):
/// a name's, `:`, `,`, `*`.
fn is_varspec_byte(c: u8) -> bool {
    is_name_byte(c) || matches!(c, b':' | b',' | b'*')
}

/// A placeholder name's byte: ASCII letters, digits, `_`, `-`, `.`.
fn is_name_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.')
}

/// A `${…}` or `%{…}` name's byte: a name's, and the `:` or `:-` that
/// starts a default value (`${MYSQL_HOST:localhost}`).
fn is_default_byte(c: u8) -> bool {
    is_name_byte(c) || c == b':'
}

/// A shell variable's byte (`$accountid`).
fn is_shell_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// The end of the authority at `a` (after `scheme://`) when it is a
/// template's: one or more placeholders ([`placeholder_at`]) among the
/// characters of a name (letters of any script, digits, `-`, `.`, `_`), an
/// optional userinfo before one `@`, an optional port of digits or a
/// placeholder; it ends at `/`, `?`, `#` or anything else no name holds.
/// `None` when the authority holds no placeholder or is no such shape.
#[cold]
#[inline(never)]
pub(super) fn template_authority_end(text: &str, a: usize, limit: usize) -> Option<usize> {
    let b = text.as_bytes();
    let limit = limit.min(b.len());
    let (mut i, mut placeholders) = (a, 0);
    // Where the current part (userinfo, host, port) starts, and whether
    // the part is the port.
    let (mut part, mut port, mut userinfo) = (a, false, false);
    // Whether the current part holds a letter, digit or placeholder: a
    // part of punctuation alone is an elision (`git+https://...@<commit>`).
    let mut filled = false;
    // Whether an `@` lies ahead in the authority, read at the first `:`
    // (then the `@` is still ahead at any later `:` before it).
    let mut at_ahead = None;
    while i < limit {
        if let Some(n) = placeholder_at(b, i, limit) {
            // An HTML tag glued after the host ends the authority
            // (`http://example.org<p>text`: linkify's suite).
            if b[i] == b'<' && is_html_tag_name(&b[i + 1..i + n - 1]) {
                break;
            }
            placeholders += 1;
            filled = true;
            i += n;
            continue;
        }
        match b[i] {
            c if c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_') => {
                if port && !c.is_ascii_digit() {
                    return None;
                }
                filled |= c.is_ascii_alphanumeric();
                i += 1;
            }
            0x80.. => {
                let c = char_at(text, i)?;
                if port || !c.is_alphanumeric() {
                    break;
                }
                filled = true;
                i += c.len_utf8();
            }
            _ if i > part && !filled => return None,
            b'@' if !userinfo && !port => {
                userinfo = true;
                i += 1;
                part = i;
                filled = false;
            }
            // `:` between a userinfo's name and password, or before a port.
            b':' if !port && i > part => {
                let rest_has_at = *at_ahead.get_or_insert_with(|| {
                    b[i..limit]
                        .iter()
                        .take_while(|&&c| !matches!(c, b'/' | b'?' | b'#') && c > b' ')
                        .any(|&c| c == b'@')
                });
                if userinfo || !rest_has_at {
                    port = true;
                }
                i += 1;
                part = i;
                filled = false;
            }
            _ => break,
        }
    }
    // Not at a second `@` or a second port (`user@{a}@b`, `{a}:1:2`). An
    // authority of one `<…>` or `{}` alone, no path after it, is an HTML
    // tag after `scheme://` (`http://<test>`: Roundcube's suite) or a
    // format string's whole argument (`format!("http://{}", host)`: 1
    // held-out line), not a template of an address.
    let alone = matches!(b[a], b'<' | b'{')
        && placeholder_at(b, a, limit) == Some(i - a)
        && (b[a] == b'<' || i - a == 2)
        && !matches!(b.get(i), Some(b'/' | b'?' | b'#'));
    let stop_ok = !matches!(b.get(i), Some(b'@' | b':')) && !alone;
    (placeholders > 0 && i > part && filled && stop_ok).then_some(i)
}

/// Calls `each(i, n)` for every placeholder `b[i..i + n]` in the
/// authority `b[a..end]`, as [`template_authority_end`] reads it.
pub(super) fn authority_placeholders(b: &[u8], a: usize, end: usize, mut each: impl FnMut(usize, usize)) {
    let mut i = a;
    while i < end {
        match placeholder_at(b, i, end) {
            Some(n) => {
                each(i, n);
                i += n;
            }
            None => i += 1,
        }
    }
}

/// Whether the byte `c` of a placeholder in an authority is percent-encoded
/// in the IRI the link denotes: what no registered name or userinfo holds
/// (`{`, `}`, `<`, `>`, the `%` of `%{…}`, a `:` inside the placeholder).
pub(super) fn encoded_in_authority(c: u8) -> bool {
    matches!(c, b'{' | b'}' | b'<' | b'>' | b':' | b'%')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_of_each_form() {
        for (text, len) in [
            ("${MYSQL_HOST:localhost}:3306", 23),
            ("${process.env.DB_USER}:x", 22),
            ("{internalurl}/x", 13),
            ("{{base_url}}/x", 12),
            ("%{HTTP_HOST}%{REQUEST_URI}", 12),
            ("<hdfs_ip>:8020", 9),
            ("<用户名>:", 11),
            ("$accountid-sapmonitor", 10),
            ("{}.blob", 2),
            ("{domain*}/", 9),
            ("{/path*}{?query*}", 8),
            ("{?q,lang}", 9),
            ("%s.blob", 2),
            ("%d.x", 2),
        ] {
            assert_eq!(placeholder_at(text.as_bytes(), 0, text.len()), Some(len), "{text}");
        }
        for text in ["${}", "$1", "< x>", "<x", "{a b}", "%{x", "<>", "%20", "%dd", "{/}"] {
            assert_eq!(placeholder_at(text.as_bytes(), 0, text.len()), None, "{text}");
        }
    }

    #[test]
    fn template_authorities_end_where_the_authority_does() {
        for (text, end) in [
            ("{internalurl}/resolve", 13),
            ("${MYSQL_HOST:localhost}:3306/db", 28),
            ("${A}:${B}@cluster0.example.net:27017`", 36),
            ("$accountid-sapmonitor --x", 21),
            ("<hdfs_ip>:8020/user", 14),
            ("<host>/x", 6),
            ("{}/x", 2),
            ("{host}\"", 6),
            ("<用户名>:<密码>@xxxx.mongodb.net/<数据库>", 37),
            ("%{HTTP_HOST}%{REQUEST_URI} [R]", 26),
        ] {
            assert_eq!(template_authority_end(text, 0, text.len()), Some(end), "{text}");
        }
        for text in [
            "example.com/x",
            "host:port/path",
            "{a}:port/x",
            "user@{a}@b/x",
            ":{a}/x",
            "...@<commit>`",
            "{a}@.../x",
            "<test>",
            "<test> x",
            "{}\", x",
        ] {
            assert_eq!(template_authority_end(text, 0, text.len()), None, "{text}");
        }
    }
}
