//! A whole match: `-concurrency` worker threads take game pairs from a
//! channel and play them, each with its own engine processes (started once
//! per encounter and reused); the main thread gets every game back on
//! another channel, counts it, writes the outputs, and stops the match when
//! the SPRT decides, on Ctrl-C, or when an engine is lost under
//! `-norecover`.

use std::collections::HashSet;
use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::Duration;

use crossbeam_channel::{Receiver, RecvTimeoutError, Sender, bounded, unbounded};
use thiserror::Error;

use crate::config::MatchConfig;
use crate::engine::{EngineError, EngineProcess, EngineSetup, registry};
use crate::game::{Adjudicator, GameRecord, GameResult, GameSpec, play_game};
use crate::openings::{self, Opening, OpeningsError};
use crate::output::{
    Console, MatchEnd, Output, PgnWriter, ResultsError, ResultsWriter, read_results,
};
use crate::report::{Report, sprt_status};
use crate::rules::{MatchRules, RulesError};
use crate::schedule::{Schedule, ScheduleParams, ScheduledGame, Unit};
use crate::stats::{Sprt, SprtError};
use crate::tally::Tally;

/// How often the main thread looks at the Ctrl-C flag.
const POLL: Duration = Duration::from_millis(50);

/// Games in a row in which one engine may crash or stall before the match
/// stops as [`MatchEnd::EngineLost`], although `-recover` restarts it. One
/// fault may be bad luck (a crash in one position, a slow machine) and is
/// what restarting is for; three in a row mean a broken engine (a bad
/// path, a missing network file, a crash at every `go`), whose games would
/// all be lost by default and report a meaningless "completed" match.
pub const MAX_CONSECUTIVE_FAULTS: u32 = 3;

