//! The exact solver against a plain minimax of the final margin, on every
//! position of random games on boards small enough to play out completely.

mod common;

use std::collections::HashMap;

use common::{minimax, minimax_move_values, random_positions};

use ply_engine::games::kalah::KalahDb;
use ply_engine::games::kalah::solve::moves::{MoveValue, move_values};
use ply_engine::games::kalah::solve::table::BoundTable;
use ply_engine::games::kalah::solve::{SolveConfig, solve};
use ply_engine::search::SearchControl;
use ply_rules::game::{Game, Player};
use ply_rules::games::kalah::{Kalah, KalahRules};

/// Solves `position` and checks the value, and that the best move keeps it.
fn check(position: &Kalah, threads: usize, db: Option<&KalahDb>, memo: &mut HashMap<Kalah, i32>) {
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
        let db = KalahDb::build(3, empty_capture, 10, 1, |_| {}).expect("database");
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

#[test]
fn every_moves_value_equals_minimax_on_small_boards() {
    const GAMES: usize = 3;
    // Most seeds on the board of a position looked at: Kalah(4,3)'s first
    // plies would need a minimax of nearly the whole game (seconds).
    let on_board = |p: &Kalah| {
        p.pits(Player::One)
            .iter()
            .chain(p.pits(Player::Two))
            .map(|&s| u32::from(s))
            .sum::<u32>()
    };
    for (pits, seeds, max_on_board) in [(3, 2, 12), (4, 2, 16), (4, 3, 16)] {
        for empty_capture in [false, true] {
            let rules = KalahRules::new(pits, seeds, empty_capture).expect("playable");
            let mut memo = HashMap::new();
            let table = BoundTable::new(4);
            let seed = 0xa11 ^ u64::from(pits) << 8 ^ u64::from(seeds) << 4;
            let positions = random_positions(rules, GAMES, seed);
            let looked_at: Vec<&Kalah> = positions
                .iter()
                .filter(|p| on_board(p) <= max_on_board)
                .collect();
            // Enough positions, from the middle game to the end.
            assert!(looked_at.len() >= 20, "{} positions", looked_at.len());
            for position in looked_at {
                let text = position.position_string();
                let expected = minimax_move_values(position, &mut memo);
                let value = minimax(position, &mut memo);
                let config = SolveConfig {
                    threads: 1,
                    table: &table,
                    db: None,
                    guess: 0,
                };
                // With the root solved first (as `solve` does), and without.
                let best = expected
                    .iter()
                    .find(|&&(_, v)| v == value)
                    .map(|&(mv, _)| (mv, value));
                // Any first guess must give the same values.
                let any_guess = |child: &Kalah| i32::from(child.pits(Player::Two)[0]) - 3;
                for solved in [best, None] {
                    let all = move_values(
                        position,
                        &config,
                        256,
                        solved,
                        &SearchControl::default(),
                        any_guess,
                        |_| {},
                    );
                    assert!(all.complete);
                    assert_eq!(all.lines.len(), expected.len(), "{text}");
                    for line in &all.lines {
                        let (_, minimax_value) = expected
                            .iter()
                            .find(|(mv, _)| *mv == line.pit)
                            .expect("a legal move");
                        assert_eq!(line.value, *minimax_value, "move {} of {text}", line.pit);
                    }
                    // Best first; the first has the position's value.
                    assert!(
                        all.lines.windows(2).all(|w| w[0].value >= w[1].value),
                        "{text}"
                    );
                    if let Some(first) = all.lines.first() {
                        assert_eq!(first.value, value, "{text}");
                    }
                    // The two best alone: the same values as the two first of all.
                    let two = move_values(
                        position,
                        &config,
                        2,
                        solved,
                        &SearchControl::default(),
                        any_guess,
                        |_| {},
                    );
                    let values =
                        |lines: &[MoveValue]| lines.iter().map(|l| l.value).collect::<Vec<_>>();
                    assert_eq!(
                        values(&two.lines),
                        values(&all.lines[..all.lines.len().min(2)]),
                        "{text}"
                    );
                    for line in &two.lines {
                        assert!(expected.contains(&(line.pit, line.value)), "{text}");
                    }
                }
            }
        }
    }
}
