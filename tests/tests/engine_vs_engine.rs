//! Two `ply-engine` processes play whole Kalah games against each other
//! through the protocol, every move checked by the engine library's rules,
//! as a referee would do it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use ply_protocol::{Response, parse_response};
use ply_rules::game::{Game, Outcome, Player};
use ply_rules::games::kalah::{Kalah, KalahRules};

/// How long an engine may take to answer before the test fails.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(30);

/// An engine process with a line reader on its stdout.
struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Self {
        let mut child = Command::new(ply_tests::binary("ply-engine"))
            .env("XDG_CACHE_HOME", ply_tests::NO_CACHE)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("ply-engine starts");
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Self {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("engine reads its stdin");
    }

    /// Reads lines until one parses as a response `pick` accepts.
    fn wait_for<T>(&mut self, mut pick: impl FnMut(Response) -> Option<T>) -> T {
        loop {
            let line = self
                .lines
                .recv_timeout(ANSWER_TIMEOUT)
                .expect("engine answers in time");
            if let Some(found) = parse_response(&line).ok().and_then(&mut pick) {
                return found;
            }
        }
    }

    fn best_move(&mut self, position: &str) -> Option<String> {
        self.send(position);
        self.send("go nodes 3000");
        self.wait_for(|r| match r {
            Response::BestMove { best, .. } => Some(best),
            _ => None,
        })
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.child.wait();
    }
}

#[test]
fn two_engines_play_kalah_to_the_end_with_legal_moves() {
    let rules = KalahRules::new(6, 4, false).expect("Kalah(6,4) is playable");
    let mut engines = [Engine::start(), Engine::start()];
    for engine in &mut engines {
        engine.send("ugi");
        engine.wait_for(|r| (r == Response::HelloOk(ply_protocol::Dialect::Ugi)).then_some(()));
        engine.send("setoption name Seeds value 4");
        engine.send("uginewgame");
    }

    let mut game = Kalah::start(rules).expect("start position");
    let mut moves: Vec<String> = Vec::new();
    while game.outcome().is_none() {
        let mover = &mut engines[game.side_to_move().index()];
        let position = format!("position startpos moves {}", moves.join(" "));
        let text = mover
            .best_move(&position)
            .expect("a move while the game is on");
        let mv = game
            .parse_move(&text)
            .unwrap_or_else(|e| panic!("engine played {text}: {e}"));
        game.play(mv);
        moves.push(text);
        assert!(moves.len() < 500, "the game must end");
    }

    // The engines agree with the library on how it ended.
    let engine = &mut engines[0];
    engine.send(&format!("position startpos moves {}", moves.join(" ")));
    engine.send("query result");
    let answer = engine.wait_for(|r| match r {
        Response::QueryResponse(text) => Some(text),
        _ => None,
    });
    let expected = match game.outcome() {
        Some(Outcome::Win(Player::One)) => "p1win",
        Some(Outcome::Win(Player::Two)) => "p2win",
        _ => "draw",
    };
    assert_eq!(answer, expected);
    let last = engine.best_move("isready");
    assert_eq!(last, None, "bestmove (none) once the game is over");
}
