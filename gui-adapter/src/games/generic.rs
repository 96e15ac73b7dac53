//! The fallback for a game the front ends have no drawing for yet: the
//! engine library's own text drawing (`d`), and on the page a button for
//! each legal move.

use ply_engine::game::Player;
use ply_engine::options::EngineOptions;
use ply_engine::variant::AnyGame;
use serde_json::{Value, json};

use super::{BoardView, GameUi};

/// Plain names that fit any two-player game.
pub static UI: GameUi = GameUi {
    side_names: ["Player 1", "Player 2"],
    option_names: &[],
    seat: "player 1 moves first",
    turn_example: "[move]",
    move_help: "Moves are written in the game's notation; the engine's `d` and \
                `go perft` show them.",
    unit: "point",
    two_sided: true,
    turn_goes_on: "you move again",
    turn_is_over: "the turn is over",
    title,
    option_values: |_| Vec::new(),
    option_order: &[],
};

fn title(options: &EngineOptions) -> String {
    options.variant.name().to_owned()
}

/// Any position, drawn by the engine library.
#[derive(Debug)]
pub struct GenericView<'a>(pub &'a AnyGame);

impl BoardView for GenericView<'_> {
    /// The engine's drawing; it has one orientation only.
    fn text(&self, _bottom: Player) -> String {
        self.0.drawing()
    }

    fn json(&self) -> Value {
        json!({ "kind": "generic", "text": self.0.drawing() })
    }
}
