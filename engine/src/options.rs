//! The engine's options: what `uci` declares and `setoption` changes.
//!
//! Names are matched case-insensitively, as UCI requires. A bad value is
//! refused with an error that says what would be accepted, and changes
//! nothing.
//!
//! The game options set the rules of the game `UCI_Variant` has chosen at
//! the time: `Pits` and `Seeds` the board of Kalah or of Oware (each game
//! keeps its own, with its own defaults: Kalah 6 × 6 as seed 000, Oware
//! 6 × 4 as Abapa), `EmptyCapture` Kalah's capture rule. So a front end
//! sends `UCI_Variant` first, then the game's options; an option the
//! chosen game does not have is refused. Mastermind's options are
//! `Length`, `Symbols`, `Repeats` and `MaxGuesses`.

use std::path::PathBuf;
use std::time::Duration;

use ply_protocol::{OptionDecl, OptionKind};
use thiserror::Error;

use crate::games::kalah::KalahRules;
use crate::games::mancala::{BoardSize, BoardSizeError, MAX_PITS};
use crate::games::mastermind::{
    MAX_LENGTH, MAX_MAX_GUESSES, MAX_SYMBOLS, MastermindRules, RulesError,
};
use crate::games::oware::OwareRules;
use crate::variant::Variant;

/// Default transposition table size in MB.
pub const DEFAULT_HASH_MB: usize = 16;
/// Largest transposition table size in MB (64 GiB).
pub const MAX_HASH_MB: usize = 65_536;
/// Default time kept back per move for communication, in ms.
pub const DEFAULT_MOVE_OVERHEAD_MS: u64 = 10;
/// Largest `Move Overhead`, in ms.
pub const MAX_MOVE_OVERHEAD_MS: u64 = 5000;
/// Largest `Seeds` value offered (a 1-pit board holds 2 × 127 = 254 seeds).
pub const MAX_SEEDS: u8 = 127;
/// Most search threads.
pub const MAX_THREADS: usize = 256;
/// Most principal variations `go` reports (`MultiPV`); a position with
/// fewer legal moves gets one line a move.
pub const MAX_MULTIPV: usize = 256;

/// Option names, as declared.
mod names {
    pub const VARIANT: &str = "UCI_Variant";
    pub const PITS: &str = "Pits";
    pub const SEEDS: &str = "Seeds";
    pub const EMPTY_CAPTURE: &str = "EmptyCapture";
    pub const HASH: &str = "Hash";
    pub const CLEAR_HASH: &str = "Clear Hash";
    pub const MOVE_OVERHEAD: &str = "Move Overhead";
    pub const THREADS: &str = "Threads";
    pub const MULTIPV: &str = "MultiPV";
    pub const ENDGAME_DB: &str = "EndgameDB";
    pub const OWN_BOOK: &str = "OwnBook";
    pub const BOOK_FILE: &str = "BookFile";
    pub const LENGTH: &str = "Length";
    pub const SYMBOLS: &str = "Symbols";
    pub const REPEATS: &str = "Repeats";
    pub const MAX_GUESSES: &str = "MaxGuesses";
}

/// Why a `setoption` was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OptionError {
    /// No option has this name.
    #[error("no option named '{0}' (send 'uci' to list them)")]
    Unknown(String),
    /// The option needs a value and none was given.
    #[error("option '{0}' needs a value: setoption name {0} value <value>")]
    MissingValue(String),
    /// The value is not one the option accepts.
    #[error("option '{name}' cannot be '{value}': expected {expected}")]
    BadValue {
        /// The option.
        name: &'static str,
        /// The value given.
        value: String,
        /// What would be accepted.
        expected: String,
    },
    /// The value is fine alone but the game it makes cannot be played.
    #[error("option '{name}': {source}")]
    Rules {
        /// The option.
        name: &'static str,
        /// Why the game cannot be played.
        source: BoardSizeError,
    },
    /// The value is fine alone but the Mastermind it makes cannot be played.
    #[error("option '{name}': {source}")]
    Code {
        /// The option.
        name: &'static str,
        /// Why the game cannot be played.
        source: RulesError,
    },
    /// The game chosen with `UCI_Variant` has no such rule.
    #[error("option '{name}' does not apply to {variant}; choose its game with UCI_Variant first")]
    NotForGame {
        /// The option.
        name: &'static str,
        /// The game chosen.
        variant: &'static str,
    },
}

