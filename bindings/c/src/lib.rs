//! The C ABI of iriscan: `libiriscan.so` / `libiriscan.a` with the
//! declarations of `include/iriscan.h` (written by hand; `src/tests.rs`
//! checks that every function declared there is defined here with the same
//! signature, and `tests/run.sh` compiles a C program using every
//! declaration against the library under AddressSanitizer).
//!
//! Rules every entry point keeps:
//! - no panic crosses the boundary: each body runs in `catch_unwind`, and a
//!   panic becomes the documented error value (`-1` or `NULL`);
//! - a NULL pointer argument is an error value, never a dereference;
//! - input is bytes with a length (no NUL terminator needed); invalid UTF-8
//!   is a link boundary for `iriscan_find` and an error for the mappings;
//! - strings returned are NUL-terminated, owned by the caller, and freed
//!   with `iriscan_free` (they come from Rust's allocator, not malloc).

mod engine;
#[cfg(test)]
mod tests;

use std::ffi::{c_char, c_int, c_long, c_uint, c_void, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// An opaque finder (`iriscan_finder` in C): built once, used from any
/// number of threads at once (`iriscan_find` only reads it).
pub struct IriscanFinder(engine::CoreFinder);

/// One link, as `iriscan_find` reports it (`iriscan_link` in C).
#[repr(C)]
pub struct IriscanLink {
    /// Byte offset of the link's first byte in the text.
    pub start: usize,
    /// Byte offset just past its last byte.
    pub end: usize,
    /// 1 IRI, 2 email, 3 domain (`IRISCAN_KIND_*`).
    pub kind: c_int,
}

/// The callback type of `iriscan_find`: non-zero stops the scan.
pub type IriscanCallback = Option<unsafe extern "C" fn(ctx: *mut c_void, link: *const IriscanLink) -> c_int>;

/// The bytes `ptr[..len]`, or `None` for a NULL pointer. A NULL pointer with
/// length 0 is still NULL: the header promises an error for NULL text.
///
/// # Safety
/// `ptr` must be NULL or point to `len` readable bytes that stay unchanged
/// during the call.
unsafe fn bytes<'a>(ptr: *const c_char, len: usize) -> Option<&'a [u8]> {
    if ptr.is_null() {
        None
    } else {
        // SAFETY: non-NULL, and the caller guarantees `len` readable bytes.
        Some(unsafe { std::slice::from_raw_parts(ptr.cast::<u8>(), len) })
    }
}

/// A Rust string as a C string owned by the caller (NULL if it holds NUL,
/// which no IRI or URI does).
fn into_c(s: String) -> *mut c_char {
    CString::new(s).map_or(std::ptr::null_mut(), CString::into_raw)
}

/// Maps `iri[..len]` with `map` and returns it as a C string, NULL on a
/// NULL pointer, invalid UTF-8, a mapping failure or a panic.
///
/// # Safety
/// As for [`bytes`].
unsafe fn map_c(text: *const c_char, len: usize, map: fn(&str) -> Option<String>) -> *mut c_char {
    catch_unwind(|| {
        // SAFETY: forwarded from the caller.
        let b = unsafe { bytes(text, len) }?;
        let s = std::str::from_utf8(b).ok()?;
        map(s).map(into_c)
    })
    .ok()
    .flatten()
    .unwrap_or(std::ptr::null_mut())
}

/// A finder for all three kinds in the default mode. Free it with
/// `iriscan_finder_free`. NULL only if allocation panicked.
#[no_mangle]
pub extern "C" fn iriscan_finder_new() -> *mut IriscanFinder {
    catch_unwind(|| Box::into_raw(Box::new(IriscanFinder(engine::finder())))).unwrap_or(std::ptr::null_mut())
}

/// A finder for the kinds in `kinds` (`IRISCAN_FIND_IRI | IRISCAN_FIND_EMAIL
/// | IRISCAN_FIND_DOMAIN`); `strict_uts58` non-zero ends links exactly as
/// UTS #58 says. NULL if `kinds` has bits beyond those three.
#[no_mangle]
pub extern "C" fn iriscan_finder_new_with(kinds: c_uint, strict_uts58: c_int) -> *mut IriscanFinder {
    if kinds & !7 != 0 {
        return std::ptr::null_mut();
    }
    catch_unwind(|| Box::into_raw(Box::new(IriscanFinder(engine::finder_with(kinds, strict_uts58 != 0)))))
        .unwrap_or(std::ptr::null_mut())
}

/// Frees a finder from `iriscan_finder_new*`; NULL is ignored.
///
/// # Safety
/// `f` must be NULL or a finder from `iriscan_finder_new*` not yet freed.
#[no_mangle]
pub unsafe extern "C" fn iriscan_finder_free(f: *mut IriscanFinder) {
    if !f.is_null() {
        // Dropping a finder frees a few vectors; a panic there is caught so
        // that it never unwinds into C.
        let _ = catch_unwind(AssertUnwindSafe(|| {
            // SAFETY: from `Box::into_raw` in `iriscan_finder_new*`, freed once.
            drop(unsafe { Box::from_raw(f) });
        }));
    }
}

/// Calls `cb(ctx, &link)` for each link of `text[..len]` in order, stopping
/// after a call that returns non-zero. Returns the number of links
/// reported (including the one that stopped the scan), or -1 on a NULL
/// finder, text or callback, or if the scan panicked.
///
/// # Safety
/// `f` must be a live finder; `text` must point to `len` readable bytes;
/// `cb` must be safe to call with `ctx` and a pointer to an `iriscan_link`
/// that is valid only during the call.
#[no_mangle]
pub unsafe extern "C" fn iriscan_find(
    f: *const IriscanFinder,
    text: *const c_char,
    len: usize,
    cb: IriscanCallback,
    ctx: *mut c_void,
) -> c_long {
    if f.is_null() {
        return -1;
    }
    // SAFETY: the caller guarantees `text[..len]`.
    let (Some(data), Some(cb)) = (unsafe { bytes(text, len) }, cb) else {
        return -1;
    };
    // SAFETY: non-NULL and live, as the caller guarantees.
    let finder = unsafe { &(*f).0 };
    // AssertUnwindSafe: after a panic nothing here is used again.
    let found = catch_unwind(AssertUnwindSafe(|| {
        engine::find(finder, data, |start, end, kind| {
            let link = IriscanLink { start, end, kind };
            // SAFETY: the caller guarantees `cb` accepts `ctx`; `link` lives
            // across the call.
            unsafe { cb(ctx, &link) == 0 }
        })
    }));
    match found {
        Ok(n) => c_long::try_from(n).unwrap_or(c_long::MAX),
        Err(_) => -1,
    }
}

/// The URI (RFC 3987 §3.1) of the IRI `iri[..len]`, NUL-terminated, to be
/// freed with `iriscan_free`; NULL on NULL input, invalid UTF-8, or input
/// that is not an IRI reference (or whose host IDNA rejects).
///
/// # Safety
/// `iri` must be NULL or point to `len` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn iriscan_to_uri(iri: *const c_char, len: usize) -> *mut c_char {
    // SAFETY: forwarded from the caller.
    unsafe { map_c(iri, len, engine::to_uri) }
}

/// The IRI to show for the URI `uri[..len]` (RFC 3987 §3.2: strict UTF-8
/// percent-decoding, `xn--` labels to Unicode, bidi controls kept encoded),
/// to be freed with `iriscan_free`; NULL on NULL input or invalid UTF-8.
///
/// # Safety
/// `uri` must be NULL or point to `len` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn iriscan_to_iri(uri: *const c_char, len: usize) -> *mut c_char {
    // SAFETY: forwarded from the caller.
    unsafe { map_c(uri, len, |s| Some(engine::to_iri(s))) }
}

/// Frees a string returned by this library; NULL is ignored.
///
/// # Safety
/// `s` must be NULL or a string from `iriscan_to_uri`/`iriscan_to_iri` not
/// yet freed.
#[no_mangle]
pub unsafe extern "C" fn iriscan_free(s: *mut c_char) {
    if !s.is_null() {
        // SAFETY: from `CString::into_raw` in `into_c`, freed once.
        drop(unsafe { CString::from_raw(s) });
    }
}
