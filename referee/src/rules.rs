//! The rules the referee checks moves against: the engine library's own
//! rules, chosen the way the engines choose theirs, from `UCI_Variant` and
//! the game options (`option.Seeds=4`) given to the engines.

use ply_engine::game::{Game, NotationError};
use ply_engine::options::{EngineOptions, OptionError};
use ply_engine::variant::{AnyGame, Variant};
use ply_engine::with_game;
use ply_protocol::OptionKind;
use thiserror::Error;

use crate::config::EngineConfig;

/// Engine options that do not make one playable game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RulesError {
    /// A game option has a value the rules refuse.
    #[error("engine '{engine}': {source}")]
    Option {
        /// The engine whose options these are.
        engine: String,
        /// Why.
        source: OptionError,
    },
    /// The options make no playable game.
    #[error("engine '{engine}': {reason}")]
    Unplayable {
        /// The engine.
        engine: String,
        /// Why.
        reason: String,
    },
    /// Two engines were given different game options.
    #[error(
        "engines '{first}' and '{second}' would play different games ({first_start} / {second_start}); give game options such as option.Seeds with -each"
    )]
    Disagree {
        /// One engine.
        first: String,
        /// Another.
        second: String,
        /// The first one's start position.
        first_start: String,
        /// The second one's start position.
        second_start: String,
    },
}

/// The game of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchRules {
    /// The options as the engine library reads them.
    pub options: EngineOptions,
    /// The start position.
    pub start: AnyGame,
}

impl MatchRules {
    /// The rules every engine plays by.
    ///
    /// # Errors
    /// [`RulesError`] when a game option is bad or the engines disagree.
    pub fn from_engines(
        variant: Option<Variant>,
        engines: &[EngineConfig],
    ) -> Result<Self, RulesError> {
        let mut found: Option<(Self, &str)> = None;
        for engine in engines {
            let rules = Self::for_engine(variant, &engine.name, &engine.options)?;
            match &found {
                None => found = Some((rules, &engine.name)),
                Some((first, first_name)) if first.start != rules.start => {
                    return Err(RulesError::Disagree {
                        first: (*first_name).to_owned(),
                        second: engine.name.clone(),
                        first_start: first.start.position_string(),
                        second_start: rules.start.position_string(),
                    });
                }
                Some(_) => {}
            }
        }
        match found {
            Some((rules, _)) => Ok(rules),
            None => Self::for_engine(variant, "", &[]),
        }
    }

    /// The rules one engine's options choose. Options that are not game
    /// options (`Hash`, an engine's own) are left to the engine.
    fn for_engine(
        variant: Option<Variant>,
        engine: &str,
        engine_options: &[(String, String)],
    ) -> Result<Self, RulesError> {
        let mut options = EngineOptions::default();
        if let Some(variant) = variant {
            options.variant = variant;
        }
        for (name, value) in engine_options {
            let mut next = options.clone();
            match next.set(name, Some(value)) {
                Ok(ply_engine::options::OptionEffect::NewRules) => options = next,
                Ok(_) | Err(OptionError::Unknown(_) | OptionError::MissingValue(_)) => {}
                Err(
                    error @ (OptionError::Rules { .. }
                    | OptionError::Code { .. }
                    | OptionError::NotForGame { .. }),
                ) => {
                    return Err(RulesError::Option {
                        engine: engine.to_owned(),
                        source: error,
                    });
                }
                Err(error @ OptionError::BadValue { .. }) => {
                    if is_game_option(name) {
                        return Err(RulesError::Option {
                            engine: engine.to_owned(),
                            source: error,
                        });
                    }
                }
            }
        }
        let start = AnyGame::start(&options).map_err(|reason| RulesError::Unplayable {
            engine: engine.to_owned(),
            reason,
        })?;
        Ok(Self { options, start })
    }

    /// The variant.
    #[must_use]
    pub fn variant(&self) -> Variant {
        self.options.variant
    }
}

/// Plays the move an engine wrote in `position`, and returns it as the
/// rules write it. The rules read some variants of a move (Russian
/// draughts `C3-D4` for `c3-d4`, Kalah `03` for `3`, a capture's short form
/// for its whole path); records (PGN/PDN, results, the `position … moves`
/// sent to engines) must hold one spelling of each move, the rules' own, so
/// that they compare, resume and replay alike whoever wrote the move.
///
/// # Errors
/// [`NotationError`] when `text` is no legal move here.
pub fn play_move(position: &mut AnyGame, text: &str) -> Result<String, NotationError> {
    with_game!(position, game => {
        let mv = game.parse_move(text)?;
        let canonical = game.format_move(mv);
        game.play(mv);
        Ok(canonical)
    })
}

/// The rule that drew the game in `position`, in words, for games whose
/// rules have several (draughts: repetition and the move limits), so a
/// record says which one ended the game.
#[must_use]
pub fn draw_rule(position: &AnyGame) -> Option<&'static str> {
    match position {
        AnyGame::Russian(game) => game.draw_rule().map(|rule| rule.describe()),
        _ => None,
    }
}

