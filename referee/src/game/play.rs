//! The loop of one game.
//!
//! `ucinewgame` and `isready` to both engines, then for each move: check
//! the end by the rules, adjudicate, send `position … moves …` and `go`
//! with the limits and both clocks to the side the rules say is to move
//! (in Kalah the same side may move several times in a row), read
//! `bestmove` with a deadline, charge the clock, check the move with the
//! engine library's rules and play it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use ply_protocol::{Command, GoParams, Response, ScoreValue};
use ply_rules::game::{Outcome, Player};
use ply_rules::variant::AnyGame;

use super::adjudication::{Adjudicator, ScoredMove};
use super::clock::Clock;
use super::record::{GameRecord, GameResult, MoveDetail, OpeningRecord, PerSide};
use super::termination::{Adjudication, Termination};
use crate::config::{EngineConfig, Limits};
use jiff::Timestamp;

use crate::date::rfc3339_seconds;
use crate::engine::{EngineError, EngineProcess};
use crate::match_rules::{MatchRules, draw_rule, play_move};
use crate::openings::Opening;

/// An engine's answer to `go`: its move (none for `bestmove (none)`),
/// when `go` went out and the answer came, and its last score and depth.
struct Answer {
    best: Option<String>,
    sent: Instant,
    at: Instant,
    score: Option<ScoreValue>,
    depth: Option<u32>,
}

/// How long an engine that ran out of time may take to answer `stop`
/// before it counts as stalled (and is killed).
pub const STOP_GRACE: Duration = Duration::from_millis(1000);

/// How many unreadable lines of an engine are quoted in a game's reason.
const QUOTED_UNREADABLE: usize = 1;

/// How much of an engine's line a game's reason quotes, in characters.
const QUOTED_LINE_CHARS: usize = 60;

/// Everything about a game but the engines.
#[derive(Clone, Debug)]
pub struct GameSpec<'a> {
    /// Game number in the match.
    pub number: u64,
    /// Round, 1-based.
    pub round: u32,
    /// Game pair, 1-based.
    pub pair: u64,
    /// The encounter's engines, in the match's order.
    pub encounter: [&'a str; 2],
    /// Where the game starts.
    pub opening: &'a Opening,
    /// The opening's number in the order played, 1-based (0: start position).
    pub opening_index: usize,
    /// The rules.
    pub rules: &'a MatchRules,
    /// Adjudication.
    pub adjudicator: Adjudicator,
    /// How long an answer may take when no clock or move time says.
    pub stall_timeout: Duration,
}

/// How the game ended.
#[derive(Clone, Debug)]
struct Ending {
    outcome: Option<Outcome>,
    termination: Termination,
    fault: Option<Player>,
    reason: String,
}

impl Ending {
    fn interrupted() -> Self {
        Self {
            outcome: None,
            termination: Termination::Interrupt,
            fault: None,
            reason: "Interrupted".to_owned(),
        }
    }

    /// `loser` loses by its own fault.
    fn fault(loser: Player, termination: Termination, reason: String) -> Self {
        Self {
            outcome: Some(Outcome::Win(loser.opponent())),
            termination,
            fault: Some(loser),
            reason,
        }
    }
}

/// A game in progress.
struct Game<'s, 'e> {
    spec: &'s GameSpec<'s>,
    players: [&'e mut EngineProcess; 2],
    interrupt: &'s AtomicBool,
    position: AnyGame,
    moves: Vec<String>,
    details: Vec<MoveDetail>,
    history: Vec<ScoredMove>,
    clocks: [Option<Clock>; 2],
    time_used: [Duration; 2],
    unreadable: [(usize, Vec<String>); 2],
}

/// Plays one game; `players[0]` moves first. Never fails: whatever goes
/// wrong ends the game with the [`Termination`] that names it. An engine
/// that crashed or stalled is left marked for a restart.
pub fn play_game(
    spec: &GameSpec<'_>,
    players: [&mut EngineProcess; 2],
    interrupt: &AtomicBool,
) -> GameRecord {
    let started = Timestamp::now();
    let t0 = Instant::now();
    let clocks = [
        players[0].config().limits.time_control.and_then(Clock::new),
        players[1].config().limits.time_control.and_then(Clock::new),
    ];
    let mut game = Game {
        spec,
        players,
        interrupt,
        position: spec.opening.position.clone(),
        moves: spec.opening.moves.clone(),
        details: Vec::new(),
        history: Vec::new(),
        clocks,
        time_used: [Duration::ZERO; 2],
        unreadable: [(0, Vec::new()), (0, Vec::new())],
    };
    let ending = game.run();
    game.record(&ending, &started, t0.elapsed())
}

fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

impl Game<'_, '_> {
    fn side(&self, player: Player) -> &'static str {
        self.spec.rules.variant().side_name(player)
    }

