//! The games at the protocol boundary: [`Variant`] names a game for
//! `UCI_Variant`, [`AnyGame`] holds a position of whichever game is chosen,
//! [`AnyRules`] its rules.
//!
//! The games are registered here, once. Everything else (search, perft,
//! rules) is generic over [`GameDef`] and monomorphised per game; only the
//! code the registration generates matches on games, and everyone else goes
//! through [`with_game!`](crate::with_game),
//! [`with_variant!`](crate::with_variant) or [`with_rules!`](crate::with_rules).

use thiserror::Error;

use crate::game::{Game, NotationError, Outcome, Player};
use crate::options::{self, RuleDecl, RuleError, Rules};
use crate::registry::GameDef;

// Adding a game: its module under `games/`, and one line here.
crate::register_games! {
    /// Kalah(m, n), from the Prolog Kalah program.
    Kalah => games::kalah::Kalah,
    /// Oware (Abapa), the Prolog Kalah program's exercise 3.
    Oware => games::oware::Oware,
    /// Tic-tac-toe, from the Prolog Mastermind and tic-tac-toe notes and
    /// the Prolog tic-tac-toe notes.
    TicTacToe => games::tictactoe::TicTacToe,
    /// Russian draughts, from the Prolog draughts program.
    Russian => games::russian::Russian,
    /// Mastermind (bulls and cows by default), from the Prolog
    /// bulls-and-cows program.
    Mastermind => games::mastermind::Mastermind,
}

impl Variant {
    /// The variant with this name (any case).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(name.trim()))
    }

    /// All names, for error messages.
    #[must_use]
    pub fn names() -> Vec<&'static str> {
        Self::ALL.iter().map(|v| v.name()).collect()
    }

    /// What the game calls its sides, player one first.
    #[must_use]
    pub fn sides(self) -> [&'static str; 2] {
        with_variant!(self, G => G::SIDES)
    }

    /// The name of `player`'s side ("South").
    #[must_use]
    pub fn side_name(self, player: Player) -> &'static str {
        self.sides()[player.index()]
    }

    /// 0 for the first registered game, 1 for the next, …: an index into
    /// per-game arrays.
    #[must_use]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The names of the game's rule options, as `uci` lists them.
    #[must_use]
    pub fn option_names(self) -> Vec<&'static str> {
        with_variant!(self, G => <G as GameDef>::Rules::OPTIONS.iter().map(|o| o.name).collect())
    }

    /// The game's rule options, with its own defaults and ranges.
    #[must_use]
    pub fn rule_options(self) -> Vec<RuleDecl> {
        let mut decls = Vec::new();
        with_variant!(self, G => options::declare::<<G as GameDef>::Rules>(&mut decls));
        decls
    }

    /// Whether the game has the rule option `name` (any case).
    #[must_use]
    pub fn has_option(self, name: &str) -> bool {
        with_variant!(self, G => <G as GameDef>::Rules::OPTIONS.iter().any(|o| o.is_named(name)))
    }

    /// The `GameType` tag of the game's records when they are PDN.
    #[must_use]
    pub fn pdn_game_type(self) -> Option<&'static str> {
        with_variant!(self, G => G::PDN_GAME_TYPE)
    }

    /// Whether an engine's scores in this game say who stands better.
    #[must_use]
    pub fn scores_are_evaluations(self) -> bool {
        with_variant!(self, G => G::SCORES_ARE_EVALUATIONS)
    }
}

/// The rule options of every game, for `uci`: in registration order, a
/// name shared by games (`Pits`) once, with the first game's default and
/// the widest range.
#[must_use]
pub fn rule_declarations() -> Vec<RuleDecl> {
    let mut decls = Vec::new();
    for variant in Variant::ALL {
        with_variant!(variant, G => options::declare::<<G as GameDef>::Rules>(&mut decls));
    }
    decls
}

/// Checks a rule option's value alone, against every game that declares
/// the option, and returns its name as declared.
///
/// # Errors
/// [`RuleError::Unknown`] when no game has the option;
/// [`RuleError::BadValue`] (the first declaring game's) when none accepts
/// the value.
pub fn check_rule_value(name: &str, value: &str) -> Result<&'static str, RuleError> {
    let mut first_error = None;
    for variant in Variant::ALL {
        let checked =
            with_variant!(variant, G => options::check_value::<<G as GameDef>::Rules>(name, value));
        match checked {
            Some(Ok(declared)) => return Ok(declared),
            Some(Err(e)) => {
                first_error.get_or_insert(e);
            }
            None => {}
        }
    }
    Err(first_error.unwrap_or_else(|| RuleError::Unknown(name.trim().to_owned())))
}

