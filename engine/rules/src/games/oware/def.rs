//! Oware in the game registry.

use super::{Oware, OwareRules};
use crate::game::{NotationError, Player};
use crate::games::mancala::BoardSizeError;
use crate::registry::GameDef;

impl GameDef for Oware {
    const NAME: &'static str = "oware";
    const SIDES: [&'static str; 2] = ["South", "North"];
    type Rules = OwareRules;

    fn start(rules: &OwareRules) -> Result<Self, BoardSizeError> {
        Oware::start(*rules)
    }

    /// The board's size comes from the text.
    fn from_position_string(text: &str, _rules: &OwareRules) -> Result<Self, NotationError> {
        Oware::from_position_string(text)
    }

    fn drawing(&self) -> String {
        Oware::drawing(self)
    }

    /// "Oware (Abapa)" for the tournament board, "Oware(4,3)" for others.
    fn title(rules: &OwareRules) -> String {
        if *rules == OwareRules::default() {
            "Oware (Abapa)".to_owned()
        } else {
            format!("Oware({},{})", rules.houses, rules.seeds)
        }
    }

    fn mismatch(&self, rules: &OwareRules) -> Option<String> {
        super::super::mancala::size_mismatch(self.houses(Player::One).len(), rules.houses)
    }
}
