//! MultiPV, `searchmoves` and threads against known answers: in
//! tic-tac-toe every root move's exact value is found by brute force (a
//! plain negamax over the rules' `Game` trait, written here), and the
//! search's lines must give each move exactly that value: a win or loss
//! at its distance in plies, 0 for a draw.

use std::collections::{HashMap, HashSet};

use ply_engine::search::SearchGame;
use ply_engine::search::score::MATE;
use ply_engine::search::{
    GameEvaluation, History, Iteration, Limits, Root, SearchControl, SearchResult, SearchSettings,
    SearchTables, TranspositionTable, search_root,
};
use ply_rules::game::{Game, Outcome};
use ply_rules::games::tictactoe::TicTacToe;

/// Deep enough for any tic-tac-toe position to be searched to the end.
const FULL_DEPTH: u32 = 9;

/// Every how many reachable positions one is checked (all would take long
/// in a debug build; this keeps positions of every stage, wins and losses).
const SAMPLE_EVERY: usize = 4;

/// The exact value of `position` for its side to move, in the search's
/// units: `MATE - n` for a win `n` plies from the root of the count,
/// `-(MATE - n)` for a loss, 0 for a draw; `ply` plies are already played.
/// Plain negamax, shortest win and longest loss preferred, as the search does.
fn brute_force(position: &TicTacToe, ply: i32) -> i32 {
    match position.outcome() {
        Some(Outcome::Draw) => 0,
        Some(Outcome::Win(winner)) if winner == position.side_to_move() => MATE - ply,
        Some(Outcome::Win(_)) => -(MATE - ply),
        None => {
            let mut moves = <TicTacToe as Game>::Moves::default();
            position.legal_moves(&mut moves);
            moves
                .iter()
                .map(|&mv| {
                    let mut child = *position;
                    child.play(mv);
                    let value = brute_force(&child, ply + 1);
                    if child.side_to_move() == position.side_to_move() {
                        value
                    } else {
                        -value
                    }
                })
                .max()
                .expect("a position that is not over has a move")
        }
    }
}

/// The exact value of each root move of `position` (from the root's view).
fn move_values(position: &TicTacToe) -> HashMap<String, i32> {
    let mut moves = <TicTacToe as Game>::Moves::default();
    position.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&mv| {
            let mut child = *position;
            child.play(mv);
            (position.format_move(mv), -brute_force(&child, 1))
        })
        .collect()
}

/// Every position reachable from the empty board that is not over, in a
/// fixed order.
fn reachable() -> Vec<TicTacToe> {
    let start = TicTacToe::from_position_string(".../.../... x").expect("the empty board");
    let mut seen = HashSet::new();
    let mut order = Vec::new();
    let mut stack = vec![start];
    while let Some(position) = stack.pop() {
        if !seen.insert(position.position_string()) || position.outcome().is_some() {
            continue;
        }
        let mut moves = <TicTacToe as Game>::Moves::default();
        position.legal_moves(&mut moves);
        for &mv in moves.iter() {
            let mut child = position;
            child.play(mv);
            stack.push(child);
        }
        order.push(position);
    }
    order.sort_by_key(TicTacToe::position_string);
    order
}

/// One search of `position` with fresh tables; returns the result and the
/// lines (first move, score) of the last iteration reported.
fn analyse(
    position: &TicTacToe,
    searchmoves: &[<TicTacToe as Game>::Move],
    multipv: usize,
    threads: usize,
) -> (SearchResult<<TicTacToe as Game>::Move>, Vec<(String, i32)>) {
    let mut tt = TranspositionTable::new(1);
    let mut history = History::new(TicTacToe::MOVE_INDEX_LIMIT);
    let mut last: Vec<Iteration<<TicTacToe as Game>::Move>> = Vec::new();
    let result = search_root(
        Root {
            position,
            searchmoves,
        },
        &Limits::depth(FULL_DEPTH),
        SearchSettings {
            threads,
            multipv,
            ..SearchSettings::default()
        },
        SearchTables {
            tt: &mut tt,
            history: &mut history,
        },
        &SearchControl::default(),
        GameEvaluation::default(),
        |iteration| {
            if iteration.multipv == 1 {
                last.clear();
            }
            last.push(iteration.clone());
        },
    );
    let lines = last
        .iter()
        .map(|it| (position.format_move(it.pv[0]), it.score))
        .collect();
    (result, lines)
}

