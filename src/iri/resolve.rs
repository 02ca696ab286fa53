//! Reference resolution (RFC 3986 §5.2, applied to IRIs unchanged per
//! RFC 3987 §6.5 / 3987bis §5.5).

use super::{Iri, IriRef, ParseError};

/// Removes `.` and `..` segments from a path (RFC 3986 §5.2.4).
///
/// Runs in linear time: the output is a stack of segments.
///
/// ```
/// assert_eq!(iriscan::iri::remove_dot_segments("/a/b/c/./../../g"), "/a/g");
/// assert_eq!(iriscan::iri::remove_dot_segments("mid/content=5/../6"), "mid/6");
/// ```
pub fn remove_dot_segments(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    let mut input = path;
    while !input.is_empty() {
        // A: drop a leading "../" or "./"
        if let Some(rest) = input.strip_prefix("../") {
            input = rest;
        } else if let Some(rest) = input.strip_prefix("./") {
            input = rest;
        }
        // B: "/./" or "/." at the end → "/"
        else if input.starts_with("/./") {
            input = &input[2..];
        } else if input == "/." {
            input = "/";
        }
        // C: "/../" or "/.." at the end → "/" and pop the last output segment
        else if input.starts_with("/../") || input == "/.." {
            input = if input == "/.." { "/" } else { &input[3..] };
            match out.rfind('/') {
                Some(i) => out.truncate(i),
                None => out.clear(),
            }
        }
        // D: "." or ".." alone
        else if input == "." || input == ".." {
            input = "";
        }
        // E: move the first segment (with its leading "/", if any) to the output
        else {
            let skip = usize::from(input.starts_with('/'));
            let end = input[skip..].find('/').map_or(input.len(), |i| i + skip);
            out.push_str(&input[..end]);
            input = &input[end..];
        }
    }
    out
}

fn merge(base: &IriRef<'_>, ref_path: &str) -> String {
    if base.authority().is_some() && base.path().is_empty() {
        format!("/{ref_path}")
    } else {
        let bp = base.path();
        match bp.rfind('/') {
            Some(i) => format!("{}{}", &bp[..=i], ref_path),
            None => ref_path.to_owned(),
        }
    }
}

pub(crate) fn resolve_parsed(base: &Iri<'_>, r: &IriRef<'_>) -> String {
    let base = base.as_iri_ref();
    let (scheme, authority, path, query);
    if let Some(s) = r.scheme() {
        scheme = s;
        authority = r.authority();
        path = remove_dot_segments(r.path());
        query = r.query();
    } else {
        scheme = base.scheme().unwrap_or("");
        if r.authority().is_some() {
            authority = r.authority();
            path = remove_dot_segments(r.path());
            query = r.query();
        } else {
            authority = base.authority();
            if r.path().is_empty() {
                path = base.path().to_owned();
                query = r.query().or(base.query());
            } else {
                path = if r.path().starts_with('/') {
                    remove_dot_segments(r.path())
                } else {
                    remove_dot_segments(&merge(base, r.path()))
                };
                query = r.query();
            }
        }
    }
    // RFC 3986 §5.3 recomposition.
    let mut out = String::with_capacity(scheme.len() + path.len() + 16);
    out.push_str(scheme);
    out.push(':');
    if let Some(a) = authority {
        out.push_str("//");
        out.push_str(a);
    } else if path.starts_with("//") {
        // Keep the result parseable: a path starting with "//" without an
        // authority would read as one (RFC 3986 §5.2.4 note, errata 4005).
        out.push_str("/.");
    }
    out.push_str(&path);
    if let Some(q) = query {
        out.push('?');
        out.push_str(q);
    }
    if let Some(f) = r.fragment() {
        out.push('#');
        out.push_str(f);
    }
    out
}

/// Resolves the IRI reference `reference` against the absolute IRI `base`
/// (RFC 3986 §5.2, strict: a reference with a scheme is taken as is).
///
/// ```
/// let base = "http://a/b/c/d;p?q";
/// assert_eq!(iriscan::iri::resolve(base, "g;x?y#s")?, "http://a/b/c/g;x?y#s");
/// assert_eq!(iriscan::iri::resolve(base, "../../../g")?, "http://a/g");
/// assert_eq!(iriscan::iri::resolve("http://例え.jp/ディレクトリ/", "ファイル")?, "http://例え.jp/ディレクトリ/ファイル");
/// # Ok::<(), iriscan::ParseError>(())
/// ```
pub fn resolve(base: &str, reference: &str) -> Result<String, ParseError> {
    let base = Iri::parse(base)?;
    let r = IriRef::parse(reference)?;
    Ok(base.resolve(&r))
}
