//! The solver's board: a position's pits packed into two integers, seen
//! from the side to move, with a sowing that works on them in registers.
//!
//! The search makes every child of every node, so making a child is its
//! inner loop. Playing on a copy of a whole [`Kalah`] writes the pits one
//! byte at a time; the key, the ranking and the next copy then read the
//! pits in wider pieces and wait for those byte stores to retire (store
//! forwarding fails). Here a side is one `u128` (pit `k` in byte `k`) and
//! a move is a handful of integer operations: empty a pit, add a run of
//! ones, zero two pits on a capture. The board is canonical (the side to
//! move's pits first) and its stores are cleared, as the search wants
//! them: a move reports its gain instead, and a move that passes the turn
//! swaps the halves. The tests check it against [`Kalah::sow`].

use super::super::position::{Kalah, PIT_SLOTS};
use crate::games::mancala::key;

/// One side's pits, pit `k` in byte `k`: room for 16 pits, a side has at
/// most [`PIT_SLOTS`], and a pit at most 255 seeds (no byte overflows,
/// since a board holds at most 255 seeds in all).
type Half = u128;

/// Bits of a byte.
const BYTE: u32 = 8;

/// A seed in each of the 16 bytes of a [`Half`].
const ALL_ONES: Half = Half::MAX / 0xFF;

/// A seed in each byte of a `u64`, to add up its bytes by multiplying.
const WORD_ONES: u64 = u64::MAX / 0xFF;

/// Where the opponent's pits start in the key's second word: the key
/// packs [`PIT_SLOTS`] bytes a side, so a side spans one and a half words.
const KEY_SPLIT: u32 = BYTE * PIT_SLOTS as u32 - 64;

/// One seed in each of pits `0..k` (`k <= PIT_SLOTS < 16`).
#[inline]
fn prefix_ones(k: usize) -> Half {
    ALL_ONES & ((1 << (BYTE as usize * k)) - 1)
}

/// One seed in each of pits `from..to` (`from <= to <= PIT_SLOTS`).
#[inline]
fn ones(from: usize, to: usize) -> Half {
    prefix_ones(to) ^ prefix_ones(from)
}

/// The seeds in pit `pit`.
#[inline]
fn seeds(half: Half, pit: usize) -> u8 {
    // Truncation keeps exactly the byte wanted.
    #[allow(clippy::cast_possible_truncation)]
    let byte = (half >> (BYTE as usize * pit)) as u8;
    byte
}

/// `half` with pit `pit` emptied.
#[inline]
fn emptied(half: Half, pit: usize) -> Half {
    half & !(Half::from(u8::MAX) << (BYTE as usize * pit))
}

/// All seeds of `half`, which holds at most 255 (any board does).
#[inline]
fn total(half: Half) -> u32 {
    // The two words' bytes add without carries (the sum is a side's
    // seeds per pit pair, at most 255), then a multiplication sums the
    // bytes into the top one. Truncations keep the words wanted.
    #[allow(clippy::cast_possible_truncation)]
    let folded = (half as u64).wrapping_add((half >> 64) as u64);
    // The top byte is the sum of all bytes.
    u32::try_from(folded.wrapping_mul(WORD_ONES) >> 56).unwrap_or(u32::MAX)
}

/// The pits of a position, stores cleared: the side to move's pits in
/// `mine`, the opponent's in `theirs`, each from that side's own left.
/// Pits past the pit count are empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    mine: Half,
    theirs: Half,
}

/// One move made on a [`Board`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sown {
    /// The child, canonical: when the turn passes, the halves are swapped.
    pub board: Board,
    /// The mover's store gain minus the opponent's (the sweep included).
    pub gain: i32,
    /// The mover moves again (the last seed fell into its store).
    pub same_side: bool,
}

/// What the search's boards share: the pit count and the capture rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Pits per side, `1..=PIT_SLOTS`.
    pub pits: usize,
    /// A last seed in an own empty pit captures even opposite an empty pit.
    pub empty_capture: bool,
}

impl Rules {
    /// The rules `position` is played by.
    #[must_use]
    pub fn of(position: &Kalah) -> Self {
        Self {
            pits: position.len(),
            empty_capture: position.empty_capture,
        }
    }

    /// The last word of a key: the pit count and the capture rule, as
    /// [`super::exact::solver_key`] packs them after the pits.
    #[inline]
    fn key_word(self) -> u64 {
        self.pits as u64 | u64::from(self.empty_capture) << BYTE
    }
}

impl Board {
    /// `position`'s pits from its side to move, stores dropped.
    #[must_use]
    pub fn of(position: &Kalah) -> Self {
        let me = position.side.index();
        let half = |pits: &[u8; PIT_SLOTS]| {
            let mut bytes = [0; 16];
            bytes[..PIT_SLOTS].copy_from_slice(pits);
            Half::from_le_bytes(bytes)
        };
        Self {
            mine: half(&position.pits[me]),
            theirs: half(&position.pits[1 - me]),
        }
    }

    /// The side to move's pits and the opponent's, as bytes.
    #[must_use]
    pub fn sides(&self) -> ([u8; 16], [u8; 16]) {
        (self.mine.to_le_bytes(), self.theirs.to_le_bytes())
    }

    /// Seeds in the pits.
    #[inline]
    #[must_use]
    pub fn seeds(&self) -> u32 {
        // Both sides hold at most 255 together, so the bytes add without
        // carries.
        total(self.mine.wrapping_add(self.theirs))
    }