/// Whether setting `name` to its default changes the rules of some game:
/// the game options, found from the engine library's own declarations.
/// Each game is asked, since an option such as Mastermind's `Length` is
/// refused by the others.
fn is_game_option(name: &str) -> bool {
    EngineOptions::declarations()
        .into_iter()
        .filter(|decl| decl.name.eq_ignore_ascii_case(name.trim()))
        .any(|decl| {
            let value = match decl.kind {
                OptionKind::Check { default } => default.to_string(),
                OptionKind::Spin { default, .. } => default.to_string(),
                OptionKind::Combo { default, .. } | OptionKind::String { default } => default,
                OptionKind::Button => return false,
            };
            Variant::ALL.iter().any(|variant| {
                let mut options = EngineOptions {
                    variant: *variant,
                    ..EngineOptions::default()
                };
                matches!(
                    options.set(&decl.name, Some(&value)),
                    Ok(ply_engine::options::OptionEffect::NewRules)
                )
            })
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{DEFAULT_TIME_MARGIN, Limits};

    fn engine(name: &str, options: &[(&str, &str)]) -> EngineConfig {
        EngineConfig {
            name: name.to_owned(),
            cmd: "x".to_owned(),
            dir: None,
            args: Vec::new(),
            options: options
                .iter()
                .map(|(n, v)| ((*n).to_owned(), (*v).to_owned()))
                .collect(),
            limits: Limits::default(),
            time_margin: DEFAULT_TIME_MARGIN,
            dialect: ply_protocol::Dialect::Uci,
        }
    }

    #[test]
    fn a_move_is_recorded_as_the_rules_write_it() {
        let kalah = MatchRules::from_engines(Some(Variant::Kalah), &[]).unwrap();
        let mut position = kalah.start.clone();
        assert_eq!(play_move(&mut position, "03").unwrap(), "3");
        assert_eq!(position, kalah.start.with_moves(&["3"]).unwrap());

        let russian = MatchRules::from_engines(Some(Variant::Russian), &[]).unwrap();
        let mut position = russian.start.clone();
        assert_eq!(play_move(&mut position, "C3-D4").unwrap(), "c3-d4");
        assert_eq!(position, russian.start.with_moves(&["c3-d4"]).unwrap());
    }

    #[test]
    fn an_illegal_move_leaves_the_position_as_it_was() {
        let kalah = MatchRules::from_engines(Some(Variant::Kalah), &[]).unwrap();
        let mut position = kalah.start.clone();
        assert!(play_move(&mut position, "9").is_err());
        assert!(play_move(&mut position, "x").is_err());
        assert_eq!(position, kalah.start);
    }

    #[test]
    fn game_options_choose_the_rules_and_others_are_ignored() {
        let rules = MatchRules::from_engines(
            Some(Variant::Kalah),
            &[
                engine("a", &[("Seeds", "4"), ("Hash", "64"), ("Threads", "2")]),
                engine("b", &[("seeds", "4"), ("Hash", "lots")]),
            ],
        )
        .unwrap();
        assert_eq!(
            rules.start.position_string(),
            "4,4,4,4,4,4 0 4,4,4,4,4,4 0 s"
        );
    }

    #[test]
    fn the_variant_chooses_the_game_and_its_options_its_board() {
        let oware = MatchRules::from_engines(Some(Variant::Oware), &[engine("a", &[])]).unwrap();
        assert_eq!(oware.variant(), Variant::Oware);
        assert_eq!(
            oware.start.position_string(),
            "4,4,4,4,4,4 0 4,4,4,4,4,4 0 s"
        );
        let small = MatchRules::from_engines(
            Some(Variant::Oware),
            &[engine("a", &[("Pits", "4"), ("Seeds", "3")])],
        )
        .unwrap();
        assert_eq!(small.start.position_string(), "3,3,3,3 0 3,3,3,3 0 s");
        let tictactoe =
            MatchRules::from_engines(Some(Variant::TicTacToe), &[engine("a", &[("Hash", "4")])])
                .unwrap();
        assert_eq!(tictactoe.start.position_string(), ".../.../... x");
        let err =
            MatchRules::from_engines(Some(Variant::TicTacToe), &[engine("a", &[("Seeds", "4")])])
                .unwrap_err();
        assert!(
            err.to_string().contains("does not apply to tictactoe"),
            "{err}"
        );
    }

    #[test]
    fn mastermind_options_are_game_options() {
        for name in [
            "Length",
            "symbols",
            "Repeats",
            "MaxGuesses",
            "Seeds",
            "UCI_Variant",
        ] {
            assert!(is_game_option(name), "{name}");
        }
        assert!(!is_game_option("Hash"));
        let rules = MatchRules::from_engines(
            Some(Variant::Mastermind),
            &[engine("a", &[("Symbols", "6"), ("Repeats", "true")])],
        )
        .unwrap();
        assert_eq!(rules.options.mastermind.symbols, 6);
        assert!(rules.options.mastermind.repeats);
        let err = MatchRules::from_engines(
            Some(Variant::Mastermind),
            &[engine("a", &[("Length", "four")])],
        )
        .unwrap_err();
        assert!(err.to_string().contains("Length"), "{err}");
        let err = MatchRules::from_engines(
            Some(Variant::Mastermind),
            &[engine("a", &[("Length", "5")]), engine("b", &[])],
        )
        .unwrap_err();
        assert!(matches!(err, RulesError::Disagree { .. }), "{err}");
    }

    #[test]
    fn bad_game_options_and_disagreement_are_errors() {
        let err = MatchRules::from_engines(None, &[engine("a", &[("Seeds", "x")])]).unwrap_err();
        assert!(err.to_string().contains("Seeds"), "{err}");
        let err =
            MatchRules::from_engines(None, &[engine("a", &[("Seeds", "4")]), engine("b", &[])])
                .unwrap_err();
        assert!(matches!(err, RulesError::Disagree { .. }), "{err}");
    }
}