/// Whether some game has the rule option `name`.
#[must_use]
pub fn is_rule_option(name: &str) -> bool {
    Variant::ALL.iter().any(|v| v.has_option(name))
}

/// Rule options applied as a whole: the rules, and the options that were
/// not the chosen game's (left out, each with its error).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Applied {
    /// The new rules, checked as a whole.
    pub rules: AnyRules,
    /// The options that do not apply to the game, left out.
    pub not_for_game: Vec<RuleError>,
}

impl AnyRules {
    /// Sets one option of these rules, checking the value alone.
    ///
    /// # Errors
    /// [`RuleError::NotForGame`] when the game has no such option,
    /// [`RuleError::BadValue`] for a value it does not accept.
    pub fn set(&mut self, name: &str, value: &str) -> Result<&'static str, RuleError> {
        let variant = self.variant();
        with_rules!(self, rules: G => options::set_option(rules, name, value)).map_err(
            |e| match e {
                RuleError::Unknown(_) => RuleError::NotForGame {
                    name: declared_name(name),
                    variant: variant.name(),
                },
                other => other,
            },
        )
    }

    /// Checks the rules as a whole.
    ///
    /// # Errors
    /// Why they make no playable game.
    pub fn validate(&self) -> Result<(), String> {
        with_rules!(self, rules: G => rules.validate().map_err(|e| e.to_string()))
    }

    /// These rules with `options` set, in any order, then checked as a
    /// whole. Options the game does not have are left out and listed;
    /// a value the game refuses, or a whole that cannot be played, is an
    /// error and nothing changes.
    ///
    /// # Errors
    /// [`RuleError::BadValue`] or [`RuleError::Unplayable`] (naming the
    /// last option set).
    pub fn with_options<N: AsRef<str>, V: AsRef<str>>(
        &self,
        options: &[(N, V)],
    ) -> Result<Applied, RuleError> {
        let mut rules = self.clone();
        let mut not_for_game = Vec::new();
        let mut last = None;
        for (name, value) in options {
            match rules.set(name.as_ref(), value.as_ref()) {
                Ok(declared) => last = Some(declared),
                Err(e @ RuleError::NotForGame { .. }) => not_for_game.push(e),
                Err(e) => return Err(e),
            }
        }
        if let Err(reason) = rules.validate() {
            return Err(RuleError::Unplayable {
                name: last.unwrap_or("UCI_Variant"),
                reason,
            });
        }
        Ok(Applied {
            rules,
            not_for_game,
        })
    }

    /// The default rules of `variant` with `options` set as a whole; an
    /// option the game does not have is an error here.
    ///
    /// # Errors
    /// As [`AnyRules::with_options`], and [`RuleError::NotForGame`].
    pub fn build<N: AsRef<str>, V: AsRef<str>>(
        variant: Variant,
        options: &[(N, V)],
    ) -> Result<Self, RuleError> {
        let applied = Self::default_for(variant).with_options(options)?;
        match applied.not_for_game.into_iter().next() {
            Some(e) => Err(e),
            None => Ok(applied.rules),
        }
    }

    /// The value of each of the game's options, as `setoption` writes them.
    #[must_use]
    pub fn values(&self) -> Vec<(&'static str, String)> {
        with_rules!(self, rules: G => options::option_values(rules))
    }

    /// A title for the game these rules make ("Kalah(6,4)").
    #[must_use]
    pub fn title(&self) -> String {
        with_rules!(self, rules: G => G::title(rules))
    }
}

/// `name` as some game declares it, for messages (as given otherwise).
fn declared_name(name: &str) -> &'static str {
    rule_declarations()
        .into_iter()
        .find(|d| d.name.eq_ignore_ascii_case(name.trim()))
        .map_or("?", |d| d.name)
}

/// A move list that could not be played, and where it went wrong.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("move {number} of the list: {source}")]
pub struct MoveListError {
    /// 1-based position of the bad move in the list.
    pub number: usize,
    /// What is wrong with it.
    pub source: NotationError,
}

impl AnyGame {
    /// This position with `moves` played, or the first bad move; `self` is
    /// never half-changed.
    ///
    /// # Errors
    /// [`MoveListError`] naming the first move that is malformed or illegal.
    pub fn with_moves<S: AsRef<str>>(&self, moves: &[S]) -> Result<Self, MoveListError> {
        let mut next = self.clone();
        with_game!(&mut next, game => {
            for (i, text) in moves.iter().enumerate() {
                let mv = game
                    .parse_move(text.as_ref())
                    .map_err(|source| MoveListError { number: i + 1, source })?;
                game.play(mv);
            }
        });
        Ok(next)
    }