/// What a successful `setoption` asks the engine to do next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionEffect {
    /// The game or its rules changed: set up the new start position.
    NewRules,
    /// Reallocate the transposition table at the new size.
    ResizeHash,
    /// Empty the transposition table.
    ClearHash,
    /// Load (or drop, for an empty path) the endgame database.
    LoadEndgameDb,
    /// Load (or drop, for an empty path) the opening book.
    LoadBook,
    /// Nothing beyond storing the value.
    None,
}

/// The current value of every option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOptions {
    /// The game being played.
    pub variant: Variant,
    /// Kalah's pits, seeds and capture rule.
    pub kalah: KalahRules,
    /// Oware's houses and seeds.
    pub oware: OwareRules,
    /// Mastermind's code length, symbols, repeats and rows.
    pub mastermind: MastermindRules,
    /// Transposition table size in MB.
    pub hash_mb: usize,
    /// Time kept back per move for communication.
    pub move_overhead: Duration,
    /// Threads for `go` and `solve` (lazy SMP).
    pub threads: usize,
    /// Principal variations `go` reports, best first (`MultiPV`).
    pub multipv: usize,
    /// The endgame database file; empty for none.
    pub endgame_db: PathBuf,
    /// Play moves from the book before searching (UCI's `OwnBook`).
    pub own_book: bool,
    /// The opening book file; empty for none.
    pub book_file: PathBuf,
}

impl Default for EngineOptions {
    fn default() -> Self {
        Self {
            variant: Variant::Kalah,
            kalah: KalahRules::default(),
            oware: OwareRules::default(),
            mastermind: MastermindRules::default(),
            hash_mb: DEFAULT_HASH_MB,
            move_overhead: Duration::from_millis(DEFAULT_MOVE_OVERHEAD_MS),
            threads: 1,
            multipv: 1,
            endgame_db: PathBuf::new(),
            own_book: false,
            book_file: PathBuf::new(),
        }
    }
}

impl EngineOptions {
    /// The `option` lines sent in answer to `uci`/`ugi`, with the defaults.
    #[must_use]
    pub fn declarations() -> Vec<OptionDecl> {
        let defaults = Self::default();
        let spin = |name: &str, default: i64, min: i64, max: i64| OptionDecl {
            name: name.to_owned(),
            kind: OptionKind::Spin { default, min, max },
        };
        vec![
            OptionDecl {
                name: names::VARIANT.to_owned(),
                kind: OptionKind::Combo {
                    default: defaults.variant.name().to_owned(),
                    vars: Variant::ALL.iter().map(|v| v.name().to_owned()).collect(),
                },
            },
            spin(names::PITS, defaults.kalah.pits.into(), 1, MAX_PITS.into()),
            spin(
                names::SEEDS,
                defaults.kalah.seeds.into(),
                1,
                MAX_SEEDS.into(),
            ),
            OptionDecl {
                name: names::EMPTY_CAPTURE.to_owned(),
                kind: OptionKind::Check {
                    default: defaults.kalah.empty_capture,
                },
            },
            spin(
                names::LENGTH,
                defaults.mastermind.length.into(),
                1,
                MAX_LENGTH.into(),
            ),
            spin(
                names::SYMBOLS,
                defaults.mastermind.symbols.into(),
                1,
                MAX_SYMBOLS.into(),
            ),
            OptionDecl {
                name: names::REPEATS.to_owned(),
                kind: OptionKind::Check {
                    default: defaults.mastermind.repeats,
                },
            },
            spin(
                names::MAX_GUESSES,
                defaults.mastermind.max_guesses.into(),
                1,
                MAX_MAX_GUESSES.into(),
            ),
            spin(names::HASH, DEFAULT_HASH_MB as i64, 1, MAX_HASH_MB as i64),
            spin(names::THREADS, 1, 1, MAX_THREADS as i64),
            spin(names::MULTIPV, 1, 1, MAX_MULTIPV as i64),
            OptionDecl {
                name: names::CLEAR_HASH.to_owned(),
                kind: OptionKind::Button,
            },
            spin(
                names::MOVE_OVERHEAD,
                DEFAULT_MOVE_OVERHEAD_MS as i64,
                0,
                MAX_MOVE_OVERHEAD_MS as i64,
            ),
            OptionDecl {
                name: names::ENDGAME_DB.to_owned(),
                kind: OptionKind::String {
                    default: String::new(),
                },
            },
            OptionDecl {
                name: names::OWN_BOOK.to_owned(),
                kind: OptionKind::Check {
                    default: defaults.own_book,
                },
            },
            OptionDecl {
                name: names::BOOK_FILE.to_owned(),
                kind: OptionKind::String {
                    default: String::new(),
                },
            },
        ]
    }

