//! Mastermind in the game registry.

use super::{Mastermind, MastermindRules, RulesError};
use crate::game::NotationError;
use crate::registry::GameDef;

impl GameDef for Mastermind {
    const NAME: &'static str = "mastermind";
    const SIDES: [&'static str; 2] = ["Breaker", "Maker"];
    /// Its scores are guesses expected, not who stands better.
    const SCORES_ARE_EVALUATIONS: bool = false;
    type Rules = MastermindRules;

    fn start(rules: &MastermindRules) -> Result<Self, RulesError> {
        Mastermind::start(*rules)
    }

    fn from_position_string(text: &str, rules: &MastermindRules) -> Result<Self, NotationError> {
        Mastermind::from_position_string(text, *rules)
    }

    fn drawing(&self) -> String {
        Mastermind::drawing(self)
    }

    /// "Bulls and cows (4 of 0-9)" for the game of the Prolog
    /// bulls-and-cows program, "Mastermind (4 of 0-5, repeats)" when codes
    /// may repeat a symbol, as classic Mastermind's do.
    fn title(rules: &MastermindRules) -> String {
        let name = if rules.repeats {
            "Mastermind"
        } else {
            "Bulls and cows"
        };
        let repeats = if rules.repeats { ", repeats" } else { "" };
        format!(
            "{name} ({} of 0-{}{repeats})",
            rules.length,
            rules.symbols.saturating_sub(1)
        )
    }

    fn guesses(&self) -> Option<(usize, bool)> {
        Some((self.guesses_made(), self.is_solved()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_title_names_the_game_the_options_make() {
        assert_eq!(
            Mastermind::title(&MastermindRules::default()),
            "Bulls and cows (4 of 0-9)"
        );
        assert_eq!(
            Mastermind::title(&MastermindRules::CLASSIC),
            "Mastermind (4 of 0-5, repeats)"
        );
    }
}
