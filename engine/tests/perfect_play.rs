//! `go` with an endgame database plays perfectly where it can prove: on
//! every position of random games of Kalah(4,3) and Kalah(5,3), under both
//! capture rules, the move it plays keeps the position's exact value, and
//! the values it reports are the exact ones.
//!
//! The reference is independent of the `go` being tested (which ranks the
//! moves, proves with a database and stops proofs early): the solver alone,
//! without a database, run to the end on every position, itself checked
//! against a plain minimax in `solve.rs`. (Plain minimax over every
//! position of these games takes tens of seconds.)

#[allow(dead_code)] // only the random positions and the solver are used here
mod common;

use std::collections::HashMap;
use std::io::Write as _;
use std::process::{Command, Stdio};

use common::{random_positions, solved};

use ply_engine::endgame::Backed;
use ply_engine::games::kalah::KalahDb;
use ply_rules::game::Game;
use ply_rules::games::kalah::{Kalah, KalahRules};

/// Seeds on the board the test databases cover: small enough that the
/// solver has work to do above them.
const DB_SEEDS: u8 = 8;

/// A time the proof never needs on these boards: `go` answers as soon as
/// the value is proven, so a test waits this long only if `go` hangs.
const GENEROUS_MOVETIME_MS: u64 = 60_000;

/// Random games per board and rule.
const GAMES: usize = 3;

/// The exact value of `position` (final margin for the side to move).
type Reference<'a> = dyn FnMut(&Kalah) -> i32 + 'a;

/// What the engine answered to one `go`.
#[derive(Debug)]
struct Answer {
    bestmove: String,
    /// `info string proven margin M (solved …)`: M.
    proven: Option<i32>,
    /// `info string proven move values: …`: each move with its value, or
    /// `None` for a move reported as losing value (`at most …`).
    values: Vec<(String, Option<i32>, i32)>,
}

/// Runs one engine over `positions` with the database at `db`, and
/// returns its answers in order.
fn engine_answers(rules: KalahRules, db: &std::path::Path, positions: &[Kalah]) -> Vec<Answer> {
    let mut input = format!(
        "setoption name Pits value {}\nsetoption name Seeds value {}\n\
         setoption name EmptyCapture value {}\nsetoption name EndgameDB value {}\n",
        rules.pits,
        rules.seeds,
        rules.empty_capture,
        db.display()
    );
    for position in positions {
        input += &format!(
            "position fen {}\ngo movetime {GENEROUS_MOVETIME_MS}\n",
            position.position_string()
        );
    }
    let text = engine_output(&input);
    assert!(!text.contains("error"), "{text}");
    let mut answers = Vec::new();
    let mut current = Answer {
        bestmove: String::new(),
        proven: None,
        values: Vec::new(),
    };
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("info string proven margin ") {
            current.proven = rest.split_whitespace().next().and_then(|v| v.parse().ok());
        } else if let Some(rest) = line.strip_prefix("info string proven move values: ") {
            for item in rest.split(", ") {
                let words: Vec<&str> = item.split_whitespace().collect();
                let number = |w: &str| w.parse::<i32>().expect("a value");
                match words.as_slice() {
                    [mv, value] => current
                        .values
                        .push(((*mv).to_owned(), Some(number(value)), 0)),
                    [mv, "at", "most", value] => {
                        current.values.push(((*mv).to_owned(), None, number(value)));
                    }
                    _ => panic!("an unknown move value: {item}"),
                }
            }
        } else if let Some(rest) = line.strip_prefix("bestmove ") {
            current.bestmove = rest
                .split_whitespace()
                .next()
                .unwrap_or_default()
                .to_owned();
            answers.push(std::mem::replace(
                &mut current,
                Answer {
                    bestmove: String::new(),
                    proven: None,
                    values: Vec::new(),
                },
            ));
        }
    }
    answers
}

/// The engine's standard output for `input`, which ends without `quit`: a
/// queued `quit` stops the search it finds running, while the end of the
/// input lets the last `go` finish by itself.
fn engine_output(input: &str) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_ply-engine"))
        // Only the database the test names, none from a user's cache.
        .env("XDG_CACHE_HOME", "/nonexistent/ply-test-cache")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            child
                .stdin
                .take()
                .expect("stdin")
                .write_all(input.as_bytes())?;
            child.wait_with_output()
        })
        .expect("the engine runs");
    String::from_utf8(output.stdout).expect("UTF-8")
}

