//! The hand-written parser never panics and accepts exactly what the
//! regular-expression transcription of the RFC 3987 grammar accepts.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else { return };
    let by_parser = iriscan::IriRef::parse(s);
    assert_eq!(by_parser.is_ok(), iriscan::grammar::is_iri_reference(s), "IRI-reference disagreement on {s:?}");
    let abs = iriscan::Iri::parse(s);
    assert_eq!(abs.is_ok(), iriscan::grammar::is_iri(s), "IRI disagreement on {s:?}");
    if let Ok(r) = by_parser {
        // Components are slices of the input, in order.
        let rebuilt_len = r.scheme().map_or(0, |x| x.len() + 1)
            + r.authority().map_or(0, |x| x.len() + 2)
            + r.path().len()
            + r.query().map_or(0, |x| x.len() + 1)
            + r.fragment().map_or(0, |x| x.len() + 1);
        assert_eq!(rebuilt_len, s.len(), "components do not cover {s:?}");
    }
    if let Err(e) = abs {
        assert!(e.offset() <= s.len());
        let _ = e.to_string();
    }
});
