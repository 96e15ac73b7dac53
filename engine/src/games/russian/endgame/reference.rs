//! The reference the endgame tables and the solver are checked against:
//! the value of a Russian draughts position by plain minimax over the
//! rules' own positions. It shares nothing with them but the rules.

use std::collections::HashMap;

use ply_rules::game::{Game, MoveList, Outcome, Player};
use ply_rules::games::russian::{Board, Russian};

use super::material::Material;

/// [`rules_value`] of a position, for its mover: 1 won, 0 drawn, −1 lost.
pub fn value_for_mover(position: &Russian, memo: &mut HashMap<(Board, u16, u16), i8>) -> i8 {
    let board = match position.side {
        Player::One => position.board,
        Player::Two => position.board.flipped(),
    };
    rules_value(
        board,
        position.draw.king_plies,
        position.draw.balance_plies,
        memo,
    )
}

/// The value under the rules, move limits included (1 won, 0 drawn, −1
/// lost for White, to move on `board`), with these draw counts: plain
/// minimax over the rules' own positions (`Russian`: its moves, its draw
/// counts after each move, its draw rules), memoised. Repetition is left
/// out (each position starts a fresh history): a side that can win never
/// needs one, so it decides no value. Where no balance rule applies, the
/// balance count is irrelevant (only a capture or a crowning, which
/// resets it, can make one apply) and is kept at zero.
pub fn rules_value(
    board: Board,
    king_plies: u16,
    balance_plies: u16,
    memo: &mut HashMap<(Board, u16, u16), i8>,
) -> i8 {
    let material = Material::of(&board);
    let balance_plies = if material.limits().steps_carry {
        balance_plies
    } else {
        0
    };
    if let Some(&value) = memo.get(&(board, king_plies, balance_plies)) {
        return value;
    }
    let mut position = Russian::from_board(board, Player::One);
    position.draw.king_plies = king_plies;
    position.draw.balance_plies = balance_plies;
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    let value = match position.outcome() {
        Some(Outcome::Win(Player::One)) => 1,
        Some(Outcome::Win(Player::Two)) => -1,
        Some(Outcome::Draw) => 0,
        None => {
            let mut best = -1;
            for &mv in &moves {
                let mut child = position.clone();
                child.play(mv);
                let flipped = child.board.flipped();
                let value = if flipped.pieces[0] == 0 {
                    1
                } else {
                    -rules_value(
                        flipped,
                        child.draw.king_plies,
                        child.draw.balance_plies,
                        memo,
                    )
                };
                best = best.max(value);
                if best == 1 {
                    break;
                }
            }
            best
        }
    };
    memo.insert((board, king_plies, balance_plies), value);
    value
}
