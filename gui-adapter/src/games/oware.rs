//! Oware (Abapa) in the front ends: the Kalah picture with the captured
//! seeds in the stores, and the same SVG board on the page
//! (`web/assets/games/mancala.js`).

use ply_rules::game::{Game, Player};
use ply_rules::games::mancala::display::{Side, picture};
use ply_rules::games::oware::Oware;
use serde_json::{Value, json};

use std::collections::BTreeMap;

use ply_rules::variant::Variant;

use super::database_size::{Sizing, board_of, choices, plan};
use super::{BoardView, BuildPlan, DatabaseUi, GameFrontEnd, GameUi};

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
    database: Some(&DATABASE),
};

/// Oware's endgame databases (docs/endgame-db.md, "Oware endgame
/// databases"): two bounds on the rest of the game's value of every board
/// with at most N seeds, exact where they meet. The search and `solve` use
/// them; they prove no move everywhere, so no perfect strength.
pub static DATABASE: DatabaseUi = DatabaseUi {
    size_unit: "seeds on the board",
    choices: database_choices,
    plan: database_plan,
    perfect_play: false,
    results: false,
};

/// The sizes offered on six houses: 12 seeds is Aalina's table, 24 the
/// one the engine is meant to play with (2.5 GB, about 4 minutes and
/// 3.5 GiB of memory on two cores), 28 the biggest (11.2 GB, about 15 GiB
/// of memory), docs/endgame-db.md's figures. The page offers only those
/// the machine has the memory and disk for.
const OFFERED_SIZES: [u32; 5] = [12, 16, 20, 24, 28];

/// The most houses a side an Oware database is built for (its links are
/// sized for Abapa's board).
const MAX_HOUSES: u32 = 6;

/// An Oware database's build speed and biggest file: the 24-seed one,
/// 1.25 G boards, took 4 min 8 s on this project's 2-core machine (5 M
/// boards a second; smaller ones go a little faster a board, so the
/// estimate errs long for them); the 28-seed file is 11.2 GB.
const SIZING: Sizing = Sizing {
    max_bytes: 12_000_000_000,
    entries_per_second: 5_000_000,
    start_seconds: 1,
};

/// [`OFFERED_SIZES`] the board's seeds can fill, on boards of at most
/// [`MAX_HOUSES`] houses a side.
fn database_choices(options: &BTreeMap<String, String>) -> Vec<u32> {
    match board_of(options) {
        Ok((houses, total)) if houses <= MAX_HOUSES => choices(&OFFERED_SIZES, total),
        _ => Vec::new(),
    }
}

/// `build-db --variant oware --max-seeds N --pits P`, its file's size and
/// its time.
fn database_plan(options: &BTreeMap<String, String>, size: u32) -> Result<BuildPlan, String> {
    let (houses, _) = board_of(options)?;
    if houses > MAX_HOUSES {
        return Err(format!(
            "Oware databases are built for 1 to {MAX_HOUSES} houses a side, not {houses}"
        ));
    }
    let args = [
        "build-db",
        "--variant",
        "oware",
        "--max-seeds",
        &size.to_string(),
        "--pits",
        &houses.to_string(),
    ]
    .map(str::to_owned)
    .to_vec();
    plan(Variant::Oware, &SIZING, options, size, args)
}

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

    fn oware(houses: &str, seeds: &str) -> BTreeMap<String, String> {
        [("Pits", houses), ("Seeds", seeds)]
            .into_iter()
            .map(|(n, v)| (n.to_owned(), v.to_owned()))
            .collect()
    }

    /// docs/endgame-db.md's 24-seed file: 2,503,431,840 bytes.
    #[test]
    fn database_plans_follow_the_board_count() {
        let abapa = oware("6", "4");
        assert_eq!(database_choices(&abapa), [12, 16, 20, 24, 28]);
        let plan = database_plan(&abapa, 24).unwrap();
        assert_eq!(plan.bytes, 2_503_431_840);
        assert_eq!(plan.seconds, 1 + 1_251_677_700_u64.div_ceil(5_000_000));
        assert_eq!(
            plan.args,
            [
                "build-db",
                "--variant",
                "oware",
                "--max-seeds",
                "24",
                "--pits",
                "6"
            ]
        );
        // Three houses of two seeds: the whole board.
        assert_eq!(database_choices(&oware("3", "2")), [12]);
        assert_eq!(database_choices(&oware("8", "4")), Vec::<u32>::new());
        assert_eq!(
            database_plan(&oware("8", "4"), 12),
            Err("Oware databases are built for 1 to 6 houses a side, not 8".to_owned())
        );
        assert!(
            database_plan(&abapa, 30)
                .unwrap_err()
                .contains("choose fewer seeds")
        );
    }
}
