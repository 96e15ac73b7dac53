//! The main thread's part of a match: events in, statistics and outputs
//! out. It alone counts games and writes, so the outputs need no lock, and
//! it decides when the match stops (the SPRT, Ctrl-C, a lost engine, an
//! output or engine that fails).

use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crossbeam_channel::{Receiver, RecvTimeoutError};

use super::error::MatchError;
use super::events::Event;
use super::outputs::output_may_go;
use super::shared::Shared;
use super::worker::Workers;
use crate::game::{GameRecord, GameResult};
use crate::output::{MatchEnd, Output};
use crate::schedule::Unit;
use crate::summary::{Report, sprt_status};
use crate::tally::Tally;

/// How often the main thread looks at the Ctrl-C flag.
const POLL: Duration = Duration::from_millis(50);

/// The main thread's part: events in, statistics and outputs out.
pub(super) struct MainLoop<'a> {
    pub(super) shared: &'a Arc<Shared>,
    /// Set by the binary's Ctrl-C (SIGTERM, SIGHUP) handler.
    pub(super) ctrl_c: &'a AtomicBool,
    pub(super) outputs: &'a mut Vec<Box<dyn Output>>,
    pub(super) tally: &'a mut Tally,
    pub(super) report: &'a Report,
    /// Games in the whole match, for the console's "game n of total".
    pub(super) total: u64,
    /// How the match ends, once something has ended it.
    pub(super) end: &'a mut Option<MatchEnd>,
    /// The first failure, which the match reports.
    pub(super) failure: &'a mut Option<MatchError>,
}

impl MainLoop<'_> {
    /// Starts the workers on `units`, handles their events until every
    /// worker has gone, and waits for them. A worker that could not be
    /// started or that panicked fails the match, unless something else
    /// failed it first.
    pub(super) fn play(&mut self, units: Vec<Unit>, concurrency: usize) {
        let (workers, not_started) = Workers::start(self.shared, units, concurrency);
        if let Some(error) = not_started {
            self.failure.get_or_insert(error);
        }
        self.run(&workers.events);
        if let Some(panicked) = workers.join() {
            self.failure.get_or_insert(panicked);
        }
    }

    /// Handles events until every worker has gone, and stops the games
    /// once on Ctrl-C (a second Ctrl-C is the binary's: it kills).
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
        record.match_games = Some(self.total);
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

    /// One worker's event; the first end and the first failure are kept.
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