/// Checks that MultiPV with one line a move gives every move its value.
fn check_every_move_gets_its_value(position: &TicTacToe, threads: usize) {
    let values = move_values(position);
    let (result, lines) = analyse(position, &[], values.len(), threads);
    let text = position.position_string();
    assert_eq!(lines.len(), values.len(), "{text}: {lines:?}");
    let mut seen = HashSet::new();
    for (mv, score) in &lines {
        assert!(seen.insert(mv.clone()), "{text}: {mv} twice in {lines:?}");
        assert_eq!(Some(score), values.get(mv), "{text}: {mv} in {lines:?}");
    }
    // Best first, and the best move is line 1's.
    assert!(
        lines.windows(2).all(|w| w[0].1 >= w[1].1),
        "{text}: {lines:?}"
    );
    let best = result.best.map(|mv| position.format_move(mv));
    assert_eq!(best.as_ref(), Some(&lines[0].0), "{text}");
    assert_eq!(result.score, lines[0].1, "{text}");
}

#[test]
fn multipv_gives_every_move_its_exact_value() {
    let positions = reachable();
    // 4,520 positions are not over (see tests/tictactoe.rs).
    assert_eq!(positions.len(), 4_520);
    let mut decisive = 0;
    for position in positions.iter().step_by(SAMPLE_EVERY) {
        check_every_move_gets_its_value(position, 1);
        if move_values(position).values().any(|&v| v != 0) {
            decisive += 1;
        }
    }
    // The sample holds wins and losses, not only draws.
    assert!(decisive > 50, "{decisive}");
}

#[test]
fn multipv_with_two_threads_gives_the_same_exact_values() {
    let positions = reachable();
    for position in positions.iter().step_by(SAMPLE_EVERY * 5) {
        check_every_move_gets_its_value(position, 2);
    }
}

#[test]
fn searchmoves_agrees_with_multipv() {
    let positions = reachable();
    for position in positions.iter().step_by(SAMPLE_EVERY * 10) {
        let mut moves = <TicTacToe as Game>::Moves::default();
        position.legal_moves(&mut moves);
        let (_, lines) = analyse(position, &[], moves.len(), 1);
        for &mv in moves.iter() {
            let (result, alone) = analyse(position, &[mv], 1, 1);
            let text = position.format_move(mv);
            assert_eq!(result.best, Some(mv), "{}", position.position_string());
            let line = lines.iter().find(|(m, _)| *m == text).expect("a line");
            assert_eq!(
                alone,
                std::slice::from_ref(line),
                "{}",
                position.position_string()
            );
        }
        // Two moves: the better of their two lines.
        if let [a, b, ..] = moves[..] {
            let (result, _) = analyse(position, &[a, b], 1, 1);
            let best = lines
                .iter()
                .find(|(m, _)| *m == position.format_move(a) || *m == position.format_move(b))
                .expect("a line");
            assert_eq!(result.score, best.1, "{}", position.position_string());
        }
    }
}

#[test]
fn the_nodes_of_every_thread_are_counted() {
    let position = TicTacToe::from_position_string(".../.../... x").expect("the empty board");
    for threads in [1, 2, 3] {
        let (result, _) = analyse(&position, &[], 1, threads);
        assert_eq!(result.thread_nodes.len(), threads);
        // Every thread searches at least the root before it can stop.
        assert!(result.thread_nodes.iter().all(|&n| n > 0), "{result:?}");
        assert_eq!(result.nodes, result.thread_nodes.iter().sum::<u64>());
        assert!(result.best.is_some());
    }
}