    fn run(&mut self) -> Ending {
        for player in [Player::One, Player::Two] {
            if let Err(ending) = self.new_game(player) {
                return ending;
            }
        }
        loop {
            if self.interrupt.load(Ordering::Relaxed) {
                return Ending::interrupted();
            }
            if let Some(outcome) = self.position.outcome() {
                let reason = match outcome {
                    Outcome::Win(p) => format!("{} wins by the rules", self.side(p)),
                    Outcome::Draw => match draw_rule(&self.position) {
                        Some(rule) => format!("Draw by the rules: {rule}"),
                        None => "Draw by the rules".to_owned(),
                    },
                };
                return Ending {
                    outcome: Some(outcome),
                    termination: Termination::Normal,
                    fault: None,
                    reason,
                };
            }
            if let Some(ending) = self.adjudicate() {
                return ending;
            }
            let mover = self.position.side_to_move();
            if let Err(ending) = self.one_move(mover) {
                return ending;
            }
        }
    }

    /// `ucinewgame`, then `isready` answered in time.
    fn new_game(&mut self, player: Player) -> Result<(), Ending> {
        let deadline = Instant::now() + self.spec.stall_timeout;
        let engine = &mut *self.players[player.index()];
        engine.drain();
        let dialect = engine.config().dialect;
        let result = engine
            .send(&Command::NewGame(dialect))
            .and_then(|()| engine.ping(deadline, self.interrupt));
        result.map_err(|e| self.failure(player, e, "readyok"))
    }

    fn adjudicate(&self) -> Option<Ending> {
        let (kind, outcome) = self
            .spec
            .adjudicator
            .check(&self.history, self.moves.len())?;
        let reason = match (kind, outcome) {
            (Adjudication::Resign, Outcome::Win(winner)) => {
                format!("{} resigns", self.side(winner.opponent()))
            }
            (Adjudication::Draw, _) => "Draw by adjudication".to_owned(),
            (Adjudication::MaxMoves, _) => {
                format!("Draw by adjudication: {} moves played", self.moves.len())
            }
            (Adjudication::Resign, Outcome::Draw) => "Draw by adjudication".to_owned(),
        };
        Some(Ending {
            outcome: Some(outcome),
            termination: Termination::Adjudication(kind),
            fault: None,
            reason,
        })
    }

    /// The ending when talking to `player`'s engine failed while waiting
    /// for `waiting_for`. Once the referee is stopping the match (Ctrl-C,
    /// SIGTERM, an SPRT decision), an engine that stopped answering or
    /// went away is no fault of its own: a signal sent to the whole job
    /// may have reached it first. The game is interrupted, not lost.
    fn failure(&mut self, player: Player, error: EngineError, waiting_for: &str) -> Ending {
        let side = self.side(player);
        let stopping = self.interrupt.load(Ordering::SeqCst);
        let engine = &mut *self.players[player.index()];
        match error {
            EngineError::Interrupted => Ending::interrupted(),
            EngineError::Disconnected | EngineError::OutputClosed | EngineError::Timeout { .. }
                if stopping =>
            {
                engine.mark_broken();
                Ending::interrupted()
            }
            EngineError::Disconnected | EngineError::Spawn { .. } => {
                engine.mark_broken();
                Ending::fault(
                    player,
                    Termination::Disconnect,
                    format!("{side} disconnects (its engine exited)"),
                )
            }
            EngineError::OutputClosed => {
                engine.mark_broken();
                Ending::fault(
                    player,
                    Termination::Disconnect,
                    format!("{side} disconnects (its engine closed its output but still runs)"),
                )
            }
            EngineError::LineTooLong { limit } => {
                engine.mark_broken();
                Ending::fault(
                    player,
                    Termination::IllegalMove,
                    format!(
                        "{side} sends garbage (a line longer than {} MiB while waiting for {waiting_for})",
                        limit >> 20
                    ),
                )
            }
            EngineError::Timeout { after, .. } => {
                engine.mark_broken();
                Ending::fault(
                    player,
                    Termination::Stall,
                    format!(
                        "{side} stalls (no {waiting_for} within {:.1} s)",
                        after.as_secs_f64()
                    ),
                )
            }
        }
    }

    /// The `go` command for `mover`: its own limits, both clocks.
    fn go_params(&self, mover: Player, limits: &Limits) -> GoParams {
        let clock_ms = |p: Player| self.clocks[p.index()].map(|c| millis(c.time_left()));
        let inc_ms = |p: Player| self.clocks[p.index()].map(|c| millis(c.increment()));
        GoParams {
            depth: limits.depth,
            nodes: limits.nodes,
            movetime: limits.movetime.map(millis),
            time: [clock_ms(Player::One), clock_ms(Player::Two)],
            inc: [inc_ms(Player::One), inc_ms(Player::Two)],
            movestogo: self.clocks[mover.index()].and_then(|c| c.moves_to_go()),
            ..GoParams::default()
        }
    }

