//! Russian draughts in the game registry.

use super::Russian;
use crate::game::NotationError;
use crate::options::NoRules;
use crate::registry::GameDef;

impl GameDef for Russian {
    const NAME: &'static str = "russian";
    const SIDES: [&'static str; 2] = ["White", "Black"];
    /// PDN's number for Russian draughts.
    const PDN_GAME_TYPE: Option<&'static str> = Some("25");
    type Rules = NoRules;

    fn start(_rules: &NoRules) -> Result<Self, std::convert::Infallible> {
        Ok(Russian::start())
    }

    fn from_position_string(text: &str, _rules: &NoRules) -> Result<Self, NotationError> {
        Russian::from_position_string(text)
    }

    fn title(_rules: &NoRules) -> String {
        "Russian draughts".to_owned()
    }

    fn drawing(&self) -> String {
        Russian::drawing(self)
    }

    fn draw_rule(&self) -> Option<&'static str> {
        Russian::draw_rule(self).map(|rule| rule.describe())
    }
}
