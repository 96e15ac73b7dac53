//! One side's pits packed into an integer, one byte a pit, pit 0 lowest.
//!
//! The build's moves change a few pits of a side: empty one, add one to a
//! run, zero one on a capture. On a packed side each is an integer
//! operation in registers. On a byte array each is a store of single
//! bytes, and the next copy or wide read of the array has to wait for the
//! processor to retire those stores (store forwarding fails): that wait
//! was a large part of the build's time.

use super::sow::{BOARD_SLOTS, Board};
use crate::games::kalah::position::PIT_SLOTS;

/// A side's pits, pit `k` in byte `k`: up to 16 pits of at most 255 seeds,
/// and a side has at most [`PIT_SLOTS`] pits of at most 127 seeds.
pub(super) type Half = u128;

/// Bits of a byte.
const BYTE: u32 = 8;

/// `PREFIX_ONES[k]`: one seed in each of pits `0..k`.
static PREFIX_ONES: [Half; PIT_SLOTS + 1] = prefix_ones();

/// [`PREFIX_ONES`], at compile time.
const fn prefix_ones() -> [Half; PIT_SLOTS + 1] {
    let mut table = [0; PIT_SLOTS + 1];
    let mut k = 1;
    while k <= PIT_SLOTS {
        table[k] = table[k - 1] | (1 << (BYTE as usize * (k - 1)));
        k += 1;
    }
    table
}

/// The seeds in pit `pit`.
#[inline]
pub(super) fn seeds(half: Half, pit: usize) -> u8 {
    // Truncation keeps exactly the byte wanted.
    #[allow(clippy::cast_possible_truncation)]
    let byte = (half >> (BYTE as usize * pit)) as u8;
    byte
}

/// One seed in each of pits `from..to` (`from <= to <= PIT_SLOTS`).
#[inline]
pub(super) fn ones(from: usize, to: usize) -> Half {
    PREFIX_ONES[to] - PREFIX_ONES[from]
}

/// `half` with pit `pit` emptied.
#[inline]
pub(super) fn emptied(half: Half, pit: usize) -> Half {
    half & !(Half::from(u8::MAX) << (BYTE as usize * pit))
}

/// `seeds` seeds in pit `pit`, to subtract when they are picked up.
#[inline]
pub(super) fn in_pit(seeds: u8, pit: usize) -> Half {
    Half::from(seeds) << (BYTE as usize * pit)
}

/// The first `PITS` pits of `pits`, packed.
pub(super) fn pack<const PITS: usize>(pits: &[u8]) -> Half {
    (0..PITS).fold(0, |half, pit| half | in_pit(pits[pit], pit))
}

/// The board with the side to move's pits `own` and the other side's
/// `theirs`, for the sowing of [`super::sow`].
pub(super) fn board<const PITS: usize>(own: Half, theirs: Half) -> Board {
    let mut board = [0; BOARD_SLOTS];
    for pit in 0..PITS {
        board[pit] = seeds(own, pit);
        board[PITS + pit] = seeds(theirs, pit);
    }
    board
}

/// The seeds of a side (at most 255, as in any position).
#[inline]
pub(super) fn total<const PITS: usize>(half: Half) -> u32 {
    (0..PITS).map(|pit| u32::from(seeds(half, pit))).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pits_pack_and_change() {
        let half = pack::<6>(&[3, 0, 2, 1, 0, 4]);
        assert_eq!(
            (0..6).map(|pit| seeds(half, pit)).collect::<Vec<_>>(),
            [3, 0, 2, 1, 0, 4]
        );
        assert_eq!(total::<6>(half), 10);
        let sown = half - in_pit(2, 2) + ones(3, 5);
        assert_eq!(board::<6>(sown, 0)[..6], [3, 0, 0, 2, 1, 4]);
        assert_eq!(board::<6>(emptied(half, 5), 0)[..6], [3, 0, 2, 1, 0, 0]);
        assert_eq!(ones(0, PIT_SLOTS), pack::<PIT_SLOTS>(&[1; PIT_SLOTS]));
    }
}
