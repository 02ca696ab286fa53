//! Counts links in a file read as bytes (invalid UTF-8 allowed): a
//! development aid for profiling `links_bytes`.
#[inline(never)]
fn measure(bytes: &[u8]) -> usize {
    iriscan::Finder::new().links_bytes(bytes).count()
}

fn main() {
    let path = std::env::args().nth(1).expect("a file");
    let bytes = std::fs::read(path).expect("read");
    println!("{}", measure(&bytes));
}
