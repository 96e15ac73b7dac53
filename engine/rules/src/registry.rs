//! The game registry: the definition every game gives of itself
//! ([`GameDef`]), and the macro that registers the games once
//! ([`register_games!`](crate::register_games)), generating
//! [`Variant`](crate::variant::Variant), [`AnyGame`](crate::variant::AnyGame),
//! [`AnyRules`](crate::variant::AnyRules) and the dispatch macros
//! [`with_game!`](crate::with_game), [`with_variant!`](crate::with_variant)
//! and [`with_rules!`](crate::with_rules).
//!
//! Everything that is the same for every game is written once here, over
//! [`GameDef`]; a layer that needs to treat one game differently asks one of
//! its hooks (each with a default) instead of naming the game.

use crate::game::{Game, NotationError};
use crate::options::Rules;

/// A game as the registry knows it: its names, its rules struct, how to
/// set it up, and the hooks generic layers ask instead of naming games.
pub trait GameDef: Game + PartialEq + Eq {
    /// The `UCI_Variant` name ("kalah").
    const NAME: &'static str;

    /// What the game calls its sides, player one first ("South", "North").
    const SIDES: [&'static str; 2];

    /// The `GameType` tag of the game's records when they are PDN
    /// (draughts); `None` for games recorded as PGN.
    const PDN_GAME_TYPE: Option<&'static str> = None;

    /// Whether an engine's scores say who stands better, as the referee's
    /// `-draw` and `-resign` read them (not so for Mastermind's expected
    /// guesses).
    const SCORES_ARE_EVALUATIONS: bool = true;

    /// The typed rules struct, with its options.
    type Rules: Rules;

    /// The start position of these rules.
    ///
    /// # Errors
    /// Why the rules make no playable game.
    fn start(rules: &Self::Rules) -> Result<Self, <Self::Rules as Rules>::Error>;

    /// Reads a position string of the game played by these rules.
    ///
    /// # Errors
    /// [`NotationError::BadPosition`] saying what is wrong with the text.
    fn from_position_string(text: &str, rules: &Self::Rules) -> Result<Self, NotationError>;

    /// The board drawn for a person (the engine's `d`).
    fn drawing(&self) -> String;

    /// A title for the game these rules make ("Kalah(6,4)").
    fn title(rules: &Self::Rules) -> String {
        let _ = rules;
        Self::NAME.to_owned()
    }

    /// Why this position, read from a position string, does not belong to
    /// a game set up with `rules` (a board of another size), or `None`.
    fn mismatch(&self, rules: &Self::Rules) -> Option<String> {
        let _ = rules;
        None
    }

    /// The rule that drew the game here, in words, for games whose rules
    /// have several (draughts: repetition and the move limits).
    fn draw_rule(&self) -> Option<&'static str> {
        None
    }

    /// For a code-breaking game: the guesses made and whether the code was
    /// found, for the records.
    fn guesses(&self) -> Option<(usize, bool)> {
        None
    }
}