    /// The position string (`Fen:` line of `d`).
    #[must_use]
    pub fn position_string(&self) -> String {
        with_game!(self, game => game.position_string())
    }

    /// The board drawn for a person (`d`).
    #[must_use]
    pub fn drawing(&self) -> String {
        with_game!(self, game => GameDef::drawing(game))
    }

    /// The outcome, once the game is over.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        with_game!(self, game => game.outcome())
    }

    /// The side to move.
    #[must_use]
    pub fn side_to_move(&self) -> Player {
        with_game!(self, game => game.side_to_move())
    }

    /// The rule that drew the game here, in words (see [`GameDef::draw_rule`]).
    #[must_use]
    pub fn draw_rule(&self) -> Option<&'static str> {
        with_game!(self, game => GameDef::draw_rule(game))
    }

    /// The guesses made and whether the code was found, in a code-breaking
    /// game (see [`GameDef::guesses`]).
    #[must_use]
    pub fn guesses(&self) -> Option<(usize, bool)> {
        with_game!(self, game => GameDef::guesses(game))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::RuleKind;

    #[test]
    fn shared_options_are_declared_once_with_the_first_default_and_widest_range() {
        let decls = rule_declarations();
        let names: Vec<&str> = decls.iter().map(|d| d.name).collect();
        assert_eq!(
            names,
            [
                "Pits",
                "Seeds",
                "EmptyCapture",
                "Length",
                "Symbols",
                "Repeats",
                "MaxGuesses"
            ]
        );
        // Kalah's 6 seeds, not Oware's 4.
        assert_eq!(decls[1].default, 6);
        assert!(matches!(
            decls[1].kind,
            RuleKind::Spin {
                min: 1,
                max: 127,
                ..
            }
        ));
        // Each game's own defaults stay its own.
        let oware = Variant::Oware.rule_options();
        assert_eq!(oware[1].default, 4);
    }

    #[test]
    fn a_value_is_checked_against_every_game_that_has_the_option() {
        assert_eq!(check_rule_value("seeds", "4"), Ok("Seeds"));
        assert!(matches!(
            check_rule_value("Seeds", "0"),
            Err(RuleError::BadValue { name: "Seeds", .. })
        ));
        assert_eq!(
            check_rule_value("Houses", "4"),
            Err(RuleError::Unknown("Houses".to_owned()))
        );
    }

    #[test]
    fn options_apply_as_a_whole_in_any_order() {
        // Alphabetical order, as a map holds them: `Length` 6 comes before
        // `Repeats` and `Symbols` make it playable.
        let rules = AnyRules::build(
            Variant::Mastermind,
            &[("Length", "6"), ("Repeats", "true"), ("Symbols", "6")],
        )
        .map(|r| r.values());
        assert_eq!(
            rules,
            Ok(vec![
                ("Length", "6".to_owned()),
                ("Symbols", "6".to_owned()),
                ("Repeats", "true".to_owned()),
                ("MaxGuesses", "10".to_owned()),
            ])
        );
        // The whole is still checked: six different digits of ten are
        // too many codes.
        assert!(matches!(
            AnyRules::build(Variant::Mastermind, &[("Length", "6")]),
            Err(RuleError::Unplayable { name: "Length", .. })
        ));
        // An option of another game is left out and reported.
        let applied = AnyRules::default_for(Variant::Oware)
            .with_options(&[("EmptyCapture", "true"), ("Seeds", "3")])
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(applied.rules.title(), "Oware(6,3)");
        assert_eq!(
            applied.not_for_game,
            [RuleError::NotForGame {
                name: "EmptyCapture",
                variant: "oware"
            }]
        );
    }

    #[test]
    fn every_game_is_registered_with_its_names() {
        // The first games, in registration order (a new game comes after).
        assert_eq!(
            Variant::names()[..5],
            ["kalah", "oware", "tictactoe", "russian", "mastermind"]
        );
        for variant in Variant::ALL {
            assert_eq!(Variant::from_name(variant.name()), Some(variant));
            let rules = AnyRules::default_for(variant);
            assert_eq!(rules.variant(), variant);
            let start = AnyGame::start(&rules).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(start.variant(), variant);
            let again = AnyGame::from_position_string(&rules, &start.position_string());
            assert_eq!(
                again.as_ref().map(AnyGame::position_string),
                Ok(start.position_string())
            );
            assert_eq!(start.mismatch(&rules), None);
        }
        assert_eq!(Variant::TicTacToe.sides(), ["X", "O"]);
        assert_eq!(Variant::Kalah.side_name(Player::Two), "North");
    }
}
