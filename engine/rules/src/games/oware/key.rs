//! The 64-bit key of an Oware board and side to move: the transposition
//! table's key and the history's record of a position.

use super::board::Board;
use crate::game::Player;
use crate::games::mancala::key;

/// Packs the board (both rows, stores, house count) and the side to move
/// and mixes them with the mancala games' one key function.
#[must_use]
pub fn board_key(board: &Board, side: Player) -> u64 {
    let rest = [
        board.stores[0],
        board.stores[1],
        board.house_count,
        u8::from(side == Player::Two),
        0,
        0,
        0,
        0,
    ];
    key::mix(&key::pack(&board.houses[0], &board.houses[1], rest))
}
