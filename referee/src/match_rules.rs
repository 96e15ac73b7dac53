//! The rules the referee checks moves against: the rules crate's, the
//! very rules the engines play by, chosen the way the engines choose
//! theirs, from `UCI_Variant` and the game options (`option.Seeds=4`)
//! given to the engines, applied as a whole as an engine applies them.

use ply_rules::game::{Game, NotationError};
use ply_rules::options::RuleError;
use ply_rules::variant::{AnyGame, AnyRules, Variant, is_rule_option};
use ply_rules::with_game;
use thiserror::Error;

use crate::config::EngineConfig;

/// The option that chooses the game.
const VARIANT_OPTION: &str = "UCI_Variant";

/// Engine options that do not make one playable game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RulesError {
    /// A game option has a value the rules refuse.
    #[error("engine '{engine}': {source}")]
    Option {
        /// The engine whose options these are.
        engine: String,
        /// Why.
        source: RuleError,
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
    /// The game and its rules.
    pub options: AnyRules,
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

    /// The rules one engine's options choose, built as a whole from the
    /// registry's rule options. Options that are not game options (`Hash`,
    /// an engine's own) are left to the engine.
    fn for_engine(
        variant: Option<Variant>,
        engine: &str,
        engine_options: &[(String, String)],
    ) -> Result<Self, RulesError> {
        let option_error = |source| RulesError::Option {
            engine: engine.to_owned(),
            source,
        };
        let mut chosen = variant.unwrap_or(Variant::ALL[0]);
        let mut rule_options = Vec::new();
        for (name, value) in engine_options {
            if name.trim().eq_ignore_ascii_case(VARIANT_OPTION) {
                chosen = Variant::from_name(value).ok_or_else(|| {
                    option_error(RuleError::BadValue {
                        name: VARIANT_OPTION,
                        value: value.trim().to_owned(),
                        expected: format!("one of {}", Variant::names().join(", ")),
                    })
                })?;
            } else if is_rule_option(name) {
                rule_options.push((name.as_str(), value.as_str()));
            }
        }
        let options = AnyRules::build(chosen, &rule_options).map_err(option_error)?;
        let start = AnyGame::start(&options).map_err(|reason| RulesError::Unplayable {
            engine: engine.to_owned(),
            reason,
        })?;
        Ok(Self { options, start })
    }

    /// The variant.
    #[must_use]
    pub fn variant(&self) -> Variant {
        self.options.variant()
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
    position.draw_rule()
}

/// Whether `name` chooses the game or its rules: `UCI_Variant` and the
/// rule options the games declare.
#[cfg(test)]
fn is_game_option(name: &str) -> bool {
    name.trim().eq_ignore_ascii_case(VARIANT_OPTION) || is_rule_option(name)
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
        let values = rules.options.values();
        assert!(values.contains(&("Symbols", "6".to_owned())), "{values:?}");
        assert!(
            values.contains(&("Repeats", "true".to_owned())),
            "{values:?}"
        );
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
    fn game_options_are_applied_as_a_whole_in_any_order() {
        // `Length` 6 alone makes too many codes; with the others it fits.
        let rules = MatchRules::from_engines(
            Some(Variant::Mastermind),
            &[engine(
                "a",
                &[
                    ("Length", "6"),
                    ("Hash", "8"),
                    ("Symbols", "6"),
                    ("Repeats", "true"),
                ],
            )],
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert!(rules.options.values().contains(&("Length", "6".to_owned())));
        // The game chosen among the engine's options, after its rules.
        let oware = MatchRules::from_engines(
            None,
            &[engine("a", &[("Seeds", "3"), ("UCI_Variant", "oware")])],
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            oware.start.position_string(),
            "3,3,3,3,3,3 0 3,3,3,3,3,3 0 s"
        );
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
