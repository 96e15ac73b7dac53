//! Russian draughts' endgame tables as the page offers them
//! (docs/endgame-db.md, "Russian draughts endgame tables"): the result of
//! every position of at most N pieces, built by `ply-engine build-db
//! --variant russian --max-pieces N` into the cache, where the engine
//! finds them (`EndgameDB auto`). The search and `solve` use them; they
//! prove only endings, so no perfect strength.

use std::collections::BTreeMap;

use ply_rules::variant::Variant;

use crate::games::database_size::engine_plan;
use crate::games::{BuildPlan, DatabaseUi};

/// The tables of Russian draughts.
pub static DATABASE: DatabaseUi = DatabaseUi {
    size_unit: "pieces on the board",
    choices: database_choices,
    plan: database_plan,
    perfect_play: false,
    results: true,
};

/// A size the page offers: the most pieces, and the file's bytes and
/// build seconds as measured on this project's 2-core machine (the files
/// are compressed, so their size is measured, not computed;
/// docs/endgame-db.md, "Figures").
struct Offered {
    pieces: u32,
    bytes: u64,
    seconds: u64,
}

/// Four pieces hold Petrov's triangle (three kings against one); six
/// are the tables the engine is meant to play with.
const OFFERED: [Offered; 3] = [
    Offered {
        pieces: 4,
        bytes: 2_107_653,
        seconds: 3,
    },
    Offered {
        pieces: 5,
        bytes: 46_973_616,
        seconds: 64,
    },
    Offered {
        pieces: 6,
        bytes: 833_607_487,
        seconds: 1_252,
    },
];

/// Every offered size: Russian draughts has one board and one set of
/// rules.
fn database_choices(options: &BTreeMap<String, String>) -> Vec<u32> {
    let _ = options;
    OFFERED.iter().map(|offered| offered.pieces).collect()
}

/// `build-db --variant russian --max-pieces N`, its file's size and its
/// time.
fn database_plan(options: &BTreeMap<String, String>, size: u32) -> Result<BuildPlan, String> {
    let offered = OFFERED
        .iter()
        .find(|offered| offered.pieces == size)
        .ok_or_else(|| {
            let sizes: Vec<String> = database_choices(options)
                .iter()
                .map(u32::to_string)
                .collect();
            format!(
                "Russian draughts tables of {size} pieces are not offered: choose {}",
                sizes.join(", ")
            )
        })?;
    let args = ["build-db", "--variant", "russian", "--max-pieces"]
        .map(str::to_owned)
        .into_iter()
        .chain([size.to_string()])
        .collect();
    let size = u8::try_from(size).map_err(|_| format!("{size} pieces are too many"))?;
    Ok(BuildPlan {
        args,
        bytes: offered.bytes,
        memory: engine_plan(Variant::Russian, options, size)?.memory,
        seconds: offered.seconds,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_offered_tables_are_built_by_the_engine() {
        let options = BTreeMap::new();
        assert_eq!(database_choices(&options), [4, 5, 6]);
        let plan = database_plan(&options, 6).unwrap();
        assert_eq!(
            plan.args,
            ["build-db", "--variant", "russian", "--max-pieces", "6"]
        );
        assert_eq!(plan.bytes, 833_607_487);
        assert_eq!(
            database_plan(&options, 7).unwrap_err(),
            "Russian draughts tables of 7 pieces are not offered: choose 4, 5, 6"
        );
    }
}
