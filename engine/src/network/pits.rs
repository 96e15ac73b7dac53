//! The input of a board of pits and stores, the sowing games' (Oware's
//! houses, Kalah's pits): from a side's view, the seeds in each pit
//! counted from its left round the board (its own pits, then the
//! opponent's), and the seeds in each store (its own, then the
//! opponent's). Each pit and each store is a slot; its feature is the
//! count it holds, up to a cap past which counts are told apart no more.
//!
//! One layout for every sowing game, so a game only says its board's
//! sizes (and which boards its network reads).

use super::input::{Slots, push_feature};

/// The sizes of a board of pits and stores, as a network reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PitsInput {
    /// Pits a side.
    pub pits: usize,
    /// Seed counts a pit tells apart: 0 to `pit_values - 2`, and
    /// `pit_values - 1` or more.
    pub pit_values: usize,
    /// Seed counts a store tells apart: 0 to `store_values - 1` (every
    /// seed of the board; more is read as the last).
    pub store_values: usize,
}

impl PitsInput {
    /// Features of a side's view: a row of counts for each pit of both
    /// sides, then a row for each store.
    #[must_use]
    pub const fn inputs(&self) -> usize {
        self.first_store() + 2 * self.store_values
    }

    /// Slots a position fills: both sides' pits and both stores.
    #[must_use]
    pub const fn slots(&self) -> usize {
        2 * self.pits + 2
    }

    /// The first store feature (after every pit's counts).
    #[must_use]
    pub const fn first_store(&self) -> usize {
        2 * self.pits * self.pit_values
    }

    /// Fills `slots` with the features of a position seen from a side:
    /// `own` and `theirs` its pits and the opponent's, each from that
    /// side's own left, `stores` its store and then the opponent's.
    pub fn fill(&self, own: &[u8], theirs: &[u8], stores: [u8; 2], slots: &mut Slots) {
        debug_assert!(own.len() == self.pits && theirs.len() == self.pits);
        for (pit, &seeds) in own.iter().chain(theirs).enumerate() {
            let count = usize::from(seeds).min(self.pit_values - 1);
            push_feature(slots, pit * self.pit_values + count);
        }
        for (n, seeds) in stores.into_iter().enumerate() {
            let count = usize::from(seeds).min(self.store_values - 1);
            push_feature(slots, self.first_store() + n * self.store_values + count);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pits_then_stores_each_capped() {
        let shape = PitsInput {
            pits: 2,
            pit_values: 4,
            store_values: 5,
        };
        assert_eq!(shape.inputs(), 2 * 2 * 4 + 2 * 5);
        assert_eq!(shape.slots(), 6);
        assert_eq!(shape.first_store(), 16);
        let mut slots = Slots::new();
        shape.fill(&[0, 9], &[2, 3], [1, 7], &mut slots);
        // Own pits 0 and 9 (capped at 3), then the opponent's 2 and 3.
        assert_eq!(&slots[..4], &[0, 4 + 3, 8 + 2, 12 + 3]);
        // Own store 1, then the opponent's 7 (capped at 4).
        assert_eq!(&slots[4..], &[16 + 1, 16 + 5 + 4]);
    }
}
