//! One side's pits packed into a `u128`, a byte a pit, pit 0 lowest, and
//! a sowing on two such sides.
//!
//! The solver (`solve/board.rs`) and the database build
//! (`endgame/build.rs`) both make a child for every move of every
//! position they visit, so making a child is their inner loop. Playing on
//! a byte array writes single bytes, and the next copy, key or ranking of
//! the array reads it in wider pieces and has to wait for the processor to
//! retire those stores (store forwarding fails): that wait was a large
//! part of both their times. On a packed side each change a move makes
//! (empty a pit, add one to a run of pits, zero two pits on a capture) is
//! an integer operation in registers. Both use the same primitives, and
//! the same sowing, from here; the tests check the sowing against
//! [`Kalah::sow`](ply_rules::games::kalah::Kalah).

/// One side's pits, pit `k` in byte `k`: room for 16 pits, a side has at
/// most [`PIT_SLOTS`], and a pit at most 255
/// seeds (no byte overflows, since a board holds at most 255 seeds in
/// all). Pits past the pit count are empty.
pub(super) type Half = u128;

use ply_rules::games::kalah::position::PIT_SLOTS;

/// Bits of a byte.
pub(super) const BYTE: u32 = 8;

/// A seed in each of the 16 bytes of a [`Half`].
const ALL_ONES: Half = Half::MAX / 0xFF;

/// A seed in each byte of a `u64`, to add up its bytes by multiplying.
const WORD_ONES: u64 = u64::MAX / 0xFF;

/// One seed in each of pits `0..k` (`k <= PIT_SLOTS < 16`).
#[inline]
pub(super) fn prefix_ones(k: usize) -> Half {
    ALL_ONES & ((1 << (BYTE as usize * k)) - 1)
}

/// `PREFIX_ONES[k]`: one seed in each of pits `0..k`, for [`ones`].
static PREFIX_ONES: [Half; PIT_SLOTS + 1] = {
    let mut table = [0; PIT_SLOTS + 1];
    let mut k = 1;
    while k <= PIT_SLOTS {
        table[k] = table[k - 1] | (1 << (BYTE as usize * (k - 1)));
        k += 1;
    }
    table
};

/// One seed in each of pits `from..to` (`from <= to <= PIT_SLOTS`).
///
/// From a table rather than from two [`prefix_ones`]: the database build,
/// which adds a run in most of its moves, took about 4 % longer with the
/// shifts (the solver's time did not change measurably either way).
#[inline]
pub(super) fn ones(from: usize, to: usize) -> Half {
    PREFIX_ONES[to] - PREFIX_ONES[from]
}

/// The seeds in pit `pit`.
#[inline]
pub(super) fn seeds(half: Half, pit: usize) -> u8 {
    // Truncation keeps exactly the byte wanted.
    #[allow(clippy::cast_possible_truncation)]
    let byte = (half >> (BYTE as usize * pit)) as u8;
    byte
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

/// All seeds of `half`, which holds at most 255 (any board does).
#[inline]
pub(super) fn total(half: Half) -> u32 {
    // The two words' bytes add without carries (the sum is a side's
    // seeds per pit pair, at most 255), then a multiplication sums the
    // bytes into the top one. Truncations keep the words wanted.
    #[allow(clippy::cast_possible_truncation)]
    let folded = (half as u64).wrapping_add((half >> 64) as u64);
    // The top byte is the sum of all bytes.
    u32::try_from(folded.wrapping_mul(WORD_ONES) >> 56).unwrap_or(u32::MAX)
}

/// One move sown by [`sow`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Sown {
    /// The mover's pits after the move (0 once the game is over).
    pub(super) mine: Half,
    /// The opponent's pits after the move (0 once the game is over).
    pub(super) theirs: Half,
    /// The mover's store gain minus the opponent's (the sweep included).
    pub(super) gain: i32,
    /// The mover moves again (the last seed fell into its store).
    pub(super) same_side: bool,
}

impl Sown {
    /// The game is over: a side was emptied and both sides swept.
    #[inline]
    pub(super) fn is_over(&self) -> bool {
        self.mine == 0 && self.theirs == 0
    }
}

