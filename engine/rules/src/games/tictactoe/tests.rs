//! Perft from the empty board: the published counts of tic-tac-toe games
//! that stop at the first line.

use super::TicTacToe;
use crate::game::Game;
use crate::perft::{perft, perft_divide};

/// Depths 1 to 9.
const PERFT: [u64; 9] = [9, 72, 504, 3_024, 15_120, 54_720, 148_176, 200_448, 127_872];

#[test]
fn perft_from_the_empty_board() {
    let start = TicTacToe::start();
    let counts: Vec<u64> = (1..=9).map(|d| perft(&start, d)).collect();
    assert_eq!(counts, PERFT);
    assert_eq!(perft(&start, 10), 0);
}

#[test]
fn divide_names_the_squares_in_order() {
    let start = TicTacToe::start();
    let divided = perft_divide(&start, 2);
    let names: Vec<String> = divided
        .iter()
        .map(|&(mv, _)| start.format_move(mv))
        .collect();
    assert_eq!(
        names,
        ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"]
    );
    assert!(divided.iter().all(|&(_, n)| n == 8));
}
