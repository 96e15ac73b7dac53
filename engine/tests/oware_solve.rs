//! Oware's `solve`: with and without the endgame database it proves
//! bounds that agree, on six-house positions of up to 10 seeds from
//! random games; and through the protocol it prints every move's value
//! and a `solved` line, or an `unsolved` one when stopped.
//!
//! (That the bounds hold the value of every line played to its end, with
//! the repetition rule, is checked on boards small enough to play every
//! line: `engine/src/games/oware/solve/mod.rs`'s tests.)

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use ply_engine::games::oware::endgame::OwareDb;
use ply_engine::games::oware::solve::Solver;
use ply_engine::search::SearchControl;
use ply_engine::search::bounds_solver::BoundsSolver;
use ply_rules::game::{Game, MoveList};
use ply_rules::games::oware::{Oware, OwareRules};

/// Most seeds on the board of the positions compared, and the database's.
const MAX_SEEDS: u8 = 10;

/// Iterations of each proof: a fixed size, the same on every machine.
const DEPTH: u32 = 10;

/// Positions of random games once at most `MAX_SEEDS` seeds are left on
/// the board, one a game.
fn endgames(count: usize) -> Vec<Oware> {
    let mut rng = fastrand::Rng::with_seed(27);
    let mut found = Vec::new();
    while found.len() < count {
        let mut position = Oware::start(OwareRules::default()).expect("the start");
        while position.outcome().is_none() {
            let on_board: u8 = [position.side, position.side.opponent()]
                .iter()
                .flat_map(|&p| position.houses(p))
                .sum();
            if on_board <= MAX_SEEDS {
                // A fresh history, as a position string gives.
                found.push(
                    Oware::from_position_string(&position.position_string()).expect("read back"),
                );
                break;
            }
            let mut moves = MoveList::new();
            position.legal_moves(&mut moves);
            position.play(moves[rng.usize(..moves.len())]);
        }
    }
    found
}

#[test]
fn with_and_without_the_database_the_bounds_agree() {
    let db = OwareDb::build(6, MAX_SEEDS, 2, |_| {}).expect("a small database");
    let control = SearchControl::default();
    let (mut exact_with, mut exact_without, mut moves) = (0, 0, 0);
    for position in endgames(40) {
        let text = position.position_string();
        let with = Solver::new(Some(&db), &control)
            .with_max_depth(DEPTH)
            .move_bounds(&position, |_, _, _| {});
        let without = Solver::new(None, &control)
            .with_max_depth(DEPTH)
            .move_bounds(&position, |_, _, _| {});
        assert_eq!(with.len(), without.len(), "{text}");
        for a in &with {
            let b = without
                .iter()
                .find(|b| b.mv == a.mv)
                .expect("the same moves");
            // Both are proofs: the ranges share the value.
            assert!(
                a.lower <= b.upper && b.lower <= a.upper,
                "{text}, house {}: {a:?} against {b:?}",
                a.mv + 1
            );
            if let (Some(x), Some(y)) = (a.exact(), b.exact()) {
                assert_eq!(x, y, "{text}, house {}", a.mv + 1);
            }
            exact_with += usize::from(a.exact().is_some());
            exact_without += usize::from(b.exact().is_some());
            moves += 1;
        }
    }
    eprintln!("{moves} moves: {exact_with} exact with the database, {exact_without} without");
    // The database settles more than the search alone.
    assert!(
        exact_with > exact_without,
        "{exact_with} against {exact_without}"
    );
}

/// Sends `lines` to a fresh engine and returns what it printed up to the
/// first line starting with `until`.
fn session(lines: &[&str], until: &str) -> Vec<String> {
    let mut engine = Command::new(env!("CARGO_BIN_EXE_ply-engine"))
        // The user's cached databases would change the figures.
        .env("XDG_CACHE_HOME", "/nonexistent/ply-test-cache")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the engine starts");
    let mut stdin = engine.stdin.take().expect("stdin");
    for line in lines {
        writeln!(stdin, "{line}").expect("the engine reads");
    }
    let stdout = BufReader::new(engine.stdout.take().expect("stdout"));
    let mut seen = Vec::new();
    for line in stdout.lines() {
        let line = line.expect("a line");
        let done = line.starts_with(until);
        seen.push(line);
        if done {
            break;
        }
    }
    let _ = writeln!(stdin, "quit");
    let _ = engine.wait();
    seen
}

#[test]
fn solve_prints_every_move_s_value_and_the_solved_line() {
    // North to move, six seeds on the board, solved in a few thousand nodes.
    let seen = session(
        &[
            "uci",
            "setoption name UCI_Variant value oware",
            "setoption name MultiPV value 6",
            "position fen 1,1,2,0,0,1 20 0,1,0,0,0,0 22 n",
            "solve",
        ],
        "solved",
    );
    let last = seen.last().expect("a line");
    assert!(last.starts_with("solved value -4 bestmove 2 "), "{seen:#?}");
    assert!(
        seen.iter()
            .any(|l| l == "info string multipv 1 proven margin -4 (solved)"),
        "{seen:#?}"
    );
}

#[test]
fn a_stopped_solve_says_what_it_proved() {
    let seen = session(
        &[
            "uci",
            "setoption name UCI_Variant value oware",
            "position startpos",
            "solve",
            "stop",
        ],
        "unsolved",
    );
    let last = seen.last().expect("a line");
    assert!(last.starts_with("unsolved lowerbound "), "{seen:#?}");
    assert!(last.contains(" upperbound "), "{last}");
}

#[test]
fn a_finished_game_is_solved_as_the_rules_end_it() {
    // South cannot feed North: the game is over, each side taking its row,
    // so South ends with 5 against 1.
    let seen = session(
        &[
            "uci",
            "setoption name UCI_Variant value oware",
            "position fen 5,0,0,0,0,0 0 0,0,0,0,0,0 1 s",
            "solve",
        ],
        "solved",
    );
    let last = seen.last().expect("a line");
    assert!(
        last.starts_with("solved value +4 bestmove (none) "),
        "{seen:#?}"
    );
}