/// A database of `pits` pits and at most `seeds` seeds, saved to a file of the
/// test's own (`name`), for `EndgameDB`: the caller removes it.
fn saved_database(pits: u8, empty_capture: bool, seeds: u8, name: &str) -> std::path::PathBuf {
    let db = KalahDb::build(pits, empty_capture, seeds, 1, |_| {}).expect("a database");
    let path = std::env::temp_dir().join(format!(
        "ply-perfect-play-{name}-{}.plydb",
        std::process::id()
    ));
    db.save(&path).expect("the database is saved");
    path
}

/// The value of `mv` in `position` for the side to move there.
fn value_through(position: &Kalah, mv: &str, reference: &mut Reference<'_>) -> i32 {
    let mut child = *position;
    child.play(position.parse_move(mv).expect("a legal move"));
    let value = reference(&child);
    if child.side_to_move() == position.side_to_move() {
        value
    } else {
        -value
    }
}

/// Plays `GAMES` random games of `rules` and checks every answer of `go`.
fn check_board(rules: KalahRules, seed: u64, reference: &mut Reference<'_>) {
    let path = saved_database(
        rules.pits,
        rules.empty_capture,
        DB_SEEDS,
        &format!("{}-{}-{}", rules.pits, rules.seeds, rules.empty_capture),
    );
    let positions: Vec<Kalah> = random_positions(rules, GAMES, seed)
        .into_iter()
        .filter(|p| p.outcome().is_none())
        .collect();
    let answers = engine_answers(rules, &path, &positions);
    std::fs::remove_file(&path).ok();
    assert_eq!(answers.len(), positions.len());
    for (position, answer) in positions.iter().zip(&answers) {
        let text = position.position_string();
        let value = reference(position);
        assert_eq!(
            answer.proven,
            Some(value),
            "the proven value of {text}: {answer:?}"
        );
        assert_eq!(
            value_through(position, &answer.bestmove, reference),
            value,
            "{text}: {} gives value away",
            answer.bestmove
        );
        for (mv, exact, at_most) in &answer.values {
            let through = value_through(position, mv, reference);
            match exact {
                Some(exact) => assert_eq!(through, *exact, "{text}: move {mv}"),
                None => assert!(through <= *at_most && through < value, "{text}: move {mv}"),
            }
        }
    }
}

/// [`check_board`] on Kalah(`pits`,`seeds`) under both capture rules,
/// against the solver (each position solved once).
fn check_both_rules(pits: u8, seeds: u8) {
    for empty_capture in [false, true] {
        let rules = KalahRules::new(pits, seeds, empty_capture).expect("playable");
        let mut memo = HashMap::new();
        let seed = (u64::from(pits) << 4 | u64::from(seeds)) ^ u64::from(empty_capture);
        check_board(rules, seed, &mut |p| {
            *memo.entry(*p).or_insert_with(|| solved(p))
        });
    }
}

#[test]
fn go_with_a_database_keeps_the_value_in_kalah_4_3() {
    check_both_rules(4, 3);
}

#[test]
fn go_with_a_database_keeps_the_value_in_kalah_5_3() {
    check_both_rules(5, 3);
}

/// A proof that does not finish in its share of the move (Kalah(6,4)'s
/// start, which takes seconds, with a 4-seed database and `movetime 200`)
/// says so and hands over to the search, whose `info` lines count their
/// `time` from the `go`, the proof's time included, as UCI's `time` does;
/// the answer is a searched move, not a proven one.
#[test]
fn a_proof_out_of_time_hands_over_to_the_search_and_its_time_counts() {
    let path = saved_database(6, false, 4, "fallback");
    let input = format!(
        "setoption name Seeds value 4\nsetoption name EndgameDB value {}\n\
         position startpos\ngo movetime 200\n",
        path.display()
    );
    let text = engine_output(&input);
    std::fs::remove_file(&path).ok();
    let spent: u64 = text
        .lines()
        .find_map(|line| line.strip_prefix("info string not proven in "))
        .and_then(|rest| rest.strip_suffix(" ms: searching"))
        .and_then(|ms| ms.parse().ok())
        .unwrap_or_else(|| panic!("no 'not proven in … ms: searching' line:\n{text}"));
    let times: Vec<u64> = text
        .lines()
        .filter(|line| line.starts_with("info depth "))
        .filter_map(|line| {
            let mut words = line.split_whitespace();
            words.find(|&w| w == "time")?;
            words.next()?.parse().ok()
        })
        .collect();
    assert!(!times.is_empty(), "the search reported nothing:\n{text}");
    assert!(
        times.iter().all(|&t| t >= spent),
        "{times:?} before {spent}:\n{text}"
    );
    assert!(!text.contains("proven margin"), "{text}");
    assert!(
        text.lines()
            .last()
            .is_some_and(|l| l.starts_with("bestmove ")),
        "{text}"
    );
}
