//! The search against known answers: on boards small enough to play out
//! completely, its proven result must agree with a plain minimax to the end.

use std::cell::RefCell;
use std::collections::HashMap;

use ply_engine::game::{Game, MoveList, Outcome, Player};
use ply_engine::games::kalah::{Kalah, KalahRules};
use ply_engine::search::score::{MATE_BOUND, is_proven};
use ply_engine::search::{
    GameEvaluation, History, Limits, SearchControl, SearchResult, SearchSettings, SearchTables,
    TranspositionTable, search,
};

/// The game-theoretic result for the side to move: +1 win, 0 draw, -1 loss.
/// Plain minimax to the end, no pruning; results are memoised by position
/// (the value of a position does not depend on the path to it).
fn minimax(position: &Kalah) -> i32 {
    thread_local! {
        static MEMO: RefCell<HashMap<Kalah, i32>> = RefCell::new(HashMap::new());
    }
    if let Some(&known) = MEMO.with(|m| m.borrow().get(position).copied()).as_ref() {
        return known;
    }
    let value = minimax_uncached(position);
    MEMO.with(|m| m.borrow_mut().insert(*position, value));
    value
}

fn minimax_uncached(position: &Kalah) -> i32 {
    if let Some(outcome) = position.outcome() {
        return match outcome {
            Outcome::Draw => 0,
            Outcome::Win(p) if p == position.side_to_move() => 1,
            Outcome::Win(_) => -1,
        };
    }
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&mv| {
            let mut child = *position;
            child.play(mv);
            let value = minimax(&child);
            if child.side_to_move() == position.side_to_move() {
                value
            } else {
                -value
            }
        })
        .max()
        .expect("a position that is not over has moves")
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

/// A small xorshift generator, so the test positions are the same every run.
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Positions from random play-outs of small boards.
fn random_positions(rules: KalahRules, games: usize, seed: u64) -> Vec<Kalah> {
    let mut rng = Rng(seed);
    let mut positions = Vec::new();
    for _ in 0..games {
        let mut position = Kalah::start(rules).expect("playable");
        while position.outcome().is_none() {
            positions.push(position);
            let mut moves = MoveList::new();
            position.legal_moves(&mut moves);
            position.play(moves[rng.below(moves.len())]);
        }
    }
    positions
}

#[test]
fn proven_results_agree_with_plain_minimax() {
    for (pits, seeds, empty_capture) in [(3, 2, false), (3, 3, true), (4, 2, false), (4, 2, true)] {
        let rules = KalahRules::new(pits, seeds, empty_capture).expect("playable");
        for position in random_positions(rules, 6, 0x9e37_79b9 ^ u64::from(pits * 16 + seeds)) {
            let expected = minimax(&position);
            let result = run(&position, &Limits::depth(60), &SearchControl::default());
            assert!(
                is_proven(result.score) || result.score == 0,
                "{position:?}: {}",
                result.score
            );
            let found = result.score.signum();
            assert_eq!(found, expected, "{}", position.position_string());
            // The chosen move keeps the value.
            let mut child = position;
            child.play(result.best.expect("a move"));
            let kept = if child.side_to_move() == position.side_to_move() {
                minimax(&child)
            } else {
                -minimax(&child)
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
