//! The header matches the code, and each entry point keeps its rules.

use super::*;
use std::ffi::{c_uint, CStr};

const HEADER: &str = include_str!("../include/iriscan.h");

/// Every function of the header, with the Rust type its C prototype means
/// (`long` → `c_long`, `size_t` → `usize`, `unsigned int` → `c_uint`). A
/// signature change on either side fails to compile here or fails
/// `every_header_function_is_defined_with_its_signature`.
fn exported() -> Vec<(&'static str, usize)> {
    let finder_new: extern "C" fn() -> *mut IriscanFinder = iriscan_finder_new;
    let finder_new_with: extern "C" fn(c_uint, c_int) -> *mut IriscanFinder = iriscan_finder_new_with;
    let finder_free: unsafe extern "C" fn(*mut IriscanFinder) = iriscan_finder_free;
    let find: unsafe extern "C" fn(*const IriscanFinder, *const c_char, usize, IriscanCallback, *mut c_void) -> c_long =
        iriscan_find;
    let to_uri: unsafe extern "C" fn(*const c_char, usize) -> *mut c_char = iriscan_to_uri;
    let to_iri: unsafe extern "C" fn(*const c_char, usize) -> *mut c_char = iriscan_to_iri;
    let free: unsafe extern "C" fn(*mut c_char) = iriscan_free;
    vec![
        ("iriscan_finder_new", finder_new as usize),
        ("iriscan_finder_new_with", finder_new_with as usize),
        ("iriscan_finder_free", finder_free as usize),
        ("iriscan_find", find as usize),
        ("iriscan_to_uri", to_uri as usize),
        ("iriscan_to_iri", to_iri as usize),
        ("iriscan_free", free as usize),
    ]
}

/// The prototype of `name` in the header, whitespace collapsed.
fn prototype(name: &str) -> Option<String> {
    let flat = HEADER.split_whitespace().collect::<Vec<_>>().join(" ");
    let call = format!("{name}(");
    let at = flat
        .match_indices(&call)
        .map(|(i, _)| i)
        .find(|&i| matches!(flat.as_bytes().get(i.wrapping_sub(1)), Some(b' ' | b'*')))?;
    let start = flat[..at].rfind([';', '/', '}']).map_or(0, |i| i + 1);
    let end = at + flat[at..].find(';')?;
    Some(flat[start..end].trim().to_owned())
}

#[test]
fn every_header_function_is_defined_with_its_signature() {
    let expected = [
        "iriscan_finder *iriscan_finder_new(void)",
        "iriscan_finder *iriscan_finder_new_with(unsigned int kinds, int strict_uts58)",
        "void iriscan_finder_free(iriscan_finder *f)",
        "long iriscan_find(const iriscan_finder *f, const char *text, size_t len, iriscan_callback cb, void *ctx)",
        "char *iriscan_to_uri(const char *iri, size_t len)",
        "char *iriscan_to_iri(const char *uri, size_t len)",
        "void iriscan_free(char *s)",
    ];
    let names = exported();
    assert_eq!(names.len(), expected.len());
    for ((name, addr), proto) in names.iter().zip(expected) {
        assert_ne!(*addr, 0);
        assert_eq!(prototype(name).as_deref(), Some(proto), "{name}");
    }
    // And the header declares no other function: every line that starts
    // a prototype (a return type, then an `iriscan_` name) is one of them.
    let protos = HEADER
        .lines()
        .filter(|l| {
            ["iriscan_finder *", "void ", "long ", "char *", "int "]
                .iter()
                .any(|t| l.starts_with(t))
        })
        .filter(|l| l.contains(" iriscan_") || l.contains("*iriscan_"))
        .count();
    assert_eq!(protos, names.len());
}

#[test]
fn header_kind_numbers_are_the_codes() {
    for (name, value) in [
        ("IRISCAN_KIND_IRI", engine::KIND_IRI),
        ("IRISCAN_KIND_EMAIL", engine::KIND_EMAIL),
        ("IRISCAN_KIND_DOMAIN", engine::KIND_DOMAIN),
        ("IRISCAN_KIND_OTHER", engine::KIND_OTHER),
    ] {
        assert!(HEADER.contains(&format!("#define {name} {value} ")), "{name}");
    }
    for (name, bit) in [
        ("IRISCAN_FIND_IRI", engine::KIND_IRI),
        ("IRISCAN_FIND_EMAIL", engine::KIND_EMAIL),
        ("IRISCAN_FIND_DOMAIN", engine::KIND_DOMAIN),
    ] {
        assert!(
            HEADER.contains(&format!("#define {name} {}u", 1 << (bit - 1))),
            "{name}"
        );
    }
}

unsafe extern "C" fn collect(ctx: *mut c_void, link: *const IriscanLink) -> c_int {
    // SAFETY: the tests pass a `Vec<(usize, usize, c_int)>` as ctx.
    let out = unsafe { &mut *ctx.cast::<Vec<(usize, usize, c_int)>>() };
    let l = unsafe { &*link };
    out.push((l.start, l.end, l.kind));
    0
}