/// A match that cannot be run.
#[derive(Debug, Error)]
pub enum MatchError {
    /// The engines' game options make no game.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// The openings file.
    #[error(transparent)]
    Openings(#[from] OpeningsError),
    /// The results file.
    #[error(transparent)]
    Results(#[from] ResultsError),
    /// The SPRT parameters.
    #[error("-sprt: {0}")]
    Sprt(#[from] SprtError),
    /// The PGN file.
    #[error("cannot write the PGN file '{}': {source}", path.display())]
    Pgn {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// An engine that could not be started.
    #[error("engine '{name}': {source}")]
    Engine {
        /// The engine.
        name: String,
        /// Why.
        source: EngineError,
    },
    /// An output that could not be written.
    #[error("cannot write the match's output: {0}")]
    Output(io::Error),
    /// A worker thread died.
    #[error("a worker thread panicked: {0}")]
    Worker(String),
}

/// What a match did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchSummary {
    /// How it ended.
    pub end: MatchEnd,
    /// Games counted (resumed ones included).
    pub games: u64,
}

/// What workers tell the main thread.
#[derive(Debug)]
enum Event {
    Started {
        game: u64,
        p1: String,
        p2: String,
    },
    /// A finished game, and where to say that it is counted: the worker
    /// waits for that before it starts another game, so that a decision
    /// taken on the count (the SPRT's) stops the match with at most one
    /// game a worker under way, as fastchess does, however fast the games.
    Finished(Box<GameRecord>, Sender<()>),
    EngineLost(String),
    Fatal(MatchError),
    /// A worker stopped because the match's games were interrupted (the
    /// main thread set the flag and knows why).
    Interrupted,
}

/// What every worker reads.
#[derive(Debug)]
struct Shared {
    config: MatchConfig,
    rules: MatchRules,
    openings: Vec<Opening>,
    adjudicator: Adjudicator,
    /// No more games are started.
    stop_scheduling: AtomicBool,
    /// Running games end at once (Interrupt).
    interrupt: AtomicBool,
    /// For each engine of the command line, the finished games in a row
    /// in which it crashed or stalled (over all workers).
    fault_streaks: Mutex<Vec<u32>>,
}

impl Shared {
    fn stop(&self, interrupt_games: bool) {
        self.stop_scheduling.store(true, Ordering::SeqCst);
        if interrupt_games {
            self.interrupt.store(true, Ordering::SeqCst);
        }
    }

    /// Counts, for each engine of a game that just finished, the games in
    /// a row in which it crashed or stalled (it is marked for a restart);
    /// returns why the match must stop once one reaches
    /// [`MAX_CONSECUTIVE_FAULTS`].
    fn note_faults(
        &self,
        encounter: [usize; 2],
        engines: &[Option<EngineProcess>],
    ) -> Option<String> {
        let mut streaks = self
            .fault_streaks
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let mut lost = None;
        for (position, &index) in encounter.iter().enumerate() {
            if position > 0 && index == encounter[0] {
                // One engine on both sides: one game, one count.
                continue;
            }
            let faulted = engines
                .get(index)
                .and_then(Option::as_ref)
                .is_some_and(EngineProcess::needs_restart);
            let Some(streak) = streaks.get_mut(index) else {
                continue;
            };
            *streak = if faulted { streak.saturating_add(1) } else { 0 };
            if *streak >= MAX_CONSECUTIVE_FAULTS && lost.is_none() {
                lost = Some(format!(
                    "engine '{}' crashed or stalled in {} consecutive games; it is not restarted again",
                    self.config.engines[index].name, *streak
                ));
            }
        }
        lost
    }

    fn setup(&self, engine: usize) -> EngineSetup {
        EngineSetup {
            config: self.config.engines[engine].clone(),
            variant: self.config.variant,
            handshake_timeout: self.config.stall_timeout,
        }
    }
}

/// Runs a match to its end, printing to standard output. `ctrl_c` is set
/// by the binary's Ctrl-C handler.
///
/// # Errors
/// [`MatchError`] for what stops a match from starting (bad rules,
/// openings, files, engines that do not start) or from being recorded.
pub fn run_match(config: &MatchConfig, ctrl_c: &AtomicBool) -> Result<MatchSummary, MatchError> {
    run_match_to(config, ctrl_c, Console::stdout())
}

/// [`run_match`] with the console lines going to `console`.
///
/// # Errors
/// As [`run_match`].
pub fn run_match_to(
    config: &MatchConfig,
    ctrl_c: &AtomicBool,
    console: Console,
) -> Result<MatchSummary, MatchError> {
    let rules = MatchRules::from_engines(config.variant, &config.engines)?;
    let openings = openings::load(config.openings.as_ref(), &rules, config.seed)?;
    let mut schedule = Schedule::build(&ScheduleParams {
        engines: config.engines.len(),
        tournament: config.tournament,
        games: config.games,
        rounds: config.rounds,
        repeat: config.repeat,
        no_swap: config.no_swap,
        openings: openings.len(),
    });
    if let Some(shard) = config.shard {
        schedule = schedule.shard(shard);
    }
    let report = Report {
        sprt: config
            .sprt
            .map(|s| Sprt::new(s.elo0, s.elo1, s.alpha, s.beta, s.model))
            .transpose()?,
        by_pairs: config.report_penta,
    };
    let names: Vec<String> = config.engines.iter().map(|e| e.name.clone()).collect();
    let mut tally = Tally::new(&names);

    let mut console = console;
    let done = match &config.results {
        Some(path) if path.exists() => resume(path, &schedule, &names, &openings, &mut tally)?,
        _ => HashSet::new(),
    };
    if let (false, Some(path)) = (done.is_empty(), &config.results) {
        console
            .message(&format!(
                "Resumed {} finished games from {}",
                done.len(),
                path.display()
            ))
            .map_err(MatchError::Output)?;
    }

    let mut outputs: Vec<Box<dyn Output>> = vec![Box::new(console)];
    if let Some(path) = &config.pgn_out {
        let writer = PgnWriter::open(path, rules.options.clone(), &config.event, &config.site)
            .map_err(|source| MatchError::Pgn {
                path: path.clone(),
                source,
            })?;
        outputs.push(Box::new(writer));
    }
    if let Some(path) = &config.results {
        outputs.push(Box::new(ResultsWriter::open(path)?));
    }

    let units: Vec<Unit> = schedule
        .units
        .iter()
        .map(|unit| Unit {
            pair: unit.pair,
            games: unit
                .games
                .iter()
                .filter(|g| !done.contains(&g.number))
                .copied()
                .collect(),
        })
        .filter(|unit| !unit.games.is_empty())
        .collect();

    let adjudicator = Adjudicator {
        draw: config.draw,
        resign: config.resign,
        max_moves: config.max_moves,
    }
    .for_variant(rules.variant());
    let shared = Arc::new(Shared {
        config: config.clone(),
        rules,
        openings,
        adjudicator,
        stop_scheduling: AtomicBool::new(false),
        interrupt: AtomicBool::new(false),
        fault_streaks: Mutex::new(vec![0; config.engines.len()]),
    });

    let mut end: Option<MatchEnd> = None;
    if let Some(sprt) = &report.sprt {
        let (_, decision) = sprt_status(&tally, sprt, report.by_pairs);
        if decision.is_final() {
            end = Some(MatchEnd::Sprt(decision.to_string()));
        }
    }
    let mut failure: Option<MatchError> = None;
    if end.is_none() && !units.is_empty() {
        let (unit_sender, unit_receiver) = unbounded();
        let worker_count = config.concurrency.min(units.len()).max(1);
        for unit in units {
            // The receiver is alive: it is held here until the workers start.
            let _ = unit_sender.send(unit);
        }
        drop(unit_sender);
        let (event_sender, events) = unbounded();
        let mut workers = Vec::new();
        for number in 0..worker_count {
            let shared = Arc::clone(&shared);
            let units = unit_receiver.clone();
            let events = event_sender.clone();
            let spawned = thread::Builder::new()
                .name(format!("worker {}", number + 1))
                .spawn(move || worker(&shared, &units, &events));
            match spawned {
                Ok(handle) => workers.push(handle),
                Err(e) => {
                    failure = Some(MatchError::Worker(e.to_string()));
                    break;
                }
            }
        }
        drop(event_sender);
        drop(unit_receiver);

        let mut main = MainLoop {
            shared: &shared,
            ctrl_c,
            outputs: &mut outputs,
            tally: &mut tally,
            report: &report,
            total: schedule.total_games,
            end: &mut end,
            failure: &mut failure,
        };
        main.run(&events);

        for handle in workers {
            if let Err(panic) = handle.join() {
                let message = panic
                    .downcast_ref::<&str>()
                    .map(|s| (*s).to_owned())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "unknown panic".to_owned());
                failure.get_or_insert(MatchError::Worker(message));
            }
        }
    }
    // Every engine is gone by now; this is the belt to the braces.
    registry::kill_all();

    let end = match (&failure, end) {
        (Some(error), _) => MatchEnd::Failed(error.to_string()),
        (None, end) => end.unwrap_or(MatchEnd::Completed),
    };
    let report_anything = failure.is_none() || tally.games() > 0;
    for output in outputs.iter_mut().filter(|_| report_anything) {
        if let Err(e) = output.on_match_end(&tally, &report, &end) {
            if output_may_go(output.as_ref(), &e, ctrl_c.load(Ordering::SeqCst)) {
                log::warn!("cannot write the console ({e}): the match ends without it");
            } else {
                failure.get_or_insert(MatchError::Output(e));
            }
        }
    }
    if let Some(failure) = failure {
        return Err(failure);
    }
    Ok(MatchSummary {
        end,
        games: tally.games(),
    })
}

/// Counts the games of an existing results file that belong to this match
/// (same game number, same engines on the same sides, same opening) and
/// returns their numbers, so they are not played again.
fn resume(
    path: &std::path::Path,
    schedule: &Schedule,
    names: &[String],
    openings: &[Opening],
    tally: &mut Tally,
) -> Result<HashSet<u64>, MatchError> {
    let scheduled: std::collections::HashMap<u64, &ScheduledGame> =
        schedule.games().map(|g| (g.number, g)).collect();
    let mut done = HashSet::new();
    for record in read_results(path)? {
        let Some(game) = scheduled.get(&record.game) else {
            log::warn!(
                "{}: game {} is not part of this match (or shard); ignored",
                path.display(),
                record.game
            );
            continue;
        };
        let expected = [&names[game.players[0]], &names[game.players[1]]];
        if [&record.p1, &record.p2] != expected {
            log::warn!(
                "{}: game {} was {} vs {}, but this match plays {} vs {}; ignored",
                path.display(),
                record.game,
                record.p1,
                record.p2,
                expected[0],
                expected[1]
            );
            continue;
        }
        let opening = &openings[game.opening];
        if record.opening.fen != opening.start_position.position_string()
            || record.opening.moves != opening.moves
        {
            log::warn!(
                "{}: game {} started from another opening than this match gives it; ignored",
                path.display(),
                record.game
            );
            continue;
        }
        if record.result == GameResult::None || !done.insert(record.game) {
            continue;
        }
        tally.add(&record);
    }
    Ok(done)
}

/// Whether a write error of `output` drops it instead of failing the
/// match: only an expendable output (the console), and only when its
/// reader is gone (EIO from a terminal that hung up, EPIPE from a closed
/// pipe) or the match is being interrupted (Ctrl-C, SIGTERM, SIGHUP), when
/// failing would turn the documented exit status 130 into 1.
fn output_may_go(output: &dyn Output, error: &io::Error, interrupted: bool) -> bool {
    output.expendable() && (interrupted || reader_gone(error))
}

/// Whether a write failed because nobody reads the other end any more.
fn reader_gone(error: &io::Error) -> bool {
    #[cfg(unix)]
    if error.raw_os_error() == Some(libc::EIO) {
        return true;
    }
    error.kind() == io::ErrorKind::BrokenPipe
}

/// The main thread's part: events in, statistics and outputs out.
struct MainLoop<'a> {
    shared: &'a Shared,
    /// Set by the binary's Ctrl-C (SIGTERM, SIGHUP) handler.
    ctrl_c: &'a AtomicBool,
    outputs: &'a mut Vec<Box<dyn Output>>,
    tally: &'a mut Tally,
    report: &'a Report,
    total: u64,
    end: &'a mut Option<MatchEnd>,
    failure: &'a mut Option<MatchError>,
}

impl MainLoop<'_> {
    fn run(&mut self, events: &Receiver<Event>) {
        let mut interrupted = false;
        loop {
            match events.recv_timeout(POLL) {
                Ok(event) => self.handle(event),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => break,
            }
            if !interrupted && self.ctrl_c.load(Ordering::SeqCst) {
                interrupted = true;
                // Not eprintln!, which panics when stderr is gone (after
                // SIGHUP, the terminal may be).
                let _ = writeln!(
                    io::stderr(),
                    "Interrupted: stopping the games and the engines (Ctrl-C again kills them at once)"
                );
                *self.end = Some(MatchEnd::Interrupted);
                self.shared.stop(true);
            }
        }
    }