/// Sows the mover's pit `pit`, which must hold seeds, on a board of `len`
/// pits a side (the mover's `mine`, the opponent's `theirs`, stores
/// apart), with [`Kalah::sow`](ply_rules::games::kalah::Kalah)'s rules: laps past the
/// origin on small boards (never into the opponent's store), capture
/// (also opposite an empty pit with `empty_capture`), extra turn, and the
/// sweep once a side is empty. The sides are not swapped: the mover's
/// stay in [`Sown::mine`] whoever moves next.
#[inline]
pub(super) fn sow(mine: Half, theirs: Half, pit: usize, len: usize, empty_capture: bool) -> Sown {
    let ring = 2 * len + 1;
    let (mut mine, mut theirs) = (mine, theirs);
    // The mover's store gain and the opponent's (the sweep only).
    let mut store = 0u32;

    // 1. Pick the seeds up; full laps put one in every hole of the
    //    ring, the origin included.
    let picked = usize::from(seeds(mine, pit));
    debug_assert!(picked > 0, "sowing an empty pit");
    mine = emptied(mine, pit);
    let remainder = if picked < ring {
        picked
    } else {
        let laps = picked / ring;
        let lap = prefix_ones(len) * laps as Half;
        mine += lap;
        theirs += lap;
        store += u32::try_from(laps).unwrap_or(0);
        picked % ring
    };

    // 2. The rest, one a hole after the origin: own pits, own store,
    //    the opponent's pits, own pits from pit 0 (never the origin).
    let mut rest = remainder;
    let own_after = rest.min(len - 1 - pit);
    mine += ones(pit + 1, pit + 1 + own_after);
    rest -= own_after;
    if rest > 0 {
        store += 1;
        rest -= 1;
    }
    let across = rest.min(len);
    theirs += prefix_ones(across);
    mine += prefix_ones(rest - across);

    // 3. Where the last seed fell on the ring (own pits 0..len, the
    //    store at len, the opponent's pits after it): a capture when it
    //    made an own pit hold one and the opposite pit holds seeds (or
    //    empty captures count).
    let last = match pit + remainder {
        wrapped if wrapped >= ring => wrapped - ring,
        last => last,
    };
    let same_side = last == len;
    if last < len && seeds(mine, last) == 1 {
        let opposite = len - 1 - last;
        let taken = seeds(theirs, opposite);
        if taken > 0 || empty_capture {
            mine = emptied(mine, last);
            theirs = emptied(theirs, opposite);
            store += u32::from(taken) + 1;
        }
    }

    // 4. The sweep: a side is empty, each sweeps its own pits.
    let mut their_store = 0;
    if mine == 0 || theirs == 0 {
        store += total(mine);
        their_store = total(theirs);
        (mine, theirs) = (0, 0);
    }

    let gain = i32::try_from(store).unwrap_or(0) - i32::try_from(their_store).unwrap_or(0);
    Sown {
        mine,
        theirs,
        gain,
        same_side,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_rules::game::Player;
    use ply_rules::games::kalah::Kalah;
    use proptest::prelude::*;

    #[test]
    fn pits_pack_and_change() {
        let half = pack::<6>(&[3, 0, 2, 1, 0, 4]);
        let pits = |half| (0..6).map(|pit| seeds(half, pit)).collect::<Vec<_>>();
        assert_eq!(pits(half), [3, 0, 2, 1, 0, 4]);
        assert_eq!(total(half), 10);
        let sown = half - in_pit(2, 2) + ones(3, 5);
        assert_eq!(pits(sown), [3, 0, 0, 2, 1, 4]);
        assert_eq!(pits(emptied(half, 5)), [3, 0, 2, 1, 0, 0]);
        assert_eq!(ones(0, PIT_SLOTS), pack::<PIT_SLOTS>(&[1; PIT_SLOTS]));
        assert_eq!(ones(2, 5), pack::<6>(&[0, 0, 1, 1, 1, 0]));
        for k in 0..=PIT_SLOTS {
            assert_eq!(ones(0, k), prefix_ones(k));
        }
    }

    /// The engine's sowing of `board`'s pit `pit` (the mover's `pits` pits
    /// first, then the opponent's), as a [`Sown`].
    fn by_the_engine(board: &[u8], pits: usize, pit: usize, empty_capture: bool) -> Sown {
        let mut first = [0; PIT_SLOTS];
        let mut second = [0; PIT_SLOTS];
        first[..pits].copy_from_slice(&board[..pits]);
        second[..pits].copy_from_slice(&board[pits..2 * pits]);
        let mut position = Kalah {
            pits: [first, second],
            stores: [0; 2],
            pit_count: u8::try_from(pits).unwrap(),
            side: Player::One,
            empty_capture,
        };
        position.sow(pit);
        Sown {
            mine: pack::<PIT_SLOTS>(&position.pits[0]),
            theirs: pack::<PIT_SLOTS>(&position.pits[1]),
            gain: i32::from(position.stores[0]) - i32::from(position.stores[1]),
            same_side: position.side == Player::One,
        }
    }

    proptest! {
        #[test]
        fn sowing_agrees_with_the_engine(
            pits in 1usize..=PIT_SLOTS,
            seeds in prop::collection::vec(0u8..=9, 2 * PIT_SLOTS),
            big in 0u8..=60,
            pit in 0usize..PIT_SLOTS,
            empty_capture: bool,
        ) {
            let pit = pit % pits;
            let mut board = seeds[..2 * pits].to_vec();
            // Sometimes a pit of several laps.
            board[pit] = board[pit].max(1) + if big > 30 { big } else { 0 };
            let (mine, theirs) = board.split_at(pits);
            let (mine, theirs) = (pack::<PIT_SLOTS>(&pad(mine)), pack::<PIT_SLOTS>(&pad(theirs)));
            let sown = sow(mine, theirs, pit, pits, empty_capture);
            let engine = by_the_engine(&board, pits, pit, empty_capture);
            prop_assert_eq!(sown, engine);
            prop_assert_eq!(sown.is_over(), sown.mine == 0 || sown.theirs == 0);
        }
    }

    /// `pits` followed by empty pits, [`PIT_SLOTS`] in all.
    fn pad(pits: &[u8]) -> [u8; PIT_SLOTS] {
        let mut padded = [0; PIT_SLOTS];
        padded[..pits.len()].copy_from_slice(pits);
        padded
    }
}
