//! Streaming finds exactly the links that the in-memory finder finds, for
//! any read size (taken from the first input byte) and a small buffer, as
//! long as no forced cut was needed.
#![no_main]
use libfuzzer_sys::fuzz_target;
use std::io::Read;

/// A reader that returns at most `n` bytes per read.
struct Trickle<'a> {
    data: &'a [u8],
    n: usize,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let k = self.n.min(buf.len()).min(self.data.len());
        buf[..k].copy_from_slice(&self.data[..k]);
        self.data = &self.data[k..];
        Ok(k)
    }
}

fuzz_target!(|input: &[u8]| {
    let Some((&first, data)) = input.split_first() else { return };
    let mut finder = iriscan::Finder::new();
    finder.max_link_len(256);
    let want: Vec<(u64, u64, String)> =
        finder.links_bytes(data).map(|l| (l.start() as u64, l.end() as u64, l.as_str().to_owned())).collect();
    let mut sf = iriscan::stream::StreamFinder::new(finder);
    sf.read_size(1 + first as usize % 64).max_buffer(4096);
    let mut got = Vec::new();
    let stats = sf
        .for_each_link(Trickle { data, n: 1 + first as usize % 7 }, |l| {
            got.push((l.start, l.end, l.text));
            Ok(())
        })
        .expect("an in-memory reader does not fail");
    if stats.forced_cuts == 0 {
        assert_eq!(got, want, "streaming differs from in-memory");
    }
});
