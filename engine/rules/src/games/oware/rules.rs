//! The Oware board being played: houses a side and seeds a house at the
//! start. Abapa, the tournament rules, plays 6 houses of 4 seeds; the
//! `Pits` and `Seeds` options choose others within the limits every sowing
//! game shares ([`BoardSize`]).

use crate::games::mancala::{BoardSize, BoardSizeError, PITS_KIND, SEEDS_KIND};
use crate::options::{RuleOption, Rules, byte};

/// Houses per side in Abapa.
pub const DEFAULT_HOUSES: u8 = 6;

/// Seeds per house at the start in Abapa.
pub const DEFAULT_SEEDS: u8 = 4;

/// The variant: `houses` houses a side, `seeds` seeds in each at the start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OwareRules {
    /// Houses per side, `1..=MAX_PITS`.
    pub houses: u8,
    /// Seeds in every house at the start, at least 1.
    pub seeds: u8,
}

impl Default for OwareRules {
    /// Abapa: 6 houses of 4 seeds, 48 seeds in all.
    fn default() -> Self {
        Self {
            houses: DEFAULT_HOUSES,
            seeds: DEFAULT_SEEDS,
        }
    }
}

impl OwareRules {
    /// A checked variant.
    ///
    /// # Errors
    /// When the board cannot be played (see [`BoardSize::validate`]).
    pub fn new(houses: u8, seeds: u8) -> Result<Self, BoardSizeError> {
        let rules = Self { houses, seeds };
        rules.validate()?;
        Ok(rules)
    }

    /// Checks that the variant can be played.
    ///
    /// # Errors
    /// See [`BoardSize::validate`].
    pub fn validate(&self) -> Result<(), BoardSizeError> {
        self.size().validate()
    }

    /// The board size: houses a side and seeds a house.
    #[must_use]
    pub fn size(&self) -> BoardSize {
        BoardSize {
            pits: self.houses,
            seeds: self.seeds,
        }
    }
}

impl Rules for OwareRules {
    type Error = BoardSizeError;

    const OPTIONS: &'static [RuleOption<Self>] = &[
        RuleOption {
            name: "Pits",
            kind: PITS_KIND,
            get: |r| i64::from(r.houses),
            set: |r, v| r.houses = byte(v),
        },
        RuleOption {
            name: "Seeds",
            kind: SEEDS_KIND,
            get: |r| i64::from(r.seeds),
            set: |r, v| r.seeds = byte(v),
        },
    ];

    fn validate(&self) -> Result<(), BoardSizeError> {
        OwareRules::validate(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_is_abapa() {
        let rules = OwareRules::default();
        assert_eq!((rules.houses, rules.seeds), (6, 4));
        assert_eq!(rules.size().total_seeds(), 48);
        assert_eq!(OwareRules::new(6, 4), Ok(rules));
        assert_eq!(OwareRules::new(13, 4), Err(BoardSizeError::PitCount(13)));
        assert_eq!(OwareRules::new(6, 0), Err(BoardSizeError::NoSeeds));
    }
}
