//! Kalah in the front ends: the Prolog Kalah program's drawing in the
//! terminal, pits and stores for the page's SVG board
//! (`web/assets/games/mancala.js`).

use ply_rules::game::{Game, Player};
use ply_rules::games::kalah::Kalah;
use serde_json::{Value, json};

use std::collections::BTreeMap;

use ply_rules::variant::Variant;

use super::database_size::{Sizing, board_of, choices, plan};
use super::{BoardView, BuildPlan, DatabaseUi, GameFrontEnd, GameUi};

/// Kalah's words for the front ends.
pub static UI: GameUi = GameUi {
    seat: "your row is at the bottom, your store on the right",
    turn_example: "[1,5]",
    // The bracketed turn, `[1,5]`, is how the Prolog Kalah program reads a
    // turn; the help says so without naming that program.
    move_help: "A move is the number of a pit you sow, counted from 1 on your left. \
                When your last seed lands in your store you sow again, so a turn lists \
                several pits exactly then: [1,5] sows pit 1, whose last seed lands in \
                your store, then pit 5. Type it in brackets, [1,5], or plainly \
                1 5 or 1,5; a one-sowing turn is just 3.",
    page_hint: ["click a pit", "click a pit"],
    unit: "seed",
    two_sided: true,
    start_options: &[("Seeds", "4")],
    turn_goes_on: "the last seed landed in your store, so you sow again",
    turn_is_over: "the last seed did not land in your store, so the turn is over",
    database: Some(&DATABASE),
};

/// Kalah's endgame databases (docs/endgame-db.md): the exact value of every
/// position with at most N seeds on the board, for one pit count and
/// capture rule.
pub static DATABASE: DatabaseUi = DatabaseUi {
    size_unit: "seeds on the board",
    choices: database_choices,
    plan: database_plan,
    perfect_play: true,
    results: false,
};

/// The sizes offered on six pits (docs/endgame-db.md's figures: 29 MB,
/// 215 MB, 1.25 GB, 5.6 GB); smaller boards get those their seeds can fill.
/// 28 seeds is the one perfect play wants: with it `go movetime 1000` gave
/// no value away in 100 Kalah(6,4) positions (docs/endgame-db.md, "Measured").
const OFFERED_SIZES: [u32; 4] = [16, 20, 24, 28];

/// A Kalah database's entry and build speed. The biggest file the page
/// builds is the 28-seed database of six pits (5.6 GB): bigger ones take
/// hours and more memory than a laptop has. Build speed (docs/endgame-db.md's
/// figures, this project's 2-core machine): 24 seeds on six pits, 1.25 G
/// entries, about 40 s; 16 seeds, 30 M entries, about 2 s.
const SIZING: Sizing = Sizing {
    max_bytes: 6_000_000_000,
    entries_per_second: 30_000_000,
    start_seconds: 1,
};

/// The capture rule's option.
const EMPTY_CAPTURE: &str = "EmptyCapture";

/// [`OFFERED_SIZES`] the board's seeds can fill.
fn database_choices(options: &BTreeMap<String, String>) -> Vec<u32> {
    board_of(options).map_or_else(|_| Vec::new(), |(_, total)| choices(&OFFERED_SIZES, total))
}

/// `build-db --max-seeds N --pits P [--empty-capture]`, its file's size
/// and its time.
fn database_plan(options: &BTreeMap<String, String>, size: u32) -> Result<BuildPlan, String> {
    let (pits, _) = board_of(options)?;
    let empty_capture = options.get(EMPTY_CAPTURE).is_some_and(|v| v == "true");
    let mut args = vec![
        "build-db".to_owned(),
        "--max-seeds".to_owned(),
        size.to_string(),
        "--pits".to_owned(),
        pits.to_string(),
    ];
    if empty_capture {
        args.push("--empty-capture".to_owned());
    }
    plan(Variant::Kalah, &SIZING, options, size, args)
}

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
    /// The Prolog Kalah program's picture: `bottom`'s pits along the bottom
    /// from its pit 1, its store on the right, the other side's pits
    /// reversed on top and their store on the left.
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
    use super::super::database_size::{PITS, SEEDS};
    use super::*;

    fn kalah(pits: &str, seeds: &str, empty_capture: &str) -> BTreeMap<String, String> {
        [(PITS, pits), (SEEDS, seeds), (EMPTY_CAPTURE, empty_capture)]
            .into_iter()
            .map(|(n, v)| (n.to_owned(), v.to_owned()))
            .collect()
    }

    /// The sizes of docs/endgame-db.md's table, its build times roughly.
    #[test]
    fn database_plans_follow_the_entry_count() {
        let six = kalah("6", "4", "false");
        assert_eq!(database_choices(&six), [16, 20, 24, 28]);
        let plan = database_plan(&six, 24).unwrap();
        assert_eq!(plan.bytes, 1_251_677_700 + 40 + 19_100 * 4);
        assert_eq!(plan.seconds, 43);
        assert_eq!(plan.args, ["build-db", "--max-seeds", "24", "--pits", "6"]);
        // The biggest offered: 2 min 48 s to build and save on the 2-core machine.
        assert_eq!(
            database_plan(&six, 28).unwrap().bytes,
            5_586_853_480 + 40 + 85_249 * 4
        );
        assert_eq!(database_plan(&six, 28).unwrap().seconds, 188);
        assert_eq!(
            database_plan(&six, 16).unwrap().bytes,
            30_421_755 + 40 + 465 * 4
        );
        assert_eq!(database_plan(&six, 16).unwrap().seconds, 3);
        assert_eq!(
            database_plan(&six, 12).unwrap().bytes,
            2_704_156 + 40 + 42 * 4
        );
        let irving = kalah("4", "3", "true");
        assert_eq!(database_choices(&irving), [16, 20, 24]);
        assert_eq!(
            database_plan(&irving, 10).unwrap().args,
            [
                "build-db",
                "--max-seeds",
                "10",
                "--pits",
                "4",
                "--empty-capture"
            ]
        );
        // C(18, 8) entries.
        assert_eq!(database_plan(&irving, 10).unwrap().bytes, 43_758 + 40 + 4);
        assert_eq!(database_choices(&kalah("2", "3", "false")), [12]);
        for (size, error) in [
            (0, "a database holds 1 to 127 seeds on the board, not 0"),
            (128, "a database holds 1 to 127 seeds on the board, not 128"),
        ] {
            assert_eq!(database_plan(&six, size), Err(error.to_owned()));
        }
        assert!(
            database_plan(&six, 30)
                .unwrap_err()
                .contains("choose fewer seeds")
        );
        assert!(database_plan(&BTreeMap::new(), 10).is_err());
    }

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
