//! A mock engine for the referee's tests: it speaks the protocol well
//! enough to play (the first legal move, by `ply-engine`'s own rules), and
//! misbehaves in one chosen way after a number of moves.
//!
//! ```text
//! mock_engine --mode good|crash|hang|noready|garbage|illegal|slow|double|flood
//!             [--after N] [--spare K] [--pidfile FILE] [--score CP] [--delay MS]
//! ```
//!
//! - `good`: plays the first legal move, with `info depth 1 score cp <CP>`.
//! - `crash`: exits without a word at its move after N moves.
//! - `hang`: stops answering `go` (and `stop`) after N moves; still answers `isready`.
//! - `noready`: never answers `isready`.
//! - `garbage`: after N moves prints nonsense (some of it not UTF-8) and a
//!   `bestmove` that is no move.
//! - `illegal`: after N moves plays a well-formed but illegal move (an empty pit).
//! - `slow`: after N moves sleeps past its clock (or move time), then answers.
//! - `double`: after N moves answers one `go` with the same `bestmove` twice.
//! - `flood`: after N moves prints 2 MiB without a line end, then waits.
//!
//! With `--delay MS`, every answer to `go` comes MS milliseconds late (a
//! match that lasts long enough to be interrupted).
//!
//! With `--spare K`, every K-th game (counted by `ucinewgame`) is played
//! well, so that results vary.
//!
//! Every process appends its pid to `--pidfile`, so tests can check that
//! none outlives the referee. The counter of moves is per process: a
//! restarted engine starts again at 0.

use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::Duration;

use ply_engine::options::EngineOptions;
use ply_protocol::{Command, GoParams, StartingPosition, parse_command};
use ply_rules::game::{Game, NotationError, Player};
use ply_rules::variant::AnyGame;
use ply_rules::with_game;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Good,
    Crash,
    Hang,
    NoReady,
    Garbage,
    Illegal,
    Slow,
    Double,
    Flood,
}

/// What `flood` prints without a line end: twice the referee's limit.
const FLOOD_BYTES: usize = 2 << 20;

#[derive(Debug)]
struct Settings {
    mode: Mode,
    after: u32,
    spare: Option<u32>,
    score: i32,
    delay: Duration,
}

fn parse_args() -> Result<Settings, String> {
    let mut settings = Settings {
        mode: Mode::Good,
        after: 3,
        spare: None,
        score: 0,
        delay: Duration::ZERO,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{arg} needs a value"));
        match arg.as_str() {
            "--mode" => {
                settings.mode = match value()?.as_str() {
                    "good" => Mode::Good,
                    "crash" => Mode::Crash,
                    "hang" => Mode::Hang,
                    "noready" => Mode::NoReady,
                    "garbage" => Mode::Garbage,
                    "illegal" => Mode::Illegal,
                    "slow" => Mode::Slow,
                    "double" => Mode::Double,
                    "flood" => Mode::Flood,
                    other => return Err(format!("unknown mode {other}")),
                };
            }
            "--after" => settings.after = value()?.parse().map_err(|e| format!("--after: {e}"))?,
            "--spare" => {
                settings.spare = Some(value()?.parse().map_err(|e| format!("--spare: {e}"))?);
            }
            "--delay" => {
                let ms = value()?.parse().map_err(|e| format!("--delay: {e}"))?;
                settings.delay = Duration::from_millis(ms);
            }
            "--score" => settings.score = value()?.parse().map_err(|e| format!("--score: {e}"))?,
            "--pidfile" => {
                let path = value()?;
                let mut file = std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(&path)
                    .map_err(|e| format!("{path}: {e}"))?;
                writeln!(file, "{}", std::process::id()).map_err(|e| e.to_string())?;
            }
            other => return Err(format!("unknown argument {other}")),
        }
    }
    Ok(settings)
}

