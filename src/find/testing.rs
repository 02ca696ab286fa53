//! Helpers shared by the finder's unit tests.

use super::Finder;

/// The next state of a xorshift generator: deterministic test inputs.
pub(crate) fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// Bytes of fewer than `most` pieces, each picked at random from `pieces`.
pub(crate) fn random_pieces(seed: &mut u64, pieces: &[&[u8]], most: u64) -> Vec<u8> {
    let n = xorshift(seed) % most;
    (0..n)
        .flat_map(|_| pieces[(xorshift(seed) % pieces.len() as u64) as usize].iter().copied())
        .collect()
}

/// `count` random texts of fewer than `most` of `pieces` each, from the
/// generator state `seed` (a deterministic series for each seed).
pub(crate) fn random_texts<'p>(
    mut seed: u64,
    pieces: &'p [&'p [u8]],
    most: u64,
    count: usize,
) -> impl Iterator<Item = Vec<u8>> + 'p {
    (0..count).map(move |_| random_pieces(&mut seed, pieces, most))
}

/// A floor (the end of an earlier link) `back` bytes before `at`, or 0
/// when that is inside a character.
pub(crate) fn floor_before(text: &str, at: usize, back: usize) -> usize {
    let floor = at.saturating_sub(back);
    if text.is_char_boundary(floor) {
        floor
    } else {
        0
    }
}

/// A finder without a link length cap, and one capped at `cap`.
pub(crate) fn uncapped_and_capped(cap: usize) -> [Finder; 2] {
    [usize::MAX, cap].map(|max| {
        let mut f = Finder::new();
        f.max_link_len(max);
        f
    })
}