    /// Asks `mover` for a move and plays it, or says how the game ended.
    fn one_move(&mut self, mover: Player) -> Result<(), Ending> {
        let config = self.players[mover.index()].config().clone();
        // 1. The position and `go`, and the answer by the deadline.
        let answer = self.ask(mover, &config)?;
        // 2. Its time, charged to its clock (or held to its `st`).
        let elapsed = answer.at.saturating_duration_since(answer.sent);
        self.time_used[mover.index()] += elapsed;
        self.charge(mover, &config, elapsed)?;
        // 3. The move, played by the rules and recorded.
        self.play_answer(mover, answer, elapsed)
    }

    /// Sends `mover` the position and `go`, and reads its `bestmove` (with
    /// the last score and depth it gave) by the deadline its limits set.
    fn ask(&mut self, mover: Player, config: &EngineConfig) -> Result<Answer, Ending> {
        let side = self.side(mover);
        let position = Command::Position {
            start: self.spec.opening.start.clone(),
            moves: self.moves.clone(),
        };
        let go = Command::Go(self.go_params(mover, &config.limits));
        let time_limit = self.clocks[mover.index()]
            .map(|c| c.time_left())
            .or(config.limits.movetime);

        let engine = &mut *self.players[mover.index()];
        // A bestmove already waiting was not asked for (a second one after
        // the last answer): read now, it would pass for the answer to
        // this position and be judged as a move in it.
        if let Some(line) = engine.unasked_bestmove() {
            return Err(Ending::fault(
                mover,
                Termination::IllegalMove,
                format!(
                    "{side} sends a second bestmove ('{}') for one go",
                    line.chars().take(QUOTED_LINE_CHARS).collect::<String>()
                ),
            ));
        }
        if let Err(e) = engine.send(&position).and_then(|()| engine.send(&go)) {
            return Err(self.failure(mover, e, "bestmove"));
        }
        let sent = Instant::now();
        let deadline =
            sent + time_limit.map_or(self.spec.stall_timeout, |limit| limit + config.time_margin);
        let mut score: Option<ScoreValue> = None;
        let mut depth: Option<u32> = None;
        let (unreadable_count, unreadable_quotes) = &mut self.unreadable[mover.index()];
        let answer = engine.read_until(deadline, self.interrupt, |line, response| match response {
            Some(Response::BestMove { best, .. }) => Some((best.clone(), line.at)),
            Some(Response::Info(info)) => {
                if let Some(s) = info.score {
                    score = Some(s.value);
                }
                if let Some(d) = info.depth {
                    depth = Some(d);
                }
                None
            }
            Some(_) => None,
            None => {
                if !line.text.trim().is_empty() {
                    *unreadable_count += 1;
                    if unreadable_quotes.len() < QUOTED_UNREADABLE {
                        unreadable_quotes.push(line.text.chars().take(QUOTED_LINE_CHARS).collect());
                    }
                }
                None
            }
        });
        match answer {
            Ok((best, at)) => Ok(Answer {
                best,
                sent,
                at,
                score,
                depth,
            }),
            Err(EngineError::Timeout { .. }) => Err(self.out_of_time(mover, time_limit.is_some())),
            Err(e) => {
                if matches!(e, EngineError::Interrupted) {
                    let _ = self.players[mover.index()].send(&Command::Stop);
                }
                Err(self.failure(mover, e, "bestmove"))
            }
        }
    }

    /// Charges `elapsed` to `mover`'s clock; its flag falls past the clock
    /// (or past its `st`) by more than its margin.
    fn charge(
        &mut self,
        mover: Player,
        config: &EngineConfig,
        elapsed: Duration,
    ) -> Result<(), Ending> {
        let flag_fell = match &mut self.clocks[mover.index()] {
            Some(clock) => !clock.charge(elapsed, config.time_margin),
            None => config
                .limits
                .movetime
                .is_some_and(|st| elapsed > st + config.time_margin),
        };
        if flag_fell {
            return Err(Ending::fault(
                mover,
                Termination::TimeForfeit,
                format!("{} loses on time", self.side(mover)),
            ));
        }
        Ok(())
    }