fn say(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

fn first_legal(game: &AnyGame) -> Option<String> {
    with_game!(game, g => {
        g.moves().first().map(|&mv| g.format_move(mv))
    })
}

/// A well-formed move the rules forbid here: the first empty pit of the
/// side to move, or else a pit number past the board.
fn illegal_move(game: &AnyGame) -> String {
    let mut past_the_board = None;
    for pit in 1..=13 {
        let text = pit.to_string();
        match game.with_moves(&[text.as_str()]) {
            Err(e) if matches!(e.source, NotationError::IllegalMove { .. }) => return text,
            Err(_) => {
                past_the_board.get_or_insert(text);
            }
            Ok(_) => {}
        }
    }
    past_the_board.unwrap_or_else(|| "13".to_owned())
}

/// How long the side to move has (its clock, or the move time), in ms.
fn time_limit(params: &GoParams, side: Player) -> u64 {
    params
        .movetime
        .or(params.time[side.index()])
        .unwrap_or(1000)
}

fn main() -> ExitCode {
    let settings = match parse_args() {
        Ok(settings) => settings,
        Err(e) => {
            eprintln!("mock_engine: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut options = EngineOptions::default();
    let mut position: Option<AnyGame> = None;
    let mut moves_made: u32 = 0;
    let mut games: u32 = 0;
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let Ok(command) = parse_command(&line) else {
            continue;
        };
        match command {
            Command::Hello(dialect) => {
                say(&format!("id name mock {:?}", settings.mode));
                say("id author the Ply tests");
                say(match dialect {
                    ply_protocol::Dialect::Uci => "uciok",
                    ply_protocol::Dialect::Ugi => "ugiok",
                });
            }
            Command::IsReady if settings.mode != Mode::NoReady => say("readyok"),
            Command::SetOption { name, value } => {
                let _ = options.set(&name, value.as_deref());
            }
            Command::NewGame(_) => {
                position = None;
                games += 1;
            }
            Command::Position { start, moves } => {
                // The game options, as a whole, as the engine applies them.
                let _ = options.game.apply_pending();
                let rules = options.game.rules();
                let base = match start {
                    StartingPosition::StartPos => AnyGame::start(&rules).ok(),
                    StartingPosition::Fen(text) => {
                        AnyGame::from_position_string(&rules, &text).ok()
                    }
                };
                position = base.and_then(|b| b.with_moves(&moves).ok());
            }
            Command::Go(params) => {
                let Some(game) = &position else {
                    say("bestmove (none)");
                    continue;
                };
                let spared = settings
                    .spare
                    .is_some_and(|k| k > 0 && games.is_multiple_of(k));
                let misbehave = moves_made >= settings.after && !spared;
                moves_made += 1;
                match settings.mode {
                    Mode::Crash if misbehave => return ExitCode::from(3),
                    Mode::Hang if misbehave => continue,
                    Mode::Garbage if misbehave => {
                        say("this is not a protocol line");
                        let mut out = std::io::stdout().lock();
                        let _ = out.write_all(b"\xff\xfe garbage \x00\x01\n");
                        let _ = out.flush();
                        drop(out);
                        say("bestmove #garbage#");
                        continue;
                    }
                    Mode::Illegal if misbehave => {
                        say(&format!("bestmove {}", illegal_move(game)));
                        continue;
                    }
                    Mode::Slow if misbehave => {
                        let limit = time_limit(&params, game.side_to_move());
                        std::thread::sleep(Duration::from_millis(limit + 300));
                    }
                    Mode::Flood if misbehave => {
                        let mut out = std::io::stdout().lock();
                        let _ = out.write_all(&vec![b'x'; FLOOD_BYTES]);
                        let _ = out.flush();
                        continue;
                    }
                    _ => {}
                }
                std::thread::sleep(settings.delay);
                say(&format!("info depth 1 score cp {} nodes 1", settings.score));
                let answer = match first_legal(game) {
                    Some(mv) => format!("bestmove {mv}"),
                    None => "bestmove (none)".to_owned(),
                };
                say(&answer);
                if settings.mode == Mode::Double && misbehave {
                    say(&answer);
                }
            }
            Command::Quit => break,
            _ => {}
        }
    }
    ExitCode::SUCCESS
}
