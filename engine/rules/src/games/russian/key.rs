//! Zobrist keys: one random 64-bit number per piece kind and square, and
//! one for Black to move; a position's key is the XOR of its numbers, so
//! a move updates it with a few XORs.

use super::board::Board;
use super::squares::{Bits, SQUARES};
use crate::game::Player;

/// Piece kinds: White man, Black man, White king, Black king.
const KINDS: usize = 4;

/// Seed of the key generator (any fixed value: keys must not change
/// between runs, so `bench` node counts stay the same).
const SEED: u64 = 0x5EED_0FD4_A064_7500;

/// The numbers, generated at compile time.
static PIECE_KEYS: [[u64; SQUARES]; KINDS] = piece_keys();

/// XORed in when Black is to move.
pub const BLACK_TO_MOVE: u64 = splitmix(SEED ^ 0xB1AC);

/// One step of splitmix64: a good 64-bit mixer for table generation.
const fn splitmix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn piece_keys() -> [[u64; SQUARES]; KINDS] {
    let mut keys = [[0; SQUARES]; KINDS];
    let mut state = SEED;
    let mut kind = 0;
    while kind < KINDS {
        let mut s = 0;
        while s < SQUARES {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            keys[kind][s] = splitmix(state);
            s += 1;
        }
        kind += 1;
    }
    keys
}

/// The number of a `side` piece (a king or not) on square `s`.
#[inline]
#[must_use]
pub fn piece_key(side: Player, king: bool, s: u8) -> u64 {
    PIECE_KEYS[side.index() + 2 * usize::from(king)][usize::from(s)]
}

/// The key of a whole position, computed from scratch.
#[must_use]
pub fn position_key(board: &Board, side_to_move: Player) -> u64 {
    let mut key = if side_to_move == Player::Two {
        BLACK_TO_MOVE
    } else {
        0
    };
    for side in [Player::One, Player::Two] {
        for s in Bits(board.pieces[side.index()]) {
            key ^= piece_key(side, board.kings & (1 << s) != 0, s);
        }
    }
    key
}