    /// Plays `mover`'s answer by the rules and records it (its move in the
    /// rules' spelling, its score, depth and time).
    fn play_answer(
        &mut self,
        mover: Player,
        answer: Answer,
        elapsed: Duration,
    ) -> Result<(), Ending> {
        let side = self.side(mover);
        let Some(text) = answer.best else {
            return Err(Ending::fault(
                mover,
                Termination::IllegalMove,
                format!("{side} makes an illegal move: 'bestmove (none)' but the game is not over"),
            ));
        };
        // The rules' spelling of the move, not the engine's, goes into the
        // records and the next `position … moves`.
        let mv = match play_move(&mut self.position, &text) {
            Ok(canonical) => canonical,
            Err(error) => {
                return Err(Ending::fault(
                    mover,
                    Termination::IllegalMove,
                    format!("{side} makes an illegal move: {error}"),
                ));
            }
        };
        let score = answer.score;
        self.details.push(MoveDetail {
            mv: mv.clone(),
            side: match mover {
                Player::One => "p1",
                Player::Two => "p2",
            }
            .to_owned(),
            cp: match score {
                Some(ScoreValue::Centi(cp)) => Some(cp),
                _ => None,
            },
            mate: match score {
                Some(ScoreValue::Mate(n)) => Some(n),
                _ => None,
            },
            depth: answer.depth,
            time_ms: millis(elapsed),
        });
        self.history.push(ScoredMove {
            player: mover,
            score,
        });
        self.moves.push(mv);
        Ok(())
    }

    /// No `bestmove` by the deadline: `stop`, and a short wait for the
    /// answer. An engine that answers lost on time (or, without a time
    /// limit, stalled); one that does not has stalled and is killed.
    fn out_of_time(&mut self, mover: Player, timed: bool) -> Ending {
        let side = self.side(mover);
        let stall = self.spec.stall_timeout.as_secs_f64();
        let engine = &mut *self.players[mover.index()];
        let answered = engine.send(&Command::Stop).and_then(|()| {
            engine.read_until(
                Instant::now() + STOP_GRACE,
                self.interrupt,
                |_, response| matches!(response, Some(Response::BestMove { .. })).then_some(()),
            )
        });
        match answered {
            Ok(()) if timed => Ending::fault(
                mover,
                Termination::TimeForfeit,
                format!("{side} loses on time"),
            ),
            Ok(()) => Ending::fault(
                mover,
                Termination::Stall,
                format!("{side} stalls (no bestmove within {stall:.1} s)"),
            ),
            Err(EngineError::Timeout { .. }) => {
                engine.mark_broken();
                let within = if timed {
                    "in time".to_owned()
                } else {
                    format!("within {stall:.1} s")
                };
                Ending::fault(
                    mover,
                    Termination::Stall,
                    format!("{side} stalls (no bestmove {within}, nor after stop)"),
                )
            }
            Err(e) => self.failure(mover, e, "bestmove"),
        }
    }

    fn record(&self, ending: &Ending, started: &Timestamp, duration: Duration) -> GameRecord {
        let spec = self.spec;
        let mut reason = ending.reason.clone();
        if let Some(player) = ending.fault {
            let (count, quotes) = &self.unreadable[player.index()];
            if *count > 0 {
                let quote = quotes
                    .first()
                    .map_or(String::new(), |q| format!(", e.g. '{q}'"));
                reason.push_str(&format!(
                    "; it printed {count} unreadable line{}{quote}",
                    if *count == 1 { "" } else { "s" }
                ));
            }
        }
        let result = GameResult::from_outcome(ending.outcome);
        let name = |p: Player| self.players[p.index()].name().to_owned();
        let limits = |p: Player| self.players[p.index()].config().limits.to_string();
        GameRecord {
            game: spec.number,
            round: spec.round,
            pair: spec.pair,
            match_games: None,
            engines: [spec.encounter[0].to_owned(), spec.encounter[1].to_owned()],
            p1: name(Player::One),
            p2: name(Player::Two),
            variant: spec.rules.variant().name().to_owned(),
            opening: OpeningRecord::of(spec.opening, spec.opening_index),
            result,
            score: result.pgn().to_owned(),
            termination: ending.termination.name().to_owned(),
            adjudication: ending
                .termination
                .adjudication()
                .map(|a| a.name().to_owned()),
            reason,
            fault: ending.fault.map(name),
            moves: self.moves.clone(),
            plies: self.moves.len(),
            details: self.details.clone(),
            final_fen: self.position.position_string(),
            time_ms: PerSide {
                p1: millis(self.time_used[0]),
                p2: millis(self.time_used[1]),
            },
            limits: PerSide {
                p1: limits(Player::One),
                p2: limits(Player::Two),
            },
            started: rfc3339_seconds(*started),
            duration_ms: millis(duration),
            guesses: self.position.guesses().map(|(guesses, _)| guesses),
            solved: self.position.guesses().map(|(_, solved)| solved),
        }
    }
}