    /// Writes every output; one that cannot be written fails the match,
    /// unless [`output_may_go`] (the console after a hangup), which is
    /// then dropped and the match goes on.
    fn output(&mut self, write: impl Fn(&mut dyn Output) -> io::Result<()>) {
        let interrupted = self.ctrl_c.load(Ordering::SeqCst);
        let shared = self.shared;
        let failure = &mut *self.failure;
        self.outputs.retain_mut(|output| {
            let Err(e) = write(output.as_mut()) else {
                return true;
            };
            if output_may_go(output.as_ref(), &e, interrupted) {
                log::warn!("cannot write the console ({e}): the match goes on without it");
                return false;
            }
            log::error!("cannot write the output: {e}");
            if failure.is_none() {
                *failure = Some(MatchError::Output(e));
                shared.stop(true);
            }
            true
        });
    }

    /// Counts a finished game (unless it was interrupted), writes it, and
    /// stops the match when the SPRT has decided.
    fn finished(&mut self, mut record: Box<GameRecord>) {
        // The worker may have seen an engine die of the job's
        // signal before the referee's own handler set the flag;
        // once the referee is stopping such a game is interrupted.
        let stopping =
            self.ctrl_c.load(Ordering::SeqCst) || self.shared.interrupt.load(Ordering::SeqCst);
        if stopping && record.ended_by_a_silent_engine() {
            *record = record.into_interrupted();
        }
        self.output(|o| o.on_game_finished(&record));
        if record.result == GameResult::None {
            return;
        }
        self.tally.add(&record);
        let interval = u64::from(self.shared.config.rating_interval);
        let tally = &*self.tally;
        let report = self.report;
        if interval > 0 && tally.games().is_multiple_of(interval) {
            let snapshot = tally.clone();
            self.output(|o| o.on_rating_interval(&snapshot, report));
        }
        if let Some(sprt) = &self.report.sprt {
            let (_, decision) = sprt_status(self.tally, sprt, report.by_pairs);
            if decision.is_final() && self.end.is_none() {
                *self.end = Some(MatchEnd::Sprt(decision.to_string()));
                self.shared.stop(true);
            }
        }
    }

