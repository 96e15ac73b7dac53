//! Many search threads on few cores stay correct: `Threads 8` (more
//! threads than this machine's cores) plays legal moves in every board
//! game, answers `stop` promptly and never deadlocks, whether the search
//! is stopped, timed or given a fixed depth.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::thread;
use std::time::{Duration, Instant};

/// How long any answer may take before the test calls it a deadlock: far
/// beyond any search asked for here (the answers come in milliseconds),
/// so a slow machine never fails the test, a hung engine always does.
const DEADLOCK: Duration = Duration::from_secs(30);

/// One engine process, its output read line by line on a thread.
struct Engine {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Self {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ply-engine"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the engine starts");
        let input = child.stdin.take().expect("stdin");
        let output = child.stdout.take().expect("stdout");
        let (sender, lines) = channel();
        thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Self {
            child,
            input,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").expect("the engine reads its input");
    }

    /// The lines up to and including the first that starts with `prefix`.
    fn until(&mut self, prefix: &str) -> Vec<String> {
        let deadline = Instant::now() + DEADLOCK;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let done = line.starts_with(prefix);
                    seen.push(line);
                    if done {
                        return seen;
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    panic!("no '{prefix}' within {DEADLOCK:?} (deadlock?); seen: {seen:?}")
                }
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("the engine ended before '{prefix}'; seen: {seen:?}")
                }
            }
        }
    }

    /// The legal moves of the current position, by `go perft 1`.
    fn legal_moves(&mut self) -> Vec<String> {
        self.send("go perft 1");
        self.until("Nodes searched")
            .iter()
            .filter(|line| !line.starts_with("info") && line.contains(':'))
            .filter_map(|line| line.rsplit_once(':').map(|(mv, _)| mv.to_string()))
            .collect()
    }

    /// The move of the `bestmove` line that ends `lines`.
    fn best_move(lines: &[String]) -> String {
        let last = lines.last().expect("a bestmove line");
        last.split_whitespace()
            .nth(1)
            .expect("bestmove names a move")
            .to_string()
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.child.wait();
    }
}

/// The games, each set up with `Threads 8`, and a few moves into each to
/// search from besides the start.
const GAMES: [(&str, &[&str], &str); 3] = [
    ("kalah", &["setoption name Seeds value 6"], "3 1 4"),
    ("oware", &[], "1 2 3"),
    ("russian", &[], "c3-d4 f6-g5 g3-h4"),
];

#[test]
fn eight_threads_play_legal_moves_and_stop_at_once() {
    for (variant, setup, moves) in GAMES {
        let mut engine = Engine::start();
        engine.send("uci");
        engine.until("uciok");
        engine.send(&format!("setoption name UCI_Variant value {variant}"));
        for line in setup {
            engine.send(line);
        }
        engine.send("setoption name Threads value 8");
        engine.send("setoption name Hash value 16");
        for position in [
            "position startpos".to_string(),
            format!("position startpos moves {moves}"),
        ] {
            engine.send(&position);
            let legal = engine.legal_moves();
            assert!(!legal.is_empty(), "{variant}: {position}");

            // 1. Stopped from outside while every thread is searching.
            engine.send("go infinite");
            thread::sleep(Duration::from_millis(150));
            let asked = Instant::now();
            engine.send("stop");
            let answer = engine.until("bestmove");
            let waited = asked.elapsed();
            eprintln!("{variant}, {position}: bestmove {waited:?} after stop");
            let mv = Engine::best_move(&answer);
            assert!(legal.contains(&mv), "{variant}: {mv} not in {legal:?}");

            // 2. Timed: the threads stop themselves.
            engine.send("go movetime 100");
            let mv = Engine::best_move(&engine.until("bestmove"));
            assert!(legal.contains(&mv), "{variant}: {mv} not in {legal:?}");

            // 3. A fixed depth: whichever thread finishes it first ends the
            //    search; the depths reported only grow and reach it.
            engine.send("go depth 9");
            let lines = engine.until("bestmove");
            let mv = Engine::best_move(&lines);
            assert!(legal.contains(&mv), "{variant}: {mv} not in {legal:?}");
            let depths: Vec<u32> = lines
                .iter()
                .filter_map(|line| line.strip_prefix("info depth "))
                .filter_map(|rest| rest.split_whitespace().next()?.parse().ok())
                .collect();
            assert!(
                depths.windows(2).all(|w| w[0] < w[1]),
                "{variant}: {depths:?}"
            );
            assert_eq!(depths.last(), Some(&9), "{variant}: {depths:?}");
        }
        engine.send("isready");
        engine.until("readyok");
    }
}
