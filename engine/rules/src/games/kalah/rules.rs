//! The variant of Kalah being played: pits per side, seeds per pit at the
//! start, and whether an empty capture counts.
//!
//! Kalah(m, n) is the usual name: m pits a side, n seeds in each at the
//! start. The Prolog Kalah program plays Kalah(6, 6) and notes that
//! Kalah(6, 4) is common; Irving, Donkers & Uiterwijk's solver plays the
//! "empty capture" variant.

use crate::games::mancala::{BoardSize, BoardSizeError, PITS_KIND, SEEDS_KIND};
use crate::options::{RuleKind, RuleOption, Rules, byte};

pub use crate::games::mancala::{MAX_PITS, MAX_TOTAL_SEEDS};

/// Pits per side in the Prolog Kalah program's game.
pub const DEFAULT_PITS: u8 = 6;

/// Seeds per pit in the Prolog Kalah program's game (`kövek_száma(6)`).
pub const DEFAULT_SEEDS: u8 = 6;

/// Why a [`KalahRules`] cannot be played: its board size is unplayable
/// (the limits are those of every sowing game, see [`BoardSize`]).
pub type KalahRulesError = BoardSizeError;

/// The variant: Kalah(`pits`, `seeds`), with or without empty captures.
///
/// The fields are public so a variant reads like its name; [`Self::new`]
/// and [`Self::validate`] say whether it can be played, and
/// [`super::Kalah::start`] validates before it sets up a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KalahRules {
    /// Pits per side, `1..=MAX_PITS`.
    pub pits: u8,
    /// Seeds in every pit at the start, at least 1.
    pub seeds: u8,
    /// Irving's variant: a last seed in an own empty pit captures even when
    /// the opposite pit is empty (the single seed goes to the store).
    pub empty_capture: bool,
}

impl Default for KalahRules {
    /// The Prolog Kalah program's game: Kalah(6, 6) with the standard
    /// capture.
    fn default() -> Self {
        Self {
            pits: DEFAULT_PITS,
            seeds: DEFAULT_SEEDS,
            empty_capture: false,
        }
    }
}

impl KalahRules {
    /// A checked variant.
    ///
    /// # Errors
    /// See [`Self::validate`].
    pub fn new(pits: u8, seeds: u8, empty_capture: bool) -> Result<Self, KalahRulesError> {
        let rules = Self {
            pits,
            seeds,
            empty_capture,
        };
        rules.validate()?;
        Ok(rules)
    }

    /// Checks that the variant can be played.
    ///
    /// # Errors
    /// [`KalahRulesError::PitCount`] for a pit count outside `1..=MAX_PITS`,
    /// [`KalahRulesError::NoSeeds`] for zero seeds a pit,
    /// [`KalahRulesError::TooManySeeds`] when `2 * pits * seeds` exceeds
    /// [`MAX_TOTAL_SEEDS`].
    pub fn validate(&self) -> Result<(), KalahRulesError> {
        self.size().validate()
    }

    /// The board size: pits a side and seeds a pit.
    #[must_use]
    pub fn size(&self) -> BoardSize {
        BoardSize {
            pits: self.pits,
            seeds: self.seeds,
        }
    }

    /// Seeds on the board at the start: `2 * pits * seeds`.
    #[must_use]
    pub fn total_seeds(&self) -> u32 {
        self.size().total_seeds()
    }
}

impl Rules for KalahRules {
    type Error = KalahRulesError;

    const OPTIONS: &'static [RuleOption<Self>] = &[
        RuleOption {
            name: "Pits",
            kind: PITS_KIND,
            get: |r| i64::from(r.pits),
            set: |r, v| r.pits = byte(v),
        },
        RuleOption {
            name: "Seeds",
            kind: SEEDS_KIND,
            get: |r| i64::from(r.seeds),
            set: |r, v| r.seeds = byte(v),
        },
        RuleOption {
            name: "EmptyCapture",
            kind: RuleKind::Check,
            get: |r| i64::from(r.empty_capture),
            set: |r, v| r.empty_capture = v != 0,
        },
    ];

    fn validate(&self) -> Result<(), KalahRulesError> {
        KalahRules::validate(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_is_the_seeds_game() {
        let rules = KalahRules::default();
        assert_eq!(
            (rules.pits, rules.seeds, rules.empty_capture),
            (6, 6, false)
        );
        assert_eq!(rules.validate(), Ok(()));
        assert_eq!(rules.total_seeds(), 72);
    }

    #[test]
    fn limits() {
        assert!(KalahRules::new(1, 1, false).is_ok());
        assert!(KalahRules::new(12, 10, true).is_ok()); // 240 seeds
        assert!(KalahRules::new(1, 127, false).is_ok()); // 254 seeds
        assert_eq!(
            KalahRules::new(0, 4, false),
            Err(KalahRulesError::PitCount(0))
        );
        assert_eq!(
            KalahRules::new(13, 4, false),
            Err(KalahRulesError::PitCount(13))
        );
        assert_eq!(KalahRules::new(6, 0, false), Err(KalahRulesError::NoSeeds));
        assert_eq!(
            KalahRules::new(12, 11, false),
            Err(KalahRulesError::TooManySeeds {
                pits: 12,
                seeds: 11,
                total: 264
            })
        );
    }

    #[test]
    fn errors_say_what_is_wrong() {
        assert_eq!(
            KalahRulesError::PitCount(13).to_string(),
            "a side has 1 to 12 pits, not 13"
        );
        let too_many = KalahRules::new(6, 22, false).unwrap_err().to_string();
        assert!(
            too_many.contains("make 264 seeds; at most 255 fit"),
            "{too_many}"
        );
    }
}
