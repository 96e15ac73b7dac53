//! The 64-bit key of an Oware board and side to move: the transposition
//! table's key and the history's record of a position.

use super::board::Board;
use crate::game::Player;
use crate::games::mancala::PIT_SLOTS;

/// Multiplier of the key mixing: 2^64 divided by the golden ratio, odd.
const MIX_MULTIPLIER: u64 = 0x9E37_79B9_7F4A_7C15;

/// Bytes hashed: both sides' house arrays, then stores, house count, side.
const KEY_BYTES: usize = 32;

/// Packs the board and side into 32 bytes and mixes them as four words
/// with a multiply-xorshift and a final avalanche: a handful of
/// instructions, equal boards (whose unused houses are always empty) give
/// equal keys, and every input bit moves every output bit.
#[must_use]
pub(super) fn board_key(board: &Board, side: Player) -> u64 {
    let mut bytes = [0u8; KEY_BYTES];
    bytes[..PIT_SLOTS].copy_from_slice(&board.houses[0]);
    bytes[PIT_SLOTS..2 * PIT_SLOTS].copy_from_slice(&board.houses[1]);
    bytes[2 * PIT_SLOTS] = board.stores[0];
    bytes[2 * PIT_SLOTS + 1] = board.stores[1];
    bytes[2 * PIT_SLOTS + 2] = board.house_count;
    bytes[2 * PIT_SLOTS + 3] = u8::from(side == Player::Two);
    let mut h = 0u64;
    for word in bytes.chunks_exact(8) {
        let mut chunk = [0u8; 8];
        chunk.copy_from_slice(word);
        h = (h ^ u64::from_le_bytes(chunk)).wrapping_mul(MIX_MULTIPLIER);
        h ^= h >> 29;
    }
    // The MurmurHash3 / SplitMix64 finaliser.
    h ^= h >> 33;
    h = h.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    h ^= h >> 33;
    h = h.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
    h ^ (h >> 33)
}
