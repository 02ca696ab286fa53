//! IRI → URI is idempotent, yields ASCII that parses, and URI → IRI
//! round-trips; none of the mappings panics.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else { return };
    let _ = iriscan::to_iri(s);
    let _ = iriscan::leiri_to_iri(s);
    let _ = iriscan::normalize(s);
    let _ = iriscan::resolve("http://a/b/c/d;p?q", s);
    if let Ok(uri) = iriscan::to_uri(s) {
        assert!(uri.is_ascii(), "to_uri({s:?}) = {uri:?} is not ASCII");
        assert!(iriscan::IriRef::parse(&uri).is_ok(), "to_uri({s:?}) = {uri:?} does not parse");
        let again = iriscan::to_uri(&uri).expect("a URI maps to itself");
        assert_eq!(again, uri, "to_uri is not idempotent on {s:?}");
        let back = iriscan::to_iri(&uri);
        assert!(iriscan::IriRef::parse(&back).is_ok(), "to_iri({uri:?}) = {back:?} does not parse");
        // Mapping the display form again gives an equivalent URI, except
        // where IDNA normalizes a DNS host (case, width, xn-- labels).
        if let Ok(uri2) = iriscan::to_uri(&back) {
            let lower = uri.to_ascii_lowercase();
            if !lower.contains("xn--") && !uri2.to_ascii_lowercase().contains("xn--") {
                assert!(
                    iriscan::equivalent(&uri, &uri2),
                    "to_uri(to_iri(u)) != u: {uri:?} -> {back:?} -> {uri2:?}"
                );
            }
        }
    }
    if let Ok(n) = iriscan::normalize(s) {
        assert_eq!(iriscan::normalize(&n).as_deref(), Ok(n.as_str()), "normalize is not idempotent on {s:?}");
    }
});
