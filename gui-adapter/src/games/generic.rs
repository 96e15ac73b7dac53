//! The fallback for a game the front ends have no drawing for yet: the
//! rules crate's own text drawing (the engine's `d`), and on the page a
//! button for each legal move.

use ply_rules::game::Player;
use ply_rules::registry::GameDef;
use serde_json::{Value, json};

use super::{BoardView, GameUi};

/// Plain words that fit any two-player game.
pub static UI: GameUi = GameUi {
    seat: "player 1 moves first",
    turn_example: "[move]",
    move_help: "Moves are written in the game's notation; the engine's `d` and \
                `go perft` show them.",
    page_hint: ["choose a move", "choose a move"],
    unit: "point",
    two_sided: true,
    start_options: &[],
    turn_goes_on: "you move again",
    turn_is_over: "the turn is over",
    database: None,
};

/// Any position, drawn by the rules crate.
#[derive(Debug)]
pub struct GenericView<'a, G>(pub &'a G);

impl<G: GameDef> BoardView for GenericView<'_, G> {
    /// The engine's drawing; it has one orientation only.
    fn text(&self, _bottom: Player) -> String {
        GameDef::drawing(self.0)
    }

    fn json(&self) -> Value {
        json!({ "kind": "generic", "text": GameDef::drawing(self.0) })
    }
}
