//! Many search threads on few cores stay correct: `Threads 8` (more
//! threads than this machine's cores) plays legal moves in every board
//! game, answers `stop` promptly and never deadlocks, whether the search
//! is stopped, timed or given a fixed depth. The engine is driven by the
//! project's one engine client (`ply-client`), as the referee and the
//! front ends drive it.

use std::thread;
use std::time::{Duration, Instant};

use ply_client::{Engine, Spawn, Stderr};
use ply_protocol::{Command, GoParams, Response, StartingPosition};

/// How long any answer may take before the test calls it a deadlock: far
/// beyond any search asked for here (the answers come in milliseconds),
/// so a slow machine never fails the test, a hung engine always does.
const DEADLOCK: Duration = Duration::from_secs(30);

/// One game the test plays: its name, its setup options and a few moves
/// into it to search from besides the start.
struct GameCase {
    variant: &'static str,
    options: &'static [(&'static str, &'static str)],
    moves: &'static [&'static str],
}

const GAMES: [GameCase; 3] = [
    GameCase {
        variant: "kalah",
        options: &[("Seeds", "6")],
        moves: &["3", "1", "4"],
    },
    GameCase {
        variant: "oware",
        options: &[],
        moves: &["1", "2", "3"],
    },
    GameCase {
        variant: "russian",
        options: &[],
        moves: &["c3-d4", "f6-g5", "g3-h4"],
    },
];

fn set(engine: &mut Engine, name: &str, value: &str) {
    engine
        .send(&Command::SetOption {
            name: name.to_owned(),
            value: Some(value.to_owned()),
        })
        .expect("the engine reads its input");
}

/// The legal moves of the current position, by `go perft 1`.
fn legal_moves(engine: &mut Engine) -> Vec<String> {
    engine.send(&Command::Perft(1)).expect("perft sent");
    let mut moves = Vec::new();
    engine
        .read_until(
            Some(Instant::now() + DEADLOCK),
            None,
            "the perft total",
            |_, response| match response {
                Some(Response::PerftMove { mv, .. }) => {
                    moves.push(mv.clone());
                    None
                }
                Some(Response::PerftTotal(_)) => Some(()),
                _ => None,
            },
        )
        .expect("a perft total (deadlock?)");
    moves
}

/// Sends `go` and waits for `bestmove`: the move and the depths of the
/// `info` lines before it.
fn search(engine: &mut Engine, go: GoParams, stop_after: Option<Duration>) -> (String, Vec<u32>) {
    engine.send(&Command::Go(go)).expect("go sent");
    if let Some(wait) = stop_after {
        thread::sleep(wait);
        engine.send(&Command::Stop).expect("stop sent");
    }
    let asked = Instant::now();
    let mut depths = Vec::new();
    let best = engine
        .read_until(
            Some(asked + DEADLOCK),
            None,
            "bestmove",
            |_, response| match response {
                Some(Response::Info(info)) => {
                    depths.extend(info.depth);
                    None
                }
                Some(Response::BestMove { best, .. }) => Some(best.clone()),
                _ => None,
            },
        )
        .expect("a bestmove (deadlock?)")
        .expect("a move: the game is not over");
    if stop_after.is_some() {
        eprintln!("bestmove {:?} after stop", asked.elapsed());
    }
    (best, depths)
}

#[test]
fn eight_threads_play_legal_moves_and_stop_at_once() {
    for GameCase {
        variant,
        options,
        moves,
    } in GAMES
    {
        let mut spawn = Spawn::new(env!("CARGO_BIN_EXE_ply-engine"));
        spawn.stderr = Stderr::Log;
        let mut engine = Engine::spawn(&spawn).expect("the engine starts");
        engine.handshake(DEADLOCK, None).expect("uciok");
        set(&mut engine, "UCI_Variant", variant);
        for (name, value) in options {
            set(&mut engine, name, value);
        }
        set(&mut engine, "Threads", "8");
        set(&mut engine, "Hash", "16");
        for played in [&[][..], moves] {
            let position = Command::Position {
                start: StartingPosition::StartPos,
                moves: played.iter().map(|mv| (*mv).to_owned()).collect(),
            };
            engine.send(&position).expect("position sent");
            let legal = legal_moves(&mut engine);
            assert!(!legal.is_empty(), "{variant} after {played:?}");

            // 1. Stopped from outside while every thread is searching.
            let infinite = GoParams {
                infinite: true,
                ..GoParams::default()
            };
            let (mv, _) = search(&mut engine, infinite, Some(Duration::from_millis(150)));
            assert!(legal.contains(&mv), "{variant}: {mv} not in {legal:?}");

            // 2. Timed: the threads stop themselves.
            let timed = GoParams {
                movetime: Some(100),
                ..GoParams::default()
            };
            let (mv, _) = search(&mut engine, timed, None);
            assert!(legal.contains(&mv), "{variant}: {mv} not in {legal:?}");

            // 3. A fixed depth: whichever thread finishes it first ends the
            //    search; the depths reported never fall and reach it (a
            //    helper's line of the main thread's last depth, with a
            //    better score, may follow the main thread's own).
            let fixed = GoParams {
                depth: Some(9),
                ..GoParams::default()
            };
            let (mv, depths) = search(&mut engine, fixed, None);
            assert!(legal.contains(&mv), "{variant}: {mv} not in {legal:?}");
            assert!(
                depths.windows(2).all(|w| w[0] <= w[1]),
                "{variant}: {depths:?}"
            );
            assert_eq!(depths.last(), Some(&9), "{variant}: {depths:?}");
        }
        engine
            .ping(Instant::now() + DEADLOCK, None)
            .expect("readyok");
        engine.shutdown(DEADLOCK);
    }
}