unsafe extern "C" fn stop_at_first(ctx: *mut c_void, link: *const IriscanLink) -> c_int {
    // SAFETY: as in `collect`.
    unsafe { collect(ctx, link) };
    1
}

fn find_all(f: *const IriscanFinder, text: &[u8]) -> (c_long, Vec<(usize, usize, c_int)>) {
    let mut out: Vec<(usize, usize, c_int)> = Vec::new();
    let n = unsafe {
        iriscan_find(
            f,
            text.as_ptr().cast(),
            text.len(),
            Some(collect),
            (&mut out as *mut Vec<_>).cast(),
        )
    };
    (n, out)
}

#[test]
fn find_reports_byte_offsets_and_kinds_in_order() {
    let f = iriscan_finder_new();
    let text = "see http://例え.jp/パス, a@b.org and www.example.com".as_bytes();
    let (n, links) = find_all(f, text);
    assert_eq!(n, 3);
    assert_eq!(&text[links[0].0..links[0].1], "http://例え.jp/パス".as_bytes());
    let kinds: Vec<_> = links.iter().map(|l| l.2).collect();
    assert_eq!(kinds, [engine::KIND_IRI, engine::KIND_EMAIL, engine::KIND_DOMAIN]);
    unsafe { iriscan_finder_free(f) };
}

#[test]
fn find_stops_when_the_callback_returns_non_zero() {
    let f = iriscan_finder_new();
    let text = b"a.com b.com c.com";
    let mut out: Vec<(usize, usize, c_int)> = Vec::new();
    let n = unsafe {
        iriscan_find(
            f,
            text.as_ptr().cast(),
            text.len(),
            Some(stop_at_first),
            (&mut out as *mut Vec<_>).cast(),
        )
    };
    assert_eq!((n, out.len()), (1, 1));
    unsafe { iriscan_finder_free(f) };
}

#[test]
fn find_treats_invalid_utf8_as_a_boundary() {
    let f = iriscan_finder_new();
    let (n, links) = find_all(f, b"http://a.com/x\xFFy http://b.org");
    assert_eq!(n, 2);
    assert_eq!(links[0], (0, 14, engine::KIND_IRI));
    unsafe { iriscan_finder_free(f) };
}

#[test]
fn null_arguments_are_error_values() {
    let f = iriscan_finder_new();
    let text = b"x.org";
    unsafe {
        assert_eq!(
            iriscan_find(
                std::ptr::null(),
                text.as_ptr().cast(),
                5,
                Some(collect),
                std::ptr::null_mut()
            ),
            -1
        );
        assert_eq!(
            iriscan_find(f, std::ptr::null(), 0, Some(collect), std::ptr::null_mut()),
            -1
        );
        assert_eq!(iriscan_find(f, text.as_ptr().cast(), 5, None, std::ptr::null_mut()), -1);
        assert!(iriscan_to_uri(std::ptr::null(), 3).is_null());
        assert!(iriscan_to_iri(std::ptr::null(), 3).is_null());
        iriscan_free(std::ptr::null_mut());
        iriscan_finder_free(std::ptr::null_mut());
        iriscan_finder_free(f);
    }
}

#[test]
fn finder_new_with_selects_kinds_and_rejects_unknown_bits() {
    let f = iriscan_finder_new_with(2, 0);
    let (n, links) = find_all(f, b"a@b.org www.example.com http://x.org");
    assert_eq!((n, links[0].2), (1, engine::KIND_EMAIL));
    unsafe { iriscan_finder_free(f) };
    assert!(iriscan_finder_new_with(8, 0).is_null());
}

fn c_string(p: *mut c_char) -> Option<String> {
    if p.is_null() {
        return None;
    }
    let s = unsafe { CStr::from_ptr(p) }.to_str().unwrap().to_owned();
    unsafe { iriscan_free(p) };
    Some(s)
}

#[test]
fn to_uri_maps_and_returns_null_for_non_iris() {
    let iri = "https://пример.рф/путь";
    let uri = c_string(unsafe { iriscan_to_uri(iri.as_ptr().cast(), iri.len()) });
    assert_eq!(
        uri.as_deref(),
        Some("https://xn--e1afmkfd.xn--p1ai/%D0%BF%D1%83%D1%82%D1%8C")
    );
    let bad = "http://a b";
    assert_eq!(
        c_string(unsafe { iriscan_to_uri(bad.as_ptr().cast(), bad.len()) }),
        None
    );
    let invalid = b"http://a/\xFF";
    assert_eq!(
        c_string(unsafe { iriscan_to_uri(invalid.as_ptr().cast(), invalid.len()) }),
        None
    );
}

#[test]
fn to_iri_decodes_for_display() {
    let uri = "https://xn--e1afmkfd.xn--p1ai/%D0%BF";
    let iri = c_string(unsafe { iriscan_to_iri(uri.as_ptr().cast(), uri.len()) });
    assert_eq!(iri.as_deref(), Some("https://пример.рф/п"));
}
