//! What every worker reads, and the flags by which the main loop stops
//! them: one value behind an `Arc`, so that a worker needs no copy of the
//! openings or the rules.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};

use crate::config::MatchConfig;
use crate::engine::{EngineProcess, EngineSetup};
use crate::game::Adjudicator;
use crate::match_rules::MatchRules;
use crate::openings::Opening;

/// Games in a row in which one engine may crash or stall before the match
/// stops as [`MatchEnd::EngineLost`](crate::output::MatchEnd::EngineLost),
/// although `-recover` restarts it. One
/// fault may be bad luck (a crash in one position, a slow machine) and is
/// what restarting is for; three in a row mean a broken engine (a bad
/// path, a missing network file, a crash at every `go`), whose games would
/// all be lost by default and report a meaningless "completed" match.
pub const MAX_CONSECUTIVE_FAULTS: u32 = 3;

/// What every worker reads.
#[derive(Debug)]
pub(super) struct Shared {
    pub(super) config: MatchConfig,
    pub(super) rules: MatchRules,
    pub(super) openings: Vec<Opening>,
    pub(super) adjudicator: Adjudicator,
    /// No more games are started.
    pub(super) stop_scheduling: AtomicBool,
    /// Running games end at once (Interrupt).
    pub(super) interrupt: AtomicBool,
    /// For each engine of the command line, the finished games in a row
    /// in which it crashed or stalled (over all workers).
    fault_streaks: Mutex<Vec<u32>>,
}

impl Shared {
    /// The state of a match about to start: nothing stopped, no faults,
    /// and the adjudication rules of the command line for its game.
    pub(super) fn new(config: &MatchConfig, rules: MatchRules, openings: Vec<Opening>) -> Self {
        let adjudicator = Adjudicator {
            draw: config.draw,
            resign: config.resign,
            max_moves: config.max_moves,
        }
        .for_variant(rules.variant());
        Self {
            config: config.clone(),
            rules,
            openings,
            adjudicator,
            stop_scheduling: AtomicBool::new(false),
            interrupt: AtomicBool::new(false),
            fault_streaks: Mutex::new(vec![0; config.engines.len()]),
        }
    }

    /// Starts no more games and, with `interrupt_games`, ends the running
    /// ones at once (Ctrl-C, a decided SPRT, a fatal error); without it the
    /// running games are finished (an engine lost: the others' games count).
    pub(super) fn stop(&self, interrupt_games: bool) {
        self.stop_scheduling.store(true, Ordering::SeqCst);
        if interrupt_games {
            self.interrupt.store(true, Ordering::SeqCst);
        }
    }

    /// Counts, for each engine of a game that just finished, the games in
    /// a row in which it crashed or stalled (it is marked for a restart);
    /// returns why the match must stop once one reaches
    /// [`MAX_CONSECUTIVE_FAULTS`].
    pub(super) fn note_faults(
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

    /// How to start the command line's engine number `engine` for this
    /// match's game.
    pub(super) fn setup(&self, engine: usize) -> EngineSetup {
        EngineSetup {
            config: self.config.engines[engine].clone(),
            variant: self.config.variant,
            handshake_timeout: self.config.stall_timeout,
        }
    }
}