/// Registers the games, once: `Name => path::to::Type` for each, where
/// the type implements [`GameDef`] and the path is inside this crate.
///
/// It generates `Variant` (with `ALL`, `name`, `from_name`, `names`,
/// `sides`), `AnyGame` (a position of any game), `AnyRules` (the rules of
/// any game), and the exported dispatch macros `with_game!`,
/// `with_variant!` and `with_rules!`, the one place that matches on games.
#[macro_export]
macro_rules! register_games {
    ($($(#[$doc:meta])* $name:ident => $($path:ident)::+),+ $(,)?) => {
        $crate::register_games!(@emit ($) $($(#[$doc])* $name => $($path)::+),+);
    };
    (@emit ($d:tt) $($(#[$doc:meta])* $name:ident => $($path:ident)::+),+) => {
        /// A game Ply plays, as named by `setoption name UCI_Variant value <name>`.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Variant {
            $($(#[$doc])* $name,)+
        }

        /// A position of the chosen game.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum AnyGame {
            $($(#[$doc])* $name($crate::$($path)::+),)+
        }

        /// The rules of the chosen game (which game, and its options).
        /// Not `Copy`, though every rules struct is: a value that names
        /// a whole game is passed on by reference or cloned on purpose.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum AnyRules {
            $($(#[$doc])* $name(<$crate::$($path)::+ as $crate::registry::GameDef>::Rules),)+
        }

        impl Variant {
            /// Every variant, in the order `uci` lists them.
            pub const ALL: [Self; <[&str]>::len(&[$(stringify!($name)),+])] = [$(Self::$name),+];

            /// The `UCI_Variant` name.
            #[must_use]
            pub fn name(self) -> &'static str {
                match self {
                    $(Self::$name => <$crate::$($path)::+ as $crate::registry::GameDef>::NAME,)+
                }
            }
        }

        /// Runs `$body` with `$game` bound to the concrete position inside an
        /// [`AnyGame`], whatever the game: the one place that matches on games.
        #[macro_export]
        macro_rules! with_game {
            ($d any:expr, $d game:ident => $d body:expr) => {
                match $d any {
                    $($crate::variant::AnyGame::$name($d game) => $d body,)+
                }
            };
        }

        /// Runs `$body` with the type `$G` naming the game of a [`Variant`].
        #[macro_export]
        macro_rules! with_variant {
            ($d variant:expr, $d G:ident => $d body:expr) => {
                match $d variant {
                    $($crate::variant::Variant::$name => {
                        #[allow(dead_code)]
                        type $d G = $crate::$($path)::+;
                        $d body
                    })+
                }
            };
        }

        /// Runs `$body` with `$rules` bound to the typed rules inside an
        /// [`AnyRules`] and the type `$G` naming their game.
        #[macro_export]
        macro_rules! with_rules {
            ($d any:expr, $d rules:ident : $d G:ident => $d body:expr) => {
                match $d any {
                    $($crate::variant::AnyRules::$name($d rules) => {
                        #[allow(dead_code)]
                        type $d G = $crate::$($path)::+;
                        $d body
                    })+
                }
            };
        }

        impl AnyGame {
            /// The variant this position belongs to.
            #[must_use]
            pub fn variant(&self) -> Variant {
                match self {
                    $(Self::$name(_) => Variant::$name,)+
                }
            }

            /// The start position of these rules.
            ///
            /// # Errors
            /// A message saying why the rules make no playable game.
            pub fn start(rules: &AnyRules) -> Result<Self, String> {
                match rules {
                    $(AnyRules::$name(rules) => {
                        <$crate::$($path)::+ as $crate::registry::GameDef>::start(rules)
                            .map(Self::$name)
                            .map_err(|e| e.to_string())
                    })+
                }
            }

            /// Reads a position string of the game these rules choose.
            ///
            /// # Errors
            /// [`NotationError`](crate::game::NotationError) saying what is
            /// wrong with the text.
            pub fn from_position_string(
                rules: &AnyRules,
                text: &str,
            ) -> Result<Self, $crate::game::NotationError> {
                match rules {
                    $(AnyRules::$name(rules) => {
                        <$crate::$($path)::+ as $crate::registry::GameDef>::from_position_string(
                            text, rules,
                        )
                        .map(Self::$name)
                    })+
                }
            }

            /// Why this position does not belong to a game set up with
            /// `rules` (another game, a board of another size), or `None`.
            #[must_use]
            pub fn mismatch(&self, rules: &AnyRules) -> Option<String> {
                match (self, rules) {
                    $((Self::$name(game), AnyRules::$name(rules)) => {
                        $crate::registry::GameDef::mismatch(game, rules)
                    })+
                    #[allow(unreachable_patterns)]
                    _ => Some(format!(
                        "it is a position of {} and the game is {}",
                        self.variant().name(),
                        rules.variant().name()
                    )),
                }
            }
        }

        impl AnyRules {
            /// The default rules of `variant`.
            #[must_use]
            pub fn default_for(variant: Variant) -> Self {
                match variant {
                    $(Variant::$name => Self::$name(Default::default()),)+
                }
            }

            /// The game these rules are for.
            #[must_use]
            pub fn variant(&self) -> Variant {
                match self {
                    $(Self::$name(_) => Variant::$name,)+
                }
            }
        }
    };
}