    /// Applies `setoption name <name> value <value>`; on error nothing changes.
    ///
    /// # Errors
    /// See [`OptionError`].
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<OptionEffect, OptionError> {
        let is = |declared: &str| name.trim().eq_ignore_ascii_case(declared);
        if is(names::CLEAR_HASH) {
            return Ok(OptionEffect::ClearHash);
        }
        let declared = [
            names::VARIANT,
            names::PITS,
            names::SEEDS,
            names::EMPTY_CAPTURE,
            names::HASH,
            names::MOVE_OVERHEAD,
            names::THREADS,
            names::MULTIPV,
            names::ENDGAME_DB,
            names::OWN_BOOK,
            names::BOOK_FILE,
            names::LENGTH,
            names::SYMBOLS,
            names::REPEATS,
            names::MAX_GUESSES,
        ]
        .into_iter()
        .find(|declared| is(declared))
        .ok_or_else(|| OptionError::Unknown(name.trim().to_owned()))?;
        let value = value
            .map(str::trim)
            .ok_or_else(|| OptionError::MissingValue(declared.to_owned()))?;

        match declared {
            names::VARIANT => {
                self.variant = Variant::from_name(value).ok_or_else(|| OptionError::BadValue {
                    name: names::VARIANT,
                    value: value.to_owned(),
                    expected: format!("one of {}", Variant::names().join(", ")),
                })?;
                Ok(OptionEffect::NewRules)
            }
            names::PITS => {
                let pits = parse_in_range(names::PITS, value, 1, MAX_PITS)?;
                self.set_board(names::PITS, |size| BoardSize { pits, ..size })
            }
            names::SEEDS => {
                let seeds = parse_in_range(names::SEEDS, value, 1, MAX_SEEDS)?;
                self.set_board(names::SEEDS, |size| BoardSize { seeds, ..size })
            }
            names::EMPTY_CAPTURE => {
                let empty_capture = parse_bool(names::EMPTY_CAPTURE, value)?;
                if self.variant != Variant::Kalah {
                    return Err(OptionError::NotForGame {
                        name: names::EMPTY_CAPTURE,
                        variant: self.variant.name(),
                    });
                }
                self.set_kalah(
                    names::EMPTY_CAPTURE,
                    KalahRules {
                        empty_capture,
                        ..self.kalah
                    },
                )
            }
            names::HASH => {
                self.hash_mb = parse_in_range(names::HASH, value, 1, MAX_HASH_MB)?;
                Ok(OptionEffect::ResizeHash)
            }
            names::THREADS => {
                self.threads = parse_in_range(names::THREADS, value, 1, MAX_THREADS)?;
                Ok(OptionEffect::None)
            }
            names::MULTIPV => {
                self.multipv = parse_in_range(names::MULTIPV, value, 1, MAX_MULTIPV)?;
                Ok(OptionEffect::None)
            }
            names::LENGTH => {
                let length = parse_in_range(names::LENGTH, value, 1, MAX_LENGTH)?;
                self.set_mastermind(names::LENGTH, |r| MastermindRules { length, ..r })
            }
            names::SYMBOLS => {
                let symbols = parse_in_range(names::SYMBOLS, value, 1, MAX_SYMBOLS).map_err(
                    |_| OptionError::BadValue {
                        name: names::SYMBOLS,
                        value: value.to_owned(),
                        expected: format!(
                            "a whole number from 1 to {MAX_SYMBOLS}: the symbols are the digits 0-9"
                        ),
                    },
                )?;
                self.set_mastermind(names::SYMBOLS, |r| MastermindRules { symbols, ..r })
            }
            names::REPEATS => {
                let repeats = parse_bool(names::REPEATS, value)?;
                self.set_mastermind(names::REPEATS, |r| MastermindRules { repeats, ..r })
            }
            names::MAX_GUESSES => {
                let max_guesses = parse_in_range(names::MAX_GUESSES, value, 1, MAX_MAX_GUESSES)?;
                self.set_mastermind(names::MAX_GUESSES, |r| MastermindRules { max_guesses, ..r })
            }
            names::ENDGAME_DB => {
                self.endgame_db = path_value(value);
                Ok(OptionEffect::LoadEndgameDb)
            }
            names::OWN_BOOK => {
                self.own_book = parse_bool(names::OWN_BOOK, value)?;
                Ok(OptionEffect::None)
            }
            names::BOOK_FILE => {
                self.book_file = path_value(value);
                Ok(OptionEffect::LoadBook)
            }
            _ => {
                let ms = parse_in_range(names::MOVE_OVERHEAD, value, 0, MAX_MOVE_OVERHEAD_MS)?;
                self.move_overhead = Duration::from_millis(ms);
                Ok(OptionEffect::None)
            }
        }
    }

