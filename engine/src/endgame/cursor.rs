//! The key of a rank within a level, kept from one call to the next: a
//! build that visits a level's boards in increasing rank, often close
//! together, steps from the last key to the next (a few additions a step)
//! rather than unranking each (a binary search a pit).

use super::rank::{MAX_RANK_LEN, next_same_total, unrank};

/// Steps beyond which unranking is cheaper than stepping.
const MAX_STEPS: u64 = 32;

/// A key of `len` pits and the rank it is the key of (see the module
/// docs).
#[derive(Clone, Debug)]
pub struct RankCursor {
    /// The key, in its first `len` pits.
    key: [u8; MAX_RANK_LEN],
    /// Pits of a key.
    len: usize,
    /// The rank of `key`; `None` before the first seek.
    at: Option<u64>,
}

impl RankCursor {
    /// A cursor over keys of `len` pits (at most [`MAX_RANK_LEN`]).
    #[must_use]
    pub fn new(len: usize) -> Self {
        Self {
            key: [0; MAX_RANK_LEN],
            len: len.min(MAX_RANK_LEN),
            at: None,
        }
    }

    /// The key of rank `rank`, which must be a key of at most 255 seeds.
    ///
    /// # Panics
    /// When `rank` has no key of this length.
    pub fn seek(&mut self, rank: u64) -> &[u8] {
        let key = &mut self.key[..self.len];
        let stepped = match self.at {
            Some(at) if at <= rank && rank - at <= MAX_STEPS => {
                (at..rank).all(|_| next_same_total(key))
            }
            _ => false,
        };
        if !stepped && unrank(rank, key).is_none() {
            panic!("rank {rank} has no key of {} pits", self.len);
        }
        self.at = Some(rank);
        key
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::endgame::rank::rank;

    /// Seeks forward by small and large steps, backward and across
    /// totals give the key of the rank.
    #[test]
    fn seeks_give_the_key_of_the_rank() {
        let mut cursor = RankCursor::new(6);
        for target in [0u64, 1, 2, 5, 40, 41, 300, 299, 1000, 1001, 1033, 5000, 3] {
            assert_eq!(rank(cursor.seek(target)), target);
        }
    }
}
