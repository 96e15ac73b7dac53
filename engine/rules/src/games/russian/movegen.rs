//! Legal moves: captures when there are any (capturing is mandatory, any
//! sequence may be chosen), otherwise the quiet moves.

use super::board::{Board, crown_rank};
use super::capture::{captures, has_capture};
use super::moves::Move;
use super::squares::{Bits, Direction, NEIGHBOUR, NONE, RAY, nearest, ray_before, step};
use crate::game::{MoveList, Player};

/// The directions `side`'s men move in (forwards).
#[inline]
#[must_use]
pub const fn forwards(side: Player) -> [Direction; 2] {
    match side {
        Player::One => [Direction::NorthEast, Direction::NorthWest],
        Player::Two => [Direction::SouthEast, Direction::SouthWest],
    }
}

/// Appends `side`'s legal moves: every capture (sequences with the same
/// start, end, captured set and crowning once), or if there is none every
/// quiet move.
pub fn generate(board: &Board, side: Player, moves: &mut MoveList<Move>) {
    if has_capture(board, side) {
        let first = moves.len();
        captures(board, side, &mut |mv: Move| {
            if !moves[first..].iter().any(|m| m.same_effect(&mv)) {
                // A side has at most 12 pieces; no position has more
                // distinct captures than the list holds.
                let _ = moves.try_push(mv);
            }
        });
    } else {
        quiet(board, side, moves);
    }
}

/// Every capture sequence by every path, for reading a move's path.
#[must_use]
pub fn all_capture_paths(board: &Board, side: Player) -> Vec<Move> {
    let mut all = Vec::new();
    captures(board, side, &mut |mv: Move| all.push(mv));
    all
}

/// Appends `side`'s moves without capture.
fn quiet(board: &Board, side: Player, moves: &mut MoveList<Move>) {
    let empty = board.empty();
    let crown = crown_rank(side);
    // 1. Men: one square forwards; the last rank crowns.
    for from in Bits(board.men(side)) {
        for dir in forwards(side) {
            let to = NEIGHBOUR[dir.index()][usize::from(from)];
            if to != NONE && empty & (1 << to) != 0 {
                moves.push(Move::quiet(from, to, crown & (1 << to) != 0));
            }
        }
    }
    // 2. Kings: any distance along a free diagonal.
    for from in Bits(board.kings_of(side)) {
        for dir in Direction::ALL {
            let ray = RAY[dir.index()][usize::from(from)];
            let blockers = ray & !empty;
            let free = if blockers == 0 {
                ray
            } else {
                ray_before(from, dir, nearest(blockers, dir))
            };
            for to in Bits(free) {
                moves.push(Move::quiet(from, to, false));
            }
        }
    }
}

/// Whether `side` has any legal move: a few bitboard steps in nearly
/// every position, the capture test only for a side that cannot step.
#[must_use]
pub fn has_moves(board: &Board, side: Player) -> bool {
    let empty = board.empty();
    let men = board.men(side);
    let kings = board.kings_of(side);
    let steps = forwards(side)
        .into_iter()
        .any(|dir| step(men, dir) & empty != 0)
        || Direction::ALL
            .into_iter()
            .any(|dir| step(kings, dir) & empty != 0);
    steps || has_capture(board, side)
}