    /// Changes the board size of the chosen game, if it has a board of
    /// pits and the new size can be played.
    fn set_board(
        &mut self,
        name: &'static str,
        change: impl FnOnce(BoardSize) -> BoardSize,
    ) -> Result<OptionEffect, OptionError> {
        match self.variant {
            Variant::Kalah => {
                let size = change(self.kalah.size());
                self.set_kalah(
                    name,
                    KalahRules {
                        pits: size.pits,
                        seeds: size.seeds,
                        ..self.kalah
                    },
                )
            }
            Variant::Oware => {
                let size = change(self.oware.size());
                size.validate()
                    .map_err(|source| OptionError::Rules { name, source })?;
                self.oware = OwareRules {
                    houses: size.pits,
                    seeds: size.seeds,
                };
                Ok(OptionEffect::NewRules)
            }
            Variant::TicTacToe | Variant::Russian | Variant::Mastermind => {
                Err(OptionError::NotForGame {
                    name,
                    variant: self.variant.name(),
                })
            }
        }
    }

    /// Changes Mastermind's rules, if Mastermind is the game and the new
    /// rules can be played.
    fn set_mastermind(
        &mut self,
        name: &'static str,
        change: impl FnOnce(MastermindRules) -> MastermindRules,
    ) -> Result<OptionEffect, OptionError> {
        if self.variant != Variant::Mastermind {
            return Err(OptionError::NotForGame {
                name,
                variant: self.variant.name(),
            });
        }
        let rules = change(self.mastermind);
        rules
            .validate()
            .map_err(|source| OptionError::Code { name, source })?;
        self.mastermind = rules;
        Ok(OptionEffect::NewRules)
    }

