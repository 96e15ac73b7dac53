//! The solver's board: a position's pits packed into two integers, seen
//! from the side to move, with a sowing that works on them in registers.
//!
//! The search makes every child of every node, so making a child is its
//! inner loop. Playing on a copy of a whole [`Kalah`] writes the pits one
//! byte at a time; the key, the ranking and the next copy then read the
//! pits in wider pieces and wait for those byte stores to retire (store
//! forwarding fails). Here a side is one packed [`Half`] (see
//! [`packed`], which the database build shares) and a move is a handful
//! of integer operations. The board is canonical (the side to move's pits
//! first) and its stores are cleared, as the search wants them: a move
//! reports its gain instead, and a move that passes the turn swaps the
//! halves. The tests check it against [`Kalah::sow`].

use super::super::packed::{self, BYTE, Half, seeds, total};
use ply_rules::games::kalah::position::{Kalah, PIT_SLOTS};
use ply_rules::games::mancala::key;

/// Where the opponent's pits start in the key's second word: the key
/// packs [`PIT_SLOTS`] bytes a side, so a side spans one and a half words.
const KEY_SPLIT: u32 = BYTE * PIT_SLOTS as u32 - 64;

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
    /// [`Kalah::sow`]'s rules (see [`packed::sow`]).
    #[inline]
    #[must_use]
    pub fn sow(&self, pit: usize, rules: Rules) -> Sown {
        let packed::Sown {
            mine,
            theirs,
            gain,
            same_side,
        } = packed::sow(self.mine, self.theirs, pit, rules.pits, rules.empty_capture);
        // The child from its side to move.
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

/// A position for tests: `pits` pits a side holding the first `pits` of
/// `seeds` (the first player's) and the `pits` from [`PIT_SLOTS`] on (the
/// second's), empty stores, `side` to move.
#[cfg(test)]
pub(super) fn test_position(
    pits: usize,
    seeds: &[u8],
    side: ply_rules::game::Player,
    empty_capture: bool,
) -> Kalah {
    let mut position = Kalah {
        pits: [[0; PIT_SLOTS]; 2],
        stores: [0; 2],
        pit_count: u8::try_from(pits).expect("a pit count fits a byte"),
        side,
        empty_capture,
    };
    position.pits[0][..pits].copy_from_slice(&seeds[..pits]);
    position.pits[1][..pits].copy_from_slice(&seeds[PIT_SLOTS..PIT_SLOTS + pits]);
    position
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::kalah::solve::exact::{finished_value, seeds_on_board, solver_key};
    use ply_rules::game::Player;
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
        let mut position = test_position(pits, seeds, side, empty_capture);
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
