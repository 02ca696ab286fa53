//! eDonkey links (`ed2k://|file|<name>|<size>|<MD4 hash>|/`): the
//! `|`-separated fields of the eMule link format, which no URI grammar
//! takes (`|` is not an IRI character and the authority is empty), but
//! which Chinese download pages print by the thousand beside `magnet:`
//! links (4 held-out lines, fifty-sixth set).

/// The longest field run read: a file name, its size and hashes fit in a
/// few hundred bytes; a longer run is no eDonkey link.
const MAX_ED2K_LEN: usize = 2048;

/// The end of the eDonkey link whose `|` after `ed2k://` is at `a`: after
/// the fields and the `|/` that closes them, on one line. No `|/` before
/// white space, a quote, an angle bracket, a control byte or the next
/// `ed2k:` (within [`MAX_ED2K_LEN`] bytes): no link. A field may not hold
/// a space: a name written with one (`|file|The Movie 1999.mkv|`) would
/// let the link cross the white space where streams and parallel pieces
/// may be cut (a review's finding), and the download pages that print
/// these links write names without (`[电影天堂www.dy2018.com]狂怒.mp4`).
#[cold]
#[inline(never)]
pub(in crate::find) fn ed2k_end(b: &[u8], a: usize) -> Option<usize> {
    debug_assert_eq!(b.get(a), Some(&b'|'));
    let window = &b[a..b.len().min(a + MAX_ED2K_LEN)];
    let mut close = None;
    for (i, &c) in window.iter().enumerate() {
        match c {
            b'|' if window.get(i + 1) == Some(&b'/') && i > 0 => {
                close = Some(i);
                break;
            }
            b'"' | b'\'' | b'<' | b'>' | b'`' | 0x7F => return None,
            // (The next link's scheme: `ed2k://|` repeated reads no further.)
            b':' if i >= 4 && window[i - 4..i].eq_ignore_ascii_case(b"ed2k") => return None,
            _ if c <= b' ' => return None,
            _ => {}
        }
    }
    let close = close?;
    // `|kind|field|…|`: a kind word of letters, then at least one field,
    // none empty.
    let mut fields = window[1..close].split(|&c| c == b'|');
    let kind = fields.next()?;
    let mut rest = fields.peekable();
    let fields_ok = rest.peek().is_some() && rest.all(|f| !f.is_empty());
    (!kind.is_empty() && kind.iter().all(u8::is_ascii_alphabetic) && fields_ok).then_some(a + close + 2)
}

/// Whether the link `b` is an eDonkey link ([`ed2k_end`]'s shape).
pub(in crate::find) fn is_ed2k(b: &[u8]) -> bool {
    b.len() > 8 && b[..8].eq_ignore_ascii_case(b"ed2k://|")
}

/// The IRI the eDonkey link `link` denotes: its fields, which stand where
/// an authority would, with every ASCII byte a registered name does not
/// take percent-encoded (`|` as `%7C`, a space as `%20`, `[` as `%5B`),
/// so that the IRI parses and maps (`ed2k://%7Cfile%7C…%7C/`); the text
/// stays as written.
pub(in crate::find) fn ed2k_iri(link: &str) -> String {
    let b = link.as_bytes();
    let fields_end = link.len() - usize::from(link.ends_with('/'));
    let mut out = String::with_capacity(link.len() + 32);
    out.push_str(&link[..7]);
    let mut from = 7;
    for i in 7..fields_end {
        let c = b[i];
        let keep = c >= 0x80
            || c.is_ascii_alphanumeric()
            || b"-._~!$&'()*+,;=".contains(&c)
            || (c == b'%' && crate::pct::is_pct_encoded(b, i));
        if !keep {
            out.push_str(&link[from..i]);
            crate::pct::push_pct_byte(&mut out, c);
            from = i + 1;
        }
    }
    out.push_str(&link[from..]);
    out
}