    /// Stores new Kalah rules if they can be played.
    fn set_kalah(
        &mut self,
        name: &'static str,
        rules: KalahRules,
    ) -> Result<OptionEffect, OptionError> {
        rules
            .validate()
            .map_err(|source| OptionError::Rules { name, source })?;
        self.kalah = rules;
        Ok(OptionEffect::NewRules)
    }
}

/// A file name option's value; UCI writes the empty string `<empty>`.
fn path_value(value: &str) -> PathBuf {
    PathBuf::from(if value == "<empty>" { "" } else { value })
}

/// Parses an integer option value and checks its range.
fn parse_in_range<T>(name: &'static str, value: &str, min: T, max: T) -> Result<T, OptionError>
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy,
{
    value
        .parse::<T>()
        .ok()
        .filter(|v| (min..=max).contains(v))
        .ok_or_else(|| OptionError::BadValue {
            name,
            value: value.to_owned(),
            expected: format!("a whole number from {min} to {max}"),
        })
}

/// Parses a check option value (`true`/`false`, any case).
fn parse_bool(name: &'static str, value: &str) -> Result<bool, OptionError> {
    if value.eq_ignore_ascii_case("true") {
        Ok(true)
    } else if value.eq_ignore_ascii_case("false") {
        Ok(false)
    } else {
        Err(OptionError::BadValue {
            name,
            value: value.to_owned(),
            expected: "true or false".to_owned(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_case_insensitive_and_may_contain_spaces() {
        let mut o = EngineOptions::default();
        assert_eq!(o.set("pits", Some("4")), Ok(OptionEffect::NewRules));
        assert_eq!(o.kalah.pits, 4);
        assert_eq!(
            o.set("EMPTYCAPTURE", Some("True")),
            Ok(OptionEffect::NewRules)
        );
        assert!(o.kalah.empty_capture);
        assert_eq!(o.set("move overhead", Some("50")), Ok(OptionEffect::None));
        assert_eq!(o.move_overhead, Duration::from_millis(50));
        assert_eq!(o.set("clear hash", None), Ok(OptionEffect::ClearHash));
        assert_eq!(o.set("Hash", Some("64")), Ok(OptionEffect::ResizeHash));
        assert_eq!(o.hash_mb, 64);
    }

    #[test]
    fn bad_values_change_nothing() {
        let mut o = EngineOptions::default();
        let before = o.clone();
        assert!(matches!(
            o.set("Pits", Some("13")),
            Err(OptionError::BadValue { .. })
        ));
        assert!(matches!(
            o.set("Seeds", Some("x")),
            Err(OptionError::BadValue { .. })
        ));
        assert!(matches!(
            o.set("Hash", None),
            Err(OptionError::MissingValue(_))
        ));
        assert!(matches!(
            o.set("EmptyCapture", Some("yes")),
            Err(OptionError::BadValue { .. })
        ));
        assert!(matches!(
            o.set("UCI_Variant", Some("chess")),
            Err(OptionError::BadValue { .. })
        ));
        assert!(matches!(
            o.set("Nonsense", Some("1")),
            Err(OptionError::Unknown(_))
        ));
        // 6 pits x 22 seeds x 2 = 264 > 255: fine alone, unplayable together.
        assert!(matches!(
            o.set("Seeds", Some("22")),
            Err(OptionError::Rules { .. })
        ));
        assert_eq!(o, before);
    }

    #[test]
    fn board_options_set_the_chosen_games_board() {
        let mut o = EngineOptions::default();
        assert_eq!(
            o.set("UCI_Variant", Some("Oware")),
            Ok(OptionEffect::NewRules)
        );
        assert_eq!(o.variant, Variant::Oware);
        // Oware's own defaults: Abapa.
        assert_eq!((o.oware.houses, o.oware.seeds), (6, 4));
        assert_eq!(o.set("Seeds", Some("5")), Ok(OptionEffect::NewRules));
        assert_eq!(o.set("Pits", Some("4")), Ok(OptionEffect::NewRules));
        assert_eq!((o.oware.houses, o.oware.seeds), (4, 5));
        assert_eq!(o.kalah, KalahRules::default(), "Kalah's board is its own");
        let before = o.clone();
        assert_eq!(
            o.set("EmptyCapture", Some("true")),
            Err(OptionError::NotForGame {
                name: "EmptyCapture",
                variant: "oware"
            })
        );
        // 12 houses of 11 seeds: too many for a store to count.
        assert!(o.set("Pits", Some("12")).is_ok());
        assert!(matches!(
            o.set("Seeds", Some("11")),
            Err(OptionError::Rules { name: "Seeds", .. })
        ));
        o = before;
        assert_eq!(
            o.set("uci_variant", Some("tictactoe")),
            Ok(OptionEffect::NewRules)
        );
        let err = o.set("Seeds", Some("4")).unwrap_err();
        assert_eq!(
            err.to_string(),
            "option 'Seeds' does not apply to tictactoe; choose its game with UCI_Variant first"
        );
        assert!(matches!(
            o.set("Pits", Some("x")),
            Err(OptionError::BadValue { .. })
        ));
    }

    #[test]
    fn every_declared_option_can_be_set_to_its_default() {
        for decl in EngineOptions::declarations() {
            let value = match decl.kind {
                OptionKind::Check { default } => Some(default.to_string()),
                OptionKind::Spin { default, .. } => Some(default.to_string()),
                OptionKind::Combo { default, .. } | OptionKind::String { default } => Some(default),
                OptionKind::Button => None,
            };
            // Each game's options are set with that game chosen.
            let settable = Variant::ALL.iter().any(|variant| {
                let mut o = EngineOptions {
                    variant: *variant,
                    ..EngineOptions::default()
                };
                o.set(&decl.name, value.as_deref()).is_ok()
            });
            assert!(settable, "{}", decl.name);
        }
    }

    #[test]
    fn mastermind_options_make_codes_the_engine_can_play() {
        let mut o = EngineOptions::default();
        assert_eq!(
            o.set("Length", Some("5")).map_err(|e| e.to_string()),
            Err(
                "option 'Length' does not apply to kalah; choose its game with UCI_Variant first"
                    .to_owned()
            )
        );
        assert_eq!(
            o.set("UCI_Variant", Some("mastermind")),
            Ok(OptionEffect::NewRules)
        );
        assert_eq!(o.mastermind, MastermindRules::default());
        // Classic Mastermind.
        assert!(o.set("Symbols", Some("6")).is_ok());
        assert!(o.set("repeats", Some("true")).is_ok());
        assert_eq!(o.mastermind, MastermindRules::CLASSIC);
        assert!(o.set("MaxGuesses", Some("12")).is_ok());
        assert_eq!(o.mastermind.max_guesses, 12);
        let before = o.clone();
        assert_eq!(
            o.set("Symbols", Some("11")).map_err(|e| e.to_string()),
            Err("option 'Symbols' cannot be '11': expected a whole number from 1 to 10: the symbols are the digits 0-9".to_owned())
        );
        // Six of six without repeats is fine; seven positions are not.
        assert!(matches!(
            o.set("Length", Some("7")),
            Err(OptionError::BadValue { .. })
        ));
        assert!(o.set("Repeats", Some("false")).is_ok());
        assert!(matches!(
            o.set("Length", Some("7")),
            Err(OptionError::BadValue { .. })
        ));
        o = before.clone();
        assert!(o.set("Symbols", Some("10")).is_ok());
        assert!(matches!(
            o.set("Length", Some("6")),
            Err(OptionError::Code { .. })
        ));
        assert!(matches!(
            o.set("Pits", Some("6")),
            Err(OptionError::NotForGame { .. })
        ));
    }
}