    fn handle(&mut self, event: Event) {
        match event {
            Event::Started { game, p1, p2 } => {
                let total = self.total;
                self.output(|o| o.on_game_started(game, total, &p1, &p2));
            }
            Event::Finished(record, counted) => {
                self.finished(record);
                // The worker is gone only when the match is over.
                let _ = counted.send(());
            }
            Event::EngineLost(why) => {
                if self.end.is_none() {
                    *self.end = Some(MatchEnd::EngineLost(why));
                }
                self.shared.stop(false);
            }
            Event::Fatal(error) => {
                if self.failure.is_none() {
                    *self.failure = Some(error);
                }
                self.shared.stop(true);
            }
            Event::Interrupted => {}
        }
    }
}

/// One worker: takes game pairs until there are none or the match stops.
fn worker(shared: &Shared, units: &Receiver<Unit>, events: &Sender<Event>) {
    let mut engines: Vec<Option<EngineProcess>> =
        (0..shared.config.engines.len()).map(|_| None).collect();
    while !shared.stop_scheduling.load(Ordering::SeqCst) {
        let Ok(unit) = units.try_recv() else {
            break;
        };
        for game in &unit.games {
            if shared.stop_scheduling.load(Ordering::SeqCst) {
                break;
            }
            match play_scheduled(shared, game, &mut engines, events) {
                Ok(record) => {
                    // An interrupted game says nothing about its engines.
                    // Under -norecover the next game stops the match at
                    // the first fault already.
                    let lost = (shared.config.recover && record.result != GameResult::None)
                        .then(|| shared.note_faults(game.encounter, &engines))
                        .flatten();
                    let (counted, is_counted) = bounded(1);
                    if events
                        .send(Event::Finished(Box::new(record), counted))
                        .is_err()
                        || is_counted.recv().is_err()
                    {
                        return;
                    }
                    if let Some(why) = lost {
                        let _ = events.send(Event::EngineLost(why));
                        return;
                    }
                }
                Err(event) => {
                    let _ = events.send(event);
                    return;
                }
            }
        }
    }
}

