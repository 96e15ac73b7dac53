//! Oware (Abapa) in the front ends: the Kalah picture with the captured
//! seeds in the stores, and the same SVG board on the page
//! (`web/assets/games/mancala.js`).

use ply_rules::game::{Game, Player};
use ply_rules::games::mancala::display::{Side, picture};
use ply_rules::games::oware::Oware;
use serde_json::{Value, json};

use super::{BoardView, GameFrontEnd, GameUi};

/// Oware's words for the front ends.
pub static UI: GameUi = GameUi {
    seat: "your row is at the bottom, your captures on the right",
    turn_example: "3",
    move_help: "A move is the number of a house you sow, counted from 1 on your left. \
                A turn is one move. The stores hold the seeds each side has captured.",
    page_hint: ["click a house", "click a house"],
    unit: "seed",
    two_sided: true,
    start_options: &[],
    turn_goes_on: "you move again",
    turn_is_over: "a turn is one move",
    database: None,
};

impl GameFrontEnd for Oware {
    const UI: &'static GameUi = &UI;

    fn view(&self) -> Box<dyn BoardView + '_> {
        Box::new(OwareView(self))
    }
}

/// An Oware position as the front ends show it.
#[derive(Debug)]
pub struct OwareView<'a>(pub &'a Oware);

impl BoardView for OwareView<'_> {
    fn text(&self, bottom: Player) -> String {
        let side = |player: Player| Side {
            pits: self.0.houses(player),
            store: self.0.store(player),
        };
        picture(side(bottom.opponent()), side(bottom))
    }

    /// The same form as Kalah's: houses as `pits`, captures as `stores`.
    fn json(&self) -> Value {
        let o = self.0;
        json!({
            "kind": "oware",
            "pits": [o.houses(Player::One), o.houses(Player::Two)],
            "stores": [o.store(Player::One), o.store(Player::Two)],
            "side": o.side_to_move().index(),
        })
    }

    /// Captured seeds plus the seeds in the own row (which each side takes
    /// when the game ends that way).
    fn tally(&self) -> Option<[u32; 2]> {
        let o = self.0;
        let count = |p: Player| {
            u32::from(o.store(p)) + o.houses(p).iter().map(|&s| u32::from(s)).sum::<u32>()
        };
        Some([count(Player::One), count(Player::Two)])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_person_is_drawn_at_the_bottom() {
        let pos = Oware::from_position_string("1,2,3,4,5,6 10 7,8,9,10,11,0 3 n").unwrap();
        let north_below = "     6    5    4    3    2    1\n\
                           10                                 3\n     \
                           7    8    9    10   11   0\n";
        assert_eq!(OwareView(&pos).text(Player::Two), north_below);
        assert_eq!(OwareView(&pos).json()["stores"], json!([10, 3]));
    }
}
