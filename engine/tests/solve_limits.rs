//! A solve that must finish: `solve movetime MS`, `solve nodes N` and
//! `stop` end a solve far from proven with the bounds it has proven, in
//! Kalah, Oware and Russian draughts alike, with standard input held open
//! (a solve that only ends at the end of input fails by timing out); and
//! `analyse --solve --movetime/--nodes` writes those bounds for every
//! position of a batch instead of running for ever or writing null. Which
//! games solve at all is the registry's to say.

use std::time::Duration;

use assert_cmd::Command;
use ply_engine::engine_game::{EngineGame, no_solver};
use ply_engine::search_thread::Output;
use ply_engine::session::Session;
use ply_protocol::{Response, parse_response};
use ply_rules::variant::Variant;
use ply_rules::with_variant;
use serde_json::Value;

mod open_session;
use open_session::{OpenSession, TIMEOUT};

/// A cache directory that does not exist: no endgame database is loaded.
const NO_CACHE: &str = "/nonexistent/ply-test-cache";

/// The start of a game of each kind, far too big to solve in the tests'
/// limits: Kalah(6,6), Oware and Russian draughts.
const GAMES: [(&str, &str); 3] = [
    ("kalah", "6,6,6,6,6,6 0 6,6,6,6,6,6 0 s"),
    ("oware", "startpos"),
    ("russian", "startpos"),
];

/// The `setoption` and `position` lines of a game of [`GAMES`].
fn set_up(engine: &mut OpenSession, variant: &str, position: &str) {
    engine.send(&format!("setoption name UCI_Variant value {variant}"));
    engine.send("setoption name EndgameDB value none");
    if position == "startpos" {
        engine.send("position startpos");
    } else {
        engine.send(&format!("position fen {position}"));
    }
}

/// The bounds of the `unsolved` line that ends `lines`.
fn unsolved_bounds(lines: &[String]) -> (i32, i32) {
    let last = lines.last().expect("a last line");
    match parse_response(last) {
        Ok(Response::Solve(line)) => {
            assert!(line.lower < line.upper, "{last}");
            (line.lower, line.upper)
        }
        other => panic!("not a solve line: {last}: {other:?}"),
    }
}

#[test]
fn solve_stops_at_its_time_or_node_limit_with_its_bounds() {
    for (variant, position) in GAMES {
        for limit in ["movetime 300", "nodes 200000"] {
            let mut engine = OpenSession::start(&[]);
            set_up(&mut engine, variant, position);
            engine.send(&format!("solve {limit}"));
            let lines = engine.until("unsolved");
            let (lower, upper) = unsolved_bounds(&lines);
            assert!(lower <= 0 && 0 <= upper, "{variant} {limit}: {lines:?}");
        }
    }
}

/// Nodes of the solves of [`the_registry_says_which_games_solve`]: a
/// moment's work, ended by the limit where the start is not solved.
const REGISTRY_SOLVE_NODES: u64 = 20_000;

/// The list of games with a solver comes from the registry, not from
/// this test: every variant whose `EngineGame::HAS_SOLVER` says so answers
/// `solve` at its start with a `solved` or `unsolved` line, and every
/// other refuses with the message naming those that solve. A new game's
/// solver is tested here without a line written for it.
#[test]
fn the_registry_says_which_games_solve() {
    let mut solving = Vec::new();
    for variant in Variant::ALL {
        let has_solver = with_variant!(variant, G => <G as EngineGame>::HAS_SOLVER);
        let (out, lines) = Output::to_channel();
        let mut session = Session::try_new(out).expect("the session's search memory");
        for line in [
            "setoption name EndgameDB value none".to_owned(),
            format!("setoption name UCI_Variant value {}", variant.name()),
            "position startpos".to_owned(),
            format!("solve nodes {REGISTRY_SOLVE_NODES}"),
        ] {
            session.handle_line(&line);
        }
        session.wait_for_search();
        let lines: Vec<String> = lines.try_iter().collect();
        let last = lines.last().map_or("", String::as_str);
        if has_solver {
            solving.push(variant.name());
            assert!(
                matches!(parse_response(last), Ok(Response::Solve(_))),
                "{}: {lines:?}",
                variant.name()
            );
        } else {
            assert_eq!(
                last,
                format!("info string error: {}", no_solver()),
                "{}",
                variant.name()
            );
        }
    }
    // The refusal names exactly the games that solved.
    assert_eq!(
        no_solver(),
        format!("solve is only available for {}", solving.join(", "))
    );
}

#[test]
fn stop_ends_a_solve_with_its_bounds() {
    for (variant, position) in GAMES {
        let mut engine = OpenSession::start(&[]);
        set_up(&mut engine, variant, position);
        engine.send("solve");
        std::thread::sleep(Duration::from_millis(200));
        engine.send("stop");
        let lines = engine.until("unsolved");
        unsolved_bounds(&lines);
        // The engine goes on answering.
        engine.send("isready");
        engine.until("readyok");
    }
}

/// `ply-engine analyse` with `args` on `input`: its records.
fn analysed(args: &[&str], input: &str) -> Vec<Value> {
    let output = Command::cargo_bin("ply-engine")
        .expect("the binary")
        .env("XDG_CACHE_HOME", NO_CACHE)
        .arg("analyse")
        .args(args)
        .write_stdin(input)
        .timeout(TIMEOUT)
        .output()
        .expect("ply-engine runs");
    assert!(output.status.success(), "{output:?}");
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON record"))
        .collect()
}

#[test]
fn a_batch_of_solves_with_a_limit_finishes_with_every_bound_proven() {
    for (variant, position) in GAMES {
        for limit in [["--movetime", "200"], ["--nodes", "100000"]] {
            let mut args = vec!["--variant", variant, "--solve", "--jobs", "1"];
            args.extend(limit);
            let records = analysed(&args, &format!("{position}\n{position}\n"));
            assert_eq!(records.len(), 2, "{variant}: {records:?}");
            for record in &records {
                let settings = record["settings"].as_str().expect("settings");
                let command = format!("solve {} {}", &limit[0][2..], limit[1]);
                assert!(settings.ends_with(&command), "{record}");
                let bounds = &record["score"]["bounds"];
                let (lower, upper) = (bounds["lower"].as_i64(), bounds["upper"].as_i64());
                assert!(
                    lower.zip(upper).is_some_and(|(l, u)| l < u),
                    "{variant} {limit:?}: {record}"
                );
                assert!(record["bestmove"].is_string(), "{record}");
            }
        }
    }
}

#[test]
fn a_solve_with_a_limit_still_proves_what_it_can_reach() {
    // North's one move loses by 4 (engine/tests/oware_solve.rs): proven
    // long before the limit, so the record is exact.
    let records = analysed(
        &["--variant", "oware", "--solve", "--movetime", "5000"],
        "1,1,2,0,0,1 20 0,1,0,0,0,0 22 n\n",
    );
    assert_eq!(records[0]["score"]["proven"], -400, "{records:?}");
}

#[test]
fn a_solve_is_not_limited_by_depth() {
    let output = Command::cargo_bin("ply-engine")
        .expect("the binary")
        .args(["analyse", "--solve", "--depth", "3"])
        .write_stdin("startpos\n")
        .timeout(TIMEOUT)
        .output()
        .expect("ply-engine runs");
    assert!(!output.status.success());
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains("--solve") && err.contains("--depth"), "{err}");
}
