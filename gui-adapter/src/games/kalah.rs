//! Kalah in the front ends: seed 000's drawing in the terminal, pits and
//! stores for the page's SVG board (`web/assets/games/mancala.js`).

use ply_rules::game::{Game, Player};
use ply_rules::games::kalah::Kalah;
use serde_json::{Value, json};

use super::{BoardView, GameFrontEnd, GameUi};

/// Kalah's words for the front ends.
pub static UI: GameUi = GameUi {
    seat: "your row is at the bottom, your store on the right",
    turn_example: "[1,5]",
    // The bracketed turn, `[1,5]`, is how seed 000 (a Prolog program)
    // reads a turn; the help says so without naming the seed.
    move_help: "A move is the number of a pit you sow, counted from 1 on your left. \
                When your last seed lands in your store you sow again, so a turn lists \
                several pits exactly then: [1,5] sows pit 1, whose last seed lands in \
                your store, then pit 5. Type it in brackets, [1,5], or plainly \
                1 5 or 1,5; a one-sowing turn is just 3.",
    unit: "seed",
    two_sided: true,
    start_options: &[("Seeds", "4")],
    turn_goes_on: "the last seed landed in your store, so you sow again",
    turn_is_over: "the last seed did not land in your store, so the turn is over",
};

impl GameFrontEnd for Kalah {
    const UI: &'static GameUi = &UI;

    fn view(&self) -> Box<dyn BoardView + '_> {
        Box::new(KalahView(self))
    }
}

/// A Kalah position as the front ends show it.
#[derive(Debug)]
pub struct KalahView<'a>(pub &'a Kalah);

impl BoardView for KalahView<'_> {
    /// Seed 000's picture: `bottom`'s pits along the bottom from its pit 1,
    /// its store on the right, the other side's pits reversed on top and
    /// their store on the left.
    fn text(&self, bottom: Player) -> String {
        self.0.drawing_for(bottom)
    }

    /// `{"kind":"kalah","pits":[[south…],[north…]],"stores":[s,n],"side":0}`:
    /// each side's pits from its own left, side 0 for South.
    fn json(&self) -> Value {
        let k = self.0;
        json!({
            "kind": "kalah",
            "pits": [k.pits(Player::One), k.pits(Player::Two)],
            "stores": [k.store(Player::One), k.store(Player::Two)],
            "side": k.side_to_move().index(),
        })
    }

    /// Each side's store plus the seeds still on its side (which the game
    /// sweeps into the stores at the end).
    fn tally(&self) -> Option<[u32; 2]> {
        let k = self.0;
        let count = |p: Player| {
            u32::from(k.store(p)) + k.pits(p).iter().map(|&s| u32::from(s)).sum::<u32>()
        };
        Some([count(Player::One), count(Player::Two)])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_person_is_drawn_at_the_bottom() {
        let k = Kalah::from_position_string("0,13,6,1,2,0 13 0,0,0,0,2,0 11 n", false).unwrap();
        let seed = "     0    2    1    6    13   0\n\
                    13                                 11\n     \
                    0    0    0    0    2    0\n";
        assert_eq!(KalahView(&k).text(Player::Two), seed);
        let value = KalahView(&k).json();
        assert_eq!(value["pits"][0], json!([0, 13, 6, 1, 2, 0]));
        assert_eq!(value["stores"], json!([13, 11]));
        assert_eq!(value["side"], json!(1));
    }
}
