//! The worker threads: each takes game pairs from a channel and plays
//! them with its own engine processes, started once per encounter and
//! reused (restarted after a crash or stall unless `-norecover`), and
//! tells the main loop what happens as [`Event`]s.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::thread::{self, JoinHandle};

use crossbeam_channel::{Receiver, Sender, bounded, unbounded};

use super::error::MatchError;
use super::events::Event;
use super::shared::Shared;
use crate::engine::{EngineError, EngineProcess};
use crate::game::{GameRecord, GameResult, GameSpec, play_game};
use crate::schedule::{ScheduledGame, Unit};

/// The running workers and the channel on which they report.
pub(super) struct Workers {
    handles: Vec<JoinHandle<()>>,
    /// Disconnected once every worker has gone.
    pub(super) events: Receiver<Event>,
}

impl Workers {
    /// Starts `concurrency` workers (no more than there are game pairs, at
    /// least one) on `units`. A worker that cannot be started is returned
    /// as the match's failure; those started play on, and the main loop
    /// waits for them.
    pub(super) fn start(
        shared: &Arc<Shared>,
        units: Vec<Unit>,
        concurrency: usize,
    ) -> (Self, Option<MatchError>) {
        let (unit_sender, unit_receiver) = unbounded();
        let worker_count = concurrency.min(units.len()).max(1);
        for unit in units {
            // The receiver is alive: it is held here until the workers start.
            let _ = unit_sender.send(unit);
        }
        drop(unit_sender);
        let (event_sender, events) = unbounded();
        let mut handles = Vec::new();
        let mut failure = None;
        for number in 0..worker_count {
            let shared = Arc::clone(shared);
            let units = unit_receiver.clone();
            let events = event_sender.clone();
            let spawned = thread::Builder::new()
                .name(format!("worker {}", number + 1))
                .spawn(move || worker(&shared, &units, &events));
            match spawned {
                Ok(handle) => handles.push(handle),
                Err(e) => {
                    failure = Some(MatchError::Worker(e.to_string()));
                    break;
                }
            }
        }
        (Self { handles, events }, failure)
    }

    /// Waits for every worker; returns the first that panicked, as the
    /// match's failure.
    pub(super) fn join(self) -> Option<MatchError> {
        let mut failure = None;
        for handle in self.handles {
            if let Err(panic) = handle.join() {
                let message = panic
                    .downcast_ref::<&str>()
                    .map(|s| (*s).to_owned())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "unknown panic".to_owned());
                failure.get_or_insert(MatchError::Worker(message));
            }
        }
        failure
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
            let went_on = match play_scheduled(shared, game, &mut engines, events) {
                Ok(record) => report_finished(shared, game, &engines, record, events),
                Err(event) => {
                    let _ = events.send(event);
                    false
                }
            };
            if !went_on {
                return;
            }
        }
    }
}

/// Hands a finished game to the main loop and waits until it is counted
/// (see [`Event::Finished`]); then reports an engine lost to its faults.
/// Returns whether the worker may play on.
fn report_finished(
    shared: &Shared,
    game: &ScheduledGame,
    engines: &[Option<EngineProcess>],
    record: GameRecord,
    events: &Sender<Event>,
) -> bool {
    // An interrupted game says nothing about its engines.
    // Under -norecover the next game stops the match at
    // the first fault already.
    let lost = (shared.config.recover && record.result != GameResult::None)
        .then(|| shared.note_faults(game.encounter, engines))
        .flatten();
    let (counted, is_counted) = bounded(1);
    if events
        .send(Event::Finished(Box::new(record), counted))
        .is_err()
        || is_counted.recv().is_err()
    {
        return false;
    }
    if let Some(why) = lost {
        let _ = events.send(Event::EngineLost(why));
        return false;
    }
    true
}

/// Gets the encounter's engines ready (started, or restarted unless
/// `-norecover`) and plays one game.
fn play_scheduled(
    shared: &Shared,
    game: &ScheduledGame,
    engines: &mut [Option<EngineProcess>],
    events: &Sender<Event>,
) -> Result<GameRecord, Event> {
    ready_engines(shared, game.encounter, engines)?;
    let names = |i: usize| shared.config.engines[i].name.as_str();
    let _ = events.send(Event::Started {
        game: game.number,
        p1: names(game.players[0]).to_owned(),
        p2: names(game.players[1]).to_owned(),
    });
    let spec = GameSpec {
        number: game.number,
        round: game.round,
        pair: game.pair,
        encounter: [names(game.encounter[0]), names(game.encounter[1])],
        opening: &shared.openings[game.opening],
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

/// Quits the engines of other encounters (not needed any more) and starts
/// or restarts the two of `encounter`; an engine that needs a restart under
/// `-norecover` loses the match instead.
fn ready_engines(
    shared: &Shared,
    encounter: [usize; 2],
    engines: &mut [Option<EngineProcess>],
) -> Result<(), Event> {
    for (index, slot) in engines.iter_mut().enumerate() {
        if !encounter.contains(&index) {
            *slot = None;
        }
    }
    for index in encounter {
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
    Ok(())
}
