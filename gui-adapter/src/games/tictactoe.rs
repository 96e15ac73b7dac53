//! Tic-tac-toe in the front ends: the engine library's drawing in the
//! terminal, a 3×3 SVG grid on the page (`web/assets/games/tictactoe.js`).

use ply_rules::game::{Game, Player};
use ply_rules::games::tictactoe::TicTacToe;
use serde_json::{Value, json};

use super::{BoardView, GameFrontEnd, GameUi};

/// Tic-tac-toe's words for the front ends.
pub static UI: GameUi = GameUi {
    seat: "x moves first",
    turn_example: "b2",
    move_help: "A move is a square: a file a-c from the left and a rank 1-3 from the bottom, \
                as b2 for the middle. A turn is one move.",
    page_hint: ["click a square", "click a square"],
    unit: "point",
    two_sided: true,
    start_options: &[],
    turn_goes_on: "you move again",
    turn_is_over: "a turn is one move",
    database: None,
};

impl GameFrontEnd for TicTacToe {
    const UI: &'static GameUi = &UI;

    fn view(&self) -> Box<dyn BoardView + '_> {
        Box::new(TicTacToeView(self))
    }
}

/// A tic-tac-toe position as the front ends show it.
#[derive(Debug)]
pub struct TicTacToeView<'a>(pub &'a TicTacToe);

impl BoardView for TicTacToeView<'_> {
    /// The engine library's drawing, rank 3 on top, for either side.
    fn text(&self, _bottom: Player) -> String {
        self.0.drawing()
    }

    /// `{"kind":"tictactoe","cells":["x","","o",…],"side":0}`: squares
    /// `a1`, `b1`, `c1`, `a2`, … `c3`.
    fn json(&self) -> Value {
        let cells: Vec<&str> = (0..9)
            .map(|square| match self.0.owner(square) {
                Some(Player::One) => "x",
                Some(Player::Two) => "o",
                None => "",
            })
            .collect();
        json!({
            "kind": "tictactoe",
            "cells": cells,
            "side": self.0.side_to_move().index(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_are_listed_from_a1() {
        let pos = TicTacToe::from_position_string("x../.o./..x o").unwrap();
        let value = TicTacToeView(&pos).json();
        assert_eq!(
            value["cells"],
            json!(["", "", "x", "", "o", "", "x", "", ""])
        );
        assert_eq!(value["side"], json!(1));
    }
}
