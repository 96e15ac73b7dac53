//! The size of a two-row sowing board: pits a side and seeds a pit at the
//! start, and the limits that keep every count in a `u8` and every
//! position a small `Copy`-sized value.

use thiserror::Error;

/// Most pits a side may have. Fixed-size arrays in the positions are this
/// long, so a position stays small.
pub const MAX_PITS: u8 = 12;

/// Most seeds a pit may start with that the `Seeds` option offers (a
/// 1-pit board holds 2 x 127 = 254 seeds).
pub const MAX_SEEDS: u8 = 127;

/// Array length for one side's pits; the unused tail stays empty.
pub const PIT_SLOTS: usize = MAX_PITS as usize;

/// Most seeds a board may hold: every count is a `u8`, and a store may end
/// up holding all of them.
pub const MAX_TOTAL_SEEDS: u32 = u8::MAX as u32;

/// Why a board size cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum BoardSizeError {
    /// The pit count is outside `1..=MAX_PITS`.
    #[error("a side has 1 to {MAX_PITS} pits, not {0}")]
    PitCount(u8),
    /// No seeds at all: the game would be over before it started.
    #[error("each pit needs at least 1 seed at the start")]
    NoSeeds,
    /// The board would hold more seeds than a store can count.
    #[error(
        "{pits} pits of {seeds} seeds a side make {total} seeds; at most {MAX_TOTAL_SEEDS} fit \
         (2 x pits x seeds must not exceed {MAX_TOTAL_SEEDS})"
    )]
    TooManySeeds {
        /// Pits per side.
        pits: u8,
        /// Seeds per pit.
        seeds: u8,
        /// `2 * pits * seeds`.
        total: u32,
    },
}

/// A board of `pits` pits a side with `seeds` seeds in each at the start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardSize {
    /// Pits per side.
    pub pits: u8,
    /// Seeds in every pit at the start.
    pub seeds: u8,
}

impl BoardSize {
    /// Checks that the board can be played.
    ///
    /// # Errors
    /// [`BoardSizeError::PitCount`] for a pit count outside `1..=MAX_PITS`,
    /// [`BoardSizeError::NoSeeds`] for zero seeds a pit,
    /// [`BoardSizeError::TooManySeeds`] when `2 * pits * seeds` exceeds
    /// [`MAX_TOTAL_SEEDS`].
    pub fn validate(self) -> Result<(), BoardSizeError> {
        if !(1..=MAX_PITS).contains(&self.pits) {
            return Err(BoardSizeError::PitCount(self.pits));
        }
        if self.seeds == 0 {
            return Err(BoardSizeError::NoSeeds);
        }
        let total = self.total_seeds();
        if total > MAX_TOTAL_SEEDS {
            return Err(BoardSizeError::TooManySeeds {
                pits: self.pits,
                seeds: self.seeds,
                total,
            });
        }
        Ok(())
    }

    /// Seeds on the board at the start: `2 * pits * seeds`.
    #[must_use]
    pub fn total_seeds(self) -> u32 {
        2 * u32::from(self.pits) * u32::from(self.seeds)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn size(pits: u8, seeds: u8) -> BoardSize {
        BoardSize { pits, seeds }
    }

    #[test]
    fn limits() {
        assert_eq!(size(1, 1).validate(), Ok(()));
        assert_eq!(size(12, 10).validate(), Ok(()));
        assert_eq!(size(1, 127).validate(), Ok(()));
        assert_eq!(size(0, 4).validate(), Err(BoardSizeError::PitCount(0)));
        assert_eq!(size(13, 4).validate(), Err(BoardSizeError::PitCount(13)));
        assert_eq!(size(6, 0).validate(), Err(BoardSizeError::NoSeeds));
        assert_eq!(
            size(12, 11).validate(),
            Err(BoardSizeError::TooManySeeds {
                pits: 12,
                seeds: 11,
                total: 264
            })
        );
        assert_eq!(size(6, 4).total_seeds(), 48);
    }
}
