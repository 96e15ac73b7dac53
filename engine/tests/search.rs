//! The search against known answers: on boards small enough to play out
//! completely, its proven result must agree with a plain minimax to the end.

mod common;

use std::collections::HashMap;

use common::{minimax, random_positions};

use ply_engine::search::score::{MATE_BOUND, is_proven};
use ply_engine::search::{
    GameEvaluation, History, Limits, SearchControl, SearchResult, SearchSettings, SearchTables,
    TranspositionTable, search,
};
use ply_rules::game::{Game, MoveList, Outcome, Player};
use ply_rules::games::kalah::{Kalah, KalahRules};

/// The game-theoretic result for the side to move: +1 win, 0 draw, -1 loss.
fn result_of(position: &Kalah, memo: &mut HashMap<Kalah, i32>) -> i32 {
    minimax(position, memo).signum()
}

fn run(position: &Kalah, limits: &Limits, control: &SearchControl) -> SearchResult<u8> {
    let mut tt = TranspositionTable::new(1);
    let mut history = History::new(16);
    let tables = SearchTables {
        tt: &mut tt,
        history: &mut history,
    };
    search(
        position,
        limits,
        SearchSettings::default(),
        tables,
        control,
        GameEvaluation::default(),
        |_| {},
    )
}

#[test]
fn proven_results_agree_with_plain_minimax() {
    for (pits, seeds, empty_capture) in [(3, 2, false), (3, 3, true), (4, 2, false), (4, 2, true)] {
        let rules = KalahRules::new(pits, seeds, empty_capture).expect("playable");
        let mut memo = HashMap::new();
        let positions = random_positions(rules, 6, 0x9e37_79b9 ^ u64::from(pits * 16 + seeds));
        for position in positions.into_iter().filter(|p| p.outcome().is_none()) {
            let expected = result_of(&position, &mut memo);
            let result = run(&position, &Limits::depth(60), &SearchControl::default());
            assert!(
                is_proven(result.score) || result.score == 0,
                "{position:?}: {}",
                result.score
            );
            assert_eq!(
                result.score.signum(),
                expected,
                "{}",
                position.position_string()
            );
            // The chosen move keeps the value.
            let mut child = position;
            child.play(result.best.expect("a move"));
            let through = result_of(&child, &mut memo);
            let kept = if child.side_to_move() == position.side_to_move() {
                through
            } else {
                -through
            };
            assert_eq!(
                kept,
                expected,
                "best move of {}",
                position.position_string()
            );
        }
    }
}

#[test]
fn a_won_position_reports_a_proven_win() {
    // South sows pit 3 into the store and the board's last seeds are swept: South wins.
    let position = Kalah::from_position_string("0,0,1 10 0,0,1 1 s", false).expect("position");
    let result = run(&position, &Limits::depth(5), &SearchControl::default());
    assert!(result.score >= MATE_BOUND, "{}", result.score);
    assert_eq!(result.best, Some(position.parse_move("3").expect("legal")));
}

#[test]
fn node_limit_is_honoured_and_a_move_is_still_given() {
    let position = Kalah::start(KalahRules::default()).expect("start");
    let limits = Limits {
        nodes: Some(200),
        ..Limits::default()
    };
    let result = run(&position, &limits, &SearchControl::default());
    assert!(result.nodes <= 201, "{}", result.nodes);
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    assert!(moves.contains(&result.best.expect("a move")));
}

#[test]
fn a_stopped_search_still_gives_a_legal_move() {
    let position = Kalah::start(KalahRules::default()).expect("start");
    let control = SearchControl::default();
    control.stop();
    let result = run(&position, &Limits::depth(30), &control);
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    assert!(moves.contains(&result.best.expect("a move")));
}

#[test]
fn no_move_when_the_game_is_over() {
    let position = Kalah::from_position_string("0,0,0 4 0,0,0 2 n", false).expect("position");
    assert_eq!(position.outcome(), Some(Outcome::Win(Player::One)));
    let result = run(&position, &Limits::depth(3), &SearchControl::default());
    assert_eq!(result.best, None);
}

#[test]
fn fixed_depth_search_is_deterministic() {
    let position = Kalah::start(KalahRules::new(6, 4, false).expect("rules")).expect("start");
    let a = run(&position, &Limits::depth(9), &SearchControl::default());
    let b = run(&position, &Limits::depth(9), &SearchControl::default());
    assert_eq!(a, b);
}
