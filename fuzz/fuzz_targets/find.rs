//! Links lie inside the input, on character boundaries, in increasing
//! order, never overlapping, and each link's IRI parses — in both modes,
//! on arbitrary bytes.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut finder = iriscan::Finder::new();
    for strict in [false, true] {
        finder.strict_uts58(strict);
        let mut prev_end = 0;
        for link in finder.links_bytes(data) {
            assert!(link.start() >= prev_end, "overlap at {}", link.start());
            assert!(link.start() < link.end() && link.end() <= data.len());
            assert_eq!(&data[link.start()..link.end()], link.as_str().as_bytes());
            if !strict {
                let iri = link.iri();
                assert!(iriscan::Iri::parse(&iri).is_ok(), "iri() {iri:?} of {:?} does not parse", link.as_str());
                let _ = link.to_uri();
            }
            prev_end = link.end();
        }
    }
    // links_bytes finds exactly what links() finds in each valid UTF-8 run
    // (split where std reports an invalid sequence): its run skipping may
    // jump over binary, never over a link.
    let mut reference = Vec::new();
    let (mut rest, mut base) = (data, 0);
    loop {
        let (valid, skip) = match std::str::from_utf8(rest) {
            Ok(s) => (s, rest.len()),
            Err(e) => (
                std::str::from_utf8(&rest[..e.valid_up_to()]).unwrap(),
                e.valid_up_to() + e.error_len().unwrap_or(rest.len() - e.valid_up_to()),
            ),
        };
        reference.extend(finder.links(valid).map(|l| (base + l.start(), base + l.end())));
        if skip >= rest.len() {
            break;
        }
        base += skip;
        rest = &rest[skip..];
    }
    let b: Vec<_> = finder.links_bytes(data).map(|l| (l.start(), l.end())).collect();
    assert_eq!(reference, b);
});
