//! Hash keys of mancala boards: one mixing function for every game and
//! table that keys a board (Kalah's and Oware's transposition tables, the
//! Kalah solver's bound table, Oware's repetition history).
//!
//! A board packs into [`KEY_BYTES`] bytes (both rows of [`PIT_SLOTS`] pits,
//! then a few bytes of stores, sizes and flags, as each caller chooses);
//! unused pits are always empty, so equal boards pack equally.

use super::PIT_SLOTS;

/// Bytes a packed board takes: two rows and eight bytes for the rest.
pub const KEY_BYTES: usize = 2 * PIT_SLOTS + 8;

/// Multiplier of the mixing: 2^64 divided by the golden ratio, odd.
const MIX_MULTIPLIER: u64 = 0x9E37_79B9_7F4A_7C15;

/// Mixes a packed board into 64 bits: a multiply-xorshift over its four
/// words and the MurmurHash3 / SplitMix64 finaliser, so that every input
/// bit moves every output bit in a handful of instructions.
#[inline]
#[must_use]
pub fn mix(bytes: &[u8; KEY_BYTES]) -> u64 {
    let mut h = 0u64;
    for word in bytes.chunks_exact(8) {
        let mut chunk = [0u8; 8];
        chunk.copy_from_slice(word);
        h = (h ^ u64::from_le_bytes(chunk)).wrapping_mul(MIX_MULTIPLIER);
        h ^= h >> 29;
    }
    h ^= h >> 33;
    h = h.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    h ^= h >> 33;
    h = h.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
    h ^ (h >> 33)
}

/// Packs two rows and up to eight trailing bytes into a key's bytes.
#[inline]
#[must_use]
pub fn pack(first: &[u8; PIT_SLOTS], second: &[u8; PIT_SLOTS], rest: [u8; 8]) -> [u8; KEY_BYTES] {
    let mut bytes = [0u8; KEY_BYTES];
    bytes[..PIT_SLOTS].copy_from_slice(first);
    bytes[PIT_SLOTS..2 * PIT_SLOTS].copy_from_slice(second);
    bytes[2 * PIT_SLOTS..].copy_from_slice(&rest);
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_boards_give_equal_keys_and_one_pit_changes_the_key() {
        let a = [4u8; PIT_SLOTS];
        let mut b = a;
        assert_eq!(mix(&pack(&a, &b, [0; 8])), mix(&pack(&a, &b, [0; 8])));
        b[3] = 5;
        assert_ne!(mix(&pack(&a, &a, [0; 8])), mix(&pack(&a, &b, [0; 8])));
        assert_ne!(
            mix(&pack(&a, &a, [0; 8])),
            mix(&pack(&a, &a, [1, 0, 0, 0, 0, 0, 0, 0]))
        );
    }
}
