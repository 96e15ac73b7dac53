//! The exact solver against a plain minimax of the final margin, on every
//! position of random games on boards small enough to play out completely.

mod common;

use std::collections::HashMap;

use common::{minimax, random_positions};

use ply_engine::game::{Game, Player};
use ply_engine::games::kalah::solve::table::BoundTable;
use ply_engine::games::kalah::solve::{SolveConfig, solve};
use ply_engine::games::kalah::{EndgameDb, Kalah, KalahRules};
use ply_engine::search::SearchControl;

/// Solves `position` and checks the value, and that the best move keeps it.
fn check(position: &Kalah, threads: usize, db: Option<&EndgameDb>, memo: &mut HashMap<Kalah, i32>) {
    let table = BoundTable::new(4);
    // Any first guess must give the same value; vary it with the position.
    let guess = i32::from(position.pits(Player::One)[0]) - 2;
    let config = SolveConfig {
        threads,
        table: &table,
        db,
        guess,
    };
    let solution = solve(position, &config, &SearchControl::default(), |_| {});
    let expected = minimax(position, memo);
    let text = position.position_string();
    assert_eq!(solution.value(), Some(expected), "value of {text}");
    match solution.best {
        None => assert!(position.outcome().is_some(), "no move in {text}"),
        Some(mv) => {
            let mut child = *position;
            child.play(mv);
            // Minimax values are whole-game margins (stores included), so
            // the child's value, from the mover's side, must equal the parent's.
            let through = minimax(&child, memo);
            let through = if child.side_to_move() == position.side_to_move() {
                through
            } else {
                -through
            };
            assert_eq!(through, expected, "best move {mv} of {text}");
        }
    }
}

#[test]
fn solver_agrees_with_minimax_on_small_boards() {
    for (pits, seeds, empty_capture) in [
        (2, 2, false),
        (3, 2, false),
        (3, 2, true),
        (3, 3, false),
        (4, 2, true),
    ] {
        let rules = KalahRules::new(pits, seeds, empty_capture).expect("playable");
        let mut memo = HashMap::new();
        for position in random_positions(rules, 4, 0x5eed ^ u64::from(pits) << 8 ^ u64::from(seeds))
        {
            check(&position, 1, None, &mut memo);
        }
    }
}

#[test]
fn two_threads_agree_with_minimax() {
    let rules = KalahRules::new(3, 3, true).expect("playable");
    let mut memo = HashMap::new();
    for position in random_positions(rules, 3, 77) {
        check(&position, 2, None, &mut memo);
    }
}

#[test]
fn solver_with_an_endgame_database_agrees_with_minimax() {
    for empty_capture in [false, true] {
        let rules = KalahRules::new(3, 3, empty_capture).expect("playable");
        let db = EndgameDb::build(3, empty_capture, 10, 1, |_| {}).expect("database");
        let mut memo = HashMap::new();
        for position in random_positions(rules, 4, 99) {
            check(&position, 1, Some(&db), &mut memo);
        }
    }
}

#[test]
fn starts_of_small_boards_agree_with_minimax() {
    for (pits, seeds) in [(4, 2), (3, 3), (2, 4)] {
        for empty_capture in [false, true] {
            let rules = KalahRules::new(pits, seeds, empty_capture).expect("playable");
            let start = Kalah::start(rules).expect("start");
            check(&start, 1, None, &mut HashMap::new());
        }
    }
}

#[test]
fn a_stopped_solve_reports_bounds() {
    let start = Kalah::start(KalahRules::new(6, 4, false).expect("rules")).expect("start");
    let table = BoundTable::new(1);
    let config = SolveConfig {
        threads: 1,
        table: &table,
        db: None,
        guess: 0,
    };
    let control = SearchControl::default();
    control.stop();
    let solution = solve(&start, &config, &control, |_| {});
    assert!(solution.lower <= 8 && 8 <= solution.upper, "{solution:?}");
    assert!(solution.value().is_none());
    assert!(solution.best.is_some());
}
