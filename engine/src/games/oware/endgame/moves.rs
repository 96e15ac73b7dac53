//! The game the bounds are of (`bounds.rs`): Oware's moves without the
//! majority in a store (which never changes who wins), and its end, each
//! side taking its own row. The build, the reference and the solver all
//! play it.

use ply_rules::game::Player;
use ply_rules::games::oware::board::Board;

/// `side`'s row minus the opponent's: what `side` gets when the game ends
/// here with each side taking its own row (South, the mover of a
/// canonical board, here; `solve.rs` asks for either side).
pub(crate) fn row_margin(board: &Board, side: Player) -> i32 {
    let own = i64::from(board.row_total(side));
    let theirs = i64::from(board.row_total(side.opponent()));
    i32::try_from(own - theirs).unwrap_or(0)
}

/// The houses `side` may sow (0-based): those with seeds, and when the
/// opponent has none, only those that give them some (Ply's rules,
/// without the majority in a store, which the analysis ignores).
#[must_use]
pub fn legal_houses(board: &Board, side: Player) -> Vec<usize> {
    let must_feed = board.row_is_empty(side.opponent());
    (0..usize::from(board.house_count))
        .filter(|&house| {
            board.houses[side.index()][house] > 0
                && (!must_feed || board.reaches_opponent(side, house))
        })
        .collect()
}
