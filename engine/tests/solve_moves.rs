//! Exact values for every move: `solve` with `MultiPV` > 1 and `analyse
//! --solve`, through the real `ply-engine` binary, against a plain minimax
//! of the final margin (`common::minimax`, which knows nothing of the
//! solver) on boards small enough to play out.

mod common;

use std::collections::HashMap;
use std::process::Output;
use std::time::Duration;

use assert_cmd::Command;
use common::{minimax, minimax_move_values, random_positions};
use ply_protocol::{Response, ScoreValue, parse_response};
use ply_rules::game::{Game, Player};
use ply_rules::games::kalah::{Kalah, KalahRules};
use serde_json::Value;

/// Generous: each run takes well under a second; a hang fails instead of blocking CI.
const TIMEOUT: Duration = Duration::from_secs(120);

/// A cache directory that does not exist: no cached database is loaded.
const NO_CACHE: &str = "/nonexistent/ply-test-cache";

/// Runs `ply-engine args…` on `input`.
fn run_engine(args: &[&str], input: &str) -> Output {
    let output = Command::cargo_bin("ply-engine")
        .expect("the ply-engine binary is built")
        .env("XDG_CACHE_HOME", NO_CACHE)
        .args(args)
        .write_stdin(input)
        .timeout(TIMEOUT)
        .output()
        .expect("ply-engine runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

/// Each legal move of `position` (as written) with its minimax value for
/// the side to move.
fn minimax_values(position: &Kalah, memo: &mut HashMap<Kalah, i32>) -> HashMap<String, i32> {
    minimax_move_values(position, memo)
        .into_iter()
        .map(|(mv, value)| (position.format_move(mv), value))
        .collect()
}

/// The setoption lines of `rules`.
fn rule_options(rules: KalahRules) -> String {
    format!(
        "setoption name Pits value {}\nsetoption name Seeds value {}\nsetoption name EmptyCapture value {}\n",
        rules.pits, rules.seeds, rules.empty_capture
    )
}

/// What `solve` printed: the lines `(rank, move, value in seeds)` in the
/// order printed, the ranks labelled proven, and the `solved` line's
/// value and move.
struct Solved {
    lines: Vec<(u32, String, i32)>,
    proven: Vec<u32>,
    value: Option<i32>,
    best: Option<String>,
}

fn read_solve(out: &str) -> Solved {
    let mut solved = Solved {
        lines: Vec::new(),
        proven: Vec::new(),
        value: None,
        best: None,
    };
    for line in out.lines() {
        match parse_response(line) {
            Ok(Response::Info(info)) => {
                if let (Some(rank), Some(score)) = (info.multipv, info.score) {
                    assert_eq!(score.bound, None, "{line}");
                    let ScoreValue::Centi(cp) = score.value else {
                        panic!("{line}")
                    };
                    assert_eq!(cp % 100, 0, "{line}");
                    solved.lines.push((rank, info.pv[0].clone(), cp / 100));
                }
            }
            Ok(Response::InfoString(text)) => {
                if let Some(rest) = text.strip_prefix("multipv ")
                    && let Some((rank, label)) = rest.split_once(' ')
                    && label.starts_with("proven margin ")
                {
                    solved.proven.push(rank.parse().expect("a rank"));
                }
            }
            Ok(Response::Solve(line)) => {
                solved.value = (line.lower == line.upper).then_some(line.lower);
                solved.best = line.best;
            }
            _ => {}
        }
    }
    solved
}

/// Most seeds on the board of a position tested: a minimax of Kalah(4,3)
/// from its first plies takes seconds.
const MAX_ON_BOARD: u32 = 16;

/// Positions of random games of `rules`, every `step`-th of those with at
/// most [`MAX_ON_BOARD`] seeds on the board.
fn some_positions(rules: KalahRules, seed: u64, step: usize) -> Vec<Kalah> {
    let on_board = |p: &Kalah| -> u32 {
        [Player::One, Player::Two]
            .iter()
            .flat_map(|&side| p.pits(side))
            .map(|&s| u32::from(s))
            .sum()
    };
    let positions: Vec<Kalah> = random_positions(rules, 2, seed)
        .into_iter()
        .filter(|p| on_board(p) <= MAX_ON_BOARD)
        .step_by(step)
        .collect();
    assert!(positions.len() >= 3, "{} positions", positions.len());
    positions
}

#[test]
fn solve_with_multipv_proves_every_moves_value() {
    for (pits, seeds, empty_capture) in [(3, 2, false), (4, 2, true), (4, 3, false)] {
        let rules = KalahRules::new(pits, seeds, empty_capture).expect("playable");
        let mut memo = HashMap::new();
        for position in some_positions(rules, 0x50_1e ^ u64::from(pits), 3) {
            let text = position.position_string();
            let expected = minimax_values(&position, &mut memo);
            let input = format!(
                "{}setoption name MultiPV value 256\nposition fen {text}\nsolve\n",
                rule_options(rules)
            );
            let out = String::from_utf8(run_engine(&[], &input).stdout).expect("UTF-8");
            let solved = read_solve(&out);
            // One line a legal move, ranked 1, 2, … best first, each proven.
            assert_eq!(solved.lines.len(), expected.len(), "{text}\n{out}");
            let ranks: Vec<u32> = solved.lines.iter().map(|l| l.0).collect();
            let in_order: Vec<u32> = (1..=u32::try_from(ranks.len()).unwrap()).collect();
            assert_eq!(ranks, in_order, "{text}\n{out}");
            assert_eq!(solved.proven, in_order, "{text}\n{out}");
            for (_, mv, value) in &solved.lines {
                assert_eq!(Some(value), expected.get(mv), "move {mv} of {text}\n{out}");
            }
            assert!(
                solved.lines.windows(2).all(|w| w[0].2 >= w[1].2),
                "{text}\n{out}"
            );
            // The solved line: the position's value and line 1's move.
            assert_eq!(
                solved.value,
                Some(minimax(&position, &mut memo)),
                "{text}\n{out}"
            );
            assert_eq!(
                solved.best,
                solved.lines.first().map(|l| l.1.clone()),
                "{text}\n{out}"
            );
        }
    }
}

#[test]
fn solve_with_multipv_2_gives_the_two_best() {
    let rules = KalahRules::new(4, 3, true).expect("playable");
    let mut memo = HashMap::new();
    for position in some_positions(rules, 0xb2, 5) {
        let text = position.position_string();
        let expected = minimax_values(&position, &mut memo);
        let input = format!(
            "{}setoption name MultiPV value 2\nposition fen {text}\nsolve\n",
            rule_options(rules)
        );
        let out = String::from_utf8(run_engine(&[], &input).stdout).expect("UTF-8");
        let solved = read_solve(&out);
        let mut best: Vec<i32> = expected.values().copied().collect();
        best.sort_unstable_by(|a, b| b.cmp(a));
        best.truncate(2);
        let values: Vec<i32> = solved.lines.iter().map(|l| l.2).collect();
        assert_eq!(values, best, "{text}\n{out}");
        for (_, mv, value) in &solved.lines {
            assert_eq!(Some(value), expected.get(mv), "move {mv} of {text}\n{out}");
        }
    }
}

#[test]
fn analyse_solve_writes_proven_values_for_every_move() {
    let rules = KalahRules::new(4, 2, false).expect("playable");
    let positions = some_positions(rules, 0xa5, 4);
    let input: String = positions
        .iter()
        .map(|p| format!("{}\n", p.position_string()))
        .collect();
    let output = run_engine(
        &[
            "analyse",
            "--option",
            "Pits=4",
            "--option",
            "Seeds=2",
            "--solve",
            "--multipv",
            "8",
            "--jobs",
            "2",
        ],
        &input,
    );
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    let records: Vec<Value> = text
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect();
    assert_eq!(records.len(), positions.len(), "{text}");
    let mut memo = HashMap::new();
    for (record, position) in records.iter().zip(&positions) {
        let value = minimax(position, &mut memo);
        let expected = minimax_values(position, &mut memo);
        assert_eq!(
            record["score"],
            serde_json::json!({"proven": value * 100}),
            "{record}"
        );
        if expected.is_empty() {
            assert!(record["bestmove"].is_null(), "{record}");
            continue;
        }
        let lines = record["multipv"].as_array().expect("multipv lines");
        assert_eq!(lines.len(), expected.len(), "{record}");
        for line in lines {
            let mv = line["pv"][0].as_str().expect("a move");
            let proven = line["score"]["proven"].as_i64().expect("a proven score");
            assert_eq!(
                Some(proven),
                expected.get(mv).map(|v| i64::from(*v) * 100),
                "{record}"
            );
        }
        assert_eq!(record["bestmove"], lines[0]["pv"][0], "{record}");
    }
}
