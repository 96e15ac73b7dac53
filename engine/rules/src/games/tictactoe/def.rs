//! Tic-tac-toe in the game registry.

use super::TicTacToe;
use crate::game::NotationError;
use crate::options::NoRules;
use crate::registry::GameDef;

impl GameDef for TicTacToe {
    const NAME: &'static str = "tictactoe";
    const SIDES: [&'static str; 2] = ["X", "O"];
    type Rules = NoRules;

    fn start(_rules: &NoRules) -> Result<Self, std::convert::Infallible> {
        Ok(TicTacToe::start())
    }

    fn from_position_string(text: &str, _rules: &NoRules) -> Result<Self, NotationError> {
        TicTacToe::from_position_string(text)
    }

    fn title(_rules: &NoRules) -> String {
        "Tic-tac-toe".to_owned()
    }

    fn drawing(&self) -> String {
        TicTacToe::drawing(self)
    }
}