/// Gets the encounter's engines ready (started, or restarted unless
/// `-norecover`) and plays one game.
fn play_scheduled(
    shared: &Shared,
    game: &ScheduledGame,
    engines: &mut [Option<EngineProcess>],
    events: &Sender<Event>,
) -> Result<GameRecord, Event> {
    // Engines of other encounters are not needed any more: quit them.
    for (index, slot) in engines.iter_mut().enumerate() {
        if !game.encounter.contains(&index) {
            *slot = None;
        }
    }
    for index in game.encounter {
        // An engine start cut short by the interrupt is no engine error:
        // the match is being stopped (Ctrl-C, SPRT, a fatal error).
        let engine_error = |source| match source {
            EngineError::Interrupted => Event::Interrupted,
            source => Event::Fatal(MatchError::Engine {
                name: shared.config.engines[index].name.clone(),
                source,
            }),
        };
        match &mut engines[index] {
            Some(engine) if engine.needs_restart() => {
                if !shared.config.recover {
                    return Err(Event::EngineLost(format!(
                        "engine '{}' crashed or stalled; without -norecover it is restarted and the match goes on",
                        engine.name()
                    )));
                }
                engine.restart(&shared.interrupt).map_err(engine_error)?;
            }
            Some(_) => {}
            None => {
                engines[index] = Some(
                    EngineProcess::start(&shared.setup(index), &shared.interrupt)
                        .map_err(engine_error)?,
                );
            }
        }
    }

    let names = |i: usize| shared.config.engines[i].name.as_str();
    let _ = events.send(Event::Started {
        game: game.number,
        p1: names(game.players[0]).to_owned(),
        p2: names(game.players[1]).to_owned(),
    });
    let opening = &shared.openings[game.opening];
    let spec = GameSpec {
        number: game.number,
        round: game.round,
        pair: game.pair,
        encounter: [names(game.encounter[0]), names(game.encounter[1])],
        opening,
        opening_index: if shared.config.openings.is_some() {
            game.opening + 1
        } else {
            0
        },
        rules: &shared.rules,
        adjudicator: shared.adjudicator,
        stall_timeout: shared.config.stall_timeout,
    };
    let [first, second] = game.players;
    let missing = || Event::Fatal(MatchError::Worker("an engine went missing".to_owned()));
    let mut p1 = engines[first].take().ok_or_else(missing)?;
    let Some(mut p2) = engines[second].take() else {
        engines[first] = Some(p1);
        return Err(missing());
    };
    let record = play_game(&spec, [&mut p1, &mut p2], &shared.interrupt);
    engines[first] = Some(p1);
    engines[second] = Some(p2);
    Ok(record)
}
