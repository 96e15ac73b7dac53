//! The reference a Kalah database is checked against: f (see the module
//! docs of `endgame`) by plain minimax over the rules' own moves, no table
//! and no ranking, sharing nothing with the build but the rules.

use ply_rules::game::{Game, MoveList};
use ply_rules::games::kalah::Kalah;

/// f by plain minimax over the engine's moves, no table.
pub(super) fn minimax(position: &Kalah) -> i32 {
    let me = position.side_to_move();
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    if moves.is_empty() {
        let own: i32 = position.pits(me).iter().map(|&s| i32::from(s)).sum();
        let theirs: i32 = position
            .pits(me.opponent())
            .iter()
            .map(|&s| i32::from(s))
            .sum();
        return own - theirs;
    }
    let margin = |p: &Kalah| i32::from(p.store(me)) - i32::from(p.store(me.opponent()));
    moves
        .iter()
        .map(|&mv| {
            let mut child = *position;
            child.play(mv);
            let gain = margin(&child) - margin(position);
            if child.side_to_move() == me {
                gain + minimax(&child)
            } else {
                gain - minimax(&child)
            }
        })
        .max()
        .unwrap_or(0)
}