    /// The game is over: a side has no seeds left.
    #[inline]
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.mine == 0 || self.theirs == 0
    }

    /// f of a finished board: each side sweeps its own seeds.
    #[must_use]
    pub fn finished_value(&self) -> i32 {
        i32::try_from(total(self.mine)).unwrap_or(0)
            - i32::try_from(total(self.theirs)).unwrap_or(0)
    }

    /// Whether the side to move's pit `pit` holds seeds (it may be sown).
    #[inline]
    #[must_use]
    pub fn can_sow(&self, pit: usize) -> bool {
        seeds(self.mine, pit) > 0
    }

    /// The table key, equal to [`super::exact::solver_key`] of the
    /// position: the key's four words (both sides' [`PIT_SLOTS`] pits,
    /// then the rules) built from the halves directly.
    #[inline]
    #[must_use]
    pub fn key(&self, rules: Rules) -> u64 {
        // Truncations keep the words wanted.
        #[allow(clippy::cast_possible_truncation)]
        let words = [
            self.mine as u64,
            (self.mine >> 64) as u64 | (self.theirs << KEY_SPLIT) as u64,
            (self.theirs >> KEY_SPLIT) as u64,
            rules.key_word(),
        ];
        let mut bytes = [0; key::KEY_BYTES];
        for (chunk, word) in bytes.chunks_exact_mut(8).zip(words) {
            chunk.copy_from_slice(&word.to_le_bytes());
        }
        key::mix(&bytes)
    }

    /// Sows the side to move's pit `pit`, which must hold seeds, with
    /// [`Kalah::sow`]'s rules: laps past the origin on small boards (never
    /// into the opponent's store), capture (empty captures when the rules
    /// say so), extra turn, and the sweep once a side is empty.
    #[inline]
    #[must_use]
    pub fn sow(&self, pit: usize, rules: Rules) -> Sown {
        let len = rules.pits;
        let ring = 2 * len + 1;
        let (mut mine, mut theirs) = (self.mine, self.theirs);
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
            if taken > 0 || rules.empty_capture {
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

        // 5. The child from its side to move.
        let gain = i32::try_from(store).unwrap_or(0) - i32::try_from(their_store).unwrap_or(0);
        let board = if same_side {
            Self { mine, theirs }
        } else {
            Self {
                mine: theirs,
                theirs: mine,
            }
        };
        Sown {
            board,
            gain,
            same_side,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Player;
    use crate::games::kalah::solve::exact::{finished_value, seeds_on_board, solver_key};
    use proptest::prelude::*;

    /// A position of `pits` pits a side from random seeds, the side to
    /// move's pit `pit` holding some (sometimes several laps' worth).
    fn position(
        pits: usize,
        seeds: &[u8],
        big: u8,
        pit: usize,
        side: bool,
        empty_capture: bool,
    ) -> Kalah {
        let side = if side { Player::One } else { Player::Two };
        let mut position = Kalah {
            pits: [[0; PIT_SLOTS]; 2],
            stores: [0; 2],
            pit_count: u8::try_from(pits).unwrap(),
            side,
            empty_capture,
        };
        position.pits[0][..pits].copy_from_slice(&seeds[..pits]);
        position.pits[1][..pits].copy_from_slice(&seeds[PIT_SLOTS..PIT_SLOTS + pits]);
        let origin = &mut position.pits[side.index()][pit];
        *origin = (*origin).max(1) + if big > 30 { big } else { 0 };
        position
    }

    proptest! {
        #[test]
        fn sowing_agrees_with_the_engine(
            pits in 1usize..=PIT_SLOTS,
            seeds in prop::collection::vec(0u8..=9, 2 * PIT_SLOTS),
            big in 0u8..=60,
            pit in 0usize..PIT_SLOTS,
            side: bool,
            empty_capture: bool,
        ) {
            let pit = pit % pits;
            let parent = position(pits, &seeds, big, pit, side, empty_capture);
            let rules = Rules::of(&parent);
            let board = Board::of(&parent);
            prop_assert_eq!(board.key(rules), solver_key(&parent));
            prop_assert_eq!(board.seeds(), seeds_on_board(&parent));
            prop_assert_eq!(board.is_over(), parent.is_over());
            if parent.is_over() {
                prop_assert_eq!(board.finished_value(), finished_value(&parent));
            }
            prop_assert!(board.can_sow(pit));

            let mut child = parent;
            child.sow(pit);
            let me = parent.side.index();
            let gain = i32::from(child.stores[me]) - i32::from(child.stores[1 - me]);
            child.stores = [0; 2];
            let sown = board.sow(pit, rules);
            prop_assert_eq!(sown.board, Board::of(&child));
            prop_assert_eq!(sown.gain, gain);
            prop_assert_eq!(sown.same_side, child.side == parent.side);
            prop_assert_eq!(sown.board.key(rules), solver_key(&child));
        }

        #[test]
        fn an_unswept_finished_board_counts_each_sides_seeds(
            pits in 1usize..=PIT_SLOTS,
            seeds in prop::collection::vec(0u8..=9, PIT_SLOTS),
            side: bool,
        ) {
            let mut position = position(pits, &[0; 2 * PIT_SLOTS], 0, 0, side, false);
            position.pits = [[0; PIT_SLOTS]; 2];
            position.pits[usize::from(side)][..pits].copy_from_slice(&seeds[..pits]);
            let board = Board::of(&position);
            prop_assert!(board.is_over());
            prop_assert_eq!(board.finished_value(), finished_value(&position));
        }
    }
}
