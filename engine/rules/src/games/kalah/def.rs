//! Kalah in the game registry.

use super::{Kalah, KalahRules, KalahRulesError};
use crate::game::{NotationError, Player};
use crate::registry::GameDef;

impl GameDef for Kalah {
    const NAME: &'static str = "kalah";
    const SIDES: [&'static str; 2] = ["South", "North"];
    type Rules = KalahRules;

    fn start(rules: &KalahRules) -> Result<Self, KalahRulesError> {
        Kalah::start(*rules)
    }

    fn from_position_string(text: &str, rules: &KalahRules) -> Result<Self, NotationError> {
        Kalah::from_position_string(text, rules.empty_capture)
    }

    fn drawing(&self) -> String {
        Kalah::drawing(self)
    }

    /// "Kalah(6,4)", with the capture rule when it is not the standard one.
    fn title(rules: &KalahRules) -> String {
        let capture = if rules.empty_capture {
            ", empty capture"
        } else {
            ""
        };
        format!("Kalah({},{}){capture}", rules.pits, rules.seeds)
    }

    fn mismatch(&self, rules: &KalahRules) -> Option<String> {
        super::super::mancala::size_mismatch(self.pits(Player::One).len(), rules.pits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_title_names_the_variant() {
        let mut rules = KalahRules {
            seeds: 4,
            ..KalahRules::default()
        };
        assert_eq!(Kalah::title(&rules), "Kalah(6,4)");
        rules.empty_capture = true;
        assert_eq!(Kalah::title(&rules), "Kalah(6,4), empty capture");
    }
}
